import { execFile } from 'node:child_process';
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { displayCommand } from '../core/lib/command.js';
import { quoteInput } from '../core/lib/echo.js';
import { interruptible } from '../core/engine/signals.js';
import { InterruptedError, UsageError, UserError, errorMessage } from '../core/lib/errors.js';
import { displayPath, systemErrorReason, writePrivateFile } from '../core/lib/files.js';
import { parseName } from '../core/lib/option-values.js';
import { Redactor } from '../core/lib/redact.js';
import { kubeconfigEndpoint, kubeconfigSecrets } from '../core/kube/kubeconfig.js';
import { parseState } from '../core/model/state.js';
import { resolveSettings } from '../core/model/settings.js';
import { secretBox } from '../github/runner/clients.js';
import { removeDownloads } from '../github/runner/downloads.js';
import { legacyStateArtifactName, stateArtifactName } from '../github/state/artifact-store.js';
import { restStateSource } from '../github/state/artifact-rest.js';
import { describeIgnored, pickState, type IgnoredArtifact } from '../github/state/state-picker.js';
import { parseTrustedBranches, type TrustedBranches } from '../github/state/state-trust.js';
import { KUBECONFIG_ARTIFACT_FILE } from '../github/state/tofu-state.js';

/** `cluster-deploy kubeconfig`: a person's copy of a cluster's kubeconfig, from the newest trusted state artifact. */
export interface KubeconfigCommand {
  kind: 'kubeconfig';
  owner: string;
  repo: string;
  apiUrl: string;
  /** The cluster: from a config, or named. */
  configPath?: string;
  clusterName?: string;
  organization?: string;
  output?: string;
  force: boolean;
  passphraseFile?: string;
  stateKeyFile?: string;
  trustedBranches: TrustedBranches;
}

export const KUBECONFIG_PASSPHRASE_ENV = 'CLUSTER_DEPLOY_KUBECONFIG_PASSPHRASE';
export const STATE_KEY_ENV = 'CLUSTER_DEPLOY_STATE_KEY';

export const KUBECONFIG_HELP = `Usage: cluster-deploy kubeconfig --repo OWNER/REPO (--config FILE | --cluster NAME [--org ORG]) [options]

Fetches the newest resume state artifact a trusted run of the deploy wrote (a run of the repository itself,
on its default branch or one of --trusted-branches, sealed with the state key: the rules the actions use),
decrypts the kubeconfig in it with the deploy's kubeconfig-passphrase and writes it with mode 0600.
  --repo OWNER/REPO        the repository whose deploy workflow ran
  --config FILE            the cluster of this openCenter config (default $CLUSTER_DEPLOY_CONFIG)
  --cluster NAME           or the cluster by name, without a config
  --org ORG                its organisation (default "standalone")
  --output FILE            where to write it (default ./<cluster>.kubeconfig); an existing file is replaced
                           only if this command wrote it for the same cluster
  --force                  replace whatever file or symbolic link is there (the link itself, never its target)
  --trusted-branches LIST  branches whose runs are trusted, as the workflow's state-trusted-branches
                           (default: the repository's default branch)
  --passphrase-file FILE   read the kubeconfig passphrase from FILE (- for stdin)
  --state-key-file FILE    read the state key from FILE (- for stdin)
  --api-url URL            GitHub's API (default $GITHUB_API_URL, else https://api.github.com)
Secrets never go on the command line: the passphrase comes from ${KUBECONFIG_PASSPHRASE_ENV} or --passphrase-file,
the state key from ${STATE_KEY_ENV} or --state-key-file, the token from GH_TOKEN or GITHUB_TOKEN, else
"gh auth token". The token must read the repository's Actions artifacts (fine-grained: "Actions: read").`;

