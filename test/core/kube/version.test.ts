import { describe, expect, it } from 'vitest';
import { UsageError, UserError } from '../../../src/core/lib/errors.js';
import {
  type ClusterVersions,
  clusterVersionsFromKubectl,
  compareVersions,
  parseKubeVersion,
  planUpgrade,
  workerBatches,
} from '../../../src/core/kube/version.js';

describe('parseKubeVersion', () => {
  it.each([
    ['1.34.2', [1, 34, 2]],
    ['v1.34.2', [1, 34, 2]],
    ['v1.34.2+k3s1', [1, 34, 2]],
    ['v1.35.0-rc.1', [1, 35, 0]],
    [' 1.33.10\n', [1, 33, 10]],
    ['1.034.002', [1, 34, 2]],
  ])('reads %j', (text, [major, minor, patch]) => {
    expect(parseKubeVersion(text, 'kube-version')).toEqual({ major, minor, patch, text: `${major}.${minor}.${patch}` });
  });

  it.each(['', '1.34', 'latest', 'v1.34.x', '1.34.2.1', 'V1.34.2', '1.34.2 1.35.0', 'vv1.34.2'])(
    'refuses %j, naming where it came from',
    (text) => {
      expect(() => parseKubeVersion(text, 'kube-version')).toThrow(UserError);
      expect(() => parseKubeVersion(text, 'kube-version')).toThrow(
        /^kube-version: .* is not a Kubernetes version; write it as X\.Y\.Z, e\.g\. 1\.34\.2$/,
      );
    },
  );

  it('throws the error class it is given (an option is a usage error)', () => {
    expect(() => parseKubeVersion('1.34', '--kube-version', UsageError)).toThrow(UsageError);
  });
});

describe('compareVersions', () => {
  const v = (text: string) => parseKubeVersion(text, 't');
  it.each([
    ['1.34.2', '1.34.2', 0],
    ['1.34.10', '1.34.9', 1],
    ['1.33.9', '1.34.0', -1],
    ['2.0.0', '1.99.99', 1],
    ['v1.34.2+k3s1', '1.34.2', 0],
  ])('%s against %s', (a, b, sign) => {
    expect(Math.sign(compareVersions(v(a), v(b)))).toBe(sign);
  });
});

function cluster(
  server: string,
  nodes: [name: string, kubelet: string, role: 'cp' | 'worker', ready?: boolean][],
): ClusterVersions {
  return {
    server,
    nodes: nodes.map(([name, kubelet, role, ready = true]) => ({ name, kubelet, ready, controlPlane: role === 'cp' })),
  };
}

describe('planUpgrade', () => {
  const target = (text: string) => parseKubeVersion(text, 'kube-version');
  it.each([
    {
      name: 'one minor up: control plane in API order, then workers',
      target: '1.35.4',
      current: cluster('v1.34.2', [
        ['cp-b', 'v1.34.2', 'cp'],
        ['cp-a', 'v1.34.2', 'cp'],
        ['w-0', 'v1.34.2', 'worker'],
        ['w-1', 'v1.34.2', 'worker'],
      ]),
      plan: { controlPlane: ['cp-b', 'cp-a'], workers: ['w-0', 'w-1'], done: [], notReady: [] },
    },
    {
      name: 'a patch upgrade',
      target: '1.34.5',
      current: cluster('v1.34.2', [
        ['cp-0', 'v1.34.2', 'cp'],
        ['w-0', 'v1.34.2', 'worker'],
      ]),
      plan: { controlPlane: ['cp-0'], workers: ['w-0'], done: [], notReady: [] },
    },
    {
      name: 'resumed: nodes at the target are done',
      target: '1.35.4',
      current: cluster('v1.35.4', [
        ['cp-0', 'v1.35.4', 'cp'],
        ['w-0', 'v1.35.4', 'worker'],
        ['w-1', 'v1.34.2', 'worker', false],
      ]),
      plan: { controlPlane: [], workers: ['w-1'], done: ['cp-0', 'w-0'], notReady: ['w-1'] },
    },
    {
      name: 'an API server behind the target keeps every control plane to do',
      target: '1.35.4',
      current: cluster('v1.34.2', [
        ['cp-0', 'v1.35.4', 'cp'],
        ['cp-1', 'v1.34.2', 'cp'],
        ['w-0', 'v1.35.4', 'worker'],
      ]),
      plan: { controlPlane: ['cp-0', 'cp-1'], workers: [], done: ['w-0'], notReady: [] },
    },
    {
      name: 'everything at the target already',
      target: '1.34.2',
      current: cluster('v1.34.2+k3s1', [['cp-0', 'v1.34.2+k3s1', 'cp']]),
      plan: { controlPlane: [], workers: [], done: ['cp-0'], notReady: [] },
    },
  ])('$name', ({ target: version, current, plan }) => {
    expect(planUpgrade(target(version), current)).toEqual(plan);
  });

  it.each([
    {
      name: 'a target below a kubelet',
      target: '1.34.1',
      current: cluster('v1.34.1', [
        ['cp-0', 'v1.34.1', 'cp'],
        ['w-0', 'v1.34.2', 'worker'],
      ]),
      message:
        /^Kubernetes 1\.34\.1 is below what the cluster runs: w-0 \(1\.34\.2\)\. Kubernetes cannot be downgraded; set the version to 1\.34\.2 or later$/,
    },
    {
      name: 'a target below the API server',
      target: '1.33.9',
      current: cluster('v1.34.0', [['cp-0', 'v1.34.0', 'cp']]),
      message: /the API server \(1\.34\.0\), cp-0 \(1\.34\.0\).*cannot be downgraded/,
    },
    {
      name: 'a skipped minor',
      target: '1.35.4',
      current: cluster('v1.33.5', [['cp-0', 'v1.33.5', 'cp']]),
      message:
        /skips a minor version: the cluster still runs 1\.33\.5.*upgrade minor by minor, one upgrade each: 1\.33 → 1\.34 → 1\.35$/,
    },
    {
      name: 'a skipped minor behind one lagging worker',
      target: '1.35.4',
      current: cluster('v1.34.2', [
        ['cp-0', 'v1.34.2', 'cp'],
        ['w-0', 'v1.33.8', 'worker'],
      ]),
      message: /still runs 1\.33\.8/,
    },
    {
      name: 'another major',
      target: '2.0.0',
      current: cluster('v1.35.4', [['cp-0', 'v1.35.4', 'cp']]),
      message: /skips a minor version.*1\.35 → 1\.36 → …/,
    },
    {
      name: 'a kubelet version the API garbled',
      target: '1.35.4',
      current: cluster('v1.34.2', [['cp-0', 'unknown', 'cp']]),
      message: /the kubelet version of node cp-0: "unknown"/,
    },
  ])('refuses $name', ({ target: version, current, message }) => {
    expect(() => planUpgrade(target(version), current)).toThrow(UserError);
    expect(() => planUpgrade(target(version), current)).toThrow(message);
  });
});

