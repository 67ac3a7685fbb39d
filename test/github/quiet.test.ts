import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quietly } from '../../src/github/runner/quiet.js';

describe('quietly', () => {
  const original = process.stdout.write;
  let printed: string[];
  beforeEach(() => {
    printed = [];
    process.stdout.write = ((chunk: string) => {
      printed.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
  });
  afterEach(() => {
    process.stdout.write = original;
  });

  const chatty = (fail: boolean) => async () => {
    process.stdout.write('Uploading artifact: state.zip\n');
    process.stdout.write('::debug::blob PUT 201\n');
    process.stdout.write('::add-mask::abc\n');
    await new Promise((r) => setTimeout(r, 5));
    process.stdout.write('Finished uploading artifact content\n');
    if (fail) throw new Error('upload failed');
    return 42;
  };

  it('holds back a library’s progress lines but lets workflow commands through', async () => {
    expect(await quietly(chatty(false))).toBe(42);
    expect(printed).toEqual(['::debug::blob PUT 201\n', '::add-mask::abc\n']);
    process.stdout.write('after\n');
    expect(printed.at(-1)).toBe('after\n'); // restored
  });

  it('prints the held lines when the call fails, where they explain the failure', async () => {
    await expect(quietly(chatty(true))).rejects.toThrow('upload failed');
    expect(printed).toEqual([
      '::debug::blob PUT 201\n',
      '::add-mask::abc\n',
      'Uploading artifact: state.zip\nFinished uploading artifact content\n',
    ]);
  });
});
