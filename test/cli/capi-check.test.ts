import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckReportSchema } from '../../src/core/model/check-report.js';
import { renderCheckReport } from '../../src/github/reports/check-summary.js';
import { EXIT } from '../../src/core/lib/errors.js';
import { runtimePaths } from '../../src/core/model/settings.js';
import { capiCli, runCli } from '../support/cli.js';
import { CAPI_SECRET, startCapiRun, type CapiRun } from '../support/capi-sandbox.js';

/**
 * `cluster-deploy check` and the forbidden-change refusal with deployment.method cluster-api, as a real process on
 * one cluster deployed once to the sandbox (an existing management cluster, the real kubectl against the API server
 * stand-ins with CAPO's webhooks, the simulated CAPI/CAPO controllers).
 */

const GITOPS = path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'examples', 'sandbox', 'gitops');
const CNI = path.join(GITOPS, 'infrastructure', 'clusters', 'capi-sandbox', 'addons', 'cni.yaml');

describe('cluster-deploy check and plan with deployment.method cluster-api', () => {
  let run: CapiRun;
  let management: string;
  let workload: string;
  const { cli, printed } = capiCli(
    () => run,
    () => management,
  );
  const kubectl = (kubeconfig: string, ...args: string[]) =>
    new Promise<string>((resolve, reject) =>
      execFile('kubectl', ['--kubeconfig', kubeconfig, ...args], { env: run.env }, (error, stdout, stderr) =>
        error ? reject(new Error(`kubectl ${args.join(' ')}: ${stderr}`)) : resolve(stdout),
      ),
    );
  const until = async (what: string, done: () => Promise<boolean>) => {
    for (let i = 0; i < 200; i++) {
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`never: ${what}`);
  };
  const clusterCondition = async (type: string) => {
    const cluster = JSON.parse(
      await kubectl(management, 'get', 'clusters.cluster.x-k8s.io', 'capi-sandbox', '-n', 'default', '-o', 'json'),
    );
    return (cluster.status?.conditions ?? []).find((c: { type: string }) => c.type === type)?.status;
  };

  beforeAll(async () => {
    run = await startCapiRun();
    management = (await run.cloud.createManagementCluster('mgmt')).kubeconfigPath;
    const deploy = await cli('deploy');
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);
    workload = (await run.open({ clusterApi: { managementKubeconfig: management } })).settings.kubeconfigPath;
  }, 180_000);
  afterAll(async () => run?.close());

  it(`a clean check exits ${EXIT.ok}: no drift, the Cluster's conditions and the nodes healthy`, async () => {
    const statePath = runtimePaths(
      (await run.open({ clusterApi: { managementKubeconfig: management } })).settings,
    ).statePath;
    const before = await fs.readFile(statePath, 'utf8');
    const { code, stdout, stderr } = await cli('check', '--json');
    expect(code, stderr).toBe(EXIT.ok);
    // The deploy's state stays as it was: a check neither saves nor marks it.
    expect(await fs.readFile(statePath, 'utf8')).toBe(before);
    expect(JSON.parse(before)).toMatchObject({ operation: 'deploy' });
    const report = CheckReportSchema.parse(JSON.parse(stdout));
    expect(report).toMatchObject({ cluster: 'demo/capi-sandbox', drift: false, healthy: true, findings: [] });
    expect(report.infrastructure).toMatchObject({ add: 0, change: 0, destroy: 0 });
    // Cluster API has no inventory: the expected count is the machines the rendered manifests ask for.
    expect(report.nodes).toEqual({ expected: 3, inApi: 3, ready: 3, expectedFrom: 'manifests' });
    expect(renderCheckReport(report)).toContain(
      '**Nodes:** 3 machines in the rendered manifests (replicas), 3 in the API, 3 Ready',
    );
    expect(stderr).toMatch(
      /a check creates none\) \(capi-management-cluster\) \([^)]+\) — existing management cluster ready/,
    );
    expect(stderr).toMatch(/\(capi-conditions\) \([^)]+\) — control plane 1\/1 running, workers 2\/2/);
    expect(stderr).toContain('Check of demo/capi-sandbox: no drift, healthy');
  }, 60_000);

  it(`an object changed by hand on the management cluster is drift naming it: exit ${EXIT.findings}, nothing applied`, async () => {
    // Another field manager (a kubectl edit) changes a field our apply set: the check's diff is forced, so this is drift, not a conflict.
    await kubectl(
      management,
      'patch',
      'clusters.cluster.x-k8s.io',
      'capi-sandbox',
      '-n',
      'default',
      '--type',
      'merge',
      '-p',
      '{"spec":{"clusterNetwork":{"serviceDomain":"drifted.local"}}}',
    );
    try {
      const { code, stdout, stderr } = await cli('check');
      expect(code, stderr).toBe(EXIT.findings);
      expect(stdout).toContain('Check of demo/capi-sandbox: drift (1 resource), healthy');
      expect(stdout).toContain(
        '  drift: a deploy would change Cluster default/capi-sandbox (kubectl diff --server-side of the rendered manifests)',
      );
      // A check writes nothing: the hand-made change is still there.
      const cluster = JSON.parse(
        await kubectl(management, 'get', 'clusters.cluster.x-k8s.io', 'capi-sandbox', '-n', 'default', '-o', 'json'),
      );
      expect(cluster.spec.clusterNetwork.serviceDomain).toBe('drifted.local');
    } finally {
      await kubectl(
        management,
        'patch',
        'clusters.cluster.x-k8s.io',
        'capi-sandbox',
        '-n',
        'default',
        '--type',
        'merge',
        '-p',
        '{"spec":{"clusterNetwork":{"serviceDomain":"cluster.local"}}}',
      );
    }
  }, 60_000);

  it(`a Cluster condition that is False is a finding quoting it: exit ${EXIT.findings}`, async () => {
    // Without the CNI the kubelets turn NotReady, so the machines, then the Cluster's WorkersAvailable, go False.
    await kubectl(workload, 'delete', 'daemonset', '-n', 'kube-system', '--all', '--wait=true');
    try {
      await until('WorkersAvailable False', async () => (await clusterCondition('WorkersAvailable')) === 'False');
      const { code, stdout, stderr } = await cli('check', '--json');
      expect(code, stderr).toBe(EXIT.findings);
      const report = CheckReportSchema.parse(JSON.parse(stdout));
      expect(report).toMatchObject({ drift: false, healthy: false });
      const conditions = report.findings.filter((f) => f.kind === 'capi-condition');
      expect(conditions.map((f) => f.subject)).toContain('Cluster default/capi-sandbox: WorkersAvailable');
      expect(conditions.find((f) => f.subject.endsWith('WorkersAvailable'))!.message).toMatch(
        /^Cluster default\/capi-sandbox is not WorkersAvailable \(NotAvailable: \* MachineDeployment capi-sandbox-md-0: \d available replicas, at least 2 required\)$/,
      );
      // The shared health check sees the same from the workload cluster's side.
      expect(report.findings.filter((f) => f.kind === 'node-not-ready').length).toBeGreaterThan(0);
    } finally {
      await kubectl(workload, 'apply', '--server-side', '--field-manager=cluster-deploy', '-f', CNI);
      await until('WorkersAvailable True', async () => (await clusterCondition('WorkersAvailable')) === 'True');
    }
  }, 90_000);

  it('a change CAPO forbids in place (the external network) is refused by plan and deploy, naming the field; nothing applied', async () => {
    const original = '0f4b3a52-1c1e-4d8e-9b55-3f2d8c1e7a10';
    // With a worker count change beside it: the deploy must not apply that either (kubectl apply would have).
    await run.editConfig((text) =>
      text
        .replace(`external_network_id: ${original}`, 'external_network_id: 7d0c2a1e-5b7f-4b55-8f0e-2a9e6c1d3b44')
        .replace('worker_machine_count: 2', 'worker_machine_count: 3'),
    );
    try {
      const field =
        'OpenStackCluster default/capi-sandbox: spec.externalNetwork (set by deployment.cluster_api.openstack.external_network_id)';
      const plan = await cli('plan', '--tofu-plan');
      expect(plan.code, plan.stdout).toBe(EXIT.failed);
      expect(plan.stderr).toContain(`error: CAPO forbids changing these in place`);
      expect(plan.stderr).toContain(field);
      expect(plan.stderr).not.toContain('internal error');

      const deploy = await cli('deploy');
      expect(deploy.code).toBe(EXIT.failed);
      // The step line says which step; the reason is printed once, on stderr.
      expect(deploy.stdout).toMatch(/capi-apply\) failed after \S+\n/);
      expect(deploy.stderr).toMatch(
        /^error: deploying the cluster: step "capi-apply" failed: CAPO forbids changing these in place/,
      );
      expect(deploy.stdout + deploy.stderr).toContain(field);
      const md = JSON.parse(
        await kubectl(
          management,
          'get',
          'machinedeployments.cluster.x-k8s.io',
          'capi-sandbox-md-0',
          '-n',
          'default',
          '-o',
          'json',
        ),
      );
      expect(md.spec.replicas).toBe(2);
      const osc = JSON.parse(
        await kubectl(management, 'get', 'openstackclusters', 'capi-sandbox', '-n', 'default', '-o', 'json'),
      );
      expect(osc.spec.externalNetwork.id).toBe(original);

      // The check reports it as drift naming the field (and the rest of the diff beside it), exit 3.
      const check = await cli('check', '--json');
      expect(check.code, check.stderr).toBe(EXIT.findings);
      const report = CheckReportSchema.parse(JSON.parse(check.stdout));
      expect(report.findings.filter((f) => f.kind === 'drift').map((f) => f.subject)).toEqual([
        'OpenStackCluster default/capi-sandbox spec.externalNetwork',
        'MachineDeployment default/capi-sandbox-md-0',
      ]);
    } finally {
      await run.editConfig((text) =>
        text
          .replace('external_network_id: 7d0c2a1e-5b7f-4b55-8f0e-2a9e6c1d3b44', `external_network_id: ${original}`)
          .replace('worker_machine_count: 3', 'worker_machine_count: 2'),
      );
    }
    const again = await cli('plan', '--tofu-plan');
    expect(again.code, again.stderr).toBe(EXIT.ok);
    expect(again.stdout).toContain('Cluster API plan for demo/capi-sandbox: no changes');
  }, 120_000);

  it('never prints the credentials', () => {
    expect(printed.join('\n')).not.toContain(CAPI_SECRET);
  });
});

