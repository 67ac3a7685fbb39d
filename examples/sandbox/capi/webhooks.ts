import { clone, deepEqual, StatusError } from './api-objects.js';
import type { AdmissionHook, KubeObject } from './api-server.js';
import { validateAgainstSchema } from './crd-schemas.js';

/**
 * What the API server of a management cluster refuses once `clusterctl init` installed the providers: the CRD
 * schema check (the apiserver's own, for the fields in ./crd-schemas.ts) and the providers' validating webhooks.
 * Webhooks are called for dry runs too (all of these declare `sideEffects=None`), so `kubectl diff --server-side`
 * shows a denial before anything is applied. The apiserver reports a denial as
 * `admission webhook "<name>" denied the request: <the webhook's message>` with the webhook's code
 * (k8s.io/apiserver `pkg/admission/plugin/webhook/errors/statuserror.go` ToStatusErr).
 */

// biome-ignore lint/suspicious/noExplicitAny: open JSON objects, as the webhooks read them.
type Fields = Record<string, any>;

const INFRASTRUCTURE = 'infrastructure.cluster.x-k8s.io';
const CONTROL_PLANE = 'controlplane.cluster.x-k8s.io';
const groupOf = (apiVersion: string) => (apiVersion.includes('/') ? apiVersion.split('/')[0]! : '');

/** An apierrors.NewInvalid from a webhook, as the apiserver passes it on. */
function denied(webhook: string, object: KubeObject, causes: { field: string; message: string }[]): StatusError {
  const group = groupOf(object.apiVersion);
  const detail = causes.map((c) => `${c.field}: ${c.message}`).join(', ');
  // The webhook's field causes travel in the Status details; kubectl prints an Invalid status with causes as
  // `The <Kind> "<name>" is invalid: <field>: <message>` (kubectl `pkg/cmd/util/helpers.go` StandardErrorMessage).
  return new StatusError(
    422,
    'Invalid',
    `admission webhook "${webhook}" denied the request: ${object.kind}.${group} "${object.metadata.name}" is invalid: ${causes.length > 1 ? `[${detail}]` : detail}`,
    {
      name: object.metadata.name,
      group,
      kind: object.kind,
      causes: causes.map((c) => ({
        reason: c.message.startsWith('Forbidden') ? 'FieldValueForbidden' : 'FieldValueInvalid',
        message: c.message,
        field: c.field,
      })),
    },
  );
}

/**
 * CAPO v0.14.7 `pkg/webhooks/openstackmachinetemplate_webhook.go` ValidateUpdate: `spec.template.spec` may not change
 * at all (the dry-run exemption is only for CAPI's topology dry runs, marked by an annotation we never set).
 */
function openStackMachineTemplate(object: KubeObject, oldObject: KubeObject | undefined): StatusError | undefined {
  if (!oldObject) return undefined;
  const next = (object.spec as Fields | undefined)?.template?.spec;
  const previous = (oldObject.spec as Fields | undefined)?.template?.spec;
  if (deepEqual(next ?? {}, previous ?? {})) return undefined;
  return denied('validation.openstackmachinetemplate.infrastructure.cluster.x-k8s.io', object, [
    {
      field: 'spec.template.spec',
      message: `Invalid value: ${JSON.stringify(next ?? {})}: OpenStackMachineTemplate spec.template.spec field is immutable. Please create a new resource instead. Ref doc: https://cluster-api.sigs.k8s.io/tasks/change-machine-template.html`,
    },
  ]);
}

/**
 * CAPO v0.14.7 `pkg/webhooks/openstackcluster_webhook.go` ValidateUpdate: the whole spec is immutable except what it
 * zeroes out before comparing: identityRef; controlPlaneEndpoint while it has no host; apiServerFixedIP/port while
 * the floating IP is disabled and they are unset; bastion (not its removal while enabled); the managed security
 * group rules and allowAllInClusterTraffic; a managed subnet's dnsNameservers (not its CIDR or count); the API load
 * balancer's allowedCIDRs and monitor; the control plane availability zones and omitAvailabilityZone;
 * apiServerFloatingIP when it equals the load balancer's IP; network (and subnets) from a filter to the ID in status.
 */
