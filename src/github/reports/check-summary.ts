/**
 * What `operation: check` found, as Markdown: the job summary and the body of the cluster's health
 * issue. Subjects and messages name things users and the cluster chose (node names, resource
 * addresses, readyz checks), so every one goes through markdown.ts: shown as written, never markup.
 */
import { FINDING_KINDS, type CheckFinding, type CheckReport, type FindingKind } from '../../core/model/check-report.js';
import { changeCounts } from '../../core/tofu/plan-json.js';
import { codeText, plainText } from '../runner/markdown.js';
import { changeTable } from '../comments/plan-comment.js';

/**
 * The longest report, in characters: an issue body holds 65,536 (GitHub refuses more), and the
 * health issue adds its marker and the run's link.
 */
export const CHECK_REPORT_LIMIT = 60_000;
/** Findings listed per kind: a thousand missing nodes say no more than fifty do. */
const MAX_FINDINGS_PER_KIND = 50;
/** The drift table never takes more than this share of the report: the findings come first. */
const DRIFT_TABLE_SHARE = 0.4;

const KIND_TITLES: Record<FindingKind, string> = {
  drift: 'Infrastructure drift',
  'node-missing': 'Nodes in the inventory but not in the API',
  'node-not-ready': 'Nodes not Ready',
  'node-unexpected': 'Nodes in the API but not in the inventory',
  'kubelet-version': 'kubelet versions other than the config’s',
  'certificate-expiry': 'API server certificate',
  readyz: 'Failing /readyz checks',
  'capi-condition': 'Cluster API conditions',
  unchecked: 'Not checked',
};

/** Findings other than drift: what the issue title counts as problems. */
function problemCount(report: CheckReport): number {
  return report.findings.filter((f) => f.kind !== 'drift').length;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "drift", "3 problems", "drift and 1 problem"; empty when clean. */
export function checkVerdict(report: CheckReport): string {
  const problems = problemCount(report);
  return [report.drift && 'drift', problems > 0 && plural(problems, 'problem')].filter(Boolean).join(' and ');
}

/** `2026-11-23 02:00 UTC`, as the plan comment writes times; a time we cannot read, escaped. */
export function checkTime(checkedAt: string): string {
  const time = new Date(checkedAt);
  return Number.isNaN(time.getTime())
    ? plainText(checkedAt, { max: 40 })
    : `${time.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function headline(report: CheckReport): string {
  const cluster = `\`${codeText(report.cluster, { max: 130 })}\``;
  const verdict = checkVerdict(report);
  if (!verdict) return `### 🟢 ${cluster}: clean`;
  return `### ${problemCount(report) > 0 ? '🔴' : '🟡'} ${cluster}: ${verdict}`;
}

/** Where the expected node count comes from, worded for the method: Cluster API has machines, not an inventory. */
function expectedNodes(nodes: NonNullable<CheckReport['nodes']>): string {
  switch (nodes.expectedFrom) {
    case 'manifests':
      return `${plural(nodes.expected, 'machine')} in the rendered manifests (replicas), `;
    case 'api':
      return '';
    default:
      return `${nodes.expected} in the inventory, `;
  }
}

/** Infrastructure, nodes, certificate: one line each, all of bounded size. */
function facts(report: CheckReport): string[] {
  const lines: string[] = [];
  const infra = report.infrastructure;
  if (infra)
    lines.push(`**Infrastructure:** ${report.drift ? `drift — ${changeCounts(infra)}` : 'as planned, no drift'}`);
  else lines.push('**Infrastructure:** not checked (tofu plan did not run)');
  const nodes = report.nodes;
  if (nodes) lines.push(`**Nodes:** ${expectedNodes(nodes)}${nodes.inApi} in the API, ${nodes.ready} Ready`);
  const cert = report.certificate;
  if (cert) {
    const expires = `${checkTime(cert.notAfter)} (\`${codeText(cert.endpoint, { max: 200 })}\`)`;
    lines.push(
      cert.daysLeft < 0
        ? `**API server certificate:** **expired ${plural(-cert.daysLeft, 'day')} ago**, ${expires}`
        : `**API server certificate:** ${plural(cert.daysLeft, 'day')} left, until ${expires}`,
    );
  }
  return lines.map((line) => `${line}  `);
}

const findingLine = (f: CheckFinding) =>
  `- \`${codeText(f.subject, { max: 200 })}\`: ${plainText(f.message, { max: 300 })}`;

/**
 * The report as Markdown, at most CHECK_REPORT_LIMIT characters: the headline with its counts, the
 * facts, every finding grouped by kind (50 a kind; drift findings are the table's rows when the
 * plan ran), then the drift table as the plan comment draws it. What does not fit is counted, not
 * cut mid-line.
 */
export function renderCheckReport(report: CheckReport): string {
  const head = [headline(report), '', `Checked ${checkTime(report.checkedAt)}.`, '', ...facts(report), ''];
  const rows = report.drift ? (report.infrastructure?.rows ?? []) : [];
  const table = changeTable(rows, { maxChars: CHECK_REPORT_LIMIT * DRIFT_TABLE_SHARE, rest: 'in `tofu plan`' });
  const tail = table.length ? ['#### Infrastructure drift', '', ...table, ''] : [];
  const size = (lines: string[]) => lines.reduce((n, line) => n + line.length + 1, 0);
  // Room for the findings, less a line saying how many were left out.
  let budget = CHECK_REPORT_LIMIT - size(head) - size(tail) - 200;

  const body: string[] = [];
  let leftOut = 0;
  const kinds = FINDING_KINDS.filter(
    (kind) => report.findings.some((f) => f.kind === kind) && !(kind === 'drift' && table.length),
  );
  for (const [k, kind] of kinds.entries()) {
    const found = report.findings.filter((f) => f.kind === kind);
    // Each kind still to come keeps room for its heading and a first line: a flood of one kind hides no other.
    const reserve = (kinds.length - k - 1) * 600 + 100;
    const section = [`#### ${KIND_TITLES[kind]} (${found.length})`, ''];
    if (size(section) + reserve > budget) {
      leftOut += found.length;
      continue;
    }
    budget -= size(section);
    body.push(...section);
    let shown = 0;
    for (const finding of found.slice(0, MAX_FINDINGS_PER_KIND)) {
      const line = findingLine(finding);
      if (line.length + 1 > budget - reserve) break;
      body.push(line);
      budget -= line.length + 1;
      shown++;
    }
    if (shown < found.length) {
      const more = `- … ${found.length - shown} more`;
      body.push(more);
      budget -= more.length + 1;
    }
    body.push('');
    budget -= 1;
    leftOut += found.length - shown;
  }
  const note = leftOut
    ? [
        `_${plural(leftOut, 'finding')} not listed here (to keep this readable and within GitHub's size limit): the check's JSON report holds every one._`,
        '',
      ]
    : [];
  return [...head, ...body, ...note, ...tail].join('\n');
}
