import { createHash, randomBytes } from 'node:crypto';
import { promises as fs, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { commandExecutor, type Exec, type RunCommandOptions } from './command.js';
import { formatDuration } from './duration.js';
import { errorMessage, UserError } from './errors.js';
import { ensurePrivateDir, writeFileAtomic } from './files.js';
import type { DeployOutput } from './output.js';
import type { Redactor } from './redact.js';

/** Text shown in messages: one line, so a forged lock file cannot add lines (or workflow commands) to them. */
const oneLine = z.string().regex(/^[^\0-\x1f\x7f]*$/);

const LockRecordSchema = z.object({
  pid: z.number().int().positive(),
  host: oneLine,
  startedAt: oneLine,
  // Added later, so optional: lock files written by older versions must still parse.
  /** Random per acquisition: our own lock, not a later one whose process happens to reuse our pid. */
  token: z.string().optional(),
  /**
   * A process group the holder answers for: its running step's child (spawned detached, so its pid is
   * its group), or a dead previous deploy's leftover group it is waiting for. Survives the holder.
   */
  childPgid: z.number().int().positive().optional(),
  /** That child's program name, to say what we are waiting for. */
  childCommand: oneLine.optional(),
  /** What holds it (deploy, check, plan…), to say what is running; older lock files lack it and were deploys. */
  operation: z
    .string()
    .regex(/^[a-z-]{1,32}$/)
    .optional(),
});
type LockRecord = z.infer<typeof LockRecordSchema>;

export interface DeployLockOptions {
  /** Told, one line at a time, what taking the lock waits for or does (takeover, leftover processes). */
  onProgress?: (message: string) => void;
  /** How long a dead deploy's still-running child may take to exit on its own. Default 30 s. */
  leftoverWaitMs?: number;
  /** How long each signal (SIGINT, then SIGTERM, then SIGKILL) gets before the next. Default 10 s. */
  leftoverGraceMs?: number;
  /** Aborting stops the waiting (a UserError); the lock then stays, naming the leftover group. */
  signal?: AbortSignal;
  /** What this run is (deploy, check, plan…), recorded so that a run refused meanwhile can say what is running. Default deploy. */
  operation?: string;
}

export interface DeployLock {
  /**
   * Records the process group of the step's child now running, or none (`undefined`) once it has
   * exited, so that a deploy taking over after we die can let it finish or stop it first. Rewrites the
   * lock file atomically; calls apply in call order; a lock no longer ours is left untouched.
   */
  recordChild(pgid: number | undefined, command?: string): Promise<void>;
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

/** A file-system error the user can fix (permissions, a full or read-only disk) as a UserError after `prefix`; anything else as it was. */
function fileSystemError(error: unknown, prefix: string): unknown {
  const reasons: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on the device',
    EDQUOT: 'disk quota exceeded',
  };
  const reason = error instanceof UserError ? undefined : reasons[(error as NodeJS.ErrnoException)?.code ?? ''];
  return reason ? new UserError(`${prefix}: ${reason}`) : error;
}

/**
 * What the lock's name is when it is not a regular file (we only ever link regular files there): a
 * dangling symlink read as "gone" made every attempt fail with "it kept changing hands", and reading
 * a FIFO would block for ever.
 */
async function notALockFile(file: string, cluster: string): Promise<UserError | undefined> {
  const stat = await fs.lstat(file).catch(() => undefined);
  if (!stat || stat.isFile()) return undefined;
  const kind = stat.isSymbolicLink()
    ? 'a symbolic link'
    : stat.isDirectory()
      ? 'a directory'
      : stat.isFIFO()
        ? 'a FIFO'
        : stat.isSocket()
          ? 'a socket'
          : 'a device';
  return new UserError(
    `the deploy lock of ${cluster}, ${file}, is ${kind}, not a lock file; if no deploy of ${cluster} is running, delete it`,
  );
}

function unreadableLock(file: string, cluster: string): UserError {
  return new UserError(
    `the deploy lock of ${cluster} is unreadable: ${file} is not a lock record; if no deploy of ${cluster} is running, delete ${file}`,
  );
}

/** The record with the given child process group, or none. */
function withChild(record: LockRecord, pgid: number | undefined, command: string | undefined): LockRecord {
  const owner: LockRecord = {
    pid: record.pid,
    host: record.host,
    startedAt: record.startedAt,
    token: record.token,
    ...(record.operation && { operation: record.operation }),
  };
  return pgid === undefined ? owner : { ...owner, childPgid: pgid, childCommand: command };
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
      throw new UserError(
        `cannot create ${target}: the deploy lock needs hard links, which this filesystem refuses (${code}); use a state directory on a local disk`,
      );
    }
    throw error;
  }
}

