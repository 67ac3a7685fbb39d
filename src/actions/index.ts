import path from 'node:path';
import { isPostStep } from '../github/deploy-action.js';
import * as deploy from './deploy/run.js';
import * as kubeconfig from './kubeconfig/run.js';
import * as kubespray from './kubespray/run.js';
import * as normalizeKubeconfig from './normalize-kubeconfig/run.js';
import * as planComment from './plan-comment/run.js';
import * as preflight from './preflight/run.js';
import * as tofu from './tofu/run.js';
import * as waitReady from './wait-ready/run.js';

/**
 * The one bundle behind every action. Each action's `dist/<name>/index.js` is a stub that loads it,
 * and the stub's folder names the action: one bundle to download with the action instead of one per
 * action, each carrying the same libraries.
 */
const ACTIONS: Record<string, () => Promise<void>> = {
  // main and post share the stub (actions/checkout's pattern): the main step marks itself in the state.
  deploy: () => (isPostStep() ? deploy.post() : deploy.run()),
  kubeconfig: kubeconfig.run,
  kubespray: kubespray.run,
  'normalize-kubeconfig': normalizeKubeconfig.run,
  'plan-comment': planComment.run,
  preflight: preflight.run,
  tofu: tofu.run,
  'wait-ready': waitReady.run,
};

const name = path.basename(path.dirname(process.argv[1] ?? ''));
const action = ACTIONS[name];
if (action) await action();
else {
  process.stderr.write(`cluster-deploy: ${process.argv[1]} is not an action entry point (expected dist/<action>/index.js, one of ${Object.keys(ACTIONS).join(', ')})\n`);
  process.exitCode = 1;
}
