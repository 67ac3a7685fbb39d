import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { decryptWithPassphrase } from '../../src/core/lib/secret-box.js';
import { writeSeal } from '../../src/github/state/state-seal.js';
import { runAction, type ActionRun } from '../support/action-runner.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { uploadAsRun } from '../support/planted-artifacts.js';
import { artifactStateInputs, freshRunner as newRunner, type Runner } from '../support/sandbox.js';

const REPO = 'acme/infra';
const TOKEN = 'ghs_destroy_token_canary_7741';
const PASSPHRASE = 'kubeconfig-passphrase-canary-3303';
const ARTIFACT = 'cluster-deploy-state-demo~sandbox';
const STATE_KEY = 'state-key-canary-4242-0123456789abcdefghij';

/**
 * operation: destroy through the bundled root action, against the GitHub stand-in and the sandbox's
 * real terraform: confirmed before anything runs, the saved tofu state destroyed, no kubeconfig
 * handed out afterwards, the environment's deployment left inactive. The deploys use method none
 * (the OpenTofu code's own cluster: a kubeconfig put in the cluster dir), which reads no node changes.
 */
describe('the deploy action with operation: destroy', () => {
  let gh: GitHubStandIn;
  const sandboxes: PreparedSandbox[] = [];
  let deployed: ActionRun;

  beforeAll(async () => {
    gh = await startGitHubStandIn({ tokens: { [TOKEN]: { actions: 'write', deployments: 'write' } } });
  });
  afterAll(async () => {
    await Promise.all(sandboxes.map((s) => s.close()));
    await gh?.close();
  });

  async function freshRunner(): Promise<Runner> {
    const runner = await newRunner('destroy-runner-');
    sandboxes.push(runner.sandbox);
    return runner;
  }

  const env = (runner: Runner, runId: number) => ({
    ...runner.toolEnv,
    ...gh.actionsEnv({ runId, repository: REPO, workspace: runner.workDir }),
    GITHUB_SHA: 'a'.repeat(40),
  });
  const inputs = (runner: Runner, extra: Record<string, string> = {}) => ({
    ...artifactStateInputs(runner, { stateKey: STATE_KEY, passphrase: PASSPHRASE, token: TOKEN }),
    method: 'none',
    environment: 'sandbox',
    // the readiness gate's inputs: a destroy by this method waits for nothing and refuses them
    ...(extra.operation !== 'destroy' && { interval: '300ms', timeout: '30s' }),
    ...extra,
  });

  async function job(runner: Runner, runId: number, extra: Record<string, string> = {}) {
    const main = await runAction('dist/deploy/index.js', { env: env(runner, runId), inputs: inputs(runner, extra) });
    const post = await runAction('dist/deploy/index.js', {
      env: env(runner, runId),
      inputs: inputs(runner, extra),
      state: main.state,
    });
    expect(post.code).toBe(0);
    return main;
  }

  async function savedArtifact(runId: number) {
    const artifact = gh
      .artifacts()
      .filter((a) => a.name === ARTIFACT && a.runId === runId)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    if (!artifact) return undefined;
    const files = await gh.artifactFiles(artifact.id);
    return { files, state: JSON.parse(files['state.json']!.toString('utf8')) };
  }

  const deploymentStates = () =>
    gh.requests
      .filter((r) => r.method === 'POST' && /\/deployments\/\d+\/statuses$/.test(r.path))
      .map((r) => (r.body as { state: string }).state);

  it('deploys (method none) with the tofu state and kubeconfig kept in the artifact', async () => {
    const runner = await freshRunner();
    const b64 = (pem: string) => Buffer.from(pem).toString('base64');
    const { api } = runner.sandbox;
    const kubeconfig = `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    certificate-authority-data: ${b64(api.caPem)}\n    server: https://127.0.0.1:${api.port}\ncontexts:\n- name: admin@c\n  context: {cluster: c, user: admin}\ncurrent-context: admin@c\nusers:\n- name: admin\n  user:\n    client-certificate-data: ${b64(api.clientCertPem)}\n    client-key-data: ${b64(api.clientKeyPem)}\n`;
    await fs.writeFile(path.join(runner.sandbox.clusterDir, 'kubeconfig.yaml'), kubeconfig);
    deployed = await job(runner, 201);
    expect(deployed.code, deployed.stdout).toBe(0);
    expect(deployed.outputs.operation).toBe('deploy');
    expect(deployed.outputs['kubeconfig-encrypted']).toMatch(/^-----BEGIN AGE ENCRYPTED FILE-----/);
    expect(deployed.summary).toContain('### ✅ Deployed `demo/sandbox`');
    const saved = await savedArtifact(201);
    expect(Object.keys(saved!.files).sort()).toEqual([
      'deploy.log',
      'inventory.yaml.age',
      'kubeconfig.age',
      'state.json',
      'state.seal.json',
      'terraform.tfstate.age',
    ]);
  }, 300_000);

  it("a runner's leftover empty tofu state never replaces the deploy's: the saved one is restored, nothing made twice", async () => {
    // A persistent runner (or a checked-in file) with an empty state of another lineage: used as it was, the
    // deploy would create every resource again and upload that state over the one managing the first set.
    const runner = await freshRunner();
    const tofuState = path.join(runner.sandbox.clusterDir, 'terraform.tfstate');
    const leftover = {
      version: 4,
      terraform_version: '1.10.0',
      serial: 1,
      lineage: 'leftover',
      outputs: {},
      resources: [],
    };
    await fs.writeFile(tofuState, JSON.stringify(leftover));
    const saved = (await savedArtifact(201))!;
    const deployed = JSON.parse(
      await decryptWithPassphrase(saved.files['terraform.tfstate.age']!.toString('utf8'), PASSPHRASE, 'tofu state'),
    );
    expect(deployed.resources.length).toBeGreaterThan(1);

    const main = await job(runner, 210);
    expect(main.code, main.stdout).toBe(0);
    expect(main.stdout).toContain(
      `restored the tofu state saved with the resume state: ${tofuState} manages no resources; the tofu state saved with the resume state does (${deployed.resources.length} resources, serial ${deployed.serial})`,
    );
    const after = JSON.parse(await fs.readFile(tofuState, 'utf8'));
    expect(after.lineage).toBe(deployed.lineage);
    expect(after.resources).toHaveLength(deployed.resources.length);
    const uploaded = JSON.parse(
      await decryptWithPassphrase(
        (await savedArtifact(210))!.files['terraform.tfstate.age']!.toString('utf8'),
        PASSPHRASE,
        'tofu state',
      ),
    );
    expect(uploaded.lineage).toBe(deployed.lineage);
  }, 300_000);

  it('refuses a destroy without the cluster name, or with another, before anything runs', async () => {
    const runner = await freshRunner();
    const before = gh.requests.length;
    for (const [runId, confirm] of [
      [202, undefined],
      [203, 'prod-east'],
    ] as const) {
      const main = await runAction('dist/deploy/index.js', {
        env: env(runner, runId),
        inputs: inputs(runner, { operation: 'destroy', ...(confirm && { 'confirm-destroy': confirm }) }),
      });
      expect(main.code).toBe(1);
      const annotations = main.stdout.split('\n').filter((l) => l.startsWith('::error::'));
      expect(annotations).toEqual([
        confirm
          ? `::error::destroy: input confirm-destroy: "${confirm}" is not the cluster's name; to destroy demo/sandbox, confirm with its name: input confirm-destroy: sandbox`
          : "::error::destroy deletes every resource of demo/sandbox: confirm with the cluster's name (input confirm-destroy: sandbox)",
      ]);
      expect(main.outputs.result).toBe('failure');
      expect(main.stdout).not.toMatch(/restored the|→ |terraform|tofu /);
      expect(await savedArtifact(runId)).toBeUndefined();
    }
    // Not even the saved state was looked for, nor a deployment recorded.
    expect(gh.requests.slice(before)).toEqual([]);
    expect(await fs.readdir(runner.sandbox.clusterDir)).not.toContain('.terraform');
  }, 120_000);

  it('destroys what the deploy made when confirmed: no kubeconfig output, the state marked destroyed, the deployment inactive', async () => {
    const runner = await freshRunner();
    const main = await job(runner, 204, { operation: 'destroy', 'confirm-destroy': 'sandbox' });
    expect(main.code, main.stdout).toBe(0);
    expect(main.stdout).toContain('restored the tofu state saved with the resume state');
    expect(main.stdout).toMatch(
      /✓ Destroy the OpenTofu infrastructure \(opentofu-destroy\) \(.*\) — ([2-9]|[1-9]\d+) resources destroyed/,
    );
    expect(main.outputs).toMatchObject({ operation: 'destroy', result: 'success' });
    for (const output of ['kubeconfig', 'kubeconfig-path', 'kubeconfig-encrypted', 'endpoint'])
      expect(main.outputs[output], output).toBeUndefined();
    expect(main.summary).toContain('### ✅ Destroyed `demo/sandbox`');
    expect(main.summary).toContain('the next deploy starts from nothing');
    const tfstate = JSON.parse(await fs.readFile(path.join(runner.sandbox.clusterDir, 'terraform.tfstate'), 'utf8'));
    expect(tfstate.resources).toEqual([]);

    const saved = await savedArtifact(204);
    expect(saved!.state).toMatchObject({ operation: 'destroy', destroyedAt: expect.any(String) });
    expect(Object.keys(saved!.files)).not.toContain('kubeconfig.age');
    expect(deploymentStates().slice(-2)).toEqual(['in_progress', 'inactive']);
    const created = gh.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/deployments')).at(-1)!.body as {
      description: string;
    };
    expect(created.description).toBe('cluster-deploy destroy demo/sandbox');
  }, 300_000);

  it('never restores the kubeconfig of a destroyed cluster, even one left in its state artifact', async () => {
    // A state marked destroyed that still carries a kubeconfig (an older version, a failed delete).
    const runner = await freshRunner();
    const dir = path.join(runner.workDir, 'planted');
    await fs.mkdir(dir);
    const old = await savedArtifact(201);
    const destroyed = await savedArtifact(204);
    // Saved by run 205, which uploads it: a reader takes a seal only from the run it names.
    await fs.writeFile(
      path.join(dir, 'state.json'),
      JSON.stringify({ ...destroyed!.state, run: { id: 205, attempt: 1 } }),
    );
    await fs.writeFile(path.join(dir, 'kubeconfig.age'), old!.files['kubeconfig.age']!);
    expect(
      await decryptWithPassphrase(old!.files['kubeconfig.age']!.toString('utf8'), PASSPHRASE, 'kubeconfig'),
    ).toContain('client-key-data');
    // Written by a trusted job (it holds the key): sealed, as this action seals what it writes.
    const files = [path.join(dir, 'state.json'), path.join(dir, 'kubeconfig.age')];
    files.push(await writeSeal(dir, files, 'demo/sandbox', STATE_KEY));
    await uploadAsRun(env(runner, 205), ARTIFACT, files, dir);

    const main = await job(runner, 206, { step: 'openstack-preflight' });
    expect(main.code, main.stdout).toBe(0);
    expect(main.stdout).toContain(
      `not restoring the saved kubeconfig: the cluster was destroyed at ${destroyed!.state.destroyedAt}`,
    );
    expect(main.stdout).toContain('the cluster was destroyed at');
    expect(main.stdout).not.toContain('restored the kubeconfig');
    expect(main.stdout).not.toContain('Resuming demo/sandbox');
    for (const output of ['kubeconfig', 'kubeconfig-path', 'kubeconfig-encrypted'])
      expect(main.outputs[output], output).toBeUndefined();
    const after = await savedArtifact(206);
    expect(after!.state.destroyedAt).toBeUndefined(); // a fresh deploy state
    expect(Object.keys(after!.files)).not.toContain('kubeconfig.age');
  }, 120_000);

  it('refuses a destroy whose tofu state holds no resources while the saved state records the deploy: nothing forgotten, a re-run refuses again', async () => {
    // The deploy's resume state (with deployedAt) in the artifact, and on this runner an empty tofu state
    // (a persistent runner's leftover, another workspace): the destroy plan would destroy nothing.
    const runner = await freshRunner();
    const dir = path.join(runner.workDir, 'planted');
    await fs.mkdir(dir);
    const deployedState = (await savedArtifact(201))!.state;
    expect(deployedState.deployedAt).toEqual(expect.any(String));
    await fs.writeFile(
      path.join(dir, 'state.json'),
      JSON.stringify({ ...deployedState, run: { id: 207, attempt: 1 } }),
    );
    const files = [path.join(dir, 'state.json')];
    files.push(await writeSeal(dir, files, 'demo/sandbox', STATE_KEY));
    await uploadAsRun(env(runner, 207), ARTIFACT, files, dir);
    const tofuState = path.join(runner.sandbox.clusterDir, 'terraform.tfstate');
    const empty = JSON.stringify({
      version: 4,
      terraform_version: '1.10.0',
      serial: 9,
      lineage: 'x',
      outputs: {},
      resources: [],
    });
    await fs.writeFile(tofuState, empty);

    for (const runId of [208, 209]) {
      const main = await job(runner, runId, { operation: 'destroy', 'confirm-destroy': 'sandbox' });
      expect(main.code, main.stdout).toBe(1);
      const annotations = main.stdout.split('\n').filter((l) => l.startsWith('::error'));
      expect(annotations).toHaveLength(1);
      expect(annotations[0]).toMatch(
        /^::error title=cluster-deploy%3A step opentofu-destroy failed::destroying the infrastructure: step "opentofu-destroy" failed: opentofu-destroy: the tofu state at .*terraform\.tfstate holds no resources, while the resume state records a deploy of demo\/sandbox/,
      );
      expect(main.stdout).not.toContain('Forget the destroyed cluster (forget-cluster)...');
      expect(main.summary).not.toContain('re-run this job');
      const after = await savedArtifact(runId);
      expect(after!.state.destroyedAt).toBeUndefined();
      expect(after!.state.deployedAt).toBe(deployedState.deployedAt);
    }
    expect(await fs.readFile(tofuState, 'utf8')).toBe(empty);
  }, 300_000);
});
