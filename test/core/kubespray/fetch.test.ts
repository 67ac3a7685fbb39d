import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, lstat, mkdir, mkdtemp, readFile, readdir, readlink, realpath, writeFile } from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificates } from '../../../examples/sandbox/kube-api.js';
import { commandExecutor } from '../../../src/core/lib/command.js';
import {
  ensureKubespray,
  type EnsureKubesprayOptions,
  parseKubespraySource,
  UPSTREAM_KUBESPRAY,
} from '../../../src/core/kubespray/fetch.js';
import { Redactor } from '../../../src/core/lib/redact.js';
import { writeKubesprayTree } from '../../support/kubespray-tree.js';

const run = promisify(execFile);
const exec = commandExecutor({ redactor: new Redactor() });
const env = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: tmpdir(),
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.invalid',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.invalid',
};
const git = async (cwd: string, ...args: string[]) => (await run('git', args, { cwd, env })).stdout.trim();
const temp = (name: string) => mkdtemp(path.join(tmpdir(), `ks-fetch-${name}-`));

/** A Kubespray-shaped repository with tags v2.30.0 and v2.31.0 (lightweight, as upstream's are). */
async function upstream(): Promise<{ dir: string; url: string; commits: Record<string, string> }> {
  const dir = await temp('upstream');
  await git(dir, 'init', '-q', '-b', 'master');
  const commits: Record<string, string> = {};
  for (const version of ['2.30.0', '2.31.0']) {
    await writeKubesprayTree(dir, { version });
    await git(dir, 'add', '-A');
    await git(dir, 'commit', '-q', '-m', `release ${version}`);
    await git(dir, 'tag', `v${version}`);
    commits[`v${version}`] = await git(dir, 'rev-parse', 'HEAD');
  }
  return { dir, url: `file://${dir}`, commits };
}

let repo: Awaited<ReturnType<typeof upstream>>;
beforeAll(async () => {
  repo = await upstream();
});

async function options(overrides: Partial<EnsureKubesprayOptions> = {}): Promise<EnsureKubesprayOptions> {
  const clusterDir = await temp('cluster');
  return {
    version: 'v2.31.0',
    source: { kind: 'git', url: repo.url },
    vendoredDir: path.join(clusterDir, 'kubespray'),
    cacheRoot: path.join(await temp('cache'), 'kubespray'),
    exec,
    env,
    ...overrides,
  };
}

const galaxyVersion = async (dir: string) =>
  /version: (\S+)/.exec(await readFile(path.join(dir, 'galaxy.yml'), 'utf8'))?.[1];

