export const id = 277;
export const ids = [277];
export const modules = {

/***/ 32335:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ parseDuration),
/* harmony export */   a: () => (/* binding */ formatDuration)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(36452);
/* harmony import */ var _echo_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(94434);


const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
/** Parses Go-style durations: `45m`, `1h30m`, `90s`, `500ms`; a bare number means seconds. */
function parseDuration(text, what, fail = _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo) {
    const input = text.trim();
    if (input.startsWith('-'))
        throw new fail(`${what}: ${(0,_echo_js__WEBPACK_IMPORTED_MODULE_1__/* .quoteInput */ .Z)(text)} is negative; give a duration like 45m, 1h30m, 90s or 500ms`);
    let ms;
    if (/^\d+(\.\d+)?$/.test(input))
        ms = Number(input) * 1000;
    else {
        const parts = [...input.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
        if (parts.length === 0 || parts.map((p) => p[0]).join('') !== input) {
            throw new fail(`${what}: ${(0,_echo_js__WEBPACK_IMPORTED_MODULE_1__/* .quoteInput */ .Z)(text)} is not a duration; use forms like 45m, 1h30m, 90s or 500ms`);
        }
        ms = parts.reduce((total, [, n, unit]) => total + Number(n) * UNIT_MS[unit], 0);
    }
    if (!Number.isFinite(ms))
        throw new fail(`${what}: ${(0,_echo_js__WEBPACK_IMPORTED_MODULE_1__/* .quoteInput */ .Z)(text, 40)} is too long a duration`);
    return Math.round(ms);
}
/** Human duration in the reference's style: `0.4s`, `12s`, `3m12s`, `1h02m`. */
function formatDuration(ms) {
    if (ms < 10_000)
        return `${(ms / 1000).toFixed(1)}s`;
    const totalSeconds = Math.round(ms / 1000);
    if (totalSeconds < 60)
        return `${totalSeconds}s`;
    const hours = Math.floor(totalSeconds / 3600);
    const minutes = Math.floor((totalSeconds % 3600) / 60);
    const seconds = totalSeconds % 60;
    if (hours > 0)
        return `${hours}h${String(minutes).padStart(2, '0')}m`;
    return `${minutes}m${String(seconds).padStart(2, '0')}s`;
}


/***/ }),

/***/ 9485:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $$: () => (/* binding */ parseOperation),
/* harmony export */   $h: () => (/* binding */ NAME_RULE),
/* harmony export */   $q: () => (/* binding */ parseName),
/* harmony export */   $x: () => (/* binding */ parseMethod),
/* harmony export */   IM: () => (/* binding */ DURATION_LIMITS),
/* harmony export */   Tq: () => (/* binding */ KUBERNETES_VERSION_PATTERN),
/* harmony export */   Vh: () => (/* binding */ DEPLOYMENT_METHODS),
/* harmony export */   bo: () => (/* binding */ parseNodeCount),
/* harmony export */   h8: () => (/* binding */ parseKubernetesVersionOption),
/* harmony export */   mF: () => (/* binding */ NAME_PATTERN),
/* harmony export */   vl: () => (/* binding */ parseDurationOption),
/* harmony export */   xb: () => (/* binding */ OPERATIONS)
/* harmony export */ });
/* harmony import */ var _duration_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(32335);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(36452);
/* harmony import */ var _echo_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(94434);



/**
 * The values users type as flags or action inputs, checked the same way in every front end. `where`
 * names the flag or input (`--timeout`, `input timeout`); every problem is a usage error.
 */
/** Bounds of each duration option: below them a loop spins, above them Node's timers overflow. */
const DURATION_LIMITS = {
    timeout: { min: 1_000, max: 24 * 3_600_000 },
    interval: { min: 100, max: 10 * 60_000 },
    authTimeout: { min: 1_000, max: 5 * 60_000 },
};
function parseDurationOption(text, where, limits) {
    const ms = (0,_duration_js__WEBPACK_IMPORTED_MODULE_0__/* .parseDuration */ .E)(text, where, _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb);
    if (ms < limits.min || ms > limits.max) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`${where}: ${(0,_echo_js__WEBPACK_IMPORTED_MODULE_2__/* .quoteInput */ .Z)(text.trim())} is out of range; give a duration from ${(0,_duration_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(limits.min)} to ${(0,_duration_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(limits.max)}`);
    }
    return ms;
}
/** Node counts: more than this is a typo, not a cluster. */
const MAX_NODES = 10_000;
function parseNodeCount(text, where) {
    const value = text.trim();
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_NODES) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`${where}: ${(0,_echo_js__WEBPACK_IMPORTED_MODULE_2__/* .quoteInput */ .Z)(value)} is not a node count; give a whole number from 1 to ${MAX_NODES}`);
    }
    return Number(value);
}
/**
 * Deployment methods this tool runs: Kubespray's steps, none (the OpenTofu code installs Kubernetes itself), or
 * cluster-api (Cluster API with CAPO provisions the cluster from a management cluster; no OpenTofu).
 */
const DEPLOYMENT_METHODS = ['kubespray', 'none', 'cluster-api'];
function parseMethod(text, where) {
    const value = text.trim();
    if (!DEPLOYMENT_METHODS.includes(value)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`${where}: ${(0,_echo_js__WEBPACK_IMPORTED_MODULE_2__/* .quoteInput */ .Z)(value)} is not a deployment method; use one of ${DEPLOYMENT_METHODS.join(', ')}`);
    }
    return value;
}
/** Cluster and organisation names: they become directory and artifact names, so no paths, spaces or dots alone. */
const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;
const NAME_RULE = 'must be 1 to 63 letters, digits, ".", "_" or "-", starting with a letter or digit';
function parseName(text, where, fail = _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb) {
    const value = text.trim();
    if (!NAME_PATTERN.test(value))
        throw new fail(`${where}: ${(0,_echo_js__WEBPACK_IMPORTED_MODULE_2__/* .quoteInput */ .Z)(value, 80)} ${NAME_RULE}`);
    return value;
}
/** What a run does to a cluster: each is an ordered plan of steps (model/operations.ts). `check` only reads. */
const OPERATIONS = ['deploy', 'upgrade', 'destroy', 'check'];
function parseOperation(text, where) {
    const value = text.trim();
    if (!OPERATIONS.includes(value)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`${where}: ${(0,_echo_js__WEBPACK_IMPORTED_MODULE_2__/* .quoteInput */ .Z)(value, 40)} is not an operation; use one of ${OPERATIONS.join(', ')}`);
    }
    return value;
}
/**
 * A Kubernetes version as users type it (`1.34.2` or `v1.34.2`), in a flag, an input or the config, without
 * leading zeros (`01.34.0` would reach Kubespray as kube_version=01.34.0); kube/version.ts compares them.
 */
const KUBERNETES_VERSION_PATTERN = /^v?(?:0|[1-9]\d{0,2})\.(?:0|[1-9]\d{0,2})\.(?:0|[1-9]\d{0,3})$/;
function parseKubernetesVersionOption(text, where) {
    const value = text.trim();
    if (!KUBERNETES_VERSION_PATTERN.test(value)) {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`${where}: ${(0,_echo_js__WEBPACK_IMPORTED_MODULE_2__/* .quoteInput */ .Z)(value, 40)} is not a Kubernetes version; give one like 1.34.2`);
    }
    return value.replace(/^v/, '');
}


/***/ }),

/***/ 33822:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $N: () => (/* binding */ decodeChunks),
/* harmony export */   Kg: () => (/* binding */ LineInterleaver),
/* harmony export */   vX: () => (/* binding */ TailBuffer),
/* harmony export */   zc: () => (/* binding */ DeployOutput)
/* harmony export */ });
/* unused harmony exports stripAnsi, colourWanted */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);

/** Decodes chunks that together end on a character boundary. */
function decodeChunks(chunks) {
    if (chunks.length === 1) {
        const c = chunks[0];
        return Buffer.from(c.buffer, c.byteOffset, c.byteLength).toString('utf8');
    }
    return Buffer.concat(chunks).toString('utf8');
}
const pendingDrains = new WeakMap();
/** Resolves when the stream drains (or closes: a broken stream must not hold the child forever). */
function drained(stream) {
    let pending = pendingDrains.get(stream);
    if (!pending) {
        pending = new Promise((resolve) => {
            const done = () => {
                stream.removeListener('drain', done);
                stream.removeListener('close', done);
                pendingDrains.delete(stream);
                resolve();
            };
            stream.once('drain', done);
            stream.once('close', done);
        });
        pendingDrains.set(stream, pending);
    }
    return pending;
}
/** Writes chunks to a stream; a promise if it asks to wait. */
function writeAll(stream, chunks) {
    let ok = true;
    for (const chunk of chunks)
        ok = stream.write(chunk);
    return ok ? undefined : drained(stream);
}
/**
 * Puts two streams (a child's stdout and stderr) on one console without mixing them within a line.
 * Output goes out as it comes while one stream alone is talking; when one has left a line
 * unfinished, the other's output waits for that line's newline (or until it has `maxHeld` bytes
 * waiting, or the end). Only then is a chunk cut at a newline, so the usual case, one busy stream,
 * costs nothing.
 */
