import { promises as fs } from 'node:fs';
import path from 'node:path';
import { quoteInput } from '../../core/lib/echo.js';
import { UserError } from '../../core/lib/errors.js';
import { checkSeal, SEALS_SINCE } from './state-seal.js';
import {
  untrustedReason,
  untrustedRunReason,
  trustsEveryBranch,
  type ArtifactRun,
  type RunDetails,
  type TrustedBranches,
} from './state-trust.js';

/**
 * Which resume state artifact may be read: the one rule for the actions (ArtifactStateStore) and for
 * `cluster-deploy kubeconfig`. Each reaches GitHub its own way (Octokit and the artifact client in a
 * job, plain REST calls with a person's token on a laptop): a StateArtifactSource.
 */

/** An artifact as "List artifacts for a repository" / "List workflow run artifacts" describe it (the fields read). */
export interface ListedArtifact {
  id: number;
  name: string;
  expired: boolean;
  created_at: string | null;
  workflow_run?: ArtifactRun | null;
}

/** How the picker reaches GitHub. */
export interface StateArtifactSource {
  /** The repository's id and default branch (GET /repos/{owner}/{repo}). */
  repository(): Promise<{ id: number; defaultBranch: string }>;
  /** The artifacts of this name uploaded by one workflow run (the reading job's own run). */
  runArtifacts?(runId: number, name: string): Promise<ListedArtifact[]>;
  /** The repository's artifacts of this name, page by page. */
  repositoryArtifacts(name: string): AsyncIterable<ListedArtifact[]>;
  /** Downloads an artifact's files into a new private folder and returns it. */
  download(artifact: { id: number; runId: number }): Promise<string>;
  /** GET /repos/{owner}/{repo}/actions/runs/{run_id}; undefined when GitHub knows no such run (404). */
  workflowRun(runId: number): Promise<RunDetails | undefined>;
  /** The commit at the head of a branch (GET /repos/{owner}/{repo}/branches/{branch}); undefined when there is none. */
  branchHead(branch: string): Promise<string | undefined>;
  /** The status of GET /repos/{owner}/{repo}/compare/{base}...{head}; undefined when a commit is unknown (404). */
  compare(base: string, head: string): Promise<CompareStatus | undefined>;
}

/** The `status` of GitHub's `commit-comparison` schema: how head relates to base. */
export type CompareStatus = 'ahead' | 'behind' | 'identical' | 'diverged';

/** Which state a reader may take, and with what key it checks (and an action seals) it. */
export interface StateTrust {
  /** HMAC key of the seal (state-key). A plan job may lack it: it then reads trusted runs' state unchecked, and writes none. */
  key?: string;
  branches: TrustedBranches;
}

/** One artifact the search passed over, for the log and the summary. */
export interface IgnoredArtifact {
  name: string;
  runId?: number;
  branch?: string;
  reason: string;
}

export const describeIgnored = (i: IgnoredArtifact): string =>
  `ignored ${i.name}${i.runId ? ` from run ${i.runId}` : ''}${i.branch ? ` on branch ${quoteInput(i.branch, 100)}` : ''}: ${i.reason}`;

export interface StateSearch {
  name: string;
  /** The same state under the name before "~", read to take it over. */
  legacyName?: string;
  cluster: string;
  trust: StateTrust;
  /** The reading job's run: its own artifacts come first, and count when sealed even if the branch is not trusted. */
  runId?: number;
  /** What to do about a trusted artifact that cannot be used, for the reader's refusal (default: a job's). */
  advice?: string;
}

const JOB_ADVICE = 'delete the artifact (or set restart: true to start over)';

/** The state the search took, its files still in `dir`. */
export interface PickedState {
  /** state.json as it came, not yet validated (a caller keeps the files usable with restart). */
  text: string;
  /** The artifact in words, for messages. */
  source: string;
  name: string;
  artifactId: number;
  runId: number;
  createdAt?: string;
  branch?: string;
  dir: string;
  /** valid: its seal holds; unchecked: no key to check it with; unsealed: from before seals, under the old name. */
  seal: 'valid' | 'unchecked' | 'unsealed';
}

