import YAML, { type Document, isAlias, isMap, isScalar, isSeq, type Scalar } from 'yaml';
import { z } from 'zod';
import { canonicalIPv6, parseApiHost, urlHost } from '../lib/address.js';
import { dirname, resolve as resolvePath } from 'node:path';
import { isSecretName } from '../lib/env-secrets.js';
import { formatIssues, UserError } from '../lib/errors.js';
import { readTextFile } from '../lib/files.js';
import { SUBSTANTIAL_SECRET_LENGTH } from '../lib/secret-forms.js';
import { KUBECONFIG_FILE, parseYamlMapping } from '../lib/yaml.js';

/**
 * The fields of a kubeconfig this tool reads, typed as kubectl types them (a number where it
 * expects a string is an error there too). Unknown fields are allowed; null is kubectl's empty.
 */
const optionalString = z.string().nullish();
/** The user fields that hold secrets, to mask. */
const SecretUserFields = z.object({
  'client-key-data': optionalString,
  'client-certificate-data': optionalString,
  token: optionalString,
  password: optionalString,
});
const SECRET_USER_FIELDS = SecretUserFields.keyof().options;
const ClusterFields = z.object({
  server: optionalString,
  'certificate-authority-data': optionalString,
  'certificate-authority': optionalString,
  'insecure-skip-tls-verify': z.boolean().nullish(),
  'tls-server-name': optionalString,
});
/** client-go's AuthInfo (tools/clientcmd/api/v1/types.go): a plugin's config and an exec plugin's environment. */
const UserFields = SecretUserFields.extend({
  'client-certificate': optionalString,
  'client-key': optionalString,
  tokenFile: optionalString,
  'auth-provider': z.object({ config: z.object({}).catchall(optionalString).nullish() }).nullish(),
  exec: z.object({ env: z.array(z.object({ name: optionalString, value: optionalString })).nullish() }).nullish(),
});
const KubeconfigSchema = z.object({
  'current-context': optionalString,
  clusters: z.array(z.object({ name: optionalString, cluster: ClusterFields.nullish() })).nullish(),
  contexts: z
    .array(
      z.object({
        name: optionalString,
        context: z.object({ cluster: optionalString, user: optionalString }).nullish(),
      }),
    )
    .nullish(),
  users: z.array(z.object({ name: optionalString, user: UserFields.nullish() })).nullish(),
});

export type KubeconfigFields = z.infer<typeof KubeconfigSchema>;

export interface Kubeconfig {
  /** The syntax tree, for edits that keep every other byte. */
  document: Document.Parsed;
  fields: KubeconfigFields;
}

/** Parses and checks a kubeconfig; `source` (a path, or e.g. "from input x") names it in messages. */
function parseKubeconfig(text: string, source: string): Kubeconfig {
  const label = `kubeconfig ${source}`;
  const { document, value } = parseYamlMapping(text, label, KUBECONFIG_FILE);
  const result = KubeconfigSchema.safeParse(value);
  if (!result.success) throw new UserError(formatIssues(label, result.error.issues));
  return { document, fields: result.data };
}

interface ServerParts {
  /** `https://`, or '' for host:port, which client-go takes as https://host:port. */
  scheme: string;
  userinfo: string;
  /** A name, an IPv4 address, or an IPv6 address in brackets. */
  host: string;
  /** Port, path, query, kept verbatim. */
  rest: string;
}

