import type { CapacityReport } from '../openstack/capacity.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CommandFailedError, displayCommand, failureHeadline, type Exec } from '../lib/command.js';
import { formatDuration } from '../lib/duration.js';
import { InterruptedError, RefusalError, UserError, errorMessage } from '../lib/errors.js';
import { ensurePrivateDir, readTextFile } from '../lib/files.js';
import { kubeconfigEndpoint } from '../kube/kubeconfig.js';
import { kindLockPath } from '../model/cluster-api.js';
import { acquireDeployLock, withDeployLock } from '../lib/lock.js';
import type { DeployOutput } from '../lib/output.js';
import { completeCheckReport, newCheckReport, type CheckReport } from '../model/check-report.js';
import {
  AT_RUN,
  decideStep,
  keepsResumeState,
  loadStartingState,
  selectSteps,
  usesSavedState,
  type StepFilter,
} from './selection.js';
import { clusterId, defaultStateDir, runtimePaths, type DeploySettings } from '../model/settings.js';
import {
  HISTORY_LIMIT,
  redactState,
  type Attempt,
  type DeployState,
  type StateStore,
  type TimelineStep,
} from '../model/state.js';
import type { Step } from '../steps/index.js';
import { KUBECONFIG_FILE } from '../lib/yaml.js';

export type { StepFilter } from './selection.js';

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
  /** Warnings the step raised (context.warn), redacted; a skipped step's from its last run. */
  warnings?: string[];
}

export interface DeployResult {
  ok: boolean;
  interrupted: boolean;
  cluster: string;
  reports: StepReport[];
  endpoint?: string;
  failedStep?: string;
  error?: string;
  /** The failure was a refusal (RefusalError): nothing changed, and a re-run as it is would refuse again. */
  refused?: boolean;
  statePath: string;
  logPath?: string;
  /** The step timeline across attempts (the state's history), this run's attempt last when it ran a step. */
  history?: Attempt[];
  /** operation check, when it ran to the end: what it found (redacted). */
  checkReport?: CheckReport;
  /** deploy: openstack-capacity's comparison with the quotas (this run's, or a resumed run's earlier one). */
  capacity?: CapacityReport;
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
  /** The CI run this is (GitHub Actions: GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT), recorded in the timeline. */
  ciRun?: { id: number; attempt: number };
  /** What started the run, for the log file's header: the program and its version, and its arguments. */
  invocation?: { program: string; argv: readonly string[] };
}

/** The log file's first lines: what ran, where, on what; the redactor takes out any secret in the arguments. */
function logHeader(run: DeployRun): string[] {
  return [
    `${run.invocation?.program ?? 'cluster-deploy'}: ${run.settings.operation} of ${clusterId(run.settings)}`,
    ...(run.invocation?.argv.length ? [`arguments: ${displayCommand(run.invocation.argv)}`] : []),
    `working directory: ${process.cwd()}`,
    `config: ${run.settings.configPath ?? `none (cluster directory ${run.settings.clusterDir})`}`,
    `state directory: ${run.settings.stateDir}`,
    `started: ${new Date().toISOString()}`,
  ];
}

/** The deploy steps that make the cluster's infrastructure. */
const APPLYING_STEPS: readonly string[] = ['opentofu-apply', 'capi-apply'];

/** What the operation was doing when a step failed ("deploying the cluster: step … failed"). */
const FAILURE_PREFIX: Record<DeploySettings['operation'], string> = {
  deploy: 'deploying the cluster',
  upgrade: 'upgrading the cluster',
  destroy: 'destroying the infrastructure',
  check: 'checking the cluster',
  'replace-nodes': 'replacing nodes',
};

/**
 * What to do after a failed step, for this operation. A mistake in the input (a UserError) needs fixing before a
 * re-run can help; a failed command or an interruption may pass on a plain re-run, which resumes at the step.
 */
