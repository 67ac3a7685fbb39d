import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensurePrivateDir } from '../../core/lib/files.js';

/** Folders this process downloaded artifacts into: removed when the step ends (removeDownloads). */
const downloads = new Set<string>();

/**
 * A new private folder for a downloaded artifact, under RUNNER_TEMP: a self-hosted runner keeps the
 * OS temp dir across jobs (every run's state.json and deploy.log piled up there), while the runner
 * empties RUNNER_TEMP. The action wrapper removes it when the step ends, however it ends.
 */
export async function downloadDir(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const root = path.join(env.RUNNER_TEMP || tmpdir(), 'cluster-deploy-downloads');
  await ensurePrivateDir(root);
  const dir = await mkdtemp(path.join(root, 'artifact-'));
  downloads.add(dir);
  return dir;
}

/** Removes every folder downloadDir made in this process. */
export async function removeDownloads(): Promise<void> {
  for (const dir of downloads) {
    await fs.rm(dir, { recursive: true, force: true });
    downloads.delete(dir);
  }
}
