import { promises as fs } from 'node:fs';
import { type CapacityReport, renderPlanCapacity } from '../../core/openstack/capacity.js';
import { liveCapacityChecker } from '../../core/steps/index.js';
import path from 'node:path';
import { CommandFailedError, failureHeadline } from '../../core/lib/command.js';
import { errorMessage } from '../../core/lib/errors.js';
import type { Pipeline } from '../../core/engine/pipeline.js';
import {
  nodeDecisions,
  planNodeWork,
  renderNodeDecisions,
  type NodeDecisions,
} from '../../core/kubespray/node-plan.js';
import type { NodeWork } from '../../core/model/nodes.js';
import {
  buildPlan,
  noCapiDiffReason,
  noTofuPlanReason,
  renderPlan,
  shortPath,
  TOFU_APPLYING_STEPS,
  wouldApply,
  type DeployPlan,
} from '../../core/engine/plan.js';
import type { CapiPlan } from '../../core/capi/preview.js';
import { interruptible } from '../../core/engine/signals.js';
import { clusterId, runtimePaths } from '../../core/model/settings.js';
import type { Step } from '../../core/steps/index.js';
import type { Operation } from '../../core/lib/option-values.js';
import { tofuCounts } from '../../core/tofu/plan-json.js';
import type { PlanChanges } from '../../core/model/changes.js';
import { runTofuPlan, type TofuPlan } from '../../core/tofu/preview.js';
import * as core from '../runner/actions-core.js';
import { octokitFor, secretBox } from '../runner/clients.js';
import type { ActionSettings } from '../runner/inputs.js';
import { PLAN_FILES, planArtifactName, pullRequestFileText, uploadPlanArtifact } from '../state/plan-artifact.js';
import { buildPlanComment, buildPlanFailureComment, planMarker, type PlanRecord } from './plan-comment.js';
import {
  actionsOutput,
  currentRunUrl,
  pullRequestFromEvent,
  runContext,
  type PullRequestContext,
} from '../runner/runner.js';
import { upsertStickyComment } from './sticky-comment.js';
import { reportPlanCredential } from './plan-credential.js';
import { planSummary, runnerPathBases } from '../reports/summary.js';
import { restoreSavedFiles } from '../state/tofu-state.js';

/** A job summary may hold 1 MiB; keep a little room for what the runner adds. */
const SUMMARY_LIMIT = 1_000_000;

function relativeToWorkspace(file: string | undefined): string | undefined {
  const workspace = process.env.GITHUB_WORKSPACE;
  return file && workspace ? shortPath(file, workspace) : file;
}

/**
 * What the provisioning tool would change, whichever it is: a tofu plan (with a deploy's node
 * decisions) or, for cluster-api, the rendered manifests diffed against the management cluster.
 */
interface ToolPlan {
  changes: PlanChanges;
  /** The full plan as text (redacted as it was read). */
  text: string;
  /** Said next to the engine plan's own note ("no management cluster yet: everything is created"). */
  note?: string;
  nodes?: NodeDecisions;
  /** openstack-capacity's comparison with the quotas (tofu plans of a deploy with the live check on). */
  capacity?: CapacityReport | { error: string };
  /** The binary tofu plan (output plan-file, save-plan). */
  planFile?: string;
  /** A private directory to stage the plan artifact in. */
  workDir: string;
  /** Said at the top of the comment (the plan credential's warning). */
  notices?: string[];
  /** A deploy's node work as opentofu-plan will find it: the steps that act on nodes then decide as the deploy will. */
  nodeWork?: NodeWork;
}

function setPlanOutputs(planned: ToolPlan | undefined): void {
  const counts = planned ? tofuCounts(planned.changes) : { toAdd: 0, toChange: 0, toDestroy: 0, toReplace: 0 };
  core.setOutput('has-changes', String(!!planned && planned.changes.rows.length > 0));
  core.setOutput('to-add', String(counts.toAdd));
  core.setOutput('to-change', String(counts.toChange));
  core.setOutput('to-destroy', String(counts.toDestroy));
  core.setOutput('to-replace', String(counts.toReplace));
  if (planned?.planFile) core.setOutput('plan-file', planned.planFile);
}

/** Why a comment could not be written, and how to get one safely. */
function commentRefusedNotice(pr: PullRequestContext, reason: string, artifact: string): string {
  const why = pr.fromFork
    ? 'Pull requests from forks get a read-only token and no secrets, by design.'
    : 'Give the job `permissions: pull-requests: write` to let it comment.';
  return [
    `cluster-deploy could not comment on pull request #${pr.number} (${reason}). ${why}`,
    `The plan is in this job's summary and in the artifact "${artifact}" (comment.md, pull-request.json).`,
    'To comment on pull requests from forks safely, keep this workflow on `pull_request` and post the comment from a second',
    'workflow triggered by `workflow_run` with the actions/plan-comment action of cluster-deploy: it has a write token but',
    "never runs the pull request's code (see examples/workflows/plan-comment.yml).",
    'Do not switch to `pull_request_target` with a checkout of the pull request: that runs untrusted code with secrets.',
  ].join('\n');
}

