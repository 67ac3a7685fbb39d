import { promises as fs } from 'node:fs';
import type { CommandSpec } from '../lib/command.js';
import { UserError } from '../lib/errors.js';
import { parseKubeVersion } from '../kube/version.js';
import { ensureKubespray } from '../kubespray/fetch.js';
import {
  checkKubeVersionSupported,
  describeRange,
  readSupportedKubernetes,
  requireUnprefixedKubeVersion,
} from '../kubespray/versions.js';
import { decideVersionPath, kubesprayMove, recordedRunning } from '../kubespray/version-path.js';
import { toolEnvironment } from '../model/environment.js';
import type { DeploySettings } from '../model/settings.js';
import type { Step, StepContext, StepPlan } from '../model/step.js';

/**
 * kubespray-fetch: the Kubespray tree at exactly deployment.kubespray.version, before the venv (its
 * requirements.txt is in it). A vendored `<cluster dir>/kubespray` at that version is used as is;
 * otherwise the tag's commit (or the tarball) is fetched into the cache. The commit is recorded in
 * the state; the Kubernetes version is then checked against the tree's own checksum table.
 */
export class KubesprayFetchStep implements Step {
  readonly id = 'kubespray-fetch' as const;
  readonly title = 'Fetch Kubespray at the pinned version';
  readonly kind = 'runner-local' as const;

  constructor(private readonly settings: DeploySettings) {}

  private command(): CommandSpec | undefined {
    const release = this.settings.kubesprayRelease;
    const { source } = release;
    if (release.dir === release.vendoredDir || !release.version || source.kind !== 'git') return undefined;
    return {
      argv: ['git', 'ls-remote', source.url, `refs/tags/${release.version}`, `refs/tags/${release.version}^{}`],
      cwd: release.cacheRoot,
      env: toolEnvironment(this.settings),
    };
  }

  async plan(): Promise<StepPlan> {
    const release = this.settings.kubesprayRelease;
    const command = this.command();
    const inUse = await fs.readlink(release.dir).catch(() => undefined);
    const wanted = `Kubespray ${release.version ?? '(version not set)'}`;
    return {
      workingDir: release.dir === release.vendoredDir ? release.vendoredDir : release.cacheRoot,
      command,
      reads: [release.vendoredDir],
      writes: release.dir !== release.vendoredDir ? [release.cacheRoot] : [],
      actions: [
        release.dir !== release.vendoredDir
          ? `${wanted} from ${release.source.url}: ${release.source.kind === 'git' ? 'the tag resolved to its commit (refused if it moved since the commit recorded in the state)' : `the tarball checked against sha256 ${release.source.sha256}`}, fetched into ${release.cacheRoot}/<tag>-<commit>${inUse ? ` (cached now: ${inUse})` : ''}`
          : `use ${release.vendoredDir} as is, when its git tag or galaxy.yml says ${release.version ?? 'any version'}`,
        `${this.settings.kubernetesVersion ? `Kubernetes ${this.settings.kubernetesVersion}` : 'kube_version'} must be in the tree's kubelet checksum table`,
        'on a cluster installed before: a Kubespray tag below the one it was installed with, or one skipping a minor, is refused (docs/operations/upgrades.md: "Do not skip minor releases"); so is a tree of v2.26/v2.27, whose kube_version takes a "v"',
      ],
    };
  }

  async outputsPresent(): Promise<boolean> {
    return (await fs.stat(this.settings.kubesprayRelease.dir).catch(() => undefined))?.isDirectory() ?? false;
  }

  async run(context: StepContext): Promise<string> {
    const { settings } = this;
    const release = settings.kubesprayRelease;
    const pin = await ensureKubespray({
      version: release.version,
      source: release.source,
      vendoredDir: release.vendoredDir,
      cacheRoot: release.cacheRoot,
      recorded: context.state.kubespray,
      exec: context.exec,
      env: toolEnvironment(settings),
      say: (line) => context.output.line(line),
    });
    if (pin.dir !== release.dir) {
      // A tree appeared in (or vanished from) the cluster dir since the settings were read.
      throw new UserError(`Kubespray is at ${pin.dir}, not ${release.dir} as planned; run again`);
    }
    // Before anything changes: a Kubespray downgrade or skipped minor on a live cluster is refused, and
    // a deploy's Kubernetes version is held against the last completed run's (the playbook step asks the API too).
    const { installed } = context.state;
    if (installed && !context.state.destroyedAt) {
      kubesprayMove(installed.kubespray, pin.version);
      if (settings.operation === 'deploy')
        decideVersionPath({
          newCluster: false,
          running: recordedRunning(installed),
          installedKubespray: installed.kubespray,
          wanted: {
            kube: settings.kubernetesVersion,
            kubespray: pin.version,
            where: 'opencenter.cluster.kubernetes.version',
          },
          upgradeOnDeploy: settings.upgradeOnDeploy,
        });
    }
    const previous = context.state.kubespray;
    const same =
      previous?.version === pin.version && previous?.commit === pin.commit && previous?.sha256 === pin.sha256;
    context.state.kubespray = {
      ...(pin.version && { version: pin.version }),
      ...(pin.commit && { commit: pin.commit }),
      ...(pin.sha256 && { sha256: pin.sha256 }),
      source: pin.source,
      // What cluster.yml last ran with stays comparable only with the same tree.
      ...(same && previous?.runDigest && { runDigest: previous.runDigest }),
      ...(same && previous?.runParts && { runParts: previous.runParts }),
    };
    const supported = await readSupportedKubernetes(pin.dir);
    requireUnprefixedKubeVersion(supported, pin.version);
    if (settings.kubernetesVersion) {
      checkKubeVersionSupported(parseKubeVersion(settings.kubernetesVersion, 'the Kubernetes version'), supported, {
        version: pin.version,
        where: settings.operation === 'upgrade' ? 'the upgrade target' : 'opencenter.cluster.kubernetes.version',
      });
    }
    const what = `Kubespray ${pin.version ?? '(unpinned)'}${pin.commit ? ` at ${pin.commit.slice(0, 12)}` : ''}${pin.sha256 ? ` (sha256 ${pin.sha256.slice(0, 12)}…)` : ''}`;
    return `${what}, ${pin.origin === 'vendored' ? `vendored in ${pin.dir}` : `${pin.origin === 'cache' ? 'cached' : 'fetched'} from ${pin.source}`}; installs Kubernetes ${describeRange(supported)}`;
  }
}
