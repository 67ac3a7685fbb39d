import { promises as fs } from 'node:fs';
import path from 'node:path';
import { CommandFailedError, failureHeadline } from './command.js';
import { credentialSecrets } from './credentials.js';
import { formatDuration } from './duration.js';
import { UserError, errorMessage } from './errors.js';
import { ensurePrivateDir } from './files.js';
import { kubeconfigEndpoint, kubeconfigSecrets } from './kubeconfig.js';
import { acquireDeployLock } from './lock.js';
import type { DeployOutput } from './output.js';
import { Redactor } from './redact.js';
import { clusterId, runtimePaths, type DeploySettings } from './settings.js';
import { emptyState, type DeployState, type StateStore, type StepState } from './state.js';
import type { Step } from './steps/index.js';

export interface StepFilter {
  /** Ignore saved state and run every step. */
  restart?: boolean;
  /** Run exactly this step, ignoring saved state. */
  step?: string;
  /** Run this step and every later one, ignoring saved state. */
  fromStep?: string;
}

/** Checks the filter against the pipeline's step ids, with the reference's messages. */
export function validateFilter(filter: StepFilter, steps: readonly Step[]): void {
  if (filter.step && filter.fromStep) throw new UserError('--step and --from-step cannot be used together');
  for (const id of [filter.step, filter.fromStep]) {
    if (id && !steps.some((s) => s.id === id)) {
      throw new UserError(`unknown bootstrap step "${id}" (available: ${steps.map((s) => s.id).join(', ')})`);
    }
  }
}

/** The steps a run covers: all of them, exactly one (--step) or a tail (--from-step). */
export function selectSteps(steps: readonly Step[], filter: StepFilter): Step[] {
  validateFilter(filter, steps);
  if (filter.step) return steps.filter((s) => s.id === filter.step);
  if (filter.fromStep) return steps.slice(steps.findIndex((s) => s.id === filter.fromStep));
  return [...steps];
}

/** Whether saved state decides anything: not with --restart, --step or --from-step. */
export function usesSavedState(filter: StepFilter): boolean {
  return !filter.restart && !filter.step && !filter.fromStep;
}

export interface Decision {
  run: boolean;
  /** Why, in words: "already completed", "outputs missing on this machine", … */
  reason: string;
}

/** Decides whether a step runs, from its kind and what the saved state says about it. */
export async function decideStep(step: Step, saved: StepState | undefined, useState: boolean): Promise<Decision> {
  if (!useState) return { run: true, reason: 'selected' };
  if (!saved) return { run: true, reason: 'not run yet' };
  if (saved.status === 'failed') return { run: true, reason: `failed last time${saved.error ? `: ${saved.error}` : ''}` };
  if (saved.status === 'running') return { run: true, reason: 'was interrupted last time' };
  if (step.kind === 'check') return { run: true, reason: 'checks always run' };
  if (step.kind === 'runner-local' && !(await step.outputsPresent?.())) {
    return { run: true, reason: 'completed before, but its outputs are missing on this machine' };
  }
  return { run: false, reason: 'already completed' };
}

/** Loads the state a run starts from; a completed deploy is history, not something to resume. */
export async function loadStartingState(store: StateStore, cluster: string, filter: StepFilter): Promise<{ state: DeployState; note?: string }> {
  if (filter.restart) return { state: emptyState(cluster), note: 'restart: saved state ignored' };
  const saved = await store.load();
  if (!saved) return { state: emptyState(cluster) };
  if (saved.completedAt && usesSavedState(filter)) {
    return { state: emptyState(cluster), note: `the last deploy completed at ${saved.completedAt}; running every step` };
  }
  return { state: saved };
}

/** Registers every secret the run knows of: credential secrets and an existing kubeconfig's keys. */
export async function createRedactor(settings: DeploySettings, extra: readonly string[] = []): Promise<Redactor> {
  const redactor = new Redactor();
  for (const secret of [...credentialSecrets(settings.credentials), ...extra]) redactor.add(secret);
  const kubeconfig = await fs.readFile(settings.kubeconfigPath, 'utf8').catch(() => undefined);
  if (kubeconfig !== undefined) {
    try {
      for (const secret of kubeconfigSecrets(kubeconfig, settings.kubeconfigPath)) redactor.add(secret);
    } catch {
      // an unreadable kubeconfig is reported by the step that needs it
    }
  }
  return redactor;
}

export type StepStatus = 'success' | 'failed' | 'skipped' | 'not-run';

export interface StepReport {
  id: string;
  title: string;
  status: StepStatus;
  reason: string;
  durationMs?: number;
  detail?: string;
  error?: string;
  /** Last lines of the failing command's output, redacted. */
  outputTail?: string[];
}

export interface DeployResult {
  ok: boolean;
  interrupted: boolean;
  cluster: string;
  reports: StepReport[];
  endpoint?: string;
  failedStep?: string;
  error?: string;
  statePath: string;
  logPath?: string;
}

export interface DeployRun {
  settings: DeploySettings;
  steps: readonly Step[];
  store: StateStore;
  output: DeployOutput;
  filter: StepFilter;
  /** Aborted on SIGINT/SIGTERM: the running step is interrupted and recorded as such. */
  signal: AbortSignal;
  /** Where to copy the whole run's output (0600). */
  logPath?: string;
}

