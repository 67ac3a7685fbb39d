import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/lib/errors.js';
import {
  checkRemovalSafety,
  describeNodeDecisions,
  type Inventory,
  mergeNodeWork,
  pendingForNextPlan,
  nodeWorkFromPlan,
  type PlannedNodeChanges,
  parseInventory,
  playbookAfterApply,
  plannedNodeChanges,
  predictedPlaybook,
  readInventory,
  removalRuns,
  removeNodeVars,
} from '../../../src/core/kubespray/node-changes.js';
import { DEFAULT_NODE_RESOURCE, type NodeWork } from '../../../src/core/model/nodes.js';
import { newFirstControlPlaneRefusal } from '../../../src/core/kubespray/control-plane-order.js';

// --- plan JSON, as `tofu show -json <plan>` writes it (only the fields that matter, plus some noise) ---

interface Change {
  address: string;
  type: string;
  actions: string[];
  before?: unknown;
  after?: unknown;
  afterUnknown?: unknown;
  mode?: string;
}

/** module_address is derived as tofu writes it: everything before the resource's own `type.name`. */
function resourceChange({
  address,
  type,
  actions,
  before = null,
  after = null,
  afterUnknown = {},
  mode = 'managed',
}: Change) {
  const at = address.lastIndexOf(`${mode === 'data' ? 'data.' : ''}${type}.`);
  const moduleAddress = at > 0 ? address.slice(0, at - 1) : undefined;
  return {
    address,
    ...(moduleAddress ? { module_address: moduleAddress } : {}),
    mode,
    type,
    name: address.split('.').at(-1),
    provider_name: 'registry.opentofu.org/terraform-provider-openstack/openstack',
    change: { actions, before, after, after_unknown: afterUnknown, before_sensitive: {}, after_sensitive: {} },
  };
}

function plan(...changes: Change[]) {
  return {
    format_version: '1.2',
    terraform_version: '1.10.0',
    resource_changes: changes.map(resourceChange),
    planned_values: { root_module: {} },
  };
}

const INSTANCE = 'openstack_compute_instance_v2';
const PORT = 'openstack_networking_port_v2';
const server = (name: string) => ({ name, flavor_name: 'm1.large', image_name: 'ubuntu-24.04', admin_pass: 'hunter2' });
const node = (
  address: string,
  actions: string[],
  before: string | null,
  after: string | null,
  afterUnknown: unknown = {},
): Change => ({
  address,
  type: INSTANCE,
  actions,
  before: before === null ? null : server(before),
  after: after === null ? null : server(after),
  afterUnknown,
});
const port = (address: string, actions: string[]): Change => ({
  address,
  type: PORT,
  actions,
  before: { name: 'p' },
  after: { name: 'p' },
});

/** A realistic OpenStack plan: one of every kind of change. */
const OPENSTACK_PLAN = plan(
  node('module.control_plane[0].openstack_compute_instance_v2.node', ['no-op'], 'cp-0', 'cp-0'),
  node('module.worker[0].openstack_compute_instance_v2.node', ['no-op'], 'w-0', 'w-0'),
  port('module.worker[0].openstack_networking_port_v2.port', ['no-op']),
  node('module.worker[1].openstack_compute_instance_v2.node', ['delete'], 'w-1', null),
  port('module.worker[1].openstack_networking_port_v2.port', ['delete']),
  node('module.worker[2].openstack_compute_instance_v2.node', ['delete', 'create'], 'w-2', 'w-2', { id: true }),
  port('module.worker[2].openstack_networking_port_v2.port', ['update']),
  // The name comes from another resource, known only after apply: tofu leaves it out of `after`.
  {
    address: 'module.worker[3].openstack_compute_instance_v2.node',
    type: INSTANCE,
    actions: ['create'],
    after: { flavor_name: 'm1.large' },
    afterUnknown: { name: true, id: true },
  },
  port('module.worker[3].openstack_networking_port_v2.port', ['create']),
  node('module.worker[4].openstack_compute_instance_v2.node', ['create'], null, 'w-4', { id: true }),
  {
    address: 'module.worker[4].module.disk.openstack_blockstorage_volume_v3.data',
    type: 'openstack_blockstorage_volume_v3',
    actions: ['create'],
    after: { size: 100 },
  },
  {
    address: 'data.openstack_images_image_v2.ubuntu',
    type: 'openstack_images_image_v2',
    actions: ['read'],
    mode: 'data',
    after: { name: 'ubuntu' },
  },
  {
    address: 'local_file.inventory',
    type: 'local_file',
    actions: ['delete', 'create'],
    before: { content: 'old' },
    after: { content: 'new' },
  },
  {
    address: 'openstack_networking_secgroup_rule_v2.api',
    type: 'openstack_networking_secgroup_rule_v2',
    actions: ['update'],
    before: {},
    after: {},
  },
);

const SANDBOX_NODE = { type: 'terraform_data', nameAttribute: 'input.node_name' };
const sandboxServer = (address: string, actions: string[], before: string | null, after: string | null): Change => ({
  address,
  type: 'terraform_data',
  actions,
  before:
    before === null
      ? null
      : { id: 'x', input: { node_name: before, role: 'worker' }, output: { node_name: before, role: 'worker' } },
  after: after === null ? null : { input: { node_name: after, role: 'worker' } },
  afterUnknown: after === null ? {} : { id: true, output: true },
});

const NO_CHANGES: PlannedNodeChanges = { kept: [], created: [], deleted: [], replaced: [], otherChanges: [] };

