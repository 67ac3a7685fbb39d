// The sandbox's stand-ins as one thing that starts, runs in the background and stops:
// `npm run sandbox` (= `npm run demo -- --keep`) deploys into a sandbox that keeps running, then prints the
// next commands against it; `npm run sandbox -- stop` ends it. The background process is this file's
// `serve` command; its pid file is in the sandbox's directory.
import { spawn } from 'node:child_process';
import { promises as fs, openSync, closeSync, readFileSync, realpathSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { writeFileAtomic } from '../../src/core/lib/files.js';
import { type CapiSandbox, SANDBOX_CATALOG, startCapiSandbox } from './capi/cloud.js';
import { type OpenStackApiStandIn, startOpenStackApiStandIn } from './openstack-api.js';
import { prepareSandbox, SANDBOX_ETCD_SNAPSHOT_PASSPHRASE, SANDBOX_RUN_OUTPUTS, sandboxToolEnv } from './prepare.js';
import { ETCD_SNAPSHOT_PASSPHRASE_ENV } from '../../src/core/model/settings.js';

const SANDBOX = path.dirname(fileURLToPath(import.meta.url));
/** The application credential both sandbox configs name. */
const SANDBOX_CREDENTIAL_ID = 'sandbox-app-cred';
const ROOT = path.join(SANDBOX, '..', '..');
export const METHODS = ['kubespray', 'cluster-api'] as const;
export type SandboxMethod = (typeof METHODS)[number];

/** Where a kept sandbox lives unless --dir says otherwise: one per user. */
export const DEFAULT_SANDBOX_DIR = path.join(tmpdir(), `cluster-deploy-sandbox-${userInfo().uid}`);
const PID_FILE = 'sandbox.pid';
const INFO_FILE = 'sandbox.json';
const LOG_FILE = 'sandbox.log';
/** Marks a directory this script made, so a fresh start may empty it (and never a directory it did not make). */
const MARKER_FILE = '.cluster-deploy-sandbox';

/** What the CLI needs to work against a running sandbox. */
const SandboxInfoSchema = z.object({
  pid: z.number().int().positive(),
  method: z.enum(METHODS),
  configPath: z.string(),
  stateDir: z.string(),
  clusterDir: z.string(),
  /** Variables the CLI needs beyond the caller's own environment. */
  env: z.record(z.string(), z.string()),
  /** Put first on PATH (the Cluster API sandbox's clusterctl and kind). */
  pathPrefix: z.string().optional(),
});
export type SandboxInfo = z.infer<typeof SandboxInfoSchema>;

export interface RunningSandbox extends Omit<SandboxInfo, 'pid'> {
  /** What runs, for the console. */
  description: string;
  /** After a deploy: what the demo shows beside the deploy's own summary. */
  afterDeploy(): string | undefined;
  close(): Promise<void>;
}

/**
 * Starts the stand-ins of `method` with the cluster's files copied into workDir (runs never dirty the
 * repository): the Kubernetes API stand-in for Kubespray, the sandbox cloud for Cluster API.
 */
export async function startSandbox(method: SandboxMethod, workDir: string): Promise<RunningSandbox> {
  let cloud: CapiSandbox | undefined;
  const openstack = await startOpenStackApiStandIn({
    applicationCredential: {
      id: SANDBOX_CREDENTIAL_ID,
      secret: SANDBOX_CATALOG.applicationCredentials[SANDBOX_CREDENTIAL_ID]!,
    },
    // What the Cluster API sandbox's CAPO made counts as in use, as Nova and Neutron would count it.
    project: () => ({
      servers: cloud?.servers() ?? [],
      networks: cloud?.networks().length ?? 0,
      routers: cloud?.routers().length ?? 0,
      loadBalancers: cloud?.loadBalancers().length ?? 0,
    }),
  });
  try {
    return await startStandIns(method, workDir, openstack, (started) => {
      cloud = started;
    });
  } catch (error) {
    await openstack.close();
    throw error;
  }
}

async function startStandIns(
  method: SandboxMethod,
  workDir: string,
  openstack: OpenStackApiStandIn,
  onCloud: (cloud: CapiSandbox) => void,
): Promise<RunningSandbox> {
  const stateDir = path.join(workDir, 'state');
  /** The config's auth_url is the stand-in's: preflight and openstack-capacity run for real against it. */
  const pointAtStandIn = async (configPath: string) => {
    const text = await fs.readFile(configPath, 'utf8');
    await fs.writeFile(configPath, text.replace(/^(\s+auth_url: ).*$/m, `$1${openstack.authUrl}`));
  };
  if (method === 'cluster-api') {
    const cluster = path.join('gitops', 'infrastructure', 'clusters', 'capi-sandbox');
    await fs.cp(path.join(SANDBOX, cluster), path.join(workDir, cluster), {
      recursive: true,
      filter: (src) => !SANDBOX_RUN_OUTPUTS.has(path.basename(src)),
    });
    const configPath = path.join(workDir, 'config.yaml');
    await fs.copyFile(path.join(SANDBOX, 'config-cluster-api.yaml'), configPath);
    await pointAtStandIn(configPath);
    const cloud = await startCapiSandbox({ dir: path.join(workDir, 'cloud') });
    onCloud(cloud);
    return {
      method,
      configPath,
      stateDir,
      clusterDir: path.join(workDir, cluster),
      env: cloud.env,
      pathPrefix: cloud.binDir,
      description: `Sandbox cloud (kind, clusterctl and CAPO stand-ins) in ${workDir}; OpenStack APIs (Keystone, quotas) at ${openstack.authUrl}`,
      afterDeploy: () =>
        `OpenStack servers CAPO made: ${cloud
          .servers()
          .map((s) => s.name)
          .join(', ')}`,
      close: async () => {
        await cloud.close();
        await openstack.close();
      },
    };
  }
  const sandbox = await prepareSandbox({ workDir, readyAfterMs: 3000, cloud: openstack.cloud });
  await pointAtStandIn(sandbox.configPath);
  return {
    method,
    configPath: sandbox.configPath,
    stateDir,
    clusterDir: sandbox.clusterDir,
    // The upgrade the next commands print saves an etcd snapshot first, encrypted with it.
    env: { [ETCD_SNAPSHOT_PASSPHRASE_ENV]: SANDBOX_ETCD_SNAPSHOT_PASSPHRASE },
    description: `Sandbox copied to ${workDir}; Kubernetes API stand-in at ${sandbox.api.url} (ready in 3 s); OpenStack APIs (Keystone, quotas) at ${openstack.authUrl}`,
    afterDeploy: () => undefined,
    close: async () => {
      await sandbox.close();
      await openstack.close();
    },
  };
}

/** What the CLI needs on top of the caller's environment against a sandbox: its variables and PATH. */
export function sandboxEnv(
  sandbox: Pick<SandboxInfo, 'env' | 'pathPrefix'>,
  base: NodeJS.ProcessEnv,
): Record<string, string> {
  return {
    ...sandbox.env,
    ...(sandbox.pathPrefix && { PATH: `${sandbox.pathPrefix}${path.delimiter}${base.PATH ?? ''}` }),
  };
}

/**
 * The caller's OpenStack and Terraform settings, removed from `env` (an openrc sourced in the shell would otherwise
 * send the demo's deploy to a real cloud, or fail its preflight); returns the names removed.
 */
export function dropCallerCloudEnv(env: NodeJS.ProcessEnv): string[] {
  const names = Object.keys(env)
    .filter((name) => /^OS_/.test(name) || /^TF_(CLI_CONFIG_FILE|VAR_.*)$/.test(name))
    .sort();
  for (const name of names) delete env[name];
  return names;
}

/** The in-process demo's tool environment (a controlled HOME, no machine-wide Terraform CLI config). */
export async function demoToolEnv(sandbox: RunningSandbox, workDir: string): Promise<Record<string, string>> {
  return sandbox.method === 'kubespray' ? sandboxToolEnv(workDir) : sandboxEnv(sandbox, process.env);
}

// ---- the next commands ----------------------------------------------------------------------------

/** A word as a POSIX shell reads it back unchanged. */
function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The commands a user types next against a kept sandbox, from the directory they ran npm in: each
 * runnable as printed (tests run them). `#` lines say what the next command does.
 */
export function nextCommands(info: SandboxInfo, cwd: string, dir: string): string[] {
  const cli = `node ${quote(path.relative(cwd, path.join(ROOT, 'dist', 'cli', 'index.js')) || '.')}`;
  const where = `--config ${quote(info.configPath)} --state-dir ${quote(info.stateDir)}`;
  const run = (command: string, extra = '') => `${cli} ${command} ${where}${extra}`;
  const stop = `npm run sandbox -- stop${dir === DEFAULT_SANDBOX_DIR ? '' : ` --dir ${quote(dir)}`}`;
  const lines: string[] = [];
  if (info.pathPrefix || Object.keys(info.env).length > 0) {
    lines.push(
      info.method === 'cluster-api'
        ? '# first, in your shell: the sandbox cloud and its clusterctl and kind stand-ins'
        : '# first, in your shell: the passphrase of the etcd snapshot an upgrade takes first',
      `export ${[
        ...Object.entries(info.env).map(([name, value]) => `${name}=${quote(value)}`),
        ...(info.pathPrefix ? [`PATH=${quote(info.pathPrefix)}:"$PATH"`] : []),
      ].join(' ')}`,
    );
  }
  lines.push('# the steps a deploy would run now, each with its command', run('plan'));
  const config = quote(info.configPath);
  if (info.method === 'cluster-api') {
    lines.push(
      '# scale up: a third worker machine',
      `sed -i 's/worker_machine_count: 2/worker_machine_count: 3/' ${config}`,
      run('deploy'),
      '# upgrade Kubernetes to 1.35.0 (the version and an image built for it, in the config)',
      `sed -i -e 's/version: 1.34.2/version: 1.35.0/' -e 's/kube-v1.34.2/kube-v1.35.0/' ${config}`,
      run('upgrade', ' --kubernetes-version 1.35.0'),
    );
  } else {
    lines.push(
      '# scale up: a second worker (terraform.tfvars of the cluster dir), the plan, then the deploy',
      `echo 'worker_count = 2' > ${quote(path.join(info.clusterDir, 'terraform.tfvars'))}`,
      run('plan', ' --tofu-plan'),
      run('deploy'),
      '# upgrade Kubernetes to 1.34.2, node by node (the config says the new version, or check reports the nodes ahead of it)',
      `sed -i 's/version: 1.33.5/version: 1.34.2/' ${config}`,
      run('upgrade', ' --kubernetes-version 1.34.2'),
    );
  }
  const name = info.method === 'cluster-api' ? 'capi-sandbox' : 'sandbox';
  lines.push(
    '# drift and health (exit 0: none, 3: found)',
    run('check'),
    '# delete the cluster',
    run('destroy', ` --confirm ${name}`),
    '# end the sandbox',
    stop,
  );
  return lines;
}

// ---- start, serve and stop ------------------------------------------------------------------------

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    // ESRCH: gone. EPERM: another user's process now, so not ours (the sandbox runs as whoever started it).
    return false;
  }
  // A pid the system gave to another process since: ours names this file and `serve` on its command line.
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return argv.some((arg) => arg.endsWith('sandbox.ts')) && argv.includes('serve');
  } catch {
    return true; // no /proc here: trust the pid file
  }
}

