import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../../src/core/lib/zip.js';

interface Entry {
  name: string;
  data: Buffer;
  method?: 0 | 8;
  /** What the central directory claims the entry inflates to (default: its real size). */
  size?: number;
}

/**
 * A zip as APPNOTE.TXT lays it out (local headers, central directory, end record), with the sizes only in
 * the central directory, as a streaming writer with data descriptors leaves them (@actions/artifact's uploads).
 */
function zipOf(entries: Entry[], options: { zip64?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const method = entry.method ?? 8;
    const body = method === 8 ? deflateRawSync(entry.data) : entry.data;
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 6); // sizes in a data descriptor
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(options.zip64 ? 0xffffffff : body.length, 20);
    central.writeUInt32LE(entry.size ?? entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const limits = { maxEntries: 4, maxBytes: 1024 };

describe('readZip', () => {
  it('reads stored and deflated entries by the central directory', () => {
    const files = readZip(
      zipOf([
        { name: 'state.json', data: Buffer.from('{"version":1}') },
        { name: 'kubeconfig.age', data: Buffer.from('armoured'), method: 0 },
        { name: 'empty.log', data: Buffer.alloc(0) },
      ]),
      'artifact 1',
      limits,
    );
    expect([...files.keys()]).toEqual(['state.json', 'kubeconfig.age', 'empty.log']);
    expect(files.get('state.json')!.toString()).toBe('{"version":1}');
    expect(files.get('kubeconfig.age')!.toString()).toBe('armoured');
    expect(files.get('empty.log')!.length).toBe(0);
  });

  const bomb = Buffer.alloc(1 << 20); // a mebibyte of zeros deflates to about a kilobyte
  it.each([
    ['not a zip', Buffer.from('<html>502 Bad Gateway</html>'), /no end of central directory/],
    [
      'too many entries',
      zipOf(['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, data: Buffer.from(name) }))),
      /5 entries, more than 4/,
    ],
    [
      'more than the limit together',
      zipOf([{ name: 'big', data: Buffer.alloc(2048) }]),
      /larger than 1024 bytes together/,
    ],
    [
      'an entry that inflates past its stated size',
      zipOf([{ name: 'bomb', data: bomb, size: 10 }]),
      /"bomb" does not inflate to its 10 bytes/,
    ],
    [
      'an entry smaller than its stated size',
      zipOf([{ name: 'short', data: Buffer.from('ab'), size: 5 }]),
      /"short" is not the size its directory says/,
    ],
    ['zip64', zipOf([{ name: 'x', data: Buffer.from('x') }], { zip64: true }), /zip64/],
    [
      'an unknown compression',
      zipOf([{ name: 'x', data: Buffer.from('x'), method: 12 as 0 }]),
      /compression method 12/,
    ],
    [
      'the same name twice',
      zipOf([
        { name: 'x', data: Buffer.from('1') },
        { name: 'x', data: Buffer.from('2') },
      ]),
      /"x" twice/,
    ],
    ['cut short', zipOf([{ name: 'x', data: Buffer.from('x') }]).subarray(5), /damaged/],
  ])('refuses %s, naming the archive', (_name, zip, error) => {
    expect(() => readZip(zip, 'artifact 7', limits)).toThrow(/^artifact 7 is not a zip archive this tool reads: /);
    expect(() => readZip(zip, 'artifact 7', limits)).toThrow(error);
  });
});
