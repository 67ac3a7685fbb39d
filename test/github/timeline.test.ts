import { describe, expect, it } from 'vitest';
import type { Attempt } from '../../src/core/model/state.js';
import { renderGantt } from '../../src/github/reports/timeline.js';

const T0 = Date.parse('2025-03-01T10:00:00.000Z');
const at = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();

const firstAttempt: Attempt = {
  number: 1,
  startedAt: at(0),
  run: { id: 123, attempt: 1 },
  steps: [
    { id: 'openstack-preflight', startedAt: at(0), durationMs: 4_200, status: 'success' },
    { id: 'opentofu-init', startedAt: at(5_000), durationMs: 80, status: 'success' }, // quicker than a second
    { id: 'opentofu-apply', startedAt: at(6_000), durationMs: 61_000, status: 'failed' },
  ],
};
const resumed: Attempt = {
  number: 2,
  startedAt: at(600_000),
  run: { id: 123, attempt: 2 },
  resumedAt: 'opentofu-apply',
  steps: [
    { id: 'openstack-preflight', startedAt: at(600_000), durationMs: 3_000, status: 'success' },
    { id: 'opentofu-apply', startedAt: at(604_000), durationMs: 90_000, status: 'success' },
  ],
};

/** The lines between the fences, without the indentation. */
const body = (chart: string) =>
  chart
    .trim()
    .split('\n')
    .slice(1, -1)
    .map((l) => l.trim());

describe('the timeline as a Mermaid gantt chart', () => {
  it('charts one attempt: epoch-millisecond starts, whole-second durations of at least 1 s, done tags', () => {
    const chart = renderGantt([firstAttempt]);
    expect(chart.startsWith('```mermaid\ngantt\n')).toBe(true);
    expect(chart.endsWith('\n```\n')).toBe(true);
    expect(body(chart)).toEqual([
      'gantt',
      'dateFormat x',
      'axisFormat %H:%M',
      'todayMarker off',
      'section attempt 1 (run 123)',
      `openstack-preflight :done, ${T0}, 4s`,
      `opentofu-init :done, ${T0 + 5_000}, 1s`,
      `opentofu-apply failed :crit, ${T0 + 6_000}, 61s`,
    ]);
  });

  it('shows a failed then resumed run as two sections, the second picking up at the failed step', () => {
    const lines = body(renderGantt([firstAttempt, resumed]));
    const sections = lines.filter((l) => l.startsWith('section '));
    expect(sections).toEqual([
      'section attempt 1 (run 123)',
      'section attempt 2 (run 123, attempt 2) — resumed at opentofu-apply',
    ]);
    // The failure is the crit bar of the first section; the second section's apply succeeded.
    const second = lines.slice(lines.indexOf(sections[1]!) + 1);
    expect(lines.filter((l) => l.includes(':crit'))).toEqual([`opentofu-apply failed :crit, ${T0 + 6_000}, 61s`]);
    expect(second).toEqual([
      `openstack-preflight :done, ${T0 + 600_000}, 3s`,
      `opentofu-apply :done, ${T0 + 604_000}, 90s`,
    ]);
  });

  it('marks an interrupted step crit and shows a step a kill left without a duration as 1 s', () => {
    const killed: Attempt = {
      number: 1,
      startedAt: at(0),
      steps: [{ id: 'opentofu-apply', startedAt: at(0), status: 'interrupted' }],
    };
    expect(body(renderGantt([killed])).slice(4)).toEqual([
      'section attempt 1',
      `opentofu-apply interrupted :crit, ${T0}, 1s`,
    ]);
  });

  it('keeps characters Mermaid treats specially out of task and section names', () => {
    const hostile: Attempt = {
      number: 3,
      startedAt: at(0),
      resumedAt: 'x:y#z;w',
      steps: [{ id: 'evil: step#1; click x call alert() %%', startedAt: at(0), durationMs: 2_000, status: 'success' }],
    };
    const lines = body(renderGantt([hostile]));
    expect(lines.slice(4)).toEqual([
      'section attempt 3 — resumed at x_y_z_w',
      `evil__step_1__click_x_call_alert_____ :done, ${T0}, 2s`,
    ]);
    for (const line of lines.slice(4)) expect(line.replace(/ :(done|crit), \d+, \d+s$/, '')).not.toMatch(/[:#;%\n]/);
  });

  it('stays small however many attempts a deploy has had: the last 20, 32 bars each', () => {
    const steps = Array.from({ length: 16 }, (_, i) => ({
      id: `kubespray-upgrade-workers-${i}`,
      startedAt: at(i * 1000),
      durationMs: 1_000,
      status: 'success' as const,
    }));
    const many = Array.from(
      { length: 100 },
      (_, i): Attempt => ({
        number: i + 1,
        startedAt: at(0),
        run: { id: 9_000_000_000 + i, attempt: 3 },
        resumedAt: 'kubespray-upgrade-workers',
        steps,
      }),
    );
    const chart = renderGantt(many);
    const sections = body(chart).filter((l) => l.startsWith('section '));
    expect(sections).toHaveLength(20);
    expect(sections[0]).toMatch(/^section attempt 81 /);
    expect(chart.length).toBeLessThan(24 * 1024);
    const wide: Attempt = {
      number: 1,
      startedAt: at(0),
      steps: Array.from({ length: 64 }, (_, i) => ({ ...steps[0]!, id: `s${i}` })),
    };
    expect(body(renderGantt([wide])).filter((l) => l.includes(':done'))).toHaveLength(32);
  });

  it('is empty when no step ran', () => {
    expect(renderGantt(undefined)).toBe('');
    expect(renderGantt([{ number: 1, startedAt: at(0), steps: [] }])).toBe('');
  });
});
