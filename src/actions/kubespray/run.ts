import { runDeployAction } from '../../github/deploy-action.js';

/** actions/kubespray: runs only its own step(s) of the pipeline, with the same inputs and state. */
export const run = (): Promise<void> => runDeployAction({ only: ['kubespray-venv-create', 'kubespray-pip-install', 'kubespray-ansible-playbook'] });
