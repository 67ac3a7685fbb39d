import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { OpenStackConfigSchema } from '../openstack/credentials.js';
import { formatIssues, UserError } from '../lib/errors.js';
import { displayPath, readTextFile } from '../lib/files.js';
import { KUBERNETES_VERSION_PATTERN, NAME_PATTERN, NAME_RULE } from '../lib/option-values.js';
import { refuseConfigPlaceholders } from './placeholders.js';
import { CONFIG_FILE, parseYamlMapping } from '../lib/yaml.js';
import { describeUnknownKeys, findUnknownKeys } from './unknown-keys.js';
import { STALL_PHASE_NAMES, type StallPhase } from './capi-stall.js';

/**
 * The parts of the config that only this tool reads: every key there must be one it knows. Elsewhere the config is
 * openCenter's, shared with other tools, and only likely misspellings are refused (unknown-keys.ts).
 */
export const OWNED_SECTIONS = ['deployment.kubespray', 'deployment.cluster_api', 'opentofu.node_resource'];
const isOwned = (path: string) => OWNED_SECTIONS.some((owned) => path === owned || path.startsWith(`${owned}.`));

/**
 * The part of an openCenter cluster config (schema 2.0) that the deploy pipeline reads. Real configs are large and
 * this tool reads a slice, so other keys pass, but for misspellings of its own and any unknown key in the sections
 * only it reads (OWNED_SECTIONS).
 */
const optionalText = z.string().trim().optional();
const SSH_USER_RULE = 'must be a user name (letters, digits, ., _, -; at most 32)';
const BATCH_RULE = 'must be a whole number of workers from 1 to 10000';
const API_FLOATING_IP_RULE =
  'must be the address of a floating IP created beforehand (openstack floating ip create <external network>), like 203.0.113.10';
const ORC_INSTALL_V2_4_0 =
  'https://github.com/k-orc/openstack-resource-controller/releases/download/v2.4.0/install.yaml';
const FORKS_RULE = 'must be a whole number of Ansible forks from 1 to 500';
const PROVIDER_RULE = 'must be a provider pinned to a release, like openstack:v0.14.7';
/** A clusterctl provider, pinned: `name:vX.Y.Z` (an unpinned one would take whatever is newest on the day). */
const provider = (name: string, version: string) =>
  z
    .string({ error: PROVIDER_RULE })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}:v\d{1,4}\.\d{1,4}\.\d{1,4}(-[0-9A-Za-z.-]{1,40})?$/, PROVIDER_RULE)
    .default(`${name}:${version}`);
const STALL_RULE = 'must be a duration such as 30m, 90s or 1h (no sign, at least 1s)';
const stallDuration = z
  .string({ error: STALL_RULE })
  .trim()
  .regex(/^(\d{1,9}(\.\d{1,3})?(ms|h|m|s))+$/, { error: STALL_RULE });
const machineCount = (rule: string, min: number) =>
  z.number({ error: rule }).int({ error: rule }).min(min, { error: rule }).max(1000, { error: rule });
/** One OPENSTACK_* value for the template: a single line, so it cannot break the YAML it is substituted into. */
const templateValue = z
  .string({ error: 'must be a string' })
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(1024, { error: 'must be at most 1024 characters' })
  .regex(/^[^\n\r]*$/, 'must be one line');
/** A tool: a path or a name on PATH. Empty is a mistake, not "the default". */
const toolPath = z
  .string({ error: 'must be a path or a command name' })
  .trim()
  .min(1, { error: 'must be a path or a command name (leave it out for the one on PATH)' })
  .optional();
const TEMPLATE_VARIABLE_RULE = 'must map template variable names (like OPENSTACK_BASTION_FLAVOR) to one-line values';

