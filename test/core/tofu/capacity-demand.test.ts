import { describe, expect, it } from 'vitest';
import { staticFlavors } from '../../../src/core/openstack/flavors.js';
import { planCapacityDemand } from '../../../src/core/tofu/capacity-demand.js';

/**
 * Plans in the shape of `tofu show -json` (resource_changes[].change.{actions,before,after,after_unknown},
 * configuration.root_module), with the arguments of terraform-provider-openstack v3 (docs/resources/*.md).
 */
const flavors = staticFlavors([
  { id: 'f-small', name: 'm1.small', vcpus: 2, ram: 4096, disk: 20 },
  { id: 'f-large', name: 'm1.large', vcpus: 8, ram: 16384, disk: 80 },
]);

type Change = {
  address: string;
  type: string;
  actions: string[];
  before?: unknown;
  after?: unknown;
  afterUnknown?: unknown;
  module?: string;
};
function plan(changes: Change[], configuration?: unknown) {
  return {
    format_version: '1.2',
    resource_changes: changes.map((c) => ({
      address: c.address,
      ...(c.module && { module_address: c.module }),
      mode: 'managed',
      type: c.type,
      name: c.address.split('.').pop(),
      change: {
        actions: c.actions,
        before: c.before ?? null,
        after: c.after ?? null,
        after_unknown: c.afterUnknown ?? {},
      },
    })),
    ...(configuration !== undefined && { configuration }),
  };
}
const server = (name: string, flavor: string, extra: Record<string, unknown> = {}) => ({
  name,
  flavor_name: flavor,
  network: [{ uuid: 'net-1', port: '' }],
  ...extra,
});
const create = (address: string, type: string, after: unknown, afterUnknown: unknown = {}): Change => ({
  address,
  type,
  actions: ['create'],
  after,
  afterUnknown,
});

