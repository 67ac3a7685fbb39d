import type { Operation } from '../lib/option-values.js';
import type { CLUSTER_API_STEPS, OPERATION_STEPS } from '../model/operations.js';
import type { DeploySettings } from '../model/settings.js';
import type { Step } from '../model/step.js';
import type { CapacityChecker } from './capacity.js';
import type { AuthChecker } from '../openstack/keystone.js';

/** The seams of the steps that call OpenStack: tests and the sandbox give their own. */
export interface StepDeps {
  authChecker?: AuthChecker;
  /** The live quota reads of openstack-capacity; defaults to the catalog's services. */
  capacityChecker?: CapacityChecker;
}

/**
 * Makes one step of a run, importing its module (so a run loads only the steps it makes); undefined when
 * the step is not part of this configuration.
 */
export type StepFactory = (settings: DeploySettings, deps: StepDeps) => Promise<Step | undefined>;

/** The steps of the Kubespray method (and of method none), the steps both methods share among them. */
export type KubesprayStepId = (typeof OPERATION_STEPS)[Operation][number];

/** The steps only the Cluster API method has: made by steps/cluster-api/steps.ts. */
export type ClusterApiStepId = Exclude<(typeof CLUSTER_API_STEPS)[Operation][number], KubesprayStepId>;
