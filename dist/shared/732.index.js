export const id = 732;
export const ids = [732];
export const modules = {

/***/ 79010:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   JA: () => (/* binding */ liveForbiddenChanges),
/* harmony export */   bA: () => (/* binding */ forbiddenChangesError),
/* harmony export */   xI: () => (/* binding */ describeForbiddenChange)
/* harmony export */ });
/* unused harmony exports forbiddenClusterChanges, OPENSTACK_CLUSTERS */
/* harmony import */ var _lib_command_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2218);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(36452);
/* harmony import */ var _management_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(24683);
/* harmony import */ var _manifests_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(11849);
/**
 * Changes CAPO forbids in place, found before anything is applied. CAPO v0.14.7's OpenStackCluster webhook
 * (`pkg/webhooks/openstackcluster_webhook.go` ValidateUpdate) refuses any change of `spec` except a few fields, and
 * `kubectl apply` would still apply every other object of the manifests (kubectl `pkg/cmd/apply/apply.go` only
 * aggregates the errors): a half-applied change. So the plan compares the rendered OpenStackCluster with the one
 * the management cluster holds and refuses, naming the field and the config setting behind it.
 */




/** Top-level spec fields the webhook lets change (it zeroes them before comparing; bastion only while not removed). */
const MUTABLE = new Set([
    'identityRef',
    'bastion',
    'controlPlaneAvailabilityZones',
    'controlPlaneOmitAvailabilityZone',
    // Written by CAPO itself once the endpoint exists; the template never sets it.
    'controlPlaneEndpoint',
]);
/** The config field behind an OpenStackCluster spec field of our templates. */
const CONFIG_FIELD = {
    externalNetwork: 'deployment.cluster_api.openstack.external_network_id',
    managedSubnets: 'deployment.cluster_api.template (the subnet CIDR; dns_nameservers may change)',
    apiServerLoadBalancer: 'deployment.cluster_api.template (the API load balancer)',
    disableAPIServerFloatingIP: 'deployment.cluster_api.template',
    managedSecurityGroups: 'deployment.cluster_api.template',
};
const isObject = (value) => !!value && typeof value === 'object' && !Array.isArray(value);
/**
 * Whether applying `next` (server-side) leaves `live` as it is: every value the manifests set is the live one. Fields
 * the manifests leave out keep what the server has (API server defaults, what CAPO writes), so they are no change;
 * lists are compared item by item (each item the same way), and must have the same length.
 */
function covers(next, live) {
    if (next === undefined || next === null)
        return true;
    if (Array.isArray(next)) {
        const items = Array.isArray(live) ? live : [];
        return items.length === next.length && next.every((item, i) => covers(item, items[i]));
    }
    if (isObject(next))
        return Object.keys(next).every((key) => covers(next[key], isObject(live) ? live[key] : undefined));
    return next === live;
}
/** What the webhook allows inside the fields it only partly freezes, removed from a copy of a spec field. */
function comparable(field, value, both = true) {
    if (!value || typeof value !== 'object')
        return value;
    const copy = structuredClone(value);
    if (field === 'managedSecurityGroups') {
        for (const rules of [
            'allNodesSecurityGroupRules',
            'controlPlaneNodesSecurityGroupRules',
            'workerNodesSecurityGroupRules',
            'allowAllInClusterTraffic',
        ])
            delete copy[rules];
    }
    if (field === 'managedSubnets' && Array.isArray(copy))
        for (const subnet of copy)
            if (subnet)
                delete subnet.dnsNameservers;
    // Only between two load balancer specs: one added (with allowed CIDRs or not) is a change.
    if (field === 'apiServerLoadBalancer' && both) {
        delete copy.allowedCIDRs;
        delete copy.monitor;
    }
    return copy;
}
/**
 * The webhook's own check of the managed subnets: matched by CIDR, a subnet added or removed and a changed CIDR are
 * refused (only dnsNameservers may change). A string says what was refused, '' nothing; undefined: not both lists.
 */
