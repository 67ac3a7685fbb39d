import type { StepId } from '../core/steps/index.js';
import { runAction } from '../github/runner/action-run.js';
import { SECRET_INPUTS } from '../github/runner/inputs.js';
import { run as runDeploy } from './deploy/run.js';

/**
 * The per-step actions, one row each: actions/<name> runs only these steps of the deploy pipeline, with
 * the deploy action's inputs and state (dist/<name>/index.js).
 */
const STEP_ACTIONS = {
  /**
   * OpenTofu init, plan, the quota check (openstack-capacity) and the apply of exactly that plan — or, with mode: plan, the dry run's reviewed
   * plan. kubespray-remove-nodes is not among them, so the engine refuses an apply whose plan deletes
   * nodes (they would be left NotReady in the cluster, maybe with etcd broken): the root action drains
   * and removes them first.
   */
  tofu: ['opentofu-init', 'opentofu-plan', 'openstack-capacity', 'opentofu-apply'],
  /** The Kubespray venv, its requirements and the playbook. */
  kubespray: ['kubespray-fetch', 'kubespray-venv-create', 'kubespray-pip-install', 'kubespray-ansible-playbook'],
  /** The OpenStack preflight (credentials, Keystone, required services). */
  preflight: ['openstack-preflight'],
  /** The kubeconfig pointed at the API VIP, written 0600. */
  'normalize-kubeconfig': ['openstack-normalize-kubeconfig'],
  /** The readiness gate: /readyz and the expected Ready nodes. */
  'wait-ready': ['wait-ready'],
} as const satisfies Record<string, readonly StepId[]>;

export type StepActionName = keyof typeof STEP_ACTIONS;

/** The entry of one per-step action. */
export function stepAction(name: StepActionName): () => Promise<void> {
  return () =>
    runAction(
      `cluster-deploy ${name}`,
      (action) => runDeploy(action, { only: { action: `actions/${name}`, steps: STEP_ACTIONS[name] } }),
      {
        reportsResult: true,
        secretInputs: SECRET_INPUTS,
      },
    );
}
