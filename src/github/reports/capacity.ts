import { type CapacityReport, capacityCells, capacityRemarks, exceededLines } from '../../core/openstack/capacity.js';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/**
 * openstack-capacity's table for the job summary and the PR comment: open when a quota is exceeded
 * (or the refusal was overridden), folded otherwise. Counts and quota names only.
 */
export function capacityMarkdown(report: CapacityReport): string {
  const lines: string[] = [];
  if (report.overridden) {
    lines.push(
      `> **⚠️ OVERRIDDEN: applied over quota with ignore-capacity.** ${cell(exceededLines(report).join('; '))}`,
      '',
    );
  }
  const [header, ...rows] = capacityCells(report);
  const status = report.exceeded.length
    ? `❌ ${report.exceeded.length} quota${report.exceeded.length === 1 ? '' : 's'} exceeded`
    : `✓ within quota`;
  lines.push(`<details${report.exceeded.length ? ' open' : ''}><summary>Quotas: ${status}</summary>`, '');
  if (rows.length) {
    lines.push(
      `| ${header!.join(' | ')} |`,
      '|---|---:|---:|---:|---:|',
      ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
    );
  } else {
    lines.push('The change takes nothing any read quota counts.');
  }
  const remarks = capacityRemarks(report);
  if (remarks.length) lines.push('', ...remarks.map((r) => `- ${cell(r)}`));
  lines.push('', '</details>', '');
  return lines.join('\n');
}