class LineInterleaver {
    write;
    maxHeld;
    /** The stream whose last output ended mid-line, if any. */
    owner;
    waiting = [[], []];
    waitingBytes = [0, 0];
    constructor(write, maxHeld = 64 * 1024) {
        this.write = write;
        this.maxHeld = maxHeld;
    }
    push(stream, chunks) {
        if (chunks.length === 0)
            return;
        if (this.owner === undefined || this.owner === stream) {
            if (this.waiting[stream].length === 0) {
                this.emit(stream, chunks);
                return;
            }
        }
        this.hold(stream, chunks);
        if (this.waitingBytes[stream] > this.maxHeld)
            this.emit(stream, this.release(stream));
    }
    /** The end of both streams: whatever waits goes out. */
    end() {
        for (const stream of [0, 1])
            if (this.waiting[stream].length)
                this.emit(stream, this.release(stream));
    }
    /** Writes a stream's output; if the other stream waits, only up to the last newline, then the other's. */
    emit(stream, chunks) {
        const other = stream === 0 ? 1 : 0;
        if (this.waiting[other].length === 0) {
            this.write(chunks);
            this.owner = endsLine(chunks) ? undefined : stream;
            return;
        }
        const [lines, rest] = splitAfterLastNewline(chunks);
        if (lines.length === 0) {
            // Still inside its line: the other goes on waiting.
            this.write(chunks);
            return;
        }
        this.write(lines);
        this.owner = undefined;
        this.emit(other, this.release(other));
        if (rest.length === 0)
            return;
        if (this.owner === undefined)
            this.emit(stream, rest);
        else
            this.hold(stream, rest);
    }
    hold(stream, chunks) {
        for (const chunk of chunks) {
            this.waiting[stream].push(chunk);
            this.waitingBytes[stream] += chunk.length;
        }
    }
    release(stream) {
        const chunks = this.waiting[stream];
        this.waiting[stream] = [];
        this.waitingBytes[stream] = 0;
        return chunks;
    }
}
function endsLine(chunks) {
    for (let i = chunks.length - 1; i >= 0; i--) {
        const chunk = chunks[i];
        if (chunk.length)
            return chunk[chunk.length - 1] === 0x0a;
    }
    return true;
}
/** Chunks up to and including the last newline, and the rest. */
function splitAfterLastNewline(chunks) {
    for (let i = chunks.length - 1; i >= 0; i--) {
        const at = chunks[i].lastIndexOf(0x0a);
        if (at < 0)
            continue;
        const chunk = chunks[i];
        const lines = [...chunks.slice(0, i), chunk.subarray(0, at + 1)];
        const rest = at + 1 < chunk.length ? [chunk.subarray(at + 1), ...chunks.slice(i + 1)] : chunks.slice(i + 1);
        return [lines, rest];
    }
    return [[], chunks];
}
/** Terminal colour and cursor sequences (CSI and OSC): noise outside a terminal. */
const ANSI_SEQUENCE = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;
function stripAnsi(text) {
    return text.replace(ANSI_SEQUENCE, '');
}
const MAX_LINE = 4096;
/**
 * Keeps the last N lines of a stream as plain text: they end up in summaries, annotations and
 * comments, where colour codes are noise. Only the last `keep` bytes are kept, and decoded when
 * the tail is read (on failure, mostly), so the stream itself pays next to nothing.
 */
class TailBuffer {
    max;
    keep;
    chunks = [];
    size = 0;
    /** Whether the kept bytes start inside a line (its beginning dropped). */
    fragment = false;
    constructor(max = 30, keep = 64 * 1024) {
        this.max = max;
        this.keep = keep;
    }
    sink = (text) => this.push([Buffer.from(text)]);
    push(chunks) {
        for (const chunk of chunks) {
            if (chunk.length === 0)
                continue;
            this.chunks.push(chunk);
            this.size += chunk.length;
        }
        while (this.chunks.length > 1 && this.size - this.chunks[0].length >= this.keep) {
            const dropped = this.chunks.shift();
            this.size -= dropped.length;
            this.fragment = dropped[dropped.length - 1] !== 0x0a;
        }
        // A huge chunk, or very many small ones: keep a copy of just the last bytes.
        if (this.size > 2 * this.keep || this.chunks.length > 256) {
            const all = Buffer.concat(this.chunks);
            const from = Math.max(0, all.length - this.keep);
            if (from > 0)
                this.fragment = all[from - 1] !== 0x0a;
            this.chunks = [Buffer.from(all.subarray(from))];
            this.size = this.chunks[0].length;
        }
    }
    /** Bytes kept. */
    get retained() {
        return this.size;
    }
    get tail() {
        const bytes = Buffer.concat(this.chunks);
        let from = 0;
        // The kept bytes may start inside a character.
        while (from < 3 && (bytes[from] & 0xc0) === 0x80)
            from++;
        const parts = bytes.subarray(from).toString('utf8').split('\n');
        const partial = parts.pop();
        const lines = parts.slice(-this.max).map((raw) => {
            const line = stripAnsi(raw);
            return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line;
        });
        if (this.fragment && parts.length > 0 && parts.length <= this.max)
            lines[0] = `…${stripAnsi(parts[0]).slice(-MAX_LINE)}`;
        return partial ? [...lines, stripAnsi(partial.slice(-MAX_LINE))].slice(-this.max) : lines;
    }
}
/**
 * Whether to colour output: only on a terminal, and never when NO_COLOR is set to anything
 * (no-color.org). Piped and CI output gets plain text, so logs and comments carry no escape codes.
 */
function colourWanted(stream, env) {
    return stream.isTTY === true && !env.NO_COLOR;
}
const COLOURS = { green: '32', red: '31', yellow: '33', dim: '2' };
/**
 * The run's output: every line goes, redacted, to the console and the log file. The console is a
 * stream (process.stdout: when it asks to wait, so does the child) or a text sink (tests). The
 * GitHub adapter supplies its own group hooks.
 *
 * The log file is written synchronously, as tee writes it: a write to the page cache is a copy,
 * cheaper than handing each chunk to a thread and back (measured on 1 GB: a WriteStream cost half
 * as much CPU again as tee, this about as much as tee); the child waits while we write, which is
 * all the backpressure a file needs; and a state save that reads the log mid-run finds all of it.
 * process.stdout is synchronous too on Linux, for files, pipes and terminals alike.
 *
 * Each line of the log starts with its UTC time, and colour codes are left out of it: it is read
 * later, often in a browser or an editor, to find when and where a run went wrong.
 */
