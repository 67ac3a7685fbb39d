import { UsageError, UserError } from '../lib/errors.js';

/**
 * Where Kubespray comes from (deployment.kubespray.source, .sha256) and its version as a tag:
 * parsed with the settings, so a bad value is refused before any step runs.
 */

export const UPSTREAM_KUBESPRAY = 'https://github.com/kubernetes-sigs/kubespray.git';

/**
 * Upstream tags are lightweight and could be moved: the commits of the tags we know
 * (openstack-day0.md §1: v2.31.0 = 1c9add4, read from kubernetes-sigs/kubespray). A resolution to
 * another commit is refused even on a first run.
 */
export const KNOWN_UPSTREAM_COMMITS: Readonly<Record<string, string>> = {
  'v2.31.0': '1c9add48975060f45396b34d8e022c30d7f80dab',
};

export type KubespraySource = { kind: 'git'; url: string } | { kind: 'tarball'; url: string; sha256: string };

export const VERSION = /^v?(\d{1,4})\.(\d{1,4})\.(\d{1,4})$/;
const SHA256 = /^[0-9a-f]{64}$/;

/** `2.31.0` or `v2.31.0` → `v2.31.0`, Kubespray's tag; anything else is an error naming `where`. */
export function kubesprayTag(version: string, where: string): string {
  const match = VERSION.exec(version.trim());
  if (!match) {
    throw new UserError(
      `${where}: ${JSON.stringify(version.slice(0, 60))} is not a Kubespray release; write it like v2.31.0`,
    );
  }
  return `v${Number(match[1])}.${Number(match[2])}.${Number(match[3])}`;
}

/**
 * The source field (`where` names it): a git URL (https, ssh, git, file://, scp-like
 * `git@host:path`) or an https tarball (`.tar.gz`/`.tgz`), which needs its sha256.
 */
export function parseKubespraySource(
  source: string | undefined,
  sha256: string | undefined,
  where: { source: string; sha256: string },
): KubespraySource {
  const url = source?.trim() || UPSTREAM_KUBESPRAY;
  if (/[\s\0]/.test(url) || url.startsWith('-')) {
    throw new UserError(`${where.source}: ${JSON.stringify(url.slice(0, 80))} is not a URL`);
  }
  const tarball = /\.(tar\.gz|tgz)(\?.*)?$/.test(url);
  if (tarball) {
    if (!url.startsWith('https://')) {
      throw new UserError(`${where.source}: a tarball is downloaded over https only (${url})`);
    }
    const digest = sha256
      ?.trim()
      .toLowerCase()
      .replace(/^sha256:/, '');
    if (!digest) {
      throw new UserError(
        `${where.source} is a tarball: set ${where.sha256} to its sha256 (sha256sum of the file), so a changed download is refused`,
      );
    }
    if (!SHA256.test(digest)) throw new UserError(`${where.sha256}: must be 64 hexadecimal digits (a sha256)`);
    return { kind: 'tarball', url, sha256: digest };
  }
  if (sha256?.trim()) {
    throw new UserError(`${where.sha256} is for a tarball source; a git source is pinned by its tag's commit`);
  }
  if (!/^(https?|ssh|git|file):\/\/./.test(url) && !/^[\w.-]+@[\w.-]+:./.test(url)) {
    throw new UserError(
      `${where.source}: ${JSON.stringify(url.slice(0, 80))} is neither a git URL (https://, ssh://, git@host:path, file://) nor an https .tar.gz`,
    );
  }
  return { kind: 'git', url };
}

const SSH_USER = /^[a-z_][a-z0-9_.-]{0,31}$/i;

/** An SSH user name (--ssh-user, input ssh-user): a login name, nothing an ssh option could be read from. */
export function parseSshUser(text: string, where: string, fail: new (message: string) => Error = UsageError): string {
  const user = text.trim();
  if (!SSH_USER.test(user)) {
    throw new fail(
      `${where}: ${JSON.stringify(user.slice(0, 40))} is not a user name (letters, digits, ., _, -; at most 32)`,
    );
  }
  return user;
}
