import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * The root module's variables declared `sensitive = true`. TF_VAR_<name> sets only the root
 * module's variables, so the cluster directory's own `.tf` and `.tf.json` files are all there is to
 * read. Read leniently: a file tofu would refuse is tofu's to report, not ours.
 */
export async function sensitiveVariables(clusterDir: string): Promise<Set<string>> {
  const names = new Set<string>();
  const files = await fs.readdir(clusterDir).catch(() => [] as string[]);
  // Only the code: the directory also holds state and plan files, read for nothing at every start otherwise.
  for (const file of files.filter((name) => name.endsWith('.tf') || name.endsWith('.tf.json'))) {
    const text = await fs.readFile(path.join(clusterDir, file), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    if (file.endsWith('.tf')) for (const name of sensitiveInHcl(text)) names.add(name);
    else if (file.endsWith('.tf.json')) for (const name of sensitiveInJson(text)) names.add(name);
  }
  return names;
}

/** `variable "x" { … sensitive = true … }` blocks of HCL, comments and strings skipped. */
export function sensitiveInHcl(text: string): string[] {
  const code = text.replace(/"(?:[^"\\\n]|\\.)*"|#[^\n]*|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (token) =>
    token.startsWith('"') ? token : ' ',
  );
  const names: string[] = [];
  const start = /(^|\n)\s*variable\s+"([^"]+)"\s*\{/g;
  for (let match = start.exec(code); match; match = start.exec(code)) {
    let depth = 1;
    let at = start.lastIndex;
    for (; at < code.length && depth > 0; at++) {
      const c = code[at];
      if (c === '"') at = closingQuote(code, at);
      else if (c === '{') depth++;
      else if (c === '}') depth--;
    }
    const body = code.slice(start.lastIndex, depth === 0 ? at - 1 : at);
    if (/(^|\n)\s*sensitive\s*=\s*true\b/.test(body)) names.push(match[2]!);
    start.lastIndex = at;
  }
  return names;
}

function closingQuote(code: string, open: number): number {
  for (let at = open + 1; at < code.length; at++) {
    if (code[at] === '\\') at++;
    else if (code[at] === '"') return at;
  }
  return code.length;
}

/** `{"variable": {"x": {"sensitive": true}}}` of a .tf.json file. */
function sensitiveInJson(text: string): string[] {
  try {
    const variables = (JSON.parse(text) as { variable?: unknown }).variable;
    if (!variables || typeof variables !== 'object') return [];
    return Object.entries(variables as Record<string, unknown>)
      .filter(([, v]) => typeof v === 'object' && v !== null && (v as { sensitive?: unknown }).sensitive === true)
      .map(([name]) => name);
  } catch {
    return [];
  }
}
