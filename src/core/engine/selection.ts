import { closest } from '../lib/did-you-mean.js';
import { quoteInput } from '../lib/echo.js';
import { RefusalError, UsageError } from '../lib/errors.js';
import { OPERATIONS, type Operation } from '../lib/option-values.js';
import {
  emptyState,
  recordsDeployedCluster,
  type DeployState,
  type StateStore,
  type StepState,
} from '../model/state.js';
import type { DecisionMoment, Step } from '../model/step.js';
import { operationStepIds, STEP_IDS } from '../model/operations.js';

/** The reason a step with no saved state runs. */
export const NOT_RUN_YET = 'not run yet';

/**
 * Which steps a run covers and, for each, whether it runs: the filters users give and the resume
 * decision from saved state. The engine only runs what this decides; the plan only shows it.
 */
export interface StepFilter {
  /** Ignore saved state and run every step. */
  restart?: boolean;
  /** Run exactly this step, ignoring saved state. */
  step?: string;
  /** Run this step and every later one, ignoring saved state. */
  fromStep?: string;
}

/** The step ids a filter names, each with the flag that named it. */
const chosenSteps = (filter: StepFilter) =>
  [
    ['step', filter.step],
    ['from-step', filter.fromStep],
  ] as const;

/** A step id as given, quoted and cut short: it is echoed in errors, whatever its length. */
const shown = (id: string) => quoteInput(id, 80);

type FlagNamer = (flag: 'step' | 'from-step') => string;
const cliFlags: FlagNamer = (flag) => `--${flag}`;

/**
 * Checks a filter on its own, before any config is read: --step with --from-step, and a destroy's step that would
 * forget a cluster it never destroyed. Without an operation (`logs --step`), a step id must be one of any
 * operation's; with one, the ids are checked once the config has said which steps the run has (checkStepIds).
 */
export function checkFilter(filter: StepFilter, where: FlagNamer = cliFlags, operation?: Operation): void {
  if (filter.step && filter.fromStep)
    throw new UsageError(`${where('step')} and ${where('from-step')} cannot be used together`);
  if (!operation) {
    checkStepIds(filter, undefined, STEP_IDS, where);
    return;
  }
  // forget-cluster deletes the kubeconfig and marks the cluster destroyed: run alone, it forgets a cluster that is still there.
  for (const [flag, id] of chosenSteps(filter)) {
    if (operation === 'destroy' && id === FORGET_STEP)
      throw new UsageError(
        `destroy: ${where(flag)} ${FORGET_STEP} would forget the cluster without destroying it: ${FORGET_STEP} runs only after opentofu-destroy (capi-delete-cluster with cluster-api) has destroyed it; run the whole destroy, or --from-step opentofu-destroy (input from-step)`,
      );
  }
}

/**
 * The filter's step ids against the steps this run has (its operation's, for its deployment method): a typo gets
 * "did you mean" and the list to choose from, which holds only this run's steps; a step of another operation or
 * method says whose it is, and one a per-step action (`run.action`) leaves to the others says so.
 */
export function checkStepIds(
  filter: StepFilter,
  run: { operation: Operation; method: string; action?: string } | undefined,
  available: readonly string[],
  where: FlagNamer = cliFlags,
): void {
  for (const [flag, id] of chosenSteps(filter)) {
    if (id === undefined || available.includes(id)) continue;
    if (!(STEP_IDS as readonly string[]).includes(id) || !run) {
      const guess = closest(id, available);
      throw new UsageError(
        `${where(flag)}: unknown step ${shown(id)}${guess ? ` (did you mean "${guess}"?)` : ''} (available: ${available.join(', ')})`,
      );
    }
    const { operation, method } = run;
    const owners = OPERATIONS.filter((op) => (operationStepIds(op) as readonly string[]).includes(id));
    if (!owners.includes(operation))
      throw new UsageError(
        `${where(flag)}: ${shown(id)} is a step of ${owners.join(' and ')}, not of ${operation} (${operation}'s steps: ${available.join(', ')})`,
      );
    // A per-step action runs a few of the operation's steps: the id may well be one of the others.
    if (run.action)
      throw new UsageError(
        `${where(flag)}: ${shown(id)} is not a step of ${run.action} (its steps: ${available.join(', ')}); each per-step action runs only its own steps, the root action every step of ${operation}`,
      );
    throw new UsageError(
      `${where(flag)}: ${shown(id)} is not a step of ${operation} with deployment.method ${method} (its steps: ${available.join(', ')}); the Kubespray steps run only with deployment.method kubespray, the capi- steps only with cluster-api`,
    );
  }
}

