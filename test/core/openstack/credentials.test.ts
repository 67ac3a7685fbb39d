import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  authMethod,
  CREDENTIAL_FIELDS,
  credentialOptions,
  credentialSecrets,
  credentialsToEnv,
  resolveCredentials,
} from '../../../src/core/openstack/credentials.js';
import { UsageError } from '../../../src/core/lib/errors.js';
import { credentialProblems } from '../../../src/core/openstack/credentials.js';

const openstack = {
  auth_url: 'https://config.example/v3',
  region: 'RegionOne',
  project_name: 'cfg-project',
  application_credential_id: 'cfg-id',
  application_credential_secret: 'cfg-secret',
};
const config = { source: 'cluster.yaml', openstack };
const configWith = (fields: Record<string, unknown>) => ({
  source: 'cluster.yaml',
  openstack: { ...openstack, ...fields },
});

describe('credential resolution', () => {
  it('prefers options over OS_* variables over the config, field by field', () => {
    const creds = resolveCredentials({
      options: { region: 'FromOption' },
      env: { OS_AUTH_URL: 'https://env.example/v3', OS_REGION_NAME: 'FromEnv' },
      config,
    });
    expect(creds.region).toBe('FromOption');
    expect(creds.authUrl).toBe('https://env.example/v3');
    expect(creds.applicationCredentialSecret).toBe('cfg-secret');
    expect(creds.sources.region).toBe('an explicit option');
    expect(creds.sources.authUrl).toBe('OS_AUTH_URL');
    expect(creds.sources.applicationCredentialSecret).toBe(
      'the config (cluster.yaml: opencenter.infrastructure.cloud.openstack.application_credential_secret)',
    );
  });

  it('lets username/password from the environment replace CHANGEME application credentials', () => {
    const creds = resolveCredentials({
      env: { OS_USERNAME: 'alice', OS_PASSWORD: 'pw-canary', OS_USER_DOMAIN_NAME: 'Default' },
      config: configWith({ application_credential_id: 'CHANGEME', application_credential_secret: 'CHANGEME' }),
    });
    expect(authMethod(creds)).toBe('password');
    expect(credentialProblems(creds)).toEqual([]);
    const env = credentialsToEnv(creds);
    expect(env.OS_PASSWORD).toBe('pw-canary');
    expect(env.OS_APPLICATION_CREDENTIAL_ID).toBeUndefined();
    expect(env.OS_PROJECT_NAME).toBe('cfg-project');
  });

  it('rejects CHANGEME when nothing replaces it, naming the fields and where they came from', () => {
    const creds = resolveCredentials({ env: {}, config: configWith({ application_credential_secret: 'CHANGEME' }) });
    const problems = credentialProblems(creds).join('\n');
    expect(problems).toContain('CHANGEME');
    expect(problems).toContain('application_credential_secret from the config');
  });

  it.each([
    [
      'only the secret missing',
      { auth_url: 'https://x/v3', application_credential_id: 'id-1' },
      "openstack credentials are incomplete: application_credential_secret is not set (OS_APPLICATION_CREDENTIAL_SECRET, clouds.yaml auth.application_credential_secret, the config's opencenter.infrastructure.cloud.openstack.application_credential_secret, --os-application-credential-secret, input openstack-application-credential-secret)",
    ],
    [
      'only the password missing',
      { auth_url: 'https://x/v3', username: 'demo' },
      'incomplete: password is not set (OS_PASSWORD',
    ],
    [
      'auth_url missing',
      { application_credential_id: 'i', application_credential_secret: 's' },
      'incomplete: auth_url is not set (OS_AUTH_URL',
    ],
    [
      'nothing but auth_url',
      { auth_url: 'https://x/v3' },
      'incomplete: application_credential_id is not set (OS_APPLICATION_CREDENTIAL_ID',
    ],
    [
      'nothing but auth_url (the other method named)',
      { auth_url: 'https://x/v3' },
      'or, instead of an application credential, a username and password',
    ],
  ])('names what is missing and where it comes from: %s', (_name, openstack, expected) => {
    const creds = resolveCredentials({ env: {}, config: { source: 'cluster.yaml', openstack } });
    expect(credentialProblems(creds).join('\n')).toContain(expected);
  });

  it('reads a cloud from clouds.yaml selected by OS_CLOUD', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clouds-'));
    const file = path.join(dir, 'clouds.yaml');
    writeFileSync(
      file,
      `clouds:\n  devstack:\n    region_name: RegionTwo\n    auth:\n      auth_url: http://10.0.0.1/identity\n      username: demo\n      password: cloud-pw-canary\n      project_name: demo\n      user_domain_name: Default\n      project_domain_name: Default\n`,
    );
    const creds = resolveCredentials({ env: { OS_CLOUD: 'devstack', OS_CLIENT_CONFIG_FILE: file }, config });
    expect(creds.region).toBe('RegionTwo');
    expect(creds.password).toBe('cloud-pw-canary');
    expect(creds.authUrl).toBe('http://10.0.0.1/identity');
    // The config's complete application credential still wins the method, as it does in Keystone clients.
    expect(authMethod(creds)).toBe('application-credential');
    expect(credentialSecrets(creds).sort()).toEqual(['cfg-secret', 'cloud-pw-canary']);
    expect(() => resolveCredentials({ env: { OS_CLOUD: 'nope', OS_CLIENT_CONFIG_FILE: file } })).toThrow(
      /cloud "nope" not found in .*clouds\.yaml \(clouds: devstack\)/,
    );
  });

  it('exports only the chosen method and always the identity basics', () => {
    const creds = resolveCredentials({ env: { OS_PASSWORD: 'stale', OS_USERNAME: 'bob' }, config });
    const env = credentialsToEnv(creds);
    expect(env).toMatchObject({
      OS_AUTH_URL: 'https://config.example/v3',
      OS_AUTH_TYPE: 'v3applicationcredential',
      OS_APPLICATION_CREDENTIAL_ID: 'cfg-id',
      OS_INTERFACE: 'public',
      OS_IDENTITY_API_VERSION: '3',
    });
    expect(env.OS_PASSWORD).toBeUndefined();
  });
});

