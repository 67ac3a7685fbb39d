import { runDeployAction, runPostAction } from '../../github/deploy-action.js';

/** `uses: org/deploy@v1`: the whole pipeline. */
export const run = (): Promise<void> => runDeployAction();

/** Always runs after the job's steps: uploads the final state and log, even after failure or cancellation. */
export const post = (): Promise<void> => runPostAction();
