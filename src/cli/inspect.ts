import { existsSync, promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatDuration } from '../core/lib/duration.js';
import { UserError } from '../core/lib/errors.js';
import { readTextFile } from '../core/lib/files.js';
import { DeployStateSchema, type DeployState } from '../core/model/state.js';
import { operationStepIds } from '../core/model/operations.js';

/**
 * Read-only views of a state directory for the CLI: `status`, `list` and `logs`. They open no
 * pipeline and need no credentials: only the files a run left under <state-dir>/<org>/<cluster>/.
 */

/** Where one cluster's files are, as the engine writes them (model/settings.ts runtimePaths). */
export interface ClusterFiles {
  cluster: string;
  dir: string;
  statePath: string;
  logDir: string;
  kubeconfigPath: string;
}

export function clusterFiles(stateDir: string, organization: string, clusterName: string, kubeconfigPath?: string) {
  const dir = path.join(stateDir, organization, clusterName);
  return {
    cluster: `${organization}/${clusterName}`,
    dir,
    statePath: path.join(dir, 'state.json'),
    logDir: path.join(dir, 'logs'),
    kubeconfigPath: kubeconfigPath ?? path.join(dir, 'kubeconfig'),
  } satisfies ClusterFiles;
}

const STATE_FILE = { noun: 'resume state', plural: 'resume state files', maxBytes: 16 * 1024 * 1024 };

/** The saved state, or undefined when the cluster has none; a corrupt file names itself. */
function readState(file: string): DeployState | undefined {
  if (!existsSync(file)) return undefined;
  let doc: unknown;
  try {
    doc = JSON.parse(readTextFile(file, STATE_FILE));
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(`resume state ${file} is not valid JSON; delete it or run the operation with --restart`);
  }
  const parsed = DeployStateSchema.safeParse(doc);
  if (!parsed.success) throw new UserError(`resume state ${file} is not one this version reads`);
  return parsed.data;
}

/** A run log's operation and start: `<operation>-<ISO stamp>.log` (pipeline.ts), `replace-nodes-…` too. */
const LOG_NAME = /^([a-z]+(?:-[a-z]+)*)-(\d{4}-\d\d-\d\dT[\dTZ-]+)\.log$/;

/** The run logs of a cluster, newest first (their names sort by time: `<operation>-<ISO stamp>.log`). */
async function runLogs(logDir: string): Promise<string[]> {
  const names = await fs.readdir(logDir).catch(() => [] as string[]);
  const stamp = (name: string) => LOG_NAME.exec(name)?.[2] ?? '';
  return names
    .filter((name) => name.endsWith('.log'))
    .sort((a, b) => stamp(b).localeCompare(stamp(a)))
    .map((name) => path.join(logDir, name));
}

/**
 * The log of the run that saved the state: the newest of its operation. A newer run of another operation
 * (a check, which keeps no resume state) is not the one the state reports.
 */
const logOf = (logs: string[], operation: string) =>
  logs.find((file) => LOG_NAME.exec(path.basename(file))?.[1] === operation) ?? null;

/** Which run saved the state: the CI run when a workflow did, else its log file's name. */
function runOf(state: DeployState, log: string | null): string | null {
  if (state.run) return state.run.url ?? `GitHub Actions run ${state.run.id} (attempt ${state.run.attempt})`;
  return log && path.basename(log);
}

type Outcome = 'completed' | 'failed' | 'interrupted' | 'running' | 'destroyed' | 'not run';

function outcomeOf(state: DeployState): Outcome {
  if (state.destroyedAt && state.operation === 'destroy') return 'destroyed';
  if (state.completedAt) return 'completed';
  const steps = Object.values(state.steps);
  if (steps.some((s) => s.status === 'failed' && s.error === 'interrupted')) return 'interrupted';
  if (steps.some((s) => s.status === 'failed')) return 'failed';
  if (steps.some((s) => s.status === 'running')) return 'running';
  return 'not run';
}

