import { closeSync, openSync, writeSync } from 'node:fs';
import type { Redactor } from './redact.js';

/**
 * A destination for redacted bytes that can push back: each call's chunks, written in order,
 * end on a character boundary; a returned promise asks the writer to wait for it (the console is
 * full) before writing more.
 */
export interface ByteSink {
  writeBytes(chunks: readonly Buffer[]): Promise<void> | undefined;
}

/**
 * A destination for text that has already been redacted: the console, the Actions log, a log file.
 * One that also takes bytes says so with `bytes` (DeployOutput.write does): runCommand then streams
 * a child's output to it undecoded, with backpressure.
 */
export type TextSink = ((text: string) => void) & { readonly bytes?: ByteSink; readonly log?: (text: string) => void };

/** A console or file stream, as process.stdout and fs.WriteStream are: write() false means wait for 'drain'. */
export interface WritableSink {
  write(chunk: string | Uint8Array): boolean;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  removeListener(event: 'drain' | 'close', listener: () => void): unknown;
}

/** Decodes chunks that together end on a character boundary. */
export function decodeChunks(chunks: readonly Uint8Array[]): string {
  if (chunks.length === 1) {
    const c = chunks[0]!;
    return Buffer.from(c.buffer, c.byteOffset, c.byteLength).toString('utf8');
  }
  return Buffer.concat(chunks).toString('utf8');
}

const pendingDrains = new WeakMap<WritableSink, Promise<void>>();

/** Resolves when the stream drains (or closes: a broken stream must not hold the child forever). */
function drained(stream: WritableSink): Promise<void> {
  let pending = pendingDrains.get(stream);
  if (!pending) {
    pending = new Promise<void>((resolve) => {
      const done = () => {
        stream.removeListener('drain', done);
        stream.removeListener('close', done);
        pendingDrains.delete(stream);
        resolve();
      };
      stream.once('drain', done);
      stream.once('close', done);
    });
    pendingDrains.set(stream, pending);
  }
  return pending;
}

/** Writes chunks to a stream; a promise if it asks to wait. */
function writeAll(stream: WritableSink, chunks: readonly Buffer[]): Promise<void> | undefined {
  let ok = true;
  for (const chunk of chunks) ok = stream.write(chunk);
  return ok ? undefined : drained(stream);
}

/**
 * Puts two streams (a child's stdout and stderr) on one console without mixing them within a line.
 * Output goes out as it comes while one stream alone is talking; when one has left a line
 * unfinished, the other's output waits for that line's newline (or until it has `maxHeld` bytes
 * waiting, or the end). Only then is a chunk cut at a newline, so the usual case, one busy stream,
 * costs nothing.
 */
export class LineInterleaver {
  /** The stream whose last output ended mid-line, if any. */
  private owner: 0 | 1 | undefined;
  private readonly waiting: [Buffer[], Buffer[]] = [[], []];
  private readonly waitingBytes = [0, 0];

  constructor(
    private readonly write: (chunks: Buffer[]) => void,
    private readonly maxHeld = 64 * 1024,
  ) {}

  push(stream: 0 | 1, chunks: Buffer[]): void {
    if (chunks.length === 0) return;
    if (this.owner === undefined || this.owner === stream) {
      if (this.waiting[stream].length === 0) {
        this.emit(stream, chunks);
        return;
      }
    }
    this.hold(stream, chunks);
    if (this.waitingBytes[stream]! > this.maxHeld) this.emit(stream, this.release(stream));
  }

  /** The end of both streams: whatever waits goes out. */
  end(): void {
    for (const stream of [0, 1] as const) if (this.waiting[stream].length) this.emit(stream, this.release(stream));
  }

  /** Writes a stream's output; if the other stream waits, only up to the last newline, then the other's. */
  private emit(stream: 0 | 1, chunks: Buffer[]): void {
    const other = stream === 0 ? 1 : 0;
    if (this.waiting[other].length === 0) {
      this.write(chunks);
      this.owner = endsLine(chunks) ? undefined : stream;
      return;
    }
    const [lines, rest] = splitAfterLastNewline(chunks);
    if (lines.length === 0) {
      // Still inside its line: the other goes on waiting.
      this.write(chunks);
      return;
    }
    this.write(lines);
    this.owner = undefined;
    this.emit(other, this.release(other));
    if (rest.length === 0) return;
    if (this.owner === undefined) this.emit(stream, rest);
    else this.hold(stream, rest);
  }

  private hold(stream: 0 | 1, chunks: Buffer[]): void {
    for (const chunk of chunks) {
      this.waiting[stream].push(chunk);
      this.waitingBytes[stream]! += chunk.length;
    }
  }

  private release(stream: 0 | 1): Buffer[] {
    const chunks = this.waiting[stream];
    this.waiting[stream] = [];
    this.waitingBytes[stream] = 0;
    return chunks;
  }
}

function endsLine(chunks: readonly Buffer[]): boolean {
  for (let i = chunks.length - 1; i >= 0; i--) {
    const chunk = chunks[i]!;
    if (chunk.length) return chunk[chunk.length - 1] === 0x0a;
  }
  return true;
}

