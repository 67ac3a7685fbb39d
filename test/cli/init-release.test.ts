import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInit } from '../../src/cli/init.js';
import { toolkitRelease } from '../../src/cli/toolkit.js';
import { ROOT } from '../support/action-runner.js';
import { git } from '../support/git.js';
import { githubRepository, releaseModuleSource } from '../../src/core/model/release.js';

/** init pins the release this toolkit is (src/cli/toolkit.ts, src/core/model/release.ts), read from real git clones. */
const work = mkdtempSync(path.join(tmpdir(), 'init-release-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let n = 0;

/** A toolkit clone: one commit, the tag given (annotated unless said), origin at `url`. */
function clone(options: { tag?: string; lightweight?: boolean; url?: string; moreCommits?: number } = {}) {
  const dir = path.join(work, `toolkit-${n++}`);
  mkdirSync(dir);
  git(dir, 'init', '-q', '-b', 'main');
  writeFileSync(path.join(dir, 'package.json'), '{"version":"0.1.0"}\n');
  git(dir, 'add', 'package.json');
  git(dir, 'commit', '-q', '-m', 'v0.1.0');
  if (options.tag) git(dir, 'tag', ...(options.lightweight ? [] : ['-a', '-m', options.tag]), options.tag);
  for (let i = 0; i < (options.moreCommits ?? 0); i++) git(dir, 'commit', '-q', '--allow-empty', '-m', `after ${i}`);
  if (options.url !== undefined) git(dir, 'remote', 'add', 'origin', options.url);
  return { dir, head: git(dir, 'rev-parse', 'HEAD') };
}

describe('toolkitRelease: the release a toolkit clone is', () => {
  it("a clone at the tag v<package.json version> from GitHub: the repository and the tag's commit", () => {
    const { dir, head } = clone({ tag: 'v0.1.0', url: 'https://github.com/acme/deploy.git' });
    expect(toolkitRelease(dir, '0.1.0')).toEqual({
      version: '0.1.0',
      pin: { repository: 'acme/deploy', commit: head },
    });
  });

  it.each([
    ['a lightweight tag', { tag: 'v0.1.0', lightweight: true, url: 'git@github.com:acme/deploy.git' }, true],
    ['an ssh:// origin', { tag: 'v0.1.0', url: 'ssh://git@github.com/acme/deploy' }, true],
    ['no tag (a clone of main)', { url: 'https://github.com/acme/deploy.git' }, false],
    ['the tag of another version', { tag: 'v0.2.0', url: 'https://github.com/acme/deploy.git' }, false],
    ['commits after the tag', { tag: 'v0.1.0', url: 'https://github.com/acme/deploy.git', moreCommits: 1 }, false],
    ['no origin', { tag: 'v0.1.0' }, false],
    ['an origin off GitHub', { tag: 'v0.1.0', url: 'https://gitlab.com/acme/deploy.git' }, false],
    ['a GitHub look-alike host', { tag: 'v0.1.0', url: 'https://github.com.evil.example/acme/deploy.git' }, false],
    ['a local origin', { tag: 'v0.1.0', url: '/srv/git/deploy.git' }, false],
  ] as const)('%s → pinned: %s', (_what, options, pinned) => {
    const { dir, head } = clone(options);
    const release = toolkitRelease(dir, '0.1.0');
    expect(release.version).toBe('0.1.0');
    expect(release.pin).toEqual(pinned ? { repository: 'acme/deploy', commit: head } : undefined);
  });

  it("a copy without its own .git inside a tagged repository: not that repository's release", () => {
    const { dir } = clone({ tag: 'v0.1.0', url: 'https://github.com/acme/deploy.git' });
    const vendored = path.join(dir, 'vendor', 'deploy');
    mkdirSync(vendored, { recursive: true });
    expect(toolkitRelease(vendored, '0.1.0')).toEqual({ version: '0.1.0' });
  });

  it.each([
    ['no toolkit directory', undefined, '0.1.0'],
    ['an unknown version', 'x', 'unknown'],
    ['a version that is not semver', 'x', '0.1'],
  ])('%s: the version alone', (_what, dir, version) => {
    const { dir: clonedDir } = clone({ tag: `v${version}`, url: 'https://github.com/acme/deploy.git' });
    expect(toolkitRelease(dir === undefined ? undefined : clonedDir, version)).toEqual({ version });
  });

  it('through a symbolic link to the clone: the same release', () => {
    const { dir, head } = clone({ tag: 'v0.1.0', url: 'https://github.com/acme/deploy.git' });
    const link = path.join(work, `link-${n++}`);
    symlinkSync(dir, link);
    expect(toolkitRelease(link, '0.1.0').pin?.commit).toBe(head);
  });
});

describe('githubRepository', () => {
  it.each([
    ['https://github.com/acme/deploy.git', 'acme/deploy'],
    ['https://github.com/acme/deploy', 'acme/deploy'],
    ['https://github.com/acme/deploy/', 'acme/deploy'],
    ['git@github.com:acme/my.deploy.git', 'acme/my.deploy'],
    ['https://github.com/acme/deploy.git\n', 'acme/deploy'],
    ['https://user:token@github.com/acme/deploy.git', undefined],
    ['http://github.com/acme/deploy.git', undefined],
    ['https://github.com/acme', undefined],
    ['https://github.com/acme/deploy/tree/main', undefined],
    ['https://github.com/acme/..', undefined],
    ['https://github.com/-acme/deploy', undefined],
    ['https://github.com/acme/de ploy', undefined],
    ['https://github.com/acme/deploy"; rm -rf /', undefined],
    ['', undefined],
  ])('%j → %s', (url, repository) => {
    expect(githubRepository(url)).toBe(repository);
  });
});

describe('init from a release clone', () => {
  const pinned = {
    version: '0.1.0',
    pin: { repository: 'acme/deploy', commit: 'fedcba9876543210fedcba9876543210fedcba98' },
  };

  it.each(['hosted', 'self-hosted'] as const)(
    '%s: the module at ?ref=v0.1.0 of the repository, every uses: of the toolkit at the commit # v0.1.0',
    async (runner) => {
      const dir = path.join(work, `repo-${n++}`);
      const text = await runInit({ kind: 'init', root: dir, cluster: 'prod', organization: 'acme', runner }, pinned);
      expect(readFileSync(path.join(dir, 'infrastructure/clusters/prod/main.tf'), 'utf8')).toContain(
        'source = "git::https://github.com/acme/deploy.git//modules/openstack-cluster?ref=v0.1.0"',
      );
      // The config's schema comes from the same release.
      expect(readFileSync(path.join(dir, 'clusters/prod.yaml'), 'utf8')).toContain(
        '$schema=https://raw.githubusercontent.com/acme/deploy/v0.1.0/schemas/cluster-config.schema.json',
      );
      const workflows = readdirSync(path.join(dir, '.github/workflows'));
      expect(workflows.sort()).toEqual(['deploy.yml', 'drift.yml', 'plan.yml']);
      let pins = 0;
      for (const file of workflows) {
        const content = readFileSync(path.join(dir, '.github/workflows', file), 'utf8');
        expect(content, file).not.toMatch(/org\/deploy[@/]/);
        expect(content, file).not.toContain('0123456789abcdef0123456789abcdef01234567');
        for (const [, ref] of content.matchAll(/uses: (acme\/deploy\S*)/g)) {
          expect(ref, file).toMatch(/^acme\/deploy(\/actions\/[a-z-]+)?@fedcba9876543210fedcba9876543210fedcba98$/);
          pins++;
        }
        for (const line of content.split('\n').filter((l) => l.includes('uses: acme/deploy')))
          expect(line.endsWith(' # v0.1.0'), line).toBe(true);
      }
      expect(pins).toBeGreaterThanOrEqual(7);
      expect(text).toContain(
        'The workflows use acme/deploy@fedcba9876543210fedcba9876543210fedcba98 # v0.1.0; docs/versions.md',
      );
      expect(text).not.toContain('placeholder');
    },
  );

  it('not a release clone: the version with CHANGEME for the repository, the placeholder pins named', async () => {
    const dir = path.join(work, `repo-${n++}`);
    const text = await runInit(
      { kind: 'init', root: dir, cluster: 'prod', organization: 'acme', runner: 'hosted' },
      { version: '0.1.0' },
    );
    expect(readFileSync(path.join(dir, 'infrastructure/clusters/prod/main.tf'), 'utf8')).toContain(
      `source = "${releaseModuleSource({ version: '0.1.0' })}"`,
    );
    expect(releaseModuleSource({ version: '0.1.0' })).toBe(
      'git::https://github.com/CHANGEME/deploy.git//modules/openstack-cluster?ref=v0.1.0',
    );
    expect(text).toContain("Pin them with docs/versions.md, 'Pinning the examples'");
  });

  it('--module-source wins over the release; the workflows are still pinned to it', async () => {
    const dir = path.join(work, `repo-${n++}`);
    await runInit(
      {
        kind: 'init',
        root: dir,
        cluster: 'prod',
        organization: 'acme',
        runner: 'hosted',
        moduleSource: '../../../modules/openstack-cluster',
      },
      pinned,
    );
    expect(readFileSync(path.join(dir, 'infrastructure/clusters/prod/main.tf'), 'utf8')).toContain(
      'source = "../../../modules/openstack-cluster"',
    );
    expect(readFileSync(path.join(dir, '.github/workflows/deploy.yml'), 'utf8')).toContain(
      'uses: acme/deploy@fedcba9876543210fedcba9876543210fedcba98 # v0.1.0',
    );
  });
});

describe("docs/versions.md, 'Moving to a new release': the commands move what init wrote", () => {
  const page = readFileSync(path.join(ROOT, 'docs/versions.md'), 'utf8');
  const block = /## Moving to a new release[\s\S]*?\*\*By hand\*\*[\s\S]*?```sh\n([\s\S]*?)```/.exec(page)![1]!;
  const seds = block.split('\n').filter((line) => line.startsWith('sed '));

  it('every uses: of the toolkit to the new commit and tag, the module and the schema to the new tag, nothing else', async () => {
    expect(seds).toHaveLength(3);
    const dir = path.join(work, `repo-${n++}`);
    const old = { version: '0.1.0', pin: { repository: 'acme/deploy', commit: 'a'.repeat(40) } };
    for (const cluster of ['prod', 'stage'])
      await runInit({ kind: 'init', root: dir, cluster, organization: 'acme', runner: 'hosted' }, old);
    const files = [
      '.github/workflows/plan.yml',
      '.github/workflows/deploy.yml',
      '.github/workflows/drift.yml',
      'infrastructure/clusters/prod/main.tf',
      'infrastructure/clusters/stage/main.tf',
      'infrastructure/clusters/prod/backend.tf',
      'clusters/prod.yaml',
      'clusters/stage.yaml',
    ];
    const before = Object.fromEntries(files.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));
    for (const sed of seds) {
      const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', sed], {
        cwd: dir,
        env: { PATH: process.env.PATH, REPO: 'acme/deploy', TAG: 'v0.2.0', SHA: 'b'.repeat(40) },
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
    }
    // After the move, the files are exactly what init writes for the new release.
    const moved = { version: '0.2.0', pin: { repository: 'acme/deploy', commit: 'b'.repeat(40) } };
    const fresh = path.join(work, `repo-${n++}`);
    for (const cluster of ['prod', 'stage'])
      await runInit({ kind: 'init', root: fresh, cluster, organization: 'acme', runner: 'hosted' }, moved);
    let changed = 0;
    for (const file of files) {
      const after = readFileSync(path.join(dir, file), 'utf8');
      expect(after, file).toBe(readFileSync(path.join(fresh, file), 'utf8'));
      if (after !== before[file]) changed++;
    }
    expect(changed).toBe(7); // all but backend.tf
  });
});
