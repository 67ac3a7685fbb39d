import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_ETCD_SNAPSHOT_PASSPHRASE } from '../../examples/sandbox/prepare.js';
import { decryptWithPassphrase } from '../../src/core/lib/secret-box.js';
import { runCli } from '../support/cli.js';
import { startSandbox, type SandboxRun } from '../support/sandbox.js';

/**
 * The etcd snapshot before a risky step, and its restore, on the sandbox: the real ansible-playbook runs the
 * snapshot playbook against the inventory, whose bin_dir holds the sandbox's etcdctl (it snapshots what the
 * API stand-in serves, examples/sandbox/.../kubespray/sandbox_bin/etcdctl); the restore runs the Kubespray
 * stand-in's recover-control-plane.yml, which restores only when quorum is lost (.sandbox-etcd-lost).
 */
describe('etcd snapshot before every risky step, and etcd-restore', () => {
  let run: SandboxRun | undefined;
  afterEach(async () => run?.close());

  const state = async (sandbox: SandboxRun) =>
    JSON.parse(await fs.readFile(path.join(sandbox.stateDir, 'demo', 'sandbox', 'state.json'), 'utf8'));
  const registry = async (sandbox: SandboxRun) =>
    (JSON.parse(await fs.readFile(sandbox.sandbox.registryFile, 'utf8')) as { nodes: { name: string }[] }).nodes
      .map((n) => n.name)
      .sort();
  const deployWith = (sandbox: SandboxRun, vars: Record<string, string>, extra = {}) =>
    sandbox.deploy({}, { env: { ...sandbox.env, ...vars }, ...extra });

  it('an upgrade saves one first: encrypted in the state directory, named in the state and the output, never the passphrase', async () => {
    run = await startSandbox();
    expect((await run.deploy()).result.error).toBeUndefined();
    const { result, console } = await run.deploy({}, { operation: 'upgrade', kubernetesVersion: '1.34.2' });
    expect(result.error).toBeUndefined();

    const { etcdSnapshot } = await state(run);
    expect(etcdSnapshot.name).toMatch(/^etcd-\d{8}T\d{6}Z-upgrade$/);
    // Before the control plane's upgrade: the snapshot holds the nodes at the old version.
    expect(console.indexOf(`(etcd-snapshot)`)).toBeLessThan(console.indexOf('(kubespray-upgrade-control-plane)'));
    expect(console).toContain(`${etcdSnapshot.name} saved (`);
    const armored = await fs.readFile(etcdSnapshot.file, 'utf8');
    expect(armored.startsWith('-----BEGIN AGE ENCRYPTED FILE-----')).toBe(true);
    const plain = await decryptWithPassphrase(armored, SANDBOX_ETCD_SNAPSHOT_PASSPHRASE, 'snapshot');
    expect(plain).toContain('"kubeletVersion": "v1.33.5"');
    expect(plain).not.toContain('v1.34.2');
    // Nothing plain is left behind, and the passphrase is in no output.
    expect((await fs.readdir(path.dirname(etcdSnapshot.file))).filter((f) => f.endsWith('.db'))).toEqual([]);
    expect(console).not.toContain(SANDBOX_ETCD_SNAPSHOT_PASSPHRASE);
    expect(await fs.readFile(result.logPath!, 'utf8')).not.toContain(SANDBOX_ETCD_SNAPSHOT_PASSPHRASE);
  }, 240_000);

  it('a deploy saves one only when its plan removes a control-plane or etcd node; etcd-restore brings the data back after quorum is lost', async () => {
    run = await startSandbox();
    const three = await deployWith(run, { TF_VAR_control_plane_count: '3' });
    expect(three.result.error).toBeUndefined();
    expect(three.console).toContain(
      '⏭ Save an etcd snapshot first (etcd-snapshot) (the plan removes no control-plane or etcd node and upgrades nothing)',
    );

    const two = await deployWith(run, { TF_VAR_control_plane_count: '2' });
    expect(two.result.error).toBeUndefined();
    const { etcdSnapshot } = await state(run);
    expect(etcdSnapshot.name).toMatch(/^etcd-\d{8}T\d{6}Z-deploy$/);
    expect(await registry(run)).toEqual(['sandbox-cp-0', 'sandbox-cp-1', 'sandbox-worker-0']);

    // Quorum lost, the data gone: what the API serves is empty.
    await fs.writeFile(path.join(run.sandbox.clusterDir, '.sandbox-etcd-lost'), '');
    run.sandbox.api.setNodes([]);
    const restore = await runCli(
      [
        'etcd-restore',
        '--config',
        run.sandbox.configPath,
        '--state-dir',
        run.stateDir,
        '--snapshot',
        'latest',
        '--broken-etcd',
        'sandbox-cp-1',
      ],
      run.env,
    );
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`etcd-restore: ${etcdSnapshot.name} restored`);
    // The snapshot was taken before sandbox-cp-2 was removed: its data comes back with the rest.
    expect(await registry(run)).toEqual(['sandbox-cp-0', 'sandbox-cp-1', 'sandbox-cp-2', 'sandbox-worker-0']);
    expect(existsSync(path.join(run.sandbox.clusterDir, '.sandbox-etcd-lost'))).toBe(false);
    const recover = (await run.sandbox.runs()).find((r) => r.playbook === 'recover-control-plane.yml');
    expect(recover?.hosts).toEqual(['sandbox-cp-0']);
    expect(recover?.vars).toMatchObject({ etcd_retries: 10, kube_version: '1.33.5' });
    // The decrypted snapshot lived only for the run.
    const plainSnapshot = recover!.vars.etcd_snapshot;
    expect(plainSnapshot).toMatch(/\.restore\.db$/);
    expect(existsSync(plainSnapshot!)).toBe(false);
    expect(restore.stdout + restore.stderr).not.toContain(SANDBOX_ETCD_SNAPSHOT_PASSPHRASE);
  }, 300_000);
});
