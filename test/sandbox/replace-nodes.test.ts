import { execFile, spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/action-runner.js';
import { runCli, sandboxFlags } from '../support/cli.js';
import { freshRunner, type Runner } from '../support/sandbox.js';

const ENTRY = path.join(ROOT, 'src', 'cli', 'main.ts');

/**
 * Day 2 on the sandbox with the real terraform, ansible-playbook and kubectl: a plan that changes the
 * image of running nodes (an in-place rebuild, as terraform-provider-openstack v3.4.0 plans it, which
 * the sandbox's node module models) is refused before apply; `replace-nodes` replaces them one at a
 * time and, killed between two nodes, resumes without redoing one.
 */
describe('replace-nodes on the sandbox', () => {
  let runner: Runner;
  let common: string[];
  // nova_effects: a server rebuilt in place takes its node down, as Nova's rebuild does (the sandbox's node module).
  const env = (vars: Record<string, string> = {}) => ({
    ...runner.toolEnv,
    TF_VAR_worker_count: '2',
    TF_VAR_nova_effects: 'true',
    ...vars,
  });
  const readiness = async () => {
    const registry = JSON.parse(await fs.readFile(runner.sandbox.registryFile, 'utf8')) as {
      nodes: { name: string; ready: boolean }[];
    };
    return Object.fromEntries(registry.nodes.map((node) => [node.name, node.ready]));
  };

  /** Each node's image, from the tofu state (what the servers run). */
  const images = async () => {
    const state = JSON.parse(await fs.readFile(path.join(runner.sandbox.clusterDir, 'terraform.tfstate'), 'utf8')) as {
      resources: {
        type: string;
        instances: { attributes: { input?: { value?: { node_name?: string; image_id?: string } } } }[];
      }[];
    };
    return Object.fromEntries(
      state.resources
        .flatMap((r) => (r.type === 'terraform_data' ? r.instances.map((i) => i.attributes.input?.value) : []))
        .filter((v) => v?.node_name)
        .map((v) => [v!.node_name, v!.image_id]),
    );
  };
  const runs = async () =>
    (await runner.sandbox.runs()).map((r) => `${r.playbook} ${r.vars.node ?? r.hosts.join(',')}`);

  beforeAll(async () => {
    runner = await freshRunner('replace-nodes-');
    common = [...sandboxFlags(runner.sandbox, runner.workDir), '--interval', '300ms'];
    const deploy = await runCli(['deploy', ...common], env());
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);
  }, 300_000);
  afterAll(async () => runner?.sandbox.close());

  it('refuses a plan that rebuilds running nodes before anything changes, naming each node and value (plan and deploy)', async () => {
    const before = await runs();
    const plan = await runCli(['plan', ...common, '--tofu-plan'], env({ TF_VAR_image_id: 'sandbox-image-2' }));
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('REFUSED: a deploy of this plan stops before changing anything');
    for (const node of ['sandbox-cp-0', 'sandbox-worker-0', 'sandbox-worker-1'])
      expect(plan.stdout).toContain(`    - ${node}: image_id "sandbox-image-1" → "sandbox-image-2" (rebuilt)`);
    expect(plan.stdout).toContain('cluster-deploy replace-nodes');

    const deploy = await runCli(['deploy', ...common], env({ TF_VAR_image_id: 'sandbox-image-2' }));
    expect(deploy.code).toBe(1);
    const printed = deploy.stdout + deploy.stderr;
    expect(printed).toMatch(/opentofu-plan\) failed|refusing to change nodes in place/);
    expect(printed).toContain('sandbox-worker-1: image_id "sandbox-image-1" → "sandbox-image-2" (rebuilt)');
    // Nothing was applied, no playbook ran.
    expect(await images()).toEqual({
      'sandbox-cp-0': 'sandbox-image-1',
      'sandbox-worker-0': 'sandbox-image-1',
      'sandbox-worker-1': 'sandbox-image-1',
    });
    expect(await runs()).toEqual(before);
  }, 300_000);

  it('refuses to roll the first control plane (remove-node.yml runs there), before anything changes', async () => {
    const before = await runs();
    const plan = await runCli(
      ['plan', ...common, '--operation', 'replace-nodes', '--tofu-plan'],
      env({ TF_VAR_image_id: 'sandbox-image-2' }),
    );
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/REFUSED: .*sandbox-cp-0 is the first host of kube_control_plane and etcd/);
    const result = await runCli(['replace-nodes', ...common], env({ TF_VAR_image_id: 'sandbox-image-2' }));
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).toMatch(/sandbox-cp-0 is the first host of kube_control_plane and etcd/);
    expect(await runs()).toEqual(before);
    expect((await images())['sandbox-cp-0']).toBe('sandbox-image-1');
  }, 300_000);

  it('replaces the workers one at a time; killed between two, a re-run goes on and redoes none', async () => {
    const before = (await runs()).length;
    const newImage = env({ TF_VAR_worker_image_id: 'sandbox-image-2' });
    const preview = await runCli(['plan', ...common, '--operation', 'replace-nodes', '--tofu-plan'], newImage);
    expect(preview.code, preview.stderr).toBe(0);
    expect(preview.stdout).toContain('Nodes: replace-nodes replaces sandbox-worker-0, sandbox-worker-1, one at a time');
    // kill -9 of the CLI's whole group as soon as the first node is done (its progress is saved before it says so).
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, 'replace-nodes', ...common], {
      cwd: ROOT,
      env: newImage,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const killed = new Promise<void>((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        output += d.toString();
        if (output.includes('sandbox-worker-0 replaced and Ready (1/2)')) {
          process.kill(-child.pid!, 'SIGKILL');
          resolve();
        }
      });
      child.on('close', () => resolve());
    });
    await killed;
    expect(output).toContain('sandbox-worker-0 replaced and Ready (1/2)');
    expect(output).not.toContain('sandbox-worker-1 replaced');
    expect(await images()).toMatchObject({
      'sandbox-worker-0': 'sandbox-image-2',
      'sandbox-worker-1': 'sandbox-image-1',
    });

    const resumed = await runCli(['replace-nodes', ...common], newImage);
    expect(resumed.code, resumed.stdout + resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain('sandbox-worker-1 replaced and Ready (2/2)');
    expect(resumed.stdout).not.toContain('remove-node.yml for sandbox-worker-0');
    expect(await images()).toEqual({
      'sandbox-cp-0': 'sandbox-image-1',
      'sandbox-worker-0': 'sandbox-image-2',
      'sandbox-worker-1': 'sandbox-image-2',
    });
    // Every playbook run of both processes: each node drained, removed and joined exactly once, one after the other.
    const all = (await runs()).slice(before);
    const perNode = (node: string) => all.filter((run) => run.endsWith(` ${node}`));
    expect(perNode('sandbox-worker-0')).toEqual(['remove-node.yml sandbox-worker-0', 'scale.yml sandbox-worker-0']);
    expect(perNode('sandbox-worker-1')).toEqual(['remove-node.yml sandbox-worker-1', 'scale.yml sandbox-worker-1']);
    expect(all.indexOf('scale.yml sandbox-worker-0')).toBeLessThan(all.indexOf('remove-node.yml sandbox-worker-1'));

    // The nodes run what the code says: a deploy plan changes no node in place any more.
    const plan = await runCli(['plan', ...common, '--tofu-plan'], newImage);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).not.toContain('REFUSED');
    expect(await readiness()).toEqual({ 'sandbox-cp-0': true, 'sandbox-worker-0': true, 'sandbox-worker-1': true });
  }, 600_000);

  it('what the deploy refuses is what Nova does: applied behind its back, the rebuilt nodes go NotReady at once', async () => {
    const tofu = await new Promise<string>((resolve) =>
      execFile('sh', ['-c', 'command -v tofu || command -v terraform'], { env: env() }, (_, out) =>
        resolve(out.trim()),
      ),
    );
    const applied = await new Promise<{ code: number; output: string }>((resolve) =>
      execFile(
        tofu,
        ['apply', '-input=false', '-auto-approve'],
        { cwd: runner.sandbox.clusterDir, env: env({ TF_VAR_worker_image_id: 'sandbox-image-3' }) },
        (error, stdout, stderr) => resolve({ code: error ? 1 : 0, output: stdout + stderr }),
      ),
    );
    expect(applied.code, applied.output).toBe(0);
    expect(applied.output).toMatch(/module\.worker\[0\]\.terraform_data\.server: Modifications complete/);
    expect(await readiness()).toEqual({ 'sandbox-cp-0': true, 'sandbox-worker-0': false, 'sandbox-worker-1': false });
  }, 300_000);
});

