import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SandboxCloud } from './kube-objects.js';

/**
 * The sandbox's OpenStack: a Keystone token and catalog, and the read-only quota and flavor APIs of
 * Nova, Neutron, Cinder and Octavia that preflight and openstack-capacity call, for one project on
 * 127.0.0.1 (plain HTTP, as a devstack's). The tests run the real services instead
 * (test/support/openstack-apis.ts, test/core/openstack/quotas.test.ts); this is for the demo, which
 * must run where no OpenStack package is installed. Every answer has the shape the API reference
 * documents, cited beside it; anything else answers 404, and a request without the issued token 401,
 * as keystonemiddleware's auth_token does.
 *
 * The project's limits are the services' own defaults; what is in use is a small project's (two
 * servers, a network with its router, two volumes) plus what the sandbox cloud holds now (`project`).
 */

/** What the sandbox cloud holds (the Cluster API sandbox's servers, networks, routers, load balancers). */
export interface SandboxProject {
  servers: { flavor?: string }[];
  networks: number;
  routers: number;
  loadBalancers: number;
}

export interface OpenStackApiOptions {
  /** The application credential the sandbox's configs name; any other is refused (401). */
  applicationCredential: { id: string; secret: string };
  project?: () => SandboxProject;
  region?: string;
}

export interface OpenStackApiStandIn {
  /** `http://127.0.0.1:<port>/v3`, the config's auth_url. */
  authUrl: string;
  /** `METHOD /path` of each request, most recent last (bounded). */
  requests: string[];
  /** The load balancers and volumes the cluster's controllers made (kube-objects.ts drives them). */
  cloud: SandboxCloud & {
    loadBalancers(): { id: string; name: string; tags: string[] }[];
    volumes(): { id: string; name: string; metadata: Record<string, string> }[];
  };
  close(): Promise<void>;
}

/**
 * Nova's classic public flavors (the m1.* sizes devstack creates: devstack lib/nova `create_flavors`).
 * Shape: compute api-ref "List Flavors With Details" (https://docs.openstack.org/api-ref/compute/#list-flavors-with-details).
 */
const FLAVORS = [
  { id: '1', name: 'm1.tiny', vcpus: 1, ram: 512, disk: 1 },
  { id: '2', name: 'm1.small', vcpus: 1, ram: 2048, disk: 20 },
  { id: '3', name: 'm1.medium', vcpus: 2, ram: 4096, disk: 40 },
  { id: '4', name: 'm1.large', vcpus: 4, ram: 8192, disk: 80 },
];

/** The services' default limits: nova/conf/quota.py, neutron/conf/quota.py, cinder/quota.py, octavia/common/config.py (-1: unlimited). */
const LIMITS = {
  instances: 10,
  cores: 20,
  ram: 51200,
  server_groups: 10,
  server_group_members: 10,
  network: 100,
  subnet: 100,
  port: 500,
  router: 10,
  floatingip: 50,
  security_group: 10,
  security_group_rule: 100,
  volumes: 10,
  gigabytes: 1000,
  loadbalancer: -1,
  listener: -1,
  pool: -1,
  member: -1,
  healthmonitor: -1,
};

/** What the project holds besides the sandbox's own: two m1.medium servers, their network, two 20 GiB volumes. */
const BASE_USAGE = {
  instances: 2,
  cores: 4,
  ram: 8192,
  network: 1,
  subnet: 1,
  port: 3,
  router: 1,
  floatingip: 1,
  security_group: 1, // the project's default group, with its 4 default rules
  security_group_rule: 4,
  volumes: 2,
  gigabytes: 40,
};

const UNAUTHORIZED = {
  error: { code: 401, message: 'The request you have made requires authentication.', title: 'Unauthorized' },
};

