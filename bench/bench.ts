// `npm run bench`: prints figures, asserts nothing. Cold start of each bundled action (process start
// to its first step) next to a bare `node -e ''`, a step streaming a child's output (BENCH_STREAM_MB,
// default 1024) next to `head -c | tee` of the same bytes, the plan comment builder on a 5 MiB plan,
// the YAML parser on a config just under its size limit, targets on 1,000 clusters (bench/targets.ts),
// and day 2 on the sandbox (bench/day2.ts).
import { execFileSync, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { prepareSandbox, sandboxToolEnv } from '../examples/sandbox/prepare.js';
import { summarizeChanges } from '../src/core/tofu/plan-json.js';
import { CONFIG_FILE, parseYaml } from '../src/core/lib/yaml.js';
import { buildPlanComment } from '../src/github/comments/plan-comment.js';
import { actionNode, inputVariable, ROOT, runnerInputs } from '../test/support/action-runner.js';
import { benchDay2 } from './day2.js';
import { benchTargets } from './targets.js';
import { benchStream } from './stream.js';
import { benchToolCaches } from './tool-caches.js';

const RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Milliseconds from spawn until stdout matches `ready` (or, without one, until exit); undefined if it exits first. */
function timeUntil(args: string[], env: Record<string, string>, ready?: RegExp): Promise<number | undefined> {
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(actionNode(), args, { env, cwd: ROOT });
    let out = '';
    let done = false;
    const finish = (reached: boolean) => {
      if (done) return;
      done = true;
      resolve(reached ? performance.now() - start : undefined);
      child.kill('SIGKILL');
    };
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (ready?.test(out)) finish(true);
    });
    child.on('close', () => finish(!ready));
  });
}

// Cold start: process start → the first step's `::group::` line, each run next to a bare
// `node -e ''` (in turn: A B A B …, the ratio taken pair by pair). Goal: within 2× bare node; 1.5× is
// out of reach while every step validates its config and state with zod (docs/development.md says why).
// What it measures: state-store none and no Actions services, so no artifact, cache or REST client
// is loaded. With state-store: artifact (the default) a step also loads the artifact client and
// downloads the state before it starts, and the kubespray action restores its venv from the cache.
const GOAL = 2;
/** Start-up figures swing with the machine's other load: more pairs than the other benchmarks, for a steadier median. */
const START_RUNS = 11;
const workDir = await mkdtemp(path.join(tmpdir(), 'bench-'));
const sandbox = await prepareSandbox({ workDir });
const env: Record<string, string> = { ...(await sandboxToolEnv(workDir)), RUNNER_TEMP: path.join(workDir, 'runner') };
// The runner's command files: without them the first saveState fails before any step.
for (const [name, file] of Object.entries({
  GITHUB_OUTPUT: 'out',
  GITHUB_STATE: 'state',
  GITHUB_STEP_SUMMARY: 'summary',
  GITHUB_ENV: 'env',
})) {
  env[name] = path.join(workDir, file);
  await writeFile(env[name]!, '');
}
// What the step's `with:` gives, for the actions that take a config; every other input as the runner fills it in.
const configInputs = {
  config: sandbox.configPath,
  'state-store': 'none',
  'skip-auth-check': 'true',
  'tofu-state': 'none',
};
// The other actions have no step: each is timed to its exit. kubeconfig and plan-comment stop at their first input
// check (what they do next needs a deploy's artifact or GitHub's API); targets runs whole, on one cluster.
const targetsRepo = path.join(workDir, 'repo');
await mkdir(path.join(targetsRepo, 'clusters'), { recursive: true });
await copyFile(sandbox.configPath, path.join(targetsRepo, 'clusters', 'demo.yaml'));
const paths: { label: string; action: string; inputs: Record<string, string>; workspace?: string; until?: 'exit' }[] = [
  // The dry run's first group is `tofu plan`, after the engine's plan is printed.
  { label: 'dry-run: true', action: 'deploy', inputs: { ...configInputs, 'dry-run': 'true' } },
  { label: '', action: 'preflight', inputs: configInputs },
  // Only opentofu-init: apply with the sandbox's local backend is refused before any step.
  { label: 'step: opentofu-init', action: 'tofu', inputs: { ...configInputs, step: 'opentofu-init' } },
  { label: '', action: 'kubespray', inputs: configInputs },
  { label: '', action: 'normalize-kubeconfig', inputs: configInputs },
  { label: '', action: 'wait-ready', inputs: configInputs },
  { label: 'to its input check', action: 'kubeconfig', inputs: {}, until: 'exit' },
  { label: 'to its input check', action: 'plan-comment', inputs: {}, until: 'exit' },
  {
    label: 'whole run, 1 cluster',
    action: 'targets',
    inputs: { all: 'true', configs: 'clusters/*.yaml' },
    workspace: targetsRepo,
    until: 'exit',
  },
];