/** deployment.cluster_api: the management cluster, providers, template and the values clusterctl substitutes into it. */
const ClusterApiConfigSchema = z.object({
  management: z
    .object({
      /** An existing management cluster (the durable choice). */
      kubeconfig: optionalText,
      /** Or an ephemeral kind cluster on the runner, pivoted into the workload cluster at the end. */
      bootstrap: z
        .enum(['kind'], { error: 'must be kind (or set management.kubeconfig for an existing management cluster)' })
        .optional(),
    })
    .prefault({}),
  namespace: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/,
      'must be a Kubernetes namespace name (lower-case letters, digits and "-", at most 63)',
    )
    .default('default'),
  /** clusterctl generate cluster --from: relative to the cluster dir. */
  template: z.string().trim().min(1, { error: 'must name the template file' }).default('cluster-template.yaml'),
  /** Manifests applied to the workload cluster (CNI, cloud controller manager): relative to the cluster dir. */
  addons: z.string().trim().min(1, { error: 'must name the addons directory' }).default('addons'),
  providers: z
    .object({
      core: provider('cluster-api', 'v1.12.10'),
      bootstrap: provider('kubeadm', 'v1.12.10'),
      control_plane: provider('kubeadm', 'v1.12.10'),
      infrastructure: provider('openstack', 'v0.14.7'),
      /**
       * ORC's install.yaml (a URL or a path relative to the cluster dir): CAPO v0.14.7 cannot start its server
       * controller without ORC's CRDs, and clusterctl init does not install it. Pinned to the release CAPO v0.14.7's
       * e2e runs (`test/e2e/data/e2e_conf.yaml`).
       */
      orc: z
        .string({ error: 'must be an https URL or a path in the cluster dir (install.yaml of an ORC release)' })
        .trim()
        .min(1, { error: 'must not be empty: CAPO needs ORC (an https URL or a path in the cluster dir)' })
        .refine((value) => /^https:\/\//.test(value) || !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value), {
          error: 'must be an https URL or a path in the cluster dir (install.yaml of an ORC release)',
        })
        .default(ORC_INSTALL_V2_4_0),
    })
    .prefault({}),
  // KCP refuses an even count with stacked etcd (CAPI v1.12 `controlplane/kubeadm/internal/webhooks/
  // kubeadmcontrolplane.go:298-307`), and only at create, after CAPO built the network, router and load balancer.
  control_plane_machine_count: machineCount('must be a whole number of control plane machines from 1 to 1000', 1)
    .refine((count) => count % 2 === 1, {
      error:
        "must be odd (1, 3, 5): Cluster API's KubeadmControlPlane refuses an even count when etcd runs on the control plane machines (etcd's quorum)",
    })
    .default(1),
  worker_machine_count: machineCount('must be a whole number of workers from 0 to 1000', 0).default(1),
  /**
   * How long each phase of the Cluster API waits may show no progress before the step fails, quoting what CAPO
   * reported (capi-stall.ts: the phases and their defaults, at least CAPO's own e2e allowances).
   */
  stall_timeouts: z
    .object(
      Object.fromEntries(STALL_PHASE_NAMES.map((phase) => [phase, stallDuration.optional()])) as Record<
        StallPhase,
        z.ZodOptional<typeof stallDuration>
      >,
      { error: `must be a mapping of phase to duration (${STALL_PHASE_NAMES.join(', ')}), like {control_plane: 45m}` },
    )
    .prefault({}),
  /**
   * A floating IP made beforehand (openstack floating ip create) as the API address of a cluster without an API load
   * balancer: rendered into the OpenStackCluster's spec.apiServerFloatingIP, so CAPO keeps it through control-plane
   * rollouts instead of deleting it with the old machine.
   */
  api_server_floating_ip: z
    .string({ error: API_FLOATING_IP_RULE })
    .trim()
    .refine((value) => isIP(value) !== 0, { error: API_FLOATING_IP_RULE })
    .optional(),
  /** The OPENSTACK_* variables of CAPO's templates, by field. */
  openstack: z
    .object({
      cloud: templateValue.optional(),
      image_name: templateValue.optional(),
      control_plane_machine_flavor: templateValue.optional(),
      node_machine_flavor: templateValue.optional(),
      external_network_id: templateValue.optional(),
      // CAPO's templates put the value in ONE list item (`dnsNameservers: [- ${OPENSTACK_DNS_NAMESERVERS}]`), so
      // "1.1.1.1, 8.8.8.8" would be one bad nameserver Neutron refuses and CAPO retries for ever.
      dns_nameservers: templateValue
        .refine((value) => !/[,\s]/.test(value), {
          error: "must be one nameserver (CAPO's template makes it one list item); for more, list them in the template",
        })
        .optional(),
      failure_domain: templateValue.optional(),
      ssh_key_name: templateValue.optional(),
    })
    .prefault({}),
  /** Any other variable the template uses. */
  variables: z
    .record(z.string().regex(/^[A-Z_][A-Z0-9_]{0,127}$/, TEMPLATE_VARIABLE_RULE), templateValue, {
      error: TEMPLATE_VARIABLE_RULE,
    })
    .refine((v) => Object.keys(v).length <= 200, { error: 'must hold at most 200 variables' })
    .optional(),
  clusterctl_path: toolPath,
  kind_path: toolPath,
});

