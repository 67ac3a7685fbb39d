import type { CommandSpec } from '../lib/command.js';
import { formatDuration } from '../lib/duration.js';
import { kubectlCommand } from '../kube/nodes.js';
import { waitForReady, type WaitReadySettings } from '../kube/ready.js';
import { kubectlEnvironment } from '../model/environment.js';
import type { DeploySettings } from '../model/settings.js';
import type { Step, StepContext, StepPlan } from '../model/step.js';

/** What the Cluster API method adds to the gate: its machine count, and where it comes from at run time. */
export interface MachineCount {
  /** The config's machines: what the plan shows, before anything is rendered. */
  nodes: number;
  /** The rendered manifests' machines once they exist; --nodes wins over both. */
  atRunTime?: () => number | undefined;
}

/**
 * `wait-ready`: /readyz, then the expected Ready nodes (--nodes, or a Cluster API cluster's machines),
 * and after an upgrade every node at the target version.
 */
export class WaitReadyStep implements Step {
  readonly id = 'wait-ready' as const;
  readonly title = 'Wait for the Kubernetes API to be ready';
  readonly kind = 'check' as const;
  private readonly command: CommandSpec;
  private readonly kubeconfig: string;
  private readonly kubectl: string;
  private readonly settings: WaitReadySettings;
  private readonly nodesAtRunTime?: () => number | undefined;

  constructor(deploy: DeploySettings, machines?: MachineCount) {
    this.kubeconfig = deploy.kubeconfigPath;
    this.kubectl = deploy.kubectl;
    const given = deploy.waitReady.nodes;
    this.settings = {
      ...deploy.waitReady,
      nodes: given ?? machines?.nodes,
      version: deploy.operation === 'upgrade' ? deploy.kubernetesVersion : undefined,
    };
    this.nodesAtRunTime = given === undefined ? machines?.atRunTime : undefined;
    const env = kubectlEnvironment(deploy);
    this.command = kubectlCommand(this.kubectl, this.kubeconfig, deploy.clusterDir, env, 'get', '--raw', '/readyz');
  }

  async plan(): Promise<StepPlan> {
    const version = this.settings.version ? ` with kubelet v${this.settings.version}` : '';
    // A Cluster API cluster's count is the rendered manifests' (the template may pin it): the plan says so, with
    // the count they hold now, or the config's until capi-render writes them.
    const rendered = this.nodesAtRunTime?.();
    const expected = this.nodesAtRunTime
      ? `${rendered ?? this.settings.nodes} (the rendered manifests' KubeadmControlPlane and MachineDeployment replicas${rendered === undefined ? `; ${this.settings.nodes} from the config's counts until capi-render writes them, a template that pins replicas decides` : ''})`
      : String(this.settings.nodes);
    const count = this.settings.version
      ? `every node is${this.settings.nodes ? ` (at least ${expected})` : ''}`
      : `${expected} nodes are`;
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
