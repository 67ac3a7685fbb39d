export const id = 683;
export const ids = [683];
export const modules = {

/***/ 24683:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  m8: () => (/* binding */ CapiCommands),
  Ze: () => (/* binding */ MOVE_LABEL),
  Qj: () => (/* binding */ NO_CLUSTER_API),
  pL: () => (/* binding */ SERVER_SIDE_APPLY),
  z6: () => (/* binding */ capiOf),
  Cg: () => (/* binding */ objectsKubeconfig),
  hO: () => (/* binding */ renderManifests)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./lib/core/lib/command.js
var command = __webpack_require__(2218);
// EXTERNAL MODULE: ./lib/core/lib/errors.js
var errors = __webpack_require__(36452);
// EXTERNAL MODULE: ./lib/core/lib/files.js
var files = __webpack_require__(4196);
// EXTERNAL MODULE: ./lib/core/kube/nodes.js
var nodes = __webpack_require__(66408);
// EXTERNAL MODULE: ./lib/core/model/cluster-api.js
var cluster_api = __webpack_require__(47414);
// EXTERNAL MODULE: ./lib/core/model/environment.js + 1 modules
var environment = __webpack_require__(75629);
// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(38815);
// EXTERNAL MODULE: ./lib/core/capi/manifests.js
var manifests = __webpack_require__(11849);
// EXTERNAL MODULE: ./lib/core/capi/status.js
var capi_status = __webpack_require__(63689);
// EXTERNAL MODULE: ./lib/core/capi/template-names.js
var template_names = __webpack_require__(71072);
;// CONCATENATED MODULE: ./lib/core/capi/value-types.js

const OPENSTACK = 'deployment.cluster_api.openstack';
const flavorField = (value, variables) => String(value) === variables.OPENSTACK_CONTROL_PLANE_MACHINE_FLAVOR
    ? 'control_plane_machine_flavor'
    : 'node_machine_flavor';
const CHECKED = [
    {
        kind: 'OpenStackMachineTemplate',
        at: (d) => [d.spec?.template?.spec?.flavor],
        field: (v, vars) => `${OPENSTACK}.${flavorField(v, vars)}`,
        variable: (v, vars) => flavorField(v, vars) === 'node_machine_flavor'
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
        at: (d) => (Array.isArray(d.spec?.managedSubnets) ? d.spec.managedSubnets : []).flatMap((s) => s?.dnsNameservers ?? []),
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
const describe = (value) => typeof value === 'number'
    ? `the number ${value}`
    : typeof value === 'boolean'
        ? `the boolean ${value}`
        : `${typeof value === 'object' ? (value === null ? 'null' : 'a YAML structure') : typeof value}`;
/** Throws naming the config field when a value the template substituted is not the string CAPO's schema wants. */
function checkRenderedValueTypes(docs, variables, template) {
    for (const doc of docs)
        for (const check of CHECKED) {
            if (doc?.kind !== check.kind)
                continue;
            for (const value of check.at(doc)) {
                if (value === undefined || typeof value === 'string')
                    continue;
                const variable = check.variable(value, variables);
                throw new errors/* UserError */.yo(`${check.field(value, variables)}: "${variables[variable] ?? String(value)}" reaches ${doc.kind} ${doc.metadata?.name ?? ''} as ${describe(value)}, not the string CAPO's schema wants (clusterctl re-reads the substituted template as YAML 1.1): quote it in the template ("\${${variable}}" in ${template})`);
            }
        }
}

;// CONCATENATED MODULE: ./lib/core/capi/management.js













// The management cluster's client: every kubectl and clusterctl command of the Cluster API steps and the preview,
// built here, so a step's plan() shows exactly what its run() runs; and the manifests rendered from the template.
/** The field manager of every server-side apply: ours, so a later apply of ours owns the same fields. */
const FIELD_MANAGER = 'cluster-deploy';
/** The flags of every server-side apply (and its `kubectl diff`): our field manager, conflicts forced (see apply()). */
const SERVER_SIDE_APPLY = ['--server-side', `--field-manager=${FIELD_MANAGER}`, '--force-conflicts'];
/** Marks objects `clusterctl move` carries along (the credentials Secret is not owned by the Cluster). */
const MOVE_LABEL = 'clusterctl.cluster.x-k8s.io/move';
function capiOf(settings) {
    if (!settings.clusterApi)
        throw new Error('cluster-api step built without cluster-api settings');
    return settings.clusterApi;
}
/**
 * Where the cluster's Cluster API objects are: after the pivot of an ephemeral kind cluster the workload cluster
 * itself (its kubeconfig), else the management cluster.
 */
function objectsKubeconfig(settings, record) {
    const capi = capiOf(settings);
    return capi.management.kind === 'kind' && record?.pivotedAt ? settings.kubeconfigPath : (0,cluster_api/* managementKubeconfig */.LH)(capi);
}
/** kubectl's answers meaning "no Cluster API on this cluster": its CRDs are not installed. */
const NO_CLUSTER_API = /no matches for kind|ensure CRDs are installed first|doesn't have a resource type/;
/** Commands of the cluster-api steps, built in one place so plan() shows exactly what run() runs. */
class CapiCommands {
    settings;
    capi;
    env;
    cwd;
    management;
    constructor(settings) {
        this.settings = settings;
        this.capi = capiOf(settings);
        // No cloud credential for kubectl, clusterctl or kind: CAPO reads them from the Secret capi-cloud-credentials
        // writes, and the CCM from kube-system/cloud-config; none of these commands talks to OpenStack.
        this.env = (0,environment/* kubectlEnvironment */.yl)(settings);
        this.cwd = settings.clusterDir;
        this.management = (0,cluster_api/* managementKubeconfig */.LH)(this.capi);
    }
    get workload() {
        return this.settings.kubeconfigPath;
    }
    kubectl(kubeconfig, ...args) {
        return (0,nodes/* kubectlCommand */.s4)(this.settings.kubectl, kubeconfig, this.cwd, this.env, ...args);
    }
    /**
     * Forced: these objects are the deploy's (the config is their source of truth), so a field another manager changed
     * (a `kubectl edit`, a client-side `kubectl apply`, whose fields kubectl migrates only to its default manager) is
     * taken back instead of failing the apply with a conflict, as the Kubernetes server-side apply docs advise for
     * objects a controller owns ("Conflicts", "Using Server-Side Apply in a controller"). Fields we do not set keep
     * their managers. The plan's and the check's `kubectl diff` force too, so they show what this apply does.
     */
    apply(kubeconfig, file) {
        return this.kubectl(kubeconfig, 'apply', ...SERVER_SIDE_APPLY, '-f', file);
    }
    clusterctl(...args) {
        return { argv: [this.capi.clusterctl, ...args], cwd: this.cwd, env: this.env };
    }
    kind(...args) {
        return { argv: [this.capi.kind, ...args], cwd: this.cwd, env: this.env };
    }
    init(kubeconfig) {
        const providers = cluster_api/* PROVIDER_ROLES */.Ov.flatMap(({ role, flag }) => [flag, this.capi.providers[role]]);
        return this.clusterctl('init', '--kubeconfig', kubeconfig, ...providers, '--wait-providers');
    }
    move(from, to) {
        return this.clusterctl('move', '--kubeconfig', from, '--to-kubeconfig', to, '--namespace', this.capi.namespace);
    }
    /** clusterctl generate cluster, with the template variables from the config in its environment. */
    render() {
        const { capi, settings } = this;
        // Credentials must never reach the manifests, not even from the caller's environment: a template's
        // ${OS_PASSWORD} is a missing variable, never the password.
        const env = Object.fromEntries(Object.entries(this.env).filter(([name]) => !(0,cluster_api/* isCredentialVariable */.iq)(name)));
        return {
            argv: [
                capi.clusterctl,
                'generate',
                'cluster',
                settings.clusterName,
                '--from',
                capi.template,
                '--kubernetes-version',
                capi.kubernetesVersion,
                '--control-plane-machine-count',
                String(capi.controlPlaneMachineCount),
                '--worker-machine-count',
                String(capi.workerMachineCount),
                '--target-namespace',
                capi.namespace,
            ],
            cwd: this.cwd,
            env: { ...env, ...capi.variables },
        };
    }
    watch(kubeconfig) {
        return this.kubectl(kubeconfig, 'get', capi_status/* WATCHED_TYPES */.ji.join(','), '-n', this.capi.namespace, '-o', 'json');
    }
    deleteCluster() {
        return this.kubectl(this.management, 'delete', 'clusters.cluster.x-k8s.io', this.settings.clusterName, '-n', this.capi.namespace, '--ignore-not-found', '--wait=false');
    }
    get credentialsSecret() {
        return `${this.settings.clusterName}-cloud-config`;
    }
    /** Where the credentials Secret is written for kubectl: 0600 in the private work dir, removed right after. */
    get credentialsFile() {
        return external_node_path_.join(this.capi.workDir, 'cloud-config.secret.json');
    }
}
/**
 * `clusterctl generate cluster` with the config's variables; the manifests are kept in the private
 * state dir. A missing variable names its config field; a template that makes the cloud-config
 * Secret itself is refused (the credentials would be in the manifests).
 */
/** A value with YAML syntax breaks the substituted template (clusterctl's own re-read, or ours). */
const YAML_HINT = '; check the template and the values substituted into it (deployment.cluster_api.openstack, .variables: quote ${VAR} in the template when a value has YAML syntax)';
async function renderManifests(settings, exec) {
    const commands = new CapiCommands(settings);
    const { capi } = commands;
    const templateName = (0,files/* displayPath */.Gt)(capi.template);
    const template = await external_node_fs_.promises.stat(capi.template).catch(() => undefined);
    if (!template?.isFile()) {
        throw new errors/* UserError */.yo(`the Cluster API template ${templateName} ${template ? 'is not a file' : 'does not exist'}; put it in the cluster dir or set deployment.cluster_api.template`);
    }
    const result = await exec(commands.render(), { capture: true, quiet: true, check: false });
    if (result.exitCode !== 0) {
        throw ((0,cluster_api/* missingVariablesError */.uX)(`${result.tail.join('\n')}\n${result.stdout}`, capi, templateName) ??
            new errors/* UserError */.yo(`clusterctl generate cluster failed: ${(0,command/* failureLine */.Pu)(result)}${/failed to parse yaml/.test(result.tail.join('\n')) ? YAML_HINT : ''}`));
    }
    if (!result.stdout.trim())
        throw new errors/* UserError */.yo(`the template ${templateName} rendered nothing (is it empty?); it must make the Cluster ${settings.clusterName} from \${CLUSTER_NAME}`);
    let objects;
    try {
        objects = (0,manifests/* manifestObjects */.wh)(result.stdout, `clusterctl generate cluster ${settings.clusterName} --from ${templateName}`);
    }
    catch (error) {
        // The template may be fine and a value substituted into it not: a quote or ": " in an unquoted ${VAR}.
        if (!(error instanceof errors/* UserError */.yo))
            throw error;
        throw new errors/* UserError */.yo(`${error.message}${YAML_HINT}`);
    }
    const secret = objects.find((o) => o.kind === 'Secret' && o.name === commands.credentialsSecret);
    if (secret) {
        throw new errors/* UserError */.yo(`the template ${templateName} creates ${(0,manifests/* objectAddress */.ul)(secret)} itself (from OPENSTACK_CLOUD_YAML_B64): remove it from the template; step capi-cloud-credentials writes it, so credentials never pass through the manifests`);
    }
    if (!objects.some((o) => o.kind === 'Cluster' && o.name === settings.clusterName)) {
        throw new errors/* UserError */.yo(`the template ${templateName} rendered no Cluster named ${settings.clusterName} (it must use \${CLUSTER_NAME})`);
    }
    // Machine templates under names from their spec: CAPO forbids changing one in place, and CAPI rolls machines
    // only to a template of another name (see capi/template-names.ts).
    const source = `clusterctl generate cluster ${settings.clusterName} --from ${templateName}`;
    const documents = (0,manifests/* manifestDocuments */.Ee)(result.stdout, source).map((d) => d.value);
    checkRenderedValueTypes(documents, capi.variables, templateName);
    for (const renamed of (0,template_names/* nameTemplatesBySpec */.bW)(documents)) {
        const document = documents.find((d) => d.kind === renamed.kind && d.metadata?.name === renamed.to);
        document.metadata.labels = { ...document.metadata.labels, [capi_status/* CLUSTER_NAME_LABEL */.o9]: settings.clusterName };
    }
    const text = documents.map((d) => (0,dist.stringify)(d, { lineWidth: 0 })).join('---\n');
    const file = (0,cluster_api/* renderedManifests */.AC)(capi);
    await (0,files/* writePrivateFile */.Pl)(file, text, 'rendered manifests');
    return { file, text, objects: (0,manifests/* manifestObjects */.wh)(text, source) };
}


/***/ }),

/***/ 11849:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ee: () => (/* binding */ manifestDocuments),
/* harmony export */   J6: () => (/* binding */ parseKubectlDiff),
/* harmony export */   Xw: () => (/* binding */ diffChanges),
/* harmony export */   aK: () => (/* binding */ MANIFESTS_FILE),
/* harmony export */   ul: () => (/* binding */ objectAddress),
/* harmony export */   wh: () => (/* binding */ manifestObjects)
/* harmony export */ });
/* unused harmony export parseDiffFileName */
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(36452);
/* harmony import */ var _lib_yaml_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(24324);


