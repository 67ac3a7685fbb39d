import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { manifestCapacityDemand } from '../../../src/core/capi/capacity-demand.js';
import { staticFlavors } from '../../../src/core/openstack/flavors.js';

const flavors = staticFlavors([
  { id: 'f1', name: 'm1.medium', vcpus: 4, ram: 8192, disk: 40 },
  { id: 'f2', name: 'm1.large', vcpus: 8, ram: 16384, disk: 80 },
]);

/** The sandbox's template (modelled on CAPO's without-lb flavor), rendered as clusterctl would. */
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
  it('machines × flavor, the network CAPO makes, managed security groups, the API floating IP', async () => {
    const demand = await manifestCapacityDemand(rendered(base), 'cluster.yaml', flavors);
    expect(demand.adds).toEqual({
      instances: 5,
      cores: 3 * 4 + 2 * 8,
      ram: 3 * 8192 + 2 * 16384,
      ports: 5 + 1,
      networks: 1,
      subnets: 1,
      routers: 1,
      floating_ips: 1,
      security_groups: 2,
      // egress x2 and 4 rules per group, plus the BGP rule on both
      security_group_rules: 12 + 2,
    });
    expect(demand.estimate).toMatch(/^Cluster API: counted from cluster\.yaml as a new cluster/);
    expect(demand.notes).toEqual([]);
  });

  it('with the API load balancer: a listener, pool and monitor, each control plane machine a member, its VIP port', async () => {
    const demand = await manifestCapacityDemand(
      rendered({ ...base, OPENSTACK_API_SERVER_LOAD_BALANCER_ENABLED: 'true' }),
      'cluster.yaml',
      flavors,
    );
    expect(demand.adds).toMatchObject({
      load_balancers: 1,
      listeners: 1,
      pools: 1,
      health_monitors: 1,
      members: 3,
      ports: 7,
    });
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
