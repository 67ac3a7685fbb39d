import { runAction } from '../../github/action-run.js';
import { SECRET_INPUTS } from '../../github/inputs.js';
import { run } from './run.js';

/** The entry of actions/kubespray (dist/kubespray/index.js). */
export const main = (): Promise<void> =>
  runAction('cluster-deploy kubespray', run, { reportsResult: true, secretInputs: SECRET_INPUTS });
