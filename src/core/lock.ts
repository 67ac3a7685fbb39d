import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { UserError } from './errors.js';
import { ensurePrivateDir } from './files.js';

const LockSchema = z.object({ pid: z.number().int(), host: z.string(), startedAt: z.string() });
type LockOwner = z.infer<typeof LockSchema>;

export interface DeployLock {
  release(): Promise<void>;
}

function readOwner(text: string): LockOwner | undefined {
  try {
    const parsed = LockSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
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

/**
 * One deploy per cluster and state directory at a time: two at once would interleave their state
 * writes and fight over tofu's lock. The lock file is created exclusively and names its owner; a lock
 * left by a process that died on this host is taken over, one held elsewhere is explained.
 */
export async function acquireDeployLock(file: string, cluster: string): Promise<DeployLock> {
  await ensurePrivateDir(path.dirname(file));
  const me: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(file, `${JSON.stringify(me)}\n`, { flag: 'wx', mode: 0o600 });
      return { release: () => fs.rm(file, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const text = await fs.readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) continue; // released in between: try again
    const holder = readOwner(text);
    if (holder && holder.host === me.host && !isAlive(holder.pid)) {
      await fs.rm(file, { force: true }); // its owner died without releasing it
      continue;
    }
    const owner = holder ? `process ${holder.pid} on ${holder.host}, since ${holder.startedAt}` : 'an unreadable lock file';
    throw new UserError(`another deploy of ${cluster} is running (${owner}); wait for it to finish, or if it is gone, delete ${file}`);
  }
  throw new UserError(`could not take the deploy lock ${file} for ${cluster}; try again`);
}
