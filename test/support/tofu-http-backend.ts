import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a remote OpenTofu/Terraform state store, speaking the `http` backend's protocol as
 * the real tofu/terraform client uses it: GET the state (404 when there is none), POST it back, DELETE
 * it, and LOCK/UNLOCK with the lock's JSON (423 Locked, with the holder's lock info, while held).
 * One state and one lock per path, so each cluster's backend block names its own.
 */
export interface TofuHttpBackend {
  url: string;
  /** The backend block for a cluster dir (a `backend.tf`), at `/state/<key>`. */
  backendBlock(key: string): string;
  /** The stored state of a key, parsed. */
  state(key: string): { resources: { type: string; name: string; instances: unknown[] }[] } | undefined;
  /** `METHOD /state/<key>` of every request, oldest first. */
  requests: string[];
  close(): Promise<void>;
}

export async function startTofuHttpBackend(): Promise<TofuHttpBackend> {
  const states = new Map<string, Buffer>();
  const locks = new Map<string, Buffer>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = new URL(req.url ?? '/', 'http://backend').pathname;
      const body = Buffer.concat(chunks);
      requests.push(`${req.method} ${key}`);
      const end = (status: number, content?: Buffer) => {
        res.writeHead(status, content ? { 'content-type': 'application/json' } : {});
        res.end(content);
      };
      switch (req.method) {
        case 'GET':
          return states.has(key) ? end(200, states.get(key)) : end(404);
        case 'POST':
          states.set(key, body);
          return end(200);
        case 'DELETE':
          states.delete(key);
          return end(200);
        case 'LOCK':
          if (locks.has(key)) return end(423, locks.get(key));
          locks.set(key, body);
          return end(200);
        case 'UNLOCK':
          locks.delete(key);
          return end(200);
        default:
          return end(405);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    backendBlock(key) {
      const address = `${url}/state/${key}`;
      return `terraform {\n  backend "http" {\n    address        = "${address}"\n    lock_address   = "${address}"\n    unlock_address = "${address}"\n  }\n}\n`;
    },
    state(key) {
      const text = states.get(`/state/${key}`);
      return text ? JSON.parse(text.toString('utf8')) : undefined;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
