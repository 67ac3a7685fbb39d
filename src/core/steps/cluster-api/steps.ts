import { renderedMachineCount } from '../../capi/replicas.js';
import { renderedManifests } from '../../model/cluster-api.js';
import type { DeploySettings } from '../../model/settings.js';
import type { Step } from '../../model/step.js';
import { CapiApplyStep } from './apply.js';
import { cleaningUpBeforePivot } from './cleanup.js';
import { CapiCloudCredentialsStep } from './credentials.js';
import { CapiDeleteClusterStep } from './delete.js';
import { ClusterctlInitStep } from './init.js';
import { CapiManagementClusterStep } from './management.js';
import { CapiMoveBackStep, CapiPivotStep } from './pivot.js';
import { CapiRenderStep } from './render.js';
import { CapiWaitStep } from './wait.js';
import { CapiAddonsStep, CapiWorkloadKubeconfigStep } from './workload.js';
import { CapiCheckManagementStep, CapiConditionsStep, CapiDriftStep } from './check.js';
import { CapiUpgradeCheckStep, CapiUpgradeControlPlaneStep, CapiUpgradeWorkersStep } from './upgrade.js';
import type { ClusterApiStepId, StepFactory } from '../factory.js';
import { WaitReadyStep } from '../wait-ready.js';

/** Only with an ephemeral kind management cluster. */
const withKind =
  (make: (settings: DeploySettings) => Step): StepFactory =>
  async (settings) =>
    settings.clusterApi?.management.kind === 'kind' ? make(settings) : undefined;

/**
 * The readiness gate of a Cluster API cluster: every machine a Ready node (the rendered manifests' count
 * once they exist; a destroy renders none), unless --nodes asks for another count.
 */
async function waitReady(settings: DeploySettings): Promise<Step | undefined> {
  const capi = settings.clusterApi;
  if (!capi) return undefined;
  const step = new WaitReadyStep(settings, {
    nodes: capi.controlPlaneMachineCount + capi.workerMachineCount,
    atRunTime: settings.operation === 'destroy' ? undefined : () => renderedMachineCount(renderedManifests(capi)),
  });
  return cleaningUpBeforePivot(step, settings);
}

/**
 * How the Cluster API method's own steps are made, and its readiness gate; steps/index.ts loads this
 * table for a cluster-api config only.
 */
export const CLUSTER_API_FACTORIES = {
  'capi-management-cluster': async (settings) =>
    settings.operation === 'check' ? new CapiCheckManagementStep(settings) : new CapiManagementClusterStep(settings),
  'clusterctl-init': async (settings) => new ClusterctlInitStep(settings),
  'capi-cloud-credentials': async (settings) => new CapiCloudCredentialsStep(settings),
  'capi-render': async (settings) => new CapiRenderStep(settings),
  'capi-apply': async (settings) => cleaningUpBeforePivot(new CapiApplyStep(settings), settings),
  'capi-wait': async (settings) => cleaningUpBeforePivot(new CapiWaitStep(settings), settings),
  'capi-workload-kubeconfig': async (settings) =>
    cleaningUpBeforePivot(new CapiWorkloadKubeconfigStep(settings), settings),
  'capi-addons': async (settings) => cleaningUpBeforePivot(new CapiAddonsStep(settings), settings),
  'capi-pivot': withKind((settings) => cleaningUpBeforePivot(new CapiPivotStep(settings), settings)),
  'capi-move-back': withKind((settings) => new CapiMoveBackStep(settings)),
  'capi-delete-cluster': async (settings) => new CapiDeleteClusterStep(settings),
  'capi-drift': async (settings) => new CapiDriftStep(settings),
  'capi-conditions': async (settings) => new CapiConditionsStep(settings),
  'capi-upgrade-check': async (settings) => new CapiUpgradeCheckStep(settings),
  'capi-upgrade-control-plane': async (settings) => new CapiUpgradeControlPlaneStep(settings),
  'capi-upgrade-workers': async (settings) => new CapiUpgradeWorkersStep(settings),
  'wait-ready': waitReady,
} satisfies Record<ClusterApiStepId | 'wait-ready', StepFactory>;
