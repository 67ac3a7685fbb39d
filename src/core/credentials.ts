import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { UserError, errorMessage } from './errors.js';

/** The OpenStack credentials every step sees, resolved from all sources. */
export interface OpenStackCredentials {
  authUrl?: string;
  region?: string;
  /** Endpoint interface used in the catalog (public, internal, admin). */
  interface: string;
  applicationCredentialId?: string;
  applicationCredentialName?: string;
  applicationCredentialSecret?: string;
  username?: string;
  userId?: string;
  password?: string;
  projectId?: string;
  projectName?: string;
  userDomainName?: string;
  projectDomainName?: string;
  insecure: boolean;
  /** CA bundle path for a private Keystone. */
  caCert?: string;
  /** Where each field came from, for error messages ("from OS_PASSWORD", "from the config"). */
  sources: Partial<Record<CredentialField, string>>;
}

export type AuthMethod = 'application-credential' | 'password';

type CredentialField = Exclude<keyof OpenStackCredentials, 'sources' | 'interface' | 'insecure'> | 'interface' | 'insecure';

/** A partial set of fields from one source (flags, env, clouds.yaml, config). */
export type CredentialInput = Partial<Record<Exclude<CredentialField, 'insecure'>, string>> & { insecure?: boolean };

export const PLACEHOLDER = 'CHANGEME';

const SECRET_FIELDS = ['applicationCredentialSecret', 'password'] as const;

/** The secret values, for the redactor. */
export function credentialSecrets(creds: OpenStackCredentials): string[] {
  return SECRET_FIELDS.map((f) => creds[f]).filter((v): v is string => !!v && v !== PLACEHOLDER);
}

/** OS_* variables read from the environment, as gophercloud and openstacksdk name them. */
const ENV_NAMES: Record<Exclude<CredentialField, 'insecure'>, string[]> = {
  authUrl: ['OS_AUTH_URL'],
  region: ['OS_REGION_NAME'],
  interface: ['OS_INTERFACE'],
  applicationCredentialId: ['OS_APPLICATION_CREDENTIAL_ID'],
  applicationCredentialName: ['OS_APPLICATION_CREDENTIAL_NAME'],
  applicationCredentialSecret: ['OS_APPLICATION_CREDENTIAL_SECRET'],
  username: ['OS_USERNAME'],
  userId: ['OS_USER_ID'],
  password: ['OS_PASSWORD'],
  projectId: ['OS_PROJECT_ID', 'OS_TENANT_ID'],
  projectName: ['OS_PROJECT_NAME', 'OS_TENANT_NAME'],
  userDomainName: ['OS_USER_DOMAIN_NAME'],
  projectDomainName: ['OS_PROJECT_DOMAIN_NAME'],
  caCert: ['OS_CACERT'],
};

export function credentialsFromEnv(env: NodeJS.ProcessEnv): CredentialInput {
  const out: CredentialInput = {};
  for (const [field, names] of Object.entries(ENV_NAMES) as [keyof typeof ENV_NAMES, string[]][]) {
    const value = names.map((n) => env[n]?.trim()).find((v) => v);
    if (value) out[field] = value;
  }
  const domain = env.OS_DOMAIN_NAME?.trim();
  if (domain) {
    out.userDomainName ??= domain;
    out.projectDomainName ??= domain;
  }
  if (env.OS_INSECURE !== undefined && env.OS_INSECURE !== '') out.insecure = /^(1|true|yes)$/i.test(env.OS_INSECURE);
  return out;
}

/**
 * Reads one cloud from clouds.yaml (openstacksdk's format). Looks in the given file, else the
 * standard places: ./clouds.yaml, ~/.config/openstack/clouds.yaml, /etc/openstack/clouds.yaml.
 */
export function credentialsFromCloudsYaml(cloud: string, file?: string, env: NodeJS.ProcessEnv = process.env): CredentialInput {
  const candidates = file
    ? [file]
    : [env.OS_CLIENT_CONFIG_FILE, 'clouds.yaml', path.join(env.HOME ?? homedir(), '.config/openstack/clouds.yaml'), '/etc/openstack/clouds.yaml'].filter(
        (f): f is string => !!f,
      );
  let text: string | undefined;
  let used = '';
  for (const candidate of candidates) {
    try {
      text = readFileSync(candidate, 'utf8');
      used = candidate;
      break;
    } catch (error) {
      if (file) throw new UserError(`cannot read clouds.yaml ${file}: ${errorMessage(error)}`);
    }
  }
  if (text === undefined) {
    throw new UserError(`OS_CLOUD is "${cloud}" but no clouds.yaml was found (looked in ${candidates.join(', ')})`);
  }
  let doc: unknown;
  try {
    doc = YAML.parse(text);
  } catch (error) {
    throw new UserError(`${used} is not valid YAML: ${errorMessage(error)}`);
  }
  const clouds = (doc as { clouds?: Record<string, unknown> } | null)?.clouds;
  const entry = clouds?.[cloud] as Record<string, unknown> | undefined;
  if (!entry || typeof entry !== 'object') {
    const names = clouds ? Object.keys(clouds).join(', ') : 'none';
    throw new UserError(`cloud "${cloud}" not found in ${used} (clouds: ${names})`);
  }
  const auth = (entry.auth ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined);
  const out: CredentialInput = {
    authUrl: str(auth.auth_url),
    region: str(entry.region_name),
    interface: str(entry.interface),
    applicationCredentialId: str(auth.application_credential_id),
    applicationCredentialName: str(auth.application_credential_name),
    applicationCredentialSecret: str(auth.application_credential_secret),
    username: str(auth.username),
    userId: str(auth.user_id),
    password: str(auth.password),
    projectId: str(auth.project_id),
    projectName: str(auth.project_name),
    userDomainName: str(auth.user_domain_name) ?? str(auth.domain_name),
    projectDomainName: str(auth.project_domain_name) ?? str(auth.domain_name),
    caCert: str(entry.cacert),
  };
  if (typeof entry.verify === 'boolean') out.insecure = !entry.verify;
  return dropEmpty(out);
}