/** Chunks up to and including the last newline, and the rest. */
function splitAfterLastNewline(chunks: Buffer[]): [Buffer[], Buffer[]] {
  for (let i = chunks.length - 1; i >= 0; i--) {
    const at = chunks[i]!.lastIndexOf(0x0a);
    if (at < 0) continue;
    const chunk = chunks[i]!;
    const lines = [...chunks.slice(0, i), chunk.subarray(0, at + 1)];
    const rest = at + 1 < chunk.length ? [chunk.subarray(at + 1), ...chunks.slice(i + 1)] : chunks.slice(i + 1);
    return [lines, rest];
  }
  return [[], chunks];
}

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

const MAX_LINE = 4096;

/**
 * Keeps the last N lines of a stream as plain text: they end up in summaries, annotations and
 * comments, where colour codes are noise. Only the last `keep` bytes are kept, and decoded when
 * the tail is read (on failure, mostly), so the stream itself pays next to nothing.
 */
export class TailBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  /** Whether the kept bytes start inside a line (its beginning dropped). */
  private fragment = false;

  constructor(
    private readonly max = 30,
    private readonly keep = 64 * 1024,
  ) {}

  readonly sink: TextSink = (text) => this.push([Buffer.from(text)]);

  push(chunks: readonly Buffer[]): void {
    for (const chunk of chunks) {
      if (chunk.length === 0) continue;
      this.chunks.push(chunk);
      this.size += chunk.length;
    }
    while (this.chunks.length > 1 && this.size - this.chunks[0]!.length >= this.keep) {
      const dropped = this.chunks.shift()!;
      this.size -= dropped.length;
      this.fragment = dropped[dropped.length - 1] !== 0x0a;
    }
    // A huge chunk, or very many small ones: keep a copy of just the last bytes.
    if (this.size > 2 * this.keep || this.chunks.length > 256) {
      const all = Buffer.concat(this.chunks);
      const from = Math.max(0, all.length - this.keep);
      if (from > 0) this.fragment = all[from - 1] !== 0x0a;
      this.chunks = [Buffer.from(all.subarray(from))];
      this.size = this.chunks[0]!.length;
    }
  }

  /** Bytes kept. */
  get retained(): number {
    return this.size;
  }

  get tail(): string[] {
    const bytes = Buffer.concat(this.chunks);
    let from = 0;
    // The kept bytes may start inside a character.
    while (from < 3 && (bytes[from]! & 0xc0) === 0x80) from++;
    const parts = bytes.subarray(from).toString('utf8').split('\n');
    const partial = parts.pop()!;
    const lines = parts.slice(-this.max).map((raw) => {
      const line = stripAnsi(raw);
      return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line;
    });
    if (this.fragment && parts.length > 0 && parts.length <= this.max)
      lines[0] = `…${stripAnsi(parts[0]!).slice(-MAX_LINE)}`;
    return partial ? [...lines, stripAnsi(partial.slice(-MAX_LINE))].slice(-this.max) : lines;
  }
}

/**
 * Whether to colour output: only on a terminal, and never when NO_COLOR is set to anything
 * (no-color.org). Piped and CI output gets plain text, so logs and comments carry no escape codes.
 */
export function colourWanted(stream: { isTTY?: boolean }, env: Readonly<Record<string, string | undefined>>): boolean {
  return stream.isTTY === true && !env.NO_COLOR;
}

export interface DeployOutputOptions {
  /** The GitHub adapter's groups (`::group::`): a step's title opens one instead of a plain line. */
  startGroup?(title: string): void;
  endGroup?(): void;
  /** Tool output goes to the log file (and the failure tail) only; our own lines still reach the console. */
  quiet?: boolean;
  /** Our marks in colour (the caller decides: colourWanted). */
  colour?: boolean;
}

const COLOURS = { green: '32', red: '31', yellow: '33', dim: '2' } as const;

/**
 * The run's output: every line goes, redacted, to the console and the log file. The console is a
 * stream (process.stdout: when it asks to wait, so does the child) or a text sink (tests). The
 * GitHub adapter supplies its own group hooks.
 *
 * The log file is written synchronously, as tee writes it: a write to the page cache is a copy,
 * cheaper than handing each chunk to a thread and back (measured on 1 GB: a WriteStream cost half
 * as much CPU again as tee, this about as much as tee); the child waits while we write, which is
 * all the backpressure a file needs; and a state save that reads the log mid-run finds all of it.
 * process.stdout is synchronous too on Linux, for files, pipes and terminals alike.
 *
 * Each line of the log starts with its UTC time, and colour codes are left out of it: it is read
 * later, often in a browser or an editor, to find when and where a run went wrong.
 */
