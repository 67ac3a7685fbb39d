import { promises as fs } from 'node:fs';
import path from 'node:path';
import { PLACEHOLDER } from '../openstack/credentials.js';
import { quoteInput } from '../lib/echo.js';
import { errorMessage, UsageError, UserError } from '../lib/errors.js';
import { displayPath } from '../lib/files.js';

/**
 * `cluster-deploy init`: a new cluster's config and cluster directory, calling the shipped
 * OpenStack module (modules/openstack-cluster), with every value only the user can choose written
 * as CHANGEME (refused by name until set: placeholders.ts). Nothing existing is ever overwritten.
 */

/** The module's cluster_name rule: a DNS label of at most 40 characters (modules/openstack-cluster/variables.tf). */
const CLUSTER_NAME = /^[a-z]([a-z0-9-]{0,38}[a-z0-9])?$/;
const ORGANIZATION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;
/** Kubespray v2.31.0, the release the module and the docs are checked against, and its default Kubernetes. */
const INIT_KUBESPRAY_VERSION = 'v2.31.0';
const INIT_KUBERNETES_VERSION = '1.35.4';

/**
 * Where the workflows run, which decides how the nodes and the API are reached (the module's
 * README, "Layouts"): GitHub's hosted runners from the internet (a floating IP per node, the API on
 * the first control plane's floating IP); self-hosted runners on the nodes' network (private
 * addresses, the API behind Octavia at a fixed private address).
 */
export const RUNNERS = ['hosted', 'self-hosted'] as const;
export type Runner = (typeof RUNNERS)[number];

export interface ScaffoldOptions {
  /** The repository root the files go into. */
  root: string;
  cluster: string;
  organization: string;
  /** The module source as written into main.tf: a relative path or a pinned git URL. */
  moduleSource: string;
  runner: Runner;
}

export interface ScaffoldFile {
  /** Relative to the root, with "/". */
  path: string;
  content: string;
  /** Shared by every cluster of the repository (a workflow): an existing one is kept, not refused. */
  shared?: boolean;
}

/** The example workflows init copies for each runner: target name → the example's file name. */
export const RUNNER_WORKFLOWS: Record<Runner, Record<string, string>> = {
  hosted: { 'plan.yml': 'plan.yml', 'deploy.yml': 'deploy.yml', 'drift.yml': 'drift.yml' },
  // The same workflows: their cloud-facing jobs run where the repository variables CLUSTER_DEPLOY_RUNNER (and, for
  // same-repository pull requests, CLUSTER_DEPLOY_PR_RUNNER) say.
  'self-hosted': { 'plan.yml': 'plan.yml', 'deploy.yml': 'deploy.yml', 'drift.yml': 'drift.yml' },
};

/** The module's layout for the runner: the lines of main.tf from the network to the CIDRs. */
function layoutLines(runner: Runner): string {
  if (runner === 'hosted')
    return `  network = {
    external_network = "${PLACEHOLDER}" # router gateway and floating IPs, e.g. public
  }
  # GitHub's hosted runners reach the cluster from the internet: a floating IP per node for SSH,
  # the API on the first control plane's floating IP (the module's README, "Layouts").
  api_load_balancer = "none"
  api_floating_ip   = "${PLACEHOLDER}" # an existing floating IP: the config's k8s_api_ip
  node_floating_ips = true
  # Hosted runners have no fixed addresses: 0.0.0.0/0, or the ranges GitHub publishes.
  api_allowed_cidrs = ["${PLACEHOLDER}"] # who may reach the API: the runners and you
  ssh_allowed_cidrs = ["${PLACEHOLDER}"] # where Kubespray runs from: the runners`;
  return `  # Your self-hosted runners' network: they reach the nodes and the API at private addresses
  # (the module's README, "Layouts"). Its router leads to external_network.
  network = {
    existing_network_id = "${PLACEHOLDER}"
    existing_subnet_id  = "${PLACEHOLDER}"
    external_network    = "${PLACEHOLDER}" # floating IPs of LoadBalancer Services, e.g. public
  }
  api_load_balancer = "octavia"
  api_vip_address   = "${PLACEHOLDER}"   # a free address of that subnet: the config's k8s_api_ip
  api_allowed_cidrs = ["${PLACEHOLDER}"] # who else may reach the API (the subnet always may)
  ssh_allowed_cidrs = ["${PLACEHOLDER}"] # where Kubespray runs from: the runners' subnet`;
}

