/**
 * Changes CAPO forbids in place, found before anything is applied. CAPO v0.14.7's OpenStackCluster webhook
 * (`pkg/webhooks/openstackcluster_webhook.go` ValidateUpdate) refuses any change of `spec` except a few fields, and
 * `kubectl apply` would still apply every other object of the manifests (kubectl `pkg/cmd/apply/apply.go` only
 * aggregates the errors): a half-applied change. So the plan compares the rendered OpenStackCluster with the one
 * the management cluster holds and refuses, naming the field and the config setting behind it.
 */

import { type CommandSpec, type Exec, failureLine } from '../lib/command.js';
import { RefusalError, UserError } from '../lib/errors.js';
import { NO_CLUSTER_API } from './management.js';
import { appliesAsIs, manifestDocuments, objectAddress } from './manifests.js';

// biome-ignore lint/suspicious/noExplicitAny: manifests and live objects are open JSON.
type Doc = Record<string, any>;

/** Top-level spec fields the webhook lets change (it zeroes them before comparing; bastion only while not removed). */
const MUTABLE = new Set([
  'identityRef',
  'bastion',
  'controlPlaneAvailabilityZones',
  'controlPlaneOmitAvailabilityZone',
  // Written by CAPO itself once the endpoint exists; the template never sets it.
  'controlPlaneEndpoint',
]);

/** The config field behind an OpenStackCluster spec field of our templates. */
const CONFIG_FIELD: Record<string, string> = {
  externalNetwork: 'deployment.cluster_api.openstack.external_network_id',
  managedSubnets: 'deployment.cluster_api.template (the subnet CIDR; dns_nameservers may change)',
  apiServerLoadBalancer: 'deployment.cluster_api.template (the API load balancer)',
  disableAPIServerFloatingIP: 'deployment.cluster_api.template',
  apiServerFloatingIP: 'deployment.cluster_api.api_server_floating_ip',
  managedSecurityGroups: 'deployment.cluster_api.template',
};

const isObject = (value: unknown): value is Doc => !!value && typeof value === 'object' && !Array.isArray(value);
/** What the webhook allows inside the fields it only partly freezes, removed from a copy of a spec field. */
function comparable(field: string, value: unknown, both = true): unknown {
  if (!value || typeof value !== 'object') return value;
  const copy = structuredClone(value) as Doc;
  if (field === 'managedSecurityGroups') {
    for (const rules of [
      'allNodesSecurityGroupRules',
      'controlPlaneNodesSecurityGroupRules',
      'workerNodesSecurityGroupRules',
      'allowAllInClusterTraffic',
    ])
      delete copy[rules];
  }
  if (field === 'managedSubnets' && Array.isArray(copy))
    for (const subnet of copy as Doc[]) if (subnet) delete subnet.dnsNameservers;
  // Only between two load balancer specs: one added (with allowed CIDRs or not) is a change.
  if (field === 'apiServerLoadBalancer' && both) {
    delete (copy as Doc).allowedCIDRs;
    delete (copy as Doc).monitor;
  }
  return copy;
}

export interface ForbiddenChange {
  field: string;
  configField: string;
  /** What changed, in the webhook's words, where it says more than the field ("subnet CIDR 10.6.0.0/24 → …"). */
  detail?: string;
}

/**
 * The webhook's own check of the managed subnets: matched by CIDR, a subnet added or removed and a changed CIDR are
 * refused (only dnsNameservers may change). A string says what was refused, '' nothing; undefined: not both lists.
 */
function subnetChange(next: unknown, live: unknown): string | undefined {
  if (!Array.isArray(next) || !Array.isArray(live)) return undefined;
  if (next.length !== live.length) return `cannot add or remove subnets (${live.length} → ${next.length})`;
  const cidrs = new Set(live.map((subnet) => (subnet as Doc | null)?.cidr));
  const changed = next.map((subnet) => (subnet as Doc | null)?.cidr).filter((cidr) => !cidrs.has(cidr));
  if (changed.length > 0) return `cannot change subnet CIDR from ${[...cidrs].join(', ')} to ${changed.join(', ')}`;
  // The webhook matches subnets by CIDR for its own messages, but then compares the specs with an ordered
  // reflect.DeepEqual (CAPO v0.14.7 `pkg/webhooks/openstackcluster_webhook.go` ValidateUpdate): a reorder is a change.
  const order = (list: unknown[]) => list.map((subnet) => (subnet as Doc | null)?.cidr).join(', ');
  if (order(next) !== order(live)) return `the subnets are in another order (${order(live)} → ${order(next)})`;
  return appliesAsIs(comparable('managedSubnets', next), comparable('managedSubnets', live))
    ? ''
    : 'a managed subnet changed other than its dnsNameservers';
}

/**
 * Top-level spec fields our field manager applied before and the manifests now leave out: server-side apply
 * removes them (a field no manager owns any more goes), which CAPO's webhook sees as a change like any other.
 */
function removedFields(next: Doc, live: Doc): string[] {
  const ours = ((live.metadata?.managedFields ?? []) as Doc[]).filter(
    (entry) => entry?.manager === 'cluster-deploy' && entry?.operation === 'Apply',
  );
  const owned = new Set(
    ours.flatMap((entry) =>
      Object.keys((entry.fieldsV1?.['f:spec'] ?? {}) as Doc)
        .filter((key) => key.startsWith('f:'))
        .map((key) => key.slice(2)),
    ),
  );
  return [...owned].filter((field) => next[field] === undefined && live.spec?.[field] !== undefined).sort();
}

/**
 * Fields the webhook lets change only in one situation, read from the live object: the network from a filter to the
 * ID CAPO resolved (status.network.id); the API floating IP to the load balancer's address; the fixed IP and port set
 * for the first time while the floating IP is disabled.
 */
