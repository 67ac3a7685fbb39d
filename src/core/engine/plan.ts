import path from 'node:path';
import { isSecretName } from '../lib/env-secrets.js';
import { SECRET_ENV_NAMES } from '../openstack/credentials.js';
import { displayCommand } from '../lib/command.js';
import { isTofuOnlyVariable } from '../lib/inherited-env.js';
import { compareNames } from '../lib/name-order.js';
import type { Redactor } from '../lib/redact.js';
import {
  decideStep,
  loadStartingState,
  NOT_RUN_YET,
  selectSteps,
  usesSavedState,
  type StepFilter,
} from './selection.js';
import { clusterId, type DeploySettings } from '../model/settings.js';
import type { StateStore } from '../model/state.js';
import { deployEnvironment, pipelineVariables } from '../model/environment.js';
import type { Step, StepKind } from '../steps/index.js';
import type { NodeWork } from '../model/nodes.js';

const REDACTED = '<redacted>';

export interface PlannedStep {
  index: number;
  id: string;
  title: string;
  kind: StepKind;
  action: 'run' | 'skip';
  reason: string;
  workingDir: string;
  argv?: string[];
  reads: string[];
  writes: string[];
  actions: string[];
  /** What this step's command adds to or changes in the shared environment, secrets as <redacted>. */
  env: Record<string, string>;
  /** The pipeline's variables this step's command does not get (it uses no cloud credential, no cluster). */
  withheld: string[];
}

/** The environment every command starts from, shown once. */
export interface SharedEnvironment {
  /** The variables the pipeline sets on top of the inherited ones (OS_*, KUBECONFIG), secrets as <redacted>. */
  set: Record<string, string>;
  /**
   * Inherited variables dropped: OS_* (the resolved set replaces them), the runner's tokens and
   * inputs (lib/inherited-env.ts); a prefix stands for its many (`INPUT_*`).
   */
  dropped: string[];
  /** How many inherited variables pass through unchanged. */
  inherited: number;
}

export interface DeployPlan {
  operation: DeploySettings['operation'];
  cluster: string;
  configPath?: string;
  clusterDir: string;
  statePath: string;
  note?: string;
  environment: SharedEnvironment;
  steps: PlannedStep[];
}

function shownValue(name: string, value: string, redactor: Redactor): string {
  return SECRET_ENV_NAMES.has(name) || isSecretName(name) || redactor.redact(value) !== value ? REDACTED : value;
}

/** The variables of `env` that differ from `base`; a PATH that only gains a prefix is shown as `prefix:$PATH`. */
function envChanges(
  env: Readonly<Record<string, string>>,
  base: Readonly<Record<string, string>>,
  redactor: Redactor,
): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(env).sort(([a], [b]) => compareNames(a, b))) {
    const before = base[name];
    if (value === before) continue;
    shown[name] =
      before && value.endsWith(`:${before}`)
        ? `${value.slice(0, -before.length)}$${name}`
        : shownValue(name, value, redactor);
  }
  return shown;
}

/** What a step's command goes without: the pipeline's variables and the tofu-only inherited ones (the state backend's keys). */
function withheldBy(
  env: Readonly<Record<string, string>>,
  shared: Readonly<Record<string, string>>,
  set: Readonly<Record<string, string>>,
): string[] {
  const tofuOnly = Object.keys(shared).filter((name) => isTofuOnlyVariable(name) && !(name in set));
  return [...Object.keys(set), ...tofuOnly.sort()].filter((name) => !(name in env));
}

function sharedEnvironment(
  settings: DeploySettings,
  redactor: Redactor,
): { shared: Record<string, string>; shown: SharedEnvironment } {
  const shared = deployEnvironment(settings);
  const set = pipelineVariables(settings);
  const inherited = Object.keys(settings.baseEnv).filter((name) => !(name in set));
  return {
    shared,
    shown: {
      set: Object.fromEntries(Object.entries(set).map(([name, value]) => [name, shownValue(name, value, redactor)])),
      dropped: [
        ...new Set(
          inherited
            .filter((name) => !(name in shared))
            .map((name) => (/^(INPUT|STATE)_/.test(name) ? `${name.slice(0, 6)}*` : name)),
        ),
      ].sort(),
      inherited: inherited.filter((name) => name in shared).length,
    },
  };
}

/**
 * What a deploy would do under these filters and the saved state. Runs nothing, writes nothing. Each step decides as it
 * would in the run (decideStep), before opentofu-plan has run: with `nodeWork`, the node work a tofu plan just found
 * (plan --tofu-plan, the pull request's plan), the steps that act on nodes decide as the run will.
 */
