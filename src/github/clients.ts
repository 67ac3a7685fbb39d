/**
 * The heavy libraries, each loaded on first use only: the bundler makes every `import()` here a
 * chunk of the shared bundle, so a step that never touches artifacts, the cache, the REST API or
 * encryption does not load them. Each alone, bundled, on Node 24: @actions/artifact ~140 ms,
 * @actions/cache ~110 ms, @actions/github ~45 ms, age ~25 ms; Node itself starts in ~25 ms.
 */
import type { ArtifactClient } from '@actions/artifact';
import type { getOctokit } from '@actions/github';
import type { RunContext } from './artifact-store.js';

export type Octokit = ReturnType<typeof getOctokit>;

let artifacts: Promise<ArtifactClient> | undefined;

/** The workflow-artifact client (one per process). */
export function artifactClient(): Promise<ArtifactClient> {
  artifacts ??= import('@actions/artifact').then(({ DefaultArtifactClient }) => new DefaultArtifactClient());
  return artifacts;
}

/** A REST client for the run's repository and API. */
export async function octokitFor(run: Pick<RunContext, 'token' | 'apiUrl'>): Promise<Octokit> {
  const { getOctokit } = await import('@actions/github');
  return getOctokit(run.token, { baseUrl: run.apiUrl });
}

/** The Actions cache client. */
export const actionsCache = (): Promise<typeof import('@actions/cache')> => import('@actions/cache');

/** Passphrase encryption (age). */
export const secretBox = (): Promise<typeof import('../core/secret-box.js')> => import('../core/secret-box.js');
