import * as core from '@actions/core';
import { getOctokit } from '@actions/github';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { runDeploy, type DeployResult } from '../core/engine.js';
import { selectSteps } from '../core/selection.js';
import { UserError, errorMessage } from '../core/errors.js';
import { ensurePrivateDir, writeFileAtomic } from '../core/files.js';
import { kubeconfigSecrets } from '../core/kubeconfig.js';
import { openPipeline, type Pipeline } from '../core/pipeline.js';
import { encryptWithPassphrase } from '../core/secret-box.js';
import { abortOnSignals } from '../core/signals.js';
import { clusterId, runtimePaths, type DeploySettings } from '../core/settings.js';
import { LocalStateStore, type DeployState, type StateStore } from '../core/state.js';
import type { StepId } from '../core/steps/index.js';
import { ArtifactStateStore, stateArtifactName, type CompanionFile } from './artifact-store.js';
import { actionsOutput, runContext, runUrl } from './runner.js';
import { cloudsYamlSecrets, readActionSettings, SECRET_INPUTS, type ActionSettings } from './inputs.js';
import { fetchSavedPlan, runPlanAction } from './plan-action.js';
import { deploySummary } from './summary.js';
import { restoreVenvCache } from './venv-cache.js';
import { declaredBackend, encryptedCompanion, KUBECONFIG_ARTIFACT_FILE, localBackendRefusal, restoreSavedFiles, TOFU_STATE_ARTIFACT_FILE, tofuStateFile } from './tofu-state.js';

/** Names saved for the post step, which uploads the final state even after failure or cancellation. */
export const POST_STATE = { artifactDir: 'artifact-dir', artifactName: 'artifact-name', cluster: 'cluster', logPath: 'log-path', tofuDir: 'tofu-dir', kubeconfig: 'kubeconfig' } as const;

const IS_POST = 'is-post';

/** True in the post step: the main step leaves a mark in the action's state. */
export function isPostStep(): boolean {
  return core.getState(IS_POST) === 'true';
}

/** Masks every secret input before anything else can print it. */
export function maskSecretInputs(): void {
  for (const name of SECRET_INPUTS) {
    const value = core.getInput(name);
    if (!value) continue;
    core.setSecret(value);
    if (name === 'clouds-yaml') for (const leaf of cloudsYamlSecrets(value)) core.setSecret(leaf);
  }
}

/** A store that keeps nothing: every run starts from scratch (state-store: none). */
class MemoryStateStore implements StateStore {
  readonly location = 'nowhere (state-store: none)';
  private state?: DeployState;
  async load() {
    return this.state;
  }
  async save(state: DeployState) {
    this.state = structuredClone(state);
  }
}

/**
 * What travels with the state: the log, the tofu state (tofu-state: artifact) and the kubeconfig
 * (with a passphrase), both encrypted, so a fresh runner can continue past the steps that made them.
 */
function companions(logPath: string, tofuDir: string | undefined, tofuPassphrase: string | undefined, kubeconfig: string | undefined, kubeconfigPassphrase: string | undefined): CompanionFile[] {
  const files: CompanionFile[] = [{ name: 'deploy.log', read: () => fs.readFile(logPath).catch(() => undefined) }];
  if (tofuDir && tofuPassphrase) files.push(encryptedCompanion(TOFU_STATE_ARTIFACT_FILE, tofuStateFile(tofuDir), tofuPassphrase));
  if (kubeconfig && kubeconfigPassphrase) files.push(encryptedCompanion(KUBECONFIG_ARTIFACT_FILE, kubeconfig, kubeconfigPassphrase));
  return files;
}

function makeStore(settings: ActionSettings, deploy: DeploySettings, logPath: string): StateStore {
  const cluster = clusterId(deploy);
  if (settings.stateStore === 'none') return new MemoryStateStore();
  if (settings.stateStore === 'local') return new LocalStateStore(runtimePaths(deploy).statePath, cluster);
  const dir = path.dirname(runtimePaths(deploy).statePath);
  const name = stateArtifactName(deploy.organization, deploy.clusterName);
  core.saveState(POST_STATE.artifactDir, dir);
  core.saveState(POST_STATE.artifactName, name);
  core.saveState(POST_STATE.cluster, cluster);
  core.saveState(POST_STATE.logPath, logPath);
  core.saveState(POST_STATE.kubeconfig, deploy.kubeconfigPath);
  const tofuDir = settings.tofuState === 'artifact' ? deploy.clusterDir : undefined;
  if (tofuDir) core.saveState(POST_STATE.tofuDir, tofuDir);
  const files = companions(logPath, tofuDir, settings.tofuStatePassphrase, deploy.kubeconfigPath, settings.kubeconfigPassphrase);
  return new ArtifactStateStore({ run: runContext(settings.githubToken), name, cluster, dir, companions: files });
}

