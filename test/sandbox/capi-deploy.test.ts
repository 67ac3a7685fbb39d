import { execFile } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCapiPlan } from '../../src/core/capi/preview.js';
import { DeployOutput } from '../../src/core/lib/output.js';
import { buildPlan, renderPlan } from '../../src/core/engine/plan.js';
import { runtimePaths } from '../../src/core/model/settings.js';
import { renderedManifests } from '../../src/core/model/cluster-api.js';
import { buildPlanComment } from '../../src/github/comments/plan-comment.js';
import { waitFor } from '../support/capi-shell.js';
import { CAPI_SECRET, startCapiRun, type CapiRun } from '../support/capi-sandbox.js';
import { runDeploy } from '../../src/core/engine/engine.js';

/**
 * deployment.method cluster-api end to end on the sandbox cloud: the real kubectl against the API
 * server stand-ins, the clusterctl and kind stand-ins, simulated CAPI/CAPO controllers.
 */

const CANARY_FORMS = [CAPI_SECRET, Buffer.from(CAPI_SECRET).toString('base64')];

function kubectl(run: CapiRun, kubeconfig: string, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile('kubectl', ['--kubeconfig', kubeconfig, ...args], { env: run.env }, (error, stdout, stderr) =>
      error ? reject(new Error(`kubectl ${args.join(' ')}: ${stderr}`)) : resolve(stdout),
    ),
  );
}

/** Every file under the state directory (state, logs, rendered manifests), as text. */
async function stateFiles(dir: string): Promise<string> {
  let all = '';
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name !== 'kubeconfig')
      all += await fs.readFile(path.join(entry.parentPath, entry.name), 'utf8');
  }
  return all;
}

function expectNoCanary(text: string): void {
  for (const form of CANARY_FORMS) expect(text).not.toContain(form);
}

const existingManagement = (run: CapiRun) => run.cloud.createManagementCluster('mgmt').then((m) => m.kubeconfigPath);
const useExisting = (kubeconfig: string) => (text: string) =>
  text.replace('bootstrap: kind', `kubeconfig: ${kubeconfig}`);

