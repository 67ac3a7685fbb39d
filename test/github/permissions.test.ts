import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { runAction } from '../support/action-runner.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { freshRunner, type Runner } from '../support/sandbox.js';

const REPO = 'acme/infra';
const READ_TOKEN = 'ghs_read_only_actions_canary_7731';
const ARTIFACT = 'cluster-deploy-state-demo-sandbox';

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
    gh = await startGitHubStandIn({ tokens: { [READ_TOKEN]: { actions: 'read', deployments: 'write' } } });
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

  async function deployJob(r: Runner, runAttempt: number, extra: Record<string, string> = {}) {
    const env = {
      ...r.toolEnv,
      ...gh.actionsEnv({ runId: 301, runAttempt, repository: REPO, workspace: r.workDir, token: READ_TOKEN }),
      GITHUB_SHA: 'b'.repeat(40),
      ...extra,
    };
    const inputs = {
      config: r.sandbox.configPath,
      'skip-auth-check': 'true',
      'state-store': 'artifact',
      'tofu-state': 'artifact',
      'kubeconfig-passphrase': 'read-only-actions-passphrase-7732',
      'github-token': READ_TOKEN,
      environment: 'sandbox',
      interval: '300ms',
      timeout: '60s',
    };
    const main = await runAction('dist/deploy/index.js', { env, inputs });
    const post = await runAction('dist/deploy/index.js', { env, inputs, state: main.state });
    return { main, post };
  }

  it('saves and replaces the state artifact after every step, and a re-run attempt on a fresh runner resumes it', async () => {
    const first = await deployJob(await runner(), 1, { TF_VAR_fail_apply: 'true' });
    expect(first.main.outputs.result).toBe('failure');
    expect(`${first.main.stdout}${first.post.stdout}`).not.toMatch(/cannot (read|replace) workflow artifacts/);
    expect(first.post.stdout).toContain(`uploaded the final resume state and log as artifact "${ARTIFACT}"`);
    // One artifact of that name per attempt: each save replaced the one before.
    expect(gh.artifacts().filter((a) => a.name === ARTIFACT && a.runId === 301)).toHaveLength(1);

    const second = await deployJob(await runner(), 2);
    expect(second.main.stdout).toContain('Resuming demo/sandbox from run 301 attempt 1');
    expect(second.main.outputs.result, second.main.stdout).toBe('success');
  });
});
