import { describe, expect, it } from 'vitest';
import { decodeChunks, LineInterleaver, TailBuffer } from '../../../src/core/lib/output.js';
import { MASK, Redactor } from '../../../src/core/lib/redact.js';

describe('Redactor', () => {
  it('masks every occurrence, longest secret first', () => {
    const r = new Redactor();
    r.add('abc123');
    r.add('abc123-longer');
    expect(r.redact('x abc123-longer y abc123 z')).toBe(`x ${MASK} y ${MASK} z`);
  });

  it('ignores empty values and masks each substantial line of a multi-line secret', () => {
    const r = new Redactor();
    r.add('');
    r.add('   ');
    r.add('-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----');
    expect(r.redact('key line: MIIEvQIBADANBgkqhkiG9w0BAQEFAASC')).toBe(`key line: ${MASK}`);
    expect(r.redact('-----BEGIN PRIVATE KEY-----')).toBe('-----BEGIN PRIVATE KEY-----');
  });

  it('redacts nested values deeply', () => {
    const r = new Redactor();
    r.add('canary-1');
    expect(r.redactValue({ a: ['x canary-1'], b: { c: 'canary-1' }, n: 3 })).toEqual({
      a: [`x ${MASK}`],
      b: { c: MASK },
      n: 3,
    });
  });
});

