// Cuts a release: the tag vX.Y.Z on the default branch, whose tree carries dist/, pushed for
// .github/workflows/release.yml to check and publish (docs/versions.md, "Cutting a release"). Node, no dependencies:
//
//   npm run release -- X.Y.Z [--dry-run]        (node scripts/release.mjs X.Y.Z)
//
// Refused, with nothing changed: a version that is not semver (scripts/release-tag.mjs's rules) or older than
// package.json's; a branch other than the default one; uncommitted or untracked files; a branch that is not
// exactly origin's (behind: pull; ahead: unreviewed commits); a tag that exists here or on origin; a dist/ that
// `npm run bundle` changes (what the tag would carry must be what the sources build).
// Then: when package.json is older, sets its version (and package-lock.json's) and commits that; tags the commit
// (annotated); pushes the branch and the tag in one atomic push. When the push is refused (a protected branch), the
// commit and tag are undone here: merge the version bump through a pull request and run this again, which then
// tags the merged commit alone. --dry-run: every check, then says what it would do.
// A refusal prints one line starting with `error:` and exits 2; a git or npm failure exits 1.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const REMOTE = 'origin';
const USAGE = 'usage: npm run release -- X.Y.Z [--dry-run]';

class Refusal extends Error {}
class Failure extends Error {}

/** git in the repository, argv only; its stdout, or a Failure with its last words. */
function git(args, { allowFail = false } = {}) {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8', env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
  if (r.status === 0) return r.stdout.trimEnd(); // not trim: `git status --porcelain` lines start with a space
  if (allowFail) return undefined;
  const said = `${r.stderr ?? ''}${r.error?.message ?? ''}`.trim().split('\n').slice(-3).join(' / ');
  throw new Failure(`git ${args.join(' ')} failed: ${said || `exit ${r.status}`}`);
}

function options(argv) {
  let version;
  let dryRun = false;
  for (const arg of argv) {
    if (arg === '--dry-run') dryRun = true;
    else if (arg.startsWith('-')) throw new Refusal(`unknown option ${JSON.stringify(arg)}; ${USAGE}`);
    else if (version !== undefined)
      throw new Refusal(`one version only, got ${JSON.stringify(version)} and ${JSON.stringify(arg)}; ${USAGE}`);
    else version = arg;
  }
  if (version === undefined) throw new Refusal(`no version given; ${USAGE}`);
  // "v1.2.3" is what people type too: the tag is v + the version either way.
  return { version: version.startsWith('v') ? version.slice(1) : version, dryRun };
}

/** The tag rules, in their one home: scripts/release-tag.mjs refuses what release.yml would refuse. */
function checkTag(tag) {
  const env = { ...process.env };
  delete env.GITHUB_OUTPUT;
  const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'release-tag.mjs'), tag], {
    encoding: 'utf8',
    env,
  });
  if (r.status !== 0) throw new Refusal((r.stderr || 'release-tag.mjs failed').trim().replace(/^error: /, ''));
}

/** Semver precedence (semver.org, item 11): -1, 0 or 1. */
function compareVersions(a, b) {
  const parse = (v) => {
    const [core, pre] = v.split(/-(.*)/s);
    return { core: core.split('.').map(BigInt), pre: pre === undefined ? [] : pre.split('.') };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) if (x.core[i] !== y.core[i]) return x.core[i] < y.core[i] ? -1 : 1;
  if (x.pre.length === 0 || y.pre.length === 0) return x.pre.length === y.pre.length ? 0 : x.pre.length === 0 ? 1 : -1;
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const [p, q] = [x.pre[i], y.pre[i]];
    if (p === undefined || q === undefined) return p === undefined ? -1 : 1;
    if (p === q) continue;
    const [np, nq] = [/^\d+$/.test(p), /^\d+$/.test(q)];
    if (np && nq) return BigInt(p) < BigInt(q) ? -1 : 1;
    if (np !== nq) return np ? -1 : 1;
    return p < q ? -1 : 1;
  }
  return 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(path.join(root, file), 'utf8'));
  } catch (err) {
    throw new Refusal(`cannot read ${file}: ${err.code ?? err.message}`);
  }
}

