// `npm run demo`: deploys the bundled sandbox end to end with the real engine and CLI, no cloud.
// `npm run demo -- --method cluster-api`: the same through Cluster API (kind, clusterctl, CAPO stand-ins).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { main } from '../../src/cli/main.js';
import { startCapiSandbox } from './capi/cloud.js';
import { prepareSandbox, sandboxToolEnv } from './prepare.js';

const USAGE = 'usage: npm run demo [-- --method kubespray|cluster-api]';
let values: { method: string };
try {
  ({ values } = parseArgs({ options: { method: { type: 'string', default: 'kubespray' } } }));
} catch (error) {
  // parseArgs' own errors (an unknown option, --method without a value) are usage errors, not crashes.
  console.error(`error: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.method !== 'kubespray' && values.method !== 'cluster-api') {
  console.error(
    `error: --method: "${values.method}" is not a method the demo runs; use kubespray (the default) or cluster-api\n${USAGE}`,
  );
  process.exit(2);
}
const workDir = await mkdtemp(path.join(tmpdir(), 'cluster-deploy-demo-'));
const stateDir = path.join(workDir, 'state');
console.log('The live Keystone check is skipped: the sandbox has no cloud (tests run it against a real Keystone).\n');

if (values.method === 'cluster-api') {
  const cloud = await startCapiSandbox({ dir: path.join(workDir, 'cloud') });
  Object.assign(process.env, cloud.env, { PATH: `${cloud.binDir}${path.delimiter}${process.env.PATH}` });
  console.log(`Sandbox cloud (kind, clusterctl and CAPO stand-ins) in ${workDir}`);
  const config = path.join(path.dirname(fileURLToPath(import.meta.url)), 'config-cluster-api.yaml');
  try {
    process.exitCode = await main([
      'deploy',
      '--config',
      config,
      '--state-dir',
      stateDir,
      '--skip-auth-check',
      '--interval',
      '1s',
    ]);
    console.log(
      `\nOpenStack servers CAPO made: ${cloud
        .servers()
        .map((s) => s.name)
        .join(', ')}`,
    );
  } finally {
    await cloud.close();
  }
} else {
  const sandbox = await prepareSandbox({ workDir, readyAfterMs: 3000 });
  Object.assign(process.env, await sandboxToolEnv(workDir));
  console.log(`Sandbox copied to ${workDir}; Kubernetes API stand-in at ${sandbox.api.url} (ready in 3 s)`);
  try {
    process.exitCode = await main([
      'deploy',
      '--config',
      sandbox.configPath,
      '--state-dir',
      stateDir,
      '--skip-auth-check',
      '--interval',
      '1s',
    ]);
  } finally {
    await sandbox.close();
  }
}
