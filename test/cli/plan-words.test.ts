import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareSandbox, sandboxToolEnv, type PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { runCli, sandboxFlags } from '../support/cli.js';

interface PlannedStep {
  id: string;
  action: 'run' | 'skip';
  reason: string;
}
interface StepReport {
  id: string;
  status: string;
  reason: string;
}

/**
 * Each step's decision is made once (Step.decide, engine/selection.ts decideStep) and shown twice: by `plan` and by the
 * run that follows. Here, on the sandbox after a completed deploy, the plan must not say "will run" of a step the deploy
 * then skips, and a cluster.yml that runs again must say why, in the same words in both.
 */
describe('the plan and the run decide each step in the same words', () => {
  let sandbox: PreparedSandbox;
  let env: Record<string, string>;
  let workDir: string;
  const common = () => sandboxFlags(sandbox, workDir);
  const plan = async (...args: string[]): Promise<PlannedStep[]> => {
    const result = await runCli(['plan', '--json', ...args, ...common()], env);
    expect(result.code, result.stderr).toBe(0);
    return (JSON.parse(result.stdout) as { steps: PlannedStep[] }).steps;
  };
  const deploy = async () => {
    const result = await runCli(['deploy', '--json', ...common()], env);
    expect(result.code, result.stderr).toBe(0);
    return { reports: (JSON.parse(result.stdout) as { reports: StepReport[] }).reports, console: result.stderr };
  };
  const playbook = (steps: PlannedStep[]) => steps.find((s) => s.id === 'kubespray-ansible-playbook')!;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'plan-words-'));
    sandbox = await prepareSandbox({ workDir });
    env = { ...(await sandboxToolEnv(workDir)), CLUSTER_DEPLOY_ETCD_SNAPSHOT_PASSPHRASE: 'plan-words-passphrase' };
    const first = await runCli(['deploy', ...common()], env);
    expect(first.code, first.stderr).toBe(0);
  }, 300_000);
  afterAll(async () => sandbox?.close());

  it('after a completed deploy: what the plan skips, the deploy skips, for the same reason', async () => {
    const plain = await plan();
    const known = await plan('--tofu-plan');
    const { reports } = await deploy();
    const ran = Object.fromEntries(reports.map((r) => [r.id, r]));
    // The steps with nothing to do now, in the plan with and without a tofu plan as in the run.
    const skipped = [
      'openstack-capacity',
      'kubespray-pip-install',
      'etcd-snapshot',
      'kubespray-remove-nodes',
      'kubespray-ansible-playbook',
    ];
    for (const steps of [plain, known])
      expect(steps.filter((s) => s.action === 'skip').map((s) => s.id)).toEqual(skipped);
    expect(reports.filter((r) => r.status === 'skipped').map((r) => r.id)).toEqual(skipped);
    for (const step of known) {
      const report = ran[step.id]!;
      expect([step.id, report.status === 'skipped' ? 'skip' : 'run']).toEqual([step.id, step.action]);
      // With the tofu plan made, the plan knows what the run knows: word for word.
      expect([step.id, report.reason]).toEqual([step.id, step.reason]);
    }
    expect(ran['kubespray-pip-install']!.reason).toBe(
      'requirements and pip arguments unchanged since they were installed (--converge runs pip)',
    );
    expect(playbook(known).reason).toMatch(
      /^an empty OpenTofu plan, and the same inventory, group_vars, .* as the last cluster\.yml/,
    );
    // Without a tofu plan the plan cannot know the node work, and says on what its skip depends.
    expect(playbook(plain).reason).toMatch(/^if the OpenTofu plan is empty: the same inventory, group_vars/);
  }, 300_000);

  it.each([
    [
      'group_vars changed',
      async () => {
        const dir = path.join(sandbox.clusterDir, 'inventory', 'group_vars', 'all');
        await fs.mkdir(dir, { recursive: true });
        await fs.writeFile(path.join(dir, 'extra.yml'), 'sandbox_extra: true\n');
      },
      'changed since the last cluster.yml: the inventory, group_vars or host_vars',
    ],
    [
      'a re-deploy after an upgrade',
      async () => {
        const text = await fs.readFile(sandbox.configPath, 'utf8');
        await fs.writeFile(sandbox.configPath, text.replace('version: 1.33.5', 'version: 1.34.2'));
        const upgraded = await runCli(['upgrade', '--kubernetes-version', '1.34.2', ...common()], env);
        expect(upgraded.code, upgraded.stderr).toBe(0);
      },
      'changed since the last cluster.yml: kube_version (1.33.5 → 1.34.2)',
    ],
  ])(
    '%s: the plan and the run say why cluster.yml runs',
    async (_name, change, why) => {
      await change();
      expect(playbook(await plan())).toMatchObject({ action: 'run', reason: why });
      const { reports, console } = await deploy();
      expect(reports.find((r) => r.id === 'kubespray-ansible-playbook')).toMatchObject({
        status: 'success',
        reason: why,
      });
      expect(console).toContain(`(kubespray-ansible-playbook)... (${why})`);
    },
    300_000,
  );
});
