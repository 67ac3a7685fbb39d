import { StatusError } from './api-objects.js';
import type { KubeObject } from './api-server.js';

/**
 * The OpenAPI types of the fields our Cluster API templates render, as the real CustomResourceDefinitions declare
 * them: our own record of those facts (not the CRD files), with the version and file they were read from. The
 * apiserver checks every write of a custom resource against its CRD's schema; these are the checks a template
 * value can trip (an unquoted `2` for a flavor is an integer, `true`/`yes` a boolean, an external network that is
 * no UUID).
 * Path syntax: dots between properties, `[]` for every item of a list.
 */
interface FieldRule {
  type: 'string' | 'integer' | 'boolean' | 'array' | 'object';
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: string[];
  format?: 'uuid' | 'int32';
  minItems?: number;
  maxItems?: number;
}

const DNS1123_SUBDOMAIN = '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$';
const KIND = '^[a-zA-Z]([-a-zA-Z0-9]*[a-zA-Z0-9])?$';
const objectName: FieldRule = { type: 'string', minLength: 1, maxLength: 253, pattern: DNS1123_SUBDOMAIN };
const reference = (prefix: string): Record<string, FieldRule> => ({
  [`${prefix}.apiGroup`]: { type: 'string', minLength: 1, maxLength: 253, pattern: DNS1123_SUBDOMAIN },
  [`${prefix}.kind`]: { type: 'string', minLength: 1, maxLength: 63, pattern: KIND },
  [`${prefix}.name`]: objectName,
});
const securityGroupRule = (list: string): Record<string, FieldRule> => ({
  [`${list}[].description`]: { type: 'string' },
  [`${list}[].direction`]: { type: 'string', enum: ['ingress', 'egress'] },
  [`${list}[].etherType`]: { type: 'string', enum: ['IPv4', 'IPv6'] },
  [`${list}[].name`]: { type: 'string' },
  [`${list}[].portRangeMax`]: { type: 'integer' },
  [`${list}[].portRangeMin`]: { type: 'integer' },
  [`${list}[].protocol`]: { type: 'string' },
  [`${list}[].remoteManagedGroups`]: { type: 'array' },
  [`${list}[].remoteManagedGroups[]`]: { type: 'string', enum: ['bastion', 'controlplane', 'worker'] },
});

const SCHEMAS: Record<string, { source: string; version: string; fields: Record<string, FieldRule> }> = {
  'cluster.x-k8s.io/Cluster': {
    source: 'kubernetes-sigs/cluster-api v1.12 config/crd/bases/cluster.x-k8s.io_clusters.yaml',
    version: 'v1beta2',
    fields: {
      'spec.clusterNetwork.pods.cidrBlocks': { type: 'array', minItems: 1, maxItems: 100 },
      'spec.clusterNetwork.pods.cidrBlocks[]': { type: 'string', minLength: 1, maxLength: 43 },
      'spec.clusterNetwork.serviceDomain': { type: 'string', minLength: 1, maxLength: 253 },
      ...reference('spec.controlPlaneRef'),
      ...reference('spec.infrastructureRef'),
    },
  },
  'cluster.x-k8s.io/MachineDeployment': {
    source: 'kubernetes-sigs/cluster-api v1.12 config/crd/bases/cluster.x-k8s.io_machinedeployments.yaml',
    version: 'v1beta2',
    fields: {
      'spec.replicas': { type: 'integer', format: 'int32' },
      'spec.clusterName': { type: 'string', minLength: 1, maxLength: 63 },
      'spec.template.spec.clusterName': { type: 'string', minLength: 1, maxLength: 63 },
      'spec.template.spec.failureDomain': { type: 'string', minLength: 1, maxLength: 256 },
      'spec.template.spec.version': { type: 'string', minLength: 1, maxLength: 256 },
      ...reference('spec.template.spec.bootstrap.configRef'),
      ...reference('spec.template.spec.infrastructureRef'),
    },
  },
  'controlplane.cluster.x-k8s.io/KubeadmControlPlane': {
    source:
      'kubernetes-sigs/cluster-api v1.12 controlplane/kubeadm/config/crd/bases/controlplane.cluster.x-k8s.io_kubeadmcontrolplanes.yaml',
    version: 'v1beta2',
    fields: {
      'spec.replicas': { type: 'integer', format: 'int32' },
      'spec.version': { type: 'string', minLength: 1, maxLength: 256 },
      ...reference('spec.machineTemplate.spec.infrastructureRef'),
    },
  },
  'infrastructure.cluster.x-k8s.io/OpenStackCluster': {
    source:
      'kubernetes-sigs/cluster-api-provider-openstack v0.14.7 config/crd/bases/infrastructure.cluster.x-k8s.io_openstackclusters.yaml',
    version: 'v1beta1',
    fields: {
      'spec.apiServerLoadBalancer.enabled': { type: 'boolean' },
      'spec.disableAPIServerFloatingIP': { type: 'boolean' },
      'spec.externalNetwork.id': { type: 'string', format: 'uuid' },
      'spec.identityRef.cloudName': { type: 'string', minLength: 1 },
      'spec.identityRef.name': { type: 'string', minLength: 1 },
      'spec.managedSubnets': { type: 'array', maxItems: 1 },
      'spec.managedSubnets[].cidr': { type: 'string' },
      'spec.managedSubnets[].dnsNameservers': { type: 'array' },
      'spec.managedSubnets[].dnsNameservers[]': { type: 'string' },
      'spec.managedSecurityGroups.allowAllInClusterTraffic': { type: 'boolean' },
      'spec.controlPlaneAvailabilityZones': { type: 'array' },
      'spec.controlPlaneAvailabilityZones[]': { type: 'string' },
      ...securityGroupRule('spec.managedSecurityGroups.allNodesSecurityGroupRules'),
    },
  },
  'infrastructure.cluster.x-k8s.io/OpenStackMachineTemplate': {
    source:
      'kubernetes-sigs/cluster-api-provider-openstack v0.14.7 config/crd/bases/infrastructure.cluster.x-k8s.io_openstackmachinetemplates.yaml',
    version: 'v1beta1',
    fields: {
      'spec.template.spec.flavor': { type: 'string', minLength: 1 },
      'spec.template.spec.image': { type: 'object' },
      'spec.template.spec.image.filter.name': { type: 'string' },
      'spec.template.spec.sshKeyName': { type: 'string' },
    },
  },
};

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** Every value at `path` (a `[]` step fans out over a list's items), with its concrete path (`a[0].b`). */
function valuesAt(root: unknown, path: string): { at: string; value: unknown }[] {
  let found: { at: string; value: unknown }[] = [{ at: '', value: root }];
  for (const step of path.split('.')) {
    const list = step.endsWith('[]');
    const key = list ? step.slice(0, -2) : step;
    const next: { at: string; value: unknown }[] = [];
    for (const { at, value } of found) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
      const child = (value as Record<string, unknown>)[key];
      if (child === undefined || child === null) continue;
      const childAt = at ? `${at}.${key}` : key;
      if (!list) next.push({ at: childAt, value: child });
      else if (Array.isArray(child))
        for (const [i, item] of child.entries()) next.push({ at: `${childAt}[${i}]`, value: item });
    }
    found = next;
  }
  return found;
}

