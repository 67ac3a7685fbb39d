export const id = 168;
export const ids = [168];
export const modules = {

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


/***/ })

};
