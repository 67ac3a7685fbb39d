// actions/targets on a generated 1,000-cluster repository: the time to decide which clusters a pull
// request affects when it changes 10 configs and a module every cluster uses indirectly (the worst
// case: every other cluster's OpenTofu code is parsed), 10 configs only, docs only, and a manual run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { findTargets, type ChangeSet } from '../src/core/model/targets.js';
import { clusterName, writeFleet } from '../test/support/fleet.js';

const CLUSTERS = 1000;
const RUNS = 5;

export async function benchTargets(): Promise<void> {
  console.log(`\ntargets on ${CLUSTERS} clusters (goal: well under 1 s)`);
  const root = await mkdtemp(path.join(tmpdir(), 'bench-targets-'));
  // Ten network modules, each on a tenth of the clusters, all calling modules/base.
  await writeFleet(root, {
    clusters: CLUSTERS,
    uses: (i) => [`net-${i % 10}`],
    moduleUses: Object.fromEntries(Array.from({ length: 10 }, (_, k) => [`net-${k}`, ['base']])),
  });
  const pullRequest: ChangeSet = {
    kind: 'files',
    files: [
      ...Array.from({ length: 10 }, (_, i) => ({
        path: `clusters/${clusterName(i * 97)}.yaml`,
        status: 'modified' as const,
      })),
      { path: 'modules/base/variables.tf', status: 'modified' },
    ],
  };
  const scenarios: [string, ChangeSet, number][] = [
    ['10 configs + a module', pullRequest, CLUSTERS],
    ['10 configs (nothing parsed)', { kind: 'files', files: pullRequest.files.slice(0, 10) }, 10],
    ['docs only (none affected)', { kind: 'files', files: [{ path: 'docs/README.md', status: 'modified' }] }, 0],
    ['workflow_dispatch (all)', { kind: 'all', why: 'bench' }, CLUSTERS],
  ];
  for (const [label, changes, expected] of scenarios) {
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const targets = await findTargets({ root, changes });
      const used = process.cpuUsage(c0);
      times.push(performance.now() - t0);
      cpu.push((used.user + used.system) / 1000);
      if (targets.clusters.length !== expected)
        throw new Error(`bench targets: ${label}: ${targets.clusters.length} clusters, expected ${expected}`);
    }
    // The first run loads the HCL parser (once per process); the median is of the later ones.
    const median = (values: number[]) => values.slice(1).sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
    console.log(
      `  ${label.padEnd(28)} ${median(times).toFixed(0).padStart(6)} ms  (CPU ${median(cpu).toFixed(0)} ms; first run ${times[0]!.toFixed(0)} ms, CPU ${cpu[0]!.toFixed(0)} ms)`,
    );
  }
  await rm(root, { recursive: true, force: true });
}
