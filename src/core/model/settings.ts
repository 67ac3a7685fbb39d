import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { requireSupportedKubernetes } from './capi-versions.js';
import {
  requireUpgradeTarget,
  resolveClusterApiSettings,
  type ClusterApiOptions,
  type ClusterApiSettings,
} from './cluster-api.js';
import { configClusterDir, configClusterName, loadClusterConfig, type ClusterConfig } from './config.js';
import { refusePlaceholders } from './placeholders.js';
import { resolveCredentials, type CredentialInput, type OpenStackCredentials } from '../openstack/credentials.js';
import type { WaitReadySettings } from '../kube/ready.js';
import { DEFAULT_AUTH_TIMEOUT_MS } from '../openstack/keystone.js';
import { DEFAULT_NODE_RESOURCE, type NodeResourceSpec } from './nodes.js';
import { DEPLOYMENT_METHODS, parseName, type DeploymentMethod, type Operation } from '../lib/option-values.js';
import { kubesprayTag, type KubespraySource, parseKubespraySource } from './kubespray-source.js';
import { UsageError, UserError } from '../lib/errors.js';
import { quoteInput } from '../lib/echo.js';

/** Everything one deploy needs, resolved once from the config, options and environment. */
export interface DeploySettings {
  /** What this run does to the cluster; it decides the steps (model/operations.ts). */
  operation: Operation;
  organization: string;
  clusterName: string;
  configPath?: string;
  clusterDir: string;
  /** Whether the Kubespray steps run (`deployment.method: kubespray`). */
  kubespray: boolean;
  /** `deployment.method: cluster-api`: Cluster API provisions the cluster instead of OpenTofu and Kubespray. */
  clusterApi?: ClusterApiSettings;
  /** Address that replaces a loopback API server in the kubeconfig. */
  vip?: string;
  /** The cluster uses Octavia load balancers, so preflight requires the load-balancer service. */
  useOctavia: boolean;
  credentials: OpenStackCredentials;
  opentofu: {
    enabled: boolean;
    binary?: string;
    backend: string;
    /** Apply exactly this saved plan instead of planning anew; `source` says where it came from, for errors. */
    savedPlan?: { file: string; source: string };
    /** The reviewed plan job recorded that no apply is needed (require-saved-plan): an apply now is refused. */
    reviewedNoApply?: { reason: string; source: string };
    /** TF_PLUGIN_CACHE_DIR for tofu alone: the provider cache the action restores (github/state/provider-cache.ts). */
    pluginCacheDir?: string;
  };
  /** Which plan resources are nodes (deploy: node removals before apply, scale.yml after). */
  nodeResource: NodeResourceSpec;
  /** Apply a plan that removes half the etcd members or every control plane node (loud in plan and summary). */
  allowUnsafeNodeRemoval: boolean;
  /** Apply a change that exceeds the project's quotas (openstack-capacity refuses it otherwise; loud when set). */
  ignoreCapacity: boolean;
  /** destroy: delete the load balancers and volumes still marked for the cluster after tofu destroy (else listed). */
  deleteCloudLeftovers: boolean;
  /** upgrade: the target version (no "v"), from the option or opencenter.cluster.kubernetes.version. */
  kubernetesVersion?: string;
  /** The config's opencenter.cluster.kubernetes.version, when it has one (an upgrade's target may differ). */
  configuredKubernetesVersion?: string;
  /** upgrade: workers per upgrade-cluster.yml run (default 20% of them). */
  upgradeBatchSize?: number;
  /** deploy: a newer Kubernetes version is taken through upgrade-cluster.yml instead of refused (deployment.kubespray.upgrade_on_deploy). */
  upgradeOnDeploy: boolean;
  /** etcd snapshots before risky steps (kubespray/etcd-snapshot.ts): their directory, how many are kept, the passphrase. */
  etcdSnapshots: { dir: string; keep: number; passphrase?: string };
  /** deployment.kubespray.forks: ansible-playbook --forks, instead of one from the hosts a run touches. */
  ansibleForks?: number;
  venvDir: string;
  /** The interpreter to show in plans: the explicit one, else `python3` (the venv step chooses one in Kubespray's range). */
  python: string;
  /** An interpreter the user named (deployment.kubespray.python, --python, input python), with where it came from. */
  pythonSetting?: { value: string; setting: string };
  pipArgs: string[];
  /** Kubespray at the pinned version (kubespray-fetch). */
  kubesprayRelease: KubesprayRelease;
  /** SSH for Ansible: the private key file (ANSIBLE_PRIVATE_KEY_FILE) and the user (ANSIBLE_REMOTE_USER). */
  ssh: { privateKeyFile?: string; user?: string };
  /** Run Kubespray (and pip) even when nothing changed since the last completed deploy. */
  converge: boolean;
  /** The tools may colour their output (the console is a terminal and NO_COLOR is unset): tofu without -no-color, Ansible forced. */
  colour: boolean;
  kubectl: string;
  /** The normalised kubeconfig the pipeline produces (0600). */
  kubeconfigPath: string;
  stateDir: string;
  waitReady: WaitReadySettings;
  authCheck: { enabled: boolean; timeoutMs: number };
  /** The environment commands inherit (process.env, or a controlled one in tests). */
  baseEnv: Readonly<Record<string, string>>;
  /**
   * Secrets of the run that no command inherits under any name (the passphrases, the GitHub token:
   * openPipeline's `secrets`); a step whose command uses one sets it itself.
   */
  withheldSecrets?: readonly string[];
  /** The GitHub token clusterctl init may use for release assets (GITHUB_TOKEN): the action's github-token, or the caller's GITHUB_TOKEN. */
  githubToken?: string;
}

