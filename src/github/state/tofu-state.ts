import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { RefusalError, UserError } from '../../core/lib/errors.js';
import { pathExists, writeFileAtomic } from '../../core/lib/files.js';
import type { Pipeline } from '../../core/engine/pipeline.js';
import { kubesprayPaths } from '../../core/kubespray/paths.js';
import * as core from '../runner/actions-core.js';
import { ArtifactStateStore, type CompanionFile } from './artifact-store.js';
import { secretBox } from '../runner/clients.js';
import type { ActionSettings } from '../runner/inputs.js';
import { chooseTofuState, tofuStateFile } from '../../core/tofu/state-guard.js';
import { INVENTORY_ARTIFACT_FILE, KUBECONFIG_ARTIFACT_FILE, TOFU_STATE_ARTIFACT_FILE } from './artifact-names.js';

export { declaredBackend, tofuStateFile } from '../../core/tofu/state-guard.js';

export function localBackendRefusal(clusterDir: string): UserError {
  return new UserError(
    `opentofu-apply would keep the only copy of the tofu state in ${path.join(clusterDir, 'terraform.tfstate')} on this runner, ` +
      'which is discarded when the job ends: the cloud resources would be orphaned. Configure a remote backend in the cluster ' +
      'directory (backend "s3" — also for OpenStack Swift through its S3 API —, "http" or "pg"), or set tofu-state: artifact ' +
      'with tofu-state-passphrase to keep the state encrypted in a workflow artifact (artifacts expire; a remote backend is the durable choice).',
  );
}

/**
 * A runner-local file, encrypted, uploaded with the resume state (tofu state, kubeconfig). The state
 * is saved twice per step and scrypt is slow on purpose, so a file is encrypted again only when it
 * has changed.
 */
export function encryptedCompanion(name: string, file: string, passphrase: string): CompanionFile {
  let last: { digest: string; armored: string } | undefined;
  return {
    name,
    async read() {
      if (!(await pathExists(file))) return undefined;
      const content = await fs.readFile(file);
      const digest = createHash('sha256').update(content).digest('hex');
      if (last?.digest !== digest)
        last = { digest, armored: await (await secretBox()).encryptWithPassphrase(content, passphrase) };
      return last.armored;
    },
  };
}

/** A file saved with the resume state, decrypted; undefined when the resume state carried none. */
async function readSaved(fromDir: string, name: string, passphrase: string, what: string) {
  const saved = path.join(fromDir, name);
  if (!(await pathExists(saved))) return undefined;
  const { decryptBytesWithPassphrase } = await secretBox();
  return decryptBytesWithPassphrase(await fs.readFile(saved, 'utf8'), passphrase, what);
}

async function writePrivate(target: string, bytes: Uint8Array): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  await writeFileAtomic(target, bytes, 0o600);
}

/**
 * Puts a file saved with the resume state back on a fresh runner, unless the runner already has
 * one (a persistent self-hosted runner): the local file is newer and is uploaded at the next save.
 */
async function restoreEncrypted(
  fromDir: string,
  name: string,
  target: string,
  passphrase: string,
  what: string,
): Promise<boolean> {
  if (await pathExists(target)) return false;
  const bytes = await readSaved(fromDir, name, passphrase, what);
  if (!bytes) return false;
  await writePrivate(target, bytes);
  return true;
}

/**
 * The tofu state is not simply "the local file wins": an empty or older file on the runner would be
 * uploaded over the deploy's state at the next save. tofu/state-guard.ts decides which copy is used.
 */
async function restoreTofuState(fromDir: string, target: string, passphrase: string): Promise<string | undefined> {
  const what = 'the tofu state saved with the resume state';
  const saved = await readSaved(fromDir, TOFU_STATE_ARTIFACT_FILE, passphrase, what);
  if (!saved) return undefined;
  if (await pathExists(target)) {
    // A directory or an unreadable file where the state belongs: said, never a stack trace.
    const local = await fs.readFile(target).catch((error: NodeJS.ErrnoException) => {
      throw new RefusalError(
        `the tofu state ${target} cannot be read (${error.code ?? error.message}): move it aside so ${what} can be restored`,
      );
    });
    const choice = chooseTofuState(local, saved, { local: target, saved: what });
    if (choice.use === 'local') return `kept the runner's tofu state: ${choice.why}`;
    await writePrivate(target, saved);
    return `restored ${what}: ${choice.why}`;
  }
  await writePrivate(target, saved);
  return `restored ${what}`;
}

/**
 * After the resume state has loaded: the tofu state (tofu-state: artifact) and, for a run (not a
 * plan), the kubeconfig that travelled with it, back on this runner. Never the kubeconfig of a
 * destroyed cluster: a later job must not talk to whatever gets its address next.
 */
export async function restoreSavedFiles(
  p: Pipeline,
  settings: ActionSettings,
  what: { kubeconfig: boolean },
): Promise<void> {
  const store = p.store;
  if (!(store instanceof ArtifactStateStore) || !store.origin) return;
  const from = store.origin.dir;
  if (settings.tofuState === 'artifact') {
    const restored = await restoreTofuState(from, tofuStateFile(p.settings.clusterDir), settings.tofuStatePassphrase!);
    if (restored) core.info(restored);
  }
  if (!settings.kubeconfigPassphrase) return;
  // load() is the state already downloaded (origin is set by it); a corrupt one (restart) says nothing about a destroy.
  const saved = await store.load().catch(() => undefined);
  if (saved?.destroyedAt) {
    if (what.kubeconfig && (await pathExists(path.join(from, KUBECONFIG_ARTIFACT_FILE))))
      core.info(`not restoring the saved kubeconfig: the cluster was destroyed at ${saved.destroyedAt}`);
    return;
  }
  // The inventory the apply wrote on another runner: Kubespray, the node decisions of a plan and the check read it.
  if (
    await restoreEncrypted(
      from,
      INVENTORY_ARTIFACT_FILE,
      kubesprayPaths(p.settings).inventory,
      settings.kubeconfigPassphrase,
      'the saved inventory',
    )
  ) {
    core.info('restored the inventory saved with the resume state');
  }
  if (
    what.kubeconfig &&
    (await restoreEncrypted(
      from,
      KUBECONFIG_ARTIFACT_FILE,
      p.settings.kubeconfigPath,
      settings.kubeconfigPassphrase,
      'the saved kubeconfig',
    ))
  ) {
    core.info('restored the kubeconfig saved with the resume state');
  }
}