function subnetChange(next, live) {
    if (!Array.isArray(next) || !Array.isArray(live))
        return undefined;
    if (next.length !== live.length)
        return `cannot add or remove subnets (${live.length} → ${next.length})`;
    const cidrs = new Set(live.map((subnet) => subnet?.cidr));
    const changed = next.map((subnet) => subnet?.cidr).filter((cidr) => !cidrs.has(cidr));
    if (changed.length > 0)
        return `cannot change subnet CIDR from ${[...cidrs].join(', ')} to ${changed.join(', ')}`;
    return covers(comparable('managedSubnets', next), comparable('managedSubnets', sortedLike(next, live)))
        ? ''
        : 'a managed subnet changed other than its dnsNameservers';
}
/** The live subnets in the order of the rendered ones (the webhook matches them by CIDR). */
function sortedLike(next, live) {
    return next.map((subnet) => live.find((old) => old?.cidr === subnet?.cidr));
}
/**
 * Fields the webhook lets change only in one situation, read from the live object: the network from a filter to the
 * ID CAPO resolved (status.network.id); the API floating IP to the load balancer's address; the fixed IP and port set
 * for the first time while the floating IP is disabled.
 */
function allowedByLiveState(field, next, live) {
    const spec = (live.spec ?? {});
    const status = (live.status ?? {});
    if (field === 'network')
        return !!status.network?.id && next.network?.id === status.network.id;
    if (field === 'apiServerFloatingIP')
        return !!status.apiServerLoadBalancer?.ip && next.apiServerFloatingIP === status.apiServerLoadBalancer.ip;
    if (field === 'apiServerFixedIP' || field === 'apiServerPort')
        return spec.disableAPIServerFloatingIP === true && (spec[field] === undefined || spec[field] === '');
    return false;
}
/** The OpenStackCluster spec fields that differ in a way CAPO's webhook refuses. */
function forbiddenClusterChanges(rendered, live) {
    const next = (rendered.spec ?? {});
    const previous = (live.spec ?? {});
    const changes = [];
    const refuse = (field, detail) => changes.push({
        field: `spec.${field}`,
        configField: CONFIG_FIELD[field] ?? 'deployment.cluster_api.template',
        ...(detail && { detail }),
    });
    // Removing the bastion is allowed only once it is disabled.
    if (next.bastion === undefined && previous.bastion?.enabled === true)
        refuse('bastion', 'cannot be removed before disabling it');
    for (const field of Object.keys(next).sort()) {
        // A field the template leaves out keeps what the server has (server-side apply): no change.
        if (MUTABLE.has(field) || next[field] === undefined || next[field] === null)
            continue;
        if (allowedByLiveState(field, next, live))
            continue;
        if (field === 'managedSubnets') {
            const subnets = subnetChange(next[field], previous[field]);
            if (subnets)
                refuse(field, subnets);
            if (subnets !== undefined)
                continue;
        }
        const both = isObject(next[field]) && isObject(previous[field]);
        if (!covers(comparable(field, next[field], both), comparable(field, previous[field], both)))
            refuse(field);
    }
    return changes;
}
const OPENSTACK_CLUSTERS = 'openstackclusters.infrastructure.cluster.x-k8s.io';
/**
 * The rendered manifests' OpenStackClusters against the live ones on the management cluster (`kubectl get`, read
 * only): what CAPO's webhook would refuse. A cluster not created yet, or no Cluster API there, has nothing to refuse.
 */
