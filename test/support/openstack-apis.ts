import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type CatalogService,
  freePort,
  type KeystoneFixture,
  keystoneEnv,
  requireInstalled,
  run,
  startKeystone,
  stopProcess,
} from './keystone.js';

/**
 * The real API services of Debian's Nova, Neutron, Cinder and Octavia (Zed, installed by
 * .ci/install-openstack-apis.sh) on 127.0.0.1 with SQLite and oslo.messaging's fake transport,
 * behind the real Keystone (test/support/keystone.ts) with keystonemiddleware's auth_token, and
 * registered in its catalog (RegionOne, all interfaces). Only the API processes run: no scheduler,
 * conductor, agents or amphorae, so nothing is ever built; the quota APIs and the objects the APIs
 * write to their databases are real.
 *
 * Schemas: Nova's and Cinder's own migrations (`nova-manage`, `cinder-manage db sync`). Neutron's
 * and Octavia's alembic migrations ALTER constraints, which SQLite cannot, so their tables come
 * from their models (`metadata.create_all`, as their own unit tests do).
 *
 * Octavia runs its noop provider and network drivers (octavia/api/drivers/noop_driver,
 * network/drivers/noop_driver): load balancers are accepted and recorded, never built.
 *
 * Setting up takes ~1-3 minutes (a dozen Python processes); start it once per test file.
 */
