import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { decryptBytesWithPassphrase } from '../../src/core/lib/secret-box.js';
import { planMarker, readPlanRecord } from '../../src/github/comments/plan-comment.js';
import { runAction, type ActionRun } from '../support/action-runner.js';
import { INTEGRATION_LOGIN, startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { CONFIG_SECRET, freshRunner, type Runner } from '../support/sandbox.js';

const REPO = 'acme/infra';
const TOKEN = 'ghs_plan_token_canary_3141';
const FORK_TOKEN = 'ghs_fork_token_canary_2718';
const PLAN_PASSPHRASE = 'plan-passphrase-canary-1618';
const PLAN_ARTIFACT = 'cluster-deploy-plan-demo~sandbox';
const STATE_KEY = 'state-key-canary-4242-0123456789abcdefghij';
const MARKER = planMarker('demo/sandbox');

/**
 * `tofu plan` on a pull request, run as the runner runs the bundled actions: real terraform on the
 * sandbox, the real Octokit and artifact clients against a stand-in of GitHub's REST and artifact
 * services, which records every request.
 */
describe('plan on a pull request', () => {
  let gh: GitHubStandIn;
  let sandbox: PreparedSandbox;
  let workDir: string;
  let toolEnv: Record<string, string>;
  const runs: ActionRun[] = [];

  beforeAll(async () => {
    gh = await startGitHubStandIn({
      tokens: {
        [TOKEN]: { actions: 'write', pullRequests: 'write' },
        [FORK_TOKEN]: { actions: 'read', pullRequests: 'read' },
      },
    });
    ({ workDir, sandbox, toolEnv } = await freshRunner('plan-runner-'));
  });
  afterAll(async () => {
    await sandbox?.close();
    await gh?.close();
  });

  async function pullRequestEvent(number: number, headRepository: string): Promise<string> {
    const file = path.join(workDir, `event-${number}.json`);
    await fs.writeFile(
      file,
      JSON.stringify({
        action: 'synchronize',
        number,
        pull_request: {
          number,
          head: { sha: 'b'.repeat(40), repo: { full_name: headRepository } },
          base: { repo: { full_name: REPO } },
        },
      }),
    );
    return file;
  }

  async function plan(options: {
    runId: number;
    pr?: number;
    fork?: boolean;
    extraEnv?: Record<string, string>;
    inputs?: Record<string, string>;
  }): Promise<ActionRun> {
    const token = options.fork ? FORK_TOKEN : TOKEN;
    const event: Record<string, string> =
      options.pr === undefined
        ? {}
        : {
            GITHUB_EVENT_NAME: 'pull_request',
            GITHUB_EVENT_PATH: await pullRequestEvent(options.pr, options.fork ? 'contributor/infra' : REPO),
          };
    const result = await runAction('dist/tofu/index.js', {
      env: {
        ...toolEnv,
        ...gh.actionsEnv({ runId: options.runId, repository: REPO, workspace: workDir }),
        GITHUB_SHA: 'a'.repeat(40),
        GITHUB_RUN_NUMBER: '42',
        // The sandbox's cloud.conf takes the credential: unredacted, it would be in the plan text.
        TF_VAR_os_application_credential_secret: CONFIG_SECRET,
        ...event,
        ...options.extraEnv,
      },
      inputs: {
        config: sandbox.configPath,
        mode: 'plan',
        'state-store': 'none',
        'skip-auth-check': 'true',
        'github-token': token,
        ...options.inputs,
      },
    });
    runs.push(result);
    return result;
  }

  it('comments the plan on the pull request, then updates the same comment on the next push', async () => {
    const first = await plan({ runId: 101, pr: 7 });
    expect(first.code, first.stdout).toBe(0);
    expect(first.outputs).toMatchObject({
      result: 'planned',
      'has-changes': 'true',
      'to-change': '0',
      'to-destroy': '0',
      'to-replace': '0',
      'plan-artifact': PLAN_ARTIFACT,
    });
    const added = Number(first.outputs['to-add']);
    expect(added).toBeGreaterThanOrEqual(6);
    expect(existsSync(first.outputs['plan-file']!)).toBe(true);

    const [comment] = gh.comments(REPO, 7);
    expect(comment).toMatchObject({ author: INTEGRATION_LOGIN });
    expect(first.outputs['comment-url']).toBe(`https://github.com/${REPO}/pull/7#issuecomment-${comment!.id}`);
    expect(comment!.body.startsWith(MARKER)).toBe(true);
    expect(comment!.body).toContain(`### 🟡 Plan for \`demo/sandbox\` — ${added} to add, 0 to change, 0 to destroy`);
    expect(comment!.body).toContain('| ➕ create | `terraform_data.cloud_conf` |');
    expect(comment!.body).toContain('| ➕ create | `module.worker[0].terraform_data.server` |');
    expect(comment!.body).toContain('**An apply would run:** `opentofu-init` → `opentofu-plan` → `opentofu-apply`'); // actions/tofu's steps; openstack-capacity has nothing to do with skip-auth-check
    expect(comment!.body).toMatch(/^\+\s+application-credential-secret = "\*\*\*"$/m); // the redactor, in the plan text
    expect(comment!.body).toContain(`[run #42](https://github.com/${REPO}/actions/runs/101)`);
    expect(comment!.body).toContain('commit `bbbbbbb`');
    // The hidden record the overview reads, on the line after the marker: counts as the headline's, this commit.
    expect(comment!.body.split('\n')[1]).toMatch(/^<!-- cluster-deploy-plan-record:\{.*\} -->$/);
    expect(readPlanRecord(comment!.body)).toEqual({
      status: 'ok',
      operation: 'deploy',
      add: added,
      change: 0,
      destroy: 0,
      replace: 0,
      startedAt: expect.any(String),
      durationMs: expect.any(Number),
      commit: 'b'.repeat(40),
    });
    expect(first.summary).toContain('Deploy plan for `demo/sandbox`');
    expect(first.summary).toContain('terraform_data.cloud_conf');

    const second = await plan({ runId: 102, pr: 7, extraEnv: { TF_VAR_worker_count: '2' } });
    expect(second.code, second.stdout).toBe(0);
    expect(Number(second.outputs['to-add'])).toBeGreaterThan(added);
    const comments = gh.comments(REPO, 7);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.id).toBe(comment!.id);
    expect(comments[0]!.body).toContain('module.worker[1]');
    expect(second.outputs['comment-url']).toBe(first.outputs['comment-url']);

    const artifact = gh.artifacts().find((a) => a.name === PLAN_ARTIFACT && a.runId === 102)!;
    const files = await gh.artifactFiles(artifact.id);
    expect(Object.keys(files).sort()).toEqual(['comment.md', 'plan.txt', 'pull-request.json']);
    expect(files['plan.txt']!.toString()).toContain('module.worker[1]');
    expect(JSON.parse(files['pull-request.json']!.toString())).toMatchObject({
      number: 7,
      cluster: 'demo/sandbox',
      marker: MARKER,
    });
  });

  it('on a fork: no failure, the plan in the summary, and a notice on commenting safely', async () => {
    const run = await plan({ runId: 104, pr: 9, fork: true });
    expect(run.code, run.stdout).toBe(0);
    expect(gh.comments(REPO, 9)).toEqual([]);
    const notice = /^::notice title=cluster-deploy%3A no plan comment::(.*)$/m.exec(run.stdout)?.[1] ?? '';
    expect(notice).toContain('could not comment on pull request #9');
    expect(notice).toContain('forks get a read-only token');
    expect(notice).toContain('`workflow_run` with the actions/plan-comment action');
    expect(notice).toMatch(/Do not switch to `pull_request_target`/);
    expect(run.summary).toContain('Plan for `demo/sandbox`');
    expect(run.outputs['comment-url']).toBeUndefined();
  });

  it('a workflow_run workflow posts the fork’s comment, only on the pull request at the planned commit', async () => {
    gh.seedPullRequest(REPO, 9, 'b'.repeat(40));
    gh.seedPullRequest(REPO, 12, 'd'.repeat(40)); // someone else's pull request
    // A fork's run that planned commit b… but names #12 in its artifact, as a modified workflow could.
    const forged = await plan({ runId: 120, pr: 12, fork: true });
    expect(forged.code, forged.stdout).toBe(0);

    const post = async (planRunId: number) => {
      const event = path.join(workDir, `workflow-run-${planRunId}.json`);
      await fs.writeFile(
        event,
        JSON.stringify({
          action: 'completed',
          workflow_run: { id: planRunId, head_sha: 'b'.repeat(40), event: 'pull_request' },
        }),
      );
      const result = await runAction('dist/plan-comment/index.js', {
        env: {
          ...gh.actionsEnv({ runId: 300 + planRunId, repository: REPO, workspace: workDir }),
          GITHUB_EVENT_NAME: 'workflow_run',
          GITHUB_EVENT_PATH: event,
        },
        inputs: { 'github-token': TOKEN },
      });
      runs.push(result);
      return result;
    };
    const posted = await post(104);
    expect(posted.code, posted.stdout).toBe(0);
    const [comment] = gh.comments(REPO, 9);
    expect(gh.comments(REPO, 9)).toHaveLength(1);
    expect(comment).toMatchObject({ author: INTEGRATION_LOGIN });
    expect(comment!.body.startsWith(MARKER)).toBe(true);
    expect(comment!.body).toContain('Plan for `demo/sandbox` — 6 to add');
    expect(JSON.parse(posted.outputs['comment-urls']!)).toEqual([
      `https://github.com/${REPO}/pull/9#issuecomment-${comment!.id}`,
    ]);

    const refused = await post(120);
    expect(refused.code, refused.stdout).toBe(0);
    expect(refused.stdout).toContain(
      '::warning::cluster-deploy-plan-demo~sandbox from run 120: not posted: pull request #12 is at ddddddd, but run 120 planned bbbbbbb',
    );
    expect(gh.comments(REPO, 12)).toEqual([]);
  });

  it('replaces the comment with the failure when the plan fails, and back once it passes', async () => {
    const good = await plan({ runId: 110, pr: 11 });
    expect(good.code, good.stdout).toBe(0);
    const failed = await plan({ runId: 111, pr: 11, extraEnv: { TF_VAR_worker_count: 'two' } });
    expect(failed.code).toBe(1);
    expect(failed.outputs.result).toBe('failure');
    expect(failed.stdout).toMatch(
      /^::error title=cluster-deploy%3A tofu plan failed::(tofu|terraform) plan exited with 1: Invalid value for input variable$/m,
    );
    const [comment] = gh.comments(REPO, 11);
    expect(gh.comments(REPO, 11)).toHaveLength(1);
    expect(comment!.body.startsWith(MARKER)).toBe(true);
    expect(comment!.body).toContain('### ❌ Plan failed for `demo/sandbox`');
    expect(comment!.body).toMatch(/Invalid value for (input )?variable/);
    expect(comment!.body).toContain('**terraform plan exited with 1: Invalid value for input variable**');
    expect(comment!.body).not.toContain('\x1b['); // no colour codes
    expect(failed.summary).toContain('Plan failed for `demo/sandbox`');
    expect(readPlanRecord(comment!.body)).toMatchObject({ status: 'failed', add: 0, commit: 'b'.repeat(40) });

    const fixed = await plan({ runId: 112, pr: 11 });
    expect(fixed.code, fixed.stdout).toBe(0);
    expect(gh.comments(REPO, 11).map((c) => c.id)).toEqual([comment!.id]);
    expect(gh.comments(REPO, 11)[0]!.body).toContain('Plan for `demo/sandbox` — 6 to add');
  });

  it('saves the plan encrypted; a deploy applies exactly it, and refuses it once it is stale', async () => {
    const planned = await plan({
      runId: 105,
      pr: 10,
      inputs: { 'save-plan': 'true', 'plan-passphrase': PLAN_PASSPHRASE },
    });
    expect(planned.code, planned.stdout).toBe(0);
    const artifact = gh.artifacts().find((a) => a.name === PLAN_ARTIFACT && a.runId === 105)!;
    const files = await gh.artifactFiles(artifact.id);
    const binary = await decryptBytesWithPassphrase(files['tofu.plan.age']!.toString(), PLAN_PASSPHRASE, 'test');
    expect(Buffer.from(binary).subarray(0, 2).toString()).toBe('PK'); // a tofu plan file is a zip

    const apply = (runId: number, extra: Record<string, string> = {}) =>
      runAction('dist/tofu/index.js', {
        env: {
          ...toolEnv,
          ...gh.actionsEnv({ runId, repository: REPO, workspace: workDir }),
          GITHUB_SHA: 'a'.repeat(40),
        },
        inputs: {
          config: sandbox.configPath,
          'skip-auth-check': 'true',
          'state-store': 'artifact',
          'state-key': STATE_KEY,
          'tofu-state': 'artifact',
          'tofu-state-passphrase': PLAN_PASSPHRASE,
          'plan-artifact': PLAN_ARTIFACT,
          'plan-passphrase': PLAN_PASSPHRASE,
          'github-token': TOKEN,
          ...extra,
        },
      });
    // Another run (a later deploy, another branch) never applies it.
    const elsewhere = await apply(106);
    runs.push(elsewhere);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stdout).toContain(
      `plan-artifact: no artifact "${PLAN_ARTIFACT}" in this workflow run; make the plan with save-plan: true in an earlier job of the same run`,
    );

    // The deploy job of the same run applies exactly the reviewed plan.
    const applied = await apply(105);
    runs.push(applied);
    expect(applied.code, applied.stdout).toBe(0);
    expect(applied.stdout).toContain(`applying the saved plan from plan-artifact "${PLAN_ARTIFACT}" (run 105)`);
    const state = JSON.parse(await fs.readFile(path.join(sandbox.clusterDir, 'terraform.tfstate'), 'utf8'));
    expect(state.resources.map((r: { type: string; name: string }) => `${r.type}.${r.name}`)).toContain(
      'terraform_data.cloud_conf',
    );

    const stale = await apply(105, { restart: 'true' }); // "Re-run all jobs" after the state moved on
    runs.push(stale);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(
      /::error title=cluster-deploy%3A step opentofu-apply failed::.*saved plan from plan-artifact "cluster-deploy-plan-demo~sandbox" \(run 105\) is stale.*Make a new plan, review it/,
    );
    expect(stale.summary).toContain('is stale');
  });

  it('says plainly when an apply would change nothing', async () => {
    const run = await plan({
      runId: 108,
      pr: 8,
      inputs: { 'state-store': 'artifact', 'tofu-state': 'artifact', 'tofu-state-passphrase': PLAN_PASSPHRASE },
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs).toMatchObject({ 'has-changes': 'false', 'to-add': '0', 'to-destroy': '0' });
    expect(gh.comments(REPO, 8)[0]!.body).toContain('### 🟢 No changes for `demo/sandbox`');
  });

  it('comments that the plan failed when it fails before tofu runs (the saved tofu state cannot be opened)', async () => {
    const fresh: Runner = await freshRunner('plan-fresh-');
    try {
      const state = gh.artifacts().find((a) => a.name === 'cluster-deploy-state-demo~sandbox');
      expect(state, 'a state artifact with the tofu state, from the tests above').toBeDefined();
      const failed = await runAction('dist/tofu/index.js', {
        env: {
          ...fresh.toolEnv,
          ...gh.actionsEnv({ runId: 130, repository: REPO, workspace: fresh.workDir }),
          GITHUB_EVENT_NAME: 'pull_request',
          GITHUB_EVENT_PATH: await pullRequestEvent(13, REPO),
        },
        inputs: {
          config: fresh.sandbox.configPath,
          mode: 'plan',
          'state-store': 'artifact',
          'tofu-state': 'artifact',
          'tofu-state-passphrase': 'not-the-passphrase',
          'skip-auth-check': 'true',
          'github-token': TOKEN,
        },
      });
      runs.push(failed);
      expect(failed.code).toBe(1);
      const [comment] = gh.comments(REPO, 13);
      expect(gh.comments(REPO, 13)).toHaveLength(1);
      expect(comment!.body).toContain('### ❌ Plan failed for `demo/sandbox`');
      expect(comment!.body).toMatch(/passphrase/);
      expect(readPlanRecord(comment!.body)).toMatchObject({ status: 'failed', commit: 'b'.repeat(40) });
    } finally {
      await fresh.sandbox.close();
    }
  });

  it('never lets a secret reach GitHub: requests, comments, artifacts, logs, summaries, outputs', async () => {
    const secrets = [CONFIG_SECRET, TOKEN, FORK_TOKEN, PLAN_PASSPHRASE, STATE_KEY];
    const sent = JSON.stringify(gh.requests.map((r) => r.body));
    const comments = JSON.stringify([7, 8, 9, 10, 11, 12, 13].flatMap((n) => gh.comments(REPO, n)));
    const artifacts = await Promise.all(
      gh.artifacts().map(async (a) =>
        Object.values(await gh.artifactFiles(a.id))
          .map((b) => b.toString('latin1'))
          .join('\n'),
      ),
    );
    const printed = runs.map((r) =>
      [r.stdout.replace(/^::add-mask::.*$/gm, ''), r.stderr, r.summary, JSON.stringify(r.outputs)].join('\n'),
    );
    expect(sent.length).toBeGreaterThan(1000);
    for (const secret of secrets) {
      for (const [channel, text] of Object.entries({
        sent,
        comments,
        artifacts: artifacts.join('\n'),
        printed: printed.join('\n'),
      })) {
        expect(text.includes(secret), `${secret} in ${channel}`).toBe(false);
      }
    }
  });
});
