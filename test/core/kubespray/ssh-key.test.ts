import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { removeSshPrivateKey, writeSshPrivateKey } from '../../../src/core/kubespray/ssh-key.js';

const run = promisify(execFile);
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
let key: string;
let withPassphrase: string;
let publicKey: string;
beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ks-key-src-'));
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(dir, 'id')]);
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', 'secret', '-f', path.join(dir, 'locked')]);
  key = await readFile(path.join(dir, 'id'), 'utf8');
  withPassphrase = await readFile(path.join(dir, 'locked'), 'utf8');
  publicKey = await readFile(path.join(dir, 'id.pub'), 'utf8');
});

const where = 'input ssh-private-key';

describe('the SSH private key Ansible connects with', () => {
  it('is written 0600 in a 0700 directory of its own, with the newline OpenSSH needs, and removed with it', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'ks-key-'));
    const file = await writeSshPrivateKey(base, key.trimEnd().replace(/\n/g, '\r\n'), where, env);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect(await readFile(file, 'utf8')).toBe(key);
    await removeSshPrivateKey(file);
    await expect(stat(path.dirname(file))).rejects.toThrow(/ENOENT/);
  });

  it.each([
    ['empty', () => '  \n', /input ssh-private-key is empty/],
    ['a public key', () => publicKey, /is not an SSH private key/],
    ['a path', () => '~/.ssh/id_ed25519', /is not an SSH private key/],
    [
      'a passphrase-protected key',
      () => withPassphrase,
      /cannot be used by ssh \(ssh-keygen: .*\): give the private key without a passphrase/,
    ],
    ['a truncated key', () => `${key.slice(0, 120)}\n-----END OPENSSH PRIVATE KEY-----\n`, /cannot be used by ssh/],
  ])('%s is refused, leaving nothing behind', async (_name, text, error) => {
    const base = await mkdtemp(path.join(tmpdir(), 'ks-key-'));
    await expect(writeSshPrivateKey(base, text(), where, env)).rejects.toThrow(error);
    expect(await readdir(base)).toEqual([]);
  });
});
