import type { CommandResult, CommandSpec, ExecOptions } from '../command.js';
import type { DeployOutput } from '../output.js';
import type { Redactor } from '../redact.js';
import type { DeploySettings } from '../settings.js';

export const STEP_IDS = [
  'openstack-preflight',
  'opentofu-init',
  'opentofu-apply',
  'kubespray-venv-create',
  'kubespray-pip-install',
  'kubespray-ansible-playbook',
  'openstack-normalize-kubeconfig',
  'wait-ready',
] as const;

export type StepId = (typeof STEP_IDS)[number];

/**
 * How a step behaves on resume:
 * - `check`: reads only; always runs (credentials may have changed since the last attempt).
 * - `runner-local`: produces files on this machine; skipped after success only while they exist,
 *   so a fresh CI runner re-creates them.
 * - `remote`: changes the cloud or the cluster; skipped once it succeeded.
 */
export type StepKind = 'check' | 'runner-local' | 'remote';

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
}

/** One pipeline step: `plan` describes, `run` acts (airshipctl's Render/Run split). */
export interface Step {
  readonly id: StepId;
  readonly title: string;
  readonly kind: StepKind;
  plan(): Promise<StepPlan>;
  /** For runner-local steps: are this step's outputs present (and whole) on this machine? */
  outputsPresent?(): Promise<boolean>;
  /** Runs the step; returns a short detail worth showing ("server → https://…"), if any. */
  run(context: StepContext): Promise<string | void>;
}
