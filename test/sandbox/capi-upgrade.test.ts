import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KubeObject } from '../../examples/sandbox/capi/api-server.js';
import { runtimePaths } from '../../src/core/model/settings.js';
import { renderedManifests } from '../../src/core/model/cluster-api.js';
import { CAPI_SECRET, startCapiRun, type CapiRun } from '../support/capi-sandbox.js';
import { waitFor } from '../support/capi-shell.js';

/**
 * operation upgrade with deployment.method cluster-api on the sandbox cloud: a cluster deployed at 1.34 with an ephemeral
 * kind cluster (so pivoted: it upgrades against itself), refused upgrades that apply nothing, then one minor up with
 * the image built for it: the control plane's machines replaced first, then the workers', every node at the target.
 */

function kubectl(run: CapiRun, kubeconfig: string, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile('kubectl', ['--kubeconfig', kubeconfig, ...args], { env: run.env }, (error, stdout, stderr) =>
      error ? reject(new Error(`kubectl ${args.join(' ')}: ${stderr}`)) : resolve(stdout),
    ),
  );
}

const setVersion = (version: string) => (text: string) =>
  text.replace(/^ {6}version: .*$/m, `      version: ${version}`);
const setImage = (image: string) => (text: string) => text.replace(/image_name: .*$/m, `image_name: ${image}`);