describe('Kubespray fetched from git at the pinned tag', () => {
  it('resolves the tag to its commit, fetches it into <cache>/<tag>-<commit> and points <cache>/<tag> at it', async () => {
    const o = await options();
    const pin = await ensureKubespray(o);
    expect(pin).toMatchObject({
      version: 'v2.31.0',
      commit: repo.commits['v2.31.0'],
      origin: 'fetched',
      source: repo.url,
    });
    expect(pin.dir).toBe(path.join(o.cacheRoot, 'v2.31.0'));
    expect(await readlink(pin.dir)).toBe(`v2.31.0-${repo.commits['v2.31.0']}`);
    expect(await galaxyVersion(pin.dir)).toBe('2.31.0');
    expect(await git(pin.dir, 'rev-parse', 'HEAD')).toBe(repo.commits['v2.31.0']);
    // Again: from the cache, nothing fetched; no temp dir left.
    expect(await ensureKubespray(o)).toMatchObject({ origin: 'cache', dir: pin.dir });
    expect((await readdir(o.cacheRoot)).sort()).toEqual(['v2.31.0', `v2.31.0-${repo.commits['v2.31.0']}`]);
    // "2.31.0" (no v) names the same tag.
    expect(await ensureKubespray({ ...o, version: '2.31.0' })).toMatchObject({ origin: 'cache' });
  });

  it('refuses a tag that now resolves to another commit than recorded, naming both', async () => {
    const moved = await upstream();
    const o = await options({ source: { kind: 'git', url: moved.url } });
    const first = await ensureKubespray(o);
    await writeFile(path.join(moved.dir, 'README.md'), 'moved\n');
    await git(moved.dir, 'add', '-A');
    await git(moved.dir, 'commit', '-q', '-m', 'after the release');
    await git(moved.dir, 'tag', '-f', 'v2.31.0');
    const now = await git(moved.dir, 'rev-parse', 'HEAD');
    const error = await ensureKubespray({ ...o, recorded: { version: 'v2.31.0', commit: first.commit } }).catch(
      (e: Error) => e,
    );
    expect((error as Error).message).toMatch(
      new RegExp(
        `Kubespray v2.31.0 at ${moved.url} is commit ${now}, but an earlier run of this cluster recorded ${first.commit}: the tag was moved`,
      ),
    );
    // A record of another version does not hold this one back.
    expect(await ensureKubespray({ ...o, recorded: { version: 'v2.30.0', commit: first.commit } })).toMatchObject({
      commit: now,
      origin: 'fetched',
    });
  });

  it.each([
    [
      'a missing repository',
      'file:///nonexistent/kubespray.git',
      /^cannot reach the Kubespray source file:\/\/\/nonexistent\/kubespray.git \(fatal: .*\): check deployment.kubespray.source and the network, or put Kubespray v2.31.0 at /,
    ],
    [
      'a host that refuses',
      'https://127.0.0.1:1/kubespray.git',
      /^cannot reach the Kubespray source https:\/\/127.0.0.1:1\/kubespray.git \(fatal: unable to access .*(Connection refused|Couldn't connect)/,
    ],
    [
      'an unknown host (offline)',
      'https://kubespray.invalid/kubespray.git',
      /^cannot reach the Kubespray source .*Could not resolve host/,
    ],
  ])('%s is one clear error', async (_name, url, error) => {
    await expect(ensureKubespray(await options({ source: { kind: 'git', url } }))).rejects.toThrow(error);
  });

  it('a tag the repository does not have is named', async () => {
    await expect(ensureKubespray(await options({ version: 'v2.31.9' }))).rejects.toThrow(
      /has no tag v2.31.9: check deployment.kubespray.version/,
    );
  });

  it('refuses upstream’s tag when it resolves to another commit than upstream released', async () => {
    // The upstream URL, served by a local repository through git's url.<base>.insteadOf.
    const configured = {
      ...env,
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: `url.${repo.url}.insteadOf`,
      GIT_CONFIG_VALUE_0: UPSTREAM_KUBESPRAY,
    };
    await expect(
      ensureKubespray(await options({ source: { kind: 'git', url: UPSTREAM_KUBESPRAY }, env: configured })),
    ).rejects.toThrow(
      `is commit ${repo.commits['v2.31.0']}, but upstream released it as 1c9add48975060f45396b34d8e022c30d7f80dab`,
    );
  });

  it('kill -9 in the middle of a fetch leaves no tree in use, and the next run finishes', async () => {
    const o = await options();
    // A git that stops for good before the checkout: the fetch is half done when the process is killed.
    const bin = await temp('bin');
    const realGit = (await run('sh', ['-c', 'command -v git'])).stdout.trim();
    await writeFile(
      path.join(bin, 'git'),
      `#!/bin/sh\nfor a in "$@"; do [ "$a" = checkout ] && { echo $$ > "${bin}/reached.tmp"; mv "${bin}/reached.tmp" "${bin}/reached"; sleep 600; }; done\nexec ${realGit} "$@"\n`,
    );
    await chmod(path.join(bin, 'git'), 0o755);
    const script = path.join(bin, 'fetch.mts');
    await writeFile(
      script,
      `import { ensureKubespray } from ${JSON.stringify(path.resolve('src/core/kubespray/fetch.ts'))};
import { commandExecutor } from ${JSON.stringify(path.resolve('src/core/lib/command.ts'))};
import { Redactor } from ${JSON.stringify(path.resolve('src/core/lib/redact.ts'))};
await ensureKubespray({ ...JSON.parse(process.argv[2]), exec: commandExecutor({ redactor: new Redactor() }) });
`,
    );
    const args = {
      version: o.version,
      source: o.source,
      vendoredDir: o.vendoredDir,
      cacheRoot: o.cacheRoot,
      env: { ...env, PATH: `${bin}:${env.PATH}` },
    };
    const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(args)], {
      stdio: 'ignore',
      detached: true,
    });
    for (let i = 0; i < 300 && !(await lstat(path.join(bin, 'reached')).catch(() => undefined)); i++)
      await new Promise((r) => setTimeout(r, 50));
    const during = await readdir(o.cacheRoot);
    expect(during.some((name) => name.startsWith('.tmp-v2.31.0-'))).toBe(true);
    process.kill(-child.pid!, 'SIGKILL');
    await new Promise((resolve) => child.on('exit', resolve));
    // git ran in its own process group (as every command does): the sleeping stand-in goes too.
    process.kill(-Number(await readFile(path.join(bin, 'reached'), 'utf8')), 'SIGKILL');
    // Nothing under a used name: no <tag> link, no <tag>-<commit> tree.
    expect((await readdir(o.cacheRoot)).filter((name) => !name.startsWith('.tmp-'))).toEqual([]);
    const pin = await ensureKubespray(o);
    expect(pin.origin).toBe('fetched');
    expect(await galaxyVersion(pin.dir)).toBe('2.31.0');
    expect((await readdir(o.cacheRoot)).filter((name) => name.startsWith('.'))).toEqual([]);
  }, 30_000);
});