describe('a bastion is no node (issue 32)', () => {
  let runner: Runner;
  beforeAll(async () => {
    runner = await freshRunner('bastion-');
  });
  afterAll(async () => runner?.sandbox.close());

  it('a day-0 deploy of the bastion layout passes the playbook step, the bastion named as no node', async () => {
    const args = [...sandboxFlags(runner.sandbox, runner.workDir), '--interval', '300ms'];
    const deploy = await runCli(['deploy', ...args], { ...runner.toolEnv, TF_VAR_bastion: 'true' });
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);
    expect(deploy.stdout).toContain('not nodes: sandbox-bastion (servers in no Kubernetes group of the inventory');
    const inventory = await fs.readFile(path.join(runner.sandbox.clusterDir, 'inventory', 'inventory.yaml'), 'utf8');
    expect(inventory).toContain('    bastion:\n      hosts:\n        bastion: {}');
    // A later change of the bastion's server (a new image) is the infrastructure's, not a node's: not refused.
    const plan = await runCli(['plan', ...args, '--tofu-plan'], {
      ...runner.toolEnv,
      TF_VAR_bastion: 'true',
      TF_VAR_image_id: 'sandbox-image-2',
      TF_VAR_worker_image_id: 'sandbox-image-1',
    });
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain('- sandbox-cp-0: image_id');
    expect(plan.stdout).not.toContain('sandbox-bastion: image_id');
  }, 300_000);
});

