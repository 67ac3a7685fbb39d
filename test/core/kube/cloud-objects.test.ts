import { describe, expect, it } from 'vitest';
import { parseCloudObjects, remainingAfterDelete } from '../../../src/core/kube/cloud-objects.js';

const list = (...items: unknown[]) => JSON.stringify({ apiVersion: 'v1', kind: 'List', items });
const service = (name: string, type: string) => ({
  kind: 'Service',
  metadata: { name, namespace: 'shop' },
  spec: { type },
});
const pv = (name: string, driver: string, policy = 'Delete') => ({
  kind: 'PersistentVolume',
  metadata: { name },
  spec: { persistentVolumeReclaimPolicy: policy, csi: { driver, volumeHandle: `vol-${name}` } },
});
const claim = (name: string, volumeName?: string, provisioner?: string) => ({
  kind: 'PersistentVolumeClaim',
  metadata: {
    name,
    namespace: 'shop',
    ...(provisioner && { annotations: { 'volume.kubernetes.io/storage-provisioner': provisioner } }),
  },
  spec: { ...(volumeName && { volumeName }) },
});
const pod = (name: string, claimName: string) => ({
  kind: 'Pod',
  metadata: { name, namespace: 'shop' },
  spec: {
    volumes: [
      { name: 'data', persistentVolumeClaim: { claimName } },
      { name: 'tmp', emptyDir: {} },
    ],
  },
});

describe('the objects whose deletion frees OpenStack resources', () => {
  it('LoadBalancer Services only; claims on Cinder CSI volumes (or pending with its provisioner), with the pods using them', () => {
    const found = parseCloudObjects(
      list(
        service('web', 'LoadBalancer'),
        service('api', 'ClusterIP'),
        service('node', 'NodePort'),
        pv('pv-a', 'cinder.csi.openstack.org'),
        pv('pv-b', 'nfs.csi.k8s.io'),
        pv('pv-c', 'cinder.csi.openstack.org', 'Retain'),
        claim('a', 'pv-a'),
        claim('b', 'pv-b'),
        claim('c', 'pv-c'),
        claim('pending', undefined, 'cinder.csi.openstack.org'),
        claim('pending-nfs', undefined, 'nfs.csi.k8s.io'),
        pod('db-0', 'a'),
      ),
    );
    expect(found.loadBalancers).toEqual([{ namespace: 'shop', name: 'web' }]);
    expect(found.claims).toEqual([
      { namespace: 'shop', name: 'a', volume: 'pv-a', reclaimPolicy: 'Delete', usedBy: ['shop/db-0'] },
      { namespace: 'shop', name: 'c', volume: 'pv-c', reclaimPolicy: 'Retain', usedBy: [] },
      { namespace: 'shop', name: 'pending', volume: undefined, reclaimPolicy: undefined, usedBy: [] },
    ]);
    expect(found.volumes).toEqual(['pv-a', 'pv-c']);
  });

  it('what remains: the Services and claims still listed, and Delete-policy volumes not yet gone (a Retain one is never awaited)', () => {
    const deleted = parseCloudObjects(
      list(
        service('web', 'LoadBalancer'),
        pv('pv-a', 'cinder.csi.openstack.org'),
        pv('pv-c', 'cinder.csi.openstack.org', 'Retain'),
        claim('a', 'pv-a'),
        claim('c', 'pv-c'),
      ),
    );
    const now = parseCloudObjects(
      list(pv('pv-a', 'cinder.csi.openstack.org'), pv('pv-c', 'cinder.csi.openstack.org', 'Retain')),
    );
    expect(remainingAfterDelete(deleted, now)).toEqual(['persistentvolume pv-a']);
    expect(remainingAfterDelete(deleted, parseCloudObjects(list()))).toEqual([]);
  });

  it.each([
    ['not JSON', 'error: the server', /did not print JSON/],
    ['not a list', '{"kind": "Status"}', /not an object list/],
  ])('kubectl printing %s is a clear error', (_name, text, message) => {
    expect(() => parseCloudObjects(text)).toThrow(message);
  });
});
