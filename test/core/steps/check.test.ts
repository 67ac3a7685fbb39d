import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckReport } from '../../../src/core/model/check-report.js';
import { acquireDeployLock } from '../../../src/core/lib/lock.js';
import { failedReadyzChecks } from '../../../src/core/steps/cluster-health.js';
import { CONFIG_SECRET, startSandbox, type SandboxRun } from '../../support/sandbox.js';

/**
 * operation check on the sandbox, each a real round trip: terraform plans with -detailed-exitcode
 * against the state the deploy left, kubectl lists the API stand-in's nodes and its /readyz?verbose,
 * and a TLS handshake reads its certificate. The check reports; it never changes anything.
 */
const SANDBOX_NODES = ['sandbox-cp-0', 'sandbox-worker-0'];
const kinds = (report: CheckReport | undefined) => report?.findings.map((f) => `${f.kind} ${f.subject}`) ?? [];

describe('operation check on a deployed sandbox', () => {
  let run: SandboxRun;
  const statePath = () => path.join(run.stateDir, 'demo', 'sandbox', 'state.json');
  const check = async (extra = {}) => {
    const { result, console } = await run.deploy({}, { operation: 'check', ...extra });
    expect(result.error, console).toBeUndefined();
    return { report: result.checkReport!, result, console };
  };
  const nodes = (kubelet = 'v1.33.5') =>
    SANDBOX_NODES.map((name) => ({
      name,
      ready: true,
      kubeletVersion: kubelet,
      roles: name.includes('-cp-') ? ['control-plane'] : [],
    }));

  beforeAll(async () => {
    run = await startSandbox();
    const first = await run.deploy();
    expect(first.result.error, first.console).toBeUndefined();
  }, 120_000);
  afterAll(async () => run?.close());

  it('is clean right after a deploy, and leaves the completed state and the tofu state as they were', async () => {
    const tfstate = path.join(run.sandbox.clusterDir, 'terraform.tfstate');
    const [stateBefore, tfBefore] = await Promise.all([fs.readFile(statePath(), 'utf8'), fs.readFile(tfstate, 'utf8')]);
    const { report, result, console } = await check();
    expect(result.reports.map((r) => r.id)).toEqual([
      'openstack-preflight',
      'opentofu-init',
      'opentofu-drift',
      'cluster-health',
    ]);
    expect(report).toMatchObject({
      cluster: 'demo/sandbox',
      drift: false,
      healthy: true,
      findings: [],
      nodes: { expected: 2, inApi: 2, ready: 2 },
    });
    expect(report.infrastructure).toMatchObject({ add: 0, change: 0, destroy: 0, replace: 0, rows: [] });
    // The stand-in's certificate is valid a year by default.
    expect(report.certificate?.endpoint).toBe(`${run.sandbox.api.host}:${run.sandbox.api.port}`);
    expect(report.certificate?.daysLeft).toBeGreaterThanOrEqual(363);
    expect(console).toMatch(/cluster-health\) .*— healthy/);
    expect(await fs.readFile(statePath(), 'utf8')).toBe(stateBefore);
    expect(await fs.readFile(tfstate, 'utf8')).toBe(tfBefore);
    // Its own plan file is gone; the deploy's plan file and digest were never touched.
    const stateFiles = await fs.readdir(path.dirname(statePath()));
    expect(stateFiles).not.toContain('drift.plan');
  }, 60_000);

  it('reports drift from a changed tofu variable, by address only (no value, not even an unregistered one)', async () => {
    const canary = 'canary-never-in-a-report-4711';
    const { report } = await check({
      env: { ...run.env, TF_VAR_worker_count: '2', TF_VAR_os_application_credential_secret: canary },
    });
    expect(report.drift).toBe(true);
    expect(report.healthy).toBe(true); // drift alone is not a health problem
    const rows = report.infrastructure!.rows.map((r) => `${r.action} ${r.address}`);
    expect(rows).toContain('create module.worker[1].terraform_data.server');
    expect(rows).toContain('update terraform_data.cloud_conf');
    expect(kinds(report)).toContain('drift module.worker[1].terraform_data.server');
    expect(report.findings.find((f) => f.subject === 'terraform_data.cloud_conf')?.message).toBe(
      'tofu would update in place terraform_data.cloud_conf',
    );
    const json = JSON.stringify(report);
    expect(json).not.toContain(canary);
    expect(json).not.toContain(CONFIG_SECRET);
    // Nothing was applied: the next check without the change is clean again.
    expect((await check()).report.drift).toBe(false);
  }, 90_000);

  it('finds a node missing from the API, an unexpected one, a NotReady one and a kubelet on the wrong version', async () => {
    run.sandbox.api.setNodes([
      { name: 'sandbox-cp-0', ready: false, kubeletVersion: 'v1.33.5', roles: ['control-plane'] },
      { name: 'stray-node', ready: true, kubeletVersion: 'v1.32.9' },
    ]);
    try {
      const { report } = await check();
      expect(report.healthy).toBe(false);
      expect(report.nodes).toEqual({ expected: 2, inApi: 2, ready: 1 });
      expect(kinds(report).sort()).toEqual([
        'kubelet-version stray-node',
        'node-missing sandbox-worker-0',
        'node-not-ready sandbox-cp-0',
        'node-unexpected stray-node',
      ]);
      expect(report.findings.find((f) => f.kind === 'kubelet-version')?.message).toMatch(
        /stray-node runs kubelet v1\.32\.9, not v1\.33\.5/,
      );
    } finally {
      run.sandbox.api.setNodes(nodes());
    }
  }, 60_000);

  it('finds every node on the wrong kubelet version against opencenter.cluster.kubernetes.version', async () => {
    run.sandbox.api.setNodes(nodes('v1.33.4'));
    try {
      const { report } = await check();
      expect(kinds(report).sort()).toEqual(['kubelet-version sandbox-cp-0', 'kubelet-version sandbox-worker-0']);
      expect(report.findings[0]!.message).toMatch(/runs kubelet v1\.33\.4, not v1\.33\.5 .*: run the upgrade$/);
    } finally {
      run.sandbox.api.setNodes(nodes());
    }
  }, 60_000);

  it('kubelets ahead of the config (upgraded, the config not): says to update the config, not to upgrade', async () => {
    run.sandbox.api.setNodes(nodes('v1.34.2'));
    try {
      const { report } = await check();
      expect(kinds(report).sort()).toEqual(['kubelet-version sandbox-cp-0', 'kubelet-version sandbox-worker-0']);
      for (const finding of report.findings)
        expect(finding.message).toMatch(
          /runs kubelet v1\.34\.2, not v1\.33\.5 \(opencenter\.cluster\.kubernetes\.version\): set opencenter\.cluster\.kubernetes\.version to 1\.34\.2 in the config \(the cluster is ahead of it\)$/,
        );
    } finally {
      run.sandbox.api.setNodes(nodes());
    }
  }, 60_000);

  // One node's malformed kubelet version is that node's finding; the check still reports on every other node.
  it.each([
    ['words', 'banana', '"banana"'],
    ['a version with trailing junk', 'v1.33.5 (patched)', '"v1.33.5 (patched)"'],
    ['an escape sequence', 'v1.33.\u001b[31m5', '"v1.33.\\u001b[31m5"'],
    ['a huge value', `v${'9'.repeat(5000)}`, `"v${'9'.repeat(36)}..."`],
  ])(
    'a node reporting a kubelet version that is not one (%s) is a finding, not a failed check',
    async (_, kubelet, shown) => {
      run.sandbox.api.setNodes([
        { name: 'sandbox-cp-0', ready: true, kubeletVersion: 'v1.33.4', roles: ['control-plane'] },
        { name: 'sandbox-worker-0', ready: true, kubeletVersion: kubelet },
      ]);
      try {
        const { report } = await check();
        expect(kinds(report).sort()).toEqual(['kubelet-version sandbox-cp-0', 'kubelet-version sandbox-worker-0']);
        const finding = report.findings.find((f) => f.subject === 'sandbox-worker-0')!;
        expect(finding.message).toBe(
          `sandbox-worker-0 reports kubelet version ${shown}, which is not a Kubernetes version (X.Y.Z): check its kubelet (kubectl get node sandbox-worker-0 -o jsonpath='{.status.nodeInfo.kubeletVersion}', systemctl status kubelet)`,
        );
        expect(report.findings.find((f) => f.subject === 'sandbox-cp-0')?.message).toMatch(/: run the upgrade$/);
      } finally {
        run.sandbox.api.setNodes(nodes());
      }
    },
    60_000,
  );

  it('names each failing /readyz check', async () => {
    run.sandbox.api.setFailingChecks(['etcd', 'poststarthook/rbac/bootstrap-roles']);
    try {
      const { report } = await check();
      expect(kinds(report).sort()).toEqual(['readyz etcd', 'readyz poststarthook/rbac/bootstrap-roles']);
    } finally {
      run.sandbox.api.setFailingChecks([]);
    }
  }, 60_000);

  it('says what was not checked when the kubeconfig is missing or the API does not answer, and still succeeds', async () => {
    const missing = await check({ kubeconfigPath: path.join(run.workDir, 'nowhere', 'kubeconfig') });
    expect(kinds(missing.report)).toEqual(['unchecked kubeconfig']);
    expect(missing.report.findings[0]!.message).toMatch(/no kubeconfig at .*deploy first/);
    expect(missing.report.drift).toBe(false);

    const kubeconfig = await fs.readFile(path.join(run.stateDir, 'demo', 'sandbox', 'kubeconfig'), 'utf8');
    const elsewhere = path.join(run.workDir, 'unreachable.kubeconfig');
    // A port nothing listens on: connection refused.
    await fs.writeFile(elsewhere, kubeconfig.replace(run.sandbox.api.url, 'https://127.0.0.2:1'), { mode: 0o600 });
    const unreachable = await check({ kubeconfigPath: elsewhere });
    expect(kinds(unreachable.report)).toEqual(['unchecked api']);
    expect(unreachable.report.findings[0]!.message).toMatch(
      /the Kubernetes API at https:\/\/127\.0\.0\.2:1 did not answer .*check that the cluster is up/,
    );
  }, 90_000);

  /** Kubeconfigs a careless hand or a broken restore leaves: each is a finding saying what was not checked, never a failed check. */
  const kubeconfigRows: [
    name: string,
    make: (kubeconfig: string, file: string) => Promise<void>,
    findings: string[],
    message: RegExp | null,
  ][] = [
    [
      'not YAML',
      (_k, file) => fs.writeFile(file, 'clusters: [\n'),
      ['unchecked kubeconfig'],
      /kubeconfig .*unchecked\.kubeconfig.*(YAML|line).*run the deploy's openstack-normalize-kubeconfig step again/,
    ],
    [
      'no clusters',
      (_k, file) => fs.writeFile(file, 'apiVersion: v1\nkind: Config\nclusters: []\n'),
      ['unchecked kubeconfig'],
      /names no API server/,
    ],
    [
      'a wrong field type',
      (_k, file) =>
        fs.writeFile(
          file,
          'clusters:\n- name: c\n  cluster:\n    server: https://127.0.0.2:1\n    insecure-skip-tls-verify: "yes"\n',
        ),
      ['unchecked kubeconfig'],
      /clusters\.0\.cluster\.insecure-skip-tls-verify/,
    ],
    [
      'over 16 MiB',
      (_k, file) => fs.writeFile(file, `# ${'x'.repeat(16 * 1024 * 1024)}\n`),
      ['unchecked kubeconfig'],
      /over 16 MiB are refused/,
    ],
    [
      'a symlink to nothing',
      (_k, file) => fs.symlink(path.join(run.workDir, 'gone'), file),
      ['unchecked kubeconfig'],
      /no kubeconfig at/,
    ],
    [
      'a symlink to the real one',
      (_k, file) => fs.symlink(path.join(run.stateDir, 'demo', 'sandbox', 'kubeconfig'), file),
      [],
      null,
    ],
    [
      'another CA',
      (k, file) =>
        fs.writeFile(
          file,
          k.replace(
            /certificate-authority-data: \S+/,
            `certificate-authority-data: ${Buffer.from(run.sandbox.api.clientCertPem).toString('base64')}`,
          ),
        ),
      ['unchecked api', 'unchecked certificate'],
      /the Kubernetes API at .* did not answer \(.*(x509|certificate).*\)/,
    ],
    [
      'TLS verification off and no CA',
      (k, file) => fs.writeFile(file, k.replace(/certificate-authority-data: \S+/, 'insecure-skip-tls-verify: true')),
      [],
      null,
    ],
  ];
  it.each(kubeconfigRows)(
    'a kubeconfig with %s',
    async (_name, make, findings, message) => {
      const kubeconfig = await fs.readFile(path.join(run.stateDir, 'demo', 'sandbox', 'kubeconfig'), 'utf8');
      const dir = await fs.mkdtemp(path.join(run.workDir, 'kubeconfig-'));
      const file = path.join(dir, 'unchecked.kubeconfig');
      await make(kubeconfig, file);
      const { report } = await check({ kubeconfigPath: file });
      expect(kinds(report)).toEqual(findings);
      if (message) expect(report.findings[0]!.message).toMatch(message);
      if (findings.includes('unchecked certificate')) {
        expect(report.findings[1]!.message).toMatch(
          /does not verify against the kubeconfig's certificate authority \(.+\), so its expiry was not checked/,
        );
        expect(report.certificate).toBeUndefined();
      }
      expect(report.drift).toBe(false); // the rest of the check ran
    },
    60_000,
  );

  it('says so when the API answers with something that is not a node list', async () => {
    // A kubectl that answers 0 with garbage, as a proxy in the way might.
    const kubectl = path.join(await fs.mkdtemp(path.join(run.workDir, 'kubectl-')), 'kubectl');
    await fs.writeFile(kubectl, '#!/bin/sh\necho "<html>proxy login</html>"\n', { mode: 0o755 });
    const { report } = await check({ kubectl });
    expect(kinds(report)).toEqual(['unchecked nodes']);
    expect(report.findings[0]!.message).toMatch(
      /^kubectl get nodes -o json did not print JSON .*; the nodes were not checked$/,
    );
    expect(report.nodes).toBeUndefined();
  }, 60_000);

  it('compares with the inventory as the apply wrote it, and says so when it is missing or broken', async () => {
    const inventory = path.join(run.sandbox.clusterDir, 'inventory', 'inventory.yaml');
    const text = await fs.readFile(inventory, 'utf8');
    try {
      await fs.writeFile(inventory, 'all: [\n');
      const broken = await check();
      expect(kinds(broken.report)).toEqual(['unchecked inventory']);
      expect(broken.report.findings[0]!.message).toMatch(
        /inventory\.yaml.*; the nodes in the API were not compared with it$/,
      );
      // (No drift: the sandbox's inventory resource re-writes the file only when it is missing.)
      await fs.rm(inventory);
      const missing = await check();
      expect(kinds(missing.report)).toContain('unchecked inventory');
      expect(missing.report.findings.find((f) => f.kind === 'unchecked')!.message).toMatch(
        /^no inventory at .*inventory\.yaml \(the OpenTofu apply writes it\)/,
      );
    } finally {
      await fs.writeFile(inventory, text);
    }
  }, 60_000);

  it('takes the cluster lock: never beside a deploy of the same state directory', async () => {
    const lock = await acquireDeployLock(path.join(run.stateDir, 'demo', 'sandbox', 'deploy.lock'), 'demo/sandbox');
    try {
      await expect(run.deploy({}, { operation: 'check' })).rejects.toThrow(
        /^another deploy of demo\/sandbox is running \(process \d+ on /,
      );
    } finally {
      await lock.release();
    }
  }, 60_000);

  it('leaves an unfinished deploy resumable', async () => {
    run.sandbox.api.setReady(false);
    const failed = await run.deploy({}, { waitReady: { intervalMs: 100, timeoutMs: 1_000 } });
    expect(failed.result.failedStep).toBe('wait-ready');
    const saved = await fs.readFile(statePath(), 'utf8');

    const { report } = await check();
    expect(kinds(report)).toEqual(['readyz etcd']);
    expect(await fs.readFile(statePath(), 'utf8')).toBe(saved);

    run.sandbox.api.setReady(true);
    const resumed = await run.deploy();
    expect(resumed.result.error, resumed.console).toBeUndefined();
    const skipped = resumed.result.reports.filter((r) => r.status === 'skipped').map((r) => r.id);
    expect(skipped).toContain('opentofu-apply');
    expect(skipped).toContain('kubespray-ansible-playbook');
    expect(resumed.result.reports.find((r) => r.id === 'wait-ready')?.status).toBe('success');
  }, 120_000);
});

