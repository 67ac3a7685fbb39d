import { escapeInvisible } from '../lib/echo.js';
import { UserError } from '../lib/errors.js';

/**
 * Which Kubernetes minors each Cluster API release supports: our own data, from the core provider's support matrix in
 * kubernetes-sigs/cluster-api `docs/book/src/reference/versions.md` as the release-1.12 branch has it (the same at
 * v1.12.0, v1.12.10 and v1.12.11, lines 309-319). The kubeadm bootstrap and control plane providers share this matrix
 * (same file, "the support matrix … is the same"). The table ends at 1.35 for v1.12: the file's note on 1.36 is about
 * a feature gate, not support.
 */
interface KubernetesSupport {
  /** "✓ (only workload)": not for a management cluster (nor a self-hosted one). */
  workloadOnly?: boolean;
  /** "✓ >= v1.12.1": from that patch of the Cluster API minor on. */
  fromPatch?: number;
}

const CAPI_VERSIONS_SOURCE = 'kubernetes-sigs/cluster-api docs/book/src/reference/versions.md (release-1.12)';

const SUPPORT: Record<string, Record<string, KubernetesSupport>> = {
  '1.10': {
    '1.27': { workloadOnly: true },
    '1.28': { workloadOnly: true },
    '1.29': {},
    '1.30': {},
    '1.31': {},
    '1.32': {},
    '1.33': { fromPatch: 1 },
  },
  '1.11': {
    '1.28': { workloadOnly: true },
    '1.29': { workloadOnly: true },
    '1.30': {},
    '1.31': {},
    '1.32': {},
    '1.33': {},
    '1.34': { fromPatch: 1 },
  },
  '1.12': {
    '1.29': { workloadOnly: true },
    '1.30': { workloadOnly: true },
    '1.31': {},
    '1.32': {},
    '1.33': {},
    '1.34': {},
    '1.35': { fromPatch: 1 },
  },
};

/**
 * The management cluster's Kubernetes with bootstrap: kind: kind v0.32.0's default is kindest/node:v1.36.1
 * (kubernetes-sigs/kind `pkg/apis/config/defaults/image.go`), which CAPI v1.12's table does not list; v1.35.1 was
 * kind's default during the v0.32 cycle (commit ec6b5bd7, "update node image to 1.35.1 with latest kind images").
 */
export const KIND_NODE_IMAGE = 'kindest/node:v1.35.1';

const minorOf = (version: string) => /^v?(\d+)\.(\d+)/.exec(version);

/** A minor ("1.35") in the form the table uses, with each known Cluster API minor's range. */
function range(capiMinor: string, managed: boolean): string {
  const minors = Object.entries(SUPPORT[capiMinor] ?? {})
    .filter(([, s]) => !managed || !s.workloadOnly)
    .map(([m]) => m);
  return `${minors[0]} to ${minors[minors.length - 1]}`;
}

export interface CapiVersionCheck {
  /** The core provider as the config pins it: `cluster-api:v1.12.10`. */
  core: string;
  /** The workload cluster's Kubernetes version (the config's, the upgrade's target). */
  kubernetesVersion: string;
  /** bootstrap: kind pivots the objects into the workload cluster, which then manages itself. */
  selfHosted: boolean;
  source: string;
}

/**
 * Refuses, before anything is made, a workload Kubernetes version the pinned Cluster API does not support: outside
 * its column, before the patch that added it, or (self-hosted after the pivot) a minor it supports for workload
 * clusters only. A Cluster API release the table does not hold is refused too: nothing would say what it supports.
 */
export function requireSupportedKubernetes(check: CapiVersionCheck): void {
  const capi = /^[^:]+:v(\d+)\.(\d+)\.(\d+)/.exec(check.core);
  const where = `${check.source}: deployment.cluster_api.providers.core`;
  if (!capi) return; // the config schema refuses what is not name:vX.Y.Z
  const capiMinor = `${capi[1]}.${capi[2]}`;
  const capiVersion = `v${capi[1]}.${capi[2]}.${capi[3]}`;
  const column = SUPPORT[capiMinor];
  const known = Object.keys(SUPPORT);
  if (!column)
    throw new UserError(
      `${where}: Cluster API ${capiVersion} is not in cluster-deploy's table of the Kubernetes versions each release supports (v${known[0]} to v${known[known.length - 1]}, from ${CAPI_VERSIONS_SOURCE}), so nothing says which Kubernetes it can run; pin a v${known[known.length - 1]}.x release (the default is cluster-api:v1.12.10)`,
    );
  const wanted = minorOf(check.kubernetesVersion);
  if (!wanted) return; // the version's own format is checked where it is read
  const kubeMinor = `${wanted[1]}.${wanted[2]}`;
  const field = `${check.source}: opencenter.cluster.kubernetes.version ${check.kubernetesVersion.replace(/^v/, '')}`;
  const support = column[kubeMinor];
  const supported = `Cluster API ${capiVersion} (deployment.cluster_api.providers.core) supports Kubernetes ${range(capiMinor, false)} for workload clusters and ${range(capiMinor, true)} for management clusters (${CAPI_VERSIONS_SOURCE})`;
  if (!support)
    throw new UserError(
      `${field} is not supported: ${supported}. Nothing was changed: choose a version in that range (one minor at a time on a running cluster), or pin a Cluster API release that lists ${kubeMinor} (providers core, bootstrap and control_plane) with a CAPO release built for it`,
    );
  if (support.fromPatch !== undefined && Number(capi[3]) < support.fromPatch)
    throw new UserError(
      `${field} needs Cluster API v${capiMinor}.${support.fromPatch} or later (${CAPI_VERSIONS_SOURCE}: "✓ >= v${capiMinor}.${support.fromPatch}"), and ${capiVersion} is pinned (deployment.cluster_api.providers.core). Nothing was changed: pin providers core, bootstrap and control_plane at v${capiMinor}.${support.fromPatch} or later`,
    );
  const image = minorOf(KIND_NODE_IMAGE.split(':')[1] ?? '');
  const kindSupport = image ? column[`${image[1]}.${image[2]}`] : undefined;
  if (check.selfHosted && (!kindSupport || kindSupport.workloadOnly))
    throw new UserError(
      `${where}: Cluster API ${capiVersion} does not support the kind management cluster's Kubernetes (${KIND_NODE_IMAGE}, management.bootstrap: kind); it supports ${range(capiMinor, true)} for management clusters (${CAPI_VERSIONS_SOURCE}). Nothing was changed: pin a v${known[known.length - 1]}.x release, or use an existing management cluster (deployment.cluster_api.management.kubeconfig)`,
    );
  if (support.workloadOnly && check.selfHosted)
    throw new UserError(
      `${field} is supported by Cluster API ${capiVersion} for workload clusters only, and with management.bootstrap: kind the cluster manages itself after the pivot (a management cluster: ${range(capiMinor, true)}, ${CAPI_VERSIONS_SOURCE}). Nothing was changed: choose ${range(capiMinor, true)}, or use an existing management cluster (deployment.cluster_api.management.kubeconfig)`,
    );
}

