import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxRun } from '../support/sandbox.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const entry = path.join(root, 'src', 'cli', 'main.ts');

/** A small seeded generator, so a failing trial can be replayed with CRASH_SEED. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Started {
  pid: number;
  output: () => string;
  done: Promise<number | null>;
}

/** Starts the CLI in a process group of its own, as a runner or a terminal would. */
function start(args: string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return {
    pid: child.pid!,
    output: () => output,
    done: new Promise((resolve) => child.on('close', (code) => resolve(code))),
  };
}

const killGroup = (pgid: number) => {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // already gone
  }
};

/**
 * kill -9 at random moments of a sandbox deploy: of the CLI alone (its children live on, holding
 * tofu's state lock or writing the venv), or of the whole tree (the CLI's group and the running
 * child's group, as a runner cancelling a job does). After each, a plain re-run must finish.
 */
describe('crash recovery', () => {
  let run: SandboxRun;
  let base: string[];
  const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 1e6));
  const next = random(seed);
  beforeAll(async () => {
    run = await startSandbox();
    base = [
      'deploy',
      '--config',
      run.sandbox.configPath,
      '--state-dir',
      run.stateDir,
      '--skip-auth-check',
      '--interval',
      '200ms',
    ];
  });
  afterAll(async () => run?.close());

  it(`a plain re-run completes after kill -9 at random points (CRASH_SEED=${seed})`, { timeout: 600_000 }, async () => {
    const began = Date.now();
    const first = start(base, run.env);
    expect(await first.done, first.output()).toBe(0);
    const fullDeployMs = Date.now() - began;
    const lockFile = path.join(run.stateDir, 'demo', 'sandbox', 'deploy.lock');
    const venv = path.join(run.sandbox.clusterDir, 'venv');

    const trials: string[] = [];
    for (let trial = 0; trial < 8; trial++) {
      const tree = trial % 2 === 1;
      // Every third trial starts without a venv, so the kill can land in its creation.
      if (trial % 3 === 0) await fs.rm(venv, { recursive: true, force: true });
      const delay = Math.floor(next() * fullDeployMs);
      const victim = start(base, run.env);
      await new Promise((r) => setTimeout(r, delay));
      const lock = await fs.readFile(lockFile, 'utf8').then(
        (t) => JSON.parse(t) as { childPgid?: number },
        () => undefined,
      );
      killGroup(victim.pid);
      if (tree && lock?.childPgid) killGroup(lock.childPgid);
      await victim.done;
      const running = [...victim.output().matchAll(/→ .*\(([a-z-]+)\)\.\.\./g)].at(-1)?.[1] ?? 'before the first step';
      trials.push(`trial ${trial}: ${tree ? 'tree' : 'CLI'} killed after ${delay} ms, in ${running}`);

      const state = await fs
        .readFile(path.join(run.stateDir, 'demo', 'sandbox', 'state.json'), 'utf8')
        .catch(() => undefined);
      if (state !== undefined) expect(() => JSON.parse(state), `${trials.at(-1)}: state.json is whole`).not.toThrow();

      const rerun = start(base, run.env);
      const code = await rerun.done;
      expect(code, `${trials.join('\n')}\n--- re-run output:\n${rerun.output()}`).toBe(0);
      expect(rerun.output()).toContain('Deploy of demo/sandbox complete');
    }
    console.log(`crash trials (CRASH_SEED=${seed}):\n${trials.join('\n')}`);
  });
});
