import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments, parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { writeFileAtomic } from '../../../src/core/lib/files.js';
import type { ApiServerStandIn, KubeObject, ResourceType } from './api-server.js';
import {
  CLUSTER,
  CLUSTER_NAME_LABEL,
  conditionOf,
  isPaused,
  KUBEADM_CONFIG,
  KUBEADM_CONFIG_TEMPLATE,
  KUBEADM_CONTROL_PLANE,
  MACHINE,
  MACHINE_DEPLOYMENT,
  NODE,
  OPENSTACK_CLUSTER,
  OPENSTACK_MACHINE,
  OPENSTACK_MACHINE_TEMPLATE,
  OPENSTACK_SERVER,
  PAUSED_ANNOTATION,
  PROVIDER,
  providersInstalled,
  SECRET,
} from './controllers.js';
import { MissingVariablesError, SubstitutionSyntaxError, substitute, templateVariables } from './envsubst.js';

/**
 * The `clusterctl` and `kind` stand-ins' commands. The executables in ./bin forward their argv,
 * working directory and environment to the sandbox cloud, which runs them here against its API
 * servers (found from the kubeconfig's server URL and client certificate, as the real tools would).
 */

export interface ToolRequest {
  tool: 'clusterctl' | 'kind';
  args: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  stdin?: string;
}

export interface ToolResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** What the commands need from the sandbox cloud. */
export interface CommandHost {
  createKindCluster(name: string, image: string): Promise<ApiServerStandIn>;
  kindCluster(name: string): ApiServerStandIn | undefined;
  kindClusterNames(): string[];
  deleteKindCluster(name: string): Promise<void>;
  /** The hosted API server a kubeconfig's server URL points at. */
  apiByUrl(url: string): ApiServerStandIn | undefined;
  /** An armed failure of the next `clusterctl move`: it stops after creating this many objects on the target. */
  takeMoveFault?(): number | undefined;
  /** Whether `docker pull` of this node image fails: the registry (or the runner's mirror) does not hold it. */
  nodeImageMissing?(image: string): boolean;
}

export const CLUSTERCTL_VERSION = 'v1.14.0';
export const CAPO_VERSION = 'v0.14.7';
const CERT_MANAGER_VERSION = 'v1.21.1';
export const KIND_NODE_IMAGE = 'kindest/node:v1.36.1';

/**
 * A user mistake: printed as the tool prints errors, exit code 1. `commandOutput`: what a command kind ran printed
 * (kind's exec.RunError), which kind shows after its ERROR line.
 */
class ToolError extends Error {
  constructor(
    message: string,
    readonly commandOutput?: string,
  ) {
    super(message);
  }
}

class Output {
  stdout = '';
  stderr = '';
  out(line = '') {
    this.stdout += `${line}\n`;
  }
  err(line = '') {
    this.stderr += `${line}\n`;
  }
}

export async function runTool(host: CommandHost, request: ToolRequest): Promise<ToolResult> {
  const output = new Output();
  try {
    if (request.tool === 'kind') await kind(host, request, output);
    else await clusterctl(host, request, output);
    return { stdout: output.stdout, stderr: output.stderr, exitCode: 0 };
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    // kind prints `ERROR: …`, then for a failed command a blank line and `Command Output: …` (kind v0.32.0
    // `cmd/kind/app/main.go` logError); clusterctl `Error: …` (cobra: `cmd/clusterctl/cmd/root.go` sets SilenceUsage,
    // not SilenceErrors, and Execute exits 1).
    output.err(request.tool === 'kind' ? `ERROR: ${error.message}` : `Error: ${error.message}`);
    if (request.tool === 'kind' && error.commandOutput !== undefined) {
      output.err();
      output.err(`Command Output: ${error.commandOutput}`);
    }
    return { stdout: output.stdout, stderr: output.stderr, exitCode: 1 };
  }
}

// ---------------------------------------------------------------------------------------------
// Flags

interface FlagSpec {
  /** Long name without dashes, and its one-letter alias. */
  [long: string]: { short?: string; boolean?: boolean };
}

interface Parsed {
  positional: string[];
  flags: Map<string, string[]>;
}

/** cobra/pflag-style parsing: `--flag value`, `--flag=value`, `-f value`, booleans, unknown flags rejected. */
function parseFlags(command: string, args: string[], specs: FlagSpec): Parsed {
  const positional: string[] = [];
  const flags = new Map<string, string[]>();
  const byShort = new Map(Object.entries(specs).flatMap(([long, s]) => (s.short ? [[s.short, long] as const] : [])));
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      positional.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positional.push(arg);
      continue;
    }
    const [rawName, inline] = arg.startsWith('--')
      ? [arg.slice(2).split('=')[0]!, arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : undefined]
      : [arg.slice(1, 2), arg.length > 2 ? arg.slice(2).replace(/^=/, '') : undefined];
    const long = arg.startsWith('--') ? rawName : byShort.get(rawName);
    const spec = long ? specs[long] : undefined;
    if (!long || !spec)
      throw new ToolError(
        `unknown ${arg.startsWith('--') ? 'flag' : 'shorthand flag'}: ${arg.startsWith('--') ? `--${rawName}` : `'${rawName}' in ${arg}`}\nRun '${command} --help' for usage.`,
      );
    let value: string;
    if (spec.boolean) value = inline ?? 'true';
    else if (inline !== undefined) value = inline;
    else {
      const next = args[i + 1];
      if (next === undefined) throw new ToolError(`flag needs an argument: --${long}`);
      value = next;
      i++;
    }
    flags.set(long, [...(flags.get(long) ?? []), value]);
  }
  return { positional, flags };
}

const flag = (parsed: Parsed, name: string) => parsed.flags.get(name)?.at(-1);
const booleanFlag = (parsed: Parsed, name: string) => flag(parsed, name) === 'true';

// ---------------------------------------------------------------------------------------------
// kubeconfig files

interface KubeconfigFile {
  clusters?: { name: string; cluster: { server?: string; 'certificate-authority-data'?: string } }[];
  users?: { name: string; user: { 'client-certificate-data'?: string; 'client-key-data'?: string } }[];
  contexts?: { name: string; context: { cluster: string; user: string; namespace?: string } }[];
  'current-context'?: string;
  [key: string]: unknown;
}

function homeKubeconfig(env: Record<string, string | undefined>): string {
  const first = env.KUBECONFIG?.split(path.delimiter).find((p) => p !== '');
  return first ?? path.join(env.HOME ?? '/root', '.kube', 'config');
}

async function readKubeconfig(file: string): Promise<KubeconfigFile | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new ToolError(
      `failed to load Kubeconfig file from "${file}": read ${file}: ${code === 'EISDIR' ? 'is a directory' : (error as Error).message}`,
    );
  }
  try {
    const parsed = parseYaml(text) as KubeconfigFile | null;
    if (parsed !== null && typeof parsed !== 'object') throw new Error('not a mapping');
    return parsed ?? {};
  } catch (error) {
    throw new ToolError(`failed to load Kubeconfig file from "${file}": ${(error as Error).message.split('\n')[0]}`);
  }
}

interface Connection {
  api: ApiServerStandIn;
  namespace: string;
}