export const ClusterConfigSchema = z.object({
  schema_version: z.string(),
  opencenter: z.object({
    meta: z.object({
      name: z.string().trim().regex(NAME_PATTERN, NAME_RULE),
      organization: z.string().trim().regex(NAME_PATTERN, NAME_RULE),
    }),
    cluster: z
      .object({
        cluster_name: z.string().trim().regex(NAME_PATTERN, NAME_RULE).optional(),
        // The version an upgrade goes to unless one is given; Kubespray writes it without a "v".
        kubernetes: z
          .object({
            version: z
              .string()
              .trim()
              .regex(KUBERNETES_VERSION_PATTERN, 'must be a Kubernetes version like 1.34.2')
              .optional(),
          })
          .optional(),
      })
      .optional(),
    infrastructure: z.object({
      provider: z.enum(['openstack', 'aws', 'gcp', 'azure', 'baremetal', 'vsphere', 'vmware', 'kind']),
      k8s_api_ip: z.union([z.ipv4(), z.ipv6()], { error: 'must be an IP address' }).optional(),
      networking: z
        .object({
          vrrp_ip: z.union([z.ipv4(), z.ipv6()], { error: 'must be an IP address' }).default('10.2.128.5'),
          vrrp_enabled: z.boolean().default(true),
          use_octavia: z.boolean().default(false),
        })
        .prefault({}),
      cloud: z.object({ openstack: OpenStackConfigSchema.optional() }).optional(),
    }),
    gitops: z
      .object({
        repository: z.object({ local_dir: optionalText }).optional(),
      })
      .optional(),
  }),
  opentofu: z
    .object({
      enabled: z.boolean().default(true),
      path: optionalText,
      backend: z
        .object({ type: z.enum(['s3', 'local', 'remote', 'http', 'pg', 'swift']).default('local') })
        .prefault({}),
      /** Which planned resources are cluster nodes, and the attribute (a dotted path) that holds the node name. */
      node_resource: z
        .object({
          type: z
            .string()
            .trim()
            .regex(/^[a-z][a-z0-9_]*$/, 'must be a resource type like openstack_compute_instance_v2')
            .default('openstack_compute_instance_v2'),
          name_attribute: z
            .string()
            .trim()
            .regex(/^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)*$/, 'must be an attribute path like name or input.node_name')
            .default('name'),
          /** Resources that change with the nodes (an inventory not written by local_file), by address. */
          companions: z
            .array(
              z
                .string({ error: 'must be a resource address like terraform_data.inventory' })
                .trim()
                .min(1, { error: 'must be a resource address like terraform_data.inventory' }),
              {
                error: 'must be a list of resource addresses, e.g. [terraform_data.inventory]',
              },
            )
            .max(100, { error: 'must list at most 100 resource addresses' })
            .optional(),
        })
        .prefault({}),
    })
    .prefault({}),
  deployment: z
    .object({
      // The reference's methods; settings refuse the ones this tool does not run yet, by name.
      method: z.enum(['kubespray', 'none', 'kamaji', 'eks', 'gke', 'aks', 'cluster-api']).default('kubespray'),
      kubespray: z
        .object({
          /** The Kubespray release (v2.31.0), fetched from `source` unless the cluster dir carries kubespray/ at that version. */
          version: optionalText,
          /** A git URL (default upstream's) or an https .tar.gz with `sha256`. */
          source: optionalText,
          sha256: optionalText,
          /** The venv's interpreter; default the newest python3.X on PATH that the Kubespray release supports. */
          python: toolPath,
          /** The SSH private key Ansible connects with (relative to the config file), and the user. */
          ssh_private_key_file: optionalText,
          ssh_user: z
            .string({ error: SSH_USER_RULE })
            .trim()
            .regex(/^[a-z_][a-z0-9_.-]{0,31}$/i, SSH_USER_RULE)
            .optional(),
          venv_path: optionalText,
          pip_args: z.array(z.string()).optional(),
          /** Workers per upgrade-cluster.yml run; default 20% of the workers (Kubespray's serial), at least 1. */
          upgrade_batch_size: z
            .number({ error: BATCH_RULE })
            .int({ error: BATCH_RULE })
            .min(1, { error: BATCH_RULE })
            .max(10_000, { error: BATCH_RULE })
            .optional(),
          /** A deploy whose Kubernetes version is above the running cluster's upgrades it with upgrade-cluster.yml (default: refused, naming operation upgrade). */
          upgrade_on_deploy: z.boolean({ error: 'must be true or false' }).optional(),
          /** etcd snapshots kept in the state directory (taken before an upgrade (a deploy's too), a control-plane/etcd removal or replacement). */
          etcd_snapshots_keep: z
            .number({ error: 'a whole number of snapshots, 1 to 100' })
            .int({ error: 'a whole number of snapshots, 1 to 100' })
            .min(1, { error: 'a whole number of snapshots, 1 to 100' })
            .max(100, { error: 'a whole number of snapshots, 1 to 100' })
            .optional(),
          /** ansible-playbook --forks; default the hosts a run touches, at most 4 per runner core and 50. */
          forks: z
            .number({ error: FORKS_RULE })
            .int({ error: FORKS_RULE })
            .min(1, { error: FORKS_RULE })
            .max(500, { error: FORKS_RULE })
            .optional(),
        })
        .optional(),
      cluster_api: ClusterApiConfigSchema.optional(),
    })
    .prefault({}),
});

