import { capiProgress, CLUSTER_NAME_LABEL, parseCapiObjects, type WaitPhase } from '../../capi/status.js';
import { renderedManifests, type ClusterApiSettings } from '../../model/cluster-api.js';
import type { CommandSpec } from '../../lib/command.js';
import { formatDuration } from '../../lib/duration.js';
import { UserError } from '../../lib/errors.js';
import { displayPath, pathExists, readTextFile } from '../../lib/files.js';
import type { DeploySettings } from '../../model/settings.js';
import type { DeployState } from '../../model/state.js';
import { skipIf, type Step, type StepContext, type StepDecision, type StepPlan } from '../../model/step.js';
import { CapiCommands } from '../../capi/management.js';
import { diagnose, type ErroredServer, erroredServers, type RenderedValues } from '../../capi/diagnose.js';
import { readServerFaults } from '../../openstack/server-faults.js';
import { MANIFESTS_FILE, manifestObjects } from '../../capi/manifests.js';
import {
  MachineFailedError,
  pivotInProgress,
  pollObjects,
  stallLimitsText,
  stallMessage,
  waitTimeout,
} from './shared.js';

/** The phases capi-wait tells apart (capiProgress), each with its stall limit. */
const WAIT_PHASES: readonly WaitPhase[] = [
  'infrastructure',
  'first_control_plane',
  'control_plane',
  'workers',
  'rollout',
];

/** A fresh deploy passes the first four phases one after the other; a re-deploy only rolls out. */
function waitBudget(limits: Readonly<Record<WaitPhase, number>>): number {
  const build = limits.infrastructure + limits.first_control_plane + limits.control_plane + limits.workers;
  return Math.max(build, limits.rollout);
}

/** The machine template types whose names carry a hash of their spec. */
const TEMPLATE_TYPES = [
  'openstackmachinetemplates.infrastructure.cluster.x-k8s.io',
  'kubeadmconfigtemplates.bootstrap.cluster.x-k8s.io',
];

/** CAPO's manager, where clusterctl init puts it (the provider inventory's namespace for infrastructure-openstack). */
const CAPO_NAMESPACE = 'capo-system';
const CAPO_MANAGER = 'capo-controller-manager';

/** The values the deploy rendered into the template, to name the field a CAPO message is about. */
function renderedValues(capi: ClusterApiSettings, cluster: string): RenderedValues {
  return {
    namespace: capi.namespace,
    cluster,
    controlPlaneFlavor: capi.variables.OPENSTACK_CONTROL_PLANE_MACHINE_FLAVOR,
    nodeFlavor: capi.variables.OPENSTACK_NODE_MACHINE_FLAVOR,
    image: capi.variables.OPENSTACK_IMAGE_NAME,
    cloud: capi.cloudName,
    externalNetworkId: capi.variables.OPENSTACK_EXTERNAL_NETWORK_ID,
  };
}

/**
 * What Nova says of the servers CAPO found in ERROR: their faults, one line each; what kept Nova from answering is
 * said with the command that shows the fault. No live call with --skip-auth-check.
 */
async function novaFaultLines(settings: DeploySettings, servers: readonly ErroredServer[]): Promise<string[]> {
  if (servers.length === 0) return [];
  const answers = settings.authCheck.enabled
    ? await readServerFaults(
        settings.credentials,
        servers.map((s) => s.id),
        { timeoutMs: settings.authCheck.timeoutMs },
      )
    : { servers: [], note: 'Nova not asked (--skip-auth-check: no live OpenStack calls)' };
  return servers.map((server) => {
    const answer = answers.servers.find((a) => a.id === server.id);
    const subject = `server ${server.name} (${server.id})`;
    if (answer?.fault) {
      const { code, created, message } = answer.fault;
      return `${subject} is ${answer.status ?? 'ERROR'}, fault${code !== undefined ? ` ${code}` : ''}${created ? ` at ${created}` : ''}: ${message}`;
    }
    if (answer?.status) return `${subject} is ${answer.status} with no fault recorded`;
    const why = answer?.note ?? answers.note ?? 'Nova not asked';
    return `${subject} is in ERROR and CAPO keeps no message; ${why}; see \`openstack server show ${server.id} -c fault\``;
  });
}

/**
 * Waits until the Cluster's infrastructure is ready, its control plane initialized and every machine
 * running. A Machine, OpenStackMachine or OpenStackServer that fails stops the wait at once with
 * CAPO's message. Nodes turn Ready only after capi-addons (CNI, cloud controller manager).
 */
export class CapiWaitStep implements Step {
  readonly id = 'capi-wait' as const;
  readonly title = 'Wait for the Cluster API machines';
  readonly kind = 'check' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  async plan(): Promise<StepPlan> {
    const { capi } = this.commands;
    return {
      workingDir: this.commands.cwd,
      command: this.commands.watch(this.commands.management),
      reads: [this.commands.management],
      writes: [],
      actions: [
        `poll until InfrastructureReady and ControlPlaneInitialized, ${capi.controlPlaneMachineCount} control plane and ${capi.workerMachineCount} worker machines Running; a failed machine (CAPO's InstanceCreateFailed, a failureMessage) fails at once, quoting CAPO's log, Events and conditions and, for a server in ERROR, Nova's fault (GET /servers/{id}${this.settings.authCheck.enabled ? '' : ': not with --skip-auth-check'}); timeout ${formatDuration(waitTimeout(this.settings, waitBudget(capi.stallTimeouts)))} (--timeout, or the phases' limits together when longer)`,
        `no progress within a phase for its limit fails the same way: ${stallLimitsText(capi, WAIT_PHASES)}`,
      ],
    };
  }

