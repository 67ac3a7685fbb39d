import { randomBytes } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { type CommandSpec, commandName, type Exec } from '../lib/command.js';
import { UserError } from '../lib/errors.js';
import { downloadFile } from '../lib/download.js';
import {
  KNOWN_UPSTREAM_COMMITS,
  type KubespraySource,
  kubesprayTag,
  UPSTREAM_KUBESPRAY,
  VERSION,
} from '../model/kubespray-source.js';

export { kubesprayTag, parseKubespraySource, UPSTREAM_KUBESPRAY } from '../model/kubespray-source.js';

const COMMIT = /^[0-9a-f]{40}$/;

/**
 * Kubespray at exactly the pinned version. A cluster dir that carries `kubespray/` (vendored, a
 * submodule, an earlier checkout) is used as is when its version matches; otherwise the tag is
 * resolved to a commit and fetched into a cache directory keyed by version and commit. Every tree
 * is fetched into a temp directory and renamed into place, so one killed mid-fetch never leaves a
 * half tree under a name that is used.
 */

/** What was used: recorded in the state and shown in the plan. */
export interface KubesprayPin {
  /** The tag (`v2.31.0`), or undefined for a vendored tree of unknown version with none configured. */
  version?: string;
  /** The commit the tag resolved to (git), or the one a tarball's archive header names. */
  commit?: string;
  /** The tarball's digest. */
  sha256?: string;
  source: string;
  origin: 'vendored' | 'cache' | 'fetched';
  /** The tree to run Kubespray from. */
  dir: string;
}

export interface EnsureKubesprayOptions {
  /** deployment.kubespray.version; may be unset only with a vendored tree. */
  version?: string;
  source: KubespraySource;
  /** `<cluster dir>/kubespray`: used as is when it exists. */
  vendoredDir: string;
  cacheRoot: string;
  /** The commit an earlier run recorded for this version: a tag that moved since is refused. */
  recorded?: { version?: string; commit?: string };
  exec: Exec;
  env: Readonly<Record<string, string>>;
  /** Progress lines. */
  say?: (line: string) => void;
  /** For tarballs: extra CA certificates (PEM). */
  ca?: string;
  /** Names for messages. */
  where?: { version: string; source: string };
}

const DEFAULT_WHERE = { version: 'deployment.kubespray.version', source: 'deployment.kubespray.source' };

export async function ensureKubespray(options: EnsureKubesprayOptions): Promise<KubesprayPin> {
  const where = options.where ?? DEFAULT_WHERE;
  const tag = options.version === undefined ? undefined : kubesprayTag(options.version, where.version);
  if (await isDirectory(options.vendoredDir)) return useVendored(options, tag);
  if (!tag) {
    throw new UserError(
      `${where.version} is not set and ${options.vendoredDir} does not exist: set it (e.g. v2.31.0) to have Kubespray fetched, or put a Kubespray tree there`,
    );
  }
  await fs.mkdir(options.cacheRoot, { recursive: true, mode: 0o700 });
  await removeAbandoned(options.cacheRoot);
  return options.source.kind === 'git'
    ? fetchGit(options, tag, options.source.url)
    : fetchTarball(options, tag, options.source);
}

/** The stable name a fetched version is used under: a symlink to its `<tag>-<commit>` tree, switched atomically. */
function cachedKubesprayDir(cacheRoot: string, tag: string): string {
  return path.join(cacheRoot, tag);
}

/** Where a git source's tree of this tag and commit is kept. */
export function fetchedTreeDir(cacheRoot: string, tag: string, commit: string): string {
  return path.join(cacheRoot, `${tag}-${commit}`);
}

async function isDirectory(dir: string): Promise<boolean> {
  return (await fs.stat(dir).catch(() => undefined))?.isDirectory() ?? false;
}

const gitEnv = (env: Readonly<Record<string, string>>) => ({
  ...env,
  // A wrong https URL must fail, not wait for a password nobody will type.
  GIT_TERMINAL_PROMPT: '0',
  GIT_ASKPASS: '',
  SSH_ASKPASS: '',
  GIT_SSH_COMMAND: env.GIT_SSH_COMMAND ?? 'ssh -o BatchMode=yes -o ConnectTimeout=20',
  LC_ALL: 'C',
});

async function git(options: Pick<EnsureKubesprayOptions, 'exec' | 'env'>, cwd: string, ...args: string[]) {
  const spec: CommandSpec = { argv: ['git', ...args], cwd, env: gitEnv(options.env) };
  return options.exec(spec, { check: false, capture: true, quiet: true });
}

