import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareSandbox, sandboxToolEnv, type PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { type OpenStackApiStandIn, startOpenStackApiStandIn } from '../../examples/sandbox/openstack-api.js';
import { runDeploy, type DeployResult, type DeployRun, type StepFilter } from '../../src/core/engine/engine.js';
import { DeployOutput } from '../../src/core/lib/output.js';
import { openPipeline, type Pipeline } from '../../src/core/engine/pipeline.js';
import type { DeployOptions } from '../../src/core/model/settings.js';

/** A canary in the sandbox config: it must never appear in any output. */
export const CONFIG_SECRET = 'sandbox-secret-value';

/** A fresh runner: a new copy of the repository with the sandbox, and the tools' environment. */
export interface Runner {
  workDir: string;
  sandbox: PreparedSandbox;
  toolEnv: Record<string, string>;
}

export async function freshRunner(prefix = 'runner-', options: { cluster?: string } = {}): Promise<Runner> {
  const workDir = await mkdtemp(path.join(tmpdir(), prefix));
  const sandbox = await prepareSandbox({ workDir, cluster: options.cluster });
  return { workDir, sandbox, toolEnv: await sandboxToolEnv(workDir) };
}

/**
 * The root action's inputs on a runner's sandbox with its resume state and tofu state in workflow
 * artifacts, sealed with `stateKey`, the kubeconfig encrypted with `passphrase`; no Keystone call.
 */
export function artifactStateInputs(
  runner: Runner,
  secrets: { stateKey: string; passphrase: string; token: string },
): Record<string, string> {
  return {
    config: runner.sandbox.configPath,
    'skip-auth-check': 'true',
    'state-store': 'artifact',
    'state-key': secrets.stateKey,
    'tofu-state': 'artifact',
    'kubeconfig-passphrase': secrets.passphrase,
    'github-token': secrets.token,
  };
}

/**
 * For `deployment.method: none` (the OpenTofu code installs Kubernetes): the admin kubeconfig that
 * code leaves in the cluster dir, on 127.0.0.1 as installers write it, for the sandbox's API stand-in.
 */
export async function writeClusterKubeconfig(sandbox: PreparedSandbox): Promise<void> {
  const { api } = sandbox;
  const b64 = (pem: string) => Buffer.from(pem).toString('base64');
  const kubeconfig = `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    certificate-authority-data: ${b64(api.caPem)}\n    server: https://127.0.0.1:${api.port}\ncontexts:\n- name: admin@c\n  context: {cluster: c, user: admin}\ncurrent-context: admin@c\nusers:\n- name: admin\n  user:\n    client-certificate-data: ${b64(api.clientCertPem)}\n    client-key-data: ${b64(api.clientKeyPem)}\n`;
  await writeFile(path.join(sandbox.clusterDir, 'kubeconfig.yaml'), kubeconfig, { mode: 0o600 });
}

/**
 * What the tofu steps leave on a runner: `init` and `apply` in the cluster dir with the real
 * terraform/tofu, so the inventory apply writes is there for tests that run only the Kubespray steps.
 */
export async function applySandbox(runner: Runner): Promise<void> {
  const run = (file: string, args: string[]) =>
    new Promise<string>((resolve, reject) =>
      execFile(file, args, { cwd: runner.sandbox.clusterDir, env: runner.toolEnv }, (error, stdout, stderr) =>
        error ? reject(new Error(`${file} ${args.join(' ')}: ${stderr || error.message}`)) : resolve(stdout),
      ),
    );
  const tofu = (await run('sh', ['-c', 'command -v tofu || command -v terraform'])).trim();
  await run(tofu, ['init', '-input=false']);
  await run(tofu, ['apply', '-input=false', '-auto-approve']);
}

export interface SandboxRun {
  workDir: string;
  sandbox: PreparedSandbox;
  env: Record<string, string>;
  stateDir: string;
  /** With `openstack: true`: the sandbox's OpenStack, the config's auth_url (runs still skip the auth check unless told not to). */
  openstack?: OpenStackApiStandIn;
  /** Runs the engine as the CLI does (or, given ciRun, as a CI run), capturing what it prints. */
  deploy(
    filter?: StepFilter,
    extra?: Partial<DeployOptions>,
    signal?: AbortSignal,
    ciRun?: DeployRun['ciRun'],
  ): Promise<{ result: DeployResult; console: string; pipeline: Pipeline }>;
  close(): Promise<void>;
}

export async function startSandbox(
  options: { readyAfterMs?: number; certificateDays?: number; openstack?: boolean } = {},
): Promise<SandboxRun> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'sandbox-test-'));
  const openstack = options.openstack
    ? await startOpenStackApiStandIn({
        applicationCredential: { id: 'sandbox-app-cred', secret: CONFIG_SECRET },
      })
    : undefined;
  const sandbox = await prepareSandbox({
    workDir,
    readyAfterMs: options.readyAfterMs,
    certificateDays: options.certificateDays,
    cloud: openstack?.cloud,
  });
  if (openstack) {
    const text = await readFile(sandbox.configPath, 'utf8');
    await writeFile(sandbox.configPath, text.replace(/^(\s+auth_url: ).*$/m, `$1${openstack.authUrl}`));
  }
  const env = await sandboxToolEnv(workDir);
  const stateDir = path.join(workDir, 'state');
  return {
    workDir,
    sandbox,
    env,
    stateDir,
    openstack,
    async deploy(filter = {}, extra = {}, signal = new AbortController().signal, ciRun = undefined) {
      const pipeline = await openPipeline({
        configPath: sandbox.configPath,
        stateDir,
        skipAuthCheck: true,
        env,
        waitReady: { intervalMs: 300, timeoutMs: 20_000 },
        ...extra,
      });
      let console = '';
      const output = new DeployOutput(pipeline.redactor, (text) => {
        console += text;
      });
      const result = await runDeploy({ ...pipeline, output, filter, signal, logPath: pipeline.logPath, ciRun });
      await output.close();
      return { result, console, pipeline };
    },
    close: async () => {
      await sandbox.close();
      await openstack?.close();
    },
  };
}
