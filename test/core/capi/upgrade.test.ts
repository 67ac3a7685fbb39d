import { describe, expect, it } from 'vitest';
import { installsKubernetesBySysext } from '../../../src/core/capi/upgrade.js';

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
