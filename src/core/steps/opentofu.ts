import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CommandFailedError, commandName } from '../lib/command.js';
import { UserError } from '../lib/errors.js';
import { pathExists } from '../lib/files.js';
import {
  describeNodeDecisions,
  mergeNodeWork,
  pendingForNextPlan,
  plannedNodeChanges,
  predictedPlaybook,
} from '../kubespray/node-changes.js';
import { clusterId, runtimePaths, type DeploySettings } from '../model/settings.js';
import { requireLocalTofuState, requireSomethingToDestroy } from '../tofu/state-guard.js';
import { changeCounts, readPlanJson, summarizeChanges, tofuCounts } from '../tofu/plan-json.js';
import { checkPlannedKubeVersion } from '../tofu/kube-version.js';
import type { ChangeAction, PlanChanges } from '../model/changes.js';
import { kubesprayPaths } from '../kubespray/paths.js';
import { deployPlanFile, stripFound, TOFU_LOCK_FILE, TofuCommands, tofuInitArgs } from '../tofu/commands.js';
import type { Step, StepContext, StepPlan } from '../model/step.js';
import { appliesWithoutDraining, planNodeWork, undrainedNodes } from '../kubespray/node-plan.js';

export class OpenTofuInitStep implements Step {
  readonly id = 'opentofu-init' as const;
  readonly title = 'Initialize OpenTofu';
  readonly kind = 'runner-local' as const;
  private readonly tofu: TofuCommands;

  constructor(private readonly settings: DeploySettings) {
    this.tofu = new TofuCommands(settings);
  }

  async plan(): Promise<StepPlan> {
    const args = await tofuInitArgs(this.settings);
    const command = stripFound(await this.tofu.get(...args));
    const lockFile = path.join(this.settings.clusterDir, TOFU_LOCK_FILE);
    const locked = args.includes('-lockfile=readonly');
    return {
      workingDir: command.cwd,
      command,
      reads: [path.join(this.settings.clusterDir, '*.tf'), ...(locked ? [lockFile] : [])],
      writes: [path.join(this.settings.clusterDir, '.terraform/'), ...(locked ? [] : [lockFile])],
    };
  }

  async outputsPresent(): Promise<boolean> {
    return pathExists(path.join(this.settings.clusterDir, '.terraform'));
  }

  async run(context: StepContext): Promise<void> {
    await this.tofu.run(context, await tofuInitArgs(this.settings));
  }
}

/**
 * `tofu plan -out`, then the node changes read from that very plan (`tofu show -json`): nodes to
 * drain and remove before the apply, nodes Kubespray installs after it. Refuses, before anything
 * changes, a plan that would break etcd quorum or remove every control plane node.
 */
export class OpenTofuPlanStep implements Step {
  readonly id = 'opentofu-plan' as const;
  readonly title = 'Plan the OpenTofu changes';
  readonly kind = 'check' as const;
  readonly preparesFor = 'opentofu-apply' as const;
  private readonly tofu: TofuCommands;

  constructor(private readonly settings: DeploySettings) {
    this.tofu = new TofuCommands(settings);
  }

  private get planArgs(): string[] | undefined {
    // A reviewed saved plan is read, not made again.
    return this.settings.opentofu.savedPlan
      ? undefined
      : ['plan', '-input=false', `-out=${deployPlanFile(this.settings)}`];
  }

  async plan(): Promise<StepPlan> {
    const args = this.planArgs ?? ['show', '-json', deployPlanFile(this.settings)];
    const command = stripFound(await this.tofu.get(...args));
    const actions = [
      ...(this.planArgs
        ? []
        : [`read the reviewed saved plan from ${this.settings.opentofu.savedPlan!.source} instead of planning anew`]),
      ...(this.settings.kubespray
        ? [
            `read the node changes from the plan (${this.settings.nodeResource.type} resources, named by ${this.settings.nodeResource.nameAttribute}) against ${kubesprayPaths(this.settings).inventory}`,
            'refuse a plan that rebuilds, resizes or power-cycles running nodes in place (image, flavor, power_state): replace-nodes replaces them one at a time',
            "refuse, on a cluster that exists, a plan whose module call puts a new node first in control_plane.names (Kubespray's first control plane and etcd host): new nodes go at the end",
            'refuse a plan that replaces, under the same names, more than one control-plane or etcd node or more workers than a batch (upgrade_batch_size, default 20%): replace-nodes replaces them one at a time',
            "refuse a plan that moves a running node's address (its port's fixed_ip) or the API's (its load balancer or VIP port replaced)",
            'refuse a plan that removes half or more of the etcd members, every control plane node, or the first control plane or etcd host' +
              (this.settings.allowUnsafeNodeRemoval ? ' — OVERRIDDEN: allow-unsafe-node-removal is set' : ''),
          ]
        : []),
    ];
    return {
      workingDir: command.cwd,
      command,
      reads: [path.join(this.settings.clusterDir, '*.tf')],
      writes: [deployPlanFile(this.settings)],
      actions,
    };
  }

