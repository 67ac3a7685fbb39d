import { promises as fs } from 'node:fs';
import path from 'node:path';
import { CapiCommands, NO_CLUSTER_API } from '../../capi/management.js';
import { apiAddressRefusal } from '../../capi/api-address.js';
import { capiProgress, parseCapiObjects } from '../../capi/status.js';
import {
  controlPlaneRollout,
  type RolloutProgress,
  controlPlaneTemplateRef,
  installsKubernetesBySysext,
  partList,
  templateImage,
  upgradeParts,
  withV,
  workersRollout,
  type UpgradeParts,
} from '../../capi/upgrade.js';
import { clusterVersionsFromKubectl, compareVersions, parseKubeVersion, planUpgrade } from '../../kube/version.js';
import { failureLine } from '../../lib/command.js';
import { formatDuration } from '../../lib/duration.js';
import { UserError } from '../../lib/errors.js';
import { displayPath, pathExists, readTextFile, writePrivateFile } from '../../lib/files.js';
import { renderedManifests } from '../../model/cluster-api.js';
import type { DeploySettings } from '../../model/settings.js';
import type { Step, StepContext, StepPlan } from '../../model/step.js';
import { MANIFESTS_FILE } from '../../capi/manifests.js';
import { MachineFailedError, pollObjects, stallLimitsText, stallMessage } from './shared.js';
import { CapiWaitStep } from './wait.js';

/**
 * `operation: upgrade` with `deployment.method: cluster-api`. The version and the image change together: capi-render
 * renders both into machine templates named after their spec (capi/template-names.ts), so the KubeadmControlPlane and
 * MachineDeployments point at new templates and CAPI replaces every machine (CAPO boots the new ones from the new
 * image, which must hold kubeadm and kubelet at the new version). The control plane goes first, the workers after it
 * (kubeadm joins a node only at the control plane's minor; CAPI's MachineSet preflight checks hold the workers while
 * the control plane upgrades). Each part waits on CAPI's rollout with progress and the stall detection of capi-wait.
 * A failed upgrade deletes nothing: the cluster keeps running, and a re-run continues the rollout.
 */

const IMAGE_FIELD = 'deployment.cluster_api.openstack.image_name';

function readParts(settings: DeploySettings): UpgradeParts {
  const file = renderedManifests(new CapiCommands(settings).capi);
  return upgradeParts(readTextFile(file, MANIFESTS_FILE), displayPath(file));
}

async function requireRendered(settings: DeploySettings): Promise<void> {
  const file = renderedManifests(new CapiCommands(settings).capi);
  if (!(await pathExists(file)))
    throw new UserError(`the rendered manifests ${displayPath(file)} are missing; run step capi-render first`);
}

/** The target with its "v", as CAPI writes versions. */
function targetOf(settings: DeploySettings): string {
  return withV(parseKubeVersion(settings.kubernetesVersion ?? '', 'the target Kubernetes version').text);
}

/** The management cluster's objects of the cluster (capi-wait's list); no Cluster API there is an error naming it. */
async function readObjects(context: StepContext, commands: CapiCommands): Promise<string> {
  const listed = await context.exec(commands.watch(commands.management), { capture: true, quiet: true, check: false });
  if (listed.exitCode !== 0)
    throw new UserError(
      NO_CLUSTER_API.test(listed.tail.join('\n'))
        ? `the management cluster (${displayPath(commands.management)}) has no Cluster API installed, so no cluster to upgrade: give the one ${context.settings.clusterName} was deployed from`
        : `cannot read the Cluster API objects from the management cluster: ${failureLine(listed)}`,
    );
  return listed.stdout;
}

/**
 * Refuses what would not upgrade, before anything is applied: a downgrade or a skipped minor (the rule of
 * kube/version.ts, as for Kubespray, against the workload API's nodes and the KubeadmControlPlane's version), an
 * upgrade to the version the cluster runs, and a part whose version changes while its image does not.
 */
export class CapiUpgradeCheckStep implements Step {
  readonly id = 'capi-upgrade-check' as const;
  readonly title = 'Check the upgrade path and the new image';
  readonly kind = 'check' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  async plan(): Promise<StepPlan> {
    const { management, workload } = this.commands;
    return {
      workingDir: this.commands.cwd,
      command: this.commands.kubectl(workload, 'version', '-o', 'json'),
      reads: [workload, management, renderedManifests(this.commands.capi)],
      writes: [],
      actions: [
        `then kubectl get nodes -o json; refuse a downgrade or a skipped minor version on the way to v${this.settings.kubernetesVersion}, and a cluster already there`,
        `then the KubeadmControlPlane, MachineDeployments and their OpenStackMachineTemplates from the management cluster: refuse a part whose version changes while its image (${IMAGE_FIELD}) stays the same`,
      ],
    };
  }

