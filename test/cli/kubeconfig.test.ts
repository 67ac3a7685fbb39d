import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptWithPassphrase } from '../../src/core/lib/secret-box.js';
import { writeSeal } from '../../src/github/state/state-seal.js';
import { commandFlags, completion as completionScript, parseCli } from '../../src/cli/args.js';
import { ROOT, runAction } from '../support/action-runner.js';
import { runCli, type CliResult } from '../support/cli.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { plantArtifact, uploadAsRun } from '../support/planted-artifacts.js';
import { artifactStateInputs, freshRunner, writeClusterKubeconfig, type Runner } from '../support/sandbox.js';

const REPO = 'acme/infra';
const TOKEN = 'ghs_kubeconfig_token_canary_7171';
const NO_ACTIONS_TOKEN = 'ghs_no_actions_token_canary_7272';
const PASSPHRASE = 'kubeconfig-passphrase-canary-7373';
const STATE_KEY = 'state-key-canary-7474-0123456789abcdefghij';
const ARTIFACT = 'cluster-deploy-state-demo~sandbox';

/**
 * `cluster-deploy kubeconfig` against the GitHub stand-in (test/support/github-services.ts: the REST
 * listing, and "Download an artifact" as GitHub answers it, a 302 to a signed blob URL), after a real
 * deploy of the sandbox through the bundled root action wrote its state artifact, sealed, with the
 * kubeconfig encrypted in it. The kubeconfig it writes must open the sandbox's API with the real kubectl.
 */
