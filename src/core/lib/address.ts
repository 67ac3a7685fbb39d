import { escapeInvisible } from './echo.js';
import { UserError } from './errors.js';

/** RFC 1123: letters, digits and inner hyphens, 1 to 63 characters. */
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const MAX_DNS_NAME = 253;

/** node:net, loaded when an address is first checked rather than with every start (~4 ms). */
const net = () => process.getBuiltinModule('node:net');

/**
 * The host of an API server as given by a user (a VIP, say): an IPv4 address, an IPv6 address
 * (bare or in brackets; returned bare and canonical) or a fully qualified DNS name (a single label,
 * "not-an-ip", is far more often a typo than an API name, and would be polled for the whole
 * readiness timeout). Surrounding whitespace is trimmed; anything else, a newline above all (it
 * would reach YAML and log lines), is refused naming `where` the value came from, e.g. "--vip";
 * `fail` picks the error type (a flag's is a UsageError).
 */
export function parseApiHost(value: string, where: string, fail: new (message: string) => Error = UserError): string {
  const host = value.trim();
  const bracketed = host.startsWith('[') && host.endsWith(']');
  const ipv6 = bracketed ? host.slice(1, -1) : host;
  const canonical = canonicalIPv6(ipv6);
  if (canonical) return canonical;
  if (!bracketed && (net().isIPv4(host) || isDnsName(host))) return host;
  const shown = escapeInvisible(JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value));
  throw new fail(`${where}: ${shown} is not an IP address or DNS name (e.g. 10.0.0.5, fd00::5, api.example.com)`);
}

/** The canonical form of an IPv6 address (`fd00:0::1` → `fd00::1`); undefined if it is not one, or has a zone. */
export function canonicalIPv6(value: string): string | undefined {
  if (!net().isIPv6(value) || value.includes('%')) return undefined;
  return new URL(`http://[${value}]/`).hostname.slice(1, -1);
}

function isDnsName(name: string): boolean {
  if (name.length > MAX_DNS_NAME) return false;
  const labels = name.split('.');
  if (labels.length < 2) return false;
  // An all-numeric last label reads as a (bad) IPv4 address, not a name: 10.0.0.256.
  return labels.every((label) => DNS_LABEL.test(label)) && !/^\d+$/.test(labels.at(-1)!);
}

/** A host as it must appear in a URL or host:port: IPv6 in brackets. */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
