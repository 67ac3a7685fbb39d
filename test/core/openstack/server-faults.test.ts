import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimServer } from '../../../examples/sandbox/capi/controllers.js';
import { type NovaStandIn, startNovaStandIn } from '../../../examples/sandbox/capi/nova.js';
import type { OpenStackCredentials } from '../../../src/core/openstack/credentials.js';
import { readServerFaults } from '../../../src/core/openstack/server-faults.js';
import { freePort, type KeystoneFixture, startKeystone } from '../../support/keystone.js';

/**
 * Nova's fault of an ERROR server, read with a token from the real Keystone (whose catalog names the sandbox's Nova
 * stand-in as compute; the stand-in validates each token with that Keystone, as keystonemiddleware does).
 */

const NO_VALID_HOST = 'No valid host was found. There are not enough hosts available.';
let keystone: KeystoneFixture;
let nova: NovaStandIn;
const servers: SimServer[] = [];
const errored: SimServer = {
  id: randomUUID(),
  name: 'capi-sandbox-md-0-abcde',
  cluster: 'default/capi-sandbox',
  status: 'ERROR',
  fault: NO_VALID_HOST,
  faultAt: '2026-11-26T18:00:00.000Z',
  address: '10.6.0.10',
};
const active: SimServer = { ...errored, id: randomUUID(), status: 'ACTIVE', fault: undefined, faultAt: undefined };

beforeAll(async () => {
  const port = await freePort();
  keystone = await startKeystone({
    services: [{ type: 'compute', name: 'nova', url: `http://127.0.0.1:${port}/v2.1` }],
  });
  nova = await startNovaStandIn({ servers: () => servers, port, keystoneUrl: keystone.authUrl });
  servers.push(errored, active);
}, 180_000);
afterAll(async () => {
  await nova?.close();
  await keystone?.stop();
});

function credentials(fields: Partial<OpenStackCredentials> = {}): OpenStackCredentials {
  return {
    authUrl: keystone.authUrl,
    region: keystone.region,
    applicationCredentialId: keystone.appCredId,
    applicationCredentialSecret: keystone.appCredSecret,
    interface: 'public',
    insecure: false,
    sources: {},
    secretsSeen: [],
    ...fields,
  };
}

describe('readServerFaults against Keystone and the Nova stand-in', () => {
  it("gives an ERROR server's fault (code, created, message) and an ACTIVE one's status without a fault", async () => {
    const answer = await readServerFaults(credentials(), [errored.id, active.id], { timeoutMs: 10_000 });
    expect(answer.note).toBeUndefined();
    expect(answer.servers).toEqual([
      { id: errored.id, status: 'ERROR', fault: { code: 500, created: errored.faultAt, message: NO_VALID_HOST } },
      { id: active.id, status: 'ACTIVE' },
    ]);
  });

  it('a server Nova does not know, a refusing policy, no compute endpoint and an unreachable Keystone are notes', async () => {
    const gone = randomUUID();
    const unknown = await readServerFaults(credentials(), [gone], { timeoutMs: 10_000 });
    expect(unknown.servers).toEqual([
      {
        id: gone,
        note: `Nova does not know server ${gone} ("Instance ${gone} could not be found."): it was deleted already`,
      },
    ]);

    nova.setPolicy({ 'os_compute_api:servers:show': '!' });
    try {
      const refused = await readServerFaults(credentials(), [errored.id], { timeoutMs: 10_000 });
      expect(refused.servers[0]?.note).toBe(
        `Nova refused to show server ${errored.id} (403 ("Policy doesn't allow os_compute_api:servers:show to be performed.")): the credentials may not read servers`,
      );
    } finally {
      nova.setPolicy({});
    }

    // RegionTwo has only a public compute endpoint: none for the internal interface.
    const noCompute = await readServerFaults(
      credentials({ region: keystone.otherRegion, interface: 'internal' }),
      [errored.id],
      {
        timeoutMs: 10_000,
      },
    );
    expect(noCompute).toEqual({
      servers: [],
      note: `Nova not asked: the catalog has no compute endpoint in ${keystone.otherRegion}/internal`,
    });

    const port = await freePort();
    const down = await readServerFaults(credentials({ authUrl: `http://127.0.0.1:${port}/v3` }), [errored.id], {
      timeoutMs: 5_000,
    });
    expect(down.servers).toEqual([]);
    expect(down.note).toMatch(/^Nova not asked: connection to 127\.0\.0\.1:\d+ refused/);
  });

  it('a token Nova does not accept is a note; no answer and no note carries the secret', async () => {
    const wrong = await readServerFaults(credentials({ applicationCredentialSecret: 'not-the-secret' }), [errored.id], {
      timeoutMs: 10_000,
    });
    expect(wrong.servers).toEqual([]);
    expect(wrong.note).toMatch(/^Nova not asked: Keystone at .* rejected the application credential/);

    // The stand-in refuses a token it cannot validate (as Nova behind keystonemiddleware): the token is really sent.
    nova.useKeystone(`http://127.0.0.1:${await freePort()}/v3`);
    try {
      const refused = await readServerFaults(credentials(), [errored.id], { timeoutMs: 10_000 });
      expect(refused.servers[0]?.note).toBe(
        'Nova did not accept the token (401 ("The request you have made requires authentication."))',
      );
      const all = JSON.stringify([wrong, refused]);
      expect(all).not.toContain(keystone.appCredSecret);
    } finally {
      nova.useKeystone(keystone.authUrl);
    }
  });
});