export class DeployOutput implements ByteSink {
  private logFd?: number;
  /** Whether the next byte written to the log starts a line (and so gets a timestamp). */
  private logAtLineStart = true;
  /** The start of a colour sequence a tool's last write left open (stripAnsiBytes). */
  private openSequence?: Buffer;
  private readonly consoleStream?: WritableSink;
  private readonly consoleText?: (text: string) => void;
  readonly quiet: boolean;
  readonly colour: boolean;

  constructor(
    readonly redactor: Redactor,
    console: TextSink | WritableSink,
    private readonly options: DeployOutputOptions = {},
  ) {
    if (typeof console === 'function') this.consoleText = console;
    else this.consoleStream = console;
    this.quiet = options.quiet ?? false;
    this.colour = options.colour ?? false;
  }

  /** Starts copying everything to a log file (created 0600), after a header of `# ` lines (redacted). */
  openLogFile(file: string, header: readonly string[] = []): void {
    this.logFd = openSync(file, 'a', 0o600);
    for (const line of header) this.logLine(`# ${line}`);
  }

  /** Writes redacted text to every channel; `write.bytes` takes redacted bytes (runCommand uses it), `write.log` the log alone. */
  readonly write: TextSink = Object.assign(
    (text: string) => {
      this.toConsole(text);
      this.toLog([Buffer.from(text)]);
    },
    { bytes: this as ByteSink, log: (text: string) => this.logLine(text) },
  );

  /** Writes a tool's redacted output: to the log, and to the console unless quiet; a promise when the console asks to wait. */
  writeBytes(chunks: readonly Buffer[]): Promise<void> | undefined {
    this.toLog(chunks, true);
    if (this.quiet) return undefined;
    if (this.consoleStream) return writeAll(this.consoleStream, chunks);
    this.consoleText?.(decodeChunks(chunks));
    return undefined;
  }

  line(text: string): void {
    this.write(`${this.redactor.redact(text)}\n`);
  }

  /** A line for the log file alone (redacted): the commands a step ran, their exit codes and times. */
  logLine(text: string): void {
    if (this.logFd === undefined) return;
    if (!this.logAtLineStart) this.toLog([Buffer.from('\n')]);
    this.toLog([Buffer.from(`${this.redactor.redact(text)}\n`)]);
  }

  /** Text in a colour when colour is on (a mark such as ✓ or ✗); plain otherwise. */
  paint(text: string, colour: keyof typeof COLOURS): string {
    return this.colour ? `\x1b[${COLOURS[colour]}m${text}\x1b[0m` : text;
  }

  startGroup(title: string): void {
    const safe = this.redactor.redact(title);
    if (this.options.startGroup) this.options.startGroup(safe);
    this.toLog([Buffer.from(`${safe}\n`)]);
    if (!this.options.startGroup) this.toConsole(`${safe}\n`);
  }

  endGroup(): void {
    this.options.endGroup?.();
  }

  async close(): Promise<void> {
    if (this.openSequence) this.toLog([]);
    const fd = this.logFd;
    this.logFd = undefined;
    if (fd !== undefined) closeSync(fd);
  }

  /**
   * Appends to the log. A tool's bytes (`tool`) may end inside a colour sequence, held back until its next
   * write completes it; our own lines first put out whatever was held back.
   */
  private toLog(chunks: readonly Uint8Array[], tool = false): void {
    const fd = this.logFd;
    if (fd === undefined) return;
    let held = this.openSequence;
    this.openSequence = undefined;
    if (held && !tool) {
      // Our own line after a tool's unfinished sequence: the held bytes were never one, and go out as they came.
      writeFully(fd, this.stampLines(held));
      held = undefined;
    }
    const data = held ? [held, ...chunks] : chunks;
    const { bytes, open } = stripAnsiBytes(data.length === 1 ? asBuffer(data[0]!) : Buffer.concat(data));
    if (tool) this.openSequence = open;
    writeFully(fd, this.stampLines(open && !tool ? Buffer.concat([bytes, open]) : bytes));
  }

  /**
   * The bytes with the time before each line's first byte. As latin1 text, one character per byte, so
   * the bytes come back exactly as they were: one native replace per write, where a copy per line
   * cost more than the rest of the step (a gigabyte of output has millions of lines; npm run bench).
   */
  private stampLines(bytes: Buffer): Buffer {
    if (bytes.length === 0) return bytes;
    const stamp = `${new Date().toISOString()} `;
    const text = bytes.toString('latin1');
    const endsLine = text.endsWith('\n');
    // A newline's stamp belongs to the line after it: the last one's to the next write.
    const lines = (endsLine ? text.slice(0, -1) : text).replaceAll('\n', `\n${stamp}`);
    const stamped = `${this.logAtLineStart ? stamp : ''}${lines}${endsLine ? '\n' : ''}`;
    this.logAtLineStart = endsLine;
    return Buffer.from(stamped, 'latin1');
  }

  private toConsole(text: string): void {
    if (this.consoleStream) this.consoleStream.write(text);
    else this.consoleText?.(text);
  }
}

/** The same bytes as a Buffer, without a copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Writes all of `bytes`; a short write (a full disk, say) is finished piece by piece. */
function writeFully(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
}
