import { randomBytes, randomUUID } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import type { ApiServerStandIn, KubeObject } from './api-server.js';
import { parseVersion } from './webhooks.js';

/**
 * Simulated Cluster API (core, kubeadm bootstrap and control plane) and CAPO controllers, and the
 * kubelets of the workload clusters. They act only through the API server stand-in (what users see
 * with kubectl) and the simulated OpenStack below; each reconcile pass moves every object at most
 * one step, so the speed of a whole cluster is the tick interval the sandbox cloud chooses.
 */

type TypeRef = { group: string; kind: string };
export const CLUSTER: TypeRef = { group: 'cluster.x-k8s.io', kind: 'Cluster' };
export const MACHINE: TypeRef = { group: 'cluster.x-k8s.io', kind: 'Machine' };
export const MACHINE_DEPLOYMENT: TypeRef = { group: 'cluster.x-k8s.io', kind: 'MachineDeployment' };
export const KUBEADM_CONTROL_PLANE: TypeRef = { group: 'controlplane.cluster.x-k8s.io', kind: 'KubeadmControlPlane' };
export const KUBEADM_CONFIG: TypeRef = { group: 'bootstrap.cluster.x-k8s.io', kind: 'KubeadmConfig' };
export const KUBEADM_CONFIG_TEMPLATE: TypeRef = { group: 'bootstrap.cluster.x-k8s.io', kind: 'KubeadmConfigTemplate' };
export const OPENSTACK_CLUSTER: TypeRef = { group: 'infrastructure.cluster.x-k8s.io', kind: 'OpenStackCluster' };
export const OPENSTACK_MACHINE: TypeRef = { group: 'infrastructure.cluster.x-k8s.io', kind: 'OpenStackMachine' };
export const OPENSTACK_MACHINE_TEMPLATE: TypeRef = {
  group: 'infrastructure.cluster.x-k8s.io',
  kind: 'OpenStackMachineTemplate',
};
export const OPENSTACK_SERVER: TypeRef = { group: 'infrastructure.cluster.x-k8s.io', kind: 'OpenStackServer' };
export const PROVIDER: TypeRef = { group: 'clusterctl.cluster.x-k8s.io', kind: 'Provider' };
export const SECRET: TypeRef = { group: '', kind: 'Secret' };
export const NODE: TypeRef = { group: '', kind: 'Node' };
const DAEMON_SET: TypeRef = { group: 'apps', kind: 'DaemonSet' };
const DEPLOYMENT: TypeRef = { group: 'apps', kind: 'Deployment' };

export const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name';
const CONTROL_PLANE_LABEL = 'cluster.x-k8s.io/control-plane';
const CONTROL_PLANE_NAME_LABEL = 'cluster.x-k8s.io/control-plane-name';
const DEPLOYMENT_NAME_LABEL = 'cluster.x-k8s.io/deployment-name';
export const PAUSED_ANNOTATION = 'cluster.x-k8s.io/paused';
const CLONED_FROM_NAME = 'cluster.x-k8s.io/cloned-from-name';
const CLUSTER_FINALIZER = 'cluster.cluster.x-k8s.io';
const MACHINE_FINALIZER = 'machine.cluster.x-k8s.io';
const UNINITIALIZED_TAINT = 'node.cloudprovider.kubernetes.io/uninitialized';
/** The providers whose controllers these are; until `clusterctl init` installed them, nothing reconciles. */
const REQUIRED_PROVIDERS = ['cluster-api', 'bootstrap-kubeadm', 'control-plane-kubeadm', 'infrastructure-openstack'];

export interface SimServer {
  id: string;
  name: string;
  /** `<namespace>/<cluster>`. */
  cluster: string;
  status: 'BUILD' | 'ACTIVE' | 'ERROR';
  /** The Nova fault's message once the server is in ERROR (what `GET /servers/{id}` shows, ./nova.ts). */
  fault?: string;
  /** When the fault was recorded (the fault's `created`). */
  faultAt?: string;
  createdAt?: string;
  flavor?: string;
  /** The Glance image it boots (the OpenStackMachine's spec.image.filter.name). */
  image?: string;
  address: string;
}

export interface SimLoadBalancer {
  id: string;
  name: string;
  cluster: string;
  vip: string;
  /** `api`: CAPO's API load balancer; `service`: one the cloud controller manager made for a `LoadBalancer` Service. */
  owner: 'api' | 'service';
  /** The Neutron network its VIP port sits on (a Service's LB blocks that network's deletion). */
  networkId?: string;
  /** `<namespace>/<name>` of the Service, for the CCM's. */
  service?: string;
}

/** A Neutron network or router CAPO made for a cluster. */
export interface SimNetworkResource {
  id: string;
  name: string;
  cluster: string;
}

/**
 * A Neutron floating IP. `createdBy` is the description CAPO gives the ones it makes (`names.GetDescription`:
 * "Created by cluster-api-provider-openstack cluster <ns>-<name>"); a pre-created one has none. `server`: the server
 * whose port it is associated with (Neutron clears it when that port goes with the server).
 */
export interface SimFloatingIp {
  id: string;
  address: string;
  createdBy?: string;
  server?: string;
}

/** What exists in the simulated OpenStack project before any deploy: what a name in the template must match. */
export interface SimCatalog {
  flavors: Set<string>;
  images: Set<string>;
  externalNetworks: Set<string>;
  /** Application credential id → secret; a clouds.yaml with another pair fails authentication. */
  applicationCredentials: Map<string, string>;
}

/** The simulated OpenStack and the hosting of workload API servers, as the controllers use them. */
export interface SimulatedCloud {
  servers: Map<string, SimServer>;
  loadBalancers: Map<string, SimLoadBalancer>;
  networks: Map<string, SimNetworkResource>;
  routers: Map<string, SimNetworkResource>;
  /** Cinder volumes the CSI driver made for claims, by `<cluster>/<pv name>`. */
  volumes: Map<string, { id: string; name: string; cluster: string }>;
  /** By address; the project is not admin, so a floating IP is created only with an address Neutron picks. */
  floatingIps: Map<string, SimFloatingIp>;
  catalog: SimCatalog;
  /**
   * How long Nova keeps a new server in BUILD (a real boot takes minutes, against stall limits of 20-30: the sandbox's
   * tests scale both down). CAPO requeues a BUILD server every 10 s and moves on only once it is ACTIVE (CAPO v0.14.7
   * `controllers/openstackserver_controller.go:402-404`, `controllers/openstackmachine_controller.go:70`). Default 0.
   */
  serverBootMs?: number;
  /**
   * The Nova failure a test armed for the server about to be created, if any: `atCreate` a synchronous refusal of
   * the create request (quota), else an ERROR state reached after the create was accepted (scheduling).
   */
  takeServerFault(serverName: string): { message: string; atCreate: boolean } | undefined;
  /** The Nova error a test armed for the next delete of this server, if any (consumed). */
  takeDeleteFault(serverName: string): string | undefined;
  /** The workload cluster's API server, started (not ready) on first use, serving `kubernetesVersion` at /version. */
  workloadApi(clusterKey: string, kubernetesVersion: string | undefined): Promise<ApiServerStandIn>;
  existingWorkloadApi(clusterKey: string): ApiServerStandIn | undefined;
  deleteWorkloadApi(clusterKey: string): Promise<void>;
}

interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message?: string;
  lastTransitionTime: string;
}

// biome-ignore lint/suspicious/noExplicitAny: Kubernetes objects are open JSON; the simulation reads and writes fields of many kinds.
type Fields = Record<string, any>;
const clone = <T>(value: T): T => structuredClone(value);
/** The object's status, created empty when absent. */
function statusOf(object: KubeObject): Fields {
  if (!object.status) object.status = {};
  return object.status as Fields;
}
const meta = (object: KubeObject) => object.metadata;
const spec = (object: KubeObject) => (object.spec ?? {}) as Fields;
const status = (object: KubeObject) => (object.status ?? {}) as Fields;
const suffix = (length = 5) => [...randomBytes(length)].map((b) => 'bcdfghjklmnpqrstvwxz2456789'[b % 27]).join('');

export function conditionOf(object: KubeObject | undefined, type: string): Condition | undefined {
  return ((object?.status as { conditions?: Condition[] } | undefined)?.conditions ?? []).find((c) => c.type === type);
}

function setCondition(object: KubeObject, type: string, ok: boolean, reason: string, message = ''): void {
  const objectStatus = statusOf(object);
  if (!objectStatus.conditions) objectStatus.conditions = [];
  const conditions = objectStatus.conditions as Condition[];
  const next = ok ? 'True' : 'False';
  const existing = conditions.find((c) => c.type === type);
  if (existing) {
    if (existing.status !== next) existing.lastTransitionTime = new Date().toISOString();
    Object.assign(existing, { status: next, reason, message });
  } else conditions.push({ type, status: next, reason, message, lastTransitionTime: new Date().toISOString() });
}

function ownerReference(owner: KubeObject, controller = true) {
  return {
    apiVersion: owner.apiVersion,
    kind: owner.kind,
    name: owner.metadata.name,
    uid: owner.metadata.uid,
    controller,
    blockOwnerDeletion: true,
  };
}

export function isPaused(cluster: KubeObject): boolean {
  return spec(cluster).paused === true || meta(cluster).annotations?.[PAUSED_ANNOTATION] !== undefined;
}

/** Whether `clusterctl init` installed the providers in this API server. */
export function providersInstalled(api: ApiServerStandIn): boolean {
  const names = new Set(api.list(PROVIDER).map((p) => p.metadata.name));
  return REQUIRED_PROVIDERS.every((name) => names.has(name));
}

