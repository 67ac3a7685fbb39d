import { describe, expect, it } from 'vitest';
import { type Inventory, plannedNodeChanges, withoutNonNodes } from '../../../src/core/kubespray/node-changes.js';
import { nextRollNode, planNodeRoll, unexpectedChanges } from '../../../src/core/kubespray/node-roll.js';
import { type InPlaceChange, inPlaceRefusal } from '../../../src/core/kubespray/server-changes.js';
import { DEFAULT_NODE_RESOURCE } from '../../../src/core/model/nodes.js';

/**
 * What the cloud does to a node for each in-place update of an openstack_compute_instance_v2
 * (terraform-provider-openstack v3.4.0, resource_openstack_compute_instance_v2.go,
 * resourceComputeInstanceV2Update), read from `tofu show -json` as a plan writes it.
 */

const INSTANCE = 'openstack_compute_instance_v2';
const SERVER = {
  name: 'w-0',
  image_id: 'img-1',
  image_name: 'ubuntu-24.04',
  flavor_name: 'm1.large',
  flavor_id: 'f-1',
  power_state: 'active',
  metadata: { role: 'worker' },
  tags: ['a'],
  security_groups: ['sg'],
  admin_pass: 'hunter2',
  personality: [{ file: '/etc/x', content: 'secret-file-content' }],
};

function update(
  changed: Record<string, unknown>,
  extra: { afterUnknown?: unknown; beforeSensitive?: unknown; afterSensitive?: unknown; name?: string } = {},
) {
  const name = extra.name ?? 'w-0';
  return {
    resource_changes: [
      {
        address: `module.node["${name}"].openstack_compute_instance_v2.this`,
        module_address: `module.node["${name}"]`,
        mode: 'managed',
        type: INSTANCE,
        change: {
          actions: ['update'],
          before: { ...SERVER, name },
          after: { ...SERVER, name, ...changed },
          after_unknown: extra.afterUnknown ?? {},
          before_sensitive: extra.beforeSensitive ?? {},
          after_sensitive: extra.afterSensitive ?? {},
        },
      },
    ],
  };
}

const inPlaceOf = (planJson: unknown) => plannedNodeChanges(planJson, DEFAULT_NODE_RESOURCE).inPlace;

