import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { previewVersionPath } from '../../../src/core/kubespray/node-plan.js';
import { resolveSettings } from '../../../src/core/model/settings.js';
import type { NodeWork } from '../../../src/core/model/nodes.js';
import type { DeployState, InstalledVersions } from '../../../src/core/model/state.js';
import { deploySnapshotDecision } from '../../../src/core/steps/etcd-snapshot.js';
import { KUBELET_VERSION_TASK, nodesRunning } from '../../../src/core/kubespray/node-versions.js';
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
      'a Kubespray tag recorded by no run (an older state, an expired one): cluster.yml with the tree, and the plan says the change cannot be checked',
      inputs({ running: '1.33.5', installedKubespray: undefined, kubespray: 'v2.31.0' }),
      {
        kind: 'same',
        note: expect.stringMatching(
          /^the Kubespray tag the nodes went through is not recorded.*cluster\.yml runs with the v2\.31\.0 tree .*operation: upgrade/,
        ),
      },
    ],
    [
      'a recorded Kubespray "tag" that is none: as unrecorded',
      inputs({ running: '1.33.5', installedKubespray: 'main', kubespray: 'v2.31.0' }),
      { kind: 'same', note: expect.stringMatching(/^the Kubespray tag the nodes went through is not recorded/) },
    ],
    [
      'no Kubespray tag recorded and none configured: nothing to judge',
      inputs({ running: '1.33.5', installedKubespray: undefined, kubespray: '' }),
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

  /**
   * What the cluster runs, known (the API, the state, or the kubelets on the nodes) or unknown after every source
   * was asked, on a new or a kept cluster, against a config at the same, a newer or an older version.
   */
  const nodes = nodesRunning([
    { host: 'cp-0', status: 'CHANGED', message: '| rc=0 | (stdout) Kubernetes v1.34.2' },
    { host: 'w-0', status: 'CHANGED', message: '| rc=0 | (stdout) Kubernetes v1.34.2' },
  ]);
  const fromNodes = 'running' in nodes ? nodes.running : undefined;
  const unknown = 'no kubeconfig or API answer, no completed run recorded it, and no node has a kubelet that answers';
  const refusedUnknown =
    /^the Kubernetes version this cluster runs is unknown: no kubeconfig or API answer, .*cluster\.yml with kube_version .* would replace every kubelet at once, without drain.*Give the deploy the cluster's kubeconfig \(--kubeconfig.*restore the state of the last deploy, or make the nodes answer over SSH.*nothing was changed$/;
  it.each([
    ['known, new, same', { newCluster: true }, '1.34.2', { kind: 'same' }],
    ['known, new, newer', { newCluster: true }, '1.35.4', { kind: 'same' }],
    ['known, new, older', { newCluster: true }, '1.33.5', { kind: 'same' }],
    ['known, kept, same', {}, '1.34.2', { kind: 'same' }],
    [
      'known, kept, newer',
      {},
      '1.35.4',
      /is 1\.35\.4, but the cluster runs 1\.34\.2 \(from the kubelets on 2 nodes, kubelet --version over Ansible\): a deploy never changes/,
    ],
    [
      'known, kept, older',
      {},
      '1.33.5',
      /is 1\.33\.5, below what the cluster runs \(1\.34\.2, from the kubelets on 2 nodes/,
    ],
    ['unknown, new, same', { newCluster: true, unknown }, '1.34.2', { kind: 'same' }],
    ['unknown, new, newer', { newCluster: true, unknown }, '1.35.4', { kind: 'same' }],
    ['unknown, new, older', { newCluster: true, unknown }, '1.33.5', { kind: 'same' }],
    ['unknown, kept, same', { unknown }, '1.34.2', refusedUnknown],
    ['unknown, kept, newer', { unknown }, '1.35.4', refusedUnknown],
    ['unknown, kept, older', { unknown }, '1.33.5', refusedUnknown],
    [
      'unknown, kept, no version in the config',
      { unknown },
      '',
      /cluster\.yml with the Kubespray tree's default kube_version would replace/,
    ],
    // kubespray-fetch and the previews judge from the state alone, before the playbook step asks the nodes.
    [
      'not asked yet (from the state alone), kept',
      { notAsked: true },
      '1.35.4',
      {
        kind: 'same',
        readFromNodes: true,
        note: expect.stringMatching(/read from the API, else from the kubelets/),
      },
    ],
  ] as const)('running %s', (_, how, kube, expected) => {
    const given: VersionInputs = {
      ...inputs({ kube, newCluster: 'newCluster' in how }),
      running: 'unknown' in how || 'notAsked' in how ? undefined : fromNodes,
      ...('unknown' in how && { runningUnknown: how.unknown }),
    };
    if (expected instanceof RegExp) expect(() => decideVersionPath(given)).toThrow(expected);
    else
      expect(decideVersionPath(given)).toEqual(
        expected.kind === 'same' && 'newCluster' in how ? { kind: 'same', note: expect.any(String) } : expected,
      );
  });

  it('with an upgrade pending from the state alone, says the version is read from the nodes', () => {
    const path = decideVersionPath({
      ...inputs({ kube: '1.34.2', installedKubespray: 'v2.30.0', kubespray: 'v2.31.0' }),
      running: undefined,
    });
    expect(path).toMatchObject({
      kind: 'upgrade',
      reason: expect.stringMatching(
        /; the Kubernetes version is not in the state: .* \(kubelet --version over Ansible\)/,
      ),
    });
  });
});

