import { existsSync, lstatSync } from 'node:fs';
import type { Exec } from '../lib/command.js';
import { failureLine } from '../lib/command.js';
import { formatDuration } from '../lib/duration.js';
import { InterruptedError, UserError } from '../lib/errors.js';
import { readTextFile } from '../lib/files.js';
import { poll } from '../lib/poll.js';
import { KUBECONFIG_FILE } from '../lib/yaml.js';
import { kubeconfigEndpoint } from './kubeconfig.js';
import { kubectlCommand, kubeletRelease, parseNodeList } from './nodes.js';

export interface WaitReadySettings {
  timeoutMs: number;
  /** Longest pause between checks; the first check is immediate and pauses grow up to this. */
  intervalMs: number;
  /** Also require this many nodes to be Ready. */
  nodes?: number;
  /** upgrade: every node must also be Ready with this kubelet version (no "v"). */
  version?: string;
}
export interface WaitReadyOptions extends WaitReadySettings {
  kubeconfig: string;
  kubectl: string;
  env: Record<string, string>;
  cwd: string;
  exec: Exec;
  signal?: AbortSignal;
  /** Told about each failed check whose reason differs from the previous one. */
  onWaiting?: (reason: string) => void;
}

export interface ReadyResult {
  endpoint: string;
  readyNodes?: number;
  totalNodes?: number;
  attempts: number;
}

/** Counts the Ready nodes of kubectl's node list (and, with `version`, those Ready at that kubelet version). */
function countReadyNodes(json: string, version?: string): { ready: number; total: number } {
  const nodes = parseNodeList(json);
  const ready = nodes.filter((n) => n.ready && (!version || kubeletRelease(n.kubelet) === version)).length;
  return { ready, total: nodes.length };
}

/** The kubeconfig to wait with; a missing one is usually a step not run yet. */
function readKubeconfig(file: string): string {
  // Only when nothing is there: a symlink loop or a dangling link is reported as what it is by readTextFile.
  if (!existsSync(file) && !isSymlink(file))
    throw new UserError(`kubeconfig not found: ${file}; run step openstack-normalize-kubeconfig first`);
  return readTextFile(file, KUBECONFIG_FILE);
}

function isSymlink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Waits until `/readyz` answers `ok` (and, if asked, N nodes are Ready). The first check is
 * immediate; pauses then double from 0.5 s up to `intervalMs`. On timeout the error carries the
 * last thing kubectl said.
 */
export async function waitForReady(options: WaitReadyOptions): Promise<ReadyResult> {
  const { kubeconfig, kubectl, env, cwd, exec, signal } = options;
  const text = readKubeconfig(kubeconfig);
  const endpoint = kubeconfigEndpoint(text, kubeconfig);
  // kubectl would fall back to localhost:8080 and the wait would run out its whole timeout.
  if (!endpoint)
    throw new UserError(
      `kubeconfig ${kubeconfig} names no API server (no clusters[].cluster.server); it is not the cluster's kubeconfig`,
    );
  // Quiet and unchecked: a failed check is a reason to wait, said once per new reason.
  const run = (...args: string[]) =>
    exec(kubectlCommand(kubectl, kubeconfig, cwd, env, ...args), { capture: true, quiet: true, check: false });
  const wanted = { nodes: options.nodes, version: options.version };
  const { value, attempts } = await poll<Omit<ReadyResult, 'attempts'>>(
    async () => {
      const ready = await run('get', '--raw', '/readyz');
      if (signal?.aborted) throw new InterruptedError();
      if (ready.exitCode !== 0 || ready.stdout.trim() !== 'ok')
        return { done: false, line: failureLine(ready, 'kubectl get --raw /readyz exited with') };
      if (!wanted.nodes && !wanted.version) return { done: true, value: { endpoint } };
      const nodes = await run('get', 'nodes', '-o', 'json');
      if (nodes.exitCode !== 0) return { done: false, line: failureLine(nodes, 'kubectl get nodes exited with') };
      const { ready: readyNodes, total } = countReadyNodes(nodes.stdout, wanted.version);
      // After an upgrade every registered node must be Ready at the target, however many there are.
      const count = Math.max(wanted.nodes ?? 0, wanted.version ? total : 0);
      if (readyNodes >= count) return { done: true, value: { endpoint, readyNodes, totalNodes: total } };
      return {
        done: false,
        line: `${readyNodes}/${count} nodes Ready${wanted.version ? ` at v${wanted.version}` : ''} (${total} registered)`,
      };
    },
    {
      timeoutMs: options.timeoutMs,
      intervalMs: options.intervalMs,
      signal,
      onLine: options.onWaiting,
      timeoutError: (last) =>
        new UserError(
          `timeout waiting for the Kubernetes API at ${endpoint} to be ready after ${formatDuration(options.timeoutMs)}; last error: ${last}`,
        ),
    },
  );
  const { readyNodes, totalNodes } = value;
  return readyNodes === undefined ? { endpoint, attempts } : { endpoint, attempts, readyNodes, totalNodes };
}
