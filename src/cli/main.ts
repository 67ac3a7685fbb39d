#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runDeploy } from '../core/engine/engine.js';
import { describeCheckReport } from '../core/model/check-report.js';
import { CommandFailedError, commandExecutor, failureHeadline } from '../core/lib/command.js';
import { EXIT, InterruptedError, UsageError, UserError, errorMessage, exitCodeFor } from '../core/lib/errors.js';
import { colourWanted, DeployOutput } from '../core/lib/output.js';
import { openPipeline, type Pipeline } from '../core/engine/pipeline.js';
import {
  buildPlan,
  noCapiDiffReason,
  noTofuPlanReason,
  renderPlan,
  renderPlanSummary,
  shortPath,
  wouldApply,
  type DeployPlan,
} from '../core/engine/plan.js';
import { renderCapiChanges, runCapiPlan } from '../core/capi/preview.js';
import { Redactor } from '../core/lib/redact.js';
import { escapeInvisible } from '../core/lib/echo.js';
import { interruptible, interruptNote } from '../core/engine/signals.js';
import { checkStepIds, keepsResumeState, refuseCheckOfDestroyed } from '../core/engine/selection.js';
import { nodeDecisions, planNodeWork, renderNodeDecisions } from '../core/kubespray/node-plan.js';
import {
  checkDestroyConfirmation,
  refuseWaitOptionsOnDestroy,
  upgradeConfigNote,
  DEFAULT_WAIT,
  defaultStateDir,
  deploymentMethod,
  resolveSettings,
  runtimePaths,
  type DeployOptions,
} from '../core/model/settings.js';
import { normalizeClusterKubeconfig } from '../core/kube/normalize.js';
import { waitForReady } from '../core/kube/ready.js';
import { renderTofuChanges, tofuCounts } from '../core/tofu/plan-json.js';
import { runTofuPlan } from '../core/tofu/preview.js';
import { renderPlanCapacity } from '../core/openstack/capacity.js';
import { liveCapacityChecker } from '../core/steps/index.js';
import { checkPlanCredential } from '../core/openstack/plan-credential.js';
import { CLI_NAMES, type PlanCredentialPolicy } from '../core/openstack/roles.js';
import { completion, parseCli, type CliCommand } from './args.js';
import {
  clusterFiles,
  clusterStatus,
  destroyedCluster,
  listClusters,
  organisationsWith,
  packageVersion,
  readRunLog,
  renderList,
  renderStatus,
} from './inspect.js';
import { runInit } from './init.js';
import { toolkitDir, toolkitRelease } from './toolkit.js';
import { runEtcdRestore } from './etcd-restore.js';

const stdout = (text: string) => void process.stdout.write(text);
const stderr = (text: string) => void process.stderr.write(text);

/** Where an operation's progress goes: stderr with --json (stdout then carries one JSON document), else stdout. */
const progressStream = (json: boolean) => (json ? process.stderr : process.stdout);

/**
 * An operation's pipeline, with the tools' colour decided by where its progress is shown; --step and --from-step
 * checked against its steps, now that the config has said which they are.
 */
async function openCliPipeline(command: Extract<CliCommand, { kind: 'plan' | 'run' }>): Promise<Pipeline> {
  const pipeline = await openPipeline({
    ...command.options,
    colour: colourWanted(progressStream(command.json), process.env),
  });
  checkStepIds(
    command.filter,
    { operation: command.options.operation, method: deploymentMethod(pipeline.settings) },
    pipeline.steps.map((step) => step.id),
  );
  return pipeline;
}

/** The console and log of a plan or an operation: --quiet keeps the tools' output in the log file only. */
function cliOutput(pipeline: Pipeline, command: { json: boolean; quiet: boolean }): DeployOutput {
  return new DeployOutput(pipeline.redactor, progressStream(command.json), {
    quiet: command.quiet,
    colour: pipeline.settings.colour,
  });
}

/** --clouds-yaml names a file, --os-cloud (or OS_CLOUD) the cloud in it; without one the file was silently ignored. */
function checkCloudSelection(options: DeployOptions): void {
  if (options.cloudsYaml && !options.cloud && !process.env.OS_CLOUD?.trim()) {
    throw new UsageError('--clouds-yaml FILE needs --os-cloud NAME (or OS_CLOUD): which of its clouds to use');
  }
}