/** git's own reason, in one line: its last "fatal:"/"error:" line, else its last line. */
function gitReason(tail: readonly string[], exitCode: number | null): string {
  const lines = tail.map((line) => line.trim()).filter(Boolean);
  return lines.filter((line) => /^(fatal|error):/.test(line)).at(-1) ?? lines.at(-1) ?? `git exited with ${exitCode}`;
}

/** The version of a vendored tree: the tags at its HEAD when it is a git checkout of its own, else galaxy.yml's. */
async function vendoredVersion(
  options: Pick<EnsureKubesprayOptions, 'exec' | 'env'>,
  dir: string,
): Promise<{ tags: string[]; commit?: string; galaxy?: string }> {
  const opts = options as EnsureKubesprayOptions;
  let tags: string[] = [];
  let commit: string | undefined;
  const top = await git(opts, dir, 'rev-parse', '--show-toplevel');
  // Git metadata of the repository the cluster dir sits in says nothing about this tree.
  if (top.exitCode === 0 && (await samePath(top.stdout.trim(), dir))) {
    const head = await git(opts, dir, 'rev-parse', 'HEAD^{commit}');
    if (head.exitCode === 0) commit = head.stdout.trim();
    const pointing = await git(opts, dir, 'tag', '--points-at', 'HEAD');
    if (pointing.exitCode === 0)
      tags = pointing.stdout
        .split('\n')
        .map((t) => t.trim())
        .filter(Boolean);
  }
  const galaxyText = await fs.readFile(path.join(dir, 'galaxy.yml'), 'utf8').catch(() => '');
  const galaxy = /^version:\s*["']?([0-9][^"'\s]*)["']?\s*$/m.exec(galaxyText)?.[1];
  return { tags, commit, galaxy };
}

async function samePath(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([fs.realpath(a).catch(() => a), fs.realpath(b).catch(() => b)]);
  return x === y;
}

async function useVendored(options: EnsureKubesprayOptions, tag: string | undefined): Promise<KubesprayPin> {
  const dir = options.vendoredDir;
  const found = await vendoredVersion(options, dir);
  const foundTags = found.tags.filter((t) => VERSION.test(t)).map((t) => kubesprayTag(t, dir));
  const galaxyTag = found.galaxy && VERSION.test(found.galaxy) ? kubesprayTag(found.galaxy, dir) : undefined;
  const pin = { commit: found.commit, source: dir, origin: 'vendored' as const, dir };
  const described = [
    foundTags.length ? `git tag ${foundTags.join(', ')} at ${found.commit?.slice(0, 12)}` : undefined,
    found.galaxy ? `galaxy.yml version ${found.galaxy}` : undefined,
  ]
    .filter(Boolean)
    .join(', ');
  if (!tag) {
    options.say?.(
      `      ${dir} is used as is (${described || 'its version unknown'}); set deployment.kubespray.version to pin it`,
    );
    return { ...pin, version: foundTags[0] ?? galaxyTag };
  }
  // The tags at HEAD say it exactly; without any, galaxy.yml (which names the release it leads to).
  const matches = foundTags.length ? foundTags.includes(tag) : galaxyTag === tag;
  if (!matches) {
    throw new UserError(
      described
        ? `${dir} holds Kubespray ${described}, but ${(options.where ?? DEFAULT_WHERE).version} is ${tag}: check out ${tag} there, remove the directory to have ${tag} fetched, or change the config`
        : `${dir} has no git tag and no galaxy.yml: cannot tell its version to check it is ${tag}; remove it to have ${tag} fetched, or vendor a Kubespray release`,
    );
  }
  if (found.commit) refuseMovedTag(options, tag, found.commit, dir);
  return { ...pin, version: tag };
}

/** A tag that resolves to another commit than recorded (or than upstream's known one) is refused, naming both. */
function refuseMovedTag(options: EnsureKubesprayOptions, tag: string, commit: string, where: string): void {
  const recorded = options.recorded?.version === tag ? options.recorded.commit : undefined;
  const known =
    options.source.kind === 'git' && options.source.url === UPSTREAM_KUBESPRAY
      ? KNOWN_UPSTREAM_COMMITS[tag]
      : undefined;
  for (const [expected, by] of [
    [recorded, 'an earlier run of this cluster recorded'],
    [known, 'upstream released it as'],
  ] as const) {
    if (expected && expected !== commit) {
      throw new UserError(
        `Kubespray ${tag} at ${where} is commit ${commit}, but ${by} ${expected}: the tag was moved. Check which is right; to accept the new commit, run with --restart (input restart: true)`,
      );
    }
  }
}

