// Rebuilds dist/: compiles src/ with tsc (ncc cannot drive TypeScript 7), then bundles each action
// entrypoint with ncc into dist/<entry>/index.js. Run with `npm run bundle`; dist/ is committed.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { sourceDigest } from './source-digest.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });

/** dist folder → compiled entry (relative to lib/). */
export const ENTRIES = {
  deploy: 'actions/deploy/index.js',
  preflight: 'actions/preflight/index.js',
  tofu: 'actions/tofu/index.js',
  kubespray: 'actions/kubespray/index.js',
  'normalize-kubeconfig': 'actions/normalize-kubeconfig/index.js',
  'wait-ready': 'actions/wait-ready/index.js',
  kubeconfig: 'actions/kubeconfig/index.js',
  'plan-comment': 'actions/plan-comment/index.js',
  cli: 'cli/main.js',
};

rmSync(path.join(root, 'lib'), { recursive: true, force: true });
run(bin('tsc'), ['-p', 'tsconfig.build.json']);
rmSync(path.join(root, 'dist'), { recursive: true, force: true });
for (const [name, entry] of Object.entries(ENTRIES)) {
  run(bin('ncc'), ['build', path.join('lib', entry), '-o', path.join('dist', name), '--license', 'licenses.txt', '--quiet']);
}
// Lets the test suite see cheaply whether dist/ is stale (check-dist.yml does the full rebuild and diff).
writeFileSync(path.join(root, 'dist', 'source-digest.txt'), `${sourceDigest(root)}\n`);
