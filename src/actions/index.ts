import path from 'node:path';
import { z } from 'zod';
import { main as deploy } from './deploy/index.js';
import { main as kubeconfig } from './kubeconfig/index.js';
import { main as planComment } from './plan-comment/index.js';
import { stepAction } from './step-actions.js';
import { main as targets } from './targets/index.js';

/**
 * The one bundle behind every action. Each action's `dist/<name>/index.js` is a stub that loads it,
 * and the stub's folder names the action: one bundle to download with the action instead of one per
 * action, each carrying the same libraries. Each action's entry is src/actions/<name>/index.ts, its
 * logic src/actions/<name>/run.ts; the per-step actions are rows of src/actions/step-actions.ts. The
 * heavy libraries (artifacts, cache, REST, age) are loaded on first use (src/github/clients.ts): separate chunks of this bundle that a step loads only if it needs them.
 */
const ACTIONS: Record<string, () => Promise<void>> = {
  deploy,
  kubeconfig,
  kubespray: stepAction('kubespray'),
  'normalize-kubeconfig': stepAction('normalize-kubeconfig'),
  'plan-comment': planComment,
  preflight: stepAction('preflight'),
  targets,
  tofu: stepAction('tofu'),
  'wait-ready': stepAction('wait-ready'),
};

// A step parses a few small documents once: zod's compiled fast path (code generated on a schema's
// first parse) costs more than it saves, ~3 ms of every step's start on Node 24.
z.config({ jitless: true });

const name = path.basename(path.dirname(process.argv[1] ?? ''));
const action = ACTIONS[name];
if (action) await action();
else {
  process.stderr.write(
    `cluster-deploy: ${process.argv[1]} is not an action entry point (expected dist/<action>/index.js, one of ${Object.keys(ACTIONS).join(', ')})\n`,
  );
  process.exitCode = 1;
}
