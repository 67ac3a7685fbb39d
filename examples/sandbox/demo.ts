// `npm run demo`: deploys the bundled sandbox end to end with the real engine and CLI, no cloud.
// `npm run demo -- --method cluster-api`: the same through Cluster API (kind, clusterctl, CAPO stand-ins).
// `npm run demo -- --keep` (= `npm run sandbox`): the sandbox keeps running and the next commands are printed.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_SANDBOX_DIR, METHODS, runDemo, type SandboxMethod } from './sandbox.js';

const USAGE = 'usage: npm run demo [-- --method kubespray|cluster-api] [--keep [--dir DIR]]';
let values: { method: string; keep?: boolean; dir?: string };
try {
  ({ values } = parseArgs({
    options: { method: { type: 'string', default: 'kubespray' }, keep: { type: 'boolean' }, dir: { type: 'string' } },
  }));
} catch (error) {
  // parseArgs' own errors (an unknown option, --method without a value) are usage errors, not crashes.
  console.error(`error: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (!(METHODS as readonly string[]).includes(values.method)) {
  console.error(
    `error: --method: "${values.method}" is not a method the demo runs; use kubespray (the default) or cluster-api\n${USAGE}`,
  );
  process.exit(2);
}
if (values.dir !== undefined && !values.keep) {
  console.error(`error: --dir is where a kept sandbox runs: give it with --keep\n${USAGE}`);
  process.exit(2);
}
try {
  process.exitCode = await runDemo(values.method as SandboxMethod, {
    ...(values.keep && { keep: path.resolve(values.dir ?? DEFAULT_SANDBOX_DIR) }),
  });
} catch (error) {
  console.error(`error: ${(error as Error).message}`);
  process.exitCode = 1;
}
