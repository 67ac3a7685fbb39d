import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandExecutor } from '../../../src/core/lib/command.js';
import { stripAnsi, stripAnsiBytes } from '../../../src/core/lib/log-file.js';
import { colourWanted, DeployOutput } from '../../../src/core/lib/output.js';
import { MASK, Redactor } from '../../../src/core/lib/redact.js';
import { tofuArgs } from '../../../src/core/tofu/commands.js';

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /;
const node = process.execPath;
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

function outputTo(dir: string, options: ConstructorParameters<typeof DeployOutput>[2] = {}, secret = 'hunter2-canary') {
  const redactor = new Redactor();
  redactor.add(secret);
  let console = '';
  const output = new DeployOutput(redactor, (text) => (console += text), options);
  const logFile = path.join(dir, 'run.log');
  return { output, logFile, console: () => console, log: () => readFileSync(logFile, 'utf8') };
}

describe('colour', () => {
  it.each([
    { tty: true, noColor: undefined, want: true },
    { tty: true, noColor: '', want: true }, // no-color.org: an empty NO_COLOR does not count
    { tty: true, noColor: '1', want: false },
    { tty: true, noColor: 'false', want: false }, // any value turns it off, even "false"
    { tty: false, noColor: undefined, want: false },
    { tty: undefined, noColor: undefined, want: false }, // a pipe or file has no isTTY at all
  ])('a terminal: $tty, NO_COLOR=$noColor → colour $want', ({ tty, noColor, want }) => {
    expect(colourWanted({ isTTY: tty }, { NO_COLOR: noColor })).toBe(want);
  });

  it.each([
    { args: ['init', '-input=false'], colour: false, want: ['init', '-no-color', '-input=false'] },
    {
      args: ['apply', '-input=false', 'plan.tfplan'],
      colour: false,
      want: ['apply', '-no-color', '-input=false', 'plan.tfplan'],
    },
    { args: ['show', '-json', 'p'], colour: false, want: ['show', '-no-color', '-json', 'p'] },
    { args: ['show', '-no-color', 'p'], colour: false, want: ['show', '-no-color', 'p'] }, // never twice
    { args: ['plan', '-out=p'], colour: true, want: ['plan', '-out=p'] },
    { args: ['version'], colour: false, want: ['version'] }, // a subcommand without the flag
    { args: [], colour: false, want: [] },
  ])('tofu $args with colour $colour runs as $want', ({ args, colour, want }) => {
    expect(tofuArgs({ colour }, args)).toEqual(want);
  });

  it('paints our marks only when colour is on', () => {
    const plain = new DeployOutput(new Redactor(), () => {});
    const coloured = new DeployOutput(new Redactor(), () => {}, { colour: true });
    expect(plain.paint('✓', 'green')).toBe('✓');
    expect(coloured.paint('✓', 'green')).toBe('\x1b[32m✓\x1b[0m');
  });
});

describe('the log file', () => {
  it('starts with a redacted header, stamps every line with its time, and leaves colour codes out', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'output-'));
    const { output, logFile, console, log } = outputTo(dir);
    output.openLogFile(logFile, [
      'cluster-deploy 1.0.0: deploy of demo/sandbox',
      'arguments: --os-password hunter2-canary',
    ]);
    output.line('[1/2] → a step...');
    // A tool's coloured output, cut mid-line across writes.
    void output.writeBytes([Buffer.from('\x1b[32mgreen\x1b[0m start '), Buffer.from('and end\nsecond')]);
    void output.writeBytes([Buffer.from(' line\n')]);
    output.logLine('$ tofu plan  (in /x)');
    void output.close();
    const lines = log().trimEnd().split('\n');
    expect(lines.every((line) => TIMESTAMP.test(line))).toBe(true);
    expect(lines.map((line) => line.replace(TIMESTAMP, ''))).toEqual([
      '# cluster-deploy 1.0.0: deploy of demo/sandbox',
      `# arguments: --os-password ${MASK}`,
      '[1/2] → a step...',
      'green start and end',
      'second line',
      '$ tofu plan  (in /x)',
    ]);
    // The console gets the tool's bytes as they were, and no header or log-only line.
    expect(console()).toBe('[1/2] → a step...\n\x1b[32mgreen\x1b[0m start and end\nsecond line\n');
  });

  it('a log-only line after a tool left its line unfinished starts a line of its own', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'output-'));
    const { output, logFile, log } = outputTo(dir);
    output.openLogFile(logFile);
    void output.writeBytes([Buffer.from('no newline at the end')]);
    output.logLine('tofu: exit 1 after 0.1s');
    void output.close();
    expect(
      log()
        .split('\n')
        .map((line) => line.replace(TIMESTAMP, '')),
    ).toEqual(['no newline at the end', 'tofu: exit 1 after 0.1s', '']);
  });

  it('quiet: a tool’s output reaches the log and the failure tail, not the console; our lines reach both', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'output-'));
    const { output, logFile, console, log } = outputTo(dir, { quiet: true });
    output.openLogFile(logFile);
    output.line('[1/1] → Apply...');
    const exec = commandExecutor({ redactor: output.redactor, output: output.write });
    const script = 'console.log("tool says hunter2-canary"); console.error("tool fails"); process.exit(3)';
    const result = await exec({ argv: [node, '-e', script], cwd: dir, env }, { check: false });
    await output.close();
    expect(console()).toBe('[1/1] → Apply...\n');
    expect(result.tail).toEqual([`tool says ${MASK}`, 'tool fails']);
    const logged = log()
      .split('\n')
      .map((line) => line.replace(TIMESTAMP, ''));
    expect(logged).toEqual([
      '[1/1] → Apply...',
      `$ ${node} -e '${script.replace('hunter2-canary', MASK)}'  (in ${dir})`,
      `tool says ${MASK}`,
      'tool fails',
      expect.stringMatching(/^node: exit 3 after \d+\.\ds$/),
      '',
    ]);
    expect(log()).not.toContain('hunter2-canary');
  });
});