function checkScaffoldOptions(options: Omit<ScaffoldOptions, 'root'>): void {
  if (!CLUSTER_NAME.test(options.cluster))
    throw new UsageError(
      `init: --name ${quoteInput(options.cluster, 80)} must be a DNS label of at most 40 characters (lower-case letters, digits and "-", starting with a letter): it prefixes every OpenStack resource and node name`,
    );
  if (!ORGANIZATION.test(options.organization))
    throw new UsageError(
      `init: --org ${quoteInput(options.organization, 80)} must be 1 to 63 letters, digits, ".", "_" or "-", starting with a letter or digit`,
    );
  // Written into an HCL string: nothing that could end it or start an interpolation.
  if (!/^[\w.:/?=&@+~-]{1,512}$/.test(options.moduleSource) || options.moduleSource.includes('${'))
    throw new UsageError(
      'init: --module-source must be one line of a module source (a relative path like ../../../modules/openstack-cluster, or git::https://…//modules/openstack-cluster?ref=vX.Y.Z), without quotes, spaces or ${',
    );
}

/**
 * The config's JSON Schema at the release the module comes from, for editors (yaml-language-server reads this
 * comment): typos underlined as they are typed. Only for a module from a GitHub release, whose tree has schemas/.
 */
function schemaComment(moduleSource: string): string {
  const release = /^git::https:\/\/github\.com\/([\w.-]+)\/([\w.-]+?)(?:\.git)?\/\/[^?]*\?ref=([\w.-]+)$/.exec(
    moduleSource,
  );
  if (!release || release[1] === PLACEHOLDER) return '';
  const [, owner, repository, ref] = release;
  return `# yaml-language-server: $schema=https://raw.githubusercontent.com/${owner}/${repository}/${ref}/schemas/cluster-config.schema.json\n`;
}

/** The files of a new cluster: the config, and main.tf and backend.tf of its cluster directory. */
export function scaffoldFiles(options: Omit<ScaffoldOptions, 'root'>): ScaffoldFile[] {
  if (!RUNNERS.includes(options.runner))
    throw new UsageError(`init: --runner ${quoteInput(String(options.runner), 40)} must be hosted or self-hosted`);
  checkScaffoldOptions(options);
  const { cluster, organization, moduleSource } = options;
  const clusterDir = `infrastructure/clusters/${cluster}`;
  const config = `${schemaComment(moduleSource)}# Written by cluster-deploy init. Every ${PLACEHOLDER} is yours to choose: deploys and plans refuse
# the cluster, naming each one, until it is set (docs/getting-started.md says what goes where).
schema_version: "2.0"
opencenter:
  meta:
    name: ${cluster}
    organization: ${organization}
  cluster:
    cluster_name: ${cluster}
    kubernetes:
      # Kubespray's kube_version (no "v"); the same as kube_version in ${clusterDir}/main.tf.
      version: "${INIT_KUBERNETES_VERSION}"
  infrastructure:
    provider: openstack
    # The API's address: the module's ${options.runner === 'hosted' ? 'api_floating_ip (an existing floating IP)' : 'api_vip_address (a private address)'}.
    k8s_api_ip: ${PLACEHOLDER}
    cloud:
      openstack:
        auth_url: ${PLACEHOLDER} # Keystone, e.g. https://keystone.example.com:5000/v3
        region: ${PLACEHOLDER}
        interface: public
  gitops:
    repository:
      # The cluster directory is <local_dir>/infrastructure/clusters/<cluster>, relative to this file.
      local_dir: ..
opentofu:
  backend:
    type: s3
deployment:
  method: kubespray
  kubespray:
    version: ${INIT_KUBESPRAY_VERSION}
`;
  const main = `# Written by cluster-deploy init: the cluster ${organization}/${cluster} on OpenStack. Every ${PLACEHOLDER} is
# yours to choose; the module's variables: modules/openstack-cluster/README.md of the release you use.
module "cluster" {
  source = "${moduleSource}"

  cluster_name  = "${cluster}"
  kube_version  = "${INIT_KUBERNETES_VERSION}"   # the config's opencenter.cluster.kubernetes.version
  image_id      = "${PLACEHOLDER}" # Glance image id, pinned: openstack image show -f value -c id ubuntu-24.04
  keypair_name  = "${PLACEHOLDER}" # Nova keypair whose private key is the SSH_PRIVATE_KEY secret
  control_plane = { flavor_name = "${PLACEHOLDER}", names = ["cp-0", "cp-1", "cp-2"] }
  worker_pools = {
    default = { flavor_name = "${PLACEHOLDER}", names = ["w-0", "w-1"] }
  }
${layoutLines(options.runner)}
}

output "api_endpoint" {
  value = module.cluster.api_endpoint
}
`;
  const backend = `# Written by cluster-deploy init: the state in Swift, through its S3 API (docs/secrets.md). The keys
# come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (the workflows set them).
terraform {
  backend "s3" {
    bucket = "${PLACEHOLDER}" # the container, e.g. tofu-state
    key    = "${organization}/${cluster}/terraform.tfstate"
    region = "${PLACEHOLDER}"
    endpoints = {
      s3 = "${PLACEHOLDER}" # Swift's S3 endpoint, e.g. https://swift.example.com
    }
    use_path_style              = true
    use_lockfile                = true
    skip_credentials_validation = true
    skip_region_validation      = true
    skip_requesting_account_id  = true
    skip_metadata_api_check     = true
    skip_s3_checksum            = true
  }
}
`;
  return [
    { path: `clusters/${cluster}.yaml`, content: config },
    { path: `${clusterDir}/main.tf`, content: main },
    { path: `${clusterDir}/backend.tf`, content: backend },
  ];
}

