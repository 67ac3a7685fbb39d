export const id = 993;
export const ids = [993];
export const modules = {

/***/ 94434:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ quoteInput),
/* harmony export */   t: () => (/* binding */ escapeInvisible)
/* harmony export */ });
/**
 * User input echoed in a message: quoted, cut to `max` characters, and with every character one cannot
 * see written as an escape (`\u200b`), so "sandbox" and "sandbox" plus a zero-width space pasted from a
 * chat no longer look the same. Control characters, format characters (zero-width, bidirectional
 * overrides, the byte-order mark), separators other than the plain space, and unassigned or private-use
 * code points are escaped.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|(?! )\p{Zs}/gu;
function escapeInvisible(text) {
    return text.replace(INVISIBLE, (char) => {
        const code = char.codePointAt(0);
        return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
    });
}
function quoteInput(value, max = Number.POSITIVE_INFINITY) {
    const chars = [...value];
    const cut = chars.length > max ? `${chars.slice(0, max).join('')}…` : value;
    return `"${escapeInvisible(cut)}"`;
}


/***/ }),

/***/ 4196:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gt: () => (/* binding */ displayPath),
/* harmony export */   Gu: () => (/* binding */ readTextFile),
/* harmony export */   Pl: () => (/* binding */ writePrivateFile),
/* harmony export */   QC: () => (/* binding */ refuseOversize),
/* harmony export */   Qq: () => (/* binding */ systemErrorReason),
/* harmony export */   Zf: () => (/* binding */ writeFileAtomic),
/* harmony export */   kV: () => (/* binding */ checkFileTarget),
/* harmony export */   oq: () => (/* binding */ findExecutable),
/* harmony export */   rh: () => (/* binding */ ensurePrivateDir),
/* harmony export */   s0: () => (/* binding */ pathExists)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(36452);




/**
 * Writes a file so that readers see the old content or the new, never a torn mix, even if the
 * process dies mid-write: temp file in the same directory, fsync, rename, fsync the directory.
 */
async function writeFileAtomic(file, data, mode = 0o600) {
    const dir = node_path__WEBPACK_IMPORTED_MODULE_2__.dirname(file);
    // The name is cut short so that a target name of the maximum length (255) still leaves room.
    const temp = node_path__WEBPACK_IMPORTED_MODULE_2__.join(dir, `.${node_path__WEBPACK_IMPORTED_MODULE_2__.basename(file).slice(0, 100)}.${process.pid}.${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(4).toString('hex')}.tmp`);
    const handle = await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.open(temp, 'wx', mode);
    try {
        try {
            await handle.writeFile(data);
            await handle.chmod(mode); // the umask may have narrowed or widened the mode at open
            await handle.sync();
        }
        finally {
            await handle.close();
        }
        await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.rename(temp, file);
    }
    catch (error) {
        // A half-written temp file (a full disk, say) would linger with the secret's first part in it.
        await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.rm(temp, { force: true });
        throw error;
    }
    const dirHandle = await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.open(dir, 'r').catch((error) => {
        // A directory we may write to but not read (mode -wx) cannot be opened to fsync: the file is
        // in place all the same, only its durability across a power cut is not guaranteed.
        if (error.code === 'EACCES')
            return undefined;
        throw error;
    });
    try {
        await dirHandle?.sync();
    }
    finally {
        await dirHandle?.close();
    }
}
/**
 * `mkdir -p` where every directory it creates is private (0700, whatever the umask). Directories
 * that exist already are left as they are: they may be shared (a sticky /tmp) or someone else's.
 */
