import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, promises as fs, readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/lib/errors.js';
import { runCommand } from '../../../src/core/lib/command.js';
import { acquireDeployLock, lockChildHooks } from '../../../src/core/lib/lock.js';
import { Redactor } from '../../../src/core/lib/redact.js';

const racerScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'support', 'lock-racer.ts');

/** Separate deploy processes that race for the lock on command (see lock-racer.ts). */
async function startRacers(count: number) {
  const racers = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ['--import', 'tsx', racerScript], { stdio: ['pipe', 'pipe', 'inherit'] });
    return { child, lines: createInterface({ input: child.stdout })[Symbol.asyncIterator]() };
  });
  const nextLine = async (racer: (typeof racers)[number]) => String((await racer.lines.next()).value);
  for (const racer of racers) expect(await nextLine(racer)).toBe('ready');
  return {
    /** All racers try to take `file` at the same instant; resolves to each one's answer. */
    race: async (file: string) => {
      const startAt = Date.now() + 40;
      for (const racer of racers) racer.child.stdin.write(`${file}\t${startAt}\n`);
      return Promise.all(racers.map(nextLine));
    },
    stop: () => {
      for (const racer of racers) racer.child.stdin.end();
    },
  };
}

const lockFile = async () => path.join(await mkdtemp(path.join(tmpdir(), 'lock-')), 'acme', 'prod', 'deploy.lock');
const owner = (pid: number, host = hostname()) => JSON.stringify({ pid, host, startedAt: '2026-11-23T10:00:00.000Z' });
const deadPid = () => spawnSync('true').pid!;
const readRecord = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A dead deploy's child still running in its own process group, as after `kill -9` of the CLI. It
 * logs the signals it gets to `log`, reacts to them as told, and exits by itself once `release` exists.
 */
async function leftoverChild(dir: string, onSigint: 'exit' | 'ignore', onSigterm: 'exit' | 'ignore') {
  const log = path.join(dir, 'signals');
  const release = path.join(dir, 'release');
  const script = `
    const fs = require('node:fs');
    const log = (s) => fs.appendFileSync(${JSON.stringify(log)}, s + '\\n');
    process.on('SIGINT', () => { log('SIGINT'); if (${JSON.stringify(onSigint)} === 'exit') process.exit(130); });
    process.on('SIGTERM', () => { log('SIGTERM'); if (${JSON.stringify(onSigterm)} === 'exit') process.exit(143); });
    setInterval(() => fs.existsSync(${JSON.stringify(release)}) && process.exit(0), 20);
    log('started');`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], { detached: true, stdio: 'ignore' });
  for (let i = 0; i < 400 && !(existsSync(log) && readFileSync(log, 'utf8').includes('started')); i++)
    await new Promise((r) => setTimeout(r, 25));
  return {
    pgid: child.pid!,
    signals: () => readFileSync(log, 'utf8').trim().split('\n'),
    letExit: () => fs.writeFile(release, ''),
    kill: () => groupAlive(child.pid!) && process.kill(-child.pid!, 'SIGKILL'),
  };
}

/** A lock file left by a deploy killed while its child (`tofu`, process group `pgid`) ran. */
async function deadDeployLock(pgid: number) {
  const file = await lockFile();
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(
    file,
    JSON.stringify({
      pid: deadPid(),
      host: hostname(),
      startedAt: '2026-11-23T10:00:00.000Z',
      token: 'f00d',
      childPgid: pgid,
      childCommand: 'tofu',
    }),
  );
  return file;
}

