import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/lib/errors.js';
import { ensurePrivateDir, writePrivateFile } from '../../../src/core/lib/files.js';
import { runScript, sourceModule } from '../../support/run-script.js';

const modeOf = async (p: string) => (await fs.stat(p)).mode & 0o7777;

let base: string;
beforeEach(async () => {
  base = await fs.mkdtemp(path.join(tmpdir(), 'files-'));
  await fs.chmod(base, 0o755); // reachable by the unprivileged user of some tests
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

/** Runs `call` (an expression using `files`, the files module) as an unprivileged user; prints the outcome. */
async function unprivileged(call: string): Promise<string> {
  const run = await runScript(
    `const files = await import(${JSON.stringify(sourceModule('src/core/lib/files.ts'))});
    try { await ${call}; console.log('ok'); } catch (error) { console.log(error.name + ': ' + error.message); }`,
    { unprivileged: true },
  );
  expect(run.stderr).toBe('');
  return run.stdout.trim();
}

describe('ensurePrivateDir', () => {
  it.each([0o1777, 0o755, 0o750, 0o711].map((mode) => [mode.toString(8), mode] as const))(
    'leaves an existing directory (mode %s) as it is and creates below it 0700',
    async (_, mode) => {
      const shared = path.join(base, 'shared');
      await fs.mkdir(shared);
      await fs.chmod(shared, mode);
      await ensurePrivateDir(shared);
      await ensurePrivateDir(path.join(shared, 'mine'));
      expect(await modeOf(shared)).toBe(mode);
      expect(await modeOf(path.join(shared, 'mine'))).toBe(0o700);
    },
  );

  it.each([0o022, 0o277, 0o000].map((umask) => [umask.toString(8), umask] as const))(
    'creates every missing component 0700 whatever the umask (%s)',
    async (_, umask) => {
      const previous = process.umask(umask);
      try {
        await ensurePrivateDir(path.join(base, 'a', 'b', 'c'));
      } finally {
        process.umask(previous);
      }
      for (const dir of ['a', 'a/b', 'a/b/c']) expect(await modeOf(path.join(base, dir))).toBe(0o700);
      expect(await modeOf(base)).toBe(0o755);
    },
  );

  it('uses a sticky shared directory it does not own without trying to chmod it', async () => {
    const sticky = path.join(base, 's');
    await fs.mkdir(sticky);
    await fs.chmod(sticky, 0o1777);
    expect(await unprivileged(`files.ensurePrivateDir(${JSON.stringify(sticky)})`)).toBe('ok');
    expect(
      await unprivileged(`files.writePrivateFile(${JSON.stringify(path.join(sticky, 'kc'))}, 'x', 'kubeconfig')`),
    ).toBe('ok');
    expect(await modeOf(sticky)).toBe(0o1777);
    expect(await modeOf(path.join(sticky, 'kc'))).toBe(0o600);
  });
});

describe('writePrivateFile', () => {
  it('writes the file 0600 and creates missing parents 0700', async () => {
    const file = path.join(base, 'new', 'dir', 'kubeconfig');
    await writePrivateFile(file, 'apiVersion: v1\n', 'kubeconfig');
    expect(await fs.readFile(file, 'utf8')).toBe('apiVersion: v1\n');
    expect(await modeOf(file)).toBe(0o600);
    expect(await modeOf(path.join(base, 'new'))).toBe(0o700);
  });

  it.each([
    {
      case: 'an existing directory',
      setup: async () => base,
      message: (p: string) => `kubeconfig path ${p} is a directory; give a file path`,
    },
    {
      case: 'a symbolic link to a directory',
      setup: async () => {
        await fs.symlink(base, path.join(base, 'link'));
        return path.join(base, 'link');
      },
      message: (p: string) => `kubeconfig path ${p} is a directory; give a file path`,
    },
    {
      case: 'a path below a file',
      setup: async () => {
        await fs.writeFile(path.join(base, 'file'), '');
        return path.join(base, 'file', 'sub', 'kc');
      },
      message: (p: string) => `kubeconfig path ${p}: ${path.join(base, 'file')} is not a directory`,
    },
    {
      case: 'a path below a dangling symbolic link',
      setup: async () => {
        await fs.symlink(path.join(base, 'gone'), path.join(base, 'link'));
        return path.join(base, 'link', 'kc');
      },
      message: (p: string) => `kubeconfig path ${p}: ${path.join(base, 'link')} is not a directory`,
    },
    {
      case: 'a path with a newline',
      setup: async () => path.join(base, 'kc\n::warning::forged'),
      message: (p: string) =>
        `kubeconfig path ${JSON.stringify(p)} contains a control character; give a plain file path`,
    },
  ])('refuses $case with a message naming the path', async ({ setup, message }) => {
    const target = await setup();
    const error = await writePrivateFile(target, 'x', 'kubeconfig').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toBe(message(target));
  });

  // Only nodes made in the test's own directory: a broken writePrivateFile would replace what it is given.
  const isRoot = process.getuid?.() === 0;
  it.each([
    {
      case: 'a device node (made as root only)',
      root: true,
      target: () => {
        expect(spawnSync('mknod', [path.join(base, 'null'), 'c', '1', '3']).status).toBe(0);
        return path.join(base, 'null');
      },
      is: 'a device',
    },
    {
      case: 'a symbolic link to a device',
      root: false,
      target: async () => {
        await fs.symlink('/dev/null', path.join(base, 'stdout'));
        return path.join(base, 'stdout');
      },
      is: 'a device',
    },
    {
      case: 'a named pipe',
      root: false,
      target: () => {
        expect(spawnSync('mkfifo', [path.join(base, 'fifo')]).status).toBe(0);
        return path.join(base, 'fifo');
      },
      is: 'a named pipe',
    },
  ])('refuses $case rather than replacing it with a file', async ({ root, target, is }) => {
    if (root && !isRoot) return;
    const file = await target();
    const before = await fs.lstat(file);
    await expect(writePrivateFile(file, 'x', 'kubeconfig')).rejects.toThrow(
      `kubeconfig path ${file} is not a regular file (it is ${is}); give a file path`,
    );
    expect((await fs.lstat(file)).ino).toBe(before.ino);
  });

  it('writes a file whose name is as long as a name may be', async () => {
    const file = path.join(base, 'k'.repeat(255));
    await writePrivateFile(file, 'x', 'kubeconfig');
    expect(await fs.readFile(file, 'utf8')).toBe('x');
  });

  it('leaves no temporary file behind when the write fails part-way', async () => {
    // RLIMIT_FSIZE of 1 KiB makes the write fail with EFBIG (SIGXFSZ is ignored so that it is an error).
    const dir = path.join(base, 'full');
    await fs.mkdir(dir);
    const run = spawnSync(
      'prlimit',
      [
        '--fsize=1024',
        process.execPath,
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `
      process.on('SIGXFSZ', () => {});
      const files = await import(${JSON.stringify(sourceModule('src/core/lib/files.ts'))});
      try { await files.writeFileAtomic(${JSON.stringify(path.join(dir, 'kc'))}, 'x'.repeat(65536)); console.log('ok'); } catch (error) { console.log(error.code); }
    `,
      ],
      { encoding: 'utf8', cwd: path.resolve('.') },
    );
    expect(run.stdout.trim()).toBe('EFBIG');
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('replaces a symbolic link itself, never the file it points to', async () => {
    const elsewhere = path.join(base, 'elsewhere');
    await fs.writeFile(elsewhere, 'not yours');
    const link = path.join(base, 'kc');
    await fs.symlink(elsewhere, link);
    await writePrivateFile(link, 'new', 'kubeconfig');
    expect(await fs.readFile(elsewhere, 'utf8')).toBe('not yours');
    expect((await fs.lstat(link)).isSymbolicLink()).toBe(false);
    expect(await fs.readFile(link, 'utf8')).toBe('new');
  });

  it('replaces a dangling symbolic link without creating its target', async () => {
    const missing = path.join(base, 'missing');
    const link = path.join(base, 'kc');
    await fs.symlink(missing, link);
    await writePrivateFile(link, 'new', 'kubeconfig');
    expect(await fs.readFile(link, 'utf8')).toBe('new');
    await expect(fs.access(missing)).rejects.toThrow(/ENOENT/);
  });

  it('writes into a directory it may write to but not list (the directory fsync is best effort there)', async () => {
    const dropbox = path.join(base, 'dropbox');
    await fs.mkdir(dropbox);
    await fs.chmod(dropbox, 0o333);
    const file = path.join(dropbox, 'kc');
    expect(await unprivileged(`files.writePrivateFile(${JSON.stringify(file)}, 'x', 'kubeconfig')`)).toBe('ok');
    expect(await fs.readFile(file, 'utf8')).toBe('x');
  });

  it('explains a directory it may not write to, naming the path and the role', async () => {
    const locked = path.join(base, 'locked');
    await fs.mkdir(locked);
    await fs.chmod(locked, 0o555);
    const file = path.join(locked, 'kc');
    expect(await unprivileged(`files.writePrivateFile(${JSON.stringify(file)}, 'x', 'kubeconfig')`)).toBe(
      `UserError: cannot write kubeconfig ${file}: permission denied in ${locked}`,
    );
    expect(
      await unprivileged(
        `files.writePrivateFile(${JSON.stringify(path.join(locked, 'sub', 'kc'))}, 'x', 'kubeconfig')`,
      ),
    ).toBe(`UserError: cannot write kubeconfig ${path.join(locked, 'sub', 'kc')}: permission denied in ${locked}`);
  });
});
