import { runAction } from '../../github/runner/action-run.js';
import { SECRET_INPUTS } from '../../github/runner/inputs.js';
import { deployPostState } from '../../github/state/state-stores.js';
import { post, run } from './run.js';

/**
 * The entry of the root action (dist/deploy/index.js), main and post step alike (actions/checkout's
 * pattern): the main step leaves a mark in the action's state, the post step finds it.
 */
export const main = (): Promise<void> =>
  deployPostState.isPost()
    ? post()
    : runAction('cluster-deploy', run, { reportsResult: true, secretInputs: SECRET_INPUTS });