/** Where Kubespray comes from and where the steps run it from. */
export interface KubesprayRelease {
  /** The tag (v2.31.0), from deployment.kubespray.version; unset only with a vendored tree. */
  version?: string;
  source: KubespraySource;
  /** `<cluster dir>/kubespray`: used as is when it exists (its version must match). */
  vendoredDir: string;
  /** Fetched trees: `<cache>/<tag>-<commit>`, with `<cache>/<tag>` pointing at the one in use. */
  cacheRoot: string;
  /** The tree the playbooks run from: the vendored one when there, else `<cache>/<tag>`. */
  dir: string;
}

function defaultCacheDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CACHE_HOME || path.join(env.HOME || homedir(), '.cache');
  return path.join(base, 'cluster-deploy');
}

export const DEFAULT_WAIT: WaitReadySettings = { timeoutMs: 30 * 60_000, intervalMs: 5_000 };

/** Options a user gives on the command line or as action inputs. */
export interface DeployOptions {
  operation?: Operation;
  kubernetesVersion?: string;
  allowUnsafeNodeRemoval?: boolean;
  ignoreCapacity?: boolean;
  deleteCloudLeftovers?: boolean;
  configPath?: string;
  clusterDir?: string;
  /** Standalone use: cluster name when there is no config (defaults to the cluster dir's name). */
  clusterName?: string;
  organization?: string;
  vip?: string;
  method?: DeploymentMethod;
  tofuBinary?: string;
  /** A saved binary plan for opentofu-apply (the action's plan-artifact). */
  savedPlan?: { file: string; source: string };
  /** The plan job of this run recorded "no apply needed" (the action's require-saved-plan). */
  reviewedNoApply?: { reason: string; source: string };
  kubeconfigPath?: string;
  stateDir?: string;
  venvDir?: string;
  pipArgs?: string[];
  python?: string;
  /** The SSH private key file and user for Ansible (the action writes the ssh-private-key input to a file). */
  sshPrivateKeyFile?: string;
  sshUser?: string;
  converge?: boolean;
  /** Colour in the tools' output: the front end decides (colourWanted); off by default. */
  colour?: boolean;
  kubectl?: string;
  credentials?: CredentialInput;
  cloud?: string;
  cloudsYaml?: string;
  waitReady?: Partial<WaitReadySettings>;
  skipAuthCheck?: boolean;
  authTimeoutMs?: number;
  /** The etcd snapshots' passphrase when CLUSTER_DEPLOY_ETCD_SNAPSHOT_PASSPHRASE is unset (the action: kubeconfig-passphrase). */
  etcdSnapshotPassphrase?: string;
  env?: NodeJS.ProcessEnv;
  /** deployment.method cluster-api: the management kubeconfig and tool paths given as flags or inputs. */
  clusterApi?: ClusterApiOptions;
}

/** The run's deployment.method, as the config names it. */
export function deploymentMethod(settings: Pick<DeploySettings, 'clusterApi' | 'kubespray'>): DeploymentMethod {
  return settings.clusterApi ? 'cluster-api' : settings.kubespray ? 'kubespray' : 'none';
}

export function defaultStateDir(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_STATE_HOME || path.join(env.HOME || homedir(), '.local', 'state');
  return path.join(base, 'cluster-deploy');
}

