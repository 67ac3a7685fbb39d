import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { formatIssues, UsageError, UserError } from '../lib/errors.js';
import { displayPath } from '../lib/files.js';
import { CLOUDS_YAML, readYamlMapping } from '../lib/yaml.js';
import { quoteInput } from '../lib/echo.js';
import { isMapping } from '../lib/mapping.js';

/** The credential fields, as the code names them. */
export type CredentialField =
  | 'authUrl'
  | 'region'
  | 'interface'
  | 'projectName'
  | 'projectId'
  | 'userDomainName'
  | 'projectDomainName'
  | 'applicationCredentialId'
  | 'applicationCredentialName'
  | 'applicationCredentialSecret'
  | 'username'
  | 'userId'
  | 'password'
  | 'caCert'
  | 'insecure';

/** A partial set of credential values from one source (options, env, clouds.yaml, config). */
export type CredentialInput = Partial<Record<Exclude<CredentialField, 'insecure'>, string>> & { insecure?: boolean };

const INTERFACES = ['public', 'internal', 'admin'] as const;

/**
 * One row per credential field: its name in every front end and source. The CLI flags, the
 * action inputs (and the check of every action.yml), the OS_* variables read and exported, the
 * clouds.yaml keys, the config keys and the redactor all come from here.
 */
export interface CredentialFieldSpec {
  field: CredentialField;
  /** CLI flag, without the leading dashes. */
  flag: string;
  /** Action input. */
  input: string;
  /** OS_* variables, first non-empty wins; the first is the one exported to tools. */
  env: readonly string[];
  /** Keys in a clouds.yaml cloud entry (dotted), first present wins; `!verify` means the negation of `verify`. */
  cloudsYaml: readonly string[];
  /** Keys under opencenter.infrastructure.cloud.openstack, first present wins. */
  config: readonly string[];
  secret: boolean;
  type: 'text' | 'url' | 'interface' | 'boolean';
  /** For help texts: the value's placeholder and what it is. */
  placeholder: string;
  description: string;
}

