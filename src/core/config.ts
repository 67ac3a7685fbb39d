import { z } from 'zod';
import { UserError } from './errors.js';
import { displayPath, readTextFile } from './files.js';
import { CONFIG_FILE, parseYamlMapping } from './yaml.js';

/**
 * The part of an openCenter cluster config (schema 2.0) that the deploy pipeline reads.
 * Unknown fields are allowed everywhere: real configs are large and this tool reads a slice.
 */
const optionalText = z.string().trim().optional();

const OpenStackCloudSchema = z.object({
  auth_url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://keystone.example.com:5000/v3' }).optional(),
  region: optionalText,
  interface: z.enum(['public', 'internal', 'admin']).optional(),
  project_id: optionalText,
  project_name: optionalText,
  application_credential_id: optionalText,
  application_credential_name: optionalText,
  application_credential_secret: optionalText,
  username: optionalText,
  password: optionalText,
  user_domain_name: optionalText,
  project_domain_name: optionalText,
  domain: optionalText,
  insecure: z.boolean().optional(),
  cacert: optionalText,
});

export const ClusterConfigSchema = z.object({
  schema_version: z.string(),
  opencenter: z.object({
    meta: z.object({
      name: z.string().trim().min(1, 'must not be empty'),
      organization: z.string().trim().min(1, 'must not be empty'),
    }),
    cluster: z
      .object({ cluster_name: optionalText })
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
      cloud: z.object({ openstack: OpenStackCloudSchema.optional() }).optional(),
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
    })
    .prefault({}),
  deployment: z
    .object({
      method: z.enum(['kubespray', 'kamaji', 'eks', 'gke', 'aks', 'cluster-api']).default('kubespray'),
      kubespray: z
        .object({
          version: optionalText,
          venv_path: optionalText,
          pip_args: z.array(z.string()).optional(),
        })
        .optional(),
    })
    .prefault({}),
});

export type ClusterConfig = z.infer<typeof ClusterConfigSchema>;

/**
 * Formats zod issues as one message naming every bad field by its dotted path: on one line for a
 * single issue (`<source> is invalid: users.0.user: expected object`), else one line each.
 */
export function formatIssues(source: string, issues: readonly z.core.$ZodIssue[]): string {
  const lines = issues.map((issue) => {
    const where = issue.path.length ? issue.path.map(String).join('.') : '(top level)';
    return `${where}: ${issue.message}`;
  });
  return lines.length === 1 ? `${source} is invalid: ${lines[0]}` : `${source} is invalid:\n${lines.map((line) => `  - ${line}`).join('\n')}`;
}

export function parseClusterConfig(text: string, source: string): ClusterConfig {
  const { value } = parseYamlMapping(text, source, CONFIG_FILE);
  const result = ClusterConfigSchema.safeParse(value);
  if (!result.success) throw new UserError(formatIssues(source, result.error.issues));
  const config = result.data;
  const name = config.opencenter.cluster?.cluster_name || config.opencenter.meta.name;
  if (config.schema_version !== '2.0') {
    throw new UserError(`invalid schema version for cluster ${name}: expected 2.0, got "${config.schema_version}"`);
  }
  return config;
}

export function loadClusterConfig(file: string): ClusterConfig {
  return parseClusterConfig(readTextFile(file, CONFIG_FILE), displayPath(file));
}
