import { compareVersions, type KubeVersion, parseKubeVersion } from '../kube/version.js';
import {
  type AdHocTask,
  BASTION_HOST,
  type HostResult,
  hostPattern,
  type ReachabilityOptions,
  runAdHoc,
} from './reachability.js';
import type { VersionInputs } from './version-path.js';

/**
 * The Kubernetes version a kept cluster runs, asked of its nodes when neither the API (no kubeconfig on
 * the runner) nor the state (expired, --restart, state-store none) can tell: `kubelet --version` on
 * every k8s_cluster host, one ad-hoc Ansible run with the reachability check's SSH settings.
 *
 * Kubespray installs the kubelet as `{{ bin_dir }}/kubelet` (roles/kubernetes/node/tasks/install.yml;
 * bin_dir defaults to /usr/local/bin, roles/kubespray_defaults/defaults/main/main.yml), and the control
 * plane runs one too. `kubelet --version` prints "Kubernetes v1.34.2" (kubernetes
 * staging/src/k8s.io/component-base/version/verflag/verflag.go, `fmt.Printf("Kubernetes %s\n",
 * version.Get())`, called by cmd/kubelet/app/server.go); `ansible -o` prints the command module's
 * result as `<host> | CHANGED | rc=0 | (stdout) Kubernetes v1.34.2` (ansible's oneline callback).
 */

export const KUBELET_VERSION_TASK: AdHocTask = {
  module: 'ansible.builtin.command',
  args: { argv: ["{{ bin_dir | default('/usr/local/bin') }}/kubelet", '--version'] },
  what: 'the kubelet version check (ansible -m command -a kubelet --version)',
};

const KUBELET_OUTPUT = /\(stdout\) Kubernetes (v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?)/;

export type NodeVersions =
  | { running: NonNullable<VersionInputs['running']> }
  | { unknown: string }
  /** Every node answered, none has a kubelet: Kubernetes was never installed (a first deploy that failed before it). */
  | { notInstalled: string };

/** A host whose kubelet is not there: the command module's ENOENT, as Ansible reports a missing executable. */
const hasNoKubelet = (result: HostResult) =>
  result.status === 'FAILED!' && /No such file or directory/.test(result.message);

/** A short reason from a host's line: the command's stderr, else the module's msg, else the line. */
function why(message: string): string {
  const field = (name: string) => new RegExp(`"${name}": ?"((?:[^"\\\\]|\\\\.)+)"`).exec(message)?.[1];
  const msg = field('stderr') ?? field('msg');
  const text = (msg ?? message).replace(/^Failed to connect to the host via ssh: /, '').trim();
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/** Each host with its reason, the first five: a large cluster's refusal stays readable. */
function hostsWhy(results: readonly HostResult[]): string {
  const shown = results.slice(0, 5).map((r) => `${r.host}: ${why(r.message)}`);
  return [...shown, ...(results.length > 5 ? [`and ${results.length - 5} more`] : [])].join('; ');
}

/**
 * The lowest and highest kubelet version the hosts report. Unknown when a host cannot be reached (its
 * kubelet might be the lowest) or none reports one; hosts without a kubelet (new, not installed yet)
 * are named beside the versions.
 */
export function nodesRunning(results: readonly HostResult[]): NodeVersions {
  const unreachable = results.filter((r) => r.status === 'UNREACHABLE!');
  if (unreachable.length)
    return {
      unknown: `no kubeconfig or API answer, no completed run recorded it, and ${unreachable.length} of ${results.length} nodes cannot be reached over SSH to ask their kubelet (${hostsWhy(unreachable)})`,
    };
  const versions: { host: string; version: KubeVersion }[] = [];
  const without: HostResult[] = [];
  for (const result of results) {
    const found = result.status === 'FAILED!' ? undefined : KUBELET_OUTPUT.exec(result.message)?.[1];
    if (found) versions.push({ host: result.host, version: parseKubeVersion(found, `the kubelet of ${result.host}`) });
    else without.push(result);
  }
  if (versions.length === 0 && without.length > 0 && without.every(hasNoKubelet))
    return { notInstalled: `no node has a kubelet yet (${hostsWhy(without)}): cluster.yml installs Kubernetes` };
  if (versions.length === 0)
    return {
      unknown: `no kubeconfig or API answer, no completed run recorded it, and no node has a kubelet that answers kubelet --version (${hostsWhy(without)})`,
    };
  const sorted = versions.map((v) => v.version).sort(compareVersions);
  const names = without.slice(0, 5).map((r) => r.host);
  const none = without.length
    ? `; no kubelet on ${names.join(', ')}${without.length > 5 ? ` and ${without.length - 5} more` : ''}`
    : '';
  return {
    running: {
      version: sorted[0]!,
      highest: sorted.at(-1)!,
      from: `the kubelets on ${versions.length} nodes, kubelet --version over Ansible${none}`,
    },
  };
}

/** Asks every k8s_cluster host (not the bastion) for its kubelet version. */
export async function readNodeVersions(options: Omit<ReachabilityOptions, 'hosts'>): Promise<NodeVersions> {
  const results = await runAdHoc(
    { ...options, hosts: ['k8s_cluster'] },
    hostPattern(['k8s_cluster'], options.bastion),
    true,
    KUBELET_VERSION_TASK,
  );
  return nodesRunning(results.filter((r) => r.host !== BASTION_HOST));
}
