import { runAction } from '../../github/runner/action-run.js';
import { run } from './run.js';

/** The entry of actions/kubeconfig (dist/kubeconfig/index.js). */
export const main = (): Promise<void> => runAction('cluster-deploy kubeconfig', run, { secretInputs: ['passphrase'] });
