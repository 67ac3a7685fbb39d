import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Exec } from '../lib/command.js';
import { UserError } from '../lib/errors.js';
import { pathExists, writeFileAtomic } from '../lib/files.js';
import type { DeployOutput } from '../lib/output.js';
import {
  keepSnapshot,
  openSnapshot,
  requirePassphrase,
  SNAPSHOT_PLAYBOOK,
  snapshotName,
} from '../kubespray/etcd-snapshot.js';
import type { ExtraVars } from '../kubespray/extra-vars.js';
import { readInventory } from '../kubespray/node-changes.js';
import { previewVersionPath } from '../kubespray/node-plan.js';
import { isControlPlaneOrEtcd } from '../kubespray/node-roll.js';
import { kubesprayPaths } from '../kubespray/paths.js';
import { ETCD_SNAPSHOT_PASSPHRASE_ENV, type DeploySettings } from '../model/settings.js';
import {
  skipIf,
  type DecisionMoment,
  type Step,
  type StepContext,
  type StepDecision,
  type StepPlan,
} from '../model/step.js';
import type { DeployState } from '../model/state.js';
import { kubesprayPlaybook, requirePlaybookInputs } from './kubespray.js';

/**
 * Whether a deploy takes a snapshot: when its plan removes a control-plane or etcd node (unknown roles count as
 * such), or when it takes the upgrade path (judged as its plan shows it, from the versions the state recorded),
 * or may take it: a kept cluster whose version the state does not record, with upgrade_on_deploy (the playbook
 * step reads it from the nodes, after this step). A plan made before opentofu-plan cannot know which nodes go, and says so.
 */
export function deploySnapshotDecision(
  settings: DeploySettings,
): (state: DeployState, moment: DecisionMoment) => StepDecision | undefined {
  return (state, moment) => {
    const work = state.nodeWork;
    const route = previewVersionPath(settings, work ? work.newCluster : undefined, state).path;
    if (route?.kind === 'upgrade') return { action: 'run', reason: `the deploy upgrades first (${route.reason})` };
    if (route?.readFromNodes && settings.upgradeOnDeploy && settings.kubernetesVersion)
      return {
        action: 'run',
        reason:
          'the state records no Kubernetes version of this kept cluster, and with upgrade_on_deploy the deploy upgrades if its nodes run an older one',
      };
    if (!moment.nodeWorkKnown)
      return skipIf('taken only if opentofu-plan removes a control-plane or etcd node, or the deploy upgrades');
    const risky = (work?.remove ?? []).filter((node) =>
      (work?.removeRoles[node] ?? ['control-plane']).some((role) => role !== 'worker'),
    );
    return risky.length
      ? { action: 'run', reason: `the plan removes control-plane or etcd node ${risky.join(', ')}` }
      : skipIf('the plan removes no control-plane or etcd node and upgrades nothing');
  };
}

/** Whether replace-nodes takes a snapshot: when a node it has left to replace is a control-plane or etcd node. */
export function replaceNodesSnapshotDecision(state: DeployState, moment: DecisionMoment): StepDecision | undefined {
  const roll = state.nodeRoll;
  if (!roll)
    return skipIf(
      moment.nodeWorkKnown
        ? 'no node to replace'
        : 'taken only if opentofu-replace-plan finds a control-plane or etcd node to replace',
    );
  const risky = roll.nodes.filter((node) => !roll.done.includes(node.name) && isControlPlaneOrEtcd(node));
  return risky.length
    ? { action: 'run', reason: `replaces control-plane or etcd node ${risky.map((node) => node.name).join(', ')}` }
    : skipIf('replace-nodes replaces only workers');
}

/**
 * Before a risky step (upgrade, control-plane or etcd removal, a Kubespray bump, a rolling replacement):
 * `etcdctl snapshot save` on the first etcd host, fetched to the runner, encrypted and kept in the state
 * directory (kubespray/etcd-snapshot.ts), its name in the state for `cluster-deploy etcd-restore`.
 * An operation adds the id `etcd-snapshot` to its list before its risky step; `ownDecision` says when it may skip.
 */
