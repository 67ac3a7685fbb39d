import { quoteInput } from '../lib/echo.js';

/**
 * What the cloud does to a running server when a plan updates it in place. The table is
 * terraform-provider-openstack v3.4.0's openstack_compute_instance_v2
 * (openstack/resource_openstack_compute_instance_v2.go, resourceComputeInstanceV2Update, and
 * docs/resources/compute_instance_v2.md): arguments that force a new server show in the plan as a
 * replacement, not an update, so only the in-place ones are listed.
 */
export type ServerEffect = 'rebuilt' | 'resized' | 'rebooted' | 'replaced';

interface EffectRule {
  effect: ServerEffect;
  /** What happens to the node, for the refusal. */
  means: string;
  /** Values never shown (personality holds file contents). */
  hideValues?: boolean;
}

const REBUILT =
  'Nova rebuilds the server in place (servers.Rebuild): its root disk is re-imaged, and the kubelet, etcd data and everything Kubespray installed are gone';
const RESIZED =
  'Nova resizes the server in place (servers.Resize, then ConfirmResize): it stops and boots again on the new flavor, undrained';

/**
 * Attributes whose update does something to the running server. Every other in-place update
 * (name, metadata, tags, security_groups, admin_pass) goes through the API without touching the
 * machine: servers.Update, metadata and tags calls, security group (dis)association, changePassword.
 */
const EFFECTS: Readonly<Record<string, EffectRule>> = {
  // "Changing this rebuilds the existing server" (docs); update: `servers.Rebuild` with the new image.
  image_id: { effect: 'rebuilt', means: REBUILT },
  image_name: { effect: 'rebuilt', means: REBUILT },
  personality: { effect: 'rebuilt', means: REBUILT, hideValues: true },
  // "Changing this resizes the existing server" (docs); update: `servers.Resize` + `ConfirmResize`.
  flavor_id: { effect: 'resized', means: RESIZED },
  flavor_name: { effect: 'resized', means: RESIZED },
  // update: Shelve, Stop, Pause, Start or Unshelve by the new power_state: the node goes down or comes back.
  power_state: {
    effect: 'rebooted',
    means: 'Nova stops, shelves, pauses or starts the server (power_state): the node goes down or comes back undrained',
  },
};

/** One attribute of one node that the plan changes in a way the running machine feels. */
export interface InPlaceChange {
  node: string;
  /** The resource address, for `tofu apply -replace=`. */
  address: string;
  /** The module instance holding the server, when it is in one (a replacement targets it whole). */
  module?: string;
  effect: ServerEffect;
  attribute: string;
  /** Shown as given (quoted, cut), or "(sensitive)", "(hidden)", "(known after apply)", "(none)". */
  before: string;
  after: string;
}