describe('the running version from the kubelets on the nodes', () => {
  const ok = (host: string, version: string) => ({
    host,
    status: 'CHANGED' as const,
    message: `| rc=0 | (stdout) Kubernetes ${version}`,
  });
  it.each([
    [
      'every kubelet answers: the lowest to upgrade from, the highest against a downgrade',
      [ok('cp-0', 'v1.34.2'), ok('w-0', 'v1.33.5'), ok('w-1', 'v1.34.2+k3s1')],
      { version: '1.33.5', highest: '1.34.2', from: 'the kubelets on 3 nodes, kubelet --version over Ansible' },
    ],
    [
      'a new server with no kubelet yet is named, the rest tell',
      [
        ok('cp-0', 'v1.34.2'),
        {
          host: 'w-9',
          status: 'FAILED!' as const,
          message:
            '=> {"changed": false, "msg": "[Errno 2] No such file or directory: b\'/usr/local/bin/kubelet\'", "rc": 2}',
        },
      ],
      {
        version: '1.34.2',
        highest: '1.34.2',
        from: 'the kubelets on 1 nodes, kubelet --version over Ansible; no kubelet on w-9',
      },
    ],
  ])('%s', (_, results, expected) => {
    const found = nodesRunning(results);
    expect(
      'running' in found && {
        version: found.running.version.text,
        highest: found.running.highest.text,
        from: found.running.from,
      },
    ).toEqual(expected);
  });

  it.each([
    [
      'a node cannot be reached: its kubelet might be the lowest',
      [
        ok('cp-0', 'v1.34.2'),
        {
          host: 'w-0',
          status: 'UNREACHABLE!' as const,
          message: 'Failed to connect to the host via ssh: ssh: connect to host 10.0.0.5 port 22: Connection timed out',
        },
      ],
      /^no kubeconfig or API answer, no completed run recorded it, and 1 of 2 nodes cannot be reached over SSH to ask their kubelet \(w-0: ssh: connect to host 10\.0\.0\.5 port 22: Connection timed out\)$/,
    ],
    [
      'one node has no kubelet, another one that fails otherwise: nothing tells',
      [
        {
          host: 'cp-0',
          status: 'FAILED!' as const,
          message: '=> {"changed": false, "msg": "[Errno 2] No such file or directory: b\'/usr/local/bin/kubelet\'"}',
        },
        {
          host: 'w-0',
          status: 'FAILED!' as const,
          message:
            '=> {"changed": true, "msg": "non-zero return code", "rc": 126, "stderr": "/usr/local/bin/kubelet: Permission denied"}',
        },
      ],
      /no node has a kubelet that answers kubelet --version \(cp-0: \[Errno 2\] No such file.*; w-0: \/usr\/local\/bin\/kubelet: Permission denied\)/,
    ],
    [
      'many nodes cannot be reached: the first five named, a huge message cut',
      Array.from({ length: 7 }, (_, i) => ({
        host: `w-${i}`,
        status: 'UNREACHABLE!' as const,
        message: `Failed to connect to the host via ssh: ${'x'.repeat(5000)}`,
      })),
      /and 7 of 7 nodes cannot be reached over SSH to ask their kubelet \(w-0: x{157}\.\.\.; w-1: .*; w-4: x{157}\.\.\.; and 2 more\)$/,
    ],
    [
      'a kubelet that prints something else',
      [{ host: 'cp-0', status: 'CHANGED' as const, message: '| rc=0 | (stdout) hello' }],
      /no node has a kubelet that answers/,
    ],
  ])('unknown: %s', (_, results, reason) => {
    const found = nodesRunning(results);
    expect('unknown' in found && found.unknown).toMatch(reason);
  });

  // A first deploy that failed before Kubespray installed anything, its state lost: no running version to
  // protect, so cluster.yml installs the configured one, as on a new cluster.
  it('no node has a kubelet (each answers ENOENT, as the command module reports a missing executable): not installed', () => {
    const found = nodesRunning([
      {
        host: 'cp-0',
        status: 'FAILED!',
        message:
          '=> {"changed": true, "msg": "non-zero return code", "rc": 127, "stderr": "/opt/bin/kubelet: No such file or directory"}',
      },
      {
        host: 'w-0',
        status: 'FAILED!',
        message: '=> {"changed": false, "msg": "[Errno 2] No such file or directory: b\'/usr/local/bin/kubelet\'"}',
      },
    ]);
    expect('notInstalled' in found && found.notInstalled).toMatch(
      /^no node has a kubelet yet \(cp-0: \/opt\/bin\/kubelet: No such file or directory; w-0: \[Errno 2\] No such file.*\): cluster\.yml installs Kubernetes$/,
    );
  });

  it('a kubelet answering a version that is none is named, not taken', () => {
    expect(() => nodesRunning([ok('cp-0', 'v1.34.2'), ok('w-0', 'v1234567.1.1')])).toThrow(
      /^the kubelet of w-0: "v1234567\.1\.1" is not a Kubernetes version/,
    );
  });

  it('asks with the command module, argv as JSON (no shell), in the bin_dir Kubespray installs it to', () => {
    expect(KUBELET_VERSION_TASK).toMatchObject({
      module: 'ansible.builtin.command',
      args: { argv: ["{{ bin_dir | default('/usr/local/bin') }}/kubelet", '--version'] },
    });
  });
});

