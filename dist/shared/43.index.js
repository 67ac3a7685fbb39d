export const id = 43;
export const ids = [43];
export const modules = {

/***/ 46113:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  le: () => (/* binding */ checkFilter),
  Vk: () => (/* binding */ checkStepIds),
  lH: () => (/* binding */ decideStep),
  H: () => (/* binding */ keepsResumeState),
  eX: () => (/* binding */ loadStartingState),
  Ki: () => (/* binding */ selectSteps),
  ZK: () => (/* binding */ usesSavedState)
});

;// CONCATENATED MODULE: ./lib/core/lib/did-you-mean.js
/** The closest of `candidates` to a mistyped `word` (edit distance ≤ 2, or a prefix), for "did you mean". */
function closest(word, candidates) {
    const distance = (a, b) => {
        let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
        for (let i = 1; i <= a.length; i++) {
            const row = [i];
            for (let j = 1; j <= b.length; j++)
                row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
            prev = row;
        }
        return prev[b.length];
    };
    let best;
    for (const c of candidates) {
        const d = c.startsWith(word) && word.length >= 3 ? 1 : distance(word, c);
        if (d <= Math.min(2, Math.floor(c.length / 3)) && (!best || d < best[1]))
            best = [c, d];
    }
    return best?.[0];
}

// EXTERNAL MODULE: ./lib/core/lib/errors.js
var errors = __webpack_require__(36452);
// EXTERNAL MODULE: ./lib/core/lib/option-values.js
var option_values = __webpack_require__(9485);
// EXTERNAL MODULE: ./lib/core/model/state.js
var model_state = __webpack_require__(12280);
;// CONCATENATED MODULE: ./lib/core/model/step.js
/** Every step id of every operation (model/operations.ts says which operation runs which, in what order). */
const STEP_IDS = [
    'openstack-preflight',
    'opentofu-init',
    'opentofu-plan',
    'openstack-capacity',
    'kubespray-fetch',
    'kubespray-venv-create',
    'kubespray-pip-install',
    'kubespray-remove-nodes',
    'opentofu-apply',
    'kubespray-ansible-playbook',
    'kubernetes-version-check',
    'kubespray-facts',
    'kubespray-upgrade-control-plane',
    'kubespray-upgrade-workers',
    'opentofu-destroy',
    'forget-cluster',
    'opentofu-drift',
    'cluster-health',
    'openstack-normalize-kubeconfig',
    'wait-ready',
    'capi-management-cluster',
    'clusterctl-init',
    'capi-cloud-credentials',
    'capi-render',
    'capi-apply',
    'capi-wait',
    'capi-workload-kubeconfig',
    'capi-addons',
    'capi-pivot',
    'capi-move-back',
    'capi-delete-cluster',
    'capi-drift',
    'capi-conditions',
    'capi-upgrade-check',
    'capi-upgrade-control-plane',
    'capi-upgrade-workers',
];

// EXTERNAL MODULE: ./lib/core/model/operations.js
var operations = __webpack_require__(10503);
;// CONCATENATED MODULE: ./lib/core/engine/selection.js






/** The step ids a filter names, each with the flag that named it. */
const chosenSteps = (filter) => [
    ['step', filter.step],
    ['from-step', filter.fromStep],
];
const cliFlags = (flag) => `--${flag}`;
/**
 * Checks a filter on its own, before any config is read: --step with --from-step, and a destroy's step that would
 * forget a cluster it never destroyed. Without an operation (`logs --step`), a step id must be one of any
 * operation's; with one, the ids are checked once the config has said which steps the run has (checkStepIds).
 */
function checkFilter(filter, where = cliFlags, operation) {
    if (filter.step && filter.fromStep)
        throw new errors/* UsageError */.eb(`${where('step')} and ${where('from-step')} cannot be used together`);
    if (!operation) {
        checkStepIds(filter, undefined, STEP_IDS, where);
        return;
    }
    // forget-cluster deletes the kubeconfig and marks the cluster destroyed: run alone, it forgets a cluster that is still there.
    for (const [flag, id] of chosenSteps(filter)) {
        if (operation === 'destroy' && id === FORGET_STEP)
            throw new errors/* UsageError */.eb(`destroy: ${where(flag)} ${FORGET_STEP} would forget the cluster without destroying it: ${FORGET_STEP} runs only after opentofu-destroy (capi-delete-cluster with cluster-api) has destroyed it; run the whole destroy, or --from-step opentofu-destroy (input from-step)`);
    }
}
/**
 * The filter's step ids against the steps this run has (its operation's, for its deployment method): a typo gets
 * "did you mean" and the list to choose from, which holds only this run's steps; a step of another operation or
 * method says whose it is.
 */
function checkStepIds(filter, run, available, where = cliFlags) {
    for (const [flag, id] of chosenSteps(filter)) {
        if (id === undefined || available.includes(id))
            continue;
        if (!STEP_IDS.includes(id) || !run) {
            const guess = closest(id, available);
            throw new errors/* UsageError */.eb(`${where(flag)}: unknown bootstrap step "${id}"${guess ? ` (did you mean "${guess}"?)` : ''} (available: ${available.join(', ')})`);
        }
        const { operation, method } = run;
        const owners = option_values/* OPERATIONS */.xb.filter((op) => (0,operations/* operationStepIds */.OZ)(op).includes(id));
        if (!owners.includes(operation))
            throw new errors/* UsageError */.eb(`${where(flag)}: "${id}" is a step of ${owners.join(' and ')}, not of ${operation} (${operation}'s steps: ${available.join(', ')})`);
        throw new errors/* UsageError */.eb(`${where(flag)}: "${id}" is not a step of ${operation} with deployment.method ${method} (its steps: ${available.join(', ')}); the Kubespray steps run only with deployment.method kubespray, the capi- steps only with cluster-api`);
    }
}
const FORGET_STEP = 'forget-cluster';
/** The steps a run covers: all of them, exactly one (--step) or a tail (--from-step). */
function selectSteps(steps, filter) {
    checkFilter(filter);
    for (const id of [filter.step, filter.fromStep]) {
        if (id && !steps.some((s) => s.id === id)) {
            throw new errors/* UsageError */.eb(`step "${id}" is not part of this run (its steps: ${steps.map((s) => s.id).join(', ')}); each operation has its own steps, and the Kubespray steps run only with deployment.method kubespray, the capi- steps only with cluster-api`);
        }
    }
    if (filter.step)
        return steps.filter((s) => s.id === filter.step);
    if (filter.fromStep)
        return steps.slice(steps.findIndex((s) => s.id === filter.fromStep));
    return [...steps];
}
/**
 * Whether an operation saves resume state. A check only reads: it neither resumes nor saves, so an
 * unfinished deploy stays resumable and a completed one stays complete.
 */
function keepsResumeState(operation) {
    return operation !== 'check';
}
/** Whether saved state decides anything: not with --restart, --step or --from-step. */
function usesSavedState(filter) {
    return !filter.restart && !filter.step && !filter.fromStep;
}
/** Decides whether a step runs, from its kind and what the saved state says about it (and about the step it prepares for). */
async function decideFromState(step, saved, useState, state) {
    if (!useState)
        return { run: true, reason: 'selected' };
    if (step.preparesFor && state?.steps[step.preparesFor]?.status === 'success') {
        return { run: false, reason: `${step.preparesFor} already completed` };
    }
    if (!saved)
        return { run: true, reason: 'not run yet' };
    if (saved.status === 'failed')
        return { run: true, reason: `failed last time${saved.error ? `: ${saved.error}` : ''}` };
    if (saved.status === 'running')
        return { run: true, reason: 'was interrupted last time' };
    if (step.kind === 'check')
        return { run: true, reason: 'checks always run' };
    if (step.kind === 'converge')
        return { run: true, reason: 'reads what is left to do from the cluster' };
    if (step.preparesFor)
        return { run: true, reason: `runs until ${step.preparesFor} has completed` };
    if (step.kind === 'runner-local' && !(await step.outputsPresent?.())) {
        return { run: true, reason: 'completed before, but its outputs are missing on this machine' };
    }
    return { run: false, reason: 'already completed' };
}
/**
 * Decides whether a step runs: from its kind and what the saved state says about it (and about the step it prepares
 * for), then, if it would run, whether it has anything to do now (Step.skipWhen; --step and --from-step too).
 */
async function decideStep(step, saved, useState, state) {
    const decision = await decideFromState(step, saved, useState, state);
    const nothing = decision.run && state ? step.skipWhen?.(state) : undefined;
    return nothing ? { run: false, reason: nothing, nothingToDo: true } : decision;
}
/**
 * Loads the state a run starts from. A completed run is history, not something to resume; so is a
 * destroyed cluster, and the unfinished run of another operation (its steps are not this one's).
 */
async function loadStartingState(store, cluster, filter, operation = 'deploy') {
    const fresh = (note, keep) => {
        const state = (0,model_state/* emptyState */.p$)(cluster, operation);
        // Where the Cluster API objects live outlives a run: a pivoted cluster manages itself, a lost kind is worth saying.
        if (keep?.clusterApi && !keep.destroyedAt)
            state.clusterApi = keep.clusterApi;
        // The Kubespray commit and run digest too, except on --restart: that accepts a moved tag and re-runs everything.
        if (keep?.kubespray && !keep.destroyedAt && !filter.restart)
            state.kubespray = keep.kubespray;
        // So does the fact that a deploy made infrastructure: a destroy that finds no tofu state refuses (not after --restart).
        if (!filter.restart && (0,model_state/* recordsDeployedCluster */.zk)(keep))
            state.deployedAt = keep.deployedAt ?? keep.completedAt ?? keep.updatedAt;
        return { state, note };
    };
    if (!keepsResumeState(operation))
        return fresh(`a ${operation} keeps no resume state: every step runs, and the saved state stays as it is`, 
        // Read, never saved: a Cluster API check needs to know where the objects are (a pivoted cluster holds its own).
        await store.load().catch(() => undefined));
    if (filter.restart)
        return fresh('restart: saved state ignored', await store.load().catch(() => undefined));
    const saved = await store.load();
    if (!saved)
        return fresh();
    if (saved.destroyedAt)
        return fresh(`the cluster was destroyed at ${saved.destroyedAt}; starting from nothing`);
    if (saved.operation !== operation) {
        if (saved.completedAt)
            return fresh(undefined, saved);
        const failed = Object.entries(saved.steps).find(([, step]) => step.status !== 'success')?.[0];
        return fresh(`the saved state is an unfinished ${saved.operation}${failed ? ` (stopped at ${failed})` : ''}; this ${operation} starts from its first step`, saved);
    }
    if (saved.completedAt && usesSavedState(filter)) {
        return fresh(`the last ${operation} completed at ${saved.completedAt}; running every step`, saved);
    }
    return { state: saved };
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

/***/ 2218:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ni: () => (/* binding */ failureHeadline),
/* harmony export */   Pu: () => (/* binding */ failureLine),
/* harmony export */   d1: () => (/* binding */ runCommand),
/* harmony export */   ju: () => (/* binding */ CommandFailedError),
/* harmony export */   kc: () => (/* binding */ displayCommand),
/* harmony export */   nY: () => (/* binding */ commandExecutor)
/* harmony export */ });
/* harmony import */ var node_child_process__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(31421);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var _duration_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(32335);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(36452);
/* harmony import */ var _output_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(33822);





