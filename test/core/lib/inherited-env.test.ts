import { describe, expect, it } from 'vitest';
import {
  inheritedEnvironment,
  isTofuOnlyVariable,
  isWithheldVariable,
  withoutTofuOnly,
} from '../../../src/core/lib/inherited-env.js';

describe('what a command inherits', () => {
  it.each([
    'GITHUB_TOKEN',
    'GH_TOKEN',
    'INPUT_GITHUB-TOKEN',
    'INPUT_KUBECONFIG-PASSPHRASE',
    'INPUT_TOFU-STATE-PASSPHRASE',
    'INPUT_PLAN-PASSPHRASE',
    'INPUT_OPENSTACK-APPLICATION-CREDENTIAL-SECRET',
    'ACTIONS_RUNTIME_TOKEN',
    'ACTIONS_RUNTIME_URL',
    'ACTIONS_RESULTS_URL',
    'ACTIONS_CACHE_URL',
    'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
    'ACTIONS_ID_TOKEN_REQUEST_URL',
    'GITHUB_ENV',
    'GITHUB_OUTPUT',
    'GITHUB_STATE',
    'GITHUB_PATH',
    'GITHUB_STEP_SUMMARY',
    'STATE_main',
    'OS_PASSWORD',
    'OS_CLOUD',
    'github_token',
  ])('not %s', (name) => {
    expect(isWithheldVariable(name)).toBe(true);
    expect(inheritedEnvironment({ [name]: 'x', HOME: '/home/runner' })).toEqual({ HOME: '/home/runner' });
  });

  it.each([
    'PATH',
    'HOME',
    'TMPDIR',
    'GITHUB_WORKSPACE',
    'GITHUB_SHA',
    'GITHUB_REPOSITORY',
    'RUNNER_TEMP',
    'TF_VAR_region',
    'TF_CLI_CONFIG_FILE',
    'SSH_AUTH_SOCK',
    'ANSIBLE_CONFIG',
    'KUBECONFIG',
    'HTTPS_PROXY',
  ])('keeps %s', (name) => {
    expect(isWithheldVariable(name)).toBe(false);
  });

  it('drops a variable of any name holding a withheld secret, whole or inside', () => {
    const passphrase = 'passphrase-canary-4471';
    const env = {
      PATH: '/usr/bin:/bin',
      MY_PASSPHRASE: passphrase,
      TF_VAR_backend: `https://user:${passphrase}@state.example.com`,
      SHORT: 'abc',
      HAS_SHORT: 'xabcx',
    };
    expect(inheritedEnvironment(env, [passphrase, '', 'abc'])).toEqual({ PATH: '/usr/bin:/bin', HAS_SHORT: 'xabcx' });
  });

  it('drops a variable holding a line of a withheld multi-line secret (a key), not one holding its armour only', () => {
    const body = 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ';
    const key = `-----BEGIN OPENSSH PRIVATE KEY-----\n${body}\n-----END OPENSSH PRIVATE KEY-----\n`;
    const env = {
      PATH: '/usr/bin:/bin',
      DEPLOY_KEY: key.replaceAll('\n', '\r\n'),
      KEY_BODY: body,
      OTHER_KEY_HEADER: '-----BEGIN OPENSSH PRIVATE KEY-----',
    };
    expect(inheritedEnvironment(env, [key])).toEqual({
      PATH: '/usr/bin:/bin',
      OTHER_KEY_HEADER: '-----BEGIN OPENSSH PRIVATE KEY-----',
    });
  });

  it('never drops PATH for a short secret that happens to be part of it', () => {
    expect(inheritedEnvironment({ PATH: '/usr/bin:/bin' }, ['bin', 'a'])).toEqual({ PATH: '/usr/bin:/bin' });
  });

  it.each([
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
    'AWS_SESSION_TOKEN',
    'aws_profile',
    'TF_VAR_region',
    'TF_TOKEN_app_terraform_io',
    'TF_HTTP_PASSWORD',
    'TF_CLI_ARGS_plan',
    'PG_CONN_STR',
    'PGPASSWORD',
    'GOOGLE_BACKEND_CREDENTIALS',
    'CONSUL_HTTP_TOKEN',
  ])('%s reaches tofu only', (name) => {
    expect(isTofuOnlyVariable(name)).toBe(true);
    expect(isWithheldVariable(name)).toBe(false); // tofu inherits it
    expect(withoutTofuOnly({ [name]: 'x', HOME: '/home/runner' })).toEqual({ HOME: '/home/runner' });
  });

  it.each(['PATH', 'HOME', 'KUBECONFIG', 'ANSIBLE_CONFIG', 'PGHOST_NOTE', 'MY_AWS_NOTE', 'TFX', 'SSH_AUTH_SOCK'])(
    '%s is for every tool',
    (name) => {
      expect(isTofuOnlyVariable(name)).toBe(false);
    },
  );
});
