import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import { sourceDigest } from '../../scripts/source-digest.mjs';
import { ROOT } from '../support/action-runner.js';

describe('dist/', () => {
  it('was bundled from the current sources (run `npm run bundle` and commit dist/)', () => {
    const recorded = readFileSync(path.join(ROOT, 'dist', 'source-digest.txt'), 'utf8').trim();
    expect(recorded, 'dist/ is stale: run `npm run bundle` and commit dist/').toBe(
      (sourceDigest as (root: string) => string)(ROOT),
    );
  });
});
