import { randomUUID } from 'node:crypto';

/**
 * The Kubernetes objects a destroy must clean up before `tofu destroy` (LoadBalancer Services, claims
 * on Cinder volumes, the pods using them), served by the Kubespray sandbox's API stand-in (kube-api.ts),
 * with the controllers that turn their deletion into OpenStack deletions. Each behaviour is the real
 * controller's, cited beside it; the cloud side is the sandbox's OpenStack (openstack-api.ts `cloud`).
 */

/** What the controllers call in the cloud (the sandbox OpenStack's Octavia and Cinder). */
export interface SandboxCloud {
  createLoadBalancer(name: string, tags: string[]): void;
  /** Deletes the load balancer of that name; false when there is none. */
  deleteLoadBalancer(name: string): boolean;
  /** A new volume with the Cinder CSI's metadata; its id. */
  createVolume(name: string, metadata: Record<string, string>): string;
  deleteVolume(id: string): boolean;
}

type KubeObject = {
  apiVersion: 'v1';
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    uid: string;
    resourceVersion: string;
    creationTimestamp: string;
    finalizers?: string[];
    deletionTimestamp?: string;
    annotations?: Record<string, string>;
  };
  spec: Record<string, unknown>;
  status?: Record<string, unknown>;
};

const RESOURCES = {
  services: { kind: 'Service', namespaced: true },
  persistentvolumeclaims: { kind: 'PersistentVolumeClaim', namespaced: true },
  persistentvolumes: { kind: 'PersistentVolume', namespaced: false },
  pods: { kind: 'Pod', namespaced: true },
} as const;
type Resource = keyof typeof RESOURCES;

/** The service controller's finalizer (k8s.io/cloud-provider controllers/service/controller.go `servicehelper.LoadBalancerCleanupFinalizer`). */
const LB_FINALIZER = 'service.kubernetes.io/load-balancer-cleanup';
/** pkg/controller/volume/pvcprotection/pvc_protection_controller.go: removed only once no pod uses the claim. */
const PVC_FINALIZER = 'kubernetes.io/pvc-protection';
const CINDER_CSI = 'cinder.csi.openstack.org';

/** The entries of discovery's `/api/v1` for these resources (verbs as the apiserver lists them). */
export const OBJECT_RESOURCES = Object.entries(RESOURCES).map(([name, { kind, namespaced }]) => ({
  name,
  singularName: kind.toLowerCase(),
  namespaced,
  kind,
  verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
  shortNames: { services: ['svc'], persistentvolumeclaims: ['pvc'], persistentvolumes: ['pv'], pods: ['po'] }[name],
}));

export interface KubeObjects {
  /** A LoadBalancer Service with its Octavia load balancer, as the cloud controller leaves them once provisioned. */
  addLoadBalancerService(namespace: string, name: string): void;
  /** A claim bound to a Cinder CSI volume (reclaimPolicy Delete); `usedBy` adds a running pod that mounts it. */
  addClaim(namespace: string, name: string, options?: { usedBy?: string }): void;
  /** The cloud controller stops (its finalizer then stays): the unhappy path of a destroy. */
  setCloudControllerRunning(running: boolean): void;
  /** Answers a request for these resources, or undefined for any other path. */
  handle(method: string, path: string): { status: number; body: unknown } | undefined;
}