describe('workerBatches', () => {
  const workers = (count: number) => Array.from({ length: count }, (_, index) => `w-${index}`);
  it.each([
    { name: 'ten workers: 20% is two', workers: workers(10), size: undefined, sizes: [2, 2, 2, 2, 2] },
    { name: 'six workers: 20% rounds up to two', workers: workers(6), size: undefined, sizes: [2, 2, 2] },
    { name: 'three workers: at least one', workers: workers(3), size: undefined, sizes: [1, 1, 1] },
    { name: 'eleven workers: three a batch', workers: workers(11), size: undefined, sizes: [3, 3, 3, 2] },
    { name: 'a size given', workers: workers(10), size: 4, sizes: [4, 4, 2] },
    { name: 'a size above the count', workers: workers(2), size: 5, sizes: [2] },
    { name: 'no workers', workers: [], size: undefined, sizes: [] },
  ])('$name', ({ workers: names, size, sizes }) => {
    const batches = workerBatches(names, size);
    expect(batches.map((batch) => batch.length)).toEqual(sizes);
    expect(batches.flat()).toEqual(names); // every worker once, in order
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a batch size of %s', (size) => {
    expect(() => workerBatches(['w-0'], size)).toThrow(UsageError);
  });
});

describe('clusterVersionsFromKubectl', () => {
  const versionJson = JSON.stringify({
    clientVersion: { major: '1', minor: '35', gitVersion: 'v1.35.4' },
    kustomizeVersion: 'v5.7.1',
    serverVersion: { major: '1', minor: '34', gitVersion: 'v1.34.2', platform: 'linux/amd64' },
  });
  const apiNode = (name: string, kubelet: string, labels: Record<string, string>, ready: string | undefined) => ({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } },
    status: {
      nodeInfo: { kubeletVersion: kubelet, containerRuntimeVersion: 'containerd://2.1.4' },
      conditions: [
        { type: 'MemoryPressure', status: 'False' },
        ...(ready === undefined ? [] : [{ type: 'Ready', status: ready }]),
      ],
    },
  });
  const nodesJson = JSON.stringify({
    apiVersion: 'v1',
    kind: 'List',
    items: [
      apiNode('cp-0', 'v1.34.2', { 'node-role.kubernetes.io/control-plane': '' }, 'True'),
      apiNode('w-0', 'v1.34.2', {}, 'False'),
      apiNode('w-1', 'v1.33.8', { 'node-role.kubernetes.io/worker': '' }, 'Unknown'),
      apiNode('w-2', 'v1.34.2', {}, undefined),
    ],
  });

  it('reads the server, kubelets, roles and readiness', () => {
    expect(clusterVersionsFromKubectl(versionJson, nodesJson)).toEqual({
      server: 'v1.34.2',
      nodes: [
        { name: 'cp-0', kubelet: 'v1.34.2', ready: true, controlPlane: true },
        { name: 'w-0', kubelet: 'v1.34.2', ready: false, controlPlane: false },
        { name: 'w-1', kubelet: 'v1.33.8', ready: false, controlPlane: false },
        { name: 'w-2', kubelet: 'v1.34.2', ready: false, controlPlane: false },
      ],
    });
  });

  it.each([
    [
      'version output that is no JSON',
      'error: the server is unreachable',
      nodesJson,
      /`kubectl version -o json` did not print JSON/,
    ],
    [
      'a version without the server (kubectl --client)',
      JSON.stringify({ clientVersion: { gitVersion: 'v1.35.4' } }),
      nodesJson,
      /`kubectl version -o json`.*serverVersion/,
    ],
    [
      'nodes without a kubelet version',
      versionJson,
      JSON.stringify({ items: [{ metadata: { name: 'a' }, status: {} }] }),
      /kubectl get nodes -o json lists a node \(a\) without a kubelet version/,
    ],
  ])('refuses %s', (_, version, nodes, message) => {
    expect(() => clusterVersionsFromKubectl(version, nodes)).toThrow(UserError);
    expect(() => clusterVersionsFromKubectl(version, nodes)).toThrow(message);
  });
});