const FORGET_STEP = 'forget-cluster';

/** The steps a run covers: all of them, exactly one (--step) or a tail (--from-step). */
export function selectSteps(steps: readonly Step[], filter: StepFilter): Step[] {
  checkFilter(filter);
  for (const id of [filter.step, filter.fromStep]) {
    if (id && !steps.some((s) => s.id === id)) {
      throw new UsageError(
        `step ${shown(id)} is not part of this run (its steps: ${steps.map((s) => s.id).join(', ')}); each operation has its own steps, and the Kubespray steps run only with deployment.method kubespray, the capi- steps only with cluster-api`,
      );
    }
  }
  if (filter.step) return steps.filter((s) => s.id === filter.step);
  if (filter.fromStep) return steps.slice(steps.findIndex((s) => s.id === filter.fromStep));
  return [...steps];
}

/**
 * Whether an operation saves resume state. A check only reads: it neither resumes nor saves, so an
 * unfinished deploy stays resumable and a completed one stays complete.
 */
export function keepsResumeState(operation: Operation): boolean {
  return operation !== 'check';
}

/** Whether saved state decides anything: not with --restart, --step or --from-step. */
export function usesSavedState(filter: StepFilter): boolean {
  return !filter.restart && !filter.step && !filter.fromStep;
}

export interface Decision {
  run: boolean;
  /** Why, in words: "already completed", "outputs missing on this machine", … */
  reason: string;
  /** Not run because the step has nothing to do now (Step.decide): it counts as done. */
  nothingToDo?: true;
  /** Run for the step's own reason (Step.decide), which the run logs as the plan shows it. */
  because?: string;
}

/** The reason a step runs with --restart, --step or --from-step. */
const SELECTED = 'selected';

/** Decides whether a step runs, from its kind and what the saved state says about it (and about the step it prepares for). */
async function decideFromState(
  step: Step,
  saved: StepState | undefined,
  useState: boolean,
  state?: DeployState,
): Promise<Decision> {
  if (!useState) return { run: true, reason: SELECTED };
  if (step.preparesFor && state?.steps[step.preparesFor]?.status === 'success') {
    return { run: false, reason: `${step.preparesFor} already completed` };
  }
  if (!saved) return { run: true, reason: NOT_RUN_YET };
  if (saved.status === 'failed')
    return { run: true, reason: `failed last time${saved.error ? `: ${saved.error}` : ''}` };
  if (saved.status === 'running') return { run: true, reason: 'was interrupted last time' };
  if (step.kind === 'check') return { run: true, reason: 'checks always run' };
  if (step.kind === 'converge') return { run: true, reason: 'reads what is left to do from the cluster' };
  if (step.preparesFor) return { run: true, reason: `runs until ${step.preparesFor} has completed` };
  if (step.kind === 'runner-local' && !(await step.outputsPresent?.())) {
    return { run: true, reason: 'completed before, but its outputs are missing on this machine' };
  }
  return { run: false, reason: 'already completed' };
}

/** The moment of a run: each step decides at its turn, with the node work opentofu-plan left in the state. */
export const AT_RUN: DecisionMoment = { nodeWorkKnown: true };

/**
 * Decides whether a step runs, the one decision the plan shows and the run acts on: from its kind and what the saved
 * state says about it (and about the step it prepares for), then, if it would run, the step's own (Step.decide; with
 * --step and --from-step too): a skip for nothing to do, or the reason it runs.
 */
