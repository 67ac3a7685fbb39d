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
    /** The run's event and commit (GitHubStandIn.actionsEnv). */
    event?: string;
    headSha?: string;
    /** When GitHub says it was uploaded (default: now). */
    createdAt?: string;
  },
): Promise<void> {
  const { runId, repository, name, files, branch, headRepository, event, headSha, createdAt } = artifact;
  const dir = await fs.mkdtemp(path.join(tmpdir(), 'planted-'));
  try {
    for (const [file, content] of Object.entries(files)) await fs.writeFile(path.join(dir, file), content);
    const env = gh.actionsEnv({ runId, repository, workspace: dir, branch, headRepository, event, headSha });
    await uploadAsRun(
      env,
      name,
      Object.keys(files).map((file) => path.join(dir, file)),
      dir,
    );
    if (createdAt) {
      const uploaded = gh.artifacts().filter((a) => a.runId === runId && a.name === name);
      gh.setArtifactCreatedAt(uploaded.sort((a, b) => b.id - a.id)[0]!.id, createdAt);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
