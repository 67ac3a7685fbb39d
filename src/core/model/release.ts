import { PLACEHOLDER } from '../openstack/credentials.js';

/**
 * The release of this toolkit that `init` pins a new repository to, in one place: the module's `?ref=vX.Y.Z` and
 * every `uses:` of the toolkit as `owner/name@<commit> # vX.Y.Z` (docs/versions.md). scripts/release.mjs cuts
 * releases; the tag vX.Y.Z is package.json's version (scripts/release-tag.mjs refuses any other).
 */
export interface ToolkitRelease {
  /** package.json's version, X.Y.Z. */
  version: string;
  /**
   * Known when the toolkit runs from a clone at the tag vX.Y.Z whose origin is on GitHub: the repository
   * (owner/name) and the tag's commit, which is what a SHA pin names (and what Dependabot moves).
   */
  pin?: { repository: string; commit: string };
}

/** owner/name as GitHub allows them. */
const OWNER = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})';
const NAME = '[A-Za-z0-9._-]{1,100}';
const GITHUB_URLS = [
  new RegExp(`^https://github\\.com/(${OWNER})/(${NAME}?)(?:\\.git)?/?$`),
  new RegExp(`^(?:ssh://)?git@github\\.com[:/](${OWNER})/(${NAME}?)(?:\\.git)?/?$`),
];

/** owner/name of a GitHub remote URL (https or ssh), or undefined for any other host. */
export function githubRepository(url: string): string | undefined {
  for (const pattern of GITHUB_URLS) {
    const m = pattern.exec(url.trim());
    if (m && m[2] !== '.' && m[2] !== '..') return `${m[1]}/${m[2]}`;
  }
  return undefined;
}

/** The module at the release: git::https://github.com/<repository>.git//modules/openstack-cluster?ref=vX.Y.Z. */
export function releaseModuleSource(release: ToolkitRelease): string {
  const repository = release.pin?.repository ?? `${PLACEHOLDER}/deploy`;
  return `git::https://github.com/${repository}.git//modules/openstack-cluster?ref=v${release.version}`;
}

/**
 * The examples' pins of this toolkit: `uses: org/deploy[/actions/NAME]@<40 hex> # vX.Y.Z` (a placeholder commit,
 * test/workflows/workflows.test.ts keeps every example so).
 */
const EXAMPLE_PIN =
  /^(\s*(?:-\s+)?uses:\s+)org\/deploy((?:\/actions\/[a-z0-9-]+)?)@[0-9a-f]{40} # v[0-9][0-9A-Za-z.-]*$/gm;

/**
 * An example workflow pinned to the release: each of the toolkit's `uses:` at the release's commit with its tag in
 * the comment, as Dependabot (package-ecosystem: github-actions) reads and updates them. Unchanged without a pin.
 */
export function pinWorkflow(content: string, release: ToolkitRelease): string {
  const pin = release.pin;
  if (!pin) return content;
  return content.replace(
    EXAMPLE_PIN,
    (_line, head: string, action: string) => `${head}${pin.repository}${action}@${pin.commit} # v${release.version}`,
  );
}

/** Whether a workflow still names the examples' placeholder repository or commit. */
export function hasExamplePin(content: string): boolean {
  return new RegExp(EXAMPLE_PIN.source, 'm').test(content);
}