class CommandFailedError extends Error {
    command;
    result;
    about;
    name = 'CommandFailedError';
    constructor(command, result, about) {
        const how = result.signal ? `was killed by ${result.signal}` : `exited with ${result.exitCode}`;
        super(`${command} ${how}`);
        this.command = command;
        this.result = result;
        this.about = about;
    }
}
/**
 * A failed command in one line: how it ended, the tool's reason, and the file or setting it worked on.
 * The reason is its first diagnostic ("│ Error: …" from tofu, "ERROR: …" from pip), else the host and
 * message of Ansible's last failed task, else its last line that says something (kubectl's "The
 * connection to the server … was refused", "error: error loading config file …"): far more than an exit code.
 */
function failureHeadline(error) {
    const { tail } = error.result;
    const reason = toolDiagnostic(tail) ?? ansibleFailure(tail) ?? lastMeaningfulLine(tail);
    const about = error.about ? ` (${error.about})` : '';
    return `${error.message}${reason ? `: ${cut(reason)}` : ''}${about}`;
}
const cut = (text, max = 300) => (text.length > max ? `${text.slice(0, max)}…` : text);
function toolDiagnostic(tail) {
    return tail.map((line) => /^[│|]?\s*(?:Error|ERROR): (.+)$/.exec(line)?.[1]?.trim()).find(Boolean);
}
/** `fatal: [host]: FAILED! => {…}`: the host, and the task's stderr (its last line) or msg. */
function ansibleFailure(tail) {
    for (const line of [...tail].reverse()) {
        const match = /^fatal: \[([^\]]+)\]: (?:FAILED|UNREACHABLE)! => (\{.*\})\s*$/.exec(line.trim());
        if (!match)
            continue;
        let result = {};
        try {
            result = JSON.parse(match[2]);
        }
        catch {
            // a result cut short: the host alone still says where
        }
        const stderr = typeof result.stderr === 'string' ? lastMeaningfulLine(result.stderr.split('\n')) : undefined;
        const msg = typeof result.msg === 'string' ? result.msg.trim() : undefined;
        return `${match[1]}: ${stderr || msg || 'failed'}`;
    }
    return undefined;
}
/** Output lines that close a run without saying what went wrong. */
const NOISE = /^(?:PLAY RECAP\b.*|\S+\s+:\s+ok=\d+.*|[*=-]+|\s*)$/;
function lastMeaningfulLine(lines) {
    return [...lines]
        .reverse()
        .map((line) => line.trim())
        .find((line) => !NOISE.test(line));
}
/** The name to show for a command: its program's basename. */
function commandName(argv) {
    return node_path__WEBPACK_IMPORTED_MODULE_1__.basename(argv[0] ?? '?');
}
/**
 * Runs a command with live, redacted, bounded output. The child gets its own process group so a
 * terminal Ctrl-C reaches only us; we then forward exactly one SIGINT (a second SIGINT makes tofu
 * abandon its state lock), and SIGTERM if it has not exited after the grace period.
 */
