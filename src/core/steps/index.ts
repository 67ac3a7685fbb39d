import { UserError } from '../lib/errors.js';
import type { DeploySettings } from '../model/settings.js';
import { kubectlEnvironment } from '../model/environment.js';
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
import { KubesprayFetchStep } from './kubespray-fetch.js';
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
import type { Step, StepId } from '../model/step.js';
import { CLUSTER_API_STEPS, OPERATION_STEPS } from '../model/operations.js';
import { CapacityStep, type CapacityChecker } from './capacity.js';
import type { ClusterApiStepId, KubesprayStepId, StepFactory } from './factory.js';
import { WaitReadyStep } from './wait-ready.js';

/** Only with deployment.method kubespray (method none leaves the cluster to the OpenTofu code). */
const withKubespray =
  (make: (settings: DeploySettings) => Step): StepFactory =>
  (settings) =>
    settings.kubespray ? make(settings) : undefined;

/** The readiness gate: the expected Ready nodes (--nodes), and after an upgrade every node at the target. */
function waitReady(settings: DeploySettings): Step {
  const version = settings.operation === 'upgrade' ? settings.kubernetesVersion : undefined;
  return new WaitReadyStep(
    settings.kubeconfigPath,
    settings.kubectl,
    settings.clusterDir,
    kubectlEnvironment(settings),
    {
      ...settings.waitReady,
      version,
    },
  );
}

/**
 * How each step is made; model/operations.ts says which an operation runs, in what order. The Cluster
 * API method's own steps are a table of their own (steps/cluster-api-steps.ts), loaded only for its
 * configs: a Kubespray run's start does not load, or build the schemas of, code it never runs.
 */
const STEP_FACTORIES = {
  'openstack-preflight': (_, preflight) => preflight,
  'opentofu-init': (settings) => new OpenTofuInitStep(settings),
  'opentofu-plan': (settings) => new OpenTofuPlanStep(settings),
  'openstack-capacity': (settings, _, capacityChecker) => new CapacityStep(settings, capacityChecker),
  'kubespray-fetch': withKubespray((settings) => new KubesprayFetchStep(settings)),
  'kubespray-venv-create': withKubespray((settings) => new KubesprayVenvStep(settings)),
  'kubespray-pip-install': withKubespray((settings) => new KubesprayPipStep(settings)),
  'kubespray-remove-nodes': withKubespray((settings) => new KubesprayRemoveNodesStep(settings)),
  'opentofu-apply': (settings) => new OpenTofuApplyStep(settings),
  'kubespray-ansible-playbook': withKubespray((settings) => new KubesprayPlaybookStep(settings)),
  'kubernetes-version-check': (settings) => new KubernetesVersionCheckStep(settings),
  'kubespray-facts': (settings) => new KubesprayFactsStep(settings),
  'kubespray-upgrade-control-plane': (settings) => new KubesprayUpgradeControlPlaneStep(settings),
  'kubespray-upgrade-workers': (settings) => new KubesprayUpgradeWorkersStep(settings),
  'opentofu-destroy': (settings) => new OpenTofuDestroyStep(settings),
  'forget-cluster': (settings) => new ForgetClusterStep(settings),
  'opentofu-drift': (settings) => new OpenTofuDriftStep(settings),
  'cluster-health': (settings) => new ClusterHealthStep(settings),
  'openstack-normalize-kubeconfig': (settings) =>
    new NormalizeKubeconfigStep(settings.clusterDir, settings.kubeconfigPath, settings.vip),
  'wait-ready': waitReady,
} satisfies Record<Exclude<StepId, ClusterApiStepId>, StepFactory>;

/**
 * The steps of this run: the operation's list for its deployment method (model/operations.ts), each
 * made by its factory. The same engine, resume state, lock, dry run and reports run all of them.
 * - deploy: plan first, drain and remove the nodes the plan deletes, apply exactly that plan, then
 *   Kubespray (cluster.yml, or scale.yml for new workers only), kubeconfig, readiness.
 * - upgrade: Kubespray's upgrade-cluster.yml, control plane first, then workers in batches, each
 *   only for nodes the API shows below the target; readiness then requires every node at it.
 * - destroy: `tofu plan -destroy`, applied; then the kubeconfig is deleted and the state marked.
 * - check: read-only: `tofu plan -detailed-exitcode` for drift, then the cluster's health; it keeps no
 *   resume state (engine/selection.ts), so a deploy's stays as it was.
 * - deployment.method cluster-api: a management cluster, the providers, the credentials Secret, the
 *   rendered manifests applied, the machines waited for, the workload kubeconfig, addons, readiness,
 *   then (kind only) the pivot. Upgrade renders the new version and image, checks the path, rolls the control
 *   plane's machines, then the workers', and requires every node at the target. Destroy deletes the Cluster object.
 *   Check finds the management cluster (never creates one), diffs the rendered manifests against it, reads the
 *   Cluster's conditions, then the shared health check.
 */
export async function buildSteps(
  settings: DeploySettings,
  authChecker?: AuthChecker,
  capacityChecker?: CapacityChecker,
): Promise<Step[]> {
  const { operation } = settings;
  if (!settings.clusterApi && operation === 'upgrade' && !settings.kubespray) {
    throw new UserError(
      "upgrade runs Kubespray's upgrade-cluster.yml: it needs deployment.method kubespray (with method none, the OpenTofu code upgrades the cluster itself: change it and deploy)",
    );
  }
  const preflight = new PreflightStep(settings, authChecker);
  if (!settings.clusterApi) {
    const ids: readonly KubesprayStepId[] = OPERATION_STEPS[operation];
    return ids.flatMap((id) => STEP_FACTORIES[id](settings, preflight, capacityChecker) ?? []);
  }
  const factories = { ...STEP_FACTORIES, ...(await import('./cluster-api-steps.js')).CLUSTER_API_FACTORIES };
  const ids: readonly (keyof typeof factories)[] = CLUSTER_API_STEPS[operation];
  return ids.flatMap((id) => factories[id](settings, preflight, capacityChecker) ?? []);
}

export type { Step, StepId, StepKind, StepPlan, StepContext } from '../model/step.js';
export type { AuthChecker } from '../openstack/keystone.js';
export type { CapacityChecker } from './capacity.js';
export { liveCapacityChecker } from './capacity.js';
