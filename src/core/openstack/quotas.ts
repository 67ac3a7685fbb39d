/**
 * The project's limits and usage, read from each service's own quota API through the catalog's
 * endpoints (region and interface of the credentials): one request per service, all at once, Octavia
 * excepted (its quota API has limits only, so its objects are listed and counted).
 *
 * Shapes, as the API references document them (../../shared/reference/openstack-day0.md §7):
 * - Nova `GET /limits`: `limits.absolute.{maxTotalInstances, totalInstancesUsed, …}` (nova api-ref
 *   `api-ref/source/limits.inc`, the parameters in `parameters.yaml` under "limits_*").
 * - Neutron `GET /v2.0/quotas/{project_id}/details`: `quota.<resource>.{used, limit, reserved}`
 *   (neutron-lib api-ref `api-ref/source/v2/quotas.inc`, "Show quota details for a project").
 * - Cinder `GET /v3/{project_id}/os-quota-sets/{project_id}?usage=true`:
 *   `quota_set.<resource>.{in_use, limit, reserved, allocated}` (cinder api-ref `api-ref/source/v3/quota-sets.inc`).
 * - Octavia `GET /v2/lbaas/quotas/{project_id}`: `quota.{load_balancer, listener, pool, member,
 *   health_monitor}` with the newer `loadbalancer`/`healthmonitor` spellings beside them (octavia
 *   api-ref `api-ref/source/v2/quota.inc`); usage from `GET /v2/lbaas/{loadbalancers,listeners,pools,
 *   healthmonitors}?project_id=` (members from each pool's `members` list, `api-ref/source/v2/pool.inc`).
 * `-1` is unlimited in all four.
 */

import { z } from 'zod';
import { errorMessage } from '../lib/errors.js';
import type { HttpAnswer } from './http.js';
import { parseJson, RequestTimeout } from './http.js';

/** The quotas the capacity check compares, named as people say them; each belongs to one service. */
export const QUOTAS = {
  instances: { service: 'compute', label: 'instances' },
  cores: { service: 'compute', label: 'cores (vCPUs)' },
  ram: { service: 'compute', label: 'RAM (MiB)' },
  server_groups: { service: 'compute', label: 'server groups' },
  server_group_members: { service: 'compute', label: 'server group members (per group)' },
  networks: { service: 'network', label: 'networks' },
  subnets: { service: 'network', label: 'subnets' },
  ports: { service: 'network', label: 'ports' },
  routers: { service: 'network', label: 'routers' },
  floating_ips: { service: 'network', label: 'floating IPs' },
  security_groups: { service: 'network', label: 'security groups' },
  security_group_rules: { service: 'network', label: 'security group rules' },
  volumes: { service: 'volume', label: 'volumes' },
  gigabytes: { service: 'volume', label: 'volume gigabytes' },
  load_balancers: { service: 'load-balancer', label: 'load balancers' },
  listeners: { service: 'load-balancer', label: 'listeners' },
  pools: { service: 'load-balancer', label: 'pools' },
  members: { service: 'load-balancer', label: 'pool members' },
  health_monitors: { service: 'load-balancer', label: 'health monitors' },
} as const satisfies Record<string, { service: QuotaService; label: string }>;

export type QuotaService = 'compute' | 'network' | 'volume' | 'load-balancer';
export type QuotaName = keyof typeof QUOTAS;
export const QUOTA_NAMES = Object.keys(QUOTAS) as QuotaName[];

/** The service behind each quota API, for messages ("Nova GET /limits"). */
export const SERVICE_NAMES: Record<QuotaService, string> = {
  compute: 'Nova',
  network: 'Neutron',
  volume: 'Cinder',
  'load-balancer': 'Octavia',
};

/**
 * Catalog types per service, first match wins. Cinder is `block-storage` in the service-types
 * authority and still `volumev3` on most clouds.
 */
const CATALOG_TYPES: Record<QuotaService, readonly string[]> = {
  compute: ['compute'],
  network: ['network'],
  volume: ['block-storage', 'volumev3'],
  'load-balancer': ['load-balancer'],
};

export interface QuotaUsage {
  inUse: number;
  /** undefined: unlimited (-1). */
  limit?: number;
}

export interface ProjectQuotas {
  /** Each quota read; absent when its service was skipped or could not be read. */
  usage: Partial<Record<QuotaName, QuotaUsage>>;
  /** Members of each existing server group of the project, by group id (Nova counts members per group). */
  serverGroupMembers: Record<string, number>;
  /** Services not read, each with why (absent from the catalog, 403, an error): said, not fatal. */
  skipped: { service: QuotaService; reason: string }[];
}

