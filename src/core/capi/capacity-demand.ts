/**
 * An estimate of what a new Cluster API cluster takes from the project's quotas, from the rendered
 * manifests: machines × flavor, their ports and volumes, and what CAPO makes for the cluster (the
 * network, subnet and router of managedSubnets, the API load balancer, floating IPs, managed
 * security groups). An estimate because CAPO decides the rest as it reconciles.
 *
 * Fields: CAPO v1beta1 `OpenStackCluster` / `OpenStackMachineTemplate`, CAPI `KubeadmControlPlane` and
 * `MachineDeployment` (v1beta1 `machineTemplate.infrastructureRef`, v1beta2 `machineTemplate.spec.infrastructureRef`).
 * What CAPO creates, from its source (v0.14):
 * - network, subnet per managedSubnets entry, router when there is an external network:
 *   pkg/cloud/services/networking/network.go, router.go;
 * - the API load balancer: one listener, pool and monitor per port (6443 and additionalPorts), every
 *   control plane machine a member of each pool, a VIP port, a floating IP unless
 *   disableAPIServerFloatingIP: pkg/cloud/services/loadbalancer/loadbalancer.go;
 *   without a load balancer, the floating IP goes to a control plane machine (controllers/openstackmachine_controller.go);
 * - managed security groups (control plane, worker, bastion when enabled) with their rules:
 *   pkg/cloud/services/networking/securitygroups_rules.go (two egress rules each, 3 + 1 control plane,
 *   4 worker, SSH from the bastion), plus allNodesSecurityGroupRules on both;
 * - one port per machine unless `ports` lists more; a root volume when rootVolume.sizeGiB is set,
 *   and additionalBlockDevices of storage type Volume.
 */

import { addDemand, type CapacityDemand, emptyDemand } from '../openstack/capacity.js';
import type { FlavorLookup } from '../openstack/flavors.js';
import type { QuotaName } from '../openstack/quotas.js';
import { manifestDocuments } from './manifests.js';

type Values = Record<string, unknown>;

function record(value: unknown): Values | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : undefined;
}
function list(value: unknown): Values[] {
  return Array.isArray(value) ? value.map(record).filter((v): v is Values => v !== undefined) : [];
}
function at(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) current = record(current)?.[key];
  return current;
}
function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
function count(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
}

interface MachineSet {
  what: string;
  replicas: number;
  template?: string;
  controlPlane: boolean;
}

const EGRESS_RULES = 2;

/** The estimate for the manifests in `text` (clusterctl's output), as a new cluster; `source` names them in notes. */
export async function manifestCapacityDemand(
  manifests: string,
  source: string,
  flavors: FlavorLookup,
): Promise<CapacityDemand> {
  const demand = await objectsDemand(manifestObjects(manifests, source), source, flavors);
  demand.estimate = `Cluster API: counted from ${source} as a new cluster; CAPO decides the details as it reconciles`;
  return demand;
}

function manifestObjects(manifests: string, source: string): Values[] {
  return manifestDocuments(manifests, source).map(({ value }) => record(value) ?? {});
}

/** The kinds whose objects say what a cluster holds: what the re-deploy estimate reads from the management cluster. */
export const CAPACITY_KINDS = [
  'kubeadmcontrolplanes.controlplane.cluster.x-k8s.io',
  'machinedeployments.cluster.x-k8s.io',
  'openstackmachinetemplates.infrastructure.cluster.x-k8s.io',
  'openstackclusters.infrastructure.cluster.x-k8s.io',
];
const SIZED_KINDS = new Set(['KubeadmControlPlane', 'MachineDeployment', 'OpenStackCluster']);

/**
 * What a deploy of the rendered manifests adds to a cluster that may exist: the estimate of the
 * manifests minus the estimate of the same objects as the management cluster holds them now
 * (`live`: the items of `kubectl get` of CAPACITY_KINDS), since the machines, network and load
 * balancer already there count in the project's usage. A scale-down frees (negative); objects
 * that exist nowhere yet count whole, so a first deploy is the plain estimate.
 */