/** The tree as `git status` lists it (every untracked file too), at most `max` entries shown. */
function changes(max = 3) {
  const lines = git(['status', '--porcelain=v1', '--untracked-files=all']).split('\n').filter(Boolean);
  const shown = lines.slice(0, max).map((l) => l.slice(3));
  return {
    count: lines.length,
    shown: `${shown.join(', ')}${lines.length > max ? `, and ${lines.length - max} more` : ''}`,
  };
}

/** The checks, in the order a careless maintainer meets them; returns what the release does. */
function check(version) {
  const tag = `v${version}`;
  checkTag(tag);
  const top = git(['rev-parse', '--show-toplevel'], { allowFail: true });
  if (!top || realpathSync(top) !== realpathSync(root)) throw new Refusal(`${root} is not the root of a git clone`);

  const remoteHead = git(['symbolic-ref', '-q', '--short', `refs/remotes/${REMOTE}/HEAD`], { allowFail: true });
  const branch = remoteHead?.startsWith(`${REMOTE}/`) ? remoteHead.slice(REMOTE.length + 1) : 'main';
  const current = git(['symbolic-ref', '-q', '--short', 'HEAD'], { allowFail: true });
  if (current !== branch)
    throw new Refusal(
      `${current ? `on the branch ${current}` : 'HEAD is detached'}: release from ${branch} (git switch ${branch} && git pull --ff-only)`,
    );

  const dirty = changes();
  if (dirty.count > 0)
    throw new Refusal(
      `the working tree has ${dirty.count} uncommitted or untracked file(s) (${dirty.shown}): commit, stash or remove them; a release is made from ${branch} as it is on ${REMOTE}`,
    );

  git(['fetch', '--quiet', '--no-tags', REMOTE, `+refs/heads/${branch}:refs/remotes/${REMOTE}/${branch}`]);
  const [ahead, behind] = git(['rev-list', '--left-right', '--count', `HEAD...refs/remotes/${REMOTE}/${branch}`])
    .split(/\s+/)
    .map(Number);
  if (behind > 0)
    throw new Refusal(`${branch} is ${behind} commit(s) behind ${REMOTE}/${branch}: git pull --ff-only, then release`);
  if (ahead > 0)
    throw new Refusal(
      `${branch} has ${ahead} commit(s) that are not on ${REMOTE}/${branch}: release only what is merged (push them through a pull request first)`,
    );

  const local = git(['rev-parse', '-q', '--verify', `refs/tags/${tag}^{commit}`], { allowFail: true });
  if (local)
    throw new Refusal(
      `the tag ${tag} exists here (at ${local.slice(0, 12)}): a release is never cut twice; choose the next version, or delete a tag that was never pushed (git tag -d ${tag})`,
    );
  if (git(['ls-remote', '--tags', REMOTE, `refs/tags/${tag}`]) !== '')
    throw new Refusal(`${tag} exists on ${REMOTE}: it is released already; choose the next version`);

  const packageVersion = readJson('package.json').version;
  if (typeof packageVersion !== 'string' || !/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(packageVersion))
    throw new Refusal(
      `package.json's "version" ${JSON.stringify(packageVersion)} is not X.Y.Z: set the last release's version there through a pull request`,
    );
  const order = compareVersions(version, packageVersion);
  if (order < 0)
    throw new Refusal(`${version} is older than package.json's version ${packageVersion}: releases only go forward`);

  // What the tag carries must be what the sources build: the same check as check-dist.yml, before anything moves.
  const bundle = spawnSync('npm', ['run', '--silent', 'bundle'], { cwd: root, encoding: 'utf8' });
  const rebuilt = changes();
  if (rebuilt.count > 0) {
    git(['checkout', '-q', 'HEAD', '--', '.']);
    git(['clean', '-fdq']); // the tree was clean: whatever is untracked now, the bundle wrote
  }
  if (bundle.status !== 0)
    throw new Failure(
      `npm run bundle failed: ${`${bundle.stderr}${bundle.error?.message ?? ''}`.trim().split('\n').slice(-3).join(' / ')}`,
    );
  if (rebuilt.count > 0)
    throw new Refusal(
      `dist/ does not match the sources: npm run bundle changed ${rebuilt.shown}; commit the rebuilt dist/ through a pull request, then release`,
    );
  return { tag, branch, bump: order > 0, from: packageVersion, commit: git(['rev-parse', 'HEAD']) };
}

