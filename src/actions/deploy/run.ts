import { tmpdir } from 'node:os';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { CheckReport } from '../../core/model/check-report.js';
import { runDeploy as runEngine, type DeployResult } from '../../core/engine/engine.js';
import { displayCommand } from '../../core/lib/command.js';
import { UserError, errorMessage } from '../../core/lib/errors.js';
import { readTextFile, writePrivateFile } from '../../core/lib/files.js';
import { secretLines } from '../../core/lib/secret-forms.js';
import { KUBECONFIG_FILE } from '../../core/lib/yaml.js';
import { kubeconfigSecrets } from '../../core/kube/kubeconfig.js';
import { openPipeline } from '../../core/engine/pipeline.js';
import type { Redactor } from '../../core/lib/redact.js';
import { checkStepIds, selectSteps } from '../../core/engine/selection.js';
import { interruptible, interruptNote } from '../../core/engine/signals.js';
import {
  checkDestroyConfirmation,
  deploymentMethod,
  clusterId,
  type DeploySettings,
  refuseWaitOptionsOnDestroy,
  upgradeConfigNote,
} from '../../core/model/settings.js';
import type { DeployState, StateStore } from '../../core/model/state.js';
import type { StepId } from '../../core/steps/index.js';
import type { ActionRun } from '../../github/runner/action-run.js';
import * as core from '../../github/runner/actions-core.js';
import { ArtifactStateStore } from '../../github/state/artifact-store.js';
import { secretBox } from '../../github/runner/clients.js';
import { startDeployment } from '../../github/reports/deployments.js';
import { cloudsYamlSecrets, readActionSettings, type ActionSettings } from '../../github/runner/inputs.js';
import { fetchSavedPlan } from '../../github/state/plan-artifact.js';
import { actionsOutput, runContext, runUrl } from '../../github/runner/runner.js';
import { writeSshPrivateKey } from '../../core/kubespray/ssh-key.js';
import { deployPostState, makeStateStore, postStepStateStore } from '../../github/state/state-stores.js';
import { deploySummary } from '../../github/reports/summary.js';
import { declaredBackend, localBackendRefusal, restoreSavedFiles } from '../../github/state/tofu-state.js';
import { requireLocalTofuState } from '../../core/tofu/state-guard.js';
import { reportPlanCredential } from '../../github/comments/plan-credential.js';
import { restoreVenvCache } from '../../github/state/venv-cache.js';
import { restoreKubesprayCache } from '../../github/state/kubespray-cache.js';
import { restoreProviderCache } from '../../github/state/provider-cache.js';

export interface DeployActionOptions {
  /** A per-step action (actions/<name>) and the steps it runs; the root action runs all of them. */
  only?: { action: string; steps: readonly StepId[] };
}

async function setKubeconfigOutputs(settings: ActionSettings, deploy: DeploySettings): Promise<void> {
  if (!existsSync(deploy.kubeconfigPath)) return;
  const text = readTextFile(deploy.kubeconfigPath, KUBECONFIG_FILE);
  for (const secret of kubeconfigSecrets(text, deploy.kubeconfigPath, deploy.kubeconfigPath)) core.setSecret(secret);
  core.setOutput('kubeconfig-path', deploy.kubeconfigPath);
  core.setOutput('kubeconfig', text);
  core.exportVariable('KUBECONFIG', deploy.kubeconfigPath);
  if (settings.kubeconfigPassphrase)
    core.setOutput(
      'kubeconfig-encrypted',
      await (await secretBox()).encryptWithPassphrase(text, settings.kubeconfigPassphrase),
    );
}

/**
 * The command that gives a person this cluster's kubeconfig from the state artifact (src/cli/kubeconfig.ts), when
 * the run leaves one there: an artifact store and a kubeconfig passphrase; a destroy or a check leaves none.
 */
function personKubeconfigCommand(
  settings: ActionSettings,
  deploy: DeploySettings,
  env: NodeJS.ProcessEnv,
): string | undefined {
  if (settings.stateStore !== 'artifact' || !settings.kubeconfigPassphrase || !env.GITHUB_REPOSITORY) return undefined;
  if (deploy.operation === 'destroy' || deploy.operation === 'check') return undefined;
  const words = ['cluster-deploy', 'kubeconfig', '--repo', env.GITHUB_REPOSITORY];
  words.push('--cluster', deploy.clusterName, '--org', deploy.organization);
  const { patterns } = settings.trustedBranches;
  if (patterns) words.push('--trusted-branches', patterns.join(','));
  const api = env.GITHUB_API_URL?.replace(/\/$/, '');
  if (api && api !== 'https://api.github.com') words.push('--api-url', api);
  return displayCommand(words);
}

