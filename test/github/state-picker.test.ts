import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { removeDownloads } from '../../src/github/runner/downloads.js';
import { restStateSource } from '../../src/github/state/artifact-rest.js';
import { pickState, type IgnoredArtifact, type StateSearch } from '../../src/github/state/state-picker.js';
import { SEAL_FILE, SEALS_SINCE, writeSeal } from '../../src/github/state/state-seal.js';
import { parseTrustedBranches } from '../../src/github/state/state-trust.js';
import { RUN_SHA, startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { plantArtifact } from '../support/planted-artifacts.js';

const REPO = 'acme/infra';
const TOKEN = 'ghs_picker_token_canary_7171';
const NO_CONTENTS = 'ghs_picker_no_contents_7272';
const KEY = 'state-key-canary-7373-0123456789abcdefghij';
const CLUSTER = 'demo/sandbox';
const NAME = 'cluster-deploy-state-demo~sandbox';
const LEGACY = 'cluster-deploy-state-demo-sandbox';
/** main's history: an older commit, then the head every run checks out unless it says otherwise. */
const OLDER = 'e'.repeat(40);
/** A commit on no branch: a tag's, or a pull request's merge commit. */
const ELSEWHERE = 'd'.repeat(40);

/** state.json as a run of this action writes it: stamped with the run that saved it. */
const stateOf = (runId: number | undefined, note: string) =>
  JSON.stringify({
    version: 1,
    cluster: CLUSTER,
    ...(runId !== undefined && { run: { id: runId, attempt: 1 } }),
    note,
  });

/** The files of a state and its seal with the deploy's key, as a job that holds the key writes them. */
async function sealed(state: string): Promise<Record<string, string>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'picker-seal-'));
  try {
    await fs.writeFile(path.join(dir, 'state.json'), state);
    await writeSeal(dir, ['state.json'], CLUSTER, KEY);
    return { 'state.json': state, [SEAL_FILE]: await fs.readFile(path.join(dir, SEAL_FILE), 'utf8') };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The state picker against the GitHub stand-in through the REST source (`cluster-deploy kubeconfig`'s):
 * artifacts uploaded by the real artifact client from runs whose event, branch and commit GitHub
 * reports (GET /actions/runs/{id}), on a main whose history the stand-in knows (branches, compare).
 */
describe('which run’s resume state is picked', () => {
  let gh: GitHubStandIn;
  let repo: string;
  let n = 0;

  beforeAll(async () => {
    gh = await startGitHubStandIn({
      tokens: { [TOKEN]: { actions: 'read' }, [NO_CONTENTS]: { actions: 'read', contents: 'none' } },
    });
  });
  afterAll(() => gh?.close());
  afterEach(() => removeDownloads());

  /** A repository of its own per test: artifacts of one do not reach another. */
  const fresh = () => {
    repo = `${REPO}-${++n}`;
    gh.seedBranch(repo, 'main', [OLDER, RUN_SHA]);
  };

  const upload = (
    runId: number,
    files: Record<string, string>,
    run: { event?: string; branch?: string; headSha?: string; name?: string; createdAt?: string } = {},
  ) => plantArtifact(gh, { runId, repository: repo, name: run.name ?? NAME, files, ...run });

  async function pick(token = TOKEN, branches = '') {
    const ignored: IgnoredArtifact[] = [];
    const [owner, name] = repo.split('/') as [string, string];
    const search: StateSearch = {
      name: NAME,
      legacyName: LEGACY,
      cluster: CLUSTER,
      trust: { key: KEY, branches: parseTrustedBranches(branches) },
    };
    const picked = await pickState(restStateSource({ apiUrl: gh.url, owner, repo: name, token }), search, ignored);
    return { picked, ignored: ignored.map((i) => ({ runId: i.runId, reason: i.reason })) };
  }

  it('passes over a copy of a sealed state uploaded by another run (a replay), and takes the original', async () => {
    fresh();
    const original = await sealed(stateOf(100, 'old: steps done, old versions'));
    await upload(100, original);
    await upload(200, original); // the same files, unchanged: the seal holds for them
    const { picked, ignored } = await pick();
    expect(picked).toMatchObject({ runId: 100, seal: 'valid' });
    expect(ignored).toEqual([
      {
        runId: 200,
        reason: expect.stringMatching(
          /^artifact \d+ is a copy \(a replay\): its sealed state was written by run 100, not by run 200 that uploaded it$/,
        ),
      },
    ]);
  });

  it('passes over a sealed state that names no run', async () => {
    fresh();
    await upload(101, await sealed(stateOf(undefined, 'no run')));
    expect((await pick()).ignored).toEqual([{ runId: 101, reason: expect.stringContaining('written by no run') }]);
  });

  it('takes an unsealed state under the old name only if it was uploaded before seals, and then nothing else', async () => {
    fresh();
    await upload(110, { 'state.json': stateOf(110, 'legacy') }, { name: LEGACY });
    const before = gh.artifacts().length;
    const after = await pick();
    expect(after.picked).toBeUndefined();
    expect(after.ignored).toEqual([
      {
        runId: 110,
        reason: `it has no seal, and it was uploaded after this action began sealing state (${SEALS_SINCE})`,
      },
    ]);
    expect(gh.artifacts()).toHaveLength(before); // nothing taken over

    fresh();
    const earlier = new Date(Date.parse(SEALS_SINCE) - 86_400_000).toISOString();
    await upload(111, { 'state.json': stateOf(111, 'legacy') }, { name: LEGACY, createdAt: earlier });
    expect((await pick()).picked).toMatchObject({ runId: 111, seal: 'unsealed', name: LEGACY });
  });

  it('passes over a broken seal from a pull_request run that reports main, and takes the older valid state', async () => {
    fresh();
    await upload(120, await sealed(stateOf(120, 'trusted')));
    // A pull request from main into another branch: its run reports head_branch main, in this repository.
    await upload(
      121,
      { 'state.json': stateOf(121, 'forged'), [SEAL_FILE]: '{"version":1}' },
      {
        event: 'pull_request',
        headSha: ELSEWHERE,
      },
    );
    const { picked, ignored } = await pick();
    expect(picked).toMatchObject({ runId: 120, seal: 'valid' });
    expect(ignored).toEqual([{ runId: 121, reason: expect.stringContaining('started by "pull_request"') }]);
  });

  it('passes over a validly sealed state from the push of a tag named main', async () => {
    fresh();
    await upload(130, await sealed(stateOf(130, 'trusted')));
    // A tag push reports the tag's name as head_branch; its commit is on no branch.
    await upload(131, await sealed(stateOf(131, 'tag')), { event: 'push', headSha: ELSEWHERE });
    const { picked, ignored } = await pick();
    expect(picked).toMatchObject({ runId: 130 });
    expect(ignored).toEqual([
      {
        runId: 131,
        reason: `not a trusted run: its commit "dddddddddddd" is not on branch "main" (a tag of that name, or a commit since removed from the branch)`,
      },
    ]);
  });

  it.each([
    ['push of main', { event: 'push' }, undefined],
    ['push of an older commit of main', { event: 'push', headSha: OLDER }, undefined],
    ['workflow_dispatch on main', { event: 'workflow_dispatch' }, undefined],
    ['schedule', { event: 'schedule' }, undefined],
    ['pull_request_target (main’s workflow, the PR’s branch reported)', { event: 'pull_request_target' }, 'started by'],
    ['workflow_run (main’s workflow, the triggering run’s branch reported)', { event: 'workflow_run' }, 'started by'],
    ['merge_group', { event: 'merge_group' }, 'started by'],
    ['release (a tag)', { event: 'release' }, 'started by'],
    ['an event name with a line break', { event: 'push\nforged' }, 'started by "push\\u000aforged"'],
  ])('a sealed state of its own from a run started by %s', async (_name, run, reason) => {
    fresh();
    await upload(140, await sealed(stateOf(140, 'run')), run);
    const { picked, ignored } = await pick();
    if (reason === undefined) expect(picked).toMatchObject({ runId: 140, seal: 'valid' });
    else expect(ignored).toEqual([{ runId: 140, reason: expect.stringContaining(reason) }]);
  });

  // preview.yml: a pull request's deploys resume each other and its destroy finds their tofu state, on any branch.
  it.each([
    ['every branch (preview.yml)', '**', { event: 'pull_request', branch: 'feature/x' }, undefined],
    ['every branch, a tag', '**', { event: 'push', branch: 'v1', headSha: ELSEWHERE }, undefined],
    ['main and release/*', 'main, release/*', { event: 'pull_request' }, 'started by "pull_request"'],
    ['release/*, a tag named release/1', 'release/*', { branch: 'release/1', headSha: ELSEWHERE }, 'is not on branch'],
    ['release/*, a deleted branch', 'release/*', { branch: 'release/2' }, 'is not on branch "release/2"'],
  ])('with state-trusted-branches %s', async (_name, branches, run, reason) => {
    fresh();
    gh.seedBranch(repo, 'release/1', [OLDER]);
    await upload(145, await sealed(stateOf(145, 'run')), run);
    const { picked, ignored } = await pick(TOKEN, branches);
    if (reason === undefined) expect(picked).toMatchObject({ runId: 145, seal: 'valid' });
    else expect(ignored).toEqual([{ runId: 145, reason: expect.stringContaining(reason) }]);
  });

  it('still refuses a broken seal from a trusted run: passing over it would resume an older state', async () => {
    fresh();
    await upload(150, await sealed(stateOf(150, 'older')));
    const newer = await sealed(stateOf(151, 'newer'));
    await upload(151, { ...newer, 'state.json': stateOf(151, 'changed') });
    await expect(pick()).rejects.toThrow(/run 151 on branch "main"\) fails its check: state\.json was changed/);
  });

  it('names the permission when the token cannot read branches and commits', async () => {
    fresh();
    await upload(160, await sealed(stateOf(160, 'trusted')));
    await expect(pick(NO_CONTENTS)).rejects.toThrow(
      /GitHub API GET \/repos\/\{owner\}\/\{repo\}\/branches\/\{branch\} failed with 403.*"Contents: read"/,
    );
  });
});
