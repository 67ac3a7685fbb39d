// One entry through ncc, then whitespace and comments out of every chunk with esbuild: how scripts/bundle.mjs builds
// dist/ and how `npm run bench` builds its floor (a bundle of @actions/core alone), so both pay the same loader.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { transformSync } from 'esbuild';

/** Bundles `entry` into `outDir` (both relative to `root`, or absolute); ncc's own chunks land beside its index.js. */
export function nccBundle(root, entry, outDir) {
  execFileSync(
    path.join(root, 'node_modules', '.bin', 'ncc'),
    ['build', entry, '-o', outDir, '--license', 'licenses.txt', '--quiet'],
    { cwd: root, stdio: 'inherit' },
  );
  // Whitespace and comments out, names and code as they are: every start reads, decodes and compiles the chunks it
  // loads, and a third of their bytes is indentation and comments (~15 ms of a step's start, npm run bench).
  const dir = path.resolve(root, outDir);
  for (const file of readdirSync(dir)) {
    if (!/\.m?js$/.test(file)) continue;
    const full = path.join(dir, file);
    const { code } = transformSync(readFileSync(full, 'utf8'), {
      minifyWhitespace: true,
      format: 'esm',
      legalComments: 'none', // ncc's licenses.txt carries them
      target: 'node20',
    });
    writeFileSync(full, code);
  }
}
