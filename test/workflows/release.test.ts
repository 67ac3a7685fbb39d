// release.yml's run: steps against a local repository and a bare origin (test/support/release-workflow.ts).
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync, execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/action-runner.js';
import { git, gitEnv } from '../support/git.js';
import { type Event, release as releaseIn, runJob as runJobIn } from '../support/release-workflow.js';

const base = mkdtempSync(path.join(tmpdir(), 'release-yml-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const release = (event: Event) => releaseIn(base, event);
const runJob = (...args: Parameters<typeof runJobIn> extends [string, ...infer R] ? R : never) =>
  runJobIn(base, ...args);

let repos = 0;
/** A repository with a bare origin; every commit carries scripts/release-tag.mjs and a package.json version. */
function repository() {
  const dir = path.join(base, `repo-${++repos}`);
  const origin = `${dir}/origin.git`;
  const work = `${dir}/work`;
  mkdirSync(path.join(work, 'scripts'), { recursive: true });
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', origin], { env: gitEnv });
  git(work, 'init', '-q', '-b', 'main');
  git(work, 'remote', 'add', 'origin', origin);
  copyFileSync(path.join(ROOT, 'scripts', 'release-tag.mjs'), path.join(work, 'scripts', 'release-tag.mjs'));
  return {
    origin,
    /** A commit on the current branch with package.json at `version`, pushed. */
    commit(version: string, branch = 'main'): string {
      if (git(work, 'branch', '--show-current') !== branch) git(work, 'checkout', '-q', '-B', branch);
      writeFileSync(path.join(work, 'package.json'), `${JSON.stringify({ name: 'deploy', version }, null, 2)}\n`);
      git(work, 'add', '-A');
      git(work, 'commit', '-q', '--allow-empty', '-m', version);
      git(work, 'push', '-q', 'origin', branch);
      return git(work, 'rev-parse', 'HEAD');
    },
    /** An annotated tag (as `git tag -a` makes them) or a lightweight one, pushed; returns the tag ref's object. */
    tag(name: string, commit: string, annotated = true): string {
      git(work, 'tag', '-f', ...(annotated ? ['-a', '-m', name] : []), name, commit);
      git(work, 'push', '-q', '-f', 'origin', `refs/tags/${name}`);
      return git(work, 'rev-parse', `refs/tags/${name}`);
    },
    /** The commit a ref of origin points at, and whether the ref itself is that commit (a lightweight tag). */
    at(ref: string): { commit: string; lightweight: boolean } | undefined {
      const r = spawnSync('git', ['--git-dir', origin, 'rev-parse', '-q', '--verify', ref], {
        env: gitEnv,
        encoding: 'utf8',
      });
      if (r.status !== 0) return undefined;
      const commit = git(base, '--git-dir', origin, 'rev-parse', `${ref}^{commit}`);
      return { commit, lightweight: r.stdout.trim() === commit };
    },
  };
}

describe('release.yml, run against a repository', () => {
  it('releases v1.2.4 with generated notes and moves v1 from v1.2.3 to its commit', () => {
    const repo = repository();
    const c1 = repo.commit('1.2.3');
    repo.tag('v1.2.3', c1);
    repo.tag('v1', c1, false);
    const c2 = repo.commit('1.2.4');
    repo.tag('v1.2.4', c2);

    const { verify, release: rel } = release({ tag: 'v1.2.4', sha: c2, origin: repo.origin });
    expect(verify.ok, verify.log).toBe(true);
    expect(verify.outputs).toEqual({ major: 'v1' });
    expect(rel!.ok, rel!.log).toBe(true);
    expect(rel!.log).toContain(
      'GH_TOKEN=ghs_token GH_REPO=org/deploy gh release create v1.2.4 --verify-tag --generate-notes\n',
    );
    expect(rel!.log).not.toContain('--prerelease');
    expect(repo.at('refs/tags/v1')).toEqual({ commit: c2, lightweight: true });
    expect(rel!.summary).toContain('v1 → v1.2.4');
  });

  it('creates v1 with the first v1 release, also when GITHUB_SHA names the annotated tag rather than its commit', () => {
    const repo = repository();
    const c1 = repo.commit('1.0.0');
    const tagObject = repo.tag('v1.0.0', c1);
    expect(tagObject).not.toBe(c1);
    const { release: rel } = release({ tag: 'v1.0.0', sha: tagObject, origin: repo.origin });
    expect(rel!.ok, rel!.log).toBe(true);
    expect(repo.at('refs/tags/v1')).toEqual({ commit: c1, lightweight: true });
  });

  it('publishes a pre-release as a GitHub pre-release and leaves v1 where it is', () => {
    const repo = repository();
    const c1 = repo.commit('1.2.3');
    repo.tag('v1.2.3', c1);
    repo.tag('v1', c1, false);
    const c2 = repo.commit('1.3.0-rc.1');
    repo.tag('v1.3.0-rc.1', c2);

    const { verify, release: rel } = release({ tag: 'v1.3.0-rc.1', sha: c2, origin: repo.origin });
    expect(verify.ok, verify.log).toBe(true);
    expect(rel!.ok, rel!.log).toBe(true);
    expect(rel!.log).toContain('gh release create v1.3.0-rc.1 --verify-tag --generate-notes --prerelease\n');
    expect(rel!.ran).not.toContain('Move the major tag');
    expect(repo.at('refs/tags/v1')?.commit).toBe(c1);
  });

  it('an older release finishing last (v1.2.4 after v1.2.5) is released, not as "Latest", and v1 stays at the newer one', () => {
    const repo = repository();
    const c1 = repo.commit('1.2.4');
    repo.tag('v1.2.4', c1);
    const c2 = repo.commit('1.2.5');
    repo.tag('v1.2.5', c2);
    repo.tag('v1', c2, false); // v1.2.5's release ran first

    const { release: rel } = release({ tag: 'v1.2.4', sha: c1, origin: repo.origin });
    expect(rel!.ok, rel!.log).toBe(true);
    expect(rel!.log).toContain('gh release create v1.2.4 --verify-tag --generate-notes --latest=false\n');
    expect(rel!.log).toContain('v1 is at v1.2.5, newer than v1.2.4: it stays');
    expect(rel!.ran).not.toContain('Move the major tag');
    expect(repo.at('refs/tags/v1')?.commit).toBe(c2);
  });

  it('a re-run leaves the existing release alone and still moves v1', () => {
    const repo = repository();
    const c1 = repo.commit('2.0.0');
    repo.tag('v2.0.0', c1);
    const { release: rel } = release({ tag: 'v2.0.0', sha: c1, origin: repo.origin, ghViewStatus: 0 });
    expect(rel!.ok, rel!.log).toBe(true);
    expect(rel!.log).toContain('exists already');
    expect(rel!.log).not.toContain('gh release create');
    expect(repo.at('refs/tags/v2')?.commit).toBe(c1);
  });

  it('refuses a tag on a commit that is not on the default branch, before any check runs', () => {
    const repo = repository();
    repo.commit('1.0.0');
    const stray = repo.commit('1.0.1', 'experiment');
    repo.tag('v1.0.1', stray);
    const { verify, release: rel } = release({ tag: 'v1.0.1', sha: stray, origin: repo.origin });
    expect(verify.ok).toBe(false);
    expect(verify.failed).toBe('The tagged commit is on the default branch');
    expect(verify.log).toContain(`::error::v1.0.1 (${stray}) is not on main`);
    expect(rel).toBeUndefined();
    expect(repo.at('refs/tags/v1')).toBeUndefined();
  });

  it("refuses a tag whose version is not package.json's", () => {
    const repo = repository();
    const c1 = repo.commit('1.2.3');
    repo.tag('v1.2.4', c1);
    const { verify } = release({ tag: 'v1.2.4', sha: c1, origin: repo.origin });
    expect(verify.ok).toBe(false);
    expect(verify.log).toMatch(/^error: tag v1\.2\.4 does not match package\.json's version "1\.2\.3"/m);
  });

  it('refuses a tag that was moved after the checks ran, before creating anything', () => {
    const repo = repository();
    const c1 = repo.commit('1.2.3');
    repo.tag('v1.2.3', c1);
    const verify = runJob('verify', { tag: 'v1.2.3', sha: c1, origin: repo.origin });
    expect(verify.ok, verify.log).toBe(true);
    const c2 = repo.commit('1.2.3');
    repo.tag('v1.2.3', c2); // moved while the tests ran
    const rel = runJob(
      'release',
      { tag: 'v1.2.3', sha: c1, origin: repo.origin },
      { verify: { outputs: verify.outputs } },
    );
    expect(rel.ok).toBe(false);
    expect(rel.failed).toBe('The tag still points at the tested commit');
    expect(rel.log).not.toContain('gh ');
    expect(repo.at('refs/tags/v1')).toBeUndefined();
  });
});
