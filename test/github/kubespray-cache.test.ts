import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { kubesprayTreeProblem } from '../../src/github/state/kubespray-cache.js';
import { runAction } from '../support/action-runner.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { freshRunner } from '../support/sandbox.js';

const REPO = 'acme/infra';
const TOKEN = 'ghs_kubespray_cache_token';
const TAG = 'v2.31.0';
const TARGET = `${process.platform}_${process.arch === 'x64' ? 'amd64' : process.arch}`;
/** A provider package: a zip of its binary, as registries serve them. */
const PACK =
  'import sys, zipfile, os\nwith zipfile.ZipFile(sys.argv[1], "w") as z:\n    z.write(sys.argv[2], os.path.basename(sys.argv[2]))';
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();

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
 * The deploy action's tool caches through the real @actions/cache client against the stand-in's
 * cache service: what the first deploy job fetches (the Kubespray tree, OpenTofu's providers) the
 * next job, on a fresh runner, restores. The jobs run the one step that uses each (input step): the
 * sandbox's Kubespray stand-in finds its helpers only when vendored in the cluster dir.
 */
describe('the deploy job restores Kubespray and the providers from the Actions cache', () => {
  let gh: GitHubStandIn;
  let sandbox: PreparedSandbox;
  let workDir: string;
  let toolEnv: Record<string, string>;
  let commit: string;
  let repo: string;
  const xdg = () => path.join(workDir, 'xdg-cache');

  beforeAll(async () => {
    gh = await startGitHubStandIn({ tokens: { [TOKEN]: { actions: 'write' } } });
    const runner = await freshRunner('kubespray-cache-');
    ({ workDir, sandbox } = runner);
    toolEnv = { ...runner.toolEnv, XDG_CACHE_HOME: path.join(workDir, 'xdg-cache') };
    repo = path.join(workDir, 'kubespray-upstream');
    const vendored = path.join(sandbox.clusterDir, 'kubespray');
    commit = await kubesprayRepository(vendored, repo);
    await fs.rm(vendored, { recursive: true });
    const config = await fs.readFile(sandbox.configPath, 'utf8');
    await fs.writeFile(
      sandbox.configPath,
      config.replace(/^ {4}version: 2\.31\.0$/m, `    version: 2.31.0\n    source: file://${repo}`),
    );
    // A provider as a registry serves it: here a filesystem mirror (tofu init unpacks and hashes it, never runs it).
    const mirror = path.join(workDir, 'provider-mirror', 'example.com', 'test', 'dummy');
    await fs.mkdir(mirror, { recursive: true });
    const binary = path.join(workDir, 'terraform-provider-dummy_v1.0.0');
    await fs.writeFile(binary, '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    execFileSync('python3', ['-c', PACK, path.join(mirror, `terraform-provider-dummy_1.0.0_${TARGET}.zip`), binary]);
    await fs.writeFile(
      toolEnv.TF_CLI_CONFIG_FILE!,
      `provider_installation {\n  filesystem_mirror {\n    path = "${path.join(workDir, 'provider-mirror')}"\n  }\n}\n`,
    );
    await fs.writeFile(
      path.join(sandbox.clusterDir, 'providers.tf'),
      'terraform {\n  required_providers {\n    dummy = { source = "example.com/test/dummy", version = "1.0.0" }\n  }\n}\n',
    );
  });
  afterAll(async () => {
    await sandbox?.close();
    await gh?.close();
  });

  const deploy = (runId: number, step: string) =>
    runAction('dist/deploy/index.js', {
      env: { ...toolEnv, ...gh.actionsEnv({ runId, repository: REPO, workspace: workDir }) },
      inputs: {
        config: sandbox.configPath,
        step,
        'state-store': 'none',
        'tofu-state': 'none',
        'skip-auth-check': 'true',
        'github-token': TOKEN,
        quiet: 'false',
      },
    });
  const key = () => `cluster-deploy-kubespray-v1-${TAG}-${commit}`;
  const detail = (outputs: Record<string, string>, id: string) =>
    (JSON.parse(outputs.steps ?? '[]') as { id: string; detail?: string }[]).find((s) => s.id === id)?.detail;

  it('Kubespray: the first job fetches and saves the tree; the next job on a fresh runner restores it', async () => {
    const first = await deploy(1, 'kubespray-fetch');
    expect(first.code, first.stdout).toBe(0);
    expect(detail(first.outputs, 'kubespray-fetch')).toMatch(/fetched from file:/);
    expect(first.stdout).toContain(`saved Kubespray ${TAG} to the Actions cache (${key()})`);
    expect(gh.cacheEntries().map((e) => e.key)).toContain(key());

    await fs.rm(xdg(), { recursive: true }); // a fresh runner
    const entries = gh.cacheEntries().length;
    const second = await deploy(2, 'kubespray-fetch');
    expect(second.code, second.stdout).toBe(0);
    expect(second.stdout).toContain(
      `restored Kubespray ${TAG} (${commit.slice(0, 12)}) from the Actions cache (${key()})`,
    );
    expect(detail(second.outputs, 'kubespray-fetch')).toMatch(/cached from file:/);
    expect(second.stdout).not.toContain('fetching Kubespray');
    expect(gh.cacheEntries()).toHaveLength(entries); // nothing new to save
  });

  it('providers: none cached without a lock file; by its hash with one, restored on the next fresh runner', async () => {
    const lock = path.join(sandbox.clusterDir, '.terraform.lock.hcl');
    await fs.rm(lock, { force: true });
    const unlocked = await deploy(3, 'opentofu-init');
    expect(unlocked.code, unlocked.stdout).toBe(0);
    expect(unlocked.stdout).toMatch(/OpenTofu's providers are not cached: .*\.terraform\.lock\.hcl does not exist/);
    expect(
      gh
        .cacheEntries()
        .map((e) => e.key)
        .filter((k) => k.includes('tofu-providers')),
    ).toEqual([]);

    // The lock file init wrote, committed; the next job runs on a fresh runner.
    await fs.rm(path.join(sandbox.clusterDir, '.terraform'), { recursive: true, force: true });
    const first = await deploy(4, 'opentofu-init');
    expect(first.code, first.stdout).toBe(0);
    const saved =
      /saved OpenTofu's providers to the Actions cache \((cluster-deploy-tofu-providers-v1-linux-\w+-[0-9a-f]{16})\)/.exec(
        first.stdout,
      );
    expect(saved, first.stdout).not.toBeNull();

    await fs.rm(path.join(sandbox.clusterDir, '.terraform'), { recursive: true, force: true });
    await fs.rm(xdg(), { recursive: true, force: true });
    const second = await deploy(5, 'opentofu-init');
    expect(second.code, second.stdout).toBe(0);
    expect(second.stdout).toContain(`restored OpenTofu's providers from the Actions cache (${saved![1]})`);
    // tofu took it from the plugin cache, after checking it against the lock file's checksum
    expect(second.stdout).toMatch(/Using example\.com\/test\/dummy v1\.0\.0 from the shared cache directory/);
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
  /** cluster.yml changed, and its commit's tree replaced (a ref under `base`) by one holding the change. */
  const replaceTree = async (dir: string, base = 'refs/replace/') => {
    const original = git(dir, 'rev-parse', 'HEAD^{tree}');
    await fs.writeFile(path.join(dir, 'cluster.yml'), '- hosts: evil\n');
    git(dir, 'add', 'cluster.yml');
    git(dir, 'update-ref', `${base}${original}`, git(dir, 'write-tree'));
  };

  it('accepts the pinned commit with its tag and its files', async () => {
    expect(await kubesprayTreeProblem(await tree('good', () => {}), TAG, commit, env)).toBeUndefined();
  });

  it('accepts the shallow file a depth-1 fetch leaves', async () => {
    const dir = await tree('shallow', (d) => fs.writeFile(path.join(d, '.git', 'shallow'), `${commit}\n`));
    expect(await kubesprayTreeProblem(dir, TAG, commit, env)).toBeUndefined();
  });

  it.each([
    [
      'another commit',
      (dir: string) => void git(dir, 'commit', '-q', '--allow-empty', '-m', 'x'),
      /it is commit [0-9a-f]{40}, not/,
    ],
    ['no tag', (dir: string) => void git(dir, 'tag', '-d', TAG), /does not carry the tag v2\.31\.0/],
    [
      'a changed file',
      (dir: string) => fs.writeFile(path.join(dir, 'cluster.yml'), '- hosts: evil\n'),
      /1 file differ.*cluster\.yml/,
    ],
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
    ['no git directory', (dir: string) => fs.rm(path.join(dir, '.git'), { recursive: true }), /no \.git directory/],
    [
      'borrowed objects',
      (dir: string) => fs.writeFile(path.join(dir, '.git', 'objects', 'info', 'alternates'), '/elsewhere\n'),
      /alternates/,
    ],
    [
      'config and objects from another folder (commondir)',
      (dir: string) => fs.writeFile(path.join(dir, '.git', 'commondir'), '/elsewhere\n'),
      /\.git\/commondir/,
    ],
    [
      'attributes of its own (they name filter drivers)',
      async (dir: string) => {
        await fs.mkdir(path.join(dir, '.git', 'info'), { recursive: true });
        await fs.writeFile(path.join(dir, '.git', 'info', 'attributes'), '* filter=x\n');
      },
      /\.git\/info\/attributes/,
    ],
    [
      "a replace ref for its commit's tree, over a changed file",
      (dir: string) => replaceTree(dir),
      /it replaces objects \(refs\/replace\/[0-9a-f]{40}\)/,
    ],
    [
      'a grafts file',
      async (dir: string) => {
        await fs.mkdir(path.join(dir, '.git', 'info'), { recursive: true });
        await fs.writeFile(path.join(dir, '.git', 'info', 'grafts'), `${commit}\n`);
      },
      /\.git\/info\/grafts/,
    ],
    [
      'a .git that is a link',
      async (dir: string) => {
        await fs.rename(path.join(dir, '.git'), path.join(dir, '..', `${path.basename(dir)}-git`));
        await fs.symlink(path.join(dir, '..', `${path.basename(dir)}-git`), path.join(dir, '.git'));
      },
      /no \.git directory/,
    ],
  ])('refuses %s', async (name, change, problem) => {
    const dir = await tree(name.replaceAll(' ', '-'), change);
    expect(await kubesprayTreeProblem(dir, TAG, commit, env)).toMatch(problem);
  });

  it('reads the objects as they are, also where the environment moves the replace refs elsewhere', async () => {
    const dir = await tree('replace-base', (d) => replaceTree(d, 'refs/tags/'));
    expect(await kubesprayTreeProblem(dir, TAG, commit, { ...env, GIT_REPLACE_REF_BASE: 'refs/tags/' })).toMatch(
      /1 file differ.*cluster\.yml/,
    );
  });

  it.each([
    ['fsmonitor', (d: string, marker: string) => void git(d, 'config', 'core.fsmonitor', `touch ${marker}; false`)],
    [
      'a clean filter',
      async (d: string, marker: string) => {
        git(d, 'config', 'filter.evil.clean', `touch ${marker}; cat`);
        await fs.mkdir(path.join(d, '.git', 'info'), { recursive: true });
        await fs.writeFile(path.join(d, '.git', 'info', 'attributes'), '* filter=evil\n');
      },
    ],
  ])("runs no command from the tree's own git config (%s)", async (name, change) => {
    const marker = path.join(base, `${name.replaceAll(' ', '-')}-ran`);
    const dir = await tree(`cmd-${name.replaceAll(' ', '-')}`, (d) => change(d, marker));
    await kubesprayTreeProblem(dir, TAG, commit, env);
    await expect(fs.stat(marker)).rejects.toThrow();
  });
});
