import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { capiProgress, CLUSTER_NAME_LABEL, parseCapiObjects } from '../capi/status.js';
import { PROVIDER_ROLES, renderedManifests, type ClusterApiSettings } from '../model/cluster-api.js';
import type { CommandSpec } from '../lib/command.js';
import { authMethod } from '../openstack/credentials.js';
import { formatDuration } from '../lib/duration.js';
import { InterruptedError, UserError } from '../lib/errors.js';
import { displayPath, ensurePrivateDir, pathExists, readTextFile, writePrivateFile } from '../lib/files.js';
import { kubeconfigEndpoint, kubeconfigSecrets } from '../kube/kubeconfig.js';
import type { Redactor } from '../lib/redact.js';
import { runtimePaths, type DeploySettings } from '../model/settings.js';
import type { ClusterApiState, DeployState } from '../model/state.js';
import { KUBECONFIG_FILE } from '../lib/yaml.js';
import type { Step, StepContext, StepPlan } from '../model/step.js';
import { CapiCommands, MOVE_LABEL, NO_CLUSTER_API, renderManifests } from '../capi/management.js';
import { CCM_CA_KEY, cloudConf, cloudsYaml } from '../openstack/cloud-files.js';
import { poll, sleep } from '../lib/poll.js';
import { failureLine } from '../lib/command.js';
import { notJsonOf, parseToolJson } from '../lib/tool-json.js';
import { diagnose, type ErroredServer, erroredServers, type RenderedValues } from '../capi/diagnose.js';
import { readServerFaults } from '../openstack/server-faults.js';
import { MANIFESTS_FILE, manifestObjects } from '../capi/manifests.js';
import { forbiddenChangesError, liveForbiddenChanges } from '../capi/forbidden-changes.js';
import { describeManagement } from '../capi/preview.js';
import type { CommandResult } from '../lib/command.js';

/** The management cluster's Kubernetes with bootstrap: kind. */
export const KIND_NODE_IMAGE = 'kindest/node:v1.36.1';

/**
 * Once capi-pivot has begun (and not finished), the objects may be half-way out of kind: applying
 * them to kind again would have two management clusters reconciling one cluster. The steps that
 * change or wait on the management cluster then leave it to the pivot, which resumes where it stopped.
 */
function pivotInProgress(state: DeployState, commands: CapiCommands): string | undefined {
  const pivot = state.steps['capi-pivot'];
  if (commands.capi.management.kind !== 'kind' || !pivot || pivot.status === 'success') return undefined;
  return 'left to capi-pivot, which had begun: the objects may be moving out of kind';
}

/** Registers a kubeconfig's keys with the redactor; a kubeconfig that does not parse is the caller's error to report. */
function maskKubeconfig(text: string, source: string, redactor: Redactor): void {
  for (const secret of kubeconfigSecrets(text, source)) redactor.add(secret);
}

/**
 * The management cluster: an existing one (reachable?), or an ephemeral kind cluster created here.
 * After a pivot a deploy uses the workload cluster itself; a destroy of a pivoted cluster gets a
 * fresh kind cluster to move the objects back into (CAPI's documented way to delete it).
 */
export class CapiManagementClusterStep implements Step {
  readonly id = 'capi-management-cluster' as const;
  readonly title = 'Provide the Cluster API management cluster';
  readonly kind = 'check' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  private get createCommand(): CommandSpec {
    const { capi, management } = this.commands;
    if (capi.management.kind !== 'kind') throw new Error('not a kind management cluster');
    return this.commands.kind(
      'create',
      'cluster',
      '--name',
      capi.management.clusterName,
      '--kubeconfig',
      management,
      // Pinned, not kind's default: a newer kind would bring a node image CAPI v1.12 may not support as a
      // management cluster (v1.36 from v1.12.8, CAPI `docs/book/src/reference/versions.md`); this is kind
      // v0.32.0's own default.
      '--image',
      KIND_NODE_IMAGE,
      '--wait',
      '5m',
    );
  }

  async plan(): Promise<StepPlan> {
    const { capi, management } = this.commands;
    if (capi.management.kind === 'existing') {
      return {
        workingDir: this.commands.cwd,
        command: this.commands.kubectl(management, 'get', '--raw', '/readyz'),
        reads: [management],
        writes: [],
        actions: [`check that the existing management cluster (${capi.management.source}) answers`],
      };
    }
    return {
      workingDir: this.commands.cwd,
      command: this.createCommand,
      reads: [],
      writes: [management],
      actions: [
        `reuse kind cluster ${capi.management.clusterName} if it exists (kind get clusters; kind get kubeconfig --name ${capi.management.clusterName})`,
        this.settings.operation === 'destroy'
          ? 'for a pivoted (self-managed) cluster: a fresh kind cluster, into which capi-move-back moves the objects'
          : `after a pivot: the workload cluster is its own management cluster (${this.commands.workload})`,
      ],
    };
  }

