// Builds test/data/kubespray-<tag>-variables.json: the names of the variables a Kubespray release
// defines, as top-level keys of its role defaults and vars (roles/**/defaults/**, roles/**/vars/**)
// and of its sample inventory's group_vars, commented-out examples included (Kubespray documents
// optional variables, such as loadbalancer_apiserver, only there). Our own list of facts; the
// module's rendered group_vars are checked against it. Run after moving the pinned Kubespray:
//   node scripts/reference-data/kubespray-variables.mjs <git dir of kubespray> v2.31.0
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [gitDir, tag] = process.argv.slice(2);
if (!gitDir || !/^v\d+\.\d+\.\d+$/.test(tag ?? '')) {
  console.error('usage: node scripts/reference-data/kubespray-variables.mjs <git dir> vX.Y.Z');
  process.exit(2);
}
const git = (...args) => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
const commit = git('rev-parse', `${tag}^{commit}`).trim();
const files = git('ls-tree', '-r', '--name-only', commit)
  .split('\n')
  .filter(
    (f) =>
      /\.ya?ml$/.test(f) && (/^roles\/.*\/(defaults|vars)\//.test(f) || /^inventory\/sample\/group_vars\//.test(f)),
  );
const variables = {};
for (const file of files) {
  const commented = file.startsWith('inventory/sample/');
  for (const line of git('show', `${commit}:${file}`).split('\n')) {
    const m = (commented ? /^#?\s?([a-z_][a-z0-9_]*):(\s|$)/ : /^([a-z_][a-z0-9_]*):(\s|$)/).exec(line);
    if (!m) continue;
    variables[m[1]] ??= new Set();
    variables[m[1]].add(file);
  }
}
const out = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'test',
  'data',
  `kubespray-${tag}-variables.json`,
);
const sorted = Object.fromEntries(
  Object.keys(variables)
    .sort()
    .map((name) => [name, [...variables[name]].sort()[0]]),
);
writeFileSync(
  out,
  `${JSON.stringify({ project: 'kubernetes-sigs/kubespray', version: tag, commit, source: 'top-level keys of roles/**/defaults/**, roles/**/vars/** and inventory/sample/group_vars/** (commented examples included); value: one file that defines it', variables: sorted }, null, 1)}\n`,
);
console.log(`${out}: ${Object.keys(sorted).length} variables from ${files.length} files`);
