export const id = 41;
export const ids = [41];
export const modules = {

/***/ 62041:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  main: () => (/* binding */ main)
});

// EXTERNAL MODULE: ./lib/github/action-run.js
var action_run = __webpack_require__(77773);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./lib/core/lib/errors.js
var errors = __webpack_require__(36452);
// EXTERNAL MODULE: ./lib/core/lib/files.js
var files = __webpack_require__(4196);
// EXTERNAL MODULE: ./lib/core/kube/kubeconfig.js
var kubeconfig = __webpack_require__(45466);
// EXTERNAL MODULE: ./lib/github/actions-core.js
var actions_core = __webpack_require__(14518);
// EXTERNAL MODULE: ./lib/github/clients.js
var clients = __webpack_require__(10563);
;// CONCATENATED MODULE: ./lib/actions/kubeconfig/run.js






/**
 * actions/kubeconfig, for downstream jobs: decrypts the deploy job's `kubeconfig-encrypted` output,
 * masks its secret leaves (decrypted values are not masked by the runner), writes it 0600 and
 * exports KUBECONFIG.
 */
async function run() {
    const passphrase = actions_core/* getInput */.V4('passphrase');
    const encrypted = actions_core/* getInput */.V4('kubeconfig-encrypted');
    if (!encrypted)
        throw new errors/* UserError */.yo('input kubeconfig-encrypted is empty: pass needs.<deploy job>.outputs.kubeconfig-encrypted (the deploy job must set kubeconfig-passphrase)');
    if (!passphrase)
        throw new errors/* UserError */.yo('input passphrase is empty: pass the same secret the deploy job used as kubeconfig-passphrase');
    const { decryptWithPassphrase } = await (0,clients/* secretBox */.iZ)();
    const text = await decryptWithPassphrase(encrypted, passphrase, 'input kubeconfig-encrypted');
    for (const secret of (0,kubeconfig/* kubeconfigSecrets */.hT)(text, 'from input kubeconfig-encrypted'))
        actions_core/* setSecret */.Pq(secret);
    const target = external_node_path_.resolve(actions_core/* getInput */.V4('path') || external_node_path_.join(process.env.RUNNER_TEMP ?? '/tmp', 'kubeconfig'));
    if (target.includes(external_node_path_.delimiter)) {
        throw new errors/* UserError */.yo(`input path ${(0,files/* displayPath */.Gt)(target)} contains "${external_node_path_.delimiter}", which separates paths in KUBECONFIG; choose a path without it`);
    }
    await (0,files/* writePrivateFile */.Pl)(target, text, 'kubeconfig');
    actions_core/* exportVariable */.dN('KUBECONFIG', target);
    actions_core/* setOutput */.uH('path', target);
    const endpoint = (0,kubeconfig/* kubeconfigEndpoint */.xF)(text, target);
    if (endpoint)
        actions_core/* setOutput */.uH('endpoint', endpoint);
    actions_core/* info */.pq(`kubeconfig for ${endpoint ?? 'the cluster'} written to ${target} (KUBECONFIG exported)`);
}

;// CONCATENATED MODULE: ./lib/actions/kubeconfig/index.js


/** The entry of actions/kubeconfig (dist/kubeconfig/index.js). */
const main = () => (0,action_run/* runAction */.Cs)('cluster-deploy kubeconfig', run, { secretInputs: ['passphrase'] });


/***/ }),

/***/ 45466:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ZD: () => (/* binding */ normalizeKubeconfig),
/* harmony export */   dR: () => (/* binding */ kubeconfigTls),
/* harmony export */   hT: () => (/* binding */ kubeconfigSecrets),
/* harmony export */   xF: () => (/* binding */ kubeconfigEndpoint)
/* harmony export */ });
/* unused harmony export rewriteLoopbackServer */
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(38815);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(92857);
/* harmony import */ var _lib_address_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(11303);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(36452);
/* harmony import */ var _lib_files_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4196);
/* harmony import */ var _lib_yaml_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(24324);







/**
 * The fields of a kubeconfig this tool reads, typed as kubectl types them (a number where it
 * expects a string is an error there too). Unknown fields are allowed; null is kubectl's empty.
 */
