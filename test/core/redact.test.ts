import { describe, expect, it } from 'vitest';
import { RedactingStream, TailBuffer } from '../../src/core/output.js';
import { MASK, Redactor } from '../../src/core/redact.js';

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
    expect(r.redactValue({ a: ['x canary-1'], b: { c: 'canary-1' }, n: 3 })).toEqual({ a: [`x ${MASK}`], b: { c: MASK }, n: 3 });
  });
});

describe('RedactingStream', () => {
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
});
