/**
 * The API address through a control-plane rollout. Without an API load balancer the endpoint is a floating IP on
 * the control plane machine. CAPO v0.14.7 deletes it with the machine it sits on when the OpenStackCluster's
 * spec.apiServerFloatingIP is unset (`controllers/openstackmachine_controller.go:258-262,281-327`,
 * removeAPIServerEndpoint). The new machine then asks Neutron for that exact address
 * (`:694-721` → `pkg/cloud/services/networking/floatingip.go:46-56`, "only admin can add ip address").
 * A rollout replaces the machine (KCP rolls with maxSurge 1, then deletes the old one), so the cluster loses its
 * address. With spec.apiServerFloatingIP set, CAPO leaves the floating IP alone and the new machine takes it over.
 * CAPO's webhook forbids setting it on a running cluster (`pkg/webhooks/openstackcluster_webhook.go`
 * ValidateUpdate), so the project renders it at creation (deployment.cluster_api.api_server_floating_ip) and refuses
 * a rollout of a cluster made without it.
 */

import { RefusalError, UserError } from '../lib/errors.js';
import { appliesAsIs, objectAddress } from './manifests.js';
import { controlPlaneTemplateRef, withV } from './upgrade.js';

// biome-ignore lint/suspicious/noExplicitAny: manifests and live objects are open JSON.
type Doc = Record<string, any>;

export const API_FLOATING_IP_FIELD = 'deployment.cluster_api.api_server_floating_ip';

/** The floating IP a control-plane rollout would delete: the endpoint of a cluster with no address of its own. */
function apiAddressAtRisk(openStackCluster: Doc | undefined): string | undefined {
  const spec = (openStackCluster?.spec ?? {}) as Doc;
  if (spec.apiServerLoadBalancer?.enabled === true) return undefined;
  if (spec.disableAPIServerFloatingIP === true || spec.disableExternalNetwork === true) return undefined;
  if (typeof spec.apiServerFloatingIP === 'string' && spec.apiServerFloatingIP !== '') return undefined;
  const host = spec.controlPlaneEndpoint?.host;
  return typeof host === 'string' && host !== '' ? host : undefined;
}

/**
 * What in the rendered KubeadmControlPlane makes KCP replace the live one's machines: another version, another
 * machine template (a changed image, flavor or key gets a new name), or a kubeadm config it does not hold
 * (CAPI v1.12 `controlplane/kubeadm/internal/filters.go` matchesKubeadmConfig, matchesTemplateClonedFrom).
 */
function controlPlaneRolls(rendered: Doc, live: Doc): string | undefined {
  const reasons: string[] = [];
  const from = withV(live.spec?.version);
  const to = withV(rendered.spec?.version);
  if (to && from !== to) reasons.push(`version ${from} → ${to}`);
  const fromTemplate = controlPlaneTemplateRef(live)?.name;
  const toTemplate = controlPlaneTemplateRef(rendered)?.name;
  if (toTemplate && fromTemplate !== toTemplate) reasons.push(`machine template ${fromTemplate} → ${toTemplate}`);
  if (!appliesAsIs(rendered.spec?.kubeadmConfigSpec, live.spec?.kubeadmConfigSpec))
    reasons.push('kubeadmConfigSpec changed');
  return reasons.length > 0 ? reasons.join(', ') : undefined;
}

/** The refusal of a rollout that would delete the API address, naming what to do instead. */
function apiAddressLossError(openStackCluster: Doc, address: string, rollout: string): RefusalError {
  const object = objectAddress({
    kind: 'OpenStackCluster',
    name: String(openStackCluster.metadata?.name),
    namespace: openStackCluster.metadata?.namespace,
  });
  return new RefusalError(
    `this would replace the control plane machine (${rollout}) and with it lose the API address ${address}: it is a floating IP CAPO made for ${object}, whose spec.apiServerFloatingIP is unset, so CAPO deletes it with the old machine and the new one asks Neutron for that exact address, which only an admin may create. Nothing was applied. CAPO forbids setting spec.apiServerFloatingIP on a running cluster, so keep the control plane's version, image, flavor, SSH key and kubeadm config as deployed (worker changes roll without it), or build the cluster anew with ${API_FLOATING_IP_FIELD} set to a floating IP created beforehand (openstack floating ip create <external network>) or from a template with the API load balancer`,
  );
}