export async function buildPlan(
  settings: DeploySettings,
  steps: readonly Step[],
  store: StateStore,
  filter: StepFilter,
  redactor: Redactor,
  nodeWork?: NodeWork,
): Promise<DeployPlan> {
  const selected = selectSteps(steps, filter);
  const { state, note } = await loadStartingState(store, clusterId(settings), filter, settings.operation);
  // The plan starts from the saved state: the node work of an unfinished run is not what opentofu-plan will find.
  state.nodeWork = nodeWork;
  const moment = { nodeWorkKnown: nodeWork !== undefined };
  const { shared, shown } = sharedEnvironment(settings, redactor);
  const planned: PlannedStep[] = [];
  for (const [index, step] of selected.entries()) {
    const decision = await decideStep(step, state.steps[step.id], usesSavedState(filter), state, moment);
    const plan = await step.plan();
    planned.push({
      index: index + 1,
      id: step.id,
      title: step.title,
      kind: step.kind,
      action: decision.run ? 'run' : 'skip',
      reason: decision.reason,
      workingDir: plan.workingDir,
      argv: plan.command && [...plan.command.argv],
      reads: plan.reads,
      writes: plan.writes,
      actions: plan.actions ?? [],
      env: plan.command ? envChanges(plan.command.env, shared, redactor) : {},
      withheld: plan.command ? withheldBy(plan.command.env, shared, shown.set) : [],
    });
  }
  return redactor.redactValue({
    operation: settings.operation,
    cluster: clusterId(settings),
    configPath: settings.configPath,
    clusterDir: settings.clusterDir,
    statePath: store.location,
    note,
    environment: shown,
    steps: planned,
  });
}

/** The step whose tofu plan a dry run shows: the apply of a deploy, the destroy of a destroy, replace-nodes' replacements; an upgrade has none. */
export const TOFU_APPLYING_STEPS: readonly string[] = ['opentofu-apply', 'opentofu-destroy', 'kubespray-replace-nodes'];

/** Whether the run this plan describes would apply with tofu: only then is a tofu plan worth making. */
export function wouldApply(plan: DeployPlan): boolean {
  return plan.steps.some((s) => TOFU_APPLYING_STEPS.includes(s.id) && s.action === 'run');
}

/** Why a dry run shows no tofu plan, in one line. */
export function noTofuPlanReason(plan: DeployPlan): string {
  if (plan.operation === 'upgrade') return 'No OpenTofu plan: an upgrade changes no infrastructure.';
  if (plan.operation === 'replace-nodes')
    return 'No OpenTofu plan: this replace-nodes would skip kubespray-replace-nodes.';
  if (plan.operation === 'check')
    return 'No OpenTofu plan here: a check changes nothing, and its opentofu-drift step is the plan (run cluster-deploy check).';
  return `No OpenTofu plan: ${plan.operation === 'destroy' ? 'this destroy would skip opentofu-destroy' : 'a deploy would skip opentofu-apply'}.`;
}

/** Why a cluster-api plan shows no diff, in one line: only a deploy applies manifests. */
export function noCapiDiffReason(plan: DeployPlan): string {
  if (plan.operation === 'check')
    return 'No Cluster API diff here: a check changes nothing, and its capi-drift step is the diff (run cluster-deploy check).';
  return `No Cluster API diff: a ${plan.operation} applies no manifests (capi-delete-cluster deletes the Cluster object and CAPO everything it owns).`;
}

