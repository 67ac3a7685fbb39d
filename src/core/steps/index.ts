import { UserError } from '../lib/errors.js';
import type { DeploySettings } from '../model/settings.js';
import type { Step, StepId } from '../model/step.js';
import { CLUSTER_API_STEPS, OPERATION_STEPS } from '../model/operations.js';
import type { CapacityChecker } from './capacity.js';
import type { ClusterApiStepId, KubesprayStepId, StepDeps, StepFactory } from './factory.js';

/** Only with deployment.method kubespray (method none leaves the cluster to the OpenTofu code). */
const withKubespray =
  (make: (settings: DeploySettings) => Promise<Step>): StepFactory =>
  async (settings) =>
    settings.kubespray ? make(settings) : undefined;

/**
 * How each step is made; model/operations.ts says which an operation runs, in what order. Each step's
 * module is imported by its factory, and the Cluster API method's own steps are a table of their own
 * (steps/cluster-api/steps.ts), loaded only for its configs: a run loads, and builds the schemas of,
 * the code of the steps it makes, and a per-step action makes only its own.
 */
const STEP_FACTORIES = {
  'openstack-preflight': async (settings, deps) =>
    new (await import('./preflight.js')).PreflightStep(settings, deps.authChecker),
  'opentofu-init': async (settings) => new (await import('./opentofu.js')).OpenTofuInitStep(settings),
  'opentofu-plan': async (settings) => new (await import('./opentofu.js')).OpenTofuPlanStep(settings),
  'openstack-capacity': async (settings, deps) =>
    new (await import('./capacity.js')).CapacityStep(settings, deps.capacityChecker),
  'kubespray-fetch': withKubespray(
    async (settings) => new (await import('./kubespray-fetch.js')).KubesprayFetchStep(settings),
  ),
  'kubespray-venv-create': withKubespray(
    async (settings) => new (await import('./kubespray.js')).KubesprayVenvStep(settings),
  ),
  'kubespray-pip-install': withKubespray(
    async (settings) => new (await import('./kubespray.js')).KubesprayPipStep(settings),
  ),
  // Before each operation's risky step; a deploy needs it only when its plan removes a control-plane or etcd
  // node or takes the upgrade path, replace-nodes only for a control-plane or etcd node.
  'etcd-snapshot': withKubespray(async (settings) => {
    const { EtcdSnapshotStep, deploySnapshotDecision, replaceNodesSnapshotDecision } = await import(
      './etcd-snapshot.js'
    );
    const decision = { deploy: deploySnapshotDecision(settings), 'replace-nodes': replaceNodesSnapshotDecision }[
      settings.operation as 'deploy' | 'replace-nodes'
    ];
    return new EtcdSnapshotStep(settings, decision);
  }),
  'kubespray-remove-nodes': withKubespray(
    async (settings) => new (await import('./kubespray.js')).KubesprayRemoveNodesStep(settings),
  ),
  'opentofu-apply': async (settings) => new (await import('./opentofu.js')).OpenTofuApplyStep(settings),
  'kubespray-ansible-playbook': withKubespray(
    async (settings) => new (await import('./kubespray.js')).KubesprayPlaybookStep(settings),
  ),
  'kubernetes-version-check': async (settings) =>
    new (await import('./kubespray.js')).KubernetesVersionCheckStep(settings),
  'kubespray-facts': async (settings) => new (await import('./kubespray.js')).KubesprayFactsStep(settings),
  'kubespray-upgrade-control-plane': async (settings) =>
    new (await import('./kubespray.js')).KubesprayUpgradeControlPlaneStep(settings),
  'kubespray-upgrade-workers': async (settings) =>
    new (await import('./kubespray.js')).KubesprayUpgradeWorkersStep(settings),
  'kubernetes-cloud-cleanup': async (settings) =>
    new (await import('./cloud-cleanup.js')).KubernetesCloudCleanupStep(settings),
  'opentofu-destroy': async (settings) => new (await import('./opentofu.js')).OpenTofuDestroyStep(settings),
  'openstack-leftovers': async (settings) => {
    const { kubesprayClusterName, OpenStackLeftoversStep } = await import('./cloud-cleanup.js');
    return new OpenStackLeftoversStep(settings, await kubesprayClusterName(settings));
  },
  'forget-cluster': async (settings) => new (await import('./forget-cluster.js')).ForgetClusterStep(settings),
  'opentofu-drift': async (settings) => new (await import('./opentofu.js')).OpenTofuDriftStep(settings),
  'cluster-health': async (settings) => new (await import('./cluster-health.js')).ClusterHealthStep(settings),
  'openstack-normalize-kubeconfig': async (settings) =>
    new (await import('./normalize-kubeconfig.js')).NormalizeKubeconfigStep(
      settings.clusterDir,
      settings.kubeconfigPath,
      settings.vip,
    ),
  'wait-ready': async (settings) => new (await import('./wait-ready.js')).WaitReadyStep(settings),
  'opentofu-replace-plan': async (settings) =>
    new (await import('./replace-nodes.js')).OpenTofuReplacePlanStep(settings),
  'kubespray-replace-nodes': async (settings) =>
    new (await import('./replace-nodes.js')).KubesprayReplaceNodesStep(settings),
} satisfies Record<Exclude<StepId, ClusterApiStepId>, StepFactory>;