function configVip(config: ClusterConfig): string | undefined {
  const infra = config.opencenter.infrastructure;
  if (infra.k8s_api_ip) return infra.k8s_api_ip;
  return infra.networking.vrrp_enabled ? infra.networking.vrrp_ip : undefined;
}

/** Resolves settings from an openCenter config (if given) and explicit options, which win. */
export function resolveSettings(options: DeployOptions): DeploySettings {
  const env = options.env ?? process.env;
  const config = options.configPath ? loadClusterConfig(options.configPath) : undefined;
  if (!config && !options.clusterDir) {
    throw new UserError('give --config FILE (an openCenter cluster config) or --cluster-dir DIR for standalone use');
  }
  if (config && config.opencenter.infrastructure.provider !== 'openstack') {
    throw new UserError(
      `${options.configPath}: opencenter.infrastructure.provider is "${config.opencenter.infrastructure.provider}"; this tool deploys openstack clusters only`,
    );
  }
  const clusterName =
    options.clusterName ??
    (config
      ? configClusterName(config)
      : parseName(
          path.basename(path.resolve(options.clusterDir!)),
          `the cluster directory's name (pass --cluster NAME)`,
          UserError,
        ));
  const organization = options.organization ?? config?.opencenter.meta.organization ?? 'standalone';

  let clusterDir = options.clusterDir;
  if (!clusterDir && config) {
    clusterDir = configClusterDir(config, options.configPath!, clusterName);
    if (!clusterDir)
      throw new UserError(
        `${options.configPath}: opencenter.gitops.repository.local_dir is not set; set it or pass --cluster-dir`,
      );
  }
  clusterDir = path.resolve(clusterDir!);
  // cluster-deploy init's CHANGEMEs left in the OpenTofu files, named, before any tool trips on them.
  refusePlaceholders(undefined, clusterDir);

  const method = options.method ?? config?.deployment.method ?? 'kubespray';
  if (!(DEPLOYMENT_METHODS as readonly string[]).includes(method)) {
    throw new UserError(
      `${options.configPath}: deployment.method "${method}" is not supported yet; this tool runs ${DEPLOYMENT_METHODS.slice(0, -1).join(', ')} or ${DEPLOYMENT_METHODS.at(-1)}`,
    );
  }
  const stateDir = path.resolve(options.stateDir ?? defaultStateDir(env));
  // KUBECONFIG lists paths separated by ":"; a kubeconfig path containing one would read as two.
  if (options.kubeconfigPath?.includes(path.delimiter)) {
    throw new UsageError(
      `the kubeconfig path ${JSON.stringify(options.kubeconfigPath)} contains "${path.delimiter}", which separates paths in KUBECONFIG; choose a path without it`,
    );
  }
  const clusterStateDir = path.join(stateDir, organization, clusterName);
  const operation = options.operation ?? 'deploy';
  const configuredKubernetesVersion = config?.opencenter.cluster?.kubernetes?.version?.replace(/^v/, '');
  const kubernetesVersion = options.kubernetesVersion ?? configuredKubernetesVersion;
  if (operation === 'upgrade' && !kubernetesVersion) {
    throw new UsageError(
      `upgrade needs a target version: --kubernetes-version X.Y.Z (input kubernetes-version), or opencenter.cluster.kubernetes.version in the config`,
    );
  }
  const baseEnv = Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );

  const nodeResource = config?.opentofu.node_resource;
  if (method === 'cluster-api' && !config) {
    throw new UserError(
      'deployment.method cluster-api needs a config (--config): the management cluster, providers and template variables live in deployment.cluster_api',
    );
  }
  if (options.clusterApi && method !== 'cluster-api') {
    throw new UsageError(
      `--management-kubeconfig, --clusterctl and --kind (input management-kubeconfig) are for deployment.method cluster-api, not ${method}`,
    );
  }
  const configRelative = (file: string | undefined) =>
    file && path.resolve(path.dirname(path.resolve(options.configPath ?? '.')), file);
  const configPython = config?.deployment.kubespray?.python;
  const pythonSetting = options.python
    ? { value: options.python, setting: '--python (input python)' }
    : configPython
      ? { value: configPython, setting: `${options.configPath}: deployment.kubespray.python` }
      : undefined;
  const clusterApi =
    method === 'cluster-api' && config
      ? resolveClusterApiSettings(config, options.clusterApi ?? {}, {
          source: options.configPath!,
          clusterName,
          clusterDir,
          clusterStateDir,
        })
      : undefined;
  if (clusterApi && operation === 'upgrade')
    requireUpgradeTarget(options.kubernetesVersion, clusterApi, options.configPath!);
  // A deploy or an upgrade renders the config's version: refused here when the pinned Cluster API does not support it.
  if (clusterApi && (operation === 'deploy' || operation === 'upgrade'))
    requireSupportedKubernetes({
      core: clusterApi.providers.core,
      kubernetesVersion: clusterApi.kubernetesVersion,
      selfHosted: clusterApi.management.kind === 'kind',
      source: options.configPath!,
    });
  return {
    operation,
    organization,
    clusterName,
    configPath: options.configPath && path.resolve(options.configPath),
    clusterDir,
    kubespray: method === 'kubespray',
    clusterApi,
    vip: options.vip ?? (config ? configVip(config) : undefined),
    useOctavia: config?.opencenter.infrastructure.networking.use_octavia ?? false,
    credentials: resolveCredentials({
      options: options.credentials,
      env,
      cloud: options.cloud,
      cloudsYaml: options.cloudsYaml,
      config: config && { openstack: config.opencenter.infrastructure.cloud?.openstack, source: options.configPath! },
    }),
    opentofu: {
      enabled: config?.opentofu.enabled ?? true,
      binary: options.tofuBinary ?? config?.opentofu.path,
      backend: config?.opentofu.backend.type ?? 'local',
      savedPlan: options.savedPlan,
      reviewedNoApply: options.reviewedNoApply,
    },
    nodeResource: nodeResource
      ? { type: nodeResource.type, nameAttribute: nodeResource.name_attribute, companions: nodeResource.companions }
      : DEFAULT_NODE_RESOURCE,
    allowUnsafeNodeRemoval: options.allowUnsafeNodeRemoval ?? false,
    deleteCloudLeftovers: options.deleteCloudLeftovers ?? false,
    ignoreCapacity: options.ignoreCapacity ?? false,
    kubernetesVersion,
    configuredKubernetesVersion,
    upgradeBatchSize: config?.deployment.kubespray?.upgrade_batch_size,
    upgradeOnDeploy: config?.deployment.kubespray?.upgrade_on_deploy ?? false,
    etcdSnapshots: {
      dir: path.join(clusterStateDir, 'etcd-snapshots'),
      keep: config?.deployment.kubespray?.etcd_snapshots_keep ?? 5,
      passphrase: env[ETCD_SNAPSHOT_PASSPHRASE_ENV] || options.etcdSnapshotPassphrase || undefined,
    },
    ansibleForks: config?.deployment.kubespray?.forks,
    venvDir: path.resolve(clusterDir, options.venvDir ?? config?.deployment.kubespray?.venv_path ?? 'venv'),
    python: pythonSetting?.value ?? 'python3',
    pythonSetting,
    kubesprayRelease: kubesprayRelease(config, options.configPath, clusterDir, env),
    ssh: {
      privateKeyFile: options.sshPrivateKeyFile ?? configRelative(config?.deployment.kubespray?.ssh_private_key_file),
      user: options.sshUser ?? config?.deployment.kubespray?.ssh_user,
    },
    converge: options.converge ?? false,
    colour: options.colour ?? false,
    pipArgs: options.pipArgs ?? config?.deployment.kubespray?.pip_args ?? [],
    kubectl: options.kubectl ?? 'kubectl',
    kubeconfigPath: path.resolve(options.kubeconfigPath ?? path.join(clusterStateDir, 'kubeconfig')),
    stateDir,
    waitReady: { ...DEFAULT_WAIT, ...options.waitReady },
    authCheck: { enabled: !options.skipAuthCheck, timeoutMs: options.authTimeoutMs ?? DEFAULT_AUTH_TIMEOUT_MS },
    baseEnv,
  };
}