/** The API server a kubeconfig (and optional context) points at, checked as the server would: its URL and client certificate. */
async function connect(
  host: CommandHost,
  file: string,
  contextName: string | undefined,
  what: string,
): Promise<Connection> {
  const config = await readKubeconfig(file);
  if (!config)
    throw new ToolError(`failed to load Kubeconfig file from "${file}": stat ${file}: no such file or directory`);
  const name = contextName ?? config['current-context'];
  if (!name)
    throw new ToolError(
      `failed to connect to the ${what}: invalid configuration: no configuration has been provided, try setting KUBERNETES_MASTER environment variable`,
    );
  const context = config.contexts?.find((c) => c.name === name)?.context;
  if (!context) throw new ToolError(`failed to connect to the ${what}: context "${name}" does not exist`);
  const cluster = config.clusters?.find((c) => c.name === context.cluster)?.cluster;
  const user = config.users?.find((u) => u.name === context.user)?.user;
  const server = cluster?.server ?? '';
  const api = host.apiByUrl(server);
  if (!api) {
    const address = server.replace(/^https?:\/\//, '');
    throw new ToolError(
      `failed to connect to the ${what}. Please check that the ${what} is accessible: Get "${server}/api?timeout=32s": dial tcp ${address}: connect: connection refused`,
    );
  }
  const certificate = user?.['client-certificate-data']
    ? Buffer.from(user['client-certificate-data'], 'base64').toString('utf8')
    : '';
  if (certificate.trim() !== api.clientCertPem.trim())
    throw new ToolError(`failed to connect to the ${what}: Unauthorized`);
  return { api, namespace: context.namespace ?? 'default' };
}

/** Adds or replaces the entries of `addition` in the kubeconfig file (kind's merge), written 0600. */
async function mergeKubeconfig(file: string, addition: KubeconfigFile, setCurrent: boolean): Promise<void> {
  const existing = (await readKubeconfig(file)) ?? {};
  const merge = <T extends { name: string }>(current: T[] | undefined, added: T[] | undefined) => [
    ...(current ?? []).filter((e) => !(added ?? []).some((a) => a.name === e.name)),
    ...(added ?? []),
  ];
  const merged: KubeconfigFile = {
    apiVersion: 'v1',
    kind: 'Config',
    ...existing,
    clusters: merge(existing.clusters, addition.clusters),
    users: merge(existing.users, addition.users),
    contexts: merge(existing.contexts, addition.contexts),
    'current-context': setCurrent ? addition['current-context'] : (existing['current-context'] ?? ''),
  };
  await fs.mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, stringifyYaml(merged));
}

async function removeFromKubeconfig(file: string, entry: string): Promise<void> {
  const existing = await readKubeconfig(file);
  if (!existing) return;
  const keep = <T extends { name: string }>(list: T[] | undefined) => (list ?? []).filter((e) => e.name !== entry);
  const next = {
    ...existing,
    clusters: keep(existing.clusters),
    users: keep(existing.users),
    contexts: keep(existing.contexts),
  };
  if (next['current-context'] === entry) next['current-context'] = '';
  await writeFileAtomic(file, stringifyYaml(next));
}

/** The API server's kubeconfig with cluster, user and context all named `name` (as kind writes them). */
function kubeconfigNamed(api: ApiServerStandIn, name: string): KubeconfigFile {
  const generated = parseYaml(api.kubeconfig(name)) as KubeconfigFile;
  return {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name, cluster: generated.clusters![0]!.cluster }],
    users: [{ name, user: generated.users![0]!.user }],
    contexts: [{ name, context: { cluster: name, user: name } }],
    'current-context': name,
    preferences: {},
  };
}

// ---------------------------------------------------------------------------------------------
// kind

/** `--config`: a kind Cluster config (kind.x-k8s.io/v1alpha4); the sandbox checks it and otherwise ignores it. */
async function readKindConfig(file: string): Promise<void> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ToolError(
      `failed to create cluster: error reading file: ${code === 'ENOENT' ? `open ${file}: no such file or directory` : code === 'EISDIR' ? `read ${file}: is a directory` : (error as Error).message}`,
    );
  }
  let config: { kind?: unknown; apiVersion?: unknown } | null;
  try {
    config = parseYaml(text) as typeof config;
  } catch (error) {
    throw new ToolError(`failed to create cluster: decoding failure: ${(error as Error).message.split('\n')[0]}`);
  }
  if (config?.kind !== 'Cluster' || config.apiVersion !== 'kind.x-k8s.io/v1alpha4')
    throw new ToolError(
      `failed to create cluster: unknown apiVersion/kind in ${file}: want kind.x-k8s.io/v1alpha4 Cluster`,
    );
}

const KIND_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

async function kind(host: CommandHost, request: ToolRequest, output: Output): Promise<void> {
  const [verb, noun, ...rest] = request.args;
  const resolve = (file: string) => path.resolve(request.cwd, file);
  if (verb === 'version') {
    output.out('kind v0.32.0 go1.25.3 linux/amd64');
    return;
  }
  if (verb === 'create' && noun === 'cluster') {
    const parsed = parseFlags('kind create cluster', rest, {
      name: { short: 'n' },
      kubeconfig: {},
      wait: {},
      image: {},
      config: {},
      retain: { boolean: true },
    });
    const name = flag(parsed, 'name') ?? request.env.KIND_CLUSTER_NAME ?? 'kind';
    if (!KIND_NAME.test(name) || name.length > 50)
      throw new ToolError(
        `failed to create cluster: '${name}' is not a valid cluster name, cluster names must match \`^[a-z0-9.-]+$\``,
      );
    const image = flag(parsed, 'image') ?? KIND_NODE_IMAGE;
    const wait = flag(parsed, 'wait');
    if (wait !== undefined && !/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$|^0$/.test(wait))
      throw new ToolError(`invalid argument "${wait}" for "--wait" flag: time: invalid duration "${wait}"`);
    const configFile = flag(parsed, 'config');
    if (configFile !== undefined) await readKindConfig(path.resolve(request.cwd, configFile));
    if (host.kindCluster(name))
      throw new ToolError(`failed to create cluster: node(s) already exist for a cluster with the name "${name}"`);
    output.err(`Creating cluster "${name}" ...`);
    if (host.nodeImageMissing?.(image)) {
      // kind v0.32.0 `pkg/cluster/internal/providers/docker/images.go`: the step's status ends with ✗ and the pull's
      // error is wrapped "failed to pull image"; `pkg/exec/types.go` RunError names the command; createcluster.go
      // wraps it all in "failed to create cluster". Docker's own answer for a tag the registry lacks: "manifest for
      // <image> not found: manifest unknown" (moby `integration-cli/docker_cli_pull_test.go`).
      output.err(` ✗ Ensuring node image (${image}) 🖼`);
      throw new ToolError(
        `failed to create cluster: failed to pull image "${image}": command "docker pull ${image}" failed with error: exit status 1`,
        `Error response from daemon: manifest for ${image} not found: manifest unknown: manifest unknown`,
      );
    }
    output.err(` ✓ Ensuring node image (${image}) 🖼`);
    const api = await host.createKindCluster(name, image);
    output.err(' ✓ Preparing nodes 📦');
    output.err(' ✓ Writing configuration 📜');
    output.err(' ✓ Starting control-plane 🕹️');
    output.err(' ✓ Installing CNI 🔌');
    output.err(' ✓ Installing StorageClass 💾');
    if (wait && !/^(0+(\.0+)?[a-zµ]*)+$/.test(wait)) {
      output.err(` ✓ Waiting ≤ ${wait} for control-plane = Ready ⏳`);
      output.err(' • Ready after 1s 💚');
    }
    const file = resolve(flag(parsed, 'kubeconfig') ?? homeKubeconfig(request.env));
    await mergeKubeconfig(file, kubeconfigNamed(api, `kind-${name}`), true);
    output.err(`Set kubectl context to "kind-${name}"`);
    output.err('You can now use your cluster with:');
    output.err('');
    output.err(
      `kubectl cluster-info --context kind-${name}${flag(parsed, 'kubeconfig') ? ` --kubeconfig ${flag(parsed, 'kubeconfig')}` : ''}`,
    );
    output.err('');
    output.err('Have a nice day! 👋');
    return;
  }
  if (verb === 'get' && noun === 'clusters') {
    parseFlags('kind get clusters', rest, {});
    const names = host.kindClusterNames();
    if (names.length === 0) output.err('No kind clusters found.');
    for (const name of names) output.out(name);
    return;
  }
  if (verb === 'get' && noun === 'kubeconfig') {
    const parsed = parseFlags('kind get kubeconfig', rest, { name: { short: 'n' }, internal: { boolean: true } });
    const name = flag(parsed, 'name') ?? request.env.KIND_CLUSTER_NAME ?? 'kind';
    const api = host.kindCluster(name);
    if (!api)
      throw new ToolError(
        `could not locate any control plane nodes for cluster named '${name}'. Use the --name option to select a different cluster`,
      );
    output.stdout += stringifyYaml(kubeconfigNamed(api, `kind-${name}`));
    return;
  }
  if (verb === 'export' && noun === 'kubeconfig') {
    const parsed = parseFlags('kind export kubeconfig', rest, {
      name: { short: 'n' },
      kubeconfig: {},
      internal: { boolean: true },
    });
    const name = flag(parsed, 'name') ?? request.env.KIND_CLUSTER_NAME ?? 'kind';
    const api = host.kindCluster(name);
    if (!api)
      throw new ToolError(
        `could not locate any control plane nodes for cluster named '${name}'. Use the --name option to select a different cluster`,
      );
    await mergeKubeconfig(
      resolve(flag(parsed, 'kubeconfig') ?? homeKubeconfig(request.env)),
      kubeconfigNamed(api, `kind-${name}`),
      true,
    );
    output.err(`Set kubectl context to "kind-${name}"`);
    return;
  }
  if (verb === 'delete' && noun === 'cluster') {
    const parsed = parseFlags('kind delete cluster', rest, { name: { short: 'n' }, kubeconfig: {} });
    const name = flag(parsed, 'name') ?? request.env.KIND_CLUSTER_NAME ?? 'kind';
    output.err(`Deleting cluster "${name}" ...`);
    if (host.kindCluster(name)) {
      await host.deleteKindCluster(name);
      output.err(`Deleted nodes: ["${name}-control-plane"]`);
    }
    await removeFromKubeconfig(resolve(flag(parsed, 'kubeconfig') ?? homeKubeconfig(request.env)), `kind-${name}`);
    return;
  }
  throw new ToolError(
    `unknown command "${[verb, noun].filter(Boolean).join(' ')}" for "kind" (the sandbox kind supports create cluster, get clusters, get kubeconfig, export kubeconfig, delete cluster, version)`,
  );
}

