import type { z } from 'zod';

/**
 * A mistake the user can fix (bad config, missing file, failed precondition). Entry points print
 * only its message, never a stack trace; anything else is a bug and keeps its stack.
 */
export class UserError extends Error {
  override readonly name: string = 'UserError';
}

/**
 * A refusal to change or forget what the run cannot see (no tofu state, a destroy that destroyed
 * nothing): nothing was changed, and running the same command again refuses again until what the
 * message names is put right, so no "resume" advice goes with it.
 */
export class RefusalError extends UserError {
  override readonly name = 'RefusalError';
}

/** The command line or action inputs are wrong (unknown flag, bad value): the documented exit 2. */
export class UsageError extends UserError {
  override readonly name = 'UsageError';
}

/** The run was cancelled (SIGINT/SIGTERM): exit 130, as shells report a Ctrl-C. */
export class InterruptedError extends Error {
  override readonly name = 'InterruptedError';
  constructor(message = 'interrupted') {
    super(message);
  }
}

/**
 * The process exit codes, defined once for the CLI and documented in the README. `findings`: a check
 * ran and found drift or a health problem (the check itself succeeded).
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, findings: 3, interrupted: 130 } as const;

/** The exit code an error stands for: from its type, never from its message. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof InterruptedError) return EXIT.interrupted;
  return EXIT.failed;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A zod type name in words, as a user editing YAML or JSON thinks of it. */
const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'a mapping',
  array: 'a list',
  undefined: 'nothing',
  null: 'null',
};
const inWords = (type: string) => TYPE_WORDS[type] ?? type;

/**
 * One issue in plain words. zod's own messages read like the validator ("Invalid input: expected string, received
 * undefined"); ours (a schema's `error`) are kept as written. `meaning` says what the field is for.
 */
function plainIssue(where: string, issue: z.core.$ZodIssue, meaning: string | undefined): string {
  const what = meaning ? `, ${meaning}` : '';
  const type = /^Invalid input: expected (\w+), received (\w+)$/.exec(issue.message);
  if (issue.code === 'invalid_type' && type) {
    const [, expected, received] = type as unknown as [string, string, string];
    if (received === 'undefined') return `missing: ${where} (${inWords(expected)}${what})`;
    return `${where}${meaning ? ` (${meaning})` : ''}: must be ${inWords(expected)}, not ${inWords(received)}`;
  }
  const value = /^Invalid (?:input|option): expected (?:one of )?(.+)$/.exec(issue.message);
  if (issue.code === 'invalid_value' && value) {
    const choices = value[1]!.split('|').map((choice) => choice.trim());
    const must = choices.length > 1 ? `one of ${choices.join(', ')}` : choices[0];
    return `${where}: must be ${must}${meaning ? ` (${meaning})` : ''}`;
  }
  return `${where}: ${issue.message}`;
}

/**
 * Formats zod issues as one message naming every bad field by its dotted path, in plain words: on one line for
 * a single issue (`<source> is invalid: users.0.user: must be a mapping, not a list`), else one line each.
 * `meanings` (by dotted path) says what a field is for, for a file people write by hand.
 */
export function formatIssues(
  source: string,
  issues: readonly z.core.$ZodIssue[],
  meanings: Readonly<Record<string, string>> = {},
): string {
  const lines = issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return plainIssue(path || '(top level)', issue, meanings[path]);
  });
  return lines.length === 1
    ? `${source} is invalid: ${lines[0]}`
    : `${source} is invalid:\n${lines.map((line) => `  - ${line}`).join('\n')}`;
}

/** Several problems as a list under one line, as invalid config fields are: not bare lines after the error. */
export function problemsError(problems: readonly string[]): UserError | undefined {
  if (problems.length === 0) return undefined;
  return new UserError(
    problems.length === 1
      ? problems[0]!
      : `${problems.length} problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
}
