import type { ActionRun } from '../../github/action-run.js';
import { run as runDeploy } from '../deploy/run.js';

/** actions/kubespray: the Kubespray venv, its requirements and the playbook; only these steps of the deploy pipeline, with the deploy action's inputs and state. */
export const run = (action: ActionRun): Promise<void> =>
  runDeploy(action, { only: ['kubespray-venv-create', 'kubespray-pip-install', 'kubespray-ansible-playbook'] });