// ---------------------------------------------------------------------------------------------
// clusterctl

async function clusterctl(host: CommandHost, request: ToolRequest, output: Output): Promise<void> {
  const [verb, ...rest] = request.args;
  switch (verb) {
    case 'version':
      return version(rest, output);
    case 'init':
      return init(host, request, rest, output);
    case 'generate':
      if (rest[0] !== 'cluster')
        throw new ToolError(
          `unknown command "${rest[0] ?? ''}" for "clusterctl generate" (the sandbox clusterctl supports generate cluster)`,
        );
      return generateCluster(request, rest.slice(1), output);
    case 'get':
      if (rest[0] !== 'kubeconfig') throw new ToolError(`unknown command "${rest[0] ?? ''}" for "clusterctl get"`);
      return getKubeconfig(host, request, rest.slice(1), output);
    case 'move':
      return move(host, request, rest, output);
    case 'describe':
      if (rest[0] !== 'cluster') throw new ToolError(`unknown command "${rest[0] ?? ''}" for "clusterctl describe"`);
      return describeCluster(host, request, rest.slice(1), output);
    default:
      throw new ToolError(
        `unknown command "${verb ?? ''}" for "clusterctl" (the sandbox clusterctl supports version, init, generate cluster, get kubeconfig, describe cluster, move)`,
      );
  }
}

function version(args: string[], output: Output): void {
  const parsed = parseFlags('clusterctl version', args, { output: { short: 'o' } });
  const info = {
    major: '1',
    minor: '14',
    gitVersion: CLUSTERCTL_VERSION,
    gitCommit: 'sandbox',
    gitTreeState: 'clean',
    buildDate: '2026-08-12T00:00:00Z',
    goVersion: 'go1.25.3',
    compiler: 'gc',
    platform: 'linux/amd64',
  };
  const format = flag(parsed, 'output');
  if (format === 'json') output.out(JSON.stringify({ clusterctl: info }, null, 2));
  else if (format === 'yaml') output.stdout += stringifyYaml({ clusterctl: info });
  else if (format === 'short') output.out(CLUSTERCTL_VERSION);
  else if (format !== undefined) throw new ToolError(`invalid output format: ${format}`);
  else
    output.out(
      `clusterctl version: &version.Info{Major:"1", Minor:"14", GitVersion:"${CLUSTERCTL_VERSION}", GitCommit:"sandbox", GitTreeState:"clean", BuildDate:"${info.buildDate}", GoVersion:"go1.25.3", Compiler:"gc", Platform:"linux/amd64"}`,
    );
}

interface ProviderKind {
  /** The flag's provider name (`openstack`, `kubeadm`, `cluster-api`). */
  name: string;
  type: 'CoreProvider' | 'BootstrapProvider' | 'ControlPlaneProvider' | 'InfrastructureProvider';
  /** Inventory object name (`infrastructure-openstack`). */
  label: string;
  namespace: string;
  controller: string;
  latest: string;
  types: Omit<ResourceType, 'group'>[];
  group: string;
}

/** `additionalPrinterColumns` (after Name) as the providers' CRDs declare them, shortened. */
type Column = [name: string, jsonPath: string, type?: 'string' | 'integer' | 'date' | 'boolean'];
const AGE: Column = ['Age', '.metadata.creationTimestamp', 'date'];
const AVAILABLE: Column = ['Available', '.status.conditions[?(@.type=="Available")].status'];
const COLUMNS: Record<string, Column[]> = {
  Cluster: [
    AVAILABLE,
    ['CP Desired', '.status.controlPlane.desiredReplicas', 'integer'],
    ['CP Available', '.status.controlPlane.availableReplicas', 'integer'],
    ['W Desired', '.status.workers.desiredReplicas', 'integer'],
    ['W Available', '.status.workers.availableReplicas', 'integer'],
    ['Phase', '.status.phase'],
    AGE,
  ],
  Machine: [
    ['Cluster', '.spec.clusterName'],
    ['Node Name', '.status.nodeRef.name'],
    ['Ready', '.status.conditions[?(@.type=="Ready")].status'],
    ['Phase', '.status.phase'],
    AGE,
    ['Version', '.spec.version'],
  ],
  MachineDeployment: [
    ['Cluster', '.spec.clusterName'],
    AVAILABLE,
    ['Desired', '.spec.replicas', 'integer'],
    ['Current', '.status.replicas', 'integer'],
    ['Ready', '.status.readyReplicas', 'integer'],
    ['Phase', '.status.phase'],
    AGE,
    ['Version', '.spec.template.spec.version'],
  ],
  KubeadmControlPlane: [
    ['Initialized', '.status.initialization.controlPlaneInitialized', 'boolean'],
    AVAILABLE,
    ['Desired', '.spec.replicas', 'integer'],
    ['Current', '.status.replicas', 'integer'],
    ['Ready', '.status.readyReplicas', 'integer'],
    AGE,
    ['Version', '.spec.version'],
  ],
  OpenStackCluster: [
    ['Ready', '.status.ready', 'boolean'],
    ['Network', '.status.network.id'],
    ['Endpoint', '.spec.controlPlaneEndpoint.host'],
    AGE,
  ],
  OpenStackMachine: [
    ['InstanceState', '.status.instanceState'],
    ['Ready', '.status.ready', 'boolean'],
    ['ProviderID', '.spec.providerID'],
    AGE,
  ],
  OpenStackServer: [['InstanceState', '.status.instanceState'], ['Ready', '.status.ready', 'boolean'], AGE],
  Provider: [AGE, ['Type', '.type'], ['Provider', '.providerName'], ['Version', '.version']],
};