function runCommand(spec, options) {
    const [program, ...args] = spec.argv;
    if (!program)
        throw new Error('runCommand: empty argv');
    const { redactor, signal } = options;
    const grace = options.interruptGraceMs ?? 7000;
    const tail = new _output_js__WEBPACK_IMPORTED_MODULE_4__/* .TailBuffer */ .vX(30);
    const captureLimit = options.captureStdout ?? 0;
    const captured = [];
    let capturedBytes = 0;
    const byteSink = options.output?.bytes;
    const textSink = byteSink ? undefined : options.output;
    // One redaction stream per pipe: each holds back its own unfinished secret or character.
    const stdout = redactor.stream();
    const stderr = redactor.stream();
    return new Promise((resolve, reject) => {
        if (signal?.aborted) {
            resolve({ exitCode: null, signal: 'SIGINT', tail: [], stdout: '' });
            return;
        }
        const child = (0,node_child_process__WEBPACK_IMPORTED_MODULE_0__.spawn)(program, args, {
            cwd: spec.cwd,
            env: spec.env,
            stdio: ['ignore', 'pipe', 'pipe'],
            detached: true,
        });
        if (child.pid !== undefined)
            options.onSpawn?.(child.pid, commandName(spec.argv));
        const timers = [];
        const sendToGroup = (sig) => {
            if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null)
                return;
            try {
                process.kill(-child.pid, sig);
            }
            catch {
                child.kill(sig);
            }
        };
        const onAbort = () => {
            sendToGroup('SIGINT');
            timers.push(setTimeout(() => sendToGroup('SIGTERM'), grace));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        // While a sink is full, both pipes are paused: the child blocks on its writes instead of our memory growing.
        let waits = 0;
        const resumed = () => {
            if (--waits > 0)
                return;
            child.stdout.resume();
            child.stderr.resume();
        };
        // The console, the log and the tail see one interleaving of the two pipes, a line at a time.
        const lines = new _output_js__WEBPACK_IMPORTED_MODULE_4__/* .LineInterleaver */ .Kg((chunks) => {
            tail.push(chunks);
            textSink?.((0,_output_js__WEBPACK_IMPORTED_MODULE_4__/* .decodeChunks */ .$N)(chunks));
            const wait = byteSink?.writeBytes(chunks);
            if (!wait)
                return;
            if (waits++ === 0) {
                child.stdout.pause();
                child.stderr.pause();
            }
            void wait.then(resumed);
        });
        const fromStdout = (chunks) => {
            for (const chunk of chunks) {
                if (capturedBytes >= captureLimit)
                    break;
                captured.push(chunk);
                capturedBytes += chunk.length;
            }
            lines.push(0, chunks);
        };
        child.stdout.on('data', (chunk) => fromStdout(stdout.write(chunk)));
        child.stderr.on('data', (chunk) => lines.push(1, stderr.write(chunk)));
        child.on('error', (error) => {
            signal?.removeEventListener('abort', onAbort);
            if (error.code === 'ENOENT') {
                reject(new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`command not found: ${program} (working directory ${spec.cwd}); install it or put it on PATH`));
            }
            else if (error.code === 'EACCES' || error.code === 'ENOEXEC' || error.code === 'ENOTDIR') {
                // `--kubectl /tmp`, a file without x: the user's mistake, not an internal error with a stack.
                reject(new _errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`cannot run ${program}: not an executable file (${error.code})`));
            }
            else {
                reject(error);
            }
        });
        child.on('close', (exitCode, exitSignal) => {
            signal?.removeEventListener('abort', onAbort);
            for (const timer of timers)
                clearTimeout(timer);
            if (child.pid !== undefined)
                options.onExit?.();
            fromStdout(stdout.end());
            lines.push(1, stderr.end());
            lines.end();
            resolve({ exitCode, signal: exitSignal, tail: tail.tail, stdout: capturedText(captured, captureLimit) });
        });
    });
}
/** Captured stdout as text: decoded once, cut to the limit at a character boundary. */
function capturedText(chunks, limit) {
    if (chunks.length === 0)
        return '';
    const all = Buffer.concat(chunks);
    let end = Math.min(all.length, limit);
    if (end < all.length)
        while (end > 0 && (all[end] & 0xc0) === 0x80)
            end--;
    return all.toString('utf8', 0, end);
}
/** An argv as it could be pasted into a shell (display only: we never run a shell). */
function displayCommand(argv) {
    return argv.map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`)).join(' ');
}
/**
 * How a run executes commands: one redactor, one live output, one interruption signal and the
 * hooks that let the deploy lock record the running child, for every command of every step.
 */
function commandExecutor(base) {
    // The log file gets each command, where it ran, and how and when it ended: the console shows only its output.
    const log = base.output?.log;
    return async (spec, { check = true, capture = false, quiet = false, signal } = {}) => {
        log?.(`$ ${displayCommand(spec.argv)}  (in ${spec.cwd})`);
        const started = Date.now();
        const result = await runCommand(spec, {
            ...base,
            ...(signal ? { signal } : {}),
            output: quiet ? undefined : base.output,
            captureStdout: capture ? Number.POSITIVE_INFINITY : 0,
        });
        const ended = result.signal ? `killed by ${result.signal}` : `exit ${result.exitCode}`;
        log?.(`${commandName(spec.argv)}: ${ended} after ${(0,_duration_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a)(Date.now() - started)}`);
        if (check && result.exitCode !== 0)
            throw new CommandFailedError(commandName(spec.argv), result, spec.about);
        return result;
    };
}
/** The most useful line of a failed command's output: its last non-empty line. */
function lastLine(lines) {
    return ([...lines]
        .reverse()
        .find((l) => l.trim() !== '')
        ?.trim() ?? '');
}
/**
 * What a failed command said went wrong, the one way every step and preview reports it: the last line
 * of its output, else `<what> <exit code>` (default "exited with N").
 */
function failureLine(result, what = 'exited with') {
    return lastLine(result.tail) || `${what} ${result.exitCode}`;
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


/***/ }),

/***/ 14055:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GB: () => (/* binding */ configClusterDir),
/* harmony export */   I$: () => (/* binding */ configClusterName),
/* harmony export */   NF: () => (/* binding */ loadClusterConfig),
/* harmony export */   qq: () => (/* binding */ parseClusterConfig)
/* harmony export */ });
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(76760);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(92857);
/* harmony import */ var _openstack_credentials_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(84554);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(36452);
/* harmony import */ var _lib_files_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4196);
/* harmony import */ var _lib_option_values_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9485);
/* harmony import */ var _placeholders_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(23463);
/* harmony import */ var _lib_yaml_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(24324);








/**
 * The part of an openCenter cluster config (schema 2.0) that the deploy pipeline reads.
 * Unknown fields are allowed everywhere: real configs are large and this tool reads a slice.
 */
const optionalText = zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP().trim().optional();
const SSH_USER_RULE = 'must be a user name (letters, digits, ., _, -; at most 32)';
const BATCH_RULE = 'must be a whole number of workers from 1 to 10000';
const PROVIDER_RULE = 'must be a provider pinned to a release, like openstack:v0.14.7';
/** A clusterctl provider, pinned: `name:vX.Y.Z` (an unpinned one would take whatever is newest on the day). */
const provider = (name, version) => zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP({ error: PROVIDER_RULE })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}:v\d{1,4}\.\d{1,4}\.\d{1,4}(-[0-9A-Za-z.-]{1,40})?$/, PROVIDER_RULE)
    .default(`${name}:${version}`);
const machineCount = (rule, min) => zod__WEBPACK_IMPORTED_MODULE_7__/* .number */ .aig({ error: rule }).int({ error: rule }).min(min, { error: rule }).max(1000, { error: rule });
/** One OPENSTACK_* value for the template: a single line, so it cannot break the YAML it is substituted into. */
const templateValue = zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP({ error: 'must be a string' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(1024, { error: 'must be at most 1024 characters' })
    .regex(/^[^\n\r]*$/, 'must be one line');
/** A tool: a path or a name on PATH. Empty is a mistake, not "the default". */
const toolPath = zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP({ error: 'must be a path or a command name' })
    .trim()
    .min(1, { error: 'must be a path or a command name (leave it out for the one on PATH)' })
    .optional();
const TEMPLATE_VARIABLE_RULE = 'must map template variable names (like OPENSTACK_BASTION_FLAVOR) to one-line values';
/** deployment.cluster_api: the management cluster, providers, template and the values clusterctl substitutes into it. */
const ClusterApiConfigSchema = zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
    management: zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
        /** An existing management cluster (the durable choice). */
        kubeconfig: optionalText,
        /** Or an ephemeral kind cluster on the runner, pivoted into the workload cluster at the end. */
        bootstrap: zod__WEBPACK_IMPORTED_MODULE_7__/* ["enum"] */ .k5n(['kind'], { error: 'must be kind (or set management.kubeconfig for an existing management cluster)' })
            .optional(),
    })
        .prefault({}),
    namespace: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP()
        .trim()
        .regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, 'must be a Kubernetes namespace name (lower-case letters, digits and "-", at most 63)')
        .default('default'),
    /** clusterctl generate cluster --from: relative to the cluster dir. */
    template: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP().trim().min(1, { error: 'must name the template file' }).default('cluster-template.yaml'),
    /** Manifests applied to the workload cluster (CNI, cloud controller manager): relative to the cluster dir. */
    addons: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP().trim().min(1, { error: 'must name the addons directory' }).default('addons'),
    providers: zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
        core: provider('cluster-api', 'v1.12.10'),
        bootstrap: provider('kubeadm', 'v1.12.10'),
        control_plane: provider('kubeadm', 'v1.12.10'),
        infrastructure: provider('openstack', 'v0.14.7'),
        /** ORC's install.yaml (a URL or a path relative to the cluster dir): CAPO needs it and clusterctl init does not install it. */
        orc: optionalText.refine((value) => value === undefined || /^https:\/\//.test(value) || !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value), {
            error: 'must be an https URL or a path in the cluster dir (install.yaml of an ORC release)',
        }),
    })
        .prefault({}),
    control_plane_machine_count: machineCount('must be a whole number of control plane machines from 1 to 1000', 1).default(1),
    worker_machine_count: machineCount('must be a whole number of workers from 0 to 1000', 0).default(1),
    /** capi-wait fails after this long without progress, quoting what CAPO reported (a duration, 1s to 2h). */
    stall_timeout: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP({ error: 'must be a duration such as 10m' })
        .trim()
        .regex(/^(\d+(\.\d+)?(ms|h|m|s))+$/, { error: 'must be a duration such as 10m, 90s or 1h' })
        .default('10m'),
    /** The OPENSTACK_* variables of CAPO's templates, by field. */
    openstack: zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
        cloud: templateValue.optional(),
        image_name: templateValue.optional(),
        control_plane_machine_flavor: templateValue.optional(),
        node_machine_flavor: templateValue.optional(),
        external_network_id: templateValue.optional(),
        // CAPO's templates put the value in ONE list item (`dnsNameservers: [- ${OPENSTACK_DNS_NAMESERVERS}]`), so
        // "1.1.1.1, 8.8.8.8" would be one bad nameserver Neutron refuses and CAPO retries for ever.
        dns_nameservers: templateValue
            .refine((value) => !/[,\s]/.test(value), {
            error: "must be one nameserver (CAPO's template makes it one list item); for more, list them in the template",
        })
            .optional(),
        failure_domain: templateValue.optional(),
        ssh_key_name: templateValue.optional(),
    })
        .prefault({}),
    /** Any other variable the template uses. */
    variables: zod__WEBPACK_IMPORTED_MODULE_7__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP().regex(/^[A-Z_][A-Z0-9_]{0,127}$/, TEMPLATE_VARIABLE_RULE), templateValue, {
        error: TEMPLATE_VARIABLE_RULE,
    })
        .refine((v) => Object.keys(v).length <= 200, { error: 'must hold at most 200 variables' })
        .optional(),
    clusterctl_path: toolPath,
    kind_path: toolPath,
});
const ClusterConfigSchema = zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
    schema_version: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP(),
    opencenter: zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
        meta: zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
            name: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP().trim().regex(_lib_option_values_js__WEBPACK_IMPORTED_MODULE_4__/* .NAME_PATTERN */ .mF, _lib_option_values_js__WEBPACK_IMPORTED_MODULE_4__/* .NAME_RULE */ .$h),
            organization: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP().trim().regex(_lib_option_values_js__WEBPACK_IMPORTED_MODULE_4__/* .NAME_PATTERN */ .mF, _lib_option_values_js__WEBPACK_IMPORTED_MODULE_4__/* .NAME_RULE */ .$h),
        }),
        cluster: zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
            cluster_name: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP().trim().regex(_lib_option_values_js__WEBPACK_IMPORTED_MODULE_4__/* .NAME_PATTERN */ .mF, _lib_option_values_js__WEBPACK_IMPORTED_MODULE_4__/* .NAME_RULE */ .$h).optional(),
            // The version an upgrade goes to unless one is given; Kubespray writes it without a "v".
            kubernetes: zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
                version: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP()
                    .trim()
                    .regex(_lib_option_values_js__WEBPACK_IMPORTED_MODULE_4__/* .KUBERNETES_VERSION_PATTERN */ .Tq, 'must be a Kubernetes version like 1.34.2')
                    .optional(),
            })
                .optional(),
        })
            .optional(),
        infrastructure: zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
            provider: zod__WEBPACK_IMPORTED_MODULE_7__/* ["enum"] */ .k5n(['openstack', 'aws', 'gcp', 'azure', 'baremetal', 'vsphere', 'vmware', 'kind']),
            k8s_api_ip: zod__WEBPACK_IMPORTED_MODULE_7__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_7__/* .ipv4 */ .uXy(), zod__WEBPACK_IMPORTED_MODULE_7__/* .ipv6 */ .ugL()], { error: 'must be an IP address' }).optional(),
            networking: zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
                vrrp_ip: zod__WEBPACK_IMPORTED_MODULE_7__/* .union */ .KCZ([zod__WEBPACK_IMPORTED_MODULE_7__/* .ipv4 */ .uXy(), zod__WEBPACK_IMPORTED_MODULE_7__/* .ipv6 */ .ugL()], { error: 'must be an IP address' }).default('10.2.128.5'),
                vrrp_enabled: zod__WEBPACK_IMPORTED_MODULE_7__/* .boolean */ .zMY().default(true),
                use_octavia: zod__WEBPACK_IMPORTED_MODULE_7__/* .boolean */ .zMY().default(false),
            })
                .prefault({}),
            cloud: zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({ openstack: _openstack_credentials_js__WEBPACK_IMPORTED_MODULE_1__/* .OpenStackConfigSchema */ ._t.optional() }).optional(),
        }),
        gitops: zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
            repository: zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({ local_dir: optionalText }).optional(),
        })
            .optional(),
    }),
    opentofu: zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
        enabled: zod__WEBPACK_IMPORTED_MODULE_7__/* .boolean */ .zMY().default(true),
        path: optionalText,
        backend: zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({ type: zod__WEBPACK_IMPORTED_MODULE_7__/* ["enum"] */ .k5n(['s3', 'local', 'remote', 'http', 'pg', 'swift']).default('local') })
            .prefault({}),
        /** Which planned resources are cluster nodes, and the attribute (a dotted path) that holds the node name. */
        node_resource: zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
            type: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP()
                .trim()
                .regex(/^[a-z][a-z0-9_]*$/, 'must be a resource type like openstack_compute_instance_v2')
                .default('openstack_compute_instance_v2'),
            name_attribute: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP()
                .trim()
                .regex(/^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)*$/, 'must be an attribute path like name or input.node_name')
                .default('name'),
            /** Resources that change with the nodes (an inventory not written by local_file), by address. */
            companions: zod__WEBPACK_IMPORTED_MODULE_7__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP({ error: 'must be a resource address like terraform_data.inventory' })
                .trim()
                .min(1, { error: 'must be a resource address like terraform_data.inventory' }), {
                error: 'must be a list of resource addresses, e.g. [terraform_data.inventory]',
            })
                .max(100, { error: 'must list at most 100 resource addresses' })
                .optional(),
        })
            .prefault({}),
    })
        .prefault({}),
    deployment: zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
        // The reference's methods; settings refuse the ones this tool does not run yet, by name.
        method: zod__WEBPACK_IMPORTED_MODULE_7__/* ["enum"] */ .k5n(['kubespray', 'none', 'kamaji', 'eks', 'gke', 'aks', 'cluster-api']).default('kubespray'),
        kubespray: zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
            /** The Kubespray release (v2.31.0), fetched from `source` unless the cluster dir carries kubespray/ at that version. */
            version: optionalText,
            /** A git URL (default upstream's) or an https .tar.gz with `sha256`. */
            source: optionalText,
            sha256: optionalText,
            /** The venv's interpreter; default the newest python3.X on PATH that the Kubespray release supports. */
            python: toolPath,
            /** The SSH private key Ansible connects with (relative to the config file), and the user. */
            ssh_private_key_file: optionalText,
            ssh_user: zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP({ error: SSH_USER_RULE })
                .trim()
                .regex(/^[a-z_][a-z0-9_.-]{0,31}$/i, SSH_USER_RULE)
                .optional(),
            venv_path: optionalText,
            pip_args: zod__WEBPACK_IMPORTED_MODULE_7__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP()).optional(),
            /** Workers per upgrade-cluster.yml run; default 20% of the workers (Kubespray's serial), at least 1. */
            upgrade_batch_size: zod__WEBPACK_IMPORTED_MODULE_7__/* .number */ .aig({ error: BATCH_RULE })
                .int({ error: BATCH_RULE })
                .min(1, { error: BATCH_RULE })
                .max(10_000, { error: BATCH_RULE })
                .optional(),
        })
            .optional(),
        cluster_api: ClusterApiConfigSchema.optional(),
    })
        .prefault({}),
});
/** What the config's required fields are for, said in an error that finds one missing or of the wrong type. */
const CONFIG_FIELD_MEANINGS = {
    schema_version: 'the config schema\'s version, "2.0"',
    opencenter: "the cluster's settings",
    'opencenter.meta': "the cluster's names",
    'opencenter.meta.name': "the cluster's name",
    'opencenter.meta.organization': "the organisation's name",
    'opencenter.infrastructure': 'where the cluster runs',
    'opencenter.infrastructure.provider': 'the cloud; this tool deploys openstack',
    'opencenter.infrastructure.networking.vrrp_enabled': 'whether keepalived holds the API address vrrp_ip',
    'opencenter.infrastructure.networking.use_octavia': 'whether an Octavia load balancer fronts the API',
    'opentofu.enabled': 'whether OpenTofu makes the infrastructure',
    'deployment.kubespray.pip_args': 'extra arguments for pip, one per item',
};
function parseClusterConfig(text, source, configFile) {
    const { value } = (0,_lib_yaml_js__WEBPACK_IMPORTED_MODULE_6__/* .parseYamlMapping */ .$0)(text, source, _lib_yaml_js__WEBPACK_IMPORTED_MODULE_6__/* .CONFIG_FILE */ .g2);
    // cluster-deploy init's CHANGEMEs, named, before the schema refuses some of them with less help.
    (0,_placeholders_js__WEBPACK_IMPORTED_MODULE_5__/* .refuseConfigPlaceholders */ .HP)(value, source, configFile);
    const result = ClusterConfigSchema.safeParse(value);
    if (!result.success)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo((0,_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .formatIssues */ .og)(source, result.error.issues, CONFIG_FIELD_MEANINGS));
    const config = result.data;
    const name = configClusterName(config);
    if (config.schema_version !== '2.0') {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`invalid schema version for cluster ${name}: expected 2.0, got "${config.schema_version}"`);
    }
    return config;
}
/** The cluster's name: `opencenter.cluster.cluster_name`, else `opencenter.meta.name`. */
function configClusterName(config) {
    return config.opencenter.cluster?.cluster_name || config.opencenter.meta.name;
}
/**
 * The cluster directory a config names, `<local_dir>/infrastructure/clusters/<cluster>` (a relative
 * `local_dir` is relative to the config file, so a repository carries both); undefined without `local_dir`.
 */
function configClusterDir(config, configPath, clusterName = configClusterName(config)) {
    const localDir = config.opencenter.gitops?.repository?.local_dir;
    if (!localDir)
        return undefined;
    return node_path__WEBPACK_IMPORTED_MODULE_0__.join(node_path__WEBPACK_IMPORTED_MODULE_0__.resolve(node_path__WEBPACK_IMPORTED_MODULE_0__.dirname(configPath), localDir), 'infrastructure', 'clusters', clusterName);
}
function loadClusterConfig(file) {
    return parseClusterConfig((0,_lib_files_js__WEBPACK_IMPORTED_MODULE_3__/* .readTextFile */ .Gu)(file, _lib_yaml_js__WEBPACK_IMPORTED_MODULE_6__/* .CONFIG_FILE */ .g2), (0,_lib_files_js__WEBPACK_IMPORTED_MODULE_3__/* .displayPath */ .Gt)(file), file);
}


/***/ }),

/***/ 37945:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Xy: () => (/* binding */ parseKubespraySource),
/* harmony export */   ZW: () => (/* binding */ KNOWN_UPSTREAM_COMMITS),
/* harmony export */   fQ: () => (/* binding */ kubesprayTag),
/* harmony export */   r9: () => (/* binding */ UPSTREAM_KUBESPRAY),
/* harmony export */   rp: () => (/* binding */ parseSshUser),
/* harmony export */   xv: () => (/* binding */ VERSION)
/* harmony export */ });
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(36452);

/**
 * Where Kubespray comes from (deployment.kubespray.source, .sha256) and its version as a tag:
 * parsed with the settings, so a bad value is refused before any step runs.
 */
const UPSTREAM_KUBESPRAY = 'https://github.com/kubernetes-sigs/kubespray.git';
/**
 * Upstream tags are lightweight and could be moved: the commits of the tags we know
 * (openstack-day0.md §1: v2.31.0 = 1c9add4, read from kubernetes-sigs/kubespray). A resolution to
 * another commit is refused even on a first run.
 */
const KNOWN_UPSTREAM_COMMITS = {
    'v2.31.0': '1c9add48975060f45396b34d8e022c30d7f80dab',
};
const VERSION = /^v?(\d{1,4})\.(\d{1,4})\.(\d{1,4})$/;
const SHA256 = /^[0-9a-f]{64}$/;
/** `2.31.0` or `v2.31.0` → `v2.31.0`, Kubespray's tag; anything else is an error naming `where`. */
function kubesprayTag(version, where) {
    const match = VERSION.exec(version.trim());
    if (!match) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`${where}: ${JSON.stringify(version.slice(0, 60))} is not a Kubespray release; write it like v2.31.0`);
    }
    return `v${Number(match[1])}.${Number(match[2])}.${Number(match[3])}`;
}
/**
 * The source field (`where` names it): a git URL (https, ssh, git, file://, scp-like
 * `git@host:path`) or an https tarball (`.tar.gz`/`.tgz`), which needs its sha256.
 */
function parseKubespraySource(source, sha256, where) {
    const url = source?.trim() || UPSTREAM_KUBESPRAY;
    if (/[\s\0]/.test(url) || url.startsWith('-')) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`${where.source}: ${JSON.stringify(url.slice(0, 80))} is not a URL`);
    }
    const tarball = /\.(tar\.gz|tgz)(\?.*)?$/.test(url);
    if (tarball) {
        if (!url.startsWith('https://')) {
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`${where.source}: a tarball is downloaded over https only (${url})`);
        }
        const digest = sha256
            ?.trim()
            .toLowerCase()
            .replace(/^sha256:/, '');
        if (!digest) {
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`${where.source} is a tarball: set ${where.sha256} to its sha256 (sha256sum of the file), so a changed download is refused`);
        }
        if (!SHA256.test(digest))
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`${where.sha256}: must be 64 hexadecimal digits (a sha256)`);
        return { kind: 'tarball', url, sha256: digest };
    }
    if (sha256?.trim()) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`${where.sha256} is for a tarball source; a git source is pinned by its tag's commit`);
    }
    if (!/^(https?|ssh|git|file):\/\/./.test(url) && !/^[\w.-]+@[\w.-]+:./.test(url)) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`${where.source}: ${JSON.stringify(url.slice(0, 80))} is neither a git URL (https://, ssh://, git@host:path, file://) nor an https .tar.gz`);
    }
    return { kind: 'git', url };
}
const SSH_USER = /^[a-z_][a-z0-9_.-]{0,31}$/i;
/** An SSH user name (--ssh-user, input ssh-user): a login name, nothing an ssh option could be read from. */
function parseSshUser(text, where, fail = _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UsageError */ .eb) {
    const user = text.trim();
    if (!SSH_USER.test(user)) {
        throw new fail(`${where}: ${JSON.stringify(user.slice(0, 40))} is not a user name (letters, digits, ., _, -; at most 32)`);
    }
    return user;
}


