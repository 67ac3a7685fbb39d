import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UserError, errorMessage } from '../core/lib/errors.js';
import { ensurePrivateDir } from '../core/lib/files.js';
import { LocalStateStore, parseState, type DeployState, type StateStore } from '../core/model/state.js';
import { artifactClient, octokitFor, type RunContext } from './clients.js';
import { quietly } from './quiet.js';
import { describeRestError, isRestError, type GitHubApiError } from './rest-errors.js';

/** An artifact name per kind, org and cluster (artifact names allow no slashes or colons). */
export function artifactName(kind: 'state' | 'plan', organization: string, cluster: string): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-');
  return `cluster-deploy-${kind}-${safe(organization)}-${safe(cluster)}`;
}

export const stateArtifactName = (organization: string, cluster: string): string =>
  artifactName('state', organization, cluster);

/** A file that travels with the state in the artifact (the log, the encrypted tofu state). */
export interface CompanionFile {
  name: string;
  /** Current content to upload, or undefined to leave it out. */
  read(): Promise<Uint8Array | string | undefined>;
}

export interface ResumeOrigin {
  runId: number;
  runAttempt?: number;
  artifactId: number;
  createdAt?: string;
  /** Files that came with the state (e.g. the encrypted tofu state), by name, in a local folder. */
  dir: string;
}

function permissionHint(error: unknown, need: 'read' | 'write'): Error {
  const what = `the github-token cannot ${need === 'read' ? 'read' : 'replace'} workflow artifacts`;
  // A REST call (ours through octokitFor, or the artifact client's): described like every other, naming the endpoint.
  if (isRestError(error)) {
    const described = describeRestError(error, { permission: `actions: ${need}` }) as GitHubApiError;
    if (described.failure !== 'forbidden') return described;
    return new UserError(
      `${what} (${described.endpoint} answered ${described.status}: ${described.detail}); add "permissions: actions: ${need}" to the job`,
      { cause: error },
    );
  }
  const status = (error as { status?: number }).status;
  const message = errorMessage(error);
  if (status === 403 || /Resource not accessible by integration|403/.test(message)) {
    return new UserError(`${what} (${message}); add "permissions: actions: ${need}" to the job`);
  }
  return error instanceof Error ? error : new Error(message);
}

export interface FoundArtifact {
  id: number;
  runId: number;
  createdAt?: string;
}

const findBy = (run: RunContext, runId: number) => ({
  token: run.token,
  workflowRunId: runId,
  repositoryOwner: run.owner,
  repositoryName: run.repo,
});

/**
 * The newest artifact with this name: this run first (REST sees earlier attempts), then — unless
 * `scope` is 'run' — the repository's newest.
 */
export async function findNewestArtifact(
  run: RunContext,
  name: string,
  scope: 'run' | 'repository' = 'repository',
): Promise<FoundArtifact | undefined> {
  const client = await artifactClient();
  try {
    const thisRun = await quietly(() => client.listArtifacts({ findBy: findBy(run, run.runId) }));
    const mine = thisRun.artifacts
      .filter((a) => a.name === name)
      .sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0))[0];
    if (mine) return { id: mine.id, runId: run.runId, createdAt: mine.createdAt?.toISOString() };
    if (scope === 'run') return undefined;
    const octokit = await octokitFor(run);
    const { data } = await octokit.rest.actions.listArtifactsForRepo({
      owner: run.owner,
      repo: run.repo,
      name,
      per_page: 100,
    });
    const newest = data.artifacts
      .filter((a) => a.name === name && !a.expired && a.workflow_run?.id)
      .sort((a, b) => Date.parse(b.created_at ?? '') - Date.parse(a.created_at ?? ''))[0];
    return newest
      ? { id: newest.id, runId: newest.workflow_run!.id!, createdAt: newest.created_at ?? undefined }
      : undefined;
  } catch (error) {
    throw permissionHint(error, 'read');
  }
}

/** Downloads an artifact's files into a new private folder. */
export async function downloadArtifactFiles(run: RunContext, found: FoundArtifact): Promise<string> {
  const client = await artifactClient();
  const dir = await mkdtemp(path.join(tmpdir(), 'cluster-deploy-artifact-'));
  try {
    await quietly(() => client.downloadArtifact(found.id, { path: dir, findBy: findBy(run, found.runId) }));
  } catch (error) {
    throw permissionHint(error, 'read');
  }
  return dir;
}

/**
 * Resume state kept in workflow artifacts. Every save writes the local state file, then replaces
 * this run's artifact (delete, then upload: a name can be uploaded once per run). Loading looks in
 * this run first (earlier attempts, after "Re-run failed jobs"), then in the repository's newest.
 */
export class ArtifactStateStore implements StateStore {
  private readonly local: LocalStateStore;
  /** Where the state loaded from, for the log and the summary. */
  origin?: ResumeOrigin;
  private loading?: Promise<DeployState | undefined>;

  constructor(
    private readonly options: {
      run: RunContext;
      name: string;
      cluster: string;
      /** Local folder holding state.json and what is uploaded with it. */
      dir: string;
      companions: CompanionFile[];
    },
  ) {
    this.local = new LocalStateStore(path.join(options.dir, 'state.json'), options.cluster);
  }

  /** The artifact's name. */
  get name(): string {
    return this.options.name;
  }

  get location(): string {
    return `workflow artifact "${this.options.name}"`;
  }

  get statePath(): string {
    return this.local.file;
  }

  private findNewest() {
    return findNewestArtifact(this.options.run, this.options.name);
  }

  /** Downloads once per run; later calls return the same state. */
  load(): Promise<DeployState | undefined> {
    this.loading ??= this.download();
    return this.loading;
  }

  private async download(): Promise<DeployState | undefined> {
    const found = await this.findNewest();
    if (!found) return undefined;
    const dir = await downloadArtifactFiles(this.options.run, found);
    const source = `${this.location} (id ${found.id}, run ${found.runId})`;
    const text = await fs.readFile(path.join(dir, 'state.json'), 'utf8').catch(() => {
      throw new UserError(
        `${source} has no state.json; it was not made by this action. Delete it or set restart: true`,
      );
    });
    // Known before the state is validated, so the files that came with it stay usable with restart.
    this.origin = { runId: found.runId, artifactId: found.id, createdAt: found.createdAt, dir };
    const state = parseState(text, source, this.options.cluster);
    if (state.run?.id === found.runId) this.origin.runAttempt = state.run.attempt;
    return state;
  }

  async save(state: DeployState): Promise<void> {
    const { run } = this.options;
    const stamped = {
      ...state,
      run: {
        id: run.runId,
        attempt: run.runAttempt,
        url: `${run.serverUrl}/${run.owner}/${run.repo}/actions/runs/${run.runId}/attempts/${run.runAttempt}`,
      },
    };
    await this.local.save(stamped);
    await this.upload();
  }

  /** Uploads the local state and its companions, replacing this run's artifact. */
  async upload(): Promise<void> {
    const { name, dir, companions } = this.options;
    await ensurePrivateDir(dir);
    const files = [this.local.file];
    for (const companion of companions) {
      const content = await companion.read();
      if (content === undefined) continue;
      const file = path.join(dir, companion.name);
      await fs.writeFile(file, content, { mode: 0o600 });
      files.push(file);
    }
    const client = await artifactClient();
    try {
      await quietly(async () => {
        await client.deleteArtifact(name).catch((error: unknown) => {
          if (!/not found|404/i.test(errorMessage(error))) throw error;
        });
        await client.uploadArtifact(name, files, dir);
      });
    } catch (error) {
      throw permissionHint(error, 'write');
    }
  }
}