/** The commit a git source's tag names now (the peeled one for an annotated tag); also what the Actions cache keys a tree by. */
export async function resolveKubesprayTag(
  options: Pick<EnsureKubesprayOptions, 'cacheRoot' | 'exec' | 'env' | 'vendoredDir' | 'where'>,
  tag: string,
  url: string,
): Promise<string> {
  const resolved = await git(options, options.cacheRoot, 'ls-remote', url, `refs/tags/${tag}`, `refs/tags/${tag}^{}`);
  if (resolved.exitCode !== 0) {
    throw new UserError(
      `cannot reach the Kubespray source ${url} (${gitReason(resolved.tail, resolved.exitCode)}): check ${(options.where ?? DEFAULT_WHERE).source} and the network, or put Kubespray ${tag} at ${options.vendoredDir}`,
    );
  }
  const refs = new Map(
    resolved.stdout
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((cells) => cells.length === 2)
      .map(([sha, ref]) => [ref!, sha!]),
  );
  // An annotated tag's own object is not the commit: the peeled line (^{}) is.
  const commit = refs.get(`refs/tags/${tag}^{}`) ?? refs.get(`refs/tags/${tag}`);
  if (!commit || !COMMIT.test(commit)) {
    throw new UserError(
      `${url} has no tag ${tag}: check ${(options.where ?? DEFAULT_WHERE).version} (Kubespray's tags look like v2.31.0)`,
    );
  }
  return commit;
}

async function fetchGit(options: EnsureKubesprayOptions, tag: string, url: string): Promise<KubesprayPin> {
  const commit = await resolveKubesprayTag(options, tag, url);
  refuseMovedTag(options, tag, commit, url);
  const base = { version: tag, commit, source: url };
  const final = fetchedTreeDir(options.cacheRoot, tag, commit);
  if (await isDirectory(final)) return { ...base, origin: 'cache', dir: await pointAt(options.cacheRoot, tag, final) };

  options.say?.(`      fetching Kubespray ${tag} (${commit.slice(0, 12)}) from ${url}`);
  const temp = await tempDir(options.cacheRoot, tag);
  try {
    const steps: string[][] = [
      ['init', '-q', temp],
      ['-C', temp, 'fetch', '-q', '--depth', '1', '--no-tags', url, `refs/tags/${tag}`],
      ['-C', temp, '-c', 'advice.detachedHead=false', 'checkout', '-q', '--detach', 'FETCH_HEAD'],
    ];
    for (const args of steps) {
      const result = await git(options, options.cacheRoot, ...args);
      if (result.exitCode !== 0) {
        throw new UserError(
          `fetching Kubespray ${tag} from ${url} failed: ${commandName(['git', ...args])}: ${gitReason(result.tail, result.exitCode)}`,
        );
      }
    }
    const head = (await git(options, temp, 'rev-parse', 'HEAD^{commit}')).stdout.trim();
    if (head !== commit) {
      throw new UserError(
        `Kubespray ${tag} at ${url} moved while it was fetched: it resolved to ${commit}, the fetch got ${head}; run again`,
      );
    }
    // The tag, as a local ref, lets the tree tell its own version (vendoredVersion) like a clone.
    await git(options, temp, 'tag', tag, commit);
    await renameInto(temp, final);
  } finally {
    await fs.rm(temp, { recursive: true, force: true });
  }
  return { ...base, origin: 'fetched', dir: await pointAt(options.cacheRoot, tag, final) };
}