const PROVIDERS: ProviderKind[] = [
  {
    name: 'cluster-api',
    type: 'CoreProvider',
    label: 'cluster-api',
    namespace: 'capi-system',
    controller: 'capi-controller-manager',
    latest: CLUSTERCTL_VERSION,
    group: 'cluster.x-k8s.io',
    types: [
      {
        version: 'v1beta2',
        kind: 'Cluster',
        plural: 'clusters',
        namespaced: true,
        shortNames: ['cl'],
        categories: ['cluster-api'],
      },
      {
        version: 'v1beta2',
        kind: 'Machine',
        plural: 'machines',
        namespaced: true,
        shortNames: ['ma'],
        categories: ['cluster-api'],
      },
      {
        version: 'v1beta2',
        kind: 'MachineSet',
        plural: 'machinesets',
        namespaced: true,
        shortNames: ['ms'],
        categories: ['cluster-api'],
      },
      {
        version: 'v1beta2',
        kind: 'MachineDeployment',
        plural: 'machinedeployments',
        namespaced: true,
        shortNames: ['md'],
        categories: ['cluster-api'],
      },
      {
        version: 'v1beta2',
        kind: 'MachineHealthCheck',
        plural: 'machinehealthchecks',
        namespaced: true,
        shortNames: ['mhc'],
        categories: ['cluster-api'],
      },
    ],
  },
  {
    name: 'kubeadm',
    type: 'BootstrapProvider',
    label: 'bootstrap-kubeadm',
    namespace: 'capi-kubeadm-bootstrap-system',
    controller: 'capi-kubeadm-bootstrap-controller-manager',
    latest: CLUSTERCTL_VERSION,
    group: 'bootstrap.cluster.x-k8s.io',
    types: [
      {
        version: 'v1beta2',
        kind: 'KubeadmConfig',
        plural: 'kubeadmconfigs',
        namespaced: true,
        categories: ['cluster-api'],
      },
      {
        version: 'v1beta2',
        kind: 'KubeadmConfigTemplate',
        plural: 'kubeadmconfigtemplates',
        namespaced: true,
        categories: ['cluster-api'],
      },
    ],
  },
  {
    name: 'kubeadm',
    type: 'ControlPlaneProvider',
    label: 'control-plane-kubeadm',
    namespace: 'capi-kubeadm-control-plane-system',
    controller: 'capi-kubeadm-control-plane-controller-manager',
    latest: CLUSTERCTL_VERSION,
    group: 'controlplane.cluster.x-k8s.io',
    types: [
      {
        version: 'v1beta2',
        kind: 'KubeadmControlPlane',
        plural: 'kubeadmcontrolplanes',
        namespaced: true,
        shortNames: ['kcp'],
        categories: ['cluster-api'],
      },
      {
        version: 'v1beta2',
        kind: 'KubeadmControlPlaneTemplate',
        plural: 'kubeadmcontrolplanetemplates',
        namespaced: true,
        categories: ['cluster-api'],
      },
    ],
  },
  {
    name: 'openstack',
    type: 'InfrastructureProvider',
    label: 'infrastructure-openstack',
    namespace: 'capo-system',
    controller: 'capo-controller-manager',
    latest: CAPO_VERSION,
    group: 'infrastructure.cluster.x-k8s.io',
    types: [
      {
        version: 'v1beta1',
        kind: 'OpenStackCluster',
        plural: 'openstackclusters',
        namespaced: true,
        shortNames: ['osc'],
        categories: ['cluster-api'],
      },
      {
        version: 'v1beta1',
        kind: 'OpenStackClusterTemplate',
        plural: 'openstackclustertemplates',
        namespaced: true,
        categories: ['cluster-api'],
      },
      {
        version: 'v1beta1',
        kind: 'OpenStackMachine',
        plural: 'openstackmachines',
        namespaced: true,
        shortNames: ['osm'],
        categories: ['cluster-api'],
      },
      {
        version: 'v1beta1',
        kind: 'OpenStackMachineTemplate',
        plural: 'openstackmachinetemplates',
        namespaced: true,
        shortNames: ['osmt'],
        categories: ['cluster-api'],
      },
      {
        version: 'v1alpha1',
        kind: 'OpenStackServer',
        plural: 'openstackservers',
        namespaced: true,
        categories: ['cluster-api'],
      },
    ],
  },
];

const INVENTORY_TYPE: ResourceType = {
  group: 'clusterctl.cluster.x-k8s.io',
  version: 'v1alpha3',
  kind: 'Provider',
  plural: 'providers',
  namespaced: true,
  categories: ['cluster-api'],
};
const CERT_MANAGER_TYPES: ResourceType[] = ['Certificate', 'Issuer', 'ClusterIssuer', 'CertificateRequest'].map(
  (kind) => ({
    group: 'cert-manager.io',
    version: 'v1',
    kind,
    plural: `${kind.toLowerCase()}s`,
    namespaced: kind !== 'ClusterIssuer',
  }),
);
const SEMVER = /^v\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

