import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { runAction } from '../support/action-runner.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { applySandbox, freshRunner } from '../support/sandbox.js';

const REPO = 'acme/infra';
const TOKEN = 'ghs_cache_token';

/**
 * The Kubespray venv through the real @actions/cache client (tar and all) against a stand-in of
 * the cache service: saved after a fresh install, restored on the next fresh runner and reused.
 */
describe('the Kubespray venv in the Actions cache', () => {
  let gh: GitHubStandIn;
  let sandbox: PreparedSandbox;
  let workDir: string;
  let toolEnv: Record<string, string>;

  beforeAll(async () => {
    gh = await startGitHubStandIn({ tokens: { [TOKEN]: { actions: 'write' } } });
    const runner = await freshRunner('cache-runner-');
    ({ workDir, sandbox, toolEnv } = runner);
    await applySandbox(runner); // the tofu steps' part: the inventory the playbook needs
  });
  afterAll(async () => {
    await sandbox?.close();
    await gh?.close();
  });

  const kubespray = (runId: number, inputs: Record<string, string> = {}) =>
    runAction('dist/kubespray/index.js', {
      env: { ...toolEnv, ...gh.actionsEnv({ runId, repository: REPO, workspace: workDir }) },
      inputs: { config: sandbox.configPath, 'state-store': 'none', 'github-token': TOKEN, quiet: 'false', ...inputs },
    });
  const venv = () => path.join(sandbox.clusterDir, 'venv');

  it('saves the venv after a fresh install and reuses it on the next fresh runner', async () => {
    const first = await kubespray(1);
    expect(first.code, first.stdout).toBe(0);
    const [entry] = gh.cacheEntries();
    expect(gh.cacheEntries()).toHaveLength(1);
    expect(entry!.key).toMatch(/^cluster-deploy-venv-v2-linux-\w+-py3\.\d+\.\d+-[0-9a-f]{16}$/);
    expect(entry!.size).toBeGreaterThan(1000);
    expect(first.stdout).toContain(`saved the Kubespray venv to the Actions cache (${entry!.key})`);

    await fs.rm(venv(), { recursive: true }); // the next job runs on a fresh machine, same workspace path
    const second = await kubespray(2);
    expect(second.code, second.stdout).toBe(0);
    expect(second.stdout).toContain(`restored the Kubespray venv from the Actions cache (${entry!.key})`);
    const steps = JSON.parse(second.outputs.steps!) as {
      id: string;
      status: string;
      reason: string;
      detail?: string;
    }[];
    expect(steps.find((s) => s.id === 'kubespray-venv-create')?.detail).toMatch(/^reused existing venv \(Python 3\./);
    // the restored venv carries its install marker: pip has nothing to do
    expect(steps.find((s) => s.id === 'kubespray-pip-install')).toMatchObject({
      status: 'skipped',
      reason: 'requirements and pip arguments unchanged since they were installed (--converge runs pip)',
    });
    expect(first.stdout).toContain('Successfully installed');
    expect(second.stdout).not.toContain('Successfully installed');
    expect(gh.cacheEntries()).toHaveLength(1); // nothing new to save
  });

  it('keys the cache by the requirements: other pip arguments get their own venv', async () => {
    await fs.rm(venv(), { recursive: true });
    const other = await kubespray(3, { 'pip-args': '--disable-pip-version-check' });
    expect(other.code, other.stdout).toBe(0);
    expect(other.stdout).not.toContain('restored the Kubespray venv');
    expect(gh.cacheEntries()).toHaveLength(2);
  });

  it('does nothing with the cache when venv-cache is false', async () => {
    await fs.rm(venv(), { recursive: true });
    const off = await kubespray(4, { 'venv-cache': 'false' });
    expect(off.code, off.stdout).toBe(0);
    expect(off.stdout).not.toMatch(/Actions cache/);
    expect(gh.cacheEntries()).toHaveLength(2);
  });
});
