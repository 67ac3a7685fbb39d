// `npm run bench`: prints figures, asserts nothing. The start-up of each bundled action (process start
// to its first step) next to a bundle of @actions/core alone (bench/startup.ts), a step streaming a child's output (BENCH_STREAM_MB,
// default 1024) next to `head -c | tee` of the same bytes, the plan comment builder on a 5 MiB plan,
// the YAML parser on a config just under its size limit, targets on 1,000 clusters (bench/targets.ts),
// and day 2 on the sandbox (bench/day2.ts).
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { summarizeChanges } from '../src/core/tofu/plan-json.js';
import { CONFIG_FILE, parseYaml } from '../src/core/lib/yaml.js';
import { buildPlanComment } from '../src/github/comments/plan-comment.js';
import { ROOT } from '../test/support/action-runner.js';
import { benchDay2 } from './day2.js';
import { benchTargets } from './targets.js';
import { benchSecrets, writeBenchLog } from './stream-fixture.js';
import { Redactor } from '../src/core/lib/redact.js';
import { benchToolCaches } from './tool-caches.js';
import { benchStartup } from './startup.js';

const RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const workDir = await mkdtemp(path.join(tmpdir(), 'bench-'));
await benchStartup(workDir);

/** How many strings the redactor searches a stream for: the benchmark's secrets with all their forms. */
function streamForms(): number {
  const redactor = new Redactor();
  for (const secret of benchSecrets()) redactor.add(secret);
  return redactor.bytes.patterns.length;
}

const streamMiB = Number(process.env.BENCH_STREAM_MB ?? 1024);
const streamBytes = streamMiB * 1024 * 1024;
console.log(
  `\na step streaming ${streamMiB} MiB of tool output (20 secrets and their encoded forms, ${streamForms()} strings; console to /dev/null, log file in ${tmpdir()})`,
);
const data = path.join(workDir, 'tool-output.log');
await writeBenchLog(data, streamBytes);
const devNull = openSync('/dev/null', 'w');

/** The exit status of a child, once it has closed. */
function waitFor(child: ReturnType<typeof spawn>): Promise<number | null> {
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
}

/** bench/stream-step.ts in a child node: its own figures (streaming time, peak RSS) and its whole run. */
async function streamStep(): Promise<{
  wall: number;
  seconds: number;
  cpu: number;
  maxRssMiB: number;
  logged: number;
}> {
  const start = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench', 'stream-step.ts'), data, String(streamBytes)],
    { cwd: ROOT, stdio: ['ignore', devNull, 'pipe'] },
  );
  let report = '';
  child.stderr!.on('data', (d: Buffer) => {
    report += d.toString();
  });
  const code = await waitFor(child);
  const wall = (performance.now() - start) / 1000;
  if (code !== 0) throw new Error(`stream-step exited with ${code}: ${report}`);
  return { wall, ...JSON.parse(report.trim().split('\n').pop()!) };
}

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
for (let i = 0; i < RUNS; i++) {
  steps.push(await streamStep());
  tees.push(await bareTee());
}
closeSync(devNull);
await rm(data, { force: true });
const inStep = median(steps.map((s) => s.seconds));
const wholeStep = median(steps.map((s) => s.wall));
const tee = median(tees.map((t) => t.wall));
const rss = Math.max(...steps.map((s) => s.maxRssMiB));
const ratios = steps.map((s, i) => s.seconds / tees[i]!.wall);
const cpuRatios = steps.map((s, i) => s.cpu / tees[i]!.cpu);
console.log(
  `  ${'head -c | tee'.padEnd(28)} ${tee.toFixed(2).padStart(6)} s  (tee's own CPU ${median(tees.map((t) => t.cpu)).toFixed(2)} s)`,
);
console.log(
  `  ${'runCommand → DeployOutput'.padEnd(28)} ${inStep.toFixed(2).padStart(6)} s  = ${median(ratios).toFixed(2)}× tee, median of ${RUNS} pairs (goal ≤ 1.3×; pair by pair ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×), spawn to log closed`,
);
console.log(
  `  ${'  its own CPU'.padEnd(28)} ${median(steps.map((s) => s.cpu))
    .toFixed(2)
    .padStart(
      6,
    )} s  = ${median(cpuRatios).toFixed(2)}× tee's (head's left out on both sides; moved less by the machine's other load)`,
);
console.log(`  ${'  the whole process (tsx)'.padEnd(28)} ${wholeStep.toFixed(2).padStart(6)} s`);
console.log(
  `  ${'peak RSS of that process'.padEnd(28)} ${rss.toFixed(0).padStart(6)} MiB (goal ≤ 150 MB; tsx alone takes about 75)${steps.every((s) => s.logged > 0) ? '' : '  (nothing logged?)'}`,
);

console.log('\nplan comment and job summary of a 5 MiB plan (2,000 changed resources)');
const planLine = '  + resource "openstack_compute_instance_v2" "worker" { name = "worker-✓" }\n';
const planText = planLine.repeat(Math.ceil((5 * 1024 * 1024) / planLine.length));
const changes = summarizeChanges({
  resource_changes: Array.from({ length: 2000 }, (_, i) => ({
    address: `module.workers.openstack_compute_instance_v2.node[${i}]`,
    change: { actions: ['create'] },
  })),
});
const common = {
  cluster: 'acme/prod',
  changes,
  planText,
  applySteps: ['opentofu-init', 'opentofu-apply'],
  updatedAt: new Date(),
};
for (const [label, limit] of [
  ['comment (65,536 characters)', undefined],
  ['summary (1 MB)', { size: 1_000_000, unit: 'bytes' as const }],
] as const) {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const { body } = buildPlanComment({ ...common, limit });
    times.push(performance.now() - t0);
    size = body.length;
  }
  console.log(`  ${label.padEnd(28)} ${median(times).toFixed(1).padStart(6)} ms  (${size} characters)`);
}

// The yaml package's own duplicate-key check is quadratic: 40,000 keys took 23 s, 80,000 far longer.
console.log('\nparseYaml of a config just under the 1 MiB limit (80,000 keys, duplicate keys checked)');
const keyLines = Array.from({ length: 80_000 }, (_, i) => `k${i}: val\n`).join('');
const yamlTimes: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  parseYaml(keyLines, 'bench.yaml', CONFIG_FILE);
  yamlTimes.push(performance.now() - t0);
}
console.log(
  `  ${`${(Buffer.byteLength(keyLines) / 1024).toFixed(0)} KiB, 80,000 keys`.padEnd(28)} ${median(yamlTimes).toFixed(0).padStart(6)} ms`,
);

await benchTargets();

await benchDay2();

await benchToolCaches();