  async run(context: StepContext): Promise<string> {
    const { capi, management } = this.commands;
    if (capi.management.kind === 'existing') {
      if (!(await pathExists(management)))
        throw new UserError(
          `the management cluster's kubeconfig ${displayPath(management)} (${capi.management.source}) does not exist`,
        );
      maskKubeconfig(
        readTextFile(management, KUBECONFIG_FILE),
        `${displayPath(management)} (${capi.management.source})`,
        context.redactor,
      );
      const ready = await context.exec(this.commands.kubectl(management, 'get', '--raw', '/readyz'), {
        capture: true,
        quiet: true,
        check: false,
      });
      if (ready.exitCode !== 0 || ready.stdout.trim() !== 'ok') {
        throw new UserError(
          `the management cluster (kubeconfig ${displayPath(management)}, ${capi.management.source}) is not reachable or not ready: ${failureLine(ready)}`,
        );
      }
      if (context.state.clusterApi?.management === 'kind' && !context.state.clusterApi.pivotedAt) {
        context.warn(
          `the cluster was provisioned from kind cluster ${context.state.clusterApi.kindCluster}, which was never pivoted; the existing management cluster does not hold its objects`,
        );
      }
      context.state.clusterApi = { management: 'existing' };
      return `existing management cluster ready (${displayPath(management)})`;
    }

    const kindName = capi.management.clusterName;
    const record = context.state.clusterApi;
    // An upgrade changes a running cluster: with kind, only a pivoted one manages itself; before the pivot its objects
    // are in a kind cluster the deploy has not finished with (or lost), never in a fresh one.
    if (this.settings.operation === 'upgrade' && !record?.pivotedAt)
      throw new UserError(
        `${this.settings.clusterName} is not self-managed yet (no completed capi-pivot in the resume state): an upgrade with management.bootstrap: kind needs a deploy that got to the end first; run deploy, then upgrade`,
      );
    if (record?.pivotedAt && this.settings.operation !== 'destroy') {
      // Self-managed: the workload cluster holds its own Cluster API objects.
      if (!(await pathExists(this.commands.workload))) {
        throw new UserError(
          `${this.settings.clusterName} manages itself since the pivot at ${record.pivotedAt}, but its kubeconfig ${displayPath(this.commands.workload)} is not on this machine; pass it with --management-kubeconfig (input management-kubeconfig), or set kubeconfig-passphrase so it travels with the resume state`,
        );
      }
      const text = readTextFile(this.commands.workload, KUBECONFIG_FILE);
      maskKubeconfig(text, displayPath(this.commands.workload), context.redactor);
      await writePrivateFile(management, text, 'management kubeconfig');
      return `self-managed since the pivot at ${record.pivotedAt}: the workload cluster is the management cluster`;
    }

    await ensurePrivateDir(capi.workDir);
    const clusters = await context.exec(this.commands.kind('get', 'clusters'), { capture: true, quiet: true });
    if (
      clusters.stdout
        .split('\n')
        .map((l) => l.trim())
        .includes(kindName)
    ) {
      const kubeconfig = await context.exec(this.commands.kind('get', 'kubeconfig', '--name', kindName), {
        capture: true,
        quiet: true,
      });
      maskKubeconfig(kubeconfig.stdout, `kind get kubeconfig --name ${kindName}`, context.redactor);
      await writePrivateFile(management, kubeconfig.stdout, 'management kubeconfig');
      context.state.clusterApi = { ...record, management: 'kind', kindCluster: kindName };
      return `reused kind cluster ${kindName}`;
    }
    // A deploy that had begun applying, or any destroy (a fresh kind holds nothing to delete: the destroy would
    // report success while CAPO's servers stay), needs the lost kind cluster; a deploy before the apply does not.
    const applied = this.settings.operation === 'destroy' || context.state.steps['capi-apply'] !== undefined;
    if (record?.management === 'kind' && record.kindCreatedAt && !record.pivotedAt && applied) {
      throw new UserError(lostKindMessage(this.settings, record));
    }
    await context.exec(this.createCommand);
    await fs.chmod(management, 0o600);
    maskKubeconfig(readTextFile(management, KUBECONFIG_FILE), displayPath(management), context.redactor);
    context.state.clusterApi = {
      ...(record?.pivotedAt && { pivotedAt: record.pivotedAt }),
      management: 'kind',
      kindCluster: kindName,
      kindCreatedAt: new Date().toISOString(),
      kindHost: hostname(),
    };
    return `created kind cluster ${kindName}`;
  }
}

/** What was lost with an ephemeral kind cluster that was never pivoted, and what to do. */
function lostKindMessage(settings: DeploySettings, record: ClusterApiState): string {
  return [
    `the ephemeral kind management cluster ${record.kindCluster} (created ${record.kindCreatedAt}${record.kindHost ? ` on ${record.kindHost}` : ''}) is gone, before capi-pivot moved the Cluster API objects out of it:`,
    `the objects of ${settings.clusterName} went with it (most likely with the runner), so nothing manages the servers, networks and load balancers CAPO may already have created in the project.`,
    settings.operation === 'destroy'
      ? `Delete those (named after ${settings.clusterName}) in OpenStack, then delete the resume state (${runtimePaths(settings).statePath}, or its artifact);`
      : `Delete those (named after ${settings.clusterName}) in OpenStack, then deploy again with --restart (input restart: true);`,
    'to keep this from happening, use a durable management cluster (deployment.cluster_api.management.kubeconfig).',
  ].join(' ');
}

/** The Provider inventory clusterctl keeps, one object per installed provider. */
const ProviderListSchema = z.object({
  items: z.array(
    z.object({
      metadata: z.object({ name: z.string().optional(), namespace: z.string().optional() }).prefault({}),
      providerName: z.string().optional(),
      type: z.string().optional(),
      version: z.string().optional(),
    }),
  ),
});

export interface InstalledProvider {
  name: string;
  namespace: string;
  providerName: string;
  type: string;
  version: string;
}

export function parseProviders(json: string): InstalledProvider[] {
  const list = parseToolJson(
    json,
    ProviderListSchema,
    notJsonOf('kubectl get providers -A -o json', json, 'a provider list'),
  );
  return list.items.map((p) => ({
    name: p.metadata.name ?? '',
    namespace: p.metadata.namespace ?? '',
    providerName: p.providerName ?? '',
    type: p.type ?? '',
    version: p.version ?? '',
  }));
}

/**
 * Compares the installed providers with the pinned ones: which are missing, and a clear error for a
 * different version (clusterctl would refuse it; an upgrade is `clusterctl upgrade`, not a deploy).
 */
export function providerDecision(
  installed: readonly InstalledProvider[],
  capi: ClusterApiSettings,
): { missing: string[] } {
  const missing: string[] = [];
  for (const { role, type, field } of PROVIDER_ROLES) {
    const [name, version] = capi.providers[role].split(':') as [string, string];
    const found = installed.find((p) => p.type === type && p.providerName === name);
    if (!found) {
      missing.push(capi.providers[role]);
      continue;
    }
    if (found.version !== version) {
      throw new UserError(
        `the management cluster has ${name} ${found.version} installed (provider ${found.namespace}/${found.name}), but deployment.cluster_api.providers.${field} pins ${version}; cluster-deploy does not upgrade providers: pin ${name}:${found.version}, or upgrade with clusterctl upgrade apply first`,
      );
    }
  }
  return { missing };
}

/** `clusterctl init` unless the pinned providers are installed; then ORC, when configured. Returns what it did. */
async function ensureProviders(context: StepContext, commands: CapiCommands, kubeconfig: string): Promise<string> {
  const inventory = await context.exec(
    commands.kubectl(kubeconfig, 'get', 'providers.clusterctl.cluster.x-k8s.io', '-A', '-o', 'json'),
    { capture: true, quiet: true, check: false },
  );
  let installed: InstalledProvider[] = [];
  if (inventory.exitCode === 0) installed = parseProviders(inventory.stdout);
  else if (
    !/doesn't have a resource type|the server could not find the requested resource/.test(inventory.tail.join('\n'))
  ) {
    throw new UserError(`cannot read the clusterctl provider inventory: ${failureLine(inventory)}`);
  }
  const { missing } = providerDecision(installed, commands.capi);
  // ORC first, as CAPI's quick start does: CAPO's manager watches ORC's Images and fails without their CRD
  // (CAPO v0.14.7 `controllers/openstackserver_controller.go:204`), which init's wait alone may not show.
  let orc = '';
  if (commands.capi.orcManifest) {
    await context.exec(commands.apply(kubeconfig, commands.capi.orcManifest));
    orc = `ORC applied${await labelOrcForMove(context, commands, kubeconfig)}; `;
  }
  if (missing.length === 0) return `${orc}providers already installed at the pinned versions`;
  await context.exec(commands.init(kubeconfig));
  return `${orc}installed ${missing.join(', ')}`;
}

