import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { manifestCapacityDemand, redeployCapacityDemand } from '../../../src/core/capi/capacity-demand.js';
import { staticFlavors } from '../../../src/core/openstack/flavors.js';

const flavors = staticFlavors([
  { id: 'f1', name: 'm1.medium', vcpus: 4, ram: 8192, disk: 40 },
  { id: 'f2', name: 'm1.large', vcpus: 8, ram: 16384, disk: 80 },
]);

/** The sandbox's template (CAPO's default: the API behind a load balancer), rendered as clusterctl would. */
function rendered(variables: Record<string, string>): string {
  const template = readFileSync(
    'examples/sandbox/gitops/infrastructure/clusters/capi-sandbox/cluster-template.yaml',
    'utf8',
  );
  return template.replace(
    /\$\{(\w+)(?::=([^}]*))?\}/g,
    (_, name: string, fallback?: string) => variables[name] ?? fallback ?? '',
  );
}
const base = {
  CLUSTER_NAME: 'demo',
  NAMESPACE: 'default',
  OPENSTACK_CONTROL_PLANE_MACHINE_FLAVOR: 'm1.medium',
  OPENSTACK_NODE_MACHINE_FLAVOR: 'm1.large',
  CONTROL_PLANE_MACHINE_COUNT: '3',
  WORKER_MACHINE_COUNT: '2',
  OPENSTACK_EXTERNAL_NETWORK_ID: 'ext',
};

describe('Cluster API demand from the rendered manifests (an estimate)', () => {
  it('machines × flavor, the network CAPO makes, the API load balancer, managed security groups, the API floating IP', async () => {
    const demand = await manifestCapacityDemand(rendered(base), 'cluster.yaml', flavors);
    expect(demand.adds).toEqual({
      instances: 5,
      cores: 3 * 4 + 2 * 8,
      ram: 3 * 8192 + 2 * 16384,
      // a port per machine, the router's interface, the load balancer's VIP
      ports: 5 + 1 + 1,
      networks: 1,
      subnets: 1,
      routers: 1,
      floating_ips: 1,
      load_balancers: 1,
      listeners: 1,
      pools: 1,
      health_monitors: 1,
      members: 3,
      security_groups: 2,
      // CAPO v0.14.7 makes 24 for this template: control plane 2 egress + API + etcd + kubelet x2 = 6, workers
      // 2 egress + NodePort 2 (the subnet) + 4 (between the groups) + kubelet x2 = 10, and the two all-nodes rules
      // (BGP, IP-in-IP), each for both remote groups, on both groups: 2 x 2 x 2 = 8
      security_group_rules: 24,
    });
    expect(demand.estimate).toMatch(/^Cluster API: counted from cluster\.yaml as a new cluster/);
    expect(demand.notes).toEqual([]);
  });

  it('without the API load balancer: no Octavia objects and no VIP port', async () => {
    const withoutLb = rendered(base).replace(/(apiServerLoadBalancer:\n\s+enabled:) true/, '$1 false');
    expect(withoutLb).toContain('enabled: false');
    const demand = await manifestCapacityDemand(withoutLb, 'cluster.yaml', flavors);
    expect(demand.adds).not.toHaveProperty('load_balancers');
    expect(demand.adds).not.toHaveProperty('members');
    expect(demand.adds.ports).toBe(5 + 1);
    expect(demand.adds.floating_ips).toBe(1);
  });

  it('an unknown flavor is said, not guessed', async () => {
    const demand = await manifestCapacityDemand(
      rendered({ ...base, OPENSTACK_NODE_MACHINE_FLAVOR: 'x9.huge' }),
      'cluster.yaml',
      flavors,
    );
    expect(demand.adds.cores).toBe(12);
    expect(demand.notes).toEqual(['cores and RAM of MachineDeployment demo-md-0: Nova has no flavor named "x9.huge"']);
  });
});

/** The objects as the management cluster returns them after an apply of `manifests` (kubectl get … -o json items). */
function applied(manifests: string): unknown[] {
  return parseAllDocuments(manifests)
    .map((d) => d.toJS() as Record<string, unknown> | null)
    .filter((o): o is Record<string, unknown> => o !== null)
    .map((o) => ({ ...o, metadata: { ...(o.metadata as object), uid: 'x', resourceVersion: '7' }, status: {} }));
}

describe('Cluster API demand of a re-deploy: the estimate less what the cluster holds now', () => {
  it('the same manifests again take nothing more', async () => {
    const demand = await redeployCapacityDemand(rendered(base), 'cluster.yaml', applied(rendered(base)), flavors);
    expect(demand.adds).toEqual({});
    expect(demand.notes).toEqual([]);
    expect(demand.estimate).toMatch(
      /^Cluster API: counted from cluster\.yaml minus what the cluster's objects in the management cluster hold now \(OpenStackCluster\/demo, KubeadmControlPlane\/demo-control-plane, MachineDeployment\/demo-md-0\)/,
    );
  });

  it('a worker more takes one machine: its instance, flavor and port; nothing of the network or load balancer', async () => {
    const demand = await redeployCapacityDemand(
      rendered({ ...base, WORKER_MACHINE_COUNT: '3' }),
      'cluster.yaml',
      applied(rendered(base)),
      flavors,
    );
    expect(demand.adds).toEqual({ instances: 1, cores: 8, ram: 16384, ports: 1 });
  });

  it('a rollout (another version or template) holds one more machine per rolling set at its peak (maxSurge 1)', async () => {
    const rolled = await redeployCapacityDemand(
      rendered({ ...base, KUBERNETES_VERSION: 'v1.36.0' }),
      'cluster.yaml',
      applied(rendered(base)),
      flavors,
    );
    expect(rolled.adds).toEqual({ instances: 2, cores: 4 + 8, ram: 8192 + 16384, ports: 2 });
    expect(rolled.notes).toEqual([
      'one more machine each while KubeadmControlPlane demo-control-plane, MachineDeployment demo-md-0 roll (maxSurge 1: the new machine first)',
    ]);
  });

  it('a worker fewer frees its share; a bigger control plane flavor counts the difference on every machine', async () => {
    const fewer = await redeployCapacityDemand(
      rendered({ ...base, WORKER_MACHINE_COUNT: '1' }),
      'cluster.yaml',
      applied(rendered(base)),
      flavors,
    );
    expect(fewer.adds).toEqual({ instances: -1, cores: -8, ram: -16384, ports: -1 });
    // control plane from m1.medium to m1.large: CAPI rolls, but what stays is 3 × (8 − 4) cores more
    const bigger = await redeployCapacityDemand(
      rendered({ ...base, OPENSTACK_CONTROL_PLANE_MACHINE_FLAVOR: 'm1.large' }),
      'cluster.yaml',
      applied(rendered(base)),
      flavors,
    );
    expect(bigger.adds).toEqual({ cores: 3 * 4, ram: 3 * 8192 });
  });

  it("nothing of this cluster in the management cluster (a first deploy, or only another cluster's objects): the whole estimate", async () => {
    const fresh = await manifestCapacityDemand(rendered(base), 'cluster.yaml', flavors);
    for (const live of [[], applied(rendered({ ...base, CLUSTER_NAME: 'other' }))]) {
      expect(await redeployCapacityDemand(rendered(base), 'cluster.yaml', live, flavors)).toEqual(fresh);
    }
  });
});
