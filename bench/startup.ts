// Start-up of each bundled action next to the floor every JavaScript action pays: a bundle of @actions/core alone
// (bench/floor.js), built by the same ncc and esbuild pass as dist/ (scripts/ncc-bundle.mjs). Each action is timed
// from process start to its first step's `::group::` line (the actions without steps: to their exit), pair by pair
// against the floor to its own `::group::` line (A B A B …, the ratio taken pair by pair), twice:
// - the first step of a job: Node's compile cache empty. Each dist/<action>/index.js keeps the cache in the runner's
//   temp dir (RUNNER_TEMP), which the runner empties at each job's start, so the first step of our actions in a job
//   compiles every chunk it loads; a job whose one step is the root action is always this case.
// - a later step of the same job: the cache as a run of the same action to its first step left it (Node writes the
//   cache when the process exits), so what that step loads is compiled already.
// The floor enables no cache: it is the bare bundle, the same in both rows.
// State-store none and no Actions services, so no artifact, cache or REST client is loaded.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { prepareSandbox, sandboxToolEnv } from '../examples/sandbox/prepare.js';
// @ts-expect-error: a plain .mjs build script without type declarations
import { nccBundle } from '../scripts/ncc-bundle.mjs';
import { actionNode, inputVariable, ROOT, runnerInputs } from '../test/support/action-runner.js';

/** Goal: each action to its first step within 2.5× the floor (issue 34). */
const GOAL = 2.5;
/** Start-up figures swing with the machine's other load: more pairs than the other benchmarks, for a steadier median. */
const PAIRS = 7;
/** The CLI's goal, against a bare `node -e ''` (it is no action, so it pays no @actions/core). */
const CLI_GOAL = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface Timing {
  /** Milliseconds from spawn to the first step's group line (or to the exit). */
  wall: number;
  /** The process's CPU milliseconds (user and system, all its threads) by then: moved less by the machine's other load. */
  cpu: number;
}

/** Times a node process from spawn until stdout matches `ready` (or, without one, until exit); undefined if it exits first. */
function timeUntil(
  args: string[],
  env: Record<string, string>,
  cpuReport: string,
  ready?: RegExp,
): Promise<Timing | undefined> {
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(actionNode(), ['-r', cpuReport, ...args], { env, cwd: ROOT });
    let out = '';
    let err = '';
    let wall: number | undefined;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (wall === undefined && ready?.test(out)) {
        wall = performance.now() - start;
        // SIGKILL: Node writes no compile cache, so a timed run leaves the cache as it found it.
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('close', () => {
      if (!ready) wall = performance.now() - start;
      const cpu = /\ncpu-ms ([\d.]+)\n/.exec(err)?.[1];
      resolve(wall === undefined || cpu === undefined ? undefined : { wall, cpu: Number(cpu) });
    });
  });
}

// Preloaded into every timed run, the floor's too: the process's own CPU time when it writes the first step's group
// line (or at its exit), on stderr.
const CPU_REPORT = `const { writeSync } = require('node:fs');
let told = false;
const tell = () => {
  if (told) return;
  told = true;
  const { user, system } = process.cpuUsage();
  writeSync(2, '\\ncpu-ms ' + (user + system) / 1000 + '\\n');
};
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  if (String(chunk).includes('::group::')) tell();
  return write(chunk, ...rest);
};
process.on('exit', tell);
`;

// Preloaded only into the run that fills a later step's cache: it ends the process at the first step's group, and
// the exit writes the cache.
const PRIME = `const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => (String(chunk).includes('::group::') ? process.exit(0) : write(chunk, ...rest));
`;