const optionalString = zod__WEBPACK_IMPORTED_MODULE_6__/* .string */ .YjP().nullish();
/** The user fields that hold secrets, to mask. */
const SecretUserFields = zod__WEBPACK_IMPORTED_MODULE_6__/* .object */ .Ikc({
    'client-key-data': optionalString,
    'client-certificate-data': optionalString,
    token: optionalString,
    password: optionalString,
});
const SECRET_USER_FIELDS = SecretUserFields.keyof().options;
const ClusterFields = zod__WEBPACK_IMPORTED_MODULE_6__/* .object */ .Ikc({
    server: optionalString,
    'certificate-authority-data': optionalString,
    'certificate-authority': optionalString,
    'insecure-skip-tls-verify': zod__WEBPACK_IMPORTED_MODULE_6__/* .boolean */ .zMY().nullish(),
    'tls-server-name': optionalString,
});
const UserFields = SecretUserFields.extend({ 'client-certificate': optionalString, 'client-key': optionalString });
const KubeconfigSchema = zod__WEBPACK_IMPORTED_MODULE_6__/* .object */ .Ikc({
    'current-context': optionalString,
    clusters: zod__WEBPACK_IMPORTED_MODULE_6__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_6__/* .object */ .Ikc({ name: optionalString, cluster: ClusterFields.nullish() })).nullish(),
    contexts: zod__WEBPACK_IMPORTED_MODULE_6__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_6__/* .object */ .Ikc({
        name: optionalString,
        context: zod__WEBPACK_IMPORTED_MODULE_6__/* .object */ .Ikc({ cluster: optionalString, user: optionalString }).nullish(),
    }))
        .nullish(),
    users: zod__WEBPACK_IMPORTED_MODULE_6__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_6__/* .object */ .Ikc({ name: optionalString, user: UserFields.nullish() })).nullish(),
});
/** Parses and checks a kubeconfig; `source` (a path, or e.g. "from input x") names it in messages. */
function parseKubeconfig(text, source) {
    const label = `kubeconfig ${source}`;
    const { document, value } = (0,_lib_yaml_js__WEBPACK_IMPORTED_MODULE_5__/* .parseYamlMapping */ .$0)(text, label, _lib_yaml_js__WEBPACK_IMPORTED_MODULE_5__/* .KUBECONFIG_FILE */ .HT);
    const result = KubeconfigSchema.safeParse(value);
    if (!result.success)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo((0,_lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .formatIssues */ .og)(label, result.error.issues));
    return { document, fields: result.data };
}
/** scheme://, optional userinfo, host (bracketed IPv6 or name), then the rest (port, path). */
const URL_SERVER = /^([a-z][a-z0-9+.-]*:\/\/)([^@/?#]*@)?(\[[^\]]*\]|[^:/?#[\]@]+)((?::\d*)?(?:[/?#].*)?)$/i;
/** host[:port][/path] without a scheme: client-go adds https://. */
const BARE_SERVER = /^()()(\[[^\]]*\]|[^:/?#[\]@]+)((?::\d+)?(?:[/?#].*)?)$/;
/** A server value split into its parts; undefined if it is neither a URL nor host:port. */
function splitServer(server) {
    if (/\s/.test(server))
        return undefined;
    const match = URL_SERVER.exec(server) ?? BARE_SERVER.exec(server);
    if (!match)
        return undefined;
    const [, scheme = '', userinfo = '', host = '', rest = ''] = match;
    return { scheme, userinfo, host, rest };
}
function isLoopback(host) {
    const lower = host.toLowerCase();
    if (lower.startsWith('['))
        return (0,_lib_address_js__WEBPACK_IMPORTED_MODULE_1__/* .canonicalIPv6 */ .OO)(lower.slice(1, -1)) === '::1';
    return lower === '127.0.0.1' || lower === 'localhost';
}
/** The VIP checked (a newline in it would become kubeconfig YAML) and written as a URL host. */
function vipHost(vip) {
    return (0,_lib_address_js__WEBPACK_IMPORTED_MODULE_1__/* .urlHost */ .cz)((0,_lib_address_js__WEBPACK_IMPORTED_MODULE_1__/* .parseApiHost */ .wA)(vip, 'VIP'));
}
function rewriteParts(parts, host) {
    return `${parts.scheme}${parts.userinfo}${host}${parts.rest}`;
}
/**
 * Rewrites one server if its host is loopback (127.0.0.1, localhost, [::1]; with or without a
 * scheme); anything else is returned unchanged. Throws a UserError for a VIP that is not a host.
 */
function rewriteLoopbackServer(server, vip) {
    const host = vipHost(vip);
    const parts = splitServer(server.trim());
    return parts && isLoopback(parts.host) ? rewriteParts(parts, host) : server;
}
/**
 * Rewrites only `clusters[].cluster.server` values whose host is loopback; every other field,
 * comment and server stays byte-for-byte as it was. Running it twice changes nothing. A kubeconfig
 * without clusters, or with a server that is not a URL or host:port, is an error.
 */
function normalizeKubeconfig(text, vip, source) {
    const host = vipHost(vip);
    const { document, fields } = parseKubeconfig(text, source);
    const clusters = fields.clusters ?? [];
    if (clusters.length === 0)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`kubeconfig ${source} has no clusters: the deploy tooling's kubeconfig is incomplete`);
    // Aliases lead to the node they name; its source range is where the edit goes.
    const resolve = (node) => ((0,yaml__WEBPACK_IMPORTED_MODULE_0__.isAlias)(node) ? node.resolve(document) : node);
    const clusterNodes = resolve(document.get('clusters', true));
    const changes = [];
    // Edits are spliced into the original text by source range, so formatting and comments survive;
    // keyed by range, so a server shared through an alias is edited once.
    const edits = new Map();
    for (const [index, cluster] of clusters.entries()) {
        const name = cluster.name ?? '';
        const label = `cluster ${name ? `${JSON.stringify(name)} ` : ''}(clusters.${index})`;
        const server = cluster.cluster?.server;
        if (server === undefined || server === null)
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`kubeconfig ${source}: ${label} has no server`);
        const parts = splitServer(server.trim());
        if (!parts)
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`kubeconfig ${source}: ${label} has server ${JSON.stringify(server)}, which is not a URL or host:port`);
        if (!isLoopback(parts.host))
            continue;
        const rewritten = rewriteParts(parts, host);
        const item = (0,yaml__WEBPACK_IMPORTED_MODULE_0__.isSeq)(clusterNodes) ? resolve(clusterNodes.items[index]) : undefined;
        const clusterNode = (0,yaml__WEBPACK_IMPORTED_MODULE_0__.isMap)(item) ? resolve(item.get('cluster', true)) : undefined;
        const serverNode = (0,yaml__WEBPACK_IMPORTED_MODULE_0__.isMap)(clusterNode) ? resolve(clusterNode.get('server', true)) : undefined;
        const edit = (0,yaml__WEBPACK_IMPORTED_MODULE_0__.isScalar)(serverNode) ? scalarEdit(text, serverNode, rewritten) : undefined;
        if (!edit)
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`kubeconfig ${source}: cannot rewrite the server of ${label} as written; put it on one line, plain or quoted`);
        edits.set(edit.start, edit);
        changes.push({ cluster: name || '?', from: server, to: rewritten });
    }
    let out = text;
    for (const [start, { end, replacement }] of [...edits].sort(([a], [b]) => b - a)) {
        out = out.slice(0, start) + replacement + out.slice(end);
    }
    return { text: out, changes };
}
/**
 * The source edit that makes a scalar read as `rewritten`. The host is swapped inside the written
 * value, so quotes and escapes elsewhere stay; a plain scalar whose new value YAML would read
 * otherwise (`[fd00::5]:6443` starts a flow sequence; `null` is null) is written double-quoted.
 */