/** Stores a type's CustomResourceDefinition (the server then serves the type), as applying a provider's components does. */
function installType(api: ApiServerStandIn, type: ResourceType, labels: Record<string, string>): void {
  const additionalPrinterColumns = (COLUMNS[type.kind] ?? []).map(([name, jsonPath, columnType]) => ({
    name,
    jsonPath,
    type: columnType ?? 'string',
  }));
  api.put({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${type.plural}.${type.group}`, labels },
    spec: {
      group: type.group,
      names: {
        kind: type.kind,
        plural: type.plural,
        singular: type.kind.toLowerCase(),
        ...(type.shortNames ? { shortNames: type.shortNames } : {}),
        ...(type.categories ? { categories: type.categories } : {}),
      },
      scope: type.namespaced ? 'Namespaced' : 'Cluster',
      versions: [
        {
          name: type.version,
          served: true,
          storage: true,
          schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
          subresources: { status: {} },
          ...(additionalPrinterColumns.length > 0 ? { additionalPrinterColumns } : {}),
        },
      ],
    },
  });
}

function installController(
  api: ApiServerStandIn,
  namespace: string,
  name: string,
  image: string,
  labels: Record<string, string>,
): void {
  api.put({
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name: namespace, labels },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  });
  api.put({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace, labels },
    spec: {
      replicas: 1,
      selector: { matchLabels: { 'control-plane': 'controller-manager' } },
      template: {
        metadata: { labels: { 'control-plane': 'controller-manager' } },
        spec: { containers: [{ name: 'manager', image }] },
      },
    },
    status: {
      observedGeneration: 1,
      replicas: 1,
      readyReplicas: 1,
      availableReplicas: 1,
      updatedReplicas: 1,
      conditions: [{ type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable' }],
    },
  });
  // Its pod, so `kubectl logs` finds the manager (the sandbox cloud serves the simulated controllers' log for CAPO's).
  const podName = `${name}-${createHash('sha256').update(`${namespace}/${name}`).digest('hex').slice(0, 10)}-${createHash('sha256').update(image).digest('hex').slice(0, 5)}`;
  api.put({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: podName, namespace, labels: { ...labels, 'control-plane': 'controller-manager' } },
    spec: { containers: [{ name: 'manager', image }] },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
  });
}

/** How long the stand-in waits for cert-manager to schedule: real clusterctl waits 10 minutes (`CertManagerDefaultTimeout`). */
const CERT_MANAGER_WAIT_MS = 2000;

/**
 * clusterctl waits until cert-manager's webhook answers (it creates test resources until one succeeds,
 * `cmd/clusterctl/client/cluster/cert_manager.go` waitForAPIReady) and fails with "context deadline exceeded" when
 * the wait times out. cert-manager's pods tolerate no taint, so on a cluster whose every node is tainted NoSchedule
 * (control-plane-only, or still `uninitialized` without a cloud controller manager) they never run: CAPI's move
 * doc says `clusterctl init` then times out (`docs/book/src/clusterctl/commands/move.md:101-102`).
 */
async function waitForCertManager(api: ApiServerStandIn): Promise<void> {
  const schedulable = () =>
    api.list(NODE).some((node) => {
      const taints = ((node.spec as { taints?: { effect?: string }[] } | undefined)?.taints ?? []).filter(
        (t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute',
      );
      const ready = (
        (node.status as { conditions?: { type: string; status: string }[] } | undefined)?.conditions ?? []
      ).some((c) => c.type === 'Ready' && c.status === 'True');
      return taints.length === 0 && ready;
    });
  const deadline = Date.now() + CERT_MANAGER_WAIT_MS;
  while (!schedulable()) {
    if (Date.now() > deadline) throw new ToolError('context deadline exceeded');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function init(host: CommandHost, request: ToolRequest, args: string[], output: Output): Promise<void> {
  const parsed = parseFlags('clusterctl init', args, {
    core: {},
    bootstrap: { short: 'b' },
    'control-plane': { short: 'c' },
    infrastructure: { short: 'i' },
    ipam: {},
    'runtime-extension': {},
    addon: {},
    'target-namespace': { short: 'n' },
    'wait-providers': { boolean: true },
    'wait-provider-timeout': {},
    validate: { boolean: true },
    kubeconfig: {},
    'kubeconfig-context': {},
    config: {},
    verbosity: { short: 'v' },
  });
  if (parsed.positional.length > 0)
    throw new ToolError(`unknown command "${parsed.positional[0]}" for "clusterctl init"`);
  const timeout = flag(parsed, 'wait-provider-timeout');
  if (timeout !== undefined && !/^\d+$/.test(timeout))
    throw new ToolError(
      `invalid argument "${timeout}" for "--wait-provider-timeout" flag: strconv.ParseInt: parsing "${timeout}": invalid syntax`,
    );
  const kubeconfigFile = path.resolve(request.cwd, flag(parsed, 'kubeconfig') ?? homeKubeconfig(request.env));
  const { api } = await connect(host, kubeconfigFile, flag(parsed, 'kubeconfig-context'), 'management cluster');
  const firstInit = !api.list(PROVIDER).some((p) => p.type === 'CoreProvider');
  const requested = (name: string) =>
    (parsed.flags.get(name) ?? []).flatMap((v) => v.split(',')).filter((v) => v !== '');
  const wanted: { kind: ProviderKind; version: string }[] = [];
  const add = (type: ProviderKind['type'], specs: string[], defaults: boolean) => {
    const list = specs.length === 0 && defaults ? [PROVIDERS.find((p) => p.type === type)!.name] : specs;
    for (const item of list) {
      if (item === '-') continue;
      const colon = item.indexOf(':');
      const [name, versionText] = colon < 0 ? [item, undefined] : [item.slice(0, colon), item.slice(colon + 1)];
      const kind = PROVIDERS.find((p) => p.type === type && p.name === name);
      if (!kind)
        throw new ToolError(
          `failed to get configuration for the ${type} with name ${name}. Please check the provider name and/or add configuration for new providers using the .clusterctl config file`,
        );
      const version = versionText ?? kind.latest;
      if (!SEMVER.test(version))
        throw new ToolError(
          `failed to parse version "${version}" for provider "${kind.label}": invalid semantic version`,
        );
      wanted.push({ kind, version });
    }
  };
  add('CoreProvider', requested('core'), firstInit);
  add('BootstrapProvider', requested('bootstrap'), firstInit);
  add('ControlPlaneProvider', requested('control-plane'), firstInit);
  add('InfrastructureProvider', requested('infrastructure'), false);
  if (wanted.length === 0)
    throw new ToolError(
      'at least one provider should be specified with --core, --bootstrap, --control-plane or --infrastructure, or this should be the first init',
    );

  output.out('Fetching providers');
  // Every check before any change: a version mismatch leaves the cluster as it was.
  const plan = wanted.map(({ kind, version }) => {
    const namespace = flag(parsed, 'target-namespace') ?? kind.namespace;
    const installed = api.list(PROVIDER).find((p) => p.metadata.name === kind.label);
    if (installed && (installed.version !== version || installed.metadata.namespace !== namespace)) {
      throw new ToolError(
        `installing provider "${kind.label}:${version}" can lead to a non functioning management cluster: there is already an instance of the "${kind.label}" provider installed in the "${installed.metadata.namespace}" namespace`,
      );
    }
    return { kind, version, namespace, skip: installed !== undefined };
  });
  if (api.list({ group: 'apps', kind: 'Deployment' }, 'cert-manager').length > 0)
    output.out('Skipping installing cert-manager as it is already installed');
  else {
    output.out(`Installing cert-manager version="${CERT_MANAGER_VERSION}"`);
    for (const type of CERT_MANAGER_TYPES) installType(api, type, { 'app.kubernetes.io/instance': 'cert-manager' });
    for (const name of ['cert-manager', 'cert-manager-cainjector', 'cert-manager-webhook'])
      installController(api, 'cert-manager', name, `quay.io/jetstack/${name}:${CERT_MANAGER_VERSION}`, {
        'app.kubernetes.io/instance': 'cert-manager',
      });
    output.out('Waiting for cert-manager to be available...');
    await waitForCertManager(api);
  }
  installType(api, INVENTORY_TYPE, { 'clusterctl.cluster.x-k8s.io/core': 'inventory' });
  for (const { kind, version, namespace, skip } of plan) {
    if (skip) {
      output.out(
        `Skipping installing provider="${kind.label}" version="${version}" targetNamespace="${namespace}" as it is already installed`,
      );
      continue;
    }
    output.out(`Installing provider="${kind.label}" version="${version}" targetNamespace="${namespace}"`);
    const labels = { 'cluster.x-k8s.io/provider': kind.label, 'clusterctl.cluster.x-k8s.io': '' };
    for (const type of kind.types) installType(api, { group: kind.group, ...type }, labels);
    installController(
      api,
      namespace,
      kind.controller,
      `registry.k8s.io/${kind.name === 'openstack' ? 'capi-openstack/capi-openstack-controller' : `cluster-api/${kind.controller.replace(/-manager$/, '')}`}:${version}`,
      labels,
    );
    api.put({
      apiVersion: 'clusterctl.cluster.x-k8s.io/v1alpha3',
      kind: 'Provider',
      metadata: { name: kind.label, namespace, labels },
      providerName: kind.name,
      type: kind.type,
      version,
    });
  }
  if (booleanFlag(parsed, 'wait-providers')) output.out('Waiting for providers to be available...');
  if (plan.every((p) => p.skip)) return;
  output.out('');
  output.out('Your management cluster has been initialized successfully!');
  output.out('');
  output.out('You can now create your first workload cluster by running the following:');
  output.out('');
  output.out('  clusterctl generate cluster [name] --kubernetes-version [version] | kubectl apply -f -');
  output.out('');
}

const DNS1123 = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const COUNT = /^\d+$/;

/** `$XDG_CONFIG_HOME/cluster-api/clusterctl.yaml` (or `--config`): variables after the environment. */
async function configVariables(request: ToolRequest, configFlag: string | undefined): Promise<Record<string, string>> {
  const file = configFlag
    ? path.resolve(request.cwd, configFlag)
    : path.join(
        request.env.XDG_CONFIG_HOME ?? path.join(request.env.HOME ?? '/root', '.config'),
        'cluster-api',
        'clusterctl.yaml',
      );
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !configFlag) return {};
    throw new ToolError(
      `failed to initialize the configuration reader: failed to read the clusterctl config file ${file}: ${(error as Error).message}`,
    );
  }
  const parsed = parseYaml(text) as Record<string, unknown> | null;
  return Object.fromEntries(
    Object.entries(parsed ?? {})
      .filter(([, v]) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
      .map(([k, v]) => [k, String(v)]),
  );
}

/** Kinds clusterctl treats as cluster-scoped (`cmd/clusterctl/internal/util/objs.go` IsResourceNamespaced). */
const CLUSTER_SCOPED_KINDS = new Set([
  'Namespace',
  'Node',
  'PersistentVolume',
  'PodSecurityPolicy',
  'CertificateSigningRequest',
  'ClusterRoleBinding',
  'ClusterRole',
  'VolumeAttachment',
  'StorageClass',
  'CSIDriver',
  'CSINode',
  'ValidatingWebhookConfiguration',
  'MutatingWebhookConfiguration',
  'CustomResourceDefinition',
  'PriorityClass',
  'RuntimeClass',
]);

/**
 * What clusterctl does with the substituted text (`cmd/clusterctl/client/repository/template.go:129-150`): each
 * document is unmarshalled by sigs.k8s.io/yaml (go-yaml v2, so YAML 1.1: `yes`, `on`, `true` are booleans, `2` an
 * integer, an unquoted `a, b` one string), every namespaced object is put in the target namespace
 * (`components.go` fixTargetNamespace), and the objects are marshalled again (keys sorted) and joined with `---`
 * (`util/yaml/yaml.go` ToUnstructured, FromUnstructured, JoinYaml).
 */
function reserialize(text: string, targetNamespace: string): string {
  const documents = parseAllDocuments(text, { version: '1.1' });
  const objects: Record<string, unknown>[] = [];
  for (const [index, document] of documents.entries()) {
    if (document.errors.length > 0)
      throw new ToolError(
        `failed to parse yaml: failed to unmarshal the ${ordinal(index + 1)} yaml document: ${document.errors[0]!.message.split('\n')[0]}`,
      );
    const value = document.toJS() as unknown;
    if (value === null || value === undefined) continue;
    if (typeof value !== 'object' || Array.isArray(value))
      throw new ToolError(
        `failed to parse yaml: failed to unmarshal the ${ordinal(index + 1)} yaml document: error unmarshaling JSON: json: cannot unmarshal ${Array.isArray(value) ? 'array' : typeof value} into Go value of type map[string]interface {}`,
      );
    const object = value as { kind?: string; metadata?: Record<string, unknown> };
    if (object.kind === 'Namespace') object.metadata = { ...object.metadata, name: targetNamespace };
    if (!CLUSTER_SCOPED_KINDS.has(String(object.kind)))
      object.metadata = { ...object.metadata, namespace: targetNamespace };
    objects.push(object as Record<string, unknown>);
  }
  return objects
    .map((o) => `\n${stringifyYaml(o, { sortMapEntries: true, version: '1.1', lineWidth: 0 })}`)
    .join('---');
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

async function generateCluster(request: ToolRequest, args: string[], output: Output): Promise<void> {
  const parsed = parseFlags('clusterctl generate cluster', args, {
    'kubernetes-version': {},
    'control-plane-machine-count': {},
    'worker-machine-count': {},
    'target-namespace': { short: 'n' },
    from: {},
    'from-config-map': {},
    flavor: { short: 'f' },
    infrastructure: { short: 'i' },
    'list-variables': { boolean: true },
    'write-to': {},
    kubeconfig: {},
    config: {},
    verbosity: { short: 'v' },
  });
  const [name, ...extra] = parsed.positional;
  if (!name || extra.length > 0) throw new ToolError(`accepts 1 arg(s), received ${parsed.positional.length}`);
  if (!DNS1123.test(name) || name.length > 63)
    throw new ToolError(
      `invalid cluster name "${name}": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character`,
    );
  const targetNamespace = flag(parsed, 'target-namespace');
  if (targetNamespace !== undefined && (!DNS1123_LABEL.test(targetNamespace) || targetNamespace.length > 63))
    throw new ToolError(
      `invalid target namespace "${targetNamespace}": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character`,
    );
  const from = flag(parsed, 'from');
  if (!from) throw new ToolError('the sandbox clusterctl cannot fetch templates from GitHub: use --from <file>');
  let template: string;
  if (from === '-') template = request.stdin ?? '';
  else {
    const file = path.resolve(request.cwd, from);
    try {
      template = await fs.readFile(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ToolError(
        `failed to read "${from}" from local disk: ${code === 'ENOENT' ? `open ${file}: no such file or directory` : code === 'EISDIR' ? `read ${file}: is a directory` : (error as Error).message}`,
      );
    }
  }
  const kubernetesVersion = flag(parsed, 'kubernetes-version');
  if (
    kubernetesVersion !== undefined &&
    !SEMVER.test(kubernetesVersion.startsWith('v') ? kubernetesVersion : `v${kubernetesVersion}`)
  )
    throw new ToolError(`invalid KubernetesVersion. Please use a semantic version number`);
  for (const countFlag of ['control-plane-machine-count', 'worker-machine-count']) {
    const value = flag(parsed, countFlag);
    if (value !== undefined && !COUNT.test(value))
      throw new ToolError(
        `invalid argument "${value}" for "--${countFlag}" flag: strconv.ParseInt: parsing "${value}": invalid syntax`,
      );
  }
  const fromFile = Object.fromEntries(
    Object.entries(await configVariables(request, flag(parsed, 'config'))).map(([k, v]) => [k.toUpperCase(), v]),
  );
  // viper, as clusterctl configures it: keys are case-insensitive, the environment is read under the upper-cased
  // name with "-" as "_", and an empty variable is set (AllowEmptyEnv) (`cmd/clusterctl/client/config/reader_viper.go`).
  const env = (key: string) => {
    const viperKey = key.toUpperCase().replace(/-/g, '_');
    return request.env[viperKey] ?? fromFile[viperKey];
  };
  // The flags win; without one, the environment; then clusterctl's defaults.
  const flagVariables: Record<string, string> = {
    CLUSTER_NAME: name,
    NAMESPACE: targetNamespace ?? 'default',
    CONTROL_PLANE_MACHINE_COUNT:
      flag(parsed, 'control-plane-machine-count') ?? env('CONTROL_PLANE_MACHINE_COUNT') ?? '1',
    WORKER_MACHINE_COUNT: flag(parsed, 'worker-machine-count') ?? env('WORKER_MACHINE_COUNT') ?? '0',
    ...(kubernetesVersion !== undefined ? { KUBERNETES_VERSION: kubernetesVersion } : {}),
  };
  const lookup = (key: string) => flagVariables[key] ?? env(key);
  if (booleanFlag(parsed, 'list-variables')) {
    const variables = templateVariables(template);
    const required = variables.filter((v) => v.defaultValue === undefined && flagVariables[v.name] === undefined);
    const optional = variables.filter((v) => v.defaultValue !== undefined || flagVariables[v.name] !== undefined);
    const width = Math.max(0, ...optional.map((v) => v.name.length));
    output.out('Required Variables:');
    for (const v of required) output.out(`  - ${v.name}`);
    output.out('');
    output.out('Optional Variables:');
    for (const v of optional)
      output.out(
        `  - ${v.name.padEnd(width)}  (defaults to ${JSON.stringify(flagVariables[v.name] ?? v.defaultValue)})`,
      );
    output.out('');
    return;
  }
  let substituted: string;
  try {
    substituted = substitute(template, lookup);
  } catch (error) {
    if (error instanceof MissingVariablesError)
      throw new ToolError(`failed to perform variable substitution: ${error.message}`);
    if (error instanceof SubstitutionSyntaxError) throw new ToolError(error.message);
    throw error;
  }
  // Without --target-namespace clusterctl takes the kubeconfig's current namespace, else "default"
  // (`cmd/clusterctl/client/config.go` GetClusterTemplate); the sandbox's kubeconfigs set none.
  const rendered = reserialize(substituted, targetNamespace ?? 'default');
  const writeTo = flag(parsed, 'write-to');
  if (writeTo) await writeFileAtomic(path.resolve(request.cwd, writeTo), rendered, 0o644);
  else output.stdout += rendered.endsWith('\n') ? rendered : `${rendered}\n`;
}

async function getKubeconfig(host: CommandHost, request: ToolRequest, args: string[], output: Output): Promise<void> {
  const parsed = parseFlags('clusterctl get kubeconfig', args, {
    namespace: { short: 'n' },
    kubeconfig: {},
    'kubeconfig-context': {},
    intent: {},
  });
  const [name] = parsed.positional;
  if (!name || parsed.positional.length > 1)
    throw new ToolError(`accepts 1 arg(s), received ${parsed.positional.length}`);
  const { api, namespace: contextNamespace } = await connect(
    host,
    path.resolve(request.cwd, flag(parsed, 'kubeconfig') ?? homeKubeconfig(request.env)),
    flag(parsed, 'kubeconfig-context'),
    'management cluster',
  );
  const namespace = flag(parsed, 'namespace') ?? contextNamespace;
  if (!api.get(CLUSTER, namespace, name))
    throw new ToolError(
      `failed to get kubeconfig for cluster "${name}" in namespace "${namespace}": clusters.cluster.x-k8s.io "${name}" not found`,
    );
  const secret = api.get(SECRET, namespace, `${name}-kubeconfig`);
  const value = (secret?.data as Record<string, string> | undefined)?.value;
  if (!value)
    throw new ToolError(
      `failed to get kubeconfig for cluster "${name}" in namespace "${namespace}": secrets "${name}-kubeconfig" not found`,
    );
  output.stdout += Buffer.from(value, 'base64').toString('utf8');
}

/** `5s`, `3m`, `2h`, `4d`: how clusterctl describe shows a condition's age. */
function since(timestamp: string | undefined): string {
  if (!timestamp) return '';
  const seconds = Math.max(0, Math.round((Date.now() - Date.parse(timestamp)) / 1000));
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 7200) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 172800) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86400)}d`;
}

/** `clusterctl describe cluster`: the tree of a Cluster's objects with their replicas and summary condition (no grouping). */
async function describeCluster(host: CommandHost, request: ToolRequest, args: string[], output: Output): Promise<void> {
  const parsed = parseFlags('clusterctl describe cluster', args, {
    namespace: { short: 'n' },
    kubeconfig: {},
    'kubeconfig-context': {},
    'show-conditions': {},
    grouping: { boolean: true },
    echo: { boolean: true },
    'disable-no-echo': { boolean: true },
    color: { short: 'c', boolean: true },
    'show-machinesets': { boolean: true },
    'show-templates': { boolean: true },
    'show-resources': {},
    v1beta2: { boolean: true },
  });
  const [name] = parsed.positional;
  if (!name || parsed.positional.length > 1) throw new ToolError('please specify a cluster name');
  const { api, namespace: contextNamespace } = await connect(
    host,
    path.resolve(request.cwd, flag(parsed, 'kubeconfig') ?? homeKubeconfig(request.env)),
    flag(parsed, 'kubeconfig-context'),
    'management cluster',
  );
  const namespace = flag(parsed, 'namespace') ?? contextNamespace;
  const cluster = api.get(CLUSTER, namespace, name);
  if (!cluster) throw new ToolError(`clusters.cluster.x-k8s.io "${name}" not found`);
  const ofCluster = (object: KubeObject) => object.metadata.labels?.[CLUSTER_NAME_LABEL] === name;
  const counts = (object: KubeObject, desired?: boolean) => {
    const s = (object.status ?? {}) as {
      replicas?: number;
      availableReplicas?: number;
      readyReplicas?: number;
      upToDateReplicas?: number;
    };
    const wanted = (object.spec as { replicas?: number } | undefined)?.replicas;
    return [
      desired ? `${s.replicas ?? 0}/${wanted ?? 0}` : '1',
      String(s.availableReplicas ?? 0),
      String(s.readyReplicas ?? 0),
      String(s.upToDateReplicas ?? 0),
    ];
  };
  const summary = (object: KubeObject, type: string): string[] => {
    const c = conditionOf(object, type);
    return c
      ? [`${type}: ${c.status}`, c.reason, since(c.lastTransitionTime), (c.message ?? '').split('\n')[0]!]
      : ['', '', '', ''];
  };
  const machineCounts = (machine: KubeObject) => {
    const ready = conditionOf(machine, 'Ready')?.status === 'True' ? '1' : '0';
    return ['', ready, ready, '1'];
  };
  const rows: string[][] = [
    ['NAME', 'REPLICAS', 'AVAILABLE', 'READY', 'UP TO DATE', 'STATUS', 'REASON', 'SINCE', 'MESSAGE'],
  ];
  const workersSum = (cluster.status as { workers?: { replicas?: number; desiredReplicas?: number } } | undefined)
    ?.workers;
  const controlPlaneSum = (
    cluster.status as { controlPlane?: { replicas?: number; desiredReplicas?: number } } | undefined
  )?.controlPlane;
  const total = (controlPlaneSum?.replicas ?? 0) + (workersSum?.replicas ?? 0);
  const desiredTotal = (controlPlaneSum?.desiredReplicas ?? 0) + (workersSum?.desiredReplicas ?? 0);
  rows.push([`Cluster/${name}`, `${total}/${desiredTotal}`, '', '', '', ...summary(cluster, 'Available')]);
  const infrastructure = api.get(
    OPENSTACK_CLUSTER,
    namespace,
    (cluster.spec as { infrastructureRef?: { name?: string } } | undefined)?.infrastructureRef?.name ?? '',
  );
  const controlPlane = api.get(
    KUBEADM_CONTROL_PLANE,
    namespace,
    (cluster.spec as { controlPlaneRef?: { name?: string } } | undefined)?.controlPlaneRef?.name ?? '',
  );
  const machines = api.list(MACHINE, namespace).filter(ofCluster);
  const deployments = api
    .list(MACHINE_DEPLOYMENT, namespace)
    .filter((md) => (md.spec as { clusterName?: string } | undefined)?.clusterName === name);
  const branches: { label: string; cells: string[]; children: KubeObject[] }[] = [];
  if (infrastructure)
    branches.push({
      label: `ClusterInfrastructure - OpenStackCluster/${infrastructure.metadata.name}`,
      cells: ['', '', '', '', ...summary(infrastructure, 'Ready')],
      children: [],
    });
  if (controlPlane)
    branches.push({
      label: `ControlPlane - KubeadmControlPlane/${controlPlane.metadata.name}`,
      cells: [...counts(controlPlane, true), ...summary(controlPlane, 'Available')],
      children: machines.filter(
        (m) => m.metadata.labels?.['cluster.x-k8s.io/control-plane-name'] === controlPlane.metadata.name,
      ),
    });
  const last = (index: number, list: unknown[]) => index === list.length - 1;
  for (const [i, branch] of branches.entries()) {
    const final = last(i, branches) && deployments.length === 0;
    rows.push([`${final ? '└─' : '├─'}${branch.label}`, ...branch.cells]);
    for (const [j, machine] of branch.children.entries())
      rows.push([
        `${final ? '  ' : '│ '}${last(j, branch.children) ? '└─' : '├─'}Machine/${machine.metadata.name}`,
        ...machineCounts(machine),
        ...summary(machine, 'Ready'),
      ]);
  }
  if (deployments.length > 0) {
    rows.push(['└─Workers', '', '', '', '', '', '', '', '']);
    for (const [i, md] of deployments.entries()) {
      rows.push([
        `  ${last(i, deployments) ? '└─' : '├─'}MachineDeployment/${md.metadata.name}`,
        ...counts(md, true),
        ...summary(md, 'Available'),
      ]);
      const children = machines.filter(
        (m) => m.metadata.labels?.['cluster.x-k8s.io/deployment-name'] === md.metadata.name,
      );
      for (const [j, machine] of children.entries())
        rows.push([
          `  ${last(i, deployments) ? '  ' : '│ '}${last(j, children) ? '└─' : '├─'}Machine/${machine.metadata.name}`,
          ...machineCounts(machine),
          ...summary(machine, 'Ready'),
        ]);
    }
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => [...row[column]!].length)));
  for (const row of rows)
    output.out(
      row
        .map((cell, column) =>
          column === row.length - 1 ? cell : cell + ' '.repeat(widths[column]! - [...cell].length),
        )
        .join('  ')
        .trimEnd(),
    );
}

