import { promises as fs } from 'node:fs';
import path from 'node:path';
import { UserError } from '../core/errors.js';
import { pathExists, writeFileAtomic } from '../core/files.js';
import { decryptBytesWithPassphrase, encryptWithPassphrase } from '../core/secret-box.js';
import type { CompanionFile } from './artifact-store.js';

export const TOFU_STATE_ARTIFACT_FILE = 'terraform.tfstate.age';

/** The backend the cluster's OpenTofu code declares; no `backend` block means local. */
export async function declaredBackend(clusterDir: string): Promise<string> {
  const files = (await fs.readdir(clusterDir).catch(() => [] as string[])).filter((f) => f.endsWith('.tf'));
  for (const file of files) {
    const text = await fs.readFile(path.join(clusterDir, file), 'utf8');
    const match = /^\s*backend\s+"([\w-]+)"/m.exec(text.replace(/#.*$|\/\/.*$/gm, ''));
    if (match) return match[1]!;
  }
  return 'local';
}

export function localBackendRefusal(clusterDir: string): UserError {
  return new UserError(
    `opentofu-apply would keep the only copy of the tofu state in ${path.join(clusterDir, 'terraform.tfstate')} on this runner, ` +
      'which is discarded when the job ends: the cloud resources would be orphaned. Configure a remote backend in the cluster ' +
      'directory (backend "s3" — also for OpenStack Swift through its S3 API —, "http" or "pg"), or set tofu-state: artifact ' +
      'with tofu-state-passphrase to keep the state encrypted in a workflow artifact (artifacts expire; a remote backend is the durable choice).',
  );
}

/** The local tofu state, encrypted, as a file uploaded with the resume state. */
export function tofuStateCompanion(clusterDir: string, passphrase: string): CompanionFile {
  return {
    name: TOFU_STATE_ARTIFACT_FILE,
    async read() {
      const file = path.join(clusterDir, 'terraform.tfstate');
      if (!(await pathExists(file))) return undefined;
      return encryptWithPassphrase(await fs.readFile(file), passphrase);
    },
  };
}

/**
 * Puts a saved tofu state back before init, unless the runner already has one (a persistent
 * self-hosted runner): the newer local file wins and is uploaded at the next save.
 */
export async function restoreTofuState(fromDir: string, clusterDir: string, passphrase: string): Promise<boolean> {
  const saved = path.join(fromDir, TOFU_STATE_ARTIFACT_FILE);
  const target = path.join(clusterDir, 'terraform.tfstate');
  if (!(await pathExists(saved)) || (await pathExists(target))) return false;
  const bytes = await decryptBytesWithPassphrase(await fs.readFile(saved, 'utf8'), passphrase, 'the saved tofu state');
  await writeFileAtomic(target, bytes, 0o600);
  return true;
}
