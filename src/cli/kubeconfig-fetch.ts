import { execFile } from 'node:child_process';
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { displayCommand } from '../core/lib/command.js';
import { quoteInput } from '../core/lib/echo.js';
import { interruptible } from '../core/engine/signals.js';
import { InterruptedError, UsageError, UserError, errorMessage } from '../core/lib/errors.js';
import { displayPath, systemErrorReason, writePrivateFile } from '../core/lib/files.js';
import { Redactor } from '../core/lib/redact.js';
import { PASSPHRASE_MIN_LENGTH } from '../core/lib/passphrase.js';
import { decryptWithPassphrase } from '../core/lib/secret-box.js';
import { kubeconfigEndpoint, kubeconfigSecrets } from '../core/kube/kubeconfig.js';
import { parseState } from '../core/model/state.js';
import { resolveSettings } from '../core/model/settings.js';
import { removeDownloads } from '../github/runner/downloads.js';
import { restStateSource } from '../github/state/artifact-rest.js';
import { describeIgnored, pickState, type IgnoredArtifact } from '../github/state/state-picker.js';
import { STATE_KEY_MIN_LENGTH } from '../github/state/state-seal.js';
import {
  KUBECONFIG_ARTIFACT_FILE,
  legacyStateArtifactName,
  stateArtifactName,
} from '../github/state/artifact-names.js';
import { KUBECONFIG_PASSPHRASE_ENV, STATE_KEY_ENV, type KubeconfigCommand } from './kubeconfig.js';

/**
 * `cluster-deploy kubeconfig` at work (its flags and help: kubeconfig.ts): the secrets, the newest trusted state
 * artifact through GitHub's REST API (the actions' picker, state-picker.ts), the kubeconfig decrypted and written.
 * Loaded only when the command runs: the download, the zip and the trust rules stay out of every other start.
 */

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
      // A pipe may hand the bytes over in pieces: read to its end, one byte past the limit at most.
      const buffer = Buffer.alloc(SECRET_FILE_MAX + 1);
      let filled = 0;
      for (;;) {
        const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null);
        if (bytesRead === 0) break;
        filled += bytesRead;
        if (filled > SECRET_FILE_MAX)
          throw new UserError(`${flag} ${displayPath(file)} holds more than ${SECRET_FILE_MAX} bytes: not a ${what}`);
      }
      bytes = buffer.subarray(0, filled);
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

/**
 * GH_TOKEN, GITHUB_TOKEN (on GitHub Enterprise Server GH_ENTERPRISE_TOKEN, GITHUB_ENTERPRISE_TOKEN first), else what
 * `gh auth token --hostname HOST` prints (cli/cli: pkg/cmd/auth/token/token.go); never shown.
 */
async function githubToken(apiUrl: string, env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<string> {
  // gh's own order: on GitHub Enterprise Server its enterprise variables first (gh help environment).
  const enterprise = ghHost(apiUrl) !== 'github.com';
  const fromEnv = [
    ...(enterprise ? [env.GH_ENTERPRISE_TOKEN, env.GITHUB_ENTERPRISE_TOKEN] : []),
    env.GH_TOKEN,
    env.GITHUB_TOKEN,
  ]
    .map((value) => value?.trim())
    .find(Boolean);
  if (fromEnv) return fromEnv;
  const gh = await new Promise<{ token?: string; missing: boolean }>((resolve) =>
    execFile(
      'gh',
      ['auth', 'token', '--hostname', ghHost(apiUrl)],
      { env, timeout: 15_000, maxBuffer: 64 * 1024, signal },
      (error, stdout) =>
        resolve({
          token: error ? undefined : stdout.trim(),
          missing: (error as { code?: unknown })?.code === 'ENOENT',
        }),
    ),
  );
  if (signal.aborted) throw new InterruptedError();
  if (gh.token) return gh.token;
  throw new UsageError(
    `kubeconfig: no GitHub token: set GH_TOKEN or GITHUB_TOKEN to a token that may read the repository's Actions artifacts (fine-grained: "Actions: read" and "Contents: read"; classic: repo), or log in with gh auth login (${gh.missing ? 'gh is not on PATH' : `gh auth token found none for ${ghHost(apiUrl)}`})`,
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
    // Shorter than the deploy accepts: not its secret (and a one-letter "secret" would garble every message).
    if ([...passphrase].length < PASSPHRASE_MIN_LENGTH)
      throw new UsageError(
        `kubeconfig: the passphrase (${command.passphraseFile ? `--passphrase-file ${displayPath(command.passphraseFile)}` : KUBECONFIG_PASSPHRASE_ENV}) has ${[...passphrase].length} characters; the deploy's kubeconfig-passphrase has at least ${PASSPHRASE_MIN_LENGTH}: give that one`,
      );
    if ([...stateKey].length < STATE_KEY_MIN_LENGTH)
      throw new UsageError(
        `kubeconfig: the state key (${command.stateKeyFile ? `--state-key-file ${displayPath(command.stateKeyFile)}` : STATE_KEY_ENV}) has ${[...stateKey].length} characters; the deploy's state-key has at least ${STATE_KEY_MIN_LENGTH}: give that one`,
      );
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