describe('plannedNodeChanges', () => {
  it('sorts an OpenStack plan into kept, created, deleted, replaced and other changes', () => {
    expect(plannedNodeChanges(OPENSTACK_PLAN, DEFAULT_NODE_RESOURCE)).toEqual({
      kept: ['cp-0', 'w-0'],
      created: ['module.worker[3].openstack_compute_instance_v2.node', 'w-4'],
      deleted: ['w-1'],
      replaced: ['w-2'],
      // The ports and the volume belong to nodes that come or go; the data source and the inventory file do not count.
      otherChanges: ['openstack_networking_secgroup_rule_v2.api'],
      unnamed: ['module.worker[3].openstack_compute_instance_v2.node'],
      updated: [],
      inPlace: [],
      // Replaced by request or without replace_paths: the server as a whole.
      replacements: [
        {
          node: 'w-2',
          address: 'module.worker[2].openstack_compute_instance_v2.node',
          module: 'module.worker[2]',
          effect: 'replaced',
          attribute: 'server',
          before: '(this one)',
          after: '(a new one)',
        },
      ],
      addressMoves: [],
    });
  });

  it('reads the sandbox terraform_data shape by a dotted name attribute', () => {
    const sandbox = plan(
      sandboxServer('module.control_plane.terraform_data.server', ['no-op'], 'sandbox-cp-0', 'sandbox-cp-0'),
      sandboxServer('module.worker[0].terraform_data.server', ['no-op'], 'sandbox-worker-0', 'sandbox-worker-0'),
      sandboxServer('module.worker[1].terraform_data.server', ['create'], null, 'sandbox-worker-1'),
      // Same type, no node_name: not a node, and unchanged here.
      {
        address: 'terraform_data.network',
        type: 'terraform_data',
        actions: ['no-op'],
        before: { input: { name: 'sandbox-net' } },
        after: { input: { name: 'sandbox-net' } },
      },
    );
    expect(plannedNodeChanges(sandbox, SANDBOX_NODE)).toMatchObject({
      kept: ['sandbox-cp-0', 'sandbox-worker-0'],
      created: ['sandbox-worker-1'],
      otherChanges: [],
    });
  });

  it('counts a configured companion (an inventory written without local_file) as part of the node change, and only that one', () => {
    const inventoryChange = {
      address: 'terraform_data.inventory',
      type: 'terraform_data',
      actions: ['delete', 'create'],
      before: { input: 'old' },
      after: { input: 'new' },
    };
    const other = {
      address: 'terraform_data.cloud_conf',
      type: 'terraform_data',
      actions: ['update'],
      before: { input: 'a' },
      after: { input: 'b' },
    };
    const changes = plan(
      sandboxServer('module.worker[1].terraform_data.server', ['create'], null, 'sandbox-worker-1'),
      inventoryChange,
      other,
    );
    expect(plannedNodeChanges(changes, SANDBOX_NODE).otherChanges).toEqual([
      'terraform_data.cloud_conf',
      'terraform_data.inventory',
    ]);
    expect(
      plannedNodeChanges(changes, { ...SANDBOX_NODE, companions: ['terraform_data.inventory'] }).otherChanges,
    ).toEqual(['terraform_data.cloud_conf']);
  });

  const cases: { name: string; changes: Change[]; expected: Partial<PlannedNodeChanges> }[] = [
    { name: 'an empty plan', changes: [], expected: NO_CHANGES },
    {
      name: 'create_before_destroy replacement',
      changes: [node('openstack_compute_instance_v2.w', ['create', 'delete'], 'w-5', 'w-5')],
      expected: { replaced: ['w-5'], created: [], deleted: [] },
    },
    {
      name: 'a replacement whose new name is unknown keeps the old name',
      changes: [node('openstack_compute_instance_v2.w', ['delete', 'create'], 'w-5', null, { name: true })],
      expected: { replaced: ['w-5'], created: [], unnamed: [] },
    },
    {
      name: 'a replacement that renames is a deletion and a creation',
      changes: [node('openstack_compute_instance_v2.w', ['delete', 'create'], 'old-name', 'new-name')],
      expected: { replaced: [], deleted: ['old-name'], created: ['new-name'] },
    },
    {
      name: 'an in-place update is kept and listed as updated',
      changes: [node('openstack_compute_instance_v2.w', ['update'], 'w-0', 'w-0')],
      expected: { kept: ['w-0'], updated: ['w-0'], otherChanges: [] },
    },
    {
      name: 'a changed port of a kept node is another change',
      changes: [
        node('module.worker[0].openstack_compute_instance_v2.node', ['no-op'], 'w-0', 'w-0'),
        port('module.worker[0].openstack_networking_port_v2.port', ['update']),
      ],
      expected: { kept: ['w-0'], otherChanges: ['module.worker[0].openstack_networking_port_v2.port'] },
    },
    {
      name: 'module.worker_extra is not inside module.worker',
      changes: [
        node('module.worker.openstack_compute_instance_v2.node', ['delete'], 'w-1', null),
        port('module.worker_extra.openstack_networking_port_v2.port', ['update']),
      ],
      expected: { deleted: ['w-1'], otherChanges: ['module.worker_extra.openstack_networking_port_v2.port'] },
    },
    {
      name: 'an instance without the name attribute is not a node',
      changes: [
        {
          address: 'openstack_compute_instance_v2.bastion',
          type: INSTANCE,
          actions: ['create'],
          after: { flavor_name: 'm1' },
        },
        node('openstack_compute_instance_v2.cp', ['no-op'], 'cp-0', 'cp-0'),
      ],
      expected: { created: [], otherChanges: ['openstack_compute_instance_v2.bastion'] },
    },
    {
      name: 'a name unknown at plan time is only a node when created',
      changes: [
        {
          address: 'openstack_compute_instance_v2.x',
          type: INSTANCE,
          actions: ['update'],
          before: {},
          after: {},
          afterUnknown: { name: true },
        },
        node('openstack_compute_instance_v2.cp', ['no-op'], 'cp-0', 'cp-0'),
      ],
      expected: { kept: ['cp-0'], otherChanges: ['openstack_compute_instance_v2.x'] },
    },
    {
      name: 'a whole unknown object hides the name',
      changes: [
        {
          address: 'module.w.terraform_data.server',
          type: 'terraform_data',
          actions: ['create'],
          after: {},
          afterUnknown: { input: true },
        },
      ],
      expected: { created: ['module.w.terraform_data.server'], unnamed: ['module.w.terraform_data.server'] },
    },
    {
      name: 'the same name twice is listed once',
      changes: [
        node('openstack_compute_instance_v2.a', ['create'], null, 'w-9'),
        node('openstack_compute_instance_v2.b', ['create'], null, 'w-9'),
      ],
      expected: { created: ['w-9'] },
    },
    {
      name: 'forget (a removed block) leaves the machine: kept',
      changes: [node('openstack_compute_instance_v2.a', ['forget'], 'w-0', null)],
      expected: { kept: ['w-0'], deleted: [], otherChanges: [] },
    },
    {
      name: 'data sources of the node type are ignored',
      changes: [
        {
          address: 'data.openstack_compute_instance_v2.x',
          type: INSTANCE,
          actions: ['read'],
          mode: 'data',
          after: { name: 'other' },
        },
      ],
      expected: NO_CHANGES,
    },
  ];
  it.each(cases)('$name', ({ changes, expected }) => {
    const spec = changes.some((change) => change.type === 'terraform_data') ? SANDBOX_NODE : DEFAULT_NODE_RESOURCE;
    expect(plannedNodeChanges(plan(...changes), spec)).toMatchObject(expected);
  });

  it('refuses a node_resource that matches no resource of a plan that changes resources (a typo would turn off the drain)', () => {
    const changes = plan(node('w.node', ['delete'], 'w-0', null), port('w.port', ['delete']));
    expect(() => plannedNodeChanges(changes, { ...DEFAULT_NODE_RESOURCE, type: 'openstack_compute_instance' })).toThrow(
      'opentofu.node_resource (type: openstack_compute_instance, name_attribute: name) matches no resource of the plan, while the plan changes openstack_compute_instance_v2, openstack_networking_port_v2 resources',
    );
    expect(() => plannedNodeChanges(changes, { ...DEFAULT_NODE_RESOURCE, nameAttribute: 'hostname' })).toThrow(
      /^opentofu\.node_resource \(type: openstack_compute_instance_v2, name_attribute: hostname\) matches no resource/,
    );
    // A plan that changes nothing says nothing about the setting.
    const unchanged = plan(port('w.port', ['no-op']));
    expect(plannedNodeChanges(unchanged, { ...DEFAULT_NODE_RESOURCE, type: 'x' })).toMatchObject(NO_CHANGES);
  });

  it('reads a plan without resource_changes as no change', () => {
    expect(plannedNodeChanges({ format_version: '1.2' }, DEFAULT_NODE_RESOURCE)).toMatchObject(NO_CHANGES);
  });

  it.each([
    ['a string', 'not a plan'],
    ['null', null],
    ['a resource change without actions', { resource_changes: [{ address: 'a.b', type: 'a', change: {} }] }],
    ['resource_changes of the wrong kind', { resource_changes: {} }],
  ])('refuses %s, naming tofu show -json', (_, document) => {
    expect(() => plannedNodeChanges(document, DEFAULT_NODE_RESOURCE)).toThrow(UserError);
    expect(() => plannedNodeChanges(document, DEFAULT_NODE_RESOURCE)).toThrow(/tofu show -json/);
  });

  it('keeps no resource value in what it returns', () => {
    expect(JSON.stringify(plannedNodeChanges(OPENSTACK_PLAN, DEFAULT_NODE_RESOURCE))).not.toMatch(/hunter2|m1\.large/);
  });
});

