import { encodedForms, secretLines, splitForms } from './secret-forms.js';

/**
 * The one redactor behind every channel: console, log file, state, plan, summaries and comments.
 * Secret values are registered once and replaced by `***` wherever they appear, in every form they
 * travel in (secret-forms.ts: JSON and URL escaping, base64, wrapped lines): in text by redact(),
 * and in streamed command output by stream(), on the bytes, without decoding them.
 */
export const MASK = '***';
const MASK_BYTES = Buffer.from(MASK);
const NEWLINE_MASK = Buffer.from(`\n${MASK}`);
const EMPTY = Buffer.alloc(0);

export class Redactor {
  /** The values given to add(). */
  private readonly registered = new Set<string>();
  /** What is masked on one line: the values, their lines and their encoded forms (made once, by add()). */
  private readonly oneLine = new Set<string>();
  /** The values and their substantial lines whose split forms are not made yet. */
  private unsplit: string[] = [];
  /** The split forms made so far: each value's once, on the first use after its add() (not at start-up). */
  private readonly split = new Set<string>();
  /** Longest first, so a secret that contains another is masked whole; made again only when the set changed. */
  private sortedOneLine?: string[];
  private sortedAll?: string[];
  private matcher?: SecretMatcher;

  /**
   * Registers a secret and its encoded forms; multi-line values also register each substantial line
   * (PEM bodies, say), with its forms. Their forms split across lines are made on first use (splitForms).
   */
  add(value: string | undefined | null): void {
    if (value === undefined || value === null) return;
    const trimmed = value.trim();
    if (trimmed === '' || this.registered.has(trimmed)) return;
    this.registered.add(trimmed);
    const values = [trimmed, ...secretLines(trimmed)];
    for (const v of values) {
      this.oneLine.add(v);
      for (const form of encodedForms(v)) this.oneLine.add(form);
    }
    this.unsplit.push(...values);
    this.sortedOneLine = undefined;
    this.sortedAll = undefined;
    this.matcher = undefined;
  }

  /** Every value masked but the split forms (a few hundred per value, one per place a line may break), longest first. */
  get values(): readonly string[] {
    this.sortedOneLine ??= byLength(this.oneLine);
    return this.sortedOneLine;
  }

  /** Everything masked, split forms too, longest first. */
  private get all(): readonly string[] {
    if (!this.sortedAll) {
      for (const v of this.unsplit) for (const form of splitForms(v)) this.split.add(form);
      this.unsplit = [];
      this.sortedAll = byLength(new Set([...this.oneLine, ...this.split]));
    }
    return this.sortedAll;
  }

  redact(text: string): string {
    // A long text is searched for all the forms at once, as a stream is.
    if (text.length > LONG_TEXT) return this.redactBytes(Buffer.from(text)).toString('utf8');
    let out = text;
    // A split form holds a newline: a text without one cannot hold it.
    for (const secret of text.includes('\n') ? this.all : this.values) {
      if (out.includes(secret)) out = out.split(secret).join(maskOf(secret));
    }
    return out;
  }

