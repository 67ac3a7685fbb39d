import { promises as fs } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FORKS, FORKS_PER_CORE } from '../../src/core/kubespray/forks.js';
import { runCli } from '../support/cli.js';
import { applySandbox, freshRunner, type Runner } from '../support/sandbox.js';

interface PlannedStepJson {
  id: string;
  argv?: string[];
}

/** The plan's Ansible command carries the forks it runs with: a 20-node stand-in cluster. */
describe('the plan shows ansible-playbook --forks', () => {
  let runner: Runner;
  let env: Record<string, string>;
  let base: string[];
  const bound = Math.min(FORKS_PER_CORE * availableParallelism(), MAX_FORKS);
  const playbookArgv = async (extraEnv: Record<string, string> = {}) => {
    const { code, stdout, stderr } = await runCli(['plan', ...base, '--json'], { ...env, ...extraEnv });
    expect(code, stderr).toBe(0);
    const plan = JSON.parse(stdout) as { steps: PlannedStepJson[] };
    return plan.steps.find((s) => s.id === 'kubespray-ansible-playbook')!.argv!;
  };

  beforeAll(async () => {
    runner = await freshRunner('forks-plan-');
    env = { ...runner.toolEnv, TF_VAR_worker_count: '19', TF_VAR_control_plane_count: '1' };
    base = [
      '--config',
      runner.sandbox.configPath,
      '--state-dir',
      path.join(runner.workDir, 'state'),
      '--skip-auth-check',
    ];
  });
  afterAll(async () => runner?.sandbox.close());

  it('before the inventory exists: the runner bound', async () => {
    expect(await playbookArgv()).toContain(`--forks=${bound}`);
  });

  it('with the 20-host inventory: min(hosts, the bound); ANSIBLE_FORKS left to Ansible; the config key wins', async () => {
    await applySandbox({ ...runner, toolEnv: env });
    expect(await playbookArgv()).toContain(`--forks=${Math.min(20, bound)}`);
    expect((await playbookArgv({ ANSIBLE_FORKS: '30' })).some((a) => a.startsWith('--forks'))).toBe(false);
    const config = await fs.readFile(runner.sandbox.configPath, 'utf8');
    await fs.writeFile(
      runner.sandbox.configPath,
      config.replace('    version: 2.31.0', '    version: 2.31.0\n    forks: 7'),
    );
    expect(await playbookArgv({ ANSIBLE_FORKS: '30' })).toContain('--forks=7');
  });
});