function allowedByLiveState(field: string, next: Doc, live: Doc): boolean {
  const spec = (live.spec ?? {}) as Doc;
  const status = (live.status ?? {}) as Doc;
  if (field === 'network') return !!status.network?.id && next.network?.id === status.network.id;
  if (field === 'apiServerFloatingIP')
    return !!status.apiServerLoadBalancer?.ip && next.apiServerFloatingIP === status.apiServerLoadBalancer.ip;
  if (field === 'apiServerFixedIP' || field === 'apiServerPort')
    return spec.disableAPIServerFloatingIP === true && (spec[field] === undefined || spec[field] === '');
  return false;
}

/** The OpenStackCluster spec fields that differ in a way CAPO's webhook refuses. */
export function forbiddenClusterChanges(rendered: Doc, live: Doc): ForbiddenChange[] {
  const next = (rendered.spec ?? {}) as Doc;
  const previous = (live.spec ?? {}) as Doc;
  const changes: ForbiddenChange[] = [];
  const refuse = (field: string, detail?: string) =>
    changes.push({
      field: `spec.${field}`,
      configField: CONFIG_FIELD[field] ?? 'deployment.cluster_api.template',
      ...(detail && { detail }),
    });
  for (const field of removedFields(next, live)) {
    if (MUTABLE.has(field) || field === 'bastion') continue;
    refuse(field, 'left out of the manifests, so server-side apply would remove it');
  }
  // Removing the bastion is allowed only once it is disabled.
  if (next.bastion === undefined && previous.bastion?.enabled === true)
    refuse('bastion', 'cannot be removed before disabling it');
  for (const field of Object.keys(next).sort()) {
    // A field the template leaves out keeps what the server has (server-side apply): no change.
    if (MUTABLE.has(field) || next[field] === undefined || next[field] === null) continue;
    if (allowedByLiveState(field, next, live)) continue;
    if (field === 'managedSubnets') {
      const subnets = subnetChange(next[field], previous[field]);
      if (subnets) refuse(field, subnets);
      if (subnets !== undefined) continue;
    }
    const both = isObject(next[field]) && isObject(previous[field]);
    if (!appliesAsIs(comparable(field, next[field], both), comparable(field, previous[field], both))) refuse(field);
  }
  return changes;
}

const OPENSTACK_CLUSTERS = 'openstackclusters.infrastructure.cluster.x-k8s.io';

/** A rendered OpenStackCluster, and its forbidden changes against the live one. */
export interface ForbiddenObjectChanges {
  /** `OpenStackCluster ns/name`. */
  object: string;
  name: string;
  namespace?: string;
  changes: ForbiddenChange[];
}

/**
 * The rendered manifests' OpenStackClusters against the live ones on the management cluster (`kubectl get`, read
 * only): what CAPO's webhook would refuse. A cluster not created yet, or no Cluster API there, has nothing to refuse.
 */
export async function liveForbiddenChanges(
  exec: Exec,
  kubectl: (...args: string[]) => CommandSpec,
  manifestsText: string,
  source: string,
  /** The management cluster, for errors (preview.ts describeManagement). */
  management: string,
): Promise<ForbiddenObjectChanges[]> {
  const found: ForbiddenObjectChanges[] = [];
  for (const { value } of manifestDocuments(manifestsText, source)) {
    const rendered = value as Doc | null;
    if (rendered?.kind !== 'OpenStackCluster' || typeof rendered.metadata?.name !== 'string') continue;
    const { name, namespace } = rendered.metadata as { name: string; namespace?: string };
    const object = objectAddress({ kind: 'OpenStackCluster', name, namespace });
    const got = await exec(
      kubectl(
        'get',
        OPENSTACK_CLUSTERS,
        name,
        ...(namespace ? ['-n', namespace] : []),
        '-o',
        'json',
        '--ignore-not-found',
      ),
      { capture: true, quiet: true, check: false },
    );
    if (got.exitCode !== 0) {
      if (NO_CLUSTER_API.test(got.tail.join('\n'))) return [];
      throw new UserError(`cannot read ${object} from the management cluster (${management}): ${failureLine(got)}`);
    }
    if (!got.stdout.trim()) continue;
    let live: Doc;
    try {
      live = JSON.parse(got.stdout) as Doc;
    } catch {
      throw new UserError(`kubectl get ${object} -o json printed no JSON object`);
    }
    const changes = forbiddenClusterChanges(rendered, live);
    if (changes.length > 0) found.push({ object, name, ...(namespace && { namespace }), changes });
  }
  return found;
}

/** One line per refused field: `spec.externalNetwork (deployment.cluster_api.openstack.external_network_id)`. */
export function describeForbiddenChange(change: ForbiddenChange): string {
  return `${change.field}${change.detail ? `: ${change.detail}` : ''} (set by ${change.configField})`;
}

/**
 * The refusal of a plan or a deploy: nothing applied, each field named with its setting, and what to do instead.
 * RefusalError: a re-run with the same config refuses again.
 */
export function forbiddenChangesError(found: readonly ForbiddenObjectChanges[]): RefusalError | undefined {
  if (found.length === 0) return undefined;
  const objects = found.map(({ object, changes }) => `${object}: ${changes.map(describeForbiddenChange).join('; ')}`);
  return new RefusalError(
    `CAPO forbids changing these in place (its OpenStackCluster webhook refuses them, while kubectl apply would still apply the other objects of the manifests): ${objects.join(' / ')}. Nothing is applied while they differ: put the settings back as deployed; a cluster with the new ones is a new cluster (destroy, then deploy)`,
  );
}
