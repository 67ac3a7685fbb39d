import type { ExtraVars } from './extra-vars.js';
import { lstatSync } from 'node:fs';
import { z } from 'zod';
import { formatIssues, UserError } from '../lib/errors.js';
import { displayPath, type FileKind, readTextFile } from '../lib/files.js';
import { parseYamlMapping } from '../lib/yaml.js';
import type { NodeResourceSpec, NodeRole, NodeWork } from '../model/nodes.js';
import { type AddressMove, addressMoves } from './address-moves.js';
import { type PlannedFirstControlPlane, plannedFirstControlPlanes } from './control-plane-order.js';
import { type InPlaceChange, inPlaceChanges, replacementChanges } from './server-changes.js';

/**
 * Which nodes a deploy adds, removes or replaces, and what Kubespray has to run for that
 * (docs/operations/nodes.md of Kubespray v2.31; see the day-2 reference). Pure functions, except
 * readInventory.
 */

/** Node names from `tofu show -json <plan>`; every other value of the plan is dropped. */
export interface PlannedNodeChanges {
  /** Node resources whose actions are no-op, read or update (names from `change.before`). */
  kept: string[];
  /**
   * Actions ["create"] (names from `change.after`; a name unknown at plan time is reported as the
   * resource address, e.g. "module.worker[3].openstack_compute_instance_v2.node"). A replacement
   * that renames the node is a deletion of the old name and a creation of the new one.
   */
  created: string[];
  /** Actions ["delete"] (names from `change.before`). */
  deleted: string[];
  /** Create and delete in either order (name from before). */
  replaced: string[];
  /**
   * Addresses of changed (create/update/delete/replace) resources that are neither nodes nor inside
   * the module instance of a node that is created/deleted/replaced. local_file and
   * local_sensitive_file are ignored (a regenerated inventory is part of a node change).
   */
  otherChanges: string[];
  /** The entries of `created` that are addresses, because the name was unknown at plan time. */
  unnamed?: string[];
  /** The entries of `kept` updated in place (metadata, security groups…): a change, though no node comes or goes. */
  updated?: string[];
  /**
   * The updates of `updated` that the running machine feels (rebuilt, resized, rebooted; see
   * server-changes.ts), by node then attribute. Such a node is not simply kept: the deploy refuses them.
   */
  inPlace?: InPlaceChange[];
  /** The first control-plane node each call of the shipped module names, when the plan shows it (control-plane-order.ts). */
  firstControlPlanes?: PlannedFirstControlPlane[];
  /** The entries of `replaced`, by node then attribute forcing it (the plan's replace_paths; see server-changes.ts). */
  replacements?: InPlaceChange[];
  /** Updates that move a running node's or the API's address (address-moves.ts): the deploy refuses them. */
  addressMoves?: AddressMove[];
}

/** Files the OpenTofu code writes (the inventory among them): they change with the nodes, not the cluster. */
export const IGNORED_RESOURCE_TYPES: ReadonlySet<string> = new Set(['local_file', 'local_sensitive_file']);

/**
 * The parts of `tofu show -json <plan>` read here. The resource values stay inside this module:
 * only names and addresses come out.
 */
const PlanJsonSchema = z.object({
  resource_changes: z
    .array(
      z.object({
        address: z.string(),
        module_address: z.string().optional(),
        type: z.string(),
        mode: z.string().optional(),
        change: z.object({
          actions: z.array(z.string()),
          before: z.unknown().optional(),
          after: z.unknown().optional(),
          after_unknown: z.unknown().optional(),
          before_sensitive: z.unknown().optional(),
          after_sensitive: z.unknown().optional(),
          replace_paths: z.array(z.array(z.union([z.string(), z.number()]))).optional(),
        }),
      }),
    )
    .nullish(),
});

type ChangeKind = 'none' | 'create' | 'update' | 'delete' | 'replace';

function changeKind(actions: readonly string[]): ChangeKind {
  const set = new Set(actions);
  if (set.has('create') && set.has('delete')) return 'replace';
  if (set.has('create')) return 'create';
  if (set.has('delete')) return 'delete';
  if (set.has('update')) return 'update';
  return 'none'; // no-op, read, forget (OpenTofu's `removed` block: the machine stays)
}

