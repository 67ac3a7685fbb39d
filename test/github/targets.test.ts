import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { plainText } from '../../src/github/runner/markdown.js';
import { ROOT, runAction, type ActionRun } from '../support/action-runner.js';
import { clusterName, writeFleet } from '../support/fleet.js';
import { git as gitIn } from '../support/git.js';
import { startGitHubStandIn, type GitHubStandIn, type PullRequestFile } from '../support/github-services.js';
import { condition, evaluate } from '../support/workflow-expressions.js';

const REPO = 'acme/fleet';
const TOKEN = 'ghs_targets_token_canary_1729';
const NO_PR_TOKEN = 'ghs_targets_no_pr_canary_4104';

/**
 * actions/targets, bundled and run as the runner runs it, on a generated 30-cluster repository:
 * the pull request's files from the GitHub stand-in (paged, capped at 3000 as GitHub does), push
 * diffs from a real git repository.
 */
describe('actions/targets', () => {
  let gh: GitHubStandIn;
  let root: string;
  let base: string;
  let head: string;
  const git = (...args: string[]) => gitIn(root, ...args);

  beforeAll(async () => {
    gh = await startGitHubStandIn({
      tokens: { [TOKEN]: { pullRequests: 'read' }, [NO_PR_TOKEN]: { actions: 'read' } },
    });
    root = await mkdtemp(path.join(tmpdir(), 'targets-action-'));
    await writeFleet(root, {
      clusters: 30,
      uses: (i) => (i >= 20 && i < 25 ? ['net'] : []),
      moduleUses: { net: ['base'] },
    });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-qm', 'fleet');
    base = git('rev-parse', 'HEAD');
    await fs.appendFile(path.join(root, 'modules/net/main.tf'), '\n# wider subnet\n');
    await fs.rm(path.join(root, 'clusters', `${clusterName(29)}.yaml`));
    git('add', '-A');
    git('commit', '-qm', 'change');
    head = git('rev-parse', 'HEAD');
  });
  afterAll(async () => gh?.close());

  async function targets(
    event: { name: string; payload?: object | string },
    inputs: Record<string, string> = {},
    token = TOKEN,
  ): Promise<ActionRun> {
    const eventPath = path.join(root, '..', `${path.basename(root)}-event-${Math.random().toString(36).slice(2)}.json`);
    await fs.writeFile(
      eventPath,
      typeof event.payload === 'string' ? event.payload : JSON.stringify(event.payload ?? {}),
    );
    return runAction('dist/targets/index.js', {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...gh.actionsEnv({ runId: 7, repository: REPO, workspace: root }),
        GITHUB_EVENT_NAME: event.name,
        GITHUB_EVENT_PATH: eventPath,
      },
      inputs: { configs: 'clusters/*.yaml', all: 'false', 'github-token': token, ...inputs },
    });
  }
  const pr = (number: number, extra: object = {}) => ({
    name: 'pull_request',
    payload: {
      number,
      pull_request: { number, head: { sha: 'f'.repeat(40) }, base: { sha: 'e'.repeat(40) }, ...extra },
    },
  });
  /** The matrix job of examples/workflows/plan.yml given this run's outputs: whether it runs, and its matrix. */
  async function planJob(result: ActionRun) {
    const job = YAML.parse(await fs.readFile(path.join(ROOT, 'examples/workflows/plan.yml'), 'utf8')).jobs.plan;
    const contexts = { needs: { targets: { outputs: result.outputs } } };
    const runs = condition(job.if, contexts);
    const expression = /^\$\{\{(.*)\}\}$/.exec(job.strategy.matrix)![1]!;
    return { runs, matrix: runs ? JSON.parse(evaluate(`toJSON(${expression})`, contexts).coerceString()) : undefined };
  }
  const matrix = (result: ActionRun) =>
    (JSON.parse(result.outputs.matrix!) as { include: Record<string, string>[] }).include;

  it('a pull request changing 10 configs and a module 5 other clusters use: exactly those 15, from the file list paged 100 at a time', async () => {
    const configs = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18].map((i) => `clusters/${clusterName(i)}.yaml`);
    const noise = Array.from({ length: 240 }, (_, i) => ({ filename: `docs/page-${i}.md`, status: 'added' as const }));
    gh.seedPullRequestFiles(REPO, 11, [
      ...configs.map((filename) => ({ filename, status: 'modified' as const })),
      { filename: 'modules/base/main.tf', status: 'modified' },
      ...noise,
    ]);
    const result = await targets(pr(11, { changed_files: 251 }));
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.outputs.count).toBe('15');
    const include = matrix(result);
    expect(include).toHaveLength(15);
    expect(include[0]).toEqual({
      cluster: 'c0001',
      organization: 'acme',
      config: 'clusters/c0001.yaml',
      'cluster-dir': 'infrastructure/clusters/c0001',
    });
    expect(JSON.parse(result.outputs.clusters!)).toEqual(
      [
        ...configs.map((c) => `acme/${path.basename(c, '.yaml')}`),
        ...[20, 21, 22, 23, 24].map((i) => `acme/${clusterName(i)}`),
      ].sort(),
    );
    expect(result.outputs.deleted).toBe('[]');
    expect(await planJob(result)).toEqual({ runs: true, matrix: { include } });
    expect(result.summary).toContain('### Targets: 15 of 29 clusters');
    expect(result.summary).toContain('| `acme/c0001` | `clusters/c0001.yaml` | config changed |');
    // Reasons are shown as written, never as Markdown (plainText escapes their punctuation).
    expect(result.summary).toContain(
      `| \`acme/c0021\` | \`clusters/c0021.yaml\` | ${plainText('module modules/base used via infrastructure/clusters/c0021/main.tf → modules/net/main.tf changed (modules/base/main.tf)')} |`,
    );
    const pages = gh.requests.filter((r) => r.path === `/repos/${REPO}/pulls/11/files`);
    expect(pages.map((r) => [r.query.per_page, r.query.page ?? '1'])).toEqual([
      ['100', '1'],
      ['100', '2'],
      ['100', '3'],
    ]);
    expect(
      [result.stdout, result.summary, JSON.stringify(result.outputs)].join('\n').replace(/::add-mask::.*/, ''),
    ).not.toContain(TOKEN);
  });

  it('more than 3,000 changed files: GitHub lists 3,000, so every cluster, and the summary says why', async () => {
    gh.seedPullRequestFiles(
      REPO,
      12,
      Array.from({ length: 3500 }, (_, i) => ({ filename: `generated/f${i}.txt`, status: 'added' as const })),
    );
    const result = await targets(pr(12, { changed_files: 3500 }));
    expect(result.code).toBe(0);
    expect(result.outputs.count).toBe('29'); // the checkout's configs: c0030's is deleted at its head
    expect(result.summary).toContain(
      `Every cluster: ${plainText('pull request #12 changes 3500 files and GitHub lists only the first 3000, so every cluster is selected')}.`,
    );
    expect(result.stdout).toContain('::warning::pull request #12 changes 3500 files');
    expect(gh.requests.filter((r) => r.path === `/repos/${REPO}/pulls/12/files`)).toHaveLength(30);
  });

  it('a list shorter than the pull request says (changed_files read from the API when the event lacks it): every cluster', async () => {
    const files: PullRequestFile[] = [{ filename: 'clusters/c0001.yaml', status: 'modified' }];
    gh.seedPullRequestFiles(REPO, 13, files);
    const complete = await targets(pr(13));
    expect(complete.outputs.count).toBe('1');
    expect(gh.requests.some((r) => r.path === `/repos/${REPO}/pulls/13`)).toBe(true);
    const cut = await targets(pr(13, { changed_files: 2 }));
    expect(cut.outputs.count).toBe('29');
    expect(cut.summary).toContain(plainText('pull request #13 changes 2 files and GitHub lists only the first 1'));
  });

  it('a pull request whose commits are in the checkout: git, not the API; renamed and deleted files count', async () => {
    const before = gh.requests.length;
    const result = await targets(pr(14, { base: { sha: base }, head: { sha: head } }));
    expect(result.code).toBe(0);
    expect(gh.requests.length).toBe(before);
    expect(JSON.parse(result.outputs.clusters!)).toEqual([20, 21, 22, 23, 24].map((i) => `acme/${clusterName(i)}`));
    expect(JSON.parse(result.outputs.deleted!)).toEqual(['clusters/c0030.yaml']);
    expect(result.summary).toContain(
      '**Deleted config** `clusters/c0030.yaml`: its cluster is not deployed from here any more',
    );
    expect(result.stdout).toContain('::warning::config clusters/c0030.yaml was deleted');
  });

  it('a push: git diff of before and after; a new branch or a shallow checkout: every cluster', async () => {
    const push = await targets({ name: 'push', payload: { before: base, after: head } });
    expect(push.outputs.count).toBe('5');
    expect(JSON.parse(push.outputs.deleted!)).toEqual(['clusters/c0030.yaml']);
    const newBranch = await targets({ name: 'push', payload: { before: '0'.repeat(40), after: head } });
    expect(newBranch.outputs.count).toBe('29');
    expect(newBranch.summary).toContain(
      `Every cluster: ${plainText('a new branch: the push has no previous commit to compare with')}.`,
    );
    const shallow = await targets({ name: 'push', payload: { before: 'd'.repeat(40), after: head } });
    expect(shallow.outputs.count).toBe('29');
    expect(shallow.stdout).toContain(
      '::warning::commit ddddddd (before the push) is not in the checkout, so every cluster is selected; check out with fetch-depth: 0 to compare',
    );
  });

  it('workflow_dispatch, schedule and all: true select every cluster', async () => {
    for (const [event, inputs] of [
      ['workflow_dispatch', {}],
      ['schedule', {}],
      ['push', { all: 'true' }],
    ] as const) {
      const result = await targets({ name: event, payload: { before: base, after: head } }, inputs);
      expect(result.code).toBe(0);
      expect(result.outputs.count).toBe('29');
      expect(matrix(result)).toHaveLength(29);
    }
  });

  it('an empty matrix is still valid JSON with count 0', async () => {
    gh.seedPullRequestFiles(REPO, 15, [{ filename: 'README.md', status: 'modified' }]);
    const result = await targets(pr(15));
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ matrix: '{"include":[]}', count: '0', clusters: '[]', deleted: '[]' });
    expect(result.summary).toContain('No cluster is affected by this change.');
    expect((await planJob(result)).runs).toBe(false); // GitHub refuses an empty matrix: the guard skips the job
  });

  const bad: [string, { name: string; payload?: object | string }, Record<string, string>, string, RegExp][] = [
    [
      'a glob matching nothing',
      { name: 'workflow_dispatch' },
      { configs: 'clusterz/*.yaml' },
      TOKEN,
      /^::error::input configs: "clusterz\/\*\.yaml" matches no file in /m,
    ],
    [
      'a glob outside the repository',
      { name: 'workflow_dispatch' },
      { configs: '../*.yaml' },
      TOKEN,
      /^::error::input configs: "\.\.\/\*\.yaml" points outside the repository/m,
    ],
    [
      'a glob with a line break',
      { name: 'workflow_dispatch' },
      { configs: 'clusters/*.yaml\nfoo' },
      TOKEN,
      /^::error::input configs: contains a line break/m,
    ],
    [
      'all that is not a boolean',
      { name: 'workflow_dispatch' },
      { all: 'maybe' },
      TOKEN,
      /^::error::input all: "maybe" is not true or false$/m,
    ],
    [
      'a token without pull-requests: read',
      pr(11),
      {},
      NO_PR_TOKEN,
      /^::error::GitHub API GET \/repos\/\{owner\}\/\{repo\}\/pulls\/\{pull_number\}\/files failed with 403 \(Resource not accessible by integration\): the github-token may not do this; add "permissions: pull-requests: read" to the job$/m,
    ],
    [
      'a pull request event without a pull request',
      { name: 'pull_request', payload: {} },
      {},
      TOKEN,
      /^::error::the pull_request event has no pull request: the event payload \S+ has no pull_request with a number; run this action in a job the pull request triggers/m,
    ],
    [
      'a pull request number that is a string',
      { name: 'pull_request', payload: { pull_request: { number: '5' } } },
      {},
      TOKEN,
      /^::error::the pull_request event has no pull request: the event payload \S+ has no pull_request with a number;/m,
    ],
    [
      'a pull request event payload that is not JSON',
      { name: 'pull_request', payload: '{"pull_request": ' },
      {},
      TOKEN,
      /^::error::the pull_request event has no pull request: the event payload \S+ is missing or not JSON; run this action/m,
    ],
  ];
  it.each(bad)('bad input: %s', async (_, event, inputs, token, expected) => {
    const result = await targets(event, inputs, token);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(expected);
    expect(result.stdout).not.toContain('internal error');
    expect(result.stdout.replace(/::add-mask::.*/, '')).not.toContain(token);
  });
});
