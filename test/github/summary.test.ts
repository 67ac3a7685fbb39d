import { describe, expect, it } from 'vitest';
import type { DeployResult } from '../../src/core/engine/engine.js';
import { finalStatus } from '../../src/github/reports/deployments.js';
import { deploySummary } from '../../src/github/reports/summary.js';

const ok: DeployResult = {
  ok: true,
  interrupted: false,
  cluster: 'acme/prod-east',
  reports: [],
  statePath: 'x',
  endpoint: 'https://10.0.0.5:6443',
};
const failed: DeployResult = {
  ...ok,
  ok: false,
  endpoint: undefined,
  failedStep: 'kubespray-upgrade-workers',
  error: 'upgrading the cluster: step "kubespray-upgrade-workers" failed: boom',
};

describe('the job summary by operation', () => {
  it('titles the run by its operation', () => {
    expect(deploySummary(ok, { stateLocation: 's' })).toContain('### ✅ Deployed `acme/prod-east`');
    expect(deploySummary(ok, { stateLocation: 's', operation: 'upgrade', targetVersion: '1.34.2' })).toContain(
      '### ✅ Upgraded `acme/prod-east` to v1.34.2',
    );
    expect(deploySummary(failed, { stateLocation: 's', operation: 'upgrade', targetVersion: '1.34.2' })).toContain(
      '### ❌ Upgrade to v1.34.2 of `acme/prod-east` failed at `kubespray-upgrade-workers`',
    );
    const destroyed = deploySummary({ ...ok, endpoint: undefined }, { stateLocation: 's', operation: 'destroy' });
    expect(destroyed).toContain('### ✅ Destroyed `acme/prod-east`');
    expect(destroyed).toContain('the next deploy starts from nothing');
    expect(
      deploySummary({ ...failed, failedStep: 'opentofu-destroy' }, { stateLocation: 's', operation: 'destroy' }),
    ).toContain('### ❌ Destroy of `acme/prod-east` failed at `opentofu-destroy`');
  });

  it('says loudly when the node removal guard was overridden', () => {
    // Raised by opentofu-plan; this run may have skipped it, its warnings come from its last run.
    const planned = {
      id: 'opentofu-plan',
      title: 'Plan',
      status: 'skipped' as const,
      reason: 'opentofu-apply already completed',
      warnings: ['UNSAFE: removes 2 of 3 etcd members | quorum lost', 'etcd ends with an even count'],
    };
    const summary = deploySummary({ ...ok, reports: [planned] }, { stateLocation: 's' });
    expect(summary).toContain(
      '> **⚠️ UNSAFE node removal: the guard was overridden with allow-unsafe-node-removal.** removes 2 of 3 etcd members \\| quorum lost',
    );
    expect(summary.indexOf('UNSAFE')).toBeLessThan(summary.indexOf('| step |'));
    expect(deploySummary(ok, { stateLocation: 's' })).not.toContain('UNSAFE');
  });
});

describe('the step cells', () => {
  it("separates a skipped step's reason from its saved detail", () => {
    const venv = {
      id: 'kubespray-venv-create',
      title: 'Create venv',
      status: 'skipped' as const,
      reason: 'already completed',
      detail: 'reused existing venv (Python 3.13)',
    };
    const summary = deploySummary({ ...ok, reports: [venv] }, { stateLocation: 's' });
    expect(summary).toContain('| `kubespray-venv-create` | ⏭ already completed — reused existing venv (Python 3.13) |');
    expect(summary).not.toContain('completedreused');
  });
});

describe('the timeline in the job summary', () => {
  const history = [
    {
      number: 1,
      startedAt: '2025-03-01T10:00:00.000Z',
      run: { id: 123, attempt: 1 },
      steps: [
        { id: 'opentofu-apply', startedAt: '2025-03-01T10:00:00.000Z', durationMs: 5_000, status: 'failed' as const },
      ],
    },
    {
      number: 2,
      startedAt: '2025-03-01T11:00:00.000Z',
      resumedAt: 'opentofu-apply',
      steps: [
        { id: 'opentofu-apply', startedAt: '2025-03-01T11:00:00.000Z', durationMs: 7_000, status: 'success' as const },
      ],
    },
  ];
  const reports = [
    { id: 'opentofu-apply', title: 'Apply', status: 'success' as const, reason: 'failed last time', durationMs: 7_000 },
  ];

  it('charts the attempts as a Mermaid gantt after the step table, for every operation', () => {
    for (const operation of ['deploy', 'upgrade', 'destroy'] as const) {
      for (const result of [
        { ...ok, reports, history },
        { ...failed, reports, history },
      ]) {
        const summary = deploySummary(result, { stateLocation: 's', operation });
        const chart = summary.indexOf('```mermaid\ngantt\n');
        expect(chart, `${operation} ${result.ok}`).toBeGreaterThan(summary.indexOf('| `opentofu-apply` |'));
        expect(summary.indexOf('| `opentofu-apply` |')).toBeGreaterThan(0);
        expect(summary).toContain(
          '  section attempt 2 — resumed at opentofu-apply\n  opentofu-apply :done, 1740826800000, 7s\n```\n',
        );
        expect(summary.indexOf('Resume state: s')).toBeGreaterThan(chart);
      }
    }
  });

  it('has no chart when no step ran', () => {
    expect(deploySummary({ ...ok, reports }, { stateLocation: 's' })).not.toContain('```mermaid');
  });
});

describe("the GitHub deployment's final status", () => {
  it('is success with the endpoint for a deploy or an upgrade, inactive without a URL for a completed destroy, failure otherwise', () => {
    expect(finalStatus('deploy', ok)).toEqual({
      state: 'success',
      description: 'deployed',
      environment_url: 'https://10.0.0.5:6443',
    });
    expect(finalStatus('upgrade', ok, '1.34.2')).toEqual({
      state: 'success',
      description: 'upgraded to v1.34.2',
      environment_url: 'https://10.0.0.5:6443',
    });
    expect(finalStatus('destroy', { ...ok, endpoint: undefined })).toEqual({
      state: 'inactive',
      description: 'destroyed',
    });
    expect(finalStatus('destroy', failed)).toMatchObject({ state: 'failure' });
  });
});
