import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxRun } from '../../support/sandbox.js';

/**
 * Day 2 on the sandbox, each a real round trip: terraform plans and applies node-shaped resources
 * and writes the inventory, the real ansible-playbook runs Kubespray-shaped stand-in playbooks that
 * record the hosts they ran on and change the API stand-in's nodes, and kubectl reads them back.
 */
interface PlaybookRun {
  playbook: string;
  hosts: string[];
  vars: Record<string, unknown>;
}

async function playbookRuns(run: SandboxRun): Promise<PlaybookRun[]> {
  const file = path.join(run.sandbox.clusterDir, '.sandbox-runs.jsonl');
  if (!existsSync(file)) return [];
  return (await fs.readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as PlaybookRun);
}

/** The playbook runs since `before` runs were recorded. */
async function runsSince(run: SandboxRun, before: number): Promise<PlaybookRun[]> {
  return (await playbookRuns(run)).slice(before);
}

async function apiNodes(run: SandboxRun): Promise<{ name: string; kubeletVersion: string }[]> {
  const registry = JSON.parse(await fs.readFile(run.sandbox.registryFile, 'utf8')) as {
    nodes: { name: string; kubeletVersion: string }[];
  };
  return registry.nodes
    .map(({ name, kubeletVersion }) => ({ name, kubeletVersion }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const workers = (count: number) => ({ TF_VAR_worker_count: String(count) });
const controlPlanes = (count: number) => ({ TF_VAR_control_plane_count: String(count) });

describe('day 2 on the sandbox: node changes driven by the plan', () => {
  let run: SandboxRun;
  const deployWith = (vars: Record<string, string>, extra = {}) =>
    run.deploy({}, { env: { ...run.env, ...vars }, waitReady: { intervalMs: 200, timeoutMs: 20_000 }, ...extra });

  beforeAll(async () => {
    run = await startSandbox();
    const first = await deployWith(workers(1));
    expect(first.result.error).toBeUndefined();
    expect((await playbookRuns(run)).map((r) => [r.playbook, r.vars])).toEqual([
      ['cluster.yml', { kube_version: '1.33.5' }],
    ]);
  }, 120_000);
  afterAll(async () => run?.close());

  it('1 → 3 workers runs scale.yml limited to the 2 new hosts, never cluster.yml', async () => {
    const before = (await playbookRuns(run)).length;
    const { result, console } = await deployWith(workers(3));
    expect(result.error).toBeUndefined();
    const runs = await runsSince(run, before);
    expect(runs.map((r) => r.playbook)).toEqual(['playbooks/facts.yml', 'scale.yml']);
    expect(runs[1]!.hosts.sort()).toEqual(['sandbox-worker-1', 'sandbox-worker-2']);
    // The cluster's version, typed: without it scale.yml installs Kubespray's default (1.35.4 for v2.31.0).
    expect(runs[1]!.vars).toEqual({ kube_version: '1.33.5' });
    expect(console).toContain('scale.yml --limit');
    expect(await apiNodes(run)).toEqual([
      { name: 'sandbox-cp-0', kubeletVersion: 'v1.33.5' },
      { name: 'sandbox-worker-0', kubeletVersion: 'v1.33.5' },
      { name: 'sandbox-worker-1', kubeletVersion: 'v1.33.5' },
      { name: 'sandbox-worker-2', kubeletVersion: 'v1.33.5' },
    ]);
  }, 120_000);

  it('a re-deploy with nothing changed skips cluster.yml and says why; --converge runs it', async () => {
    const before = (await playbookRuns(run)).length;
    const same = await deployWith(workers(3));
    expect(same.result.error).toBeUndefined();
    expect(await runsSince(run, before)).toEqual([]);
    expect(same.console).toMatch(
      /⏭ .*\(kubespray-ansible-playbook\) \(an empty OpenTofu plan, and the same inventory, .* as the last cluster\.yml; --converge \(input converge\) runs it\)/,
    );
    const forced = await deployWith(workers(3), { converge: true });
    expect(forced.result.error).toBeUndefined();
    expect((await runsSince(run, before)).map((r) => [r.playbook, r.vars])).toEqual([
      ['cluster.yml', { kube_version: '1.33.5' }],
    ]);
  }, 180_000);

  it('3 → 1 workers runs remove-node.yml for the 2 removed hosts before the apply, and the API no longer lists them', async () => {
    const before = (await playbookRuns(run)).length;
    const { result, console } = await deployWith(workers(1));
    expect(result.error).toBeUndefined();
    const runs = await runsSince(run, before);
    expect(runs[0]).toMatchObject({
      playbook: 'remove-node.yml',
      vars: { node: 'sandbox-worker-1,sandbox-worker-2', skip_confirmation: true },
    });
    expect(runs.map((r) => r.playbook)).not.toContain('cluster.yml');
    // Before the apply: the removal's line comes before the apply step's.
    expect(console.indexOf('remove-node.yml for sandbox-worker-1, sandbox-worker-2')).toBeLessThan(
      console.indexOf('(opentofu-apply)...'),
    );
    expect((await apiNodes(run)).map((n) => n.name)).toEqual(['sandbox-cp-0', 'sandbox-worker-0']);
    const inventory = await fs.readFile(path.join(run.sandbox.clusterDir, 'inventory', 'inventory.yaml'), 'utf8');
    expect(inventory).not.toContain('sandbox-worker-1');
  }, 120_000);

  it('applies only the plan opentofu-plan checked, and never deletes a node that was not drained', async () => {
    const stateFile = path.join(run.sandbox.clusterDir, 'terraform.tfstate');
    const tfstate = await fs.readFile(stateFile, 'utf8');
    // Plan a worker's deletion on its own, then try to apply it without the drain.
    const planned = await run.deploy({ step: 'opentofu-plan' }, { env: { ...run.env, ...workers(0) } });
    expect(planned.result.error).toBeUndefined();
    const undrained = await run.deploy({ step: 'opentofu-apply' }, { env: { ...run.env, ...workers(0) } });
    expect(undrained.result.error).toMatch(
      /deletes nodes sandbox-worker-0, which kubespray-remove-nodes has not drained and removed yet/,
    );

    // A plan file that opentofu-plan did not read (plan --tofu-plan writes the same path) is not applied either.
    const planFile = path.join(run.stateDir, 'demo', 'sandbox', 'tofu.plan');
    await fs.appendFile(planFile, 'x');
    const foreign = await run.deploy({ step: 'opentofu-apply' });
    expect(foreign.result.error).toMatch(
      /is not the one opentofu-plan checked for node changes in this deploy; run from that step/,
    );
    expect(await fs.readFile(stateFile, 'utf8')).toBe(tfstate);

    // The user changes their mind: the pending removal is dropped, nothing is removed.
    const before = (await playbookRuns(run)).length;
    const kept = await deployWith(workers(1));
    expect(kept.result.error).toBeUndefined();
    expect((await runsSince(run, before)).map((r) => r.playbook)).not.toContain('remove-node.yml');
    expect((await apiNodes(run)).map((n) => n.name)).toEqual(['sandbox-cp-0', 'sandbox-worker-0']);
  }, 120_000);

  it('removing 2 of 3 control plane nodes is refused before anything changes', async () => {
    const grown = await deployWith({ ...workers(1), ...controlPlanes(3) });
    expect(grown.result.error).toBeUndefined();
    const state = await fs.readFile(path.join(run.sandbox.clusterDir, 'terraform.tfstate'), 'utf8');
    const before = (await playbookRuns(run)).length;
    const nodesBefore = await apiNodes(run);

    const refused = await deployWith({ ...workers(1), ...controlPlanes(1) });
    expect(refused.result.failedStep).toBe('opentofu-plan');
    expect(refused.result.error).toMatch(/etcd|control plane/);
    expect(refused.result.error).toMatch(/one at a time/);
    expect(await runsSince(run, before)).toEqual([]);
    expect(await fs.readFile(path.join(run.sandbox.clusterDir, 'terraform.tfstate'), 'utf8')).toBe(state);
    expect(await apiNodes(run)).toEqual(nodesBefore);

    // The refused plan is still on disk; the apply alone (--from-step opentofu-apply, the actions' from-step) refuses it.
    const applyAlone = await run.deploy(
      { fromStep: 'opentofu-apply' },
      { env: { ...run.env, ...workers(1), ...controlPlanes(1) } },
    );
    expect(applyAlone.result.failedStep).toBe('opentofu-apply');
    expect(applyAlone.result.error).toMatch(/is not the one opentofu-plan checked for node changes in this deploy/);
    expect(await runsSince(run, before)).toEqual([]);
    expect(await fs.readFile(path.join(run.sandbox.clusterDir, 'terraform.tfstate'), 'utf8')).toBe(state);
    expect(await apiNodes(run)).toEqual(nodesBefore);

    // Overridden, it goes ahead, and the override stays on record for summaries.
    const forced = await deployWith({ ...workers(1), ...controlPlanes(1) }, { allowUnsafeNodeRemoval: true });
    expect(forced.result.error).toBeUndefined();
    const unsafe = forced.result.reports.find((r) => r.id === 'opentofu-plan')?.warnings ?? [];
    expect(unsafe.some((w) => w.startsWith('UNSAFE:') && /etcd/.test(w))).toBe(true);
    expect(forced.console).toMatch(/warning: UNSAFE:/);
    // Said once: the plan step's line printed "UNSAFE: UNSAFE: …" before.
    expect(forced.console).not.toContain('UNSAFE: UNSAFE');
    expect((await apiNodes(run)).map((n) => n.name)).toEqual(['sandbox-cp-0', 'sandbox-worker-0']);
  }, 180_000);
});

describe('upgrade on the sandbox', () => {
  let run: SandboxRun;
  beforeAll(async () => {
    run = await startSandbox();
    const first = await run.deploy({}, { env: { ...run.env, ...workers(4) } });
    expect(first.result.error).toBeUndefined();
  }, 120_000);
  afterAll(async () => run?.close());

  const failFile = () => path.join(run.sandbox.clusterDir, '.sandbox-fail-upgrade');

  it('refuses a skipped minor version and a downgrade, changing nothing', async () => {
    const before = (await playbookRuns(run)).length;
    const skipped = await run.deploy({}, { operation: 'upgrade', kubernetesVersion: '1.35.0' });
    expect(skipped.result.failedStep).toBe('kubernetes-version-check');
    expect(skipped.result.error).toMatch(/1\.34/);
    const down = await run.deploy({}, { operation: 'upgrade', kubernetesVersion: '1.32.9' });
    expect(down.result.failedStep).toBe('kubernetes-version-check');
    expect(down.result.error).toMatch(/downgrade/i);
    expect(await runsSince(run, before)).toEqual([]);
  }, 120_000);

  it('an upgrade that fails on worker 2 of 4 resumes on the remaining workers only', async () => {
    await fs.writeFile(failFile(), 'sandbox-worker-1\n');
    const failed = await run.deploy(
      {},
      { operation: 'upgrade', kubernetesVersion: '1.34.2', env: { ...run.env, ...workers(4) } },
      undefined,
    );
    expect(failed.result.failedStep).toBe('kubespray-upgrade-workers');
    const versions = Object.fromEntries((await apiNodes(run)).map((n) => [n.name, n.kubeletVersion]));
    expect(versions['sandbox-cp-0']).toBe('v1.34.2');
    expect(versions['sandbox-worker-0']).toBe('v1.34.2');
    expect(versions['sandbox-worker-1']).toBe('v1.33.5');

    await fs.rm(failFile());
    const before = (await playbookRuns(run)).length;
    const resumed = await run.deploy({}, { operation: 'upgrade', kubernetesVersion: '1.34.2' });
    expect(resumed.result.error).toBeUndefined();
    const upgrades = (await runsSince(run, before)).filter((r) => r.playbook === 'upgrade-cluster.yml');
    const upgradedAgain = upgrades.flatMap((r) => r.hosts);
    expect(upgradedAgain.sort()).toEqual(['sandbox-worker-1', 'sandbox-worker-2', 'sandbox-worker-3']);
    expect(new Set((await apiNodes(run)).map((n) => n.kubeletVersion))).toEqual(new Set(['v1.34.2']));
    expect(resumed.console).toMatch(/wait-ready\).*5\/5 nodes Ready/);

    // Recorded as what the cluster runs, with the tree every node went through (the first attempt found none at 1.34.2).
    const state = JSON.parse(await fs.readFile(path.join(run.stateDir, 'demo', 'sandbox', 'state.json'), 'utf8'));
    expect(state.installed).toEqual({ kubespray: 'v2.31.0', kubeVersion: '1.34.2' });
    // The config still names 1.33.5: a deploy now would downgrade every kubelet, and is refused before anything changes.
    const behind = await run.deploy({}, { env: { ...run.env, ...workers(4) } });
    expect(behind.result.failedStep).toBe('kubespray-fetch');
    expect(behind.result.error).toMatch(/is 1\.33\.5, below what the cluster runs \(1\.34\.2, .*cannot be downgraded/);
  }, 240_000);
});

describe('destroy on the sandbox', () => {
  let run: SandboxRun;
  beforeAll(async () => {
    run = await startSandbox();
    const first = await run.deploy();
    expect(first.result.error).toBeUndefined();
  }, 120_000);
  afterAll(async () => run?.close());

  const tfstate = () => path.join(run.sandbox.clusterDir, 'terraform.tfstate');
  const resources = async () =>
    (JSON.parse(await fs.readFile(tfstate(), 'utf8')) as { resources: unknown[] }).resources.length;

  it('an interrupted destroy resumes, then leaves an empty tofu state, no kubeconfig, and a state the next deploy starts fresh from', async () => {
    expect(await resources()).toBeGreaterThan(0);
    const controller = new AbortController();
    const slow = { ...run.env, TF_VAR_destroy_sleep_seconds: '30' };
    // The slow resource must exist first for its destroy to be slow: deploy with it.
    expect((await run.deploy({}, { env: slow })).result.error).toBeUndefined();
    const interrupted = run.deploy({}, { operation: 'destroy' }, controller.signal);
    setTimeout(() => controller.abort(), 4000);
    const first = await interrupted;
    expect(first.result.interrupted).toBe(true);
    expect(first.result.failedStep).toBe('opentofu-destroy');

    const again = await run.deploy({}, { operation: 'destroy' });
    expect(again.result.error).toBeUndefined();
    expect(await resources()).toBe(0);
    expect(existsSync(again.pipeline.settings.kubeconfigPath)).toBe(false);
    const state = JSON.parse(await fs.readFile(path.join(run.stateDir, 'demo', 'sandbox', 'state.json'), 'utf8'));
    expect(state).toMatchObject({ operation: 'destroy' });
    expect(state.destroyedAt).toBeDefined();

    const next = await run.deploy();
    expect(next.console).toContain('the cluster was destroyed at');
    expect(next.result.error).toBeUndefined();
  }, 240_000);
});
