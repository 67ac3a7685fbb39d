import { describe, expect, it } from 'vitest';
import { InterruptedError } from '../../../src/core/lib/errors.js';
import { poll, type PollAttempt } from '../../../src/core/lib/poll.js';

/** Attempts that say these lines in turn (the last one again and again), done at `doneAt` if given. */
function script(lines: string[], doneAt?: number) {
  return async (count: number): Promise<PollAttempt<number>> =>
    count === doneAt
      ? { done: true, value: count, line: 'done' }
      : { done: false, line: lines[Math.min(count, lines.length) - 1]! };
}

const stalled = (last: string) => Promise.reject(new Error(`stalled at: ${last}`));

describe('the one poll loop', () => {
  it('prints each line once, as it changes, and returns the value of the attempt that is done', async () => {
    const seen: string[] = [];
    const result = await poll(script(['0/3', '0/3', '1/3', '1/3'], 5), {
      timeoutMs: 60_000,
      intervalMs: 1,
      onLine: (line) => seen.push(line),
      timeoutError: (last) => new Error(last),
    });
    expect(result).toEqual({ value: 5, attempts: 5 });
    expect(seen).toEqual(['0/3', '1/3', 'done']);
  });

  it.each([
    {
      name: 'the same line for the stall time stalls, naming it',
      lines: ['0/3'],
      doneAt: undefined,
      want: /stalled at: 0\/3/,
    },
    { name: 'done before the stall time: no stall', lines: ['0/3'], doneAt: 2, want: undefined },
  ])('$name', async ({ lines, doneAt, want }) => {
    const run = poll(script(lines, doneAt), {
      timeoutMs: 60_000,
      intervalMs: 10,
      stall: { ms: 50, onStall: stalled },
      timeoutError: (last) => new Error(`timeout: ${last}`),
    });
    if (want) await expect(run).rejects.toThrow(want);
    else await expect(run).resolves.toMatchObject({ value: doneAt });
  });

  it("a phase's own limit applies: a long phase within its limit goes on, a short one past its limit stalls", async () => {
    // capi-wait's phases: the infrastructure may sit on one line far longer than a later phase may.
    const limits: Record<string, number> = { infrastructure: 60_000, workers: 50 };
    let phase = 'infrastructure';
    const started = Date.now();
    const run = poll(
      async () => {
        phase = Date.now() - started < 200 ? 'infrastructure' : 'workers';
        return { done: false as const, line: `waiting for the ${phase}` };
      },
      {
        timeoutMs: 60_000,
        intervalMs: 10,
        stall: { ms: () => limits[phase]!, onStall: stalled },
        timeoutError: (last) => new Error(last),
      },
    );
    await expect(run).rejects.toThrow(/^stalled at: waiting for the workers$/);
  });

  it('a line that keeps changing never stalls: the timeout ends it, naming the last line', async () => {
    let count = 0;
    const run = poll(async () => ({ done: false as const, line: `${++count} machines` }), {
      timeoutMs: 200,
      intervalMs: 10,
      stall: { ms: 50, onStall: stalled },
      timeoutError: (last) => new Error(`timeout: ${last}`),
    });
    await expect(run).rejects.toThrow(/^timeout: \d+ machines$/);
  });

  it('an interruption ends the wait at once', async () => {
    const controller = new AbortController();
    const run = poll(
      async (count) => {
        if (count === 2) controller.abort();
        return { done: false, line: 'waiting' };
      },
      { timeoutMs: 60_000, intervalMs: 10_000, signal: controller.signal, timeoutError: (last) => new Error(last) },
    );
    await expect(run).rejects.toBeInstanceOf(InterruptedError);
  });
});
