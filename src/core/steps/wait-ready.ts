import { existsSync, lstatSync } from 'node:fs';
import type { CommandSpec, Exec } from '../command.js';
import { formatDuration } from '../duration.js';
import { InterruptedError, UserError } from '../errors.js';
import { readTextFile } from '../files.js';
import { kubectlCommand, kubeletRelease, parseNodeList } from '../kube-nodes.js';
import { kubeconfigEndpoint } from '../kubeconfig.js';
import { KUBECONFIG_FILE } from '../yaml.js';
import type { WaitReadySettings } from '../settings.js';
import type { Step, StepContext, StepPlan } from './step.js';

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

/** The first pause of a poll; pauses then double up to the interval. */
export const FIRST_PAUSE_MS = 500;

/** A pause that ends early when the run is interrupted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** The most useful line of a failed kubectl run: its last non-empty output line. */
export function lastLine(lines: string[]): string {
  return (
    [...lines]
      .reverse()
      .find((l) => l.trim() !== '')
      ?.trim() ?? ''
  );
}

/** Counts the Ready nodes of kubectl's node list (and, with `version`, those Ready at that kubelet version). */
export function countReadyNodes(json: string, version?: string): { ready: number; total: number } {
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
  const deadline = Date.now() + options.timeoutMs;
  let pause = Math.min(FIRST_PAUSE_MS, options.intervalMs);
  let lastReason = '';
  let attempts = 0;
  // Quiet and unchecked: a failed check is a reason to wait, said once per new reason.
  const run = (...args: string[]) =>
    exec(kubectlCommand(kubectl, kubeconfig, cwd, env, ...args), { capture: true, quiet: true, check: false });

  for (;;) {
    attempts++;
    let reason: string;
    const ready = await run('get', '--raw', '/readyz');
    if (signal?.aborted) throw new InterruptedError();
    if (ready.exitCode === 0 && ready.stdout.trim() === 'ok') {
      if (!options.nodes && !options.version) return { endpoint, attempts };
      const nodes = await run('get', 'nodes', '-o', 'json');
      if (nodes.exitCode === 0) {
        const { ready: readyNodes, total } = countReadyNodes(nodes.stdout, options.version);
        // After an upgrade every registered node must be Ready at the target, however many there are.
        const wanted = Math.max(options.nodes ?? 0, options.version ? total : 0);
        if (readyNodes >= wanted) return { endpoint, attempts, readyNodes, totalNodes: total };
        reason = `${readyNodes}/${wanted} nodes Ready${options.version ? ` at v${options.version}` : ''} (${total} registered)`;
      } else {
        reason = lastLine(nodes.tail) || `kubectl get nodes exited with ${nodes.exitCode}`;
      }
    } else {
      reason = lastLine(ready.tail) || `kubectl get --raw /readyz exited with ${ready.exitCode}`;
    }
    if (reason !== lastReason) options.onWaiting?.(reason);
    lastReason = reason;
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      throw new UserError(
        `timeout waiting for the Kubernetes API at ${endpoint} to be ready after ${formatDuration(options.timeoutMs)}; last error: ${reason}`,
      );
    }
    await sleep(Math.min(pause, remaining), signal);
    if (signal?.aborted) throw new InterruptedError();
    pause = Math.min(pause * 2, options.intervalMs);
  }
}

export class WaitReadyStep implements Step {
  readonly id = 'wait-ready' as const;
  readonly title = 'Wait for the Kubernetes API to be ready';
  readonly kind = 'check' as const;
  private readonly command: CommandSpec;

  constructor(
    private readonly kubeconfig: string,
    private readonly kubectl: string,
    cwd: string,
    env: Record<string, string>,
    private readonly settings: WaitReadySettings,
  ) {
    this.command = kubectlCommand(kubectl, kubeconfig, cwd, env, 'get', '--raw', '/readyz');
  }

  async plan(): Promise<StepPlan> {
    const version = this.settings.version ? ` with kubelet v${this.settings.version}` : '';
    const count = this.settings.version
      ? `every node is${this.settings.nodes ? ` (at least ${this.settings.nodes})` : ''}`
      : `${this.settings.nodes} nodes are`;
    const nodes =
      this.settings.nodes || this.settings.version
        ? `, then until ${count} Ready${version} (kubectl get nodes -o json)`
        : '';
    return {
      workingDir: this.command.cwd,
      command: this.command,
      reads: [this.kubeconfig],
      writes: [],
      actions: [
        `poll until /readyz says ok${nodes}; timeout ${formatDuration(this.settings.timeoutMs)}, pauses up to ${formatDuration(this.settings.intervalMs)}`,
      ],
    };
  }

  async run({ exec, output, signal }: StepContext): Promise<string> {
    const result = await waitForReady({
      ...this.settings,
      kubeconfig: this.kubeconfig,
      kubectl: this.kubectl,
      env: this.command.env,
      cwd: this.command.cwd,
      exec,
      signal,
      onWaiting: (reason) => output.line(`      waiting: ${reason}`),
    });
    const nodes = result.readyNodes !== undefined ? `, ${result.readyNodes}/${result.totalNodes} nodes Ready` : '';
    return `/readyz ok at ${result.endpoint}${nodes}`;
  }
}
