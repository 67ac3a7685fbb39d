import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CapiSandbox } from '../../examples/sandbox/capi/cloud.js';
import { startCapiRun, type CapiRun } from '../support/capi-sandbox.js';

/**
 * Before the pivot the kind management cluster dies with the runner: a failure in any step from capi-apply to
 * capi-pivot deletes the Cluster so CAPO removes what it made, and says so; nothing is left in the cloud but the
 * floating IP the user made beforehand. Each failure is injected in the stand-ins as the real thing fails.
 */

/** What CAPO made in the simulated project (the pre-created API floating IP is the user's). */
const madeByCapo = (cloud: CapiSandbox) => ({
  servers: cloud.servers().map((s) => s.name),
  networks: cloud.networks().map((n) => n.name),
  routers: cloud.routers().map((r) => r.name),
  loadBalancers: cloud.loadBalancers().map((l) => l.name),
  floatingIps: cloud
    .floatingIps()
    .filter((f) => f.createdBy)
    .map((f) => f.address),
});
const nothing = { servers: [], networks: [], routers: [], loadBalancers: [], floatingIps: [] };

const stall = (text: string) =>
  text
    .replace('node_machine_flavor: m1.small', 'node_machine_flavor: m1.nope')
    .replace('    worker_machine_count: 2', '    worker_machine_count: 2\n    stall_timeouts: {workers: 2s}');

describe('a deploy with kind that fails before the pivot leaves nothing in the cloud', () => {
  it.each<[string, string, (run: CapiRun) => void, ((text: string) => string)?]>([
    [
      'capi-apply',
      'the MachineDeployment refused by the API server (the other objects applied)',
      (run) => run.cloud.failRequests('kind', /^PATCH .*\/machinedeployments\/capi-sandbox-md-0$/, 1),
    ],
    ['capi-wait', 'a worker flavor that does not exist (stall)', () => {}, stall],
    [
      'capi-workload-kubeconfig',
      'the kubeconfig Secret not readable',
      (run) => run.cloud.failRequests('kind', /^GET .*\/secrets\/capi-sandbox-kubeconfig$/, 1),
    ],
    [
      'capi-addons',
      "the workload API refusing the addons' apply",
      (run) => run.cloud.failRequests('workload', /^PATCH /, 1),
    ],
    [
      'wait-ready',
      'nodes that cannot be listed until the timeout',
      (run) => run.cloud.failRequests('workload', /^GET \/api\/v1\/nodes$/, 10_000),
    ],
    [
      'capi-pivot',
      'clusterctl move stopping half-way, twice',
      (run) => {
        run.cloud.failNextMove(5);
        run.cloud.failNextMove(3);
      },
    ],
  ])(
    '%s: %s',
    async (step, _, inject, edit) => {
      const run = await startCapiRun(edit);
      try {
        inject(run);
        const { result, console } = await run.run('deploy', {}, { waitReady: { intervalMs: 300, timeoutMs: 20_000 } });
        expect(result.failedStep).toBe(step);
        expect(result.error).toContain(
          'Cleanup: the Cluster was deleted and CAPO removed what it had made in the cloud; fix the cause and deploy again',
        );
        expect(console).toContain('deleting Cluster default/capi-sandbox so CAPO removes its servers');
        expect(madeByCapo(run.cloud)).toEqual(nothing);
        expect(run.cloud.floatingIps()).toEqual([expect.objectContaining({ address: '172.24.4.200' })]);
      } finally {
        await run.close();
      }
    },
    120_000,
  );
});

function clusterctl(run: CapiRun, ...args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) =>
    execFile('clusterctl', args, { env: run.env }, (error, _stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    ),
  );
}

describe('a resumed pivot whose clusterctl move had stopped half-way', () => {
  /** A deploy that stops in capi-pivot before moving anything, leaving kind and the workload cluster up. */
  const upToThePivot = async () => {
    const run = await startCapiRun();
    // Reading the Cluster in kind fails: the pivot cannot tell whether a move had begun, so it keeps everything.
    run.cloud.failRequests('kind', /^GET .*\/clusters\/capi-sandbox$/, 1);
    const { result, pipeline } = await run.run();
    expect(result.failedStep).toBe('capi-pivot');
    expect(result.error).toContain('the move may have begun, so nothing was deleted: deploy again to resume the pivot');
    const management = path.join(pipeline.settings.clusterApi!.workDir, 'management.kubeconfig');
    return { run, management, workload: pipeline.settings.kubeconfigPath };
  };

  it('redoes the move: the source Cluster, paused by the interrupted move, is unpaused and moved again', async () => {
    const { run, management, workload } = await upToThePivot();
    try {
      run.cloud.failNextMove(5);
      const moved = await clusterctl(run, 'move', '--kubeconfig', management, '--to-kubeconfig', workload);
      expect(moved.code).not.toBe(0);
      // As real clusterctl: a second move refuses the paused source.
      const again = await clusterctl(run, 'move', '--kubeconfig', management, '--to-kubeconfig', workload);
      expect(again.stderr).toContain(
        'cannot start operation while the following Clusters are paused: default/capi-sandbox',
      );

      const { result } = await run.run();
      expect(result.error).toBeUndefined();
      expect(result.reports.find((r) => r.id === 'capi-pivot')?.detail).toMatch(
        /an interrupted move found \(the Cluster paused in kind\): unpaused to move again; moved; kind cluster capi-capi-sandbox deleted/,
      );
      const target = run.cloud.api('default/capi-sandbox')!;
      const cluster = target.get({ group: 'cluster.x-k8s.io', kind: 'Cluster' }, 'default', 'capi-sandbox')!;
      expect((cluster.spec as { paused?: boolean }).paused).toBe(false);
      expect(run.cloud.clusters().map((c) => c.role)).toEqual(['workload']);
    } finally {
      await run.close();
    }
  }, 120_000);

  it('finishes a move that had deleted the source but not unpaused the target', async () => {
    const { run, management, workload } = await upToThePivot();
    try {
      expect((await clusterctl(run, 'move', '--kubeconfig', management, '--to-kubeconfig', workload)).code).toBe(0);
      // The last step of the move, unpausing the target, lost.
      const target = run.cloud.api('default/capi-sandbox')!;
      const type = { group: 'cluster.x-k8s.io', kind: 'Cluster' };
      const cluster = target.get(type, 'default', 'capi-sandbox')!;
      target.put({ ...cluster, spec: { ...(cluster.spec as object), paused: true } });

      const { result } = await run.run();
      expect(result.error).toBeUndefined();
      expect(result.reports.find((r) => r.id === 'capi-pivot')?.detail).toMatch(
        /the interrupted move finished: the Cluster unpaused on the workload cluster; kind cluster capi-capi-sandbox deleted/,
      );
      expect((target.get(type, 'default', 'capi-sandbox')!.spec as { paused?: boolean }).paused).toBe(false);
    } finally {
      await run.close();
    }
  }, 120_000);
});

describe('ORC, which CAPO needs', () => {
  it('an ORC install.yaml without its CRDs is refused in clusterctl-init, before anything is applied', async () => {
    const run = await startCapiRun((text) => text.replace('orc: orc/install.yaml', 'orc: addons/cloud-config.yaml'));
    try {
      const { result } = await run.run();
      expect(result.failedStep).toBe('clusterctl-init');
      expect(result.error).toContain(
        '(deployment.cluster_api.providers.orc) applied, but the cluster has no ORC Image CRD (images.openstack.k-orc.cloud): CAPO cannot start its server controller without it',
      );
      expect(madeByCapo(run.cloud)).toEqual(nothing);
    } finally {
      await run.close();
    }
  }, 120_000);
});
