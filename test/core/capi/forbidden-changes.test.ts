import { describe, expect, it } from 'vitest';
import {
  forbiddenChangesError,
  forbiddenClusterChanges,
  liveForbiddenChanges,
} from '../../../src/core/capi/forbidden-changes.js';
import type { CommandResult, CommandSpec } from '../../../src/core/lib/command.js';
import { RefusalError, UserError } from '../../../src/core/lib/errors.js';

/** CAPO v0.14.7 `pkg/webhooks/openstackcluster_webhook.go` ValidateUpdate, rule by rule, on our templates' fields. */
describe('OpenStackCluster changes CAPO refuses in place', () => {
  const live = {
    spec: {
      externalNetwork: { id: 'net-1' },
      identityRef: { name: 'c-cloud-config', cloudName: 'openstack' },
      managedSubnets: [{ cidr: '10.6.0.0/24', dnsNameservers: ['1.1.1.1'] }],
      managedSecurityGroups: { allNodesSecurityGroupRules: [{ name: 'BGP' }], allowAllInClusterTraffic: false },
      controlPlaneEndpoint: { host: '1.2.3.4', port: 6443 },
    },
    status: { network: { id: 'net-x' }, apiServerLoadBalancer: { ip: '5.6.7.8' } },
  };
  const externalNetwork = {
    field: 'spec.externalNetwork',
    configField: 'deployment.cluster_api.openstack.external_network_id',
  };
  it.each([
    ['nothing changed', { ...live.spec, controlPlaneEndpoint: undefined }, []],
    ['a field left out of the template keeps what the server has', { externalNetwork: { id: 'net-1' } }, []],
    [
      'a subfield the server defaulted (not in the template) is no change',
      { ...live.spec, managedSecurityGroups: {} },
      [],
    ],
    [
      'the nameservers (allowed)',
      { ...live.spec, managedSubnets: [{ cidr: '10.6.0.0/24', dnsNameservers: ['8.8.8.8'] }] },
      [],
    ],
    ['the cloud name (identityRef is allowed)', { ...live.spec, identityRef: { name: 'x', cloudName: 'other' } }, []],
    [
      'the security group rules (allowed)',
      { ...live.spec, managedSecurityGroups: { allNodesSecurityGroupRules: [], allowAllInClusterTraffic: true } },
      [],
    ],
    ['the network from a filter to the ID CAPO resolved (allowed)', { ...live.spec, network: { id: 'net-x' } }, []],
    [
      'another network',
      { ...live.spec, network: { id: 'net-y' } },
      [expect.objectContaining({ field: 'spec.network' })],
    ],
    ["the API floating IP set to the load balancer's (allowed)", { ...live.spec, apiServerFloatingIP: '5.6.7.8' }, []],
    ['the external network', { ...live.spec, externalNetwork: { id: 'net-2' } }, [externalNetwork]],
    [
      'the subnet CIDR',
      { ...live.spec, managedSubnets: [{ cidr: '10.7.0.0/24', dnsNameservers: ['1.1.1.1'] }] },
      [
        expect.objectContaining({
          field: 'spec.managedSubnets',
          detail: 'cannot change subnet CIDR from 10.6.0.0/24 to 10.7.0.0/24',
        }),
      ],
    ],
    [
      'a subnet added',
      { ...live.spec, managedSubnets: [{ cidr: '10.6.0.0/24' }, { cidr: '10.8.0.0/24' }] },
      [expect.objectContaining({ field: 'spec.managedSubnets', detail: 'cannot add or remove subnets (1 → 2)' })],
    ],
    [
      'an API load balancer added',
      { ...live.spec, apiServerLoadBalancer: { enabled: true } },
      [expect.objectContaining({ field: 'spec.apiServerLoadBalancer' })],
    ],
    [
      'allowed CIDRs for a cluster without a load balancer (that adds one)',
      { ...live.spec, apiServerLoadBalancer: { allowedCIDRs: ['10.0.0.0/8'] } },
      [expect.objectContaining({ field: 'spec.apiServerLoadBalancer' })],
    ],
  ])('%s', (_what, spec, expected) => {
    expect(forbiddenClusterChanges({ spec }, live)).toEqual(expected);
  });

  it('reordered subnets are a change: the webhook compares the list in order (reflect.DeepEqual)', () => {
    const two = [
      { cidr: '10.6.0.0/24', dnsNameservers: ['1.1.1.1'] },
      { cidr: '10.8.0.0/24', dnsNameservers: ['1.1.1.1'] },
    ];
    const before = { spec: { ...live.spec, managedSubnets: two } };
    expect(forbiddenClusterChanges({ spec: { ...live.spec, managedSubnets: [two[1], two[0]] } }, before)).toEqual([
      expect.objectContaining({
        field: 'spec.managedSubnets',
        detail: 'the subnets are in another order (10.6.0.0/24, 10.8.0.0/24 → 10.8.0.0/24, 10.6.0.0/24)',
      }),
    ]);
    expect(forbiddenClusterChanges({ spec: { ...live.spec, managedSubnets: two } }, before)).toEqual([]);
  });

  it('a field our apply set and the manifests now leave out is a change (server-side apply removes it)', () => {
    const applied = {
      ...live,
      spec: { ...live.spec, disableAPIServerFloatingIP: false },
      metadata: {
        managedFields: [
          {
            manager: 'cluster-deploy',
            operation: 'Apply',
            fieldsV1: {
              'f:spec': { 'f:externalNetwork': {}, 'f:disableAPIServerFloatingIP': {}, 'f:identityRef': {} },
            },
          },
          { manager: 'capo', operation: 'Update', fieldsV1: { 'f:spec': { 'f:controlPlaneEndpoint': {} } } },
        ],
      },
    };
    const { disableAPIServerFloatingIP: _, identityRef: __, ...rest } = applied.spec;
    expect(forbiddenClusterChanges({ spec: rest }, applied)).toEqual([
      expect.objectContaining({
        field: 'spec.disableAPIServerFloatingIP',
        detail: 'left out of the manifests, so server-side apply would remove it',
      }),
    ]);
  });

  it("the load balancer's allowed CIDRs and monitor may change; its provider may not", () => {
    const withLb = (lb: object) => ({ spec: { ...live.spec, apiServerLoadBalancer: lb } });
    const before = withLb({ enabled: true, provider: 'amphora', allowedCIDRs: ['10.0.0.0/8'] });
    expect(
      forbiddenClusterChanges(
        withLb({ enabled: true, allowedCIDRs: ['192.168.0.0/16'], monitor: { delay: 5 } }),
        before,
      ),
    ).toEqual([]);
    expect(forbiddenClusterChanges(withLb({ enabled: true, provider: 'ovn' }), before)).toEqual([
      expect.objectContaining({ field: 'spec.apiServerLoadBalancer' }),
    ]);
  });

  it('an enabled bastion removed is refused; a disabled one may go', () => {
    const withBastion = (enabled: boolean) => ({ spec: { ...live.spec, bastion: { enabled } } });
    expect(forbiddenClusterChanges({ spec: live.spec }, withBastion(true))).toEqual([
      expect.objectContaining({ field: 'spec.bastion', detail: 'cannot be removed before disabling it' }),
    ]);
    expect(forbiddenClusterChanges({ spec: live.spec }, withBastion(false))).toEqual([]);
  });
});