// --- inventories ---

const KUBESPRAY_INVENTORY = `
all:
  hosts:
    cp-0: { ansible_host: 10.0.0.10, ip: 10.0.0.10 }
    cp-1: { ansible_host: 10.0.0.11 }
    w-0:
  children:
    kube_control_plane:
      hosts:
        cp-1:
        cp-0:
    etcd:
      hosts:
        cp-0:
        cp-1:
        cp-2:
    kube_node:
      hosts:
        w-0:
        w-1:
    k8s_cluster:
      children:
        kube_control_plane:
        kube_node:
      vars:
        kube_version: 1.34.2
`;

describe('parseInventory', () => {
  const cases: { name: string; text: string; expected: Omit<Inventory, 'file'> }[] = [
    {
      name: 'the inventory Kubespray documents, groups in their own order, hosts outside all.hosts included',
      text: KUBESPRAY_INVENTORY,
      expected: {
        hosts: ['cp-0', 'cp-1', 'w-0', 'cp-2', 'w-1'],
        controlPlane: ['cp-1', 'cp-0'],
        etcd: ['cp-0', 'cp-1', 'cp-2'],
        workers: ['w-0', 'w-1'],
      },
    },
    {
      name: "nested children: a group's own hosts first, then each child's in order",
      text: `
all:
  children:
    etcd:
      children:
        etcd_az1: { hosts: { e-1: } }
        etcd_az2: { hosts: { e-2: , e-1: } }
      hosts: { e-0: }
    kube_node:
      children:
        az1:
          children:
            az1_big: { hosts: { w-big: } }
`,
      expected: {
        hosts: ['e-0', 'e-1', 'e-2', 'w-big'],
        controlPlane: [],
        etcd: ['e-0', 'e-1', 'e-2'],
        workers: ['w-big'],
      },
    },
    {
      name: 'the old group names, and groups at the top level',
      text: `
all:
  hosts: { m-0: , n-0: }
kube-master:
  hosts: { m-0: }
kube-node:
  hosts: { n-0: }
etcd:
  hosts: { m-0: }
`,
      expected: { hosts: ['m-0', 'n-0'], controlPlane: ['m-0'], etcd: ['m-0'], workers: ['n-0'] },
    },
    {
      name: 'a group defined in two places is merged',
      text: `
all:
  children:
    kube_node: { hosts: { w-0: } }
    k8s_cluster:
      children:
        kube_node: { hosts: { w-1: } }
`,
      expected: { hosts: ['w-0', 'w-1'], controlPlane: [], etcd: [], workers: ['w-0', 'w-1'] },
    },
    {
      name: 'empty groups and a cycle of children',
      text: `
all:
  children:
    etcd:
    kube_node:
      children:
        loop: { hosts: { w-0: }, children: { kube_node: } }
`,
      expected: { hosts: ['w-0'], controlPlane: [], etcd: [], workers: ['w-0'] },
    },
  ];
  it.each(cases)('$name', ({ text, expected }) => {
    expect(parseInventory(text, 'inventory.yaml')).toEqual({ file: 'inventory.yaml', ...expected });
  });

  it.each([
    ['hosts as a list', 'all:\n  hosts: [a, b]\n', /inventory\.yaml.*all\.hosts: must map host names/],
    [
      'host variables that are no mapping',
      'all:\n  children:\n    kube_node:\n      hosts:\n        w-0: yes\n',
      /all\.children\.kube_node\.hosts\.w-0: host variables must be a mapping/,
    ],
    ['a group that is a list', 'all:\n  children:\n    etcd: [e-0]\n', /all\.children\.etcd: must be a group/],
    ['children as a string', 'all:\n  children: kube_node\n', /all\.children: must map group names/],
    ['a list at the top', '- all\n', /inventory\.yaml must be a YAML mapping/],
    ['invalid YAML', 'all: {\n', /inventory\.yaml is not valid YAML/],
  ])('refuses %s, naming the file and the path', (_, text, message) => {
    expect(() => parseInventory(text, '/c/inventory/inventory.yaml')).toThrow(UserError);
    expect(() => parseInventory(text, '/c/inventory/inventory.yaml')).toThrow(message);
  });
});