describe('a cluster dir that carries kubespray/ already', () => {
  it('a git checkout is used as is when a tag at its HEAD is the config’s version, else refused naming both', async () => {
    const o = await options();
    await run('git', ['clone', '-q', '--branch', 'v2.30.0', repo.dir, o.vendoredDir], { env });
    await expect(ensureKubespray(o)).rejects.toThrow(
      new RegExp(
        `holds Kubespray git tag v2.30.0 at ${repo.commits['v2.30.0']!.slice(0, 12)}, galaxy.yml version 2.30.0, but deployment.kubespray.version is v2.31.0`,
      ),
    );
    expect(await ensureKubespray({ ...o, version: '2.30.0' })).toEqual({
      version: 'v2.30.0',
      commit: repo.commits['v2.30.0'],
      source: o.vendoredDir,
      origin: 'vendored',
      dir: o.vendoredDir,
    });
    expect(await readdir(path.dirname(o.cacheRoot))).toEqual([]); // nothing fetched
  });

  it('a tree without git metadata of its own (vendored into the cluster repository) is known by galaxy.yml', async () => {
    const o = await options();
    const outer = path.dirname(o.vendoredDir);
    await git(outer, 'init', '-q');
    await writeKubesprayTree(o.vendoredDir, { version: '2.31.0' });
    await git(outer, 'add', '-A');
    await git(outer, 'commit', '-q', '-m', 'vendor kubespray');
    await git(outer, 'tag', 'v9.9.9'); // the outer repository's tag is not Kubespray's
    expect(await ensureKubespray(o)).toMatchObject({ version: 'v2.31.0', origin: 'vendored', commit: undefined });
    await expect(ensureKubespray({ ...o, version: 'v2.30.0' })).rejects.toThrow(
      /holds Kubespray galaxy.yml version 2.31.0, but deployment.kubespray.version is v2.30.0/,
    );
  });

  it('one whose version cannot be told is refused when a version is pinned, used with a note when none is', async () => {
    const o = await options();
    await mkdir(o.vendoredDir, { recursive: true });
    await expect(ensureKubespray(o)).rejects.toThrow(/has no git tag and no galaxy.yml: cannot tell its version/);
    const said: string[] = [];
    expect(await ensureKubespray({ ...o, version: undefined, say: (l) => said.push(l) })).toMatchObject({
      origin: 'vendored',
      version: undefined,
    });
    expect(said.join('\n')).toMatch(/used as is \(its version unknown\); set deployment.kubespray.version to pin it/);
  });

  it('without a version and without a tree: says to set one', async () => {
    await expect(ensureKubespray(await options({ version: undefined }))).rejects.toThrow(
      /deployment.kubespray.version is not set and .*kubespray does not exist: set it \(e.g. v2.31.0\)/,
    );
  });
});

