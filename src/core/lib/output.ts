import { LogFile, stripAnsi } from './log-file.js';
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
 * costs nothing. Waiting chunks are held, not copied: a pipe lends them for far more than `maxHeld` (output-pipe.ts).
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

const MAX_LINE = 4096;

/**
 * Keeps the last N lines of a stream as plain text: they end up in summaries, annotations and
 * comments, where colour codes are noise. Only the last `keep` bytes are kept, and decoded when
 * the tail is read (on failure, mostly), so the stream itself pays next to nothing. It holds on to
 * at most 2 × `keep` bytes of the chunks it was given (more is copied): a pipe only lends them (output-pipe.ts).
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
    // A huge chunk, or very many small ones: keep a copy of just the last bytes (copying only those:
    // a pipe's reads are 256 KiB, and a copy of each whole one cost more than the log's stamps).
    if (this.size > 2 * this.keep || this.chunks.length > 256) {
      let from = Math.max(0, this.size - this.keep);
      let first = 0;
      while (first < this.chunks.length - 1 && from >= this.chunks[first]!.length) from -= this.chunks[first++]!.length;
      const kept = this.chunks.slice(first);
      if (from > 0) this.fragment = kept[0]![from - 1] !== 0x0a;
      else if (first > 0) this.fragment = this.chunks[first - 1]!.at(-1) !== 0x0a;
      kept[0] = kept[0]!.subarray(from);
      this.chunks = [Buffer.concat(kept)];
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
 * The run's output: every line goes, redacted, to the console and the log file (LogFile: each line
 * stamped with its UTC time, colour codes left out). The console is a stream (process.stdout: when
 * it asks to wait, so does the child; it is synchronous on Linux for files, pipes and terminals
 * alike) or a text sink (tests). The GitHub adapter supplies its own group hooks.
 */
export class DeployOutput implements ByteSink {
  private log?: LogFile;
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
    this.log = new LogFile(file);
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
    if (this.log === undefined) return;
    if (!this.log.atLineStart) this.toLog([Buffer.from('\n')]);
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
    const log = this.log;
    this.log = undefined;
    log?.close();
  }

  /** Appends to the log; a tool's bytes (`tool`) may end inside a colour sequence (LogFile.write). */
  private toLog(chunks: readonly Uint8Array[], tool = false): void {
    this.log?.write(chunks, tool);
  }

  private toConsole(text: string): void {
    if (this.consoleStream) this.consoleStream.write(text);
    else this.consoleText?.(text);
  }
}
