import { changeCounts } from '../../core/tofu/plan-json.js';
/**
 * The overview comment of a pull request whose clusters are planned by a matrix (one job per
 * cluster, each with its own sticky plan comment): one sticky comment listing every cluster with its
 * counts and a link to its comment, naming the clusters whose plan failed or left no comment for
 * this commit, with a gantt chart of the plan times. Everything it shows comes from the hidden
 * records of the clusters' own comments (readPlanRecord): no artifact, no value that could be a secret.
 */

import { UsageError } from '../../core/lib/errors.js';
import { isClusterId, NAME_RULE } from '../../core/lib/option-values.js';
import { COMMENT_LIMIT, planMarker, readPlanRecord, type PlanRecord } from './plan-comment.js';
import type { OwnComment } from './sticky-comment.js';
import { renderGanttChart } from '../reports/timeline.js';

export const OVERVIEW_MARKER = '<!-- cluster-deploy-plan-overview -->';

/** GitHub runs at most 256 jobs per matrix: an overview of more clusters is a mistake. */
export const MAX_CLUSTERS = 256;
/** The targets output of 256 clusters is about 33 KB; far more is not a cluster list. */
const MAX_CLUSTERS_INPUT = 100_000;
/** Names listed in the failed and missing lines; every cluster is in the table anyway. */
const MAX_NAMED = 30;

const shown = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

/**
 * The `clusters` input: the targets action's `clusters` output, a JSON list of `<org>/<cluster>`,
 * each name as the config allows it, none twice, at most MAX_CLUSTERS. Undefined when not given.
 */
export function parseClustersInput(text: string): string[] | undefined {
  const value = text.trim();
  const what =
    'pass the targets action\'s clusters output, a JSON list of "<org>/<cluster>" (["acme/prod-east", "acme/prod-west"])';
  if (!value) return undefined;
  if (value.length > MAX_CLUSTERS_INPUT)
    throw new UsageError(
      `input clusters: ${value.length} characters is not a list of at most ${MAX_CLUSTERS} clusters; ${what}`,
    );
  let list: unknown;
  try {
    list = JSON.parse(value);
  } catch {
    throw new UsageError(`input clusters: ${shown(value)} is not JSON; ${what}`);
  }
  if (!Array.isArray(list)) throw new UsageError(`input clusters: ${shown(value)} is not a JSON list; ${what}`);
  if (list.length > MAX_CLUSTERS)
    throw new UsageError(`input clusters: ${list.length} clusters, more than a matrix runs (${MAX_CLUSTERS})`);
  const seen = new Set<string>();
  return list.map((item, i) => {
    const where = `input clusters[${i}]`;
    if (typeof item !== 'string')
      throw new UsageError(
        `${where}: ${shown(JSON.stringify(item) ?? String(item))} is not a string "<org>/<cluster>"`,
      );
    if (!isClusterId(item)) {
      throw new UsageError(`${where}: ${shown(item)} is not "<org>/<cluster>" (each ${NAME_RULE})`);
    }
    if (seen.has(item)) throw new UsageError(`${where}: ${shown(item)} is listed twice`);
    seen.add(item);
    return item;
  });
}

/** The clusters with a plan comment among ours, in the order they were first commented: the overview without `clusters`. */
export function commentedClusters(own: readonly OwnComment[]): string[] {
  const clusters = own
    .map((c) => /^<!-- cluster-deploy-plan:([^\s>]+) -->/.exec(c.body)?.[1])
    .filter((id): id is string => id !== undefined && isClusterId(id));
  return [...new Set(clusters)].slice(0, MAX_CLUSTERS);
}

/** Where a cluster's plan stands for the commit the overview is for. */
export type ClusterPlanState = 'planned' | 'failed' | 'outdated' | 'missing';

export interface OverviewRow {
  cluster: string;
  state: ClusterPlanState;
  /** The record of its comment (for `outdated`, of an older commit or an older version's comment). */
  record?: PlanRecord;
  url?: string;
}

/**
 * Each cluster's row, from our own comments on the pull request: its plan comment (marker), the
 * record in it, and whether that record is of this commit (`headSha`, when the event names it).
 */
export function overviewRows(
  clusters: readonly string[],
  own: readonly OwnComment[],
  headSha: string | undefined,
): OverviewRow[] {
  return clusters.map((cluster) => {
    const comment = own.find((c) => c.body.startsWith(planMarker(cluster)));
    if (!comment) return { cluster, state: 'missing' };
    const record = readPlanRecord(comment.body);
    const current = record && (!headSha || !record.commit || record.commit === headSha);
    const state = !current ? 'outdated' : record.status === 'ok' ? 'planned' : 'failed';
    return { cluster, state, record, url: comment.url };
  });
}

export interface OverviewInput {
  rows: readonly OverviewRow[];
  commit?: string;
  runUrl?: string;
  runNumber?: string;
  updatedAt: Date;
}

const count = (rows: readonly OverviewRow[], state: ClusterPlanState) => rows.filter((r) => r.state === state).length;
const short = (sha: string | undefined) => (sha ? `\`${sha.slice(0, 7)}\`` : 'this commit');

