import { randomBytes } from 'node:crypto';
import { constants, promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import { UserError } from './errors.js';

/**
 * Writes a file so that readers see the old content or the new, never a torn mix, even if the
 * process dies mid-write: temp file in the same directory, fsync, rename, fsync the directory.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array, mode = 0o600): Promise<void> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await fs.open(temp, 'wx', mode);
  try {
    await handle.writeFile(data);
    await handle.chmod(mode); // the umask may have narrowed or widened the mode at open
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  const dirHandle = await fs.open(dir, 'r').catch((error: NodeJS.ErrnoException) => {
    // A directory we may write to but not read (mode -wx) cannot be opened to fsync: the file is
    // in place all the same, only its durability across a power cut is not guaranteed.
    if (error.code === 'EACCES') return undefined;
    throw error;
  });
  try {
    await dirHandle?.sync();
  } finally {
    await dirHandle?.close();
  }
}

/**
 * `mkdir -p` where every directory it creates is private (0700, whatever the umask). Directories
 * that exist already are left as they are: they may be shared (a sticky /tmp) or someone else's.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const stat = await statIfExists(current);
    if (stat) {
      if (!stat.isDirectory()) throw notADirectory(current);
      break;
    }
    missing.push(current);
    if (path.dirname(current) === current) break;
  }
  for (const created of missing.reverse()) {
    try {
      await fs.mkdir(created, { mode: 0o700 });
    } catch (error) {
      // Created by someone else in the meantime: theirs, so left as it is.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && (await fs.stat(created)).isDirectory()) continue;
      throw error;
    }
    // O_NOFOLLOW: should the new directory be swapped for a symlink, the chmod must not follow it.
    const handle = await fs.open(created, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
    try {
      await handle.chmod(0o700);
    } finally {
      await handle.close();
    }
  }
}

/** Stats a path; undefined if it, or a component of it, does not exist (ENOTDIR: a component is a file). */
async function statIfExists(p: string): Promise<Stats | undefined> {
  try {
    return await fs.stat(p);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

function notADirectory(p: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${p}'`), { code: 'ENOTDIR', syscall: 'mkdir', path: p });
}

/** Why a file operation failed, in words, for the system errors a user can do something about. */
const SYSTEM_ERROR_REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENAMETOOLONG: 'file name too long',
  ELOOP: 'too many levels of symbolic links',
};

/** The reason for a system error a user can fix, or undefined for anything else (a bug, say). */
export function systemErrorReason(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ? SYSTEM_ERROR_REASONS[code] : undefined;
}

// C0 controls and DEL: in a path they forge lines in logs and workflow commands.
const CONTROL_CHARACTER = /[\x00-\x1f\x7f]/;

/** A path as messages show it: as is, or JSON-quoted when it holds characters that would garble a line. */
export function displayPath(p: string): string {
  return CONTROL_CHARACTER.test(p) ? JSON.stringify(p) : p;
}

/**
 * Checks that `file` can name a file to write (`what` names its role in messages, e.g.
 * "kubeconfig"): no control characters, and not a directory or a symlink to one. Front ends call
 * it before doing work whose result goes there; writePrivateFile calls it again.
 */
export async function checkFileTarget(file: string, what: string): Promise<void> {
  const shown = displayPath(file);
  if (CONTROL_CHARACTER.test(file)) throw new UserError(`${what} path ${shown} contains a control character; give a plain file path`);
  let stat: Stats | undefined;
  try {
    stat = await statIfExists(path.resolve(file));
  } catch (error) {
    throw fileError(error, `cannot use ${what} path ${shown}`);
  }
  if (stat?.isDirectory()) throw new UserError(`${what} path ${shown} is a directory; give a file path`);
}

/**
 * Writes a private file (0600, atomically) and any missing parent directories (0700), with an
 * error naming the path and its role (`what`, e.g. "kubeconfig") for what the user can fix.
 */
export async function writePrivateFile(file: string, data: string | Uint8Array, what: string): Promise<void> {
  await checkFileTarget(file, what);
  const shown = displayPath(file);
  const target = path.resolve(file);
  try {
    await ensurePrivateDir(path.dirname(target));
    await writeFileAtomic(target, data, 0o600);
  } catch (error) {
    const { code, path: where } = error as NodeJS.ErrnoException;
    if (code === 'ENOTDIR') throw new UserError(`${what} path ${shown}: ${displayPath(where ?? path.dirname(target))} is not a directory`);
    // A directory put there by another process since the check.
    if (code === 'EISDIR') throw new UserError(`${what} path ${shown} is a directory; give a file path`);
    throw fileError(error, `cannot write ${what} ${shown}`);
  }
}

/**
 * A UserError `<prefix>: <reason> in <directory>` for a system error the user can fix; anything
 * else is returned as it is. Files are created in a directory, so that is where a refusal lies.
 */
function fileError(error: unknown, prefix: string): unknown {
  const reason = systemErrorReason(error);
  if (!reason) return error;
  const where = (error as NodeJS.ErrnoException).path;
  return new UserError(`${prefix}: ${reason}${where ? ` in ${displayPath(path.dirname(where))}` : ''}`);
}

export async function pathExists(p: string): Promise<boolean> {
  try {
    await fs.access(p);
    return true;
  } catch {
    return false;
  }
}

/** Finds an executable on PATH the way a shell would, without running one. */
export async function findExecutable(name: string, pathVar: string | undefined): Promise<string | undefined> {
  if (name.includes('/')) return (await isExecutable(name)) ? name : undefined;
  for (const dir of (pathVar ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return false;
    await fs.access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
