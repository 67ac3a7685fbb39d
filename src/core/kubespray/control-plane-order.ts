/**
 * The order of the control plane as the OpenTofu code sets it, read from the plan before anything is
 * created. The inventory the shipped module writes cannot tell: it holds the new servers' addresses,
 * unknown at plan time. The module's call can: its control_plane.names are the inventory's
 * kube_control_plane and etcd groups in order (modules/openstack-cluster/inventory.tf), each node
 * named "<cluster_name>-<name>" (main.tf), so names[0] is the host Kubespray treats as the first.
 */

/** The first control-plane node of one module call, with where a person finds it in the .tf files. */
export interface PlannedFirstControlPlane {
  node: string;
  where: string;
}

type Mapping = Record<string, unknown>;
const isMapping = (value: unknown): value is Mapping =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Each root module call that passes cluster_name and control_plane = { names = [...] } (the shipped
 * module's arguments) with values the plan shows: constants, or a root variable passed as it is
 * (`var.x`, whose value the plan records). `tofu show -json` gives a module argument as
 * `expressions.<name>.constant_value` when it is constant, else only its `references` (checked with
 * terraform 1.x). Anything computed (locals, functions, a call with count or for_each) is left to the
 * check of the inventory after the apply (refuseNewFirstHosts).
 */
export function plannedFirstControlPlanes(planJson: unknown): PlannedFirstControlPlane[] {
  if (!isMapping(planJson)) return [];
  const variables = isMapping(planJson.variables) ? planJson.variables : {};
  const configuration = isMapping(planJson.configuration) ? planJson.configuration : {};
  const root = isMapping(configuration.root_module) ? configuration.root_module : {};
  const calls = isMapping(root.module_calls) ? root.module_calls : {};
  const argument = (expressions: Mapping, name: string): { value: unknown; from?: string } | undefined => {
    const expression = expressions[name];
    if (!isMapping(expression)) return undefined;
    if ('constant_value' in expression) return { value: expression.constant_value };
    const references = Array.isArray(expression.references) ? expression.references.map(String) : [];
    const variable = references.length === 1 && /^var\.[\w-]+$/.test(references[0]!) ? references[0]! : undefined;
    const declared = variable ? variables[variable.slice('var.'.length)] : undefined;
    return isMapping(declared) && 'value' in declared ? { value: declared.value, from: variable } : undefined;
  };
  const found: PlannedFirstControlPlane[] = [];
  for (const [name, call] of Object.entries(calls).sort(([a], [b]) => a.localeCompare(b))) {
    if (!isMapping(call) || !isMapping(call.expressions) || 'count_expression' in call || 'for_each_expression' in call)
      continue;
    const cluster = argument(call.expressions, 'cluster_name');
    const controlPlane = argument(call.expressions, 'control_plane');
    const names = isMapping(controlPlane?.value) ? controlPlane.value.names : undefined;
    if (typeof cluster?.value !== 'string' || !Array.isArray(names) || typeof names[0] !== 'string') continue;
    found.push({
      node: `${cluster.value}-${names[0]}`,
      where: `module "${name}" (its control_plane.names${controlPlane?.from ? `, from ${controlPlane.from}` : ''})`,
    });
  }
  return found;
}

/**
 * The refusal of a plan that creates its first control-plane node on a cluster that exists (see
 * refuseNewFirstHosts for what Kubespray does there), or undefined.
 */
export function newFirstControlPlaneRefusal(
  firsts: readonly PlannedFirstControlPlane[],
  created: readonly string[],
  newCluster: boolean,
): string | undefined {
  if (newCluster) return undefined;
  const refused = firsts.filter((first) => created.includes(first.node));
  if (refused.length === 0) return undefined;
  return (
    `refusing to add a new first control-plane node: ${refused.map((first) => `${first.where} puts ${first.node}, a server this plan creates, first`).join('; ')}. ` +
    'On a cluster that exists, Kubespray runs kubeadm init on the first control-plane host that has no kubelet config (a second control plane with a new CA) and makes a new etcd CA on the first etcd host that has no certificates. ' +
    'Append new nodes at the END of control_plane.names and keep an existing node first; nothing was created'
  );
}
