import { promises as fs } from 'node:fs';
import path from 'node:path';
import { keepsResumeState } from '../core/selection.js';
import { clusterId, runtimePaths, type DeploySettings } from '../core/settings.js';
import { LocalStateStore, type DeployState, type StateStore } from '../core/state.js';
import { postStepState } from './action-run.js';
import { ArtifactStateStore, stateArtifactName, type CompanionFile } from './artifact-store.js';
import type { ActionSettings } from './inputs.js';
import { runContext } from './runner.js';
import { encryptedCompanion, KUBECONFIG_ARTIFACT_FILE, TOFU_STATE_ARTIFACT_FILE, tofuStateFile } from './tofu-state.js';

/** What the deploy action's post step needs to upload the final state, even after failure or cancellation. */
export const deployPostState = postStepState({
  artifactDir: 'artifact-dir',
  artifactName: 'artifact-name',
  cluster: 'cluster',
  logPath: 'log-path',
  tofuDir: 'tofu-dir',
  kubeconfig: 'kubeconfig',
});

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

/** The state-store input's store; an artifact store also leaves the post step what it needs. */
export function makeStateStore(settings: ActionSettings, deploy: DeploySettings, logPath: string): StateStore {
  const cluster = clusterId(deploy);
  if (settings.stateStore === 'none') return new MemoryStateStore();
  if (settings.stateStore === 'local') return new LocalStateStore(runtimePaths(deploy).statePath, cluster);
  const dir = path.dirname(runtimePaths(deploy).statePath);
  const name = stateArtifactName(deploy.organization, deploy.clusterName);
  const tofuDir = settings.tofuState === 'artifact' ? deploy.clusterDir : undefined;
  // A check reads the deploy's artifact (its tofu state and kubeconfig) but uploads nothing: that state stays the deploy's.
  if (keepsResumeState(deploy.operation)) deployPostState.save({ artifactDir: dir, artifactName: name, cluster, logPath, kubeconfig: deploy.kubeconfigPath, tofuDir });
  const files = companions(logPath, tofuDir, settings.tofuStatePassphrase, deploy.kubeconfigPath, settings.kubeconfigPassphrase);
  return new ArtifactStateStore({ run: runContext(settings.githubToken), name, cluster, dir, companions: files });
}

/** The post step's view of the main step's artifact store, or undefined when the main step kept none. */
export function postStepStateStore(inputs: { githubToken: string; kubeconfigPassphrase: string; tofuStatePassphrase: string }): ArtifactStateStore | undefined {
  const saved = deployPostState.load();
  if (!saved.artifactDir || !saved.artifactName) return undefined;
  const tofuPassphrase = inputs.tofuStatePassphrase || inputs.kubeconfigPassphrase;
  const files = companions(saved.logPath, saved.tofuDir || undefined, tofuPassphrase, saved.kubeconfig, inputs.kubeconfigPassphrase);
  return new ArtifactStateStore({ run: runContext(inputs.githubToken), name: saved.artifactName, cluster: saved.cluster, dir: saved.artifactDir, companions: files });
}
