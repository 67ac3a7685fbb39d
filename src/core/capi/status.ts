import { z } from 'zod';
import { notJsonOf, parseToolJson } from '../lib/tool-json.js';

/**
 * The Cluster API and CAPO objects of one cluster as `kubectl get … -o json` lists them, read for
 * progress and failures. Both API generations are read: v1beta2 objects keep their conditions in
 * `status.conditions` (old ones under `status.deprecated.v1beta1`), v1beta1 ones (CAPO v0.14) keep
 * the new ones under `status.v1beta2.conditions` and their failure under `status.failureMessage`.
 */

const ConditionSchema = z
  .object({ type: z.string(), status: z.string(), reason: z.string().optional(), message: z.string().optional() })
  .partial();
const FailureSchema = z.object({ failureReason: z.string().nullish(), failureMessage: z.string().nullish() }).partial();

const ObjectSchema = z.object({
  apiVersion: z.string().default(''),
  kind: z.string().default(''),
  metadata: z
    .object({
      name: z.string().default(''),
      namespace: z.string().optional(),
      generation: z.number().int().optional(),
      labels: z.record(z.string(), z.string()).optional(),
    })
    .prefault({}),
  spec: z.object({ replicas: z.number().int().optional() }).loose().optional(),
  status: z
    .object({
      phase: z.string().optional(),
      conditions: z.array(ConditionSchema).optional(),
      v1beta2: z
        .object({ conditions: z.array(ConditionSchema).optional() })
        .partial()
        .optional(),
      deprecated: z
        .object({
          v1beta1: z
            .object({ conditions: z.array(ConditionSchema).optional() })
            .merge(FailureSchema)
            .partial()
            .optional(),
        })
        .partial()
        .optional(),
      initialization: z
        .object({ controlPlaneInitialized: z.boolean().optional(), infrastructureProvisioned: z.boolean().optional() })
        .partial()
        .optional(),
      infrastructureReady: z.boolean().optional(),
      controlPlaneReady: z.boolean().optional(),
      readyReplicas: z.number().int().optional(),
      replicas: z.number().int().optional(),
      upToDateReplicas: z.number().int().optional(),
      observedGeneration: z.number().int().optional(),
    })
    .merge(FailureSchema)
    .loose()
    .optional(),
});

const ListSchema = z.object({ items: z.array(ObjectSchema) });

type KubeObject = z.infer<typeof ObjectSchema>;

export const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name';
const CONTROL_PLANE_LABEL = 'cluster.x-k8s.io/control-plane';

/** The resource types capi-wait lists, fully qualified so no other API group's kinds answer. */
export const WATCHED_TYPES = [
  'clusters.cluster.x-k8s.io',
  'kubeadmcontrolplanes.controlplane.cluster.x-k8s.io',
  'machinedeployments.cluster.x-k8s.io',
  'machines.cluster.x-k8s.io',
  'openstackclusters.infrastructure.cluster.x-k8s.io',
  'openstackmachines.infrastructure.cluster.x-k8s.io',
  'openstackservers.infrastructure.cluster.x-k8s.io',
];

/**
 * CAPO's reasons that end a machine: the server is in ERROR and is not reconciled again, so waiting longer shows
 * nothing new (CAPO v0.14.7 `controllers/openstackserver_controller.go:307-310,488-492`). Not InstanceDeleteFailed:
 * CAPO returns that error and retries the deletion (`:268-272`), so a transient Nova error during a rollout passes.
 */
const TERMINAL_REASONS = new Set(['InstanceCreateFailed', 'InstanceStateError']);

export interface CapiProgress {
  /** "control plane 1/3 running, workers 0/2" plus the Cluster's phase. */
  line: string;
  /** Infrastructure ready, control plane initialized and every machine running. */
  done: boolean;
  /** A machine that failed for good: its object and CAPO's own message. */
  failure?: string;
  controlPlane: { running: number; desired: number };
  workers: { running: number; desired: number };
  /** True once the Cluster object exists. */
  clusterFound: boolean;
  /** The phase the wait is in, for its stall limit: the first of these not yet done. */
  phase: WaitPhase;
}

/** capi-wait's phases, in order (their stall limits: model/capi-stall.ts). */
export type WaitPhase = 'infrastructure' | 'first_control_plane' | 'control_plane' | 'workers' | 'rollout';

