import type { PlanRecord } from '../../src/github/comments/plan-comment.js';

/** A plan comment's record of a successful deploy plan of `commit`, with some fields changed. */
export function planRecord(commit: string, over: Partial<PlanRecord> = {}): PlanRecord {
  return {
    status: 'ok',
    operation: 'deploy',
    add: 1,
    change: 0,
    destroy: 0,
    replace: 0,
    startedAt: '2026-11-22T09:14:00.000Z',
    durationMs: 1000,
    commit,
    ...over,
  };
}