describe('readInventory', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'inventory-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the file and keeps its path', () => {
    const file = path.join(dir, 'inventory.yaml');
    writeFileSync(file, KUBESPRAY_INVENTORY);
    expect(readInventory(file)).toMatchObject({ file, controlPlane: ['cp-1', 'cp-0'] });
  });

  it('is undefined when there is no file (nor its directory)', () => {
    expect(readInventory(path.join(dir, 'absent.yaml'))).toBeUndefined();
    expect(readInventory(path.join(dir, 'absent', 'inventory.yaml'))).toBeUndefined();
    writeFileSync(path.join(dir, 'a-file'), '');
    expect(readInventory(path.join(dir, 'a-file', 'inventory.yaml'))).toBeUndefined();
  });

  it('refuses a symlink to a missing file and a directory', () => {
    symlinkSync(path.join(dir, 'gone.yaml'), path.join(dir, 'dangling.yaml'));
    expect(() => readInventory(path.join(dir, 'dangling.yaml'))).toThrow(/symbolic link to a missing file/);
    mkdirSync(path.join(dir, 'inventory-dir'));
    expect(() => readInventory(path.join(dir, 'inventory-dir'))).toThrow(/is a directory/);
  });
});

// --- work, safety and decisions ---

function inventory(
  groups: Partial<Omit<Inventory, 'file' | 'hosts'>>,
  file = '/c/inventory/inventory.yaml',
): Inventory {
  const controlPlane = groups.controlPlane ?? [];
  const etcd = groups.etcd ?? [];
  const workers = groups.workers ?? [];
  return { file, hosts: [...new Set([...controlPlane, ...etcd, ...workers])], controlPlane, etcd, workers };
}

/** Three stacked control-plane/etcd nodes and two workers. */
const STACKED = inventory({
  controlPlane: ['cp-0', 'cp-1', 'cp-2'],
  etcd: ['cp-0', 'cp-1', 'cp-2'],
  workers: ['w-0', 'w-1'],
});

function work(fields: Partial<NodeWork>): NodeWork {
  return { newCluster: false, remove: [], create: [], otherChanges: false, removeRoles: {}, ...fields };
}

describe('nodeWorkFromPlan', () => {
  it('turns the OpenStack plan into removals, creations and roles', () => {
    expect(nodeWorkFromPlan(plannedNodeChanges(OPENSTACK_PLAN, DEFAULT_NODE_RESOURCE), STACKED)).toEqual({
      newCluster: false,
      remove: ['w-1', 'w-2'],
      create: ['module.worker[3].openstack_compute_instance_v2.node', 'w-2', 'w-4'],
      otherChanges: true,
      removeRoles: { 'w-1': ['worker'], 'w-2': [] },
      unnamed: ['module.worker[3].openstack_compute_instance_v2.node'],
    });
  });

  const cases: {
    name: string;
    changes: Partial<PlannedNodeChanges>;
    inventoryBefore?: Inventory;
    expected: Partial<NodeWork>;
  }[] = [
    {
      name: 'every node created: a new cluster',
      changes: { created: ['a', 'b'] },
      expected: { newCluster: true, otherChanges: false, create: ['a', 'b'] },
    },
    {
      name: 'nothing changes: cluster.yml converges',
      changes: { kept: ['a'] },
      expected: { newCluster: false, otherChanges: true },
    },
    {
      name: 'only nodes updated in place: converged too',
      changes: { kept: ['a'], updated: ['a'] },
      expected: { otherChanges: true },
    },
    {
      name: 'a worker added',
      changes: { kept: ['cp-0'], created: ['w-3'] },
      expected: { newCluster: false, otherChanges: false, create: ['w-3'], remove: [] },
    },
    {
      name: 'a replaced control plane is removed, then created, with its roles',
      changes: { kept: ['cp-0'], replaced: ['cp-2'] },
      inventoryBefore: STACKED,
      expected: { remove: ['cp-2'], create: ['cp-2'], removeRoles: { 'cp-2': ['control-plane', 'etcd'] } },
    },
    {
      name: 'no inventory: roles unknown',
      changes: { kept: ['a'], deleted: ['w-0'] },
      expected: { remove: ['w-0'], removeRoles: {} },
    },
  ];
  it.each(cases)('$name', ({ changes, inventoryBefore, expected }) => {
    expect(nodeWorkFromPlan({ ...NO_CHANGES, ...changes }, inventoryBefore)).toMatchObject(expected);
  });
});