function resumeAdvice(operation: DeploySettings['operation'], step: string, failure: unknown): string {
  if (!keepsResumeState(operation)) return restartAdvice(operation);
  if (failure instanceof UserError)
    return `Resume: once the error is fixed, run the same ${operation} again: it resumes at ${step} (state is saved)`;
  return `Resume: run the same ${operation} again (state is saved), or start here with --from-step ${step}`;
}

/** The advice after a failure of a command that keeps no state (a check, an etcd restore): a re-run starts over. */
export const restartAdvice = (command: string) =>
  `Run the ${command} again once this is fixed: it keeps no state, so it starts over`;

const failurePrefix = (operation: DeploySettings['operation'], step: string) =>
  `${FAILURE_PREFIX[operation]}: step "${step}" failed`;

/**
 * Starts this run's attempt in the state's timeline: appended to the history of a resumed run, a new
 * history after a completed one (its state kept only by --step/--from-step). Call before the first step's state changes.
 */
function beginAttempt(
  state: DeployState,
  selected: readonly Step[],
  filter: StepFilter,
  ciRun: DeployRun['ciRun'],
): Attempt {
  const previous = state.completedAt ? [] : (state.history ?? []);
  const attempt: Attempt = {
    number: (previous.at(-1)?.number ?? 0) + 1,
    startedAt: new Date().toISOString(),
    steps: [],
  };
  if (ciRun) attempt.run = { id: ciRun.id, attempt: ciRun.attempt };
  if (previous.length) {
    const resumedAt =
      filter.step ?? filter.fromStep ?? selected.find((s) => state.steps[s.id]?.status !== 'success')?.id;
    if (resumedAt) attempt.resumedAt = resumedAt;
  }
  state.history = [...previous, attempt].slice(-HISTORY_LIMIT);
  return attempt;
}

function describeFailure(error: unknown, interrupted: boolean): { message: string; tail?: string[] } {
  if (interrupted || error instanceof InterruptedError) {
    // A step may say what it did in the seconds an interruption leaves (capi-wait's cleanup before a kind runner dies).
    const said = error instanceof InterruptedError && error.message !== 'interrupted' ? `: ${error.message}` : '';
    return { message: `interrupted${said}` };
  }
  if (error instanceof CommandFailedError) return { message: failureHeadline(error), tail: error.result.tail };
  return { message: errorMessage(error) };
}

/**
 * Runs the selected steps in order with resume state saved before and after each one. Never throws
 * for a failing step: the result says what happened, so every caller can report it its own way.
 */
export async function runDeploy(run: DeployRun): Promise<DeployResult> {
  const selected = selectSteps(run.steps, run.filter); // a bad selection fails before anything is written
  return withDeployLock(
    {
      file: runtimePaths(run.settings).lockPath,
      cluster: clusterId(run.settings),
      operation: run.settings.operation,
      output: run.output,
      redactor: run.output.redactor,
      signal: run.signal,
    },
    async (exec) => {
      const kindLockFile =
        run.settings.clusterApi && kindLockPath(run.settings.clusterApi, defaultStateDir(run.settings.baseEnv));
      const kindLock = kindLockFile
        ? await acquireDeployLock(kindLockFile, clusterId(run.settings), { signal: run.signal })
        : undefined;
      try {
        return await runSelected(run, selected, exec);
      } finally {
        await kindLock?.release();
      }
    },
  );
}

