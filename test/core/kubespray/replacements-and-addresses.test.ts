import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { plannedNodeChanges } from '../../../src/core/kubespray/node-changes.js';
import { nodeDecisions, planNodeWork } from '../../../src/core/kubespray/node-plan.js';
import { planNodeRoll } from '../../../src/core/kubespray/node-roll.js';
import { DEFAULT_NODE_RESOURCE } from '../../../src/core/model/nodes.js';
import { type DeploySettings, resolveSettings } from '../../../src/core/model/settings.js';

/**
 * Day-2 changes a plan makes to running nodes besides in-place updates, read from `tofu show -json` as
 * terraform-provider-openstack v3.4.0 plans them (openstack/resource_openstack_compute_instance_v2.go,
 * resource_openstack_compute_servergroup_v2.go, resource_openstack_networking_port_v2.go,
 * resource_openstack_lb_loadbalancer_v2.go), for the shipped module's shapes (modules/openstack-cluster):
 * - same-name replacements (ForceNew block_device.*, scheduler_hints.group; a deleted old flavor): the
 *   deploy takes at most one control-plane/etcd node and one worker batch; replace-nodes rolls them;
 * - a node port's fixed_ip (updated in place by Neutron) and the API load balancer or VIP port
 *   (ForceNew vip_address): refused, whatever allow-unsafe-node-removal says.
 */

const base = mkdtempSync(path.join(tmpdir(), 'day2-moves-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const CONTROL = ['c-cp-0', 'c-cp-1', 'c-cp-2'];
const WORKERS = Array.from({ length: 10 }, (_, i) => `c-w-${i}`);

function settingsFor(extra: Partial<DeploySettings> = {}): DeploySettings {
  const clusterDir = path.join(base, 'c');
  mkdirSync(path.join(clusterDir, 'inventory'), { recursive: true });
  const hosts = (names: string[]) => Object.fromEntries(names.map((name) => [name, null]));
  writeFileSync(
    path.join(clusterDir, 'inventory', 'inventory.yaml'),
    JSON.stringify({
      all: {
        children: {
          kube_control_plane: { hosts: hosts(CONTROL) },
          etcd: { hosts: hosts(CONTROL) },
          kube_node: { hosts: hosts(WORKERS) },
        },
      },
    }),
  );
  return { ...resolveSettings({ clusterDir, stateDir: path.join(base, 'state'), env: { PATH: '' } }), ...extra };
}

/** The shipped module's node: module.node["<name>"], its server and its port. */
const nodeAddress = (name: string) => `module.node["${name}"].openstack_compute_instance_v2.this`;
const portAddress = (name: string) => `module.node["${name}"].openstack_networking_port_v2.this`;

interface Row {
  address: string;
  type: string;
  actions: string[];
  before: unknown;
  after: unknown;
  afterUnknown?: unknown;
  replacePaths?: (string | number)[][];
}

function planOf(rows: Row[]) {
  return {
    format_version: '1.2',
    resource_changes: rows.map((row) => {
      const at = row.address.lastIndexOf(`${row.type}.`);
      return {
        address: row.address,
        ...(at > 0 && { module_address: row.address.slice(0, at - 1) }),
        mode: 'managed',
        type: row.type,
        change: {
          actions: row.actions,
          before: row.before,
          after: row.after,
          after_unknown: row.afterUnknown ?? {},
          before_sensitive: {},
          after_sensitive: {},
          ...(row.replacePaths && { replace_paths: row.replacePaths }),
        },
      };
    }),
  };
}

const bootVolume = (size: number) => [
  { uuid: 'img-1', source_type: 'image', destination_type: 'volume', volume_size: size, boot_index: 0 },
];
const server = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  flavor_name: 'm1.large',
  image_id: 'Attempt to boot from volume - no image supplied',
  block_device: bootVolume(20),
  scheduler_hints: [{ group: 'sg-1' }],
  network: [{ port: `port-${name}` }],
  ...extra,
});
const kept = (name: string): Row => ({
  address: nodeAddress(name),
  type: 'openstack_compute_instance_v2',
  actions: ['no-op'],
  before: server(name),
  after: server(name),
});
/** A pool's boot volume grown from 20 to 40 GiB: block_device.*.volume_size is ForceNew. */
const biggerVolume = (name: string): Row => ({
  address: nodeAddress(name),
  type: 'openstack_compute_instance_v2',
  actions: ['delete', 'create'],
  before: server(name),
  after: { ...server(name), block_device: bootVolume(40) },
  afterUnknown: { id: true },
  replacePaths: [['block_device', 0, 'volume_size']],
});
const port = (name: string, before: Record<string, unknown>, after: Record<string, unknown>, unknown = {}): Row => ({
  address: portAddress(name),
  type: 'openstack_networking_port_v2',
  actions:
    JSON.stringify(before) === JSON.stringify(after) && Object.keys(unknown).length === 0 ? ['no-op'] : ['update'],
  before: { id: `port-${name}`, name, ...before },
  after: { name, ...after },
  afterUnknown: unknown,
});
const subnetA = { fixed_ip: [{ subnet_id: 'subnet-a', ip_address: '' }], all_fixed_ips: ['10.0.0.11'] };
const controlPort = () => ({
  ...subnetA,
  allowed_address_pairs: [{ ip_address: '10.233.64.0/18' }, { ip_address: '10.0.0.5' }],
});
const everyNode = (except: string[] = []) => [...CONTROL, ...WORKERS].filter((n) => !except.includes(n)).map(kept);

