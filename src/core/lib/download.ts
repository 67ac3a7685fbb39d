import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { UserError } from './errors.js';

/**
 * Downloads an https URL to a file, following redirects (https only), bounded in size and time,
 * hashing as it writes. The caller checks the digest; the file is left for it to remove.
 */
export interface DownloadOptions {
  /** Extra CA certificates (PEM), trusted besides Node's own. */
  ca?: string;
  maxBytes?: number;
  /** Without a byte for this long the download is given up. */
  idleTimeoutMs?: number;
  signal?: AbortSignal;
}

export interface Downloaded {
  sha256: string;
  bytes: number;
}

const MAX_REDIRECTS = 5;

export async function downloadFile(url: string, file: string, options: DownloadOptions = {}): Promise<Downloaded> {
  const maxBytes = options.maxBytes ?? 512 * 1024 * 1024;
  let current = new URL(url);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (current.protocol !== 'https:')
      throw new UserError(`${url}: only https downloads are allowed (got ${current.protocol})`);
    const result = await get(current, file, maxBytes, options, await tlsModules());
    if ('redirect' in result) {
      current = new URL(result.redirect, current);
      continue;
    }
    return result;
  }
  throw new UserError(`${url}: more than ${MAX_REDIRECTS} redirects`);
}

/** Node's TLS stack, loaded on the first download: most runs download nothing, and it costs ~20 ms to load. */
async function tlsModules() {
  const [{ default: https }, { default: tls }] = await Promise.all([import('node:https'), import('node:tls')]);
  return { https, tls };
}

function get(
  url: URL,
  file: string,
  maxBytes: number,
  options: DownloadOptions,
  { https, tls }: Awaited<ReturnType<typeof tlsModules>>,
): Promise<Downloaded | { redirect: string }> {
  // `ca` replaces Node's roots: keep them, and add the extra ones.
  const ca = options.ca ? [...tls.rootCertificates, options.ca] : undefined;
  return new Promise((resolve, reject) => {
    const fail = (why: string) => reject(new UserError(`cannot download ${url.href}: ${why}`));
    const request = https.get(
      url,
      { ca, signal: options.signal, timeout: options.idleTimeoutMs ?? 30_000 },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ redirect: response.headers.location });
          return;
        }
        if (status !== 200) {
          response.resume();
          fail(`HTTP ${status}`);
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          response.destroy();
          fail(`it is ${declared} bytes, over the ${maxBytes}-byte limit`);
          return;
        }
        const hash = createHash('sha256');
        let bytes = 0;
        const out = createWriteStream(file, { mode: 0o600 });
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > maxBytes) {
            response.destroy();
            out.destroy();
            fail(`over the ${maxBytes}-byte limit`);
            return;
          }
          hash.update(chunk);
        });
        response.on('error', (error) => fail(error.message));
        response.pipe(out);
        out.on('error', (error) => fail(error.message));
        out.on('finish', () => {
          if (bytes <= maxBytes) resolve({ sha256: hash.digest('hex'), bytes });
        });
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`no answer within ${(options.idleTimeoutMs ?? 30_000) / 1000} s`)),
    );
    request.on('error', (error: NodeJS.ErrnoException) => fail(error.code ? `${error.message}` : error.message));
  });
}
