import { changeCounts } from '../../core/tofu/plan-json.js';
/**
 * The pull-request plan comment: which cluster, what changes (from `tofu show -json`, never from
 * parsing text), what an apply would run, and the full text plan folded away, always within
 * GitHub's comment limit without breaking a code fence, a <details> block or a character.
 */

import { type CapacityReport, exceededLines } from '../../core/openstack/capacity.js';
import { capacityMarkdown } from '../reports/capacity.js';
import { z } from 'zod';
import type { NodeDecisions } from '../../core/kubespray/node-plan.js';
import { describeInPlaceChange } from '../../core/kubespray/server-changes.js';
import { OPERATIONS, type Operation } from '../../core/lib/option-values.js';
import type { ChangeAction, PlanChanges } from '../../core/model/changes.js';
import { codeText, withoutMentions, WORD_JOINER } from '../runner/markdown.js';

/** GitHub refuses longer comment bodies (422 "Body is too long"). */
export const COMMENT_LIMIT = 65_536;
/** The resource table stays readable; the rest is in the full plan. */
const MAX_TABLE_ROWS = 150;

export interface PlanCommentInput {
  cluster: string;
  configPath?: string;
  changes: PlanChanges;
  /** `tofu show <planfile>` output, already redacted. */
  planText: string;
  /** The steps a run of this plan would run, in order. */
  applySteps: string[];
  /** What the plan is for (default deploy): a destroy plan says so in its headline. */
  operation?: Operation;
  /** A deploy with Kubespray: what it would do about nodes (nodeDecisions), refusals and UNSAFE overrides loud. */
  nodes?: NodeDecisions;
  /** openstack-capacity's comparison with the quotas (a refusal loud, the table folded), or why it could not run. */
  capacity?: CapacityReport | { error: string };
  /** e.g. "resume state: none — a full deploy". */
  stateNote?: string;
  commit?: string;
  runUrl?: string;
  runNumber?: string;
  /** Where the full plan is when the comment has to cut it. */
  fullPlanLocation?: string;
  updatedAt: Date;
  /** Longest body allowed: GitHub counts comments in characters and job summaries in bytes. */
  limit?: { size: number; unit: 'characters' | 'bytes' };
  /** The hidden record the overview reads, on the line after the marker. */
  record?: PlanRecord;
  /** Markdown blocks we built (a plan credential that can write), loud, right after the headline. */
  notices?: string[];
}

export function planMarker(cluster: string): string {
  return `<!-- cluster-deploy-plan:${cluster} -->`;
}

/**
 * What the overview comment needs from a cluster's plan comment, hidden in it next to the marker:
 * only counts, an outcome, times and the commit, so no value in it can carry a secret. Read back
 * from a comment (which a fork's run may have written), it is untrusted: strictly parsed. Built on
 * first use: the plan paths only need it.
 */
function planRecordSchema() {
  const count = z.number().int().min(0).max(1e9);
  return z
    .object({
      status: z.enum(['ok', 'failed']),
      operation: z.enum(OPERATIONS),
      add: count,
      change: count,
      destroy: count,
      replace: count,
      startedAt: z.iso.datetime(),
      durationMs: z.number().int().min(0).max(1e10),
      commit: z
        .string()
        .regex(/^[0-9a-f]{7,40}$/)
        .optional(),
    })
    .strict();
}
let PlanRecordSchema: ReturnType<typeof planRecordSchema> | undefined;

export type PlanRecord = z.infer<ReturnType<typeof planRecordSchema>>;

const RECORD_PREFIX = '<!-- cluster-deploy-plan-record:';

/** The record as its hidden line (JSON of numbers, an ISO time and hex never holds `-->`). */
export function planRecordLine(record: PlanRecord): string {
  PlanRecordSchema ??= planRecordSchema();
  return `${RECORD_PREFIX}${JSON.stringify(PlanRecordSchema.parse(record))} -->`;
}

/**
 * The record of a plan comment, or undefined when it has none or it is malformed. Only the line after
 * the marker counts: the plan text further down could hold anything.
 */
