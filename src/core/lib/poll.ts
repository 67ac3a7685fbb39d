import { InterruptedError } from './errors.js';

/** The first pause of a poll; pauses then double up to the interval. */
const FIRST_PAUSE_MS = 500;

/** A pause that ends early when the run is interrupted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** One look at what is awaited: done with a value, or not yet, saying why (the line a waiting user sees). */
export type PollAttempt<T> = { done: true; value: T; line?: string } | { done: false; line: string };

export interface PollOptions {
  timeoutMs: number;
  /** Longest pause between attempts; the first attempt is immediate and pauses double from FIRST_PAUSE_MS. */
  intervalMs: number;
  signal?: AbortSignal;
  /** Told each line that differs from the one before (a done attempt's line too, when it has one). */
  onLine?: (line: string) => void;
  /** The error of a timeout, given the last line. */
  timeoutError: (last: string) => Error;
  /**
   * No progress for `ms` (the same line all along) calls `onStall` with that line, which throws: a wait that
   * stopped moving fails long before the timeout (capi-wait's stall time).
   */
  stall?: { ms: number | (() => number); onStall: (last: string) => Promise<never> };
}

/**
 * The one poll loop of the project (the readiness wait, the Cluster API waits): attempts until one is
 * done, pauses from 0.5 s doubling up to the interval, ends early on interruption, and on timeout
 * throws the caller's error naming the last thing seen.
 */
export async function poll<T>(
  attempt: (count: number) => Promise<PollAttempt<T>>,
  options: PollOptions,
): Promise<{ value: T; attempts: number }> {
  const { signal } = options;
  const deadline = Date.now() + options.timeoutMs;
  let pause = Math.min(FIRST_PAUSE_MS, options.intervalMs);
  let last = '';
  let changedAt = Date.now();
  const { stall } = options;
  for (let attempts = 1; ; attempts++) {
    const result = await attempt(attempts);
    if (signal?.aborted) throw new InterruptedError();
    if (result.line !== undefined && result.line !== last) {
      options.onLine?.(result.line);
      changedAt = Date.now();
    }
    if (result.done) return { value: result.value, attempts };
    last = result.line;
    // A function gives the limit of the phase the last attempt saw (capi-wait's per-phase stall limits).
    const stallMs = stall && (typeof stall.ms === 'number' ? stall.ms : stall.ms());
    if (stall && stallMs !== undefined && Date.now() - changedAt >= stallMs) await stall.onStall(last);
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw options.timeoutError(last);
    // Wake up for the stall too: it is judged after an attempt.
    const untilStall =
      stallMs !== undefined ? Math.max(stallMs - (Date.now() - changedAt), 0) + 1 : Number.POSITIVE_INFINITY;
    await sleep(Math.min(pause, remaining, untilStall), signal);
    if (signal?.aborted) throw new InterruptedError();
    pause = Math.min(pause * 2, options.intervalMs);
  }
}