/** The apiserver's name for a JSON value's type in "must be of type" messages. */
function typeName(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** The first messages the apiserver's CRD validation gives for `object`, or undefined when it passes. */
function violations(object: KubeObject, fields: Record<string, FieldRule>): string[] {
  const found: string[] = [];
  for (const [path, rule] of Object.entries(fields)) {
    for (const { at, value } of valuesAt(object, path)) {
      const actual = typeName(value);
      if (actual !== rule.type) {
        found.push(`${at}: Invalid value: "${actual}": ${at} in body must be of type ${rule.type}: "${actual}"`);
        continue;
      }
      if (typeof value === 'string') {
        if (rule.minLength !== undefined && value.length < rule.minLength)
          found.push(
            `${at}: Invalid value: ${JSON.stringify(value)}: ${at} in body should be at least ${rule.minLength} chars long`,
          );
        if (rule.maxLength !== undefined && value.length > rule.maxLength)
          found.push(`${at}: Too long: may not be more than ${rule.maxLength} bytes`);
        if (rule.pattern && !new RegExp(rule.pattern).test(value))
          found.push(`${at}: Invalid value: ${JSON.stringify(value)}: ${at} in body should match '${rule.pattern}'`);
        if (rule.enum && !rule.enum.includes(value))
          found.push(
            `${at}: Unsupported value: ${JSON.stringify(value)}: supported values: ${rule.enum.map((v) => `"${v}"`).join(', ')}`,
          );
        if (rule.format === 'uuid' && !UUID.test(value))
          found.push(
            `${at}: Invalid value: ${JSON.stringify(value)}: ${at} in body must be of type uuid: ${JSON.stringify(value)}`,
          );
      }
      if (Array.isArray(value)) {
        if (rule.minItems !== undefined && value.length < rule.minItems)
          found.push(
            `${at}: Invalid value: ${value.length}: ${at} in body should have at least ${rule.minItems} items`,
          );
        if (rule.maxItems !== undefined && value.length > rule.maxItems)
          found.push(`${at}: Too many: ${value.length}: must have at most ${rule.maxItems} items`);
      }
      if (rule.format === 'int32' && typeof value === 'number' && (value > 2 ** 31 - 1 || value < -(2 ** 31)))
        found.push(`${at}: Invalid value: ${value}: ${at} in body should be less than or equal to 2147483647`);
    }
  }
  return found;
}

/** The 422 the apiserver answers for an object its CRD's schema rejects (k8s.io/apiextensions-apiserver validation). */
export function validateAgainstSchema(object: KubeObject): StatusError | undefined {
  const group = object.apiVersion.includes('/') ? object.apiVersion.split('/')[0]! : '';
  const schema = SCHEMAS[`${group}/${object.kind}`];
  if (!schema) return undefined;
  const found = violations(object, schema.fields);
  if (found.length === 0) return undefined;
  return new StatusError(
    422,
    'Invalid',
    `${object.kind}.${group} "${object.metadata.name}" is invalid: ${found.length > 1 ? `[${found.join(', ')}]` : found[0]}`,
    {
      name: object.metadata.name,
      group,
      kind: object.kind,
      causes: found.map((text) => {
        const at = text.indexOf(': ');
        return { reason: 'FieldValueInvalid', field: text.slice(0, at), message: text.slice(at + 2) };
      }),
    },
  );
}