/**
 * A destroy runs only when confirmed with the cluster's name (`--confirm`, input confirm-destroy),
 * checked before anything runs. Planning a destroy needs no confirmation.
 */
export function checkDestroyConfirmation(
  settings: Pick<DeploySettings, 'organization' | 'clusterName'>,
  given: string | undefined,
  how = { flag: '--confirm', input: 'confirm-destroy' },
): void {
  const { organization, clusterName } = settings;
  const value = given?.trim() ?? '';
  if (value === clusterName) return;
  throw new UsageError(
    value
      ? `destroy: ${how.flag} ${quoteInput(value, 80)} is not the cluster's name; to destroy ${organization}/${clusterName}, confirm with its name: ${how.flag} ${clusterName}`
      : `destroy deletes every resource of ${organization}/${clusterName}: confirm with the cluster's name (${how.flag} ${clusterName}${how.input ? `, or input ${how.input}: ${clusterName}` : ''})`,
  );
}

/**
 * timeout and interval bound a Cluster API destroy's wait for CAPO's deletion; a destroy by any other
 * method waits for nothing, so there they would be ignored: refused, for the CLI and the action alike.
 */
export function refuseWaitOptionsOnDestroy(
  settings: Pick<DeploySettings, 'clusterApi' | 'kubespray'>,
  waitReady: { timeoutMs?: number; intervalMs?: number } | undefined,
  where: string,
  option: (name: 'timeout' | 'interval') => string,
): void {
  if (settings.clusterApi) return;
  const method = settings.kubespray ? 'kubespray' : 'none';
  const given = (['timeout', 'interval'] as const).find((name) => waitReady?.[`${name}Ms`] !== undefined);
  if (given)
    throw new UsageError(
      `${where}: ${option(given)} is an option of the readiness gate (deploy, upgrade, wait-ready), not destroy: a destroy with deployment.method ${method} waits for no cluster to become ready (a Cluster API destroy waits within them for CAPO's deletion)`,
    );
}

