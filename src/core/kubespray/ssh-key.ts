import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { UserError } from '../lib/errors.js';
import { childProcess } from '../lib/command.js';
import { writeFileAtomic } from '../lib/files.js';

/**
 * The SSH private key Ansible connects with (input ssh-private-key, --ssh-private-key-file): written
 * 0600 in a private directory of its own under RUNNER_TEMP (or the state dir), handed over through
 * ANSIBLE_PRIVATE_KEY_FILE, removed when the run ends. Checked with ssh-keygen first, so a mangled
 * secret fails here and not as "Permission denied (publickey)" on every host.
 */

const BEGIN = /^-----BEGIN (OPENSSH|RSA|EC|DSA|ENCRYPTED)? ?PRIVATE KEY-----$/m;

/** A secret pasted with CRLF or without its last newline still works: OpenSSH refuses both. */
function normalizeKey(text: string): string {
  const key = text.replace(/\r\n?/g, '\n').trim();
  return `${key}\n`;
}

export async function writeSshPrivateKey(
  baseDir: string,
  text: string,
  where: string,
  env: Readonly<Record<string, string>>,
): Promise<string> {
  const key = normalizeKey(text);
  if (key === '\n') throw new UserError(`${where} is empty`);
  if (!BEGIN.test(key)) {
    throw new UserError(
      `${where} is not an SSH private key (it must start with "-----BEGIN OPENSSH PRIVATE KEY-----" or another PEM private-key header; a public key or a file path does not work)`,
    );
  }
  await fs.mkdir(baseDir, { recursive: true });
  const dir = await fs.mkdtemp(path.join(baseDir, 'cluster-deploy-ssh-'));
  await fs.chmod(dir, 0o700);
  const file = path.join(dir, `id-${randomBytes(4).toString('hex')}`);
  await writeFileAtomic(file, key, 0o600);
  // -P '': a key with a passphrase cannot be used without a prompt nobody answers.
  const problem = await new Promise<string | undefined>((resolve) =>
    childProcess().execFile(
      'ssh-keygen',
      ['-y', '-P', '', '-f', file],
      { env, timeout: 15_000 },
      (error, _stdout, stderr) => resolve(error ? (stderr.trim().split('\n').at(-1) ?? error.message) : undefined),
    ),
  );
  if (problem) {
    await removeSshPrivateKey(file);
    throw new UserError(
      `${where} cannot be used by ssh (ssh-keygen: ${problem.replace(file, '<key>')}): give the private key without a passphrase`,
    );
  }
  return file;
}

/** Removes the key and its private directory. */
export async function removeSshPrivateKey(file: string): Promise<void> {
  await fs.rm(path.dirname(file), { recursive: true, force: true });
}
