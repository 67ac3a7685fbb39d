import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { errorMessage, UserError } from './errors.js';
import { ensurePrivateDir, writeFileAtomic } from './files.js';

const LockRecordSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  startedAt: z.string(),
  // Added later, so optional: lock files written by older versions must still parse.
  /** Random per acquisition: our own lock, not a later one whose process happens to reuse our pid. */
  token: z.string().optional(),
});
type LockRecord = z.infer<typeof LockRecordSchema>;

export interface DeployLock {
  /** Removes the lock file, if it is still ours. */
  release(): Promise<void>;
}

function parseRecord(text: string): LockRecord | undefined {
  try {
    const parsed = LockRecordSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const serialize = (record: LockRecord) => `${JSON.stringify(record)}\n`;

/** The lock file's raw text and record; undefined when there is no file. */
async function readLockFile(file: string): Promise<{ text: string; record: LockRecord | undefined } | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UserError(`cannot read the deploy lock ${file}: ${errorMessage(error)}`);
  }
  return { text, record: parseRecord(text) };
}

function unreadableLock(file: string, cluster: string): UserError {
  return new UserError(`the deploy lock of ${cluster} is unreadable: ${file} is not a lock record; if no deploy of ${cluster} is running, delete ${file}`);
}

/** True unless the process is certainly gone (signal 0 probes without touching it). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates `target` as a second name of `source`, atomically and only if `target` does not exist. */
async function linkExclusive(source: string, target: string): Promise<boolean> {
  try {
    await fs.link(source, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') {
      throw new UserError(`cannot create ${target}: the deploy lock needs hard links, which this filesystem refuses (${code}); use a state directory on a local disk`);
    }
    throw error;
  }
}

/**
 * One deploy per cluster and state directory at a time: two at once would interleave their state
 * writes and fight over tofu's lock. The lock file names its owner; it appears complete and at once
 * (a fully written candidate file is hard-linked to the lock's name, which fails if it exists). A lock
 * left by a process that died on this host is taken over (see takeOverDeadOwner); a live one, or one
 * held elsewhere, is explained.
 */
export async function acquireDeployLock(file: string, cluster: string): Promise<DeployLock> {
  await ensurePrivateDir(path.dirname(file));
  const token = randomBytes(16).toString('hex');
  const record: LockRecord = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), token };
  const candidate = path.join(path.dirname(file), `.${path.basename(file)}.${token}.candidate`);
  try {
    await takeLock();
  } finally {
    await fs.rm(candidate, { force: true });
  }
  // Checked after taking it: a lock we cannot read back as ours must not be used.
  const check = await readLockFile(file);
  if (check?.record?.token !== token) throw new UserError(`lost the deploy lock ${file} of ${cluster} right after taking it; try again`);

  return {
    async release() {
      if ((await readLockFile(file))?.record?.token === token) await fs.rm(file, { force: true });
    },
  };

  async function takeLock(): Promise<void> {
    await writeFileAtomic(candidate, serialize(record));
    let busyClaimant: LockRecord | undefined;
    for (let attempt = 0; attempt < 50; attempt++) {
      if (await linkExclusive(candidate, file)) return;
      const seen = await readLockFile(file);
      if (!seen) continue; // released in between: try again
      const holder = seen.record;
      if (!holder) throw unreadableLock(file, cluster);
      if (holder.host !== record.host || isAlive(holder.pid)) {
        const owner = `process ${holder.pid} on ${holder.host}, since ${holder.startedAt}`;
        throw new UserError(`another deploy of ${cluster} is running (${owner}); wait for it to finish, or if it is gone, delete ${file}`);
      }
      const outcome = await takeOverDeadOwner(file, candidate, seen.text, cluster);
      if (outcome === 'taken') return;
      busyClaimant = outcome === 'gone' ? undefined : outcome.claimant;
      if (busyClaimant) await sleep(20); // it is replacing the record this very moment: look again once it has
    }
    if (busyClaimant) {
      throw new UserError(`another deploy of ${cluster} (process ${busyClaimant.pid}) is taking over its lock ${file} and has not finished; try again in a moment`);
    }
    throw new UserError(`could not take the deploy lock ${file} of ${cluster}: it kept changing hands; try again`);
  }
}

/**
 * Replaces a dead owner's lock record (`staleText`, as read) with our candidate, race-free however
 * many deploys try at once. POSIX has no compare-and-swap of a file, so the right to replace one
 * particular record is itself an exclusive file, a claim: all who read that record try to create the
 * same claim name (derived from its content) with link(), and only one can. The claimant re-checks
 * that the lock file still holds that record and renames its candidate over it. Nothing can change
 * the file in between: a dead owner's record is replaced only by its claimant, and a record never
 * recurs (random token, start time), so a passing re-check means nobody has replaced it yet. A claim
 * whose maker died mid-takeover is passed over to the next numbered one, made only after seeing all
 * earlier makers dead, so at most one live claimant can find the record still there. Claims are
 * removed only once the record is gone for good, so that a claim made afresh fails its re-check.
 */
async function takeOverDeadOwner(file: string, candidate: string, staleText: string, cluster: string): Promise<'taken' | 'gone' | { claimant: LockRecord }> {
  const claimPrefix = `${file}.takeover-${createHash('sha256').update(staleText).digest('hex').slice(0, 16)}`;
  const deadClaims: string[] = [];
  let n = 0;
  while (!(await linkExclusive(candidate, `${claimPrefix}-${n}`))) {
    const name = `${claimPrefix}-${n}`;
    const maker = await readLockFile(name);
    if (!maker) return 'gone'; // claims disappear only after the record was replaced
    if (!maker.record) throw unreadableLock(name, cluster);
    if (isAlive(maker.record.pid)) return { claimant: maker.record };
    deadClaims.push(name);
    n++;
  }
  const claim = `${claimPrefix}-${n}`;
  const gone = (await readLockFile(file))?.text !== staleText;
  if (!gone) await fs.rename(candidate, file);
  // The stale record is gone for good now, so claims on it mean nothing any more. Only now: removed
  // while it still stood, they would let two deploys claim it afresh.
  await Promise.all([...deadClaims, claim].map((name) => fs.rm(name, { force: true })));
  return gone ? 'gone' : 'taken';
}
