import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenStackCredentials } from '../../../src/core/openstack/credentials.js';
import { UserError } from '../../../src/core/lib/errors.js';
import { checkOpenStackAuth, describeAuthCheck, normalizeAuthUrl } from '../../../src/core/openstack/keystone.js';
import { startKeystone, type KeystoneFixture } from '../../support/keystone.js';
import { ACTION_NAMES, judgePlanCredential, type PlanCredentialRule } from '../../../src/core/openstack/roles.js';
import { checkPlanCredential } from '../../../src/core/openstack/plan-credential.js';

function credentials(fields: Partial<OpenStackCredentials>): OpenStackCredentials {
  return { interface: 'public', insecure: false, sources: {}, secretsSeen: [], ...fields };
}

/** The UserError a check fails with (anything else fails the test). */
async function failure(
  creds: OpenStackCredentials,
  options?: Parameters<typeof checkOpenStackAuth>[1],
): Promise<string> {
  const error = await checkOpenStackAuth(creds, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  return (error as UserError).message;
}

/** A local server that is not Keystone; closes its open connections on close(). */
async function startFakeServer(
  server: http.Server | https.Server | net.Server,
): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const scheme = server instanceof https.Server ? 'https' : 'http';
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('auth_url normalisation', () => {
  it.each([
    ['https://keystone.example.com:5000', 'https://keystone.example.com:5000/v3'],
    ['https://keystone.example.com:5000/', 'https://keystone.example.com:5000/v3'],
    ['https://keystone.example.com:5000/v3', 'https://keystone.example.com:5000/v3'],
    ['https://keystone.example.com:5000/v3/', 'https://keystone.example.com:5000/v3'],
    ['https://keystone.example.com/identity', 'https://keystone.example.com/identity/v3'],
    ['https://keystone.example.com/identity/v3/', 'https://keystone.example.com/identity/v3'],
    ['https://keystone.example.com/v3.14', 'https://keystone.example.com/v3'],
    [' http://10.0.0.5:5000/v3 ', 'http://10.0.0.5:5000/v3'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeAuthUrl(input)).toBe(expected);
  });

  it('refuses Keystone v2.0 URLs and non-http URLs', () => {
    expect(() => normalizeAuthUrl('https://keystone.example.com:5000/v2.0')).toThrow(/v2\.0.*needs Keystone v3/);
    expect(() => normalizeAuthUrl('ftp://keystone.example.com')).toThrow(UserError);
    expect(() => normalizeAuthUrl('keystone.example.com:5000')).toThrow(UserError);
  });
});

describe('checks that need no Keystone', () => {
  it('describes the check for the dry-run plan without the secret', () => {
    const creds = credentials({
      authUrl: 'https://keystone.example.com:5000',
      region: 'RegionOne',
      applicationCredentialId: 'ac-id',
      applicationCredentialSecret: 'ac-secret-canary',
    });
    expect(describeAuthCheck(creds)).toBe(
      'POST https://keystone.example.com:5000/v3/auth/tokens (application credential ac-id), then check catalog for identity, compute, network, image in RegionOne/public',
    );
    expect(describeAuthCheck(credentials({ interface: 'internalURL' }), { requiredServices: ['compute'] })).toBe(
      'POST <auth_url missing>/auth/tokens (no complete credentials yet), then check catalog for compute in any region/internal',
    );
  });

  it('asks for the missing pieces before any request', async () => {
    expect(await failure(credentials({ applicationCredentialId: 'x', applicationCredentialSecret: 'y' }))).toMatch(
      /no Keystone auth_url/,
    );
    expect(await failure(credentials({ authUrl: 'http://127.0.0.1:9/v3' }))).toMatch(
      /no complete OpenStack credentials/,
    );
    const noProject = credentials({
      authUrl: 'http://127.0.0.1:9/v3',
      username: 'alice',
      userDomainName: 'Default',
      password: 'pw',
    });
    expect(await failure(noProject)).toMatch(/needs a project/);
    expect(await failure({ ...noProject, projectName: 'p', userDomainName: undefined })).toMatch(
      /user alice needs a user domain/,
    );
  });
});

describe('unreachable or wrong auth_url', () => {
  it('names host:port when the connection is refused', async () => {
    const closed = await startFakeServer(net.createServer());
    const { port } = new URL(closed.url);
    await closed.close();
    const message = await failure(
      credentials({
        authUrl: `http://127.0.0.1:${port}/v3`,
        applicationCredentialId: 'id',
        applicationCredentialSecret: 's',
      }),
    );
    expect(message).toContain(`connection to 127.0.0.1:${port} refused`);
  });

  it('reports a host that does not resolve', async () => {
    const message = await failure(
      credentials({
        authUrl: 'https://keystone.invalid:5000',
        applicationCredentialId: 'id',
        applicationCredentialSecret: 's',
      }),
    );
    expect(message).toContain('cannot resolve host keystone.invalid');
  });

  it('gives up after the timeout when the server accepts but never answers', async () => {
    const silent = await startFakeServer(net.createServer(() => {}));
    try {
      const started = Date.now();
      const message = await failure(
        credentials({ authUrl: silent.url, applicationCredentialId: 'id', applicationCredentialSecret: 's' }),
        { timeoutMs: 300 },
      );
      expect(Date.now() - started).toBeLessThan(3000);
      expect(message).toContain('accepted the connection but did not answer within 0.3s');
      expect(message).toContain('--auth-timeout');
    } finally {
      await silent.close();
    }
  });

  describe('servers that are not Keystone', () => {
    const servers: { url: string; close(): Promise<void> }[] = [];
    const serve = async (status: number, contentType: string, body: string, headers: Record<string, string> = {}) => {
      const server = await startFakeServer(
        http.createServer((request, response) => {
          request.resume();
          response.writeHead(status, { 'Content-Type': contentType, ...headers }).end(body);
        }),
      );
      servers.push(server);
      return credentials({
        authUrl: server.url,
        applicationCredentialId: 'ac-id',
        applicationCredentialSecret: 'ac-secret-canary',
      });
    };
    afterAll(async () => Promise.all(servers.map((s) => s.close())));

    it('an HTML page with 200', async () => {
      const message = await failure(await serve(200, 'text/html', '<html><body>Welcome to nginx</body></html>'));
      expect(message).toMatch(/answered 200 with an HTML page: auth_url is probably not a Keystone v3 URL/);
    });

    it('JSON with 404', async () => {
      const message = await failure(await serve(404, 'application/json', '{"message":"no route"}'));
      expect(message).toMatch(/\/v3\/auth\/tokens answered 404 Not Found .*probably not a Keystone v3 URL/);
    });

    it('a redirect', async () => {
      const message = await failure(
        await serve(301, 'text/html', '', { Location: 'https://keystone.example.com/v3/auth/tokens' }),
      );
      expect(message).toContain('redirects (301) to https://keystone.example.com/v3/auth/tokens');
    });

    it('403 and 500 with Keystone-style bodies, without echoing the secret', async () => {
      const forbidden = await failure(
        await serve(
          403,
          'application/json',
          '{"error":{"code":403,"message":"You are not authorized.","title":"Forbidden"}}',
        ),
      );
      expect(forbidden).toContain(
        'refused a token for the application credential ac-id (403 Forbidden) (Keystone: "You are not authorized.")',
      );
      const echo = await failure(
        await serve(
          500,
          'application/json',
          '{"error":{"code":500,"message":"bad secret ac-secret-canary","title":"Internal"}}',
        ),
      );
      expect(echo).toMatch(/failed with 500; try again later/);
      expect(echo).not.toContain('ac-secret-canary');
    });
  });

  describe('TLS', () => {
    let dir: string;
    let server: { url: string; close(): Promise<void> };
    let certFile: string;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'keystone-tls-'));
      certFile = path.join(dir, 'cert.pem');
      const keyFile = path.join(dir, 'key.pem');
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:P-256',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
          '-keyout',
          keyFile,
          '-out',
          certFile,
        ],
        { stdio: 'ignore' },
      );
      server = await startFakeServer(
        https.createServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) }, (request, response) => {
          request.resume();
          response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html></html>');
        }),
      );
    });
    afterAll(async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const tlsCreds = (fields: Partial<OpenStackCredentials>) =>
      credentials({ authUrl: server.url, applicationCredentialId: 'id', applicationCredentialSecret: 's', ...fields });

    it('suggests the CA bundle or insecure for a self-signed certificate', async () => {
      const message = await failure(tlsCreds({}));
      expect(message).toMatch(/certificate of 127\.0\.0\.1:\d+ is not trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
      expect(message).toMatch(/CA bundle.*insecure/);
    });

    it('trusts the CA bundle file, or skips verification with insecure', async () => {
      // Past TLS, the fake server's HTML answer is the next problem: proof the handshake passed.
      expect(await failure(tlsCreds({ caCert: certFile }))).toMatch(/HTML page/);
      expect(await failure(tlsCreds({ insecure: true }))).toMatch(/HTML page/);
    });

    it('names an unreadable CA bundle', async () => {
      expect(
        await failure(tlsCreds({ caCert: path.join(dir, 'missing.pem'), sources: { caCert: 'the environment' } })),
      ).toMatch(/cannot read the CA bundle .*missing\.pem \(from the environment\)/);
    });
  });
});

