import { runAction } from '../../github/action-run.js';
import { SECRET_INPUTS } from '../../github/inputs.js';
import { run } from './run.js';

/** The entry of actions/tofu (dist/tofu/index.js). */
export const main = (): Promise<void> =>
  runAction('cluster-deploy tofu', run, { reportsResult: true, secretInputs: SECRET_INPUTS });