/***/ }),

/***/ 10503:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Iw: () => (/* binding */ CLUSTER_API_STEPS),
/* harmony export */   OZ: () => (/* binding */ operationStepIds),
/* harmony export */   iJ: () => (/* binding */ OPERATION_STEPS)
/* harmony export */ });
// Each operation declared once, per deployment method: its step ids in order. Everything else is derived
// from here: buildSteps (steps/index.ts) makes exactly these, the step ids --step and --from-step accept
// before the config is read (operationStepIds), and the CLI's help.
/** Each operation's steps in order; buildSteps makes exactly these (the Kubespray ones only for method kubespray). */
const OPERATION_STEPS = {
    deploy: [
        'openstack-preflight',
        'opentofu-init',
        'opentofu-plan',
        'openstack-capacity',
        'kubespray-fetch',
        'kubespray-venv-create',
        'kubespray-pip-install',
        'kubespray-remove-nodes',
        'opentofu-apply',
        'kubespray-ansible-playbook',
        'openstack-normalize-kubeconfig',
        'wait-ready',
    ],
    upgrade: [
        'openstack-preflight',
        'kubespray-fetch',
        'kubespray-venv-create',
        'kubespray-pip-install',
        'kubernetes-version-check',
        'kubespray-facts',
        'kubespray-upgrade-control-plane',
        'kubespray-upgrade-workers',
        'openstack-normalize-kubeconfig',
        'wait-ready',
    ],
    destroy: ['openstack-preflight', 'opentofu-init', 'opentofu-destroy', 'forget-cluster'],
    check: ['openstack-preflight', 'opentofu-init', 'opentofu-drift', 'cluster-health'],
};
/**
 * The same operations with `deployment.method: cluster-api`.
 * capi-pivot runs only with an ephemeral kind management cluster; capi-move-back only for a pivoted cluster.
 * A check's capi-management-cluster only finds the management cluster (it never creates kind).
 * An upgrade rolls the control plane's machines to new templates first, then the workers'.
 */
const CLUSTER_API_STEPS = {
    deploy: [
        'openstack-preflight',
        'capi-management-cluster',
        'clusterctl-init',
        'capi-cloud-credentials',
        'capi-render',
        'openstack-capacity',
        'capi-apply',
        'capi-wait',
        'capi-workload-kubeconfig',
        'capi-addons',
        'wait-ready',
        'capi-pivot',
    ],
    upgrade: [
        'openstack-preflight',
        'capi-management-cluster',
        'capi-render',
        'capi-workload-kubeconfig',
        'capi-upgrade-check',
        'capi-upgrade-control-plane',
        'capi-upgrade-workers',
        'wait-ready',
    ],
    destroy: [
        'openstack-preflight',
        'capi-management-cluster',
        'capi-move-back',
        'capi-delete-cluster',
        'forget-cluster',
    ],
    check: [
        'openstack-preflight',
        'capi-management-cluster',
        'capi-render',
        'capi-drift',
        'capi-conditions',
        'cluster-health',
    ],
};
/** Every step an operation has with any method: what --step and --from-step accept before the config is read. */
function operationStepIds(operation) {
    return [...new Set([...OPERATION_STEPS[operation], ...CLUSTER_API_STEPS[operation]])];
}


/***/ }),

/***/ 23463:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HP: () => (/* binding */ refuseConfigPlaceholders),
/* harmony export */   pJ: () => (/* binding */ refusePlaceholders)
/* harmony export */ });
/* unused harmony exports configPlaceholders, tofuPlaceholders */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var _openstack_credentials_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(84554);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(36452);
/* harmony import */ var _lib_files_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4196);





/**
 * The values `cluster-deploy init` leaves for the user to choose, written as CHANGEME: found in the
 * config and in the cluster directory's OpenTofu files, and refused by name before anything runs.
 */
/**
 * The application credential's id and secret: their CHANGEME gives way to a username and password
 * from another source, and preflight reports it otherwise (credentials.ts, steps/preflight.ts).
 */
