import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planMarker, planRecordLine, type PlanRecord } from '../../src/github/comments/plan-comment.js';
import { OVERVIEW_MARKER } from '../../src/github/comments/plan-overview.js';
import { runAction } from '../support/action-runner.js';
import { INTEGRATION_LOGIN, startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { planRecord } from '../support/plan-record.js';

const REPO = 'acme/infra';
const TOKEN = 'ghs_overview_token_canary_6021';
const FORK_TOKEN = 'ghs_overview_fork_canary_6022';
const HEAD = 'c'.repeat(40);
const record = (over: Partial<PlanRecord> = {}) => planRecord(HEAD, { add: 2, durationMs: 30_000, ...over });
const planComment = (cluster: string, rec: PlanRecord) =>
  `${planMarker(cluster)}\n${planRecordLine(rec)}\n### Plan for \`${cluster}\`\n`;

/**
 * actions/plan-comment mode: overview as the runner runs it, against the GitHub stand-in: the plan
 * comments are those the matrix jobs left (seeded as the Actions bot), the overview is upserted.
 */
describe('actions/plan-comment mode: overview', () => {
  let gh: GitHubStandIn;
  let workDir: string;

  beforeAll(async () => {
    gh = await startGitHubStandIn({
      tokens: { [TOKEN]: { pullRequests: 'write' }, [FORK_TOKEN]: { pullRequests: 'read' } },
    });
    workDir = await mkdtemp(path.join(tmpdir(), 'overview-action-'));
  });
  afterAll(async () => gh?.close());

  async function overview(
    pr: number | undefined,
    inputs: Record<string, string>,
    token = TOKEN,
    headRepository = REPO,
  ) {
    const env: Record<string, string> = {
      ...gh.actionsEnv({ runId: 500, repository: REPO, workspace: workDir }),
      GITHUB_RUN_NUMBER: '31',
    };
    if (pr !== undefined) {
      const event = path.join(workDir, `event-${pr}.json`);
      await fs.writeFile(
        event,
        JSON.stringify({
          number: pr,
          pull_request: { number: pr, head: { sha: HEAD, repo: { full_name: headRepository } } },
        }),
      );
      Object.assign(env, { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event });
    }
    return runAction('dist/plan-comment/index.js', { env, inputs: { 'github-token': token, ...inputs } });
  }

  it('lists every cluster, names the failed and the missing, and updates the same comment on the next run', async () => {
    gh.seedComment(REPO, 3, INTEGRATION_LOGIN, planComment('acme/a', record()));
    gh.seedComment(REPO, 3, INTEGRATION_LOGIN, planComment('acme/b', record({ status: 'failed', add: 0 })));
    gh.seedComment(REPO, 3, INTEGRATION_LOGIN, planComment('acme/c', record({ commit: 'b'.repeat(40) })));
    gh.seedComment(REPO, 3, 'mallory', `${OVERVIEW_MARKER}\nquoted by someone`);
    const clusters = JSON.stringify(['acme/a', 'acme/b', 'acme/c', 'acme/d']);
    const first = await overview(3, { mode: 'overview', clusters });
    expect(first.code, first.stdout).toBe(0);
    const ours = gh
      .comments(REPO, 3)
      .filter((c) => c.author === INTEGRATION_LOGIN && c.body.startsWith(OVERVIEW_MARKER));
    expect(ours).toHaveLength(1);
    expect(first.outputs).toMatchObject({
      'comment-url': `https://github.com/${REPO}/pull/3#issuecomment-${ours[0]!.id}`,
      failed: '["acme/b"]',
      missing: '["acme/c","acme/d"]',
    });
    expect(ours[0]!.body).toContain(
      '### ❌ Plans for 4 clusters — 1 planned, **1 failed**, **2 without a plan for `ccccccc`**',
    );
    expect(ours[0]!.body).toContain(`[run #31](https://github.com/${REPO}/actions/runs/500)`);
    expect(first.summary).toBe(ours[0]!.body);

    gh.seedComment(REPO, 3, INTEGRATION_LOGIN, planComment('acme/d', record()));
    const second = await overview(3, { mode: 'overview', clusters });
    expect(second.code, second.stdout).toBe(0);
    const after = gh.comments(REPO, 3).filter((c) => c.body.startsWith(OVERVIEW_MARKER));
    expect(after.map((c) => [c.author, c.id])).toEqual([
      ['mallory', expect.any(Number)],
      [INTEGRATION_LOGIN, ours[0]!.id],
    ]);
    expect(after[0]!.body).toBe(`${OVERVIEW_MARKER}\nquoted by someone`);
    expect(second.outputs.missing).toBe('["acme/c"]');
  });

  it('without clusters, covers the clusters that commented, and says what it cannot see', async () => {
    gh.seedComment(REPO, 4, INTEGRATION_LOGIN, planComment('acme/x', record()));
    const run = await overview(4, { mode: 'overview' });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(
      '::notice title=cluster-deploy%3A overview without clusters::input clusters is not given: the overview covers the 1 clusters with a plan comment',
    );
    expect(gh.comments(REPO, 4).at(-1)!.body).toContain('### 📋 Plans for 1 cluster — 1 planned');
  });

  it('on a fork’s read-only token: no failure, the overview in the summary, a notice', async () => {
    gh.seedComment(REPO, 5, INTEGRATION_LOGIN, planComment('acme/a', record()));
    const run = await overview(5, { mode: 'overview', clusters: '["acme/a"]' }, FORK_TOKEN, 'contributor/infra');
    expect(run.code, run.stdout).toBe(0);
    expect(gh.comments(REPO, 5)).toHaveLength(1);
    expect(run.stdout).toMatch(
      /::notice title=cluster-deploy%3A no overview comment::cluster-deploy could not post the plan overview on pull request #5 \(POST .* answered 403.*\)\. Pull requests from forks get a read-only token, by design; the overview is in this job's summary\./,
    );
    expect(run.summary).toContain('### 📋 Plans for 1 cluster — 1 planned');
    expect(run.outputs['comment-url']).toBeUndefined();
  });

  it('posts nothing for no clusters when there is no overview yet', async () => {
    const run = await overview(6, { mode: 'overview', clusters: '[]' });
    expect(run.code, run.stdout).toBe(0);
    expect(gh.comments(REPO, 6)).toEqual([]);
    expect(run.stdout).toContain('no clusters: no overview comment');
  });

  it.each([
    [
      'an unknown mode',
      6,
      { mode: 'summary' },
      'input mode: "summary" is not a mode of actions/plan-comment; use post (the comments a fork\'s plan run left, the default) or overview',
    ],
    [
      'a mode with a newline',
      6,
      { mode: 'overview\nx' },
      'input mode: "overview\\nx" is not a mode of actions/plan-comment',
    ],
    [
      'clusters that are not JSON',
      6,
      { mode: 'overview', clusters: 'acme/a' },
      'input clusters: "acme/a" is not JSON; pass the targets action\'s clusters output',
    ],
    [
      'a hostile cluster name',
      6,
      { mode: 'overview', clusters: '["acme/a -->\\n<script>"]' },
      'input clusters[0]: "acme/a -->\\n<script>" is not "<org>/<cluster>"',
    ],
    [
      'run-id with overview',
      6,
      { mode: 'overview', 'run-id': '12' },
      'input run-id is for mode: post; mode: overview summarises the plan comments on the pull request of this run',
    ],
    [
      'clusters with post',
      undefined,
      { clusters: '["acme/a"]' },
      "input clusters is for mode: overview; mode post reads the clusters from the plan run's artifacts",
    ],
    [
      'overview outside a pull request',
      undefined,
      { mode: 'overview', clusters: '["acme/a"]' },
      'mode: overview runs in the pull_request workflow of the plans, in a job after the plan matrix (needs: [targets, plan]): this event has no pull request',
    ],
  ])('refuses %s with one clear line', async (_name, pr, inputs, message) => {
    const before = gh.requests.length;
    const run = await overview(pr, inputs as Record<string, string>);
    expect(run.code).toBe(1);
    const errors = run.stdout.split('\n').filter((l) => l.startsWith('::error'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message.replace(/\n/g, '%0A'));
    expect(run.stdout).not.toMatch(/internal error|\n\s+at /);
    expect(gh.requests.length).toBe(before); // nothing asked of GitHub
  });
});