/**
 * One deploy per cluster and state directory at a time: two at once would interleave their state
 * writes and fight over tofu's lock. The lock file names its owner; it appears complete and at once
 * (a fully written candidate file is hard-linked to the lock's name, which fails if it exists). A lock
 * left by a process that died on this host is taken over (see takeOverDeadOwner), after letting the
 * dead deploy's leftover child exit or stopping it; a live one, or one held elsewhere, is explained.
 */
export async function acquireDeployLock(
  file: string,
  cluster: string,
  options: DeployLockOptions = {},
): Promise<DeployLock> {
  // The first writes of a deploy: a state directory it may not create or write to was an internal error with a stack trace.
  try {
    await ensurePrivateDir(path.dirname(file));
  } catch (error) {
    throw fileSystemError(error, `cannot create the state directory ${path.dirname(file)}`);
  }
  const token = randomBytes(16).toString('hex');
  let record: LockRecord = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    token,
    ...(options.operation && { operation: options.operation }),
  };
  const candidate = path.join(path.dirname(file), `.${path.basename(file)}.${token}.candidate`);
  let previous: LockRecord | undefined;
  try {
    previous = await takeLock();
  } catch (error) {
    throw fileSystemError(error, `cannot write the deploy lock ${file}`);
  } finally {
    await fs.rm(candidate, { force: true });
  }
  // Checked after taking it: a lock we cannot read back as ours must not be used.
  const check = await readLockFile(file);
  if (check?.record?.token !== token)
    throw new UserError(`lost the deploy lock ${file} of ${cluster} right after taking it; try again`);

  let released = false;
  let writes: Promise<void> = Promise.resolve();
  const isStillOurs = async () => (await readLockFile(file))?.record?.token === token;
  const lock: DeployLock = {
    recordChild(pgid, command) {
      const write = writes.then(async () => {
        // Only we change our own lock file, so nothing can come between this check and the rename.
        if (released || !(await isStillOurs())) return;
        record = withChild(record, pgid, command);
        await writeFileAtomic(file, serialize(record));
      });
      writes = write.catch(() => undefined);
      return write;
    },
    async release() {
      released = true;
      await writes; // a rewrite landing after the removal would resurrect the lock
      if (await isStillOurs()) await fs.rm(file, { force: true });
    },
  };

  if (previous?.childPgid !== undefined) {
    // On failure the lock stays as it is, naming the leftover group, so that the next deploy tries again.
    await settleLeftoverGroup(previous.childPgid, previous.childCommand, options);
    await lock.recordChild(undefined);
  }
  return lock;

  /** Takes the lock; returns the dead owner's record when it took one over. */
  async function takeLock(): Promise<LockRecord | undefined> {
    await writeFileAtomic(candidate, serialize(record));
    let busyClaimant: LockRecord | undefined;
    for (let attempt = 0; attempt < 50; attempt++) {
      if (await linkExclusive(candidate, file)) return undefined;
      const notAFile = await notALockFile(file, cluster);
      if (notAFile) throw notAFile;
      const seen = await readLockFile(file);
      if (!seen) continue; // released in between: try again
      const holder = seen.record;
      if (!holder) throw unreadableLock(file, cluster);
      if (holder.host !== record.host || isAlive(holder.pid)) {
        const owner = `process ${holder.pid} on ${holder.host}, since ${holder.startedAt}`;
        throw new UserError(
          `another ${holder.operation ?? 'deploy'} of ${cluster} is running (${owner}); wait for it to finish, or if it is gone, delete ${file}`,
        );
      }
      // Inherit its leftover child before the takeover, so that if we die too, the next deploy still sees it.
      if (holder.childPgid !== undefined) {
        record = withChild(record, holder.childPgid, holder.childCommand);
        await writeFileAtomic(candidate, serialize(record));
      }
      const outcome = await takeOverDeadOwner(file, candidate, seen.text, cluster);
      if (outcome === 'taken') {
        options.onProgress?.(
          `took over the deploy lock of ${cluster} from process ${holder.pid}, which is no longer running`,
        );
        return holder;
      }
      busyClaimant = outcome === 'gone' ? undefined : outcome.claimant;
      if (busyClaimant) await sleep(20); // it is replacing the record this very moment: look again once it has
      if (record.childPgid !== undefined) {
        record = withChild(record, undefined, undefined);
        await writeFileAtomic(candidate, serialize(record));
      }
    }
    if (busyClaimant) {
      throw new UserError(
        `another deploy of ${cluster} (process ${busyClaimant.pid}) is taking over its lock ${file} and has not finished; try again in a moment`,
      );
    }
    throw new UserError(`could not take the deploy lock ${file} of ${cluster}: it kept changing hands; try again`);
  }
}