/** Whether ORC's Image CRD is installed (CAPO's manager needs it to start). */
function orcInstalled(api: ApiServerStandIn): boolean {
  return (
    api.get(
      { group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition' },
      undefined,
      'images.openstack.k-orc.cloud',
    ) !== undefined
  );
}

/** A Machine's phase as the simulation tracks it (v1beta2 never sets Failed). */
type MachinePhase = 'Pending' | 'Provisioning' | 'Provisioned' | 'Running' | 'Deleting';

const MAX_LOG_LINES = 2000;
const EVENT: TypeRef = { group: '', kind: 'Event' };

/** klog's text header (`E1126 12:34:56.123456       1 file.go:N] `), as the provider managers print it. */
function klogHeader(severity: 'I' | 'E', source: string): string {
  const now = new Date();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${severity}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())} ${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}:${pad(now.getUTCSeconds())}.${pad(now.getUTCMilliseconds() * 1000, 6)}       1 ${source}] `;
}

/** Go's `%q`-like quoting klog uses for values. */
const quote = (value: string) => JSON.stringify(value);

/**
 * CAPO's event reasons go through `cases.Title(language.English)`, which lowercases all but the first letter:
 * `FailedCreateServer` is recorded as `Failedcreateserver` (CAPO v0.14.7 `pkg/record/recorder.go:53-64`).
 */
const titleCase = (reason: string) => reason.charAt(0).toUpperCase() + reason.slice(1).toLowerCase();

export class CapiControllers {
  /** The CAPO manager's log (`kubectl logs` of its pod), most recent last, each line with when it was written. */
  readonly capoLog: { at: number; line: string }[] = [];

  constructor(
    private readonly api: ApiServerStandIn,
    private readonly cloud: SimulatedCloud,
  ) {}

  /**
   * An error returned from a reconcile: controller-runtime logs it as "Reconciler error" and requeues with
   * backoff; no condition and no Event (controller-runtime `pkg/internal/controller/controller.go`
   * reconcileHandler; CAPO v0.14.7 returns resolve and scope errors this way, see the callers).
   */
  private logReconcileError(controller: string, kind: string, object: KubeObject, error: string): void {
    const namespace = object.metadata.namespace ?? 'default';
    this.log(
      `${klogHeader('E', 'controller.go:474')}"Reconciler error" err=${quote(error)} controller=${quote(controller)} controllerGroup="infrastructure.cluster.x-k8s.io" controllerKind=${quote(kind)} ${kind}=${quote(`${namespace}/${object.metadata.name}`)} namespace=${quote(namespace)} name=${quote(object.metadata.name)} reconcileID=${quote(randomUUID())}`,
    );
  }

  private log(line: string): void {
    this.capoLog.push({ at: Date.now(), line });
    if (this.capoLog.length > MAX_LOG_LINES) this.capoLog.shift();
  }

  /**
   * A core/v1 Event as client-go's recorder writes it for CAPO (`record.Eventf`/`Warnf`, source
   * `openstack-controller`, CAPO v0.14.7 `main.go:296`); a repeat of the same reason and message bumps `count`.
   */
  private recordEvent(object: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string): void {
    const namespace = object.metadata.namespace ?? 'default';
    const title = titleCase(reason);
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const existing = this.api
      .list(EVENT, namespace)
      .find(
        (e) =>
          (e.involvedObject as Fields | undefined)?.uid === object.metadata.uid &&
          e.reason === title &&
          e.message === message,
      );
    if (existing) {
      this.api.put({ ...existing, count: Number(existing.count ?? 1) + 1, lastTimestamp: now });
      return;
    }
    this.api.put({
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: `${object.metadata.name}.${randomBytes(8).toString('hex')}`, namespace },
      involvedObject: {
        apiVersion: object.apiVersion,
        kind: object.kind,
        name: object.metadata.name,
        namespace,
        uid: object.metadata.uid,
      },
      reason: title,
      message,
      type,
      source: { component: 'openstack-controller' },
      reportingComponent: 'openstack-controller',
      firstTimestamp: now,
      lastTimestamp: now,
      count: 1,
    });
  }

  /** One reconcile pass over every Cluster (a no-op until the providers are installed). */
  async reconcile(): Promise<void> {
    if (!providersInstalled(this.api)) return;
    for (const cluster of this.api.list(CLUSTER)) {
      if (isPaused(cluster)) continue;
      if (meta(cluster).deletionTimestamp) await this.reconcileDelete(cluster);
      else await this.reconcileCluster(cluster);
    }
  }

  private loggedOrcMissing = false;

  /** Writes the object back when `change` altered it (no resourceVersion churn for watchers otherwise). */
  private update(
    type: TypeRef,
    namespace: string | undefined,
    name: string,
    change: (object: KubeObject) => void,
  ): KubeObject | undefined {
    const current = this.api.get(type, namespace, name);
    if (!current) return undefined;
    const next = clone(current);
    change(next);
    return JSON.stringify(next) === JSON.stringify(current) ? current : this.api.put(next);
  }

  private inCluster(type: TypeRef, namespace: string, clusterName: string): KubeObject[] {
    return this.api.list(type, namespace).filter((o) => o.metadata.labels?.[CLUSTER_NAME_LABEL] === clusterName);
  }

  private async reconcileCluster(cluster: KubeObject): Promise<void> {
    const { name } = cluster.metadata;
    const namespace = cluster.metadata.namespace ?? 'default';
    const key = `${namespace}/${name}`;
    cluster = this.update(CLUSTER, namespace, name, (c) => {
      if (!c.metadata.finalizers?.includes(CLUSTER_FINALIZER))
        c.metadata.finalizers = [...(c.metadata.finalizers ?? []), CLUSTER_FINALIZER];
    })!;

    const infrastructureReady = await this.reconcileOpenStackCluster(cluster, key);
    const endpoint = infrastructureReady
      ? spec(this.api.get(OPENSTACK_CLUSTER, namespace, spec(cluster).infrastructureRef?.name)!).controlPlaneEndpoint
      : undefined;
    const controlPlane = infrastructureReady ? this.reconcileControlPlane(cluster, key) : undefined;
    const workers = infrastructureReady
      ? this.api
          .list(MACHINE_DEPLOYMENT, namespace)
          .filter((md) => spec(md).clusterName === name)
          .map((md) => this.reconcileMachineDeployment(cluster, md))
      : [];
    if (infrastructureReady) {
      for (const machine of this.inCluster(MACHINE, namespace, name))
        await this.reconcileMachine(cluster, key, machine);
      this.updateApiReachability(cluster, key);
    }

    this.update(CLUSTER, namespace, name, (c) => {
      if (endpoint && !spec(c).controlPlaneEndpoint?.host)
        (c.spec as Record<string, unknown>).controlPlaneEndpoint = endpoint;
      const s = statusOf(c);
      const initialized = controlPlane?.initialized ?? false;
      const controlPlaneAvailable = controlPlane?.available ?? false;
      const workersAvailable = workers.every((w) => w.available);
      s.initialization = { infrastructureProvisioned: infrastructureReady, controlPlaneInitialized: initialized };
      s.phase = infrastructureReady && endpoint ? 'Provisioned' : infrastructureReady ? 'Provisioning' : 'Pending';
      if (controlPlane) s.controlPlane = controlPlane.counts;
      const sum = (
        field: 'desiredReplicas' | 'replicas' | 'readyReplicas' | 'availableReplicas' | 'upToDateReplicas',
      ) => workers.reduce((total, w) => total + w.counts[field], 0);
      s.workers = {
        desiredReplicas: sum('desiredReplicas'),
        replicas: sum('replicas'),
        readyReplicas: sum('readyReplicas'),
        availableReplicas: sum('availableReplicas'),
        upToDateReplicas: sum('upToDateReplicas'),
      };
      setCondition(
        c,
        'InfrastructureReady',
        infrastructureReady,
        infrastructureReady ? 'Ready' : 'NotReady',
        infrastructureReady
          ? ''
          : (conditionOf(this.api.get(OPENSTACK_CLUSTER, namespace, spec(c).infrastructureRef?.name), 'Ready')
              ?.message ?? 'OpenStackCluster is not ready'),
      );
      setCondition(
        c,
        'ControlPlaneInitialized',
        initialized,
        initialized ? 'Initialized' : 'NotInitialized',
        initialized ? '' : 'Control plane not yet initialized',
      );
      setCondition(
        c,
        'ControlPlaneAvailable',
        controlPlaneAvailable,
        controlPlaneAvailable ? 'Available' : 'NotAvailable',
      );
      setCondition(
        c,
        'WorkersAvailable',
        workersAvailable,
        workersAvailable ? 'Available' : 'NotAvailable',
        workers
          .filter((w) => !w.available)
          .map(
            (w) =>
              `* MachineDeployment ${w.name}: ${w.counts.availableReplicas} available replicas, at least ${w.counts.desiredReplicas} required`,
          )
          .join('\n'),
      );
      setCondition(
        c,
        'RemoteConnectionProbe',
        initialized,
        initialized ? 'RemoteConnectionProbeSucceeded' : 'RemoteConnectionProbeFailed',
      );
      const available = infrastructureReady && initialized && controlPlaneAvailable && workersAvailable;
      setCondition(c, 'Available', available, available ? 'Available' : 'NotAvailable');
      setCondition(c, 'Deleting', false, 'NotDeleting');
    });
  }

  /** CAPO's OpenStackCluster: identity check, network, optional API load balancer, API endpoint. */
  private async reconcileOpenStackCluster(cluster: KubeObject, key: string): Promise<boolean> {
    const namespace = cluster.metadata.namespace ?? 'default';
    const ref = spec(cluster).infrastructureRef as { name?: string } | undefined;
    const openStackCluster = ref?.name ? this.api.get(OPENSTACK_CLUSTER, namespace, ref.name) : undefined;
    if (!openStackCluster) return false;
    // A scope (identity) error returns before any status is written: only the manager's log says it
    // (CAPO v0.14.7 `controllers/openstackcluster_controller.go:126-129`, `pkg/scope/provider.go:236-283,303-331`).
    // Without ORC's Image CRD CAPO's manager never gets going: its OpenStackServer controller watches ORC Images
    // (CAPO v0.14.7 `controllers/openstackserver_controller.go:204`), controller-runtime's source for a kind the
    // API server does not serve never syncs, and the manager exits (`main.go:310`, "problem running manager"),
    // restarting in a loop: no condition, no Event, only its log (and a pod in CrashLoopBackOff).
    if (!orcInstalled(this.api)) {
      if (!this.loggedOrcMissing) {
        this.loggedOrcMissing = true;
        this.log(
          `${klogHeader('E', 'main.go:310')}"problem running manager" err="failed to wait for openstackserver caches to sync kind source: *v1alpha1.Image: timed out waiting for cache to be synced for Kind *v1alpha1.Image" logger="setup"`,
        );
      }
      return false;
    }
    const identityError = this.identityError(openStackCluster, namespace);
    if (identityError) {
      this.logReconcileError('openstackcluster', 'OpenStackCluster', openStackCluster, identityError);
      return false;
    }
    // A wrong external network is a non-fatal error: Ready=False (reason OpenStackError, severity Warning), retried
    // for ever (`controllers/openstackcluster_controller.go:720-723,995-1006`; `pkg/cloud/services/networking/network.go:78-84`).
    const externalNetwork = (spec(openStackCluster).externalNetwork as { id?: string } | undefined)?.id;
    if (externalNetwork !== undefined && !this.cloud.catalog.externalNetworks.has(String(externalNetwork))) {
      const message = `failed to reconcile external network: failed to get external network: Resource not found: [GET https://neutron.sandbox/v2.0/networks/${externalNetwork}], error message: {"NeutronError": {"type": "NetworkNotFound", "message": "Network ${externalNetwork} could not be found.", "detail": ""}}`;
      this.update(OPENSTACK_CLUSTER, namespace, openStackCluster.metadata.name, (o) =>
        setCondition(o, 'Ready', false, 'OpenStackError', message),
      );
      this.logReconcileError('openstackcluster', 'OpenStackCluster', openStackCluster, message);
      return false;
    }
    // The network and router (`pkg/cloud/services/networking/network.go:131-134`, router.go): Events on success.
    const networkName = `k8s-clusterapi-cluster-${namespace}-${cluster.metadata.name}`;
    if (!this.cloud.networks.has(key)) {
      const network = { id: randomUUID(), name: networkName, cluster: key };
      this.cloud.networks.set(key, network);
      this.recordEvent(
        openStackCluster,
        'Normal',
        'SuccessfulCreateNetwork',
        `Created network ${network.name} with id ${network.id}`,
      );
    }
    if (!this.cloud.routers.has(key)) {
      const router = { id: randomUUID(), name: networkName, cluster: key };
      this.cloud.routers.set(key, router);
      this.recordEvent(
        openStackCluster,
        'Normal',
        'SuccessfulCreateRouter',
        `Created router ${router.name} with id ${router.id}`,
      );
    }
    // The workload API server (the endpoint) serves the control plane's version, so it starts once the
    // KubeadmControlPlane exists (kubectl apply creates the objects one by one; a pass may fall in between).
    const kcpName = (spec(cluster).controlPlaneRef as { name?: string } | undefined)?.name;
    const kcp = kcpName ? this.api.get(KUBEADM_CONTROL_PLANE, namespace, kcpName) : undefined;
    if (!kcp) return false;
    const version = spec(kcp).version as string | undefined;
    // The KubeadmControlPlane webhook adds a missing "v".
    const workload = await this.cloud.workloadApi(key, version && !version.startsWith('v') ? `v${version}` : version);
    const loadBalancerEnabled = spec(openStackCluster).apiServerLoadBalancer?.enabled === true;
    const apiLoadBalancerKey = `${key}/kubeapi`;
    if (loadBalancerEnabled && !this.cloud.loadBalancers.has(apiLoadBalancerKey)) {
      const loadBalancer: SimLoadBalancer = {
        id: randomUUID(),
        name: `k8s-clusterapi-cluster-${namespace}-${cluster.metadata.name}-kubeapi`,
        cluster: key,
        vip: workload.host,
        owner: 'api',
        networkId: this.cloud.networks.get(key)?.id,
      };
      this.cloud.loadBalancers.set(apiLoadBalancerKey, loadBalancer);
      // `pkg/cloud/services/loadbalancer/loadbalancer.go:395`
      this.recordEvent(
        openStackCluster,
        'Normal',
        'SuccessfulCreateLoadBalancer',
        `Created load balancer ${loadBalancer.name} with id ${loadBalancer.id}`,
      );
    }
    // The endpoint (CAPO v0.14.7 `controllers/openstackcluster_controller.go:877-943` reconcileControlPlaneEndpoint):
    // the load balancer's address; else one already set stays; else, without a load balancer, a floating IP:
    // spec.apiServerFloatingIP if it exists, or a new one CAPO creates (and later deletes with the control plane
    // machine holding it, see deleteMachine). The sandbox reaches every workload API at its own address.
    let host = workload.host;
    if (usesApiFloatingIp(openStackCluster)) {
      const current = spec(openStackCluster).controlPlaneEndpoint?.host as string | undefined;
      if (current) host = current;
      else {
        const fip = this.getOrCreateFloatingIp(
          openStackCluster,
          `${namespace}-${cluster.metadata.name}`,
          spec(openStackCluster).apiServerFloatingIP,
        );
        if (typeof fip === 'string') {
          // handleUpdateOSCError(..., false): Ready=False, retried (`:916-919`).
          const message = `floating IP cannot be got or created: ${fip}`;
          this.update(OPENSTACK_CLUSTER, namespace, openStackCluster.metadata.name, (o) =>
            setCondition(o, 'Ready', false, 'OpenStackError', message),
          );
          this.logReconcileError('openstackcluster', 'OpenStackCluster', openStackCluster, message);
          return false;
        }
        host = fip.address;
      }
    }
    const network = this.cloud.networks.get(key)!;
    const router = this.cloud.routers.get(key)!;
    this.update(OPENSTACK_CLUSTER, namespace, openStackCluster.metadata.name, (o) => {
      o.metadata.labels = { ...o.metadata.labels, [CLUSTER_NAME_LABEL]: cluster.metadata.name };
      o.metadata.ownerReferences = [ownerReference(cluster, false)];
      (o.spec as Record<string, unknown>).controlPlaneEndpoint = { host, port: workload.port };
      const s = statusOf(o);
      s.ready = true;
      s.network = { id: network.id, name: network.name };
      s.router = { id: router.id, name: router.name };
      const loadBalancer = this.cloud.loadBalancers.get(apiLoadBalancerKey);
      if (loadBalancer)
        s.apiServerLoadBalancer = { id: loadBalancer.id, name: loadBalancer.name, ip: loadBalancer.vip };
      setCondition(o, 'NetworkReady', true, 'Ready');
      setCondition(o, 'RouterReady', true, 'Ready');
      setCondition(o, 'SecurityGroupsReady', true, 'Ready');
      if (loadBalancerEnabled) setCondition(o, 'APIServerIngressReadyCondition', true, 'Ready');
      setCondition(o, 'APIEndpointReady', true, 'Ready');
      setCondition(o, 'Ready', true, 'Ready');
    });
    return true;
  }

  /**
   * GetOrCreateFloatingIP (CAPO v0.14.7 `pkg/cloud/services/networking/floatingip.go:36-81`): an address that exists
   * is taken as it is, associated or not; one that does not is created with that very address, which Neutron lets
   * only an admin do (`:54` "only admin can add ip address"; policy `create_floatingip:floating_ip_address`), and the
   * sandbox project is not admin; no address: a new one Neutron picks, described as CAPO's.
   */
  private getOrCreateFloatingIp(
    eventObject: KubeObject,
    clusterResourceName: string,
    address: string | undefined,
  ): SimFloatingIp | string {
    if (address) {
      const existing = this.cloud.floatingIps.get(address);
      if (existing) return existing;
      const error =
        'Request forbidden: [POST https://neutron.sandbox/v2.0/floatingips], error message: {"NeutronError": {"type": "PolicyNotAuthorized", "message": "(rule:create_floatingip and rule:create_floatingip:floating_ip_address) is disallowed by policy", "detail": ""}}';
      this.recordEvent(
        eventObject,
        'Warning',
        'FailedCreateFloatingIP',
        `Failed to create floating IP ${address}: ${error}`,
      );
      return error;
    }
    let n = 10;
    while (this.cloud.floatingIps.has(`172.24.4.${n}`)) n++;
    const fip: SimFloatingIp = {
      id: randomUUID(),
      address: `172.24.4.${n}`,
      createdBy: `Created by cluster-api-provider-openstack cluster ${clusterResourceName}`,
    };
    this.cloud.floatingIps.set(fip.address, fip);
    this.recordEvent(
      eventObject,
      'Normal',
      'SuccessfulCreateFloatingIP',
      `Created floating IP ${fip.address} with id ${fip.id}`,
    );
    return fip;
  }

  /**
   * A control plane machine of a cluster without an API load balancer takes the endpoint's floating IP
   * (CAPO v0.14.7 `controllers/openstackmachine_controller.go:694-721`): GetOrCreateFloatingIP with the endpoint's
   * host, associated with the machine's port unless associated already. Run on every reconcile of the machine
   * (`:407-411`): on failure APIServerIngressReadyCondition is False (FloatingIPError) and the error returned.
   */
  private reconcileApiFloatingIp(cluster: KubeObject, machine: KubeObject): boolean {
    const namespace = machine.metadata.namespace ?? 'default';
    const { name } = machine.metadata;
    const openStackCluster = this.api.get(OPENSTACK_CLUSTER, namespace, spec(cluster).infrastructureRef?.name);
    if (!openStackCluster || !usesApiFloatingIp(openStackCluster)) return true;
    const endpoint = spec(openStackCluster).controlPlaneEndpoint?.host as string | undefined;
    const address = endpoint ?? (spec(openStackCluster).apiServerFloatingIP as string | undefined);
    const openStackMachine = this.api.get(OPENSTACK_MACHINE, namespace, name) ?? machine;
    const fip = this.getOrCreateFloatingIp(openStackMachine, `${namespace}-${cluster.metadata.name}`, address);
    if (typeof fip === 'string') {
      this.update(OPENSTACK_MACHINE, namespace, name, (o) =>
        setCondition(
          o,
          'APIServerIngressReadyCondition',
          false,
          'FloatingIPError',
          `Floating IP cannot be obtained or created: ${fip}`,
        ),
      );
      this.logReconcileError(
        'openstackmachine',
        'OpenStackMachine',
        openStackMachine,
        `get or create floating IP ${address}: ${fip}`,
      );
      return false;
    }
    if (!fip.server) fip.server = name;
    this.update(OPENSTACK_MACHINE, namespace, name, (o) =>
      setCondition(o, 'APIServerIngressReadyCondition', true, 'Ready'),
    );
    return true;
  }

  /** The workload API answers at a floating IP only while that floating IP exists and reaches a running server. */
  private updateApiReachability(cluster: KubeObject, key: string): void {
    const namespace = cluster.metadata.namespace ?? 'default';
    const openStackCluster = this.api.get(OPENSTACK_CLUSTER, namespace, spec(cluster).infrastructureRef?.name);
    const workload = this.cloud.existingWorkloadApi(key);
    if (!openStackCluster || !workload || !usesApiFloatingIp(openStackCluster)) return;
    const host = spec(openStackCluster).controlPlaneEndpoint?.host as string | undefined;
    const fip = host ? this.cloud.floatingIps.get(host) : undefined;
    workload.setReachable(fip?.server !== undefined && this.cloud.servers.get(fip.server)?.status === 'ACTIVE');
  }

  /**
   * CAPO's client scope from the identityRef Secret (CAPO v0.14.7 `pkg/scope/provider.go`): the Secret and its
   * `clouds.yaml`, the named cloud (a missing one is an empty cloud, so the auth options fail), then Keystone
   * authentication (the sandbox's project knows the application credentials in its catalog).
   */
  private identityError(openStackCluster: KubeObject, namespace: string): string | undefined {
    const identity = spec(openStackCluster).identityRef as { name?: string; cloudName?: string } | undefined;
    if (!identity?.name) return 'unable to get identityRef from provided objects';
    const secret = this.api.get(SECRET, namespace, identity.name);
    if (!secret) return `secrets "${identity.name}" not found`;
    const data = (secret.data ?? {}) as Record<string, string>;
    const cloudsYaml = data['clouds.yaml'] ? Buffer.from(data['clouds.yaml'], 'base64').toString('utf8') : undefined;
    if (!cloudsYaml) return `OpenStack credentials secret ${identity.name} did not contain key clouds.yaml`;
    if (!identity.cloudName)
      return `secret name set to ${identity.name} but no cloud was specified. Please set cloud_name in your machine spec`;
    let clouds: Record<string, Fields> | undefined;
    try {
      clouds = (parseYaml(cloudsYaml) as { clouds?: Record<string, Fields> } | null)?.clouds;
    } catch (error) {
      return `failed to unmarshal clouds credentials stored in secret ${identity.name}: ${(error as Error).message.split('\n')[0]}`;
    }
    const cloud = clouds?.[identity.cloudName];
    if (!cloud?.auth) return 'auth option failed for cloud : Missing input for argument [auth_url]';
    const auth = cloud.auth as Fields;
    const known = this.cloud.catalog.applicationCredentials;
    const credentialId = auth.application_credential_id as string | undefined;
    if (credentialId !== undefined && known.get(String(credentialId)) !== String(auth.application_credential_secret))
      return `providerClient authentication err: Expected HTTP response code [201] when accessing [POST ${String(auth.auth_url ?? '').replace(/\/$/, '')}/auth/tokens], but got 401 instead: {"error":{"code":401,"title":"Unauthorized","message":"The request you have made requires authentication."}}`;
    return undefined;
  }

  /** KubeadmControlPlane: the kubeconfig Secret, control plane Machines one at a time, replica counts. */
  private reconcileControlPlane(cluster: KubeObject, key: string) {
    const namespace = cluster.metadata.namespace ?? 'default';
    const kcpName = (spec(cluster).controlPlaneRef as { name?: string } | undefined)?.name;
    const kcp = kcpName ? this.api.get(KUBEADM_CONTROL_PLANE, namespace, kcpName) : undefined;
    if (!kcp) return undefined;
    this.writeKubeconfigSecret(cluster, kcp, key);
    const desired = Number(spec(kcp).replicas ?? 1);
    const machines = this.inCluster(MACHINE, namespace, cluster.metadata.name).filter(
      (m) => m.metadata.labels?.[CONTROL_PLANE_NAME_LABEL] === kcp.metadata.name,
    );
    const live = machines.filter((m) => !m.metadata.deletionTimestamp);
    const running = live.filter((m) => status(m).nodeRef);
    const template = spec(kcp).machineTemplate?.spec?.infrastructureRef ?? spec(kcp).machineTemplate?.infrastructureRef;
    // A machine is outdated when its version or infrastructure template is no longer the KCP's; KCP replaces them
    // one at a time, scaling up first (rollout strategy RollingUpdate, maxSurge 1: CAPI
    // `controlplane/kubeadm/internal/controllers/upgrade.go`, `scale.go`).
    const outdated = live.filter((m) =>
      this.isOutdated(m, spec(kcp).version, template?.name, spec(kcp).kubeadmConfigSpec ?? {}),
    );
    const allJoined = running.length === live.length;
    if (allJoined && (live.length < desired || (live.length === desired && outdated.length > 0))) {
      this.createMachine(cluster, kcp, {
        name: `${kcp.metadata.name}-${suffix()}`,
        version: spec(kcp).version,
        templateName: template?.name,
        labels: { [CONTROL_PLANE_LABEL]: '', [CONTROL_PLANE_NAME_LABEL]: kcp.metadata.name },
        kubeadmConfigSpec: spec(kcp).kubeadmConfigSpec ?? {},
      });
    } else if (live.length > desired && allJoined)
      this.deleteMachine(outdated.length > 0 ? [...outdated].sort(byAge)[0]! : newest(live));
    const counts = { ...replicaCounts(desired, live), upToDateReplicas: live.length - outdated.length };
    // status.version is the lowest version of the control plane's Machines, not spec.version: it reaches the new one
    // only once the last old machine is gone (CAPI v1.12.10 `controlplane/kubeadm/internal/controllers/status.go:127-131`,
    // `util/collections/machine_collection.go:276-283` LowestVersion).
    const statusVersion = lowestVersion(machines.map((m) => spec(m).version));
    // The API server answers with the version of the kube-apiservers running: kubeadm on each machine starts them at
    // the machine's version; during a rollout the lowest one stands for the mix behind the endpoint.
    const serving = lowestVersion(running.map((m) => spec(m).version));
    if (serving) this.cloud.existingWorkloadApi(key)?.setVersion(withV(serving));
    const initialized = running.length > 0 || status(kcp).initialization?.controlPlaneInitialized === true;
    const available = initialized && running.length > 0;
    this.update(KUBEADM_CONTROL_PLANE, namespace, kcp.metadata.name, (k) => {
      k.metadata.labels = { ...k.metadata.labels, [CLUSTER_NAME_LABEL]: cluster.metadata.name };
      k.metadata.ownerReferences = [ownerReference(cluster)];
      const s = statusOf(k);
      Object.assign(s, {
        replicas: counts.replicas,
        readyReplicas: counts.readyReplicas,
        availableReplicas: counts.availableReplicas,
        upToDateReplicas: counts.upToDateReplicas,
        ...(statusVersion ? { version: statusVersion } : {}),
        observedGeneration: k.metadata.generation,
      });
      s.initialization = { controlPlaneInitialized: initialized };
      setCondition(k, 'Initialized', initialized, initialized ? 'Initialized' : 'NotInitialized');
      setCondition(k, 'Available', available, available ? 'Available' : 'NotAvailable');
      setCondition(k, 'EtcdClusterHealthy', available, available ? 'Healthy' : 'NotHealthy');
      setCondition(k, 'ControlPlaneComponentsHealthy', available, available ? 'Healthy' : 'NotHealthy');
      setCondition(
        k,
        'MachinesReady',
        counts.readyReplicas === live.length && live.length > 0,
        counts.readyReplicas === live.length && live.length > 0 ? 'Ready' : 'NotReady',
      );
      setCondition(k, 'MachinesUpToDate', true, 'UpToDate');
    });
    return { initialized, available, counts };
  }

  private writeKubeconfigSecret(cluster: KubeObject, kcp: KubeObject, key: string): void {
    const namespace = cluster.metadata.namespace ?? 'default';
    const name = `${cluster.metadata.name}-kubeconfig`;
    const workload = this.cloud.existingWorkloadApi(key);
    if (!workload || this.api.get(SECRET, namespace, name)) return;
    const clusterName = cluster.metadata.name;
    this.api.put({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: {
        name,
        namespace,
        labels: { [CLUSTER_NAME_LABEL]: clusterName },
        ownerReferences: [ownerReference(kcp)],
      },
      type: 'cluster.x-k8s.io/secret',
      data: { value: Buffer.from(workload.kubeconfig(`${clusterName}-admin@${clusterName}`)).toString('base64') },
    });
  }

  /** MachineDeployment (its MachineSet folded in): all missing Machines at once, replica counts. */
  private reconcileMachineDeployment(cluster: KubeObject, md: KubeObject) {
    const namespace = cluster.metadata.namespace ?? 'default';
    const desired = Number(spec(md).replicas ?? 1);
    const live = this.inCluster(MACHINE, namespace, cluster.metadata.name).filter(
      (m) => m.metadata.labels?.[DEPLOYMENT_NAME_LABEL] === md.metadata.name && !m.metadata.deletionTimestamp,
    );
    const template = spec(md).template?.spec ?? {};
    const machineSet = `${md.metadata.name}-${suffix(5)}`;
    const create = () =>
      this.createMachine(cluster, md, {
        name: `${machineSet}-${suffix(5)}`,
        version: template.version,
        templateName: template.infrastructureRef?.name,
        labels: { [DEPLOYMENT_NAME_LABEL]: md.metadata.name },
        failureDomain: template.failureDomain,
      });
    // The MachineSet's preflight checks hold every new machine while they fail (CAPI v1.12.10
    // `internal/controllers/machineset/machineset_preflight.go`; gate MachineSetPreflightChecks, on by default).
    const onHold = this.machineSetPreflight(cluster, template.version);
    if (!onHold) for (let i = live.length; i < desired; i++) create();
    // A new template or version rolls the machines: one new one at a time, an old one deleted once it runs
    // (RollingUpdate with CAPI's defaults maxSurge 1, maxUnavailable 0: `internal/controllers/machinedeployment/mdutil`).
    const outdated = live.filter((m) => this.isOutdated(m, template.version, template.infrastructureRef?.name));
    const current = live.filter((m) => !outdated.includes(m));
    const currentRunning = current.every((m) => status(m).nodeRef);
    if (!onHold && outdated.length > 0 && live.length === desired && currentRunning) create();
    if (live.length > desired) {
      if (outdated.length > 0) {
        if (currentRunning) this.deleteMachine([...outdated].sort(byAge)[0]!);
      } else for (const machine of [...live].sort(byAge).slice(desired)) this.deleteMachine(machine);
    }
    const counts = {
      ...replicaCounts(desired, live.slice(0, Math.max(desired, live.length))),
      upToDateReplicas: current.length,
    };
    const available = counts.availableReplicas >= desired;
    this.update(MACHINE_DEPLOYMENT, namespace, md.metadata.name, (d) => {
      d.metadata.labels = { ...d.metadata.labels, [CLUSTER_NAME_LABEL]: cluster.metadata.name };
      d.metadata.ownerReferences = [ownerReference(cluster, false)];
      const s = statusOf(d);
      Object.assign(s, {
        replicas: counts.replicas,
        readyReplicas: counts.readyReplicas,
        availableReplicas: counts.availableReplicas,
        upToDateReplicas: counts.upToDateReplicas,
        observedGeneration: d.metadata.generation,
      });
      s.phase =
        counts.replicas < desired
          ? 'ScalingUp'
          : counts.replicas > desired
            ? 'ScalingDown'
            : available
              ? 'Running'
              : 'ScalingUp';
      setCondition(
        d,
        'Available',
        available,
        available ? 'Available' : 'NotAvailable',
        available ? '' : `${counts.availableReplicas} available replicas, at least ${desired} required`,
      );
      setCondition(
        d,
        'MachinesReady',
        counts.readyReplicas === counts.replicas,
        counts.readyReplicas === counts.replicas ? 'Ready' : 'NotReady',
      );
      setCondition(d, 'MachinesUpToDate', outdated.length === 0, outdated.length === 0 ? 'UpToDate' : 'NotUpToDate');
      setCondition(
        d,
        'RollingOut',
        outdated.length > 0,
        outdated.length > 0 ? 'RollingOut' : 'NotRollingOut',
        outdated.length > 0 ? `Rolling out ${outdated.length} not up-to-date replicas` : '',
      );
      // How the MachineSet reports a held scale-up (`internal/controllers/machineset/machineset_controller_status.go`).
      setCondition(
        d,
        'ScalingUp',
        onHold !== undefined,
        onHold ? 'ScalingUp' : 'NotScalingUp',
        onHold ? `Scaling up is blocked because:\n* ${onHold}` : '',
      );
    });
    return { name: md.metadata.name, available, counts };
  }

  /**
   * Why the MachineSet may not create a machine of `version` now, as CAPI v1.12.10's preflight checks say
   * (`internal/controllers/machineset/machineset_preflight.go`): the control plane provisioning (no status.version) or
   * upgrading (spec.version above status.version: `internal/contract/controlplane.go` IsProvisioning, IsUpgrading),
   * a minor above the control plane's (KubernetesVersionSkew) or another minor (KubeadmVersionSkew: kubeadm joins
   * only at the control plane's minor). Both compare with the KubeadmControlPlane's spec.version.
   */
  private machineSetPreflight(cluster: KubeObject, version: unknown): string | undefined {
    const namespace = cluster.metadata.namespace ?? 'default';
    const kcpName = (spec(cluster).controlPlaneRef as { name?: string } | undefined)?.name;
    const kcp = kcpName ? this.api.get(KUBEADM_CONTROL_PLANE, namespace, kcpName) : undefined;
    const cp = parseVersion(kcp && spec(kcp).version);
    if (!kcp || !cp) return undefined;
    const ref = `KubeadmControlPlane ${namespace}/${kcp.metadata.name}`;
    const statusVersion = parseVersion(status(kcp).version);
    if (!statusVersion) return `${ref} is provisioning ("ControlPlaneIsStable" preflight check failed)`;
    if (compareVersion(cp, statusVersion) > 0)
      return `${ref} is upgrading ("ControlPlaneIsStable" preflight check failed)`;
    const ms = parseVersion(version);
    if (!ms) return undefined;
    const [msText, cpText] = [ms.join('.'), cp.join('.')];
    if (ms[1] > cp[1])
      return `MachineSet version (${msText}) and ControlPlane version (${cpText}) do not conform to the kubernetes version skew policy as MachineSet version is higher than ControlPlane version ("KubernetesVersionSkew" preflight check failed)`;
    if (ms[1] !== cp[1])
      return `MachineSet version (${msText}) and ControlPlane version (${cpText}) do not conform to kubeadm version skew policy as kubeadm only supports joining with the same major+minor version as the control plane ("KubeadmVersionSkew" preflight check failed)`;
    return undefined;
  }

  /** Whether a Machine was made from another version or infrastructure template than its owner names now. */
  private isOutdated(
    machine: KubeObject,
    version: unknown,
    templateName: unknown,
    kubeadmConfigSpec?: unknown,
  ): boolean {
    const namespace = machine.metadata.namespace ?? 'default';
    const infra = this.api.get(OPENSTACK_MACHINE, namespace, machine.metadata.name);
    const clonedFrom = infra?.metadata.annotations?.[CLONED_FROM_NAME];
    const normalize = (v: unknown) => (typeof v === 'string' && v && !v.startsWith('v') ? `v${v}` : v);
    // KCP also rolls a machine whose KubeadmConfig no longer matches spec.kubeadmConfigSpec (CAPI v1.12
    // `controlplane/kubeadm/internal/filters.go` matchesKubeadmConfig); the KubeadmConfig is made from it.
    const config =
      kubeadmConfigSpec === undefined ? undefined : this.api.get(KUBEADM_CONFIG, namespace, machine.metadata.name);
    return (
      normalize(spec(machine).version) !== normalize(version) ||
      (clonedFrom !== undefined && templateName !== undefined && clonedFrom !== templateName) ||
      (config !== undefined && JSON.stringify(config.spec ?? {}) !== JSON.stringify(kubeadmConfigSpec ?? {}))
    );
  }

  /** A Machine with its KubeadmConfig and OpenStackMachine (from the template), as KCP and MachineSets create them. */
  private createMachine(
    cluster: KubeObject,
    owner: KubeObject,
    machine: {
      name: string;
      version?: string;
      templateName?: string;
      labels: Record<string, string>;
      failureDomain?: string;
      /** A control plane machine's KubeadmConfig: the KubeadmControlPlane's spec.kubeadmConfigSpec. */
      kubeadmConfigSpec?: unknown;
    },
  ): void {
    const namespace = cluster.metadata.namespace ?? 'default';
    const clusterName = cluster.metadata.name;
    const labels = { [CLUSTER_NAME_LABEL]: clusterName, ...machine.labels };
    const template = machine.templateName
      ? this.api.get(OPENSTACK_MACHINE_TEMPLATE, namespace, machine.templateName)
      : undefined;
    // CAPI clones the infrastructure template for each Machine; a template not there (yet: kubectl apply creates
    // objects one by one) fails the clone and the owner retries (`internal/controllers/external/util.go` CreateFromTemplate).
    if (machine.templateName && !template) return;
    this.api.put({
      apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta2',
      kind: 'KubeadmConfig',
      metadata: { name: machine.name, namespace, labels, ownerReferences: [ownerReference(owner)] },
      spec: clone(machine.kubeadmConfigSpec ?? {}),
    });
    this.api.put({
      apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1',
      kind: 'OpenStackMachine',
      metadata: {
        name: machine.name,
        namespace,
        labels,
        // CAPI's clone of a template records where it came from (`internal/controllers/external/util.go`).
        ...(machine.templateName ? { annotations: { [CLONED_FROM_NAME]: machine.templateName } } : {}),
        ownerReferences: [ownerReference(owner)],
      },
      spec: clone(spec(template ?? ({} as KubeObject)).template?.spec ?? {}),
    });
    this.api.put({
      apiVersion: 'cluster.x-k8s.io/v1beta2',
      kind: 'Machine',
      metadata: {
        name: machine.name,
        namespace,
        labels,
        finalizers: [MACHINE_FINALIZER],
        ownerReferences: [ownerReference(owner)],
      },
      spec: {
        clusterName,
        version: machine.version,
        ...(machine.failureDomain ? { failureDomain: machine.failureDomain } : {}),
        bootstrap: { configRef: { apiGroup: 'bootstrap.cluster.x-k8s.io', kind: 'KubeadmConfig', name: machine.name } },
        infrastructureRef: {
          apiGroup: 'infrastructure.cluster.x-k8s.io',
          kind: 'OpenStackMachine',
          name: machine.name,
        },
      },
      status: { phase: 'Pending' },
    });
  }

  /**
   * removeAPIServerEndpoint, run for a control plane machine before its server is deleted (CAPO v0.14.7
   * `controllers/openstackmachine_controller.go:258-262,281-327`): without a load balancer and with
   * spec.apiServerFloatingIP unset, every floating IP that is the server's external address is DELETED: the API
   * address of a cluster whose endpoint is that floating IP. CAPO's own comment there: "I would expect the API server
   * floating IP to be created and deleted with the cluster". With spec.apiServerFloatingIP set it is left alone.
   */
  private removeApiServerEndpoint(machine: KubeObject): void {
    if (machine.metadata.labels?.[CONTROL_PLANE_LABEL] === undefined) return;
    const namespace = machine.metadata.namespace ?? 'default';
    const cluster = this.api.get(CLUSTER, namespace, spec(machine).clusterName);
    const openStackCluster = cluster
      ? this.api.get(OPENSTACK_CLUSTER, namespace, spec(cluster).infrastructureRef?.name)
      : undefined;
    if (!openStackCluster || spec(openStackCluster).apiServerLoadBalancer?.enabled === true) return;
    if (spec(openStackCluster).apiServerFloatingIP) return;
    for (const fip of [...this.cloud.floatingIps.values()]) {
      if (fip.server !== machine.metadata.name) continue;
      this.cloud.floatingIps.delete(fip.address);
      this.recordEvent(
        this.api.get(OPENSTACK_MACHINE, namespace, machine.metadata.name) ?? machine,
        'Normal',
        'SuccessfulDeleteFloatingIP',
        `Deleted floating IP ${fip.address} with id ${fip.id}`,
      );
    }
  }

  /** Deletes a Machine with its server, infrastructure objects and Node (scale down, or the Cluster going away). */
  private deleteMachine(machine: KubeObject): void {
    const namespace = machine.metadata.namespace ?? 'default';
    const { name } = machine.metadata;
    const clusterKey = `${namespace}/${spec(machine).clusterName}`;
    const server = this.cloud.servers.get(name);
    const serverObject = this.api.get(OPENSTACK_SERVER, namespace, name);
    if (server) this.removeApiServerEndpoint(machine);
    if (server && serverObject) {
      // A failed Nova delete: InstanceReady=False InstanceDeleteFailed, a FailedDeleteServer Warning, the error
      // returned, and the deletion retried on the next reconcile: never terminal (CAPO v0.14.7
      // `controllers/openstackserver_controller.go:268-272`, `pkg/cloud/services/compute/instance.go:494-518`).
      const fault = this.cloud.takeDeleteFault(name);
      if (fault) {
        this.update(OPENSTACK_SERVER, namespace, name, (o) =>
          setCondition(o, 'InstanceReady', false, 'InstanceDeleteFailed', `Deleting instance failed: ${fault}`),
        );
        this.recordEvent(
          serverObject,
          'Warning',
          'FailedDeleteServer',
          `Failed to delete server ${name} with id ${server.id}: ${fault}`,
        );
        this.logReconcileError('openstackserver', 'OpenStackServer', serverObject, `delete instance: ${fault}`);
        return;
      }
      this.recordEvent(serverObject, 'Normal', 'SuccessfulDeleteServer', `Deleted server ${name} with id ${server.id}`);
    }
    this.cloud.servers.delete(name);
    // Neutron clears the association of a floating IP whose port goes with the server.
    for (const fip of this.cloud.floatingIps.values()) if (fip.server === name) fip.server = undefined;
    this.cloud.existingWorkloadApi(clusterKey)?.remove(NODE, undefined, name);
    for (const type of [OPENSTACK_SERVER, OPENSTACK_MACHINE, KUBEADM_CONFIG]) this.api.remove(type, namespace, name);
    this.api.remove(SECRET, namespace, name);
    this.api.remove(MACHINE, namespace, name);
  }

  /** One step of a Machine's life: Pending → Provisioning → Provisioned → Running, following its server and Node. */
  private async reconcileMachine(cluster: KubeObject, clusterKey: string, machine: KubeObject): Promise<void> {
    const namespace = machine.metadata.namespace ?? 'default';
    const { name } = machine.metadata;
    if (machine.metadata.deletionTimestamp) return this.deleteMachine(machine);
    const phase = (status(machine).phase ?? 'Pending') as MachinePhase;
    const isControlPlane = machine.metadata.labels?.[CONTROL_PLANE_LABEL] !== undefined;
    const workload = this.cloud.existingWorkloadApi(clusterKey);

    if (phase === 'Pending') {
      const controlPlaneInitialized =
        conditionOf(this.api.get(CLUSTER, namespace, cluster.metadata.name), 'ControlPlaneInitialized')?.status ===
        'True';
      const firstControlPlane = isControlPlane && this.oldestControlPlane(cluster)?.metadata.name === name;
      const bootstrapped = Boolean(spec(machine).bootstrap?.dataSecretName);
      if (!bootstrapped && !controlPlaneInitialized && !firstControlPlane) {
        this.update(MACHINE, namespace, name, (m) =>
          setCondition(
            m,
            'BootstrapConfigReady',
            false,
            'NotReady',
            '* KubeadmConfig: WaitingForControlPlaneAvailable',
          ),
        );
        return;
      }
      if (!this.api.get(SECRET, namespace, name)) {
        this.api.put({
          apiVersion: 'v1',
          kind: 'Secret',
          metadata: { name, namespace, labels: { [CLUSTER_NAME_LABEL]: cluster.metadata.name } },
          type: 'cluster.x-k8s.io/secret',
          data: {
            value: Buffer.from('## template: jinja\n#cloud-config\n').toString('base64'),
            format: Buffer.from('cloud-config').toString('base64'),
          },
        });
      }
      this.update(KUBEADM_CONFIG, namespace, name, (c) => {
        const s = statusOf(c);
        s.dataSecretName = name;
        s.initialization = { dataSecretCreated: true };
        setCondition(c, 'Ready', true, 'Ready');
      });
      this.update(MACHINE, namespace, name, (m) => {
        (m.spec as Fields).bootstrap.dataSecretName = name;
        const s = statusOf(m);
        s.phase = 'Provisioning';
        s.initialization = { ...s.initialization, bootstrapDataSecretCreated: true };
        setCondition(m, 'BootstrapConfigReady', true, 'Ready');
        setCondition(m, 'InfrastructureReady', false, 'NotReady', '* OpenStackMachine: InstanceNotReady');
      });
      return;
    }

    if (phase === 'Provisioning') {
      const server = this.cloud.servers.get(name);
      if (!server) {
        const openStackMachine = this.api.get(OPENSTACK_MACHINE, namespace, name);
        // The OpenStackMachine controller creates the OpenStackServer first (CAPO v0.14.7
        // `controllers/openstackmachine_controller.go:600-640`); the server controller then resolves its spec.
        const serverObject = this.ensureServerObject(cluster, machine);
        // A server in ERROR is not reconciled again (`controllers/openstackserver_controller.go:307-310`).
        if (status(serverObject).instanceState === 'ERROR') return;
        // A flavor or image that does not exist fails ResolveServerSpec; the error is returned as is: no
        // condition, no Event, only the manager's "Reconciler error" line, retried with backoff
        // (`controllers/openstackserver_controller.go:320-322`, `pkg/cloud/services/compute/instance.go:372-394,431-451`).
        const resolveError = this.resolveError(openStackMachine);
        if (resolveError) {
          this.logReconcileError('openstackserver', 'OpenStackServer', serverObject, resolveError);
          return;
        }
        // Nova accepts the create and answers at once; a scheduling failure ("No valid host") comes later as
        // the server's ERROR state, its fault only in Nova (`pkg/cloud/services/compute/instance.go:131-147`).
        const fault = this.cloud.takeServerFault(name);
        if (fault?.atCreate) {
          // A refused create: InstanceCreateFailed with the error, state ERROR (terminal), a FailedCreateServer
          // Warning (`controllers/openstackserver_controller.go:488-492`, `pkg/cloud/services/compute/instance.go:140-143`).
          const error = `error creating Openstack instance: ${fault.message}`;
          this.update(OPENSTACK_SERVER, namespace, name, (o) => {
            statusOf(o).instanceState = 'ERROR';
            setCondition(o, 'InstanceReady', false, 'InstanceCreateFailed', error);
          });
          this.recordEvent(serverObject, 'Warning', 'FailedCreateServer', `Failed to create server ${name}: ${error}`);
          this.logReconcileError(
            'openstackserver',
            'OpenStackServer',
            serverObject,
            `create OpenStack instance: ${error}`,
          );
          this.markMachineFailed(machine);
          return;
        }
        const created: SimServer = {
          id: randomUUID(),
          name,
          cluster: clusterKey,
          status: 'BUILD',
          fault: fault?.message,
          createdAt: new Date().toISOString(),
          flavor: spec(openStackMachine ?? ({} as KubeObject)).flavor,
          image: spec(openStackMachine ?? ({} as KubeObject)).image?.filter?.name,
          address: `10.6.0.${10 + this.cloud.servers.size}`,
        };
        this.cloud.servers.set(name, created);
        this.recordEvent(
          serverObject,
          'Normal',
          'SuccessfulCreateServer',
          `Created server ${name} with id ${created.id}`,
        );
        this.writeServer(cluster, machine, created);
        return;
      }
      if (
        server.status === 'BUILD' &&
        !server.fault &&
        Date.now() - Date.parse(server.createdAt ?? '') < (this.cloud.serverBootMs ?? 0)
      ) {
        this.writeServer(cluster, machine, server);
        return;
      }
      if (server.status === 'BUILD') {
        server.status = server.fault ? 'ERROR' : 'ACTIVE';
        if (server.fault) server.faultAt = new Date().toISOString();
      }
      this.writeServer(cluster, machine, server);
      if (server.status !== 'ACTIVE') return;
      if (isControlPlane && !this.reconcileApiFloatingIp(cluster, machine)) return;
      this.update(MACHINE, namespace, name, (m) => {
        (m.spec as Fields).providerID = `openstack:///${server.id}`;
        const s = statusOf(m);
        s.phase = 'Provisioned';
        s.addresses = [{ type: 'InternalIP', address: server.address }];
        s.initialization = { ...s.initialization, infrastructureProvisioned: true };
        setCondition(m, 'InfrastructureReady', true, 'Ready');
        setCondition(
          m,
          'NodeHealthy',
          false,
          'NodeDoesNotExist',
          '* Node: waiting for a node with matching ProviderID to exist',
        );
      });
      return;
    }

    if (!workload) return;
    const server = this.cloud.servers.get(name);
    if (isControlPlane && server?.status === 'ACTIVE') this.reconcileApiFloatingIp(cluster, machine);
    if (phase === 'Provisioned' && server) {
      if (!workload.get(NODE, undefined, name))
        workload.put(newNode(name, server, imageKubelet(server.image) ?? spec(machine).version, isControlPlane));
      if (isControlPlane) workload.setReady(true);
    }
    const node = workload.get(NODE, undefined, name);
    if (!node) return;
    const nodeReady = conditionOf(node, 'Ready')?.status === 'True';
    this.update(MACHINE, namespace, name, (m) => {
      const s = statusOf(m);
      s.phase = 'Running';
      s.nodeRef = { name };
      s.nodeInfo = (node.status as Record<string, unknown> | undefined)?.nodeInfo;
      setCondition(
        m,
        'NodeReady',
        nodeReady,
        nodeReady ? 'Ready' : 'NotReady',
        nodeReady ? '' : `* Node ${name}: ${conditionOf(node, 'Ready')?.message ?? 'NotReady'}`,
      );
      setCondition(m, 'NodeHealthy', nodeReady, nodeReady ? 'Healthy' : 'NotHealthy');
      setCondition(
        m,
        'Ready',
        nodeReady,
        nodeReady ? 'Ready' : 'NotReady',
        nodeReady ? '' : '* NodeHealthy: Node is not ready',
      );
      setCondition(m, 'Available', nodeReady, nodeReady ? 'Available' : 'NotReady');
    });
  }

  private oldestControlPlane(cluster: KubeObject): KubeObject | undefined {
    const machines = this.inCluster(MACHINE, cluster.metadata.namespace ?? 'default', cluster.metadata.name).filter(
      (m) => m.metadata.labels?.[CONTROL_PLANE_LABEL] !== undefined,
    );
    return [...machines].sort(byAge)[0];
  }

  /**
   * An ERROR server under a Machine without a node: the OpenStackMachine sets the deprecated failure fields
   * (UpdateError, "instance state ... is unexpected"), InstanceReady=False with an empty message and Ready=False
   * "Instance is in ERROR state" (`controllers/openstackmachine_controller.go:458-468`), and CAPI copies the failure
   * into the Machine's status.deprecated.v1beta1 (`internal/controllers/machine/machine_controller_phases.go:55-79`).
   */
  private markMachineFailed(machine: KubeObject): void {
    const namespace = machine.metadata.namespace ?? 'default';
    const { name } = machine.metadata;
    this.update(OPENSTACK_MACHINE, namespace, name, (o) => {
      const s = statusOf(o);
      s.ready = false;
      s.instanceState = 'ERROR';
      Object.assign(s, { failureReason: 'UpdateError', failureMessage: 'instance state ERROR is unexpected' });
      setCondition(o, 'InstanceReady', false, 'InstanceStateError', '');
      setCondition(o, 'Ready', false, 'InstanceStateError', 'Instance is in ERROR state');
    });
    this.update(MACHINE, namespace, name, (m) => {
      const s = statusOf(m);
      s.deprecated = {
        v1beta1: {
          failureReason: 'UpdateError',
          failureMessage: `Failure detected from referenced resource infrastructure.cluster.x-k8s.io/v1beta1, Kind=OpenStackMachine with name "${name}": instance state ERROR is unexpected`,
        },
      };
      setCondition(
        m,
        'InfrastructureReady',
        false,
        'InstanceStateError',
        '* OpenStackMachine: Instance is in ERROR state',
      );
    });
  }

  /** The resolve step of the server controller: the flavor and image named in the spec must exist in the project. */
  private resolveError(openStackMachine: KubeObject | undefined): string | undefined {
    const machineSpec = spec(openStackMachine ?? ({} as KubeObject));
    const imageName = machineSpec.image?.filter?.name as string | undefined;
    if (imageName !== undefined && !this.cloud.catalog.images.has(String(imageName)))
      return `no images were found with the given image filter: name=${imageName}, tags=[]`;
    const flavor = machineSpec.flavor as string | undefined;
    if (flavor === undefined || flavor === '') return 'no flavors were found: no name set';
    if (!this.cloud.catalog.flavors.has(String(flavor))) return `no flavors were found: name=${flavor}`;
    return undefined;
  }

  /** The OpenStackServer of a machine, created (status empty) when missing. */
  private ensureServerObject(cluster: KubeObject, machine: KubeObject): KubeObject {
    const namespace = machine.metadata.namespace ?? 'default';
    const { name } = machine.metadata;
    const existing = this.api.get(OPENSTACK_SERVER, namespace, name);
    if (existing) return existing;
    const openStackMachine = this.api.get(OPENSTACK_MACHINE, namespace, name);
    return this.api.put({
      apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
      kind: 'OpenStackServer',
      metadata: {
        name,
        namespace,
        labels: { [CLUSTER_NAME_LABEL]: cluster.metadata.name },
        ...(openStackMachine ? { ownerReferences: [ownerReference(openStackMachine)] } : {}),
      },
      spec: {
        flavor: spec(openStackMachine ?? ({} as KubeObject)).flavor,
        image: spec(openStackMachine ?? ({} as KubeObject)).image,
        identityRef: spec(
          this.api.get(OPENSTACK_CLUSTER, namespace, spec(cluster).infrastructureRef?.name) ?? ({} as KubeObject),
        ).identityRef,
      },
    });
  }

  /** What the OpenStackServer, OpenStackMachine and Machine show of a server's Nova state. */
  private writeServer(cluster: KubeObject, machine: KubeObject, server: SimServer): void {
    const namespace = machine.metadata.namespace ?? 'default';
    const { name } = machine.metadata;
    const active = server.status === 'ACTIVE';
    const failed = server.status === 'ERROR';
    this.ensureServerObject(cluster, machine);
    // ERROR: InstanceReady=False, reason InstanceStateError, and an EMPTY message; Nova's fault is in no
    // condition (`controllers/openstackserver_controller.go:393-396`). The server is not reconciled again
    // (`:307-310`, IsServerTerminalError).
    const reason = failed ? 'InstanceStateError' : active ? 'Ready' : 'InstanceNotReady';
    const serverMessage = failed ? '' : active ? '' : `Instance state is ${server.status}`;
    this.update(OPENSTACK_SERVER, namespace, name, (o) => {
      const s = statusOf(o);
      s.ready = active;
      s.instanceID = server.id;
      s.instanceState = server.status;
      if (active) s.addresses = [{ type: 'InternalIP', address: server.address }];
      setCondition(o, 'InstanceReady', active, reason, serverMessage);
    });
    // The OpenStackMachine (`controllers/openstackmachine_controller.go:429-490`): ERROR without a nodeRef sets the
    // deprecated failure fields (UpdateError, "instance state ... is unexpected"), InstanceReady with an empty
    // message and Ready "Instance is in ERROR state"; BUILD says "Instance is building".
    this.update(OPENSTACK_MACHINE, namespace, name, (o) => {
      if (active) (o.spec as Fields).providerID = `openstack:///${server.id}`;
      const s = statusOf(o);
      s.ready = active;
      s.instanceState = server.status;
      if (active) s.addresses = [{ type: 'InternalIP', address: server.address }];
      if (failed) {
        setCondition(o, 'InstanceReady', false, 'InstanceStateError', '');
        setCondition(o, 'Ready', false, 'InstanceStateError', 'Instance is in ERROR state');
      } else if (active) {
        setCondition(o, 'InstanceReady', true, 'Ready');
        setCondition(o, 'Ready', true, 'Ready');
      } else setCondition(o, 'Ready', false, 'InstanceNotReady', 'Instance is building');
    });
    if (failed && !status(machine).nodeRef) this.markMachineFailed(machine);
  }

  /**
   * The OpenStackCluster's cloud resources on delete: CAPO's API load balancer (by its name), the router, then the
   * network (CAPO v0.14.7 `controllers/openstackcluster_controller.go:185-221`). Nothing sweeps other load
   * balancers (CAPO #842; PR #990 closed unmerged): an Octavia load balancer the cloud controller manager made for a
   * `LoadBalancer` Service keeps its VIP port on the network, Neutron answers 409, and CAPO records a
   * FailedDeleteNetwork Warning and retries for ever (`pkg/cloud/services/networking/network.go:160-168`).
   * False while something is left.
   */
  private deleteNetworking(cluster: KubeObject, key: string): boolean {
    const namespace = cluster.metadata.namespace ?? 'default';
    const openStackCluster = this.api.get(OPENSTACK_CLUSTER, namespace, spec(cluster).infrastructureRef?.name);
    const eventObject = openStackCluster ?? cluster;
    const apiLoadBalancer = this.cloud.loadBalancers.get(`${key}/kubeapi`);
    if (apiLoadBalancer) {
      this.cloud.loadBalancers.delete(`${key}/kubeapi`);
      this.recordEvent(
        eventObject,
        'Normal',
        'SuccessfulDeleteLoadBalancer',
        `Deleted load balancer ${apiLoadBalancer.name} with id ${apiLoadBalancer.id}`,
      );
    }
    const router = this.cloud.routers.get(key);
    if (router) {
      this.cloud.routers.delete(key);
      this.recordEvent(
        eventObject,
        'Normal',
        'SuccessfulDeleteRouter',
        `Deleted router ${router.name} with id ${router.id}`,
      );
    }
    const network = this.cloud.networks.get(key);
    if (!network) return true;
    if ([...this.cloud.loadBalancers.values()].some((lb) => lb.networkId === network.id)) {
      const error = `Expected HTTP response code [204] when accessing [DELETE https://neutron.sandbox/v2.0/networks/${network.id}], but got 409 instead: {"NeutronError": {"type": "NetworkInUse", "message": "Unable to complete operation on network ${network.id}. There are one or more ports still in use on the network.", "detail": ""}}`;
      this.recordEvent(
        eventObject,
        'Warning',
        'FailedDeleteNetwork',
        `Failed to delete network ${network.name} with id ${network.id}: ${error}`,
      );
      this.logReconcileError('openstackcluster', 'OpenStackCluster', eventObject, `failed to delete network: ${error}`);
      return false;
    }
    this.cloud.networks.delete(key);
    this.recordEvent(
      eventObject,
      'Normal',
      'SuccessfulDeleteNetwork',
      `Deleted network ${network.name} with id ${network.id}`,
    );
    return true;
  }

  /** Deleting a Cluster: machines and their servers first, then the rest; the finalizer goes last. */
  private async reconcileDelete(cluster: KubeObject): Promise<void> {
    const namespace = cluster.metadata.namespace ?? 'default';
    const { name } = cluster.metadata;
    const key = `${namespace}/${name}`;
    const machines = this.inCluster(MACHINE, namespace, name);
    this.update(CLUSTER, namespace, name, (c) => {
      statusOf(c).phase = 'Deleting';
      setCondition(
        c,
        'Deleting',
        true,
        'Deleting',
        machines.length > 0 ? `* Machines: deleting ${machines.length}` : '* OpenStackCluster: deleting',
      );
      setCondition(c, 'Available', false, 'Deleting');
    });
    if (machines.length > 0) {
      for (const machine of machines) this.deleteMachine(machine);
      return;
    }
    await this.cloud.deleteWorkloadApi(key);
    if (!this.deleteNetworking(cluster, key)) return;
    const owned = (type: TypeRef) =>
      this.api
        .list(type, namespace)
        .filter((o) => o.metadata.labels?.[CLUSTER_NAME_LABEL] === name || spec(o).clusterName === name);
    for (const md of owned(MACHINE_DEPLOYMENT)) {
      const template = spec(md).template?.spec ?? {};
      this.api.remove(OPENSTACK_MACHINE_TEMPLATE, namespace, template.infrastructureRef?.name);
      this.api.remove(KUBEADM_CONFIG_TEMPLATE, namespace, template.bootstrap?.configRef?.name);
      this.api.remove(MACHINE_DEPLOYMENT, namespace, md.metadata.name);
    }
    const kcpName = spec(cluster).controlPlaneRef?.name;
    const kcp = kcpName ? this.api.get(KUBEADM_CONTROL_PLANE, namespace, kcpName) : undefined;
    if (kcp) {
      const template =
        spec(kcp).machineTemplate?.spec?.infrastructureRef ?? spec(kcp).machineTemplate?.infrastructureRef;
      if (template?.name) this.api.remove(OPENSTACK_MACHINE_TEMPLATE, namespace, template.name);
      this.api.remove(KUBEADM_CONTROL_PLANE, namespace, kcp.metadata.name);
    }
    // Templates the Cluster owns (CAPI puts the Cluster's owner reference on the templates its objects use, so the
    // garbage collector takes them with it; older templates labelled with the cluster name too).
    for (const type of [OPENSTACK_MACHINE_TEMPLATE, KUBEADM_CONFIG_TEMPLATE])
      for (const template of this.inCluster(type, namespace, name))
        this.api.remove(type, namespace, template.metadata.name);
    const infrastructureName = spec(cluster).infrastructureRef?.name;
    if (infrastructureName) this.api.remove(OPENSTACK_CLUSTER, namespace, infrastructureName);
    this.api.remove(SECRET, namespace, `${name}-kubeconfig`);
    this.api.remove(CLUSTER, namespace, name);
  }
}

