import { UserError } from '../lib/errors.js';
import { compareVersions, type KubeVersion, parseKubeVersion } from '../kube/version.js';
import { VERSION as KUBESPRAY_VERSION } from '../model/kubespray-source.js';
import type { InstalledVersions } from '../model/state.js';
import type { ExtraVars } from './extra-vars.js';

/**
 * Versions change on a live cluster only through Kubespray's upgrade path. A deploy that would hand
 * cluster.yml another kube_version replaces every kubelet at once, without drain or `serial`, and
 * leaves the control plane as it was (Kubespray docs/operations/upgrades.md: that path needs
 * upgrade_cluster_setup and is the "unsafe" one; playbooks/cluster.yml has no serial). A new
 * Kubespray tag is upgrade-cluster.yml with the new tree, tag by tag: "Do not skip minor releases"
 * (docs/operations/upgrades.md). Pure: the steps and the previews decide with the same function.
 */

/** The config knob that lets a deploy take a newer Kubernetes version through upgrade-cluster.yml. */
const UPGRADE_ON_DEPLOY = 'deployment.kubespray.upgrade_on_deploy';

export interface VersionInputs {
  /** The cluster had no node before this deploy: cluster.yml installs whatever is asked. */
  newCluster: boolean;
  /**
   * What the cluster runs: from the API (the lowest of the API server and the kubelets), else the last completed
   * run, else the kubelets on the nodes (kubespray/node-versions.ts).
   */
  running?: { version: KubeVersion; highest: KubeVersion; from: string };
  /**
   * Set by the deploy's playbook step when every source was asked and none told the running version: what each
   * said. The judges that run earlier from the state alone (kubespray-fetch, the previews) leave it unset: the
   * playbook step asks the API and the nodes later.
   */
  runningUnknown?: string;
  /** The Kubespray tag the cluster was last installed or upgraded with (the state); unset when no run recorded it. */
  installedKubespray?: string;
  wanted: { kube?: string; kubespray?: string; where: string };
  upgradeOnDeploy: boolean;
}

export type VersionPath =
  | {
      kind: 'same';
      note?: string;
      /** The state does not say what the cluster runs: the playbook step reads it from the API or the nodes. */
      readFromNodes?: true;
    }
  | {
      kind: 'upgrade';
      /** Set when the Kubernetes version goes up. */
      kube?: { from: string; to: string };
      /** Set when the Kubespray tag goes up (one minor at most). */
      kubespray?: { from: string; to: string };
      reason: string;
    };

interface Tag {
  major: number;
  minor: number;
  patch: number;
  text: string;
}

function parseTag(tag: string): Tag | undefined {
  const match = KUBESPRAY_VERSION.exec(tag.trim());
  if (!match) return undefined;
  const [major, minor, patch] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  return { major, minor, patch, text: `v${major}.${minor}.${patch}` };
}

const compareTags = (a: Tag, b: Tag) => a.major - b.major || a.minor - b.minor || a.patch - b.patch;

/**
 * A move of deployment.kubespray.version on a live cluster: refused when it goes back or skips a
 * minor (naming the minors in between), else whether it moves at all. Unknown or unparsable tags
 * (a state written before this was recorded) cannot be judged: undefined.
 */
export function kubesprayMove(
  from: string | undefined,
  to: string | undefined,
): { from: string; to: string } | undefined {
  const old = from ? parseTag(from) : undefined;
  const next = to ? parseTag(to) : undefined;
  if (!old || !next || compareTags(old, next) === 0) return undefined;
  if (compareTags(next, old) < 0) {
    throw new UserError(
      `deployment.kubespray.version ${next.text} is below ${old.text}, which the cluster was last installed or upgraded with: Kubespray does not downgrade a cluster; set it back to ${old.text} or later`,
    );
  }
  if (next.major !== old.major || next.minor > old.minor + 1) {
    const between =
      next.major === old.major
        ? Array.from({ length: next.minor - old.minor - 1 }, (_, i) => `v${old.major}.${old.minor + 1 + i}.x`)
        : [`v${old.major}.${old.minor + 1}.x`, '…'];
    throw new UserError(
      `deployment.kubespray.version ${next.text} skips ${between.join(', ')} from ${old.text}, which the cluster was last installed or upgraded with: ` +
        `Kubespray's docs/operations/upgrades.md says "Do not skip minor releases"; deploy ${between[0]} (its newest patch tag) first, then each minor in turn`,
    );
  }
  return { from: old.text, to: next.text };
}

/**
 * A kept cluster whose Kubespray tag no run recorded (the state expired, --restart, state-store none) or one
 * that is no tag: a change of deployment.kubespray.version cannot be judged. The Kubernetes version is
 * still guarded (read from the API or the kubelets); the tree is taken to be the one the nodes went through,
 * and the plan says so. Taking the upgrade path instead would drain every node on each such deploy.
 */
function unrecordedKubespray(inputs: VersionInputs): string | undefined {
  if ((inputs.installedKubespray && parseTag(inputs.installedKubespray)) || !inputs.wanted.kubespray) return undefined;
  return `the Kubespray tag the nodes went through is not recorded, so a change of it cannot be checked: cluster.yml runs with the ${inputs.wanted.kubespray} tree (if the nodes had another, run operation: upgrade instead)`;
}

/**
 * What a deploy does about versions on a live cluster. Throws a UserError, saying what to do, for a
 * Kubernetes downgrade, a Kubernetes change without the opt-in (naming `operation: upgrade`), a
 * skipped Kubernetes minor, a Kubespray downgrade or skipped minor, and a running version nothing
 * could tell (`runningUnknown`).
 */
