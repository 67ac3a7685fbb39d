import { createWriteStream, type WriteStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { Redactor } from './redact.js';

/** A destination for text that has already been redacted: the console, the Actions log, a log file. */
export type TextSink = (text: string) => void;

/**
 * Redacts a stream of bytes with bounded memory. Whole lines are redacted and passed on; a line
 * longer than `maxPending` is passed on in pieces, holding back enough characters that a secret
 * split across two chunks is still caught.
 */
export class RedactingStream {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';

  constructor(
    private readonly redactor: Redactor,
    private readonly sink: TextSink,
    private readonly maxPending = 64 * 1024,
  ) {}

  write(chunk: Buffer | string): void {
    this.pending += typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    const lastNewline = this.pending.lastIndexOf('\n');
    if (lastNewline >= 0) {
      this.emit(this.pending.slice(0, lastNewline + 1));
      this.pending = this.pending.slice(lastNewline + 1);
    }
    if (this.pending.length > this.maxPending) {
      const redacted = this.redactor.redact(this.pending);
      const keep = Math.max(this.redactor.longest - 1, 0);
      this.sink(redacted.slice(0, redacted.length - keep));
      this.pending = redacted.slice(redacted.length - keep);
    }
  }

  end(): void {
    this.pending += this.decoder.end();
    if (this.pending) this.emit(this.pending);
    this.pending = '';
  }

  private emit(text: string): void {
    this.sink(this.redactor.redact(text));
  }
}

/** Terminal colour and cursor sequences (CSI and OSC): noise outside a terminal. */
const ANSI_SEQUENCE = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI_SEQUENCE, '');
}

/**
 * Keeps the last N complete lines of a stream, bounded in memory, as plain text: they end up in
 * summaries, annotations and comments, where colour codes are noise.
 */
export class TailBuffer {
  private readonly lines: string[] = [];
  private partial = '';

  constructor(private readonly max = 30) {}

  readonly sink: TextSink = (text) => {
    const parts = (this.partial + text).split('\n');
    this.partial = parts.pop()!.slice(-4096);
    for (const line of parts) this.push(line);
  };

  private push(raw: string): void {
    const line = stripAnsi(raw);
    this.lines.push(line.length > 4096 ? `${line.slice(0, 4096)}…` : line);
    if (this.lines.length > this.max) this.lines.shift();
  }

  get tail(): string[] {
    return this.partial ? [...this.lines, stripAnsi(this.partial)].slice(-this.max) : [...this.lines];
  }
}

/**
 * The run's output: every line goes, redacted, to the console and the log file.
 * The GitHub adapter supplies its own console sink and group hooks.
 */
export class DeployOutput {
  private logStream?: WriteStream;

  constructor(
    readonly redactor: Redactor,
    private readonly console: TextSink,
    private readonly hooks: { startGroup?(title: string): void; endGroup?(): void } = {},
  ) {}

  /** Starts copying everything to a log file (created 0600). */
  openLogFile(file: string): void {
    this.logStream = createWriteStream(file, { flags: 'a', mode: 0o600 });
  }

  /** Writes redacted text to every channel. */
  readonly write: TextSink = (text) => {
    this.console(text);
    this.logStream?.write(text);
  };

  line(text: string): void {
    this.write(`${this.redactor.redact(text)}\n`);
  }

  startGroup(title: string): void {
    const safe = this.redactor.redact(title);
    if (this.hooks.startGroup) this.hooks.startGroup(safe);
    this.logStream?.write(`${safe}\n`);
    if (!this.hooks.startGroup) this.console(`${safe}\n`);
  }

  endGroup(): void {
    this.hooks.endGroup?.();
  }

  async close(): Promise<void> {
    const stream = this.logStream;
    this.logStream = undefined;
    if (stream) await new Promise<void>((resolve) => stream.end(resolve));
  }
}