const CREDENTIAL_TEXT_KEYS = new Set(_openstack_credentials_js__WEBPACK_IMPORTED_MODULE_2__/* .CREDENTIAL_FIELDS */ .cZ.filter((spec) => spec.field === 'applicationCredentialId' || spec.field === 'applicationCredentialSecret').flatMap((spec) => spec.config));
const CREDENTIALS_PATH = 'opencenter.infrastructure.cloud.openstack';
/** Dotted paths of the config's values that are still CHANGEME. */
function configPlaceholders(value, at = '') {
    if (typeof value === 'string')
        return value.includes(_openstack_credentials_js__WEBPACK_IMPORTED_MODULE_2__/* .PLACEHOLDER */ .Kx) ? [at] : [];
    if (Array.isArray(value))
        return value.flatMap((item, i) => configPlaceholders(item, `${at}[${i}]`));
    if (value === null || typeof value !== 'object')
        return [];
    return Object.entries(value).flatMap(([key, item]) => {
        if (at === CREDENTIALS_PATH && CREDENTIAL_TEXT_KEYS.has(key))
            return [];
        return configPlaceholders(item, at ? `${at}.${key}` : key);
    });
}
/** `file:line name` of each CHANGEME in the directory's OpenTofu files (*.tf, *.tfvars), comments aside. */
function tofuPlaceholders(dir) {
    let files;
    try {
        files = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readdirSync)(dir, { withFileTypes: true })
            .filter((e) => e.isFile() && /\.(tf|tfvars)$/.test(e.name))
            .map((e) => e.name)
            .sort();
    }
    catch {
        return []; // no cluster directory (yet): preflight says so
    }
    const found = [];
    for (const name of files) {
        const file = node_path__WEBPACK_IMPORTED_MODULE_1__.join(dir, name);
        const lines = (0,_lib_files_js__WEBPACK_IMPORTED_MODULE_4__/* .readTextFile */ .Gu)(file, {
            noun: 'OpenTofu file',
            plural: 'OpenTofu files',
            maxBytes: 4 * 1024 * 1024,
        }).split('\n');
        // The keys of the objects a line is inside (`worker_pools = {` … `default = {`); null for blocks.
        const open = [];
        lines.forEach((line, i) => {
            const code = line
                .replace(/"(?:[^"\\]|\\.)*"/g, (quoted) => quoted.replace(/[{}#/]/g, '_'))
                .replace(/(#|\/\/).*$/, '');
            const at = code.indexOf(_openstack_credentials_js__WEBPACK_IMPORTED_MODULE_2__/* .PLACEHOLDER */ .Kx);
            if (at >= 0) {
                const keys = [...code.slice(0, at).matchAll(/([\w-]+)\s*=/g)].map((m) => m[1]);
                const where = [...open.filter((k) => k !== null), ...keys].join('.');
                found.push(`${(0,_lib_files_js__WEBPACK_IMPORTED_MODULE_4__/* .displayPath */ .Gt)(file)}:${i + 1} ${where || '(a value)'}`);
            }
            for (const m of code.matchAll(/(?:([\w-]+)\s*=\s*)?\{|\}/g)) {
                if (m[0] === '}')
                    open.pop();
                else
                    open.push(m[1] ?? null);
            }
        });
    }
    return found;
}
/**
 * Refuses a config that still holds CHANGEME (its schema would otherwise refuse some of them with
 * less help), naming every one, and those of the cluster directory it names when its file is known.
 */
function refuseConfigPlaceholders(value, source, configFile) {
    if (configPlaceholders(value).length === 0)
        return;
    const raw = value;
    const name = raw.opencenter?.cluster?.cluster_name ?? raw.opencenter?.meta?.name;
    const localDir = raw.opencenter?.gitops?.repository?.local_dir;
    const clusterDir = configFile && typeof name === 'string' && typeof localDir === 'string' && /^[\w.-]+$/.test(name)
        ? node_path__WEBPACK_IMPORTED_MODULE_1__.join(node_path__WEBPACK_IMPORTED_MODULE_1__.resolve(node_path__WEBPACK_IMPORTED_MODULE_1__.dirname(configFile), localDir), 'infrastructure', 'clusters', name)
        : undefined;
    refusePlaceholders({ file: configFile ?? source, value }, clusterDir);
}
/** Refuses a cluster whose config or OpenTofu files still hold CHANGEME, naming every one. */
function refusePlaceholders(config, clusterDir) {
    const found = [
        ...(config ? configPlaceholders(config.value).map((at) => `${(0,_lib_files_js__WEBPACK_IMPORTED_MODULE_4__/* .displayPath */ .Gt)(config.file)}: ${at}`) : []),
        ...(clusterDir ? tofuPlaceholders(clusterDir) : []),
    ];
    if (found.length === 0)
        return;
    throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`the cluster still has values to choose, written as ${_openstack_credentials_js__WEBPACK_IMPORTED_MODULE_2__/* .PLACEHOLDER */ .Kx} (by cluster-deploy init):\n${found.map((f) => `  - ${f}`).join('\n')}\nset each one (docs/getting-started.md says what goes where), then run the command again`);
}


/***/ }),

/***/ 84554:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A8: () => (/* binding */ authMethod),
/* harmony export */   DJ: () => (/* binding */ credentialSecrets),
/* harmony export */   Dc: () => (/* binding */ CloudsYamlSchema),
/* harmony export */   Kn: () => (/* binding */ credentialOptions),
/* harmony export */   Kx: () => (/* binding */ PLACEHOLDER),
/* harmony export */   _e: () => (/* binding */ credentialProblems),
/* harmony export */   _t: () => (/* binding */ OpenStackConfigSchema),
/* harmony export */   cZ: () => (/* binding */ CREDENTIAL_FIELDS),
/* harmony export */   fu: () => (/* binding */ credentialsToEnv),
/* harmony export */   uR: () => (/* binding */ SECRET_ENV_NAMES),
/* harmony export */   z8: () => (/* binding */ resolveCredentials)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(48161);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(92857);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(36452);
/* harmony import */ var _lib_files_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4196);
/* harmony import */ var _lib_yaml_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(24324);
/* harmony import */ var _lib_echo_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(94434);








const INTERFACES = ['public', 'internal', 'admin'];
const CREDENTIAL_FIELDS = [
    {
        field: 'authUrl',
        flag: 'os-auth-url',
        input: 'openstack-auth-url',
        env: ['OS_AUTH_URL'],
        cloudsYaml: ['auth.auth_url'],
        config: ['auth_url'],
        secret: false,
        type: 'url',
        placeholder: 'URL',
        description: 'Keystone URL, e.g. https://keystone.example.com:5000/v3',
    },
    {
        field: 'region',
        flag: 'os-region',
        input: 'openstack-region',
        env: ['OS_REGION_NAME'],
        cloudsYaml: ['region_name'],
        config: ['region'],
        secret: false,
        type: 'text',
        placeholder: 'NAME',
        description: 'OpenStack region',
    },
    {
        field: 'interface',
        flag: 'os-interface',
        input: 'openstack-interface',
        env: ['OS_INTERFACE'],
        cloudsYaml: ['interface'],
        config: ['interface'],
        secret: false,
        type: 'interface',
        placeholder: INTERFACES.join('|'),
        description: 'endpoint interface in the catalog (default public)',
    },
    {
        field: 'projectName',
        flag: 'os-project-name',
        input: 'openstack-project-name',
        env: ['OS_PROJECT_NAME', 'OS_TENANT_NAME'],
        cloudsYaml: ['auth.project_name'],
        config: ['project_name'],
        secret: false,
        type: 'text',
        placeholder: 'NAME',
        description: 'project to scope to (username/password auth)',
    },
    {
        field: 'projectId',
        flag: 'os-project-id',
        input: 'openstack-project-id',
        env: ['OS_PROJECT_ID', 'OS_TENANT_ID'],
        cloudsYaml: ['auth.project_id'],
        config: ['project_id'],
        secret: false,
        type: 'text',
        placeholder: 'ID',
        description: 'project id to scope to (username/password auth)',
    },
    {
        field: 'userDomainName',
        flag: 'os-user-domain-name',
        input: 'openstack-user-domain-name',
        env: ['OS_USER_DOMAIN_NAME', 'OS_DOMAIN_NAME'],
        cloudsYaml: ['auth.user_domain_name', 'auth.domain_name'],
        config: ['user_domain_name', 'domain'],
        secret: false,
        type: 'text',
        placeholder: 'NAME',
        description: "the user's domain",
    },
    {
        field: 'projectDomainName',
        flag: 'os-project-domain-name',
        input: 'openstack-project-domain-name',
        env: ['OS_PROJECT_DOMAIN_NAME', 'OS_DOMAIN_NAME'],
        cloudsYaml: ['auth.project_domain_name', 'auth.domain_name'],
        config: ['project_domain_name', 'domain'],
        secret: false,
        type: 'text',
        placeholder: 'NAME',
        description: "the project's domain",
    },
    {
        field: 'applicationCredentialId',
        flag: 'os-application-credential-id',
        input: 'openstack-application-credential-id',
        env: ['OS_APPLICATION_CREDENTIAL_ID'],
        cloudsYaml: ['auth.application_credential_id'],
        config: ['application_credential_id'],
        secret: false,
        type: 'text',
        placeholder: 'ID',
        description: 'application credential id',
    },
    {
        field: 'applicationCredentialName',
        flag: 'os-application-credential-name',
        input: 'openstack-application-credential-name',
        env: ['OS_APPLICATION_CREDENTIAL_NAME'],
        cloudsYaml: ['auth.application_credential_name'],
        config: ['application_credential_name'],
        secret: false,
        type: 'text',
        placeholder: 'NAME',
        description: 'application credential name (with username or user id)',
    },
    {
        field: 'applicationCredentialSecret',
        flag: 'os-application-credential-secret',
        input: 'openstack-application-credential-secret',
        env: ['OS_APPLICATION_CREDENTIAL_SECRET'],
        cloudsYaml: ['auth.application_credential_secret'],
        config: ['application_credential_secret'],
        secret: true,
        type: 'text',
        placeholder: 'SECRET',
        description: 'application credential secret',
    },
    {
        field: 'username',
        flag: 'os-username',
        input: 'openstack-username',
        env: ['OS_USERNAME'],
        cloudsYaml: ['auth.username'],
        config: ['username'],
        secret: false,
        type: 'text',
        placeholder: 'NAME',
        description: 'user name (password auth)',
    },
    {
        field: 'userId',
        flag: 'os-user-id',
        input: 'openstack-user-id',
        env: ['OS_USER_ID'],
        cloudsYaml: ['auth.user_id'],
        config: ['user_id'],
        secret: false,
        type: 'text',
        placeholder: 'ID',
        description: 'user id (password auth)',
    },
    {
        field: 'password',
        flag: 'os-password',
        input: 'openstack-password',
        env: ['OS_PASSWORD'],
        cloudsYaml: ['auth.password'],
        config: ['password'],
        secret: true,
        type: 'text',
        placeholder: 'PASSWORD',
        description: 'password (password auth)',
    },
    {
        field: 'caCert',
        flag: 'os-cacert',
        input: 'openstack-cacert',
        env: ['OS_CACERT'],
        cloudsYaml: ['cacert'],
        config: ['cacert'],
        secret: false,
        type: 'text',
        placeholder: 'FILE',
        description: 'CA bundle for a private Keystone',
    },
    {
        field: 'insecure',
        flag: 'os-insecure',
        input: 'openstack-insecure',
        env: ['OS_INSECURE'],
        cloudsYaml: ['!verify', 'insecure'],
        config: ['insecure'],
        secret: false,
        type: 'boolean',
        placeholder: '',
        description: "don't verify Keystone's TLS certificate",
    },
];
const PLACEHOLDER = 'CHANGEME';
/** Every secret the credentials know of, in use or seen in any source, for the redactor. */
function credentialSecrets(creds) {
    const inUse = CREDENTIAL_FIELDS.filter((spec) => spec.secret).map((spec) => creds[spec.field]);
    return [...new Set([...inUse, ...creds.secretsSeen])].filter((v) => typeof v === 'string' && v !== '' && v !== PLACEHOLDER);
}
const TRUE = /^(true|yes|1|on)$/i;
const FALSE = /^(false|no|0|off)$/i;
/**
 * Checks one raw value against its field's type. `where` names the flag, input, variable or key in
 * the error; `fail` picks the error type (a bad flag is a usage error, a bad file is not).
 */
