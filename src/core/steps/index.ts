import { CLUSTER_API_REFUSALS } from '../model/cluster-api.js';
import { UsageError, UserError } from '../lib/errors.js';
import type { DeploySettings } from '../model/settings.js';
import { deployEnvironment } from '../model/environment.js';
import {
  CapiAddonsStep,
  CapiApplyStep,
  CapiCloudCredentialsStep,
  CapiDeleteClusterStep,
  CapiManagementClusterStep,
  CapiMoveBackStep,
  CapiPivotStep,
  CapiRenderStep,
  CapiWaitStep,
  CapiWorkloadKubeconfigStep,
  ClusterctlInitStep,
} from './cluster-api.js';
import { ForgetClusterStep } from './forget-cluster.js';
import {
  KubernetesVersionCheckStep,
  KubesprayFactsStep,
  KubesprayPipStep,
  KubesprayPlaybookStep,
  KubesprayRemoveNodesStep,
  KubesprayUpgradeControlPlaneStep,
  KubesprayUpgradeWorkersStep,
  KubesprayVenvStep,
} from './kubespray.js';
import { NormalizeKubeconfigStep } from './normalize-kubeconfig.js';
import {
  OpenTofuApplyStep,
  OpenTofuDestroyStep,
  OpenTofuDriftStep,
  OpenTofuInitStep,
  OpenTofuPlanStep,
} from './opentofu.js';
import { ClusterHealthStep } from './cluster-health.js';
import { PreflightStep } from './preflight.js';
import type { AuthChecker } from '../openstack/keystone.js';
import type { Step } from '../model/step.js';
import { WaitReadyStep } from './wait-ready.js';

/**
 * Each operation is an ordered plan of steps (airshipctl's phase plans): the same engine, resume
 * state, lock, dry run and reports run all of them.
 * - deploy: plan first, drain and remove the nodes the plan deletes, apply exactly that plan, then
 *   Kubespray (cluster.yml, or scale.yml for new workers only), kubeconfig, readiness.
 * - upgrade: Kubespray's upgrade-cluster.yml, control plane first, then workers in batches, each
 *   only for nodes the API shows below the target; readiness then requires every node at it.
 * - destroy: `tofu plan -destroy`, applied; then the kubeconfig is deleted and the state marked.
 * - check: read-only: `tofu plan -detailed-exitcode` for drift, then the cluster's health; it keeps no
 *   resume state (engine/selection.ts), so a deploy's stays as it was.
 */
export function buildSteps(settings: DeploySettings, authChecker?: AuthChecker): Step[] {
  const preflight = new PreflightStep(settings, authChecker);
  const kubeconfig = new NormalizeKubeconfigStep(settings.clusterDir, settings.kubeconfigPath, settings.vip);
  const waitReady = (version?: string) =>
    new WaitReadyStep(settings.kubeconfigPath, settings.kubectl, settings.clusterDir, deployEnvironment(settings), {
      ...settings.waitReady,
      version,
    });
  const venv = () => [new KubesprayVenvStep(settings), new KubesprayPipStep(settings)];
  if (settings.clusterApi) return clusterApiSteps(settings, preflight);
  switch (settings.operation) {
    case 'deploy':
      return [
        preflight,
        new OpenTofuInitStep(settings),
        new OpenTofuPlanStep(settings),
        ...(settings.kubespray ? [...venv(), new KubesprayRemoveNodesStep(settings)] : []),
        new OpenTofuApplyStep(settings),
        ...(settings.kubespray ? [new KubesprayPlaybookStep(settings)] : []),
        kubeconfig,
        waitReady(),
      ];
    case 'upgrade':
      if (!settings.kubespray) {
        throw new UserError(
          "upgrade runs Kubespray's upgrade-cluster.yml: it needs deployment.method kubespray (with method none, the OpenTofu code upgrades the cluster itself: change it and deploy)",
        );
      }
      return [
        preflight,
        ...venv(),
        new KubernetesVersionCheckStep(settings),
        new KubesprayFactsStep(settings),
        new KubesprayUpgradeControlPlaneStep(settings),
        new KubesprayUpgradeWorkersStep(settings),
        kubeconfig,
        waitReady(settings.kubernetesVersion),
      ];
    case 'destroy':
      return [
        preflight,
        new OpenTofuInitStep(settings),
        new OpenTofuDestroyStep(settings),
        new ForgetClusterStep(settings),
      ];
    case 'check':
      return [
        preflight,
        new OpenTofuInitStep(settings),
        new OpenTofuDriftStep(settings),
        new ClusterHealthStep(settings),
      ];
  }
}

/**
 * deployment.method cluster-api (CLUSTER_API_STEPS): a management cluster, the providers, the
 * credentials Secret, the rendered manifests applied, the machines waited for, the workload
 * kubeconfig, addons, readiness, then (kind only) the pivot. Destroy deletes the Cluster object.
 */
function clusterApiSteps(settings: DeploySettings, preflight: PreflightStep): Step[] {
  const capi = settings.clusterApi!;
  const management = new CapiManagementClusterStep(settings);
  switch (settings.operation) {
    case 'deploy': {
      // Every machine a Ready node, unless --nodes asks for another count.
      const nodes = settings.waitReady.nodes ?? capi.controlPlaneMachineCount + capi.workerMachineCount;
      const ready = new WaitReadyStep(
        settings.kubeconfigPath,
        settings.kubectl,
        settings.clusterDir,
        deployEnvironment(settings),
        { ...settings.waitReady, nodes },
      );
      return [
        preflight,
        management,
        new ClusterctlInitStep(settings),
        new CapiCloudCredentialsStep(settings),
        new CapiRenderStep(settings),
        new CapiApplyStep(settings),
        new CapiWaitStep(settings),
        new CapiWorkloadKubeconfigStep(settings),
        new CapiAddonsStep(settings),
        ready,
        ...(capi.management.kind === 'kind' ? [new CapiPivotStep(settings)] : []),
      ];
    }
    case 'upgrade':
    case 'check':
      throw new UsageError(CLUSTER_API_REFUSALS[settings.operation]!);
    case 'destroy':
      return [
        preflight,
        management,
        ...(capi.management.kind === 'kind' ? [new CapiMoveBackStep(settings)] : []),
        new CapiDeleteClusterStep(settings),
        new ForgetClusterStep(settings),
      ];
  }
}

export type { Step, StepId, StepKind, StepPlan, StepContext } from '../model/step.js';
export type { AuthChecker } from '../openstack/keystone.js';