/**
 * The module source for a cluster directory under root: a relative path when the module shipped
 * with this tool lies inside root (a checkout of the toolkit, a vendored copy), else undefined.
 */
export function relativeModuleSource(root: string, moduleDir: string): string | undefined {
  const relative = path.relative(path.resolve(root), path.resolve(moduleDir));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return path.posix.join('../../..', ...relative.split(path.sep));
}

/**
 * Writes the files under root, creating directories; refuses before writing anything when one of
 * them exists (naming each), except a shared one (a workflow), which is kept as it is; never
 * replaces a file that appears meanwhile (exclusive create). Returns the files written.
 */
export async function writeScaffold(root: string, files: ScaffoldFile[]): Promise<string[]> {
  const stat = await fs.stat(root).catch(() => undefined);
  if (stat && !stat.isDirectory()) throw new UserError(`init: ${displayPath(root)} is not a directory`);
  // A symlink to nowhere would fail as "ENOTDIR … mkdir": say what it is.
  const link = !stat && (await fs.readlink(root).catch(() => undefined));
  if (link)
    throw new UserError(
      `init: ${displayPath(root)} is a symlink to ${link}, which does not exist; create it or choose another --dir`,
    );
  const existing: string[] = [];
  const kept = new Set<ScaffoldFile>();
  for (const file of files) {
    const target = path.join(root, file.path);
    if (!(await fs.lstat(target).catch(() => undefined))) continue;
    if (file.shared) kept.add(file);
    else existing.push(displayPath(target));
  }
  if (existing.length)
    throw new UserError(
      `init: refusing to overwrite ${existing.join(', ')}; choose another --name, or move ${existing.length === 1 ? 'it' : 'them'} away first`,
    );
  const written: string[] = [];
  for (const file of files) {
    if (kept.has(file)) continue;
    const target = path.join(root, file.path);
    try {
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, file.content, { flag: 'wx', mode: 0o644 });
    } catch (error) {
      throw new UserError(
        `init: cannot write ${displayPath(target)}: ${errorMessage(error)}${written.length ? ` (written before it: ${written.join(', ')})` : ''}`,
      );
    }
    written.push(displayPath(target));
  }
  return written;
}
