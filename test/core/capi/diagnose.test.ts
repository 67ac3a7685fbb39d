import { describe, expect, it } from 'vitest';
import { diagnose, reconcileErrors } from '../../../src/core/capi/diagnose.js';

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
      advice: [],
    });
  });
});
