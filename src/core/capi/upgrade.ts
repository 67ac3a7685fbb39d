import { UserError } from '../lib/errors.js';
import { manifestDocuments } from './manifests.js';
import { CLUSTER_NAME_LABEL, parseCapiObjects } from './status.js';
import { canonical } from './template-names.js';

/**
 * A Cluster API upgrade from the rendered manifests: which objects make the control plane's part (the
 * KubeadmControlPlane and its machine template) and the workers' (each MachineDeployment and its templates), the
 * image each part boots, and how far CAPI's rollout of each part has come.
 */

// biome-ignore lint/suspicious/noExplicitAny: rendered manifests and kubectl's objects are open JSON.
type Doc = Record<string, any>;

export interface UpgradeParts {
  controlPlane: { kcp: Doc; template?: Doc };
  workers: { md: Doc; template?: Doc; bootstrap?: Doc }[];
}

/** The KubeadmControlPlane's infrastructure template reference (v1beta2 `machineTemplate.spec`, v1beta1 `machineTemplate`). */
export function controlPlaneTemplateRef(kcp: Doc | undefined): Doc | undefined {
  return kcp?.spec?.machineTemplate?.spec?.infrastructureRef ?? kcp?.spec?.machineTemplate?.infrastructureRef;
}

/** The rendered manifests split into the control plane's and the workers' objects. */
export function upgradeParts(text: string, source: string): UpgradeParts {
  const docs = manifestDocuments(text, source).map((d) => d.value as Doc);
  const find = (kind: string, name: unknown) =>
    typeof name === 'string' ? docs.find((d) => d?.kind === kind && d.metadata?.name === name) : undefined;
  const kcps = docs.filter((d) => d?.kind === 'KubeadmControlPlane');
  if (kcps.length !== 1)
    throw new UserError(
      `${source}: an upgrade needs exactly one KubeadmControlPlane in the rendered manifests, found ${kcps.length}`,
    );
  const kcp = kcps[0]!;
  return {
    controlPlane: { kcp, template: find('OpenStackMachineTemplate', controlPlaneTemplateRef(kcp)?.name) },
    workers: docs
      .filter((d) => d?.kind === 'MachineDeployment')
      .map((md) => ({
        md,
        template: find('OpenStackMachineTemplate', md.spec?.template?.spec?.infrastructureRef?.name),
        bootstrap: find('KubeadmConfigTemplate', md.spec?.template?.spec?.bootstrap?.configRef?.name),
      })),
  };
}

/** The objects of a part, as one List for `kubectl apply -f`. */
export function partList(objects: (Doc | undefined)[]): Doc {
  return { apiVersion: 'v1', kind: 'List', items: objects.filter((o): o is Doc => o !== undefined) };
}

/** The image an OpenStackMachineTemplate boots (CAPO v0.14: `spec.template.spec.image`, a filter, an id or an ORC Image). */
export function templateImage(template: Doc | undefined): { key: string; shown: string } | undefined {
  const image = template?.spec?.template?.spec?.image;
  if (image === undefined) return undefined;
  const shown =
    typeof image.filter?.name === 'string'
      ? `"${image.filter.name}"`
      : typeof image.id === 'string'
        ? `id ${image.id}`
        : typeof image.imageRef?.name === 'string'
          ? `Image ${image.imageRef.name}`
          : canonical(image);
  return { key: canonical(image), shown };
}

/** "v1.35.0" for "1.35.0" or "v1.35.0"; other text as it is. */
export function withV(version: unknown): string {
  const text = typeof version === 'string' ? version : '';
  return /^\d/.test(text) ? `v${text}` : text;
}

export interface RolloutProgress {
  line: string;
  done: boolean;
  /** Machines at the target whose node runs another kubelet: their image holds it, and no wait changes that. */
  failure?: string;
}

type Listed = ReturnType<typeof parseCapiObjects>[number];
const looseSpec = (o: Listed | undefined) => (o?.spec ?? {}) as Doc;
const looseStatus = (o: Listed | undefined) => (o?.status ?? {}) as Doc;
const CONTROL_PLANE_LABEL = 'cluster.x-k8s.io/control-plane';
const DEPLOYMENT_LABEL = 'cluster.x-k8s.io/deployment-name';

/** Has the controller seen the latest spec (observedGeneration), so its status speaks of it? */
function observed(object: Listed): boolean {
  const { generation } = object.metadata;
  const seen = object.status?.observedGeneration;
  return generation === undefined || seen === undefined || seen >= generation;
}

function machinesLine(what: string, machines: Listed[], desired: number, target: string, ready: number): string {
  const atTarget = machines.filter((m) => withV(looseSpec(m).version) === target).length;
  const old = machines.length - atTarget;
  return `${what}: ${atTarget}/${desired} machines at ${target}${old > 0 ? `, ${old} old left` : ''}, ${ready} ready`;
}

/**
 * The machines at `target` whose node reports another kubelet (CAPI copies the Node's nodeInfo into the Machine's
 * status: `internal/controllers/machine/machine_controller_noderef.go:119`). The kubelet is the image's, whatever the
 * Machine's version says, so such a machine stays as it is: the rollout fails at once, naming the image field.
 */