export class EtcdSnapshotStep implements Step {
  readonly id = 'etcd-snapshot' as const;
  readonly title = 'Save an etcd snapshot first';
  readonly kind = 'remote' as const;

  constructor(
    private readonly settings: DeploySettings,
    private readonly ownDecision: (state: DeployState, moment: DecisionMoment) => StepDecision | undefined = () =>
      undefined,
  ) {}

  private get playbook(): string {
    return path.join(this.settings.etcdSnapshots.dir, 'save-snapshot.yml');
  }

  private command(name: string, localFile: string) {
    const spec = kubesprayPlaybook(this.settings, this.playbook, {
      cluster_deploy_snapshot: name,
      cluster_deploy_local_file: localFile,
    });
    // Its own playbook, not Kubespray's: no cloud controller reads the OpenStack credentials here.
    return { ...spec, env: Object.fromEntries(Object.entries(spec.env).filter(([name]) => !name.startsWith('OS_'))) };
  }

  async plan(): Promise<StepPlan> {
    const { dir, keep } = this.settings.etcdSnapshots;
    const name = `etcd-<UTC time>-${this.settings.operation}`;
    const command = this.command(name, path.join(dir, `.incoming-${name}.db`));
    return {
      workingDir: command.cwd,
      command,
      reads: [kubesprayPaths(this.settings).inventory],
      writes: [path.join(dir, `${name}.db.age`)],
      actions: [
        "etcdctl snapshot save on the first etcd host with Kubespray's etcd client certificates, fetched to this machine",
        `encrypted with age (passphrase ${ETCD_SNAPSHOT_PASSPHRASE_ENV}), the plain file deleted; the newest ${keep} kept`,
        'its name in the resume state and the summary; `cluster-deploy etcd-restore --snapshot <name>` restores it',
      ],
    };
  }

  decide(state: DeployState, moment: DecisionMoment): StepDecision | undefined {
    return this.ownDecision(state, moment);
  }

  async run(context: StepContext): Promise<string> {
    const snapshots = this.settings.etcdSnapshots;
    requirePassphrase(snapshots.passphrase, 'etcd-snapshot');
    await requirePlaybookInputs(this.settings);
    const name = snapshotName(this.settings.operation);
    const incoming = path.join(snapshots.dir, `.incoming-${name}.db`);
    await fs.mkdir(snapshots.dir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.playbook, SNAPSHOT_PLAYBOOK);
    await context.exec(this.command(name, incoming));
    if (!(await pathExists(incoming)))
      throw new UserError(
        `etcd-snapshot: no snapshot came back: the inventory ${kubesprayPaths(this.settings).inventory} has no host in its etcd group (the playbook matched none)`,
      );
    const kept = await keepSnapshot(snapshots, name, incoming);
    context.state.etcdSnapshot = { name, file: kept.file, takenAt: new Date().toISOString() };
    context.output.line(
      `      restore with: cluster-deploy etcd-restore --snapshot ${name} (see docs/operations/etcd-snapshots.md)`,
    );
    const pruned = kept.pruned.length ? `; removed the older ${kept.pruned.join(', ')}` : '';
    return `${name} saved (${kept.bytes} bytes, encrypted) to ${kept.file}${pruned}`;
  }
}

export interface EtcdRestoreRequest {
  /** A kept snapshot's name, or `latest`. */
  snapshot: string;
  /** The etcd members that are lost (Kubespray's broken_etcd group). */
  brokenEtcd: string[];
  /** The control-plane nodes that are lost (broken_kube_control_plane). */
  brokenControlPlane: string[];
}

