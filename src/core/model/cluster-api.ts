import { parseDuration } from '../lib/duration.js';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { ClusterConfig } from './config.js';
import { UsageError, UserError } from '../lib/errors.js';
import { STALL_LIMITS, STALL_PHASE_NAMES, STALL_PHASES, stallField, type StallPhase } from './capi-stall.js';

/** Everything `deployment.method: cluster-api` needs, resolved once from the config and options. */
export interface ClusterApiSettings {
  /** An existing management cluster (its kubeconfig), or an ephemeral kind cluster pivoted away at the end. */
  management: { kind: 'existing'; kubeconfig: string; source: string } | { kind: 'kind'; clusterName: string };
  namespace: string;
  /** clusterctl generate cluster --from. */
  template: string;
  /** Applied to the workload cluster: CNI and cloud controller manager. */
  addonsDir: string;
  /** `name:vX.Y.Z` each, as clusterctl init takes them. */
  providers: Record<ProviderRole, string>;
  /** ORC's install.yaml (URL or path), applied before clusterctl init (CAPO needs its CRDs). */
  orcManifest: string;
  controlPlaneMachineCount: number;
  workerMachineCount: number;
  /** spec.apiServerFloatingIP of the rendered OpenStackCluster: an API address the cluster keeps through rollouts. */
  apiServerFloatingIp?: string;
  /** How long each phase of a wait may show no progress (deployment.cluster_api.stall_timeouts, capi-stall.ts). */
  stallTimeouts: Record<StallPhase, number>;
  /** With its "v", as clusterctl and the KubeadmControlPlane want it. */
  kubernetesVersion: string;
  /** The template variables from the config (no secrets: credentials go into a Secret, never through here). */
  variables: Record<string, string>;
  /** Which config field sets each variable, for "missing variable" errors. */
  variableFields: Record<string, string>;
  clusterctl: string;
  kind: string;
  /** Private (0700) directory for the rendered manifests and the kind kubeconfig. */
  workDir: string;
  /** The cloud name in the clouds.yaml of the credentials Secret (OPENSTACK_CLOUD). */
  cloudName: string;
}

export type ProviderRole = 'core' | 'bootstrap' | 'controlPlane' | 'infrastructure';

/** clusterctl's flag and the Provider inventory's `type` for each role. */
export const PROVIDER_ROLES: readonly { role: ProviderRole; flag: string; type: string; field: string }[] = [
  { role: 'core', flag: '--core', type: 'CoreProvider', field: 'core' },
  { role: 'bootstrap', flag: '--bootstrap', type: 'BootstrapProvider', field: 'bootstrap' },
  { role: 'controlPlane', flag: '--control-plane', type: 'ControlPlaneProvider', field: 'control_plane' },
  { role: 'infrastructure', flag: '--infrastructure', type: 'InfrastructureProvider', field: 'infrastructure' },
];

/** Config fields mapped to CAPO's template variables. */
const OPENSTACK_VARIABLES = {
  cloud: 'OPENSTACK_CLOUD',
  image_name: 'OPENSTACK_IMAGE_NAME',
  control_plane_machine_flavor: 'OPENSTACK_CONTROL_PLANE_MACHINE_FLAVOR',
  node_machine_flavor: 'OPENSTACK_NODE_MACHINE_FLAVOR',
  external_network_id: 'OPENSTACK_EXTERNAL_NETWORK_ID',
  dns_nameservers: 'OPENSTACK_DNS_NAMESERVERS',
  failure_domain: 'OPENSTACK_FAILURE_DOMAIN',
  ssh_key_name: 'OPENSTACK_SSH_KEY_NAME',
} as const;

/** Variables that would carry credentials into the rendered manifests: the engine writes that Secret itself. */
const CREDENTIAL_VARIABLES = ['OPENSTACK_CLOUD_YAML_B64', 'OPENSTACK_CLOUD_CACERT_B64'] as const;

