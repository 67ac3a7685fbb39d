import { promises as fs } from 'node:fs';
import type { CommandSpec } from '../../lib/command.js';
import { formatDuration } from '../../lib/duration.js';
import { UserError } from '../../lib/errors.js';
import { writePrivateFile } from '../../lib/files.js';
import { kubeconfigSecrets } from '../../kube/kubeconfig.js';
import type { Redactor } from '../../lib/redact.js';
import type { DeploySettings } from '../../model/settings.js';
import type { DeployState } from '../../model/state.js';
import type { StepContext } from '../../model/step.js';
import type { CapiCommands } from '../../capi/management.js';
import { poll } from '../../lib/poll.js';
import { failureLine } from '../../lib/command.js';
import { STALL_PHASE_NAMES, STALL_PHASES, stallField, type StallPhase } from '../../model/capi-stall.js';
import type { ClusterApiSettings } from '../../model/cluster-api.js';

/** The stall limits a plan shows: each phase's, from the config or its default. */
export function stallLimitsText(capi: ClusterApiSettings, phases: readonly StallPhase[] = STALL_PHASE_NAMES): string {
  return `${phases.map((phase) => `${phase} ${formatDuration(capi.stallTimeouts[phase])}`).join(', ')} (deployment.cluster_api.stall_timeouts)`;
}

/** The stall error's head: the phase, its limit and the field that sets it. */
export function stallMessage(capi: ClusterApiSettings, phase: StallPhase, last: string): string {
  return `no progress for ${formatDuration(capi.stallTimeouts[phase])} while waiting for ${STALL_PHASES[phase].what} (phase ${phase}, limit ${stallField(phase)}): ${last}`;
}

/**
 * Once capi-pivot has begun (and not finished), the objects may be half-way out of kind: applying
 * them to kind again would have two management clusters reconciling one cluster. The steps that
 * change or wait on the management cluster then leave it to the pivot, which resumes where it stopped.
 */
export function pivotInProgress(state: DeployState, commands: CapiCommands): string | undefined {
  const pivot = state.steps['capi-pivot'];
  if (commands.capi.management.kind !== 'kind' || !pivot || pivot.status === 'success') return undefined;
  return 'left to capi-pivot, which had begun: the objects may be moving out of kind';
}

/**
 * Registers a kubeconfig's keys with the redactor (and those of the key and token files it names,
 * when read from `file`); a kubeconfig that does not parse is the caller's error to report.
 */
export function maskKubeconfig(text: string, source: string, redactor: Redactor, file?: string): void {
  for (const secret of kubeconfigSecrets(text, source, file)) redactor.add(secret);
}

/** Applies objects holding credentials from a 0600 file in the private work dir, removed whatever happens. */
export async function applyPrivately(
  context: StepContext,
  command: CommandSpec,
  file: string,
  objects: unknown,
): Promise<void> {
  await writePrivateFile(file, JSON.stringify(objects), 'credentials Secret');
  try {
    await context.exec(command);
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** The whole wait of a Cluster API poll: `--timeout`, or its phases' stall limits together when longer. */
export function waitTimeout(settings: DeploySettings, budgetMs = 0): number {
  return Math.max(settings.waitReady.timeoutMs, budgetMs);
}

/**
 * Polls `objects` until `done` says so, with pauses from 0.5 s doubling up to the interval, a line
 * each time the progress changes, and a timeout naming the last progress. With `stall`, the same line
 * for `stall.ms` (no progress; a function: the limit of the phase now) calls `stall.onStall` with it (which throws).
 * A wait with stall limits ends after `--timeout` or `stall.budgetMs` (its phases' limits together), whichever is
 * longer: the default timeout is wait-ready's, shorter than what CAPO's own e2e allows a whole deploy.
 */
export async function pollObjects(
  context: StepContext,
  command: CommandSpec,
  what: string,
  check: (json: string) => { line: string; done: boolean },
  stall?: {
    ms: number | (() => number);
    budgetMs?: number;
    onStall: (last: string, lastJson: string) => Promise<never>;
  },
): Promise<string> {
  const { intervalMs } = context.settings.waitReady;
  const timeoutMs = waitTimeout(context.settings, stall?.budgetMs);
  let lastJson = '';
  const { value } = await poll<string>(
    async () => {
      const result = await context.exec(command, { capture: true, quiet: true, check: false });
      if (result.exitCode === 0) lastJson = result.stdout;
      const progress =
        result.exitCode === 0 ? check(result.stdout) : { line: `kubectl: ${failureLine(result)}`, done: false };
      return progress.done
        ? { done: true, value: progress.line, line: progress.line }
        : { done: false, line: progress.line };
    },
    {
      timeoutMs,
      intervalMs,
      signal: context.signal,
      onLine: (line) => context.output.line(`      ${line}`),
      timeoutError: (last) =>
        new UserError(`timeout after ${formatDuration(timeoutMs)} waiting for ${what}; last: ${last}`),
      ...(stall && { stall: { ms: stall.ms, onStall: (last: string) => stall.onStall(last, lastJson) } }),
    },
  );
  return value;
}

/** A machine CAPI or CAPO gave up on, with the objects as they were (for the diagnosis). */
export class MachineFailedError extends Error {
  constructor(
    message: string,
    readonly json: string,
  ) {
    super(message);
  }
}