describe('cluster-deploy check with deployment.method cluster-api and no management cluster', () => {
  let run: CapiRun;
  let bare: string;
  beforeAll(async () => {
    run = await startCapiRun(); // bootstrap: kind, never deployed
    bare = (await run.cloud.createManagementCluster('bare')).kubeconfigPath; // no Cluster API installed
    await fs.mkdir(path.join(run.workDir, 'a-directory'));
    await fs.writeFile(
      path.join(run.workDir, 'dead.kubeconfig'),
      (await fs.readFile(bare, 'utf8')).replace(/server: \S+/, 'server: https://127.0.0.1:1'),
    );
  });
  afterAll(async () => run?.close());

  it.each([
    [
      'an empty --management-kubeconfig',
      (): string => '',
      EXIT.usage,
      /^error: check: --management-kubeconfig needs a value$/m,
    ],
    [
      'a --management-kubeconfig that does not exist',
      (): string => path.join(run.workDir, 'nope.kubeconfig'),
      EXIT.failed,
      /the management cluster's kubeconfig \S+nope\.kubeconfig \(--management-kubeconfig \(input management-kubeconfig\)\) does not exist/,
    ],
    [
      'a --management-kubeconfig that is a directory',
      (): string => path.join(run.workDir, 'a-directory'),
      EXIT.failed,
      /the management cluster's kubeconfig \S+a-directory .* is not a file/,
    ],
    [
      'a management cluster that does not answer',
      (): string => path.join(run.workDir, 'dead.kubeconfig'),
      EXIT.failed,
      /the management cluster \(kubeconfig \S+dead\.kubeconfig, --management-kubeconfig .*\) is not reachable or not ready/,
    ],
    [
      'a management cluster without Cluster API',
      (): string => bare,
      EXIT.failed,
      /step "capi-drift" failed: \S+bare\.kubeconfig has no Cluster API installed, so it holds no capi-sandbox: check against the management cluster it was deployed with/,
    ],
  ])(
    '%s: refused, naming it; nothing created',
    async (_what, kubeconfig, code, message) => {
      const result = await runCli(
        [
          'check',
          '--config',
          run.configPath,
          '--state-dir',
          run.stateDir,
          '--skip-auth-check',
          '--management-kubeconfig',
          kubeconfig(),
        ],
        run.env,
      );
      expect(result.code, result.stdout + result.stderr).toBe(code);
      expect(result.stdout + result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
      expect(run.cloud.clusters().map((c) => c.role)).toEqual(['management']);
    },
    60_000,
  );

  it('is refused naming the missing kind cluster, and creates nothing', async () => {
    const { code, stdout, stderr } = await runCli(
      ['check', '--config', run.configPath, '--state-dir', run.stateDir, '--skip-auth-check'],
      run.env,
    );
    expect(code, stderr).toBe(EXIT.failed);
    expect(stdout).toMatch(/✗ .*\(capi-management-cluster\) failed after/);
    expect(stderr).toContain(
      'no management cluster to check capi-sandbox against: the kind cluster capi-capi-sandbox (deployment.cluster_api.management.bootstrap: kind) does not exist on this machine (no deploy of this cluster is recorded in the resume state). A check creates nothing',
    );
    expect(run.cloud.clusters().map((c) => c.role)).toEqual(['management']); // only the bare one above: no kind
  }, 60_000);
});