async function liveForbiddenChanges(exec, kubectl, manifestsText, source, 
/** The management cluster, for errors (preview.ts describeManagement). */
management) {
    const found = [];
    for (const { value } of (0,_manifests_js__WEBPACK_IMPORTED_MODULE_3__/* .manifestDocuments */ .Ee)(manifestsText, source)) {
        const rendered = value;
        if (rendered?.kind !== 'OpenStackCluster' || typeof rendered.metadata?.name !== 'string')
            continue;
        const { name, namespace } = rendered.metadata;
        const object = (0,_manifests_js__WEBPACK_IMPORTED_MODULE_3__/* .objectAddress */ .ul)({ kind: 'OpenStackCluster', name, namespace });
        const got = await exec(kubectl('get', OPENSTACK_CLUSTERS, name, ...(namespace ? ['-n', namespace] : []), '-o', 'json', '--ignore-not-found'), { capture: true, quiet: true, check: false });
        if (got.exitCode !== 0) {
            if (_management_js__WEBPACK_IMPORTED_MODULE_2__/* .NO_CLUSTER_API */ .Qj.test(got.tail.join('\n')))
                return [];
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`cannot read ${object} from the management cluster (${management}): ${(0,_lib_command_js__WEBPACK_IMPORTED_MODULE_0__/* .failureLine */ .Pu)(got)}`);
        }
        if (!got.stdout.trim())
            continue;
        let live;
        try {
            live = JSON.parse(got.stdout);
        }
        catch {
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`kubectl get ${object} -o json printed no JSON object`);
        }
        const changes = forbiddenClusterChanges(rendered, live);
        if (changes.length > 0)
            found.push({ object, name, ...(namespace && { namespace }), changes });
    }
    return found;
}
/** One line per refused field: `spec.externalNetwork (deployment.cluster_api.openstack.external_network_id)`. */
function describeForbiddenChange(change) {
    return `${change.field}${change.detail ? `: ${change.detail}` : ''} (set by ${change.configField})`;
}
/**
 * The refusal of a plan or a deploy: nothing applied, each field named with its setting, and what to do instead.
 * RefusalError: a re-run with the same config refuses again.
 */
function forbiddenChangesError(found) {
    if (found.length === 0)
        return undefined;
    const objects = found.map(({ object, changes }) => `${object}: ${changes.map(describeForbiddenChange).join('; ')}`);
    return new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .RefusalError */ .XQ(`CAPO forbids changing these in place (its OpenStackCluster webhook refuses them, while kubectl apply would still apply the other objects of the manifests): ${objects.join(' / ')}. Nothing is applied while they differ: put the settings back as deployed; a cluster with the new ones is a new cluster (destroy, then deploy)`);
}


/***/ }),

/***/ 82168:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   clusterApiProblems: () => (/* binding */ clusterApiProblems)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(36452);
/* harmony import */ var _lib_files_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4196);
/* harmony import */ var _manifests_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(11849);





/** What `kubectl apply -f <dir>` reads: the directory's own files with these extensions, not its subdirectories. */
const MANIFEST_EXTENSIONS = ['.yaml', '.yml', '.json'];
const ADDON_FILE = { ..._manifests_js__WEBPACK_IMPORTED_MODULE_4__/* .MANIFESTS_FILE */ .aK, noun: 'addon', plural: 'addons' };
/**
 * The addons directory as capi-addons will apply it, checked before any machine exists: kubectl
 * would find an empty directory or a file that is no Kubernetes object only after the machines are up.
 */
