/**
 * One HTTP exchange with an OpenStack API, with the credentials' TLS settings (CA bundle, insecure)
 * and a deadline for the whole exchange. Node's http(s) rather than fetch: fetch cannot take a
 * per-request CA or skip verification.
 */

import { readFileSync } from 'node:fs';
import type { OpenStackCredentials } from './credentials.js';
import { errorMessage, UserError } from '../lib/errors.js';

export interface TlsSettings {
  insecure: boolean;
  ca?: Buffer;
}

/** The CA bundle read once per run; a missing file is the user's to fix, named with its source. */
export function tlsSettings(creds: OpenStackCredentials): TlsSettings {
  if (!creds.caCert) return { insecure: creds.insecure };
  try {
    return { insecure: creds.insecure, ca: readFileSync(creds.caCert) };
  } catch (error) {
    const from = creds.sources.caCert ? ` (from ${creds.sources.caCert})` : '';
    throw new UserError(`cannot read the CA bundle ${creds.caCert}${from}: ${errorMessage(error)}`);
  }
}

export interface HttpAnswer {
  status: number;
  contentType: string;
  location?: string;
  /** Keystone's X-Subject-Token, when the answer has one (a token request). */
  subjectToken?: string;
  body: string;
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: URL;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  payload?: unknown;
  tls: TlsSettings;
  timeoutMs: number;
  /** Answers beyond this are refused: a catalog or a quota set is far smaller. */
  maxBytes: number;
}

export class RequestTimeout extends Error {
  constructor(readonly connected: boolean) {
    super('request timed out');
  }
}

export async function httpRequest(request: HttpRequest): Promise<HttpAnswer> {
  const { url, tls } = request;
  // Loaded on use: node:https (and tls) would add ~10 ms to the start of every action and command.
  const transport = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  return new Promise((resolve, reject) => {
    const data = request.payload === undefined ? undefined : JSON.stringify(request.payload);
    let connected = false;
    const fail = (error: unknown) => {
      clearTimeout(deadline);
      reject(error);
    };
    const outgoing = transport.request(
      url,
      {
        method: request.method,
        // A one-off connection: no keep-alive socket outlives the check.
        agent: false,
        headers: {
          Accept: 'application/json',
          ...(data !== undefined && { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) }),
          ...request.headers,
        },
        ...(url.protocol === 'https:' && { rejectUnauthorized: !tls.insecure, ...(tls.ca && { ca: tls.ca }) }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxBytes) {
            outgoing.destroy(new Error(`the answer exceeds ${Math.round(request.maxBytes / 1024 / 1024)} MiB`));
          } else {
            chunks.push(chunk);
          }
        });
        response.on('error', fail);
        response.on('end', () => {
          clearTimeout(deadline);
          const token = response.headers['x-subject-token'];
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'] ?? '',
            ...(response.headers.location !== undefined && { location: response.headers.location }),
            ...(typeof token === 'string' && { subjectToken: token }),
            body: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    const deadline = setTimeout(() => outgoing.destroy(new RequestTimeout(connected)), request.timeoutMs);
    outgoing.on('socket', (socket) => socket.once('connect', () => (connected = true)));
    outgoing.on('error', fail);
    outgoing.end(data);
  });
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
