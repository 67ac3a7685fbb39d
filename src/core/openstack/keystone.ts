/**
 * The live credential check of `openstack-preflight`: one Keystone v3 token request, then the
 * service catalog it returns. A wrong secret or region fails here, in seconds, instead of inside tofu.
 */

import { authMethod, credentialSecrets, type AuthMethod, type OpenStackCredentials } from './credentials.js';
import { formatDuration } from '../lib/duration.js';
import { UserError, errorMessage } from '../lib/errors.js';
import { TokenRolesSchema, tokenRoleNames } from './roles.js';
import { z } from 'zod';
import { type HttpAnswer, httpRequest, parseJson, RequestTimeout, type TlsSettings, tlsSettings } from './http.js';

export const DEFAULT_AUTH_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUIRED_SERVICES: readonly string[] = ['identity', 'compute', 'network', 'image'];

export interface AuthCheckOptions {
  /** Deadline for the whole request: DNS, connect, TLS and the answer. */
  timeoutMs?: number;
  /** Service types that need an endpoint in the region and interface. */
  requiredServices?: string[];
}

export interface AuthCheckResult {
  method: AuthMethod;
  user: string;
  project?: string;
  /** The configured region; without one, the region(s) the endpoints were found in. */
  region: string;
  interface: string;
  expiresAt?: string;
  /** The token's roles, sorted; undefined when it names none (see openstack/roles.ts). */
  roles?: string[];
  /** Service type -> endpoint URL in the region and interface, for every service the catalog has there. */
  endpoints: Record<string, string>;
  /** The application credential the token was issued for, as Keystone names it (its name when only the id was given). */
  applicationCredential?: { id?: string; name?: string };
}

/**
 * The Keystone v3 base URL for an auth_url: `https://k:5000` and `https://k:5000/v3/` both give
 * `https://k:5000/v3`. Any other API version (v2.0) is refused: tokens come from v3 only.
 */
