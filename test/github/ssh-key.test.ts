import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandboxToolEnv } from '../../examples/sandbox/prepare.js';
import { runAction } from '../support/action-runner.js';

/**
 * Input ssh-private-key is written under RUNNER_TEMP for Ansible and removed when the step ends, whether
 * it succeeded or failed: a per-step action has no post step, and a self-hosted runner keeps its temp
 * directory between jobs.
 */
describe('the SSH key of input ssh-private-key', () => {
  type Row = [name: string, bundle: string, config: string, code: number];
  const rows: Row[] = [
    ['a per-step action that succeeds', 'dist/preflight/index.js', 'examples/sandbox/config.yaml', 0],
    ['a per-step action that fails after writing it', 'dist/preflight/index.js', 'missing/cluster.yaml', 1],
    ['the root action that fails after writing it', 'dist/deploy/index.js', 'missing/cluster.yaml', 1],
  ];
  it.each(rows)('%s leaves no key behind', async (_name, bundle, config, code) => {
    const dir = await fs.mkdtemp(path.join(tmpdir(), 'ssh-key-action-'));
    const keyFile = path.join(dir, 'id');
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', keyFile]);
    const key = await fs.readFile(keyFile, 'utf8');
    const runnerTemp = path.join(dir, 'runner-temp');
    const result = await runAction(bundle, {
      env: { ...(await sandboxToolEnv(dir)), RUNNER_TEMP: runnerTemp },
      inputs: { config, 'ssh-private-key': key, 'skip-auth-check': 'true', 'state-store': 'none' },
    });
    expect(result.code, result.stdout).toBe(code);
    // The key was written (its directory made) before the step ended, and then removed.
    const left = await fs.readdir(path.join(runnerTemp, 'cluster-deploy'));
    expect(left.filter((name) => name.startsWith('cluster-deploy-ssh-'))).toEqual([]);
    const body = key.split('\n')[1]!;
    // ::add-mask:: is the runner's own command (it hides the value and is never shown)
    const shown = `${result.stdout}${result.stderr}`.split('\n').filter((line) => !line.startsWith('::add-mask::'));
    expect(shown.join('\n')).not.toContain(body);
  });
});