class DeployOutput {
    redactor;
    options;
    logFd;
    /** Whether the next byte written to the log starts a line (and so gets a timestamp). */
    logAtLineStart = true;
    consoleStream;
    consoleText;
    quiet;
    colour;
    constructor(redactor, console, options = {}) {
        this.redactor = redactor;
        this.options = options;
        if (typeof console === 'function')
            this.consoleText = console;
        else
            this.consoleStream = console;
        this.quiet = options.quiet ?? false;
        this.colour = options.colour ?? false;
    }
    /** Starts copying everything to a log file (created 0600), after a header of `# ` lines (redacted). */
    openLogFile(file, header = []) {
        this.logFd = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.openSync)(file, 'a', 0o600);
        for (const line of header)
            this.logLine(`# ${line}`);
    }
    /** Writes redacted text to every channel; `write.bytes` takes redacted bytes (runCommand uses it), `write.log` the log alone. */
    write = Object.assign((text) => {
        this.toConsole(text);
        this.toLog([Buffer.from(text)]);
    }, { bytes: this, log: (text) => this.logLine(text) });
    /** Writes a tool's redacted output: to the log, and to the console unless quiet; a promise when the console asks to wait. */
    writeBytes(chunks) {
        this.toLog(chunks);
        if (this.quiet)
            return undefined;
        if (this.consoleStream)
            return writeAll(this.consoleStream, chunks);
        this.consoleText?.(decodeChunks(chunks));
        return undefined;
    }
    line(text) {
        this.write(`${this.redactor.redact(text)}\n`);
    }
    /** A line for the log file alone (redacted): the commands a step ran, their exit codes and times. */
    logLine(text) {
        if (this.logFd === undefined)
            return;
        if (!this.logAtLineStart)
            this.toLog([Buffer.from('\n')]);
        this.toLog([Buffer.from(`${this.redactor.redact(text)}\n`)]);
    }
    /** Text in a colour when colour is on (a mark such as ✓ or ✗); plain otherwise. */
    paint(text, colour) {
        return this.colour ? `\x1b[${COLOURS[colour]}m${text}\x1b[0m` : text;
    }
    startGroup(title) {
        const safe = this.redactor.redact(title);
        if (this.options.startGroup)
            this.options.startGroup(safe);
        this.toLog([Buffer.from(`${safe}\n`)]);
        if (!this.options.startGroup)
            this.toConsole(`${safe}\n`);
    }
    endGroup() {
        this.options.endGroup?.();
    }
    async close() {
        const fd = this.logFd;
        this.logFd = undefined;
        if (fd !== undefined)
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(fd);
    }
    toLog(chunks) {
        const fd = this.logFd;
        if (fd === undefined)
            return;
        writeFully(fd, this.stampLines(chunks));
    }
    /** The chunks with colour codes left out and the time before each line's first byte. */
    stampLines(chunks) {
        const out = [];
        let stamp;
        for (const raw of chunks) {
            // Chunks end on a character boundary, so one decoded alone keeps its characters whole.
            const chunk = raw.includes(0x1b) ? Buffer.from(stripAnsi(Buffer.from(raw).toString('utf8'))) : raw;
            let from = 0;
            while (from < chunk.length) {
                if (this.logAtLineStart) {
                    stamp ??= Buffer.from(`${new Date().toISOString()} `);
                    out.push(stamp);
                    this.logAtLineStart = false;
                }
                const newline = chunk.indexOf(0x0a, from);
                const end = newline < 0 ? chunk.length : newline + 1;
                out.push(chunk.subarray(from, end));
                if (newline >= 0)
                    this.logAtLineStart = true;
                from = end;
            }
        }
        return out;
    }
    toConsole(text) {
        if (this.consoleStream)
            this.consoleStream.write(text);
        else
            this.consoleText?.(text);
    }
}
/** Writes every chunk; a short write (a full disk, say) is finished piece by piece. */
function writeFully(fd, chunks) {
    let written = chunks.length > 1 ? (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writevSync)(fd, chunks) : 0;
    for (const chunk of chunks) {
        if (written >= chunk.length) {
            written -= chunk.length;
            continue;
        }
        for (let at = written; at < chunk.length;)
            at += (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeSync)(fd, chunk, at);
        written = 0;
    }
}


/***/ }),

/***/ 12280:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bu: () => (/* binding */ parseState),
/* harmony export */   Dc: () => (/* binding */ HISTORY_LIMIT),
/* harmony export */   Mc: () => (/* binding */ LocalStateStore),
/* harmony export */   p$: () => (/* binding */ emptyState),
/* harmony export */   rX: () => (/* binding */ redactState),
/* harmony export */   zk: () => (/* binding */ recordsDeployedCluster)
/* harmony export */ });
/* unused harmony export DeployStateSchema */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(92857);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(64377);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(36452);
/* harmony import */ var _lib_files_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4196);
/* harmony import */ var _lib_option_values_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9485);
/* harmony import */ var _openstack_capacity_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(64578);






const STATE_VERSION = 1;
/** Resume state as lib/files.ts reads it: a few KiB in practice; anything near the limit is not ours. */
const RESUME_STATE_FILE = { noun: 'resume state', plural: 'resume state files', maxBytes: 16 * 1024 * 1024 };
const StepStateSchema = zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({
    status: zod__WEBPACK_IMPORTED_MODULE_5__/* ["enum"] */ .k5n(['running', 'success', 'failed']),
    startedAt: zod__WEBPACK_IMPORTED_MODULE_6__/* .datetime */ .w$(),
    finishedAt: zod__WEBPACK_IMPORTED_MODULE_6__/* .datetime */ .w$().optional(),
    durationMs: zod__WEBPACK_IMPORTED_MODULE_5__/* .number */ .aig().int().nonnegative().optional(),
    /** Redacted failure reason; "interrupted" when the run was cancelled. */
    error: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().optional(),
    /** A short, redacted result worth showing later ("server → https://10.2.128.5:6443"). */
    detail: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().optional(),
    /** Set when the step had nothing to do (Step.skipWhen, redacted): it counts as done, without having run. */
    skipped: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().optional(),
    /** Redacted warnings the step raised (an overridden guard): shown again in summaries of later runs. */
    warnings: zod__WEBPACK_IMPORTED_MODULE_5__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP()).max(50).optional(),
});
const NodeListSchema = zod__WEBPACK_IMPORTED_MODULE_5__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP());
/** Node work a deploy's plan found (kubespray/node-changes.ts), kept until Kubespray has acted on it. */
const NodeWorkSchema = zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({
    newCluster: zod__WEBPACK_IMPORTED_MODULE_5__/* .boolean */ .zMY(),
    remove: NodeListSchema,
    create: NodeListSchema,
    otherChanges: zod__WEBPACK_IMPORTED_MODULE_5__/* .boolean */ .zMY(),
    removeRoles: zod__WEBPACK_IMPORTED_MODULE_5__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_5__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_5__/* ["enum"] */ .k5n(['control-plane', 'etcd', 'worker']))),
    unsafeOverride: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().optional(),
    /** Created nodes whose names the plan could not know (their resource addresses). */
    unnamed: NodeListSchema.optional(),
    empty: zod__WEBPACK_IMPORTED_MODULE_5__/* .boolean */ .zMY().optional(),
    /** Nodes kubespray-remove-nodes has already removed, so a resumed run does not remove them twice. */
    removed: NodeListSchema.optional(),
});
const nodeWorkSchemaMatches = true;
void nodeWorkSchemaMatches;
/**
 * Which management cluster holds the Cluster API objects. A kind cluster lives on one runner: if the
 * runner is gone before the pivot, so are the objects, and the next run must say so instead of
 * creating the cluster a second time. After the pivot the workload cluster manages itself.
 */
