import { data, Evaluator, Lexer, Parser } from '@actions/expressions';
import { truthy } from '@actions/expressions/result';

/** Evaluates a GitHub Actions expression (without `${{ }}`) with GitHub's own evaluator; contexts are plain JSON. */
export function evaluate(expression: string, contexts: Record<string, unknown>): data.ExpressionData {
  const lexed = new Lexer(expression).lex();
  const parsed = new Parser(lexed.tokens, Object.keys(contexts), []).parse();
  return new Evaluator(parsed, JSON.parse(JSON.stringify(contexts), data.reviver)).evaluate();
}

/**
 * A step's or job's `if:` as GitHub reads it: `${{ }}` optional. GitHub adds an implicit `success() &&` when the
 * condition has no status function; callers stop at the first failure, so that part always holds here.
 */
export function condition(value: string | boolean | undefined, contexts: Record<string, unknown>): boolean {
  if (value === undefined) return true;
  if (typeof value === 'boolean') return value;
  const m = /^\s*\$\{\{([\s\S]*)\}\}\s*$/.exec(value);
  return truthy(evaluate(m ? m[1]! : value, contexts));
}

/** A string with `${{ … }}` parts (an env value, a job output) as the runner expands it. */
export function interpolate(value: string, contexts: Record<string, unknown>): string {
  return value.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expression: string) =>
    evaluate(expression, contexts).coerceString(),
  );
}
