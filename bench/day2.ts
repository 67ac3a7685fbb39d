// Day-2 figures on the sandbox, with the real tofu and ansible-playbook: which hosts Kubespray
// touches when one worker is added to a 20-node cluster (scale.yml against cluster.yml's 21), and
// how many nodes a resumed upgrade upgrades again (goal 0), and a re-deploy with nothing changed against a full one.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { prepareSandbox, sandboxToolEnv, type PreparedSandbox } from '../examples/sandbox/prepare.js';
import { runDeploy } from '../src/core/engine/engine.js';
import { DeployOutput } from '../src/core/lib/output.js';
import { openPipeline } from '../src/core/engine/pipeline.js';
import type { DeployOptions } from '../src/core/model/settings.js';

async function engine(
  sandbox: PreparedSandbox,
  stateDir: string,
  env: Record<string, string>,
  options: Partial<DeployOptions> = {},
) {
  const pipeline = await openPipeline({
    configPath: sandbox.configPath,
    stateDir,
    skipAuthCheck: true,
    env,
    waitReady: { intervalMs: 200, timeoutMs: 30_000 },
    ...options,
  });
  const output = new DeployOutput(pipeline.redactor, () => {});
  const started = performance.now();
  const result = await runDeploy({ ...pipeline, output, filter: {}, signal: new AbortController().signal });
  await output.close();
  if (!result.ok && !options.operation) throw new Error(`bench deploy failed: ${result.error}`);
  return { result, seconds: (performance.now() - started) / 1000 };
}

/** The hosts each playbook ran on during `action`. */
async function playbooksDuring(sandbox: PreparedSandbox, action: () => Promise<unknown>) {
  const before = (await sandbox.runs()).length;
  await action();
  return (await sandbox.runs()).slice(before);
}

export async function benchDay2(): Promise<void> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'bench-day2-'));
  const sandbox = await prepareSandbox({ workDir });
  const stateDir = path.join(workDir, 'state');
  const base = await sandboxToolEnv(workDir);
  const workers = (count: number) => ({ ...base, TF_VAR_worker_count: String(count) });
  try {
    console.log('\nday 2 on the sandbox (real tofu and ansible-playbook; hosts as the stand-in playbooks record them)');
    let createdSeconds = 0;
    const created = await playbooksDuring(sandbox, async () => {
      createdSeconds = (await engine(sandbox, stateDir, workers(19))).seconds;
    });
    const full = created.find((r) => r.playbook === 'cluster.yml');
    console.log(
      `  ${'new cluster, 20 nodes'.padEnd(34)} cluster.yml on ${full?.hosts.length ?? '?'} hosts; deploy ${createdSeconds.toFixed(1)} s`,
    );

    let added = 0;
    const scaled = await playbooksDuring(sandbox, async () => {
      added = (await engine(sandbox, stateDir, workers(20))).seconds;
    });
    const touched = (name: string) => scaled.find((r) => r.playbook === name)?.hosts.length ?? 0;
    console.log(
      `  ${'add 1 worker (20 → 21 nodes)'.padEnd(34)} scale.yml on ${touched('scale.yml')} host${touched('scale.yml') === 1 ? '' : 's'} (goal: the new one), ` +
        `playbooks/facts.yml on ${touched('playbooks/facts.yml')} (facts only), cluster.yml on ${touched('cluster.yml')} (where it would run on all 21); deploy ${added.toFixed(1)} s`,
    );

    // A re-deploy with nothing changed (empty plan, same Kubespray inputs) against the same forced with --converge.
    let unchanged = 0;
    const idle = await playbooksDuring(sandbox, async () => {
      unchanged = (await engine(sandbox, stateDir, workers(20))).seconds;
    });
    let converged = 0;
    const forced = await playbooksDuring(sandbox, async () => {
      converged = (await engine(sandbox, stateDir, workers(20), { converge: true })).seconds;
    });
    console.log(
      `  ${'re-deploy, nothing changed'.padEnd(34)} ${unchanged.toFixed(1)} s with ${idle.length} playbook runs, against ${converged.toFixed(1)} s for the full re-deploy (--converge: ${forced.map((r) => r.playbook).join(', ') || 'none'}); ` +
        'on a real cluster cluster.yml alone takes 40-60 min',
    );

    // An upgrade that fails on the 11th worker, then the same upgrade again.
    const failFile = path.join(sandbox.clusterDir, '.sandbox-fail-upgrade');
    await writeFile(failFile, 'sandbox-worker-10\n');
    const upgrade = { operation: 'upgrade' as const, kubernetesVersion: '1.34.2' };
    const first = await playbooksDuring(sandbox, () => engine(sandbox, stateDir, workers(20), upgrade));
    const upgradedFirst = new Set(first.filter((r) => r.playbook === 'upgrade-cluster.yml').flatMap((r) => r.hosts));
    await rm(failFile);
    const registry = async () =>
      (
        JSON.parse(await readFile(sandbox.registryFile, 'utf8')) as {
          nodes: { name: string; kubeletVersion: string }[];
        }
      ).nodes;
    const doneBefore = new Set((await registry()).filter((n) => n.kubeletVersion === 'v1.34.2').map((n) => n.name));
    const resumed = await playbooksDuring(sandbox, () => engine(sandbox, stateDir, workers(20), upgrade));
    const again = resumed
      .filter((r) => r.playbook === 'upgrade-cluster.yml')
      .flatMap((r) => r.hosts)
      .filter((host) => doneBefore.has(host));
    console.log(
      `  ${'upgrade to 1.34.2, failed, resumed'.padEnd(34)} first run reached ${upgradedFirst.size} hosts (${doneBefore.size} finished); ` +
        `the re-run upgraded ${again.length} finished node${again.length === 1 ? '' : 's'} again (goal 0)`,
    );
  } finally {
    await sandbox.close();
    await rm(workDir, { recursive: true, force: true });
  }
}