describe('cluster-api with an ephemeral kind cluster: deploy, pivot, re-deploy, destroy', () => {
  let run: CapiRun;
  beforeAll(async () => {
    run = await startCapiRun();
  });
  afterAll(async () => run?.close());

  it('plans every object as "create" while there is no kind cluster yet', async () => {
    const pipeline = await run.open();
    const plan = await runCapiPlan(pipeline.settings, undefined, {
      redactor: pipeline.redactor,
      output: new DeployOutput(pipeline.redactor, () => {}),
    });
    expect(plan.note).toMatch(/no kind management cluster on this machine yet/);
    // Machine templates carry a hash of their spec in their names (CAPO forbids changing one in place).
    expect(plan.changes.rows.map((r) => `${r.action} ${r.address}`.replace(/-[0-9a-f]{10}$/, '-<hash>'))).toEqual([
      'create Cluster default/capi-sandbox',
      'create OpenStackCluster default/capi-sandbox',
      'create KubeadmControlPlane default/capi-sandbox-control-plane',
      'create OpenStackMachineTemplate default/capi-sandbox-control-plane-<hash>',
      'create MachineDeployment default/capi-sandbox-md-0',
      'create OpenStackMachineTemplate default/capi-sandbox-md-0-<hash>',
      'create KubeadmConfigTemplate default/capi-sandbox-md-0-<hash>',
    ]);
    expect(run.cloud.clusters()).toEqual([]); // a plan creates nothing
  }, 60_000);

  it('deploys to Ready nodes, hands out the kubeconfig, pivots and deletes kind; the credentials are nowhere', async () => {
    const { result, console, pipeline } = await run.run();
    expect(result.error).toBeUndefined();
    expect(result.reports.map((r) => `${r.id}:${r.status}`)).toEqual(
      [
        'openstack-preflight',
        'capi-management-cluster',
        'clusterctl-init',
        'capi-cloud-credentials',
        'capi-render',
        'openstack-capacity',
        'capi-apply',
        'capi-wait',
        'capi-workload-kubeconfig',
        'capi-addons',
        'wait-ready',
        'capi-pivot',
        // --skip-auth-check: the quota check has nothing to do
      ].map((id) => `${id}:${id === 'openstack-capacity' ? 'skipped' : 'success'}`),
    );
    expect(console).toMatch(/control plane \d\/1 running, workers \d\/2/);
    expect(result.reports.find((r) => r.id === 'wait-ready')!.detail).toContain('3/3 nodes Ready');
    // The kubeconfig output: 0600 where Kubespray's goes, naming the workload cluster's API.
    const kubeconfig = pipeline.settings.kubeconfigPath;
    expect((await fs.stat(kubeconfig)).mode & 0o777).toBe(0o600);
    const workload = run.cloud.clusters().find((c) => c.role === 'workload')!;
    expect(result.endpoint).toBe(workload.url);
    // kind is gone; the workload cluster holds its own Cluster API objects and the credentials Secret.
    expect(run.cloud.clusters().map((c) => c.role)).toEqual(['workload']);
    expect(await kubectl(run, kubeconfig, 'get', 'clusters.cluster.x-k8s.io', '-n', 'default', '-o', 'name')).toBe(
      'cluster.cluster.x-k8s.io/capi-sandbox\n',
    );
    const secret = JSON.parse(
      await kubectl(run, kubeconfig, 'get', 'secret', 'capi-sandbox-cloud-config', '-n', 'default', '-o', 'json'),
    );
    expect(secret.metadata.labels).toMatchObject({
      'clusterctl.cluster.x-k8s.io/move': '',
      'cluster.x-k8s.io/cluster-name': 'capi-sandbox',
    });
    expect(Buffer.from(secret.data['clouds.yaml'], 'base64').toString()).toContain(CAPI_SECRET);
    // The cloud controller manager's cloud.conf is the real one, not the addons' placeholder.
    const ccm = JSON.parse(
      await kubectl(run, kubeconfig, 'get', 'secret', 'cloud-config', '-n', 'kube-system', '-o', 'json'),
    );
    expect(Buffer.from(ccm.data['cloud.conf'], 'base64').toString()).toContain(
      `application-credential-secret="${CAPI_SECRET}"`,
    );
    expect(run.cloud.servers()).toHaveLength(3);
    const state = JSON.parse(await fs.readFile(runtimePaths(pipeline.settings).statePath, 'utf8'));
    expect(state.clusterApi).toMatchObject({ management: 'kind', kindCluster: 'capi-capi-sandbox' });
    expect(state.clusterApi.pivotedAt).toBeDefined();

    // The canary: not in the console, the log, the state, the rendered manifests, the plan.
    expectNoCanary(console);
    expectNoCanary(await stateFiles(run.stateDir));
    const plan = await buildPlan(pipeline.settings, pipeline.steps, pipeline.store, {}, pipeline.redactor);
    expectNoCanary(renderPlan(plan) + JSON.stringify(plan));
  }, 120_000);

  it('re-deploys against the self-managed cluster: no new kind, no new servers', async () => {
    const { result, console } = await run.run();
    expect(result.error).toBeUndefined();
    expect(result.reports.find((r) => r.id === 'capi-management-cluster')!.detail).toMatch(
      /^self-managed since the pivot at/,
    );
    // ORC is applied every time (idempotent; CAPO's manager needs its CRDs), init skipped.
    expect(result.reports.find((r) => r.id === 'clusterctl-init')!.detail).toBe(
      'ORC applied, its 8 CRDs labelled clusterctl.cluster.x-k8s.io/move; providers already installed at the pinned versions',
    );
    expect(result.reports.find((r) => r.id === 'capi-pivot')!.detail).toMatch(
      /^already self-managed since the pivot at/,
    );
    expect(run.cloud.clusters().map((c) => c.role)).toEqual(['workload']);
    expect(run.cloud.servers()).toHaveLength(3);
    expectNoCanary(console);
  }, 120_000);

  it('checks the self-managed cluster against itself: clean, and no kind cluster made', async () => {
    const { result, console } = await run.run('check');
    expect(result.error).toBeUndefined();
    expect(result.checkReport).toMatchObject({ drift: false, healthy: true, findings: [] });
    expect(result.reports.find((r) => r.id === 'capi-management-cluster')!.detail).toMatch(
      /^self-managed since the pivot at .*: the workload cluster holds its Cluster API objects$/,
    );
    expect(run.cloud.clusters().map((c) => c.role)).toEqual(['workload']);
    expectNoCanary(console);
  }, 60_000);

  it('a field someone changed by hand (kubectl patch: another field manager) is taken back by the next deploy, not a conflict', async () => {
    const pipeline = await run.open();
    const objects = pipeline.settings.kubeconfigPath; // self-managed: the workload cluster holds the objects
    const serviceDomain = async () =>
      JSON.parse(
        await kubectl(run, objects, 'get', 'clusters.cluster.x-k8s.io', 'capi-sandbox', '-n', 'default', '-o', 'json'),
      ).spec.clusterNetwork.serviceDomain;
    await kubectl(
      run,
      objects,
      'patch',
      'clusters.cluster.x-k8s.io',
      'capi-sandbox',
      '-n',
      'default',
      '--type',
      'merge',
      '-p',
      '{"spec":{"clusterNetwork":{"serviceDomain":"hand.edited"}}}',
    );
    expect(await serviceDomain()).toBe('hand.edited');
    // The API server stand-in refuses our unforced apply as a real one does (Kubernetes "Server-Side Apply", Conflicts).
    const manifests = renderedManifests(pipeline.settings.clusterApi!);
    await expect(
      kubectl(run, objects, 'apply', '--server-side', '--field-manager=cluster-deploy', '-f', manifests),
    ).rejects.toThrow(
      /Apply failed with 1 conflict: conflict with "kubectl-patch": \.spec\.clusterNetwork\.serviceDomain/,
    );
    // The plan shows the change back (its diff forced as the apply is) ...
    const plan = await runCapiPlan(pipeline.settings, undefined, {
      redactor: pipeline.redactor,
      output: new DeployOutput(pipeline.redactor, () => {}),
    });
    expect(plan.changes.rows).toEqual([{ action: 'update', address: 'Cluster default/capi-sandbox' }]);
    expect(plan.text).toMatch(/^-\s+serviceDomain: hand\.edited$/m);
    // ... and the deploy makes it: the field is ours again.
    const { result } = await run.run();
    expect(result.error).toBeUndefined();
    expect(await serviceDomain()).toBe('cluster.local');
    const managed = JSON.parse(
      await kubectl(
        run,
        objects,
        'get',
        'clusters.cluster.x-k8s.io',
        'capi-sandbox',
        '-n',
        'default',
        '-o',
        'json',
        '--show-managed-fields',
      ),
    ).metadata.managedFields as {
      manager: string;
      fieldsV1: { 'f:spec'?: { 'f:clusterNetwork'?: Record<string, unknown> } };
    }[];
    const owners = managed
      .filter((m) => m.fieldsV1['f:spec']?.['f:clusterNetwork']?.['f:serviceDomain'] !== undefined)
      .map((m) => m.manager);
    expect(owners).toEqual(['cluster-deploy']);
  }, 120_000);

  it('destroys a pivoted cluster by moving it back into a fresh kind cluster, then deleting the Cluster', async () => {
    // A LoadBalancer Service in the workload cluster: its Octavia load balancer would keep CAPO from deleting the
    // network, so destroy deletes it first.
    const workload = (await run.open()).settings.kubeconfigPath;
    const service = path.join(run.workDir, 'web-service.json');
    await fs.writeFile(
      service,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 'web', namespace: 'default' },
        spec: { type: 'LoadBalancer', ports: [{ port: 80 }] },
      }),
    );
    await kubectl(run, workload, 'apply', '--server-side', '-f', service);
    // Two Cinder-backed claims: one a Pod uses (pvc-protection keeps it), one unused.
    const claims = path.join(run.workDir, 'claims.json');
    const claim = (name: string) => ({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name, namespace: 'default' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    });
    await fs.writeFile(
      claims,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'List',
        items: [
          claim('data'),
          claim('cache'),
          {
            apiVersion: 'v1',
            kind: 'Pod',
            metadata: { name: 'db', namespace: 'default' },
            spec: {
              containers: [{ name: 'db', image: 'postgres' }],
              volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }],
            },
          },
        ],
      }),
    );
    await kubectl(run, workload, 'apply', '--server-side', '-f', claims);
    await waitFor('the load balancer and the two volumes', async () =>
      run.cloud.loadBalancers().length === 1 && run.cloud.volumes().length === 2 ? true : undefined,
    );
    expect(run.cloud.loadBalancers().map((lb) => lb.name)).toEqual(['kube_service_kubernetes_default_web']);
    const { result, console, pipeline } = await run.run('destroy');
    expect(result.error).toBeUndefined();
    // All deleted at once and waited for together, a quarter of the readiness timeout (60 s here): the claim in use
    // is reported, not waited for on its own.
    expect(result.reports.find((r) => r.id === 'capi-delete-cluster')!.detail).toMatch(
      /^deleted first: Service default\/web, PersistentVolumeClaim default\/cache; left: PersistentVolumeClaim default\/data \(used by Pod db\); Cluster default\/capi-sandbox deleted/,
    );
    expect(result.reports.find((r) => r.id === 'capi-delete-cluster')!.warnings).toEqual([
      expect.stringContaining('still there after 15s: PersistentVolumeClaim default/data (used by Pod db)'),
    ]);
    expect(run.cloud.volumes().map((v) => v.name)).toHaveLength(1);
    expect(run.cloud.loadBalancers()).toEqual([]);
    expect(run.cloud.networks()).toEqual([]);
    expect(run.cloud.routers()).toEqual([]);
    expect(result.reports.map((r) => r.id)).toEqual([
      'openstack-preflight',
      'capi-management-cluster',
      'capi-move-back',
      'capi-delete-cluster',
      'forget-cluster',
    ]);
    expect(result.reports.find((r) => r.id === 'capi-move-back')!.detail).toMatch(/moved back into kind/);
    expect(console).toMatch(/deleting: \d+ machines, \d+ servers left/);
    expect(run.cloud.servers()).toEqual([]);
    expect(run.cloud.clusters()).toEqual([]);
    expect(existsSync(pipeline.settings.kubeconfigPath)).toBe(false);
    const state = JSON.parse(await fs.readFile(runtimePaths(pipeline.settings).statePath, 'utf8'));
    expect(state.destroyedAt).toBeDefined();
    expectNoCanary(console);
  }, 120_000);
});

