import { promises as fs } from 'node:fs';
import path from 'node:path';
import { stringify as toYaml } from 'yaml';
import { describeForbiddenChange, liveForbiddenChanges } from '../../capi/forbidden-changes.js';
import { CapiCommands, objectsKubeconfig } from '../../capi/management.js';
import { type DiffEntry, diffChanges, MANIFESTS_FILE, manifestDocuments } from '../../capi/manifests.js';
import { describeManagement, diffCommand, diffManifests, managementKubectl } from '../../capi/preview.js';
import { capiHealthFindings, capiProgress, parseCapiObjects } from '../../capi/status.js';
import { failureLine } from '../../lib/command.js';
import { errorMessage, UserError } from '../../lib/errors.js';
import { displayPath, pathExists, readTextFile, writePrivateFile } from '../../lib/files.js';
import { KUBECONFIG_FILE } from '../../lib/yaml.js';
import { kubeconfigSecrets } from '../../kube/kubeconfig.js';
import type { ChangeAction } from '../../model/changes.js';
import { renderedManifests } from '../../model/cluster-api.js';
import type { DeploySettings } from '../../model/settings.js';
import type { Step, StepContext, StepPlan } from '../../model/step.js';
import { CapiManagementClusterStep } from './management.js';

// operation check with deployment.method cluster-api: the management cluster found (never created), the rendered
// manifests diffed against it, the Cluster's conditions read. Nothing here writes to a cluster.

/**
 * A check's capi-management-cluster: finds the cluster holding the Cluster API objects and checks that it answers,
 * and creates nothing. An existing management cluster as a deploy checks it; after the pivot of an ephemeral kind
 * cluster the workload cluster itself; before it, the kind cluster on this machine. Without one the check is refused,
 * naming what is missing, as a Kubespray check is without a tofu state.
 */
export class CapiCheckManagementStep implements Step {
  readonly id = 'capi-management-cluster' as const;
  readonly title = 'Find the Cluster API management cluster (a check creates none)';
  readonly kind = 'check' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  async plan(): Promise<StepPlan> {
    const { capi, management, workload } = this.commands;
    if (capi.management.kind === 'existing') return new CapiManagementClusterStep(this.settings).plan();
    return {
      workingDir: this.commands.cwd,
      command: this.commands.kind('get', 'clusters'),
      reads: [workload],
      writes: [management],
      actions: [
        `after the pivot: the workload cluster holds its own objects (${workload}); before it: kind cluster ${capi.management.clusterName} on this machine (kind get kubeconfig), never created: without it the check is refused`,
        'then kubectl get --raw /readyz must say ok',
      ],
    };
  }

  async run(context: StepContext): Promise<string> {
    const { capi, management, workload } = this.commands;
    if (capi.management.kind === 'existing') return new CapiManagementClusterStep(this.settings).run(context);
    const name = this.settings.clusterName;
    const record = context.state.clusterApi;
    if (record?.pivotedAt) {
      if (!(await pathExists(workload)))
        throw new UserError(
          `${name} manages itself since the pivot at ${record.pivotedAt}, so its Cluster API objects are in the workload cluster, but its kubeconfig ${displayPath(workload)} is not on this machine: give the check the deploy's kubeconfig (--kubeconfig; in GitHub Actions the deploy's kubeconfig-passphrase, so the kubeconfig saved with its state is restored). The check changed nothing`,
        );
      this.mask(context, readTextFile(workload, KUBECONFIG_FILE), displayPath(workload));
      await this.requireReady(context, workload, `the workload cluster (${displayPath(workload)}), self-managed`);
      return `self-managed since the pivot at ${record.pivotedAt}: the workload cluster holds its Cluster API objects`;
    }
    const kindName = capi.management.clusterName;
    const clusters = await context.exec(this.commands.kind('get', 'clusters'), { capture: true, quiet: true });
    const found = clusters.stdout
      .split('\n')
      .map((line) => line.trim())
      .includes(kindName);
    if (!found) {
      const where = record?.kindCluster
        ? `the deploy made it${record.kindHost ? ` on ${record.kindHost}` : ''}${record.kindCreatedAt ? ` at ${record.kindCreatedAt}` : ''} and never pivoted`
        : 'no deploy of this cluster is recorded in the resume state';
      throw new UserError(
        `no management cluster to check ${name} against: the kind cluster ${kindName} (deployment.cluster_api.management.bootstrap: kind) does not exist on this machine (${where}). A check creates nothing: run it where the deploy ran, after a deploy that pivoted, or against an existing management cluster (--management-kubeconfig, input management-kubeconfig)`,
      );
    }
    const kubeconfig = await context.exec(this.commands.kind('get', 'kubeconfig', '--name', kindName), {
      capture: true,
      raw: true,
      quiet: true,
    });
    this.mask(context, kubeconfig.stdout, `kind get kubeconfig --name ${kindName}`);
    await writePrivateFile(management, kubeconfig.stdout, 'management kubeconfig');
    await this.requireReady(context, management, `kind cluster ${kindName}`);
    return `kind cluster ${kindName} (not pivoted)`;
  }