/** What every phase of a dry run shares: where the plan goes, and how a failure is commented. */
interface DryRun {
  p: Pipeline;
  settings: ActionSettings;
  cluster: string;
  artifact: string;
  /** The pull request the plan is commented on (input comment), if any. */
  pr?: PullRequestContext;
  provenance: {
    cluster: string;
    configPath?: string;
    commit?: string;
    runUrl?: string;
    runNumber?: string;
    updatedAt: Date;
  };
  record(status: PlanRecord['status'], operation: Operation, changes?: PlanChanges): PlanRecord;
  /** Creates or updates the sticky comment (pull requests only); a refused one is a notice, not a failure. */
  comment(body: string): Promise<void>;
  /** The comment says the plan failed: an older plan must not stay up looking current, and the overview counts it. */
  failureComment(message: string, outputTail: string[]): string;
  /** A failure before tofu runs (the state, the saved tofu state): commented too, then the action fails with it. */
  failBeforeTofu(error: unknown): Promise<never>;
}

/** The engine's plan, its outputs and its part of the job summary. */
interface EnginePlan {
  plan: DeployPlan;
  summary: string;
}

/**
 * A dry run (root action) or `mode: plan` (actions/tofu) of any operation: the engine's plan, then —
 * when the run would apply (deploy) or destroy — `tofu plan` (`-destroy` for a destroy) with a deploy's
 * node decisions, a sticky pull-request comment, the job summary, outputs and the plan artifact. Every text that leaves
 * the runner passes through the pipeline's redactor.
 */
export async function runDryRun(p: Pipeline, settings: ActionSettings, steps: readonly Step[]): Promise<void> {
  const run = dryRunContext(p, settings);
  const engine = await planSteps(run, steps);
  const planned = p.settings.clusterApi ? await planClusterApi(run, engine) : await planTofu(run, engine, steps);
  if (!planned) return;
  await publishPlan(run, planned.nodeWork ? await planSteps(run, steps, planned.nodeWork) : engine, planned);
}

function dryRunContext(p: Pipeline, settings: ActionSettings): DryRun {
  const startedAt = new Date();
  const cluster = clusterId(p.settings);
  const artifact = planArtifactName(p.settings.organization, p.settings.clusterName);
  const pr = settings.comment ? pullRequestFromEvent() : undefined;
  const provenance = {
    cluster,
    configPath: relativeToWorkspace(p.settings.configPath),
    commit: pr?.headSha ?? process.env.GITHUB_SHA,
    runUrl: currentRunUrl(),
    runNumber: process.env.GITHUB_RUN_NUMBER,
    updatedAt: startedAt,
  };
  const record: DryRun['record'] = (status, operation, changes) => ({
    status,
    operation,
    add: changes?.add ?? 0,
    change: changes?.change ?? 0,
    destroy: changes?.destroy ?? 0,
    replace: changes?.replace ?? 0,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    commit: /^[0-9a-f]{7,40}$/.test(provenance.commit ?? '') ? provenance.commit : undefined,
  });
  const comment = async (body: string) => {
    if (!pr) return;
    const run = runContext(settings.githubToken, process.env, {
      purpose: 'the plan comment',
      permissions: 'pull-requests: write',
    });
    const outcome = await upsertStickyComment(
      await octokitFor(run),
      { owner: run.owner, repo: run.repo, issueNumber: pr.number },
      planMarker(cluster),
      body,
    );
    if (outcome.kind === 'forbidden') {
      core.notice(commentRefusedNotice(pr, p.redactor.redact(outcome.message), artifact), {
        title: 'cluster-deploy: no plan comment',
      });
      return;
    }
    core.setOutput('comment-url', outcome.url);
    core.info(`${outcome.kind} the plan comment: ${outcome.url}`);
  };
  const failureComment = (message: string, outputTail: string[]) =>
    p.redactor.redact(
      buildPlanFailureComment({
        ...provenance,
        error: message,
        outputTail,
        record: record('failed', p.settings.operation),
      }),
    );
  const failBeforeTofu = async (error: unknown): Promise<never> => {
    await comment(failureComment(errorMessage(error), [])).catch((commentError: unknown) =>
      core.warning(`could not comment that the plan failed: ${p.redactor.redact(errorMessage(commentError))}`),
    );
    throw error;
  };
  return { p, settings, cluster, artifact, pr, provenance, record, comment, failureComment, failBeforeTofu };
}

