import YAML, { isMap, isScalar, isSeq, type Document } from 'yaml';
import { UserError, errorMessage } from './errors.js';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** scheme://, optional userinfo, host (bracketed IPv6 or name), then the rest (port, path) kept verbatim. */
const SERVER_URL = /^([a-z][a-z0-9+.-]*:\/\/)([^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)(.*)$/i;

export function parseKubeconfig(text: string, source: string): Document {
  const doc = YAML.parseDocument(text);
  if (doc.errors.length > 0) {
    throw new UserError(`kubeconfig ${source} is not valid YAML: ${doc.errors[0]!.message}`);
  }
  if (!isMap(doc.contents)) throw new UserError(`kubeconfig ${source} is not a kubeconfig (expected a mapping with clusters, users, contexts)`);
  return doc;
}

/** A VIP as it must appear in a URL host (IPv6 in brackets). */
export function urlHost(ip: string): string {
  return ip.includes(':') && !ip.startsWith('[') ? `[${ip}]` : ip;
}

/** Rewrites one server URL if its host is loopback; anything else is returned unchanged. */
export function rewriteLoopbackServer(server: string, vip: string): string {
  const match = SERVER_URL.exec(server.trim());
  if (!match) return server;
  const [, scheme, userinfo = '', host, rest] = match;
  if (!LOOPBACK_HOSTS.has(host!.toLowerCase())) return server;
  return `${scheme}${userinfo}${urlHost(vip)}${rest}`;
}

export interface NormalizeResult {
  text: string;
  /** Servers rewritten, as `from → to`. */
  changes: { cluster: string; from: string; to: string }[];
}

/**
 * Rewrites only `clusters[].cluster.server` values whose host is loopback; every other field,
 * comment and server stays byte-for-byte as it was. Running it twice changes nothing.
 */
export function normalizeKubeconfig(text: string, vip: string, source: string): NormalizeResult {
  const doc = parseKubeconfig(text, source);
  const clusters = doc.get('clusters', true);
  const changes: NormalizeResult['changes'] = [];
  // Edits are spliced into the original text by source range, so formatting and comments survive.
  const edits: { start: number; end: number; replacement: string }[] = [];
  if (isSeq(clusters)) {
    for (const item of clusters.items) {
      if (!isMap(item)) continue;
      const cluster = item.get('cluster', true);
      if (!isMap(cluster)) continue;
      const server = cluster.get('server', true);
      if (!isScalar(server) || typeof server.value !== 'string' || !server.range) continue;
      const rewritten = rewriteLoopbackServer(server.value, vip);
      if (rewritten === server.value) continue;
      const [start, end] = server.range;
      const raw = text.slice(start, end);
      if (!raw.includes(server.value)) {
        throw new UserError(`kubeconfig ${source}: cannot rewrite the escaped server value of cluster ${String(item.get('name') ?? '?')}`);
      }
      edits.push({ start, end, replacement: raw.replace(server.value, rewritten) });
      changes.push({ cluster: String(item.get('name') ?? '?'), from: server.value, to: rewritten });
    }
  }
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.replacement + out.slice(edit.end);
  }
  return { text: out, changes };
}

interface KubeconfigShape {
  'current-context'?: string;
  clusters?: { name?: string; cluster?: { server?: string } }[];
  contexts?: { name?: string; context?: { cluster?: string } }[];
  users?: { name?: string; user?: Record<string, unknown> }[];
}

function readShape(text: string, source: string): KubeconfigShape {
  try {
    return (parseKubeconfig(text, source).toJS() ?? {}) as KubeconfigShape;
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(`kubeconfig ${source} cannot be read: ${errorMessage(error)}`);
  }
}

/** The API server of the current context (or the only cluster), i.e. the endpoint users will reach. */
export function kubeconfigEndpoint(text: string, source: string): string | undefined {
  const config = readShape(text, source);
  const current = config.contexts?.find((c) => c.name === config['current-context'])?.context?.cluster;
  const cluster = config.clusters?.find((c) => c.name === current) ?? config.clusters?.[0];
  return cluster?.cluster?.server;
}

const SECRET_USER_FIELDS = ['client-key-data', 'client-certificate-data', 'token', 'password'];

/**
 * The secret leaves of a kubeconfig, plus the decoded forms of base64 data, so that they can be
 * masked without masking the whole document (which would spoil every later log line).
 */
export function kubeconfigSecrets(text: string, source: string): string[] {
  const config = readShape(text, source);
  const secrets: string[] = [];
  for (const user of config.users ?? []) {
    for (const field of SECRET_USER_FIELDS) {
      const value = user.user?.[field];
      if (typeof value !== 'string' || value.trim() === '') continue;
      secrets.push(value);
      if (field.endsWith('-data')) secrets.push(Buffer.from(value, 'base64').toString('utf8'));
    }
  }
  return secrets;
}
