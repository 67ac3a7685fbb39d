import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NodeDecisions } from '../../src/core/node-plan.js';
import { openPipeline } from '../../src/core/pipeline.js';
import { runDryRun } from '../../src/github/dry-run.js';
import { readActionSettings } from '../../src/github/inputs.js';
import { parseFileCommands } from '../support/action-runner.js';
import { startSandbox, type SandboxRun } from '../support/sandbox.js';

// node-changes.ts is a stub until the node work is merged; a destroy plan reads no node changes that matter.
vi.mock('../../src/core/node-changes.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/core/node-changes.js')>()),
  plannedNodeChanges: () => ({ kept: [], created: [], deleted: [], replaced: [], otherChanges: [] }),
}));

// What a deploy would do about nodes, fixed here (the inventory reading behind it is node-changes.ts's).
vi.mock('../../src/core/node-plan.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/core/node-plan.js')>();
  return {
    ...original,
    nodeDecisions: (settings: { operation: string; kubespray?: unknown }): NodeDecisions | undefined =>
      settings.operation === 'deploy' && settings.kubespray
        ? {
            summary: 'remove-node.yml for sandbox-worker-0 before apply; scale.yml --limit sandbox-worker-1 after',
            removeBeforeApply: ['sandbox-worker-0'],
            playbook: 'scale.yml',
            limit: ['sandbox-worker-1'],
            warnings: ['UNSAFE: removes the first etcd host sandbox-cp-0 (allow-unsafe-node-removal is set)'],
          }
        : undefined,
  };
});

/**
 * The dry run of each operation, in process (runDryRun as the root action calls it), on the sandbox:
 * real terraform, the summary and outputs written as the runner's command files.
 */
describe('dry run by operation', () => {
  let run: SandboxRun;
  let files: { dir: string; output: string; summary: string };
  const saved = { GITHUB_OUTPUT: process.env.GITHUB_OUTPUT, GITHUB_STEP_SUMMARY: process.env.GITHUB_STEP_SUMMARY };

  beforeAll(async () => {
    run = await startSandbox();
    // Something to destroy: the infrastructure of a deploy (method none: no Kubespray, so it stops at the kubeconfig).
    const { result } = await run.deploy({}, { method: 'none' });
    expect(result.reports.find((r) => r.id === 'opentofu-apply')?.status).toBe('success');
    const dir = await mkdtemp(path.join(tmpdir(), 'dry-run-'));
    files = { dir, output: path.join(dir, 'output'), summary: path.join(dir, 'summary') };
  }, 120_000);
  afterAll(async () => {
    Object.assign(process.env, saved);
    await run?.close();
  });

  async function dryRun(inputs: Record<string, string>, only?: readonly string[]) {
    await writeFile(files.output, '');
    await writeFile(files.summary, '');
    process.env.GITHUB_OUTPUT = files.output;
    process.env.GITHUB_STEP_SUMMARY = files.summary;
    const all: Record<string, string> = { config: run.sandbox.configPath, 'dry-run': 'true', 'state-store': 'none', 'skip-auth-check': 'true', ...inputs };
    const settings = readActionSettings((name) => all[name] ?? '', { ...run.env, RUNNER_TEMP: files.dir });
    const p = await openPipeline(settings.deploy, {});
    await runDryRun(p, settings, only ? p.steps.filter((s) => only.includes(s.id)) : p.steps);
    return { outputs: parseFileCommands(await readFile(files.output, 'utf8')), summary: await readFile(files.summary, 'utf8'), p };
  }

  it('plans a destroy with tofu plan -destroy: the destroy plan in the summary, nothing destroyed, no confirmation needed', async () => {
    const { outputs, summary, p } = await dryRun({ operation: 'destroy' });
    expect(summary).toContain('### 📋 Destroy plan for `demo/sandbox` (dry run: nothing ran)');
    expect(summary).toMatch(/\| `opentofu-destroy` \| run \| not run yet \| `.*(tofu|terraform) plan -destroy -input=false -out=/);
    expect(summary).toMatch(/### 🔴 Destroy plan for `demo\/sandbox` — \*\*\d+ to destroy\*\*/);
    expect(summary).toContain('| ❌ destroy | `terraform_data.network` |');
    expect(summary).toContain('**A destroy would run:** `openstack-preflight` → `opentofu-init` → `opentofu-destroy` → `forget-cluster`');
    expect(outputs).toMatchObject({ result: 'planned', 'has-changes': 'true', 'to-add': '0' });
    expect(Number(outputs['to-destroy'])).toBeGreaterThanOrEqual(5);
    // Only a plan: the state still holds every resource.
    const state = JSON.parse(await readFile(path.join(p.settings.clusterDir, 'terraform.tfstate'), 'utf8'));
    expect(state.resources.length).toBeGreaterThanOrEqual(5);
  }, 120_000);

  it('plans an upgrade: the engine plan, and why there is no tofu plan', async () => {
    // Planning an upgrade runs nothing against the cluster; the version check only says what it will do.
    const { outputs, summary } = await dryRun({ operation: 'upgrade', 'kubernetes-version': '1.34.2' });
    expect(summary).toContain('### 📋 Upgrade plan for `demo/sandbox` (dry run: nothing ran)');
    expect(summary).toContain('No OpenTofu plan: an upgrade changes no infrastructure.');
    expect(summary).not.toContain('Plan for `demo/sandbox` —');
    expect(outputs.result).toBe('planned');
    expect(JSON.parse(outputs.steps!).map((s: { id: string }) => s.id)).toContain('kubespray-upgrade-workers');
    expect(outputs['has-changes']).toBeUndefined();
  }, 120_000);

  it("shows a deploy's node decisions and UNSAFE overrides in the summary; actions/tofu says it would refuse the node deletion", async () => {
    const root = await dryRun({ 'allow-unsafe-node-removal': 'true' });
    expect(root.summary).toContain('### 📋 Deploy plan for `demo/sandbox` (dry run: nothing ran)');
    expect(root.summary).toContain('**Nodes:** remove-node.yml for sandbox-worker-0 before apply; scale.yml --limit sandbox-worker-1 after');
    expect(root.summary).toContain('> **⚠️ UNSAFE: removes the first etcd host sandbox-cp-0 (allow-unsafe-node-removal is set)**');
    expect(root.summary).not.toContain('⛔');
    expect(root.summary).toContain('**An apply would run:** `openstack-preflight` → `opentofu-init` → `opentofu-plan` → `kubespray-venv-create`');

    const tofuOnly = await dryRun({}, ['opentofu-init', 'opentofu-plan', 'opentofu-apply']);
    expect(tofuOnly.summary).toContain(
      '> **⛔ A deploy of this plan would be refused:** the plan deletes nodes sandbox-worker-0, but this action applies without kubespray-remove-nodes, which drains and removes them first; deploy with the root action, which removes them before applying',
    );
  }, 120_000);
});