/**
 * The engine's plan of every step: printed in full, the steps output, the table of the job summary. Again with the
 * node work the tofu plan found, so that the summary and the comment decide each step as the deploy will.
 */
async function planSteps(run: DryRun, steps: readonly Step[], nodeWork?: NodeWork): Promise<EnginePlan> {
  const { p, settings } = run;
  const plan = await buildPlan(p.settings, steps, p.store, settings.filter, p.redactor, nodeWork).catch(
    run.failBeforeTofu,
  );
  if (!nodeWork) process.stdout.write(renderPlan(plan));
  core.setOutput('result', 'planned');
  core.setOutput('steps', JSON.stringify(plan.steps.map(({ id, action, reason }) => ({ id, action, reason }))));
  return { plan, summary: p.redactor.redact(planSummary(plan, runnerPathBases(process.env))) };
}

/** Cluster API: the rendered manifests against the management cluster; a destroy applies none. */
async function planClusterApi(run: DryRun, { plan, summary }: EnginePlan): Promise<ToolPlan | undefined> {
  const { p, settings } = run;
  if (plan.operation === 'destroy') {
    const reason = noCapiDiffReason(plan);
    process.stdout.write(`\n${reason}\n`);
    await core.appendSummary(`${summary}\n${reason}\n`);
    return undefined;
  }
  // After a pivot the workload cluster is the management cluster: its kubeconfig travels with the state.
  await restoreSavedFiles(p, settings, { kubeconfig: true }).catch(run.failBeforeTofu);
  return runPlanTool(run, summary, 'Cluster API plan', async (context) => {
    const saved = await p.store.load().catch(() => undefined);
    // The Cluster API's preview is loaded by its dry runs only.
    const { renderCapiChanges, runCapiPlan } = await import('../../core/capi/preview.js');
    const capi: CapiPlan = await runCapiPlan(p.settings, saved?.clusterApi, context);
    context.output.line(renderCapiChanges(plan.cluster, capi).trimEnd());
    return {
      changes: capi.changes,
      text: capi.text || `(${capi.note ?? 'no differences'})`,
      note: capi.note,
      workDir: path.dirname(capi.manifestsFile),
    };
  });
}

/** OpenTofu: `tofu plan` with a deploy's node decisions and quotas, when the run would apply; else why not. */
async function planTofu(run: DryRun, engine: EnginePlan, steps: readonly Step[]): Promise<ToolPlan | undefined> {
  const { p, settings } = run;
  const { plan, summary } = engine;
  if (!wouldApply(plan)) {
    await recordNoApply(run, engine);
    return undefined;
  }
  // tofu plan runs the code it plans: the credential it gets is judged first (a refusal is commented, as any failure).
  const credentialWarning = await reportPlanCredential(p, settings.planCredential).catch(run.failBeforeTofu);
  await restoreSavedFiles(p, settings, { kubeconfig: false }).catch(run.failBeforeTofu);
  const planned = await runPlanTool(run, summary, 'tofu plan', async (context) => {
    const deployState = await p.store.load().catch(() => undefined);
    const tofu: TofuPlan = await runTofuPlan(p.settings, runtimePaths(p.settings).planPath, context, {
      destroy: plan.operation === 'destroy',
      deployState,
      ...(p.settings.authCheck.enabled &&
        plan.operation === 'deploy' &&
        plan.steps.some((s) => s.id === 'openstack-capacity') && {
          capacity: (demandOf) => liveCapacityChecker(p.settings, demandOf),
        }),
    });
    const quotas = renderPlanCapacity(tofu.capacity);
    if (quotas) context.output.line(quotas.trimEnd());
    const nodes = nodeDecisions(
      p.settings,
      tofu.nodes,
      steps.map((s) => s.id),
      deployState,
    );
    if (nodes) context.output.line(renderNodeDecisions(nodes).trimEnd());
    return {
      changes: tofu.changes,
      text: tofu.text,
      nodes: nodes && p.redactor.redactValue(nodes),
      ...(tofu.capacity && { capacity: p.redactor.redactValue(tofu.capacity) }),
      planFile: tofu.planFile,
      workDir: path.dirname(tofu.planFile),
      ...(nodes && plan.operation === 'deploy' && { nodeWork: planNodeWork(p.settings, tofu.nodes).work }),
    };
  });
  return planned && { ...planned, ...(credentialWarning && { notices: [credentialWarning] }) };
}

/**
 * An upgrade never has a tofu plan; a deploy or destroy whose tofu step would be skipped (or is not in this action) has
 * none now: said in the log and the summary, and with save-plan recorded in the artifact, so the deploy of this run
 * learns that no apply is needed from the artifact, not from its absence.
 */