function planCell(row: OverviewRow): string {
  const r = row.record;
  if (row.state === 'missing') return '❓ no plan comment';
  if (row.state === 'outdated') return r?.commit ? `⏳ plan of ${short(r.commit)}` : '⏳ no plan record';
  if (row.state === 'failed') return '❌ failed';
  if (!r) return '';
  if (r.operation === 'destroy') return r.destroy + r.replace ? '🔴 destroy' : '🟢 nothing to destroy';
  if (r.add + r.change + r.destroy + r.replace === 0) return '🟢 no changes';
  return r.destroy || r.replace ? '🟠 changes' : '🟡 changes';
}

function row(r: OverviewRow): string {
  const name = r.url ? `[\`${r.cluster}\`](${r.url})` : `\`${r.cluster}\``;
  const counts =
    r.state === 'planned' && r.record
      ? [r.record.add, r.record.change, r.record.destroy, r.record.replace].map(String)
      : ['–', '–', '–', '–'];
  return `| ${name} | ${planCell(r)} | ${counts.join(' | ')} |`;
}

function named(label: string, rows: readonly OverviewRow[], why: string): string[] {
  if (!rows.length) return [];
  const names = rows.slice(0, MAX_NAMED).map((r) => `\`${r.cluster}\``);
  if (rows.length > MAX_NAMED) names.push(`and ${rows.length - MAX_NAMED} more`);
  return [`> **${label}:** ${names.join(', ')}${why}`, ''];
}

/** The plan times of this commit's plans: one bar per cluster, failed ones red. */
function planTimes(input: OverviewInput): string {
  const bars = input.rows
    .filter((r) => r.record && (r.state === 'planned' || r.state === 'failed'))
    .map((r) => ({
      name: r.cluster,
      startedAt: r.record!.startedAt,
      durationMs: r.record!.durationMs,
      ok: r.state === 'planned',
    }));
  return renderGanttChart([
    { name: `plans of commit ${input.commit ? input.commit.slice(0, 7) : 'this commit'}`, bars },
  ]);
}

/** The overview's body, within GitHub's comment limit: the chart goes first, then table rows, each with a note. */
export function buildOverviewComment(input: OverviewInput): string {
  const { rows } = input;
  const planned = rows.filter((r) => r.state === 'planned' && r.record);
  const total = (key: 'add' | 'change' | 'destroy' | 'replace') => planned.reduce((sum, r) => sum + r.record![key], 0);
  const failed = rows.filter((r) => r.state === 'failed');
  const absent = rows.filter((r) => r.state === 'missing' || r.state === 'outdated');
  const parts = [
    `${count(rows, 'planned')} planned`,
    failed.length ? `**${failed.length} failed**` : '',
    absent.length ? `**${absent.length} without a plan for ${short(input.commit)}**` : '',
  ].filter(Boolean);
  const icon = failed.length || absent.length ? '❌' : total('destroy') || total('replace') ? '🟠' : '📋';
  const head = [
    OVERVIEW_MARKER,
    rows.length
      ? `### ${icon} Plans for ${rows.length} cluster${rows.length === 1 ? '' : 's'} — ${parts.join(', ')}`
      : '### 📋 No cluster is planned for this pull request',
    '',
    ...(planned.length
      ? [
          `In all: ${changeCounts({ add: total('add'), change: total('change'), destroy: total('destroy'), replace: total('replace') })}.`,
          '',
        ]
      : []),
    ...named('❌ Plan failed', failed, ": see each one's comment for why"),
    ...named(
      `⚠️ No plan comment for ${short(input.commit)}`,
      absent,
      ': their plan job failed before commenting, was cancelled or did not run; see the run',
    ),
  ];
  const footer = [
    '',
    [
      input.commit && `commit \`${input.commit.slice(0, 7)}\``,
      input.runUrl && `[run${input.runNumber ? ` #${input.runNumber}` : ''}](${input.runUrl})`,
      `updated ${input.updatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    ]
      .filter(Boolean)
      .join(' · '),
    '',
  ];
  const table = (shownRows: number) =>
    rows.length
      ? [
          '| cluster | plan | add | change | destroy | replace |',
          '|---|---|---|---|---|---|',
          ...rows.slice(0, shownRows).map(row),
          ...(shownRows < rows.length
            ? [`| … | ${rows.length - shownRows} more clusters: the comment would be too long | | | | |`]
            : []),
          '',
        ]
      : [];
  const chart = planTimes(input);
  const assemble = (shownRows: number, withChart: boolean) =>
    [
      ...head,
      ...table(shownRows),
      ...(chart
        ? withChart
          ? ['**Plan times**', '', chart]
          : ['The plan times are left out: the comment would be too long.', '']
        : []),
      ...footer,
    ].join('\n');

  let body = assemble(rows.length, true);
  if (body.length <= COMMENT_LIMIT) return body;
  body = assemble(rows.length, false);
  for (
    let shownRows = rows.length;
    body.length > COMMENT_LIMIT && shownRows > 0;
    shownRows = Math.floor(shownRows * 0.9)
  )
    body = assemble(shownRows, false);
  return body;
}
