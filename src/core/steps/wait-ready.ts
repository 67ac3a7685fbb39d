import { promises as fs } from 'node:fs';
import { runCommand } from '../command.js';
import { formatDuration } from '../duration.js';
import { UserError } from '../errors.js';
import { kubeconfigEndpoint } from '../kubeconfig.js';
import type { Redactor } from '../redact.js';
import type { WaitReadySettings } from '../settings.js';
import type { Step, StepContext, StepPlan } from './step.js';

export interface WaitReadyOptions extends WaitReadySettings {
  kubeconfig: string;
  kubectl: string;
  env: Record<string, string>;
  cwd: string;
  redactor: Redactor;
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

const FIRST_PAUSE_MS = 500;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
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
function lastLine(lines: string[]): string {
  return [...lines].reverse().find((l) => l.trim() !== '')?.trim() ?? '';
}

interface NodeList {
  items?: { metadata?: { name?: string }; status?: { conditions?: { type?: string; status?: string }[] } }[];
}

export function readyArgv(kubectl: string, kubeconfig: string): string[] {
  return [kubectl, '--kubeconfig', kubeconfig, '--request-timeout=10s', 'get', '--raw', '/readyz'];
}

/**
 * Waits until `/readyz` answers `ok` (and, if asked, N nodes are Ready). The first check is
 * immediate; pauses then double from 0.5 s up to `intervalMs`. On timeout the error carries the
 * last thing kubectl said.
 */
export async function waitForReady(options: WaitReadyOptions): Promise<ReadyResult> {
  const { kubeconfig, kubectl, env, cwd, redactor, signal } = options;
  const text = await fs.readFile(kubeconfig, 'utf8').catch(() => {
    throw new UserError(`kubeconfig not found: ${kubeconfig}; run step openstack-normalize-kubeconfig first`);
  });
  const endpoint = kubeconfigEndpoint(text, kubeconfig) ?? '(unknown server)';
  const deadline = Date.now() + options.timeoutMs;
  let pause = Math.min(FIRST_PAUSE_MS, options.intervalMs);
  let lastReason = '';
  let attempts = 0;
  const run = (argv: string[]) => runCommand({ argv, cwd, env }, { redactor, signal, captureStdout: 4 * 1024 * 1024 });

  for (;;) {
    attempts++;
    let reason: string;
    const ready = await run(readyArgv(kubectl, kubeconfig));
    if (signal?.aborted) throw new Error('interrupted');
    if (ready.exitCode === 0 && ready.stdout.trim() === 'ok') {
      if (!options.nodes) return { endpoint, attempts };
      const nodes = await run([kubectl, '--kubeconfig', kubeconfig, '--request-timeout=10s', 'get', 'nodes', '-o', 'json']);
      if (nodes.exitCode === 0) {
        const list = JSON.parse(nodes.stdout) as NodeList;
        const total = list.items?.length ?? 0;
        const readyNodes = (list.items ?? []).filter((n) => n.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')).length;
        if (readyNodes >= options.nodes) return { endpoint, attempts, readyNodes, totalNodes: total };
        reason = `${readyNodes}/${options.nodes} nodes Ready (${total} registered)`;
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
      throw new UserError(`timeout waiting for the Kubernetes API at ${endpoint} to be ready after ${formatDuration(options.timeoutMs)}; last error: ${reason}`);
    }
    await sleep(Math.min(pause, remaining), signal);
    if (signal?.aborted) throw new Error('interrupted');
    pause = Math.min(pause * 2, options.intervalMs);
  }
}

export class WaitReadyStep implements Step {
  readonly id = 'wait-ready' as const;
  readonly title = 'Wait for the Kubernetes API to be ready';
  readonly kind = 'check' as const;

  constructor(
    private readonly kubeconfig: string,
    private readonly kubectl: string,
    private readonly cwd: string,
    private readonly env: Record<string, string>,
    private readonly settings: WaitReadySettings,
  ) {}

  async plan(): Promise<StepPlan> {
    const nodes = this.settings.nodes ? `, then until ${this.settings.nodes} nodes are Ready` : '';
    return {
      workingDir: this.cwd,
      argv: readyArgv(this.kubectl, this.kubeconfig),
      env: this.env,
      reads: [this.kubeconfig],
      writes: [],
      actions: [`poll until /readyz says ok${nodes}; timeout ${formatDuration(this.settings.timeoutMs)}, pauses up to ${formatDuration(this.settings.intervalMs)}`],
    };
  }

  async run({ redactor, output, signal }: StepContext): Promise<string> {
    const result = await waitForReady({
      ...this.settings,
      kubeconfig: this.kubeconfig,
      kubectl: this.kubectl,
      env: this.env,
      cwd: this.cwd,
      redactor,
      signal,
      onWaiting: (reason) => output.line(`      waiting: ${reason}`),
    });
    const nodes = result.readyNodes !== undefined ? `, ${result.readyNodes}/${result.totalNodes} nodes Ready` : '';
    return `/readyz ok at ${result.endpoint}${nodes}`;
  }
}