/**
 * Whether the API endpoint is a floating IP on a control plane machine: no API load balancer, and neither the API
 * floating IP nor the external network disabled (CAPO v0.14.7 `controllers/openstackcluster_controller.go:915`).
 */
function usesApiFloatingIp(openStackCluster: KubeObject): boolean {
  const s = spec(openStackCluster);
  return (
    s.apiServerLoadBalancer?.enabled !== true &&
    s.disableAPIServerFloatingIP !== true &&
    s.disableExternalNetwork !== true
  );
}

function byAge(a: KubeObject, b: KubeObject): number {
  return (
    (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '') ||
    Number(a.metadata.resourceVersion ?? 0) - Number(b.metadata.resourceVersion ?? 0)
  );
}

function compareVersion(a: [number, number, number], b: [number, number, number]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

const withV = (version: string) => (version.startsWith('v') ? version : `v${version}`);

/** The lowest of these versions as written (undefined when none parses). */
function lowestVersion(versions: unknown[]): string | undefined {
  let lowest: { text: string; parsed: [number, number, number] } | undefined;
  for (const text of versions) {
    const parsed = parseVersion(text);
    if (parsed && (!lowest || compareVersion(parsed, lowest.parsed) < 0)) lowest = { text: String(text), parsed };
  }
  return lowest?.text;
}

function newest(machines: KubeObject[]): KubeObject {
  return [...machines].sort(byAge).at(-1)!;
}

/** v1beta2 replica counts: ready and available both mean the Machine's Node is Ready. */
function replicaCounts(desired: number, machines: KubeObject[]) {
  const ready = machines.filter((m) => conditionOf(m, 'Ready')?.status === 'True').length;
  return {
    desiredReplicas: desired,
    replicas: machines.length,
    readyReplicas: ready,
    availableReplicas: ready,
    upToDateReplicas: machines.length,
  };
}

/**
 * The kubelet an image holds: the image, not the Machine, decides it. CAPI's kubeadm bootstrap runs the kubeadm and
 * the kubelet installed in the image (CAPO `docs/book/src/clusteropenstack/configuration.md`: the image must carry
 * them at KUBERNETES_VERSION; the node reports its kubelet's own version, which the Machine controller copies into
 * status.nodeInfo, CAPI `internal/controllers/machine/machine_controller_noderef.go:119`), so a machine at v1.35.0 on
 * an image built for v1.34.2 shows kubelet v1.34.2. The sandbox's images say their version in the name, as
 * image-builder names them (`ubuntu-2404-kube-v1.34.2`); an image named otherwise is taken as the machine's version.
 */
export function imageKubelet(image: string | undefined): string | undefined {
  return image === undefined ? undefined : /-kube-(v\d+\.\d+\.\d+)/.exec(image)?.[1];
}

function newNode(name: string, server: SimServer, version: string | undefined, controlPlane: boolean): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      labels: {
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        ...(controlPlane ? { 'node-role.kubernetes.io/control-plane': '' } : {}),
      },
    },
    spec: {
      taints: [
        { key: UNINITIALIZED_TAINT, value: 'true', effect: 'NoSchedule' },
        ...(controlPlane ? [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] : []),
      ],
    },
    status: {
      addresses: [
        { type: 'InternalIP', address: server.address },
        { type: 'Hostname', address: name },
      ],
      conditions: [notReadyCondition()],
      nodeInfo: {
        kubeletVersion: version ?? 'v1.34.2',
        containerRuntimeVersion: 'containerd://2.1.4',
        osImage: 'Ubuntu 24.04.3 LTS',
        architecture: 'amd64',
        operatingSystem: 'linux',
      },
    },
  };
}