/** The authenticated reads this module needs (keystone.ts's OpenStackSession). */
export interface QuotaSession {
  projectId: string;
  /** Catalog type -> endpoint URL in the region and interface. */
  endpoints: Record<string, string>;
  get(url: URL, maxBytes: number): Promise<HttpAnswer>;
}

/** A quota set is a few kB; object lists of a project with many load balancers run to a few MiB. */
const MAX_QUOTA_BYTES = 1024 * 1024;
const MAX_LIST_BYTES = 16 * 1024 * 1024;
/** Octavia pages lists (pagination_max_limit, 1000 by default); more pages than this is no project of ours. */
const MAX_PAGES = 50;

/** The endpoint of a service in the catalog, or undefined. */
export function serviceEndpoint(endpoints: Record<string, string>, service: QuotaService): string | undefined {
  for (const type of CATALOG_TYPES[service]) if (endpoints[type]) return endpoints[type];
  return undefined;
}

/** A read that did not give a usable answer; its message names the API. */
class QuotaReadError extends Error {}

const UNLIMITED = -1;
function usage(inUse: number, limit: number): QuotaUsage {
  return { inUse, ...(limit !== UNLIMITED && { limit }) };
}

/** `base` + `path`, keeping base's own path (`https://h/compute/v2.1` + `/limits`). */
function join(base: string, path: string): URL {
  return new URL(`${base.replace(/\/+$/, '')}${path}`);
}

async function getJson(session: QuotaSession, api: string, url: URL, maxBytes = MAX_QUOTA_BYTES): Promise<unknown> {
  let answer: HttpAnswer;
  try {
    answer = await session.get(url, maxBytes);
  } catch (error) {
    const why =
      error instanceof RequestTimeout
        ? error.connected
          ? 'no answer in time'
          : 'could not connect in time'
        : errorMessage(error);
    throw new QuotaReadError(`${api} failed: ${why}`);
  }
  if (answer.status === 403) {
    throw new QuotaReadError(
      `${api} answered 403 Forbidden: this cloud does not let the project read it (some allow only admins); ask the operator for the reader role or the quota figures`,
    );
  }
  if (answer.status === 401) throw new QuotaReadError(`${api} answered 401: the token was not accepted`);
  if (answer.status === 404) {
    throw new QuotaReadError(`${api} answered 404 Not Found: the endpoint in the catalog does not offer this API`);
  }
  if (answer.status < 200 || answer.status >= 300) throw new QuotaReadError(`${api} answered ${answer.status}`);
  const json = parseJson(answer.body);
  if (json === undefined) throw new QuotaReadError(`${api} answered ${answer.status} with something other than JSON`);
  return json;
}

function parse<T>(schema: z.ZodType<T>, json: unknown, api: string): T {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new QuotaReadError(`${api} answered in an unexpected shape (${issue?.path.join('.')}: ${issue?.message})`);
  }
  return parsed.data;
}

// ---- Nova ---------------------------------------------------------------------------------------

// Each schema here is z.lazy: built on the first answer read, not at every start of a step that reads no quota.

/** nova api-ref limits.inc: the absolute limits and the project's usage beside them. */
const NovaLimitsSchema = z.lazy(() =>
  z.object({
    limits: z.object({
      absolute: z.object({
        maxTotalInstances: z.number(),
        maxTotalCores: z.number(),
        maxTotalRAMSize: z.number(),
        maxServerGroups: z.number(),
        maxServerGroupMembers: z.number(),
        totalInstancesUsed: z.number(),
        totalCoresUsed: z.number(),
        totalRAMUsed: z.number(),
        totalServerGroupsUsed: z.number(),
      }),
    }),
  }),
);

/** nova api-ref server-groups.inc: `GET /os-server-groups` lists the project's groups with their member ids. */
const NovaServerGroupsSchema = z.lazy(() =>
  z.object({
    server_groups: z.array(z.object({ id: z.string(), members: z.array(z.string()) })),
  }),
);

