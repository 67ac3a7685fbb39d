import { runDeployAction } from '../../github/deploy-action.js';

/** actions/preflight: runs only its own step(s) of the pipeline, with the same inputs and state. */
export const run = (): Promise<void> => runDeployAction({ only: ['openstack-preflight'] });
