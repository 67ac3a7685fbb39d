import { z } from 'zod';
import { formatIssues, UserError } from '../lib/errors.js';
import { displayPath } from '../lib/files.js';
import type { NodeRole, NodeRoll, RollNode } from '../model/nodes.js';
import type { Inventory } from './node-changes.js';
import type { InPlaceChange } from './server-changes.js';

/**
 * replace-nodes: which nodes to replace, in what order, and whether Kubespray can. Cluster API's
 * rollout is the model (the control plane's machines one at a time, then the workers'); each node is
 * drained and removed with remove-node.yml, its server replaced, and joined again as Kubespray's
 * docs/operations/nodes.md says. Pure functions.
 */

function rolesOf(inventory: Inventory, node: string): NodeRole[] {
  const roles: NodeRole[] = [];
  if (inventory.controlPlane.includes(node)) roles.push('control-plane');
  if (inventory.etcd.includes(node)) roles.push('etcd');
  if (inventory.workers.includes(node)) roles.push('worker');
  return roles;
}

/** A control-plane or etcd node joins with cluster.yml (and an etcd run), not scale.yml. */
export function isControlPlaneOrEtcd(node: Pick<RollNode, 'roles'>): boolean {
  return node.roles.includes('control-plane') || node.roles.includes('etcd');
}

/**
 * The roll for the plan's in-place changes and same-name replacements, continuing `pending` (an interrupted run's): its done nodes
 * stay done, the node it stopped in stays (it is out of the cluster until joined), its order stays; a
 * pending node not started that the new plan no longer changes is dropped (the change was reverted), and
 * nodes the new plan adds go after it. Control-plane and etcd nodes first, each in the inventory's order.
 * Throws UserError for a node Kubespray cannot remove and add back.
 */
export function planNodeRoll(
  inPlace: readonly InPlaceChange[],
  inventory: Inventory | undefined,
  pending: NodeRoll | undefined,
  inventoryFile: string,
): NodeRoll {
  const done = new Set(pending?.done ?? []);
  const changed = new Set(inPlace.map((change) => change.node));
  const kept = (pending?.nodes ?? []).filter(
    (node) => done.has(node.name) || pending?.current?.node === node.name || changed.has(node.name),
  );
  const known = new Set(kept.map((node) => node.name));
  const fresh = [...changed].filter((node) => !done.has(node) && !known.has(node));
  if (fresh.length === 0 && pending && kept.length === pending.nodes.length) return pending;
  if (fresh.length === 0 && pending) return { ...pending, nodes: kept };
  if (!inventory) {
    throw new UserError(
      `the inventory at ${displayPath(inventoryFile)} is missing, so the roles of ${fresh.join(', ')} cannot be known: restore the inventory the OpenTofu code writes (a deploy of the current code writes it)`,
    );
  }
  const order = (node: string) => {
    const controlIndex = [...inventory.controlPlane, ...inventory.etcd].indexOf(node);
    return controlIndex >= 0
      ? controlIndex
      : inventory.controlPlane.length + inventory.etcd.length + inventory.hosts.indexOf(node);
  };
  const nodes: RollNode[] = fresh
    .sort((a, b) => order(a) - order(b))
    .map((name) => {
      const changes = inPlace.filter((change) => change.node === name);
      const first = changes[0]!;
      return {
        name,
        address: first.address,
        target: first.module ?? first.address,
        roles: rolesOf(inventory, name),
        changes: changes.map((change) => `${change.attribute} ${change.before} → ${change.after} (${change.effect})`),
      };
    });
  refuseUnremovable(nodes, inventory, displayPath(inventoryFile));
  return {
    nodes: [...kept, ...nodes],
    done: [...done],
    ...(pending?.current && { current: pending.current }),
  };
}

