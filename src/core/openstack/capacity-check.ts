/**
 * The capacity check end to end: a project-scoped token (Keystone), the quotas of every service in
 * the catalog (quotas.ts), the demand of the change with flavors from Nova (the caller's reader:
 * the tofu plan or the Cluster API manifests), compared (capacity.ts). Read-only.
 */

import type { OpenStackCredentials } from './credentials.js';
import { openStackSession } from './keystone.js';
import { type CapacityDemand, type CapacityReport, compareCapacity } from './capacity.js';
import { type FlavorLookup, novaFlavors, staticFlavors } from './flavors.js';
import { readProjectQuotas, serviceEndpoint } from './quotas.js';

export interface CapacityCheckOptions {
  /** The deadline of each request (the auth check's timeout). */
  timeoutMs: number;
}

export async function checkCapacity(
  creds: OpenStackCredentials,
  options: CapacityCheckOptions,
  demandOf: (flavors: FlavorLookup) => Promise<CapacityDemand>,
): Promise<CapacityReport> {
  // Nothing is required in the catalog: a missing service is skipped and said, not an error.
  const session = await openStackSession(creds, { timeoutMs: options.timeoutMs, requiredServices: [] });
  const compute = serviceEndpoint(session.auth.endpoints, 'compute');
  const flavors = compute ? novaFlavors(compute, session.get) : staticFlavors([]);
  const [quotas, demand] = await Promise.all([
    readProjectQuotas({ projectId: session.projectId, endpoints: session.auth.endpoints, get: session.get }),
    demandOf(flavors),
  ]);
  return compareCapacity(quotas, demand);
}