function parseCredentialValue(spec, raw, where, fail = _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo) {
    if (raw === undefined || raw === null)
        return undefined;
    if (spec.type === 'boolean') {
        if (typeof raw === 'boolean')
            return raw;
        const text = String(raw).trim();
        if (text === '')
            return undefined;
        if (TRUE.test(text))
            return true;
        if (FALSE.test(text))
            return false;
        throw new fail(`${where}: ${(0,_lib_echo_js__WEBPACK_IMPORTED_MODULE_6__/* .quoteInput */ .Z)(text)} is not true or false`);
    }
    if (typeof raw !== 'string' && typeof raw !== 'number')
        throw new fail(`${where}: expected text, got ${Array.isArray(raw) ? 'a list' : typeof raw}`);
    const text = String(raw).trim();
    if (text === '')
        return undefined;
    // Values end up in OS_* variables and HTTP requests: a line break is always a paste mistake.
    if (/[\0-\x1f\x7f]/.test(text))
        throw new fail(`${where}: contains a line break or control character`);
    if (spec.type === 'interface' && !INTERFACES.includes(text)) {
        throw new fail(`${where}: ${(0,_lib_echo_js__WEBPACK_IMPORTED_MODULE_6__/* .quoteInput */ .Z)(text)} is not one of ${INTERFACES.join(', ')}`);
    }
    // Checked where it is given, as the config's is: not only by preflight, after a plan showed it as fine.
    if (spec.type === 'url' && !isHttpUrl(text))
        throw new fail(`${where}: ${(0,_lib_echo_js__WEBPACK_IMPORTED_MODULE_6__/* .quoteInput */ .Z)(text)} is not an http(s) URL, e.g. https://keystone.example.com:5000/v3`);
    return text;
}
function isHttpUrl(text) {
    try {
        return /^https?:$/.test(new URL(text).protocol);
    }
    catch {
        return false;
    }
}
/** What a YAML value is, for messages: "a list", "a number", "text". */
function kindOf(value) {
    if (Array.isArray(value))
        return 'a list';
    if (typeof value === 'string')
        return 'text';
    return value === null ? 'nothing' : `a ${typeof value}`;
}
const isMapping = (value) => !!value && typeof value === 'object' && !Array.isArray(value);
/** Reads a set of values through the table, from any keyed source; `label` names each value's origin. */
function readValues(read, fail = _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo) {
    const values = {};
    const where = {};
    const secrets = [];
    for (const spec of CREDENTIAL_FIELDS) {
        const found = read(spec);
        if (!found)
            continue;
        const value = parseCredentialValue(spec, found.raw, found.where, fail);
        if (value === undefined)
            continue;
        values[spec.field] = value;
        where[spec.field] = found.where;
        if (spec.secret && typeof value === 'string')
            secrets.push(value);
    }
    return { values: values, where, secrets };
}
/** Looks up the first of several keys (dotted paths; `!key` negates a boolean) in a document. */
function lookup(doc, keys) {
    for (const key of keys) {
        const negate = key.startsWith('!');
        let node = doc;
        for (const part of key.replace(/^!/, '').split('.'))
            node = node && typeof node === 'object' ? node[part] : undefined;
        if (node === undefined || node === null || node === '')
            continue;
        if (negate) {
            // `verify: maybe` is neither: passed on as it is, so that it is reported, not read as verify: true.
            if (typeof node === 'boolean')
                return { raw: !node, key };
            const text = String(node).trim();
            return { raw: TRUE.test(text) ? 'false' : FALSE.test(text) ? 'true' : node, key };
        }
        return { raw: node, key };
    }
    return undefined;
}
/**
 * Explicit options (CLI flags or action inputs), read through the table. `read` gives a field's raw
 * value; errors name the flag or input and are usage errors.
 */
