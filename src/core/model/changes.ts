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