describe('deploy lock', () => {
  it('lets one deploy of a cluster run at a time and names the one running', async () => {
    const file = await lockFile();
    const lock = await acquireDeployLock(file, 'acme/prod');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = acquireDeployLock(file, 'acme/prod');
    await expect(second).rejects.toThrow(UserError);
    await expect(second).rejects.toThrow(
      `another deploy of acme/prod is running (process ${process.pid} on ${hostname()}, since `,
    );
    await lock.release();
    expect(existsSync(file)).toBe(false);
    await (await acquireDeployLock(file, 'acme/prod')).release();
  });

  it('names what holds it: a check refused beside another check is not told a deploy is running, even once a child is recorded', async () => {
    const file = await lockFile();
    const lock = await acquireDeployLock(file, 'acme/prod', { operation: 'check' });
    await lock.recordChild(process.pid, 'tofu');
    await expect(acquireDeployLock(file, 'acme/prod', { operation: 'check' })).rejects.toThrow(
      `another check of acme/prod is running (process ${process.pid} on ${hostname()}, since `,
    );
    await lock.release();
  });

  it('takes over a lock whose process died on this host', async () => {
    const file = await lockFile();
    await acquireDeployLock(file, 'acme/prod').then((l) => l.release()); // creates the directory
    await fs.writeFile(file, owner(deadPid()));
    const lock = await acquireDeployLock(file, 'acme/prod');
    expect(JSON.parse(await fs.readFile(file, 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  it("lets exactly one of several deploy processes starting at once take over a dead owner's lock", async () => {
    const racers = await startRacers(4);
    try {
      const dir = await mkdtemp(path.join(tmpdir(), 'lock-race-'));
      const dead = deadPid();
      for (let trial = 0; trial < 40; trial++) {
        const file = path.join(dir, `trial-${trial}`, 'deploy.lock');
        await fs.mkdir(path.dirname(file), { mode: 0o700 });
        await fs.writeFile(file, owner(dead));
        const answers = await racers.race(file);
        expect(answers.filter((a) => a.startsWith('error'))).toEqual([]);
        const winners = answers.filter((a) => a.startsWith('won '));
        expect(winners, `trial ${trial}: ${answers.join(' | ')}`).toHaveLength(1);
        expect(`won ${JSON.parse(await fs.readFile(file, 'utf8')).pid}`).toBe(winners[0]);
      }
    } finally {
      racers.stop();
    }
  });

  it('releases only its own lock, never one another deploy has taken over since', async () => {
    const file = await lockFile();
    const lock = await acquireDeployLock(file, 'acme/prod');
    const successor = owner(deadPid()); // as if our lock had been taken over meanwhile
    await fs.writeFile(file, successor);
    await lock.release();
    expect(await fs.readFile(file, 'utf8')).toBe(successor);
  });

  it("records the running child's process group in the lock file, in call order, only while the lock is ours", async () => {
    const file = await lockFile();
    const lock = await acquireDeployLock(file, 'acme/prod');
    const mine = readRecord(file);
    await lock.recordChild(4242, 'tofu');
    expect(readRecord(file)).toEqual({ ...mine, childPgid: 4242, childCommand: 'tofu' });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const spawned = lock.recordChild(4343, 'pip');
    const exited = lock.recordChild(undefined); // not awaited in between: must still land last
    await Promise.all([spawned, exited]);
    expect(readRecord(file)).toEqual(mine);
    await fs.writeFile(file, owner(deadPid())); // taken over meanwhile: not ours to rewrite
    const successor = await fs.readFile(file, 'utf8');
    await lock.recordChild(4444, 'tofu');
    expect(await fs.readFile(file, 'utf8')).toBe(successor);
  });

  it("keeps the lock's record of the child current through runCommand's hooks", async () => {
    const file = await lockFile();
    const lock = await acquireDeployLock(file, 'acme/prod');
    const errors: string[] = [];
    // The child watches the lock file until it names it (10 s at most), then says whether it did.
    const script = `
      const fs = require('node:fs');
      const named = () => { try { return JSON.parse(fs.readFileSync(${JSON.stringify(file)}, 'utf8')).childPgid === process.pid; } catch { return false; } };
      const started = Date.now();
      const t = setInterval(() => { if (named() || Date.now() - started > 10000) { clearInterval(t); console.log(named() ? 'named' : 'not named'); } }, 20);`;
    const result = await runCommand(
      { argv: [process.execPath, '-e', script], cwd: tmpdir(), env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
      { redactor: new Redactor(), captureStdout: 100, ...lockChildHooks(lock, (message) => errors.push(message)) },
    );
    expect(result.stdout.trim()).toBe('named');
    for (let i = 0; i < 400 && readRecord(file).childPgid !== undefined; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(readRecord(file)).not.toHaveProperty('childPgid');
    expect(errors).toEqual([]);
    await lock.release();
  });

  it("waits for a dead deploy's child that is still running to exit on its own, then takes the lock", async () => {
    const child = await leftoverChild(await mkdtemp(path.join(tmpdir(), 'leftover-')), 'exit', 'exit');
    try {
      const file = await deadDeployLock(child.pgid);
      const progress: string[] = [];
      let recordWhileWaiting: unknown;
      const lock = await acquireDeployLock(file, 'acme/prod', {
        leftoverWaitMs: 60_000,
        onProgress: (message) => {
          progress.push(message);
          if (!message.startsWith('waiting')) return;
          recordWhileWaiting = readRecord(file);
          void child.letExit();
        },
      });
      expect(progress).toEqual([
        expect.stringMatching(/^took over the deploy lock of acme\/prod from process \d+, which is no longer running$/),
        `waiting for the previous deploy's tofu (process group ${child.pgid}) to exit…`,
        `the previous deploy's tofu (process group ${child.pgid}) has exited`,
      ]);
      // While it waits, the lock is ours and still names the leftover group, should we die too.
      expect(recordWhileWaiting).toMatchObject({ pid: process.pid, childPgid: child.pgid, childCommand: 'tofu' });
      expect(groupAlive(child.pgid)).toBe(false);
      expect(child.signals()).toEqual(['started']);
      expect(readRecord(file)).not.toHaveProperty('childPgid');
      expect(readRecord(file).pid).toBe(process.pid);
      await lock.release();
    } finally {
      child.kill();
    }
  });

  it("stops a dead deploy's child that outlives the wait: SIGINT first, SIGTERM if it ignores that, then SIGKILL", async () => {
    // The grace must pass in full for each ignored signal; a signal acted upon ends it at once.
    const cases = [
      { onSigint: 'exit', onSigterm: 'exit', graceMs: 10_000, signals: ['SIGINT'] },
      { onSigint: 'ignore', onSigterm: 'exit', graceMs: 1000, signals: ['SIGINT', 'SIGTERM'] },
      { onSigint: 'ignore', onSigterm: 'ignore', graceMs: 1000, signals: ['SIGINT', 'SIGTERM', 'SIGKILL'] },
    ] as const;
    for (const { onSigint, onSigterm, graceMs, signals } of cases) {
      const child = await leftoverChild(await mkdtemp(path.join(tmpdir(), 'leftover-')), onSigint, onSigterm);
      try {
        const file = await deadDeployLock(child.pgid);
        const progress: string[] = [];
        const lock = await acquireDeployLock(file, 'acme/prod', {
          leftoverWaitMs: 200,
          leftoverGraceMs: graceMs,
          onProgress: (m) => progress.push(m),
        });
        const what = `the previous deploy's tofu (process group ${child.pgid})`;
        const stops = {
          SIGINT: `${what} is still running after 0.2s: interrupting it (SIGINT), so that it can stop cleanly`,
          SIGTERM: `${what} is still running 1.0s after SIGINT: terminating it (SIGTERM)`,
          SIGKILL: `${what} is still running 1.0s after SIGTERM: killing it (SIGKILL)`,
        };
        expect(progress.slice(1)).toEqual([
          `waiting for ${what} to exit…`,
          ...signals.map((s) => stops[s]),
          `${what} has exited`,
        ]);
        expect(groupAlive(child.pgid)).toBe(false);
        expect(child.signals()).toEqual(['started', ...signals.filter((s) => s !== 'SIGKILL')]);
        expect(readRecord(file)).toEqual({
          pid: process.pid,
          host: hostname(),
          startedAt: expect.any(String),
          token: expect.any(String),
        });
        await lock.release();
      } finally {
        child.kill();
      }
    }
  });

  it('stops waiting when interrupted, leaving the lock to name the leftover group for the next deploy', async () => {
    const child = await leftoverChild(await mkdtemp(path.join(tmpdir(), 'leftover-')), 'exit', 'exit');
    try {
      const file = await deadDeployLock(child.pgid);
      const controller = new AbortController();
      const taking = acquireDeployLock(file, 'acme/prod', {
        leftoverWaitMs: 60_000,
        signal: controller.signal,
        onProgress: (m) => m.startsWith('waiting') && controller.abort(),
      });
      await expect(taking).rejects.toThrow(UserError);
      await expect(taking).rejects.toThrow(
        `interrupted while waiting for the previous deploy's tofu (process group ${child.pgid}) to exit; the next deploy will wait for it again`,
      );
      expect(child.signals()).toEqual(['started']);
      expect(readRecord(file)).toMatchObject({ pid: process.pid, childPgid: child.pgid, childCommand: 'tofu' });
    } finally {
      child.kill();
    }
  });

  it('is not blocked by a takeover that died halfway, and leaves no takeover files behind', async () => {
    const file = await lockFile();
    await fs.mkdir(path.dirname(file), { recursive: true });
    const stale = owner(deadPid());
    await fs.writeFile(file, stale);
    // The claim a deploy killed mid-takeover leaves (named after the record it was replacing).
    const claim = `${file}.takeover-${createHash('sha256').update(stale).digest('hex').slice(0, 16)}-0`;
    await fs.writeFile(claim, owner(deadPid()));
    const lock = await acquireDeployLock(file, 'acme/prod');
    expect(readRecord(file).pid).toBe(process.pid);
    expect(readdirSync(path.dirname(file))).toEqual(['deploy.lock']);
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
    await expect(acquireDeployLock(file, 'acme/prod')).rejects.toThrow(
      `another deploy of acme/prod is running (process 1 on ci-runner-7, since 2026-11-23T10:00:00.000Z); wait for it to finish, or if it is gone, delete ${file}`,
    );
    await fs.writeFile(file, 'not json');
    const unreadable = acquireDeployLock(file, 'acme/prod');
    await expect(unreadable).rejects.toThrow(UserError);
    await expect(unreadable).rejects.toThrow(
      `the deploy lock of acme/prod is unreadable: ${file} is not a lock record; if no deploy of acme/prod is running, delete ${file}`,
    );
  });
});