/**
 * After an upgrade to another version than the config names: the config must follow, or the next
 * deploy hands Kubespray the old kube_version (and check reports every kubelet as ahead of it).
 */
export function upgradeConfigNote(
  settings: Pick<DeploySettings, 'configPath' | 'kubernetesVersion' | 'configuredKubernetesVersion'>,
): string | undefined {
  const { configPath, kubernetesVersion, configuredKubernetesVersion } = settings;
  if (!configPath || !kubernetesVersion || configuredKubernetesVersion === kubernetesVersion) return undefined;
  return `The config still names ${configuredKubernetesVersion ? `v${configuredKubernetesVersion}` : 'no version'}: set opencenter.cluster.kubernetes.version to ${kubernetesVersion} in ${configPath}, and the module's kube_version where the OpenTofu code sets one: the next deploy refuses a version below what the cluster runs, and a module version other than the config's.`;
}

/** Where the etcd snapshots' passphrase comes from (the CLI's environment; the action's input of the same meaning). */
export const ETCD_SNAPSHOT_PASSPHRASE_ENV = 'CLUSTER_DEPLOY_ETCD_SNAPSHOT_PASSPHRASE';

export function clusterId(settings: Pick<DeploySettings, 'organization' | 'clusterName'>): string {
  return `${settings.organization}/${settings.clusterName}`;
}

/** Per-cluster runtime paths: resume state, run logs, the deploy's plan and the check's own (never the deploy's). */
export function runtimePaths(settings: DeploySettings): {
  statePath: string;
  logDir: string;
  planPath: string;
  driftPlanPath: string;
  lockPath: string;
} {
  const dir = path.join(settings.stateDir, settings.organization, settings.clusterName);
  // The binary plans hold every value in plain text: they stay in this private directory.
  return {
    statePath: path.join(dir, 'state.json'),
    logDir: path.join(dir, 'logs'),
    planPath: path.join(dir, 'tofu.plan'),
    driftPlanPath: path.join(dir, 'drift.plan'),
    lockPath: path.join(dir, 'deploy.lock'),
  };
}

function kubesprayRelease(
  config: ClusterConfig | undefined,
  configPath: string | undefined,
  clusterDir: string,
  env: NodeJS.ProcessEnv,
): KubesprayRelease {
  const kubespray = config?.deployment.kubespray;
  const field = (name: string) => `${configPath}: deployment.kubespray.${name}`;
  const version = kubespray?.version ? kubesprayTag(kubespray.version, field('version')) : undefined;
  const source = parseKubespraySource(kubespray?.source, kubespray?.sha256, {
    source: field('source'),
    sha256: field('sha256'),
  });
  const vendoredDir = path.join(clusterDir, 'kubespray');
  const cacheRoot = path.join(defaultCacheDir(env), 'kubespray');
  // A tree in the cluster dir wins (its version is checked by kubespray-fetch); else the cache's link.
  const vendored = statSync(vendoredDir, { throwIfNoEntry: false })?.isDirectory();
  const dir = vendored || !version ? vendoredDir : path.join(cacheRoot, version);
  return { version, source, vendoredDir, cacheRoot, dir };
}