function kubeletMismatch(what: string, machines: Listed[], target: string): string | undefined {
  const off = machines.flatMap((m) => {
    const kubelet = looseStatus(m).nodeInfo?.kubeletVersion;
    if (withV(looseSpec(m).version) !== target || typeof kubelet !== 'string' || kubelet === '') return [];
    const release = /^v?(\d+\.\d+\.\d+)/.exec(kubelet)?.[1];
    return release !== undefined && `v${release}` === target ? [] : [`${m.metadata.name} (kubelet ${kubelet})`];
  });
  if (off.length === 0) return undefined;
  return `${what}: ${off.join(', ')} ${off.length === 1 ? 'runs' : 'run'} another kubelet than ${target} on a machine at ${target}: the machine image holds the kubelet (and kubeadm), not the Machine's version. Set deployment.cluster_api.openstack.image_name to an image built for ${target} and upgrade again (the machines stay as they are; Kubernetes allows a kubelet one minor behind the API server)`;
}

/**
 * The KubeadmControlPlane's rollout to `target` (with its "v"): done once it has seen the new spec, every machine is
 * at the target and up to date, none old is left, all are ready, and status.version (the lowest of its machines'
 * versions) says the target.
 */
export function controlPlaneRollout(
  json: string,
  clusterName: string,
  kcpName: string,
  target: string,
): RolloutProgress {
  const objects = parseCapiObjects(json);
  const kcp = objects.find((o) => o.kind === 'KubeadmControlPlane' && o.metadata.name === kcpName);
  if (!kcp) return { line: `control plane: no KubeadmControlPlane ${kcpName}`, done: false };
  const desired = kcp.spec?.replicas ?? 1;
  const machines = objects.filter(
    (o) =>
      o.kind === 'Machine' &&
      o.metadata.labels?.[CLUSTER_NAME_LABEL] === clusterName &&
      o.metadata.labels?.[CONTROL_PLANE_LABEL] !== undefined,
  );
  const status = kcp.status;
  const statusVersion = withV(looseStatus(kcp).version);
  const ready = status?.readyReplicas ?? 0;
  const line = `${machinesLine('control plane', machines, desired, target, ready)} (KubeadmControlPlane status.version ${statusVersion || 'unset'})`;
  const done =
    observed(kcp) &&
    withV(looseSpec(kcp).version) === target &&
    statusVersion === target &&
    machines.length === desired &&
    machines.every((m) => withV(looseSpec(m).version) === target) &&
    (status?.upToDateReplicas ?? desired) >= desired &&
    ready >= desired;
  const failure = kubeletMismatch('control plane', machines, target);
  return { line, done, ...(failure && { failure }) };
}

/** The MachineDeployments' rollout to `target`: each has seen its new spec, and its machines are all new and ready. */
export function workersRollout(
  json: string,
  clusterName: string,
  deploymentNames: readonly string[],
  target: string,
): RolloutProgress {
  const objects = parseCapiObjects(json);
  let desiredAll = 0;
  let readyAll = 0;
  let done = true;
  const machinesAll: Listed[] = [];
  for (const name of deploymentNames) {
    const md = objects.find((o) => o.kind === 'MachineDeployment' && o.metadata.name === name);
    if (!md) return { line: `workers: no MachineDeployment ${name}`, done: false };
    const desired = md.spec?.replicas ?? 0;
    const machines = objects.filter(
      (o) =>
        o.kind === 'Machine' &&
        o.metadata.labels?.[CLUSTER_NAME_LABEL] === clusterName &&
        o.metadata.labels?.[DEPLOYMENT_LABEL] === name,
    );
    const ready = md.status?.readyReplicas ?? 0;
    desiredAll += desired;
    readyAll += ready;
    machinesAll.push(...machines);
    done &&=
      observed(md) &&
      withV(looseSpec(md).template?.spec?.version) === target &&
      machines.length === desired &&
      machines.every((m) => withV(looseSpec(m).version) === target) &&
      (md.status?.upToDateReplicas ?? desired) >= desired &&
      ready >= desired;
  }
  const failure = kubeletMismatch('workers', machinesAll, target);
  return {
    line: machinesLine('workers', machinesAll, desiredAll, target, readyAll),
    done,
    ...(failure && { failure }),
  };
}

/**
 * Whether a part's bootstrap config installs Kubernetes at `version` from a Flatcar sysext image instead of the
 * machine image (CAPO v0.14.7 `templates/cluster-template-flatcar-sysext.yaml`: ignition files
 * `/opt/extensions/kubernetes/kubernetes-${KUBERNETES_VERSION}-x86-64.raw`): then the image need not change.
 */
export function installsKubernetesBySysext(bootstrap: Doc | undefined, version: string): boolean {
  return (
    bootstrap !== undefined &&
    JSON.stringify(bootstrap).includes(`/opt/extensions/kubernetes/kubernetes-${withV(version)}-`)
  );
}