describe('plan demand per quota', () => {
  it('counts a whole cluster: servers by flavor, boot volumes, ports, network objects and the load balancer', async () => {
    const demand = await planCapacityDemand(
      plan([
        create('openstack_networking_network_v2.net', 'openstack_networking_network_v2', { name: 'n' }),
        create('openstack_networking_subnet_v2.sub', 'openstack_networking_subnet_v2', { cidr: '10.0.0.0/24' }),
        create('openstack_networking_router_v2.r', 'openstack_networking_router_v2', {}),
        create(
          'openstack_networking_router_interface_v2.ri',
          'openstack_networking_router_interface_v2',
          { subnet_id: null },
          { subnet_id: true, port_id: true },
        ),
        create('openstack_networking_secgroup_v2.sg', 'openstack_networking_secgroup_v2', {
          delete_default_rules: null,
        }),
        create('openstack_networking_secgroup_rule_v2.api', 'openstack_networking_secgroup_rule_v2', {}),
        create('openstack_networking_secgroup_rule_v2.ssh', 'openstack_networking_secgroup_rule_v2', {}),
        create('openstack_networking_port_v2.vip', 'openstack_networking_port_v2', {}),
        create('openstack_networking_floatingip_v2.fip', 'openstack_networking_floatingip_v2', {}),
        create('openstack_compute_instance_v2.cp[0]', 'openstack_compute_instance_v2', server('cp-0', 'm1.small')),
        create('openstack_compute_instance_v2.cp[1]', 'openstack_compute_instance_v2', server('cp-1', 'm1.small')),
        create(
          'openstack_compute_instance_v2.worker[0]',
          'openstack_compute_instance_v2',
          server('w-0', 'm1.large', {
            network: [{ uuid: 'net-1', port: 'port-given' }],
            block_device: [{ source_type: 'image', destination_type: 'volume', volume_size: 50, boot_index: 0 }],
          }),
        ),
        create('openstack_blockstorage_volume_v3.data', 'openstack_blockstorage_volume_v3', { size: 100 }),
        create(
          'openstack_lb_loadbalancer_v2.api',
          'openstack_lb_loadbalancer_v2',
          { vip_port_id: null },
          { vip_port_id: true },
        ),
        create('openstack_lb_listener_v2.api', 'openstack_lb_listener_v2', {}),
        create('openstack_lb_pool_v2.api', 'openstack_lb_pool_v2', {}),
        create('openstack_lb_members_v2.api', 'openstack_lb_members_v2', {
          member: [{ address: 'a' }, { address: 'b' }],
        }),
        create('openstack_lb_monitor_v2.api', 'openstack_lb_monitor_v2', {}),
        create('local_file.inventory', 'local_file', { content: 'x' }),
      ]),
      flavors,
    );
    expect(demand.adds).toEqual({
      networks: 1,
      subnets: 1,
      routers: 1,
      // router interface by subnet, the vip port resource, a port for each server network without a
      // port (2 control planes), the Octavia VIP port
      ports: 1 + 1 + 2 + 1,
      security_groups: 1,
      // the two rules plus Neutron's two default egress rules
      security_group_rules: 4,
      floating_ips: 1,
      instances: 3,
      cores: 2 + 2 + 8,
      ram: 4096 * 2 + 16384,
      volumes: 2,
      gigabytes: 150,
      load_balancers: 1,
      listeners: 1,
      pools: 1,
      members: 2,
      health_monitors: 1,
    });
    expect(demand.notes).toEqual([]);
  });

  it('a replacement that deletes first frees what it takes; one that creates first takes it all; a resize adds the difference', async () => {
    const old = server('w-0', 'm1.small');
    const demand = await planCapacityDemand(
      plan([
        {
          address: 'openstack_compute_instance_v2.a',
          type: 'openstack_compute_instance_v2',
          actions: ['delete', 'create'],
          before: old,
          after: old,
        },
        {
          address: 'openstack_compute_instance_v2.b',
          type: 'openstack_compute_instance_v2',
          actions: ['create', 'delete'],
          before: old,
          after: old,
        },
        {
          address: 'openstack_compute_instance_v2.c',
          type: 'openstack_compute_instance_v2',
          actions: ['update'],
          before: old,
          after: server('w-0', 'm1.large'),
        },
      ]),
      flavors,
    );
    // a: net 0; b: a whole second server for a while; c: 8 - 2 cores, 16384 - 4096 MiB
    expect(demand.adds).toEqual({ instances: 1, cores: 2 + 6, ram: 4096 + 12288, ports: 1 });
  });

  it('a plan with deletions only frees: every demand is negative', async () => {
    const demand = await planCapacityDemand(
      plan([
        {
          address: 'openstack_compute_instance_v2.w[2]',
          type: 'openstack_compute_instance_v2',
          actions: ['delete'],
          before: server('w-2', 'm1.large'),
        },
        {
          address: 'openstack_networking_floatingip_v2.f',
          type: 'openstack_networking_floatingip_v2',
          actions: ['delete'],
          before: {},
        },
      ]),
      flavors,
    );
    expect(demand.adds).toEqual({ instances: -1, cores: -8, ram: -16384, ports: -1, floating_ips: -1 });
  });

  it('says what it cannot count: a flavor known only after apply, a flavor Nova does not have', async () => {
    const demand = await planCapacityDemand(
      plan([
        create(
          'openstack_compute_instance_v2.a',
          'openstack_compute_instance_v2',
          { network: [] },
          { flavor_id: true, flavor_name: true },
        ),
        create('openstack_compute_instance_v2.b', 'openstack_compute_instance_v2', server('b', 'm9.huge')),
      ]),
      flavors,
    );
    expect(demand.adds).toEqual({ instances: 2, ports: 1 });
    expect(demand.notes).toEqual([
      'cores and RAM of openstack_compute_instance_v2.a: its flavor is known only after apply',
      'cores and RAM of openstack_compute_instance_v2.b: Nova has no flavor named "m9.huge"',
    ]);
  });

  it('server group members per group: an existing group by id, a new group through the configuration references', async () => {
    const configuration = {
      root_module: {
        module_calls: {
          k8s: {
            module: {
              resources: [
                {
                  address: 'openstack_compute_instance_v2.cp',
                  expressions: {
                    scheduler_hints: [
                      {
                        group: {
                          references: [
                            'openstack_compute_servergroup_v2.cp[0].id',
                            'openstack_compute_servergroup_v2.cp[0]',
                            'openstack_compute_servergroup_v2.cp',
                          ],
                        },
                      },
                    ],
                  },
                },
              ],
            },
          },
        },
      },
    };
    const hinted = (group: string | null) => server('x', 'm1.small', { scheduler_hints: [{ group }] });
    const demand = await planCapacityDemand(
      plan(
        [
          {
            ...create('module.k8s.openstack_compute_servergroup_v2.cp[0]', 'openstack_compute_servergroup_v2', {
              policies: ['anti-affinity'],
            }),
            module: 'module.k8s',
          },
          ...[0, 1, 2].map((i) => ({
            ...create(
              `module.k8s.openstack_compute_instance_v2.cp[${i}]`,
              'openstack_compute_instance_v2',
              hinted(null),
              { scheduler_hints: [{ group: true }] },
            ),
            module: 'module.k8s',
          })),
          create('openstack_compute_instance_v2.extra', 'openstack_compute_instance_v2', hinted('sg-existing')),
        ],
        configuration,
      ),
      flavors,
    );
    expect(demand.adds.server_groups).toBe(1);
    expect(demand.groups).toEqual([
      {
        key: 'module.k8s.openstack_compute_servergroup_v2.cp',
        label: 'module.k8s.openstack_compute_servergroup_v2.cp',
        existing: false,
        adds: 3,
      },
      { key: 'sg-existing', label: 'group sg-existing', existing: true, adds: 1 },
    ]);
  });

  it('refuses a document that is not a plan, naming it', async () => {
    await expect(planCapacityDemand({ resource_changes: 'nope' }, flavors)).rejects.toThrow(
      /the plan from `tofu show -json` is invalid: resource_changes/,
    );
  });
});
