import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/lib/errors.js';
import { type FileKind, readTextFile } from '../../../src/core/lib/files.js';
import {
  CLOUDS_YAML,
  CONFIG_FILE,
  KUBECONFIG_FILE,
  MAX_NESTING,
  parseYaml,
  parseYamlMapping,
  readYamlMapping,
} from '../../../src/core/lib/yaml.js';
import { runScript, sourceModule } from '../../support/run-script.js';

const MiB = 1024 * 1024;

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    return (error as Error).message;
  }
  throw new Error('expected a UserError');
}

const billionLaughs = [
  'a: &a [x, x, x, x, x, x, x, x, x, x]',
  ...'bcdefgh'.split('').map((name, i) => `${name}: &${name} [${`*${'abcdefgh'[i]}, `.repeat(9)}*${'abcdefgh'[i]}]`),
].join('\n');

describe('parseYaml', () => {
  it.each([
    {
      case: 'a duplicate key',
      text: 'a: 1\nb: 2\na: 3\n',
      message: 'c.yaml is not valid YAML: duplicate key "a" at line 3, column 1 (first at line 1, column 1)',
    },
    {
      case: 'a duplicate key in a nested mapping',
      text: 'top:\n  list:\n    - {x: 1, y: 2, x: 3}\n',
      message: 'c.yaml is not valid YAML: duplicate key "x" at line 3, column 20 (first at line 3, column 8)',
    },
    {
      case: 'keys that toJS would merge (1 and "1")',
      text: '1: a\n"1": b\n',
      message: 'c.yaml is not valid YAML: duplicate key "1" at line 2, column 1 (first at line 1, column 1)',
    },
    {
      case: 'a second document',
      text: 'a: 1\n---\nb: 2\n',
      message: 'c.yaml holds more than one YAML document (another starts at line 2, column 1); give one',
    },
    {
      case: 'a syntax error',
      text: 'a: [1, 2\nb: 3\n',
      message:
        'c.yaml is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ] at line 2, column 1',
    },
    {
      case: 'binary garbage',
      text: 'a: 1\n\u0000\u0001\u00ff\n',
      message: 'c.yaml is not valid YAML: control character U+0000 at line 2 (a binary file?)',
    },
    {
      case: 'an alias bomb',
      text: billionLaughs,
      message: 'c.yaml: aliases (*name) expand to too much data (over 100 copies); write the values out',
    },
    {
      case: 'flow collections nested too deep',
      text: '['.repeat(200_000),
      message: `c.yaml nests collections more than ${MAX_NESTING} levels deep (at line 1, column 101)`,
    },
    {
      case: 'block sequences nested too deep',
      text: `${'- '.repeat(200_000)}x`,
      message: `c.yaml nests collections more than ${MAX_NESTING} levels deep (at line 1, column 200)`,
    },
    {
      case: 'block mappings nested too deep',
      text: `${Array.from({ length: 1000 }, (_, i) => `${' '.repeat(i)}a:`).join('\n')} x`,
      message: `c.yaml nests collections more than ${MAX_NESTING} levels deep (at line 100, column 101)`,
    },
  ])('refuses $case with a message naming the place', ({ text, message }) => {
    expect(messageOf(() => parseYaml(text, 'c.yaml', CONFIG_FILE))).toBe(message);
  });

  it('refuses deep nesting again and again: the yaml package would overflow its stack and abort the process', async () => {
    // In a fresh process: a second overflow inside V8's regexp compiler is a fatal abort, not an exception.
    const run = await runScript(`
      const { parseYaml, CONFIG_FILE } = await import(${JSON.stringify(sourceModule('src/core/lib/yaml.ts'))});
      for (let i = 0; i < 3; i++) {
        try { parseYaml('- '.repeat(100000) + 'x', 'c.yaml', CONFIG_FILE); } catch (error) { console.log(error.name); }
      }`);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('UserError\nUserError\nUserError\n');
  });

  it('accepts nesting up to the limit, and aliases within it', () => {
    const nested = `${'['.repeat(MAX_NESTING - 1)}1${']'.repeat(MAX_NESTING - 1)}`;
    expect(JSON.stringify(parseYaml(nested, 'c.yaml', CONFIG_FILE).value)).toBe(nested);
    expect(parseYaml('a: &a {x: 1}\nb: *a\n', 'c.yaml', CONFIG_FILE).value).toEqual({ a: { x: 1 }, b: { x: 1 } });
  });

  it('never quotes the source in an error: a secret next to the mistake stays out of the log', () => {
    const message = messageOf(() =>
      parseYaml('users:\n- user: {token: secret-canary-77\n', 'kubeconfig k', KUBECONFIG_FILE),
    );
    expect(message).toMatch(/^kubeconfig k is not valid YAML: .* at line \d+, column \d+$/);
    expect(message).not.toContain('secret-canary-77');
  });

  it.each([
    { bytes: 49 * MiB, kind: CONFIG_FILE, message: 'c.yaml is 49.0 MiB; config files over 1 MiB are refused' },
    { bytes: MiB + 1, kind: CONFIG_FILE, message: `c.yaml is ${MiB + 1} bytes; config files over 1 MiB are refused` },
    { bytes: 17 * MiB, kind: KUBECONFIG_FILE, message: 'c.yaml is 17.0 MiB; kubeconfigs over 16 MiB are refused' },
  ])('refuses text over the limit: $message', ({ bytes, kind, message }) => {
    expect(messageOf(() => parseYaml(`a: ${'x'.repeat(bytes - 3)}`, 'c.yaml', kind))).toBe(message);
  });

  it('accepts text at the limit, counting bytes rather than characters', () => {
    const kind: FileKind = { noun: 'file', plural: 'files', maxBytes: 9 };
    expect(parseYaml('a: ééé', 'c.yaml', kind).value).toEqual({ a: 'ééé' });
    expect(messageOf(() => parseYaml('a: éééé', 'c.yaml', kind))).toBe(
      'c.yaml is 11 bytes; files over 9 bytes are refused',
    );
  });
});