function scalarEdit(text, node, rewritten) {
    if (typeof node.value !== 'string' || !node.range)
        return undefined;
    const [start, end] = node.range;
    const raw = text.slice(start, end);
    if (!raw.includes(node.value))
        return undefined; // escaped or folded over lines
    if (node.type === 'PLAIN' && !readsAsPlainString(rewritten))
        return { start, end, replacement: JSON.stringify(rewritten) };
    return { start, end, replacement: raw.replace(node.value, () => rewritten) };
}
function readsAsPlainString(value) {
    return !/[[\]{},]/.test(value) && yaml__WEBPACK_IMPORTED_MODULE_0__.parse(value) === value;
}
/** The cluster and user of the current context (else the first cluster), as kubectl picks them. */
function currentEntries(fields) {
    const context = fields.contexts?.find((c) => c.name === fields['current-context'])?.context;
    const cluster = fields.clusters?.find((c) => c.name === context?.cluster) ?? fields.clusters?.[0];
    const user = fields.users?.find((u) => u.name === context?.user) ?? (fields.users?.length === 1 ? fields.users[0] : undefined);
    return { cluster: cluster?.cluster ?? undefined, user: user?.user ?? undefined };
}
/** The API server of the current context (or the only cluster), i.e. the endpoint users will reach. */
function kubeconfigEndpoint(text, source) {
    return currentEntries(parseKubeconfig(text, source).fields).cluster?.server ?? undefined;
}
/**
 * The current context's server and TLS material: `*-data` fields decoded, file fields read relative
 * to the kubeconfig's directory (as kubectl reads them). Undefined when it names no server.
 */
