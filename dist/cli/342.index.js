export const id = 342;
export const ids = [342,946];
export const modules = {

/***/ 8946:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   renderedMachineCount: () => (/* binding */ renderedMachineCount)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var _manifests_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1849);
/* harmony import */ var _lib_files_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4196);



/**
 * The machines the rendered manifests ask for: the KubeadmControlPlane's replicas plus every MachineDeployment's.
 * The template decides, not the config's counts: CAPO's without-lb template pins one control plane machine whatever
 * CONTROL_PLANE_MACHINE_COUNT says (CAPO v0.14.7 `templates/cluster-template-without-lb.yaml`). Undefined when the
 * manifests are not there (yet) or say nothing countable.
 */
function renderedMachineCount(file) {
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(file))
        return undefined;
    let total = 0;
    let found = false;
    for (const { value } of (0,_manifests_js__WEBPACK_IMPORTED_MODULE_1__/* .manifestDocuments */ .Ee)((0,_lib_files_js__WEBPACK_IMPORTED_MODULE_2__/* .readTextFile */ .Gu)(file, _manifests_js__WEBPACK_IMPORTED_MODULE_1__/* .MANIFESTS_FILE */ .aK), file)) {
        const object = value;
        if (object?.kind !== 'KubeadmControlPlane' && object?.kind !== 'MachineDeployment')
            continue;
        const replicas = object.spec?.replicas;
        // CAPI's defaults when a template leaves replicas out: 1 for both (KCP and MachineDeployment webhooks).
        total += typeof replicas === 'number' && Number.isInteger(replicas) && replicas >= 0 ? replicas : 1;
        found = true;
    }
    return found ? total : undefined;
}


/***/ }),

/***/ 9342:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  CLUSTER_API_FACTORIES: () => (/* binding */ CLUSTER_API_FACTORIES)
});

// EXTERNAL MODULE: ./lib/core/capi/replicas.js
var replicas = __webpack_require__(8946);
// EXTERNAL MODULE: ./lib/core/model/cluster-api.js
var cluster_api = __webpack_require__(7414);
// EXTERNAL MODULE: ./lib/core/model/environment.js + 1 modules
var environment = __webpack_require__(5629);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(2857);
// EXTERNAL MODULE: ./lib/core/capi/status.js
var capi_status = __webpack_require__(3689);
// EXTERNAL MODULE: ./lib/core/openstack/credentials.js
var openstack_credentials = __webpack_require__(4554);
// EXTERNAL MODULE: ./lib/core/lib/duration.js
var duration = __webpack_require__(2335);
// EXTERNAL MODULE: ./lib/core/lib/errors.js
var errors = __webpack_require__(6452);
// EXTERNAL MODULE: ./lib/core/lib/files.js
var files = __webpack_require__(4196);
// EXTERNAL MODULE: ./lib/core/kube/kubeconfig.js
var kubeconfig = __webpack_require__(5466);
// EXTERNAL MODULE: ./lib/core/model/settings.js + 3 modules
var model_settings = __webpack_require__(5264);
// EXTERNAL MODULE: ./lib/core/lib/yaml.js
var yaml = __webpack_require__(4324);
// EXTERNAL MODULE: ./lib/core/capi/management.js + 1 modules
var capi_management = __webpack_require__(4683);
;// CONCATENATED MODULE: ./lib/core/openstack/cloud-files.js

