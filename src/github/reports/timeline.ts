import { HISTORY_LIMIT, type Attempt, type TimelineStep } from '../../core/model/state.js';

/** Bars one attempt shows at most: every step of an operation, with room to spare. */
const STEPS_PER_ATTEMPT = 32;

/** One bar of a gantt chart: red (`crit`) unless it succeeded. */
export interface GanttBar {
  name: string;
  startedAt: string;
  durationMs?: number;
  ok: boolean;
  /** What a red bar adds to its name (failed, interrupted). */
  failure?: string;
}

export interface GanttSection {
  name: string;
  bars: readonly GanttBar[];
}

/**
 * A name as a Mermaid task or section name: only letters, digits, `.`, `_`, `-` and `/` stay, so nothing
 * in it can end the name (`:`), start a comment (`#`, `%%`), end a statement (`;`) or read as a keyword's argument.
 */
function taskName(id: string): string {
  return id.replace(/[^A-Za-z0-9._/-]/g, '_').slice(0, 64) || 'step';
}

/** "attempt 2 (run 123, attempt 2) — resumed at opentofu-apply": no `:`, `#` or `;`, which would end a section name. */
function sectionName(attempt: Attempt): string {
  let name = `attempt ${attempt.number}`;
  if (attempt.run)
    name += ` (run ${attempt.run.id}${attempt.run.attempt > 1 ? `, attempt ${attempt.run.attempt}` : ''})`;
  if (attempt.resumedAt) name += ` — resumed at ${taskName(attempt.resumedAt)}`;
  return name;
}

function task(bar: GanttBar): string | undefined {
  const start = Date.parse(bar.startedAt);
  if (!Number.isFinite(start)) return undefined;
  // Whole seconds (what Mermaid's durations take), at least 1 s so a quick step still shows as a bar.
  const seconds = Math.max(1, Math.round((bar.durationMs ?? 0) / 1000));
  const name = bar.ok ? taskName(bar.name) : `${taskName(bar.name)} ${taskName(bar.failure ?? 'failed')}`;
  return `  ${name} :${bar.ok ? 'done' : 'crit'}, ${start}, ${seconds}s`;
}

/**
 * A Mermaid gantt chart (GitHub renders it in job summaries and comments): a section per entry, a
 * bar per bar, failed ones in red. Section names are the caller's, free of `:`, `#` and `;`. Empty
 * when there is no bar.
 */
export function renderGanttChart(sections: readonly GanttSection[]): string {
  const lines: string[] = [];
  for (const section of sections) {
    const tasks = section.bars.map(task).filter((t): t is string => t !== undefined);
    if (tasks.length) lines.push(`  section ${section.name}`, ...tasks);
  }
  if (!lines.length) return '';
  return ['```mermaid', 'gantt', '  dateFormat x', '  axisFormat %H:%M', '  todayMarker off', ...lines, '```', ''].join(
    '\n',
  );
}

const stepBar = (step: TimelineStep): GanttBar => ({
  name: step.id,
  startedAt: step.startedAt,
  durationMs: step.durationMs,
  ok: step.status === 'success',
  failure: step.status,
});

/**
 * The step timeline: a section per attempt, a bar per step run, failed and interrupted steps in
 * red. Only step ids, statuses and times go in; the last HISTORY_LIMIT attempts of at most
 * STEPS_PER_ATTEMPT steps each. Empty when no step ran.
 */
export function renderGantt(history: readonly Attempt[] | undefined): string {
  return renderGanttChart(
    (history ?? [])
      .slice(-HISTORY_LIMIT)
      .map((attempt) => ({ name: sectionName(attempt), bars: attempt.steps.slice(0, STEPS_PER_ATTEMPT).map(stepBar) })),
  );
}
