import { isMapping } from '../lib/mapping.js';
import { plannedModuleCalls } from '../lib/tofu-plan-config.js';

/**
 * The order of the control plane as the OpenTofu code sets it, read from the plan before anything is
 * created. The inventory the shipped module writes cannot tell: it holds the new servers' addresses,
 * unknown at plan time. The module's call can: its control_plane.names are the inventory's
 * kube_control_plane and etcd groups in order (modules/openstack-cluster/inventory.tf), each node
 * named "<cluster_name>-<name>" (main.tf), so names[0] is the host Kubespray treats as the first.
 */

/** The first control-plane node of one module call, with where a person finds it in the .tf files. */
export interface PlannedFirstControlPlane {
  node: string;
  where: string;
}

/**
 * Each root module call that passes cluster_name and control_plane = { names = [...] } (the shipped
 * module's arguments) with values the plan shows: constants, or a root variable passed as it is
 * (`var.x`, whose value the plan records). `tofu show -json` gives a module argument as
 * `expressions.<name>.constant_value` when it is constant, else only its `references` (checked with
 * terraform 1.x). Anything computed (locals, functions, a call with count or for_each) is left to the
 * check of the inventory after the apply (refuseNewFirstHosts).
 */
export function plannedFirstControlPlanes(planJson: unknown): PlannedFirstControlPlane[] {
  const found: PlannedFirstControlPlane[] = [];
  for (const call of plannedModuleCalls(planJson)) {
    if (call.repeated) continue;
    const cluster = call.argument('cluster_name');
    const controlPlane = call.argument('control_plane');
    const names = isMapping(controlPlane?.value) ? controlPlane.value.names : undefined;
    if (typeof cluster?.value !== 'string' || !Array.isArray(names) || typeof names[0] !== 'string') continue;
    found.push({
      node: `${cluster.value}-${names[0]}`,
      where: `module "${call.name}" (its control_plane.names${controlPlane?.from ? `, from ${controlPlane.from}` : ''})`,
    });
  }
  return found;
}

/**
 * The refusal of a plan that creates its first control-plane node on a cluster that exists (see
 * refuseNewFirstHosts for what Kubespray does there), or undefined.
 */
export function newFirstControlPlaneRefusal(
  firsts: readonly PlannedFirstControlPlane[],
  created: readonly string[],
  newCluster: boolean,
): string | undefined {
  if (newCluster) return undefined;
  const refused = firsts.filter((first) => created.includes(first.node));
  if (refused.length === 0) return undefined;
  return (
    `refusing to add a new first control-plane node: ${refused.map((first) => `${first.where} puts ${first.node}, a server this plan creates, first`).join('; ')}. ` +
    'On a cluster that exists, Kubespray runs kubeadm init on the first control-plane host that has no kubelet config (a second control plane with a new CA) and makes a new etcd CA on the first etcd host that has no certificates. ' +
    'Append new nodes at the END of control_plane.names and keep an existing node first; nothing was created'
  );
}