async function setKubeconfigOutputs(settings: ActionSettings, deploy: DeploySettings): Promise<void> {
  const text = await fs.readFile(deploy.kubeconfigPath, 'utf8').catch(() => undefined);
  if (text === undefined) return;
  for (const secret of kubeconfigSecrets(text, deploy.kubeconfigPath)) core.setSecret(secret);
  core.setOutput('kubeconfig-path', deploy.kubeconfigPath);
  core.setOutput('kubeconfig', text);
  core.exportVariable('KUBECONFIG', deploy.kubeconfigPath);
  if (settings.kubeconfigPassphrase) core.setOutput('kubeconfig-encrypted', await encryptWithPassphrase(text, settings.kubeconfigPassphrase));
}

interface Deployment {
  finish(result: DeployResult): Promise<void>;
}

/** GitHub Deployments for the `environment` input: in_progress now, success/failure at the end. */
async function startDeployment(settings: ActionSettings, cluster: string): Promise<Deployment | undefined> {
  if (!settings.environment) return undefined;
  const run = runContext(settings.githubToken);
  const octokit = getOctokit(run.token, { baseUrl: run.apiUrl });
  const logUrl = runUrl(run);
  const ref = process.env.GITHUB_SHA ?? process.env.GITHUB_REF ?? 'HEAD';
  let id: number;
  try {
    const created = await octokit.rest.repos.createDeployment({
      owner: run.owner,
      repo: run.repo,
      ref,
      environment: settings.environment,
      auto_merge: false,
      required_contexts: [],
      description: `cluster-deploy ${cluster}`,
    });
    id = (created.data as { id: number }).id;
    await octokit.rest.repos.createDeploymentStatus({ owner: run.owner, repo: run.repo, deployment_id: id, state: 'in_progress', log_url: logUrl });
  } catch (error) {
    core.warning(`could not record a GitHub deployment for ${settings.environment} (${errorMessage(error)}); add "permissions: deployments: write" to the job`);
    return undefined;
  }
  return {
    async finish(result) {
      await octokit.rest.repos
        .createDeploymentStatus({
          owner: run.owner,
          repo: run.repo,
          deployment_id: id,
          state: result.ok ? 'success' : 'failure',
          log_url: logUrl,
          ...(result.endpoint && { environment_url: result.endpoint }),
          description: result.ok ? 'deployed' : (result.error ?? 'failed').slice(0, 140),
        })
        .catch((error: unknown) => core.warning(`could not update the GitHub deployment: ${errorMessage(error)}`));
    },
  };
}

function resumeDescription(store: StateStore): string | undefined {
  if (!(store instanceof ArtifactStateStore) || !store.origin) return undefined;
  const { runId, runAttempt, createdAt } = store.origin;
  return `run ${runId}${runAttempt ? ` attempt ${runAttempt}` : ''}${createdAt ? ` (state saved ${createdAt})` : ''}`;
}

export interface DeployActionOptions {
  /** The steps this action runs; all of them for the root action. */
  only?: readonly StepId[];
}

