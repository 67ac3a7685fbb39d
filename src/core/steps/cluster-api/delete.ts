import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { formatDuration } from '../../lib/duration.js';
import { UserError } from '../../lib/errors.js';
import { displayPath, writePrivateFile } from '../../lib/files.js';
import { runtimePaths, type DeploySettings } from '../../model/settings.js';
import type { Step, StepContext, StepPlan } from '../../model/step.js';
import { CapiCommands, NO_CLUSTER_API } from '../../capi/management.js';
import { failureLine } from '../../lib/command.js';
import { sleep } from '../../lib/poll.js';
import type { CommandResult } from '../../lib/command.js';
import { maskKubeconfig, pollObjects, stallLimitsText, stallMessage } from './shared.js';
import { CapiWaitStep } from './wait.js';
import { remainingObjects } from './cleanup.js';

const WorkloadListSchema = z.object({
  items: z.array(
    z
      .object({
        metadata: z.object({ name: z.string().optional(), namespace: z.string().optional() }).loose().optional(),
        spec: z.object({ type: z.string().optional() }).loose().optional(),
      })
      .loose(),
  ),
});

function workloadObjects(json: string): z.infer<typeof WorkloadListSchema>['items'] {
  try {
    return WorkloadListSchema.parse(JSON.parse(json)).items;
  } catch {
    return [];
  }
}

const CinderVolumeListSchema = z.object({
  items: z.array(
    z
      .object({
        spec: z
          .object({
            csi: z.object({ driver: z.string().optional() }).loose().optional(),
            persistentVolumeReclaimPolicy: z.string().optional(),
            claimRef: z.object({ name: z.string(), namespace: z.string() }).loose().optional(),
          })
          .loose()
          .optional(),
      })
      .loose(),
  ),
});

/** Claims whose volumes the Cinder CSI made and deletes with them (reclaim policy Delete); none when PVs cannot be listed. */
async function cinderClaims(
  workload: (...args: string[]) => Promise<CommandResult>,
): Promise<{ name: string; namespace: string }[]> {
  const listed = await workload('get', 'persistentvolumes', '-o', 'json');
  if (listed.exitCode !== 0) return [];
  try {
    return CinderVolumeListSchema.parse(JSON.parse(listed.stdout))
      .items.filter(
        (pv) =>
          pv.spec?.csi?.driver === 'cinder.csi.openstack.org' && pv.spec.persistentVolumeReclaimPolicy === 'Delete',
      )
      .flatMap((pv) =>
        pv.spec?.claimRef ? [{ name: pv.spec.claimRef.name, namespace: pv.spec.claimRef.namespace }] : [],
      );
  } catch {
    return [];
  }
}

/**
 * Deletes the Cluster object (never `delete -f` of the manifests, which can leak cloud resources),
 * waits until CAPO has deleted the servers and load balancers and the Cluster is gone, then the
 * credentials Secret, then an ephemeral kind cluster.
 */
export class CapiDeleteClusterStep implements Step {
  readonly id = 'capi-delete-cluster' as const;
  readonly title = 'Delete the Cluster API cluster';
  readonly kind = 'remote' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  async plan(): Promise<StepPlan> {
    const { capi, credentialsSecret } = this.commands;
    return {
      workingDir: this.commands.cwd,
      command: this.commands.deleteCluster(),
      reads: [this.commands.management],
      writes: [],
      actions: [
        `first, on the workload cluster: delete its LoadBalancer Services and Cinder-backed claims (all at once), wait for them at most ${formatDuration(workloadCleanupBudget(this.settings.waitReady.timeoutMs))} together; a claim a Pod still uses is reported and left`,
        `wait (progress: machines and servers left) until the Cluster is gone; no progress for ${stallLimitsText(capi, ['delete'])} fails with what CAPO reported; timeout ${formatDuration(this.settings.waitReady.timeoutMs)}`,
        `then delete Secret ${capi.namespace}/${credentialsSecret}`,
        ...(capi.management.kind === 'kind' ? [`then kind delete cluster --name ${capi.management.clusterName}`] : []),
      ],
    };
  }

