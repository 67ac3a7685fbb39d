import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { startSandbox, type SandboxRun } from '../support/sandbox.js';

/** The CLI as a real process; through a pipe it prints no colour codes, so its text is compared as it is. */
const cli = runCli;

/** The node decision line of `plan --tofu-plan` and the lines under it (refusal, warnings). */
function nodesLine(stdout: string): string {
  const lines = stdout.split('\n');
  const at = lines.findIndex((line) => line.startsWith('Nodes: '));
  expect(at, stdout).toBeGreaterThanOrEqual(0);
  const under = lines.slice(at + 1).findIndex((line) => !line.startsWith('  '));
  return lines.slice(at, at + 1 + under).join('\n');
}

interface PlannedStepJson {
  id: string;
  action: string;
  argv?: string[];
  actions: string[];
}

/** What each operation's plan shows: the playbooks and commands it would run, on the sandbox with real tofu. */
describe('cluster-deploy plan by operation', () => {
  let run: SandboxRun;
  let base: string[];
  const nodes = (workers: number, controlPlanes = 1) => ({
    ...run.env,
    TF_VAR_worker_count: String(workers),
    TF_VAR_control_plane_count: String(controlPlanes),
  });
  /** Deploys the sandbox with this many nodes, as the engine runs it for the CLI. */
  const deployWith = async (workers: number, controlPlanes = 1) => {
    const { result, console } = await run.deploy({}, { env: nodes(workers, controlPlanes) });
    expect(result.ok, console).toBe(true);
  };
  beforeAll(async () => {
    run = await startSandbox();
    base = ['--config', run.sandbox.configPath, '--state-dir', run.stateDir, '--skip-auth-check'];
  });
  afterAll(async () => run?.close());

  it('upgrade: upgrade-cluster.yml with -e kube_version of the target, control plane then workers; no tofu step', async () => {
    const { code, stdout, stderr } = await cli(
      ['plan', ...base, '--operation', 'upgrade', '--kubernetes-version', '1.34.2', '--json'],
      run.env,
    );
    expect(code, stderr).toBe(0);
    const plan = JSON.parse(stdout) as { operation: string; steps: PlannedStepJson[] };
    expect(plan.operation).toBe('upgrade');
    expect(plan.steps.map((s) => s.id)).toEqual([
      'openstack-preflight',
      'kubespray-fetch',
      'kubespray-venv-create',
      'kubespray-pip-install',
      'kubernetes-version-check',
      'kubespray-facts',
      'etcd-snapshot',
      'kubespray-upgrade-control-plane',
      'kubespray-upgrade-workers',
      'openstack-normalize-kubeconfig',
      'wait-ready',
    ]);
    // The snapshot before the control plane: the playbook it runs, and where it keeps it, encrypted.
    const snapshot = plan.steps.find((s) => s.id === 'etcd-snapshot')!;
    expect(snapshot.argv).toContainEqual(expect.stringMatching(/etcd-snapshots\/save-snapshot\.yml$/));
    expect(JSON.stringify(snapshot)).toMatch(/etcd-snapshots\/etcd-<UTC time>-upgrade\.db\.age/);
    for (const [id, vars] of [
      ['kubespray-upgrade-control-plane', '{"kube_version":"1.34.2"}'],
      // Each worker batch is drained together: its size as serial (upgrade_cluster.yml's default is 20% of the --limit).
      ['kubespray-upgrade-workers', '{"kube_version":"1.34.2","serial":"<batch size>"}'],
    ] as const) {
      const argv = plan.steps.find((s) => s.id === id)!.argv!;
      expect(argv, id).toContain('upgrade-cluster.yml');
      // typed extra variables: a JSON object, so the version stays a string
      expect(argv.join(' '), id).toContain(`-e ${vars}`);
    }
    expect(plan.steps.find((s) => s.id === 'kubespray-facts')!.argv).toContain('playbooks/facts.yml');
    expect(plan.steps.some((s) => s.argv?.some((arg) => /(^|\/)(tofu|terraform)$/.test(arg)))).toBe(false);

    // The text plan says the same, and the version from the config (1.33.5) is not the one shown.
    const text = await cli(
      ['plan', ...base, '--operation', 'upgrade', '--kubernetes-version', 'v1.34.2', '--verbose'],
      run.env,
    );
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/command: .*upgrade-cluster\.yml .*-e '\{"kube_version":"1\.34\.2"\}'/);
    expect(text.stdout).not.toContain('"kube_version":"1.33.5"');
    expect(existsSync(run.stateDir)).toBe(false); // a plan writes nothing
  });

  it('destroy: tofu plan -destroy, then that plan applied; no Kubespray step', async () => {
    const { code, stdout, stderr } = await cli(['plan', ...base, '--operation', 'destroy', '--json'], run.env);
    expect(code, stderr).toBe(0);
    const plan = JSON.parse(stdout) as { operation: string; steps: PlannedStepJson[] };
    expect(plan.operation).toBe('destroy');
    expect(plan.steps.map((s) => s.id)).toEqual([
      'openstack-preflight',
      'opentofu-init',
      'kubernetes-cloud-cleanup',
      'opentofu-destroy',
      'openstack-leftovers',
      'forget-cluster',
    ]);
    const planFile = path.join(run.stateDir, 'demo', 'sandbox', 'tofu.plan');
    const destroy = plan.steps.find((s) => s.id === 'opentofu-destroy')!;
    expect(destroy.argv).toEqual([
      expect.stringMatching(/(tofu|terraform)$/),
      'plan',
      '-no-color',
      '-destroy',
      '-input=false',
      `-out=${planFile}`,
    ]);
    expect(destroy.actions.join('\n')).toMatch(
      new RegExp(
        `then apply that destroy plan: \\S*(tofu|terraform) apply -no-color -input=false ${planFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      ),
    );
    expect(
      plan.steps.filter((s) => s.id.startsWith('kubespray-') || s.argv?.some((arg) => arg.endsWith('.yml'))),
    ).toEqual([]);

    const text = await cli(['plan', ...base, '--operation', 'destroy', '--verbose'], run.env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/command: +\S*(tofu|terraform) plan -no-color -destroy -input=false/);
    expect(text.stdout).not.toMatch(/ansible-playbook|\.yml\b/);
  });

  it('deploy --tofu-plan: scale.yml for the workers a plan adds (1 → 3)', async () => {
    await deployWith(1);
    const { code, stdout, stderr } = await cli(['plan', ...base, '--tofu-plan'], nodes(3));
    expect(code, stderr).toBe(0);
    expect(nodesLine(stdout)).toBe('Nodes: scale.yml --limit sandbox-worker-1,sandbox-worker-2 after');
  });

  it('deploy --tofu-plan: remove-node.yml before the apply for the worker a plan deletes (2 → 1)', async () => {
    await deployWith(2);
    const { code, stdout, stderr } = await cli(['plan', ...base, '--tofu-plan'], nodes(1));
    expect(code, stderr).toBe(0);
    expect(nodesLine(stdout)).toBe(
      'Nodes: remove-node.yml for sandbox-worker-1 before apply; no playbook after (only workers were removed, by remove-node.yml before the apply: nothing to install)',
    );

    const json = await cli(['plan', ...base, '--tofu-plan', '--json'], nodes(1));
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout).nodes).toMatchObject({ removeBeforeApply: ['sandbox-worker-1'], warnings: [] });
    expect(JSON.parse(json.stdout).nodes.refused).toBeUndefined();
  });

  it('deploy --tofu-plan: REFUSED for a plan that takes the control plane from 3 to 1 (etcd quorum), and UNSAFE when overridden', async () => {
    await deployWith(1, 3);
    const { code, stdout, stderr } = await cli(['plan', ...base, '--tofu-plan'], nodes(1, 1));
    expect(code, stderr).toBe(0); // a plan shows the refusal; the deploy would stop in opentofu-plan
    expect(stdout).toMatch(/^Nodes: remove-node\.yml for sandbox-cp-1,\s?sandbox-cp-2 before apply/m);
    expect(stdout).toMatch(/^ {2}REFUSED: a deploy of this plan stops before changing anything: .+/m);

    const json = JSON.parse((await cli(['plan', ...base, '--tofu-plan', '--json'], nodes(1, 1))).stdout);
    expect(json.nodes.refused).toEqual(expect.any(String));
    expect(json.nodes.removeBeforeApply).toEqual(['sandbox-cp-1', 'sandbox-cp-2']);

    const overridden = await cli(['plan', ...base, '--tofu-plan', '--allow-unsafe-node-removal'], nodes(1, 1));
    expect(overridden.code, overridden.stderr).toBe(0);
    expect(overridden.stdout).not.toContain('REFUSED');
    expect(overridden.stdout).toMatch(/warning: UNSAFE: /);
  });
});