describe('replace-nodes of an unreachable etcd member (three control-plane nodes)', () => {
  let runner: Runner;
  afterAll(async () => runner?.sandbox.close());

  it('saves an etcd snapshot first, then removes the member after facts.yml over the rest (the cache is empty on a fresh runner), and joins its new server', async () => {
    runner = await freshRunner('replace-etcd-');
    const stateDir = path.join(runner.workDir, 'state');
    const args = [...sandboxFlags(runner.sandbox, runner.workDir), '--interval', '300ms'];
    const env = (vars: Record<string, string> = {}) => ({
      ...runner.toolEnv,
      TF_VAR_control_plane_count: '3',
      ...vars,
    });
    const deploy = await runCli(['deploy', ...args], env());
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);

    // sandbox-cp-1's host is gone (NotReady in the API), and this runner never gathered facts.
    const registry = JSON.parse(await fs.readFile(runner.sandbox.registryFile, 'utf8')) as {
      nodes: { name: string; ready: boolean }[];
    };
    runner.sandbox.api.setNodes(
      registry.nodes.map((node) => (node.name === 'sandbox-cp-1' ? { ...node, ready: false } : node)) as never,
    );
    await fs.rm(path.join(runner.sandbox.clusterDir, '.sandbox-facts'), { recursive: true, force: true });
    const before = (await runner.sandbox.runs()).length;

    const newImage = env({ TF_VAR_node_image_ids: '{"sandbox-cp-1":"sandbox-image-2"}' });
    const result = await runCli(['replace-nodes', ...args], newImage);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain('sandbox-cp-1 replaced and Ready (1/1)');

    const state = JSON.parse(await fs.readFile(path.join(stateDir, 'demo', 'sandbox', 'state.json'), 'utf8'));
    expect(state.etcdSnapshot.name).toMatch(/^etcd-\d{8}T\d{6}Z-replace-nodes$/);
    const runs = (await runner.sandbox.runs()).slice(before);
    const removal = runs.findIndex((run) => run.playbook === 'remove-node.yml');
    expect(runs[removal]?.vars).toMatchObject({ node: 'sandbox-cp-1', reset_nodes: false });
    // The facts of the remaining etcd hosts are cached before the unreachable member is removed.
    const facts = runs.findIndex((run) => run.playbook === 'playbooks/facts.yml');
    expect(facts).toBeGreaterThanOrEqual(0);
    expect(facts).toBeLessThan(removal);
    expect(runs[facts]?.hosts).not.toContain('sandbox-cp-1');
    expect(runs[facts]?.hosts).toEqual(expect.arrayContaining(['sandbox-cp-0', 'sandbox-cp-2']));
    expect(result.stdout.indexOf('(etcd-snapshot)')).toBeLessThan(
      result.stdout.indexOf('remove-node.yml for sandbox-cp-1'),
    );
  }, 600_000);
});
