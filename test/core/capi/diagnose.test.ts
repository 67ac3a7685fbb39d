import { describe, expect, it } from 'vitest';
import { diagnose, erroredServers, reconcileErrors } from '../../../src/core/capi/diagnose.js';

const values = {
  namespace: 'default',
  cluster: 'c1',
  controlPlaneFlavor: 'm1.medium',
  nodeFlavor: 'm1.nope',
  image: 'img',
  cloud: 'openstack',
  externalNetworkId: '0f4b3a52-1c1e-4d8e-9b55-3f2d8c1e7a10',
};

/** A controller-runtime "Reconciler error" line as CAPO's manager prints it (klog text). */
const logLine = (kind: string, name: string, err: string, namespace = 'default') =>
  `E1126 12:00:00.000000       1 controller.go:474] "Reconciler error" err=${JSON.stringify(err)} controller="${kind.toLowerCase()}" controllerGroup="infrastructure.cluster.x-k8s.io" controllerKind="${kind}" ${kind}="${namespace}/${name}" namespace="${namespace}" name="${name}" reconcileID="x"`;

describe('diagnose: what CAPO left, and the field to fix', () => {
  it.each([
    [
      'a worker flavor that does not exist',
      logLine('OpenStackServer', 'c1-md-0-abc-def', 'no flavors were found: name=m1.nope'),
      'deployment.cluster_api.openstack.node_machine_flavor: flavor "m1.nope" does not exist',
    ],
    [
      'the control plane flavor',
      logLine('OpenStackServer', 'c1-control-plane-abc', 'no flavors were found: name=m1.medium'),
      'deployment.cluster_api.openstack.control_plane_machine_flavor: flavor "m1.medium"',
    ],
    [
      'an image that does not exist',
      logLine('OpenStackServer', 'c1-md-0-x', 'no images were found with the given image filter: name=img, tags=[]'),
      'deployment.cluster_api.openstack.image_name: no image named "img"',
    ],
    [
      'a cloud name missing from clouds.yaml',
      logLine('OpenStackCluster', 'c1', 'auth option failed for cloud : Missing input for argument [auth_url]'),
      'deployment.cluster_api.openstack.cloud: "openstack" is not a cloud',
    ],
    [
      'credentials Keystone refuses',
      logLine(
        'OpenStackCluster',
        'c1',
        'providerClient authentication err: Expected HTTP response code [201] when accessing [POST http://k/v3/auth/tokens], but got 401 instead',
      ),
      'opencenter.infrastructure.cloud.openstack: Keystone refused',
    ],
    [
      'an external network that does not exist',
      logLine(
        'OpenStackCluster',
        'c1',
        'failed to reconcile external network: failed to get external network: Resource not found',
      ),
      'deployment.cluster_api.openstack.external_network_id: no external network "0f4b3a52',
    ],
    [
      'ORC missing: the manager exits before any reconcile (CAPO v0.14.7 main.go:310)',
      'E1126 12:00:00.000000       1 main.go:310] "problem running manager" err="failed to wait for openstackserver caches to sync kind source: *v1alpha1.Image: timed out waiting for cache to be synced for Kind *v1alpha1.Image" logger="setup"',
      "deployment.cluster_api.providers.orc: ORC's CRDs are missing on the management cluster",
    ],
  ])('%s', (_what, log, advice) => {
    const found = diagnose(values, { log });
    expect(found.evidence).toHaveLength(1);
    expect(found.advice.join('\n')).toContain(advice);
  });

  it("ignores other clusters' and other namespaces' lines, and lines that are no reconcile errors", () => {
    const log = [
      logLine('OpenStackServer', 'c10-md-0-x', 'no flavors were found: name=a'),
      logLine('OpenStackServer', 'c1-md-0-x', 'no flavors were found: name=b', 'other'),
      'I1126 12:00:00.000000       1 controller.go:1] "Reconciling Server create" name="c1-md-0-x" namespace="default"',
    ].join('\n');
    expect(reconcileErrors(log, 'default', 'c1')).toEqual([]);
    expect(diagnose(values, { log }).evidence).toEqual([]);
  });

  it('keeps one line per distinct message (every retry and every machine repeat it)', () => {
    const log = [1, 2, 3]
      .map((i) => logLine('OpenStackServer', `c1-md-0-${i}`, 'no flavors were found: name=m1.nope'))
      .join('\n');
    expect(diagnose(values, { log }).evidence).toEqual([
      'OpenStackServer c1-md-0-1: no flavors were found: name=m1.nope',
    ]);
  });

  it('reads Warning Events and warning conditions of the cluster’s objects; garbage is no evidence', () => {
    const eventsJson = JSON.stringify({
      items: [
        {
          type: 'Warning',
          reason: 'Faileddeletenetwork',
          message: 'Failed to delete network n with id 1: 409 NetworkInUse',
          count: 4,
          involvedObject: { kind: 'OpenStackCluster', name: 'c1' },
        },
        { type: 'Normal', reason: 'Successfulcreateserver', message: 'ok', involvedObject: { name: 'c1-md-0-a' } },
      ],
    });
    const objectsJson = JSON.stringify({
      items: [
        {
          kind: 'OpenStackCluster',
          metadata: { name: 'c1' },
          status: {
            conditions: [
              {
                type: 'Ready',
                status: 'False',
                reason: 'OpenStackError',
                message: 'failed to reconcile external network: x',
              },
            ],
          },
        },
      ],
    });
    const found = diagnose(values, { eventsJson, objectsJson });
    expect(found.evidence).toEqual([
      'OpenStackCluster c1: Faileddeletenetwork: Failed to delete network n with id 1: 409 NetworkInUse (4 times)',
      'OpenStackCluster c1: Ready OpenStackError: failed to reconcile external network: x',
    ]);
    expect(found.advice.join()).toContain('external_network_id');
    expect(diagnose(values, { eventsJson: 'not json', objectsJson: '{"items": 3}', log: '' })).toEqual({
      evidence: [],
      nova: [],
      advice: [],
    });
  });
});

