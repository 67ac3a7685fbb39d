import { createRequire } from 'node:module';
import type { Node, Parser } from 'web-tree-sitter';

/**
 * The HCL parser the product uses for OpenTofu files (tree-sitter's HCL grammar, see
 * src/core/targets.ts), for tests that read OpenTofu code: blocks with their labels, attributes and
 * nested blocks, `dynamic "x" { content { … } }` read as the block it generates.
 */
let parser: Promise<Parser> | undefined;

function loadParser(): Promise<Parser> {
  parser ??= (async () => {
    const require = createRequire(import.meta.url);
    const { Parser, Language } = require('web-tree-sitter') as typeof import('web-tree-sitter');
    await Parser.init();
    const p = new Parser();
    p.setLanguage(await Language.load(require.resolve('@tree-sitter-grammars/tree-sitter-hcl/tree-sitter-hcl.wasm')));
    return p;
  })();
  return parser;
}

export interface HclBlock {
  type: string;
  labels: string[];
  /** Attribute name → its expression's source text. */
  attributes: Map<string, string>;
  blocks: HclBlock[];
  line: number;
}

export interface HclFile {
  blocks: HclBlock[];
  /** Syntax errors as `line:column`, empty when the file parses. */
  errors: string[];
}

function labelText(node: Node): string {
  return node.type === 'string_lit' ? node.text.slice(1, -1) : node.text;
}

function readBody(body: Node | null): { attributes: Map<string, string>; blocks: HclBlock[] } {
  const attributes = new Map<string, string>();
  const blocks: HclBlock[] = [];
  for (const child of body?.namedChildren ?? []) {
    if (!child) continue;
    if (child.type === 'attribute') {
      const [name, expression] = child.namedChildren;
      if (name && expression) attributes.set(name.text, expression.text);
    } else if (child.type === 'block') blocks.push(readBlock(child));
  }
  return { attributes, blocks };
}

function readBlock(node: Node): HclBlock {
  const named = node.namedChildren.filter((n): n is Node => n !== null);
  const type = named[0]!.text;
  const labels = named
    .filter((n) => n.type === 'string_lit' || n.type === 'identifier')
    .slice(1)
    .map(labelText);
  const { attributes, blocks } = readBody(named.find((n) => n.type === 'body') ?? null);
  // dynamic "name" { for_each = …; content { … } } generates blocks "name" with content's body.
  if (type === 'dynamic') {
    const content = blocks.find((b) => b.type === 'content');
    return {
      type: labels[0]!,
      labels: [],
      attributes: content?.attributes ?? new Map(),
      blocks: content?.blocks ?? [],
      line: node.startPosition.row + 1,
    };
  }
  return { type, labels, attributes, blocks, line: node.startPosition.row + 1 };
}

export async function parseHcl(text: string): Promise<HclFile> {
  const tree = (await loadParser()).parse(text);
  if (!tree) throw new Error('the HCL parser returned nothing');
  const errors: string[] = [];
  const visit = (node: Node) => {
    if (node.isError || node.isMissing) errors.push(`${node.startPosition.row + 1}:${node.startPosition.column + 1}`);
    else if (node.hasError) for (const child of node.children) if (child) visit(child);
  };
  visit(tree.rootNode);
  const body = tree.rootNode.namedChildren.find((n) => n?.type === 'body') ?? null;
  const { blocks } = readBody(body);
  tree.delete();
  return { blocks, errors };
}
