// `npm run bench`: prints figures, asserts nothing. The start-up of each bundled action (process start
// to its first step) next to a bundle of @actions/core alone (bench/startup.ts), a step streaming a child's output (BENCH_STREAM_MB,
// default 1024) next to `head -c | tee` of the same bytes, the plan comment builder on a 5 MiB plan,
// the YAML parser on a config just under its size limit, targets on 1,000 clusters (bench/targets.ts),
// and day 2 on the sandbox (bench/day2.ts).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { summarizeChanges } from '../src/core/tofu/plan-json.js';
import { CONFIG_FILE, parseYaml } from '../src/core/lib/yaml.js';
import { buildPlanComment } from '../src/github/comments/plan-comment.js';
import { benchDay2 } from './day2.js';
import { benchTargets } from './targets.js';
import { benchStream } from './stream.js';
import { benchToolCaches } from './tool-caches.js';
import { benchStartup } from './startup.js';

const RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const workDir = await mkdtemp(path.join(tmpdir(), 'bench-'));
await benchStartup(workDir);

await benchStream(workDir);

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
