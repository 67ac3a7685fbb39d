import { promises as fs } from 'node:fs';
import { UserError } from '../../lib/errors.js';
import { displayPath, pathExists, readTextFile } from '../../lib/files.js';
import type { DeploySettings } from '../../model/settings.js';
import { KUBECONFIG_FILE } from '../../lib/yaml.js';
import type { Step, StepContext, StepPlan } from '../../model/step.js';
import { CapiCommands } from '../../capi/management.js';
import { maskKubeconfig } from './shared.js';
import { ensureProviders } from './init.js';

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
