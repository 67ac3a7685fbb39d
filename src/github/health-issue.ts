import type { CheckReport } from '../core/check-report.js';

// PLACEHOLDER for the merge: the real module (another branch) replaces this file.
export async function reportHealthIssue(_options: { token: string; repository: string; report: CheckReport; runUrl?: string }): Promise<{ action: 'opened' | 'reopened' | 'updated' | 'closed' | 'none'; url?: string }> {
  return { action: 'none' };
}