export async function redeployCapacityDemand(
  manifests: string,
  source: string,
  live: unknown[],
  flavors: FlavorLookup,
): Promise<CapacityDemand> {
  const rendered = manifestObjects(manifests, source);
  const key = (o: Values) => `${String(o.kind)}/${text(at(o, 'metadata', 'name'))}`;
  const renderedSized = new Set(rendered.filter((o) => SIZED_KINDS.has(String(o.kind))).map(key));
  const liveObjects = live.map(record).filter((o): o is Values => o !== undefined);
  // The live counterparts of the rendered objects, and every live template (a re-render may name new ones).
  const existing = liveObjects.filter((o) => renderedSized.has(key(o)) || o.kind === 'OpenStackMachineTemplate');
  if (!existing.some((o) => SIZED_KINDS.has(String(o.kind)))) return manifestCapacityDemand(manifests, source, flavors);
  const [wanted, held] = await Promise.all([
    objectsDemand(rendered, source, flavors),
    objectsDemand(existing, 'the management cluster', flavors),
  ]);
  const demand = emptyDemand();
  for (const quota of new Set([...Object.keys(wanted.adds), ...Object.keys(held.adds)]) as Set<QuotaName>) {
    addDemand(demand, quota, (wanted.adds[quota] ?? 0) - (held.adds[quota] ?? 0));
  }
  demand.notes = [...new Set([...wanted.notes, ...held.notes])];
  // A set whose machines move to another template (or version) is rolled with maxSurge 1: a new machine exists
  // before the old one goes (CAPI v1.12 KCP `controlplane/kubeadm/internal/controllers/upgrade.go` scale up first;
  // MachineDeployment RollingUpdate maxSurge 1 by default), so the peak holds one more machine per rolling set.
  const surged: string[] = [];
  for (const set of machineSets(rendered)) {
    const live = machineSets(liveObjects).find((l) => l.what === set.what);
    if (!live || set.replicas === 0 || (live.template === set.template && live.version === set.version)) continue;
    const template = at(
      rendered.find((o) => o.kind === 'OpenStackMachineTemplate' && text(at(o, 'metadata', 'name')) === set.template),
      'spec',
      'template',
      'spec',
    );
    addDemand(demand, 'instances', 1);
    if (template) await addMachine(demand, template, 1, `${set.what} (rollout surge)`, flavors);
    surged.push(set.what);
  }
  if (surged.length > 0)
    demand.notes.push(`one more machine each while ${surged.join(', ')} roll (maxSurge 1: the new machine first)`);
  demand.estimate = `Cluster API: counted from ${source} minus what the cluster's objects in the management cluster hold now (${existing
    .filter((o) => SIZED_KINDS.has(String(o.kind)))
    .map(key)
    .join(', ')}); CAPO decides the details as it reconciles`;
  return demand;
}

/** The KubeadmControlPlanes and MachineDeployments with the template and version their machines get. */
function machineSets(objects: Values[]): { what: string; replicas: number; template?: string; version?: string }[] {
  return [
    ...objects
      .filter((o) => o.kind === 'KubeadmControlPlane')
      .map((o) => ({
        what: `KubeadmControlPlane ${text(at(o, 'metadata', 'name'))}`,
        replicas: count(at(o, 'spec', 'replicas'), 1),
        template:
          text(at(o, 'spec', 'machineTemplate', 'infrastructureRef', 'name')) ??
          text(at(o, 'spec', 'machineTemplate', 'spec', 'infrastructureRef', 'name')),
        version: text(at(o, 'spec', 'version'))?.replace(/^v/, ''),
      })),
    ...objects
      .filter((o) => o.kind === 'MachineDeployment')
      .map((o) => ({
        what: `MachineDeployment ${text(at(o, 'metadata', 'name'))}`,
        replicas: count(at(o, 'spec', 'replicas'), 1),
        template: text(at(o, 'spec', 'template', 'spec', 'infrastructureRef', 'name')),
        version: text(at(o, 'spec', 'template', 'spec', 'version'))?.replace(/^v/, ''),
      })),
  ];
}

