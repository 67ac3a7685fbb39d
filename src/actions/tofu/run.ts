import type { ActionRun } from '../../github/action-run.js';
import { run as runDeploy } from '../deploy/run.js';

/** actions/tofu: OpenTofu init and apply — or, with mode: plan, the dry run's reviewed plan; only these steps of the deploy pipeline, with the deploy action's inputs and state. */
export const run = (action: ActionRun): Promise<void> => runDeploy(action, { only: ['opentofu-init', 'opentofu-apply'] });