/**
 * The rendered Cluster API manifests and what `kubectl diff` says about them: which objects a
 * deploy would create, change or delete, by kind and namespace/name. Secret data is never shown.
 */
/** clusterctl's output: dozens of objects, with embedded cloud-init; far below this. */
const MANIFESTS_FILE = {
    noun: 'rendered manifest',
    plural: 'rendered manifests',
    maxBytes: 16 * 1024 * 1024,
};
/** `Kind namespace/name`, as the plan table shows an object. */
function objectAddress(object) {
    return `${object.kind} ${object.namespace ? `${object.namespace}/` : ''}${object.name}`;
}
/** The non-empty documents of a multi-document YAML stream, parsed, with their 1-based position. */
function manifestDocuments(text, source) {
    return text
        .split(/^---[ \t]*(?:#.*)?$/m)
        .map((document, index) => ({ document, number: index + 1 }))
        .filter(({ document }) => document.replace(/^\s*#.*$/gm, '').trim())
        .map(({ document, number }) => ({
        number,
        value: (0,_lib_yaml_js__WEBPACK_IMPORTED_MODULE_1__/* .parseYaml */ .hN)(document, `${source} (document ${number})`, MANIFESTS_FILE).value,
    }));
}
/** The objects of a multi-document YAML stream (what clusterctl generate cluster prints). */
function manifestObjects(text, source) {
    const objects = [];
    for (const { number, value } of manifestDocuments(text, source)) {
        const index = number - 1;
        const object = value;
        if (!object ||
            typeof object !== 'object' ||
            typeof object.kind !== 'string' ||
            typeof object.metadata?.name !== 'string') {
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`${source}: document ${index + 1} is not a Kubernetes object (it needs kind and metadata.name)`);
        }
        objects.push({
            apiVersion: typeof object.apiVersion === 'string' ? object.apiVersion : '',
            kind: object.kind,
            name: object.metadata.name,
            ...(typeof object.metadata.namespace === 'string' && { namespace: object.metadata.namespace }),
        });
    }
    return objects;
}
/**
 * kubectl diff names each object's files `[group.]version.Kind.namespace.name` (namespace empty for
 * cluster-scoped ones); a group and a name may hold dots, a version, kind and namespace never do.
 */
const DIFF_FILE = /^(?:(.+?)\.)?(v\d+(?:(?:alpha|beta)\d+)?)\.([A-Z][A-Za-z0-9]*)\.([a-z0-9-]*)\.(.+)$/;
function parseDiffFileName(file) {
    const base = file.slice(file.lastIndexOf('/') + 1);
    const match = DIFF_FILE.exec(base);
    if (!match)
        return undefined;
    return { kind: match[3], name: match[5], ...(match[4] && { namespace: match[4] }) };
}
/**
 * Reads `kubectl diff` output (diff -u -N of LIVE and MERGED per object). An object whose LIVE side
 * is empty (`@@ -0,0 …`) is created, one whose MERGED side is empty (`… +0,0 @@`, with --prune) is
 * deleted, any other is changed. The text keeps every object's diff except Secrets', replaced by a line.
 */
function parseKubectlDiff(output) {
    const entries = [];
    const kept = [];
    const blocks = output.split(/^(?=diff -u -N )/m);
    for (const block of blocks) {
        const header = /^diff -u -N (\S+) (\S+)/.exec(block);
        if (!header) {
            if (block.trim())
                kept.push(block);
            continue;
        }
        const object = parseDiffFileName(header[2]) ?? parseDiffFileName(header[1]);
        if (!object) {
            kept.push(block);
            continue;
        }
        const hunk = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/m.exec(block);
        const action = hunk && hunk[1] === '0' && hunk[2] === '0'
            ? 'create'
            : hunk && hunk[3] === '0' && hunk[4] === '0'
                ? 'destroy'
                : 'update';
        entries.push({ ...object, action });
        kept.push(object.kind === 'Secret' ? `(${objectAddress(object)}: ${action}; Secret data is not shown)\n` : block);
    }
    return { entries, text: kept.join('') };
}
/** The entries as the plan table the tofu plan uses (counts and rows), addresses `Kind namespace/name`. */
function diffChanges(entries) {
    const changes = { add: 0, change: 0, destroy: 0, replace: 0, rows: [] };
    for (const entry of entries) {
        if (entry.action === 'create')
            changes.add++;
        else if (entry.action === 'update')
            changes.change++;
        else
            changes.destroy++;
        changes.rows.push({ address: objectAddress(entry), action: entry.action });
    }
    return changes;
}


/***/ }),

/***/ 63689:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ng: () => (/* binding */ capiProgress),
/* harmony export */   OF: () => (/* binding */ capiHealthFindings),
/* harmony export */   TV: () => (/* binding */ parseCapiObjects),
/* harmony export */   ji: () => (/* binding */ WATCHED_TYPES),
/* harmony export */   o9: () => (/* binding */ CLUSTER_NAME_LABEL)
/* harmony export */ });
/* unused harmony export objectFailure */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(92857);
/* harmony import */ var _lib_tool_json_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(52816);


