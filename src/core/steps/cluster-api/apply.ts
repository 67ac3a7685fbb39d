import { renderedManifests } from '../../model/cluster-api.js';
import type { CommandSpec } from '../../lib/command.js';
import { InterruptedError, UserError } from '../../lib/errors.js';
import { displayPath, pathExists, readTextFile } from '../../lib/files.js';
import type { DeploySettings } from '../../model/settings.js';
import type { DeployState } from '../../model/state.js';
import { skipIf, type Step, type StepContext, type StepDecision, type StepPlan } from '../../model/step.js';
import { CapiCommands, NO_CLUSTER_API } from '../../capi/management.js';
import { API_FLOATING_IP_FIELD, apiAddressRefusal, versionChangeRefusal } from '../../capi/api-address.js';
import { parseCapiObjects } from '../../capi/status.js';
import { sleep } from '../../lib/poll.js';
import { failureLine } from '../../lib/command.js';
import { MANIFESTS_FILE, manifestDocuments } from '../../capi/manifests.js';
import { forbiddenChangesError, liveForbiddenChanges } from '../../capi/forbidden-changes.js';
import { describeManagement } from '../../capi/preview.js';
import { pivotInProgress } from './shared.js';

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
        "and a Kubernetes version other than the cluster's (that is operation upgrade, with its checks) is refused",
        `and a control-plane rollout (new version, machine template or kubeadm config) of a cluster whose API floating IP CAPO would delete with the old machine (no load balancer, no ${API_FLOATING_IP_FIELD}) is refused`,
        'declarative and idempotent: a re-run applies again (a changed config converges)',
      ],
    };
  }

  decide(state: DeployState): StepDecision | undefined {
    return skipIf(pivotInProgress(state, this.commands));
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
    const manifests = readTextFile(file, MANIFESTS_FILE);
    const kcps = manifestDocuments(manifests, displayPath(file))
      .map((d) => d.value as Record<string, unknown> | null)
      .filter((d): d is Record<string, unknown> => d?.kind === 'KubeadmControlPlane');
    const live = await context.exec(this.commands.watch(this.commands.management), {
      capture: true,
      quiet: true,
      check: false,
    });
    if (live.exitCode === 0) {
      const liveObjects = parseCapiObjects(live.stdout);
      const refused =
        versionChangeRefusal(kcps, liveObjects) ?? apiAddressRefusal(kcps, liveObjects, this.settings.clusterName);
      if (refused) throw refused;
    } else if (!NO_CLUSTER_API.test(live.tail.join('\n')))
      throw new UserError(`cannot read the Cluster API objects from the management cluster: ${failureLine(live)}`);
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
