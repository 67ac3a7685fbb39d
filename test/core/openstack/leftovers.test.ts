import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenStackCredentials } from '../../../src/core/openstack/credentials.js';
import { openStackSession, type OpenStackSession } from '../../../src/core/openstack/keystone.js';
import { deleteLeftover, findLeftovers } from '../../../src/core/openstack/leftovers.js';
import { type OpenStackApisFixture, startOpenStackApis } from '../../support/openstack-apis.js';

/**
 * What a destroy finds left for its cluster, against Debian's real Cinder and Octavia API services behind the
 * real Keystone (test/support/openstack-apis.ts): the volumes are made through Cinder's own API, marked as
 * Cinder CSI marks its volumes.
 */
let cloud: OpenStackApisFixture;
let session: OpenStackSession;
async function volume(name: string, metadata: Record<string, string>): Promise<string> {
  const answer = (await cloud.api('POST', `${cloud.urls.volumev3}/volumes`, {
    volume: { size: 1, name, metadata },
  })) as {
    volume: { id: string };
  };
  return answer.volume.id;
}

beforeAll(async () => {
  cloud = await startOpenStackApis();
  const credentials: OpenStackCredentials = {
    authUrl: cloud.keystone.authUrl,
    applicationCredentialId: cloud.keystone.appCredId,
    applicationCredentialSecret: cloud.keystone.appCredSecret,
    region: 'RegionOne',
    interface: 'public',
    insecure: false,
    sources: {},
    secretsSeen: [],
  };
  session = await openStackSession(credentials, { requiredServices: [] });
}, 900_000);

afterAll(async () => {
  await cloud?.stop();
});

describe('leftovers of a destroyed cluster in the real Cinder', () => {
  // The fixture's Octavia (tables from its models, no alembic seed rows) refuses load balancer inserts
  // (FOREIGN KEY constraint failed): the load balancer side is exercised on the sandbox's Octavia stand-in
  // (test/sandbox/destroy-cleanup.test.ts); here Octavia is only listed, and answers with none.
  it("finds the cluster's volumes by Cinder CSI's property, nobody else's, and deletes them", async () => {
    const data = await volume('pvc-1', { 'cinder.csi.openstack.org/cluster': 'prod.local' });
    await volume('pvc-2', { 'cinder.csi.openstack.org/cluster': 'other.local' });
    await volume('by-hand', {});

    const found = await findLeftovers(session, 'prod.local');
    expect(found).toEqual([{ kind: 'volume', id: data, name: 'pvc-1' }]);

    // Cinder deletes a volume no host holds (nothing is ever built here) at once.
    expect(await deleteLeftover(session, found[0]!)).toBeUndefined();
    const volumes = (await cloud.api('GET', `${cloud.urls.volumev3}/volumes/detail`)) as { volumes: { id: string }[] };
    expect(volumes.volumes.map((v) => v.id)).not.toContain(data);
    expect(await findLeftovers(session, 'prod.local')).toEqual([]);
  }, 120_000);
});
