import { execFile } from 'node:child_process';
import { existsSync, promises as fs, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_SECRET, startSandbox, type SandboxRun } from '../../support/sandbox.js';

/** The whole pipeline with the real tools on the sandbox: terraform, venv, pip, ansible, kubectl. */
describe('deploy engine on the sandbox', () => {
  let run: SandboxRun;
  beforeAll(async () => {
    run = await startSandbox({ readyAfterMs: 1500 });
  });
  afterAll(async () => run?.close());

  const statePath = () => path.join(run.stateDir, 'demo', 'sandbox', 'state.json');
  const readState = async () => JSON.parse(await fs.readFile(statePath(), 'utf8'));

  it('fails at apply, saves state, and a re-run resumes without redoing finished work', async () => {
    const failing = await run.deploy({}, { env: { ...run.env, TF_VAR_fail_apply: 'true' } }, undefined, {
      id: 4242,
      attempt: 1,
    });
    expect(failing.result.ok).toBe(false);
    expect(failing.result.failedStep).toBe('opentofu-apply');
    // The exit code and tofu's own diagnostic, not just a number.
    expect(failing.result.error).toBe(
      'deploying the cluster: step "opentofu-apply" failed: terraform apply exited with 1: local-exec provisioner error',
    );
    // The console says which step failed; the reason is the front end's to print once (result.error).
    expect(failing.console).toMatch(
      /\[10\/13\] ✗ Apply OpenTofu infrastructure \(opentofu-apply\) failed after [\d.]+s\n/,
    );
    expect(failing.console).not.toContain('terraform apply exited with 1'); // our reason; tofu's own output says its error
    // The log file has it all: each command with where it ran, how it ended, when, and the reason.
    const log = await fs.readFile(failing.result.logPath!, 'utf8');
    expect(log).toMatch(/^\S+Z # cluster-deploy: deploy of demo\/sandbox\n/);
    expect(log).toMatch(/^\S+Z \$ \S*(tofu|terraform) apply -no-color -input=false \S+ {2}\(in \S+\)$/m);
    expect(log).toMatch(/^\S+Z (tofu|terraform) apply: exit 1 after [\d.]+m?s$/m);
    expect(log).toMatch(/^\S+Z \[10\/13\] ✗ Apply OpenTofu infrastructure \(opentofu-apply\) failed after/m);
    expect(log).toContain(
      'error: deploying the cluster: step "opentofu-apply" failed: terraform apply exited with 1: local-exec provisioner error',
    );
    expect(log.split('\n').filter((line) => line && !/^\d{4}-\d\d-\d\dT[\d:.]+Z /.test(line))).toEqual([]);
    expect(failing.console).toContain('Resume: run the same deploy again');
    expect(failing.result.reports.find((r) => r.id === 'opentofu-apply')?.outputTail?.join('\n')).toContain(
      'simulated cloud error',
    );
    const saved = await readState();
    expect(saved.steps['opentofu-init'].status).toBe('success');
    expect(saved.steps['opentofu-apply']).toMatchObject({
      status: 'failed',
      error: 'terraform apply exited with 1: local-exec provisioner error',
    });
    expect(saved.steps['opentofu-plan'].status).toBe('success');
    expect(saved.steps['kubespray-remove-nodes'].status).toBe('success');
    expect(saved.steps['kubespray-ansible-playbook']).toBeUndefined(); // nothing after the failed step ran
    expect(statSync(statePath()).mode & 0o777).toBe(0o600);
    // The timeline: one attempt, every step that ran with its time, the apply failed.
    const ran = (reports: { id: string; status: string }[]) =>
      reports.filter((r) => r.status !== 'skipped' && r.status !== 'not-run').map((r) => r.id);
    expect(saved.history).toHaveLength(1);
    expect(saved.history[0]).toMatchObject({ number: 1, run: { id: 4242, attempt: 1 } });
    expect(saved.history[0].resumedAt).toBeUndefined();
    expect(saved.history[0].steps.map((s: { id: string }) => s.id)).toEqual([
      'openstack-preflight',
      'opentofu-init',
      'opentofu-plan',
      // openstack-capacity had nothing to do (--skip-auth-check): a skip, not a bar in the timeline
      'kubespray-fetch',
      'kubespray-venv-create',
      'kubespray-pip-install',
      // kubespray-remove-nodes had nothing to do (the plan removes no nodes): a skip too
      'opentofu-apply',
    ]);
    expect(saved.history[0].steps.map((s: { status: string }) => s.status)).toEqual([
      ...Array(6).fill('success'),
      'failed',
    ]);
    expect(saved.history[0].steps.every((s: { durationMs?: number }) => Number.isInteger(s.durationMs))).toBe(true);
    expect(failing.result.history).toEqual(saved.history);

    const resumed = await run.deploy({}, {}, undefined, { id: 4242, attempt: 2 });
    expect(resumed.result.ok).toBe(true);
    expect(resumed.console).toContain('[1/13] → Validate OpenStack credentials'); // checks always run
    expect(resumed.console).toContain('[2/13] ⏭ Initialize OpenTofu (opentofu-init) (already completed)');
    expect(resumed.console).toContain('[3/13] → Plan the OpenTofu changes (opentofu-plan)...'); // plans again until the apply has succeeded
    expect(resumed.console).toContain(
      '[6/13] ⏭ Create the Kubespray Python venv (kubespray-venv-create) (already completed)',
    );
    expect(resumed.console).toContain('[10/13] → Apply OpenTofu infrastructure (opentofu-apply)...');
    expect(resumed.console).toMatch(
      /\[13\/13\] ✓ Wait for the Kubernetes API to be ready \(wait-ready\) .*\/readyz ok at https:\/\/127\.0\.0\.2:\d+/,
    );
    expect(resumed.result.endpoint).toBe(run.sandbox.api.url);

    const kubeconfigPath = resumed.pipeline.settings.kubeconfigPath;
    expect(statSync(kubeconfigPath).mode & 0o777).toBe(0o600);
    expect(await fs.readFile(kubeconfigPath, 'utf8')).toContain(`server: ${run.sandbox.api.url}`);
    const done = await readState();
    expect(done.completedAt).toBeDefined();
    expect(run.sandbox.api.requests).toContain('GET /readyz');
    // Two attempts: the first kept as it was, the second picking up at the failed apply with what it ran.
    expect(done.history).toHaveLength(2);
    expect(done.history[0]).toEqual(saved.history[0]);
    expect(done.history[1]).toMatchObject({ number: 2, run: { id: 4242, attempt: 2 }, resumedAt: 'opentofu-apply' });
    expect(done.history[1].steps.map((s: { id: string }) => s.id)).toEqual(ran(resumed.result.reports));
    expect(done.history[1].steps.map((s: { id: string }) => s.id)).toEqual(
      expect.arrayContaining(['openstack-preflight', 'opentofu-apply', 'kubespray-ansible-playbook', 'wait-ready']),
    );
    expect(done.history[1].steps.map((s: { id: string }) => s.id)).not.toContain('opentofu-init');
    expect(done.history[1].steps.every((s: { status: string }) => s.status === 'success')).toBe(true);
    expect(Date.parse(done.history[1].startedAt)).toBeGreaterThan(Date.parse(saved.history[0].steps[6].startedAt));
  });

  it('on a fresh runner re-creates runner-local outputs but skips remote steps that succeeded', async () => {
    // Let wait-ready fail so the deploy is not complete, then lose everything runner-local.
    run.sandbox.api.setReady(false);
    const notReady = await run.deploy({ fromStep: 'wait-ready' }, { waitReady: { timeoutMs: 800, intervalMs: 200 } });
    expect(notReady.result.failedStep).toBe('wait-ready');
    // After a completed deploy the timeline starts over, even when --from-step keeps the saved state.
    expect((await readState()).history).toEqual([
      {
        number: 1,
        startedAt: expect.any(String),
        steps: [expect.objectContaining({ id: 'wait-ready', status: 'failed' })],
      },
    ]);
    expect(notReady.result.error).toMatch(
      /timeout waiting for the Kubernetes API at https:\/\/127\.0\.0\.2:\d+ to be ready after 0\.8s; last error: .*InternalError|readyz check failed/,
    );
    run.sandbox.api.setReady(true);
    const { clusterDir } = run.sandbox;
    const kubeconfig = notReady.pipeline.settings.kubeconfigPath;
    await Promise.all([
      fs.rm(path.join(clusterDir, '.terraform'), { recursive: true }),
      fs.rm(path.join(clusterDir, 'venv'), { recursive: true }),
      fs.rm(kubeconfig),
    ]);

    const fresh = await run.deploy();
    expect(fresh.result.ok).toBe(true);
    const status = Object.fromEntries(fresh.result.reports.map((r) => [r.id, r.status]));
    expect(status).toEqual({
      'openstack-preflight': 'success',
      'opentofu-init': 'success',
      'opentofu-plan': 'skipped',
      'openstack-capacity': 'skipped', // --skip-auth-check: nothing to do, reported as a skip
      'kubespray-fetch': 'skipped',
      'kubespray-venv-create': 'success',
      'kubespray-pip-install': 'success',
      'etcd-snapshot': 'skipped',
      'kubespray-remove-nodes': 'skipped',
      'opentofu-apply': 'skipped',
      'kubespray-ansible-playbook': 'skipped',
      'openstack-normalize-kubeconfig': 'success',
      'wait-ready': 'success',
    });
    expect(fresh.result.reports.find((r) => r.id === 'opentofu-init')?.reason).toBe(
      'completed before, but its outputs are missing on this machine',
    );
  });

  it('lets OpenTofu write the inventory, but never runs the playbook without one', async () => {
    const inventory = path.join(run.sandbox.clusterDir, 'inventory', 'inventory.yaml');
    await fs.rm(inventory); // the sandbox's apply wrote it
    // The playbook step alone: a deploy from an earlier step would plan and apply, and the apply writes it again.
    const missing = await run.deploy({ fromStep: 'kubespray-ansible-playbook' });
    expect(missing.result.failedStep).toBe('kubespray-ansible-playbook');
    expect(missing.result.error).toContain(
      `Ansible inventory not found: ${inventory}; commit it to the cluster directory or have the OpenTofu code write it`,
    );

    // Preflight does not require it, and apply writes it again (as local_file would).
    const restarted = await run.deploy({ restart: true });
    expect(restarted.result.ok, restarted.console).toBe(true);
    expect(existsSync(inventory)).toBe(true);
  });

  it('reuses a healthy venv with the same requirements instead of reinstalling', async () => {
    // From the plan: the apply that follows the venv steps applies only a plan this run made.
    const again = await run.deploy({ fromStep: 'opentofu-plan' });
    expect(again.result.ok, again.console).toBe(true);
    expect(again.result.reports.find((r) => r.id === 'kubespray-venv-create')?.detail).toMatch(
      /^reused existing venv \(Python 3\.\d+/,
    );
    // The requirements are those installed into this venv: pip is skipped, and says why (as the plan does).
    expect(again.result.reports.find((r) => r.id === 'kubespray-pip-install')).toMatchObject({
      status: 'skipped',
      reason: 'requirements and pip arguments unchanged since they were installed (--converge runs pip)',
    });
  });

  it('rebuilds a half-built venv (interrupted creation: python runs, no pip), and a plain deploy then completes', async () => {
    const venv = path.join(run.sandbox.clusterDir, 'venv');
    await fs.rm(venv, { recursive: true, force: true });
    // What an interrupted `python3 -m venv` leaves: a python that runs, no pip, no marker.
    await new Promise<void>((resolve, reject) =>
      execFile('python3', ['-m', 'venv', '--without-pip', venv], { env: run.env }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    const again = await run.deploy();
    expect(again.result.ok, again.console).toBe(true);
    expect(again.console).toMatch(/the venv at .*venv is incomplete \(it was not finished by kubespray-venv-create/);
    expect(existsSync(path.join(venv, 'bin', 'pip'))).toBe(true);

    // A complete venv whose pip was broken afterwards is rebuilt as well, not reused.
    await fs.rm(path.join(venv, 'bin', 'pip'));
    await fs.writeFile(path.join(venv, 'bin', 'pip'), '#!/bin/sh\nexit 3\n', { mode: 0o755 });
    const broken = await run.deploy({ fromStep: 'opentofu-plan' });
    expect(broken.result.ok, broken.console).toBe(true);
    expect(broken.console).toContain('is incomplete (its pip exited with 3); rebuilding it');
  });

  it('never writes the config secret to the console, the log file or the state', async () => {
    const { console, result } = await run.deploy({ restart: true });
    expect(result.ok).toBe(true);
    expect(console).toContain('restart: saved state ignored');
    const log = await fs.readFile(result.logPath!, 'utf8');
    expect(log).toContain('[13/13] ✓');
    for (const text of [console, log, await fs.readFile(statePath(), 'utf8')])
      expect(text).not.toContain(CONFIG_SECRET);
    const clientKey = (
      await fs.readFile(path.join(run.sandbox.clusterDir, 'inventory', 'artifacts', 'admin.conf'), 'utf8')
    ).match(/client-key-data: (\S+)/)![1]!;
    expect(log).not.toContain(clientKey);
  });

  it('interrupts a long apply with one SIGINT, records it, and leaves no state lock', async () => {
    const controller = new AbortController();
    const env = { ...run.env, TF_VAR_apply_sleep_seconds: '60' };
    // The apply applies the plan opentofu-plan made, so the slow apply is planned first.
    const planned = await run.deploy({ step: 'opentofu-plan' }, { env });
    expect(planned.result.ok, planned.console).toBe(true);
    const running = run.deploy({ step: 'opentofu-apply' }, { env }, controller.signal);
    const lock = path.join(run.sandbox.clusterDir, '.terraform.tfstate.lock.info');
    for (
      let i = 0;
      i < 200 &&
      !(await fs.access(lock).then(
        () => true,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 500));
    controller.abort();
    const { result, console } = await running;
    expect(result.interrupted).toBe(true);
    expect(result.error).toBe('deploying the cluster: step "opentofu-apply" failed: interrupted');
    expect(console).toMatch(/Interrupt received|Stopping operation/);
    expect((await readState()).steps['opentofu-apply']).toMatchObject({ status: 'failed', error: 'interrupted' });
    expect((await readState()).history.at(-1).steps).toEqual([
      expect.objectContaining({ id: 'opentofu-apply', status: 'interrupted', durationMs: expect.any(Number) }),
    ]);
    expect(
      await fs.access(lock).then(
        () => true,
        () => false,
      ),
    ).toBe(false);
  });
});