function kubeconfigTls(text, file) {
    const { cluster, user } = currentEntries(parseKubeconfig(text, file).fields);
    const server = cluster?.server;
    if (!server)
        return undefined;
    const pem = (data, path, what) => {
        if (data)
            return Buffer.from(data, 'base64').toString('utf8');
        if (!path)
            return undefined;
        return (0,_lib_files_js__WEBPACK_IMPORTED_MODULE_4__/* .readTextFile */ .Gu)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.resolve)((0,node_path__WEBPACK_IMPORTED_MODULE_2__.dirname)(file), path), {
            noun: `${what} file`,
            plural: `${what} files`,
            maxBytes: 1024 * 1024,
        });
    };
    return {
        server,
        ca: pem(cluster['certificate-authority-data'], cluster['certificate-authority'], 'certificate authority'),
        cert: pem(user?.['client-certificate-data'], user?.['client-certificate'], 'client certificate'),
        key: pem(user?.['client-key-data'], user?.['client-key'], 'client key'),
        insecure: cluster['insecure-skip-tls-verify'] === true,
        serverName: cluster['tls-server-name'] ?? undefined,
    };
}
/**
 * The secret leaves of a kubeconfig, plus the decoded forms of base64 data, so that they can be
 * masked without masking the whole document (which would spoil every later log line).
 */
function kubeconfigSecrets(text, source) {
    const { fields } = parseKubeconfig(text, source);
    const secrets = [];
    for (const user of fields.users ?? []) {
        for (const field of SECRET_USER_FIELDS) {
            const value = user.user?.[field];
            if (typeof value !== 'string' || value.trim() === '')
                continue;
            secrets.push(value);
            if (field.endsWith('-data'))
                secrets.push(Buffer.from(value, 'base64').toString('utf8'));
        }
    }
    return secrets;
}


/***/ }),

/***/ 11303:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   OO: () => (/* binding */ canonicalIPv6),
/* harmony export */   cz: () => (/* binding */ urlHost),
/* harmony export */   wA: () => (/* binding */ parseApiHost)
/* harmony export */ });
/* harmony import */ var _echo_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(94434);
/* harmony import */ var node_net__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77030);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(36452);



/** RFC 1123: letters, digits and inner hyphens, 1 to 63 characters. */
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const MAX_DNS_NAME = 253;
/**
 * The host of an API server as given by a user (a VIP, say): an IPv4 address, an IPv6 address
 * (bare or in brackets; returned bare and canonical) or a fully qualified DNS name (a single label,
 * "not-an-ip", is far more often a typo than an API name, and would be polled for the whole
 * readiness timeout). Surrounding whitespace is trimmed; anything else, a newline above all (it
 * would reach YAML and log lines), is refused naming `where` the value came from, e.g. "--vip";
 * `fail` picks the error type (a flag's is a UsageError).
 */
