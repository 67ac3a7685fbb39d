// The minutes a job spends outside our code, on the sandbox with a 20-node stand-in cluster and the
// real git and ansible-playbook: the Kubespray tree fetched against restored (and checked), and
// cluster.yml with Ansible's default 5 forks against the forks chosen from the hosts.
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { prepareSandbox, sandboxToolEnv } from '../examples/sandbox/prepare.js';
import { runDeploy } from '../src/core/engine/engine.js';
import { openPipeline } from '../src/core/engine/pipeline.js';
import { chooseForks } from '../src/core/kubespray/forks.js';
import { ensureKubespray } from '../src/core/kubespray/fetch.js';
import { commandExecutor } from '../src/core/lib/command.js';
import { DeployOutput } from '../src/core/lib/output.js';
import { Redactor } from '../src/core/lib/redact.js';
import type { StepFilter } from '../src/core/engine/selection.js';
import { kubesprayTreeProblem } from '../src/github/state/kubespray-cache.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchToolCaches(): Promise<void> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'bench-caches-'));
  const sandbox = await prepareSandbox({ workDir });
  const base = { ...(await sandboxToolEnv(workDir)), TF_VAR_worker_count: '19', TF_VAR_control_plane_count: '1' };
  const stateDir = path.join(workDir, 'state');
  const deploy = async (filter: StepFilter, env: Record<string, string> = base) => {
    const pipeline = await openPipeline({
      configPath: sandbox.configPath,
      // cluster.yml runs even though nothing changed since the last one.
      converge: true,
      stateDir,
      skipAuthCheck: true,
      env,
      waitReady: { intervalMs: 200, timeoutMs: 30_000 },
    });
    const output = new DeployOutput(pipeline.redactor, () => {});
    const started = performance.now();
    const result = await runDeploy({ ...pipeline, output, filter, signal: new AbortController().signal });
    await output.close();
    if (!result.ok) throw new Error(`bench deploy failed: ${result.error}`);
    return (performance.now() - started) / 1000;
  };
  try {
    console.log('\nthe job outside our code, on the sandbox (20-node stand-in cluster; real git and ansible-playbook)');

    // The Kubespray tree: a depth-1 git fetch of the tag against a cache hit plus the restore's check.
    // BENCH_KUBESPRAY_GIT: a local clone of the real Kubespray with the tag v2.31.0 (its tree is the size a runner fetches).
    const real = process.env.BENCH_KUBESPRAY_GIT;
    const repo = real ?? path.join(workDir, 'kubespray-upstream');
    if (!real) {
      await cp(path.join(sandbox.clusterDir, 'kubespray'), repo, { recursive: true });
      git(repo, 'init', '-q');
      git(repo, 'add', '-A');
      git(repo, 'commit', '-qm', 'kubespray');
      git(repo, 'tag', 'v2.31.0');
    }
    const commit = git(repo, 'rev-parse', 'v2.31.0^{commit}');
    const exec = commandExecutor({ redactor: new Redactor() });
    const fetches: number[] = [];
    const checks: number[] = [];
    for (let i = 0; i < 5; i++) {
      const cacheRoot = path.join(workDir, `kubespray-cache-${i}`);
      let started = performance.now();
      const pin = await ensureKubespray({
        version: 'v2.31.0',
        source: { kind: 'git', url: `file://${repo}` },
        vendoredDir: path.join(workDir, 'no-vendored'),
        cacheRoot,
        exec,
        env: base,
      });
      fetches.push(performance.now() - started);
      started = performance.now();
      const problem = await kubesprayTreeProblem(path.join(cacheRoot, `v2.31.0-${commit}`), 'v2.31.0', commit, base);
      checks.push(performance.now() - started);
      if (problem || pin.origin !== 'fetched') throw new Error(`bench: the fetched tree fails its check: ${problem}`);
    }
    const files = git(repo, 'ls-tree', '-r', '--name-only', 'v2.31.0').split('\n').length;
    const tree = path.join(workDir, 'kubespray-cache-0', `v2.31.0-${commit}`);
    const mib = (dir: string) =>
      (Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]) / 2 ** 20).toFixed(1);
    console.log(
      `  ${`Kubespray tree (${real ? 'v2.31.0' : 'stand-in'})`.padEnd(34)} ${files} files, ${mib(path.join(tree, '.git'))} MiB fetched (${mib(tree)} MiB cached): fetch ${median(fetches).toFixed(0)} ms, restore check (commit, tag, fsck, content) ${median(checks).toFixed(0)} ms (median of 5)`,
    );

    // Forks: the first deploy creates the 20 nodes; then cluster.yml alone, alternating 5 forks and the chosen ones.
    await deploy({});
    const playbook: StepFilter = { step: 'kubespray-ansible-playbook' };
    const chosen = chooseForks({
      env: {},
      inventoryFile: path.join(sandbox.clusterDir, 'inventory', 'inventory.yaml'),
    });
    const five: number[] = [];
    const tuned: number[] = [];
    for (let i = 0; i < 3; i++) {
      five.push(await deploy(playbook, { ...base, ANSIBLE_FORKS: '5' }));
      tuned.push(await deploy(playbook));
    }
    const cores = availableParallelism();
    console.log(
      `  ${`cluster.yml on 20 hosts, ${cores} cores`.padEnd(34)} 5 forks ${median(five).toFixed(1)} s, ${chosen.args.join(' ') || '(ANSIBLE_FORKS)'} ${median(tuned).toFixed(1)} s: ${(median(five) / median(tuned)).toFixed(2)}× (median of 3 alternating)`,
    );
    console.log(
      `  ${'per task on 20 hosts'.padEnd(34)} ${Math.ceil(20 / 5)} rounds of hosts at 5 forks; ${Math.ceil(20 / Math.min(20, 4 * 4, 50))} at 16 (4-core public runner), ${Math.ceil(20 / Math.min(20, 4 * 2, 50))} at 8 (2-core private)`,
    );
  } finally {
    await sandbox.close();
    await rm(workDir, { recursive: true, force: true });
  }
}