/** An artifact of the state's name, as "List artifacts" describes it. */
interface Candidate {
  id: number;
  name: string;
  createdAt?: string;
  run: ArtifactRun;
  /** Uploaded by the reading job's run (an earlier job or attempt). */
  own: boolean;
  /** The name before "~": may be another cluster's. */
  legacy: boolean;
}

/**
 * The reading run's artifacts of the state's name, then the repository's, newest first, page by page
 * (a flood of newer forged ones cannot push the trusted one out of sight); then those of the name
 * before "~".
 */
async function* candidates(source: StateArtifactSource, search: StateSearch): AsyncGenerator<Candidate> {
  const { name, legacyName, runId } = search;
  const toCandidate = (a: ListedArtifact): Candidate => ({
    id: a.id,
    name: a.name,
    createdAt: a.created_at ?? undefined,
    run: a.workflow_run ?? {},
    own: runId !== undefined && a.workflow_run?.id === runId,
    legacy: a.name !== name,
  });
  const newestFirst = (list: ListedArtifact[], wanted: string) =>
    list
      .filter((a) => a.name === wanted && !a.expired)
      .sort((a, b) => Date.parse(b.created_at ?? '') - Date.parse(a.created_at ?? ''));
  if (runId !== undefined && source.runArtifacts)
    for (const a of newestFirst(await source.runArtifacts(runId, name), name)) yield { ...toCandidate(a), own: true };
  for (const wanted of [name, ...(legacyName ? [legacyName] : [])])
    for await (const page of source.repositoryArtifacts(wanted))
      for (const a of newestFirst(page, wanted))
        if (wanted !== name || runId === undefined || a.workflow_run?.id !== runId) yield toCandidate(a);
}

/**
 * The newest state a trusted run wrote (state-trust.ts), sealed with the key when there is one
 * (state-seal.ts) by the run that uploaded it; what it passed over is added to `ignored`. A trusted
 * run's state that fails its check is refused outright: a changed state could make a run skip steps
 * that never ran, and passing over it would resume an older one. Anything else that fails is passed over.
 */
export async function pickState(
  source: StateArtifactSource,
  search: StateSearch,
  ignored: IgnoredArtifact[],
): Promise<PickedState | undefined> {
  let repository: { id: number; defaultBranch: string } | undefined;
  for await (const candidate of candidates(source, search)) {
    repository ??= await source.repository();
    const picked = await consider(source, search, repository, candidate, ignored);
    if (picked) return picked;
  }
  return undefined;
}

