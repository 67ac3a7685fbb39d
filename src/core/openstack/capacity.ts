/**
 * What a change takes from the project's quotas against what is left: the table (quota, in use,
 * the plan adds, limit, left after) and the refusal that names each quota exceeded and by how much.
 * The demand comes from the plan (tofu/capacity-demand.ts) or the rendered manifests
 * (capi/capacity-demand.ts); the usage from the services (quotas.ts). Only counts and quota names
 * reach the table: never a value of the plan.
 */

import { z } from 'zod';
import { QUOTA_NAMES, QUOTAS, type ProjectQuotas, type QuotaName, SERVICE_NAMES } from './quotas.js';

/** One server group the change adds members to. */
export interface GroupDemand {
  /** The group's id when it exists, else the address of the resource that creates it. */
  key: string;
  /** How the table names it. */
  label: string;
  /** Whether the group exists already (its members count from Nova) or the change creates it. */
  existing: boolean;
  adds: number;
}

export interface CapacityDemand {
  /** Net change per quota: creations and growth minus deletions and shrinking; may be negative. */
  adds: Partial<Record<QuotaName, number>>;
  groups: GroupDemand[];
  /** What could not be counted (a flavor unknown until apply, one Nova does not know), one line each. */
  notes: string[];
  /** Counted from what the change asks for, where another program decides the rest (Cluster API's CAPO). */
  estimate?: string;
}

const QuotaNameSchema = z.enum(QUOTA_NAMES as [QuotaName, ...QuotaName[]]);

const CapacityRowSchema = z.object({
  quota: QuotaNameSchema,
  /** The quota as people name it; for server group members, with the group. */
  label: z.string(),
  inUse: z.number(),
  adds: z.number(),
  /** undefined: unlimited. */
  limit: z.number().optional(),
  /** limit - (in use + adds); undefined when unlimited. */
  leftAfter: z.number().optional(),
});

/**
 * The comparison, kept in the resume state for the summaries (counts, quota names and service
 * messages only: never a value of the plan or a credential).
 */
export const CapacityReportSchema = z.object({
  rows: z.array(CapacityRowSchema),
  /** Rows the change would push over their limit, with by how much. */
  exceeded: z.array(CapacityRowSchema.extend({ by: z.number() })),
  /** Quotas the change touches that could not be compared (their service was skipped). */
  unchecked: z.array(z.object({ quota: QuotaNameSchema, adds: z.number() })),
  skipped: z.array(
    z.object({ service: z.enum(['compute', 'network', 'volume', 'load-balancer']), reason: z.string() }),
  ),
  notes: z.array(z.string()),
  estimate: z.string().optional(),
  /** Set when --ignore-capacity let an apply over quota go ahead. */
  overridden: z.boolean().optional(),
});

export type CapacityRow = z.infer<typeof CapacityRowSchema>;
export type CapacityReport = z.infer<typeof CapacityReportSchema>;

export function emptyDemand(): CapacityDemand {
  return { adds: {}, groups: [], notes: [] };
}

/** Adds `amount` of `quota` to the demand (negative frees). */
export function addDemand(demand: CapacityDemand, quota: QuotaName, amount: number): void {
  if (amount !== 0) demand.adds[quota] = (demand.adds[quota] ?? 0) + amount;
}

/**
 * Rows for each quota the change touches (adds or frees), and for any already over its limit. A
 * quota is exceeded only when the change adds to it: a change that frees is never refused, even
 * in a project already over a limit.
 */
export function compareCapacity(quotas: ProjectQuotas, demand: CapacityDemand): CapacityReport {
  const rows: CapacityRow[] = [];
  const unchecked: CapacityReport['unchecked'] = [];
  for (const quota of QUOTA_NAMES) {
    if (quota === 'server_group_members') continue; // per group, below
    const adds = demand.adds[quota] ?? 0;
    const read = quotas.usage[quota];
    if (!read) {
      if (adds !== 0) unchecked.push({ quota, adds });
      continue;
    }
    const overAlready = read.limit !== undefined && read.inUse > read.limit;
    if (adds === 0 && !overAlready) continue;
    rows.push(row(quota, QUOTAS[quota].label, read.inUse, adds, read.limit));
  }
  const members = quotas.usage.server_group_members;
  for (const group of demand.groups) {
    if (!members) {
      if (group.adds !== 0) unchecked.push({ quota: 'server_group_members', adds: group.adds });
      continue;
    }
    if (group.adds === 0) continue;
    const inUse = group.existing ? (quotas.serverGroupMembers[group.key] ?? 0) : 0;
    rows.push(row('server_group_members', `server group members (${group.label})`, inUse, group.adds, members.limit));
  }
  const exceeded = rows
    .filter((r) => r.adds > 0 && r.leftAfter !== undefined && r.leftAfter < 0)
    .map((r) => ({ ...r, by: -r.leftAfter! }));
  return {
    rows,
    exceeded,
    unchecked,
    skipped: quotas.skipped,
    notes: demand.notes,
    ...(demand.estimate && { estimate: demand.estimate }),
  };
}