describe('in-place changes of a node, classified as the provider applies them', () => {
  const cases: {
    name: string;
    changed: Record<string, unknown>;
    extra?: Parameters<typeof update>[1];
    expected: Partial<InPlaceChange>[];
  }[] = [
    // "Changing this rebuilds the existing server" (docs); update: servers.Rebuild.
    {
      name: 'a new image id: rebuilt',
      changed: { image_id: 'img-2' },
      expected: [{ attribute: 'image_id', effect: 'rebuilt', before: '"img-1"', after: '"img-2"' }],
    },
    {
      name: 'a new image name: rebuilt',
      changed: { image_name: 'ubuntu-26.04' },
      expected: [{ attribute: 'image_name', effect: 'rebuilt' }],
    },
    {
      name: 'personality: rebuilt, its file contents never shown',
      changed: { personality: [{ file: '/etc/x', content: 'other-secret' }] },
      expected: [{ attribute: 'personality', effect: 'rebuilt', before: '(hidden)', after: '(hidden)' }],
    },
    // "Changing this resizes the existing server" (docs); update: servers.Resize + ConfirmResize.
    {
      name: 'a new flavor name: resized',
      changed: { flavor_name: 'm1.xlarge' },
      expected: [{ attribute: 'flavor_name', effect: 'resized', before: '"m1.large"', after: '"m1.xlarge"' }],
    },
    {
      name: 'a new flavor id: resized',
      changed: { flavor_id: 'f-2' },
      expected: [{ attribute: 'flavor_id', effect: 'resized' }],
    },
    // update: Stop / Shelve / Pause / Start.
    {
      name: 'power_state shutoff: rebooted (the node goes down)',
      changed: { power_state: 'shutoff' },
      expected: [{ attribute: 'power_state', effect: 'rebooted' }],
    },
    {
      name: 'image and flavor at once: both, in the table order',
      changed: { image_id: 'img-2', flavor_name: 'm1.xlarge' },
      expected: [{ attribute: 'image_id' }, { attribute: 'flavor_name' }],
    },
    // servers.Update, metadata and tags calls, security group (dis)association, changePassword: the machine runs on.
    { name: 'metadata: untouched', changed: { metadata: { role: 'worker', team: 'x' } }, expected: [] },
    { name: 'tags: untouched', changed: { tags: ['a', 'b'] }, expected: [] },
    { name: 'security groups: untouched', changed: { security_groups: ['sg', 'sg2'] }, expected: [] },
    { name: 'admin_pass: untouched', changed: { admin_pass: 'other' }, expected: [] },
    // Optional+Computed and left out of the configuration (a server booted from a volume): null in `after`, unchanged.
    { name: 'image_id left out of the configuration: untouched', changed: { image_id: null }, expected: [] },
    {
      name: 'an image id known only after apply (a data source read at apply time): rebuilt, said so',
      changed: { image_id: null },
      extra: { afterUnknown: { image_id: true } },
      expected: [{ attribute: 'image_id', effect: 'rebuilt', after: '(known after apply)' }],
    },
    {
      name: 'a sensitive image id: the value is not shown',
      changed: { image_id: 'img-2' },
      extra: { beforeSensitive: { image_id: true }, afterSensitive: { image_id: true } },
      expected: [{ attribute: 'image_id', before: '(sensitive)', after: '(sensitive)' }],
    },
    {
      name: 'a hostile value: invisible characters escaped, cut',
      changed: { image_id: `img\u200b\n${'x'.repeat(200)}` },
      expected: [{ attribute: 'image_id', after: `"img\\u200b\\u000a${'x'.repeat(75)}…"` }],
    },
  ];
  it.each(cases)('$name', ({ changed, extra, expected }) => {
    const found = inPlaceOf(update(changed, extra)) ?? [];
    expect(found).toHaveLength(expected.length);
    for (const [index, fields] of expected.entries()) expect(found[index]).toMatchObject({ node: 'w-0', ...fields });
  });

  it('keeps the node and its module, and lists it as updated', () => {
    const planned = plannedNodeChanges(update({ image_id: 'img-2' }), DEFAULT_NODE_RESOURCE);
    expect(planned).toMatchObject({ kept: ['w-0'], updated: ['w-0'], replaced: [] });
    expect(planned.inPlace?.[0]).toMatchObject({
      address: 'module.node["w-0"].openstack_compute_instance_v2.this',
      module: 'module.node["w-0"]',
    });
  });

  it('a stand-in named by input.node_name is read the same, beside its name', () => {
    const planJson = {
      resource_changes: [
        {
          address: 'module.worker[0].terraform_data.server',
          type: 'terraform_data',
          change: {
            actions: ['update'],
            before: { input: { node_name: 'sandbox-worker-0', image_id: 'a', flavor_name: 'm1.medium' } },
            after: { input: { node_name: 'sandbox-worker-0', image_id: 'b', flavor_name: 'm1.medium' } },
            after_unknown: { output: true },
          },
        },
      ],
    };
    expect(plannedNodeChanges(planJson, { type: 'terraform_data', nameAttribute: 'input.node_name' }).inPlace).toEqual([
      expect.objectContaining({ node: 'sandbox-worker-0', attribute: 'image_id', effect: 'rebuilt' }),
    ]);
  });
});

describe('the refusal', () => {
  it('names every node, attribute, old and new value, what the cloud does, and how to proceed', () => {
    const changes = [
      ...(inPlaceOf(update({ image_id: 'img-2' }, { name: 'cp-1' })) ?? []),
      ...(inPlaceOf(update({ image_id: 'img-2', flavor_name: 'm1.xlarge' }, { name: 'w-0' })) ?? []),
    ];
    const refusal = inPlaceRefusal(changes)!;
    expect(refusal).toContain('the plan changes 2 running nodes in place');
    expect(refusal).toContain('cp-1: image_id "img-1" → "img-2" (rebuilt)');
    expect(refusal).toContain(
      'w-0: image_id "img-1" → "img-2" (rebuilt); w-0: flavor_name "m1.large" → "m1.xlarge" (resized)',
    );
    expect(refusal).toMatch(
      /rebuilt: Nova rebuilds the server in place \(servers\.Rebuild\): its root disk is re-imaged/,
    );
    expect(refusal).toMatch(/resized: Nova resizes the server in place/);
    expect(refusal).toMatch(/cluster-deploy replace-nodes \(action input operation: replace-nodes\)/);
    expect(inPlaceRefusal([])).toBeUndefined();
  });
});

