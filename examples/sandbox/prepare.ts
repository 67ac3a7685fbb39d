import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startKubeApiStandIn, type KubeApiStandIn, type NodeSpec } from './kube-api.js';
import { ETCD_SNAPSHOT_PASSPHRASE_ENV } from '../../src/core/model/settings.js';
import { kubeObjects, type KubeObjects, type SandboxCloud } from './kube-objects.js';

const run = promisify(execFile);
const SANDBOX = path.dirname(fileURLToPath(import.meta.url));
const CLUSTER = path.join('gitops', 'infrastructure', 'clusters', 'sandbox');
/** What a run leaves behind; never copied from the repository into a work dir. */
export const SANDBOX_RUN_OUTPUTS = new Set([
  '.terraform',
  '.terraform.lock.hcl',
  'terraform.tfstate',
  'terraform.tfstate.backup',
  'venv',
  'wheels',
  'artifacts',
  'inventory.yaml', // written by apply (terraform_data.inventory)
  '.sandbox-api.json',
  '.sandbox-runs.jsonl',
  '.sandbox-facts',
  '.sandbox-reset',
  '.sandbox-fail-upgrade',
  '.sandbox-etcd.json',
  '.sandbox-etcd',
  '.sandbox-etcd-lost',
]);
/** The sandbox's etcd snapshot passphrase (a canary: it must never appear in any output). */
export const SANDBOX_ETCD_SNAPSHOT_PASSPHRASE = 'sandbox-etcd-passphrase-canary';
/** Kubespray's cluster_name in the sandbox's inventory/group_vars/k8s_cluster: what names its cloud objects. */
export const SANDBOX_KUBESPRAY_CLUSTER_NAME = 'sandbox.local';
/** The node registry the API stand-in serves and the playbooks change, in the work dir. */
const REGISTRY_FILE = 'sandbox-nodes.json';
/** One JSON line per playbook run, appended by the Kubespray stand-in, in the cluster dir. */
const RUNS_FILE = '.sandbox-runs.jsonl';

/** A line of `<cluster dir>/.sandbox-runs.jsonl`. */
export interface SandboxPlaybookRun {
  playbook: string;
  hosts: string[];
  vars: {
    node?: string;
    kube_version?: string;
    reset_nodes?: boolean;
    skip_confirmation?: boolean;
    allow_ungraceful_removal?: boolean;
    serial?: number | string;
    ignore_assert_errors?: boolean;
    etcd_snapshot?: string;
    etcd_retries?: number;
  };
}

export interface PreparedSandbox {
  configPath: string;
  clusterDir: string;
  api: KubeApiStandIn;
  /** The Services, claims and pods the API serves, with their cloud controllers. */
  objects: KubeObjects;
  /** The API VIP the config names (where the stand-in listens). */
  vip: string;
  /** The node registry (`{"nodes": [...]}`), the stand-in's node list once it exists. */
  registryFile: string;
  /** `<cluster dir>/.sandbox-runs.jsonl`: one line per Kubespray stand-in playbook run. */
  runsFile: string;
  /** The runs recorded so far, oldest first. */
  runs(): Promise<SandboxPlaybookRun[]>;
  close(): Promise<void>;
}

/** Builds the ansible-shim wheel once per source version (cached under the temp dir). */
async function shimWheel(): Promise<string> {
  const shimDir = path.join(SANDBOX, CLUSTER, 'kubespray', 'ansible-shim');
  const hash = createHash('sha256');
  for (const file of ['build_wheel.py', 'ansible_shim.py']) hash.update(await fs.readFile(path.join(shimDir, file)));
  const cacheDir = path.join(tmpdir(), 'cluster-deploy-sandbox-wheels', hash.digest('hex').slice(0, 16));
  const wheel = path.join(cacheDir, 'ansible_shim-0.0.1-py3-none-any.whl');
  await fs.access(wheel).catch(() => run('python3', [path.join(shimDir, 'build_wheel.py'), cacheDir]));
  return wheel;
}

/**
 * Copies the sandbox into workDir (runs never dirty the repository) — as cluster `demo/<cluster>` when
 * given (default `demo/sandbox`) —, adds the Kubespray stand-in's wheel and starts the Kubernetes API stand-in whose address and certificates the playbook puts
 * into admin.conf.
 */
