import { parseArgs, type ParseArgsConfig } from 'node:util';
import { openPipeline } from '../core/engine/pipeline.js';
import { interruptible } from '../core/engine/signals.js';
import { restartAdvice } from '../core/engine/engine.js';
import { CommandFailedError } from '../core/lib/command.js';
import { UsageError } from '../core/lib/errors.js';
import { withDeployLock } from '../core/lib/lock.js';
import { DeployOutput } from '../core/lib/output.js';
import { ETCD_SNAPSHOT_PASSPHRASE_ENV, clusterId, runtimePaths, type DeployOptions } from '../core/model/settings.js';
import { restoreEtcd, type EtcdRestoreRequest } from '../core/steps/index.js';

/** `cluster-deploy etcd-restore`: a kept etcd snapshot restored with Kubespray's recovery (steps/etcd-snapshot.ts). */
export interface EtcdRestoreCommand {
  kind: 'etcd-restore';
  options: DeployOptions;
  request: EtcdRestoreRequest;
}

export const ETCD_RESTORE_HELP = `Usage: cluster-deploy etcd-restore --config FILE --snapshot NAME|latest --broken-etcd HOSTS [options]

Restores an etcd snapshot that an upgrade (a deploy's too), a control-plane/etcd removal or replacement took first (kept encrypted in
the state directory, names in "cluster-deploy status" and the run's summary), with Kubespray's recovery
(docs/operations/recover-control-plane.md, "Recover from lost quorum"): playbooks/facts.yml, then
recover-control-plane.yml --limit etcd,kube_control_plane -e etcd_retries=10 -e etcd_snapshot=<snapshot>.
Kubespray restores the snapshot only when etcd has lost quorum; with quorum it removes the broken members
and joins them again. The first hosts of etcd and kube_control_plane must be surviving ones.
  --snapshot NAME|latest   the snapshot (etcd-<UTC time>-<operation>) or the newest one
  --broken-etcd HOSTS      the lost etcd members, comma-separated (Kubespray's broken_etcd group)
  --broken-control-plane HOSTS  the lost control-plane nodes (broken_kube_control_plane), if any
  --config FILE            the cluster (default $CLUSTER_DEPLOY_CONFIG)
  --state-dir DIR          where the snapshots are kept (default $CLUSTER_DEPLOY_STATE_DIR)
  --venv DIR, --ssh-private-key-file FILE, --ssh-user USER   as for deploy
The passphrase comes from ${ETCD_SNAPSHOT_PASSPHRASE_ENV}, as when the snapshot was taken.`;

/** etcd-restore's flags, as the command table declares them (args.ts; each flag's type in flags.ts). */
export const ETCD_RESTORE_FLAGS = [
  'config',
  'state-dir',
  'snapshot',
  'broken-etcd',
  'broken-control-plane',
  'venv',
  'ssh-private-key-file',
  'ssh-user',
] as const;

/** An inventory host name as Kubespray takes it (RFC 1123, 0040-verify-settings.yml), a list of them comma-separated. */
const HOST = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const SNAPSHOT = /^(latest|etcd-\d{8}T\d{6}Z-[a-z-]{1,40})$/;

function hostList(value: string | undefined, flag: string): string[] {
  if (value === undefined) return [];
  const hosts = value.split(',').map((host) => host.trim());
  const bad = hosts.find((host) => !HOST.test(host) || host.length > 253);
  if (bad !== undefined)
    throw new UsageError(
      `etcd-restore: --${flag} ${JSON.stringify(bad.slice(0, 80))} is not an inventory host name (lowercase letters, digits, "-" and "."; comma-separated)`,
    );
  return [...new Set(hosts)];
}

export function parseEtcdRestoreArgs(
  argv: string[],
  env: NodeJS.ProcessEnv,
  options: NonNullable<ParseArgsConfig['options']>,
): EtcdRestoreCommand {
  let values: Record<string, string | undefined>;
  try {
    // Every flag of etcd-restore takes a string (flags.ts).
    ({ values } = parseArgs({ args: argv, strict: true, allowPositionals: false, options }) as {
      values: Record<string, string | undefined>;
    });
  } catch (error) {
    throw new UsageError(
      `etcd-restore: ${(error as Error).message}\nrun "cluster-deploy etcd-restore --help" for usage`,
    );
  }
  for (const [flag, value] of Object.entries(values))
    if (value !== undefined && (value.trim() === '' || /[\0-\x1f\x7f]/.test(value)))
      throw new UsageError(`etcd-restore: --${flag} needs a value on one line`);
  const configPath = values.config ?? (env.CLUSTER_DEPLOY_CONFIG?.trim() || undefined);
  if (!configPath) throw new UsageError('etcd-restore: give --config FILE (or set CLUSTER_DEPLOY_CONFIG)');
  if (!values.snapshot) throw new UsageError('etcd-restore: --snapshot NAME|latest is required');
  if (!SNAPSHOT.test(values.snapshot))
    throw new UsageError(
      `etcd-restore: --snapshot ${JSON.stringify(values.snapshot.slice(0, 80))} is no snapshot name (etcd-<UTC time>-<operation>, as "cluster-deploy status" shows it) nor latest`,
    );
  const brokenEtcd = hostList(values['broken-etcd'], 'broken-etcd');
  if (!brokenEtcd.length)
    throw new UsageError(
      'etcd-restore: --broken-etcd HOSTS is required: Kubespray restores a snapshot only to recover lost etcd members',
    );
  return {
    kind: 'etcd-restore',
    options: {
      configPath,
      operation: 'deploy',
      stateDir: values['state-dir'] ?? (env.CLUSTER_DEPLOY_STATE_DIR?.trim() || undefined),
      venvDir: values.venv,
      sshPrivateKeyFile: values['ssh-private-key-file'],
      sshUser: values['ssh-user'],
      skipAuthCheck: true,
    },
    request: {
      snapshot: values.snapshot,
      brokenEtcd,
      brokenControlPlane: hostList(values['broken-control-plane'], 'broken-control-plane'),
    },
  };
}

/** Runs the restore under the cluster's deploy lock, with the run's redaction; returns the exit code. */
export async function runEtcdRestore(command: EtcdRestoreCommand, stream: NodeJS.WritableStream): Promise<number> {
  const pipeline = await openPipeline(command.options);
  const { settings, redactor } = pipeline;
  const output = new DeployOutput(redactor, stream, { colour: settings.colour });
  try {
    return await interruptible(
      (message) => output.line(message),
      { interrupting: 'the etcd restore', waitingFor: 'ansible-playbook to stop' },
      async (signal) => {
        const name = await withDeployLock(
          {
            file: runtimePaths(settings).lockPath,
            cluster: clusterId(settings),
            operation: 'etcd-restore',
            output,
            redactor,
            signal,
          },
          (exec) => restoreEtcd(settings, command.request, exec, output),
        );
        output.line(`etcd-restore: ${name} restored; check the cluster with: cluster-deploy check`);
        return 0;
      },
    );
  } catch (error) {
    // A playbook that failed (the `error:` line quotes it): Kubespray's recovery runs again from the start.
    if (error instanceof CommandFailedError) output.line(restartAdvice('etcd-restore'));
    throw error;
  } finally {
    await output.close();
  }
}
