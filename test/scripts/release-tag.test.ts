import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/action-runner.js';

const SCRIPT = path.join(ROOT, 'scripts', 'release-tag.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'release-tag-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let runs = 0;
/** Runs the script as release.yml does: on a runner, with $GITHUB_OUTPUT; returns what it wrote there too. */
function releaseTag(args: string[], input = '') {
  const output = path.join(dir, `output-${++runs}`);
  writeFileSync(output, '');
  const r = spawnSync(process.execPath, [SCRIPT, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, GITHUB_OUTPUT: output },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, output: readFileSync(output, 'utf8') };
}

function packageJson(version: unknown): string {
  const file = path.join(dir, `package-${++runs}.json`);
  writeFileSync(file, JSON.stringify({ name: 'x', version }));
  return file;
}

describe('scripts/release-tag.mjs: release tags', () => {
  it.each([
    ['v1.2.3', '1.2.3', 'v1', false],
    ['v0.1.0', '0.1.0', 'v0', false],
    ['v10.20.30', '10.20.30', 'v10', false],
    ['v1.2.3-rc.1', '1.2.3-rc.1', 'v1', true],
    ['v2.0.0-alpha', '2.0.0-alpha', 'v2', true],
    ['v1.0.0-0.3.7', '1.0.0-0.3.7', 'v1', true],
    ['v1.0.0-x-y.7.z.92', '1.0.0-x-y.7.z.92', 'v1', true],
    ['v1.0.0-0a', '1.0.0-0a', 'v1', true], // 0a is alphanumeric: no leading-zero rule
  ])('%s → version %s, major %s, prerelease %s', (tag, version, major, prerelease) => {
    const r = releaseTag([tag]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = `version=${version}\nmajor=${major}\nprerelease=${prerelease}\n`;
    expect(r.output).toBe(lines);
    expect(r.stdout).toBe(lines);
  });

  it.each([
    ['1.2.3', 'lacks the leading v'],
    ['v1.2', 'is not a release tag'],
    ['v1', 'is not a release tag'],
    ['v1.2.3.4', 'is not a release tag'],
    ['v01.2.3', 'no leading zeros'],
    ['v1.02.3', 'no leading zeros'],
    ['v1.2.03', 'no leading zeros'],
    ['v1.2.3-rc.01', 'no leading zeros'],
    ['v1.2.3\n', 'whitespace'],
    [' v1.2.3', 'whitespace'],
    ['v1.2.3 ', 'whitespace'],
    ['', 'the tag is empty'],
    ['V1.2.3', 'is not a release tag'],
    ['v1.2.3-', 'is not a release tag'],
    ['v1.2.3-rc..1', 'is not a release tag'],
    ['v1.2.3-rc_1', 'is not a release tag'],
    ['v1.2.3+build.5', 'build metadata'],
    ['v1.2.3-rc.1+build.5', 'build metadata'],
    ['refs/tags/v1.2.3', 'is not a release tag'],
    ['v1.2.3;id', 'is not a release tag'],
    ['vx.y.z', 'is not a release tag'],
  ])('%j is refused (%s)', (tag, reason) => {
    const r = releaseTag([tag]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: /);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(reason);
    expect(r.stderr).toContain('expected vX.Y.Z or vX.Y.Z-PRERELEASE');
    expect(r.stdout).toBe('');
    expect(r.output).toBe('');
  });

  it('shows a refused tag quoted, so a trailing newline or space is visible', () => {
    expect(releaseTag(['v1.2.3\n']).stderr).toContain('"v1.2.3\\n"');
  });

  it.each([[[]], [['--package-json']], [['v1.2.3', '--bogus']], [['v1.2.3', 'v1.2.4']]])(
    'usage mistakes exit 2: %j',
    (args) => {
      const r = releaseTag(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^error: \S/);
      expect(r.output).toBe('');
    },
  );
});

describe("scripts/release-tag.mjs: package.json's version is the tag's", () => {
  it('accepts the same version, pre-release suffix included', () => {
    expect(releaseTag(['v1.4.2', '--package-json', packageJson('1.4.2')]).code).toBe(0);
    expect(releaseTag(['v1.5.0-rc.1', '--package-json', packageJson('1.5.0-rc.1')]).code).toBe(0);
  });

  it.each([
    ['v1.4.2', '1.4.1'],
    ['v1.5.0-rc.1', '1.5.0'],
    ['v1.5.0', '1.5.0-rc.1'],
    ['v1.4.2', 'v1.4.2'],
  ])('refuses %s with package.json at %s and says what to set', (tag, version) => {
    const r = releaseTag([tag, '--package-json', packageJson(version)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(`^error: tag ${tag} does not match .*version "${version}": set "version": "${tag.slice(1)}"`),
    );
    expect(r.output).toBe('');
  });

  it('refuses a package.json without a version, unparsable or missing', () => {
    const noVersion = packageJson(undefined);
    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, '{ "version": ');
    for (const file of [noVersion, broken, path.join(dir, 'absent.json')]) {
      const r = releaseTag(['v1.2.3', '--package-json', file]);
      expect(r.code, file).toBe(2);
      expect(r.stderr, file).toMatch(/^error: .*(no "version"|not JSON|cannot read)/);
    }
  });

  it("the repository's own package.json holds a plain semver version", () => {
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(releaseTag([`v${version}`, '--package-json', path.join(ROOT, 'package.json')]).code).toBe(0);
  });
});

describe('scripts/release-tag.mjs: whether the major tag moves', () => {
  /** The tags at the major tag's commit (as `git tag --points-at v1` lists them) → move-major. */
  const moves = (tag: string, tagsAtMajor: string) => {
    const r = releaseTag([tag, '--major-tags', '-'], tagsAtMajor);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    return /^move-major=(true|false)$/m.exec(r.output)?.[1];
  };

  it.each([
    ['v1.0.0', '', 'true'], // the first v1 release creates v1
    ['v1.2.4', 'v1\nv1.2.3\n', 'true'],
    ['v1.2.4', 'v1\nv1.2.3\nv1.2.4-rc.1\n', 'true'],
    ['v1.2.4', 'v1\nv1.2.4\n', 'true'], // a re-run: the same place, harmless
    ['v1.10.0', 'v1 v1.9.0', 'true'], // compared as numbers, not as text
    ['v1.2.5', 'v1\nv1.3.0\n', 'false'], // a backport after a newer minor: v1 stays
    ['v1.9.1', 'v1\nv1.10.0\n', 'false'],
    ['v1.2.3', 'v1\nv1.2.4\nv1.2.3\n', 'false'], // the newest tag at v1's commit counts
    ['v1.2.3', 'v1\nv2.0.0\nlatest\n', 'true'], // only v1.Y.Z tags say where v1 is
    ['v1.3.0-rc.1', '', 'false'], // pre-releases never move it
    ['v1.3.0-rc.1', 'v1\nv1.2.0\n', 'false'],
  ])('%s with %j at the major tag → move-major=%s', (tag, tagsAtMajor, expected) => {
    expect(moves(tag, tagsAtMajor)).toBe(expected);
  });

  it('reads the tags from a file too, and refuses an unreadable one', () => {
    const file = path.join(dir, 'tags.txt');
    writeFileSync(file, 'v1\nv1.3.0\n');
    expect(releaseTag(['v1.2.5', '--major-tags', file]).output).toContain('move-major=false\n');
    const r = releaseTag(['v1.2.5', '--major-tags', path.join(dir, 'absent.txt')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: cannot read /);
  });

  it('writes no move-major without --major-tags', () => {
    expect(releaseTag(['v1.2.3']).output).not.toContain('move-major');
  });
});
