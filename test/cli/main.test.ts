import { spawn } from 'node:child_process';
import { existsSync, promises as fs, readdirSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripAnsi } from '../../src/core/lib/log-file.js';
import { runCli } from '../support/cli.js';
import { CONFIG_SECRET, startSandbox, type SandboxRun } from '../support/sandbox.js';

const cli = runCli;

describe('cluster-deploy CLI', () => {
  let run: SandboxRun;
  let base: string[];
  beforeAll(async () => {
    run = await startSandbox();
    base = ['--config', run.sandbox.configPath, '--state-dir', run.stateDir, '--skip-auth-check'];
  });
  afterAll(async () => run?.close());

  it('refuses a second deploy of the same cluster while one runs, without touching its state', async () => {
    const lock = path.join(run.stateDir, 'demo', 'sandbox', 'deploy.lock');
    await fs.mkdir(path.dirname(lock), { recursive: true });
    const running = spawn('sleep', ['30']);
    try {
      await fs.writeFile(
        lock,
        JSON.stringify({ pid: running.pid, host: hostname(), startedAt: new Date().toISOString() }),
      );
      const { code, stderr, stdout } = await cli(['deploy', ...base], run.env);
      expect(code).toBe(1);
      expect(stderr).toMatch(
        /^error: another deploy of demo\/sandbox is running \(process \d+ on .*\); wait for it to finish, or if it is gone, delete .*deploy\.lock\n$/,
      );
      expect(stdout).not.toContain('[1/13]');
      expect(existsSync(path.join(run.stateDir, 'demo', 'sandbox', 'state.json'))).toBe(false);
    } finally {
      running.kill();
      await fs.rm(run.stateDir, { recursive: true, force: true }); // as the later tests expect: nothing written yet
    }
  });

  it('prints help for every command', async () => {
    for (const command of ['plan', 'deploy', 'upgrade', 'destroy', 'normalize-kubeconfig', 'wait-ready']) {
      const { code, stdout } = await cli([command, '--help'], run.env);
      expect(code).toBe(0);
      expect(stdout).toContain(`Usage: cluster-deploy ${command}`);
      expect(stdout).not.toContain('${'); // every template filled in
      if (command !== 'normalize-kubeconfig' && command !== 'wait-ready') expect(stdout).toContain('--state-dir DIR');
    }
    const { code, stdout } = await cli(['--help'], run.env);
    expect(code).toBe(0);
    // Every operation, with its steps in order.
    expect(stdout).toContain(
      '  deploy:  openstack-preflight, opentofu-init, opentofu-plan, openstack-capacity, kubespray-fetch, kubespray-venv-create, kubespray-pip-install, etcd-snapshot, kubespray-remove-nodes, opentofu-apply, kubespray-ansible-playbook, openstack-normalize-kubeconfig, wait-ready\n',
    );
    expect(stdout).toContain(
      '  upgrade: openstack-preflight, kubespray-fetch, kubespray-venv-create, kubespray-pip-install, kubernetes-version-check, kubespray-facts, etcd-snapshot, kubespray-upgrade-control-plane, kubespray-upgrade-workers, openstack-normalize-kubeconfig, wait-ready\n',
    );
    expect(stdout).toContain(
      '  destroy: openstack-preflight, opentofu-init, kubernetes-cloud-cleanup, opentofu-destroy, openstack-leftovers, forget-cluster\n',
    );
  });

  it('rejects bad step selections with the reference messages and no stack trace', async () => {
    const unknown = await cli(['plan', ...base, '--step', 'nope'], run.env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      'error: --step: unknown step "nope" (available: openstack-preflight, opentofu-init, opentofu-plan, openstack-capacity, kubespray-fetch, kubespray-venv-create, kubespray-pip-install, etcd-snapshot, kubespray-remove-nodes, opentofu-apply, kubespray-ansible-playbook, openstack-normalize-kubeconfig, wait-ready)\n',
    );
    const both = await cli(['deploy', ...base, '--step', 'opentofu-init', '--from-step', 'opentofu-apply'], run.env);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe('error: --step and --from-step cannot be used together\n');
    const flag = await cli(['deploy', ...base, '--timeout', 'soon'], run.env);
    expect(flag.stderr).toBe('error: --timeout: "soon" is not a duration; use forms like 45m, 1h30m, 90s or 500ms\n');
    expect(flag.code).toBe(2);
  });

  it('reports every invalid config field by dotted path', async () => {
    const bad = path.join(run.workDir, 'bad.yaml');
    const text = await fs.readFile(run.sandbox.configPath, 'utf8');
    await fs.writeFile(
      bad,
      text
        .replace('provider: openstack', 'provider: openstak')
        .replace('k8s_api_ip: 127.0.0.2', 'k8s_api_ip: not-an-ip'),
    );
    const { code, stderr } = await cli(['plan', '--config', bad], run.env);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^error: .*bad\.yaml is invalid:\n {2}- opencenter\.infrastructure\.provider: .*\n {2}- opencenter\.infrastructure\.k8s_api_ip: must be an IP address\n$/,
    );
  });

  it('plans without running or writing anything, secrets redacted', async () => {
    const { code, stdout } = await cli(['plan', ...base, '--json'], run.env);
    expect(code).toBe(0);
    const plan = JSON.parse(stdout);
    expect(plan.steps.map((s: { id: string }) => s.id)).toHaveLength(13);
    const planFile = path.join(run.stateDir, 'demo', 'sandbox', 'tofu.plan');
    const tofuPlan = plan.steps.find((s: { id: string }) => s.id === 'opentofu-plan');
    expect(tofuPlan).toMatchObject({
      action: 'run',
      reason: 'not run yet',
      argv: [expect.stringMatching(/(tofu|terraform)$/), 'plan', '-no-color', '-input=false', `-out=${planFile}`],
    });
    // The apply applies exactly that plan, never -auto-approve.
    const apply = plan.steps.find((s: { id: string }) => s.id === 'opentofu-apply');
    expect(apply).toMatchObject({
      action: 'run',
      reason: 'not run yet',
      argv: [expect.stringMatching(/(tofu|terraform)$/), 'apply', '-no-color', '-input=false', planFile],
    });
    // The shared environment is shown once; a step shows only what its command adds or changes.
    expect(plan.environment.set.OS_APPLICATION_CREDENTIAL_SECRET).toBe('<redacted>');
    expect(plan.environment.set.OS_APPLICATION_CREDENTIAL_ID).toBe('sandbox-app-cred');
    expect(Object.keys(apply.env).filter((name) => name.startsWith('OS_'))).toEqual([]);
    const playbook = plan.steps.find((s: { id: string }) => s.id === 'kubespray-ansible-playbook');
    expect(playbook.workingDir).toBe(path.join(run.sandbox.clusterDir, 'kubespray'));
    expect(playbook.env).toEqual({
      ANSIBLE_HOST_KEY_CHECKING: 'False',
      ANSIBLE_NOCOLOR: '1', // no terminal here
      VIRTUAL_ENV: path.join(run.sandbox.clusterDir, 'venv'),
      PATH: `${path.join(run.sandbox.clusterDir, 'venv', 'bin')}:$PATH`,
    });
    // Least privilege: a step's command gets the credentials and the kubeconfig only if it uses them.
    // ...and what only tofu reads (its TF_* settings here; the state backend's keys in a workflow) only tofu.
    expect(playbook.withheld).toEqual(['KUBECONFIG', 'TF_CLI_CONFIG_FILE', 'TF_IN_AUTOMATION']);
    expect(apply.withheld).toEqual([]);
    const pip = plan.steps.find((s: { id: string }) => s.id === 'kubespray-pip-install');
    expect(pip.withheld).toEqual(expect.arrayContaining(['OS_APPLICATION_CREDENTIAL_SECRET', 'KUBECONFIG']));
    expect(plan.steps.find((s: { id: string }) => s.id === 'wait-ready').withheld).toContain('OS_AUTH_URL');
    expect(stdout).not.toContain(CONFIG_SECRET);
    expect(existsSync(run.stateDir)).toBe(false);
    expect(readdirSync(run.sandbox.clusterDir)).not.toContain('.terraform');

    const text = await cli(['plan', ...base, '--verbose'], run.env);
    expect(text.stdout.match(/OS_APPLICATION_CREDENTIAL_SECRET=<redacted>/g)).toHaveLength(1);
    expect(text.stdout).not.toContain(`PATH=${run.env.PATH}`); // the inherited PATH is never repeated per step
    expect(text.stdout).toMatch(
      /\(kubespray-pip-install\)[^[]*\n {6}withheld: {4}OS_\*, KUBECONFIG, TF_CLI_CONFIG_FILE, TF_IN_AUTOMATION\n/,
    );
    expect(text.stdout).toContain('[10/13] → Apply OpenTofu infrastructure (opentofu-apply) — will run: not run yet');
  });

  it('with --tofu-plan also shows what tofu would change, applying nothing and printing no secret', async () => {
    const env = { ...run.env, TF_VAR_os_application_credential_secret: CONFIG_SECRET };
    const text = await cli(['plan', ...base, '--tofu-plan', '--verbose'], env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('[10/13] → Apply OpenTofu infrastructure (opentofu-apply) — will run');
    expect(text.stdout).toMatch(/^OpenTofu plan for demo\/sandbox: 6 to add, 0 to change, 0 to destroy$/m);
    expect(text.stdout).toContain('  +   terraform_data.cloud_conf');
    const plain = stripAnsi(text.stdout);
    expect(plain).toMatch(/\+ application-credential-secret = "\*\*\*"/);
    expect(plain.match(/application-credential-secret = /g)).toHaveLength(1); // tofu's plan text, shown once
    expect(text.stdout).not.toContain(CONFIG_SECRET);
    expect(readdirSync(run.sandbox.clusterDir)).not.toContain('terraform.tfstate');

    const json = await cli(['plan', ...base, '--tofu-plan', '--json'], env);
    expect(json.code, json.stderr).toBe(0);
    const plan = JSON.parse(json.stdout); // tofu's progress went to stderr
    expect(plan.tofu).toMatchObject({ toAdd: 6, toChange: 0, toDestroy: 0, toReplace: 0 });
    expect(plan.tofu.changes).toContainEqual({ address: 'module.worker[0].terraform_data.server', action: 'create' });
    expect(json.stdout + json.stderr).not.toContain(CONFIG_SECRET);

    const misuse = await cli(['deploy', ...base, '--tofu-plan'], env);
    expect(misuse.code).toBe(2);
    expect(misuse.stderr).toBe('error: deploy: --tofu-plan is an option of plan, not deploy\n');
  });

  it('plan reads like a plan: what changes and the node decision first, then one line per step; detail behind --verbose', async () => {
    const env = { ...run.env, TF_VAR_os_application_credential_secret: CONFIG_SECRET };
    const text = await cli(['plan', ...base, '--tofu-plan'], env);
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.trimEnd().split('\n');
    const changes = lines.findIndex((l) => /^OpenTofu plan for demo\/sandbox: 6 to add/.test(l));
    const nodes = lines.findIndex((l) => l.startsWith('Nodes: cluster.yml after'));
    const steps = lines.findIndex((l) => /^Deploy plan for demo\/sandbox: \d+ of 13 steps would run$/.test(l));
    expect(changes).toBeGreaterThanOrEqual(0);
    expect(nodes).toBeGreaterThan(changes);
    expect(steps).toBeGreaterThan(nodes);
    expect(lines.filter((l) => /^ +\d+\. [→⏭] /.test(l))).toHaveLength(13);
    expect(text.stdout).toMatch(
      /^ +4\. ⏭ openstack-capacity +Check the change against the project's quotas — skipped: /m,
    );
    // No command lines, no environment, no tofu plan text: those are --verbose.
    expect(text.stdout).not.toMatch(/command: |OS_AUTH_URL=|application-credential-secret = /);
    expect(lines.length).toBeLessThan(40);
    expect(text.stdout).not.toContain(CONFIG_SECRET);
  });

  it('stops cleanly on SIGINT during apply: exit 130, state saved as interrupted, then resumes', async () => {
    const env = { ...run.env, TF_VAR_apply_sleep_seconds: '60' };
    let signalled = false;
    const interrupted = await cli(['deploy', ...base], env, (out, child) => {
      if (!signalled && /slow_operation.*Provisioning with 'local-exec'|Still creating/.test(out)) {
        signalled = true;
        child.kill('SIGINT');
      }
    });
    expect(signalled).toBe(true);
    expect(interrupted.code).toBe(130);
    expect(interrupted.stderr).toContain('error: deploying the cluster: step "opentofu-apply" failed: interrupted');
    expect(interrupted.stdout).toContain('received SIGINT: interrupting the running step');
    const state = JSON.parse(await fs.readFile(path.join(run.stateDir, 'demo', 'sandbox', 'state.json'), 'utf8'));
    expect(state.steps['opentofu-apply']).toMatchObject({ status: 'failed', error: 'interrupted' });

    const plan = JSON.parse((await cli(['plan', ...base, '--json'], run.env)).stdout);
    expect(plan.steps.find((s: { id: string }) => s.id === 'opentofu-apply').reason).toBe(
      'failed last time: interrupted',
    );

    const resumed = await cli(['deploy', ...base, '--interval', '300ms'], run.env);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain(`Deploy of demo/sandbox complete: API at ${run.sandbox.api.url}`);
  });

  it('works standalone, without an openCenter config', async () => {
    const env = {
      ...run.env,
      OS_AUTH_URL: 'https://keystone.example:5000/v3',
      OS_APPLICATION_CREDENTIAL_ID: 'id-1',
      OS_APPLICATION_CREDENTIAL_SECRET: 'standalone-canary',
    };
    const { code, stdout } = await cli(
      [
        'plan',
        '--cluster-dir',
        run.sandbox.clusterDir,
        '--vip',
        '10.0.0.9',
        '--method',
        'none',
        '--state-dir',
        run.stateDir,
        '--json',
      ],
      env,
    );
    expect(code).toBe(0);
    const plan = JSON.parse(stdout);
    expect(plan.cluster).toBe('standalone/sandbox');
    expect(plan.steps.map((s: { id: string }) => s.id)).toEqual([
      'openstack-preflight',
      'opentofu-init',
      'opentofu-plan',
      'openstack-capacity',
      'opentofu-apply',
      'openstack-normalize-kubeconfig',
      'wait-ready',
    ]);
    expect(plan.environment.set).toMatchObject({
      OS_AUTH_URL: 'https://keystone.example:5000/v3',
      OS_APPLICATION_CREDENTIAL_SECRET: '<redacted>',
    });
    expect(stdout).not.toContain('standalone-canary');
  });

  it('normalizes a kubeconfig and waits for readiness as standalone commands', async () => {
    const target = path.join(run.workDir, 'standalone', 'kubeconfig');
    const normalized = await cli(
      [
        'normalize-kubeconfig',
        '--cluster-dir',
        run.sandbox.clusterDir,
        '--vip',
        run.sandbox.vip,
        '--kubeconfig',
        target,
      ],
      run.env,
    );
    expect(normalized.code).toBe(0);
    expect(normalized.stdout).toMatch(/server → https:\/\/127\.0\.0\.2:\d+/);
    run.sandbox.api.setNodes([
      { name: 'cp-0', ready: true },
      { name: 'worker-0', ready: false },
    ]);
    const notEnough = await cli(
      ['wait-ready', '--kubeconfig', target, '--nodes', '2', '--timeout', '1s', '--interval', '200ms'],
      run.env,
    );
    expect(notEnough.code).toBe(1);
    expect(notEnough.stderr).toContain('last error: 1/2 nodes Ready (2 registered)');
    run.sandbox.api.setNodes([
      { name: 'cp-0', ready: true },
      { name: 'worker-0', ready: true },
    ]);
    const ready = await cli(['wait-ready', '--kubeconfig', target, '--nodes', '2', '--timeout', '20s'], run.env);
    expect(ready.code).toBe(0);
    expect(ready.stdout).toBe(`ready: ${run.sandbox.api.url} (2/2 nodes Ready)\n`);
  });
});
