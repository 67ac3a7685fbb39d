import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planMarker, planRecordLine, readPlanRecord } from '../../src/github/comments/plan-comment.js';
import { runAction } from '../support/action-runner.js';
import { INTEGRATION_LOGIN, startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { plantArtifact } from '../support/planted-artifacts.js';
import { planRecord } from '../support/plan-record.js';

const REPO = 'acme/infra';
const FORK = 'contributor/infra';
const TOKEN = 'ghs_plan_comment_fork_canary_7310';
const HEAD = 'b'.repeat(40);
const J = '\u2060';
const record = planRecord(HEAD);

/**
 * actions/plan-comment mode: post, bundled and run as the runner runs it in a `workflow_run` workflow (the base
 * repository's token, pull-requests: write), on artifacts a fork's plan run left: whatever the fork's workflow wrote
 * into them, planted here with the real artifact client.
 */
describe("actions/plan-comment posts a fork's plan comment, trusting none of it", () => {
  let gh: GitHubStandIn;
  let workDir: string;

  beforeAll(async () => {
    gh = await startGitHubStandIn({ tokens: { [TOKEN]: { actions: 'read', pullRequests: 'write' } } });
    workDir = await mkdtemp(path.join(tmpdir(), 'plan-comment-fork-'));
  });
  afterAll(async () => {
    await gh?.close();
    await fs.rm(workDir, { recursive: true, force: true });
  });

  /** A fork's plan artifact: pull-request.json naming `cluster` (any JSON value) and `comment`. */
  const plant = (runId: number, name: string, cluster: unknown, comment: string, pr = 9) =>
    plantArtifact(gh, {
      runId,
      repository: REPO,
      headRepository: FORK,
      name,
      files: {
        'pull-request.json': JSON.stringify({
          number: pr,
          headSha: HEAD,
          cluster,
          marker: planMarker(String(cluster)),
        }),
        'comment.md': comment,
      },
    });

  async function post(planRunId: number) {
    const event = path.join(workDir, `workflow-run-${planRunId}.json`);
    await fs.writeFile(
      event,
      JSON.stringify({ action: 'completed', workflow_run: { id: planRunId, head_sha: HEAD, event: 'pull_request' } }),
    );
    return runAction('dist/plan-comment/index.js', {
      env: {
        ...gh.actionsEnv({ runId: 900 + planRunId, repository: REPO, workspace: workDir }),
        GITHUB_EVENT_NAME: 'workflow_run',
        GITHUB_EVENT_PATH: event,
      },
      inputs: { 'github-token': TOKEN },
    });
  }

  it('refuses a cluster that is not a cluster id, with a warning naming the artifact; none of it reaches the log as a command', async () => {
    gh.seedPullRequest(REPO, 9, HEAD);
    const hostile: [string, unknown][] = [
      ['newline', 'demo/sandbox\n::error title=forged::from the fork'],
      ['carriage-return', 'demo/sandbox\r::add-mask::demo'],
      ['stop-commands', 'demo/sandbox\n::stop-commands::fork-token'],
      ['closes-the-marker', 'demo/x --> <!-- y'],
      ['no-organisation', 'sandbox'],
      ['three-parts', 'demo/sandbox/x'],
      ['a-path', '../demo/sandbox'],
      ['empty', ''],
      ['huge', `demo/${'x'.repeat(10_000)}`],
      ['a-number', 42],
    ];
    for (const [name, cluster] of hostile)
      await plant(71, `cluster-deploy-plan-${name}`, cluster, `${planMarker(String(cluster))}\n### Plan\n`);
    const run = await post(71);
    expect(run.code, run.stdout).toBe(0);
    expect(gh.comments(REPO, 9)).toEqual([]);
    for (const [name] of hostile) {
      expect(run.stdout).toMatch(
        new RegExp(
          `^::warning::cluster-deploy-plan-${name} from run 71: not posted: pull-request\\.json is malformed \\(cluster: .*\\)$`,
          'm',
        ),
      );
    }
    // Ours: the token's mask, the artifact client's debug lines (escaped as every command's message), the refusals.
    const commands = run.stdout.split(/\r\n|\r|\n/).filter((line) => line.startsWith('::'));
    const refusal = /^::warning::cluster-deploy-plan-[a-z-]+ from run 71: not posted: /;
    const ours = (line: string) =>
      line === `::add-mask::${TOKEN}` || line.startsWith('::debug::') || refusal.test(line);
    expect(commands.filter((line) => !ours(line))).toEqual([]);
    expect(commands.filter((line) => refusal.test(line))).toHaveLength(hostile.length);
    expect(run.outputs['comment-urls']).toBe('[]');
  });

  it('posts its comment with no @mention that notifies and none of our markers but its own', async () => {
    gh.seedPullRequest(REPO, 10, HEAD);
    const marker = planMarker('demo/sandbox');
    const fake = planRecordLine({ ...record, status: 'failed', add: 99 });
    const comment = [
      marker,
      planRecordLine(record),
      '### Plan for `demo/sandbox` — cc @someone and @acme/platform-team',
      fake,
      '<!-- cluster-deploy-plan-overview -->',
      '<!--cluster-deploy-plan:acme/prod -->',
      '<details><summary>Full plan</summary>',
      '',
      '```diff',
      '+ owner = "@keep-me"',
      '```',
      '</details>',
      '',
    ].join('\n');
    await plant(72, 'cluster-deploy-plan-demo~sandbox', 'demo/sandbox', comment, 10);
    const run = await post(72);
    expect(run.code, run.stdout).toBe(0);
    const [posted] = gh.comments(REPO, 10);
    expect(posted).toMatchObject({ author: INTEGRATION_LOGIN });
    expect(posted!.body).toBe(
      [
        marker,
        planRecordLine(record),
        `### Plan for \`demo/sandbox\` — cc @${J}someone and @${J}acme/platform-team`,
        fake.replace('<!--', `<!${J}--`),
        `<!${J}-- cluster-deploy-plan-overview -->`,
        `<!${J}--cluster-deploy-plan:acme/prod -->`,
        '<details><summary>Full plan</summary>',
        '',
        '```diff',
        '+ owner = "@keep-me"',
        '```',
        '</details>',
        '',
      ].join('\n'),
    );
    // What the overview reads: the record in its place, not the fake one.
    expect(readPlanRecord(posted!.body)).toEqual(record);
    expect(run.stdout).toContain(
      `created the plan comment for demo/sandbox on #10: https://github.com/${REPO}/pull/10#issuecomment-${posted!.id}`,
    );
  });
});