function parseApiHost(value, where, fail = _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo) {
    const host = value.trim();
    const bracketed = host.startsWith('[') && host.endsWith(']');
    const ipv6 = bracketed ? host.slice(1, -1) : host;
    const canonical = canonicalIPv6(ipv6);
    if (canonical)
        return canonical;
    if (!bracketed && ((0,node_net__WEBPACK_IMPORTED_MODULE_0__.isIPv4)(host) || isDnsName(host)))
        return host;
    const shown = (0,_echo_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeInvisible */ .t)(JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value));
    throw new fail(`${where}: ${shown} is not an IP address or DNS name (e.g. 10.0.0.5, fd00::5, api.example.com)`);
}
/** The canonical form of an IPv6 address (`fd00:0::1` → `fd00::1`); undefined if it is not one, or has a zone. */
function canonicalIPv6(value) {
    if (!(0,node_net__WEBPACK_IMPORTED_MODULE_0__.isIPv6)(value) || value.includes('%'))
        return undefined;
    return new URL(`http://[${value}]/`).hostname.slice(1, -1);
}
function isDnsName(name) {
    if (name.length > MAX_DNS_NAME)
        return false;
    const labels = name.split('.');
    if (labels.length < 2)
        return false;
    // An all-numeric last label reads as a (bad) IPv4 address, not a name: 10.0.0.256.
    return labels.every((label) => DNS_LABEL.test(label)) && !/^\d+$/.test(labels.at(-1));
}
/** A host as it must appear in a URL or host:port: IPv6 in brackets. */
function urlHost(host) {
    return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}


/***/ }),

/***/ 24324:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $0: () => (/* binding */ parseYamlMapping),
/* harmony export */   HT: () => (/* binding */ KUBECONFIG_FILE),
/* harmony export */   Rh: () => (/* binding */ CLOUDS_YAML),
/* harmony export */   g2: () => (/* binding */ CONFIG_FILE),
/* harmony export */   hN: () => (/* binding */ parseYaml),
/* harmony export */   sL: () => (/* binding */ readYamlMapping)
/* harmony export */ });
/* unused harmony export MAX_NESTING */
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(38815);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(36452);
/* harmony import */ var _files_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4196);



/**
 * The one way YAML from outside is read: cluster configs, kubeconfigs, clouds.yaml. Bounded in
 * size, nesting and alias expansion, linear in time, single-document, duplicate keys refused, and
 * no error quotes the source text (a kubeconfig's or clouds.yaml's secrets would reach the log).
 */
const MiB = 1024 * 1024;
const CONFIG_FILE = { noun: 'config file', plural: 'config files', maxBytes: MiB };
const CLOUDS_YAML = { noun: 'clouds.yaml', plural: 'clouds.yaml files', maxBytes: MiB };
/** Larger: a kubeconfig with many clusters, or embedded CA bundles, is legitimately big. */
const KUBECONFIG_FILE = { noun: 'kubeconfig', plural: 'kubeconfigs', maxBytes: 16 * MiB };
/**
 * Collections nested deeper than this are refused before the yaml package composes them: its
 * composer and toJS recurse, and a stack overflow inside V8's regexp compiler aborts the process
 * outright. Real configs nest about ten levels.
 */
const MAX_NESTING = 100;
/** Alias expansion bound ("billion laughs"); the yaml package's default, stated here on purpose. */
const MAX_ALIAS_COUNT = 100;
/** YAML allows tab, LF and CR among the C0 controls; the rest (and DEL) mean binary or a mangled file. */
const FORBIDDEN_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;
class NestedTooDeep extends Error {
    offset;
    constructor(offset) {
        super('nested too deep');
        this.offset = offset;
    }
}
/**
 * Parses one YAML document from `text`; `source` names it in messages (e.g. "kubeconfig /x").
 * Throws a UserError for text over the kind's size limit, control characters, syntax errors,
 * several documents, nesting beyond MAX_NESTING, duplicate keys and alias bombs.
 */
