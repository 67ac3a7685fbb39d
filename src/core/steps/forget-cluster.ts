import { promises as fs } from 'node:fs';
import { managementKubeconfig, renderedManifests } from '../model/cluster-api.js';
import { RefusalError } from '../lib/errors.js';
import { runtimePaths, type DeploySettings } from '../model/settings.js';
import type { Step, StepContext, StepPlan } from '../model/step.js';

/**
 * destroy, last: the kubeconfig of a cluster that no longer exists is deleted (a later job must not
 * talk to whatever gets its address next), with any plan left behind. The engine then marks the
 * resume state destroyed, so the next deploy starts from nothing.
 */
/** The steps that delete a cluster's infrastructure (OpenTofu, Cluster API): forget-cluster follows one of them. */
const DESTROYING_STEPS = ['opentofu-destroy', 'capi-delete-cluster'] as const;

export class ForgetClusterStep implements Step {
  readonly id = 'forget-cluster' as const;
  readonly title = 'Forget the destroyed cluster';
  readonly kind = 'remote' as const;

  constructor(private readonly settings: DeploySettings) {}

  private get files(): string[] {
    const capi = this.settings.clusterApi;
    // cluster-api: the rendered manifests and a kind kubeconfig left in the private work dir (never an existing management cluster's).
    const capiFiles = capi
      ? [renderedManifests(capi), ...(capi.management.kind === 'kind' ? [managementKubeconfig(capi)] : [])]
      : [];
    return [this.settings.kubeconfigPath, runtimePaths(this.settings).planPath, ...capiFiles];
  }

  async plan(): Promise<StepPlan> {
    return {
      workingDir: this.settings.clusterDir,
      reads: [],
      writes: this.files,
      actions: [`delete ${this.files.join(' and ')}; mark the resume state destroyed`],
    };
  }

  async run(context: StepContext): Promise<string> {
    // Only after this destroy destroyed: a kubeconfig deleted and a state marked destroyed while the servers run is a lost cluster.
    const destroyedBy = DESTROYING_STEPS.find((id) => context.state.steps[id]?.status === 'success');
    if (!destroyedBy)
      throw new RefusalError(
        `forget-cluster runs only after ${DESTROYING_STEPS.join(' or ')} has succeeded in this destroy, and neither has: the cluster may still be there, so its kubeconfig and state are kept; run the whole destroy`,
      );
    const deleted: string[] = [];
    for (const file of this.files) {
      if (
        await fs.rm(file).then(
          () => true,
          () => false,
        )
      )
        deleted.push(file);
    }
    return deleted.length ? `deleted ${deleted.join(', ')}` : 'nothing left on this machine';
  }
}