describe('mergeNodeWork', () => {
  it('without pending work is the next work, copied', () => {
    const next = work({ create: ['w-3'] });
    const merged = mergeNodeWork(undefined, next);
    expect(merged).toEqual(next);
    merged.create.push('x');
    expect(next.create).toEqual(['w-3']);
  });

  it('unites lists and roles, ORs the flags, keeps the override', () => {
    const pending = work({
      newCluster: true,
      remove: ['w-1'],
      create: ['w-3'],
      removeRoles: { 'w-1': ['worker'] },
      unsafeOverride: 'removed 2 of 3 etcd members',
    });
    const next = work({
      otherChanges: true,
      remove: ['cp-2', 'w-1'],
      create: ['w-4'],
      removeRoles: { 'cp-2': ['etcd', 'control-plane'], 'w-1': [] },
    });
    expect(mergeNodeWork(pending, next)).toEqual({
      newCluster: true,
      otherChanges: true,
      remove: ['cp-2', 'w-1'],
      create: ['w-3', 'w-4'],
      removeRoles: { 'cp-2': ['control-plane', 'etcd'], 'w-1': ['worker'] },
      unsafeOverride: 'removed 2 of 3 etcd members',
    });
  });

  it('drops a pending creation that the next plan removes, unless it creates it again', () => {
    expect(
      mergeNodeWork(work({ create: ['w-3', 'w-4'] }), work({ remove: ['w-3', 'w-4'], create: ['w-4'] })).create,
    ).toEqual(['w-4']);
  });

  it('keeps unnamed creations while they are pending', () => {
    const address = 'module.worker[3].openstack_compute_instance_v2.node';
    expect(mergeNodeWork(work({ create: [address], unnamed: [address] }), work({})).unnamed).toEqual([address]);
  });
});

describe('checkRemovalSafety', () => {
  const SEPARATE_ETCD = inventory({
    controlPlane: ['cp-0', 'cp-1'],
    etcd: ['e-0', 'e-1', 'e-2', 'e-3', 'e-4'],
    workers: ['w-0'],
  });
  const cases: {
    name: string;
    remove: string[];
    inventoryBefore: Inventory | undefined;
    refusal?: RegExp;
    warnings: RegExp[];
  }[] = [
    { name: 'a worker', remove: ['w-0'], inventoryBefore: STACKED, warnings: [] },
    { name: 'nothing', remove: [], inventoryBefore: undefined, warnings: [] },
    {
      name: 'one of three etcd members: even count left',
      remove: ['cp-2'],
      inventoryBefore: STACKED,
      warnings: [/etcd is left with 2 members, an even number/],
    },
    {
      name: 'one of five etcd members: even count left',
      remove: ['e-4'],
      inventoryBefore: SEPARATE_ETCD,
      warnings: [/left with 4 members/],
    },
    {
      name: 'two of five etcd members: odd count left',
      remove: ['e-3', 'e-4'],
      inventoryBefore: SEPARATE_ETCD,
      warnings: [],
    },
    {
      name: 'two of three etcd members',
      remove: ['cp-1', 'cp-2'],
      inventoryBefore: STACKED,
      refusal: /removes 2 of 3 etcd members \(cp-1, cp-2\): etcd would lose quorum; remove nodes one at a time/,
      warnings: [],
    },
    {
      name: 'half of four etcd members',
      remove: ['e-2', 'e-3'],
      inventoryBefore: inventory({ controlPlane: ['cp-0'], etcd: ['e-0', 'e-1', 'e-2', 'e-3'] }),
      refusal: /removes 2 of 4 etcd members/,
      warnings: [],
    },
    {
      name: 'the first control-plane and etcd host',
      remove: ['cp-0'],
      inventoryBefore: STACKED,
      refusal:
        /cp-0 is the first host of kube_control_plane and etcd in \/c\/inventory\/inventory\.yaml.*runs kubectl and etcdctl there.*move it lower in kube_control_plane and etcd so that another EXISTING control-plane node is first.*run cluster\.yml/,
      warnings: [/left with 2 members/],
    },
    {
      name: 'the first etcd host only',
      remove: ['e-0'],
      inventoryBefore: SEPARATE_ETCD,
      refusal: /e-0 is the first host of etcd in/,
      warnings: [/left with 4 members/],
    },
    {
      name: 'every control-plane node',
      remove: ['cp-0', 'cp-1'],
      inventoryBefore: SEPARATE_ETCD,
      refusal: /removes every control-plane node \(cp-0, cp-1\).*keep at least one/,
      warnings: [],
    },
    {
      name: 'nodes while the inventory is missing',
      remove: ['w-0'],
      inventoryBefore: undefined,
      refusal: /roles cannot be known \(the inventory at \/c\/inventory\/inventory\.yaml is missing\).*one at a time/,
      warnings: [],
    },
    {
      name: 'a node the inventory does not list',
      remove: ['ghost'],
      inventoryBefore: STACKED,
      warnings: [/ghost is not in \/c\/inventory\/inventory\.yaml/],
    },
  ];

  it.each(cases)('$name', ({ remove, inventoryBefore, refusal, warnings }) => {
    const pending = work({ remove });
    const check = (allowUnsafe: boolean) =>
      checkRemovalSafety(pending, inventoryBefore, allowUnsafe, '/c/inventory/inventory.yaml');
    const expectWarnings = (actual: string[], expected: RegExp[]) => {
      expect(actual).toHaveLength(expected.length);
      for (const [index, pattern] of expected.entries()) expect(actual[index]).toMatch(pattern);
    };
    if (!refusal) {
      expectWarnings(check(false).warnings, warnings);
      expectWarnings(check(true).warnings, warnings);
      return;
    }
    expect(() => check(false)).toThrow(UserError);
    expect(() => check(false)).toThrow(refusal);
    // Overridden: the refusals come back as loud warnings, before the others.
    const overridden = check(true).warnings;
    const unsafe = overridden.filter((warning) => warning.startsWith('UNSAFE: '));
    expect(unsafe.some((warning) => refusal.test(warning))).toBe(true);
    expect(overridden.slice(0, unsafe.length)).toEqual(unsafe);
    expectWarnings(overridden.slice(unsafe.length), warnings);
  });

  it('lists every refusal at once', () => {
    expect(() => checkRemovalSafety(work({ remove: ['cp-0', 'cp-1', 'cp-2'] }), STACKED, false)).toThrow(
      /refusing to remove nodes:\n {2}- cp-0 is the first host[^\n]*\n {2}- the plan removes every control-plane node[^\n]*\n {2}- the plan removes 3 of 3 etcd members/,
    );
    expect(
      checkRemovalSafety(work({ remove: ['cp-0', 'cp-1', 'cp-2'] }), STACKED, true).warnings.filter((warning) =>
        warning.startsWith('UNSAFE: '),
      ),
    ).toHaveLength(3);
  });
});

