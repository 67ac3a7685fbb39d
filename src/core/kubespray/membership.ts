import type { ExtraVars } from './extra-vars.js';
import type { Inventory, PlaybookDecision } from './node-changes.js';
import type { NodeWork } from '../model/nodes.js';

/**
 * The playbook runs after the apply, in order, for the step and the previews alike. Control-plane and
 * etcd membership changes follow Kubespray v2.31's docs/operations/nodes.md:
 * - adding etcd: "run cluster.yml passing --limit=etcd,kube_control_plane -e ignore_assert_errors=yes"
 *   (`-e etcd_retries=10` when adding several), then "Run upgrade-cluster.yml also passing
 *   --limit=etcd,kube_control_plane -e ignore_assert_errors=yes. This is necessary to update all etcd
 *   configuration in the cluster";
 * - removing etcd: remove-node.yml (before the apply), unlist, "Run cluster.yml to regenerate the
 *   configuration files on all remaining nodes";
 * - either way, "In every control plane node, edit /etc/kubernetes/manifests/kube-apiserver.yaml" so
 *   that --etcd-servers lists the members: cluster.yml does not rewrite the manifests of a control plane
 *   already set up; upgrade-cluster.yml does, on every control plane of its limit
 *   (roles/kubernetes/control-plane/tasks/kubeadm-upgrade.yml, "Rewrite kubernetes control plane static
 *   pod manifests with updated configmap"), so the etcd configuration run stands for the manual edit;
 * - adding a control plane: "Append the new host to the inventory and run cluster.yml". The nginx-proxy
 *   restart nodes.md asks for is no longer needed: its manifest carries the config's checksum
 *   (roles/kubernetes/node/templates/manifests/nginx-proxy.manifest.j2, `nginx-cfg-checksum`), so the
 *   kubelet restarts the pod when the upstreams change.
 * A --limit run needs the facts of every other host cached (0040-verify-settings.yml): facts.yml first.
 * An even etcd count fails "Stop if even number of etcd hosts" (roles/validate_inventory/tasks/main.yml)
 * unless ignore_assert_errors is set, as nodes.md passes it.
 */
export interface PlannedRun {
  playbook: 'playbooks/facts.yml' | 'cluster.yml' | 'scale.yml' | 'upgrade-cluster.yml';
  /** Extra vars besides kube_version (which cluster.yml, scale.yml and upgrade-cluster.yml get). */
  vars: ExtraVars;
  limit?: string;
}

const ETCD_AND_CONTROL_PLANE = 'etcd,kube_control_plane';

/** validate_inventory's group: etcd, else kube_control_plane; an even, non-zero count is refused without ignore_assert_errors. */
export function etcdCountIsEven(inventory: Inventory | undefined): boolean {
  const count = (inventory?.etcd.length ? inventory.etcd : (inventory?.controlPlane ?? [])).length;
  return count > 0 && count % 2 === 0;
}

/**
 * The one place ignore_assert_errors is decided. Every Kubespray playbook runs validate_inventory
 * (playbooks/boilerplate.yml), whose "Stop if even number of etcd hosts" refuses an even etcd group
 * unless it is set. nodes.md passes it while an etcd member joins (the group is even until the new
 * member is one); and a cluster left with an even count (the quorum guard warned) must still be
 * deployable, upgradable and shrinkable.
 */
export function etcdAssertVars(inventory: Inventory | undefined, etcdJoining = false): ExtraVars {
  return etcdJoining || etcdCountIsEven(inventory) ? { ignore_assert_errors: true } : {};
}

/** Nodes that leave or join kube_control_plane or etcd, after the apply (inventory) and before it (removeRoles). */
function membership(work: NodeWork, inventory: Inventory | undefined) {
  const etcd = new Set(inventory?.etcd ?? []);
  const controlPlane = new Set(inventory?.controlPlane ?? []);
  const etcdAdded = work.create.filter((node) => etcd.has(node));
  const controlPlaneAdded = work.create.filter((node) => controlPlane.has(node) && !etcd.has(node));
  const removed = work.remove.filter((node) => {
    const roles = work.removeRoles[node];
    return roles === undefined || roles.includes('control-plane') || roles.includes('etcd');
  });
  const etcdRemoved = removed.filter((node) => work.removeRoles[node]?.includes('etcd') ?? true);
  const workersAdded = work.create.filter((node) => !etcd.has(node) && !controlPlane.has(node));
  return { etcdAdded, controlPlaneAdded, removed, etcdRemoved, workersAdded };
}

/** The runs a decision stands for, with the inventory after the apply (or, in previews, before it). */
export function plannedRuns(
  decision: PlaybookDecision,
  work: NodeWork | undefined,
  inventory: Inventory | undefined,
): PlannedRun[] {
  const even = etcdAssertVars(inventory);
  const facts: PlannedRun = { playbook: 'playbooks/facts.yml', vars: even };
  if (decision.kind === 'none') return [];
  if (decision.kind === 'scale') return [facts, { playbook: 'scale.yml', vars: even, limit: decision.limit.join(',') }];
  if (!work || work.newCluster) return [{ playbook: 'cluster.yml', vars: even }];
  const m = membership(work, inventory);
  if (m.etcdAdded.length + m.controlPlaneAdded.length + m.removed.length === 0)
    return [{ playbook: 'cluster.yml', vars: even }];
  const asserts = etcdAssertVars(inventory, m.etcdAdded.length > 0);
  const etcdRun: PlannedRun = { playbook: 'upgrade-cluster.yml', vars: asserts, limit: ETCD_AND_CONTROL_PLANE };
  if (m.etcdAdded.length > 0) {
    const join: ExtraVars = { ...asserts, ...(m.etcdAdded.length > 1 && { etcd_retries: 10 }) };
    // Only etcd and control-plane hosts change: nodes.md's limited run; anything more needs cluster.yml everywhere.
    const onlyMembership = !work.otherChanges && !work.unnamed?.length && m.workersAdded.length === 0;
    return onlyMembership
      ? [facts, { playbook: 'cluster.yml', vars: join, limit: ETCD_AND_CONTROL_PLANE }, etcdRun]
      : [{ playbook: 'cluster.yml', vars: join }, facts, etcdRun];
  }
  if (m.etcdRemoved.length > 0) return [{ playbook: 'cluster.yml', vars: asserts }, facts, etcdRun];
  return [{ playbook: 'cluster.yml', vars: asserts }];
}

/** "playbooks/facts.yml → cluster.yml --limit=etcd,kube_control_plane -e ignore_assert_errors=true → …" */
export function describeRuns(runs: readonly PlannedRun[]): string {
  return runs
    .map((run) =>
      [
        run.playbook,
        ...(run.limit ? [`--limit=${run.limit}`] : []),
        ...Object.entries(run.vars).map(([name, value]) => `-e ${name}=${String(value)}`),
      ].join(' '),
    )
    .join(' → ');
}

/** Whether the runs go beyond the usual single playbook (a membership procedure): worth listing in plans. */
export function isMembershipProcedure(runs: readonly PlannedRun[]): boolean {
  return (
    runs.some((run) => run.playbook === 'upgrade-cluster.yml') || runs.some((run) => Object.keys(run.vars).length > 0)
  );
}
