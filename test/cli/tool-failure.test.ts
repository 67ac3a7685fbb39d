import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareSandbox, sandboxToolEnv, type PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { runCli, sandboxFlags } from '../support/cli.js';

/**
 * A tool that fails is reported as the tool's failure, in one line with its reason, never as an internal error with a
 * stack: here `tofu init` against a state backend that refuses connections (no backend credentials, an unreachable
 * backend and no provider registry all end the same way: init exits 1 with an `Error:` diagnostic).
 */
describe('every command, when the tool under it fails', () => {
  let sandbox: PreparedSandbox;
  let env: Record<string, string>;
  let workDir: string;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'tool-failure-'));
    sandbox = await prepareSandbox({ workDir });
    env = await sandboxToolEnv(workDir);
    // Port 1 on loopback: nothing listens, so the http backend's GET is refused at once.
    await fs.writeFile(
      path.join(sandbox.clusterDir, 'backend.tf'),
      'terraform {\n  backend "http" {\n    address = "http://127.0.0.1:1/state"\n    retry_max = 0\n  }\n}\n',
    );
  });
  afterAll(async () => sandbox?.close());

  const common = () => sandboxFlags(sandbox, workDir);

  it.each([
    ['plan --tofu-plan', ['plan', '--tofu-plan']],
    ['plan --tofu-plan --json', ['plan', '--tofu-plan', '--json']],
    ['plan --operation destroy --tofu-plan', ['plan', '--operation', 'destroy', '--tofu-plan']],
    ['deploy', ['deploy']],
    ['check', ['check']],
  ])('%s: one line with the tool and its reason, no stack trace', async (_name, args) => {
    const result = await runCli([...args, ...common()], env);
    expect(result.code, result.stderr).not.toBe(0);
    const all = `${result.stdout}\n${result.stderr}`;
    expect(all).not.toMatch(/^\s+at /m);
    expect(all).not.toContain('internal error');
    expect(all).not.toContain('CommandFailedError');
    expect(all).toMatch(/(tofu|terraform)( init)? exited with 1: .*127\.0\.0\.1:1/);
  });
});