async function addonsProblems(dir) {
    const field = `the addons directory ${dir} (deployment.cluster_api.addons)`;
    const stat = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.stat(dir).catch(() => undefined);
    if (!stat?.isDirectory())
        return [
            `${field} ${stat ? 'is not a directory' : 'does not exist'}; without a CNI and the cloud controller manager the nodes never turn Ready`,
        ];
    const files = [];
    for (const name of (await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.readdir(dir)).sort()) {
        if (MANIFEST_EXTENSIONS.includes(node_path__WEBPACK_IMPORTED_MODULE_1__.extname(name)) &&
            !(await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.stat(node_path__WEBPACK_IMPORTED_MODULE_1__.join(dir, name)).catch(() => undefined))?.isDirectory())
            files.push(name);
    }
    if (files.length === 0) {
        return [
            `${field} has no .yaml, .yml or .json file (kubectl applies those, not subdirectories); put the CNI and cloud controller manager manifests there`,
        ];
    }
    const problems = [];
    for (const name of files) {
        const file = node_path__WEBPACK_IMPORTED_MODULE_1__.join(dir, name);
        try {
            for (const { number, value } of (0,_manifests_js__WEBPACK_IMPORTED_MODULE_4__/* .manifestDocuments */ .Ee)((0,_lib_files_js__WEBPACK_IMPORTED_MODULE_3__/* .readTextFile */ .Gu)(file, ADDON_FILE), `addon ${(0,_lib_files_js__WEBPACK_IMPORTED_MODULE_3__/* .displayPath */ .Gt)(file)}`)) {
                const object = value;
                if (typeof object?.apiVersion !== 'string' || typeof object.kind !== 'string') {
                    problems.push(`addon ${(0,_lib_files_js__WEBPACK_IMPORTED_MODULE_3__/* .displayPath */ .Gt)(file)}: document ${number} is not a Kubernetes object (it needs apiVersion and kind); fix it or move it out of deployment.cluster_api.addons`);
                }
            }
        }
        catch (error) {
            if (!(error instanceof _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo))
                throw error;
            problems.push(error.message);
        }
    }
    return problems;
}
/**
 * The tools and files of deployment.method cluster-api, each named with the field that sets it.
 * A plan runs no kind, so it does not need it (`needsKind: false`).
 */
async function clusterApiProblems(settings, capi, { needsKind = true } = {}) {
    const problems = [];
    const pathVar = settings.baseEnv.PATH;
    const tools = [
        [capi.clusterctl, 'clusterctl (--clusterctl, deployment.cluster_api.clusterctl_path)'],
        [settings.kubectl, 'kubectl'],
        ...(needsKind && capi.management.kind === 'kind'
            ? [[capi.kind, 'kind (--kind, deployment.cluster_api.kind_path)']]
            : []),
    ];
    for (const [tool, what] of tools) {
        if (!(await (0,_lib_files_js__WEBPACK_IMPORTED_MODULE_3__/* .findExecutable */ .oq)(tool, pathVar)))
            problems.push(`${what}: "${tool}" not found on PATH or not executable; install it`);
    }
    const template = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.stat(capi.template).catch(() => undefined);
    if (!template?.isFile())
        problems.push(`the Cluster API template ${capi.template} (deployment.cluster_api.template) ${template ? 'is not a file' : 'does not exist'}`);
    problems.push(...(await addonsProblems(capi.addonsDir)));
    if (capi.management.kind === 'existing') {
        const kubeconfig = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.stat(capi.management.kubeconfig).catch(() => undefined);
        if (!kubeconfig?.isFile())
            problems.push(`the management cluster's kubeconfig ${capi.management.kubeconfig} (${capi.management.source}) ${kubeconfig ? 'is not a file' : 'does not exist'}`);
    }
    if (capi.orcManifest && !capi.orcManifest.startsWith('https://')) {
        const orc = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.stat(capi.orcManifest).catch(() => undefined);
        if (!orc?.isFile())
            problems.push(`ORC's install.yaml ${capi.orcManifest} (deployment.cluster_api.providers.orc) ${orc ? 'is not a file' : 'does not exist'}; give the path of the release's install.yaml in the cluster dir, or its https URL`);
    }
    return problems;
}


/***/ }),