const CNI_NOT_READY =
  'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized';

function notReadyCondition(message = CNI_NOT_READY): Condition {
  const now = new Date().toISOString();
  return {
    type: 'Ready',
    status: 'False',
    reason: 'KubeletNotReady',
    message,
    lastTransitionTime: now,
    ...{ lastHeartbeatTime: now },
  };
}

type PodSpec = {
  volumes?: { hostPath?: { path?: string } }[];
  containers?: { args?: string[]; command?: string[] }[];
  nodeSelector?: Record<string, string>;
};
const podSpec = (workload: KubeObject): PodSpec => (spec(workload).template?.spec ?? {}) as PodSpec;

/** A CNI installs itself as a DaemonSet writing /etc/cni/net.d on every node. */
function isCni(daemonSet: KubeObject): boolean {
  return (podSpec(daemonSet).volumes ?? []).some((v) => v.hostPath?.path?.replace(/\/$/, '') === '/etc/cni/net.d');
}

/** openstack-cloud-controller-manager: a container run with --cloud-provider=openstack. */
function isOpenStackCcm(workload: KubeObject): boolean {
  return (podSpec(workload).containers ?? []).some((c) =>
    [...(c.command ?? []), ...(c.args ?? [])].includes('--cloud-provider=openstack'),
  );
}