describe('cluster-api upgrade of a pivoted cluster', () => {
  let run: CapiRun;
  let kubeconfig: string;
  /** What the objects on the self-managed cluster look like: nothing applied by a refused upgrade changes them. */
  const snapshot = async () => ({
    kcp: JSON.parse(
      await kubectl(
        run,
        kubeconfig,
        'get',
        'kubeadmcontrolplanes',
        'capi-sandbox-control-plane',
        '-n',
        'default',
        '-o',
        'json',
      ),
    ).spec.version,
    md: JSON.parse(
      await kubectl(run, kubeconfig, 'get', 'machinedeployments', 'capi-sandbox-md-0', '-n', 'default', '-o', 'json'),
    ).spec.template.spec.version,
    templates: (
      await kubectl(run, kubeconfig, 'get', 'openstackmachinetemplates', '-n', 'default', '-o', 'name')
    ).trim(),
    servers: run.cloud
      .servers()
      .map((s) => s.name)
      .sort(),
  });

  beforeAll(async () => {
    run = await startCapiRun();
    const { result, pipeline } = await run.run();
    expect(result.error).toBeUndefined();
    kubeconfig = pipeline.settings.kubeconfigPath;
  }, 120_000);
  afterAll(async () => run?.close());

  it.each([
    [
      'the version it runs',
      [setVersion('1.34.2')],
      '1.34.2',
      /already runs v1\.34\.2 \(the API server, every node, the KubeadmControlPlane and the MachineDeployments\): nothing to upgrade; to change only the image or a flavor, deploy/,
    ],
    [
      'a downgrade',
      [setVersion('1.33.5')],
      '1.33.5',
      /Kubernetes 1\.33\.5 is below what the cluster runs: the API server \(1\.34\.2\), .*Kubernetes cannot be downgraded/,
    ],
    [
      'an image left as it was',
      [setVersion('1.35.0')],
      '1.35.0',
      /the machine image of the control plane \("ubuntu-2404-kube-v1\.34\.2"\) and of MachineDeployment capi-sandbox-md-0 \("ubuntu-2404-kube-v1\.34\.2"\) is the one the cluster runs, while the version goes from v1\.34\.2 to v1\.35\.0: .*set deployment\.cluster_api\.openstack\.image_name to an image built for v1\.35\.0 \(nothing was applied\)/,
    ],
  ])(
    'refuses %s in capi-upgrade-check, applying nothing',
    async (_, edits, target, message) => {
      const before = await snapshot();
      const original = await fs.readFile(run.configPath, 'utf8');
      for (const edit of edits) await run.editConfig(edit);
      try {
        const { result } = await run.run('upgrade', {}, { kubernetesVersion: target });
        expect(result.failedStep).toBe('capi-upgrade-check');
        expect(result.error).toMatch(message);
        expect(await snapshot()).toEqual(before);
      } finally {
        await run.editConfig(() => original);
      }
    },
    60_000,
  );

  it('refuses a version past the pinned Cluster API before any step, applying nothing (N12)', async () => {
    const before = await snapshot();
    const original = await fs.readFile(run.configPath, 'utf8');
    await run.editConfig(setVersion('1.36.0'));
    await run.editConfig(setImage('ubuntu-2404-kube-v1.35.0'));
    try {
      // A skipped minor too (1.34 → 1.36), but CAPI v1.12's docs/book/src/reference/versions.md ends at 1.35.
      await expect(run.run('upgrade', {}, { kubernetesVersion: '1.36.0' })).rejects.toThrow(
        /opencenter\.cluster\.kubernetes\.version 1\.36\.0 is not supported: Cluster API v1\.12\.10 .* supports Kubernetes 1\.29 to 1\.35 for workload clusters and 1\.31 to 1\.35 for management clusters/,
      );
      expect(await snapshot()).toEqual(before);
    } finally {
      await run.editConfig(() => original);
    }
  }, 60_000);

  it('refuses a deploy with another version in capi-apply: a version change is an upgrade', async () => {
    const before = await snapshot();
    const original = await fs.readFile(run.configPath, 'utf8');
    await run.editConfig(setVersion('1.35.0'));
    await run.editConfig(setImage('ubuntu-2404-kube-v1.35.0'));
    try {
      const { result } = await run.run('deploy');
      expect(result.failedStep).toBe('capi-apply');
      expect(result.error).toContain(
        "the config's Kubernetes version v1.35.0 (opencenter.cluster.kubernetes.version) is not the cluster's v1.34.2 (KubeadmControlPlane capi-sandbox-control-plane): a version change is an upgrade",
      );
      expect(result.error).toContain('Nothing was applied: run operation upgrade with kubernetes-version 1.35.0');
      expect(await snapshot()).toEqual(before);
    } finally {
      await run.editConfig(() => original);
    }
  }, 60_000);

  it('upgrades one minor: the control plane rolled first, then the workers; every node at the target', async () => {
    await run.editConfig(setVersion('1.35.0'));
    await run.editConfig(setImage('ubuntu-2404-kube-v1.35.0'));
    // The order CAPI replaced the machines in, from the self-managed cluster's API.
    const events: string[] = [];
    const api = run.cloud.api('default/capi-sandbox')!;
    const stop = api.onChange(({ type, object }: { type: string; object: KubeObject }) => {
      if (object.kind === 'MachineDeployment') {
        const version = `MachineDeployment ${(object.spec as { template: { spec: { version: string } } }).template.spec.version}`;
        if (!events.includes(version)) events.push(version);
      }
      if (object.kind !== 'Machine' || (type !== 'ADDED' && type !== 'DELETED')) return;
      const role = object.metadata.labels?.['cluster.x-k8s.io/control-plane'] !== undefined ? 'cp' : 'worker';
      events.push(`${type} ${role} ${(object.spec as { version?: string }).version}`);
    });
    const { result, console, pipeline } = await run.run('upgrade', {}, { kubernetesVersion: '1.35.0' });
    stop();
    expect(result.error).toBeUndefined();
    // The refused upgrades above left this upgrade's resume state (the kubeconfig skipped), the refused deploy a
    // deploy's (fetched again).
    expect(result.reports.map((r) => `${r.id}:${r.status}`)).toEqual([
      'openstack-preflight:success',
      'capi-management-cluster:success',
      'capi-render:success',
      'openstack-capacity:skipped', // --skip-auth-check: no live OpenStack calls
      expect.stringMatching(/^capi-workload-kubeconfig:(skipped|success)$/),
      'capi-upgrade-check:success',
      'capi-upgrade-control-plane:success',
      'capi-upgrade-workers:success',
      'wait-ready:success',
    ]);
    const detail = (id: string) => result.reports.find((r) => r.id === id)!.detail;
    expect(detail('capi-management-cluster')).toMatch(/^self-managed since the pivot at/);
    expect(detail('capi-upgrade-check')).toBe(
      'v1.34.2 → v1.35.0: 3 nodes to replace; image of the control plane: "ubuntu-2404-kube-v1.34.2" → "ubuntu-2404-kube-v1.35.0", MachineDeployment capi-sandbox-md-0: "ubuntu-2404-kube-v1.34.2" → "ubuntu-2404-kube-v1.35.0"',
    );
    expect(detail('capi-upgrade-control-plane')).toBe(
      'control plane: 1/1 machines at v1.35.0, 1 ready (KubeadmControlPlane status.version v1.35.0)',
    );
    // The KubeadmConfigTemplate does not hold the version (the MachineDeployment does): it keeps its name.
    expect(detail('capi-upgrade-workers')).toMatch(
      /^workers: 2\/2 machines at v1\.35\.0, 2 ready; old templates deleted: OpenStackMachineTemplate capi-sandbox-control-plane-[0-9a-f]{10}, OpenStackMachineTemplate capi-sandbox-md-0-[0-9a-f]{10}$/,
    );
    expect(detail('wait-ready')).toContain('3/3 nodes Ready'); // at the target: wait-ready counts only those (kube/ready.ts)
    // Progress lines from CAPI's status (the sandbox's controllers may finish between two polls).
    expect(console).toMatch(/^ {6}control plane: [01]\/1 machines at v1\.35\.0/m);
    expect(console).toMatch(/^ {6}workers: [012]\/2 machines at v1\.35\.0/m);

    // Control plane first: the MachineDeployment applied at the new version only once the old control plane machine
    // was gone (so no worker at the new version before it either).
    const lastOldControlPlane = events.lastIndexOf('DELETED cp v1.34.2');
    expect(lastOldControlPlane).toBeGreaterThan(events.indexOf('ADDED cp v1.35.0'));
    expect(events.indexOf('MachineDeployment v1.35.0')).toBeGreaterThan(lastOldControlPlane);
    expect(events.indexOf('ADDED worker v1.35.0')).toBeGreaterThan(events.indexOf('MachineDeployment v1.35.0'));
    expect(events.filter((e) => e === 'DELETED worker v1.34.2')).toHaveLength(2);

    const nodes = JSON.parse(await kubectl(run, kubeconfig, 'get', 'nodes', '-o', 'json')).items as {
      status: { nodeInfo: { kubeletVersion: string } };
    }[];
    expect(nodes.map((n) => n.status.nodeInfo.kubeletVersion)).toEqual(['v1.35.0', 'v1.35.0', 'v1.35.0']);
    expect(JSON.parse(await kubectl(run, kubeconfig, 'version', '-o', 'json')).serverVersion.gitVersion).toBe(
      'v1.35.0',
    );
    const kcp = JSON.parse(
      await kubectl(
        run,
        kubeconfig,
        'get',
        'kubeadmcontrolplanes',
        'capi-sandbox-control-plane',
        '-n',
        'default',
        '-o',
        'json',
      ),
    );
    expect(kcp.status.version).toBe('v1.35.0');
    expect(run.cloud.servers()).toHaveLength(3);
    expect(run.cloud.clusters().map((c) => c.role)).toEqual(['workload']); // no kind: it upgraded itself
    // The API address is the floating IP made beforehand (api_server_floating_ip): CAPO left it to the new machine.
    const newControlPlane = run.cloud.servers().find((s) => s.name.startsWith('capi-sandbox-control-plane-'))!;
    expect(run.cloud.floatingIps()).toEqual([
      expect.objectContaining({ address: '172.24.4.200', server: newControlPlane.name }),
    ]);
    const openStackCluster = JSON.parse(
      await kubectl(run, kubeconfig, 'get', 'openstackclusters', 'capi-sandbox', '-n', 'default', '-o', 'json'),
    );
    expect(openStackCluster.spec.controlPlaneEndpoint.host).toBe('172.24.4.200');
    expect(openStackCluster.spec.apiServerFloatingIP).toBe('172.24.4.200');

    const state = JSON.parse(await fs.readFile(runtimePaths(pipeline.settings).statePath, 'utf8'));
    expect(state).toMatchObject({ operation: 'upgrade', upgradeTarget: '1.35.0' });
    expect(state.completedAt).toBeDefined();
    expect(state.clusterApi.pivotedAt).toBeDefined();
    expect(console).not.toContain(CAPI_SECRET);
  }, 180_000);

  it('a second upgrade to the same version is refused: the cluster runs it', async () => {
    const { result } = await run.run('upgrade', {}, { kubernetesVersion: '1.35.0' });
    expect(result.failedStep).toBe('capi-upgrade-check');
    expect(result.error).toMatch(/already runs v1\.35\.0/);
  }, 60_000);

  it('a re-deploy of the pivoted cluster that stalls in capi-wait deletes nothing: the cluster manages itself', async () => {
    await run.editConfig((text) =>
      text
        .replace('node_machine_flavor: m1.small', 'node_machine_flavor: m1.nope')
        .replace('    worker_machine_count: 2', '    worker_machine_count: 2\n    stall_timeouts: {rollout: 4s}'),
    );
    const { result, console } = await run.run('deploy', {}, { waitReady: { intervalMs: 300, timeoutMs: 10 * 60_000 } });
    expect(result.failedStep).toBe('capi-wait');
    // The old workers run on while the new one is stuck: a rollout, stopped at the rollout's limit.
    expect(result.error).toContain('(phase rollout, limit deployment.cluster_api.stall_timeouts.rollout)');
    expect(result.error).toContain('Fix: deployment.cluster_api.openstack.node_machine_flavor: flavor "m1.nope"');
    expect(console).not.toContain('deleting Cluster default/capi-sandbox');
    expect(run.cloud.clusters().map((c) => c.role)).toEqual(['workload']);
    expect(run.cloud.servers().filter((s) => s.status === 'ACTIVE')).toHaveLength(3);
    expect(run.cloud.networks()).toHaveLength(1);
  }, 120_000);
});