/**
 * The Cluster API and CAPO objects of one cluster as `kubectl get … -o json` lists them, read for
 * progress and failures. Both API generations are read: v1beta2 objects keep their conditions in
 * `status.conditions` (old ones under `status.deprecated.v1beta1`), v1beta1 ones (CAPO v0.14) keep
 * the new ones under `status.v1beta2.conditions` and their failure under `status.failureMessage`.
 */
const ConditionSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ type: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), status: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), reason: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(), message: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional() })
    .partial();
const FailureSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ failureReason: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullish(), failureMessage: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().nullish() }).partial();
const ObjectSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    apiVersion: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().default(''),
    kind: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().default(''),
    metadata: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
        name: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().default(''),
        namespace: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
        generation: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().optional(),
        labels: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional(),
    })
        .prefault({}),
    spec: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ replicas: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().optional() }).loose().optional(),
    status: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
        phase: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
        conditions: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ConditionSchema).optional(),
        v1beta2: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ conditions: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ConditionSchema).optional() })
            .partial()
            .optional(),
        deprecated: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
            v1beta1: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ conditions: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ConditionSchema).optional() })
                .merge(FailureSchema)
                .partial()
                .optional(),
        })
            .partial()
            .optional(),
        initialization: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ controlPlaneInitialized: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional(), infrastructureProvisioned: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional() })
            .partial()
            .optional(),
        infrastructureReady: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional(),
        controlPlaneReady: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional(),
        readyReplicas: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().optional(),
        replicas: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().optional(),
        upToDateReplicas: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().optional(),
        observedGeneration: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().int().optional(),
    })
        .merge(FailureSchema)
        .loose()
        .optional(),
});
const ListSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ items: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(ObjectSchema) });
const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name';
const CONTROL_PLANE_LABEL = 'cluster.x-k8s.io/control-plane';
/** The resource types capi-wait lists, fully qualified so no other API group's kinds answer. */
const WATCHED_TYPES = [
    'clusters.cluster.x-k8s.io',
    'kubeadmcontrolplanes.controlplane.cluster.x-k8s.io',
    'machinedeployments.cluster.x-k8s.io',
    'machines.cluster.x-k8s.io',
    'openstackclusters.infrastructure.cluster.x-k8s.io',
    'openstackmachines.infrastructure.cluster.x-k8s.io',
    'openstackservers.infrastructure.cluster.x-k8s.io',
];
/**
 * CAPO's reasons that end a machine: the server is in ERROR and is not reconciled again, so waiting longer shows
 * nothing new (CAPO v0.14.7 `controllers/openstackserver_controller.go:307-310,488-492`). Not InstanceDeleteFailed:
 * CAPO returns that error and retries the deletion (`:268-272`), so a transient Nova error during a rollout passes.
 */