describe('parseYamlMapping', () => {
  it.each([
    { text: '', is: 'empty' },
    { text: '# only a comment\n', is: 'empty' },
    { text: '- a\n- b\n', is: 'a list' },
    { text: 'just text', is: 'a string' },
    { text: '42', is: 'a number' },
  ])('refuses a top level that is $is', ({ text, is }) => {
    expect(messageOf(() => parseYamlMapping(text, 'c.yaml', CONFIG_FILE))).toBe(
      `c.yaml must be a YAML mapping (key: value) at the top level, but it is ${is}`,
    );
  });

  it('keeps the document for source-range edits', () => {
    const { document, value } = parseYamlMapping('a: 1 # note\n', 'c.yaml', CONFIG_FILE);
    expect(value).toEqual({ a: 1 });
    expect(document.toString()).toBe('a: 1 # note\n');
  });
});

describe('readTextFile', () => {
  let base: string;
  beforeAll(async () => {
    base = await fs.mkdtemp(path.join(tmpdir(), 'read-text-'));
    await fs.chmod(base, 0o755);
  });
  afterAll(async () => fs.rm(base, { recursive: true, force: true }));

  it.each([
    {
      case: 'a directory',
      setup: async () => base,
      message: (p: string) => `config file ${p} is a directory; give a file path`,
    },
    {
      case: 'a named pipe (which would block a plain read forever)',
      setup: async () => {
        const fifo = path.join(base, 'fifo');
        expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
        return fifo;
      },
      message: (p: string) => `config file ${p} is not a regular file (it is a named pipe)`,
    },
    {
      case: 'a device',
      setup: async () => '/dev/zero',
      message: (p: string) => `config file ${p} is not a regular file (it is a device)`,
    },
    {
      case: 'a 49 MiB file, refused by its size without reading it',
      setup: async () => {
        const huge = path.join(base, 'huge.yaml');
        await fs.writeFile(huge, '');
        await fs.truncate(huge, 49 * MiB); // sparse: no 49 MiB written or read
        return huge;
      },
      message: (p: string) => `config file ${p} is 49.0 MiB; config files over 1 MiB are refused`,
    },
    {
      case: 'a missing file',
      setup: async () => path.join(base, 'missing.yaml'),
      message: (p: string) => `config file not found: ${p}`,
    },
    {
      case: 'a dangling symbolic link',
      setup: async () => {
        await fs.symlink(path.join(base, 'gone.yaml'), path.join(base, 'dangling.yaml'));
        return path.join(base, 'dangling.yaml');
      },
      message: (p: string) => `config file ${p} is a symbolic link to a missing file`,
    },
    {
      case: 'a file that is not UTF-8',
      setup: async () => {
        await fs.writeFile(path.join(base, 'latin1.yaml'), Buffer.from([0x61, 0x3a, 0x20, 0xe9, 0x0a]));
        return path.join(base, 'latin1.yaml');
      },
      message: (p: string) => `config file ${p} is not UTF-8 text`,
    },
  ])('refuses $case, naming it', async ({ setup, message }) => {
    const file = await setup();
    expect(messageOf(() => readTextFile(file, CONFIG_FILE))).toBe(message(file));
  });

  it('reads through a symbolic link to a file', async () => {
    await fs.writeFile(path.join(base, 'real.yaml'), 'a: 1\n');
    await fs.symlink(path.join(base, 'real.yaml'), path.join(base, 'link.yaml'));
    expect(readTextFile(path.join(base, 'link.yaml'), CONFIG_FILE)).toBe('a: 1\n');
  });

  it('explains a file it may not read', async () => {
    const secret = path.join(base, 'secret.yaml');
    await fs.writeFile(secret, 'a: 1\n', { mode: 0o600 });
    const run = await runScript(
      `const { readTextFile } = await import(${JSON.stringify(sourceModule('src/core/lib/files.ts'))});
      try { readTextFile(${JSON.stringify(secret)}, { noun: 'kubeconfig', plural: 'kubeconfigs', maxBytes: 1024 }); } catch (error) { console.log(error.name + ': ' + error.message); }`,
      { unprivileged: true },
    );
    expect(run.stdout).toBe(`UserError: cannot read kubeconfig ${secret}: permission denied\n`);
  });
});

describe('readYamlMapping', () => {
  it('reads and parses a file, naming it (quoted if need be) in messages', async () => {
    const dir = await fs.mkdtemp(path.join(tmpdir(), 'read-yaml-'));
    try {
      const good = path.join(dir, 'clouds.yaml');
      await fs.writeFile(good, 'clouds: {a: {region_name: r}}\n');
      expect(readYamlMapping(good, CLOUDS_YAML).value).toEqual({ clouds: { a: { region_name: 'r' } } });
      const odd = path.join(dir, 'clouds\n.yaml');
      await fs.writeFile(odd, '- a\n');
      expect(messageOf(() => readYamlMapping(odd, CLOUDS_YAML))).toBe(
        `${JSON.stringify(odd)} must be a YAML mapping (key: value) at the top level, but it is a list`,
      );
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
