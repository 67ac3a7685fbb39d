import { renderedManifests } from '../model/cluster-api.js';
import { UserError } from '../lib/errors.js';
import {
  type CapacityDemand,
  type CapacityReport,
  capacityRefusal,
  capacitySummary,
  exceededLines,
  renderCapacityText,
} from '../openstack/capacity.js';
import { checkCapacity } from '../openstack/capacity-check.js';
import type { FlavorLookup } from '../openstack/flavors.js';
import { describeQuotaReads } from '../openstack/quotas.js';
import type { DeploySettings } from '../model/settings.js';
import { planCapacityDemand } from '../tofu/capacity-demand.js';
import { readPlanJson } from '../tofu/plan-json.js';
import { deployPlanFile, tofuArgs, tofuCommand } from '../tofu/commands.js';
import { skipIf, type Step, type StepContext, type StepDecision, type StepPlan } from '../model/step.js';

/** The seam for the live quota reads (tests and the sandbox give their own). */
export type CapacityChecker = (
  settings: DeploySettings,
  demandOf: (flavors: FlavorLookup) => Promise<CapacityDemand>,
) => Promise<CapacityReport>;

export const liveCapacityChecker: CapacityChecker = (settings, demandOf) =>
  checkCapacity(settings.credentials, { timeoutMs: settings.authCheck.timeoutMs }, demandOf);

/**
 * `openstack-capacity`: after the plan, before anything changes in the cloud. What the change takes
 * from the project's quotas (the tofu plan, or the rendered Cluster API manifests as an estimate)
 * against the limits and usage the services report; an apply that would exceed a quota is refused
 * here, naming each quota and by how much, unless --ignore-capacity overrides it (loudly).
 */
export class CapacityStep implements Step {
  readonly id = 'openstack-capacity' as const;
  readonly title = "Check the change against the project's quotas";
  readonly kind = 'check' as const;

  constructor(
    private readonly settings: DeploySettings,
    private readonly checker: CapacityChecker = liveCapacityChecker,
  ) {}

  private get source(): string {
    return this.settings.clusterApi ? renderedManifests(this.settings.clusterApi) : deployPlanFile(this.settings);
  }

  async plan(): Promise<StepPlan> {
    const { settings } = this;
    if (!settings.authCheck.enabled) {
      return {
        workingDir: settings.clusterDir,
        reads: [],
        writes: [],
        actions: ['skip the quota check: no live OpenStack calls (--skip-auth-check)'],
      };
    }
    return {
      workingDir: settings.clusterDir,
      reads: [this.source],
      writes: [],
      actions: [
        settings.clusterApi
          ? `estimate what the rendered manifests take from the project's quotas (machines × flavor, CAPO's network, load balancer, floating IP, security groups), less what the cluster's objects hold now (kubectl get of its KubeadmControlPlane, MachineDeployments, OpenStackMachineTemplates and OpenStackCluster on the management cluster): a re-deploy adds only the difference`
          : `count what the plan creates, replaces and deletes per quota (flavors from Nova)`,
        `read the project's limits and usage: ${describeQuotaReads().join('; ')}`,
        `refuse the apply if a quota would be exceeded${settings.ignoreCapacity ? ' — OVERRIDDEN: ignore-capacity is set' : ''}`,
      ],
    };
  }

  private demandOf(context: StepContext): (flavors: FlavorLookup) => Promise<CapacityDemand> {
    const { settings } = this;
    if (settings.clusterApi) {
      const { clusterApi } = settings;
      return async (flavors) =>
        (await import('../capi/deploy-demand.js')).clusterApiDeployDemand(settings, clusterApi, context, flavors);
    }
    return async (flavors) => {
      const { found: _, ...base } = await tofuCommand(settings);
      const document = await readPlanJson(deployPlanFile(settings), (args, options) =>
        context.exec({ ...base, argv: [...base.argv, ...tofuArgs(settings, args)] }, options),
      );
      return planCapacityDemand(document, flavors);
    };
  }

  decide(): StepDecision | undefined {
    return skipIf(this.settings.authCheck.enabled ? undefined : '--skip-auth-check: no live OpenStack calls');
  }

  async run(context: StepContext): Promise<string> {
    const report = await this.checker(this.settings, this.demandOf(context));
    context.state.capacity = report;
    context.output.line(
      renderCapacityText(report)
        .trimEnd()
        .split('\n')
        .map((line) => `      ${line}`)
        .join('\n'),
    );
    for (const skipped of report.skipped) context.warn(`quota check incomplete: ${skipped.reason}`);
    if (report.exceeded.length > 0) {
      if (!this.settings.ignoreCapacity) throw new UserError(capacityRefusal(report));
      report.overridden = true;
      context.warn(
        `OVERRIDDEN (ignore-capacity): applying although the change exceeds the project's quotas: ${exceededLines(report).join('; ')}`,
      );
    }
    return capacitySummary(report);
  }
}