describe('cluster-api with an existing management cluster', () => {
  let run: CapiRun;
  let management: string;
  beforeAll(async () => {
    run = await startCapiRun();
    management = await existingManagement(run);
    // The API behind an Octavia load balancer, so destroy has one to delete.
    await run.editConfig((text) =>
      useExisting(management)(text).replace(
        '    template: cluster-template-without-lb.yaml',
        '    template: cluster-template.yaml',
      ),
    );
  });
  afterAll(async () => run?.close());

  it('a worker flavor that does not exist fails capi-wait within the stall time, naming the field (CAPO sets no condition)', async () => {
    await run.editConfig((text) =>
      text
        .replace('node_machine_flavor: m1.small', 'node_machine_flavor: m1.nope')
        .replace('    worker_machine_count: 2', '    worker_machine_count: 2\n    stall_timeouts: {workers: 4s}'),
    );
    const { result } = await run.run('deploy', {}, { waitReady: { intervalMs: 300, timeoutMs: 10 * 60_000 } });
    expect(result.failedStep).toBe('capi-wait');
    expect(result.error).toMatch(
      /step "capi-wait" failed: no progress for 4\.0s while waiting for the worker machines \(phase workers, limit deployment\.cluster_api\.stall_timeouts\.workers\): control plane 1\/1 running, workers 0\/2/,
    );
    expect(result.error).toContain('CAPO: OpenStackServer capi-sandbox-md-0-');
    expect(result.error).toContain(': no flavors were found: name=m1.nope');
    expect(result.error).toContain(
      'Fix: deployment.cluster_api.openstack.node_machine_flavor: flavor "m1.nope" does not exist in the project',
    );
    // A durable management cluster keeps managing what CAPO made: nothing is deleted.
    expect(run.cloud.networks().map((n) => n.cluster)).toEqual(['default/capi-sandbox']);
  }, 120_000);

  it('the fixed flavor rolls out: a new worker template (CAPO forbids changing one), the stuck machines replaced, the old template deleted', async () => {
    await run.editConfig((text) => text.replace('node_machine_flavor: m1.nope', 'node_machine_flavor: m1.small'));
    const { result, console } = await run.run();
    expect(result.error).toBeUndefined();
    const status = Object.fromEntries(result.reports.map((r) => [r.id, r.status]));
    expect(status).toMatchObject({
      'capi-render': 'success',
      'capi-apply': 'success',
      'capi-wait': 'success',
      'wait-ready': 'success',
    });
    expect(result.reports.find((r) => r.id === 'capi-wait')!.detail).toMatch(
      /old templates deleted: OpenStackMachineTemplate capi-sandbox-md-0-[0-9a-f]{10}$/,
    );
    expect(status['capi-pivot']).toBeUndefined(); // a durable management cluster: no pivot
    // ORC is applied every time (idempotent; CAPO's manager needs its CRDs), init skipped.
    expect(result.reports.find((r) => r.id === 'clusterctl-init')!.detail).toBe(
      'ORC applied, its 8 CRDs labelled clusterctl.cluster.x-k8s.io/move; providers already installed at the pinned versions',
    );
    expect(run.cloud.servers()).toHaveLength(3);
    expect(run.cloud.servers().every((s) => s.status === 'ACTIVE')).toBe(true);
    expect(run.cloud.loadBalancers()).toHaveLength(1);
    const templates = await kubectl(run, management, 'get', 'openstackmachinetemplates', '-n', 'default', '-o', 'name');
    expect(templates.trim().split('\n')).toHaveLength(2);
    expect(
      JSON.parse(await fs.readFile(runtimePaths((await run.open()).settings).statePath, 'utf8')).clusterApi,
    ).toEqual({ management: 'existing' });
    expectNoCanary(console);
  }, 180_000);

  it('plans a changed worker count as one changed MachineDeployment, in the PR comment too', async () => {
    await run.editConfig((text) => text.replace('worker_machine_count: 2', 'worker_machine_count: 3'));
    const pipeline = await run.open();
    let printed = '';
    const plan = await runCapiPlan(pipeline.settings, undefined, {
      redactor: pipeline.redactor,
      output: new DeployOutput(pipeline.redactor, (t) => {
        printed += t;
      }),
    });
    expect(plan.note).toBeUndefined();
    expect(plan.changes.rows).toEqual([{ action: 'update', address: 'MachineDeployment default/capi-sandbox-md-0' }]);
    expect(plan.text).toMatch(/^\+\s+replicas: 3$/m);
    const comment = buildPlanComment({
      cluster: 'demo/capi-sandbox',
      changes: plan.changes,
      planText: plan.text,
      applySteps: ['capi-apply'],
      updatedAt: new Date(),
    }).body;
    expect(comment).toContain('| 🔁 update | `MachineDeployment default/capi-sandbox-md-0` |');
    expect(comment).toContain('0 to add, 1 to change, 0 to destroy');
    expectNoCanary(comment + plan.text + printed);
    await run.editConfig((text) => text.replace('worker_machine_count: 3', 'worker_machine_count: 2'));
  }, 60_000);

  it('refuses providers at another version than the pinned ones', async () => {
    await run.editConfig((text) =>
      text.replace(
        '      orc: orc/install.yaml',
        '      orc: orc/install.yaml\n      infrastructure: "openstack:v0.14.8"',
      ),
    );
    const { result } = await run.run('deploy', { step: 'clusterctl-init' });
    expect(result.error).toContain(
      'the management cluster has openstack v0.14.7 installed (provider capo-system/infrastructure-openstack), but deployment.cluster_api.providers.infrastructure pins v0.14.8',
    );
    await run.editConfig((text) => text.replace('\n      infrastructure: "openstack:v0.14.8"', ''));
  }, 60_000);

  it("destroys: the Cluster, then CAPO's servers and load balancer, then the credentials Secret", async () => {
    const { result, console } = await run.run('destroy');
    expect(result.error).toBeUndefined();
    expect(result.reports.map((r) => r.id)).toEqual([
      'openstack-preflight',
      'capi-management-cluster',
      'capi-delete-cluster',
      'forget-cluster',
    ]);
    expect(console).toMatch(/deleting: \d+ machines, \d+ servers left/);
    expect(run.cloud.servers()).toEqual([]);
    expect(run.cloud.loadBalancers()).toEqual([]);
    expect(await kubectl(run, management, 'get', 'secrets', '-n', 'default', '-o', 'name')).not.toContain(
      'capi-sandbox-cloud-config',
    );
    expect(run.cloud.clusters().map((c) => c.role)).toEqual(['management']); // the durable management cluster stays
  }, 120_000);
});