/** This artifact's state if a trusted run wrote it; records why not; refuses a trusted one that was changed. */
async function consider(
  source: StateArtifactSource,
  search: StateSearch,
  repository: { id: number; defaultBranch: string },
  candidate: Candidate,
  ignored: IgnoredArtifact[],
): Promise<PickedState | undefined> {
  const { cluster, trust } = search;
  const branch = candidate.run.head_branch ?? undefined;
  const ignore = (reason: string) => {
    ignored.push({ name: candidate.name, runId: candidate.run.id, branch, reason });
    return undefined;
  };
  const untrusted = untrustedReason(candidate.run, repository.id, trust.branches, repository.defaultBranch);
  // Another run's state counts only from a trusted run; this run's (same workflow, same commit) also when sealed.
  if (untrusted && !candidate.own) return ignore(untrusted);
  if (!candidate.own) {
    const notTrusted = await runNotTrusted(source, candidate.run.id!, trust, repository);
    if (notTrusted) return ignore(notTrusted);
  }
  const runId = candidate.run.id ?? search.runId ?? 0;
  const dir = await source.download({ id: candidate.id, runId });
  const described = `workflow artifact "${candidate.name}" (id ${candidate.id}, run ${runId}${branch ? ` on branch ${quoteInput(branch, 100)}` : ''})`;
  const text = await fs.readFile(path.join(dir, 'state.json'), 'utf8').catch(() => undefined);
  const fields = stateFields(text);
  if (candidate.legacy) {
    // The old name is shared by acme-prod/east and acme/prod-east: only this cluster's state is taken over.
    if (fields.cluster !== cluster)
      return ignore(`not the state of ${cluster} (an artifact name from before "~" separated org and cluster)`);
  }
  const seal = trust.key ? await checkSeal(dir, cluster, trust.key) : undefined;
  if (seal?.kind === 'broken') {
    if (untrusted) return ignore(`${untrusted}, and ${seal.reason}`);
    throw new UserError(
      `resume state ${described} fails its check: ${seal.reason}. It is not restored: a changed state could make the run skip steps that never ran. Check who can write this repository's artifacts, then ${search.advice ?? JOB_ADVICE}`,
    );
  }
  if (untrusted && seal?.kind !== 'valid') return ignore(untrusted);
  // Only state from before seals may lack one, and that carries the old name: this version seals all it writes, so
  // an unsealed artifact under the new name, or uploaded since, was made by something else (another workflow of a
  // trusted branch, say).
  if (seal?.kind === 'unsealed' && candidate.name !== search.legacyName)
    return ignore('it has no seal, and every state this action writes under this name is sealed');
  if (seal?.kind === 'unsealed' && !(Date.parse(candidate.createdAt ?? '') < Date.parse(SEALS_SINCE)))
    return ignore(`it has no seal, and it was uploaded after this action began sealing state (${SEALS_SINCE})`);
  // The seal holds for whoever uploads a copy: the run it names must be the one that uploaded it.
  if (seal?.kind === 'valid') {
    const writer = typeof fields.run?.id === 'number' ? fields.run.id : undefined;
    if (writer !== runId)
      return ignore(
        `artifact ${candidate.id} is a copy (a replay): its sealed state was written by ${writer === undefined ? 'no run' : `run ${writer}`}, not by run ${runId} that uploaded it`,
      );
  }
  if (text === undefined)
    throw new UserError(
      `${described} has no state.json; it was not made by this action: ${search.advice ?? JOB_ADVICE}`,
    );
  return {
    text,
    source: described,
    name: candidate.name,
    artifactId: candidate.id,
    runId,
    createdAt: candidate.createdAt,
    branch,
    dir,
    seal: seal === undefined ? 'unchecked' : seal.kind === 'valid' ? 'valid' : 'unsealed',
  };
}

/** The two fields of a state.json the picker reads before the schema does: whose state, and which run wrote it. */
function stateFields(text: string | undefined): { cluster?: unknown; run?: { id?: unknown } } {
  try {
    const parsed: unknown = JSON.parse(text ?? '');
    return parsed !== null && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * Why another run that looks trusted in the listing is not, or undefined: GitHub's record of it must
 * show an event that runs the branch's own code, and its commit must be on that branch (a tag of
 * the branch's name is not; unless every branch is trusted, and with it whoever can push a tag).
 */
async function runNotTrusted(
  source: StateArtifactSource,
  runId: number,
  trust: StateTrust,
  repository: { defaultBranch: string },
): Promise<string | undefined> {
  const run = await source.workflowRun(runId);
  if (!run) return 'GitHub no longer knows the run that uploaded it';
  const reason = untrustedRunReason(run, trust.branches, repository.defaultBranch);
  if (reason || trustsEveryBranch(trust.branches)) return reason;
  const branch = run.head_branch!;
  const head = /^[0-9a-f]{40,64}$/.test(run.head_sha) ? await source.branchHead(branch) : undefined;
  const status = head === undefined ? undefined : await source.compare(run.head_sha, head);
  if (status !== 'ahead' && status !== 'identical')
    return `not a trusted run: its commit ${quoteInput(run.head_sha.slice(0, 12), 20)} is not on branch ${quoteInput(branch, 100)} (a tag of that name, or a commit since removed from the branch)`;
  return undefined;
}
