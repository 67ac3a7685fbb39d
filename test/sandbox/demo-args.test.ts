import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/action-runner.js';

/** `npm run demo -- …` with careless arguments: exit 2, one error line and the usage, never a stack trace. */
describe('npm run demo arguments', () => {
  const rows: [name: string, args: string[], error: string][] = [
    [
      'an unknown method',
      ['--method', 'none'],
      'error: --method: "none" is not a method the demo runs; use kubespray (the default) or cluster-api',
    ],
    ['--method without a value', ['--method'], "error: Option '--method <value>' argument missing"],
    ['an unknown option', ['--methd', 'cluster-api'], "error: Unknown option '--methd'"],
  ];
  it.each(rows)('%s', (_name, args, error) => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'examples', 'sandbox', 'demo.ts'), ...args],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n').slice(0, 2)).toEqual([
      error,
      'usage: npm run demo [-- --method kubespray|cluster-api]',
    ]);
    expect(result.stderr).not.toMatch(/\n\s+at |TypeError/);
    expect(result.stdout).toBe(''); // nothing started
  });
});
