// scripts/release.mjs run for real against a maintainer's clone of a local bare "origin": the first v0.x cut as
// docs/versions.md says (the script tags, release.yml's jobs publish it and create v0), then the tag's tree, a
// terraform module source at the tag, init's release read from a clone at it, and the refusals a careless
// maintainer meets, each leaving the clone and origin as they were.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { chmodSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toolkitRelease } from '../../src/cli/toolkit.js';
import { ROOT } from '../support/action-runner.js';
import { git, gitEnv } from '../support/git.js';
import { release } from '../support/release-workflow.js';

const base = mkdtempSync(path.join(tmpdir(), 'release-script-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

// The fixture's bundle: dist/index.js built from src/index.js, as `npm run bundle` builds dist/ from src/.
const BUILD = `import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
if (process.env.BREAK_BUNDLE) throw new Error('bundle broke');
mkdirSync('dist', { recursive: true });
writeFileSync('dist/index.js', '// built\\n' + readFileSync('src/index.js', 'utf8'));
`;

let repos = 0;
/** A toolkit repository at package.json 0.1.0, never released, pushed to a bare origin; the maintainer's clone. */
function toolkit(options: { modules?: boolean } = {}) {
  const dir = path.join(base, `repo-${++repos}`);
  const origin = path.join(dir, 'origin.git');
  const seed = path.join(dir, 'seed');
  const work = path.join(dir, 'work');
  git(base, 'init', '-q', '--bare', '-b', 'main', origin);
  mkdirSync(path.join(seed, 'scripts'), { recursive: true });
  mkdirSync(path.join(seed, 'src'));
  git(seed, 'init', '-q', '-b', 'main');
  for (const file of ['scripts/release.mjs', 'scripts/release-tag.mjs', '.github/workflows/release.yml'])
    cpSync(path.join(ROOT, file), path.join(seed, file));
  if (options.modules) cpSync(path.join(ROOT, 'modules'), path.join(seed, 'modules'), { recursive: true });
  const pkg = { name: 'deploy', version: '0.1.0', scripts: { bundle: 'node build.mjs' } };
  writeFileSync(path.join(seed, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  const lock = {
    name: 'deploy',
    version: '0.1.0',
    lockfileVersion: 3,
    packages: { '': { name: 'deploy', version: '0.1.0' } },
  };
  writeFileSync(path.join(seed, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  writeFileSync(path.join(seed, 'build.mjs'), BUILD);
  writeFileSync(path.join(seed, 'src/index.js'), 'export const answer = 42;\n');
  spawnSync('node', ['build.mjs'], { cwd: seed });
  git(seed, 'add', '-A');
  git(seed, 'commit', '-q', '-m', 'the toolkit');
  git(seed, 'remote', 'add', 'origin', origin);
  git(seed, 'push', '-q', 'origin', 'main');
  git(base, 'clone', '-q', origin, work);
  return {
    origin,
    work,
    /** Another maintainer's clone, to change origin behind this one's back. */
    other(): string {
      const other = path.join(dir, `other-${Math.random().toString(36).slice(2)}`);
      git(base, 'clone', '-q', origin, other);
      return other;
    },
    /** origin's refs, as `git for-each-ref` lists them. */
    refs: () => git(base, '--git-dir', origin, 'for-each-ref', '--format=%(refname) %(objectname)'),
    /** The clone's HEAD, branch and status: what a refusal must leave as it found it. */
    state: () => ({
      head: git(work, 'rev-parse', 'HEAD'),
      tags: git(work, 'tag', '--list'),
      status: git(work, 'status', '--porcelain=v1', '--untracked-files=all'),
    }),
  };
}

/** The maintainer runs the release script of the clone, from the clone. */
function cut(work: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [path.join(work, 'scripts', 'release.mjs'), ...args], {
    cwd: work,
    env: { ...gitEnv, ...env } as NodeJS.ProcessEnv,
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const terraformGet = (dir: string, source: string) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'main.tf'), `module "cluster" {\n  source = "${source}"\n}\n`);
  return spawnSync('terraform', ['get', '-no-color'], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: dir, TF_CLI_CONFIG_FILE: '/dev/null', ...gitEnv } as NodeJS.ProcessEnv,
    encoding: 'utf8',
  });
};

describe('scripts/release.mjs: the first v0.x, cut as docs/versions.md says', () => {
  const repo = toolkit({ modules: true });
  let v010 = '';

  it('npm run release -- 0.1.0 (package.json says 0.1.0 already): tags main as it is and pushes the tag alone', () => {
    const before = git(repo.work, 'rev-parse', 'HEAD');
    const dry = cut(repo.work, ['0.1.0', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(`would tag ${before.slice(0, 12)} v0.1.0 and push v0.1.0 to origin\n`);
    expect(repo.refs()).not.toContain('refs/tags/');

    const r = cut(repo.work, ['0.1.0']);
    expect(r.code, r.stderr).toBe(0);
    v010 = git(base, '--git-dir', repo.origin, 'rev-parse', 'refs/tags/v0.1.0^{commit}');
    expect(v010).toBe(before);
    expect(r.stdout).toBe(
      `pushed v0.1.0 (${before}): .github/workflows/release.yml now checks it and publishes the GitHub release and moves v0 to it (never backwards); docs/versions.md\n`,
    );
    expect(git(base, '--git-dir', repo.origin, 'cat-file', '-t', 'refs/tags/v0.1.0')).toBe('tag'); // annotated
    expect(git(base, '--git-dir', repo.origin, 'rev-parse', 'refs/heads/main')).toBe(before);
  });

  it("the tag's tree carries dist/, the module and package.json at the version", () => {
    const files = git(base, '--git-dir', repo.origin, 'ls-tree', '-r', '--name-only', 'v0.1.0').split('\n');
    expect(files).toEqual(expect.arrayContaining(['dist/index.js', 'modules/openstack-cluster/versions.tf']));
    expect(git(base, '--git-dir', repo.origin, 'show', 'v0.1.0:dist/index.js')).toBe(
      '// built\nexport const answer = 42;',
    );
    expect(JSON.parse(git(base, '--git-dir', repo.origin, 'show', 'v0.1.0:package.json')).version).toBe('0.1.0');
  });

  it('release.yml takes the pushed tag: checks pass, the GitHub release is made, and v0 is created at it', () => {
    const { verify, release: rel } = release(base, { tag: 'v0.1.0', sha: v010, origin: repo.origin });
    expect(verify.ok, verify.log).toBe(true);
    expect(verify.outputs).toEqual({ major: 'v0' });
    expect(rel!.ok, rel!.log).toBe(true);
    expect(rel!.log).toContain('gh release create v0.1.0 --verify-tag --generate-notes\n');
    expect(git(base, '--git-dir', repo.origin, 'rev-parse', 'refs/tags/v0^{commit}')).toBe(v010);
  });

  it.each(['v0.1.0', 'v0'])(
    'terraform fetches the module from git::file://…//modules/openstack-cluster?ref=%s',
    (ref) => {
      const dir = path.join(base, `tf-${ref}`);
      const r = terraformGet(dir, `git::file://${repo.origin}//modules/openstack-cluster?ref=${ref}`);
      expect(r.status, r.stdout + r.stderr).toBe(0);
      const manifest = JSON.parse(readFileSync(path.join(dir, '.terraform/modules/modules.json'), 'utf8')) as {
        Modules: { Key: string; Dir: string }[];
      };
      const cluster = manifest.Modules.find((m) => m.Key === 'cluster')!;
      expect(readFileSync(path.join(dir, cluster.Dir, 'versions.tf'), 'utf8')).toBe(
        readFileSync(path.join(ROOT, 'modules/openstack-cluster/versions.tf'), 'utf8'),
      );
    },
  );

  it('a ref that was never released is not found (the ref is resolved, not ignored)', () => {
    const r = terraformGet(
      path.join(base, 'tf-missing'),
      `git::file://${repo.origin}//modules/openstack-cluster?ref=v9.9.9`,
    );
    expect(r.status).not.toBe(0);
    expect(r.stdout + r.stderr).toMatch(/v9\.9\.9/);
  });

  it("init run from a clone at the tag pins that release: the tag's commit and the version", () => {
    const clone = path.join(base, 'deploy');
    git(base, 'clone', '-q', '--depth', '1', '--branch', 'v0.1.0', `file://${repo.origin}`, clone);
    git(clone, 'remote', 'set-url', 'origin', 'https://github.com/acme/deploy.git');
    expect(toolkitRelease(clone, '0.1.0')).toEqual({
      version: '0.1.0',
      pin: { repository: 'acme/deploy', commit: v010 },
    });
  });

  it('the next release, 0.2.0: bumps package.json and the lock in a commit on main, tags it, and release.yml moves v0', () => {
    const other = repo.other();
    writeFileSync(path.join(other, 'src/index.js'), 'export const answer = 43;\n');
    spawnSync('node', ['build.mjs'], { cwd: other });
    git(other, 'commit', '-q', '-am', 'a change, with its bundle'); // a merged pull request
    git(other, 'push', '-q', 'origin', 'main');
    git(repo.work, 'pull', '-q', '--ff-only');

    const r = cut(repo.work, ['v0.2.0']); // with the v, as people type it
    expect(r.code, r.stderr).toBe(0);
    const tagged = git(base, '--git-dir', repo.origin, 'rev-parse', 'refs/tags/v0.2.0^{commit}');
    expect(git(base, '--git-dir', repo.origin, 'rev-parse', 'refs/heads/main')).toBe(tagged);
    expect(git(base, '--git-dir', repo.origin, 'log', '-1', '--format=%s', tagged)).toBe('release v0.2.0');
    expect(git(base, '--git-dir', repo.origin, 'diff', '--name-only', `${tagged}~1`, tagged).split('\n')).toEqual([
      'package-lock.json',
      'package.json',
    ]);
    const lock = JSON.parse(git(base, '--git-dir', repo.origin, 'show', 'v0.2.0:package-lock.json'));
    expect([lock.version, lock.packages[''].version]).toEqual(['0.2.0', '0.2.0']);
    expect(git(repo.work, 'status', '--porcelain')).toBe('');

    const { release: rel } = release(base, { tag: 'v0.2.0', sha: tagged, origin: repo.origin });
    expect(rel!.ok, rel!.log).toBe(true);
    expect(rel!.summary).toContain('v0 → v0.2.0');
    expect(git(base, '--git-dir', repo.origin, 'rev-parse', 'refs/tags/v0^{commit}')).toBe(tagged);
  });
});

describe('scripts/release.mjs: a pre-release', () => {
  it('0.2.0-rc.1 after 0.1.0: bumped and tagged; release.yml publishes a pre-release and makes no v0', () => {
    const repo = toolkit();
    const r = cut(repo.work, ['0.2.0-rc.1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('publishes a GitHub pre-release (v0 stays where it is)');
    const tagged = git(base, '--git-dir', repo.origin, 'rev-parse', 'refs/tags/v0.2.0-rc.1^{commit}');
    const { release: rel } = release(base, { tag: 'v0.2.0-rc.1', sha: tagged, origin: repo.origin });
    expect(rel!.ok, rel!.log).toBe(true);
    expect(rel!.log).toContain('gh release create v0.2.0-rc.1 --verify-tag --generate-notes --prerelease\n');
    expect(repo.refs()).not.toContain('refs/tags/v0 ');
  });
});

type Repo = ReturnType<typeof toolkit>;
describe('scripts/release.mjs refuses, changing nothing here or on origin', () => {
  it.each<[string, (repo: Repo) => string[] | void, string[], number, string]>([
    ['no version', () => {}, [], 2, 'no version given; usage: npm run release -- X.Y.Z [--dry-run]'],
    ['two versions', () => {}, ['0.2.0', '0.3.0'], 2, 'one version only, got "0.2.0" and "0.3.0"'],
    ['an unknown option', () => {}, ['0.2.0', '--force'], 2, 'unknown option "--force"'],
    ['a version of two numbers', () => {}, ['0.2'], 2, '"v0.2" is not a release tag'],
    ['an empty version', () => {}, [''], 2, '"v" is not a release tag'],
    ['a word', () => {}, ['latest'], 2, '"vlatest" is not a release tag'],
    ['a trailing space', () => {}, ['0.2.0 '], 2, 'it contains whitespace'],
    ['a leading zero', () => {}, ['0.02.0'], 2, 'numbers have no leading zeros'],
    ['build metadata', () => {}, ['0.2.0+build.1'], 2, 'build metadata'],
    ['an older version', () => {}, ['0.0.9'], 2, "0.0.9 is older than package.json's version 0.1.0"],
    ['a pre-release of the version released', () => {}, ['0.1.0-rc.1'], 2, 'older than package.json'],
    [
      'another branch',
      (r) => void git(r.work, 'switch', '-q', '-c', 'feature'),
      ['0.2.0'],
      2,
      'on the branch feature: release from main (git switch main && git pull --ff-only)',
    ],
    ['a detached HEAD', (r) => void git(r.work, 'checkout', '-q', '--detach'), ['0.2.0'], 2, 'HEAD is detached'],
    [
      'a changed file',
      (r) => writeFileSync(path.join(r.work, 'src/index.js'), 'changed\n'),
      ['0.2.0'],
      2,
      'the working tree has 1 uncommitted or untracked file(s) (src/index.js)',
    ],
    [
      'a staged change',
      (r) => {
        writeFileSync(path.join(r.work, 'build.mjs'), `${BUILD}// staged\n`);
        git(r.work, 'add', 'build.mjs');
      },
      ['0.2.0'],
      2,
      'uncommitted or untracked file(s) (build.mjs)',
    ],
    [
      'untracked files',
      (r) => {
        for (const f of ['a.txt', 'b.txt', 'c.txt', 'd.txt']) writeFileSync(path.join(r.work, f), '');
      },
      ['0.2.0'],
      2,
      '4 uncommitted or untracked file(s) (a.txt, b.txt, c.txt, and 1 more)',
    ],
    [
      'a clone behind origin',
      (r) => {
        const other = r.other();
        git(other, 'commit', '-q', '--allow-empty', '-m', 'merged meanwhile');
        git(other, 'push', '-q', 'origin', 'main');
      },
      ['0.2.0'],
      2,
      'main is 1 commit(s) behind origin/main: git pull --ff-only, then release',
    ],
    [
      'an unpushed commit',
      (r) => void git(r.work, 'commit', '-q', '--allow-empty', '-m', 'not reviewed'),
      ['0.2.0'],
      2,
      'main has 1 commit(s) that are not on origin/main: release only what is merged',
    ],
    [
      'the tag here, never pushed',
      (r) => void git(r.work, 'tag', 'v0.2.0'),
      ['0.2.0'],
      2,
      'the tag v0.2.0 exists here',
    ],
    [
      'the tag on origin (released from another clone)',
      (r) => {
        const other = r.other();
        git(other, 'tag', '-a', '-m', 'v0.1.0', 'v0.1.0');
        git(other, 'push', '-q', 'origin', 'v0.1.0');
      },
      ['0.1.0'],
      2,
      'v0.1.0 exists on origin: it is released already; choose the next version',
    ],
    [
      'a dist/ the sources do not build',
      (r) => {
        const other = r.other();
        writeFileSync(path.join(other, 'src/index.js'), 'export const answer = 43;\n');
        git(other, 'commit', '-q', '-am', 'a change without its bundle');
        git(other, 'push', '-q', 'origin', 'main');
        git(r.work, 'pull', '-q', '--ff-only');
      },
      ['0.2.0'],
      2,
      'dist/ does not match the sources: npm run bundle changed dist/index.js; commit the rebuilt dist/',
    ],
    ['a bundle that fails', () => {}, ['0.2.0', 'BREAK_BUNDLE'], 1, 'npm run bundle failed'],
    [
      'a package.json version that is not semver',
      (r) => {
        const other = r.other();
        const pkg = JSON.parse(readFileSync(path.join(other, 'package.json'), 'utf8'));
        writeFileSync(path.join(other, 'package.json'), JSON.stringify({ ...pkg, version: 'next' }));
        git(other, 'commit', '-q', '-am', 'a bad version');
        git(other, 'push', '-q', 'origin', 'main');
        git(r.work, 'pull', '-q', '--ff-only');
      },
      ['0.2.0'],
      2,
      `package.json's "version" "next" is not X.Y.Z`,
    ],
    [
      'an origin that cannot be reached',
      (r) => void git(r.work, 'remote', 'set-url', 'origin', path.join(r.origin, 'gone.git')),
      ['0.2.0'],
      1,
      'git fetch --quiet --no-tags origin +refs/heads/main:refs/remotes/origin/main failed:',
    ],
    [
      'a protected main (origin refuses the push)',
      (r) => {
        const hook = path.join(r.origin, 'hooks', 'pre-receive');
        writeFileSync(
          hook,
          '#!/bin/sh\nwhile read old new ref; do [ "$ref" = refs/heads/main ] && { echo "main is protected" >&2; exit 1; }; done; exit 0\n',
        );
        chmodSync(hook, 0o755);
      },
      ['0.2.0'],
      1,
      'origin refused the push (remote: main is protected',
    ],
  ])('%s', (_what, setUp, args, code, message) => {
    const repo = toolkit();
    setUp(repo);
    const env: Record<string, string> = args.includes('BREAK_BUNDLE') ? { BREAK_BUNDLE: '1' } : {};
    const before = { local: repo.state(), origin: repo.refs() };
    const r = cut(
      repo.work,
      args.filter((a) => a !== 'BREAK_BUNDLE'),
      env,
    );
    expect(r.code, r.stderr).toBe(code);
    expect(r.stderr).toMatch(/^error: /);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
    expect({ local: repo.state(), origin: repo.refs() }).toEqual(before);
  });

  it('a protected main: the advice is to merge the bump, after which the script tags the merged commit alone', () => {
    const repo = toolkit();
    const hook = path.join(repo.origin, 'hooks', 'pre-receive');
    writeFileSync(hook, '#!/bin/sh\nwhile read old new ref; do [ "$ref" = refs/heads/main ] && exit 1; done; exit 0\n');
    chmodSync(hook, 0o755);
    const refused = cut(repo.work, ['0.2.0']);
    expect(refused.stderr).toContain('If main is protected: set "version": "0.2.0" in a pull request');
    // The pull request, merged (the hook stands for the branch rule; the merge is GitHub's).
    const other = repo.other();
    const pkg = JSON.parse(readFileSync(path.join(other, 'package.json'), 'utf8'));
    writeFileSync(path.join(other, 'package.json'), `${JSON.stringify({ ...pkg, version: '0.2.0' }, null, 2)}\n`);
    git(other, 'commit', '-q', '-am', 'version 0.2.0');
    git(base, '--git-dir', repo.origin, 'fetch', '-q', other, 'main:main');
    git(repo.work, 'pull', '-q', '--ff-only');
    const r = cut(repo.work, ['0.2.0']);
    expect(r.code, r.stderr).toBe(0);
    expect(git(base, '--git-dir', repo.origin, 'rev-parse', 'refs/tags/v0.2.0^{commit}')).toBe(
      git(repo.work, 'rev-parse', 'HEAD'),
    );
  });
});