export const KUBECONFIG_FLAGS = {
  repo: { type: 'string' },
  config: { type: 'string' },
  cluster: { type: 'string' },
  org: { type: 'string' },
  output: { type: 'string' },
  force: { type: 'boolean' },
  'trusted-branches': { type: 'string' },
  'passphrase-file': { type: 'string' },
  'state-key-file': { type: 'string' },
  'api-url': { type: 'string' },
} as const;

/** GitHub's rule for owner and repository names: letters, digits, "-", "_" and "." (no path, no URL). */
const REPO = /^([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100})$/;
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

function parseApiUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`kubeconfig: --api-url ${quoteInput(value, 100)} is not a URL (e.g. https://api.github.com)`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname)))
    throw new UsageError(
      `kubeconfig: --api-url ${quoteInput(value, 100)} must be https (the token travels with every request)`,
    );
  if (url.username || url.password || url.search || url.hash)
    throw new UsageError('kubeconfig: --api-url takes no credentials, query or fragment: give the API root');
  return url.toString().replace(/\/$/, '');
}

export function parseKubeconfigArgs(argv: string[], env: NodeJS.ProcessEnv): KubeconfigCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, strict: true, allowPositionals: false, options: KUBECONFIG_FLAGS }));
  } catch (error) {
    throw new UsageError(`kubeconfig: ${errorMessage(error)}\nrun "cluster-deploy kubeconfig --help" for usage`);
  }
  for (const [flag, value] of Object.entries(values))
    if (typeof value === 'string' && (value.trim() === '' || /[\0-\x1f\x7f]/.test(value)))
      throw new UsageError(`kubeconfig: --${flag} needs a value on one line`);
  const text = (flag: string) => values[flag] as string | undefined;
  const envValue = (name: string) => env[name]?.trim() || undefined;
  const repo = text('repo');
  if (!repo)
    throw new UsageError(
      'kubeconfig: --repo OWNER/REPO is required: the repository whose deploy workflow wrote the state',
    );
  const parts = REPO.exec(repo);
  if (!parts) throw new UsageError(`kubeconfig: --repo ${quoteInput(repo, 100)} is not OWNER/REPO (e.g. acme/infra)`);
  const configPath = text('config') ?? (values.cluster === undefined ? envValue('CLUSTER_DEPLOY_CONFIG') : undefined);
  if (!configPath && values.cluster === undefined)
    throw new UsageError(
      'kubeconfig: give --config FILE (or set CLUSTER_DEPLOY_CONFIG), or --cluster NAME [--org ORG]',
    );
  if (configPath && values.cluster !== undefined)
    throw new UsageError('kubeconfig: give --config FILE or --cluster NAME, not both');
  if (configPath && values.org !== undefined)
    throw new UsageError('kubeconfig: --org goes with --cluster; a config names its organisation');
  const output = text('output');
  if (output?.includes(path.delimiter))
    throw new UsageError(
      `kubeconfig: --output ${quoteInput(output, 100)} contains "${path.delimiter}", which separates paths in KUBECONFIG; choose a path without it`,
    );
  const passphraseFile = text('passphrase-file');
  const stateKeyFile = text('state-key-file');
  if (passphraseFile === '-' && stateKeyFile === '-')
    throw new UsageError('kubeconfig: only one of --passphrase-file and --state-key-file can be - (stdin)');
  if (!passphraseFile && !envValue(KUBECONFIG_PASSPHRASE_ENV))
    throw new UsageError(
      `kubeconfig: no passphrase: set ${KUBECONFIG_PASSPHRASE_ENV} or give --passphrase-file FILE (- for stdin), holding the deploy's kubeconfig-passphrase (KUBECONFIG_PASSPHRASE in docs/secrets.md)`,
    );
  if (!stateKeyFile && !envValue(STATE_KEY_ENV))
    throw new UsageError(
      `kubeconfig: no state key: set ${STATE_KEY_ENV} or give --state-key-file FILE (- for stdin), holding the deploy's state-key (STATE_KEY in docs/secrets.md): only state sealed with it is trusted`,
    );
  return {
    kind: 'kubeconfig',
    owner: parts[1]!,
    repo: parts[2]!,
    apiUrl: parseApiUrl(text('api-url') ?? envValue('GITHUB_API_URL') ?? 'https://api.github.com'),
    configPath,
    clusterName: values.cluster === undefined ? undefined : parseName(text('cluster')!, '--cluster'),
    organization: values.org === undefined ? undefined : parseName(text('org')!, '--org'),
    output,
    force: !!values.force,
    passphraseFile,
    stateKeyFile,
    trustedBranches: parseTrustedBranches(text('trusted-branches') ?? '', 'kubeconfig: --trusted-branches'),
  };
}