/** Redactor.stream() driven as runCommand drives it, collected as text. */
class RedactingStream {
  private readonly stream;
  constructor(
    redactor: Redactor,
    private readonly sink: (text: string) => void,
    maxPending = 64 * 1024,
  ) {
    this.stream = redactor.stream({ maxHeld: maxPending });
  }
  write(chunk: Buffer | string): void {
    this.emit(this.stream.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
  }
  end(): void {
    this.emit(this.stream.end());
  }
  private emit(chunks: Buffer[]): void {
    if (chunks.length) this.sink(decodeChunks(chunks));
  }
}

describe('Redactor.stream', () => {
  const secret = 'SECRET-CANARY-0123456789';

  function collect(chunks: (string | Buffer)[], maxPending?: number): string {
    const r = new Redactor();
    r.add(secret);
    let out = '';
    const stream = new RedactingStream(r, (t) => (out += t), maxPending);
    for (const chunk of chunks) stream.write(chunk);
    stream.end();
    return out;
  }

  it('catches a secret split across chunks, at every split point', () => {
    const text = `before ${secret} after\n`;
    for (let i = 1; i < text.length; i++) {
      const out = collect([text.slice(0, i), text.slice(i)]);
      expect(out).toBe(`before ${MASK} after\n`);
    }
  });

  it('catches a secret in an endless line longer than the buffer, with bounded pending data', () => {
    const filler = 'x'.repeat(1000);
    const chunks: string[] = [];
    for (let i = 0; i < 200; i++) chunks.push(filler, secret.slice(0, 7), secret.slice(7));
    const out = collect(chunks, 4096);
    expect(out).not.toContain(secret);
    expect(out.split(MASK).length - 1).toBe(200);
  });

  it('does not split a multi-byte UTF-8 character across chunks', () => {
    const bytes = Buffer.from('ünïcødé ✓\n');
    const out = collect([bytes.subarray(0, 1), bytes.subarray(1, 2), bytes.subarray(2)]);
    expect(out).toBe('ünïcødé ✓\n');
  });
});

describe('TailBuffer', () => {
  it('keeps only the last lines', () => {
    const tail = new TailBuffer(3);
    tail.sink('1\n2\n3\n');
    tail.sink('4\n5');
    expect(tail.tail).toEqual(['3', '4', '5']);
  });

  it('drops terminal colour codes, as tofu and ansible print them', () => {
    const tail = new TailBuffer(3);
    tail.sink('\x1b[31m│\x1b[0m \x1b[0m\x1b[1m\x1b[31mError: \x1b[0m\x1b[0m\x1b[1mSaved plan is stale\x1b[0m\n');
    tail.sink('\x1b]8;;https://example.com\x07link\x1b]8;;\x07 \x1b[2Kdone');
    expect(tail.tail).toEqual(['│ Error: Saved plan is stale', 'link done']);
  });

  // It keeps between `keep` and twice that many bytes, cut from chunks of any size: the last lines are
  // whole whenever they fit in `keep`, however the stream came (one byte at a time, or chunks far larger).
  it.each([
    { name: 'chunks of 1 to 40 bytes (many small ones)', sizes: [1, 40] },
    { name: 'chunks of 500 to 5,000 bytes (past twice what it keeps)', sizes: [500, 5000] },
    { name: 'chunks of 1 to 5,000 bytes', sizes: [1, 5000] },
  ])('gives the last lines of $name', ({ sizes: [low, high] }) => {
    let state = 5;
    const random = (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return Math.floor((state / 2147483648) * n);
    };
    for (let round = 0; round < 20; round++) {
      const lines = Array.from({ length: 300 }, (_, i) => `${i} ${'x'.repeat(random(90))}`);
      const text = `${lines.join('\n')}${random(2) ? '\n' : ''}`;
      const bytes = Buffer.from(text);
      const [last5, all] = [new TailBuffer(5, 1024), new TailBuffer(1000, 1024)];
      for (let at = 0; at < bytes.length; ) {
        const cut = Math.min(bytes.length, at + low! + random(high! - low! + 1));
        for (const tail of [last5, all]) tail.push([bytes.subarray(at, cut)]);
        at = cut;
      }
      expect(last5.retained).toBeLessThanOrEqual(2 * 1024 + high!);
      const want = text.split('\n').filter((line, i, every) => line !== '' || i < every.length - 1);
      expect(last5.tail).toEqual(want.slice(-5));
      // All it kept: whole lines, but for the first, whose beginning it dropped, marked so.
      const [first, ...rest] = all.tail;
      expect(rest).toEqual(want.slice(-rest.length));
      const from = want[want.length - rest.length - 1]!;
      if (first!.startsWith('…')) expect(from.endsWith(first!.slice(1)) && first!.length - 1 < from.length).toBe(true);
      else expect(first).toBe(from);
    }
  });
});

/** Everything a stream gives back for `chunks`, checking that each call's output ends on a character boundary. */
function streamed(r: Redactor, chunks: Buffer[]): string {
  const stream = r.stream();
  const out: Buffer[] = [];
  for (const chunk of chunks) {
    const part = stream.write(chunk);
    expect(Buffer.concat(part).toString('utf8')).not.toContain('\ufffd');
    out.push(...part);
  }
  out.push(...stream.end());
  return Buffer.concat(out).toString('utf8');
}

/** Every way of cutting `text` in two, and in three around each point with a 1-byte middle. */
function cuts(text: string): Buffer[][] {
  const bytes = Buffer.from(text);
  const all: Buffer[][] = [];
  for (let i = 0; i <= bytes.length; i++) {
    all.push([bytes.subarray(0, i), bytes.subarray(i)]);
    if (i < bytes.length) all.push([bytes.subarray(0, i), bytes.subarray(i, i + 1), bytes.subarray(i + 1)]);
  }
  return all;
}

/** A deterministic pseudo-random source, so a failure can be replayed. */
function random(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
}

describe('Redactor on bytes (RedactionStream)', () => {
  const secret = 'SECRET-CANARY-0123456789';
  const filler = 'ordinary output, nothing to hide here; '.repeat(8);

  it('catches a secret split across chunks at every byte offset, short chunks and long', () => {
    const r = new Redactor();
    r.add(secret);
    for (const text of [`a ${secret} b`, `${filler}${secret}${filler}${secret}\n${filler}`]) {
      for (const chunks of cuts(text)) expect(streamed(r, chunks)).toBe(r.redact(text));
    }
    expect(streamed(r, [Buffer.from(`${filler}${secret}`)])).toBe(`${filler}${MASK}`);
  });

  it('catches a kilobytes-long secret (a kubeconfig key) split at every byte offset', () => {
    const pick = random(99);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const key = Array.from({ length: 1500 }, () => alphabet[pick(64)]).join('');
    const r = new Redactor();
    r.add(key);
    r.add(secret);
    const text = `client-key-data: ${key}\n${filler}${key.slice(0, 700)} is not it\n`;
    const want = `client-key-data: ${MASK}\n${filler}${key.slice(0, 700)} is not it\n`;
    expect(r.redact(text)).toBe(want);
    for (const chunks of cuts(text)) expect(streamed(r, chunks)).toBe(want);
    const stream = r.stream();
    const out = [
      ...stream.write(Buffer.from(`${filler}${key.slice(0, 1000)}`)),
      ...stream.write(Buffer.from(`${key.slice(1000)} ok\n`)),
      ...stream.end(),
    ];
    expect(Buffer.concat(out).toString()).toBe(`${filler}${MASK} ok\n`);
  });

  it('masks multi-byte UTF-8 secrets cut inside a character, and never splits a character itself', () => {
    const r = new Redactor();
    r.add('pässwörd-✓-秘密-🔑');
    r.add('ünïcødé');
    const text = `${filler}ü pässwörd-✓-秘密-🔑 ✓ ünïcødé ünïcød ✓\n${filler}é`;
    const want = `${filler}ü ${MASK} ✓ ${MASK} ünïcød ✓\n${filler}é`;
    expect(r.redact(text)).toBe(want);
    for (const chunks of cuts(text)) expect(streamed(r, chunks)).toBe(want);
  });

  it('resolves overlapping secrets as redact() does: longest first, then leftmost', () => {
    const r = new Redactor();
    for (const s of ['abc123', 'abc123-longer', 'xab', 'abcd', 'cdefgh', 'defg']) r.add(s);
    const cases: [string, string][] = [
      ['x abc123-longer y abc123 z', `x ${MASK} y ${MASK} z`],
      ['xabcd', `x${MASK}`], // 'abcd' (longer) wins over 'xab', which starts first
      ['abcdefgh', `ab${MASK}`], // 'cdefgh' wins over 'abcd' and 'defg'
      ['abc123abc123-longer', `${MASK}${MASK}`],
    ];
    for (const [text, want] of cases) {
      expect(r.redact(text)).toBe(want);
      expect(r.redactBytes(Buffer.from(text)).toString()).toBe(want);
      for (const chunks of cuts(`${filler}${text}${filler}`))
        expect(streamed(r, chunks)).toBe(`${filler}${want}${filler}`);
    }
  });

  it('agrees with redact() on random text full of overlapping secrets, however it is chunked', () => {
    const pick = random(20240611);
    const alphabet = ['a', 'b', 'c', 'é', '✓'];
    for (let round = 0; round < 3000; round++) {
      const r = new Redactor();
      for (let i = 0, n = 1 + pick(5); i < n; i++)
        r.add(Array.from({ length: 1 + pick(6) }, () => alphabet[pick(alphabet.length)]).join(''));
      const text = Array.from({ length: pick(400) }, () => [...alphabet, ' ', '\n'][pick(alphabet.length + 2)]).join(
        '',
      );
      const bytes = Buffer.from(text);
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; ) {
        const size = 1 + pick(pick(2) ? 12 : 150);
        chunks.push(bytes.subarray(at, at + size));
        at += size;
      }
      const want = r.redact(text);
      expect(streamed(r, chunks), JSON.stringify({ secrets: r.values, text })).toBe(want);
      expect(r.redactBytes(bytes).toString()).toBe(want);
    }
  });

  it('finds secrets anywhere in a large buffer, at every edge of the search', () => {
    const r = new Redactor();
    const secrets = ['tok-0123456789abcdef', 'pw-ÄÖÜ-xyz-0987654321', 'k', 'very-long-secret-'.repeat(10)];
    for (const s of secrets) r.add(s);
    const size = 100_000;
    const pick = random(7);
    const edges = [0, 1, 16382, 16383, 16384, 16385, 24_999, 25_000, 50_000, 65_535, 65_536, size - 200];
    for (const at of [...edges, ...Array.from({ length: 40 }, () => pick(size - 200))]) {
      const text = Buffer.alloc(size, '.');
      const s = secrets[pick(secrets.length)]!;
      text.write(s, at);
      const found: number[] = [];
      r.bytes.findAll(text, found);
      expect(found.filter((_, i) => i % 2 === 0)).toContain(at);
      expect(r.redactBytes(text).toString()).toBe(r.redact(text.toString()));
    }
  });

  it('finds a secret at every position of a buffer that spans two search ranges', () => {
    const r = new Redactor();
    r.add('tok-0123456789abcdef');
    r.add('pw-ÄÖÜ-xyz-0987654321-and-more');
    const text = Buffer.alloc(17_000, '.');
    for (let at = 0; at + 20 <= text.length; at++) {
      text.fill('.');
      text.write('tok-0123456789abcdef', at);
      const found: number[] = [];
      r.bytes.findAll(text, found);
      if (found[0] !== at || found.length !== 2) expect({ at, found }).toEqual({ at, found: [at, 1] });
    }
  });

  it('applies a secret added mid-stream to everything after it', () => {
    const r = new Redactor();
    r.add(secret);
    const stream = r.stream();
    const out: Buffer[] = [...stream.write(Buffer.from(`${secret} early-kubeconfig-key-1 `))];
    r.add('early-kubeconfig-key-1');
    out.push(...stream.write(Buffer.from(`then early-kubeconfig-key-1 and ${secret.slice(0, 5)}`)));
    out.push(...stream.write(Buffer.from(`${secret.slice(5)} end`)));
    out.push(...stream.end());
    expect(Buffer.concat(out).toString()).toBe(`${MASK} early-kubeconfig-key-1 then ${MASK} and ${MASK} end`);
  });

  it("masks the wrapped forms of a secret that is already another's encoded form, in a stream begun before it", () => {
    const r = new Redactor();
    r.add('correct horse battery');
    const stream = r.stream();
    const out: Buffer[] = [...stream.write(Buffer.from('start\n'))];
    // Its URL form: masked already on one line, but only its own add() makes its forms split across lines.
    r.add('correct%20horse%20battery');
    const wrapped = 'correct%20\nhorse%20battery';
    expect(r.redact(`x ${wrapped} y`)).toBe(`x ${MASK}\n${MASK} y`);
    out.push(...stream.write(Buffer.from(`x ${wrapped} y`)), ...stream.end());
    expect(Buffer.concat(out).toString()).toBe(`start\nx ${MASK}\n${MASK} y`);
  });

  it('keeps memory bounded on a huge line with no newline', () => {
    const r = new Redactor();
    r.add(secret);
    const stream = r.stream();
    const tail = new TailBuffer(30);
    const block = Buffer.from(`${'x'.repeat(65536 - secret.length - 7)}${secret}`);
    let masks = 0;
    let bytes = 0;
    for (let i = 0; i < 512; i++) {
      // Each block is cut 7 bytes into the secret, so every chunk ends on a partial secret.
      const chunk =
        i === 0
          ? block.subarray(0, block.length - 7)
          : Buffer.concat([block.subarray(block.length - 7), block.subarray(0, block.length - 7)]);
      const out = stream.write(chunk);
      tail.push(out);
      expect(stream.held).toBeLessThan(secret.length);
      expect(tail.retained).toBeLessThanOrEqual(2 * 64 * 1024);
      for (const part of out) {
        if (part.toString() === MASK) masks++;
        bytes += part.length;
      }
    }
    expect(masks).toBe(511);
    expect(bytes).toBe(512 * block.length - 7 - 511 * (secret.length - MASK.length) - stream.held);
    expect(tail.tail).toHaveLength(1);
    expect(tail.tail[0]!.length).toBeLessThanOrEqual(4096);
  });
});