async function objectsDemand(objects: Values[], source: string, flavors: FlavorLookup): Promise<CapacityDemand> {
  const kind = (k: string) => objects.filter((o) => o.kind === k);
  const demand = emptyDemand();
  const add = (quota: QuotaName, amount: number) => addDemand(demand, quota, amount);
  const templates = new Map(kind('OpenStackMachineTemplate').map((t) => [text(at(t, 'metadata', 'name')), t]));

  const sets: MachineSet[] = [
    ...kind('KubeadmControlPlane').map((o) => ({
      what: `KubeadmControlPlane ${text(at(o, 'metadata', 'name'))}`,
      replicas: count(at(o, 'spec', 'replicas'), 1),
      template:
        text(at(o, 'spec', 'machineTemplate', 'infrastructureRef', 'name')) ??
        text(at(o, 'spec', 'machineTemplate', 'spec', 'infrastructureRef', 'name')),
      controlPlane: true,
    })),
    ...kind('MachineDeployment').map((o) => ({
      what: `MachineDeployment ${text(at(o, 'metadata', 'name'))}`,
      replicas: count(at(o, 'spec', 'replicas'), 1),
      template: text(at(o, 'spec', 'template', 'spec', 'infrastructureRef', 'name')),
      controlPlane: false,
    })),
  ];

  let controlPlaneReplicas = 0;
  for (const set of sets) {
    if (set.controlPlane) controlPlaneReplicas += set.replicas;
    const template = at(templates.get(set.template), 'spec', 'template', 'spec');
    add('instances', set.replicas);
    if (!template) {
      demand.notes.push(`${set.what}: no OpenStackMachineTemplate ${set.template ?? '(none named)'} in ${source}`);
      continue;
    }
    await addMachine(demand, template, set.replicas, set.what, flavors);
  }

  const cluster = at(kind('OpenStackCluster')[0], 'spec');
  if (cluster) {
    if (list(at(cluster, 'managedSubnets')).length > 0) {
      add('networks', 1);
      add('subnets', list(at(cluster, 'managedSubnets')).length);
      if (at(cluster, 'disableExternalNetwork') !== true) {
        add('routers', 1);
        add('ports', 1); // the router's interface on the subnet
      }
    }
    const lb = record(at(cluster, 'apiServerLoadBalancer'));
    const floatingIp =
      at(cluster, 'disableAPIServerFloatingIP') !== true && at(cluster, 'disableExternalNetwork') !== true;
    if (lb?.enabled === true) {
      const listeners = 1 + (Array.isArray(lb.additionalPorts) ? lb.additionalPorts.length : 0);
      add('load_balancers', 1);
      add('ports', 1);
      add('listeners', listeners);
      add('pools', listeners);
      add('health_monitors', listeners);
      add('members', listeners * controlPlaneReplicas);
    }
    if (floatingIp) add('floating_ips', 1);
    const bastion = record(at(cluster, 'bastion'));
    const bastionOn =
      bastion?.enabled === true ||
      (bastion !== undefined && bastion.enabled === undefined && bastion.spec !== undefined);
    if (bastionOn) {
      add('instances', 1);
      add('floating_ips', 1);
      const spec = record(bastion?.spec);
      if (spec) await addMachine(demand, spec, 1, 'the bastion', flavors);
    }
    const groups = record(at(cluster, 'managedSecurityGroups'));
    if (groups) {
      // A rule with remoteManagedGroups becomes one rule per group it names (CAPO v0.14.7
      // `pkg/cloud/services/networking/securitygroups.go:289-335` getRulesFromSpecs).
      const expanded = (rules: unknown) =>
        list(rules).reduce(
          (n, rule) => n + Math.max(1, Array.isArray(rule.remoteManagedGroups) ? rule.remoteManagedGroups.length : 0),
          0,
        );
      const allNodes = expanded(groups.allNodesSecurityGroupRules);
      const allowAll = groups.allowAllInClusterTraffic === true;
      const ipv4Subnets = list(at(cluster, 'managedSubnets')).filter((s) =>
        /^\d+\.\d+\.\d+\.\d+\//.test(text(s.cidr) ?? ''),
      ).length;
      const additionalPorts = lb?.enabled === true && Array.isArray(lb.additionalPorts) ? lb.additionalPorts.length : 0;
      // `securitygroups.go:198-262` with `securitygroups_rules.go`: both groups start with the two egress rules;
      // the control plane adds the API (and the load balancer's additional ports), etcd and the kubelet twice (or
      // two allow-all rules); the workers the NodePort rules (two per IPv4 subnet, four between the groups) and the
      // kubelet twice (or two allow-all rules); the extra and all-nodes rules on each; SSH from a bastion.
      const controlPlaneRules =
        EGRESS_RULES +
        1 +
        additionalPorts +
        (allowAll ? 2 : 3) +
        expanded(groups.controlPlaneNodesSecurityGroupRules) +
        allNodes;
      const workerRules =
        EGRESS_RULES + 2 * ipv4Subnets + 4 + 2 + expanded(groups.workerNodesSecurityGroupRules) + allNodes;
      add('security_groups', bastionOn ? 3 : 2);
      add('security_group_rules', controlPlaneRules + workerRules + (bastionOn ? 2 + EGRESS_RULES + 1 : 0));
    }
  }
  return demand;
}

async function addMachine(
  demand: CapacityDemand,
  spec: unknown,
  replicas: number,
  what: string,
  flavors: FlavorLookup,
): Promise<void> {
  const add = (quota: QuotaName, amount: number) => addDemand(demand, quota, amount);
  const flavorName = text(at(spec, 'flavor'));
  const flavorId = text(at(spec, 'flavorID'));
  if (flavorName || flavorId) {
    const flavor = await flavors.find(flavorId ? { id: flavorId } : { name: flavorName! });
    if (flavor) {
      add('cores', replicas * flavor.vcpus);
      add('ram', replicas * flavor.ram);
    } else {
      demand.notes.push(`cores and RAM of ${what}: Nova has no flavor ${flavorId ?? `named "${flavorName}"`}`);
    }
  } else {
    demand.notes.push(`cores and RAM of ${what}: no flavor in its machine template`);
  }
  add('ports', replicas * Math.max(1, list(at(spec, 'ports')).length));
  const root = count(at(spec, 'rootVolume', 'sizeGiB'), 0);
  if (root > 0) {
    add('volumes', replicas);
    add('gigabytes', replicas * root);
  }
  for (const device of list(at(spec, 'additionalBlockDevices'))) {
    if (at(device, 'storage', 'type') !== 'Volume') continue;
    add('volumes', replicas);
    add('gigabytes', replicas * count(device.sizeGiB, 0));
  }
}
