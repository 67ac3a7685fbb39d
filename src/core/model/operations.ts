import type { Operation } from '../lib/option-values.js';

// Each operation declared once, per deployment method: its step ids in order. Everything else is derived
// from here: the step ids themselves (StepId, STEP_IDS), buildSteps (steps/index.ts) makes exactly these
// (its factory tables must name each id, so a new or misspelt id here fails the type check there), the
// step ids --step and --from-step accept before the config is read (operationStepIds), and the CLI's help.

/** Each operation's steps in order; buildSteps makes exactly these (the Kubespray ones only for method kubespray). */
export const OPERATION_STEPS = {
  deploy: [
    'openstack-preflight',
    'opentofu-init',
    'opentofu-plan',
    'openstack-capacity',
    'kubespray-fetch',
    'kubespray-venv-create',
    'kubespray-pip-install',
    'etcd-snapshot',
    'kubespray-remove-nodes',
    'opentofu-apply',
    'kubespray-ansible-playbook',
    'openstack-normalize-kubeconfig',
    'wait-ready',
  ],
  upgrade: [
    'openstack-preflight',
    'kubespray-fetch',
    'kubespray-venv-create',
    'kubespray-pip-install',
    'kubernetes-version-check',
    'kubespray-facts',
    'etcd-snapshot',
    'kubespray-upgrade-control-plane',
    'kubespray-upgrade-workers',
    'openstack-normalize-kubeconfig',
    'wait-ready',
  ],
  destroy: [
    'openstack-preflight',
    'opentofu-init',
    'kubernetes-cloud-cleanup',
    'opentofu-destroy',
    'openstack-leftovers',
    'forget-cluster',
  ],
  check: ['openstack-preflight', 'opentofu-init', 'opentofu-drift', 'cluster-health'],
  // Nodes the plan would rebuild or resize in place, or replace under their names, replaced one at a time (CAPI's rollout as the model).
  'replace-nodes': [
    'openstack-preflight',
    'opentofu-init',
    'kubespray-fetch',
    'kubespray-venv-create',
    'kubespray-pip-install',
    'opentofu-replace-plan',
    'etcd-snapshot',
    'kubespray-replace-nodes',
    'openstack-normalize-kubeconfig',
    'wait-ready',
  ],
} as const satisfies Record<Operation, readonly string[]>;

/**
 * The same operations with `deployment.method: cluster-api`.
 * capi-pivot runs only with an ephemeral kind management cluster; capi-move-back only for a pivoted cluster.
 * A check's capi-management-cluster only finds the management cluster (it never creates kind).
 * An upgrade rolls the control plane's machines to new templates first, then the workers'.
 */
export const CLUSTER_API_STEPS = {
  deploy: [
    'openstack-preflight',
    'capi-management-cluster',
    'clusterctl-init',
    'capi-cloud-credentials',
    'capi-render',
    'openstack-capacity',
    'capi-apply',
    'capi-wait',
    'capi-workload-kubeconfig',
    'capi-addons',
    'wait-ready',
    'capi-pivot',
  ],
  upgrade: [
    'openstack-preflight',
    'capi-management-cluster',
    'capi-render',
    'openstack-capacity',
    'capi-workload-kubeconfig',
    'capi-upgrade-check',
    'capi-upgrade-control-plane',
    'capi-upgrade-workers',
    'wait-ready',
  ],
  destroy: [
    'openstack-preflight',
    'capi-management-cluster',
    'capi-move-back',
    'capi-delete-cluster',
    'forget-cluster',
  ],
  check: [
    'openstack-preflight',
    'capi-management-cluster',
    'capi-render',
    'capi-drift',
    'capi-conditions',
    'cluster-health',
  ],
  // Cluster API replaces machines itself: a new image or flavor is an upgrade (new templates, rolled).
  'replace-nodes': [],
} as const satisfies Record<Operation, readonly string[]>;

/** A step's id: one of the operations' steps, with either method. */
export type StepId = (typeof OPERATION_STEPS | typeof CLUSTER_API_STEPS)[Operation][number];

/** Every step id of every operation, each once, in the order the operations list them. */
export const STEP_IDS: readonly StepId[] = [
  ...new Set<StepId>([...Object.values(OPERATION_STEPS), ...Object.values(CLUSTER_API_STEPS)].flat()),
];

/** Every step an operation has with any method: what --step and --from-step accept before the config is read. */
export function operationStepIds(operation: Operation): StepId[] {
  return [...new Set<StepId>([...OPERATION_STEPS[operation], ...CLUSTER_API_STEPS[operation]])];
}
