import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimServer } from './controllers.js';

/**
 * The sandbox cloud's Nova, as far as the deploy reads it: `GET /v2.1/servers/{server_id}` ("Show Server Details",
 * Nova api-ref `api-ref/source/servers.inc`) for the simulated servers, behind Keystone tokens. Modelled on the real
 * Nova 26 (Zed) installed here (`/usr/lib/python3/dist-packages/nova`); each behaviour cites its file:
 * - the token is validated with Keystone, as keystonemiddleware's auth_token does; without one, or with one Keystone
 *   does not know, 401 with keystonemiddleware's body (keystonemiddleware 10.1 `auth_token/__init__.py:674-689`);
 * - an unknown id is 404 `itemNotFound` "Instance <id> could not be found." (`nova/exception.py` InstanceNotFound,
 *   the body from `nova/api/openstack/wsgi.py` Fault);
 * - a policy that refuses the show is 403 `forbidden` "Policy doesn't allow os_compute_api:servers:show to be
 *   performed." (`nova/exception.py` PolicyNotAuthorized);
 * - `fault` only for a server in ERROR or DELETED, with code, created and message; `details` (the traceback) only for
 *   admins when the code is 500 (`nova/api/openstack/compute/views/servers.py:56-58,279-282,617-641`); a scheduling
 *   failure is code 500 (`nova/compute/utils.py` exception_to_dict, NoValidHost has no code of its own).
 */

export interface NovaStandIn {
  /** The compute endpoint for Keystone's catalog: `http://127.0.0.1:<port>/v2.1`. */
  url: string;
  /** Where tokens are validated (a Keystone v3 URL); until set, every request is 401. */
  useKeystone(authUrl: string): void;
  /** Policy rules by name; `"!"` refuses (oslo.policy's "never"). Only `os_compute_api:servers:show` is read. */
  setPolicy(rules: Record<string, string>): void;
  close(): Promise<void>;
}

interface Validated {
  projectId?: string;
  admin: boolean;
}

const SHOW_RULE = 'os_compute_api:servers:show';

export async function startNovaStandIn(options: {
  servers: () => Iterable<SimServer>;
  port?: number;
  keystoneUrl?: string;
}): Promise<NovaStandIn> {
  let keystoneUrl = options.keystoneUrl?.replace(/\/+$/, '');
  let policy: Record<string, string> = {};
  // keystonemiddleware caches validated tokens too (its token cache); a refused one is asked again.
  const validated = new Map<string, Validated>();

  const validate = async (token: string): Promise<Validated | undefined> => {
    const cached = validated.get(token);
    if (cached) return cached;
    if (!keystoneUrl) return undefined;
    // A token may validate itself (Keystone's identity:validate_token allows the token's own subject).
    const answer = await fetch(`${keystoneUrl}/auth/tokens`, {
      headers: { 'X-Auth-Token': token, 'X-Subject-Token': token, Accept: 'application/json' },
    }).catch(() => undefined);
    if (answer?.status !== 200) return undefined;
    const body = (await answer.json()) as { token?: { project?: { id?: string }; roles?: { name?: string }[] } };
    const result = {
      projectId: body.token?.project?.id,
      admin: (body.token?.roles ?? []).some((role) => role.name === 'admin'),
    };
    validated.set(token, result);
    return result;
  };

  const server = http.createServer(async (req, res) => {
    const reply = (code: number, body: unknown) => {
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const token = req.headers['x-auth-token'];
    const caller = typeof token === 'string' && token ? await validate(token) : undefined;
    if (!caller)
      return reply(401, {
        error: { code: 401, title: 'Unauthorized', message: 'The request you have made requires authentication.' },
      });
    const match = req.method === 'GET' ? /^\/v2\.1\/servers\/([^/?]+)$/.exec(req.url ?? '') : null;
    if (!match) return reply(404, { itemNotFound: { code: 404, message: 'The resource could not be found.' } });
    if (policy[SHOW_RULE] === '!')
      return reply(403, { forbidden: { code: 403, message: `Policy doesn't allow ${SHOW_RULE} to be performed.` } });
    const id = decodeURIComponent(match[1]!);
    const found = [...options.servers()].find((s) => s.id === id);
    if (!found) return reply(404, { itemNotFound: { code: 404, message: `Instance ${id} could not be found.` } });
    const faulted = found.status === 'ERROR' && found.fault !== undefined;
    reply(200, {
      server: {
        id: found.id,
        name: found.name,
        status: found.status,
        tenant_id: caller.projectId,
        created: found.createdAt,
        flavor: { id: found.flavor },
        addresses: found.status === 'ACTIVE' ? { private: [{ addr: found.address, version: 4 }] } : {},
        ...(faulted && {
          fault: {
            code: 500,
            created: found.faultAt,
            message: found.fault,
            ...(caller.admin && {
              details: `Traceback (most recent call last):\n  File "nova/conductor/manager.py", in schedule_and_build_instances\nnova.exception.NoValidHost: ${found.fault}\n`,
            }),
          },
        }),
      },
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2.1`,
    useKeystone(authUrl) {
      keystoneUrl = authUrl.replace(/\/+$/, '');
      validated.clear();
    },
    setPolicy(rules) {
      policy = { ...rules };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
