import { promises as fs } from 'node:fs';
import path from 'node:path';
import { UserError, errorMessage } from '../../core/lib/errors.js';
import { ensurePrivateDir } from '../../core/lib/files.js';
import { LocalStateStore, parseState, type DeployState, type StateStore } from '../../core/model/state.js';
import * as core from '../runner/actions-core.js';
import { downloadDir } from '../runner/downloads.js';
import { artifactClient, octokitFor, type Octokit, type RunContext } from '../runner/clients.js';
import { plainText } from '../runner/markdown.js';
import { quietly } from '../runner/quiet.js';
import { SEAL_FILE, writeSeal } from './state-seal.js';
import {
  describeIgnored,
  pickState,
  type IgnoredArtifact,
  type ListedArtifact,
  type PickedState,
  type StateArtifactSource,
  type StateTrust,
} from './state-picker.js';
import { describeRestError, isRestError, restFailure, type GitHubApiError } from '../runner/rest-errors.js';

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
  /** The branch of the run that wrote it, as GitHub reports it. */
  branch?: string;
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

/** A REST call's answer, or undefined when GitHub answers 404. */
const notFound = <T>(call: Promise<T>): Promise<T | undefined> =>
  call.catch((error: unknown) => {
    if ((error as { status?: number }).status === 404) return undefined;
    throw error;
  });

/** A call that needs contents: read (branches and commits), which the artifacts' actions: read does not cover. */
const contents = <T>(call: Promise<T>): Promise<T> =>
  call.catch((error: unknown) => {
    if (restFailure(error) !== 'forbidden') throw error;
    const described = describeRestError(error, { permission: 'contents: read' }) as GitHubApiError;
    throw new UserError(
      `the github-token cannot read the repository's branches and commits, which show whether a run's resume state came from a trusted branch (${described.endpoint} answered ${described.status}: ${described.detail}); add "permissions: contents: read" to the job`,
      { cause: error },
    );
  });

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

/** The newest artifact with this name uploaded by this run (REST sees earlier attempts). */
export async function findRunArtifact(run: RunContext, name: string): Promise<FoundArtifact | undefined> {
  const client = await artifactClient();
  try {
    const thisRun = await quietly(() => client.listArtifacts({ findBy: findBy(run, run.runId) }));
    const mine = thisRun.artifacts
      .filter((a) => a.name === name)
      .sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0))[0];
    return mine ? { id: mine.id, runId: run.runId, createdAt: mine.createdAt?.toISOString() } : undefined;
  } catch (error) {
    throw permissionHint(error, 'read');
  }
}

/** Downloads an artifact's files into a new private folder, removed when the step ends (downloads.ts). */
export async function downloadArtifactFiles(run: RunContext, found: FoundArtifact): Promise<string> {
  const client = await artifactClient();
  const dir = await downloadDir();
  try {
    await quietly(() => client.downloadArtifact(found.id, { path: dir, findBy: findBy(run, found.runId) }));
  } catch (error) {
    throw permissionHint(error, 'read');
  }
  return dir;
}

/**
 * Resume state kept in workflow artifacts. Every save writes the local state file, then replaces
 * this run's artifact (delete, then upload: a name can be uploaded once per run), sealed with the
 * state key (state-seal.ts). Loading takes the newest state a trusted run wrote (state-trust.ts):
 * this run's first (earlier attempts, after "Re-run failed jobs"), then the repository's, newest
 * first; anything else is passed over and named in the log and the job summary.
 */
export class ArtifactStateStore implements StateStore {
  private readonly local: LocalStateStore;
  /** Where the state loaded from, for the log and the summary. */
  origin?: ResumeOrigin;
  /** Artifacts of the state's name that were not restored, and why. */
  readonly ignored: IgnoredArtifact[] = [];
  private loading?: Promise<DeployState | undefined>;
  private repository?: Promise<{ id: number; defaultBranch: string }>;