const TERMINAL_REASONS = new Set(['InstanceCreateFailed', 'InstanceStateError']);
function conditions(object) {
    const status = object.status;
    return [
        ...(status?.conditions ?? []),
        ...(status?.v1beta2?.conditions ?? []),
        ...(status?.deprecated?.v1beta1?.conditions ?? []),
    ];
}
function conditionTrue(object, type) {
    return conditions(object).some((c) => c.type === type && c.status === 'True');
}
function label(object) {
    const { namespace, name } = object.metadata;
    return `${object.kind} ${namespace ? `${namespace}/` : ''}${name}`;
}
/** A failure CAPI or CAPO reported on the object: its failureMessage, or a condition with a terminal reason. */
function objectFailure(object) {
    const status = object.status;
    const failure = status?.failureMessage || status?.deprecated?.v1beta1?.failureMessage;
    const reason = status?.failureReason || status?.deprecated?.v1beta1?.failureReason;
    if (failure)
        return `${label(object)}: ${reason ? `${reason}: ` : ''}${failure}`;
    const terminal = conditions(object).find((c) => c.status === 'False' && c.reason && TERMINAL_REASONS.has(c.reason));
    if (terminal)
        return `${label(object)}: ${terminal.reason}${terminal.message ? `: ${terminal.message}` : ''}`;
    return undefined;
}
/** Parses kubectl's list of the watched types; a reply that is not one is an error saying so. */
function parseCapiObjects(json) {
    return (0,_lib_tool_json_js__WEBPACK_IMPORTED_MODULE_0__/* .parseToolJson */ .I)(json, ListSchema, (0,_lib_tool_json_js__WEBPACK_IMPORTED_MODULE_0__/* .notJsonOf */ .v)(`kubectl get ${WATCHED_TYPES[0]},… -o json`, json, 'a list')).items;
}
/**
 * Where the cluster stands: machines running against what the control plane and machine
 * deployments want, the Cluster's conditions, and the first failure of a Machine, OpenStackMachine,
 * OpenStackServer or the OpenStackCluster. Objects of other clusters in the namespace are ignored.
 */