async function readNova(session: QuotaSession, base: string): Promise<Omit<ProjectQuotas, 'skipped'>> {
  const limitsApi = 'Nova GET /limits';
  const groupsApi = 'Nova GET /os-server-groups';
  const [limits, groups] = await Promise.all([
    getJson(session, limitsApi, join(base, '/limits')).then((json) => parse(NovaLimitsSchema, json, limitsApi)),
    getJson(session, groupsApi, join(base, '/os-server-groups'), MAX_LIST_BYTES).then((json) =>
      parse(NovaServerGroupsSchema, json, groupsApi),
    ),
  ]);
  const a = limits.limits.absolute;
  const serverGroupMembers: Record<string, number> = {};
  for (const group of groups.server_groups) serverGroupMembers[group.id] = group.members.length;
  return {
    usage: {
      instances: usage(a.totalInstancesUsed, a.maxTotalInstances),
      cores: usage(a.totalCoresUsed, a.maxTotalCores),
      ram: usage(a.totalRAMUsed, a.maxTotalRAMSize),
      server_groups: usage(a.totalServerGroupsUsed, a.maxServerGroups),
      // A per-group limit: the comparison takes each group's own members (serverGroupMembers).
      server_group_members: usage(0, a.maxServerGroupMembers),
    },
    serverGroupMembers,
  };
}

// ---- Neutron ------------------------------------------------------------------------------------

/** neutron-lib api-ref quotas.inc: `reserved` may be a string on some releases (gophercloud quotas/results.go). */
const NeutronDetail = z.lazy(() => z.object({ used: z.coerce.number(), limit: z.coerce.number() }));
const NeutronDetailsSchema = z.lazy(() =>
  z.object({
    quota: z.object({
      network: NeutronDetail,
      subnet: NeutronDetail,
      port: NeutronDetail,
      router: NeutronDetail,
      floatingip: NeutronDetail,
      security_group: NeutronDetail,
      security_group_rule: NeutronDetail,
    }),
  }),
);

async function readNeutron(session: QuotaSession, base: string): Promise<Partial<Record<QuotaName, QuotaUsage>>> {
  const api = 'Neutron GET /v2.0/quotas/{project_id}/details';
  const q = parse(
    NeutronDetailsSchema,
    await getJson(session, api, join(base, `/v2.0/quotas/${encodeURIComponent(session.projectId)}/details`)),
    api,
  ).quota;
  const of = (detail: { used: number; limit: number }) => usage(detail.used, detail.limit);
  return {
    networks: of(q.network),
    subnets: of(q.subnet),
    ports: of(q.port),
    routers: of(q.router),
    floating_ips: of(q.floatingip),
    security_groups: of(q.security_group),
    security_group_rules: of(q.security_group_rule),
  };
}

// ---- Cinder -------------------------------------------------------------------------------------

const CinderDetail = z.lazy(() => z.object({ in_use: z.number(), limit: z.number() }));
const CinderQuotaSetSchema = z.lazy(() =>
  z.object({ quota_set: z.object({ volumes: CinderDetail, gigabytes: CinderDetail }) }),
);

/**
 * Cinder's catalog URL usually ends in the project id (`…/v3/%(project_id)s`, filled in by
 * Keystone); since 3.67 it may stop at `/v3`. The quota set is under the project either way.
 */
function cinderBase(base: string, projectId: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return trimmed.endsWith(`/${projectId}`) ? trimmed : `${trimmed}/${encodeURIComponent(projectId)}`;
}

async function readCinder(session: QuotaSession, base: string): Promise<Partial<Record<QuotaName, QuotaUsage>>> {
  const api = 'Cinder GET /v3/{project_id}/os-quota-sets/{project_id}?usage=true';
  const url = join(
    cinderBase(base, session.projectId),
    `/os-quota-sets/${encodeURIComponent(session.projectId)}?usage=true`,
  );
  const q = parse(CinderQuotaSetSchema, await getJson(session, api, url), api).quota_set;
  return { volumes: usage(q.volumes.in_use, q.volumes.limit), gigabytes: usage(q.gigabytes.in_use, q.gigabytes.limit) };
}

// ---- Octavia ------------------------------------------------------------------------------------

/**
 * octavia api-ref quota.inc: both spellings are returned (`load_balancer` and, since Rocky,
 * `loadbalancer`); `null` means the project uses the default (octavia api/v2/types/quotas.py).
 */
const OctaviaLimit = z.number().nullish();
const OctaviaQuotaSchema = z.lazy(() =>
  z.object({
    quota: z.object({
      loadbalancer: OctaviaLimit,
      load_balancer: OctaviaLimit,
      listener: OctaviaLimit,
      pool: OctaviaLimit,
      member: OctaviaLimit,
      healthmonitor: OctaviaLimit,
      health_monitor: OctaviaLimit,
    }),
  }),
);
const OctaviaLinks = z.array(z.object({ rel: z.string(), href: z.string() })).optional();