async function runSelected(run: DeployRun, selected: Step[], exec: Exec): Promise<DeployResult> {
  const { settings, store, output, filter, signal } = run;
  const redactor = output.redactor;
  const cluster = clusterId(settings);
  if (run.logPath) {
    await ensurePrivateDir(path.dirname(run.logPath));
    output.openLogFile(run.logPath, logHeader(run));
  }
  const { state, note } = await loadStartingState(store, cluster, filter, settings.operation);
  if (note) output.line(note);
  const useState = usesSavedState(filter);
  const reports: StepReport[] = [];
  const result: DeployResult = {
    ok: false,
    interrupted: false,
    cluster,
    reports,
    statePath: store.location,
    logPath: run.logPath,
  };
  // A check keeps its state in memory only: the saved state (an unfinished deploy, say) stays as it was.
  const persistent = keepsResumeState(settings.operation);
  const report = newCheckReport(cluster);

  const save = async () => {
    if (!persistent) return;
    state.updatedAt = new Date().toISOString();
    await store.save(redactState(state, (text) => redactor.redact(text)));
  };

  let attempt: Attempt | undefined; // begun by the first step that runs: a run that skips everything adds none
  const total = selected.length;
  for (const [index, step] of selected.entries()) {
    const label = `[${index + 1}/${total}]`;
    const name = `${step.title} (${step.id})`;
    const decision = await decideStep(step, state.steps[step.id], useState, state, AT_RUN);
    if (!decision.run) {
      output.line(`${label} ${output.paint('⏭', 'dim')} ${name} (${decision.reason})`);
      if (decision.nothingToDo) {
        // Done without running: recorded as success, so the run resumes past it and completes.
        attempt ??= beginAttempt(state, selected, filter, run.ciRun);
        const now = new Date().toISOString();
        state.steps[step.id] = {
          status: 'success',
          startedAt: now,
          finishedAt: now,
          skipped: redactor.redact(decision.reason),
        };
        await save();
      }
      reports.push({
        id: step.id,
        title: step.title,
        status: 'skipped',
        reason: decision.reason,
        detail: state.steps[step.id]?.detail,
        warnings: state.steps[step.id]?.warnings,
      });
      continue;
    }
    attempt ??= beginAttempt(state, selected, filter, run.ciRun);
    // Saved as interrupted until it ends: a run killed outright leaves it so.
    const timeline: TimelineStep = { id: step.id, startedAt: new Date().toISOString(), status: 'interrupted' };
    attempt.steps.push(timeline);
    state.steps[step.id] = { status: 'running', startedAt: timeline.startedAt };
    delete state.completedAt; // the deploy is incomplete again until every step has passed
    await save();
    const startedAt = new Date(); // the step's own time, without the save (an artifact upload in CI)
    // The step's own reason to run, in the plan's words.
    output.startGroup(`${label} → ${name}...${decision.because ? ` (${decision.because})` : ''}`);
    let detail: string | undefined;
    const warnings: string[] = [];
    const warn = (message: string) => {
      const safe = redactor.redact(message);
      warnings.push(safe);
      output.line(`      ${output.paint('warning', 'yellow')}: ${safe}`);
    };
    let failure: unknown;
    let failed = false;
    try {
      detail =
        (await step.run({
          settings,
          redactor,
          output,
          signal,
          exec,
          state,
          checkpoint: save,
          warn,
          selected: selected.map((s) => s.id),
          report,
        })) ?? undefined;
      if (signal.aborted) throw new InterruptedError();
    } catch (error) {
      failure = error;
      failed = true;
    }
    output.endGroup();
    const durationMs = Date.now() - startedAt.getTime();
    const finishedAt = new Date().toISOString();
    Object.assign(timeline, { startedAt: startedAt.toISOString(), durationMs });
    if (!failed) {
      timeline.status = 'success';
      const safeDetail = detail ? redactor.redact(detail) : undefined;
      state.steps[step.id] = {
        status: 'success',
        startedAt: startedAt.toISOString(),
        finishedAt,
        durationMs,
        detail: safeDetail,
        ...(warnings.length && { warnings }),
      };
      // From here on the cluster has infrastructure: a later destroy refuses to find none (recordsDeployedCluster).
      if (settings.operation === 'deploy' && APPLYING_STEPS.includes(step.id)) state.deployedAt ??= finishedAt;
      await save();
      output.line(
        `${label} ${output.paint('✓', 'green')} ${name} (${formatDuration(durationMs)})${safeDetail ? ` — ${safeDetail}` : ''}`,
      );
      reports.push({
        id: step.id,
        title: step.title,
        status: 'success',
        reason: decision.reason,
        durationMs,
        detail: safeDetail,
        ...(warnings.length && { warnings }),
      });
      continue;
    }
    const interrupted = signal.aborted;
    const { message, tail } = describeFailure(failure, interrupted);
    timeline.status = message.startsWith('interrupted') ? 'interrupted' : 'failed';
    const safeMessage = redactor.redact(message);
    state.steps[step.id] = {
      status: 'failed',
      startedAt: startedAt.toISOString(),
      finishedAt,
      durationMs,
      error: safeMessage,
      ...(warnings.length && { warnings }),
    };
    await save();
    if (
      !(failure instanceof UserError || failure instanceof CommandFailedError) &&
      !interrupted &&
      failure instanceof Error &&
      failure.stack
    ) {
      output.line(`internal error in step ${step.id}:\n${failure.stack}`);
    }
    // The reason is printed once, by the front end (the CLI's `error:` line, the action's annotation), from result.error;
    // the log file, which has neither, gets it here.
    output.line(`${label} ${output.paint('✗', 'red')} ${name} failed after ${formatDuration(durationMs)}`);
    output.logLine(`error: ${failurePrefix(settings.operation, step.id)}: ${safeMessage}`);
    // A refusal changed nothing and refuses again on a re-run: its message says what to do instead.
    const refused = failure instanceof RefusalError;
    if (!refused)
      output.line(`      ${resumeAdvice(settings.operation, step.id, interrupted ? new InterruptedError() : failure)}`);
    reports.push({
      id: step.id,
      title: step.title,
      status: 'failed',
      reason: decision.reason,
      durationMs,
      error: safeMessage,
      outputTail: tail,
      ...(warnings.length && { warnings }),
    });
    for (const later of selected.slice(index + 1)) {
      reports.push({ id: later.id, title: later.title, status: 'not-run', reason: `not reached: ${step.id} failed` });
    }
    Object.assign(result, {
      ...(refused && { refused }),
      interrupted,
      history: state.history,
      ...(state.capacity && { capacity: redactor.redactValue(state.capacity) }),
      failedStep: step.id,
      error: `${failurePrefix(settings.operation, step.id)}: ${safeMessage}`,
    });
    return result;
  }

  if (persistent && run.steps.every((s) => state.steps[s.id]?.status === 'success')) {
    state.completedAt = new Date().toISOString();
    // The next deploy starts from nothing, and no store hands out this cluster's kubeconfig again.
    if (settings.operation === 'destroy') state.destroyedAt = state.completedAt;
    await save();
  }
  result.ok = true;
  result.history = state.history;
  if (state.capacity) result.capacity = redactor.redactValue(state.capacity);
  if (settings.operation === 'check') {
    // A check of some of its steps (--step, --from-step) must not call what it skipped clean.
    for (const [id, what] of [
      ['opentofu-drift', 'drift'],
      ['capi-drift', 'drift'],
      ['capi-conditions', 'health'],
      ['cluster-health', 'health'],
    ] as const) {
      if (run.steps.some((s) => s.id === id) && !selected.some((s) => s.id === id)) {
        report.findings.push({
          kind: 'unchecked',
          subject: what,
          message: `step ${id} was not selected, so ${what === 'drift' ? 'drift' : "the cluster's health"} was not checked: run the check without --step or --from-step (inputs step, from-step)`,
        });
      }
    }
    result.checkReport = redactor.redactValue(completeCheckReport(report));
  }
  try {
    if (settings.operation !== 'destroy' && existsSync(settings.kubeconfigPath))
      result.endpoint = kubeconfigEndpoint(
        readTextFile(settings.kubeconfigPath, KUBECONFIG_FILE),
        settings.kubeconfigPath,
      );
  } catch {
    // not fatal: the endpoint is informational once every step has passed
  }
  return result;
}
