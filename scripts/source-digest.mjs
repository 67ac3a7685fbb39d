import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The production part of the lockfile: dev-only packages (test and lint tools) never reach a bundle,
 * so adding one must not mark dist/ stale.
 */
function productionLock(root) {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const packages = {};
  for (const [name, entry] of Object.entries(lock.packages ?? {})) {
    if (entry.dev) continue;
    packages[name] = name === '' ? { dependencies: entry.dependencies ?? {} } : entry;
  }
  return JSON.stringify(packages);
}

/** A digest of everything the bundles are built from: src/, the production dependencies and the build configs. */
export function sourceDigest(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.ts')) files.push(rel);
    }
  };
  walk('src');
  files.sort();
  files.push('tsconfig.json', 'tsconfig.build.json', 'scripts/bundle.mjs');
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  hash.update('package-lock.json').update('\0').update(productionLock(root));
  return hash.digest('hex');
}