const ClusterApiStateSchema = zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({
    management: zod__WEBPACK_IMPORTED_MODULE_5__/* ["enum"] */ .k5n(['existing', 'kind']),
    /** kind: the kind cluster's name, when and on which host it was created. */
    kindCluster: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().max(63).optional(),
    kindCreatedAt: zod__WEBPACK_IMPORTED_MODULE_6__/* .datetime */ .w$().optional(),
    kindHost: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().max(255).optional(),
    /** Set when capi-pivot moved the objects into the workload cluster (self-managed from then on). */
    pivotedAt: zod__WEBPACK_IMPORTED_MODULE_6__/* .datetime */ .w$().optional(),
});
/** How many attempts the timeline keeps: the oldest are dropped, so the state and the chart stay small. */
const HISTORY_LIMIT = 20;
/** Step runs one attempt can hold: every step at most once, with room to spare. */
const ATTEMPT_STEPS_LIMIT = 64;
/** One step run in an attempt, for the timeline: only its id, times and outcome (no output, no errors). */
const TimelineStepSchema = zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({
    id: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().min(1),
    startedAt: zod__WEBPACK_IMPORTED_MODULE_6__/* .datetime */ .w$(),
    /** Absent while it runs (and so after a kill -9, its status then saying interrupted). */
    durationMs: zod__WEBPACK_IMPORTED_MODULE_5__/* .number */ .aig().int().nonnegative().optional(),
    status: zod__WEBPACK_IMPORTED_MODULE_5__/* ["enum"] */ .k5n(['success', 'failed', 'interrupted']),
});
/** One run of the engine that ran at least one step: a deploy and each of its resumes. */
const AttemptSchema = zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({
    /** 1 for the run that started the history, counting on across resumes (dropped attempts keep their numbers). */
    number: zod__WEBPACK_IMPORTED_MODULE_5__/* .number */ .aig().int().positive(),
    startedAt: zod__WEBPACK_IMPORTED_MODULE_6__/* .datetime */ .w$(),
    /** The CI run it was (GitHub Actions), when known. */
    run: zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({ id: zod__WEBPACK_IMPORTED_MODULE_5__/* .number */ .aig().int(), attempt: zod__WEBPACK_IMPORTED_MODULE_5__/* .number */ .aig().int() }).optional(),
    /** A resumed attempt: the step it picked up at (the first one the last attempt had not finished, or the one asked for). */
    resumedAt: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().optional(),
    steps: zod__WEBPACK_IMPORTED_MODULE_5__/* .array */ .YOg(TimelineStepSchema).max(ATTEMPT_STEPS_LIMIT),
});
const DeployStateSchema = zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({
    version: zod__WEBPACK_IMPORTED_MODULE_5__/* .literal */ .euz(STATE_VERSION),
    /** `org/cluster`: a state file for another cluster is refused. */
    cluster: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().min(1),
    updatedAt: zod__WEBPACK_IMPORTED_MODULE_6__/* .datetime */ .w$(),
    /** The CI run that saved it last (GitHub Actions), so a resume can say where it came from. */
    run: zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({ id: zod__WEBPACK_IMPORTED_MODULE_5__/* .number */ .aig().int(), attempt: zod__WEBPACK_IMPORTED_MODULE_5__/* .number */ .aig().int(), url: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().optional() }).optional(),
    /** Set when every step succeeded: the next deploy then starts over instead of skipping. */
    completedAt: zod__WEBPACK_IMPORTED_MODULE_6__/* .datetime */ .w$().optional(),
    /** What the run does; state files written before operations existed are deploys. */
    operation: zod__WEBPACK_IMPORTED_MODULE_5__/* ["enum"] */ .k5n(_lib_option_values_js__WEBPACK_IMPORTED_MODULE_3__/* .OPERATIONS */ .xb).default('deploy'),
    /** Set when a destroy completed: the next deploy starts fresh and no kubeconfig is restored. */
    destroyedAt: zod__WEBPACK_IMPORTED_MODULE_6__/* .datetime */ .w$().optional(),
    /** deploy: the node changes found by opentofu-plan, until kubespray-ansible-playbook has run. */
    nodeWork: NodeWorkSchema.optional(),
    /** deploy: the SHA-256 of the plan file opentofu-plan checked; opentofu-apply applies no other. */
    planDigest: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
    /** deploy: what openstack-capacity found (the quota table), for the summaries. */
    capacity: _openstack_capacity_js__WEBPACK_IMPORTED_MODULE_4__/* .CapacityReportSchema */ .kD.optional(),
    /** upgrade: the target version, so a resumed upgrade keeps going to the same one. */
    upgradeTarget: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().optional(),
    /**
     * The Kubespray release used (kubespray-fetch: the tag's commit, a tarball's digest) and the digest
     * of what its last cluster.yml depended on; kept across runs, so a moved tag is refused and a
     * re-deploy with nothing changed skips the playbook.
     */
    kubespray: zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({
        version: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().max(40).optional(),
        commit: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP()
            .regex(/^[0-9a-f]{40}$/)
            .optional(),
        sha256: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP()
            .regex(/^[0-9a-f]{64}$/)
            .optional(),
        source: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().max(4096),
        runDigest: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP()
            .regex(/^[0-9a-f]{64}$/)
            .optional(),
    })
        .optional(),
    /** deployment.method cluster-api: where the Cluster API objects live; kept across runs until a destroy completes. */
    clusterApi: ClusterApiStateSchema.optional(),
    /**
     * When a deploy first made the cluster's infrastructure (its apply succeeded); kept across runs until a
     * destroy completes, so a destroy that finds no tofu state knows there was one.
     */
    deployedAt: zod__WEBPACK_IMPORTED_MODULE_6__/* .datetime */ .w$().optional(),
    steps: zod__WEBPACK_IMPORTED_MODULE_5__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP(), StepStateSchema),
    /** The step timeline across attempts, oldest first, the last HISTORY_LIMIT; a completed run's next one starts a new one. */
    history: zod__WEBPACK_IMPORTED_MODULE_5__/* .array */ .YOg(AttemptSchema)
        .transform((attempts) => attempts.slice(-HISTORY_LIMIT))
        .optional(),
});
function emptyState(cluster, operation = 'deploy') {
    return { version: STATE_VERSION, cluster, updatedAt: new Date().toISOString(), operation, steps: {} };
}
/** Validates a loaded state document; a corrupt or foreign file is refused, never half-used. */
function parseState(text, source, cluster) {
    let doc;
    try {
        doc = JSON.parse(text);
    }
    catch (error) {
        // A file of NULs (what a crash can leave on some filesystems) must not put raw NULs into the error line.
        const reason = (0,_lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .gJ)(error).replace(/[\0-\x1f\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`resume state ${source} is not valid JSON (${reason}); delete it or run with --restart`);
    }
    const version = doc && typeof doc === 'object' ? doc.version : undefined;
    if (typeof version === 'number' && Number.isInteger(version) && version > STATE_VERSION) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`resume state ${source} has version ${version}, written by a newer cluster-deploy (this one reads version ${STATE_VERSION}); use that version, or delete it or run with --restart`);
    }
    const result = DeployStateSchema.safeParse(doc);
    if (!result.success) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`${(0,_lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .formatIssues */ .og)(`resume state ${source}`, result.error.issues)}\ndelete it or run with --restart`);
    }
    if (result.data.cluster !== cluster) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`resume state ${source} belongs to cluster ${result.data.cluster}, not ${cluster}; use another --state-dir or run with --restart`);
    }
    return result.data;
}
class LocalStateStore {
    file;
    cluster;
    constructor(file, cluster) {
        this.file = file;
        this.cluster = cluster;
    }
    get location() {
        return this.file;
    }
    async load() {
        // Nothing there (not even a dangling link, which the save replaces): no saved state.
        if (!(await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.lstat(this.file).catch(() => undefined)))
            return undefined;
        // readTextFile: a FIFO in its place is refused, not read for ever; a directory, a loop, a huge file are named.
        const text = (0,_lib_files_js__WEBPACK_IMPORTED_MODULE_2__/* .readTextFile */ .Gu)(this.file, RESUME_STATE_FILE);
        return parseState(text, this.file, this.cluster);
    }
    async save(state) {
        // writePrivateFile's errors name the file (a directory in its place, a full disk), where a raw errno was a stack trace.
        await (0,_lib_files_js__WEBPACK_IMPORTED_MODULE_2__/* .writePrivateFile */ .Pl)(this.file, `${JSON.stringify(DeployStateSchema.parse(state), null, 2)}\n`, 'resume state');
    }
}
/**
 * Whether a saved state says the cluster's infrastructure exists: a deploy applied it (deployedAt, or,
 * in a state written before that was kept, a deploy that applied or an upgrade) and no destroy has completed.
 */
function recordsDeployedCluster(state) {
    if (!state || state.destroyedAt)
        return false;
    if (state.deployedAt)
        return true;
    if (state.operation === 'upgrade')
        return true;
    return state.operation === 'deploy' && (!!state.completedAt || state.steps['opentofu-apply']?.status === 'success');
}
/**
 * The state as saved: its free text (step errors, details, warnings, an override's reason) redacted.
 * Not its structure: a short secret (a password "demo", a token "x") masked in the cluster's name or a
 * timestamp would make the state another cluster's, or invalid, and the next run refuse it.
 */
function redactState(state, redact) {
    const text = (value) => (value === undefined ? undefined : redact(value));
    const steps = Object.fromEntries(Object.entries(state.steps).map(([id, step]) => [
        id,
        {
            ...step,
            ...(step.error !== undefined && { error: text(step.error) }),
            ...(step.detail !== undefined && { detail: text(step.detail) }),
            ...(step.warnings && { warnings: step.warnings.map(redact) }),
        },
    ]));
    const nodeWork = state.nodeWork && {
        ...state.nodeWork,
        ...(state.nodeWork.unsafeOverride !== undefined && { unsafeOverride: text(state.nodeWork.unsafeOverride) }),
    };
    return { ...state, steps, ...(nodeWork && { nodeWork }) };
}


/***/ }),

/***/ 64578:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gl: () => (/* binding */ renderPlanCapacity),
/* harmony export */   Jp: () => (/* binding */ exceededLines),
/* harmony export */   Js: () => (/* binding */ emptyDemand),
/* harmony export */   Q8: () => (/* binding */ capacityCells),
/* harmony export */   VR: () => (/* binding */ capacityRefusal),
/* harmony export */   WO: () => (/* binding */ compareCapacity),
/* harmony export */   kD: () => (/* binding */ CapacityReportSchema),
/* harmony export */   kY: () => (/* binding */ capacityRemarks),
/* harmony export */   lF: () => (/* binding */ capacitySummary),
/* harmony export */   pD: () => (/* binding */ addDemand),
/* harmony export */   w: () => (/* binding */ renderCapacityText)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(92857);
/* harmony import */ var _quotas_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(82919);
/**
 * What a change takes from the project's quotas against what is left: the table (quota, in use,
 * the plan adds, limit, left after) and the refusal that names each quota exceeded and by how much.
 * The demand comes from the plan (tofu/capacity-demand.ts) or the rendered manifests
 * (capi/capacity-demand.ts); the usage from the services (quotas.ts). Only counts and quota names
 * reach the table: never a value of the plan.
 */


const QuotaNameSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(_quotas_js__WEBPACK_IMPORTED_MODULE_0__/* .QUOTA_NAMES */ .A3);
const CapacityRowSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    quota: QuotaNameSchema,
    /** The quota as people name it; for server group members, with the group. */
    label: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(),
    inUse: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig(),
    adds: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig(),
    /** undefined: unlimited. */
    limit: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().optional(),
    /** limit - (in use + adds); undefined when unlimited. */
    leftAfter: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig().optional(),
});
/**
 * The comparison, kept in the resume state for the summaries (counts, quota names and service
 * messages only: never a value of the plan or a credential).
 */
const CapacityReportSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    rows: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(CapacityRowSchema),
    /** Rows the change would push over their limit, with by how much. */
    exceeded: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(CapacityRowSchema.extend({ by: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig() })),
    /** Quotas the change touches that could not be compared (their service was skipped). */
    unchecked: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ quota: QuotaNameSchema, adds: zod__WEBPACK_IMPORTED_MODULE_1__/* .number */ .aig() })),
    skipped: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ service: zod__WEBPACK_IMPORTED_MODULE_1__/* ["enum"] */ .k5n(['compute', 'network', 'volume', 'load-balancer']), reason: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP() })),
    notes: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()),
    estimate: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional(),
    /** Set when --ignore-capacity let an apply over quota go ahead. */
    overridden: zod__WEBPACK_IMPORTED_MODULE_1__/* .boolean */ .zMY().optional(),
});
function emptyDemand() {
    return { adds: {}, groups: [], notes: [] };
}
/** Adds `amount` of `quota` to the demand (negative frees). */
function addDemand(demand, quota, amount) {
    if (amount !== 0)
        demand.adds[quota] = (demand.adds[quota] ?? 0) + amount;
}
/**
 * Rows for each quota the change touches (adds or frees), and for any already over its limit. A
 * quota is exceeded only when the change adds to it: a change that frees is never refused, even
 * in a project already over a limit.
 */
function compareCapacity(quotas, demand) {
    const rows = [];
    const unchecked = [];
    for (const quota of _quotas_js__WEBPACK_IMPORTED_MODULE_0__/* .QUOTA_NAMES */ .A3) {
        if (quota === 'server_group_members')
            continue; // per group, below
        const adds = demand.adds[quota] ?? 0;
        const read = quotas.usage[quota];
        if (!read) {
            if (adds !== 0)
                unchecked.push({ quota, adds });
            continue;
        }
        const overAlready = read.limit !== undefined && read.inUse > read.limit;
        if (adds === 0 && !overAlready)
            continue;
        rows.push(row(quota, _quotas_js__WEBPACK_IMPORTED_MODULE_0__/* .QUOTAS */ .eg[quota].label, read.inUse, adds, read.limit));
    }
    const members = quotas.usage.server_group_members;
    for (const group of demand.groups) {
        if (!members) {
            if (group.adds !== 0)
                unchecked.push({ quota: 'server_group_members', adds: group.adds });
            continue;
        }
        if (group.adds === 0)
            continue;
        const inUse = group.existing ? (quotas.serverGroupMembers[group.key] ?? 0) : 0;
        rows.push(row('server_group_members', `server group members (${group.label})`, inUse, group.adds, members.limit));
    }
    const exceeded = rows
        .filter((r) => r.adds > 0 && r.leftAfter !== undefined && r.leftAfter < 0)
        .map((r) => ({ ...r, by: -r.leftAfter }));
    return {
        rows,
        exceeded,
        unchecked,
        skipped: quotas.skipped,
        notes: demand.notes,
        ...(demand.estimate && { estimate: demand.estimate }),
    };
}
function row(quota, label, inUse, adds, limit) {
    return {
        quota,
        label,
        inUse,
        adds,
        ...(limit !== undefined && { limit, leftAfter: limit - (inUse + adds) }),
    };
}
const HEADER = ['quota', 'in use', 'plan adds', 'limit', 'left after'];
function signed(value) {
    return value > 0 ? `+${value}` : String(value);
}
/** The table's cells, header first: the text and Markdown renderers share them. */
function capacityCells(report) {
    return [
        [...HEADER],
        ...report.rows.map((r) => [
            r.label,
            String(r.inUse),
            signed(r.adds),
            r.limit === undefined ? 'unlimited' : String(r.limit),
            r.leftAfter === undefined ? 'unlimited' : r.leftAfter < 0 ? `${r.leftAfter} (exceeded)` : String(r.leftAfter),
        ]),
    ];
}
/** The lines under the table: what was skipped and why, what could not be counted, the estimate. */
function capacityRemarks(report) {
    return [
        ...(report.estimate ? [`estimate: ${report.estimate}`] : []),
        ...report.skipped.map((s) => `not checked: ${s.reason}`),
        ...report.unchecked.map((u) => `${_quotas_js__WEBPACK_IMPORTED_MODULE_0__/* .QUOTAS */ .eg[u.quota].label}: the change adds ${signed(u.adds)}, not compared (${_quotas_js__WEBPACK_IMPORTED_MODULE_0__/* .SERVICE_NAMES */ .Z1[_quotas_js__WEBPACK_IMPORTED_MODULE_0__/* .QUOTAS */ .eg[u.quota].service]} was not read)`),
        ...report.notes.map((n) => `not counted: ${n}`),
    ];
}
/** The table as plain text with aligned columns, then the remarks; for terminals and logs. */
function renderCapacityText(report) {
    const lines = [];
    if (report.rows.length === 0) {
        lines.push('The change takes nothing any read quota counts.');
    }
    else {
        const cells = capacityCells(report);
        const widths = HEADER.map((_, column) => Math.max(...cells.map((r) => r[column].length)));
        for (const cellRow of cells) {
            lines.push(cellRow
                .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
                .join('  ')
                .trimEnd());
        }
    }
    lines.push(...capacityRemarks(report));
    return `${lines.join('\n')}\n`;
}
/** One line for the step's result. */
function capacitySummary(report) {
    const skipped = report.skipped.length ? `; ${report.skipped.length} service(s) not checked` : '';
    if (report.exceeded.length > 0)
        return `${report.exceeded.length} quota(s) exceeded${skipped}`;
    return `within quota (${report.rows.length} quota(s) compared${skipped})`;
}
/** Each exceeded quota and by how much, with the figures. */
function exceededLines(report) {
    return report.exceeded.map((r) => `${r.label}: exceeded by ${r.by} (in use ${r.inUse} + the plan adds ${r.adds} > limit ${r.limit})`);
}
/** The refusal of an apply over quota, naming each quota and by how much. */
function capacityRefusal(report) {
    const count = report.exceeded.length;
    return [
        `the change would exceed ${count === 1 ? 'a quota' : `${count} quotas`} of the project, so nothing was applied:`,
        ...exceededLines(report).map((line) => `  - ${line}`),
        'Free or ask for more quota, or shrink the change; to apply anyway (the cloud will refuse part of it) pass --ignore-capacity (input ignore-capacity).',
    ].join('\n');
}
/** The quota section of a plan for people (CLI `plan --tofu-plan`); empty when no check was asked for. */
function renderPlanCapacity(capacity) {
    if (!capacity)
        return '';
    if ('error' in capacity)
        return `Quotas: not checked: ${capacity.error}\n`;
    const verdict = capacity.exceeded.length
        ? `a deploy of this plan would be refused (${exceededLines(capacity).join('; ')})`
        : 'within quota';
    return `Quotas (openstack-capacity): ${verdict}\n${renderCapacityText(capacity)}`;
}


/***/ }),

/***/ 39998:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Bl: () => (/* binding */ tlsSettings),
/* harmony export */   VG: () => (/* binding */ RequestTimeout),
/* harmony export */   aj: () => (/* binding */ httpRequest),
/* harmony export */   qF: () => (/* binding */ parseJson)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(36452);
/**
 * One HTTP exchange with an OpenStack API, with the credentials' TLS settings (CA bundle, insecure)
 * and a deadline for the whole exchange. Node's http(s) rather than fetch: fetch cannot take a
 * per-request CA or skip verification.
 */


