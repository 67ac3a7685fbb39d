import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CommandFailedError, commandExecutor, failureHeadline, runCommand } from '../../../src/core/lib/command.js';
import { DeployOutput } from '../../../src/core/lib/output.js';
import { MASK, Redactor } from '../../../src/core/lib/redact.js';

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
const node = process.execPath;

function redactorWith(...secrets: string[]): Redactor {
  const r = new Redactor();
  for (const s of secrets) r.add(s);
  return r;
}

/** A child that logs each signal it receives to a file, then exits (or not) as told. */
function signalRecorder(file: string, onInt: 'exit' | 'ignore'): string[] {
  const script = `
    const fs = require('node:fs');
    const log = (s) => fs.appendFileSync(${JSON.stringify(file)}, s + '\\n');
    process.on('SIGINT', () => { log('SIGINT'); if (${JSON.stringify(onInt)} === 'exit') setTimeout(() => process.exit(130), 50); });
    process.on('SIGTERM', () => { log('SIGTERM'); process.exit(143); });
    log('started');
    setInterval(() => {}, 1000);`;
  return [node, '-e', script];
}

async function waitForFile(file: string, text: string): Promise<void> {
  for (let i = 0; i < 200 && !(existsSync(file) && readFileSync(file, 'utf8').includes(text)); i++) {
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('runCommand', () => {
  it('passes arguments literally: no shell ever sees them', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'argv-'));
    const marker = path.join(dir, 'pwned');
    const result = await runCommand(
      { argv: [node, '-e', 'console.log(process.argv[1])', `$(touch ${marker}); echo hi`], cwd: dir, env },
      { redactor: new Redactor(), captureStdout: 1000 },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim()).toBe(`$(touch ${marker}); echo hi`);
    expect(existsSync(marker)).toBe(false);
  });

  it('streams stdout and stderr redacted, and keeps a redacted tail', async () => {
    let seen = '';
    const result = await runCommand(
      {
        argv: [node, '-e', 'console.log("out top-secret-1"); console.error("err top-secret-1"); process.exit(3)'],
        cwd: tmpdir(),
        env,
      },
      { redactor: redactorWith('top-secret-1'), output: (t) => (seen += t) },
    );
    expect(result.exitCode).toBe(3);
    expect(seen).toContain(`out ${MASK}`);
    expect(seen).toContain(`err ${MASK}`);
    expect(seen).not.toContain('top-secret-1');
    expect(result.tail.join('\n')).toContain(`err ${MASK}`);
  });

  it('names the command and exit code when it fails, and a missing program clearly', async () => {
    await expect(
      commandExecutor({ redactor: new Redactor() })({ argv: [node, '-e', 'process.exit(4)'], cwd: tmpdir(), env }),
    ).rejects.toThrow(
      new CommandFailedError(path.basename(node), { exitCode: 4, signal: null, tail: [], stdout: '' }).message,
    );
    await expect(
      runCommand({ argv: ['no-such-tool-xyz', 'init'], cwd: tmpdir(), env }, { redactor: new Redactor() }),
    ).rejects.toThrow(/command not found: no-such-tool-xyz/);
  });

  it('handles output far larger than memory bounds while streaming', async () => {
    let bytes = 0;
    const result = await runCommand(
      {
        argv: [
          node,
          '-e',
          'const l = "y".repeat(1023) + "\\n"; for (let i = 0; i < 20000; i++) process.stdout.write(l)',
        ],
        cwd: tmpdir(),
        env,
      },
      { redactor: redactorWith('never-present'), output: (t) => (bytes += t.length) },
    );
    expect(result.exitCode).toBe(0);
    expect(bytes).toBe(20000 * 1024);
    expect(result.tail.length).toBeLessThanOrEqual(30);
  });

  it('forwards exactly one SIGINT on abort; a child that exits on it gets nothing more', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sig-')), 'signals');
    const controller = new AbortController();
    const running = runCommand(
      { argv: signalRecorder(file, 'exit'), cwd: tmpdir(), env },
      { redactor: new Redactor(), signal: controller.signal, interruptGraceMs: 1500 },
    );
    await waitForFile(file, 'started');
    controller.abort();
    const result = await running;
    expect(result.exitCode).toBe(130);
    await new Promise((r) => setTimeout(r, 1700));
    expect(readFileSync(file, 'utf8').trim().split('\n')).toEqual(['started', 'SIGINT']);
  });

  it('sends SIGTERM after the grace period when the child ignores SIGINT', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sig-')), 'signals');
    const controller = new AbortController();
    const running = runCommand(
      { argv: signalRecorder(file, 'ignore'), cwd: tmpdir(), env },
      { redactor: new Redactor(), signal: controller.signal, interruptGraceMs: 300 },
    );
    await waitForFile(file, 'started');
    controller.abort();
    const result = await running;
    expect(result.exitCode).toBe(143);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toEqual(['started', 'SIGINT', 'SIGTERM']);
  });

  it('tells when the child starts, with its pid that is its own process group, and when it has exited', async () => {
    const release = path.join(mkdtempSync(path.join(tmpdir(), 'spawn-')), 'release');
    const events: string[] = [];
    let groupWhileRunning = '';
    const result = await runCommand(
      {
        argv: [
          node,
          '-e',
          `console.log(process.pid); const t = setInterval(() => require('node:fs').existsSync(${JSON.stringify(release)}) && clearInterval(t), 20); setTimeout(() => clearInterval(t), 10000).unref()`,
        ],
        cwd: tmpdir(),
        env,
      },
      {
        redactor: new Redactor(),
        captureStdout: 100,
        onSpawn: (pid, command) => {
          events.push(`spawn ${pid} ${command}`);
          groupWhileRunning = spawnSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
          writeFileSync(release, ''); // the child waits for this (10 s at most), so it was running when ps looked
        },
        onExit: () => events.push('exit'),
      },
    );
    const pid = result.stdout.trim();
    expect(events).toEqual([`spawn ${pid} ${path.basename(node)}`, 'exit']);
    expect(groupWhileRunning).toBe(pid);

    const missing = runCommand(
      { argv: ['no-such-tool-xyz'], cwd: tmpdir(), env },
      { redactor: new Redactor(), onSpawn: () => events.push('spawn'), onExit: () => events.push('exit') },
    );
    await expect(missing).rejects.toThrow(/command not found/);
    expect(events).toHaveLength(2);
  });

  it('streams through a DeployOutput: console and log file get the same redacted bytes, split secrets and all', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'log-'));
    const secret = 'pässwörd-✓-0123456789';
    // Writes of odd sizes, so the secret and its characters fall across reads.
    const script = `const s = ${JSON.stringify(secret)}; let out = ''; for (let i = 0; i < 3000; i++) out += 'line ' + i + ' ' + s + ' ✓\\n';
      const b = Buffer.from(out); for (let at = 0; at < b.length; at += 997) process.stdout.write(b.subarray(at, at + 997));`;
    let consoleText = '';
    const output = new DeployOutput(redactorWith(secret), (text) => {
      consoleText += text;
    });
    output.openLogFile(path.join(dir, 'deploy.log'));
    const result = await runCommand(
      { argv: [node, '-e', script], cwd: dir, env },
      { redactor: output.redactor, output: output.write, captureStdout: 1_000_000 },
    );
    await output.close();
    const want = Array.from({ length: 3000 }, (_, i) => `line ${i} ${MASK} ✓\n`).join('');
    expect(result.exitCode).toBe(0);
    expect(consoleText).toBe(want);
    // The log has the time before each line: the same lines once it is taken off.
    const logged = readFileSync(path.join(dir, 'deploy.log'), 'utf8');
    expect(logged.split('\n').every((line) => line === '' || /^\d{4}-\d\d-\d\dT[\d:.]+Z /.test(line))).toBe(true);
    expect(logged.replace(/^\S+Z /gm, '')).toBe(want);
    expect(result.stdout).toBe(want);
    expect(result.tail).toEqual(Array.from({ length: 30 }, (_, i) => `line ${2970 + i} ${MASK} ✓`));
  });

  it('never mixes stdout and stderr within a line', async () => {
    // Python and others buffer stdout in blocks that end mid-line, while warnings go to stderr at once.
    const script = `process.stdout.write('stdout starts '); setTimeout(() => { process.stderr.write('stderr warns\\n'); setTimeout(() => process.stdout.write('and ends\\n'), 100); }, 100);`;
    let seen = '';
    const result = await runCommand(
      { argv: [node, '-e', script], cwd: tmpdir(), env },
      { redactor: new Redactor(), output: (t) => (seen += t) },
    );
    expect(result.exitCode).toBe(0);
    expect(seen.split('\n').sort()).toEqual(['', 'stderr warns', 'stdout starts and ends']);
    expect([...result.tail].sort()).toEqual(['stderr warns', 'stdout starts and ends']);
  });

  it('cuts captured stdout at the limit, on a character boundary', async () => {
    const result = await runCommand(
      { argv: [node, '-e', 'process.stdout.write("ab✓✓✓")'], cwd: tmpdir(), env },
      { redactor: new Redactor(), captureStdout: 6 },
    );
    expect(result.stdout).toBe('ab✓');
  });

  it('pauses the child while the console cannot keep up, and resumes when it drains', async () => {
    const progress = path.join(mkdtempSync(path.join(tmpdir(), 'bp-')), 'progress');
    const total = 64 * 1024 * 1024;
    // Records after each block how much the pipe has taken; a blocked pipe stops the count.
    const script = `const fs = require('node:fs'); const block = Buffer.alloc(65536, 120); let sent = 0;
      const next = () => { if (sent >= ${total}) return; process.stdout.write(block, () => { sent += block.length; fs.writeFileSync(${JSON.stringify(progress)}, String(sent)); next(); }); };
      next();`;
    // A console that takes nothing until let go: write() says "wait" beyond 16 KiB.
    const held: (() => void)[] = [];
    let letGo = false;
    let received = 0;
    const console = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (letGo) done();
        else held.push(done);
      },
    });
    const output = new DeployOutput(new Redactor(), console);
    const running = runCommand(
      { argv: [node, '-e', script], cwd: tmpdir(), env },
      { redactor: output.redactor, output: output.write },
    );

    // Wait until the child's count stops moving (no assertion on how long that takes).
    const sent = () => (existsSync(progress) ? Number(readFileSync(progress, 'utf8') || 0) : 0);
    let last = -1;
    for (let still = 0, polls = 0; still < 6 && polls < 600; polls++) {
      await new Promise((r) => setTimeout(r, 50));
      const now = sent();
      still = now === last && now > 0 ? still + 1 : 0;
      last = now;
    }
    // Stuck far short of the end: what the child got out is what the console took, plus what
    // fits in the pipe and our read buffers.
    expect(last).toBeGreaterThan(0);
    expect(last).toBeLessThan(total / 4);
    expect(last - received).toBeLessThan(4 * 1024 * 1024);

    letGo = true;
    for (const done of held.splice(0)) done();
    const result = await running;
    expect(result.exitCode).toBe(0);
    expect(received).toBe(total);
  });

  it('lets a waiting writer go when the console closes instead of draining', async () => {
    const console = new Writable({ highWaterMark: 1, write: () => undefined });
    const output = new DeployOutput(new Redactor(), console);
    const wait = output.writeBytes([Buffer.from('more than one byte')]);
    expect(wait).toBeInstanceOf(Promise);
    console.destroy();
    await wait;
  });

  it('keeps a huge line with no newline out of memory: the tail holds its end only', async () => {
    const secret = 'never-split-secret-0123456789';
    // 32 MiB in one line, the secret straddling each 64 KiB write.
    const script = `const s = ${JSON.stringify(secret)}; const block = Buffer.alloc(65536, 120); block.write(s, 65536 - 10);
      const head = Buffer.from(s.slice(10)); let n = 0;
      const next = () => { if (n++ === 512) return process.stdout.write(head); process.stdout.write(n === 1 ? block : Buffer.concat([head, block.subarray(head.length)]), next); };
      next();`;
    let bytes = 0;
    let masks = 0;
    const result = await runCommand(
      { argv: [node, '-e', script], cwd: tmpdir(), env },
      {
        redactor: redactorWith(secret),
        output: (text) => {
          bytes += text.length;
          masks += text.split(MASK).length - 1;
          expect(text).not.toContain(secret.slice(0, 12));
        },
      },
    );
    expect(result.exitCode).toBe(0);
    expect(masks).toBe(512);
    expect(bytes).toBe(512 * 65536 + (secret.length - 10) - 512 * (secret.length - MASK.length));
    expect(result.tail).toHaveLength(1);
    expect(result.tail[0]!.length).toBeLessThanOrEqual(4096);
  });
});

