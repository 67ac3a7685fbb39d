import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { DeployResult } from '../../core/engine/engine.js';
import { commandExecutor } from '../../core/lib/command.js';
import { errorMessage } from '../../core/lib/errors.js';
import { Redactor } from '../../core/lib/redact.js';
import { fetchedTreeDir, resolveKubesprayTag } from '../../core/kubespray/fetch.js';
import { toolEnvironment } from '../../core/model/environment.js';
import type { DeploySettings } from '../../core/model/settings.js';
import type { Step } from '../../core/steps/index.js';
import * as core from '../runner/actions-core.js';
import { actionsCache } from '../runner/clients.js';
import { quietly } from '../runner/quiet.js';

export interface ToolCache {
  save(result: DeployResult): Promise<void>;
}

/**
 * The fetched Kubespray tree across runs, through the Actions cache, keyed by tag and commit. The
 * cache is scoped by ref (a pull request's entries are readable by that pull request only, never
 * by the default branch: /work/shared/reference/github-actions.md, "Branch scoping"), and a
 * restore takes the exact key only. A restored tree is used only when git says it is that commit
 * with that tag, its objects intact and its files those of the commit; else it is removed and
 * kubespray-fetch fetches it again. Tarball sources are not cached: a restored tree carries no
 * objects to check it against, only the archive's digest could, and that is not in the tree.
 */
export async function restoreKubesprayCache(
  settings: DeploySettings,
  steps: readonly Step[],
): Promise<ToolCache | undefined> {
  const release = settings.kubesprayRelease;
  const { version: tag, source } = release;
  if (!steps.some((s) => s.id === 'kubespray-fetch') || release.dir === release.vendoredDir) return undefined;
  if (!tag || source.kind !== 'git') return undefined;
  if (!process.env.ACTIONS_CACHE_URL && !process.env.ACTIONS_RESULTS_URL) return undefined;
  const cache = await actionsCache();
  if (!cache.isFeatureAvailable()) return undefined;
  const exec = commandExecutor({ redactor: new Redactor() });
  const env = toolEnvironment(settings);
  let commit: string;
  try {
    await fs.mkdir(release.cacheRoot, { recursive: true, mode: 0o700 });
    commit = await resolveKubesprayTag({ ...release, exec, env }, tag, source.url);
  } catch (error) {
    // kubespray-fetch says the same, as its step's failure.
    core.warning(`the Kubespray tree is not cached: ${errorMessage(error)}`);
    return undefined;
  }
  const dir = fetchedTreeDir(release.cacheRoot, tag, commit);
  const key = `cluster-deploy-kubespray-v1-${tag}-${commit}`;
  let restored = false;
  if (!(await fs.stat(dir).catch(() => undefined))) {
    try {
      if ((await quietly(() => cache.restoreCache([dir], key))) === key) {
        const wrong = await kubesprayTreeProblem(dir, tag, commit, env);
        if (wrong) {
          await fs.rm(dir, { recursive: true, force: true });
          core.warning(
            `the Kubespray tree restored from the Actions cache (${key}) was discarded: ${wrong}; it is fetched again`,
          );
        } else {
          restored = true;
          core.info(`restored Kubespray ${tag} (${commit.slice(0, 12)}) from the Actions cache (${key})`);
        }
      }
    } catch (error) {
      await fs.rm(dir, { recursive: true, force: true });
      core.warning(`could not restore the Kubespray tree from the Actions cache: ${errorMessage(error)}`);
    }
  }
  return {
    async save(result) {
      const fetched = result.reports.find((r) => r.id === 'kubespray-fetch');
      if (restored || fetched?.status !== 'success' || !(await fs.stat(dir).catch(() => undefined))) return;
      // What the playbooks left in it (Python's __pycache__, say) is not saved: the tree goes back to its commit,
      // then must pass the restore's own check.
      await treeGit(dir, env)('reset', '-q', '--hard', 'HEAD');
      await treeGit(dir, env)('clean', '-q', '-fdx');
      const wrong = await kubesprayTreeProblem(dir, tag, commit, env);
      if (wrong) {
        core.info(`the Kubespray tree was not saved to the Actions cache: ${wrong}`);
        return;
      }
      try {
        await quietly(() => cache.saveCache([dir], key));
        core.info(`saved Kubespray ${tag} to the Actions cache (${key})`);
      } catch (error) {
        const level = (error as Error)?.name === 'ReserveCacheError' ? core.info : core.warning;
        level(`the Kubespray tree was not saved to the Actions cache: ${errorMessage(error)}`);
      }
    },
  };
}