// The credential files the cloud's consumers read (CAPO, the OpenStack cloud controller manager), made from the
// resolved credentials. They hold secrets: callers write them 0600 and never log them.
/** The clouds.yaml CAPO and the cloud provider read: the resolved credentials, one cloud. */
function cloudsYaml(credentials, cloudName) {
    const auth = { auth_url: credentials.authUrl ?? '' };
    const method = (0,openstack_credentials/* authMethod */.A8)(credentials);
    const put = (key, value) => {
        if (value)
            auth[key] = value;
    };
    if (method === 'application-credential') {
        put('application_credential_id', credentials.applicationCredentialId);
        put('application_credential_name', credentials.applicationCredentialId ? undefined : credentials.applicationCredentialName);
        put('application_credential_secret', credentials.applicationCredentialSecret);
        if (!credentials.applicationCredentialId) {
            put('username', credentials.username);
            put('user_id', credentials.userId);
            put('user_domain_name', credentials.userDomainName);
        }
    }
    else {
        put('username', credentials.username);
        put('user_id', credentials.userId);
        put('password', credentials.password);
        put('project_name', credentials.projectName);
        put('project_id', credentials.projectId);
        put('user_domain_name', credentials.userDomainName);
        put('project_domain_name', credentials.projectDomainName);
    }
    const cloud = {
        auth,
        auth_type: method === 'application-credential' ? 'v3applicationcredential' : 'password',
        identity_api_version: 3,
        interface: credentials.interface,
        ...(credentials.region && { region_name: credentials.region }),
        ...(credentials.insecure && { verify: false }),
    };
    // JSON is YAML: no YAML writer needed, and every value is quoted.
    return `${JSON.stringify({ clouds: { [cloudName]: cloud } }, null, 2)}\n`;
}
/** A gcfg (INI) value, quoted: a secret holding `;`, `#` or `"` stays one value. */
function iniValue(value) {
    return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
/**
 * Where the CCM finds the CA: the DaemonSet mounts Secret kube-system/cloud-config at /etc/config, every key a file
 * (CPO `manifests/controller-manager/openstack-cloud-controller-manager-ds.yaml`), so the CA goes in as key `ca.crt`.
 */
const CCM_CA_KEY = 'ca.crt';
const CCM_CA_FILE = `/etc/config/${CCM_CA_KEY}`;
/**
 * The openstack-cloud-controller-manager's cloud.conf ([Global]) from the resolved credentials (CPO
 * `pkg/client/client.go` AuthOpts: `ca-file`, `os-endpoint-type`, `tls-insecure`): without `ca-file` a private-CA
 * cloud refuses the CCM, which then never removes the nodes' `uninitialized` taint. `withCa` when the CA goes into
 * the Secret beside it.
 */
function cloudConf(credentials, withCa = false) {
    const method = (0,openstack_credentials/* authMethod */.A8)(credentials);
    const entries = [
        ['auth-url', credentials.authUrl],
        ['region', credentials.region],
        // gophercloud's endpoint types are the catalog's interfaces: public (its default), internal, admin.
        [
            'os-endpoint-type',
            credentials.interface && credentials.interface !== 'public' ? credentials.interface : undefined,
        ],
        ['ca-file', withCa ? CCM_CA_FILE : undefined],
        ...(method === 'application-credential'
            ? [
                ['application-credential-id', credentials.applicationCredentialId],
                [
                    'application-credential-name',
                    credentials.applicationCredentialId ? undefined : credentials.applicationCredentialName,
                ],
                ['application-credential-secret', credentials.applicationCredentialSecret],
                ...(credentials.applicationCredentialId
                    ? []
                    : [
                        ['username', credentials.username],
                        ['user-id', credentials.userId],
                        ['user-domain-name', credentials.userDomainName],
                    ]),
            ]
            : [
                ['username', credentials.username],
                ['user-id', credentials.userId],
                ['password', credentials.password],
                ['tenant-name', credentials.projectName],
                ['tenant-id', credentials.projectId],
                ['user-domain-name', credentials.userDomainName],
                ['tenant-domain-name', credentials.projectDomainName],
            ]),
        ['tls-insecure', credentials.insecure ? 'true' : undefined],
    ];
    return `[Global]\n${entries
        .filter((e) => !!e[1])
        .map(([key, value]) => `${key}=${iniValue(value)}`)
        .join('\n')}\n`;
}

// EXTERNAL MODULE: ./lib/core/lib/poll.js
var poll = __webpack_require__(1838);
// EXTERNAL MODULE: ./lib/core/lib/command.js
var lib_command = __webpack_require__(2218);
// EXTERNAL MODULE: ./lib/core/lib/tool-json.js
var tool_json = __webpack_require__(2816);
;// CONCATENATED MODULE: ./lib/core/capi/diagnose.js

const OPENSTACK = 'deployment.cluster_api.openstack';
const CREDENTIALS = 'opencenter.infrastructure.cloud.openstack';
/** Message patterns → the field to fix. Order matters: the first match of a message wins. */
function adviceFor(message, values) {
    const flavor = /no flavors were found: (?:name=(\S+)|no name set)/.exec(message);
    if (flavor) {
        const name = flavor[1];
        const fields = [
            ...(name === undefined || name === values.controlPlaneFlavor
                ? [`${OPENSTACK}.control_plane_machine_flavor`]
                : []),
            ...(name === undefined || name === values.nodeFlavor ? [`${OPENSTACK}.node_machine_flavor`] : []),
        ];
        return `${fields.length > 0 ? fields.join(' / ') : `${OPENSTACK}.*_machine_flavor`}: flavor ${name ? `"${name}" ` : ''}does not exist in the project (openstack flavor list)`;
    }
    const image = /no images were found with the given image filter: name=([^,]*)/.exec(message);
    if (image)
        return `${OPENSTACK}.image_name: no image named "${image[1]}" (openstack image list); it must hold kubeadm at the cluster's Kubernetes version`;
    if (/too many images were found/.test(message))
        return `${OPENSTACK}.image_name: more than one image has this name; give a unique one`;
    if (/auth option failed for cloud|Missing input for argument \[auth_url\]|no cloud was specified/.test(message))
        return `${OPENSTACK}.cloud: "${values.cloud ?? ''}" is not a cloud in the credentials Secret's clouds.yaml (the deploy writes it under the cloud name this field gives: leave it at its default, openstack, unless the template expects another)`;
    if (/got 401|authentication err|requires authentication|Authentication failed|InvalidCredentials/i.test(message))
        return `${CREDENTIALS}: Keystone refused the credentials CAPO uses (application_credential_id/_secret or username/password, project, domains)`;
    if (/failed to (?:reconcile|get) external network|NetworkNotFound/.test(message))
        return `${OPENSTACK}.external_network_id: no external network "${values.externalNetworkId ?? ''}" (openstack network list --external)`;
    if (/Quota exceeded|QuotaExceeded|quota/i.test(message))
        return `the project's quota (openstack quota show): free resources or ask for more, or use smaller flavors (${OPENSTACK}.*_machine_flavor)`;
    // Nova's faults (nova/exception.py: NoValidHost, its MaxRetriesExceeded, FlavorDiskSmallerThanImage, ImageNotFound,
    // KeypairNotFound), read from the server itself when CAPO keeps none.
    if (/No valid host|Exceeded maximum number of retries/.test(message))
        return `Nova found no host for the server: a smaller flavor (${OPENSTACK}.*_machine_flavor), another ${OPENSTACK}.failure_domain, or capacity from the cloud's operators`;
    if (/Flavor's disk is too small for requested image/.test(message))
        return `${OPENSTACK}.*_machine_flavor: the flavor's root disk is smaller than the image (${OPENSTACK}.image_name); pick a flavor with a larger disk`;
    if (/Image \S+ could not be found/.test(message))
        return `${OPENSTACK}.image_name: Nova cannot find the image (openstack image list)`;
    if (/Keypair \S+ not found|Invalid key_name/.test(message))
        return `${OPENSTACK}.ssh_key_name: no such key pair for the credentials' user (openstack keypair list)`;
    if (/secrets? "[^"]*-cloud-config" not found/.test(message))
        return 'the credentials Secret is missing: run the deploy again (capi-cloud-credentials writes it)';
    return undefined;
}
const EventListSchema = schemas/* object */.Ikc({
    items: schemas/* array */.YOg(schemas/* object */.Ikc({
        type: schemas/* string */.YjP().optional(),
        reason: schemas/* string */.YjP().optional(),
        message: schemas/* string */.YjP().optional(),
        count: schemas/* number */.aig().optional(),
        involvedObject: schemas/* object */.Ikc({ kind: schemas/* string */.YjP().optional(), name: schemas/* string */.YjP().optional() }).loose().optional(),
    })
        .loose()),
});
const ObjectListSchema = schemas/* object */.Ikc({
    items: schemas/* array */.YOg(schemas/* object */.Ikc({
        kind: schemas/* string */.YjP().optional(),
        metadata: schemas/* object */.Ikc({ name: schemas/* string */.YjP().optional() }).loose().optional(),
        status: schemas/* object */.Ikc({
            conditions: schemas/* array */.YOg(schemas/* object */.Ikc({
                type: schemas/* string */.YjP().optional(),
                status: schemas/* string */.YjP().optional(),
                reason: schemas/* string */.YjP().optional(),
                message: schemas/* string */.YjP().optional(),
            })
                .loose())
                .optional(),
        })
            .loose()
            .optional(),
    })
        .loose()),
});
const belongs = (name, cluster) => name !== undefined && (name === cluster || name.startsWith(`${cluster}-`));
/** Warning Events on the cluster's objects (`kubectl get events -n NS -o json`), newest last. */
function warningEvents(json, cluster) {
    const parsed = EventListSchema.safeParse(safeJson(json));
    if (!parsed.success)
        return [];
    return parsed.data.items
        .filter((e) => e.type === 'Warning' && belongs(e.involvedObject?.name, cluster))
        .map((e) => `${e.involvedObject?.kind ?? 'object'} ${e.involvedObject?.name}: ${e.reason ?? ''}: ${e.message ?? ''}${(e.count ?? 1) > 1 ? ` (${e.count} times)` : ''}`);
}
/** Conditions saying something is wrong (False with a message, an error reason) on the cluster's objects. */
function warningConditions(json, cluster) {
    const parsed = ObjectListSchema.safeParse(safeJson(json));
    if (!parsed.success)
        return [];
    const found = [];
    for (const object of parsed.data.items) {
        if (!belongs(object.metadata?.name, cluster))
            continue;
        for (const c of object.status?.conditions ?? [])
            if (c.status === 'False' && /Error|Failed/.test(c.reason ?? '') && c.message)
                found.push(`${object.kind} ${object.metadata?.name}: ${c.type} ${c.reason}: ${c.message}`);
    }
    return found;
}
/**
 * The manager's "Reconciler error" lines about the cluster's objects (klog text: `err="…"`, `namespace="NS"`,
 * `name="…"`), as `Kind name: error`.
 */
function reconcileErrors(log, namespace, cluster) {
    const found = [];
    for (const line of log.split('\n')) {
        if (!line.includes('"Reconciler error"'))
            continue;
        const field = (key) => {
            const match = new RegExp(`(?:^|\\s)${key}="((?:[^"\\\\]|\\\\.)*)"`).exec(line);
            return match ? JSON.parse(`"${match[1]}"`) : undefined;
        };
        if (field('namespace') !== namespace || !belongs(field('name'), cluster))
            continue;
        found.push(`${field('controllerKind') ?? 'object'} ${field('name')}: ${field('err') ?? line}`);
    }
    return found;
}
const ErroredSchema = schemas/* object */.Ikc({
    items: schemas/* array */.YOg(schemas/* object */.Ikc({
        kind: schemas/* string */.YjP().optional(),
        metadata: schemas/* object */.Ikc({ name: schemas/* string */.YjP().optional() }).loose().optional(),
        spec: schemas/* object */.Ikc({ providerID: schemas/* string */.YjP().nullish() }).loose().optional(),
        status: schemas/* object */.Ikc({ instanceState: schemas/* string */.YjP().nullish(), instanceID: schemas/* string */.YjP().nullish() }).loose().optional(),
    })
        .loose()),
});
/**
 * The Nova servers of the cluster that CAPO found in ERROR, by the OpenStackServer's `status.instanceID` (CAPO v0.14.7
 * `api/v1alpha1/openstackserver_types.go:133-135`, set at create, `controllers/openstackserver_controller.go:385`).
 * An OpenStackMachine in ERROR has its own `status.instanceID` and `spec.providerID` (`openstack://<region>/<id>`)
 * only once its server was ACTIVE (`controllers/openstackmachine_controller.go:439-440`), so its server is the
 * OpenStackServer of the same name (`getMachineServer`), else those two fields.
 */
function erroredServers(json, cluster) {
    const parsed = ErroredSchema.safeParse(safeJson(json));
    if (!parsed.success)
        return [];
    const ours = parsed.data.items.filter((o) => belongs(o.metadata?.name, cluster));
    const serverIds = new Map(ours
        .filter((o) => o.kind === 'OpenStackServer' && o.status?.instanceID)
        .map((o) => [o.metadata?.name, o.status?.instanceID]));
    const found = new Map();
    for (const object of ours) {
        if (object.status?.instanceState !== 'ERROR' || !object.metadata?.name)
            continue;
        if (object.kind !== 'OpenStackServer' && object.kind !== 'OpenStackMachine')
            continue;
        const name = object.metadata.name;
        const id = serverIds.get(name) ??
            object.status.instanceID ??
            (object.kind === 'OpenStackMachine'
                ? /^openstack:\/\/[^/]*\/(.+)$/.exec(object.spec?.providerID ?? '')?.[1]
                : undefined);
        if (id && !found.has(id))
            found.set(id, { name, id });
    }
    return [...found.values()];
}
function safeJson(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}
/** Evidence (log errors, warning Events, warning conditions; deduplicated) and the advice it supports. */
function diagnose(values, sources) {
    const byMessage = new Map();
    const add = (line) => {
        // The same error on every retry (and on every machine of a deployment): keep one line per distinct message.
        const key = line.replace(/^\S+ \S+: /, '').replace(/ \(\d+ times\)$/, '');
        if (!byMessage.has(key))
            byMessage.set(key, line);
    };
    for (const line of reconcileErrors(sources.log ?? '', values.namespace, values.cluster))
        add(line);
    for (const line of warningEvents(sources.eventsJson ?? '', values.cluster))
        add(line);
    for (const line of warningConditions(sources.objectsJson ?? '', values.cluster))
        add(line);
    const evidence = [...byMessage.values()];
    const nova = sources.nova ?? [];
    const advice = [
        ...new Set([...nova, ...evidence].map((line) => adviceFor(line, values)).filter((a) => !!a)),
    ];
    return { evidence, nova, advice };
}

// EXTERNAL MODULE: ./lib/core/openstack/http.js
var http = __webpack_require__(9998);
// EXTERNAL MODULE: ./lib/core/openstack/keystone.js
var keystone = __webpack_require__(5842);
;// CONCATENATED MODULE: ./lib/core/openstack/server-faults.js
/**
 * Why Nova put a server in ERROR, asked of Nova itself: CAPO keeps no message for it (a scheduling failure reaches
 * CAPO as InstanceStateError with an empty message, CAPO v0.14.7 `controllers/openstackserver_controller.go:393-396`),
 * while `GET /servers/{server_id}` carries the server's `fault` (code, message, created, and details for admins or
 * codes other than 500) when its status is ERROR or DELETED (Nova api-ref `api-ref/source/servers.inc`, "Show Server
 * Details"; Nova 26 `nova/api/openstack/compute/views/servers.py:56-58,279-282,617-641`). Best effort: whatever keeps
 * Nova from answering (no compute endpoint, a 403, a 404, Keystone down) is a note, never a failure of its own.
 */





const optionalString = schemas/* string */.YjP()
    .nullish()
    .catch(undefined)
    .transform((v) => v ?? undefined);
const ShowServerSchema = schemas/* object */.Ikc({
    server: schemas/* object */.Ikc({
        id: optionalString,
        status: optionalString,
        fault: schemas/* object */.Ikc({ code: schemas/* number */.aig().optional().catch(undefined), message: schemas/* string */.YjP(), created: optionalString })
            .optional()
            .catch(undefined),
    }),
});
/** One server's answer is a few kB; a fault's details (a traceback) add some more. */
const MAX_SERVER_BYTES = 1024 * 1024;
/** Nova's own error text: `{"itemNotFound": {"code": 404, "message": "…"}}` and the like. */
function novaMessage(body) {
    const json = (0,http/* parseJson */.qF)(body);
    if (!json || typeof json !== 'object')
        return undefined;
    for (const value of Object.values(json)) {
        const message = value?.message;
        if (typeof message === 'string' && message.trim())
            return message.trim().slice(0, 300);
    }
    return undefined;
}
function readAnswer(id, answer) {
    if (answer.status === 200) {
        const parsed = ShowServerSchema.safeParse((0,http/* parseJson */.qF)(answer.body));
        if (!parsed.success)
            return { id, note: 'Nova answered 200 with something that is not a server' };
        const { status, fault } = parsed.data.server;
        return { id, ...(status !== undefined && { status }), ...(fault && { fault }) };
    }
    const said = novaMessage(answer.body);
    const quoted = said ? ` ("${said}")` : '';
    if (answer.status === 404)
        return { id, note: `Nova does not know server ${id}${quoted}: it was deleted already` };
    if (answer.status === 403)
        return { id, note: `Nova refused to show server ${id} (403${quoted}): the credentials may not read servers` };
    if (answer.status === 401)
        return { id, note: `Nova did not accept the token (401${quoted})` };
    return { id, note: `Nova answered ${answer.status}${quoted}` };
}
/**
 * Asks Nova about each server, with a project-scoped token from the credentials (their CA, TLS setting and
 * `timeoutMs` for each request). Never throws.
 */
async function readServerFaults(creds, ids, options) {
    if (ids.length === 0)
        return { servers: [] };
    let session;
    try {
        // Nothing required in the catalog: a missing compute endpoint is said below, not a Keystone error.
        session = await (0,keystone/* openStackSession */.bj)(creds, { timeoutMs: options.timeoutMs, requiredServices: [] });
    }
    catch (error) {
        return { servers: [], note: `Nova not asked: ${(0,errors/* errorMessage */.gJ)(error)}` };
    }
    const compute = session.auth.endpoints.compute;
    if (!compute)
        return {
            servers: [],
            note: `Nova not asked: the catalog has no compute endpoint in ${session.auth.region}/${session.auth.interface}`,
        };
    const base = compute.replace(/\/+$/, '');
    const servers = await Promise.all(ids.map(async (id) => {
        try {
            return readAnswer(id, await session.get(new URL(`${base}/servers/${encodeURIComponent(id)}`), MAX_SERVER_BYTES));
        }
        catch (error) {
            const why = error instanceof http/* RequestTimeout */.VG
                ? `no answer within ${(0,duration/* formatDuration */.a)(options.timeoutMs)}`
                : (0,errors/* errorMessage */.gJ)(error);
            return { id, note: `Nova at ${base} did not answer: ${why}` };
        }
    }));
    return { servers };
}

// EXTERNAL MODULE: ./lib/core/capi/manifests.js
var manifests = __webpack_require__(1849);
// EXTERNAL MODULE: ./lib/core/capi/forbidden-changes.js
var forbidden_changes = __webpack_require__(9010);
// EXTERNAL MODULE: ./lib/core/capi/preview.js
var preview = __webpack_require__(4351);
;// CONCATENATED MODULE: ./lib/core/steps/cluster-api.js























/** The management cluster's Kubernetes with bootstrap: kind. */
const KIND_NODE_IMAGE = 'kindest/node:v1.36.1';
/**
 * Once capi-pivot has begun (and not finished), the objects may be half-way out of kind: applying
 * them to kind again would have two management clusters reconciling one cluster. The steps that
 * change or wait on the management cluster then leave it to the pivot, which resumes where it stopped.
 */
function pivotInProgress(state, commands) {
    const pivot = state.steps['capi-pivot'];
    if (commands.capi.management.kind !== 'kind' || !pivot || pivot.status === 'success')
        return undefined;
    return 'left to capi-pivot, which had begun: the objects may be moving out of kind';
}
/** Registers a kubeconfig's keys with the redactor; a kubeconfig that does not parse is the caller's error to report. */
function maskKubeconfig(text, source, redactor) {
    for (const secret of (0,kubeconfig/* kubeconfigSecrets */.hT)(text, source))
        redactor.add(secret);
}
/**
 * The management cluster: an existing one (reachable?), or an ephemeral kind cluster created here.
 * After a pivot a deploy uses the workload cluster itself; a destroy of a pivoted cluster gets a
 * fresh kind cluster to move the objects back into (CAPI's documented way to delete it).
 */
class CapiManagementClusterStep {
    settings;
    id = 'capi-management-cluster';
    title = 'Provide the Cluster API management cluster';
    kind = 'check';
    commands;
    constructor(settings) {
        this.settings = settings;
        this.commands = new capi_management/* CapiCommands */.m8(settings);
    }
    get createCommand() {
        const { capi, management } = this.commands;
        if (capi.management.kind !== 'kind')
            throw new Error('not a kind management cluster');
        return this.commands.kind('create', 'cluster', '--name', capi.management.clusterName, '--kubeconfig', management, 
        // Pinned, not kind's default: a newer kind would bring a node image CAPI v1.12 may not support as a
        // management cluster (v1.36 from v1.12.8, CAPI `docs/book/src/reference/versions.md`); this is kind
        // v0.32.0's own default.
        '--image', KIND_NODE_IMAGE, '--wait', '5m');
    }
    async plan() {
        const { capi, management } = this.commands;
        if (capi.management.kind === 'existing') {
            return {
                workingDir: this.commands.cwd,
                command: this.commands.kubectl(management, 'get', '--raw', '/readyz'),
                reads: [management],
                writes: [],
                actions: [`check that the existing management cluster (${capi.management.source}) answers`],
            };
        }
        return {
            workingDir: this.commands.cwd,
            command: this.createCommand,
            reads: [],
            writes: [management],
            actions: [
                `reuse kind cluster ${capi.management.clusterName} if it exists (kind get clusters; kind get kubeconfig --name ${capi.management.clusterName})`,
                this.settings.operation === 'destroy'
                    ? 'for a pivoted (self-managed) cluster: a fresh kind cluster, into which capi-move-back moves the objects'
                    : `after a pivot: the workload cluster is its own management cluster (${this.commands.workload})`,
            ],
        };
    }
    async run(context) {
        const { capi, management } = this.commands;
        if (capi.management.kind === 'existing') {
            if (!(await (0,files/* pathExists */.s0)(management)))
                throw new errors/* UserError */.yo(`the management cluster's kubeconfig ${(0,files/* displayPath */.Gt)(management)} (${capi.management.source}) does not exist`);
            maskKubeconfig((0,files/* readTextFile */.Gu)(management, yaml/* KUBECONFIG_FILE */.HT), `${(0,files/* displayPath */.Gt)(management)} (${capi.management.source})`, context.redactor);
            const ready = await context.exec(this.commands.kubectl(management, 'get', '--raw', '/readyz'), {
                capture: true,
                quiet: true,
                check: false,
            });
            if (ready.exitCode !== 0 || ready.stdout.trim() !== 'ok') {
                throw new errors/* UserError */.yo(`the management cluster (kubeconfig ${(0,files/* displayPath */.Gt)(management)}, ${capi.management.source}) is not reachable or not ready: ${(0,lib_command/* failureLine */.Pu)(ready)}`);
            }
            if (context.state.clusterApi?.management === 'kind' && !context.state.clusterApi.pivotedAt) {
                context.warn(`the cluster was provisioned from kind cluster ${context.state.clusterApi.kindCluster}, which was never pivoted; the existing management cluster does not hold its objects`);
            }
            context.state.clusterApi = { management: 'existing' };
            return `existing management cluster ready (${(0,files/* displayPath */.Gt)(management)})`;
        }
        const kindName = capi.management.clusterName;
        const record = context.state.clusterApi;
        // An upgrade changes a running cluster: with kind, only a pivoted one manages itself; before the pivot its objects
        // are in a kind cluster the deploy has not finished with (or lost), never in a fresh one.
        if (this.settings.operation === 'upgrade' && !record?.pivotedAt)
            throw new errors/* UserError */.yo(`${this.settings.clusterName} is not self-managed yet (no completed capi-pivot in the resume state): an upgrade with management.bootstrap: kind needs a deploy that got to the end first; run deploy, then upgrade`);
        if (record?.pivotedAt && this.settings.operation !== 'destroy') {
            // Self-managed: the workload cluster holds its own Cluster API objects.
            if (!(await (0,files/* pathExists */.s0)(this.commands.workload))) {
                throw new errors/* UserError */.yo(`${this.settings.clusterName} manages itself since the pivot at ${record.pivotedAt}, but its kubeconfig ${(0,files/* displayPath */.Gt)(this.commands.workload)} is not on this machine; pass it with --management-kubeconfig (input management-kubeconfig), or set kubeconfig-passphrase so it travels with the resume state`);
            }
            const text = (0,files/* readTextFile */.Gu)(this.commands.workload, yaml/* KUBECONFIG_FILE */.HT);
            maskKubeconfig(text, (0,files/* displayPath */.Gt)(this.commands.workload), context.redactor);
            await (0,files/* writePrivateFile */.Pl)(management, text, 'management kubeconfig');
            return `self-managed since the pivot at ${record.pivotedAt}: the workload cluster is the management cluster`;
        }
        await (0,files/* ensurePrivateDir */.rh)(capi.workDir);
        const clusters = await context.exec(this.commands.kind('get', 'clusters'), { capture: true, quiet: true });
        if (clusters.stdout
            .split('\n')
            .map((l) => l.trim())
            .includes(kindName)) {
            const kubeconfig = await context.exec(this.commands.kind('get', 'kubeconfig', '--name', kindName), {
                capture: true,
                quiet: true,
            });
            maskKubeconfig(kubeconfig.stdout, `kind get kubeconfig --name ${kindName}`, context.redactor);
            await (0,files/* writePrivateFile */.Pl)(management, kubeconfig.stdout, 'management kubeconfig');
            context.state.clusterApi = { ...record, management: 'kind', kindCluster: kindName };
            return `reused kind cluster ${kindName}`;
        }
        // A deploy that had begun applying, or any destroy (a fresh kind holds nothing to delete: the destroy would
        // report success while CAPO's servers stay), needs the lost kind cluster; a deploy before the apply does not.
        const applied = this.settings.operation === 'destroy' || context.state.steps['capi-apply'] !== undefined;
        if (record?.management === 'kind' && record.kindCreatedAt && !record.pivotedAt && applied) {
            throw new errors/* UserError */.yo(lostKindMessage(this.settings, record));
        }
        await context.exec(this.createCommand);
        await external_node_fs_.promises.chmod(management, 0o600);
        maskKubeconfig((0,files/* readTextFile */.Gu)(management, yaml/* KUBECONFIG_FILE */.HT), (0,files/* displayPath */.Gt)(management), context.redactor);
        context.state.clusterApi = {
            ...(record?.pivotedAt && { pivotedAt: record.pivotedAt }),
            management: 'kind',
            kindCluster: kindName,
            kindCreatedAt: new Date().toISOString(),
            kindHost: (0,external_node_os_.hostname)(),
        };
        return `created kind cluster ${kindName}`;
    }
}
/** What was lost with an ephemeral kind cluster that was never pivoted, and what to do. */
function lostKindMessage(settings, record) {
    return [
        `the ephemeral kind management cluster ${record.kindCluster} (created ${record.kindCreatedAt}${record.kindHost ? ` on ${record.kindHost}` : ''}) is gone, before capi-pivot moved the Cluster API objects out of it:`,
        `the objects of ${settings.clusterName} went with it (most likely with the runner), so nothing manages the servers, networks and load balancers CAPO may already have created in the project.`,
        settings.operation === 'destroy'
            ? `Delete those (named after ${settings.clusterName}) in OpenStack, then delete the resume state (${(0,model_settings/* runtimePaths */.hi)(settings).statePath}, or its artifact);`
            : `Delete those (named after ${settings.clusterName}) in OpenStack, then deploy again with --restart (input restart: true);`,
        'to keep this from happening, use a durable management cluster (deployment.cluster_api.management.kubeconfig).',
    ].join(' ');
}
/** The Provider inventory clusterctl keeps, one object per installed provider. */
const ProviderListSchema = schemas/* object */.Ikc({
    items: schemas/* array */.YOg(schemas/* object */.Ikc({
        metadata: schemas/* object */.Ikc({ name: schemas/* string */.YjP().optional(), namespace: schemas/* string */.YjP().optional() }).prefault({}),
        providerName: schemas/* string */.YjP().optional(),
        type: schemas/* string */.YjP().optional(),
        version: schemas/* string */.YjP().optional(),
    })),
});
function parseProviders(json) {
    const list = (0,tool_json/* parseToolJson */.I)(json, ProviderListSchema, (0,tool_json/* notJsonOf */.v)('kubectl get providers -A -o json', json, 'a provider list'));
    return list.items.map((p) => ({
        name: p.metadata.name ?? '',
        namespace: p.metadata.namespace ?? '',
        providerName: p.providerName ?? '',
        type: p.type ?? '',
        version: p.version ?? '',
    }));
}
/**
 * Compares the installed providers with the pinned ones: which are missing, and a clear error for a
 * different version (clusterctl would refuse it; an upgrade is `clusterctl upgrade`, not a deploy).
 */
function providerDecision(installed, capi) {
    const missing = [];
    for (const { role, type, field } of cluster_api/* PROVIDER_ROLES */.Ov) {
        const [name, version] = capi.providers[role].split(':');
        const found = installed.find((p) => p.type === type && p.providerName === name);
        if (!found) {
            missing.push(capi.providers[role]);
            continue;
        }
        if (found.version !== version) {
            throw new errors/* UserError */.yo(`the management cluster has ${name} ${found.version} installed (provider ${found.namespace}/${found.name}), but deployment.cluster_api.providers.${field} pins ${version}; cluster-deploy does not upgrade providers: pin ${name}:${found.version}, or upgrade with clusterctl upgrade apply first`);
        }
    }
    return { missing };
}
/** `clusterctl init` unless the pinned providers are installed; then ORC, when configured. Returns what it did. */
async function ensureProviders(context, commands, kubeconfig) {
    const inventory = await context.exec(commands.kubectl(kubeconfig, 'get', 'providers.clusterctl.cluster.x-k8s.io', '-A', '-o', 'json'), { capture: true, quiet: true, check: false });
    let installed = [];
    if (inventory.exitCode === 0)
        installed = parseProviders(inventory.stdout);
    else if (!/doesn't have a resource type|the server could not find the requested resource/.test(inventory.tail.join('\n'))) {
        throw new errors/* UserError */.yo(`cannot read the clusterctl provider inventory: ${(0,lib_command/* failureLine */.Pu)(inventory)}`);
    }
    const { missing } = providerDecision(installed, commands.capi);
    // ORC first, as CAPI's quick start does: CAPO's manager watches ORC's Images and fails without their CRD
    // (CAPO v0.14.7 `controllers/openstackserver_controller.go:204`), which init's wait alone may not show.
    let orc = '';
    if (commands.capi.orcManifest) {
        await context.exec(commands.apply(kubeconfig, commands.capi.orcManifest));
        orc = `ORC applied${await labelOrcForMove(context, commands, kubeconfig)}; `;
    }
    if (missing.length === 0)
        return `${orc}providers already installed at the pinned versions`;
    await context.exec(commands.init(kubeconfig));
    return `${orc}installed ${missing.join(', ')}`;
}
/**
 * clusterctl move takes the objects of CRDs labelled `clusterctl.cluster.x-k8s.io/move`; ORC's CRDs are not, and CAPO
 * says to label them (CAPO v0.14.7 `docs/book/src/clusteropenstack/configuration.md:154-158`), or the ORC objects
 * (images, servers) stay behind in kind at the pivot.
 */
async function labelOrcForMove(context, commands, kubeconfig) {
    const listed = await context.exec(commands.kubectl(kubeconfig, 'get', 'customresourcedefinitions', '-o', 'name'), {
        capture: true,
        quiet: true,
        check: false,
    });
    const orcDefinitions = listed.stdout
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line.endsWith('.openstack.k-orc.cloud'));
    if (listed.exitCode !== 0 || orcDefinitions.length === 0)
        return '';
    await context.exec(commands.kubectl(kubeconfig, 'label', '--overwrite', ...orcDefinitions, `${capi_management/* MOVE_LABEL */.Ze}=`));
    return `, its ${orcDefinitions.length} CRDs labelled ${capi_management/* MOVE_LABEL */.Ze}`;
}
class ClusterctlInitStep {
    id = 'clusterctl-init';
    title = 'Install the Cluster API providers (clusterctl init)';
    kind = 'check';
    commands;
    constructor(settings) {
        this.commands = new capi_management/* CapiCommands */.m8(settings);
    }
    async plan() {
        const { management, capi } = this.commands;
        return {
            workingDir: this.commands.cwd,
            command: this.commands.init(management),
            reads: [management],
            writes: [],
            actions: [
                ...(capi.orcManifest
                    ? [
                        `first ${this.commands.apply(management, capi.orcManifest).argv.join(' ')} (ORC, which CAPO needs), its CRDs labelled ${capi_management/* MOVE_LABEL */.Ze} for the pivot`,
                    ]
                    : []),
                'skip when kubectl get providers -A shows these providers at these versions; another version installed is an error (no silent upgrade)',
            ],
        };
    }
    skipWhen(state) {
        return pivotInProgress(state, this.commands);
    }
    async run(context) {
        return ensureProviders(context, this.commands, this.commands.management);
    }
}
/** Applies objects holding credentials from a 0600 file in the private work dir, removed whatever happens. */
async function applyPrivately(context, command, file, objects) {
    await (0,files/* writePrivateFile */.Pl)(file, JSON.stringify(objects), 'credentials Secret');
    try {
        await context.exec(command);
    }
    finally {
        await external_node_fs_.promises.rm(file, { force: true });
    }
}
/**
 * The credentials become Secret `<cluster>-cloud-config` (`clouds.yaml`, `cacert`) for CAPO's
 * identityRef: written 0600 in the private work dir, applied server-side, removed at once. Never
 * logged, never in the state or the plan. Labelled so clusterctl move carries it along.
 */
class CapiCloudCredentialsStep {
    settings;
    id = 'capi-cloud-credentials';
    title = 'Store the cloud credentials for CAPO';
    kind = 'converge';
    commands;
    constructor(settings) {
        this.settings = settings;
        this.commands = new capi_management/* CapiCommands */.m8(settings);
    }
    async plan() {
        const { management, credentialsFile, capi, credentialsSecret } = this.commands;
        return {
            workingDir: this.commands.cwd,
            command: this.commands.apply(management, credentialsFile),
            reads: this.settings.credentials.caCert ? [this.settings.credentials.caCert] : [],
            writes: [],
            actions: [
                `write Namespace ${capi.namespace} and Secret ${capi.namespace}/${credentialsSecret} (clouds.yaml for cloud "${capi.cloudName}", cacert; label ${capi_management/* MOVE_LABEL */.Ze}) to ${credentialsFile} (0600), apply it, delete the file`,
            ],
        };
    }
    skipWhen(state) {
        return pivotInProgress(state, this.commands);
    }
    async run(context) {
        const { capi, credentialsFile, credentialsSecret, management } = this.commands;
        const { credentials } = this.settings;
        const clouds = cloudsYaml(credentials, capi.cloudName);
        // CAPO reads a cacert that is not PEM as "no CA" (system roots); CAPO's env.rc writes a bare newline.
        const cacert = credentials.caCert
            ? (0,files/* readTextFile */.Gu)(credentials.caCert, { noun: 'CA bundle', plural: 'CA bundles', maxBytes: 4 * 1024 * 1024 })
            : '\n';
        const data = {
            'clouds.yaml': Buffer.from(clouds).toString('base64'),
            cacert: Buffer.from(cacert).toString('base64'),
        };
        context.redactor.add(data['clouds.yaml']);
        const labels = { [capi_status/* CLUSTER_NAME_LABEL */.o9]: this.settings.clusterName, [capi_management/* MOVE_LABEL */.Ze]: '' };
        const list = {
            apiVersion: 'v1',
            kind: 'List',
            items: [
                { apiVersion: 'v1', kind: 'Namespace', metadata: { name: capi.namespace } },
                {
                    apiVersion: 'v1',
                    kind: 'Secret',
                    type: 'Opaque',
                    metadata: { name: credentialsSecret, namespace: capi.namespace, labels },
                    data,
                },
            ],
        };
        await applyPrivately(context, this.commands.apply(management, credentialsFile), credentialsFile, list);
        return `Secret ${capi.namespace}/${credentialsSecret} applied (cloud "${capi.cloudName}", ${(0,openstack_credentials/* authMethod */.A8)(credentials) ?? 'no auth method'})`;
    }
}
class CapiRenderStep {
    settings;
    id = 'capi-render';
    title = 'Render the cluster manifests (clusterctl generate cluster)';
    kind = 'check';
    commands;
    constructor(settings) {
        this.settings = settings;
        this.commands = new capi_management/* CapiCommands */.m8(settings);
    }
    async plan() {
        const { capi } = this.commands;
        return {
            workingDir: this.commands.cwd,
            command: this.commands.render(),
            reads: [capi.template],
            writes: [(0,cluster_api/* renderedManifests */.AC)(capi)],
        };
    }
    async run(context) {
        const { objects } = await (0,capi_management/* renderManifests */.hO)(this.settings, context.exec);
        const kinds = new Map();
        for (const o of objects)
            kinds.set(o.kind, (kinds.get(o.kind) ?? 0) + 1);
        return `${objects.length} objects (${[...kinds].map(([kind, n]) => (n > 1 ? `${n} ${kind}` : kind)).join(', ')})`;
    }
}
/** Applies right after init can meet webhooks that are not serving yet (CAPI #3720): retried, briefly. */
const WEBHOOK_RETRIES = 5;
class CapiApplyStep {
    settings;
    id = 'capi-apply';
    title = 'Apply the cluster manifests to the management cluster';
    kind = 'converge';
    commands;
    constructor(settings) {
        this.settings = settings;
        this.commands = new capi_management/* CapiCommands */.m8(settings);
    }
    get command() {
        return this.commands.apply(this.commands.management, (0,cluster_api/* renderedManifests */.AC)(this.commands.capi));
    }
    async plan() {
        return {
            workingDir: this.commands.cwd,
            command: this.command,
            reads: [(0,cluster_api/* renderedManifests */.AC)(this.commands.capi), this.commands.management],
            writes: [],
            actions: [
                'first the rendered OpenStackClusters against the live ones: a change CAPO forbids in place (its webhook) is refused, naming the field, before anything is applied',
                'declarative and idempotent: a re-run applies again (a changed config converges)',
            ],
        };
    }
    skipWhen(state) {
        return pivotInProgress(state, this.commands);
    }
    async run(context) {
        const file = (0,cluster_api/* renderedManifests */.AC)(this.commands.capi);
        if (!(await (0,files/* pathExists */.s0)(file)))
            throw new errors/* UserError */.yo(`the rendered manifests ${(0,files/* displayPath */.Gt)(file)} are missing; run step capi-render first`);
        // Before anything is applied: CAPO's webhook would refuse the OpenStackCluster and kubectl apply the rest.
        const refused = (0,forbidden_changes/* forbiddenChangesError */.bA)(await (0,forbidden_changes/* liveForbiddenChanges */.JA)(context.exec, (...args) => this.commands.kubectl(this.commands.management, ...args), (0,files/* readTextFile */.Gu)(file, manifests/* MANIFESTS_FILE */.aK), (0,files/* displayPath */.Gt)(file), (0,preview/* describeManagement */.dz)(this.settings, this.commands.management)));
        if (refused)
            throw refused;
        for (let attempt = 1;; attempt++) {
            const result = await context.exec(this.command, { check: false });
            if (result.exitCode === 0)
                return `applied to the management cluster (${(0,files/* displayPath */.Gt)(this.commands.management)})`;
            if (context.signal.aborted)
                throw new errors/* InterruptedError */.p4();
            const webhook = result.tail.some((l) => l.includes('failed calling webhook'));
            if (!webhook || attempt >= WEBHOOK_RETRIES)
                throw new errors/* UserError */.yo(`kubectl apply to the management cluster failed: ${(0,lib_command/* failureLine */.Pu)(result)}`);
            context.output.line(`      the providers' webhooks are not serving yet; applying again in ${attempt * 2} s`);
            await (0,poll/* sleep */.yy)(attempt * 2000, context.signal);
        }
    }
}
/**
 * Polls `objects` until `done` says so, with pauses from 0.5 s doubling up to the interval, a line
 * each time the progress changes, and a timeout naming the last progress. With `stall`, the same line
 * for `stall.ms` (no progress) calls `stall.onStall` with it (which throws).
 */
async function pollObjects(context, command, what, check, stall) {
    const { timeoutMs, intervalMs } = context.settings.waitReady;
    let lastJson = '';
    const { value } = await (0,poll/* poll */.wt)(async () => {
        const result = await context.exec(command, { capture: true, quiet: true, check: false });
        if (result.exitCode === 0)
            lastJson = result.stdout;
        const progress = result.exitCode === 0 ? check(result.stdout) : { line: `kubectl: ${(0,lib_command/* failureLine */.Pu)(result)}`, done: false };
        return progress.done
            ? { done: true, value: progress.line, line: progress.line }
            : { done: false, line: progress.line };
    }, {
        timeoutMs,
        intervalMs,
        signal: context.signal,
        onLine: (line) => context.output.line(`      ${line}`),
        timeoutError: (last) => new errors/* UserError */.yo(`timeout after ${(0,duration/* formatDuration */.a)(timeoutMs)} waiting for ${what}; last: ${last}`),
        ...(stall && { stall: { ms: stall.ms, onStall: (last) => stall.onStall(last, lastJson) } }),
    });
    return value;
}
const WorkloadListSchema = schemas/* object */.Ikc({
    items: schemas/* array */.YOg(schemas/* object */.Ikc({
        metadata: schemas/* object */.Ikc({ name: schemas/* string */.YjP().optional(), namespace: schemas/* string */.YjP().optional() }).loose().optional(),
        spec: schemas/* object */.Ikc({ type: schemas/* string */.YjP().optional() }).loose().optional(),
    })
        .loose()),
});
function workloadObjects(json) {
    try {
        return WorkloadListSchema.parse(JSON.parse(json)).items;
    }
    catch {
        return [];
    }
}
const CinderVolumeListSchema = schemas/* object */.Ikc({
    items: schemas/* array */.YOg(schemas/* object */.Ikc({
        spec: schemas/* object */.Ikc({
            csi: schemas/* object */.Ikc({ driver: schemas/* string */.YjP().optional() }).loose().optional(),
            persistentVolumeReclaimPolicy: schemas/* string */.YjP().optional(),
            claimRef: schemas/* object */.Ikc({ name: schemas/* string */.YjP(), namespace: schemas/* string */.YjP() }).loose().optional(),
        })
            .loose()
            .optional(),
    })
        .loose()),
});
/** Claims whose volumes the Cinder CSI made and deletes with them (reclaim policy Delete); none when PVs cannot be listed. */
async function cinderClaims(workload) {
    const listed = await workload('get', 'persistentvolumes', '-o', 'json');
    if (listed.exitCode !== 0)
        return [];
    try {
        return CinderVolumeListSchema.parse(JSON.parse(listed.stdout))
            .items.filter((pv) => pv.spec?.csi?.driver === 'cinder.csi.openstack.org' && pv.spec.persistentVolumeReclaimPolicy === 'Delete')
            .flatMap((pv) => pv.spec?.claimRef ? [{ name: pv.spec.claimRef.name, namespace: pv.spec.claimRef.namespace }] : []);
    }
    catch {
        return [];
    }
}
/** The machine template types whose names carry a hash of their spec. */
const TEMPLATE_TYPES = [
    'openstackmachinetemplates.infrastructure.cluster.x-k8s.io',
    'kubeadmconfigtemplates.bootstrap.cluster.x-k8s.io',
];
/** CAPO's manager, where clusterctl init puts it (the provider inventory's namespace for infrastructure-openstack). */
const CAPO_NAMESPACE = 'capo-system';
const CAPO_MANAGER = 'capo-controller-manager';
/** A machine CAPI or CAPO gave up on, with the objects as they were (for the diagnosis). */
class MachineFailedError extends Error {
    json;
    constructor(message, json) {
        super(message);
        this.json = json;
    }
}
/** The values the deploy rendered into the template, to name the field a CAPO message is about. */
function renderedValues(capi, cluster) {
    return {
        namespace: capi.namespace,
        cluster,
        controlPlaneFlavor: capi.variables.OPENSTACK_CONTROL_PLANE_MACHINE_FLAVOR,
        nodeFlavor: capi.variables.OPENSTACK_NODE_MACHINE_FLAVOR,
        image: capi.variables.OPENSTACK_IMAGE_NAME,
        cloud: capi.cloudName,
        externalNetworkId: capi.variables.OPENSTACK_EXTERNAL_NETWORK_ID,
    };
}
/**
 * What Nova says of the servers CAPO found in ERROR: their faults, one line each; what kept Nova from answering is
 * said with the command that shows the fault. No live call with --skip-auth-check.
 */
async function novaFaultLines(settings, servers) {
    if (servers.length === 0)
        return [];
    const answers = settings.authCheck.enabled
        ? await readServerFaults(settings.credentials, servers.map((s) => s.id), { timeoutMs: settings.authCheck.timeoutMs })
        : { servers: [], note: 'Nova not asked (--skip-auth-check: no live OpenStack calls)' };
    return servers.map((server) => {
        const answer = answers.servers.find((a) => a.id === server.id);
        const subject = `server ${server.name} (${server.id})`;
        if (answer?.fault) {
            const { code, created, message } = answer.fault;
            return `${subject} is ${answer.status ?? 'ERROR'}, fault${code !== undefined ? ` ${code}` : ''}${created ? ` at ${created}` : ''}: ${message}`;
        }
        if (answer?.status)
            return `${subject} is ${answer.status} with no fault recorded`;
        const why = answer?.note ?? answers.note ?? 'Nova not asked';
        return `${subject} is in ERROR and CAPO keeps no message; ${why}; see \`openstack server show ${server.id} -c fault\``;
    });
}
/** How long an interrupted run may spend starting the cleanup: a cancelled GitHub job gets seconds, not minutes. */
const INTERRUPTED_CLEANUP_MS = 5_000;
/**
 * Deletes the Cluster (never the manifests) and waits for CAPO to delete what it made, with progress; returns the
 * error to end the step with: the original one, saying what the cleanup did. Interrupted, it only has seconds
 * (GitHub gives a cancelled job about 10 s before it kills it): it starts the deletion, waits what it can, and
 * says what may be left.
 */
async function cleanUpUnmanaged(context, commands, name, failure) {
    const interrupted = failure instanceof errors/* InterruptedError */.p4 || context.signal.aborted;
    const original = failure instanceof Error ? failure : new Error(String(failure));
    const budget = interrupted ? INTERRUPTED_CLEANUP_MS : context.settings.waitReady.timeoutMs;
    const signal = AbortSignal.timeout(budget);
    const exec = (spec) => context.exec(spec, { capture: true, quiet: true, check: false, signal });
    context.output.line(`      the kind management cluster dies with this runner: deleting Cluster ${commands.capi.namespace}/${name} so CAPO removes its servers, network, router and load balancers (up to ${(0,duration/* formatDuration */.a)(budget)})`);
    const deletion = await exec(commands.deleteCluster());
    let gone = false;
    let last = '';
    if (deletion.exitCode === 0 || /NotFound|not found/.test(deletion.tail.join('\n'))) {
        while (!signal.aborted) {
            const listed = await exec(commands.watch(commands.management));
            if (listed.exitCode === 0) {
                const left = remainingObjects(listed.stdout, name);
                if (left.line !== last)
                    context.output.line(`      ${left.line}`);
                last = left.line;
                if (left.done) {
                    gone = true;
                    break;
                }
            }
            await new Promise((resolve) => setTimeout(resolve, Math.min(1000, context.settings.waitReady.intervalMs)));
        }
    }
    const what = gone
        ? 'the Cluster was deleted and CAPO removed what it had made in the cloud; fix the cause and deploy again'
        : `the cleanup did not finish (${last || (0,lib_command/* failureLine */.Pu)(deletion)}): servers, the network, router and load balancers named k8s-clusterapi-cluster-${commands.capi.namespace}-${name}* may be left in the cloud with nothing managing them; delete them (openstack server/router/network/loadbalancer delete) before deploying again`;
    // On a line of its own: after a diagnosis it would read as part of the last "Fix:" line.
    const message = interrupted ? what : `${original.message}\n  Cleanup: ${what}`;
    return interrupted ? new errors/* InterruptedError */.p4(message) : new errors/* UserError */.yo(message);
}
/** What of the Cluster is left while it is deleted: machines, servers, the Cluster itself. */
function remainingObjects(json, name) {
    const objects = (0,capi_status/* parseCapiObjects */.TV)(json);
    const left = (kind) => objects.filter((o) => o.kind === kind &&
        (o.metadata.labels?.[capi_status/* CLUSTER_NAME_LABEL */.o9] === name || (kind === 'Cluster' && o.metadata.name === name))).length;
    const machines = left('Machine');
    const servers = left('OpenStackServer');
    const cluster = left('Cluster');
    // CAPI removes the Cluster after everything it owns; waiting for all three keeps that true here too.
    return {
        line: `deleting: ${machines} machines, ${servers} servers left${cluster ? '' : ', Cluster gone'}`,
        done: cluster + machines + servers === 0,
    };
}
/**
 * Waits until the Cluster's infrastructure is ready, its control plane initialized and every machine
 * running. A Machine, OpenStackMachine or OpenStackServer that fails stops the wait at once with
 * CAPO's message. Nodes turn Ready only after capi-addons (CNI, cloud controller manager).
 */
class CapiWaitStep {
    settings;
    id = 'capi-wait';
    title = 'Wait for the Cluster API machines';
    kind = 'check';
    commands;
    constructor(settings) {
        this.settings = settings;
        this.commands = new capi_management/* CapiCommands */.m8(settings);
    }
    async plan() {
        const { capi } = this.commands;
        return {
            workingDir: this.commands.cwd,
            command: this.commands.watch(this.commands.management),
            reads: [this.commands.management],
            writes: [],
            actions: [
                `poll until InfrastructureReady and ControlPlaneInitialized, ${capi.controlPlaneMachineCount} control plane and ${capi.workerMachineCount} worker machines Running; a failed machine (CAPO's InstanceCreateFailed, a failureMessage) fails at once, quoting CAPO's log, Events and conditions and, for a server in ERROR, Nova's fault (GET /servers/{id}${this.settings.authCheck.enabled ? '' : ': not with --skip-auth-check'}); timeout ${(0,duration/* formatDuration */.a)(this.settings.waitReady.timeoutMs)}`,
            ],
        };
    }
    skipWhen(state) {
        return pivotInProgress(state, this.commands);
    }
    async run(context) {
        const { capi, management } = this.commands;
        const name = this.settings.clusterName;
        try {
            const line = await pollObjects(context, this.commands.watch(management), `cluster ${name}`, (json) => {
                const progress = (0,capi_status/* capiProgress */.Ng)((0,capi_status/* parseCapiObjects */.TV)(json), name);
                if (progress.failure)
                    throw new MachineFailedError(progress.failure, json);
                return progress;
            }, {
                ms: capi.stallTimeoutMs,
                onStall: async (last, json) => {
                    throw new errors/* UserError */.yo(`no progress for ${(0,duration/* formatDuration */.a)(capi.stallTimeoutMs)} (deployment.cluster_api.stall_timeout): ${last}${await this.diagnosis(context, json)}`);
                },
            });
            const removed = await this.removeOldTemplates(context);
            return removed.length > 0 ? `${line}; old templates deleted: ${removed.join(', ')}` : line;
        }
        catch (error) {
            const failed = error instanceof MachineFailedError
                ? new errors/* UserError */.yo(`a machine failed: ${error.message}${await this.diagnosis(context, error.json)}`)
                : error;
            // Before the pivot, a kind management cluster dies with this runner: what CAPO made would be left with
            // nothing managing it. So the Cluster goes now (CAPO deletes its servers, network, router, load balancers).
            // Never after the pivot: the cluster manages itself, and deleting it would delete a running cluster.
            if (capi.management.kind === 'kind' && !context.state.clusterApi?.pivotedAt)
                throw await cleanUpUnmanaged(context, this.commands, name, failed);
            throw failed;
        }
    }
    /**
     * Machine templates of this cluster that the rendered manifests no longer name (a changed spec got a new name):
     * deleted once every machine is up to date, so none of them is in use.
     */
    async removeOldTemplates(context) {
        const { capi, management } = this.commands;
        const file = (0,cluster_api/* renderedManifests */.AC)(capi);
        if (!(await (0,files/* pathExists */.s0)(file)))
            return [];
        const current = new Set((0,manifests/* manifestObjects */.wh)((0,files/* readTextFile */.Gu)(file, manifests/* MANIFESTS_FILE */.aK), (0,files/* displayPath */.Gt)(file)).map((o) => `${o.kind}/${o.name}`));
        const listed = await context.exec(this.commands.kubectl(management, 'get', TEMPLATE_TYPES.join(','), '-n', capi.namespace, '-l', `${capi_status/* CLUSTER_NAME_LABEL */.o9}=${this.settings.clusterName}`, '-o', 'json'), { capture: true, quiet: true, check: false });
        if (listed.exitCode !== 0)
            return [];
        const removed = [];
        for (const object of (0,capi_status/* parseCapiObjects */.TV)(listed.stdout)) {
            if (current.has(`${object.kind}/${object.metadata.name}`))
                continue;
            const type = TEMPLATE_TYPES.find((t) => t.startsWith(`${object.kind.toLowerCase()}s.`));
            if (!type)
                continue;
            const deleted = await context.exec(this.commands.kubectl(management, 'delete', type, object.metadata.name, '-n', capi.namespace, '--ignore-not-found'), { capture: true, quiet: true, check: false });
            if (deleted.exitCode === 0)
                removed.push(`${object.kind} ${object.metadata.name}`);
        }
        return removed;
    }
    /** What CAPO left about the cluster (its log, Warning Events, error conditions) and the config field to fix. */
    async diagnosis(context, objectsJson) {
        const { capi, management } = this.commands;
        const capture = async (spec) => {
            const result = await context.exec(spec, { capture: true, quiet: true, check: false });
            return result.exitCode === 0 ? result.stdout : '';
        };
        const sinceSeconds = Math.ceil(context.settings.waitReady.timeoutMs / 1000) + 600;
        const [log, eventsJson] = await Promise.all([
            capture(this.commands.kubectl(management, 'logs', '-n', CAPO_NAMESPACE, `deployment/${CAPO_MANAGER}`, '--tail=2000', `--since=${sinceSeconds}s`)),
            capture(this.commands.kubectl(management, 'get', 'events', '-n', capi.namespace, '-o', 'json')),
        ]);
        const nova = await novaFaultLines(this.settings, erroredServers(objectsJson, this.settings.clusterName));
        const found = diagnose(renderedValues(capi, this.settings.clusterName), { log, eventsJson, objectsJson, nova });
        const lines = [
            ...found.nova.map((line) => `\n  Nova: ${line}`),
            ...found.evidence.slice(0, 10).map((line) => `\n  CAPO: ${line}`),
            ...found.advice.map((advice) => `\n  Fix: ${advice}`),
        ];
        if (lines.length === 0)
            return `\n  CAPO reported nothing about it (no error in its log, no Warning Event, no error condition): look at \`kubectl logs -n ${CAPO_NAMESPACE} deployment/${CAPO_MANAGER}\` on the management cluster`;
        return lines.join('');
    }
}
/** The workload cluster's kubeconfig from Secret `<cluster>-kubeconfig` (key `value`), written 0600 where Kubespray's would go. */
class CapiWorkloadKubeconfigStep {
    settings;
    id = 'capi-workload-kubeconfig';
    title = 'Fetch the workload cluster kubeconfig';
    kind = 'runner-local';
    commands;
    constructor(settings) {
        this.settings = settings;
        this.commands = new capi_management/* CapiCommands */.m8(settings);
    }
    get command() {
        return this.commands.kubectl(this.commands.management, 'get', 'secret', `${this.settings.clusterName}-kubeconfig`, '-n', this.commands.capi.namespace, '-o', 'jsonpath={.data.value}');
    }
    async plan() {
        return {
            workingDir: this.commands.cwd,
            command: this.command,
            reads: [this.commands.management],
            writes: [this.settings.kubeconfigPath],
            actions: ['output captured, never logged'],
        };
    }
    async outputsPresent() {
        return (0,files/* pathExists */.s0)(this.settings.kubeconfigPath);
    }
    async run(context) {
        const result = await context.exec(this.command, { capture: true, quiet: true, check: false });
        if (result.exitCode !== 0)
            throw new errors/* UserError */.yo(`cannot read Secret ${this.commands.capi.namespace}/${this.settings.clusterName}-kubeconfig from the management cluster: ${(0,lib_command/* failureLine */.Pu)(result)}`);
        const text = Buffer.from(result.stdout.trim(), 'base64').toString('utf8');
        const source = `Secret ${this.commands.capi.namespace}/${this.settings.clusterName}-kubeconfig`;
        if (!text.trim())
            throw new errors/* UserError */.yo(`${source} has no kubeconfig in its value key`);
        maskKubeconfig(text, source, context.redactor);
        const endpoint = (0,kubeconfig/* kubeconfigEndpoint */.xF)(text, source);
        if (!endpoint)
            throw new errors/* UserError */.yo(`${source} names no API server`);
        await (0,files/* writePrivateFile */.Pl)(this.settings.kubeconfigPath, text, 'kubeconfig');
        return `server ${endpoint}`;
    }
}
/** The cluster dir's addons (a CNI, the OpenStack cloud controller manager) applied to the workload cluster. */
class CapiAddonsStep {
    settings;
    id = 'capi-addons';
    title = 'Apply the addons to the workload cluster';
    kind = 'converge';
    commands;
    constructor(settings) {
        this.settings = settings;
        this.commands = new capi_management/* CapiCommands */.m8(settings);
    }
    get command() {
        return this.commands.apply(this.commands.workload, this.commands.capi.addonsDir);
    }
    get cloudConfigFile() {
        return external_node_path_.join(this.commands.capi.workDir, 'ccm-cloud-config.secret.json');
    }
    async plan() {
        return {
            workingDir: this.commands.cwd,
            command: this.command,
            reads: [this.commands.capi.addonsDir, this.settings.kubeconfigPath],
            writes: [],
            actions: [
                `then Secret kube-system/cloud-config (cloud.conf from the credentials, for the cloud controller manager) from ${this.cloudConfigFile} (0600), applied and deleted`,
            ],
        };
    }
    async run(context) {
        const dir = this.commands.capi.addonsDir;
        const stat = await external_node_fs_.promises.stat(dir).catch(() => undefined);
        if (!stat?.isDirectory())
            throw new errors/* UserError */.yo(`the addons directory ${(0,files/* displayPath */.Gt)(dir)} does not exist; without a CNI and the cloud controller manager the nodes never turn Ready (set deployment.cluster_api.addons)`);
        const applied = await context.exec(this.command, { check: false });
        if (applied.exitCode !== 0)
            throw new errors/* UserError */.yo(`kubectl apply of the addons ${(0,files/* displayPath */.Gt)(dir)} (deployment.cluster_api.addons) to the workload cluster failed: ${(0,lib_command/* failureLine */.Pu)(applied)}`);
        // After the addons: a placeholder kube-system/cloud-config among them must not replace the real one.
        const { credentials } = this.settings;
        const ca = credentials.caCert
            ? (0,files/* readTextFile */.Gu)(credentials.caCert, { noun: 'CA bundle', plural: 'CA bundles', maxBytes: 4 * 1024 * 1024 })
            : undefined;
        const conf = Buffer.from(cloudConf(credentials, ca !== undefined)).toString('base64');
        context.redactor.add(conf);
        const secret = {
            apiVersion: 'v1',
            kind: 'Secret',
            type: 'Opaque',
            metadata: { name: 'cloud-config', namespace: 'kube-system' },
            data: { 'cloud.conf': conf, ...(ca !== undefined ? { [CCM_CA_KEY]: Buffer.from(ca).toString('base64') } : {}) },
        };
        await applyPrivately(context, this.commands.apply(this.commands.workload, this.cloudConfigFile), this.cloudConfigFile, secret);
        return `applied ${(0,files/* displayPath */.Gt)(dir)} and kube-system/cloud-config`;
    }
}
/**
 * kind only: makes the workload cluster manage itself before the runner (and kind) goes away:
 * clusterctl init on it, clusterctl move, then kind delete cluster. A failed pivot resumes here:
 * init skips what is installed, and a move already done is not done again.
 */
class CapiPivotStep {
    settings;
    id = 'capi-pivot';
    title = 'Pivot: move Cluster API into the workload cluster';
    kind = 'remote';
    commands;
    constructor(settings) {
        this.settings = settings;
        this.commands = new capi_management/* CapiCommands */.m8(settings);
    }
    async plan() {
        const { management, workload, capi } = this.commands;
        const kindName = capi.management.kind === 'kind' ? capi.management.clusterName : '';
        return {
            workingDir: this.commands.cwd,
            command: this.commands.move(management, workload),
            reads: [management, workload],
            writes: [],
            actions: [
                `before: ${this.commands.init(workload).argv.join(' ')} (skipped when installed)`,
                `after: ${this.commands.kind('delete', 'cluster', '--name', kindName).argv.join(' ')}`,
            ],
        };
    }
    async run(context) {
        const { management, workload, capi } = this.commands;
        if (capi.management.kind !== 'kind')
            return 'nothing to pivot: the management cluster is durable';
        const pivotedAt = context.state.clusterApi?.pivotedAt;
        if (pivotedAt)
            return `already self-managed since the pivot at ${pivotedAt}`;
        const has = async (kubeconfig) => {
            const got = await context.exec(this.commands.kubectl(kubeconfig, 'get', 'clusters.cluster.x-k8s.io', this.settings.clusterName, '-n', capi.namespace, '-o', 'name', '--ignore-not-found'), {
                capture: true,
                quiet: true,
                check: false,
            });
            return got.exitCode === 0 && got.stdout.trim() !== '';
        };
        const done = [await ensureProviders(context, this.commands, workload)];
        if (await has(workload))
            done.push('already moved');
        else {
            await context.exec(this.commands.move(management, workload));
            done.push('moved');
        }
        context.state.clusterApi = { ...context.state.clusterApi, management: 'kind', pivotedAt: new Date().toISOString() };
        await context.exec(this.commands.kind('delete', 'cluster', '--name', capi.management.clusterName));
        await external_node_fs_.promises.rm(management, { force: true });
        return `${done.join('; ')}; kind cluster ${capi.management.clusterName} deleted: the cluster manages itself`;
    }
}
/** destroy of a pivoted cluster: back into the fresh kind cluster, which then deletes it (CAPI's documented way). */
class CapiMoveBackStep {
    settings;
    id = 'capi-move-back';
    title = 'Move Cluster API back from the self-managed cluster';
    kind = 'remote';
    commands;
    constructor(settings) {
        this.settings = settings;
        this.commands = new capi_management/* CapiCommands */.m8(settings);
    }
    async plan() {
        const { management, workload } = this.commands;
        return {
            workingDir: this.commands.cwd,
            command: this.commands.move(workload, management),
            reads: [workload, management],
            writes: [],
            actions: [
                `only for a pivoted cluster, after ${this.commands.init(management).argv.join(' ')} (skipped when installed); else nothing`,
            ],
        };
    }
    async run(context) {
        const record = context.state.clusterApi;
        if (!record?.pivotedAt)
            return 'not pivoted: the management cluster holds the objects';
        const { management, workload } = this.commands;
        if (!(await (0,files/* pathExists */.s0)(workload))) {
            throw new errors/* UserError */.yo(`${this.settings.clusterName} manages itself, and its kubeconfig ${(0,files/* displayPath */.Gt)(workload)} is not on this machine; pass it with --kubeconfig, or set kubeconfig-passphrase so it travels with the resume state`);
        }
        maskKubeconfig((0,files/* readTextFile */.Gu)(workload, yaml/* KUBECONFIG_FILE */.HT), (0,files/* displayPath */.Gt)(workload), context.redactor);
        const done = await ensureProviders(context, this.commands, management);
        await context.exec(this.commands.move(workload, management));
        const { pivotedAt: _, ...rest } = record;
        context.state.clusterApi = rest;
        return `${done}; moved back into kind`;
    }
}
/**
 * Deletes the Cluster object (never `delete -f` of the manifests, which can leak cloud resources),
 * waits until CAPO has deleted the servers and load balancers and the Cluster is gone, then the
 * credentials Secret, then an ephemeral kind cluster.
 */
class CapiDeleteClusterStep {
    settings;
    id = 'capi-delete-cluster';
    title = 'Delete the Cluster API cluster';
    kind = 'remote';
    commands;
    constructor(settings) {
        this.settings = settings;
        this.commands = new capi_management/* CapiCommands */.m8(settings);
    }
    async plan() {
        const { capi, credentialsSecret } = this.commands;
        return {
            workingDir: this.commands.cwd,
            command: this.commands.deleteCluster(),
            reads: [this.commands.management],
            writes: [],
            actions: [
                `wait (progress: machines and servers left) until the Cluster is gone; timeout ${(0,duration/* formatDuration */.a)(this.settings.waitReady.timeoutMs)}`,
                `then delete Secret ${capi.namespace}/${credentialsSecret}`,
                ...(capi.management.kind === 'kind' ? [`then kind delete cluster --name ${capi.management.clusterName}`] : []),
            ],
        };
    }
    /**
     * The workload cluster's `LoadBalancer` Services (and the Cinder CSI volumes of its claims) deleted, and waited for,
     * while its cloud controller manager still runs: their Octavia load balancers sit on CAPO's network, which CAPO
     * then cannot delete (CAPO v0.14.7 deletes only its own API load balancer, `controllers/openstackcluster_controller.go`
     * reconcileDelete; #842), so the Cluster would never go. Best effort: a workload API that does not answer is said
     * and the deletion goes on.
     */
    async deleteCloudResourcesOfWorkloads(context) {
        const { capi, management } = this.commands;
        const name = this.settings.clusterName;
        const secret = await context.exec(this.commands.kubectl(management, 'get', 'secret', `${name}-kubeconfig`, '-n', capi.namespace, '-o', 'jsonpath={.data.value}'), { capture: true, quiet: true, check: false });
        if (secret.exitCode !== 0 || !secret.stdout.trim())
            return 'no workload kubeconfig Secret: no Services checked';
        const text = Buffer.from(secret.stdout.trim(), 'base64').toString('utf8');
        maskKubeconfig(text, `Secret ${capi.namespace}/${name}-kubeconfig`, context.redactor);
        const kubeconfig = external_node_path_.join(capi.workDir, 'destroy-workload.kubeconfig');
        await (0,files/* writePrivateFile */.Pl)(kubeconfig, text, 'kubeconfig');
        try {
            const workload = (...args) => context.exec(this.commands.kubectl(kubeconfig, '--request-timeout=30s', ...args), {
                capture: true,
                quiet: true,
                check: false,
            });
            const listed = await workload('get', 'services', '-A', '-o', 'json');
            if (listed.exitCode !== 0) {
                context.warn(`the workload cluster's API did not answer (${(0,lib_command/* failureLine */.Pu)(listed)}): its LoadBalancer Services were not deleted first; if the Cluster's deletion stalls, delete their Octavia load balancers (openstack loadbalancer list)`);
                return 'workload API unreachable: Services not checked';
            }
            const services = workloadObjects(listed.stdout).filter((o) => o.spec?.type === 'LoadBalancer');
            const claims = await cinderClaims(workload);
            const names = [
                ...services.map((o) => `Service ${o.metadata?.namespace}/${o.metadata?.name}`),
                ...claims.map((c) => `PersistentVolumeClaim ${c.namespace}/${c.name}`),
            ];
            if (names.length === 0)
                return 'no LoadBalancer Services or Cinder volumes';
            context.output.line(`      deleting first, while the cloud controller manager and the Cinder CSI still run: ${names.join(', ')}`);
            const timeout = `--timeout=${Math.ceil(context.settings.waitReady.timeoutMs / 1000)}s`;
            for (const service of services) {
                const deleted = await workload('delete', 'service', String(service.metadata?.name), '-n', String(service.metadata?.namespace), '--wait=true', timeout);
                if (deleted.exitCode !== 0)
                    context.warn(`Service ${service.metadata?.namespace}/${service.metadata?.name}: ${(0,lib_command/* failureLine */.Pu)(deleted)}; its Octavia load balancer may keep CAPO from deleting the network`);
            }
            for (const claim of claims)
                await workload('delete', 'persistentvolumeclaim', claim.name, '-n', claim.namespace, '--wait=true', timeout);
            return `deleted first: ${names.join(', ')}`;
        }
        finally {
            await external_node_fs_.promises.rm(kubeconfig, { force: true });
        }
    }
    async run(context) {
        const { capi, management, credentialsSecret } = this.commands;
        const name = this.settings.clusterName;
        const workloads = await this.deleteCloudResourcesOfWorkloads(context);
        const deletion = await context.exec(this.commands.deleteCluster(), { capture: true, quiet: true, check: false });
        if (deletion.exitCode !== 0) {
            if (!capi_management/* NO_CLUSTER_API */.Qj.test(deletion.tail.join('\n')))
                throw new errors/* UserError */.yo(`kubectl delete of Cluster ${capi.namespace}/${name} on the management cluster failed: ${(0,lib_command/* failureLine */.Pu)(deletion)}`);
            // No Cluster API there, so no Cluster of ours: a deploy that stopped before clusterctl-init, or the wrong management cluster.
            if (capi.management.kind === 'kind') {
                await context.exec(this.commands.kind('delete', 'cluster', '--name', capi.management.clusterName));
                await external_node_fs_.promises.rm(management, { force: true });
                return `nothing to delete: kind cluster ${capi.management.clusterName} has no Cluster API installed (no deploy from this state got to clusterctl-init); kind cluster deleted`;
            }
            // Never "destroyed" on a guess: the resume state would be forgotten while the servers stay.
            throw new errors/* UserError */.yo(`the management cluster (${(0,files/* displayPath */.Gt)(management)}, ${capi.management.source}) has no Cluster API installed, so it holds no Cluster ${name}: destroy with the management cluster ${name} was deployed from; if no deploy got as far as clusterctl-init, nothing was created: delete the resume state (${(0,files/* displayPath */.Gt)((0,model_settings/* runtimePaths */.hi)(this.settings).statePath)}) instead`);
        }
        await pollObjects(context, this.commands.watch(management), `the deletion of cluster ${name}`, (json) => remainingObjects(json, name));
        await context.exec(this.commands.kubectl(management, 'delete', 'secret', credentialsSecret, '-n', capi.namespace, '--ignore-not-found'));
        if (capi.management.kind === 'kind') {
            await context.exec(this.commands.kind('delete', 'cluster', '--name', capi.management.clusterName));
            await external_node_fs_.promises.rm(management, { force: true });
        }
        return `${workloads}; Cluster ${capi.namespace}/${name} deleted, Secret ${credentialsSecret} deleted`;
    }
}

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
;// CONCATENATED MODULE: ./lib/core/steps/cluster-api-check.js















// operation check with deployment.method cluster-api: the management cluster found (never created), the rendered
// manifests diffed against it, the Cluster's conditions read. Nothing here writes to a cluster.
/**
 * A check's capi-management-cluster: finds the cluster holding the Cluster API objects and checks that it answers,
 * and creates nothing. An existing management cluster as a deploy checks it; after the pivot of an ephemeral kind
 * cluster the workload cluster itself; before it, the kind cluster on this machine. Without one the check is refused,
 * naming what is missing, as a Kubespray check is without a tofu state.
 */
class CapiCheckManagementStep {
    settings;
    id = 'capi-management-cluster';
    title = 'Find the Cluster API management cluster (a check creates none)';
    kind = 'check';
    commands;
    constructor(settings) {
        this.settings = settings;
        this.commands = new capi_management/* CapiCommands */.m8(settings);
    }
    async plan() {
        const { capi, management, workload } = this.commands;
        if (capi.management.kind === 'existing')
            return new CapiManagementClusterStep(this.settings).plan();
        return {
            workingDir: this.commands.cwd,
            command: this.commands.kind('get', 'clusters'),
            reads: [workload],
            writes: [management],
            actions: [
                `after the pivot: the workload cluster holds its own objects (${workload}); before it: kind cluster ${capi.management.clusterName} on this machine (kind get kubeconfig), never created: without it the check is refused`,
                'then kubectl get --raw /readyz must say ok',
            ],
        };
    }
    async run(context) {
        const { capi, management, workload } = this.commands;
        if (capi.management.kind === 'existing')
            return new CapiManagementClusterStep(this.settings).run(context);
        const name = this.settings.clusterName;
        const record = context.state.clusterApi;
        if (record?.pivotedAt) {
            if (!(await (0,files/* pathExists */.s0)(workload)))
                throw new errors/* UserError */.yo(`${name} manages itself since the pivot at ${record.pivotedAt}, so its Cluster API objects are in the workload cluster, but its kubeconfig ${(0,files/* displayPath */.Gt)(workload)} is not on this machine: give the check the deploy's kubeconfig (--kubeconfig; in GitHub Actions the deploy's kubeconfig-passphrase, so the kubeconfig saved with its state is restored). The check changed nothing`);
            this.mask(context, (0,files/* readTextFile */.Gu)(workload, yaml/* KUBECONFIG_FILE */.HT), (0,files/* displayPath */.Gt)(workload));
            await this.requireReady(context, workload, `the workload cluster (${(0,files/* displayPath */.Gt)(workload)}), self-managed`);
            return `self-managed since the pivot at ${record.pivotedAt}: the workload cluster holds its Cluster API objects`;
        }
        const kindName = capi.management.clusterName;
        const clusters = await context.exec(this.commands.kind('get', 'clusters'), { capture: true, quiet: true });
        const found = clusters.stdout
            .split('\n')
            .map((line) => line.trim())
            .includes(kindName);
        if (!found) {
            const where = record?.kindCluster
                ? `the deploy made it${record.kindHost ? ` on ${record.kindHost}` : ''}${record.kindCreatedAt ? ` at ${record.kindCreatedAt}` : ''} and never pivoted`
                : 'no deploy of this cluster is recorded in the resume state';
            throw new errors/* UserError */.yo(`no management cluster to check ${name} against: the kind cluster ${kindName} (deployment.cluster_api.management.bootstrap: kind) does not exist on this machine (${where}). A check creates nothing: run it where the deploy ran, after a deploy that pivoted, or against an existing management cluster (--management-kubeconfig, input management-kubeconfig)`);
        }
        const kubeconfig = await context.exec(this.commands.kind('get', 'kubeconfig', '--name', kindName), {
            capture: true,
            quiet: true,
        });
        this.mask(context, kubeconfig.stdout, `kind get kubeconfig --name ${kindName}`);
        await (0,files/* writePrivateFile */.Pl)(management, kubeconfig.stdout, 'management kubeconfig');
        await this.requireReady(context, management, `kind cluster ${kindName}`);
        return `kind cluster ${kindName} (not pivoted)`;
    }
    mask(context, text, source) {
        for (const secret of (0,kubeconfig/* kubeconfigSecrets */.hT)(text, source))
            context.redactor.add(secret);
    }
    async requireReady(context, kubeconfig, what) {
        const ready = await context.exec(this.commands.kubectl(kubeconfig, 'get', '--raw', '/readyz'), {
            capture: true,
            quiet: true,
            check: false,
        });
        if (ready.exitCode !== 0 || ready.stdout.trim() !== 'ok')
            throw new errors/* UserError */.yo(`${what} holds the Cluster API objects, but is not reachable or not ready: ${(0,lib_command/* failureLine */.Pu)(ready)}; the check changed nothing`);
    }
}
const DRIFT_VERB = {
    create: 'create',
    update: 'change',
    destroy: 'delete',
    replace: 'replace',
};
/**
 * check: `kubectl diff --server-side` of the rendered manifests against the cluster holding the objects (a dry-run
 * apply: nothing changes), each object a deploy would create or change a drift finding. A change CAPO forbids in
 * place (capi/forbidden-changes.ts) is a drift finding naming the field; that OpenStackCluster is left out of the
 * diff, which its webhook would refuse whole.
 */
class CapiDriftStep {
    settings;
    id = 'capi-drift';
    title = 'Compare the Cluster API objects with the rendered manifests';
    kind = 'check';
    commands;
    constructor(settings) {
        this.settings = settings;
        this.commands = new capi_management/* CapiCommands */.m8(settings);
    }
    get manifests() {
        return (0,cluster_api/* renderedManifests */.AC)(this.commands.capi);
    }
    get diffFile() {
        return external_node_path_.join(this.commands.capi.workDir, 'check-diff.yaml');
    }
    async plan() {
        const { management, workload } = this.commands;
        return {
            workingDir: this.commands.cwd,
            command: (0,preview/* diffCommand */.Ft)(this.settings, management, this.manifests),
            reads: [this.manifests, management],
            writes: [],
            actions: [
                `against ${workload} instead after a pivot; each object to create or change is a drift finding (names only); nothing is applied`,
                'first the rendered OpenStackClusters against the live ones: a change CAPO forbids in place is a drift finding naming the field',
            ],
        };
    }
    async run(context) {
        const file = this.manifests;
        if (!(await (0,files/* pathExists */.s0)(file)))
            throw new errors/* UserError */.yo(`the rendered manifests ${(0,files/* displayPath */.Gt)(file)} are missing; run the check's capi-render first`);
        const kubeconfig = (0,capi_management/* objectsKubeconfig */.Cg)(this.settings, context.state.clusterApi);
        const text = (0,files/* readTextFile */.Gu)(file, manifests/* MANIFESTS_FILE */.aK);
        const forbidden = await (0,forbidden_changes/* liveForbiddenChanges */.JA)(context.exec, (0,preview/* managementKubectl */.CY)(this.settings, kubeconfig), text, (0,files/* displayPath */.Gt)(file), (0,preview/* describeManagement */.dz)(this.settings, kubeconfig));
        const { report } = context;
        const refused = (d) => d.kind === 'OpenStackCluster' &&
            forbidden.some((f) => f.name === d.metadata?.name && f.namespace === d.metadata?.namespace);
        for (const { object, changes } of forbidden)
            for (const change of changes)
                report.findings.push({
                    kind: 'drift',
                    subject: `${object} ${change.field}`,
                    message: `the config changes ${object} ${(0,forbidden_changes/* describeForbiddenChange */.xI)(change)}, which CAPO forbids in place: a deploy refuses it; put the setting back, or make a new cluster with it`,
                });
        let diffFile = file;
        if (forbidden.length > 0) {
            diffFile = this.diffFile;
            const kept = (0,manifests/* manifestDocuments */.Ee)(text, (0,files/* displayPath */.Gt)(file))
                .map((d) => d.value)
                .filter((d) => !refused(d));
            await (0,files/* writePrivateFile */.Pl)(diffFile, kept.map((d) => (0,dist.stringify)(d, { lineWidth: 0 })).join('---\n'), 'manifests');
        }
        let diff;
        try {
            // Forced (as the apply): a field someone changed by hand (another field manager) is drift to show, not a conflict.
            diff = await (0,preview/* diffManifests */.ew)(this.settings, context.exec, kubeconfig, diffFile);
        }
        finally {
            if (diffFile !== file)
                await external_node_fs_.promises.rm(diffFile, { force: true });
        }
        if (diff === 'no-cluster-api')
            throw new errors/* UserError */.yo(`${(0,files/* displayPath */.Gt)(kubeconfig)} has no Cluster API installed, so it holds no ${this.settings.clusterName}: check against the management cluster it was deployed with. The check changed nothing`);
        const entries = [
            ...forbidden.map(({ name, namespace }) => ({
                kind: 'OpenStackCluster',
                name,
                ...(namespace && { namespace }),
                action: 'update',
            })),
            ...diff.entries,
        ];
        const changes = (0,manifests/* diffChanges */.Xw)(entries);
        report.drift = changes.rows.length > 0;
        report.infrastructure = changes;
        for (const row of changes.rows.slice(forbidden.length))
            report.findings.push({
                kind: 'drift',
                subject: row.address,
                message: `a deploy would ${DRIFT_VERB[row.action]} ${row.address} (kubectl diff --server-side of the rendered manifests)`,
            });
        if (!report.drift)
            return 'no drift';
        return `drift: ${changes.add} to create, ${changes.change} to change${forbidden.length ? ` (${forbidden.length} forbidden in place)` : ''}`;
    }
}
/**
 * check: the Cluster API objects of the cluster as the management cluster reports them: the Cluster's health
 * conditions that are False (quoted) and machines CAPI or CAPO gave up on, each a finding. A list that cannot be
 * read is an `unchecked` finding, as cluster-health does.
 */
class CapiConditionsStep {
    settings;
    id = 'capi-conditions';
    title = "Read the Cluster's conditions";
    kind = 'check';
    commands;
    constructor(settings) {
        this.settings = settings;
        this.commands = new capi_management/* CapiCommands */.m8(settings);
    }
    async plan() {
        const { management } = this.commands;
        return {
            workingDir: this.commands.cwd,
            command: this.commands.watch(management),
            reads: [management],
            writes: [],
            actions: [
                "a finding for each of the Cluster's conditions Available, Ready, InfrastructureReady, ControlPlaneInitialized, ControlPlaneAvailable, ControlPlaneReady, WorkersAvailable, ControlPlaneMachinesReady, WorkerMachinesReady, RemoteConnectionProbe that is False (its reason and message quoted), and for each machine CAPI or CAPO gave up on",
            ],
        };
    }
    async run(context) {
        const kubeconfig = (0,capi_management/* objectsKubeconfig */.Cg)(this.settings, context.state.clusterApi);
        const name = this.settings.clusterName;
        const listed = await context.exec(this.commands.watch(kubeconfig), { capture: true, quiet: true, check: false });
        const unchecked = (why) => {
            context.report.findings.push({
                kind: 'unchecked',
                subject: 'cluster-api',
                message: `the Cluster API objects of ${name} could not be read (${why}), so their conditions were not checked`,
            });
            return 'not checked';
        };
        if (listed.exitCode !== 0)
            return unchecked((0,lib_command/* failureLine */.Pu)(listed));
        let objects;
        try {
            objects = (0,capi_status/* parseCapiObjects */.TV)(listed.stdout);
        }
        catch (error) {
            return unchecked((0,errors/* errorMessage */.gJ)(error));
        }
        const findings = (0,capi_status/* capiHealthFindings */.OF)(objects, name, this.commands.capi.namespace);
        for (const finding of findings)
            context.report.findings.push({ kind: 'capi-condition', ...finding });
        const progress = (0,capi_status/* capiProgress */.Ng)(objects, name).line;
        return findings.length === 0
            ? progress
            : `${findings.length} finding${findings.length === 1 ? '' : 's'}; ${progress}`;
    }
}

// EXTERNAL MODULE: ./lib/core/capi/template-names.js
var template_names = __webpack_require__(1072);
;// CONCATENATED MODULE: ./lib/core/capi/upgrade.js




/** The KubeadmControlPlane's infrastructure template reference (v1beta2 `machineTemplate.spec`, v1beta1 `machineTemplate`). */
function controlPlaneTemplateRef(kcp) {
    return kcp?.spec?.machineTemplate?.spec?.infrastructureRef ?? kcp?.spec?.machineTemplate?.infrastructureRef;
}
/** The rendered manifests split into the control plane's and the workers' objects. */
function upgradeParts(text, source) {
    const docs = (0,manifests/* manifestDocuments */.Ee)(text, source).map((d) => d.value);
    const find = (kind, name) => typeof name === 'string' ? docs.find((d) => d?.kind === kind && d.metadata?.name === name) : undefined;
    const kcps = docs.filter((d) => d?.kind === 'KubeadmControlPlane');
    if (kcps.length !== 1)
        throw new errors/* UserError */.yo(`${source}: an upgrade needs exactly one KubeadmControlPlane in the rendered manifests, found ${kcps.length}`);
    const kcp = kcps[0];
    return {
        controlPlane: { kcp, template: find('OpenStackMachineTemplate', controlPlaneTemplateRef(kcp)?.name) },
        workers: docs
            .filter((d) => d?.kind === 'MachineDeployment')
            .map((md) => ({
            md,
            template: find('OpenStackMachineTemplate', md.spec?.template?.spec?.infrastructureRef?.name),
            bootstrap: find('KubeadmConfigTemplate', md.spec?.template?.spec?.bootstrap?.configRef?.name),
        })),
    };
}
/** The objects of a part, as one List for `kubectl apply -f`. */
function partList(objects) {
    return { apiVersion: 'v1', kind: 'List', items: objects.filter((o) => o !== undefined) };
}
/** The image an OpenStackMachineTemplate boots (CAPO v0.14: `spec.template.spec.image`, a filter, an id or an ORC Image). */
function templateImage(template) {
    const image = template?.spec?.template?.spec?.image;
    if (image === undefined)
        return undefined;
    const shown = typeof image.filter?.name === 'string'
        ? `"${image.filter.name}"`
        : typeof image.id === 'string'
            ? `id ${image.id}`
            : typeof image.imageRef?.name === 'string'
                ? `Image ${image.imageRef.name}`
                : (0,template_names/* canonical */.$N)(image);
    return { key: (0,template_names/* canonical */.$N)(image), shown };
}
/** "v1.35.0" for "1.35.0" or "v1.35.0"; other text as it is. */
function withV(version) {
    const text = typeof version === 'string' ? version : '';
    return /^\d/.test(text) ? `v${text}` : text;
}
const looseSpec = (o) => (o?.spec ?? {});
const looseStatus = (o) => (o?.status ?? {});
const CONTROL_PLANE_LABEL = 'cluster.x-k8s.io/control-plane';
const DEPLOYMENT_LABEL = 'cluster.x-k8s.io/deployment-name';
/** Has the controller seen the latest spec (observedGeneration), so its status speaks of it? */
function observed(object) {
    const { generation } = object.metadata;
    const seen = object.status?.observedGeneration;
    return generation === undefined || seen === undefined || seen >= generation;
}
function machinesLine(what, machines, desired, target, ready) {
    const atTarget = machines.filter((m) => withV(looseSpec(m).version) === target).length;
    const old = machines.length - atTarget;
    return `${what}: ${atTarget}/${desired} machines at ${target}${old > 0 ? `, ${old} old left` : ''}, ${ready} ready`;
}
/**
 * The KubeadmControlPlane's rollout to `target` (with its "v"): done once it has seen the new spec, every machine is
 * at the target and up to date, none old is left, all are ready, and status.version (the lowest of its machines'
 * versions) says the target.
 */
function controlPlaneRollout(json, clusterName, kcpName, target) {
    const objects = (0,capi_status/* parseCapiObjects */.TV)(json);
    const kcp = objects.find((o) => o.kind === 'KubeadmControlPlane' && o.metadata.name === kcpName);
    if (!kcp)
        return { line: `control plane: no KubeadmControlPlane ${kcpName}`, done: false };
    const desired = kcp.spec?.replicas ?? 1;
    const machines = objects.filter((o) => o.kind === 'Machine' &&
        o.metadata.labels?.[capi_status/* CLUSTER_NAME_LABEL */.o9] === clusterName &&
        o.metadata.labels?.[CONTROL_PLANE_LABEL] !== undefined);
    const status = kcp.status;
    const statusVersion = withV(looseStatus(kcp).version);
    const ready = status?.readyReplicas ?? 0;
    const line = `${machinesLine('control plane', machines, desired, target, ready)} (KubeadmControlPlane status.version ${statusVersion || 'unset'})`;
    const done = observed(kcp) &&
        withV(looseSpec(kcp).version) === target &&
        statusVersion === target &&
        machines.length === desired &&
        machines.every((m) => withV(looseSpec(m).version) === target) &&
        (status?.upToDateReplicas ?? desired) >= desired &&
        ready >= desired;
    return { line, done };
}
/** The MachineDeployments' rollout to `target`: each has seen its new spec, and its machines are all new and ready. */
function workersRollout(json, clusterName, deploymentNames, target) {
    const objects = (0,capi_status/* parseCapiObjects */.TV)(json);
    let desiredAll = 0;
    let readyAll = 0;
    let done = true;
    const machinesAll = [];
    for (const name of deploymentNames) {
        const md = objects.find((o) => o.kind === 'MachineDeployment' && o.metadata.name === name);
        if (!md)
            return { line: `workers: no MachineDeployment ${name}`, done: false };
        const desired = md.spec?.replicas ?? 0;
        const machines = objects.filter((o) => o.kind === 'Machine' &&
            o.metadata.labels?.[capi_status/* CLUSTER_NAME_LABEL */.o9] === clusterName &&
            o.metadata.labels?.[DEPLOYMENT_LABEL] === name);
        const ready = md.status?.readyReplicas ?? 0;
        desiredAll += desired;
        readyAll += ready;
        machinesAll.push(...machines);
        done &&=
            observed(md) &&
                withV(looseSpec(md).template?.spec?.version) === target &&
                machines.length === desired &&
                machines.every((m) => withV(looseSpec(m).version) === target) &&
                (md.status?.upToDateReplicas ?? desired) >= desired &&
                ready >= desired;
    }
    return { line: machinesLine('workers', machinesAll, desiredAll, target, readyAll), done };
}

// EXTERNAL MODULE: ./lib/core/kube/version.js
var version = __webpack_require__(1821);
;// CONCATENATED MODULE: ./lib/core/steps/cluster-api-upgrade.js













/**
 * `operation: upgrade` with `deployment.method: cluster-api`. The version and the image change together: capi-render
 * renders both into machine templates named after their spec (capi/template-names.ts), so the KubeadmControlPlane and
 * MachineDeployments point at new templates and CAPI replaces every machine (CAPO boots the new ones from the new
 * image, which must hold kubeadm and kubelet at the new version). The control plane goes first, the workers after it
 * (kubeadm joins a node only at the control plane's minor; CAPI's MachineSet preflight checks hold the workers while
 * the control plane upgrades). Each part waits on CAPI's rollout with progress and the stall detection of capi-wait.
 * A failed upgrade deletes nothing: the cluster keeps running, and a re-run continues the rollout.
 */
const IMAGE_FIELD = 'deployment.cluster_api.openstack.image_name';
function readParts(settings) {
    const file = (0,cluster_api/* renderedManifests */.AC)(new capi_management/* CapiCommands */.m8(settings).capi);
    return upgradeParts((0,files/* readTextFile */.Gu)(file, manifests/* MANIFESTS_FILE */.aK), (0,files/* displayPath */.Gt)(file));
}
async function requireRendered(settings) {
    const file = (0,cluster_api/* renderedManifests */.AC)(new capi_management/* CapiCommands */.m8(settings).capi);
    if (!(await (0,files/* pathExists */.s0)(file)))
        throw new errors/* UserError */.yo(`the rendered manifests ${(0,files/* displayPath */.Gt)(file)} are missing; run step capi-render first`);
}
/** The target with its "v", as CAPI writes versions. */
function targetOf(settings) {
    return withV((0,version/* parseKubeVersion */.He)(settings.kubernetesVersion ?? '', 'the target Kubernetes version').text);
}
/** The management cluster's objects of the cluster (capi-wait's list); no Cluster API there is an error naming it. */
async function readObjects(context, commands) {
    const listed = await context.exec(commands.watch(commands.management), { capture: true, quiet: true, check: false });
    if (listed.exitCode !== 0)
        throw new errors/* UserError */.yo(capi_management/* NO_CLUSTER_API */.Qj.test(listed.tail.join('\n'))
            ? `the management cluster (${(0,files/* displayPath */.Gt)(commands.management)}) has no Cluster API installed, so no cluster to upgrade: give the one ${context.settings.clusterName} was deployed from`
            : `cannot read the Cluster API objects from the management cluster: ${(0,lib_command/* failureLine */.Pu)(listed)}`);
    return listed.stdout;
}
/**
 * Refuses what would not upgrade, before anything is applied: a downgrade or a skipped minor (the rule of
 * kube/version.ts, as for Kubespray, against the workload API's nodes and the KubeadmControlPlane's version), an
 * upgrade to the version the cluster runs, and a part whose version changes while its image does not.
 */
class CapiUpgradeCheckStep {
    settings;
    id = 'capi-upgrade-check';
    title = 'Check the upgrade path and the new image';
    kind = 'check';
    commands;
    constructor(settings) {
        this.settings = settings;
        this.commands = new capi_management/* CapiCommands */.m8(settings);
    }
    async plan() {
        const { management, workload } = this.commands;
        return {
            workingDir: this.commands.cwd,
            command: this.commands.kubectl(workload, 'version', '-o', 'json'),
            reads: [workload, management, (0,cluster_api/* renderedManifests */.AC)(this.commands.capi)],
            writes: [],
            actions: [
                `then kubectl get nodes -o json; refuse a downgrade or a skipped minor version on the way to v${this.settings.kubernetesVersion}, and a cluster already there`,
                `then the KubeadmControlPlane, MachineDeployments and their OpenStackMachineTemplates from the management cluster: refuse a part whose version changes while its image (${IMAGE_FIELD}) stays the same`,
            ],
        };
    }
    async run(context) {
        await requireRendered(this.settings);
        const { management, workload, capi } = this.commands;
        const target = (0,version/* parseKubeVersion */.He)(this.settings.kubernetesVersion ?? '', 'the target Kubernetes version');
        const targetText = withV(target.text);
        const parts = readParts(this.settings);
        const kcpName = String(parts.controlPlane.kcp.metadata?.name);
        const objects = (0,capi_status/* parseCapiObjects */.TV)(await readObjects(context, this.commands));
        const live = (kind, name) => objects.find((o) => o.kind === kind && o.metadata.name === name);
        const kcp = live('KubeadmControlPlane', kcpName);
        if (!kcp)
            throw new errors/* UserError */.yo(`no KubeadmControlPlane ${capi.namespace}/${kcpName} on the management cluster (${(0,files/* displayPath */.Gt)(management)}): nothing to upgrade; deploy ${this.settings.clusterName} first`);
        if (!(await (0,files/* pathExists */.s0)(workload)))
            throw new errors/* UserError */.yo(`no kubeconfig at ${(0,files/* displayPath */.Gt)(workload)}: an upgrade reads the nodes' versions from the workload cluster (step capi-workload-kubeconfig writes it)`);
        const kubectl = (...args) => context.exec(this.commands.kubectl(workload, ...args), { capture: true, quiet: true });
        const current = (0,version/* clusterVersionsFromKubectl */.aR)((await kubectl('version', '-o', 'json')).stdout, (await kubectl('get', 'nodes', '-o', 'json')).stdout);
        // The KubeadmControlPlane's spec.version is what CAPI rolls to; a higher one (an earlier upgrade to a later
        // version, not finished) counts as the cluster's for the downgrade rule, as a node's kubelet does.
        const kcpVersion = kcp.spec?.version;
        const specVersions = [
            { name: `KubeadmControlPlane ${kcpName}`, version: kcpVersion },
            ...parts.workers.map(({ md }) => {
                const liveMd = live('MachineDeployment', md.metadata?.name);
                const version = liveMd?.spec?.template?.spec
                    ?.version;
                return { name: `MachineDeployment ${md.metadata?.name}`, version };
            }),
        ].filter((s) => typeof s.version === 'string');
        const todo = (0,version/* planUpgrade */.Kp)(target, {
            ...current,
            nodes: [
                ...current.nodes,
                ...specVersions.map((s) => ({ name: s.name, kubelet: s.version, ready: true, controlPlane: false })),
            ],
        }, "Cluster API (kubeadm, and the KubeadmControlPlane's webhook)");
        const behind = specVersions.filter((s) => (0,version/* compareVersions */.Zy)((0,version/* parseKubeVersion */.He)(s.version, s.name), target) !== 0);
        const nodesBehind = [...todo.controlPlane, ...todo.workers].filter((n) => !specVersions.some((s) => s.name === n));
        if (behind.length === 0 && nodesBehind.length === 0 && context.state.upgradeTarget !== target.text)
            throw new errors/* UserError */.yo(`${this.settings.clusterName} already runs ${targetText} (the API server, every node, the KubeadmControlPlane and the MachineDeployments): nothing to upgrade; to change only the image or a flavor, deploy (the machine templates get new names and CAPI rolls the machines)`);
        // CAPO boots every new machine from the template's image, and kubeadm on it must be at the new version.
        const templates = await this.liveTemplates(context);
        const unchanged = [];
        const imageChanges = [];
        const compare = (what, liveVersion, liveTemplateName, rendered) => {
            if (withV(liveVersion) === targetText)
                return;
            const before = templateImage(templates.find((t) => t.metadata.name === liveTemplateName));
            const after = templateImage(rendered);
            if (before && after && before.key === after.key)
                unchanged.push(`${what} (${before.shown})`);
            else if (after)
                imageChanges.push(`${what}: ${before ? `${before.shown} → ` : ''}${after.shown}`);
        };
        compare('the control plane', kcpVersion, controlPlaneTemplateRef(kcp)?.name, parts.controlPlane.template);
        for (const { md, template } of parts.workers) {
            const liveSpec = (live('MachineDeployment', md.metadata?.name)?.spec ?? {});
            compare(`MachineDeployment ${md.metadata?.name}`, liveSpec.template?.spec?.version, liveSpec.template?.spec?.infrastructureRef?.name, template);
        }
        if (unchanged.length > 0)
            throw new errors/* UserError */.yo(`the machine image of ${unchanged.join(' and of ')} is the one the cluster runs, while the version goes from ${withV(current.server)} to ${targetText}: CAPO boots the new machines from that image, and kubeadm and the kubelet on it must be ${targetText}; set ${capi.variableFields.OPENSTACK_IMAGE_NAME ?? IMAGE_FIELD} to an image built for ${targetText} (nothing was applied)`);
        context.state.upgradeTarget = target.text;
        return `${current.server} → ${targetText}: ${behind.length === 0 ? 'the rollout had begun; ' : ''}${todo.controlPlane.length + todo.workers.length - behind.length} nodes to replace${imageChanges.length ? `; image of ${imageChanges.join(', ')}` : ''}`;
    }
    /** The namespace's OpenStackMachineTemplates (not among capi-wait's types). */
    async liveTemplates(context) {
        const listed = await context.exec(this.commands.kubectl(this.commands.management, 'get', 'openstackmachinetemplates.infrastructure.cluster.x-k8s.io', '-n', this.commands.capi.namespace, '-o', 'json'), { capture: true, quiet: true, check: false });
        if (listed.exitCode !== 0)
            throw new errors/* UserError */.yo(`cannot read the OpenStackMachineTemplates from the management cluster: ${(0,lib_command/* failureLine */.Pu)(listed)}`);
        return (0,capi_status/* parseCapiObjects */.TV)(listed.stdout);
    }
}
/** Applies one part of the rendered manifests (from a private file, deleted after) to the management cluster. */
async function applyPart(context, commands, file, objects, what) {
    await (0,files/* writePrivateFile */.Pl)(file, JSON.stringify(objects), 'rendered manifests');
    try {
        const applied = await context.exec(commands.apply(commands.management, file), { check: false });
        if (applied.exitCode !== 0)
            throw new errors/* UserError */.yo(`kubectl apply of ${what} to the management cluster failed: ${(0,lib_command/* failureLine */.Pu)(applied)}`);
    }
    finally {
        await external_node_fs_.promises.rm(file, { force: true });
    }
}
/** Waits on one part's rollout with progress; a failed machine stops it at once, no progress for stall_timeout too. */
async function waitForRollout(context, settings, what, check) {
    const commands = new capi_management/* CapiCommands */.m8(settings);
    const { stallTimeoutMs } = commands.capi;
    const watcher = new CapiWaitStep(settings);
    try {
        return await pollObjects(context, commands.watch(commands.management), what, (json) => {
            const failure = (0,capi_status/* capiProgress */.Ng)((0,capi_status/* parseCapiObjects */.TV)(json), settings.clusterName).failure;
            if (failure)
                throw new MachineFailedError(failure, json);
            return check(json);
        }, {
            ms: stallTimeoutMs,
            onStall: async (last, json) => {
                throw new errors/* UserError */.yo(`no progress for ${(0,duration/* formatDuration */.a)(stallTimeoutMs)} (deployment.cluster_api.stall_timeout) in ${what}: ${last}${await watcher.diagnosis(context, json)}`);
            },
        });
    }
    catch (error) {
        if (error instanceof MachineFailedError)
            throw new errors/* UserError */.yo(`a machine failed in ${what}: ${error.message}${await watcher.diagnosis(context, error.json)}`);
        throw error;
    }
}
class RolloutStep {
    settings;
    kind = 'converge';
    commands;
    constructor(settings) {
        this.settings = settings;
        this.commands = new capi_management/* CapiCommands */.m8(settings);
    }
    get file() {
        return external_node_path_.join(this.commands.capi.workDir, this.fileName);
    }
    async plan() {
        return {
            workingDir: this.commands.cwd,
            command: this.commands.apply(this.commands.management, this.file),
            reads: [(0,cluster_api/* renderedManifests */.AC)(this.commands.capi), this.commands.management],
            writes: [],
            actions: this.describe(),
        };
    }
}
/** The KubeadmControlPlane and its new machine template, applied; then its rollout, one machine at a time. */
class CapiUpgradeControlPlaneStep extends RolloutStep {
    id = 'capi-upgrade-control-plane';
    title = 'Roll the control plane to the new version';
    fileName = 'upgrade-control-plane.json';
    describe() {
        return [
            `${this.file} (0600, deleted after): the KubeadmControlPlane at v${this.settings.kubernetesVersion} and its OpenStackMachineTemplate, from the rendered manifests`,
            `then wait (progress: machines at the target, old ones left, ready) until KubeadmControlPlane status.version is the target and every machine is new and ready; no progress for ${(0,duration/* formatDuration */.a)(this.commands.capi.stallTimeoutMs)} (stall_timeout) fails with what CAPO reported; timeout ${(0,duration/* formatDuration */.a)(this.settings.waitReady.timeoutMs)}`,
        ];
    }
    async run(context) {
        await requireRendered(this.settings);
        const { kcp, template } = readParts(this.settings).controlPlane;
        await applyPart(context, this.commands, this.file, partList([template, kcp]), 'the KubeadmControlPlane');
        const target = targetOf(this.settings);
        return waitForRollout(context, this.settings, 'the control plane rollout', (json) => controlPlaneRollout(json, this.settings.clusterName, String(kcp.metadata?.name), target));
    }
}
/** The MachineDeployments and their new templates, once the control plane is at the target; then their rollout. */
class CapiUpgradeWorkersStep extends RolloutStep {
    id = 'capi-upgrade-workers';
    title = 'Roll the workers to the new version';
    fileName = 'upgrade-workers.json';
    describe() {
        return [
            'refused while the KubeadmControlPlane is not at the target (status.version): the workers follow the control plane',
            `${this.file} (0600, deleted after): the MachineDeployments at v${this.settings.kubernetesVersion} with their OpenStackMachineTemplates and KubeadmConfigTemplates`,
            `then wait (progress as for the control plane) until every worker machine is new and ready; stall_timeout ${(0,duration/* formatDuration */.a)(this.commands.capi.stallTimeoutMs)}; then the machine templates no longer used are deleted`,
        ];
    }
    async run(context) {
        await requireRendered(this.settings);
        const parts = readParts(this.settings);
        const target = targetOf(this.settings);
        const kcpName = String(parts.controlPlane.kcp.metadata?.name);
        const controlPlane = controlPlaneRollout(await readObjects(context, this.commands), this.settings.clusterName, kcpName, target);
        if (!controlPlane.done)
            throw new errors/* UserError */.yo(`the control plane is not at ${target} yet (${controlPlane.line}): the workers follow it (kubeadm joins a node only at the control plane's minor); run step capi-upgrade-control-plane first`);
        const names = parts.workers.map(({ md }) => String(md.metadata?.name));
        if (names.length > 0) {
            await applyPart(context, this.commands, this.file, partList(parts.workers.flatMap(({ md, template, bootstrap }) => [template, bootstrap, md])), `the MachineDeployments (${names.join(', ')})`);
        }
        const line = names.length > 0
            ? await waitForRollout(context, this.settings, 'the workers rollout', (json) => workersRollout(json, this.settings.clusterName, names, target))
            : 'no MachineDeployments';
        const removed = await new CapiWaitStep(this.settings).removeOldTemplates(context);
        return removed.length > 0 ? `${line}; old templates deleted: ${removed.join(', ')}` : line;
    }
}

// EXTERNAL MODULE: ./lib/core/steps/wait-ready.js
var wait_ready = __webpack_require__(8852);
;// CONCATENATED MODULE: ./lib/core/steps/cluster-api-steps.js







/** Only with an ephemeral kind management cluster. */
const withKind = (make) => (settings) => settings.clusterApi?.management.kind === 'kind' ? make(settings) : undefined;
/**
 * The readiness gate of a Cluster API cluster: every machine a Ready node, unless --nodes asks for
 * another count; after an upgrade, every node at the target.
 */
function waitReady(settings) {
    const capi = settings.clusterApi;
    if (!capi)
        return undefined;
    const version = settings.operation === 'upgrade' ? settings.kubernetesVersion : undefined;
    return new wait_ready/* WaitReadyStep */.V(settings.kubeconfigPath, settings.kubectl, settings.clusterDir, (0,environment/* kubectlEnvironment */.yl)(settings), {
        ...settings.waitReady,
        nodes: settings.waitReady.nodes ?? capi.controlPlaneMachineCount + capi.workerMachineCount,
        version,
    }, 
    // The rendered manifests' machine count once they exist (the config's counts only for the plan, before anything
    // is rendered); --nodes wins.
    settings.operation !== 'destroy' && settings.waitReady.nodes === undefined
        ? () => (0,replicas.renderedMachineCount)((0,cluster_api/* renderedManifests */.AC)(capi))
        : undefined);
}
/**
 * How the Cluster API method's own steps are made, and its readiness gate; steps/index.ts loads this
 * table for a cluster-api config only.
 */
const CLUSTER_API_FACTORIES = {
    'capi-management-cluster': (settings) => settings.operation === 'check' ? new CapiCheckManagementStep(settings) : new CapiManagementClusterStep(settings),
    'clusterctl-init': (settings) => new ClusterctlInitStep(settings),
    'capi-cloud-credentials': (settings) => new CapiCloudCredentialsStep(settings),
    'capi-render': (settings) => new CapiRenderStep(settings),
    'capi-apply': (settings) => new CapiApplyStep(settings),
    'capi-wait': (settings) => new CapiWaitStep(settings),
    'capi-workload-kubeconfig': (settings) => new CapiWorkloadKubeconfigStep(settings),
    'capi-addons': (settings) => new CapiAddonsStep(settings),
    'capi-pivot': withKind((settings) => new CapiPivotStep(settings)),
    'capi-move-back': withKind((settings) => new CapiMoveBackStep(settings)),
    'capi-delete-cluster': (settings) => new CapiDeleteClusterStep(settings),
    'capi-drift': (settings) => new CapiDriftStep(settings),
    'capi-conditions': (settings) => new CapiConditionsStep(settings),
    'capi-upgrade-check': (settings) => new CapiUpgradeCheckStep(settings),
    'capi-upgrade-control-plane': (settings) => new CapiUpgradeControlPlaneStep(settings),
    'capi-upgrade-workers': (settings) => new CapiUpgradeWorkersStep(settings),
    'wait-ready': waitReady,
};


/***/ })

};
