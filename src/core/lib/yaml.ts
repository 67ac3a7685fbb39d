import { Composer, type Document, isMap, isScalar, isSeq, Lexer, LineCounter, Parser } from 'yaml';
import { UserError } from './errors.js';
import { displayPath, type FileKind, readTextFile, refuseOversize } from './files.js';

/**
 * The one way YAML from outside is read: cluster configs, kubeconfigs, clouds.yaml. Bounded in
 * size, nesting and alias expansion, linear in time, single-document, duplicate keys refused, and
 * no error quotes the source text (a kubeconfig's or clouds.yaml's secrets would reach the log).
 */

const MiB = 1024 * 1024;
export const CONFIG_FILE: FileKind = { noun: 'config file', plural: 'config files', maxBytes: MiB };
export const CLOUDS_YAML: FileKind = { noun: 'clouds.yaml', plural: 'clouds.yaml files', maxBytes: MiB };
/** Larger: a kubeconfig with many clusters, or embedded CA bundles, is legitimately big. */
export const KUBECONFIG_FILE: FileKind = { noun: 'kubeconfig', plural: 'kubeconfigs', maxBytes: 16 * MiB };

/**
 * Collections nested deeper than this are refused before the yaml package composes them: its
 * composer and toJS recurse, and a stack overflow inside V8's regexp compiler aborts the process
 * outright. Real configs nest about ten levels.
 */
export const MAX_NESTING = 100;
/** Alias expansion bound ("billion laughs"); the yaml package's default, stated here on purpose. */
const MAX_ALIAS_COUNT = 100;
/** YAML allows tab, LF and CR among the C0 controls; the rest (and DEL) mean binary or a mangled file. */
const FORBIDDEN_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

export interface ParsedYaml {
  /** The syntax tree, with source ranges (for edits that keep every other byte). */
  document: Document.Parsed;
  /** The plain JavaScript value. */
  value: unknown;
}

class NestedTooDeep extends Error {
  constructor(readonly offset: number) {
    super('nested too deep');
  }
}

/**
 * Parses one YAML document from `text`; `source` names it in messages (e.g. "kubeconfig /x").
 * Throws a UserError for text over the kind's size limit, control characters, syntax errors,
 * several documents, nesting beyond MAX_NESTING, duplicate keys and alias bombs.
 */
export function parseYaml(text: string, source: string, kind: FileKind): ParsedYaml {
  refuseOversize(source, Buffer.byteLength(text), kind);
  const lines = new LineCounter();
  const at = (offset: number) => {
    const { line, col } = lines.linePos(offset);
    return `line ${line}, column ${col}`;
  };
  const control = FORBIDDEN_CONTROL.exec(text);
  if (control) {
    const line = text.slice(0, control.index).split('\n').length;
    const code = `U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    throw new UserError(`${source} is not valid YAML: control character ${code} at line ${line} (a binary file?)`);
  }

  const parser = new Parser(lines.addNewLine);
  // The yaml package's own duplicate check compares each key with every earlier one: quadratic.
  const composer = new Composer({ uniqueKeys: false, logLevel: 'error' });
  let document: Document.Parsed | undefined;
  try {
    for (const doc of composer.compose(boundedTokens(parser, lines, text), true, text.length)) {
      if (document)
        throw new UserError(
          `${source} holds more than one YAML document (another starts at ${at(doc.range[0])}); give one`,
        );
      document = doc;
    }
  } catch (error) {
    if (error instanceof NestedTooDeep)
      throw new UserError(`${source} nests collections more than ${MAX_NESTING} levels deep (at ${at(error.offset)})`);
    throw error;
  }
  // compose(…, forceDoc = true) yields a document even for empty text.
  const doc = document!;
  const syntaxError = doc.errors[0];
  if (syntaxError)
    throw new UserError(`${source} is not valid YAML: ${syntaxError.message} at ${at(syntaxError.pos[0])}`);
  refuseDuplicateKeys(doc, source, at);
  try {
    return { document: doc, value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (error) {
    if (error instanceof ReferenceError && /alias/i.test(error.message)) {
      throw new UserError(
        `${source}: aliases (*name) expand to too much data (over ${MAX_ALIAS_COUNT} copies); write the values out`,
      );
    }
    throw error;
  }
}

/**
 * What Parser.parse does, refusing nesting beyond MAX_NESTING as it goes: the parser keeps one
 * stack entry a level, iteratively, so the depth is known before anything recurses.
 */
function* boundedTokens(parser: Parser, lines: LineCounter, text: string) {
  lines.addNewLine(0);
  for (const lexeme of new Lexer().lex(text)) {
    yield* parser.next(lexeme);
    if (parser.stack.length > MAX_NESTING) throw new NestedTooDeep(parser.offset);
  }
  yield* parser.end();
}

/**
 * One Set per mapping, in one pass over the tree (iterative: the depth is bounded, but the walk
 * need not rely on it). Keys are compared as toJS will write them, so `1` and `"1"` collide too.
 */
function refuseDuplicateKeys(doc: Document.Parsed, source: string, at: (offset: number) => string): void {
  const pending: unknown[] = [doc.contents];
  while (pending.length > 0) {
    const node = pending.pop();
    if (isMap(node)) {
      const seen = new Map<string, number>();
      for (const { key, value } of node.items) {
        pending.push(key, value);
        if (!isScalar(key)) continue;
        const name = key.value === null ? '' : String(key.value);
        const offset = key.range?.[0] ?? 0;
        const first = seen.get(name);
        if (first !== undefined) {
          const shown = name.length > 60 ? `${name.slice(0, 57)}...` : name;
          throw new UserError(
            `${source} is not valid YAML: duplicate key ${JSON.stringify(shown)} at ${at(offset)} (first at ${at(first)})`,
          );
        }
        seen.set(name, offset);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) pending.push(item);
    }
  }
}

/** What a parsed YAML value is, for "must be a mapping, but it is …". */
function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value === 'object' ? 'value of another kind' : typeof value}`;
}

/** parseYaml for documents whose top level must be a mapping (configs, kubeconfigs, clouds.yaml). */
export function parseYamlMapping(
  text: string,
  source: string,
  kind: FileKind,
): ParsedYaml & { value: Record<string, unknown> } {
  const parsed = parseYaml(text, source, kind);
  const { value } = parsed;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UserError(
      `${source} must be a YAML mapping (key: value) at the top level, but it is ${describeValue(value)}`,
    );
  }
  return { document: parsed.document, value: value as Record<string, unknown> };
}

/** Reads (readTextFile's checks) and parses a YAML file whose top level is a mapping. */
export function readYamlMapping(file: string, kind: FileKind): ParsedYaml & { value: Record<string, unknown> } {
  return parseYamlMapping(readTextFile(file, kind), displayPath(file), kind);
}
