import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { runAction } from '../support/action-runner.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { freshRunner, type Runner } from '../support/sandbox.js';

const REPO = 'acme/infra';
const READ_TOKEN = 'ghs_read_only_actions_canary_7731';
const NO_ACTIONS_TOKEN = 'ghs_no_actions_canary_7733';
/** The state artifact of demo/sandbox (its org and cluster joined by "-", or "~" once names cannot collide). */
const ARTIFACT = /^cluster-deploy-state-demo[-~]sandbox$/;

/**
 * Issue 29: the examples grant `actions: read`, not `write`. The state artifact is uploaded and replaced
 * (delete, then upload) with the runtime token the runner gives JavaScript actions (@actions/artifact's
 * Twirp calls: lib/internal/delete/delete-artifact.js deleteArtifactInternal), which no `permissions:`
 * governs; only finding and downloading another attempt's or run's artifact goes through the REST API
 * with the job's token ("List workflow run artifacts", "Download an artifact": Actions read). The
 * stand-in enforces both as GitHub does (REST DELETE needs write).
 */
describe('a deploy with actions: read, as the examples grant', () => {
  let gh: GitHubStandIn;
  const sandboxes: PreparedSandbox[] = [];

  beforeAll(async () => {
    gh = await startGitHubStandIn({
      tokens: { [READ_TOKEN]: { actions: 'read', deployments: 'write' }, [NO_ACTIONS_TOKEN]: { actions: 'none' } },
    });
  });
  afterAll(async () => {
    await Promise.all(sandboxes.map((s) => s.close()));
    await gh?.close();
  });

  async function runner(): Promise<Runner> {
    const r = await freshRunner();
    sandboxes.push(r.sandbox);
    return r;
  }

  async function deployJob(r: Runner, runAttempt: number, step: string, token = READ_TOKEN) {
    const env = {
      ...r.toolEnv,
      ...gh.actionsEnv({ runId: 301, runAttempt, repository: REPO, workspace: r.workDir }),
      GITHUB_SHA: 'b'.repeat(40),
    };
    const inputs = {
      config: r.sandbox.configPath,
      'skip-auth-check': 'true',
      'state-store': 'artifact',
      'tofu-state': 'artifact',
      'kubeconfig-passphrase': 'read-only-actions-passphrase-7732',
      // Seals the state where the action authenticates it (issue 29); an input the action does not know is ignored.
      'state-key': 'read-only-actions-state-key-canary-7734-0123456789',
      'github-token': token,
      step,
    };
    const main = await runAction('dist/deploy/index.js', { env, inputs });
    const post = await runAction('dist/deploy/index.js', { env, inputs, state: main.state });
    return { main, post };
  }

  it('saves the state artifact, replaces it (main step, then post step), and a re-run attempt on a fresh runner resumes it', async () => {
    const first = await deployJob(await runner(), 1, 'opentofu-init');
    expect(first.main.outputs.result, first.main.stdout).toBe('success');
    expect(`${first.main.stdout}${first.post.stdout}`).not.toMatch(/cannot (read|replace) workflow artifacts/);
    expect(first.post.stdout).toMatch(
      /uploaded the final resume state and log as artifact "cluster-deploy-state-demo[-~]sandbox"/,
    );
    // The post step's upload replaced the main step's: one artifact of that name for the run.
    expect(gh.artifacts().filter((a) => ARTIFACT.test(a.name) && a.runId === 301)).toHaveLength(1);

    const second = await deployJob(await runner(), 2, 'opentofu-init'); // runner-local: runs again on a fresh runner
    expect(second.main.stdout).toContain('Resuming demo/sandbox from run 301 attempt 1');
    expect(second.main.outputs.result, second.main.stdout).toBe('success');

    // The control: without actions: read the saved state cannot be found, and the error says what to grant.
    const third = await deployJob(await runner(), 3, 'opentofu-init', NO_ACTIONS_TOKEN);
    expect(third.main.stdout).toMatch(/cannot read workflow artifacts.*permissions: actions: read/);
  }, 400_000);
});
