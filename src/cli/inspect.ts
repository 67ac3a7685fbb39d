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

/** The run logs of a cluster, newest first (their names sort by time: `<operation>-<ISO stamp>.log`). */
async function runLogs(logDir: string): Promise<string[]> {
  const names = await fs.readdir(logDir).catch(() => [] as string[]);
  const stamp = (name: string) => name.replace(/^[a-z]+-/, '');
  return names
    .filter((name) => name.endsWith('.log'))
    .sort((a, b) => stamp(b).localeCompare(stamp(a)))
    .map((name) => path.join(logDir, name));
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

export interface StatusReport {
  cluster: string;
  operation: DeployState['operation'] | null;
  result: Outcome;
  updatedAt: string | null;
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
  const ids = [
    ...order.filter((id) => id in state.steps),
    ...Object.keys(state.steps).filter((id) => !order.includes(id)),
  ];
  return {
    cluster: files.cluster,
    operation: state.operation,
    result: outcomeOf(state),
    updatedAt: state.updatedAt,
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
    log: logs[0] ?? null,
    state: files.statePath,
  };
}

const MARK: Record<string, string> = { success: '✓', failed: '✗', interrupted: '✗', running: '…' };

export function renderStatus(report: StatusReport): string {
  const lines = [
    `${report.cluster}: ${report.operation ?? 'no operation'} ${report.result}${report.updatedAt ? ` (updated ${report.updatedAt})` : ''}`,
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
  lines.push(`Log: ${report.log ?? '(none yet)'}`);
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

/**
 * A run's log: the newest (run 1), an older one (2 = the one before), or one by file name. With a
 * step id, only that step's part: from its `[n/m] → … (id)...` line to the next step's line.
 */
export async function readRunLog(files: ClusterFiles, run: string | undefined, step?: string): Promise<string> {
  const logs = await runLogs(files.logDir);
  if (!logs.length) throw new UserError(`no run logs for ${files.cluster} in ${files.logDir}`);
  let file: string | undefined;
  if (run === undefined) file = logs[0];
  else if (/^\d+$/.test(run)) file = logs[Number(run) - 1];
  else file = logs.find((f) => path.basename(f) === run || path.basename(f) === `${run}.log`);
  if (!file) {
    const names = logs.map((f, i) => `${i + 1}: ${path.basename(f)}`).join(', ');
    throw new UserError(`--run ${run}: no such run log for ${files.cluster} (runs, newest first: ${names})`);
  }
  const text = readTextFile(file, { noun: 'run log', plural: 'run logs', maxBytes: 1024 * 1024 * 1024 });
  if (step === undefined) return text;
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /\[\d+\/\d+\] → /.test(l) && l.includes(`(${step})...`));
  if (start < 0) {
    const ran = [...text.matchAll(/\[\d+\/\d+\] → .*\(([a-z0-9-]+)\)\.\.\./g)].map((m) => m[1]);
    throw new UserError(
      `step ${step} did not run in ${path.basename(file)}${ran.length ? ` (steps that ran: ${ran.join(', ')})` : ' (no step ran)'}`,
    );
  }
  const end = lines.findIndex((l, i) => i > start && /\[\d+\/\d+\] [→⏭] /.test(l));
  return `${lines.slice(start, end < 0 ? undefined : end).join('\n')}\n`;
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
