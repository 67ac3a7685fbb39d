import { z } from 'zod';
import type { CommandResult, ExecOptions } from '../lib/command.js';
import { UserError } from '../lib/errors.js';
import { type ChangeAction, type PlanChanges, renderChangeTable } from '../model/changes.js';

/**
 * The parts of `tofu show -json <plan>` we read. zod drops everything else, so resource values
 * (which the JSON holds in plain text, sensitive ones included) are never kept.
 */
const PlanJsonSchema = z.object({
  resource_changes: z
    .array(z.object({ address: z.string(), change: z.object({ actions: z.array(z.string()) }) }))
    .default([]),
});

function classify(actions: readonly string[]): ChangeAction | undefined {
  const set = new Set(actions);
  if (set.has('create') && set.has('delete')) return 'replace';
  if (set.has('create')) return 'create';
  if (set.has('delete')) return 'destroy';
  if (set.has('update')) return 'update';
  return undefined; // no-op, read
}

/** Counts and lists the changes of a plan from its JSON form (never from the text). */
export function summarizeChanges(planJson: unknown): PlanChanges {
  const parsed = PlanJsonSchema.safeParse(planJson);
  if (!parsed.success)
    throw new UserError(
      `tofu show -json gave an unexpected plan document: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
    );
  const changes: PlanChanges = { add: 0, change: 0, destroy: 0, replace: 0, rows: [] };
  for (const resource of parsed.data.resource_changes) {
    const action = classify(resource.change.actions);
    if (!action) continue;
    changes.rows.push({ address: resource.address, action });
    if (action === 'create') changes.add++;
    else if (action === 'update') changes.change++;
    else if (action === 'destroy') changes.destroy++;
    else changes.replace++;
  }
  return changes;
}

/**
 * `tofu show -json <plan>`, parsed. Captured quietly: the JSON holds every value in plain text, so
 * it never reaches the log; only what zod keeps from it (addresses, actions, node names) is used.
 */
export async function readPlanJson(
  planFile: string,
  tofu: (args: string[], options: ExecOptions) => Promise<CommandResult>,
): Promise<unknown> {
  const json = await tofu(['show', '-json', planFile], { capture: true, quiet: true });
  try {
    return JSON.parse(json.stdout);
  } catch {
    throw new UserError(
      `could not read the plan as JSON (tofu show -json ${planFile}); is the binary OpenTofu ≥ 1.6 or Terraform ≥ 1.0?`,
    );
  }
}

/** Counts as tofu prints them ("Plan: N to add, …"): a replacement adds one and destroys one. */
export function tofuCounts(changes: Pick<PlanChanges, 'add' | 'change' | 'destroy' | 'replace'>): {
  toAdd: number;
  toChange: number;
  toDestroy: number;
  toReplace: number;
} {
  return {
    toAdd: changes.add + changes.replace,
    toChange: changes.change,
    toDestroy: changes.destroy + changes.replace,
    toReplace: changes.replace,
  };
}

/**
 * The one way counts are said everywhere (CLI, summaries, comments, outputs): tofu's own "N to add,
 * N to change, N to destroy", a replacement counted in both add and destroy, then how many of those
 * are replacements. `strong` wraps the counts worth a reviewer's eye (destroy, replace).
 */
export function changeCounts(
  changes: Pick<PlanChanges, 'add' | 'change' | 'destroy' | 'replace'>,
  strong: (text: string) => string = (text) => text,
): string {
  const { toAdd, toChange, toDestroy, toReplace } = tofuCounts(changes);
  const destroy = `${toDestroy} to destroy`;
  return `${toAdd} to add, ${toChange} to change, ${toDestroy ? strong(destroy) : destroy}${toReplace ? ` (${strong(`${toReplace} of them replaced`)})` : ''}`;
}

/** The change summary as text, for the CLI: tofu's counts line, then one line per changed resource. */
export function renderTofuChanges(cluster: string, changes: PlanChanges): string {
  return renderChangeTable(`OpenTofu plan for ${cluster}`, changeCounts(changes), changes);
}
