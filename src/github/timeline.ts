import { HISTORY_LIMIT, type Attempt, type TimelineStep } from '../core/state.js';

/** Bars one attempt shows at most: every step of an operation, with room to spare. */
const STEPS_PER_ATTEMPT = 32;

/**
 * A step id as a Mermaid task name: only letters, digits, `.`, `_` and `-` stay, so nothing in it can
 * end the name (`:`), start a comment (`#`, `%%`), end a statement (`;`) or read as a keyword's argument.
 */
function taskName(id: string): string {
  return id.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64) || 'step';
}

/** "attempt 2 (run 123, attempt 2) — resumed at opentofu-apply": no `:`, `#` or `;`, which would end a section name. */
function sectionName(attempt: Attempt): string {
  let name = `attempt ${attempt.number}`;
  if (attempt.run) name += ` (run ${attempt.run.id}${attempt.run.attempt > 1 ? `, attempt ${attempt.run.attempt}` : ''})`;
  if (attempt.resumedAt) name += ` — resumed at ${taskName(attempt.resumedAt)}`;
  return name;
}

function task(step: TimelineStep): string | undefined {
  const start = Date.parse(step.startedAt);
  if (!Number.isFinite(start)) return undefined;
  // Whole seconds (what Mermaid's durations take), at least 1 s so a quick step still shows as a bar.
  const seconds = Math.max(1, Math.round((step.durationMs ?? 0) / 1000));
  const tag = step.status === 'success' ? 'done' : 'crit';
  const name = step.status === 'success' ? taskName(step.id) : `${taskName(step.id)} ${step.status}`;
  return `  ${name} :${tag}, ${start}, ${seconds}s`;
}

/**
 * The step timeline as a Mermaid gantt chart (GitHub renders it in job summaries and comments): a
 * section per attempt, a bar per step run, failed and interrupted steps in red. Only step ids,
 * statuses and times go in; the last HISTORY_LIMIT attempts of at most STEPS_PER_ATTEMPT steps each.
 * Empty when no step ran.
 */
export function renderGantt(history: readonly Attempt[] | undefined): string {
  const lines: string[] = [];
  for (const attempt of (history ?? []).slice(-HISTORY_LIMIT)) {
    const tasks = attempt.steps.slice(0, STEPS_PER_ATTEMPT).map(task).filter((t): t is string => t !== undefined);
    if (tasks.length) lines.push(`  section ${sectionName(attempt)}`, ...tasks);
  }
  if (!lines.length) return '';
  return ['```mermaid', 'gantt', '  dateFormat x', '  axisFormat %H:%M', '  todayMarker off', ...lines, '```', ''].join('\n');
}
