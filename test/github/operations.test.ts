import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPipeline } from '../../src/core/engine/pipeline.js';
import { runDryRun } from '../../src/github/comments/dry-run.js';
import { readActionSettings } from '../../src/github/runner/inputs.js';
import { planMarker } from '../../src/github/comments/plan-comment.js';
import { parseFileCommands, runnerInputReader } from '../support/action-runner.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { startSandbox, type SandboxRun } from '../support/sandbox.js';

const REPO = 'acme/infra';
const TOKEN = 'ghs_operations_token_canary_1729';

const workers = (count: number) => ({ TF_VAR_worker_count: String(count) });
const controlPlanes = (count: number) => ({ TF_VAR_control_plane_count: String(count) });

/** The text without the engine's step table, whose rows show each step's command template (remove-node.yml among them). */
const withoutStepTable = (text: string) =>
  text
    .split('\n')
    .filter((line) => !line.startsWith('| `'))
    .join('\n');

/**
 * The dry run of each operation, in process (runDryRun as the root action calls it), on the sandbox:
 * real terraform, the inventory its apply wrote, the summary and outputs written as the runner's command
 * files, and the pull-request comment posted by the real Octokit to a stand-in of GitHub's REST API.
 */
describe('dry run by operation', () => {
  let run: SandboxRun;
  let gh: GitHubStandIn;
  let files: { dir: string; output: string; summary: string };
  let nextPullRequest = 1;
  const saved = { ...process.env };

  /** A real deploy (the engine, as the CLI runs it) with these node counts. */
  const deployWith = async (vars: Record<string, string>) => {
    const { result } = await run.deploy({}, { env: { ...run.env, ...vars } });
    expect(result.error).toBeUndefined();
    return result;
  };

  beforeAll(async () => {
    gh = await startGitHubStandIn({ tokens: { [TOKEN]: { actions: 'write', pullRequests: 'write' } } });
    run = await startSandbox();
    // A cluster with 2 workers (Kubespray runs: the inventory the apply wrote lists them).
    const result = await deployWith(workers(2));
    expect(result.reports.find((r) => r.id === 'kubespray-ansible-playbook')?.status).toBe('success');
    const dir = await mkdtemp(path.join(tmpdir(), 'dry-run-'));
    files = { dir, output: path.join(dir, 'output'), summary: path.join(dir, 'summary') };
  }, 180_000);
  afterAll(async () => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
    await run?.close();
    await gh?.close();
  });

  /** The dry run on a pull request of its own (so its comment is this run's), with these variables for tofu. */
  async function dryRun(
    inputs: Record<string, string>,
    options: { only?: readonly string[]; vars?: Record<string, string> } = {},
  ) {
    const pr = nextPullRequest++;
    await writeFile(files.output, '');
    await writeFile(files.summary, '');
    const event = path.join(files.dir, `event-${pr}.json`);
    await writeFile(
      event,
      JSON.stringify({
        action: 'synchronize',
        number: pr,
        pull_request: {
          number: pr,
          head: { sha: 'b'.repeat(40), repo: { full_name: REPO } },
          base: { repo: { full_name: REPO } },
        },
      }),
    );
    Object.assign(process.env, {
      ...gh.actionsEnv({ runId: 500 + pr, repository: REPO, workspace: files.dir }),
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event,
      GITHUB_OUTPUT: files.output,
      GITHUB_STEP_SUMMARY: files.summary,
    });
    const all: Record<string, string> = {
      config: run.sandbox.configPath,
      'dry-run': 'true',
      'state-store': 'none',
      'skip-auth-check': 'true',
      'github-token': TOKEN,
      ...inputs,
    };
    const settings = readActionSettings(runnerInputReader('dist/deploy/index.js', all, TOKEN), {
      ...run.env,
      ...options.vars,
      RUNNER_TEMP: files.dir,
    });
    const p = await openPipeline(settings.deploy, {});
    await runDryRun(p, settings, options.only ? p.steps.filter((s) => options.only!.includes(s.id)) : p.steps);
    const comments = gh.comments(REPO, pr);
    expect(comments.length).toBeLessThanOrEqual(1);
    return {
      outputs: parseFileCommands(await readFile(files.output, 'utf8')),
      summary: await readFile(files.summary, 'utf8'),
      comment: comments[0]?.body ?? '',
      p,
    };
  }

  it('plans a destroy with tofu plan -destroy: the destroy plan in the summary, nothing destroyed, no confirmation needed', async () => {
    const { outputs, summary, p } = await dryRun({ operation: 'destroy' });
    expect(summary).toContain('### 📋 Destroy plan for `demo/sandbox` (dry run: nothing ran)');
    expect(summary).toMatch(
      /\| `opentofu-destroy` \| run \| not run yet \| `.*(tofu|terraform) plan -no-color -destroy -input=false -out=/,
    );
    expect(summary).toMatch(/### 🔴 Destroy plan for `demo\/sandbox` — \*\*\d+ to destroy\*\*/);
    expect(summary).toContain('| ❌ destroy | `terraform_data.network` |');
    expect(summary).toContain(
      '**A destroy would run:** `openstack-preflight` → `opentofu-init` → `kubernetes-cloud-cleanup` → `opentofu-destroy` → `openstack-leftovers` → `forget-cluster`',
    );
    expect(summary).not.toContain('**Nodes:**'); // node decisions are a deploy's
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

  it('2 → 3 workers: scale.yml limited to the new worker, in the summary and the PR comment; nothing removed', async () => {
    const { summary, comment, outputs } = await dryRun({}, { vars: workers(3) });
    expect(outputs).toMatchObject({ result: 'planned', 'has-changes': 'true' });
    expect(summary).toContain('| ➕ create | `module.worker[2].terraform_data.server` |');
    expect(summary).toContain('### 📋 Deploy plan for `demo/sandbox` (dry run: nothing ran)');
    expect(summary).toContain(
      // openstack-capacity has nothing to do with skip-auth-check: not among the steps that would run
      '**An apply would run:** `openstack-preflight` → `opentofu-init` → `opentofu-plan` → `kubespray-fetch`',
    );
    for (const text of [summary, comment]) {
      // The dry run has no state: the plan also says the versions will be read (version-path.ts), then the node decision.
      expect(text).toMatch(
        /\*\*Nodes:\*\* the Kubernetes version is not in the state: [^\n]*; scale\.yml --limit sandbox-worker-2 after/,
      );
      expect(withoutStepTable(text)).not.toContain('remove-node.yml');
      expect(text).not.toContain('⛔');
      expect(text).not.toContain('UNSAFE');
    }
    expect(comment.startsWith(planMarker('demo/sandbox'))).toBe(true);
  }, 120_000);

  it('2 → 1 workers: remove-node.yml for the deleted worker before the apply, in the summary and the PR comment', async () => {
    const { summary, comment, outputs } = await dryRun({}, { vars: workers(1) });
    // The steps decided with the node work the tofu plan found: the removal runs, as the deploy will say.
    expect(summary).toContain('| `kubespray-remove-nodes` | run | the plan deletes or replaces sandbox-worker-1 |');
    expect(comment).toMatch(/\*\*An apply would run:\*\* .*`kubespray-remove-nodes` → `opentofu-apply`/);
    expect(JSON.parse(outputs.steps!)).toContainEqual({
      id: 'etcd-snapshot',
      action: 'skip',
      reason: 'the plan removes no control-plane or etcd node and upgrades nothing',
    });
    for (const text of [summary, comment]) {
      expect(text).toMatch(/\*\*Nodes:\*\* [^\n]*remove-node\.yml for sandbox-worker-1 before apply/);
      expect(withoutStepTable(text)).not.toContain('scale.yml');
      expect(text).not.toContain('⛔');
    }
  }, 120_000);

  it('actions/tofu (mode: plan) with a node deletion says a deploy of it would be refused', async () => {
    const tofuOnly = await dryRun({}, { only: ['opentofu-init', 'opentofu-plan', 'opentofu-apply'], vars: workers(1) });
    const refusal =
      '> **⛔ A deploy of this plan would be refused:** the plan deletes nodes sandbox-worker-1, but this action applies without kubespray-remove-nodes, which drains and removes them first; deploy with the root action, which removes them before applying';
    expect(tofuOnly.summary).toContain(refusal);
    expect(tofuOnly.comment).toContain(refusal);
  }, 120_000);

  it('3 → 1 control plane nodes: refused for etcd quorum; with allow-unsafe-node-removal, an UNSAFE line instead', async () => {
    // Grown to 3 control plane nodes by a real deploy (cluster.yml), so the inventory lists 3 etcd members.
    await deployWith({ ...workers(2), ...controlPlanes(3) });
    const inventory = await readFile(path.join(run.sandbox.clusterDir, 'inventory', 'inventory.yaml'), 'utf8');
    expect(inventory).toContain('sandbox-cp-2');

    const refused = await dryRun({}, { vars: { ...workers(2), ...controlPlanes(1) } });
    for (const text of [refused.summary, refused.comment]) {
      expect(text).toMatch(
        /^> \*\*⛔ A deploy of this plan would be refused:\*\* refusing to remove nodes: the plan removes 2 of 3 etcd members \(.*sandbox-cp-1.*sandbox-cp-2.*\): etcd would lose quorum/m,
      );
      expect(text).not.toContain('UNSAFE');
    }
    expect(refused.summary).toMatch(
      /\*\*Nodes:\*\* [^\n]*remove-node\.yml for sandbox-cp-1, sandbox-cp-2 before apply/,
    );

    const unsafe = await dryRun(
      { 'allow-unsafe-node-removal': 'true' },
      { vars: { ...workers(2), ...controlPlanes(1) } },
    );
    for (const text of [unsafe.summary, unsafe.comment]) {
      expect(text).toMatch(/^> \*\*⚠️ UNSAFE: .*etcd would lose quorum.*\*\*$/m);
      expect(text).not.toContain('⛔');
      expect(text).toContain('remove-node.yml for sandbox-cp-1, sandbox-cp-2 before apply');
    }
  }, 300_000);
});