/** What running the same operation again would do, from the saved state alone (the engine's resume rules). */
function rerunOf(state: DeployState): string {
  const op = state.operation;
  if (state.destroyedAt) return 'the cluster was destroyed: the next deploy starts from nothing';
  if (state.completedAt) return `the last ${op} completed: the same ${op} runs every step again`;
  const order = operationStepIds(op) as string[];
  const pending = order.find((id) => state.steps[id] && state.steps[id]!.status !== 'success');
  if (pending) return `cluster-deploy ${op} resumes at ${pending} (steps that succeeded are skipped)`;
  const next = order.find((id) => !state.steps[id]);
  return next
    ? `cluster-deploy ${op} resumes at ${next} (steps that succeeded are skipped)`
    : `cluster-deploy ${op} runs every step`;
}

/**
 * A cluster whose last saved operation is a completed destroy: when, and by which run. A state that cannot be
 * read is left for the run to report (a check reads it the same forgiving way: engine/selection.ts).
 */
export async function destroyedCluster(
  files: ClusterFiles,
): Promise<{ at: string; run: string | null; state: DeployState } | undefined> {
  let state: DeployState | undefined;
  try {
    state = readState(files.statePath);
  } catch {
    return undefined;
  }
  if (!state?.destroyedAt) return undefined;
  return { at: state.destroyedAt, run: runOf(state, logOf(await runLogs(files.logDir), state.operation)), state };
}

export interface StatusReport {
  cluster: string;
  operation: DeployState['operation'] | null;
  result: Outcome;
  updatedAt: string | null;
  /** A completed destroy: when, and the run that did it (CI run or log file). */
  destroyed?: { at: string; run: string | null };
  steps: { id: string; status: string; startedAt: string; durationMs?: number; error?: string; detail?: string }[];
  rerun: string;
  kubeconfig: { path: string; exists: boolean };
  log: string | null;
  state: string;
}

export async function clusterStatus(files: ClusterFiles): Promise<StatusReport> {
  const state = readState(files.statePath);
  const logs = await runLogs(files.logDir);
  const kubeconfig = { path: files.kubeconfigPath, exists: existsSync(files.kubeconfigPath) };
  if (!state) {
    if (!existsSync(files.dir) && logs.length === 0)
      throw new UserError(
        `no cluster ${files.cluster} in ${path.dirname(path.dirname(files.dir))}; "cluster-deploy list" shows the clusters there`,
      );
    return {
      cluster: files.cluster,
      operation: null,
      result: 'not run',
      updatedAt: null,
      steps: [],
      rerun: 'cluster-deploy deploy runs every step',
      kubeconfig,
      log: logs[0] ?? null,
      state: files.statePath,
    };
  }
  const order = operationStepIds(state.operation) as string[];
  const log = logOf(logs, state.operation);
  const ids = [
    ...order.filter((id) => id in state.steps),
    ...Object.keys(state.steps).filter((id) => !order.includes(id)),
  ];
  return {
    cluster: files.cluster,
    operation: state.operation,
    result: outcomeOf(state),
    updatedAt: state.updatedAt,
    ...(state.destroyedAt && { destroyed: { at: state.destroyedAt, run: runOf(state, log) } }),
    steps: ids.map((id) => {
      const s = state.steps[id]!;
      return {
        id,
        status: s.status === 'failed' && s.error === 'interrupted' ? 'interrupted' : s.status,
        startedAt: s.startedAt,
        ...(s.durationMs !== undefined && { durationMs: s.durationMs }),
        ...(s.error && { error: s.error }),
        ...(s.detail && { detail: s.detail }),
      };
    }),
    rerun: rerunOf(state),
    kubeconfig,
    log,
    state: files.statePath,
  };
}

const MARK: Record<string, string> = { success: '✓', failed: '✗', interrupted: '✗', running: '…' };