  /** Deep-redacts every string in a JSON-like value (state, outputs, plans). */
  redactValue<T>(value: T): T {
    if (typeof value === 'string') return this.redact(value) as T;
    if (Array.isArray(value)) return value.map((v) => this.redactValue(v)) as T;
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, this.redactValue(v)]),
      ) as T;
    }
    return value;
  }

  /** The secrets as UTF-8 bytes, ready to search; rebuilt after add(), so a stream picks up a secret added mid-run. */
  get bytes(): SecretMatcher {
    this.matcher ??= new SecretMatcher(this.all);
    return this.matcher;
  }

  /** Redacts a whole buffer as redact() does the same text, without decoding it. */
  redactBytes(data: Uint8Array): Buffer {
    const parts = this.stream().end(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  /** A redactor for one byte stream (a child's stdout, say): see RedactionStream. */
  stream(options?: RedactionStreamOptions): RedactionStream {
    return new RedactionStream(this, options);
  }
}

function byLength(secrets: Iterable<string>): string[] {
  return [...secrets].sort((a, b) => b.length - a.length);
}

/** Texts longer than this are redacted on their bytes, all forms in one pass. */
const LONG_TEXT = 4096;

/** The mask of a match: `***`, with the newlines of a wrapped form kept, so the lines around it stay lines. */
function maskOf(secret: string): string {
  return secret.includes('\n')
    ? secret
        .split('\n')
        .map(() => MASK)
        .join('\n')
    : MASK;
}

/** Window of the multi-pattern search: up to this many leading bytes of each secret drive the skips. */
const WINDOW = 32;

/** Bytes from the end of a chunk within which any secret may be starting; further back, only a long one. */
const NEAR_END = 64;

/** Scan positions per pass of the multi-pattern search. */
const RANGE = 16 * 1024;

/** Two bytes as one number, as a little-endian DataView.getUint16 reads them. */
const block = (first: number, second: number) => first | (second << 8);

/**
 * Every secret as bytes, searched for all at once in one pass over a buffer (Wu–Manber on 2-byte
 * blocks): on ordinary output most steps skip nearly a window, the shortest secret's length (up to
 * WINDOW), so twenty secrets cost about what one Buffer.indexOf does, where an indexOf per secret
 * would cost twenty times that.
 */
class SecretMatcher {
  /** In redact()'s order (longest in characters first): that order is also the priority of overlapping matches. */
  readonly patterns: readonly Buffer[];
  /** Length in bytes of the longest secret. */
  readonly longest: number;
  /** Whether a secret holds a newline (a wrapped form). */
  readonly wrapped: boolean;
  /** Bytes of the search window: the shortest multi-byte secret, at most WINDOW; 0 without one. */
  private readonly window: number;
  /** For each block, how far the window may move on when it ends with that block. */
  private readonly shift = new Uint8Array(65536);
  /** Secrets by their first block: the first index, then a chain through `next`, in priority order. */
  private readonly first = new Int32Array(65536).fill(-1);
  private readonly next: Int32Array;
  /** First bytes of the multi-byte secrets. */
  private readonly starts = new Uint8Array(256);
  /** Indexes of one-byte secrets, searched on their own. */
  private readonly singles: number[] = [];
  /**
   * Secrets longer than NEAR_END bytes, with their first bytes to search for, and every 4 bytes that
   * can end a chunk that ends inside them, further than NEAR_END bytes in (most chunks end otherwise).
   */
  private readonly longByEnd = new Map<number, { secret: Buffer; prefix: Buffer }[]>();
  /** Windows found worth a closer look, by start (at most one per scan position of a range). */
  private readonly candidates = new Int32Array(RANGE);

  constructor(secrets: readonly string[]) {
    this.patterns = secrets.map((s) => Buffer.from(s, 'utf8'));
    this.next = new Int32Array(this.patterns.length).fill(-1);
    this.longest = Math.max(0, ...this.patterns.map((p) => p.length));
    this.wrapped = this.patterns.some((p) => p.includes(0x0a));
    const multi = this.patterns.filter((p) => p.length >= 2);
    const m = multi.length ? Math.min(WINDOW, ...multi.map((p) => p.length)) : 0;
    this.window = m;
    this.shift.fill(Math.max(m - 1, 0));
    for (let i = this.patterns.length - 1; i >= 0; i--) {
      const p = this.patterns[i]!;
      if (p.length === 1) {
        this.singles.unshift(i);
        continue;
      }
      if (p.length > NEAR_END) {
        const long = { secret: p, prefix: p.subarray(0, 4) };
        const ends = new Set<number>();
        for (let k = NEAR_END; k < p.length; k++) ends.add(p.readUInt32LE(k - 3));
        for (const end of ends) {
          const list = this.longByEnd.get(end);
          if (list) list.push(long);
          else this.longByEnd.set(end, [long]);
        }
      }
      const head = block(p[0]!, p[1]!);
      this.next[i] = this.first[head]!;
      this.first[head] = i;
      this.starts[p[0]!] = 1;
      for (let j = 1; j < m; j++) {
        const b = block(p[j - 1]!, p[j]!);
        if (this.shift[b]! > m - 1 - j) this.shift[b] = m - 1 - j;
      }
    }
  }

  /**
   * Appends the start and secret index of every occurrence lying wholly inside `buf`, in order of
   * start; only those starting before `startsBefore`, if given.
   */
  findAll(buf: Uint8Array, out: number[], startsBefore = buf.length): void {
    const m = this.window;
    const n = buf.length;
    const before = out.length;
    if (m > 0 && n >= m) {
      // A scan position is where the window's last block starts (the window starts m - 2 bytes
      // before). Positions are scanned a range at a time, so the windows kept to look at fit.
      const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
      const end = Math.min(n - 1, startsBefore + m - 2);
      for (let from = m - 2; from < end; from += RANGE)
        this.scanRange(view, buf, from, Math.min(from + RANGE, end), out);
    }
    if (this.singles.length) {
      // Rare (a one-character secret masks that character everywhere).
      for (const i of this.singles) {
        const byte = this.patterns[i]![0]!;
        for (let at = buf.indexOf(byte); at >= 0 && at < startsBefore; at = buf.indexOf(byte, at + 1)) out.push(at, i);
      }
    }
    if (out.length - before > 2) sortPairs(out, before);
  }

  /**
   * Scans the positions [from, to) as four scans of a quarter each, interleaved: one scan is a
   * chain of dependent loads (a block, then its shift) that leaves the processor waiting; four
   * independent chains keep it busy. Each scan owns the window ends in its quarter, and a skip never
   * passes an occurrence's end. A window whose shift is 0 is kept to look at after the loop if a
   * secret starts with its first block: the check inline, or any call, would slow every step.
   */
  private scanRange(view: DataView, buf: Uint8Array, from: number, to: number, out: number[]): void {
    const { window: m, shift, first, candidates } = this;
    const back = m - 2;
    const quarter = Math.floor((to - from) / 4);
    if (quarter < m) {
      this.scan(view, buf, from, to, out);
      return;
    }
    let p1 = from;
    let p2 = p1 + quarter;
    let p3 = p2 + quarter;
    let p4 = p3 + quarter;
    const e1 = p2;
    const e2 = p3;
    const e3 = p4;
    let count = 0;
    while (p1 < e1 && p2 < e2 && p3 < e3 && p4 < to) {
      const s1 = shift[view.getUint16(p1, true)]!;
      const s2 = shift[view.getUint16(p2, true)]!;
      const s3 = shift[view.getUint16(p3, true)]!;
      const s4 = shift[view.getUint16(p4, true)]!;
      if (s1 !== 0) p1 += s1;
      else if (first[view.getUint16(p1 - back, true)]! < 0) p1++;
      else candidates[count++] = p1++ - back;
      if (s2 !== 0) p2 += s2;
      else if (first[view.getUint16(p2 - back, true)]! < 0) p2++;
      else candidates[count++] = p2++ - back;
      if (s3 !== 0) p3 += s3;
      else if (first[view.getUint16(p3 - back, true)]! < 0) p3++;
      else candidates[count++] = p3++ - back;
      if (s4 !== 0) p4 += s4;
      else if (first[view.getUint16(p4 - back, true)]! < 0) p4++;
      else candidates[count++] = p4++ - back;
    }
    for (let c = 0; c < count; c++) this.verify(buf, candidates[c]!, out);
    this.scan(view, buf, p1, e1, out);
    this.scan(view, buf, p2, e2, out);
    this.scan(view, buf, p3, e3, out);
    this.scan(view, buf, p4, to, out);
  }

  /** One scan over the scan positions [from, to). */
  private scan(view: DataView, buf: Uint8Array, from: number, to: number, out: number[]): void {
    const { window: m, shift } = this;
    let at = from;
    while (at < to) {
      const skip = shift[view.getUint16(at, true)]!;
      if (skip !== 0) at += skip;
      else this.verify(buf, at++ - (m - 2), out);
    }
  }

  /** Every secret that starts at `start`. */
  private verify(buf: Uint8Array, start: number, out: number[]): void {
    const { first, next, patterns } = this;
    for (let i = first[block(buf[start]!, buf[start + 1]!)]!; i >= 0; i = next[i]!) {
      const p = patterns[i]!;
      if (start + p.length <= buf.length && matchesAt(buf, start, p, p.length)) out.push(start, i);
    }
  }

  /**
   * The first position from which the rest of `buf` is the beginning of a secret (a secret that may
   * go on in the next chunk), or buf.length.
   */
  partialAt(buf: Buffer): number {
    const n = buf.length;
    const { first, next, patterns } = this;
    const near = Math.max(0, n - this.longest + 1, n - NEAR_END);
    // Further back than NEAR_END bytes from the end, only a long secret (a kubeconfig key runs to
    // kilobytes) can still be going on, and only if the chunk ends with 4 bytes found in it: those
    // few are searched for by their first bytes, rather than looking up thousands of positions.
    let found = n;
    const last = n >= 4 ? buf.readUInt32LE(n - 4) : -1;
    for (const { secret, prefix } of this.longByEnd.get(last) ?? []) {
      for (
        let at = buf.indexOf(prefix, Math.max(0, n - secret.length + 1));
        at >= 0 && at < Math.min(found, near);
        at = buf.indexOf(prefix, at + 1)
      ) {
        if (matchesAt(buf, at, secret, n - at)) found = at;
      }
    }
    if (found < n) return found;
    for (let at = near; at < n - 1; at++) {
      for (let i = first[block(buf[at]!, buf[at + 1]!)]!; i >= 0; i = next[i]!) {
        const p = patterns[i]!;
        if (p.length > n - at && matchesAt(buf, at, p, n - at)) return at;
      }
    }
    return n > 0 && this.longest > 1 && this.starts[buf[n - 1]!] ? n - 1 : n;
  }
}

function matchesAt(buf: Uint8Array, at: number, pattern: Uint8Array, length: number): boolean {
  for (let k = 0; k < length; k++) if (buf[at + k] !== pattern[k]) return false;
  return true;
}

/** Sorts the [start, index] pairs from `from` on by start, then index. */
function sortPairs(pairs: number[], from: number): void {
  const tuples: [number, number][] = [];
  for (let k = from; k < pairs.length; k += 2) tuples.push([pairs[k]!, pairs[k + 1]!]);
  tuples.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (let k = 0; k < tuples.length; k++) {
    pairs[from + 2 * k] = tuples[k]![0];
    pairs[from + 2 * k + 1] = tuples[k]![1];
  }
}

/**
 * Which occurrences to mask, as redact() picks them: secrets in priority order (longest first),
 * each taking its occurrences from left to right that overlap neither a longer secret's nor its
 * own previous one. Returns sorted, disjoint [start, end] pairs.
 */
function selectMatches(found: readonly number[], patterns: readonly Uint8Array[]): number[] {
  const bySecret = new Map<number, number[]>();
  for (let k = 0; k < found.length; k += 2) {
    const i = found[k + 1]!;
    const starts = bySecret.get(i);
    if (starts) starts.push(found[k]!);
    else bySecret.set(i, [found[k]!]);
  }
  let chosen: number[] = [];
  for (const i of [...bySecret.keys()].sort((a, b) => a - b)) {
    const length = patterns[i]!.length;
    const taken: number[] = [];
    let free = 0;
    let c = 0;
    for (const start of bySecret.get(i)!) {
      if (start < free) continue;
      const end = start + length;
      while (c < chosen.length && chosen[c + 1]! <= start) c += 2;
      if (c < chosen.length && chosen[c]! < end) continue;
      taken.push(start, end);
      free = end;
    }
    chosen = mergePairs(chosen, taken);
  }
  return chosen;
}

function mergePairs(a: readonly number[], b: readonly number[]): number[] {
  if (b.length === 0) return a as number[];
  if (a.length === 0) return b as number[];
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) {
      out.push(a[i]!, a[i + 1]!);
      i += 2;
    } else {
      out.push(b[j]!, b[j + 1]!);
      j += 2;
    }
  }
  return out;
}