  async run(context: StepContext): Promise<string> {
    await requireRendered(this.settings);
    const { management, workload, capi } = this.commands;
    const target = parseKubeVersion(this.settings.kubernetesVersion ?? '', 'the target Kubernetes version');
    const targetText = withV(target.text);
    const parts = readParts(this.settings);
    const kcpName = String(parts.controlPlane.kcp.metadata?.name);

    const objects = parseCapiObjects(await readObjects(context, this.commands));
    const live = (kind: string, name: unknown) => objects.find((o) => o.kind === kind && o.metadata.name === name);
    const kcp = live('KubeadmControlPlane', kcpName);
    if (!kcp)
      throw new UserError(
        `no KubeadmControlPlane ${capi.namespace}/${kcpName} on the management cluster (${displayPath(management)}): nothing to upgrade; deploy ${this.settings.clusterName} first`,
      );

    if (!(await pathExists(workload)))
      throw new UserError(
        `no kubeconfig at ${displayPath(workload)}: an upgrade reads the nodes' versions from the workload cluster (step capi-workload-kubeconfig writes it)`,
      );
    const kubectl = (...args: string[]) =>
      context.exec(this.commands.kubectl(workload, ...args), { capture: true, quiet: true });
    const current = clusterVersionsFromKubectl(
      (await kubectl('version', '-o', 'json')).stdout,
      (await kubectl('get', 'nodes', '-o', 'json')).stdout,
    );
    // The KubeadmControlPlane's spec.version is what CAPI rolls to; a higher one (an earlier upgrade to a later
    // version, not finished) counts as the cluster's for the downgrade rule, as a node's kubelet does.
    const kcpVersion = (kcp.spec as { version?: unknown } | undefined)?.version;
    const specVersions = [
      { name: `KubeadmControlPlane ${kcpName}`, version: kcpVersion },
      ...parts.workers.map(({ md }) => {
        const liveMd = live('MachineDeployment', md.metadata?.name);
        const version = (liveMd?.spec as { template?: { spec?: { version?: unknown } } } | undefined)?.template?.spec
          ?.version;
        return { name: `MachineDeployment ${md.metadata?.name}`, version };
      }),
    ].filter((s): s is { name: string; version: string } => typeof s.version === 'string');
    const todo = planUpgrade(
      target,
      {
        ...current,
        nodes: [
          ...current.nodes,
          ...specVersions.map((s) => ({ name: s.name, kubelet: s.version, ready: true, controlPlane: false })),
        ],
      },
      "Cluster API (kubeadm, and the KubeadmControlPlane's webhook)",
    );
    const behind = specVersions.filter((s) => compareVersions(parseKubeVersion(s.version, s.name), target) !== 0);
    const nodesBehind = [...todo.controlPlane, ...todo.workers].filter((n) => !specVersions.some((s) => s.name === n));
    if (behind.length === 0 && nodesBehind.length === 0 && context.state.upgradeTarget !== target.text)
      throw new UserError(
        `${this.settings.clusterName} already runs ${targetText} (the API server, every node, the KubeadmControlPlane and the MachineDeployments): nothing to upgrade; to change only the image or a flavor, deploy (the machine templates get new names and CAPI rolls the machines)`,
      );

    // CAPO boots every new machine from the template's image, and kubeadm on it must be at the new version.
    const templates = await this.liveTemplates(context);
    const unchanged: string[] = [];
    const imageChanges: string[] = [];
    const compare = (
      what: string,
      liveVersion: unknown,
      liveTemplateName: unknown,
      rendered: unknown,
      bootstrap: Record<string, unknown> | undefined,
    ) => {
      if (withV(liveVersion) === targetText) return;
      // flatcar-sysext: Kubernetes comes from a sysext at the version, not from the image.
      if (installsKubernetesBySysext(bootstrap, targetText)) return;
      const before = templateImage(templates.find((t) => t.metadata.name === liveTemplateName));
      const after = templateImage(rendered as Record<string, unknown> | undefined);
      if (before && after && before.key === after.key) unchanged.push(`${what} (${before.shown})`);
      else if (after) imageChanges.push(`${what}: ${before ? `${before.shown} → ` : ''}${after.shown}`);
    };
    compare(
      'the control plane',
      kcpVersion,
      controlPlaneTemplateRef(kcp)?.name,
      parts.controlPlane.template,
      parts.controlPlane.kcp.spec?.kubeadmConfigSpec,
    );
    for (const { md, template, bootstrap } of parts.workers) {
      const liveSpec = (live('MachineDeployment', md.metadata?.name)?.spec ?? {}) as {
        template?: { spec?: { version?: unknown; infrastructureRef?: { name?: unknown } } };
      };
      compare(
        `MachineDeployment ${md.metadata?.name}`,
        liveSpec.template?.spec?.version,
        liveSpec.template?.spec?.infrastructureRef?.name,
        template,
        bootstrap,
      );
    }
    if (unchanged.length > 0)
      throw new UserError(
        `the machine image of ${unchanged.join(' and of ')} is the one the cluster runs, while the version goes from ${withV(current.server)} to ${targetText}: CAPO boots the new machines from that image, and kubeadm and the kubelet on it must be ${targetText}; set ${capi.variableFields.OPENSTACK_IMAGE_NAME ?? IMAGE_FIELD} to an image built for ${targetText} (nothing was applied)`,
      );
    const lost = apiAddressRefusal([parts.controlPlane.kcp], objects, this.settings.clusterName);
    if (lost) throw lost;
    context.state.upgradeTarget = target.text;
    return `${current.server} → ${targetText}: ${behind.length === 0 ? 'the rollout had begun; ' : ''}${todo.controlPlane.length + todo.workers.length - behind.length} nodes to replace${imageChanges.length ? `; image of ${imageChanges.join(', ')}` : ''}`;
  }

