import { describe, expect, it } from 'vitest';
import type { DeployResult } from '../../src/core/engine/engine.js';
import { finalStatus } from '../../src/github/reports/deployments.js';
import { shortPaths, type DeployPlan } from '../../src/core/engine/plan.js';
import { deploySummary, planSummary, runnerPathBases } from '../../src/github/reports/summary.js';

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

describe("the dry run's job summary: paths as the repository and the runner name them", () => {
  const env = {
    GITHUB_WORKSPACE: '/home/runner/work/infra/infra',
    RUNNER_TEMP: '/home/runner/work/_temp',
    HOME: '/home/runner',
  };
  const bases = runnerPathBases(env);
  it.each([
    ['a path in the repository', '/home/runner/work/infra/infra/clusters/prod/main.tf', 'clusters/prod/main.tf'],
    ['the repository itself', '/home/runner/work/infra/infra', '.'],
    ['the repository with a slash', 'cd /home/runner/work/infra/infra/', 'cd ./'],
    [
      "the runner's temporary directory",
      '/home/runner/work/_temp/cluster-deploy/venv/bin/pip',
      '$RUNNER_TEMP/cluster-deploy/venv/bin/pip',
    ],
    ['the home directory', '/home/runner/.ssh/id_ed25519', '~/.ssh/id_ed25519'],
    [
      'an option with a path',
      '-out=/home/runner/work/infra/infra/clusters/prod/deploy.tfplan',
      '-out=clusters/prod/deploy.tfplan',
    ],
    ['a path in quoted JSON', `'{"key":"/home/runner/work/_temp/k"}'`, `'{"key":"$RUNNER_TEMP/k"}'`],
    ['a sibling that only starts like the repository', '/home/runner/work/infra/infra2/x', '~/work/infra/infra2/x'],
    ['a path elsewhere', '/usr/bin/tofu plan', '/usr/bin/tofu plan'],
    ['a relative path', 'inventory/inventory.yaml', 'inventory/inventory.yaml'],
    ['a word that is no path', 'home/runner/work/infra/infra', 'home/runner/work/infra/infra'],
  ])('%s', (_name, text, shown) => {
    expect(shortPaths(text, bases)).toBe(shown);
  });

  it.each([
    ['no workspace, no temp, no home', {}],
    ['a workspace of /', { GITHUB_WORKSPACE: '/' }],
    ['a relative workspace', { GITHUB_WORKSPACE: 'infra' }],
  ])('leaves paths whole with %s', (_name, given) => {
    expect(shortPaths('/srv/x /infra/y', runnerPathBases(given))).toBe('/srv/x /infra/y');
  });

  it.each([
    ['regular-expression characters', '/w/a+b.c(1)', '/w/a+b.c(1)/x /w/aab.c(1)/x', 'x /w/aab.c(1)/x'],
    ['a trailing slash', '/w/repo/', '/w/repo/x', 'x'],
    ['a space', '/w/my repo', "'/w/my repo/x'", "'x'"],
  ])('a workspace with %s', (_name, workspace, text, shown) => {
    expect(shortPaths(text, runnerPathBases({ GITHUB_WORKSPACE: workspace }))).toBe(shown);
  });

  it('shows no runner path in the command column, the reasons or the state line', () => {
    const plan: DeployPlan = {
      operation: 'deploy',
      cluster: 'acme/prod',
      clusterDir: `${env.GITHUB_WORKSPACE}/clusters/prod`,
      statePath: `${env.RUNNER_TEMP}/cluster-deploy/acme/prod/state.json`,
      environment: { set: {}, dropped: [], inherited: 0 },
      steps: [
        {
          index: 1,
          id: 'opentofu-apply',
          title: 'Apply',
          kind: 'remote',
          action: 'run',
          reason: 'not run yet',
          workingDir: `${env.GITHUB_WORKSPACE}/clusters/prod`,
          argv: ['/usr/bin/tofu', 'apply', '-input=false', `${env.RUNNER_TEMP}/cluster-deploy/acme/prod/deploy.tfplan`],
          reads: [],
          writes: [],
          actions: [],
          env: {},
          withheld: [],
        },
        {
          index: 2,
          id: 'kubespray-pip-install',
          title: 'Install',
          kind: 'runner-local',
          action: 'skip',
          reason: `requirements unchanged in ${env.RUNNER_TEMP}/venv`,
          workingDir: env.GITHUB_WORKSPACE,
          reads: [],
          writes: [],
          actions: [`read ${env.GITHUB_WORKSPACE}/clusters/prod/inventory/inventory.yaml`],
          env: {},
          withheld: [],
        },
      ],
    };
    const summary = planSummary(plan, bases);
    expect(summary).toContain(
      '| `opentofu-apply` | run | not run yet | `/usr/bin/tofu apply -input=false $RUNNER_TEMP/cluster-deploy/acme/prod/deploy.tfplan` |',
    );
    expect(summary).toContain(
      '| `kubespray-pip-install` | skip | requirements unchanged in $RUNNER_TEMP/venv | read clusters/prod/inventory/inventory.yaml |',
    );
    expect(summary).toContain('Resume state: $RUNNER_TEMP/cluster-deploy/acme/prod/state.json');
    expect(summary).not.toContain('/home/runner');
  });
});
