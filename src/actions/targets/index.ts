import { runAction } from '../../github/action-run.js';

/**
 * The entry of actions/targets (dist/targets/index.js). Its code (globbing, the HCL parser) is a
 * chunk of the bundle loaded here only: the other actions do not pay for it at start.
 */
export const main = (): Promise<void> =>
  runAction('cluster-deploy targets', async () => (await import('./run.js')).run(), { secretInputs: ['github-token'] });