/** scheme://, optional userinfo, host (bracketed IPv6 or name), then the rest (port, path). */
const URL_SERVER = /^([a-z][a-z0-9+.-]*:\/\/)([^@/?#]*@)?(\[[^\]]*\]|[^:/?#[\]@]+)((?::\d*)?(?:[/?#].*)?)$/i;
/** host[:port][/path] without a scheme: client-go adds https://. */
const BARE_SERVER = /^()()(\[[^\]]*\]|[^:/?#[\]@]+)((?::\d+)?(?:[/?#].*)?)$/;

/** A server value split into its parts; undefined if it is neither a URL nor host:port. */
function splitServer(server: string): ServerParts | undefined {
  if (/\s/.test(server)) return undefined;
  const match = URL_SERVER.exec(server) ?? BARE_SERVER.exec(server);
  if (!match) return undefined;
  const [, scheme = '', userinfo = '', host = '', rest = ''] = match;
  return { scheme, userinfo, host, rest };
}

function isLoopback(host: string): boolean {
  const lower = host.toLowerCase();
  if (lower.startsWith('[')) return canonicalIPv6(lower.slice(1, -1)) === '::1';
  return lower === '127.0.0.1' || lower === 'localhost';
}

/** The VIP checked (a newline in it would become kubeconfig YAML) and written as a URL host. */
function vipHost(vip: string): string {
  return urlHost(parseApiHost(vip, 'VIP'));
}

function rewriteParts(parts: ServerParts, host: string): string {
  return `${parts.scheme}${parts.userinfo}${host}${parts.rest}`;
}

/**
 * Rewrites one server if its host is loopback (127.0.0.1, localhost, [::1]; with or without a
 * scheme); anything else is returned unchanged. Throws a UserError for a VIP that is not a host.
 */
export function rewriteLoopbackServer(server: string, vip: string): string {
  const host = vipHost(vip);
  const parts = splitServer(server.trim());
  return parts && isLoopback(parts.host) ? rewriteParts(parts, host) : server;
}

export interface NormalizeResult {
  text: string;
  /** Servers rewritten, as `from → to`. */
  changes: { cluster: string; from: string; to: string }[];
}

/**
 * Rewrites only `clusters[].cluster.server` values whose host is loopback; every other field,
 * comment and server stays byte-for-byte as it was. Running it twice changes nothing. A kubeconfig
 * without clusters, or with a server that is not a URL or host:port, is an error.
 */
export function normalizeKubeconfig(text: string, vip: string, source: string): NormalizeResult {
  const host = vipHost(vip);
  const { document, fields } = parseKubeconfig(text, source);
  const clusters = fields.clusters ?? [];
  if (clusters.length === 0)
    throw new UserError(`kubeconfig ${source} has no clusters: the deploy tooling's kubeconfig is incomplete`);
  // Aliases lead to the node they name; its source range is where the edit goes.
  const resolve = (node: unknown) => (isAlias(node) ? node.resolve(document) : node);
  const clusterNodes = resolve(document.get('clusters', true));
  const changes: NormalizeResult['changes'] = [];
  // Edits are spliced into the original text by source range, so formatting and comments survive;
  // keyed by range, so a server shared through an alias is edited once.
  const edits = new Map<number, { end: number; replacement: string }>();
  for (const [index, cluster] of clusters.entries()) {
    const name = cluster.name ?? '';
    const label = `cluster ${name ? `${JSON.stringify(name)} ` : ''}(clusters.${index})`;
    const server = cluster.cluster?.server;
    if (server === undefined || server === null) throw new UserError(`kubeconfig ${source}: ${label} has no server`);
    const parts = splitServer(server.trim());
    if (!parts)
      throw new UserError(
        `kubeconfig ${source}: ${label} has server ${JSON.stringify(server)}, which is not a URL or host:port`,
      );
    if (!isLoopback(parts.host)) continue;
    const rewritten = rewriteParts(parts, host);
    const item = isSeq(clusterNodes) ? resolve(clusterNodes.items[index]) : undefined;
    const clusterNode = isMap(item) ? resolve(item.get('cluster', true)) : undefined;
    const serverNode = isMap(clusterNode) ? resolve(clusterNode.get('server', true)) : undefined;
    const edit = isScalar(serverNode) ? scalarEdit(text, serverNode, rewritten) : undefined;
    if (!edit)
      throw new UserError(
        `kubeconfig ${source}: cannot rewrite the server of ${label} as written; put it on one line, plain or quoted`,
      );
    edits.set(edit.start, edit);
    changes.push({ cluster: name || '?', from: server, to: rewritten });
  }
  let out = text;
  for (const [start, { end, replacement }] of [...edits].sort(([a], [b]) => b - a)) {
    out = out.slice(0, start) + replacement + out.slice(end);
  }
  return { text: out, changes };
}

/**
 * The source edit that makes a scalar read as `rewritten`. The host is swapped inside the written
 * value, so quotes and escapes elsewhere stay; a plain scalar whose new value YAML would read
 * otherwise (`[fd00::5]:6443` starts a flow sequence; `null` is null) is written double-quoted.
 */
function scalarEdit(
  text: string,
  node: Scalar,
  rewritten: string,
): { start: number; end: number; replacement: string } | undefined {
  if (typeof node.value !== 'string' || !node.range) return undefined;
  const [start, end] = node.range;
  const raw = text.slice(start, end);
  if (!raw.includes(node.value)) return undefined; // escaped or folded over lines
  if (node.type === 'PLAIN' && !readsAsPlainString(rewritten))
    return { start, end, replacement: JSON.stringify(rewritten) };
  return { start, end, replacement: raw.replace(node.value, () => rewritten) };
}

function readsAsPlainString(value: string): boolean {
  return !/[[\]{},]/.test(value) && YAML.parse(value) === value;
}

/** The cluster and user of the current context (else the first cluster), as kubectl picks them. */
function currentEntries(fields: KubeconfigFields) {
  const context = fields.contexts?.find((c) => c.name === fields['current-context'])?.context;
  const cluster = fields.clusters?.find((c) => c.name === context?.cluster) ?? fields.clusters?.[0];
  const user =
    fields.users?.find((u) => u.name === context?.user) ?? (fields.users?.length === 1 ? fields.users[0] : undefined);
  return { cluster: cluster?.cluster ?? undefined, user: user?.user ?? undefined };
}

/** The API server of the current context (or the only cluster), i.e. the endpoint users will reach. */
export function kubeconfigEndpoint(text: string, source: string): string | undefined {
  return currentEntries(parseKubeconfig(text, source).fields).cluster?.server ?? undefined;
}

/** What a TLS client needs to reach the current context's API server as kubectl would: PEM texts, not paths. */
export interface KubeconfigTls {
  server: string;
  ca?: string;
  cert?: string;
  key?: string;
  insecure: boolean;
  serverName?: string;
}

/**
 * The current context's server and TLS material: `*-data` fields decoded, file fields read relative
 * to the kubeconfig's directory (as kubectl reads them). Undefined when it names no server.
 */
export function kubeconfigTls(text: string, file: string): KubeconfigTls | undefined {
  const { cluster, user } = currentEntries(parseKubeconfig(text, file).fields);
  const server = cluster?.server;
  if (!server) return undefined;
  const pem = (data: string | null | undefined, path: string | null | undefined, what: string): string | undefined => {
    if (data) return Buffer.from(data, 'base64').toString('utf8');
    if (!path) return undefined;
    return readTextFile(resolvePath(dirname(file), path), {
      noun: `${what} file`,
      plural: `${what} files`,
      maxBytes: 1024 * 1024,
    });
  };
  return {
    server,
    ca: pem(cluster['certificate-authority-data'], cluster['certificate-authority'], 'certificate authority'),
    cert: pem(user?.['client-certificate-data'], user?.['client-certificate'], 'client certificate'),
    key: pem(user?.['client-key-data'], user?.['client-key'], 'client key'),
    insecure: cluster['insecure-skip-tls-verify'] === true,
    serverName: cluster['tls-server-name'] ?? undefined,
  };
}

/** auth-provider config keys holding a credential whatever its length (the oidc, azure and gcp providers). */
const AUTH_PROVIDER_SECRETS = new Set(['id-token', 'refresh-token', 'access-token', 'client-secret']);

/** A key file or a token file is this small; a larger file is no credential, and the redactor would hold back its length. */
const CREDENTIAL_FILE_BYTES = 64 * 1024;

/**
 * The secret leaves of a kubeconfig, plus the decoded forms of base64 data, so that they can be
 * masked without masking the whole document (which would spoil every later log line): the user
 * fields above, every auth-provider config value and exec plugin environment value (a short one
 * only under a credential's name: `gcloud` or `default` would be masked everywhere), and, when the
 * kubeconfig was read from `file`, the contents of the `client-key` and `tokenFile` files it names
 * (relative to its directory, as client-go resolves them) that can be read.
 */
export function kubeconfigSecrets(text: string, source: string, file?: string): string[] {
  const { fields } = parseKubeconfig(text, source);
  const secrets: string[] = [];
  const add = (value: string | null | undefined, credential = true) => {
    const length = value?.trim().length ?? 0;
    if (value && length > 0 && (credential || length >= SUBSTANTIAL_SECRET_LENGTH)) secrets.push(value);
  };
  for (const { user } of fields.users ?? []) {
    if (!user) continue;
    for (const field of SECRET_USER_FIELDS) {
      const value = user[field];
      add(value);
      if (value?.trim() && field.endsWith('-data')) secrets.push(Buffer.from(value, 'base64').toString('utf8'));
    }
    for (const [key, value] of Object.entries(user['auth-provider']?.config ?? {}))
      add(value, AUTH_PROVIDER_SECRETS.has(key));
    for (const env of user.exec?.env ?? []) add(env.value, isSecretName(env.name ?? ''));
    if (file) for (const named of [user['client-key'], user.tokenFile]) add(credentialFile(file, named));
  }
  return secrets;
}

/** The contents of a file a kubeconfig names, or undefined if it cannot be read: kubectl reports that when it needs it. */
function credentialFile(kubeconfig: string, named: string | null | undefined): string | undefined {
  if (!named) return undefined;
  try {
    return readTextFile(resolvePath(dirname(kubeconfig), named), {
      noun: 'credential file',
      plural: 'credential files',
      maxBytes: CREDENTIAL_FILE_BYTES,
    });
  } catch {
    return undefined;
  }
}
