import { z } from 'zod';
import { parseNodeList } from './nodes.js';
import { formatIssues, UsageError, UserError } from '../lib/errors.js';
import { parseToolJson } from '../lib/tool-json.js';
import { escapeInvisible } from '../lib/echo.js';

/**
 * Kubernetes versions for upgrades with Kubespray's upgrade-cluster.yml: which nodes still need
 * the target, in which order, and which targets Kubernetes and Kubespray refuse. Kubespray's own
 * supported range is not repeated here: it changes with every Kubespray tag, which checks it.
 */

/** `text` is without the "v" (`1.34.2`): Kubespray's kube_version takes it so. */
export interface KubeVersion {
  major: number;
  minor: number;
  patch: number;
  text: string;
}

// A "v", X.Y.Z, and any pre-release or build suffix ("v1.34.2+k3s1", "v1.35.0-rc.1"), which is dropped.
const VERSION = /^v?(\d{1,6})\.(\d{1,6})\.(\d{1,6})(?:[-+][0-9A-Za-z.+-]*)?$/;

/**
 * Accepts "1.34.2" or "v1.34.2" (the API reports "v1.34.2+k3s1"-like suffixes: only X.Y.Z is kept).
 * Anything else is an error naming `where`: a UserError, or the class given (UsageError for an
 * option or action input).
 */
export function parseKubeVersion(
  value: string,
  where: string,
  fail: new (message: string) => Error = UserError,
): KubeVersion {
  const match = VERSION.exec(value.trim());
  if (!match) {
    const shown = escapeInvisible(JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value));
    throw new fail(`${where}: ${shown} is not a Kubernetes version; write it as X.Y.Z, e.g. 1.34.2`);
  }
  const [major, minor, patch] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  return { major, minor, patch, text: `${major}.${minor}.${patch}` };
}

export function compareVersions(a: KubeVersion, b: KubeVersion): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

export interface ClusterVersions {
  /** The API server's gitVersion, e.g. "v1.34.2". */
  server: string;
  /** In the API's order. */
  nodes: { name: string; kubelet: string; ready: boolean; controlPlane: boolean }[];
}

export interface UpgradePlan {
  /** Control-plane nodes not at the target, in the API's order (upgrade-cluster.yml takes them one at a time). */
  controlPlane: string[];
  /** Other nodes not at the target. */
  workers: string[];
  /** Nodes whose kubelet is at the target already. */
  done: string[];
  /** Nodes to upgrade that are NotReady: their drain is likely to fail, and one failed host stops upgrade-cluster.yml. */
  notReady: string[];
}

/** "1.33 → 1.34 → 1.35": every minor from `from` to `to`. */
function minorSteps(from: KubeVersion, to: KubeVersion): string {
  const steps: string[] = [];
  for (let minor = from.minor; minor <= to.minor && steps.length < 12; minor++) steps.push(`${from.major}.${minor}`);
  if (steps.at(-1) !== `${to.major}.${to.minor}`) steps.push('…', `${to.major}.${to.minor}`);
  return steps.join(' → ');
}

/**
 * Refuses a downgrade (target below the server or any kubelet) and a skipped minor (target minor
 * above the lowest current minor + 1, or another major); returns which nodes still need the target.
 * `upgrader` names what refuses the skip in the message (Kubespray, or Cluster API's kubeadm).
 */
export function planUpgrade(target: KubeVersion, current: ClusterVersions, upgrader = 'Kubespray'): UpgradePlan {
  const server = parseKubeVersion(current.server, 'the API server version');
  const nodes = current.nodes.map((node) => ({
    ...node,
    version: parseKubeVersion(node.kubelet, `the kubelet version of node ${node.name}`),
  }));

  const above = [
    ...(compareVersions(server, target) > 0 ? [`the API server (${server.text})`] : []),
    ...nodes
      .filter((node) => compareVersions(node.version, target) > 0)
      .map((node) => `${node.name} (${node.version.text})`),
  ];
  if (above.length > 0) {
    const highest = [server, ...nodes.map((node) => node.version)].reduce((a, b) =>
      compareVersions(a, b) >= 0 ? a : b,
    );
    throw new UserError(
      `Kubernetes ${target.text} is below what the cluster runs: ${above.join(', ')}. Kubernetes cannot be downgraded; set the version to ${highest.text} or later`,
    );
  }

  const lowest = [server, ...nodes.map((node) => node.version)].reduce((a, b) => (compareVersions(a, b) <= 0 ? a : b));
  if (target.major !== lowest.major || target.minor > lowest.minor + 1) {
    const steps =
      target.major === lowest.major
        ? minorSteps(lowest, target)
        : `${lowest.major}.${lowest.minor} → ${lowest.major}.${lowest.minor + 1} → …`;
    throw new UserError(
      `Kubernetes ${target.text} skips a minor version: the cluster still runs ${lowest.text}, and ${upgrader} does not support skipping one; upgrade minor by minor, one upgrade each: ${steps}`,
    );
  }

  const atTarget = (version: KubeVersion) => compareVersions(version, target) === 0;
  // An API server behind the target means kubeadm has not upgraded every control plane, whatever their kubelets say.
  const serverBehind = !atTarget(server);
  const plan: UpgradePlan = { controlPlane: [], workers: [], done: [], notReady: [] };
  for (const node of nodes) {
    const pending = !atTarget(node.version) || (node.controlPlane && serverBehind);
    if (!pending) plan.done.push(node.name);
    else (node.controlPlane ? plan.controlPlane : plan.workers).push(node.name);
    if (pending && !node.ready) plan.notReady.push(node.name);
  }
  return plan;
}

/** Worker batches for --limit: default size = ceil(20% of all workers), at least 1 (Kubespray's serial default). */
export function workerBatches(workers: string[], batchSize?: number): string[][] {
  if (batchSize !== undefined && (!Number.isInteger(batchSize) || batchSize < 1)) {
    throw new UsageError(`the worker batch size must be a whole number of at least 1, not ${batchSize}`);
  }
  const size = batchSize ?? Math.max(1, Math.ceil(workers.length * 0.2));
  const batches: string[][] = [];
  for (let start = 0; start < workers.length; start += size) batches.push(workers.slice(start, start + size));
  return batches;
}

const KubectlVersionSchema = z.object({ serverVersion: z.object({ gitVersion: z.string() }) });

function parseJson<T>(text: string, schema: z.ZodType<T>, command: string): T {
  return parseToolJson(text, schema, {
    notJson: `\`${command}\` did not print JSON`,
    invalid: (issues) => formatIssues(`the output of \`${command}\``, issues),
  });
}

/** The API server's gitVersion from `kubectl version -o json`. */
export function serverVersionFromKubectl(versionJson: string): string {
  return parseJson(versionJson, KubectlVersionSchema, 'kubectl version -o json').serverVersion.gitVersion;
}

/** Parses `kubectl version -o json` and `kubectl get nodes -o json` output into ClusterVersions (roles from the control-plane label; Ready from conditions). */
export function clusterVersionsFromKubectl(versionJson: string, nodesJson: string): ClusterVersions {
  const server = serverVersionFromKubectl(versionJson);
  const nodes = parseNodeList(nodesJson);
  const silent = nodes.find((node) => !node.name || !node.kubelet);
  if (silent)
    throw new UserError(
      `kubectl get nodes -o json lists a node ${silent.name ? `(${silent.name}) ` : ''}without ${silent.name ? 'a kubelet version' : 'a name'}; is the API server healthy?`,
    );
  return { server, nodes };
}