describe('the sandbox CAPI stand-in rolls the control plane on a kubeadm config change, as KCP does', () => {
  it('a changed spec.kubeadmConfigSpec replaces the control plane machine (filters.go matchesKubeadmConfig)', async () => {
    const run = await startCapiRun();
    try {
      const management = (await run.cloud.createManagementCluster('mgmt')).kubeconfigPath;
      await run.editConfig((text) => text.replace('bootstrap: kind', `kubeconfig: ${management}`));
      expect((await run.run()).result.error).toBeUndefined();
      const api = run.cloud.api('mgmt')!;
      const controlPlane = () =>
        api
          .list({ group: 'cluster.x-k8s.io', kind: 'Machine' }, 'default')
          .filter((m) => m.metadata.labels?.['cluster.x-k8s.io/control-plane'] !== undefined)
          .map((m) => m.metadata.name);
      const before = controlPlane();
      expect(before).toHaveLength(1);
      await kubectl(
        run,
        management,
        'patch',
        'kubeadmcontrolplanes',
        'capi-sandbox-control-plane',
        '-n',
        'default',
        '--type=merge',
        '-p',
        '{"spec":{"kubeadmConfigSpec":{"preKubeadmCommands":["echo changed"]}}}',
      );
      const after = await waitFor('a new control plane machine, the old one gone', async () => {
        const names = controlPlane();
        return names.length === 1 && names[0] !== before[0] ? names : undefined;
      });
      expect(after).toHaveLength(1);
    } finally {
      await run.close();
    }
  }, 120_000);
});