export function renderStatus(report: StatusReport): string {
  const { destroyed } = report;
  const lines = [
    destroyed
      ? `${report.cluster}: destroyed at ${destroyed.at}${destroyed.run ? ` by ${destroyed.run}` : ''}`
      : `${report.cluster}: ${report.operation ?? 'no operation'} ${report.result}${report.updatedAt ? ` (updated ${report.updatedAt})` : ''}`,
  ];
  if (report.steps.length) {
    const width = Math.max(...report.steps.map((s) => s.id.length));
    for (const s of report.steps) {
      const took = s.durationMs === undefined ? '' : ` in ${formatDuration(s.durationMs)}`;
      const why = s.error ? `: ${s.error}` : s.detail ? ` — ${s.detail}` : '';
      lines.push(`  ${MARK[s.status] ?? ' '} ${s.id.padEnd(width)}  ${s.status} at ${s.startedAt}${took}${why}`);
    }
  }
  lines.push(`Re-run: ${report.rerun}`);
  lines.push(`Kubeconfig: ${report.kubeconfig.path}${report.kubeconfig.exists ? '' : ' (not there)'}`);
  lines.push(
    `Log: ${report.log ?? (report.operation ? `(no ${report.operation} run log in this state directory)` : '(none yet)')}`,
  );
  lines.push(`State: ${report.state}`);
  return `${lines.join('\n')}\n`;
}

export interface ListEntry {
  cluster: string;
  operation: DeployState['operation'] | null;
  result: Outcome | 'unreadable';
  updatedAt: string | null;
  error?: string;
}

/** Every <org>/<cluster> under the state directory that holds a state file or logs. */
export async function listClusters(stateDir: string): Promise<ListEntry[]> {
  const stat = await fs.stat(stateDir).catch(() => undefined);
  if (stat && !stat.isDirectory()) throw new UserError(`state directory ${stateDir} is not a directory`);
  const entries: ListEntry[] = [];
  const dirs = async (dir: string) =>
    (await fs.readdir(dir, { withFileTypes: true }).catch(() => [])).filter((d) => d.isDirectory()).map((d) => d.name);
  for (const org of (await dirs(stateDir)).sort()) {
    for (const name of (await dirs(path.join(stateDir, org))).sort()) {
      const files = clusterFiles(stateDir, org, name);
      if (!existsSync(files.statePath) && !existsSync(files.logDir)) continue;
      try {
        const state = readState(files.statePath);
        entries.push({
          cluster: files.cluster,
          operation: state?.operation ?? null,
          result: state ? outcomeOf(state) : 'not run',
          updatedAt: state?.updatedAt ?? null,
        });
      } catch (error) {
        entries.push({
          cluster: files.cluster,
          operation: null,
          result: 'unreadable',
          updatedAt: null,
          error: (error as Error).message,
        });
      }
    }
  }
  return entries;
}

export function renderList(stateDir: string, entries: ListEntry[]): string {
  if (!entries.length) return `No clusters in ${stateDir}\n`;
  const width = Math.max(7, ...entries.map((e) => e.cluster.length));
  const head = `${'CLUSTER'.padEnd(width)}  ${'OPERATION'.padEnd(9)}  ${'RESULT'.padEnd(11)}  UPDATED`;
  const rows = entries.map(
    (e) =>
      `${e.cluster.padEnd(width)}  ${(e.operation ?? '-').padEnd(9)}  ${e.result.padEnd(11)}  ${e.updatedAt ?? '-'}${e.error ? `  (${e.error})` : ''}`,
  );
  return `${[head, ...rows].join('\n')}\n`;
}

/** The runs `logs` names in an error: newest first, numbered as --run takes them, at most 10. */
function runNames(logs: string[]): string {
  const names = logs.slice(0, 10).map((f, i) => `${i + 1}: ${path.basename(f)}`);
  return `${names.join(', ')}${logs.length > 10 ? `, and ${logs.length - 10} older` : ''}`;
}

const readLog = (file: string) =>
  readTextFile(file, { noun: 'run log', plural: 'run logs', maxBytes: 1024 * 1024 * 1024 });