describe('removalRuns and removeNodeVars', () => {
  const api = [
    { name: 'w-0', ready: true },
    { name: 'w-1', ready: false },
    { name: 'w-3', ready: true },
  ];
  it.each([
    {
      name: 'ready, NotReady and unregistered nodes',
      remove: ['w-2', 'w-1', 'w-0'],
      apiNodes: api,
      runs: [
        { nodes: ['w-0'], reachable: true },
        { nodes: ['w-1', 'w-2'], reachable: false },
      ],
    },
    {
      name: 'only ready nodes',
      remove: ['w-3', 'w-0'],
      apiNodes: api,
      runs: [{ nodes: ['w-0', 'w-3'], reachable: true }],
    },
    { name: 'only unreachable nodes', remove: ['w-1'], apiNodes: api, runs: [{ nodes: ['w-1'], reachable: false }] },
    {
      name: 'no API answer: removed normally',
      remove: ['w-1'],
      apiNodes: undefined,
      runs: [{ nodes: ['w-1'], reachable: true }],
    },
    { name: 'nothing to remove', remove: [], apiNodes: api, runs: [] },
  ])('$name', ({ remove, apiNodes, runs }) => {
    expect(removalRuns(remove, apiNodes)).toEqual(runs);
  });

  it('passes the confirmation, and the offline flags for unreachable nodes', () => {
    // Typed: booleans stay booleans (passed as JSON; ansible-core 2.19 refuses strings in conditionals).
    expect(removeNodeVars({ nodes: ['w-0', 'w-3'], reachable: true })).toEqual({
      node: 'w-0,w-3',
      skip_confirmation: true,
    });
    expect(removeNodeVars({ nodes: ['w-1'], reachable: false })).toEqual({
      node: 'w-1',
      skip_confirmation: true,
      reset_nodes: false,
      allow_ungraceful_removal: true,
    });
  });
});

describe('playbookAfterApply', () => {
  const AFTER = inventory({
    controlPlane: ['cp-0', 'cp-1', 'cp-2', 'cp-3'],
    etcd: ['cp-0', 'cp-1', 'cp-2', 'e-3'],
    workers: ['w-0', 'w-3', 'w-4'],
  });
  const cases: { name: string; work: NodeWork; kind: string; limit?: string[]; reason: RegExp }[] = [
    {
      name: 'a new cluster',
      work: work({ newCluster: true, create: ['cp-0', 'w-0'] }),
      kind: 'cluster',
      reason: /new cluster/,
    },
    {
      name: 'other changes',
      work: work({ otherChanges: true, create: ['w-3'] }),
      kind: 'cluster',
      reason: /more than nodes/,
    },
    {
      name: 'workers added',
      work: work({ create: ['w-4', 'w-3'] }),
      kind: 'scale',
      limit: ['w-3', 'w-4'],
      reason: /only workers were added/,
    },
    {
      name: 'a worker replaced',
      work: work({ remove: ['w-3'], create: ['w-3'], removeRoles: { 'w-3': ['worker'] } }),
      kind: 'scale',
      limit: ['w-3'],
      reason: /workers removed/,
    },
    {
      name: 'a control plane added',
      work: work({ create: ['cp-3', 'w-3'] }),
      kind: 'cluster',
      reason:
        /cp-3.*appended at the end of kube_control_plane.*upgrade-cluster\.yml --limit=etcd,kube_control_plane.*--etcd-servers/,
    },
    { name: 'an etcd member added', work: work({ create: ['e-3'] }), kind: 'cluster', reason: /e-3/ },
    {
      name: 'a control plane removed',
      work: work({ remove: ['cp-9'], removeRoles: { 'cp-9': ['control-plane', 'etcd'] } }),
      kind: 'cluster',
      reason:
        /cp-9.*cluster\.yml, then, for etcd members, upgrade-cluster\.yml --limit=etcd,kube_control_plane to rewrite kube-apiserver's --etcd-servers on every control plane \(cluster\.yml does not\)/,
    },
    {
      name: 'an etcd member removed while a worker is added',
      work: work({ remove: ['e-9'], create: ['w-3'], removeRoles: { 'e-9': ['etcd'] } }),
      kind: 'cluster',
      reason: /e-9/,
    },
    {
      name: 'a removed node of unknown roles',
      work: work({ remove: ['x'] }),
      kind: 'cluster',
      reason: /roles are unknown/,
    },
    {
      name: 'only workers removed',
      work: work({ remove: ['w-8', 'w-9'], removeRoles: { 'w-8': ['worker'], 'w-9': [] } }),
      kind: 'none',
      reason: /only workers were removed/,
    },
    {
      name: 'a node whose name was unknown at plan time',
      work: work({
        create: ['module.worker[3].openstack_compute_instance_v2.node'],
        unnamed: ['module.worker[3].openstack_compute_instance_v2.node'],
      }),
      kind: 'cluster',
      reason: /unknown at plan time/,
    },
    { name: 'nothing', work: work({}), kind: 'none', reason: /no node was added or removed/ },
  ];
  it.each(cases)('$name', ({ work: pending, kind, limit, reason }) => {
    const decision = playbookAfterApply(pending, AFTER);
    expect(decision.kind).toBe(kind);
    expect(decision.reason).toMatch(reason);
    if (limit) expect(decision).toMatchObject({ limit });
  });

  it('a new server in no Kubernetes group of the inventory (a bastion, a helper) is no node: named, never installed', () => {
    const decision = playbookAfterApply(work({ create: ['w-3', 'c-bastion', 'w-8'] }), AFTER);
    expect(decision).toMatchObject({ kind: 'scale', limit: ['w-3'], notNodes: ['c-bastion', 'w-8'] });
    expect(describeNodeDecisions(work({ create: ['w-3', 'c-bastion'] }), decision)).toMatch(
      /not nodes: c-bastion, w-8 \(servers in no Kubernetes group of the inventory: bastions, helpers\)/,
    );
    // A day-0 deploy with a bastion: cluster.yml for the nodes, the bastion no error (issue 32: every resume failed).
    expect(playbookAfterApply(work({ newCluster: true, create: ['w-3', 'c-bastion'] }), AFTER)).toMatchObject({
      kind: 'cluster',
      notNodes: ['c-bastion'],
    });
    // Only a bastion added to a running cluster: nothing to scale.
    expect(playbookAfterApply(work({ create: ['c-bastion'] }), AFTER).kind).toBe('none');
  });

  it('refuses created nodes when the inventory is missing', () => {
    expect(() => playbookAfterApply(work({ create: ['w-3'] }), undefined, '/c/inventory/inventory.yaml')).toThrow(
      /inventory at \/c\/inventory\/inventory\.yaml is missing after the apply/,
    );
    expect(playbookAfterApply(work({ remove: ['w-0'], removeRoles: { 'w-0': ['worker'] } }), undefined).kind).toBe(
      'none',
    );
  });
});

