import { CommandFailedError, failureHeadline } from '../../core/lib/command.js';
import { InterruptedError, UserError, errorMessage } from '../../core/lib/errors.js';
import { Redactor } from '../../core/lib/redact.js';
import * as core from './actions-core.js';
import { removeDownloads } from './downloads.js';

/** What an action's body tells the wrapper while it runs. */
export interface ActionRun {
  /** Failure messages pass through this redactor from now on (the pipeline's, once it is open). */
  redactWith(redactor: Redactor): void;
  /** The action's own work (the engine, the plan) has started: a failure from now on is not a failure to start. */
  started(): void;
}

export interface ActionOptions {
  /**
   * The action has a `result` output: a failure sets it to `failure` (`interrupted`) and writes a
   * one-line job summary — "could not start" before the work started — so a workflow reading the
   * output or the summary sees why.
   */
  reportsResult?: boolean;
  /** Inputs holding secrets: masked before the body runs, and redacted from the failure message. */
  secretInputs?: readonly string[];
}

/**
 * The step's error annotation for a failure: a UserError (UsageError included) or an interruption
 * by its message alone; anything else is a bug and keeps its stack. Secrets go through the redactor.
 */
function failureMessage(error: unknown, redactor?: Redactor): string {
  const redact = (text: string) => (redactor ? redactor.redact(text) : text);
  const message = redact(errorMessage(error));
  if (error instanceof UserError || error instanceof InterruptedError) return message;
  if (error instanceof CommandFailedError) return redact(failureHeadline(error));
  return `internal error: ${message}\n${redact((error as Error)?.stack ?? '')}`;
}

/**
 * Runs an action's body — its secret inputs masked first — and turns what it throws into the
 * step's failure: the annotation (failureMessage, redacted), exit code 1 and, for actions with a
 * `result` output, that output and a one-line job summary.
 */
export async function runAction(
  name: string,
  body: (run: ActionRun) => Promise<void>,
  options: ActionOptions = {},
): Promise<void> {
  const redactor = new Redactor();
  for (const input of options.secretInputs ?? []) {
    const value = core.getInput(input);
    if (!value) continue;
    core.setSecret(value);
    redactor.add(value);
  }
  let pipelineRedactor: Redactor | undefined;
  let started = false;
  const run: ActionRun = {
    redactWith(r) {
      pipelineRedactor = r;
    },
    started() {
      started = true;
    },
  };
  try {
    await body(run);
  } catch (error) {
    const message = redactor.redact(failureMessage(error, pipelineRedactor));
    if (options.reportsResult) {
      core.setOutput('result', error instanceof InterruptedError ? 'interrupted' : 'failure');
      const headline = started ? `### ❌ ${name} failed` : `### ❌ ${name} could not start`;
      await core.appendSummary(`${headline}\n\n${message.split('\n')[0]}\n`).catch(() => undefined);
    }
    core.setFailed(message);
  } finally {
    // Downloaded artifacts (resume state, logs, saved plans) do not outlive the step.
    await removeDownloads().catch((error: unknown) =>
      core.warning(`could not remove downloaded artifacts: ${errorMessage(error)}`),
    );
  }
}

/**
 * Values a main step keeps for its post step (core.saveState → STATE_* in the post step), under
 * fixed names, plus the mark that tells the post step apart (main and post share one entry point,
 * as in actions/checkout).
 */
export function postStepState<K extends string>(names: Record<K, string>) {
  const IS_POST = 'is-post';
  return {
    /** Called first by the main step: from now on the same entry point runs as the post step. */
    markMain(): void {
      core.saveState(IS_POST, 'true');
    },
    isPost(): boolean {
      return core.getState(IS_POST) === 'true';
    },
    save(values: Partial<Record<K, string>>): void {
      for (const key of Object.keys(values) as K[]) {
        const value = values[key];
        if (value !== undefined) core.saveState(names[key], value);
      }
    },
    /** What the main step saved; '' for what it did not. */
    load(): Record<K, string> {
      return Object.fromEntries((Object.keys(names) as K[]).map((key) => [key, core.getState(names[key])])) as Record<
        K,
        string
      >;
    },
  };
}
