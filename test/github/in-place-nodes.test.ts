import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAction } from '../support/action-runner.js';
import { runCli, sandboxFlags } from '../support/cli.js';
import { INTEGRATION_LOGIN, startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { freshRunner, type Runner } from '../support/sandbox.js';

const REPO = 'acme/infra';
const TOKEN = 'ghs_in_place_token_canary_7070';
const PR = 31;

/**
 * A plan that rebuilds running nodes (a new image: an in-place update, as terraform-provider-openstack
 * v3.4.0 plans it) seen through the bundled actions: the deploy action's dry run and the pull-request
 * comment say the deploy would refuse it, naming each node as the CLI does; operation replace-nodes is
 * an operation of the action.
 */
describe('nodes the cloud would change in place, in the actions', () => {
  let gh: GitHubStandIn;
  let runner: Runner;
  const NEW_IMAGE = { TF_VAR_image_id: 'sandbox-image-2' };

  beforeAll(async () => {
    gh = await startGitHubStandIn({ tokens: { [TOKEN]: { actions: 'write', pullRequests: 'write' } } });
    runner = await freshRunner('in-place-');
    // A running cluster: applied, its inventory written, Kubespray run.
    const deploy = await runCli(
      ['deploy', ...sandboxFlags(runner.sandbox, runner.workDir), '--interval', '300ms'],
      runner.toolEnv,
    );
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);
  }, 300_000);
  afterAll(async () => {
    await runner?.sandbox.close();
    await gh?.close();
  });

  const NODE_LINES = [
    'sandbox-cp-0: image_id "sandbox-image-1" → "sandbox-image-2" (rebuilt)',
    'sandbox-worker-0: image_id "sandbox-image-1" → "sandbox-image-2" (rebuilt)',
  ];

  it("the deploy action's dry run says the deploy would refuse it, naming each node, attribute and value", async () => {
    const result = await runAction('dist/deploy/index.js', {
      env: { ...runner.toolEnv, GITHUB_WORKSPACE: runner.workDir, ...NEW_IMAGE },
      inputs: {
        config: runner.sandbox.configPath,
        'dry-run': 'true',
        'state-store': 'none',
        'skip-auth-check': 'true',
      },
    });
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain('REFUSED: a deploy of this plan stops before changing anything');
    for (const line of NODE_LINES) {
      expect(result.stdout).toContain(`    - ${line}`);
      expect(result.summary).toContain(`- ${line}`);
    }
    expect(result.summary).toContain(
      '**⛔ A deploy of this plan would be refused:** refusing to change nodes in place',
    );
    expect(result.summary).toContain('cluster-deploy replace-nodes');
  }, 300_000);

  it('the pull-request comment shows it the same way', async () => {
    const event = path.join(runner.workDir, 'event.json');
    await fs.writeFile(
      event,
      JSON.stringify({
        action: 'synchronize',
        number: PR,
        pull_request: {
          number: PR,
          head: { sha: 'b'.repeat(40), repo: { full_name: REPO } },
          base: { repo: { full_name: REPO } },
        },
      }),
    );
    const result = await runAction('dist/tofu/index.js', {
      env: {
        ...runner.toolEnv,
        ...gh.actionsEnv({ runId: 501, repository: REPO, workspace: runner.workDir }),
        GITHUB_SHA: 'a'.repeat(40),
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: event,
        ...NEW_IMAGE,
      },
      inputs: {
        config: runner.sandbox.configPath,
        mode: 'plan',
        'state-store': 'none',
        'skip-auth-check': 'true',
        'github-token': TOKEN,
      },
    });
    expect(result.code, result.stdout).toBe(0);
    const [comment] = gh.comments(REPO, PR);
    expect(comment).toMatchObject({ author: INTEGRATION_LOGIN });
    expect(comment!.body).toContain('**⛔ A deploy of this plan would be refused:** refusing to change nodes in place');
    expect(comment!.body).toContain(
      '**Nodes the cloud would change in place (rebuilt, resized or power-cycled, undrained):**',
    );
    for (const line of NODE_LINES) expect(comment!.body).toContain(`- ${line}`);
  }, 300_000);

  it('operation replace-nodes is an operation of the action: its dry run lists its steps and the nodes it would replace', async () => {
    const result = await runAction('dist/deploy/index.js', {
      env: { ...runner.toolEnv, GITHUB_WORKSPACE: runner.workDir, TF_VAR_worker_image_id: 'sandbox-image-2' },
      inputs: {
        config: runner.sandbox.configPath,
        operation: 'replace-nodes',
        'dry-run': 'true',
        'state-store': 'none',
        'skip-auth-check': 'true',
      },
    });
    expect(result.code, result.stdout).toBe(0);
    expect(JSON.parse(result.outputs.steps!).map((s: { id: string }) => s.id)).toEqual([
      'openstack-preflight',
      'opentofu-init',
      'kubespray-fetch',
      'kubespray-venv-create',
      'kubespray-pip-install',
      'opentofu-replace-plan',
      'etcd-snapshot',
      'kubespray-replace-nodes',
      'openstack-normalize-kubeconfig',
      'wait-ready',
    ]);
    expect(result.stdout).toContain('Nodes: replace-nodes replaces sandbox-worker-0, one at a time');
    expect(result.summary).toContain('- sandbox-worker-0: image_id "sandbox-image-1" → "sandbox-image-2" (rebuilt)');
    expect(result.summary).not.toContain('sandbox-cp-0: image_id');
    expect(result.summary).not.toContain('⛔');
  }, 300_000);
});