describe('predictedPlaybook', () => {
  it.each([
    {
      name: 'a new name counts as a worker',
      work: work({ create: ['cp-9', 'w-3'] }),
      kind: 'scale',
      limit: ['cp-9', 'w-3'],
    },
    {
      name: 'a name already in the control plane (replaced)',
      work: work({ create: ['cp-2'], remove: ['cp-2'], removeRoles: { 'cp-2': ['control-plane', 'etcd'] } }),
      kind: 'cluster',
    },
    { name: 'a name already in etcd only', work: work({ create: ['cp-2'] }), kind: 'cluster' },
    { name: 'a new cluster', work: work({ newCluster: true, create: ['a'] }), kind: 'cluster' },
    { name: 'only workers removed', work: work({ remove: ['w-0'], removeRoles: { 'w-0': ['worker'] } }), kind: 'none' },
  ])('$name', ({ work: pending, kind, limit }) => {
    const before = inventory({ controlPlane: ['cp-0', 'cp-1'], etcd: ['cp-0', 'cp-1', 'cp-2'], workers: ['w-0'] });
    const decision = predictedPlaybook(pending, before);
    expect(decision.kind).toBe(kind);
    if (limit) expect(decision).toMatchObject({ limit });
  });

  it('without an inventory, every new node is a worker', () => {
    expect(predictedPlaybook(work({ create: ['cp-3'] }), undefined)).toMatchObject({ kind: 'scale', limit: ['cp-3'] });
  });
});

describe('describeNodeDecisions', () => {
  it.each([
    {
      work: work({ remove: ['sandbox-worker-0'], create: ['sandbox-worker-3', 'sandbox-worker-4'] }),
      decision: { kind: 'scale' as const, limit: ['sandbox-worker-3', 'sandbox-worker-4'], reason: 'x' },
      line: 'remove-node.yml for sandbox-worker-0 before apply; scale.yml --limit sandbox-worker-3,sandbox-worker-4 after',
    },
    {
      work: work({ newCluster: true }),
      decision: { kind: 'cluster' as const, reason: 'a new cluster' },
      line: 'cluster.yml after (a new cluster)',
    },
    {
      work: work({ remove: ['a', 'b'] }),
      decision: { kind: 'none' as const, reason: 'only workers' },
      line: 'remove-node.yml for a, b before apply; no playbook after (only workers)',
    },
    {
      work: work({ remove: ['cp-0'], unsafeOverride: 'cp-0 is the first host' }),
      decision: { kind: 'cluster' as const, reason: 'r' },
      line: 'UNSAFE: cp-0 is the first host; remove-node.yml for cp-0 before apply; cluster.yml after (r)',
    },
  ])('$line', ({ work: pending, decision, line }) => {
    expect(describeNodeDecisions(pending, decision)).toBe(line);
  });
});