async function ensurePrivateDir(dir) {
    const missing = [];
    for (let current = node_path__WEBPACK_IMPORTED_MODULE_2__.resolve(dir);; current = node_path__WEBPACK_IMPORTED_MODULE_2__.dirname(current)) {
        const stat = await statIfExists(current);
        if (stat) {
            if (!stat.isDirectory())
                throw notADirectory(current);
            break;
        }
        missing.push(current);
        if (node_path__WEBPACK_IMPORTED_MODULE_2__.dirname(current) === current)
            break;
    }
    for (const created of missing.reverse()) {
        try {
            await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.mkdir(created, { mode: 0o700 });
        }
        catch (error) {
            if (error.code !== 'EEXIST')
                throw error;
            // Created by someone else in the meantime: theirs, so left as it is. Else it is a dangling
            // symlink (stat saw nothing there, mkdir did).
            if ((await statIfExists(created))?.isDirectory())
                continue;
            throw notADirectory(created);
        }
        // O_NOFOLLOW: should the new directory be swapped for a symlink, the chmod must not follow it.
        const handle = await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.open(created, node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_RDONLY | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_DIRECTORY | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_NOFOLLOW);
        try {
            await handle.chmod(0o700);
        }
        finally {
            await handle.close();
        }
    }
}
/** Stats a path; undefined if it, or a component of it, does not exist (ENOTDIR: a component is a file). */
async function statIfExists(p) {
    try {
        return await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.stat(p);
    }
    catch (error) {
        const code = error.code;
        if (code === 'ENOENT' || code === 'ENOTDIR')
            return undefined;
        throw error;
    }
}
function notADirectory(p) {
    return Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${p}'`), {
        code: 'ENOTDIR',
        syscall: 'mkdir',
        path: p,
    });
}
/** Why a file operation failed, in words, for the system errors a user can do something about. */
const SYSTEM_ERROR_REASONS = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on the device',
    EDQUOT: 'disk quota exceeded',
    ENAMETOOLONG: 'file name too long',
    ELOOP: 'too many levels of symbolic links',
};
/** The reason for a system error a user can fix, or undefined for anything else (a bug, say). */
function systemErrorReason(error) {
    const code = error?.code;
    return code ? SYSTEM_ERROR_REASONS[code] : undefined;
}
// C0 controls and DEL: in a path they forge lines in logs and workflow commands.
const CONTROL_CHARACTER = /[\x00-\x1f\x7f]/;
/** A path as messages show it: as is, or JSON-quoted when it holds characters that would garble a line. */
function displayPath(p) {
    return CONTROL_CHARACTER.test(p) ? JSON.stringify(p) : p;
}
/**
 * Checks that `file` can name a file to write (`what` names its role in messages, e.g.
 * "kubeconfig"): no control characters, and if it exists, a regular file (or a symlink to one,
 * which the write replaces). Front ends call it before doing work whose result goes there;
 * writePrivateFile calls it again.
 */