/** The value at a path, following objects only. */
function at(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function shown(value: unknown, sensitive: unknown, hide: boolean | undefined): string {
  if (sensitive === true) return '(sensitive)';
  if (value === undefined || value === null || value === '') return '(none)';
  if (hide) return '(hidden)';
  return quoteInput(typeof value === 'string' ? value : JSON.stringify(value), 80);
}

export interface ResourceValues {
  before: unknown;
  after: unknown;
  afterUnknown: unknown;
  beforeSensitive: unknown;
  afterSensitive: unknown;
}

/**
 * The in-place changes of one updated node resource that the machine feels, in the table's order.
 * `base` is where the server's attributes are: the object holding the name attribute (the root for
 * openstack_compute_instance_v2 named by `name`; `input` for a stand-in named by `input.node_name`),
 * so a wrapper or stand-in that mirrors the provider's attribute names is read as the provider's server.
 */
export function inPlaceChanges(
  node: string,
  where: { address: string; module?: string },
  base: readonly string[],
  values: ResourceValues,
) {
  const changes: InPlaceChange[] = [];
  for (const [attribute, rule] of Object.entries(EFFECTS)) {
    const path = [...base, attribute];
    const before = at(values.before, path);
    const after = at(values.after, path);
    const unknown = at(values.afterUnknown, path) === true || at(values.afterUnknown, base) === true;
    // An attribute the configuration leaves out is Computed (Optional+Computed): null in `after`, but unchanged.
    if (!unknown && (after === undefined || after === null)) continue;
    if (!unknown && JSON.stringify(before) === JSON.stringify(after)) continue;
    if (unknown && (before === undefined || before === null)) continue;
    changes.push({
      node,
      address: where.address,
      ...(where.module !== undefined && { module: where.module }),
      effect: rule.effect,
      attribute,
      before: shown(before, at(values.beforeSensitive, path), rule.hideValues),
      after: unknown ? '(known after apply)' : shown(after, at(values.afterSensitive, path), rule.hideValues),
    });
  }
  return changes;
}

/** What each effect does to the node, once per effect present, for the refusal. */
function effectMeanings(changes: readonly InPlaceChange[]): string[] {
  const seen = new Set<ServerEffect>();
  const lines: string[] = [];
  for (const change of changes) {
    if (seen.has(change.effect)) continue;
    seen.add(change.effect);
    const rule = Object.values(EFFECTS).find((r) => r.effect === change.effect)!;
    lines.push(`${change.effect}: ${rule.means}`);
  }
  return lines;
}

/** One line per changed attribute: "sandbox-worker-0: image_id "a" → "b" (rebuilt)". */
export function describeInPlaceChange(change: InPlaceChange): string {
  return `${change.node}: ${change.attribute} ${change.before} → ${change.after} (${change.effect})`;
}

/**
 * The refusal of a plan that rebuilds, resizes or power-cycles running nodes: Nova would do it to every
 * such node at once, with no drain, no remove-node.yml and no quorum guard. Undefined when there is none.
 */
export function inPlaceRefusal(changes: readonly InPlaceChange[]): string | undefined {
  if (changes.length === 0) return undefined;
  const nodes = [...new Set(changes.map((change) => change.node))];
  return (
    `the plan changes ${nodes.length === 1 ? 'a running node' : `${nodes.length} running nodes`} in place, which the cloud does to all of them at once, undrained: ` +
    `${changes.map(describeInPlaceChange).join('; ')}. ${effectMeanings(changes).join('. ')}. ` +
    'To proceed, replace them one at a time with cluster-deploy replace-nodes (action input operation: replace-nodes): each node is drained and removed, its server replaced and joined again before the next; ' +
    'or keep what the nodes run: set the image or the flavor back to the values on the left (the shipped module pins image_id)'
  );
}

/**
 * A same-name replacement of a node's server (actions delete and create, the name kept): one entry
 * per attribute that forces it (the plan's `replace_paths`), e.g. provider v3.4.0's ForceNew
 * `block_device.*` (a boot volume's size, type or image), `scheduler_hints.group` (a server group
 * replaced for its ForceNew `policies`), `user_data`, or a flavor whose old one was deleted
 * (CustomizeDiff ForceNewIfChange). Without replace_paths (`tofu plan -replace=`): one entry "server".
 */
export function replacementChanges(
  node: string,
  where: { address: string; module?: string },
  values: ResourceValues & { replacePaths?: readonly (readonly (string | number)[])[] },
): InPlaceChange[] {
  const common = { node, address: where.address, ...(where.module !== undefined && { module: where.module }) };
  const paths = values.replacePaths ?? [];
  if (paths.length === 0)
    return [{ ...common, effect: 'replaced', attribute: 'server', before: '(this one)', after: '(a new one)' }];
  return paths.map((raw) => {
    const path = raw.map(String);
    // user_data may hold secrets (the provider keeps only its hash in the state, not what the plan shows).
    const hide = path[0] === 'user_data' || path[0] === 'personality';
    const unknown = at(values.afterUnknown, path) === true;
    return {
      ...common,
      effect: 'replaced' as const,
      attribute: path.join('.'),
      before: shown(at(values.before, path), at(values.beforeSensitive, path), hide),
      after: unknown ? '(known after apply)' : shown(at(values.after, path), at(values.afterSensitive, path), hide),
    };
  });
}

/**
 * The refusal of a deploy that replaces more running nodes at once than a roll takes: the deploy drains
 * and removes every replaced node in one remove-node.yml run before the apply (no serial), so with too
 * many, pods have nowhere to go and a drain a PodDisruptionBudget blocks leaves them all cordoned.
 * At most one control-plane or etcd node (unknown roles count as such), and `workerBatch` workers.
 */
export function replacementRefusal(
  replacements: readonly InPlaceChange[],
  isControlPlaneOrEtcd: (node: string) => boolean,
  workerBatch: number,
): string | undefined {
  const nodes = [...new Set(replacements.map((change) => change.node))];
  const control = nodes.filter(isControlPlaneOrEtcd);
  const workers = nodes.filter((node) => !isControlPlaneOrEtcd(node));
  const over = [
    ...(control.length > 1
      ? [`${control.length} control-plane or etcd nodes (${control.join(', ')}; at most 1 at a time)`]
      : []),
    ...(workers.length > workerBatch
      ? [
          `${workers.length} workers (${workers.join(', ')}; at most ${workerBatch} at a time: deployment.kubespray.upgrade_batch_size, default 20% of the workers)`,
        ]
      : []),
  ];
  if (over.length === 0) return undefined;
  return (
    `the plan replaces ${over.join(' and ')} with new servers of the same names, which a deploy would drain and remove all at once before the apply: ` +
    `${replacements.map(describeInPlaceChange).join('; ')}. ` +
    'To proceed, replace them one at a time with cluster-deploy replace-nodes (action input operation: replace-nodes): each node is drained and removed, its server replaced and joined again before the next; ' +
    'or keep the servers: set the changed values back (boot volume, server group policy, image of a boot-from-volume node)'
  );
}
