import { promises as fs } from 'node:fs';
import path from 'node:path';
import { UserError } from '../lib/errors.js';
import { displayPath, type FileKind } from '../lib/files.js';
import { compareVersions, type KubeVersion, parseKubeVersion } from '../kube/version.js';
import { parseYaml } from '../lib/yaml.js';

/**
 * Which Kubernetes versions a Kubespray tree installs, read from the tree itself: the keys of
 * `kubelet_checksums.amd64`. Kubespray's default kube_version is the first key and
 * kube_version_min_required the last (roles/kubespray_defaults/defaults/main/main.yml), and
 * roles/validate_inventory/tasks/main.yml refuses a kube_version that is not a key ("Kubernetes
 * v… is not supported for amd64"); ignore_assert_errors does not skip that check.
 */

/** Where the table lives: v2.28 and later; v2.26–v2.27 kept it in the defaults, keys with a "v". */
const CHECKSUM_FILES = [
  'roles/kubespray_defaults/vars/main/checksums.yml',
  'roles/kubespray-defaults/defaults/main/checksums.yml',
] as const;

/** The whole file is ~130 KiB at v2.31.0; a tree with a far larger one is not Kubespray's. */
const CHECKSUMS_FILE: FileKind = { noun: 'Kubespray checksum table', plural: 'checksum tables', maxBytes: 8 << 20 };

export interface SupportedKubernetes {
  /** Every listed version, newest first (Kubespray's order). */
  versions: KubeVersion[];
  /** Kubespray's default kube_version (the table's first key). */
  default: KubeVersion;
  min: KubeVersion;
  max: KubeVersion;
  /** The file read, relative to the tree. */
  source: string;
  /** The table's keys carry a "v" (v2.26, v2.27): those trees take kube_version with it. */
  vPrefixed: boolean;
}

/** Reads the supported versions from a Kubespray tree; an error names the file when it is missing or not the expected shape. */
export async function readSupportedKubernetes(kubesprayDir: string): Promise<SupportedKubernetes> {
  for (const relative of CHECKSUM_FILES) {
    const file = path.join(kubesprayDir, relative);
    const text = await fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
      throw new UserError(`cannot read ${displayPath(file)}: ${error.message}`);
    });
    if (text !== undefined) return parseSupportedKubernetes(text, relative, displayPath(file));
  }
  throw new UserError(
    `${displayPath(kubesprayDir)} has no ${CHECKSUM_FILES[0]}: not a Kubespray tree (or one older than v2.26); cannot tell which Kubernetes versions it installs`,
  );
}

function parseSupportedKubernetes(text: string, relative: string, shown = relative): SupportedKubernetes {
  const { value } = parseYaml(text, shown, CHECKSUMS_FILE);
  const table = (value as { kubelet_checksums?: { amd64?: unknown } } | null)?.kubelet_checksums?.amd64;
  if (!table || typeof table !== 'object' || Array.isArray(table)) {
    throw new UserError(
      `${shown} has no kubelet_checksums.amd64 mapping: not the checksum table of a Kubespray release`,
    );
  }
  const versions: KubeVersion[] = [];
  const keys = Object.keys(table);
  for (const [key, checksum] of Object.entries(table)) {
    // An architecture a version was not built for holds 0 in older tags.
    if (checksum === 0 || checksum === '0') continue;
    versions.push(parseKubeVersion(key, `${shown}: kubelet_checksums.amd64`));
  }
  if (versions.length === 0) throw new UserError(`${shown}: kubelet_checksums.amd64 lists no Kubernetes version`);
  const sorted = [...versions].sort(compareVersions);
  return {
    versions,
    default: versions[0]!,
    min: sorted[0]!,
    max: sorted.at(-1)!,
    source: relative,
    vPrefixed: keys.some((key) => key.startsWith('v')),
  };
}

/**
 * Refuses a tree whose kube_version takes a "v": v2.26 and v2.27 key their checksum table and build
 * their download URLs with kube_version as given (roles/kubespray-defaults/defaults/main/checksums.yml,
 * `kube_version: v1.31.4` in roles/kubespray-defaults/defaults/main/main.yml at v2.27.0), while every
 * command here passes it without, as v2.28 and later take it (`v{{ kube_version }}`). Passing one
 * spelling to both would fail "not supported" in one of them; the older trees are refused instead.
 */
