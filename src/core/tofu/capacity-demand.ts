/**
 * What a `tofu show -json` plan takes from the project's quotas: per changed resource, what it
 * holds after the change minus what it held before, summed. A creation adds, a deletion frees, an
 * in-place update adds the difference (a resize), a replacement adds the difference when the old
 * object goes first (tofu's default) and the whole new one when it is created first
 * (`create_before_destroy`: both exist for a while).
 *
 * The arguments read are terraform-provider-openstack v3's (docs/resources/*.md); what each
 * resource takes from which quota is the services' own accounting, cited beside each.
 */

import { z } from 'zod';
import { formatIssues, UserError } from '../lib/errors.js';
import { addDemand, type CapacityDemand, emptyDemand } from '../openstack/capacity.js';
import type { FlavorLookup } from '../openstack/flavors.js';
import type { QuotaName } from '../openstack/quotas.js';

/** Only what is read here; zod drops the rest of each value, and nothing of it leaves this module but counts. */
const ResourceChangeSchema = z.object({
  address: z.string(),
  module_address: z.string().optional(),
  mode: z.string().optional(),
  type: z.string(),
  change: z.object({
    actions: z.array(z.string()),
    before: z.unknown().optional(),
    after: z.unknown().optional(),
    after_unknown: z.unknown().optional(),
  }),
});
const PlanSchema = z.object({
  resource_changes: z.array(ResourceChangeSchema).nullish(),
  configuration: z.unknown().optional(),
});

type ResourceChange = z.infer<typeof ResourceChangeSchema>;
type Values = Record<string, unknown>;

/** What one object holds: quota amounts and the server group it is a member of. */
interface Holding {
  quotas: Partial<Record<QuotaName, number>>;
  group?: { key: string; label: string; existing: boolean };
  notes: string[];
}

function record(value: unknown): Values | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : undefined;
}

