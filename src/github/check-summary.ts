import { describeCheckReport, type CheckReport } from '../core/check-report.js';

// PLACEHOLDER for the merge: the real module (another branch) replaces this file.
export function renderCheckReport(report: CheckReport): string {
  return `${describeCheckReport(report).join('\n')}\n`;
}