/** The CA bundle read once per run; a missing file is the user's to fix, named with its source. */
function tlsSettings(creds) {
    if (!creds.caCert)
        return { insecure: creds.insecure };
    try {
        return { insecure: creds.insecure, ca: (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(creds.caCert) };
    }
    catch (error) {
        const from = creds.sources.caCert ? ` (from ${creds.sources.caCert})` : '';
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`cannot read the CA bundle ${creds.caCert}${from}: ${(0,_lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .gJ)(error)}`);
    }
}
class RequestTimeout extends Error {
    connected;
    constructor(connected) {
        super('request timed out');
        this.connected = connected;
    }
}
async function httpRequest(request) {
    const { url, tls } = request;
    // Loaded on use: node:https (and tls) would add ~10 ms to the start of every action and command.
    const transport = url.protocol === 'https:' ? await Promise.resolve(/* import() */).then(__webpack_require__.t.bind(__webpack_require__, 44708, 19)) : await Promise.resolve(/* import() */).then(__webpack_require__.t.bind(__webpack_require__, 37067, 19));
    return new Promise((resolve, reject) => {
        const data = request.payload === undefined ? undefined : JSON.stringify(request.payload);
        let connected = false;
        const fail = (error) => {
            clearTimeout(deadline);
            reject(error);
        };
        const outgoing = transport.request(url, {
            method: request.method,
            // A one-off connection: no keep-alive socket outlives the check.
            agent: false,
            headers: {
                Accept: 'application/json',
                ...(data !== undefined && { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) }),
                ...request.headers,
            },
            ...(url.protocol === 'https:' && { rejectUnauthorized: !tls.insecure, ...(tls.ca && { ca: tls.ca }) }),
        }, (response) => {
            const chunks = [];
            let size = 0;
            response.on('data', (chunk) => {
                size += chunk.length;
                if (size > request.maxBytes) {
                    outgoing.destroy(new Error(`the answer exceeds ${Math.round(request.maxBytes / 1024 / 1024)} MiB`));
                }
                else {
                    chunks.push(chunk);
                }
            });
            response.on('error', fail);
            response.on('end', () => {
                clearTimeout(deadline);
                const token = response.headers['x-subject-token'];
                resolve({
                    status: response.statusCode ?? 0,
                    contentType: response.headers['content-type'] ?? '',
                    ...(response.headers.location !== undefined && { location: response.headers.location }),
                    ...(typeof token === 'string' && { subjectToken: token }),
                    body: Buffer.concat(chunks).toString('utf8'),
                });
            });
        });
        const deadline = setTimeout(() => outgoing.destroy(new RequestTimeout(connected)), request.timeoutMs);
        outgoing.on('socket', (socket) => socket.once('connect', () => (connected = true)));
        outgoing.on('error', fail);
        outgoing.end(data);
    });
}
function parseJson(text) {
    try {
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}


/***/ }),

/***/ 82919:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A3: () => (/* binding */ QUOTA_NAMES),
/* harmony export */   Xf: () => (/* binding */ serviceEndpoint),
/* harmony export */   Z1: () => (/* binding */ SERVICE_NAMES),
/* harmony export */   eg: () => (/* binding */ QUOTAS),
/* harmony export */   jb: () => (/* binding */ describeQuotaReads),
/* harmony export */   xP: () => (/* binding */ readProjectQuotas)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(92857);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(49567);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(36452);
/* harmony import */ var _http_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(39998);
/**
 * The project's limits and usage, read from each service's own quota API through the catalog's
 * endpoints (region and interface of the credentials): one request per service, all at once, Octavia
 * excepted (its quota API has limits only, so its objects are listed and counted).
 *
 * Shapes, as the API references document them (../../shared/reference/openstack-day0.md §7):
 * - Nova `GET /limits`: `limits.absolute.{maxTotalInstances, totalInstancesUsed, …}` (nova api-ref
 *   `api-ref/source/limits.inc`, the parameters in `parameters.yaml` under "limits_*").
 * - Neutron `GET /v2.0/quotas/{project_id}/details`: `quota.<resource>.{used, limit, reserved}`
 *   (neutron-lib api-ref `api-ref/source/v2/quotas.inc`, "Show quota details for a project").
 * - Cinder `GET /v3/{project_id}/os-quota-sets/{project_id}?usage=true`:
 *   `quota_set.<resource>.{in_use, limit, reserved, allocated}` (cinder api-ref `api-ref/source/v3/quota-sets.inc`).
 * - Octavia `GET /v2/lbaas/quotas/{project_id}`: `quota.{load_balancer, listener, pool, member,
 *   health_monitor}` with the newer `loadbalancer`/`healthmonitor` spellings beside them (octavia
 *   api-ref `api-ref/source/v2/quota.inc`); usage from `GET /v2/lbaas/{loadbalancers,listeners,pools,
 *   healthmonitors}?project_id=` (members from each pool's `members` list, `api-ref/source/v2/pool.inc`).
 * `-1` is unlimited in all four.
 */



/** The quotas the capacity check compares, named as people say them; each belongs to one service. */
const QUOTAS = {
    instances: { service: 'compute', label: 'instances' },
    cores: { service: 'compute', label: 'cores (vCPUs)' },
    ram: { service: 'compute', label: 'RAM (MiB)' },
    server_groups: { service: 'compute', label: 'server groups' },
    server_group_members: { service: 'compute', label: 'server group members (per group)' },
    networks: { service: 'network', label: 'networks' },
    subnets: { service: 'network', label: 'subnets' },
    ports: { service: 'network', label: 'ports' },
    routers: { service: 'network', label: 'routers' },
    floating_ips: { service: 'network', label: 'floating IPs' },
    security_groups: { service: 'network', label: 'security groups' },
    security_group_rules: { service: 'network', label: 'security group rules' },
    volumes: { service: 'volume', label: 'volumes' },
    gigabytes: { service: 'volume', label: 'volume gigabytes' },
    load_balancers: { service: 'load-balancer', label: 'load balancers' },
    listeners: { service: 'load-balancer', label: 'listeners' },
    pools: { service: 'load-balancer', label: 'pools' },
    members: { service: 'load-balancer', label: 'pool members' },
    health_monitors: { service: 'load-balancer', label: 'health monitors' },
};
const QUOTA_NAMES = Object.keys(QUOTAS);
/** The service behind each quota API, for messages ("Nova GET /limits"). */
const SERVICE_NAMES = {
    compute: 'Nova',
    network: 'Neutron',
    volume: 'Cinder',
    'load-balancer': 'Octavia',
};
/**
 * Catalog types per service, first match wins. Cinder is `block-storage` in the service-types
 * authority and still `volumev3` on most clouds.
 */
