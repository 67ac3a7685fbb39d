import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { startSandbox, type SandboxRun } from '../support/sandbox.js';

/**
 * Issue 29: `tofu init` installs providers only as the cluster directory's committed lock file records
 * them (`-lockfile=readonly`), with the real terraform/tofu on the sandbox. The lock file below records a
 * provider the sandbox's code does not use: tofu would rewrite it, and read-only it refuses instead.
 */
const LOCK_FILE = `provider "registry.opentofu.org/hashicorp/null" {
  version = "3.2.4"
  hashes = [
    "h1:L5V05xwp/Gto1leRryuesxjMfgZwjb7oool4WS1UEFQ=",
  ]
}
`;

describe('tofu init and the committed lock file', () => {
  let run: SandboxRun;
  let base: string[];
  beforeAll(async () => {
    run = await startSandbox();
    base = ['--config', run.sandbox.configPath, '--state-dir', run.stateDir, '--skip-auth-check'];
  });
  afterAll(async () => run?.close());

  it('without a lock file: init as before, and the dry run says it writes one', async () => {
    const result = await runCli(['plan', ...base, '--verbose', '--step', 'opentofu-init'], run.env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/command: +\S*(tofu|terraform) init -no-color -input=false$/m);
    expect(result.stdout).toContain(
      `writes:      ${path.join(run.sandbox.clusterDir, '.terraform/')}, ${path.join(run.sandbox.clusterDir, '.terraform.lock.hcl')}`,
    );
  });

  it('with one: -lockfile=readonly, and a lock file that does not match the code fails the init and is left as committed', async () => {
    const lockFile = path.join(run.sandbox.clusterDir, '.terraform.lock.hcl');
    writeFileSync(lockFile, LOCK_FILE);
    const plan = await runCli(['plan', ...base, '--verbose', '--step', 'opentofu-init'], run.env);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/command: +\S*(tofu|terraform) init -no-color -input=false -lockfile=readonly$/m);
    expect(plan.stdout).toContain(`reads:       ${path.join(run.sandbox.clusterDir, '*.tf')}, ${lockFile}`);

    const result = await runCli(['deploy', ...base, '--restart', '--step', 'opentofu-init'], run.env);
    expect(result.code).toBe(1);
    expect(`${result.stdout}${result.stderr}`).toMatch(/step "opentofu-init" failed/);
    expect(`${result.stdout}${result.stderr}`).toMatch(/Provider dependency changes detected|lock file is read-only/);
    expect(readFileSync(lockFile, 'utf8')).toBe(LOCK_FILE);
  });
});
