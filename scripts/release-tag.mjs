// The release tag's rules, for .github/workflows/release.yml. Node, no dependencies:
//
//   node scripts/release-tag.mjs TAG [--package-json FILE] [--major-tags FILE|-]
//
// TAG must be vX.Y.Z or vX.Y.Z-PRERELEASE (semver 2.0.0, no leading zeros, no +build metadata).
// Writes version=X.Y.Z[-PRERELEASE], major=vX and prerelease=true|false to stdout and, on a runner, to $GITHUB_OUTPUT.
//   --package-json FILE   refuse unless its "version" is the tag's version (releases keep package.json in sync).
//   --major-tags FILE|-   the tags pointing where the major tag is now (`git tag --points-at vX`; empty when it
//                         does not exist yet; - reads stdin). Adds move-major=true|false: a pre-release never moves
//                         it, and neither does an older release (a backport v1.2.5 after v1.3.0): the major tag
//                         never goes back.
// A refusal prints one line starting with `error:` on stderr, writes no output and exits 2.
import { appendFileSync, readFileSync } from 'node:fs';

const NUMBER = '0|[1-9][0-9]*';
const IDENTIFIER = `(?:${NUMBER}|[0-9]*[A-Za-z-][0-9A-Za-z-]*)`;
// JavaScript's $ without the m flag is the end of the string: a trailing newline does not match.
const TAG = new RegExp(`^v(${NUMBER})\\.(${NUMBER})\\.(${NUMBER})(?:-(${IDENTIFIER}(?:\\.${IDENTIFIER})*))?$`);
const STABLE = new RegExp(`^v(${NUMBER})\\.(${NUMBER})\\.(${NUMBER})$`);

class Refusal extends Error {}

/** vX.Y.Z[-PRE] → its parts, or a Refusal that says what is wrong. */
function parseTag(tag) {
  const shown = JSON.stringify(tag);
  const expected = 'expected vX.Y.Z or vX.Y.Z-PRERELEASE, e.g. v1.4.2 or v1.5.0-rc.1';
  if (tag === '') throw new Refusal(`the tag is empty: ${expected}`);
  const m = TAG.exec(tag);
  if (m) {
    const [, major, minor, patch, pre] = m;
    return {
      version: tag.slice(1),
      major: BigInt(major),
      minor: BigInt(minor),
      patch: BigInt(patch),
      prerelease: pre !== undefined,
    };
  }
  let hint = '';
  if (/\s/.test(tag)) hint = ' (it contains whitespace)';
  else if (/^[0-9]/.test(tag)) hint = ' (it lacks the leading v)';
  else if (tag.includes('+')) hint = ' (build metadata, +…, is not used in release tags)';
  else if (/(^v|[.-])0[0-9]/.test(tag)) hint = ' (numbers have no leading zeros)';
  throw new Refusal(`${shown} is not a release tag${hint}: ${expected}`);
}

const compare = (a, b) =>
  a.major !== b.major
    ? a.major < b.major
      ? -1
      : 1
    : a.minor !== b.minor
      ? a.minor < b.minor
        ? -1
        : 1
      : a.patch !== b.patch
        ? a.patch < b.patch
          ? -1
          : 1
        : 0;

/** Whether releasing `release` moves its major tag, given the tags at the major tag's commit now. */
function movesMajor(release, tagsAtMajor) {
  if (release.prerelease) return { move: false, why: 'a pre-release never moves the major tag' };
  const same = tagsAtMajor.map((t) => STABLE.exec(t)).filter((m) => m && BigInt(m[1]) === release.major);
  if (same.length === 0)
    return {
      move: true,
      why: `v${release.major} does not exist yet, or no v${release.major}.Y.Z tag marks its commit`,
    };
  const current = same
    .map(([tag, major, minor, patch]) => ({ tag, major: BigInt(major), minor: BigInt(minor), patch: BigInt(patch) }))
    .sort(compare)
    .at(-1);
  if (compare(current, release) > 0)
    return { move: false, why: `v${release.major} is at ${current.tag}, newer than v${release.version}: it stays` };
  return { move: true, why: `v${release.major} is at ${current.tag}` };
}

function options(argv) {
  const args = [...argv];
  let tag;
  const opts = {};
  while (args.length > 0) {
    const arg = args.shift();
    if (arg === '--package-json' || arg === '--major-tags') {
      if (args.length === 0) throw new Refusal(`${arg} needs a value`);
      opts[arg.slice(2)] = args.shift();
    } else if (arg.startsWith('--')) {
      throw new Refusal(
        `unknown option ${arg}; usage: release-tag.mjs TAG [--package-json FILE] [--major-tags FILE|-]`,
      );
    } else if (tag === undefined) {
      tag = arg;
    } else {
      throw new Refusal(`one tag only, got ${JSON.stringify(tag)} and ${JSON.stringify(arg)}`);
    }
  }
  if (tag === undefined)
    throw new Refusal('no tag given; usage: release-tag.mjs TAG [--package-json FILE] [--major-tags FILE|-]');
  return { tag, ...opts };
}

function packageVersion(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Refusal(`cannot read ${file}: ${err.code ?? err.message}`);
  }
  try {
    const version = JSON.parse(text).version;
    if (typeof version !== 'string') throw new Refusal(`${file} has no "version"`);
    return version;
  } catch (err) {
    if (err instanceof Refusal) throw err;
    throw new Refusal(`${file} is not JSON: ${err.message}`);
  }
}

function main(argv) {
  const opts = options(argv);
  const release = parseTag(opts.tag);
  if (opts['package-json'] !== undefined) {
    const version = packageVersion(opts['package-json']);
    if (version !== release.version) {
      throw new Refusal(
        `tag ${opts.tag} does not match ${opts['package-json']}'s version ${JSON.stringify(version)}: set "version": "${release.version}" (npm version ${release.version} --no-git-tag-version), commit, and tag that commit`,
      );
    }
  }
  const lines = [`version=${release.version}`, `major=v${release.major}`, `prerelease=${release.prerelease}`];
  let why;
  if (opts['major-tags'] !== undefined) {
    let text;
    try {
      text = readFileSync(opts['major-tags'] === '-' ? 0 : opts['major-tags'], 'utf8');
    } catch (err) {
      throw new Refusal(`cannot read ${opts['major-tags']}: ${err.code ?? err.message}`);
    }
    const decision = movesMajor(release, text.split(/\s+/).filter(Boolean));
    lines.push(`move-major=${decision.move}`);
    why = decision.why;
  }
  return { lines, why };
}

try {
  const { lines, why } = main(process.argv.slice(2));
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `${lines.join('\n')}\n`);
  process.stdout.write(`${lines.join('\n')}\n`);
  if (why) process.stdout.write(`(${why})\n`);
} catch (err) {
  if (!(err instanceof Refusal)) throw err;
  process.stderr.write(`error: ${err.message}\n`);
  process.exitCode = 2;
}