/** Where a symlink points, or "a target that does not exist". */
function realpathOr(link: string): string {
  try {
    return realpathSync(link);
  } catch {
    return 'it points at nothing';
  }
}

async function readPid(dir: string): Promise<number | undefined> {
  const text = await fs.readFile(path.join(dir, PID_FILE), 'utf8').catch(() => undefined);
  const pid = Number(text?.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** The running sandbox in dir, if any. */
export async function runningSandbox(dir: string): Promise<SandboxInfo | undefined> {
  const pid = await readPid(dir);
  if (pid === undefined || !alive(pid)) return undefined;
  const text = await fs.readFile(path.join(dir, INFO_FILE), 'utf8').catch(() => undefined);
  const parsed = text === undefined ? undefined : SandboxInfoSchema.safeParse(JSON.parse(text));
  return parsed?.success ? parsed.data : undefined;
}

/**
 * Starts `serve` in the background (its own process group, so it outlives the terminal's npm) and
 * waits until it says where it runs. A directory of an earlier, stopped sandbox starts afresh.
 */
export async function startBackground(method: SandboxMethod, dir: string): Promise<SandboxInfo> {
  const pid = await readPid(dir);
  if (pid !== undefined && alive(pid)) {
    throw new Error(
      `a sandbox already runs in ${dir} (pid ${pid}); end it with: npm run sandbox -- stop${dir === DEFAULT_SANDBOX_DIR ? '' : ` --dir ${quote(dir)}`}`,
    );
  }
  // A symlink would be replaced by a fresh directory (rm removes the link, not what it points at).
  if (
    await fs.lstat(dir).then(
      (stat) => stat.isSymbolicLink(),
      () => false,
    )
  ) {
    throw new Error(`--dir ${dir} is a symbolic link; give the directory itself (${realpathOr(dir)})`);
  }
  const entries: string[] = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw new Error(`--dir ${dir}: ${error.code === 'ENOTDIR' ? 'is not a directory' : error.message}`);
  });
  if (entries.length > 0) {
    if (!entries.includes(MARKER_FILE)) {
      throw new Error(`--dir ${dir} is not empty and not a sandbox's directory; give an empty or new one`);
    }
    await fs.rm(dir, { recursive: true, force: true });
  }
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, MARKER_FILE), '');
  const log = openSync(path.join(dir, LOG_FILE), 'a');
  try {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), 'serve', '--method', method, '--dir', dir],
      { cwd: ROOT, detached: true, stdio: ['ignore', log, log] },
    );
    child.unref();
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) => {
        const tail = readFileSync(path.join(dir, LOG_FILE), 'utf8').trimEnd().split('\n').slice(-15).join('\n');
        reject(new Error(`the sandbox exited while starting (${signal ?? `exit ${code}`}); its log:\n${tail}`));
      }),
    );
    const deadline = Date.now() + 60_000;
    for (;;) {
      const info = await Promise.race([runningSandbox(dir), exited]);
      if (info) {
        child.removeAllListeners('exit');
        return info;
      }
      if (Date.now() > deadline) {
        child.removeAllListeners('exit');
        child.kill('SIGTERM'); // nothing left running that no pid file names
        throw new Error(`the sandbox did not start within 60 s; its log: ${path.join(dir, LOG_FILE)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    closeSync(log);
  }
}

/** The background process: runs the stand-ins until SIGTERM or SIGINT. */
async function serve(method: SandboxMethod, dir: string): Promise<void> {
  const sandbox = await startSandbox(method, dir);
  const { description: _, afterDeploy: __, close, ...rest } = sandbox;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await close();
    await fs.rm(path.join(dir, INFO_FILE), { force: true });
    await fs.rm(path.join(dir, PID_FILE), { force: true });
    console.log(`${new Date().toISOString()} stopped`);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await writeFileAtomic(path.join(dir, INFO_FILE), JSON.stringify({ pid: process.pid, ...rest }, null, 2));
  await writeFileAtomic(path.join(dir, PID_FILE), `${process.pid}\n`, 0o644);
  console.log(`${new Date().toISOString()} ${sandbox.description}`);
}

/** `stop`: idempotent; says what it found. */
export async function stopSandbox(dir: string): Promise<string> {
  const pid = await readPid(dir);
  const pidFile = path.join(dir, PID_FILE);
  if (pid === undefined || !alive(pid)) {
    const stale = await fs.stat(pidFile).then(
      () => true,
      () => false,
    );
    if (!stale) return `No sandbox runs in ${dir} (no ${PID_FILE}).`;
    await fs.rm(pidFile, { force: true });
    await fs.rm(path.join(dir, INFO_FILE), { force: true });
    return pid === undefined
      ? `No sandbox runs in ${dir}: its ${PID_FILE} held no process id; removed it.`
      : `No sandbox runs in ${dir}: pid ${pid} of its ${PID_FILE} is gone (the number is free or another program's now); removed the stale ${PID_FILE}.`;
  }
  try {
    process.kill(pid, 'SIGTERM');
  } catch (error) {
    // It ended between the check and the signal.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
  const deadline = Date.now() + 15_000;
  while (alive(pid)) {
    if (Date.now() > deadline) throw new Error(`the sandbox (pid ${pid}) did not stop within 15 s of SIGTERM`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return `Stopped the sandbox (pid ${pid}); its files stay in ${dir}.`;
}

// ---- the demo --------------------------------------------------------------------------------------

/**
 * `npm run demo`: a deploy of the sandbox with the real engine and CLI; with `keep` (a directory) the
 * sandbox runs on in the background there and the next commands against it are printed.
 */
export async function runDemo(method: SandboxMethod, options: { keep?: string } = {}): Promise<number> {
  const { main } = await import('../../src/cli/main.js');
  const deploy = (info: Pick<SandboxInfo, 'configPath' | 'stateDir'>) =>
    main(['deploy', '--config', info.configPath, '--state-dir', info.stateDir, '--interval', '1s']);
  const ignored = dropCallerCloudEnv(process.env);
  if (ignored.length > 0)
    console.log(
      `Ignoring ${ignored.join(', ')} from your environment: the sandbox runs against its own OpenStack and Terraform settings.`,
    );
  if (!options.keep) {
    const workDir = await mkdtemp(path.join(tmpdir(), 'cluster-deploy-demo-'));
    try {
      const sandbox = await startSandbox(method, workDir);
      Object.assign(process.env, await demoToolEnv(sandbox, workDir));
      console.log(sandbox.description);
      try {
        const code = await deploy(sandbox);
        const after = sandbox.afterDeploy();
        if (after) console.log(`\n${after}`);
        // The stand-ins stop with the demo: its kubeconfig would point at nothing. Day 2 needs them running.
        console.log(
          `\nThe demo's stand-ins stop now. To keep a sandbox running for a plan, a scale-up, an upgrade and a destroy: npm run sandbox${method === 'kubespray' ? '' : ` -- --method ${method}`}`,
        );
        return code;
      } finally {
        await sandbox.close();
      }
    } finally {
      await fs.rm(workDir, { recursive: true, force: true });
    }
  }
  const dir = options.keep;
  const info = await startBackground(method, dir);
  // The deploy runs with exactly what the printed commands add to the user's environment.
  Object.assign(process.env, sandboxEnv(info, process.env));
  console.log(
    `Sandbox (${method}) running in the background, pid ${info.pid}, in ${dir} (log: ${path.join(dir, LOG_FILE)})`,
  );
  const code = await deploy(info);
  console.log(
    `\nThe sandbox keeps running. Next, from this directory (each command as printed):\n${[
      // Your shell still has them, and they win over the sandbox's config.
      ...(ignored.length > 0 ? [`unset ${ignored.join(' ')}`] : []),
      ...nextCommands(info, process.env.INIT_CWD ?? process.cwd(), dir),
    ]
      .map((line) => `  ${line}`)
      .join('\n')}`,
  );
  return code;
}

// ---- command line ---------------------------------------------------------------------------------

export const SANDBOX_USAGE =
  'usage: npm run sandbox [-- --method kubespray|cluster-api] [--dir DIR]   |   npm run sandbox -- stop [--dir DIR]';

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let parsed: { values: { method: string; dir: string }; positionals: string[] };
  try {
    parsed = parseArgs({
      options: {
        method: { type: 'string', default: 'kubespray' },
        dir: { type: 'string', default: DEFAULT_SANDBOX_DIR },
      },
      allowPositionals: true,
    }) as typeof parsed;
  } catch (error) {
    console.error(`error: ${(error as Error).message}\n${SANDBOX_USAGE}`);
    process.exit(2);
  }
  const { values, positionals } = parsed;
  const [command = 'start', ...extra] = positionals;
  const dir = path.resolve(values.dir);
  if (extra.length > 0 || !['start', 'stop', 'serve'].includes(command)) {
    console.error(
      `error: unknown command "${[command, ...extra].join(' ')}"; use start (the default) or stop\n${SANDBOX_USAGE}`,
    );
    process.exit(2);
  }
  if (!(METHODS as readonly string[]).includes(values.method)) {
    console.error(
      `error: --method: "${values.method}" is not a method the sandbox runs; use kubespray (the default) or cluster-api\n${SANDBOX_USAGE}`,
    );
    process.exit(2);
  }
  const method = values.method as SandboxMethod;
  try {
    if (command === 'serve') await serve(method, dir);
    else if (command === 'stop') console.log(await stopSandbox(dir));
    else {
      process.exitCode = await runDemo(method, { keep: dir });
    }
  } catch (error) {
    console.error(`error: ${(error as Error).message}`);
    process.exit(1);
  }
}