export type ClusterConfig = z.infer<typeof ClusterConfigSchema>;

/** What the config's required fields are for, said in an error that finds one missing or of the wrong type. */
const CONFIG_FIELD_MEANINGS: Record<string, string> = {
  schema_version: 'the config schema\'s version, "2.0"',
  opencenter: "the cluster's settings",
  'opencenter.meta': "the cluster's names",
  'opencenter.meta.name': "the cluster's name",
  'opencenter.meta.organization': "the organisation's name",
  'opencenter.infrastructure': 'where the cluster runs',
  'opencenter.infrastructure.provider': 'the cloud; this tool deploys openstack',
  'opencenter.infrastructure.networking.vrrp_enabled': 'whether keepalived holds the API address vrrp_ip',
  'opencenter.infrastructure.networking.use_octavia': 'whether an Octavia load balancer fronts the API',
  'opentofu.enabled': 'whether OpenTofu makes the infrastructure',
  'deployment.kubespray.pip_args': 'extra arguments for pip, one per item',
};

export function parseClusterConfig(text: string, source: string, configFile?: string): ClusterConfig {
  const { value } = parseYamlMapping(text, source, CONFIG_FILE);
  // cluster-deploy init's CHANGEMEs, named, before the schema refuses some of them with less help.
  refuseConfigPlaceholders(value, source, configFile);
  const result = ClusterConfigSchema.safeParse(value);
  if (!result.success) throw new UserError(formatIssues(source, result.error.issues, CONFIG_FIELD_MEANINGS));
  const unknown = findUnknownKeys(ClusterConfigSchema, value, isOwned);
  if (unknown.length > 0) throw new UserError(describeUnknownKeys(source, unknown));
  const config = result.data;
  const name = configClusterName(config);
  if (config.schema_version !== '2.0') {
    throw new UserError(`invalid schema version for cluster ${name}: expected 2.0, got "${config.schema_version}"`);
  }
  return config;
}

/** The cluster's name: `opencenter.cluster.cluster_name`, else `opencenter.meta.name`. */
export function configClusterName(config: ClusterConfig): string {
  return config.opencenter.cluster?.cluster_name || config.opencenter.meta.name;
}

/**
 * The cluster directory a config names, `<local_dir>/infrastructure/clusters/<cluster>` (a relative
 * `local_dir` is relative to the config file, so a repository carries both); undefined without `local_dir`.
 */
export function configClusterDir(
  config: ClusterConfig,
  configPath: string,
  clusterName = configClusterName(config),
): string | undefined {
  const localDir = config.opencenter.gitops?.repository?.local_dir;
  if (!localDir) return undefined;
  return path.join(path.resolve(path.dirname(configPath), localDir), 'infrastructure', 'clusters', clusterName);
}

export function loadClusterConfig(file: string): ClusterConfig {
  return parseClusterConfig(readTextFile(file, CONFIG_FILE), displayPath(file), file);
}
