import type { Socket } from 'node:net';

/**
 * Bytes of the ring a pipe reads into, and the most one read takes: 256 KiB takes all a socket holds
 * at once (64 KiB reads cost 5% more on a gigabyte, bench/stream.ts), and the ring stays within a core's cache.
 */
const RING = 2 * 1024 * 1024;
const READ = 256 * 1024;

/**
 * A pipe for a child's stdout or stderr whose reads land in one reused ring of memory. Node's own
 * `'pipe'` puts every read in a new 64 KiB buffer: a gigabyte of tool output was a gigabyte of garbage,
 * and collecting it cost more CPU than the redactor and the log together, and 60 MB of peak memory.
 * Node makes no other kind of pipe, so this is what its `'pipe'` is too, a connected pair of Unix
 * stream sockets: `child` to hand to spawn (its stdio takes a socket), `reader` read with net's
 * `onread` (nodejs.org/api/net.html, socket.connect(options): "incoming data is stored in a single
 * buffer and passed to the supplied callback"), here a ring, each read placed after the last.
 *
 * A chunk passed to `onChunk` stays as it is until RING − READ more bytes have been read: whoever keeps
 * chunks longer copies them (a captured answer) or keeps far less (the failure tail, 128 KiB; the line
 * interleaver, 64 KiB and a chunk; a console that asked to wait, whose readers are paused).
 */
export interface OutputPipe {
  child: Socket;
  reader: Socket;
  /** Resolves when the reader has seen the end (every holder of the child's end closed it) or failed. */
  closed: Promise<void>;
}

/** A pipe, or undefined when no socket can be made here (a TMPDIR too long for a socket's path, say): then use node's. */
export async function outputPipe(onChunk: (chunk: Buffer) => void): Promise<OutputPipe | undefined> {
  const net = process.getBuiltinModule('node:net');
  const { mkdtemp, rm } = process.getBuiltinModule('node:fs/promises');
  const os = process.getBuiltinModule('node:os');
  const path = process.getBuiltinModule('node:path');
  let dir: string | undefined;
  const server = net.createServer({ pauseOnConnect: true });
  try {
    // A private folder (0700): no other user can reach the socket while it waits for our connection.
    dir = await mkdtemp(path.join(os.tmpdir(), 'cd-pipe-'));
    const file = path.join(dir, 's');
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, resolve);
    });
    const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const ring = Buffer.allocUnsafeSlow(RING);
    let at = 0;
    const reader = net.connect({
      path: file,
      onread: {
        buffer: () => {
          if (at + READ > RING) at = 0;
          return ring.subarray(at, at + READ);
        },
        callback: (n: number) => {
          const chunk = ring.subarray(at, at + n);
          at += n;
          onChunk(chunk);
          return true;
        },
      },
    });
    await new Promise<void>((resolve, reject) => {
      reader.once('connect', resolve);
      reader.once('error', reject);
    });
    const child = await accepted;
    const closed = new Promise<void>((resolve) => reader.once('close', () => resolve()));
    reader.on('error', () => {}); // a reset ends the output as its close does
    return { child, reader, closed };
  } catch {
    return undefined;
  } finally {
    server.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
