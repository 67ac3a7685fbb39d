export const id = 34;
export const ids = [34];
export const modules = {

/***/ 53034:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  clusterApiDeployDemand: () => (/* binding */ clusterApiDeployDemand)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(92857);
// EXTERNAL MODULE: ./lib/core/lib/command.js
var lib_command = __webpack_require__(2218);
// EXTERNAL MODULE: ./lib/core/lib/errors.js
var errors = __webpack_require__(36452);
// EXTERNAL MODULE: ./lib/core/lib/files.js
var files = __webpack_require__(4196);
// EXTERNAL MODULE: ./lib/core/lib/tool-json.js
var tool_json = __webpack_require__(52816);
// EXTERNAL MODULE: ./lib/core/model/cluster-api.js
var cluster_api = __webpack_require__(47414);
// EXTERNAL MODULE: ./lib/core/openstack/capacity.js
var capacity = __webpack_require__(64578);
// EXTERNAL MODULE: ./lib/core/capi/manifests.js
var capi_manifests = __webpack_require__(11849);
;// CONCATENATED MODULE: ./lib/core/capi/capacity-demand.js
/**
 * An estimate of what a new Cluster API cluster takes from the project's quotas, from the rendered
 * manifests: machines × flavor, their ports and volumes, and what CAPO makes for the cluster (the
 * network, subnet and router of managedSubnets, the API load balancer, floating IPs, managed
 * security groups). An estimate because CAPO decides the rest as it reconciles.
 *
 * Fields: CAPO v1beta1 `OpenStackCluster` / `OpenStackMachineTemplate`, CAPI `KubeadmControlPlane` and
 * `MachineDeployment` (v1beta1 `machineTemplate.infrastructureRef`, v1beta2 `machineTemplate.spec.infrastructureRef`).
 * What CAPO creates, from its source (v0.14):
 * - network, subnet per managedSubnets entry, router when there is an external network:
 *   pkg/cloud/services/networking/network.go, router.go;
 * - the API load balancer: one listener, pool and monitor per port (6443 and additionalPorts), every
 *   control plane machine a member of each pool, a VIP port, a floating IP unless
 *   disableAPIServerFloatingIP: pkg/cloud/services/loadbalancer/loadbalancer.go;
 *   without a load balancer, the floating IP goes to a control plane machine (controllers/openstackmachine_controller.go);
 * - managed security groups (control plane, worker, bastion when enabled) with their rules:
 *   pkg/cloud/services/networking/securitygroups_rules.go (two egress rules each, 3 + 1 control plane,
 *   4 worker, SSH from the bastion), plus allNodesSecurityGroupRules on both;
 * - one port per machine unless `ports` lists more; a root volume when rootVolume.sizeGiB is set,
 *   and additionalBlockDevices of storage type Volume.
 */


function record(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}
function list(value) {
    return Array.isArray(value) ? value.map(record).filter((v) => v !== undefined) : [];
}
function at(value, ...path) {
    let current = value;
    for (const key of path)
        current = record(current)?.[key];
    return current;
}
function capacity_demand_text(value) {
    return typeof value === 'string' && value !== '' ? value : undefined;
}
function count(value, fallback) {
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
}
const EGRESS_RULES = 2;
/** The estimate for the manifests in `text` (clusterctl's output), as a new cluster; `source` names them in notes. */
async function manifestCapacityDemand(manifests, source, flavors) {
    const demand = await objectsDemand(manifestObjects(manifests, source), source, flavors);
    demand.estimate = `Cluster API: counted from ${source} as a new cluster; CAPO decides the details as it reconciles`;
    return demand;
}
function manifestObjects(manifests, source) {
    return (0,capi_manifests/* manifestDocuments */.Ee)(manifests, source).map(({ value }) => record(value) ?? {});
}
/** The kinds whose objects say what a cluster holds: what the re-deploy estimate reads from the management cluster. */
const CAPACITY_KINDS = [
    'kubeadmcontrolplanes.controlplane.cluster.x-k8s.io',
    'machinedeployments.cluster.x-k8s.io',
    'openstackmachinetemplates.infrastructure.cluster.x-k8s.io',
    'openstackclusters.infrastructure.cluster.x-k8s.io',
];
const SIZED_KINDS = new Set(['KubeadmControlPlane', 'MachineDeployment', 'OpenStackCluster']);
/**
 * What a deploy of the rendered manifests adds to a cluster that may exist: the estimate of the
 * manifests minus the estimate of the same objects as the management cluster holds them now
 * (`live`: the items of `kubectl get` of CAPACITY_KINDS), since the machines, network and load
 * balancer already there count in the project's usage. A scale-down frees (negative); objects
 * that exist nowhere yet count whole, so a first deploy is the plain estimate.
 */
async function redeployCapacityDemand(manifests, source, live, flavors) {
    const rendered = manifestObjects(manifests, source);
    const key = (o) => `${String(o.kind)}/${capacity_demand_text(at(o, 'metadata', 'name'))}`;
    const renderedSized = new Set(rendered.filter((o) => SIZED_KINDS.has(String(o.kind))).map(key));
    const liveObjects = live.map(record).filter((o) => o !== undefined);
    // The live counterparts of the rendered objects, and every live template (a re-render may name new ones).
    const existing = liveObjects.filter((o) => renderedSized.has(key(o)) || o.kind === 'OpenStackMachineTemplate');
    if (!existing.some((o) => SIZED_KINDS.has(String(o.kind))))
        return manifestCapacityDemand(manifests, source, flavors);
    const [wanted, held] = await Promise.all([
        objectsDemand(rendered, source, flavors),
        objectsDemand(existing, 'the management cluster', flavors),
    ]);
    const demand = (0,capacity/* emptyDemand */.Js)();
    for (const quota of new Set([...Object.keys(wanted.adds), ...Object.keys(held.adds)])) {
        (0,capacity/* addDemand */.pD)(demand, quota, (wanted.adds[quota] ?? 0) - (held.adds[quota] ?? 0));
    }
    demand.notes = [...new Set([...wanted.notes, ...held.notes])];
    demand.estimate = `Cluster API: counted from ${source} minus what the cluster's objects in the management cluster hold now (${existing
        .filter((o) => SIZED_KINDS.has(String(o.kind)))
        .map(key)
        .join(', ')}); CAPO decides the details as it reconciles`;
    return demand;
}
async function objectsDemand(objects, source, flavors) {
    const kind = (k) => objects.filter((o) => o.kind === k);
    const demand = (0,capacity/* emptyDemand */.Js)();
    const add = (quota, amount) => (0,capacity/* addDemand */.pD)(demand, quota, amount);
    const templates = new Map(kind('OpenStackMachineTemplate').map((t) => [capacity_demand_text(at(t, 'metadata', 'name')), t]));
    const sets = [
        ...kind('KubeadmControlPlane').map((o) => ({
            what: `KubeadmControlPlane ${capacity_demand_text(at(o, 'metadata', 'name'))}`,
            replicas: count(at(o, 'spec', 'replicas'), 1),
            template: capacity_demand_text(at(o, 'spec', 'machineTemplate', 'infrastructureRef', 'name')) ??
                capacity_demand_text(at(o, 'spec', 'machineTemplate', 'spec', 'infrastructureRef', 'name')),
            controlPlane: true,
        })),
        ...kind('MachineDeployment').map((o) => ({
            what: `MachineDeployment ${capacity_demand_text(at(o, 'metadata', 'name'))}`,
            replicas: count(at(o, 'spec', 'replicas'), 1),
            template: capacity_demand_text(at(o, 'spec', 'template', 'spec', 'infrastructureRef', 'name')),
            controlPlane: false,
        })),
    ];
    let controlPlaneReplicas = 0;
    for (const set of sets) {
        if (set.controlPlane)
            controlPlaneReplicas += set.replicas;
        const template = at(templates.get(set.template), 'spec', 'template', 'spec');
        add('instances', set.replicas);
        if (!template) {
            demand.notes.push(`${set.what}: no OpenStackMachineTemplate ${set.template ?? '(none named)'} in ${source}`);
            continue;
        }
        await addMachine(demand, template, set.replicas, set.what, flavors);
    }
    const cluster = at(kind('OpenStackCluster')[0], 'spec');
    if (cluster) {
        if (list(at(cluster, 'managedSubnets')).length > 0) {
            add('networks', 1);
            add('subnets', list(at(cluster, 'managedSubnets')).length);
            if (at(cluster, 'disableExternalNetwork') !== true) {
                add('routers', 1);
                add('ports', 1); // the router's interface on the subnet
            }
        }
        const lb = record(at(cluster, 'apiServerLoadBalancer'));
        const floatingIp = at(cluster, 'disableAPIServerFloatingIP') !== true && at(cluster, 'disableExternalNetwork') !== true;
        if (lb?.enabled === true) {
            const listeners = 1 + (Array.isArray(lb.additionalPorts) ? lb.additionalPorts.length : 0);
            add('load_balancers', 1);
            add('ports', 1);
            add('listeners', listeners);
            add('pools', listeners);
            add('health_monitors', listeners);
            add('members', listeners * controlPlaneReplicas);
        }
        if (floatingIp)
            add('floating_ips', 1);
        const bastion = record(at(cluster, 'bastion'));
        const bastionOn = bastion?.enabled === true ||
            (bastion !== undefined && bastion.enabled === undefined && bastion.spec !== undefined);
        if (bastionOn) {
            add('instances', 1);
            add('floating_ips', 1);
            const spec = record(bastion?.spec);
            if (spec)
                await addMachine(demand, spec, 1, 'the bastion', flavors);
        }
        const groups = record(at(cluster, 'managedSecurityGroups'));
        if (groups) {
            const allNodes = list(groups.allNodesSecurityGroupRules).length;
            add('security_groups', bastionOn ? 3 : 2);
            add('security_group_rules', 
            // control plane: egress + etcd, kubelet x2 + API; worker: egress + kubelet x2 + NodePort tcp/udp
            EGRESS_RULES + 4 + EGRESS_RULES + 4 + 2 * allNodes + (bastionOn ? EGRESS_RULES + 1 + 2 : 0));
        }
    }
    return demand;
}
async function addMachine(demand, spec, replicas, what, flavors) {
    const add = (quota, amount) => (0,capacity/* addDemand */.pD)(demand, quota, amount);
    const flavorName = capacity_demand_text(at(spec, 'flavor'));
    const flavorId = capacity_demand_text(at(spec, 'flavorID'));
    if (flavorName || flavorId) {
        const flavor = await flavors.find(flavorId ? { id: flavorId } : { name: flavorName });
        if (flavor) {
            add('cores', replicas * flavor.vcpus);
            add('ram', replicas * flavor.ram);
        }
        else {
            demand.notes.push(`cores and RAM of ${what}: Nova has no flavor ${flavorId ?? `named "${flavorName}"`}`);
        }
    }
    else {
        demand.notes.push(`cores and RAM of ${what}: no flavor in its machine template`);
    }
    add('ports', replicas * Math.max(1, list(at(spec, 'ports')).length));
    const root = count(at(spec, 'rootVolume', 'sizeGiB'), 0);
    if (root > 0) {
        add('volumes', replicas);
        add('gigabytes', replicas * root);
    }
    for (const device of list(at(spec, 'additionalBlockDevices'))) {
        if (at(device, 'storage', 'type') !== 'Volume')
            continue;
        add('volumes', replicas);
        add('gigabytes', replicas * count(device.sizeGiB, 0));
    }
}

// EXTERNAL MODULE: ./lib/core/capi/management.js + 1 modules
var management = __webpack_require__(24683);
;// CONCATENATED MODULE: ./lib/core/capi/deploy-demand.js









const LiveListSchema = schemas/* object */.Ikc({ items: schemas/* array */.YOg(schemas/* unknown */.L5J()) });
/**
 * What a deploy of the rendered manifests takes from the project's quotas (openstack-capacity of a
 * Cluster API config): only what it adds to the cluster's objects on the management cluster, or the
 * whole estimate when they cannot be read (said in the notes).
 */
async function clusterApiDeployDemand(settings, capi, context, flavors) {
    const file = (0,cluster_api/* renderedManifests */.AC)(capi);
    const live = await liveObjects(settings, context);
    const manifests = (0,external_node_fs_.readFileSync)(file, 'utf8');
    if (live.objects)
        return redeployCapacityDemand(manifests, (0,files/* displayPath */.Gt)(file), live.objects, flavors);
    const demand = await manifestCapacityDemand(manifests, (0,files/* displayPath */.Gt)(file), flavors);
    demand.notes.push(`the cluster's objects could not be read (${live.why}): counted as a new cluster`);
    return demand;
}
/** A re-deploy: the cluster's objects as the management cluster holds them (none before the first apply). */
async function liveObjects(settings, context) {
    const commands = new management/* CapiCommands */.m8(settings);
    const command = commands.kubectl((0,management/* objectsKubeconfig */.Cg)(settings, context.state.clusterApi), 'get', CAPACITY_KINDS.join(','), '-n', commands.capi.namespace, '-o', 'json');
    const result = await context.exec(command, { check: false, capture: true, quiet: true });
    // No Cluster API yet on the management cluster (its CRDs): nothing of the cluster exists.
    if (result.exitCode !== 0) {
        return result.tail.some((line) => management/* NO_CLUSTER_API */.Qj.test(line)) ? { objects: [] } : { why: (0,lib_command/* failureLine */.Pu)(result) };
    }
    const shown = `kubectl get ${CAPACITY_KINDS[0]},… -o json`;
    try {
        return { objects: (0,tool_json/* parseToolJson */.I)(result.stdout, LiveListSchema, (0,tool_json/* notJsonOf */.v)(shown, result.stdout, 'a list')).items };
    }
    catch (error) {
        return { why: (0,errors/* errorMessage */.gJ)(error) };
    }
}


/***/ })

};
