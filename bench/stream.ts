// A step streaming a child's output (BENCH_STREAM_MB MiB, default 1024) through the engine's one output
// path (bench/stream-step.ts: runCommand → redactor → console and the stamped log file) next to
// `head -c | tee` of the same bytes and to the floor of that path in Node (bench/stream-floor.ts: the
// same pipe, console and log file, nothing done to the bytes), in turn; then what the work on the
// bytes costs alone, per GiB. Part of `npm run bench`, or alone:
//   tsx bench/stream.ts        (files in TMPDIR: point it at a tmpfs, /dev/shm, for files in memory)
import { spawn } from 'node:child_process';
import { closeSync, openSync, readSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { LogKernel } from '../src/core/lib/log-kernel.js';
import { Redactor } from '../src/core/lib/redact.js';
import { ROOT } from '../test/support/action-runner.js';
import { benchSecrets, writeBenchLog } from './stream-fixture.js';

const RUNS = Number(process.env.BENCH_STREAM_PAIRS ?? 5);
const GOAL = 1.3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** How many strings the redactor searches a stream for: the benchmark's secrets with all their forms. */
function streamForms(): number {
  const redactor = new Redactor();
  for (const secret of benchSecrets()) redactor.add(secret);
  return redactor.bytes.patterns.length;
}

/** The exit status of a child, once it has closed. */
function waitFor(child: ReturnType<typeof spawn>): Promise<number | null> {
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
}

export async function benchStream(workDir: string): Promise<void> {
  const streamMiB = Number(process.env.BENCH_STREAM_MB ?? 1024);
  const streamBytes = streamMiB * 1024 * 1024;
  console.log(
    `\na step streaming ${streamMiB} MiB of tool output (20 secrets and their encoded forms, ${streamForms()} strings; console to /dev/null, log file in ${tmpdir()})`,
  );
  const data = path.join(workDir, 'tool-output.log');
  await writeBenchLog(data, streamBytes);
  const devNull = openSync('/dev/null', 'w');

  /** A bench script (stream-step.ts, stream-floor.ts) in a child node: its own figures and its whole run. */
  async function inNode<Figures extends { seconds: number; cpu: number }>(
    script: string,
  ): Promise<Figures & { wall: number }> {
    const start = performance.now();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'bench', script), data, String(streamBytes)],
      { cwd: ROOT, stdio: ['ignore', devNull, 'pipe'] },
    );
    let report = '';
    child.stderr!.on('data', (d: Buffer) => {
      report += d.toString();
    });
    const code = await waitFor(child);
    const wall = (performance.now() - start) / 1000;
    if (code !== 0) throw new Error(`${script} exited with ${code}: ${report}`);
    return { wall, ...JSON.parse(report.trim().split('\n').pop()!) };
  }
  const streamStep = () =>
    inNode<{ seconds: number; cpu: number; user: number; system: number; maxRssMiB: number; logged: number }>(
      'stream-step.ts',
    );

  /**
   * The yardstick: `head -c BYTES FILE | tee LOG > /dev/null`, piped here rather than by a shell, so
   * through the same kind of channel runCommand gives its child (Node's stdio pipes are socket pairs,
   * which cost head more to write to than a shell's pipe). With tee's own CPU seconds (user and system),
   * which Node cannot read for a child: Python's os.wait4 reaps tee and returns them.
   */
  async function bareTee(): Promise<{ wall: number; cpu: number }> {
    const log = path.join(workDir, 'tee.log');
    const start = performance.now();
    const head = spawn('head', ['-c', String(streamBytes), data], { stdio: ['ignore', 'pipe', 'inherit'] });
    const reaper = [
      'import os, sys',
      'pid = os.spawnvp(os.P_NOWAIT, "tee", ["tee", sys.argv[1]])',
      '_, status, usage = os.wait4(pid, 0)',
      'os.write(3, str(usage.ru_utime + usage.ru_stime).encode())',
      'sys.exit(os.waitstatus_to_exitcode(status))',
    ].join('\n');
    const tee = spawn('python3', ['-c', reaper, log], { stdio: [head.stdout!, devNull, 'inherit', 'pipe'] });
    head.stdout!.destroy(); // tee has its own copy; ours would keep head from closing
    let cpu = '';
    tee.stdio[3]!.on('data', (d: Buffer) => (cpu += d.toString()));
    await Promise.all([waitFor(head), waitFor(tee)]);
    const wall = (performance.now() - start) / 1000;
    await rm(log, { force: true });
    return { wall, cpu: Number(cpu) };
  }

  // In turn, so a machine that speeds up or slows down mid-way moves both alike.
  const steps: Awaited<ReturnType<typeof streamStep>>[] = [];
  const tees: Awaited<ReturnType<typeof bareTee>>[] = [];
  const floors: { seconds: number; cpu: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    steps.push(await streamStep());
    tees.push(await bareTee());
    floors.push(await inNode('stream-floor.ts'));
  }
  closeSync(devNull);
  const work = workOnTheBytes(data, Math.min(streamBytes, 256 * 1024 * 1024));
  await rm(data, { force: true });
  const inStep = median(steps.map((s) => s.seconds));
  const wholeStep = median(steps.map((s) => s.wall));
  const tee = median(tees.map((t) => t.wall));
  const rss = Math.max(...steps.map((s) => s.maxRssMiB));
  const ratios = steps.map((s, i) => s.seconds / tees[i]!.wall);
  const cpuRatios = steps.map((s, i) => s.cpu / tees[i]!.cpu);
  const ratio = median(ratios);
  const pad = (label: string) => `  ${label.padEnd(28)}`;
  const secs = (value: number) => value.toFixed(2).padStart(6);
  console.log(`${pad('head -c | tee')} ${secs(tee)} s  (tee's own CPU ${median(tees.map((t) => t.cpu)).toFixed(2)} s)`);
  console.log(
    `${pad('runCommand → DeployOutput')} ${secs(inStep)} s  = ${ratio.toFixed(2)}× tee, median of ${RUNS} pairs (${ratio <= GOAL ? 'within' : 'over'} the ≤ ${GOAL}× goal; pair by pair ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×), spawn to log closed`,
  );
  console.log(
    `${pad('  its own CPU')} ${secs(median(steps.map((s) => s.cpu)))} s  = ${median(cpuRatios).toFixed(2)}× tee's (user ${median(steps.map((s) => s.user)).toFixed(2)}, system ${median(steps.map((s) => s.system)).toFixed(2)}; head's left out on both sides; moved less by the machine's other load)`,
  );
  console.log(`${pad('  the whole process (tsx)')} ${secs(wholeStep)} s`);
  const floor = median(floors.map((f) => f.seconds));
  console.log(
    `${pad('the floor in Node')} ${secs(floor)} s  = ${median(floors.map((f, i) => f.seconds / tees[i]!.wall)).toFixed(2)}× tee (the same pipe, console and log file, nothing done to the bytes; CPU ${median(floors.map((f) => f.cpu)).toFixed(2)} s)`,
  );
  console.log(
    `${pad('  the work on the bytes alone')} ${secs((work.kernel + work.redaction) * (streamMiB / 1024))} s  (log kernel: stamps and colour codes out, ${(work.kernel * 1000).toFixed(0)} ms/GiB; redaction of ${streamForms()} strings, ${(work.redaction * 1000).toFixed(0)} ms/GiB; in this process, on the first ${(Math.min(streamBytes, 256 * 1024 * 1024) / 1048576).toFixed(0)} MiB)`,
  );
  console.log(
    `${pad('  room for it within the goal')} ${secs(GOAL * tee - floor)} s  (${GOAL}× tee less the floor; the stamps also add ${((steps[0]!.logged / streamBytes - 1) * 100).toFixed(0)}% to the bytes written)`,
  );
  console.log(
    `${pad('peak RSS of that process')} ${rss.toFixed(0).padStart(6)} MiB (${rss * 1.048576 <= 150 ? 'within' : 'over'} the ≤ 150 MB goal; tsx alone takes about 75)${steps.every((s) => s.logged > 0) ? '' : '  (nothing logged?)'}`,
  );
}

