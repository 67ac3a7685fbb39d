import { runDeployAction } from '../../github/deploy-action.js';

/** actions/normalize-kubeconfig: runs only its own step(s) of the pipeline, with the same inputs and state. */
export const run = (): Promise<void> => runDeployAction({ only: ['openstack-normalize-kubeconfig'] });
