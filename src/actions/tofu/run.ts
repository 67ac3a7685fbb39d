import type { ActionRun } from '../../github/action-run.js';
import { run as runDeploy } from '../deploy/run.js';

/**
 * actions/tofu: OpenTofu init, plan and the apply of exactly that plan — or, with mode: plan, the dry
 * run's reviewed plan; only these steps of the deploy pipeline, with the deploy action's inputs and
 * state. kubespray-remove-nodes is not among them, so the engine refuses an apply whose plan deletes
 * nodes (they would be left NotReady in the cluster, maybe with etcd broken): the root action drains
 * and removes them first.
 */
export const run = (action: ActionRun): Promise<void> =>
  runDeploy(action, { only: ['opentofu-init', 'opentofu-plan', 'opentofu-apply'] });
