#!/usr/bin/env node
// The import graph of src/ against the layering the code is kept in: each folder imports only from folders below
// it, no import cycles, and nothing outside steps/ reaches into a step file except through the step list. Run by
// `npm run lint`; exits 1 naming each offending import. `--stats` also prints the figures of the graph.
//   node scripts/check-imports.mjs [--root DIR] [--stats]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The layers of src/, top first. A file may import from its own folder or from any folder of a lower layer;
 * folders sharing a layer do not import each other.
 */
export const LAYERS = [
  ['src/actions', 'src/cli'],
  ['src/github'],
  ['src/core/engine'],
  ['src/core/steps'],
  ['src/core/capi'],
  ['src/core/tofu'],
  ['src/core/kubespray'],
  ['src/core/model'],
  ['src/core/openstack', 'src/core/kube'],
  ['src/core/lib'],
];

/** The one step file that other folders may import: the step list. */
const STEP_LIST = 'src/core/steps/index.ts';
const STEPS = 'src/core/steps/';

const IMPORT_PATTERNS = [
  /^\s*(?:import|export)\b[^;]*?\bfrom\s+['"]([^'"]+)['"]/gm,
  /^\s*import\s+['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

function sourceFiles(root, dir) {
  const out = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourceFiles(root, rel));
    else if (/\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

function resolveImport(root, from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.mjs$/, '.mts'),
    `${base}.ts`,
    `${base}/index.ts`,
  ];
  for (const candidate of candidates) {
    try {
      if (statSync(path.join(root, candidate)).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** file -> the files of src/ it imports. */
export function importGraph(root) {
  const graph = new Map();
  for (const file of sourceFiles(root, 'src').sort()) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const targets = new Set();
    for (const pattern of IMPORT_PATTERNS) {
      for (const match of text.matchAll(pattern)) {
        const target = resolveImport(root, file, match[1]);
        if (target?.startsWith('src/')) targets.add(target);
      }
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

function folderOf(file) {
  for (const [rank, layer] of LAYERS.entries()) {
    for (const folder of layer) if (file.startsWith(`${folder}/`)) return { folder, rank };
  }
  return undefined;
}

/** Strongly connected components of more than one file (or a file importing itself): the import cycles. */
export function cycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (start) => {
    // Iterative Tarjan: the graph is small, but recursion depth should not depend on it.
    const work = [[start, 0]];
    indices.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        frame[1]++;
        const next = edges[i];
        if (!indices.has(next)) {
          indices.set(next, index);
          low.set(next, index++);
          stack.push(next);
          onStack.add(next);
          work.push([next, 0]);
        } else if (onStack.has(next)) {
          low.set(node, Math.min(low.get(node), indices.get(next)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === indices.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

/** Imports that break the layering: upward or sideways between folders, files outside every folder, step files. */
export function layerViolations(graph) {
  const problems = [];
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (!from) {
      problems.push(`${file}: not in any folder of the layering (scripts/check-imports.mjs LAYERS)`);
      continue;
    }
    for (const target of targets) {
      const to = folderOf(target);
      if (!to || to.folder === from.folder) continue;
      if (to.rank <= from.rank) {
        problems.push(`${file} imports ${target}: ${to.folder}/ is not below ${from.folder}/`);
      } else if (target.startsWith(STEPS) && target !== STEP_LIST) {
        problems.push(
          `${file} imports the step file ${target}: import the step list (${STEP_LIST}) or move the helper below steps/`,
        );
      }
    }
  }
  return problems;
}

/** The longest chain of imports (in files), on the graph with each cycle taken as one node. */
export function longestChain(graph) {
  const memo = new Map();
  const visiting = new Set();
  const chainFrom = (node) => {
    if (memo.has(node)) return memo.get(node);
    if (visiting.has(node)) return [];
    visiting.add(node);
    let best = [];
    for (const next of graph.get(node) ?? []) {
      const chain = chainFrom(next);
      if (chain.length > best.length) best = chain;
    }
    visiting.delete(node);
    const result = [node, ...best];
    memo.set(node, result);
    return result;
  };
  let longest = [];
  for (const node of graph.keys()) {
    const chain = chainFrom(node);
    if (chain.length > longest.length) longest = chain;
  }
  return longest;
}

function main(argv) {
  const rootFlag = argv.indexOf('--root');
  const root = rootFlag >= 0 ? path.resolve(argv[rootFlag + 1] ?? '.') : process.cwd();
  const graph = importGraph(root);
  const found = cycles(graph);
  const problems = [...found.map((cycle) => `import cycle: ${cycle.join(' <-> ')}`), ...layerViolations(graph)];
  if (argv.includes('--stats')) {
    const chain = longestChain(graph);
    const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
    console.log(`files: ${graph.size}, imports: ${edges}, cycles: ${found.length}`);
    console.log(`longest import chain: ${chain.length} files: ${chain.join(' -> ')}`);
  }
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`${problems.length} import problem(s): see the layering at the top of scripts/check-imports.mjs`);
    process.exit(1);
  }
  console.log(`imports: ${graph.size} files, no cycles, every import points down`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