const REPLACED_4 = ['c-w-1', 'c-w-2', 'c-w-3', 'c-w-4'];

const cases: {
  name: string;
  rows: Row[];
  settings?: Partial<DeploySettings>;
  refused?: RegExp[];
  notRefused?: boolean;
}[] = [
  {
    name: '4 workers replaced under their names (a bigger boot volume), batch 2 (20% of 10): refused, pointing to replace-nodes',
    rows: [...everyNode(REPLACED_4), ...REPLACED_4.map(biggerVolume)],
    refused: [
      /^refusing to replace nodes at once: the plan replaces 4 workers \(c-w-1, c-w-2, c-w-3, c-w-4; at most 2 at a time: deployment\.kubespray\.upgrade_batch_size/,
      /c-w-1: block_device\.0\.volume_size "20" → "40" \(replaced\)/,
      /cluster-deploy replace-nodes \(action input operation: replace-nodes\)/,
    ],
  },
  {
    name: 'the same 4 with upgrade_batch_size 4: one batch, the deploy takes it',
    rows: [...everyNode(REPLACED_4), ...REPLACED_4.map(biggerVolume)],
    settings: { upgradeBatchSize: 4 },
    notRefused: true,
  },
  {
    name: 'one worker replaced: within the batch',
    rows: [...everyNode(['c-w-1']), biggerVolume('c-w-1')],
    notRefused: true,
  },
  {
    name: 'a server group policy changed for the control plane: scheduler_hints.group known after apply, 2 control planes replaced',
    rows: [
      ...everyNode(['c-cp-1', 'c-cp-2']),
      ...['c-cp-1', 'c-cp-2'].map((name) => ({
        ...biggerVolume(name),
        after: { ...server(name), scheduler_hints: [{ group: null }] },
        afterUnknown: { id: true, scheduler_hints: [{ group: true }] },
        replacePaths: [['scheduler_hints']],
      })),
    ],
    // The quorum guard refuses it too (2 of 3 etcd members): the override below does not lift this refusal.
    settings: { allowUnsafeNodeRemoval: true },
    refused: [
      /refusing to replace nodes at once: the plan replaces 2 control-plane or etcd nodes \(c-cp-1, c-cp-2; at most 1 at a time\)/,
    ],
  },
  {
    name: "a node port's fixed_ip moved to another subnet (network.existing_subnet_id): refused, even with allow-unsafe-node-removal",
    rows: [
      ...everyNode(),
      port('c-w-0', subnetA, { fixed_ip: [{ subnet_id: 'subnet-b', ip_address: '' }] }, { all_fixed_ips: true }),
    ],
    settings: { allowUnsafeNodeRemoval: true },
    refused: [
      /^refusing to move addresses: the plan moves the address of running nodes or of the Kubernetes API: module\.node\["c-w-0"\]\.openstack_networking_port_v2\.this: fixed_ip "subnet-a" → "subnet-b"\. /,
      /Neutron gives the running node another address in place/,
      /etcd's peer URLs/,
      /no override allows it/,
    ],
  },
  {
    name: 'a node port whose subnet is replaced (its id known after apply): refused',
    rows: [
      ...everyNode(),
      port('c-cp-1', subnetA, { fixed_ip: [{ subnet_id: null, ip_address: '' }] }, { fixed_ip: [{ subnet_id: true }] }),
    ],
    refused: [/module\.node\["c-cp-1"\]\.openstack_networking_port_v2\.this: fixed_ip .* → \(known after apply\)/],
  },
  {
    name: 'the API load balancer replaced for a new vip_address (api_vip_address): refused, naming it and its old VIP',
    rows: [
      ...everyNode(),
      {
        address: 'openstack_lb_loadbalancer_v2.api[0]',
        type: 'openstack_lb_loadbalancer_v2',
        actions: ['delete', 'create'],
        before: { name: 'c-api', vip_address: '10.0.0.5', loadbalancer_provider: 'amphora' },
        after: { name: 'c-api', vip_address: '10.0.0.9', loadbalancer_provider: 'amphora' },
        afterUnknown: { id: true, vip_port_id: true },
        replacePaths: [['vip_address']],
      },
    ],
    refused: [
      /openstack_lb_loadbalancer_v2\.api\[0\]: replaced \(VIP "10\.0\.0\.5"\)/,
      /every kubelet and kube-proxy points at the old API address until cluster\.yml rewrites their kubeconfigs/,
    ],
  },
  {
    name: 'the API load balancer renamed (an update; vip_address left to Octavia, null after): not refused',
    rows: [
      ...everyNode(),
      {
        address: 'openstack_lb_loadbalancer_v2.api[0]',
        type: 'openstack_lb_loadbalancer_v2',
        actions: ['update'],
        before: { name: 'c-api', vip_address: '10.0.0.5' },
        after: { name: 'c-api-2', vip_address: null },
      },
    ],
    notRefused: true,
  },
  {
    name: "the VIP port (an address in the control planes' allowed_address_pairs) given another address: refused",
    rows: [
      ...everyNode(),
      port('c-cp-0', controlPort(), controlPort()),
      {
        address: 'openstack_networking_port_v2.api_vip[0]',
        type: 'openstack_networking_port_v2',
        actions: ['update'],
        before: {
          id: 'port-vip',
          fixed_ip: [{ subnet_id: 'subnet-a', ip_address: '10.0.0.5' }],
          all_fixed_ips: ['10.0.0.5'],
        },
        after: { fixed_ip: [{ subnet_id: 'subnet-a', ip_address: '10.0.0.9' }] },
      },
    ],
    refused: [
      /openstack_networking_port_v2\.api_vip\[0\]: fixed_ip "subnet-a 10\.0\.0\.5" → "subnet-a 10\.0\.0\.9"/,
      /the API VIP the control planes announce moves/,
    ],
  },
  {
    name: "a node port's description changed: not an address, not refused",
    rows: [...everyNode(), port('c-w-0', { ...subnetA, description: 'a' }, { ...subnetA, description: 'b' })],
    notRefused: true,
  },
  {
    name: 'a node port without fixed_ip, read as null after and as an empty list before: not refused',
    rows: [...everyNode(), port('c-w-0', { fixed_ip: [], description: 'a' }, { fixed_ip: null, description: 'b' })],
    notRefused: true,
  },
  {
    name: 'an unrelated port (not a node port, not the VIP) given another address: not refused',
    rows: [
      ...everyNode(),
      port('c-cp-0', controlPort(), controlPort()),
      {
        address: 'openstack_networking_port_v2.monitoring',
        type: 'openstack_networking_port_v2',
        actions: ['update'],
        before: { id: 'port-mon', fixed_ip: [{ subnet_id: 'subnet-a', ip_address: '10.0.0.50' }] },
        after: { fixed_ip: [{ subnet_id: 'subnet-a', ip_address: '10.0.0.51' }] },
      },
    ],
    notRefused: true,
  },
];

describe('a deploy of a plan that replaces nodes or moves addresses', () => {
  it.each(cases)('$name', ({ rows, settings, refused, notRefused }) => {
    const decided = planNodeWork(settingsFor(settings), plannedNodeChanges(planOf(rows), DEFAULT_NODE_RESOURCE));
    if (notRefused) expect(decided.refused).toBeUndefined();
    for (const pattern of refused ?? []) expect(decided.refused).toMatch(pattern);
  });
});

describe('what the plan holds, read carefully', () => {
  it.each([
    ['replace_paths of the wrong kind', 'user_data'],
    ['a replace path of objects', [[{ a: 1 }]]],
  ])('refuses %s, naming tofu show -json', (_, paths) => {
    const plan = planOf([biggerVolume('c-w-1')]);
    (plan.resource_changes[0]!.change as Record<string, unknown>).replace_paths = paths;
    expect(() => plannedNodeChanges(plan, DEFAULT_NODE_RESOURCE)).toThrow(/tofu show -json/);
  });

  it('shows hostile values escaped and cut, and never user_data', () => {
    const load = (vip: string): Row => ({
      address: 'openstack_lb_loadbalancer_v2.api[0]',
      type: 'openstack_lb_loadbalancer_v2',
      actions: ['delete', 'create'],
      before: { vip_address: vip },
      after: { vip_address: '10.0.0.9' },
    });
    const userData = {
      ...biggerVolume('c-w-1'),
      before: server('c-w-1', { user_data: 'password=hunter2' }),
      after: server('c-w-1', { user_data: 'password=hunter3' }),
      replacePaths: [['user_data']],
    };
    const planned = plannedNodeChanges(
      planOf([...everyNode(['c-w-1']), userData, load(`10.0.0.5\u202e\n${'x'.repeat(300)}`)]),
      DEFAULT_NODE_RESOURCE,
    );
    expect(planned.addressMoves?.[0]?.detail).toBe(`replaced (VIP "10.0.0.5\\u202e\\u000a${'x'.repeat(110)}…")`);
    expect(planned.replacements).toEqual([
      expect.objectContaining({ node: 'c-w-1', attribute: 'user_data', before: '(hidden)', after: '(hidden)' }),
    ]);
    expect(JSON.stringify(planned)).not.toContain('hunter');
  });
});

describe('replace-nodes takes same-name replacements', () => {
  it('rolls the 4 replaced workers one at a time, each with what forces it', () => {
    const planned = plannedNodeChanges(
      planOf([...everyNode(REPLACED_4), ...REPLACED_4.map(biggerVolume)]),
      DEFAULT_NODE_RESOURCE,
    );
    const settings = settingsFor();
    const roll = planNodeRoll(
      [...(planned.inPlace ?? []), ...(planned.replacements ?? [])],
      planWorkInventory(settings),
      undefined,
      '/c/inventory/inventory.yaml',
    );
    expect(roll.nodes.map((node) => [node.name, node.target, node.changes])).toEqual(
      REPLACED_4.map((name) => [name, `module.node["${name}"]`, ['block_device.0.volume_size "20" → "40" (replaced)']]),
    );
    const preview = nodeDecisions({ ...settings, operation: 'replace-nodes' }, planned);
    expect(preview?.refused).toBeUndefined();
    expect(preview?.summary).toBe(
      `replace-nodes replaces ${REPLACED_4.join(', ')}, one at a time: remove-node.yml, the server replaced, joined again (scale.yml; cluster.yml and upgrade-cluster.yml for control-plane and etcd nodes), Ready`,
    );
  });

  it('a replacement of the first control plane is refused as for an in-place change', () => {
    const planned = plannedNodeChanges(
      planOf([...everyNode(['c-cp-0']), biggerVolume('c-cp-0')]),
      DEFAULT_NODE_RESOURCE,
    );
    const preview = nodeDecisions({ ...settingsFor(), operation: 'replace-nodes' }, planned);
    expect(preview?.refused).toMatch(/c-cp-0 is the first host of kube_control_plane and etcd/);
  });
});

function planWorkInventory(settings: DeploySettings) {
  return planNodeWork(settings, plannedNodeChanges(planOf(everyNode()), DEFAULT_NODE_RESOURCE)).inventory;
}
