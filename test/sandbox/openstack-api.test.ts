import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenStackApiStandIn, type OpenStackApiStandIn } from '../../examples/sandbox/openstack-api.js';
import { emptyDemand } from '../../src/core/openstack/capacity.js';
import { checkCapacity } from '../../src/core/openstack/capacity-check.js';
import type { OpenStackCredentials } from '../../src/core/openstack/credentials.js';
import { checkOpenStackAuth } from '../../src/core/openstack/keystone.js';

/**
 * The sandbox's OpenStack stand-in read by the product's own clients (keystone.ts, quotas.ts,
 * flavors.ts), whose zod schemas follow the API references: every service is read, none skipped,
 * and the figures are the stand-in's. The same clients against the real services:
 * test/core/openstack/quotas.test.ts.
 */
let api: OpenStackApiStandIn;
let servers: { flavor?: string }[] = [];

beforeAll(async () => {
  api = await startOpenStackApiStandIn({
    applicationCredential: { id: 'cred', secret: 'sandbox-Secret-canary' },
    project: () => ({ servers, networks: 1, routers: 1, loadBalancers: 1 }),
  });
});
afterAll(async () => api?.close());

const credentials = (secret = 'sandbox-Secret-canary'): OpenStackCredentials => ({
  authUrl: api.authUrl,
  applicationCredentialId: 'cred',
  applicationCredentialSecret: secret,
  region: 'RegionOne',
  interface: 'public',
  insecure: false,
  sources: {},
  secretsSeen: [secret],
});

describe("the sandbox's OpenStack stand-in", () => {
  it('issues a token whose catalog preflight accepts', async () => {
    const result = await checkOpenStackAuth(credentials(), { timeoutMs: 5000 });
    expect(result).toMatchObject({
      method: 'application-credential',
      user: 'demo',
      project: 'demo',
      region: 'RegionOne',
    });
    expect(result.roles).toEqual(['member', 'reader']);
    expect(Object.keys(result.endpoints).sort()).toEqual([
      'compute',
      'identity',
      'image',
      'load-balancer',
      'network',
      'volumev3',
    ]);
  });

  it('refuses another secret with 401, as Keystone does', async () => {
    await expect(checkOpenStackAuth(credentials('wrong'), { timeoutMs: 5000 })).rejects.toThrow(
      /rejected the application credential cred: the secret is wrong/,
    );
  });

  it('answers every quota API and the flavors; what the sandbox cloud holds counts as in use', async () => {
    servers = [{ flavor: 'm1.medium' }, { flavor: 'm1.small' }];
    const report = await checkCapacity(credentials(), { timeoutMs: 5000 }, async (flavors) => {
      const demand = emptyDemand();
      const large = await flavors.find({ name: 'm1.large' });
      demand.adds = {
        instances: 1,
        cores: large!.vcpus,
        ram: large!.ram,
        networks: 1,
        volumes: 1,
        gigabytes: 10,
        load_balancers: 1,
      };
      return demand;
    });
    expect(report.skipped).toEqual([]);
    expect(report.notes).toEqual([]);
    const rows = Object.fromEntries(report.rows.map((r) => [r.quota, [r.inUse, r.adds, r.limit ?? 'unlimited']]));
    expect(rows).toEqual({
      instances: [4, 1, 10], // two of the project's own, two of the sandbox cloud's
      cores: [4 + 2 + 1, 4, 20],
      ram: [8192 + 4096 + 2048, 8192, 51200],
      networks: [2, 1, 100],
      volumes: [2, 1, 10],
      gigabytes: [40, 10, 1000],
      load_balancers: [1, 1, 'unlimited'],
    });
    expect(api.requests).toEqual(
      expect.arrayContaining([
        'GET /compute/v2.1/limits',
        'GET /compute/v2.1/flavors/detail',
        expect.stringMatching(/^GET \/network\/v2\.0\/quotas\/\w+\/details$/),
        expect.stringMatching(/^GET \/volume\/v3\/\w+\/os-quota-sets\/\w+$/),
        expect.stringMatching(/^GET \/load-balancer\/v2\/lbaas\/quotas\/\w+$/),
      ]),
    );
  });
});
