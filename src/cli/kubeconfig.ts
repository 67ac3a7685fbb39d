import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { quoteInput } from '../core/lib/echo.js';
import { UsageError, errorMessage } from '../core/lib/errors.js';
import { parseName } from '../core/lib/option-values.js';
import { parseTrustedBranches, type TrustedBranches } from '../github/state/state-trust.js';

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
"gh auth token". The token must read the repository's Actions artifacts (fine-grained: "Actions: read" and "Contents: read").`;

/** kubeconfig's flags, as the command table declares them (args.ts; each flag's type in flags.ts). */
export const KUBECONFIG_FLAGS = [
  'repo',
  'config',
  'cluster',
  'org',
  'output',
  'force',
  'trusted-branches',
  'passphrase-file',
  'state-key-file',
  'api-url',
] as const;

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

export function parseKubeconfigArgs(
  argv: string[],
  env: NodeJS.ProcessEnv,
  options: NonNullable<ParseArgsConfig['options']>,
): KubeconfigCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, strict: true, allowPositionals: false, options }) as {
      values: Record<string, string | boolean | undefined>;
    });
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
  // "." and ".." are no repository: in the API's URL they would name another endpoint.
  if (!parts || parts[2] === '.' || parts[2] === '..')
    throw new UsageError(`kubeconfig: --repo ${quoteInput(repo, 100)} is not OWNER/REPO (e.g. acme/infra)`);
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