  private mask(context: StepContext, text: string, source: string): void {
    for (const secret of kubeconfigSecrets(text, source)) context.redactor.add(secret);
  }

  private async requireReady(context: StepContext, kubeconfig: string, what: string): Promise<void> {
    const ready = await context.exec(this.commands.kubectl(kubeconfig, 'get', '--raw', '/readyz'), {
      capture: true,
      quiet: true,
      check: false,
    });
    if (ready.exitCode !== 0 || ready.stdout.trim() !== 'ok')
      throw new UserError(
        `${what} holds the Cluster API objects, but is not reachable or not ready: ${failureLine(ready)}; the check changed nothing`,
      );
  }
}

const DRIFT_VERB: Record<ChangeAction, string> = {
  create: 'create',
  update: 'change',
  destroy: 'delete',
  replace: 'replace',
};

/**
 * check: `kubectl diff --server-side` of the rendered manifests against the cluster holding the objects (a dry-run
 * apply: nothing changes), each object a deploy would create or change a drift finding. A change CAPO forbids in
 * place (capi/forbidden-changes.ts) is a drift finding naming the field; that OpenStackCluster is left out of the
 * diff, which its webhook would refuse whole.
 */
export class CapiDriftStep implements Step {
  readonly id = 'capi-drift' as const;
  readonly title = 'Compare the Cluster API objects with the rendered manifests';
  readonly kind = 'check' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  private get manifests(): string {
    return renderedManifests(this.commands.capi);
  }

  private get diffFile(): string {
    return path.join(this.commands.capi.workDir, 'check-diff.yaml');
  }

  async plan(): Promise<StepPlan> {
    const { management, workload } = this.commands;
    return {
      workingDir: this.commands.cwd,
      command: diffCommand(this.settings, management, this.manifests),
      reads: [this.manifests, management],
      writes: [],
      actions: [
        `against ${workload} instead after a pivot; each object to create or change is a drift finding (names only); nothing is applied`,
        'first the rendered OpenStackClusters against the live ones: a change CAPO forbids in place is a drift finding naming the field',
      ],
    };
  }