function dropEmpty(input: CredentialInput): CredentialInput {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== '')) as CredentialInput;
}

export interface CredentialSources {
  /** Explicit options: CLI flags or action inputs. Highest precedence. */
  options?: CredentialInput;
  env?: NodeJS.ProcessEnv;
  /** Cloud name (defaults to OS_CLOUD) and optional clouds.yaml path. */
  cloud?: string;
  cloudsYaml?: string;
  /** Values from the openCenter config. Lowest precedence. */
  config?: CredentialInput;
}

/**
 * Resolves credentials field by field: options, then OS_* variables, then clouds.yaml (OS_CLOUD),
 * then the config. Config placeholders (`CHANGEME`) give way when another source supplies a
 * complete username/password, so a config generated with defaults works with password auth.
 */
export function resolveCredentials(sources: CredentialSources): OpenStackCredentials {
  const env = sources.env ?? process.env;
  const cloud = sources.cloud ?? env.OS_CLOUD?.trim();
  const layers: [string, CredentialInput][] = [
    ['an explicit option', dropEmpty(sources.options ?? {})],
    ['the environment', credentialsFromEnv(env)],
  ];
  if (cloud) layers.push([`clouds.yaml (cloud ${cloud})`, credentialsFromCloudsYaml(cloud, sources.cloudsYaml, env)]);
  layers.push(['the config', dropEmpty(sources.config ?? {})]);

  const merged: OpenStackCredentials = { interface: 'public', insecure: false, sources: {} };
  for (const [label, layer] of [...layers].reverse()) {
    for (const [key, value] of Object.entries(layer) as [CredentialField, string | boolean][]) {
      (merged as unknown as Record<string, unknown>)[key] = value;
      merged.sources[key] = label;
    }
  }
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

/**
 * OS_* variables for tofu, Ansible and the openstack CLI. Only the chosen auth method is exported,
 * so providers never see two conflicting methods. Empty values are dropped.
 */
export function credentialsToEnv(creds: OpenStackCredentials): Record<string, string> {
  const method = authMethod(creds);
  const env: Record<string, string | undefined> = {
    OS_AUTH_URL: creds.authUrl,
    OS_REGION_NAME: creds.region,
    OS_INTERFACE: creds.interface,
    OS_IDENTITY_API_VERSION: '3',
    OS_CACERT: creds.caCert,
    OS_INSECURE: creds.insecure ? 'true' : undefined,
  };
  if (method === 'application-credential') {
    Object.assign(env, {
      OS_AUTH_TYPE: 'v3applicationcredential',
      OS_APPLICATION_CREDENTIAL_ID: creds.applicationCredentialId,
      OS_APPLICATION_CREDENTIAL_NAME: creds.applicationCredentialId ? undefined : creds.applicationCredentialName,
      OS_APPLICATION_CREDENTIAL_SECRET: creds.applicationCredentialSecret,
      OS_USERNAME: creds.applicationCredentialId ? undefined : creds.username,
      OS_USER_DOMAIN_NAME: creds.applicationCredentialId ? undefined : creds.userDomainName,
    });
  } else {
    Object.assign(env, {
      OS_USERNAME: creds.username,
      OS_USER_ID: creds.userId,
      OS_PASSWORD: creds.password,
      OS_PROJECT_ID: creds.projectId,
      OS_PROJECT_NAME: creds.projectName,
      OS_USER_DOMAIN_NAME: creds.userDomainName,
      OS_PROJECT_DOMAIN_NAME: creds.projectDomainName,
    });
  }
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => !!e[1] && e[1].trim() !== ''));
}

/** Names of OS_* variables whose values are secret (for plans: NAME=<redacted>). */
export const SECRET_ENV_NAMES = new Set(['OS_PASSWORD', 'OS_APPLICATION_CREDENTIAL_SECRET', 'OS_TOKEN']);