/**
 * `cluster-deploy etcd-restore`: Kubespray's recovery, docs/operations/recover-control-plane.md ("Recover
 * from lost quorum"): the broken members in `broken_etcd` (and `broken_kube_control_plane`), the surviving
 * ones first in `etcd` and `kube_control_plane`, then `recover-control-plane.yml --limit etcd,kube_control_plane
 * -e etcd_retries=10 -e etcd_snapshot=<file>` (after playbooks/facts.yml, which a --limit run needs). The snapshot is copied from this machine to the first etcd host
 * and restored there only when quorum is lost (roles/recover_control_plane/etcd/tasks/main.yml: with quorum,
 * the broken members are removed and rejoined instead). The groups go in a second inventory file (-i), so the
 * cluster's inventory is not edited; the decrypted snapshot lives only for the run.
 */
export async function restoreEtcd(
  settings: DeploySettings,
  request: EtcdRestoreRequest,
  exec: Exec,
  output: DeployOutput,
): Promise<string> {
  requirePassphrase(settings.etcdSnapshots.passphrase, 'etcd-restore');
  await requirePlaybookInputs(settings);
  const inventoryFile = kubesprayPaths(settings).inventory;
  const inventory = readInventory(inventoryFile)!;
  const outside = (hosts: string[], group: string[], name: string) =>
    hosts.filter((host) => !group.includes(host)).map((host) => `${host} (not in ${name})`);
  const unknown = [
    ...outside(request.brokenEtcd, inventory.etcd, 'etcd'),
    ...outside(request.brokenControlPlane, inventory.controlPlane, 'kube_control_plane'),
  ];
  if (unknown.length) throw new UserError(`etcd-restore: ${unknown.join(', ')} of ${inventoryFile}`);
  const firsts = [
    request.brokenEtcd.includes(inventory.etcd[0] ?? '') ? `${inventory.etcd[0]} (first of etcd)` : '',
    request.brokenControlPlane.includes(inventory.controlPlane[0] ?? '')
      ? `${inventory.controlPlane[0]} (first of kube_control_plane)`
      : '',
  ].filter(Boolean);
  if (firsts.length)
    throw new UserError(
      `etcd-restore: ${firsts.join(' and ')} is listed as broken: Kubespray recovers from the first hosts of etcd and kube_control_plane, so place a surviving node first in ${inventoryFile} (docs/operations/recover-control-plane.md, "Runbook")`,
    );
  const dir = settings.etcdSnapshots.dir;
  const plain = path.join(dir, '.restore.db');
  const brokenFile = path.join(dir, 'broken-hosts.yaml');
  try {
    const name = await openSnapshot(settings.etcdSnapshots, request.snapshot, plain);
    const group = (hosts: string[]) =>
      `      hosts:${hosts.length ? '' : ' {}'}\n${hosts.map((h) => `        ${JSON.stringify(h)}: {}\n`).join('')}`;
    await writeFileAtomic(
      brokenFile,
      `all:\n  children:\n    broken_etcd:\n${group(request.brokenEtcd)}    broken_kube_control_plane:\n${group(request.brokenControlPlane)}`,
    );
    output.line(
      `etcd-restore: ${name} onto ${inventory.etcd[0]}, broken: ${[...request.brokenEtcd, ...request.brokenControlPlane].join(', ')}`,
    );
    // Kubespray refuses --limit without every other host's cached facts (0040-verify-settings.yml).
    await exec(kubesprayPlaybook(settings, 'playbooks/facts.yml', {}));
    // The cluster.yml the recovery ends with installs the config's version, as a deploy's does.
    const version: ExtraVars = settings.kubernetesVersion ? { kube_version: settings.kubernetesVersion } : {};
    await exec(
      kubesprayPlaybook(
        settings,
        'recover-control-plane.yml',
        { etcd_retries: 10, etcd_snapshot: plain, ...version },
        '-i',
        brokenFile,
        '--limit=etcd,kube_control_plane',
      ),
    );
    return name;
  } finally {
    await fs.rm(plain, { force: true });
    await fs.rm(brokenFile, { force: true });
  }
}