describe('cluster-deploy kubeconfig', () => {
  let gh: GitHubStandIn;
  let runner: Runner;
  let work: string;
  /** Everything every run printed, for the canary check at the end. */
  const printed: string[] = [];
  /** What the deploy encrypted into its artifact, and that artifact's id. */
  let deployed: string;
  let artifactId: number;

  beforeAll(async () => {
    gh = await startGitHubStandIn({
      tokens: { [TOKEN]: { actions: 'write', deployments: 'write' }, [NO_ACTIONS_TOKEN]: { actions: 'none' } },
    });
    runner = await freshRunner('kubeconfig-cli-');
    await writeClusterKubeconfig(runner.sandbox);
    work = await mkdtemp(path.join(tmpdir(), 'kubeconfig-cli-out-'));
    const env = {
      ...runner.toolEnv,
      ...gh.actionsEnv({ runId: 700, repository: REPO, workspace: runner.workDir }),
      GITHUB_SHA: 'a'.repeat(40),
    };
    const inputs = {
      ...artifactStateInputs(runner, { stateKey: STATE_KEY, passphrase: PASSPHRASE, token: TOKEN }),
      method: 'none',
      interval: '300ms',
      timeout: '30s',
    };
    const main = await runAction('dist/deploy/index.js', { env, inputs });
    expect(main.code, main.stdout).toBe(0);
    const post = await runAction('dist/deploy/index.js', { env, inputs, state: main.state });
    expect(post.code, post.stdout).toBe(0);
    // The action's own log registers the secrets with the runner (::add-mask::); its summary is for people.
    printed.push(main.summary);
    // The deploy's job summary names the command that fetches the kubeconfig.
    expect(main.summary).toContain(
      `**Kubeconfig:** \`cluster-deploy kubeconfig --repo acme/infra --cluster sandbox --org demo --api-url ${gh.url}\``,
    );
    const artifact = gh.artifacts().find((a) => a.name === ARTIFACT && a.runId === 700);
    artifactId = artifact!.id;
    const files = await gh.artifactFiles(artifactId);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['state.json', 'state.seal.json', 'kubeconfig.age']));
    deployed = await decryptWithPassphrase(files['kubeconfig.age']!.toString('utf8'), PASSPHRASE, 'test');
  }, 400_000);

  afterAll(async () => {
    await runner?.sandbox.close();
    await gh?.close();
  });

  const clusterArgs = ['--repo', REPO, '--cluster', 'sandbox', '--org', 'demo'];

  /** A person's environment: the token, the passphrase and the key in variables, no gh on PATH. */
  const personEnv = (extra: Record<string, string | undefined> = {}): Record<string, string> =>
    Object.fromEntries(
      Object.entries({
        HOME: work,
        PATH: path.join(work, 'no-bin'),
        GITHUB_TOKEN: TOKEN,
        CLUSTER_DEPLOY_KUBECONFIG_PASSPHRASE: PASSPHRASE,
        CLUSTER_DEPLOY_STATE_KEY: STATE_KEY,
        ...extra,
      }).filter((e): e is [string, string] => e[1] !== undefined),
    );

  async function cli(
    args: string[],
    env: Record<string, string> = personEnv(),
    options: { stdin?: string } = {},
  ): Promise<CliResult> {
    const result = await runCli(['kubeconfig', '--api-url', gh.url, ...args], env, undefined, {
      ...options,
      cwd: work,
    });
    printed.push(result.stdout, result.stderr);
    return result;
  }

  const upload = (runId: number, name: string, files: Record<string, string>, run: { headRepository?: string }) =>
    plantArtifact(gh, { runId, repository: REPO, name, files, ...run });

  const kubectl = (kubeconfig: string) =>
    new Promise<string>((resolve, reject) =>
      execFile('kubectl', ['--kubeconfig', kubeconfig, 'get', '--raw', '/readyz'], (error, stdout, stderr) =>
        error ? reject(new Error(stderr)) : resolve(stdout),
      ),
    );

  it('writes the deploy’s kubeconfig 0600 from the sealed artifact, and it opens the cluster', async () => {
    const result = await cli(['--repo', REPO, '--config', runner.sandbox.configPath]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const file = path.join(work, 'sandbox.kubeconfig');
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    const text = await fs.readFile(file, 'utf8');
    expect(text).toBe(`# cluster-deploy kubeconfig: demo/sandbox\n${deployed}`);
    expect(await kubectl(file)).toBe('ok');
    expect(result.stdout).toMatch(/^Wrote the kubeconfig of demo\/sandbox \(API https:\/\/127\.0\.0\.\d+:\d+\) to /);
    expect(result.stdout).toMatch(
      /from workflow artifact "cluster-deploy-state-demo~sandbox" \(id \d+, run 700 on branch "main"\)/,
    );
    expect(result.stdout).toContain(`export KUBECONFIG=${file}`);
    expect(result.stdout).toContain(`kubectl config view --flatten > ~/.kube/config.new`);
    // The REST calls a person's token makes: the listing and the zip, nothing that writes.
    const calls = gh.requests.filter((r) => r.path.startsWith(`/repos/${REPO}`)).map((r) => `${r.method} ${r.path}`);
    expect(calls).toContain(`GET /repos/${REPO}/actions/artifacts`);
    expect(calls.some((c) => /^GET \/repos\/acme\/infra\/actions\/artifacts\/\d+\/zip$/.test(c))).toBe(true);
    // The zip comes from the signed URL GitHub redirects to, fetched without the token.
    expect(gh.blobDownloads.slice(-1)).toEqual([{ id: artifactId, authorization: false }]);

    // Run again: its own file is replaced, by the cluster's name, the secrets from files and stdin.
    await fs.writeFile(path.join(work, 'passphrase'), `${PASSPHRASE}\n`, { mode: 0o600 });
    const again = await cli(
      [
        '--repo',
        REPO,
        '--cluster',
        'sandbox',
        '--org',
        'demo',
        '--passphrase-file',
        path.join(work, 'passphrase'),
        '--state-key-file',
        '-',
      ],
      personEnv({ CLUSTER_DEPLOY_KUBECONFIG_PASSPHRASE: undefined, CLUSTER_DEPLOY_STATE_KEY: undefined }),
      { stdin: `${STATE_KEY}\n` },
    );
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(await fs.readFile(file, 'utf8')).toBe(text);
  }, 120_000);

  it('takes the token from gh when no variable holds one; --force replaces a symbolic link, never its target', async () => {
    const bin = path.join(work, 'gh-bin');
    await fs.mkdir(bin, { recursive: true });
    // What `gh auth token --hostname HOST` does when logged in: the token on stdout (cli/cli, pkg/cmd/auth/token/token.go).
    await fs.writeFile(
      path.join(bin, 'gh'),
      `#!/bin/sh\n[ "$1 $2 $3" = "auth token --hostname" ] && echo ${TOKEN} && exit 0\nexit 1\n`,
      { mode: 0o755 },
    );
    const elsewhere = path.join(work, 'elsewhere.yaml');
    await fs.writeFile(elsewhere, 'mine\n');
    const link = path.join(work, 'link.kubeconfig');
    await fs.symlink(elsewhere, link);
    const result = await cli(
      ['--repo', REPO, '--cluster', 'sandbox', '--org', 'demo', '--output', link, '--force'],
      personEnv({ GITHUB_TOKEN: undefined, PATH: bin }),
    );
    expect(result.code, result.stderr).toBe(0);
    expect((await fs.lstat(link)).isSymbolicLink()).toBe(false);
    expect((await fs.stat(link)).mode & 0o777).toBe(0o600);
    expect(await fs.readFile(elsewhere, 'utf8')).toBe('mine\n');
  }, 60_000);

  /**
   * A state of demo/<cluster> that run `runId` saved, and its seal with the deploy's key, as a deploy writes them
   * (state-seal.ts; the run stamped, artifact-store.ts).
   */
  async function sealedState(cluster: string, runId: number, extra: Record<string, unknown> = {}) {
    const at = new Date().toISOString();
    const run = { id: runId, attempt: 1 };
    const state = JSON.stringify({ version: 1, cluster: `demo/${cluster}`, updatedAt: at, steps: {}, run, ...extra });
    const dir = await mkdtemp(path.join(tmpdir(), 'sealed-'));
    await fs.writeFile(path.join(dir, 'state.json'), state);
    const seal = await fs.readFile(await writeSeal(dir, ['state.json'], `demo/${cluster}`, STATE_KEY), 'utf8');
    await fs.rm(dir, { recursive: true });
    return { 'state.json': state, 'state.seal.json': seal };
  }

  it('says gh has no token when gh is logged out, and asks for a variable or gh auth login', async () => {
    const bin = path.join(work, 'gh-logged-out');
    await fs.mkdir(bin, { recursive: true });
    // gh auth token when logged out: a message on stderr, exit 1 (cli/cli, pkg/cmd/auth/token/token.go).
    await fs.writeFile(path.join(bin, 'gh'), '#!/bin/sh\necho "no oauth token found for $4" >&2\nexit 1\n', {
      mode: 0o755,
    });
    const result = await cli(clusterArgs, personEnv({ GITHUB_TOKEN: undefined, PATH: bin }));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/or log in with gh auth login \(gh auth token found none for 127\.0\.0\.1:\d+\)\n$/);
  }, 60_000);

  it('names the artifacts it passed over when no trusted run wrote one', async () => {
    const cluster = 'forged';
    const name = 'cluster-deploy-state-demo~forged';
    const files = await sealedState(cluster, 710);
    // Sealed with the right key, but from a fork's pull-request run; and unsealed from main.
    await upload(710, name, files, { headRepository: 'mallory/infra' });
    await upload(711, name, { 'state.json': files['state.json'] }, {});
    const result = await cli(['--repo', REPO, '--cluster', cluster, '--org', 'demo']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `error: no trusted state of demo/${cluster} in ${REPO}, only artifacts no trusted run wrote:`,
    );
    expect(result.stderr).toContain(
      `ignored ${name} from run 710 on branch "main": not a trusted run: its head is in another repository (a fork)`,
    );
    expect(result.stderr).toContain(
      `ignored ${name} from run 711 on branch "main": it has no seal, and every state this action writes under this name is sealed`,
    );
    expect(result.stderr).toContain('Deploy from a trusted branch');
  }, 60_000);

  it.each([
    [
      'was destroyed',
      'gone',
      { destroyedAt: new Date().toISOString() },
      /^error: demo\/gone was destroyed at .*: it has no kubeconfig; deploy it again first\n$/,
    ],
    [
      'holds no kubeconfig',
      'bare',
      {},
      /holds no kubeconfig: the deploy job sets no kubeconfig-passphrase, or it has not written the kubeconfig yet/,
    ],
  ])(
    'refuses a trusted state that %s, saying why',
    async (_what, cluster, extra, error) => {
      await upload(730, `cluster-deploy-state-demo~${cluster}`, await sealedState(cluster, 730, extra), {});
      const result = await cli(['--repo', REPO, '--cluster', cluster, '--org', 'demo']);
      expect(result.stderr).toMatch(error);
      expect(result.code).toBe(1);
      expect(await fs.readdir(work)).not.toContain(`${cluster}.kubeconfig`);
    },
    60_000,
  );

  it('refuses an artifact of a trusted run that holds a path instead of a flat file, writing nothing of it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'nested-'));
    await fs.mkdir(path.join(dir, 'sub'));
    await fs.writeFile(path.join(dir, 'state.json'), '{}');
    await fs.writeFile(path.join(dir, 'sub', 'evil'), 'x');
    try {
      const files = [path.join(dir, 'state.json'), path.join(dir, 'sub', 'evil')];
      const env = gh.actionsEnv({ runId: 720, repository: REPO, workspace: dir });
      await uploadAsRun(env, 'cluster-deploy-state-demo~nested', files, dir);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    const result = await cli(['--repo', REPO, '--cluster', 'nested', '--org', 'demo']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: artifact \d+ holds a file named "sub\/evil": not a state artifact\n$/);
    expect(await fs.readdir(work)).not.toContain('nested.kubeconfig');
  }, 60_000);

  const usage = 2;
  const failure = 1;
  type Row = {
    name: string;
    args: string[];
    /** Changes to a person's environment (undefined: unset). */
    env?: Record<string, string | undefined>;
    prepare?: () => Promise<void>;
    code: number;
    error: RegExp;
  };
  const rows: Row[] = [
    { name: 'no --repo', args: ['--cluster', 'sandbox'], code: usage, error: /--repo OWNER\/REPO is required/ },
    {
      name: 'a --repo that is a URL',
      args: ['--repo', 'https://github.com/acme/infra', '--cluster', 'x'],
      code: usage,
      error: /is not OWNER\/REPO \(e\.g\. acme\/infra\)/,
    },
    {
      name: 'a --repo of ".."',
      args: ['--repo', 'acme/..', '--cluster', 'x'],
      code: usage,
      error: /--repo "acme\/\.\." is not OWNER\/REPO/,
    },
    { name: 'no cluster', args: ['--repo', REPO], code: usage, error: /give --config FILE .* or --cluster NAME/ },
    {
      name: 'a cluster name with a newline',
      args: ['--repo', REPO, '--cluster', 'sand\nbox'],
      code: usage,
      error: /--cluster needs a value on one line/,
    },
    {
      name: 'a huge cluster name',
      args: ['--repo', REPO, '--cluster', 'x'.repeat(5000)],
      code: usage,
      error: /--cluster: "x{80}…" must be 1 to 63 letters/,
    },
    {
      name: 'the passphrase on the command line',
      args: [...clusterArgs, '--passphrase', PASSPHRASE],
      code: usage,
      error: /Unknown option '--passphrase'/,
    },
    {
      name: 'no passphrase',
      args: clusterArgs,
      env: { CLUSTER_DEPLOY_KUBECONFIG_PASSPHRASE: undefined },
      code: usage,
      error: /no passphrase: set CLUSTER_DEPLOY_KUBECONFIG_PASSPHRASE or give --passphrase-file FILE/,
    },
    {
      name: 'no state key',
      args: clusterArgs,
      env: { CLUSTER_DEPLOY_STATE_KEY: undefined },
      code: usage,
      error: /no state key: set CLUSTER_DEPLOY_STATE_KEY or give --state-key-file FILE/,
    },
    {
      name: 'a passphrase shorter than the deploy accepts',
      args: clusterArgs,
      env: { CLUSTER_DEPLOY_KUBECONFIG_PASSPHRASE: 'short' },
      code: usage,
      error:
        /the passphrase \(CLUSTER_DEPLOY_KUBECONFIG_PASSPHRASE\) has 5 characters; the deploy's kubeconfig-passphrase has at least 16/,
    },
    {
      name: 'a state key shorter than the deploy accepts',
      args: clusterArgs,
      env: { CLUSTER_DEPLOY_STATE_KEY: 'short-key-0123456789' },
      code: usage,
      error: /the state key \(CLUSTER_DEPLOY_STATE_KEY\) has 20 characters; the deploy's state-key has at least 32/,
    },
    {
      name: 'both secrets from stdin',
      args: [...clusterArgs, '--passphrase-file', '-', '--state-key-file', '-'],
      code: usage,
      error: /only one of --passphrase-file and --state-key-file can be -/,
    },
    {
      name: 'a passphrase file that is a directory',
      args: [...clusterArgs, '--passphrase-file', '/tmp'],
      code: failure,
      error: /--passphrase-file \/tmp is a directory/,
    },
    {
      name: 'no token, no gh',
      args: clusterArgs,
      env: { GITHUB_TOKEN: undefined },
      code: usage,
      error: /no GitHub token: set GH_TOKEN or GITHUB_TOKEN .* or log in with gh auth login \(gh is not on PATH\)/,
    },
    {
      name: 'a token GitHub refuses',
      args: clusterArgs,
      env: { GITHUB_TOKEN: 'ghp_revoked_token_canary' },
      code: failure,
      error:
        /GitHub API GET \/repos\/\{owner\}\/\{repo\}\/actions\/artifacts failed with 401 \(Bad credentials\): the token is not valid/,
    },
    {
      name: 'a token that may not read artifacts',
      args: clusterArgs,
      env: { GITHUB_TOKEN: NO_ACTIONS_TOKEN },
      code: failure,
      error:
        /failed with 403 .*: the token may not read acme\/infra's Actions artifacts, branches or commits: a fine-grained token needs "Actions: read" and "Contents: read"/,
    },
    {
      name: 'the wrong passphrase',
      args: clusterArgs,
      env: { CLUSTER_DEPLOY_KUBECONFIG_PASSPHRASE: 'not-the-passphrase-0123456789' },
      code: failure,
      error: /cannot decrypt the kubeconfig in workflow artifact .*: the passphrase is wrong/,
    },
    {
      name: 'the wrong state key',
      args: clusterArgs,
      env: { CLUSTER_DEPLOY_STATE_KEY: 'another-state-key-0123456789abcdefghij' },
      code: failure,
      error:
        /fails its check: its seal does not match: .*written with another state-key\. .*check that the state key \(CLUSTER_DEPLOY_STATE_KEY\) is the deploy's state-key/,
    },
    {
      name: 'no artifact of the cluster',
      args: ['--repo', REPO, '--cluster', 'other', '--org', 'demo'],
      code: failure,
      error:
        /no state artifact "cluster-deploy-state-demo~other" in acme\/infra: deploy demo\/other there with state-store: artifact first/,
    },
    {
      name: 'an output that is a directory',
      args: [...clusterArgs, '--output', '/tmp'],
      code: failure,
      error: /--output \/tmp is a directory; give a file path/,
    },
    {
      name: 'an output that is a symbolic link',
      prepare: async () => {
        await fs.rm(path.join(work, 'linked'), { force: true });
        await fs.symlink('/etc/hostname', path.join(work, 'linked'));
      },
      args: [...clusterArgs, '--output', 'linked'],
      code: failure,
      error: /--output .*linked is a symbolic link; it is never followed: choose another --output, or pass --force/,
    },
    {
      name: 'an output that is someone else’s file',
      prepare: () => fs.writeFile(path.join(work, 'config'), 'apiVersion: v1\nkind: Config\n'),
      args: [...clusterArgs, '--output', 'config'],
      code: failure,
      error:
        /--output .*config exists and was not written by cluster-deploy kubeconfig: choose another --output, or pass --force/,
    },
    {
      name: 'an output holding another cluster’s kubeconfig',
      prepare: () => fs.writeFile(path.join(work, 'prod.kubeconfig'), '# cluster-deploy kubeconfig: acme/prod\n'),
      args: [...clusterArgs, '--output', 'prod.kubeconfig'],
      code: failure,
      error: /holds the kubeconfig of acme\/prod, not demo\/sandbox/,
    },
    {
      name: 'an output with ":"',
      args: [...clusterArgs, '--output', 'a:b'],
      code: usage,
      error: /contains ":", which separates paths in KUBECONFIG/,
    },
    {
      name: 'a huge --output',
      args: [...clusterArgs, '--output', 'k'.repeat(5000)],
      code: failure,
      error: /--output "\/tmp\/.*k+…": file name too long/,
    },
    {
      name: 'an API over plain http',
      args: [...clusterArgs, '--api-url', 'http://github.example.com/api/v3'],
      code: usage,
      error: /--api-url "http:\/\/github\.example\.com\/api\/v3" must be https/,
    },
    {
      name: 'a trusted branch git forbids',
      args: [...clusterArgs, '--trusted-branches', 'main, rel ease'],
      code: usage,
      error: /--trusted-branches: "rel ease" has a character git forbids/,
    },
  ];

  it.each(rows)(
    '$name: exit $code with what to do',
    async (row) => {
      await row.prepare?.();
      const result = await cli(row.args, personEnv(row.env));
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(row.error);
      expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
      expect(result.code).toBe(row.code);
    },
    60_000,
  );

  it('leaves nothing it should not: no secret in any output, the file it refused unchanged', async () => {
    expect(await fs.readFile(path.join(work, 'config'), 'utf8')).toBe('apiVersion: v1\nkind: Config\n');
    expect((await fs.lstat(path.join(work, 'linked'))).isSymbolicLink()).toBe(true);
    const all = printed.join('\n');
    const key = /client-key-data: (\S+)/.exec(deployed)![1]!;
    for (const canary of [TOKEN, NO_ACTIONS_TOKEN, PASSPHRASE, STATE_KEY, 'ghp_revoked_token_canary', key])
      expect(all).not.toContain(canary);
  });
});