/**
 * clusterctl move takes the objects of CRDs labelled `clusterctl.cluster.x-k8s.io/move`; ORC's CRDs are not, and CAPO
 * says to label them (CAPO v0.14.7 `docs/book/src/clusteropenstack/configuration.md:154-158`), or the ORC objects
 * (images, servers) stay behind in kind at the pivot.
 */
async function labelOrcForMove(context: StepContext, commands: CapiCommands, kubeconfig: string): Promise<string> {
  const listed = await context.exec(commands.kubectl(kubeconfig, 'get', 'customresourcedefinitions', '-o', 'name'), {
    capture: true,
    quiet: true,
    check: false,
  });
  const orcDefinitions = listed.stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('.openstack.k-orc.cloud'));
  if (listed.exitCode !== 0 || orcDefinitions.length === 0) return '';
  await context.exec(commands.kubectl(kubeconfig, 'label', '--overwrite', ...orcDefinitions, `${MOVE_LABEL}=`));
  return `, its ${orcDefinitions.length} CRDs labelled ${MOVE_LABEL}`;
}

export class ClusterctlInitStep implements Step {
  readonly id = 'clusterctl-init' as const;
  readonly title = 'Install the Cluster API providers (clusterctl init)';
  readonly kind = 'check' as const;
  private readonly commands: CapiCommands;

  constructor(settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  async plan(): Promise<StepPlan> {
    const { management, capi } = this.commands;
    return {
      workingDir: this.commands.cwd,
      command: this.commands.init(management),
      reads: [management],
      writes: [],
      actions: [
        ...(capi.orcManifest
          ? [
              `first ${this.commands.apply(management, capi.orcManifest).argv.join(' ')} (ORC, which CAPO needs), its CRDs labelled ${MOVE_LABEL} for the pivot`,
            ]
          : []),
        'skip when kubectl get providers -A shows these providers at these versions; another version installed is an error (no silent upgrade)',
      ],
    };
  }

  skipWhen(state: DeployState): string | undefined {
    return pivotInProgress(state, this.commands);
  }

  async run(context: StepContext): Promise<string> {
    return ensureProviders(context, this.commands, this.commands.management);
  }
}

/** Applies objects holding credentials from a 0600 file in the private work dir, removed whatever happens. */
async function applyPrivately(
  context: StepContext,
  command: CommandSpec,
  file: string,
  objects: unknown,
): Promise<void> {
  await writePrivateFile(file, JSON.stringify(objects), 'credentials Secret');
  try {
    await context.exec(command);
  } finally {
    await fs.rm(file, { force: true });
  }
}

/**
 * The credentials become Secret `<cluster>-cloud-config` (`clouds.yaml`, `cacert`) for CAPO's
 * identityRef: written 0600 in the private work dir, applied server-side, removed at once. Never
 * logged, never in the state or the plan. Labelled so clusterctl move carries it along.
 */
export class CapiCloudCredentialsStep implements Step {
  readonly id = 'capi-cloud-credentials' as const;
  readonly title = 'Store the cloud credentials for CAPO';
  readonly kind = 'converge' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  async plan(): Promise<StepPlan> {
    const { management, credentialsFile, capi, credentialsSecret } = this.commands;
    return {
      workingDir: this.commands.cwd,
      command: this.commands.apply(management, credentialsFile),
      reads: this.settings.credentials.caCert ? [this.settings.credentials.caCert] : [],
      writes: [],
      actions: [
        `write Namespace ${capi.namespace} and Secret ${capi.namespace}/${credentialsSecret} (clouds.yaml for cloud "${capi.cloudName}", cacert; label ${MOVE_LABEL}) to ${credentialsFile} (0600), apply it, delete the file`,
      ],
    };
  }

  skipWhen(state: DeployState): string | undefined {
    return pivotInProgress(state, this.commands);
  }

  async run(context: StepContext): Promise<string> {
    const { capi, credentialsFile, credentialsSecret, management } = this.commands;
    const { credentials } = this.settings;
    const clouds = cloudsYaml(credentials, capi.cloudName);
    // CAPO reads a cacert that is not PEM as "no CA" (system roots); CAPO's env.rc writes a bare newline.
    const cacert = credentials.caCert
      ? readTextFile(credentials.caCert, { noun: 'CA bundle', plural: 'CA bundles', maxBytes: 4 * 1024 * 1024 })
      : '\n';
    const data = {
      'clouds.yaml': Buffer.from(clouds).toString('base64'),
      cacert: Buffer.from(cacert).toString('base64'),
    };
    context.redactor.add(data['clouds.yaml']);
    const labels = { [CLUSTER_NAME_LABEL]: this.settings.clusterName, [MOVE_LABEL]: '' };
    const list = {
      apiVersion: 'v1',
      kind: 'List',
      items: [
        { apiVersion: 'v1', kind: 'Namespace', metadata: { name: capi.namespace } },
        {
          apiVersion: 'v1',
          kind: 'Secret',
          type: 'Opaque',
          metadata: { name: credentialsSecret, namespace: capi.namespace, labels },
          data,
        },
      ],
    };
    await applyPrivately(context, this.commands.apply(management, credentialsFile), credentialsFile, list);
    return `Secret ${capi.namespace}/${credentialsSecret} applied (cloud "${capi.cloudName}", ${authMethod(credentials) ?? 'no auth method'})`;
  }
}

export class CapiRenderStep implements Step {
  readonly id = 'capi-render' as const;
  readonly title = 'Render the cluster manifests (clusterctl generate cluster)';
  readonly kind = 'check' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  async plan(): Promise<StepPlan> {
    const { capi } = this.commands;
    return {
      workingDir: this.commands.cwd,
      command: this.commands.render(),
      reads: [capi.template],
      writes: [renderedManifests(capi)],
    };
  }