const SERVICE: TypeRef = { group: '', kind: 'Service' };
/** The finalizer the service controller puts on a `LoadBalancer` Service (k8s.io/cloud-provider `controllers/service/controller.go`). */
const LOAD_BALANCER_CLEANUP = 'service.kubernetes.io/load-balancer-cleanup';

/**
 * The kubelets (and the cloud controller manager's node and service work) of one workload cluster. A kubelet
 * turns Ready as soon as a CNI DaemonSet exists; `--cloud-provider=external` keeps the
 * `node.cloudprovider.kubernetes.io/uninitialized` NoSchedule taint on it until the OpenStack CCM runs with its
 * kube-system/cloud-config Secret (kubelet `pkg/kubelet/kubelet_node_status.go`; CPO
 * `docs/openstack-cloud-controller-manager/using-openstack-cloud-controller-manager.md`). The CCM also makes an
 * Octavia load balancer on the cluster's network for each `LoadBalancer` Service and deletes it (then its
 * finalizer) when the Service goes (CPO `pkg/openstack/loadbalancer.go`, name `kube_service_<cluster>_<ns>_<name>`
 * with the default `--cluster-name=kubernetes`). DaemonSets report one ready pod per node that they tolerate.
 */
export function simulateKubelets(workload: ApiServerStandIn, cloud?: SimulatedCloud, clusterKey?: string): void {
  const daemonSets = workload.list(DAEMON_SET, 'kube-system');
  const cni = daemonSets.some(isCni);
  const ccm =
    [...daemonSets, ...workload.list(DEPLOYMENT, 'kube-system')].some(isOpenStackCcm) &&
    workload.get(SECRET, 'kube-system', 'cloud-config') !== undefined;
  const nodes = workload.list(NODE);
  for (const node of nodes) {
    const ready = cni;
    const current = conditionOf(node, 'Ready');
    const taints = ((spec(node).taints ?? []) as { key: string }[]).filter(
      (t) => !(ccm && t.key === UNINITIALIZED_TAINT),
    );
    if (
      current?.status === (ready ? 'True' : 'False') &&
      (ready || current.message === CNI_NOT_READY) &&
      taints.length === (spec(node).taints ?? []).length
    )
      continue;
    const next = clone(node);
    next.spec = { ...(next.spec as object | undefined), taints };
    const conditions = ((statusOf(next).conditions ?? []) as Condition[]).filter((c) => c.type !== 'Ready');
    const now = new Date().toISOString();
    conditions.push(
      ready
        ? {
            type: 'Ready',
            status: 'True',
            reason: 'KubeletReady',
            message: 'kubelet is posting ready status',
            lastTransitionTime: now,
          }
        : notReadyCondition(CNI_NOT_READY),
    );
    statusOf(next).conditions = conditions;
    workload.put(next);
  }
  if (ccm && cloud && clusterKey) simulateServiceLoadBalancers(workload, cloud, clusterKey);
  if (cloud && clusterKey) simulateCinderVolumes(workload, cloud, clusterKey);
  for (const daemonSet of daemonSets) {
    const selector = podSpec(daemonSet).nodeSelector ?? {};
    const scheduled = nodes.filter((n) =>
      Object.entries(selector).every(([k, v]) => n.metadata.labels?.[k] === v),
    ).length;
    const want = {
      currentNumberScheduled: scheduled,
      desiredNumberScheduled: scheduled,
      numberReady: scheduled,
      numberAvailable: scheduled,
      updatedNumberScheduled: scheduled,
      numberMisscheduled: 0,
      observedGeneration: daemonSet.metadata.generation ?? 1,
    };
    if (JSON.stringify(daemonSet.status ?? {}) === JSON.stringify(want)) continue;
    workload.put({ ...clone(daemonSet), status: want });
  }
}