function parseYaml(text, source, kind) {
    (0,_files_js__WEBPACK_IMPORTED_MODULE_2__/* .refuseOversize */ .QC)(source, Buffer.byteLength(text), kind);
    const lines = new yaml__WEBPACK_IMPORTED_MODULE_0__.LineCounter();
    const at = (offset) => {
        const { line, col } = lines.linePos(offset);
        return `line ${line}, column ${col}`;
    };
    const control = FORBIDDEN_CONTROL.exec(text);
    if (control) {
        const line = text.slice(0, control.index).split('\n').length;
        const code = `U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${source} is not valid YAML: control character ${code} at line ${line} (a binary file?)`);
    }
    const parser = new yaml__WEBPACK_IMPORTED_MODULE_0__.Parser(lines.addNewLine);
    // The yaml package's own duplicate check compares each key with every earlier one: quadratic.
    const composer = new yaml__WEBPACK_IMPORTED_MODULE_0__.Composer({ uniqueKeys: false, logLevel: 'error' });
    let document;
    try {
        for (const doc of composer.compose(boundedTokens(parser, lines, text), true, text.length)) {
            if (document)
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${source} holds more than one YAML document (another starts at ${at(doc.range[0])}); give one`);
            document = doc;
        }
    }
    catch (error) {
        if (error instanceof NestedTooDeep)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${source} nests collections more than ${MAX_NESTING} levels deep (at ${at(error.offset)})`);
        throw error;
    }
    // compose(…, forceDoc = true) yields a document even for empty text.
    const doc = document;
    const syntaxError = doc.errors[0];
    if (syntaxError)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${source} is not valid YAML: ${syntaxError.message} at ${at(syntaxError.pos[0])}`);
    refuseDuplicateKeys(doc, source, at);
    try {
        return { document: doc, value: doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
    }
    catch (error) {
        if (error instanceof ReferenceError && /alias/i.test(error.message)) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${source}: aliases (*name) expand to too much data (over ${MAX_ALIAS_COUNT} copies); write the values out`);
        }
        throw error;
    }
}
/**
 * What Parser.parse does, refusing nesting beyond MAX_NESTING as it goes: the parser keeps one
 * stack entry a level, iteratively, so the depth is known before anything recurses.
 */
function* boundedTokens(parser, lines, text) {
    lines.addNewLine(0);
    for (const lexeme of new yaml__WEBPACK_IMPORTED_MODULE_0__.Lexer().lex(text)) {
        yield* parser.next(lexeme);
        if (parser.stack.length > MAX_NESTING)
            throw new NestedTooDeep(parser.offset);
    }
    yield* parser.end();
}
/**
 * One Set per mapping, in one pass over the tree (iterative: the depth is bounded, but the walk
 * need not rely on it). Keys are compared as toJS will write them, so `1` and `"1"` collide too.
 */
function refuseDuplicateKeys(doc, source, at) {
    const pending = [doc.contents];
    while (pending.length > 0) {
        const node = pending.pop();
        if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__.isMap)(node)) {
            const seen = new Map();
            for (const { key, value } of node.items) {
                pending.push(key, value);
                if (!(0,yaml__WEBPACK_IMPORTED_MODULE_0__.isScalar)(key))
                    continue;
                const name = key.value === null ? '' : String(key.value);
                const offset = key.range?.[0] ?? 0;
                const first = seen.get(name);
                if (first !== undefined) {
                    const shown = name.length > 60 ? `${name.slice(0, 57)}...` : name;
                    throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${source} is not valid YAML: duplicate key ${JSON.stringify(shown)} at ${at(offset)} (first at ${at(first)})`);
                }
                seen.set(name, offset);
            }
        }
        else if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__.isSeq)(node)) {
            for (const item of node.items)
                pending.push(item);
        }
    }
}
/** What a parsed YAML value is, for "must be a mapping, but it is …". */
function describeValue(value) {
    if (value === null || value === undefined)
        return 'empty';
    if (Array.isArray(value))
        return 'a list';
    return `a ${typeof value === 'object' ? 'value of another kind' : typeof value}`;
}
/** parseYaml for documents whose top level must be a mapping (configs, kubeconfigs, clouds.yaml). */
function parseYamlMapping(text, source, kind) {
    const parsed = parseYaml(text, source, kind);
    const { value } = parsed;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${source} must be a YAML mapping (key: value) at the top level, but it is ${describeValue(value)}`);
    }
    return { document: parsed.document, value: value };
}
/** Reads (readTextFile's checks) and parses a YAML file whose top level is a mapping. */
function readYamlMapping(file, kind) {
    return parseYamlMapping((0,_files_js__WEBPACK_IMPORTED_MODULE_2__/* .readTextFile */ .Gu)(file, kind), (0,_files_js__WEBPACK_IMPORTED_MODULE_2__/* .displayPath */ .Gt)(file), kind);
}


/***/ })

};