async function checkFileTarget(file, what) {
    const shown = displayPath(file);
    if (CONTROL_CHARACTER.test(file))
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${what} path ${shown} contains a control character; give a plain file path`);
    let stat;
    try {
        stat = await statIfExists(node_path__WEBPACK_IMPORTED_MODULE_2__.resolve(file));
    }
    catch (error) {
        throw fileError(error, `cannot use ${what} path ${shown}`);
    }
    if (stat?.isDirectory())
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${what} path ${shown} is a directory; give a file path`);
    // The rename would put a file in place of a device or FIFO (/dev/null, say, when run as root).
    if (stat && !stat.isFile())
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${what} path ${shown} is not a regular file (it is ${describeFileType(stat)}); give a file path`);
}
/**
 * Writes a private file (0600, atomically) and any missing parent directories (0700), with an
 * error naming the path and its role (`what`, e.g. "kubeconfig") for what the user can fix.
 */
async function writePrivateFile(file, data, what) {
    await checkFileTarget(file, what);
    const shown = displayPath(file);
    const target = node_path__WEBPACK_IMPORTED_MODULE_2__.resolve(file);
    try {
        await ensurePrivateDir(node_path__WEBPACK_IMPORTED_MODULE_2__.dirname(target));
        await writeFileAtomic(target, data, 0o600);
    }
    catch (error) {
        const { code, path: where } = error;
        if (code === 'ENOTDIR')
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${what} path ${shown}: ${displayPath(where ?? node_path__WEBPACK_IMPORTED_MODULE_2__.dirname(target))} is not a directory`);
        // A directory put there by another process since the check.
        if (code === 'EISDIR')
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${what} path ${shown} is a directory; give a file path`);
        throw fileError(error, `cannot write ${what} ${shown}`);
    }
}
/**
 * A UserError `<prefix>: <reason> in <directory>` for a system error the user can fix; anything
 * else is returned as it is. Files are created in a directory, so that is where a refusal lies.
 */
function fileError(error, prefix) {
    const reason = systemErrorReason(error);
    if (!reason)
        return error;
    const where = error.path;
    return new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${prefix}: ${reason}${where ? ` in ${displayPath(node_path__WEBPACK_IMPORTED_MODULE_2__.dirname(where))}` : ''}`);
}
async function pathExists(p) {
    try {
        await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.access(p);
        return true;
    }
    catch {
        return false;
    }
}
/** Finds an executable on PATH the way a shell would, without running one. */
async function findExecutable(name, pathVar) {
    if (name.includes('/'))
        return (await isExecutable(name)) ? name : undefined;
    for (const dir of (pathVar ?? '').split(node_path__WEBPACK_IMPORTED_MODULE_2__.delimiter)) {
        if (!dir)
            continue;
        const candidate = node_path__WEBPACK_IMPORTED_MODULE_2__.join(dir, name);
        if (await isExecutable(candidate))
            return candidate;
    }
    return undefined;
}
async function isExecutable(file) {
    try {
        const stat = await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.stat(file);
        if (!stat.isFile())
            return false;
        await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.access(file, node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.X_OK);
        return true;
    }
    catch {
        return false;
    }
}
const MiB = 1024 * 1024;
const READ_CHUNK = 64 * 1024;
/** `<what> is 49.0 MiB; config files over 1 MiB are refused` when `bytes` is over the kind's limit. */
function refuseOversize(what, bytes, kind) {
    if (bytes <= kind.maxBytes)
        return;
    const limit = kind.maxBytes % MiB === 0 ? `${kind.maxBytes / MiB} MiB` : `${kind.maxBytes} bytes`;
    const mebibytes = (bytes / MiB).toFixed(1);
    // Exact bytes where one decimal would read as the limit itself (or below it).
    const size = Number(mebibytes) * MiB > kind.maxBytes ? `${mebibytes} MiB` : `${bytes} bytes`;
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${what} is ${size}; ${kind.plural} over ${limit} are refused`);
}
/**
 * Reads a UTF-8 text file given by the user, refusing (without reading them) directories, FIFOs,
 * devices and files over the kind's size limit, with messages that name the file and its role.
 */
function readTextFile(file, kind) {
    const shown = displayPath(file);
    let fd;
    try {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused once opened.
        fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.openSync)(file, node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_RDONLY | (node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.O_NONBLOCK ?? 0));
    }
    catch (error) {
        throw readError(error, file, kind);
    }
    try {
        const stat = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.fstatSync)(fd);
        if (stat.isDirectory())
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${kind.noun} ${shown} is a directory; give a file path`);
        if (!stat.isFile())
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${kind.noun} ${shown} is not a regular file (it is ${describeFileType(stat)})`);
        refuseOversize(`${kind.noun} ${shown}`, stat.size, kind);
        const chunks = [];
        let total = 0;
        for (;;) {
            const chunk = Buffer.allocUnsafe(READ_CHUNK);
            const read = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readSync)(fd, chunk, 0, chunk.length, null);
            if (read === 0)
                break;
            total += read;
            refuseOversize(`${kind.noun} ${shown}`, total, kind); // it grew after the stat
            chunks.push(chunk.subarray(0, read));
        }
        try {
            return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
        }
        catch {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${kind.noun} ${shown} is not UTF-8 text`);
        }
    }
    catch (error) {
        throw error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo ? error : readError(error, file, kind);
    }
    finally {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.closeSync)(fd);
    }
}
function describeFileType(stat) {
    if (stat.isFIFO())
        return 'a named pipe';
    if (stat.isSocket())
        return 'a socket';
    if (stat.isCharacterDevice() || stat.isBlockDevice())
        return 'a device';
    return 'not a file';
}
function readError(error, file, kind) {
    const shown = displayPath(file);
    const code = error.code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
        const dangling = lstatIfExists(file)?.isSymbolicLink();
        return new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(dangling ? `${kind.noun} ${shown} is a symbolic link to a missing file` : `${kind.noun} not found: ${shown}`);
    }
    const reason = systemErrorReason(error);
    return reason ? new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`cannot read ${kind.noun} ${shown}: ${reason}`) : error;
}
function lstatIfExists(p) {
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.lstatSync)(p);
    }
    catch {
        return undefined;
    }
}


/***/ }),

/***/ 10563:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AR: () => (/* binding */ artifactClient),
/* harmony export */   d_: () => (/* binding */ octokitFor),
/* harmony export */   iZ: () => (/* binding */ secretBox),
/* harmony export */   kW: () => (/* binding */ actionsCache)
/* harmony export */ });
/* harmony import */ var _actions_core_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(14518);
/* harmony import */ var _rest_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(85949);


