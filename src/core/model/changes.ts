/** What a plan changes, as the previews, the steps and the PR comment count and list it (tofu and Cluster API alike). */
export type ChangeAction = 'create' | 'update' | 'destroy' | 'replace';

export interface PlanChanges {
  /** Counted apart: a replacement is in `replace` only, not in `add` or `destroy`. */
  add: number;
  change: number;
  destroy: number;
  replace: number;
  rows: { address: string; action: ChangeAction }[];
}

const SIGN: Record<ChangeAction, string> = { create: '+', update: '~', destroy: '-', replace: '-/+' };

/**
 * The one change table of the CLI and the dry run: "<title>: <counts>", then one line per changed
 * object with its sign (+ ~ - -/+); "<title>: no changes" when there are none.
 */
export function renderChangeTable(title: string, counts: string, changes: Pick<PlanChanges, 'rows'>): string {
  if (changes.rows.length === 0) return `${title}: no changes\n`;
  const lines = [`${title}: ${counts}`];
  for (const row of changes.rows) lines.push(`  ${SIGN[row.action].padEnd(3)} ${row.address}`);
  return `${lines.join('\n')}\n`;
}