export interface OpenStackApisFixture {
  keystone: KeystoneFixture;
  /** The admin project's id: the project of the fixture's credentials. */
  projectId: string;
  /** Catalog type -> URL (RegionOne, public). */
  urls: { compute: string; network: string; volumev3: string; 'load-balancer': string };
  /** A request as the admin user (X-Auth-Token); throws unless 2xx. */
  api(method: string, url: string, body?: unknown): Promise<unknown>;
  /** Sets limits through each service's own quota API (PUT), as an operator would. */
  setLimits(limits: Limits): Promise<void>;
  /** Puts back every service's default limits. */
  resetLimits(): Promise<void>;
  /**
   * Servers in the project, as Nova counts them (rows of its cell database: nothing here can
   * build one), each with a flavor's vcpus and RAM. Returns their ids; removeServers deletes them.
   */
  addServers(count: number, flavor: { vcpus: number; ram: number }): Promise<string[]>;
  removeServers(ids: string[]): Promise<void>;
  /** Overrides policy rules of a service (oslo.policy re-reads the file when it changes); {} restores. */
  setPolicy(service: 'nova' | 'neutron' | 'cinder' | 'octavia', rules: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

export interface Limits {
  nova?: Partial<Record<'instances' | 'cores' | 'ram' | 'server_groups' | 'server_group_members', number>>;
  neutron?: Partial<
    Record<'network' | 'subnet' | 'port' | 'router' | 'floatingip' | 'security_group' | 'security_group_rule', number>
  >;
  cinder?: Partial<Record<'volumes' | 'gigabytes', number>>;
  octavia?: Partial<Record<'loadbalancer' | 'listener' | 'pool' | 'member' | 'healthmonitor', number>>;
}

const SYSTEM_PYTHON = '/usr/bin/python3';
const READY_TIMEOUT_MS = 240_000;
type Service = 'nova' | 'neutron' | 'cinder' | 'octavia';

export async function startOpenStackApis(): Promise<OpenStackApisFixture> {
  requireInstalled(['nova-api-wsgi', 'nova-manage', 'neutron-server', 'cinder-api', 'cinder-manage', 'octavia-api']);
  const dir = mkdtempSync(path.join(tmpdir(), 'openstack-apis-'));
  const servers: ChildProcess[] = [];
  let keystone: KeystoneFixture | undefined;
  try {
    const [novaPort, neutronPort, cinderPort, octaviaPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const urls = {
      compute: `http://127.0.0.1:${novaPort}/v2.1`,
      network: `http://127.0.0.1:${neutronPort}`,
      // Cinder's catalog URL, as deployments register it, ends in the project (Keystone fills it in).
      volumev3: `http://127.0.0.1:${cinderPort}/v3/%(project_id)s`,
      'load-balancer': `http://127.0.0.1:${octaviaPort}`,
    };
    const services: CatalogService[] = [
      { type: 'compute', name: 'nova', url: urls.compute },
      { type: 'network', name: 'neutron', url: urls.network },
      { type: 'volumev3', name: 'cinderv3', url: urls.volumev3 },
      { type: 'load-balancer', name: 'octavia', url: urls['load-balancer'] },
    ];
    for (const service of ['nova', 'neutron', 'cinder', 'octavia'] as const) {
      mkdirSync(path.join(dir, service));
      writeFileSync(path.join(dir, service, 'policy.yaml'), '{}\n');
    }
    // The schemas take as long as Keystone's start: in parallel with it.
    [keystone] = await Promise.all([
      startKeystone({ services, readyTimeoutMs: READY_TIMEOUT_MS }),
      novaSchema(dir),
      modelSchema(dir, 'neutron', 'neutron.db.migration.models.head', 'neutron_lib.db.model_base', 'BASEV2'),
      run(['cinder-manage', '--config-file', writeCinderConfig(dir, cinderPort), 'db', 'sync'], keystoneEnv({})),
      modelSchema(dir, 'octavia', 'octavia.db.models', 'octavia.db.base_models', 'BASE'),
    ]);
    const auth = authSection(keystone);
    writeNovaConfig(dir, auth);
    writeNeutronConfig(dir, neutronPort, auth);
    writeCinderConfig(dir, cinderPort, auth);
    writeOctaviaConfig(dir, octaviaPort, auth);

    servers.push(
      startServer(dir, 'nova', ['nova-api-wsgi', '--host', '127.0.0.1', '--port', String(novaPort)], {
        OS_NOVA_CONFIG_DIR: path.join(dir, 'nova'),
      }),
      startServer(dir, 'neutron', ['neutron-server', '--config-file', path.join(dir, 'neutron', 'neutron.conf')]),
      startServer(dir, 'cinder', ['cinder-api', '--config-file', path.join(dir, 'cinder', 'cinder.conf')]),
      startServer(dir, 'octavia', ['octavia-api', '--config-file', path.join(dir, 'octavia', 'octavia.conf')]),
    );
    const bases = [urls.compute, urls.network, `http://127.0.0.1:${cinderPort}/`, urls['load-balancer']];
    await Promise.all(bases.map((url, i) => waitUntilAnswering(url, servers[i]!, dir)));

    const admin = await adminToken(keystone);
    const api = (method: string, url: string, body?: unknown) => request(admin.token, method, url, body);
    const fixture = keystone;
    const projectUrls = { ...urls, volumev3: urls.volumev3.replace('%(project_id)s', admin.projectId) };
    const defaults = await readDefaults(api, projectUrls, admin.projectId);
    return {
      keystone: fixture,
      projectId: admin.projectId,
      urls: projectUrls,
      api,
      setLimits: (limits) => setLimits(api, projectUrls, admin.projectId, limits),
      resetLimits: () => setLimits(api, projectUrls, admin.projectId, defaults),
      addServers: (count, flavor) => addServers(dir, admin.projectId, admin.userId, count, flavor),
      removeServers: (ids) =>
        runSql(path.join(dir, 'nova', 'cell1.db'), [
          [`DELETE FROM instances WHERE uuid IN (${ids.map(() => '?').join(',')})`, ids],
        ]),
      setPolicy: async (service, rules) => {
        writeFileSync(path.join(dir, service, 'policy.yaml'), `${JSON.stringify(rules)}\n`);
      },
      stop: async () => {
        await Promise.all(servers.map(stopProcess));
        await fixture.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(servers.map(stopProcess));
    await keystone?.stop();
    const logs = ['nova', 'neutron', 'cinder', 'octavia']
      .map((service) => {
        try {
          return `--- ${service}:\n${readFileSync(path.join(dir, service, 'server.log'), 'utf8').slice(-1500)}`;
        } catch {
          return '';
        }
      })
      .join('\n');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${logs}`);
  }
}

// ---- configuration ------------------------------------------------------------------------------

/** keystonemiddleware's auth_token, validating tokens against the real Keystone as the admin user. */
function authSection(keystone: KeystoneFixture): string {
  const identity = keystone.authUrl.replace(/\/v3$/, '');
  return [
    '[keystone_authtoken]',
    `www_authenticate_uri = ${identity}`,
    `auth_url = ${identity}`,
    'auth_type = password',
    'username = admin',
    `password = ${keystone.adminPassword}`,
    'user_domain_name = Default',
    'project_name = admin',
    'project_domain_name = Default',
    '',
  ].join('\n');
}

function common(dir: string, service: Service): string[] {
  return [
    '[DEFAULT]',
    'transport_url = fake://',
    `log_dir = ${path.join(dir, service)}`,
    '[oslo_concurrency]',
    `lock_path = ${path.join(dir, service, 'lock')}`,
    '[oslo_policy]',
    `policy_file = ${path.join(dir, service, 'policy.yaml')}`,
  ];
}

function sqlite(dir: string, service: Service, name: string): string {
  return `sqlite:///${path.join(dir, service, name)}`;
}

function writeNovaConfig(dir: string, auth = ''): string {
  const file = path.join(dir, 'nova', 'nova.conf');
  writeFileSync(
    file,
    [
      ...common(dir, 'nova'),
      '[api]',
      `auth_strategy = ${auth ? 'keystone' : 'noauth2'}`,
      '[api_database]',
      `connection = ${sqlite(dir, 'nova', 'api.db')}`,
      '[database]',
      `connection = ${sqlite(dir, 'nova', 'cell1.db')}`,
      auth,
    ].join('\n'),
  );
  // nova-api-wsgi reads these two from OS_NOVA_CONFIG_DIR.
  writeFileSync(path.join(dir, 'nova', 'api-paste.ini'), readFileSync('/etc/nova/api-paste.ini'));
  return file;
}

async function novaSchema(dir: string): Promise<void> {
  const conf = writeNovaConfig(dir);
  const manage = (...args: string[]) => run(['nova-manage', '--config-file', conf, ...args], keystoneEnv({}));
  await manage('api_db', 'sync');
  await manage('cell_v2', 'map_cell0', '--database_connection', sqlite(dir, 'nova', 'cell0.db'));
  await manage('db', 'sync');
  await manage('cell_v2', 'create_cell', '--name', 'cell1');
}

async function modelSchema(dir: string, service: Service, models: string, base: string, name: string): Promise<void> {
  const script = [
    'import importlib, sys, sqlalchemy',
    `importlib.import_module(${JSON.stringify(models)})`,
    `base = importlib.import_module(${JSON.stringify(base)})`,
    `getattr(base, ${JSON.stringify(name)}).metadata.create_all(sqlalchemy.create_engine(sys.argv[1]))`,
  ].join('\n');
  await run([SYSTEM_PYTHON, '-c', script, sqlite(dir, service, `${service}.db`)], keystoneEnv({}));
}

function writeNeutronConfig(dir: string, port: number, auth: string): void {
  writeFileSync(
    path.join(dir, 'neutron', 'neutron.conf'),
    [
      ...common(dir, 'neutron'),
      '[DEFAULT]',
      'auth_strategy = keystone',
      'core_plugin = ml2',
      'service_plugins = router',
      'bind_host = 127.0.0.1',
      `bind_port = ${port}`,
      'api_workers = 0',
      'rpc_workers = 0',
      'api_paste_config = /etc/neutron/api-paste.ini',
      // No Nova to notify of port changes.
      'notify_nova_on_port_status_changes = false',
      'notify_nova_on_port_data_changes = false',
      '[database]',
      `connection = ${sqlite(dir, 'neutron', 'neutron.db')}`,
      '[ml2]',
      'type_drivers = flat,vxlan',
      'tenant_network_types = vxlan',
      'mechanism_drivers =',
      'extension_drivers = port_security',
      '[ml2_type_flat]',
      'flat_networks = public',
      '[ml2_type_vxlan]',
      'vni_ranges = 1:1000',
      auth,
    ].join('\n'),
  );
}

function writeCinderConfig(dir: string, port: number, auth = ''): string {
  const file = path.join(dir, 'cinder', 'cinder.conf');
  writeFileSync(
    file,
    [
      ...common(dir, 'cinder'),
      '[DEFAULT]',
      `auth_strategy = ${auth ? 'keystone' : 'noauth'}`,
      'api_paste_config = /etc/cinder/api-paste.ini',
      'osapi_volume_listen = 127.0.0.1',
      `osapi_volume_listen_port = ${port}`,
      'osapi_volume_workers = 1',
      '[database]',
      `connection = ${sqlite(dir, 'cinder', 'cinder.db')}`,
      auth,
    ].join('\n'),
  );
  return file;
}

function writeOctaviaConfig(dir: string, port: number, auth: string): void {
  writeFileSync(
    path.join(dir, 'octavia', 'octavia.conf'),
    [
      ...common(dir, 'octavia'),
      '[api_settings]',
      'auth_strategy = keystone',
      'bind_host = 127.0.0.1',
      `bind_port = ${port}`,
      'enabled_provider_drivers = noop_driver:The noop driver',
      'default_provider_driver = noop_driver',
      '[controller_worker]',
      'network_driver = network_noop_driver',
      'compute_driver = compute_noop_driver',
      'amphora_driver = amphora_noop_driver',
      '[database]',
      `connection = ${sqlite(dir, 'octavia', 'octavia.db')}`,
      auth,
    ].join('\n'),
  );
}

// ---- processes ----------------------------------------------------------------------------------

function startServer(dir: string, service: Service, argv: string[], env: Record<string, string> = {}): ChildProcess {
  const log = openSync(path.join(dir, service, 'server.log'), 'a');
  try {
    const [command, ...args] = argv;
    return spawn(command!, args, { env: keystoneEnv(env), stdio: ['ignore', log, log] });
  } finally {
    closeSync(log);
  }
}

/** Each API answers its root (the version document) without a token once it serves. */
async function waitUntilAnswering(url: string, server: ChildProcess, dir: string): Promise<void> {
  const root = new URL(url).origin;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`${server.spawnfile} exited (${server.exitCode ?? server.signalCode}) in ${dir}`);
    }
    const answered = await fetch(root, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.status < 500,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${server.spawnfile} did not answer ${root} within ${READY_TIMEOUT_MS} ms`);
}

// ---- API calls ----------------------------------------------------------------------------------

async function adminToken(keystone: KeystoneFixture): Promise<{ token: string; userId: string; projectId: string }> {
  const response = await fetch(`${keystone.authUrl}/auth/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      auth: {
        identity: {
          methods: ['password'],
          password: { user: { name: 'admin', domain: { name: 'Default' }, password: keystone.adminPassword } },
        },
        scope: { project: { name: 'admin', domain: { name: 'Default' } } },
      },
    }),
  });
  if (!response.ok) throw new Error(`admin token: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: { user: { id: string }; project: { id: string } } };
  return {
    token: response.headers.get('x-subject-token')!,
    userId: body.token.user.id,
    projectId: body.token.project.id,
  };
}

async function request(token: string, method: string, url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method,
    headers: { 'X-Auth-Token': token, 'Content-Type': 'application/json', Accept: 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : undefined;
}

type Api = OpenStackApisFixture['api'];

async function readDefaults(api: Api, urls: OpenStackApisFixture['urls'], project: string): Promise<Limits> {
  const [nova, neutron, cinder, octavia] = (await Promise.all([
    api('GET', `${urls.compute}/os-quota-sets/${project}`),
    api('GET', `${urls.network}/v2.0/quotas/${project}`),
    api('GET', `${urls.volumev3}/os-quota-sets/${project}`),
    api('GET', `${urls['load-balancer']}/v2/lbaas/quotas/${project}`),
  ])) as [
    { quota_set: Record<string, number> },
    { quota: Record<string, number> },
    { quota_set: Record<string, number> },
    { quota: Record<string, number> },
  ];
  const pick = <K extends string>(
    source: Record<string, number>,
    keys: readonly K[],
    from: Partial<Record<K, string>> = {},
  ) => Object.fromEntries(keys.map((key) => [key, source[from[key] ?? key]!])) as Record<K, number>;
  return {
    nova: pick(nova.quota_set, ['instances', 'cores', 'ram', 'server_groups', 'server_group_members']),
    neutron: pick(neutron.quota, [
      'network',
      'subnet',
      'port',
      'router',
      'floatingip',
      'security_group',
      'security_group_rule',
    ]),
    cinder: pick(cinder.quota_set, ['volumes', 'gigabytes']),
    octavia: pick(octavia.quota, ['loadbalancer', 'listener', 'pool', 'member', 'healthmonitor'], {
      loadbalancer: 'load_balancer',
      healthmonitor: 'health_monitor',
    }),
  };
}

async function setLimits(api: Api, urls: OpenStackApisFixture['urls'], project: string, limits: Limits): Promise<void> {
  await Promise.all([
    limits.nova && api('PUT', `${urls.compute}/os-quota-sets/${project}`, { quota_set: limits.nova }),
    limits.neutron && api('PUT', `${urls.network}/v2.0/quotas/${project}`, { quota: limits.neutron }),
    limits.cinder && api('PUT', `${urls.volumev3}/os-quota-sets/${project}`, { quota_set: limits.cinder }),
    limits.octavia && api('PUT', `${urls['load-balancer']}/v2/lbaas/quotas/${project}`, { quota: limits.octavia }),
  ]);
}

type SqlStatement = [sql: string, params: (string | number)[]];

function runSql(database: string, statements: SqlStatement[]): Promise<void> {
  const script = [
    'import json, sqlite3, sys',
    'db = sqlite3.connect(sys.argv[1], timeout=30)',
    'with db:',
    '    for sql, params in json.loads(sys.argv[2]):',
    '        db.execute(sql, params)',
    'db.close()',
  ].join('\n');
  return run([SYSTEM_PYTHON, '-c', script, database, JSON.stringify(statements)], keystoneEnv({}));
}

/**
 * Nova counts a project's instances, cores and RAM from the instances of its cells
 * (nova/quota.py _instances_cores_ram_count -> InstanceList.get_counts, nova/objects/instance.py
 * _get_counts_in_db: deleted = 0, vm_state not soft-deleted, summing vcpus and memory_mb).
 */
async function addServers(
  dir: string,
  projectId: string,
  userId: string,
  count: number,
  flavor: { vcpus: number; ram: number },
): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await runSql(
    path.join(dir, 'nova', 'cell1.db'),
    ids.map((id) => [
      "INSERT INTO instances (uuid, project_id, user_id, vcpus, memory_mb, vm_state, deleted, created_at) VALUES (?, ?, ?, ?, ?, 'active', 0, datetime('now'))",
      [id, projectId, userId, flavor.vcpus, flavor.ram],
    ]),
  );
  return ids;
}
