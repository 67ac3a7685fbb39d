import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SANDBOX_USAGE } from '../../examples/sandbox/sandbox.js';
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
    ['--dir without --keep', ['--dir', '/tmp'], 'error: --dir is where a kept sandbox runs: give it with --keep'],
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
      'usage: npm run demo [-- --method kubespray|cluster-api] [--keep [--dir DIR]]',
    ]);
    expect(result.stderr).not.toMatch(/\n\s+at |TypeError/);
    expect(result.stdout).toBe(''); // nothing started
  });
});

/** `npm run sandbox -- …` likewise; nothing starts and nothing stops. */
describe('npm run sandbox arguments', () => {
  const rows: [name: string, args: string[], error: string][] = [
    [
      'an unknown method',
      ['--method', 'none'],
      'error: --method: "none" is not a method the sandbox runs; use kubespray (the default) or cluster-api',
    ],
    ['an unknown command', ['stpo'], 'error: unknown command "stpo"; use start (the default) or stop'],
    ['two commands', ['stop', 'now'], 'error: unknown command "stop now"; use start (the default) or stop'],
    ['--dir without a value', ['stop', '--dir'], "error: Option '--dir <value>' argument missing"],
  ];
  it.each(rows)('%s', (_name, args, error) => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'examples', 'sandbox', 'sandbox.ts'), ...args],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n').slice(0, 2)).toEqual([error, SANDBOX_USAGE]);
    expect(result.stderr).not.toMatch(/\n\s+at |TypeError/);
    expect(result.stdout).toBe('');
  });

  it('a --dir that is a file, a symlink or holds something else is refused before anything starts', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sandbox-args-'));
    try {
      await writeFile(path.join(dir, 'notes.txt'), 'mine');
      await writeFile(path.join(dir, 'file'), '');
      await mkdir(path.join(dir, 'real'));
      await symlink(path.join(dir, 'real'), path.join(dir, 'link'));
      await symlink(path.join(dir, 'nowhere'), path.join(dir, 'dangling'));
      for (const [target, message] of [
        [dir, `error: --dir ${dir} is not empty and not a sandbox's directory; give an empty or new one`],
        [path.join(dir, 'file'), `error: --dir ${path.join(dir, 'file')}: is not a directory`],
        [
          path.join(dir, 'link'),
          `error: --dir ${path.join(dir, 'link')} is a symbolic link; give the directory itself (${path.join(dir, 'real')})`,
        ],
        [
          path.join(dir, 'dangling'),
          `error: --dir ${path.join(dir, 'dangling')} is a symbolic link; give the directory itself (it points at nothing)`,
        ],
      ] as const) {
        const result = spawnSync(
          process.execPath,
          ['--import', 'tsx', path.join(ROOT, 'examples', 'sandbox', 'sandbox.ts'), '--dir', target],
          { cwd: ROOT, encoding: 'utf8' },
        );
        expect(result.status).toBe(1);
        expect(result.stderr.trim()).toBe(message);
      }
      // nothing removed, nothing added
      expect((await readdir(dir)).sort()).toEqual(['dangling', 'file', 'link', 'notes.txt', 'real']);
      expect(await readdir(path.join(dir, 'real'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [
      'one of another program (this test runner)',
      `${process.pid}\n`,
      `pid ${process.pid} of its sandbox.pid is gone (the number is free or another program's now); removed the stale sandbox.pid.`,
    ],
    ['one that holds no number', 'not a pid\n', 'its sandbox.pid held no process id; removed it.'],
  ])('stop with a stale pid file, %s: signals nothing, says so and removes it', async (_name, content, message) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sandbox-stale-'));
    try {
      await writeFile(path.join(dir, 'sandbox.pid'), content);
      const result = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT, 'examples', 'sandbox', 'sandbox.ts'), 'stop', '--dir', dir],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout.trim()).toBe(`No sandbox runs in ${dir}: ${message}`);
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
