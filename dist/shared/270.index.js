export const id = 270;
export const ids = [270];
export const modules = {

/***/ 81270:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  b: () => (/* binding */ post),
  e: () => (/* binding */ run)
});

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./lib/core/model/check-report.js
var check_report = __webpack_require__(98796);
// EXTERNAL MODULE: ./lib/core/lib/command.js
var command = __webpack_require__(2218);
// EXTERNAL MODULE: ./lib/core/lib/duration.js
var duration = __webpack_require__(32335);
// EXTERNAL MODULE: ./lib/core/lib/errors.js
var errors = __webpack_require__(36452);
// EXTERNAL MODULE: ./lib/core/lib/files.js
var files = __webpack_require__(4196);
// EXTERNAL MODULE: ./lib/core/kube/kubeconfig.js
var kubeconfig = __webpack_require__(45466);
// EXTERNAL MODULE: ./lib/core/model/cluster-api.js
var cluster_api = __webpack_require__(47414);
// EXTERNAL MODULE: ./lib/core/lib/lock.js
var lock = __webpack_require__(70140);
// EXTERNAL MODULE: ./lib/core/engine/selection.js + 2 modules
var selection = __webpack_require__(46113);
// EXTERNAL MODULE: ./lib/core/model/settings.js + 1 modules
var model_settings = __webpack_require__(44274);
// EXTERNAL MODULE: ./lib/core/model/state.js
var model_state = __webpack_require__(12280);
// EXTERNAL MODULE: ./lib/core/lib/yaml.js
var yaml = __webpack_require__(24324);
;// CONCATENATED MODULE: ./lib/core/engine/engine.js














/** The log file's first lines: what ran, where, on what; the redactor takes out any secret in the arguments. */
function logHeader(run) {
    return [
        `${run.invocation?.program ?? 'cluster-deploy'}: ${run.settings.operation} of ${(0,model_settings/* clusterId */.kL)(run.settings)}`,
        ...(run.invocation?.argv.length ? [`arguments: ${(0,command/* displayCommand */.kc)(run.invocation.argv)}`] : []),
        `working directory: ${process.cwd()}`,
        `config: ${run.settings.configPath ?? `none (cluster directory ${run.settings.clusterDir})`}`,
        `state directory: ${run.settings.stateDir}`,
        `started: ${new Date().toISOString()}`,
    ];
}
/** The deploy steps that make the cluster's infrastructure. */
const APPLYING_STEPS = ['opentofu-apply', 'capi-apply'];
/** The reference's wording for a failed deploy ("provisioning infrastructure: step … failed"), and its like for the others. */
const FAILURE_PREFIX = {
    deploy: 'provisioning infrastructure',
    upgrade: 'upgrading the cluster',
    destroy: 'destroying the infrastructure',
    check: 'checking the cluster',
};
/**
 * What to do after a failed step, for this operation. A mistake in the input (a UserError) needs fixing before a
 * re-run can help; a failed command or an interruption may pass on a plain re-run, which resumes at the step.
 */
function resumeAdvice(operation, step, failure) {
    if (!(0,selection/* keepsResumeState */.H)(operation))
        return `Run the ${operation} again once this is fixed: it keeps no state, so it starts over`;
    if (failure instanceof errors/* UserError */.yo)
        return `Resume: once the error is fixed, run the same ${operation} again: it resumes at ${step} (state is saved)`;
    return `Resume: run the same ${operation} again (state is saved), or start here with --from-step ${step}`;
}
const failurePrefix = (operation, step) => `${FAILURE_PREFIX[operation]}: step "${step}" failed`;
/**
 * Starts this run's attempt in the state's timeline: appended to the history of a resumed run, a new
 * history after a completed one (its state kept only by --step/--from-step). Call before the first step's state changes.
 */
function beginAttempt(state, selected, filter, ciRun) {
    const previous = state.completedAt ? [] : (state.history ?? []);
    const attempt = {
        number: (previous.at(-1)?.number ?? 0) + 1,
        startedAt: new Date().toISOString(),
        steps: [],
    };
    if (ciRun)
        attempt.run = { id: ciRun.id, attempt: ciRun.attempt };
    if (previous.length) {
        const resumedAt = filter.step ?? filter.fromStep ?? selected.find((s) => state.steps[s.id]?.status !== 'success')?.id;
        if (resumedAt)
            attempt.resumedAt = resumedAt;
    }
    state.history = [...previous, attempt].slice(-model_state/* HISTORY_LIMIT */.Dc);
    return attempt;
}
function describeFailure(error, interrupted) {
    if (interrupted || error instanceof errors/* InterruptedError */.p4) {
        // A step may say what it did in the seconds an interruption leaves (capi-wait's cleanup before a kind runner dies).
        const said = error instanceof errors/* InterruptedError */.p4 && error.message !== 'interrupted' ? `: ${error.message}` : '';
        return { message: `interrupted${said}` };
    }
    if (error instanceof command/* CommandFailedError */.ju)
        return { message: (0,command/* failureHeadline */.Ni)(error), tail: error.result.tail };
    return { message: (0,errors/* errorMessage */.gJ)(error) };
}
/**
 * Runs the selected steps in order with resume state saved before and after each one. Never throws
 * for a failing step: the result says what happened, so every caller can report it its own way.
 */
async function runDeploy(run) {
    const selected = (0,selection/* selectSteps */.Ki)(run.steps, run.filter); // a bad selection fails before anything is written
    return (0,lock/* withDeployLock */.Jg)({
        file: (0,model_settings/* runtimePaths */.hi)(run.settings).lockPath,
        cluster: (0,model_settings/* clusterId */.kL)(run.settings),
        operation: run.settings.operation,
        output: run.output,
        redactor: run.output.redactor,
        signal: run.signal,
    }, async (exec) => {
        const kindLockFile = run.settings.clusterApi && (0,cluster_api/* kindLockPath */.T_)(run.settings.clusterApi, (0,model_settings/* defaultStateDir */.yD)(run.settings.baseEnv));
        const kindLock = kindLockFile
            ? await (0,lock/* acquireDeployLock */.zE)(kindLockFile, (0,model_settings/* clusterId */.kL)(run.settings), { signal: run.signal })
            : undefined;
        try {
            return await runSelected(run, selected, exec);
        }
        finally {
            await kindLock?.release();
        }
    });
}
async function runSelected(run, selected, exec) {
    const { settings, store, output, filter, signal } = run;
    const redactor = output.redactor;
    const cluster = (0,model_settings/* clusterId */.kL)(settings);
    if (run.logPath) {
        await (0,files/* ensurePrivateDir */.rh)(external_node_path_.dirname(run.logPath));
        output.openLogFile(run.logPath, logHeader(run));
    }
    const { state, note } = await (0,selection/* loadStartingState */.eX)(store, cluster, filter, settings.operation);
    if (note)
        output.line(note);
    const useState = (0,selection/* usesSavedState */.ZK)(filter);
    const reports = [];
    const result = {
        ok: false,
        interrupted: false,
        cluster,
        reports,
        statePath: store.location,
        logPath: run.logPath,
    };
    // A check keeps its state in memory only: the saved state (an unfinished deploy, say) stays as it was.
    const persistent = (0,selection/* keepsResumeState */.H)(settings.operation);
    const report = (0,check_report/* newCheckReport */.jT)(cluster);
    const save = async () => {
        if (!persistent)
            return;
        state.updatedAt = new Date().toISOString();
        await store.save((0,model_state/* redactState */.rX)(state, (text) => redactor.redact(text)));
    };
    let attempt; // begun by the first step that runs: a run that skips everything adds none
    const total = selected.length;
    for (const [index, step] of selected.entries()) {
        const label = `[${index + 1}/${total}]`;
        const name = `${step.title} (${step.id})`;
        const decision = await (0,selection/* decideStep */.lH)(step, state.steps[step.id], useState, state);
        if (!decision.run) {
            output.line(`${label} ${output.paint('⏭', 'dim')} ${name} (${decision.reason})`);
            if (decision.nothingToDo) {
                // Done without running: recorded as success, so the run resumes past it and completes.
                attempt ??= beginAttempt(state, selected, filter, run.ciRun);
                const now = new Date().toISOString();
                state.steps[step.id] = {
                    status: 'success',
                    startedAt: now,
                    finishedAt: now,
                    skipped: redactor.redact(decision.reason),
                };
                await save();
            }
            reports.push({
                id: step.id,
                title: step.title,
                status: 'skipped',
                reason: decision.reason,
                detail: state.steps[step.id]?.detail,
                warnings: state.steps[step.id]?.warnings,
            });
            continue;
        }
        attempt ??= beginAttempt(state, selected, filter, run.ciRun);
        // Saved as interrupted until it ends: a run killed outright leaves it so.
        const timeline = { id: step.id, startedAt: new Date().toISOString(), status: 'interrupted' };
        attempt.steps.push(timeline);
        state.steps[step.id] = { status: 'running', startedAt: timeline.startedAt };
        delete state.completedAt; // the deploy is incomplete again until every step has passed
        await save();
        const startedAt = new Date(); // the step's own time, without the save (an artifact upload in CI)
        output.startGroup(`${label} → ${name}...`);
        let detail;
        const warnings = [];
        const warn = (message) => {
            const safe = redactor.redact(message);
            warnings.push(safe);
            output.line(`      ${output.paint('warning', 'yellow')}: ${safe}`);
        };
        let failure;
        let failed = false;
        try {
            detail =
                (await step.run({
                    settings,
                    redactor,
                    output,
                    signal,
                    exec,
                    state,
                    warn,
                    selected: selected.map((s) => s.id),
                    report,
                })) ?? undefined;
            if (signal.aborted)
                throw new errors/* InterruptedError */.p4();
        }
        catch (error) {
            failure = error;
            failed = true;
        }
        output.endGroup();
        const durationMs = Date.now() - startedAt.getTime();
        const finishedAt = new Date().toISOString();
        Object.assign(timeline, { startedAt: startedAt.toISOString(), durationMs });
        if (!failed) {
            timeline.status = 'success';
            const safeDetail = detail ? redactor.redact(detail) : undefined;
            state.steps[step.id] = {
                status: 'success',
                startedAt: startedAt.toISOString(),
                finishedAt,
                durationMs,
                detail: safeDetail,
                ...(warnings.length && { warnings }),
            };
            // From here on the cluster has infrastructure: a later destroy refuses to find none (recordsDeployedCluster).
            if (settings.operation === 'deploy' && APPLYING_STEPS.includes(step.id))
                state.deployedAt ??= finishedAt;
            await save();
            output.line(`${label} ${output.paint('✓', 'green')} ${name} (${(0,duration/* formatDuration */.a)(durationMs)})${safeDetail ? ` — ${safeDetail}` : ''}`);
            reports.push({
                id: step.id,
                title: step.title,
                status: 'success',
                reason: decision.reason,
                durationMs,
                detail: safeDetail,
                ...(warnings.length && { warnings }),
            });
            continue;
        }
        const interrupted = signal.aborted;
        const { message, tail } = describeFailure(failure, interrupted);
        timeline.status = message.startsWith('interrupted') ? 'interrupted' : 'failed';
        const safeMessage = redactor.redact(message);
        state.steps[step.id] = {
            status: 'failed',
            startedAt: startedAt.toISOString(),
            finishedAt,
            durationMs,
            error: safeMessage,
            ...(warnings.length && { warnings }),
        };
        await save();
        if (!(failure instanceof errors/* UserError */.yo || failure instanceof command/* CommandFailedError */.ju) &&
            !interrupted &&
            failure instanceof Error &&
            failure.stack) {
            output.line(`internal error in step ${step.id}:\n${failure.stack}`);
        }
        // The reason is printed once, by the front end (the CLI's `error:` line, the action's annotation), from result.error;
        // the log file, which has neither, gets it here.
        output.line(`${label} ${output.paint('✗', 'red')} ${name} failed after ${(0,duration/* formatDuration */.a)(durationMs)}`);
        output.logLine(`error: ${failurePrefix(settings.operation, step.id)}: ${safeMessage}`);
        // A refusal changed nothing and refuses again on a re-run: its message says what to do instead.
        const refused = failure instanceof errors/* RefusalError */.XQ;
        if (!refused)
            output.line(`      ${resumeAdvice(settings.operation, step.id, interrupted ? new errors/* InterruptedError */.p4() : failure)}`);
        reports.push({
            id: step.id,
            title: step.title,
            status: 'failed',
            reason: decision.reason,
            durationMs,
            error: safeMessage,
            outputTail: tail,
            ...(warnings.length && { warnings }),
        });
        for (const later of selected.slice(index + 1)) {
            reports.push({ id: later.id, title: later.title, status: 'not-run', reason: `not reached: ${step.id} failed` });
        }
        Object.assign(result, {
            ...(refused && { refused }),
            interrupted,
            history: state.history,
            ...(state.capacity && { capacity: redactor.redactValue(state.capacity) }),
            failedStep: step.id,
            error: `${failurePrefix(settings.operation, step.id)}: ${safeMessage}`,
        });
        return result;
    }
    if (persistent && run.steps.every((s) => state.steps[s.id]?.status === 'success')) {
        state.completedAt = new Date().toISOString();
        // The next deploy starts from nothing, and no store hands out this cluster's kubeconfig again.
        if (settings.operation === 'destroy')
            state.destroyedAt = state.completedAt;
        await save();
    }
    result.ok = true;
    result.history = state.history;
    if (state.capacity)
        result.capacity = redactor.redactValue(state.capacity);
    if (settings.operation === 'check') {
        // A check of some of its steps (--step, --from-step) must not call what it skipped clean.
        for (const [id, what] of [
            ['opentofu-drift', 'drift'],
            ['capi-drift', 'drift'],
            ['capi-conditions', 'health'],
            ['cluster-health', 'health'],
        ]) {
            if (run.steps.some((s) => s.id === id) && !selected.some((s) => s.id === id)) {
                report.findings.push({
                    kind: 'unchecked',
                    subject: what,
                    message: `step ${id} was not selected, so ${what === 'drift' ? 'drift' : "the cluster's health"} was not checked: run the check without --step or --from-step (inputs step, from-step)`,
                });
            }
        }
        result.checkReport = redactor.redactValue((0,check_report/* completeCheckReport */.kf)(report));
    }
    try {
        if (settings.operation !== 'destroy' && (0,external_node_fs_.existsSync)(settings.kubeconfigPath))
            result.endpoint = (0,kubeconfig/* kubeconfigEndpoint */.xF)((0,files/* readTextFile */.Gu)(settings.kubeconfigPath, yaml/* KUBECONFIG_FILE */.HT), settings.kubeconfigPath);
    }
    catch {
        // not fatal: the endpoint is informational once every step has passed
    }
    return result;
}

// EXTERNAL MODULE: ./lib/core/openstack/credentials.js
var credentials = __webpack_require__(84554);
// EXTERNAL MODULE: ./lib/core/openstack/keystone.js
var keystone = __webpack_require__(55842);
// EXTERNAL MODULE: ./lib/core/lib/redact.js
var redact = __webpack_require__(61078);
// EXTERNAL MODULE: ./lib/core/steps/index.js + 21 modules
var steps = __webpack_require__(62166);
;// CONCATENATED MODULE: ./lib/core/engine/pipeline.js












/** The live preflight check against Keystone; Octavia's `load-balancer` is required when the config uses it. */
function keystoneAuthChecker(settings) {
    const requiredServices = [...keystone/* DEFAULT_REQUIRED_SERVICES */.r6, ...(settings.useOctavia ? ['load-balancer'] : [])];
    return {
        describe: (credentials, timeoutMs) => (0,keystone/* describeAuthCheck */.KT)(credentials, { timeoutMs, requiredServices }),
        async check(credentials, timeoutMs) {
            const result = await (0,keystone/* checkOpenStackAuth */.tR)(credentials, { timeoutMs, requiredServices });
            const project = result.project ? ` in project ${result.project}` : '';
            return `authenticated as ${result.user}${project} (${result.method}); ${requiredServices.join(', ')} found in ${result.region}/${result.interface}`;
        },
    };
}
/** Registers every secret the run knows of: credential secrets from every source and an existing kubeconfig's keys. */
async function createRedactor(settings, extra = []) {
    const redactor = new redact/* Redactor */.pO();
    for (const secret of [...(0,credentials/* credentialSecrets */.DJ)(settings.credentials), ...extra])
        redactor.add(secret);
    try {
        if ((0,external_node_fs_.existsSync)(settings.kubeconfigPath)) {
            for (const secret of (0,kubeconfig/* kubeconfigSecrets */.hT)((0,files/* readTextFile */.Gu)(settings.kubeconfigPath, yaml/* KUBECONFIG_FILE */.HT), settings.kubeconfigPath))
                redactor.add(secret);
        }
    }
    catch {
        // an unreadable kubeconfig is reported by the step that needs it
    }
    return redactor;
}
/**
 * `dir`, or the nearest of its parents that exists, must be a directory. `what` and `given` name
 * the path as the user gave it ("state directory /x", "kubeconfig path /x/kc") in the message.
 */
async function checkDirectoryPath(dir, what, given) {
    const within = (current) => (current === given ? `${what} ${given}` : `${what} ${given}: ${current}`);
    for (let current = dir;; current = external_node_path_.dirname(current)) {
        try {
            if ((await external_node_fs_.promises.stat(current)).isDirectory())
                return;
            throw new errors/* UserError */.yo(`${within(current)} is not a directory`);
        }
        catch (error) {
            if (error instanceof errors/* UserError */.yo)
                throw error;
            const code = error.code;
            if (code === 'ELOOP')
                throw new errors/* UserError */.yo(`${within(current)}: too many levels of symbolic links`);
            if (code !== 'ENOENT' && code !== 'ENOTDIR')
                throw new errors/* UserError */.yo(`cannot use ${within(current)}: ${(0,files/* systemErrorReason */.Qq)(error) ?? (0,errors/* errorMessage */.gJ)(error)}`);
            const link = await external_node_fs_.promises.readlink(current).catch(() => undefined);
            if (link !== undefined)
                throw new errors/* UserError */.yo(`${within(current)} is a symbolic link to ${external_node_path_.resolve(external_node_path_.dirname(current), link)}, which does not exist`);
            if (external_node_path_.dirname(current) === current)
                return;
        }
    }
}
/**
 * Where a run will write, checked before it starts: a state directory that is a file (or lies under
 * one, or is a broken symlink) failed as a raw ENOTDIR from the deploy lock, with a stack trace; a
 * kubeconfig path that is a directory or a FIFO failed only at openstack-normalize-kubeconfig, after
 * the whole infrastructure and Kubespray run.
 */
async function checkOutputPaths(settings) {
    // The state directory, then the cluster's below it and its logs.
    await checkDirectoryPath(settings.stateDir, 'state directory', settings.stateDir);
    await checkDirectoryPath((0,model_settings/* runtimePaths */.hi)(settings).logDir, 'state directory', settings.stateDir);
    await checkDirectoryPath(external_node_path_.dirname(settings.kubeconfigPath), 'kubeconfig path', settings.kubeconfigPath);
    await (0,files/* checkFileTarget */.kV)(settings.kubeconfigPath, 'kubeconfig');
}
async function openPipeline(options, deps = {}) {
    const settings = { ...(0,model_settings/* resolveSettings */.Mo)(options), withheldSecrets: deps.secrets ?? [] };
    await checkOutputPaths(settings);
    const paths = (0,model_settings/* runtimePaths */.hi)(settings);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const logPath = external_node_path_.join(paths.logDir, `${settings.operation}-${stamp}.log`);
    return {
        settings,
        redactor: await createRedactor(settings, deps.secrets),
        steps: await (0,steps/* buildSteps */.a)(settings, deps.authChecker ?? keystoneAuthChecker(settings), deps.capacityChecker),
        store: deps.store?.(settings, logPath) ?? new model_state/* LocalStateStore */.Mc(paths.statePath, (0,model_settings/* clusterId */.kL)(settings)),
        logPath,
    };
}

// EXTERNAL MODULE: ./lib/core/engine/signals.js
var signals = __webpack_require__(51995);
// EXTERNAL MODULE: ./lib/github/actions-core.js
var actions_core = __webpack_require__(14518);
// EXTERNAL MODULE: ./lib/github/artifact-store.js
var artifact_store = __webpack_require__(50169);
// EXTERNAL MODULE: ./lib/github/clients.js
var clients = __webpack_require__(10563);
// EXTERNAL MODULE: ./lib/github/rest-errors.js
var rest_errors = __webpack_require__(85949);
// EXTERNAL MODULE: ./lib/github/runner.js
var runner = __webpack_require__(93581);
;// CONCATENATED MODULE: ./lib/github/deployments.js




/** The final status of a run's deployment: a completed destroy leaves the environment inactive. */
function finalStatus(operation, result, targetVersion) {
    if (!result.ok)
        return { state: 'failure', description: (result.error ?? 'failed').slice(0, 140) };
    if (operation === 'destroy')
        return { state: 'inactive', description: 'destroyed' };
    const description = operation === 'upgrade' ? `upgraded${targetVersion ? ` to v${targetVersion}` : ''}` : 'deployed';
    return { state: 'success', description, ...(result.endpoint && { environment_url: result.endpoint }) };
}
/**
 * GitHub Deployments for the `environment` input: in_progress now, success/failure at the end. A
 * destroy is recorded too (its log is where one looks for what happened to the environment), and
 * when it completes its status is `inactive`, with no URL: the environment's newest deployment then
 * shows the cluster gone, where a success would show a live cluster that is not there.
 */
async function startDeployment(settings, cluster, targetVersion) {
    const operation = settings.deploy.operation;
    if (!settings.environment)
        return undefined;
    const run = (0,runner/* runContext */.pO)(settings.githubToken, process.env, {
        purpose: 'environment (a GitHub deployment)',
        permissions: 'deployments: write',
    });
    const octokit = await (0,clients/* octokitFor */.d_)(run);
    const logUrl = (0,runner/* runUrl */.Vp)(run);
    const ref = process.env.GITHUB_SHA ?? process.env.GITHUB_REF ?? 'HEAD';
    let id;
    try {
        const created = await octokit.rest.repos.createDeployment({
            owner: run.owner,
            repo: run.repo,
            ref,
            environment: settings.environment,
            auto_merge: false,
            required_contexts: [],
            description: `cluster-deploy ${operation === 'deploy' ? '' : `${operation} `}${cluster}`,
        });
        id = created.data.id;
        await octokit.rest.repos.createDeploymentStatus({
            owner: run.owner,
            repo: run.repo,
            deployment_id: id,
            state: 'in_progress',
            log_url: logUrl,
        });
    }
    catch (error) {
        actions_core/* warning */.$e(`could not record a GitHub deployment for ${settings.environment}: ${(0,rest_errors/* describeRestError */.Ar)(error, { permission: 'deployments: write' }).message}`);
        return undefined;
    }
    return {
        async finish(result) {
            await octokit.rest.repos
                .createDeploymentStatus({
                owner: run.owner,
                repo: run.repo,
                deployment_id: id,
                log_url: logUrl,
                ...finalStatus(operation, result, targetVersion),
            })
                .catch((error) => actions_core/* warning */.$e(`could not update the GitHub deployment: ${(0,rest_errors/* describeRestError */.Ar)(error, { permission: 'deployments: write' }).message}`));
        },
    };
}

// EXTERNAL MODULE: ./lib/github/inputs.js
var inputs = __webpack_require__(96174);
// EXTERNAL MODULE: ./lib/github/plan-artifact.js
var plan_artifact = __webpack_require__(80215);
// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
;// CONCATENATED MODULE: ./lib/core/kubespray/ssh-key.js






/**
 * The SSH private key Ansible connects with (input ssh-private-key, --ssh-private-key-file): written
 * 0600 in a private directory of its own under RUNNER_TEMP (or the state dir), handed over through
 * ANSIBLE_PRIVATE_KEY_FILE, removed when the run ends. Checked with ssh-keygen first, so a mangled
 * secret fails here and not as "Permission denied (publickey)" on every host.
 */
const BEGIN = /^-----BEGIN (OPENSSH|RSA|EC|DSA|ENCRYPTED)? ?PRIVATE KEY-----$/m;
/** A secret pasted with CRLF or without its last newline still works: OpenSSH refuses both. */
function normalizeKey(text) {
    const key = text.replace(/\r\n?/g, '\n').trim();
    return `${key}\n`;
}
async function writeSshPrivateKey(baseDir, text, where, env) {
    const key = normalizeKey(text);
    if (key === '\n')
        throw new errors/* UserError */.yo(`${where} is empty`);
    if (!BEGIN.test(key)) {
        throw new errors/* UserError */.yo(`${where} is not an SSH private key (it must start with "-----BEGIN OPENSSH PRIVATE KEY-----" or another PEM private-key header; a public key or a file path does not work)`);
    }
    await external_node_fs_.promises.mkdir(baseDir, { recursive: true });
    const dir = await external_node_fs_.promises.mkdtemp(external_node_path_.join(baseDir, 'cluster-deploy-ssh-'));
    await external_node_fs_.promises.chmod(dir, 0o700);
    const file = external_node_path_.join(dir, `id-${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`);
    await (0,files/* writeFileAtomic */.Zf)(file, key, 0o600);
    // -P '': a key with a passphrase cannot be used without a prompt nobody answers.
    const problem = await new Promise((resolve) => (0,external_node_child_process_.execFile)('ssh-keygen', ['-y', '-P', '', '-f', file], { env, timeout: 15_000 }, (error, _stdout, stderr) => resolve(error ? (stderr.trim().split('\n').at(-1) ?? error.message) : undefined)));
    if (problem) {
        await removeSshPrivateKey(file);
        throw new errors/* UserError */.yo(`${where} cannot be used by ssh (ssh-keygen: ${problem.replace(file, '<key>')}): give the private key without a passphrase`);
    }
    return file;
}
/** Removes the key and its private directory. */
async function removeSshPrivateKey(file) {
    await external_node_fs_.promises.rm(external_node_path_.dirname(file), { recursive: true, force: true });
}

// EXTERNAL MODULE: ./lib/github/state-stores.js
var state_stores = __webpack_require__(8913);
// EXTERNAL MODULE: ./lib/github/summary.js
var github_summary = __webpack_require__(65671);
// EXTERNAL MODULE: ./lib/github/tofu-state.js
var tofu_state = __webpack_require__(28031);
// EXTERNAL MODULE: ./lib/core/tofu/state-guard.js
var state_guard = __webpack_require__(83381);
// EXTERNAL MODULE: ./lib/github/plan-credential.js + 1 modules
var plan_credential = __webpack_require__(45892);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(57975);
// EXTERNAL MODULE: ./lib/core/kubespray/paths.js
var paths = __webpack_require__(56690);
// EXTERNAL MODULE: ./lib/core/model/environment.js + 1 modules
var environment = __webpack_require__(75629);
// EXTERNAL MODULE: ./lib/github/quiet.js
var quiet = __webpack_require__(46519);
;// CONCATENATED MODULE: ./lib/github/venv-cache.js









/**
 * The cache key: what the venv holds (requirements and pip arguments) and what it runs on (OS,
 * architecture, the exact Python: a venv links to its interpreter and breaks when that changes).
 */
async function venvCacheKey(settings) {
    const { stdout } = await (0,external_node_util_.promisify)(external_node_child_process_.execFile)(settings.python, ['-c', 'import sys; print(sys.version.split()[0])'], {
        env: (0,environment/* toolEnvironment */.uQ)(settings),
    });
    const requirements = (await (0,paths/* requirementsFingerprint */.j)(settings)).slice(0, 16);
    // v2: venvs carry the completeness marker of kubespray-venv-create; older cached ones would be rebuilt every run.
    return `cluster-deploy-venv-v2-${process.platform}-${process.arch}-py${stdout.trim()}-${requirements}`;
}
/**
 * The Kubespray venv across runs, through the Actions cache: restored before the steps when this
 * runner has none (kubespray-venv-create then reuses it and pip finds everything installed), saved
 * after a run that installed the requirements. A cache problem is a warning, never a failure.
 */
async function restoreVenvCache(settings, steps) {
    if (!settings.kubespray || !steps.some((s) => s.id === 'kubespray-pip-install'))
        return undefined;
    // Only where the runner offers the cache (its URL in the environment) is the client loaded.
    if (!process.env.ACTIONS_CACHE_URL && !process.env.ACTIONS_RESULTS_URL)
        return undefined;
    const cache = await (0,clients/* actionsCache */.kW)();
    if (!cache.isFeatureAvailable())
        return undefined;
    let key;
    try {
        key = await venvCacheKey(settings);
    }
    catch (error) {
        actions_core/* warning */.$e(`the Kubespray venv is not cached: ${settings.python} did not report its version (${(0,errors/* errorMessage */.gJ)(error)})`);
        return undefined;
    }
    let restored = false;
    if (!(await (0,files/* pathExists */.s0)(settings.venvDir))) {
        try {
            restored = (await (0,quiet/* quietly */.g)(() => cache.restoreCache([settings.venvDir], key))) === key;
            if (restored)
                actions_core/* info */.pq(`restored the Kubespray venv from the Actions cache (${key})`);
        }
        catch (error) {
            actions_core/* warning */.$e(`could not restore the Kubespray venv from the Actions cache: ${(0,errors/* errorMessage */.gJ)(error)}`);
        }
    }
    return {
        async save(result) {
            const pip = result.reports.find((r) => r.id === 'kubespray-pip-install');
            if (restored || pip?.status !== 'success')
                return;
            try {
                await (0,quiet/* quietly */.g)(() => cache.saveCache([settings.venvDir], key));
                actions_core/* info */.pq(`saved the Kubespray venv to the Actions cache (${key})`);
            }
            catch (error) {
                // Another job saving the same key first is normal in a matrix.
                const level = error?.name === 'ReserveCacheError' ? actions_core/* info */.pq : actions_core/* warning */.$e;
                level(`the Kubespray venv was not saved to the Actions cache: ${(0,errors/* errorMessage */.gJ)(error)}`);
            }
        },
    };
}

;// CONCATENATED MODULE: ./lib/actions/deploy/run.js



























async function setKubeconfigOutputs(settings, deploy) {
    if (!(0,external_node_fs_.existsSync)(deploy.kubeconfigPath))
        return;
    const text = (0,files/* readTextFile */.Gu)(deploy.kubeconfigPath, yaml/* KUBECONFIG_FILE */.HT);
    for (const secret of (0,kubeconfig/* kubeconfigSecrets */.hT)(text, deploy.kubeconfigPath))
        actions_core/* setSecret */.Pq(secret);
    actions_core/* setOutput */.uH('kubeconfig-path', deploy.kubeconfigPath);
    actions_core/* setOutput */.uH('kubeconfig', text);
    actions_core/* exportVariable */.dN('KUBECONFIG', deploy.kubeconfigPath);
    if (settings.kubeconfigPassphrase)
        actions_core/* setOutput */.uH('kubeconfig-encrypted', await (await (0,clients/* secretBox */.iZ)()).encryptWithPassphrase(text, settings.kubeconfigPassphrase));
}
/** This run in the timeline: GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT, when set. */
function ciRun(env) {
    if (!/^\d+$/.test(env.GITHUB_RUN_ID ?? ''))
        return undefined;
    const attempt = Number(env.GITHUB_RUN_ATTEMPT);
    return { id: Number(env.GITHUB_RUN_ID), attempt: Number.isInteger(attempt) && attempt > 0 ? attempt : 1 };
}
function resumeDescription(store) {
    if (!(store instanceof artifact_store/* ArtifactStateStore */.p) || !store.origin)
        return undefined;
    const { runId, runAttempt, createdAt } = store.origin;
    return `run ${runId}${runAttempt ? ` attempt ${runAttempt}` : ''}${createdAt ? ` (state saved ${createdAt})` : ''}`;
}
/**
 * `uses: org/cluster-deploy@v1`, and with `only` each per-step action: inputs → settings → the
 * engine (or, for a dry run, the plan) → outputs, job summary, annotations. The SSH key written from
 * input ssh-private-key is removed when the step ends, however it ends: the per-step actions have no
 * post step, and the root action's post step removes it again only if this one was killed.
 */
async function run(action, options = {}) {
    try {
        await runOperation(action, options);
    }
    finally {
        await removeSshKeys(sshKeyDir(process.env)).catch((error) => actions_core/* warning */.$e(`could not remove the SSH key: ${(0,errors/* errorMessage */.gJ)(error)}`));
    }
}
async function runOperation(action, options) {
    // runAction has masked the secret inputs; an inline clouds.yaml's secrets too.
    const cloudsYaml = actions_core/* getInput */.V4('clouds-yaml');
    if (cloudsYaml)
        for (const secret of (0,inputs/* cloudsYamlSecrets */.ZA)(cloudsYaml))
            actions_core/* setSecret */.Pq(secret);
    state_stores/* deployPostState */.Z6.markMain();
    const settings = (0,inputs/* readActionSettings */.O9)((name) => actions_core/* getInput */.V4(name), process.env);
    if (settings.cloudsYamlContent) {
        const file = external_node_path_.join(process.env.RUNNER_TEMP ?? '/tmp', 'cluster-deploy', 'clouds.yaml');
        await (0,files/* writePrivateFile */.Pl)(file, settings.cloudsYamlContent, 'clouds.yaml');
        settings.deploy.cloudsYaml = file;
    }
    if (settings.planArtifact)
        settings.deploy.savedPlan = await (0,plan_artifact/* fetchSavedPlan */.l_)(settings);
    if (settings.sshPrivateKey) {
        // Masked line by line too: the runner's masker matches single lines of a multi-line secret.
        for (const keyLine of settings.sshPrivateKey.split(/\r?\n/))
            if (keyLine.trim().length >= 8)
                actions_core/* setSecret */.Pq(keyLine.trim());
        settings.deploy.sshPrivateKeyFile = await writeSshPrivateKey(sshKeyDir(process.env), settings.sshPrivateKey, 'input ssh-private-key', process.env);
    }
    const secrets = [
        settings.kubeconfigPassphrase,
        settings.tofuStatePassphrase,
        settings.planPassphrase,
        settings.githubToken,
        ...(settings.sshPrivateKey?.split(/\r?\n/).filter((l) => l.trim().length >= 8) ?? []),
    ].filter((s) => !!s);
    const p = await openPipeline(settings.deploy, {
        secrets,
        store: (deploy, logPath) => (0,state_stores/* makeStateStore */.Tb)(settings, deploy, logPath),
    });
    const operation = p.settings.operation;
    // Before anything runs (no state loaded, no tofu): a destroy names the cluster it destroys. A dry run changes nothing.
    if (operation === 'destroy') {
        if (!settings.dryRun)
            (0,model_settings/* checkDestroyConfirmation */.Ao)(p.settings, settings.confirmDestroy, { flag: 'input confirm-destroy:', input: '' });
        (0,model_settings/* refuseWaitOptionsOnDestroy */.Vz)(p.settings, settings.deploy.waitReady, 'operation destroy', (name) => `input ${name}`);
    }
    actions_core/* setOutput */.uH('operation', operation);
    action.redactWith(p.redactor);
    // Secrets from the config file or clouds.yaml reach the runner's masker too.
    for (const secret of p.redactor.values)
        actions_core/* setSecret */.Pq(secret);
    const steps = options.only ? p.steps.filter((s) => options.only.includes(s.id)) : p.steps;
    const store = p.store;
    // step and from-step against this action's steps, for the config's method, now that the config has said it.
    (0,selection/* checkStepIds */.Vk)(settings.filter, { operation, method: (0,model_settings/* deploymentMethod */.Jr)(p.settings) }, steps.map((s) => s.id), (name) => `input ${name}`);
    if (settings.dryRun) {
        action.started();
        // Loaded here only: the dry run's previews (the Cluster API's among them) are code no step needs.
        const { runDryRun } = await Promise.all(/* import() */[__webpack_require__.e(683), __webpack_require__.e(732), __webpack_require__.e(618)]).then(__webpack_require__.bind(__webpack_require__, 7618));
        await runDryRun(p, settings, steps);
        return;
    }
    const selected = (0,selection/* selectSteps */.Ki)(steps, settings.filter).map((s) => s.id);
    // A check plans with tofu: its credential is judged before any tofu command, whichever steps run.
    if (operation === 'check')
        await (0,plan_credential/* reportPlanCredential */.v)(p, settings.planCredential);
    const localBackend = (await (0,tofu_state/* declaredBackend */.FU)(p.settings.clusterDir)) === 'local';
    if (selected.includes('opentofu-apply') && settings.tofuState !== 'artifact' && localBackend) {
        throw (0,tofu_state/* localBackendRefusal */.on)(p.settings.clusterDir);
    }
    let saved;
    try {
        saved = await store.load();
    }
    catch (error) {
        if (!(settings.filter.restart && error instanceof errors/* UserError */.yo))
            throw error;
        actions_core/* warning */.$e(`${(0,errors/* errorMessage */.gJ)(error)}\n(ignored: restart is set)`);
    }
    await (0,tofu_state/* restoreSavedFiles */.Xc)(p, settings, { kubeconfig: true });
    // Before the venv cache and the deployment record: the same refusal the steps make, said at once.
    for (const step of ['opentofu-destroy', 'opentofu-drift'])
        if (selected.includes(step))
            await (0,state_guard/* requireLocalTofuState */.Qt)(p.settings.clusterDir, step);
    // A completed or destroyed state, or another operation's, is not resumed (loadStartingState starts afresh).
    const resumes = saved && !saved.completedAt && !saved.destroyedAt && saved.operation === operation;
    const resumedFrom = resumes ? resumeDescription(store) : undefined;
    if (resumedFrom)
        actions_core/* info */.pq(`Resuming ${(0,model_settings/* clusterId */.kL)(p.settings)} from ${resumedFrom}`);
    const venvCache = settings.venvCache ? await restoreVenvCache(p.settings, steps) : undefined;
    const deployment = await startDeployment(settings, (0,model_settings/* clusterId */.kL)(p.settings), p.settings.kubernetesVersion);
    const output = (0,runner/* actionsOutput */.bN)(p, { quiet: settings.quiet });
    let result;
    action.started();
    try {
        result = await (0,signals/* interruptible */.I)((message) => output.line(message), (0,signals/* interruptNote */._)(p.settings.operation), async (signal) => {
            return await runDeploy({
                settings: p.settings,
                steps,
                store,
                output,
                filter: settings.filter,
                signal,
                logPath: p.logPath,
                ciRun: ciRun(process.env),
                // The action's ref (v1, a sha) is its version; it has no command line.
                invocation: {
                    program: `cluster-deploy action${process.env.GITHUB_ACTION_REF ? `@${process.env.GITHUB_ACTION_REF}` : ''}`,
                    argv: [],
                },
            });
        });
    }
    finally {
        await output.close();
    }
    await deployment?.finish(result);
    await venvCache?.save(result);
    // A destroy hands out no kubeconfig: after it the file is gone, and before, the cluster may be half gone. A check only reads one.
    if (operation !== 'destroy' && operation !== 'check')
        await setKubeconfigOutputs(settings, p.settings);
    if (result.endpoint)
        actions_core/* setOutput */.uH('endpoint', result.endpoint);
    actions_core/* setOutput */.uH('result', result.ok ? 'success' : result.interrupted ? 'interrupted' : 'failure');
    actions_core/* setOutput */.uH('steps', JSON.stringify(result.reports.map(({ id, status, durationMs, detail, error }) => ({ id, status, durationMs, detail, error }))));
    if (result.checkReport) {
        await reportCheck(result.checkReport, settings, p.redactor);
    }
    else {
        const summary = (0,github_summary/* deploySummary */.e)(result, {
            stateLocation: store.location,
            logLocation: settings.stateStore === 'artifact' ? `deploy.log in the same artifact` : result.logPath,
            resumedFrom,
            resumeHint: result.refused
                ? undefined
                : operation === 'check'
                    ? 'A check keeps no state: run it again once the cause is fixed.'
                    : `To continue, re-run this job (state is saved), or set \`from-step: ${result.failedStep}\`; \`restart: true\` starts over.`,
            operation,
            targetVersion: p.settings.kubernetesVersion,
            ...(operation === 'upgrade' && { followUp: (0,model_settings/* upgradeConfigNote */.Jg)(p.settings) }),
        });
        await actions_core/* appendSummary */.fe(p.redactor.redact(summary));
    }
    if (!result.ok) {
        // One annotation that names the step; setFailed would add a second, vaguer one.
        actions_core/* error */.z3(result.error ?? 'deploy failed', { title: `cluster-deploy: step ${result.failedStep} failed` });
        process.exitCode = 1;
    }
}
/**
 * operation check: the findings in the log, the outputs (drift, healthy, the report as JSON), the job
 * summary, then, with health-issue, the cluster's health issue. Findings do not fail the job: a
 * workflow decides with the outputs.
 */
async function reportCheck(report, settings, redactor) {
    const [{ renderCheckReport }, { reportHealthIssue }] = await Promise.all([
        __webpack_require__.e(/* import() */ 178).then(__webpack_require__.bind(__webpack_require__, 178)),
        __webpack_require__.e(/* import() */ 787).then(__webpack_require__.bind(__webpack_require__, 69787)),
    ]);
    for (const line of (0,check_report/* describeCheckReport */.Q2)(report))
        actions_core/* info */.pq(line);
    actions_core/* setOutput */.uH('drift', String(report.drift));
    actions_core/* setOutput */.uH('healthy', String(report.healthy));
    actions_core/* setOutput */.uH('report', JSON.stringify(report));
    await actions_core/* appendSummary */.fe(redactor.redact(renderCheckReport(report)));
    if (!settings.healthIssue)
        return;
    const run = (0,runner/* runContext */.pO)(settings.githubToken, process.env, { purpose: 'health-issue', permissions: 'issues: write' });
    const issue = await reportHealthIssue({
        token: run.token,
        repository: `${run.owner}/${run.repo}`,
        report,
        runUrl: (0,runner/* runUrl */.Vp)(run),
    });
    actions_core/* info */.pq(`health issue: ${issue.action}${issue.url ? ` (${issue.url})` : ''}`);
}
/** The post step: upload the final state and the full log, whatever happened to the main step. Never fails the job. */
async function post() {
    // The SSH key goes whatever happened: the main step may have been killed before it removed it.
    await removeSshKeys(sshKeyDir(process.env)).catch((error) => actions_core/* warning */.$e(`could not remove the SSH key: ${(0,errors/* errorMessage */.gJ)(error)}`));
    try {
        const store = (0,state_stores/* postStepStateStore */.fW)({
            githubToken: actions_core/* getInput */.V4('github-token'),
            kubeconfigPassphrase: actions_core/* getInput */.V4('kubeconfig-passphrase'),
            tofuStatePassphrase: actions_core/* getInput */.V4('tofu-state-passphrase'),
        });
        if (!store ||
            !(await external_node_fs_.promises.access(store.statePath).then(() => true, () => false)))
            return;
        await store.upload();
        actions_core/* info */.pq(`uploaded the final resume state and log as artifact "${store.name}"`);
    }
    catch (error) {
        actions_core/* warning */.$e(`could not upload the final state: ${(0,errors/* errorMessage */.gJ)(error)}`);
    }
}
/** Where the ssh-private-key input is written: a private directory per run under RUNNER_TEMP. */
function sshKeyDir(env) {
    return external_node_path_.join(env.RUNNER_TEMP ?? (0,external_node_os_.tmpdir)(), 'cluster-deploy');
}
async function removeSshKeys(dir) {
    for (const name of await external_node_fs_.promises.readdir(dir).catch(() => [])) {
        if (name.startsWith('cluster-deploy-ssh-'))
            await external_node_fs_.promises.rm(external_node_path_.join(dir, name), { recursive: true, force: true });
    }
}


/***/ }),

/***/ 51995:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ interruptible),
/* harmony export */   _: () => (/* binding */ interruptNote)
/* harmony export */ });
/* harmony import */ var _selection_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(46113);

/**
 * Turns SIGINT/SIGTERM into an abort: the engine then interrupts the running command (one SIGINT,
 * SIGTERM after a grace period), records the step as interrupted and saves state. Later signals
 * are noted but not forwarded again: a second SIGINT makes tofu abandon its state lock.
 */
function abortOnSignals(controller, note, 
/** What is interrupted and what happens then, for commands that save no state (a plan, a standalone wait). */
what = {
    interrupting: 'the running step; state will be saved',
    waitingFor: 'the running command to stop and state to be saved',
}) {
    const handler = (signal) => {
        if (controller.signal.aborted) {
            note(`received ${signal} again: still waiting for ${what.waitingFor}`);
            return;
        }
        note(`received ${signal}: interrupting ${what.interrupting}`);
        controller.abort(new Error(`received ${signal}`));
    };
    process.on('SIGINT', handler);
    process.on('SIGTERM', handler);
    return () => {
        process.off('SIGINT', handler);
        process.off('SIGTERM', handler);
    };
}
/** What an interrupted run of this operation does: a check saves no state, so it says none will be saved. */
function interruptNote(operation) {
    return (0,_selection_js__WEBPACK_IMPORTED_MODULE_0__/* .keepsResumeState */ .H)(operation)
        ? undefined
        : {
            interrupting: `the ${operation} (it keeps no state: run it again to start over)`,
            waitingFor: 'the running command to stop',
        };
}
/**
 * Runs `body` with SIGINT/SIGTERM turned into an abort of the signal it is given (abortOnSignals),
 * the handlers removed after: the one interruptible run of the CLI and the actions.
 */
async function interruptible(note, what, body) {
    const controller = new AbortController();
    const dispose = abortOnSignals(controller, note, what);
    try {
        return await body(controller.signal);
    }
    finally {
        dispose();
    }
}


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

/***/ 66408:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A8: () => (/* binding */ kubeletRelease),
/* harmony export */   AP: () => (/* binding */ parseNodeList),
/* harmony export */   s4: () => (/* binding */ kubectlCommand)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(92857);
/* harmony import */ var _lib_tool_json_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(52816);


/** The parts of a node list we read; anything else in it is ignored. */
const NodeListSchema = zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
    items: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
        metadata: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ name: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), labels: zod__WEBPACK_IMPORTED_MODULE_1__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP()).optional() })
            .partial()
            .optional(),
        status: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({
            conditions: zod__WEBPACK_IMPORTED_MODULE_1__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ type: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP(), status: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP() }).partial()).optional(),
            nodeInfo: zod__WEBPACK_IMPORTED_MODULE_1__/* .object */ .Ikc({ kubeletVersion: zod__WEBPACK_IMPORTED_MODULE_1__/* .string */ .YjP() }).partial().optional(),
        })
            .optional(),
    })),
});
/** A kubelet's release as the config and options write it: `v1.34.2+k3s1` → `1.34.2`. */
function kubeletRelease(kubelet) {
    return kubelet.replace(/^v/, '').split(/[+-]/)[0];
}
/** Parses kubectl's node list; a reply that is not one is an error saying so. */
function parseNodeList(json) {
    const list = (0,_lib_tool_json_js__WEBPACK_IMPORTED_MODULE_0__/* .parseToolJson */ .I)(json, NodeListSchema, (0,_lib_tool_json_js__WEBPACK_IMPORTED_MODULE_0__/* .notJsonOf */ .v)('kubectl get nodes -o json', json, 'a node list', ` starting ${JSON.stringify(json.slice(0, 40))}`));
    return list.items.map((node) => ({
        name: node.metadata?.name ?? '',
        ready: !!node.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'),
        kubelet: node.status?.nodeInfo?.kubeletVersion ?? '',
        controlPlane: node.metadata?.labels?.['node-role.kubernetes.io/control-plane'] !== undefined,
    }));
}
/** kubectl against one kubeconfig, bounded per request: a hung API is a failed check, not a hung step. */
function kubectlCommand(kubectl, kubeconfig, cwd, env, ...args) {
    return {
        argv: [kubectl, '--kubeconfig', kubeconfig, '--request-timeout=10s', ...args],
        cwd,
        env,
        about: `kubeconfig ${kubeconfig}`,
    };
}


/***/ }),

/***/ 61821:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   He: () => (/* binding */ parseKubeVersion),
/* harmony export */   Kp: () => (/* binding */ planUpgrade),
/* harmony export */   Pr: () => (/* binding */ workerBatches),
/* harmony export */   Zy: () => (/* binding */ compareVersions),
/* harmony export */   aR: () => (/* binding */ clusterVersionsFromKubectl)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(92857);
/* harmony import */ var _nodes_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(66408);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(36452);
/* harmony import */ var _lib_tool_json_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(52816);
/* harmony import */ var _lib_echo_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(94434);





// A "v", X.Y.Z, and any pre-release or build suffix ("v1.34.2+k3s1", "v1.35.0-rc.1"), which is dropped.
const VERSION = /^v?(\d{1,6})\.(\d{1,6})\.(\d{1,6})(?:[-+][0-9A-Za-z.+-]*)?$/;
/**
 * Accepts "1.34.2" or "v1.34.2" (the API reports "v1.34.2+k3s1"-like suffixes: only X.Y.Z is kept).
 * Anything else is an error naming `where`: a UserError, or the class given (UsageError for an
 * option or action input).
 */
function parseKubeVersion(value, where, fail = _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo) {
    const match = VERSION.exec(value.trim());
    if (!match) {
        const shown = (0,_lib_echo_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeInvisible */ .t)(JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value));
        throw new fail(`${where}: ${shown} is not a Kubernetes version; write it as X.Y.Z, e.g. 1.34.2`);
    }
    const [major, minor, patch] = [match[1], match[2], match[3]].map(Number);
    return { major, minor, patch, text: `${major}.${minor}.${patch}` };
}
function compareVersions(a, b) {
    return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}
/** "1.33 → 1.34 → 1.35": every minor from `from` to `to`. */
function minorSteps(from, to) {
    const steps = [];
    for (let minor = from.minor; minor <= to.minor && steps.length < 12; minor++)
        steps.push(`${from.major}.${minor}`);
    if (steps.at(-1) !== `${to.major}.${to.minor}`)
        steps.push('…', `${to.major}.${to.minor}`);
    return steps.join(' → ');
}
/**
 * Refuses a downgrade (target below the server or any kubelet) and a skipped minor (target minor
 * above the lowest current minor + 1, or another major); returns which nodes still need the target.
 * `upgrader` names what refuses the skip in the message (Kubespray, or Cluster API's kubeadm).
 */
function planUpgrade(target, current, upgrader = 'Kubespray') {
    const server = parseKubeVersion(current.server, 'the API server version');
    const nodes = current.nodes.map((node) => ({
        ...node,
        version: parseKubeVersion(node.kubelet, `the kubelet version of node ${node.name}`),
    }));
    const above = [
        ...(compareVersions(server, target) > 0 ? [`the API server (${server.text})`] : []),
        ...nodes
            .filter((node) => compareVersions(node.version, target) > 0)
            .map((node) => `${node.name} (${node.version.text})`),
    ];
    if (above.length > 0) {
        const highest = [server, ...nodes.map((node) => node.version)].reduce((a, b) => compareVersions(a, b) >= 0 ? a : b);
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`Kubernetes ${target.text} is below what the cluster runs: ${above.join(', ')}. Kubernetes cannot be downgraded; set the version to ${highest.text} or later`);
    }
    const lowest = [server, ...nodes.map((node) => node.version)].reduce((a, b) => (compareVersions(a, b) <= 0 ? a : b));
    if (target.major !== lowest.major || target.minor > lowest.minor + 1) {
        const steps = target.major === lowest.major
            ? minorSteps(lowest, target)
            : `${lowest.major}.${lowest.minor} → ${lowest.major}.${lowest.minor + 1} → …`;
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`Kubernetes ${target.text} skips a minor version: the cluster still runs ${lowest.text}, and ${upgrader} does not support skipping one; upgrade minor by minor, one upgrade each: ${steps}`);
    }
    const atTarget = (version) => compareVersions(version, target) === 0;
    // An API server behind the target means kubeadm has not upgraded every control plane, whatever their kubelets say.
    const serverBehind = !atTarget(server);
    const plan = { controlPlane: [], workers: [], done: [], notReady: [] };
    for (const node of nodes) {
        const pending = !atTarget(node.version) || (node.controlPlane && serverBehind);
        if (!pending)
            plan.done.push(node.name);
        else
            (node.controlPlane ? plan.controlPlane : plan.workers).push(node.name);
        if (pending && !node.ready)
            plan.notReady.push(node.name);
    }
    return plan;
}
/** Worker batches for --limit: default size = ceil(20% of all workers), at least 1 (Kubespray's serial default). */
function workerBatches(workers, batchSize) {
    if (batchSize !== undefined && (!Number.isInteger(batchSize) || batchSize < 1)) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UsageError */ .eb(`the worker batch size must be a whole number of at least 1, not ${batchSize}`);
    }
    const size = batchSize ?? Math.max(1, Math.ceil(workers.length * 0.2));
    const batches = [];
    for (let start = 0; start < workers.length; start += size)
        batches.push(workers.slice(start, start + size));
    return batches;
}
const KubectlVersionSchema = zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({ serverVersion: zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({ gitVersion: zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP() }) });
function parseJson(text, schema, command) {
    return (0,_lib_tool_json_js__WEBPACK_IMPORTED_MODULE_2__/* .parseToolJson */ .I)(text, schema, {
        notJson: `\`${command}\` did not print JSON`,
        invalid: (issues) => (0,_lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .formatIssues */ .og)(`the output of \`${command}\``, issues),
    });
}
/** Parses `kubectl version -o json` and `kubectl get nodes -o json` output into ClusterVersions (roles from the control-plane label; Ready from conditions). */
function clusterVersionsFromKubectl(versionJson, nodesJson) {
    const version = parseJson(versionJson, KubectlVersionSchema, 'kubectl version -o json');
    const nodes = (0,_nodes_js__WEBPACK_IMPORTED_MODULE_0__/* .parseNodeList */ .AP)(nodesJson);
    const silent = nodes.find((node) => !node.name || !node.kubelet);
    if (silent)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`kubectl get nodes -o json lists a node ${silent.name ? `(${silent.name}) ` : ''}without ${silent.name ? 'a kubelet version' : 'a name'}; is the API server healthy?`);
    return { server: version.serverVersion.gitVersion, nodes };
}


/***/ }),

/***/ 33408:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $I: () => (/* binding */ checkRemovalSafety),
/* harmony export */   E0: () => (/* binding */ plannedNodeChanges),
/* harmony export */   Ex: () => (/* binding */ playbookAfterApply),
/* harmony export */   Hq: () => (/* binding */ describeNodeDecisions),
/* harmony export */   Ih: () => (/* binding */ predictedPlaybook),
/* harmony export */   ed: () => (/* binding */ mergeNodeWork),
/* harmony export */   vc: () => (/* binding */ nodeWorkFromPlan),
/* harmony export */   xA: () => (/* binding */ pendingForNextPlan),
/* harmony export */   zI: () => (/* binding */ removeNodeVars),
/* harmony export */   zd: () => (/* binding */ removalRuns),
/* harmony export */   zw: () => (/* binding */ readInventory)
/* harmony export */ });
/* unused harmony exports valueAt, parseInventory */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(92857);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(36452);
/* harmony import */ var _lib_files_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4196);
/* harmony import */ var _lib_yaml_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(24324);





/** Files the OpenTofu code writes (the inventory among them): they change with the nodes, not the cluster. */
const IGNORED_RESOURCE_TYPES = new Set(['local_file', 'local_sensitive_file']);
/**
 * The parts of `tofu show -json <plan>` read here. The resource values stay inside this module:
 * only names and addresses come out.
 */
const PlanJsonSchema = zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({
    resource_changes: zod__WEBPACK_IMPORTED_MODULE_4__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({
        address: zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP(),
        module_address: zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().optional(),
        type: zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP(),
        mode: zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP().optional(),
        change: zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({
            actions: zod__WEBPACK_IMPORTED_MODULE_4__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP()),
            before: zod__WEBPACK_IMPORTED_MODULE_4__/* .unknown */ .L5J().optional(),
            after: zod__WEBPACK_IMPORTED_MODULE_4__/* .unknown */ .L5J().optional(),
            after_unknown: zod__WEBPACK_IMPORTED_MODULE_4__/* .unknown */ .L5J().optional(),
        }),
    }))
        .nullish(),
});
function changeKind(actions) {
    const set = new Set(actions);
    if (set.has('create') && set.has('delete'))
        return 'replace';
    if (set.has('create'))
        return 'create';
    if (set.has('delete'))
        return 'delete';
    if (set.has('update'))
        return 'update';
    return 'none'; // no-op, read, forget (OpenTofu's `removed` block: the machine stays)
}
/** The value at a dotted path (`input.node_name`, `network.0.name`), or undefined. */
function valueAt(value, path) {
    let current = value;
    for (const key of path) {
        if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key))
            return undefined;
        current = current[key];
    }
    return current;
}
/** Whether `after_unknown` marks the dotted path, or an object or list holding it, as known only after apply. */
function unknownAt(afterUnknown, path) {
    let current = afterUnknown;
    for (const key of path) {
        if (current === true)
            return true;
        if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key))
            return false;
        current = current[key];
    }
    return current === true;
}
function sortedUnique(names) {
    return [...new Set(names)].sort();
}
function plannedNodeChanges(planJson, spec) {
    const parsed = PlanJsonSchema.safeParse(planJson);
    if (!parsed.success)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo((0,_lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .formatIssues */ .og)('the plan from `tofu show -json`', parsed.error.issues));
    const namePath = spec.nameAttribute.split('.');
    const kept = [];
    const created = [];
    const deleted = [];
    const replaced = [];
    const unnamed = [];
    const updated = [];
    /** Module instances of nodes that come or go: their ports, volumes… change with them. */
    const churnedModules = new Set();
    const others = [];
    let matched = false;
    const changedTypes = new Set();
    for (const resource of parsed.data.resource_changes ?? []) {
        if (resource.mode === 'data')
            continue;
        const { actions, before, after, after_unknown: afterUnknown } = resource.change;
        const kind = changeKind(actions);
        if (kind !== 'none')
            changedTypes.add(resource.type);
        const nameBefore = valueAt(before, namePath);
        const nameAfter = valueAt(after, namePath);
        const beforeName = typeof nameBefore === 'string' ? nameBefore : undefined;
        const afterName = typeof nameAfter === 'string' ? nameAfter : undefined;
        const afterUnknownName = kind !== 'none' && kind !== 'delete' && afterName === undefined && unknownAt(afterUnknown, namePath);
        const isNode = resource.type === spec.type &&
            (beforeName !== undefined || afterName !== undefined || (kind === 'create' && afterUnknownName));
        if (!isNode) {
            if (kind !== 'none' && !IGNORED_RESOURCE_TYPES.has(resource.type) && !spec.companions?.includes(resource.address))
                others.push({ address: resource.address, moduleAddress: resource.module_address });
            continue;
        }
        matched = true;
        const name = beforeName ?? afterName;
        if (kind === 'none' || kind === 'update') {
            kept.push(name);
            if (kind === 'update')
                updated.push(name);
            continue;
        }
        if (resource.module_address)
            churnedModules.add(resource.module_address);
        if (kind === 'delete') {
            deleted.push(beforeName ?? afterName);
        }
        else if (kind === 'create' || beforeName === undefined) {
            // A replacement whose old value lacks the name is, for the cluster, just a new node.
            if (afterName === undefined) {
                created.push(resource.address);
                unnamed.push(resource.address);
            }
            else {
                created.push(afterName);
            }
        }
        else if (afterName !== undefined && afterName !== beforeName) {
            // Renamed: Kubernetes sees another node, so the old one goes and the new one joins.
            deleted.push(beforeName);
            created.push(afterName);
        }
        else {
            replaced.push(beforeName);
        }
    }
    // A typo in the setting would read every plan as one without nodes: a deleted server would go undrained.
    if (!matched && changedTypes.size > 0)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`opentofu.node_resource (type: ${spec.type}, name_attribute: ${spec.nameAttribute}) matches no resource of the plan, while the plan changes ${[...changedTypes].sort().join(', ')} resources: ` +
            "nodes it deletes or adds would go without Kubespray (no drain, no join). Set opentofu.node_resource to the cluster's server resources: their type, and the attribute naming them");
    const insideChurnedModule = (moduleAddress) => moduleAddress !== undefined &&
        [...churnedModules].some((module) => moduleAddress === module || moduleAddress.startsWith(`${module}.`));
    return {
        kept: sortedUnique(kept),
        created: sortedUnique(created),
        deleted: sortedUnique(deleted),
        replaced: sortedUnique(replaced),
        otherChanges: sortedUnique(others.filter((other) => !insideChurnedModule(other.moduleAddress)).map((other) => other.address)),
        unnamed: sortedUnique(unnamed),
        updated: sortedUnique(updated),
    };
}
/** Kubespray inventories of large clusters carry host variables for every node. */
const INVENTORY_FILE = { noun: 'inventory', plural: 'inventories', maxBytes: 16 * 1024 * 1024 };
const HostsSchema = zod__WEBPACK_IMPORTED_MODULE_4__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_4__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP(), zod__WEBPACK_IMPORTED_MODULE_4__/* .unknown */ .L5J(), { error: 'host variables must be a mapping, or empty' }).nullable(), {
    error: 'must map host names to their variables (or to nothing)',
})
    .nullish();
// Ansible's YAML inventory: a group has hosts, children (groups) and vars; other keys are ignored, as Ansible does.
const GroupSchema = zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({
    hosts: HostsSchema,
    get children() {
        return zod__WEBPACK_IMPORTED_MODULE_4__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP(), GroupSchema.nullable(), { error: 'must map group names to groups' }).nullish();
    },
}, { error: 'must be a group: a mapping with hosts, children or vars' });
const InventorySchema = zod__WEBPACK_IMPORTED_MODULE_4__/* .record */ .g1P(zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP(), GroupSchema.nullable());
const CONTROL_PLANE_GROUPS = ['kube_control_plane', 'kube-master'];
const ETCD_GROUPS = ['etcd'];
const WORKER_GROUPS = ['kube_node', 'kube-node'];
/** The inventory at `file`, or undefined when there is no file there (yet: the OpenTofu code may write it). */
function readInventory(file) {
    try {
        // lstat: a symlink to a missing file is an error readTextFile explains, not a missing inventory.
        if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lstatSync)(file, { throwIfNoEntry: false }))
            return undefined;
    }
    catch (error) {
        if (error.code === 'ENOTDIR')
            return undefined;
        throw error;
    }
    return { ...parseInventory((0,_lib_files_js__WEBPACK_IMPORTED_MODULE_2__/* .readTextFile */ .Gu)(file, INVENTORY_FILE), (0,_lib_files_js__WEBPACK_IMPORTED_MODULE_2__/* .displayPath */ .Gt)(file)), file };
}
function parseInventory(text, source) {
    const { value } = (0,_lib_yaml_js__WEBPACK_IMPORTED_MODULE_3__/* .parseYamlMapping */ .$0)(text, source, INVENTORY_FILE);
    const parsed = InventorySchema.safeParse(value);
    if (!parsed.success)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo((0,_lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .formatIssues */ .og)(`inventory ${source}`, parsed.error.issues));
    // A group may be defined in several places (under all.children and under k8s_cluster.children, say): Ansible merges them.
    const groups = new Map();
    const hosts = [];
    const collect = (name, definition) => {
        const group = groups.get(name) ?? { hosts: [], children: [] };
        groups.set(name, group);
        for (const host of Object.keys(definition?.hosts ?? {})) {
            group.hosts.push(host);
            hosts.push(host);
        }
        for (const [child, childDefinition] of Object.entries(definition?.children ?? {})) {
            group.children.push(child);
            collect(child, childDefinition);
        }
    };
    for (const [name, definition] of Object.entries(parsed.data))
        collect(name, definition);
    // Ansible's order: a group's own hosts, then each child's, depth first; the first occurrence counts.
    const members = (names) => {
        const result = [];
        const visited = new Set();
        const visit = (name) => {
            if (visited.has(name))
                return; // a group listed twice, or a cycle
            visited.add(name);
            const group = groups.get(name);
            if (!group)
                return;
            result.push(...group.hosts);
            for (const child of group.children)
                visit(child);
        };
        for (const name of names)
            visit(name);
        return [...new Set(result)];
    };
    return {
        file: source,
        hosts: [...new Set(hosts)],
        controlPlane: members(CONTROL_PLANE_GROUPS),
        etcd: members(ETCD_GROUPS),
        workers: members(WORKER_GROUPS),
    };
}
const ROLE_ORDER = ['control-plane', 'etcd', 'worker'];
function rolesIn(inventory, node) {
    const roles = [];
    if (inventory.controlPlane.includes(node))
        roles.push('control-plane');
    if (inventory.etcd.includes(node))
        roles.push('etcd');
    if (inventory.workers.includes(node))
        roles.push('worker');
    return roles;
}
function nodeWorkFromPlan(changes, inventoryBefore) {
    const remove = sortedUnique([...changes.deleted, ...changes.replaced]);
    const create = sortedUnique([...changes.created, ...changes.replaced]);
    const removeRoles = {};
    if (inventoryBefore)
        for (const node of remove)
            removeRoles[node] = rolesIn(inventoryBefore, node);
    const noNodeComesOrGoes = changes.created.length === 0 && changes.deleted.length === 0 && changes.replaced.length === 0;
    const work = {
        newCluster: changes.kept.length === 0 && changes.deleted.length === 0 && changes.replaced.length === 0,
        remove,
        create,
        // No node comes or goes: a re-deploy of the same plan, or nodes updated in place. cluster.yml
        // converges either (and is what every deploy ran before node changes were told apart).
        otherChanges: changes.otherChanges.length > 0 || noNodeComesOrGoes,
        removeRoles,
    };
    if (changes.unnamed?.length)
        work.unnamed = sortedUnique(changes.unnamed);
    if (noNodeComesOrGoes && changes.otherChanges.length === 0)
        work.empty = true;
    return work;
}
/** A later plan (a resumed deploy re-planned) adds to pending work instead of forgetting it: union of lists, newCluster/otherChanges OR-ed. */
function mergeNodeWork(pending, next) {
    if (!pending)
        return structuredClone(next);
    const nextRemoves = new Set(next.remove);
    const removeRoles = { ...pending.removeRoles };
    for (const [node, roles] of Object.entries(next.removeRoles)) {
        const known = new Set([...(removeRoles[node] ?? []), ...roles]);
        removeRoles[node] = ROLE_ORDER.filter((role) => known.has(role));
    }
    // A node created by the pending work that the next plan removes never got Kubespray: nothing to install for it.
    const stillCreated = pending.create.filter((node) => !nextRemoves.has(node));
    const merged = {
        newCluster: pending.newCluster || next.newCluster,
        remove: sortedUnique([...pending.remove, ...next.remove]),
        create: sortedUnique([...stillCreated, ...next.create]),
        otherChanges: pending.otherChanges || next.otherChanges,
        removeRoles,
    };
    const unnamed = sortedUnique([...(pending.unnamed ?? []), ...(next.unnamed ?? [])]).filter((address) => merged.create.includes(address));
    if (unnamed.length)
        merged.unnamed = unnamed;
    const unsafeOverride = next.unsafeOverride ?? pending.unsafeOverride;
    if (unsafeOverride !== undefined)
        merged.unsafeOverride = unsafeOverride;
    if (pending.empty && next.empty)
        merged.empty = true;
    return merged;
}
/**
 * The pending work a new plan builds on, given which nodes kubespray-remove-nodes has already
 * removed: a pending removal the new plan no longer makes is dropped while it has not happened;
 * a node already drained and removed whose server the new plan keeps must be installed again.
 */
function pendingForNextPlan(pending, removed, next) {
    if (!pending)
        return { reinstall: [] };
    const nextRemoves = new Set([...next.deleted, ...next.replaced]);
    const done = new Set(removed);
    const reinstall = sortedUnique(removed.filter((node) => !nextRemoves.has(node) && next.kept.includes(node)));
    const remove = pending.remove.filter((node) => nextRemoves.has(node) || (done.has(node) && !reinstall.includes(node)));
    const removeRoles = Object.fromEntries(Object.entries(pending.removeRoles).filter(([node]) => remove.includes(node)));
    return {
        pending: { ...pending, remove, removeRoles, create: sortedUnique([...pending.create, ...reinstall]) },
        reinstall,
    };
}
function listed(nodes) {
    return nodes.join(', ');
}
const ONE_AT_A_TIME = 'remove nodes one at a time (one deploy each)';
/**
 * Refuses removals that can break the cluster, before anything changes (throws UserError saying
 * what to do: one node at a time). With allowUnsafe the same texts come back as warnings starting
 * "UNSAFE:". `inventoryFile` names the inventory in the message when it is missing.
 */
function checkRemovalSafety(work, inventoryBefore, allowUnsafe, inventoryFile) {
    const warnings = [];
    const refusals = [];
    if (work.remove.length === 0)
        return { warnings };
    if (!inventoryBefore) {
        const where = inventoryFile ? (0,_lib_files_js__WEBPACK_IMPORTED_MODULE_2__/* .displayPath */ .Gt)(inventoryFile) : 'inventory/inventory.yaml in the cluster directory';
        refusals.push(`the plan removes ${listed(work.remove)}, but their roles cannot be known (the inventory at ${where} is missing): restore the inventory the OpenTofu code writes, then ${ONE_AT_A_TIME}`);
    }
    else {
        const removing = new Set(work.remove);
        const file = (0,_lib_files_js__WEBPACK_IMPORTED_MODULE_2__/* .displayPath */ .Gt)(inventoryBefore.file);
        const firstControlPlane = inventoryBefore.controlPlane[0];
        const firstEtcd = inventoryBefore.etcd[0];
        const firstGroups = [
            ...(firstControlPlane !== undefined && removing.has(firstControlPlane)
                ? [{ node: firstControlPlane, group: 'kube_control_plane' }]
                : []),
            ...(firstEtcd !== undefined && removing.has(firstEtcd) ? [{ node: firstEtcd, group: 'etcd' }] : []),
        ];
        for (const node of new Set(firstGroups.map((first) => first.node))) {
            const groups = firstGroups.filter((first) => first.node === node).map((first) => first.group);
            refusals.push(`${node} is the first host of ${groups.join(' and ')} in ${file}, and Kubespray's remove-node.yml runs kubectl and etcdctl there, so it cannot remove it. ` +
                `Follow Kubespray's procedure (docs/operations/nodes.md): keep the node, move it lower in kube_control_plane and etcd, run cluster.yml, then remove it in a later deploy`);
        }
        const controlPlaneRemoved = inventoryBefore.controlPlane.filter((node) => removing.has(node));
        if (controlPlaneRemoved.length > 0 && controlPlaneRemoved.length === inventoryBefore.controlPlane.length) {
            refusals.push(`the plan removes every control-plane node (${listed(controlPlaneRemoved)}): the cluster would have no API server; keep at least one and ${ONE_AT_A_TIME}`);
        }
        const etcdRemoved = inventoryBefore.etcd.filter((node) => removing.has(node));
        const etcdLeft = inventoryBefore.etcd.length - etcdRemoved.length;
        if (etcdRemoved.length > 0 && etcdRemoved.length * 2 >= inventoryBefore.etcd.length) {
            refusals.push(`the plan removes ${etcdRemoved.length} of ${inventoryBefore.etcd.length} etcd members (${listed(etcdRemoved)}): etcd would lose quorum; ${ONE_AT_A_TIME}, so that a majority of members always stays`);
        }
        else if (etcdRemoved.length > 0 && etcdLeft % 2 === 0) {
            warnings.push(`etcd is left with ${etcdLeft} members, an even number: it tolerates no more failures than ${etcdLeft - 1} would, and Kubespray's inventory check wants an odd count; add or remove one more etcd node in a later deploy`);
        }
        const unknown = work.remove.filter((node) => !inventoryBefore.hosts.includes(node));
        if (unknown.length > 0) {
            warnings.push(`${listed(unknown)} ${unknown.length === 1 ? 'is' : 'are'} not in ${file}: remove-node.yml cannot drain or delete ${unknown.length === 1 ? 'it' : 'them'} from Kubernetes`);
        }
    }
    if (refusals.length === 0)
        return { warnings };
    if (!allowUnsafe) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(refusals.length === 1
            ? `refusing to remove nodes: ${refusals[0]}`
            : `refusing to remove nodes:\n${refusals.map((refusal) => `  - ${refusal}`).join('\n')}`);
    }
    return { warnings: [...refusals.map((refusal) => `UNSAFE: ${refusal}`), ...warnings] };
}
/**
 * Unreachable nodes (NotReady in the API, or not registered) are removed with reset_nodes=false and
 * allow_ungraceful_removal=true, as Kubespray documents; the rest normally. Empty runs omitted.
 * Without the API's node list (undefined: it could not be asked) every node is removed normally.
 */
function removalRuns(remove, apiNodes) {
    const nodes = sortedUnique(remove);
    const ready = new Map((apiNodes ?? []).map((node) => [node.name, node.ready]));
    const isReachable = (node) => apiNodes === undefined || ready.get(node) === true;
    const runs = [
        { nodes: nodes.filter(isReachable), reachable: true },
        { nodes: nodes.filter((node) => !isReachable(node)), reachable: false },
    ];
    return runs.filter((run) => run.nodes.length > 0);
}
/** The extra vars of one remove-node.yml run, in order: node=<a,b>, skip_confirmation=true, plus reset_nodes=false and allow_ungraceful_removal=true when unreachable. */
function removeNodeVars(run) {
    // skip_confirmation: a CI runner has no TTY, and the prompt's empty answer fails the play.
    const vars = { node: run.nodes.join(','), skip_confirmation: true };
    return run.reachable ? vars : { ...vars, reset_nodes: false, allow_ungraceful_removal: true };
}
/** The rules shared by the decision after the apply and the prediction before it. */
function decide(work, isControlPlaneOrEtcd, isWorker) {
    if (work.newCluster)
        return { kind: 'cluster', reason: 'a new cluster: cluster.yml installs every node' };
    if (work.otherChanges)
        return {
            kind: 'cluster',
            reason: 'the plan changes more than nodes (or nothing): cluster.yml converges everything',
        };
    const unnamed = new Set(work.unnamed ?? []);
    if (unnamed.size > 0) {
        return {
            kind: 'cluster',
            reason: `the names of new nodes were unknown at plan time (${listed([...unnamed])}): cluster.yml installs whatever they are`,
        };
    }
    const addedControl = work.create.filter(isControlPlaneOrEtcd);
    if (addedControl.length > 0) {
        return {
            kind: 'cluster',
            reason: `new control-plane or etcd nodes (${listed(addedControl)}) join with cluster.yml, not scale.yml; control-plane nodes are appended at the end of kube_control_plane, and nginx-proxy on every node must reload its upstreams`,
        };
    }
    const removedControl = work.remove.filter((node) => {
        const roles = work.removeRoles[node];
        return roles === undefined || roles.includes('control-plane') || roles.includes('etcd');
    });
    if (removedControl.length > 0) {
        return {
            kind: 'cluster',
            reason: `removed nodes (${listed(removedControl)}) were control-plane or etcd nodes, or their roles are unknown: Kubespray's procedure is to unlist them and run cluster.yml, which rewrites --etcd-servers`,
        };
    }
    const limit = sortedUnique(work.create.filter(isWorker));
    if (limit.length > 0) {
        return {
            kind: 'scale',
            limit,
            reason: `only workers were added${work.remove.length > 0 ? ' (and workers removed)' : ''}: scale.yml installs them, after facts.yml refreshes the facts cache`,
        };
    }
    if (work.remove.length > 0)
        return {
            kind: 'none',
            reason: 'only workers were removed, by remove-node.yml before the apply: nothing to install',
        };
    return { kind: 'none', reason: 'no node was added or removed' };
}
/**
 * What Kubespray runs after the apply, from the pending work and the inventory after apply.
 * `inventoryFile` names the inventory when it is missing.
 */
function playbookAfterApply(work, inventoryAfter, inventoryFile) {
    const unnamed = new Set(work.unnamed ?? []);
    const named = work.create.filter((node) => !unnamed.has(node));
    if (named.length > 0 && !inventoryAfter) {
        const where = inventoryFile ? (0,_lib_files_js__WEBPACK_IMPORTED_MODULE_2__/* .displayPath */ .Gt)(inventoryFile) : 'inventory/inventory.yaml in the cluster directory';
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`the inventory at ${where} is missing after the apply, so the new nodes ${listed(named)} cannot be installed: the OpenTofu code must write it`);
    }
    if (inventoryAfter) {
        const grouped = new Set([...inventoryAfter.controlPlane, ...inventoryAfter.etcd, ...inventoryAfter.workers]);
        const missing = named.filter((node) => !grouped.has(node));
        if (missing.length > 0) {
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(`the new nodes ${listed(missing)} are not in kube_control_plane, etcd or kube_node of ${(0,_lib_files_js__WEBPACK_IMPORTED_MODULE_2__/* .displayPath */ .Gt)(inventoryAfter.file)}: the OpenTofu code must write every node it creates into the inventory`);
        }
    }
    const controlPlaneOrEtcd = new Set([...(inventoryAfter?.controlPlane ?? []), ...(inventoryAfter?.etcd ?? [])]);
    const workers = new Set(inventoryAfter?.workers ?? []);
    return decide(work, (node) => controlPlaneOrEtcd.has(node), (node) => workers.has(node));
}
/** The same, before the apply (dry run / PR plan): new nodes' roles are not known yet, so a created node counts as a worker unless its name is already in the inventory's control plane or etcd. */
function predictedPlaybook(work, inventoryBefore) {
    const controlPlaneOrEtcd = new Set([...(inventoryBefore?.controlPlane ?? []), ...(inventoryBefore?.etcd ?? [])]);
    return decide(work, (node) => controlPlaneOrEtcd.has(node), (node) => !controlPlaneOrEtcd.has(node));
}
/** One line for plans and comments, e.g. "remove-node.yml for sandbox-worker-0 before apply; scale.yml --limit sandbox-worker-3,sandbox-worker-4 after". */
function describeNodeDecisions(work, decision) {
    const parts = [];
    if (work.unsafeOverride)
        parts.push(`UNSAFE: ${work.unsafeOverride}`);
    if (work.remove.length > 0)
        parts.push(`remove-node.yml for ${listed(work.remove)} before apply`);
    if (decision.kind === 'cluster')
        parts.push(`cluster.yml after (${decision.reason})`);
    else if (decision.kind === 'scale')
        parts.push(`scale.yml --limit ${decision.limit.join(',')} after`);
    else
        parts.push(`no playbook after (${decision.reason})`);
    return parts.join('; ');
}


/***/ }),

/***/ 58550:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $4: () => (/* binding */ appliesWithoutDraining),
/* harmony export */   Eg: () => (/* binding */ undrainedNodes),
/* harmony export */   Gm: () => (/* binding */ nodeDecisions),
/* harmony export */   Rv: () => (/* binding */ planNodeWork),
/* harmony export */   gV: () => (/* binding */ renderNodeDecisions)
/* harmony export */ });
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(36452);
/* harmony import */ var _node_changes_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(33408);
/* harmony import */ var _paths_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(56690);



/** The node work of this plan against the inventory before it, and what the quorum guard says of it. */
function planNodeWork(settings, planned) {
    const inventoryFile = (0,_paths_js__WEBPACK_IMPORTED_MODULE_2__/* .kubesprayPaths */ .Z)(settings).inventory;
    const inventory = (0,_node_changes_js__WEBPACK_IMPORTED_MODULE_1__/* .readInventory */ .zw)(inventoryFile);
    const work = (0,_node_changes_js__WEBPACK_IMPORTED_MODULE_1__/* .nodeWorkFromPlan */ .vc)(planned, inventory);
    try {
        const { warnings } = (0,_node_changes_js__WEBPACK_IMPORTED_MODULE_1__/* .checkRemovalSafety */ .$I)(work, inventory, settings.allowUnsafeNodeRemoval, inventoryFile);
        return { work, inventory, warnings };
    }
    catch (error) {
        if (!(error instanceof _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo))
            throw error;
        return { work, inventory, warnings: [], refused: error.message };
    }
}
/**
 * The undrained-apply rule: a run that applies without kubespray-remove-nodes (a single step, the
 * tofu action) would delete servers whose nodes were never drained and removed.
 */
function appliesWithoutDraining(stepIds) {
    return stepIds.includes('opentofu-apply') && !stepIds.includes('kubespray-remove-nodes');
}
/** The nodes the pending work deletes that kubespray-remove-nodes has not drained and removed yet. */
function undrainedNodes(work) {
    const removed = new Set(work?.removed ?? []);
    return (work?.remove ?? []).filter((node) => !removed.has(node));
}
/**
 * The node decisions of a deploy of this plan, made as opentofu-plan would make them. Undefined when
 * Kubespray does not run (deployment.method none) or the operation is not a deploy. Given the steps a
 * run covers, a plan that deletes nodes in a run that would apply without draining them is refused,
 * as the engine refuses it.
 */
function nodeDecisions(settings, planned, stepIds) {
    if (!settings.kubespray || settings.operation !== 'deploy')
        return undefined;
    const { work, inventory, warnings, refused } = planNodeWork(settings, planned);
    const decision = (0,_node_changes_js__WEBPACK_IMPORTED_MODULE_1__/* .predictedPlaybook */ .Ih)(work, inventory);
    const nodes = {
        summary: (0,_node_changes_js__WEBPACK_IMPORTED_MODULE_1__/* .describeNodeDecisions */ .Hq)(work, decision),
        removeBeforeApply: work.remove,
        playbook: decision.kind === 'cluster' ? 'cluster.yml' : decision.kind === 'scale' ? 'scale.yml' : 'none',
        ...(decision.kind === 'scale' && { limit: decision.limit }),
        ...(refused && { refused }),
        warnings: [...warnings.filter((w) => w.startsWith('UNSAFE:')), ...warnings.filter((w) => !w.startsWith('UNSAFE:'))],
    };
    if (nodes.refused || nodes.removeBeforeApply.length === 0 || !stepIds || !appliesWithoutDraining(stepIds))
        return nodes;
    return {
        ...nodes,
        refused: `the plan deletes nodes ${nodes.removeBeforeApply.join(', ')}, but this action applies without kubespray-remove-nodes, which drains and removes them first; ` +
            'deploy with the root action, which removes them before applying',
    };
}
/** The decisions as text lines, for the CLI. */
function renderNodeDecisions(nodes) {
    const lines = [`Nodes: ${nodes.summary}`];
    if (nodes.refused)
        lines.push(`  REFUSED: a deploy of this plan stops before changing anything: ${nodes.refused}`);
    for (const warning of nodes.warnings)
        lines.push(`  ${warning.startsWith('UNSAFE:') ? '⚠️ ' : ''}warning: ${warning}`);
    return `${lines.join('\n')}\n`;
}


/***/ }),

/***/ 56690:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ kubesprayPaths),
/* harmony export */   j: () => (/* binding */ requirementsFingerprint)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);



/** Where Kubespray and its virtualenv live in a cluster dir: read by the steps, the previews and the caches. */
function kubesprayPaths(settings) {
    const kubesprayDir = settings.kubesprayRelease.dir;
    return {
        kubesprayDir,
        requirements: node_path__WEBPACK_IMPORTED_MODULE_2__.join(kubesprayDir, 'requirements.txt'),
        playbook: node_path__WEBPACK_IMPORTED_MODULE_2__.join(kubesprayDir, 'cluster.yml'),
        inventory: node_path__WEBPACK_IMPORTED_MODULE_2__.join(settings.clusterDir, 'inventory', 'inventory.yaml'),
        venvPython: node_path__WEBPACK_IMPORTED_MODULE_2__.join(settings.venvDir, 'bin', 'python'),
        pip: node_path__WEBPACK_IMPORTED_MODULE_2__.join(settings.venvDir, 'bin', 'pip'),
        ansiblePlaybook: node_path__WEBPACK_IMPORTED_MODULE_2__.join(settings.venvDir, 'bin', 'ansible-playbook'),
        ansible: node_path__WEBPACK_IMPORTED_MODULE_2__.join(settings.venvDir, 'bin', 'ansible'),
        /** Written last by kubespray-venv-create: without it the venv is half-built and is made again. */
        venvMarker: node_path__WEBPACK_IMPORTED_MODULE_2__.join(settings.venvDir, '.cluster-deploy-venv'),
        /** Records what was installed, so a cached venv with the same requirements skips pip. */
        installedMarker: node_path__WEBPACK_IMPORTED_MODULE_2__.join(settings.venvDir, '.cluster-deploy-requirements'),
    };
}
/**
 * Fingerprint of what pip would install: the requirements file, the extra arguments and the pinned
 * Kubespray version (a fetched tree's requirements are not on a fresh runner before kubespray-fetch,
 * when the venv cache key is made).
 */
async function requirementsFingerprint(settings) {
    const requirements = await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.readFile(kubesprayPaths(settings).requirements).catch(() => Buffer.alloc(0));
    return (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256')
        .update(requirements)
        .update('\0')
        .update(settings.pipArgs.join('\0'))
        .update('\0')
        .update(settings.kubesprayRelease.version ?? '')
        .digest('hex');
}


/***/ }),

/***/ 70140:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Jg: () => (/* binding */ withDeployLock),
/* harmony export */   zE: () => (/* binding */ acquireDeployLock)
/* harmony export */ });
/* unused harmony export lockChildHooks */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(48161);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(76760);
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(58500);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(92857);
/* harmony import */ var _command_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2218);
/* harmony import */ var _duration_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(32335);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(36452);
/* harmony import */ var _files_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(4196);










/** Text shown in messages: one line, so a forged lock file cannot add lines (or workflow commands) to them. */
const oneLine = zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP().regex(/^[^\0-\x1f\x7f]*$/);
const LockRecordSchema = zod__WEBPACK_IMPORTED_MODULE_9__/* .object */ .Ikc({
    pid: zod__WEBPACK_IMPORTED_MODULE_9__/* .number */ .aig().int().positive(),
    host: oneLine,
    startedAt: oneLine,
    // Added later, so optional: lock files written by older versions must still parse.
    /** Random per acquisition: our own lock, not a later one whose process happens to reuse our pid. */
    token: zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP().optional(),
    /**
     * A process group the holder answers for: its running step's child (spawned detached, so its pid is
     * its group), or a dead previous deploy's leftover group it is waiting for. Survives the holder.
     */
    childPgid: zod__WEBPACK_IMPORTED_MODULE_9__/* .number */ .aig().int().positive().optional(),
    /** That child's program name, to say what we are waiting for. */
    childCommand: oneLine.optional(),
    /** What holds it (deploy, check, plan…), to say what is running; older lock files lack it and were deploys. */
    operation: zod__WEBPACK_IMPORTED_MODULE_9__/* .string */ .YjP()
        .regex(/^[a-z-]{1,32}$/)
        .optional(),
});
function parseRecord(text) {
    try {
        const parsed = LockRecordSchema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : undefined;
    }
    catch {
        return undefined;
    }
}
const serialize = (record) => `${JSON.stringify(record)}\n`;
/** The lock file's raw text and record; undefined when there is no file. */
async function readLockFile(file) {
    let text;
    try {
        text = await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.readFile(file, 'utf8');
    }
    catch (error) {
        if (error.code === 'ENOENT')
            return undefined;
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UserError */ .yo(`cannot read the deploy lock ${file}: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_7__/* .errorMessage */ .gJ)(error)}`);
    }
    return { text, record: parseRecord(text) };
}
/** A file-system error the user can fix (permissions, a full or read-only disk) as a UserError after `prefix`; anything else as it was. */
function fileSystemError(error, prefix) {
    const reasons = {
        EACCES: 'permission denied',
        EPERM: 'operation not permitted',
        EROFS: 'read-only file system',
        ENOSPC: 'no space left on the device',
        EDQUOT: 'disk quota exceeded',
    };
    const reason = error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UserError */ .yo ? undefined : reasons[error?.code ?? ''];
    return reason ? new _errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UserError */ .yo(`${prefix}: ${reason}`) : error;
}
/**
 * What the lock's name is when it is not a regular file (we only ever link regular files there): a
 * dangling symlink read as "gone" made every attempt fail with "it kept changing hands", and reading
 * a FIFO would block for ever.
 */
async function notALockFile(file, cluster) {
    const stat = await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.lstat(file).catch(() => undefined);
    if (!stat || stat.isFile())
        return undefined;
    const kind = stat.isSymbolicLink()
        ? 'a symbolic link'
        : stat.isDirectory()
            ? 'a directory'
            : stat.isFIFO()
                ? 'a FIFO'
                : stat.isSocket()
                    ? 'a socket'
                    : 'a device';
    return new _errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UserError */ .yo(`the deploy lock of ${cluster}, ${file}, is ${kind}, not a lock file; if no deploy of ${cluster} is running, delete it`);
}
function unreadableLock(file, cluster) {
    return new _errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UserError */ .yo(`the deploy lock of ${cluster} is unreadable: ${file} is not a lock record; if no deploy of ${cluster} is running, delete ${file}`);
}
/** The record with the given child process group, or none. */
function withChild(record, pgid, command) {
    const owner = {
        pid: record.pid,
        host: record.host,
        startedAt: record.startedAt,
        token: record.token,
        ...(record.operation && { operation: record.operation }),
    };
    return pgid === undefined ? owner : { ...owner, childPgid: pgid, childCommand: command };
}
/** True unless the process is certainly gone (signal 0 probes without touching it). */
function isAlive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (error) {
        return error.code === 'EPERM';
    }
}
/** Creates `target` as a second name of `source`, atomically and only if `target` does not exist. */
async function linkExclusive(source, target) {
    try {
        await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.link(source, target);
        return true;
    }
    catch (error) {
        const code = error.code;
        if (code === 'EEXIST')
            return false;
        if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UserError */ .yo(`cannot create ${target}: the deploy lock needs hard links, which this filesystem refuses (${code}); use a state directory on a local disk`);
        }
        throw error;
    }
}
/**
 * One deploy per cluster and state directory at a time: two at once would interleave their state
 * writes and fight over tofu's lock. The lock file names its owner; it appears complete and at once
 * (a fully written candidate file is hard-linked to the lock's name, which fails if it exists). A lock
 * left by a process that died on this host is taken over (see takeOverDeadOwner), after letting the
 * dead deploy's leftover child exit or stopping it; a live one, or one held elsewhere, is explained.
 */
async function acquireDeployLock(file, cluster, options = {}) {
    // The first writes of a deploy: a state directory it may not create or write to was an internal error with a stack trace.
    try {
        await (0,_files_js__WEBPACK_IMPORTED_MODULE_8__/* .ensurePrivateDir */ .rh)(node_path__WEBPACK_IMPORTED_MODULE_3__.dirname(file));
    }
    catch (error) {
        throw fileSystemError(error, `cannot create the state directory ${node_path__WEBPACK_IMPORTED_MODULE_3__.dirname(file)}`);
    }
    const token = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(16).toString('hex');
    let record = {
        pid: process.pid,
        host: (0,node_os__WEBPACK_IMPORTED_MODULE_2__.hostname)(),
        startedAt: new Date().toISOString(),
        token,
        ...(options.operation && { operation: options.operation }),
    };
    const candidate = node_path__WEBPACK_IMPORTED_MODULE_3__.join(node_path__WEBPACK_IMPORTED_MODULE_3__.dirname(file), `.${node_path__WEBPACK_IMPORTED_MODULE_3__.basename(file)}.${token}.candidate`);
    let previous;
    try {
        previous = await takeLock();
    }
    catch (error) {
        throw fileSystemError(error, `cannot write the deploy lock ${file}`);
    }
    finally {
        await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.rm(candidate, { force: true });
    }
    // Checked after taking it: a lock we cannot read back as ours must not be used.
    const check = await readLockFile(file);
    if (check?.record?.token !== token)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UserError */ .yo(`lost the deploy lock ${file} of ${cluster} right after taking it; try again`);
    let released = false;
    let writes = Promise.resolve();
    const isStillOurs = async () => (await readLockFile(file))?.record?.token === token;
    const lock = {
        recordChild(pgid, command) {
            const write = writes.then(async () => {
                // Only we change our own lock file, so nothing can come between this check and the rename.
                if (released || !(await isStillOurs()))
                    return;
                record = withChild(record, pgid, command);
                await (0,_files_js__WEBPACK_IMPORTED_MODULE_8__/* .writeFileAtomic */ .Zf)(file, serialize(record));
            });
            writes = write.catch(() => undefined);
            return write;
        },
        async release() {
            released = true;
            await writes; // a rewrite landing after the removal would resurrect the lock
            if (await isStillOurs())
                await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.rm(file, { force: true });
        },
    };
    if (previous?.childPgid !== undefined) {
        // On failure the lock stays as it is, naming the leftover group, so that the next deploy tries again.
        await settleLeftoverGroup(previous.childPgid, previous.childCommand, options);
        await lock.recordChild(undefined);
    }
    return lock;
    /** Takes the lock; returns the dead owner's record when it took one over. */
    async function takeLock() {
        await (0,_files_js__WEBPACK_IMPORTED_MODULE_8__/* .writeFileAtomic */ .Zf)(candidate, serialize(record));
        let busyClaimant;
        for (let attempt = 0; attempt < 50; attempt++) {
            if (await linkExclusive(candidate, file))
                return undefined;
            const notAFile = await notALockFile(file, cluster);
            if (notAFile)
                throw notAFile;
            const seen = await readLockFile(file);
            if (!seen)
                continue; // released in between: try again
            const holder = seen.record;
            if (!holder)
                throw unreadableLock(file, cluster);
            if (holder.host !== record.host || isAlive(holder.pid)) {
                const owner = `process ${holder.pid} on ${holder.host}, since ${holder.startedAt}`;
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UserError */ .yo(`another ${holder.operation ?? 'deploy'} of ${cluster} is running (${owner}); wait for it to finish, or if it is gone, delete ${file}`);
            }
            // Inherit its leftover child before the takeover, so that if we die too, the next deploy still sees it.
            if (holder.childPgid !== undefined) {
                record = withChild(record, holder.childPgid, holder.childCommand);
                await (0,_files_js__WEBPACK_IMPORTED_MODULE_8__/* .writeFileAtomic */ .Zf)(candidate, serialize(record));
            }
            const outcome = await takeOverDeadOwner(file, candidate, seen.text, cluster);
            if (outcome === 'taken') {
                options.onProgress?.(`took over the deploy lock of ${cluster} from process ${holder.pid}, which is no longer running`);
                return holder;
            }
            busyClaimant = outcome === 'gone' ? undefined : outcome.claimant;
            if (busyClaimant)
                await (0,node_timers_promises__WEBPACK_IMPORTED_MODULE_4__.setTimeout)(20); // it is replacing the record this very moment: look again once it has
            if (record.childPgid !== undefined) {
                record = withChild(record, undefined, undefined);
                await (0,_files_js__WEBPACK_IMPORTED_MODULE_8__/* .writeFileAtomic */ .Zf)(candidate, serialize(record));
            }
        }
        if (busyClaimant) {
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UserError */ .yo(`another deploy of ${cluster} (process ${busyClaimant.pid}) is taking over its lock ${file} and has not finished; try again in a moment`);
        }
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UserError */ .yo(`could not take the deploy lock ${file} of ${cluster}: it kept changing hands; try again`);
    }
}
/**
 * runCommand hooks that keep the lock's record of the running child current. A failed rewrite costs
 * only what a later takeover would know after a crash, so it is reported, not thrown.
 */
function lockChildHooks(lock, onError) {
    const record = (pgid, command) => {
        lock
            .recordChild(pgid, command)
            .catch((error) => onError(`could not update the running command in the deploy lock: ${(0,_errors_js__WEBPACK_IMPORTED_MODULE_7__/* .errorMessage */ .gJ)(error)}`));
    };
    return { onSpawn: (pid, command) => record(pid, command), onExit: () => record(undefined) };
}
/**
 * Replaces a dead owner's lock record (`staleText`, as read) with our candidate, race-free however
 * many deploys try at once. POSIX has no compare-and-swap of a file, so the right to replace one
 * particular record is itself an exclusive file, a claim: all who read that record try to create the
 * same claim name (derived from its content) with link(), and only one can. The claimant re-checks
 * that the lock file still holds that record and renames its candidate over it. Nothing can change
 * the file in between: a dead owner's record is replaced only by its claimant, and a record never
 * recurs (random token, start time), so a passing re-check means nobody has replaced it yet. A claim
 * whose maker died mid-takeover is passed over to the next numbered one, made only after seeing all
 * earlier makers dead, so at most one live claimant can find the record still there. Claims are
 * removed only once the record is gone for good, so that a claim made afresh fails its re-check.
 */
async function takeOverDeadOwner(file, candidate, staleText, cluster) {
    const claimPrefix = `${file}.takeover-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(staleText).digest('hex').slice(0, 16)}`;
    const deadClaims = [];
    let n = 0;
    while (!(await linkExclusive(candidate, `${claimPrefix}-${n}`))) {
        const name = `${claimPrefix}-${n}`;
        const maker = await readLockFile(name);
        if (!maker)
            return 'gone'; // claims disappear only after the record was replaced
        if (!maker.record)
            throw unreadableLock(name, cluster);
        if (isAlive(maker.record.pid))
            return { claimant: maker.record };
        deadClaims.push(name);
        n++;
    }
    const claim = `${claimPrefix}-${n}`;
    const gone = (await readLockFile(file))?.text !== staleText;
    if (!gone)
        await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.rename(candidate, file);
    // The stale record is gone for good now, so claims on it mean nothing any more. Only now: removed
    // while it still stood, they would let two deploys claim it afresh.
    await Promise.all([...deadClaims, claim].map((name) => node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.rm(name, { force: true })));
    return gone ? 'gone' : 'taken';
}
/** Whether any process of the group is alive (zombies count until reaped). */
function groupAlive(pgid) {
    return isAlive(-pgid);
}
/** Our own process group on Linux; undefined where /proc is not there to say. */
function ownProcessGroup() {
    try {
        const stat = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.readFileSync)('/proc/self/stat', 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]); // after "(comm)": state, ppid, pgrp
    }
    catch {
        return undefined;
    }
}
async function groupExitsWithin(pgid, ms, what, signal) {
    const deadline = Date.now() + ms;
    while (groupAlive(pgid)) {
        if (signal?.aborted)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UserError */ .yo(`interrupted while waiting for ${what} to exit; the next deploy will wait for it again`);
        if (Date.now() >= deadline)
            return false;
        await (0,node_timers_promises__WEBPACK_IMPORTED_MODULE_4__.setTimeout)(Math.min(100, Math.max(1, deadline - Date.now())));
    }
    return true;
}
const STOP_SIGNALS = [
    { signal: 'SIGINT', doing: 'interrupting it (SIGINT), so that it can stop cleanly' },
    { signal: 'SIGTERM', doing: 'terminating it (SIGTERM)' },
    { signal: 'SIGKILL', doing: 'killing it (SIGKILL)' },
];
/**
 * A dead deploy's child may outlive it (it runs in its own process group): tofu still holding its
 * state lock, pip still writing the venv. Give it a bounded time to finish, then stop it, gently first.
 */
async function settleLeftoverGroup(pgid, command, options) {
    // A group id of 0 or 1 would signal our own group or everything; our own group cannot be a leftover.
    if (pgid <= 1 || pgid === process.pid || pgid === ownProcessGroup() || !groupAlive(pgid))
        return;
    const progress = options.onProgress ?? (() => undefined);
    const waitMs = options.leftoverWaitMs ?? 30_000;
    const graceMs = options.leftoverGraceMs ?? 10_000;
    const what = `the previous deploy's ${command ?? 'command'} (process group ${pgid})`;
    progress(`waiting for ${what} to exit…`);
    if (await groupExitsWithin(pgid, waitMs, what, options.signal))
        return progress(`${what} has exited`);
    let why = `still running after ${(0,_duration_js__WEBPACK_IMPORTED_MODULE_6__/* .formatDuration */ .a)(waitMs)}`;
    for (const { signal, doing } of STOP_SIGNALS) {
        try {
            process.kill(-pgid, signal);
        }
        catch (error) {
            const code = error.code;
            if (code === 'ESRCH')
                return progress(`${what} has exited`);
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UserError */ .yo(`${what} is ${why} and cannot be stopped (${code ?? (0,_errors_js__WEBPACK_IMPORTED_MODULE_7__/* .errorMessage */ .gJ)(error)}); stop it, then deploy again`);
        }
        progress(`${what} is ${why}: ${doing}`);
        if (await groupExitsWithin(pgid, graceMs, what, options.signal))
            return progress(`${what} has exited`);
        why = `still running ${(0,_duration_js__WEBPACK_IMPORTED_MODULE_6__/* .formatDuration */ .a)(graceMs)} after ${signal}`;
    }
    throw new _errors_js__WEBPACK_IMPORTED_MODULE_7__/* .UserError */ .yo(`${what} is ${why}; stop it, then deploy again`);
}
/**
 * Runs `body` under the deploy lock with the one executor every command goes through: redacted, live,
 * interruptible, and recorded in the lock, so a run taking over after a kill -9 can wait for (or stop)
 * what is still running. The engine and both plan previews (tofu, Cluster API) run this way.
 */
async function withDeployLock({ file, cluster, operation, output, redactor, signal }, body) {
    const lock = await acquireDeployLock(file, cluster, {
        onProgress: (message) => output.line(message),
        signal,
        operation,
    });
    try {
        const exec = (0,_command_js__WEBPACK_IMPORTED_MODULE_5__/* .commandExecutor */ .nY)({
            redactor,
            output: output.write,
            signal,
            ...lockChildHooks(lock, (message) => output.line(`warning: ${message}`)),
        });
        return await body(exec);
    }
    finally {
        await lock.release();
    }
}


/***/ }),

/***/ 11838:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   wt: () => (/* binding */ poll),
/* harmony export */   yy: () => (/* binding */ sleep)
/* harmony export */ });
/* unused harmony export FIRST_PAUSE_MS */
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(36452);

/** The first pause of a poll; pauses then double up to the interval. */
const FIRST_PAUSE_MS = 500;
/** A pause that ends early when the run is interrupted. */
function sleep(ms, signal) {
    return new Promise((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            resolve();
        }
        signal?.addEventListener('abort', done, { once: true });
    });
}
/**
 * The one poll loop of the project (the readiness wait, the Cluster API waits): attempts until one is
 * done, pauses from 0.5 s doubling up to the interval, ends early on interruption, and on timeout
 * throws the caller's error naming the last thing seen.
 */
async function poll(attempt, options) {
    const { signal } = options;
    const deadline = Date.now() + options.timeoutMs;
    let pause = Math.min(FIRST_PAUSE_MS, options.intervalMs);
    let last = '';
    let changedAt = Date.now();
    const { stall } = options;
    for (let attempts = 1;; attempts++) {
        const result = await attempt(attempts);
        if (signal?.aborted)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InterruptedError */ .p4();
        if (result.line !== undefined && result.line !== last) {
            options.onLine?.(result.line);
            changedAt = Date.now();
        }
        if (result.done)
            return { value: result.value, attempts };
        last = result.line;
        if (stall && Date.now() - changedAt >= stall.ms)
            await stall.onStall(last);
        const remaining = deadline - Date.now();
        if (remaining <= 0)
            throw options.timeoutError(last);
        // Wake up for the stall too: it is judged after an attempt.
        const untilStall = stall ? Math.max(stall.ms - (Date.now() - changedAt), 0) + 1 : Number.POSITIVE_INFINITY;
        await sleep(Math.min(pause, remaining, untilStall), signal);
        if (signal?.aborted)
            throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InterruptedError */ .p4();
        pause = Math.min(pause * 2, options.intervalMs);
    }
}


/***/ }),

/***/ 52816:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ parseToolJson),
/* harmony export */   v: () => (/* binding */ notJsonOf)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(36452);

/**
 * The one way a tool's JSON output (kubectl, clusterctl, tofu) is read: parsed, then checked against
 * the zod schema of the parts we use; either failure is a UserError saying which.
 */
function parseToolJson(text, schema, errors) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(errors.notJson);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success)
        throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(errors.invalid(parsed.error.issues));
    return parsed.data;
}
/**
 * The usual messages: "<command> did not print JSON (N bytes<detail>)" and "<command> printed
 * something that is not <noun>: <path> <message>" (the first issue).
 */
function notJsonOf(command, text, noun, detail = '') {
    return {
        notJson: `${command} did not print JSON (${text.length} bytes${detail})`,
        invalid: (issues) => `${command} printed something that is not ${noun}: ${issues[0]?.path.join('.')} ${issues[0]?.message}`,
    };
}


/***/ }),

/***/ 98796:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q2: () => (/* binding */ describeCheckReport),
/* harmony export */   fo: () => (/* binding */ CERTIFICATE_WARNING_DAYS),
/* harmony export */   jT: () => (/* binding */ newCheckReport),
/* harmony export */   kf: () => (/* binding */ completeCheckReport),
/* harmony export */   mH: () => (/* binding */ FINDING_KINDS)
/* harmony export */ });
/* unused harmony export CheckReportSchema */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(92857);

/**
 * What `operation: check` (CLI `cluster-deploy check`) found for one cluster: infrastructure drift
 * from `tofu plan -detailed-exitcode` (with Cluster API: `kubectl diff --server-side` of the rendered
 * manifests against the management cluster), and the cluster's own health. It leaves the cluster, the
 * tofu state and the deploy's resume state as they were. The report is an action output (JSON),
 * the job summary and the body of the cluster's health issue, so it holds names, counts and
 * one-line messages only: never a value from the plan, a credential or a kubeconfig.
 */
const FINDING_KINDS = [
    /** tofu plan shows changes (subject: the resource address); Cluster API: kubectl diff does (`Kind ns/name`). */
    'drift',
    /** In the inventory, not in the API. */
    'node-missing',
    /** In the API, not Ready. */
    'node-not-ready',
    /** In the API, not in the inventory. */
    'node-unexpected',
    /** kubelet version differs from opencenter.cluster.kubernetes.version (subject: the node). */
    'kubelet-version',
    /** The API server's certificate expires within the warning window, or has expired (subject: the endpoint). */
    'certificate-expiry',
    /** A failing `/readyz?verbose` check (subject: the check's name, e.g. `etcd`). */
    'readyz',
    /**
     * Cluster API: a condition of the Cluster that is False (Ready, InfrastructureReady, ControlPlaneReady, …), or a
     * machine CAPI or CAPO gave up on; the message quotes the reason and message (subject: `Cluster ns/name: Type`).
     */
    'capi-condition',
    /** A part of the check could not run (no kubeconfig, API unreachable); subject: what was not checked. */
    'unchecked',
];
const CheckFindingSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    kind: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(FINDING_KINDS),
    subject: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    /** One line, for people: "sandbox-worker-2 is in the inventory but not in the API". */
    message: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
});
const CheckReportSchema = zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
    /** `<org>/<cluster>`. */
    cluster: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    checkedAt: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(),
    /** tofu plan found changes (exit code 2). */
    drift: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
    /** No finding other than drift. */
    healthy: zod__WEBPACK_IMPORTED_MODULE_0__/* .boolean */ .zMY(),
    /** The drift plan's counts and addresses, like the PR plan; absent when the plan did not run. */
    infrastructure: zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
        add: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig(),
        change: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig(),
        destroy: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig(),
        replace: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig(),
        rows: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ address: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), action: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['create', 'update', 'destroy', 'replace']) })),
    })
        .optional(),
    /**
     * Node counts: expected, in the API, Ready in the API. `expectedFrom` says where the expected count comes from:
     * the inventory (Kubespray; also when absent, as in reports written before it existed), the machines the rendered
     * Cluster API manifests ask for (KubeadmControlPlane and MachineDeployment replicas: Cluster API has no inventory),
     * or nowhere (`api`: the count is the API's own).
     */
    nodes: zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({
        expected: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig(),
        inApi: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig(),
        ready: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig(),
        expectedFrom: zod__WEBPACK_IMPORTED_MODULE_0__/* ["enum"] */ .k5n(['inventory', 'manifests', 'api']).optional(),
    })
        .optional(),
    /** The API server certificate as the TLS handshake with the kubeconfig's endpoint showed it. */
    certificate: zod__WEBPACK_IMPORTED_MODULE_0__/* .object */ .Ikc({ endpoint: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), notAfter: zod__WEBPACK_IMPORTED_MODULE_0__/* .string */ .YjP(), daysLeft: zod__WEBPACK_IMPORTED_MODULE_0__/* .number */ .aig() }).optional(),
    findings: zod__WEBPACK_IMPORTED_MODULE_0__/* .array */ .YOg(CheckFindingSchema),
});
/** Days before expiry from which the API server certificate is a finding. */
const CERTIFICATE_WARNING_DAYS = 30;
/** A report with nothing found yet: the check steps fill it as they run. */
function newCheckReport(cluster) {
    return { cluster, checkedAt: new Date().toISOString(), drift: false, healthy: true, findings: [] };
}
/** The finished report: healthy when nothing but drift was found, checked against its schema (it is an output). */
function completeCheckReport(report) {
    return CheckReportSchema.parse({ ...report, healthy: report.findings.every((finding) => finding.kind === 'drift') });
}
/** The report for a terminal or a log: a headline, then one line per finding. */
function describeCheckReport(report) {
    const others = report.findings.filter((finding) => finding.kind !== 'drift').length;
    const drift = report.drift
        ? `drift (${report.infrastructure?.rows.length ?? 0} resource${report.infrastructure?.rows.length === 1 ? '' : 's'})`
        : 'no drift';
    const health = report.healthy ? 'healthy' : `unhealthy (${others} finding${others === 1 ? '' : 's'})`;
    return [
        `Check of ${report.cluster}: ${drift}, ${health}`,
        ...report.findings.map((finding) => `  ${finding.kind}: ${finding.message}`),
    ];
}


/***/ }),

/***/ 47414:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AC: () => (/* binding */ renderedManifests),
/* harmony export */   LH: () => (/* binding */ managementKubeconfig),
/* harmony export */   Ov: () => (/* binding */ PROVIDER_ROLES),
/* harmony export */   T_: () => (/* binding */ kindLockPath),
/* harmony export */   iq: () => (/* binding */ isCredentialVariable),
/* harmony export */   l8: () => (/* binding */ requireUpgradeTarget),
/* harmony export */   qk: () => (/* binding */ resolveClusterApiSettings),
/* harmony export */   uX: () => (/* binding */ missingVariablesError)
/* harmony export */ });
/* unused harmony export kindClusterName */
/* harmony import */ var _lib_duration_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(32335);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(36452);




/** clusterctl's flag and the Provider inventory's `type` for each role. */
const PROVIDER_ROLES = [
    { role: 'core', flag: '--core', type: 'CoreProvider', field: 'core' },
    { role: 'bootstrap', flag: '--bootstrap', type: 'BootstrapProvider', field: 'bootstrap' },
    { role: 'controlPlane', flag: '--control-plane', type: 'ControlPlaneProvider', field: 'control_plane' },
    { role: 'infrastructure', flag: '--infrastructure', type: 'InfrastructureProvider', field: 'infrastructure' },
];
/** Config fields mapped to CAPO's template variables. */
const OPENSTACK_VARIABLES = {
    cloud: 'OPENSTACK_CLOUD',
    image_name: 'OPENSTACK_IMAGE_NAME',
    control_plane_machine_flavor: 'OPENSTACK_CONTROL_PLANE_MACHINE_FLAVOR',
    node_machine_flavor: 'OPENSTACK_NODE_MACHINE_FLAVOR',
    external_network_id: 'OPENSTACK_EXTERNAL_NETWORK_ID',
    dns_nameservers: 'OPENSTACK_DNS_NAMESERVERS',
    failure_domain: 'OPENSTACK_FAILURE_DOMAIN',
    ssh_key_name: 'OPENSTACK_SSH_KEY_NAME',
};
/** Variables that would carry credentials into the rendered manifests: the engine writes that Secret itself. */
const CREDENTIAL_VARIABLES = ['OPENSTACK_CLOUD_YAML_B64', 'OPENSTACK_CLOUD_CACERT_B64'];
/** Variables clusterctl's flags set, from the config's name, namespace, version and counts. */
const FLAG_VARIABLES = [
    'CLUSTER_NAME',
    'NAMESPACE',
    'KUBERNETES_VERSION',
    'CONTROL_PLANE_MACHINE_COUNT',
    'WORKER_MACHINE_COUNT',
];
/** The resolved credentials in every command's environment: never template input. */
function isCredentialVariable(name) {
    return CREDENTIAL_VARIABLES.includes(name) || name.startsWith('OS_');
}
/** Template variables reach clusterctl as its environment: these would change how clusterctl itself runs. */
const TOOL_VARIABLES = ['PATH', 'HOME', 'KUBECONFIG', 'XDG_CONFIG_HOME', 'TMPDIR'];
const FIELD = 'deployment.cluster_api';
/** kind names are DNS labels: the cluster's name, lower-cased, prefixed so it is recognisably ours. */
function kindClusterName(clusterName) {
    return `capi-${clusterName.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`.slice(0, 50).replace(/-+$/, '');
}
/** The cluster's name as Cluster API wants it (CLUSTER_NAME must be a DNS-1123 label). */
function capiClusterName(clusterName, source) {
    if (!/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(clusterName)) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${source}: the cluster name "${clusterName}" is not a valid Cluster API cluster name (lower-case letters, digits and "-"); rename it for deployment.method cluster-api`);
    }
    return clusterName;
}
/** kubectl apply -f reads a symlink to a directory as a file: it gets the directory itself. */
function realDirectory(dir) {
    try {
        return (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.realpathSync)(dir);
    }
    catch {
        return dir; // preflight says it is missing
    }
}
function resolveClusterApiSettings(config, options, where) {
    const source = where.source;
    const capi = config.deployment.cluster_api;
    if (!capi)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${source}: deployment.method is cluster-api but ${FIELD} is not set; add it (at least ${FIELD}.management and ${FIELD}.openstack, see the README)`);
    capiClusterName(where.clusterName, source);
    const { kubeconfig, bootstrap } = capi.management;
    let management;
    if (options.managementKubeconfig !== undefined) {
        if (!options.managementKubeconfig.trim())
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb("the management kubeconfig path is empty; give the path of an existing management cluster's kubeconfig");
        management = {
            kind: 'existing',
            kubeconfig: node_path__WEBPACK_IMPORTED_MODULE_2__.resolve(options.managementKubeconfig),
            source: '--management-kubeconfig (input management-kubeconfig)',
        };
    }
    else if (kubeconfig && bootstrap) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${source}: ${FIELD}.management sets both kubeconfig and bootstrap; set kubeconfig for an existing management cluster, or bootstrap: kind for an ephemeral one, not both`);
    }
    else if (kubeconfig) {
        management = {
            kind: 'existing',
            kubeconfig: node_path__WEBPACK_IMPORTED_MODULE_2__.resolve(node_path__WEBPACK_IMPORTED_MODULE_2__.dirname(source), kubeconfig),
            source: `${FIELD}.management.kubeconfig`,
        };
    }
    else if (bootstrap === 'kind') {
        management = { kind: 'kind', clusterName: kindClusterName(where.clusterName) };
        // The pivot runs clusterctl init on the workload cluster: cert-manager (and the providers) need a node without
        // the control plane's NoSchedule taint, or init times out at the very end, and in CI the cluster is left with
        // nothing managing it (CAPI `docs/book/src/clusterctl/commands/move.md`: "at least one worker node").
        if (capi.worker_machine_count < 1)
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${source}: ${FIELD}.worker_machine_count: 0 with management.bootstrap: kind cannot pivot (clusterctl init on the workload cluster needs a worker to schedule cert-manager and the providers); set at least 1 worker, or use an existing management cluster (management.kubeconfig)`);
    }
    else {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${source}: ${FIELD}.management is not set; set management.kubeconfig (an existing management cluster), or management.bootstrap: kind (an ephemeral kind cluster, pivoted into the workload cluster), or pass --management-kubeconfig`);
    }
    const version = config.opencenter.cluster?.kubernetes?.version;
    if (!version)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${source}: opencenter.cluster.kubernetes.version is not set; Cluster API needs the workload cluster's Kubernetes version (like 1.35.0)`);
    const variables = {};
    const variableFields = {};
    for (const [name, value] of Object.entries(capi.variables ?? {})) {
        if (FLAG_VARIABLES.includes(name))
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${source}: ${FIELD}.variables.${name}: set by cluster-deploy from the config (cluster name, namespace, kubernetes version, machine counts); remove it`);
        if (isCredentialVariable(name)) {
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${source}: ${FIELD}.variables.${name}: credentials never go through template variables; cluster-deploy writes the cloud-config Secret itself (step capi-cloud-credentials)`);
        }
        if (TOOL_VARIABLES.includes(name)) {
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${source}: ${FIELD}.variables.${name}: clusterctl reads ${name} from its environment, so it cannot be a template variable; rename it in the template and here`);
        }
        const field = Object.entries(OPENSTACK_VARIABLES).find(([, variable]) => variable === name)?.[0];
        if (field)
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${source}: ${FIELD}.variables.${name}: set ${FIELD}.openstack.${field} instead (that field sets ${name}); remove it from variables`);
        variables[name] = value;
        variableFields[name] = `${FIELD}.variables.${name}`;
    }
    const cloudName = capi.openstack.cloud ?? 'openstack';
    for (const [field, name] of Object.entries(OPENSTACK_VARIABLES)) {
        const value = field === 'cloud' ? cloudName : capi.openstack[field];
        variableFields[name] = `${FIELD}.openstack.${field}`;
        if (value !== undefined)
            variables[name] = value;
    }
    const providers = capi.providers;
    if (!providers.infrastructure.startsWith('openstack:')) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${source}: ${FIELD}.providers.infrastructure: "${providers.infrastructure}" is not the OpenStack provider; use openstack:vX.Y.Z (CAPO)`);
    }
    const inClusterDir = (file) => node_path__WEBPACK_IMPORTED_MODULE_2__.resolve(where.clusterDir, file);
    return {
        management,
        namespace: capi.namespace,
        template: inClusterDir(capi.template),
        addonsDir: realDirectory(inClusterDir(capi.addons)),
        providers: {
            core: providers.core,
            bootstrap: providers.bootstrap,
            controlPlane: providers.control_plane,
            infrastructure: providers.infrastructure,
        },
        orcManifest: providers.orc && (/^https:\/\//.test(providers.orc) ? providers.orc : inClusterDir(providers.orc)),
        controlPlaneMachineCount: capi.control_plane_machine_count,
        workerMachineCount: capi.worker_machine_count,
        stallTimeoutMs: stallTimeout(capi.stall_timeout, source),
        kubernetesVersion: `v${version.replace(/^v/, '')}`,
        variables,
        variableFields,
        clusterctl: options.clusterctl ?? capi.clusterctl_path ?? 'clusterctl',
        kind: options.kind ?? capi.kind_path ?? 'kind',
        workDir: node_path__WEBPACK_IMPORTED_MODULE_2__.join(where.clusterStateDir, 'cluster-api'),
        cloudName,
    };
}
const STALL_LIMITS = { min: 1_000, max: 2 * 3_600_000 };
function stallTimeout(text, source) {
    const ms = (0,_lib_duration_js__WEBPACK_IMPORTED_MODULE_0__/* .parseDuration */ .E)(text, `${source}: ${FIELD}.stall_timeout`);
    if (ms < STALL_LIMITS.min || ms > STALL_LIMITS.max)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`${source}: ${FIELD}.stall_timeout: "${text}" must be between 1s and 2h`);
    return ms;
}
/**
 * kind clusters are per machine and user, not per state dir: two deploys of one cluster from two
 * state dirs would share `capi-<cluster>`, and the first one's pivot would delete it under the other.
 * This lock, in the user's default state root (`defaultStateDir`; a dot name no organization can have), makes
 * the second one stop at once.
 */
function kindLockPath(capi, userStateRoot) {
    return capi.management.kind === 'kind'
        ? node_path__WEBPACK_IMPORTED_MODULE_2__.join(userStateRoot, '.kind-locks', `${capi.management.clusterName}.lock`)
        : undefined;
}
/** The kubeconfig of the management cluster: the given one, or the one kind writes into the private work dir. */
function managementKubeconfig(capi) {
    return capi.management.kind === 'existing'
        ? capi.management.kubeconfig
        : node_path__WEBPACK_IMPORTED_MODULE_2__.join(capi.workDir, 'management.kubeconfig');
}
/** Where capi-render keeps the rendered manifests (private: they name the cloud's networks and images). */
function renderedManifests(capi) {
    return node_path__WEBPACK_IMPORTED_MODULE_2__.join(capi.workDir, 'cluster.yaml');
}
/**
 * clusterctl's "value for variables [A, B] is not set" as an error naming each variable's config
 * field. Undefined when the output holds no such line.
 */
function missingVariablesError(output, capi, templateName) {
    const match = /value for variables \[([^\]]*)\] is not set/.exec(output);
    if (!match)
        return undefined;
    const names = match[1].split(/[\s,]+/).filter(Boolean);
    const described = names.map((name) => {
        if (name.startsWith('OS_'))
            return `${name} (credentials never go into the manifests: remove it from ${templateName}; the cloud-config Secrets carry them)`;
        if (CREDENTIAL_VARIABLES.includes(name)) {
            return `${name} (the template creates the cloud-config Secret itself: remove that Secret from ${templateName}; step capi-cloud-credentials writes it, and credentials never go through template variables)`;
        }
        const field = capi.variableFields[name];
        return field ? `${name} (set ${field})` : `${name} (set ${FIELD}.variables.${name})`;
    });
    return new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`the template ${templateName} needs ${described.length === 1 ? 'a value' : 'values'} for ${described.join(', ')}`);
}
/**
 * A Cluster API upgrade's target: given explicitly (--kubernetes-version, input kubernetes-version), and the config's
 * version too. Every deploy renders opencenter.cluster.kubernetes.version into the KubeadmControlPlane and
 * MachineDeployments, and CAPI's webhook accepts a lower version there (it refuses only a skipped minor), so a target
 * the config does not say would be rolled back by the next deploy.
 */
function requireUpgradeTarget(given, capi, source) {
    const configured = capi.kubernetesVersion.replace(/^v/, '');
    if (given === undefined)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb(`upgrade with deployment.method cluster-api needs the target version: --kubernetes-version X.Y.Z (input kubernetes-version), the one opencenter.cluster.kubernetes.version in ${source} says (${configured} now)`);
    if (given !== configured)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UsageError */ .eb(`--kubernetes-version (input kubernetes-version) ${given} is not opencenter.cluster.kubernetes.version ${configured} in ${source}: every deploy renders the config's version, so set it to ${given} there (and deployment.cluster_api.openstack.image_name to an image with kubeadm and kubelet ${given}), then upgrade`);
}


/***/ }),

/***/ 75629:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  PK: () => (/* binding */ deployEnvironment),
  yl: () => (/* binding */ kubectlEnvironment),
  wX: () => (/* binding */ pipelineVariables),
  uQ: () => (/* binding */ toolEnvironment)
});

// EXTERNAL MODULE: ./lib/core/openstack/credentials.js
var credentials = __webpack_require__(84554);
;// CONCATENATED MODULE: ./lib/core/lib/inherited-env.js
/**
 * What a command we start may inherit from our own environment. Commands run code we did not write
 * (tofu runs a pull request's data sources and providers, Kubespray runs Ansible), so they get none
 * of the runner's credentials: only what the tools need, and what a step adds for itself.
 */
/**
 * Runner variables no tool of ours uses: the job's tokens (the workflow's GITHUB_TOKEN, gh's
 * GH_TOKEN), the JavaScript-action runtime (artifacts, cache, OIDC tokens: the runner gives them to
 * actions only, never to `run:` steps) and the workflow-command files (a line appended to GITHUB_ENV
 * would set variables for the job's later steps).
 */
const RUNNER_VARIABLES = new Set([
    'GITHUB_TOKEN',
    'GH_TOKEN',
    'ACTIONS_RUNTIME_TOKEN',
    'ACTIONS_RUNTIME_URL',
    'ACTIONS_RESULTS_URL',
    'ACTIONS_CACHE_URL',
    'ACTIONS_CACHE_SERVICE_V2',
    'GITHUB_ENV',
    'GITHUB_OUTPUT',
    'GITHUB_STATE',
    'GITHUB_PATH',
    'GITHUB_STEP_SUMMARY',
]);
/**
 * Prefixes of the same: action inputs (`INPUT_GITHUB-TOKEN`, the passphrases), action state saved for
 * the post step, OIDC token requests, and OpenStack credentials (the run sets its resolved OS_* set
 * itself; a stale one inherited would conflict with it).
 */
const RUNNER_PREFIXES = ['INPUT_', 'STATE_', 'ACTIONS_ID_TOKEN_REQUEST_', 'OS_'];
/** Whether `name` is a runner credential or input that no command inherits (see above). */
function isWithheldVariable(name) {
    const upper = name.toUpperCase();
    return RUNNER_VARIABLES.has(upper) || RUNNER_PREFIXES.some((prefix) => upper.startsWith(prefix));
}
/** A secret this long is looked for inside values too; a shorter one only as a whole value (it could be in PATH). */
const FOUND_INSIDE_FROM = 8;
/**
 * `env` without the runner's credentials and inputs, and without any variable holding one of the
 * `withheld` secrets (the passphrases, the GitHub token) under a name of the user's choosing
 * (`env: PASSPHRASE: ${{ secrets.… }}` on the job). A step that does use a secret sets it itself.
 */
function inheritedEnvironment(env, withheld = []) {
    const secrets = withheld.map((secret) => secret.trim()).filter((secret) => secret !== '');
    const holdsSecret = (value) => secrets.some((secret) => (secret.length >= FOUND_INSIDE_FROM ? value.includes(secret) : value.trim() === secret));
    return Object.fromEntries(Object.entries(env).filter(([name, value]) => !isWithheldVariable(name) && !holdsSecret(value)));
}

;// CONCATENATED MODULE: ./lib/core/model/environment.js


/** What the pipeline sets for every command: the resolved OS_* set and KUBECONFIG. */
function pipelineVariables(settings) {
    return { ...(0,credentials/* credentialsToEnv */.fu)(settings.credentials), KUBECONFIG: settings.kubeconfigPath };
}
/**
 * The environment of every step's command (the one place it is built; a step adds only what its
 * own command uses): the inherited environment without the runner's credentials and inputs and
 * without any OS_* variable (already resolved; a stale one would conflict), then the pipeline's variables.
 */
function deployEnvironment(settings) {
    return { ...toolEnvironment(settings), ...pipelineVariables(settings) };
}
/** The environment of kubectl: the inherited one and KUBECONFIG, no cloud credential. */
function kubectlEnvironment(settings) {
    return { ...toolEnvironment(settings), KUBECONFIG: settings.kubeconfigPath };
}
/**
 * The environment of a command that talks to no cloud and no cluster (python, pip, git): the inherited
 * environment only. pip runs the build code of what it installs; it gets no credential to read.
 */
function toolEnvironment(settings) {
    return inheritedEnvironment(settings.baseEnv, settings.withheldSecrets);
}


/***/ }),

/***/ 44274:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  Ao: () => (/* binding */ checkDestroyConfirmation),
  kL: () => (/* binding */ clusterId),
  yD: () => (/* binding */ defaultStateDir),
  Jr: () => (/* binding */ deploymentMethod),
  Vz: () => (/* binding */ refuseWaitOptionsOnDestroy),
  Mo: () => (/* binding */ resolveSettings),
  hi: () => (/* binding */ runtimePaths),
  Jg: () => (/* binding */ upgradeConfigNote)
});

// UNUSED EXPORTS: DEFAULT_WAIT

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./lib/core/model/cluster-api.js
var cluster_api = __webpack_require__(47414);
// EXTERNAL MODULE: ./lib/core/model/config.js
var model_config = __webpack_require__(14055);
// EXTERNAL MODULE: ./lib/core/model/placeholders.js
var placeholders = __webpack_require__(23463);
// EXTERNAL MODULE: ./lib/core/openstack/credentials.js
var credentials = __webpack_require__(84554);
// EXTERNAL MODULE: ./lib/core/openstack/keystone.js
var keystone = __webpack_require__(55842);
;// CONCATENATED MODULE: ./lib/core/model/nodes.js
const DEFAULT_NODE_RESOURCE = { type: 'openstack_compute_instance_v2', nameAttribute: 'name' };

// EXTERNAL MODULE: ./lib/core/lib/option-values.js
var option_values = __webpack_require__(9485);
// EXTERNAL MODULE: ./lib/core/model/kubespray-source.js
var kubespray_source = __webpack_require__(37945);
// EXTERNAL MODULE: ./lib/core/lib/errors.js
var errors = __webpack_require__(36452);
// EXTERNAL MODULE: ./lib/core/lib/echo.js
var echo = __webpack_require__(94434);
;// CONCATENATED MODULE: ./lib/core/model/settings.js













function defaultCacheDir(env) {
    const base = env.XDG_CACHE_HOME || external_node_path_.join(env.HOME || (0,external_node_os_.homedir)(), '.cache');
    return external_node_path_.join(base, 'cluster-deploy');
}
const DEFAULT_WAIT = { timeoutMs: 30 * 60_000, intervalMs: 5_000 };
/** The run's deployment.method, as the config names it. */
function deploymentMethod(settings) {
    return settings.clusterApi ? 'cluster-api' : settings.kubespray ? 'kubespray' : 'none';
}
function defaultStateDir(env) {
    const base = env.XDG_STATE_HOME || external_node_path_.join(env.HOME || (0,external_node_os_.homedir)(), '.local', 'state');
    return external_node_path_.join(base, 'cluster-deploy');
}
function configVip(config) {
    const infra = config.opencenter.infrastructure;
    if (infra.k8s_api_ip)
        return infra.k8s_api_ip;
    return infra.networking.vrrp_enabled ? infra.networking.vrrp_ip : undefined;
}
/** Resolves settings from an openCenter config (if given) and explicit options, which win. */
function resolveSettings(options) {
    const env = options.env ?? process.env;
    const config = options.configPath ? (0,model_config/* loadClusterConfig */.NF)(options.configPath) : undefined;
    if (!config && !options.clusterDir) {
        throw new errors/* UserError */.yo('give --config FILE (an openCenter cluster config) or --cluster-dir DIR for standalone use');
    }
    if (config && config.opencenter.infrastructure.provider !== 'openstack') {
        throw new errors/* UserError */.yo(`${options.configPath}: opencenter.infrastructure.provider is "${config.opencenter.infrastructure.provider}"; this tool deploys openstack clusters only`);
    }
    const clusterName = options.clusterName ??
        (config
            ? (0,model_config/* configClusterName */.I$)(config)
            : (0,option_values/* parseName */.$q)(external_node_path_.basename(external_node_path_.resolve(options.clusterDir)), `the cluster directory's name (pass --cluster NAME)`, errors/* UserError */.yo));
    const organization = options.organization ?? config?.opencenter.meta.organization ?? 'standalone';
    let clusterDir = options.clusterDir;
    if (!clusterDir && config) {
        clusterDir = (0,model_config/* configClusterDir */.GB)(config, options.configPath, clusterName);
        if (!clusterDir)
            throw new errors/* UserError */.yo(`${options.configPath}: opencenter.gitops.repository.local_dir is not set; set it or pass --cluster-dir`);
    }
    clusterDir = external_node_path_.resolve(clusterDir);
    // cluster-deploy init's CHANGEMEs left in the OpenTofu files, named, before any tool trips on them.
    (0,placeholders/* refusePlaceholders */.pJ)(undefined, clusterDir);
    const method = options.method ?? config?.deployment.method ?? 'kubespray';
    if (!option_values/* DEPLOYMENT_METHODS */.Vh.includes(method)) {
        throw new errors/* UserError */.yo(`${options.configPath}: deployment.method "${method}" is not supported yet; this tool runs ${option_values/* DEPLOYMENT_METHODS */.Vh.slice(0, -1).join(', ')} or ${option_values/* DEPLOYMENT_METHODS */.Vh.at(-1)}`);
    }
    const stateDir = external_node_path_.resolve(options.stateDir ?? defaultStateDir(env));
    // KUBECONFIG lists paths separated by ":"; a kubeconfig path containing one would read as two.
    if (options.kubeconfigPath?.includes(external_node_path_.delimiter)) {
        throw new errors/* UsageError */.eb(`the kubeconfig path ${JSON.stringify(options.kubeconfigPath)} contains "${external_node_path_.delimiter}", which separates paths in KUBECONFIG; choose a path without it`);
    }
    const clusterStateDir = external_node_path_.join(stateDir, organization, clusterName);
    const operation = options.operation ?? 'deploy';
    const configuredKubernetesVersion = config?.opencenter.cluster?.kubernetes?.version?.replace(/^v/, '');
    const kubernetesVersion = options.kubernetesVersion ?? configuredKubernetesVersion;
    if (operation === 'upgrade' && !kubernetesVersion) {
        throw new errors/* UsageError */.eb(`upgrade needs a target version: --kubernetes-version X.Y.Z (input kubernetes-version), or opencenter.cluster.kubernetes.version in the config`);
    }
    const baseEnv = Object.fromEntries(Object.entries(env).filter((e) => typeof e[1] === 'string'));
    const nodeResource = config?.opentofu.node_resource;
    if (method === 'cluster-api' && !config) {
        throw new errors/* UserError */.yo('deployment.method cluster-api needs a config (--config): the management cluster, providers and template variables live in deployment.cluster_api');
    }
    if (options.clusterApi && method !== 'cluster-api') {
        throw new errors/* UsageError */.eb(`--management-kubeconfig, --clusterctl and --kind (input management-kubeconfig) are for deployment.method cluster-api, not ${method}`);
    }
    const configRelative = (file) => file && external_node_path_.resolve(external_node_path_.dirname(external_node_path_.resolve(options.configPath ?? '.')), file);
    const configPython = config?.deployment.kubespray?.python;
    const pythonSetting = options.python
        ? { value: options.python, setting: '--python (input python)' }
        : configPython
            ? { value: configPython, setting: `${options.configPath}: deployment.kubespray.python` }
            : undefined;
    const clusterApi = method === 'cluster-api' && config
        ? (0,cluster_api/* resolveClusterApiSettings */.qk)(config, options.clusterApi ?? {}, {
            source: options.configPath,
            clusterName,
            clusterDir,
            clusterStateDir,
        })
        : undefined;
    if (clusterApi && operation === 'upgrade')
        (0,cluster_api/* requireUpgradeTarget */.l8)(options.kubernetesVersion, clusterApi, options.configPath);
    return {
        operation,
        organization,
        clusterName,
        configPath: options.configPath && external_node_path_.resolve(options.configPath),
        clusterDir,
        kubespray: method === 'kubespray',
        clusterApi,
        vip: options.vip ?? (config ? configVip(config) : undefined),
        useOctavia: config?.opencenter.infrastructure.networking.use_octavia ?? false,
        credentials: (0,credentials/* resolveCredentials */.z8)({
            options: options.credentials,
            env,
            cloud: options.cloud,
            cloudsYaml: options.cloudsYaml,
            config: config && { openstack: config.opencenter.infrastructure.cloud?.openstack, source: options.configPath },
        }),
        opentofu: {
            enabled: config?.opentofu.enabled ?? true,
            binary: options.tofuBinary ?? config?.opentofu.path,
            backend: config?.opentofu.backend.type ?? 'local',
            savedPlan: options.savedPlan,
        },
        nodeResource: nodeResource
            ? { type: nodeResource.type, nameAttribute: nodeResource.name_attribute, companions: nodeResource.companions }
            : DEFAULT_NODE_RESOURCE,
        allowUnsafeNodeRemoval: options.allowUnsafeNodeRemoval ?? false,
        ignoreCapacity: options.ignoreCapacity ?? false,
        kubernetesVersion,
        configuredKubernetesVersion,
        upgradeBatchSize: config?.deployment.kubespray?.upgrade_batch_size,
        venvDir: external_node_path_.resolve(clusterDir, options.venvDir ?? config?.deployment.kubespray?.venv_path ?? 'venv'),
        python: pythonSetting?.value ?? 'python3',
        pythonSetting,
        kubesprayRelease: kubesprayRelease(config, options.configPath, clusterDir, env),
        ssh: {
            privateKeyFile: options.sshPrivateKeyFile ?? configRelative(config?.deployment.kubespray?.ssh_private_key_file),
            user: options.sshUser ?? config?.deployment.kubespray?.ssh_user,
        },
        converge: options.converge ?? false,
        colour: options.colour ?? false,
        pipArgs: options.pipArgs ?? config?.deployment.kubespray?.pip_args ?? [],
        kubectl: options.kubectl ?? 'kubectl',
        kubeconfigPath: external_node_path_.resolve(options.kubeconfigPath ?? external_node_path_.join(clusterStateDir, 'kubeconfig')),
        stateDir,
        waitReady: { ...DEFAULT_WAIT, ...options.waitReady },
        authCheck: { enabled: !options.skipAuthCheck, timeoutMs: options.authTimeoutMs ?? keystone/* DEFAULT_AUTH_TIMEOUT_MS */.o0 },
        baseEnv,
    };
}
/**
 * A destroy runs only when confirmed with the cluster's name (`--confirm`, input confirm-destroy),
 * checked before anything runs. Planning a destroy needs no confirmation.
 */
function checkDestroyConfirmation(settings, given, how = { flag: '--confirm', input: 'confirm-destroy' }) {
    const { organization, clusterName } = settings;
    const value = given?.trim() ?? '';
    if (value === clusterName)
        return;
    throw new errors/* UsageError */.eb(value
        ? `destroy: ${how.flag} ${(0,echo/* quoteInput */.Z)(value, 80)} is not the cluster's name; to destroy ${organization}/${clusterName}, confirm with its name: ${how.flag} ${clusterName}`
        : `destroy deletes every resource of ${organization}/${clusterName}: confirm with the cluster's name (${how.flag} ${clusterName}${how.input ? `, or input ${how.input}: ${clusterName}` : ''})`);
}
/**
 * timeout and interval bound a Cluster API destroy's wait for CAPO's deletion; a destroy by any other
 * method waits for nothing, so there they would be ignored: refused, for the CLI and the action alike.
 */
function refuseWaitOptionsOnDestroy(settings, waitReady, where, option) {
    if (settings.clusterApi)
        return;
    const method = settings.kubespray ? 'kubespray' : 'none';
    const given = ['timeout', 'interval'].find((name) => waitReady?.[`${name}Ms`] !== undefined);
    if (given)
        throw new errors/* UsageError */.eb(`${where}: ${option(given)} is an option of the readiness gate (deploy, upgrade, wait-ready), not destroy: a destroy with deployment.method ${method} waits for no cluster to become ready (a Cluster API destroy waits within them for CAPO's deletion)`);
}
/**
 * After an upgrade to another version than the config names: the config must follow, or the next
 * deploy hands Kubespray the old kube_version (and check reports every kubelet as ahead of it).
 */
function upgradeConfigNote(settings) {
    const { configPath, kubernetesVersion, configuredKubernetesVersion } = settings;
    if (!configPath || !kubernetesVersion || configuredKubernetesVersion === kubernetesVersion)
        return undefined;
    return `The config still names ${configuredKubernetesVersion ? `v${configuredKubernetesVersion}` : 'no version'}: set opencenter.cluster.kubernetes.version to ${kubernetesVersion} in ${configPath}, or the next deploy passes the old kube_version to Kubespray.`;
}
function clusterId(settings) {
    return `${settings.organization}/${settings.clusterName}`;
}
/** Per-cluster runtime paths: resume state, run logs, the deploy's plan and the check's own (never the deploy's). */
function runtimePaths(settings) {
    const dir = external_node_path_.join(settings.stateDir, settings.organization, settings.clusterName);
    // The binary plans hold every value in plain text: they stay in this private directory.
    return {
        statePath: external_node_path_.join(dir, 'state.json'),
        logDir: external_node_path_.join(dir, 'logs'),
        planPath: external_node_path_.join(dir, 'tofu.plan'),
        driftPlanPath: external_node_path_.join(dir, 'drift.plan'),
        lockPath: external_node_path_.join(dir, 'deploy.lock'),
    };
}
function kubesprayRelease(config, configPath, clusterDir, env) {
    const kubespray = config?.deployment.kubespray;
    const field = (name) => `${configPath}: deployment.kubespray.${name}`;
    const version = kubespray?.version ? (0,kubespray_source/* kubesprayTag */.fQ)(kubespray.version, field('version')) : undefined;
    const source = (0,kubespray_source/* parseKubespraySource */.Xy)(kubespray?.source, kubespray?.sha256, {
        source: field('source'),
        sha256: field('sha256'),
    });
    const vendoredDir = external_node_path_.join(clusterDir, 'kubespray');
    const cacheRoot = external_node_path_.join(defaultCacheDir(env), 'kubespray');
    // A tree in the cluster dir wins (its version is checked by kubespray-fetch); else the cache's link.
    const vendored = (0,external_node_fs_.statSync)(vendoredDir, { throwIfNoEntry: false })?.isDirectory();
    const dir = vendored || !version ? vendoredDir : external_node_path_.join(cacheRoot, version);
    return { version, source, vendoredDir, cacheRoot, dir };
}


/***/ }),

/***/ 55842:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   KT: () => (/* binding */ describeAuthCheck),
/* harmony export */   bj: () => (/* binding */ openStackSession),
/* harmony export */   o0: () => (/* binding */ DEFAULT_AUTH_TIMEOUT_MS),
/* harmony export */   r6: () => (/* binding */ DEFAULT_REQUIRED_SERVICES),
/* harmony export */   tR: () => (/* binding */ checkOpenStackAuth)
/* harmony export */ });
/* unused harmony export normalizeAuthUrl */
/* harmony import */ var _credentials_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(84554);
/* harmony import */ var _lib_duration_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(32335);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(36452);
/* harmony import */ var _roles_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(15153);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(92857);
/* harmony import */ var _http_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(39998);
/**
 * The live credential check of `openstack-preflight`: one Keystone v3 token request, then the
 * service catalog it returns. A wrong secret or region fails here, in seconds, instead of inside tofu.
 */






const DEFAULT_AUTH_TIMEOUT_MS = 10_000;
const DEFAULT_REQUIRED_SERVICES = ['identity', 'compute', 'network', 'image'];
/**
 * The Keystone v3 base URL for an auth_url: `https://k:5000` and `https://k:5000/v3/` both give
 * `https://k:5000/v3`. Any other API version (v2.0) is refused: tokens come from v3 only.
 */
function normalizeAuthUrl(authUrl) {
    let url;
    try {
        url = new URL(authUrl.trim());
    }
    catch {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`auth_url "${authUrl}" is not a URL; expected e.g. https://keystone.example.com:5000/v3`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`auth_url "${authUrl}" is not an http(s) URL; expected e.g. https://keystone.example.com:5000/v3`);
    }
    const pathname = url.pathname.replace(/\/+$/, '');
    const version = /\/(v\d+(?:\.\d+)?)$/.exec(pathname)?.[1];
    if (version === undefined)
        return `${url.origin}${pathname}/v3`;
    if (version !== 'v3' && !version.startsWith('v3.')) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`auth_url ${url.origin}${pathname} points at Keystone API ${version}; this tool needs Keystone v3 (usually the same address ending in /v3)`);
    }
    return `${url.origin}${pathname.slice(0, -version.length)}v3`;
}
/** One line for the dry-run plan; never throws, so a plan can show even incomplete credentials. */
function describeAuthCheck(creds, options = {}) {
    let tokensUrl;
    try {
        tokensUrl = creds.authUrl ? `${normalizeAuthUrl(creds.authUrl)}/auth/tokens` : '<auth_url missing>/auth/tokens';
    }
    catch {
        tokensUrl = `${creds.authUrl}/auth/tokens`;
    }
    const method = (0,_credentials_js__WEBPACK_IMPORTED_MODULE_0__/* .authMethod */ .A8)(creds);
    const credential = method ? credentialLabel(creds, method) : 'no complete credentials yet';
    const services = (options.requiredServices ?? DEFAULT_REQUIRED_SERVICES).join(', ');
    const where = `${creds.region ?? 'any region'}/${endpointInterface(creds)}`;
    return `POST ${tokensUrl} (${credential}), then check catalog for ${services} in ${where}`;
}
/**
 * Gets a token and checks the catalog. Throws a UserError naming the problem and the fix for every
 * failure a user can cause: unreachable Keystone, rejected credentials, wrong region, missing service.
 * The token (the X-Subject-Token header) is never read, so it cannot be returned, printed or stored.
 */
async function checkOpenStackAuth(creds, options = {}) {
    return (await authenticate(creds, options)).result;
}
/** The same token request and catalog check as checkOpenStackAuth, keeping the token for reads (the capacity check). */
async function openStackSession(creds, options = {}) {
    const { result, token, projectId } = await authenticate(creds, options);
    if (!token || !projectId) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`Keystone at ${normalizeAuthUrl(creds.authUrl)} issued a token without ${token ? 'a project' : 'an X-Subject-Token header'}; the quota APIs need a project-scoped token`);
    }
    const tls = tlsOptions(creds);
    const timeoutMs = options.timeoutMs ?? DEFAULT_AUTH_TIMEOUT_MS;
    return {
        auth: result,
        projectId,
        get: (url, maxBytes) => (0,_http_js__WEBPACK_IMPORTED_MODULE_4__/* .httpRequest */ .aj)({ method: 'GET', url, headers: { 'X-Auth-Token': token }, tls, timeoutMs, maxBytes }),
    };
}
async function authenticate(creds, options) {
    if (!creds.authUrl) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo('no Keystone auth_url: set OS_AUTH_URL, auth_url in clouds.yaml, or opencenter.infrastructure.cloud.openstack.auth_url');
    }
    const identityUrl = normalizeAuthUrl(creds.authUrl);
    const method = (0,_credentials_js__WEBPACK_IMPORTED_MODULE_0__/* .authMethod */ .A8)(creds);
    if (!method) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo('no complete OpenStack credentials: set an application credential (id, or name with its user, plus the secret) or a username and password');
    }
    const timeoutMs = options.timeoutMs ?? DEFAULT_AUTH_TIMEOUT_MS;
    const tokensUrl = new URL(`${identityUrl}/auth/tokens`);
    const request = {
        auth: { identity: identityRequest(creds, method), ...(method === 'password' && { scope: projectScope(creds) }) },
    };
    let answer;
    try {
        answer = await postJson(tokensUrl, request, tlsOptions(creds), timeoutMs);
    }
    catch (error) {
        throw connectionError(error, tokensUrl, identityUrl, timeoutMs);
    }
    const token = readToken(answer, { creds, method, identityUrl, tokensUrl: tokensUrl.href });
    const roles = (0,_roles_js__WEBPACK_IMPORTED_MODULE_3__/* .tokenRoleNames */ .wE)(token.roles);
    const { region, endpoints } = checkCatalog(token.catalog, {
        identityUrl,
        region: creds.region,
        regionSource: creds.sources.region,
        interface: endpointInterface(creds),
        requiredServices: options.requiredServices ?? DEFAULT_REQUIRED_SERVICES,
    });
    const result = {
        method,
        user: token.user?.name ?? token.user?.id ?? creds.username ?? creds.userId ?? '',
        ...(token.project?.name !== undefined && { project: token.project.name }),
        region,
        interface: endpointInterface(creds),
        ...(token.expires_at !== undefined && { expiresAt: token.expires_at }),
        ...(roles && { roles }),
        endpoints,
        ...(token.application_credential && { applicationCredential: token.application_credential }),
    };
    return { result, token: answer.subjectToken, projectId: token.project?.id };
}
// ---- the token request ------------------------------------------------------------------------
/** Accepts the older `publicURL` spelling (OS_ENDPOINT_TYPE style) as well as `public`. */
function endpointInterface(creds) {
    return (creds.interface || 'public').replace(/URL$/, '');
}
/** How the credential is named in messages: ids and names only, never the secret. */
function credentialLabel(creds, method) {
    if (method === 'application-credential') {
        if (creds.applicationCredentialId)
            return `application credential ${creds.applicationCredentialId}`;
        return `application credential "${creds.applicationCredentialName}" of ${userLabel(creds)}`;
    }
    return `password for ${userLabel(creds)}`;
}
function userLabel(creds) {
    if (creds.username)
        return `user ${creds.username} in domain ${creds.userDomainName ?? '(none)'}`;
    return `user id ${creds.userId}`;
}
function source(creds, field) {
    const from = creds.sources[field];
    return from ? ` (from ${from})` : '';
}
/** The `identity` part of the request. Keystone looks users up by id, or by name within a domain. */
function identityRequest(creds, method) {
    if (method === 'application-credential') {
        const secret = creds.applicationCredentialSecret;
        if (creds.applicationCredentialId) {
            return {
                methods: ['application_credential'],
                application_credential: { id: creds.applicationCredentialId, secret },
            };
        }
        return {
            methods: ['application_credential'],
            application_credential: {
                name: creds.applicationCredentialName,
                secret,
                user: userReference(creds, 'an application credential name'),
            },
        };
    }
    return {
        methods: ['password'],
        password: { user: { ...userReference(creds, 'a username'), password: creds.password } },
    };
}
function userReference(creds, needer) {
    if (creds.userId)
        return { id: creds.userId };
    if (!creds.username) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`${needer} needs its user: set the username with its user domain, or the user id`);
    }
    if (!creds.userDomainName) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`user ${creds.username} needs a user domain (OS_USER_DOMAIN_NAME, or user_domain_name in clouds.yaml or the config)`);
    }
    return { name: creds.username, domain: { name: creds.userDomainName } };
}
/**
 * Password tokens are scoped to the project; an unscoped token has no catalog. Application
 * credentials carry their own project and Keystone refuses a scope next to them.
 */
function projectScope(creds) {
    if (creds.projectId)
        return { project: { id: creds.projectId } };
    if (!creds.projectName) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo('password authentication needs a project: set OS_PROJECT_NAME (with its domain) or OS_PROJECT_ID');
    }
    const domain = creds.projectDomainName ?? creds.userDomainName;
    if (!domain) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`project ${creds.projectName} needs a project domain (OS_PROJECT_DOMAIN_NAME, or project_domain_name in clouds.yaml or the config)`);
    }
    return { project: { name: creds.projectName, domain: { name: domain } } };
}
// ---- HTTP ---------------------------------------------------------------------------------------
function tlsOptions(creds) {
    return (0,_http_js__WEBPACK_IMPORTED_MODULE_4__/* .tlsSettings */ .Bl)(creds);
}
/** Catalogs of large clouds run to a few hundred kB; anything far beyond is not Keystone. */
const MAX_ANSWER_MIB = 8;
async function postJson(url, payload, tls, timeoutMs) {
    return (0,_http_js__WEBPACK_IMPORTED_MODULE_4__/* .httpRequest */ .aj)({ method: 'POST', url, payload, tls, timeoutMs, maxBytes: MAX_ANSWER_MIB * 1024 * 1024 }).catch((error) => {
        throw error instanceof Error && /^the answer exceeds/.test(error.message)
            ? new Error(`the answer exceeds ${MAX_ANSWER_MIB} MiB, more than any Keystone catalog; is auth_url right?`)
            : error;
    });
}
const UNTRUSTED_CERTIFICATE_CODES = new Set([
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'UNABLE_TO_GET_ISSUER_CERT',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);
function connectionError(error, url, identityUrl, timeoutMs) {
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    const address = `${url.hostname}:${port}`;
    const keystone = `Keystone at ${identityUrl}`;
    if (error instanceof _http_js__WEBPACK_IMPORTED_MODULE_4__/* .RequestTimeout */ .VG) {
        const what = error.connected
            ? `${keystone} accepted the connection but did not answer within ${(0,_lib_duration_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a)(timeoutMs)}`
            : `could not connect to ${address} (${keystone}) within ${(0,_lib_duration_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a)(timeoutMs)}; a firewall may be dropping the traffic`;
        return new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`${what}. If Keystone is just slow, raise the timeout (--auth-timeout); to plan without it, skip the check (--skip-auth-check)`);
    }
    const code = error.code ?? '';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
        return new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`cannot resolve host ${url.hostname} of ${keystone} (DNS ${code}); check auth_url and this machine's DNS`);
    }
    if (code === 'ECONNREFUSED') {
        return new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`connection to ${address} refused: nothing listens there; check the host and port of auth_url (${identityUrl})`);
    }
    if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
        return new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`no route to ${address} (${keystone}, ${code}); check the network path or VPN to the cloud`);
    }
    const tlsFix = 'pass the CA bundle that signed it (OS_CACERT, --os-cacert, or cacert in clouds.yaml or the config), or for a test cloud only turn off verification (insecure / --os-insecure)';
    if (UNTRUSTED_CERTIFICATE_CODES.has(code)) {
        return new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`TLS: the certificate of ${address} is not trusted (${code}): ${tlsFix}`);
    }
    if (code === 'CERT_HAS_EXPIRED') {
        return new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`TLS: the certificate of ${address} has expired; the cloud operator must renew it (or, for a test cloud only, use insecure)`);
    }
    if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
        return new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`TLS: the certificate of ${address} is not valid for the name ${url.hostname}; use the host name the certificate was issued for in auth_url`);
    }
    if (code === 'EPROTO' || code.startsWith('ERR_SSL_')) {
        return new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`TLS handshake with ${address} failed (${code}); does auth_url use https for a plain-http Keystone?`);
    }
    return new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`request to ${keystone} failed: ${(0,_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .gJ)(error)}`);
}
// ---- the answer ---------------------------------------------------------------------------------
/**
 * The parts of Keystone's answers we read, with zod: a token (POST /v3/auth/tokens) and an error
 * body. Anything else in them is dropped; a field of the wrong type is as good as absent.
 */
const optionalString = zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP()
    .nullish()
    .catch(undefined)
    .transform((v) => v ?? undefined);
const CatalogEndpointSchema = zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({
    interface: optionalString,
    region_id: optionalString,
    region: optionalString,
    url: optionalString,
});
const CatalogServiceSchema = zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({
    type: optionalString,
    endpoints: zod__WEBPACK_IMPORTED_MODULE_5__/* .array */ .YOg(CatalogEndpointSchema).optional().catch(undefined),
});
const TokenAnswerSchema = zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({
    token: zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({
        user: zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({ id: optionalString, name: optionalString }).optional().catch(undefined),
        project: zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({ id: optionalString, name: optionalString }).optional().catch(undefined),
        expires_at: optionalString,
        roles: _roles_js__WEBPACK_IMPORTED_MODULE_3__/* .TokenRolesSchema */ .io,
        catalog: zod__WEBPACK_IMPORTED_MODULE_5__/* .array */ .YOg(CatalogServiceSchema).optional().catch(undefined),
        // A token issued for an application credential names it: id, name, restricted
        // (keystone/common/render_token.py).
        application_credential: zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({ id: optionalString, name: optionalString }).optional().catch(undefined),
    }),
});
const ErrorAnswerSchema = zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({ error: zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({ message: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP() }) });
/** What came back instead of a Keystone answer, for messages. */
function describeBody(answer, json) {
    if (/html/i.test(answer.contentType) || /^\s*</.test(answer.body))
        return 'an HTML page';
    if (json !== undefined)
        return 'JSON that is not a Keystone token';
    return answer.body.trim() === '' ? 'an empty body' : `non-JSON content (${answer.contentType || 'no content type'})`;
}
/** Keystone's text for every 401 it does not explain; quoting it would add nothing. */
const GENERIC_UNAUTHORIZED = 'The request you have made requires authentication.';
/**
 * Keystone's own error text ({"error": {"message": ...}}) when it says more than the generic 401,
 * e.g. "The password is expired and needs to be changed for user: <id>.", and repeats no secret.
 */
function keystoneErrorMessage(json, creds) {
    const parsed = ErrorAnswerSchema.safeParse(json);
    if (!parsed.success)
        return undefined;
    const text = parsed.data.error.message.trim();
    if (text === '' || text === GENERIC_UNAUTHORIZED)
        return undefined;
    if ((0,_credentials_js__WEBPACK_IMPORTED_MODULE_0__/* .credentialSecrets */ .DJ)(creds).some((secret) => text.includes(secret)))
        return undefined;
    return text.slice(0, 300);
}
function readToken(answer, context) {
    const { creds, method, identityUrl, tokensUrl } = context;
    const json = (0,_http_js__WEBPACK_IMPORTED_MODULE_4__/* .parseJson */ .qF)(answer.body);
    const keystoneMessage = keystoneErrorMessage(json, creds);
    const quoted = keystoneMessage ? ` (Keystone: "${keystoneMessage}")` : '';
    const label = credentialLabel(creds, method);
    const status = answer.status;
    if (status === 200 || status === 201) {
        const parsed = TokenAnswerSchema.safeParse(json);
        if (!parsed.success) {
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`${tokensUrl} answered ${status} with ${describeBody(answer, json)}: auth_url is probably not a Keystone v3 URL`);
        }
        const { token } = parsed.data;
        if (!token.catalog) {
            throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`Keystone at ${identityUrl} issued a token without a service catalog; is the ${label} scoped to a project?`);
        }
        return { ...token, catalog: token.catalog };
    }
    if (status === 401)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(rejectedMessage(context, keystoneMessage));
    if (status === 403) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`Keystone at ${identityUrl} refused a token for the ${label} (403 Forbidden)${quoted}; check that the user and project are enabled, or whether a proxy in front of Keystone blocks the request`);
    }
    if (status === 404 && keystoneMessage) {
        const missingAppCred = method === 'application-credential' && /application credential/i.test(keystoneMessage);
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(missingAppCred
            ? `Keystone at ${identityUrl} does not know the ${label}${quoted}; it was deleted or belongs to another cloud: create a new one`
            : `Keystone at ${identityUrl} answered 404${quoted}; check the names and ids in the credentials`);
    }
    if (status === 404) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`${tokensUrl} answered 404 Not Found with ${describeBody(answer, json)}: auth_url is probably not a Keystone v3 URL`);
    }
    if (status >= 300 && status < 400) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`${tokensUrl} redirects (${status}) to ${answer.location ?? 'nowhere'}: set auth_url to the address Keystone itself answers on`);
    }
    if (status >= 500) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`Keystone at ${identityUrl} failed with ${status}${quoted}; try again later or ask the cloud operator`);
    }
    if (keystoneMessage)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`Keystone at ${identityUrl} rejected the request (${status})${quoted}`);
    throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`${tokensUrl} answered ${status} with ${describeBody(answer, json)}: auth_url is probably not a Keystone v3 URL`);
}
/**
 * 401s are deliberately vague in Keystone: a wrong secret, an expired or deleted application
 * credential, an unknown user and a project the user cannot use all get the same generic message.
 * Say which credential was refused and list what else gets the same answer.
 */
function rejectedMessage(context, keystoneMessage) {
    const { creds, method, identityUrl } = context;
    const rejected = `Keystone at ${identityUrl} rejected the ${credentialLabel(creds, method)}`;
    if (keystoneMessage && /expired/i.test(keystoneMessage)) {
        const renew = method === 'application-credential'
            ? 'the application credential has expired; create a new one'
            : 'the password has expired; change it (e.g. in Horizon), then retry';
        return `${rejected}: ${renew} (Keystone: "${keystoneMessage}")`;
    }
    const quoted = keystoneMessage ? ` (Keystone: "${keystoneMessage}")` : '';
    if (method === 'application-credential') {
        const causes = creds.applicationCredentialId
            ? 'the secret is wrong'
            : 'the secret, the user or the user domain is wrong';
        return `${rejected}${quoted}: ${causes}, or the application credential has expired (Keystone gives the same answer for both). Check the secret${source(creds, 'applicationCredentialSecret')} or create a new application credential`;
    }
    const project = creds.projectId
        ? ` Keystone gives the same answer when project ${creds.projectId} does not exist or the user has no role on it.`
        : ` Keystone gives the same answer when project ${creds.projectName} in domain ${creds.projectDomainName ?? creds.userDomainName} does not exist or the user has no role on it.`;
    return `${rejected}${quoted}: check the user, its domain and the password${source(creds, 'password')}.${project}`;
}
function endpointRegion(endpoint) {
    return endpoint.region_id ?? endpoint.region ?? undefined;
}
function uniqueSorted(values) {
    return [...new Set([...values].filter((v) => !!v))].sort();
}
/**
 * Without a configured region, clients take the first endpoint of the interface in any region;
 * the check does the same.
 */
function findEndpoint(catalog, type, region, iface) {
    for (const service of catalog) {
        if (service.type !== type)
            continue;
        const endpoint = service.endpoints?.find((e) => e.interface === iface && e.url && (region === undefined || endpointRegion(e) === region));
        if (endpoint)
            return endpoint;
    }
    return undefined;
}
function checkCatalog(catalog, check) {
    const { identityUrl, region, interface: iface } = check;
    const allEndpoints = catalog.flatMap((service) => service.endpoints ?? []);
    const catalogRegions = uniqueSorted(allEndpoints.map(endpointRegion));
    if (region !== undefined && !catalogRegions.includes(region)) {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`region ${region}${check.regionSource ? ` (from ${check.regionSource})` : ''} is not in the service catalog of Keystone at ${identityUrl}; ` +
            `the catalog has ${catalogRegions.length > 0 ? `regions ${catalogRegions.join(', ')}` : 'no regions at all'}. Set the region (OS_REGION_NAME, region_name in clouds.yaml, or region in the config)`);
    }
    const missing = check.requiredServices.filter((type) => !findEndpoint(catalog, type, region, iface));
    if (missing.length > 0) {
        const where = region === undefined ? `${iface} endpoint in any region` : `${iface} endpoint in region ${region}`;
        const details = missing.map((type) => `${type} ${whereServiceExists(catalog, type)}`);
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`the service catalog of Keystone at ${identityUrl} has no ${where} for ${missing.join(', ')}: ${details.join('; ')}. ` +
            'Use a region and interface that offer them (OS_REGION_NAME, OS_INTERFACE), or ask the cloud operator');
    }
    const endpoints = {};
    const foundIn = new Set();
    for (const service of catalog) {
        if (!service.type || endpoints[service.type] !== undefined)
            continue;
        const endpoint = findEndpoint(catalog, service.type, region, iface);
        if (!endpoint?.url)
            continue;
        endpoints[service.type] = endpoint.url;
        if (check.requiredServices.includes(service.type))
            foundIn.add(endpointRegion(endpoint));
    }
    return { region: region ?? (uniqueSorted(foundIn).join(', ') || '(no region)'), endpoints };
}
/** "not in the catalog at all", or the regions and interfaces it does have: "RegionOne (public, internal)". */
function whereServiceExists(catalog, type) {
    const endpoints = catalog.filter((service) => service.type === type).flatMap((service) => service.endpoints ?? []);
    if (endpoints.length === 0)
        return 'is not in the catalog at all';
    const byRegion = new Map();
    for (const endpoint of endpoints) {
        const region = endpointRegion(endpoint) ?? '(no region)';
        const interfaces = byRegion.get(region) ?? new Set();
        interfaces.add(endpoint.interface ?? '?');
        byRegion.set(region, interfaces);
    }
    const regions = [...byRegion.keys()]
        .sort()
        .map((region) => `${region} (${[...byRegion.get(region)].sort().join(', ')})`);
    return `exists only in ${regions.join(', ')}`;
}


/***/ }),

/***/ 62166:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  a: () => (/* binding */ buildSteps),
  A: () => (/* reexport */ liveCapacityChecker)
});

// EXTERNAL MODULE: ./lib/core/lib/errors.js
var errors = __webpack_require__(36452);
// EXTERNAL MODULE: ./lib/core/model/environment.js + 1 modules
var environment = __webpack_require__(75629);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: ./lib/core/model/cluster-api.js
var cluster_api = __webpack_require__(47414);
// EXTERNAL MODULE: ./lib/core/model/settings.js + 1 modules
var settings = __webpack_require__(44274);
;// CONCATENATED MODULE: ./lib/core/steps/forget-cluster.js




/**
 * destroy, last: the kubeconfig of a cluster that no longer exists is deleted (a later job must not
 * talk to whatever gets its address next), with any plan left behind. The engine then marks the
 * resume state destroyed, so the next deploy starts from nothing.
 */
/** The steps that delete a cluster's infrastructure (OpenTofu, Cluster API): forget-cluster follows one of them. */
const DESTROYING_STEPS = ['opentofu-destroy', 'capi-delete-cluster'];
class ForgetClusterStep {
    settings;
    id = 'forget-cluster';
    title = 'Forget the destroyed cluster';
    kind = 'remote';
    constructor(settings) {
        this.settings = settings;
    }
    get files() {
        const capi = this.settings.clusterApi;
        // cluster-api: the rendered manifests and a kind kubeconfig left in the private work dir (never an existing management cluster's).
        const capiFiles = capi
            ? [(0,cluster_api/* renderedManifests */.AC)(capi), ...(capi.management.kind === 'kind' ? [(0,cluster_api/* managementKubeconfig */.LH)(capi)] : [])]
            : [];
        return [this.settings.kubeconfigPath, (0,settings/* runtimePaths */.hi)(this.settings).planPath, ...capiFiles];
    }
    async plan() {
        return {
            workingDir: this.settings.clusterDir,
            reads: [],
            writes: this.files,
            actions: [`delete ${this.files.join(' and ')}; mark the resume state destroyed`],
        };
    }
    async run(context) {
        // Only after this destroy destroyed: a kubeconfig deleted and a state marked destroyed while the servers run is a lost cluster.
        const destroyedBy = DESTROYING_STEPS.find((id) => context.state.steps[id]?.status === 'success');
        if (!destroyedBy)
            throw new errors/* RefusalError */.XQ(`forget-cluster runs only after ${DESTROYING_STEPS.join(' or ')} has succeeded in this destroy, and neither has: the cluster may still be there, so its kubeconfig and state are kept; run the whole destroy`);
        const deleted = [];
        for (const file of this.files) {
            if (await external_node_fs_.promises.rm(file).then(() => true, () => false))
                deleted.push(file);
        }
        return deleted.length ? `deleted ${deleted.join(', ')}` : 'nothing left on this machine';
    }
}

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./lib/core/lib/files.js
var lib_files = __webpack_require__(4196);
// EXTERNAL MODULE: ./lib/core/kube/nodes.js
var kube_nodes = __webpack_require__(66408);
// EXTERNAL MODULE: ./lib/core/kube/version.js
var kube_version = __webpack_require__(61821);
// EXTERNAL MODULE: ./lib/core/kubespray/node-changes.js
var node_changes = __webpack_require__(33408);
// EXTERNAL MODULE: ./lib/core/kubespray/paths.js
var kubespray_paths = __webpack_require__(56690);
// EXTERNAL MODULE: ./lib/core/openstack/credentials.js
var credentials = __webpack_require__(84554);
// EXTERNAL MODULE: ./lib/core/openstack/keystone.js
var keystone = __webpack_require__(55842);
;// CONCATENATED MODULE: ./lib/core/kubespray/cloud-env.js




function kubesprayCloudEnv(creds, 
/** The application credential as Keystone names it (from the token), when it was authenticated. */
applicationCredential) {
    const env = (0,credentials/* credentialsToEnv */.fu)(creds);
    const missing = [];
    const notes = [];
    const method = (0,credentials/* authMethod */.A8)(creds);
    if (method === 'application-credential') {
        const id = creds.applicationCredentialId ?? applicationCredential?.id;
        const name = creds.applicationCredentialName ?? applicationCredential?.name;
        if (id)
            env.OS_APPLICATION_CREDENTIAL_ID = id;
        if (name)
            env.OS_APPLICATION_CREDENTIAL_NAME = name;
        if (!name) {
            missing.push('the application credential\'s name (OS_APPLICATION_CREDENTIAL_NAME; Kubespray\'s credential check needs it beside the id: "you must either set external_openstack_username or external_openstack_application_credential_name")');
        }
        if (!id)
            missing.push("the application credential's id (OS_APPLICATION_CREDENTIAL_ID), which Kubespray needs beside its name");
    }
    else if (method === 'password') {
        if (!creds.username)
            missing.push('the username (OS_USERNAME): Kubespray does not take a user id');
        if (!creds.projectId && !creds.projectName)
            missing.push('the project (OS_PROJECT_NAME or OS_PROJECT_ID)');
        if (!creds.userDomainName)
            missing.push('the user domain (OS_USER_DOMAIN_NAME)');
    }
    else
        missing.push('complete OpenStack credentials');
    if (!creds.region)
        missing.push('the region (OS_REGION_NAME): "external_openstack_region is missing"');
    if (!creds.authUrl)
        missing.push('the Keystone URL (OS_AUTH_URL)');
    if (creds.caCert) {
        notes.push(`OS_CACERT=${creds.caCert}: Kubespray reads this path on the first control plane node (slurp), not on the runner; the file must exist there`);
    }
    return { env, missing, notes };
}
/** group_vars that turn on Kubespray's OpenStack cloud controller (external_cloud_provider: openstack) or Cinder CSI. */
async function usesOpenStackCloudProvider(inventory) {
    const dir = external_node_path_.join(external_node_path_.dirname(inventory), 'group_vars');
    const files = await external_node_fs_.promises.readdir(dir, { recursive: true }).catch(() => []);
    for (const file of files.filter((f) => /\.ya?ml$/.test(f))) {
        const text = await external_node_fs_.promises.readFile(external_node_path_.join(dir, file), 'utf8').catch(() => '');
        if (/^\s*external_cloud_provider:\s*["']?openstack\b/m.test(text) || /^\s*cinder_csi_enabled:\s*true\b/m.test(text))
            return true;
    }
    return false;
}
const askedNames = new WeakMap();
/**
 * The application credential's name when only its id is configured, asked from Keystone once per run
 * (its token names the credential): Kubespray's credential check refuses an id without a name. Undefined
 * when Keystone cannot be asked; then the missing name is said as before.
 */
function applicationCredentialName(creds, timeoutMs) {
    if (creds.applicationCredentialName ||
        !creds.applicationCredentialId ||
        (0,credentials/* authMethod */.A8)(creds) !== 'application-credential')
        return Promise.resolve(creds.applicationCredentialName);
    let asked = askedNames.get(creds);
    if (!asked) {
        asked = (0,keystone/* checkOpenStackAuth */.tR)(creds, { timeoutMs, requiredServices: [] }).then((auth) => auth.applicationCredential?.name, () => undefined);
        askedNames.set(creds, asked);
    }
    return asked;
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
;// CONCATENATED MODULE: ./lib/core/kubespray/digest.js




const VAR_DIRS = ['group_vars', 'host_vars'];
const MAX_FILES = 10_000;
async function kubesprayRunDigest(inputs) {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    const field = (name, value) => hash.update(`${name}\0${value.length}\0${value}\0`);
    field('version', '1');
    field('playbook', inputs.playbook);
    field('kubespray', inputs.kubespray);
    field('kube_version', inputs.kubeVersion ?? '');
    field('extra_vars', JSON.stringify(Object.entries(inputs.extraVars).sort(([a], [b]) => a.localeCompare(b))));
    await addFile(hash, inputs.inventory, 'inventory');
    const dir = external_node_path_.dirname(inputs.inventory);
    const files = [];
    for (const sub of VAR_DIRS)
        await collect(external_node_path_.join(dir, sub), sub, files);
    for (const relative of files.sort())
        await addFile(hash, external_node_path_.join(dir, relative), relative);
    return hash.digest('hex');
}
async function addFile(hash, file, name) {
    const content = await external_node_fs_.promises.readFile(file).catch((error) => {
        throw new errors/* UserError */.yo(`cannot read ${file} for the Kubespray run's digest: ${error.code ?? error.message}`);
    });
    hash.update(`file\0${name}\0${content.length}\0`);
    hash.update(content);
}
/** Files under dir (symlinks followed, as Ansible does), as paths relative to the inventory dir. */
async function collect(dir, relative, into) {
    const entries = await external_node_fs_.promises.readdir(dir, { withFileTypes: true }).catch((error) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR')
            return [];
        throw error;
    });
    for (const entry of entries) {
        const child = external_node_path_.join(dir, entry.name);
        const stat = await external_node_fs_.promises.stat(child).catch(() => undefined);
        if (!stat)
            continue; // a dangling link: Ansible skips it too
        if (stat.isDirectory())
            await collect(child, external_node_path_.join(relative, entry.name), into);
        else if (stat.isFile())
            into.push(external_node_path_.join(relative, entry.name));
        if (into.length > MAX_FILES)
            throw new errors/* UserError */.yo(`${dir}: more than ${MAX_FILES} files in the inventory's variables`);
    }
}

;// CONCATENATED MODULE: ./lib/core/kubespray/extra-vars.js
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** `['-e', '{"reset_nodes":false}']`, or nothing for no variables; keys in a stable order (plans and digests compare them). */
function extraVarsArgs(vars) {
    const keys = Object.keys(vars).sort();
    if (keys.length === 0)
        return [];
    const ordered = {};
    for (const key of keys) {
        // Our own names only: a bad one is a bug, never user input.
        if (!VARIABLE_NAME.test(key))
            throw new Error(`not an Ansible variable name: ${JSON.stringify(key)}`);
        ordered[key] = vars[key];
    }
    return ['-e', JSON.stringify(ordered)];
}

// EXTERNAL MODULE: ./lib/core/lib/yaml.js
var yaml = __webpack_require__(24324);
;// CONCATENATED MODULE: ./lib/core/kubespray/reachability.js

/**
 * Before a playbook touches hosts: one parallel `ansible -m ping` with a short SSH timeout over
 * exactly those hosts, so an unreachable one is named with its SSH error within seconds instead of
 * failing Kubespray after minutes (a `--limit` run fails on any unreachable host: Kubespray #13491,
 * #11815). A host whose ping fails after SSH worked (no Python yet: Kubespray's bootstrap_os installs
 * it with raw) is reachable.
 */
/** Kubespray's bastion: the inventory host named exactly `bastion` (roles/kubespray_defaults/defaults/main/main.yml:4). */
const BASTION_HOST = 'bastion';
const LINE = /^(\S+) \| (SUCCESS|CHANGED|FAILED!|UNREACHABLE!)(?:: | => )?(.*)$/;
/** `ansible -o` output: one line per host; an UNREACHABLE message may run on over the next lines (ssh's stderr). */
function parsePingOutput(lines) {
    const results = [];
    for (const raw of lines) {
        const line = raw.replace(/\r+$/, '');
        const match = LINE.exec(line);
        if (match)
            results.push({ host: match[1], status: match[2], message: match[3].trim() });
        else if (results.length && line.trim() && !/^\[WARNING\]|^\[DEPRECATION/.test(line)) {
            const last = results.at(-1);
            if (last.status === 'UNREACHABLE!')
                last.message = `${last.message} ${line.trim()}`.trim();
        }
    }
    return results;
}
/**
 * Kubespray's own hop through a bastion (roles/kubespray_defaults/defaults/main/main.yml:4): an
 * ssh ProxyCommand to `ansible_user@ansible_host -p ansible_port` with the playbook's private key.
 * Ad-hoc ansible does not load that role default, so the check builds the same hop.
 */
function bastionProxyArgs(bastion, privateKeyFile) {
    const quote = (value) => (/^[\w@%:./=+-]+$/.test(value) ? value : `"${value.replace(/(["\\$`])/g, '\\$1')}"`);
    const target = bastion.user ? `${bastion.user}@${bastion.address}` : bastion.address;
    const hop = [
        'ssh',
        '-o UserKnownHostsFile=/dev/null',
        '-o StrictHostKeyChecking=no',
        '-W %h:%p',
        `-p ${bastion.port ?? 22}`,
        quote(target),
        ...(privateKeyFile ? [`-i ${quote(privateKeyFile)}`] : []),
    ].join(' ');
    return `-o ProxyCommand='${hop}'`;
}
function pingCommand(options, pattern, viaBastion) {
    const timeout = options.timeoutSeconds ?? 10;
    return {
        argv: [
            options.ansible,
            '-i',
            options.inventory,
            pattern,
            '-m',
            'ansible.builtin.ping',
            '-o',
            '-T',
            String(timeout),
            '-f',
            '100',
            ...(viaBastion && options.bastion
                ? // `=`: argparse would take a value starting with "-" for an option.
                    [`--ssh-common-args=${bastionProxyArgs(options.bastion, options.privateKeyFile)}`]
                : []),
        ],
        cwd: options.cwd,
        env: {
            ...options.env,
            ANSIBLE_HOST_KEY_CHECKING: 'False',
            // One attempt: a retry would double the wait on a host that does not answer.
            ANSIBLE_SSH_RETRIES: '0',
            ANSIBLE_NOCOLOR: '1',
            ANSIBLE_FORCE_COLOR: '0',
        },
    };
}
function hostPattern(hosts, bastion) {
    return [...hosts, ...(bastion ? [`!${BASTION_HOST}`] : [])].join(':');
}
async function ping(options, pattern, viaBastion) {
    const result = await options.exec(pingCommand(options, pattern, viaBastion), {
        check: false,
        capture: true,
        quiet: true,
    });
    const parsed = parsePingOutput(result.stdout.split('\n'));
    // 0 all answered, 2 a module failed, 4 a host unreachable; anything else is ansible itself failing.
    if (![0, 2, 4].includes(result.exitCode ?? -1) && parsed.length === 0) {
        const reason = result.tail
            .map((l) => l.trim())
            .filter((l) => /^ERROR!|error/i.test(l))
            .at(-1) ?? result.tail.at(-1);
        throw new errors/* UserError */.yo(`the reachability check (ansible -m ping) could not run: ${reason ?? `ansible exited with ${result.exitCode}`}`);
    }
    if (parsed.length === 0) {
        // An inventory ansible could not parse, or a pattern that matches nothing, only warns.
        const warning = result.tail.map((l) => l.trim()).find((l) => /^\[WARNING\]|^ERROR!/.test(l));
        throw new errors/* UserError */.yo(`the reachability check matched no host of ${options.inventory} for ${pattern}${warning ? ` (${warning})` : ''}: check the inventory`);
    }
    return parsed;
}
/** Pings the hosts (and the bastion, directly, at the same time); throws one error naming every unreachable host. */
async function checkReachable(options) {
    if (options.hosts.length === 0)
        return [];
    const [bastion, hosts] = await Promise.all([
        options.bastion ? ping(options, BASTION_HOST, false) : Promise.resolve([]),
        ping(options, hostPattern(options.hosts, options.bastion), true),
    ]);
    const all = [...bastion, ...hosts];
    const unreachable = all.filter((r) => r.status === 'UNREACHABLE!');
    if (unreachable.length) {
        const timeout = options.timeoutSeconds ?? 10;
        throw new errors/* UserError */.yo(`${unreachable.length} of ${all.length} hosts cannot be reached over SSH (ansible -m ping, ${timeout} s timeout): ${unreachable
            .map((r) => `${r.host}${options.bastion && r.host === BASTION_HOST ? ' (the bastion)' : ''}: ${r.message.replace(/^Failed to connect to the host via ssh: /, '')}`)
            .join('; ')}. Check the SSH key and user (ssh-private-key, ssh-user), security groups and the bastion before Kubespray runs`);
    }
    return all;
}

;// CONCATENATED MODULE: ./lib/core/kubespray/inventory-vars.js






/**
 * Variables the deploy reads from Kubespray's inventory: a kube_version pinned in it (which must
 * agree with the config's, as the deploy passes the config's with -e) and the bastion host.
 * Kubespray's layout: group_vars/{all,k8s_cluster}/*.yml beside the inventory, or vars in it
 * (docs/ansible/inventory.md).
 */
const VARS_FILE = {
    noun: 'inventory variables file',
    plural: 'inventory variables files',
    maxBytes: 4 << 20,
};
/** The groups whose variables reach every Kubernetes host. */
const CLUSTER_GROUPS = ['all', 'k8s_cluster'];
const isMapping = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
async function readYaml(file) {
    const text = await external_node_fs_.promises.readFile(file, 'utf8').catch((error) => {
        if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'EISDIR')
            return undefined;
        throw new errors/* UserError */.yo(`cannot read ${(0,lib_files/* displayPath */.Gt)(file)}: ${error.code ?? error.message}`);
    });
    return text === undefined ? undefined : (0,yaml/* parseYaml */.hN)(text, (0,lib_files/* displayPath */.Gt)(file), VARS_FILE).value;
}
/** Every group definition in a YAML inventory, by name (a group may appear in several places). */
function groupDefinitions(inventory) {
    const found = [];
    const visit = (name, definition) => {
        if (!isMapping(definition))
            return;
        found.push([name, definition]);
        if (isMapping(definition.children))
            for (const [child, d] of Object.entries(definition.children))
                visit(child, d);
    };
    if (isMapping(inventory))
        for (const [name, d] of Object.entries(inventory))
            visit(name, d);
    return found;
}
/** group_vars files of a group: group_vars/<group>.yml|.yaml|(no extension) and every file in group_vars/<group>/. */
async function groupVarsFiles(inventoryDir, group) {
    const base = external_node_path_.join(inventoryDir, 'group_vars');
    const files = ['', '.yml', '.yaml'].map((ext) => external_node_path_.join(base, `${group}${ext}`));
    const dir = external_node_path_.join(base, group);
    const entries = await external_node_fs_.promises.readdir(dir).catch(() => []);
    files.push(...entries
        .filter((n) => /\.(ya?ml)$/.test(n))
        .sort()
        .map((n) => external_node_path_.join(dir, n)));
    const regular = [];
    for (const file of files)
        if ((await external_node_fs_.promises.stat(file).catch(() => undefined))?.isFile())
            regular.push(file);
    return regular;
}
/** Every kube_version the inventory sets for all or k8s_cluster, with where. */
async function inventoryKubeVersions(inventoryFile) {
    const found = [];
    const inventory = await readYaml(inventoryFile);
    for (const [group, definition] of groupDefinitions(inventory)) {
        const value = isMapping(definition.vars) ? definition.vars.kube_version : undefined;
        if (CLUSTER_GROUPS.includes(group) && value !== undefined && value !== null) {
            found.push({ value: String(value), where: `${(0,lib_files/* displayPath */.Gt)(inventoryFile)} (${group}.vars.kube_version)` });
        }
    }
    for (const group of CLUSTER_GROUPS) {
        for (const file of await groupVarsFiles(external_node_path_.dirname(inventoryFile), group)) {
            const vars = await readYaml(file);
            if (isMapping(vars) && vars.kube_version !== undefined && vars.kube_version !== null) {
                found.push({ value: String(vars.kube_version), where: (0,lib_files/* displayPath */.Gt)(file) });
            }
        }
    }
    return found;
}
/**
 * The config's version must be the one the inventory pins, if it pins one: the deploy passes
 * `-e kube_version=<config>`, which would silently win over the file.
 */
async function checkInventoryKubeVersion(inventoryFile, config) {
    for (const pinned of await inventoryKubeVersions(inventoryFile)) {
        if (pinned.value.replace(/^v/, '') !== config.version) {
            throw new errors/* UserError */.yo(`kube_version ${pinned.value} in ${pinned.where} disagrees with ${config.where} ${config.version}: make them the same (or remove kube_version from the inventory; the deploy passes the config's to Kubespray)`);
        }
    }
}
/** The host named `bastion` (Kubespray's special name, docs/ansible/inventory.md), with its address, port and user. */
async function inventoryBastion(inventoryFile) {
    const inventory = await readYaml(inventoryFile);
    let vars;
    for (const [, definition] of groupDefinitions(inventory)) {
        const hosts = isMapping(definition.hosts) ? definition.hosts : undefined;
        if (hosts && BASTION_HOST in hosts) {
            const own = hosts[BASTION_HOST];
            vars = { ...vars, ...(isMapping(own) ? own : {}) };
        }
    }
    if (!vars)
        return undefined;
    const port = vars.ansible_port === undefined ? undefined : Number(vars.ansible_port);
    return {
        address: typeof vars.ansible_host === 'string' ? vars.ansible_host : BASTION_HOST,
        ...(port !== undefined && Number.isInteger(port) && { port }),
        ...(typeof vars.ansible_user === 'string' && { user: vars.ansible_user }),
    };
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __webpack_require__(31421);
;// CONCATENATED MODULE: ./lib/core/kubespray/python.js





/** Kubespray's docs table at v2.31.0 (docs/ansible/ansible.md:33-35), and v2.32's release notes (#13430). */
const KNOWN_RANGES = { '2.31': '3.11-3.13', '2.32': '3.11-3.13' };
const DEFAULT_RANGE = '3.11-3.13';
const ANSIBLE_DOC = 'docs/ansible/ansible.md';
function parseRange(text, source) {
    const match = /^3\.(\d+)\s*-\s*3\.(\d+)$/.exec(text.trim());
    if (!match)
        return undefined;
    return { min: [3, Number(match[1])], max: [3, Number(match[2])], source };
}
/** The Python range of a Kubespray tree: the first row of its docs table, else the known range of its version. */
async function readPythonRange(kubesprayDir, kubesprayVersion) {
    const doc = await external_node_fs_.promises.readFile(external_node_path_.join(kubesprayDir, ANSIBLE_DOC), 'utf8').catch(() => '');
    const section = doc.split(/^#+ .*Python Compatibility.*$/m)[1] ?? '';
    for (const line of section.split('\n')) {
        const cells = line.split('|').map((cell) => cell.trim());
        // | >=2.18.0, <2.19.0 | 3.11-3.13 |
        const range = cells.length >= 4 && /\d/.test(cells[1]) ? parseRange(cells[2], ANSIBLE_DOC) : undefined;
        if (range)
            return range;
    }
    const minor = kubesprayVersion?.replace(/^v/, '').split('.').slice(0, 2).join('.');
    const known = minor ? KNOWN_RANGES[minor] : undefined;
    return parseRange(known ?? DEFAULT_RANGE, known ? `Kubespray v${minor}'s documented range` : `assumed: ${ANSIBLE_DOC} has no Python table`);
}
function describePythonRange(range) {
    return `${range.min.join('.')} to ${range.max.join('.')}`;
}
const inRange = (version, range) => {
    const [major, minor] = version.split('.').map(Number);
    const value = major * 1000 + minor;
    return value >= range.min[0] * 1000 + range.min[1] && value <= range.max[0] * 1000 + range.max[1];
};
/** Runs `<python> -c …` for its version; a shim that fails (pyenv's "command not found") is reported, not chosen. */
function probePython(file, env) {
    return new Promise((resolve) => {
        (0,external_node_child_process_.execFile)(file, ['-c', 'import sys; print("%d.%d.%d" % sys.version_info[:3])'], { env, timeout: 15_000, maxBuffer: 64 * 1024 }, (error, stdout, stderr) => {
            const version = /^(\d+\.\d+\.\d+)\s*$/.exec(stdout)?.[1];
            if (!error && version)
                return resolve({ path: file, version });
            const why = stderr.trim().split('\n').at(-1) || (error ? error.message.split('\n')[0] : 'no version printed');
            resolve({ path: file, problem: why });
        });
    });
}
/** Every python3 / python3.X on PATH, in PATH order, each file once. */
async function pythonsOnPath(pathVar) {
    const found = [];
    const seen = new Set();
    for (const dir of (pathVar ?? '').split(external_node_path_.delimiter)) {
        if (!dir)
            continue;
        const names = await external_node_fs_.promises.readdir(dir).catch(() => []);
        const pythons = names
            .filter((name) => /^python3(\.\d{1,3})?$/.test(name))
            .sort((a, b) => b.length - a.length || b.localeCompare(a, 'en', { numeric: true }));
        for (const name of pythons) {
            const file = external_node_path_.join(dir, name);
            if (!(await (0,lib_files/* findExecutable */.oq)(file, undefined)))
                continue;
            const real = await external_node_fs_.promises.realpath(file).catch(() => file);
            // pyenv's shims are one script under many names: keep them, they resolve per name.
            const key = real.includes(`${external_node_path_.sep}shims${external_node_path_.sep}`) || external_node_path_.basename(real) === 'pyenv' ? file : real;
            if (seen.has(key))
                continue;
            seen.add(key);
            found.push(file);
        }
    }
    return found;
}
const shown = (c) => `${c.path} (${c.version ?? c.problem})`;
/**
 * The explicit interpreter (`setting` names where it came from) when given, which must be in range;
 * else the newest python3.X on PATH in range (PATH order breaks ties). None: an error listing what
 * was found and what to do.
 */
async function choosePython(options) {
    const { range, env } = options;
    const want = `Python ${describePythonRange(range)} (${range.source})`;
    if (options.explicit) {
        const { value, setting } = options.explicit;
        const file = await (0,lib_files/* findExecutable */.oq)(value, env.PATH);
        if (!file) {
            throw new errors/* UserError */.yo(`${setting}: ${JSON.stringify(value)} is not an executable file or a command on PATH`);
        }
        const probe = await probePython(file, env);
        if (!probe.version)
            throw new errors/* UserError */.yo(`${setting}: ${file} did not run as Python: ${probe.problem}`);
        if (!inRange(probe.version, range)) {
            throw new errors/* UserError */.yo(`${setting}: ${file} is Python ${probe.version}; ${options.kubespray} supports ${want}: name one in that range`);
        }
        return { path: file, version: probe.version, from: setting };
    }
    const files = await pythonsOnPath(env.PATH);
    // First the python3.X names inside the range, newest first, one at a time: usually the first answers
    // (each probe starts an interpreter, a pyenv shim even two). The rest only when none of those runs.
    const named = (file) => Number(/^python3\.(\d+)$/.exec(external_node_path_.basename(file))?.[1] ?? Number.NaN);
    const likely = files
        .filter((file) => named(file) >= range.min[1] && named(file) <= range.max[1])
        .sort((a, b) => named(b) - named(a));
    for (const file of likely) {
        const probe = await probePython(file, env);
        if (probe.version && inRange(probe.version, range) && named(file) === Number(probe.version.split('.')[1])) {
            return { path: file, version: probe.version, from: 'PATH' };
        }
    }
    const candidates = await Promise.all(files.map((file) => probePython(file, env)));
    let best;
    for (const candidate of candidates) {
        if (!candidate.version || !inRange(candidate.version, range))
            continue;
        if (!best || compare(candidate.version, best.version) > 0)
            best = candidate;
    }
    if (best)
        return { path: best.path, version: best.version, from: 'PATH' };
    throw new errors/* UserError */.yo(`no ${want} on PATH for ${options.kubespray}; found ${candidates.length ? candidates.map(shown).join(', ') : 'no python3 at all'}. ` +
        `Install one (in GitHub Actions: actions/setup-python with python-version: '${range.max.join('.')}' before this step) ` +
        'or name it: deployment.kubespray.python, --python, or input python');
}
function compare(a, b) {
    const [x, y] = [a, b].map((v) => v.split('.').map(Number));
    for (let i = 0; i < 3; i++)
        if (x[i] !== y[i])
            return x[i] - y[i];
    return 0;
}

;// CONCATENATED MODULE: ./lib/core/steps/kubespray.js















/** The environment of a venv "activated" without a shell. */
function venvEnvironment(settings) {
    const env = (0,environment/* toolEnvironment */.uQ)(settings);
    return {
        ...env,
        VIRTUAL_ENV: settings.venvDir,
        PATH: [external_node_path_.join(settings.venvDir, 'bin'), env.PATH].filter(Boolean).join(external_node_path_.delimiter),
    };
}
/** What the venv is made with: `--clear`, so a half-built one left by an interrupted run is replaced. */
function venvCommand(settings, python = settings.python) {
    return {
        argv: [python, '-m', 'venv', '--clear', settings.venvDir],
        cwd: settings.clusterDir,
        env: (0,environment/* toolEnvironment */.uQ)(settings),
    };
}
class KubesprayVenvStep {
    settings;
    id = 'kubespray-venv-create';
    title = 'Create the Kubespray Python venv';
    kind = 'runner-local';
    command;
    constructor(settings) {
        this.settings = settings;
        this.command = venvCommand(settings);
    }
    async plan() {
        return {
            workingDir: this.command.cwd,
            command: this.command,
            reads: [],
            writes: [this.settings.venvDir],
            actions: [
                `${this.settings.pythonSetting ? `${this.settings.pythonSetting.value}, which must be` : 'the newest python3.X on PATH'} inside the Python range of the pinned Kubespray (its docs/ansible/ansible.md)`,
                'reuse the venv instead if it is complete: made by this step (its marker), python and pip run (e.g. restored from a cache), with that Python minor',
            ],
        };
    }
    /** Complete only when this step finished it: the marker is written last, after python and pip work. */
    async outputsPresent() {
        const paths = (0,kubespray_paths/* kubesprayPaths */.Z)(this.settings);
        return ((await (0,lib_files/* pathExists */.s0)(paths.venvMarker)) && (await (0,lib_files/* pathExists */.s0)(paths.venvPython)) && (await (0,lib_files/* pathExists */.s0)(paths.pip)));
    }
    /** The Python version of an existing venv when it is complete and works, else why it cannot be reused. */
    async inspect(context) {
        const paths = (0,kubespray_paths/* kubesprayPaths */.Z)(this.settings);
        if (!(await (0,lib_files/* pathExists */.s0)(paths.venvMarker)))
            return { broken: 'it was not finished by kubespray-venv-create (an interrupted run?)' };
        const probe = (argv) => context.exec({ argv, cwd: this.command.cwd, env: this.command.env }, { quiet: true, check: false, capture: true });
        const failed = (what, code) => ({
            broken: `its ${what} ${code === null ? 'could not run' : `exited with ${code}`}`,
        });
        const python = await probe([paths.venvPython, '-c', 'import sys; print(sys.version.split()[0])']);
        if (python.exitCode !== 0)
            return failed('python', python.exitCode);
        const pip = await probe([paths.pip, '--version']);
        if (pip.exitCode !== 0)
            return failed('pip', pip.exitCode);
        return { python: python.stdout.trim() };
    }
    async run(context) {
        const { settings } = this;
        const paths = (0,kubespray_paths/* kubesprayPaths */.Z)(settings);
        const release = settings.kubesprayRelease;
        const range = await readPythonRange(release.dir, context.state.kubespray?.version ?? release.version);
        const chosen = await choosePython({
            explicit: settings.pythonSetting,
            range,
            kubespray: `Kubespray ${context.state.kubespray?.version ?? release.version ?? `in ${release.dir}`}`,
            env: this.command.env,
        });
        const minor = (version) => version.split('.').slice(0, 2).join('.');
        if (await (0,lib_files/* pathExists */.s0)(settings.venvDir)) {
            const venv = await this.inspect(context);
            if ('python' in venv && minor(venv.python) === minor(chosen.version))
                return `reused existing venv (Python ${venv.python})`;
            context.output.line(`      the venv at ${settings.venvDir} ${'python' in venv ? `runs Python ${venv.python}, not ${minor(chosen.version)} (${chosen.path})` : `is incomplete (${venv.broken})`}; rebuilding it`);
        }
        await external_node_fs_.promises.rm(paths.venvMarker, { force: true });
        await context.exec(venvCommand(settings, chosen.path));
        const pip = await context.exec({ argv: [paths.pip, '--version'], cwd: this.command.cwd, env: this.command.env }, { quiet: true, check: false });
        if (pip.exitCode !== 0) {
            throw new errors/* UserError */.yo(`${chosen.path} -m venv made a venv without a working pip (${paths.pip}); on Debian/Ubuntu install python3-venv`);
        }
        await (0,lib_files/* writeFileAtomic */.Zf)(paths.venvMarker, `${new Date().toISOString()}\n`, 0o644);
        return `made with ${chosen.path} (Python ${chosen.version}, from ${chosen.from})`;
    }
}
class KubesprayPipStep {
    settings;
    id = 'kubespray-pip-install';
    title = 'Install Kubespray requirements';
    kind = 'runner-local';
    command;
    constructor(settings) {
        this.settings = settings;
        const paths = (0,kubespray_paths/* kubesprayPaths */.Z)(settings);
        this.command = {
            argv: [paths.pip, 'install', '-r', paths.requirements, ...settings.pipArgs],
            cwd: settings.clusterDir,
            env: venvEnvironment(settings),
        };
    }
    async plan() {
        const paths = (0,kubespray_paths/* kubesprayPaths */.Z)(this.settings);
        return {
            workingDir: this.command.cwd,
            command: this.command,
            reads: [paths.requirements],
            writes: [this.settings.venvDir],
        };
    }
    fingerprint() {
        return (0,kubespray_paths/* requirementsFingerprint */.j)(this.settings);
    }
    async outputsPresent() {
        const marker = await external_node_fs_.promises.readFile((0,kubespray_paths/* kubesprayPaths */.Z)(this.settings).installedMarker, 'utf8').catch(() => '');
        return marker.trim() === (await this.fingerprint());
    }
    async run(context) {
        const paths = (0,kubespray_paths/* kubesprayPaths */.Z)(this.settings);
        // A venv made with another interpreter was rebuilt (its marker gone with it): only an intact install is skipped.
        if (!this.settings.converge && (await this.outputsPresent()))
            return 'requirements and pip arguments unchanged since they were installed: pip skipped (--converge runs it)';
        if (!(await (0,lib_files/* pathExists */.s0)(paths.pip))) {
            throw new errors/* UserError */.yo(`${paths.pip} not found: the venv is missing or incomplete; run step kubespray-venv-create first`);
        }
        await external_node_fs_.promises.rm(paths.installedMarker, { force: true }); // an interrupted install must not look finished
        await context.exec(this.command);
        await (0,lib_files/* writeFileAtomic */.Zf)(paths.installedMarker, `${await this.fingerprint()}\n`, 0o644);
    }
}
/**
 * One Kubespray playbook run, built in one place for every step: in the Kubespray tree, with the
 * venv's ansible-playbook, the inventory, become, the venv "activated" and every extra variable as
 * typed JSON. Host keys are not checked: the servers are new and their keys unknown to the runner
 * (Kubespray's own bastion hop does the same); SSH key and user come from the settings, and the
 * OpenStack variables Kubespray's cloud controller reads from the environment.
 */
function kubesprayPlaybook(settings, playbook, vars, ...args) {
    const paths = (0,kubespray_paths/* kubesprayPaths */.Z)(settings);
    const { privateKeyFile, user } = settings.ssh;
    // As an extra variable too: Kubespray's bastion ProxyCommand adds `-i` only for ansible_ssh_private_key_file.
    const keyVar = privateKeyFile ? { ansible_ssh_private_key_file: privateKeyFile } : {};
    return {
        argv: [
            paths.ansiblePlaybook,
            '-i',
            paths.inventory,
            playbook,
            '-b',
            ...extraVarsArgs({ ...vars, ...keyVar }),
            ...args,
        ],
        cwd: paths.kubesprayDir,
        env: {
            ...venvEnvironment(settings),
            ...kubesprayCloudEnv(settings.credentials).env,
            ANSIBLE_HOST_KEY_CHECKING: 'False',
            // Ansible colours only a terminal, and its output reaches ours through a pipe: say which is wanted.
            ...(settings.colour ? { ANSIBLE_FORCE_COLOR: '1' } : { ANSIBLE_NOCOLOR: '1' }),
            ...(privateKeyFile && { ANSIBLE_PRIVATE_KEY_FILE: privateKeyFile }),
            ...(user && { ANSIBLE_REMOTE_USER: user }),
        },
    };
}
/** The cluster's own variables every install playbook gets: the config's Kubernetes version. */
function clusterVars(settings) {
    return settings.kubernetesVersion ? { kube_version: settings.kubernetesVersion } : {};
}
/**
 * A playbook's command with OS_APPLICATION_CREDENTIAL_NAME when the inventory turns on Kubespray's
 * OpenStack cloud roles and only the credential's id is configured: Keystone names it (kubespray/cloud-env.ts).
 */
async function withCredentialName(settings, command) {
    if (command.env.OS_APPLICATION_CREDENTIAL_NAME || !settings.authCheck.enabled)
        return command;
    if (!(await usesOpenStackCloudProvider((0,kubespray_paths/* kubesprayPaths */.Z)(settings).inventory)))
        return command;
    const name = await applicationCredentialName(settings.credentials, settings.authCheck.timeoutMs);
    return name ? { ...command, env: { ...command.env, OS_APPLICATION_CREDENTIAL_NAME: name } } : command;
}
/**
 * Before a playbook: one quick ping of the hosts it touches, so an unreachable one is named in
 * seconds, not after minutes of Kubespray.
 */
async function requireReachable(settings, context, hosts) {
    const paths = (0,kubespray_paths/* kubesprayPaths */.Z)(settings);
    const command = kubesprayPlaybook(settings, 'ping', {});
    const results = await checkReachable({
        ansible: paths.ansible,
        inventory: paths.inventory,
        hosts,
        cwd: paths.kubesprayDir,
        // The playbook's SSH settings without the cloud credentials only Kubespray's cloud roles read.
        env: Object.fromEntries(Object.entries(command.env).filter(([name]) => !name.startsWith('OS_'))),
        bastion: await inventoryBastion(paths.inventory),
        privateKeyFile: settings.ssh.privateKeyFile,
        exec: context.exec,
    });
    const failed = results.filter((r) => r.status === 'FAILED!').map((r) => r.host);
    context.output.line(`      ${results.length} hosts answer over SSH${failed.length ? ` (${failed.join(', ')} without a working Python yet)` : ''}`);
}
/** What must be there before any playbook runs; a missing inventory would match no hosts and "succeed". */
async function requirePlaybookInputs(settings) {
    const paths = (0,kubespray_paths/* kubesprayPaths */.Z)(settings);
    if (!(await (0,lib_files/* pathExists */.s0)(paths.ansiblePlaybook))) {
        throw new errors/* UserError */.yo(`${paths.ansiblePlaybook} not found: the Kubespray requirements are not installed; run step kubespray-pip-install first`);
    }
    if (!(await (0,lib_files/* pathExists */.s0)(paths.inventory))) {
        throw new errors/* UserError */.yo(`Ansible inventory not found: ${paths.inventory}; commit it to the cluster directory or have the OpenTofu code write it (local_file) during opentofu-apply`);
    }
}
/** The cluster's nodes from the API, or undefined (with the reason said) when it cannot be asked. */
async function apiNodes(settings, context) {
    if (!(await (0,lib_files/* pathExists */.s0)(settings.kubeconfigPath))) {
        context.output.line(`      no kubeconfig at ${settings.kubeconfigPath}: cannot ask the API which nodes are reachable`);
        return undefined;
    }
    const result = await context.exec((0,kube_nodes/* kubectlCommand */.s4)(settings.kubectl, settings.kubeconfigPath, settings.clusterDir, (0,environment/* kubectlEnvironment */.yl)(settings), 'get', 'nodes', '-o', 'json'), {
        capture: true,
        quiet: true,
        check: false,
    });
    if (result.exitCode !== 0) {
        context.output.line(`      the API did not list its nodes (${result.tail.at(-1)?.trim() || `kubectl exited with ${result.exitCode}`})`);
        return undefined;
    }
    return (0,kube_nodes/* parseNodeList */.AP)(result.stdout);
}
/**
 * deploy: nodes the plan deletes or replaces are drained and removed with Kubespray's
 * remove-node.yml while the inventory still lists them, before the apply deletes their servers.
 * Nodes the API shows NotReady (or does not list) are unreachable: removed with reset_nodes=false.
 */
class KubesprayRemoveNodesStep {
    settings;
    id = 'kubespray-remove-nodes';
    title = 'Drain and remove the nodes the plan deletes';
    kind = 'converge';
    preparesFor = 'opentofu-apply';
    constructor(settings) {
        this.settings = settings;
    }
    async plan() {
        const command = kubesprayPlaybook(this.settings, 'remove-node.yml', {
            node: '<nodes>',
            skip_confirmation: true,
        });
        return {
            workingDir: command.cwd,
            command,
            reads: [(0,kubespray_paths/* kubesprayPaths */.Z)(this.settings).inventory, this.settings.kubeconfigPath],
            writes: ['cluster nodes (drained, removed from etcd and Kubernetes)'],
            actions: [
                'only for nodes opentofu-plan found deleted or replaced, and not removed yet; unreachable ones (NotReady in the API) with {"reset_nodes": false, "allow_ungraceful_removal": true}',
                'first an ansible -m ping of the reachable ones and the first control plane node (kubectl runs there)',
            ],
        };
    }
    async run(context) {
        const work = context.state.nodeWork;
        const removed = new Set(work?.removed ?? []);
        const left = (work?.remove ?? []).filter((node) => !removed.has(node));
        if (!work || left.length === 0)
            return work?.remove.length ? `already removed: ${work.remove.join(', ')}` : 'the plan removes no nodes';
        await requirePlaybookInputs(this.settings);
        const nodes = await apiNodes(this.settings, context);
        const runs = (0,node_changes/* removalRuns */.zd)(left, nodes);
        const firstControlPlane = (0,node_changes/* readInventory */.zw)((0,kubespray_paths/* kubesprayPaths */.Z)(this.settings).inventory)?.controlPlane[0];
        const touched = runs.filter((run) => run.reachable).flatMap((run) => run.nodes);
        if (touched.length)
            await requireReachable(this.settings, context, [
                ...new Set([...touched, ...(firstControlPlane ? [firstControlPlane] : [])]),
            ]);
        for (const run of runs) {
            context.output.line(`      remove-node.yml for ${run.nodes.join(', ')}${run.reachable ? '' : ' (unreachable: no drain or reset)'}`);
            await context.exec(await withCredentialName(this.settings, kubesprayPlaybook(this.settings, 'remove-node.yml', (0,node_changes/* removeNodeVars */.zI)(run))));
            work.removed = [...(work.removed ?? []), ...run.nodes];
        }
        return `removed ${left.join(', ')}`;
    }
}
/** What the step after the apply runs for a decision: each command built here, for the plan and the run. */
function playbookCommands(settings, decision) {
    switch (decision.kind) {
        case 'cluster':
            return [kubesprayPlaybook(settings, 'cluster.yml', clusterVars(settings))];
        case 'scale':
            // Kubespray refuses --limit without facts of every other host: facts.yml over all of them first.
            // kube_version: scale.yml would install Kubespray's default, not the cluster's version.
            return [
                kubesprayPlaybook(settings, 'playbooks/facts.yml', {}),
                kubesprayPlaybook(settings, 'scale.yml', clusterVars(settings), `--limit=${decision.limit.join(',')}`),
            ];
        case 'none':
            return [];
    }
}
class KubesprayPlaybookStep {
    settings;
    id = 'kubespray-ansible-playbook';
    title = 'Run Kubespray (cluster.yml, or scale.yml for new workers)';
    kind = 'remote';
    command;
    constructor(settings) {
        this.settings = settings;
        this.command = kubesprayPlaybook(settings, 'cluster.yml', clusterVars(settings));
    }
    async plan() {
        const paths = (0,kubespray_paths/* kubesprayPaths */.Z)(this.settings);
        return {
            workingDir: this.command.cwd,
            command: this.command,
            reads: [paths.inventory, paths.playbook],
            writes: ['cluster nodes', external_node_path_.join(this.settings.clusterDir, 'inventory', 'artifacts', 'admin.conf')],
            actions: [
                'cluster.yml for a new cluster or a change that is not only nodes; when the plan only adds workers: playbooks/facts.yml, then scale.yml --limit=<new workers> (with the same kube_version); nothing when it only removes workers',
                "first: kube_version set in the inventory's group_vars must be the config's; an ansible -m ping of the hosts the playbook touches",
                'a re-deploy whose plan is empty and whose inputs (inventory, group_vars, Kubespray commit, kube_version, extra vars) are those of the last cluster.yml skips it (--converge runs it)',
            ],
        };
    }
    async run(context) {
        const { settings } = this;
        await requirePlaybookInputs(settings);
        const work = context.state.nodeWork;
        // Without a plan's node work (--step alone, method none before), converge everything as always.
        const inventoryFile = (0,kubespray_paths/* kubesprayPaths */.Z)(settings).inventory;
        if (settings.kubernetesVersion) {
            await checkInventoryKubeVersion(inventoryFile, {
                version: settings.kubernetesVersion,
                where: `opencenter.cluster.kubernetes.version in ${settings.configPath ?? 'the config'}`,
            });
        }
        const decision = work
            ? (0,node_changes/* playbookAfterApply */.Ex)(work, (0,node_changes/* readInventory */.zw)(inventoryFile), inventoryFile)
            : { kind: 'cluster', reason: 'no node changes recorded: converge everything' };
        if (work)
            context.output.line(`      ${(0,node_changes/* describeNodeDecisions */.Hq)(work, decision)}`);
        const planEmpty = work?.empty === true;
        const digest = await kubesprayRunDigest({
            inventory: inventoryFile,
            kubespray: context.state.kubespray?.commit ??
                (context.state.kubespray?.sha256 && `sha256:${context.state.kubespray.sha256}`) ??
                context.state.kubespray?.version ??
                'unknown',
            kubeVersion: settings.kubernetesVersion,
            extraVars: clusterVars(settings),
            playbook: 'cluster.yml',
        });
        if (decision.kind === 'cluster' &&
            planEmpty &&
            !settings.converge &&
            context.state.kubespray?.runDigest === digest) {
            context.state.nodeWork = undefined;
            return 'nothing changed since the last cluster.yml (an empty plan; the same inventory, group_vars, Kubespray commit, kube_version and extra vars): skipped; --converge (input converge) runs it';
        }
        if (decision.kind !== 'none')
            await requireReachable(settings, context, ['k8s_cluster', 'etcd']);
        for (const command of playbookCommands(settings, decision))
            await context.exec(await withCredentialName(settings, command));
        context.state.nodeWork = undefined; // done: the next deploy starts from its own plan
        // The inputs the cluster now matches (after scale.yml too: the new workers got the same variables).
        if (decision.kind !== 'none' && context.state.kubespray)
            context.state.kubespray.runDigest = digest;
        return decision.kind === 'scale'
            ? `scale.yml --limit=${decision.limit.join(',')}`
            : decision.kind === 'cluster'
                ? 'cluster.yml'
                : `nothing to install (${decision.reason})`;
    }
}
/** upgrade: reads the cluster's versions from the API and refuses a skipped minor or a downgrade. */
async function readUpgradePlan(settings, context) {
    const target = (0,kube_version/* parseKubeVersion */.He)(settings.kubernetesVersion, 'the target Kubernetes version');
    if (!(await (0,lib_files/* pathExists */.s0)(settings.kubeconfigPath))) {
        throw new errors/* UserError */.yo(`no kubeconfig at ${settings.kubeconfigPath}: an upgrade reads the cluster's versions from its API; deploy it first, or pass --kubeconfig`);
    }
    const kubectl = (...args) => context.exec((0,kube_nodes/* kubectlCommand */.s4)(settings.kubectl, settings.kubeconfigPath, settings.clusterDir, (0,environment/* kubectlEnvironment */.yl)(settings), ...args), { capture: true, quiet: true });
    const version = await kubectl('version', '-o', 'json');
    const nodes = await kubectl('get', 'nodes', '-o', 'json');
    const current = (0,kube_version/* clusterVersionsFromKubectl */.aR)(version.stdout, nodes.stdout);
    requireInventoryNodesListed(settings, current.nodes.map((node) => node.name));
    return { target, current, todo: (0,kube_version/* planUpgrade */.Kp)(target, current) };
}
/**
 * The upgrade reads which nodes to upgrade from the API: a node of the inventory the API does not list
 * would never be upgraded, and an API that lists none (another cluster's kubeconfig, nodes not joined)
 * would make an upgrade that upgraded nothing look complete.
 */
function requireInventoryNodesListed(settings, listed) {
    const inventoryFile = (0,kubespray_paths/* kubesprayPaths */.Z)(settings).inventory;
    const inventory = (0,node_changes/* readInventory */.zw)(inventoryFile);
    if (!inventory)
        return; // the playbook steps refuse a missing inventory, naming it
    const missing = [...new Set([...inventory.controlPlane, ...inventory.workers])].filter((n) => !listed.includes(n));
    if (missing.length === 0)
        return;
    throw new errors/* UserError */.yo(`the inventory ${inventoryFile} lists node${missing.length === 1 ? '' : 's'} ${missing.join(', ')}, not listed by the Kubernetes API (kubectl get nodes with kubeconfig ${settings.kubeconfigPath}${listed.length ? `, which lists ${listed.join(', ')}` : ', which lists none'}): ` +
        "the upgrade would leave them behind. Check that the kubeconfig is this cluster's and that every node has joined (a deploy runs cluster.yml or scale.yml for them)");
}
class KubernetesVersionCheckStep {
    settings;
    id = 'kubernetes-version-check';
    title = 'Check the upgrade path';
    kind = 'check';
    constructor(settings) {
        this.settings = settings;
    }
    async plan() {
        const command = (0,kube_nodes/* kubectlCommand */.s4)(this.settings.kubectl, this.settings.kubeconfigPath, this.settings.clusterDir, (0,environment/* kubectlEnvironment */.yl)(this.settings), 'version', '-o', 'json');
        return {
            workingDir: command.cwd,
            command,
            reads: [this.settings.kubeconfigPath],
            writes: [],
            actions: [
                `then kubectl get nodes -o json; refuse a downgrade or a skipped minor version on the way to ${this.settings.kubernetesVersion}`,
            ],
        };
    }
    async run(context) {
        const { target, current, todo } = await readUpgradePlan(this.settings, context);
        context.state.upgradeTarget = target.text;
        return `${current.server} → v${target.text}: ${todo.controlPlane.length} control plane and ${todo.workers.length} worker nodes to upgrade, ${todo.done.length} already there`;
    }
}
class KubesprayFactsStep {
    settings;
    id = 'kubespray-facts';
    title = 'Gather the facts of every host';
    kind = 'check';
    command;
    constructor(settings) {
        this.settings = settings;
        this.command = kubesprayPlaybook(settings, 'playbooks/facts.yml', {});
    }
    async plan() {
        return {
            workingDir: this.command.cwd,
            command: this.command,
            reads: [(0,kubespray_paths/* kubesprayPaths */.Z)(this.settings).inventory],
            writes: ['Ansible facts cache'],
            actions: [
                'Kubespray refuses --limit without cached facts of every other host: the upgrade runs below are limited',
            ],
        };
    }
    async run(context) {
        await requirePlaybookInputs(this.settings);
        await requireReachable(this.settings, context, ['k8s_cluster', 'etcd']);
        await context.exec(await withCredentialName(this.settings, this.command));
    }
}
/** upgrade-cluster.yml for the nodes of one role still below the target, read from the API: a re-run never re-walks finished ones. */
class UpgradeStep {
    settings;
    kind = 'converge';
    constructor(settings) {
        this.settings = settings;
    }
    upgrade(limit) {
        return kubesprayPlaybook(this.settings, 'upgrade-cluster.yml', { kube_version: this.settings.kubernetesVersion }, `--limit=${limit.join(',')}`);
    }
    async plan() {
        const command = this.upgrade([`<${this.role} nodes below v${this.settings.kubernetesVersion}>`]);
        return {
            workingDir: command.cwd,
            command,
            reads: [(0,kubespray_paths/* kubesprayPaths */.Z)(this.settings).inventory, this.settings.kubeconfigPath],
            writes: [`${this.role} nodes (cordoned, drained, upgraded, uncordoned)`],
            actions: [
                this.role === 'control plane'
                    ? 'one run for the control plane nodes (and etcd-only hosts) whose kubelet is below the target; Kubespray goes one node at a time'
                    : `runs of ${this.settings.upgradeBatchSize ?? '20% of the'} workers whose kubelet is below the target, as the API says when the step starts`,
            ],
        };
    }
    async run(context) {
        await requirePlaybookInputs(this.settings);
        const { target, todo } = await readUpgradePlan(this.settings, context);
        const batches = this.limits(todo);
        if (batches.length === 0)
            return `every ${this.role} node is at v${target.text}`;
        const upgraded = [];
        for (const [index, batch] of batches.entries()) {
            context.output.line(`      ${this.role} run ${index + 1}/${batches.length}: ${batch.join(', ')} → v${target.text}`);
            await requireReachable(this.settings, context, batch);
            await context.exec(await withCredentialName(this.settings, this.upgrade(batch)));
            upgraded.push(...batch);
        }
        return `upgraded ${upgraded.join(', ')} to v${target.text}`;
    }
}
class KubesprayUpgradeControlPlaneStep extends UpgradeStep {
    id = 'kubespray-upgrade-control-plane';
    title = 'Upgrade the control plane';
    role = 'control plane';
    limits(todo) {
        if (todo.controlPlane.length === 0)
            return [];
        // etcd hosts outside the cluster are no API nodes: their version cannot be read, so they always go along.
        const inventory = (0,node_changes/* readInventory */.zw)((0,kubespray_paths/* kubesprayPaths */.Z)(this.settings).inventory);
        const etcdOnly = inventory
            ? inventory.etcd.filter((host) => !inventory.controlPlane.includes(host) && !inventory.workers.includes(host))
            : [];
        return [[...todo.controlPlane, ...etcdOnly]];
    }
}
class KubesprayUpgradeWorkersStep extends UpgradeStep {
    id = 'kubespray-upgrade-workers';
    title = 'Upgrade the workers in batches';
    role = 'worker';
    limits(todo) {
        // Workers wait for the control plane: Kubernetes allows kubelets behind the API server, never ahead.
        if (todo.controlPlane.length)
            throw new errors/* UserError */.yo(`control plane nodes ${todo.controlPlane.join(', ')} are not at the target yet; run step kubespray-upgrade-control-plane first`);
        return (0,kube_version/* workerBatches */.Pr)(todo.workers, this.settings.upgradeBatchSize);
    }
}

;// CONCATENATED MODULE: ./lib/core/lib/download.js



const MAX_REDIRECTS = 5;
async function downloadFile(url, file, options = {}) {
    const maxBytes = options.maxBytes ?? 512 * 1024 * 1024;
    let current = new URL(url);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
        if (current.protocol !== 'https:')
            throw new errors/* UserError */.yo(`${url}: only https downloads are allowed (got ${current.protocol})`);
        const result = await get(current, file, maxBytes, options, await tlsModules());
        if ('redirect' in result) {
            current = new URL(result.redirect, current);
            continue;
        }
        return result;
    }
    throw new errors/* UserError */.yo(`${url}: more than ${MAX_REDIRECTS} redirects`);
}
/** Node's TLS stack, loaded on the first download: most runs download nothing, and it costs ~20 ms to load. */
async function tlsModules() {
    const [{ default: https }, { default: tls }] = await Promise.all([Promise.resolve(/* import() */).then(__webpack_require__.t.bind(__webpack_require__, 44708, 19)), Promise.resolve(/* import() */).then(__webpack_require__.t.bind(__webpack_require__, 41692, 19))]);
    return { https, tls };
}
function get(url, file, maxBytes, options, { https, tls }) {
    // `ca` replaces Node's roots: keep them, and add the extra ones.
    const ca = options.ca ? [...tls.rootCertificates, options.ca] : undefined;
    return new Promise((resolve, reject) => {
        const fail = (why) => reject(new errors/* UserError */.yo(`cannot download ${url.href}: ${why}`));
        const request = https.get(url, { ca, signal: options.signal, timeout: options.idleTimeoutMs ?? 30_000 }, (response) => {
            const status = response.statusCode ?? 0;
            if (status >= 300 && status < 400 && response.headers.location) {
                response.resume();
                resolve({ redirect: response.headers.location });
                return;
            }
            if (status !== 200) {
                response.resume();
                fail(`HTTP ${status}`);
                return;
            }
            const declared = Number(response.headers['content-length'] ?? 0);
            if (declared > maxBytes) {
                response.destroy();
                fail(`it is ${declared} bytes, over the ${maxBytes}-byte limit`);
                return;
            }
            const hash = (0,external_node_crypto_.createHash)('sha256');
            let bytes = 0;
            const out = (0,external_node_fs_.createWriteStream)(file, { mode: 0o600 });
            response.on('data', (chunk) => {
                bytes += chunk.length;
                if (bytes > maxBytes) {
                    response.destroy();
                    out.destroy();
                    fail(`over the ${maxBytes}-byte limit`);
                    return;
                }
                hash.update(chunk);
            });
            response.on('error', (error) => fail(error.message));
            response.pipe(out);
            out.on('error', (error) => fail(error.message));
            out.on('finish', () => {
                if (bytes <= maxBytes)
                    resolve({ sha256: hash.digest('hex'), bytes });
            });
        });
        request.on('timeout', () => request.destroy(new Error(`no answer within ${(options.idleTimeoutMs ?? 30_000) / 1000} s`)));
        request.on('error', (error) => fail(error.code ? `${error.message}` : error.message));
    });
}

// EXTERNAL MODULE: ./lib/core/model/kubespray-source.js
var kubespray_source = __webpack_require__(37945);
;// CONCATENATED MODULE: ./lib/core/kubespray/fetch.js







const COMMIT = /^[0-9a-f]{40}$/;
const DEFAULT_WHERE = { version: 'deployment.kubespray.version', source: 'deployment.kubespray.source' };
async function ensureKubespray(options) {
    const where = options.where ?? DEFAULT_WHERE;
    const tag = options.version === undefined ? undefined : (0,kubespray_source/* kubesprayTag */.fQ)(options.version, where.version);
    if (await isDirectory(options.vendoredDir))
        return useVendored(options, tag);
    if (!tag) {
        throw new errors/* UserError */.yo(`${where.version} is not set and ${options.vendoredDir} does not exist: set it (e.g. v2.31.0) to have Kubespray fetched, or put a Kubespray tree there`);
    }
    await external_node_fs_.promises.mkdir(options.cacheRoot, { recursive: true, mode: 0o700 });
    await removeAbandoned(options.cacheRoot);
    return options.source.kind === 'git'
        ? fetchGit(options, tag, options.source.url)
        : fetchTarball(options, tag, options.source);
}
/** The stable name a fetched version is used under: a symlink to its `<tag>-<commit>` tree, switched atomically. */
function cachedKubesprayDir(cacheRoot, tag) {
    return external_node_path_.join(cacheRoot, tag);
}
async function isDirectory(dir) {
    return (await external_node_fs_.promises.stat(dir).catch(() => undefined))?.isDirectory() ?? false;
}
const gitEnv = (env) => ({
    ...env,
    // A wrong https URL must fail, not wait for a password nobody will type.
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
    GIT_SSH_COMMAND: env.GIT_SSH_COMMAND ?? 'ssh -o BatchMode=yes -o ConnectTimeout=20',
    LC_ALL: 'C',
});
async function git(options, cwd, ...args) {
    const spec = { argv: ['git', ...args], cwd, env: gitEnv(options.env) };
    return options.exec(spec, { check: false, capture: true, quiet: true });
}
/** git's own reason, in one line: its last "fatal:"/"error:" line, else its last line. */
function gitReason(tail, exitCode) {
    const lines = tail.map((line) => line.trim()).filter(Boolean);
    return lines.filter((line) => /^(fatal|error):/.test(line)).at(-1) ?? lines.at(-1) ?? `git exited with ${exitCode}`;
}
/** The version of a vendored tree: the tags at its HEAD when it is a git checkout of its own, else galaxy.yml's. */
async function vendoredVersion(options, dir) {
    const opts = options;
    let tags = [];
    let commit;
    const top = await git(opts, dir, 'rev-parse', '--show-toplevel');
    // Git metadata of the repository the cluster dir sits in says nothing about this tree.
    if (top.exitCode === 0 && (await samePath(top.stdout.trim(), dir))) {
        const head = await git(opts, dir, 'rev-parse', 'HEAD^{commit}');
        if (head.exitCode === 0)
            commit = head.stdout.trim();
        const pointing = await git(opts, dir, 'tag', '--points-at', 'HEAD');
        if (pointing.exitCode === 0)
            tags = pointing.stdout
                .split('\n')
                .map((t) => t.trim())
                .filter(Boolean);
    }
    const galaxyText = await external_node_fs_.promises.readFile(external_node_path_.join(dir, 'galaxy.yml'), 'utf8').catch(() => '');
    const galaxy = /^version:\s*["']?([0-9][^"'\s]*)["']?\s*$/m.exec(galaxyText)?.[1];
    return { tags, commit, galaxy };
}
async function samePath(a, b) {
    const [x, y] = await Promise.all([external_node_fs_.promises.realpath(a).catch(() => a), external_node_fs_.promises.realpath(b).catch(() => b)]);
    return x === y;
}
async function useVendored(options, tag) {
    const dir = options.vendoredDir;
    const found = await vendoredVersion(options, dir);
    const foundTags = found.tags.filter((t) => kubespray_source/* VERSION */.xv.test(t)).map((t) => (0,kubespray_source/* kubesprayTag */.fQ)(t, dir));
    const galaxyTag = found.galaxy && kubespray_source/* VERSION */.xv.test(found.galaxy) ? (0,kubespray_source/* kubesprayTag */.fQ)(found.galaxy, dir) : undefined;
    const pin = { commit: found.commit, source: dir, origin: 'vendored', dir };
    const described = [
        foundTags.length ? `git tag ${foundTags.join(', ')} at ${found.commit?.slice(0, 12)}` : undefined,
        found.galaxy ? `galaxy.yml version ${found.galaxy}` : undefined,
    ]
        .filter(Boolean)
        .join(', ');
    if (!tag) {
        options.say?.(`      ${dir} is used as is (${described || 'its version unknown'}); set deployment.kubespray.version to pin it`);
        return { ...pin, version: foundTags[0] ?? galaxyTag };
    }
    // The tags at HEAD say it exactly; without any, galaxy.yml (which names the release it leads to).
    const matches = foundTags.length ? foundTags.includes(tag) : galaxyTag === tag;
    if (!matches) {
        throw new errors/* UserError */.yo(described
            ? `${dir} holds Kubespray ${described}, but ${(options.where ?? DEFAULT_WHERE).version} is ${tag}: check out ${tag} there, remove the directory to have ${tag} fetched, or change the config`
            : `${dir} has no git tag and no galaxy.yml: cannot tell its version to check it is ${tag}; remove it to have ${tag} fetched, or vendor a Kubespray release`);
    }
    if (found.commit)
        refuseMovedTag(options, tag, found.commit, dir);
    return { ...pin, version: tag };
}
/** A tag that resolves to another commit than recorded (or than upstream's known one) is refused, naming both. */
function refuseMovedTag(options, tag, commit, where) {
    const recorded = options.recorded?.version === tag ? options.recorded.commit : undefined;
    const known = options.source.kind === 'git' && options.source.url === kubespray_source/* UPSTREAM_KUBESPRAY */.r9
        ? kubespray_source/* KNOWN_UPSTREAM_COMMITS */.ZW[tag]
        : undefined;
    for (const [expected, by] of [
        [recorded, 'an earlier run of this cluster recorded'],
        [known, 'upstream released it as'],
    ]) {
        if (expected && expected !== commit) {
            throw new errors/* UserError */.yo(`Kubespray ${tag} at ${where} is commit ${commit}, but ${by} ${expected}: the tag was moved. Check which is right; to accept the new commit, run with --restart (input restart: true)`);
        }
    }
}
async function fetchGit(options, tag, url) {
    const resolved = await git(options, options.cacheRoot, 'ls-remote', url, `refs/tags/${tag}`, `refs/tags/${tag}^{}`);
    if (resolved.exitCode !== 0) {
        throw new errors/* UserError */.yo(`cannot reach the Kubespray source ${url} (${gitReason(resolved.tail, resolved.exitCode)}): check ${(options.where ?? DEFAULT_WHERE).source} and the network, or put Kubespray ${tag} at ${options.vendoredDir}`);
    }
    const refs = new Map(resolved.stdout
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .filter((cells) => cells.length === 2)
        .map(([sha, ref]) => [ref, sha]));
    // An annotated tag's own object is not the commit: the peeled line (^{}) is.
    const commit = refs.get(`refs/tags/${tag}^{}`) ?? refs.get(`refs/tags/${tag}`);
    if (!commit || !COMMIT.test(commit)) {
        throw new errors/* UserError */.yo(`${url} has no tag ${tag}: check ${(options.where ?? DEFAULT_WHERE).version} (Kubespray's tags look like v2.31.0)`);
    }
    refuseMovedTag(options, tag, commit, url);
    const base = { version: tag, commit, source: url };
    const final = external_node_path_.join(options.cacheRoot, `${tag}-${commit}`);
    if (await isDirectory(final))
        return { ...base, origin: 'cache', dir: await pointAt(options.cacheRoot, tag, final) };
    options.say?.(`      fetching Kubespray ${tag} (${commit.slice(0, 12)}) from ${url}`);
    const temp = await tempDir(options.cacheRoot, tag);
    try {
        const steps = [
            ['init', '-q', temp],
            ['-C', temp, 'fetch', '-q', '--depth', '1', '--no-tags', url, `refs/tags/${tag}`],
            ['-C', temp, '-c', 'advice.detachedHead=false', 'checkout', '-q', '--detach', 'FETCH_HEAD'],
        ];
        for (const args of steps) {
            const result = await git(options, options.cacheRoot, ...args);
            if (result.exitCode !== 0) {
                throw new errors/* UserError */.yo(`fetching Kubespray ${tag} from ${url} failed: git ${args.find((a) => !a.startsWith('-') && a !== temp)}: ${gitReason(result.tail, result.exitCode)}`);
            }
        }
        const head = (await git(options, temp, 'rev-parse', 'HEAD^{commit}')).stdout.trim();
        if (head !== commit) {
            throw new errors/* UserError */.yo(`Kubespray ${tag} at ${url} moved while it was fetched: it resolved to ${commit}, the fetch got ${head}; run again`);
        }
        // The tag, as a local ref, lets the tree tell its own version (vendoredVersion) like a clone.
        await git(options, temp, 'tag', tag, commit);
        await renameInto(temp, final);
    }
    finally {
        await external_node_fs_.promises.rm(temp, { recursive: true, force: true });
    }
    return { ...base, origin: 'fetched', dir: await pointAt(options.cacheRoot, tag, final) };
}
async function fetchTarball(options, tag, source) {
    const final = external_node_path_.join(options.cacheRoot, `${tag}-sha256-${source.sha256}`);
    const recordedCommit = options.recorded?.version === tag ? options.recorded.commit : undefined;
    const base = { version: tag, sha256: source.sha256, source: source.url };
    if (await isDirectory(final)) {
        const commit = (await external_node_fs_.promises.readFile(external_node_path_.join(final, '.cluster-deploy-commit'), 'utf8').catch(() => '')).trim();
        return {
            ...base,
            commit: commit || recordedCommit,
            origin: 'cache',
            dir: await pointAt(options.cacheRoot, tag, final),
        };
    }
    options.say?.(`      downloading Kubespray ${tag} from ${source.url}`);
    const temp = await tempDir(options.cacheRoot, tag);
    try {
        const archive = external_node_path_.join(temp, 'kubespray.tar.gz');
        const got = await downloadFile(source.url, archive, { ca: options.ca });
        if (got.sha256 !== source.sha256) {
            throw new errors/* UserError */.yo(`the Kubespray tarball ${source.url} has sha256 ${got.sha256}, not ${source.sha256} (deployment.kubespray.sha256): refused; check which is right`);
        }
        const tree = external_node_path_.join(temp, 'tree');
        await external_node_fs_.promises.mkdir(tree);
        const untar = await options.exec({ argv: ['tar', '-xzf', archive, '-C', tree, '--no-same-owner'], cwd: temp, env: options.env }, { check: false, quiet: true });
        if (untar.exitCode !== 0) {
            throw new errors/* UserError */.yo(`the Kubespray tarball ${source.url} did not unpack: ${gitReason(untar.tail, untar.exitCode)}`);
        }
        // GitHub's archives hold one top directory (kubespray-2.31.0/).
        const entries = await external_node_fs_.promises.readdir(tree, { withFileTypes: true });
        const root = entries.length === 1 && entries[0].isDirectory() ? external_node_path_.join(tree, entries[0].name) : tree;
        const { galaxy } = await vendoredVersion(options, root);
        const galaxyTag = galaxy && kubespray_source/* VERSION */.xv.test(galaxy) ? (0,kubespray_source/* kubesprayTag */.fQ)(galaxy, source.url) : undefined;
        if (galaxyTag !== tag) {
            throw new errors/* UserError */.yo(`the Kubespray tarball ${source.url} holds ${galaxy ? `version ${galaxy} (galaxy.yml)` : 'no galaxy.yml'}, but ${(options.where ?? DEFAULT_WHERE).version} is ${tag}`);
        }
        const commit = await tarCommitId(archive);
        if (commit) {
            refuseMovedTag(options, tag, commit, source.url);
            await external_node_fs_.promises.writeFile(external_node_path_.join(root, '.cluster-deploy-commit'), `${commit}\n`);
        }
        await renameInto(root, final);
        return { ...base, commit, origin: 'fetched', dir: await pointAt(options.cacheRoot, tag, final) };
    }
    finally {
        await external_node_fs_.promises.rm(temp, { recursive: true, force: true });
    }
}
/** A fresh temp dir in the cache, named with our pid so a later run knows when it was abandoned. */
async function tempDir(cacheRoot, tag) {
    const dir = external_node_path_.join(cacheRoot, `.tmp-${tag}-${process.pid}-${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`);
    await external_node_fs_.promises.mkdir(dir, { mode: 0o700 });
    return dir;
}
/** Temp dirs of runs that died (kill -9): their pid is gone. */
async function removeAbandoned(cacheRoot) {
    for (const name of await external_node_fs_.promises.readdir(cacheRoot).catch(() => [])) {
        const pid = Number(/^\.tmp-.+-(\d+)-[0-9a-f]{8}$/.exec(name)?.[1] ?? /^\.link-(\d+)-/.exec(name)?.[1]);
        if (!pid || alive(pid))
            continue;
        await external_node_fs_.promises.rm(external_node_path_.join(cacheRoot, name), { recursive: true, force: true });
    }
}
function alive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (error) {
        return error.code === 'EPERM';
    }
}
/** rename(2) of a complete tree; another run that finished the same tree first wins, ours is dropped. */
async function renameInto(from, to) {
    try {
        await external_node_fs_.promises.rename(from, to);
    }
    catch (error) {
        const code = error.code;
        if ((code === 'ENOTEMPTY' || code === 'EEXIST') && (await isDirectory(to)))
            return;
        throw error;
    }
}
/** Points `<cache>/<tag>` at the tree, replacing an older link atomically (symlink, then rename over it). */
async function pointAt(cacheRoot, tag, tree) {
    const link = cachedKubesprayDir(cacheRoot, tag);
    const current = await external_node_fs_.promises.readlink(link).catch(() => undefined);
    if (current === external_node_path_.basename(tree))
        return link;
    const temp = external_node_path_.join(cacheRoot, `.link-${process.pid}-${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`);
    await external_node_fs_.promises.symlink(external_node_path_.basename(tree), temp);
    await external_node_fs_.promises.rename(temp, link);
    return link;
}
/**
 * The commit `git archive` (and so GitHub's tarballs) records in the archive's first block, a pax
 * global header whose record is `52 comment=<sha>` (what `git get-tar-commit-id` reads).
 */
async function tarCommitId(archive) {
    const chunks = [];
    let size = 0;
    const { createGunzip } = await Promise.resolve(/* import() */).then(__webpack_require__.t.bind(__webpack_require__, 38522, 19));
    const gunzip = createGunzip();
    const input = (0,external_node_fs_.createReadStream)(archive);
    try {
        for await (const chunk of input.pipe(gunzip)) {
            chunks.push(chunk);
            size += chunk.length;
            if (size >= 1024)
                break;
        }
    }
    catch {
        return undefined;
    }
    finally {
        input.destroy();
        gunzip.destroy();
    }
    const head = Buffer.concat(chunks).subarray(0, 1024);
    if (head.length < 1024 || String.fromCharCode(head[156]) !== 'g')
        return undefined;
    return /^52 comment=([0-9a-f]{40})\n/.exec(head.subarray(512).toString('latin1'))?.[1];
}

;// CONCATENATED MODULE: ./lib/core/kubespray/versions.js






/**
 * Which Kubernetes versions a Kubespray tree installs, read from the tree itself: the keys of
 * `kubelet_checksums.amd64`. Kubespray's default kube_version is the first key and
 * kube_version_min_required the last (roles/kubespray_defaults/defaults/main/main.yml), and
 * roles/validate_inventory/tasks/main.yml refuses a kube_version that is not a key ("Kubernetes
 * v… is not supported for amd64"); ignore_assert_errors does not skip that check.
 */
/** Where the table lives: v2.28 and later; v2.26–v2.27 kept it in the defaults, keys with a "v". */
const CHECKSUM_FILES = [
    'roles/kubespray_defaults/vars/main/checksums.yml',
    'roles/kubespray-defaults/defaults/main/checksums.yml',
];
/** The whole file is ~130 KiB at v2.31.0; a tree with a far larger one is not Kubespray's. */
const CHECKSUMS_FILE = { noun: 'Kubespray checksum table', plural: 'checksum tables', maxBytes: 8 << 20 };
/** Reads the supported versions from a Kubespray tree; an error names the file when it is missing or not the expected shape. */
async function readSupportedKubernetes(kubesprayDir) {
    for (const relative of CHECKSUM_FILES) {
        const file = external_node_path_.join(kubesprayDir, relative);
        const text = await external_node_fs_.promises.readFile(file, 'utf8').catch((error) => {
            if (error.code === 'ENOENT' || error.code === 'ENOTDIR')
                return undefined;
            throw new errors/* UserError */.yo(`cannot read ${(0,lib_files/* displayPath */.Gt)(file)}: ${error.message}`);
        });
        if (text !== undefined)
            return parseSupportedKubernetes(text, relative, (0,lib_files/* displayPath */.Gt)(file));
    }
    throw new errors/* UserError */.yo(`${(0,lib_files/* displayPath */.Gt)(kubesprayDir)} has no ${CHECKSUM_FILES[0]}: not a Kubespray tree (or one older than v2.26); cannot tell which Kubernetes versions it installs`);
}
function parseSupportedKubernetes(text, relative, shown = relative) {
    const { value } = (0,yaml/* parseYaml */.hN)(text, shown, CHECKSUMS_FILE);
    const table = value?.kubelet_checksums?.amd64;
    if (!table || typeof table !== 'object' || Array.isArray(table)) {
        throw new errors/* UserError */.yo(`${shown} has no kubelet_checksums.amd64 mapping: not the checksum table of a Kubespray release`);
    }
    const versions = [];
    for (const [key, checksum] of Object.entries(table)) {
        // An architecture a version was not built for holds 0 in older tags.
        if (checksum === 0 || checksum === '0')
            continue;
        versions.push((0,kube_version/* parseKubeVersion */.He)(key, `${shown}: kubelet_checksums.amd64`));
    }
    if (versions.length === 0)
        throw new errors/* UserError */.yo(`${shown}: kubelet_checksums.amd64 lists no Kubernetes version`);
    const sorted = [...versions].sort(kube_version/* compareVersions */.Zy);
    return { versions, default: versions[0], min: sorted[0], max: sorted.at(-1), source: relative };
}
function describeRange(supported) {
    return `${supported.min.text} to ${supported.max.text}`;
}
/**
 * Kubespray releases and the Kubernetes minors their checksum tables hold: our own table, read from
 * each tag's checksums.yml (kubernetes-sigs/kubespray; v2.32 from master 46dbdd3 and its release
 * proposal, #13430). Only used to say which Kubespray to move to; what a tree installs is read from it.
 */
const KUBESPRAY_RELEASES = [
    { minor: '2.26', kube: ['1.28', '1.30'] },
    { minor: '2.27', kube: ['1.29', '1.31'] },
    { minor: '2.28', kube: ['1.30', '1.32'] },
    { minor: '2.29', kube: ['1.31', '1.33'] },
    { minor: '2.30', kube: ['1.32', '1.34'] },
    { minor: '2.31', kube: ['1.33', '1.35'] },
    { minor: '2.32', kube: ['1.34', '1.36'] },
];
const minorOf = (text) => {
    const [major, minor] = text.split('.').map(Number);
    return major * 1000 + minor;
};
/**
 * Refuses a kube_version the pinned Kubespray cannot install, saying what to do: within its minors
 * but past its newest patch, a newer patch release of the same Kubespray (checksums are frozen per
 * tag, #12095); beyond its minors, the next Kubespray minor (upgraded one minor at a time,
 * docs/operations/upgrades.md); below, an older one.
 */
function checkKubeVersionSupported(wanted, supported, kubespray) {
    if (supported.versions.some((v) => (0,kube_version/* compareVersions */.Zy)(v, wanted) === 0))
        return;
    const named = kubespray.version ? `Kubespray ${kubespray.version}` : 'this Kubespray';
    const head = `${kubespray.where}: Kubernetes ${wanted.text} is not supported by ${named}, which installs ${describeRange(supported)} (${supported.source})`;
    const wantedMinor = wanted.major * 1000 + wanted.minor;
    const pinnedMinor = kubespray.version?.replace(/^v/, '').split('.').slice(0, 2).join('.');
    if ((0,kube_version/* compareVersions */.Zy)(wanted, supported.max) > 0 && wantedMinor === minorOf(supported.max.text)) {
        throw new errors/* UserError */.yo(`${head}; a newer patch release of ${pinnedMinor ? `Kubespray v${pinnedMinor}` : 'it'} may list it: set deployment.kubespray.version to the newest v${pinnedMinor ?? 'X.Y'}.Z, or choose ${supported.max.text}`);
    }
    if ((0,kube_version/* compareVersions */.Zy)(wanted, supported.min) > 0 && (0,kube_version/* compareVersions */.Zy)(wanted, supported.max) < 0) {
        const near = supported.versions.filter((v) => v.major === wanted.major && v.minor === wanted.minor);
        throw new errors/* UserError */.yo(`${head}; it lists ${near.length ? near.map((v) => v.text).join(', ') : 'no patch'} of ${wanted.major}.${wanted.minor}`);
    }
    const pinned = pinnedMinor ? KUBESPRAY_RELEASES.findIndex((r) => r.minor === pinnedMinor) : -1;
    const holding = KUBESPRAY_RELEASES.filter((r) => minorOf(r.kube[0]) <= wantedMinor && wantedMinor <= minorOf(r.kube[1]));
    if ((0,kube_version/* compareVersions */.Zy)(wanted, supported.max) > 0) {
        const next = pinned >= 0 ? KUBESPRAY_RELEASES[pinned + 1] : undefined;
        const target = holding[0];
        const steps = next && target && target.minor !== next.minor
            ? `move deployment.kubespray.version to v${next.minor} first, then on one minor at a time to v${target.minor}`
            : next
                ? `move deployment.kubespray.version to v${next.minor} first (it installs ${next.kube[0]} to ${next.kube[1]})`
                : 'move deployment.kubespray.version to a newer Kubespray first';
        throw new errors/* UserError */.yo(`${head}; ${steps} (Kubespray is upgraded one minor at a time, never skipping one)`);
    }
    const older = holding.at(-1);
    throw new errors/* UserError */.yo(`${head}; ${older ? `Kubespray v${older.minor} installs ${wanted.major}.${wanted.minor}, or ` : ''}choose ${supported.min.text} or later`);
}

;// CONCATENATED MODULE: ./lib/core/steps/kubespray-fetch.js






/**
 * kubespray-fetch: the Kubespray tree at exactly deployment.kubespray.version, before the venv (its
 * requirements.txt is in it). A vendored `<cluster dir>/kubespray` at that version is used as is;
 * otherwise the tag's commit (or the tarball) is fetched into the cache. The commit is recorded in
 * the state; the Kubernetes version is then checked against the tree's own checksum table.
 */
class KubesprayFetchStep {
    settings;
    id = 'kubespray-fetch';
    title = 'Fetch Kubespray at the pinned version';
    kind = 'runner-local';
    constructor(settings) {
        this.settings = settings;
    }
    command() {
        const release = this.settings.kubesprayRelease;
        const { source } = release;
        if (release.dir === release.vendoredDir || !release.version || source.kind !== 'git')
            return undefined;
        return {
            argv: ['git', 'ls-remote', source.url, `refs/tags/${release.version}`, `refs/tags/${release.version}^{}`],
            cwd: release.cacheRoot,
            env: (0,environment/* toolEnvironment */.uQ)(this.settings),
        };
    }
    async plan() {
        const release = this.settings.kubesprayRelease;
        const command = this.command();
        const inUse = await external_node_fs_.promises.readlink(release.dir).catch(() => undefined);
        const wanted = `Kubespray ${release.version ?? '(version not set)'}`;
        return {
            workingDir: release.dir === release.vendoredDir ? release.vendoredDir : release.cacheRoot,
            command,
            reads: [release.vendoredDir],
            writes: release.dir !== release.vendoredDir ? [release.cacheRoot] : [],
            actions: [
                release.dir !== release.vendoredDir
                    ? `${wanted} from ${release.source.url}: ${release.source.kind === 'git' ? 'the tag resolved to its commit (refused if it moved since the commit recorded in the state)' : `the tarball checked against sha256 ${release.source.sha256}`}, fetched into ${release.cacheRoot}/<tag>-<commit>${inUse ? ` (cached now: ${inUse})` : ''}`
                    : `use ${release.vendoredDir} as is, when its git tag or galaxy.yml says ${release.version ?? 'any version'}`,
                `${this.settings.kubernetesVersion ? `Kubernetes ${this.settings.kubernetesVersion}` : 'kube_version'} must be in the tree's kubelet checksum table`,
            ],
        };
    }
    async outputsPresent() {
        return (await external_node_fs_.promises.stat(this.settings.kubesprayRelease.dir).catch(() => undefined))?.isDirectory() ?? false;
    }
    async run(context) {
        const { settings } = this;
        const release = settings.kubesprayRelease;
        const pin = await ensureKubespray({
            version: release.version,
            source: release.source,
            vendoredDir: release.vendoredDir,
            cacheRoot: release.cacheRoot,
            recorded: context.state.kubespray,
            exec: context.exec,
            env: (0,environment/* toolEnvironment */.uQ)(settings),
            say: (line) => context.output.line(line),
        });
        if (pin.dir !== release.dir) {
            // A tree appeared in (or vanished from) the cluster dir since the settings were read.
            throw new errors/* UserError */.yo(`Kubespray is at ${pin.dir}, not ${release.dir} as planned; run again`);
        }
        const previous = context.state.kubespray;
        const same = previous?.version === pin.version && previous?.commit === pin.commit && previous?.sha256 === pin.sha256;
        context.state.kubespray = {
            ...(pin.version && { version: pin.version }),
            ...(pin.commit && { commit: pin.commit }),
            ...(pin.sha256 && { sha256: pin.sha256 }),
            source: pin.source,
            // What cluster.yml last ran with stays comparable only with the same tree.
            ...(same && previous?.runDigest && { runDigest: previous.runDigest }),
        };
        const supported = await readSupportedKubernetes(pin.dir);
        if (settings.kubernetesVersion) {
            checkKubeVersionSupported((0,kube_version/* parseKubeVersion */.He)(settings.kubernetesVersion, 'the Kubernetes version'), supported, {
                version: pin.version,
                where: settings.operation === 'upgrade' ? 'the upgrade target' : 'opencenter.cluster.kubernetes.version',
            });
        }
        const what = `Kubespray ${pin.version ?? '(unpinned)'}${pin.commit ? ` at ${pin.commit.slice(0, 12)}` : ''}${pin.sha256 ? ` (sha256 ${pin.sha256.slice(0, 12)}…)` : ''}`;
        return `${what}, ${pin.origin === 'vendored' ? `vendored in ${pin.dir}` : `${pin.origin === 'cache' ? 'cached' : 'fetched'} from ${pin.source}`}; installs Kubernetes ${describeRange(supported)}`;
    }
}

// EXTERNAL MODULE: ./lib/core/kube/kubeconfig.js
var kube_kubeconfig = __webpack_require__(45466);
;// CONCATENATED MODULE: ./lib/core/kube/normalize.js






/** Where deploy tooling leaves the kubeconfig, in the reference's order, plus Kubespray's artifact. */
function kubeconfigCandidates(clusterDir, target) {
    return [
        target,
        external_node_path_.join(clusterDir, 'kubeconfig.yaml'),
        external_node_path_.join(clusterDir, 'kubeconfig'),
        external_node_path_.join(clusterDir, 'kube_config_cluster.yml'),
        external_node_path_.join(clusterDir, 'inventory', 'artifacts', 'admin.conf'),
    ];
}
/**
 * Copies the first kubeconfig found to the target with loopback servers pointed at the VIP.
 * Registers its secret leaves with the redactor. Returns a one-line summary.
 */
async function normalizeClusterKubeconfig({ clusterDir, target, vip, redactor, }) {
    await (0,lib_files/* checkFileTarget */.kV)(target, 'kubeconfig');
    // The newest candidate wins (ties: the reference's order): a re-run playbook's fresh admin.conf
    // beats the copy normalised last time, and a tofu module writing KUBECONFIG directly is honoured.
    let source;
    let newest = -Infinity;
    for (const candidate of kubeconfigCandidates(clusterDir, target)) {
        const stat = await external_node_fs_.promises.stat(candidate).catch(() => undefined);
        if (stat?.isFile() && stat.mtimeMs > newest) {
            source = candidate;
            newest = stat.mtimeMs;
        }
    }
    if (!source)
        throw new errors/* UserError */.yo(`kubeconfig not found after bootstrap in ${(0,lib_files/* displayPath */.Gt)(clusterDir)}`);
    const text = (0,lib_files/* readTextFile */.Gu)(source, yaml/* KUBECONFIG_FILE */.HT);
    const result = (0,kube_kubeconfig/* normalizeKubeconfig */.ZD)(text, vip, (0,lib_files/* displayPath */.Gt)(source));
    for (const secret of (0,kube_kubeconfig/* kubeconfigSecrets */.hT)(result.text, (0,lib_files/* displayPath */.Gt)(source)))
        redactor.add(secret);
    const unchanged = source === target && result.changes.length === 0;
    if (!unchanged) {
        await (0,lib_files/* writePrivateFile */.Pl)(target, result.text, 'kubeconfig');
    }
    const servers = result.changes.map((c) => c.to);
    const what = servers.length ? `server → ${[...new Set(servers)].join(', ')}` : 'no loopback server to rewrite';
    return source === target ? what : `${what} (from ${(0,lib_files/* displayPath */.Gt)(external_node_path_.relative(clusterDir, source) || source)})`;
}

;// CONCATENATED MODULE: ./lib/core/steps/normalize-kubeconfig.js



class NormalizeKubeconfigStep {
    clusterDir;
    target;
    vip;
    id = 'openstack-normalize-kubeconfig';
    title = 'Normalize kubeconfig into the cluster-owned path';
    kind = 'runner-local';
    constructor(clusterDir, target, vip) {
        this.clusterDir = clusterDir;
        this.target = target;
        this.vip = vip;
    }
    async plan() {
        return {
            workingDir: this.clusterDir,
            reads: kubeconfigCandidates(this.clusterDir, this.target),
            writes: [this.target],
            actions: [
                `rewrite clusters[].cluster.server on 127.0.0.1/localhost/[::1] to ${this.vip ?? '(no VIP configured)'}, keep scheme, port and path`,
            ],
        };
    }
    async outputsPresent() {
        return (0,lib_files/* pathExists */.s0)(this.target);
    }
    async run({ redactor }) {
        if (!this.vip)
            throw new errors/* UserError */.yo('no VIP to rewrite the kubeconfig to: set opencenter.infrastructure.k8s_api_ip (or enable vrrp), or pass --vip');
        return normalizeClusterKubeconfig({ clusterDir: this.clusterDir, target: this.target, vip: this.vip, redactor });
    }
}

// EXTERNAL MODULE: ./node_modules/zod/v4/classic/schemas.js + 11 modules
var schemas = __webpack_require__(92857);
// EXTERNAL MODULE: ./lib/core/lib/command.js
var command = __webpack_require__(2218);
// EXTERNAL MODULE: ./lib/core/tofu/state-guard.js
var state_guard = __webpack_require__(83381);
// EXTERNAL MODULE: ./lib/core/tofu/plan-json.js
var plan_json = __webpack_require__(43288);
// EXTERNAL MODULE: ./lib/core/tofu/commands.js
var commands = __webpack_require__(97800);
// EXTERNAL MODULE: ./lib/core/kubespray/node-plan.js
var node_plan = __webpack_require__(58550);
;// CONCATENATED MODULE: ./lib/core/steps/opentofu.js














class OpenTofuInitStep {
    settings;
    id = 'opentofu-init';
    title = 'Initialize OpenTofu';
    kind = 'runner-local';
    tofu;
    static ARGS = commands/* TOFU_INIT_ARGS */.KO;
    constructor(settings) {
        this.settings = settings;
        this.tofu = new commands/* TofuCommands */.jw(settings);
    }
    async plan() {
        const command = (0,commands/* stripFound */.n2)(await this.tofu.get(...OpenTofuInitStep.ARGS));
        return {
            workingDir: command.cwd,
            command,
            reads: [external_node_path_.join(this.settings.clusterDir, '*.tf')],
            writes: [external_node_path_.join(this.settings.clusterDir, '.terraform/')],
        };
    }
    async outputsPresent() {
        return (0,lib_files/* pathExists */.s0)(external_node_path_.join(this.settings.clusterDir, '.terraform'));
    }
    async run(context) {
        await this.tofu.run(context, OpenTofuInitStep.ARGS);
    }
}
/**
 * `tofu plan -out`, then the node changes read from that very plan (`tofu show -json`): nodes to
 * drain and remove before the apply, nodes Kubespray installs after it. Refuses, before anything
 * changes, a plan that would break etcd quorum or remove every control plane node.
 */
class OpenTofuPlanStep {
    settings;
    id = 'opentofu-plan';
    title = 'Plan the OpenTofu changes';
    kind = 'check';
    preparesFor = 'opentofu-apply';
    tofu;
    constructor(settings) {
        this.settings = settings;
        this.tofu = new commands/* TofuCommands */.jw(settings);
    }
    get planArgs() {
        // A reviewed saved plan is read, not made again.
        return this.settings.opentofu.savedPlan
            ? undefined
            : ['plan', '-input=false', `-out=${(0,commands/* deployPlanFile */.hJ)(this.settings)}`];
    }
    async plan() {
        const args = this.planArgs ?? ['show', '-json', (0,commands/* deployPlanFile */.hJ)(this.settings)];
        const command = (0,commands/* stripFound */.n2)(await this.tofu.get(...args));
        const actions = [
            ...(this.planArgs
                ? []
                : [`read the reviewed saved plan from ${this.settings.opentofu.savedPlan.source} instead of planning anew`]),
            ...(this.settings.kubespray
                ? [
                    `read the node changes from the plan (${this.settings.nodeResource.type} resources, named by ${this.settings.nodeResource.nameAttribute}) against ${(0,kubespray_paths/* kubesprayPaths */.Z)(this.settings).inventory}`,
                    'refuse a plan that removes half or more of the etcd members, every control plane node, or the first control plane or etcd host' +
                        (this.settings.allowUnsafeNodeRemoval ? ' — OVERRIDDEN: allow-unsafe-node-removal is set' : ''),
                ]
                : []),
        ];
        return {
            workingDir: command.cwd,
            command,
            reads: [external_node_path_.join(this.settings.clusterDir, '*.tf')],
            writes: [(0,commands/* deployPlanFile */.hJ)(this.settings)],
            actions,
        };
    }
    async run(context) {
        const planFile = (0,commands/* deployPlanFile */.hJ)(this.settings);
        if (this.planArgs) {
            await external_node_fs_.promises.rm(planFile, { force: true }); // a plan left by an interrupted run must not be applied
            await this.tofu.run(context, this.planArgs);
            await external_node_fs_.promises.chmod(planFile, 0o600); // tofu writes it with the umask's mode; it holds every value in plain text
        }
        const document = await (0,plan_json/* readPlanJson */.c7)(planFile, (args, options) => this.tofu.run(context, args, options));
        context.state.planDigest = await fileDigest(planFile);
        const summary = (0,plan_json/* changeCounts */.Zg)((0,plan_json/* summarizeChanges */.Nf)(document));
        if (!this.settings.kubespray)
            return summary;
        const planned = (0,node_changes/* plannedNodeChanges */.E0)(document, this.settings.nodeResource);
        const { work, inventory, warnings, refused } = (0,node_plan/* planNodeWork */.Rv)(this.settings, planned);
        if (refused)
            throw new errors/* UserError */.yo(refused);
        for (const warning of warnings)
            context.warn(warning);
        const unsafe = warnings.filter((w) => w.startsWith('UNSAFE:'));
        // Kept without the prefix: describeNodeDecisions adds it once ("UNSAFE: UNSAFE: …" before).
        if (unsafe.length)
            work.unsafeOverride = unsafe.map((w) => w.replace(/^UNSAFE:\s*/, '')).join(' ');
        // A resumed deploy that plans again adds to the work still pending; it never forgets what happened.
        const removed = context.state.nodeWork?.removed ?? [];
        const carried = (0,node_changes/* pendingForNextPlan */.xA)(context.state.nodeWork, removed, planned);
        for (const node of carried.reinstall)
            context.output.line(`      ${node} was drained and removed for an earlier plan, but this plan keeps its server: Kubespray installs it again`);
        const pending = (0,node_changes/* mergeNodeWork */.ed)(carried.pending, work);
        const stillRemoved = removed.filter((node) => !carried.reinstall.includes(node));
        context.state.nodeWork = { ...pending, ...(stillRemoved.length && { removed: stillRemoved }) };
        // Said now rather than after the venv is built: the apply would refuse it (see undrainedNodes).
        if ((0,node_plan/* appliesWithoutDraining */.$4)(context.selected))
            refuseUndrained(context.state);
        return `${summary}; ${(0,node_changes/* describeNodeDecisions */.Hq)(pending, (0,node_changes/* predictedPlaybook */.Ih)(pending, inventory))}`;
    }
}
async function fileDigest(file) {
    return (0,external_node_crypto_.createHash)('sha256')
        .update(await external_node_fs_.promises.readFile(file))
        .digest('hex');
}
/**
 * An apply that deletes servers before Kubespray drained and removed their nodes leaves NotReady
 * nodes behind, and removing etcd members that way can break quorum: refused, naming the nodes.
 */
function refuseUndrained(state) {
    const undrained = (0,node_plan/* undrainedNodes */.Eg)(state.nodeWork);
    if (undrained.length === 0)
        return;
    throw new errors/* UserError */.yo(`the plan deletes nodes ${undrained.join(', ')}, which kubespray-remove-nodes has not drained and removed yet; ` +
        'run the whole deploy (the root action, or the CLI without --step), which removes them before the apply');
}
class OpenTofuApplyStep {
    settings;
    id = 'opentofu-apply';
    title = 'Apply OpenTofu infrastructure';
    kind = 'remote';
    tofu;
    constructor(settings) {
        this.settings = settings;
        this.tofu = new commands/* TofuCommands */.jw(settings);
    }
    /** Exactly the plan opentofu-plan made (or the reviewed saved plan): what was analysed is what is applied. */
    get args() {
        return ['apply', '-input=false', (0,commands/* deployPlanFile */.hJ)(this.settings)];
    }
    async plan() {
        const command = (0,commands/* stripFound */.n2)(await this.tofu.get(...this.args));
        const writes = ['OpenStack resources'];
        if (this.settings.opentofu.backend === 'local')
            writes.push(external_node_path_.join(this.settings.clusterDir, 'terraform.tfstate'));
        return { workingDir: command.cwd, command, reads: [(0,commands/* deployPlanFile */.hJ)(this.settings)], writes };
    }
    async run(context) {
        const planFile = (0,commands/* deployPlanFile */.hJ)(this.settings);
        if (!(await (0,lib_files/* pathExists */.s0)(planFile))) {
            throw new errors/* UserError */.yo(`no plan to apply at ${planFile}: opentofu-apply applies the plan opentofu-plan makes; run from that step (--from-step opentofu-plan)`);
        }
        // Only the plan whose node changes opentofu-plan read: not one `plan --tofu-plan` left, nor one made since.
        if (context.state.planDigest !== (await fileDigest(planFile))) {
            throw new errors/* UserError */.yo(`the plan at ${planFile} is not the one opentofu-plan checked for node changes in this deploy; run from that step (--from-step opentofu-plan)`);
        }
        if (this.settings.kubespray)
            refuseUndrained(context.state);
        try {
            await this.tofu.run(context, this.args);
        }
        catch (error) {
            throw error instanceof command/* CommandFailedError */.ju ? this.explain(error) : error;
        }
        context.state.planDigest = undefined; // applied: it is spent
    }
    /** tofu refuses a saved plan once the state has moved on; say what that means for the user. */
    explain(error) {
        const saved = this.settings.opentofu.savedPlan;
        if (!error.result.tail.some((line) => /Saved plan is stale/i.test(line)))
            return error;
        if (!saved) {
            return new errors/* UserError */.yo('tofu refused the plan as stale: the infrastructure state changed after opentofu-plan made it (another apply ran); run the deploy again to plan anew');
        }
        return new errors/* UserError */.yo(`the saved plan from ${saved.source} is stale: the infrastructure state changed after that plan was made (another apply ran), ` +
            'so tofu refused it and changed nothing. Make a new plan, review it, and deploy with the new plan artifact; or deploy without plan-artifact to plan and apply in one go.');
    }
}
/**
 * An earlier attempt of this destroy was cut off in this step (kill -9, SIGINT): its tofu may have
 * destroyed everything before it stopped, so an empty state now is this destroy's own work, not a
 * state that was never the deploy's. (The current attempt is the last one in the history.)
 */
/** destroy: `tofu plan -destroy -out`, then that plan applied, so what is shown is what is destroyed. */
class OpenTofuDestroyStep {
    settings;
    id = 'opentofu-destroy';
    title = 'Destroy the OpenTofu infrastructure';
    kind = 'remote';
    tofu;
    constructor(settings) {
        this.settings = settings;
        this.tofu = new commands/* TofuCommands */.jw(settings);
    }
    get planFile() {
        return (0,settings/* runtimePaths */.hi)(this.settings).planPath;
    }
    async plan() {
        const command = (0,commands/* stripFound */.n2)(await this.tofu.get('plan', '-destroy', '-input=false', `-out=${this.planFile}`));
        const apply = (0,commands/* stripFound */.n2)(await this.tofu.get('apply', '-input=false', this.planFile));
        return {
            workingDir: command.cwd,
            command,
            reads: [external_node_path_.join(this.settings.clusterDir, '*.tf')],
            writes: ['OpenStack resources (all of them deleted)'],
            actions: [`then apply that destroy plan: ${apply.argv.join(' ')}`],
        };
    }
    async run(context) {
        await (0,state_guard/* requireLocalTofuState */.Qt)(this.settings.clusterDir, this.id);
        await external_node_fs_.promises.rm(this.planFile, { force: true });
        await this.tofu.run(context, ['plan', '-destroy', '-input=false', `-out=${this.planFile}`]);
        await external_node_fs_.promises.chmod(this.planFile, 0o600);
        const document = await (0,plan_json/* readPlanJson */.c7)(this.planFile, (args, options) => this.tofu.run(context, args, options));
        const { toDestroy } = (0,plan_json/* tofuCounts */.Xh)((0,plan_json/* summarizeChanges */.Nf)(document));
        try {
            await (0,state_guard/* requireSomethingToDestroy */.zh)(this.settings.clusterDir, (0,settings/* clusterId */.kL)(this.settings), toDestroy, context.state);
        }
        catch (error) {
            await external_node_fs_.promises.rm(this.planFile, { force: true });
            throw error;
        }
        await this.tofu.run(context, ['apply', '-input=false', this.planFile]);
        await external_node_fs_.promises.rm(this.planFile, { force: true });
        return `${toDestroy} resource${toDestroy === 1 ? '' : 's'} destroyed`;
    }
}
/**
 * How long the drift plan waits for tofu's state lock: a deploy holds it through its apply, and a
 * scheduled check that gives up says so rather than queueing behind it for an hour.
 */
const DRIFT_LOCK_TIMEOUT = '2m';
const DRIFT_VERB = {
    create: 'create',
    update: 'update in place',
    destroy: 'destroy',
    replace: 'replace',
};
/** Files the OpenTofu code writes on the machine that applied it (an inventory, say): absent on a fresh runner. */
const RUNNER_LOCAL_FILE_TYPES = new Set(['local_file', 'local_sensitive_file']);
const ResourceTypesSchema = schemas/* object */.Ikc({
    resource_changes: schemas/* array */.YOg(schemas/* object */.Ikc({
        address: schemas/* string */.YjP(),
        type: schemas/* string */.YjP().optional(),
        change: schemas/* object */.Ikc({ actions: schemas/* array */.YOg(schemas/* string */.YjP()) }),
    }))
        .default([]),
});
/**
 * A `local_file` the plan would only create is missing from this runner, not from the cloud: the
 * deploy wrote it on another machine. Counting it as drift would open a health issue on every
 * scheduled check; a changed one (update, replace) is still drift.
 */
function withoutMissingLocalFiles(planJson, changes) {
    const parsed = ResourceTypesSchema.safeParse(planJson);
    if (!parsed.success)
        return { changes, missing: [] };
    const missing = new Set(parsed.data.resource_changes
        .filter((r) => RUNNER_LOCAL_FILE_TYPES.has(r.type ?? '') &&
        r.change.actions.length === 1 &&
        r.change.actions[0] === 'create')
        .map((r) => r.address));
    if (missing.size === 0)
        return { changes, missing: [] };
    return {
        changes: {
            ...changes,
            add: changes.add - missing.size,
            rows: changes.rows.filter((row) => !missing.has(row.address)),
        },
        missing: [...missing],
    };
}
/**
 * check: `tofu plan -detailed-exitcode` into a private plan file of its own (never the deploy's, nor
 * its digest), read with `tofu show -json` for the changed addresses, then deleted. Nothing is applied.
 */
class OpenTofuDriftStep {
    settings;
    id = 'opentofu-drift';
    title = 'Compare the infrastructure with the OpenTofu code';
    kind = 'check';
    tofu;
    constructor(settings) {
        this.settings = settings;
        this.tofu = new commands/* TofuCommands */.jw(settings);
    }
    get planFile() {
        return (0,settings/* runtimePaths */.hi)(this.settings).driftPlanPath;
    }
    get args() {
        return [
            'plan',
            '-input=false',
            '-detailed-exitcode',
            `-lock-timeout=${DRIFT_LOCK_TIMEOUT}`,
            `-out=${this.planFile}`,
        ];
    }
    async plan() {
        const command = (0,commands/* stripFound */.n2)(await this.tofu.get(...this.args));
        return {
            workingDir: command.cwd,
            command,
            reads: [external_node_path_.join(this.settings.clusterDir, '*.tf'), 'the tofu state'],
            writes: [`${this.planFile} (deleted once read)`],
            actions: [
                'exit code 0: no drift, 2: drift (the changed resource addresses are reported, no values); nothing is applied',
            ],
        };
    }
    async run(context) {
        await (0,state_guard/* requireLocalTofuState */.Qt)(this.settings.clusterDir, this.id);
        await external_node_fs_.promises.rm(this.planFile, { force: true });
        try {
            const planned = await this.tofu.run(context, this.args, { check: false });
            if (planned.exitCode !== 0 && planned.exitCode !== 2)
                throw this.explain(new command/* CommandFailedError */.ju('tofu plan', planned));
            await external_node_fs_.promises.chmod(this.planFile, 0o600); // tofu writes it with the umask's mode; it holds every value in plain text
            const planJson = await (0,plan_json/* readPlanJson */.c7)(this.planFile, (args, options) => this.tofu.run(context, args, options));
            const { changes, missing } = withoutMissingLocalFiles(planJson, (0,plan_json/* summarizeChanges */.Nf)(planJson));
            if (missing.length)
                context.output.line(`      not drift: ${missing.join(', ')} (local files the deploy wrote on another machine; missing on this runner)`);
            const { report } = context;
            report.drift = planned.exitCode === 2 && changes.rows.length > 0;
            report.infrastructure = changes;
            for (const row of changes.rows)
                report.findings.push({
                    kind: 'drift',
                    subject: row.address,
                    message: `tofu would ${DRIFT_VERB[row.action]} ${row.address}`,
                });
            if (!report.drift)
                return 'no drift';
            return `drift: ${(0,plan_json/* changeCounts */.Zg)(changes)}`;
        }
        finally {
            await external_node_fs_.promises.rm(this.planFile, { force: true });
        }
    }
    /** A state locked past the timeout is a deploy (or another check) at work, not a broken check. */
    explain(error) {
        if (!error.result.tail.some((line) => /Error acquiring the state lock/i.test(line)))
            return error;
        return new errors/* UserError */.yo(`tofu's state lock is held (a deploy or another check is running) and was not released within ${DRIFT_LOCK_TIMEOUT}; the check changed nothing: run it again when that run has finished`);
    }
}

// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(77030);
;// CONCATENATED MODULE: ./lib/core/kube/api-certificate.js


const HANDSHAKE_TIMEOUT_MS = 10_000;
/** `https://host:port/path` or bare `host:port` (client-go adds https://) → host and port (default 443). */
function serverAddress(server) {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(server) ? server : `https://${server}`);
    return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port || 443) };
}
/**
 * A TLS handshake with the kubeconfig's API server, presenting its client certificate and checking
 * the server's against its CA, as kubectl would; only the server certificate's expiry is kept. An
 * expired certificate is still reported (that is the point), so verification does not abort the
 * handshake; any other verification failure is returned as `untrusted`.
 */
async function probeApiCertificate(target) {
    // Loaded here, by the health check only: Node's TLS stack costs every other run's start ~15 ms.
    const { default: tls } = await Promise.resolve(/* import() */).then(__webpack_require__.t.bind(__webpack_require__, 41692, 19));
    const { host, port } = serverAddress(target.server);
    const endpoint = `${(0,external_node_net_.isIP)(host) === 6 ? `[${host}]` : host}:${port}`;
    const serverName = target.serverName ?? ((0,external_node_net_.isIP)(host) ? undefined : host);
    return new Promise((resolve, reject) => {
        const socket = tls.connect({
            host,
            port,
            servername: serverName,
            ca: target.ca,
            cert: target.cert,
            key: target.key,
            rejectUnauthorized: false,
        });
        socket.setTimeout(HANDSHAKE_TIMEOUT_MS, () => socket.destroy(new Error(`no TLS handshake within ${HANDSHAKE_TIMEOUT_MS / 1000} s`)));
        socket.once('error', (error) => reject(new Error(`TLS handshake with ${endpoint} failed: ${(0,errors/* errorMessage */.gJ)(error)}`)));
        socket.once('secureConnect', () => {
            const certificate = socket.getPeerCertificate();
            const failure = socket.authorized || target.insecure ? undefined : String(socket.authorizationError ?? 'not verified');
            socket.end();
            if (!certificate?.valid_to)
                return reject(new Error(`the API server at ${endpoint} presented no certificate`));
            resolve({
                endpoint,
                notAfter: new Date(certificate.valid_to),
                ...(failure && failure !== 'CERT_HAS_EXPIRED' && { untrusted: failure }),
            });
        });
    });
}

// EXTERNAL MODULE: ./lib/core/model/check-report.js
var check_report = __webpack_require__(98796);
;// CONCATENATED MODULE: ./lib/core/steps/cluster-health.js














const DAY_MS = 86_400_000;
/** The checks `/readyz?verbose` lists as `[-]etcd failed: …`; kubectl prints a 500 answer's body on stderr, its newlines escaped. */
function failedReadyzChecks(text) {
    return [...new Set([...text.matchAll(/\[-\]([^\s\\"[\]]+) failed/g)].map((match) => match[1]))];
}
/**
 * check: the cluster as the inventory and the config describe it, against the API: nodes missing,
 * NotReady or unexpected; kubelets not at opencenter.cluster.kubernetes.version; days left on the
 * API server's certificate; failing /readyz checks. What cannot be checked (no kubeconfig, the API
 * unreachable) is an `unchecked` finding saying what to do; only a bug fails the step.
 */
class ClusterHealthStep {
    settings;
    id = 'cluster-health';
    title = 'Check the health of the cluster';
    kind = 'check';
    nodesCommand;
    readyzCommand;
    constructor(settings) {
        this.settings = settings;
        const kubectl = (...args) => (0,kube_nodes/* kubectlCommand */.s4)(settings.kubectl, settings.kubeconfigPath, settings.clusterDir, (0,environment/* kubectlEnvironment */.yl)(settings), ...args);
        this.nodesCommand = kubectl('get', 'nodes', '-o', 'json');
        this.readyzCommand = kubectl('get', '--raw', '/readyz?verbose');
    }
    get inventoryFile() {
        return this.settings.kubespray ? (0,kubespray_paths/* kubesprayPaths */.Z)(this.settings).inventory : undefined;
    }
    /** Cluster API: the rendered manifests (capi-render runs first in a check), whose replicas say how many machines. */
    get manifestsFile() {
        return this.settings.clusterApi ? (0,cluster_api/* renderedManifests */.AC)(this.settings.clusterApi) : undefined;
    }
    async plan() {
        const version = this.settings.kubernetesVersion;
        return {
            workingDir: this.nodesCommand.cwd,
            command: this.nodesCommand,
            reads: [
                this.settings.kubeconfigPath,
                ...(this.inventoryFile ? [this.inventoryFile] : []),
                ...(this.manifestsFile ? [this.manifestsFile] : []),
            ],
            writes: [],
            actions: [
                `nodes: ${this.inventoryFile ? 'missing from the API or not in the inventory, ' : ''}${this.manifestsFile ? 'counted against the machines the rendered manifests ask for (replicas), ' : ''}NotReady${version ? `, kubelet not v${version}` : ''}`,
                `the API server's certificate: a TLS handshake with the kubeconfig's server; a finding within ${check_report/* CERTIFICATE_WARNING_DAYS */.fo} days of its expiry`,
                `failing checks of ${this.readyzCommand.argv.join(' ')}`,
            ],
        };
    }
    async run(context) {
        const found = [];
        const add = (kind, subject, message) => found.push({ kind, subject, message });
        try {
            await this.check(context, add);
        }
        finally {
            context.report.findings.push(...found);
        }
        return found.length === 0
            ? 'healthy'
            : `${found.length} finding${found.length === 1 ? '' : 's'}: ${[...new Set(found.map((f) => f.kind))].join(', ')}`;
    }
    async check(context, add) {
        const { report } = context;
        const kubeconfig = this.settings.kubeconfigPath;
        if (!(0,external_node_fs_.existsSync)(kubeconfig)) {
            add('unchecked', 'kubeconfig', `no kubeconfig at ${kubeconfig}, so nodes, certificate and readyz were not checked: deploy first (in GitHub Actions, give the check the deploy's kubeconfig-passphrase, so the kubeconfig saved with its state is restored)`);
            return;
        }
        let tls;
        try {
            tls = (0,kube_kubeconfig/* kubeconfigTls */.dR)((0,lib_files/* readTextFile */.Gu)(kubeconfig, yaml/* KUBECONFIG_FILE */.HT), kubeconfig);
        }
        catch (error) {
            add('unchecked', 'kubeconfig', `${(0,errors/* errorMessage */.gJ)(error)}; nodes, certificate and readyz were not checked: run the deploy's openstack-normalize-kubeconfig step again`);
            return;
        }
        if (!tls) {
            add('unchecked', 'kubeconfig', `kubeconfig ${kubeconfig} names no API server, so nodes, certificate and readyz were not checked: run the deploy's openstack-normalize-kubeconfig step again`);
            return;
        }
        const query = (spec) => context.exec(spec, { capture: true, quiet: true, check: false });
        const listed = await query(this.nodesCommand);
        let nodes;
        try {
            if (listed.exitCode === 0)
                nodes = (0,kube_nodes/* parseNodeList */.AP)(listed.stdout);
        }
        catch (error) {
            add('unchecked', 'nodes', `${(0,errors/* errorMessage */.gJ)(error)}; the nodes were not checked`);
        }
        if (listed.exitCode !== 0) {
            add('unchecked', 'api', `the Kubernetes API at ${tls.server} did not answer (${(0,command/* failureLine */.Pu)(listed)}), so nodes and readyz were not checked: check that the cluster is up and reachable from here`);
        }
        else {
            if (nodes)
                await this.checkNodes(nodes, report, add);
            const readyz = await query(this.readyzCommand);
            const failed = failedReadyzChecks(`${readyz.stdout}\n${readyz.tail.join('\n')}`);
            for (const check of failed)
                add('readyz', check, `the API server's readiness check ${check} fails (/readyz?verbose)`);
            if (readyz.exitCode !== 0 && failed.length === 0)
                add('unchecked', 'readyz', `/readyz?verbose did not answer (${(0,command/* failureLine */.Pu)(readyz)})`);
        }
        try {
            const certificate = await probeApiCertificate(tls);
            // An expiry read from a certificate the kubeconfig does not trust is no statement about the cluster's.
            if (certificate.untrusted) {
                add('unchecked', 'certificate', `the API server certificate at ${certificate.endpoint} does not verify against the kubeconfig's certificate authority (${certificate.untrusted}), so its expiry was not checked: is this the cluster's kubeconfig?`);
                return;
            }
            const daysLeft = Math.floor((certificate.notAfter.getTime() - Date.now()) / DAY_MS);
            report.certificate = { endpoint: certificate.endpoint, notAfter: certificate.notAfter.toISOString(), daysLeft };
            const renew = 'renew the control plane certificates (kubeadm certs renew all on each control plane node, or Kubespray with auto_renew_certificates: true)';
            if (daysLeft < 0)
                add('certificate-expiry', certificate.endpoint, `the API server certificate at ${certificate.endpoint} expired on ${report.certificate.notAfter}: ${renew}`);
            else if (daysLeft < check_report/* CERTIFICATE_WARNING_DAYS */.fo)
                add('certificate-expiry', certificate.endpoint, `the API server certificate at ${certificate.endpoint} expires in ${daysLeft} day${daysLeft === 1 ? '' : 's'} (${report.certificate.notAfter}): ${renew}`);
        }
        catch (error) {
            // The API being unreachable was said once already.
            if (listed.exitCode === 0)
                add('unchecked', 'certificate', `${(0,errors/* errorMessage */.gJ)(error)}; the certificate's expiry was not checked`);
        }
    }
    async checkNodes(nodes, report, add) {
        const inApi = new Set(nodes.map((n) => n.name));
        let expected;
        const file = this.inventoryFile;
        if (file) {
            try {
                const inventory = (0,node_changes/* readInventory */.zw)(file);
                if (inventory)
                    expected = [...new Set([...inventory.controlPlane, ...inventory.workers])];
                else
                    add('unchecked', 'inventory', `no inventory at ${file} (the OpenTofu apply writes it), so the nodes in the API were not compared with it`);
            }
            catch (error) {
                add('unchecked', 'inventory', `${(0,errors/* errorMessage */.gJ)(error)}; the nodes in the API were not compared with it`);
            }
        }
        const machines = this.manifestsFile
            ? (await __webpack_require__.e(/* import() */ 946).then(__webpack_require__.bind(__webpack_require__, 78946))).renderedMachineCount(this.manifestsFile)
            : undefined;
        report.nodes = {
            expected: expected?.length ?? machines ?? nodes.length,
            inApi: nodes.length,
            ready: nodes.filter((n) => n.ready).length,
            ...(this.manifestsFile && { expectedFrom: machines === undefined ? 'api' : 'manifests' }),
        };
        if (expected) {
            const listed = new Set(expected);
            for (const name of expected.filter((n) => !inApi.has(n)))
                add('node-missing', name, `${name} is in the inventory but not in the API: it never joined or was removed; run the deploy to converge`);
            for (const node of nodes.filter((n) => !listed.has(n.name)))
                add('node-unexpected', node.name, `${node.name} is in the API but not in the inventory: remove it (kubectl delete node) or add it to the OpenTofu code`);
        }
        for (const node of nodes.filter((n) => !n.ready))
            add('node-not-ready', node.name, `${node.name} is NotReady: check its kubelet (systemctl status kubelet) and its server`);
        const version = this.settings.kubernetesVersion;
        if (!version)
            return;
        const wanted = (0,kube_version/* parseKubeVersion */.He)(version, 'opencenter.cluster.kubernetes.version');
        for (const node of nodes.filter((n) => (0,kube_nodes/* kubeletRelease */.A8)(n.kubelet) !== version)) {
            const running = /^v?\d+\.\d+\.\d+/.test(node.kubelet) ? (0,kube_version/* parseKubeVersion */.He)(node.kubelet, node.name) : undefined;
            // Ahead of the config: the cluster was upgraded and the config not (a re-deploy would pass the older
            // kube_version to Kubespray); behind it: the upgrade has not run on this node.
            const advice = running && (0,kube_version/* compareVersions */.Zy)(running, wanted) > 0
                ? `set opencenter.cluster.kubernetes.version to ${running.text} in the config (the cluster is ahead of it)`
                : 'run the upgrade';
            add('kubelet-version', node.name, `${node.name} runs kubelet ${node.kubelet || 'of unknown version'}, not v${version} (opencenter.cluster.kubernetes.version): ${advice}`);
        }
    }
}

// EXTERNAL MODULE: ./lib/core/model/operations.js
var operations = __webpack_require__(10503);
;// CONCATENATED MODULE: ./lib/core/steps/preflight.js









class PreflightStep {
    settings;
    authChecker;
    id = 'openstack-preflight';
    title = 'Validate OpenStack credentials and deploy prerequisites';
    kind = 'check';
    constructor(settings, authChecker) {
        this.settings = settings;
        this.authChecker = authChecker;
    }
    async plan() {
        const { settings } = this;
        const actions = [
            `check that ${settings.clusterDir} exists and the tools are installed`,
            'check that the OpenStack credentials are complete (no CHANGEME placeholders)',
        ];
        if (settings.authCheck.enabled && this.authChecker) {
            actions.push(this.authChecker.describe(settings.credentials, settings.authCheck.timeoutMs));
        }
        else {
            actions.push('skip the live Keystone authentication check (--skip-auth-check)');
        }
        return { workingDir: settings.clusterDir, reads: [settings.clusterDir], writes: [], actions };
    }
    async run() {
        const { settings } = this;
        // Only what the operation's steps use: a drift check on a runner without a Kubespray checkout, say.
        const steps = operations/* OPERATION_STEPS */.iJ[settings.operation];
        const uses = (prefix) => steps.some((id) => id.startsWith(prefix));
        const problems = [];
        const dirStat = await external_node_fs_.promises.stat(settings.clusterDir).catch(() => undefined);
        if (!dirStat?.isDirectory()) {
            problems.push(settings.configPath
                ? `cluster infrastructure directory not found in GitOps repository: ${settings.clusterDir}`
                : `cluster directory not found: ${settings.clusterDir}`);
        }
        if (!settings.clusterApi && !settings.opentofu.enabled)
            problems.push('opentofu must be enabled for openstack bootstrap');
        // Read by the live check, but with it skipped only tofu would trip over it, with a TLS error.
        const { caCert } = settings.credentials;
        if (caCert) {
            const stat = await external_node_fs_.promises.stat(caCert).catch(() => undefined);
            if (!stat?.isFile())
                problems.push(`the CA bundle ${caCert} (from ${settings.credentials.sources.caCert}) ${stat ? 'is not a file' : 'does not exist'}`);
        }
        problems.push(...(0,credentials/* credentialProblems */._e)(settings.credentials));
        if (settings.clusterApi) {
            // Cluster API needs no OpenTofu and no VIP: CAPO makes the servers, the kubeconfig names the API endpoint.
            const { clusterApiProblems } = await __webpack_require__.e(/* import() */ 168).then(__webpack_require__.bind(__webpack_require__, 82168));
            problems.push(...(await clusterApiProblems(settings, settings.clusterApi)));
        }
        else {
            if (uses('opentofu-'))
                await (0,commands/* requireTofuBinary */.ZC)(settings).catch((error) => problems.push(error.message));
            if (uses('openstack-normalize-kubeconfig') && !settings.vip) {
                problems.push('no API address to put in the kubeconfig: set opencenter.infrastructure.k8s_api_ip (or enable vrrp), or pass --vip');
            }
        }
        if (settings.kubespray && uses('kubespray-') && dirStat?.isDirectory())
            problems.push(...(await this.kubesprayProblems()));
        const error = (0,errors/* problemsError */.$j)(problems);
        if (error)
            throw error;
        if (!settings.authCheck.enabled || !this.authChecker)
            return 'credentials complete (live check skipped)';
        return this.authChecker.check(settings.credentials, settings.authCheck.timeoutMs);
    }
    async kubesprayProblems() {
        const { settings } = this;
        const paths = (0,kubespray_paths/* kubesprayPaths */.Z)(settings);
        const release = settings.kubesprayRelease;
        const problems = [];
        if (release.dir === release.vendoredDir) {
            // A tree in the cluster dir (or none and no version to fetch): it must be whole now.
            if (!release.version && !(await (0,lib_files/* pathExists */.s0)(release.vendoredDir))) {
                problems.push(`deployment.kubespray.version is not set and ${release.vendoredDir} does not exist: set it (e.g. v2.31.0) to have kubespray-fetch get Kubespray, or put a Kubespray tree there`);
            }
            else {
                for (const [file, what] of [
                    [paths.requirements, 'Kubespray requirements'],
                    [paths.playbook, 'Kubespray playbook'],
                    // No inventory check: cluster modules commonly write it during opentofu-apply; the playbook step checks it.
                ]) {
                    if (!(await (0,lib_files/* pathExists */.s0)(file)))
                        problems.push(`${what} not found: ${file} (deployment.method is kubespray)`);
                }
            }
        }
        else {
            const tool = release.source.kind === 'git' ? 'git' : 'tar';
            if (!(await (0,lib_files/* findExecutable */.oq)(tool, settings.baseEnv.PATH))) {
                problems.push(`${tool} not found on PATH; kubespray-fetch needs it to get Kubespray ${release.version}`);
            }
        }
        if (settings.pythonSetting && !(await (0,lib_files/* findExecutable */.oq)(settings.pythonSetting.value, settings.baseEnv.PATH))) {
            problems.push(`${settings.pythonSetting.setting}: ${settings.pythonSetting.value} not found; it is needed to create the Kubespray venv in ${external_node_path_.relative(settings.clusterDir, settings.venvDir) || '.'}`);
        }
        if (settings.ssh.privateKeyFile && !(await (0,lib_files/* pathExists */.s0)(settings.ssh.privateKeyFile))) {
            problems.push(`the SSH private key ${settings.ssh.privateKeyFile} does not exist (deployment.kubespray.ssh_private_key_file, --ssh-private-key-file)`);
        }
        if (await usesOpenStackCloudProvider(paths.inventory)) {
            const name = settings.authCheck.enabled
                ? await applicationCredentialName(settings.credentials, settings.authCheck.timeoutMs)
                : undefined;
            const cloud = kubesprayCloudEnv(settings.credentials, name ? { name } : undefined);
            if (cloud.missing.length) {
                problems.push(`the inventory's group_vars enable Kubespray's OpenStack cloud controller or Cinder CSI, which read the credentials from the OS_* environment; missing: ${cloud.missing.join('; ')}`);
            }
        }
        return problems;
    }
}

// EXTERNAL MODULE: ./lib/core/openstack/capacity.js
var capacity = __webpack_require__(64578);
// EXTERNAL MODULE: ./lib/core/openstack/http.js
var http = __webpack_require__(39998);
;// CONCATENATED MODULE: ./lib/core/openstack/flavors.js
/**
 * Flavor sizes from Nova, read once per run: `GET /flavors/detail` lists every flavor the project
 * may use (public and its private ones) with `vcpus`, `ram` (MiB) and `disk` (GiB) (nova api-ref
 * `api-ref/source/flavors.inc`, "List Flavors With Details"); an id missing from it is asked for
 * alone (`GET /flavors/{flavor_id}`, "Show Flavor Details").
 */


const FlavorSchema = schemas/* object */.Ikc({
    id: schemas/* string */.YjP(),
    name: schemas/* string */.YjP(),
    vcpus: schemas/* number */.aig(),
    ram: schemas/* number */.aig(),
    disk: schemas/* number */.aig(),
});
const FlavorListSchema = schemas/* object */.Ikc({ flavors: schemas/* array */.YOg(FlavorSchema) });
const FlavorShowSchema = schemas/* object */.Ikc({ flavor: FlavorSchema });
const MAX_FLAVOR_LIST_BYTES = 8 * 1024 * 1024;
/** A lookup against Nova at `computeUrl`, caching the list and each single read for the run. */
function novaFlavors(computeUrl, get) {
    const base = computeUrl.replace(/\/+$/, '');
    let list;
    const single = new Map();
    const read = async (path, schema) => {
        const answer = await get(new URL(`${base}${path}`), MAX_FLAVOR_LIST_BYTES).catch(() => undefined);
        if (answer?.status !== 200)
            return undefined;
        const parsed = schema.safeParse((0,http/* parseJson */.qF)(answer.body));
        return parsed.success ? parsed.data : undefined;
    };
    return {
        async find(ref) {
            list ??= read('/flavors/detail', FlavorListSchema).then((body) => body?.flavors ?? []);
            const flavors = await list;
            const listed = flavors.find((f) => (ref.id !== undefined ? f.id === ref.id : f.name === ref.name));
            if (listed || ref.id === undefined)
                return listed;
            let shown = single.get(ref.id);
            if (!shown) {
                shown = read(`/flavors/${encodeURIComponent(ref.id)}`, FlavorShowSchema).then((body) => body?.flavor);
                single.set(ref.id, shown);
            }
            return shown;
        },
    };
}
/** Flavors known in advance (tests, and a plan preview without a cloud). */
function staticFlavors(flavors) {
    return {
        find: async (ref) => flavors.find((f) => (ref.id !== undefined ? f.id === ref.id : f.name === ref.name)),
    };
}

// EXTERNAL MODULE: ./lib/core/openstack/quotas.js
var openstack_quotas = __webpack_require__(82919);
;// CONCATENATED MODULE: ./lib/core/openstack/capacity-check.js
/**
 * The capacity check end to end: a project-scoped token (Keystone), the quotas of every service in
 * the catalog (quotas.ts), the demand of the change with flavors from Nova (the caller's reader:
 * the tofu plan or the Cluster API manifests), compared (capacity.ts). Read-only.
 */




async function checkCapacity(creds, options, demandOf) {
    // Nothing is required in the catalog: a missing service is skipped and said, not an error.
    const session = await (0,keystone/* openStackSession */.bj)(creds, { timeoutMs: options.timeoutMs, requiredServices: [] });
    const compute = (0,openstack_quotas/* serviceEndpoint */.Xf)(session.auth.endpoints, 'compute');
    const flavors = compute ? novaFlavors(compute, session.get) : staticFlavors([]);
    const [quotas, demand] = await Promise.all([
        (0,openstack_quotas/* readProjectQuotas */.xP)({ projectId: session.projectId, endpoints: session.auth.endpoints, get: session.get }),
        demandOf(flavors),
    ]);
    return (0,capacity/* compareCapacity */.WO)(quotas, demand);
}

// EXTERNAL MODULE: ./lib/core/tofu/capacity-demand.js
var capacity_demand = __webpack_require__(6044);
;// CONCATENATED MODULE: ./lib/core/steps/capacity.js








const liveCapacityChecker = (settings, demandOf) => checkCapacity(settings.credentials, { timeoutMs: settings.authCheck.timeoutMs }, demandOf);
/**
 * `openstack-capacity`: after the plan, before anything changes in the cloud. What the change takes
 * from the project's quotas (the tofu plan, or the rendered Cluster API manifests as an estimate)
 * against the limits and usage the services report; an apply that would exceed a quota is refused
 * here, naming each quota and by how much, unless --ignore-capacity overrides it (loudly).
 */
class CapacityStep {
    settings;
    checker;
    id = 'openstack-capacity';
    title = "Check the change against the project's quotas";
    kind = 'check';
    constructor(settings, checker = liveCapacityChecker) {
        this.settings = settings;
        this.checker = checker;
    }
    get source() {
        return this.settings.clusterApi ? (0,cluster_api/* renderedManifests */.AC)(this.settings.clusterApi) : (0,commands/* deployPlanFile */.hJ)(this.settings);
    }
    async plan() {
        const { settings } = this;
        if (!settings.authCheck.enabled) {
            return {
                workingDir: settings.clusterDir,
                reads: [],
                writes: [],
                actions: ['skip the quota check: no live OpenStack calls (--skip-auth-check)'],
            };
        }
        return {
            workingDir: settings.clusterDir,
            reads: [this.source],
            writes: [],
            actions: [
                settings.clusterApi
                    ? `estimate what the rendered manifests take from the project's quotas (machines × flavor, CAPO's network, load balancer, floating IP, security groups), less what the cluster's objects hold now (kubectl get of its KubeadmControlPlane, MachineDeployments, OpenStackMachineTemplates and OpenStackCluster on the management cluster): a re-deploy adds only the difference`
                    : `count what the plan creates, replaces and deletes per quota (flavors from Nova)`,
                `read the project's limits and usage: ${(0,openstack_quotas/* describeQuotaReads */.jb)().join('; ')}`,
                `refuse the apply if a quota would be exceeded${settings.ignoreCapacity ? ' — OVERRIDDEN: ignore-capacity is set' : ''}`,
            ],
        };
    }
    demandOf(context) {
        const { settings } = this;
        if (settings.clusterApi) {
            const { clusterApi } = settings;
            return async (flavors) => (await Promise.all(/* import() */[__webpack_require__.e(683), __webpack_require__.e(34)]).then(__webpack_require__.bind(__webpack_require__, 53034))).clusterApiDeployDemand(settings, clusterApi, context, flavors);
        }
        return async (flavors) => {
            const { found: _, ...base } = await (0,commands/* tofuCommand */.uv)(settings);
            const document = await (0,plan_json/* readPlanJson */.c7)((0,commands/* deployPlanFile */.hJ)(settings), (args, options) => context.exec({ ...base, argv: [...base.argv, ...(0,commands/* tofuArgs */.e_)(settings, args)] }, options));
            return (0,capacity_demand/* planCapacityDemand */.X)(document, flavors);
        };
    }
    skipWhen() {
        return this.settings.authCheck.enabled ? undefined : '--skip-auth-check: no live OpenStack calls';
    }
    async run(context) {
        const report = await this.checker(this.settings, this.demandOf(context));
        context.state.capacity = report;
        context.output.line((0,capacity/* renderCapacityText */.w)(report)
            .trimEnd()
            .split('\n')
            .map((line) => `      ${line}`)
            .join('\n'));
        for (const skipped of report.skipped)
            context.warn(`quota check incomplete: ${skipped.reason}`);
        if (report.exceeded.length > 0) {
            if (!this.settings.ignoreCapacity)
                throw new errors/* UserError */.yo((0,capacity/* capacityRefusal */.VR)(report));
            report.overridden = true;
            context.warn(`OVERRIDDEN (ignore-capacity): applying although the change exceeds the project's quotas: ${(0,capacity/* exceededLines */.Jp)(report).join('; ')}`);
        }
        return (0,capacity/* capacitySummary */.lF)(report);
    }
}

// EXTERNAL MODULE: ./lib/core/steps/wait-ready.js + 1 modules
var wait_ready = __webpack_require__(17926);
;// CONCATENATED MODULE: ./lib/core/steps/index.js












/** Only with deployment.method kubespray (method none leaves the cluster to the OpenTofu code). */
const withKubespray = (make) => (settings) => settings.kubespray ? make(settings) : undefined;
/** The readiness gate: the expected Ready nodes (--nodes), and after an upgrade every node at the target. */
function waitReady(settings) {
    const version = settings.operation === 'upgrade' ? settings.kubernetesVersion : undefined;
    return new wait_ready/* WaitReadyStep */.V(settings.kubeconfigPath, settings.kubectl, settings.clusterDir, (0,environment/* kubectlEnvironment */.yl)(settings), {
        ...settings.waitReady,
        version,
    });
}
/**
 * How each step is made; model/operations.ts says which an operation runs, in what order. The Cluster
 * API method's own steps are a table of their own (steps/cluster-api-steps.ts), loaded only for its
 * configs: a Kubespray run's start does not load, or build the schemas of, code it never runs.
 */
const STEP_FACTORIES = {
    'openstack-preflight': (_, preflight) => preflight,
    'opentofu-init': (settings) => new OpenTofuInitStep(settings),
    'opentofu-plan': (settings) => new OpenTofuPlanStep(settings),
    'openstack-capacity': (settings, _, capacityChecker) => new CapacityStep(settings, capacityChecker),
    'kubespray-fetch': withKubespray((settings) => new KubesprayFetchStep(settings)),
    'kubespray-venv-create': withKubespray((settings) => new KubesprayVenvStep(settings)),
    'kubespray-pip-install': withKubespray((settings) => new KubesprayPipStep(settings)),
    'kubespray-remove-nodes': withKubespray((settings) => new KubesprayRemoveNodesStep(settings)),
    'opentofu-apply': (settings) => new OpenTofuApplyStep(settings),
    'kubespray-ansible-playbook': withKubespray((settings) => new KubesprayPlaybookStep(settings)),
    'kubernetes-version-check': (settings) => new KubernetesVersionCheckStep(settings),
    'kubespray-facts': (settings) => new KubesprayFactsStep(settings),
    'kubespray-upgrade-control-plane': (settings) => new KubesprayUpgradeControlPlaneStep(settings),
    'kubespray-upgrade-workers': (settings) => new KubesprayUpgradeWorkersStep(settings),
    'opentofu-destroy': (settings) => new OpenTofuDestroyStep(settings),
    'forget-cluster': (settings) => new ForgetClusterStep(settings),
    'opentofu-drift': (settings) => new OpenTofuDriftStep(settings),
    'cluster-health': (settings) => new ClusterHealthStep(settings),
    'openstack-normalize-kubeconfig': (settings) => new NormalizeKubeconfigStep(settings.clusterDir, settings.kubeconfigPath, settings.vip),
    'wait-ready': waitReady,
};
/**
 * The steps of this run: the operation's list for its deployment method (model/operations.ts), each
 * made by its factory. The same engine, resume state, lock, dry run and reports run all of them.
 * - deploy: plan first, drain and remove the nodes the plan deletes, apply exactly that plan, then
 *   Kubespray (cluster.yml, or scale.yml for new workers only), kubeconfig, readiness.
 * - upgrade: Kubespray's upgrade-cluster.yml, control plane first, then workers in batches, each
 *   only for nodes the API shows below the target; readiness then requires every node at it.
 * - destroy: `tofu plan -destroy`, applied; then the kubeconfig is deleted and the state marked.
 * - check: read-only: `tofu plan -detailed-exitcode` for drift, then the cluster's health; it keeps no
 *   resume state (engine/selection.ts), so a deploy's stays as it was.
 * - deployment.method cluster-api: a management cluster, the providers, the credentials Secret, the
 *   rendered manifests applied, the machines waited for, the workload kubeconfig, addons, readiness,
 *   then (kind only) the pivot. Upgrade renders the new version and image, checks the path, rolls the control
 *   plane's machines, then the workers', and requires every node at the target. Destroy deletes the Cluster object.
 *   Check finds the management cluster (never creates one), diffs the rendered manifests against it, reads the
 *   Cluster's conditions, then the shared health check.
 */
async function buildSteps(settings, authChecker, capacityChecker) {
    const { operation } = settings;
    if (!settings.clusterApi && operation === 'upgrade' && !settings.kubespray) {
        throw new errors/* UserError */.yo("upgrade runs Kubespray's upgrade-cluster.yml: it needs deployment.method kubespray (with method none, the OpenTofu code upgrades the cluster itself: change it and deploy)");
    }
    const preflight = new PreflightStep(settings, authChecker);
    if (!settings.clusterApi) {
        const ids = operations/* OPERATION_STEPS */.iJ[operation];
        return ids.flatMap((id) => STEP_FACTORIES[id](settings, preflight, capacityChecker) ?? []);
    }
    const factories = { ...STEP_FACTORIES, ...(await Promise.all(/* import() */[__webpack_require__.e(683), __webpack_require__.e(732), __webpack_require__.e(342)]).then(__webpack_require__.bind(__webpack_require__, 39342))).CLUSTER_API_FACTORIES };
    const ids = operations/* CLUSTER_API_STEPS */.Iw[operation];
    return ids.flatMap((id) => factories[id](settings, preflight, capacityChecker) ?? []);
}



/***/ }),

/***/ 17926:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  V: () => (/* binding */ WaitReadyStep)
});

// EXTERNAL MODULE: ./lib/core/lib/duration.js
var duration = __webpack_require__(32335);
// EXTERNAL MODULE: ./lib/core/kube/nodes.js
var kube_nodes = __webpack_require__(66408);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: ./lib/core/lib/command.js
var command = __webpack_require__(2218);
// EXTERNAL MODULE: ./lib/core/lib/errors.js
var errors = __webpack_require__(36452);
// EXTERNAL MODULE: ./lib/core/lib/files.js
var files = __webpack_require__(4196);
// EXTERNAL MODULE: ./lib/core/lib/poll.js
var poll = __webpack_require__(11838);
// EXTERNAL MODULE: ./lib/core/lib/yaml.js
var yaml = __webpack_require__(24324);
// EXTERNAL MODULE: ./lib/core/kube/kubeconfig.js
var kube_kubeconfig = __webpack_require__(45466);
;// CONCATENATED MODULE: ./lib/core/kube/ready.js









/** Counts the Ready nodes of kubectl's node list (and, with `version`, those Ready at that kubelet version). */
function countReadyNodes(json, version) {
    const nodes = (0,kube_nodes/* parseNodeList */.AP)(json);
    const ready = nodes.filter((n) => n.ready && (!version || (0,kube_nodes/* kubeletRelease */.A8)(n.kubelet) === version)).length;
    return { ready, total: nodes.length };
}
/** The kubeconfig to wait with; a missing one is usually a step not run yet. */
function readKubeconfig(file) {
    // Only when nothing is there: a symlink loop or a dangling link is reported as what it is by readTextFile.
    if (!(0,external_node_fs_.existsSync)(file) && !isSymlink(file))
        throw new errors/* UserError */.yo(`kubeconfig not found: ${file}; run step openstack-normalize-kubeconfig first`);
    return (0,files/* readTextFile */.Gu)(file, yaml/* KUBECONFIG_FILE */.HT);
}
function isSymlink(file) {
    try {
        return (0,external_node_fs_.lstatSync)(file).isSymbolicLink();
    }
    catch {
        return false;
    }
}
/**
 * Waits until `/readyz` answers `ok` (and, if asked, N nodes are Ready). The first check is
 * immediate; pauses then double from 0.5 s up to `intervalMs`. On timeout the error carries the
 * last thing kubectl said.
 */
async function waitForReady(options) {
    const { kubeconfig, kubectl, env, cwd, exec, signal } = options;
    const text = readKubeconfig(kubeconfig);
    const endpoint = (0,kube_kubeconfig/* kubeconfigEndpoint */.xF)(text, kubeconfig);
    // kubectl would fall back to localhost:8080 and the wait would run out its whole timeout.
    if (!endpoint)
        throw new errors/* UserError */.yo(`kubeconfig ${kubeconfig} names no API server (no clusters[].cluster.server); it is not the cluster's kubeconfig`);
    // Quiet and unchecked: a failed check is a reason to wait, said once per new reason.
    const run = (...args) => exec((0,kube_nodes/* kubectlCommand */.s4)(kubectl, kubeconfig, cwd, env, ...args), { capture: true, quiet: true, check: false });
    const wanted = { nodes: options.nodes, version: options.version };
    const { value, attempts } = await (0,poll/* poll */.wt)(async () => {
        const ready = await run('get', '--raw', '/readyz');
        if (signal?.aborted)
            throw new errors/* InterruptedError */.p4();
        if (ready.exitCode !== 0 || ready.stdout.trim() !== 'ok')
            return { done: false, line: (0,command/* failureLine */.Pu)(ready, 'kubectl get --raw /readyz exited with') };
        if (!wanted.nodes && !wanted.version)
            return { done: true, value: { endpoint } };
        const nodes = await run('get', 'nodes', '-o', 'json');
        if (nodes.exitCode !== 0)
            return { done: false, line: (0,command/* failureLine */.Pu)(nodes, 'kubectl get nodes exited with') };
        const { ready: readyNodes, total } = countReadyNodes(nodes.stdout, wanted.version);
        // After an upgrade every registered node must be Ready at the target, however many there are.
        const count = Math.max(wanted.nodes ?? 0, wanted.version ? total : 0);
        if (readyNodes >= count)
            return { done: true, value: { endpoint, readyNodes, totalNodes: total } };
        return {
            done: false,
            line: `${readyNodes}/${count} nodes Ready${wanted.version ? ` at v${wanted.version}` : ''} (${total} registered)`,
        };
    }, {
        timeoutMs: options.timeoutMs,
        intervalMs: options.intervalMs,
        signal,
        onLine: options.onWaiting,
        timeoutError: (last) => new errors/* UserError */.yo(`timeout waiting for the Kubernetes API at ${endpoint} to be ready after ${(0,duration/* formatDuration */.a)(options.timeoutMs)}; last error: ${last}`),
    });
    const { readyNodes, totalNodes } = value;
    return readyNodes === undefined ? { endpoint, attempts } : { endpoint, attempts, readyNodes, totalNodes };
}

;// CONCATENATED MODULE: ./lib/core/steps/wait-ready.js



class WaitReadyStep {
    kubeconfig;
    kubectl;
    settings;
    nodesAtRunTime;
    id = 'wait-ready';
    title = 'Wait for the Kubernetes API to be ready';
    kind = 'check';
    command;
    constructor(kubeconfig, kubectl, cwd, env, settings, 
    /** The node count when only known at run time (Cluster API: the rendered manifests' replicas). */
    nodesAtRunTime) {
        this.kubeconfig = kubeconfig;
        this.kubectl = kubectl;
        this.settings = settings;
        this.nodesAtRunTime = nodesAtRunTime;
        this.command = (0,kube_nodes/* kubectlCommand */.s4)(kubectl, kubeconfig, cwd, env, 'get', '--raw', '/readyz');
    }
    async plan() {
        const version = this.settings.version ? ` with kubelet v${this.settings.version}` : '';
        const count = this.settings.version
            ? `every node is${this.settings.nodes ? ` (at least ${this.settings.nodes})` : ''}`
            : `${this.settings.nodes} nodes are`;
        const nodes = this.settings.nodes || this.settings.version
            ? `, then until ${count} Ready${version} (kubectl get nodes -o json)`
            : '';
        return {
            workingDir: this.command.cwd,
            command: this.command,
            reads: [this.kubeconfig],
            writes: [],
            actions: [
                `poll until /readyz says ok${nodes}; timeout ${(0,duration/* formatDuration */.a)(this.settings.timeoutMs)}, pauses up to ${(0,duration/* formatDuration */.a)(this.settings.intervalMs)}`,
            ],
        };
    }
    async run({ exec, output, signal }) {
        const wanted = this.nodesAtRunTime?.() ?? this.settings.nodes;
        const result = await waitForReady({
            ...this.settings,
            ...(wanted !== undefined ? { nodes: wanted } : {}),
            kubeconfig: this.kubeconfig,
            kubectl: this.kubectl,
            env: this.command.env,
            cwd: this.command.cwd,
            exec,
            signal,
            onWaiting: (reason) => output.line(`      waiting: ${reason}`),
        });
        const nodes = result.readyNodes !== undefined ? `, ${result.readyNodes}/${result.totalNodes} nodes Ready` : '';
        return `/readyz ok at ${result.endpoint}${nodes}`;
    }
}


/***/ }),

/***/ 6044:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X: () => (/* binding */ planCapacityDemand)
/* harmony export */ });
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(92857);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(36452);
/* harmony import */ var _openstack_capacity_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(64578);
/**
 * What a `tofu show -json` plan takes from the project's quotas: per changed resource, what it
 * holds after the change minus what it held before, summed. A creation adds, a deletion frees, an
 * in-place update adds the difference (a resize), a replacement adds the difference when the old
 * object goes first (tofu's default) and the whole new one when it is created first
 * (`create_before_destroy`: both exist for a while).
 *
 * The arguments read are terraform-provider-openstack v3's (docs/resources/*.md); what each
 * resource takes from which quota is the services' own accounting, cited beside each.
 */



/** Only what is read here; zod drops the rest of each value, and nothing of it leaves this module but counts. */
const ResourceChangeSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    address: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    module_address: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(),
    mode: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP().optional(),
    type: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    change: zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
        actions: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()),
        before: zod__WEBPACK_IMPORTED_MODULE_2__/* .unknown */ .L5J().optional(),
        after: zod__WEBPACK_IMPORTED_MODULE_2__/* .unknown */ .L5J().optional(),
        after_unknown: zod__WEBPACK_IMPORTED_MODULE_2__/* .unknown */ .L5J().optional(),
    }),
});
const PlanSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    resource_changes: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(ResourceChangeSchema).nullish(),
    configuration: zod__WEBPACK_IMPORTED_MODULE_2__/* .unknown */ .L5J().optional(),
});
function record(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}
function list(value) {
    return Array.isArray(value) ? value.map(record).filter((v) => v !== undefined) : [];
}
function text(value) {
    return typeof value === 'string' && value !== '' ? value : undefined;
}
function number(value) {
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
/** `module.a["x"].module.b[0]` -> `module.a.module.b`: configuration is per module, not per instance. */
function withoutIndexes(address) {
    return address.replace(/\[[^\]]*\]/g, '');
}
/**
 * The server group resource an instance's `scheduler_hints.group` refers to, from the plan's
 * configuration (its `references`), when the group is created in the same plan and its id is not
 * known yet. Returns the group's address without instance keys, as `groupKey` makes it.
 */
function referencedGroup(configuration, change) {
    let module = record(record(configuration)?.root_module);
    const path = change.module_address ? withoutIndexes(change.module_address).split('.') : [];
    for (let i = 0; i + 1 < path.length; i += 2) {
        module = record(record(record(module?.module_calls)?.[path[i + 1]])?.module);
    }
    const ownAddress = withoutIndexes(change.address).split('.').slice(-2).join('.');
    const resource = list(module?.resources).find((r) => r.address === ownAddress);
    const hints = list(record(resource?.expressions)?.scheduler_hints);
    for (const hint of hints) {
        const references = record(hint.group)?.references;
        if (!Array.isArray(references))
            continue;
        for (const reference of references) {
            const match = typeof reference === 'string' && /^openstack_compute_servergroup_v2\.[\w-]+/.exec(reference);
            if (match)
                return [change.module_address && withoutIndexes(change.module_address), match[0]].filter(Boolean).join('.');
        }
    }
    return undefined;
}
/** Whether `after_unknown` marks `key` (or the whole value) as known only after apply. */
function unknown(afterUnknown, key) {
    return afterUnknown === true || record(afterUnknown)?.[key] === true;
}
async function instanceHolding(change, values, afterUnknown, flavors, configuration) {
    const holding = { quotas: { instances: 1 }, notes: [] };
    const id = text(values.flavor_id);
    const name = text(values.flavor_name);
    if (!id && !name) {
        holding.notes.push(`cores and RAM of ${change.address}: its flavor is known only after apply`);
    }
    else {
        const flavor = await flavors.find(id ? { id } : { name: name });
        if (flavor) {
            holding.quotas.cores = flavor.vcpus;
            holding.quotas.ram = flavor.ram;
        }
        else {
            holding.notes.push(`cores and RAM of ${change.address}: Nova has no flavor ${id ?? `named "${name}"`}`);
        }
    }
    // Nova creates a volume in the project for each block device that becomes a volume from
    // something else (image, blank, snapshot); an existing volume (source "volume") is only attached.
    for (const device of list(values.block_device)) {
        if (device.destination_type !== 'volume' || device.source_type === 'volume')
            continue;
        holding.quotas.volumes = (holding.quotas.volumes ?? 0) + 1;
        const size = number(device.volume_size);
        if (size !== undefined)
            holding.quotas.gigabytes = (holding.quotas.gigabytes ?? 0) + size;
        else
            holding.notes.push(`gigabytes of a volume of ${change.address}: no volume_size (the image's size decides)`);
    }
    // A network given without a port makes Nova create a port in the project (nova network/neutron.py
    // allocate_for_instance); a given port is the port resource's own.
    const ports = list(values.network).filter((network) => !text(network.port)).length;
    if (ports > 0)
        holding.quotas.ports = ports;
    const hint = list(values.scheduler_hints)[0];
    if (hint) {
        const groupId = text(hint.group);
        if (groupId)
            holding.group = { key: groupId, label: `group ${groupId}`, existing: true };
        else if (unknown(list(record(afterUnknown)?.scheduler_hints)[0], 'group') || hint.group === undefined) {
            const address = referencedGroup(configuration, change);
            holding.group = address
                ? { key: address, label: address, existing: false }
                : { key: '(new)', label: 'a group created by this plan', existing: false };
        }
    }
    return holding;
}
/** Neutron adds an egress rule per ethertype (IPv4, IPv6) to every new security group (neutron db/securitygroups_db.py). */
const DEFAULT_EGRESS_RULES = 2;
async function holding(change, values, afterUnknown, flavors, configuration) {
    const just = (quotas) => ({ quotas, notes: [] });
    switch (change.type) {
        case 'openstack_compute_instance_v2':
            return instanceHolding(change, values, afterUnknown, flavors, configuration);
        case 'openstack_compute_servergroup_v2':
            return just({ server_groups: 1 });
        case 'openstack_networking_network_v2':
            return just({ networks: 1 });
        case 'openstack_networking_subnet_v2':
            return just({ subnets: 1 });
        case 'openstack_networking_port_v2':
            return just({ ports: 1 });
        case 'openstack_networking_router_v2':
            return just({ routers: 1 });
        // An interface by subnet makes Neutron create the router's port in the project; one by port_id uses that port.
        case 'openstack_networking_router_interface_v2':
            return just(text(values.port_id) && !unknown(afterUnknown, 'port_id') ? {} : { ports: 1 });
        case 'openstack_networking_floatingip_v2':
            return just({ floating_ips: 1 });
        case 'openstack_networking_secgroup_v2':
            return just({
                security_groups: 1,
                ...(values.delete_default_rules !== true && { security_group_rules: DEFAULT_EGRESS_RULES }),
            });
        case 'openstack_networking_secgroup_rule_v2':
            return just({ security_group_rules: 1 });
        case 'openstack_blockstorage_volume_v3': {
            const size = number(values.size);
            return {
                quotas: { volumes: 1, ...(size !== undefined && { gigabytes: size }) },
                notes: size === undefined ? [`gigabytes of ${change.address}: its size is known only after apply`] : [],
            };
        }
        // Octavia allocates the VIP port in the user's project (octavia network/drivers/neutron/allowed_address_pairs.py allocate_vip).
        case 'openstack_lb_loadbalancer_v2':
            return just({
                load_balancers: 1,
                ...(!(text(values.vip_port_id) && !unknown(afterUnknown, 'vip_port_id')) && { ports: 1 }),
            });
        case 'openstack_lb_listener_v2':
            return just({ listeners: 1 });
        case 'openstack_lb_pool_v2':
            return just({ pools: 1 });
        case 'openstack_lb_member_v2':
            return just({ members: 1 });
        case 'openstack_lb_members_v2':
            return just({ members: list(values.member).length });
        case 'openstack_lb_monitor_v2':
            return just({ health_monitors: 1 });
        default:
            return just({});
    }
}
function kind(actions) {
    if (actions.length === 2 && actions[0] === 'delete' && actions[1] === 'create')
        return 'replace-delete-first';
    if (actions.length === 2 && actions[0] === 'create' && actions[1] === 'delete')
        return 'replace-create-first';
    if (actions.length === 1 && actions[0] === 'create')
        return 'create';
    if (actions.length === 1 && actions[0] === 'delete')
        return 'delete';
    if (actions.length === 1 && actions[0] === 'update')
        return 'update';
    return 'none'; // no-op, read, forget
}
function groupOf(demand, group) {
    let entry = demand.groups.find((g) => g.key === group.key);
    if (!entry) {
        entry = { ...group, adds: 0 };
        demand.groups.push(entry);
    }
    return entry;
}
function apply(demand, held, sign) {
    for (const [quota, amount] of Object.entries(held.quotas))
        (0,_openstack_capacity_js__WEBPACK_IMPORTED_MODULE_1__/* .addDemand */ .pD)(demand, quota, sign * amount);
    if (held.group)
        groupOf(demand, held.group).adds += sign;
    if (sign === 1)
        demand.notes.push(...held.notes);
}
/** The demand of a plan per quota (see the module comment); flavors are looked up through `flavors`. */
async function planCapacityDemand(planJson, flavors) {
    const parsed = PlanSchema.safeParse(planJson);
    if (!parsed.success)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo((0,_lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .formatIssues */ .og)('the plan from `tofu show -json`', parsed.error.issues));
    const { configuration } = parsed.data;
    const demand = (0,_openstack_capacity_js__WEBPACK_IMPORTED_MODULE_1__/* .emptyDemand */ .Js)();
    for (const change of parsed.data.resource_changes ?? []) {
        if (change.mode === 'data')
            continue;
        const what = kind(change.change.actions);
        if (what === 'none')
            continue;
        const before = record(change.change.before);
        const after = record(change.change.after);
        const afterUnknown = change.change.after_unknown;
        const heldBefore = before && (await holding(change, before, undefined, flavors, configuration));
        const heldAfter = after && (await holding(change, after, afterUnknown, flavors, configuration));
        if (what === 'create' || what === 'replace-create-first') {
            // create_before_destroy: both exist until the old one goes, so the new one is taken in full.
            if (heldAfter)
                apply(demand, heldAfter, 1);
        }
        else if (what === 'delete') {
            if (heldBefore)
                apply(demand, heldBefore, -1);
        }
        else {
            // update, replace-delete-first: the difference
            if (heldAfter)
                apply(demand, heldAfter, 1);
            if (heldBefore)
                apply(demand, heldBefore, -1);
        }
    }
    demand.groups = demand.groups.filter((g) => g.adds !== 0);
    demand.notes = [...new Set(demand.notes)];
    return demand;
}


/***/ }),

/***/ 97800:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $O: () => (/* binding */ tofuInit),
/* harmony export */   KO: () => (/* binding */ TOFU_INIT_ARGS),
/* harmony export */   ZC: () => (/* binding */ requireTofuBinary),
/* harmony export */   e_: () => (/* binding */ tofuArgs),
/* harmony export */   hJ: () => (/* binding */ deployPlanFile),
/* harmony export */   jw: () => (/* binding */ TofuCommands),
/* harmony export */   n2: () => (/* binding */ stripFound),
/* harmony export */   uv: () => (/* binding */ tofuCommand)
/* harmony export */ });
/* harmony import */ var _lib_files_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4196);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(36452);
/* harmony import */ var _model_environment_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(75629);
/* harmony import */ var _model_settings_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(44274);




/** `opentofu.path` if set, else `tofu`, else `terraform` from PATH (CLI-compatible for what we run). */
async function resolveTofuBinary(settings) {
    const pathVar = settings.baseEnv.PATH;
    if (settings.opentofu.binary)
        return (0,_lib_files_js__WEBPACK_IMPORTED_MODULE_0__/* .findExecutable */ .oq)(settings.opentofu.binary, pathVar);
    return (await (0,_lib_files_js__WEBPACK_IMPORTED_MODULE_0__/* .findExecutable */ .oq)('tofu', pathVar)) ?? (await (0,_lib_files_js__WEBPACK_IMPORTED_MODULE_0__/* .findExecutable */ .oq)('terraform', pathVar));
}
/** The binary, or an error that says how to get one. */
async function requireTofuBinary(settings) {
    const binary = await resolveTofuBinary(settings);
    if (binary)
        return binary;
    throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .UserError */ .yo(settings.opentofu.binary
        ? `the OpenTofu binary "${settings.opentofu.binary}" (--tofu, input tofu-path or opentofu.path) is not an executable file`
        : 'neither tofu nor terraform found on PATH: install OpenTofu first (in a workflow, opentofu/setup-opentofu with tofu_wrapper: false) or set opentofu.path / tofu-path');
}
/** The subcommands we run that take -no-color (tofu colours its output even into a pipe). */
const COLOURED_SUBCOMMANDS = new Set(['init', 'plan', 'apply', 'destroy', 'show', 'output', 'refresh', 'validate']);
/** A tofu command's arguments, with -no-color right after the subcommand (before any file) unless colour is wanted. */
function tofuArgs(settings, args) {
    const [subcommand, ...rest] = args;
    if (settings.colour || !subcommand || !COLOURED_SUBCOMMANDS.has(subcommand) || rest.includes('-no-color'))
        return [...args];
    return [subcommand, '-no-color', ...rest];
}
/**
 * A tofu command in the cluster dir, with the pipeline's environment and tofu told it runs
 * unattended. Every tofu invocation (steps, plan, show) is built here. Without a binary the argv
 * names the one that would be looked for, so a plan can still show it.
 */
async function tofuCommand(settings, ...args) {
    const binary = await resolveTofuBinary(settings);
    return {
        argv: [binary ?? settings.opentofu.binary ?? 'tofu', ...tofuArgs(settings, args)],
        cwd: settings.clusterDir,
        env: { ...(0,_model_environment_js__WEBPACK_IMPORTED_MODULE_2__/* .deployEnvironment */ .PK)(settings), TF_IN_AUTOMATION: '1' },
        found: binary !== undefined,
    };
}
/** A tofu command built once per step: the plan shows exactly what run executes. */
class TofuCommands {
    settings;
    built = new Map();
    constructor(settings) {
        this.settings = settings;
    }
    get(...args) {
        const key = args.join('\0');
        let spec = this.built.get(key);
        if (!spec) {
            spec = tofuCommand(this.settings, ...args);
            this.built.set(key, spec);
        }
        return spec;
    }
    /** Runs one of them; without a binary, the error that says how to get one. */
    async run(context, args, options) {
        const { found, ...command } = await this.get(...args);
        if (!found)
            await requireTofuBinary(this.settings);
        return context.exec(command, options);
    }
}
function stripFound({ found: _, ...command }) {
    return command;
}
/** What `tofu init` runs: the same for the deploy's opentofu-init step and the plan preview. */
const TOFU_INIT_ARGS = ['init', '-input=false'];
/** `tofu init` in the cluster dir; without a binary, the error that says how to get one. */
async function tofuInit(settings, exec) {
    const { found, ...command } = await tofuCommand(settings, ...TOFU_INIT_ARGS);
    if (!found)
        await requireTofuBinary(settings);
    await exec(command);
}
/** The plan a deploy applies: the reviewed saved plan when one was given, else the one opentofu-plan makes. */
function deployPlanFile(settings) {
    return settings.opentofu.savedPlan?.file ?? (0,_model_settings_js__WEBPACK_IMPORTED_MODULE_3__/* .runtimePaths */ .hi)(settings).planPath;
}


/***/ }),

/***/ 83381:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FU: () => (/* binding */ declaredBackend),
/* harmony export */   Pv: () => (/* binding */ chooseTofuState),
/* harmony export */   Qt: () => (/* binding */ requireLocalTofuState),
/* harmony export */   oz: () => (/* binding */ tofuStateFile),
/* harmony export */   zh: () => (/* binding */ requireSomethingToDestroy)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(92857);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(36452);
/* harmony import */ var _lib_files_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4196);





/**
 * destroy and check must see the tofu state the deploy made: without it a destroy destroys nothing and
 * then forgets the cluster, and a check reports every resource as drift. One implementation for the CLI
 * and the actions (the engine's steps call it, and the action before it restores anything else).
 */
const tofuStateFile = (clusterDir) => node_path__WEBPACK_IMPORTED_MODULE_1__.join(clusterDir, 'terraform.tfstate');
/** The backend the cluster's OpenTofu code declares; no `backend` block means local. */
async function declaredBackend(clusterDir) {
    const files = (await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.readdir(clusterDir).catch(() => [])).filter((f) => f.endsWith('.tf'));
    for (const file of files) {
        const text = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.readFile(node_path__WEBPACK_IMPORTED_MODULE_1__.join(clusterDir, file), 'utf8');
        const match = /^\s*backend\s+"([\w-]+)"/m.exec(text.replace(/#.*$|\/\/.*$/gm, ''));
        if (match)
            return match[1];
    }
    return 'local';
}
/** Where tofu reads the state, in words: the local file, or the remote backend the code declares. */
async function tofuStateLocation(clusterDir) {
    const backend = await declaredBackend(clusterDir);
    return backend === 'local'
        ? `at ${tofuStateFile(clusterDir)}`
        : `in the "${backend}" backend declared in ${clusterDir}`;
}
const KEPT_STATE = 'its remote backend, the cluster directory the deploy ran in, or in the action tofu-state: artifact with the passphrase the deploy used';
function missingStateForDestroy(clusterDir) {
    return new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .RefusalError */ .XQ(`opentofu-destroy: there is no tofu state at ${tofuStateFile(clusterDir)} (a local backend), so it would destroy nothing while the ` +
        `cloud resources stay, and then forget the cluster. Destroy with the state the deploy kept: ${KEPT_STATE} (a state artifact expires; with none left, delete the resources in OpenStack by hand).`);
}
function missingStateForCheck(clusterDir) {
    return new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .RefusalError */ .XQ(`opentofu-drift: there is no tofu state at ${tofuStateFile(clusterDir)} (a local backend), so every resource would show as drift. ` +
        `Check with the state the deploy kept: ${KEPT_STATE} (state-store: artifact, github-token with actions: read).`);
}
/** A local backend without its state file: refused for the steps that read the state (destroy, drift). */
async function requireLocalTofuState(clusterDir, step) {
    if ((await declaredBackend(clusterDir)) !== 'local' || (await (0,_lib_files_js__WEBPACK_IMPORTED_MODULE_3__/* .pathExists */ .s0)(tofuStateFile(clusterDir))))
        return;
    throw step === 'opentofu-destroy' ? missingStateForDestroy(clusterDir) : missingStateForCheck(clusterDir);
}
/**
 * A destroy plan that destroys nothing while the resume state records a deploy: the state tofu read is
 * not the deploy's (an empty state file, another workspace or backend key). Refused before the apply,
 * so forget-cluster never runs for a cluster that is still there. An earlier attempt of this destroy
 * that was interrupted may have destroyed everything already: then nothing left is the expected answer.
 * The destroy step and `plan --operation destroy --tofu-plan` both ask here, so the plan says what the
 * destroy would do.
 */
async function requireSomethingToDestroy(clusterDir, cluster, toDestroy, state) {
    if (toDestroy > 0 || !state?.deployedAt || destroyInterruptedBefore(state))
        return;
    throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .RefusalError */ .XQ(`opentofu-destroy: the tofu state ${await tofuStateLocation(clusterDir)} holds no resources, while the resume state records a deploy of ${cluster} (${state.deployedAt}): ` +
        `destroying would destroy nothing and then forget the cluster. Destroy with the state the deploy used: ${KEPT_STATE}. ` +
        'If its resources are already gone (deleted by hand), run the destroy with --restart (input restart: true) to forget it.');
}
/** An earlier attempt (not the current one, the history's last) stopped inside opentofu-destroy. */
function destroyInterruptedBefore(state) {
    return (state.history ?? [])
        .slice(0, -1)
        .some((attempt) => attempt.steps.some((step) => step.id === 'opentofu-destroy' && step.status === 'interrupted'));
}
/**
 * The parts of a tofu state file that say which copy is the newer: states of one lineage count their
 * writes in serial (OpenTofu's `internal/states/statefile`); resources tell an empty state from one that
 * manages something.
 */
const TofuStateHeaderSchema = zod__WEBPACK_IMPORTED_MODULE_4__/* .object */ .Ikc({
    lineage: zod__WEBPACK_IMPORTED_MODULE_4__/* .string */ .YjP(),
    serial: zod__WEBPACK_IMPORTED_MODULE_4__/* .number */ .aig().int().nonnegative(),
    resources: zod__WEBPACK_IMPORTED_MODULE_4__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_4__/* .unknown */ .L5J()).default([]),
});
function readStateHeader(bytes, what) {
    const text = Buffer.from(bytes).toString('utf8');
    // OpenTofu reads a zero-length state file as no state at all.
    if (text.trim() === '')
        return { lineage: '', serial: 0, resources: [] };
    let parsed;
    try {
        parsed = JSON.parse(text);
    }
    catch {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .RefusalError */ .XQ(`${what} is not a tofu state (not JSON): move it aside or put the right file back`);
    }
    const header = TofuStateHeaderSchema.safeParse(parsed);
    if (!header.success)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .RefusalError */ .XQ(`${what} is not a tofu state (no lineage and serial): move it aside or put the right file back`);
    return header.data;
}
/**
 * Which tofu state to use when the runner has one and the resume state carried another (tofu-state:
 * artifact; a persistent runner, a checked-in or leftover file). The one that is not chosen is never
 * uploaded over the other: an empty or older local file must not replace the deploy's state, or its
 * resources are left that nothing manages. Two different states that both manage resources are refused.
 */
function chooseTofuState(local, saved, where) {
    const mine = readStateHeader(local, `the tofu state ${where.local}`);
    const theirs = readStateHeader(saved, where.saved);
    const count = (state) => `${state.resources.length} resource${state.resources.length === 1 ? '' : 's'}, serial ${state.serial}`;
    if (mine.lineage === theirs.lineage) {
        return theirs.serial > mine.serial
            ? { use: 'saved', why: `${where.saved} is newer than ${where.local} (serial ${theirs.serial} > ${mine.serial})` }
            : {
                use: 'local',
                why: `${where.local} is as new as ${where.saved} or newer (serial ${mine.serial} ≥ ${theirs.serial})`,
            };
    }
    if (mine.resources.length === 0)
        return { use: 'saved', why: `${where.local} manages no resources; ${where.saved} does (${count(theirs)})` };
    if (theirs.resources.length === 0)
        return { use: 'local', why: `${where.saved} manages no resources; ${where.local} does (${count(mine)})` };
    throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .RefusalError */ .XQ(`two different tofu states: ${where.local} (lineage ${mine.lineage}, ${count(mine)}) and ${where.saved} (lineage ${theirs.lineage}, ${count(theirs)}). ` +
        "Each manages resources, and using one would leave the other's unmanaged. Keep the one this cluster was deployed with: " +
        `move the other aside (the local file), or run with tofu-state: none and a backend that holds the right state.`);
}


/***/ }),

/***/ 45892:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  v: () => (/* binding */ reportPlanCredential)
});

// EXTERNAL MODULE: ./lib/core/openstack/keystone.js
var keystone = __webpack_require__(55842);
// EXTERNAL MODULE: ./lib/core/openstack/roles.js
var openstack_roles = __webpack_require__(15153);
;// CONCATENATED MODULE: ./lib/core/openstack/plan-credential.js
/**
 * The plan credential's roles, checked where a plan runs code: a dry run's `tofu plan`, and
 * `operation: check` (its preflight). Keystone is asked only when the answer matters: on a pull
 * request (a warning), or with `reader-only` (a refusal), so a trusted plan keeps working offline.
 */


/** Whether the roles need reading at all: a warning or refusal can follow. */
function rolesMatter(rule) {
    return rule.untrustedCode || rule.policy === 'reader-only';
}
/**
 * Reads the credential's roles from a Keystone token and judges them: a warning to show, or a
 * UserError (reader-only) before any tofu command runs. A Keystone failure is the preflight's own,
 * naming the credential and what to do.
 */
async function checkPlanCredential(credentials, check) {
    if (!rolesMatter(check.rule))
        return { kind: 'ok', detail: 'roles not checked (trusted code)' };
    if (!check.authCheck.enabled)
        return (0,openstack_roles/* judgePlanCredential */.iZ)(undefined, check.rule);
    const { roles, method } = await (0,keystone/* checkOpenStackAuth */.tR)(credentials, { timeoutMs: check.authCheck.timeoutMs });
    return (0,openstack_roles/* judgePlanCredential */.iZ)({ roles, method }, check.rule);
}

// EXTERNAL MODULE: ./lib/github/actions-core.js
var actions_core = __webpack_require__(14518);
// EXTERNAL MODULE: ./lib/github/markdown.js
var markdown = __webpack_require__(30018);
;// CONCATENATED MODULE: ./lib/github/plan-credential.js
/**
 * The plan credential's roles in a workflow: which events plan a pull request's code, and the
 * warning in the log, the job summary and the plan comment. The rule itself is the core's
 * (core/openstack/roles.ts); Keystone is asked by core/openstack/plan-credential.ts.
 */




/**
 * Events whose run checks out and plans a pull request's code, which nobody has reviewed yet (a
 * push, schedule or dispatch plans code already on a branch of the repository).
 */
const PULL_REQUEST_EVENTS = new Set([
    'pull_request',
    'pull_request_target',
    'pull_request_review',
    'pull_request_review_comment',
]);
function plansPullRequestCode(env = process.env) {
    return PULL_REQUEST_EVENTS.has(env.GITHUB_EVENT_NAME ?? '');
}
const TITLE = 'cluster-deploy: the plan credential can change the cloud';
/**
 * Checks the credential a dry run's tofu plan or a check runs with: a refusal throws (before any
 * tofu command); a warning is annotated and summarised now, and returned as Markdown for the comment.
 */
async function reportPlanCredential(p, policy, env = process.env) {
    const verdict = await checkPlanCredential(p.settings.credentials, {
        rule: { policy, untrustedCode: plansPullRequestCode(env), names: openstack_roles/* ACTION_NAMES */.G },
        authCheck: p.settings.authCheck,
    });
    if (verdict.kind === 'ok') {
        actions_core/* info */.pq(`Plan credential: ${verdict.detail}`);
        return undefined;
    }
    const message = p.redactor.redact(verdict.message);
    actions_core/* warning */.$e(message, { title: TITLE });
    const markdown = planCredentialMarkdown(message);
    // At the top of the job summary, whatever the run does next.
    await actions_core/* appendSummary */.fe(markdown);
    return markdown;
}
/** The warning as a Markdown block; role names come from Keystone, so they are shown as plain text. */
function planCredentialMarkdown(message) {
    return `> [!WARNING]\n> **The plan credential can change the cloud.** ${(0,markdown/* plainText */.wh)(message, { max: 2_000 })}\n`;
}


/***/ }),

/***/ 8913:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Tb: () => (/* binding */ makeStateStore),
/* harmony export */   Z6: () => (/* binding */ deployPostState),
/* harmony export */   fW: () => (/* binding */ postStepStateStore)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var _core_engine_selection_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(46113);
/* harmony import */ var _core_model_settings_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(44274);
/* harmony import */ var _core_kubespray_paths_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(56690);
/* harmony import */ var _core_model_state_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(12280);
/* harmony import */ var _action_run_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(77773);
/* harmony import */ var _artifact_store_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(50169);
/* harmony import */ var _runner_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(93581);
/* harmony import */ var _tofu_state_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(28031);










/** What the deploy action's post step needs to upload the final state, even after failure or cancellation. */
const deployPostState = (0,_action_run_js__WEBPACK_IMPORTED_MODULE_6__/* .postStepState */ .kK)({
    artifactDir: 'artifact-dir',
    artifactName: 'artifact-name',
    cluster: 'cluster',
    logPath: 'log-path',
    tofuDir: 'tofu-dir',
    kubeconfig: 'kubeconfig',
    inventory: 'inventory',
});
/** A store that keeps nothing: every run starts from scratch (state-store: none). */
class MemoryStateStore {
    location = 'nowhere (state-store: none)';
    state;
    async load() {
        return this.state;
    }
    async save(state) {
        this.state = structuredClone(state);
    }
}
/**
 * What travels with the state: the log, the tofu state (tofu-state: artifact), and with a kubeconfig
 * passphrase the kubeconfig and the inventory the apply wrote, all encrypted, so a fresh runner can
 * continue past the steps that made them (and a check compare the nodes with the inventory).
 */
function companions(logPath, tofu, kubeconfigPassphrase, files) {
    const companions = [{ name: 'deploy.log', read: () => node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.readFile(logPath).catch(() => undefined) }];
    if (tofu.dir && tofu.passphrase)
        companions.push((0,_tofu_state_js__WEBPACK_IMPORTED_MODULE_9__/* .encryptedCompanion */ .dH)(_tofu_state_js__WEBPACK_IMPORTED_MODULE_9__/* .TOFU_STATE_ARTIFACT_FILE */ .JG, (0,_tofu_state_js__WEBPACK_IMPORTED_MODULE_9__/* .tofuStateFile */ .oz)(tofu.dir), tofu.passphrase));
    if (!kubeconfigPassphrase)
        return companions;
    if (files.kubeconfig)
        companions.push((0,_tofu_state_js__WEBPACK_IMPORTED_MODULE_9__/* .encryptedCompanion */ .dH)(_tofu_state_js__WEBPACK_IMPORTED_MODULE_9__/* .KUBECONFIG_ARTIFACT_FILE */ .uo, files.kubeconfig, kubeconfigPassphrase));
    if (files.inventory)
        companions.push((0,_tofu_state_js__WEBPACK_IMPORTED_MODULE_9__/* .encryptedCompanion */ .dH)(_tofu_state_js__WEBPACK_IMPORTED_MODULE_9__/* .INVENTORY_ARTIFACT_FILE */ .vz, files.inventory, kubeconfigPassphrase));
    return companions;
}
/** The state-store input's store; an artifact store also leaves the post step what it needs. */
function makeStateStore(settings, deploy, logPath) {
    const cluster = (0,_core_model_settings_js__WEBPACK_IMPORTED_MODULE_3__/* .clusterId */ .kL)(deploy);
    if (settings.stateStore === 'none')
        return new MemoryStateStore();
    if (settings.stateStore === 'local')
        return new _core_model_state_js__WEBPACK_IMPORTED_MODULE_5__/* .LocalStateStore */ .Mc((0,_core_model_settings_js__WEBPACK_IMPORTED_MODULE_3__/* .runtimePaths */ .hi)(deploy).statePath, cluster);
    const dir = node_path__WEBPACK_IMPORTED_MODULE_1__.dirname((0,_core_model_settings_js__WEBPACK_IMPORTED_MODULE_3__/* .runtimePaths */ .hi)(deploy).statePath);
    const name = (0,_artifact_store_js__WEBPACK_IMPORTED_MODULE_7__/* .stateArtifactName */ .LK)(deploy.organization, deploy.clusterName);
    const tofuDir = settings.tofuState === 'artifact' ? deploy.clusterDir : undefined;
    // A check reads the deploy's artifact (its tofu state and kubeconfig) but uploads nothing: that state stays the deploy's.
    const inventory = (0,_core_kubespray_paths_js__WEBPACK_IMPORTED_MODULE_4__/* .kubesprayPaths */ .Z)(deploy).inventory;
    if ((0,_core_engine_selection_js__WEBPACK_IMPORTED_MODULE_2__/* .keepsResumeState */ .H)(deploy.operation))
        deployPostState.save({
            artifactDir: dir,
            artifactName: name,
            cluster,
            logPath,
            kubeconfig: deploy.kubeconfigPath,
            tofuDir,
            inventory,
        });
    const files = companions(logPath, { dir: tofuDir, passphrase: settings.tofuStatePassphrase }, settings.kubeconfigPassphrase, { kubeconfig: deploy.kubeconfigPath, inventory });
    return new _artifact_store_js__WEBPACK_IMPORTED_MODULE_7__/* .ArtifactStateStore */ .p({ run: (0,_runner_js__WEBPACK_IMPORTED_MODULE_8__/* .runContext */ .pO)(settings.githubToken), name, cluster, dir, companions: files });
}
/** The post step's view of the main step's artifact store, or undefined when the main step kept none. */
function postStepStateStore(inputs) {
    const saved = deployPostState.load();
    if (!saved.artifactDir || !saved.artifactName)
        return undefined;
    const tofuPassphrase = inputs.tofuStatePassphrase || inputs.kubeconfigPassphrase;
    const files = companions(saved.logPath, { dir: saved.tofuDir || undefined, passphrase: tofuPassphrase }, inputs.kubeconfigPassphrase, { kubeconfig: saved.kubeconfig, inventory: saved.inventory || undefined });
    return new _artifact_store_js__WEBPACK_IMPORTED_MODULE_7__/* .ArtifactStateStore */ .p({
        run: (0,_runner_js__WEBPACK_IMPORTED_MODULE_8__/* .runContext */ .pO)(inputs.githubToken),
        name: saved.artifactName,
        cluster: saved.cluster,
        dir: saved.artifactDir,
        companions: files,
    });
}


/***/ }),

/***/ 65671:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M: () => (/* binding */ planSummary),
/* harmony export */   e: () => (/* binding */ deploySummary)
/* harmony export */ });
/* harmony import */ var _core_lib_duration_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(32335);
/* harmony import */ var _capacity_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(48739);
/* harmony import */ var _timeline_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8936);



/** "Deploy", "Upgrade to v1.34.2", "Destroy": what the run was, for the summary's headline. */
function operationTitle(operation = 'deploy', targetVersion) {
    if (operation === 'upgrade')
        return `Upgrade${targetVersion ? ` to v${targetVersion}` : ''}`;
    return { deploy: 'Deploy', destroy: 'Destroy', check: 'Check' }[operation];
}
const DONE = {
    deploy: 'Deployed',
    upgrade: 'Upgraded',
    destroy: 'Destroyed',
    check: 'Checked',
};
const STATUS_ICON = { success: '✓', failed: '✗', skipped: '⏭', 'not-run': '·' };
function escapeCell(text) {
    return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
function stepRow(report) {
    let result = STATUS_ICON[report.status];
    if (report.status === 'skipped' || report.status === 'not-run')
        result += ` ${report.reason}`;
    // A separator a reader sees: a skipped step's reason and its saved detail ran together before.
    if (report.detail)
        result += report.status === 'success' ? ` ${report.detail}` : ` — ${report.detail}`;
    if (report.status === 'failed' && report.error)
        result += ` ${report.error}`;
    const took = report.durationMs !== undefined ? (0,_core_lib_duration_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a)(report.durationMs) : '–';
    return `| \`${report.id}\` | ${escapeCell(result)} | ${took} |`;
}
/** The job summary of a deploy: the step table, the timeline across attempts, the endpoint, where state and logs are, how to resume. */
function deploySummary(result, context) {
    const lines = [];
    const operation = context.operation ?? 'deploy';
    const title = operationTitle(operation, context.targetVersion);
    const headline = result.ok
        ? `### ✅ ${DONE[operation]} \`${result.cluster}\`${operation === 'upgrade' && context.targetVersion ? ` to v${context.targetVersion}` : ''}`
        : result.interrupted
            ? `### ⏹ ${title} of \`${result.cluster}\` interrupted at \`${result.failedStep}\``
            : `### ❌ ${title} of \`${result.cluster}\` failed at \`${result.failedStep}\``;
    lines.push(headline, '');
    if (result.ok && context.followUp)
        lines.push(`> ${context.followUp}`, '');
    // The node removal guard, overridden (allow-unsafe-node-removal): said by the plan step, also when this run skipped it.
    const unsafe = result.reports.flatMap((r) => r.warnings ?? []).filter((w) => w.startsWith('UNSAFE:'));
    if (unsafe.length) {
        lines.push(`> **⚠️ UNSAFE node removal: the guard was overridden with allow-unsafe-node-removal.** ${escapeCell(unsafe.map((w) => w.replace(/^UNSAFE:\s*/, '')).join(' '))}`, '');
    }
    if (result.capacity)
        lines.push((0,_capacity_js__WEBPACK_IMPORTED_MODULE_1__/* .capacityMarkdown */ .G)(result.capacity));
    if (result.ok && operation === 'destroy')
        lines.push('The infrastructure and the kubeconfig are gone; the next deploy starts from nothing.', '');
    if (context.resumedFrom)
        lines.push(`Resumed from ${context.resumedFrom}.`, '');
    const failed = result.reports.find((r) => r.status === 'failed');
    if (failed) {
        lines.push(`**${escapeCell(failed.error ?? 'failed')}**`, '');
        if (failed.outputTail?.length) {
            lines.push(`<details open><summary>Last ${failed.outputTail.length} lines of <code>${failed.id}</code></summary>`, '', '```text', ...failed.outputTail.map((l) => l.replace(/```/g, "'''")), '```', '</details>', '');
        }
    }
    lines.push('| step | result | took |', '|---|---|---|', ...result.reports.map(stepRow), '');
    const gantt = (0,_timeline_js__WEBPACK_IMPORTED_MODULE_2__/* .renderGantt */ .Z)(result.history);
    if (gantt)
        lines.push(gantt);
    if (result.endpoint)
        lines.push(`**Endpoint:** \`${result.endpoint}\``, '');
    lines.push(`Resume state: ${context.stateLocation}${context.logLocation ? ` · log: ${context.logLocation}` : ''}`);
    if (!result.ok && context.resumeHint)
        lines.push('', context.resumeHint);
    return `${lines.join('\n')}\n`;
}
/** The job summary of a dry run: what would run and why. */
function planSummary(plan) {
    const lines = [`### 📋 ${operationTitle(plan.operation)} plan for \`${plan.cluster}\` (dry run: nothing ran)`, ''];
    if (plan.note)
        lines.push(plan.note, '');
    lines.push('| step | would | why | command |', '|---|---|---|---|');
    for (const step of plan.steps) {
        const command = step.argv ? `\`${escapeCell(step.argv.join(' '))}\`` : escapeCell(step.actions.join('; '));
        lines.push(`| \`${step.id}\` | ${step.action} | ${escapeCell(step.reason)} | ${command} |`);
    }
    lines.push('', `Resume state: ${plan.statePath}`);
    return `${lines.join('\n')}\n`;
}


/***/ }),

/***/ 28031:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FU: () => (/* reexport safe */ _core_tofu_state_guard_js__WEBPACK_IMPORTED_MODULE_9__.FU),
/* harmony export */   JG: () => (/* binding */ TOFU_STATE_ARTIFACT_FILE),
/* harmony export */   Xc: () => (/* binding */ restoreSavedFiles),
/* harmony export */   dH: () => (/* binding */ encryptedCompanion),
/* harmony export */   on: () => (/* binding */ localBackendRefusal),
/* harmony export */   oz: () => (/* reexport safe */ _core_tofu_state_guard_js__WEBPACK_IMPORTED_MODULE_9__.oz),
/* harmony export */   uo: () => (/* binding */ KUBECONFIG_ARTIFACT_FILE),
/* harmony export */   vz: () => (/* binding */ INVENTORY_ARTIFACT_FILE)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(76760);
/* harmony import */ var _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(36452);
/* harmony import */ var _core_lib_files_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4196);
/* harmony import */ var _core_kubespray_paths_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(56690);
/* harmony import */ var _actions_core_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(14518);
/* harmony import */ var _artifact_store_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(50169);
/* harmony import */ var _clients_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(10563);
/* harmony import */ var _core_tofu_state_guard_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(83381);











const TOFU_STATE_ARTIFACT_FILE = 'terraform.tfstate.age';
const KUBECONFIG_ARTIFACT_FILE = 'kubeconfig.age';
const INVENTORY_ARTIFACT_FILE = 'inventory.yaml.age';
function localBackendRefusal(clusterDir) {
    return new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .UserError */ .yo(`opentofu-apply would keep the only copy of the tofu state in ${node_path__WEBPACK_IMPORTED_MODULE_2__.join(clusterDir, 'terraform.tfstate')} on this runner, ` +
        'which is discarded when the job ends: the cloud resources would be orphaned. Configure a remote backend in the cluster ' +
        'directory (backend "s3" — also for OpenStack Swift through its S3 API —, "http" or "pg"), or set tofu-state: artifact ' +
        'with tofu-state-passphrase to keep the state encrypted in a workflow artifact (artifacts expire; a remote backend is the durable choice).');
}
/**
 * A runner-local file, encrypted, uploaded with the resume state (tofu state, kubeconfig). The state
 * is saved twice per step and scrypt is slow on purpose, so a file is encrypted again only when it
 * has changed.
 */
function encryptedCompanion(name, file, passphrase) {
    let last;
    return {
        name,
        async read() {
            if (!(await (0,_core_lib_files_js__WEBPACK_IMPORTED_MODULE_4__/* .pathExists */ .s0)(file)))
                return undefined;
            const content = await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.readFile(file);
            const digest = (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createHash)('sha256').update(content).digest('hex');
            if (last?.digest !== digest)
                last = { digest, armored: await (await (0,_clients_js__WEBPACK_IMPORTED_MODULE_8__/* .secretBox */ .iZ)()).encryptWithPassphrase(content, passphrase) };
            return last.armored;
        },
    };
}
/** A file saved with the resume state, decrypted; undefined when the resume state carried none. */
async function readSaved(fromDir, name, passphrase, what) {
    const saved = node_path__WEBPACK_IMPORTED_MODULE_2__.join(fromDir, name);
    if (!(await (0,_core_lib_files_js__WEBPACK_IMPORTED_MODULE_4__/* .pathExists */ .s0)(saved)))
        return undefined;
    const { decryptBytesWithPassphrase } = await (0,_clients_js__WEBPACK_IMPORTED_MODULE_8__/* .secretBox */ .iZ)();
    return decryptBytesWithPassphrase(await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.readFile(saved, 'utf8'), passphrase, what);
}
async function writePrivate(target, bytes) {
    await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.mkdir(node_path__WEBPACK_IMPORTED_MODULE_2__.dirname(target), { recursive: true, mode: 0o700 });
    await (0,_core_lib_files_js__WEBPACK_IMPORTED_MODULE_4__/* .writeFileAtomic */ .Zf)(target, bytes, 0o600);
}
/**
 * Puts a file saved with the resume state back on a fresh runner, unless the runner already has
 * one (a persistent self-hosted runner): the local file is newer and is uploaded at the next save.
 */
async function restoreEncrypted(fromDir, name, target, passphrase, what) {
    if (await (0,_core_lib_files_js__WEBPACK_IMPORTED_MODULE_4__/* .pathExists */ .s0)(target))
        return false;
    const bytes = await readSaved(fromDir, name, passphrase, what);
    if (!bytes)
        return false;
    await writePrivate(target, bytes);
    return true;
}
/**
 * The tofu state is not simply "the local file wins": an empty or older file on the runner would be
 * uploaded over the deploy's state at the next save. tofu/state-guard.ts decides which copy is used.
 */
async function restoreTofuState(fromDir, target, passphrase) {
    const what = 'the tofu state saved with the resume state';
    const saved = await readSaved(fromDir, TOFU_STATE_ARTIFACT_FILE, passphrase, what);
    if (!saved)
        return undefined;
    if (await (0,_core_lib_files_js__WEBPACK_IMPORTED_MODULE_4__/* .pathExists */ .s0)(target)) {
        // A directory or an unreadable file where the state belongs: said, never a stack trace.
        const local = await node_fs__WEBPACK_IMPORTED_MODULE_1__.promises.readFile(target).catch((error) => {
            throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_3__/* .RefusalError */ .XQ(`the tofu state ${target} cannot be read (${error.code ?? error.message}): move it aside so ${what} can be restored`);
        });
        const choice = (0,_core_tofu_state_guard_js__WEBPACK_IMPORTED_MODULE_9__/* .chooseTofuState */ .Pv)(local, saved, { local: target, saved: what });
        if (choice.use === 'local')
            return `kept the runner's tofu state: ${choice.why}`;
        await writePrivate(target, saved);
        return `restored ${what}: ${choice.why}`;
    }
    await writePrivate(target, saved);
    return `restored ${what}`;
}
/**
 * After the resume state has loaded: the tofu state (tofu-state: artifact) and, for a run (not a
 * plan), the kubeconfig that travelled with it, back on this runner. Never the kubeconfig of a
 * destroyed cluster: a later job must not talk to whatever gets its address next.
 */
async function restoreSavedFiles(p, settings, what) {
    const store = p.store;
    if (!(store instanceof _artifact_store_js__WEBPACK_IMPORTED_MODULE_7__/* .ArtifactStateStore */ .p) || !store.origin)
        return;
    const from = store.origin.dir;
    if (settings.tofuState === 'artifact') {
        const restored = await restoreTofuState(from, (0,_core_tofu_state_guard_js__WEBPACK_IMPORTED_MODULE_9__/* .tofuStateFile */ .oz)(p.settings.clusterDir), settings.tofuStatePassphrase);
        if (restored)
            _actions_core_js__WEBPACK_IMPORTED_MODULE_6__/* .info */ .pq(restored);
    }
    if (!settings.kubeconfigPassphrase)
        return;
    // load() is the state already downloaded (origin is set by it); a corrupt one (restart) says nothing about a destroy.
    const saved = await store.load().catch(() => undefined);
    if (saved?.destroyedAt) {
        if (what.kubeconfig && (await (0,_core_lib_files_js__WEBPACK_IMPORTED_MODULE_4__/* .pathExists */ .s0)(node_path__WEBPACK_IMPORTED_MODULE_2__.join(from, KUBECONFIG_ARTIFACT_FILE))))
            _actions_core_js__WEBPACK_IMPORTED_MODULE_6__/* .info */ .pq(`not restoring the saved kubeconfig: the cluster was destroyed at ${saved.destroyedAt}`);
        return;
    }
    // The inventory the apply wrote on another runner: Kubespray, the node decisions of a plan and the check read it.
    if (await restoreEncrypted(from, INVENTORY_ARTIFACT_FILE, (0,_core_kubespray_paths_js__WEBPACK_IMPORTED_MODULE_5__/* .kubesprayPaths */ .Z)(p.settings).inventory, settings.kubeconfigPassphrase, 'the saved inventory')) {
        _actions_core_js__WEBPACK_IMPORTED_MODULE_6__/* .info */ .pq('restored the inventory saved with the resume state');
    }
    if (what.kubeconfig &&
        (await restoreEncrypted(from, KUBECONFIG_ARTIFACT_FILE, p.settings.kubeconfigPath, settings.kubeconfigPassphrase, 'the saved kubeconfig'))) {
        _actions_core_js__WEBPACK_IMPORTED_MODULE_6__/* .info */ .pq('restored the kubeconfig saved with the resume state');
    }
}


/***/ })

};