export const CREDENTIAL_FIELDS: readonly CredentialFieldSpec[] = [
  {
    field: 'authUrl',
    flag: 'os-auth-url',
    input: 'openstack-auth-url',
    env: ['OS_AUTH_URL'],
    cloudsYaml: ['auth.auth_url'],
    config: ['auth_url'],
    secret: false,
    type: 'url',
    placeholder: 'URL',
    description: 'Keystone URL, e.g. https://keystone.example.com:5000/v3',
  },
  {
    field: 'region',
    flag: 'os-region',
    input: 'openstack-region',
    env: ['OS_REGION_NAME'],
    cloudsYaml: ['region_name'],
    config: ['region'],
    secret: false,
    type: 'text',
    placeholder: 'NAME',
    description: 'OpenStack region',
  },
  {
    field: 'interface',
    flag: 'os-interface',
    input: 'openstack-interface',
    env: ['OS_INTERFACE'],
    cloudsYaml: ['interface'],
    config: ['interface'],
    secret: false,
    type: 'interface',
    placeholder: INTERFACES.join('|'),
    description: 'endpoint interface in the catalog (default public)',
  },
  {
    field: 'projectName',
    flag: 'os-project-name',
    input: 'openstack-project-name',
    env: ['OS_PROJECT_NAME', 'OS_TENANT_NAME'],
    cloudsYaml: ['auth.project_name'],
    config: ['project_name'],
    secret: false,
    type: 'text',
    placeholder: 'NAME',
    description: 'project to scope to (username/password auth)',
  },
  {
    field: 'projectId',
    flag: 'os-project-id',
    input: 'openstack-project-id',
    env: ['OS_PROJECT_ID', 'OS_TENANT_ID'],
    cloudsYaml: ['auth.project_id'],
    config: ['project_id'],
    secret: false,
    type: 'text',
    placeholder: 'ID',
    description: 'project id to scope to (username/password auth)',
  },
  {
    field: 'userDomainName',
    flag: 'os-user-domain-name',
    input: 'openstack-user-domain-name',
    env: ['OS_USER_DOMAIN_NAME', 'OS_DOMAIN_NAME'],
    cloudsYaml: ['auth.user_domain_name', 'auth.domain_name'],
    config: ['user_domain_name', 'domain'],
    secret: false,
    type: 'text',
    placeholder: 'NAME',
    description: "the user's domain",
  },
  {
    field: 'projectDomainName',
    flag: 'os-project-domain-name',
    input: 'openstack-project-domain-name',
    env: ['OS_PROJECT_DOMAIN_NAME', 'OS_DOMAIN_NAME'],
    cloudsYaml: ['auth.project_domain_name', 'auth.domain_name'],
    config: ['project_domain_name', 'domain'],
    secret: false,
    type: 'text',
    placeholder: 'NAME',
    description: "the project's domain",
  },
  {
    field: 'applicationCredentialId',
    flag: 'os-application-credential-id',
    input: 'openstack-application-credential-id',
    env: ['OS_APPLICATION_CREDENTIAL_ID'],
    cloudsYaml: ['auth.application_credential_id'],
    config: ['application_credential_id'],
    secret: false,
    type: 'text',
    placeholder: 'ID',
    description: 'application credential id',
  },
  {
    field: 'applicationCredentialName',
    flag: 'os-application-credential-name',
    input: 'openstack-application-credential-name',
    env: ['OS_APPLICATION_CREDENTIAL_NAME'],
    cloudsYaml: ['auth.application_credential_name'],
    config: ['application_credential_name'],
    secret: false,
    type: 'text',
    placeholder: 'NAME',
    description: 'application credential name (with username or user id)',
  },
  {
    field: 'applicationCredentialSecret',
    flag: 'os-application-credential-secret',
    input: 'openstack-application-credential-secret',
    env: ['OS_APPLICATION_CREDENTIAL_SECRET'],
    cloudsYaml: ['auth.application_credential_secret'],
    config: ['application_credential_secret'],
    secret: true,
    type: 'text',
    placeholder: 'SECRET',
    description: 'application credential secret',
  },
  {
    field: 'username',
    flag: 'os-username',
    input: 'openstack-username',
    env: ['OS_USERNAME'],
    cloudsYaml: ['auth.username'],
    config: ['username'],
    secret: false,
    type: 'text',
    placeholder: 'NAME',
    description: 'user name (password auth)',
  },
  {
    field: 'userId',
    flag: 'os-user-id',
    input: 'openstack-user-id',
    env: ['OS_USER_ID'],
    cloudsYaml: ['auth.user_id'],
    config: ['user_id'],
    secret: false,
    type: 'text',
    placeholder: 'ID',
    description: 'user id (password auth)',
  },
  {
    field: 'password',
    flag: 'os-password',
    input: 'openstack-password',
    env: ['OS_PASSWORD'],
    cloudsYaml: ['auth.password'],
    config: ['password'],
    secret: true,
    type: 'text',
    placeholder: 'PASSWORD',
    description: 'password (password auth)',
  },
  {
    field: 'caCert',
    flag: 'os-cacert',
    input: 'openstack-cacert',
    env: ['OS_CACERT'],
    cloudsYaml: ['cacert'],
    config: ['cacert'],
    secret: false,
    type: 'text',
    placeholder: 'FILE',
    description: 'CA bundle for a private Keystone',
  },
  {
    field: 'insecure',
    flag: 'os-insecure',
    input: 'openstack-insecure',
    env: ['OS_INSECURE'],
    cloudsYaml: ['!verify', 'insecure'],
    config: ['insecure'],
    secret: false,
    type: 'boolean',
    placeholder: '',
    description: "don't verify Keystone's TLS certificate",
  },
];

export const PLACEHOLDER = 'CHANGEME';

/** The OpenStack credentials every step sees, resolved from all sources. */
export interface OpenStackCredentials extends Omit<CredentialInput, 'interface' | 'insecure'> {
  /** Endpoint interface used in the catalog (public, internal, admin). */
  interface: string;
  insecure: boolean;
  /** Where each field came from, for error messages ("OS_PASSWORD", "the config (…password)"). */
  sources: Partial<Record<CredentialField, string>>;
  /**
   * Every secret value seen in any source, used or overridden: a stale secret a tool still prints
   * (an old password in terraform's diff) must be masked as well as the one in use.
   */
  secretsSeen: string[];
}