function credentialOptions(front, read) {
    return readValues((spec) => {
        const raw = read(spec);
        return raw === undefined ? undefined : { raw, where: front === 'cli' ? `--${spec.flag}` : `input ${spec.input}` };
    }, _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb).values;
}
function optionsLayer(options) {
    return readValues((spec) => options[spec.field] === undefined ? undefined : { raw: options[spec.field], where: 'an explicit option' });
}
function credentialsFromEnv(env) {
    return readValues((spec) => {
        const name = spec.env.find((n) => env[n]?.trim());
        return name ? { raw: env[name], where: name } : undefined;
    });
}
/** Candidate clouds.yaml files in openstacksdk's order, or just the one given. */
function cloudsYamlCandidates(file, env) {
    if (file)
        return [file];
    const home = env.HOME ?? (0,node_os__WEBPACK_IMPORTED_MODULE_1__.homedir)();
    return [
        env.OS_CLIENT_CONFIG_FILE,
        'clouds.yaml',
        node_path__WEBPACK_IMPORTED_MODULE_2__.join(home, '.config/openstack/clouds.yaml'),
        '/etc/openstack/clouds.yaml',
    ].filter((f) => !!f);
}
/** The shape of clouds.yaml we rely on; each field's value is then checked through the table. */
const CloudsYamlSchema = zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc({
    clouds: zod__WEBPACK_IMPORTED_MODULE_7__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_7__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_7__/* .unknown */ .L5J()), { error: 'must map cloud names to settings' }),
});
/** Reads one cloud from clouds.yaml (openstacksdk's format). */
function credentialsFromCloudsYaml(cloud, file, env = process.env) {
    const candidates = cloudsYamlCandidates(file, env);
    // The given file must be readable; of the standard places, the first that exists is used.
    const used = file ?? candidates.find((candidate) => (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.existsSync)(candidate));
    if (used === undefined) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`OS_CLOUD is "${cloud}" but no clouds.yaml was found (looked in ${candidates.join(', ')})`);
    }
    const { value } = (0,_lib_yaml_js__WEBPACK_IMPORTED_MODULE_5__/* .readYamlMapping */ .sL)(used, _lib_yaml_js__WEBPACK_IMPORTED_MODULE_5__/* .CLOUDS_YAML */ .Rh);
    const parsed = CloudsYamlSchema.safeParse(value);
    if (!parsed.success)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo((0,_lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .formatIssues */ .og)((0,_lib_files_js__WEBPACK_IMPORTED_MODULE_4__/* .displayPath */ .Gt)(used), parsed.error.issues));
    const { clouds } = parsed.data;
    // Own keys only: `--os-cloud __proto__` must not find Object.prototype.
    const entry = Object.hasOwn(clouds, cloud) ? clouds[cloud] : undefined;
    if (!entry)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`cloud "${cloud}" not found in ${used} (clouds: ${Object.keys(clouds).join(', ') || 'none'})`);
    if (entry.auth !== undefined && entry.auth !== null && !isMapping(entry.auth)) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${used} (clouds.${cloud}.auth): expected a mapping, got ${kindOf(entry.auth)}`);
    }
    return readValues((spec) => {
        const found = lookup(entry, spec.cloudsYaml);
        return found && { raw: found.raw, where: `${used} (clouds.${cloud}.${found.key.replace(/^!/, '')})` };
    });
}
/** The credentials in an openCenter config's `opencenter.infrastructure.cloud.openstack`. */
function credentialsFromConfig(openstack, source) {
    if (!openstack)
        return { values: {}, where: {}, secrets: [] };
    return readValues((spec) => {
        const found = lookup(openstack, spec.config);
        return (found && {
            raw: found.raw,
            where: `the config (${source}: opencenter.infrastructure.cloud.openstack.${found.key})`,
        });
    });
}
/**
 * Resolves credentials field by field: options, then OS_* variables, then clouds.yaml (OS_CLOUD),
 * then the config. Config placeholders (`CHANGEME`) give way when another source supplies a
 * complete username/password, so a config generated with defaults works with password auth.
 */
function resolveCredentials(sources) {
    const env = sources.env ?? process.env;
    const cloud = sources.cloud ?? env.OS_CLOUD?.trim();
    const layers = [optionsLayer(sources.options ?? {}), credentialsFromEnv(env)];
    if (cloud)
        layers.push(credentialsFromCloudsYaml(cloud, sources.cloudsYaml, env));
    if (sources.config)
        layers.push(credentialsFromConfig(sources.config.openstack, sources.config.source));
    const merged = { interface: 'public', insecure: false, sources: {}, secretsSeen: [] };
    for (const layer of [...layers].reverse()) {
        for (const [key, value] of Object.entries(layer.values)) {
            merged[key] = value;
            merged.sources[key] = layer.where[key];
        }
    }
    merged.secretsSeen = [...new Set(layers.flatMap((l) => l.secrets))];
    const hasPassword = !!merged.password && !!(merged.username || merged.userId);
    if (hasPassword) {
        for (const field of ['applicationCredentialId', 'applicationCredentialSecret']) {
            if (merged[field] === PLACEHOLDER) {
                delete merged[field];
                delete merged.sources[field];
            }
        }
    }
    return merged;
}
/** The method Keystone will be asked to use; application credentials win when both are complete. */
function authMethod(creds) {
    if (creds.applicationCredentialSecret && (creds.applicationCredentialId || creds.applicationCredentialName)) {
        return 'application-credential';
    }
    if (creds.password && (creds.username || creds.userId))
        return 'password';
    return undefined;
}
/** The fields each auth method exports, so providers never see two conflicting methods. */
function exportedFields(creds) {
    const common = ['authUrl', 'region', 'interface', 'caCert', 'insecure'];
    const method = authMethod(creds);
    if (method === 'application-credential') {
        // By id the credential names its user; by name it needs the user (and the user's domain).
        return creds.applicationCredentialId
            ? [...common, 'applicationCredentialId', 'applicationCredentialSecret']
            : [...common, 'applicationCredentialName', 'applicationCredentialSecret', 'username', 'userId', 'userDomainName'];
    }
    return [
        ...common,
        'username',
        'userId',
        'password',
        'projectId',
        'projectName',
        'userDomainName',
        'projectDomainName',
    ];
}
/** OS_* variables for tofu, Ansible and the openstack CLI, named as the table says. Empty values are dropped. */
function credentialsToEnv(creds) {
    const env = { OS_IDENTITY_API_VERSION: '3' };
    if (authMethod(creds) === 'application-credential')
        env.OS_AUTH_TYPE = 'v3applicationcredential';
    for (const field of exportedFields(creds)) {
        const spec = CREDENTIAL_FIELDS.find((s) => s.field === field);
        const value = creds[field];
        if (value === undefined || value === false || value === '')
            continue;
        env[spec.env[0]] = value === true ? 'true' : String(value);
    }
    return env;
}
/** Names of OS_* variables whose values are secret (for plans: NAME=<redacted>). */
const SECRET_ENV_NAMES = new Set([
    ...CREDENTIAL_FIELDS.filter((s) => s.secret).flatMap((s) => s.env),
    'OS_TOKEN',
]);
/** The config's `cloud.openstack` block, checked field by field with the table's types. */
const OpenStackConfigSchema = zod__WEBPACK_IMPORTED_MODULE_7__/* .object */ .Ikc(Object.fromEntries(CREDENTIAL_FIELDS.flatMap((spec) => {
    const schema = spec.type === 'boolean'
        ? zod__WEBPACK_IMPORTED_MODULE_7__/* .boolean */ .zMY()
        : spec.type === 'interface'
            ? zod__WEBPACK_IMPORTED_MODULE_7__/* ["enum"] */ .k5n(INTERFACES)
            : spec.type === 'url'
                ? zod__WEBPACK_IMPORTED_MODULE_7__/* .url */ .OZ5({
                    protocol: /^https?$/,
                    error: 'must be an http(s) URL, e.g. https://keystone.example.com:5000/v3',
                })
                : zod__WEBPACK_IMPORTED_MODULE_7__/* .string */ .YjP().trim();
    return spec.config.map((key) => [key, schema.optional()]);
})));
/** Problems with the resolved credentials that need no network to find. */
function credentialProblems(creds) {
    const problems = [];
    if (!creds.authUrl || !authMethod(creds)) {
        problems.push('openstack credentials are incomplete; set auth_url and application credentials or username/password before bootstrap');
    }
    const placeholders = ['applicationCredentialId', 'applicationCredentialSecret'].filter((f) => creds[f] === PLACEHOLDER);
    if (placeholders.length > 0) {
        problems.push(`openstack application credentials are still "${PLACEHOLDER}" (${placeholders
            .map((f) => (f === 'applicationCredentialId' ? 'application_credential_id' : 'application_credential_secret'))
            .join(', ')} from ${creds.sources[placeholders[0]]}); set real values in opencenter.infrastructure.cloud.openstack or OS_APPLICATION_CREDENTIAL_ID/OS_APPLICATION_CREDENTIAL_SECRET`);
    }
    if (creds.authUrl) {
        let url;
        try {
            url = new URL(creds.authUrl);
        }
        catch {
            // reported below
        }
        if (!url || !/^https?:$/.test(url.protocol)) {
            problems.push(`openstack auth_url "${creds.authUrl}" (from ${creds.sources.authUrl}) is not an http(s) URL`);
        }
    }
    return problems;
}


/***/ }),

/***/ 15153:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G: () => (/* binding */ ACTION_NAMES),
/* harmony export */   b3: () => (/* binding */ PLAN_CREDENTIAL_POLICIES),
/* harmony export */   iZ: () => (/* binding */ judgePlanCredential),
/* harmony export */   io: () => (/* binding */ TokenRolesSchema),
/* harmony export */   wE: () => (/* binding */ tokenRoleNames)
/* harmony export */ });
/* unused harmony export CLI_NAMES */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(92857);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(36452);
/**
 * The roles an OpenStack credential carries, read from its Keystone token, and the rule for a
 * credential that plans a pull request's code: `tofu plan` runs that code (a `data "external"`
 * source, a provider or module from anywhere), so the credential it gets should only read.
 *
 * Keystone facts this rests on (checked against a real Keystone, Zed, and the test fixture): a token
 * lists its roles in `token.roles` (`[{id, name}]`); an application credential's token lists
 * exactly the roles it was restricted to, with no implied roles (a `member` credential shows
 * `member`, not `reader`); one created without a roles list carries every role of its creator;
 * `application_credential.restricted` is no role restriction (it only forbids managing other
 * credentials), so it is not read here.
 */


/** The only role a plan credential should carry. */
const READER_ROLE = 'reader';
/** `plan-credential` (input) / `--plan-credential` (flag): `any` warns on a pull request, `reader-only` refuses. */
const PLAN_CREDENTIAL_POLICIES = ['any', 'reader-only'];
/** `token.roles` of POST /v3/auth/tokens; a malformed entry counts as a role we cannot name. */
const TokenRolesSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ name: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP().optional().catch(undefined) })
    .nullish()
    .catch(undefined))
    .optional()
    .catch(undefined);
/**
 * The role names of a token, sorted, or undefined when the token lists none we can read: a token
 * without roles (or with an unnamed one) proves nothing about what the credential can do.
 */
function tokenRoleNames(roles) {
    if (!roles || roles.length === 0)
        return undefined;
    const names = roles.map((role) => role?.name?.trim());
    if (names.some((name) => !name))
        return undefined;
    return [...new Set(names)].sort();
}
const ACTION_NAMES = {
    readerOnly: 'plan-credential: reader-only',
    skipAuthCheck: 'skip-auth-check',
};
const CLI_NAMES = {
    readerOnly: '--plan-credential reader-only',
    skipAuthCheck: '--skip-auth-check',
};
/**
 * Judges the credential a plan or check runs with. `checked` is undefined when the live check was
 * skipped. Returns a warning for a credential that can do more than read while the plan runs a pull
 * request's code; throws a UserError (before any tofu command) for one `reader-only` does not accept.
 */
function judgePlanCredential(checked, rule) {
    const { names } = rule;
    if (!checked) {
        if (rule.policy === 'reader-only') {
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`${names.readerOnly}: the credential's roles could not be checked, as ${names.skipAuthCheck} is set (the roles come from the live Keystone check); drop ${names.skipAuthCheck}, or drop ${names.readerOnly}`);
        }
        return { kind: 'ok', detail: `roles not checked (${names.skipAuthCheck})` };
    }
    const beyondReader = checked.roles?.filter((role) => role.toLowerCase() !== READER_ROLE);
    if (checked.roles && beyondReader?.length === 0)
        return { kind: 'ok', detail: `roles: ${checked.roles.join(', ')}` };
    if (rule.policy !== 'reader-only' && !rule.untrustedCode) {
        return { kind: 'ok', detail: `roles: ${checked.roles?.join(', ') ?? '(none named in the token)'}` };
    }
    const problem = describeRoles(checked, beyondReader);
    if (rule.policy === 'reader-only') {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`${names.readerOnly}: ${problem}; nothing was planned. ${howToFix(checked.method)}`);
    }
    return {
        kind: 'warning',
        message: `${problem}, and this plan runs the pull request's code (tofu plan runs its data sources, providers and modules), which can use it to change the cloud. ` +
            `${howToFix(checked.method)} Then set ${names.readerOnly} to refuse any other.`,
    };
}
function describeRoles(checked, beyondReader) {
    if (!checked.roles)
        return 'the Keystone token of the plan credential names no roles, so it may be able to write';
    const plural = beyondReader.length === 1 ? 'role' : 'roles';
    return `the plan credential carries the ${plural} ${beyondReader.join(', ')}, more than ${READER_ROLE}`;
}
/** What to do, and why `reader` alone is not the whole answer. */
function howToFix(method) {
    const credential = method === 'password'
        ? `A password carries every role of its user; give plans an application credential restricted to ${READER_ROLE}`
        : `Give plans their own application credential restricted to ${READER_ROLE} (one created without a roles list carries every role of its creator)`;
    return (`${credential}: \`openstack application credential create --role ${READER_ROLE} <name>\`, in its own secret. ` +
        `${READER_ROLE} is read-only only where the cloud's services enforce the new policy defaults (oslo.policy enforce_new_defaults, the default from OpenStack 2024.2); ` +
        'under the older admin_or_owner rules any role in the project can write: ask the cloud operator which applies.');
}


/***/ }),

/***/ 96174:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   O9: () => (/* binding */ readActionSettings),
/* harmony export */   ZA: () => (/* binding */ cloudsYamlSecrets),
/* harmony export */   lc: () => (/* binding */ bool),
/* harmony export */   pH: () => (/* binding */ SECRET_INPUTS)
/* harmony export */ });
/* harmony import */ var _core_openstack_credentials_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(84554);
/* harmony import */ var _core_lib_address_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(11303);
/* harmony import */ var _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(36452);
/* harmony import */ var _core_lib_echo_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(94434);
/* harmony import */ var _core_lib_option_values_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9485);
/* harmony import */ var _core_engine_selection_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(46113);
/* harmony import */ var _core_model_kubespray_source_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(37945);
/* harmony import */ var _core_lib_yaml_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(24324);
/* harmony import */ var _core_openstack_roles_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(15153);









/** Inputs whose values are secrets: masked before anything else runs. */
const SECRET_INPUTS = [
    ..._core_openstack_credentials_js__WEBPACK_IMPORTED_MODULE_0__/* .CREDENTIAL_FIELDS */ .cZ.filter((spec) => spec.secret).map((spec) => spec.input),
    'clouds-yaml',
    'kubeconfig-passphrase',
    'ssh-private-key',
    'tofu-state-passphrase',
    'plan-passphrase',
    'github-token',
];
/** A line break or control character in a one-line input: a paste mistake, and it would break the error line. */
function checkLine(name, value) {
    if (/[\0-\x1f\x7f]/.test(value))
        throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`input ${name}: contains a line break or control character`);
    return value;
}
function oneOf(name, value, allowed, fallback) {
    if (value === '')
        return fallback;
    checkLine(name, value);
    if (!allowed.includes(value))
        throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`input ${name}: ${(0,_core_lib_echo_js__WEBPACK_IMPORTED_MODULE_8__/* .quoteInput */ .Z)(value)} is not one of ${allowed.join(', ')}`);
    return value;
}
/** A true/false input ('' is false): true, yes, 1 or false, no, 0, any case. */
function bool(name, value) {
    if (value === '')
        return false;
    checkLine(name, value);
    if (/^(true|yes|1)$/i.test(value))
        return true;
    if (/^(false|no|0)$/i.test(value))
        return false;
    throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`input ${name}: ${(0,_core_lib_echo_js__WEBPACK_IMPORTED_MODULE_8__/* .quoteInput */ .Z)(value)} is not true or false`);
}
/** Every secret-looking leaf of a clouds.yaml document, to mask. */
function cloudsYamlSecrets(content) {
    const secrets = [];
    const visit = (node, key) => {
        if (typeof node === 'string' && key && /password|secret|token/i.test(key))
            secrets.push(node);
        else if (node && typeof node === 'object')
            for (const [k, v] of Object.entries(node))
                visit(v, k);
    };
    try {
        visit((0,_core_lib_yaml_js__WEBPACK_IMPORTED_MODULE_6__/* .parseYaml */ .hN)(content, 'input clouds-yaml', _core_lib_yaml_js__WEBPACK_IMPORTED_MODULE_6__/* .CLOUDS_YAML */ .Rh).value);
    }
    catch {
        // not YAML: it is a path, or the credential resolver reports the problem
    }
    return secrets;
}
/**
 * clouds.yaml given inline is checked as the input it is: later, as the private file it is written
 * to, its errors would name a temporary path the user never gave. (Which cloud it holds is checked
 * when credentials are resolved.) core/lib/yaml.ts never quotes the text, so no secret reaches the message.
 */
