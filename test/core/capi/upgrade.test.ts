import { describe, expect, it } from 'vitest';
import { controlPlaneRollout, installsKubernetesBySysext } from '../../../src/core/capi/upgrade.js';

/** CAPO v0.14.7 `templates/cluster-template-flatcar-sysext.yaml`, its KubeadmConfigTemplate's ignition, rendered. */
const sysext = (version: string) => ({
  spec: {
    template: {
      spec: {
        format: 'ignition',
        ignition: {
          containerLinuxConfig: {
            additionalConfig: `storage:\n  links:\n    - path: /etc/extensions/kubernetes.raw\n      target: /opt/extensions/kubernetes/kubernetes-${version}-x86-64.raw\n`,
          },
        },
      },
    },
  },
});

describe('flatcar-sysext: Kubernetes from a sysext, so the image need not change', () => {
  it.each([
    ['the sysext at the target version', sysext('v1.36.0'), 'v1.36.0', true],
    ['the target without its "v"', sysext('v1.36.0'), '1.36.0', true],
    ['the sysext at the old version (the config not changed)', sysext('v1.35.0'), 'v1.36.0', false],
    [
      'a kubeadm config without a sysext',
      { spec: { template: { spec: { format: 'cloud-config' } } } },
      'v1.36.0',
      false,
    ],
    ['no bootstrap config', undefined, 'v1.36.0', false],
  ])('%s', (_, bootstrap, version, expected) => {
    expect(installsKubernetesBySysext(bootstrap, version)).toBe(expected);
  });
});

describe('a rollout whose machines run another kubelet than their version (the image holds the kubelet)', () => {
  const list = (kubelets: (string | undefined)[]) =>
    JSON.stringify({
      items: [
        {
          kind: 'KubeadmControlPlane',
          metadata: { name: 'c-cp', generation: 2 },
          spec: { replicas: kubelets.length, version: 'v1.35.0' },
          status: { observedGeneration: 2, version: 'v1.35.0', readyReplicas: kubelets.length },
        },
        ...kubelets.map((kubelet, i) => ({
          kind: 'Machine',
          metadata: {
            name: `c-cp-${i}`,
            labels: { 'cluster.x-k8s.io/cluster-name': 'c', 'cluster.x-k8s.io/control-plane': '' },
          },
          spec: { version: 'v1.35.0' },
          status: { phase: 'Running', ...(kubelet !== undefined && { nodeInfo: { kubeletVersion: kubelet } }) },
        })),
      ],
    });

  it.each([
    ['every kubelet at the target', ['v1.35.0', 'v1.35.0', 'v1.35.0'], undefined],
    ['a kubelet with a build suffix at the target', ['v1.35.0+vendor'], undefined],
    ['no node yet (no nodeInfo)', [undefined], undefined],
    [
      'one machine on an image with the old kubelet',
      ['v1.35.0', 'v1.34.2', 'v1.35.0'],
      'c-cp-1 (kubelet v1.34.2) runs another kubelet than v1.35.0',
    ],
    ['an older patch', ['v1.35.1'], 'c-cp-0 (kubelet v1.35.1) runs another kubelet'],
  ] as const)('%s', (_, kubelets, failure) => {
    const progress = controlPlaneRollout(list([...kubelets]), 'c', 'c-cp', 'v1.35.0');
    if (failure === undefined) expect([progress.done, progress.failure]).toEqual([true, undefined]);
    else expect(progress.failure).toContain(failure);
  });
});
