import { promises as fs } from 'node:fs';
import { hostname } from 'node:os';
import type { CommandSpec } from '../../lib/command.js';
import { UserError } from '../../lib/errors.js';
import { displayPath, ensurePrivateDir, pathExists, readTextFile, writePrivateFile } from '../../lib/files.js';
import { runtimePaths, type DeploySettings } from '../../model/settings.js';
import type { ClusterApiState } from '../../model/state.js';
import { KUBECONFIG_FILE } from '../../lib/yaml.js';
import type { Step, StepContext, StepPlan } from '../../model/step.js';
import {
  CapiCommands,
  checksManagementVersion,
  managementVersionAction,
  requireSupportedManagement,
} from '../../capi/management.js';
import { failureLine } from '../../lib/command.js';
import { maskKubeconfig } from './shared.js';
import { KIND_NODE_IMAGE } from '../../model/capi-versions.js';

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
      // Pinned, not kind's default: kind v0.32.0's default (v1.36.1) is past what CAPI v1.12 supports for a
      // management cluster (model/capi-versions.ts).
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
        actions: [
          `check that the existing management cluster (${capi.management.source}) answers`,
          ...(checksManagementVersion(this.settings) ? [managementVersionAction(this.settings)] : []),
        ],
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
        management,
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
      // Known only from the cluster itself: refused here, before clusterctl-init installs anything on it.
      const version = checksManagementVersion(this.settings)
        ? `, Kubernetes ${await requireSupportedManagement(this.settings, context.exec)}`
        : '';
      if (context.state.clusterApi?.management === 'kind' && !context.state.clusterApi.pivotedAt) {
        context.warn(
          `the cluster was provisioned from kind cluster ${context.state.clusterApi.kindCluster}, which was never pivoted; the existing management cluster does not hold its objects`,
        );
      }
      context.state.clusterApi = { management: 'existing' };
      return `existing management cluster ready (${displayPath(management)}${version})`;
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
        raw: true,
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
