import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommandFailedError, runChecked, runCommand } from '../../src/core/command.js';
import { MASK, Redactor } from '../../src/core/redact.js';

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
      { argv: [node, '-e', 'console.log("out top-secret-1"); console.error("err top-secret-1"); process.exit(3)'], cwd: tmpdir(), env },
      { redactor: redactorWith('top-secret-1'), output: (t) => (seen += t) },
    );
    expect(result.exitCode).toBe(3);
    expect(seen).toContain(`out ${MASK}`);
    expect(seen).toContain(`err ${MASK}`);
    expect(seen).not.toContain('top-secret-1');
    expect(result.tail.join('\n')).toContain(`err ${MASK}`);
  });

  it('names the command and exit code when it fails, and a missing program clearly', async () => {
    await expect(runChecked({ argv: [node, '-e', 'process.exit(4)'], cwd: tmpdir(), env }, { redactor: new Redactor() })).rejects.toThrow(
      new CommandFailedError(path.basename(node), { exitCode: 4, signal: null, tail: [], stdout: '' }).message,
    );
    await expect(runCommand({ argv: ['no-such-tool-xyz', 'init'], cwd: tmpdir(), env }, { redactor: new Redactor() })).rejects.toThrow(
      /command not found: no-such-tool-xyz/,
    );
  });

  it('handles output far larger than memory bounds while streaming', async () => {
    let bytes = 0;
    const result = await runCommand(
      { argv: [node, '-e', 'const l = "y".repeat(1023) + "\\n"; for (let i = 0; i < 20000; i++) process.stdout.write(l)'], cwd: tmpdir(), env },
      { redactor: redactorWith('never-present'), output: (t) => (bytes += t.length) },
    );
    expect(result.exitCode).toBe(0);
    expect(bytes).toBe(20000 * 1024);
    expect(result.tail.length).toBeLessThanOrEqual(30);
  });

  it('forwards exactly one SIGINT on abort; a child that exits on it gets nothing more', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'sig-')), 'signals');
    const controller = new AbortController();
    const running = runCommand({ argv: signalRecorder(file, 'exit'), cwd: tmpdir(), env }, { redactor: new Redactor(), signal: controller.signal, interruptGraceMs: 1500 });
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
    const running = runCommand({ argv: signalRecorder(file, 'ignore'), cwd: tmpdir(), env }, { redactor: new Redactor(), signal: controller.signal, interruptGraceMs: 300 });
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
      { argv: [node, '-e', `console.log(process.pid); const t = setInterval(() => require('node:fs').existsSync(${JSON.stringify(release)}) && clearInterval(t), 20); setTimeout(() => clearInterval(t), 10000).unref()`], cwd: tmpdir(), env },
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

    const missing = runCommand({ argv: ['no-such-tool-xyz'], cwd: tmpdir(), env }, { redactor: new Redactor(), onSpawn: () => events.push('spawn'), onExit: () => events.push('exit') });
    await expect(missing).rejects.toThrow(/command not found/);
    expect(events).toHaveLength(2);
  });
});