let artifacts;
/** The workflow-artifact client (one per process). */
function artifactClient() {
    artifacts ??= Promise.all(/* import() */[__webpack_require__.e(119), __webpack_require__.e(251), __webpack_require__.e(543), __webpack_require__.e(351), __webpack_require__.e(518)]).then(__webpack_require__.bind(__webpack_require__, 56518)).then(({ DefaultArtifactClient }) => new DefaultArtifactClient());
    return artifacts;
}
const REST_POLICY = {
    serverErrorRetries: 3,
    rateLimitRetries: 3,
    maxWaitSeconds: 600,
    secondMs: 1000,
    throttleId: 'cluster-deploy',
};
/**
 * `METHOD /route` of a request: its route template as Octokit was given it, or, for a URL Octokit
 * followed (the next page of a listing), the route of the REST method whose template matches it.
 */
function routeNamer(octokit, baseUrl) {
    let routes;
    return (method, url) => {
        if (url.startsWith('/'))
            return (0,_rest_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .endpointOf */ .X5)(method, url);
        const base = new URL(baseUrl).pathname.replace(/\/$/, '');
        let path;
        try {
            path = new URL(url).pathname;
        }
        catch {
            return (0,_rest_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .endpointOf */ .X5)(method, url);
        }
        if (base && path.startsWith(base))
            path = path.slice(base.length);
        routes ??= Object.values(octokit.rest)
            .flatMap((scope) => Object.values(scope))
            .flatMap((fn) => (fn.endpoint?.DEFAULTS ? [fn.endpoint.DEFAULTS] : []))
            .map(({ method: m, url: route }) => ({
            method: m,
            route,
            params: (route.match(/\{/g) ?? []).length,
            pattern: new RegExp(`^${route.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        }))
            .sort((a, b) => a.params - b.params);
        const found = routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(path));
        return (0,_rest_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .endpointOf */ .X5)(method, found?.route ?? path);
    };
}
/**
 * A REST client for the run's repository and API: every call retried through 5xx answers
 * (@octokit/plugin-retry) and rate limits (@octokit/plugin-throttling, waiting what `retry-after` or
 * `x-ratelimit-reset` asks), one log line per retry; a call that still fails throws a
 * GitHubApiError naming the endpoint and what to do (describeRestError).
 */
async function octokitFor(run, policy = {}) {
    const [{ getOctokit }, { retry }, { throttling }] = await Promise.all([
        Promise.all(/* import() */[__webpack_require__.e(119), __webpack_require__.e(351)]).then(__webpack_require__.bind(__webpack_require__, 61351)),
        Promise.all(/* import() */[__webpack_require__.e(251), __webpack_require__.e(735)]).then(__webpack_require__.bind(__webpack_require__, 49735)),
        Promise.all(/* import() */[__webpack_require__.e(251), __webpack_require__.e(856)]).then(__webpack_require__.bind(__webpack_require__, 86856)),
    ]);
    const p = { ...REST_POLICY, ...policy };
    /** Innermost: sees every attempt, logs the 5xx ones the retry plugin will retry. */
    const logServerErrors = (octokit) => {
        const routeOf = routeNamer(octokit, run.apiUrl);
        octokit.hook.wrap('request', async (request, options) => {
            try {
                return await request(options);
            }
            catch (error) {
                const status = error.status ?? 0;
                const attempt = options.request?.retryCount ?? 0;
                const answer = error.response === undefined ? 'did not answer' : `answered ${status} to`;
                if (status >= 500 && attempt < p.serverErrorRetries)
                    _actions_core_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`GitHub ${answer} ${routeOf(options.method, options.url)}: retry ${attempt + 1} of ${p.serverErrorRetries} in ${(attempt + 1) ** 2} s`);
                throw error;
            }
        });
    };
    /** Outermost: a call that failed for good names its endpoint (the route, never the URL) and what to do. */
    const describeFailures = (octokit) => {
        const routeOf = routeNamer(octokit, run.apiUrl);
        octokit.hook.wrap('request', async (request, options) => {
            try {
                return await request(options);
            }
            catch (error) {
                throw (0,_rest_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .describeRestError */ .Ar)(error, { endpoint: routeOf(options.method, options.url) });
            }
        });
    };
    const onLimit = (kind) => (retryAfter, options, octokit, retryCount) => {
        const endpoint = routeNamer(octokit, run.apiUrl)(options.method, options.url);
        if (retryCount >= p.rateLimitRetries)
            return false;
        if (retryAfter > p.maxWaitSeconds) {
            _actions_core_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`GitHub's ${kind} on ${endpoint} asks to wait ${retryAfter} s, longer than ${p.maxWaitSeconds} s: not retrying`);
            return false;
        }
        _actions_core_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`GitHub's ${kind} on ${endpoint}: retry ${retryCount + 1} of ${p.rateLimitRetries} in ${retryAfter} s (too many jobs at once? lower the matrix's max-parallel)`);
        return true;
    };
    return getOctokit(run.token, {
        baseUrl: run.apiUrl,
        // Octokit's own messages go to the job log too; none of them carries the token.
        log: {
            debug: (m) => _actions_core_js__WEBPACK_IMPORTED_MODULE_0__/* .debug */ .Yz(m),
            info: (m) => _actions_core_js__WEBPACK_IMPORTED_MODULE_0__/* .debug */ .Yz(m),
            warn: (m) => _actions_core_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(m),
            error: (m) => _actions_core_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(m),
        },
        // 429 is the throttling plugin's (it honours retry-after); the rest of these are final.
        retry: {
            retries: p.serverErrorRetries,
            retryAfterBaseValue: p.secondMs,
            doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451],
        },
        throttle: {
            id: p.throttleId,
            retryAfterBaseValue: p.secondMs,
            onRateLimit: onLimit('rate limit (the hourly quota)'),
            onSecondaryRateLimit: onLimit('secondary rate limit'),
        },
    }, logServerErrors, retry, throttling, describeFailures);
}
/** The Actions cache client. */
const actionsCache = () => Promise.all(/* import() */[__webpack_require__.e(119), __webpack_require__.e(543), __webpack_require__.e(692)]).then(__webpack_require__.bind(__webpack_require__, 45692));
/** Passphrase encryption (age). */
const secretBox = () => Promise.all(/* import() */[__webpack_require__.e(539), __webpack_require__.e(275)]).then(__webpack_require__.bind(__webpack_require__, 39275));


/***/ }),

