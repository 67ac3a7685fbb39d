import { CLUSTER_NAME_LABEL, parseCapiObjects } from '../../capi/status.js';
import type { CommandSpec } from '../../lib/command.js';
import { formatDuration } from '../../lib/duration.js';
import { InterruptedError, UserError } from '../../lib/errors.js';
import type { Step, StepContext } from '../../model/step.js';
import { CapiCommands } from '../../capi/management.js';
import type { DeploySettings } from '../../model/settings.js';
import { failureLine } from '../../lib/command.js';

/** How long an interrupted run may spend starting the cleanup: a cancelled GitHub job gets seconds, not minutes. */
const INTERRUPTED_CLEANUP_MS = 5_000;

/**
 * Deletes the Cluster (never the manifests) and waits for CAPO to delete what it made, with progress; returns the
 * error to end the step with: the original one, saying what the cleanup did. Interrupted, it only has seconds
 * (GitHub gives a cancelled job about 10 s before it kills it): it starts the deletion, waits what it can, and
 * says what may be left.
 */
async function cleanUpUnmanaged(
  context: StepContext,
  commands: CapiCommands,
  name: string,
  failure: unknown,
): Promise<Error> {
  const interrupted = failure instanceof InterruptedError || context.signal.aborted;
  const original = failure instanceof Error ? failure : new Error(String(failure));
  const budget = interrupted ? INTERRUPTED_CLEANUP_MS : context.settings.waitReady.timeoutMs;
  const signal = AbortSignal.timeout(budget);
  const exec = (spec: CommandSpec) => context.exec(spec, { capture: true, quiet: true, check: false, signal });
  context.output.line(
    `      the kind management cluster dies with this runner: deleting Cluster ${commands.capi.namespace}/${name} so CAPO removes its servers, network, router and load balancers (up to ${formatDuration(budget)})`,
  );
  const deletion = await exec(commands.deleteCluster());
  let gone = false;
  let last = '';
  if (deletion.exitCode === 0 || /NotFound|not found/.test(deletion.tail.join('\n'))) {
    while (!signal.aborted) {
      const listed = await exec(commands.watch(commands.management));
      if (listed.exitCode === 0) {
        const left = remainingObjects(listed.stdout, name);
        if (left.line !== last) context.output.line(`      ${left.line}`);
        last = left.line;
        if (left.done) {
          gone = true;
          break;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(1000, context.settings.waitReady.intervalMs)));
    }
  }
  const what = gone
    ? 'the Cluster was deleted and CAPO removed what it had made in the cloud; fix the cause and deploy again'
    : `the cleanup did not finish (${last || failureLine(deletion)}): servers, the network, router and load balancers named k8s-clusterapi-cluster-${commands.capi.namespace}-${name}* may be left in the cloud with nothing managing them; delete them (openstack server/router/network/loadbalancer delete) before deploying again`;
  // On a line of its own: after a diagnosis it would read as part of the last "Fix:" line.
  const message = interrupted ? what : `${original.message}\n  Cleanup: ${what}`;
  return interrupted ? new InterruptedError(message) : new UserError(message);
}

/** What of the Cluster is left while it is deleted: machines, servers, the Cluster itself. */
export function remainingObjects(json: string, name: string): { line: string; done: boolean } {
  const objects = parseCapiObjects(json);
  const left = (kind: string) =>
    objects.filter(
      (o) =>
        o.kind === kind &&
        (o.metadata.labels?.[CLUSTER_NAME_LABEL] === name || (kind === 'Cluster' && o.metadata.name === name)),
    ).length;
  const machines = left('Machine');
  const servers = left('OpenStackServer');
  const cluster = left('Cluster');
  // CAPI removes the Cluster after everything it owns; waiting for all three keeps that true here too.
  return {
    line: `deleting: ${machines} machines, ${servers} servers left${cluster ? '' : ', Cluster gone'}`,
    done: cluster + machines + servers === 0,
  };
}

/**
 * Before the pivot a kind management cluster dies with this runner, and with it whatever would manage the servers,
 * network, router and load balancers CAPO made: so a step from capi-apply to capi-pivot that fails deletes the
 * Cluster (CAPO deletes what it made) and says so. Never once the pivot is done: the cluster manages itself, and
 * deleting it would delete a running cluster. Only a deploy: an upgrade with kind needs a pivoted cluster, a
 * destroy deletes anyway.
 */
export function cleaningUpBeforePivot(step: Step, settings: DeploySettings): Step {
  if (settings.operation !== 'deploy' || settings.clusterApi?.management.kind !== 'kind') return step;
  const commands = new CapiCommands(settings);
  const wrapped: Step = Object.create(step);
  wrapped.run = async (context: StepContext) => {
    try {
      return await step.run(context);
    } catch (error) {
      if (context.state.clusterApi?.pivotedAt || error instanceof KeepClusterError) throw error;
      throw await cleanUpUnmanaged(context, commands, settings.clusterName, error);
    }
  };
  return wrapped;
}

/** A failure after which the Cluster must stay where it is (a move that may have begun): no cleanup. */
export class KeepClusterError extends UserError {}