export function decideVersionPath(inputs: VersionInputs): VersionPath {
  if (inputs.newCluster) return { kind: 'same', note: 'a new cluster: cluster.yml installs the configured versions' };
  const { running } = inputs;
  if (!running && inputs.runningUnknown !== undefined) {
    const wanted = inputs.wanted.kube
      ? `kube_version ${inputs.wanted.kube} (${inputs.wanted.where})`
      : "the Kubespray tree's default kube_version";
    throw new UserError(
      `the Kubernetes version this cluster runs is unknown: ${inputs.runningUnknown}. ` +
        `A deploy on a cluster that has nodes must know it before choosing a playbook: cluster.yml with ${wanted} would replace every kubelet at once, without drain, wherever it differs ` +
        `(Kubespray's "unsafe" upgrade, docs/operations/upgrades.md), and a kubelet newer than the API server breaks the version skew policy. ` +
        "Give the deploy the cluster's kubeconfig (--kubeconfig; the action keeps it with the state when kubeconfig-passphrase is set), restore the state of the last deploy, " +
        'or make the nodes answer over SSH (kubelet --version is read on each); nothing was changed',
    );
  }
  const kubespray = kubesprayMove(inputs.installedKubespray, inputs.wanted.kubespray);
  let kube: { from: string; to: string } | undefined;
  if (inputs.wanted.kube && running) {
    const wanted = parseKubeVersion(inputs.wanted.kube, inputs.wanted.where);
    if (compareVersions(wanted, running.highest) < 0) {
      throw new UserError(
        `${inputs.wanted.where} is ${wanted.text}, below what the cluster runs (${running.highest.text}, from ${running.from}): Kubernetes cannot be downgraded, and a deploy would hand Kubespray the older kube_version. ` +
          `The config is behind the cluster (an upgrade ran since it was written?): set ${inputs.wanted.where} to ${running.highest.text}`,
      );
    }
    if (compareVersions(wanted, running.version) > 0) {
      if (!inputs.upgradeOnDeploy) {
        throw new UserError(
          `${inputs.wanted.where} is ${wanted.text}, but the cluster runs ${running.version.text} (from ${running.from}): a deploy never changes the Kubernetes version of a live cluster ` +
            `(cluster.yml would replace every kubelet at once, without drain: Kubespray's "unsafe" upgrade, docs/operations/upgrades.md). ` +
            `Run the upgrade first: operation: upgrade (CLI: cluster-deploy upgrade --kubernetes-version ${wanted.text}), or set ${UPGRADE_ON_DEPLOY}: true to have deploys upgrade with upgrade-cluster.yml`,
        );
      }
      if (wanted.major !== running.version.major || wanted.minor > running.version.minor + 1) {
        throw new UserError(
          `${inputs.wanted.where} is ${wanted.text}, but the cluster runs ${running.version.text} (from ${running.from}): Kubespray does not support skipping a minor version; ` +
            `upgrade to ${running.version.major}.${running.version.minor + 1} first, one minor per deploy`,
        );
      }
      kube = { from: running.version.text, to: wanted.text };
    }
  }
  const unknown = running
    ? undefined
    : 'the Kubernetes version is not in the state: read from the API, else from the kubelets (kubelet --version over Ansible) before the playbook, refused if neither tells';
  if (!kube && !kubespray) {
    const note = [unknown, unrecordedKubespray(inputs)].filter(Boolean).join('; ');
    return { kind: 'same', ...(note && { note }), ...(unknown && { readFromNodes: true }) };
  }
  const parts = [
    ...(kube ? [`Kubernetes ${kube.from} → ${kube.to}`] : []),
    ...(kubespray ? [`Kubespray ${kubespray.from} → ${kubespray.to}`] : []),
  ];
  return {
    kind: 'upgrade',
    ...(kube && { kube }),
    ...(kubespray && { kubespray }),
    reason:
      `${parts.join(', ')}: upgrade-cluster.yml${kubespray ? ' with the new tree' : ''} (control plane and etcd one at a time, then the workers in batches, drained) before anything else` +
      (unknown ? `; ${unknown}` : ''),
  };
}

/** The running version from what a completed run recorded, for the previews and when the API cannot be asked. */
export function recordedRunning(installed: InstalledVersions | undefined): VersionInputs['running'] {
  if (!installed?.kubeVersion) return undefined;
  const version = parseKubeVersion(installed.kubeVersion, 'the Kubernetes version the last completed run recorded');
  return { version, highest: version, from: 'the last completed run' };
}

/** From the API's versions: the lowest and the highest of the API server and every kubelet. */
export function apiRunning(
  server: string,
  kubelets: readonly { name: string; kubelet: string }[],
): VersionInputs['running'] {
  const versions = [
    parseKubeVersion(server, 'the API server version'),
    ...kubelets.map((node) => parseKubeVersion(node.kubelet, `the kubelet version of node ${node.name}`)),
  ];
  const sorted = [...versions].sort(compareVersions);
  return { version: sorted[0]!, highest: sorted.at(-1)!, from: 'the API' };
}

/**
 * The extra vars of one upgrade-cluster.yml run. A worker batch passes `serial` as its size: the
 * playbook's worker plays use `serial | default('20%')` (playbooks/upgrade_cluster.yml), and Ansible
 * takes 20% of the hosts in the --limit (at least 1), so a batch of 5 would still drain one at a time.
 */
export function upgradeVars(kubeVersion: string, batch?: readonly string[]): ExtraVars {
  return batch ? { kube_version: kubeVersion, serial: batch.length } : { kube_version: kubeVersion };
}
