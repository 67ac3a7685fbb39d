/**
 * The variable substitution of `clusterctl generate cluster`, as CAPI v1.12's simple processor
 * (`cmd/clusterctl/client/yamlprocessor/simple_processor.go`) runs drone/envsubst @179042472c46 (`parse/parse.go`,
 * `template.go`, `funcs.go`):
 * - `${ VAR }`, `${ VAR}`, `${VAR }` are first rewritten to `${VAR}` (convertLegacyVars);
 * - `${VAR}`; `${VAR:=d}`, `${VAR:-d}`, `${VAR:?d}`, `${VAR:+d}` and `${VAR=d}` all give the value, or `d` when the value
 *   is EMPTY or unset (every one maps to toDefault); `d` may hold `${OTHER}`;
 * - `${VAR-d}` (no colon) is a parse error, "missing closing brace"; `${}` "unable to parse variable name";
 * - a variable is required unless its FIRST use has a non-empty default (`${A:=}` is required); a later use's default
 *   still applies where it is written;
 * - `$$` is a literal `$`; a bare `$VAR` is text.
 * drone's other functions (`${#A}`, `${A:1:2}`, `${A,,}`, `${A/x/y}`, `${A#p}`, …) are not modelled: the stand-in
 * refuses them rather than substitute differently.
 */

export interface TemplateVariable {
  name: string;
  /** The default of the variable's first use (`${VAR:=d}`), when it has a non-empty one. */
  defaultValue?: string;
}

export class MissingVariablesError extends Error {
  constructor(readonly variables: string[]) {
    super(
      `value for variables [${variables.join(', ')}] is not set. Please set the value using os environment variables or the clusterctl config file`,
    );
  }
}

/** A drone/envsubst parse error (clusterctl prints its text as is). */
export class SubstitutionSyntaxError extends Error {}

type Node = { text: string } | { name: string; args: Node[] | undefined };

/** `${ VAR }` → `${VAR}` (simple_processor.go legacyVariableRegEx). */
function convertLegacyVars(template: string): string {
  return template.replace(
    /(\$\{(\s+([A-Za-z0-9_$]+)\s+)\})|(\$\{(\s+([A-Za-z0-9_$]+))\})|(\$\{(([A-Za-z0-9_$]+)\s+)\})/g,
    (match) => match.replace(/\s/g, ''),
  );
}

const IDENT = /[\p{L}\p{Nd}_]/u;

/** drone/envsubst's parse tree: text and functions (top level), the default's parts inside a function. */
function parse(template: string): Node[] {
  let i = 0;
  const nodes: Node[] = [];
  let text = '';
  const parseFunc = (): Node => {
    // `${` already consumed.
    if (template[i] === '#') throw unmodelled(template, i);
    let name = '';
    while (i < template.length && IDENT.test(template[i]!)) name += template[i++];
    if (!name) throw new SubstitutionSyntaxError('unable to parse variable name');
    const next = template[i];
    if (next === '}') {
      i++;
      return { name, args: undefined };
    }
    let operator = false;
    if (next === ':' && '=-?+'.includes(template[i + 1] ?? '')) {
      i += 2;
      operator = true;
    } else if (next === '=') {
      i += 1;
      operator = true;
    } else if (next !== undefined && ':,^/#%'.includes(next)) throw unmodelled(template, i);
    if (!operator) throw new SubstitutionSyntaxError('missing closing brace');
    const args: Node[] = [];
    let part = '';
    while (true) {
      if (i >= template.length) throw new SubstitutionSyntaxError('missing closing brace');
      if (template[i] === '}') {
        i++;
        break;
      }
      if (template[i] === '$' && template[i + 1] === '{') {
        if (part) args.push({ text: part });
        part = '';
        i += 2;
        args.push(parseFunc());
        continue;
      }
      part += template[i++];
    }
    if (part) args.push({ text: part });
    return { name, args };
  };
  while (i < template.length) {
    const c = template[i]!;
    if (c === '$' && template[i + 1] === '$') {
      text += '$';
      i += 2;
    } else if (c === '$' && template[i + 1] === '{') {
      if (text) nodes.push({ text });
      text = '';
      i += 2;
      nodes.push(parseFunc());
    } else {
      text += c;
      i++;
    }
  }
  if (text) nodes.push({ text });
  return nodes;
}

function unmodelled(template: string, at: number): Error {
  const start = template.lastIndexOf('${', at);
  return new Error(
    `the sandbox clusterctl does not model drone/envsubst's function in ${template.slice(start, template.indexOf('}', at) + 1)}: use \${VAR} or \${VAR:=default}`,
  );
}

/** The default string the simple processor records for a use: its parts, a nested variable written back as `${X}`. */
const defaultOf = (args: Node[] | undefined) =>
  (args ?? []).map((a) => ('text' in a ? a.text : `\${${a.name}}`)).join('');

/** The variables of a template, sorted by name, each with its first use's default (traverse in simple_processor.go). */
export function templateVariables(template: string): TemplateVariable[] {
  const found = new Map<string, TemplateVariable>();
  for (const node of parse(convertLegacyVars(template))) {
    if ('text' in node || found.has(node.name)) continue;
    const defaultValue = defaultOf(node.args);
    found.set(node.name, defaultValue ? { name: node.name, defaultValue } : { name: node.name });
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Substitutes every reference; throws MissingVariablesError naming each variable that has neither a value nor a
 * default at its first use. `lookup` answers undefined for a variable that is not set (an empty string is set).
 */
export function substitute(template: string, lookup: (name: string) => string | undefined): string {
  const converted = convertLegacyVars(template);
  const missing = templateVariables(converted).filter(
    (v) => v.defaultValue === undefined && lookup(v.name) === undefined,
  );
  if (missing.length > 0) throw new MissingVariablesError(missing.map((v) => v.name));
  const evaluate = (node: Node): string => {
    if ('text' in node) return node.text;
    const value = lookup(node.name) ?? '';
    // toDefault: the joined arguments replace an empty value.
    return value === '' && node.args && node.args.length > 0 ? node.args.map(evaluate).join('') : value;
  };
  return parse(converted).map(evaluate).join('');
}