describe("the sandbox's kubelets are the image's, as with real kubeadm images", () => {
  it('an upgrade onto an image that holds the old kubelet fails in the rollout at once, naming the image field', async () => {
    // A renamed copy of the old image: capi-upgrade-check sees a new image; only the nodes say what it holds.
    const run = await startCapiRun((t) => t, { catalog: { images: ['ubuntu-2404-kube-v1.34.2-cis'] } });
    try {
      const management = (await run.cloud.createManagementCluster('mgmt')).kubeconfigPath;
      await run.editConfig((text) => text.replace('bootstrap: kind', `kubeconfig: ${management}`));
      expect((await run.run()).result.error).toBeUndefined();
      await run.editConfig(setVersion('1.35.0'));
      await run.editConfig(setImage('ubuntu-2404-kube-v1.34.2-cis'));
      const { result } = await run.run('upgrade', {}, { kubernetesVersion: '1.35.0' });
      expect(result.failedStep).toBe('capi-upgrade-control-plane');
      expect(result.error).toMatch(
        /the control plane rollout cannot finish: control plane: capi-sandbox-control-plane-\w+ \(kubelet v1\.34\.2\) runs another kubelet than v1\.35\.0 on a machine at v1\.35\.0: the machine image holds the kubelet .*Set deployment\.cluster_api\.openstack\.image_name to an image built for v1\.35\.0/,
      );
      // The Machine says v1.35.0; its Node, from the image, says v1.34.2 (what real kubeadm images do).
      const machines = run.cloud
        .api('mgmt')!
        .list({ group: 'cluster.x-k8s.io', kind: 'Machine' }, 'default')
        .filter((m) => (m.spec as { version?: string }).version === 'v1.35.0');
      expect(machines.length).toBeGreaterThan(0);
      for (const machine of machines)
        expect((machine.status as { nodeInfo?: { kubeletVersion?: string } }).nodeInfo?.kubeletVersion).toBe('v1.34.2');
    } finally {
      await run.close();
    }
  }, 120_000);
});

