import { UserError } from '../lib/errors.js';

/**
 * Values that reach CAPO as another type than they were written. clusterctl substitutes values as text and then
 * re-reads the whole template as YAML 1.1 (CAPI `cmd/clusterctl/client/repository/template.go`, sigs.k8s.io/yaml on
 * go-yaml v2), so an unquoted `${OPENSTACK_NODE_MACHINE_FLAVOR}` of `2` becomes the number 2, `no` the boolean false,
 * and the CRD schema (a string for each of these, CAPO v0.14.7 `config/crd/bases/…`) refuses the object: kubectl
 * apply then applies the rest, half a cluster. Checked on the rendered manifests, before anything is applied.
 */

// biome-ignore lint/suspicious/noExplicitAny: rendered manifests are open JSON.
type Doc = Record<string, any>;

const OPENSTACK = 'deployment.cluster_api.openstack';

interface Checked {
  kind: string;
  /** Where in the object, and the config field and variable that fill it. */
  at: (doc: Doc) => unknown[];
  field: (value: unknown, variables: Record<string, string>) => string;
  variable: (value: unknown, variables: Record<string, string>) => string;
}

const flavorField = (value: unknown, variables: Record<string, string>) =>
  String(value) === variables.OPENSTACK_CONTROL_PLANE_MACHINE_FLAVOR
    ? 'control_plane_machine_flavor'
    : 'node_machine_flavor';

const CHECKED: Checked[] = [
  {
    kind: 'OpenStackMachineTemplate',
    at: (d) => [d.spec?.template?.spec?.flavor],
    field: (v, vars) => `${OPENSTACK}.${flavorField(v, vars)}`,
    variable: (v, vars) =>
      flavorField(v, vars) === 'node_machine_flavor'
        ? 'OPENSTACK_NODE_MACHINE_FLAVOR'
        : 'OPENSTACK_CONTROL_PLANE_MACHINE_FLAVOR',
  },
  {
    kind: 'OpenStackMachineTemplate',
    at: (d) => [d.spec?.template?.spec?.image?.filter?.name],
    field: () => `${OPENSTACK}.image_name`,
    variable: () => 'OPENSTACK_IMAGE_NAME',
  },
  {
    kind: 'OpenStackMachineTemplate',
    at: (d) => [d.spec?.template?.spec?.sshKeyName],
    field: () => `${OPENSTACK}.ssh_key_name`,
    variable: () => 'OPENSTACK_SSH_KEY_NAME',
  },
  {
    kind: 'OpenStackCluster',
    at: (d) => [d.spec?.identityRef?.cloudName],
    field: () => `${OPENSTACK}.cloud`,
    variable: () => 'OPENSTACK_CLOUD',
  },
  {
    kind: 'OpenStackCluster',
    at: (d) => [d.spec?.externalNetwork?.id],
    field: () => `${OPENSTACK}.external_network_id`,
    variable: () => 'OPENSTACK_EXTERNAL_NETWORK_ID',
  },
  {
    kind: 'OpenStackCluster',
    at: (d) =>
      (Array.isArray(d.spec?.managedSubnets) ? d.spec.managedSubnets : []).flatMap((s: Doc) => s?.dnsNameservers ?? []),
    field: () => `${OPENSTACK}.dns_nameservers`,
    variable: () => 'OPENSTACK_DNS_NAMESERVERS',
  },
  {
    kind: 'MachineDeployment',
    at: (d) => [d.spec?.template?.spec?.failureDomain],
    field: () => `${OPENSTACK}.failure_domain`,
    variable: () => 'OPENSTACK_FAILURE_DOMAIN',
  },
];

const describe = (value: unknown) =>
  typeof value === 'number'
    ? `the number ${value}`
    : typeof value === 'boolean'
      ? `the boolean ${value}`
      : `${typeof value === 'object' ? (value === null ? 'null' : 'a YAML structure') : typeof value}`;

/** Throws naming the config field when a value the template substituted is not the string CAPO's schema wants. */
export function checkRenderedValueTypes(
  docs: readonly Doc[],
  variables: Record<string, string>,
  template: string,
): void {
  for (const doc of docs)
    for (const check of CHECKED) {
      if (doc?.kind !== check.kind) continue;
      for (const value of check.at(doc)) {
        if (value === undefined || typeof value === 'string') continue;
        const variable = check.variable(value, variables);
        throw new UserError(
          `${check.field(value, variables)}: "${variables[variable] ?? String(value)}" reaches ${doc.kind} ${doc.metadata?.name ?? ''} as ${describe(value)}, not the string CAPO's schema wants (clusterctl re-reads the substituted template as YAML 1.1): quote it in the template ("\${${variable}}" in ${template})`,
        );
      }
    }
}
