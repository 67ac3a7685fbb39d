import { UserError } from '../lib/errors.js';
import {
  checkRemovalSafety,
  describeNodeDecisions,
  nodeWorkFromPlan,
  predictedPlaybook,
  readInventory,
  type Inventory,
  type PlannedNodeChanges,
  withoutNonNodes,
} from './node-changes.js';
import { planNodeRoll } from './node-roll.js';
import { addressMoveRefusal } from './address-moves.js';
import { newFirstControlPlaneRefusal } from './control-plane-order.js';
import { describeInPlaceChange, type InPlaceChange, inPlaceRefusal, replacementRefusal } from './server-changes.js';
import { workerBatches } from '../kube/version.js';
import type { NodeWork } from '../model/nodes.js';
import type { DeployState } from '../model/state.js';
import { describeRuns, isMembershipProcedure, plannedRuns } from './membership.js';
import { decideVersionPath, recordedRunning, type VersionPath } from './version-path.js';
import type { DeploySettings } from '../model/settings.js';
import { kubesprayPaths } from './paths.js';

/** What a deploy would do about nodes, for the dry run, the CLI plan and the PR comment. */
export interface NodeDecisions {
  /** "remove-node.yml for worker-0 before apply; scale.yml --limit worker-3,worker-4 after" */
  summary: string;
  removeBeforeApply: string[];
  playbook: 'cluster.yml' | 'scale.yml' | 'none';
  limit?: string[];
  /** Set when the deploy would refuse this plan (the quorum guard, nodes rebuilt or resized in place): the reason, saying what to do. */
  refused?: string;
  /** Nodes the plan rebuilds, resizes or power-cycles in place, one entry per attribute (the refusal names them too). */
  inPlace?: InPlaceChange[];
  /** Warnings, the override of the guard first ("UNSAFE: …"). */
  warnings: string[];
  /** The playbook runs after the apply, in order (kubespray/membership.ts), an upgrade path first. */
  runs?: string[];
}

/** A plan's node work, decided once for the opentofu-plan step and the previews. */
export interface PlannedNodeWork {
  /** The plan's node changes, servers outside the inventory's Kubernetes groups (a bastion) taken out. */
  planned: PlannedNodeChanges;
  work: NodeWork;
  inventory: Inventory | undefined;
  /** The quorum guard's warnings (an override of it: "UNSAFE: …"). */
  warnings: string[];
  /** Set when the quorum guard refuses the plan: the reason, saying what to do. */
  refused?: string;
}

/** The node work of this plan against the inventory before it, and what the quorum guard says of it. */
export function planNodeWork(settings: DeploySettings, planChanges: PlannedNodeChanges): PlannedNodeWork {
  const inventoryFile = kubesprayPaths(settings).inventory;
  const inventory = readInventory(inventoryFile);
  const planned = withoutNonNodes(planChanges, inventory);
  const work: NodeWork = nodeWorkFromPlan(planned, inventory);
  // Never overridable by allow-unsafe-node-removal: that flag is about removals, and a rebuild, a roll, an address
  // or a new server first in the control plane (a replaced one too: work.create) is none.
  const inPlace = inPlaceRefusal(planned.inPlace ?? []);
  const replacing = replacementRefusal(
    planned.replacements ?? [],
    (node) => !inventory || inventory.controlPlane.includes(node) || inventory.etcd.includes(node),
    replacementBatch(settings, inventory),
  );
  const moving = addressMoveRefusal(planned.addressMoves ?? []);
  const own = [
    newFirstControlPlaneRefusal(planned.firstControlPlanes ?? [], work.create, work.newCluster),
    inPlace && `refusing to change nodes in place: ${inPlace}`,
    replacing && `refusing to replace nodes at once: ${replacing}`,
    moving && `refusing to move addresses: ${moving}`,
  ].filter((refusal): refusal is string => Boolean(refusal));
  try {
    const { warnings } = checkRemovalSafety(work, inventory, settings.allowUnsafeNodeRemoval, inventoryFile);
    return { planned, work, inventory, warnings, ...(own.length && { refused: own.join('\n') }) };
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { planned, work, inventory, warnings: [], refused: [error.message, ...own].join('\n') };
  }
}

/** Workers a deploy may replace at once: the upgrade's worker batch (deployment.kubespray.upgrade_batch_size, default 20%, at least 1). */
function replacementBatch(settings: DeploySettings, inventory: Inventory | undefined): number {
  const workers = (inventory?.workers ?? []).filter((node) => !inventory?.controlPlane.includes(node));
  return workerBatches(workers, settings.upgradeBatchSize)[0]?.length ?? 1;
}

/**
 * The undrained-apply rule: a run that applies without kubespray-remove-nodes (a single step, the
 * tofu action) would delete servers whose nodes were never drained and removed.
 */
export function appliesWithoutDraining(stepIds: readonly string[]): boolean {
  return stepIds.includes('opentofu-apply') && !stepIds.includes('kubespray-remove-nodes');
}

/** The nodes the pending work deletes that kubespray-remove-nodes has not drained and removed yet. */
export function undrainedNodes(work: { remove: readonly string[]; removed?: readonly string[] } | undefined): string[] {
  const removed = new Set(work?.removed ?? []);
  return (work?.remove ?? []).filter((node) => !removed.has(node));
}

/**
 * The node decisions of a deploy of this plan, made as opentofu-plan would make them. Undefined when
 * Kubespray does not run (deployment.method none) or the operation is not a deploy. Given the steps a
 * run covers, a plan that deletes nodes in a run that would apply without draining them is refused,
 * as the engine refuses it.
 */
