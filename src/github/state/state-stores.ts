import { promises as fs } from 'node:fs';
import path from 'node:path';
import { keepsResumeState } from '../../core/engine/selection.js';
import { clusterId, runtimePaths, type DeploySettings } from '../../core/model/settings.js';
import { kubesprayPaths } from '../../core/kubespray/paths.js';
import { LocalStateStore, type DeployState, type StateStore } from '../../core/model/state.js';
import { postStepState } from '../runner/action-run.js';
import { UserError } from '../../core/lib/errors.js';
import { ArtifactStateStore, type CompanionFile } from './artifact-store.js';
import {
  INVENTORY_ARTIFACT_FILE,
  KUBECONFIG_ARTIFACT_FILE,
  legacyStateArtifactName,
  stateArtifactName,
  TOFU_STATE_ARTIFACT_FILE,
} from './artifact-names.js';
import type { ActionSettings } from '../runner/inputs.js';
import { runContext } from '../runner/runner.js';
import { encryptedCompanion, tofuStateFile } from './tofu-state.js';
import { listSnapshots, snapshotFile } from '../../core/kubespray/etcd-snapshot.js';

/** The newest etcd snapshot, as it travels in the state artifact (already encrypted). */
const ETCD_SNAPSHOT_ARTIFACT_FILE = 'etcd-snapshot.db.age';
const ETCD_SNAPSHOT_ARTIFACT_MAX_BYTES = 64 * 1024 * 1024;

/** What the deploy action's post step needs to upload the final state, even after failure or cancellation. */
export const deployPostState = postStepState({
  artifactDir: 'artifact-dir',
  artifactName: 'artifact-name',
  cluster: 'cluster',
  logPath: 'log-path',
  tofuDir: 'tofu-dir',
  kubeconfig: 'kubeconfig',
  inventory: 'inventory',
  etcdSnapshots: 'etcd-snapshots',
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
 * What travels with the state: the log, the tofu state (tofu-state: artifact), and with a kubeconfig
 * passphrase the kubeconfig and the inventory the apply wrote, all encrypted, so a fresh runner can
 * continue past the steps that made them (and a check compare the nodes with the inventory).
 */
function companions(
  logPath: string,
  tofu: { dir: string | undefined; passphrase: string | undefined },
  kubeconfigPassphrase: string | undefined,
  files: { kubeconfig: string | undefined; inventory: string | undefined; etcdSnapshots?: string },
): CompanionFile[] {
  const companions: CompanionFile[] = [{ name: 'deploy.log', read: () => fs.readFile(logPath).catch(() => undefined) }];
  // The newest etcd snapshot (encrypted when taken): a runner's disk goes with its job, the artifact stays (and
  // sealed with the state). `cluster-deploy etcd-restore` reads it from <state dir>/<org>/<cluster>/etcd-snapshots/.
  const snapshots = files.etcdSnapshots;
  if (snapshots)
    companions.push({
      name: ETCD_SNAPSHOT_ARTIFACT_FILE,
      read: async () => {
        const newest = (await listSnapshots(snapshots).catch(() => [])).at(-1);
        if (!newest) return undefined;
        const file = snapshotFile(snapshots, newest);
        // The state is uploaded at every step: a large cluster's snapshot stays on the runner (named in the step).
        const { size } = await fs.stat(file);
        return size <= ETCD_SNAPSHOT_ARTIFACT_MAX_BYTES ? fs.readFile(file) : undefined;
      },
    });
  if (tofu.dir && tofu.passphrase)
    companions.push(encryptedCompanion(TOFU_STATE_ARTIFACT_FILE, tofuStateFile(tofu.dir), tofu.passphrase));
  if (!kubeconfigPassphrase) return companions;
  if (files.kubeconfig)
    companions.push(encryptedCompanion(KUBECONFIG_ARTIFACT_FILE, files.kubeconfig, kubeconfigPassphrase));
  if (files.inventory)
    companions.push(encryptedCompanion(INVENTORY_ARTIFACT_FILE, files.inventory, kubeconfigPassphrase));
  return companions;
}

/**
 * The state-store input's store; an artifact store also leaves the post step what it needs. A plan
 * (dry run) and a check read the deploy's artifact but write none: only jobs that deploy seal state.
 */
export function makeStateStore(settings: ActionSettings, deploy: DeploySettings, logPath: string): StateStore {
  const cluster = clusterId(deploy);
  if (settings.stateStore === 'none') return new MemoryStateStore();
  if (settings.stateStore === 'local') return new LocalStateStore(runtimePaths(deploy).statePath, cluster);
  const readOnly = settings.dryRun || !keepsResumeState(deploy.operation);
  if (!settings.dryRun && !settings.stateKey)
    throw new UserError(
      `state-store: artifact needs state-key for operation ${deploy.operation}: the resume state decides which steps are skipped, so only state sealed with a key the deploying environments hold is restored. ` +
        'Set state-key: ${{ secrets.STATE_KEY }} (32 or more random characters: openssl rand -base64 32), or use state-store: local or none',
    );
  const dir = path.dirname(runtimePaths(deploy).statePath);
  const name = stateArtifactName(deploy.organization, deploy.clusterName);
  const tofuDir = settings.tofuState === 'artifact' ? deploy.clusterDir : undefined;
  const inventory = kubesprayPaths(deploy).inventory;
  if (!readOnly)
    deployPostState.save({
      artifactDir: dir,
      artifactName: name,
      cluster,
      logPath,
      kubeconfig: deploy.kubeconfigPath,
      tofuDir,
      inventory,
      etcdSnapshots: deploy.etcdSnapshots.dir,
    });
  const files = companions(
    logPath,
    { dir: tofuDir, passphrase: settings.tofuStatePassphrase },
    settings.kubeconfigPassphrase,
    { kubeconfig: deploy.kubeconfigPath, inventory, etcdSnapshots: deploy.etcdSnapshots.dir },
  );
  return new ArtifactStateStore({
    run: runContext(settings.githubToken),
    name,
    legacyName: legacyStateArtifactName(deploy.organization, deploy.clusterName),
    cluster,
    dir,
    companions: files,
    trust: { key: settings.stateKey, branches: settings.trustedBranches },
    readOnly,
  });
}

/** The post step's view of the main step's artifact store, or undefined when the main step kept none. */
export function postStepStateStore(inputs: {
  githubToken: string;
  kubeconfigPassphrase: string;
  tofuStatePassphrase: string;
  stateKey: string;
}): ArtifactStateStore | undefined {
  const saved = deployPostState.load();
  if (!saved.artifactDir || !saved.artifactName) return undefined;
  const tofuPassphrase = inputs.tofuStatePassphrase || inputs.kubeconfigPassphrase;
  const files = companions(
    saved.logPath,
    { dir: saved.tofuDir || undefined, passphrase: tofuPassphrase },
    inputs.kubeconfigPassphrase,
    {
      kubeconfig: saved.kubeconfig,
      inventory: saved.inventory || undefined,
      etcdSnapshots: saved.etcdSnapshots || undefined,
    },
  );
  return new ArtifactStateStore({
    run: runContext(inputs.githubToken),
    name: saved.artifactName,
    cluster: saved.cluster,
    dir: saved.artifactDir,
    companions: files,
    // Only uploads: what it would restore does not matter here.
    trust: { key: inputs.stateKey || undefined, branches: {} },
  });
}