/**
 * runCommand hooks that keep the lock's record of the running child current. A failed rewrite costs
 * only what a later takeover would know after a crash, so it is reported, not thrown.
 */
export function lockChildHooks(
  lock: DeployLock,
  onError: (message: string) => void,
): Required<Pick<RunCommandOptions, 'onSpawn' | 'onExit'>> {
  const record = (pgid: number | undefined, command?: string) => {
    lock
      .recordChild(pgid, command)
      .catch((error: unknown) =>
        onError(`could not update the running command in the deploy lock: ${errorMessage(error)}`),
      );
  };
  return { onSpawn: (pid, command) => record(pid, command), onExit: () => record(undefined) };
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
async function takeOverDeadOwner(
  file: string,
  candidate: string,
  staleText: string,
  cluster: string,
): Promise<'taken' | 'gone' | { claimant: LockRecord }> {
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

/** Whether any process of the group is alive (zombies count until reaped). */
function groupAlive(pgid: number): boolean {
  return isAlive(-pgid);
}

/** Our own process group on Linux; undefined where /proc is not there to say. */
function ownProcessGroup(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]); // after "(comm)": state, ppid, pgrp
  } catch {
    return undefined;
  }
}

async function groupExitsWithin(
  pgid: number,
  ms: number,
  what: string,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (groupAlive(pgid)) {
    if (signal?.aborted)
      throw new UserError(`interrupted while waiting for ${what} to exit; the next deploy will wait for it again`);
    if (Date.now() >= deadline) return false;
    await sleep(Math.min(100, Math.max(1, deadline - Date.now())));
  }
  return true;
}

const STOP_SIGNALS = [
  { signal: 'SIGINT', doing: 'interrupting it (SIGINT), so that it can stop cleanly' },
  { signal: 'SIGTERM', doing: 'terminating it (SIGTERM)' },
  { signal: 'SIGKILL', doing: 'killing it (SIGKILL)' },
] as const;

/**
 * A dead deploy's child may outlive it (it runs in its own process group): tofu still holding its
 * state lock, pip still writing the venv. Give it a bounded time to finish, then stop it, gently first.
 */
async function settleLeftoverGroup(
  pgid: number,
  command: string | undefined,
  options: DeployLockOptions,
): Promise<void> {
  // A group id of 0 or 1 would signal our own group or everything; our own group cannot be a leftover.
  if (pgid <= 1 || pgid === process.pid || pgid === ownProcessGroup() || !groupAlive(pgid)) return;
  const progress = options.onProgress ?? (() => undefined);
  const waitMs = options.leftoverWaitMs ?? 30_000;
  const graceMs = options.leftoverGraceMs ?? 10_000;
  const what = `the previous deploy's ${command ?? 'command'} (process group ${pgid})`;
  progress(`waiting for ${what} to exit…`);
  if (await groupExitsWithin(pgid, waitMs, what, options.signal)) return progress(`${what} has exited`);
  let why = `still running after ${formatDuration(waitMs)}`;
  for (const { signal, doing } of STOP_SIGNALS) {
    try {
      process.kill(-pgid, signal);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ESRCH') return progress(`${what} has exited`);
      throw new UserError(
        `${what} is ${why} and cannot be stopped (${code ?? errorMessage(error)}); stop it, then deploy again`,
      );
    }
    progress(`${what} is ${why}: ${doing}`);
    if (await groupExitsWithin(pgid, graceMs, what, options.signal)) return progress(`${what} has exited`);
    why = `still running ${formatDuration(graceMs)} after ${signal}`;
  }
  throw new UserError(`${what} is ${why}; stop it, then deploy again`);
}

export interface LockedRunOptions {
  /** The lock file (runtimePaths(settings).lockPath) and the cluster it guards. */
  file: string;
  cluster: string;
  /** What holds the lock, as another run waiting for it is told. */
  operation?: string;
  output: DeployOutput;
  redactor: Redactor;
  signal?: AbortSignal;
}

/**
 * Runs `body` under the deploy lock with the one executor every command goes through: redacted, live,
 * interruptible, and recorded in the lock, so a run taking over after a kill -9 can wait for (or stop)
 * what is still running. The engine and both plan previews (tofu, Cluster API) run this way.
 */
export async function withDeployLock<T>(
  { file, cluster, operation, output, redactor, signal }: LockedRunOptions,
  body: (exec: Exec) => Promise<T>,
): Promise<T> {
  const lock = await acquireDeployLock(file, cluster, {
    onProgress: (message) => output.line(message),
    signal,
    operation,
  });
  try {
    const exec = commandExecutor({
      redactor,
      output: output.write,
      signal,
      ...lockChildHooks(lock, (message) => output.line(`warning: ${message}`)),
    });
    return await body(exec);
  } finally {
    await lock.release();
  }
}