/** This run in the timeline: GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT, when set. */
function ciRun(env: NodeJS.ProcessEnv): { id: number; attempt: number } | undefined {
  if (!/^\d+$/.test(env.GITHUB_RUN_ID ?? '')) return undefined;
  const attempt = Number(env.GITHUB_RUN_ATTEMPT);
  return { id: Number(env.GITHUB_RUN_ID), attempt: Number.isInteger(attempt) && attempt > 0 ? attempt : 1 };
}

function resumeDescription(store: StateStore): string | undefined {
  if (!(store instanceof ArtifactStateStore) || !store.origin) return undefined;
  const { runId, runAttempt, createdAt } = store.origin;
  return `run ${runId}${runAttempt ? ` attempt ${runAttempt}` : ''}${createdAt ? ` (state saved ${createdAt})` : ''}`;
}

/**
 * `uses: org/cluster-deploy@v1`, and with `only` each per-step action: inputs → settings → the
 * engine (or, for a dry run, the plan) → outputs, job summary, annotations. The SSH key written from
 * input ssh-private-key is removed when the step ends, however it ends: the per-step actions have no
 * post step, and the root action's post step removes it again only if this one was killed.
 */
export async function run(action: ActionRun, options: DeployActionOptions = {}): Promise<void> {
  try {
    await runOperation(action, options);
  } finally {
    await removeSshKeys(sshKeyDir(process.env)).catch((error) =>
      core.warning(`could not remove the SSH key: ${errorMessage(error)}`),
    );
  }
}