describe('the live OpenStackClusters read with kubectl', () => {
  const manifests = [
    'apiVersion: cluster.x-k8s.io/v1beta2\nkind: Cluster\nmetadata: {name: c, namespace: ns}\n',
    'apiVersion: infrastructure.cluster.x-k8s.io/v1beta1\nkind: OpenStackCluster\nmetadata: {name: c, namespace: ns}\nspec: {externalNetwork: {id: net-2}}\n',
  ].join('---\n');
  const kubectl = (...args: string[]): CommandSpec => ({ argv: ['kubectl', ...args], cwd: '/', env: {} });
  const answering =
    (result: Partial<CommandResult>, seen: string[][] = []) =>
    async (spec: CommandSpec) => {
      seen.push([...spec.argv]);
      return { exitCode: 0, stdout: '', tail: [], ...result } as CommandResult;
    };

  it('asks for exactly the rendered OpenStackCluster, read only, and names the refused field', async () => {
    const seen: string[][] = [];
    const live = JSON.stringify({ spec: { externalNetwork: { id: 'net-1' } } });
    const found = await liveForbiddenChanges(
      answering({ stdout: live }, seen),
      kubectl,
      manifests,
      'cluster.yaml',
      'kind-mgmt.kubeconfig',
    );
    expect(seen).toEqual([
      [
        'kubectl',
        'get',
        'openstackclusters.infrastructure.cluster.x-k8s.io',
        'c',
        '-n',
        'ns',
        '-o',
        'json',
        '--ignore-not-found',
      ],
    ]);
    expect(found).toEqual([
      {
        object: 'OpenStackCluster ns/c',
        name: 'c',
        namespace: 'ns',
        changes: [
          { field: 'spec.externalNetwork', configField: 'deployment.cluster_api.openstack.external_network_id' },
        ],
      },
    ]);
    const error = forbiddenChangesError(found)!;
    expect(error).toBeInstanceOf(RefusalError);
    expect(error.message).toContain(
      'OpenStackCluster ns/c: spec.externalNetwork (set by deployment.cluster_api.openstack.external_network_id)',
    );
    expect(forbiddenChangesError([])).toBeUndefined();
  });

  it.each([
    ['not created yet', { stdout: '' }],
    [
      'no Cluster API on that cluster',
      { exitCode: 1, tail: ['error: the server doesn\'t have a resource type "openstackclusters"'] },
    ],
  ])('nothing to refuse when %s', async (_what, result) => {
    expect(
      await liveForbiddenChanges(answering(result), kubectl, manifests, 'cluster.yaml', 'kind-mgmt.kubeconfig'),
    ).toEqual([]);
  });

  it.each([
    [
      'kubectl fails otherwise',
      { exitCode: 1, tail: ['Unable to connect to the server: dial tcp: i/o timeout'] },
      /cannot read OpenStackCluster ns\/c from the management cluster \(kind-mgmt\.kubeconfig\): .*i\/o timeout/,
    ],
    [
      'kubectl prints no JSON',
      { stdout: 'not json' },
      /kubectl get OpenStackCluster ns\/c -o json printed no JSON object/,
    ],
  ])('a clear error when %s', async (_what, result, message) => {
    const reading = liveForbiddenChanges(answering(result), kubectl, manifests, 'cluster.yaml', 'kind-mgmt.kubeconfig');
    await expect(reading).rejects.toBeInstanceOf(UserError);
    await expect(reading).rejects.toThrow(message);
  });
});
