import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * The run's log file: every line starts with its UTC time, and terminal colour codes are left out
 * (it is read later, in a browser or an editor). A gigabyte of tool output passes through here, so
 * the work is done on the bytes, four at a time, into one reused buffer (LogFile.put), never on
 * strings: a string per write or an allocation per line cost more than the rest of a step.
 */

const ESC = 0x1b;
/** A sequence still open at the end of the output so far: the next bytes decide. */
const OPEN = -2;
/** The most held back for an open sequence: past it, the bytes are not one (a stray ESC before a long line). */
const MAX_OPEN_SEQUENCE = 4096;

/**
 * Where the terminal colour or cursor sequence (CSI or OSC: noise outside a terminal) starting at
 * `bytes[esc]` (an ESC) ends; -1 if none starts there, OPEN if the bytes end first. Matched on bytes,
 * so a gigabyte of coloured output is never decoded to strings and back; UTF-8's multi-byte
 * characters never hold these ASCII bytes.
 */
function ansiSequenceEnd(bytes: Uint8Array, esc: number): number {
  if (esc + 1 >= bytes.length) return OPEN;
  const kind = bytes[esc + 1];
  let i = esc + 2;
  if (kind === 0x5b) {
    // CSI: parameters 0x30–0x3f, intermediates 0x20–0x2f, then one final byte 0x40–0x7e.
    while (i < bytes.length && bytes[i]! >= 0x30 && bytes[i]! <= 0x3f) i++;
    while (i < bytes.length && bytes[i]! >= 0x20 && bytes[i]! <= 0x2f) i++;
    if (i >= bytes.length) return OPEN;
    return bytes[i]! >= 0x40 && bytes[i]! <= 0x7e ? i + 1 : -1;
  }
  if (kind === 0x5d) {
    // OSC: anything up to BEL, or up to ESC \\ (an ESC followed by anything else ends no sequence).
    for (; i < bytes.length; i++) {
      if (bytes[i] === 0x07) return i + 1;
      if (bytes[i] === ESC) return i + 1 >= bytes.length ? OPEN : bytes[i + 1] === 0x5c ? i + 2 : -1;
    }
    return OPEN;
  }
  return -1;
}

/**
 * `bytes` without its terminal sequences, and where a sequence still open at its end begins
 * (`open`, the bytes from there left out of `bytes`), so that one cut between two writes is still found.
 */
export function stripAnsiBytes(chunk: Buffer): { bytes: Buffer; open?: Buffer } {
  let esc = chunk.indexOf(ESC);
  if (esc < 0) return { bytes: chunk };
  const out = Buffer.allocUnsafe(chunk.length);
  let length = 0;
  let from = 0;
  while (esc >= 0) {
    const end = ansiSequenceEnd(chunk, esc);
    if (end === OPEN && chunk.length - esc <= MAX_OPEN_SEQUENCE) {
      length += chunk.copy(out, length, from, esc);
      return { bytes: out.subarray(0, length), open: Buffer.from(chunk.subarray(esc)) };
    }
    if (end >= 0) {
      length += chunk.copy(out, length, from, esc);
      from = end;
    }
    esc = chunk.indexOf(ESC, Math.max(end, esc + 1));
  }
  length += chunk.copy(out, length, from);
  return { bytes: out.subarray(0, length) };
}

/** Text without its terminal sequences; one left unfinished at the end stays. */
export function stripAnsi(text: string): string {
  if (!text.includes('\x1b')) return text;
  const { bytes, open } = stripAnsiBytes(Buffer.from(text));
  return `${bytes.toString('utf8')}${open?.toString('utf8') ?? ''}`;
}

/** `2026-01-01T00:00:00.000Z ` */
const STAMP_LENGTH = 25;
/** Bytes of the output buffer: written out when nearly full and at the end of every write. */
const OUT_SIZE = 128 * 1024;
/** Room kept free in the buffer for one step of the loop: a stamp and a word. */
const STEP_ROOM = 64;
const HIGH_BITS = 0x80808080 | 0;
const SPACES = 0x20202020;

/**
 * The log file. Written synchronously, as tee writes it: a write to the page cache is a copy,
 * cheaper than handing each chunk to a thread and back; the writer waits while we write, which
 * is all the backpressure a file needs; and a state save that reads the log mid-run finds all of it.
 */
export class LogFile {
  private readonly fd: number;
  private readonly out = Buffer.allocUnsafe(OUT_SIZE);
  private readonly outView = new DataView(this.out.buffer, this.out.byteOffset, this.out.byteLength);
  private used = 0;
  /** Whether the next byte starts a line (and so gets a stamp first). */
  private lineStart = true;
  /** The start of a colour sequence a tool's last write left open (decided by its next write). */
  private open?: Buffer;
  /** The stamp (`2026-01-01T00:00:00.000Z `) of the millisecond `stampedAt`: its first 24 bytes as 6 words, then a space. */
  private readonly stampWords = new Int32Array(6);
  private stampedAt = -1;