export type AuthMethod = 'application-credential' | 'password';

/** Every secret the credentials know of, in use or seen in any source, for the redactor. */
export function credentialSecrets(creds: OpenStackCredentials): string[] {
  const inUse = CREDENTIAL_FIELDS.filter((spec) => spec.secret).map((spec) => creds[spec.field]);
  return [...new Set([...inUse, ...creds.secretsSeen])].filter(
    (v): v is string => typeof v === 'string' && v !== '' && v !== PLACEHOLDER,
  );
}

const TRUE = /^(true|yes|1|on)$/i;
const FALSE = /^(false|no|0|off)$/i;

/**
 * Checks one raw value against its field's type. `where` names the flag, input, variable or key in
 * the error; `fail` picks the error type (a bad flag is a usage error, a bad file is not).
 */
function parseCredentialValue(
  spec: CredentialFieldSpec,
  raw: unknown,
  where: string,
  fail: new (message: string) => Error = UserError,
): string | boolean | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (spec.type === 'boolean') {
    if (typeof raw === 'boolean') return raw;
    const text = String(raw).trim();
    if (text === '') return undefined;
    if (TRUE.test(text)) return true;
    if (FALSE.test(text)) return false;
    throw new fail(`${where}: ${quoteInput(text)} is not true or false`);
  }
  if (typeof raw !== 'string' && typeof raw !== 'number')
    throw new fail(`${where}: expected text, got ${Array.isArray(raw) ? 'a list' : typeof raw}`);
  const text = String(raw).trim();
  if (text === '') return undefined;
  // Values end up in OS_* variables and HTTP requests: a line break is always a paste mistake.
  if (/[\0-\x1f\x7f]/.test(text)) throw new fail(`${where}: contains a line break or control character`);
  if (spec.type === 'interface' && !(INTERFACES as readonly string[]).includes(text)) {
    throw new fail(`${where}: ${quoteInput(text)} is not one of ${INTERFACES.join(', ')}`);
  }
  // Checked where it is given, as the config's is: not only by preflight, after a plan showed it as fine.
  if (spec.type === 'url' && !isHttpUrl(text))
    throw new fail(`${where}: ${quoteInput(text)} is not an http(s) URL, e.g. https://keystone.example.com:5000/v3`);
  return text;
}

function isHttpUrl(text: string): boolean {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** What a YAML value is, for messages: "a list", "a number", "text". */
function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return 'text';
  return value === null ? 'nothing' : `a ${typeof value}`;
}

/** Reads a set of values through the table, from any keyed source; `label` names each value's origin. */
function readValues(
  read: (spec: CredentialFieldSpec) => { raw: unknown; where: string } | undefined,
  fail: new (message: string) => Error = UserError,
): { values: CredentialInput; where: Partial<Record<CredentialField, string>>; secrets: string[] } {
  const values: Record<string, string | boolean> = {};
  const where: Partial<Record<CredentialField, string>> = {};
  const secrets: string[] = [];
  for (const spec of CREDENTIAL_FIELDS) {
    const found = read(spec);
    if (!found) continue;
    const value = parseCredentialValue(spec, found.raw, found.where, fail);
    if (value === undefined) continue;
    values[spec.field] = value;
    where[spec.field] = found.where;
    if (spec.secret && typeof value === 'string') secrets.push(value);
  }
  return { values: values as CredentialInput, where, secrets };
}

/** Looks up the first of several keys (dotted paths; `!key` negates a boolean) in a document. */
function lookup(doc: Record<string, unknown>, keys: readonly string[]): { raw: unknown; key: string } | undefined {
  for (const key of keys) {
    const negate = key.startsWith('!');
    let node: unknown = doc;
    for (const part of key.replace(/^!/, '').split('.'))
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    if (node === undefined || node === null || node === '') continue;
    if (negate) {
      // `verify: maybe` is neither: passed on as it is, so that it is reported, not read as verify: true.
      if (typeof node === 'boolean') return { raw: !node, key };
      const text = String(node).trim();
      return { raw: TRUE.test(text) ? 'false' : FALSE.test(text) ? 'true' : node, key };
    }
    return { raw: node, key };
  }
  return undefined;
}

