import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { CommandFailedError, commandExecutor } from '../../../src/core/lib/command.js';
import { DeployOutput } from '../../../src/core/lib/output.js';
import { Redactor } from '../../../src/core/lib/redact.js';
import { encodedForms, SUBSTANTIAL_SECRET_LENGTH, secretLines } from '../../../src/core/lib/secret-forms.js';

// Two canaries: one with every character JSON, URLs and shells escape (and non-ASCII, and a space;
// `*~!'()` are left clear by some URL encoders and escaped by others), one a bare token a tool may
// fold across lines as it is.
const RICH = `Cän/ary "pa$$" 100%+&<x>\\ ✓ 7f3Q*~!'()`;
const TOKEN = 'tok3n-Zq9x8W7v6U5t4S3r2Q1p0OnMlKjIhGfEdCbA';
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

const b64 = (text: string, url = false) => Buffer.from(text).toString(url ? 'base64url' : 'base64');
const wrap = (text: string, width: number) => text.replace(new RegExp(`(.{${width}})(?=.)`, 'g'), '$1\n');

/**
 * Whether `output` still gives away `secret`: as is, after undoing JSON escapes, URL encoding or a
 * `'` quoted for a shell or YAML, or in base64 (any run of base64 characters, wrapped lines joined,
 * decoded at each of its 4 offsets, holding any 6 bytes of the secret in a row). Written apart from
 * the redactor's forms on purpose.
 */
function leaks(output: string, secret: string): boolean {
  const jsonUnescaped = (text: string) =>
    text.replace(/\\u([0-9a-fA-F]{4})|\\(["\\/])/g, (_, hex, ch) =>
      hex ? String.fromCharCode(Number.parseInt(hex, 16)) : ch,
    );
  const unjson = jsonUnescaped(jsonUnescaped(output));
  let unurl = output;
  try {
    unurl = decodeURIComponent(output.replaceAll('+', ' '));
  } catch {
    // not URL-encoded as a whole; the literal checks still run
  }
  const unquoted = output.replaceAll(`'"'"'`, "'").replaceAll(`'\\''`, "'").replaceAll("''", "'");
  if ([output, output.replaceAll('\n', ''), unjson, unurl, unquoted].some((text) => text.includes(secret))) return true;
  const bytes = Buffer.from(secret);
  const windows = new Set<string>();
  for (let i = 0; i + 6 <= bytes.length; i++) windows.add(bytes.subarray(i, i + 6).toString('hex'));
  const joined = output.replace(/([A-Za-z0-9+/_=-])\r?\n(?=[A-Za-z0-9+/_-])/g, '$1');
  for (const run of joined.match(/[A-Za-z0-9+/_-]{8,}/g) ?? []) {
    for (let offset = 0; offset < 4; offset++) {
      const decoded = Buffer.from(run.slice(offset).replaceAll('-', '+').replaceAll('_', '/'), 'base64').toString(
        'hex',
      );
      for (let i = 0; i + 12 <= decoded.length; i += 2) if (windows.has(decoded.slice(i, i + 12))) return true;
    }
  }
  return false;
}

/** What tools print: [form, the secret it carries, the text]. */
const printed: [string, string, string][] = [];
for (const secret of [RICH, TOKEN]) {
  printed.push(['literal', secret, `value=${secret}`]);
  printed.push(['JSON.stringify', secret, JSON.stringify({ password: secret })]);
  printed.push(['JSON with \\/', secret, JSON.stringify({ password: secret }).replaceAll('/', '\\/')]);
  printed.push(['JSON in JSON', secret, JSON.stringify({ doc: JSON.stringify({ password: secret }) })]);
  printed.push([
    'JSON, every character \\uXXXX',
    secret,
    `"${[...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`).join('')}"`,
  ]);
  printed.push(['encodeURIComponent', secret, `https://x.example/?token=${encodeURIComponent(secret)}&a=1`]);
  printed.push(['form encoding (+ for space)', secret, new URLSearchParams({ token: secret, a: 'b' }).toString()]);
  // RFC 3986's unreserved characters only, as Go's url.QueryEscape and Python's quote(s, safe="") print it.
  const strict = encodeURIComponent(secret).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  printed.push(['strict URL encoding, + for space (Go url.QueryEscape)', secret, `q=${strict.replaceAll('%20', '+')}`]);
  printed.push([
    'strict URL encoding, lower-case hex',
    secret,
    strict.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
  ]);
  printed.push(['shell single quotes, POSIX', secret, `echo '${secret.replaceAll("'", "'\\''")}'`]);
  printed.push([
    'YAML single quotes (yaml)',
    secret,
    YAML.stringify({ password: secret }, { defaultStringType: 'QUOTE_SINGLE' }),
  ]);
  for (const url of [false, true]) {
    for (const offset of [0, 1, 2, 3, 4, 5]) {
      const payload = `${'p'.repeat(offset)}${secret}{"tail":1}`;
      printed.push([`base64${url ? 'url' : ''} at byte ${offset}`, secret, `data: ${b64(payload, url)}`]);
    }
  }
  for (const width of [64, 76]) {
    for (const offset of [0, 1, 2, 17, 40]) {
      const payload = `${'k: v\n'.repeat(offset)}password: ${secret}\n`;
      printed.push([`base64 wrapped at ${width}, after ${offset} lines`, secret, wrap(b64(payload), width)]);
    }
  }
}
printed.push(['a token folded at 64 columns', TOKEN, wrap(`${'x'.repeat(50)}${TOKEN}`, 64)]);