  async run(context: StepContext): Promise<string> {
    const { objects } = await renderManifests(this.settings, context.exec);
    const kinds = new Map<string, number>();
    for (const o of objects) kinds.set(o.kind, (kinds.get(o.kind) ?? 0) + 1);
    return `${objects.length} objects (${[...kinds].map(([kind, n]) => (n > 1 ? `${n} ${kind}` : kind)).join(', ')})`;
  }
}

/** Applies right after init can meet webhooks that are not serving yet (CAPI #3720): retried, briefly. */
const WEBHOOK_RETRIES = 5;

export class CapiApplyStep implements Step {
  readonly id = 'capi-apply' as const;
  readonly title = 'Apply the cluster manifests to the management cluster';
  readonly kind = 'converge' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  private get command(): CommandSpec {
    return this.commands.apply(this.commands.management, renderedManifests(this.commands.capi));
  }

  async plan(): Promise<StepPlan> {
    return {
      workingDir: this.commands.cwd,
      command: this.command,
      reads: [renderedManifests(this.commands.capi), this.commands.management],
      writes: [],
      actions: [
        'first the rendered OpenStackClusters against the live ones: a change CAPO forbids in place (its webhook) is refused, naming the field, before anything is applied',
        'declarative and idempotent: a re-run applies again (a changed config converges)',
      ],
    };
  }

  skipWhen(state: DeployState): string | undefined {
    return pivotInProgress(state, this.commands);
  }

  async run(context: StepContext): Promise<string> {
    const file = renderedManifests(this.commands.capi);
    if (!(await pathExists(file)))
      throw new UserError(`the rendered manifests ${displayPath(file)} are missing; run step capi-render first`);
    // Before anything is applied: CAPO's webhook would refuse the OpenStackCluster and kubectl apply the rest.
    const refused = forbiddenChangesError(
      await liveForbiddenChanges(
        context.exec,
        (...args) => this.commands.kubectl(this.commands.management, ...args),
        readTextFile(file, MANIFESTS_FILE),
        displayPath(file),
        describeManagement(this.settings, this.commands.management),
      ),
    );
    if (refused) throw refused;
    for (let attempt = 1; ; attempt++) {
      const result = await context.exec(this.command, { check: false });
      if (result.exitCode === 0) return `applied to the management cluster (${displayPath(this.commands.management)})`;
      if (context.signal.aborted) throw new InterruptedError();
      const webhook = result.tail.some((l) => l.includes('failed calling webhook'));
      if (!webhook || attempt >= WEBHOOK_RETRIES)
        throw new UserError(`kubectl apply to the management cluster failed: ${failureLine(result)}`);
      context.output.line(`      the providers' webhooks are not serving yet; applying again in ${attempt * 2} s`);
      await sleep(attempt * 2000, context.signal);
    }
  }
}

/**
 * Polls `objects` until `done` says so, with pauses from 0.5 s doubling up to the interval, a line
 * each time the progress changes, and a timeout naming the last progress. With `stall`, the same line
 * for `stall.ms` (no progress) calls `stall.onStall` with it (which throws).
 */
export async function pollObjects(
  context: StepContext,
  command: CommandSpec,
  what: string,
  check: (json: string) => { line: string; done: boolean },
  stall?: { ms: number; onStall: (last: string, lastJson: string) => Promise<never> },
): Promise<string> {
  const { timeoutMs, intervalMs } = context.settings.waitReady;
  let lastJson = '';
  const { value } = await poll<string>(
    async () => {
      const result = await context.exec(command, { capture: true, quiet: true, check: false });
      if (result.exitCode === 0) lastJson = result.stdout;
      const progress =
        result.exitCode === 0 ? check(result.stdout) : { line: `kubectl: ${failureLine(result)}`, done: false };
      return progress.done
        ? { done: true, value: progress.line, line: progress.line }
        : { done: false, line: progress.line };
    },
    {
      timeoutMs,
      intervalMs,
      signal: context.signal,
      onLine: (line) => context.output.line(`      ${line}`),
      timeoutError: (last) =>
        new UserError(`timeout after ${formatDuration(timeoutMs)} waiting for ${what}; last: ${last}`),
      ...(stall && { stall: { ms: stall.ms, onStall: (last: string) => stall.onStall(last, lastJson) } }),
    },
  );
  return value;
}

const WorkloadListSchema = z.object({
  items: z.array(
    z
      .object({
        metadata: z.object({ name: z.string().optional(), namespace: z.string().optional() }).loose().optional(),
        spec: z.object({ type: z.string().optional() }).loose().optional(),
      })
      .loose(),
  ),
});

function workloadObjects(json: string): z.infer<typeof WorkloadListSchema>['items'] {
  try {
    return WorkloadListSchema.parse(JSON.parse(json)).items;
  } catch {
    return [];
  }
}

const CinderVolumeListSchema = z.object({
  items: z.array(
    z
      .object({
        spec: z
          .object({
            csi: z.object({ driver: z.string().optional() }).loose().optional(),
            persistentVolumeReclaimPolicy: z.string().optional(),
            claimRef: z.object({ name: z.string(), namespace: z.string() }).loose().optional(),
          })
          .loose()
          .optional(),
      })
      .loose(),
  ),
});

/** Claims whose volumes the Cinder CSI made and deletes with them (reclaim policy Delete); none when PVs cannot be listed. */
async function cinderClaims(
  workload: (...args: string[]) => Promise<CommandResult>,
): Promise<{ name: string; namespace: string }[]> {
  const listed = await workload('get', 'persistentvolumes', '-o', 'json');
  if (listed.exitCode !== 0) return [];
  try {
    return CinderVolumeListSchema.parse(JSON.parse(listed.stdout))
      .items.filter(
        (pv) =>
          pv.spec?.csi?.driver === 'cinder.csi.openstack.org' && pv.spec.persistentVolumeReclaimPolicy === 'Delete',
      )
      .flatMap((pv) =>
        pv.spec?.claimRef ? [{ name: pv.spec.claimRef.name, namespace: pv.spec.claimRef.namespace }] : [],
      );
  } catch {
    return [];
  }
}

/** The machine template types whose names carry a hash of their spec. */
const TEMPLATE_TYPES = [
  'openstackmachinetemplates.infrastructure.cluster.x-k8s.io',
  'kubeadmconfigtemplates.bootstrap.cluster.x-k8s.io',
];

/** CAPO's manager, where clusterctl init puts it (the provider inventory's namespace for infrastructure-openstack). */
const CAPO_NAMESPACE = 'capo-system';
const CAPO_MANAGER = 'capo-controller-manager';

/** A machine CAPI or CAPO gave up on, with the objects as they were (for the diagnosis). */
export class MachineFailedError extends Error {
  constructor(
    message: string,
    readonly json: string,
  ) {
    super(message);
  }
}

/** The values the deploy rendered into the template, to name the field a CAPO message is about. */
function renderedValues(capi: ClusterApiSettings, cluster: string): RenderedValues {
  return {
    namespace: capi.namespace,
    cluster,
    controlPlaneFlavor: capi.variables.OPENSTACK_CONTROL_PLANE_MACHINE_FLAVOR,
    nodeFlavor: capi.variables.OPENSTACK_NODE_MACHINE_FLAVOR,
    image: capi.variables.OPENSTACK_IMAGE_NAME,
    cloud: capi.cloudName,
    externalNetworkId: capi.variables.OPENSTACK_EXTERNAL_NETWORK_ID,
  };
}

/**
 * What Nova says of the servers CAPO found in ERROR: their faults, one line each; what kept Nova from answering is
 * said with the command that shows the fault. No live call with --skip-auth-check.
 */
async function novaFaultLines(settings: DeploySettings, servers: readonly ErroredServer[]): Promise<string[]> {
  if (servers.length === 0) return [];
  const answers = settings.authCheck.enabled
    ? await readServerFaults(
        settings.credentials,
        servers.map((s) => s.id),
        { timeoutMs: settings.authCheck.timeoutMs },
      )
    : { servers: [], note: 'Nova not asked (--skip-auth-check: no live OpenStack calls)' };
  return servers.map((server) => {
    const answer = answers.servers.find((a) => a.id === server.id);
    const subject = `server ${server.name} (${server.id})`;
    if (answer?.fault) {
      const { code, created, message } = answer.fault;
      return `${subject} is ${answer.status ?? 'ERROR'}, fault${code !== undefined ? ` ${code}` : ''}${created ? ` at ${created}` : ''}: ${message}`;
    }
    if (answer?.status) return `${subject} is ${answer.status} with no fault recorded`;
    const why = answer?.note ?? answers.note ?? 'Nova not asked';
    return `${subject} is in ERROR and CAPO keeps no message; ${why}; see \`openstack server show ${server.id} -c fault\``;
  });
}

/** How long an interrupted run may spend starting the cleanup: a cancelled GitHub job gets seconds, not minutes. */
const INTERRUPTED_CLEANUP_MS = 5_000;

/**
 * Deletes the Cluster (never the manifests) and waits for CAPO to delete what it made, with progress; returns the
 * error to end the step with: the original one, saying what the cleanup did. Interrupted, it only has seconds
 * (GitHub gives a cancelled job about 10 s before it kills it): it starts the deletion, waits what it can, and
 * says what may be left.
 */
async function cleanUpUnmanaged(
  context: StepContext,
  commands: CapiCommands,
  name: string,
  failure: unknown,
): Promise<Error> {
  const interrupted = failure instanceof InterruptedError || context.signal.aborted;
  const original = failure instanceof Error ? failure : new Error(String(failure));
  const budget = interrupted ? INTERRUPTED_CLEANUP_MS : context.settings.waitReady.timeoutMs;
  const signal = AbortSignal.timeout(budget);
  const exec = (spec: CommandSpec) => context.exec(spec, { capture: true, quiet: true, check: false, signal });
  context.output.line(
    `      the kind management cluster dies with this runner: deleting Cluster ${commands.capi.namespace}/${name} so CAPO removes its servers, network, router and load balancers (up to ${formatDuration(budget)})`,
  );
  const deletion = await exec(commands.deleteCluster());
  let gone = false;
  let last = '';
  if (deletion.exitCode === 0 || /NotFound|not found/.test(deletion.tail.join('\n'))) {
    while (!signal.aborted) {
      const listed = await exec(commands.watch(commands.management));
      if (listed.exitCode === 0) {
        const left = remainingObjects(listed.stdout, name);
        if (left.line !== last) context.output.line(`      ${left.line}`);
        last = left.line;
        if (left.done) {
          gone = true;
          break;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, context.settings.waitReady.intervalMs)));
    }
  }
  const what = gone
    ? 'the Cluster was deleted and CAPO removed what it had made in the cloud; fix the cause and deploy again'
    : `the cleanup did not finish (${last || failureLine(deletion)}): servers, the network, router and load balancers named k8s-clusterapi-cluster-${commands.capi.namespace}-${name}* may be left in the cloud with nothing managing them; delete them (openstack server/router/network/loadbalancer delete) before deploying again`;
  // On a line of its own: after a diagnosis it would read as part of the last "Fix:" line.
  const message = interrupted ? what : `${original.message}\n  Cleanup: ${what}`;
  return interrupted ? new InterruptedError(message) : new UserError(message);
}

