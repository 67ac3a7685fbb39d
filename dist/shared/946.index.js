export const id = 946;
export const ids = [946];
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

/***/ 78946:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   renderedMachineCount: () => (/* binding */ renderedMachineCount)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var _manifests_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(11849);
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


/***/ })

};