function openStackCluster(object: KubeObject, oldObject: KubeObject | undefined): StatusError | undefined {
  if (!oldObject) return undefined;
  const next = clone((object.spec ?? {}) as Fields);
  const previous = clone((oldObject.spec ?? {}) as Fields);
  const causes: { field: string; message: string }[] = [];
  for (const spec of [next, previous]) delete spec.identityRef;
  if (!previous.controlPlaneEndpoint) delete next.controlPlaneEndpoint;
  else if (!previous.controlPlaneEndpoint.host) {
    delete next.controlPlaneEndpoint;
    delete previous.controlPlaneEndpoint;
  }
  if (previous.disableAPIServerFloatingIP === true && !previous.apiServerFixedIP) {
    delete next.apiServerFixedIP;
    delete previous.apiServerFixedIP;
  }
  if (previous.disableAPIServerFloatingIP === true && previous.apiServerPort === undefined) delete next.apiServerPort;
  if (next.bastion === undefined && previous.bastion?.enabled === true)
    causes.push({ field: 'spec.bastion', message: 'Forbidden: cannot be removed before disabling it' });
  for (const spec of [next, previous]) delete spec.bastion;
  if (next.managedSecurityGroups) {
    previous.managedSecurityGroups ??= {};
    for (const spec of [next, previous])
      for (const rules of [
        'allNodesSecurityGroupRules',
        'controlPlaneNodesSecurityGroupRules',
        'workerNodesSecurityGroupRules',
        'allowAllInClusterTraffic',
      ])
        delete spec.managedSecurityGroups[rules];
  }
  if (Array.isArray(next.managedSubnets) && Array.isArray(previous.managedSubnets)) {
    if (next.managedSubnets.length !== previous.managedSubnets.length)
      causes.push({ field: 'spec.managedSubnets', message: 'Forbidden: cannot add or remove subnets' });
    else {
      const byCidr = new Map<string, Fields>(previous.managedSubnets.map((s: Fields) => [s.cidr, s]));
      for (const subnet of next.managedSubnets as Fields[]) {
        const old = byCidr.get(subnet.cidr);
        if (!old) {
          causes.push({
            field: 'spec.managedSubnets',
            message: `Forbidden: cannot change subnet CIDR from existing value to ${subnet.cidr}`,
          });
          continue;
        }
        delete old.dnsNameservers;
        delete subnet.dnsNameservers;
      }
    }
  }
  if (next.apiServerLoadBalancer && previous.apiServerLoadBalancer)
    for (const spec of [next, previous]) {
      delete spec.apiServerLoadBalancer.allowedCIDRs;
      delete spec.apiServerLoadBalancer.monitor;
    }
  for (const spec of [next, previous]) {
    delete spec.controlPlaneAvailabilityZones;
    delete spec.controlPlaneOmitAvailabilityZone;
  }
  const loadBalancerIp = (oldObject.status as Fields | undefined)?.apiServerLoadBalancer?.ip;
  if (loadBalancerIp && next.apiServerFloatingIP === loadBalancerIp) {
    delete next.apiServerFloatingIP;
    delete previous.apiServerFloatingIP;
  }
  const networkId = (oldObject.status as Fields | undefined)?.network?.id;
  if (next.network && previous.network && networkId && next.network.id === networkId) {
    delete next.network;
    delete previous.network;
  }
  if (!deepEqual(next, previous)) causes.push({ field: 'spec', message: 'Forbidden: cannot be modified' });
  return causes.length > 0
    ? denied('validation.openstackcluster.infrastructure.cluster.x-k8s.io', object, causes)
    : undefined;
}

/** `vX.Y.Z` (a leading "v" optional, as semver.ParseTolerant takes it). */
export function parseVersion(text: unknown): [number, number, number] | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(String(text ?? ''));
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/**
 * CAPI v1.12 `controlplane/kubeadm/internal/webhooks/kubeadmcontrolplane.go`: replicas required, above 0 and odd
 * with stacked etcd (validateKubeadmControlPlaneSpec, create and update); validateVersion: an update may raise the
 * version by at most one minor ("Skipping a minor version is not allowed").
 */
function kubeadmControlPlane(object: KubeObject, oldObject: KubeObject | undefined): StatusError | undefined {
  // validateKubeadmControlPlaneSpec, on create and on update (`kubeadmcontrolplane.go:93-100,226,274-310`).
  const spec = (object.spec ?? {}) as Fields;
  const causes: { field: string; message: string }[] = [];
  if (spec.replicas === undefined || spec.replicas === null)
    causes.push({ field: 'spec.replicas', message: 'Required value: is required' });
  else if (Number(spec.replicas) <= 0)
    causes.push({ field: 'spec.replicas', message: 'Forbidden: cannot be less than or equal to 0' });
  else if (!spec.kubeadmConfigSpec?.clusterConfiguration?.etcd?.external && Number(spec.replicas) % 2 === 0)
    causes.push({ field: 'spec.replicas', message: 'Forbidden: cannot be an even number when etcd is stacked' });
  if (causes.length > 0) return denied('validation.kubeadmcontrolplane.controlplane.cluster.x-k8s.io', object, causes);
  if (!oldObject) return undefined;
  const from = parseVersion((oldObject.spec as Fields | undefined)?.version);
  const toText = (object.spec as Fields | undefined)?.version;
  const to = parseVersion(toText);
  if (!from || !to) return undefined;
  const ceiling: [number, number, number] = [from[0], from[1] + 2, 0];
  const atOrAbove = to[0] > ceiling[0] || (to[0] === ceiling[0] && to[1] >= ceiling[1]);
  if (!atOrAbove) return undefined;
  return denied('validation.kubeadmcontrolplane.controlplane.cluster.x-k8s.io', object, [
    {
      field: 'spec.version',
      message: `Forbidden: cannot update Kubernetes version from ${(oldObject.spec as Fields).version} to ${toText}`,
    },
  ]);
}

/** The admission chain of a management cluster; `installed` says whether the providers (and so their CRDs and webhooks) are there. */
export function capiAdmission(installed: () => boolean): AdmissionHook {
  return ({ object, oldObject }) => {
    if (!installed()) return;
    const group = groupOf(object.apiVersion);
    const schemaError = validateAgainstSchema(object);
    if (schemaError) throw schemaError;
    const error =
      group === INFRASTRUCTURE && object.kind === 'OpenStackMachineTemplate'
        ? openStackMachineTemplate(object, oldObject)
        : group === INFRASTRUCTURE && object.kind === 'OpenStackCluster'
          ? openStackCluster(object, oldObject)
          : group === CONTROL_PLANE && object.kind === 'KubeadmControlPlane'
            ? kubeadmControlPlane(object, oldObject)
            : undefined;
    if (error) throw error;
  };
}