/** Variables clusterctl's flags set, from the config's name, namespace, version and counts. */
const FLAG_VARIABLES = [
  'CLUSTER_NAME',
  'NAMESPACE',
  'KUBERNETES_VERSION',
  'CONTROL_PLANE_MACHINE_COUNT',
  'WORKER_MACHINE_COUNT',
];

/** The resolved credentials in every command's environment: never template input. */
export function isCredentialVariable(name: string): boolean {
  return (CREDENTIAL_VARIABLES as readonly string[]).includes(name) || name.startsWith('OS_');
}

/** Template variables reach clusterctl as its environment: these would change how clusterctl itself runs. */
const TOOL_VARIABLES = ['PATH', 'HOME', 'KUBECONFIG', 'XDG_CONFIG_HOME', 'TMPDIR'];

const FIELD = 'deployment.cluster_api';

/** kind names are DNS labels: the cluster's name, lower-cased, prefixed so it is recognisably ours. */
export function kindClusterName(clusterName: string): string {
  return `capi-${clusterName.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`.slice(0, 50).replace(/-+$/, '');
}

/** The cluster's name as Cluster API wants it (CLUSTER_NAME must be a DNS-1123 label). */
function capiClusterName(clusterName: string, source: string): string {
  if (!/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(clusterName)) {
    throw new UserError(
      `${source}: the cluster name "${clusterName}" is not a valid Cluster API cluster name (lower-case letters, digits and "-"); rename it for deployment.method cluster-api`,
    );
  }
  return clusterName;
}

/** kubectl apply -f reads a symlink to a directory as a file: it gets the directory itself. */
function realDirectory(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir; // preflight says it is missing
  }
}

export interface ClusterApiOptions {
  /** --management-kubeconfig / input management-kubeconfig: wins over the config. */
  managementKubeconfig?: string;
  clusterctl?: string;
  kind?: string;
}