  async run(context: StepContext): Promise<string> {
    const file = this.manifests;
    if (!(await pathExists(file)))
      throw new UserError(`the rendered manifests ${displayPath(file)} are missing; run the check's capi-render first`);
    const kubeconfig = objectsKubeconfig(this.settings, context.state.clusterApi);
    const text = readTextFile(file, MANIFESTS_FILE);
    const forbidden = await liveForbiddenChanges(
      context.exec,
      managementKubectl(this.settings, kubeconfig),
      text,
      displayPath(file),
      describeManagement(this.settings, kubeconfig),
    );
    const { report } = context;
    const refused = (d: { kind?: string; metadata?: { name?: string; namespace?: string } }) =>
      d.kind === 'OpenStackCluster' &&
      forbidden.some((f) => f.name === d.metadata?.name && f.namespace === d.metadata?.namespace);
    for (const { object, changes } of forbidden)
      for (const change of changes)
        report.findings.push({
          kind: 'drift',
          subject: `${object} ${change.field}`,
          message: `the config changes ${object} ${describeForbiddenChange(change)}, which CAPO forbids in place: a deploy refuses it; put the setting back, or make a new cluster with it`,
        });
    let diffFile = file;
    if (forbidden.length > 0) {
      diffFile = this.diffFile;
      const kept = manifestDocuments(text, displayPath(file))
        .map((d) => d.value as { kind?: string; metadata?: { name?: string; namespace?: string } })
        .filter((d) => !refused(d));
      await writePrivateFile(diffFile, kept.map((d) => toYaml(d, { lineWidth: 0 })).join('---\n'), 'manifests');
    }
    let diff: Awaited<ReturnType<typeof diffManifests>>;
    try {
      // Forced (as the apply): a field someone changed by hand (another field manager) is drift to show, not a conflict.
      diff = await diffManifests(this.settings, context.exec, kubeconfig, diffFile);
    } finally {
      if (diffFile !== file) await fs.rm(diffFile, { force: true });
    }
    if (diff === 'no-cluster-api')
      throw new UserError(
        `${displayPath(kubeconfig)} has no Cluster API installed, so it holds no ${this.settings.clusterName}: check against the management cluster it was deployed with. The check changed nothing`,
      );
    const entries: DiffEntry[] = [
      ...forbidden.map(({ name, namespace }) => ({
        kind: 'OpenStackCluster',
        name,
        ...(namespace && { namespace }),
        action: 'update' as const,
      })),
      ...diff.entries,
    ];
    const changes = diffChanges(entries);
    report.drift = changes.rows.length > 0;
    report.infrastructure = changes;
    for (const row of changes.rows.slice(forbidden.length))
      report.findings.push({
        kind: 'drift',
        subject: row.address,
        message: `a deploy would ${DRIFT_VERB[row.action]} ${row.address} (kubectl diff --server-side of the rendered manifests)`,
      });
    if (!report.drift) return 'no drift';
    return `drift: ${changes.add} to create, ${changes.change} to change${forbidden.length ? ` (${forbidden.length} forbidden in place)` : ''}`;
  }
}

/**
 * check: the Cluster API objects of the cluster as the management cluster reports them: the Cluster's health
 * conditions that are False (quoted) and machines CAPI or CAPO gave up on, each a finding. A list that cannot be
 * read is an `unchecked` finding, as cluster-health does.
 */
export class CapiConditionsStep implements Step {
  readonly id = 'capi-conditions' as const;
  readonly title = "Read the Cluster's conditions";
  readonly kind = 'check' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  async plan(): Promise<StepPlan> {
    const { management } = this.commands;
    return {
      workingDir: this.commands.cwd,
      command: this.commands.watch(management),
      reads: [management],
      writes: [],
      actions: [
        "a finding for each of the Cluster's conditions Available, Ready, InfrastructureReady, ControlPlaneInitialized, ControlPlaneAvailable, ControlPlaneReady, WorkersAvailable, ControlPlaneMachinesReady, WorkerMachinesReady, RemoteConnectionProbe that is False (its reason and message quoted), and for each machine CAPI or CAPO gave up on",
      ],
    };
  }

  async run(context: StepContext): Promise<string> {
    const kubeconfig = objectsKubeconfig(this.settings, context.state.clusterApi);
    const name = this.settings.clusterName;
    const listed = await context.exec(this.commands.watch(kubeconfig), { capture: true, quiet: true, check: false });
    const unchecked = (why: string) => {
      context.report.findings.push({
        kind: 'unchecked',
        subject: 'cluster-api',
        message: `the Cluster API objects of ${name} could not be read (${why}), so their conditions were not checked`,
      });
      return 'not checked';
    };
    if (listed.exitCode !== 0) return unchecked(failureLine(listed));
    let objects: ReturnType<typeof parseCapiObjects>;
    try {
      objects = parseCapiObjects(listed.stdout);
    } catch (error) {
      return unchecked(errorMessage(error));
    }
    const findings = capiHealthFindings(objects, name, this.commands.capi.namespace);
    for (const finding of findings) context.report.findings.push({ kind: 'capi-condition', ...finding });
    const progress = capiProgress(objects, name).line;
    return findings.length === 0
      ? progress
      : `${findings.length} finding${findings.length === 1 ? '' : 's'}; ${progress}`;
  }
}
