import { pathExists } from '../lib/files.js';
import { diffChanges, parseKubectlDiff } from './manifests.js';
import { managementKubeconfig } from '../model/cluster-api.js';
import { UserError } from '../lib/errors.js';
import { kubectlCommand } from '../kube/nodes.js';
import { withDeployLock } from '../lib/lock.js';
import { clusterId, runtimePaths, type DeploySettings } from '../model/settings.js';
import type { ClusterApiState } from '../model/state.js';
import { deployEnvironment } from '../model/environment.js';
import { FIELD_MANAGER, NO_CLUSTER_API, renderManifests } from './management.js';
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
    const management =
      capi.management.kind === 'kind' && record?.pivotedAt ? settings.kubeconfigPath : managementKubeconfig(capi);
    if (capi.management.kind === 'kind' && !(await pathExists(management))) {
      return everythingNew(
        record?.pivotedAt
          ? `the cluster manages itself since the pivot at ${record.pivotedAt}, but its kubeconfig is not on this machine (kubeconfig-passphrase keeps it with the state): every object is shown as new`
          : 'no kind management cluster on this machine yet: a deploy creates it and every object',
      );
    }
    // kubectl diff runs KUBECTL_EXTERNAL_DIFF when set: we read diff -u's output, so never that.
    const { KUBECTL_EXTERNAL_DIFF: _, ...env } = deployEnvironment(settings);
    const diff = await exec(
      kubectlCommand(
        settings.kubectl,
        management,
        settings.clusterDir,
        env,
        'diff',
        '--server-side',
        `--field-manager=${FIELD_MANAGER}`,
        '-f',
        rendered.file,
      ),
      {
        capture: true,
        quiet: true,
        check: false,
      },
    );
    // kubectl diff: 0 no differences, 1 differences, anything else an error.
    if (diff.exitCode !== 0 && diff.exitCode !== 1) {
      const said = diff.tail.join('\n');
      if (NO_CLUSTER_API.test(said))
        return everythingNew(
          'the Cluster API providers are not installed on the management cluster yet: clusterctl-init installs them, then every object is created',
        );
      const source = capi.management.kind === 'existing' ? `, ${capi.management.source}` : '';
      throw new UserError(
        `kubectl diff against the management cluster (${management}${source}) failed: ${failureLine(diff, 'exit')}`,
      );
    }
    const { entries, text } = parseKubectlDiff(diff.stdout);
    return { changes: diffChanges(entries), text, manifestsFile: rendered.file };
  });
}

/** The change summary as text, for the CLI, in the manner of renderTofuChanges. */
export function renderCapiChanges(cluster: string, plan: CapiPlan): string {
  const { changes } = plan;
  const note = plan.note ? `  (${plan.note})\n` : '';
  const counts = `${changes.add} to create, ${changes.change} to change, ${changes.destroy} to delete`;
  return `${renderChangeTable(`Cluster API plan for ${cluster}`, counts, changes)}${note}`;
}