function capiProgress(objects, clusterName) {
    const ours = (o) => o.metadata.labels?.[CLUSTER_NAME_LABEL] === clusterName;
    const cluster = objects.find((o) => o.kind === 'Cluster' && o.metadata.name === clusterName);
    const machines = objects.filter((o) => o.kind === 'Machine' && ours(o));
    const osMachines = objects.filter((o) => o.kind === 'OpenStackMachine' && ours(o));
    // An OpenStackServer carries the name of its OpenStackMachine (CAPO), whatever its labels.
    const osMachineNames = new Set(osMachines.map((o) => o.metadata.name));
    const servers = objects.filter((o) => o.kind === 'OpenStackServer' && (ours(o) || osMachineNames.has(o.metadata.name)));
    const infra = objects.filter((o) => o.kind === 'OpenStackCluster' && ours(o));
    const kcp = objects.find((o) => o.kind === 'KubeadmControlPlane' && ours(o));
    const deployments = objects.filter((o) => o.kind === 'MachineDeployment' && ours(o));
    // Servers first: CAPO puts the Nova error there (InstanceCreateFailed), not on the OpenStackMachine.
    const failure = [...servers, ...osMachines, ...machines, ...infra].map(objectFailure).find(Boolean);
    const running = (list) => list.filter((m) => m.status?.phase === 'Running').length;
    const cpMachines = machines.filter((m) => m.metadata.labels?.[CONTROL_PLANE_LABEL] !== undefined);
    const workerMachines = machines.filter((m) => m.metadata.labels?.[CONTROL_PLANE_LABEL] === undefined);
    const controlPlane = { running: running(cpMachines), desired: kcp?.spec?.replicas ?? cpMachines.length };
    const workers = {
        running: running(workerMachines),
        desired: deployments.reduce((sum, d) => sum + (d.spec?.replicas ?? 0), 0),
    };
    const infrastructureReady = !!cluster &&
        (conditionTrue(cluster, 'InfrastructureReady') ||
            cluster.status?.infrastructureReady === true ||
            cluster.status?.initialization?.infrastructureProvisioned === true);
    const controlPlaneInitialized = !!cluster &&
        (conditionTrue(cluster, 'ControlPlaneInitialized') ||
            cluster.status?.initialization?.controlPlaneInitialized === true);
    const phase = cluster?.status?.phase;
    const line = `control plane ${controlPlane.running}/${controlPlane.desired} running, workers ${workers.running}/${workers.desired}${cluster
        ? ` (cluster ${phase ?? 'Pending'}${infrastructureReady ? '' : ', infrastructure not ready'}${controlPlaneInitialized ? '' : ', control plane not initialized'})`
        : ' (no Cluster object yet)'}`;
    // A changed template or version is rolled out only once the KubeadmControlPlane and MachineDeployments have seen
    // it (observedGeneration) and every machine is up to date (v1beta2 upToDateReplicas).
    const rolledOut = [...(kcp ? [kcp] : []), ...deployments].every((o) => (o.status?.observedGeneration === undefined ||
        o.metadata.generation === undefined ||
        o.status.observedGeneration >= o.metadata.generation) &&
        (o.status?.upToDateReplicas === undefined || o.status.upToDateReplicas >= (o.spec?.replicas ?? 0)));
    const done = rolledOut &&
        infrastructureReady &&
        controlPlaneInitialized &&
        controlPlane.desired > 0 &&
        controlPlane.running >= controlPlane.desired &&
        workers.running >= workers.desired &&
        machines.length === controlPlane.desired + workers.desired;
    return { line, done, failure, controlPlane, workers, clusterFound: !!cluster };
}
/**
 * The Cluster's conditions whose False means something is wrong (CAPI v1beta2 `api/core/v1beta2/cluster_types.go`,
 * and the v1beta1 ones still reported): Deleting, Paused, RollingOut, ScalingUp/Down and Remediating are False when
 * all is well, and are not read.
 */