async function recordNoApply(run: DryRun, { plan, summary }: EnginePlan): Promise<void> {
  const { p, settings, artifact } = run;
  const inScope = plan.steps.some((s) => TOFU_APPLYING_STEPS.includes(s.id));
  if (inScope) setPlanOutputs(undefined);
  const reason = inScope || plan.operation === 'upgrade' ? noTofuPlanReason(plan) : undefined;
  if (reason) process.stdout.write(`\n${reason}\n`);
  await core.appendSummary(reason ? `${summary}\n${reason}\n` : summary);
  if (!settings.savePlan) return;
  const dir = path.join(path.dirname(runtimePaths(p.settings).planPath), 'plan-artifact');
  const why = `no apply needed: ${reason ?? 'the deploy would not run opentofu-apply'}`;
  if (await uploadPlanArtifact(artifact, { [PLAN_FILES.noApply]: `${p.redactor.redact(why)}\n` }, dir)) {
    core.setOutput('plan-artifact', artifact);
    core.info(`save-plan: recorded "no apply needed" in the plan artifact "${artifact}"`);
  }
}

/** The plan made: outputs, the artifact, the sticky comment and the job summary. */
async function publishPlan(run: DryRun, { plan, summary }: EnginePlan, planned: ToolPlan): Promise<void> {
  const { p, settings, artifact, cluster, pr } = run;
  setPlanOutputs(planned);
  const common = {
    ...run.provenance,
    changes: planned.changes,
    planText: planned.text,
    applySteps: plan.steps.filter((s) => s.action === 'run').map((s) => s.id),
    stateNote: [plan.note, planned.note].filter(Boolean).join('; ') || undefined,
    operation: plan.operation,
    nodes: planned.nodes,
    capacity: planned.capacity,
    record: run.record('ok', plan.operation, planned.changes),
    notices: planned.notices,
  };
  const body = p.redactor.redact(
    buildPlanComment({ ...common, fullPlanLocation: `the job summary and the workflow artifact "${artifact}"` }).body,
  );
  const summaryRoom = SUMMARY_LIMIT - Buffer.byteLength(summary, 'utf8') - 200;
  const inSummary = buildPlanComment({
    ...common,
    limit: { size: summaryRoom, unit: 'bytes' },
    fullPlanLocation: `the workflow artifact "${artifact}"`,
  });

  const files: Record<string, string | Uint8Array> = { [PLAN_FILES.text]: common.planText, [PLAN_FILES.comment]: body };
  if (pr)
    files[PLAN_FILES.pullRequest] = pullRequestFileText({
      number: pr.number,
      headSha: pr.headSha,
      cluster,
      marker: planMarker(cluster),
    });
  const binary = settings.savePlan && planned.planFile;
  if (binary)
    files[PLAN_FILES.binary] = await (await secretBox()).encryptWithPassphrase(
      await fs.readFile(binary),
      settings.planPassphrase!,
    );
  // Said after the comment and the summary: a failed upload fails the job, but the plan is still shown.
  let uploadFailure: unknown;
  const uploaded = await uploadPlanArtifact(artifact, files, path.join(planned.workDir, 'plan-artifact')).catch(
    (error: unknown) => {
      uploadFailure = error;
      return false;
    },
  );
  if (uploaded) core.setOutput('plan-artifact', artifact);

  await run.comment(body);
  await core.appendSummary(`${summary}\n${p.redactor.redact(inSummary.body)}`);
  if (uploadFailure) throw uploadFailure;
}

/**
 * Runs the provisioning tool's plan with live, redacted output and interruption. A failure is
 * commented (the comment must not keep showing an older plan as if it were current), summarised
 * and annotated, and fails the job; then there is no plan.
 */
async function runPlanTool(
  run: DryRun,
  engineSummary: string,
  what: string,
  make: (context: {
    redactor: Pipeline['redactor'];
    output: ReturnType<typeof actionsOutput>;
    signal: AbortSignal;
  }) => Promise<ToolPlan>,
): Promise<ToolPlan | undefined> {
  const { p } = run;
  const output = actionsOutput(p);
  try {
    return await interruptible(
      (message) => output.line(message),
      undefined,
      async (signal) => {
        try {
          return await make({ redactor: p.redactor, output, signal });
        } catch (error) {
          const outputTail = error instanceof CommandFailedError ? error.result.tail : [];
          const message = p.redactor.redact(
            error instanceof CommandFailedError ? failureHeadline(error) : errorMessage(error),
          );
          const failure = run.failureComment(message, outputTail);
          await run.comment(failure);
          await core.appendSummary(`${engineSummary}\n${failure}`);
          core.setOutput('result', 'failure');
          core.error(message, { title: `cluster-deploy: ${what} failed` });
          process.exitCode = 1;
          return undefined;
        }
      },
    );
  } finally {
    await output.close();
  }
}
