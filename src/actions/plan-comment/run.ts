import { runPlanCommentAction } from '../../github/plan-comment-action.js';

/** actions/plan-comment: posts the plan comments a fork's pull-request run could not post itself. */
export const run = (): Promise<void> => runPlanCommentAction();
