import { z } from 'zod';
import { UserError } from '../lib/errors.js';
import { parseJson } from './http.js';
import type { OpenStackSession } from './keystone.js';
import { serviceEndpoint } from './quotas.js';

/**
 * What a cluster made in OpenStack outside any tofu state, found by the marks its controllers put on it:
 * - cloud-provider-openstack names each Service's load balancer `kube_service_<cluster>_<namespace>_<name>`
 *   (pkg/openstack/loadbalancer.go `servicePrefix`, `lbFormat`, GetLoadBalancerName) and, where Octavia has
 *   tags, tags it with that name (createOctaviaLoadBalancer: `createOpts.Tags = []string{svcConf.lbName}`);
 * - Cinder CSI sets the volume property `cinder.csi.openstack.org/cluster` to its `--cluster`
 *   (pkg/csi/cinder/controllerserver.go `cinderCSIClusterIDKey`).
 * Kubespray passes its `cluster_name` as both (external-openstack-cloud-controller-manager-ds.yml.j2
 * `--cluster-name`, cinder-csi-controllerplugin.yml.j2 `--cluster`), default `cluster.local`.
 */

export const KUBESPRAY_DEFAULT_CLUSTER_NAME = 'cluster.local';
const CINDER_CLUSTER_KEY = 'cinder.csi.openstack.org/cluster';

export interface Leftover {
  kind: 'load balancer' | 'volume';
  id: string;
  name: string;
}

const MAX_LIST_BYTES = 16 * 1024 * 1024;
const MAX_PAGES = 50;

const LbListSchema = z.object({
  loadbalancers: z.array(
    z.object({ id: z.string(), name: z.string().nullish(), tags: z.array(z.string()).nullish() }).loose(),
  ),
  loadbalancers_links: z.array(z.object({ rel: z.string(), href: z.string() })).optional(),
});
const VolumeListSchema = z.object({
  volumes: z.array(
    z
      .object({ id: z.string(), name: z.string().nullish(), metadata: z.record(z.string(), z.string()).nullish() })
      .loose(),
  ),
  volumes_links: z.array(z.object({ rel: z.string(), href: z.string() })).optional(),
});

function join(base: string, suffix: string): URL {
  return new URL(`${base.replace(/\/+$/, '')}${suffix}`);
}

async function pages<T extends { [k: string]: unknown }>(
  session: OpenStackSession,
  api: string,
  first: URL,
  schema: z.ZodType<T>,
  linksKey: keyof T,
): Promise<T[]> {
  const found: T[] = [];
  let url: URL | undefined = first;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const answer = await session.get(url, MAX_LIST_BYTES);
    if (answer.status !== 200) throw new UserError(`${api} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    const parsed = schema.safeParse(parseJson(answer.body));
    if (!parsed.success) throw new UserError(`${api} answered something that is not its list`);
    found.push(parsed.data);
    const links = parsed.data[linksKey] as { rel: string; href: string }[] | undefined;
    const next = links?.find((link) => link.rel === 'next');
    url = next ? new URL(next.href) : undefined;
  }
  return found;
}

/** Cinder's catalog URL may or may not end in the project (quotas.ts says why). */
function cinderBase(base: string, projectId: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return trimmed.endsWith(`/${projectId}`) ? trimmed : `${trimmed}/${encodeURIComponent(projectId)}`;
}

/** The cluster's load balancers and volumes still in the project. */
export async function findLeftovers(session: OpenStackSession, clusterName: string): Promise<Leftover[]> {
  const found: Leftover[] = [];
  const prefix = `kube_service_${clusterName}_`;
  const octavia = serviceEndpoint(session.auth.endpoints, 'load-balancer');
  if (octavia) {
    const api = 'Octavia GET /v2/lbaas/loadbalancers';
    const url = join(octavia, `/v2/lbaas/loadbalancers?project_id=${encodeURIComponent(session.projectId)}`);
    for (const page of await pages(session, api, url, LbListSchema, 'loadbalancers_links'))
      for (const lb of page.loadbalancers)
        if ((lb.name ?? '').startsWith(prefix) || (lb.tags ?? []).some((tag) => tag.startsWith(prefix)))
          found.push({ kind: 'load balancer', id: lb.id, name: lb.name ?? '' });
  }
  const cinder = serviceEndpoint(session.auth.endpoints, 'volume');
  if (cinder) {
    const api = 'Cinder GET /v3/{project_id}/volumes/detail';
    const url = join(cinderBase(cinder, session.projectId), '/volumes/detail');
    for (const page of await pages(session, api, url, VolumeListSchema, 'volumes_links'))
      for (const volume of page.volumes)
        if (volume.metadata?.[CINDER_CLUSTER_KEY] === clusterName)
          found.push({ kind: 'volume', id: volume.id, name: volume.name ?? '' });
  }
  return found;
}

/**
 * Deletes one leftover: Octavia with `cascade=true` (a CPO load balancer has listeners and pools, and
 * Octavia refuses to delete one with children otherwise: api/v2/controllers/load_balancer.py), Cinder's
 * volume as is. Returns why it failed, or undefined.
 */
export async function deleteLeftover(session: OpenStackSession, leftover: Leftover): Promise<string | undefined> {
  const endpoints = session.auth.endpoints;
  const url =
    leftover.kind === 'load balancer'
      ? join(
          serviceEndpoint(endpoints, 'load-balancer')!,
          `/v2/lbaas/loadbalancers/${encodeURIComponent(leftover.id)}?cascade=true`,
        )
      : join(
          cinderBase(serviceEndpoint(endpoints, 'volume')!, session.projectId),
          `/volumes/${encodeURIComponent(leftover.id)}`,
        );
  const answer = await session.delete(url);
  if (answer.status === 202 || answer.status === 204 || answer.status === 404) return undefined;
  return `${answer.status} ${answer.body.replace(/\s+/g, ' ').slice(0, 200)}`;
}