describe('against a real Keystone', () => {
  let keystone: KeystoneFixture;
  // Seconds on an idle machine; minutes on one running several suites at once.
  beforeAll(async () => {
    keystone = await startKeystone();
  }, 600_000);
  afterAll(async () => {
    await keystone?.stop();
  });

  const password = (fields: Partial<OpenStackCredentials> = {}) =>
    credentials({
      authUrl: keystone.authUrl,
      region: keystone.region,
      username: keystone.userName,
      password: keystone.adminPassword,
      userDomainName: keystone.domain,
      projectName: keystone.projectName,
      projectDomainName: keystone.domain,
      ...fields,
    });
  const appCred = (fields: Partial<OpenStackCredentials> = {}) =>
    credentials({
      authUrl: keystone.authUrl,
      region: keystone.region,
      applicationCredentialId: keystone.appCredId,
      applicationCredentialSecret: keystone.appCredSecret,
      ...fields,
    });

  it('authenticates with a password and finds the four services in the region', async () => {
    const result = await checkOpenStackAuth(password());
    expect(result).toMatchObject({
      method: 'password',
      user: 'admin',
      project: 'admin',
      region: 'RegionOne',
      interface: 'public',
    });
    expect(Object.keys(result.endpoints).sort()).toEqual(['compute', 'identity', 'image', 'network']);
    expect(result.endpoints.compute).toBe('http://127.0.0.1:8774/v2.1');
    expect(Date.parse(result.expiresAt!)).toBeGreaterThan(Date.now());
    // Fernet tokens start with gAAAAA; none may leak into the result.
    expect(JSON.stringify(result)).not.toContain('gAAAAA');
  });

  it('authenticates with an application credential, by id (auth_url without /v3) and by name', async () => {
    const byId = await checkOpenStackAuth(appCred({ authUrl: keystone.authUrl.replace(/\/v3$/, '') }));
    expect(byId).toMatchObject({
      method: 'application-credential',
      user: 'admin',
      project: 'admin',
      region: 'RegionOne',
      // Keystone names the credential given by id: Kubespray's cloud roles need the name
      applicationCredential: { id: keystone.appCredId, name: 'preflight-test' },
    });
    const byName = await checkOpenStackAuth(
      appCred({
        applicationCredentialId: undefined,
        applicationCredentialName: 'preflight-test',
        username: 'admin',
        userDomainName: 'Default',
      }),
    );
    expect(byName.method).toBe('application-credential');
  });

  it('takes the region from the endpoints when none is configured', async () => {
    const result = await checkOpenStackAuth(appCred({ region: undefined }));
    expect(result.region).toBe('RegionOne');
  });

  it('names the rejected application credential, never the secret', async () => {
    const wrongSecret = 'wrong-secret-canary';
    const message = await failure(
      appCred({
        applicationCredentialSecret: wrongSecret,
        sources: { applicationCredentialSecret: 'the environment' },
      }),
    );
    expect(message).toContain(`rejected the application credential ${keystone.appCredId}`);
    expect(message).toContain('has expired');
    expect(message).toContain('Check the secret (from the environment)');
    expect(message).not.toContain(wrongSecret);
    expect(message).not.toContain(keystone.appCredSecret);
  });

  it('says when the application credential id does not exist', async () => {
    const message = await failure(appCred({ applicationCredentialId: 'f00' }));
    expect(message).toContain('does not know the application credential f00');
  });

  it('names the user whose password was rejected, never the password, and hints at the project', async () => {
    const wrongPassword = 'wrong-password-canary';
    const message = await failure(password({ password: wrongPassword }));
    expect(message).toContain(`rejected the password for user admin in domain Default`);
    expect(message).toContain('project admin in domain Default does not exist');
    expect(message).not.toContain(wrongPassword);
    // A second failed attempt also gets a 401, not "database is locked" (the fixture's WAL mode).
    expect(await failure(password({ password: wrongPassword }))).toContain('rejected the password');
  });

  it('points at the project when the password is right but the project is wrong', async () => {
    expect(await failure(password({ projectName: 'no-such-project' }))).toContain(
      'project no-such-project in domain Default does not exist',
    );
  });

  it('says the password has expired when Keystone says so', async () => {
    const message = await failure(
      password({ username: keystone.expiredUser.name, password: keystone.expiredUser.password }),
    );
    expect(message).toContain('the password has expired');
    expect(message).not.toContain(keystone.expiredUser.password);
  });

  it('names a region that is not in the catalog and lists the ones that are', async () => {
    const message = await failure(appCred({ region: 'RegionThree', sources: { region: 'the config' } }));
    expect(message).toContain('region RegionThree (from the config) is not in the service catalog');
    expect(message).toContain('regions RegionOne, RegionTwo');
  });

  it('lists where services exist when the region lacks them', async () => {
    const message = await failure(appCred({ region: keystone.otherRegion }));
    expect(message).toContain('has no public endpoint in region RegionTwo for identity, network, image');
    expect(message).toContain('network exists only in RegionOne (admin, internal, public)');
  });

  it('names a required service the catalog does not have', async () => {
    const message = await failure(appCred(), { requiredServices: ['identity', 'compute', 'load-balancer'] });
    expect(message).toContain('for load-balancer: load-balancer is not in the catalog at all');
  });

  describe("the roles of a plan credential, as Keystone's token lists them", () => {
    const pullRequest: PlanCredentialRule = { policy: 'any', untrustedCode: true, names: ACTION_NAMES };
    const roleCred = (which: keyof KeystoneFixture['roleCreds']) =>
      appCred({
        applicationCredentialId: keystone.roleCreds[which].id,
        applicationCredentialSecret: keystone.roleCreds[which].secret,
      });
    const verdictFor = async (which: keyof KeystoneFixture['roleCreds'], rule = pullRequest) => {
      const { roles, method } = await checkOpenStackAuth(roleCred(which));
      return { roles, verdict: judgePlanCredential({ roles, method }, rule) };
    };

    it('reads reader alone from a credential restricted to reader: no warning', async () => {
      const { roles, verdict } = await verdictFor('reader');
      expect(roles).toEqual(['reader']);
      expect(verdict).toEqual({ kind: 'ok', detail: 'roles: reader' });
    });

    it('warns about a member credential on a pull request (no implied reader), refuses it with reader-only', async () => {
      const { roles, verdict } = await verdictFor('member');
      expect(roles).toEqual(['member']);
      expect(verdict.kind).toBe('warning');
      expect((verdict as { message: string }).message).toMatch(
        /^the plan credential carries the role member, more than reader/,
      );
      await expect(verdictFor('member', { ...pullRequest, policy: 'reader-only' })).rejects.toThrow(
        /^plan-credential: reader-only: the plan credential carries the role member/,
      );
    });

    it('does not warn about a member credential planning a push (trusted code)', async () => {
      const { verdict } = await verdictFor('member', { ...pullRequest, untrustedCode: false });
      expect(verdict).toEqual({ kind: 'ok', detail: 'roles: member' });
    });

    it('warns about an admin credential', async () => {
      const { roles, verdict } = await verdictFor('admin');
      expect(roles).toEqual(['admin']);
      expect((verdict as { message: string }).message).toMatch(/^the plan credential carries the role admin, more/);
    });

    it('checks the plan credential only where its roles matter, and never for trusted code', async () => {
      const authCheck = { enabled: true, timeoutMs: 10_000 };
      const member = roleCred('member');
      expect((await checkPlanCredential(member, { rule: pullRequest, authCheck })).kind).toBe('warning');
      await expect(
        checkPlanCredential(member, {
          rule: { ...pullRequest, untrustedCode: false, policy: 'reader-only' },
          authCheck,
        }),
      ).rejects.toThrow(/^plan-credential: reader-only: the plan credential carries the role member/);
      // A push plan asks Keystone nothing: nothing listens on port 1.
      const unreachable = { ...member, authUrl: 'http://127.0.0.1:1/v3' };
      expect(
        await checkPlanCredential(unreachable, { rule: { ...pullRequest, untrustedCode: false }, authCheck }),
      ).toEqual({
        kind: 'ok',
        detail: 'roles not checked (trusted code)',
      });
      await expect(
        checkPlanCredential(unreachable, {
          rule: { ...pullRequest, policy: 'reader-only' },
          authCheck: { ...authCheck, enabled: false },
        }),
      ).rejects.toThrow(/roles could not be checked, as skip-auth-check is set/);
      expect(
        (await checkPlanCredential(roleCred('reader'), { rule: { ...pullRequest, policy: 'reader-only' }, authCheck }))
          .kind,
      ).toBe('ok');
    });

    it("names every role of a credential created without a roles list: its creator's", async () => {
      const { roles, verdict } = await verdictFor('unrestricted');
      expect(roles).toEqual(['admin', 'member', 'reader']);
      expect((verdict as { message: string }).message).toMatch(/^the plan credential carries the roles admin, member,/);
    });
  });
});