/**
 * What `clusterctl move` carries, owners first (the order clusterctl creates them in): the providers' CRDs' objects,
 * Secrets and ConfigMaps, never a Node or another core type (CAPI v1.12.10
 * `cmd/clusterctl/client/cluster/objectgraph.go:344-408` getDiscoveryTypes).
 */
const MOVED_TYPES = [
  CLUSTER,
  SECRET,
  OPENSTACK_CLUSTER,
  KUBEADM_CONTROL_PLANE,
  OPENSTACK_MACHINE_TEMPLATE,
  KUBEADM_CONFIG_TEMPLATE,
  MACHINE_DEPLOYMENT,
  MACHINE,
  KUBEADM_CONFIG,
  OPENSTACK_MACHINE,
  OPENSTACK_SERVER,
];
const MOVE_LABEL = 'clusterctl.cluster.x-k8s.io/move';

/** A copy for the target: no server-set metadata, no status (move does not carry it), owner references dropped (uids differ). */
function forTarget(object: KubeObject): KubeObject {
  const {
    uid: _uid,
    resourceVersion: _rv,
    creationTimestamp: _ct,
    generation: _g,
    managedFields: _mf,
    ownerReferences: _or,
    deletionTimestamp: _dt,
    ...metadata
  } = object.metadata;
  const { status: _status, ...rest } = object;
  return { ...structuredClone(rest), metadata: structuredClone(metadata) };
}

