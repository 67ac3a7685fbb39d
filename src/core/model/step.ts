import type { CommandResult, CommandSpec, ExecOptions } from '../lib/command.js';
import type { DeployOutput } from '../lib/output.js';
import type { Redactor } from '../lib/redact.js';
import type { CheckReport } from './check-report.js';
import type { StepId } from './operations.js';
import type { DeploySettings } from './settings.js';
import type { DeployState } from './state.js';

export type { StepId };

/**
 * How a step behaves on resume:
 * - `check`: reads only; always runs (credentials may have changed since the last attempt).
 * - `runner-local`: produces files on this machine; skipped after success only while they exist,
 *   so a fresh CI runner re-creates them.
 * - `remote`: changes the cloud or the cluster; skipped once it succeeded.
 * - `converge`: changes the cluster, but reads from the live cluster what is left to do; always
 *   runs and does nothing when nothing is left (node removal, per-node upgrades).
 */
export type StepKind = 'check' | 'runner-local' | 'remote' | 'converge';

/** What a step would do, for the dry-run plan; nothing here runs or writes. */
export interface StepPlan {
  workingDir: string;
  /** The external command, exactly as `run` runs it (same argv, directory and environment). */
  command?: CommandSpec;
  reads: string[];
  writes: string[];
  /** Checks or actions done in-process, in words. */
  actions?: string[];
}

export interface StepContext {
  settings: DeploySettings;
  redactor: Redactor;
  output: DeployOutput;
  /** Aborted when the run is interrupted; running children get SIGINT. */
  signal: AbortSignal;
  /**
   * Runs a command with the run's redaction, live output, interruption and child tracking (the
   * deploy lock records its process group). Throws CommandFailedError unless it exits 0 or
   * `check: false` is given.
   */
  exec(spec: CommandSpec, options?: ExecOptions): Promise<CommandResult>;
  /**
   * The run's resume state. Steps that hand data to later steps (the node work a plan found) keep
   * it here: the engine saves it, redacted, after every step, so a resumed run has it too.
   */
  state: DeployState;
  /**
   * Saves the resume state now, redacted, as the engine does after every step: a step that works node by
   * node (replace-nodes) marks each node's progress, so a run killed between nodes never redoes one.
   */
  checkpoint?(): Promise<void>;
  /**
   * A warning worth keeping (an overridden safety guard): printed now, and kept with the step's
   * state and report, so summaries show it, also those of a later run that skips the step.
   */
  warn(message: string): void;
  /** The ids of the steps this run covers (a composable action runs only some of them). */
  selected: readonly StepId[];
  /** operation check: the report its steps fill (drift, nodes, certificate, findings); the result carries it. */
  report: CheckReport;
}

/** What a step decides for itself, with the reason the plan shows and the run logs. */
export interface StepDecision {
  action: 'run' | 'skip';
  reason: string;
}

/** A skip when there is a reason for one; else the saved state's decision stands. */
export const skipIf = (reason: string | undefined): StepDecision | undefined =>
  reason === undefined ? undefined : { action: 'skip', reason };

/** When a step decides: in the plan, before anything ran, or in the run, at its turn. */
export interface DecisionMoment {
  /** state.nodeWork is what opentofu-plan found (the run's, or the tofu plan of `plan --tofu-plan`): a plain plan cannot know it. */
  nodeWorkKnown: boolean;
}

/** One pipeline step: `plan` describes, `run` acts (airshipctl's Render/Run split). */
export interface Step {
  readonly id: StepId;
  readonly title: string;
  readonly kind: StepKind;
  /**
   * The step only prepares this later one (a plan, nodes drained before an apply): once that step
   * has succeeded, it is skipped on resume; until then it always runs.
   */
  readonly preparesFor?: StepId;
  plan(): Promise<StepPlan>;
  /** For runner-local steps: are this step's outputs present (and whole) on this machine? */
  outputsPresent?(): Promise<boolean>;
  /**
   * The step's own decision (k0sctl's ShouldRun), asked by the plan and by the run alike whenever the saved state would
   * run it, so both say the same words: skip (nothing to do: the run goes on as though it had succeeded) or run, each
   * with its reason; undefined leaves the saved state's decision as it is.
   */
  decide?(state: DeployState, moment: DecisionMoment): StepDecision | undefined | Promise<StepDecision | undefined>;
  /** Runs the step; returns a short detail worth showing ("server → https://…"), if any. */
  run(context: StepContext): Promise<string | void>;
}