/**
 * Explicit options (CLI flags or action inputs), read through the table. `read` gives a field's raw
 * value; errors name the flag or input and are usage errors.
 */
export function credentialOptions(
  front: 'cli' | 'action',
  read: (spec: CredentialFieldSpec) => string | boolean | undefined,
): CredentialInput {
  return readValues((spec) => {
    const raw = read(spec);
    return raw === undefined ? undefined : { raw, where: front === 'cli' ? `--${spec.flag}` : `input ${spec.input}` };
  }, UsageError).values;
}

interface Layer {
  values: CredentialInput;
  where: Partial<Record<CredentialField, string>>;
  secrets: string[];
}

function optionsLayer(options: CredentialInput): Layer {
  return readValues((spec) =>
    options[spec.field] === undefined ? undefined : { raw: options[spec.field], where: 'an explicit option' },
  );
}

function credentialsFromEnv(env: NodeJS.ProcessEnv): Layer {
  return readValues((spec) => {
    const name = spec.env.find((n) => env[n]?.trim());
    return name ? { raw: env[name], where: name } : undefined;
  });
}

/** Candidate clouds.yaml files in openstacksdk's order, or just the one given. */
function cloudsYamlCandidates(file: string | undefined, env: NodeJS.ProcessEnv): string[] {
  if (file) return [file];
  const home = env.HOME ?? homedir();
  return [
    env.OS_CLIENT_CONFIG_FILE,
    'clouds.yaml',
    path.join(home, '.config/openstack/clouds.yaml'),
    '/etc/openstack/clouds.yaml',
  ].filter((f): f is string => !!f);
}

/** The shape of clouds.yaml we rely on; each field's value is then checked through the table. */
export const CloudsYamlSchema = z.object({
  clouds: z.record(z.string(), z.record(z.string(), z.unknown()), { error: 'must map cloud names to settings' }),
});

/** Reads one cloud from clouds.yaml (openstacksdk's format). */
function credentialsFromCloudsYaml(cloud: string, file?: string, env: NodeJS.ProcessEnv = process.env): Layer {
  const candidates = cloudsYamlCandidates(file, env);
  // The given file must be readable; of the standard places, the first that exists is used.
  const used = file ?? candidates.find((candidate) => existsSync(candidate));
  if (used === undefined) {
    throw new UserError(`OS_CLOUD is "${cloud}" but no clouds.yaml was found (looked in ${candidates.join(', ')})`);
  }
  const { value } = readYamlMapping(used, CLOUDS_YAML);
  const parsed = CloudsYamlSchema.safeParse(value);
  if (!parsed.success) throw new UserError(formatIssues(displayPath(used), parsed.error.issues));
  const { clouds } = parsed.data;
  // Own keys only: `--os-cloud __proto__` must not find Object.prototype.
  const entry = Object.hasOwn(clouds, cloud) ? clouds[cloud] : undefined;
  if (!entry)
    throw new UserError(`cloud "${cloud}" not found in ${used} (clouds: ${Object.keys(clouds).join(', ') || 'none'})`);
  if (entry.auth !== undefined && entry.auth !== null && !isMapping(entry.auth)) {
    throw new UserError(`${used} (clouds.${cloud}.auth): expected a mapping, got ${kindOf(entry.auth)}`);
  }
  return readValues((spec) => {
    const found = lookup(entry, spec.cloudsYaml);
    return found && { raw: found.raw, where: `${used} (clouds.${cloud}.${found.key.replace(/^!/, '')})` };
  });
}

/** The credentials in an openCenter config's `opencenter.infrastructure.cloud.openstack`. */
function credentialsFromConfig(openstack: Record<string, unknown> | undefined, source: string): Layer {
  if (!openstack) return { values: {}, where: {}, secrets: [] };
  return readValues((spec) => {
    const found = lookup(openstack, spec.config);
    return (
      found && {
        raw: found.raw,
        where: `the config (${source}: opencenter.infrastructure.cloud.openstack.${found.key})`,
      }
    );
  });
}

