import { isIP } from 'node:net';
import { errorMessage } from '../lib/errors.js';
import type { KubeconfigTls } from './kubeconfig.js';

/** The API server's certificate as a TLS handshake showed it. */
export interface ApiCertificate {
  /** `host:port` */
  endpoint: string;
  notAfter: Date;
  /** Why the certificate did not verify against the kubeconfig's CA, other than its expiry; absent when it did (or verification is off). */
  untrusted?: string;
}

const HANDSHAKE_TIMEOUT_MS = 10_000;

/** `https://host:port/path` or bare `host:port` (client-go adds https://) → host and port (default 443). */
function serverAddress(server: string): { host: string; port: number } {
  const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(server) ? server : `https://${server}`);
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port || 443) };
}

/**
 * A TLS handshake with the kubeconfig's API server, presenting its client certificate and checking
 * the server's against its CA, as kubectl would; only the server certificate's expiry is kept. An
 * expired certificate is still reported (that is the point), so verification does not abort the
 * handshake; any other verification failure is returned as `untrusted`.
 */
export async function probeApiCertificate(target: KubeconfigTls): Promise<ApiCertificate> {
  // Loaded here, by the health check only: Node's TLS stack costs every other run's start ~15 ms.
  const { default: tls } = await import('node:tls');
  const { host, port } = serverAddress(target.server);
  const endpoint = `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
  const serverName = target.serverName ?? (isIP(host) ? undefined : host);
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host,
      port,
      servername: serverName,
      ca: target.ca,
      cert: target.cert,
      key: target.key,
      rejectUnauthorized: false,
    });
    socket.setTimeout(HANDSHAKE_TIMEOUT_MS, () =>
      socket.destroy(new Error(`no TLS handshake within ${HANDSHAKE_TIMEOUT_MS / 1000} s`)),
    );
    socket.once('error', (error) => reject(new Error(`TLS handshake with ${endpoint} failed: ${errorMessage(error)}`)));
    socket.once('secureConnect', () => {
      const certificate = socket.getPeerCertificate();
      const failure =
        socket.authorized || target.insecure ? undefined : String(socket.authorizationError ?? 'not verified');
      socket.end();
      if (!certificate?.valid_to) return reject(new Error(`the API server at ${endpoint} presented no certificate`));
      resolve({
        endpoint,
        notAfter: new Date(certificate.valid_to),
        ...(failure && failure !== 'CERT_HAS_EXPIRED' && { untrusted: failure }),
      });
    });
  });
}