function describeFailure(error: unknown, interrupted: boolean): { message: string; tail?: string[] } {
  if (interrupted) return { message: 'interrupted' };
  if (error instanceof CommandFailedError) return { message: failureHeadline(error), tail: error.result.tail };
  return { message: errorMessage(error) };
}

/**
 * Runs the selected steps in order with resume state saved before and after each one. Never throws
 * for a failing step: the result says what happened, so every caller can report it its own way.
 */
export async function runDeploy(run: DeployRun): Promise<DeployResult> {
  const selected = selectSteps(run.steps, run.filter); // a bad selection fails before anything is written
  const lock = await acquireDeployLock(runtimePaths(run.settings).lockPath, clusterId(run.settings));
  try {
    return await runSelected(run, selected);
  } finally {
    await lock.release();
  }
}

async function runSelected(run: DeployRun, selected: Step[]): Promise<DeployResult> {
  const { settings, store, output, filter, signal } = run;
  const redactor = output.redactor;
  const cluster = clusterId(settings);
  if (run.logPath) {
    await ensurePrivateDir(path.dirname(run.logPath));
    output.openLogFile(run.logPath);
  }
  const { state, note } = await loadStartingState(store, cluster, filter);
  if (note) output.line(note);
  const useState = usesSavedState(filter);
  const reports: StepReport[] = [];
  const result: DeployResult = { ok: false, interrupted: false, cluster, reports, statePath: store.location, logPath: run.logPath };

  const save = async () => {
    state.updatedAt = new Date().toISOString();
    await store.save(redactor.redactValue(state));
  };

  const total = selected.length;
  for (const [index, step] of selected.entries()) {
    const label = `[${index + 1}/${total}]`;
    const name = `${step.title} (${step.id})`;
    const decision = await decideStep(step, state.steps[step.id], useState);
    if (!decision.run) {
      output.line(`${label} ⏭ ${name} (${decision.reason})`);
      reports.push({ id: step.id, title: step.title, status: 'skipped', reason: decision.reason, detail: state.steps[step.id]?.detail });
      continue;
    }
    state.steps[step.id] = { status: 'running', startedAt: new Date().toISOString() };
    delete state.completedAt; // the deploy is incomplete again until every step has passed
    await save();
    const startedAt = new Date(); // the step's own time, without the save (an artifact upload in CI)
    output.startGroup(`${label} → ${name}...`);
    let detail: string | undefined;
    let failure: unknown;
    let failed = false;
    try {
      detail = (await step.run({ settings, redactor, output, signal })) ?? undefined;
      if (signal.aborted) throw new Error('interrupted');
    } catch (error) {
      failure = error;
      failed = true;
    }
    output.endGroup();
    const durationMs = Date.now() - startedAt.getTime();
    const finishedAt = new Date().toISOString();
    if (!failed) {
      const safeDetail = detail ? redactor.redact(detail) : undefined;
      state.steps[step.id] = { status: 'success', startedAt: startedAt.toISOString(), finishedAt, durationMs, detail: safeDetail };
      await save();
      output.line(`${label} ✓ ${name} (${formatDuration(durationMs)})${safeDetail ? ` — ${safeDetail}` : ''}`);
      reports.push({ id: step.id, title: step.title, status: 'success', reason: decision.reason, durationMs, detail: safeDetail });
      continue;
    }
    const interrupted = signal.aborted;
    const { message, tail } = describeFailure(failure, interrupted);
    const safeMessage = redactor.redact(message);
    state.steps[step.id] = { status: 'failed', startedAt: startedAt.toISOString(), finishedAt, durationMs, error: safeMessage };
    await save();
    if (!(failure instanceof UserError || failure instanceof CommandFailedError) && !interrupted && failure instanceof Error && failure.stack) {
      output.line(`internal error in step ${step.id}:\n${failure.stack}`);
    }
    output.line(`${label} ✗ ${name} failed after ${formatDuration(durationMs)}: ${safeMessage}`);
    output.line(`      Resume: run the same deploy again (state is saved), or start here with --from-step ${step.id}`);
    reports.push({ id: step.id, title: step.title, status: 'failed', reason: decision.reason, durationMs, error: safeMessage, outputTail: tail });
    for (const later of selected.slice(index + 1)) {
      reports.push({ id: later.id, title: later.title, status: 'not-run', reason: `not reached: ${step.id} failed` });
    }
    Object.assign(result, { interrupted, failedStep: step.id, error: `provisioning infrastructure: step "${step.id}" failed: ${safeMessage}` });
    return result;
  }

  if (run.steps.every((s) => state.steps[s.id]?.status === 'success')) {
    state.completedAt = new Date().toISOString();
    await save();
  }
  result.ok = true;
  const kubeconfig = await fs.readFile(settings.kubeconfigPath, 'utf8').catch(() => undefined);
  if (kubeconfig !== undefined) {
    try {
      result.endpoint = kubeconfigEndpoint(kubeconfig, settings.kubeconfigPath);
    } catch {
      // not fatal: the endpoint is informational once every step has passed
    }
  }
  return result;
}