describe('cluster-deploy kubeconfig in the help, the completion and the docs', () => {
  const secrets = { CLUSTER_DEPLOY_KUBECONFIG_PASSPHRASE: 'p'.repeat(20), CLUSTER_DEPLOY_STATE_KEY: 'k'.repeat(40) };

  it('every flag its help lists is one it takes, and the completion offers each', () => {
    const help = parseCli(['kubeconfig', '--help'], {});
    if (help.kind !== 'help') throw new Error(help.kind);
    const listed = [...help.text.matchAll(/^ {2}--([\w-]+)/gm)].map((m) => m[1]!);
    expect(listed.sort()).toEqual(commandFlags('kubeconfig').sort());
    expect(parseCli(['--help'], {}).kind === 'help' && (parseCli(['--help'], {}) as { text: string }).text).toContain(
      'cluster-deploy kubeconfig --repo OWNER/REPO',
    );
    const completion = completionScript('bash');
    expect(completion).toMatch(/ kubeconfig\) flags="--repo --config --cluster --org --output --force /);
    expect(completion).toMatch(/\|--output\|--passphrase-file\|--state-key-file\) COMPREPLY=\(\$\(compgen -f/);
  });

  it.each(['docs/getting-started.md', 'docs/cli.md'])('the commands %s gives parse as written', async (page) => {
    const text = await fs.readFile(path.join(ROOT, page), 'utf8');
    const lines = [...text.matchAll(/^cluster-deploy kubeconfig (--repo acme\/[^\n#]*?)\s*(#.*)?$/gm)].map(
      (m) => m[1]!,
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const command = parseCli(['kubeconfig', ...line.split(/\s+/)], secrets);
      expect(command).toMatchObject({ kind: 'kubeconfig', owner: 'acme', repo: 'infra' });
    }
  });
});
