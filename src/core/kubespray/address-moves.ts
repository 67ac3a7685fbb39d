import { quoteInput } from '../lib/echo.js';

/**
 * Plan changes that move the address of a running node or of the Kubernetes API endpoint. Nothing
 * drains or rewrites what holds the old address, so a deploy refuses them, overridable by nothing.
 * The provider's behaviour is terraform-provider-openstack v3.4.0's:
 * - openstack/resource_openstack_networking_port_v2.go: `fixed_ip` is not ForceNew, and the update
 *   sends the new FixedIPs to Neutron (ports.Update): the running server gets another address
 *   (the server's own `network` block is Computed there and does not change). etcd's peer URLs
 *   (`https://<ip>:2380`), kubelet's node IP and Kubespray's inventory keep the old one.
 * - openstack/resource_openstack_lb_loadbalancer_v2.go: `vip_address`, `vip_subnet_id`,
 *   `vip_network_id`, `vip_port_id` and `loadbalancer_provider` are ForceNew: a new load balancer, a
 *   new VIP. Kubespray wrote the old address into every kubelet's and kube-proxy's kubeconfig
 *   (loadbalancer_apiserver); only a cluster.yml run rewrites them.
 */
export interface AddressMove {
  address: string;
  kind: 'node-port' | 'api-load-balancer' | 'api-vip-port';
  /** The node of a node port. */
  node?: string;
  /** What changes, shown (quoted, cut). */
  detail: string;
}

interface ResourceChange {
  address: string;
  module_address?: string | undefined;
  type: string;
  mode?: string | undefined;
  change: { actions: string[]; before?: unknown; after?: unknown; after_unknown?: unknown };
}

const PORT = 'openstack_networking_port_v2';
const LOAD_BALANCER = 'openstack_lb_loadbalancer_v2';

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function shown(value: unknown): string {
  return quoteInput(typeof value === 'string' ? value : JSON.stringify(value ?? null), 120);
}

/** A port's fixed_ip as "subnet-a" or "subnet-a 10.0.0.5", entries joined by ", ". */
function fixedIps(value: unknown): string {
  return shown(
    list(value)
      .map((ip) => {
        const { subnet_id: subnet, ip_address: address } = record(ip);
        return [subnet ?? '(known after apply)', address]
          .filter((part) => typeof part === 'string' && part !== '')
          .join(' ');
      })
      .join(', '),
  );
}

/** Whether an after_unknown value marks anything inside as known only after apply. */
function anyUnknown(value: unknown): boolean {
  if (value === true) return true;
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some(anyUnknown);
}

function fixedIpChanged(change: ResourceChange['change']): boolean {
  // No block and an empty list are the same port (Neutron picks the address): only entries count.
  const entries = (value: unknown) => JSON.stringify(list(value));
  return (
    entries(record(change.before).fixed_ip) !== entries(record(change.after).fixed_ip) ||
    anyUnknown(record(change.after_unknown).fixed_ip)
  );
}

/** A port's addresses before the plan: its all_fixed_ips, else what fixed_ip asked for. */
function portAddresses(before: unknown): string[] {
  const all = list(record(before).all_fixed_ips).filter((ip): ip is string => typeof ip === 'string');
  const asked = list(record(before).fixed_ip)
    .map((ip) => record(ip).ip_address)
    .filter((ip): ip is string => typeof ip === 'string' && ip !== '');
  return [...all, ...asked];
}

const REPLACED = (actions: readonly string[]) => actions.includes('create') && actions.includes('delete');

/**
 * The moves in a plan. `nodes` are the plan's node servers (module instance and values before);
 * `kept` says whether a node's module instance stays (a node that comes or goes takes its port along,
 * drained or new). A node port is a port that a node server's `network.*.port` names, or in the
 * module instance of a node server. A VIP port is any other port whose address is in a node port's
 * allowed_address_pairs (the VIP kube-vip announces from the control plane).
 */
