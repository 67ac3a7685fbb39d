import { renderedManifests } from '../../model/cluster-api.js';
import type { DeploySettings } from '../../model/settings.js';
import type { Step, StepContext, StepPlan } from '../../model/step.js';
import { CapiCommands, renderManifests } from '../../capi/management.js';

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
