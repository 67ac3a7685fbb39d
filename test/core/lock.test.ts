import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, promises as fs, readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/core/errors.js';
import { acquireDeployLock } from '../../src/core/lock.js';

const racerScript = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'support', 'lock-racer.ts');

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
    await fs.writeFile(file, owner(deadPid()));
    const lock = await acquireDeployLock(file, 'acme/prod');
    expect(JSON.parse(await fs.readFile(file, 'utf8')).pid).toBe(process.pid);
    await lock.release();
  });

  it('lets exactly one of several deploy processes starting at once take over a dead owner\'s lock', async () => {
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
    await expect(acquireDeployLock(file, 'acme/prod')).rejects.toThrow(`another deploy of acme/prod is running (process 1 on ci-runner-7, since 2026-11-23T10:00:00.000Z); wait for it to finish, or if it is gone, delete ${file}`);
    await fs.writeFile(file, 'not json');
    const unreadable = acquireDeployLock(file, 'acme/prod');
    await expect(unreadable).rejects.toThrow(UserError);
    await expect(unreadable).rejects.toThrow(`the deploy lock of acme/prod is unreadable: ${file} is not a lock record; if no deploy of acme/prod is running, delete ${file}`);
  });
});