export interface CredentialSources {
  /** Explicit options: CLI flags or action inputs, already checked. Highest precedence. */
  options?: CredentialInput;
  env?: NodeJS.ProcessEnv;
  /** Cloud name (defaults to OS_CLOUD) and optional clouds.yaml path. */
  cloud?: string;
  cloudsYaml?: string;
  /** The openCenter config's cloud.openstack block and the file it came from. Lowest precedence. */
  config?: { openstack?: Record<string, unknown>; source: string };
}

/**
 * Resolves credentials field by field: options, then OS_* variables, then clouds.yaml (OS_CLOUD),
 * then the config. Config placeholders (`CHANGEME`) give way when another source supplies a
 * complete username/password, so a config generated with defaults works with password auth.
 */
export function resolveCredentials(sources: CredentialSources): OpenStackCredentials {
  const env = sources.env ?? process.env;
  const cloud = sources.cloud ?? env.OS_CLOUD?.trim();
  const layers: Layer[] = [optionsLayer(sources.options ?? {}), credentialsFromEnv(env)];
  if (cloud) layers.push(credentialsFromCloudsYaml(cloud, sources.cloudsYaml, env));
  if (sources.config) layers.push(credentialsFromConfig(sources.config.openstack, sources.config.source));

  const merged: OpenStackCredentials = { interface: 'public', insecure: false, sources: {}, secretsSeen: [] };
  for (const layer of [...layers].reverse()) {
    for (const [key, value] of Object.entries(layer.values) as [CredentialField, string | boolean][]) {
      (merged as unknown as Record<string, unknown>)[key] = value;
      merged.sources[key] = layer.where[key];
    }
  }
  merged.secretsSeen = [...new Set(layers.flatMap((l) => l.secrets))];
  const hasPassword = !!merged.password && !!(merged.username || merged.userId);
  if (hasPassword) {
    for (const field of ['applicationCredentialId', 'applicationCredentialSecret'] as const) {
      if (merged[field] === PLACEHOLDER) {
        delete merged[field];
        delete merged.sources[field];
      }
    }
  }
  return merged;
}

/** The method Keystone will be asked to use; application credentials win when both are complete. */
export function authMethod(creds: OpenStackCredentials): AuthMethod | undefined {
  if (creds.applicationCredentialSecret && (creds.applicationCredentialId || creds.applicationCredentialName)) {
    return 'application-credential';
  }
  if (creds.password && (creds.username || creds.userId)) return 'password';
  return undefined;
}

/** The fields each auth method exports, so providers never see two conflicting methods. */
function exportedFields(creds: OpenStackCredentials): CredentialField[] {
  const common: CredentialField[] = ['authUrl', 'region', 'interface', 'caCert', 'insecure'];
  const method = authMethod(creds);
  if (method === 'application-credential') {
    // By id the credential names its user; by name it needs the user (and the user's domain).
    return creds.applicationCredentialId
      ? [...common, 'applicationCredentialId', 'applicationCredentialSecret']
      : [...common, 'applicationCredentialName', 'applicationCredentialSecret', 'username', 'userId', 'userDomainName'];
  }
  return [
    ...common,
    'username',
    'userId',
    'password',
    'projectId',
    'projectName',
    'userDomainName',
    'projectDomainName',
  ];
}

/** OS_* variables for tofu, Ansible and the openstack CLI, named as the table says. Empty values are dropped. */
export function credentialsToEnv(creds: OpenStackCredentials): Record<string, string> {
  const env: Record<string, string> = { OS_IDENTITY_API_VERSION: '3' };
  if (authMethod(creds) === 'application-credential') env.OS_AUTH_TYPE = 'v3applicationcredential';
  for (const field of exportedFields(creds)) {
    const spec = CREDENTIAL_FIELDS.find((s) => s.field === field)!;
    const value = creds[field];
    if (value === undefined || value === false || value === '') continue;
    env[spec.env[0]!] = value === true ? 'true' : String(value);
  }
  return env;
}