  /**
   * The workload cluster's `LoadBalancer` Services (and the Cinder CSI volumes of its claims) deleted, and waited for,
   * while its cloud controller manager still runs: their Octavia load balancers sit on CAPO's network, which CAPO
   * then cannot delete (CAPO v0.14.7 deletes only its own API load balancer, `controllers/openstackcluster_controller.go`
   * reconcileDelete; #842), so the Cluster would never go. Best effort: a workload API that does not answer is said
   * and the deletion goes on.
   */
  private async deleteCloudResourcesOfWorkloads(context: StepContext): Promise<string> {
    const { capi, management } = this.commands;
    const name = this.settings.clusterName;
    const secret = await context.exec(
      this.commands.kubectl(
        management,
        'get',
        'secret',
        `${name}-kubeconfig`,
        '-n',
        capi.namespace,
        '-o',
        'jsonpath={.data.value}',
      ),
      { capture: true, raw: true, quiet: true, check: false },
    );
    if (secret.exitCode !== 0 || !secret.stdout.trim()) return 'no workload kubeconfig Secret: no Services checked';
    const text = Buffer.from(secret.stdout.trim(), 'base64').toString('utf8');
    maskKubeconfig(text, `Secret ${capi.namespace}/${name}-kubeconfig`, context.redactor);
    const kubeconfig = path.join(capi.workDir, 'destroy-workload.kubeconfig');
    await writePrivateFile(kubeconfig, text, 'kubeconfig');
    try {
      const workload = (...args: string[]) =>
        context.exec(this.commands.kubectl(kubeconfig, '--request-timeout=30s', ...args), {
          capture: true,
          quiet: true,
          check: false,
        });
      const listed = await workload('get', 'services', '-A', '-o', 'json');
      if (listed.exitCode !== 0) {
        context.warn(
          `the workload cluster's API did not answer (${failureLine(listed)}): its LoadBalancer Services were not deleted first; if the Cluster's deletion stalls, delete their Octavia load balancers (openstack loadbalancer list)`,
        );
        return 'workload API unreachable: Services not checked';
      }
      const services = workloadObjects(listed.stdout).filter((o) => o.spec?.type === 'LoadBalancer');
      const claims = await cinderClaims(workload);
      const names = [
        ...services.map((o) => `Service ${o.metadata?.namespace}/${o.metadata?.name}`),
        ...claims.map((c) => `PersistentVolumeClaim ${c.namespace}/${c.name}`),
      ];
      if (names.length === 0) return 'no LoadBalancer Services or Cinder volumes';
      context.output.line(
        `      deleting first, while the cloud controller manager and the Cinder CSI still run: ${names.join(', ')}`,
      );
      // Every deletion started at once, then one bounded wait for all: a claim a Pod still uses is kept by
      // pvc-protection (kubernetes `pkg/controller/volume/pvcprotection`) and would otherwise hold each its own
      // timeout; it and its Cinder volume stay, and are said.
      for (const service of services) {
        const deleted = await workload(
          'delete',
          'service',
          String(service.metadata?.name),
          '-n',
          String(service.metadata?.namespace),
          '--wait=false',
        );
        if (deleted.exitCode !== 0)
          context.warn(
            `Service ${service.metadata?.namespace}/${service.metadata?.name}: ${failureLine(deleted)}; its Octavia load balancer may keep CAPO from deleting the network`,
          );
      }
      for (const claim of claims)
        await workload('delete', 'persistentvolumeclaim', claim.name, '-n', claim.namespace, '--wait=false');
      const left = await this.waitForWorkloadDeletions(context, workload, names);
      if (left.length > 0) {
        context.warn(
          `still there after ${formatDuration(workloadCleanupMs(context))}: ${left.join(', ')}; the Cluster is deleted anyway: a claim's Cinder volume stays in the project (openstack volume list), a Service's Octavia load balancer may keep CAPO from deleting the network`,
        );
        return `deleted first: ${names.filter((n) => !left.some((l) => l.startsWith(n))).join(', ') || 'none'}; left: ${left.join(', ')}`;
      }
      return `deleted first: ${names.join(', ')}`;
    } finally {
      await fs.rm(kubeconfig, { force: true });
    }
  }

  /**
   * Polls the workload cluster until the Services and claims (and the claims' volumes) are gone, for at most
   * workloadCleanupMs; returns what is left, a claim with the Pods that still use it.
   */
  private async waitForWorkloadDeletions(
    context: StepContext,
    workload: (...args: string[]) => Promise<CommandResult>,
    names: readonly string[],
  ): Promise<string[]> {
    const deadline = Date.now() + workloadCleanupMs(context);
    let left: string[] = [...names];
    for (;;) {
      const listed = await workload(
        'get',
        'services,persistentvolumeclaims,persistentvolumes,pods',
        '-A',
        '-o',
        'json',
      );
      if (listed.exitCode === 0) left = remainingWorkloadObjects(listed.stdout, names);
      if (left.length === 0 || Date.now() >= deadline || context.signal.aborted) return left;
      await sleep(Math.min(context.settings.waitReady.intervalMs, 2_000), context.signal);
    }
  }