/**
 * plan --tofu-plan with deployment.method cluster-api: the rendered manifests diffed against the management cluster
 * (an upgrade's too: its new templates and the KubeadmControlPlane and MachineDeployments pointed at them).
 */
async function planClusterApi(
  pipeline: Pipeline,
  plan: DeployPlan,
  { json, quiet }: { json: boolean; quiet: boolean },
): Promise<number> {
  if (plan.operation === 'destroy') {
    stdout(json ? `${JSON.stringify(plan, null, 2)}\n` : `${renderPlan(plan)}\n${noCapiDiffReason(plan)}\n`);
    return 0;
  }
  if (!json) stdout(`${renderPlan(plan)}\n`);
  const output = cliOutput(pipeline, { json, quiet });
  try {
    return await interruptible(
      (message) => output.line(message),
      { interrupting: 'the Cluster API plan (a plan saves no state)', waitingFor: 'kubectl diff to stop' },
      async (signal) => {
        const saved = await pipeline.store.load().catch(() => undefined);
        const capi = await runCapiPlan(pipeline.settings, saved?.clusterApi, {
          redactor: pipeline.redactor,
          output,
          signal,
        });
        if (json)
          stdout(
            `${JSON.stringify({ ...plan, clusterApi: { ...tofuCounts(capi.changes), changes: capi.changes.rows, manifests: capi.manifestsFile, note: capi.note, text: capi.text } }, null, 2)}\n`,
          );
        else
          stdout(
            `${capi.text ? `${capi.text}\n` : ''}${renderCapiChanges(plan.cluster, capi)}Rendered manifests: ${capi.manifestsFile}\n`,
          );
        return 0;
      },
    );
  } catch (error) {
    reportPlanFailure(error, plan, output, { json, consoleQuiet: quiet });
    throw error;
  } finally {
    await output.close();
  }
}

/**
 * --plan-credential reader-only, before any tofu command: the CLI plans the user's own code, so it
 * never warns, only refuses when asked to.
 */
async function checkCliPlanCredential(pipeline: Pipeline, policy: PlanCredentialPolicy): Promise<void> {
  await checkPlanCredential(pipeline.settings.credentials, {
    rule: { policy, untrustedCode: false, names: CLI_NAMES },
    authCheck: pipeline.settings.authCheck,
  });
}

/** A check after a completed destroy is refused by the engine; here with the log of the run that destroyed it. */
async function refuseCheckOfDestroyedCluster(pipeline: Pipeline): Promise<void> {
  const { settings } = pipeline;
  const files = clusterFiles(settings.stateDir, settings.organization, settings.clusterName);
  const destroyed = await destroyedCluster(files);
  if (destroyed) refuseCheckOfDestroyed(destroyed.state, files.cluster, destroyed.run);
}

/**
 * The cluster status and logs look at: a config's (its names, state dir and kubeconfig) or one named. A name
 * without --org is looked for under every organisation: found in one, that one; in several, they are named.
 */
async function inspectedCluster(command: Extract<CliCommand, { kind: 'status' | 'logs' }>) {
  if (command.configPath) {
    const settings = resolveSettings({
      configPath: command.configPath,
      stateDir: command.stateDir,
      kubeconfigPath: command.kubeconfigPath,
      skipAuthCheck: true,
    });
    return clusterFiles(settings.stateDir, settings.organization, settings.clusterName, settings.kubeconfigPath);
  }
  const stateDir = path.resolve(command.stateDir ?? defaultStateDir(process.env));
  const name = command.clusterName!;
  let organization = command.organization;
  if (organization === undefined) {
    const orgs = await organisationsWith(stateDir, name);
    if (orgs.length > 1)
      throw new UsageError(
        `${command.kind}: a cluster named ${name} is in ${orgs.length} organisations of ${stateDir}; say which with ${orgs.map((org) => `--org ${escapeInvisible(org)}`).join(', ')}`,
      );
    if (!orgs.length)
      throw new UserError(
        `no cluster named ${name} in any organisation of ${stateDir}; "cluster-deploy list" shows the clusters there`,
      );
    organization = orgs[0]!;
  }
  return clusterFiles(stateDir, organization, name, command.kubeconfigPath && path.resolve(command.kubeconfigPath));
}