/**
 * spec.apiServerFloatingIP on every rendered OpenStackCluster: the configured floating IP, so CAPO keeps it.
 * A template that sets another address, or disables the API floating IP, contradicts the config.
 */
export function setApiServerFloatingIp(documents: Doc[], address: string, templateName: string): void {
  for (const document of documents) {
    if (document?.kind !== 'OpenStackCluster') continue;
    if (!document.spec) document.spec = {};
    const spec = document.spec as Doc;
    const object = objectAddress({
      kind: 'OpenStackCluster',
      name: String(document.metadata?.name),
      namespace: document.metadata?.namespace,
    });
    if (spec.disableAPIServerFloatingIP === true)
      throw new UserError(
        `the template ${templateName} disables the API floating IP of ${object} (spec.disableAPIServerFloatingIP), while ${API_FLOATING_IP_FIELD} gives one: remove one of them`,
      );
    if (spec.apiServerFloatingIP !== undefined && spec.apiServerFloatingIP !== address)
      throw new UserError(
        `the template ${templateName} sets spec.apiServerFloatingIP ${JSON.stringify(spec.apiServerFloatingIP)} on ${object}, while ${API_FLOATING_IP_FIELD} is ${address}: keep one of them`,
      );
    spec.apiServerFloatingIP = address;
  }
}

/**
 * The refusal of a deploy or an upgrade whose KubeadmControlPlane would roll the control plane of a cluster that
 * loses its API address with it, from the management cluster's objects (capi-wait's list); undefined when none.
 */
export function apiAddressRefusal(
  renderedKcps: readonly Doc[],
  liveObjects: readonly Doc[],
  clusterName: string,
): RefusalError | undefined {
  const cluster = liveObjects.find((o) => o.kind === 'Cluster' && o.metadata?.name === clusterName);
  const openStackCluster = liveObjects.find(
    (o) => o.kind === 'OpenStackCluster' && o.metadata?.name === cluster?.spec?.infrastructureRef?.name,
  );
  const address = apiAddressAtRisk(openStackCluster);
  if (!address || !openStackCluster) return undefined;
  for (const rendered of renderedKcps) {
    const live = liveObjects.find(
      (o) => o.kind === 'KubeadmControlPlane' && o.metadata?.name === rendered.metadata?.name,
    );
    const rollout = live ? controlPlaneRolls(rendered, live) : undefined;
    if (rollout) return apiAddressLossError(openStackCluster, address, rollout);
  }
  return undefined;
}

/**
 * A deploy whose rendered KubeadmControlPlane asks for another Kubernetes version than the live one: refused, since a
 * version goes through operation upgrade (its checks: no skipped minor or downgrade, an image built for the version,
 * capacity for the surge; the control plane rolled before the workers). kubectl apply would instead hand the new
 * version to KCP and the MachineDeployments at once.
 */
export function versionChangeRefusal(
  renderedKcps: readonly Doc[],
  liveObjects: readonly Doc[],
): RefusalError | undefined {
  for (const rendered of renderedKcps) {
    const live = liveObjects.find(
      (o) => o.kind === 'KubeadmControlPlane' && o.metadata?.name === rendered.metadata?.name,
    );
    const from = withV(live?.spec?.version);
    const to = withV(rendered.spec?.version);
    if (!live || !from || !to || from === to) continue;
    return new RefusalError(
      `the config's Kubernetes version ${to} (opencenter.cluster.kubernetes.version) is not the cluster's ${from} (KubeadmControlPlane ${rendered.metadata?.name}): a version change is an upgrade, with its checks (no skipped minor version or downgrade, an image built for ${to}, room for the replacement machines) and the control plane rolled before the workers. Nothing was applied: run operation upgrade with kubernetes-version ${to.replace(/^v/, '')}, or set the version back to ${from.replace(/^v/, '')} to deploy other changes`,
    );
  }
  return undefined;
}