describe('the redactor masks every form a secret travels in', () => {
  const redactor = new Redactor();
  redactor.add(RICH);
  redactor.add(TOKEN);

  it('the leak check itself finds each form unmasked (so the rows below prove something)', () => {
    for (const [form, secret, text] of printed) expect(leaks(text, secret), form).toBe(true);
  });

  it.each(printed)('%s: redact() and a stream cut at every byte leave nothing', (_, secret, text) => {
    const line = `before ${text} after\n`;
    expect(leaks(redactor.redact(line), secret), redactor.redact(line)).toBe(false);
    const bytes = Buffer.from(line);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      const stream = redactor.stream();
      const out = [...stream.write(bytes.subarray(0, cut)), ...stream.write(bytes.subarray(cut)), ...stream.end()];
      expect(leaks(Buffer.concat(out).toString('utf8'), secret)).toBe(false);
    }
  });

  it('keeps the lines of a wrapped form: each masked line stays a line', () => {
    const text = wrap(b64(`password: ${TOKEN}\n`), 76);
    expect(redactor.redact(text).split('\n').length).toBe(text.split('\n').length);
  });

  it.each([
    ['no character a URL, shell or YAML escapes', 'abcdefghij0123456789', []],
    ['a quote and the characters only strict URL encoders escape', "Pa55*word(x)!'q", ['Pa55%2Aword%28x%29%21%27q']],
  ])('forms, each once and never the value itself: %s', (_, value, included) => {
    const forms = encodedForms(value);
    expect(new Set(forms).size).toBe(forms.length);
    expect(forms).not.toContain(value);
    for (const form of included) expect(forms).toContain(form);
    if (!value.includes("'")) expect(forms.filter((form) => form.includes("'"))).toEqual([]);
  });

  it('does not register encoded forms of a short value (they would be common characters)', () => {
    const short = new Redactor();
    short.add('abc1234');
    expect(short.values).toEqual(['abc1234']);
    expect(short.redact(b64('xxabc1234yy'))).toBe(b64('xxabc1234yy'));
  });
});