/**
 * Seconds per GiB of the two passes over every byte that the floor does not make, each alone on
 * `bytes` bytes of the data read into memory: the log kernel (stamps, colour codes out; output
 * dropped) and the redaction stream (the benchmark's secrets with all their forms).
 */
function workOnTheBytes(file: string, bytes: number): { kernel: number; redaction: number } {
  // Only the bytes measured: the whole file is a gigabyte.
  const input = Buffer.allocUnsafe(bytes);
  const fd = openSync(file, 'r');
  try {
    for (let at = 0; at < bytes; ) {
      const n = readSync(fd, input, at, bytes - at, at);
      if (n === 0) break;
      at += n;
    }
  } finally {
    closeSync(fd);
  }
  const perGiB = (pass: () => void) => {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const start = performance.now();
      pass();
      times.push((performance.now() - start) / 1000);
    }
    return (median(times) * 1024 * 1024 * 1024) / input.length;
  };
  const CHUNK = 256 * 1024;
  const kernel = new LogKernel(() => {}, true);
  const redactor = new Redactor();
  for (const secret of benchSecrets()) redactor.add(secret);
  return {
    kernel: perGiB(() => {
      for (let at = 0; at < input.length; at += CHUNK) {
        kernel.stamp();
        kernel.feed([input.subarray(at, at + CHUNK)], true);
      }
    }),
    redaction: perGiB(() => {
      const stream = redactor.stream();
      for (let at = 0; at < input.length; at += CHUNK) stream.write(input.subarray(at, at + CHUNK));
      stream.end();
    }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const workDir = await mkdtemp(path.join(tmpdir(), 'bench-stream-'));
  try {
    await benchStream(workDir);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