  async run(context: StepContext): Promise<string> {
    // A plan this run refuses must leave no digest behind: the engine saves the failed state, and
    // `--from-step opentofu-apply` would apply whatever plan carries it.
    context.state.planDigest = undefined;
    const reviewed = this.settings.opentofu.reviewedNoApply;
    if (reviewed)
      throw new UserError(
        `the plan job recorded "${reviewed.reason}" in ${reviewed.source}, but this deploy would plan and apply now (the state changed since); require-saved-plan applies only a reviewed plan: run the workflow again to plan and review anew`,
      );
    const planFile = deployPlanFile(this.settings);
    if (this.planArgs) {
      await fs.rm(planFile, { force: true }); // a plan left by an interrupted run must not be applied
      await this.tofu.run(context, this.planArgs);
      await fs.chmod(planFile, 0o600); // tofu writes it with the umask's mode; it holds every value in plain text
    }
    const document = await readPlanJson(planFile, (args, options) => this.tofu.run(context, args, options));
    // Recorded in the state only once every check below passed.
    const digest = await fileDigest(planFile);
    const summary = changeCounts(summarizeChanges(document));
    if (!this.settings.kubespray) {
      context.state.planDigest = digest;
      return summary;
    }
    checkPlannedKubeVersion(document, {
      version: this.settings.kubernetesVersion,
      configPath: this.settings.configPath,
      clusterDir: this.settings.clusterDir,
    });

    const { planned, work, inventory, warnings, refused } = planNodeWork(
      this.settings,
      plannedNodeChanges(document, this.settings.nodeResource),
    );
    if (refused) throw new UserError(refused);
    for (const warning of warnings) context.warn(warning);
    const unsafe = warnings.filter((w) => w.startsWith('UNSAFE:'));
    // Kept without the prefix: describeNodeDecisions adds it once ("UNSAFE: UNSAFE: …" before).
    if (unsafe.length) work.unsafeOverride = unsafe.map((w) => w.replace(/^UNSAFE:\s*/, '')).join(' ');
    // A resumed deploy that plans again adds to the work still pending; it never forgets what happened. The work of a
    // plan that changed nothing is none (kubespray-ansible-playbook, skipped for it, leaves it in the state).
    const pendingWork = context.state.nodeWork?.empty ? undefined : context.state.nodeWork;
    const removed = pendingWork?.removed ?? [];
    const carried = pendingForNextPlan(pendingWork, removed, planned);
    for (const node of carried.reinstall)
      context.output.line(
        `      ${node} was drained and removed for an earlier plan, but this plan keeps its server: Kubespray installs it again`,
      );
    const pending = mergeNodeWork(carried.pending, work);
    const stillRemoved = removed.filter((node) => !carried.reinstall.includes(node));
    context.state.nodeWork = { ...pending, ...(stillRemoved.length && { removed: stillRemoved }) };
    // Said now rather than after the venv is built: the apply would refuse it (see undrainedNodes).
    if (appliesWithoutDraining(context.selected)) refuseUndrained(context.state);
    context.state.planDigest = digest;
    return `${summary}; ${describeNodeDecisions(pending, predictedPlaybook(pending, inventory))}`;
  }
}

async function fileDigest(file: string): Promise<string> {
  return createHash('sha256')
    .update(await fs.readFile(file))
    .digest('hex');
}

/**
 * An apply that deletes servers before Kubespray drained and removed their nodes leaves NotReady
 * nodes behind, and removing etcd members that way can break quorum: refused, naming the nodes.
 */
function refuseUndrained(state: StepContext['state']): void {
  const undrained = undrainedNodes(state.nodeWork);
  if (undrained.length === 0) return;
  throw new UserError(
    `the plan deletes nodes ${undrained.join(', ')}, which kubespray-remove-nodes has not drained and removed yet; ` +
      'run the whole deploy (the root action, or the CLI without --step), which removes them before the apply',
  );
}

export class OpenTofuApplyStep implements Step {
  readonly id = 'opentofu-apply' as const;
  readonly title = 'Apply OpenTofu infrastructure';
  readonly kind = 'remote' as const;
  private readonly tofu: TofuCommands;

  constructor(private readonly settings: DeploySettings) {
    this.tofu = new TofuCommands(settings);
  }

  /** Exactly the plan opentofu-plan made (or the reviewed saved plan): what was analysed is what is applied. */
  private get args(): string[] {
    return ['apply', '-input=false', deployPlanFile(this.settings)];
  }

