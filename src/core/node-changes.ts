// TEMPORARY STUB: replaced by the nodes branch.
export interface NodeResourceSpec { type: string; nameAttribute: string }
export const DEFAULT_NODE_RESOURCE: NodeResourceSpec = { type: 'openstack_compute_instance_v2', nameAttribute: 'name' };
export interface PlannedNodeChanges { kept: string[]; created: string[]; deleted: string[]; replaced: string[]; otherChanges: string[] }
export function plannedNodeChanges(_planJson: unknown, _spec: NodeResourceSpec): PlannedNodeChanges { throw new Error('stub'); }
export interface Inventory { file: string; hosts: string[]; controlPlane: string[]; etcd: string[]; workers: string[] }
export function readInventory(_file: string): Inventory | undefined { throw new Error('stub'); }
export interface NodeWork {
  newCluster: boolean;
  remove: string[];
  create: string[];
  otherChanges: boolean;
  removeRoles: Record<string, ('control-plane' | 'etcd' | 'worker')[]>;
  unsafeOverride?: string;
}
export function nodeWorkFromPlan(_changes: PlannedNodeChanges, _inventoryBefore: Inventory | undefined): NodeWork { throw new Error('stub'); }
export function mergeNodeWork(_pending: NodeWork | undefined, _next: NodeWork): NodeWork { throw new Error('stub'); }
export function checkRemovalSafety(_work: NodeWork, _inventoryBefore: Inventory | undefined, _allowUnsafe: boolean): { warnings: string[] } { throw new Error('stub'); }
export interface RemovalRun { nodes: string[]; reachable: boolean }
export function removalRuns(_remove: string[], _apiNodes: { name: string; ready: boolean }[] | undefined): RemovalRun[] { throw new Error('stub'); }
export function removeNodeVars(_run: RemovalRun): string[] { throw new Error('stub'); }
export type PlaybookDecision = { kind: 'cluster'; reason: string } | { kind: 'scale'; limit: string[]; reason: string } | { kind: 'none'; reason: string };
export function playbookAfterApply(_work: NodeWork, _inventoryAfter: Inventory | undefined): PlaybookDecision { throw new Error('stub'); }
export function predictedPlaybook(_work: NodeWork, _inventoryBefore: Inventory | undefined): PlaybookDecision { throw new Error('stub'); }
export function describeNodeDecisions(_work: NodeWork, _decision: PlaybookDecision): string { throw new Error('stub'); }
