import path from 'node:path';
import { z } from 'zod';
import { OpenStackConfigSchema } from './credentials.js';
import { formatIssues, UserError } from './errors.js';
import { displayPath, readTextFile } from './files.js';
import { KUBERNETES_VERSION_PATTERN, NAME_PATTERN, NAME_RULE } from './option-values.js';
import { CONFIG_FILE, parseYamlMapping } from './yaml.js';

/**
 * The part of an openCenter cluster config (schema 2.0) that the deploy pipeline reads.
 * Unknown fields are allowed everywhere: real configs are large and this tool reads a slice.
 */
const optionalText = z.string().trim().optional();
const BATCH_RULE = 'must be a whole number of workers from 1 to 10000';

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
        kubernetes: z.object({ version: z.string().trim().regex(KUBERNETES_VERSION_PATTERN, 'must be a Kubernetes version like 1.34.2').optional() }).optional(),
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
      backend: z.object({ type: z.enum(['s3', 'local', 'remote', 'http', 'pg', 'swift']).default('local') }).prefault({}),
      /** Which planned resources are cluster nodes, and the attribute (a dotted path) that holds the node name. */
      node_resource: z
        .object({
          type: z.string().trim().regex(/^[a-z][a-z0-9_]*$/, 'must be a resource type like openstack_compute_instance_v2').default('openstack_compute_instance_v2'),
          name_attribute: z.string().trim().regex(/^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)*$/, 'must be an attribute path like name or input.node_name').default('name'),
          /** Resources that change with the nodes (an inventory not written by local_file), by address. */
          companions: z
            .array(z.string({ error: 'must be a resource address like terraform_data.inventory' }).trim().min(1, { error: 'must be a resource address like terraform_data.inventory' }), {
              error: 'must be a list of resource addresses, e.g. [terraform_data.inventory]',
            })
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
          version: optionalText,
          venv_path: optionalText,
          pip_args: z.array(z.string()).optional(),
          /** Workers per upgrade-cluster.yml run; default 20% of the workers (Kubespray's serial), at least 1. */
          upgrade_batch_size: z
            .number({ error: BATCH_RULE })
            .int({ error: BATCH_RULE })
            .min(1, { error: BATCH_RULE })
            .max(10_000, { error: BATCH_RULE })
            .optional(),
        })
        .optional(),
    })
    .prefault({}),
});

export type ClusterConfig = z.infer<typeof ClusterConfigSchema>;


export function parseClusterConfig(text: string, source: string): ClusterConfig {
  const { value } = parseYamlMapping(text, source, CONFIG_FILE);
  const result = ClusterConfigSchema.safeParse(value);
  if (!result.success) throw new UserError(formatIssues(source, result.error.issues));
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
export function configClusterDir(config: ClusterConfig, configPath: string, clusterName = configClusterName(config)): string | undefined {
  const localDir = config.opencenter.gitops?.repository?.local_dir;
  if (!localDir) return undefined;
  return path.join(path.resolve(path.dirname(configPath), localDir), 'infrastructure', 'clusters', clusterName);
}

export function loadClusterConfig(file: string): ClusterConfig {
  return parseClusterConfig(readTextFile(file, CONFIG_FILE), displayPath(file));
}