  async run(context: StepContext): Promise<string> {
    const { capi, management, credentialsSecret } = this.commands;
    const name = this.settings.clusterName;
    const workloads = await this.deleteCloudResourcesOfWorkloads(context);
    const deletion = await context.exec(this.commands.deleteCluster(), { capture: true, quiet: true, check: false });
    if (deletion.exitCode !== 0) {
      if (!NO_CLUSTER_API.test(deletion.tail.join('\n')))
        throw new UserError(
          `kubectl delete of Cluster ${capi.namespace}/${name} on the management cluster failed: ${failureLine(deletion)}`,
        );
      // No Cluster API there, so no Cluster of ours: a deploy that stopped before clusterctl-init, or the wrong management cluster.
      if (capi.management.kind === 'kind') {
        await context.exec(this.commands.kind('delete', 'cluster', '--name', capi.management.clusterName));
        await fs.rm(management, { force: true });
        return `nothing to delete: kind cluster ${capi.management.clusterName} has no Cluster API installed (no deploy from this state got to clusterctl-init); kind cluster deleted`;
      }
      // Never "destroyed" on a guess: the resume state would be forgotten while the servers stay.
      throw new UserError(
        `the management cluster (${displayPath(management)}, ${capi.management.source}) has no Cluster API installed, so it holds no Cluster ${name}: destroy with the management cluster ${name} was deployed from; if no deploy got as far as clusterctl-init, nothing was created: delete the resume state (${displayPath(runtimePaths(this.settings).statePath)}) instead`,
      );
    }
    await pollObjects(
      context,
      this.commands.watch(management),
      `the deletion of cluster ${name}`,
      (json) => remainingObjects(json, name),
      {
        ms: capi.stallTimeouts.delete,
        onStall: async (last, json) => {
          throw new UserError(
            `${stallMessage(capi, 'delete', last)}${await new CapiWaitStep(this.settings).diagnosis(context, json)}\n  If Octavia load balancers made by the cluster's Services remain (openstack loadbalancer list), CAPO cannot delete the network: delete them, then destroy again`,
          );
        },
      },
    );
    await context.exec(
      this.commands.kubectl(
        management,
        'delete',
        'secret',
        credentialsSecret,
        '-n',
        capi.namespace,
        '--ignore-not-found',
      ),
    );
    if (capi.management.kind === 'kind') {
      await context.exec(this.commands.kind('delete', 'cluster', '--name', capi.management.clusterName));
      await fs.rm(management, { force: true });
    }
    return `${workloads}; Cluster ${capi.namespace}/${name} deleted, Secret ${credentialsSecret} deleted`;
  }
}

/**
 * The whole wait for the workload's Services and claims: a quarter of the readiness timeout, at most 3 minutes,
 * since a claim in use never goes by waiting (the Cluster's deletion needs the rest of the time).
 */
const WORKLOAD_CLEANUP_MAX_MS = 3 * 60_000;
function workloadCleanupBudget(timeoutMs: number): number {
  return Math.min(Math.ceil(timeoutMs / 4), WORKLOAD_CLEANUP_MAX_MS);
}
function workloadCleanupMs(context: StepContext): number {
  return workloadCleanupBudget(context.settings.waitReady.timeoutMs);
}

const WorkloadItemsSchema = z.object({
  items: z.array(
    z
      .object({
        kind: z.string().optional(),
        metadata: z.object({ name: z.string().optional(), namespace: z.string().optional() }).loose().optional(),
        spec: z
          .object({
            claimRef: z.object({ name: z.string(), namespace: z.string() }).loose().optional(),
            volumes: z
              .array(
                z.object({ persistentVolumeClaim: z.object({ claimName: z.string() }).loose().optional() }).loose(),
              )
              .optional(),
          })
          .loose()
          .optional(),
      })
      .loose(),
  ),
});

/** Which of `names` (`Service ns/n`, `PersistentVolumeClaim ns/n`) are still there; a claim with its volume or its Pods. */
function remainingWorkloadObjects(json: string, names: readonly string[]): string[] {
  let items: z.infer<typeof WorkloadItemsSchema>['items'];
  try {
    items = WorkloadItemsSchema.parse(JSON.parse(json)).items;
  } catch {
    return [...names];
  }
  const at = (o: (typeof items)[number]) => `${o.metadata?.namespace}/${o.metadata?.name}`;
  return names.flatMap((name) => {
    const [kind, where] = name.split(' ') as [string, string];
    if (kind === 'Service') return items.some((o) => o.kind === 'Service' && at(o) === where) ? [name] : [];
    const claim = items.some((o) => o.kind === 'PersistentVolumeClaim' && at(o) === where);
    const volume = items.some(
      (o) => o.kind === 'PersistentVolume' && `${o.spec?.claimRef?.namespace}/${o.spec?.claimRef?.name}` === where,
    );
    if (!claim && !volume) return [];
    const [namespace, claimName] = where.split('/');
    const pods = items
      .filter(
        (o) =>
          o.kind === 'Pod' &&
          o.metadata?.namespace === namespace &&
          (o.spec?.volumes ?? []).some((v) => v.persistentVolumeClaim?.claimName === claimName),
      )
      .map((o) => o.metadata?.name);
    return [claim && pods.length > 0 ? `${name} (used by Pod ${pods.join(', ')})` : claim ? name : `${name}'s volume`];
  });
}