/***/ 54351:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BP: () => (/* binding */ renderCapiChanges),
/* harmony export */   CY: () => (/* binding */ managementKubectl),
/* harmony export */   Ft: () => (/* binding */ diffCommand),
/* harmony export */   dz: () => (/* binding */ describeManagement),
/* harmony export */   ew: () => (/* binding */ diffManifests),
/* harmony export */   mX: () => (/* binding */ runCapiPlan)
/* harmony export */ });
/* harmony import */ var _lib_files_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4196);
/* harmony import */ var _manifests_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(11849);
/* harmony import */ var _forbidden_changes_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(79010);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(36452);
/* harmony import */ var _kube_nodes_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(66408);
/* harmony import */ var _lib_lock_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(70140);
/* harmony import */ var _model_settings_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(44274);
/* harmony import */ var _model_environment_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(75629);
/* harmony import */ var _management_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(24683);
/* harmony import */ var _preflight_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(82168);
/* harmony import */ var _lib_command_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(2218);
/* harmony import */ var _model_changes_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(78960);













/**
 * Renders the manifests (clusterctl generate cluster, as capi-render does) and diffs them against
 * the management cluster. With an ephemeral kind cluster not created yet, or providers not
 * installed yet, every object is "create". Runs under the deploy lock, like a tofu plan.
 */
async function runCapiPlan(settings, record, { redactor, output, signal = new AbortController().signal }) {
    const capi = settings.clusterApi;
    if (!capi)
        throw new Error('runCapiPlan without cluster-api settings');
    const locked = {
        file: (0,_model_settings_js__WEBPACK_IMPORTED_MODULE_6__/* .runtimePaths */ .hi)(settings).lockPath,
        cluster: (0,_model_settings_js__WEBPACK_IMPORTED_MODULE_6__/* .clusterId */ .kL)(settings),
        operation: 'plan',
        output,
        redactor,
        signal,
    };
    return (0,_lib_lock_js__WEBPACK_IMPORTED_MODULE_5__/* .withDeployLock */ .Jg)(locked, async (exec) => {
        // Named by the field that sets each, as preflight does, rather than as clusterctl or kubectl trip over them.
        const problem = (0,_lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .problemsError */ .$j)(await (0,_preflight_js__WEBPACK_IMPORTED_MODULE_9__.clusterApiProblems)(settings, capi, { needsKind: false }));
        if (problem)
            throw problem;
        const rendered = await (0,_management_js__WEBPACK_IMPORTED_MODULE_8__/* .renderManifests */ .hO)(settings, exec);
        const everythingNew = (note) => ({
            changes: (0,_manifests_js__WEBPACK_IMPORTED_MODULE_1__/* .diffChanges */ .Xw)(rendered.objects.map((o) => ({
                kind: o.kind,
                name: o.name,
                ...(o.namespace && { namespace: o.namespace }),
                action: 'create',
            }))),
            text: '',
            note,
            manifestsFile: rendered.file,
        });
        // After a pivot the workload cluster holds the objects.
        const management = (0,_management_js__WEBPACK_IMPORTED_MODULE_8__/* .objectsKubeconfig */ .Cg)(settings, record);
        if (capi.management.kind === 'kind' && !(await (0,_lib_files_js__WEBPACK_IMPORTED_MODULE_0__/* .pathExists */ .s0)(management))) {
            return everythingNew(record?.pivotedAt
                ? `the cluster manages itself since the pivot at ${record.pivotedAt}, but its kubeconfig is not on this machine (kubeconfig-passphrase keeps it with the state): every object is shown as new`
                : 'no kind management cluster on this machine yet: a deploy creates it and every object');
        }
        // A change CAPO's webhook refuses is said here, naming the field, as capi-apply would refuse it.
        const refused = (0,_forbidden_changes_js__WEBPACK_IMPORTED_MODULE_2__/* .forbiddenChangesError */ .bA)(await (0,_forbidden_changes_js__WEBPACK_IMPORTED_MODULE_2__/* .liveForbiddenChanges */ .JA)(exec, managementKubectl(settings, management), rendered.text, rendered.file, describeManagement(settings, management)));
        if (refused)
            throw refused;
        const diff = await diffManifests(settings, exec, management, rendered.file);
        if (diff === 'no-cluster-api')
            return everythingNew('the Cluster API providers are not installed on the management cluster yet: clusterctl-init installs them, then every object is created');
        return { changes: (0,_manifests_js__WEBPACK_IMPORTED_MODULE_1__/* .diffChanges */ .Xw)(diff.entries), text: diff.text, manifestsFile: rendered.file };
    });
}
/** kubectl against the cluster holding the Cluster API objects, with the deploy's environment. */
/** The management cluster in an error: its kubeconfig, and the setting that named it when the user gave one. */
function describeManagement(settings, kubeconfig) {
    const { management } = (0,_management_js__WEBPACK_IMPORTED_MODULE_8__/* .capiOf */ .z6)(settings);
    return `${kubeconfig}${management.kind === 'existing' ? `, ${management.source}` : ''}`;
}
function managementKubectl(settings, kubeconfig) {
    return (...args) => (0,_kube_nodes_js__WEBPACK_IMPORTED_MODULE_4__/* .kubectlCommand */ .s4)(settings.kubectl, kubeconfig, settings.clusterDir, (0,_model_environment_js__WEBPACK_IMPORTED_MODULE_7__/* .kubectlEnvironment */ .yl)(settings), ...args);
}
/** The `kubectl diff --server-side` diffManifests runs, for a step's plan to show. */
function diffCommand(settings, kubeconfig, file) {
    // kubectl diff runs KUBECTL_EXTERNAL_DIFF when set: we read diff -u's output, so never that.
    const { KUBECTL_EXTERNAL_DIFF: _, ...env } = (0,_model_environment_js__WEBPACK_IMPORTED_MODULE_7__/* .kubectlEnvironment */ .yl)(settings);
    return (0,_kube_nodes_js__WEBPACK_IMPORTED_MODULE_4__/* .kubectlCommand */ .s4)(settings.kubectl, kubeconfig, settings.clusterDir, env, 'diff', ..._management_js__WEBPACK_IMPORTED_MODULE_8__/* .SERVER_SIDE_APPLY */ .pL, '-f', file);
}
/**
 * `kubectl diff --server-side` of a manifests file against the cluster holding the objects (a dry-run apply: the
 * admission webhooks run, nothing changes): each object to create, change or delete, and the diff with every
 * Secret's replaced by a line; 'no-cluster-api' when that cluster has no Cluster API CRDs. Forced as the apply is: a
 * field another manager changed since our apply (a `kubectl edit`) shows as the change back, not as a conflict error.
 */