describe('pendingForNextPlan', () => {
  const planned = (fields: Partial<PlannedNodeChanges>): PlannedNodeChanges => ({ ...NO_CHANGES, ...fields });

  it('has nothing to carry without pending work', () => {
    expect(pendingForNextPlan(undefined, [], planned({ kept: ['w-0'] }))).toEqual({ reinstall: [] });
  });

  it.each([
    {
      name: 'a removal the next plan still makes stays, with its roles',
      pending: work({ remove: ['w-1'], removeRoles: { 'w-1': ['worker'] } }),
      removed: [],
      next: planned({ kept: ['w-0'], deleted: ['w-1'] }),
      expected: { remove: ['w-1'], removeRoles: { 'w-1': ['worker'] }, create: [] },
      reinstall: [],
    },
    {
      name: 'a removal that has not happened and the next plan no longer makes is dropped',
      pending: work({ remove: ['w-1'], removeRoles: { 'w-1': ['worker'] } }),
      removed: [],
      next: planned({ kept: ['w-0', 'w-1'] }),
      expected: { remove: [], removeRoles: {}, create: [] },
      reinstall: [],
    },
    {
      name: 'a node already drained whose server the next plan keeps is installed again',
      pending: work({ remove: ['w-1'], removeRoles: { 'w-1': ['worker'] } }),
      removed: ['w-1'],
      next: planned({ kept: ['w-0', 'w-1'] }),
      expected: { remove: [], removeRoles: {}, create: ['w-1'] },
      reinstall: ['w-1'],
    },
    {
      name: 'a node already drained whose server is gone (applied by hand) stays removed',
      pending: work({ remove: ['w-1'], removeRoles: { 'w-1': ['worker'] } }),
      removed: ['w-1'],
      next: planned({ kept: ['w-0'] }),
      expected: { remove: ['w-1'], removeRoles: { 'w-1': ['worker'] }, create: [] },
      reinstall: [],
    },
  ])('$name', ({ pending, removed, next, expected, reinstall }) => {
    const result = pendingForNextPlan(pending, removed, next);
    expect(result.reinstall).toEqual(reinstall);
    expect(result.pending).toMatchObject(expected);
  });
});

/**
 * The shipped module's control_plane.names, read from the plan's configuration, as `terraform show -json`
 * writes a module call: `expressions.<argument>.constant_value` for a constant, else only `references`
 * (whose root variable's value is in `variables`). Names[0] is Kubespray's first control plane and etcd host.
 */
describe('a new node first in control_plane.names is refused before anything is created', () => {
  const NEW_FIRST =
    /refusing to add a new first control-plane node: module "cluster" \(its control_plane\.names\) puts demo-cp-0, a server this plan creates, first\..*kubeadm init.*new etcd CA.*Append new nodes at the END of control_plane\.names and keep an existing node first; nothing was created/;
  const constant = (...names: string[]) => ({
    cluster_name: { constant_value: 'demo' },
    control_plane: { constant_value: { flavor_name: 'm1.large', names } },
  });
  const cpNode = (name: string, created: boolean) =>
    node(
      `module.cluster.module.node["demo-${name}"].openstack_compute_instance_v2.node`,
      created ? ['create'] : ['no-op'],
      created ? null : `demo-${name}`,
      `demo-${name}`,
    );
  const withCall = (
    nodes: Change[],
    expressions: Record<string, unknown>,
    extra: { variables?: Record<string, unknown>; call?: Record<string, unknown> } = {},
  ) => ({
    ...plan(...nodes),
    variables: extra.variables ?? {},
    configuration: {
      root_module: {
        module_calls: { cluster: { source: './modules/openstack-cluster', expressions, ...extra.call } },
      },
    },
  });
  const existing = ['cp-1', 'cp-2', 'cp-3'].map((name) => cpNode(name, false));
  const cases: { name: string; plan: unknown; refusal?: RegExp }[] = [
    {
      name: 'names [cp-0 new, cp-1, cp-2, cp-3]',
      plan: withCall([cpNode('cp-0', true), ...existing], constant('cp-0', 'cp-1', 'cp-2', 'cp-3')),
      refusal: NEW_FIRST,
    },
    {
      name: 'the same names through a root variable (control_plane = var.cp)',
      plan: withCall(
        [cpNode('cp-0', true), ...existing],
        { cluster_name: { constant_value: 'demo' }, control_plane: { references: ['var.cp'] } },
        { variables: { cp: { value: { flavor_name: 'm1.large', names: ['cp-0', 'cp-1', 'cp-2', 'cp-3'] } } } },
      ),
      refusal:
        /module "cluster" \(its control_plane\.names, from var\.cp\) puts demo-cp-0, a server this plan creates, first/,
    },
    {
      name: 'the first node replaced (a new server under the same name)',
      plan: withCall(
        [
          node(
            'module.cluster.module.node["demo-cp-1"].openstack_compute_instance_v2.node',
            ['delete', 'create'],
            'demo-cp-1',
            'demo-cp-1',
          ),
          ...existing.slice(1),
        ],
        constant('cp-1', 'cp-2', 'cp-3'),
      ),
      refusal: /puts demo-cp-1, a server this plan creates, first/,
    },
    {
      name: 'a new node appended',
      plan: withCall([...existing, cpNode('cp-4', true)], constant('cp-1', 'cp-2', 'cp-3', 'cp-4')),
    },
    {
      name: 'a new cluster (every node new)',
      plan: withCall(
        ['cp-0', 'cp-1', 'cp-2'].map((name) => cpNode(name, true)),
        constant('cp-0', 'cp-1', 'cp-2'),
      ),
    },
    {
      name: 'the first existing node kept, another new one inserted in the middle',
      plan: withCall([...existing, cpNode('cp-new', true)], constant('cp-1', 'cp-new', 'cp-2', 'cp-3')),
    },
    {
      name: 'names computed (a reference that is no variable passed as it is): left to the check after the apply',
      plan: withCall([cpNode('cp-0', true), ...existing], {
        cluster_name: { constant_value: 'demo' },
        control_plane: { references: ['local.cp'] },
      }),
    },
    {
      name: 'a call with count: left to the check after the apply',
      plan: withCall([cpNode('cp-0', true), ...existing], constant('cp-0', 'cp-1', 'cp-2', 'cp-3'), {
        call: { count_expression: { constant_value: 1 } },
      }),
    },
    { name: 'no module call (the plan of other OpenTofu code)', plan: plan(cpNode('cp-0', true), ...existing) },
  ];
  it.each(cases)('$name', ({ plan: document, refusal }) => {
    const planned = plannedNodeChanges(document, DEFAULT_NODE_RESOURCE);
    const { newCluster, create } = nodeWorkFromPlan(planned, undefined);
    const refused = newFirstControlPlaneRefusal(planned.firstControlPlanes ?? [], create, newCluster);
    if (refusal) expect(refused).toMatch(refusal);
    else expect(refused).toBeUndefined();
  });
});
