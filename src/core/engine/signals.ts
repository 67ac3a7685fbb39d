import type { Operation } from '../lib/option-values.js';
import { keepsResumeState } from './selection.js';

/**
 * Turns SIGINT/SIGTERM into an abort: the engine then interrupts the running command (one SIGINT,
 * SIGTERM after a grace period), records the step as interrupted and saves state. Later signals
 * are noted but not forwarded again: a second SIGINT makes tofu abandon its state lock.
 */
function abortOnSignals(
  controller: AbortController,
  note: (message: string) => void,
  /** What is interrupted and what happens then, for commands that save no state (a plan, a standalone wait). */
  what: { interrupting: string; waitingFor: string } = {
    interrupting: 'the running step; state will be saved',
    waitingFor: 'the running command to stop and state to be saved',
  },
): () => void {
  const handler = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) {
      note(`received ${signal} again: still waiting for ${what.waitingFor}`);
      return;
    }
    note(`received ${signal}: interrupting ${what.interrupting}`);
    controller.abort(new Error(`received ${signal}`));
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}

/** What an interrupted run of this operation does: a check saves no state, so it says none will be saved. */
export function interruptNote(operation: Operation): Parameters<typeof abortOnSignals>[2] {
  return keepsResumeState(operation)
    ? undefined
    : {
        interrupting: `the ${operation} (it keeps no state: run it again to start over)`,
        waitingFor: 'the running command to stop',
      };
}

/**
 * Runs `body` with SIGINT/SIGTERM turned into an abort of the signal it is given (abortOnSignals),
 * the handlers removed after: the one interruptible run of the CLI and the actions.
 */
export async function interruptible<T>(
  note: (message: string) => void,
  what: Parameters<typeof abortOnSignals>[2],
  body: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const dispose = abortOnSignals(controller, note, what);
  try {
    return await body(controller.signal);
  } finally {
    dispose();
  }
}
