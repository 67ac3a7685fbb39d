import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/action-runner.js';

/**
 * docs/security.md names, for each claim, the test that proves it: a test file and test titles in
 * quotes. Those must exist, so the threat model cannot go on citing a test that was renamed or removed.
 */
const page = readFileSync(path.join(ROOT, 'docs/security.md'), 'utf8');
const normalise = (text: string) => text.replace(/[’‘]/g, "'").replace(/`/g, '').replace(/\s+/g, ' ').trim();

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('docs/security.md cites tests that exist', () => {
  it('every test file it names exists', () => {
    const files = [...new Set([...page.matchAll(/`(test\/[\w./-]+\.test\.ts)`/g)].map((m) => m[1]!))];
    expect(files.length).toBeGreaterThan(8);
    for (const file of files) expect(existsSync(path.join(ROOT, file)), file).toBe(true);
  });

  it('every test title it quotes is the title (or the start of one) of a test', () => {
    const titles = testFiles(path.join(ROOT, 'test'))
      .map((file) => readFileSync(file, 'utf8'))
      .flatMap((source) => [
        ...source.matchAll(/\b(?:it|describe)(?:\.each\([^)]*\)|\.concurrent)?\(\s*(['"`])((?:\\.|(?!\1).)*)\1/gs),
      ])
      .map((m) => normalise(m[2]!.replace(/\\(.)/g, '$1')));
    const quoted = [...page.matchAll(/"([^"]+)"/g)].map((m) => normalise(m[1]!)).filter((q) => q.includes(' '));
    expect(quoted.length).toBeGreaterThan(10);
    const missing = quoted.filter((q) => !titles.some((title) => title.includes(q)));
    expect(missing).toEqual([]);
  });
});