export async function prepareSandbox(options: {
  workDir: string;
  readyAfterMs?: number;
  nodes?: NodeSpec[];
  cluster?: string;
  certificateDays?: number;
  /** Where the cloud controllers create and delete load balancers and volumes (the sandbox OpenStack's `cloud`). */
  cloud?: SandboxCloud;
}): Promise<PreparedSandbox> {
  const { workDir } = options;
  await fs.mkdir(workDir, { recursive: true });
  await fs.cp(path.join(SANDBOX, 'gitops'), path.join(workDir, 'gitops'), {
    recursive: true,
    filter: (src) => !SANDBOX_RUN_OUTPUTS.has(path.basename(src)),
  });
  let clusterDir = path.join(workDir, CLUSTER);
  const config = await fs.readFile(path.join(SANDBOX, 'config.yaml'), 'utf8');
  if (options.cluster && options.cluster !== 'sandbox') {
    // Another cluster of the same organisation: its name in the config, its dir under clusters/<name>.
    const renamed = path.join(path.dirname(clusterDir), options.cluster);
    await fs.rename(clusterDir, renamed);
    clusterDir = renamed;
    await fs.writeFile(
      path.join(workDir, 'config.yaml'),
      config.replace(/^(\s+(?:name|cluster_name): )sandbox$/gm, `$1${options.cluster}`),
    );
  } else await fs.writeFile(path.join(workDir, 'config.yaml'), config);
  const wheels = path.join(clusterDir, 'kubespray', 'wheels');
  await fs.mkdir(wheels, { recursive: true });
  const wheel = await shimWheel();
  await fs.copyFile(wheel, path.join(wheels, path.basename(wheel)));

  const registryFile = path.join(workDir, REGISTRY_FILE);
  const objects = kubeObjects({ clusterName: SANDBOX_KUBESPRAY_CLUSTER_NAME, cloud: options.cloud });
  const api = await startKubeApiStandIn({
    objects,
    dir: path.join(workDir, 'api-certs'),
    readyAfterMs: options.readyAfterMs,
    nodes: options.nodes,
    registryFile,
    certificateDays: options.certificateDays,
  });
  const b64 = (pem: string) => Buffer.from(pem).toString('base64');
  await fs.writeFile(
    path.join(clusterDir, '.sandbox-api.json'),
    JSON.stringify({
      port: api.port,
      caData: b64(api.caPem),
      clientCertData: b64(api.clientCertPem),
      clientKeyData: b64(api.clientKeyPem),
      registryFile,
    }),
    { mode: 0o600 },
  );
  const runsFile = path.join(clusterDir, RUNS_FILE);
  const runs = async (): Promise<SandboxPlaybookRun[]> => {
    const text = await fs
      .readFile(runsFile, 'utf8')
      .catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? '' : Promise.reject(error)));
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as SandboxPlaybookRun);
  };
  return {
    configPath: path.join(workDir, 'config.yaml'),
    clusterDir,
    api,
    objects,
    vip: api.host,
    registryFile,
    runsFile,
    runs,
    close: () => api.close(),
  };
}

/**
 * A controlled environment for the tools: the caller's PATH and HOME, and a real (empty) Terraform
 * CLI config so a machine-wide TF_CLI_CONFIG_FILE pointing at nothing cannot add warnings.
 */
export async function sandboxToolEnv(
  workDir: string,
  base: NodeJS.ProcessEnv = process.env,
): Promise<Record<string, string>> {
  const cliConfig = path.join(workDir, 'terraformrc');
  await fs.writeFile(cliConfig, '');
  const env: Record<string, string> = {
    PATH: base.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: path.join(workDir, 'home'),
    TF_CLI_CONFIG_FILE: cliConfig,
    TF_IN_AUTOMATION: '1',
    LANG: 'C.UTF-8',
    // The etcd snapshots an upgrade or a control-plane removal takes are kept encrypted with it.
    [ETCD_SNAPSHOT_PASSPHRASE_ENV]: SANDBOX_ETCD_SNAPSHOT_PASSPHRASE,
  };
  await fs.mkdir(env.HOME!, { recursive: true });
  return env;
}