function checkInlineCloudsYaml(content) {
    try {
        const parsed = _core_openstack_credentials_js__WEBPACK_IMPORTED_MODULE_0__/* .CloudsYamlSchema */ .Dc.safeParse((0,_core_lib_yaml_js__WEBPACK_IMPORTED_MODULE_6__/* .parseYamlMapping */ .$0)(content, 'input clouds-yaml', _core_lib_yaml_js__WEBPACK_IMPORTED_MODULE_6__/* .CLOUDS_YAML */ .Rh).value);
        if (!parsed.success)
            throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo((0,_core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .formatIssues */ .og)('input clouds-yaml', parsed.error.issues));
    }
    catch (error) {
        throw error instanceof _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo ? new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(error.message) : error;
    }
}
/** The operation each operation-specific input belongs to, for the error naming it. */
const INPUT_OPERATIONS = {
    'confirm-destroy': ['destroy'],
    'kubernetes-version': ['upgrade'],
    'allow-unsafe-node-removal': ['deploy'],
    'ignore-capacity': ['deploy'],
    'save-plan': ['deploy'],
    'plan-artifact': ['deploy'],
    'health-issue': ['check'],
    // The readiness gate's node count (timeout and interval have defaults, so cannot be told apart from unset).
    nodes: ['deploy', 'upgrade'],
    // A check changes nothing, so it records no deployment.
    environment: ['deploy', 'upgrade', 'destroy'],
};
/**
 * An input of another operation is a mistake to say, not to ignore: `confirm-destroy` on a deploy
 * destroys nothing, `kubernetes-version` on a deploy upgrades nothing.
 */
function checkOperationInputs(settings, allowUnsafeNodeRemoval, ignoreCapacity) {
    const operation = settings.deploy.operation;
    const given = {
        'confirm-destroy': settings.confirmDestroy !== undefined,
        'kubernetes-version': settings.deploy.kubernetesVersion !== undefined,
        'allow-unsafe-node-removal': allowUnsafeNodeRemoval,
        'ignore-capacity': ignoreCapacity,
        'save-plan': settings.savePlan,
        'plan-artifact': settings.planArtifact !== undefined,
        'health-issue': settings.healthIssue,
        nodes: settings.deploy.waitReady?.nodes !== undefined,
        environment: settings.environment !== undefined,
    };
    for (const [name, operations] of Object.entries(INPUT_OPERATIONS)) {
        if (given[name] && !operations.includes(operation)) {
            throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`input ${name} applies only to operation: ${operations.join(' or ')}, not to operation: ${operation}; remove it${operation === 'deploy' ? ' or set operation' : ''}`);
        }
    }
}
/** Turns action inputs into settings; no side effects (actions/checkout's input-helper pattern). */
function readActionSettings(input, env) {
    const text = (name) => input(name).trim() || undefined;
    /** A one-line input: a path, a name, a value to parse. (Secrets and the multi-line pip-args and clouds-yaml are read with text.) */
    const line = (name) => {
        const value = text(name);
        return value === undefined ? undefined : checkLine(name, value);
    };
    const parsed = (name, parse) => {
        const value = line(name);
        return value === undefined ? undefined : parse(value, `input ${name}`);
    };
    const duration = (name, limits) => parsed(name, (value, where) => (0,_core_lib_option_values_js__WEBPACK_IMPORTED_MODULE_3__/* .parseDurationOption */ .vl)(value, where, limits));
    const timeoutMs = duration('timeout', _core_lib_option_values_js__WEBPACK_IMPORTED_MODULE_3__/* .DURATION_LIMITS */ .IM.timeout);
    const intervalMs = duration('interval', _core_lib_option_values_js__WEBPACK_IMPORTED_MODULE_3__/* .DURATION_LIMITS */ .IM.interval);
    const nodes = parsed('nodes', _core_lib_option_values_js__WEBPACK_IMPORTED_MODULE_3__/* .parseNodeCount */ .bo);
    const cloudsYaml = text('clouds-yaml');
    const inlineClouds = cloudsYaml !== undefined && /\n|^clouds:/.test(cloudsYaml);
    if (inlineClouds)
        checkInlineCloudsYaml(cloudsYaml);
    const tofuState = oneOf('tofu-state', input('tofu-state').trim(), ['none', 'artifact'], 'none');
    const kubeconfigPassphrase = text('kubeconfig-passphrase');
    const operation = parsed('operation', _core_lib_option_values_js__WEBPACK_IMPORTED_MODULE_3__/* .parseOperation */ .$$) ?? 'deploy';
    // action.yml's default is 'false', so only true says anything.
    const allowUnsafeNodeRemoval = bool('allow-unsafe-node-removal', input('allow-unsafe-node-removal').trim());
    const ignoreCapacity = bool('ignore-capacity', input('ignore-capacity').trim());
    const settings = {
        deploy: {
            operation,
            kubernetesVersion: parsed('kubernetes-version', _core_lib_option_values_js__WEBPACK_IMPORTED_MODULE_3__/* .parseKubernetesVersionOption */ .h8),
            ...(allowUnsafeNodeRemoval && { allowUnsafeNodeRemoval }),
            ...(ignoreCapacity && { ignoreCapacity }),
            configPath: line('config'),
            clusterDir: line('cluster-dir') ?? line('working-directory'),
            vip: parsed('vip', (value, where) => (0,_core_lib_address_js__WEBPACK_IMPORTED_MODULE_1__/* .parseApiHost */ .wA)(value, where, _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb)),
            method: parsed('method', _core_lib_option_values_js__WEBPACK_IMPORTED_MODULE_3__/* .parseMethod */ .$x),
            ...(line('management-kubeconfig') !== undefined && {
                clusterApi: { managementKubeconfig: line('management-kubeconfig') },
            }),
            tofuBinary: line('tofu-path'),
            kubeconfigPath: line('kubeconfig-path'),
            stateDir: env.RUNNER_TEMP ? `${env.RUNNER_TEMP}/cluster-deploy` : undefined,
            pipArgs: input('pip-args')
                .split('\n')
                .map((l) => l.trim())
                .filter(Boolean),
            python: line('python'),
            sshUser: parsed('ssh-user', (value, where) => (0,_core_model_kubespray_source_js__WEBPACK_IMPORTED_MODULE_5__/* .parseSshUser */ .rp)(value, where)),
            ...(bool('converge', input('converge').trim()) && { converge: true }),
            skipAuthCheck: bool('skip-auth-check', input('skip-auth-check').trim()),
            authTimeoutMs: duration('auth-timeout', _core_lib_option_values_js__WEBPACK_IMPORTED_MODULE_3__/* .DURATION_LIMITS */ .IM.authTimeout),
            waitReady: {
                ...(timeoutMs !== undefined && { timeoutMs }),
                ...(intervalMs !== undefined && { intervalMs }),
                ...(nodes !== undefined && { nodes }),
            },
            cloud: line('cloud'),
            cloudsYaml: inlineClouds ? undefined : cloudsYaml,
            credentials: (0,_core_openstack_credentials_js__WEBPACK_IMPORTED_MODULE_0__/* .credentialOptions */ .Kn)('action', (spec) => text(spec.input)),
            env,
        },
        confirmDestroy: line('confirm-destroy'),
        filter: { restart: bool('restart', input('restart').trim()), step: line('step'), fromStep: line('from-step') },
        dryRun: bool('dry-run', input('dry-run').trim()) ||
            oneOf('mode', input('mode').trim(), ['apply', 'plan'], 'apply') === 'plan',
        comment: input('comment').trim() === '' || bool('comment', input('comment').trim()),
        savePlan: bool('save-plan', input('save-plan').trim()),
        planPassphrase: text('plan-passphrase') ?? kubeconfigPassphrase,
        planArtifact: line('plan-artifact'),
        venvCache: input('venv-cache').trim() === '' || bool('venv-cache', input('venv-cache').trim()),
        quiet: input('quiet').trim() === '' || bool('quiet', input('quiet').trim()),
        stateStore: oneOf('state-store', input('state-store').trim(), ['artifact', 'local', 'none'], 'artifact'),
        tofuState,
        kubeconfigPassphrase,
        tofuStatePassphrase: text('tofu-state-passphrase') ?? kubeconfigPassphrase,
        githubToken: text('github-token'),
        environment: line('environment'),
        cloudsYamlContent: inlineClouds ? cloudsYaml : undefined,
        healthIssue: bool('health-issue', input('health-issue').trim()),
        sshPrivateKey: text('ssh-private-key'),
        planCredential: oneOf('plan-credential', input('plan-credential').trim(), _core_openstack_roles_js__WEBPACK_IMPORTED_MODULE_7__/* .PLAN_CREDENTIAL_POLICIES */ .b3, 'any'),
    };
    (0,_core_engine_selection_js__WEBPACK_IMPORTED_MODULE_4__/* .checkFilter */ .le)(settings.filter, (flag) => `input ${flag}`, operation);
    checkOperationInputs(settings, allowUnsafeNodeRemoval, ignoreCapacity);
    if (!settings.deploy.configPath && !settings.deploy.clusterDir) {
        throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb('set input config (an openCenter cluster config) or cluster-dir (standalone, with vip)');
    }
    if (tofuState === 'artifact' && !settings.tofuStatePassphrase) {
        throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb('tofu-state: artifact needs tofu-state-passphrase (or kubeconfig-passphrase): the tofu state holds secrets and is stored encrypted');
    }
    if ((settings.savePlan || settings.planArtifact) && !settings.planPassphrase) {
        throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`${settings.savePlan ? 'save-plan' : 'plan-artifact'} needs plan-passphrase (or kubeconfig-passphrase): a binary plan holds every value in plain text and is stored encrypted`);
    }
    if (settings.healthIssue && !settings.githubToken)
        throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb('health-issue: true needs github-token (the default is ${{ github.token }}) with permission issues: write');
    if (settings.planCredential !== 'any' && !settings.dryRun && operation !== 'check')
        throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb(`input plan-credential is for a dry run (dry-run: true, or mode: plan) and operation: check, whose tofu plan runs the code it plans; operation: ${operation} must be able to change the cloud: remove it`);
    if (settings.planArtifact && settings.dryRun)
        throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb('plan-artifact applies a saved plan: it cannot be combined with dry-run or mode: plan');
    if (settings.healthIssue && settings.dryRun)
        throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UsageError */ .eb("health-issue keeps the issue from the check's report, and a dry run only plans the check: remove dry-run (or mode: plan), or health-issue");
    return settings;
}


/***/ })

};
