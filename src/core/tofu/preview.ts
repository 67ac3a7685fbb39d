import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir } from '../lib/files.js';
import { withDeployLock } from '../lib/lock.js';
import type { DeployOutput } from '../lib/output.js';
import type { Redactor } from '../lib/redact.js';
import { plannedNodeChanges, type PlannedNodeChanges } from '../kubespray/node-changes.js';
import type { PlanChanges } from '../model/changes.js';
import { clusterId, runtimePaths, type DeploySettings } from '../model/settings.js';
import { requireTofuBinary, tofuArgs, tofuCommand, tofuInit } from './commands.js';
import { checkPlannedKubeVersion } from './kube-version.js';
import { readPlanJson, summarizeChanges, tofuCounts } from './plan-json.js';
import { requireLocalTofuState, requireSomethingToDestroy } from './state-guard.js';
import type { DeployState } from '../model/state.js';
import type { CapacityDemand, CapacityReport } from '../openstack/capacity.js';
import type { FlavorLookup } from '../openstack/flavors.js';
import { errorMessage } from '../lib/errors.js';
import { planCapacityDemand } from './capacity-demand.js';

export interface TofuPlan {
  planFile: string;
  changes: PlanChanges;
  /** Node names the plan creates, deletes or replaces (kubespray/node-changes.ts); nothing else of its values. */
  nodes: PlannedNodeChanges;
  /** `tofu show -no-color <plan>`, redacted. */
  text: string;
  /** openstack-capacity's comparison of this plan with the quotas, or why it could not be made. */
  capacity?: CapacityReport | { error: string };
}

/** The live quota reads (steps/capacity.ts's checker), bound to the run's settings. */
export type PlanCapacityCheck = (
  demandOf: (flavors: FlavorLookup) => Promise<CapacityDemand>,
) => Promise<CapacityReport>;
export interface TofuPlanContext {
  redactor: Redactor;
  output: DeployOutput;
  signal?: AbortSignal;
}

/**
 * `tofu init`, `tofu plan -out`, then `tofu show` twice: JSON for the counts and table, text for
 * people. Only init and plan reach the log; the show output is captured, redacted, and never logged.
 */
export async function runTofuPlan(
  settings: DeploySettings,
  planFile: string,
  { redactor, output, signal = new AbortController().signal }: TofuPlanContext,
  {
    destroy = false,
    deployState,
    capacity,
  }: {
    destroy?: boolean;
    /** The resume state as loaded: a destroy plan refuses as the destroy would (tofu/state-guard.ts). */
    deployState?: DeployState;
    capacity?: PlanCapacityCheck;
  } = {},
): Promise<TofuPlan> {
  await requireTofuBinary(settings);
  if (destroy) await requireLocalTofuState(settings.clusterDir, 'opentofu-destroy');
  const { found: _, ...base } = await tofuCommand(settings);
  const tofu = (...args: string[]) => ({ ...base, argv: [...base.argv, ...tofuArgs(settings, args)] });
  await ensurePrivateDir(path.dirname(planFile));
  // A plan runs init and takes tofu's state lock in the same cluster dir: never beside a deploy.
  const locked = {
    file: runtimePaths(settings).lockPath,
    cluster: clusterId(settings),
    operation: 'plan',
    output,
    redactor,
    signal,
  };
  return withDeployLock(locked, async (exec) => {
    output.startGroup('OpenTofu plan');
    try {
      await tofuInit(settings, exec); // exactly the deploy's init
      await exec(tofu('plan', ...(destroy ? ['-destroy'] : []), '-input=false', `-out=${planFile}`));
    } finally {
      output.endGroup();
    }
    // tofu writes the plan with the umask's mode; it holds every value in plain text.
    await fs.chmod(planFile, 0o600);
    const document = await readPlanJson(planFile, (args, options) => exec(tofu(...args), options));
    const changes = summarizeChanges(document);
    // As opentofu-plan refuses it in the deploy: before anything is created.
    if (!destroy && settings.kubespray)
      checkPlannedKubeVersion(document, {
        version: settings.kubernetesVersion,
        configPath: settings.configPath,
        clusterDir: settings.clusterDir,
      });
    if (destroy)
      await requireSomethingToDestroy(
        settings.clusterDir,
        clusterId(settings),
        tofuCounts(changes).toDestroy,
        deployState,
      );
    const text = await exec(tofu('show', '-no-color', planFile), { capture: true, quiet: true });
    // A plan is for review: a quota API or Keystone out of reach is said, not fatal.
    const quotas =
      capacity &&
      (await capacity((flavors) => planCapacityDemand(document, flavors)).catch((error: unknown) => ({
        error: redactor.redact(errorMessage(error)),
      })));
    return {
      planFile,
      changes,
      nodes: plannedNodeChanges(document, settings.nodeResource),
      text: text.stdout,
      ...(quotas && { capacity: quotas }),
    };
  });
}