/** Each form as a real tool prints it: coreutils base64 (76 columns), openssl (64), Python's json and urllib, node. */
const tools: [string, string, string[]][] = [];
for (const secret of [RICH, TOKEN]) {
  const py = (code: string) => [
    'python3',
    '-c',
    `import sys, json, base64, urllib.parse; s = sys.argv[1]; ${code}`,
    secret,
  ];
  tools.push(['python json.dumps (ASCII, \\u escapes)', secret, py('print(json.dumps({"password": s}))')]);
  tools.push(['python urllib quote_plus', secret, py('print("token=" + urllib.parse.quote_plus(s))')]);
  tools.push(['python urllib quote (/ left clear)', secret, py('print(urllib.parse.quote(s))')]);
  tools.push(['python shlex.quote', secret, py('import shlex; print("sh -c " + shlex.quote(s))')]);
  tools.push([
    'python urllib quote (lower-case hex)',
    secret,
    py('import re; print(re.sub("%[0-9A-F]{2}", lambda m: m.group(0).lower(), urllib.parse.quote(s, safe="")))'),
  ]);
  for (const offset of [0, 1, 2]) {
    tools.push([
      `python base64 at byte ${offset}, both alphabets`,
      secret,
      py(
        `p = ("x" * ${offset} + s + "!").encode(); print(base64.b64encode(p).decode()); print(base64.urlsafe_b64encode(p).decode())`,
      ),
    ]);
  }
  tools.push([
    'python base64.encodebytes (76 columns)',
    secret,
    py(
      'sys.stdout.write(base64.encodebytes(("apiVersion: v1\\nkind: Secret\\ntoken: " + s + "\\n").encode()).decode())',
    ),
  ]);
  tools.push([
    'node JSON.stringify',
    secret,
    [process.execPath, '-e', 'console.log(JSON.stringify([process.argv[1]]))', secret],
  ]);
  tools.push(['coreutils base64 of a file (76 columns)', secret, ['base64', '-']]);
  tools.push(['openssl base64 (64 columns)', secret, ['openssl', 'base64', '-e']]);
}

describe('a step whose tool prints a form leaves it in no output', () => {
  it.each(tools)('%s: console, log file and failure tail', async (_, secret, argv) => {
    const redactor = new Redactor();
    redactor.add(secret);
    const dir = mkdtempSync(path.join(tmpdir(), 'forms-'));
    const log = path.join(dir, 'deploy.log');
    let console = '';
    const output = new DeployOutput(redactor, (text) => {
      console += text;
    });
    output.openLogFile(log);
    // The tools that read stdin get a kubeconfig-like document holding the secret; each fails after printing, for the tail.
    const stdinArgv = argv[0] === 'base64' || argv[0] === 'openssl';
    const input = `${'pad: ~\n'.repeat(3)}token: ${secret}\n`;
    const spec = stdinArgv
      ? {
          argv: [
            'python3',
            '-c',
            `import subprocess, sys; subprocess.run(${JSON.stringify(argv)}, input=sys.argv[1].encode()); sys.exit(1)`,
            input,
          ],
        }
      : { argv: ['python3', '-c', 'import subprocess, sys; subprocess.run(sys.argv[1:]); sys.exit(1)', ...argv] };
    const error = await commandExecutor({ redactor, output: output.write })({ ...spec, cwd: dir, env }).catch((e) => e);
    await output.close();
    expect(error).toBeInstanceOf(CommandFailedError);
    const logText = readFileSync(log, 'utf8').replace(/^\S+Z /gm, '');
    expect(console).toContain('***');
    for (const [channel, text] of [
      ['console', console],
      ['log file', logText],
      ['failure', (error as CommandFailedError).message],
    ] as const) {
      expect(leaks(text, secret), `${channel}: ${text}`).toBe(false);
    }
  });
});

describe('the lines of a multi-line secret, masked and looked for on their own', () => {
  const body = 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ';
  it.each([
    ['a one-line value (registered whole only)', body, []],
    [
      'a PEM key: its body lines, not its armour',
      `-----BEGIN OPENSSH PRIVATE KEY-----\n${body}\n-----END OPENSSH PRIVATE KEY-----\n`,
      [body],
    ],
    [
      'CRLF line ends and indented lines',
      `-----BEGIN RSA PRIVATE KEY-----\r\n  ${body}  \r\n${body.slice(0, 12)}\r\n-----END RSA PRIVATE KEY-----`,
      [body, body.slice(0, 12)],
    ],
    [
      'lines shorter than SUBSTANTIAL_SECRET_LENGTH (too common to mask)',
      `${body}\nabc=\n${'x'.repeat(SUBSTANTIAL_SECRET_LENGTH - 1)}\n${'y'.repeat(SUBSTANTIAL_SECRET_LENGTH)}`,
      [body, 'y'.repeat(SUBSTANTIAL_SECRET_LENGTH)],
    ],
    ['blank lines', `\n\n${body}\n\n`, [body]],
  ] as const)('%s', (_name, value, lines) => {
    expect(secretLines(value)).toEqual(lines);
  });
});