export async function startOpenStackApiStandIn(options: OpenStackApiOptions): Promise<OpenStackApiStandIn> {
  const region = options.region ?? 'RegionOne';
  const projectId = randomUUID().replaceAll('-', '');
  const userId = randomUUID().replaceAll('-', '');
  const tokens = new Set<string>();
  const requests: string[] = [];
  const project = () => options.project?.() ?? { servers: [], networks: 0, routers: 0, loadBalancers: 0 };
  let base = '';
  // What the cloud controller and Cinder CSI made: outside any tofu state, as in a real project.
  const loadBalancers = new Map<string, { id: string; name: string; tags: string[] }>();
  const volumes = new Map<string, { id: string; name: string; metadata: Record<string, string> }>();
  const cloud: OpenStackApiStandIn['cloud'] = {
    createLoadBalancer(name, tags) {
      const id = randomUUID();
      loadBalancers.set(id, { id, name, tags });
    },
    deleteLoadBalancer(name) {
      const found = [...loadBalancers.values()].find((lb) => lb.name === name);
      return found ? loadBalancers.delete(found.id) : false;
    },
    createVolume(name, metadata) {
      const id = randomUUID();
      volumes.set(id, { id, name, metadata });
      return id;
    },
    deleteVolume: (id) => volumes.delete(id),
    loadBalancers: () => [...loadBalancers.values()],
    volumes: () => [...volumes.values()],
  };

  /** The catalog of a token: identity api-ref "Password authentication with scoped authorization", the `catalog` array (https://docs.openstack.org/api-ref/identity/v3/#password-authentication-with-scoped-authorization). */
  const catalog = () =>
    (
      [
        ['identity', 'keystone', `${base}/v3`],
        ['compute', 'nova', `${base}/compute/v2.1`],
        ['network', 'neutron', `${base}/network`],
        ['image', 'glance', `${base}/image`],
        // Cinder's URL ends in the project, as deployments register it (`…/v3/%(project_id)s`, filled in by Keystone).
        ['volumev3', 'cinderv3', `${base}/volume/v3/${projectId}`],
        ['load-balancer', 'octavia', `${base}/load-balancer`],
      ] as const
    ).map(([type, name, url]) => ({
      id: randomUUID().replaceAll('-', ''),
      type,
      name,
      endpoints: ['public', 'internal', 'admin'].map((iface) => ({
        id: randomUUID().replaceAll('-', ''),
        interface: iface,
        region_id: region,
        region,
        url,
      })),
    }));

  const usage = () => {
    const now = project();
    const flavor = (name?: string) => FLAVORS.find((f) => f.name === name);
    return {
      instances: BASE_USAGE.instances + now.servers.length,
      cores: BASE_USAGE.cores + now.servers.reduce((sum, s) => sum + (flavor(s.flavor)?.vcpus ?? 0), 0),
      ram: BASE_USAGE.ram + now.servers.reduce((sum, s) => sum + (flavor(s.flavor)?.ram ?? 0), 0),
      network: BASE_USAGE.network + now.networks,
      subnet: BASE_USAGE.subnet + now.networks,
      port: BASE_USAGE.port + now.servers.length + now.routers + now.loadBalancers,
      router: BASE_USAGE.router + now.routers,
      loadbalancer: now.loadBalancers,
    };
  };

  const routes: [RegExp, (match: RegExpMatchArray, url: URL) => unknown][] = [
    // compute api-ref "Show Rate And Absolute Limits" (https://docs.openstack.org/api-ref/compute/#show-rate-and-absolute-limits):
    // the 2.1 answer, network-proxy fields included (they go away only from microversion 2.36).
    [
      /^\/compute\/v2\.1\/limits$/,
      () => {
        const used = usage();
        return {
          limits: {
            rate: [],
            absolute: {
              maxImageMeta: 128,
              maxPersonality: 5,
              maxPersonalitySize: 10240,
              maxSecurityGroupRules: 20,
              maxSecurityGroups: 10,
              maxServerMeta: 128,
              maxTotalCores: LIMITS.cores,
              maxTotalFloatingIps: 10,
              maxTotalInstances: LIMITS.instances,
              maxTotalKeypairs: 100,
              maxTotalRAMSize: LIMITS.ram,
              maxServerGroups: LIMITS.server_groups,
              maxServerGroupMembers: LIMITS.server_group_members,
              totalCoresUsed: used.cores,
              totalInstancesUsed: used.instances,
              totalRAMUsed: used.ram,
              totalSecurityGroupsUsed: 0,
              totalFloatingIpsUsed: 0,
              totalServerGroupsUsed: 0,
            },
          },
        };
      },
    ],
    // compute api-ref "List Server Groups" (https://docs.openstack.org/api-ref/compute/#list-server-groups): none here.
    [/^\/compute\/v2\.1\/os-server-groups$/, () => ({ server_groups: [] })],
    [/^\/compute\/v2\.1\/flavors\/detail$/, () => ({ flavors: FLAVORS.map(flavorBody) })],
    // compute api-ref "Show Flavor Details" (https://docs.openstack.org/api-ref/compute/#show-flavor-details); 404 below when unknown.
    [
      /^\/compute\/v2\.1\/flavors\/([^/]+)$/,
      ([, id]) => {
        const flavor = FLAVORS.find((f) => f.id === decodeURIComponent(id!));
        return flavor ? { flavor: flavorBody(flavor) } : undefined;
      },
    ],
    // network api-ref "Show quota details for a project" (https://docs.openstack.org/api-ref/network/v2/#show-quota-details-for-a-project):
    // `quota.<resource>.{used, limit, reserved}`.
    [
      /^\/network\/v2\.0\/quotas\/([^/]+)\/details(?:\.json)?$/,
      ([, id]) => {
        if (id !== projectId) return undefined;
        const used = usage();
        const inUse = { ...BASE_USAGE, ...used };
        const names = [
          'network',
          'subnet',
          'port',
          'router',
          'floatingip',
          'security_group',
          'security_group_rule',
        ] as const;
        return { quota: Object.fromEntries(names.map((n) => [n, { used: inUse[n], limit: LIMITS[n], reserved: 0 }])) };
      },
    ],
    // block-storage api-ref "Show quota usage for a project" (https://docs.openstack.org/api-ref/block-storage/v3/#show-quota-usage-for-a-project):
    // `GET /v3/{project_id}/os-quota-sets/{project_id}?usage=True`, `quota_set.<resource>.{in_use, limit, reserved, allocated}`.
    [
      /^\/volume\/v3\/([^/]+)\/os-quota-sets\/([^/]+)$/,
      ([, owner, id], url) => {
        if (owner !== projectId || id !== projectId) return undefined;
        const detail = (inUse: number, limit: number) =>
          /^true$/i.test(url.searchParams.get('usage') ?? '')
            ? { in_use: inUse, limit, reserved: 0, allocated: 0 }
            : limit;
        return {
          quota_set: {
            id: projectId,
            volumes: detail(BASE_USAGE.volumes, LIMITS.volumes),
            gigabytes: detail(BASE_USAGE.gigabytes, LIMITS.gigabytes),
            snapshots: detail(0, 10),
            backups: detail(0, 10),
            backup_gigabytes: detail(0, 1000),
            per_volume_gigabytes: detail(0, -1),
            groups: detail(0, 10),
          },
        };
      },
    ],
    // load-balancer api-ref "Show Project Quota" (https://docs.openstack.org/api-ref/load-balancer/v2/#show-project-quota):
    // both spellings of load balancer and health monitor.
    [
      /^\/load-balancer\/v2\/lbaas\/quotas\/([^/]+)$/,
      ([, id]) =>
        id === projectId
          ? {
              quota: {
                loadbalancer: LIMITS.loadbalancer,
                load_balancer: LIMITS.loadbalancer,
                listener: LIMITS.listener,
                pool: LIMITS.pool,
                member: LIMITS.member,
                healthmonitor: LIMITS.healthmonitor,
                health_monitor: LIMITS.healthmonitor,
                l7policy: -1,
                l7rule: -1,
              },
            }
          : undefined,
    ],
    // load-balancer api-ref "List Load Balancers" and the listener, pool and health monitor lists
    // (https://docs.openstack.org/api-ref/load-balancer/v2/#list-load-balancers): `<collection>` and `<collection>_links`.
    // The CAPI sandbox's load balancers are counted; their listeners, pools and monitors are not modelled.
    [
      /^\/load-balancer\/v2\/lbaas\/(loadbalancers|listeners|pools|healthmonitors)$/,
      ([, collection]) => ({
        [collection!]:
          collection === 'loadbalancers'
            ? [
                ...Array.from({ length: project().loadBalancers }, () => ({ id: randomUUID(), project_id: projectId })),
                ...[...loadBalancers.values()].map((lb) => ({
                  ...lb,
                  project_id: projectId,
                  provisioning_status: 'ACTIVE',
                  operating_status: 'ONLINE',
                  // CPO's load balancers have a listener (loadbalancer.go ensureOctaviaListener).
                  listeners: [{ id: `${lb.id}-listener` }],
                })),
              ]
            : [],
        [`${collection}_links`]: [],
      }),
    ],
    // block-storage api-ref "List Accessible Volumes With Details" (https://docs.openstack.org/api-ref/block-storage/v3/#list-accessible-volumes-with-details):
    // `volumes` (each with its `metadata`) and `volumes_links` when paged.
    [
      /^\/volume\/v3\/([^/]+)\/volumes\/detail$/,
      ([, owner]) =>
        owner === projectId
          ? {
              volumes: [...volumes.values()].map((v) => ({
                ...v,
                status: 'available',
                size: 1,
                attachments: [],
                'os-vol-tenant-attr:tenant_id': projectId,
              })),
            }
          : undefined,
    ],
  ];

  /**
   * The two deletions a destroy's leftovers need. Octavia (api/v2/controllers/load_balancer.py `delete`):
   * 204, and 409 "Cannot delete Load Balancer … - it has children" for one with listeners unless
   * `cascade=true`. Cinder (api-ref "Delete A Volume", cinder/volume/api.py `delete`): 202.
   */
  function remove(url: URL): [number, unknown] {
    const lb = /^\/load-balancer\/v2\/lbaas\/loadbalancers\/([^/]+)$/.exec(url.pathname);
    if (lb && loadBalancers.has(lb[1]!)) {
      if (url.searchParams.get('cascade') !== 'true')
        return [
          409,
          {
            faultcode: 'Client',
            faultstring: `Cannot delete Load Balancer ${lb[1]} - it has children`,
            debuginfo: null,
          },
        ];
      loadBalancers.delete(lb[1]!);
      return [204, undefined];
    }
    const volume = /^\/volume\/v3\/([^/]+)\/volumes\/([^/]+)$/.exec(url.pathname);
    if (volume && volume[1] === projectId && volumes.delete(volume[2]!)) return [202, undefined];
    return [404, { itemNotFound: { code: 404, message: 'not found' } }];
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    requests.push(`${request.method} ${url.pathname}`);
    if (requests.length > 500) requests.shift();
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    request.on('end', () => {
      if (request.method === 'POST' && url.pathname === '/v3/auth/tokens') {
        const token = issueToken(text);
        if (!token) return send(401, UNAUTHORIZED);
        return send(201, token.body, { 'X-Subject-Token': token.id });
      }
      if (request.method !== 'GET' && request.method !== 'DELETE')
        return send(405, { error: { code: 405, message: 'not offered by the sandbox' } });
      if (!tokens.has(request.headers['x-auth-token'] as string)) return send(401, UNAUTHORIZED);
      if (request.method === 'DELETE') {
        const [status, body] = remove(url);
        if (body === undefined) {
          response.writeHead(status);
          return response.end();
        }
        return send(status, body);
      }
      for (const [pattern, answer] of routes) {
        const match = url.pathname.match(pattern);
        if (!match) continue;
        const body = answer(match, url);
        return body === undefined ? send(404, { itemNotFound: { code: 404, message: 'not found' } }) : send(200, body);
      }
      send(404, { error: { code: 404, message: `the sandbox's OpenStack has no ${url.pathname}` } });
    });
  });

  /**
   * identity api-ref "Authenticating with an Application Credential"
   * (https://docs.openstack.org/api-ref/identity/v3/#authenticating-with-an-application-credential):
   * 201, the token in X-Subject-Token, the body's `token` scoped to the credential's project.
   */
  function issueToken(text: string): { id: string; body: unknown } | undefined {
    let request: {
      auth?: { identity?: { methods?: string[]; application_credential?: { id?: string; secret?: string } } };
    };
    try {
      request = JSON.parse(text);
    } catch {
      return undefined;
    }
    const credential = request.auth?.identity?.application_credential;
    const expected = options.applicationCredential;
    if (
      !request.auth?.identity?.methods?.includes('application_credential') ||
      credential?.id !== expected.id ||
      credential.secret !== expected.secret
    ) {
      return undefined;
    }
    const id = `gAAAAA${randomBytes(48).toString('base64url')}`;
    tokens.add(id);
    const now = new Date();
    const domain = { id: 'default', name: 'Default' };
    return {
      id,
      body: {
        token: {
          methods: ['application_credential'],
          user: { domain, id: userId, name: 'demo', password_expires_at: null },
          audit_ids: [randomBytes(16).toString('base64url').slice(0, 22)],
          expires_at: new Date(now.getTime() + 3_600_000).toISOString().replace('Z', '000Z'),
          issued_at: now.toISOString().replace('Z', '000Z'),
          project: { domain, id: projectId, name: 'demo' },
          is_domain: false,
          roles: [
            { id: randomUUID().replaceAll('-', ''), name: 'member' },
            { id: randomUUID().replaceAll('-', ''), name: 'reader' },
          ],
          catalog: catalog(),
          application_credential: { id: expected.id, name: 'sandbox', restricted: true },
        },
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    authUrl: `${base}/v3`,
    requests,
    cloud,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A flavor as "List Flavors With Details" shows it. */
function flavorBody(flavor: (typeof FLAVORS)[number]) {
  return {
    ...flavor,
    'OS-FLV-DISABLED:disabled': false,
    'OS-FLV-EXT-DATA:ephemeral': 0,
    'os-flavor-access:is_public': true,
    swap: '',
    rxtx_factor: 1.0,
    links: [],
  };
}