const typeOf = (object: KubeObject) => ({
  group: object.apiVersion.includes('/') ? object.apiVersion.split('/')[0]! : '',
  kind: object.kind,
});

async function move(host: CommandHost, request: ToolRequest, args: string[], output: Output): Promise<void> {
  const parsed = parseFlags('clusterctl move', args, {
    kubeconfig: {},
    'kubeconfig-context': {},
    'to-kubeconfig': {},
    'to-kubeconfig-context': {},
    namespace: { short: 'n' },
    'dry-run': { boolean: true },
    'to-directory': {},
    'from-directory': {},
  });
  if (parsed.positional.length > 0)
    throw new ToolError(`unknown command "${parsed.positional[0]}" for "clusterctl move"`);
  const toKubeconfig = flag(parsed, 'to-kubeconfig');
  if (!toKubeconfig)
    throw new ToolError(
      'please specify a target cluster using the --to-kubeconfig flag when not using --dry-run, --to-directory or --from-directory',
    );
  const source = await connect(
    host,
    path.resolve(request.cwd, flag(parsed, 'kubeconfig') ?? homeKubeconfig(request.env)),
    flag(parsed, 'kubeconfig-context'),
    'management cluster',
  );
  const target = await connect(
    host,
    path.resolve(request.cwd, toKubeconfig),
    flag(parsed, 'to-kubeconfig-context'),
    'target management cluster',
  );
  const namespace = flag(parsed, 'namespace') ?? source.namespace;
  const dryRun = booleanFlag(parsed, 'dry-run');
  output.out('Performing move...');
  if (dryRun) {
    output.out('********************************************************');
    output.out('This is a dry-run move, will not perform any real action');
    output.out('********************************************************');
  }
  output.out('Discovering Cluster API objects');
  if (!providersInstalled(source.api))
    throw new ToolError(
      'failed to check provider versions: the source management cluster has no Cluster API providers installed; run clusterctl init first',
    );
  if (!providersInstalled(target.api))
    throw new ToolError(
      'failed to check provider versions: the target management cluster has no Cluster API providers installed (or not all of cluster-api, bootstrap-kubeadm, control-plane-kubeadm, infrastructure-openstack); run clusterctl init on it first',
    );
  const clusters = source.api.list(CLUSTER, namespace);
  const clusterNames = new Set(clusters.map((c) => c.metadata.name));
  // A paused source Cluster (a move that stopped half-way) is refused before anything else (CAPI v1.12.0
  // `cmd/clusterctl/client/cluster/mover.go:343,649-663` checkClustersNotPaused).
  const paused = clusters.filter((c) => isPaused(c)).map((c) => `${namespace}/${c.metadata.name}`);
  if (paused.length > 0)
    throw new ToolError(`cannot start operation while the following Clusters are paused: ${paused.join(', ')}`);
  for (const cluster of clusters) {
    const key = `${namespace}/${cluster.metadata.name}`;
    if (conditionOf(cluster, 'InfrastructureReady')?.status !== 'True')
      throw new ToolError(`cannot start the move operation while "${key}" is still provisioning the infrastructure`);
    if (conditionOf(cluster, 'ControlPlaneInitialized')?.status !== 'True')
      throw new ToolError(
        `cannot start the move operation while the control plane for "${key}" is not yet initialized`,
      );
  }
  for (const machine of source.api.list(MACHINE, namespace)) {
    if (!(machine.status as { nodeRef?: unknown } | undefined)?.nodeRef)
      throw new ToolError(
        `cannot start the move operation while "${namespace}/${machine.metadata.name}" is still provisioning the node`,
      );
  }
  const belongs = (object: KubeObject) => {
    const labels = object.metadata.labels ?? {};
    if (object.kind === 'Secret')
      return clusterNames.has(labels[CLUSTER_NAME_LABEL] ?? '') || labels[MOVE_LABEL] !== undefined;
    return true;
  };
  const objects = MOVED_TYPES.flatMap((type) => source.api.list(type, namespace).filter(belongs));
  output.out(`Moving Cluster API objects Clusters=${clusters.length}`);
  output.out('Moving Cluster API objects ClusterClasses=0');
  output.out('Waiting for all resources to be ready to move');
  if (dryRun) {
    for (const object of objects) output.out(`${object.kind} ${namespace}/${object.metadata.name}`);
    return;
  }
  // Pause the source so its controllers stop, create everything in the target (Clusters paused until
  // the rest exists), then drop the source objects without running their finalizers.
  for (const cluster of clusters) source.api.put({ ...cluster, spec: { ...(cluster.spec as object), paused: true } });
  output.out('Creating objects in the target cluster');
  // Each object is read again from the source, so the Clusters arrive paused (`mover.go:394`, createGroup); an
  // existing one is updated, which makes a move re-runnable. An armed fault stops it half-way, as a lost
  // connection would: the source paused, part of the objects on the target.
  const stopAfter = host.takeMoveFault?.();
  for (const [index, object] of objects.entries()) {
    if (stopAfter !== undefined && index >= stopAfter)
      throw new ToolError(
        `action failed after 10 attempts: error creating "${object.kind}" ${namespace}/${object.metadata.name}: Post "${target.api.url}/apis": connection reset by peer`,
      );
    const copy = forTarget(source.api.get(typeOf(object), namespace, object.metadata.name) ?? object);
    if (object.kind === 'Cluster')
      copy.metadata.annotations = { ...copy.metadata.annotations, [PAUSED_ANNOTATION]: '' };
    target.api.put(copy);
  }
  output.out('Deleting objects from the source cluster');
  for (const object of [...objects].reverse()) source.api.remove(typeOf(object), namespace, object.metadata.name);
  for (const cluster of clusters) {
    const moved = target.api.get(CLUSTER, namespace, cluster.metadata.name)!;
    const { [PAUSED_ANNOTATION]: _paused, ...annotations } = moved.metadata.annotations ?? {};
    target.api.put({
      ...moved,
      metadata: { ...moved.metadata, annotations },
      spec: { ...(moved.spec as object), paused: false },
    });
  }
}
