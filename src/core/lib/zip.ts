import { inflateRawSync } from 'node:zlib';
import { UserError } from './errors.js';

/**
 * The files of a zip archive, read through its central directory: how GitHub serves a workflow artifact
 * ("Download an artifact", a zip that @actions/artifact's upload made with deflate and data descriptors, so
 * the sizes are only in the central directory). Only what such an archive holds is accepted: flat file
 * names, stored or deflated entries, no zip64; the sizes are capped before anything is inflated.
 * Format: PKWARE APPNOTE.TXT, 4.3.7 (local header), 4.3.12 (central directory), 4.3.16 (end record).
 */
export interface ZipLimits {
  maxEntries: number;
  /** The most all entries may inflate to, together. */
  maxBytes: number;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;

export function readZip(zip: Buffer, what: string, limits: ZipLimits): Map<string, Buffer> {
  const bad = (reason: string) => new UserError(`${what} is not a zip archive this tool reads: ${reason}`);
  let end = zip.length - 22;
  const stop = Math.max(0, zip.length - END_SEARCH);
  while (end >= stop && zip.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY) end--;
  if (end < stop || end < 0) throw bad('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  if (count > limits.maxEntries) throw bad(`${count} entries, more than ${limits.maxEntries}`);
  let entry = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (entry + 46 > zip.length || zip.readUInt32LE(entry) !== CENTRAL_FILE_HEADER) throw bad('a damaged directory');
    const method = zip.readUInt16LE(entry + 10);
    const compressedSize = zip.readUInt32LE(entry + 20);
    const size = zip.readUInt32LE(entry + 24);
    const nameLength = zip.readUInt16LE(entry + 28);
    const extraLength = zip.readUInt16LE(entry + 30);
    const commentLength = zip.readUInt16LE(entry + 32);
    const local = zip.readUInt32LE(entry + 42);
    const name = zip.toString('utf8', entry + 46, entry + 46 + nameLength);
    entry += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if (compressedSize === 0xffffffff || size === 0xffffffff || local === 0xffffffff) throw bad('zip64');
    if (method !== 0 && method !== 8) throw bad(`entry ${JSON.stringify(name)} uses compression method ${method}`);
    total += size;
    if (total > limits.maxBytes) throw bad(`its files are larger than ${limits.maxBytes} bytes together`);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_FILE_HEADER) throw bad('a damaged entry');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + compressedSize > zip.length) throw bad(`entry ${JSON.stringify(name)} is cut short`);
    const data = zip.subarray(start, start + compressedSize);
    let content: Buffer;
    try {
      // maxOutputLength: an entry that inflates past what the directory says is refused, not inflated.
      content = method === 0 ? Buffer.from(data) : inflateRawSync(data, { maxOutputLength: Math.max(1, size) });
    } catch {
      throw bad(`entry ${JSON.stringify(name)} does not inflate to its ${size} bytes`);
    }
    if (content.length !== size) throw bad(`entry ${JSON.stringify(name)} is not the size its directory says`);
    if (files.has(name)) throw bad(`entry ${JSON.stringify(name)} twice`);
    files.set(name, content);
  }
  return files;
}
