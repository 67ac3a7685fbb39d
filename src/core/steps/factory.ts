import type { Operation } from '../lib/option-values.js';
import type { CLUSTER_API_STEPS, OPERATION_STEPS } from '../model/operations.js';
import type { DeploySettings } from '../model/settings.js';
import type { Step } from '../model/step.js';
import type { CapacityChecker } from './capacity.js';
import type { PreflightStep } from './preflight.js';

/** Makes one step of a run; undefined when the step is not part of this configuration. */
export type StepFactory = (
  settings: DeploySettings,
  preflight: PreflightStep,
  capacityChecker?: CapacityChecker,
) => Step | undefined;

/** The steps of the Kubespray method (and of method none), the steps both methods share among them. */
export type KubesprayStepId = (typeof OPERATION_STEPS)[Operation][number];

/** The steps only the Cluster API method has: made by steps/cluster-api-steps.ts. */
export type ClusterApiStepId = Exclude<(typeof CLUSTER_API_STEPS)[Operation][number], KubesprayStepId>;
