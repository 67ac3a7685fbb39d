import { formatDuration } from '../../core/lib/duration.js';
import type { DeployResult, StepReport } from '../../core/engine/engine.js';
import type { Operation } from '../../core/lib/option-values.js';
import { shortPaths, type DeployPlan, type PathBase } from '../../core/engine/plan.js';
import { displayCommand } from '../../core/lib/command.js';
import { capacityMarkdown } from './capacity.js';
import { renderGantt } from './timeline.js';

/** Where things are, for the summary's closing lines. */
export interface SummaryContext {
  stateLocation: string;
  logLocation?: string;
  resumedFrom?: string;
  /** Inputs that resume or restart, in the user's terms. */
  resumeHint?: string;
  /** What the run did (default deploy); an upgrade names its target version (no "v"). */
  operation?: Operation;
  targetVersion?: string;
  /** What the user must change after this run (an upgrade's config version), said under the headline. */
  followUp?: string;
  /** How a person gets the kubeconfig this run left in its state artifact (`cluster-deploy kubeconfig …`). */
  kubeconfigCommand?: string;
}

/** "Deploy", "Upgrade to v1.34.2", "Destroy": what the run was, for the summary's headline. */
function operationTitle(operation: Operation = 'deploy', targetVersion?: string): string {
  if (operation === 'upgrade') return `Upgrade${targetVersion ? ` to v${targetVersion}` : ''}`;
  return { deploy: 'Deploy', destroy: 'Destroy', check: 'Check', 'replace-nodes': 'Replace nodes' }[operation];
}

const DONE: Record<Operation, string> = {
  deploy: 'Deployed',
  upgrade: 'Upgraded',
  destroy: 'Destroyed',
  check: 'Checked',
  'replace-nodes': 'Replaced the nodes of',
};

const STATUS_ICON: Record<StepReport['status'], string> = { success: '✓', failed: '✗', skipped: '⏭', 'not-run': '·' };

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function stepRow(report: StepReport): string {
  let result = STATUS_ICON[report.status];
  if (report.status === 'skipped' || report.status === 'not-run') result += ` ${report.reason}`;
  // A separator a reader sees: a skipped step's reason and its saved detail ran together before.
  if (report.detail) result += report.status === 'success' ? ` ${report.detail}` : ` — ${report.detail}`;
  if (report.status === 'failed' && report.error) result += ` ${report.error}`;
  const took = report.durationMs !== undefined ? formatDuration(report.durationMs) : '–';
  return `| \`${report.id}\` | ${escapeCell(result)} | ${took} |`;
}

/** The job summary of a deploy: the step table, the timeline across attempts, the endpoint, where state and logs are, how to resume. */
export function deploySummary(result: DeployResult, context: SummaryContext): string {
  const lines: string[] = [];
  const operation = context.operation ?? 'deploy';
  const title = operationTitle(operation, context.targetVersion);
  const headline = result.ok
    ? `### ✅ ${DONE[operation]} \`${result.cluster}\`${operation === 'upgrade' && context.targetVersion ? ` to v${context.targetVersion}` : ''}`
    : result.interrupted
      ? `### ⏹ ${title} of \`${result.cluster}\` interrupted at \`${result.failedStep}\``
      : `### ❌ ${title} of \`${result.cluster}\` failed at \`${result.failedStep}\``;
  lines.push(headline, '');
  if (result.ok && context.followUp) lines.push(`> ${context.followUp}`, '');
  // The node removal guard, overridden (allow-unsafe-node-removal): said by the plan step, also when this run skipped it.
  const unsafe = result.reports.flatMap((r) => r.warnings ?? []).filter((w) => w.startsWith('UNSAFE:'));
  if (unsafe.length) {
    lines.push(
      `> **⚠️ UNSAFE node removal: the guard was overridden with allow-unsafe-node-removal.** ${escapeCell(unsafe.map((w) => w.replace(/^UNSAFE:\s*/, '')).join(' '))}`,
      '',
    );
  }
  if (result.capacity) lines.push(capacityMarkdown(result.capacity));
  if (result.ok && operation === 'destroy')
    lines.push('The infrastructure and the kubeconfig are gone; the next deploy starts from nothing.', '');
  if (context.resumedFrom) lines.push(`Resumed from ${context.resumedFrom}.`, '');
  const failed = result.reports.find((r) => r.status === 'failed');
  if (failed) {
    lines.push(`**${escapeCell(failed.error ?? 'failed')}**`, '');
    if (failed.outputTail?.length) {
      lines.push(
        `<details open><summary>Last ${failed.outputTail.length} lines of <code>${failed.id}</code></summary>`,
        '',
        '```text',
        ...failed.outputTail.map((l) => l.replace(/```/g, "'''")),
        '```',
        '</details>',
        '',
      );
    }
  }
  lines.push('| step | result | took |', '|---|---|---|', ...result.reports.map(stepRow), '');
  const gantt = renderGantt(result.history);
  if (gantt) lines.push(gantt);
  if (result.endpoint) lines.push(`**Endpoint:** \`${result.endpoint}\``, '');
  if (result.ok && context.kubeconfigCommand)
    lines.push(
      `**Kubeconfig:** \`${context.kubeconfigCommand}\` on your machine, with the kubeconfig passphrase and the state key in CLUSTER_DEPLOY_KUBECONFIG_PASSPHRASE and CLUSTER_DEPLOY_STATE_KEY and a token that reads this repository's artifacts in GH_TOKEN (docs/cli.md)`,
      '',
    );
  lines.push(`Resume state: ${context.stateLocation}${context.logLocation ? ` · log: ${context.logLocation}` : ''}`);
  if (!result.ok && context.resumeHint) lines.push('', context.resumeHint);
  return `${lines.join('\n')}\n`;
}

/**
 * Where a runner's paths are shown from: relative to the repository (GITHUB_WORKSPACE), the runner's temporary
 * directory as `$RUNNER_TEMP` (the state, the venv, a written SSH key), the home directory as `~`.
 */
export function runnerPathBases(env: NodeJS.ProcessEnv): PathBase[] {
  return [
    ...(env.GITHUB_WORKSPACE ? [{ dir: env.GITHUB_WORKSPACE, as: '' }] : []),
    ...(env.RUNNER_TEMP ? [{ dir: env.RUNNER_TEMP, as: '$RUNNER_TEMP' }] : []),
    ...(env.HOME ? [{ dir: env.HOME, as: '~' }] : []),
  ];
}

/** The job summary of a dry run: what would run and why, its paths shortened from `bases` (runnerPathBases). */
export function planSummary(plan: DeployPlan, bases: readonly PathBase[] = []): string {
  const lines = [`### 📋 ${operationTitle(plan.operation)} plan for \`${plan.cluster}\` (dry run: nothing ran)`, ''];
  if (plan.note) lines.push(plan.note, '');
  lines.push('| step | would | why | command |', '|---|---|---|---|');
  for (const step of plan.steps) {
    const command = step.argv
      ? `\`${escapeCell(shortPaths(displayCommand(step.argv), bases))}\``
      : escapeCell(shortPaths(step.actions.join('; '), bases));
    lines.push(`| \`${step.id}\` | ${step.action} | ${escapeCell(shortPaths(step.reason, bases))} | ${command} |`);
  }
  lines.push('', `Resume state: ${shortPaths(plan.statePath, bases)}`);
  return `${lines.join('\n')}\n`;
}
