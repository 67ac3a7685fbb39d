import { execFileSync } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../support/cli.js';
import { CONFIG_SECRET, startSandbox, type SandboxRun } from '../support/sandbox.js';

/** --version, status, list, logs, completion and the CLUSTER_DEPLOY_* defaults, through the real CLI process. */
describe('cluster-deploy status, list, logs, completion, --version', () => {
  let run: SandboxRun;
  let env: Record<string, string>;
  beforeAll(async () => {
    run = await startSandbox();
    // The environment defaults stand in for --config and --state-dir in every call below.
    env = { ...run.env, CLUSTER_DEPLOY_CONFIG: run.sandbox.configPath, CLUSTER_DEPLOY_STATE_DIR: run.stateDir };
  });
  afterAll(async () => run?.close());

  it('prints the package version', async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    for (const flag of ['--version', '-V', 'version']) {
      const { code, stdout } = await cli([flag], env);
      expect(code).toBe(0);
      expect(stdout).toBe(`cluster-deploy ${version}\n`);
    }
  });

  it('lists nothing, and refuses a status of a cluster it has never seen', async () => {
    const list = await cli(['list'], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toBe(`No clusters in ${run.stateDir}\n`);
    const status = await cli(['status'], env);
    expect(status.code).toBe(1);
    expect(status.stderr).toBe(
      `error: no cluster demo/sandbox in ${run.stateDir}; "cluster-deploy list" shows the clusters there\n`,
    );
  });

  it('after a failed step: status names it and the resume, logs --step shows its part, list says failed', {
    timeout: 300_000,
  }, async () => {
    const failed = await cli(['deploy', '--skip-auth-check', '--tofu', '/bin/false'], env);
    expect(failed.code).toBe(1);

    const status = await cli(['status'], env);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^demo\/sandbox: deploy failed \(updated \d{4}-/);
    expect(status.stdout).toMatch(/✓ openstack-preflight +success at \S+ in /);
    expect(status.stdout).toMatch(/✗ opentofu-init +failed at \S+ in \S+: /);
    expect(status.stdout).toContain('Re-run: cluster-deploy deploy resumes at opentofu-init');
    expect(status.stdout).toMatch(/\nLog: .*\/demo\/sandbox\/logs\/deploy-.*\.log\n/);
    expect(status.stdout).not.toContain(CONFIG_SECRET);

    const json = JSON.parse((await cli(['status', '--json'], env)).stdout);
    expect(json).toMatchObject({
      cluster: 'demo/sandbox',
      operation: 'deploy',
      result: 'failed',
      rerun: 'cluster-deploy deploy resumes at opentofu-init (steps that succeeded are skipped)',
      kubeconfig: { exists: false },
    });
    expect(json.steps.map((s: { id: string; status: string }) => `${s.id}:${s.status}`)).toEqual([
      'openstack-preflight:success',
      'opentofu-init:failed',
    ]);

    const part = await cli(['logs', '--step', 'opentofu-init'], env);
    expect(part.code).toBe(0);
    expect(part.stdout).toMatch(/^\S+Z \[2\/13\] → .*\(opentofu-init\)\.\.\./); // each line with its time
    expect(part.stdout).toContain('✗');
    expect(part.stdout).not.toContain('openstack-preflight');
    const notRun = await cli(['logs', '--step', 'wait-ready'], env);
    expect(notRun.code).toBe(1);
    expect(notRun.stderr).toMatch(
      /^error: step wait-ready did not run in deploy-.*\.log \(steps that ran: openstack-preflight, opentofu-init\)\n$/,
    );

    const list = JSON.parse((await cli(['list', '--json'], env)).stdout);
    expect(list.clusters).toEqual([
      expect.objectContaining({ cluster: 'demo/sandbox', operation: 'deploy', result: 'failed' }),
    ]);
  });

  it('after the resumed deploy completes: status, list, the newest log and an older one by number', async () => {
    const done = await cli(['deploy', '--skip-auth-check', '--interval', '300ms'], env);
    expect(done.code, done.stderr).toBe(0);

    const status = await cli(['status', '--cluster', 'sandbox', '--org', 'demo'], {
      ...env,
      CLUSTER_DEPLOY_CONFIG: '',
    });
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^demo\/sandbox: deploy completed/);
    expect(status.stdout).toContain('✓ wait-ready');
    expect(status.stdout).toContain('Re-run: the last deploy completed: the same deploy runs every step again');

    const list = await cli(['list'], env);
    expect(list.stdout).toMatch(/^CLUSTER +OPERATION +RESULT +UPDATED\ndemo\/sandbox +deploy +completed +\d{4}-/);

    const newest = await cli(['logs'], env);
    expect(newest.stdout).toContain('(wait-ready)');
    const older = await cli(['logs', '--run', '2'], env);
    expect(older.stdout).not.toContain('(wait-ready)...');
    expect(older.stdout).toContain('(opentofu-init)...');
    for (const out of [newest.stdout, older.stdout]) expect(out).not.toContain(CONFIG_SECRET);
  }, 600_000); // a whole sandbox deploy and five CLI calls

  it('completion scripts: valid bash, every command and its own flags, step ids after --step', {
    timeout: 300_000,
  }, async () => {
    const bash = await cli(['completion', 'bash'], env);
    expect(bash.code).toBe(0);
    const complete = (line: string) => {
      const words = line.split(' ');
      const script = `${bash.stdout}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _cluster_deploy; printf '%s\\n' "\${COMPREPLY[@]}"`;
      return execFileSync('bash', ['-c', script], { encoding: 'utf8' }).trim().split('\n');
    };
    expect(complete('cluster-deploy st')).toEqual(['status']);
    expect(complete('cluster-deploy destroy --con')).toEqual(['--config', '--confirm']);
    expect(complete('cluster-deploy deploy --con')).toEqual(['--config', '--converge']); // --confirm is destroy's
    expect(complete('cluster-deploy deploy --from-step opentofu-a')).toEqual(['opentofu-apply']);
    const zsh = await cli(['completion', 'zsh'], env);
    expect(zsh.stdout).toMatch(/^#compdef cluster-deploy\n/);
  });

  it.each([
    [['completion'], 'error: completion: give the shell, bash or zsh\n'],
    [['completion', 'fish'], 'error: completion: give the shell, bash or zsh (got "fish")\n'],
    [['status', '--config', 'x', '--cluster', 'y'], 'error: status: give --config FILE or --cluster NAME, not both\n'],
    [
      ['status', '--run', '1'],
      'error: status: --run is not an option of status\nrun "cluster-deploy status --help" for usage\n',
    ],
    [['logs', '--run', '0'], 'error: logs: --run counts from 1 (the newest)\n'],
    [
      ['logs', '--run', '../../etc/passwd'],
      'error: logs: --run "../../etc/passwd" is not a run number (1 = the newest) or a log file\'s name\n',
    ],
    [['logs', '--step', 'opentofu-aply'], /^error: --step: unknown step "opentofu-aply"/],
    [['list', '--state-dir', ''], 'error: list: --state-dir needs a value\n'],
    [['list', '--stat-dir', 'x'], /^error: list: Unknown option '--stat-dir' \(did you mean --state-dir\?\)/],
    [['stauts'], /^error: unknown command "stauts" \(did you mean "status"\?\)/],
  ])('%j is a usage error', async (args, message) => {
    const { code, stderr } = await cli(args, { ...env, CLUSTER_DEPLOY_CONFIG: '' });
    expect(code).toBe(2);
    if (typeof message === 'string') expect(stderr).toBe(message);
    else expect(stderr).toMatch(message);
  });

  it('a state directory that is a file, or a run log that is not there, is an error naming it', async () => {
    const file = path.join(run.workDir, 'not-a-dir');
    await fs.writeFile(file, 'x');
    const list = await cli(['list', '--state-dir', file], env);
    expect(list.code).toBe(1);
    expect(list.stderr).toBe(`error: state directory ${file} is not a directory\n`);
    const logs = await cli(['logs', '--run', '9'], env);
    expect(logs.code).toBe(1);
    expect(logs.stderr).toMatch(
      /^error: --run 9: no such run log for demo\/sandbox \(runs, newest first: 1: deploy-.*, 2: deploy-.*\)\n$/,
    );
  });

  it("after a check and a destroy: status says destroyed with the destroy's log, check says destroyed (exit 1), logs --step finds the deploy", {
    timeout: 300_000,
  }, async () => {
    expect((await cli(['check', '--skip-auth-check'], env)).code).toBe(0);
    const destroy = await cli(['destroy', '--skip-auth-check', '--confirm', 'sandbox'], env);
    expect(destroy.code, destroy.stderr).toBe(0);
    const destroyLog = /Log: (\S+\/destroy-\S+\.log)\n/.exec(destroy.stdout)![1]!;

    // By name alone: sandbox is in one organisation only.
    const status = await cli(['status', '--cluster', 'sandbox'], { ...env, CLUSTER_DEPLOY_CONFIG: '' });
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(new RegExp(`^demo/sandbox: destroyed at \\S+Z by ${path.basename(destroyLog)}\n`));
    expect(status.stdout).toContain(`\nLog: ${destroyLog}\n`);
    expect(status.stdout).toContain('Re-run: the cluster was destroyed: the next deploy starts from nothing');

    const check = await cli(['check', '--skip-auth-check'], env);
    expect(check.code).toBe(1);
    expect(check.stdout).toBe('');
    expect(check.stderr).toMatch(
      /^error: check: demo\/sandbox was destroyed at \S+Z by destroy-\S+\.log: there is no cluster to check \(deploy it again, or stop checking it\)\n$/,
    );

    const ready = await cli(['logs', '--step', 'wait-ready'], env);
    expect(ready.code).toBe(0);
    expect(ready.stdout).toContain('(wait-ready)...');
    expect(ready.stderr).toMatch(/^logs: step wait-ready of run 3, deploy-\S+\.log \(the newest run with it\)\n$/);
  });

  it('documents the environment defaults in --help', async () => {
    const { stdout } = await cli(['--help'], env);
    expect(stdout).toContain('CLUSTER_DEPLOY_CONFIG');
    expect(stdout).toContain('CLUSTER_DEPLOY_STATE_DIR');
    for (const command of ['status', 'list', 'logs', 'completion']) {
      const help = await cli([command, '--help'], env);
      expect(help.stdout).toContain(`Usage: cluster-deploy ${command}`);
    }
  });
});