export function nodeDecisions(
  settings: DeploySettings,
  planned: PlannedNodeChanges,
  stepIds?: readonly string[],
  saved?: DeployState,
): NodeDecisions | undefined {
  if (settings.kubespray && settings.operation === 'replace-nodes') return rollDecisions(settings, planned);
  if (!settings.kubespray || settings.operation !== 'deploy') return undefined;
  const { planned: nodesOnly, work, inventory, warnings, refused: guard } = planNodeWork(settings, planned);
  const decision = predictedPlaybook(work, inventory);
  // The versions as kubespray-fetch holds them against the last completed run (the run asks the API too).
  const versions = previewVersionPath(settings, work.newCluster, saved);
  const refused = guard ?? versions.refused;
  const runs = plannedRuns(decision, work, inventory);
  const upgrade = versions.path?.kind === 'upgrade' ? `upgrade-cluster.yml first (${versions.path.reason})` : undefined;
  const unknown = versions.path?.kind === 'same' && versions.path.readFromNodes ? versions.path.note : undefined;
  const procedure = isMembershipProcedure(runs) ? `runs, in order: ${describeRuns(runs)}` : undefined;
  const nodes: NodeDecisions = {
    ...((upgrade || procedure) && { runs: [...(upgrade ? [upgrade] : []), ...runs.map((run) => describeRuns([run]))] }),
    summary: [upgrade ?? unknown, describeNodeDecisions(work, decision), procedure].filter(Boolean).join('; '),
    removeBeforeApply: work.remove,
    playbook: decision.kind === 'cluster' ? 'cluster.yml' : decision.kind === 'scale' ? 'scale.yml' : 'none',
    ...(decision.kind === 'scale' && { limit: decision.limit }),
    ...(refused && { refused }),
    ...(nodesOnly.inPlace?.length && { inPlace: nodesOnly.inPlace }),
    warnings: [...warnings.filter((w) => w.startsWith('UNSAFE:')), ...warnings.filter((w) => !w.startsWith('UNSAFE:'))],
  };
  if (nodes.refused || nodes.removeBeforeApply.length === 0 || !stepIds || !appliesWithoutDraining(stepIds))
    return nodes;
  return {
    ...nodes,
    refused:
      `the plan deletes nodes ${nodes.removeBeforeApply.join(', ')}, but this action applies without kubespray-remove-nodes, which drains and removes them first; ` +
      'deploy with the root action, which removes them before applying',
  };
}

/** replace-nodes: the nodes it would replace, one at a time, as opentofu-replace-plan would list them (a fresh roll). */
function rollDecisions(settings: DeploySettings, planChanges: PlannedNodeChanges): NodeDecisions {
  const inventoryFile = kubesprayPaths(settings).inventory;
  const inventory = readInventory(inventoryFile);
  const nodesOnly = withoutNonNodes(planChanges, inventory);
  const inPlace = nodesOnly.inPlace ?? [];
  const decisions = {
    removeBeforeApply: [],
    playbook: 'none' as const,
    warnings: [],
    ...(inPlace.length && { inPlace }),
  };
  try {
    const roll = planNodeRoll([...inPlace, ...(nodesOnly.replacements ?? [])], inventory, undefined, inventoryFile);
    const names = roll.nodes.map((node) => node.name);
    return {
      ...decisions,
      summary: names.length
        ? `replace-nodes replaces ${names.join(', ')}, one at a time: remove-node.yml, the server replaced, joined again (scale.yml; cluster.yml and upgrade-cluster.yml for control-plane and etcd nodes), Ready`
        : 'the plan rebuilds, resizes, power-cycles or replaces no node: replace-nodes has nothing to replace',
    };
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return { ...decisions, summary: 'replace-nodes would replace no node', refused: error.message };
  }
}

/**
 * The version path a deploy would take, judged from the saved state: the path, or the refusal's reason.
 * `newCluster` undefined: the plan's nodes are not known yet; a state without versions then says nothing.
 */
export function previewVersionPath(
  settings: DeploySettings,
  newCluster: boolean | undefined,
  saved: DeployState | undefined,
): { path?: VersionPath; refused?: string } {
  const installed = saved && !saved.destroyedAt ? saved.installed : undefined;
  // A kept cluster the state has no versions of (expired, --restart, state-store none): the run reads them from the nodes.
  if (!installed && newCluster !== false) return {};
  try {
    return {
      path: decideVersionPath({
        newCluster: newCluster === true,
        running: recordedRunning(installed),
        installedKubespray: installed?.kubespray,
        wanted: {
          kube: settings.kubernetesVersion,
          kubespray: settings.kubesprayRelease.version,
          where: 'opencenter.cluster.kubernetes.version',
        },
        upgradeOnDeploy: settings.upgradeOnDeploy,
      }),
    };
  } catch (error) {
    if (error instanceof UserError) return { refused: error.message };
    throw error;
  }
}

/** The decisions as text lines, for the CLI. */
export function renderNodeDecisions(nodes: NodeDecisions): string {
  const lines = [`Nodes: ${nodes.summary}`];
  if (nodes.refused) lines.push(`  REFUSED: a deploy of this plan stops before changing anything: ${nodes.refused}`);
  for (const change of nodes.inPlace ?? []) lines.push(`    - ${describeInPlaceChange(change)}`);
  for (const warning of nodes.warnings) lines.push(`  ${warning.startsWith('UNSAFE:') ? '⚠️ ' : ''}warning: ${warning}`);
  return `${lines.join('\n')}\n`;
}
