import type { ActionRun } from '../../github/action-run.js';
import { run as runDeploy } from '../deploy/run.js';

/** actions/normalize-kubeconfig: the kubeconfig pointed at the API VIP, written 0600; only these steps of the deploy pipeline, with the deploy action's inputs and state. */
export const run = (action: ActionRun): Promise<void> =>
  runDeploy(action, { only: ['openstack-normalize-kubeconfig'] });
