import { describe, expect, it } from 'vitest';
import { checkRenderedValueTypes } from '../../../src/core/capi/value-types.js';

const variables = {
  OPENSTACK_CONTROL_PLANE_MACHINE_FLAVOR: 'm1.medium',
  OPENSTACK_NODE_MACHINE_FLAVOR: '2',
  OPENSTACK_SSH_KEY_NAME: 'no',
};
const template = (spec: Record<string, unknown>) => [
  { kind: 'OpenStackMachineTemplate', metadata: { name: 'c-md-0' }, spec: { template: { spec } } },
];

describe('values clusterctl turns into another type (YAML 1.1 re-parse) are refused, naming the field', () => {
  it.each([
    [
      'a numeric worker flavor',
      template({ flavor: 2 }),
      /^deployment\.cluster_api\.openstack\.node_machine_flavor: "2" reaches OpenStackMachineTemplate c-md-0 as the number 2, .*quote it in the template \("\$\{OPENSTACK_NODE_MACHINE_FLAVOR\}" in tpl\.yaml\)$/,
    ],
    [
      'an ssh key named "no"',
      template({ flavor: 'm1.small', sshKeyName: false }),
      /^deployment\.cluster_api\.openstack\.ssh_key_name: "no" reaches .* as the boolean false/,
    ],
    [
      'a nameserver that is a number',
      [{ kind: 'OpenStackCluster', metadata: { name: 'c' }, spec: { managedSubnets: [{ dnsNameservers: [8] }] } }],
      /^deployment\.cluster_api\.openstack\.dns_nameservers: /,
    ],
  ])('%s', (_what, docs, error) => {
    expect(() => checkRenderedValueTypes(docs, variables, 'tpl.yaml')).toThrow(error);
  });

  it('strings pass, and objects without the fields', () => {
    expect(() =>
      checkRenderedValueTypes(
        [...template({ flavor: '2', sshKeyName: 'no' }), { kind: 'Cluster', metadata: { name: 'c' } }],
        variables,
        'tpl.yaml',
      ),
    ).not.toThrow();
  });
});