export async function benchStartup(workDir: string): Promise<void> {
  const floorDir = path.join(workDir, 'floor');
  nccBundle(ROOT, path.join('bench', 'floor.js'), floorDir);
  await writeFile(path.join(floorDir, 'package.json'), '{ "type": "module" }\n');
  const floor = path.join(floorDir, 'index.js');
  const prime = path.join(workDir, 'prime.cjs');
  await writeFile(prime, PRIME);
  const cpuReport = path.join(workDir, 'cpu-report.cjs');
  await writeFile(cpuReport, CPU_REPORT);

  const sandbox = await prepareSandbox({ workDir: path.join(workDir, 'sandbox') });
  const env: Record<string, string> = {
    ...(await sandboxToolEnv(workDir)),
    RUNNER_TEMP: path.join(workDir, 'runner'),
  };
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
  // The actions without a step are timed to their exit. kubeconfig and plan-comment stop at their first input check
  // (what they do next needs a deploy's artifact or GitHub's API); targets runs whole, on one cluster.
  const targetsRepo = path.join(workDir, 'repo');
  await mkdir(path.join(targetsRepo, 'clusters'), { recursive: true });
  await copyFile(sandbox.configPath, path.join(targetsRepo, 'clusters', 'demo.yaml'));
  const paths: { label: string; action: string; inputs: Record<string, string>; workspace?: string; until?: 'exit' }[] =
    [
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
    `node ${execFileSync(actionNode(), ['--version'], { encoding: 'utf8' }).trim()} (${actionNode()}); ${PAIRS} pairs each, medians`,
  );
  console.log(
    `start-up: process start → first step starts (the actions without steps: to their exit), state-store: none; goal ≤ ${GOAL}× the floor ("over" marks a ratio above it)`,
  );
  console.log(
    '  each cell: ms to the first step, median ratio to the floor pair by pair; then the same for the CPU time the process used by then',
  );
  const header = `  ${'action'.padEnd(44)} ${'first step of a job (cold cache)'.padEnd(40)} later step (warm cache)`;
  const rows: string[] = [header];
  const floorTimes: Timing[] = [];
  let n = 0;
  // The runner's temp dir and the system's, where dist/<action>/index.js keeps Node's compile cache (RUNNER_TEMP on a
  // runner): an empty one is a job's first step.
  const tempAt = (dir: string) => ({ RUNNER_TEMP: dir, TMPDIR: dir });
  const tempDir = async () => {
    const dir = path.join(workDir, 'tmp', String(n++));
    await mkdir(dir, { recursive: true });
    return dir;
  };
  const verdict = (ratio: number) => (ratio <= GOAL ? '' : ' over');
  for (const { label, action, inputs: given, workspace, until } of paths) {
    const bundle = path.join(ROOT, 'dist', action, 'index.js');
    // As the runner gives them: each input of this action's action.yml that has a default (test/support/action-runner.ts).
    const inputEnv = Object.fromEntries(
      Object.entries(await runnerInputs(bundle, given, env)).map(([input, value]) => [inputVariable(input), value]),
    );
    const actionEnv = { ...env, ...inputEnv, ...(workspace && { GITHUB_WORKSPACE: workspace }) };
    const ready = until === 'exit' ? undefined : /::group::/;
    const warmDir = await tempDir();
    spawnSync(actionNode(), ['-r', prime, bundle], {
      env: { ...actionEnv, ...tempAt(warmDir) },
      cwd: ROOT,
      stdio: 'ignore',
    });
    const cells: string[] = [];
    for (const warm of [false, true]) {
      const times: Timing[] = [];
      const ratios: Timing[] = [];
      for (let i = 0; i < PAIRS; i++) {
        const dir = warm ? warmDir : await tempDir();
        const value = await timeUntil([bundle], { ...actionEnv, ...tempAt(dir) }, cpuReport, ready);
        if (value === undefined) break;
        const base = (await timeUntil([floor], { ...env, INPUT_CONFIG: 'x', ...tempAt(dir) }, cpuReport, /::group::/))!;
        floorTimes.push(base);
        times.push(value);
        ratios.push({ wall: value.wall / base.wall, cpu: value.cpu / base.cpu });
      }
      if (times.length < PAIRS) {
        cells.push('no step started: the action exited first (run it by hand to see why)');
        break;
      }
      const wall = median(ratios.map((r) => r.wall));
      const cpu = median(ratios.map((r) => r.cpu));
      cells.push(
        `${median(times.map((t) => t.wall))
          .toFixed(0)
          .padStart(
            4,
          )} ms ${wall.toFixed(2)}×${verdict(wall)}, cpu ${median(times.map((t) => t.cpu)).toFixed(0)} ms ${cpu.toFixed(2)}×${verdict(cpu)}`.padEnd(
          40,
        ),
      );
    }
    rows.push(`  ${`dist/${action}${label ? ` (${label})` : ''}`.padEnd(44)} ${cells.join(' ').trimEnd()}`);
  }
  console.log(
    `  ${'the floor: @actions/core alone (bench/floor.js)'.padEnd(44)} ${median(floorTimes.map((t) => t.wall))
      .toFixed(0)
      .padStart(4)} ms, cpu ${median(floorTimes.map((t) => t.cpu)).toFixed(0)} ms`,
  );
  for (const row of rows) console.log(row);

  // The CLI as installed (package.json's bin: dist/cli/index.js): `cluster-deploy --help` to its exit, next to a bare
  // node, pair by pair, with a cold compile cache (each command on a laptop is a new process; the cache lives on).
  const cliRatios: number[] = [];
  const cliTimes: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const dir = await tempDir();
    const bare = (await timeUntil(['-e', ''], { ...env, TMPDIR: dir }, cpuReport))!;
    const cli = (await timeUntil(
      [path.join(ROOT, 'dist', 'cli', 'index.js'), '--help'],
      { ...env, TMPDIR: dir },
      cpuReport,
    ))!;
    cliTimes.push(cli.wall);
    cliRatios.push(cli.wall / bare.wall);
  }
  const cliRatio = median(cliRatios);
  console.log(
    `  ${'cluster-deploy --help (dist/cli)'.padEnd(44)} ${median(cliTimes).toFixed(0).padStart(4)} ms ${cliRatio.toFixed(2).padStart(5)}× bare node (${cliRatio < CLI_GOAL ? 'within' : 'over'} the ${CLI_GOAL}× goal)`,
  );
  await sandbox.close();
}

// `npx tsx bench/startup.ts`: the start-up figures alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { tmpdir } = await import('node:os');
  await benchStartup(await mkdtemp(path.join(tmpdir(), 'bench-startup-')));
}