function list(value: unknown): Values[] {
  return Array.isArray(value) ? value.map(record).filter((v): v is Values => v !== undefined) : [];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function number(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** `module.a["x"].module.b[0]` -> `module.a.module.b`: configuration is per module, not per instance. */
function withoutIndexes(address: string): string {
  return address.replace(/\[[^\]]*\]/g, '');
}

/**
 * The server group resource an instance's `scheduler_hints.group` refers to, from the plan's
 * configuration (its `references`), when the group is created in the same plan and its id is not
 * known yet. Returns the group's address without instance keys, as `groupKey` makes it.
 */
function referencedGroup(configuration: unknown, change: ResourceChange): string | undefined {
  let module = record(record(configuration)?.root_module);
  const path = change.module_address ? withoutIndexes(change.module_address).split('.') : [];
  for (let i = 0; i + 1 < path.length; i += 2) {
    module = record(record(record(module?.module_calls)?.[path[i + 1]!])?.module);
  }
  const ownAddress = withoutIndexes(change.address).split('.').slice(-2).join('.');
  const resource = list(module?.resources).find((r) => r.address === ownAddress);
  const hints = list(record(resource?.expressions)?.scheduler_hints);
  for (const hint of hints) {
    const references = record(hint.group)?.references;
    if (!Array.isArray(references)) continue;
    for (const reference of references) {
      const match = typeof reference === 'string' && /^openstack_compute_servergroup_v2\.[\w-]+/.exec(reference);
      if (match)
        return [change.module_address && withoutIndexes(change.module_address), match[0]].filter(Boolean).join('.');
    }
  }
  return undefined;
}

/** Whether `after_unknown` marks `key` (or the whole value) as known only after apply. */
function unknown(afterUnknown: unknown, key: string): boolean {
  return afterUnknown === true || record(afterUnknown)?.[key] === true;
}

async function instanceHolding(
  change: ResourceChange,
  values: Values,
  afterUnknown: unknown,
  flavors: FlavorLookup,
  configuration: unknown,
): Promise<Holding> {
  const holding: Holding = { quotas: { instances: 1 }, notes: [] };
  const id = text(values.flavor_id);
  const name = text(values.flavor_name);
  if (!id && !name) {
    holding.notes.push(`cores and RAM of ${change.address}: its flavor is known only after apply`);
  } else {
    const flavor = await flavors.find(id ? { id } : { name: name! });
    if (flavor) {
      holding.quotas.cores = flavor.vcpus;
      holding.quotas.ram = flavor.ram;
    } else {
      holding.notes.push(`cores and RAM of ${change.address}: Nova has no flavor ${id ?? `named "${name}"`}`);
    }
  }
  // Nova creates a volume in the project for each block device that becomes a volume from
  // something else (image, blank, snapshot); an existing volume (source "volume") is only attached.
  for (const device of list(values.block_device)) {
    if (device.destination_type !== 'volume' || device.source_type === 'volume') continue;
    holding.quotas.volumes = (holding.quotas.volumes ?? 0) + 1;
    const size = number(device.volume_size);
    if (size !== undefined) holding.quotas.gigabytes = (holding.quotas.gigabytes ?? 0) + size;
    else holding.notes.push(`gigabytes of a volume of ${change.address}: no volume_size (the image's size decides)`);
  }
  // A network given without a port makes Nova create a port in the project (nova network/neutron.py
  // allocate_for_instance); a given port is the port resource's own.
  const ports = list(values.network).filter((network) => !text(network.port)).length;
  if (ports > 0) holding.quotas.ports = ports;
  const hint = list(values.scheduler_hints)[0];
  if (hint) {
    const groupId = text(hint.group);
    if (groupId) holding.group = { key: groupId, label: `group ${groupId}`, existing: true };
    else if (unknown(list(record(afterUnknown)?.scheduler_hints)[0], 'group') || hint.group === undefined) {
      const address = referencedGroup(configuration, change);
      holding.group = address
        ? { key: address, label: address, existing: false }
        : { key: '(new)', label: 'a group created by this plan', existing: false };
    }
  }
  return holding;
}

/** Neutron adds an egress rule per ethertype (IPv4, IPv6) to every new security group (neutron db/securitygroups_db.py). */
const DEFAULT_EGRESS_RULES = 2;

async function holding(
  change: ResourceChange,
  values: Values,
  afterUnknown: unknown,
  flavors: FlavorLookup,
  configuration: unknown,
): Promise<Holding> {
  const just = (quotas: Holding['quotas']): Holding => ({ quotas, notes: [] });
  switch (change.type) {
    case 'openstack_compute_instance_v2':
      return instanceHolding(change, values, afterUnknown, flavors, configuration);
    case 'openstack_compute_servergroup_v2':
      return just({ server_groups: 1 });
    case 'openstack_networking_network_v2':
      return just({ networks: 1 });
    case 'openstack_networking_subnet_v2':
      return just({ subnets: 1 });
    case 'openstack_networking_port_v2':
      return just({ ports: 1 });
    case 'openstack_networking_router_v2':
      return just({ routers: 1 });
    // An interface by subnet makes Neutron create the router's port in the project; one by port_id uses that port.
    case 'openstack_networking_router_interface_v2':
      return just(text(values.port_id) && !unknown(afterUnknown, 'port_id') ? {} : { ports: 1 });
    case 'openstack_networking_floatingip_v2':
      return just({ floating_ips: 1 });
    case 'openstack_networking_secgroup_v2':
      return just({
        security_groups: 1,
        ...(values.delete_default_rules !== true && { security_group_rules: DEFAULT_EGRESS_RULES }),
      });
    case 'openstack_networking_secgroup_rule_v2':
      return just({ security_group_rules: 1 });
    case 'openstack_blockstorage_volume_v3': {
      const size = number(values.size);
      return {
        quotas: { volumes: 1, ...(size !== undefined && { gigabytes: size }) },
        notes: size === undefined ? [`gigabytes of ${change.address}: its size is known only after apply`] : [],
      };
    }
    // Octavia allocates the VIP port in the user's project (octavia network/drivers/neutron/allowed_address_pairs.py allocate_vip).
    case 'openstack_lb_loadbalancer_v2':
      return just({
        load_balancers: 1,
        ...(!(text(values.vip_port_id) && !unknown(afterUnknown, 'vip_port_id')) && { ports: 1 }),
      });
    case 'openstack_lb_listener_v2':
      return just({ listeners: 1 });
    case 'openstack_lb_pool_v2':
      return just({ pools: 1 });
    case 'openstack_lb_member_v2':
      return just({ members: 1 });
    case 'openstack_lb_members_v2':
      return just({ members: list(values.member).length });
    case 'openstack_lb_monitor_v2':
      return just({ health_monitors: 1 });
    default:
      return just({});
  }
}

type Kind = 'create' | 'delete' | 'update' | 'replace-delete-first' | 'replace-create-first' | 'none';

function kind(actions: readonly string[]): Kind {
  if (actions.length === 2 && actions[0] === 'delete' && actions[1] === 'create') return 'replace-delete-first';
  if (actions.length === 2 && actions[0] === 'create' && actions[1] === 'delete') return 'replace-create-first';
  if (actions.length === 1 && actions[0] === 'create') return 'create';
  if (actions.length === 1 && actions[0] === 'delete') return 'delete';
  if (actions.length === 1 && actions[0] === 'update') return 'update';
  return 'none'; // no-op, read, forget
}

function groupOf(demand: CapacityDemand, group: NonNullable<Holding['group']>) {
  let entry = demand.groups.find((g) => g.key === group.key);
  if (!entry) {
    entry = { ...group, adds: 0 };
    demand.groups.push(entry);
  }
  return entry;
}

function apply(demand: CapacityDemand, held: Holding, sign: 1 | -1): void {
  for (const [quota, amount] of Object.entries(held.quotas)) addDemand(demand, quota as QuotaName, sign * amount);
  if (held.group) groupOf(demand, held.group).adds += sign;
  if (sign === 1) demand.notes.push(...held.notes);
}

/** The demand of a plan per quota (see the module comment); flavors are looked up through `flavors`. */
export async function planCapacityDemand(planJson: unknown, flavors: FlavorLookup): Promise<CapacityDemand> {
  const parsed = PlanSchema.safeParse(planJson);
  if (!parsed.success) throw new UserError(formatIssues('the plan from `tofu show -json`', parsed.error.issues));
  const { configuration } = parsed.data;
  const demand = emptyDemand();
  for (const change of parsed.data.resource_changes ?? []) {
    if (change.mode === 'data') continue;
    const what = kind(change.change.actions);
    if (what === 'none') continue;
    const before = record(change.change.before);
    const after = record(change.change.after);
    const afterUnknown = change.change.after_unknown;
    const heldBefore = before && (await holding(change, before, undefined, flavors, configuration));
    const heldAfter = after && (await holding(change, after, afterUnknown, flavors, configuration));
    if (what === 'create' || what === 'replace-create-first') {
      // create_before_destroy: both exist until the old one goes, so the new one is taken in full.
      if (heldAfter) apply(demand, heldAfter, 1);
    } else if (what === 'delete') {
      if (heldBefore) apply(demand, heldBefore, -1);
    } else {
      // update, replace-delete-first: the difference
      if (heldAfter) apply(demand, heldAfter, 1);
      if (heldBefore) apply(demand, heldBefore, -1);
    }
  }
  demand.groups = demand.groups.filter((g) => g.adds !== 0);
  demand.notes = [...new Set(demand.notes)];
  return demand;
}