async function listOctavia(
  session: QuotaSession,
  base: string,
  collection: 'loadbalancers' | 'listeners' | 'pools' | 'healthmonitors',
): Promise<{ count: number; members: number }> {
  const api = `Octavia GET /v2/lbaas/${collection}?project_id=`;
  const schema = z.object({
    [collection]: z.array(z.object({ members: z.array(z.unknown()).optional() })),
    [`${collection}_links`]: OctaviaLinks,
  });
  let url: URL | undefined = join(base, `/v2/lbaas/${collection}?project_id=${encodeURIComponent(session.projectId)}`);
  let count = 0;
  let members = 0;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const body = parse(schema, await getJson(session, api, url, MAX_LIST_BYTES), api) as Record<string, unknown>;
    const items = body[collection] as { members?: unknown[] }[];
    count += items.length;
    for (const item of items) members += item.members?.length ?? 0;
    const next = (body[`${collection}_links`] as { rel: string; href: string }[] | undefined)?.find(
      (link) => link.rel === 'next',
    );
    url = next ? new URL(next.href) : undefined;
  }
  return { count, members };
}

async function readOctavia(session: QuotaSession, base: string): Promise<Partial<Record<QuotaName, QuotaUsage>>> {
  const api = 'Octavia GET /v2/lbaas/quotas/{project_id}';
  const [quotaJson, lbs, listeners, pools, monitors] = await Promise.all([
    getJson(session, api, join(base, `/v2/lbaas/quotas/${encodeURIComponent(session.projectId)}`)),
    listOctavia(session, base, 'loadbalancers'),
    listOctavia(session, base, 'listeners'),
    listOctavia(session, base, 'pools'),
    listOctavia(session, base, 'healthmonitors'),
  ]);
  const q = parse(OctaviaQuotaSchema, quotaJson, api).quota;
  // Unset (null) is the cloud's default, -1 (unlimited) unless the operator changed it; not knowable here.
  const of = (inUse: number, limit: number | null | undefined) => usage(inUse, limit ?? UNLIMITED);
  return {
    load_balancers: of(lbs.count, q.loadbalancer ?? q.load_balancer),
    listeners: of(listeners.count, q.listener),
    pools: of(pools.count, q.pool),
    members: of(pools.members, q.member),
    health_monitors: of(monitors.count, q.healthmonitor ?? q.health_monitor),
  };
}

// ---- all of them --------------------------------------------------------------------------------

/** What reading quotas would do, for the dry run. */
export function describeQuotaReads(): string[] {
  return [
    'Nova GET /limits and /os-server-groups',
    'Neutron GET /v2.0/quotas/{project_id}/details',
    'Cinder GET /v3/{project_id}/os-quota-sets/{project_id}?usage=true',
    'Octavia GET /v2/lbaas/quotas/{project_id} and the project’s load balancers, listeners, pools, health monitors',
  ];
}

/**
 * Reads every service in parallel. A service absent from the catalog, a 403 or any other failure
 * skips that service with the reason: the check then covers the others, and says so.
 */
export async function readProjectQuotas(
  session: QuotaSession,
  services: readonly QuotaService[] = ['compute', 'network', 'volume', 'load-balancer'],
): Promise<ProjectQuotas> {
  const result: ProjectQuotas = { usage: {}, serverGroupMembers: {}, skipped: [] };
  await Promise.all(
    services.map(async (service) => {
      const base = serviceEndpoint(session.endpoints, service);
      if (!base) {
        result.skipped.push({
          service,
          reason: `${SERVICE_NAMES[service]} (${CATALOG_TYPES[service].join(' or ')}) is not in the catalog for this region and interface`,
        });
        return;
      }
      try {
        if (service === 'compute') {
          const nova = await readNova(session, base);
          Object.assign(result.usage, nova.usage);
          result.serverGroupMembers = nova.serverGroupMembers;
        } else if (service === 'network') Object.assign(result.usage, await readNeutron(session, base));
        else if (service === 'volume') Object.assign(result.usage, await readCinder(session, base));
        else Object.assign(result.usage, await readOctavia(session, base));
      } catch (error) {
        if (!(error instanceof QuotaReadError)) throw error;
        result.skipped.push({ service, reason: error.message });
      }
    }),
  );
  result.skipped.sort((a, b) => services.indexOf(a.service) - services.indexOf(b.service));
  return result;
}