console.log(
  `node ${execFileSync(actionNode(), ['--version'], { encoding: 'utf8' }).trim()} (${actionNode()}); median of ${RUNS} runs (start-up: ${START_RUNS} pairs)\n`,
);
console.log(
  `cold start (process start → first step starts; the actions without steps: to their exit), state-store: none; goal ≤ ${GOAL}× bare node`,
);
const bareTimes: number[] = [];
const rows: string[] = [];
for (const { label, action, inputs: given, workspace, until } of paths) {
  const name = `dist/${action}${label ? ` (${label})` : ''}`.padEnd(40);
  const bundle = `dist/${action}/index.js`;
  // As the runner gives them: each input of this action's action.yml that has a default (test/support/action-runner.ts).
  const inputEnv = Object.fromEntries(
    Object.entries(await runnerInputs(bundle, given, env)).map(([input, value]) => [inputVariable(input), value]),
  );
  const times: number[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < START_RUNS; i++) {
    const bare = (await timeUntil(['-e', ''], env))!;
    bareTimes.push(bare);
    const value = await timeUntil(
      [path.join(ROOT, bundle)],
      { ...env, ...inputEnv, ...(workspace && { GITHUB_WORKSPACE: workspace }) },
      until === 'exit' ? undefined : /::group::/,
    );
    if (value === undefined) break;
    times.push(value);
    ratios.push(value / bare);
  }
  if (times.length < START_RUNS) {
    rows.push(`  ${name} no step started: the action exited first (run it by hand to see why)`);
    continue;
  }
  const ratio = median(ratios);
  rows.push(
    `  ${name} ${median(times).toFixed(0).padStart(5)} ms  ${ratio.toFixed(2).padStart(5)}× bare node  (${ratio <= GOAL ? 'within' : 'over'} the goal)`,
  );
}
console.log(`  ${"node -e ''".padEnd(40)} ${median(bareTimes).toFixed(0).padStart(5)} ms`);
for (const row of rows) console.log(row);

// The CLI as installed (package.json's bin: dist/cli/index.js): `cluster-deploy --help` to its exit,
// next to a bare node, pair by pair. Goal: under 3× bare node.
const CLI_GOAL = 3;
const cliRatios: number[] = [];
const cliTimes: number[] = [];
for (let i = 0; i < START_RUNS; i++) {
  const bare = (await timeUntil(['-e', ''], env))!;
  const cli = (await timeUntil([path.join(ROOT, 'dist', 'cli', 'index.js'), '--help'], env))!;
  cliTimes.push(cli);
  cliRatios.push(cli / bare);
}
const cliRatio = median(cliRatios);
console.log(
  `  ${'cluster-deploy --help (dist/cli)'.padEnd(40)} ${median(cliTimes).toFixed(0).padStart(5)} ms  ${cliRatio.toFixed(2).padStart(5)}× bare node  (${cliRatio < CLI_GOAL ? 'within' : 'over'} the ${CLI_GOAL}× goal)`,
);
await sandbox.close();

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