/**
 * A failed tool's last lines, for a console that kept its output off (--quiet, plan --tofu-plan without --verbose): with
 * the `error:` line (failureHeadline), what a failed deploy step and a failed plan both show.
 */
function lastLinesNote(tail: readonly string[] | undefined): string | undefined {
  const lines = [...(tail ?? [])];
  while (lines.length && !lines.at(-1)!.trim()) lines.pop(); // a tool's closing blank lines say nothing
  return lines.length
    ? `Last lines of the failed command (all of it in the log):\n${lines.map((l) => `  ${l}`).join('\n')}`
    : undefined;
}

/**
 * A plan whose tool failed (tofu init against a backend that refuses, kubectl diff against a management cluster that
 * does not answer): its last lines where the console did not show them, and with --json a JSON document that says so
 * (for a refusal too, e.g. a capacity check);
 * the `error:` line follows from main's catch. A plan saves no state, so there is nothing to resume.
 */
function reportPlanFailure(
  error: unknown,
  plan: DeployPlan,
  output: DeployOutput,
  { json, consoleQuiet }: { json: boolean; consoleQuiet: boolean },
): void {
  const failed = error instanceof CommandFailedError ? error : undefined;
  const note = consoleQuiet ? lastLinesNote(failed?.result.tail) : undefined;
  if (note) output.line(note);
  if (json && !(error instanceof InterruptedError)) {
    const message = failed ? failureHeadline(failed) : errorMessage(error);
    stdout(
      `${JSON.stringify({ ...plan, error: output.redactor.redact(message), ...(failed && { outputTail: failed.result.tail }) }, null, 2)}\n`,
    );
  }
}

