import { failureLine } from '../lib/command.js';
import { InterruptedError, errorMessage } from '../lib/errors.js';
import { pathExists } from '../lib/files.js';
import { poll } from '../lib/poll.js';
import {
  CLOUD_OBJECT_KINDS,
  PVC_PROTECTION_FINALIZER,
  parseCloudObjects,
  remainingAfterDelete,
  type CloudObjects,
} from '../kube/cloud-objects.js';
import { kubectlCommand } from '../kube/nodes.js';
import { inventoryClusterVar } from '../kubespray/inventory-vars.js';
import { kubesprayPaths } from '../kubespray/paths.js';
import { kubectlEnvironment } from '../model/environment.js';
import type { DeploySettings } from '../model/settings.js';
import { skipIf, type Step, type StepContext, type StepDecision, type StepPlan } from '../model/step.js';
import type { DeployState } from '../model/state.js';
import { openStackSession } from '../openstack/keystone.js';
import { KUBESPRAY_DEFAULT_CLUSTER_NAME, deleteLeftover, findLeftovers } from '../openstack/leftovers.js';

/**
 * How long the cleanup waits for the cloud controller and Cinder CSI to delete what the cluster made
 * (Octavia deletes a load balancer in a minute or two; a volume in seconds). Past it, the destroy goes on
 * and the leftovers step lists what stayed.
 */
const CLOUD_CLEANUP_TIMEOUT_MS = 10 * 60_000;

/**
 * destroy, before tofu destroy (Kubespray's way: what the cluster made in the cloud is deleted through the
 * cluster, by the controllers that made it): every LoadBalancer Service and every claim on a Cinder volume,
 * deleted through the API server, then a bounded wait until they and their volumes are gone. A claim a
 * pod mounts stays Terminating while the pod runs (its kubernetes.io/pvc-protection finalizer): it is
 * reported, not waited for. An API that does not answer is reported and the destroy goes on.
 */
export class KubernetesCloudCleanupStep implements Step {
  readonly id = 'kubernetes-cloud-cleanup' as const;
  readonly title = 'Delete the load balancers and volumes the cluster made';
  readonly kind = 'converge' as const;

  constructor(private readonly settings: DeploySettings) {}

  private kubectl(...args: string[]) {
    const s = this.settings;
    return kubectlCommand(s.kubectl, s.kubeconfigPath, s.clusterDir, kubectlEnvironment(s), ...args);
  }

  async plan(): Promise<StepPlan> {
    const command = this.kubectl('get', CLOUD_OBJECT_KINDS, '--all-namespaces', '-o', 'json');
    return {
      workingDir: command.cwd,
      command,
      reads: [this.settings.kubeconfigPath],
      writes: ['LoadBalancer Services and claims on Cinder CSI volumes (deleted; Octavia and Cinder follow)'],
      actions: [
        'kubectl delete --wait=false each LoadBalancer Service and each claim whose volume is Cinder CSI',
        `wait up to ${CLOUD_CLEANUP_TIMEOUT_MS / 60_000} minutes until they and their volumes are gone; a claim a pod mounts is reported, not waited for`,
        'an API that does not answer is reported, and the destroy goes on',
      ],
    };
  }

  /** A resumed destroy past tofu destroy has no cluster left to ask. */
  decide(state: DeployState): StepDecision | undefined {
    return skipIf(
      state.steps['opentofu-destroy']?.status === 'success' ? 'the infrastructure is already destroyed' : undefined,
    );
  }

  private async read(context: StepContext): Promise<CloudObjects | string> {
    const result = await context.exec(this.kubectl('get', CLOUD_OBJECT_KINDS, '--all-namespaces', '-o', 'json'), {
      capture: true,
      quiet: true,
      check: false,
    });
    if (result.exitCode !== 0) return failureLine(result, 'kubectl exited with');
    return parseCloudObjects(result.stdout);
  }

