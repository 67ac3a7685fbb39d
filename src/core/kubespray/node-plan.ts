import { UserError } from '../lib/errors.js';
import {
  checkRemovalSafety,
  describeNodeDecisions,
  nodeWorkFromPlan,
  predictedPlaybook,
  readInventory,
  type PlannedNodeChanges,
} from './node-changes.js';
import type { NodeWork } from '../model/nodes.js';
import type { DeploySettings } from '../model/settings.js';
import { kubesprayPaths } from './paths.js';

/** What a deploy would do about nodes, for the dry run, the CLI plan and the PR comment. */
export interface NodeDecisions {
  /** "remove-node.yml for worker-0 before apply; scale.yml --limit worker-3,worker-4 after" */
  summary: string;
  removeBeforeApply: string[];
  playbook: 'cluster.yml' | 'scale.yml' | 'none';
  limit?: string[];
  /** Set when the deploy would refuse this plan (the quorum guard): the reason, saying what to do. */
  refused?: string;
  /** Warnings, the override of the guard first ("UNSAFE: …"). */
  warnings: string[];
}

/**
 * The node decisions of a deploy of this plan, made as opentofu-plan would make them. Undefined when
 * Kubespray does not run (deployment.method none) or the operation is not a deploy.
 */
export function nodeDecisions(settings: DeploySettings, planned: PlannedNodeChanges): NodeDecisions | undefined {
  if (!settings.kubespray || settings.operation !== 'deploy') return undefined;
  const inventoryFile = kubesprayPaths(settings).inventory;
  const inventory = readInventory(inventoryFile);
  const work: NodeWork = nodeWorkFromPlan(planned, inventory);
  let warnings: string[] = [];
  let refused: string | undefined;
  try {
    warnings = checkRemovalSafety(work, inventory, settings.allowUnsafeNodeRemoval, inventoryFile).warnings;
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    refused = error.message;
  }
  const decision = predictedPlaybook(work, inventory);
  return {
    summary: describeNodeDecisions(work, decision),
    removeBeforeApply: work.remove,
    playbook: decision.kind === 'cluster' ? 'cluster.yml' : decision.kind === 'scale' ? 'scale.yml' : 'none',
    ...(decision.kind === 'scale' && { limit: decision.limit }),
    ...(refused && { refused }),
    warnings: [...warnings.filter((w) => w.startsWith('UNSAFE:')), ...warnings.filter((w) => !w.startsWith('UNSAFE:'))],
  };
}

/** The decisions as text lines, for the CLI. */
export function renderNodeDecisions(nodes: NodeDecisions): string {
  const lines = [`Nodes: ${nodes.summary}`];
  if (nodes.refused) lines.push(`  REFUSED: a deploy of this plan stops before changing anything: ${nodes.refused}`);
  for (const warning of nodes.warnings) lines.push(`  ${warning.startsWith('UNSAFE:') ? '⚠️ ' : ''}warning: ${warning}`);
  return `${lines.join('\n')}\n`;
}