/** What of the Cluster is left while it is deleted: machines, servers, the Cluster itself. */
function remainingObjects(json: string, name: string): { line: string; done: boolean } {
  const objects = parseCapiObjects(json);
  const left = (kind: string) =>
    objects.filter(
      (o) =>
        o.kind === kind &&
        (o.metadata.labels?.[CLUSTER_NAME_LABEL] === name || (kind === 'Cluster' && o.metadata.name === name)),
    ).length;
  const machines = left('Machine');
  const servers = left('OpenStackServer');
  const cluster = left('Cluster');
  // CAPI removes the Cluster after everything it owns; waiting for all three keeps that true here too.
  return {
    line: `deleting: ${machines} machines, ${servers} servers left${cluster ? '' : ', Cluster gone'}`,
    done: cluster + machines + servers === 0,
  };
}

/**
 * Waits until the Cluster's infrastructure is ready, its control plane initialized and every machine
 * running. A Machine, OpenStackMachine or OpenStackServer that fails stops the wait at once with
 * CAPO's message. Nodes turn Ready only after capi-addons (CNI, cloud controller manager).
 */
export class CapiWaitStep implements Step {
  readonly id = 'capi-wait' as const;
  readonly title = 'Wait for the Cluster API machines';
  readonly kind = 'check' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  async plan(): Promise<StepPlan> {
    const { capi } = this.commands;
    return {
      workingDir: this.commands.cwd,
      command: this.commands.watch(this.commands.management),
      reads: [this.commands.management],
      writes: [],
      actions: [
        `poll until InfrastructureReady and ControlPlaneInitialized, ${capi.controlPlaneMachineCount} control plane and ${capi.workerMachineCount} worker machines Running; a failed machine (CAPO's InstanceCreateFailed, a failureMessage) fails at once, quoting CAPO's log, Events and conditions and, for a server in ERROR, Nova's fault (GET /servers/{id}${this.settings.authCheck.enabled ? '' : ': not with --skip-auth-check'}); timeout ${formatDuration(this.settings.waitReady.timeoutMs)}`,
      ],
    };
  }

  skipWhen(state: DeployState): string | undefined {
    return pivotInProgress(state, this.commands);
  }

