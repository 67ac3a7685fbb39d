// `npm run bench`: prints figures, asserts nothing. Cold start of each bundled action (process start
// to its first step) next to a bare `node -e ''`, the redactor's streaming throughput, and the plan
// comment builder on a 5 MiB plan, and the YAML parser on a config just under its size limit.
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { prepareSandbox, sandboxToolEnv } from '../examples/sandbox/prepare.js';
import { RedactingStream } from '../src/core/output.js';
import { Redactor } from '../src/core/redact.js';
import { summarizeChanges } from '../src/core/tofu-plan.js';
import { CONFIG_FILE, parseYaml } from '../src/core/yaml.js';
import { buildPlanComment } from '../src/github/plan-comment.js';
import { actionNode, ROOT } from '../test/support/action-runner.js';

const RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Milliseconds from spawn until stdout matches `ready` (or the process exits). */
function timeUntil(args: string[], env: Record<string, string>, ready?: RegExp): Promise<number> {
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(actionNode(), args, { env, cwd: ROOT });
    let out = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve(performance.now() - start);
      child.kill('SIGKILL');
    };
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (ready?.test(out)) finish();
    });
    child.on('close', finish);
  });
}

const workDir = await mkdtemp(path.join(tmpdir(), 'bench-'));
const sandbox = await prepareSandbox({ workDir });
const env = { ...(await sandboxToolEnv(workDir)), RUNNER_TEMP: path.join(workDir, 'runner'), GITHUB_OUTPUT: path.join(workDir, 'out'), GITHUB_STATE: path.join(workDir, 'state'), GITHUB_STEP_SUMMARY: path.join(workDir, 'summary') };
// Only opentofu-init for the tofu action: apply with the sandbox's local backend is refused before any step.
const inputs = { INPUT_CONFIG: sandbox.configPath, 'INPUT_STATE-STORE': 'none', 'INPUT_SKIP-AUTH-CHECK': 'true', 'INPUT_TOFU-STATE': 'none' };

console.log(`node: ${actionNode()}; median of ${RUNS} runs\n`);
console.log('cold start (process start → first step starts)');
const bareTimes: number[] = [];
for (let i = 0; i < RUNS; i++) bareTimes.push(await timeUntil(['-e', ''], env));
const bare = median(bareTimes);
console.log(`  ${'node -e \'\''.padEnd(28)} ${bare.toFixed(0).padStart(5)} ms`);
for (const action of ['deploy', 'preflight', 'tofu', 'kubespray', 'normalize-kubeconfig', 'wait-ready']) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    times.push(await timeUntil([path.join(ROOT, 'dist', action, 'index.js')], { ...env, ...inputs, INPUT_STEP: action === 'tofu' ? 'opentofu-init' : '' }, /::group::/));
  }
  const value = median(times);
  console.log(`  ${`dist/${action}`.padEnd(28)} ${value.toFixed(0).padStart(5)} ms  (+${(value - bare).toFixed(0)} ms over bare node)`);
}
await sandbox.close();

console.log('\nredaction of streamed command output (20 secrets, 64 KiB chunks)');
const redactor = new Redactor();
for (let i = 0; i < 20; i++) redactor.add(`secret-value-${i}-${'x'.repeat(20)}`);
const line = `${'log line with ordinary text and no secret at all '.repeat(2)}\n`;
const chunk = line.repeat(Math.floor(65536 / line.length));
const total = 256 * 1024 * 1024;
let emitted = 0;
const stream = new RedactingStream(redactor, (t) => {
  emitted += t.length;
});
const heapBefore = process.memoryUsage().heapUsed;
const start = performance.now();
for (let sent = 0; sent < total; sent += chunk.length) stream.write(chunk);
stream.end();
const seconds = (performance.now() - start) / 1000;
console.log(`  ${(total / 1024 / 1024).toFixed(0)} MiB in ${seconds.toFixed(2)} s = ${(total / 1024 / 1024 / seconds).toFixed(0)} MiB/s; heap growth ${((process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024).toFixed(1)} MiB; ${emitted === 0 ? 'nothing emitted?' : 'ok'}`);

console.log('\nplan comment and job summary of a 5 MiB plan (2,000 changed resources)');
const planLine = '  + resource "openstack_compute_instance_v2" "worker" { name = "worker-✓" }\n';
const planText = planLine.repeat(Math.ceil((5 * 1024 * 1024) / planLine.length));
const changes = summarizeChanges({ resource_changes: Array.from({ length: 2000 }, (_, i) => ({ address: `module.workers.openstack_compute_instance_v2.node[${i}]`, change: { actions: ['create'] } })) });
const common = { cluster: 'acme/prod', changes, planText, applySteps: ['opentofu-init', 'opentofu-apply'], updatedAt: new Date() };
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
console.log(`  ${`${(Buffer.byteLength(keyLines) / 1024).toFixed(0)} KiB, 80,000 keys`.padEnd(28)} ${median(yamlTimes).toFixed(0).padStart(6)} ms`);
