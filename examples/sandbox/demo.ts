// `npm run demo`: deploys the bundled sandbox end to end with the real engine and CLI, no cloud.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import { prepareSandbox, sandboxToolEnv } from './prepare.js';

const workDir = await mkdtemp(path.join(tmpdir(), 'cluster-deploy-demo-'));
const sandbox = await prepareSandbox({ workDir, readyAfterMs: 3000 });
Object.assign(process.env, await sandboxToolEnv(workDir));
console.log(`Sandbox copied to ${workDir}; Kubernetes API stand-in at ${sandbox.api.url} (ready in 3 s)`);
console.log('The live Keystone check is skipped: the sandbox has no cloud (tests run it against a real Keystone).\n');
try {
  process.exitCode = await main(['deploy', '--config', sandbox.configPath, '--state-dir', path.join(workDir, 'state'), '--skip-auth-check', '--interval', '1s']);
} finally {
  await sandbox.close();
}