export interface RedactionStreamOptions {
  /** Bytes held back at most (64 KiB): a longer run of overlapping matches is cut. */
  maxHeld?: number;
}

/**
 * Redacts one byte stream chunk by chunk, with bounded memory and no decoding. Each call returns
 * the bytes that are final (pieces of the input and masks, to be written in order) and holds back
 * what could still change: the beginning of a secret that may go on in the next chunk, any match
 * that overlaps it, and an unfinished UTF-8 character, so every call's output ends on a character
 * boundary. The result is what redact() gives for the whole text at once; only a run of mutually
 * overlapping matches longer than `maxHeld` is cut, to keep memory bounded. A secret added to the
 * redactor applies from the next chunk on (what was passed on already cannot be called back).
 */
export class RedactionStream {
  /** Input not yet redacted: what may be the start of a secret. */
  private carry: Buffer = EMPTY;
  /** Where the carry and the next chunk's first bytes are searched together: reused, as it is never passed on. */
  private seam: Buffer = EMPTY;
  private readonly maxHeld: number;

  constructor(
    private readonly redactor: Redactor,
    options: RedactionStreamOptions = {},
  ) {
    this.maxHeld = options.maxHeld ?? 64 * 1024;
  }

  /** Bytes held back for the next chunk. */
  get held(): number {
    return this.carry.length;
  }

