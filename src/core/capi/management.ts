import { promises as fs } from 'node:fs';
import path from 'node:path';
import { type CommandSpec, type Exec, failureLine } from '../lib/command.js';
import { UserError } from '../lib/errors.js';
import { displayPath, writePrivateFile } from '../lib/files.js';
import { kubectlCommand } from '../kube/nodes.js';
import { serverVersionFromKubectl } from '../kube/version.js';
import { managementRange, requireSupportedManagementKubernetes } from '../model/capi-versions.js';
import {
  isCredentialVariable,
  managementKubeconfig,
  missingVariablesError,
  PROVIDER_ROLES,
  renderedManifests,
  type ClusterApiSettings,
} from '../model/cluster-api.js';
import { kubectlEnvironment } from '../model/environment.js';
import type { DeploySettings } from '../model/settings.js';
import type { ClusterApiState } from '../model/state.js';
import { stringify as toYaml } from 'yaml';
import { manifestDocuments, manifestObjects, objectAddress } from './manifests.js';
import { CLUSTER_NAME_LABEL, WATCHED_TYPES } from './status.js';
import { nameTemplatesBySpec } from './template-names.js';
import { checkRenderedValueTypes } from './value-types.js';
import { setApiServerFloatingIp } from './api-address.js';

// The management cluster's client: every kubectl and clusterctl command of the Cluster API steps and the preview,
// built here, so a step's plan() shows exactly what its run() runs; and the manifests rendered from the template.

/** The field manager of every server-side apply: ours, so a later apply of ours owns the same fields. */
const FIELD_MANAGER = 'cluster-deploy';
/** The flags of every server-side apply (and its `kubectl diff`): our field manager, conflicts forced (see apply()). */
export const SERVER_SIDE_APPLY = ['--server-side', `--field-manager=${FIELD_MANAGER}`, '--force-conflicts'] as const;
/** Marks objects `clusterctl move` carries along (the credentials Secret is not owned by the Cluster). */
export const MOVE_LABEL = 'clusterctl.cluster.x-k8s.io/move';

export function capiOf(settings: DeploySettings): ClusterApiSettings {
  if (!settings.clusterApi) throw new Error('cluster-api step built without cluster-api settings');
  return settings.clusterApi;
}

/**
 * Where the cluster's Cluster API objects are: after the pivot of an ephemeral kind cluster the workload cluster
 * itself (its kubeconfig), else the management cluster.
 */
export function objectsKubeconfig(settings: DeploySettings, record: ClusterApiState | undefined): string {
  const capi = capiOf(settings);
  return capi.management.kind === 'kind' && record?.pivotedAt ? settings.kubeconfigPath : managementKubeconfig(capi);
}

/** kubectl's answers meaning "no Cluster API on this cluster": its CRDs are not installed. */
export const NO_CLUSTER_API = /no matches for kind|ensure CRDs are installed first|doesn't have a resource type/;

/** Commands of the cluster-api steps, built in one place so plan() shows exactly what run() runs. */
export class CapiCommands {
  readonly capi: ClusterApiSettings;
  readonly env: Record<string, string>;
  readonly cwd: string;
  readonly management: string;

  constructor(private readonly settings: DeploySettings) {
    this.capi = capiOf(settings);
    // No cloud credential for kubectl, clusterctl or kind: CAPO reads them from the Secret capi-cloud-credentials
    // writes, and the CCM from kube-system/cloud-config; none of these commands talks to OpenStack.
    this.env = kubectlEnvironment(settings);
    this.cwd = settings.clusterDir;
    this.management = managementKubeconfig(this.capi);
  }

  get workload(): string {
    return this.settings.kubeconfigPath;
  }

  kubectl(kubeconfig: string, ...args: string[]): CommandSpec {
    return kubectlCommand(this.settings.kubectl, kubeconfig, this.cwd, this.env, ...args);
  }

  /**
   * Forced: these objects are the deploy's (the config is their source of truth), so a field another manager changed
   * (a `kubectl edit`, a client-side `kubectl apply`, whose fields kubectl migrates only to its default manager) is
   * taken back instead of failing the apply with a conflict, as the Kubernetes server-side apply docs advise for
   * objects a controller owns ("Conflicts", "Using Server-Side Apply in a controller"). Fields we do not set keep
   * their managers. The plan's and the check's `kubectl diff` force too, so they show what this apply does.
   */
  apply(kubeconfig: string, file: string): CommandSpec {
    return this.kubectl(kubeconfig, 'apply', ...SERVER_SIDE_APPLY, '-f', file);
  }

  clusterctl(...args: string[]): CommandSpec {
    return { argv: [this.capi.clusterctl, ...args], cwd: this.cwd, env: this.env };
  }

