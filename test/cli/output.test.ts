import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/action-runner.js';
import { runCli, type CliResult } from '../support/cli.js';
import { CONFIG_SECRET, startSandbox, type SandboxRun } from '../support/sandbox.js';

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /;
const ESC = '\x1b';

/** The CLI on a pseudo-terminal (Python's pty module), as a user at a terminal runs it: its output in one stream. */
function cliOnTerminal(args: string[], env: Record<string, string>): Promise<CliResult> {
  const program = 'import pty, sys; sys.exit(pty.spawn(sys.argv[1:]) >> 8)';
  const argv = [process.execPath, '--import', 'tsx', path.join(ROOT, 'src', 'cli', 'main.ts'), ...args];
  return new Promise((resolve) => {
    const child = spawn('python3', ['-c', program, ...argv], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout: stdout.replace(/\r\n/g, '\n'), stderr }));
  });
}

/** The newest log file of the sandbox cluster. */
function newestLog(stateDir: string, stdout: string): string {
  const file = /^Log: (.+)$/m.exec(stdout)?.[1];
  expect(file, stdout).toBeDefined();
  expect(path.dirname(file!)).toBe(path.join(stateDir, 'demo', 'sandbox', 'logs'));
  return readFileSync(file!, 'utf8');
}

describe('the CLI’s output: colour, --quiet and the log file', () => {
  let run: SandboxRun;
  let base: string[];
  beforeAll(async () => {
    run = await startSandbox();
    base = ['--config', run.sandbox.configPath, '--state-dir', run.stateDir, '--skip-auth-check'];
  });
  afterAll(async () => run?.close());

  it('--quiet: tool output only in the log; the failure once, with the failed command’s last lines; a log with a redacted header, timestamps, commands and exit codes', async () => {
    const canary = 'canary-app-cred-secret-quiet-77';
    // An invalid variable makes tofu plan fail at once, after init.
    const env = { ...run.env, TF_VAR_worker_count: 'not-a-number' };
    const args = ['deploy', ...base, '--quiet', '--os-application-credential-secret', canary];
    const result = await runCli(args, env);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).not.toContain('Initializing the backend'); // tofu init's own output
    expect(result.stdout).toMatch(/^The tools' output goes to \S+\.log \(--quiet\)$/m);
    expect(result.stdout).toMatch(/^\[3\/13\] ✗ Plan the OpenTofu changes \(opentofu-plan\) failed after [\d.]+s$/m);
    expect(result.stdout).toMatch(/^Last lines of the failed command \(all of it in the log\):\n {2}.+\n/m);
    // The reason is printed once: on stderr, naming the operation and the step.
    expect(result.stderr).toMatch(
      /^error: deploying the cluster: step "opentofu-plan" failed: terraform plan exited with 1: /,
    );
    expect(`${result.stdout}${result.stderr}`.split('terraform plan exited with 1').length - 1).toBe(1);

    const log = newestLog(run.stateDir, result.stdout);
    const lines = log.trimEnd().split('\n');
    expect(lines.filter((line) => !TIMESTAMP.test(line))).toEqual([]);
    const text = lines.map((line) => line.replace(TIMESTAMP, ''));
    expect(text.slice(0, 6)).toEqual([
      expect.stringMatching(/^# cluster-deploy \d+\.\d+\.\d+\S*: deploy of demo\/sandbox$/),
      `# arguments: ${args.slice(0, -1).join(' ')} ***`,
      `# working directory: ${ROOT}`,
      `# config: ${run.sandbox.configPath}`,
      `# state directory: ${run.stateDir}`,
      expect.stringMatching(/^# started: \d{4}-/),
    ]);
    expect(text).toContain('Initializing the backend...');
    expect(text).toContainEqual(
      expect.stringMatching(/^\$ \S*(tofu|terraform) init -no-color -input=false {2}\(in \S+\)$/),
    );
    expect(text).toContainEqual(expect.stringMatching(/^(tofu|terraform) init: exit 0 after [\d.]+s$/));
    expect(text).toContainEqual(expect.stringMatching(/^(tofu|terraform) plan: exit 1 after [\d.]+s$/));
    expect(text).toContainEqual(
      expect.stringMatching(/^error: deploying the cluster: step "opentofu-plan" failed: terraform plan exited with 1/),
    );
    for (const secret of [canary, CONFIG_SECRET]) expect(log).not.toContain(secret);
  });

  it('no colour through a pipe: tofu runs with -no-color and nothing prints an escape code', async () => {
    const result = await runCli(['deploy', ...base, '--restart', '--step', 'opentofu-init'], run.env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Initializing the backend');
    expect(result.stdout).not.toContain(ESC);
    expect(newestLog(run.stateDir, result.stdout)).toMatch(/ \$ \S*(tofu|terraform) init -no-color -input=false /);
  });

  it('colour on a terminal: our marks and tofu’s output; the log file has none of it', async () => {
    const result = await cliOnTerminal(['deploy', ...base, '--restart', '--step', 'opentofu-init'], run.env);
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain(`${ESC}[32m✓${ESC}[0m Initialize OpenTofu (opentofu-init)`);
    expect(result.stdout).toMatch(/\x1b\[[0-9;]*mInitializing the backend/); // tofu's bold, kept
    const log = newestLog(run.stateDir, result.stdout.replace(/\x1b\[[0-9;]*m/g, ''));
    expect(log).toMatch(/ \$ \S*(tofu|terraform) init -input=false /);
    expect(log).not.toContain(ESC);
  });

  it('NO_COLOR on a terminal: no colour at all', async () => {
    const result = await cliOnTerminal(['deploy', ...base, '--restart', '--step', 'opentofu-init'], {
      ...run.env,
      NO_COLOR: '1',
    });
    expect(result.code, result.stdout).toBe(0);
    expect(result.stdout).toContain('✓ Initialize OpenTofu (opentofu-init)');
    expect(result.stdout).not.toContain(ESC);
  });
});
