import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capiCli, runCli } from '../support/cli.js';
import { CAPI_SECRET, startCapiRun, type CapiRun } from '../support/capi-sandbox.js';

/** The CLI with deployment.method cluster-api, as a real process: plan (the kubectl diff table), deploy, destroy. */
describe('cluster-deploy with deployment.method cluster-api', () => {
  let run: CapiRun;
  let management: string;
  const { cli, printed } = capiCli(
    () => run,
    () => management,
  );

  beforeAll(async () => {
    run = await startCapiRun();
    management = (await run.cloud.createManagementCluster('mgmt')).kubeconfigPath;
  }, 60_000);
  afterAll(async () => run?.close());

  it('plan --tofu-plan renders and diffs: every object to create on a management cluster without providers', async () => {
    const text = await cli('plan', '--tofu-plan');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Cluster API plan for demo/capi-sandbox: 7 to create, 0 to change, 0 to delete');
    expect(text.stdout).toContain('  +   Cluster default/capi-sandbox');
    expect(text.stdout).toContain('the Cluster API providers are not installed on the management cluster yet');
    const json = await cli('plan', '--tofu-plan', '--json');
    expect(json.code, json.stderr).toBe(0);
    const plan = JSON.parse(json.stdout);
    expect(plan.clusterApi).toMatchObject({ toAdd: 7, toChange: 0, toDestroy: 0 });
    expect(plan.steps.map((s: { id: string }) => s.id)).not.toContain('capi-pivot');
  }, 60_000);

  it('deploys, then plans no changes, then destroys', async () => {
    const deploy = await cli('deploy');
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);
    expect(deploy.stdout).toMatch(/Deploy of demo\/capi-sandbox complete: API at https:\/\//);
    const plan = await cli('plan', '--tofu-plan');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('Cluster API plan for demo/capi-sandbox: no changes');
    const destroy = await runCli(
      [
        'destroy',
        '--confirm',
        'capi-sandbox',
        '--config',
        run.configPath,
        '--state-dir',
        run.stateDir,
        '--management-kubeconfig',
        management,
        '--skip-auth-check',
        '--interval',
        '1s',
      ],
      run.env,
    );
    printed.push(destroy.stdout, destroy.stderr);
    expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
    expect(run.cloud.servers()).toEqual([]);
  }, 180_000);

  it('never prints the credentials', () => {
    expect(printed.join('\n')).not.toContain(CAPI_SECRET);
  });
});
