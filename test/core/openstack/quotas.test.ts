import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OpenStackCredentials } from '../../../src/core/openstack/credentials.js';
import { capacityRefusal, renderCapacityText } from '../../../src/core/openstack/capacity.js';
import { checkCapacity } from '../../../src/core/openstack/capacity-check.js';
import { planCapacityDemand } from '../../../src/core/tofu/capacity-demand.js';
import { type OpenStackApisFixture, startOpenStackApis } from '../../support/openstack-apis.js';

/**
 * The capacity check against Debian's real Nova, Neutron, Cinder and Octavia API services behind
 * the real Keystone (test/support/openstack-apis.ts): the limits are set and the objects made
 * through the services' own APIs, and the check reads them as it would on a cloud.
 */
let cloud: OpenStackApisFixture;
/** Planted in the plan's values and the credentials: it must come out nowhere. */
const CANARY = 'canary-Secret-7f3a9c';

beforeAll(async () => {
  cloud = await startOpenStackApis();
  await cloud.api('POST', `${cloud.urls.compute}/flavors`, {
    flavor: { name: 'm1.small', vcpus: 2, ram: 4096, disk: 20 },
  });
  await cloud.api('POST', `${cloud.urls.compute}/flavors`, {
    flavor: { name: 'm1.large', vcpus: 8, ram: 16384, disk: 80 },
  });
  // What the project already has: two servers, a network, a router, a 10 GiB volume.
  await cloud.addServers(2, { vcpus: 2, ram: 4096 });
  await cloud.api('POST', `${cloud.urls.network}/v2.0/networks`, { network: { name: 'existing' } });
  await cloud.api('POST', `${cloud.urls.network}/v2.0/routers`, { router: { name: 'existing' } });
  await cloud.api('POST', `${cloud.urls.volumev3}/volumes`, { volume: { size: 10, name: 'existing' } });
}, 900_000);

afterAll(async () => {
  await cloud?.stop();
});

afterEach(async () => {
  await cloud.resetLimits();
  for (const service of ['nova', 'neutron', 'cinder', 'octavia'] as const) await cloud.setPolicy(service, {});
});

function credentials(fields: Partial<OpenStackCredentials> = {}): OpenStackCredentials {
  return {
    authUrl: cloud.keystone.authUrl,
    applicationCredentialId: cloud.keystone.appCredId,
    applicationCredentialSecret: cloud.keystone.appCredSecret,
    region: 'RegionOne',
    interface: 'public',
    insecure: false,
    sources: {},
    secretsSeen: [CANARY],
    ...fields,
  };
}

type Change = { address: string; type: string; actions: string[]; before?: unknown; after?: unknown };
const server = (flavor: string) => ({
  name: 'node',
  flavor_name: flavor,
  network: [{ uuid: 'net', port: '' }],
  admin_pass: CANARY,
  user_data: CANARY,
});
function plan(changes: Change[]) {
  return {
    resource_changes: changes.map((c) => ({
      address: c.address,
      mode: 'managed',
      type: c.type,
      change: { actions: c.actions, before: c.before ?? null, after: c.after ?? null, after_unknown: {} },
    })),
  };
}
const servers = (count: number, flavor: string): Change[] =>
  Array.from({ length: count }, (_, i) => ({
    address: `openstack_compute_instance_v2.node[${i}]`,
    type: 'openstack_compute_instance_v2',
    actions: ['create'],
    after: server(flavor),
  }));
const created = (type: string, after: unknown = {}): Change => ({
  address: `${type}.x`,
  type,
  actions: ['create'],
  after,
});

async function check(changes: Change[], creds = credentials()) {
  const report = await checkCapacity(creds, { timeoutMs: 60_000 }, (flavors) =>
    planCapacityDemand(plan(changes), flavors),
  );
  const everything = `${renderCapacityText(report)}\n${report.exceeded.length ? capacityRefusal(report) : ''}\n${JSON.stringify(report)}`;
  expect(everything).not.toContain(CANARY);
  expect(everything).not.toContain(cloud.keystone.appCredSecret);
  return report;
}

