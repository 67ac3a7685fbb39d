import { z } from 'zod';
import { PROVIDER_ROLES, type ClusterApiSettings } from '../../model/cluster-api.js';
import { UserError } from '../../lib/errors.js';
import type { DeploySettings } from '../../model/settings.js';
import type { DeployState } from '../../model/state.js';
import { skipIf, type Step, type StepContext, type StepDecision, type StepPlan } from '../../model/step.js';
import { CapiCommands, MOVE_LABEL } from '../../capi/management.js';
import { failureLine } from '../../lib/command.js';
import { notJsonOf, parseToolJson } from '../../lib/tool-json.js';
import { pivotInProgress } from './shared.js';

/** The Provider inventory clusterctl keeps, one object per installed provider. */
const ProviderListSchema = z.object({
  items: z.array(
    z.object({
      metadata: z.object({ name: z.string().optional(), namespace: z.string().optional() }).prefault({}),
      providerName: z.string().optional(),
      type: z.string().optional(),
      version: z.string().optional(),
    }),
  ),
});

export interface InstalledProvider {
  name: string;
  namespace: string;
  providerName: string;
  type: string;
  version: string;
}

export function parseProviders(json: string): InstalledProvider[] {
  const list = parseToolJson(
    json,
    ProviderListSchema,
    notJsonOf('kubectl get providers -A -o json', json, 'a provider list'),
  );
  return list.items.map((p) => ({
    name: p.metadata.name ?? '',
    namespace: p.metadata.namespace ?? '',
    providerName: p.providerName ?? '',
    type: p.type ?? '',
    version: p.version ?? '',
  }));
}

/**
 * Compares the installed providers with the pinned ones: which are missing, and a clear error for a
 * different version (clusterctl would refuse it; an upgrade is `clusterctl upgrade`, not a deploy).
 */
export function providerDecision(
  installed: readonly InstalledProvider[],
  capi: ClusterApiSettings,
): { missing: string[] } {
  const missing: string[] = [];
  for (const { role, type, field } of PROVIDER_ROLES) {
    const [name, version] = capi.providers[role].split(':') as [string, string];
    const found = installed.find((p) => p.type === type && p.providerName === name);
    if (!found) {
      missing.push(capi.providers[role]);
      continue;
    }
    if (found.version !== version) {
      throw new UserError(
        `the management cluster has ${name} ${found.version} installed (provider ${found.namespace}/${found.name}), but deployment.cluster_api.providers.${field} pins ${version}; cluster-deploy does not upgrade providers: pin ${name}:${found.version}, or upgrade with clusterctl upgrade apply first`,
      );
    }
  }
  return { missing };
}

/** `clusterctl init` unless the pinned providers are installed; then ORC, when configured. Returns what it did. */
export async function ensureProviders(
  context: StepContext,
  commands: CapiCommands,
  kubeconfig: string,
): Promise<string> {
  const inventory = await context.exec(
    commands.kubectl(kubeconfig, 'get', 'providers.clusterctl.cluster.x-k8s.io', '-A', '-o', 'json'),
    { capture: true, quiet: true, check: false },
  );
  let installed: InstalledProvider[] = [];
  if (inventory.exitCode === 0) installed = parseProviders(inventory.stdout);
  else if (
    !/doesn't have a resource type|the server could not find the requested resource/.test(inventory.tail.join('\n'))
  ) {
    throw new UserError(`cannot read the clusterctl provider inventory: ${failureLine(inventory)}`);
  }
  const { missing } = providerDecision(installed, commands.capi);
  // ORC first, as CAPI's quick start does (`docs/book/src/user/quick-start.md:742-747`): CAPO v0.14.7's server
  // controller watches ORC's Images and its manager exits without their CRD (`controllers/openstackserver_controller.go:204`),
  // which init's wait alone may not show. Applied every time: it is idempotent, and repairs a cluster that lost it.
  await context.exec(commands.apply(kubeconfig, commands.capi.orcManifest));
  const orc = `ORC applied${await labelOrcForMove(context, commands, kubeconfig)}; `;
  if (missing.length === 0) return `${orc}providers already installed at the pinned versions`;
  await context.exec(commands.init(kubeconfig));
  return `${orc}installed ${missing.join(', ')}`;
}

/**
 * clusterctl move takes the objects of CRDs labelled `clusterctl.cluster.x-k8s.io/move`; ORC's CRDs are not, and CAPO
 * says to label them (CAPO v0.14.7 `docs/book/src/clusteropenstack/configuration.md:154-158`), or the ORC objects
 * (images, servers) stay behind in kind at the pivot.
 */
async function labelOrcForMove(context: StepContext, commands: CapiCommands, kubeconfig: string): Promise<string> {
  const listed = await context.exec(commands.kubectl(kubeconfig, 'get', 'customresourcedefinitions', '-o', 'name'), {
    capture: true,
    quiet: true,
    check: false,
  });
  const orcDefinitions = listed.stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('.openstack.k-orc.cloud'));
  if (listed.exitCode !== 0) return '';
  if (!orcDefinitions.some((name) => name.endsWith('/images.openstack.k-orc.cloud')))
    throw new UserError(
      `${commands.capi.orcManifest} (deployment.cluster_api.providers.orc) applied, but the cluster has no ORC Image CRD (images.openstack.k-orc.cloud): CAPO cannot start its server controller without it; give the install.yaml of an ORC release`,
    );
  await context.exec(commands.kubectl(kubeconfig, 'label', '--overwrite', ...orcDefinitions, `${MOVE_LABEL}=`));
  return `, its ${orcDefinitions.length} CRDs labelled ${MOVE_LABEL}`;
}

export class ClusterctlInitStep implements Step {
  readonly id = 'clusterctl-init' as const;
  readonly title = 'Install the Cluster API providers (clusterctl init)';
  readonly kind = 'check' as const;
  private readonly commands: CapiCommands;

  constructor(settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  async plan(): Promise<StepPlan> {
    const { management, capi } = this.commands;
    return {
      workingDir: this.commands.cwd,
      command: this.commands.init(management),
      reads: [management],
      writes: [],
      actions: [
        `first ${this.commands.apply(management, capi.orcManifest).argv.join(' ')} (ORC, which CAPO needs), its CRDs labelled ${MOVE_LABEL} for the pivot`,
        'skip when kubectl get providers -A shows these providers at these versions; another version installed is an error (no silent upgrade)',
      ],
    };
  }

  decide(state: DeployState): StepDecision | undefined {
    return skipIf(pivotInProgress(state, this.commands));
  }

  async run(context: StepContext): Promise<string> {
    return ensureProviders(context, this.commands, this.commands.management);
  }
}
