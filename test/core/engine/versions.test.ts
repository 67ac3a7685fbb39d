import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.js';
import { CONFIG_SECRET, startSandbox, type SandboxRun } from '../../support/sandbox.js';

/**
 * Versions and etcd membership on a live sandbox cluster, each a real round trip: terraform, the real
 * ansible-playbook running the Kubespray stand-in (which records its runs, fails "Stop if even number
 * of etcd hosts" as validate_inventory does, and keeps each control plane's --etcd-servers in
 * .sandbox-etcd.json: cluster.yml leaves a set-up control plane's manifest alone, upgrade-cluster.yml
 * rewrites it, as kubeadm-upgrade.yml does), and kubectl against the API stand-in.
 */
interface PlaybookRun {
  playbook: string;
  hosts: string[];
  vars: Record<string, unknown>;
}

describe('versions and etcd membership on a live sandbox cluster', () => {
  let run: SandboxRun;
  const runsFile = () => path.join(run.sandbox.clusterDir, '.sandbox-runs.jsonl');
  const playbookRuns = async (): Promise<PlaybookRun[]> =>
    existsSync(runsFile())
      ? (await fs.readFile(runsFile(), 'utf8'))
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as PlaybookRun)
      : [];
  const deploy = (vars: Record<string, string> = {}, extra = {}, filter = {}) =>
    run.deploy(filter, { env: { ...run.env, TF_VAR_worker_count: '2', ...vars }, ...extra });
  /** Deploys and returns the playbook runs it made. */
  const deployRuns = async (vars: Record<string, string> = {}, extra = {}, filter = {}) => {
    const before = (await playbookRuns()).length;
    const deployed = await deploy(vars, extra, filter);
    return { ...deployed, runs: (await playbookRuns()).slice(before) };
  };
  const kubelets = async () =>
    Object.fromEntries(
      (
        JSON.parse(await fs.readFile(run.sandbox.registryFile, 'utf8')) as {
          nodes: { name: string; kubeletVersion: string }[];
        }
      ).nodes.map((n) => [n.name, n.kubeletVersion]),
    );
  const etcd = async () =>
    JSON.parse(await fs.readFile(path.join(run.sandbox.clusterDir, '.sandbox-etcd.json'), 'utf8')) as {
      members: string[];
      apiservers: Record<string, string[]>;
    };
  const editConfig = async (edit: (text: string) => string) =>
    fs.writeFile(run.sandbox.configPath, edit(await fs.readFile(run.sandbox.configPath, 'utf8')));
  const setKubespray = async (version: string) => {
    await editConfig((t) => t.replace(/^ {4}version: \d+\.\d+\.\d+$/m, `    version: ${version}`));
    const galaxy = path.join(run.sandbox.clusterDir, 'kubespray', 'galaxy.yml');
    await fs.writeFile(galaxy, (await fs.readFile(galaxy, 'utf8')).replace(/^version: .*$/m, `version: ${version}`));
  };

  const setKubernetes = (from: string, to: string) =>
    editConfig((t) => t.replace(`      version: ${from}\n`, `      version: ${to}\n`));
  /** `cluster-deploy plan --tofu-plan --json`, as a user runs it before the deploy. */
  const plan = async () => {
    const planned = await runCli(
      [
        'plan',
        '--config',
        run.sandbox.configPath,
        '--state-dir',
        run.stateDir,
        '--skip-auth-check',
        '--tofu-plan',
        '--json',
      ],
      { ...run.env, TF_VAR_worker_count: '2' },
    );
    expect(planned.code, planned.stderr).toBe(0);
    return JSON.parse(planned.stdout) as { nodes: { refused?: string; summary: string; runs?: string[] } };
  };

  beforeAll(async () => {
    run = await startSandbox();
    const first = await deploy();
    expect(first.result.error, first.console).toBeUndefined();
  }, 180_000);
  afterAll(async () => run?.close());

  it('a newer kube_version is refused before anything changes, naming operation upgrade; with the record gone, the API says the same', async () => {
    // The plan says so first, from the state the deploy will read.
    await setKubernetes('1.33.5', '1.34.2');
    const planned = await plan();
    expect(planned.nodes.refused).toMatch(/is 1\.34\.2, but the cluster runs 1\.33\.5 .*operation: upgrade/);
    await setKubernetes('1.34.2', '1.33.5');
    const refused = await deployRuns({}, { kubernetesVersion: '1.34.2' });
    expect(refused.result.failedStep).toBe('kubespray-fetch');
    expect(refused.result.error).toMatch(
      /opencenter\.cluster\.kubernetes\.version is 1\.34\.2, but the cluster runs 1\.33\.5 \(from the last completed run\): a deploy never changes .*operation: upgrade \(CLI: cluster-deploy upgrade --kubernetes-version 1\.34\.2\), or set deployment\.kubespray\.upgrade_on_deploy: true/,
    );
    expect(refused.runs).toEqual([]);

    // --restart forgets what the last run recorded: the playbook step asks the API, and never runs cluster.yml with it.
    const fromApi = await deployRuns({}, { kubernetesVersion: '1.34.2' }, { restart: true });
    expect(fromApi.result.failedStep).toBe('kubespray-ansible-playbook');
    expect(fromApi.result.error).toMatch(/but the cluster runs 1\.33\.5 \(from the API\)/);
    expect(fromApi.runs.map((r) => r.playbook)).toEqual([]);
    expect(new Set(Object.values(await kubelets()))).toEqual(new Set(['v1.33.5']));
    // The next deploy at the cluster's version completes and records it again.
    const same = await deploy();
    expect(same.result.error, same.console).toBeUndefined();
  }, 240_000);

  // The state expired (or --restart, or state-store none) and the runner has no kubeconfig: the deploy asks the
  // kubelets on the nodes (the stand-in's kubelet answers "Kubernetes v1.33.5", as kubelet --version does).
  it('a kept cluster with no kubeconfig and no recorded version: the version is read from the nodes, a newer config is refused, and an unrecorded Kubespray tag is named in the plan (nodes that cannot tell: version-path.test.ts)', async () => {
    const noKubeconfig = { kubeconfigPath: path.join(run.workDir, 'no-kubeconfig-here', 'kubeconfig') };
    await fs.rm(path.join(run.stateDir, 'demo', 'sandbox', 'state.json'));
    await setKubernetes('1.33.5', '1.34.2');
    const planned = await plan();
    expect(planned.nodes.refused).toBeUndefined();
    expect(planned.nodes.summary).toMatch(
      /the Kubernetes version is not in the state: read from the API, else from the kubelets \(kubelet --version over Ansible\).*; the Kubespray tag the nodes went through is not recorded/,
    );

    const newer = await deployRuns({}, noKubeconfig);
    expect(newer.result.failedStep).toBe('kubespray-ansible-playbook');
    expect(newer.result.error).toMatch(
      /is 1\.34\.2, but the cluster runs 1\.33\.5 \(from the kubelets on 3 nodes, kubelet --version over Ansible\): a deploy never changes .*operation: upgrade/,
    );
    expect(newer.console).toContain('no kubeconfig at');
    // Neither cluster.yml with the new kube_version nor any other Kubespray playbook ran.
    expect(newer.runs).toEqual([]);
    expect(new Set(Object.values(await kubelets()))).toEqual(new Set(['v1.33.5']));

    // The config at the version the nodes run: cluster.yml at that version, and the plan says the tag is unrecorded.
    await setKubernetes('1.34.2', '1.33.5');
    const same = await deployRuns({}, noKubeconfig);
    expect(same.result.error, same.console).toBeUndefined();
    expect(same.console).toContain('the cluster runs Kubernetes 1.33.5 (from the kubelets on 3 nodes');
    expect(same.console).toContain('the Kubespray tag the nodes went through is not recorded');
    expect(same.runs.map((r) => [r.playbook, [...r.hosts].sort(), r.vars.kube_version])).toEqual([
      ['cluster.yml', ['sandbox-cp-0', 'sandbox-worker-0', 'sandbox-worker-1'], '1.33.5'],
    ]);
    expect(new Set(Object.values(await kubelets()))).toEqual(new Set(['v1.33.5']));
    // Recorded: the next deploy has nothing to do.
    expect((await deployRuns()).runs).toEqual([]);
  }, 400_000);

  it('with upgrade_on_deploy: upgrade-cluster.yml, control plane then workers in real batches (serial), never cluster.yml; then a config behind is a downgrade', async () => {
    await editConfig((t) =>
      t.replace('    version: 2.31.0', '    version: 2.31.0\n    upgrade_on_deploy: true\n    upgrade_batch_size: 2'),
    );
    await setKubernetes('1.33.5', '1.34.2');
    const planned = await plan();
    expect(planned.nodes.refused).toBeUndefined();
    expect(planned.nodes.summary).toMatch(
      /^upgrade-cluster\.yml first \(Kubernetes 1\.33\.5 → 1\.34\.2: upgrade-cluster\.yml/,
    );
    const upgraded = await deployRuns();
    expect(upgraded.result.error, upgraded.console).toBeUndefined();
    expect(upgraded.runs.map((r) => [r.playbook, r.hosts.sort(), r.vars])).toEqual([
      ['playbooks/facts.yml', ['sandbox-cp-0', 'sandbox-worker-0', 'sandbox-worker-1'], {}],
      ['upgrade-cluster.yml', ['sandbox-cp-0'], { kube_version: '1.34.2' }],
      // Both workers in one run, drained together: serial 2, not Kubespray's 20% of 2 (= 1).
      ['upgrade-cluster.yml', ['sandbox-worker-0', 'sandbox-worker-1'], { kube_version: '1.34.2', serial: 2 }],
    ]);
    expect(new Set(Object.values(await kubelets()))).toEqual(new Set(['v1.34.2']));
    expect(upgraded.console).toMatch(/Kubernetes 1\.33\.5 → 1\.34\.2: upgrade-cluster\.yml/);
    // The upgrade path is a risky step: an etcd snapshot is saved before its first upgrade-cluster.yml.
    const saved = /etcd-\d{8}T\d{6}Z-deploy saved \(/.exec(upgraded.console);
    expect(saved, upgraded.console).not.toBeNull();
    expect(saved!.index).toBeLessThan(upgraded.console.indexOf('upgrade-cluster.yml 1/'));

    const behind = await deployRuns({}, { kubernetesVersion: '1.33.5' });
    expect(behind.result.failedStep).toBe('kubespray-fetch');
    expect(behind.result.error).toMatch(
      /is 1\.33\.5, below what the cluster runs \(1\.34\.2, from the last completed run\): Kubernetes cannot be downgraded/,
    );
    expect(behind.runs).toEqual([]);
    const completed = await deploy();
    expect(completed.result.error, completed.console).toBeUndefined();
  }, 300_000);

  it('a Kubespray tag bump runs upgrade-cluster.yml with the new tree on every node; a skipped minor is refused, naming the one between', async () => {
    await setKubespray('2.32.0');
    const bumped = await deployRuns();
    expect(bumped.result.error, bumped.console).toBeUndefined();
    expect(bumped.runs.map((r) => r.playbook)).toEqual([
      'playbooks/facts.yml',
      'upgrade-cluster.yml',
      'upgrade-cluster.yml',
    ]);
    expect(bumped.runs.flatMap((r) => (r.playbook === 'upgrade-cluster.yml' ? r.hosts : [])).sort()).toEqual([
      'sandbox-cp-0',
      'sandbox-worker-0',
      'sandbox-worker-1',
    ]);
    expect(bumped.console).toMatch(/Kubespray v2\.31\.0 → v2\.32\.0: upgrade-cluster\.yml with the new tree/);
    expect(bumped.console).toMatch(/etcd-\d{8}T\d{6}Z-deploy saved \(/);
    // Done: the next deploy has nothing to do.
    expect((await deployRuns()).runs).toEqual([]);

    await setKubespray('2.34.0');
    const skipped = await deployRuns();
    expect(skipped.result.failedStep).toBe('kubespray-fetch');
    expect(skipped.result.error).toMatch(
      /deployment\.kubespray\.version v2\.34\.0 skips v2\.33\.x from v2\.32\.0, .*"Do not skip minor releases"/,
    );
    expect(skipped.runs).toEqual([]);
    await setKubespray('2.32.0');
    const completed = await deploy();
    expect(completed.result.error, completed.console).toBeUndefined();
  }, 300_000);

  it("etcd members added or removed: nodes.md's runs in order, and every control plane's --etcd-servers names exactly the members", async () => {
    const grown = await deployRuns({ TF_VAR_control_plane_count: '3' });
    // Logged in order by the step too.
    expect(grown.console).toContain(
      'runs, in order: playbooks/facts.yml → cluster.yml --limit=etcd,kube_control_plane -e ignore_assert_errors=true -e etcd_retries=10 → upgrade-cluster.yml --limit=etcd,kube_control_plane -e ignore_assert_errors=true',
    );
    expect(grown.result.error, grown.console).toBeUndefined();
    expect(grown.runs.map((r) => [r.playbook, r.vars])).toEqual([
      ['playbooks/facts.yml', {}],
      ['cluster.yml', { kube_version: '1.34.2', ignore_assert_errors: true, etcd_retries: 10 }],
      ['upgrade-cluster.yml', { kube_version: '1.34.2', ignore_assert_errors: true }],
    ]);
    expect(grown.runs[1]!.hosts.sort()).toEqual(['sandbox-cp-0', 'sandbox-cp-1', 'sandbox-cp-2']);
    const members = ['sandbox-cp-0', 'sandbox-cp-1', 'sandbox-cp-2'];
    expect(await etcd()).toEqual({
      members,
      apiservers: Object.fromEntries(members.map((cp) => [cp, members])),
    });

    // sandbox-cp-2 is unreachable (NotReady), on a runner with no facts cache: facts of the rest first,
    // then remove-node.yml without reset; cluster.yml for the two left (an even count: ignore_assert_errors),
    // then the etcd configuration run rewrites --etcd-servers.
    const registry = JSON.parse(await fs.readFile(run.sandbox.registryFile, 'utf8')) as {
      nodes: { name: string; ready: boolean }[];
    };
    run.sandbox.api.setNodes(registry.nodes.map((n) => ({ ...n, ready: n.name !== 'sandbox-cp-2' })));
    await fs.rm(path.join(run.sandbox.clusterDir, '.sandbox-facts'), { recursive: true, force: true });
    const shrunk = await deployRuns({ TF_VAR_control_plane_count: '2' });
    expect(shrunk.result.error, shrunk.console).toBeUndefined();
    expect(shrunk.runs.map((r) => [r.playbook, r.vars])).toEqual([
      ['playbooks/facts.yml', {}],
      [
        'remove-node.yml',
        { node: 'sandbox-cp-2', skip_confirmation: true, reset_nodes: false, allow_ungraceful_removal: true },
      ],
      ['cluster.yml', { kube_version: '1.34.2', ignore_assert_errors: true }],
      ['playbooks/facts.yml', { ignore_assert_errors: true }],
      ['upgrade-cluster.yml', { kube_version: '1.34.2', ignore_assert_errors: true }],
    ]);
    expect(shrunk.runs[0]!.hosts).not.toContain('sandbox-cp-2');
    expect(await etcd()).toEqual({
      members: ['sandbox-cp-0', 'sandbox-cp-1'],
      apiservers: {
        'sandbox-cp-0': ['sandbox-cp-0', 'sandbox-cp-1'],
        'sandbox-cp-1': ['sandbox-cp-0', 'sandbox-cp-1'],
      },
    });
  }, 400_000);

  it('a rotated cloud credential re-runs cluster.yml when Kubespray puts it into the cluster, and never shows it', async () => {
    const groupVars = path.join(run.sandbox.clusterDir, 'inventory', 'group_vars', 'all');
    await fs.mkdir(groupVars, { recursive: true });
    await fs.writeFile(
      path.join(groupVars, 'openstack.yml'),
      'cloud_provider: external\nexternal_cloud_provider: openstack\n',
    );
    // Kubespray's credential check wants the application credential's name beside its id (kubespray/cloud-env.ts).
    await editConfig((t) =>
      t.replace(
        /^( +)application_credential_id: (.*)$/m,
        '$1application_credential_id: $2\n$1application_credential_name: sandbox',
      ),
    );
    const turnedOn = await deployRuns({ TF_VAR_control_plane_count: '2' });
    expect(turnedOn.result.error, turnedOn.console).toBeUndefined();
    expect(turnedOn.runs.map((r) => r.playbook)).toEqual(['cluster.yml']);
    expect((await deployRuns({ TF_VAR_control_plane_count: '2' })).runs).toEqual([]);

    const rotated = 'rotated-secret-canary-5150';
    await editConfig((t) => t.replace(CONFIG_SECRET, rotated));
    const again = await deployRuns({ TF_VAR_control_plane_count: '2' });
    expect(again.result.error, again.console).toBeUndefined();
    expect(again.runs.map((r) => r.playbook)).toEqual(['cluster.yml']);
    const state = await fs.readFile(path.join(run.stateDir, 'demo', 'sandbox', 'state.json'), 'utf8');
    for (const text of [again.console, state]) {
      expect(text).not.toContain(rotated);
      expect(text).not.toContain(CONFIG_SECRET);
    }
  }, 300_000);
});