// A child's output is read into a reused ring of memory (output-pipe.ts): what is kept beyond a read, or
// waits in a console's queue, must come out as the child wrote it however much follows.
describe('output through the reused read memory', () => {
  /** A child writing `lines` numbered lines of 100 bytes to stdout, and every 97th a line to stderr. */
  const numbered = (lines: number) =>
    `for (let i = 0; i < ${lines}; i++) { process.stdout.write('out ' + String(i).padStart(8, '0') + ' ' + 'x'.repeat(86) + '\\n'); if (i % 97 === 0) process.stderr.write('err ' + i + '\\n'); }`;
  const wanted = (lines: number) => {
    const out: string[] = [];
    for (let i = 0; i < lines; i++) out.push(`out ${String(i).padStart(8, '0')} ${'x'.repeat(86)}`);
    return out;
  };

  it('a console that keeps chunks queued while it asks to wait gets every byte as written (4 MiB, past the ring)', async () => {
    const written: Buffer[] = [];
    const console = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, done) {
        written.push(Buffer.from(chunk)); // what reaches the console, copied when it is taken
        setImmediate(done);
      },
    });
    const output = new DeployOutput(new Redactor(), console);
    const lines = 42_000;
    const result = await runCommand(
      { argv: [node, '-e', numbered(lines)], cwd: tmpdir(), env },
      { redactor: output.redactor, output: output.write },
    );
    expect(result.exitCode).toBe(0);
    const seen = Buffer.concat(written).toString().split('\n');
    expect(seen.filter((l) => l.startsWith('out '))).toEqual(wanted(lines));
    expect(seen.filter((l) => l.startsWith('err '))).toHaveLength(Math.ceil(lines / 97));
    expect(result.tail.at(-1)).toBe(wanted(lines).at(-1));
  });

  it('stdout held back while stderr has a line open comes out as written (4 MiB behind an unfinished stderr line)', async () => {
    const lines = 42_000;
    const script = `process.stderr.write('err starts ', () => { for (let i = 0; i < ${lines}; i++) process.stdout.write('out ' + String(i).padStart(8, '0') + ' ' + 'x'.repeat(86) + '\\n'); setTimeout(() => process.stderr.write('and ends\\n'), 50); });`;
    let seen = '';
    const result = await runCommand(
      { argv: [node, '-e', script], cwd: tmpdir(), env },
      { redactor: new Redactor(), output: (t) => (seen += t) },
    );
    expect(result.exitCode).toBe(0);
    const out = seen.split('\n');
    expect(out.filter((l) => l.includes('out '))).toHaveLength(lines);
    expect(out.filter((l) => l.startsWith('out '))).toEqual(wanted(lines).slice(out[0]!.includes('out ') ? 1 : 0));
    expect(seen).toContain('err starts ');
    expect(seen).toContain('and ends\n');
  });

  it.each([
    { name: 'captured stdout', raw: false },
    { name: 'captured raw stdout', raw: true },
  ])('$name of 4 MiB is kept whole', async ({ raw }) => {
    const lines = 42_000;
    const result = await commandExecutor({ redactor: redactorWith('never-present') })(
      { argv: [node, '-e', numbered(lines)], cwd: tmpdir(), env },
      { capture: true, raw },
    );
    expect(result.stdout.split('\n').slice(0, -1)).toEqual(wanted(lines));
  });

  it.each([
    { name: 'an argument with a NUL byte', argv: [node, '-e', 'a\0b'] },
    { name: 'a program name with a NUL byte', argv: ['no\0de'] },
  ])('$name: refused before the child starts, and no pipe is left open', async ({ argv }) => {
    const pipes = () => process.getActiveResourcesInfo().filter((r) => r === 'PipeWrap').length;
    const before = pipes();
    await expect(runCommand({ argv, cwd: tmpdir(), env }, { redactor: new Redactor() })).rejects.toThrow(/null bytes/);
    // Closing a handle completes on a later turn of the event loop.
    for (let i = 0; i < 100 && pipes() > before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(pipes()).toBe(before);
  });

  it('works with node’s own pipes where no socket can be made (a TMPDIR too long for a socket path)', async () => {
    const long = mkdtempSync(path.join(tmpdir(), `${'d'.repeat(120)}-`));
    const before = process.env.TMPDIR;
    process.env.TMPDIR = long;
    try {
      let seen = '';
      const result = await runCommand(
        { argv: [node, '-e', numbered(3000)], cwd: tmpdir(), env },
        { redactor: new Redactor(), output: (t) => (seen += t) },
      );
      expect(result.exitCode).toBe(0);
      expect(seen.split('\n').filter((l) => l.startsWith('out '))).toEqual(wanted(3000));
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
  });
});

