import { promises as fs } from 'node:fs';
import { errorMessage, InterruptedError, UserError } from '../../lib/errors.js';
import { displayPath, pathExists, readTextFile } from '../../lib/files.js';
import type { DeploySettings } from '../../model/settings.js';
import { KUBECONFIG_FILE } from '../../lib/yaml.js';
import type { Step, StepContext, StepPlan } from '../../model/step.js';
import { CapiCommands, NO_CLUSTER_API } from '../../capi/management.js';
import { maskKubeconfig, pollObjects } from './shared.js';
import { capiHealthFindings, capiProgress, parseCapiObjects } from '../../capi/status.js';
import { ensureProviders } from './init.js';
import { KeepClusterError } from './cleanup.js';
import { z } from 'zod';
import { failureLine } from '../../lib/command.js';
import { notJsonOf, parseToolJson } from '../../lib/tool-json.js';

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
    const done: string[] = [await ensureProviders(context, this.commands, workload)];
    const source = await this.clusterOn(context, management);
    const target = await this.clusterOn(context, workload);
    if (source) {
      // clusterctl move pauses the source Cluster, creates every object on the target, deletes them from the source
      // (the Cluster last), then unpauses the target (CAPI v1.12.0 `cmd/clusterctl/client/cluster/mover.go:339-419`).
      // A source Cluster still here means the move did not finish, whatever the target holds; a re-run updates
      // what exists there, but refuses a paused source (`:343`, checkClustersNotPaused): unpaused first.
      if (source.paused) {
        await this.setPaused(context, management, false);
        done.push('an interrupted move found (the Cluster paused in kind): unpaused to move again');
      }
      // A failed move may have stopped half-way: the source paused, part of the objects on the target (paused
      // there). Unpaused, the move runs once more (re-runnable); failing again, the source stays unpaused so CAPO in
      // kind can delete what it made (the cleanup); the copies on the target go with the workload cluster.
      let moved = await context.exec(this.commands.move(management, workload), { check: false });
      if (moved.exitCode !== 0 && !context.signal.aborted) {
        context.output.line(
          `      clusterctl move failed (${failureLine(moved)}); the move is re-runnable: moving again`,
        );
        await this.setPaused(context, management, false);
        const first = failureLine(moved);
        moved = await context.exec(this.commands.move(management, workload), { check: false });
        if (moved.exitCode === 0) done.push(`the first clusterctl move failed (${first}); moved again`);
      }
      if (moved.exitCode !== 0) {
        await this.setPaused(context, management, false);
        throw new UserError(`clusterctl move to the workload cluster failed twice: ${failureLine(moved)}`);
      }
      done.push('moved');
    } else if (target) {
      // Deleted from kind: the move got past its deletions; only the target's unpause may be missing (`:417-419`).
      if (target.paused) {
        await this.setPaused(context, workload, false);
        done.push('the interrupted move finished: the Cluster unpaused on the workload cluster');
      } else done.push('already moved');
    } else
      throw new KeepClusterError(
        `Cluster ${capi.namespace}/${this.settings.clusterName} is neither in kind cluster ${capi.management.clusterName} nor on the workload cluster: nothing to move; look for it with kubectl get clusters -A on both before deleting anything`,
      );
    context.state.clusterApi = { ...context.state.clusterApi, management: 'kind', pivotedAt: new Date().toISOString() };
    await context.exec(this.commands.kind('delete', 'cluster', '--name', capi.management.clusterName));
    await fs.rm(management, { force: true });
    const reported = await this.waitForTakeOver(context);
    return `${done.join('; ')}; kind cluster ${capi.management.clusterName} deleted: the cluster manages itself (${reported})`;
  }

  /**
   * clusterctl move carries no status: the objects arrive on the workload cluster without conditions, and its
   * controllers compute them again once the Cluster is unpaused (CAPI v1.12.0 `cmd/clusterctl/client/cluster/mover.go`
   * creates the objects from spec; the KubeadmControlPlane finds itself initialized again from the kubeadm-config
   * ConfigMap, `controlplane/kubeadm/internal/controllers/status.go:153-186`; until then the Cluster says
   * ControlPlaneInitialized False "Control plane not yet initialized", `internal/controllers/cluster/
   * cluster_controller_status.go:536-610`). The pivot is done when they report the Cluster as capi-wait and a check
   * read it: infrastructure ready, control plane initialized, every machine running, no health condition False.
   * Not so in time: the cluster has moved (nothing to clean up in kind), and the error says what it reports.
   */
  private async waitForTakeOver(context: StepContext): Promise<string> {
    const { capi, workload } = this.commands;
    const name = this.settings.clusterName;
    try {
      return await pollObjects(
        context,
        this.commands.watch(workload),
        `the workload cluster's controllers to report Cluster ${capi.namespace}/${name} after the move`,
        (json) => {
          const objects = parseCapiObjects(json);
          const progress = capiProgress(objects, name);
          const findings = capiHealthFindings(objects, name, capi.namespace);
          return {
            line: findings.length > 0 ? `${progress.line}; ${findings[0]!.message}` : progress.line,
            done: progress.done && findings.length === 0,
          };
        },
      );
    } catch (error) {
      if (error instanceof InterruptedError) throw error;
      throw new KeepClusterError(
        `the Cluster moved to the workload cluster, whose controllers have not reported it ready since: ${errorMessage(error)}; look at the providers there (kubectl get pods -A; clusterctl describe cluster ${name} -n ${capi.namespace})`,
      );
    }
  }

  /** The Cluster on one side of the move, and whether it is paused (spec.paused or the paused annotation). */
  private async clusterOn(context: StepContext, kubeconfig: string): Promise<{ paused: boolean } | undefined> {
    const { capi } = this.commands;
    const got = await context.exec(
      this.commands.kubectl(
        kubeconfig,
        'get',
        'clusters.cluster.x-k8s.io',
        this.settings.clusterName,
        '-n',
        capi.namespace,
        '-o',
        'json',
        '--ignore-not-found',
      ),
      { capture: true, quiet: true, check: false },
    );
    if (got.exitCode !== 0 && !NO_CLUSTER_API.test(got.tail.join('\n')))
      throw new KeepClusterError(
        `cannot read Cluster ${capi.namespace}/${this.settings.clusterName} (${displayPath(kubeconfig)}): ${failureLine(got)}; the move may have begun, so nothing was deleted: deploy again to resume the pivot`,
      );
    if (got.exitCode !== 0 || !got.stdout.trim()) return undefined;
    const cluster = parseToolJson(
      got.stdout,
      PausedSchema,
      notJsonOf('kubectl get cluster -o json', got.stdout, 'a Cluster'),
    );
    return {
      paused: cluster.spec?.paused === true || cluster.metadata?.annotations?.[PAUSED_ANNOTATION] !== undefined,
    };
  }

  private async setPaused(context: StepContext, kubeconfig: string, paused: boolean): Promise<void> {
    await context.exec(
      this.commands.kubectl(
        kubeconfig,
        'patch',
        'clusters.cluster.x-k8s.io',
        this.settings.clusterName,
        '-n',
        this.commands.capi.namespace,
        '--type=merge',
        '-p',
        JSON.stringify({ spec: { paused } }),
      ),
    );
  }
}

/** CAPI's pause marker besides spec.paused (`api/core/v1beta2/common_types.go` PausedAnnotation). */
const PAUSED_ANNOTATION = 'cluster.x-k8s.io/paused';

const PausedSchema = z.object({
  metadata: z
    .object({ annotations: z.record(z.string(), z.string()).optional() })
    .loose()
    .optional(),
  spec: z.object({ paused: z.boolean().optional() }).loose().optional(),
});

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
