import { isPostStep } from '../../github/deploy-action.js';
import { run, post } from './run.js';

// One bundle for main and post (actions/checkout's pattern): the main step marks itself in the state.
await (isPostStep() ? post() : run());