  decide(state: DeployState): StepDecision | undefined {
    return skipIf(pivotInProgress(state, this.commands));
  }

  async run(context: StepContext): Promise<string> {
    const { capi, management } = this.commands;
    const name = this.settings.clusterName;
    // The phase of the last look decides the stall limit: each phase takes as long as it takes without a count moving.
    let phase: WaitPhase = 'infrastructure';
    try {
      const line = await pollObjects(
        context,
        this.commands.watch(management),
        `cluster ${name}`,
        (json) => {
          const progress = capiProgress(parseCapiObjects(json), name);
          if (progress.failure) throw new MachineFailedError(progress.failure, json);
          phase = progress.phase;
          return progress;
        },
        {
          ms: () => capi.stallTimeouts[phase],
          budgetMs: waitBudget(capi.stallTimeouts),
          onStall: async (last, json) => {
            throw new UserError(`${stallMessage(capi, phase, last)}${await this.diagnosis(context, json)}`);
          },
        },
      );
      const removed = await this.removeOldTemplates(context);
      return removed.length > 0 ? `${line}; old templates deleted: ${removed.join(', ')}` : line;
    } catch (error) {
      const failed =
        error instanceof MachineFailedError
          ? new UserError(`a machine failed: ${error.message}${await this.diagnosis(context, error.json)}`)
          : error;
      // The deletion of what CAPO made, before the pivot: cleanup.ts cleaningUpBeforePivot, around this step.
      throw failed;
    }
  }

  /**
   * Machine templates of this cluster that the rendered manifests no longer name (a changed spec got a new name):
   * deleted once every machine is up to date, so none of them is in use.
   */
  async removeOldTemplates(context: StepContext): Promise<string[]> {
    const { capi, management } = this.commands;
    const file = renderedManifests(capi);
    if (!(await pathExists(file))) return [];
    const current = new Set(
      manifestObjects(readTextFile(file, MANIFESTS_FILE), displayPath(file)).map((o) => `${o.kind}/${o.name}`),
    );
    const listed = await context.exec(
      this.commands.kubectl(
        management,
        'get',
        TEMPLATE_TYPES.join(','),
        '-n',
        capi.namespace,
        '-l',
        `${CLUSTER_NAME_LABEL}=${this.settings.clusterName}`,
        '-o',
        'json',
      ),
      { capture: true, quiet: true, check: false },
    );
    if (listed.exitCode !== 0) return [];
    const removed: string[] = [];
    for (const object of parseCapiObjects(listed.stdout)) {
      if (current.has(`${object.kind}/${object.metadata.name}`)) continue;
      const type = TEMPLATE_TYPES.find((t) => t.startsWith(`${object.kind.toLowerCase()}s.`));
      if (!type) continue;
      const deleted = await context.exec(
        this.commands.kubectl(
          management,
          'delete',
          type,
          object.metadata.name,
          '-n',
          capi.namespace,
          '--ignore-not-found',
        ),
        { capture: true, quiet: true, check: false },
      );
      if (deleted.exitCode === 0) removed.push(`${object.kind} ${object.metadata.name}`);
    }
    return removed;
  }

  /** What CAPO left about the cluster (its log, Warning Events, error conditions) and the config field to fix. */
  async diagnosis(context: StepContext, objectsJson: string): Promise<string> {
    const { capi, management } = this.commands;
    const capture = async (spec: CommandSpec) => {
      const result = await context.exec(spec, { capture: true, quiet: true, check: false });
      return result.exitCode === 0 ? result.stdout : '';
    };
    const sinceSeconds = Math.ceil(context.settings.waitReady.timeoutMs / 1000) + 600;
    const [log, eventsJson] = await Promise.all([
      capture(
        this.commands.kubectl(
          management,
          'logs',
          '-n',
          CAPO_NAMESPACE,
          `deployment/${CAPO_MANAGER}`,
          '--tail=2000',
          `--since=${sinceSeconds}s`,
        ),
      ),
      capture(this.commands.kubectl(management, 'get', 'events', '-n', capi.namespace, '-o', 'json')),
    ]);
    const nova = await novaFaultLines(this.settings, erroredServers(objectsJson, this.settings.clusterName));
    const found = diagnose(renderedValues(capi, this.settings.clusterName), { log, eventsJson, objectsJson, nova });
    const lines = [
      ...found.nova.map((line) => `\n  Nova: ${line}`),
      ...found.evidence.slice(0, 10).map((line) => `\n  CAPO: ${line}`),
      ...found.advice.map((advice) => `\n  Fix: ${advice}`),
    ];
    if (lines.length === 0)
      return `\n  CAPO reported nothing about it (no error in its log, no Warning Event, no error condition): look at \`kubectl logs -n ${CAPO_NAMESPACE} deployment/${CAPO_MANAGER}\` on the management cluster`;
    return lines.join('');
  }
}
