import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { CheckReportSchema } from '../../src/core/model/check-report.js';
import { runAction } from '../support/action-runner.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { artifactStateInputs, CONFIG_SECRET, freshRunner as newRunner, type Runner } from '../support/sandbox.js';

const REPO = 'acme/infra';
const TOKEN = 'ghs_check_token_canary_5521';
const PASSPHRASE = 'kubeconfig-passphrase-canary-8812';
const ARTIFACT = 'cluster-deploy-state-demo~sandbox';
const STATE_KEY = 'state-key-canary-4242-0123456789abcdefghij';

/**
 * operation: check through the bundled root action, against the GitHub stand-in and the sandbox's
 * real terraform and API stand-in: a scheduled check in a later run finds the tofu state and the
 * kubeconfig where the deploy left them (its state artifact), reports drift and health as outputs
 * and a job summary, and uploads nothing, so the deploy's state stays the deploy's. The deploy uses
 * method none (the OpenTofu code's own cluster: a kubeconfig put in the cluster dir).
 */
describe('the deploy action with operation: check', () => {
  let gh: GitHubStandIn;
  const sandboxes: PreparedSandbox[] = [];
  let runner: Runner;

  async function freshRunner(): Promise<Runner> {
    const created = await newRunner('check-runner-');
    sandboxes.push(created.sandbox);
    return created;
  }

  const env = (on: Runner, runId: number, extra: Record<string, string> = {}) => ({
    ...on.toolEnv,
    ...gh.actionsEnv({ runId, repository: REPO, workspace: on.workDir }),
    GITHUB_SHA: 'a'.repeat(40),
    ...extra,
  });
  const inputs = (on: Runner, extra: Record<string, string> = {}) => ({
    ...artifactStateInputs(on, { stateKey: STATE_KEY, passphrase: PASSPHRASE, token: TOKEN }),
    method: 'none',
    interval: '300ms',
    timeout: '30s',
    ...extra,
  });

  /** A job: the main step, then the post step as the runner runs it. */
  async function job(
    on: Runner,
    runId: number,
    extra: Record<string, string> = {},
    extraEnv: Record<string, string> = {},
  ) {
    const main = await runAction('dist/deploy/index.js', { env: env(on, runId, extraEnv), inputs: inputs(on, extra) });
    const post = await runAction('dist/deploy/index.js', {
      env: env(on, runId, extraEnv),
      inputs: inputs(on, extra),
      state: main.state,
    });
    expect(post.code).toBe(0);
    return main;
  }
  const check = (runId: number, extra: Record<string, string> = {}, extraEnv: Record<string, string> = {}) =>
    job(runner, runId, { operation: 'check', ...extra }, extraEnv);
  const artifactsOf = (runId: number) => gh.artifacts().filter((a) => a.name === ARTIFACT && a.runId === runId);
  /** Apart from the runner's own ::add-mask:: commands, which register them. */
  const noSecrets = (text: string) => {
    const shown = text
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
      .join('\n');
    for (const secret of [TOKEN, PASSPHRASE, CONFIG_SECRET]) expect(shown).not.toContain(secret);
  };

  beforeAll(async () => {
    gh = await startGitHubStandIn({ tokens: { [TOKEN]: { actions: 'write', issues: 'write' } } });
    runner = await freshRunner();
    const b64 = (pem: string) => Buffer.from(pem).toString('base64');
    const { api } = runner.sandbox;
    const kubeconfig = `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    certificate-authority-data: ${b64(api.caPem)}\n    server: https://127.0.0.1:${api.port}\ncontexts:\n- name: admin@c\n  context: {cluster: c, user: admin}\ncurrent-context: admin@c\nusers:\n- name: admin\n  user:\n    client-certificate-data: ${b64(api.clientCertPem)}\n    client-key-data: ${b64(api.clientKeyPem)}\n`;
    await fs.writeFile(path.join(runner.sandbox.clusterDir, 'kubeconfig.yaml'), kubeconfig);
    const deployed = await job(runner, 301);
    expect(deployed.code, deployed.stdout).toBe(0);
  }, 300_000);
  afterAll(async () => {
    await Promise.all(sandboxes.map((s) => s.close()));
    await gh?.close();
  });

  it("a later run finds the tofu state, kubeconfig and inventory in the deploy's artifact, reports clean, and uploads nothing", async () => {
    // What a fresh runner lacks: the tofu state and the inventory the apply wrote (the kubeconfig lives under the new RUNNER_TEMP anyway).
    const tfstate = path.join(runner.sandbox.clusterDir, 'terraform.tfstate');
    const inventory = path.join(runner.sandbox.clusterDir, 'inventory', 'inventory.yaml');
    const deployedState = await fs.readFile(tfstate, 'utf8');
    const deployedInventory = await fs.readFile(inventory, 'utf8');
    await fs.rm(tfstate);
    await fs.rm(inventory);
    const main = await check(302);
    expect(main.code, main.stdout).toBe(0);
    expect(main.stdout).toContain('restored the tofu state saved with the resume state');
    // Without it the nodes would go unchecked, and the sandbox's inventory resource would show as drift.
    expect(main.stdout).toContain('restored the inventory saved with the resume state');
    expect(await fs.readFile(inventory, 'utf8')).toBe(deployedInventory);
    expect(main.stdout).toContain('restored the kubeconfig saved with the resume state');
    expect(main.stdout).not.toContain('Resuming demo/sandbox');
    expect(main.outputs).toMatchObject({ operation: 'check', result: 'success', drift: 'false', healthy: 'true' });
    const report = CheckReportSchema.parse(JSON.parse(main.outputs.report!));
    expect(report).toMatchObject({ cluster: 'demo/sandbox', drift: false, healthy: true, findings: [] });
    expect(report.certificate?.daysLeft).toBeGreaterThan(300);
    expect(report.nodes).toEqual({ expected: 1, inApi: 1, ready: 1 });
    // The summary is the check report (renderCheckReport), not a deploy's step table.
    expect(main.summary).toContain('### 🟢 `demo/sandbox`: clean');
    expect(main.summary).toContain('**Infrastructure:** as planned, no drift');
    expect(main.summary).not.toContain('Resume state:');
    for (const output of ['kubeconfig', 'kubeconfig-path', 'kubeconfig-encrypted'])
      expect(main.outputs[output], output).toBeUndefined();
    expect(artifactsOf(302)).toEqual([]);
    expect(await fs.readFile(tfstate, 'utf8')).toBe(deployedState);
    noSecrets(`${main.stdout}${main.summary}${main.outputs.report}`);
  }, 120_000);

  it('drift and findings set the outputs, fill the summary and do not fail the job', async () => {
    runner.sandbox.api.setFailingChecks(['etcd']);
    try {
      const main = await check(303, {}, { TF_VAR_worker_count: '2' });
      expect(main.code, main.stdout).toBe(0);
      expect(main.outputs).toMatchObject({ result: 'success', drift: 'true', healthy: 'false' });
      const report = CheckReportSchema.parse(JSON.parse(main.outputs.report!));
      expect(report.infrastructure?.rows).toContainEqual({
        address: 'module.worker[1].terraform_data.server',
        action: 'create',
      });
      expect(report.findings.filter((f) => f.kind !== 'drift').map((f) => `${f.kind} ${f.subject}`)).toEqual([
        'readyz etcd',
      ]);
      expect(main.summary).toContain('### 🔴 `demo/sandbox`: drift and 1 problem');
      expect(main.summary).toContain('module.worker[1].terraform_data.server');
      expect(main.summary).toContain('#### Failing /readyz checks (1)\n\n- `etcd`: the API server');
      // The inventory lists the nodes, so it changes with them.
      expect(main.stdout).toContain('Check of demo/sandbox: drift (2 resources), unhealthy (1 finding)');
      expect(artifactsOf(303)).toEqual([]);
      noSecrets(`${main.stdout}${main.summary}${main.outputs.report}`);
    } finally {
      runner.sandbox.api.setFailingChecks([]);
    }
  }, 120_000);

  it("health-issue: true opens the cluster's issue while something is found and closes it when clean", async () => {
    runner.sandbox.api.setFailingChecks(['etcd']);
    try {
      const found = await check(304, { 'health-issue': 'true' });
      expect(found.code, found.stdout).toBe(0);
      expect(found.stdout).toMatch(/^health issue: opened \(http\S+\/issues\/\d+\)$/m);
    } finally {
      runner.sandbox.api.setFailingChecks([]);
    }
    const [issue] = gh.issues(REPO);
    expect(issue).toMatchObject({ state: 'open' });
    expect(issue!.body).toContain('etcd');
    noSecrets(`${issue!.title}${issue!.body}`);

    const clean = await check(308, { 'health-issue': 'true' });
    expect(clean.code, clean.stdout).toBe(0);
    expect(clean.stdout).toMatch(/^health issue: closed/m);
    expect(gh.issues(REPO).map((i) => i.state)).toEqual(['closed']);
  }, 120_000);

  it('an unfinished deploy resumes from its own state after a check in between', async () => {
    runner.sandbox.api.setReady(false);
    const failed = await job(runner, 305, { timeout: '1s' });
    expect(failed.code).toBe(1);
    expect(failed.outputs.result).toBe('failure');

    const checked = await check(306);
    expect(checked.code, checked.stdout).toBe(0);
    expect(JSON.parse(checked.outputs.report!).findings).toEqual([
      expect.objectContaining({ kind: 'readyz', subject: 'etcd' }),
    ]);
    expect(artifactsOf(306)).toEqual([]);

    runner.sandbox.api.setReady(true);
    const resumed = await job(runner, 307);
    expect(resumed.code, resumed.stdout).toBe(0);
    expect(resumed.stdout).toContain('Resuming demo/sandbox from run 305');
    expect(resumed.stdout).toMatch(/⏭ Apply OpenTofu infrastructure \(opentofu-apply\) \(already completed\)/);
  }, 180_000);

  it('refuses to check a local backend without its tofu state (it would report everything as drift)', async () => {
    const bare = await freshRunner();
    const main = await runAction('dist/deploy/index.js', {
      env: env(bare, 306),
      inputs: inputs(bare, { operation: 'check', 'tofu-state': 'none' }),
    });
    expect(main.code).toBe(1);
    expect(main.stdout).toMatch(
      /::error::opentofu-drift: there is no tofu state at .*terraform\.tfstate \(a local backend\), so every resource would show as drift\. Check with the state the deploy kept/,
    );
    expect(main.outputs.drift).toBeUndefined();
  }, 120_000);

  it.each([
    [
      'health-issue on a deploy',
      {},
      { 'health-issue': 'true' },
      '::error::input health-issue applies only to operation: check, not to operation: deploy; remove it or set operation',
    ],
    [
      'environment on a check',
      { operation: 'check' },
      { environment: 'prod' },
      '::error::input environment applies only to operation: deploy or upgrade or destroy, not to operation: check; remove it',
    ],
    [
      'health-issue not a boolean',
      { operation: 'check' },
      { 'health-issue': 'sometimes' },
      '::error::input health-issue: "sometimes" is not true or false',
    ],
    [
      'health-issue without a token',
      { operation: 'check' },
      { 'health-issue': 'true', 'github-token': '' },
      '::error::health-issue: true needs github-token (the default is ${{ github.token }}) with permission issues: write',
    ],
    [
      'a step of deploy',
      { operation: 'check' },
      { step: 'opentofu-apply' },
      `::error::input step: "opentofu-apply" is a step of deploy, not of check (check's steps: openstack-preflight, opentofu-init, opentofu-drift, cluster-health)`,
    ],
    [
      'health-issue on a dry run (no report to keep the issue from)',
      { operation: 'check' },
      { 'health-issue': 'true', 'dry-run': 'true' },
      "::error::health-issue keeps the issue from the check's report, and a dry run only plans the check: remove dry-run (or mode: plan), or health-issue",
    ],
    [
      'nodes on a check (it reads the cluster once)',
      { operation: 'check' },
      { nodes: '3' },
      '::error::input nodes applies only to operation: deploy or upgrade or replace-nodes, not to operation: check; remove it',
    ],
    [
      'an unknown operation',
      {},
      { operation: 'chek' },
      '::error::input operation: "chek" is not an operation; use one of deploy, upgrade, destroy, check, replace-nodes',
    ],
  ])(
    '%s is a usage error before anything runs',
    async (_name, base: Record<string, string>, extra: Record<string, string>, annotation) => {
      const before = gh.requests.length;
      const main = await runAction('dist/deploy/index.js', {
        env: env(runner, 307),
        inputs: inputs(runner, { ...base, ...extra }),
      });
      expect(main.code).toBe(1);
      expect(main.stdout.split('\n').filter((l) => l.startsWith('::error::'))).toEqual([annotation]);
      expect(gh.requests.slice(before)).toEqual([]);
    },
    60_000,
  );

  // Last: it destroys the sandbox's cluster.
  it('a scheduled check after a destroy says the cluster was destroyed (exit 1) and opens no health issue', async () => {
    const destroyed = await job(runner, 320, {
      operation: 'destroy',
      'confirm-destroy': 'sandbox',
      timeout: '',
      interval: '',
    });
    expect(destroyed.code, destroyed.stdout).toBe(0);
    const issues = gh.issues(REPO).length;
    const main = await check(321, { 'health-issue': 'true' });
    expect(main.code).toBe(1);
    expect(main.stdout).toMatch(
      /::error::check: demo\/sandbox was destroyed at \S+Z by \S+\/runs\/320\S*: there is no cluster to check \(deploy it again, or stop checking it\)/,
    );
    expect(main.stdout).not.toContain('drift');
    expect(gh.issues(REPO)).toHaveLength(issues);
    expect(artifactsOf(321)).toEqual([]);
  }, 180_000);
});
