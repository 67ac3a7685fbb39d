import { describe, expect, it } from 'vitest';
import { hashedName, nameTemplatesBySpec } from '../../../src/core/capi/template-names.js';

const manifests = (flavor: string, version = 'v1.35.0') => [
  {
    kind: 'KubeadmControlPlane',
    metadata: { name: 'c-control-plane' },
    spec: {
      version,
      machineTemplate: { spec: { infrastructureRef: { kind: 'OpenStackMachineTemplate', name: 'c-control-plane' } } },
    },
  },
  {
    kind: 'OpenStackMachineTemplate',
    metadata: { name: 'c-control-plane' },
    spec: { template: { spec: { flavor: 'm1.medium', image: { filter: { name: 'img' } } } } },
  },
  {
    kind: 'MachineDeployment',
    metadata: { name: 'c-md-0' },
    spec: {
      template: {
        spec: {
          version,
          infrastructureRef: { kind: 'OpenStackMachineTemplate', name: 'c-md-0' },
          bootstrap: { configRef: { kind: 'KubeadmConfigTemplate', name: 'c-md-0' } },
        },
      },
    },
  },
  {
    kind: 'OpenStackMachineTemplate',
    metadata: { name: 'c-md-0' },
    spec: { template: { spec: { flavor, image: { filter: { name: 'img' } } } } },
  },
  { kind: 'KubeadmConfigTemplate', metadata: { name: 'c-md-0' }, spec: { template: { spec: {} } } },
];

describe('machine templates named after their spec', () => {
  it('renames each template and points the KubeadmControlPlane and MachineDeployment at the new names', () => {
    const docs = manifests('m1.small');
    const renamed = nameTemplatesBySpec(docs);
    expect(renamed.map((r) => `${r.kind}/${r.from}`)).toEqual([
      'OpenStackMachineTemplate/c-control-plane',
      'OpenStackMachineTemplate/c-md-0',
      'KubeadmConfigTemplate/c-md-0',
    ]);
    const [kcp, cpTemplate, md, mdTemplate, config] = docs as Record<string, any>[];
    expect(cpTemplate!.metadata.name).toMatch(/^c-control-plane-[0-9a-f]{10}$/);
    expect(kcp!.spec.machineTemplate.spec.infrastructureRef.name).toBe(cpTemplate!.metadata.name);
    expect(md!.spec.template.spec.infrastructureRef.name).toBe(mdTemplate!.metadata.name);
    expect(md!.spec.template.spec.bootstrap.configRef.name).toBe(config!.metadata.name);
  });

  it('the same spec keeps its name (key order does not matter); another flavor gives another name', () => {
    const first = manifests('m1.small');
    const again = manifests('m1.small');
    const other = manifests('m1.large');
    for (const docs of [first, again, other]) nameTemplatesBySpec(docs);
    expect(again[3]!.metadata.name).toBe(first[3]!.metadata.name);
    expect(other[3]!.metadata.name).not.toBe(first[3]!.metadata.name);
    expect(other[1]!.metadata.name).toBe(first[1]!.metadata.name); // the control plane's did not change
    expect(hashedName('x', { a: 1, b: 2 })).toBe(hashedName('x', { b: 2, a: 1 }));
  });

  it('a very long base name is trimmed so the result is a valid object name', () => {
    const name = hashedName(`${'a'.repeat(300)}-`, {});
    expect(name.length).toBeLessThanOrEqual(253);
    expect(name).toMatch(/^a+-[0-9a-f]{10}$/);
  });
});
