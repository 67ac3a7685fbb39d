import { runAction } from '../../github/runner/action-run.js';
import { run } from './run.js';

/** The entry of actions/targets (dist/targets/index.js). */
export const main = (): Promise<void> => runAction('cluster-deploy targets', run, { secretInputs: ['github-token'] });