/** The Kubernetes minors a pinned core provider (`cluster-api:v1.12.10`) supports for a management cluster. */
export function managementRange(core: string): string {
  const capi = /^[^:]+:v(\d+)\.(\d+)\./.exec(core);
  const capiMinor = capi ? `${capi[1]}.${capi[2]}` : '';
  return SUPPORT[capiMinor] ? `Kubernetes ${range(capiMinor, true)}` : 'none known';
}

export interface ManagementVersionCheck {
  /** The core provider as the config pins it: `cluster-api:v1.12.10`. */
  core: string;
  /** The management cluster's API server version, its `/version` gitVersion (`v1.33.4`, `v1.31.0-gke.1`). */
  gitVersion: string;
  /** The management cluster in words: its kubeconfig and the setting that names it. */
  cluster: string;
}

/**
 * The management cluster's minor as clusterctl reads it: k8s.io/apimachinery `pkg/util/version/version.go`
 * ParseGeneric (what CAPI v1.12 `version/version.go` CheckKubernetesVersion applies to the gitVersion): an optional
 * "v", at least major.minor, anything after (a distribution's "-gke.1", "+k3s1") ignored. Bounded: a gitVersion is
 * short, and a longer answer is no version.
 */
const SERVER_VERSION = /^v?(\d{1,6})\.(\d{1,6})(?:\.\d{1,6})*(?:[-+][0-9A-Za-z.+-]{0,64})?$/;

/**
 * Refuses a management cluster whose Kubernetes the pinned Cluster API does not support as a management cluster
 * (CAPI's table: not listed, "only workload", or listed from a later patch), before `clusterctl init` installs
 * anything on it. clusterctl itself only refuses below v1.20.0 (CAPI v1.12 `version/version.go`), so this is the check.
 */
export function requireSupportedManagementKubernetes(check: ManagementVersionCheck): void {
  const capi = /^[^:]+:v(\d+)\.(\d+)\.(\d+)/.exec(check.core);
  if (!capi) return; // the config schema refuses what is not name:vX.Y.Z
  const capiMinor = `${capi[1]}.${capi[2]}`;
  const capiVersion = `v${capi[1]}.${capi[2]}.${capi[3]}`;
  const column = SUPPORT[capiMinor];
  if (!column) return; // refused when the settings were read (requireSupportedKubernetes)
  const managed = `Cluster API ${capiVersion} (deployment.cluster_api.providers.core) supports Kubernetes ${range(capiMinor, true)} for management clusters (${CAPI_VERSIONS_SOURCE})`;
  const todo = `upgrade the management cluster to a supported version, or pin a Cluster API release that supports it for a management cluster (providers core, bootstrap and control_plane)`;
  const version = check.gitVersion.trim();
  const parsed = SERVER_VERSION.exec(version);
  if (!parsed) {
    const shown = escapeInvisible(JSON.stringify(version.length > 40 ? `${version.slice(0, 37)}...` : version));
    throw new UserError(
      `the management cluster (${check.cluster}) reports Kubernetes version ${shown} (its /version gitVersion), which is not a version, so it cannot be checked: ${managed}. Nothing was changed: check that the kubeconfig points at a Kubernetes API server`,
    );
  }
  const minor = `${Number(parsed[1])}.${Number(parsed[2])}`;
  const support = column[minor];
  const runs = `the management cluster (${check.cluster}) runs Kubernetes ${version}`;
  if (!support || support.workloadOnly)
    throw new UserError(
      `${runs}, and ${managed}${support ? `; ${minor} only for workload clusters` : ''}. Nothing was changed: ${todo}`,
    );
  if (support.fromPatch !== undefined && Number(capi[3]) < support.fromPatch)
    throw new UserError(
      `${runs}: ${managed}, ${minor} from v${capiMinor}.${support.fromPatch} on, and ${capiVersion} is pinned. Nothing was changed: pin providers core, bootstrap and control_plane at v${capiMinor}.${support.fromPatch} or later, or ${todo.split(', or ')[0]}`,
    );
}