describe('the sandbox CAPI stand-in, as real CAPI v1.12 rolls a version change applied all at once', () => {
  it("holds the new workers until the control plane's rollout is done (MachineSet preflight checks)", async () => {
    const run = await startCapiRun();
    try {
      const management = (await run.cloud.createManagementCluster('mgmt')).kubeconfigPath;
      await run.editConfig((text) => text.replace('bootstrap: kind', `kubeconfig: ${management}`));
      expect((await run.run()).result.error).toBeUndefined();
      // The new version and image applied all at once (kubectl apply of the rendered manifests, as a deploy did
      // before it refused version changes): only CAPI's own ordering keeps the workers behind the control plane.
      await run.editConfig(setVersion('1.35.0'));
      await run.editConfig(setImage('ubuntu-2404-kube-v1.35.0'));
      const { pipeline } = await run.run('deploy', { step: 'capi-render' });
      const rendered = renderedManifests(pipeline.settings.clusterApi!);
      const events: string[] = [];
      const stop = run.cloud.api('mgmt')!.onChange(({ type, object }: { type: string; object: KubeObject }) => {
        if (object.kind === 'MachineDeployment') {
          const ms = (
            object.status as { conditions?: { type: string; status: string; message?: string }[] }
          )?.conditions?.find((c) => c.type === 'ScalingUp' && c.status === 'True');
          if (ms?.message && !events.includes(ms.message)) events.push(ms.message);
        }
        if (object.kind !== 'Machine' || (type !== 'ADDED' && type !== 'DELETED')) return;
        const role = object.metadata.labels?.['cluster.x-k8s.io/control-plane'] !== undefined ? 'cp' : 'worker';
        events.push(`${type} ${role} ${(object.spec as { version?: string }).version}`);
      });
      await kubectl(run, management, 'apply', '--server-side', '--field-manager=cluster-deploy', '-f', rendered);
      const { result } = await run.run();
      stop();
      expect(result.error).toBeUndefined();
      const lastOldControlPlane = events.lastIndexOf('DELETED cp v1.34.2');
      expect(lastOldControlPlane).toBeGreaterThanOrEqual(0);
      expect(events.indexOf('ADDED worker v1.35.0')).toBeGreaterThan(lastOldControlPlane);
      expect(events.some((e) => /is upgrading \("ControlPlaneIsStable" preflight check failed\)/.test(e))).toBe(true);
      const kcp = run.cloud
        .api('mgmt')!
        .list({ group: 'controlplane.cluster.x-k8s.io', kind: 'KubeadmControlPlane' }, 'default')[0]!;
      expect((kcp.status as { version?: string }).version).toBe('v1.35.0');
    } finally {
      await run.close();
    }
  }, 180_000);
});