function simulateServiceLoadBalancers(workload: ApiServerStandIn, cloud: SimulatedCloud, clusterKey: string): void {
  for (const service of workload.list(SERVICE)) {
    const namespace = service.metadata.namespace ?? 'default';
    const key = `${clusterKey}/service/${namespace}/${service.metadata.name}`;
    const finalizers = service.metadata.finalizers ?? [];
    if (service.metadata.deletionTimestamp || spec(service).type !== 'LoadBalancer') {
      if (!finalizers.includes(LOAD_BALANCER_CLEANUP)) continue;
      cloud.loadBalancers.delete(key);
      const next = clone(service);
      next.metadata.finalizers = finalizers.filter((f) => f !== LOAD_BALANCER_CLEANUP);
      workload.put(next);
      continue;
    }
    let loadBalancer = cloud.loadBalancers.get(key);
    if (!loadBalancer) {
      loadBalancer = {
        id: randomUUID(),
        name: `kube_service_kubernetes_${namespace}_${service.metadata.name}`,
        cluster: clusterKey,
        vip: `10.6.0.${200 + cloud.loadBalancers.size}`,
        owner: 'service',
        networkId: cloud.networks.get(clusterKey)?.id,
        service: `${namespace}/${service.metadata.name}`,
      };
      cloud.loadBalancers.set(key, loadBalancer);
    }
    if (finalizers.includes(LOAD_BALANCER_CLEANUP) && status(service).loadBalancer?.ingress?.length) continue;
    const next = clone(service);
    next.metadata.finalizers = [...new Set([...finalizers, LOAD_BALANCER_CLEANUP])];
    statusOf(next).loadBalancer = { ingress: [{ ip: loadBalancer.vip }] };
    workload.put(next);
  }
}

