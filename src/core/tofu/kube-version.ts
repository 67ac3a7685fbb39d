import { UserError } from '../lib/errors.js';
import { quoteInput } from '../lib/echo.js';
import { displayPath } from '../lib/files.js';
import { plannedModuleCalls, plannedRootVariable } from '../lib/tofu-plan-config.js';

/**
 * The Kubernetes version lives in the config (opencenter.cluster.kubernetes.version, which every playbook gets as
 * -e kube_version) and in the OpenTofu code (the module's kube_version, which it writes into Kubespray's group_vars).
 * The inventory check after the apply (kubespray/inventory-vars.ts) comes after the servers exist; this one reads the
 * value from the plan tofu just made (`tofu show -json`), before anything is created.
 */

/** One kube_version the OpenTofu code sets, with where, as the plan's configuration shows it. */
export interface PlannedKubeVersion {
  value: string;
  /** The module call or variable, as a person finds it in the .tf files. */
  where: string;
}

const VARIABLE = 'kube_version';

/**
 * Every kube_version the root module sets: its own variable (the module used as the root), and each module call's
 * argument when tofu shows its value: a constant, or a root variable passed as it is (`var.x`, whose value the plan
 * records). Anything computed (locals, functions) is left to the inventory check after the apply.
 */
export function plannedKubeVersions(planJson: unknown): PlannedKubeVersion[] {
  const found: PlannedKubeVersion[] = [];
  const own = plannedRootVariable(planJson, VARIABLE);
  if (typeof own === 'string') found.push({ value: own, where: `variable "${VARIABLE}"` });
  for (const call of plannedModuleCalls(planJson)) {
    const argument = call.argument(VARIABLE);
    if (typeof argument?.value !== 'string') continue;
    const where = `module "${call.name}" (its ${VARIABLE} argument)`;
    found.push({ value: argument.value, where: argument.from ? `${where}, from ${argument.from}` : where });
  }
  return found;
}

/**
 * Refuses a plan whose OpenTofu code sets another kube_version than the config, before the apply: naming both values
 * and where each is set, and what to do.
 */
export function checkPlannedKubeVersion(
  planJson: unknown,
  config: { version: string | undefined; configPath?: string; clusterDir: string },
): void {
  if (!config.version) return; // no version in the config: Kubespray takes the module's from group_vars, no -e
  const differing = plannedKubeVersions(planJson).filter((found) => found.value !== config.version);
  if (differing.length === 0) return;
  const set = differing.map((found) => `${found.where} is ${quoteInput(found.value, 40)}`).join(', ');
  const configFile = config.configPath ? displayPath(config.configPath) : 'the config';
  throw new UserError(
    `the Kubernetes version differs: in the OpenTofu code of ${displayPath(config.clusterDir)}, ${set}, but opencenter.cluster.kubernetes.version in ${configFile} is ${quoteInput(config.version, 40)}. ` +
      "The module writes its kube_version into the group_vars Kubespray reads, and every playbook gets the config's with -e: " +
      'set both to the same version, then plan again (nothing was created)',
  );
}