  /** The namespace's OpenStackMachineTemplates (not among capi-wait's types). */
  private async liveTemplates(context: StepContext) {
    const listed = await context.exec(
      this.commands.kubectl(
        this.commands.management,
        'get',
        'openstackmachinetemplates.infrastructure.cluster.x-k8s.io',
        '-n',
        this.commands.capi.namespace,
        '-o',
        'json',
      ),
      { capture: true, quiet: true, check: false },
    );
    if (listed.exitCode !== 0)
      throw new UserError(
        `cannot read the OpenStackMachineTemplates from the management cluster: ${failureLine(listed)}`,
      );
    return parseCapiObjects(listed.stdout);
  }
}

/** Applies one part of the rendered manifests (from a private file, deleted after) to the management cluster. */
async function applyPart(
  context: StepContext,
  commands: CapiCommands,
  file: string,
  objects: unknown,
  what: string,
): Promise<void> {
  await writePrivateFile(file, JSON.stringify(objects), 'rendered manifests');
  try {
    const applied = await context.exec(commands.apply(commands.management, file), { check: false });
    if (applied.exitCode !== 0)
      throw new UserError(`kubectl apply of ${what} to the management cluster failed: ${failureLine(applied)}`);
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** Waits on one part's rollout with progress; a failed machine stops it at once, no progress for the rollout's stall limit too. */
async function waitForRollout(
  context: StepContext,
  settings: DeploySettings,
  what: string,
  check: (json: string) => RolloutProgress,
): Promise<string> {
  const commands = new CapiCommands(settings);
  const watcher = new CapiWaitStep(settings);
  try {
    return await pollObjects(
      context,
      commands.watch(commands.management),
      what,
      (json) => {
        const failure = capiProgress(parseCapiObjects(json), settings.clusterName).failure;
        if (failure) throw new MachineFailedError(failure, json);
        const progress = check(json);
        if (progress.failure) throw new UserError(`${what} cannot finish: ${progress.failure}`);
        return progress;
      },
      {
        ms: commands.capi.stallTimeouts.rollout,
        onStall: async (last, json) => {
          throw new UserError(
            `${stallMessage(commands.capi, 'rollout', last)} (${what})${await watcher.diagnosis(context, json)}`,
          );
        },
      },
    );
  } catch (error) {
    if (error instanceof MachineFailedError)
      throw new UserError(
        `a machine failed in ${what}: ${error.message}${await watcher.diagnosis(context, error.json)}`,
      );
    throw error;
  }
}

abstract class RolloutStep implements Step {
  abstract readonly id: 'capi-upgrade-control-plane' | 'capi-upgrade-workers';
  abstract readonly title: string;
  readonly kind = 'converge' as const;
  protected readonly commands: CapiCommands;

  constructor(protected readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  protected abstract readonly fileName: string;
  protected abstract describe(): string[];

  protected get file(): string {
    return path.join(this.commands.capi.workDir, this.fileName);
  }

  async plan(): Promise<StepPlan> {
    return {
      workingDir: this.commands.cwd,
      command: this.commands.apply(this.commands.management, this.file),
      reads: [renderedManifests(this.commands.capi), this.commands.management],
      writes: [],
      actions: this.describe(),
    };
  }

  abstract run(context: StepContext): Promise<string>;
}

/** The KubeadmControlPlane and its new machine template, applied; then its rollout, one machine at a time. */
export class CapiUpgradeControlPlaneStep extends RolloutStep {
  readonly id = 'capi-upgrade-control-plane' as const;
  readonly title = 'Roll the control plane to the new version';
  protected readonly fileName = 'upgrade-control-plane.json';

  protected describe(): string[] {
    return [
      `${this.file} (0600, deleted after): the KubeadmControlPlane at v${this.settings.kubernetesVersion} and its OpenStackMachineTemplate, from the rendered manifests`,
      `then wait (progress: machines at the target, old ones left, ready) until KubeadmControlPlane status.version is the target and every machine is new and ready; no progress for ${stallLimitsText(this.commands.capi, ['rollout'])} fails with what CAPO reported; timeout ${formatDuration(this.settings.waitReady.timeoutMs)}`,
    ];
  }

  async run(context: StepContext): Promise<string> {
    await requireRendered(this.settings);
    const { kcp, template } = readParts(this.settings).controlPlane;
    await applyPart(context, this.commands, this.file, partList([template, kcp]), 'the KubeadmControlPlane');
    const target = targetOf(this.settings);
    return waitForRollout(context, this.settings, 'the control plane rollout', (json) =>
      controlPlaneRollout(json, this.settings.clusterName, String(kcp.metadata?.name), target),
    );
  }
}

/** The MachineDeployments and their new templates, once the control plane is at the target; then their rollout. */
export class CapiUpgradeWorkersStep extends RolloutStep {
  readonly id = 'capi-upgrade-workers' as const;
  readonly title = 'Roll the workers to the new version';
  protected readonly fileName = 'upgrade-workers.json';

  protected describe(): string[] {
    return [
      'refused while the KubeadmControlPlane is not at the target (status.version): the workers follow the control plane',
      `${this.file} (0600, deleted after): the MachineDeployments at v${this.settings.kubernetesVersion} with their OpenStackMachineTemplates and KubeadmConfigTemplates`,
      `then wait (progress as for the control plane) until every worker machine is new and ready; no progress for ${stallLimitsText(this.commands.capi, ['rollout'])} fails; then the machine templates no longer used are deleted`,
    ];
  }

  async run(context: StepContext): Promise<string> {
    await requireRendered(this.settings);
    const parts = readParts(this.settings);
    const target = targetOf(this.settings);
    const kcpName = String(parts.controlPlane.kcp.metadata?.name);
    const controlPlane = controlPlaneRollout(
      await readObjects(context, this.commands),
      this.settings.clusterName,
      kcpName,
      target,
    );
    if (!controlPlane.done)
      throw new UserError(
        `the control plane is not at ${target} yet (${controlPlane.line}): the workers follow it (kubeadm joins a node only at the control plane's minor); run step capi-upgrade-control-plane first`,
      );
    const names = parts.workers.map(({ md }) => String(md.metadata?.name));
    if (names.length > 0) {
      await applyPart(
        context,
        this.commands,
        this.file,
        partList(parts.workers.flatMap(({ md, template, bootstrap }) => [template, bootstrap, md])),
        `the MachineDeployments (${names.join(', ')})`,
      );
    }
    const line =
      names.length > 0
        ? await waitForRollout(context, this.settings, 'the workers rollout', (json) =>
            workersRollout(json, this.settings.clusterName, names, target),
          )
        : 'no MachineDeployments';
    const removed = await new CapiWaitStep(this.settings).removeOldTemplates(context);
    return removed.length > 0 ? `${line}; old templates deleted: ${removed.join(', ')}` : line;
  }
}