  kind(...args: string[]): CommandSpec {
    return { argv: [this.capi.kind, ...args], cwd: this.cwd, env: this.env };
  }

  init(kubeconfig: string): CommandSpec {
    const providers = PROVIDER_ROLES.flatMap(({ role, flag }) => [flag, this.capi.providers[role]]);
    const command = this.clusterctl('init', '--kubeconfig', kubeconfig, ...providers, '--wait-providers');
    // init fetches the providers' release assets from GitHub; with a token GitHub's rate limit is the token's
    // (CAPI `cmd/clusterctl/client/repository/repository_github.go`); no other command gets it.
    const token = this.settings.githubToken;
    return token ? { ...command, env: { ...command.env, GITHUB_TOKEN: token } } : command;
  }

  move(from: string, to: string): CommandSpec {
    return this.clusterctl('move', '--kubeconfig', from, '--to-kubeconfig', to, '--namespace', this.capi.namespace);
  }

  /** clusterctl generate cluster, with the template variables from the config in its environment. */
  render(): CommandSpec {
    const { capi, settings } = this;
    // Credentials must never reach the manifests, not even from the caller's environment: a template's
    // ${OS_PASSWORD} is a missing variable, never the password.
    const env = Object.fromEntries(Object.entries(this.env).filter(([name]) => !isCredentialVariable(name)));
    return {
      argv: [
        capi.clusterctl,
        'generate',
        'cluster',
        settings.clusterName,
        '--from',
        capi.template,
        '--kubernetes-version',
        capi.kubernetesVersion,
        '--control-plane-machine-count',
        String(capi.controlPlaneMachineCount),
        '--worker-machine-count',
        String(capi.workerMachineCount),
        '--target-namespace',
        capi.namespace,
      ],
      cwd: this.cwd,
      env: { ...env, ...capi.variables },
    };
  }

  watch(kubeconfig: string): CommandSpec {
    return this.kubectl(kubeconfig, 'get', WATCHED_TYPES.join(','), '-n', this.capi.namespace, '-o', 'json');
  }

  deleteCluster(): CommandSpec {
    return this.kubectl(
      this.management,
      'delete',
      'clusters.cluster.x-k8s.io',
      this.settings.clusterName,
      '-n',
      this.capi.namespace,
      '--ignore-not-found',
      '--wait=false',
    );
  }

  get credentialsSecret(): string {
    return `${this.settings.clusterName}-cloud-config`;
  }

  /** Where the credentials Secret is written for kubectl: 0600 in the private work dir, removed right after. */
  get credentialsFile(): string {
    return path.join(this.capi.workDir, 'cloud-config.secret.json');
  }
}

/** Whether this run checks the existing management cluster's Kubernetes: a deploy and an upgrade, before init. */
export function checksManagementVersion(settings: DeploySettings): boolean {
  const capi = capiOf(settings);
  return capi.management.kind === 'existing' && (settings.operation === 'deploy' || settings.operation === 'upgrade');
}

/** What a dry run says of that check: it needs the cluster, so it is made when the step runs. */
export function managementVersionAction(settings: DeploySettings): string {
  const { core } = capiOf(settings).providers;
  return `read its Kubernetes version (kubectl version -o json) and refuse one ${core} does not support for a management cluster (${managementRange(core)}), before clusterctl-init installs anything`;
}

/**
 * The existing management cluster's Kubernetes (`kubectl version -o json`: a GET of its /version), refused when the
 * pinned Cluster API does not support it for a management cluster. Returns its gitVersion.
 */
export async function requireSupportedManagement(settings: DeploySettings, exec: Exec): Promise<string> {
  const commands = new CapiCommands(settings);
  const { capi, management } = commands;
  const cluster = `kubeconfig ${displayPath(management)}${capi.management.kind === 'existing' ? `, ${capi.management.source}` : ''}`;
  const result = await exec(commands.kubectl(management, 'version', '-o', 'json'), {
    capture: true,
    quiet: true,
    check: false,
  });
  if (result.exitCode !== 0)
    throw new UserError(
      `cannot read the Kubernetes version of the management cluster (${cluster}): ${failureLine(result)}`,
    );
  const gitVersion = serverVersionFromKubectl(result.stdout);
  requireSupportedManagementKubernetes({ core: capi.providers.core, gitVersion, cluster });
  return gitVersion;
}

/**
 * `clusterctl generate cluster` with the config's variables; the manifests are kept in the private
 * state dir. A missing variable names its config field; a template that makes the cloud-config
 * Secret itself is refused (the credentials would be in the manifests).
 */
/** A value with YAML syntax breaks the substituted template (clusterctl's own re-read, or ours). */
const YAML_HINT =
  '; check the template and the values substituted into it (deployment.cluster_api.openstack, .variables: quote ${VAR} in the template when a value has YAML syntax)';