/** Names of OS_* variables whose values are secret (for plans: NAME=<redacted>). */
export const SECRET_ENV_NAMES: ReadonlySet<string> = new Set([
  ...CREDENTIAL_FIELDS.filter((s) => s.secret).flatMap((s) => s.env),
  'OS_TOKEN',
]);

/** The config's `cloud.openstack` block, checked field by field with the table's types. */
export const OpenStackConfigSchema = z.object(
  Object.fromEntries(
    CREDENTIAL_FIELDS.flatMap((spec) => {
      const schema =
        spec.type === 'boolean'
          ? z.boolean()
          : spec.type === 'interface'
            ? z.enum(INTERFACES)
            : spec.type === 'url'
              ? z.url({
                  protocol: /^https?$/,
                  error: 'must be an http(s) URL, e.g. https://keystone.example.com:5000/v3',
                })
              : z.string().trim();
      return spec.config.map((key) => [key, schema.optional()] as const);
    }),
  ),
);

/** Where a credential field comes from, in the words a user looks for: variable, clouds.yaml key, config key, flag, input. */
function whereToSet(field: CredentialField): string {
  const spec = CREDENTIAL_FIELDS.find((f) => f.field === field)!;
  return `${spec.config[0] ?? field} is not set (${[
    spec.env[0],
    `clouds.yaml ${spec.cloudsYaml[0]}`,
    `the config's opencenter.infrastructure.cloud.openstack.${spec.config[0]}`,
    `--${spec.flag}`,
    `input ${spec.input}`,
  ].join(', ')})`;
}

/**
 * The fields a usable credential still lacks: auth_url, and the half of a method that is there (the secret of an
 * application credential whose id is set, the password of a user), else both methods' shapes.
 */
function missingCredentialFields(creds: OpenStackCredentials): CredentialField[] {
  const missing: CredentialField[] = creds.authUrl ? [] : ['authUrl'];
  if (authMethod(creds)) return missing;
  if (creds.applicationCredentialId || creds.applicationCredentialName)
    return [...missing, 'applicationCredentialSecret'];
  if (creds.applicationCredentialSecret) return [...missing, 'applicationCredentialId'];
  if (creds.username || creds.userId) return [...missing, 'password'];
  if (creds.password) return [...missing, 'username'];
  return [...missing, 'applicationCredentialId', 'applicationCredentialSecret'];
}

/** What is missing, each with where it comes from; with no method at all, the other method is named too. */
function incompleteCredentials(creds: OpenStackCredentials): string | undefined {
  const missing = missingCredentialFields(creds);
  if (missing.length === 0) return undefined;
  const none =
    !authMethod(creds) &&
    missing.includes('applicationCredentialId') &&
    missing.includes('applicationCredentialSecret');
  return `openstack credentials are incomplete: ${missing.map(whereToSet).join('; ')}${none ? '; or, instead of an application credential, a username and password (OS_USERNAME, OS_PASSWORD)' : ''}`;
}

/** Problems with the resolved credentials that need no network to find. */
export function credentialProblems(creds: OpenStackCredentials): string[] {
  const problems: string[] = [];
  const incomplete = incompleteCredentials(creds);
  if (incomplete) problems.push(incomplete);
  const placeholders = (['applicationCredentialId', 'applicationCredentialSecret'] as const).filter(
    (f) => creds[f] === PLACEHOLDER,
  );
  if (placeholders.length > 0) {
    problems.push(
      `openstack application credentials are still "${PLACEHOLDER}" (${placeholders
        .map((f) => (f === 'applicationCredentialId' ? 'application_credential_id' : 'application_credential_secret'))
        .join(
          ', ',
        )} from ${creds.sources[placeholders[0]!]}); set real values in opencenter.infrastructure.cloud.openstack or OS_APPLICATION_CREDENTIAL_ID/OS_APPLICATION_CREDENTIAL_SECRET`,
    );
  }
  if (creds.authUrl) {
    let url: URL | undefined;
    try {
      url = new URL(creds.authUrl);
    } catch {
      // reported below
    }
    if (!url || !/^https?:$/.test(url.protocol)) {
      problems.push(`openstack auth_url "${creds.authUrl}" (from ${creds.sources.authUrl}) is not an http(s) URL`);
    }
  }
  return problems;
}