/** A step's part of a log: from its `[n/m] → … (id)...` line to the next step's line; undefined when it did not run. */
function stepPart(text: string, step: string): string | undefined {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /\[\d+\/\d+\] → /.test(l) && l.includes(`(${step})...`));
  if (start < 0) return undefined;
  const end = lines.findIndex((l, i) => i > start && /\[\d+\/\d+\] [→⏭] /.test(l));
  return `${lines.slice(start, end < 0 ? undefined : end).join('\n')}\n`;
}

const stepsRun = (text: string) => [...text.matchAll(/\[\d+\/\d+\] → .*\(([a-z0-9-]+)\)\.\.\./g)].map((m) => m[1]);

/** What `logs` prints: the text, and which run it came from when it had to look past the newest (said on stderr). */
export interface RunLog {
  text: string;
  note?: string;
}

/**
 * A run's log: the newest (run 1), an older one (2 = the one before), or one by file name. With a
 * step id, only that step's part; without --run, of the newest run in which that step ran (a check or a
 * destroy after the deploy does not hide the deploy's steps).
 */
export async function readRunLog(files: ClusterFiles, run: string | undefined, step?: string): Promise<RunLog> {
  const logs = await runLogs(files.logDir);
  if (!logs.length) throw new UserError(`no run logs for ${files.cluster} in ${files.logDir}`);
  if (run === undefined && step !== undefined) return newestStepLog(files, logs, step);
  let file: string | undefined;
  if (run === undefined) file = logs[0];
  else if (/^\d+$/.test(run)) file = logs[Number(run) - 1];
  else file = logs.find((f) => path.basename(f) === run || path.basename(f) === `${run}.log`);
  if (!file)
    throw new UserError(`--run ${run}: no such run log for ${files.cluster} (runs, newest first: ${runNames(logs)})`);
  const text = readLog(file);
  if (step === undefined) return { text };
  const part = stepPart(text, step);
  if (part === undefined) throw notRunIn(step, file, text);
  return { text: part };
}

function notRunIn(step: string, file: string, text: string): UserError {
  const ran = stepsRun(text);
  return new UserError(
    `step ${step} did not run in ${path.basename(file)}${ran.length ? ` (steps that ran: ${ran.join(', ')})` : ' (no step ran)'}`,
  );
}

async function newestStepLog(files: ClusterFiles, logs: string[], step: string): Promise<RunLog> {
  let newest = '';
  for (const [i, file] of logs.entries()) {
    const text = readLog(file);
    if (i === 0) newest = text;
    const part = stepPart(text, step);
    if (part === undefined) continue;
    const which = i === 0 ? 'the newest run' : 'the newest run with it';
    return { text: part, note: `logs: step ${step} of run ${i + 1}, ${path.basename(file)} (${which})` };
  }
  // One run: the steps it ran say more than its name.
  if (logs.length === 1) throw notRunIn(step, logs[0]!, newest);
  throw new UserError(
    `step ${step} did not run in any of the ${logs.length} run logs of ${files.cluster} (searched, newest first: ${runNames(logs)})`,
  );
}

/**
 * The organisations under the state directory that hold a cluster of this name (state or logs), so
 * `status --cluster NAME` finds it without --org when only one does.
 */
export async function organisationsWith(stateDir: string, clusterName: string): Promise<string[]> {
  const orgs = (await fs.readdir(stateDir, { withFileTypes: true }).catch(() => []))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  return orgs.filter((org) => {
    const files = clusterFiles(stateDir, org, clusterName);
    return existsSync(files.statePath) || existsSync(files.logDir);
  });
}

/** The package version: from the package.json above this module (src/cli, lib/cli or dist/cli alike). */
export function packageVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    dir = path.dirname(dir);
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'openstack-k8s-deploy' && pkg.version) return pkg.version;
    } catch {
      // not this one: keep walking up
    }
  }
  return 'unknown';
}