export function readPlanRecord(body: string): PlanRecord | undefined {
  const line = body.slice(0, 2_000).split('\n', 2)[1] ?? '';
  if (!line.startsWith(RECORD_PREFIX) || !line.endsWith(' -->')) return undefined;
  PlanRecordSchema ??= planRecordSchema();
  try {
    const parsed = PlanRecordSchema.safeParse(JSON.parse(line.slice(RECORD_PREFIX.length, -' -->'.length)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Where one of our hidden markers starts, however spaced or cased (a sticky comment is found by its marker). */
const OUR_MARKER = /<!--(?=\s*cluster-deploy)/gi;

/**
 * A plan comment from a fork's artifact as actions/plan-comment posts it: the marker of its cluster (the caller checked
 * that the body starts with it) and its record, only in their places and only when the record is of the commit that
 * was planned, re-written; every other marker of ours in it broken; and no @mention that would notify anyone.
 */
export function forkPlanComment(body: string, cluster: string, commit: string): string {
  const marker = planMarker(cluster);
  const [first = '', second = ''] = body.split('\n', 2);
  const record = first === marker ? readPlanRecord(body) : undefined;
  const rest = record ? body.slice(first.length + 1 + second.length) : body.slice(marker.length);
  const top = markerLines(cluster, record?.commit === commit ? record : undefined).join('\n');
  return withoutMentions(top + rest.replace(OUR_MARKER, `<!${WORD_JOINER}--`));
}

/** The comment's first lines: the marker, then the record when there is one. */
function markerLines(cluster: string, record: PlanRecord | undefined): string[] {
  return record ? [planMarker(cluster), planRecordLine(record)] : [planMarker(cluster)];
}

const ACTION_LABEL: Record<ChangeAction, string> = {
  create: '➕ create',
  update: '🔁 update',
  destroy: '❌ destroy',
  replace: '♻️ replace',
};

function headline(cluster: string, c: PlanChanges, operation: Operation): string {
  if (operation === 'destroy') {
    const count = c.destroy + c.replace; // as tofu counts them
    return count
      ? `### 🔴 Destroy plan for \`${cluster}\` — **${count} to destroy**`
      : `### 🟢 Destroy plan for \`${cluster}\` — nothing to destroy`;
  }
  if (c.rows.length === 0) return `### 🟢 No changes for \`${cluster}\``;
  const icon = c.destroy || c.replace ? '🟠' : '🟡';
  return `### ${icon} Plan for \`${cluster}\` — ${changeCounts(c, (text) => `**${text}**`)}`;
}

const escapeCode = (text: string) => codeText(text, { max: 1000 });

/**
 * The changed resources as a Markdown table (the plan comment's, the drift report's): at most
 * `maxRows` rows and `maxChars` characters, then a row saying how many more and where they are.
 */
export function changeTable(
  rows: PlanChanges['rows'],
  { maxRows = MAX_TABLE_ROWS, maxChars = Number.POSITIVE_INFINITY, rest = 'in the full plan' } = {},
): string[] {
  if (rows.length === 0) return [];
  const lines = ['| action | resource |', '|---|---|'];
  let size = lines.join('\n').length;
  for (const row of rows) {
    const line = `| ${ACTION_LABEL[row.action]} | \`${codeText(row.address, { table: true })}\` |`;
    if (lines.length - 2 >= maxRows || size + line.length + 1 > maxChars) break;
    lines.push(line);
    size += line.length + 1;
  }
  const shown = lines.length - 2;
  if (shown < rows.length) lines.push(`| … | ${rows.length - shown} more ${rest} |`);
  return lines;
}

/**
 * GitHub colours a ```diff block by each line's first character, but tofu indents its change
 * markers: move them to the front (`~` and `-/+` become `!`), keeping the indentation.
 */
export function diffLine(line: string): string {
  const match = /^(\s+)(-\/\+|\+\/-|[-+~])(?=\s|$)/.exec(line);
  if (!match) return line;
  const [whole, indent, sign] = [match[0], match[1]!, match[2]!];
  const rest = line.slice(whole.length);
  if (sign === '+' || sign === '-') return `${sign}${indent}${rest}`;
  if (sign === '~') return `!${indent}${rest}`;
  return `!${indent}${sign}${rest}`; // a replacement keeps its -/+
}

/** A fence longer than any backtick run inside the text, so the text cannot close it. */
function fenceFor(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

type Provenance = Pick<PlanCommentInput, 'configPath' | 'commit' | 'runUrl' | 'runNumber' | 'updatedAt'>;

/** Where the plan came from: config, commit, run, time. */
function footerLine(input: Provenance): string {
  return [
    input.configPath && `Config \`${escapeCode(input.configPath)}\``,
    input.commit && `commit \`${input.commit.slice(0, 7)}\``,
    input.runUrl && `[run${input.runNumber ? ` #${input.runNumber}` : ''}](${input.runUrl})`,
    `updated ${input.updatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Output kept in a failure comment: the end of it is what explains a failure. */
const FAILURE_OUTPUT_LIMIT = 20_000;

/**
 * The sticky comment when the plan itself fails (bad HCL, a provider error): the old plan must not
 * stay up looking current, and the author sees why without opening the log.
 */
export function buildPlanFailureComment(
  input: Provenance & { cluster: string; error: string; outputTail: string[]; record?: PlanRecord },
): string {
  let output = input.outputTail.join('\n');
  if (output.length > FAILURE_OUTPUT_LIMIT)
    output = output.slice(output.indexOf('\n', output.length - FAILURE_OUTPUT_LIMIT) + 1);
  const fence = fenceFor(output);
  return [
    ...markerLines(input.cluster, input.record),
    `### ❌ Plan failed for \`${input.cluster}\``,
    '',
    `**${escapeCode(input.error.split('\n')[0]!.slice(0, 1000))}**`,
    '',
    ...(output
      ? [
          '<details open><summary>Last lines of the output</summary>',
          '',
          `${fence}text`,
          output,
          fence,
          '</details>',
          '',
        ]
      : []),
    footerLine(input),
    '',
  ].join('\n');
}

/** Node lines are part of the comment's fixed head: each is bounded, so no node list can push the head past the limit. */
const MAX_NODE_LINE = 2_000;

function bounded(text: string, max = MAX_NODE_LINE): string {
  const line = text.replace(/\r?\n/g, ' ');
  return line.length > max ? `${line.slice(0, max)}… (cut: the full text is in the run's log)` : line;
}

/** The node decisions: the refusal first and loudest, then the decisions, then the warnings (UNSAFE ones bold). */
function nodeLines(nodes: NodeDecisions): string[] {
  const lines: string[] = [];
  if (nodes.refused) lines.push(`> **⛔ A deploy of this plan would be refused:** ${bounded(nodes.refused)}`, '');
  const inPlace = nodes.inPlace ?? [];
  if (inPlace.length) {
    lines.push('**Nodes the cloud would change in place (rebuilt, resized or power-cycled, undrained):**', '');
    // 50 lines of at most 300 characters: a bounded part of the comment's fixed head, whatever the names.
    for (const change of inPlace.slice(0, 50)) lines.push(`- ${bounded(describeInPlaceChange(change), 300)}`);
    if (inPlace.length > 50) lines.push(`- … ${inPlace.length - 50} more in the run's log`);
    lines.push('');
  }
  lines.push(`**Nodes:** ${bounded(nodes.summary)}`, '');
  for (const warning of nodes.warnings.slice(0, 20)) {
    lines.push(warning.startsWith('UNSAFE:') ? `> **⚠️ ${bounded(warning)}**` : `⚠️ ${bounded(warning)}`, '');
  }
  if (nodes.warnings.length > 20) lines.push(`⚠️ … ${nodes.warnings.length - 20} more warnings in the run's log`, '');
  return lines;
}

/** Builds the comment body; `truncated` says whether the full plan had to be cut. */
function capacityLines(capacity: CapacityReport | { error: string }): string[] {
  if ('error' in capacity) return [`⚠️ Quotas not checked: ${bounded(capacity.error)}`, ''];
  const refused = capacity.exceeded.length
    ? [`> **⛔ A deploy of this plan would be refused (quota):** ${bounded(exceededLines(capacity).join('; '))}`, '']
    : [];
  return [...refused, capacityMarkdown(capacity)];
}

export function buildPlanComment(input: PlanCommentInput): { body: string; truncated: boolean } {
  const changes = input.changes;
  const { size: limit, unit } = input.limit ?? { size: COMMENT_LIMIT, unit: 'characters' };
  const sizeOf = unit === 'bytes' ? (text: string) => Buffer.byteLength(text, 'utf8') : (text: string) => text.length;
  const operation = input.operation ?? 'deploy';
  // The node decisions come before the table: a refusal or an UNSAFE removal must not sit below 150 rows.
  const head: string[] = [
    ...markerLines(input.cluster, input.record),
    headline(input.cluster, changes, operation),
    '',
    ...(input.notices ?? []).flatMap((notice) => [notice.trimEnd(), '']),
    ...(input.nodes ? nodeLines(input.nodes) : []),
    ...(input.capacity ? capacityLines(input.capacity) : []),
  ];
  if (changes.rows.length) head.push(...changeTable(changes.rows), '');
  const steps = input.applySteps.map((s) => `\`${s}\``).join(' → ');
  head.push(
    `**${operation === 'destroy' ? 'A destroy' : 'An apply'} would run:** ${steps}${input.stateNote ? ` (${input.stateNote})` : ''}`,
    '',
  );

  const footer = ['', footerLine(input), ''];

  const lines = input.planText.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n').map(diffLine);
  const fence = fenceFor(input.planText);
  const open = (shown: number) => [
    `<details><summary>Full plan (${lines.length} lines${shown < lines.length ? `, first ${shown} shown` : ''})</summary>`,
    '',
    `${fence}diff`,
  ];
  const close = (shown: number) => [
    fence,
    ...(shown < lines.length
      ? [
          '',
          `✂️ The plan was cut here (${lines.length - shown} more lines): the full plan is in ${input.fullPlanLocation ?? 'the job summary'}.`,
        ]
      : []),
    '</details>',
  ];
  const assemble = (shown: number) =>
    [...head, ...open(shown), ...lines.slice(0, shown), ...close(shown), ...footer].join('\n');

  const full = assemble(lines.length);
  if (sizeOf(full) <= limit) return { body: full, truncated: false };
  // Everything but the plan lines has a fixed size; fill what remains, whole lines only.
  const budget = limit - sizeOf(assemble(0)) - 16; // room for the changed line counts
  let used = 0;
  let shown = 0;
  while (shown < lines.length && used + sizeOf(lines[shown]!) + 1 <= budget) used += sizeOf(lines[shown++]!) + 1;
  return { body: assemble(shown), truncated: true };
}