/**
 * The steps of this run: the operation's list for its deployment method (model/operations.ts), each
 * made by its factory. The same engine, resume state, lock, dry run and reports run all of them.
 * - deploy: plan first, drain and remove the nodes the plan deletes, apply exactly that plan, then
 *   Kubespray (cluster.yml, or scale.yml for new workers only), kubeconfig, readiness.
 * - upgrade: Kubespray's upgrade-cluster.yml, control plane first, then workers in batches, each
 *   only for nodes the API shows below the target; readiness then requires every node at it.
 * - destroy: `tofu plan -destroy`, applied; then the kubeconfig is deleted and the state marked.
 * - replace-nodes: the nodes a plan would rebuild or resize in place, or replace under their names (a deploy
 *   refuses those beyond a batch), replaced one at a time: drained and removed, the server replaced by a plan
 *   limited to it, joined, Ready, then the next.
 * - check: read-only: `tofu plan -detailed-exitcode` for drift, then the cluster's health; it keeps no
 *   resume state (engine/selection.ts), so a deploy's stays as it was.
 * - deployment.method cluster-api: a management cluster, the providers, the credentials Secret, the
 *   rendered manifests applied, the machines waited for, the workload kubeconfig, addons, readiness,
 *   then (kind only) the pivot. Upgrade renders the new version and image, checks the path, rolls the control
 *   plane's machines, then the workers', and requires every node at the target. Destroy deletes the Cluster object.
 *   Check finds the management cluster (never creates one), diffs the rendered manifests against it, reads the
 *   Cluster's conditions, then the shared health check.
 * `only` makes just those steps (a per-step action's), so only their modules are loaded.
 */
export async function buildSteps(
  settings: DeploySettings,
  deps: StepDeps = {},
  only?: readonly StepId[],
): Promise<Step[]> {
  const { operation } = settings;
  if (operation === 'replace-nodes' && !settings.kubespray) {
    throw new UserError(
      settings.clusterApi
        ? 'replace-nodes is for deployment.method kubespray: Cluster API replaces machines itself (a new image or flavor is an upgrade: new templates, rolled out)'
        : 'replace-nodes runs Kubespray (remove-node.yml, scale.yml): it needs deployment.method kubespray',
    );
  }
  if (!settings.clusterApi && operation === 'upgrade' && !settings.kubespray) {
    throw new UserError(
      "upgrade runs Kubespray's upgrade-cluster.yml: it needs deployment.method kubespray (with method none, the OpenTofu code upgrades the cluster itself: change it and deploy)",
    );
  }
  const wanted = (id: StepId) => !only || only.includes(id);
  const make = async (factory: StepFactory) => (await factory(settings, deps)) ?? [];
  if (!settings.clusterApi) {
    const ids: readonly KubesprayStepId[] = OPERATION_STEPS[operation];
    return (await Promise.all(ids.filter(wanted).map((id) => make(STEP_FACTORIES[id])))).flat();
  }
  const factories = { ...STEP_FACTORIES, ...(await import('./cluster-api/steps.js')).CLUSTER_API_FACTORIES };
  const ids: readonly (keyof typeof factories)[] = CLUSTER_API_STEPS[operation];
  return (await Promise.all(ids.filter(wanted).map((id) => make(factories[id])))).flat();
}

export type { Step, StepId, StepKind, StepPlan, StepContext } from '../model/step.js';
export type { AuthChecker } from '../openstack/keystone.js';
export type { CapacityChecker } from './capacity.js';
export type { StepDeps } from './factory.js';

/** The live quota reads (openstack-capacity's default), its module loaded on first use. */
export const liveCapacityChecker: CapacityChecker = async (settings, demandOf) =>
  (await import('./capacity.js')).liveCapacityChecker(settings, demandOf);

/** `cluster-deploy etcd-restore`: Kubespray's recovery from a kept snapshot (steps/etcd-snapshot.ts), loaded on use. */
export const restoreEtcd: typeof import('./etcd-snapshot.js').restoreEtcd = async (...args) =>
  (await import('./etcd-snapshot.js')).restoreEtcd(...args);
export type { EtcdRestoreRequest } from './etcd-snapshot.js';