  async plan(): Promise<StepPlan> {
    const command = stripFound(await this.tofu.get(...this.args));
    const writes = ['OpenStack resources'];
    if (this.settings.opentofu.backend === 'local')
      writes.push(path.join(this.settings.clusterDir, 'terraform.tfstate'));
    return { workingDir: command.cwd, command, reads: [deployPlanFile(this.settings)], writes };
  }

  async run(context: StepContext): Promise<void> {
    const planFile = deployPlanFile(this.settings);
    if (!(await pathExists(planFile))) {
      throw new UserError(
        `no plan to apply at ${planFile}: opentofu-apply applies the plan opentofu-plan makes; run from that step (--from-step opentofu-plan)`,
      );
    }
    // Only the plan whose node changes opentofu-plan read: not one `plan --tofu-plan` left, nor one made since.
    if (context.state.planDigest !== (await fileDigest(planFile))) {
      throw new UserError(
        `the plan at ${planFile} is not the one opentofu-plan checked for node changes in this deploy; run from that step (--from-step opentofu-plan)`,
      );
    }
    if (this.settings.kubespray) refuseUndrained(context.state);
    try {
      await this.tofu.run(context, this.args);
    } catch (error) {
      throw error instanceof CommandFailedError ? this.explain(error) : error;
    }
    context.state.planDigest = undefined; // applied: it is spent
  }

  /** tofu refuses a saved plan once the state has moved on; say what that means for the user. */
  private explain(error: CommandFailedError): Error {
    const saved = this.settings.opentofu.savedPlan;
    if (!error.result.tail.some((line) => /Saved plan is stale/i.test(line))) return error;
    if (!saved) {
      return new UserError(
        'tofu refused the plan as stale: the infrastructure state changed after opentofu-plan made it (another apply ran); run the deploy again to plan anew',
      );
    }
    return new UserError(
      `the saved plan from ${saved.source} is stale: the infrastructure state changed after that plan was made (another apply ran), ` +
        'so tofu refused it and changed nothing. Make a new plan, review it, and deploy with the new plan artifact; or deploy without plan-artifact to plan and apply in one go.',
    );
  }
}

/**
 * An earlier attempt of this destroy was cut off in this step (kill -9, SIGINT): its tofu may have
 * destroyed everything before it stopped, so an empty state now is this destroy's own work, not a
 * state that was never the deploy's. (The current attempt is the last one in the history.)
 */
/** destroy: `tofu plan -destroy -out`, then that plan applied, so what is shown is what is destroyed. */
export class OpenTofuDestroyStep implements Step {
  readonly id = 'opentofu-destroy' as const;
  readonly title = 'Destroy the OpenTofu infrastructure';
  readonly kind = 'remote' as const;
  private readonly tofu: TofuCommands;

  constructor(private readonly settings: DeploySettings) {
    this.tofu = new TofuCommands(settings);
  }

  private get planFile(): string {
    return runtimePaths(this.settings).planPath;
  }

  async plan(): Promise<StepPlan> {
    const command = stripFound(await this.tofu.get('plan', '-destroy', '-input=false', `-out=${this.planFile}`));
    const apply = stripFound(await this.tofu.get('apply', '-input=false', this.planFile));
    return {
      workingDir: command.cwd,
      command,
      reads: [path.join(this.settings.clusterDir, '*.tf')],
      writes: ['OpenStack resources (all of them deleted)'],
      actions: [`then apply that destroy plan: ${apply.argv.join(' ')}`],
    };
  }

  async run(context: StepContext): Promise<string> {
    await requireLocalTofuState(this.settings.clusterDir, this.id);
    await fs.rm(this.planFile, { force: true });
    await this.tofu.run(context, ['plan', '-destroy', '-input=false', `-out=${this.planFile}`]);
    await fs.chmod(this.planFile, 0o600);
    const document = await readPlanJson(this.planFile, (args, options) => this.tofu.run(context, args, options));
    const { toDestroy } = tofuCounts(summarizeChanges(document));
    try {
      await requireSomethingToDestroy(this.settings.clusterDir, clusterId(this.settings), toDestroy, context.state);
    } catch (error) {
      await fs.rm(this.planFile, { force: true });
      throw error;
    }
    await this.tofu.run(context, ['apply', '-input=false', this.planFile]);
    await fs.rm(this.planFile, { force: true });
    return `${toDestroy} resource${toDestroy === 1 ? '' : 's'} destroyed`;
  }
}

/**
 * How long the drift plan waits for tofu's state lock: a deploy holds it through its apply, and a
 * scheduled check that gives up says so rather than queueing behind it for an hour.
 */
const DRIFT_LOCK_TIMEOUT = '2m';

const DRIFT_VERB: Record<ChangeAction, string> = {
  create: 'create',
  update: 'update in place',
  destroy: 'destroy',
  replace: 'replace',
};