const CATALOG_TYPES = {
    compute: ['compute'],
    network: ['network'],
    volume: ['block-storage', 'volumev3'],
    'load-balancer': ['load-balancer'],
};
/** A quota set is a few kB; object lists of a project with many load balancers run to a few MiB. */
const MAX_QUOTA_BYTES = 1024 * 1024;
const MAX_LIST_BYTES = 16 * 1024 * 1024;
/** Octavia pages lists (pagination_max_limit, 1000 by default); more pages than this is no project of ours. */
const MAX_PAGES = 50;
/** The endpoint of a service in the catalog, or undefined. */
function serviceEndpoint(endpoints, service) {
    for (const type of CATALOG_TYPES[service])
        if (endpoints[type])
            return endpoints[type];
    return undefined;
}
/** A read that did not give a usable answer; its message names the API. */
class QuotaReadError extends Error {
}
const UNLIMITED = -1;
function usage(inUse, limit) {
    return { inUse, ...(limit !== UNLIMITED && { limit }) };
}
/** `base` + `path`, keeping base's own path (`https://h/compute/v2.1` + `/limits`). */
function join(base, path) {
    return new URL(`${base.replace(/\/+$/, '')}${path}`);
}
async function getJson(session, api, url, maxBytes = MAX_QUOTA_BYTES) {
    let answer;
    try {
        answer = await session.get(url, maxBytes);
    }
    catch (error) {
        const why = error instanceof _http_js__WEBPACK_IMPORTED_MODULE_1__/* .RequestTimeout */ .VG
            ? error.connected
                ? 'no answer in time'
                : 'could not connect in time'
            : (0,_lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error);
        throw new QuotaReadError(`${api} failed: ${why}`);
    }
    if (answer.status === 403) {
        throw new QuotaReadError(`${api} answered 403 Forbidden: this cloud does not let the project read it (some allow only admins); ask the operator for the reader role or the quota figures`);
    }
    if (answer.status === 401)
        throw new QuotaReadError(`${api} answered 401: the token was not accepted`);
    if (answer.status === 404) {
        throw new QuotaReadError(`${api} answered 404 Not Found: the endpoint in the catalog does not offer this API`);
    }
    if (answer.status < 200 || answer.status >= 300)
        throw new QuotaReadError(`${api} answered ${answer.status}`);
    const json = (0,_http_js__WEBPACK_IMPORTED_MODULE_1__/* .parseJson */ .qF)(answer.body);
    if (json === undefined)
        throw new QuotaReadError(`${api} answered ${answer.status} with something other than JSON`);
    return json;
}
function parse(schema, json, api) {
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new QuotaReadError(`${api} answered in an unexpected shape (${issue?.path.join('.')}: ${issue?.message})`);
    }
    return parsed.data;
}
// ---- Nova ---------------------------------------------------------------------------------------
/** nova api-ref limits.inc: the absolute limits and the project's usage beside them. */
const NovaLimitsSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    limits: zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
        absolute: zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
            maxTotalInstances: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig(),
            maxTotalCores: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig(),
            maxTotalRAMSize: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig(),
            maxServerGroups: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig(),
            maxServerGroupMembers: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig(),
            totalInstancesUsed: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig(),
            totalCoresUsed: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig(),
            totalRAMUsed: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig(),
            totalServerGroupsUsed: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig(),
        }),
    }),
});
/** nova api-ref server-groups.inc: `GET /os-server-groups` lists the project's groups with their member ids. */
const NovaServerGroupsSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    server_groups: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ id: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), members: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()) })),
});
async function readNova(session, base) {
    const limitsApi = 'Nova GET /limits';
    const groupsApi = 'Nova GET /os-server-groups';
    const [limits, groups] = await Promise.all([
        getJson(session, limitsApi, join(base, '/limits')).then((json) => parse(NovaLimitsSchema, json, limitsApi)),
        getJson(session, groupsApi, join(base, '/os-server-groups'), MAX_LIST_BYTES).then((json) => parse(NovaServerGroupsSchema, json, groupsApi)),
    ]);
    const a = limits.limits.absolute;
    const serverGroupMembers = {};
    for (const group of groups.server_groups)
        serverGroupMembers[group.id] = group.members.length;
    return {
        usage: {
            instances: usage(a.totalInstancesUsed, a.maxTotalInstances),
            cores: usage(a.totalCoresUsed, a.maxTotalCores),
            ram: usage(a.totalRAMUsed, a.maxTotalRAMSize),
            server_groups: usage(a.totalServerGroupsUsed, a.maxServerGroups),
            // A per-group limit: the comparison takes each group's own members (serverGroupMembers).
            server_group_members: usage(0, a.maxServerGroupMembers),
        },
        serverGroupMembers,
    };
}
// ---- Neutron ------------------------------------------------------------------------------------
/** neutron-lib api-ref quotas.inc: `reserved` may be a string on some releases (gophercloud quotas/results.go). */
const NeutronDetail = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ used: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .ai(), limit: zod__WEBPACK_IMPORTED_MODULE_3__/* .number */ .ai() });
const NeutronDetailsSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    quota: zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
        network: NeutronDetail,
        subnet: NeutronDetail,
        port: NeutronDetail,
        router: NeutronDetail,
        floatingip: NeutronDetail,
        security_group: NeutronDetail,
        security_group_rule: NeutronDetail,
    }),
});
async function readNeutron(session, base) {
    const api = 'Neutron GET /v2.0/quotas/{project_id}/details';
    const q = parse(NeutronDetailsSchema, await getJson(session, api, join(base, `/v2.0/quotas/${encodeURIComponent(session.projectId)}/details`)), api).quota;
    const of = (detail) => usage(detail.used, detail.limit);
    return {
        networks: of(q.network),
        subnets: of(q.subnet),
        ports: of(q.port),
        routers: of(q.router),
        floating_ips: of(q.floatingip),
        security_groups: of(q.security_group),
        security_group_rules: of(q.security_group_rule),
    };
}
// ---- Cinder -------------------------------------------------------------------------------------
const CinderDetail = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ in_use: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig(), limit: zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig() });
const CinderQuotaSetSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ quota_set: zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ volumes: CinderDetail, gigabytes: CinderDetail }) });
/**
 * Cinder's catalog URL usually ends in the project id (`…/v3/%(project_id)s`, filled in by
 * Keystone); since 3.67 it may stop at `/v3`. The quota set is under the project either way.
 */
function cinderBase(base, projectId) {
    const trimmed = base.replace(/\/+$/, '');
    return trimmed.endsWith(`/${projectId}`) ? trimmed : `${trimmed}/${encodeURIComponent(projectId)}`;
}
async function readCinder(session, base) {
    const api = 'Cinder GET /v3/{project_id}/os-quota-sets/{project_id}?usage=true';
    const url = join(cinderBase(base, session.projectId), `/os-quota-sets/${encodeURIComponent(session.projectId)}?usage=true`);
    const q = parse(CinderQuotaSetSchema, await getJson(session, api, url), api).quota_set;
    return { volumes: usage(q.volumes.in_use, q.volumes.limit), gigabytes: usage(q.gigabytes.in_use, q.gigabytes.limit) };
}
// ---- Octavia ------------------------------------------------------------------------------------
/**
 * octavia api-ref quota.inc: both spellings are returned (`load_balancer` and, since Rocky,
 * `loadbalancer`); `null` means the project uses the default (octavia api/v2/types/quotas.py).
 */
const OctaviaLimit = zod__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig().nullish();
const OctaviaQuotaSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    quota: zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
        loadbalancer: OctaviaLimit,
        load_balancer: OctaviaLimit,
        listener: OctaviaLimit,
        pool: OctaviaLimit,
        member: OctaviaLimit,
        healthmonitor: OctaviaLimit,
        health_monitor: OctaviaLimit,
    }),
});
const OctaviaLinks = zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ rel: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), href: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP() })).optional();
async function listOctavia(session, base, collection) {
    const api = `Octavia GET /v2/lbaas/${collection}?project_id=`;
    const schema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
        [collection]: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ members: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .unknown */ .L5J()).optional() })),
        [`${collection}_links`]: OctaviaLinks,
    });
    let url = join(base, `/v2/lbaas/${collection}?project_id=${encodeURIComponent(session.projectId)}`);
    let count = 0;
    let members = 0;
    for (let page = 0; url && page < MAX_PAGES; page++) {
        const body = parse(schema, await getJson(session, api, url, MAX_LIST_BYTES), api);
        const items = body[collection];
        count += items.length;
        for (const item of items)
            members += item.members?.length ?? 0;
        const next = body[`${collection}_links`]?.find((link) => link.rel === 'next');
        url = next ? new URL(next.href) : undefined;
    }
    return { count, members };
}
async function readOctavia(session, base) {
    const api = 'Octavia GET /v2/lbaas/quotas/{project_id}';
    const [quotaJson, lbs, listeners, pools, monitors] = await Promise.all([
        getJson(session, api, join(base, `/v2/lbaas/quotas/${encodeURIComponent(session.projectId)}`)),
        listOctavia(session, base, 'loadbalancers'),
        listOctavia(session, base, 'listeners'),
        listOctavia(session, base, 'pools'),
        listOctavia(session, base, 'healthmonitors'),
    ]);
    const q = parse(OctaviaQuotaSchema, quotaJson, api).quota;
    // Unset (null) is the cloud's default, -1 (unlimited) unless the operator changed it; not knowable here.
    const of = (inUse, limit) => usage(inUse, limit ?? UNLIMITED);
    return {
        load_balancers: of(lbs.count, q.loadbalancer ?? q.load_balancer),
        listeners: of(listeners.count, q.listener),
        pools: of(pools.count, q.pool),
        members: of(pools.members, q.member),
        health_monitors: of(monitors.count, q.healthmonitor ?? q.health_monitor),
    };
}
// ---- all of them --------------------------------------------------------------------------------
/** What reading quotas would do, for the dry run. */
function describeQuotaReads() {
    return [
        'Nova GET /limits and /os-server-groups',
        'Neutron GET /v2.0/quotas/{project_id}/details',
        'Cinder GET /v3/{project_id}/os-quota-sets/{project_id}?usage=true',
        'Octavia GET /v2/lbaas/quotas/{project_id} and the project’s load balancers, listeners, pools, health monitors',
    ];
}
/**
 * Reads every service in parallel. A service absent from the catalog, a 403 or any other failure
 * skips that service with the reason: the check then covers the others, and says so.
 */