const SECRET_FILE_MAX = 4096;

/** A secret from a file or stdin (-), trimmed as the actions trim their inputs. */
async function readSecret(file: string, what: string, flag: string): Promise<string> {
  let bytes: Buffer;
  if (file === '-') {
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of process.stdin) {
      total += (chunk as Buffer).length;
      if (total > SECRET_FILE_MAX) throw new UserError(`${flag} -: stdin holds more than ${SECRET_FILE_MAX} bytes`);
      chunks.push(chunk as Buffer);
    }
    bytes = Buffer.concat(chunks);
  } else {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, constants.O_RDONLY);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new UserError(
        `${flag} ${displayPath(file)}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : errorMessage(error)}`,
      );
    }
    try {
      const stat = await handle.stat();
      // A FIFO is fine: `--passphrase-file <(pass show …)` is one.
      if (stat.isDirectory()) throw new UserError(`${flag} ${displayPath(file)} is a directory; give a file`);
      if (stat.isFile() && stat.size > SECRET_FILE_MAX)
        throw new UserError(`${flag} ${displayPath(file)} is ${stat.size} bytes: not a ${what}`);
      const buffer = Buffer.alloc(SECRET_FILE_MAX + 1);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead > SECRET_FILE_MAX)
        throw new UserError(`${flag} ${displayPath(file)} holds more than ${SECRET_FILE_MAX} bytes: not a ${what}`);
      bytes = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }
  const value = bytes.toString('utf8').trim();
  if (!value)
    throw new UsageError(`${flag} ${file === '-' ? '- (stdin)' : displayPath(file)} is empty: give the ${what}`);
  return value;
}

/** GitHub CLI's host for an API URL: github.com for api.github.com, else the server's host (GHES: https://HOST/api/v3). */
const ghHost = (apiUrl: string) => {
  const host = new URL(apiUrl).host;
  return host === 'api.github.com' ? 'github.com' : host;
};