  constructor(
    private readonly options: {
      run: RunContext;
      name: string;
      /** The same state under the name before "~", read to take it over. */
      legacyName?: string;
      cluster: string;
      /** Local folder holding state.json and what is uploaded with it. */
      dir: string;
      companions: CompanionFile[];
      trust: StateTrust;
      /** A plan or a check: reads the deploy's state, never writes one. */
      readOnly?: boolean;
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

  /** Downloads once per run; later calls return the same state. */
  load(): Promise<DeployState | undefined> {
    this.loading ??= this.download().finally(() => this.reportIgnored());
    return this.loading;
  }

  private repositoryFacts(octokit: Octokit) {
    const { run } = this.options;
    this.repository ??= octokit.rest.repos
      .get({ owner: run.owner, repo: run.repo })
      .then(({ data }) => ({ id: data.id, defaultBranch: data.default_branch }));
    return this.repository;
  }

  /** The picker's view of this repository: Octokit for the listings, the artifact client for the files. */
  private source(octokit: Octokit): StateArtifactSource {
    const { run } = this.options;
    return {
      repository: () => this.repositoryFacts(octokit),
      runArtifacts: async (runId, name) =>
        (
          await octokit.rest.actions.listWorkflowRunArtifacts({
            owner: run.owner,
            repo: run.repo,
            run_id: runId,
            name,
            per_page: 100,
          })
        ).data.artifacts,
      repositoryArtifacts: async function* (name) {
        const pages = octokit.paginate.iterator(octokit.rest.actions.listArtifactsForRepo, {
          owner: run.owner,
          repo: run.repo,
          name,
          per_page: 100,
        });
        for await (const page of pages) yield page.data as ListedArtifact[];
      },
      download: (found) => downloadArtifactFiles(run, found),
      workflowRun: async (runId) => {
        const answer = await notFound(
          octokit.rest.actions.getWorkflowRun({ owner: run.owner, repo: run.repo, run_id: runId }),
        );
        return (
          answer && { event: answer.data.event, head_branch: answer.data.head_branch, head_sha: answer.data.head_sha }
        );
      },
      branchHead: async (branch) =>
        (await contents(notFound(octokit.rest.repos.getBranch({ owner: run.owner, repo: run.repo, branch }))))?.data
          .commit.sha,
      compare: async (base, head) =>
        (
          await contents(
            notFound(
              octokit.rest.repos.compareCommitsWithBasehead({
                owner: run.owner,
                repo: run.repo,
                basehead: `${base}...${head}`,
                per_page: 1,
              }),
            ),
          )
        )?.data.status,
    };
  }

  private async download(): Promise<DeployState | undefined> {
    const { run, name, legacyName, cluster, trust } = this.options;
    let picked: PickedState | undefined;
    try {
      const octokit = await octokitFor(run);
      picked = await pickState(
        this.source(octokit),
        { name, legacyName, cluster, trust, runId: run.runId },
        this.ignored,
      );
    } catch (error) {
      // Our own refusals pass as they are; a failed API call says which permission it lacks.
      if (error instanceof UserError && !isRestError(error)) throw error;
      throw permissionHint(error, 'read');
    }
    if (!picked) return undefined;
    const { runId, artifactId, createdAt, branch, dir } = picked;
    // Known before the state is validated, so the files that came with it stay usable with restart.
    this.origin = { runId, artifactId, createdAt, branch, dir };
    const state = parseState(picked.text, picked.source, cluster);
    if (state.run?.id === runId) this.origin.runAttempt = state.run.attempt;
    if (picked.seal === 'unchecked') {
      core.notice(
        `resume state from run ${runId} read without checking its seal (no state-key in this job): used for this plan only; this job writes no state`,
      );
    } else if (picked.seal === 'unsealed') {
      await this.takeOver(dir, picked.name, runId, state);
    }
    return state;
  }

  /**
   * A state from before seals, from a trusted run: sealed and uploaded again as this run's (a plan or
   * check only says so), stamped with this run first, as a reader takes a seal only from the run it names.
   */
  private async takeOver(dir: string, artifact: string, runId: number, state: DeployState): Promise<void> {
    const what = `resume state ${artifact} from run ${runId} has no seal (written before state-key); accepted because a trusted run wrote it`;
    if (this.options.readOnly) {
      core.notice(`${what}; a deploy will seal it (this job writes no state)`);
      return;
    }
    await new LocalStateStore(path.join(dir, 'state.json'), this.options.cluster).save(this.stamped(state));
    const files = (await fs.readdir(dir)).filter((f) => f !== SEAL_FILE).map((f) => path.join(dir, f));
    files.push(await writeSeal(dir, files, this.options.cluster, this.options.trust.key!));
    await this.put(files, dir);
    core.notice(`${what}, and re-written sealed as this run's artifact "${this.options.name}"`);
  }

  /** Names what the search passed over, in the log and the job summary (at most 20 each). */
  private async reportIgnored(): Promise<void> {
    if (this.ignored.length === 0) return;
    const shown = this.ignored.slice(0, 20).map(describeIgnored);
    const more = this.ignored.length > shown.length ? [`and ${this.ignored.length - shown.length} more`] : [];
    core.warning([...shown, ...more].join('\n'), { title: 'cluster-deploy: resume state not restored' });
    const lines = [...shown, ...more].map((line) => `- ${plainText(line, { max: 400 })}`);
    await core.appendSummary(`#### Resume state not restored\n\n${lines.join('\n')}\n\n`).catch(() => undefined);
  }

  async save(state: DeployState): Promise<void> {
    await this.local.save(this.stamped(state));
    await this.upload();
  }

  /** The state as this run's: the run a reader checks against the artifact's (state-picker.ts). */
  private stamped(state: DeployState): DeployState {
    const { run } = this.options;
    return {
      ...state,
      run: {
        id: run.runId,
        attempt: run.runAttempt,
        url: `${run.serverUrl}/${run.owner}/${run.repo}/actions/runs/${run.runId}/attempts/${run.runAttempt}`,
      },
    };
  }

  /** Uploads the local state and its companions, sealed, replacing this run's artifact. */
  async upload(): Promise<void> {
    const { dir, companions, readOnly, trust, cluster } = this.options;
    // A plan runs code nobody reviewed yet: nothing it writes may be restored by a deploy.
    if (readOnly) throw new Error('a plan or a check never writes resume state');
    if (!trust.key) throw new UserError('state-key is not set: the resume state cannot be sealed');
    await ensurePrivateDir(dir);
    const files = [this.local.file];
    for (const companion of companions) {
      const content = await companion.read();
      if (content === undefined) continue;
      const file = path.join(dir, companion.name);
      await fs.writeFile(file, content, { mode: 0o600 });
      files.push(file);
    }
    files.push(await writeSeal(dir, files, cluster, trust.key));
    await this.put(files, dir);
  }

  private async put(files: string[], dir: string): Promise<void> {
    const { name } = this.options;
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
