import { describe, expect, it } from 'vitest';
import {
  apiRunning,
  decideVersionPath,
  kubesprayMove,
  recordedRunning,
  upgradeVars,
  type VersionInputs,
} from '../../../src/core/kubespray/version-path.js';

/** A deploy on a live cluster whose running version is `running` (the last completed run's record unless said). */
function inputs(
  overrides: Partial<Omit<VersionInputs, 'running'>> & { kube?: string; kubespray?: string; running?: string },
): VersionInputs {
  const { kube, kubespray, running, ...rest } = overrides;
  return {
    newCluster: false,
    running: running === undefined ? undefined : recordedRunning({ kubeVersion: running }),
    installedKubespray: 'v2.31.0',
    wanted: {
      kube: kube ?? '1.33.5',
      kubespray: kubespray ?? 'v2.31.0',
      where: 'opencenter.cluster.kubernetes.version',
    },
    upgradeOnDeploy: false,
    ...rest,
  };
}

describe('a deploy changes versions only through the upgrade path', () => {
  it.each([
    ['the same versions', inputs({ running: '1.33.5' }), { kind: 'same' }],
    [
      'a new cluster, whatever is asked',
      inputs({ newCluster: true, kube: '1.35.4', running: '1.33.5' }),
      { kind: 'same' },
    ],
    [
      'a newer Kubernetes with upgrade_on_deploy',
      inputs({ running: '1.33.5', kube: '1.34.2', upgradeOnDeploy: true }),
      { kind: 'upgrade', kube: { from: '1.33.5', to: '1.34.2' } },
    ],
    [
      'a newer patch with upgrade_on_deploy',
      inputs({ running: '1.33.5', kube: '1.33.11', upgradeOnDeploy: true }),
      { kind: 'upgrade', kube: { from: '1.33.5', to: '1.33.11' } },
    ],
    [
      'a Kubespray patch tag',
      inputs({ running: '1.33.5', installedKubespray: 'v2.31.0', kubespray: 'v2.31.1' }),
      { kind: 'upgrade', kubespray: { from: 'v2.31.0', to: 'v2.31.1' } },
    ],
    [
      'the next Kubespray minor (written without "v")',
      inputs({ running: '1.33.5', installedKubespray: '2.30.0', kubespray: '2.31.0' }),
      { kind: 'upgrade', kubespray: { from: 'v2.30.0', to: 'v2.31.0' } },
    ],
    [
      'a Kubespray recorded by no run (an older state)',
      inputs({ running: '1.33.5', installedKubespray: undefined, kubespray: 'v2.31.0' }),
      { kind: 'same' },
    ],
  ])('%s', (_, given, expected) => {
    expect(decideVersionPath(given)).toMatchObject(expected);
  });

  it.each([
    [
      'a newer Kubernetes without the opt-in: refused, naming operation upgrade and the knob',
      inputs({ running: '1.33.5', kube: '1.34.2' }),
      /^opencenter\.cluster\.kubernetes\.version is 1\.34\.2, but the cluster runs 1\.33\.5 \(from the last completed run\): a deploy never changes .*Run the upgrade first: operation: upgrade \(CLI: cluster-deploy upgrade --kubernetes-version 1\.34\.2\), or set deployment\.kubespray\.upgrade_on_deploy: true/,
    ],
    [
      'a config behind the cluster: a downgrade',
      inputs({ running: '1.34.2', kube: '1.33.5', upgradeOnDeploy: true }),
      /^opencenter\.cluster\.kubernetes\.version is 1\.33\.5, below what the cluster runs \(1\.34\.2, from the last completed run\): Kubernetes cannot be downgraded.* set opencenter\.cluster\.kubernetes\.version to 1\.34\.2$/,
    ],
    [
      'a skipped Kubernetes minor, even opted in',
      inputs({ running: '1.33.5', kube: '1.35.4', upgradeOnDeploy: true }),
      /skipping a minor version; upgrade to 1\.34 first/,
    ],
    [
      'a Kubespray downgrade',
      inputs({ running: '1.33.5', installedKubespray: 'v2.31.0', kubespray: 'v2.30.2' }),
      /^deployment\.kubespray\.version v2\.30\.2 is below v2\.31\.0, .*Kubespray does not downgrade a cluster/,
    ],
    [
      'a skipped Kubespray minor, naming the one in between',
      inputs({ running: '1.33.5', installedKubespray: 'v2.29.1', kubespray: 'v2.31.0' }),
      /^deployment\.kubespray\.version v2\.31\.0 skips v2\.30\.x from v2\.29\.1, .*"Do not skip minor releases"; deploy v2\.30\.x \(its newest patch tag\) first/,
    ],
    [
      'two skipped Kubespray minors, naming both',
      inputs({ running: '1.33.5', installedKubespray: 'v2.28.0', kubespray: 'v2.31.0' }),
      /skips v2\.29\.x, v2\.30\.x from v2\.28\.0/,
    ],
  ])('%s', (_, given, error) => {
    expect(() => decideVersionPath(given)).toThrow(error);
  });

  it('reads what the cluster runs from the API: the lowest to upgrade from, the highest to refuse a downgrade against', () => {
    const running = apiRunning('v1.34.2', [
      { name: 'cp-0', kubelet: 'v1.34.2' },
      { name: 'w-0', kubelet: 'v1.33.5' },
    ])!;
    expect([running.version.text, running.highest.text, running.from]).toEqual(['1.33.5', '1.34.2', 'the API']);
    expect(() => decideVersionPath({ ...inputs({ kube: '1.33.5' }), running })).toThrow(
      /below what the cluster runs \(1\.34\.2, from the API\)/,
    );
    // A node behind the rest is upgraded from its version: the whole cluster is not "the same" yet.
    expect(decideVersionPath({ ...inputs({ kube: '1.34.2', upgradeOnDeploy: true }), running })).toMatchObject({
      kind: 'upgrade',
      kube: { from: '1.33.5', to: '1.34.2' },
    });
    expect(kubesprayMove('v2.31.0', 'v2.31.0')).toBeUndefined();
  });

  // playbooks/upgrade_cluster.yml: the worker plays use `serial | default('20%')`; Ansible takes 20% of the
  // hosts in the --limit (at least 1), so a batch of 5 would drain one node at a time without it.
  it.each([
    [['w-0'], { kube_version: '1.34.2', serial: 1 }],
    [['w-0', 'w-1', 'w-2', 'w-3', 'w-4'], { kube_version: '1.34.2', serial: 5 }],
    [undefined, { kube_version: '1.34.2' }],
  ])('a worker batch of %j passes its size as serial', (batch, vars) => {
    expect(upgradeVars('1.34.2', batch)).toEqual(vars);
  });
});