async function execute(command: CliCommand, argv: readonly string[]): Promise<number> {
  if ('options' in command) checkCloudSelection(command.options);
  switch (command.kind) {
    case 'init':
      stdout(await runInit(command, toolkitRelease(toolkitDir(), packageVersion())));
      return 0;

    case 'etcd-restore':
      return await runEtcdRestore(command, process.stdout);

    case 'kubeconfig':
      return await (await import('./kubeconfig-fetch.js')).runKubeconfig(command, stdout, stderr);

    case 'help':
      stdout(`${command.text}\n`);
      return 0;

    case 'version':
      stdout(`cluster-deploy ${packageVersion()}\n`);
      return 0;

    case 'completion':
      stdout(completion(command.shell));
      return 0;

    case 'list': {
      const stateDir = path.resolve(command.stateDir ?? defaultStateDir(process.env));
      const entries = await listClusters(stateDir);
      stdout(
        command.json ? `${JSON.stringify({ stateDir, clusters: entries }, null, 2)}\n` : renderList(stateDir, entries),
      );
      return 0;
    }

    case 'status':
    case 'logs': {
      const files = await inspectedCluster(command);
      if (command.kind === 'logs') {
        const log = await readRunLog(files, command.run, command.step);
        if (log.note) stderr(`${log.note}\n`);
        stdout(log.text);
        return 0;
      }
      const report = await clusterStatus(files);
      stdout(command.json ? `${JSON.stringify(report, null, 2)}\n` : renderStatus(report));
      return 0;
    }

    case 'plan': {
      const pipeline = await openCliPipeline(command);
      if (command.options.operation === 'destroy')
        refuseWaitOptionsOnDestroy(pipeline.settings, command.options.waitReady, 'plan --operation destroy', cliFlag);
      const plan = await buildPlan(
        pipeline.settings,
        pipeline.steps,
        pipeline.store,
        command.filter,
        pipeline.redactor,
      );
      const steps = command.verbose ? renderPlan(plan) : renderPlanSummary(plan, process.cwd());
      if (command.tofuPlan && pipeline.settings.clusterApi) return planClusterApi(pipeline, plan, command);
      if (!command.tofuPlan || !wouldApply(plan)) {
        stdout(command.json ? `${JSON.stringify(plan, null, 2)}\n` : steps);
        if (command.tofuPlan && !command.json) stdout(`\n${noTofuPlanReason(plan)}\n`);
        return 0;
      }
      await checkCliPlanCredential(pipeline, command.planCredential);
      // --verbose: the steps in detail, then tofu's own text as it runs. Else what changes comes first, then the
      // steps: tofu's text stays off the console (its reason is quoted if it fails).
      if (command.verbose && !command.json) stdout(`${steps}\n`);
      // tofu's own progress goes to stderr with --json, so stdout stays one JSON document.
      const consoleQuiet = command.quiet || (!command.verbose && !command.json);
      const output = cliOutput(pipeline, { ...command, quiet: consoleQuiet });
      try {
        return await interruptible(
          (message) => output.line(message),
          { interrupting: 'tofu plan (a plan saves no state)', waitingFor: 'tofu plan to stop' },
          async (signal) => {
            const deployState = await pipeline.store.load().catch(() => undefined);
            const tofu = await runTofuPlan(
              pipeline.settings,
              runtimePaths(pipeline.settings).planPath,
              { redactor: pipeline.redactor, output, signal },
              {
                destroy: command.options.operation === 'destroy',
                deployState,
                ...(pipeline.settings.authCheck.enabled &&
                  command.options.operation !== 'destroy' && {
                    capacity: (demandOf) => liveCapacityChecker(pipeline.settings, demandOf),
                  }),
              },
            );
            const nodes = nodeDecisions(pipeline.settings, tofu.nodes, undefined, deployState);
            // The node work known now, the steps that act on nodes decide as the deploy will (the same words).
            const decided =
              nodes && pipeline.settings.operation === 'deploy'
                ? await buildPlan(
                    pipeline.settings,
                    pipeline.steps,
                    pipeline.store,
                    command.filter,
                    pipeline.redactor,
                    planNodeWork(pipeline.settings, tofu.nodes).work,
                  )
                : plan;
            if (command.json)
              stdout(
                `${JSON.stringify({ ...decided, tofu: { ...tofuCounts(tofu.changes), changes: tofu.changes.rows, planFile: tofu.planFile, text: tofu.text }, ...(nodes && { nodes }), ...(tofu.capacity && { capacity: tofu.capacity }) }, null, 2)}\n`,
              );
            // tofu's plan text was shown live above; only the summary follows it.
            else
              stdout(
                `${command.verbose ? '\n' : ''}${renderTofuChanges(plan.cluster, tofu.changes)}${nodes ? `${renderNodeDecisions(nodes)}` : ''}${renderPlanCapacity(tofu.capacity)}Plan file: ${shortPath(tofu.planFile, process.cwd())}\n${command.verbose ? '' : `\n${renderPlanSummary(decided, process.cwd())}`}`,
              );
            return 0;
          },
        );
      } catch (error) {
        reportPlanFailure(error, plan, output, { json: command.json, consoleQuiet });
        throw error;
      } finally {
        await output.close();
      }
    }

    case 'run': {
      const pipeline = await openCliPipeline(command);
      if (command.options.operation === 'destroy') {
        checkDestroyConfirmation(pipeline.settings, command.confirm, { flag: '--confirm', input: '' });
        refuseWaitOptionsOnDestroy(pipeline.settings, command.options.waitReady, 'destroy', cliFlag);
      }
      if (command.options.operation === 'check') {
        await refuseCheckOfDestroyedCluster(pipeline);
        await checkCliPlanCredential(pipeline, command.planCredential);
      }
      // With --json, stdout carries only the result; progress goes to stderr.
      const output = cliOutput(pipeline, command);
      if (command.quiet) output.line(`The tools' output goes to ${pipeline.logPath} (--quiet)`);
      try {
        return await interruptible(
          (message) => output.line(message),
          interruptNote(pipeline.settings.operation),
          async (signal) => {
            const result = await runDeploy({
              ...pipeline,
              output,
              filter: command.filter,
              signal,
              invocation: { program: `cluster-deploy ${packageVersion()}`, argv },
            });
            if (result.ok && result.checkReport) {
              for (const line of describeCheckReport(result.checkReport)) output.line(line);
            } else if (result.ok && command.options.operation === 'destroy') {
              output.line(
                `Destroy of ${result.cluster} complete: its infrastructure and kubeconfig are gone; the next deploy starts from nothing`,
              );
            } else if (result.ok) {
              const done =
                command.options.operation === 'upgrade'
                  ? `Upgrade of ${result.cluster} to v${pipeline.settings.kubernetesVersion}`
                  : `Deploy of ${result.cluster}`;
              output.line(`${done} complete${result.endpoint ? `: API at ${result.endpoint}` : ''}`);
              output.line(`Kubeconfig: ${pipeline.settings.kubeconfigPath}`);
              const note = command.options.operation === 'upgrade' ? upgradeConfigNote(pipeline.settings) : undefined;
              if (note) output.line(note);
            } else {
              // --quiet kept the tools' output off the console: the failed command's last lines say why.
              const note = command.quiet
                ? lastLinesNote(result.reports.find((r) => r.status === 'failed')?.outputTail)
                : undefined;
              if (note) output.line(note);
              stderr(`error: ${result.error}\n`);
            }
            output.line(`Log: ${result.logPath}`);
            if (keepsResumeState(pipeline.settings.operation)) output.line(`Resume state: ${result.statePath}`);
            if (command.json) stdout(`${JSON.stringify(result.checkReport ?? result, null, 2)}\n`);
            if (result.checkReport)
              return result.checkReport.drift || !result.checkReport.healthy ? EXIT.findings : EXIT.ok;
            return result.ok ? EXIT.ok : result.interrupted ? EXIT.interrupted : EXIT.failed;
          },
        );
      } finally {
        await output.close();
      }
    }

    case 'normalize-kubeconfig': {
      const pipeline = await openPipeline({ ...command.options, skipAuthCheck: true });
      const { settings } = pipeline;
      if (!settings.vip) throw new UserError('normalize-kubeconfig: no VIP; pass --vip IP');
      const summary = await normalizeClusterKubeconfig({
        clusterDir: settings.clusterDir,
        target: settings.kubeconfigPath,
        vip: settings.vip,
        redactor: pipeline.redactor,
      });
      stdout(`${settings.kubeconfigPath}: ${summary}\n`);
      return 0;
    }

    case 'wait-ready': {
      return await interruptible(
        (message) => stderr(`${message}\n`),
        { interrupting: 'the wait', waitingFor: 'kubectl to stop' },
        async (signal) => {
          const result = await waitForReady({
            kubeconfig: command.kubeconfig,
            kubectl: command.kubectl ?? 'kubectl',
            env: Object.fromEntries(
              Object.entries(process.env).filter((e): e is [string, string] => typeof e[1] === 'string'),
            ),
            cwd: process.cwd(),
            exec: commandExecutor({ redactor: new Redactor(), signal }),
            signal,
            timeoutMs: command.timeoutMs ?? DEFAULT_WAIT.timeoutMs,
            intervalMs: command.intervalMs ?? DEFAULT_WAIT.intervalMs,
            nodes: command.nodes,
            onWaiting: (reason) => stderr(`waiting: ${reason}\n`),
          });
          const nodes =
            result.readyNodes !== undefined ? ` (${result.readyNodes}/${result.totalNodes} nodes Ready)` : '';
          stdout(`ready: ${result.endpoint}${nodes}\n`);
          return 0;
        },
      );
    }
  }
}

export async function main(argv: string[]): Promise<number> {
  try {
    return await execute(parseCli(argv), argv);
  } catch (error) {
    const code = exitCodeFor(error);
    if (error instanceof UserError || code !== EXIT.failed) {
      stderr(`error: ${errorMessage(error)}\n`);
      return code;
    }
    // A tool that failed (tofu init against a backend that refuses, say) is the tool's story, not ours: its reason
    // in one line, as a failed deploy step reports it; the tool's own output is above.
    if (error instanceof CommandFailedError) {
      stderr(`error: ${failureHeadline(error)}\n`);
      return EXIT.failed;
    }
    // Not a user mistake: a bug, reported with its stack so it can be fixed.
    stderr(`error: internal error: ${errorMessage(error)}\n${(error as Error)?.stack ?? ''}\n`);
    return EXIT.failed;
  }
}

/** Run as a program, also through a symbolic link (npm's bin links: `npm i -g`, npx), not when imported. */
function isMain(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

/** A flag as the user typed it, for errors that name it. */
const cliFlag = (name: string) => `--${name}`;

if (isMain()) {
  process.exitCode = await main(process.argv.slice(2));
}