function conditions(object: KubeObject): z.infer<typeof ConditionSchema>[] {
  const status = object.status;
  return [
    ...(status?.conditions ?? []),
    ...(status?.v1beta2?.conditions ?? []),
    ...(status?.deprecated?.v1beta1?.conditions ?? []),
  ];
}

function conditionTrue(object: KubeObject, type: string): boolean {
  return conditions(object).some((c) => c.type === type && c.status === 'True');
}

function label(object: KubeObject): string {
  const { namespace, name } = object.metadata;
  return `${object.kind} ${namespace ? `${namespace}/` : ''}${name}`;
}

/** A failure CAPI or CAPO reported on the object: its failureMessage, or a condition with a terminal reason. */
export function objectFailure(object: KubeObject): string | undefined {
  const status = object.status;
  const failure = status?.failureMessage || status?.deprecated?.v1beta1?.failureMessage;
  const reason = status?.failureReason || status?.deprecated?.v1beta1?.failureReason;
  if (failure) return `${label(object)}: ${reason ? `${reason}: ` : ''}${failure}`;
  const terminal = conditions(object).find((c) => c.status === 'False' && c.reason && TERMINAL_REASONS.has(c.reason));
  if (terminal) return `${label(object)}: ${terminal.reason}${terminal.message ? `: ${terminal.message}` : ''}`;
  return undefined;
}

/** Parses kubectl's list of the watched types; a reply that is not one is an error saying so. */
export function parseCapiObjects(json: string): KubeObject[] {
  return parseToolJson(json, ListSchema, notJsonOf(`kubectl get ${WATCHED_TYPES[0]},… -o json`, json, 'a list')).items;
}

/**
 * Where the cluster stands: machines running against what the control plane and machine
 * deployments want, the Cluster's conditions, and the first failure of a Machine, OpenStackMachine,
 * OpenStackServer or the OpenStackCluster. Objects of other clusters in the namespace are ignored.
 */
export function capiProgress(objects: readonly KubeObject[], clusterName: string): CapiProgress {
  const ours = (o: KubeObject) => o.metadata.labels?.[CLUSTER_NAME_LABEL] === clusterName;
  const cluster = objects.find((o) => o.kind === 'Cluster' && o.metadata.name === clusterName);
  const machines = objects.filter((o) => o.kind === 'Machine' && ours(o));
  const osMachines = objects.filter((o) => o.kind === 'OpenStackMachine' && ours(o));
  // An OpenStackServer carries the name of its OpenStackMachine (CAPO), whatever its labels.
  const osMachineNames = new Set(osMachines.map((o) => o.metadata.name));
  const servers = objects.filter(
    (o) => o.kind === 'OpenStackServer' && (ours(o) || osMachineNames.has(o.metadata.name)),
  );
  const infra = objects.filter((o) => o.kind === 'OpenStackCluster' && ours(o));
  const kcp = objects.find((o) => o.kind === 'KubeadmControlPlane' && ours(o));
  const deployments = objects.filter((o) => o.kind === 'MachineDeployment' && ours(o));

  // Servers first: CAPO puts the Nova error there (InstanceCreateFailed), not on the OpenStackMachine.
  const failure = [...servers, ...osMachines, ...machines, ...infra].map(objectFailure).find(Boolean);
  const running = (list: KubeObject[]) => list.filter((m) => m.status?.phase === 'Running').length;
  const cpMachines = machines.filter((m) => m.metadata.labels?.[CONTROL_PLANE_LABEL] !== undefined);
  const workerMachines = machines.filter((m) => m.metadata.labels?.[CONTROL_PLANE_LABEL] === undefined);
  const controlPlane = { running: running(cpMachines), desired: kcp?.spec?.replicas ?? cpMachines.length };
  const workers = {
    running: running(workerMachines),
    desired: deployments.reduce((sum, d) => sum + (d.spec?.replicas ?? 0), 0),
  };

  const infrastructureReady =
    !!cluster &&
    (conditionTrue(cluster, 'InfrastructureReady') ||
      cluster.status?.infrastructureReady === true ||
      cluster.status?.initialization?.infrastructureProvisioned === true);
  const controlPlaneInitialized =
    !!cluster &&
    (conditionTrue(cluster, 'ControlPlaneInitialized') ||
      cluster.status?.initialization?.controlPlaneInitialized === true);
  const phase = cluster?.status?.phase;
  const line = `control plane ${controlPlane.running}/${controlPlane.desired} running, workers ${workers.running}/${workers.desired}${
    cluster
      ? ` (cluster ${phase ?? 'Pending'}${infrastructureReady ? '' : ', infrastructure not ready'}${controlPlaneInitialized ? '' : ', control plane not initialized'})`
      : ' (no Cluster object yet)'
  }`;
  // A changed template or version is rolled out only once the KubeadmControlPlane and MachineDeployments have seen
  // it (observedGeneration) and every machine is up to date (v1beta2 upToDateReplicas).
  const rolledOut = [...(kcp ? [kcp] : []), ...deployments].every(
    (o) =>
      (o.status?.observedGeneration === undefined ||
        o.metadata.generation === undefined ||
        o.status.observedGeneration >= o.metadata.generation) &&
      (o.status?.upToDateReplicas === undefined || o.status.upToDateReplicas >= (o.spec?.replicas ?? 0)),
  );
  const done =
    rolledOut &&
    infrastructureReady &&
    controlPlaneInitialized &&
    controlPlane.desired > 0 &&
    controlPlane.running >= controlPlane.desired &&
    workers.running >= workers.desired &&
    machines.length === controlPlane.desired + workers.desired;
  const waitPhase: WaitPhase = !infrastructureReady
    ? 'infrastructure'
    : !controlPlaneInitialized
      ? 'first_control_plane'
      : controlPlane.desired === 0 || controlPlane.running < controlPlane.desired
        ? 'control_plane'
        : workers.running < workers.desired
          ? 'workers'
          : 'rollout';
  return { line, done, failure, controlPlane, workers, clusterFound: !!cluster, phase: waitPhase };
}