function inventory(groups: {
  controlPlane?: string[];
  etcd?: string[];
  workers?: string[];
  others?: string[];
}): Inventory {
  const controlPlane = groups.controlPlane ?? [];
  const etcd = groups.etcd ?? [];
  const workers = groups.workers ?? [];
  const hosts = [...new Set([...controlPlane, ...etcd, ...workers, ...(groups.others ?? [])])];
  return { file: '/c/inventory/inventory.yaml', hosts, controlPlane, etcd, workers };
}

describe('a server in no Kubernetes group is no node (issue 32: the bastion)', () => {
  const INVENTORY = inventory({ controlPlane: ['cp-0'], etcd: ['cp-0'], workers: ['w-0'], others: ['bastion'] });
  it("its changes are the infrastructure's, never a node to drain, remove or refuse", () => {
    const planned = {
      kept: ['cp-0', 'c-bastion'],
      created: [],
      deleted: ['c-old-helper'],
      replaced: [],
      otherChanges: [],
      updated: ['c-bastion'],
      inPlace: [
        {
          node: 'c-bastion',
          address: 'openstack_compute_instance_v2.bastion[0]',
          effect: 'rebuilt',
          attribute: 'image_id',
          before: '"a"',
          after: '"b"',
        },
      ] as InPlaceChange[],
    };
    expect(withoutNonNodes(planned, INVENTORY)).toEqual({
      kept: ['cp-0'],
      created: [],
      deleted: [],
      replaced: [],
      otherChanges: ['c-bastion', 'c-old-helper'],
      updated: [],
      inPlace: [],
    });
  });
  it('without an inventory nothing can be told apart: every server counts', () => {
    const planned = { kept: ['c-bastion'], created: [], deleted: [], replaced: [], otherChanges: [] };
    expect(withoutNonNodes(planned, undefined)).toBe(planned);
  });
});

