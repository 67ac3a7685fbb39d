import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, promises as fs, lstatSync, openSync, readSync, type Stats } from 'node:fs';
import path from 'node:path';
import { UserError } from './errors.js';

/**
 * Writes a file so that readers see the old content or the new, never a torn mix, even if the
 * process dies mid-write: temp file in the same directory, fsync, rename, fsync the directory.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array, mode = 0o600): Promise<void> {
  const dir = path.dirname(file);
  // The name is cut short so that a target name of the maximum length (255) still leaves room.
  const temp = path.join(
    dir,
    `.${path.basename(file).slice(0, 100)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  const handle = await fs.open(temp, 'wx', mode);
  try {
    try {
      await handle.writeFile(data);
      await handle.chmod(mode); // the umask may have narrowed or widened the mode at open
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, file);
  } catch (error) {
    // A half-written temp file (a full disk, say) would linger with the secret's first part in it.
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
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Created by someone else in the meantime: theirs, so left as it is. Else it is a dangling
      // symlink (stat saw nothing there, mkdir did).
      if ((await statIfExists(created))?.isDirectory()) continue;
      throw notADirectory(created);
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
  return Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${p}'`), {
    code: 'ENOTDIR',
    syscall: 'mkdir',
    path: p,
  });
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
 * "kubeconfig"): no control characters, and if it exists, a regular file (or a symlink to one,
 * which the write replaces). Front ends call it before doing work whose result goes there;
 * writePrivateFile calls it again.
 */
export async function checkFileTarget(file: string, what: string): Promise<void> {
  const shown = displayPath(file);
  if (CONTROL_CHARACTER.test(file))
    throw new UserError(`${what} path ${shown} contains a control character; give a plain file path`);
  let stat: Stats | undefined;
  try {
    stat = await statIfExists(path.resolve(file));
  } catch (error) {
    throw fileError(error, `cannot use ${what} path ${shown}`);
  }
  if (stat?.isDirectory()) throw new UserError(`${what} path ${shown} is a directory; give a file path`);
  // The rename would put a file in place of a device or FIFO (/dev/null, say, when run as root).
  if (stat && !stat.isFile())
    throw new UserError(
      `${what} path ${shown} is not a regular file (it is ${describeFileType(stat)}); give a file path`,
    );
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
    if (code === 'ENOTDIR')
      throw new UserError(`${what} path ${shown}: ${displayPath(where ?? path.dirname(target))} is not a directory`);
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

/** A kind of file read from outside, for messages and the size limit. */
export interface FileKind {
  /** Its role, in messages: "config file", "kubeconfig". */
  noun: string;
  /** The same, plural, for the size limit's message: "config files over 1 MiB are refused". */
  plural: string;
  /** Larger files are refused unread. */
  maxBytes: number;
}

const MiB = 1024 * 1024;
const READ_CHUNK = 64 * 1024;

/** `<what> is 49.0 MiB; config files over 1 MiB are refused` when `bytes` is over the kind's limit. */
export function refuseOversize(what: string, bytes: number, kind: FileKind): void {
  if (bytes <= kind.maxBytes) return;
  const limit = kind.maxBytes % MiB === 0 ? `${kind.maxBytes / MiB} MiB` : `${kind.maxBytes} bytes`;
  const mebibytes = (bytes / MiB).toFixed(1);
  // Exact bytes where one decimal would read as the limit itself (or below it).
  const size = Number(mebibytes) * MiB > kind.maxBytes ? `${mebibytes} MiB` : `${bytes} bytes`;
  throw new UserError(`${what} is ${size}; ${kind.plural} over ${limit} are refused`);
}

/**
 * Reads a UTF-8 text file given by the user, refusing (without reading them) directories, FIFOs,
 * devices and files over the kind's size limit, with messages that name the file and its role.
 */
export function readTextFile(file: string, kind: FileKind): string {
  const shown = displayPath(file);
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused once opened.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw readError(error, file, kind);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new UserError(`${kind.noun} ${shown} is a directory; give a file path`);
    if (!stat.isFile())
      throw new UserError(`${kind.noun} ${shown} is not a regular file (it is ${describeFileType(stat)})`);
    refuseOversize(`${kind.noun} ${shown}`, stat.size, kind);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(READ_CHUNK);
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      total += read;
      refuseOversize(`${kind.noun} ${shown}`, total, kind); // it grew after the stat
      chunks.push(chunk.subarray(0, read));
    }
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
    } catch {
      throw new UserError(`${kind.noun} ${shown} is not UTF-8 text`);
    }
  } catch (error) {
    throw error instanceof UserError ? error : readError(error, file, kind);
  } finally {
    closeSync(fd);
  }
}

function describeFileType(stat: Stats): string {
  if (stat.isFIFO()) return 'a named pipe';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a file';
}

function readError(error: unknown, file: string, kind: FileKind): unknown {
  const shown = displayPath(file);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    const dangling = lstatIfExists(file)?.isSymbolicLink();
    return new UserError(
      dangling ? `${kind.noun} ${shown} is a symbolic link to a missing file` : `${kind.noun} not found: ${shown}`,
    );
  }
  const reason = systemErrorReason(error);
  return reason ? new UserError(`cannot read ${kind.noun} ${shown}: ${reason}`) : error;
}

function lstatIfExists(p: string): Stats | undefined {
  try {
    return lstatSync(p);
  } catch {
    return undefined;
  }
}
