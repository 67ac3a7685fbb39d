import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { kubesprayTreeProblem } from '../../src/github/kubespray-cache.js';
import { runAction } from '../support/action-runner.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { applySandbox, freshRunner } from '../support/sandbox.js';

const REPO = 'acme/infra';
const TOKEN = 'ghs_kubespray_cache_token';
const TAG = 'v2.31.0';
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, encoding: 'utf8' }).trim();

/** A git repository standing in for Kubespray's: the sandbox's vendored tree, committed and tagged. */
async function kubesprayRepository(vendored: string, repo: string): Promise<string> {
  await fs.cp(vendored, repo, { recursive: true });
  git(repo, 'init', '-q');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'kubespray');
  git(repo, 'tag', TAG);
  return git(repo, 'rev-parse', 'HEAD');
}

/**
 * The fetched Kubespray tree through the real @actions/cache client against the stand-in's cache
 * service: saved by the first deploy job, restored by the next one on a fresh runner.
 */
describe('the Kubespray tree in the Actions cache', () => {
  let gh: GitHubStandIn;
  let sandbox: PreparedSandbox;
  let workDir: string;
  let toolEnv: Record<string, string>;
  let commit: string;
  let repo: string;

  beforeAll(async () => {
    gh = await startGitHubStandIn({ tokens: { [TOKEN]: { actions: 'write' } } });
    const runner = await freshRunner('kubespray-cache-');
    ({ workDir, sandbox } = runner);
    toolEnv = { ...runner.toolEnv, XDG_CACHE_HOME: path.join(workDir, 'xdg-cache') };
    await applySandbox(runner);
    repo = path.join(workDir, 'kubespray-upstream');
    const vendored = path.join(sandbox.clusterDir, 'kubespray');
    commit = await kubesprayRepository(vendored, repo);
    await fs.rm(vendored, { recursive: true });
    const config = await fs.readFile(sandbox.configPath, 'utf8');
    await fs.writeFile(
      sandbox.configPath,
      config.replace(/^ {4}version: 2\.31\.0$/m, `    version: 2.31.0\n    source: file://${repo}`),
    );
  });
  afterAll(async () => {
    await sandbox?.close();
    await gh?.close();
  });

  const kubespray = (runId: number) =>
    runAction('dist/kubespray/index.js', {
      env: { ...toolEnv, ...gh.actionsEnv({ runId, repository: REPO, workspace: workDir, token: TOKEN }) },
      inputs: { config: sandbox.configPath, 'state-store': 'none', 'github-token': TOKEN, quiet: 'false' },
    });
  const key = () => `cluster-deploy-kubespray-v1-${TAG}-${commit}`;
  const fetchDetail = (stdout: string, steps?: string) =>
    (JSON.parse(steps ?? '[]') as { id: string; detail?: string }[]).find((s) => s.id === 'kubespray-fetch')?.detail ??
    stdout;

  it('the first job fetches and saves the tree; the next job on a fresh runner restores it', async () => {
    const first = await kubespray(1);
    expect(first.code, first.stdout).toBe(0);
    expect(fetchDetail(first.stdout, first.outputs.steps)).toMatch(/fetched from file:/);
    expect(first.stdout).toContain(`saved Kubespray ${TAG} to the Actions cache (${key()})`);
    expect(gh.cacheEntries().map((e) => e.key)).toContain(key());

    // A fresh runner: no Kubespray cache, no venv.
    await fs.rm(path.join(workDir, 'xdg-cache'), { recursive: true });
    await fs.rm(path.join(sandbox.clusterDir, 'venv'), { recursive: true });
    const entries = gh.cacheEntries().length;
    const second = await kubespray(2);
    expect(second.code, second.stdout).toBe(0);
    expect(second.stdout).toContain(`restored Kubespray ${TAG} (${commit.slice(0, 12)}) from the Actions cache (${key()})`);
    expect(fetchDetail(second.stdout, second.outputs.steps)).toMatch(/cached from file:/);
    expect(second.stdout).not.toContain('fetching Kubespray');
    expect(gh.cacheEntries()).toHaveLength(entries); // nothing new to save
  });
});

/** What makes a restored tree unusable: each is discarded and fetched again. */
describe('a restored Kubespray tree is checked', () => {
  let base: string;
  let commit: string;
  beforeAll(async () => {
    base = await fs.mkdtemp(path.join((await import('node:os')).tmpdir(), 'kubespray-tree-'));
    const src = path.join(base, 'src');
    await fs.mkdir(src);
    await fs.writeFile(path.join(src, 'cluster.yml'), '- hosts: all\n');
    await fs.writeFile(path.join(src, '.gitignore'), '*.retry\n');
    commit = await kubesprayRepository(src, path.join(base, 'repo'));
  });
  afterAll(async () => fs.rm(base, { recursive: true, force: true }));

  const tree = async (name: string, change: (dir: string) => Promise<void> | void) => {
    const dir = path.join(base, name);
    await fs.cp(path.join(base, 'repo'), dir, { recursive: true });
    await change(dir);
    return dir;
  };
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };

  it('accepts the pinned commit with its tag and its files', async () => {
    expect(await kubesprayTreeProblem(await tree('good', () => {}), TAG, commit, env)).toBeUndefined();
  });

  it.each([
    ['another commit', (dir: string) => void git(dir, 'commit', '-q', '--allow-empty', '-m', 'x'), /it is commit [0-9a-f]{40}, not/],
    ['no tag', (dir: string) => void git(dir, 'tag', '-d', TAG), /does not carry the tag v2\.31\.0/],
    ['a changed file', (dir: string) => fs.writeFile(path.join(dir, 'cluster.yml'), '- hosts: evil\n'), /1 file differ.*cluster\.yml/],
    ['an extra file', (dir: string) => fs.writeFile(path.join(dir, 'extra.yml'), 'x'), /extra\.yml/],
    ['an ignored file', (dir: string) => fs.writeFile(path.join(dir, 'x.retry'), 'x'), /x\.retry/],
    [
      'a changed file whose index entry claims it clean',
      async (dir: string) => {
        await fs.writeFile(path.join(dir, 'cluster.yml'), '- hosts: evi1\n');
        git(dir, 'update-index', '--assume-unchanged', 'cluster.yml');
      },
      /cluster\.yml/,
    ],
    ['no git directory', (dir: string) => fs.rm(path.join(dir, '.git'), { recursive: true }), /not [0-9a-f]{40}/],
  ])('refuses %s', async (name, change, problem) => {
    const dir = await tree(name.replaceAll(' ', '-'), change);
    expect(await kubesprayTreeProblem(dir, TAG, commit, env)).toMatch(problem);
  });

  it("runs no command from the tree's own git config (fsmonitor)", async () => {
    const marker = path.join(base, 'fsmonitor-ran');
    const dir = await tree('fsmonitor', (d) => void git(d, 'config', 'core.fsmonitor', `touch ${marker}; false`));
    await kubesprayTreeProblem(dir, TAG, commit, env);
    await expect(fs.stat(marker)).rejects.toThrow();
  });
});
