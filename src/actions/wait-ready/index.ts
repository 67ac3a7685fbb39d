import { runAction } from '../../github/action-run.js';
import { SECRET_INPUTS } from '../../github/inputs.js';
import { run } from './run.js';

/** The entry of actions/wait-ready (dist/wait-ready/index.js). */
export const main = (): Promise<void> =>
  runAction('cluster-deploy wait-ready', run, { reportsResult: true, secretInputs: SECRET_INPUTS });