describe('a captured credential', () => {
  it('raw: the run gets the answer whole (a kubeconfig Secret holding a registered key), the console never sees it', async () => {
    const key = 'client-key-canary-0123456789';
    const redactor = new Redactor();
    redactor.add(key);
    // What `kubectl get secret … -o jsonpath={.data.value}` prints: base64 of a kubeconfig that holds the key.
    const secretData = Buffer.from(`users:\n- user:\n    client-key-data: ${key}\n`).toString('base64');
    const printed: string[] = [];
    const exec = commandExecutor({ redactor, output: (text: string) => printed.push(text) });
    const spec = { argv: ['printf', '%s', secretData], cwd: tmpdir(), env: { PATH: process.env.PATH ?? '' } };
    const redacted = await exec(spec, { capture: true });
    expect(redacted.stdout).not.toBe(secretData); // the key's base64 form is masked in what is kept by default
    const raw = await exec(spec, { capture: true, raw: true });
    expect(raw.stdout).toBe(secretData);
    expect(Buffer.from(raw.stdout, 'base64').toString()).toContain(key);
    expect(printed.join('')).toContain(MASK); // the console got the output, masked
    expect(printed.join('')).not.toContain(secretData);
  });
});

/** The one-line reason of a failed command, from the last lines each tool really prints when it fails. */
describe('failureHeadline', () => {
  const failed = (tool: string, tail: string[]) =>
    failureHeadline(new CommandFailedError(tool, { exitCode: 1, signal: null, tail, stdout: '' }));
  it.each([
    [
      "tofu's boxed diagnostic",
      'tofu',
      ['╷', '│ Error: Invalid value for input variable', '│ ', '╵'],
      /^tofu(?: \w+)? exited with 1: Invalid value for input variable$/,
    ],
    [
      // cobra's `Error: …` (CAPI v1.12 cmd/clusterctl/cmd/root.go: SilenceUsage only), after init's progress lines.
      "clusterctl's Error line",
      'clusterctl',
      [
        'Fetching providers',
        'Installing cert-manager version="v1.21.1"',
        'Waiting for cert-manager to be available...',
        'Error: context deadline exceeded',
      ],
      /^clusterctl(?: \w+)? exited with 1: context deadline exceeded$/,
    ],
    [
      // kind v0.32.0 cmd/kind/app/main.go logError: ERROR, a blank line, then the failed command's output.
      "kind's ERROR with the output of the command it ran",
      'kind',
      [
        'Creating cluster "capi-demo" ...',
        ' ✗ Ensuring node image (kindest/node:v1.35.1) 🖼',
        'ERROR: failed to create cluster: failed to pull image "kindest/node:v1.35.1": command "docker pull kindest/node:v1.35.1" failed with error: exit status 1',
        '',
        'Command Output: Error response from daemon: manifest for kindest/node:v1.35.1 not found: manifest unknown: manifest unknown',
      ],
      /^kind(?: \w+)? exited with 1: failed to create cluster: failed to pull image "kindest\/node:v1\.35\.1": command "docker pull kindest\/node:v1\.35\.1" failed with error: exit status 1: Error response from daemon: manifest for kindest\/node:v1\.35\.1 not found: manifest unknown: manifest unknown$/,
    ],
    [
      "kind's ERROR without a command",
      'kind',
      ['ERROR: failed to create cluster: node(s) already exist for a cluster with the name "capi-demo"'],
      /^kind(?: \w+)? exited with 1: failed to create cluster: node\(s\) already exist for a cluster with the name "capi-demo"$/,
    ],
    [
      "kubectl's last line",
      'kubectl',
      ['The connection to the server 127.0.0.1:1 was refused - did you specify the right host or port?'],
      /^kubectl(?: \w+)? exited with 1: The connection to the server 127\.0\.0\.1:1 was refused/,
    ],
  ])('%s', (_, tool, tail, headline) => {
    expect(failed(tool, tail)).toMatch(headline);
  });
});