/** package.json's and package-lock.json's version, as `npm version --no-git-tag-version` sets them. */
function setVersion(version) {
  const files = ['package.json'];
  const pkg = readJson('package.json');
  pkg.version = version;
  writeFileSync(path.join(root, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  if (existsSync(path.join(root, 'package-lock.json'))) {
    const lock = readJson('package-lock.json');
    lock.version = version;
    if (lock.packages?.['']) lock.packages[''].version = version;
    writeFileSync(path.join(root, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
    files.push('package-lock.json');
  }
  return files;
}

function main(argv) {
  const { version, dryRun } = options(argv);
  const plan = check(version);
  const { tag, branch } = plan;
  if (dryRun) {
    process.stdout.write(
      `${plan.bump ? `would set package.json's version ${plan.from} → ${version}, commit it, ` : 'would '}tag ${plan.bump ? 'that commit' : plan.commit.slice(0, 12)} ${tag} and push ${plan.bump ? `${branch} and ${tag}` : tag} to ${REMOTE}\n`,
    );
    return;
  }
  if (plan.bump) {
    git(['add', '--', ...setVersion(version)]);
    git(['commit', '-q', '-m', `release ${tag}`]);
  }
  git(['tag', '-a', '-m', tag, tag]);
  const refs = plan.bump ? [`refs/heads/${branch}`, `refs/tags/${tag}`] : [`refs/tags/${tag}`];
  const push = spawnSync('git', ['push', '--atomic', '--quiet', REMOTE, ...refs], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, GIT_TERMINAL_PROMPT: '0' },
  });
  if (push.status !== 0) {
    // Nothing half-done: the tag and the bump go, so a second run starts where this one did.
    git(['tag', '-d', tag]);
    if (plan.bump) git(['reset', '-q', '--keep', plan.commit]);
    // The remote's own words (a branch rule, a hook) say why; else git's last line.
    const lines = `${push.stderr}`.trim().split('\n');
    const remote = lines.filter((l) => l.startsWith('remote:'));
    const said = (remote.length > 0 ? remote.slice(0, 3) : lines.slice(-1)).join(' / ');
    throw new Failure(
      `${REMOTE} refused the push (${said}); nothing was released and the local commit and tag are undone. If ${branch} is protected: set "version": "${version}" in a pull request (npm version ${version} --no-git-tag-version), merge it, and run this again: it then pushes the tag alone`,
    );
  }
  const commit = git(['rev-parse', `refs/tags/${tag}^{commit}`]);
  const major = `v${version.split('.')[0]}`;
  const then = version.includes('-')
    ? `publishes a GitHub pre-release (${major} stays where it is)`
    : `publishes the GitHub release and moves ${major} to it (never backwards)`;
  process.stdout.write(
    `pushed ${tag} (${commit})${plan.bump ? ` and ${branch} with the version bump` : ''}: .github/workflows/release.yml now checks it and ${then}; docs/versions.md\n`,
  );
}

try {
  main(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof Refusal) && !(err instanceof Failure)) throw err;
  process.stderr.write(`error: ${err.message}\n`);
  process.exitCode = err instanceof Refusal ? 2 : 1;
}
