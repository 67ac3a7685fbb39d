import { SECRET_ENV_NAMES } from './credentials.js';
import { decideStep, loadStartingState, selectSteps, usesSavedState, type StepFilter } from './engine.js';
import type { Redactor } from './redact.js';
import { clusterId, type DeploySettings } from './settings.js';
import type { StateStore } from './state.js';
import type { Step, StepKind } from './steps/index.js';

export const REDACTED = '<redacted>';

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
  /** Only the variables the pipeline sets (OS_*, KUBECONFIG, PATH, venv), secrets as <redacted>. */
  env: Record<string, string>;
}

export interface DeployPlan {
  cluster: string;
  configPath?: string;
  clusterDir: string;
  statePath: string;
  note?: string;
  steps: PlannedStep[];
}

/** Variables worth showing: the ones the pipeline sets, not the whole inherited environment. */
function isPipelineVariable(name: string): boolean {
  return name.startsWith('OS_') || ['KUBECONFIG', 'PATH', 'VIRTUAL_ENV', 'ANSIBLE_HOST_KEY_CHECKING'].includes(name);
}

function planEnv(env: Record<string, string> | undefined, redactor: Redactor): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(env ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    if (!isPipelineVariable(name)) continue;
    shown[name] = SECRET_ENV_NAMES.has(name) || redactor.redact(value) !== value ? REDACTED : value;
  }
  return shown;
}

/** What a deploy would do under these filters and the saved state. Runs nothing, writes nothing. */
export async function buildPlan(
  settings: DeploySettings,
  steps: readonly Step[],
  store: StateStore,
  filter: StepFilter,
  redactor: Redactor,
): Promise<DeployPlan> {
  const selected = selectSteps(steps, filter);
  const { state, note } = await loadStartingState(store, clusterId(settings), filter);
  const planned: PlannedStep[] = [];
  for (const [index, step] of selected.entries()) {
    const decision = await decideStep(step, state.steps[step.id], usesSavedState(filter));
    const plan = await step.plan();
    planned.push({
      index: index + 1,
      id: step.id,
      title: step.title,
      kind: step.kind,
      action: decision.run ? 'run' : 'skip',
      reason: decision.reason,
      workingDir: plan.workingDir,
      argv: plan.argv,
      reads: plan.reads,
      writes: plan.writes,
      actions: plan.actions ?? [],
      env: planEnv(plan.env, redactor),
    });
  }
  return redactor.redactValue({
    cluster: clusterId(settings),
    configPath: settings.configPath,
    clusterDir: settings.clusterDir,
    statePath: store.location,
    note,
    steps: planned,
  });
}

/** Whether the deploy this plan describes would run opentofu-apply: only then is a tofu plan worth making. */
export function wouldApply(plan: DeployPlan): boolean {
  return plan.steps.some((s) => s.id === 'opentofu-apply' && s.action === 'run');
}

/** The plan as text, in the reference's dry-run layout. */
export function renderPlan(plan: DeployPlan): string {
  const lines = [`Deploy plan for ${plan.cluster}`];
  if (plan.configPath) lines.push(`  config:      ${plan.configPath}`);
  lines.push(`  cluster dir: ${plan.clusterDir}`, `  state:       ${plan.statePath}`);
  if (plan.note) lines.push(`  note:        ${plan.note}`);
  const total = plan.steps.length;
  for (const step of plan.steps) {
    lines.push('');
    const verb = step.action === 'run' ? '→' : '⏭';
    lines.push(`[${step.index}/${total}] ${verb} ${step.title} (${step.id}) — ${step.action === 'run' ? 'will run' : 'will skip'}: ${step.reason}`);
    lines.push(`      working dir: ${step.workingDir}`);
    if (step.argv) lines.push(`      command:     ${step.argv.map(quoteArg).join(' ')}`);
    for (const action of step.actions) lines.push(`      action:      ${action}`);
    if (step.reads.length) lines.push(`      reads:       ${step.reads.join(', ')}`);
    if (step.writes.length) lines.push(`      writes:      ${step.writes.join(', ')}`);
    const env = Object.entries(step.env);
    if (env.length) {
      lines.push('      environment:');
      for (const [name, value] of env) lines.push(`        ${name}=${value}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Shows an argv element so it could be pasted into a shell (display only; we never run a shell). */
function quoteArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