describe('LineInterleaver', () => {
  const b = (text: string) => Buffer.from(text);
  function merged(maxHeld?: number) {
    const writes: string[] = [];
    const lines = new LineInterleaver((chunks) => writes.push(Buffer.concat(chunks).toString()), maxHeld);
    return { lines, writes };
  }

  it('passes one stream on as it comes, partial lines included, uncut', () => {
    const { lines, writes } = merged();
    lines.push(0, [b('progress: ...')]);
    lines.push(0, [b('.. done\nnext')]);
    expect(writes).toEqual(['progress: ...', '.. done\nnext']);
  });

  it('holds the other stream while a line is unfinished, and lets it in at the newline', () => {
    const { lines, writes } = merged();
    lines.push(0, [b('stdout starts ')]);
    lines.push(1, [b('[WARNING]: stderr line\n')]);
    expect(writes).toEqual(['stdout starts ']);
    lines.push(0, [b('and ends\nanother '), b('line starts')]);
    lines.push(1, [b('second warning\n')]);
    lines.end();
    expect(writes).toEqual([
      'stdout starts ',
      'and ends\n',
      '[WARNING]: stderr line\n',
      'another line starts',
      'second warning\n',
    ]);
  });

  it('never mixes lines, and keeps each stream in order, however the streams are chunked', () => {
    const pick = random(4242);
    for (let round = 0; round < 300; round++) {
      const streams = [0, 1].map((s) =>
        Array.from({ length: 1 + pick(30) }, (_, i) => `${s ? 'err' : 'out'}-${i}-${'x'.repeat(pick(20))}\n`),
      );
      const bytes = streams.map((lines) => Buffer.from(lines.join('')));
      const at = [0, 0];
      const { lines, writes } = merged();
      while (at[0]! < bytes[0]!.length || at[1]! < bytes[1]!.length) {
        const s = at[0]! >= bytes[0]!.length ? 1 : at[1]! >= bytes[1]!.length ? 0 : pick(2);
        const size = 1 + pick(40);
        lines.push(s as 0 | 1, [bytes[s]!.subarray(at[s]!, at[s]! + size)]);
        at[s]! += size;
      }
      lines.end();
      const out = writes
        .join('')
        .split('\n')
        .slice(0, -1)
        .map((l) => `${l}\n`);
      expect(out.filter((l) => l.startsWith('out-'))).toEqual(streams[0]);
      expect(out.filter((l) => l.startsWith('err-'))).toEqual(streams[1]);
      expect(out).toHaveLength(streams[0]!.length + streams[1]!.length);
    }
  });

  it('lets the other stream through after maxHeld bytes of waiting, and everything at the end', () => {
    const { lines, writes } = merged(100);
    lines.push(0, [b('a progress bar that never ends its line')]);
    for (let i = 0; i < 10; i++) lines.push(1, [b(`warning ${i} ${'y'.repeat(10)}\n`)]);
    // Past 100 bytes the first five go out together; the line is broken anyway, so the rest follow as they come.
    expect(writes[1]).toMatch(/^warning 0 .*\nwarning 4 y+\n$/s);
    expect(writes).toHaveLength(7);
    lines.push(0, [b(' still going')]);
    lines.end();
    expect(writes.join('')).toMatch(/warning 9 y+\n still going$/);
  });
});

describe('TailBuffer on bytes', () => {
  it('keeps the last lines of the last 64 KiB, marking a line whose start was dropped', () => {
    const tail = new TailBuffer(3);
    tail.push([Buffer.from(`first line ${'y'.repeat(200_000)}\n`)]);
    tail.push([Buffer.from('second ✓\nthird')]);
    expect(tail.tail).toEqual([`…${'y'.repeat(4096)}`, 'second ✓', 'third']);
    for (let i = 0; i < 100; i++) tail.push([Buffer.from(`line ${i}\n`)]);
    expect(tail.tail).toEqual(['line 97', 'line 98', 'line 99']);

    // Whole lines dropped whole: the first kept line is complete.
    const long = new TailBuffer(200);
    for (let i = 0; i < 100; i++) long.push([Buffer.from(`L${i} ${'w'.repeat(1000)}\n`)]);
    expect(long.tail[0]).toMatch(/^L\d+ w+$/);
    expect(long.tail.at(-1)).toBe(`L99 ${'w'.repeat(1000)}`);
  });
});
