import { promises as fs } from 'node:fs';
import path from 'node:path';
import { RefusalError } from '../lib/errors.js';
import { pathExists } from '../lib/files.js';

/**
 * destroy and check must see the tofu state the deploy made: without it a destroy destroys nothing and
 * then forgets the cluster, and a check reports every resource as drift. One implementation for the CLI
 * and the actions (the engine's steps call it, and the action before it restores anything else).
 */

export const tofuStateFile = (clusterDir: string): string => path.join(clusterDir, 'terraform.tfstate');

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

/** Where tofu reads the state, in words: the local file, or the remote backend the code declares. */
export async function tofuStateLocation(clusterDir: string): Promise<string> {
  const backend = await declaredBackend(clusterDir);
  return backend === 'local'
    ? `at ${tofuStateFile(clusterDir)}`
    : `in the "${backend}" backend declared in ${clusterDir}`;
}

const KEPT_STATE =
  'its remote backend, the cluster directory the deploy ran in, or in the action tofu-state: artifact with the passphrase the deploy used';

export function missingStateForDestroy(clusterDir: string): RefusalError {
  return new RefusalError(
    `opentofu-destroy: there is no tofu state at ${tofuStateFile(clusterDir)} (a local backend), so it would destroy nothing while the ` +
      `cloud resources stay, and then forget the cluster. Destroy with the state the deploy kept: ${KEPT_STATE} (a state artifact expires; with none left, delete the resources in OpenStack by hand).`,
  );
}

export function missingStateForCheck(clusterDir: string): RefusalError {
  return new RefusalError(
    `opentofu-drift: there is no tofu state at ${tofuStateFile(clusterDir)} (a local backend), so every resource would show as drift. ` +
      `Check with the state the deploy kept: ${KEPT_STATE} (state-store: artifact, github-token with actions: read).`,
  );
}

/** A local backend without its state file: refused for the steps that read the state (destroy, drift). */
export async function requireLocalTofuState(clusterDir: string, step: 'opentofu-destroy' | 'opentofu-drift') {
  if ((await declaredBackend(clusterDir)) !== 'local' || (await pathExists(tofuStateFile(clusterDir)))) return;
  throw step === 'opentofu-destroy' ? missingStateForDestroy(clusterDir) : missingStateForCheck(clusterDir);
}

/**
 * A destroy plan that destroys nothing while the resume state records a deploy: the state tofu read is
 * not the deploy's (an empty state file, another workspace or backend key). Refused before the apply,
 * so forget-cluster never runs for a cluster that is still there.
 */
export async function emptyStateForDestroy(clusterDir: string, cluster: string, deployedAt: string) {
  return new RefusalError(
    `opentofu-destroy: the tofu state ${await tofuStateLocation(clusterDir)} holds no resources, while the resume state records a deploy of ${cluster} (${deployedAt}): ` +
      `destroying would destroy nothing and then forget the cluster. Destroy with the state the deploy used: ${KEPT_STATE}. ` +
      'If its resources are already gone (deleted by hand), run the destroy with --restart (input restart: true) to forget it.',
  );
}