  async run(context: StepContext): Promise<string> {
    const { capi, management } = this.commands;
    const name = this.settings.clusterName;
    try {
      const line = await pollObjects(
        context,
        this.commands.watch(management),
        `cluster ${name}`,
        (json) => {
          const progress = capiProgress(parseCapiObjects(json), name);
          if (progress.failure) throw new MachineFailedError(progress.failure, json);
          return progress;
        },
        {
          ms: capi.stallTimeoutMs,
          onStall: async (last, json) => {
            throw new UserError(
              `no progress for ${formatDuration(capi.stallTimeoutMs)} (deployment.cluster_api.stall_timeout): ${last}${await this.diagnosis(context, json)}`,
            );
          },
        },
      );
      const removed = await this.removeOldTemplates(context);
      return removed.length > 0 ? `${line}; old templates deleted: ${removed.join(', ')}` : line;
    } catch (error) {
      const failed =
        error instanceof MachineFailedError
          ? new UserError(`a machine failed: ${error.message}${await this.diagnosis(context, error.json)}`)
          : error;
      // Before the pivot, a kind management cluster dies with this runner: what CAPO made would be left with
      // nothing managing it. So the Cluster goes now (CAPO deletes its servers, network, router, load balancers).
      // Never after the pivot: the cluster manages itself, and deleting it would delete a running cluster.
      if (capi.management.kind === 'kind' && !context.state.clusterApi?.pivotedAt)
        throw await cleanUpUnmanaged(context, this.commands, name, failed);
      throw failed;
    }
  }

  /**
   * Machine templates of this cluster that the rendered manifests no longer name (a changed spec got a new name):
   * deleted once every machine is up to date, so none of them is in use.
   */
  async removeOldTemplates(context: StepContext): Promise<string[]> {
    const { capi, management } = this.commands;
    const file = renderedManifests(capi);
    if (!(await pathExists(file))) return [];
    const current = new Set(
      manifestObjects(readTextFile(file, MANIFESTS_FILE), displayPath(file)).map((o) => `${o.kind}/${o.name}`),
    );
    const listed = await context.exec(
      this.commands.kubectl(
        management,
        'get',
        TEMPLATE_TYPES.join(','),
        '-n',
        capi.namespace,
        '-l',
        `${CLUSTER_NAME_LABEL}=${this.settings.clusterName}`,
        '-o',
        'json',
      ),
      { capture: true, quiet: true, check: false },
    );
    if (listed.exitCode !== 0) return [];
    const removed: string[] = [];
    for (const object of parseCapiObjects(listed.stdout)) {
      if (current.has(`${object.kind}/${object.metadata.name}`)) continue;
      const type = TEMPLATE_TYPES.find((t) => t.startsWith(`${object.kind.toLowerCase()}s.`));
      if (!type) continue;
      const deleted = await context.exec(
        this.commands.kubectl(
          management,
          'delete',
          type,
          object.metadata.name,
          '-n',
          capi.namespace,
          '--ignore-not-found',
        ),
        { capture: true, quiet: true, check: false },
      );
      if (deleted.exitCode === 0) removed.push(`${object.kind} ${object.metadata.name}`);
    }
    return removed;
  }

  /** What CAPO left about the cluster (its log, Warning Events, error conditions) and the config field to fix. */
  async diagnosis(context: StepContext, objectsJson: string): Promise<string> {
    const { capi, management } = this.commands;
    const capture = async (spec: CommandSpec) => {
      const result = await context.exec(spec, { capture: true, quiet: true, check: false });
      return result.exitCode === 0 ? result.stdout : '';
    };
    const sinceSeconds = Math.ceil(context.settings.waitReady.timeoutMs / 1000) + 600;
    const [log, eventsJson] = await Promise.all([
      capture(
        this.commands.kubectl(
          management,
          'logs',
          '-n',
          CAPO_NAMESPACE,
          `deployment/${CAPO_MANAGER}`,
          '--tail=2000',
          `--since=${sinceSeconds}s`,
        ),
      ),
      capture(this.commands.kubectl(management, 'get', 'events', '-n', capi.namespace, '-o', 'json')),
    ]);
    const nova = await novaFaultLines(this.settings, erroredServers(objectsJson, this.settings.clusterName));
    const found = diagnose(renderedValues(capi, this.settings.clusterName), { log, eventsJson, objectsJson, nova });
    const lines = [
      ...found.nova.map((line) => `\n  Nova: ${line}`),
      ...found.evidence.slice(0, 10).map((line) => `\n  CAPO: ${line}`),
      ...found.advice.map((advice) => `\n  Fix: ${advice}`),
    ];
    if (lines.length === 0)
      return `\n  CAPO reported nothing about it (no error in its log, no Warning Event, no error condition): look at \`kubectl logs -n ${CAPO_NAMESPACE} deployment/${CAPO_MANAGER}\` on the management cluster`;
    return lines.join('');
  }
}

/** The workload cluster's kubeconfig from Secret `<cluster>-kubeconfig` (key `value`), written 0600 where Kubespray's would go. */
export class CapiWorkloadKubeconfigStep implements Step {
  readonly id = 'capi-workload-kubeconfig' as const;
  readonly title = 'Fetch the workload cluster kubeconfig';
  readonly kind = 'runner-local' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  private get command(): CommandSpec {
    return this.commands.kubectl(
      this.commands.management,
      'get',
      'secret',
      `${this.settings.clusterName}-kubeconfig`,
      '-n',
      this.commands.capi.namespace,
      '-o',
      'jsonpath={.data.value}',
    );
  }

  async plan(): Promise<StepPlan> {
    return {
      workingDir: this.commands.cwd,
      command: this.command,
      reads: [this.commands.management],
      writes: [this.settings.kubeconfigPath],
      actions: ['output captured, never logged'],
    };
  }

  async outputsPresent(): Promise<boolean> {
    return pathExists(this.settings.kubeconfigPath);
  }

  async run(context: StepContext): Promise<string> {
    const result = await context.exec(this.command, { capture: true, quiet: true, check: false });
    if (result.exitCode !== 0)
      throw new UserError(
        `cannot read Secret ${this.commands.capi.namespace}/${this.settings.clusterName}-kubeconfig from the management cluster: ${failureLine(result)}`,
      );
    const text = Buffer.from(result.stdout.trim(), 'base64').toString('utf8');
    const source = `Secret ${this.commands.capi.namespace}/${this.settings.clusterName}-kubeconfig`;
    if (!text.trim()) throw new UserError(`${source} has no kubeconfig in its value key`);
    maskKubeconfig(text, source, context.redactor);
    const endpoint = kubeconfigEndpoint(text, source);
    if (!endpoint) throw new UserError(`${source} names no API server`);
    await writePrivateFile(this.settings.kubeconfigPath, text, 'kubeconfig');
    return `server ${endpoint}`;
  }
}