  write(chunk: Buffer): Buffer[] {
    return this.round(chunk, false);
  }

  /** The end of the stream: everything held back, redacted (and a last chunk, if given). */
  end(chunk: Buffer = EMPTY): Buffer[] {
    return this.round(chunk, true);
  }

  private round(chunk: Buffer, final: boolean): Buffer[] {
    const matcher = this.redactor.bytes;
    const { patterns, longest } = matcher;
    // The text is carry + body. A short chunk is simply appended; a long one is searched in place,
    // with only the seam (carry plus the chunk's first bytes) copied.
    let head = this.carry;
    let body = chunk;
    if (head.length > 0 && body.length < 2 * longest + 4) {
      body = Buffer.concat([head, body]);
      head = EMPTY;
    }
    const k = head.length;
    const n = k + body.length;
    const at = (i: number) => (i < k ? head[i]! : body[i - k]!);

    const found: number[] = [];
    if (patterns.length > 0) {
      if (k > 0) {
        const size = k + Math.min(longest - 1, body.length);
        if (this.seam.length < size) this.seam = Buffer.allocUnsafeSlow(Math.max(size, 2 * this.seam.length));
        const seam = this.seam.subarray(0, size);
        head.copy(seam);
        body.copy(seam, k, 0, seam.length - k);
        matcher.findAll(seam, found, k);
      }
      if (k === 0) matcher.findAll(body, found);
      else {
        const inBody: number[] = [];
        matcher.findAll(body, inBody);
        for (let j = 0; j < inBody.length; j += 2) found.push(inBody[j]! + k, inBody[j + 1]!);
      }
    }
    const chosen = found.length ? selectMatches(found, patterns) : found;

    let cut = n;
    if (!final) {
      cut = k + matcher.partialAt(body);
      cut = this.settle(cut, n, found, chosen, patterns, longest, at);
    }

    const out: Buffer[] = [];
    const slice = (from: number, to: number) => {
      if (to <= from) return;
      if (to <= k) out.push(head.subarray(from, to));
      else if (from >= k) out.push(from === k && to === n ? body : body.subarray(from - k, to - k));
      else out.push(head.subarray(from), body.subarray(0, to - k));
    };
    let done = 0;
    for (let j = 0; j < chosen.length && chosen[j]! < cut; j += 2) {
      slice(done, chosen[j]!);
      out.push(MASK_BYTES);
      // A wrapped form's newlines stay (maskOf).
      if (matcher.wrapped) for (let i = chosen[j]!; i < chosen[j + 1]!; i++) if (at(i) === 0x0a) out.push(NEWLINE_MASK);
      done = chosen[j + 1]!;
    }
    slice(done, cut);
    // Copied: the carry is small, and must not pin a large chunk (or the caller's buffer) in memory.
    if (cut >= n) this.carry = EMPTY;
    else if (cut >= k) {
      this.carry = Buffer.allocUnsafe(n - cut);
      body.copy(this.carry, 0, cut - k);
    } else this.carry = Buffer.concat([head.subarray(cut), body]);
    return out;
  }