export function normalizeAuthUrl(authUrl: string): string {
  let url: URL;
  try {
    url = new URL(authUrl.trim());
  } catch {
    throw new UserError(`auth_url "${authUrl}" is not a URL; expected e.g. https://keystone.example.com:5000/v3`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UserError(
      `auth_url "${authUrl}" is not an http(s) URL; expected e.g. https://keystone.example.com:5000/v3`,
    );
  }
  const pathname = url.pathname.replace(/\/+$/, '');
  const version = /\/(v\d+(?:\.\d+)?)$/.exec(pathname)?.[1];
  if (version === undefined) return `${url.origin}${pathname}/v3`;
  if (version !== 'v3' && !version.startsWith('v3.')) {
    throw new UserError(
      `auth_url ${url.origin}${pathname} points at Keystone API ${version}; this tool needs Keystone v3 (usually the same address ending in /v3)`,
    );
  }
  return `${url.origin}${pathname.slice(0, -version.length)}v3`;
}

/** One line for the dry-run plan; never throws, so a plan can show even incomplete credentials. */
export function describeAuthCheck(creds: OpenStackCredentials, options: AuthCheckOptions = {}): string {
  let tokensUrl: string;
  try {
    tokensUrl = creds.authUrl ? `${normalizeAuthUrl(creds.authUrl)}/auth/tokens` : '<auth_url missing>/auth/tokens';
  } catch {
    tokensUrl = `${creds.authUrl}/auth/tokens`;
  }
  const method = authMethod(creds);
  const credential = method ? credentialLabel(creds, method) : 'no complete credentials yet';
  const services = (options.requiredServices ?? DEFAULT_REQUIRED_SERVICES).join(', ');
  const where = `${creds.region ?? 'any region'}/${endpointInterface(creds)}`;
  return `POST ${tokensUrl} (${credential}), then check catalog for ${services} in ${where}`;
}

/**
 * Gets a token and checks the catalog. Throws a UserError naming the problem and the fix for every
 * failure a user can cause: unreachable Keystone, rejected credentials, wrong region, missing service.
 * The token (the X-Subject-Token header) is never read, so it cannot be returned, printed or stored.
 */
export async function checkOpenStackAuth(
  creds: OpenStackCredentials,
  options: AuthCheckOptions = {},
): Promise<AuthCheckResult> {
  return (await authenticate(creds, options)).result;
}

/** A token for the project, kept inside: only `get` uses it, so it is never returned, printed or stored. */
export interface OpenStackSession {
  auth: AuthCheckResult;
  projectId: string;
  /** A GET with the token, the credentials' TLS settings and the timeout. */
  get(url: URL, maxBytes: number): Promise<HttpAnswer>;
  /** A DELETE with the same token and settings (a destroy's leftovers, only when asked to delete them). */
  delete(url: URL): Promise<HttpAnswer>;
}

/** The same token request and catalog check as checkOpenStackAuth, keeping the token for reads (the capacity check). */
export async function openStackSession(
  creds: OpenStackCredentials,
  options: AuthCheckOptions = {},
): Promise<OpenStackSession> {
  const { result, token, projectId } = await authenticate(creds, options);
  if (!token || !projectId) {
    throw new UserError(
      `Keystone at ${normalizeAuthUrl(creds.authUrl!)} issued a token without ${token ? 'a project' : 'an X-Subject-Token header'}; the quota APIs need a project-scoped token`,
    );
  }
  const tls = tlsOptions(creds);
  const timeoutMs = options.timeoutMs ?? DEFAULT_AUTH_TIMEOUT_MS;
  return {
    auth: result,
    projectId,
    get: (url, maxBytes) =>
      httpRequest({ method: 'GET', url, headers: { 'X-Auth-Token': token }, tls, timeoutMs, maxBytes }),
    delete: (url) =>
      httpRequest({ method: 'DELETE', url, headers: { 'X-Auth-Token': token }, tls, timeoutMs, maxBytes: 1 << 20 }),
  };
}

async function authenticate(
  creds: OpenStackCredentials,
  options: AuthCheckOptions,
): Promise<{ result: AuthCheckResult; token?: string; projectId?: string }> {
  if (!creds.authUrl) {
    throw new UserError(
      'no Keystone auth_url: set OS_AUTH_URL, auth_url in clouds.yaml, or opencenter.infrastructure.cloud.openstack.auth_url',
    );
  }
  const identityUrl = normalizeAuthUrl(creds.authUrl);
  const method = authMethod(creds);
  if (!method) {
    throw new UserError(
      'no complete OpenStack credentials: set an application credential (id, or name with its user, plus the secret) or a username and password',
    );
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_AUTH_TIMEOUT_MS;
  const tokensUrl = new URL(`${identityUrl}/auth/tokens`);
  const request = {
    auth: { identity: identityRequest(creds, method), ...(method === 'password' && { scope: projectScope(creds) }) },
  };

  let answer: HttpAnswer;
  try {
    answer = await postJson(tokensUrl, request, tlsOptions(creds), timeoutMs);
  } catch (error) {
    throw connectionError(error, tokensUrl, identityUrl, timeoutMs);
  }
  const token = readToken(answer, { creds, method, identityUrl, tokensUrl: tokensUrl.href });
  const roles = tokenRoleNames(token.roles);
  const { region, endpoints } = checkCatalog(token.catalog, {
    identityUrl,
    region: creds.region,
    regionSource: creds.sources.region,
    interface: endpointInterface(creds),
    requiredServices: options.requiredServices ?? DEFAULT_REQUIRED_SERVICES,
  });
  const result: AuthCheckResult = {
    method,
    user: token.user?.name ?? token.user?.id ?? creds.username ?? creds.userId ?? '',
    ...(token.project?.name !== undefined && { project: token.project.name }),
    region,
    interface: endpointInterface(creds),
    ...(token.expires_at !== undefined && { expiresAt: token.expires_at }),
    ...(roles && { roles }),
    endpoints,
    ...(token.application_credential && { applicationCredential: token.application_credential }),
  };
  return { result, token: answer.subjectToken, projectId: token.project?.id };
}

// ---- the token request ------------------------------------------------------------------------

/** Accepts the older `publicURL` spelling (OS_ENDPOINT_TYPE style) as well as `public`. */
function endpointInterface(creds: OpenStackCredentials): string {
  return (creds.interface || 'public').replace(/URL$/, '');
}

/** How the credential is named in messages: ids and names only, never the secret. */
function credentialLabel(creds: OpenStackCredentials, method: AuthMethod): string {
  if (method === 'application-credential') {
    if (creds.applicationCredentialId) return `application credential ${creds.applicationCredentialId}`;
    return `application credential "${creds.applicationCredentialName}" of ${userLabel(creds)}`;
  }
  return `password for ${userLabel(creds)}`;
}

function userLabel(creds: OpenStackCredentials): string {
  if (creds.username) return `user ${creds.username} in domain ${creds.userDomainName ?? '(none)'}`;
  return `user id ${creds.userId}`;
}

function source(creds: OpenStackCredentials, field: keyof OpenStackCredentials['sources']): string {
  const from = creds.sources[field];
  return from ? ` (from ${from})` : '';
}

/** The `identity` part of the request. Keystone looks users up by id, or by name within a domain. */
function identityRequest(creds: OpenStackCredentials, method: AuthMethod): Record<string, unknown> {
  if (method === 'application-credential') {
    const secret = creds.applicationCredentialSecret;
    if (creds.applicationCredentialId) {
      return {
        methods: ['application_credential'],
        application_credential: { id: creds.applicationCredentialId, secret },
      };
    }
    return {
      methods: ['application_credential'],
      application_credential: {
        name: creds.applicationCredentialName,
        secret,
        user: userReference(creds, 'an application credential name'),
      },
    };
  }
  return {
    methods: ['password'],
    password: { user: { ...userReference(creds, 'a username'), password: creds.password } },
  };
}

function userReference(creds: OpenStackCredentials, needer: string): Record<string, unknown> {
  if (creds.userId) return { id: creds.userId };
  if (!creds.username) {
    throw new UserError(`${needer} needs its user: set the username with its user domain, or the user id`);
  }
  if (!creds.userDomainName) {
    throw new UserError(
      `user ${creds.username} needs a user domain (OS_USER_DOMAIN_NAME, or user_domain_name in clouds.yaml or the config)`,
    );
  }
  return { name: creds.username, domain: { name: creds.userDomainName } };
}

/**
 * Password tokens are scoped to the project; an unscoped token has no catalog. Application
 * credentials carry their own project and Keystone refuses a scope next to them.
 */
function projectScope(creds: OpenStackCredentials): Record<string, unknown> {
  if (creds.projectId) return { project: { id: creds.projectId } };
  if (!creds.projectName) {
    throw new UserError(
      'password authentication needs a project: set OS_PROJECT_NAME (with its domain) or OS_PROJECT_ID',
    );
  }
  const domain = creds.projectDomainName ?? creds.userDomainName;
  if (!domain) {
    throw new UserError(
      `project ${creds.projectName} needs a project domain (OS_PROJECT_DOMAIN_NAME, or project_domain_name in clouds.yaml or the config)`,
    );
  }
  return { project: { name: creds.projectName, domain: { name: domain } } };
}

// ---- HTTP ---------------------------------------------------------------------------------------

function tlsOptions(creds: OpenStackCredentials): TlsSettings {
  return tlsSettings(creds);
}

/** Catalogs of large clouds run to a few hundred kB; anything far beyond is not Keystone. */
const MAX_ANSWER_MIB = 8;

async function postJson(url: URL, payload: unknown, tls: TlsSettings, timeoutMs: number): Promise<HttpAnswer> {
  return httpRequest({ method: 'POST', url, payload, tls, timeoutMs, maxBytes: MAX_ANSWER_MIB * 1024 * 1024 }).catch(
    (error: unknown) => {
      throw error instanceof Error && /^the answer exceeds/.test(error.message)
        ? new Error(`the answer exceeds ${MAX_ANSWER_MIB} MiB, more than any Keystone catalog; is auth_url right?`)
        : error;
    },
  );
}

const UNTRUSTED_CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

function connectionError(error: unknown, url: URL, identityUrl: string, timeoutMs: number): UserError {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const address = `${url.hostname}:${port}`;
  const keystone = `Keystone at ${identityUrl}`;
  if (error instanceof RequestTimeout) {
    const what = error.connected
      ? `${keystone} accepted the connection but did not answer within ${formatDuration(timeoutMs)}`
      : `could not connect to ${address} (${keystone}) within ${formatDuration(timeoutMs)}; a firewall may be dropping the traffic`;
    return new UserError(
      `${what}. If Keystone is just slow, raise the timeout (--auth-timeout); to plan without it, skip the check (--skip-auth-check)`,
    );
  }
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new UserError(
      `cannot resolve host ${url.hostname} of ${keystone} (DNS ${code}); check auth_url and this machine's DNS`,
    );
  }
  if (code === 'ECONNREFUSED') {
    return new UserError(
      `connection to ${address} refused: nothing listens there; check the host and port of auth_url (${identityUrl})`,
    );
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return new UserError(`no route to ${address} (${keystone}, ${code}); check the network path or VPN to the cloud`);
  }
  const tlsFix =
    'pass the CA bundle that signed it (OS_CACERT, --os-cacert, or cacert in clouds.yaml or the config), or for a test cloud only turn off verification (insecure / --os-insecure)';
  if (UNTRUSTED_CERTIFICATE_CODES.has(code)) {
    return new UserError(`TLS: the certificate of ${address} is not trusted (${code}): ${tlsFix}`);
  }
  if (code === 'CERT_HAS_EXPIRED') {
    return new UserError(
      `TLS: the certificate of ${address} has expired; the cloud operator must renew it (or, for a test cloud only, use insecure)`,
    );
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return new UserError(
      `TLS: the certificate of ${address} is not valid for the name ${url.hostname}; use the host name the certificate was issued for in auth_url`,
    );
  }
  if (code === 'EPROTO' || code.startsWith('ERR_SSL_')) {
    return new UserError(
      `TLS handshake with ${address} failed (${code}); does auth_url use https for a plain-http Keystone?`,
    );
  }
  return new UserError(`request to ${keystone} failed: ${errorMessage(error)}`);
}

// ---- the answer ---------------------------------------------------------------------------------

/**
 * The parts of Keystone's answers we read, with zod: a token (POST /v3/auth/tokens) and an error
 * body. Anything else in them is dropped; a field of the wrong type is as good as absent.
 */
const optionalString = z
  .string()
  .nullish()
  .catch(undefined)
  .transform((v) => v ?? undefined);

// z.lazy: built on the first answer read, not at every start of a step that never asks Keystone.
const CatalogEndpointSchema = z.lazy(() =>
  z.object({
    interface: optionalString,
    region_id: optionalString,
    region: optionalString,
    url: optionalString,
  }),
);
const CatalogServiceSchema = z.lazy(() =>
  z.object({
    type: optionalString,
    endpoints: z.array(CatalogEndpointSchema).optional().catch(undefined),
  }),
);

const TokenAnswerSchema = z.lazy(() =>
  z.object({
    token: z.object({
      user: z.object({ id: optionalString, name: optionalString }).optional().catch(undefined),
      project: z.object({ id: optionalString, name: optionalString }).optional().catch(undefined),
      expires_at: optionalString,
      roles: TokenRolesSchema,
      catalog: z.array(CatalogServiceSchema).optional().catch(undefined),
      // A token issued for an application credential names it: id, name, restricted
      // (keystone/common/render_token.py).
      application_credential: z.object({ id: optionalString, name: optionalString }).optional().catch(undefined),
    }),
  }),
);

const ErrorAnswerSchema = z.lazy(() => z.object({ error: z.object({ message: z.string() }) }));

type CatalogEndpoint = z.infer<typeof CatalogEndpointSchema>;
type CatalogService = z.infer<typeof CatalogServiceSchema>;
type KeystoneToken = z.infer<typeof TokenAnswerSchema>['token'];

interface AnswerContext {
  creds: OpenStackCredentials;
  method: AuthMethod;
  identityUrl: string;
  tokensUrl: string;
}

/** What came back instead of a Keystone answer, for messages. */
function describeBody(answer: HttpAnswer, json: unknown): string {
  if (/html/i.test(answer.contentType) || /^\s*</.test(answer.body)) return 'an HTML page';
  if (json !== undefined) return 'JSON that is not a Keystone token';
  return answer.body.trim() === '' ? 'an empty body' : `non-JSON content (${answer.contentType || 'no content type'})`;
}

/** Keystone's text for every 401 it does not explain; quoting it would add nothing. */
const GENERIC_UNAUTHORIZED = 'The request you have made requires authentication.';

/**
 * Keystone's own error text ({"error": {"message": ...}}) when it says more than the generic 401,
 * e.g. "The password is expired and needs to be changed for user: <id>.", and repeats no secret.
 */
function keystoneErrorMessage(json: unknown, creds: OpenStackCredentials): string | undefined {
  const parsed = ErrorAnswerSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const text = parsed.data.error.message.trim();
  if (text === '' || text === GENERIC_UNAUTHORIZED) return undefined;
  if (credentialSecrets(creds).some((secret) => text.includes(secret))) return undefined;
  return text.slice(0, 300);
}

function readToken(answer: HttpAnswer, context: AnswerContext): KeystoneToken & { catalog: CatalogService[] } {
  const { creds, method, identityUrl, tokensUrl } = context;
  const json = parseJson(answer.body);
  const keystoneMessage = keystoneErrorMessage(json, creds);
  const quoted = keystoneMessage ? ` (Keystone: "${keystoneMessage}")` : '';
  const label = credentialLabel(creds, method);
  const status = answer.status;

  if (status === 200 || status === 201) {
    const parsed = TokenAnswerSchema.safeParse(json);
    if (!parsed.success) {
      throw new UserError(
        `${tokensUrl} answered ${status} with ${describeBody(answer, json)}: auth_url is probably not a Keystone v3 URL`,
      );
    }
    const { token } = parsed.data;
    if (!token.catalog) {
      throw new UserError(
        `Keystone at ${identityUrl} issued a token without a service catalog; is the ${label} scoped to a project?`,
      );
    }
    return { ...token, catalog: token.catalog };
  }
  if (status === 401) throw new UserError(rejectedMessage(context, keystoneMessage));
  if (status === 403) {
    throw new UserError(
      `Keystone at ${identityUrl} refused a token for the ${label} (403 Forbidden)${quoted}; check that the user and project are enabled, or whether a proxy in front of Keystone blocks the request`,
    );
  }
  if (status === 404 && keystoneMessage) {
    const missingAppCred = method === 'application-credential' && /application credential/i.test(keystoneMessage);
    throw new UserError(
      missingAppCred
        ? `Keystone at ${identityUrl} does not know the ${label}${quoted}; it was deleted or belongs to another cloud: create a new one`
        : `Keystone at ${identityUrl} answered 404${quoted}; check the names and ids in the credentials`,
    );
  }
  if (status === 404) {
    throw new UserError(
      `${tokensUrl} answered 404 Not Found with ${describeBody(answer, json)}: auth_url is probably not a Keystone v3 URL`,
    );
  }
  if (status >= 300 && status < 400) {
    throw new UserError(
      `${tokensUrl} redirects (${status}) to ${answer.location ?? 'nowhere'}: set auth_url to the address Keystone itself answers on`,
    );
  }
  if (status >= 500) {
    throw new UserError(
      `Keystone at ${identityUrl} failed with ${status}${quoted}; try again later or ask the cloud operator`,
    );
  }
  if (keystoneMessage) throw new UserError(`Keystone at ${identityUrl} rejected the request (${status})${quoted}`);
  throw new UserError(
    `${tokensUrl} answered ${status} with ${describeBody(answer, json)}: auth_url is probably not a Keystone v3 URL`,
  );
}

/**
 * 401s are deliberately vague in Keystone: a wrong secret, an expired or deleted application
 * credential, an unknown user and a project the user cannot use all get the same generic message.
 * Say which credential was refused and list what else gets the same answer.
 */
function rejectedMessage(context: AnswerContext, keystoneMessage: string | undefined): string {
  const { creds, method, identityUrl } = context;
  const rejected = `Keystone at ${identityUrl} rejected the ${credentialLabel(creds, method)}`;
  if (keystoneMessage && /expired/i.test(keystoneMessage)) {
    const renew =
      method === 'application-credential'
        ? 'the application credential has expired; create a new one'
        : 'the password has expired; change it (e.g. in Horizon), then retry';
    return `${rejected}: ${renew} (Keystone: "${keystoneMessage}")`;
  }
  const quoted = keystoneMessage ? ` (Keystone: "${keystoneMessage}")` : '';
  if (method === 'application-credential') {
    const causes = creds.applicationCredentialId
      ? 'the secret is wrong'
      : 'the secret, the user or the user domain is wrong';
    return `${rejected}${quoted}: ${causes}, or the application credential has expired (Keystone gives the same answer for both). Check the secret${source(creds, 'applicationCredentialSecret')} or create a new application credential`;
  }
  const project = creds.projectId
    ? ` Keystone gives the same answer when project ${creds.projectId} does not exist or the user has no role on it.`
    : ` Keystone gives the same answer when project ${creds.projectName} in domain ${creds.projectDomainName ?? creds.userDomainName} does not exist or the user has no role on it.`;
  return `${rejected}${quoted}: check the user, its domain and the password${source(creds, 'password')}.${project}`;
}

// ---- the catalog --------------------------------------------------------------------------------

interface CatalogCheck {
  identityUrl: string;
  region: string | undefined;
  regionSource: string | undefined;
  interface: string;
  requiredServices: readonly string[];
}

function endpointRegion(endpoint: CatalogEndpoint): string | undefined {
  return endpoint.region_id ?? endpoint.region ?? undefined;
}

function uniqueSorted(values: Iterable<string | undefined>): string[] {
  return [...new Set([...values].filter((v): v is string => !!v))].sort();
}

/**
 * Without a configured region, clients take the first endpoint of the interface in any region;
 * the check does the same.
 */
function findEndpoint(
  catalog: CatalogService[],
  type: string,
  region: string | undefined,
  iface: string,
): CatalogEndpoint | undefined {
  for (const service of catalog) {
    if (service.type !== type) continue;
    const endpoint = service.endpoints?.find(
      (e) => e.interface === iface && e.url && (region === undefined || endpointRegion(e) === region),
    );
    if (endpoint) return endpoint;
  }
  return undefined;
}

function checkCatalog(
  catalog: CatalogService[],
  check: CatalogCheck,
): { region: string; endpoints: Record<string, string> } {
  const { identityUrl, region, interface: iface } = check;
  const allEndpoints = catalog.flatMap((service) => service.endpoints ?? []);
  const catalogRegions = uniqueSorted(allEndpoints.map(endpointRegion));
  if (region !== undefined && !catalogRegions.includes(region)) {
    throw new UserError(
      `region ${region}${check.regionSource ? ` (from ${check.regionSource})` : ''} is not in the service catalog of Keystone at ${identityUrl}; ` +
        `the catalog has ${catalogRegions.length > 0 ? `regions ${catalogRegions.join(', ')}` : 'no regions at all'}. Set the region (OS_REGION_NAME, region_name in clouds.yaml, or region in the config)`,
    );
  }

  const missing = check.requiredServices.filter((type) => !findEndpoint(catalog, type, region, iface));
  if (missing.length > 0) {
    const where = region === undefined ? `${iface} endpoint in any region` : `${iface} endpoint in region ${region}`;
    const details = missing.map((type) => `${type} ${whereServiceExists(catalog, type)}`);
    throw new UserError(
      `the service catalog of Keystone at ${identityUrl} has no ${where} for ${missing.join(', ')}: ${details.join('; ')}. ` +
        'Use a region and interface that offer them (OS_REGION_NAME, OS_INTERFACE), or ask the cloud operator',
    );
  }

  const endpoints: Record<string, string> = {};
  const foundIn = new Set<string | undefined>();
  for (const service of catalog) {
    if (!service.type || endpoints[service.type] !== undefined) continue;
    const endpoint = findEndpoint(catalog, service.type, region, iface);
    if (!endpoint?.url) continue;
    endpoints[service.type] = endpoint.url;
    if (check.requiredServices.includes(service.type)) foundIn.add(endpointRegion(endpoint));
  }
  return { region: region ?? (uniqueSorted(foundIn).join(', ') || '(no region)'), endpoints };
}

/** "not in the catalog at all", or the regions and interfaces it does have: "RegionOne (public, internal)". */
function whereServiceExists(catalog: CatalogService[], type: string): string {
  const endpoints = catalog.filter((service) => service.type === type).flatMap((service) => service.endpoints ?? []);
  if (endpoints.length === 0) return 'is not in the catalog at all';
  const byRegion = new Map<string, Set<string>>();
  for (const endpoint of endpoints) {
    const region = endpointRegion(endpoint) ?? '(no region)';
    const interfaces = byRegion.get(region) ?? new Set<string>();
    interfaces.add(endpoint.interface ?? '?');
    byRegion.set(region, interfaces);
  }
  const regions = [...byRegion.keys()]
    .sort()
    .map((region) => `${region} (${[...byRegion.get(region)!].sort().join(', ')})`);
  return `exists only in ${regions.join(', ')}`;
}

/** The seam for the live credential check (Keystone token + catalog); returns a one-line summary. */
export interface AuthChecker {
  describe(credentials: OpenStackCredentials, timeoutMs: number): string;
  check(credentials: OpenStackCredentials, timeoutMs: number): Promise<string>;
}