/** The cluster dir's addons (a CNI, the OpenStack cloud controller manager) applied to the workload cluster. */
export class CapiAddonsStep implements Step {
  readonly id = 'capi-addons' as const;
  readonly title = 'Apply the addons to the workload cluster';
  readonly kind = 'converge' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  private get command(): CommandSpec {
    return this.commands.apply(this.commands.workload, this.commands.capi.addonsDir);
  }

  private get cloudConfigFile(): string {
    return path.join(this.commands.capi.workDir, 'ccm-cloud-config.secret.json');
  }

  async plan(): Promise<StepPlan> {
    return {
      workingDir: this.commands.cwd,
      command: this.command,
      reads: [this.commands.capi.addonsDir, this.settings.kubeconfigPath],
      writes: [],
      actions: [
        `then Secret kube-system/cloud-config (cloud.conf from the credentials, for the cloud controller manager) from ${this.cloudConfigFile} (0600), applied and deleted`,
      ],
    };
  }

  async run(context: StepContext): Promise<string> {
    const dir = this.commands.capi.addonsDir;
    const stat = await fs.stat(dir).catch(() => undefined);
    if (!stat?.isDirectory())
      throw new UserError(
        `the addons directory ${displayPath(dir)} does not exist; without a CNI and the cloud controller manager the nodes never turn Ready (set deployment.cluster_api.addons)`,
      );
    const applied = await context.exec(this.command, { check: false });
    if (applied.exitCode !== 0)
      throw new UserError(
        `kubectl apply of the addons ${displayPath(dir)} (deployment.cluster_api.addons) to the workload cluster failed: ${failureLine(applied)}`,
      );
    // After the addons: a placeholder kube-system/cloud-config among them must not replace the real one.
    const { credentials } = this.settings;
    const ca = credentials.caCert
      ? readTextFile(credentials.caCert, { noun: 'CA bundle', plural: 'CA bundles', maxBytes: 4 * 1024 * 1024 })
      : undefined;
    const conf = Buffer.from(cloudConf(credentials, ca !== undefined)).toString('base64');
    context.redactor.add(conf);
    const secret = {
      apiVersion: 'v1',
      kind: 'Secret',
      type: 'Opaque',
      metadata: { name: 'cloud-config', namespace: 'kube-system' },
      data: { 'cloud.conf': conf, ...(ca !== undefined ? { [CCM_CA_KEY]: Buffer.from(ca).toString('base64') } : {}) },
    };
    await applyPrivately(
      context,
      this.commands.apply(this.commands.workload, this.cloudConfigFile),
      this.cloudConfigFile,
      secret,
    );
    return `applied ${displayPath(dir)} and kube-system/cloud-config`;
  }
}

/**
 * kind only: makes the workload cluster manage itself before the runner (and kind) goes away:
 * clusterctl init on it, clusterctl move, then kind delete cluster. A failed pivot resumes here:
 * init skips what is installed, and a move already done is not done again.
 */
export class CapiPivotStep implements Step {
  readonly id = 'capi-pivot' as const;
  readonly title = 'Pivot: move Cluster API into the workload cluster';
  readonly kind = 'remote' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  async plan(): Promise<StepPlan> {
    const { management, workload, capi } = this.commands;
    const kindName = capi.management.kind === 'kind' ? capi.management.clusterName : '';
    return {
      workingDir: this.commands.cwd,
      command: this.commands.move(management, workload),
      reads: [management, workload],
      writes: [],
      actions: [
        `before: ${this.commands.init(workload).argv.join(' ')} (skipped when installed)`,
        `after: ${this.commands.kind('delete', 'cluster', '--name', kindName).argv.join(' ')}`,
      ],
    };
  }

  async run(context: StepContext): Promise<string> {
    const { management, workload, capi } = this.commands;
    if (capi.management.kind !== 'kind') return 'nothing to pivot: the management cluster is durable';
    const pivotedAt = context.state.clusterApi?.pivotedAt;
    if (pivotedAt) return `already self-managed since the pivot at ${pivotedAt}`;
    const has = async (kubeconfig: string) => {
      const got = await context.exec(
        this.commands.kubectl(
          kubeconfig,
          'get',
          'clusters.cluster.x-k8s.io',
          this.settings.clusterName,
          '-n',
          capi.namespace,
          '-o',
          'name',
          '--ignore-not-found',
        ),
        {
          capture: true,
          quiet: true,
          check: false,
        },
      );
      return got.exitCode === 0 && got.stdout.trim() !== '';
    };
    const done: string[] = [await ensureProviders(context, this.commands, workload)];
    if (await has(workload)) done.push('already moved');
    else {
      await context.exec(this.commands.move(management, workload));
      done.push('moved');
    }
    context.state.clusterApi = { ...context.state.clusterApi, management: 'kind', pivotedAt: new Date().toISOString() };
    await context.exec(this.commands.kind('delete', 'cluster', '--name', capi.management.clusterName));
    await fs.rm(management, { force: true });
    return `${done.join('; ')}; kind cluster ${capi.management.clusterName} deleted: the cluster manages itself`;
  }
}

/** destroy of a pivoted cluster: back into the fresh kind cluster, which then deletes it (CAPI's documented way). */
export class CapiMoveBackStep implements Step {
  readonly id = 'capi-move-back' as const;
  readonly title = 'Move Cluster API back from the self-managed cluster';
  readonly kind = 'remote' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  async plan(): Promise<StepPlan> {
    const { management, workload } = this.commands;
    return {
      workingDir: this.commands.cwd,
      command: this.commands.move(workload, management),
      reads: [workload, management],
      writes: [],
      actions: [
        `only for a pivoted cluster, after ${this.commands.init(management).argv.join(' ')} (skipped when installed); else nothing`,
      ],
    };
  }

  async run(context: StepContext): Promise<string> {
    const record = context.state.clusterApi;
    if (!record?.pivotedAt) return 'not pivoted: the management cluster holds the objects';
    const { management, workload } = this.commands;
    if (!(await pathExists(workload))) {
      throw new UserError(
        `${this.settings.clusterName} manages itself, and its kubeconfig ${displayPath(workload)} is not on this machine; pass it with --kubeconfig, or set kubeconfig-passphrase so it travels with the resume state`,
      );
    }
    maskKubeconfig(readTextFile(workload, KUBECONFIG_FILE), displayPath(workload), context.redactor);
    const done = await ensureProviders(context, this.commands, management);
    await context.exec(this.commands.move(workload, management));
    const { pivotedAt: _, ...rest } = record;
    context.state.clusterApi = rest;
    return `${done}; moved back into kind`;
  }
}

