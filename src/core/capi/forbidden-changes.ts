/**
 * Changes CAPO forbids in place, found before anything is applied. CAPO v0.14.7's OpenStackCluster webhook
 * (`pkg/webhooks/openstackcluster_webhook.go` ValidateUpdate) refuses any change of `spec` except a few fields, and
 * `kubectl apply` would still apply every other object of the manifests (kubectl `pkg/cmd/apply/apply.go` only
 * aggregates the errors): a half-applied change. So the plan compares the rendered OpenStackCluster with the one
 * the management cluster holds and refuses, naming the field and the config setting behind it.
 */

// biome-ignore lint/suspicious/noExplicitAny: manifests and live objects are open JSON.
type Doc = Record<string, any>;

/** Top-level spec fields the webhook lets change (it zeroes them before comparing). */
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
  managedSecurityGroups: 'deployment.cluster_api.template',
};

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((k) => (value as Doc)[k] !== undefined && (value as Doc)[k] !== null)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Doc)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** What the webhook allows inside the fields it only partly freezes, removed from a copy of a spec field. */
function comparable(field: string, value: unknown): unknown {
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
  if (field === 'apiServerLoadBalancer' && !Array.isArray(copy)) {
    delete (copy as Doc).allowedCIDRs;
    delete (copy as Doc).monitor;
  }
  return copy;
}

export interface ForbiddenChange {
  field: string;
  configField: string;
}

/** The OpenStackCluster spec fields that differ in a way CAPO's webhook refuses. */
export function forbiddenClusterChanges(rendered: Doc, live: Doc): ForbiddenChange[] {
  const next = (rendered.spec ?? {}) as Doc;
  const previous = (live.spec ?? {}) as Doc;
  const changes: ForbiddenChange[] = [];
  for (const field of [...new Set([...Object.keys(next), ...Object.keys(previous)])].sort()) {
    if (MUTABLE.has(field)) continue;
    // A field the template leaves out keeps what the server has (server-side apply): no change.
    if (next[field] === undefined) continue;
    if (canonical(comparable(field, next[field])) === canonical(comparable(field, previous[field]))) continue;
    changes.push({ field: `spec.${field}`, configField: CONFIG_FIELD[field] ?? 'deployment.cluster_api.template' });
  }
  return changes;
}
