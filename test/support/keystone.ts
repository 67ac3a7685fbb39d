import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { accessSync, closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real Keystone (Debian's package, installed by .ci/install-keystone.sh) on 127.0.0.1 with
 * SQLite in a temp dir. Start it once per test file in beforeAll (about 10 s) and stop it in afterAll.
 *
 * Catalog: identity, compute, network and image in RegionOne (public, internal, admin), plus a
 * second region RegionTwo with only a public compute endpoint, so "exists elsewhere" can be tested.
 */
export interface KeystoneFixture {
  /** http://127.0.0.1:PORT/v3 */
  authUrl: string;
  userName: 'admin';
  adminPassword: string;
  projectName: 'admin';
  domain: 'Default';
  region: 'RegionOne';
  otherRegion: 'RegionTwo';
  appCredId: string;
  appCredSecret: string;
  /**
   * Application credentials of the admin user restricted to one role each (`reader`, `member`,
   * `admin`), and one created without a roles list, which carries all of its creator's roles.
   */
  roleCreds: Record<'reader' | 'member' | 'admin' | 'unrestricted', { id: string; secret: string }>;
  /** A user in Default whose password Keystone reports as expired. */
  expiredUser: { name: string; password: string };
  stop(): Promise<void>;
}

const REGION = 'RegionOne';
const OTHER_REGION = 'RegionTwo';
// Several Python services starting at once on a 2-core machine take Keystone well past 30 s.
const READY_TIMEOUT_MS = 120_000;

/** Debian's keystone runs on the system python; pyenv or venv pythons may lack its modules. */
const SYSTEM_PYTHON = '/usr/bin/python3';

/** A catalog entry; one of the default types replaces the default (compute, network, image). */
export interface CatalogService {
  type: string;
  name: string;
  url: string;
}

export interface KeystoneOptions {
  services?: CatalogService[];
  /** Machines here can be slow under load (several Python services starting at once). */
  readyTimeoutMs?: number;
}

export async function startKeystone(options: KeystoneOptions = {}): Promise<KeystoneFixture> {
  requireInstalled(['keystone-manage', 'keystone-wsgi-public']);
  const dir = mkdtempSync(path.join(tmpdir(), 'keystone-'));
  let server: ChildProcess | undefined;
  try {
    const port = await freePort();
    const authUrl = `http://127.0.0.1:${port}/v3`;
    const adminPassword = randomSecret();
    const configFile = writeConfig(dir);
    await createKeysAndSchema(configFile);

    // Python takes ~3 s to start the server; it opens the database only on the first request, so
    // it can start while the bootstrap fills the database.
    server = startServer(dir, port);
    await Promise.all([
      bootstrap(dir, configFile, authUrl, adminPassword, options.services ?? []),
      waitUntilAnswering(authUrl, server, path.join(dir, 'server.log'), options.readyTimeoutMs ?? READY_TIMEOUT_MS),
    ]);

    const admin = await adminToken(authUrl, adminPassword);
    const [appCred, reader, member, adminCred, unrestricted, expiredUser] = await Promise.all([
      createApplicationCredential(authUrl, admin, 'preflight-test'),
      createApplicationCredential(authUrl, admin, 'plan-reader', ['reader']),
      createApplicationCredential(authUrl, admin, 'plan-member', ['member']),
      createApplicationCredential(authUrl, admin, 'plan-admin', ['admin']),
      createApplicationCredential(authUrl, admin, 'plan-unrestricted'),
      createExpiredUser(authUrl, admin.token, path.join(dir, 'keystone.db')),
    ]);

    const running = server;
    return {
      authUrl,
      userName: 'admin',
      adminPassword,
      projectName: 'admin',
      domain: 'Default',
      region: REGION,
      otherRegion: OTHER_REGION,
      appCredId: appCred.id,
      appCredSecret: appCred.secret,
      roleCreds: { reader, member, admin: adminCred, unrestricted },
      expiredUser,
      stop: async () => {
        await stopProcess(running);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (server) await stopProcess(server);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

export function requireInstalled(commands: string[]): void {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const command of [...commands, SYSTEM_PYTHON]) {
    const found = path.isAbsolute(command)
      ? isExecutable(command)
      : dirs.some((dir) => isExecutable(path.join(dir, command)));
    if (!found) {
      throw new Error(
        `${command} not found: Keystone is not installed on this machine; run .ci/install-keystone.sh (as root or with sudo) first`,
      );
    }
  }
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function randomSecret(): string {
  return randomBytes(18).toString('base64url');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function writeConfig(dir: string): string {
  const file = path.join(dir, 'keystone.conf');
  writeFileSync(
    file,
    [
      '[DEFAULT]',
      `log_dir = ${dir}`,
      '[database]',
      `connection = sqlite:///${path.join(dir, 'keystone.db')}`,
      '[token]',
      'provider = fernet',
      '[fernet_tokens]',
      `key_repository = ${path.join(dir, 'fernet-keys')}`,
      '[fernet_receipts]',
      `key_repository = ${path.join(dir, 'receipt-keys')}`,
      '[credential]',
      `key_repository = ${path.join(dir, 'credential-keys')}`,
      '',
    ].join('\n'),
  );
  return file;
}

/** The children see none of the developer's OS_* variables (keystone-manage reads OS_BOOTSTRAP_*). */
export function keystoneEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('OS_')));
  return { ...env, ...extra };
}

/** Runs a command (argv, no shell); rejects with the tail of its output when it fails. */
export function run(argv: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const [command, ...args] = argv;
    const child = spawn(command!, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${argv.slice(0, 4).join(' ')} exited with ${code}:\n${output.slice(-3000)}`));
    });
  });
}

async function createKeysAndSchema(configFile: string): Promise<void> {
  const manage = (...args: string[]) => run(['keystone-manage', '--config-file', configFile, ...args], keystoneEnv({}));
  // Keys in the temp dir belong to whoever runs the tests (root in CI containers, a user elsewhere).
  const owner = ['--keystone-user', String(process.getuid!()), '--keystone-group', String(process.getgid!())];
  // Each keystone-manage spends ~3 s starting Python; the key set-ups don't touch the database.
  await Promise.all([manage('db_sync'), manage('fernet_setup', ...owner), manage('credential_setup', ...owner)]);
}

/** The admin user, project and role, the identity endpoints in RegionOne, then the other services. */
async function bootstrap(
  dir: string,
  configFile: string,
  authUrl: string,
  adminPassword: string,
  services: CatalogService[],
): Promise<void> {
  await run(
    [
      'keystone-manage',
      '--config-file',
      configFile,
      'bootstrap',
      '--bootstrap-public-url',
      `${authUrl}/`,
      '--bootstrap-internal-url',
      `${authUrl}/`,
      '--bootstrap-admin-url',
      `${authUrl}/`,
      '--bootstrap-region-id',
      REGION,
    ],
    // The password goes by environment, not argv, so `ps` does not show it.
    keystoneEnv({ OS_BOOTSTRAP_PASSWORD: adminPassword }),
  );
  await runSql(path.join(dir, 'keystone.db'), catalogRows(services));
}

type SqlStatement = [sql: string, params: (string | number)[]];

/**
 * Services and endpoints go straight into the database while the server is still starting, instead
 * of a dozen API calls after it. The bootstrap made RegionOne and the identity endpoints.
 */
function catalogRows(extra: CatalogService[]): SqlStatement[] {
  const statements: SqlStatement[] = [
    ["INSERT INTO region (id, description, extra) VALUES (?, '', '{}')", [OTHER_REGION]],
  ];
  const services = [
    { type: 'compute', name: 'nova', url: 'http://127.0.0.1:8774/v2.1' },
    { type: 'network', name: 'neutron', url: 'http://127.0.0.1:9696' },
    { type: 'image', name: 'glance', url: 'http://127.0.0.1:9292' },
  ].filter((service) => !extra.some((e) => e.type === service.type));
  services.push(...extra);
  const endpoint = (serviceId: string, iface: string, url: string, region: string): SqlStatement => [
    "INSERT INTO endpoint (id, interface, service_id, url, extra, enabled, region_id) VALUES (?, ?, ?, ?, '{}', 1, ?)",
    [randomUUID().replaceAll('-', ''), iface, serviceId, url, region],
  ];
  for (const service of services) {
    const id = randomUUID().replaceAll('-', '');
    statements.push([
      'INSERT INTO service (id, type, enabled, extra) VALUES (?, ?, 1, ?)',
      [id, service.type, JSON.stringify({ name: service.name })],
    ]);
    for (const iface of ['public', 'internal', 'admin']) statements.push(endpoint(id, iface, service.url, REGION));
    if (service.type === 'compute') statements.push(endpoint(id, 'public', 'http://127.0.0.2:8774/v2.1', OTHER_REGION));
  }
  return statements;
}

/**
 * Runs statements in one transaction with the system python's sqlite3 module (always there with
 * Keystone). It also switches the database to WAL: in the default rollback-journal mode, a read
 * transaction Keystone leaves open blocks the next write ("database is locked", HTTP 500, seen on a
 * wrong password, which records the failed attempt). With WAL, readers never block the writer.
 */
function runSql(database: string, statements: SqlStatement[]): Promise<void> {
  const script = [
    'import json, sqlite3, sys',
    'db = sqlite3.connect(sys.argv[1])',
    "db.execute('PRAGMA journal_mode=WAL')",
    'with db:',
    '    for sql, params in json.loads(sys.argv[2]):',
    '        db.execute(sql, params)',
    'db.close()',
  ].join('\n');
  return run([SYSTEM_PYTHON, '-c', script, database, JSON.stringify(statements)], keystoneEnv({}));
}

function startServer(dir: string, port: number): ChildProcess {
  const log = openSync(path.join(dir, 'server.log'), 'a');
  try {
    return spawn('keystone-wsgi-public', ['--host', '127.0.0.1', '--port', String(port)], {
      env: keystoneEnv({ OS_KEYSTONE_CONFIG_DIR: dir }),
      stdio: ['ignore', log, log],
    });
  } finally {
    closeSync(log);
  }
}

async function waitUntilAnswering(
  authUrl: string,
  server: ChildProcess,
  logFile: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(
        `keystone-wsgi-public exited (${server.exitCode ?? server.signalCode}):\n${readFileSync(logFile, 'utf8').slice(-3000)}`,
      );
    }
    const answered = await fetch(authUrl, { signal: AbortSignal.timeout(1000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `Keystone did not answer ${authUrl} within ${timeoutMs} ms:\n${readFileSync(logFile, 'utf8').slice(-3000)}`,
  );
}

async function keystoneApi(method: string, url: string, body: unknown, token?: string): Promise<Response> {
  const response = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token && { 'X-Auth-Token': token }) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function adminToken(authUrl: string, password: string): Promise<{ token: string; userId: string }> {
  const response = await keystoneApi('POST', `${authUrl}/auth/tokens`, {
    auth: {
      identity: { methods: ['password'], password: { user: { name: 'admin', domain: { name: 'Default' }, password } } },
      scope: { project: { name: 'admin', domain: { name: 'Default' } } },
    },
  });
  const body = (await response.json()) as { token: { user: { id: string } } };
  return { token: response.headers.get('x-subject-token')!, userId: body.token.user.id };
}

/** Without `roles`, Keystone gives the credential every role its creator has on the project. */
async function createApplicationCredential(
  authUrl: string,
  admin: { token: string; userId: string },
  name: string,
  roles?: string[],
): Promise<{ id: string; secret: string }> {
  const response = await keystoneApi(
    'POST',
    `${authUrl}/users/${admin.userId}/application_credentials`,
    { application_credential: { name, ...(roles && { roles: roles.map((role) => ({ name: role })) }) } },
    admin.token,
  );
  return ((await response.json()) as { application_credential: { id: string; secret: string } }).application_credential;
}

/** The API cannot create an expired password, so the user is created and its password expired in the database. */
async function createExpiredUser(
  authUrl: string,
  token: string,
  database: string,
): Promise<{ name: string; password: string }> {
  const user = { name: 'expired-user', password: randomSecret() };
  await keystoneApi('POST', `${authUrl}/users`, { user: { ...user, domain_id: 'default' } }, token);
  // Keystone stores times as microseconds since the epoch.
  const longAgoMicroseconds = Date.UTC(2020, 0, 1) * 1000;
  await runSql(database, [
    [
      'UPDATE password SET expires_at_int = ? WHERE local_user_id = (SELECT id FROM local_user WHERE name = ?)',
      [longAgoMicroseconds, user.name],
    ],
  ]);
  return user;
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const stillRunning = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), 5000))),
  ]);
  clearTimeout(timer);
  if (stillRunning) {
    child.kill('SIGKILL');
    await exited;
  }
}
