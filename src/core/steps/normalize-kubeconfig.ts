import { UserError } from '../lib/errors.js';
import { pathExists } from '../lib/files.js';
import { kubeconfigCandidates, normalizeClusterKubeconfig } from '../kube/normalize.js';
import type { Step, StepContext, StepPlan } from '../model/step.js';

export class NormalizeKubeconfigStep implements Step {
  readonly id = 'openstack-normalize-kubeconfig' as const;
  readonly title = 'Normalize kubeconfig into the cluster-owned path';
  readonly kind = 'runner-local' as const;

  constructor(
    private readonly clusterDir: string,
    private readonly target: string,
    private readonly vip: string | undefined,
  ) {}

  async plan(): Promise<StepPlan> {
    return {
      workingDir: this.clusterDir,
      reads: kubeconfigCandidates(this.clusterDir, this.target),
      writes: [this.target],
      actions: [
        `rewrite clusters[].cluster.server on 127.0.0.1/localhost/[::1] to ${this.vip ?? '(no VIP configured)'}, keep scheme, port and path`,
      ],
    };
  }

  async outputsPresent(): Promise<boolean> {
    return pathExists(this.target);
  }

  async run({ redactor }: StepContext): Promise<string> {
    if (!this.vip)
      throw new UserError(
        'no VIP to rewrite the kubeconfig to: set opencenter.infrastructure.k8s_api_ip (or enable vrrp), or pass --vip',
      );
    return normalizeClusterKubeconfig({ clusterDir: this.clusterDir, target: this.target, vip: this.vip, redactor });
  }
}