async function fetchTarball(
  options: EnsureKubesprayOptions,
  tag: string,
  source: Extract<KubespraySource, { kind: 'tarball' }>,
): Promise<KubesprayPin> {
  const final = path.join(options.cacheRoot, `${tag}-sha256-${source.sha256}`);
  const recordedCommit = options.recorded?.version === tag ? options.recorded.commit : undefined;
  const base = { version: tag, sha256: source.sha256, source: source.url };
  if (await isDirectory(final)) {
    const commit = (await fs.readFile(path.join(final, '.cluster-deploy-commit'), 'utf8').catch(() => '')).trim();
    return {
      ...base,
      commit: commit || recordedCommit,
      origin: 'cache',
      dir: await pointAt(options.cacheRoot, tag, final),
    };
  }
  options.say?.(`      downloading Kubespray ${tag} from ${source.url}`);
  const temp = await tempDir(options.cacheRoot, tag);
  try {
    const archive = path.join(temp, 'kubespray.tar.gz');
    const got = await downloadFile(source.url, archive, { ca: options.ca });
    if (got.sha256 !== source.sha256) {
      throw new UserError(
        `the Kubespray tarball ${source.url} has sha256 ${got.sha256}, not ${source.sha256} (deployment.kubespray.sha256): refused; check which is right`,
      );
    }
    const tree = path.join(temp, 'tree');
    await fs.mkdir(tree);
    const untar = await options.exec(
      { argv: ['tar', '-xzf', archive, '-C', tree, '--no-same-owner'], cwd: temp, env: options.env },
      { check: false, quiet: true },
    );
    if (untar.exitCode !== 0) {
      throw new UserError(
        `the Kubespray tarball ${source.url} did not unpack: ${gitReason(untar.tail, untar.exitCode)}`,
      );
    }
    // GitHub's archives hold one top directory (kubespray-2.31.0/).
    const entries = await fs.readdir(tree, { withFileTypes: true });
    const root = entries.length === 1 && entries[0]!.isDirectory() ? path.join(tree, entries[0]!.name) : tree;
    const { galaxy } = await vendoredVersion(options, root);
    const galaxyTag = galaxy && VERSION.test(galaxy) ? kubesprayTag(galaxy, source.url) : undefined;
    if (galaxyTag !== tag) {
      throw new UserError(
        `the Kubespray tarball ${source.url} holds ${galaxy ? `version ${galaxy} (galaxy.yml)` : 'no galaxy.yml'}, but ${(options.where ?? DEFAULT_WHERE).version} is ${tag}`,
      );
    }
    const commit = await tarCommitId(archive);
    if (commit) {
      refuseMovedTag(options, tag, commit, source.url);
      await fs.writeFile(path.join(root, '.cluster-deploy-commit'), `${commit}\n`);
    }
    await renameInto(root, final);
    return { ...base, commit, origin: 'fetched', dir: await pointAt(options.cacheRoot, tag, final) };
  } finally {
    await fs.rm(temp, { recursive: true, force: true });
  }
}

/** A fresh temp dir in the cache, named with our pid so a later run knows when it was abandoned. */
async function tempDir(cacheRoot: string, tag: string): Promise<string> {
  const dir = path.join(cacheRoot, `.tmp-${tag}-${process.pid}-${randomBytes(4).toString('hex')}`);
  await fs.mkdir(dir, { mode: 0o700 });
  return dir;
}

/** Temp dirs of runs that died (kill -9): their pid is gone. */
async function removeAbandoned(cacheRoot: string): Promise<void> {
  for (const name of await fs.readdir(cacheRoot).catch(() => [] as string[])) {
    const pid = Number(/^\.tmp-.+-(\d+)-[0-9a-f]{8}$/.exec(name)?.[1] ?? /^\.link-(\d+)-/.exec(name)?.[1]);
    if (!pid || alive(pid)) continue;
    await fs.rm(path.join(cacheRoot, name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** rename(2) of a complete tree; another run that finished the same tree first wins, ours is dropped. */
async function renameInto(from: string, to: string): Promise<void> {
  try {
    await fs.rename(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if ((code === 'ENOTEMPTY' || code === 'EEXIST') && (await isDirectory(to))) return;
    throw error;
  }
}

/** Points `<cache>/<tag>` at the tree, replacing an older link atomically (symlink, then rename over it). */
async function pointAt(cacheRoot: string, tag: string, tree: string): Promise<string> {
  const link = cachedKubesprayDir(cacheRoot, tag);
  const current = await fs.readlink(link).catch(() => undefined);
  if (current === path.basename(tree)) return link;
  const temp = path.join(cacheRoot, `.link-${process.pid}-${randomBytes(4).toString('hex')}`);
  await fs.symlink(path.basename(tree), temp);
  await fs.rename(temp, link);
  return link;
}

/**
 * The commit `git archive` (and so GitHub's tarballs) records in the archive's first block, a pax
 * global header whose record is `52 comment=<sha>` (what `git get-tar-commit-id` reads).
 */
async function tarCommitId(archive: string): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  const { createGunzip } = await import('node:zlib');
  const gunzip = createGunzip();
  const input = createReadStream(archive);
  try {
    for await (const chunk of input.pipe(gunzip)) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= 1024) break;
    }
  } catch {
    return undefined;
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  const head = Buffer.concat(chunks).subarray(0, 1024);
  if (head.length < 1024 || String.fromCharCode(head[156]!) !== 'g') return undefined;
  return /^52 comment=([0-9a-f]{40})\n/.exec(head.subarray(512).toString('latin1'))?.[1];
}