export function resolveClusterApiSettings(
  config: ClusterConfig,
  options: ClusterApiOptions,
  where: { source: string; clusterName: string; clusterDir: string; clusterStateDir: string },
): ClusterApiSettings {
  const source = where.source;
  const capi = config.deployment.cluster_api;
  if (!capi)
    throw new UserError(
      `${source}: deployment.method is cluster-api but ${FIELD} is not set; add it (at least ${FIELD}.management and ${FIELD}.openstack, see the README)`,
    );
  capiClusterName(where.clusterName, source);
  const { kubeconfig, bootstrap } = capi.management;
  let management: ClusterApiSettings['management'];
  if (options.managementKubeconfig !== undefined) {
    if (!options.managementKubeconfig.trim())
      throw new UsageError(
        "the management kubeconfig path is empty; give the path of an existing management cluster's kubeconfig",
      );
    management = {
      kind: 'existing',
      kubeconfig: path.resolve(options.managementKubeconfig),
      source: '--management-kubeconfig (input management-kubeconfig)',
    };
  } else if (kubeconfig && bootstrap) {
    throw new UserError(
      `${source}: ${FIELD}.management sets both kubeconfig and bootstrap; set kubeconfig for an existing management cluster, or bootstrap: kind for an ephemeral one, not both`,
    );
  } else if (kubeconfig) {
    management = {
      kind: 'existing',
      kubeconfig: path.resolve(path.dirname(source), kubeconfig),
      source: `${FIELD}.management.kubeconfig`,
    };
  } else if (bootstrap === 'kind') {
    management = { kind: 'kind', clusterName: kindClusterName(where.clusterName) };
    // The pivot runs clusterctl init on the workload cluster: cert-manager (and the providers) need a node without
    // the control plane's NoSchedule taint, or init times out at the very end, and in CI the cluster is left with
    // nothing managing it (CAPI `docs/book/src/clusterctl/commands/move.md`: "at least one worker node").
    if (capi.worker_machine_count < 1)
      throw new UserError(
        `${source}: ${FIELD}.worker_machine_count: 0 with management.bootstrap: kind cannot pivot (clusterctl init on the workload cluster needs a worker to schedule cert-manager and the providers); set at least 1 worker, or use an existing management cluster (management.kubeconfig)`,
      );
  } else {
    throw new UserError(
      `${source}: ${FIELD}.management is not set; set management.kubeconfig (an existing management cluster), or management.bootstrap: kind (an ephemeral kind cluster, pivoted into the workload cluster), or pass --management-kubeconfig`,
    );
  }
  const version = config.opencenter.cluster?.kubernetes?.version;
  if (!version)
    throw new UserError(
      `${source}: opencenter.cluster.kubernetes.version is not set; Cluster API needs the workload cluster's Kubernetes version (like 1.35.0)`,
    );

  const variables: Record<string, string> = {};
  const variableFields: Record<string, string> = {};
  for (const [name, value] of Object.entries(capi.variables ?? {})) {
    if (FLAG_VARIABLES.includes(name))
      throw new UserError(
        `${source}: ${FIELD}.variables.${name}: set by cluster-deploy from the config (cluster name, namespace, kubernetes version, machine counts); remove it`,
      );
    if (isCredentialVariable(name)) {
      throw new UserError(
        `${source}: ${FIELD}.variables.${name}: credentials never go through template variables; cluster-deploy writes the cloud-config Secret itself (step capi-cloud-credentials)`,
      );
    }
    if (TOOL_VARIABLES.includes(name)) {
      throw new UserError(
        `${source}: ${FIELD}.variables.${name}: clusterctl reads ${name} from its environment, so it cannot be a template variable; rename it in the template and here`,
      );
    }
    const field = Object.entries(OPENSTACK_VARIABLES).find(([, variable]) => variable === name)?.[0];
    if (field)
      throw new UserError(
        `${source}: ${FIELD}.variables.${name}: set ${FIELD}.openstack.${field} instead (that field sets ${name}); remove it from variables`,
      );
    variables[name] = value;
    variableFields[name] = `${FIELD}.variables.${name}`;
  }
  const cloudName = capi.openstack.cloud ?? 'openstack';
  for (const [field, name] of Object.entries(OPENSTACK_VARIABLES)) {
    const value = field === 'cloud' ? cloudName : capi.openstack[field as keyof typeof OPENSTACK_VARIABLES];
    variableFields[name] = `${FIELD}.openstack.${field}`;
    if (value !== undefined) variables[name] = value;
  }
  const providers = capi.providers;
  if (!providers.infrastructure.startsWith('openstack:')) {
    throw new UserError(
      `${source}: ${FIELD}.providers.infrastructure: "${providers.infrastructure}" is not the OpenStack provider; use openstack:vX.Y.Z (CAPO)`,
    );
  }
  const inClusterDir = (file: string) => path.resolve(where.clusterDir, file);
  return {
    management,
    namespace: capi.namespace,
    template: inClusterDir(capi.template),
    addonsDir: realDirectory(inClusterDir(capi.addons)),
    providers: {
      core: providers.core,
      bootstrap: providers.bootstrap,
      controlPlane: providers.control_plane,
      infrastructure: providers.infrastructure,
    },
    orcManifest: /^https:\/\//.test(providers.orc) ? providers.orc : inClusterDir(providers.orc),
    controlPlaneMachineCount: capi.control_plane_machine_count,
    workerMachineCount: capi.worker_machine_count,
    ...(capi.api_server_floating_ip && { apiServerFloatingIp: capi.api_server_floating_ip }),
    stallTimeouts: stallTimeouts(capi.stall_timeouts, source),
    kubernetesVersion: `v${version.replace(/^v/, '')}`,
    variables,
    variableFields,
    clusterctl: options.clusterctl ?? capi.clusterctl_path ?? 'clusterctl',
    kind: options.kind ?? capi.kind_path ?? 'kind',
    workDir: path.join(where.clusterStateDir, 'cluster-api'),
    cloudName,
  };
}