describe('capacity against the real quota APIs', () => {
  it('under quota: the usage is what the services count, the plan adds its flavors', async () => {
    const report = await check([...servers(3, 'm1.small'), created('openstack_networking_network_v2')]);
    expect(report.skipped).toEqual([]);
    expect(report.exceeded).toEqual([]);
    const row = (quota: string) => report.rows.find((r) => r.quota === quota);
    // Nova's defaults: 10 instances, 20 cores, 51200 MiB; the two servers already there count.
    expect(row('instances')).toMatchObject({ inUse: 2, adds: 3, limit: 10, leftAfter: 5 });
    expect(row('cores')).toMatchObject({ inUse: 4, adds: 6, limit: 20, leftAfter: 10 });
    expect(row('ram')).toMatchObject({ inUse: 8192, adds: 12288 });
    expect(row('networks')).toMatchObject({ inUse: 1, adds: 1 });
    expect(row('ports')).toMatchObject({ adds: 3 });
  });

  it('one quota exceeded by one', async () => {
    await cloud.setLimits({ nova: { cores: 4 + 6 - 1 } });
    const report = await check(servers(3, 'm1.small'));
    expect(report.exceeded.map((r) => [r.quota, r.by])).toEqual([['cores', 1]]);
    expect(capacityRefusal(report)).toContain('cores (vCPUs): exceeded by 1 (in use 4 + the plan adds 6 > limit 9)');
  });

  it('several exceeded, in different services', async () => {
    await cloud.setLimits({
      nova: { ram: 16384 },
      neutron: { router: 1 },
      cinder: { gigabytes: 50 },
      octavia: { loadbalancer: 0 },
    });
    const report = await check([
      ...servers(1, 'm1.large'),
      created('openstack_networking_router_v2'),
      created('openstack_blockstorage_volume_v3', { size: 41 }),
      created('openstack_lb_loadbalancer_v2'),
    ]);
    expect(report.exceeded.map((r) => [r.quota, r.by])).toEqual([
      ['ram', 8192],
      ['routers', 1],
      ['gigabytes', 1],
      ['load_balancers', 1],
    ]);
  });

  it('unlimited (-1) is never exceeded', async () => {
    await cloud.setLimits({ nova: { instances: -1, cores: -1, ram: -1 } });
    const report = await check(servers(40, 'm1.large'));
    expect(report.exceeded).toEqual([]);
    const cores = report.rows.find((r) => r.quota === 'cores');
    expect(cores).toMatchObject({ inUse: 4, adds: 320 });
    expect(cores?.limit).toBeUndefined();
  });

  it('a replacement that frees what it takes passes at the limit; a plan with deletions only frees', async () => {
    await cloud.setLimits({ nova: { instances: 2, cores: 4 } });
    const replaced: Change = {
      address: 'openstack_compute_instance_v2.node[0]',
      type: 'openstack_compute_instance_v2',
      actions: ['delete', 'create'],
      before: server('m1.small'),
      after: server('m1.small'),
    };
    expect((await check([replaced])).exceeded).toEqual([]);
    const deleted = await check([{ ...replaced, actions: ['delete'], after: undefined }]);
    expect(deleted.exceeded).toEqual([]);
    expect(deleted.rows.find((r) => r.quota === 'instances')).toMatchObject({ inUse: 2, adds: -1, leftAfter: 1 });
  });

  it('a 403 on a quota API is a warning naming it; the other services are still compared', async () => {
    await cloud.setPolicy('nova', { 'os_compute_api:limits': '!' });
    await cloud.setLimits({ neutron: { network: 1 } });
    const report = await check([...servers(1, 'm1.small'), created('openstack_networking_network_v2')]);
    expect(report.skipped).toEqual([
      { service: 'compute', reason: expect.stringMatching(/^Nova GET \/limits answered 403 Forbidden/) },
    ]);
    expect(report.exceeded.map((r) => r.quota)).toEqual(['networks']);
    expect(report.unchecked.map((u) => u.quota)).toEqual(['instances', 'cores', 'ram']);
  });

  it('services absent from the catalog of the region are skipped and said', async () => {
    // RegionTwo has only a public compute endpoint, where nothing listens.
    const report = await check(servers(1, 'm1.small'), credentials({ region: 'RegionTwo' }));
    expect(report.skipped.map((s) => s.service)).toEqual(['compute', 'network', 'volume', 'load-balancer']);
    expect(report.skipped.slice(1).map((s) => s.reason)).toEqual([
      'Neutron (network) is not in the catalog for this region and interface',
      'Cinder (block-storage or volumev3) is not in the catalog for this region and interface',
      'Octavia (load-balancer) is not in the catalog for this region and interface',
    ]);
    expect(report.skipped[0]!.reason).toMatch(/^Nova GET \/limits failed: /);
  });
});