/** The plan's and the snapshot step's view, from the saved state alone, before the playbook step asks the nodes. */
describe('previews of a kept cluster whose state has no versions', () => {
  const settingsOf = async (upgradeOnDeploy: boolean) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'version-preview-'));
    const text = await fs.readFile('examples/sandbox/config.yaml', 'utf8');
    const configPath = path.join(dir, 'config.yaml');
    await fs.writeFile(
      configPath,
      upgradeOnDeploy ? text.replace('    version: 2.31.0', '    version: 2.31.0\n    upgrade_on_deploy: true') : text,
    );
    onTestFinished(() => fs.rm(dir, { recursive: true, force: true }));
    return resolveSettings({ configPath, stateDir: path.join(dir, 'state'), env: { PATH: '' } });
  };
  const work = (newCluster: boolean): NodeWork => ({
    newCluster,
    remove: [],
    create: [],
    otherChanges: false,
    removeRoles: {},
    empty: true,
  });
  const state = (installed?: InstalledVersions, nodeWork?: NodeWork) =>
    ({ ...(installed && { installed }), ...(nodeWork && { nodeWork }) }) as DeployState;

  it.each([
    ['nodes not known yet (a plan before opentofu-plan), no state', undefined, undefined, {}],
    ['a new cluster, no state', true, undefined, {}],
    [
      'a kept cluster, no state: the version read from the nodes, the unrecorded Kubespray tag named',
      false,
      undefined,
      {
        path: {
          kind: 'same',
          readFromNodes: true,
          note: expect.stringMatching(/from the kubelets .*; the Kubespray tag the nodes went through is not recorded/),
        },
      },
    ],
    [
      'a kept cluster, the tag recorded but no Kubernetes version',
      false,
      { kubespray: 'v2.31.0' },
      {
        path: {
          kind: 'same',
          readFromNodes: true,
          note: expect.stringMatching(/read from the API, else from the kubelets/),
        },
      },
    ],
    [
      'a kept cluster, both recorded',
      false,
      { kubespray: 'v2.31.0', kubeVersion: '1.33.5' },
      { path: { kind: 'same' } },
    ],
  ] as const)('%s', async (_, newCluster, installed, expected) => {
    expect(previewVersionPath(await settingsOf(false), newCluster, state(installed))).toEqual(expected);
  });

  it.each([
    ['no state, a kept cluster, without upgrade_on_deploy: nothing upgrades it', false, undefined, false, 'skip'],
    [
      'no Kubernetes version recorded, without upgrade_on_deploy: nothing upgrades it',
      false,
      { kubespray: 'v2.31.0' },
      false,
      'skip',
    ],
    [
      'no Kubernetes version recorded, with upgrade_on_deploy: the nodes may run an older one',
      false,
      { kubespray: 'v2.31.0' },
      true,
      'run',
    ],
    ['a new cluster', true, undefined, true, 'skip'],
  ] as const)('the deploy snapshot: %s', async (_, newCluster, installed, upgradeOnDeploy, action) => {
    const decide = deploySnapshotDecision(await settingsOf(upgradeOnDeploy));
    expect(decide(state(installed, work(newCluster)), { nodeWorkKnown: true })?.action).toBe(action);
  });
});