describe('Kubespray from an https tarball with its sha256', () => {
  let server: https.Server;
  let ca: string;
  let base: string;
  let tarball: Buffer;
  beforeAll(async () => {
    const certs = await makeCertificates(await temp('certs'));
    ca = certs.ca;
    const archive = path.join(await temp('archive'), 'kubespray.tar.gz');
    await run(
      'git',
      ['-C', repo.dir, 'archive', '--format=tar.gz', '--prefix=kubespray-2.31.0/', '-o', archive, 'v2.31.0'],
      { env },
    );
    tarball = await readFile(archive);
    server = https.createServer({ cert: certs.serverCert, key: certs.serverKey }, (request, response) => {
      if (request.url === '/redirect.tar.gz') {
        response.writeHead(302, { location: '/kubespray-2.31.0.tar.gz' }).end();
      } else if (request.url === '/kubespray-2.31.0.tar.gz') response.end(tarball);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server?.close());
  const sha = () => createHash('sha256').update(tarball).digest('hex');

  it('with the right sha256: unpacked into <cache>/<tag>-sha256-<digest>, the commit read from the archive header', async () => {
    const o = await options({ source: { kind: 'tarball', url: `${base}/redirect.tar.gz`, sha256: sha() }, ca });
    const pin = await ensureKubespray(o);
    expect(pin).toMatchObject({
      version: 'v2.31.0',
      sha256: sha(),
      commit: repo.commits['v2.31.0'],
      origin: 'fetched',
    });
    expect(await realpath(pin.dir)).toBe(path.join(await realpath(o.cacheRoot), `v2.31.0-sha256-${sha()}`));
    expect(await galaxyVersion(pin.dir)).toBe('2.31.0');
    expect(await ensureKubespray(o)).toMatchObject({ origin: 'cache', commit: repo.commits['v2.31.0'] });
  });

  it('with a wrong sha256: refused naming both digests, nothing left in the cache', async () => {
    const wrong = 'f'.repeat(64);
    const o = await options({ source: { kind: 'tarball', url: `${base}/kubespray-2.31.0.tar.gz`, sha256: wrong }, ca });
    await expect(ensureKubespray(o)).rejects.toThrow(
      `has sha256 ${sha()}, not ${wrong} (deployment.kubespray.sha256): refused`,
    );
    expect(await readdir(o.cacheRoot)).toEqual([]);
  });

  it('a tarball of another version, a missing file and an untrusted certificate are refused', async () => {
    await expect(
      ensureKubespray(
        await options({
          version: 'v2.30.0',
          source: { kind: 'tarball', url: `${base}/kubespray-2.31.0.tar.gz`, sha256: sha() },
          ca,
        }),
      ),
    ).rejects.toThrow(/holds version 2.31.0 \(galaxy.yml\), but deployment.kubespray.version is v2.30.0/);
    await expect(
      ensureKubespray(await options({ source: { kind: 'tarball', url: `${base}/missing.tar.gz`, sha256: sha() }, ca })),
    ).rejects.toThrow(/cannot download .*missing.tar.gz: HTTP 404/);
    await expect(
      ensureKubespray(
        await options({ source: { kind: 'tarball', url: `${base}/kubespray-2.31.0.tar.gz`, sha256: sha() } }),
      ),
    ).rejects.toThrow(/cannot download .*: .*(self-signed|unable to verify|issuer)/);
  });
});

describe('deployment.kubespray.source and .sha256', () => {
  const where = { source: 'deployment.kubespray.source', sha256: 'deployment.kubespray.sha256' };
  it.each([
    [undefined, undefined, { kind: 'git', url: UPSTREAM_KUBESPRAY }],
    ['', undefined, { kind: 'git', url: UPSTREAM_KUBESPRAY }],
    ['file:///srv/kubespray', undefined, { kind: 'git', url: 'file:///srv/kubespray' }],
    ['git@github.com:me/kubespray.git', undefined, { kind: 'git', url: 'git@github.com:me/kubespray.git' }],
    [
      'https://x.example/k.tar.gz',
      `SHA256:${'A'.repeat(64)}`,
      { kind: 'tarball', url: 'https://x.example/k.tar.gz', sha256: 'a'.repeat(64) },
    ],
  ])('%j (sha256 %j) is accepted', (source, sha256, expected) => {
    expect(parseKubespraySource(source, sha256, where)).toEqual(expected);
  });
  it.each([
    [
      'https://x.example/k.tar.gz',
      undefined,
      /deployment.kubespray.source is a tarball: set deployment.kubespray.sha256/,
    ],
    ['https://x.example/k.tar.gz', 'abc', /deployment.kubespray.sha256: must be 64 hexadecimal digits/],
    ['http://x.example/k.tar.gz', 'a'.repeat(64), /over https only/],
    ['https://github.com/kubernetes-sigs/kubespray.git', 'a'.repeat(64), /sha256 is for a tarball source/],
    ['/srv/kubespray', undefined, /is neither a git URL/],
    ['--upload-pack=touch /tmp/x', undefined, /is not a URL/],
    ['https://x.example/a\nb', undefined, /is not a URL/],
    ['ftp://x.example/k', undefined, /is neither a git URL/],
  ])('%j (sha256 %j) is refused', (source, sha256, error) => {
    expect(() => parseKubespraySource(source, sha256, where)).toThrow(error);
  });
});