export function addressMoves(
  changes: readonly ResourceChange[],
  nodes: readonly { name: string; module?: string | undefined; before: unknown; kept: boolean }[],
): AddressMove[] {
  const managed = changes.filter((change) => change.mode !== 'data');
  const portIdsOf = (before: unknown) =>
    list(record(before).network)
      .map((network) => record(network).port)
      .filter((id): id is string => typeof id === 'string' && id !== '');
  const nodeOf = (port: ResourceChange) =>
    nodes.find(
      (node) =>
        (port.module_address !== undefined && node.module === port.module_address) ||
        portIdsOf(node.before).includes(String(record(port.change.before).id ?? '')),
    );
  const ports = managed.filter((change) => change.type === PORT);
  const nodePorts = ports.filter((port) => nodeOf(port) !== undefined);
  const announced = new Set(
    nodePorts.flatMap((port) =>
      list(record(port.change.before).allowed_address_pairs)
        .map((pair) => record(pair).ip_address)
        .filter((ip): ip is string => typeof ip === 'string')
        .map((ip) => ip.replace(/\/32$/, '')),
    ),
  );
  const moves: AddressMove[] = [];
  for (const port of nodePorts) {
    const node = nodeOf(port);
    if (!node?.kept || !port.change.actions.includes('update') || !fixedIpChanged(port.change)) continue;
    moves.push({
      address: port.address,
      kind: 'node-port',
      node: node.name,
      detail: `fixed_ip ${fixedIps(record(port.change.before).fixed_ip)} → ${anyUnknown(record(port.change.after_unknown).fixed_ip) ? '(known after apply)' : fixedIps(record(port.change.after).fixed_ip)}`,
    });
  }
  for (const port of ports) {
    if (nodePorts.includes(port) || !portAddresses(port.change.before).some((ip) => announced.has(ip))) continue;
    const actions = port.change.actions;
    if (REPLACED(actions) || actions.includes('delete'))
      moves.push({
        address: port.address,
        kind: 'api-vip-port',
        detail: `${REPLACED(actions) ? 'replaced' : 'deleted'} (address ${shown(portAddresses(port.change.before)[0])})`,
      });
    else if (actions.includes('update') && fixedIpChanged(port.change))
      moves.push({
        address: port.address,
        kind: 'api-vip-port',
        detail: `fixed_ip ${fixedIps(record(port.change.before).fixed_ip)} → ${fixedIps(record(port.change.after).fixed_ip)}`,
      });
  }
  for (const lb of managed.filter((change) => change.type === LOAD_BALANCER)) {
    const { actions, before, after, after_unknown: afterUnknown } = lb.change;
    const vip = record(before).vip_address;
    // vip_address is Optional+Computed: left out of the configuration it reads null after, unchanged.
    const next = record(after).vip_address;
    const vipChanged =
      actions.includes('update') &&
      ((typeof next === 'string' && next !== '' && next !== vip) || record(afterUnknown).vip_address === true);
    if (REPLACED(actions) || actions.includes('delete') || vipChanged)
      moves.push({
        address: lb.address,
        kind: 'api-load-balancer',
        detail: `${REPLACED(actions) ? 'replaced' : actions.includes('delete') ? 'deleted' : 'vip_address changed'} (VIP ${shown(vip)})`,
      });
  }
  return moves.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
}

const WHY: Record<AddressMove['kind'], string> = {
  'node-port':
    "Neutron gives the running node another address in place (the port's fixed_ip is updated, not replaced): etcd's peer URLs, kubelet's node IP and Kubespray's inventory keep the old one, so the cluster can lose etcd and its nodes each other",
  'api-load-balancer':
    "a new load balancer, a new VIP (vip_address, vip_subnet_id and loadbalancer_provider force one): when it is the Kubernetes API's, as the shipped module's is, every kubelet and kube-proxy points at the old API address until cluster.yml rewrites their kubeconfigs",
  'api-vip-port':
    'the API VIP the control planes announce moves: every kubelet and kube-proxy points at the old API address until cluster.yml rewrites their kubeconfigs',
};

/** The refusal of a plan that moves a node's or the API's address; undefined when it moves none. */
export function addressMoveRefusal(moves: readonly AddressMove[]): string | undefined {
  if (moves.length === 0) return undefined;
  const kinds = [...new Set(moves.map((move) => move.kind))];
  return (
    `the plan moves the address of running nodes or of the Kubernetes API: ${moves.map((move) => `${move.address}: ${move.detail}`).join('; ')}. ` +
    `${kinds.map((kind) => WHY[kind]).join('. ')}. ` +
    'No deploy does this safely, and no override allows it: set the network (network.existing_subnet_id), api_vip_address, api_load_balancer and octavia_provider back to the values the cluster runs with; ' +
    'to move a cluster to other addresses, build a new cluster there and move the workloads'
  );
}