describe('the credential table', () => {
  it('gives every field its own flag, input and variable', () => {
    for (const key of ['field', 'flag', 'input'] as const) {
      expect(new Set(CREDENTIAL_FIELDS.map((spec) => spec[key])).size, key).toBe(CREDENTIAL_FIELDS.length);
    }
    expect(new Set(CREDENTIAL_FIELDS.map((spec) => spec.env[0])).size).toBe(CREDENTIAL_FIELDS.length);
    expect(CREDENTIAL_FIELDS.filter((spec) => spec.secret).map((spec) => spec.field)).toEqual([
      'applicationCredentialSecret',
      'password',
    ]);
  });

  it('reads every field from every source by the names in the table', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clouds-'));
    const file = path.join(dir, 'clouds.yaml');
    const entry: Record<string, unknown> = {};
    const env: Record<string, string> = {};
    const openstack: Record<string, unknown> = {};
    for (const spec of CREDENTIAL_FIELDS) {
      const value =
        spec.type === 'boolean'
          ? true
          : spec.type === 'interface'
            ? 'internal'
            : spec.type === 'url'
              ? 'https://k.example/v3'
              : `v-${spec.field}`;
      env[spec.env[0]!] = String(value);
      openstack[spec.config[0]!] = value;
      const key = spec.cloudsYaml[0]!;
      const [head, tail] = key.replace(/^!/, '').split('.');
      const raw = key.startsWith('!') ? !value : value;
      if (tail) entry[head!] = { ...(entry[head!] as object), [tail]: raw };
      else entry[head!] = raw;
    }
    writeFileSync(file, JSON.stringify({ clouds: { c: entry } }));
    const fromEnv = resolveCredentials({ env });
    const fromClouds = resolveCredentials({ env: { OS_CLOUD: 'c', OS_CLIENT_CONFIG_FILE: file } });
    const fromConfig = resolveCredentials({ env: {}, config: { source: 'c.yaml', openstack } });
    for (const creds of [fromEnv, fromClouds, fromConfig]) {
      for (const spec of CREDENTIAL_FIELDS) expect(creds[spec.field], spec.field).toBe(fromEnv[spec.field]);
      expect(creds.insecure).toBe(true);
      expect(creds.interface).toBe('internal');
    }
    expect(fromClouds.sources.insecure).toMatch(/clouds\.c\.verify\)$/);
  });

  it('registers every secret seen in any source, also one a higher-precedence source overrides', () => {
    const creds = resolveCredentials({
      options: { password: 'opt-pw' },
      env: { OS_APPLICATION_CREDENTIAL_SECRET: 'new-secret', OS_PASSWORD: 'env-pw' },
      config: configWith({ application_credential_secret: 'old-secret', password: 'cfg-pw' }),
    });
    expect(creds.applicationCredentialSecret).toBe('new-secret');
    expect(credentialSecrets(creds).sort()).toEqual(['cfg-pw', 'env-pw', 'new-secret', 'old-secret', 'opt-pw']);
  });

  it.each([
    ['OS_INTERFACE', { OS_INTERFACE: 'bogus' }, 'OS_INTERFACE: "bogus" is not one of public, internal, admin'],
    ['OS_INSECURE', { OS_INSECURE: 'maybe' }, 'OS_INSECURE: "maybe" is not true or false'],
    ['a line break', { OS_AUTH_URL: 'https://k/v3\nX: y' }, 'OS_AUTH_URL: contains a line break or control character'],
  ])('refuses a bad value in %s, naming the variable', (_name, env, message) => {
    expect(() => resolveCredentials({ env })).toThrow(message);
  });

  it('refuses a bad value in clouds.yaml, naming the file and key', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clouds-'));
    const file = path.join(dir, 'clouds.yaml');
    writeFileSync(file, 'clouds:\n  c:\n    interface: nope\n    auth:\n      password: [1, 2]\n');
    expect(() => resolveCredentials({ env: { OS_CLOUD: 'c', OS_CLIENT_CONFIG_FILE: file } })).toThrow(
      `${file} (clouds.c.interface): "nope" is not one of public, internal, admin`,
    );
  });

  it('reads options as usage errors naming the flag or input', () => {
    const flags: Record<string, string | boolean> = { 'os-interface': 'bogus' };
    expect(() => credentialOptions('cli', (spec) => flags[spec.flag])).toThrow(
      new UsageError('--os-interface: "bogus" is not one of public, internal, admin'),
    );
    const inputs: Record<string, string> = { 'openstack-insecure': 'perhaps' };
    expect(() => credentialOptions('action', (spec) => inputs[spec.input])).toThrow(
      new UsageError('input openstack-insecure: "perhaps" is not true or false'),
    );
  });
});