export async function decideStep(
  step: Step,
  saved: StepState | undefined,
  useState: boolean,
  state?: DeployState,
  moment: DecisionMoment = AT_RUN,
): Promise<Decision> {
  const decision = await decideFromState(step, saved, useState, state);
  const own = decision.run && state ? await step.decide?.(state, moment) : undefined;
  if (!own) return decision;
  if (own.action === 'skip') return { run: false, reason: own.reason, nothingToDo: true };
  const plain = decision.reason === NOT_RUN_YET || decision.reason === SELECTED;
  return { run: true, reason: plain ? own.reason : `${decision.reason}; ${own.reason}`, because: own.reason };
}

/**
 * Loads the state a run starts from. A completed run is history, not something to resume; so is a
 * destroyed cluster, and the unfinished run of another operation (its steps are not this one's).
 */
export async function loadStartingState(
  store: StateStore,
  cluster: string,
  filter: StepFilter,
  operation: Operation = 'deploy',
): Promise<{ state: DeployState; note?: string }> {
  const fresh = (note?: string, keep?: DeployState) => {
    const state = emptyState(cluster, operation);
    // Where the Cluster API objects live outlives a run: a pivoted cluster manages itself, a lost kind is worth saying.
    if (keep?.clusterApi && !keep.destroyedAt) state.clusterApi = keep.clusterApi;
    // The Kubespray commit and run digest too, except on --restart: that accepts a moved tag and re-runs everything.
    if (keep?.kubespray && !keep.destroyedAt && !filter.restart) state.kubespray = keep.kubespray;
    // And the versions the cluster was last installed with: a deploy holds the config against them (--restart forgets them).
    if (keep?.installed && !keep.destroyedAt && !filter.restart) state.installed = keep.installed;
    // So does the fact that a deploy made infrastructure: a destroy that finds no tofu state refuses (not after --restart).
    if (!filter.restart && recordsDeployedCluster(keep))
      state.deployedAt = keep!.deployedAt ?? keep!.completedAt ?? keep!.updatedAt;
    return { state, note };
  };
  if (!keepsResumeState(operation)) {
    // Read, never saved: a Cluster API check needs to know where the objects are (a pivoted cluster holds its own).
    const saved = await store.load().catch(() => undefined);
    if (operation === 'check') refuseCheckOfDestroyed(saved, cluster);
    return fresh(`a ${operation} keeps no resume state: every step runs, and the saved state stays as it is`, saved);
  }
  if (filter.restart) return fresh('restart: saved state ignored', await store.load().catch(() => undefined));
  const saved = await store.load();
  if (!saved) return fresh();
  if (saved.destroyedAt) return fresh(`the cluster was destroyed at ${saved.destroyedAt}; starting from nothing`);
  if (saved.operation !== operation) {
    if (saved.completedAt) return fresh(undefined, saved);
    const failed = Object.entries(saved.steps).find(([, step]) => step.status !== 'success')?.[0];
    return fresh(
      `the saved state is an unfinished ${saved.operation}${failed ? ` (stopped at ${failed})` : ''}; this ${operation} starts from its first step`,
      saved,
    );
  }
  if (saved.completedAt && usesSavedState(filter)) {
    return fresh(
      `the last ${operation} completed at ${saved.completedAt}: starting over, each step with nothing to do skipped`,
      saved,
    );
  }
  return { state: saved };
}

/**
 * A check (its plan and its run) after a completed destroy: the cluster is gone, so tofu would report every resource as drift to create (and
 * a nightly check open a health issue for it). Refused as what it is; a deploy makes the cluster again. `by`: the run
 * that destroyed it, when the caller knows more than the state (the CLI's log file).
 */
export function refuseCheckOfDestroyed(saved: DeployState | undefined, cluster: string, by?: string | null): void {
  if (!saved?.destroyedAt) return;
  const run =
    by ?? saved.run?.url ?? (saved.run && `GitHub Actions run ${saved.run.id} (attempt ${saved.run.attempt})`);
  throw new RefusalError(
    `check: ${cluster} was destroyed at ${saved.destroyedAt}${run ? ` by ${run}` : ''}: there is no cluster to check (deploy it again, or stop checking it)`,
  );
}