/** A terminal sequence as the log kernel knows one (log-kernel.ts): CSI, or OSC ended by BEL or ESC \. */
const SEQUENCE = /\x1b\[[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

describe('colour codes out of the log', () => {
  // Each case through the text form (the failure tail's) and the byte form the log uses.
  it.each([
    { name: 'SGR colour', text: '\x1b[32mgreen\x1b[0m done', want: 'green done' },
    { name: 'cursor move with intermediates', text: 'a\x1b[2 qb', want: 'ab' },
    { name: 'OSC ended by BEL', text: '\x1b]0;title\x07after', want: 'after' },
    { name: 'OSC ended by ESC \\', text: '\x1b]8;;https://x\x1b\\link', want: 'link' },
    { name: 'an OSC cut by another ESC is no sequence', text: '\x1b]0;t\x1bXrest', want: '\x1b]0;t\x1bXrest' },
    { name: 'a CSI with a bad final byte is kept', text: 'a\x1b[12\x01b', want: 'a\x1b[12\x01b' },
    { name: 'an ESC of another kind is kept', text: 'a\x1bMb', want: 'a\x1bMb' },
    { name: 'UTF-8 around and inside', text: 'ü\x1b[1mß\x1b[0m→', want: 'üß→' },
    { name: 'nothing to strip', text: 'plain line\n', want: 'plain line\n' },
  ])('$name', ({ text, want }) => {
    expect(stripAnsi(text)).toBe(want);
    const { bytes, open } = stripAnsiBytes(Buffer.from(text));
    expect(open).toBeUndefined();
    expect(bytes.toString('utf8')).toBe(want);
  });

  it('keeps an unfinished sequence at the end of a tail line', () => {
    expect(stripAnsi('red \x1b[31mtext\x1b[3')).toBe('red text\x1b[3');
  });

  it.each([
    { at: 'the ESC', text: 'x\x1b' },
    { at: 'a CSI without its final byte', text: 'x\x1b[38;5' },
    { at: 'an OSC without its end', text: 'x\x1b]0;tit' },
    { at: "an OSC's ESC without its backslash", text: 'x\x1b]0;t\x1b' },
  ])('a write that ends at $at holds the sequence back for the next write', ({ text }) => {
    const { bytes, open } = stripAnsiBytes(Buffer.from(text));
    expect(bytes.toString()).toBe('x');
    expect(open?.toString()).toBe(text.slice(1));
  });

  it('finds a colour sequence cut at every byte between two writes of a tool, and keeps a stray ESC', () => {
    const text = 'a \x1b[1;32mgreen\x1b[0m and \x1b]8;;https://x\x1b\\link\x1b]8;;\x07 \x1bM\n';
    const bytes = Buffer.from(text);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const dir = mkdtempSync(path.join(tmpdir(), 'output-'));
      const { output, logFile, log } = outputTo(dir);
      output.openLogFile(logFile);
      void output.writeBytes([bytes.subarray(0, cut)]);
      void output.writeBytes([bytes.subarray(cut)]);
      void output.close();
      expect(log().replace(TIMESTAMP, ''), `cut at ${cut}`).toBe('a green and link \x1bM\n');
    }
  });

  it("puts out a tool's unfinished sequence as it came when our own line or the end follows", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'output-'));
    const { output, logFile, log } = outputTo(dir);
    output.openLogFile(logFile);
    void output.writeBytes([Buffer.from('tool\x1b[3')]);
    output.logLine('tofu: exit 1 after 0.1s');
    void output.writeBytes([Buffer.from('more\x1b]0;')]);
    void output.close();
    expect(
      log()
        .split('\n')
        .map((line) => line.replace(TIMESTAMP, '')),
    ).toEqual(['tool\x1b[3', 'tofu: exit 1 after 0.1s', 'more\x1b]0;']);
  });

  it('writes what stripping the whole output, then stamping each line, gives, however the output is cut', () => {
    let state = 11;
    const random = (n: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return Math.floor((state / 2147483648) * n);
    };
    const pieces = [
      'a',
      'line ',
      '\n',
      '\n\n',
      '\x1b[0;32m',
      '\x1b[0m',
      '\x1b]8;;https://x\x07',
      '\x1b]0;t\x1b\\',
      '\x1bM',
      '\x1b',
      '✓',
      'é',
      '\t',
      'x'.repeat(37),
    ];
    for (let round = 0; round < 40; round++) {
      let text = '';
      for (let i = 0; i < 200; i++) text += pieces[random(pieces.length)];
      const bytes = Buffer.from(text);
      const dir = mkdtempSync(path.join(tmpdir(), 'output-'));
      const { output, logFile, log } = outputTo(dir);
      output.openLogFile(logFile);
      for (let at = 0; at < bytes.length; ) {
        const cut = Math.min(bytes.length, at + 1 + random(40));
        const parts = random(2)
          ? [bytes.subarray(at, cut)]
          : [bytes.subarray(at, (at + cut) >> 1), bytes.subarray((at + cut) >> 1, cut)];
        void output.writeBytes(parts);
        at = cut;
      }
      void output.close();
      const { bytes: stripped, open } = stripAnsiBytes(bytes);
      const want = `${stripped.toString('utf8')}${open?.toString('utf8') ?? ''}`;
      // The same kernel strips both sides: checked against the rules written as a regular expression too.
      expect(want).toBe(text.replace(SEQUENCE, ''));
      const lines = log().split('\n');
      expect(lines.slice(0, -1).every((line) => TIMESTAMP.test(line))).toBe(true);
      expect(lines.map((line) => line.replace(TIMESTAMP, '')).join('\n'), text).toBe(want);
    }
  });

  // The log's kernel takes a write in 64 KiB pieces: a sequence or a line cut by a piece's end is whole in the next.
  it.each([
    {
      name: 'a colour sequence across the first piece end',
      at: 65_536 - 3,
      insert: '\x1b[0;32mgreen\x1b[0m\n',
      want: 'green\n',
    },
    { name: 'an OSC across it', at: 65_536 - 1, insert: '\x1b]8;;https://x\x1b\\link\n', want: 'link\n' },
    { name: 'a newline as its last byte', at: 65_536 - 1, insert: '\nnext\n', want: '\nnext\n' },
    { name: 'a sequence across the second piece end', at: 2 * 65_536 - 2, insert: '\x1b[1mbold\n', want: 'bold\n' },
    {
      name: 'a "sequence" longer than 4096 bytes is none, and stays',
      at: 10,
      insert: `\x1b[${'1'.repeat(4100)}m\n`,
      want: `\x1b[${'1'.repeat(4100)}m\n`,
    },
  ])('$name', ({ at, insert, want }) => {
    const filler = (n: number) => 'x'.repeat(n);
    const text = `${filler(at)}${insert}${filler(70_000)}\n`;
    const dir = mkdtempSync(path.join(tmpdir(), 'output-'));
    const { output, logFile, log } = outputTo(dir);
    output.openLogFile(logFile);
    void output.writeBytes([Buffer.from(text)]);
    void output.close();
    const lines = log().split('\n');
    expect(lines.slice(0, -1).every((line) => TIMESTAMP.test(line))).toBe(true);
    expect(lines.map((line) => line.replace(TIMESTAMP, '')).join('\n')).toBe(`${filler(at)}${want}${filler(70_000)}\n`);
  });

  it('stamps every line of a write larger than its buffer (written out in parts)', () => {
    const line = '\x1b[0;32mok: [node-1] => {"changed": false}\x1b[0m ✓\n';
    const text = line.repeat(20_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'output-'));
    const { output, logFile, log } = outputTo(dir);
    output.openLogFile(logFile);
    void output.writeBytes([Buffer.from(text)]);
    void output.close();
    const lines = log().trimEnd().split('\n');
    expect(lines).toHaveLength(20_000);
    expect(
      lines.every((l) => TIMESTAMP.test(l) && l.replace(TIMESTAMP, '') === 'ok: [node-1] => {"changed": false} ✓'),
    ).toBe(true);
  });
});