/** Each phase's stall limit: the config's, else the default; each between STALL_LIMITS. */
function stallTimeouts(given: Partial<Record<StallPhase, string>>, source: string): Record<StallPhase, number> {
  const limits = {} as Record<StallPhase, number>;
  for (const phase of STALL_PHASE_NAMES) {
    const text = given[phase] ?? STALL_PHASES[phase].defaultText;
    const ms = parseDuration(text, `${source}: ${stallField(phase)}`);
    if (ms < STALL_LIMITS.min || ms > STALL_LIMITS.max)
      throw new UserError(
        `${source}: ${stallField(phase)}: "${text}" must be between ${STALL_LIMITS.text} (the default, ${STALL_PHASES[phase].defaultText}, is at least what CAPO's own e2e allows for ${STALL_PHASES[phase].what})`,
      );
    limits[phase] = ms;
  }
  return limits;
}

/**
 * kind clusters are per machine and user, not per state dir: two deploys of one cluster from two
 * state dirs would share `capi-<cluster>`, and the first one's pivot would delete it under the other.
 * This lock, in the user's default state root (`defaultStateDir`; a dot name no organization can have), makes
 * the second one stop at once.
 */
export function kindLockPath(capi: ClusterApiSettings, userStateRoot: string): string | undefined {
  return capi.management.kind === 'kind'
    ? path.join(userStateRoot, '.kind-locks', `${capi.management.clusterName}.lock`)
    : undefined;
}

/** The kubeconfig of the management cluster: the given one, or the one kind writes into the private work dir. */
export function managementKubeconfig(capi: ClusterApiSettings): string {
  return capi.management.kind === 'existing'
    ? capi.management.kubeconfig
    : path.join(capi.workDir, 'management.kubeconfig');
}

/** Where capi-render keeps the rendered manifests (private: they name the cloud's networks and images). */
export function renderedManifests(capi: ClusterApiSettings): string {
  return path.join(capi.workDir, 'cluster.yaml');
}

/**
 * clusterctl's "value for variables [A, B] is not set" as an error naming each variable's config
 * field. Undefined when the output holds no such line.
 */
export function missingVariablesError(
  output: string,
  capi: ClusterApiSettings,
  templateName: string,
): UserError | undefined {
  const match = /value for variables \[([^\]]*)\] is not set/.exec(output);
  if (!match) return undefined;
  const names = match[1]!.split(/[\s,]+/).filter(Boolean);
  const described = names.map((name) => {
    if (name.startsWith('OS_'))
      return `${name} (credentials never go into the manifests: remove it from ${templateName}; the cloud-config Secrets carry them)`;
    if ((CREDENTIAL_VARIABLES as readonly string[]).includes(name)) {
      return `${name} (the template creates the cloud-config Secret itself: remove that Secret from ${templateName}; step capi-cloud-credentials writes it, and credentials never go through template variables)`;
    }
    const field = capi.variableFields[name];
    return field ? `${name} (set ${field})` : `${name} (set ${FIELD}.variables.${name})`;
  });
  return new UserError(
    `the template ${templateName} needs ${described.length === 1 ? 'a value' : 'values'} for ${described.join(', ')}`,
  );
}

/**
 * A Cluster API upgrade's target: given explicitly (--kubernetes-version, input kubernetes-version), and the config's
 * version too. Every deploy renders opencenter.cluster.kubernetes.version into the KubeadmControlPlane and
 * MachineDeployments, and CAPI's webhook accepts a lower version there (it refuses only a skipped minor), so a target
 * the config does not say would be rolled back by the next deploy.
 */
export function requireUpgradeTarget(given: string | undefined, capi: ClusterApiSettings, source: string): void {
  const configured = capi.kubernetesVersion.replace(/^v/, '');
  if (given === undefined)
    throw new UsageError(
      `upgrade with deployment.method cluster-api needs the target version: --kubernetes-version X.Y.Z (input kubernetes-version), the one opencenter.cluster.kubernetes.version in ${source} says (${configured} now)`,
    );
  if (given !== configured)
    throw new UsageError(
      `--kubernetes-version (input kubernetes-version) ${given} is not opencenter.cluster.kubernetes.version ${configured} in ${source}: every deploy renders the config's version, so set it to ${given} there (and deployment.cluster_api.openstack.image_name to an image with kubeadm and kubelet ${given}), then upgrade`,
    );
}