/**
 * Deletes the Cluster object (never `delete -f` of the manifests, which can leak cloud resources),
 * waits until CAPO has deleted the servers and load balancers and the Cluster is gone, then the
 * credentials Secret, then an ephemeral kind cluster.
 */
export class CapiDeleteClusterStep implements Step {
  readonly id = 'capi-delete-cluster' as const;
  readonly title = 'Delete the Cluster API cluster';
  readonly kind = 'remote' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  async plan(): Promise<StepPlan> {
    const { capi, credentialsSecret } = this.commands;
    return {
      workingDir: this.commands.cwd,
      command: this.commands.deleteCluster(),
      reads: [this.commands.management],
      writes: [],
      actions: [
        `wait (progress: machines and servers left) until the Cluster is gone; timeout ${formatDuration(this.settings.waitReady.timeoutMs)}`,
        `then delete Secret ${capi.namespace}/${credentialsSecret}`,
        ...(capi.management.kind === 'kind' ? [`then kind delete cluster --name ${capi.management.clusterName}`] : []),
      ],
    };
  }

  /**
   * The workload cluster's `LoadBalancer` Services (and the Cinder CSI volumes of its claims) deleted, and waited for,
   * while its cloud controller manager still runs: their Octavia load balancers sit on CAPO's network, which CAPO
   * then cannot delete (CAPO v0.14.7 deletes only its own API load balancer, `controllers/openstackcluster_controller.go`
   * reconcileDelete; #842), so the Cluster would never go. Best effort: a workload API that does not answer is said
   * and the deletion goes on.
   */
  private async deleteCloudResourcesOfWorkloads(context: StepContext): Promise<string> {
    const { capi, management } = this.commands;
    const name = this.settings.clusterName;
    const secret = await context.exec(
      this.commands.kubectl(
        management,
        'get',
        'secret',
        `${name}-kubeconfig`,
        '-n',
        capi.namespace,
        '-o',
        'jsonpath={.data.value}',
      ),
      { capture: true, quiet: true, check: false },
    );
    if (secret.exitCode !== 0 || !secret.stdout.trim()) return 'no workload kubeconfig Secret: no Services checked';
    const text = Buffer.from(secret.stdout.trim(), 'base64').toString('utf8');
    maskKubeconfig(text, `Secret ${capi.namespace}/${name}-kubeconfig`, context.redactor);
    const kubeconfig = path.join(capi.workDir, 'destroy-workload.kubeconfig');
    await writePrivateFile(kubeconfig, text, 'kubeconfig');
    try {
      const workload = (...args: string[]) =>
        context.exec(this.commands.kubectl(kubeconfig, '--request-timeout=30s', ...args), {
          capture: true,
          quiet: true,
          check: false,
        });
      const listed = await workload('get', 'services', '-A', '-o', 'json');
      if (listed.exitCode !== 0) {
        context.warn(
          `the workload cluster's API did not answer (${failureLine(listed)}): its LoadBalancer Services were not deleted first; if the Cluster's deletion stalls, delete their Octavia load balancers (openstack loadbalancer list)`,
        );
        return 'workload API unreachable: Services not checked';
      }
      const services = workloadObjects(listed.stdout).filter((o) => o.spec?.type === 'LoadBalancer');
      const claims = await cinderClaims(workload);
      const names = [
        ...services.map((o) => `Service ${o.metadata?.namespace}/${o.metadata?.name}`),
        ...claims.map((c) => `PersistentVolumeClaim ${c.namespace}/${c.name}`),
      ];
      if (names.length === 0) return 'no LoadBalancer Services or Cinder volumes';
      context.output.line(
        `      deleting first, while the cloud controller manager and the Cinder CSI still run: ${names.join(', ')}`,
      );
      const timeout = `--timeout=${Math.ceil(context.settings.waitReady.timeoutMs / 1000)}s`;
      for (const service of services) {
        const deleted = await workload(
          'delete',
          'service',
          String(service.metadata?.name),
          '-n',
          String(service.metadata?.namespace),
          '--wait=true',
          timeout,
        );
        if (deleted.exitCode !== 0)
          context.warn(
            `Service ${service.metadata?.namespace}/${service.metadata?.name}: ${failureLine(deleted)}; its Octavia load balancer may keep CAPO from deleting the network`,
          );
      }
      for (const claim of claims)
        await workload('delete', 'persistentvolumeclaim', claim.name, '-n', claim.namespace, '--wait=true', timeout);
      return `deleted first: ${names.join(', ')}`;
    } finally {
      await fs.rm(kubeconfig, { force: true });
    }
  }

  async run(context: StepContext): Promise<string> {
    const { capi, management, credentialsSecret } = this.commands;
    const name = this.settings.clusterName;
    const workloads = await this.deleteCloudResourcesOfWorkloads(context);
    const deletion = await context.exec(this.commands.deleteCluster(), { capture: true, quiet: true, check: false });
    if (deletion.exitCode !== 0) {
      if (!NO_CLUSTER_API.test(deletion.tail.join('\n')))
        throw new UserError(
          `kubectl delete of Cluster ${capi.namespace}/${name} on the management cluster failed: ${failureLine(deletion)}`,
        );
      // No Cluster API there, so no Cluster of ours: a deploy that stopped before clusterctl-init, or the wrong management cluster.
      if (capi.management.kind === 'kind') {
        await context.exec(this.commands.kind('delete', 'cluster', '--name', capi.management.clusterName));
        await fs.rm(management, { force: true });
        return `nothing to delete: kind cluster ${capi.management.clusterName} has no Cluster API installed (no deploy from this state got to clusterctl-init); kind cluster deleted`;
      }
      // Never "destroyed" on a guess: the resume state would be forgotten while the servers stay.
      throw new UserError(
        `the management cluster (${displayPath(management)}, ${capi.management.source}) has no Cluster API installed, so it holds no Cluster ${name}: destroy with the management cluster ${name} was deployed from; if no deploy got as far as clusterctl-init, nothing was created: delete the resume state (${displayPath(runtimePaths(this.settings).statePath)}) instead`,
      );
    }
    await pollObjects(context, this.commands.watch(management), `the deletion of cluster ${name}`, (json) =>
      remainingObjects(json, name),
    );
    await context.exec(
      this.commands.kubectl(
        management,
        'delete',
        'secret',
        credentialsSecret,
        '-n',
        capi.namespace,
        '--ignore-not-found',
      ),
    );
    if (capi.management.kind === 'kind') {
      await context.exec(this.commands.kind('delete', 'cluster', '--name', capi.management.clusterName));
      await fs.rm(management, { force: true });
    }
    return `${workloads}; Cluster ${capi.namespace}/${name} deleted, Secret ${credentialsSecret} deleted`;
  }
}
