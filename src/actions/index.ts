import path from 'node:path';
import { z } from 'zod';
import type { StepActionName } from './step-actions.js';

/**
 * The one bundle behind every action. Each action's `dist/<name>/index.js` is a stub that loads it,
 * and the stub's folder names the action: one bundle to download with the action instead of one per
 * action, each carrying the same libraries. Each action's entry is src/actions/<name>/index.ts, its
 * logic src/actions/<name>/run.ts; the per-step actions are rows of src/actions/step-actions.ts.
 * Each entry is imported only when its action runs, so each is a chunk of the bundle and an action's
 * start loads its own code, not the others' (targets' globbing and HCL parser, say; npm run bench times it). The heavy libraries (artifacts,
 * cache, REST, age) are loaded on first use too (src/github/runner/clients.ts).
 */
const perStep = (name: StepActionName) => async () => (await import('./step-actions.js')).stepAction(name)();
const ACTIONS: Record<string, () => Promise<void>> = {
  deploy: async () => (await import('./deploy/index.js')).main(),
  kubeconfig: async () => (await import('./kubeconfig/index.js')).main(),
  kubespray: perStep('kubespray'),
  'normalize-kubeconfig': perStep('normalize-kubeconfig'),
  'plan-comment': async () => (await import('./plan-comment/index.js')).main(),
  preflight: perStep('preflight'),
  targets: async () => (await import('./targets/index.js')).main(),
  tofu: perStep('tofu'),
  'wait-ready': perStep('wait-ready'),
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
