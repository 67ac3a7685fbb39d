import type { ActionRun } from '../../github/action-run.js';
import { run as runDeploy } from '../deploy/run.js';

/** actions/preflight: the OpenStack preflight (credentials, Keystone, required services); only these steps of the deploy pipeline, with the deploy action's inputs and state. */
export const run = (action: ActionRun): Promise<void> => runDeploy(action, { only: ['openstack-preflight'] });