export function kubeObjects(options: { clusterName: string; cloud?: SandboxCloud }): KubeObjects {
  const store: Record<Resource, Map<string, KubeObject>> = {
    services: new Map(),
    persistentvolumeclaims: new Map(),
    persistentvolumes: new Map(),
    pods: new Map(),
  };
  let version = 1;
  let ccmRunning = true;
  const key = (namespace: string | undefined, name: string) => `${namespace ?? ''}/${name}`;
  const make = (
    kind: string,
    name: string,
    namespace: string | undefined,
    spec: Record<string, unknown>,
    extra: Partial<KubeObject['metadata']> = {},
  ): KubeObject => ({
    apiVersion: 'v1',
    kind,
    metadata: {
      name,
      ...(namespace && { namespace }),
      uid: randomUUID(),
      resourceVersion: String(++version),
      creationTimestamp: '2026-01-01T00:00:00Z',
      ...extra,
    },
    spec,
  });
  const put = (resource: Resource, object: KubeObject) =>
    store[resource].set(key(object.metadata.namespace, object.metadata.name), object);

  /** Drops a finalizer; an object being deleted goes once it has none (apiserver registry/generic/registry/store.go). */
  const finalize = (resource: Resource, object: KubeObject, finalizer: string) => {
    object.metadata.finalizers = (object.metadata.finalizers ?? []).filter((f) => f !== finalizer);
    object.metadata.resourceVersion = String(++version);
    if (object.metadata.deletionTimestamp && object.metadata.finalizers.length === 0)
      store[resource].delete(key(object.metadata.namespace, object.metadata.name));
  };

  const claimInUse = (namespace: string, claim: string) =>
    [...store.pods.values()].some(
      (pod) =>
        pod.metadata.namespace === namespace &&
        (pod.spec.volumes as { persistentVolumeClaim?: { claimName: string } }[] | undefined)?.some(
          (v) => v.persistentVolumeClaim?.claimName === claim,
        ),
    );

  /**
   * The controllers, one pass after each change (they are asynchronous in a cluster; a pass after the
   * reply keeps a `kubectl delete` seeing the object Terminating, as against a real one).
   */
  const reconcile = () => {
    // Service controller (cloud-provider controllers/service/controller.go processLoadBalancerDelete): the
    // cloud's EnsureLoadBalancerDeleted, then the finalizer goes. CPO (pkg/openstack/loadbalancer.go
    // EnsureLoadBalancerDeleted → deleteLoadBalancer) finds the load balancer by GetLoadBalancerName,
    // `kube_service_<cluster>_<namespace>_<name>`, and deletes it with cascade.
    for (const service of [...store.services.values()]) {
      if (!service.metadata.deletionTimestamp || !ccmRunning) continue;
      options.cloud?.deleteLoadBalancer(lbName(options.clusterName, service));
      finalize('services', service, LB_FINALIZER);
    }
    // PVC protection: the finalizer goes once no pod uses the claim; then the PV controller
    // (pkg/controller/volume/persistentvolume/pv_controller.go) releases the bound volume and, with
    // reclaimPolicy Delete, the external provisioner deletes it through the CSI driver (CPO
    // pkg/csi/cinder/controllerserver.go DeleteVolume → Cinder), then the PV.
    for (const claim of [...store.persistentvolumeclaims.values()]) {
      const { namespace, name, deletionTimestamp } = claim.metadata;
      if (!deletionTimestamp || claimInUse(namespace!, name)) continue;
      finalize('persistentvolumeclaims', claim, PVC_FINALIZER);
      const volume = store.persistentvolumes.get(key(undefined, String(claim.spec.volumeName)));
      if (!volume) continue;
      const csi = volume.spec.csi as { driver: string; volumeHandle: string };
      if (volume.spec.persistentVolumeReclaimPolicy === 'Delete' && csi.driver === CINDER_CSI) {
        options.cloud?.deleteVolume(csi.volumeHandle);
        store.persistentvolumes.delete(key(undefined, volume.metadata.name));
      } else volume.status = { phase: 'Released' };
    }
  };

  const list = (resource: Resource, namespace?: string) => ({
    kind: `${RESOURCES[resource].kind}List`,
    apiVersion: 'v1',
    metadata: { resourceVersion: String(version) },
    items: [...store[resource].values()].filter((o) => !namespace || o.metadata.namespace === namespace),
  });

  return {
    addLoadBalancerService(namespace, name) {
      const service = make(
        'Service',
        name,
        namespace,
        { type: 'LoadBalancer', ports: [{ port: 80, protocol: 'TCP', nodePort: 30080 }] },
        { finalizers: [LB_FINALIZER] },
      );
      service.status = { loadBalancer: { ingress: [{ ip: '10.2.128.200' }] } };
      put('services', service);
      // CPO tags the load balancer with its name when Octavia supports tags (loadbalancer.go createOctaviaLoadBalancer).
      const lb = lbName(options.clusterName, service);
      options.cloud?.createLoadBalancer(lb, [lb]);
    },
    addClaim(namespace, name, { usedBy } = {}) {
      const pvName = `pvc-${randomUUID()}`;
      const volumeId =
        options.cloud?.createVolume(pvName, { [`${CINDER_CSI}/cluster`]: options.clusterName }) ?? pvName;
      const pv = make('PersistentVolume', pvName, undefined, {
        capacity: { storage: '1Gi' },
        persistentVolumeReclaimPolicy: 'Delete',
        claimRef: { namespace, name },
        csi: { driver: CINDER_CSI, volumeHandle: volumeId },
      });
      pv.status = { phase: 'Bound' };
      put('persistentvolumes', pv);
      const claim = make(
        'PersistentVolumeClaim',
        name,
        namespace,
        { volumeName: pvName, storageClassName: 'cinder-csi', resources: { requests: { storage: '1Gi' } } },
        {
          finalizers: [PVC_FINALIZER],
          annotations: { 'volume.kubernetes.io/storage-provisioner': CINDER_CSI },
        },
      );
      claim.status = { phase: 'Bound' };
      put('persistentvolumeclaims', claim);
      if (usedBy)
        put(
          'pods',
          make('Pod', usedBy, namespace, {
            volumes: [{ name: 'data', persistentVolumeClaim: { claimName: name } }],
          }),
        );
    },
    setCloudControllerRunning(running) {
      ccmRunning = running;
      if (running) reconcile();
    },
    handle(method, path) {
      const match = /^\/api\/v1\/(?:namespaces\/([^/]+)\/)?([a-z]+)(?:\/([^/]+))?$/.exec(path);
      if (!match || !(match[2]! in RESOURCES)) return undefined;
      const [, namespace, resource, name] = match as unknown as [string, string | undefined, Resource, string?];
      if (!name) return method === 'GET' ? { status: 200, body: list(resource, namespace) } : undefined;
      const object = store[resource].get(key(RESOURCES[resource].namespaced ? namespace : undefined, name));
      if (!object)
        return {
          status: 404,
          body: {
            kind: 'Status',
            apiVersion: 'v1',
            metadata: {},
            status: 'Failure',
            message: `${resource} "${name}" not found`,
            reason: 'NotFound',
            details: { name, kind: resource },
            code: 404,
          },
        };
      if (method === 'GET') return { status: 200, body: object };
      if (method !== 'DELETE') return undefined;
      // A delete with finalizers sets deletionTimestamp and keeps the object (registry/generic/registry/store.go).
      if (object.metadata.finalizers?.length) {
        object.metadata.deletionTimestamp ??= new Date().toISOString().replace(/\.\d+Z$/, 'Z');
        object.metadata.resourceVersion = String(++version);
        setTimeout(reconcile, 20);
      } else {
        store[resource].delete(key(object.metadata.namespace, object.metadata.name));
        setTimeout(reconcile, 20);
      }
      return { status: 200, body: object };
    },
  };
}

function lbName(cluster: string, service: KubeObject): string {
  return `kube_service_${cluster}_${service.metadata.namespace}_${service.metadata.name}`.slice(0, 255);
}