export async function renderManifests(
  settings: DeploySettings,
  exec: Exec,
): Promise<{ file: string; text: string; objects: ReturnType<typeof manifestObjects> }> {
  const commands = new CapiCommands(settings);
  const { capi } = commands;
  const templateName = displayPath(capi.template);
  const template = await fs.stat(capi.template).catch(() => undefined);
  if (!template?.isFile()) {
    throw new UserError(
      `the Cluster API template ${templateName} ${template ? 'is not a file' : 'does not exist'}; put it in the cluster dir or set deployment.cluster_api.template`,
    );
  }
  const result = await exec(commands.render(), { capture: true, quiet: true, check: false });
  if (result.exitCode !== 0) {
    throw (
      missingVariablesError(`${result.tail.join('\n')}\n${result.stdout}`, capi, templateName) ??
      new UserError(
        `clusterctl generate cluster failed: ${failureLine(result)}${/failed to parse yaml/.test(result.tail.join('\n')) ? YAML_HINT : ''}`,
      )
    );
  }
  if (!result.stdout.trim())
    throw new UserError(
      `the template ${templateName} rendered nothing (is it empty?); it must make the Cluster ${settings.clusterName} from \${CLUSTER_NAME}`,
    );
  let objects: ReturnType<typeof manifestObjects>;
  try {
    objects = manifestObjects(
      result.stdout,
      `clusterctl generate cluster ${settings.clusterName} --from ${templateName}`,
    );
  } catch (error) {
    // The template may be fine and a value substituted into it not: a quote or ": " in an unquoted ${VAR}.
    if (!(error instanceof UserError)) throw error;
    throw new UserError(`${error.message}${YAML_HINT}`);
  }
  const secret = objects.find((o) => o.kind === 'Secret' && o.name === commands.credentialsSecret);
  if (secret) {
    throw new UserError(
      `the template ${templateName} creates ${objectAddress(secret)} itself (from OPENSTACK_CLOUD_YAML_B64): remove it from the template; step capi-cloud-credentials writes it, so credentials never pass through the manifests`,
    );
  }
  if (!objects.some((o) => o.kind === 'Cluster' && o.name === settings.clusterName)) {
    throw new UserError(
      `the template ${templateName} rendered no Cluster named ${settings.clusterName} (it must use \${CLUSTER_NAME})`,
    );
  }
  // Machine templates under names from their spec: CAPO forbids changing one in place, and CAPI rolls machines
  // only to a template of another name (see capi/template-names.ts).
  const source = `clusterctl generate cluster ${settings.clusterName} --from ${templateName}`;
  const documents = manifestDocuments(result.stdout, source).map((d) => d.value as Record<string, unknown>);
  checkRenderedValueTypes(documents, capi.variables, templateName);
  if (capi.apiServerFloatingIp) setApiServerFloatingIp(documents, capi.apiServerFloatingIp, templateName);
  refuseEvenStackedControlPlane(documents, templateName);
  for (const renamed of nameTemplatesBySpec(documents)) {
    const document = documents.find(
      (d) => d.kind === renamed.kind && (d.metadata as { name?: string } | undefined)?.name === renamed.to,
    ) as { metadata: { labels?: Record<string, string> } };
    document.metadata.labels = { ...document.metadata.labels, [CLUSTER_NAME_LABEL]: settings.clusterName };
  }
  const text = documents.map((d) => toYaml(d, { lineWidth: 0 })).join('---\n');
  const file = renderedManifests(capi);
  await writePrivateFile(file, text, 'rendered manifests');
  return { file, text, objects: manifestObjects(text, source) };
}

/**
 * KCP's webhook refuses an even replica count with stacked etcd (CAPI v1.12
 * `controlplane/kubeadm/internal/webhooks/kubeadmcontrolplane.go:298-307`), at create, after CAPO built the network,
 * router and load balancer: a template that fixes such a count is refused before anything is applied.
 */
function refuseEvenStackedControlPlane(documents: Record<string, unknown>[], templateName: string): void {
  for (const document of documents) {
    if (document.kind !== 'KubeadmControlPlane') continue;
    // biome-ignore lint/suspicious/noExplicitAny: a rendered object, open JSON.
    const spec = (document.spec ?? {}) as Record<string, any>;
    if (typeof spec.replicas !== 'number' || spec.replicas % 2 !== 0) continue;
    if (spec.kubeadmConfigSpec?.clusterConfiguration?.etcd?.external) continue;
    const name = (document.metadata as { name?: string } | undefined)?.name;
    throw new UserError(
      `the template ${templateName} renders KubeadmControlPlane ${name} with replicas ${spec.replicas}: Cluster API refuses an even count when etcd runs on the control plane machines; use an odd deployment.cluster_api.control_plane_machine_count (or fix the template's replicas)`,
    );
  }
}