/** GH_TOKEN, GITHUB_TOKEN, else what `gh auth token` prints (cli/cli: pkg/cmd/auth/token/token.go); never shown. */
async function githubToken(apiUrl: string, env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<string> {
  const fromEnv = env.GH_TOKEN?.trim() || env.GITHUB_TOKEN?.trim();
  if (fromEnv) return fromEnv;
  const printed = await new Promise<string | undefined>((resolve) =>
    execFile(
      'gh',
      ['auth', 'token', '--hostname', ghHost(apiUrl)],
      { env, timeout: 15_000, maxBuffer: 64 * 1024, signal },
      (error, stdout) => resolve(error ? undefined : stdout.trim()),
    ),
  );
  if (signal.aborted) throw new InterruptedError();
  if (printed) return printed;
  throw new UsageError(
    `kubeconfig: no GitHub token: set GH_TOKEN or GITHUB_TOKEN to a token that may read the repository's Actions artifacts (fine-grained: "Actions: read"; classic: repo), or log in with gh auth login (gh auth token found none for ${ghHost(apiUrl)})`,
  );
}

/** The first line of a kubeconfig this command wrote: whose it is, so that a later fetch may replace it. */
const marker = (cluster: string) => `# cluster-deploy kubeconfig: ${cluster}\n`;
const MARKER = /^# cluster-deploy kubeconfig: (\S+)\n/;

/**
 * Whether the file at `target` may be replaced: nothing there, or a file this command wrote for the same
 * cluster; anything else only with --force (a symbolic link is then replaced, its target left alone). A
 * directory or a device never.
 */
async function checkOutput(target: string, cluster: string, force: boolean): Promise<void> {
  const shown = displayPath(target);
  let stat: Awaited<ReturnType<typeof fs.lstat>>;
  try {
    stat = await fs.lstat(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code === 'ENOTDIR') throw new UserError(`--output ${shown}: a part of its directory is a file`);
    const reason = systemErrorReason(error);
    if (reason) throw new UserError(`--output ${quoteInput(target, 200)}: ${reason}`);
    throw error;
  }
  if (stat.isDirectory()) throw new UserError(`--output ${shown} is a directory; give a file path`);
  const again = 'choose another --output, or pass --force to replace it';
  if (stat.isSymbolicLink()) {
    if (force) return;
    throw new UserError(
      `--output ${shown} is a symbolic link; it is never followed: ${again} (the link, not what it points to)`,
    );
  }
  if (!stat.isFile()) throw new UserError(`--output ${shown} is not a regular file; give a file path`);
  if (force) return;
  const handle = await fs.open(target, constants.O_RDONLY | constants.O_NOFOLLOW);
  let head: string;
  try {
    const buffer = Buffer.alloc(200);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
  const owner = MARKER.exec(head)?.[1];
  if (owner === cluster) return;
  throw new UserError(
    owner
      ? `--output ${shown} holds the kubeconfig of ${owner}, not ${cluster}: ${again}`
      : `--output ${shown} exists and was not written by cluster-deploy kubeconfig: ${again}`,
  );
}

function clusterNames(command: KubeconfigCommand): { organization: string; clusterName: string } {
  if (!command.configPath)
    return { organization: command.organization ?? 'standalone', clusterName: command.clusterName! };
  const settings = resolveSettings({ configPath: command.configPath, skipAuthCheck: true });
  return { organization: settings.organization, clusterName: settings.clusterName };
}

export async function runKubeconfig(
  command: KubeconfigCommand,
  out: (text: string) => void,
  err: (text: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const redactor = new Redactor();
  try {
    // What is local first, before any request: the names, the target, the secrets (stdin is read uninterrupted).
    const { organization, clusterName } = clusterNames(command);
    const target = path.resolve(command.output ?? `${clusterName}.kubeconfig`);
    await checkOutput(target, `${organization}/${clusterName}`, command.force);
    const passphrase = command.passphraseFile
      ? await readSecret(command.passphraseFile, 'kubeconfig passphrase', '--passphrase-file')
      : env[KUBECONFIG_PASSPHRASE_ENV]!.trim();
    const stateKey = command.stateKeyFile
      ? await readSecret(command.stateKeyFile, 'state key', '--state-key-file')
      : env[STATE_KEY_ENV]!.trim();
    redactor.add(passphrase);
    redactor.add(stateKey);
    const local = { organization, clusterName, target, passphrase, stateKey };
    return await interruptible(
      (message) => err(`${message}\n`),
      { interrupting: 'the download (nothing is written)', waitingFor: 'the download to stop' },
      (signal) => fetchKubeconfig(command, local, { redactor, out, err, env, signal }),
    );
  } catch (error) {
    // Nothing of ours quotes a secret; whatever a library put in a message is redacted all the same.
    if (error instanceof Error) error.message = redactor.redact(error.message);
    throw error;
  } finally {
    await removeDownloads();
  }
}

async function fetchKubeconfig(
  command: KubeconfigCommand,
  local: { organization: string; clusterName: string; target: string; passphrase: string; stateKey: string },
  io: {
    redactor: Redactor;
    out: (text: string) => void;
    err: (text: string) => void;
    env: NodeJS.ProcessEnv;
    signal: AbortSignal;
  },
): Promise<number> {
  const { redactor, out, err, env, signal } = io;
  const { organization, clusterName, target, passphrase, stateKey } = local;
  const cluster = `${organization}/${clusterName}`;
  const token = await githubToken(command.apiUrl, env, signal);
  redactor.add(token);
  const repository = `${command.owner}/${command.repo}`;
  const name = stateArtifactName(organization, clusterName);
  const ignored: IgnoredArtifact[] = [];
  const picked = await pickState(
    restStateSource({ apiUrl: command.apiUrl, owner: command.owner, repo: command.repo, token, signal }),
    {
      name,
      legacyName: legacyStateArtifactName(organization, clusterName),
      cluster,
      trust: { key: stateKey, branches: command.trustedBranches },
      advice: `check that the state key (${command.stateKeyFile ? '--state-key-file' : STATE_KEY_ENV}) is the deploy's state-key; if it is, run the deploy again to write a sound one`,
    },
    ignored,
  );
  const passedOver = ignored.slice(0, 10).map((i) => `  ${describeIgnored(i)}`);
  if (ignored.length > passedOver.length) passedOver.push(`  and ${ignored.length - passedOver.length} more`);
  if (!picked) {
    if (!ignored.length)
      throw new UserError(
        `no state artifact "${name}" in ${repository}: deploy ${cluster} there with state-store: artifact first (artifacts expire with the repository's retention, 90 days by default)`,
      );
    throw new UserError(
      `no trusted state of ${cluster} in ${repository}, only artifacts no trusted run wrote:\n${passedOver.join('\n')}\nDeploy from a trusted branch (the default branch, or pass --trusted-branches as the workflow's state-trusted-branches), with the same state-key`,
    );
  }
  if (ignored.length) err(`note: newer artifacts were passed over:\n${passedOver.join('\n')}\n`);
  if (picked.seal === 'unsealed')
    err(`note: ${picked.source} has no seal (written before state-key); read because a trusted run wrote it\n`);
  const state = parseState(picked.text, picked.source, cluster);
  if (state.destroyedAt)
    throw new UserError(
      `${cluster} was destroyed at ${state.destroyedAt} (${picked.source}): it has no kubeconfig; deploy it again first`,
    );
  const encrypted = await fs.readFile(path.join(picked.dir, KUBECONFIG_ARTIFACT_FILE), 'utf8').catch(() => undefined);
  if (encrypted === undefined)
    throw new UserError(
      `the newest trusted state of ${cluster}, ${picked.source}, holds no kubeconfig: the deploy job sets no kubeconfig-passphrase, or it has not written the kubeconfig yet (cluster-deploy status shows the steps of a local run; the workflow run's summary, those of this one)`,
    );
  const { decryptWithPassphrase } = await secretBox();
  const text = await decryptWithPassphrase(encrypted, passphrase, `the kubeconfig in ${picked.source}`);
  for (const secret of kubeconfigSecrets(text, `the kubeconfig in ${picked.source}`)) redactor.add(secret);
  const endpoint = kubeconfigEndpoint(text, `the kubeconfig in ${picked.source}`);
  if (signal.aborted) throw new InterruptedError();
  await writePrivateFile(target, `${marker(cluster)}${text}`, 'kubeconfig');
  const shown = displayCommand([target]);
  const saved = picked.createdAt ? `, saved ${picked.createdAt}` : '';
  out(
    `Wrote the kubeconfig of ${cluster}${endpoint ? ` (API ${endpoint})` : ''} to ${displayPath(target)} (mode 0600)\n` +
      `  from ${picked.source}${saved}\n` +
      `Use it:\n  export KUBECONFIG=${shown}\n` +
      `Or merge it into ~/.kube/config:\n` +
      `  (umask 077; KUBECONFIG=~/.kube/config:${shown} kubectl config view --flatten > ~/.kube/config.new) && mv ~/.kube/config.new ~/.kube/config\n`,
  );
  return 0;
}
