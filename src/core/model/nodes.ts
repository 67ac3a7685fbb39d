// The node facts the model persists and configures; the Kubespray rules that act on them are in kubespray/node-changes.ts.
/** Which plan resources are cluster nodes, and which attribute names them (dotted path into the resource values). */
export interface NodeResourceSpec {
  type: string;
  nameAttribute: string;
  /**
   * Addresses of resources that change whenever the nodes do (an inventory written from them by
   * something other than local_file), so their change is part of a node change, not another change.
   */
  companions?: readonly string[];
}
export const DEFAULT_NODE_RESOURCE: NodeResourceSpec = { type: 'openstack_compute_instance_v2', nameAttribute: 'name' };
export type NodeRole = 'control-plane' | 'etcd' | 'worker';

/** Everything about nodes a deploy has to act on, accumulated until Kubespray has run (persisted in the resume state, so keep it plain JSON). */
export interface NodeWork {
  /** No node existed before this deploy's apply: Kubespray must run cluster.yml over everything. */
  newCluster: boolean;
  /** Nodes to drain and remove (deleted, and replaced ones) before the apply. */
  remove: string[];
  /** Node names the plan creates (replaced ones included: they come back as new machines). */
  create: string[];
  /** The plan changes more than nodes (or nothing at all): cluster.yml converges everything. */
  otherChanges: boolean;
  /** Roles of the nodes to remove, from the inventory before the apply (no entry: unknown, the inventory was missing). */
  removeRoles: Record<string, NodeRole[]>;
  /** Set when the quorum guard was overridden; shown loudly. */
  unsafeOverride?: string;
  /** Entries of `create` that are resource addresses: their names were unknown at plan time. */
  unnamed?: string[];
  /** The plan changed nothing at all (every plan merged into this work): cluster.yml may be skipped when its inputs did not change either. */
  empty?: boolean;
}

/** One node a replace-nodes run replaces (persisted: plain JSON). */
export interface RollNode {
  name: string;
  /** The server's resource address: `tofu apply -replace=`. */
  address: string;
  /** Where the targeted apply aims: the node's module instance (its port, its SSH wait…), else the address. */
  target: string;
  roles: NodeRole[];
  /** What the plan changes on it, one line per attribute ("image_id "a" → "b" (rebuilt)"). */
  changes: string[];
}

/**
 * replace-nodes: the nodes to replace one at a time, in order, and how far it got, so a resumed run
 * never redoes a node: `done` ones are skipped, and `current` resumes after its last finished phase.
 */
export interface NodeRoll {
  nodes: RollNode[];
  done: string[];
  current?: { node: string; phase: 'removed' | 'replaced' };
}