/** Kubespray's limits on removing a node and adding it back (docs/operations/nodes.md); each refusal says what to do. */
function refuseUnremovable(nodes: readonly RollNode[], inventory: Inventory, file: string): void {
  const refusals: string[] = [];
  for (const node of nodes) {
    // A new server would boot into the new power state too (stopped, shelved): it could never join.
    if (node.changes.some((change) => change.startsWith('power_state ')))
      refusals.push(
        `${node.name}: the plan changes its power_state, which a replacement cannot carry out (the new server would not run to join); to take the node out, remove it from the OpenTofu code in a deploy (remove-node.yml drains it first)`,
      );
    const firstOf = [
      ...(inventory.controlPlane[0] === node.name ? ['kube_control_plane'] : []),
      ...(inventory.etcd[0] === node.name ? ['etcd'] : []),
    ];
    if (firstOf.length) {
      refusals.push(
        `${node.name} is the first host of ${firstOf.join(' and ')} in ${file}: remove-node.yml runs kubectl and etcdctl there, so Kubespray cannot remove it. ` +
          "Make another EXISTING control-plane node the first (the order of the OpenTofu code's control-plane names; never a new one), deploy (cluster.yml), then replace it",
      );
    } else if (node.roles.includes('etcd') && inventory.etcd.length < 3) {
      refusals.push(
        `${node.name} is one of ${inventory.etcd.length} etcd members: with it removed, etcd has no quorum. Add etcd members first (an odd count of 3 or more), then replace it`,
      );
    }
  }
  if (refusals.length === 0) return;
  throw new UserError(
    refusals.length === 1
      ? `refusing to replace nodes: ${refusals[0]}`
      : `refusing to replace nodes:\n${refusals.map((refusal) => `  - ${refusal}`).join('\n')}`,
  );
}

/** The roll's next node, and the phase it resumes after (none: from its removal). */
export function nextRollNode(roll: NodeRoll): { node: RollNode; after?: 'removed' | 'replaced' } | undefined {
  const done = new Set(roll.done);
  const node = roll.nodes.find((candidate) => !done.has(candidate.name));
  if (!node) return undefined;
  return roll.current?.node === node.name ? { node, after: roll.current.phase } : { node };
}

/**
 * Resources that only steer where Nova schedules new servers, so replacing one touches no running
 * machine: a server group (its `policies` are ForceNew in terraform-provider-openstack v3.4.0,
 * resource_openstack_compute_servergroup_v2.go, and Nova deletes a group without looking at its members,
 * nova/api/openstack/compute/server_groups.py `delete`). A new server_group_policy replaces the group in
 * the first node's targeted plan; the pool's other servers keep running and come into the new group as
 * the roll replaces them.
 */
const PLACEMENT_TYPES: ReadonlySet<string> = new Set(['openstack_compute_servergroup_v2']);

/**
 * The addresses a node's targeted plan may change: the server (replaced), anything inside its module
 * instance (the SSH wait that follows a new server), the files the code writes, its server group.
 * Anything else (a dependency the plan would also change) is another change, for a deploy: the
 * replacement refuses it.
 */
export function unexpectedChanges(
  planJson: unknown,
  node: Pick<RollNode, 'address' | 'target'>,
  ignoredTypes: ReadonlySet<string>,
  companions: readonly string[] = [],
): { unexpected: string[]; serverReplaced: boolean } {
  const parsed = TargetedPlanSchema.safeParse(planJson);
  if (!parsed.success) throw new UserError(formatIssues('the plan from `tofu show -json`', parsed.error.issues));
  const changed = (parsed.data.resource_changes ?? []).filter(
    (change) => change.mode !== 'data' && change.change.actions.some((action) => CHANGING.has(action)),
  );
  const server = changed.find((change) => change.address === node.address)?.change.actions ?? [];
  const unexpected = changed
    .filter(
      (change) =>
        change.address !== node.address &&
        !(node.target !== node.address && change.address.startsWith(`${node.target}.`)) &&
        !ignoredTypes.has(change.type) &&
        !PLACEMENT_TYPES.has(change.type) &&
        !companions.includes(change.address),
    )
    .map((change) => change.address);
  return { unexpected, serverReplaced: server.includes('create') && server.includes('delete') };
}

const CHANGING = new Set(['create', 'update', 'delete']);

/** Addresses, types and actions of a plan: nothing else of it is kept. */
const TargetedPlanSchema = z.object({
  resource_changes: z
    .array(
      z.object({
        address: z.string(),
        type: z.string(),
        mode: z.string().optional(),
        change: z.object({ actions: z.array(z.string()) }),
      }),
    )
    .nullish(),
});
