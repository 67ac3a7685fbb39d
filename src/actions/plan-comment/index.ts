import { runAction } from '../../github/runner/action-run.js';
import { run } from './run.js';

/** The entry of actions/plan-comment (dist/plan-comment/index.js). */
export const main = (): Promise<void> =>
  runAction('cluster-deploy plan-comment', run, { secretInputs: ['github-token'] });