/** Files the OpenTofu code writes on the machine that applied it (an inventory, say): absent on a fresh runner. */
const RUNNER_LOCAL_FILE_TYPES = new Set(['local_file', 'local_sensitive_file']);
const ResourceTypesSchema = z.object({
  resource_changes: z
    .array(
      z.object({
        address: z.string(),
        type: z.string().optional(),
        change: z.object({ actions: z.array(z.string()) }),
      }),
    )
    .default([]),
});

/**
 * A `local_file` the plan would only create is missing from this runner, not from the cloud: the
 * deploy wrote it on another machine. Counting it as drift would open a health issue on every
 * scheduled check; a changed one (update, replace) is still drift.
 */
export function withoutMissingLocalFiles(
  planJson: unknown,
  changes: PlanChanges,
): { changes: PlanChanges; missing: string[] } {
  const parsed = ResourceTypesSchema.safeParse(planJson);
  if (!parsed.success) return { changes, missing: [] };
  const missing = new Set(
    parsed.data.resource_changes
      .filter(
        (r) =>
          RUNNER_LOCAL_FILE_TYPES.has(r.type ?? '') &&
          r.change.actions.length === 1 &&
          r.change.actions[0] === 'create',
      )
      .map((r) => r.address),
  );
  if (missing.size === 0) return { changes, missing: [] };
  return {
    changes: {
      ...changes,
      add: changes.add - missing.size,
      rows: changes.rows.filter((row) => !missing.has(row.address)),
    },
    missing: [...missing],
  };
}

/**
 * check: `tofu plan -detailed-exitcode` into a private plan file of its own (never the deploy's, nor
 * its digest), read with `tofu show -json` for the changed addresses, then deleted. Nothing is applied.
 */
export class OpenTofuDriftStep implements Step {
  readonly id = 'opentofu-drift' as const;
  readonly title = 'Compare the infrastructure with the OpenTofu code';
  readonly kind = 'check' as const;
  private readonly tofu: TofuCommands;

  constructor(private readonly settings: DeploySettings) {
    this.tofu = new TofuCommands(settings);
  }

  private get planFile(): string {
    return runtimePaths(this.settings).driftPlanPath;
  }

  private get args(): string[] {
    return [
      'plan',
      '-input=false',
      '-detailed-exitcode',
      `-lock-timeout=${DRIFT_LOCK_TIMEOUT}`,
      `-out=${this.planFile}`,
    ];
  }

  async plan(): Promise<StepPlan> {
    const command = stripFound(await this.tofu.get(...this.args));
    return {
      workingDir: command.cwd,
      command,
      reads: [path.join(this.settings.clusterDir, '*.tf'), 'the tofu state'],
      writes: [`${this.planFile} (deleted once read)`],
      actions: [
        'exit code 0: no drift, 2: drift (the changed resource addresses are reported, no values); nothing is applied',
      ],
    };
  }

  async run(context: StepContext): Promise<string> {
    await requireLocalTofuState(this.settings.clusterDir, this.id);
    await fs.rm(this.planFile, { force: true });
    try {
      const planned = await this.tofu.run(context, this.args, { check: false });
      if (planned.exitCode !== 0 && planned.exitCode !== 2)
        throw this.explain(new CommandFailedError(commandName((await this.tofu.get(...this.args)).argv), planned));
      await fs.chmod(this.planFile, 0o600); // tofu writes it with the umask's mode; it holds every value in plain text
      const planJson = await readPlanJson(this.planFile, (args, options) => this.tofu.run(context, args, options));
      const { changes, missing } = withoutMissingLocalFiles(planJson, summarizeChanges(planJson));
      if (missing.length)
        context.output.line(
          `      not drift: ${missing.join(', ')} (local files the deploy wrote on another machine; missing on this runner)`,
        );
      const { report } = context;
      report.drift = planned.exitCode === 2 && changes.rows.length > 0;
      report.infrastructure = changes;
      for (const row of changes.rows)
        report.findings.push({
          kind: 'drift',
          subject: row.address,
          message: `tofu would ${DRIFT_VERB[row.action]} ${row.address}`,
        });
      if (!report.drift) return 'no drift';
      return `drift: ${changeCounts(changes)}`;
    } finally {
      await fs.rm(this.planFile, { force: true });
    }
  }

  /** A state locked past the timeout is a deploy (or another check) at work, not a broken check. */
  private explain(error: CommandFailedError): Error {
    if (!error.result.tail.some((line) => /Error acquiring the state lock/i.test(line))) return error;
    return new UserError(
      `tofu's state lock is held (a deploy or another check is running) and was not released within ${DRIFT_LOCK_TIMEOUT}; the check changed nothing: run it again when that run has finished`,
    );
  }
}