async function runOperation(action: ActionRun, options: DeployActionOptions): Promise<void> {
  // runAction has masked the secret inputs; an inline clouds.yaml's secrets too.
  const cloudsYaml = core.getInput('clouds-yaml');
  if (cloudsYaml) for (const secret of cloudsYamlSecrets(cloudsYaml)) core.setSecret(secret);
  deployPostState.markMain();
  const settings = readActionSettings((name) => core.getInput(name), process.env);
  if (settings.cloudsYamlContent) {
    const file = path.join(process.env.RUNNER_TEMP ?? '/tmp', 'cluster-deploy', 'clouds.yaml');
    await writePrivateFile(file, settings.cloudsYamlContent, 'clouds.yaml');
    settings.deploy.cloudsYaml = file;
  }
  if (settings.planArtifact) {
    const saved = await fetchSavedPlan(settings);
    if ('file' in saved) settings.deploy.savedPlan = saved;
    else if (settings.requireSavedPlan)
      settings.deploy.reviewedNoApply = { reason: saved.noApply, source: saved.source };
    else core.info('no saved plan to apply: opentofu-apply plans anew if it runs');
  }
  if (settings.sshPrivateKey) {
    // Line by line: the runner's masker matches single lines of a multi-line secret.
    for (const keyLine of secretLines(settings.sshPrivateKey)) core.setSecret(keyLine);
    settings.deploy.sshPrivateKeyFile = await writeSshPrivateKey(
      sshKeyDir(process.env),
      settings.sshPrivateKey,
      'input ssh-private-key',
      process.env as Record<string, string>,
    );
  }
  const secrets = [
    settings.kubeconfigPassphrase,
    settings.tofuStatePassphrase,
    settings.planPassphrase,
    settings.githubToken,
    settings.stateKey,
    settings.sshPrivateKey, // the redactor masks its lines too (secretLines)
  ].filter((s): s is string => !!s);
  const p = await openPipeline(settings.deploy, {
    only: options.only?.steps,
    secrets,
    githubToken: settings.githubToken ?? '', // the input alone: the runner exports no GITHUB_TOKEN to an action
    store: (deploy, logPath) => makeStateStore(settings, deploy, logPath),
  });
  const operation = p.settings.operation;
  // Before anything runs (no state loaded, no tofu): a destroy names the cluster it destroys. A dry run changes nothing.
  if (operation === 'destroy') {
    if (!settings.dryRun)
      checkDestroyConfirmation(p.settings, settings.confirmDestroy, { flag: 'input confirm-destroy:', input: '' });
    refuseWaitOptionsOnDestroy(p.settings, settings.deploy.waitReady, 'operation destroy', (name) => `input ${name}`);
  }
  core.setOutput('operation', operation);
  action.redactWith(p.redactor);
  // Secrets from the config file or clouds.yaml reach the runner's masker too.
  for (const secret of p.redactor.values) core.setSecret(secret);
  const { steps } = p;
  const store = p.store;
  // step and from-step against this action's steps, for the config's method, now that the config has said it.
  checkStepIds(
    settings.filter,
    { operation, method: deploymentMethod(p.settings), action: options.only?.action },
    steps.map((s) => s.id),
    (name) => `input ${name}`,
  );

  if (settings.dryRun) {
    action.started();
    // Loaded here only: the dry run's previews (the Cluster API's among them) are code no step needs.
    const { runDryRun } = await import('../../github/comments/dry-run.js');
    await runDryRun(p, settings, steps);
    return;
  }

  const selected = selectSteps(steps, settings.filter).map((s) => s.id);
  // A check plans with tofu: its credential is judged before any tofu command, whichever steps run.
  if (operation === 'check') await reportPlanCredential(p, settings.planCredential);
  const localBackend = (await declaredBackend(p.settings.clusterDir)) === 'local';
  if (selected.includes('opentofu-apply') && settings.tofuState !== 'artifact' && localBackend) {
    throw localBackendRefusal(p.settings.clusterDir);
  }
  let saved: DeployState | undefined;
  try {
    saved = await store.load();
  } catch (error) {
    if (!(settings.filter.restart && error instanceof UserError)) throw error;
    core.warning(`${errorMessage(error)}\n(ignored: restart is set)`);
  }
  await restoreSavedFiles(p, settings, { kubeconfig: true });
  // Before the venv cache and the deployment record: the same refusal the steps make, said at once.
  for (const step of ['opentofu-destroy', 'opentofu-drift'] as const)
    if (selected.includes(step)) await requireLocalTofuState(p.settings.clusterDir, step);
  // A completed or destroyed state, or another operation's, is not resumed (loadStartingState starts afresh).
  const resumes = saved && !saved.completedAt && !saved.destroyedAt && saved.operation === operation;
  const resumedFrom = resumes ? resumeDescription(store) : undefined;
  if (resumedFrom) core.info(`Resuming ${clusterId(p.settings)} from ${resumedFrom}`);

  const venvCache = settings.venvCache ? await restoreVenvCache(p.settings, steps) : undefined;
  const kubesprayCache = settings.venvCache ? await restoreKubesprayCache(p.settings, steps) : undefined;
  const providerCache = settings.venvCache ? await restoreProviderCache(p.settings, steps) : undefined;
  const deployment = await startDeployment(settings, clusterId(p.settings), p.settings.kubernetesVersion);
  const output = actionsOutput(p, { quiet: settings.quiet });
  let result: DeployResult;
  action.started();
  try {
    result = await interruptible(
      (message) => output.line(message),
      interruptNote(p.settings.operation),
      async (signal) => {
        return await runEngine({
          settings: p.settings,
          steps,
          store,
          output,
          filter: settings.filter,
          signal,
          logPath: p.logPath,
          ciRun: ciRun(process.env),
          // The action's ref (v1, a sha) is its version; it has no command line.
          invocation: {
            program: `cluster-deploy action${process.env.GITHUB_ACTION_REF ? `@${process.env.GITHUB_ACTION_REF}` : ''}`,
            argv: [],
          },
        });
      },
    );
  } finally {
    await output.close();
  }
  await deployment?.finish(result);
  await venvCache?.save(result);
  await kubesprayCache?.save(result);
  await providerCache?.save(result);
  // A destroy hands out no kubeconfig: after it the file is gone, and before, the cluster may be half gone. A check only reads one.
  if (operation !== 'destroy' && operation !== 'check') await setKubeconfigOutputs(settings, p.settings);
  if (result.endpoint) core.setOutput('endpoint', result.endpoint);
  core.setOutput('result', result.ok ? 'success' : result.interrupted ? 'interrupted' : 'failure');
  core.setOutput(
    'steps',
    JSON.stringify(
      // The reason too: a step with nothing to do says why as the plan did ("requirements … unchanged").
      result.reports.map(({ id, status, reason, durationMs, detail, error }) => ({
        id,
        status,
        reason,
        durationMs,
        detail,
        error,
      })),
    ),
  );
  if (result.checkReport) {
    await reportCheck(result.checkReport, settings, p.redactor);
  } else {
    const summary = deploySummary(result, {
      stateLocation: store.location,
      logLocation: settings.stateStore === 'artifact' ? `deploy.log in the same artifact` : result.logPath,
      resumedFrom,
      resumeHint: result.refused
        ? undefined
        : operation === 'check'
          ? 'A check keeps no state: run it again once the cause is fixed.'
          : `To continue, re-run this job (state is saved), or set \`from-step: ${result.failedStep}\`; \`restart: true\` starts over.`,
      operation,
      targetVersion: p.settings.kubernetesVersion,
      ...(operation === 'upgrade' && { followUp: upgradeConfigNote(p.settings) }),
      kubeconfigCommand: personKubeconfigCommand(settings, p.settings, process.env),
    });
    await core.appendSummary(p.redactor.redact(summary));
  }
  if (!result.ok) {
    // One annotation that names the step; setFailed would add a second, vaguer one.
    core.error(result.error ?? 'deploy failed', { title: `cluster-deploy: step ${result.failedStep} failed` });
    process.exitCode = 1;
  }
}