/** The value at a dotted path (`input.node_name`, `network.0.name`), or undefined. */
export function valueAt(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Whether `after_unknown` marks the dotted path, or an object or list holding it, as known only after apply. */
function unknownAt(afterUnknown: unknown, path: readonly string[]): boolean {
  let current = afterUnknown;
  for (const key of path) {
    if (current === true) return true;
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return false;
    current = (current as Record<string, unknown>)[key];
  }
  return current === true;
}

function sortedUnique(names: Iterable<string>): string[] {
  return [...new Set(names)].sort();
}

export function plannedNodeChanges(planJson: unknown, spec: NodeResourceSpec): PlannedNodeChanges {
  const parsed = PlanJsonSchema.safeParse(planJson);
  if (!parsed.success) throw new UserError(formatIssues('the plan from `tofu show -json`', parsed.error.issues));
  const namePath = spec.nameAttribute.split('.');
  const kept: string[] = [];
  const created: string[] = [];
  const deleted: string[] = [];
  const replaced: string[] = [];
  const unnamed: string[] = [];
  const updated: string[] = [];
  const inPlace: InPlaceChange[] = [];
  const replacements: InPlaceChange[] = [];
  const nodeServers: { name: string; module?: string; before: unknown; kept: boolean }[] = [];
  const base = namePath.slice(0, -1);
  /** Module instances of nodes that come or go: their ports, volumes… change with them. */
  const churnedModules = new Set<string>();
  const others: { address: string; moduleAddress: string | undefined }[] = [];
  let matched = false;
  const changedTypes = new Set<string>();

  for (const resource of parsed.data.resource_changes ?? []) {
    if (resource.mode === 'data') continue;
    const { actions, before, after, after_unknown: afterUnknown } = resource.change;
    const kind = changeKind(actions);
    if (kind !== 'none') changedTypes.add(resource.type);
    const nameBefore = valueAt(before, namePath);
    const nameAfter = valueAt(after, namePath);
    const beforeName = typeof nameBefore === 'string' ? nameBefore : undefined;
    const afterName = typeof nameAfter === 'string' ? nameAfter : undefined;
    const afterUnknownName =
      kind !== 'none' && kind !== 'delete' && afterName === undefined && unknownAt(afterUnknown, namePath);
    const isNode =
      resource.type === spec.type &&
      (beforeName !== undefined || afterName !== undefined || (kind === 'create' && afterUnknownName));

    if (!isNode) {
      if (kind !== 'none' && !IGNORED_RESOURCE_TYPES.has(resource.type) && !spec.companions?.includes(resource.address))
        others.push({ address: resource.address, moduleAddress: resource.module_address });
      continue;
    }
    matched = true;
    const name = beforeName ?? afterName;
    nodeServers.push({
      name: name ?? resource.address,
      module: resource.module_address,
      before,
      kept: kind === 'none' || kind === 'update',
    });
    if (kind === 'none' || kind === 'update') {
      kept.push(name!);
      if (kind === 'update') {
        updated.push(name!);
        inPlace.push(
          ...inPlaceChanges(name!, { address: resource.address, module: resource.module_address }, base, {
            before,
            after,
            afterUnknown,
            beforeSensitive: resource.change.before_sensitive,
            afterSensitive: resource.change.after_sensitive,
          }),
        );
      }
      continue;
    }
    if (resource.module_address) churnedModules.add(resource.module_address);
    if (kind === 'delete') {
      deleted.push(beforeName ?? afterName!);
    } else if (kind === 'create' || beforeName === undefined) {
      // A replacement whose old value lacks the name is, for the cluster, just a new node.
      if (afterName === undefined) {
        created.push(resource.address);
        unnamed.push(resource.address);
      } else {
        created.push(afterName);
      }
    } else if (afterName !== undefined && afterName !== beforeName) {
      // Renamed: Kubernetes sees another node, so the old one goes and the new one joins.
      deleted.push(beforeName);
      created.push(afterName);
    } else {
      replaced.push(beforeName);
      replacements.push(
        ...replacementChanges(
          beforeName,
          { address: resource.address, module: resource.module_address },
          {
            before,
            after,
            afterUnknown,
            beforeSensitive: resource.change.before_sensitive,
            afterSensitive: resource.change.after_sensitive,
            replacePaths: resource.change.replace_paths,
          },
        ),
      );
    }
  }

  // A typo in the setting would read every plan as one without nodes: a deleted server would go undrained.
  if (!matched && changedTypes.size > 0)
    throw new UserError(
      `opentofu.node_resource (type: ${spec.type}, name_attribute: ${spec.nameAttribute}) matches no resource of the plan, while the plan changes ${[...changedTypes].sort().join(', ')} resources: ` +
        "nodes it deletes or adds would go without Kubespray (no drain, no join). Set opentofu.node_resource to the cluster's server resources: their type, and the attribute naming them",
    );

  const firstControlPlanes = plannedFirstControlPlanes(planJson);
  const insideChurnedModule = (moduleAddress: string | undefined) =>
    moduleAddress !== undefined &&
    [...churnedModules].some((module) => moduleAddress === module || moduleAddress.startsWith(`${module}.`));
  return {
    kept: sortedUnique(kept),
    created: sortedUnique(created),
    deleted: sortedUnique(deleted),
    replaced: sortedUnique(replaced),
    otherChanges: sortedUnique(
      others.filter((other) => !insideChurnedModule(other.moduleAddress)).map((other) => other.address),
    ),
    unnamed: sortedUnique(unnamed),
    updated: sortedUnique(updated),
    inPlace: inPlace.sort((a, b) => (a.node < b.node ? -1 : a.node > b.node ? 1 : 0)),
    ...(firstControlPlanes.length && { firstControlPlanes }),
    replacements: replacements.sort((a, b) => (a.node < b.node ? -1 : a.node > b.node ? 1 : 0)),
    addressMoves: addressMoves(parsed.data.resource_changes ?? [], nodeServers),
  };
}

/** Kubespray's inventory groups, as read from inventory.yaml (nested children resolved). */
export interface Inventory {
  file: string;
  /** Every host named anywhere in the file, in order of first appearance. */
  hosts: string[];
  controlPlane: string[];
  etcd: string[];
  workers: string[];
}

/** Kubespray inventories of large clusters carry host variables for every node. */
const INVENTORY_FILE: FileKind = { noun: 'inventory', plural: 'inventories', maxBytes: 16 * 1024 * 1024 };

interface GroupDefinition {
  hosts?: Record<string, Record<string, unknown> | null> | null;
  children?: Record<string, GroupDefinition | null> | null;
}

const HostsSchema = z
  .record(
    z.string(),
    z.record(z.string(), z.unknown(), { error: 'host variables must be a mapping, or empty' }).nullable(),
    {
      error: 'must map host names to their variables (or to nothing)',
    },
  )
  .nullish();

// Ansible's YAML inventory: a group has hosts, children (groups) and vars; other keys are ignored, as Ansible does.
const GroupSchema: z.ZodType<GroupDefinition> = z.object(
  {
    hosts: HostsSchema,
    get children() {
      return z.record(z.string(), GroupSchema.nullable(), { error: 'must map group names to groups' }).nullish();
    },
  },
  { error: 'must be a group: a mapping with hosts, children or vars' },
);

const InventorySchema = z.record(z.string(), GroupSchema.nullable());

const CONTROL_PLANE_GROUPS = ['kube_control_plane', 'kube-master'];
const ETCD_GROUPS = ['etcd'];
const WORKER_GROUPS = ['kube_node', 'kube-node'];

/** The inventory at `file`, or undefined when there is no file there (yet: the OpenTofu code may write it). */
export function readInventory(file: string): Inventory | undefined {
  try {
    // lstat: a symlink to a missing file is an error readTextFile explains, not a missing inventory.
    if (!lstatSync(file, { throwIfNoEntry: false })) return undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw error;
  }
  return { ...parseInventory(readTextFile(file, INVENTORY_FILE), displayPath(file)), file };
}

export function parseInventory(text: string, source: string): Inventory {
  const { value } = parseYamlMapping(text, source, INVENTORY_FILE);
  const parsed = InventorySchema.safeParse(value);
  if (!parsed.success) throw new UserError(formatIssues(`inventory ${source}`, parsed.error.issues));

  // A group may be defined in several places (under all.children and under k8s_cluster.children, say): Ansible merges them.
  const groups = new Map<string, { hosts: string[]; children: string[] }>();
  const hosts: string[] = [];
  const collect = (name: string, definition: GroupDefinition | null) => {
    const group = groups.get(name) ?? { hosts: [], children: [] };
    groups.set(name, group);
    for (const host of Object.keys(definition?.hosts ?? {})) {
      group.hosts.push(host);
      hosts.push(host);
    }
    for (const [child, childDefinition] of Object.entries(definition?.children ?? {})) {
      group.children.push(child);
      collect(child, childDefinition);
    }
  };
  for (const [name, definition] of Object.entries(parsed.data)) collect(name, definition);

  // Ansible's order: a group's own hosts, then each child's, depth first; the first occurrence counts.
  const members = (names: readonly string[]): string[] => {
    const result: string[] = [];
    const visited = new Set<string>();
    const visit = (name: string) => {
      if (visited.has(name)) return; // a group listed twice, or a cycle
      visited.add(name);
      const group = groups.get(name);
      if (!group) return;
      result.push(...group.hosts);
      for (const child of group.children) visit(child);
    };
    for (const name of names) visit(name);
    return [...new Set(result)];
  };
  return {
    file: source,
    hosts: [...new Set(hosts)],
    controlPlane: members(CONTROL_PLANE_GROUPS),
    etcd: members(ETCD_GROUPS),
    workers: members(WORKER_GROUPS),
  };
}

/** Whether the inventory has `host` in kube_control_plane, etcd or kube_node: what makes a server a node. */
function isKubernetesHost(inventory: Inventory, host: string): boolean {
  return inventory.controlPlane.includes(host) || inventory.etcd.includes(host) || inventory.workers.includes(host);
}

/**
 * The plan's node changes without the servers that are not Kubernetes nodes: a server of the node
 * resource type that the inventory before the apply does not have in kube_control_plane, etcd or
 * kube_node (a bastion, a jump host, a helper server). Their changes count as other changes (the
 * cluster's infrastructure changed), never as a node to drain, remove or refuse. New servers are
 * judged after the apply, from the inventory it writes (playbookAfterApply).
 */
export function withoutNonNodes(planned: PlannedNodeChanges, inventory: Inventory | undefined): PlannedNodeChanges {
  if (!inventory) return planned;
  const isNode = (name: string) => isKubernetesHost(inventory, name);
  const changedServers = [...planned.deleted, ...planned.replaced, ...(planned.updated ?? [])].filter(
    (name) => !isNode(name),
  );
  return {
    ...planned,
    kept: planned.kept.filter(isNode),
    deleted: planned.deleted.filter(isNode),
    replaced: planned.replaced.filter(isNode),
    otherChanges: sortedUnique([...planned.otherChanges, ...changedServers]),
    ...(planned.updated && { updated: planned.updated.filter(isNode) }),
    ...(planned.inPlace && { inPlace: planned.inPlace.filter((change) => isNode(change.node)) }),
    ...(planned.replacements && { replacements: planned.replacements.filter((change) => isNode(change.node)) }),
    ...(planned.addressMoves && {
      addressMoves: planned.addressMoves.filter((move) => move.node === undefined || isNode(move.node)),
    }),
  };
}

const ROLE_ORDER: readonly NodeRole[] = ['control-plane', 'etcd', 'worker'];

function rolesIn(inventory: Inventory, node: string): NodeRole[] {
  const roles: NodeRole[] = [];
  if (inventory.controlPlane.includes(node)) roles.push('control-plane');
  if (inventory.etcd.includes(node)) roles.push('etcd');
  if (inventory.workers.includes(node)) roles.push('worker');
  return roles;
}

export function nodeWorkFromPlan(changes: PlannedNodeChanges, inventoryBefore: Inventory | undefined): NodeWork {
  const remove = sortedUnique([...changes.deleted, ...changes.replaced]);
  const create = sortedUnique([...changes.created, ...changes.replaced]);
  const removeRoles: Record<string, NodeRole[]> = {};
  if (inventoryBefore) for (const node of remove) removeRoles[node] = rolesIn(inventoryBefore, node);
  const noNodeComesOrGoes =
    changes.created.length === 0 && changes.deleted.length === 0 && changes.replaced.length === 0;
  const work: NodeWork = {
    newCluster: changes.kept.length === 0 && changes.deleted.length === 0 && changes.replaced.length === 0,
    remove,
    create,
    // No node comes or goes: a re-deploy of the same plan, or nodes updated in place. cluster.yml
    // converges either (and is what every deploy ran before node changes were told apart).
    otherChanges: changes.otherChanges.length > 0 || noNodeComesOrGoes,
    removeRoles,
  };
  if (changes.unnamed?.length) work.unnamed = sortedUnique(changes.unnamed);
  if (noNodeComesOrGoes && changes.otherChanges.length === 0) work.empty = true;
  return work;
}

/** A later plan (a resumed deploy re-planned) adds to pending work instead of forgetting it: union of lists, newCluster/otherChanges OR-ed. */
export function mergeNodeWork(pending: NodeWork | undefined, next: NodeWork): NodeWork {
  if (!pending) return structuredClone(next);
  const nextRemoves = new Set(next.remove);
  const removeRoles: Record<string, NodeRole[]> = { ...pending.removeRoles };
  for (const [node, roles] of Object.entries(next.removeRoles)) {
    const known = new Set([...(removeRoles[node] ?? []), ...roles]);
    removeRoles[node] = ROLE_ORDER.filter((role) => known.has(role));
  }
  // A node created by the pending work that the next plan removes never got Kubespray: nothing to install for it.
  const stillCreated = pending.create.filter((node) => !nextRemoves.has(node));
  const merged: NodeWork = {
    newCluster: pending.newCluster || next.newCluster,
    remove: sortedUnique([...pending.remove, ...next.remove]),
    create: sortedUnique([...stillCreated, ...next.create]),
    otherChanges: pending.otherChanges || next.otherChanges,
    removeRoles,
  };
  const unnamed = sortedUnique([...(pending.unnamed ?? []), ...(next.unnamed ?? [])]).filter((address) =>
    merged.create.includes(address),
  );
  if (unnamed.length) merged.unnamed = unnamed;
  const unsafeOverride = next.unsafeOverride ?? pending.unsafeOverride;
  if (unsafeOverride !== undefined) merged.unsafeOverride = unsafeOverride;
  if (pending.empty && next.empty) merged.empty = true;
  return merged;
}

/**
 * The pending work a new plan builds on, given which nodes kubespray-remove-nodes has already
 * removed: a pending removal the new plan no longer makes is dropped while it has not happened;
 * a node already drained and removed whose server the new plan keeps must be installed again.
 */
export function pendingForNextPlan(
  pending: NodeWork | undefined,
  removed: readonly string[],
  next: PlannedNodeChanges,
): { pending?: NodeWork; reinstall: string[] } {
  if (!pending) return { reinstall: [] };
  const nextRemoves = new Set([...next.deleted, ...next.replaced]);
  const done = new Set(removed);
  const reinstall = sortedUnique(removed.filter((node) => !nextRemoves.has(node) && next.kept.includes(node)));
  const remove = pending.remove.filter(
    (node) => nextRemoves.has(node) || (done.has(node) && !reinstall.includes(node)),
  );
  const removeRoles = Object.fromEntries(Object.entries(pending.removeRoles).filter(([node]) => remove.includes(node)));
  return {
    pending: { ...pending, remove, removeRoles, create: sortedUnique([...pending.create, ...reinstall]) },
    reinstall,
  };
}

function listed(nodes: readonly string[]): string {
  return nodes.join(', ');
}

const ONE_AT_A_TIME = 'remove nodes one at a time (one deploy each)';

/**
 * Refuses removals that can break the cluster, before anything changes (throws UserError saying
 * what to do: one node at a time). With allowUnsafe the same texts come back as warnings starting
 * "UNSAFE:". `inventoryFile` names the inventory in the message when it is missing.
 */
export function checkRemovalSafety(
  work: NodeWork,
  inventoryBefore: Inventory | undefined,
  allowUnsafe: boolean,
  inventoryFile?: string,
): { warnings: string[] } {
  const warnings: string[] = [];
  const refusals: string[] = [];
  if (work.remove.length === 0) return { warnings };
  if (!inventoryBefore) {
    const where = inventoryFile ? displayPath(inventoryFile) : 'inventory/inventory.yaml in the cluster directory';
    refusals.push(
      `the plan removes ${listed(work.remove)}, but their roles cannot be known (the inventory at ${where} is missing): restore the inventory the OpenTofu code writes, then ${ONE_AT_A_TIME}`,
    );
  } else {
    const removing = new Set(work.remove);
    const file = displayPath(inventoryBefore.file);
    const firstControlPlane = inventoryBefore.controlPlane[0];
    const firstEtcd = inventoryBefore.etcd[0];
    const firstGroups = [
      ...(firstControlPlane !== undefined && removing.has(firstControlPlane)
        ? [{ node: firstControlPlane, group: 'kube_control_plane' }]
        : []),
      ...(firstEtcd !== undefined && removing.has(firstEtcd) ? [{ node: firstEtcd, group: 'etcd' }] : []),
    ];
    for (const node of new Set(firstGroups.map((first) => first.node))) {
      const groups = firstGroups.filter((first) => first.node === node).map((first) => first.group);
      refusals.push(
        `${node} is the first host of ${groups.join(' and ')} in ${file}, and Kubespray's remove-node.yml runs kubectl and etcdctl there, so it cannot remove it. ` +
          `Follow Kubespray's procedure (docs/operations/nodes.md): keep the node, move it lower in kube_control_plane and etcd so that another EXISTING control-plane node is first (never a new one), run cluster.yml, then remove it in a later deploy`,
      );
    }
    const controlPlaneRemoved = inventoryBefore.controlPlane.filter((node) => removing.has(node));
    if (controlPlaneRemoved.length > 0 && controlPlaneRemoved.length === inventoryBefore.controlPlane.length) {
      refusals.push(
        `the plan removes every control-plane node (${listed(controlPlaneRemoved)}): the cluster would have no API server; keep at least one and ${ONE_AT_A_TIME}`,
      );
    }
    const etcdRemoved = inventoryBefore.etcd.filter((node) => removing.has(node));
    const etcdLeft = inventoryBefore.etcd.length - etcdRemoved.length;
    if (etcdRemoved.length > 0 && etcdRemoved.length * 2 >= inventoryBefore.etcd.length) {
      refusals.push(
        `the plan removes ${etcdRemoved.length} of ${inventoryBefore.etcd.length} etcd members (${listed(etcdRemoved)}): etcd would lose quorum; ${ONE_AT_A_TIME}, so that a majority of members always stays`,
      );
    } else if (etcdRemoved.length > 0 && etcdLeft % 2 === 0) {
      warnings.push(
        `etcd is left with ${etcdLeft} members, an even number: it tolerates no more failures than ${etcdLeft - 1} would, and Kubespray's inventory check wants an odd count; add or remove one more etcd node in a later deploy`,
      );
    }
    const unknown = work.remove.filter((node) => !inventoryBefore.hosts.includes(node));
    if (unknown.length > 0) {
      warnings.push(
        `${listed(unknown)} ${unknown.length === 1 ? 'is' : 'are'} not in ${file}: remove-node.yml cannot drain or delete ${unknown.length === 1 ? 'it' : 'them'} from Kubernetes`,
      );
    }
  }
  if (refusals.length === 0) return { warnings };
  if (!allowUnsafe) {
    throw new UserError(
      refusals.length === 1
        ? `refusing to remove nodes: ${refusals[0]}`
        : `refusing to remove nodes:\n${refusals.map((refusal) => `  - ${refusal}`).join('\n')}`,
    );
  }
  return { warnings: [...refusals.map((refusal) => `UNSAFE: ${refusal}`), ...warnings] };
}

export interface RemovalRun {
  nodes: string[];
  reachable: boolean;
}

/**
 * Unreachable nodes (NotReady in the API, or not registered) are removed with reset_nodes=false and
 * allow_ungraceful_removal=true, as Kubespray documents; the rest normally. Empty runs omitted.
 * Without the API's node list (undefined: it could not be asked) every node is removed normally.
 */
export function removalRuns(remove: string[], apiNodes: { name: string; ready: boolean }[] | undefined): RemovalRun[] {
  const nodes = sortedUnique(remove);
  const ready = new Map((apiNodes ?? []).map((node) => [node.name, node.ready]));
  const isReachable = (node: string) => apiNodes === undefined || ready.get(node) === true;
  const runs: RemovalRun[] = [
    { nodes: nodes.filter(isReachable), reachable: true },
    { nodes: nodes.filter((node) => !isReachable(node)), reachable: false },
  ];
  return runs.filter((run) => run.nodes.length > 0);
}

/** The extra vars of one remove-node.yml run, in order: node=<a,b>, skip_confirmation=true, plus reset_nodes=false and allow_ungraceful_removal=true when unreachable. */
export function removeNodeVars(run: RemovalRun): ExtraVars {
  // skip_confirmation: a CI runner has no TTY, and the prompt's empty answer fails the play.
  const vars = { node: run.nodes.join(','), skip_confirmation: true };
  return run.reachable ? vars : { ...vars, reset_nodes: false, allow_ungraceful_removal: true };
}

export type PlaybookDecision = (
  | { kind: 'cluster'; reason: string } // cluster.yml over everything
  | { kind: 'scale'; limit: string[]; reason: string } // playbooks/facts.yml, then scale.yml --limit=<limit>
  | { kind: 'none'; reason: string } // only workers were removed: nothing to install
) & {
  /** New servers the inventory after the apply has in no Kubernetes group: a bastion, a helper; not installed. */
  notNodes?: string[];
};

/** The rules shared by the decision after the apply and the prediction before it. */
function decide(
  work: NodeWork,
  isControlPlaneOrEtcd: (node: string) => boolean,
  isWorker: (node: string) => boolean,
): PlaybookDecision {
  if (work.newCluster) return { kind: 'cluster', reason: 'a new cluster: cluster.yml installs every node' };
  // kubespray-ansible-playbook's own decision (Step.decide) then says whether it runs, and why.
  if (work.empty)
    return {
      kind: 'cluster',
      reason: 'no node comes or goes and nothing else changes: only if its inputs changed since the last one',
    };
  if (work.otherChanges)
    return {
      kind: 'cluster',
      reason: 'the plan changes more than nodes (or nothing): cluster.yml converges everything',
    };
  const unnamed = new Set(work.unnamed ?? []);
  if (unnamed.size > 0) {
    return {
      kind: 'cluster',
      reason: `the names of new nodes were unknown at plan time (${listed([...unnamed])}): cluster.yml installs whatever they are`,
    };
  }
  const addedControl = work.create.filter(isControlPlaneOrEtcd);
  if (addedControl.length > 0) {
    return {
      kind: 'cluster',
      reason: `new control-plane or etcd nodes (${listed(addedControl)}) join with cluster.yml, not scale.yml (control-plane nodes appended at the end of kube_control_plane); new etcd members then need upgrade-cluster.yml --limit=etcd,kube_control_plane for the etcd configuration and kube-apiserver's --etcd-servers (Kubespray's docs/operations/nodes.md)`,
    };
  }
  const removedControl = work.remove.filter((node) => {
    const roles = work.removeRoles[node];
    return roles === undefined || roles.includes('control-plane') || roles.includes('etcd');
  });
  if (removedControl.length > 0) {
    return {
      kind: 'cluster',
      reason: `removed nodes (${listed(removedControl)}) were control-plane or etcd nodes, or their roles are unknown: Kubespray's procedure (docs/operations/nodes.md) is to unlist them and run cluster.yml, then, for etcd members, upgrade-cluster.yml --limit=etcd,kube_control_plane to rewrite kube-apiserver's --etcd-servers on every control plane (cluster.yml does not)`,
    };
  }
  const limit = sortedUnique(work.create.filter(isWorker));
  if (limit.length > 0) {
    return {
      kind: 'scale',
      limit,
      reason: `only workers were added${work.remove.length > 0 ? ' (and workers removed)' : ''}: scale.yml installs them, after facts.yml refreshes the facts cache`,
    };
  }
  if (work.remove.length > 0)
    return {
      kind: 'none',
      reason: 'only workers were removed, by remove-node.yml before the apply: nothing to install',
    };
  return { kind: 'none', reason: 'no node was added or removed' };
}

/**
 * Refuses, on a cluster that exists, an inventory whose first kube_control_plane or etcd host is a
 * node this deploy creates. Kubespray v2.31.0 (1c9add4):
 * - `first_kube_control_plane: "{{ groups['kube_control_plane'] | first }}"`
 *   (roles/kubespray_defaults/defaults/main/main.yml), and "Kubeadm | Initialize first control plane
 *   node" runs `kubeadm init` there when /var/lib/kubelet/config.yaml is missing
 *   (roles/kubernetes/control-plane/tasks/kubeadm-setup.yml): on a new server, a second control
 *   plane with a new CA;
 * - the etcd certificates are looked for on `groups['etcd'][0]`, and missing ones set gen_certs
 *   (roles/etcd/tasks/check_certs.yml); make-ssl-etcd.sh, run there (roles/etcd/tasks/gen_certs_script.yml),
 *   makes a new CA when that host has no ca-key.pem (roles/etcd/templates/make-ssl-etcd.sh.j2).
 * Only after the apply is the order known: the inventory the OpenTofu code writes holds the new
 * servers' addresses, unknown at plan time. Nothing has run on the cluster yet.
 */
export function refuseNewFirstHosts(work: NodeWork, inventoryAfter: Inventory | undefined): void {
  if (work.newCluster || !inventoryAfter) return;
  const created = new Set(work.create);
  const firsts = [
    { node: inventoryAfter.controlPlane[0], group: 'kube_control_plane' },
    { node: inventoryAfter.etcd[0], group: 'etcd' },
  ].filter((first): first is { node: string; group: string } => first.node !== undefined && created.has(first.node));
  if (firsts.length === 0) return;
  const nodes = [...new Set(firsts.map((first) => first.node))];
  throw new UserError(
    `refusing to install ${listed(nodes)}: new, but the first host of ${firsts.map((first) => first.group).join(' and ')} in ${displayPath(inventoryAfter.file)}. ` +
      'Kubespray runs kubeadm init on the first control-plane host that has no kubelet config (a second control plane with a new CA) and makes a new etcd CA on the first etcd host that has no certificates, which splits the cluster. ' +
      "Append new nodes at the END of control_plane.names (the order of the OpenTofu code's control-plane names) and keep an existing node first, then deploy again: the new server is created, but nothing ran on the cluster",
  );
}

/**
 * What Kubespray runs after the apply, from the pending work and the inventory after apply.
 * `inventoryFile` names the inventory when it is missing. Refuses a new first control-plane or etcd
 * host (refuseNewFirstHosts).
 */
export function playbookAfterApply(
  work: NodeWork,
  inventoryAfter: Inventory | undefined,
  inventoryFile?: string,
): PlaybookDecision {
  const unnamed = new Set(work.unnamed ?? []);
  const named = work.create.filter((node) => !unnamed.has(node));
  if (named.length > 0 && !inventoryAfter) {
    const where = inventoryFile ? displayPath(inventoryFile) : 'inventory/inventory.yaml in the cluster directory';
    throw new UserError(
      `the inventory at ${where} is missing after the apply, so the new nodes ${listed(named)} cannot be installed: the OpenTofu code must write it`,
    );
  }
  refuseNewFirstHosts(work, inventoryAfter);
  // What makes a new server a node is the inventory's Kubernetes groups: a bastion is a server, not a node.
  const notNodes = inventoryAfter ? named.filter((node) => !isKubernetesHost(inventoryAfter, node)) : [];
  const nodesWork = notNodes.length
    ? { ...work, create: work.create.filter((node) => !notNodes.includes(node)) }
    : work;
  const controlPlaneOrEtcd = new Set([...(inventoryAfter?.controlPlane ?? []), ...(inventoryAfter?.etcd ?? [])]);
  const workers = new Set(inventoryAfter?.workers ?? []);
  const decision = decide(
    nodesWork,
    (node) => controlPlaneOrEtcd.has(node),
    (node) => workers.has(node),
  );
  return notNodes.length ? { ...decision, notNodes } : decision;
}

/** The same, before the apply (dry run / PR plan): new nodes' roles are not known yet, so a created node counts as a worker unless its name is already in the inventory's control plane or etcd. */
export function predictedPlaybook(work: NodeWork, inventoryBefore: Inventory | undefined): PlaybookDecision {
  const controlPlaneOrEtcd = new Set([...(inventoryBefore?.controlPlane ?? []), ...(inventoryBefore?.etcd ?? [])]);
  return decide(
    work,
    (node) => controlPlaneOrEtcd.has(node),
    (node) => !controlPlaneOrEtcd.has(node),
  );
}

/** One line for plans and comments, e.g. "remove-node.yml for sandbox-worker-0 before apply; scale.yml --limit sandbox-worker-3,sandbox-worker-4 after". */
export function describeNodeDecisions(work: NodeWork, decision: PlaybookDecision): string {
  const parts: string[] = [];
  if (work.unsafeOverride) parts.push(`UNSAFE: ${work.unsafeOverride}`);
  if (work.remove.length > 0) parts.push(`remove-node.yml for ${listed(work.remove)} before apply`);
  if (decision.kind === 'cluster') parts.push(`cluster.yml after (${decision.reason})`);
  else if (decision.kind === 'scale') parts.push(`scale.yml --limit ${decision.limit.join(',')} after`);
  else parts.push(`no playbook after (${decision.reason})`);
  if (decision.notNodes?.length)
    parts.push(
      `not nodes: ${listed(decision.notNodes)} (servers in no Kubernetes group of the inventory: bastions, helpers)`,
    );
  return parts.join('; ');
}
