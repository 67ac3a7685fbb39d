import { describe, expect, it } from 'vitest';
import type { OpenStackCredentials } from '../../../src/core/openstack/credentials.js';
import { kubesprayCloudEnv } from '../../../src/core/kubespray/cloud-env.js';

const base: OpenStackCredentials = {
  authUrl: 'https://keystone.example/v3',
  region: 'RegionOne',
  interface: 'public',
  insecure: false,
  sources: {},
  secretsSeen: [],
};

describe('the OS_* variables Kubespray’s cloud controller and Cinder CSI roles read', () => {
  it('an application credential by id gets its name from Keystone: both are exported', () => {
    const creds = { ...base, applicationCredentialId: 'ac-id', applicationCredentialSecret: 's3cret' };
    const without = kubesprayCloudEnv(creds);
    expect(without.missing.join('\n')).toMatch(
      /application credential's name .*external_openstack_application_credential_name/,
    );
    const resolved = kubesprayCloudEnv(creds, { id: 'ac-id', name: 'deployer' });
    expect(resolved.missing).toEqual([]);
    expect(resolved.env).toMatchObject({
      OS_AUTH_URL: 'https://keystone.example/v3',
      OS_REGION_NAME: 'RegionOne',
      OS_APPLICATION_CREDENTIAL_ID: 'ac-id',
      OS_APPLICATION_CREDENTIAL_NAME: 'deployer',
      OS_APPLICATION_CREDENTIAL_SECRET: 's3cret',
    });
  });

  it('says what is missing before Kubespray runs', () => {
    const password = kubesprayCloudEnv({ ...base, region: undefined, userId: 'u-1', password: 'p' });
    expect(password.missing).toEqual([
      'the username (OS_USERNAME): Kubespray does not take a user id',
      'the project (OS_PROJECT_NAME or OS_PROJECT_ID)',
      'the user domain (OS_USER_DOMAIN_NAME)',
      'the region (OS_REGION_NAME): "external_openstack_region is missing"',
    ]);
    const complete = kubesprayCloudEnv({
      ...base,
      username: 'u',
      password: 'p',
      projectName: 'p',
      userDomainName: 'Default',
      caCert: '/etc/ca.pem',
    });
    expect(complete.missing).toEqual([]);
    expect(complete.notes.join()).toMatch(
      /OS_CACERT=\/etc\/ca.pem: Kubespray reads this path on the first control plane node/,
    );
  });
});