/**
 * Why a tree is not Kubespray `tag` at `commit`, or undefined when it is (git through treeGit). The index is rebuilt from
 * the commit without stat data, so status compares every file's content, not cached timestamps.
 */
/** The config `git init` writes on Linux: what fetchGit's trees have, and nothing that runs a command. */
const GIT_INIT_CONFIG =
  '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n';

export async function kubesprayTreeProblem(
  dir: string,
  tag: string,
  commit: string,
  env: Record<string, string>,
): Promise<string | undefined> {
  // The tree's own git config could name commands (filter drivers, fsmonitor): replaced by the one git init writes.
  // lstat: a .git that is a link would send these checks and the write somewhere else.
  if (!(await fs.lstat(path.join(dir, '.git')).catch(() => undefined))?.isDirectory())
    return 'it has no .git directory';
  for (const elsewhere of ['objects/info/alternates', 'commondir', 'info/attributes']) {
    // Objects, config or attributes (which name filter drivers) taken from another folder the archive could supply.
    if (await fs.lstat(path.join(dir, '.git', elsewhere)).catch(() => undefined))
      return `it takes git data from elsewhere (.git/${elsewhere})`;
  }
  // Grafts and replace refs show a commit with other parents or an object with other content; fetchGit makes neither,
  // and treeGit reads no replace ref. A depth-1 fetch does leave .git/shallow, which changes no object: it stays.
  if (await fs.lstat(path.join(dir, '.git', 'info', 'grafts')).catch(() => undefined))
    return 'it rewrites its history (.git/info/grafts)';
  await fs.writeFile(path.join(dir, '.git', 'config'), GIT_INIT_CONFIG);
  const git = treeGit(dir, env);
  const replace = await git('for-each-ref', '--format=%(refname)', 'refs/replace/');
  if (replace.exitCode !== 0 || replace.stdout.trim())
    return `it replaces objects (${replace.stdout.trim().split('\n')[0] || 'git for-each-ref failed'})`;
  const head = (await git('rev-parse', '--verify', 'HEAD^{commit}')).stdout.trim();
  if (head !== commit) return `it is commit ${head || '(none)'}, not ${commit}`;
  const tags = (await git('tag', '--points-at', 'HEAD')).stdout.split('\n').map((t) => t.trim());
  if (!tags.includes(tag)) return `its commit does not carry the tag ${tag}`;
  const fsck = await git('fsck', '--no-dangling', '--no-progress');
  if (fsck.exitCode !== 0) return `git fsck found damaged objects (${fsck.tail.at(-1)?.trim() ?? fsck.exitCode})`;
  const index = path.join(dir, '.git', 'index');
  await fs.rm(index, { force: true });
  if ((await git('read-tree', 'HEAD')).exitCode !== 0) return 'git could not read its commit';
  const status = await git('status', '--porcelain', '--untracked-files=all', '--ignored=matching');
  if (status.exitCode !== 0) return 'git status failed in it';
  const changed = status.stdout.split('\n').filter(Boolean);
  if (changed.length)
    return `${changed.length} file${changed.length === 1 ? '' : 's'} differ from the commit (${changed[0]!.slice(3)})`;
  return undefined;
}

/** git in a cached tree, with the tree's own config neutralised where it could run a command (fsmonitor, hooks). */
function treeGit(dir: string, env: Record<string, string>) {
  const exec = commandExecutor({ redactor: new Redactor() });
  return (...args: string[]) =>
    exec(
      {
        argv: [
          'git',
          '-c',
          'core.fsmonitor=false',
          '-c',
          `core.hooksPath=${path.join(dir, '.git', 'no-hooks')}`,
          ...args,
        ],
        cwd: dir,
        // Nothing of the machine's or the user's git configuration either: only what the checks above left.
        env: {
          ...env,
          GIT_DIR: path.join(dir, '.git'),
          GIT_WORK_TREE: dir,
          GIT_CONFIG_NOSYSTEM: '1',
          GIT_CONFIG_GLOBAL: '/dev/null',
          GIT_ATTR_NOSYSTEM: '1',
          // The objects as they are, whatever refs/replace/* says.
          GIT_NO_REPLACE_OBJECTS: '1',
          LC_ALL: 'C',
        },
      },
      { check: false, capture: true, quiet: true },
    );
}