describe("Nova's fault where CAPO keeps no message", () => {
  it.each([
    [
      'No valid host was found. There are not enough hosts available.',
      'a smaller flavor (deployment.cluster_api.openstack.*_machine_flavor), another deployment.cluster_api.openstack.failure_domain',
    ],
    [
      'Exceeded maximum number of retries. Exhausted all hosts available for retrying build failures for instance x.',
      'Nova found no host for the server',
    ],
    [
      "Flavor's disk is too small for requested image. Flavor disk is 1073741824 bytes, image is 2147483648 bytes.",
      "deployment.cluster_api.openstack.*_machine_flavor: the flavor's root disk is smaller than the image",
    ],
    ['Image 6e1f could not be found.', 'deployment.cluster_api.openstack.image_name: Nova cannot find the image'],
    ['Keypair deploy not found for user u1', 'deployment.cluster_api.openstack.ssh_key_name: no such key pair'],
  ])('%s', (fault, advice) => {
    const nova = [`server c1-md-0-x (1234) is ERROR, fault 500: ${fault}`];
    const found = diagnose(values, { nova });
    expect(found.nova).toEqual(nova);
    expect(found.advice.join('\n')).toContain(advice);
  });

  // CAPO v0.14.7: the OpenStackServer has status.instanceID from the create; an OpenStackMachine only once ACTIVE.
  const server = (name: string, state: string, id?: string) => ({
    kind: 'OpenStackServer',
    metadata: { name },
    status: { instanceState: state, ...(id && { instanceID: id }) },
  });
  const machine = (name: string, state: string, fields: { id?: string; providerID?: string } = {}) => ({
    kind: 'OpenStackMachine',
    metadata: { name },
    ...(fields.providerID && { spec: { providerID: fields.providerID } }),
    status: { instanceState: state, ...(fields.id && { instanceID: fields.id }) },
  });
  it.each([
    ['an OpenStackServer in ERROR', [server('c1-md-0-a', 'ERROR', 'id-a')], [{ name: 'c1-md-0-a', id: 'id-a' }]],
    [
      'an OpenStackMachine in ERROR takes its server of the same name (once, not twice)',
      [machine('c1-md-0-a', 'ERROR'), server('c1-md-0-a', 'ERROR', 'id-a')],
      [{ name: 'c1-md-0-a', id: 'id-a' }],
    ],
    [
      'an OpenStackMachine in ERROR whose server is gone: its instanceID, else its providerID',
      [
        machine('c1-md-0-a', 'ERROR', { id: 'id-a' }),
        machine('c1-md-0-b', 'ERROR', { providerID: 'openstack://RegionOne/id-b' }),
        machine('c1-md-0-c', 'ERROR', { providerID: 'openstack:///id-c' }),
      ],
      [
        { name: 'c1-md-0-a', id: 'id-a' },
        { name: 'c1-md-0-b', id: 'id-b' },
        { name: 'c1-md-0-c', id: 'id-c' },
      ],
    ],
    [
      'ACTIVE or BUILD servers, another cluster, no id at all: none',
      [
        server('c1-md-0-a', 'ACTIVE', 'id-a'),
        server('c1-md-0-b', 'BUILD', 'id-b'),
        server('c10-md-0-a', 'ERROR', 'id-c'),
        machine('c1-md-0-d', 'ERROR'),
      ],
      [],
    ],
  ])('erroredServers: %s', (_what, items, expected) => {
    expect(erroredServers(JSON.stringify({ items }), 'c1')).toEqual(expected);
  });

  it('erroredServers: garbage is none', () => {
    expect(erroredServers('not json', 'c1')).toEqual([]);
    expect(erroredServers('{"items": [{"kind": 3}]}', 'c1')).toEqual([]);
  });
});
