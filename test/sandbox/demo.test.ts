import { spawn } from 'node:child_process';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/action-runner.js';

/**
 * The README's first command, as a new user runs it: from a shell where an openrc was sourced (OS_* set, a
 * Terraform CLI config exported). The demo deploys its own sandbox all the same, leaves nothing in the temporary
 * directory and ends with the next command, not with a kubeconfig whose API has stopped.
 */
describe('npm run demo', () => {
  it('stands alone: ignores the caller’s OS_* and TF_CLI_CONFIG_FILE, removes its directory, ends with the next command', async () => {
    const temp = await mkdtemp(path.join(tmpdir(), 'demo-tmp-'));
    const env = {
      ...process.env,
      TMPDIR: temp,
      OS_AUTH_URL: 'https://keystone.real-cloud.example:5000/v3',
      OS_APPLICATION_CREDENTIAL_ID: 'real-id',
      OS_APPLICATION_CREDENTIAL_SECRET: 'real-cloud-secret-canary-5521',
      TF_CLI_CONFIG_FILE: '/nonexistent/terraformrc',
    };
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'examples', 'sandbox', 'demo.ts')], {
      cwd: ROOT,
      env,
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, out).toBe(0);
    expect(out).toContain(
      'Ignoring OS_APPLICATION_CREDENTIAL_ID, OS_APPLICATION_CREDENTIAL_SECRET, OS_AUTH_URL, TF_CLI_CONFIG_FILE from your environment',
    );
    expect(out).toContain('Deploy of demo/sandbox complete');
    expect(out).not.toContain('real-cloud-secret-canary-5521');
    expect(out.trimEnd().split('\n').at(-1)).toMatch(/To keep a sandbox running .*: npm run sandbox$/);
    // Its own directory is gone (tsx's compile cache and the sandbox's wheel cache are meant to stay).
    expect((await readdir(temp)).filter((name) => name.startsWith('cluster-deploy-demo-'))).toEqual([]);
    expect(await readdir(temp)).toContain('cluster-deploy-sandbox-wheels'); // the TMPDIR was the one used
  }, 300_000);
});