describe('a cluster without an API address of its own (no load balancer, no api_server_floating_ip)', () => {
  let run: CapiRun;
  let kubeconfig: string;
  const capoAddress = () => run.cloud.floatingIps().find((f) => f.createdBy !== undefined);
  const openStackCluster = async () =>
    JSON.parse(
      await kubectl(run, kubeconfig, 'get', 'openstackclusters', 'capi-sandbox', '-n', 'default', '-o', 'json'),
    );

  beforeAll(async () => {
    run = await startCapiRun((text) => text.replace(/^ {4}api_server_floating_ip: .*\n/m, ''));
    const { result, pipeline } = await run.run();
    expect(result.error).toBeUndefined();
    kubeconfig = pipeline.settings.kubeconfigPath;
  }, 120_000);
  afterAll(async () => run?.close());

  it('has the floating IP CAPO made as its endpoint', async () => {
    const made = capoAddress()!;
    expect(made).toMatchObject({ createdBy: 'Created by cluster-api-provider-openstack cluster default-capi-sandbox' });
    expect((await openStackCluster()).spec.controlPlaneEndpoint.host).toBe(made.address);
  });

  it.each([
    [
      'an upgrade',
      'upgrade' as const,
      'capi-upgrade-check',
      [setVersion('1.35.0'), setImage('ubuntu-2404-kube-v1.35.0')],
      'version v1.34.2 → v1.35.0',
    ],
    [
      'a deploy with a new control plane flavor',
      'deploy' as const,
      'capi-apply',
      [(t: string) => t.replace('control_plane_machine_flavor: m1.medium', 'control_plane_machine_flavor: m1.large')],
      'machine template capi-sandbox-control-plane-',
    ],
  ])(
    'refuses %s, which would roll the control plane, before applying anything',
    async (_, operation, step, edits, rollout) => {
      const original = await fs.readFile(run.configPath, 'utf8');
      const before = {
        servers: run.cloud
          .servers()
          .map((s) => s.name)
          .sort(),
        address: capoAddress()?.address,
      };
      for (const edit of edits) await run.editConfig(edit);
      try {
        const { result } = await run.run(operation, {}, operation === 'upgrade' ? { kubernetesVersion: '1.35.0' } : {});
        expect(result.failedStep).toBe(step);
        expect(result.error).toContain(`this would replace the control plane machine (${rollout}`);
        expect(result.error).toContain(`lose the API address ${before.address}`);
        expect(result.error).toContain('deployment.cluster_api.api_server_floating_ip');
        expect(result.error).toContain('Nothing was applied');
        expect({
          servers: run.cloud
            .servers()
            .map((s) => s.name)
            .sort(),
          address: capoAddress()?.address,
        }).toEqual(before);
      } finally {
        await run.editConfig(() => original);
      }
    },
    60_000,
  );

  it('a worker-only change still deploys', async () => {
    await run.editConfig((t) => t.replace('node_machine_flavor: m1.small', 'node_machine_flavor: m1.medium'));
    const { result } = await run.run();
    expect(result.error).toBeUndefined();
    expect(capoAddress()).toBeDefined();
  }, 120_000);

  it('the stand-in, as CAPO v0.14.7: a control-plane rollout made anyway deletes the address and cuts the API off', async () => {
    const address = capoAddress()!.address;
    // What the refused upgrade would have applied: the KubeadmControlPlane at a new version (CAPI rolls it).
    await kubectl(
      run,
      kubeconfig,
      'patch',
      'kubeadmcontrolplanes',
      'capi-sandbox-control-plane',
      '-n',
      'default',
      '--type=merge',
      '-p',
      '{"spec":{"version":"v1.35.0"}}',
    );
    await waitFor('the floating IP CAPO made to be deleted with the old control plane machine', async () =>
      run.cloud.floatingIps().every((f) => f.address !== address),
    );
    await expect(kubectl(run, kubeconfig, 'version', '-o', 'json')).rejects.toThrow();
    const log = await waitFor('the new machine to ask Neutron for the address', async () =>
      run.cloud.capoLog('default/capi-sandbox').find((l) => l.includes(`get or create floating IP ${address}`)),
    );
    expect(log).toContain('disallowed by policy');
  }, 60_000);
});