export function requireUnprefixedKubeVersion(supported: SupportedKubernetes, kubespray: string | undefined): void {
  if (!supported.vPrefixed) return;
  throw new UserError(
    `${kubespray ? `Kubespray ${kubespray}` : 'this Kubespray tree'} takes kube_version with a "v" (its ${supported.source} lists v${supported.max.text}, not ${supported.max.text}): ` +
      'a tree older than v2.28, which cluster-deploy does not drive. Set deployment.kubespray.version to v2.28.0 or later; a live cluster moves there one Kubespray minor at a time (docs/operations/upgrades.md), upgrade-cluster.yml at each',
  );
}

export function describeRange(supported: SupportedKubernetes): string {
  return `${supported.min.text} to ${supported.max.text}`;
}

/**
 * Kubespray releases and the Kubernetes minors their checksum tables hold: our own table, read from
 * each tag's checksums.yml (kubernetes-sigs/kubespray; v2.32 from master 46dbdd3 and its release
 * proposal, #13430). Only used to say which Kubespray to move to; what a tree installs is read from it.
 */
const KUBESPRAY_RELEASES: readonly { minor: string; kube: readonly [string, string] }[] = [
  { minor: '2.26', kube: ['1.28', '1.30'] },
  { minor: '2.27', kube: ['1.29', '1.31'] },
  { minor: '2.28', kube: ['1.30', '1.32'] },
  { minor: '2.29', kube: ['1.31', '1.33'] },
  { minor: '2.30', kube: ['1.32', '1.34'] },
  { minor: '2.31', kube: ['1.33', '1.35'] },
  { minor: '2.32', kube: ['1.34', '1.36'] },
];

const minorOf = (text: string) => {
  const [major, minor] = text.split('.').map(Number) as [number, number];
  return major * 1000 + minor;
};

/**
 * Refuses a kube_version the pinned Kubespray cannot install, saying what to do: within its minors
 * but past its newest patch, a newer patch release of the same Kubespray (checksums are frozen per
 * tag, #12095); beyond its minors, the next Kubespray minor (upgraded one minor at a time,
 * docs/operations/upgrades.md); below, an older one.
 */
export function checkKubeVersionSupported(
  wanted: KubeVersion,
  supported: SupportedKubernetes,
  kubespray: { version?: string; where: string },
): void {
  if (supported.versions.some((v) => compareVersions(v, wanted) === 0)) return;
  const named = kubespray.version ? `Kubespray ${kubespray.version}` : 'this Kubespray';
  const head = `${kubespray.where}: Kubernetes ${wanted.text} is not supported by ${named}, which installs ${describeRange(supported)} (${supported.source})`;
  const wantedMinor = wanted.major * 1000 + wanted.minor;
  const pinnedMinor = kubespray.version?.replace(/^v/, '').split('.').slice(0, 2).join('.');
  if (compareVersions(wanted, supported.max) > 0 && wantedMinor === minorOf(supported.max.text)) {
    throw new UserError(
      `${head}; a newer patch release of ${pinnedMinor ? `Kubespray v${pinnedMinor}` : 'it'} may list it: set deployment.kubespray.version to the newest v${pinnedMinor ?? 'X.Y'}.Z, or choose ${supported.max.text}`,
    );
  }
  if (compareVersions(wanted, supported.min) > 0 && compareVersions(wanted, supported.max) < 0) {
    const near = supported.versions.filter((v) => v.major === wanted.major && v.minor === wanted.minor);
    throw new UserError(
      `${head}; it lists ${near.length ? near.map((v) => v.text).join(', ') : 'no patch'} of ${wanted.major}.${wanted.minor}`,
    );
  }
  const pinned = pinnedMinor ? KUBESPRAY_RELEASES.findIndex((r) => r.minor === pinnedMinor) : -1;
  const holding = KUBESPRAY_RELEASES.filter(
    (r) => minorOf(r.kube[0]) <= wantedMinor && wantedMinor <= minorOf(r.kube[1]),
  );
  if (compareVersions(wanted, supported.max) > 0) {
    const next = pinned >= 0 ? KUBESPRAY_RELEASES[pinned + 1] : undefined;
    const target = holding[0];
    const steps =
      next && target && target.minor !== next.minor
        ? `move deployment.kubespray.version to v${next.minor} first, then on one minor at a time to v${target.minor}`
        : next
          ? `move deployment.kubespray.version to v${next.minor} first (it installs ${next.kube[0]} to ${next.kube[1]})`
          : 'move deployment.kubespray.version to a newer Kubespray first';
    throw new UserError(`${head}; ${steps} (Kubespray is upgraded one minor at a time, never skipping one)`);
  }
  const older = holding.at(-1);
  throw new UserError(
    `${head}; ${older ? `Kubespray v${older.minor} installs ${wanted.major}.${wanted.minor}, or ` : ''}choose ${supported.min.text} or later`,
  );
}