/** A path as the person reading the plan would type it: relative to `base` when under it, else as it is. */
export function shortPath(file: string, base: string): string {
  const relative = path.relative(base, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

/** A directory whose paths a plan shows shortened: relative to it (`as` empty), or under a name (`$RUNNER_TEMP`). */
export interface PathBase {
  dir: string;
  as: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every absolute path in `text` (a command line, an action's words) under one of `bases`, shortened as the person
 * reading it would type it; other text and paths elsewhere stay as they are. A path starts the text or follows a
 * space, `=`, a quote, `:`, `,` or `(`, so `/work/repo` is not taken for the start of `/work/repo2`.
 */
export function shortPaths(text: string, bases: readonly PathBase[]): string {
  const usable = bases
    .filter((base) => path.isAbsolute(base.dir) && path.resolve(base.dir) !== path.parse(base.dir).root)
    .map((base) => ({ dir: path.resolve(base.dir), as: base.as }))
    .sort((a, b) => b.dir.length - a.dir.length);
  let shown = text;
  for (const { dir, as } of usable) {
    const pattern = new RegExp(`(^|[\\s="',:(])${escapeRegExp(dir)}(/|(?=$|[\\s"',;)]))`, 'g');
    shown = shown.replace(pattern, (match: string, before: string, slash: string, at: number, whole: string) => {
      if (!slash) return `${before}${as || '.'}`;
      // `dir/` with nothing after it is the directory itself: `./`, never an empty word.
      const ends = /^$|^[\s"',;)]/.test(whole.slice(at + match.length, at + match.length + 1));
      return `${before}${as ? `${as}/` : ends ? './' : ''}`;
    });
  }
  return shown;
}

/**
 * The plan to read: where, then one line per step with what it will do or why it is skipped. The commands, files
 * and environment of each step are behind --verbose (renderPlan's detailed layout) and --json.
 */
export function renderPlanSummary(plan: DeployPlan, base: string): string {
  const runs = plan.steps.filter((s) => s.action === 'run').length;
  const title = `${plan.operation[0]!.toUpperCase()}${plan.operation.slice(1)} plan for ${plan.cluster}`;
  const where = [
    ...(plan.configPath ? [`config ${shortPath(plan.configPath, base)}`] : []),
    `cluster dir ${shortPath(plan.clusterDir, base)}`,
    `state ${shortPath(plan.statePath, base)}`,
  ];
  const lines = [
    `${title}: ${runs} of ${plan.steps.length} steps would run`,
    `  ${where.join(' · ')}`,
    ...(plan.note ? [`  note: ${plan.note}`] : []),
    '',
  ];
  const width = Math.max(...plan.steps.map((s) => s.id.length));
  for (const step of plan.steps) {
    // What it will do (its title), and why when the reason says more than that it has not run.
    const why =
      step.action === 'skip' ? ` — skipped: ${step.reason}` : step.reason === NOT_RUN_YET ? '' : ` — ${step.reason}`;
    const verb = step.action === 'run' ? '→' : '⏭';
    lines.push(`  ${String(step.index).padStart(2)}. ${verb} ${step.id.padEnd(width)}  ${step.title}${why}`);
  }
  lines.push('', 'Each step’s command, files and environment: the same plan with --verbose (or --json).');
  return `${lines.join('\n')}\n`;
}

/** The plan as text, in the reference's dry-run layout: every step's command, files and environment. */
export function renderPlan(plan: DeployPlan): string {
  const lines = [`${plan.operation[0]!.toUpperCase()}${plan.operation.slice(1)} plan for ${plan.cluster}`];
  if (plan.configPath) lines.push(`  config:      ${plan.configPath}`);
  lines.push(`  cluster dir: ${plan.clusterDir}`, `  state:       ${plan.statePath}`);
  if (plan.note) lines.push(`  note:        ${plan.note}`);
  const { set, dropped, inherited } = plan.environment;
  lines.push(
    `  environment: every command gets the ${inherited} inherited variables${dropped.length ? ` except ${dropped.join(', ')}` : ''}, plus (unless a step withholds them):`,
  );
  for (const [name, value] of Object.entries(set)) lines.push(`        ${name}=${value}`);
  const total = plan.steps.length;
  for (const step of plan.steps) {
    lines.push('');
    const verb = step.action === 'run' ? '→' : '⏭';
    lines.push(
      `[${step.index}/${total}] ${verb} ${step.title} (${step.id}) — ${step.action === 'run' ? 'will run' : 'will skip'}: ${step.reason}`,
    );
    lines.push(`      working dir: ${step.workingDir}`);
    if (step.argv) lines.push(`      command:     ${displayCommand(step.argv)}`);
    for (const action of step.actions) lines.push(`      action:      ${action}`);
    if (step.reads.length) lines.push(`      reads:       ${step.reads.join(', ')}`);
    if (step.writes.length) lines.push(`      writes:      ${step.writes.join(', ')}`);
    if (step.withheld.length) lines.push(`      withheld:    ${shortNames(step.withheld).join(', ')}`);
    const env = Object.entries(step.env);
    if (env.length) {
      lines.push('      environment: the shared one, plus:');
      for (const [name, value] of env) lines.push(`        ${name}=${value}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Variable names, the OS_* ones as one `OS_*` (a step gets all of the credentials or none). */
function shortNames(names: string[]): string[] {
  const os = names.filter((name) => name.startsWith('OS_'));
  return [...(os.length > 1 ? ['OS_*'] : os), ...names.filter((name) => !name.startsWith('OS_'))];
}