const HEALTH_CONDITIONS = [
    'Available',
    'Ready',
    'InfrastructureReady',
    'ControlPlaneInitialized',
    'ControlPlaneAvailable',
    'ControlPlaneReady',
    'WorkersAvailable',
    'ControlPlaneMachinesReady',
    'WorkerMachinesReady',
    'RemoteConnectionProbe',
];
/**
 * What the check reports about the Cluster API objects of one cluster: no Cluster at all, each health condition of
 * the Cluster that is False (quoting its reason and message), and each machine or OpenStackCluster CAPI or CAPO
 * gave up on (its failureMessage or terminal reason).
 */
function capiHealthFindings(objects, clusterName, namespace) {
    const cluster = objects.find((o) => o.kind === 'Cluster' && o.metadata.name === clusterName);
    const address = `Cluster ${namespace}/${clusterName}`;
    if (!cluster)
        return [
            {
                subject: address,
                message: `the management cluster holds no ${address}: it was deleted, or this is not the management cluster it was deployed with; deploy to create it again`,
            },
        ];
    const findings = [];
    const seen = new Set();
    for (const condition of conditions(cluster)) {
        const type = condition.type ?? '';
        if (condition.status !== 'False' || !HEALTH_CONDITIONS.includes(type) || seen.has(type))
            continue;
        seen.add(type);
        const said = [condition.reason, condition.message?.replace(/\s*\n\s*/g, '; ')].filter(Boolean).join(': ');
        findings.push({ subject: `${address}: ${type}`, message: `${address} is not ${type}${said ? ` (${said})` : ''}` });
    }
    const ours = (o) => o.metadata.labels?.[CLUSTER_NAME_LABEL] === clusterName;
    // An OpenStackServer carries the name of its OpenStackMachine, whatever its labels (as in capiProgress).
    const machineNames = new Set(objects.filter((o) => o.kind === 'OpenStackMachine' && ours(o)).map((o) => o.metadata.name));
    const failing = objects.filter((o) => (ours(o) && ['OpenStackServer', 'OpenStackMachine', 'Machine', 'OpenStackCluster'].includes(o.kind)) ||
        (o.kind === 'OpenStackServer' && machineNames.has(o.metadata.name)));
    for (const object of failing) {
        const failure = objectFailure(object);
        if (failure)
            findings.push({ subject: label(object), message: `failed for good: ${failure}` });
    }
    return findings;
}