/***/ 85949:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $e: () => (/* binding */ restFailure),
/* harmony export */   Ar: () => (/* binding */ describeRestError),
/* harmony export */   T0: () => (/* binding */ isRestError),
/* harmony export */   X5: () => (/* binding */ endpointOf)
/* harmony export */ });
/* unused harmony export GitHubApiError */
/* harmony import */ var _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(36452);
/**
 * What a failed REST call means and what to do about it, in one place: every caller of the API
 * (sticky comments, deployments, artifacts, the plan-comment action) and the Octokit client itself
 * (src/github/clients.ts) describe a failure with `describeRestError`. The message names the
 * endpoint as its route (`POST /repos/{owner}/{repo}/issues/{issue_number}/comments`), never a URL
 * with a query or a header, so it carries no token.
 */

/** What to do, per kind of failure (403 gets the permission when it is known). */
const REST_ADVICE = {
    'rate-limit': "GitHub's rate limit: too many jobs at once; lower the matrix's max-parallel",
    server: 'GitHub is failing; re-run the job',
    unauthorized: 'the github-token is not valid (expired, or not a token for this repository)',
    'not-found': 'GitHub does not know it, or the github-token may not see it',
};
/** A REST call that failed for good (after the client's retries), described. */
class GitHubApiError extends _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo {
    status;
    endpoint;
    failure;
    detail;
    name = 'GitHubApiError';
    constructor(message, status, 
    /** `METHOD /route`. */
    endpoint, failure, detail, options) {
        super(message, options);
        this.status = status;
        this.endpoint = endpoint;
        this.failure = failure;
        this.detail = detail;
    }
}
const asRequestError = (error) => {
    if (typeof error !== 'object' || error === null)
        return undefined;
    const e = error;
    return typeof e.status === 'number' && (e.request !== undefined || e.response !== undefined) ? e : undefined;
};
/** Whether the error is a REST response (or a described one). */
function isRestError(error) {
    return error instanceof GitHubApiError || asRequestError(error) !== undefined;
}
/** GitHub's own message from a JSON error body, without its documentation link. */
function githubMessage(error) {
    const data = error.response?.data;
    if (data && typeof data.message === 'string')
        return data.message;
    return (error.message ?? '').replace(/ - https:\/\/docs\.github\.com\S*$/, '');
}
/**
 * A rate limit: 429, a 403 whose message says "secondary rate limit", or a 403 with no requests
 * left (`x-ratelimit-remaining: 0`, primary limit).
 */
