import { runKubeconfigAction } from '../../github/kubeconfig-action.js';

/** actions/kubeconfig: the encrypted kubeconfig from the deploy job, ready for kubectl. */
export const run = (): Promise<void> => runKubeconfigAction();