describe('the rolling replacement plan', () => {
  const STACKED = inventory({
    controlPlane: ['cp-0', 'cp-1', 'cp-2'],
    etcd: ['cp-0', 'cp-1', 'cp-2'],
    workers: ['w-0', 'w-1'],
  });
  const image = (node: string): InPlaceChange => ({
    node,
    address: `module.node["${node}"].openstack_compute_instance_v2.this`,
    module: `module.node["${node}"]`,
    effect: 'rebuilt',
    attribute: 'image_id',
    before: '"a"',
    after: '"b"',
  });

  it('control-plane and etcd nodes first, then workers, each in the inventory order; the module instance is the target', () => {
    const roll = planNodeRoll(
      [image('w-1'), image('cp-2'), image('w-0'), image('cp-1')],
      STACKED,
      undefined,
      STACKED.file,
    );
    expect(roll.nodes.map((node) => [node.name, node.roles])).toEqual([
      ['cp-1', ['control-plane', 'etcd']],
      ['cp-2', ['control-plane', 'etcd']],
      ['w-0', ['worker']],
      ['w-1', ['worker']],
    ]);
    expect(roll.nodes[0]).toMatchObject({
      target: 'module.node["cp-1"]',
      address: 'module.node["cp-1"].openstack_compute_instance_v2.this',
      changes: ['image_id "a" → "b" (rebuilt)'],
    });
    expect(roll.done).toEqual([]);
  });

  const refusals: { name: string; inventory: Inventory; node: string; message: RegExp }[] = [
    {
      name: 'the first control plane',
      inventory: STACKED,
      node: 'cp-0',
      message:
        /cp-0 is the first host of kube_control_plane and etcd .*remove-node\.yml runs kubectl and etcdctl there.*Make another EXISTING control-plane node the first/,
    },
    {
      name: 'an etcd member of two',
      inventory: inventory({ controlPlane: ['cp-0', 'cp-1'], etcd: ['cp-0', 'cp-1'] }),
      node: 'cp-1',
      message: /cp-1 is one of 2 etcd members: with it removed, etcd has no quorum/,
    },
  ];
  it.each(refusals)('refuses $name, saying what to do', ({ inventory: groups, node, message }) => {
    expect(() => planNodeRoll([image(node)], groups, undefined, groups.file)).toThrow(message);
  });

  it('refuses a power state change: a replacement would not run to join', () => {
    const power = { ...image('w-0'), attribute: 'power_state', effect: 'rebooted' as const };
    expect(() => planNodeRoll([power], STACKED, undefined, STACKED.file)).toThrow(
      /w-0: the plan changes its power_state, which a replacement cannot carry out/,
    );
  });

  it('refuses without an inventory: the roles cannot be known', () => {
    expect(() => planNodeRoll([image('w-0')], undefined, undefined, '/c/inventory/inventory.yaml')).toThrow(
      /inventory at \/c\/inventory\/inventory\.yaml is missing, so the roles of w-0 cannot be known/,
    );
  });

  it('a resumed roll keeps its done nodes and its order, and resumes the current node after its last phase', () => {
    const first = planNodeRoll([image('w-0'), image('w-1')], STACKED, undefined, STACKED.file);
    const interrupted = { ...first, done: ['w-0'], current: { node: 'w-1', phase: 'removed' as const } };
    // The new plan no longer shows w-0 (replaced) but still w-1 (its server not yet replaced), and now cp-1 too.
    const resumed = planNodeRoll([image('w-1'), image('cp-1')], STACKED, interrupted, STACKED.file);
    expect(resumed.nodes.map((node) => node.name)).toEqual(['w-0', 'w-1', 'cp-1']);
    expect(resumed.done).toEqual(['w-0']);
    expect(nextRollNode(resumed)).toMatchObject({ node: { name: 'w-1' }, after: 'removed' });
    expect(nextRollNode({ ...resumed, done: ['w-0', 'w-1', 'cp-1'] })).toBeUndefined();
    // Nothing new: the pending roll as it was.
    expect(planNodeRoll([image('w-1')], STACKED, interrupted, STACKED.file)).toBe(interrupted);
    // The change reverted: the node it stopped in stays (out of the cluster, it must join again), one not started goes.
    const all = planNodeRoll([image('w-0'), image('w-1'), image('cp-1')], STACKED, undefined, STACKED.file);
    expect(all.nodes.map((node) => node.name)).toEqual(['cp-1', 'w-0', 'w-1']);
    const stopped = { ...all, done: ['cp-1'], current: { node: 'w-0', phase: 'removed' as const } };
    expect(planNodeRoll([], STACKED, stopped, STACKED.file).nodes.map((node) => node.name)).toEqual(['cp-1', 'w-0']);
  });
});

describe('the targeted plan of one node', () => {
  const node = { address: 'module.node["w-0"].openstack_compute_instance_v2.this', target: 'module.node["w-0"]' };
  const change = (address: string, type: string, actions: string[]) => ({
    address,
    type,
    mode: 'managed',
    change: { actions },
  });
  it('may replace the server and its server group, and change its module and the files the code writes, nothing else', () => {
    const planJson = {
      resource_changes: [
        change(node.address, INSTANCE, ['delete', 'create']),
        change('module.node["w-0"].terraform_data.ssh_ready[0]', 'terraform_data', ['delete', 'create']),
        change('module.node["w-0"].openstack_networking_port_v2.this', 'openstack_networking_port_v2', ['no-op']),
        change('local_file.inventory["inventory.yaml"]', 'local_file', ['update']),
        change('openstack_networking_secgroup_v2.nodes', 'openstack_networking_secgroup_v2', ['update']),
        // A new server_group_policy: the pool's group is replaced with the first node (it only places new servers).
        change('openstack_compute_servergroup_v2.pool["workers"]', 'openstack_compute_servergroup_v2', [
          'delete',
          'create',
        ]),
        change('module.node["w-01"].openstack_compute_instance_v2.this', INSTANCE, ['update']),
        {
          address: 'data.openstack_images_image_v2.node',
          type: 'openstack_images_image_v2',
          mode: 'data',
          change: { actions: ['read'] },
        },
      ],
    };
    expect(unexpectedChanges(planJson, node, new Set(['local_file']))).toEqual({
      serverReplaced: true,
      unexpected: ['openstack_networking_secgroup_v2.nodes', 'module.node["w-01"].openstack_compute_instance_v2.this'],
    });
    expect(
      unexpectedChanges({ resource_changes: [change(node.address, INSTANCE, ['update'])] }, node, new Set()),
    ).toEqual({
      serverReplaced: false,
      unexpected: [],
    });
  });
});
