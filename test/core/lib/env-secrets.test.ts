import { describe, expect, it } from 'vitest';
import { environmentSecrets, isSecretName } from '../../../src/core/lib/env-secrets.js';
import { SUBSTANTIAL_SECRET_LENGTH } from '../../../src/core/lib/secret-forms.js';
import { sensitiveInHcl } from '../../../src/core/tofu/sensitive-variables.js';

describe('secrets of the environment by their name', () => {
  it.each([
    ['AWS_SECRET_ACCESS_KEY', true],
    ['AWS_SESSION_TOKEN', true],
    ['ARM_ACCESS_KEY', true],
    ['ARM_CLIENT_SECRET', true],
    ['ARM_SAS_TOKEN', true],
    ['TF_HTTP_PASSWORD', true],
    ['PGPASSWORD', true],
    ['PG_CONN_STR', true],
    ['GOOGLE_CREDENTIALS', true],
    ['CONSUL_HTTP_AUTH', true],
    ['TF_TOKEN_app_terraform_io', true],
    ['KUBECONFIG_PASSPHRASE_SECRET', true],
    ['my_api_key', true],
    ['TF_VAR_db_password', true],
    ['GPG_PASSPHRASE', true],
    ['KUBECONFIG_PASSPHRASE', true],
    ['db_pass', true],
    ['MYSQL_PASSWD', true],
    ['DB_PWD', true],
    ['AZURE_CREDENTIALS', true],
    ['NPM_CONFIG__AUTH', true],
    ['REGISTRY_AUTH', true],
    ['PWD', false],
    ['OLDPWD', false],
    ['PASSTHROUGH', false],
    ['SSL_PASSTHROUGH', false],
    ['PROXY_BYPASS', false],
    ['AUTHOR', false],
    ['GIT_AUTHOR_NAME', false],
    ['GIT_AUTHOR_EMAIL', false],
    ['SSH_AUTH_SOCK', false],
    ['OAUTH_CLIENT_ID', false],
    ['GPG_PASSPHRASE_FILE', false],
    ['AWS_SHARED_CREDENTIALS_FILE', false],
    ['GOOGLE_APPLICATION_CREDENTIALS', false],
    ['COMPASS', false],
    ['AWS_ACCESS_KEY_ID', false],
    ['SSH_PUBLIC_KEY', false],
    ['TF_VAR_ssh_public_key', false],
    ['KEYRING', false],
    ['TOKEN_FILE', false],
    ['PATH', false],
    ['HOME', false],
  ])('%s: %s', (name, secret) => {
    expect(isSecretName(name)).toBe(secret);
  });

  it('registers values from SUBSTANTIAL_SECRET_LENGTH characters on, TF_VAR_ only when sensitive', () => {
    const env = {
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      SOME_FLAG_TOKEN: 'true',
      EMPTY_PASSWORD: '',
      TF_VAR_admin_pass: 'a-sensitive-one',
      TF_VAR_region: 'RegionOne-long-enough',
      TF_VAR_short: 'x',
      HOME: '/home/runner-with-a-long-path',
    };
    expect('true'.length).toBeLessThan(SUBSTANTIAL_SECRET_LENGTH);
    expect(environmentSecrets(env, new Set(['admin_pass', 'short']))).toEqual([
      'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'a-sensitive-one',
    ]);
  });
});

describe('sensitive variables of the root module', () => {
  it.each([
    ['declared sensitive', 'variable "a" {\n  type = string\n  sensitive = true\n}', ['a']],
    ['not sensitive', 'variable "a" {\n  sensitive = false\n}', []],
    [
      'nested blocks and a validation',
      'variable "a" {\n  validation {\n    condition = length(var.a) > 0\n    error_message = "needs }{"\n  }\n  sensitive = true\n}',
      ['a'],
    ],
    [
      'sensitive only in a comment',
      'variable "a" {\n  # sensitive = true\n  // sensitive = true\n  /* sensitive = true */\n}',
      [],
    ],
    ['sensitive only in a string', 'variable "a" {\n  description = "\\nsensitive = true"\n}', []],
    ['an output, not a variable', 'output "a" {\n  value = 1\n  sensitive = true\n}', []],
    ['one of two', 'variable "a" {}\nvariable "b" {\n sensitive = true\n}', ['b']],
    ['unterminated block', 'variable "a" {\n sensitive = true', ['a']],
  ])('%s', (_, text, names) => {
    expect(sensitiveInHcl(text)).toEqual(names);
  });
});
