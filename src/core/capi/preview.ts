import { pathExists } from '../lib/files.js';
import { diffChanges, parseKubectlDiff, type DiffEntry } from './manifests.js';
import type { CommandSpec, Exec } from '../lib/command.js';
import { forbiddenChangesError, liveForbiddenChanges } from './forbidden-changes.js';
import { UserError } from '../lib/errors.js';
import { kubectlCommand } from '../kube/nodes.js';
import { withDeployLock } from '../lib/lock.js';
import { clusterId, runtimePaths, type DeploySettings } from '../model/settings.js';
import type { ClusterApiState } from '../model/state.js';
import { kubectlEnvironment } from '../model/environment.js';
import {
  capiOf,
  checksManagementVersion,
  NO_CLUSTER_API,
  objectsKubeconfig,
  renderManifests,
  requireSupportedManagement,
  SERVER_SIDE_APPLY,
} from './management.js';
import { problemsError } from '../lib/errors.js';
import { clusterApiProblems } from './preflight.js';
import { failureLine } from '../lib/command.js';
import type { PlanChanges } from '../model/changes.js';
import type { TofuPlanContext } from '../tofu/preview.js';
import { renderChangeTable } from '../model/changes.js';

/** What a cluster-api deploy would change on the management cluster: `kubectl diff --server-side` of the rendered manifests. */
export interface CapiPlan {
  changes: PlanChanges;
  /** The diff, every Secret's replaced by one line; redacted as it was read. */
  text: string;
  /** Why every object shows as created, when the management cluster cannot be asked. */
  note?: string;
  manifestsFile: string;
}

/**
 * Renders the manifests (clusterctl generate cluster, as capi-render does) and diffs them against
 * the management cluster. With an ephemeral kind cluster not created yet, or providers not
 * installed yet, every object is "create". Runs under the deploy lock, like a tofu plan.
 */
export async function runCapiPlan(
  settings: DeploySettings,
  record: ClusterApiState | undefined,
  { redactor, output, signal = new AbortController().signal }: TofuPlanContext,
): Promise<CapiPlan> {
  const capi = settings.clusterApi;
  if (!capi) throw new Error('runCapiPlan without cluster-api settings');
  const locked = {
    file: runtimePaths(settings).lockPath,
    cluster: clusterId(settings),
    operation: 'plan',
    output,
    redactor,
    signal,
  };
  return withDeployLock(locked, async (exec) => {
    // Named by the field that sets each, as preflight does, rather than as clusterctl or kubectl trip over them.
    const problem = problemsError(await clusterApiProblems(settings, capi, { needsKind: false }));
    if (problem) throw problem;
    const rendered = await renderManifests(settings, exec);
    const everythingNew = (note: string): CapiPlan => ({
      changes: diffChanges(
        rendered.objects.map((o) => ({
          kind: o.kind,
          name: o.name,
          ...(o.namespace && { namespace: o.namespace }),
          action: 'create',
        })),
      ),
      text: '',
      note,
      manifestsFile: rendered.file,
    });
    // After a pivot the workload cluster holds the objects.
    const management = objectsKubeconfig(settings, record);
    if (capi.management.kind === 'kind' && !(await pathExists(management))) {
      return everythingNew(
        record?.pivotedAt
          ? `the cluster manages itself since the pivot at ${record.pivotedAt}, but its kubeconfig is not on this machine (kubeconfig-passphrase keeps it with the state): every object is shown as new`
          : 'no kind management cluster on this machine yet: a deploy creates it and every object',
      );
    }
    // A change CAPO's webhook refuses is said here, naming the field, as capi-apply would refuse it.
    const refused = forbiddenChangesError(
      await liveForbiddenChanges(
        exec,
        managementKubectl(settings, management),
        rendered.text,
        rendered.file,
        describeManagement(settings, management),
      ),
    );
    if (refused) throw refused;
    // Read-only, as the diff is: what capi-management-cluster would refuse is said by the plan already.
    if (checksManagementVersion(settings)) await requireSupportedManagement(settings, exec);
    const diff = await diffManifests(settings, exec, management, rendered.file);
    if (diff === 'no-cluster-api')
      return everythingNew(
        'the Cluster API providers are not installed on the management cluster yet: clusterctl-init installs them, then every object is created',
      );
    return { changes: diffChanges(diff.entries), text: diff.text, manifestsFile: rendered.file };
  });
}

/** kubectl against the cluster holding the Cluster API objects, with the deploy's environment. */
/** The management cluster in an error: its kubeconfig, and the setting that named it when the user gave one. */
export function describeManagement(settings: DeploySettings, kubeconfig: string): string {
  const { management } = capiOf(settings);
  return `${kubeconfig}${management.kind === 'existing' ? `, ${management.source}` : ''}`;
}

export function managementKubectl(settings: DeploySettings, kubeconfig: string): (...args: string[]) => CommandSpec {
  return (...args) =>
    kubectlCommand(settings.kubectl, kubeconfig, settings.clusterDir, kubectlEnvironment(settings), ...args);
}

/** The `kubectl diff --server-side` diffManifests runs, for a step's plan to show. */
export function diffCommand(settings: DeploySettings, kubeconfig: string, file: string): CommandSpec {
  // kubectl diff runs KUBECTL_EXTERNAL_DIFF when set: we read diff -u's output, so never that.
  const { KUBECTL_EXTERNAL_DIFF: _, ...env } = kubectlEnvironment(settings);
  return kubectlCommand(
    settings.kubectl,
    kubeconfig,
    settings.clusterDir,
    env,
    'diff',
    ...SERVER_SIDE_APPLY,
    '-f',
    file,
  );
}

/**
 * `kubectl diff --server-side` of a manifests file against the cluster holding the objects (a dry-run apply: the
 * admission webhooks run, nothing changes): each object to create, change or delete, and the diff with every
 * Secret's replaced by a line; 'no-cluster-api' when that cluster has no Cluster API CRDs. Forced as the apply is: a
 * field another manager changed since our apply (a `kubectl edit`) shows as the change back, not as a conflict error.
 */
export async function diffManifests(
  settings: DeploySettings,
  exec: Exec,
  kubeconfig: string,
  file: string,
): Promise<{ entries: DiffEntry[]; text: string } | 'no-cluster-api'> {
  const diff = await exec(diffCommand(settings, kubeconfig, file), {
    capture: true,
    quiet: true,
    check: false,
  });
  // kubectl diff: 0 no differences, 1 differences, anything else an error.
  if (diff.exitCode !== 0 && diff.exitCode !== 1) {
    if (NO_CLUSTER_API.test(diff.tail.join('\n'))) return 'no-cluster-api';
    throw new UserError(
      `kubectl diff against the management cluster (${describeManagement(settings, kubeconfig)}) failed: ${failureLine(diff, 'exit')}`,
    );
  }
  return parseKubectlDiff(diff.stdout);
}

/** The change summary as text, for the CLI, in the manner of renderTofuChanges. */
export function renderCapiChanges(cluster: string, plan: CapiPlan): string {
  const { changes } = plan;
  const note = plan.note ? `  (${plan.note})\n` : '';
  const counts = `${changes.add} to create, ${changes.change} to change, ${changes.destroy} to delete`;
  return `${renderChangeTable(`Cluster API plan for ${cluster}`, counts, changes)}${note}`;
}