/**
 * operation check: the findings in the log, the outputs (drift, healthy, the report as JSON), the job
 * summary, then, with health-issue, the cluster's health issue. Findings do not fail the job: a
 * workflow decides with the outputs.
 */
async function reportCheck(report: CheckReport, settings: ActionSettings, redactor: Redactor): Promise<void> {
  // Loaded by a check only: the report's schemas and renderers are code no other run needs.
  const [{ describeCheckReport }, { renderCheckReport }, { reportHealthIssue }] = await Promise.all([
    import('../../core/model/check-report.js'),
    import('../../github/reports/check-summary.js'),
    import('../../github/reports/health-issue.js'),
  ]);
  for (const line of describeCheckReport(report)) core.info(line);
  core.setOutput('drift', String(report.drift));
  core.setOutput('healthy', String(report.healthy));
  core.setOutput('report', JSON.stringify(report));
  await core.appendSummary(redactor.redact(renderCheckReport(report)));
  if (!settings.healthIssue) return;
  const run = runContext(settings.githubToken, process.env, { purpose: 'health-issue', permissions: 'issues: write' });
  const issue = await reportHealthIssue({
    token: run.token,
    repository: `${run.owner}/${run.repo}`,
    report,
    runUrl: runUrl(run),
  });
  core.info(`health issue: ${issue.action}${issue.url ? ` (${issue.url})` : ''}`);
}

/** The post step: upload the final state and the full log, whatever happened to the main step. Never fails the job. */
export async function post(): Promise<void> {
  // The SSH key goes whatever happened: the main step may have been killed before it removed it.
  await removeSshKeys(sshKeyDir(process.env)).catch((error) =>
    core.warning(`could not remove the SSH key: ${errorMessage(error)}`),
  );
  try {
    const store = postStepStateStore({
      githubToken: core.getInput('github-token'),
      kubeconfigPassphrase: core.getInput('kubeconfig-passphrase'),
      tofuStatePassphrase: core.getInput('tofu-state-passphrase'),
      stateKey: core.getInput('state-key'),
    });
    if (
      !store ||
      !(await fs.access(store.statePath).then(
        () => true,
        () => false,
      ))
    )
      return;
    await store.upload();
    core.info(`uploaded the final resume state and log as artifact "${store.name}"`);
  } catch (error) {
    core.warning(`could not upload the final state: ${errorMessage(error)}`);
  }
}

/** Where the ssh-private-key input is written: a private directory per run under RUNNER_TEMP. */
function sshKeyDir(env: NodeJS.ProcessEnv): string {
  return path.join(env.RUNNER_TEMP ?? tmpdir(), 'cluster-deploy');
}

async function removeSshKeys(dir: string): Promise<void> {
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    if (name.startsWith('cluster-deploy-ssh-')) await fs.rm(path.join(dir, name), { recursive: true, force: true });
  }
}