const PVC: TypeRef = { group: '', kind: 'PersistentVolumeClaim' };
const PV: TypeRef = { group: '', kind: 'PersistentVolume' };
const POD: TypeRef = { group: '', kind: 'Pod' };
const CINDER_DRIVER = 'cinder.csi.openstack.org';

/**
 * Claims and their Cinder volumes in a workload cluster: the external provisioner with the Cinder CSI driver makes a
 * volume and a PersistentVolume (reclaim policy Delete) for a new claim; the pvc-protection controller removes a
 * deleted claim's finalizer only once no Pod that is not finished uses it (kubernetes
 * `pkg/controller/volume/pvcprotection/pvc_protection_controller.go` isBeingUsed); the claim gone, the volume is
 * deleted in Cinder and its PersistentVolume goes (pv-protection lets it go once unbound).
 */
function simulateCinderVolumes(workload: ApiServerStandIn, cloud: SimulatedCloud, clusterKey: string): void {
  const pods = workload.list(POD);
  for (const claim of workload.list(PVC)) {
    const namespace = claim.metadata.namespace ?? 'default';
    const pvName = `pvc-${claim.metadata.uid}`;
    if (claim.metadata.deletionTimestamp) {
      const used = pods.some(
        (pod) =>
          (pod.metadata.namespace ?? 'default') === namespace &&
          !['Succeeded', 'Failed'].includes(status(pod).phase) &&
          (spec(pod).volumes ?? []).some((v: Fields) => v.persistentVolumeClaim?.claimName === claim.metadata.name),
      );
      if (used) continue;
      const next = clone(claim);
      next.metadata.finalizers = (next.metadata.finalizers ?? []).filter((f) => f !== 'kubernetes.io/pvc-protection');
      workload.put(next);
      if (next.metadata.finalizers.length === 0) workload.remove(PVC, namespace, claim.metadata.name);
      continue;
    }
    if (workload.get(PV, undefined, pvName)) continue;
    const volume = { id: randomUUID(), name: pvName, cluster: clusterKey };
    cloud.volumes.set(`${clusterKey}/${pvName}`, volume);
    workload.put({
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name: pvName, finalizers: ['kubernetes.io/pv-protection'] },
      spec: {
        csi: { driver: CINDER_DRIVER, volumeHandle: volume.id },
        persistentVolumeReclaimPolicy: 'Delete',
        claimRef: { name: claim.metadata.name, namespace },
        capacity: { storage: spec(claim).resources?.requests?.storage ?? '1Gi' },
      },
      status: { phase: 'Bound' },
    });
    const bound = clone(claim);
    (bound.spec as Fields).volumeName = pvName;
    statusOf(bound).phase = 'Bound';
    workload.put(bound);
  }
  for (const pv of workload.list(PV)) {
    const ref = spec(pv).claimRef as { name: string; namespace: string } | undefined;
    if (!ref || spec(pv).csi?.driver !== CINDER_DRIVER || workload.get(PVC, ref.namespace, ref.name)) continue;
    cloud.volumes.delete(`${clusterKey}/${pv.metadata.name}`);
    workload.remove(PV, undefined, pv.metadata.name);
  }
}