  /** Opens (appends to) `file`, created 0600. */
  constructor(file: string) {
    this.fd = openSync(file, 'a', 0o600);
  }

  /** Whether everything written so far ends a line. */
  get atLineStart(): boolean {
    return this.lineStart && this.open === undefined;
  }

  /**
   * Appends bytes. A tool's (`tool`) may end inside a colour sequence, held back until its next
   * write completes it; our own lines first put out whatever was held back, as it came.
   */
  write(chunks: readonly Uint8Array[], tool: boolean): void {
    this.refreshStamp();
    let carried = this.open;
    this.open = undefined;
    if (carried && !tool) {
      this.put(carried, false);
      carried = undefined;
    }
    for (let k = 0; k < chunks.length; k++) {
      const chunk = chunks[k]!;
      const bytes = carried ? Buffer.concat([carried, chunk]) : chunk;
      carried = undefined;
      const openAt = this.put(bytes, true);
      if (openAt < bytes.length) carried = Buffer.from(bytes.subarray(openAt));
    }
    if (carried) {
      if (tool) this.open = carried;
      else this.put(carried, false);
    }
    this.flush();
  }

  close(): void {
    if (this.open) {
      this.put(this.open, false);
      this.open = undefined;
      this.flush();
    }
    closeSync(this.fd);
  }

  /** The stamp of now: one clock read per write, the text rebuilt only when the millisecond changed. */
  private refreshStamp(): void {
    const now = Date.now();
    if (now === this.stampedAt) return;
    this.stampedAt = now;
    const text = Buffer.from(new Date(now).toISOString(), 'latin1');
    for (let k = 0; k < 6; k++) this.stampWords[k] = text.readInt32LE(4 * k);
  }

  /**
   * Copies `src` to the buffer, a stamp before each line's first byte and, if `strip`, colour
   * sequences left out. Returns where a sequence still open at the end starts (not copied), or
   * src.length. Eight or four bytes at a time while none of them is a control character (below
   * 0x20: the newline and ESC are), up to the first one, which goes on its own.
   */
  private put(src: Uint8Array, strip: boolean): number {
    const n = src.length;
    const view = new DataView(src.buffer, src.byteOffset, n);
    const { out, outView, stampWords } = this;
    const [s0, s1, s2, s3, s4, s5] = stampWords as unknown as number[];
    const limit = OUT_SIZE - STEP_ROOM;
    const words = n - 4;
    const pairs = n - 8;
    let used = this.used;
    let lineStart = this.lineStart;
    let i = 0;
    while (i < n) {
      if (used > limit) {
        this.used = used;
        this.flush();
        used = 0;
      }
      // Eight bytes at a time while neither word has a control byte.
      if (!lineStart) {
        while (i <= pairs && used <= limit) {
          const a = view.getInt32(i, true);
          const b = view.getInt32(i + 4, true);
          if ((((a - SPACES) & ~a) | ((b - SPACES) & ~b)) & HIGH_BITS) break;
          outView.setInt32(used, a, true);
          outView.setInt32(used + 4, b, true);
          used += 8;
          i += 8;
        }
        if (i >= n) break;
      }
      let plain = 0;
      let word = 0;
      if (i <= words) {
        word = view.getInt32(i, true);
        // The high bit of each byte below 0x20; exact for the first such byte (Bit Twiddling Hacks' "hasless").
        const control = (word - SPACES) & ~word & HIGH_BITS;
        plain = control === 0 ? 4 : (31 - Math.clz32(control & -control)) >> 3;
      }
      if (plain > 0 || lineStart) {
        if (lineStart) {
          outView.setInt32(used, s0!, true);
          outView.setInt32(used + 4, s1!, true);
          outView.setInt32(used + 8, s2!, true);
          outView.setInt32(used + 12, s3!, true);
          outView.setInt32(used + 16, s4!, true);
          outView.setInt32(used + 20, s5!, true);
          out[used + 24] = 0x20;
          used += STAMP_LENGTH;
          lineStart = false;
        }
        if (plain > 0) {
          // Up to the first control byte (the whole word if none): the word goes out whole, the rest is overwritten.
          outView.setInt32(used, word, true);
          used += plain;
          i += plain;
          if (plain === 4) continue;
        }
      }
      const byte = src[i]!;
      if (byte === ESC && strip) {
        const end = ansiSequenceEnd(src, i);
        if (end === OPEN && n - i <= MAX_OPEN_SEQUENCE) {
          this.used = used;
          this.lineStart = lineStart;
          return i;
        }
        if (end >= 0) {
          i = end;
          continue;
        }
      }
      out[used++] = byte;
      i++;
      if (byte === 0x0a) lineStart = true;
    }
    this.used = used;
    this.lineStart = lineStart;
    return n;
  }

  private flush(): void {
    for (let at = 0; at < this.used; ) at += writeSync(this.fd, this.out, at, this.used - at);
    this.used = 0;
  }
}