/***/ }),

/***/ 71072:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $N: () => (/* binding */ canonical),
/* harmony export */   bW: () => (/* binding */ nameTemplatesBySpec)
/* harmony export */ });
/* unused harmony exports specHash, hashedName */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);

const HASHED_KINDS = new Set(['OpenStackMachineTemplate', 'KubeadmConfigTemplate']);
/** Kubernetes object names are at most 253 characters; the suffix is `-` and 10 hex digits. */
const MAX_BASE = 253 - 11;
/** JSON with sorted keys, so the hash does not depend on the template's key order. */
function canonical(value) {
    if (Array.isArray(value))
        return `[${value.map(canonical).join(',')}]`;
    if (value && typeof value === 'object')
        return `{${Object.keys(value)
            .sort()
            .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
            .join(',')}}`;
    return JSON.stringify(value ?? null);
}
function specHash(spec) {
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(canonical(spec)).digest('hex').slice(0, 10);
}
/** `base-<hash>`: the base as the template named it (trimmed to fit). */
function hashedName(base, spec) {
    return `${base.slice(0, MAX_BASE).replace(/[-.]+$/, '')}-${specHash(spec)}`;
}
/**
 * Renames the hashed kinds in `docs` (in place) and points the KubeadmControlPlane's and MachineDeployments'
 * references at the new names. Returns what was renamed.
 */
function nameTemplatesBySpec(docs) {
    const renamed = [];
    const byKindAndName = new Map();
    for (const doc of docs) {
        if (!doc || !HASHED_KINDS.has(doc.kind) || typeof doc.metadata?.name !== 'string')
            continue;
        const from = doc.metadata.name;
        const to = hashedName(from, doc.spec);
        doc.metadata.name = to;
        byKindAndName.set(`${doc.kind}/${from}`, to);
        renamed.push({ kind: doc.kind, from, to });
    }
    const follow = (ref) => {
        if (!ref || typeof ref.name !== 'string' || typeof ref.kind !== 'string')
            return;
        const to = byKindAndName.get(`${ref.kind}/${ref.name}`);
        if (to)
            ref.name = to;
    };
    for (const doc of docs) {
        if (doc?.kind === 'KubeadmControlPlane') {
            follow(doc.spec?.machineTemplate?.spec?.infrastructureRef);
            follow(doc.spec?.machineTemplate?.infrastructureRef);
        }
        if (doc?.kind === 'MachineDeployment') {
            follow(doc.spec?.template?.spec?.infrastructureRef);
            follow(doc.spec?.template?.spec?.bootstrap?.configRef);
        }
    }
    return renamed;
}


/***/ })

};