  async run(context: StepContext): Promise<string> {
    if (!(await pathExists(this.settings.kubeconfigPath))) {
      context.warn(
        `no kubeconfig at ${this.settings.kubeconfigPath}: the cluster's load balancers and volumes were not deleted through it; the destroy goes on and lists what is left`,
      );
      return 'no kubeconfig: nothing deleted through the API';
    }
    const found = await this.read(context);
    if (typeof found === 'string') {
      context.warn(
        `the Kubernetes API did not answer (${found}): the cluster's load balancers and volumes were not deleted through it; the destroy goes on and lists what is left`,
      );
      return 'API unreachable: nothing deleted through it';
    }
    const failed: string[] = [];
    const remove = async (kind: string, namespace: string, name: string) => {
      const result = await context.exec(
        this.kubectl('delete', kind, '--namespace', namespace, name, '--wait=false', '--ignore-not-found'),
        { capture: true, quiet: true, check: false },
      );
      if (result.exitCode !== 0)
        failed.push(`${kind} ${namespace}/${name}: ${failureLine(result, 'kubectl exited with')}`);
    };
    for (const service of found.loadBalancers) await remove('service', service.namespace, service.name);
    for (const claim of found.claims) await remove('persistentvolumeclaim', claim.namespace, claim.name);
    const inUse = found.claims.filter((claim) => claim.usedBy.length);
    for (const claim of inUse)
      context.warn(
        `claim ${claim.namespace}/${claim.name} is mounted by ${claim.usedBy.join(', ')}: its ${PVC_PROTECTION_FINALIZER} finalizer keeps it Terminating until no pod uses it, so its volume${claim.volume ? ` ${claim.volume}` : ''} stays; not waited for (the leftovers are listed after the destroy)`,
      );
    for (const failure of failed) context.warn(`could not delete ${failure}`);
    const awaited = { loadBalancers: found.loadBalancers, claims: found.claims.filter((c) => !c.usedBy.length) };
    const summary = `${found.loadBalancers.length} LoadBalancer Service${found.loadBalancers.length === 1 ? '' : 's'} and ${found.claims.length} Cinder claim${found.claims.length === 1 ? '' : 's'} deleted`;
    if (!awaited.loadBalancers.length && !awaited.claims.length)
      return `${summary}${inUse.length ? `, ${inUse.length} in use` : ''}`;
    try {
      await poll(
        async () => {
          const now = await this.read(context);
          if (typeof now === 'string') return { done: false, line: `      the API did not answer: ${now}` };
          const left = remainingAfterDelete(awaited, now);
          return left.length ? { done: false, line: `      waiting for ${left.join(', ')}` } : { done: true, value: 0 };
        },
        {
          timeoutMs: CLOUD_CLEANUP_TIMEOUT_MS,
          intervalMs: this.settings.waitReady.intervalMs,
          signal: context.signal,
          onLine: (line) => context.output.line(line),
          timeoutError: (last) => new Error(last.trim()),
        },
      );
    } catch (error) {
      if (error instanceof InterruptedError) throw error;
      context.warn(
        `after ${CLOUD_CLEANUP_TIMEOUT_MS / 60_000} minutes, ${errorMessage(error)} (is the cloud controller or Cinder CSI running?); the destroy goes on and lists what is left`,
      );
      return `${summary}; not all gone`;
    }
    return `${summary}, gone${inUse.length ? `; ${inUse.length} in use, left Terminating` : ''}`;
  }
}

/** Kubespray's cluster_name as the inventory and its group_vars set it, if they do (a missing or broken one: none). */
export async function kubesprayClusterName(settings: DeploySettings): Promise<string | undefined> {
  const [named] = await inventoryClusterVar(kubesprayPaths(settings).inventory, 'cluster_name').catch(() => []);
  return named?.value;
}

/**
 * destroy, after tofu destroy: the load balancers and volumes still marked for the cluster in Octavia and
 * Cinder (openstack/leftovers.ts), listed; with --delete-leftovers, deleted. Kubespray's cluster_name marks
 * them, so with its default (shared by every cluster of the project that keeps it) nothing is deleted.
 */
export class OpenStackLeftoversStep implements Step {
  readonly id = 'openstack-leftovers' as const;
  readonly title = 'List what the cluster left in Octavia and Cinder';
  readonly kind = 'check' as const;

  /**
   * `clusterName`: Kubespray's cluster_name, read when the steps are made. The inventory and group_vars are files the
   * OpenTofu code writes, so `tofu destroy` has removed them by the time this step runs.
   */
  constructor(
    private readonly settings: DeploySettings,
    private readonly clusterName: string | undefined,
  ) {}

  async plan(): Promise<StepPlan> {
    return {
      workingDir: this.settings.clusterDir,
      reads: [
        'Octavia load balancers named or tagged kube_service_<cluster_name>_*',
        'Cinder volumes with cinder.csi.openstack.org/cluster=<cluster_name>',
      ],
      writes: this.settings.deleteCloudLeftovers ? ['those load balancers and volumes (deleted)'] : [],
      actions: [
        `cluster_name from the inventory's group_vars (Kubespray's default ${KUBESPRAY_DEFAULT_CLUSTER_NAME})`,
        this.settings.deleteCloudLeftovers
          ? 'delete each (Octavia with cascade), unless cluster_name is the default'
          : 'list them (--delete-leftovers deletes them)',
      ],
    };
  }

  async run(context: StepContext): Promise<string> {
    if (!this.settings.authCheck.enabled) {
      context.warn(
        'the OpenStack calls are off (--skip-auth-check): what the cluster left in Octavia and Cinder was not looked for',
      );
      return 'not looked for';
    }
    const clusterName = this.clusterName ?? KUBESPRAY_DEFAULT_CLUSTER_NAME;
    const session = await openStackSession(this.settings.credentials, {
      timeoutMs: this.settings.authCheck.timeoutMs,
      requiredServices: [],
    });
    const leftovers = await findLeftovers(session, clusterName);
    if (!leftovers.length) return `nothing left in Octavia or Cinder for cluster_name ${clusterName}`;
    const listed = leftovers.map((l) => `${l.kind} ${l.name || '(no name)'} (${l.id})`);
    if (!this.settings.deleteCloudLeftovers) {
      context.warn(
        `left in OpenStack for cluster_name ${clusterName}: ${listed.join(', ')}; delete them, or destroy again with --delete-leftovers`,
      );
      return `${leftovers.length} left, listed`;
    }
    if (clusterName === KUBESPRAY_DEFAULT_CLUSTER_NAME) {
      context.warn(
        `not deleted: ${listed.join(', ')} carry Kubespray's default cluster_name ${KUBESPRAY_DEFAULT_CLUSTER_NAME}, which every cluster of the project that keeps the default shares; check and delete them by hand`,
      );
      return `${leftovers.length} left, not deleted (default cluster_name)`;
    }
    const failed: string[] = [];
    for (const [index, leftover] of leftovers.entries()) {
      const why = await deleteLeftover(session, leftover);
      if (why) failed.push(`${listed[index]}: ${why}`);
    }
    if (failed.length) context.warn(`could not delete ${failed.join('; ')}`);
    return `${leftovers.length - failed.length} of ${leftovers.length} left deleted`;
  }
}