function row(quota: QuotaName, label: string, inUse: number, adds: number, limit: number | undefined): CapacityRow {
  return {
    quota,
    label,
    inUse,
    adds,
    ...(limit !== undefined && { limit, leftAfter: limit - (inUse + adds) }),
  };
}

const HEADER = ['quota', 'in use', 'plan adds', 'limit', 'left after'] as const;

function signed(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

/** The table's cells, header first: the text and Markdown renderers share them. */
export function capacityCells(report: CapacityReport): string[][] {
  return [
    [...HEADER],
    ...report.rows.map((r) => [
      r.label,
      String(r.inUse),
      signed(r.adds),
      r.limit === undefined ? 'unlimited' : String(r.limit),
      r.leftAfter === undefined ? 'unlimited' : r.leftAfter < 0 ? `${r.leftAfter} (exceeded)` : String(r.leftAfter),
    ]),
  ];
}

/** The lines under the table: what was skipped and why, what could not be counted, the estimate. */
export function capacityRemarks(report: CapacityReport): string[] {
  return [
    ...(report.estimate ? [`estimate: ${report.estimate}`] : []),
    ...report.skipped.map((s) => `not checked: ${s.reason}`),
    ...report.unchecked.map(
      (u) =>
        `${QUOTAS[u.quota].label}: the change adds ${signed(u.adds)}, not compared (${SERVICE_NAMES[QUOTAS[u.quota].service]} was not read)`,
    ),
    ...report.notes.map((n) => `not counted: ${n}`),
  ];
}

/** The table as plain text with aligned columns, then the remarks; for terminals and logs. */
export function renderCapacityText(report: CapacityReport): string {
  const lines: string[] = [];
  if (report.rows.length === 0) {
    lines.push('The change takes nothing any read quota counts.');
  } else {
    const cells = capacityCells(report);
    const widths = HEADER.map((_, column) => Math.max(...cells.map((r) => r[column]!.length)));
    for (const cellRow of cells) {
      lines.push(
        cellRow
          .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
          .join('  ')
          .trimEnd(),
      );
    }
  }
  lines.push(...capacityRemarks(report));
  return `${lines.join('\n')}\n`;
}

/** One line for the step's result. */
export function capacitySummary(report: CapacityReport): string {
  const skipped = report.skipped.length ? `; ${report.skipped.length} service(s) not checked` : '';
  if (report.exceeded.length > 0) return `${report.exceeded.length} quota(s) exceeded${skipped}`;
  return `within quota (${report.rows.length} quota(s) compared${skipped})`;
}

/** Each exceeded quota and by how much, with the figures. */
export function exceededLines(report: CapacityReport): string[] {
  return report.exceeded.map(
    (r) => `${r.label}: exceeded by ${r.by} (in use ${r.inUse} + the plan adds ${r.adds} > limit ${r.limit})`,
  );
}

/** The refusal of an apply over quota, naming each quota and by how much. */
export function capacityRefusal(report: CapacityReport): string {
  const count = report.exceeded.length;
  return [
    `the change would exceed ${count === 1 ? 'a quota' : `${count} quotas`} of the project, so nothing was applied:`,
    ...exceededLines(report).map((line) => `  - ${line}`),
    'Free or ask for more quota, or shrink the change; to apply anyway (the cloud will refuse part of it) pass --ignore-capacity (input ignore-capacity).',
  ].join('\n');
}

/** The quota section of a plan for people (CLI `plan --tofu-plan`); empty when no check was asked for. */
export function renderPlanCapacity(capacity: CapacityReport | { error: string } | undefined): string {
  if (!capacity) return '';
  if ('error' in capacity) return `Quotas: not checked: ${capacity.error}\n`;
  const verdict = capacity.exceeded.length
    ? `a deploy of this plan would be refused (${exceededLines(capacity).join('; ')})`
    : 'within quota';
  return `Quotas (openstack-capacity): ${verdict}\n${renderCapacityText(capacity)}`;
}
