import { randomBytes, randomUUID } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import type { ApiServerStandIn, KubeObject } from './api-server.js';

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
  fault?: string;
  flavor?: string;
  address: string;
}

export interface SimLoadBalancer {
  id: string;
  name: string;
  cluster: string;
  vip: string;
}

/** The simulated OpenStack and the hosting of workload API servers, as the controllers use them. */
export interface SimulatedCloud {
  servers: Map<string, SimServer>;
  loadBalancers: Map<string, SimLoadBalancer>;
  /** The Nova fault a test armed for the server about to be created, if any. */
  takeServerFault(serverName: string): string | undefined;
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

/** A Machine's phase as the simulation tracks it (v1beta2 never sets Failed). */
type MachinePhase = 'Pending' | 'Provisioning' | 'Provisioned' | 'Running' | 'Deleting';

export class CapiControllers {
  constructor(
    private readonly api: ApiServerStandIn,
    private readonly cloud: SimulatedCloud,
  ) {}

  /** One reconcile pass over every Cluster (a no-op until the providers are installed). */
  async reconcile(): Promise<void> {
    if (!providersInstalled(this.api)) return;
    for (const cluster of this.api.list(CLUSTER)) {
      if (isPaused(cluster)) continue;
      if (meta(cluster).deletionTimestamp) await this.reconcileDelete(cluster);
      else await this.reconcileCluster(cluster);
    }
  }

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
    if (infrastructureReady)
      for (const machine of this.inCluster(MACHINE, namespace, name))
        await this.reconcileMachine(cluster, key, machine);

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
    const identityError = this.identityError(openStackCluster, namespace);
    if (identityError) {
      this.update(OPENSTACK_CLUSTER, namespace, openStackCluster.metadata.name, (o) => {
        statusOf(o).ready = false;
        setCondition(o, 'Ready', false, 'OpenStackError', identityError);
      });
      return false;
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
    if (loadBalancerEnabled && !this.cloud.loadBalancers.has(key)) {
      this.cloud.loadBalancers.set(key, {
        id: randomUUID(),
        name: `k8s-clusterapi-cluster-${namespace}-${cluster.metadata.name}-kubeapi`,
        cluster: key,
        vip: workload.host,
      });
    }
    this.update(OPENSTACK_CLUSTER, namespace, openStackCluster.metadata.name, (o) => {
      o.metadata.labels = { ...o.metadata.labels, [CLUSTER_NAME_LABEL]: cluster.metadata.name };
      o.metadata.ownerReferences = [ownerReference(cluster, false)];
      (o.spec as Record<string, unknown>).controlPlaneEndpoint = { host: workload.host, port: workload.port };
      const s = statusOf(o);
      s.ready = true;
      s.network ??= { id: randomUUID(), name: `k8s-clusterapi-cluster-${namespace}-${cluster.metadata.name}` };
      s.router ??= { id: randomUUID(), name: `k8s-clusterapi-cluster-${namespace}-${cluster.metadata.name}` };
      const loadBalancer = this.cloud.loadBalancers.get(key);
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

  /** CAPO reads clouds.yaml from the identityRef Secret and picks `cloudName`; say what is missing as CAPO would. */
  private identityError(openStackCluster: KubeObject, namespace: string): string | undefined {
    const identity = spec(openStackCluster).identityRef as { name?: string; cloudName?: string } | undefined;
    if (!identity?.name) return 'failed to create scope: identityRef is not set';
    const secret = this.api.get(SECRET, namespace, identity.name);
    if (!secret)
      return `failed to create scope: failed to get secret ${namespace}/${identity.name}: secrets "${identity.name}" not found`;
    const data = (secret.data ?? {}) as Record<string, string>;
    const stringData = (secret.stringData ?? {}) as Record<string, string>;
    const cloudsYaml =
      stringData['clouds.yaml'] ??
      (data['clouds.yaml'] ? Buffer.from(data['clouds.yaml'], 'base64').toString('utf8') : undefined);
    if (!cloudsYaml) return `failed to create scope: secret ${namespace}/${identity.name} has no key "clouds.yaml"`;
    let clouds: Record<string, unknown> | undefined;
    try {
      clouds = (parseYaml(cloudsYaml) as { clouds?: Record<string, unknown> } | null)?.clouds;
    } catch {
      return `failed to create scope: secret ${namespace}/${identity.name}: clouds.yaml is not valid YAML`;
    }
    if (!identity.cloudName || !clouds?.[identity.cloudName])
      return `failed to create scope: cloud "${identity.cloudName ?? ''}" not found in clouds.yaml of secret ${namespace}/${identity.name}`;
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
    // KCP adds one machine at a time, the next only when the others have joined.
    if (live.length < desired && running.length === live.length) {
      const template =
        spec(kcp).machineTemplate?.spec?.infrastructureRef ?? spec(kcp).machineTemplate?.infrastructureRef;
      this.createMachine(cluster, kcp, {
        name: `${kcp.metadata.name}-${suffix()}`,
        version: spec(kcp).version,
        templateName: template?.name,
        labels: { [CONTROL_PLANE_LABEL]: '', [CONTROL_PLANE_NAME_LABEL]: kcp.metadata.name },
      });
    } else if (live.length > desired) this.deleteMachine(newest(live));
    const counts = replicaCounts(desired, live);
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
        version: spec(k).version,
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
    for (let i = live.length; i < desired; i++) {
      this.createMachine(cluster, md, {
        name: `${machineSet}-${suffix(5)}`,
        version: template.version,
        templateName: template.infrastructureRef?.name,
        labels: { [DEPLOYMENT_NAME_LABEL]: md.metadata.name },
        failureDomain: template.failureDomain,
      });
    }
    for (const machine of live.length > desired ? [...live].sort(byAge).slice(desired) : [])
      this.deleteMachine(machine);
    const counts = replicaCounts(desired, live.slice(0, Math.max(desired, live.length)));
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
      setCondition(d, 'MachinesUpToDate', true, 'UpToDate');
      setCondition(d, 'RollingOut', false, 'NotRollingOut');
    });
    return { name: md.metadata.name, available, counts };
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
    },
  ): void {
    const namespace = cluster.metadata.namespace ?? 'default';
    const clusterName = cluster.metadata.name;
    const labels = { [CLUSTER_NAME_LABEL]: clusterName, ...machine.labels };
    const template = machine.templateName
      ? this.api.get(OPENSTACK_MACHINE_TEMPLATE, namespace, machine.templateName)
      : undefined;
    this.api.put({
      apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta2',
      kind: 'KubeadmConfig',
      metadata: { name: machine.name, namespace, labels, ownerReferences: [ownerReference(owner)] },
      spec: {},
    });
    this.api.put({
      apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1',
      kind: 'OpenStackMachine',
      metadata: { name: machine.name, namespace, labels, ownerReferences: [ownerReference(owner)] },
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

  /** Deletes a Machine with its server, infrastructure objects and Node (scale down, or the Cluster going away). */
  private deleteMachine(machine: KubeObject): void {
    const namespace = machine.metadata.namespace ?? 'default';
    const { name } = machine.metadata;
    const clusterKey = `${namespace}/${spec(machine).clusterName}`;
    this.cloud.servers.delete(name);
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
        const fault = this.cloud.takeServerFault(name);
        const openStackMachine = this.api.get(OPENSTACK_MACHINE, namespace, name);
        this.cloud.servers.set(name, {
          id: randomUUID(),
          name,
          cluster: clusterKey,
          status: fault ? 'ERROR' : 'BUILD',
          fault,
          flavor: spec(openStackMachine ?? ({} as KubeObject)).flavor,
          address: `10.6.0.${10 + this.cloud.servers.size}`,
        });
        this.writeServer(cluster, machine, this.cloud.servers.get(name)!);
        return;
      }
      if (server.status === 'BUILD') server.status = 'ACTIVE';
      this.writeServer(cluster, machine, server);
      if (server.status !== 'ACTIVE') return;
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
    if (phase === 'Provisioned' && server) {
      if (!workload.get(NODE, undefined, name))
        workload.put(newNode(name, server, spec(machine).version, isControlPlane));
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

  /** The OpenStackServer CAPO keeps per machine, and what the OpenStackMachine and Machine show of it. */
  private writeServer(cluster: KubeObject, machine: KubeObject, server: SimServer): void {
    const namespace = machine.metadata.namespace ?? 'default';
    const { name } = machine.metadata;
    const openStackMachine = this.api.get(OPENSTACK_MACHINE, namespace, name);
    const active = server.status === 'ACTIVE';
    const failed = server.status === 'ERROR';
    const reason = failed ? 'InstanceCreateFailed' : active ? 'Ready' : 'InstanceNotReady';
    const message = failed ? (server.fault ?? '') : active ? '' : `Instance state is ${server.status}`;
    if (!this.api.get(OPENSTACK_SERVER, namespace, name)) {
      this.api.put({
        apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
        kind: 'OpenStackServer',
        metadata: {
          name,
          namespace,
          labels: { [CLUSTER_NAME_LABEL]: cluster.metadata.name },
          ...(openStackMachine ? { ownerReferences: [ownerReference(openStackMachine)] } : {}),
        },
        spec: {
          flavor: server.flavor,
          image: spec(openStackMachine ?? ({} as KubeObject)).image,
          identityRef: spec(
            this.api.get(OPENSTACK_CLUSTER, namespace, spec(cluster).infrastructureRef?.name) ?? ({} as KubeObject),
          ).identityRef,
        },
      });
    }
    this.update(OPENSTACK_SERVER, namespace, name, (o) => {
      const s = statusOf(o);
      s.ready = active;
      s.instanceID = server.id;
      s.instanceState = server.status;
      if (active) s.addresses = [{ type: 'InternalIP', address: server.address }];
      setCondition(o, 'InstanceReady', active, reason, message);
      setCondition(o, 'Ready', active, reason, message);
    });
    this.update(OPENSTACK_MACHINE, namespace, name, (o) => {
      if (active) (o.spec as Fields).providerID = `openstack:///${server.id}`;
      const s = statusOf(o);
      s.ready = active;
      s.instanceState = server.status;
      if (active) s.addresses = [{ type: 'InternalIP', address: server.address }];
      // An ERROR instance without a node is terminal for CAPO (v1beta1 contract fields).
      if (failed) Object.assign(s, { failureReason: 'CreateError', failureMessage: message });
      setCondition(o, 'InstanceReady', active, reason, message);
      setCondition(o, 'Ready', active, reason, message);
    });
    if (failed) {
      this.update(MACHINE, namespace, name, (m) => {
        const s = statusOf(m);
        s.deprecated = {
          v1beta1: {
            failureReason: 'CreateError',
            failureMessage: `Failure detected from referenced resource infrastructure.cluster.x-k8s.io/v1beta1, Kind=OpenStackMachine with name "${name}": ${message}`,
          },
        };
        setCondition(m, 'InfrastructureReady', false, reason, `* OpenStackMachine: ${message}`);
      });
    }
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
    this.cloud.loadBalancers.delete(key);
    await this.cloud.deleteWorkloadApi(key);
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
    const infrastructureName = spec(cluster).infrastructureRef?.name;
    if (infrastructureName) this.api.remove(OPENSTACK_CLUSTER, namespace, infrastructureName);
    this.api.remove(SECRET, namespace, `${name}-kubeconfig`);
    this.api.remove(CLUSTER, namespace, name);
  }
}

function byAge(a: KubeObject, b: KubeObject): number {
  return (
    (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '') ||
    Number(a.metadata.resourceVersion ?? 0) - Number(b.metadata.resourceVersion ?? 0)
  );
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
        kubeletVersion: version ?? 'v1.35.0',
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

/**
 * The kubelets (and the cloud controller manager's node work) of one workload cluster: nodes turn
 * Ready once a CNI DaemonSet exists and the OpenStack CCM runs with its kube-system/cloud-config
 * Secret (which also removes the uninitialized taint); DaemonSets report one ready pod per node.
 */
export function simulateKubelets(workload: ApiServerStandIn): void {
  const daemonSets = workload.list(DAEMON_SET, 'kube-system');
  const cni = daemonSets.some(isCni);
  const ccm =
    [...daemonSets, ...workload.list(DEPLOYMENT, 'kube-system')].some(isOpenStackCcm) &&
    workload.get(SECRET, 'kube-system', 'cloud-config') !== undefined;
  const nodes = workload.list(NODE);
  for (const node of nodes) {
    const ready = cni && ccm;
    const message = !cni ? CNI_NOT_READY : 'node is waiting for the cloud controller manager to initialize it';
    const current = conditionOf(node, 'Ready');
    const taints = ((spec(node).taints ?? []) as { key: string }[]).filter(
      (t) => !(ccm && t.key === UNINITIALIZED_TAINT),
    );
    if (
      current?.status === (ready ? 'True' : 'False') &&
      (ready || current.message === message) &&
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
        : notReadyCondition(message),
    );
    statusOf(next).conditions = conditions;
    workload.put(next);
  }
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
