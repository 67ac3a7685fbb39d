/**
 * Why Nova put a server in ERROR, asked of Nova itself: CAPO keeps no message for it (a scheduling failure reaches
 * CAPO as InstanceStateError with an empty message, CAPO v0.14.7 `controllers/openstackserver_controller.go:393-396`),
 * while `GET /servers/{server_id}` carries the server's `fault` (code, message, created, and details for admins or
 * codes other than 500) when its status is ERROR or DELETED (Nova api-ref `api-ref/source/servers.inc`, "Show Server
 * Details"; Nova 26 `nova/api/openstack/compute/views/servers.py:56-58,279-282,617-641`). Best effort: whatever keeps
 * Nova from answering (no compute endpoint, a 403, a 404, Keystone down) is a note, never a failure of its own.
 */

import { z } from 'zod';
import type { OpenStackCredentials } from './credentials.js';
import { formatDuration } from '../lib/duration.js';
import { errorMessage } from '../lib/errors.js';
import { type HttpAnswer, parseJson, RequestTimeout } from './http.js';
import { openStackSession } from './keystone.js';

export interface ServerFault {
  code?: number;
  message: string;
  created?: string;
}

export interface ServerAnswer {
  id: string;
  /** Nova's status (ERROR, ACTIVE, …) when it answered. */
  status?: string;
  fault?: ServerFault;
  /** Why Nova gave no answer about this server. */
  note?: string;
}

export interface ServerFaults {
  servers: ServerAnswer[];
  /** Why Nova was not asked at all (no session, no compute endpoint). */
  note?: string;
}

const optionalString = z
  .string()
  .nullish()
  .catch(undefined)
  .transform((v) => v ?? undefined);

const ShowServerSchema = z.object({
  server: z.object({
    id: optionalString,
    status: optionalString,
    fault: z
      .object({ code: z.number().optional().catch(undefined), message: z.string(), created: optionalString })
      .optional()
      .catch(undefined),
  }),
});

/** One server's answer is a few kB; a fault's details (a traceback) add some more. */
const MAX_SERVER_BYTES = 1024 * 1024;

/** Nova's own error text: `{"itemNotFound": {"code": 404, "message": "…"}}` and the like. */
function novaMessage(body: string): string | undefined {
  const json = parseJson(body);
  if (!json || typeof json !== 'object') return undefined;
  for (const value of Object.values(json)) {
    const message = (value as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message.trim()) return message.trim().slice(0, 300);
  }
  return undefined;
}

function readAnswer(id: string, answer: HttpAnswer): ServerAnswer {
  if (answer.status === 200) {
    const parsed = ShowServerSchema.safeParse(parseJson(answer.body));
    if (!parsed.success) return { id, note: 'Nova answered 200 with something that is not a server' };
    const { status, fault } = parsed.data.server;
    return { id, ...(status !== undefined && { status }), ...(fault && { fault }) };
  }
  const said = novaMessage(answer.body);
  const quoted = said ? ` ("${said}")` : '';
  if (answer.status === 404) return { id, note: `Nova does not know server ${id}${quoted}: it was deleted already` };
  if (answer.status === 403)
    return { id, note: `Nova refused to show server ${id} (403${quoted}): the credentials may not read servers` };
  if (answer.status === 401) return { id, note: `Nova did not accept the token (401${quoted})` };
  return { id, note: `Nova answered ${answer.status}${quoted}` };
}

/**
 * Asks Nova about each server, with a project-scoped token from the credentials (their CA, TLS setting and
 * `timeoutMs` for each request). Never throws.
 */
export async function readServerFaults(
  creds: OpenStackCredentials,
  ids: readonly string[],
  options: { timeoutMs: number },
): Promise<ServerFaults> {
  if (ids.length === 0) return { servers: [] };
  let session: Awaited<ReturnType<typeof openStackSession>>;
  try {
    // Nothing required in the catalog: a missing compute endpoint is said below, not a Keystone error.
    session = await openStackSession(creds, { timeoutMs: options.timeoutMs, requiredServices: [] });
  } catch (error) {
    return { servers: [], note: `Nova not asked: ${errorMessage(error)}` };
  }
  const compute = session.auth.endpoints.compute;
  if (!compute)
    return {
      servers: [],
      note: `Nova not asked: the catalog has no compute endpoint in ${session.auth.region}/${session.auth.interface}`,
    };
  const base = compute.replace(/\/+$/, '');
  const servers = await Promise.all(
    ids.map(async (id): Promise<ServerAnswer> => {
      try {
        return readAnswer(
          id,
          await session.get(new URL(`${base}/servers/${encodeURIComponent(id)}`), MAX_SERVER_BYTES),
        );
      } catch (error) {
        const why =
          error instanceof RequestTimeout
            ? `no answer within ${formatDuration(options.timeoutMs)}`
            : errorMessage(error);
        return { id, note: `Nova at ${base} did not answer: ${why}` };
      }
    }),
  );
  return { servers };
}
