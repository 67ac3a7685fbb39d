import type { CommandSpec } from '../lib/command.js';
import { formatDuration } from '../lib/duration.js';
import { kubectlCommand } from '../kube/nodes.js';
import { waitForReady, type WaitReadySettings } from '../kube/ready.js';
import type { Step, StepContext, StepPlan } from '../model/step.js';

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
    /** The node count when only known at run time (Cluster API: the rendered manifests' replicas). */
    private readonly nodesAtRunTime?: () => number | undefined,
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
    const wanted = this.nodesAtRunTime?.() ?? this.settings.nodes;
    const result = await waitForReady({
      ...this.settings,
      ...(wanted !== undefined ? { nodes: wanted } : {}),
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
