import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CapiSandbox, startCapiSandbox } from '../../examples/sandbox/capi/cloud.js';
import {
  ADDONS,
  ORC_INSTALL,
  cloudConfigSecret,
  condition,
  type Obj,
  PROVIDER_FLAGS,
  shell,
  TEMPLATE,
  TEMPLATE_VARIABLES,
  waitFor,
} from '../support/capi-shell.js';

/**
 * The stand-ins as unkind as the real CAPO v0.14.7 and CAPI v1.12: what a user would hit, each checked once here
 * (issue 20's list); the engine's handling of them is tested in capi-deploy.test.ts.
 */
describe('the Cluster API stand-ins behave as real CAPO and CAPI do when things go wrong', () => {
  let dir: string;
  let sandbox: CapiSandbox;
  let sh: ReturnType<typeof shell>;
  let management: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'capi-real-'));
    sandbox = await startCapiSandbox({
      dir: path.join(dir, 'cloud'),
      stepMs: 50,
      catalog: { applicationCredentials: { id: 'canary' } },
    });
    const home = path.join(dir, 'home');
    await fs.mkdir(home);
    sh = shell(sandbox, home);
    management = (await sandbox.createManagementCluster('mgmt')).kubeconfigPath;
    await sh.ok('clusterctl', ['init', '--kubeconfig', management, ...PROVIDER_FLAGS]);
    await sh.kubectl(management, ['apply', '--server-side', '-f', ORC_INSTALL]);
  });
  afterAll(async () => sandbox?.close());

  const getJson = async (args: string[]) => JSON.parse(await sh.kubectl(management, [...args, '-o', 'json']));
  const render = (name: string, variables: Record<string, string> = {}, version = 'v1.35.0') =>
    sh.ok(
      'clusterctl',
      ['generate', 'cluster', name, '--from', TEMPLATE, '--kubernetes-version', version, '--worker-machine-count', '1'],
      { ...TEMPLATE_VARIABLES, ...variables },
    );
  const apply = (manifests: string) =>
    sh.run(
      'kubectl',
      ['--kubeconfig', management, 'apply', '--server-side', '--field-manager=t', '-f', '-'],
      {},
      manifests,
    );
  const deleteCluster = async (name: string) => {
    await sh.kubectl(management, ['delete', 'cluster', name, '--wait=false']);
    await waitFor(
      `${name} gone`,
      async () => !(await sh.kubectl(management, ['get', 'clusters', '-o', 'name'])).includes(`/${name}\n`),
      60_000,
    );
  };
  const capoLog = () =>
    sh.kubectl(management, ['logs', '-n', 'capo-system', 'deployment/capo-controller-manager', '--tail=200']);

  it('a flavor that does not exist: no condition, no Event, no server; only the CAPO manager log says it', async () => {
    await sh.kubectl(management, ['apply', '--server-side', '-f', '-'], cloudConfigSecret('noflavor'));
    expect((await apply(await render('noflavor', { OPENSTACK_NODE_MACHINE_FLAVOR: 'm1.nope' }))).code).toBe(0);
    await waitFor('the log line', async () =>
      /"Reconciler error" err="no flavors were found: name=m1.nope" controller="openstackserver".* name="noflavor-md-0-/.test(
        await capoLog(),
      ),
    );
    const servers = (await getJson(['get', 'openstackservers'])).items as Obj[];
    const worker = servers.find((s) => s.metadata.name.startsWith('noflavor-md-0-'))!;
    expect(worker.status?.conditions ?? []).toEqual([]);
    const events = (await getJson(['get', 'events'])).items as { type: string; involvedObject: { name: string } }[];
    expect(events.filter((e) => e.type === 'Warning' && e.involvedObject.name === worker.metadata.name)).toEqual([]);
    expect(sandbox.servers().map((s) => s.name)).not.toContainEqual(expect.stringMatching(/^noflavor-md-0-/));
    // The Cluster itself says nothing of it either: provisioned, with a worker that never runs.
    expect(sandbox.networks().map((n) => n.cluster)).toContain('default/noflavor');
    await deleteCluster('noflavor');
    expect(sandbox.servers().filter((s) => s.cluster === 'default/noflavor')).toEqual([]);
    expect(sandbox.networks().filter((n) => n.cluster === 'default/noflavor')).toEqual([]);
    expect(sandbox.routers().filter((n) => n.cluster === 'default/noflavor')).toEqual([]);
  }, 120_000);

  it('values are re-parsed as YAML 1.1 and checked against the CRD schema; kubectl applies the other objects anyway', async () => {
    const manifests = await render('typed', {
      OPENSTACK_NODE_MACHINE_FLAVOR: '2',
      OPENSTACK_DNS_NAMESERVERS: '1.1.1.1, 8.8.8.8',
      OPENSTACK_SSH_KEY_NAME: 'no',
    });
    const objects = parseAllDocuments(manifests).map((d) => d.toJS() as Obj & { spec: any });
    const workerTemplate = objects.find(
      (o) => o.metadata.name === 'typed-md-0' && o.kind === 'OpenStackMachineTemplate',
    )!;
    expect(workerTemplate.spec.template.spec).toMatchObject({ flavor: 2, sshKeyName: false });
    expect(objects.find((o) => o.kind === 'OpenStackCluster')!.spec.managedSubnets[0].dnsNameservers).toEqual([
      '1.1.1.1, 8.8.8.8',
    ]);
    await sh.kubectl(management, ['apply', '--server-side', '-f', '-'], cloudConfigSecret('typed'));
    const applied = await apply(manifests);
    expect(applied.code).not.toBe(0);
    expect(applied.stderr).toContain('spec.template.spec.flavor in body must be of type string: "integer"');
    expect(applied.stderr).toContain('spec.template.spec.sshKeyName in body must be of type string: "boolean"');
    // A partial apply: the Cluster and the other objects went in.
    expect(await sh.kubectl(management, ['get', 'cluster', 'typed', '-o', 'name'])).toBe(
      'cluster.cluster.x-k8s.io/typed\n',
    );
    await deleteCluster('typed');
  }, 120_000);

  it("CAPO's and CAPI's webhooks: machine templates and the OpenStackCluster are immutable, the control plane may not skip a minor; a server-side dry run already says so", async () => {
    await sh.kubectl(management, ['apply', '--server-side', '-f', '-'], cloudConfigSecret('hooks'));
    expect((await apply(await render('hooks'))).code).toBe(0);
    const flavorChange = await render('hooks', { OPENSTACK_NODE_MACHINE_FLAVOR: 'm1.large' });
    const diff = await sh.run(
      'kubectl',
      ['--kubeconfig', management, 'diff', '--server-side', '--field-manager=t', '-f', '-'],
      {},
      flavorChange,
    );
    expect(diff.code).toBeGreaterThan(1);
    expect(diff.stderr).toContain(
      'The OpenStackMachineTemplate "hooks-md-0" is invalid: spec.template.spec: Invalid value',
    );
    expect(diff.stderr).toContain('OpenStackMachineTemplate spec.template.spec field is immutable');
    const denied = await apply(flavorChange);
    expect(denied.stderr).toContain('OpenStackMachineTemplate spec.template.spec field is immutable');
    const network = await apply(
      await render('hooks', { OPENSTACK_EXTERNAL_NETWORK_ID: '11111111-2222-3333-4444-555555555555' }),
    );
    expect(network.stderr).toContain('"hooks" is invalid: spec: Forbidden: cannot be modified');
    const skip = await apply(await render('hooks', {}, 'v1.37.0'));
    expect(skip.stderr).toContain('spec.version: Forbidden: cannot update Kubernetes version from v1.35.0 to v1.37.0');
    expect(await sh.kubectl(management, ['get', 'kcp', 'hooks-control-plane', '-o', 'jsonpath={.spec.version}'])).toBe(
      'v1.35.0',
    );
    await deleteCluster('hooks');
  }, 120_000);

  it("a LoadBalancer Service's Octavia load balancer keeps CAPO from deleting the network; a failed server delete is retried", async () => {
    await sh.kubectl(management, ['apply', '--server-side', '-f', '-'], cloudConfigSecret('svc'));
    expect((await apply(await render('svc'))).code).toBe(0);
    await waitFor(
      'the machines running',
      async () => {
        const machines = (await getJson(['get', 'machines'])).items as Obj[];
        const ours = machines.filter((m) => m.metadata.name.startsWith('svc-'));
        return ours.length === 2 && ours.every((m) => m.status?.phase === 'Running');
      },
      60_000,
    );
    const workload = path.join(dir, 'svc.kubeconfig');
    await fs.writeFile(workload, await sh.ok('clusterctl', ['get', 'kubeconfig', 'svc', '--kubeconfig', management]), {
      mode: 0o600,
    });
    const nodes = JSON.parse(await sh.kubectl(workload, ['get', 'nodes', '-o', 'json'])).items as Obj[];
    expect(
      nodes.every((n) =>
        ((n.spec?.taints as { key: string }[] | undefined) ?? []).some(
          (t) => t.key === 'node.cloudprovider.kubernetes.io/uninitialized',
        ),
      ),
    ).toBe(true);
    await sh.kubectl(workload, ['apply', '--server-side', '-f', ADDONS]);
    // Ready with the CNI; the uninitialized taint goes once the CCM runs.
    await waitFor('untainted Ready nodes', async () => {
      const items = JSON.parse(await sh.kubectl(workload, ['get', 'nodes', '-o', 'json'])).items as Obj[];
      return items.every(
        (n) =>
          condition(n, 'Ready')?.status === 'True' &&
          !((n.spec?.taints as { key: string }[] | undefined) ?? []).some((t) => t.key.includes('uninitialized')),
      );
    });
    await sh.kubectl(
      workload,
      ['apply', '--server-side', '-f', '-'],
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Service',
        metadata: { name: 'web', namespace: 'default' },
        spec: { type: 'LoadBalancer', ports: [{ port: 80 }] },
      }),
    );
    await waitFor('the Octavia load balancer', async () =>
      sandbox.loadBalancers().some((lb) => lb.name === 'kube_service_kubernetes_default_web'),
    );
    sandbox.failServerDelete('svc-md-0-*', 'Internal Server Error (HTTP 500)', 2);
    await sh.kubectl(management, ['delete', 'cluster', 'svc', '--wait=false']);
    await waitFor('the failed delete retried', async () => {
      const events = (await getJson(['get', 'events'])).items as { reason: string; count?: number }[];
      return events.some((e) => e.reason === 'Faileddeleteserver' && (e.count ?? 1) >= 2);
    });
    await waitFor('the servers gone', async () => sandbox.servers().every((s) => s.cluster !== 'default/svc'), 60_000);
    const stuck = await waitFor('FailedDeleteNetwork', async () => {
      const events = (await getJson(['get', 'events'])).items as { reason: string; message: string }[];
      return events.find((e) => e.reason === 'Faileddeletenetwork');
    });
    expect(stuck.message).toContain('There are one or more ports still in use on the network');
    expect(await sh.kubectl(management, ['get', 'cluster', 'svc', '-o', 'name'])).toBe(
      'cluster.cluster.x-k8s.io/svc\n',
    );
    expect(sandbox.networks().map((n) => n.cluster)).toContain('default/svc');
    expect(sandbox.loadBalancers().map((lb) => lb.name)).toEqual(['kube_service_kubernetes_default_web']);
  }, 180_000);

  it("clusterctl init times out when no node can run cert-manager (CAPI's move doc: at least one worker)", async () => {
    const tainted = await sandbox.createManagementCluster('tainted');
    const node = tainted.api.list({ group: '', kind: 'Node' })[0]!;
    tainted.api.put({
      ...node,
      spec: { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] },
    });
    const init = await sh.run('clusterctl', ['init', '--kubeconfig', tainted.kubeconfigPath, ...PROVIDER_FLAGS]);
    expect(init.code).toBe(1);
    expect(init.stdout).toContain('Waiting for cert-manager to be available...');
    expect(init.stderr).toContain('context deadline exceeded');
  });
});
