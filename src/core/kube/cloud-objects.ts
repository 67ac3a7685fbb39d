import { z } from 'zod';
import { notJsonOf, parseToolJson } from '../lib/tool-json.js';

/**
 * The Kubernetes objects whose deletion makes OpenStack resources go that no tofu state holds:
 * LoadBalancer Services (the cloud controller's Octavia load balancers) and claims on Cinder CSI
 * volumes. Read from one `kubectl get services,persistentvolumeclaims,persistentvolumes,pods -A -o json`.
 */

/** The CSI driver name of Cinder (cloud-provider-openstack pkg/csi/cinder/driver.go `driverName`). */
const CINDER_CSI_DRIVER = 'cinder.csi.openstack.org';
/** The claims' finalizer that waits for every pod using the claim (kubernetes pkg/controller/volume/pvcprotection). */
export const PVC_PROTECTION_FINALIZER = 'kubernetes.io/pvc-protection';

/** What `kubectl get` of those four kinds is asked for, in order. */
export const CLOUD_OBJECT_KINDS = 'services,persistentvolumeclaims,persistentvolumes,pods';

const Meta = z.object({ name: z.string(), namespace: z.string().optional() });
const ItemSchema = z.object({
  kind: z.string(),
  metadata: Meta.extend({
    annotations: z.record(z.string(), z.string()).optional(),
    deletionTimestamp: z.string().optional(),
  }),
  spec: z
    .object({
      type: z.string().optional(),
      volumeName: z.string().optional(),
      persistentVolumeReclaimPolicy: z.string().optional(),
      csi: z.object({ driver: z.string(), volumeHandle: z.string() }).partial().optional(),
      claimRef: z.object({ namespace: z.string(), name: z.string() }).partial().optional(),
      volumes: z
        .array(z.object({ persistentVolumeClaim: z.object({ claimName: z.string() }).optional() }).loose())
        .optional(),
    })
    .loose()
    .optional(),
  status: z.object({ phase: z.string().optional() }).loose().optional(),
});
const ListSchema = z.object({ items: z.array(ItemSchema) });

export interface ObjectRef {
  namespace: string;
  name: string;
}

export interface CinderClaim extends ObjectRef {
  /** The bound PersistentVolume, when bound. */
  volume?: string;
  /** The bound volume's reclaim policy: only `Delete` makes Cinder delete the volume. */
  reclaimPolicy?: string;
  /** Pods (namespace/name) that mount the claim: its pvc-protection finalizer stays until they are gone. */
  usedBy: string[];
}

export interface CloudObjects {
  loadBalancers: ObjectRef[];
  claims: CinderClaim[];
  /** PersistentVolumes of Cinder CSI that still exist (to wait for their deletion). */
  volumes: string[];
}

/**
 * Parses kubectl's List. A claim counts when its volume is Cinder CSI's or (unbound yet) its
 * provisioner annotation names Cinder CSI (set by the PV controller, pv_controller.go
 * `annStorageProvisioner` and its beta form): a pending one would still make a volume.
 */
export function parseCloudObjects(json: string): CloudObjects {
  const list = parseToolJson(
    json,
    ListSchema,
    notJsonOf(`kubectl get ${CLOUD_OBJECT_KINDS} -o json`, json, 'an object list', ''),
  );
  const of = (kind: string) => list.items.filter((item) => item.kind === kind);
  const cinderVolumes = new Map(
    of('PersistentVolume')
      .filter((pv) => pv.spec?.csi?.driver === CINDER_CSI_DRIVER)
      .map((pv) => [pv.metadata.name, pv]),
  );
  const usedBy = new Map<string, string[]>();
  for (const pod of of('Pod')) {
    for (const volume of pod.spec?.volumes ?? []) {
      const claim = volume.persistentVolumeClaim?.claimName;
      if (!claim) continue;
      const key = `${pod.metadata.namespace}/${claim}`;
      usedBy.set(key, [...(usedBy.get(key) ?? []), `${pod.metadata.namespace}/${pod.metadata.name}`]);
    }
  }
  const claims = of('PersistentVolumeClaim')
    .filter((claim) => {
      const bound = claim.spec?.volumeName;
      if (bound) return cinderVolumes.has(bound);
      const annotations = claim.metadata.annotations ?? {};
      return (
        annotations['volume.kubernetes.io/storage-provisioner'] === CINDER_CSI_DRIVER ||
        annotations['volume.beta.kubernetes.io/storage-provisioner'] === CINDER_CSI_DRIVER
      );
    })
    .map((claim) => {
      const namespace = claim.metadata.namespace ?? 'default';
      const volume = claim.spec?.volumeName || undefined;
      return {
        namespace,
        name: claim.metadata.name,
        volume,
        reclaimPolicy: volume ? cinderVolumes.get(volume)?.spec?.persistentVolumeReclaimPolicy : undefined,
        usedBy: usedBy.get(`${namespace}/${claim.metadata.name}`) ?? [],
      };
    });
  return {
    loadBalancers: of('Service')
      .filter((service) => service.spec?.type === 'LoadBalancer')
      .map((service) => ({ namespace: service.metadata.namespace ?? 'default', name: service.metadata.name })),
    claims,
    volumes: [...cinderVolumes.keys()],
  };
}

/** What is still there of what was deleted: Services, claims not in use, and their volumes. */
export function remainingAfterDelete(
  deleted: { loadBalancers: ObjectRef[]; claims: CinderClaim[] },
  now: CloudObjects,
): string[] {
  const ref = (kind: string, o: ObjectRef) => `${kind} ${o.namespace}/${o.name}`;
  const has = (list: ObjectRef[], o: ObjectRef) => list.some((x) => x.namespace === o.namespace && x.name === o.name);
  return [
    ...deleted.loadBalancers.filter((o) => has(now.loadBalancers, o)).map((o) => ref('service', o)),
    ...deleted.claims.filter((o) => has(now.claims, o)).map((o) => ref('persistentvolumeclaim', o)),
    ...deleted.claims
      .filter((o) => o.volume && o.reclaimPolicy === 'Delete' && now.volumes.includes(o.volume))
      .map((o) => `persistentvolume ${o.volume}`),
  ];
}
