import { DefaultArtifactClient } from '@actions/artifact';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GitHubStandIn } from './github-services.js';

/**
 * Artifacts uploaded the way any job of a run could (a trusted one, a fork's pull request, another
 * branch's): by the real `@actions/artifact` client, with that run's runtime environment
 * (GitHubStandIn.actionsEnv), so the stand-in records which run uploaded them.
 */

/** Uploads `files` (paths under `root`) as artifact `name`, with `env` as the process environment meanwhile. */
export async function uploadAsRun(
  env: Record<string, string>,
  name: string,
  files: readonly string[],
  root: string,
): Promise<void> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    await new DefaultArtifactClient().uploadArtifact(name, [...files], root);
  } finally {
    process.env = saved;
  }
}

/** Uploads flat files, given by name and content, as artifact `name` of run `runId` of `repository`. */
export async function plantArtifact(
  gh: GitHubStandIn,
  artifact: {
    runId: number;
    repository: string;
    name: string;
    files: Record<string, string | Buffer>;
    branch?: string;
    headRepository?: string;
  },
): Promise<void> {
  const { runId, repository, name, files, branch, headRepository } = artifact;
  const dir = await fs.mkdtemp(path.join(tmpdir(), 'planted-'));
  try {
    for (const [file, content] of Object.entries(files)) await fs.writeFile(path.join(dir, file), content);
    const env = gh.actionsEnv({ runId, repository, workspace: dir, branch, headRepository });
    await uploadAsRun(
      env,
      name,
      Object.keys(files).map((file) => path.join(dir, file)),
      dir,
    );
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