describe('cluster-api with kind: a failed or interrupted first deploy leaves nothing in the cloud', () => {
  const wrongFlavor = (text: string) =>
    text
      .replace('    template: cluster-template-without-lb.yaml', '    template: cluster-template.yaml')
      .replace('node_machine_flavor: m1.small', 'node_machine_flavor: m1.nope')
      .replace('    worker_machine_count: 2', '    worker_machine_count: 2\n    stall_timeouts: {workers: 4s}');
  const leftInCloud = (run: CapiRun) => ({
    servers: run.cloud.servers().length,
    networks: run.cloud.networks().length,
    routers: run.cloud.routers().length,
    loadBalancers: run.cloud.loadBalancers().length,
  });

  it('a wrong flavor fails within the stall time naming the field; the Cluster is deleted and CAPO cleans up', async () => {
    const run = await startCapiRun(wrongFlavor);
    try {
      const started = Date.now();
      const { result, console } = await run.run(
        'deploy',
        {},
        { waitReady: { intervalMs: 300, timeoutMs: 10 * 60_000 } },
      );
      // The figure issue 20 asks for (not asserted: no timed tests).
      process.stdout.write(`capi wrong flavor (kind): failed after ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      expect(result.failedStep).toBe('capi-wait');
      expect(result.error).toContain('Fix: deployment.cluster_api.openstack.node_machine_flavor: flavor "m1.nope"');
      expect(result.error).toContain('the Cluster was deleted and CAPO removed what it had made in the cloud');
      expect(console).toContain('deleting Cluster default/capi-sandbox so CAPO removes its servers');
      expect(leftInCloud(run)).toEqual({ servers: 0, networks: 0, routers: 0, loadBalancers: 0 });
    } finally {
      await run.close();
    }
  }, 120_000);

  it('a job cancelled in capi-wait starts the deletion in the seconds it has and says what is left', async () => {
    const run = await startCapiRun(wrongFlavor);
    try {
      const pipeline = await run.open({ operation: 'deploy' });
      const controller = new AbortController();
      let printed = '';
      const output = new DeployOutput(pipeline.redactor, (chunk) => {
        printed += chunk;
        // Cancelled once capi-wait shows the first progress line.
        if (/control plane \d\/\d running/.test(printed) && !controller.signal.aborted) controller.abort();
      });
      const result = await runDeploy({
        ...pipeline,
        output,
        filter: {},
        signal: controller.signal,
        logPath: pipeline.logPath,
      });
      await output.close();
      expect(result.failedStep).toBe('capi-wait');
      expect(printed).toContain('deleting Cluster default/capi-sandbox so CAPO removes its servers');
      expect(result.error).toMatch(/the Cluster was deleted|the cleanup did not finish/);
      // In the sandbox CAPO finishes within the 5 s; a real cloud takes minutes (the message then lists what to delete).
      expect(leftInCloud(run)).toEqual({ servers: 0, networks: 0, routers: 0, loadBalancers: 0 });
    } finally {
      await run.close();
    }
  }, 120_000);
});

describe('cluster-api with a kind cluster lost before the pivot', () => {
  it('says what was lost with the runner and what to do, instead of creating the cluster twice', async () => {
    const run = await startCapiRun();
    try {
      // The runner dies in capi-wait (killed: no cleanup runs): the steps up to capi-apply ran.
      for (const step of [
        'openstack-preflight',
        'capi-management-cluster',
        'clusterctl-init',
        'capi-cloud-credentials',
        'capi-render',
        'capi-apply',
      ]) {
        const { result } = await run.run('deploy', { step });
        expect(result.error, step).toBeUndefined();
      }
      await new Promise((resolve) => setTimeout(resolve, 1000)); // CAPO starts making servers
      // The runner is gone, and kind with it.
      await new Promise<void>((resolve, reject) =>
        execFile('kind', ['delete', 'cluster', '--name', 'capi-capi-sandbox'], { env: run.env }, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
      const serversBefore = run.cloud.servers().length;
      const { result } = await run.run();
      expect(result.failedStep).toBe('capi-management-cluster');
      expect(result.error).toMatch(
        /the ephemeral kind management cluster capi-capi-sandbox \(created .*\) is gone, before capi-pivot moved the Cluster API objects out of it/,
      );
      expect(result.error).toMatch(
        /Delete those \(named after capi-sandbox\) in OpenStack, then deploy again with --restart/,
      );
      expect(run.cloud.servers()).toHaveLength(serversBefore);
      expect(run.cloud.clusters().filter((c) => c.role === 'kind')).toEqual([]);
      // A destroy would delete nothing from a fresh kind cluster and call it done: it refuses too.
      const destroy = await run.run('destroy');
      expect(destroy.result.failedStep).toBe('capi-management-cluster');
      expect(destroy.result.error).toMatch(/is gone, before capi-pivot .* then delete the resume state/);
      expect(run.cloud.servers()).toHaveLength(serversBefore);
    } finally {
      await run.close();
    }
  }, 120_000);
});

describe('cluster-api with a pivot that fails', () => {
  it('a move that fails once is run again at once: the move completes, kind is deleted', async () => {
    const run = await startCapiRun();
    try {
      // clusterctl move fails once, as when the workload API drops the connection mid-move.
      const bin = path.join(run.workDir, 'fault-bin');
      const marker = path.join(run.workDir, 'move-failed-once');
      await fs.mkdir(bin);
      await fs.writeFile(
        path.join(bin, 'clusterctl'),
        `#!/bin/sh\nif [ "$1" = move ] && [ ! -e '${marker}' ]; then : > '${marker}'; echo 'Error: action failed after 10 attempts: failed to connect to the target cluster' >&2; exit 1; fi\nexec '${path.join(run.cloud.binDir, 'clusterctl')}' "$@"\n`,
        { mode: 0o755 },
      );
      const env = { ...run.env, PATH: `${bin}${path.delimiter}${run.env.PATH}` };
      // clusterctl move is re-runnable: the pivot runs it again at once (CAPI `cmd/clusterctl/client/cluster/mover.go`).
      const { result } = await run.run('deploy', {}, { env });
      expect(result.error).toBeUndefined();
      expect(result.reports.find((r) => r.id === 'capi-pivot')!.detail).toMatch(
        /the first clusterctl move failed \(.*failed to connect to the target cluster\); moved again; moved; kind cluster capi-capi-sandbox deleted: the cluster manages itself \(control plane 1\/1 running, workers 2\/2.*\)$/,
      );
      expect(run.cloud.clusters().map((c) => c.role)).toEqual(['workload']);
      expect(run.cloud.servers()).toHaveLength(3);
    } finally {
      await run.close();
    }
  }, 120_000);
});
