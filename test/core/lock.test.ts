import { spawn, spawnSync } from 'node:child_process';
import { existsSync, promises as fs, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { acquireDeployLock } from '../../src/core/lock.js';

const lockFile = async () => path.join(await mkdtemp(path.join(tmpdir(), 'lock-')), 'acme', 'prod', 'deploy.lock');
const owner = (pid: number, host = hostname()) => JSON.stringify({ pid, host, startedAt: '2026-11-23T10:00:00.000Z' });

describe('deploy lock', () => {
  it('lets one deploy of a cluster run at a time and names the one running', async () => {
    const file = await lockFile();
    const lock = await acquireDeployLock(file, 'acme/prod');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = acquireDeployLock(file, 'acme/prod');
    await expect(second).rejects.toThrow(UserError);
    await expect(second).rejects.toThrow(`another deploy of acme/prod is running (process ${process.pid} on ${hostname()}, since `);
    await lock.release();
    expect(existsSync(file)).toBe(false);
    await (await acquireDeployLock(file, 'acme/prod')).release();
  });

  it('takes over a lock whose process died on this host', async () => {
    const file = await lockFile();
    await acquireDeployLock(file, 'acme/prod').then((l) => l.release()); // creates the directory
    const dead = spawnSync('true').pid!;
    await fs.writeFile(file, owner(dead));
    const lock = await acquireDeployLock(file, 'acme/prod');
    expect(JSON.parse(await fs.readFile(file, 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  it('keeps a lock whose process is alive, or that another host holds, and says how to clear it', async () => {
    const file = await lockFile();
    await acquireDeployLock(file, 'acme/prod').then((l) => l.release());
    const sleeper = spawn('sleep', ['30']);
    try {
      await fs.writeFile(file, owner(sleeper.pid!));
      await expect(acquireDeployLock(file, 'acme/prod')).rejects.toThrow(`(process ${sleeper.pid} on ${hostname()}`);
    } finally {
      sleeper.kill();
    }
    await fs.writeFile(file, owner(1, 'ci-runner-7'));
    await expect(acquireDeployLock(file, 'acme/prod')).rejects.toThrow(`another deploy of acme/prod is running (process 1 on ci-runner-7, since 2026-11-23T10:00:00.000Z); wait for it to finish, or if it is gone, delete ${file}`);
    await fs.writeFile(file, 'not json');
    await expect(acquireDeployLock(file, 'acme/prod')).rejects.toThrow('(an unreadable lock file)');
  });
});