/** The whole action: inputs → settings → the engine → outputs, summary, annotations. */
export async function runDeployAction(options: DeployActionOptions = {}): Promise<void> {
  maskSecretInputs();
  core.saveState(IS_POST, 'true');
  let pipeline: Pipeline | undefined;
  try {
    const settings = readActionSettings((name) => core.getInput(name), process.env);
    if (settings.cloudsYamlContent) {
      const dir = path.join(process.env.RUNNER_TEMP ?? '/tmp', 'cluster-deploy');
      await ensurePrivateDir(dir);
      const file = path.join(dir, 'clouds.yaml');
      await writeFileAtomic(file, settings.cloudsYamlContent, 0o600);
      settings.deploy.cloudsYaml = file;
    }
    if (settings.planArtifact) settings.deploy.savedPlan = await fetchSavedPlan(settings);
    const secrets = [settings.kubeconfigPassphrase, settings.tofuStatePassphrase, settings.planPassphrase, settings.githubToken].filter((s): s is string => !!s);
    pipeline = await openPipeline(settings.deploy, { secrets, store: (deploy, logPath) => makeStore(settings, deploy, logPath) });
    const p = pipeline;
    // Secrets from the config file or clouds.yaml reach the runner's masker too.
    for (const secret of p.redactor.values) core.setSecret(secret);
    const steps = options.only ? p.steps.filter((s) => options.only!.includes(s.id)) : p.steps;
    const store = p.store;

    if (settings.dryRun) {
      await runPlanAction(p, settings, steps);
      return;
    }

    const selected = selectSteps(steps, settings.filter).map((s) => s.id);
    if (selected.includes('opentofu-apply') && settings.tofuState !== 'artifact' && (await declaredBackend(p.settings.clusterDir)) === 'local') {
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
    const resumedFrom = saved && !saved.completedAt ? resumeDescription(store) : undefined;
    if (resumedFrom) core.info(`Resuming ${clusterId(p.settings)} from ${resumedFrom}`);

    const venvCache = settings.venvCache ? await restoreVenvCache(p.settings, steps) : undefined;
    const deployment = await startDeployment(settings, clusterId(p.settings));
    const output = actionsOutput(p);
    const controller = new AbortController();
    const dispose = abortOnSignals(controller, (message) => output.line(message));
    let result: DeployResult;
    try {
      result = await runDeploy({ settings: p.settings, steps, store, output, filter: settings.filter, signal: controller.signal, logPath: p.logPath });
    } finally {
      dispose();
      await output.close();
    }
    await deployment?.finish(result);
    await venvCache?.save(result);
    await setKubeconfigOutputs(settings, p.settings);
    if (result.endpoint) core.setOutput('endpoint', result.endpoint);
    core.setOutput('result', result.ok ? 'success' : result.interrupted ? 'interrupted' : 'failure');
    core.setOutput('steps', JSON.stringify(result.reports.map(({ id, status, durationMs, detail, error }) => ({ id, status, durationMs, detail, error }))));
    const summary = deploySummary(result, {
      stateLocation: store.location,
      logLocation: settings.stateStore === 'artifact' ? `deploy.log in the same artifact` : result.logPath,
      resumedFrom,
      resumeHint: `To continue, re-run this job (state is saved), or set \`from-step: ${result.failedStep}\`; \`restart: true\` starts over.`,
    });
    await core.summary.addRaw(p.redactor.redact(summary)).write();
    if (!result.ok) {
      // One annotation that names the step; setFailed would add a second, vaguer one.
      core.error(result.error ?? 'deploy failed', { title: `cluster-deploy: step ${result.failedStep} failed` });
      process.exitCode = 1;
    }
  } catch (error) {
    const message = pipeline ? pipeline.redactor.redact(errorMessage(error)) : errorMessage(error);
    const detail = error instanceof UserError ? message : `internal error: ${message}\n${(error as Error)?.stack ?? ''}`;
    core.setOutput('result', 'failure');
    await core.summary.addRaw(`### ❌ cluster-deploy could not start\n\n${detail.split('\n')[0]}\n`).write().catch(() => undefined);
    core.setFailed(detail);
  }
}

/** The post step: upload the final state and the full log, whatever happened to the main step. */
export async function runPostAction(): Promise<void> {
  const dir = core.getState(POST_STATE.artifactDir);
  const name = core.getState(POST_STATE.artifactName);
  if (!dir || !name) return;
  try {
    const kubeconfigPassphrase = core.getInput('kubeconfig-passphrase');
    const tofuPassphrase = core.getInput('tofu-state-passphrase') || kubeconfigPassphrase;
    const files = companions(core.getState(POST_STATE.logPath), core.getState(POST_STATE.tofuDir) || undefined, tofuPassphrase, core.getState(POST_STATE.kubeconfig), kubeconfigPassphrase);
    const store = new ArtifactStateStore({ run: runContext(core.getInput('github-token')), name, cluster: core.getState(POST_STATE.cluster), dir, companions: files });
    if (!(await fs.access(store.statePath).then(() => true, () => false))) return;
    await store.upload();
    core.info(`uploaded the final resume state and log as artifact "${name}"`);
  } catch (error) {
    core.warning(`could not upload the final state: ${errorMessage(error)}`);
  }
}