async function readProjectQuotas(session, services = ['compute', 'network', 'volume', 'load-balancer']) {
    const result = { usage: {}, serverGroupMembers: {}, skipped: [] };
    await Promise.all(services.map(async (service) => {
        const base = serviceEndpoint(session.endpoints, service);
        if (!base) {
            result.skipped.push({
                service,
                reason: `${SERVICE_NAMES[service]} (${CATALOG_TYPES[service].join(' or ')}) is not in the catalog for this region and interface`,
            });
            return;
        }
        try {
            if (service === 'compute') {
                const nova = await readNova(session, base);
                Object.assign(result.usage, nova.usage);
                result.serverGroupMembers = nova.serverGroupMembers;
            }
            else if (service === 'network')
                Object.assign(result.usage, await readNeutron(session, base));
            else if (service === 'volume')
                Object.assign(result.usage, await readCinder(session, base));
            else
                Object.assign(result.usage, await readOctavia(session, base));
        }
        catch (error) {
            if (!(error instanceof QuotaReadError))
                throw error;
            result.skipped.push({ service, reason: error.message });
        }
    }));
    result.skipped.sort((a, b) => services.indexOf(a.service) - services.indexOf(b.service));
    return result;
}


/***/ }),

/***/ 30018:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ph: () => (/* binding */ codeText),
/* harmony export */   wh: () => (/* binding */ plainText)
/* harmony export */ });
/* unused harmony export oneLine */
/**
 * Text we did not write (resource addresses, node names, messages naming them) put into Markdown
 * that GitHub renders: it must show as written and do nothing else — no markup, no HTML (a fake
 * `<!-- marker -->`), no @mention or #reference that notifies someone, no line break that starts a
 * new block.
 */
/** Control characters and line breaks: one line stays one line. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/** At most `max` characters (cut ones end in `…`), control characters as spaces. */
function oneLine(text, max) {
    const line = text.replace(CONTROL, ' ');
    return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
/**
 * The inside of a code span: GitHub shows it literally (no markup, mention or link). A backtick
 * would close the span, so it becomes `'`; in a table cell `|` would end the cell, so it is escaped
 * (GitHub's tables take `\|` inside code spans too).
 */
function codeText(text, { max = 300, table = false } = {}) {
    const code = oneLine(text, max).replace(/`/g, "'");
    return table ? code.replace(/\|/g, '\\|') : code;
}
/** ASCII punctuation, which CommonMark lets a backslash make literal. */
const PUNCTUATION = /[!-/:-@[-`{-~]/g;
const ENTITIES = { '<': '&lt;', '>': '&gt;', '&': '&amp;' };
/** U+2060 WORD JOINER: invisible, and ends the name GitHub would read as @someone or #123. */
const WORD_JOINER = '\u2060';
/**
 * Plain text, shown as written: every ASCII punctuation character escaped (`<`, `>` and `&` as
 * entities, so the raw body never holds `<!--`), and `@` and `#` followed by a word joiner, which
 * GitHub's mention and reference links do not cross.
 */
function plainText(text, { max = 500 } = {}) {
    return oneLine(text, max).replace(PUNCTUATION, (c) => ENTITIES[c] ?? (c === '@' || c === '#' ? `\\${c}${WORD_JOINER}` : `\\${c}`));
}


/***/ }),

/***/ 93581:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Vp: () => (/* binding */ runUrl),
/* harmony export */   bN: () => (/* binding */ actionsOutput),
/* harmony export */   j_: () => (/* binding */ readEvent),
/* harmony export */   pO: () => (/* binding */ runContext),
/* harmony export */   qM: () => (/* binding */ currentRunUrl),
/* harmony export */   vR: () => (/* binding */ pullRequestFromEvent)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(92857);
/* harmony import */ var _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(36452);
/* harmony import */ var _core_lib_output_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(33822);
/* harmony import */ var _actions_core_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(14518);






/** What the runner tells an action about the run it is in; `need` names what requires it, for errors. */
function runContext(token, env = process.env, need = {
    purpose: 'state-store: artifact',
    permissions: 'actions: read and write',
    elsewhere: 'use state-store: local',
}) {
    const [owner = '', repo = ''] = (env.GITHUB_REPOSITORY ?? '').split('/');
    if (!owner || !repo || !env.GITHUB_RUN_ID) {
        throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`${need.purpose} works only inside GitHub Actions (GITHUB_REPOSITORY and GITHUB_RUN_ID are not set)${need.elsewhere ? `; ${need.elsewhere}` : ''}`);
    }
    if (!token)
        throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`${need.purpose} needs github-token (the default is \${{ github.token }}) with permissions ${need.permissions}`);
    return {
        owner,
        repo,
        runId: Number(env.GITHUB_RUN_ID),
        runAttempt: Number(env.GITHUB_RUN_ATTEMPT ?? 1),
        token,
        apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
        serverUrl: env.GITHUB_SERVER_URL ?? 'https://github.com',
    };
}
function runUrl(run) {
    return `${run.serverUrl}/${run.owner}/${run.repo}/actions/runs/${run.runId}`;
}
/** The URL of the run this action is in, when it is in one. */
function currentRunUrl(env = process.env) {
    const [owner = '', repo = ''] = (env.GITHUB_REPOSITORY ?? '').split('/');
    if (!owner || !repo || !env.GITHUB_RUN_ID)
        return undefined;
    return runUrl({
        serverUrl: env.GITHUB_SERVER_URL ?? 'https://github.com',
        owner,
        repo,
        runId: Number(env.GITHUB_RUN_ID),
    });
}
/**
 * The parts of the event payload (GITHUB_EVENT_PATH) the actions read, checked: each is undefined
 * when absent or not of the expected shape. Built on first use: only the plan paths read the event.
 */
function eventSchema() {
    return zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({
        pull_request: zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({
            number: zod__WEBPACK_IMPORTED_MODULE_5__/* .number */ .aig().int().positive(),
            head: zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({ sha: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().optional(), repo: zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({ full_name: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP() }).nullish() }).optional(),
            base: zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({ sha: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP().optional() }).optional().catch(undefined),
            /** How many files the pull request changes (its file list stops at 3000). */
            changed_files: zod__WEBPACK_IMPORTED_MODULE_5__/* .number */ .aig().int().nonnegative().optional().catch(undefined),
        })
            .optional()
            .catch(undefined),
        /** push: the branch's commit before and after the push (`before` all zeros for a new branch). */
        before: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP()
            .regex(/^[0-9a-f]{40,64}$/)
            .optional()
            .catch(undefined),
        after: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP()
            .regex(/^[0-9a-f]{40,64}$/)
            .optional()
            .catch(undefined),
        workflow_run: zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({
            id: zod__WEBPACK_IMPORTED_MODULE_5__/* .number */ .aig().int().positive(),
            head_sha: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP()
                .regex(/^[0-9a-f]{40}$/)
                .optional(),
        })
            .optional()
            .catch(undefined),
    });
}
let EventSchema;
/** The event that started the run, or undefined outside a run (or when its file is not JSON). */
function readEvent(env = process.env) {
    if (!env.GITHUB_EVENT_PATH)
        return undefined;
    let json;
    try {
        json = JSON.parse((0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)(env.GITHUB_EVENT_PATH, 'utf8'));
    }
    catch {
        return undefined;
    }
    EventSchema ??= eventSchema();
    const parsed = EventSchema.safeParse(json);
    return parsed.success ? parsed.data : undefined;
}
/** The pull request this run is for, from the event payload (pull_request and pull_request_target events). */
function pullRequestFromEvent(env = process.env) {
    const pr = readEvent(env)?.pull_request;
    if (!pr)
        return undefined;
    const head = pr.head?.repo?.full_name;
    return { number: pr.number, headSha: pr.head?.sha, fromFork: !!head && head !== env.GITHUB_REPOSITORY };
}
/**
 * Console output for the Actions log: a group per step, with workflow commands off inside it. `quiet` keeps the
 * tools' output in the run's log file (the dry run shows its plan, so it never is).
 */
function actionsOutput(pipeline, { quiet = false } = {}) {
    let resumeToken = '';
    return new _core_lib_output_js__WEBPACK_IMPORTED_MODULE_3__/* .DeployOutput */ .zc(pipeline.redactor, process.stdout, {
        quiet,
        colour: pipeline.settings.colour,
        startGroup(title) {
            _actions_core_js__WEBPACK_IMPORTED_MODULE_4__/* .startGroup */ .Oh(title);
            // Tool output must not be able to issue workflow commands (::set-output, ::add-mask, …).
            resumeToken = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(16).toString('hex');
            process.stdout.write(`::stop-commands::${resumeToken}\n`);
        },
        endGroup() {
            if (resumeToken)
                process.stdout.write(`::${resumeToken}::\n`);
            resumeToken = '';
            _actions_core_js__WEBPACK_IMPORTED_MODULE_4__/* .endGroup */ .N4();
        },
    });
}


/***/ })

};