describe('operation check: the API server certificate', () => {
  let run: SandboxRun;
  beforeAll(async () => {
    run = await startSandbox({ certificateDays: 5 });
    const first = await run.deploy();
    expect(first.result.error, first.console).toBeUndefined();
  }, 120_000);
  afterAll(async () => run?.close());

  it('is a finding within the warning window', async () => {
    const { result } = await run.deploy({}, { operation: 'check' });
    const report = result.checkReport!;
    expect(report.certificate?.daysLeft).toBe(4);
    expect(report.healthy).toBe(false);
    expect(kinds(report)).toEqual([`certificate-expiry ${run.sandbox.api.host}:${run.sandbox.api.port}`]);
    expect(report.findings[0]!.message).toMatch(/expires in 4 days .*renew/);
  }, 60_000);
});

describe('failedReadyzChecks', () => {
  it.each([
    [
      'the verbose body',
      '[+]ping ok\n[-]etcd failed: reason withheld\n[-]informer-sync failed: reason withheld\nreadyz check failed',
      ['etcd', 'informer-sync'],
    ],
    [
      "kubectl's error line, newlines escaped",
      'Error from server (InternalServerError): an error on the server ("[+]ping ok\\n[-]etcd failed: reason withheld\\nreadyz check failed") has prevented the request from succeeding',
      ['etcd'],
    ],
    ['a passing body', '[+]ping ok\n[+]etcd ok\nreadyz check passed', []],
    ['a check listed twice', '[-]etcd failed: x\n[-]etcd failed: x', ['etcd']],
  ])('%s', (_name, text, expected) => {
    expect(failedReadyzChecks(text)).toEqual(expected);
  });
});