  /**
   * Moves the cut back until it splits no match (nor a UTF-8 character): a match that overlaps the
   * cut may yet lose to a longer secret that starts later, and so may any match overlapping that
   * one. Everything before such a cut is decided whatever comes next.
   */
  private settle(
    start: number,
    n: number,
    found: readonly number[],
    chosen: readonly number[],
    patterns: readonly Uint8Array[],
    longest: number,
    at: (i: number) => number,
  ): number {
    const first = charStart(start, n, at);
    let cut = first;
    // Matches by descending start: a match that moves the cut can only be overlapped by ones starting earlier.
    for (let j = found.length - 2; j >= 0; j -= 2) {
      const s = found[j]!;
      if (s + longest <= cut) break;
      if (s < cut && s + patterns[found[j + 1]!]!.length > cut) cut = charStart(s, n, at);
    }
    if (n - cut <= Math.max(this.maxHeld, 2 * longest)) return cut;
    // A chain of overlapping matches longer than we hold: cut where the next chunk could matter, but
    // never through a chosen match (finish it instead).
    for (let j = 0; j < chosen.length; j += 2) {
      if (chosen[j]! < first && chosen[j + 1]! > first) return chosen[j + 1]!;
    }
    return first;
  }
}

/** The start of the UTF-8 character at `i`, or before an unfinished one at the end of the text. */
function charStart(i: number, n: number, at: (i: number) => number): number {
  if (i < n) {
    let j = i;
    while (j > 0 && j > i - 3 && (at(j) & 0xc0) === 0x80) j--;
    return j;
  }
  for (let j = n - 1; j >= 0 && j >= n - 3; j--) {
    const b = at(j);
    if ((b & 0xc0) === 0x80) continue;
    const size = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return j + size > n ? j : n;
  }
  return n;
}
