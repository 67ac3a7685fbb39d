import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A digest of everything the bundles are built from: src/, the lockfile and the build configs. */
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
  files.push('package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts/bundle.mjs');
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0');
  return hash.digest('hex');
}