/**
 * The Cluster's conditions whose False means something is wrong (CAPI v1beta2 `api/core/v1beta2/cluster_types.go`,
 * and the v1beta1 ones still reported): Deleting, Paused, RollingOut, ScalingUp/Down and Remediating are False when
 * all is well, and are not read.
 */
const HEALTH_CONDITIONS = [
  'Available',
  'Ready',
  'InfrastructureReady',
  'ControlPlaneInitialized',
  'ControlPlaneAvailable',
  'ControlPlaneReady',
  'WorkersAvailable',
  'ControlPlaneMachinesReady',
  'WorkerMachinesReady',
  'RemoteConnectionProbe',
];

export interface CapiHealthFinding {
  subject: string;
  message: string;
}

/**
 * What the check reports about the Cluster API objects of one cluster: no Cluster at all, each health condition of
 * the Cluster that is False (quoting its reason and message), and each machine or OpenStackCluster CAPI or CAPO
 * gave up on (its failureMessage or terminal reason).
 */
export function capiHealthFindings(
  objects: readonly KubeObject[],
  clusterName: string,
  namespace: string,
): CapiHealthFinding[] {
  const cluster = objects.find((o) => o.kind === 'Cluster' && o.metadata.name === clusterName);
  const address = `Cluster ${namespace}/${clusterName}`;
  if (!cluster)
    return [
      {
        subject: address,
        message: `the management cluster holds no ${address}: it was deleted, or this is not the management cluster it was deployed with; deploy to create it again`,
      },
    ];
  const findings: CapiHealthFinding[] = [];
  const seen = new Set<string>();
  for (const condition of conditions(cluster)) {
    const type = condition.type ?? '';
    if (condition.status !== 'False' || !HEALTH_CONDITIONS.includes(type) || seen.has(type)) continue;
    seen.add(type);
    const said = [condition.reason, condition.message?.replace(/\s*\n\s*/g, '; ')].filter(Boolean).join(': ');
    findings.push({ subject: `${address}: ${type}`, message: `${address} is not ${type}${said ? ` (${said})` : ''}` });
  }
  const ours = (o: KubeObject) => o.metadata.labels?.[CLUSTER_NAME_LABEL] === clusterName;
  // An OpenStackServer carries the name of its OpenStackMachine, whatever its labels (as in capiProgress).
  const machineNames = new Set(
    objects.filter((o) => o.kind === 'OpenStackMachine' && ours(o)).map((o) => o.metadata.name),
  );
  const failing = objects.filter(
    (o) =>
      (ours(o) && ['OpenStackServer', 'OpenStackMachine', 'Machine', 'OpenStackCluster'].includes(o.kind)) ||
      (o.kind === 'OpenStackServer' && machineNames.has(o.metadata.name)),
  );
  for (const object of failing) {
    const failure = objectFailure(object);
    if (failure) findings.push({ subject: label(object), message: `failed for good: ${failure}` });
  }
  return findings;
}
