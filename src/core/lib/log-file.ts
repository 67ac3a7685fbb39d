import { closeSync, openSync, writeSync } from 'node:fs';
import { LogKernel } from './log-kernel.js';

/**
 * The run's log file: every line starts with its UTC time, and terminal colour codes are left out
 * (it is read later, in a browser or an editor). A gigabyte of tool output passes through here, so
 * the byte work is done in WebAssembly (log-kernel.ts), never on strings.
 */

const ESC = 0x1b;

let stripper: { kernel: LogKernel; parts: Buffer[] } | undefined;

/**
 * `bytes` without its terminal sequences, and where a sequence still open at its end begins
 * (`open`, the bytes from there left out of `bytes`), so that one cut between two writes is still found.
 */
export function stripAnsiBytes(chunk: Buffer): { bytes: Buffer; open?: Buffer } {
  if (chunk.indexOf(ESC) < 0) return { bytes: chunk };
  if (!stripper) {
    const parts: Buffer[] = [];
    stripper = { kernel: new LogKernel((bytes) => parts.push(Buffer.from(bytes)), false), parts };
  }
  const { kernel, parts } = stripper;
  parts.length = 0;
  const open = kernel.feed([chunk], true);
  const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  return open ? { bytes, open } : { bytes };
}

/** Text without its terminal sequences; one left unfinished at the end stays. */
export function stripAnsi(text: string): string {
  if (!text.includes('\x1b')) return text;
  const { bytes, open } = stripAnsiBytes(Buffer.from(text));
  return `${bytes.toString('utf8')}${open?.toString('utf8') ?? ''}`;
}

/**
 * The log file. Written synchronously, as tee writes it: a write to the page cache is a copy,
 * cheaper than handing each chunk to a thread and back; the writer waits while we write, which
 * is all the backpressure a file needs; and a state save that reads the log mid-run finds all of it.
 */
export class LogFile {
  private readonly fd: number;
  private readonly kernel: LogKernel;
  /** The start of a colour sequence a tool's last write left open (decided by its next write). */
  private open?: Buffer;

  /** Opens (appends to) `file`, created 0600. */
  constructor(file: string) {
    const fd = openSync(file, 'a', 0o600);
    this.fd = fd;
    this.kernel = new LogKernel((bytes) => {
      for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
    }, true);
  }

  /** Whether everything written so far ends a line. */
  get atLineStart(): boolean {
    return this.kernel.lineStart && this.open === undefined;
  }

  /**
   * Appends bytes. A tool's (`tool`) may end inside a colour sequence, held back until its next
   * write completes it; our own lines first put out whatever was held back, as it came.
   */
  write(chunks: readonly Uint8Array[], tool: boolean): void {
    const { kernel } = this;
    kernel.stamp();
    let input = chunks;
    const carried = this.open;
    this.open = undefined;
    if (carried && tool) input = [carried, ...chunks];
    else if (carried) kernel.feed([carried], false);
    const open = kernel.feed(input, true);
    if (open && tool) this.open = open;
    else if (open) kernel.feed([open], false);
  }

  close(): void {
    if (this.open) {
      this.kernel.stamp();
      this.kernel.feed([this.open], false);
      this.open = undefined;
    }
    closeSync(this.fd);
  }
}