function isRateLimit(status, error) {
    if (status === 429)
        return true;
    if (status !== 403)
        return false;
    return (/\brate limit\b/i.test(githubMessage(error)) ||
        String(error.response?.headers?.['x-ratelimit-remaining'] ?? '') === '0');
}
/** The kind of failure of a REST error, `undefined` for anything that is not one. */
function restFailure(error) {
    if (error instanceof GitHubApiError)
        return error.failure;
    const e = asRequestError(error);
    if (!e)
        return undefined;
    const status = e.status ?? 0;
    if (isRateLimit(status, e))
        return 'rate-limit';
    // 0: no response at all (a network error); Octokit reports a failed fetch as 500.
    if (status >= 500 || status === 0)
        return 'server';
    if (status === 401)
        return 'unauthorized';
    if (status === 403)
        return 'forbidden';
    if (status === 404)
        return 'not-found';
    return 'other';
}
/** `METHOD /route`: the route template when the client knew it, else the path of the URL (no origin, no query). */
function endpointOf(method, url) {
    let route = url ?? '?';
    if (!route.startsWith('/')) {
        try {
            route = new URL(route).pathname;
        }
        catch {
            route = '?';
        }
    }
    return `${(method ?? 'GET').toUpperCase()} ${route.split('?')[0]}`;
}
/** The permission a route needs, for the 403 advice, when the caller does not say. */
function permissionFor(endpoint) {
    const [method, route = ''] = endpoint.split(' ');
    const write = method !== 'GET' && method !== 'HEAD';
    if (/\/issues\/[^/]+\/comments$|\/issues\/comments\/|\/pulls(\/|$)/.test(route))
        return write ? 'pull-requests: write' : 'pull-requests: read';
    if (/\/deployments(\/|$)/.test(route))
        return 'deployments: write';
    if (/\/actions\//.test(route))
        return write ? 'actions: write' : 'actions: read';
    return undefined;
}
/**
 * A failed REST call as an error that names the endpoint and what to do: 403 → the permission to add
 * to the job, 429 or a secondary limit → lower max-parallel, 5xx → re-run. `endpoint` overrides the
 * one read from the error (the client passes the route template); `permission` the one guessed from
 * the route. Anything that is not a REST error is returned as it is.
 */
function describeRestError(error, context = {}) {
    let status;
    let endpoint;
    let detail;
    let cause = error;
    let answered = true;
    if (error instanceof GitHubApiError) {
        ({ status, detail } = error);
        endpoint = context.endpoint ?? error.endpoint;
        cause = error.cause ?? error;
    }
    else {
        const e = asRequestError(error);
        if (!e)
            return error instanceof Error ? error : new Error((0,_core_lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error));
        status = e.status ?? 0;
        endpoint = context.endpoint ?? endpointOf(e.request?.method, e.request?.url);
        detail = githubMessage(e);
        // Octokit reports a request that got no answer (refused, DNS, TLS) as a 500 without a response.
        answered = e.response !== undefined;
    }
    const failure = restFailure(error) ?? 'other';
    let advice;
    if (failure === 'forbidden') {
        const permission = context.permission ?? permissionFor(endpoint);
        advice = permission
            ? `the github-token may not do this; add "permissions: ${permission}" to the job`
            : 'the github-token may not do this; give the job the permission this endpoint needs';
    }
    else if (failure === 'other')
        advice = 'GitHub refused the request';
    else
        advice = REST_ADVICE[failure];
    const said = detail && failure !== 'server' ? ` (${detail.slice(0, 200)})` : '';
    const message = answered
        ? `GitHub API ${endpoint} failed with ${status || 'no response'}${said}: ${advice}`
        : `GitHub API ${endpoint} got no answer${detail ? ` (${detail.slice(0, 200)})` : ''}: GitHub could not be reached; check GITHUB_API_URL (on GitHub Enterprise Server) and the runner's network, then re-run the job`;
    return new GitHubApiError(message, status, endpoint, failure, detail, { cause });
}


/***/ })

};