async function diffManifests(settings, exec, kubeconfig, file) {
    const diff = await exec(diffCommand(settings, kubeconfig, file), {
        capture: true,
        quiet: true,
        check: false,
    });
    // kubectl diff: 0 no differences, 1 differences, anything else an error.
    if (diff.exitCode !== 0 && diff.exitCode !== 1) {
        if (_management_js__WEBPACK_IMPORTED_MODULE_8__/* .NO_CLUSTER_API */ .Qj.test(diff.tail.join('\n')))
            return 'no-cluster-api';
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`kubectl diff against the management cluster (${describeManagement(settings, kubeconfig)}) failed: ${(0,_lib_command_js__WEBPACK_IMPORTED_MODULE_10__/* .failureLine */ .Pu)(diff, 'exit')}`);
    }
    return (0,_manifests_js__WEBPACK_IMPORTED_MODULE_1__/* .parseKubectlDiff */ .J6)(diff.stdout);
}
/** The change summary as text, for the CLI, in the manner of renderTofuChanges. */
function renderCapiChanges(cluster, plan) {
    const { changes } = plan;
    const note = plan.note ? `  (${plan.note})\n` : '';
    const counts = `${changes.add} to create, ${changes.change} to change, ${changes.destroy} to delete`;
    return `${(0,_model_changes_js__WEBPACK_IMPORTED_MODULE_11__/* .renderChangeTable */ .b)(`Cluster API plan for ${cluster}`, counts, changes)}${note}`;
}


/***/ })

};
