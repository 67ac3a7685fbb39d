export const id = 618;
export const ids = [618];
export const modules = {

/***/ 7618:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runDryRun: () => (/* binding */ runDryRun)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: ./lib/core/openstack/capacity.js
var capacity = __webpack_require__(64578);
// EXTERNAL MODULE: ./lib/core/steps/index.js + 21 modules
var core_steps = __webpack_require__(62166);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./lib/core/lib/command.js
var command = __webpack_require__(2218);
// EXTERNAL MODULE: ./lib/core/lib/errors.js
var errors = __webpack_require__(36452);
// EXTERNAL MODULE: ./lib/core/kubespray/node-plan.js
var node_plan = __webpack_require__(58550);
// EXTERNAL MODULE: ./lib/core/openstack/credentials.js
var credentials = __webpack_require__(84554);
// EXTERNAL MODULE: ./lib/core/engine/selection.js + 2 modules
var selection = __webpack_require__(46113);
// EXTERNAL MODULE: ./lib/core/model/settings.js + 1 modules
var model_settings = __webpack_require__(44274);
// EXTERNAL MODULE: ./lib/core/model/environment.js + 1 modules
var environment = __webpack_require__(75629);
;// CONCATENATED MODULE: ./lib/core/engine/plan.js





const REDACTED = '<redacted>';
function shownValue(name, value, redactor) {
    return credentials/* SECRET_ENV_NAMES */.uR.has(name) || redactor.redact(value) !== value ? REDACTED : value;
}
/** The variables of `env` that differ from `base`; a PATH that only gains a prefix is shown as `prefix:$PATH`. */
function envChanges(env, base, redactor) {
    const shown = {};
    for (const [name, value] of Object.entries(env).sort(([a], [b]) => a.localeCompare(b))) {
        const before = base[name];
        if (value === before)
            continue;
        shown[name] =
            before && value.endsWith(`:${before}`)
                ? `${value.slice(0, -before.length)}$${name}`
                : shownValue(name, value, redactor);
    }
    return shown;
}
function sharedEnvironment(settings, redactor) {
    const shared = (0,environment/* deployEnvironment */.PK)(settings);
    const set = (0,environment/* pipelineVariables */.wX)(settings);
    const inherited = Object.keys(settings.baseEnv).filter((name) => !(name in set));
    return {
        shared,
        shown: {
            set: Object.fromEntries(Object.entries(set).map(([name, value]) => [name, shownValue(name, value, redactor)])),
            dropped: [
                ...new Set(inherited
                    .filter((name) => !(name in shared))
                    .map((name) => (/^(INPUT|STATE)_/.test(name) ? `${name.slice(0, 6)}*` : name))),
            ].sort(),
            inherited: inherited.filter((name) => name in shared).length,
        },
    };
}
/** What a deploy would do under these filters and the saved state. Runs nothing, writes nothing. */
async function buildPlan(settings, steps, store, filter, redactor) {
    const selected = (0,selection/* selectSteps */.Ki)(steps, filter);
    const { state, note } = await (0,selection/* loadStartingState */.eX)(store, (0,model_settings/* clusterId */.kL)(settings), filter, settings.operation);
    const { shared, shown } = sharedEnvironment(settings, redactor);
    const planned = [];
    for (const [index, step] of selected.entries()) {
        const decision = await (0,selection/* decideStep */.lH)(step, state.steps[step.id], (0,selection/* usesSavedState */.ZK)(filter), state);
        const plan = await step.plan();
        planned.push({
            index: index + 1,
            id: step.id,
            title: step.title,
            kind: step.kind,
            action: decision.run ? 'run' : 'skip',
            reason: decision.reason,
            workingDir: plan.workingDir,
            argv: plan.command && [...plan.command.argv],
            reads: plan.reads,
            writes: plan.writes,
            actions: plan.actions ?? [],
            env: plan.command ? envChanges(plan.command.env, shared, redactor) : {},
            withheld: plan.command ? Object.keys(shown.set).filter((name) => !(name in plan.command.env)) : [],
        });
    }
    return redactor.redactValue({
        operation: settings.operation,
        cluster: (0,model_settings/* clusterId */.kL)(settings),
        configPath: settings.configPath,
        clusterDir: settings.clusterDir,
        statePath: store.location,
        note,
        environment: shown,
        steps: planned,
    });
}
/** The step whose tofu plan a dry run shows: the apply of a deploy, the destroy of a destroy; an upgrade has none. */
const TOFU_APPLYING_STEPS = ['opentofu-apply', 'opentofu-destroy'];
/** Whether the run this plan describes would apply with tofu: only then is a tofu plan worth making. */
function wouldApply(plan) {
    return plan.steps.some((s) => TOFU_APPLYING_STEPS.includes(s.id) && s.action === 'run');
}
/** Why a dry run shows no tofu plan, in one line. */
function noTofuPlanReason(plan) {
    if (plan.operation === 'upgrade')
        return 'No OpenTofu plan: an upgrade changes no infrastructure.';
    if (plan.operation === 'check')
        return 'No OpenTofu plan here: a check changes nothing, and its opentofu-drift step is the plan (run cluster-deploy check).';
    return `No OpenTofu plan: ${plan.operation === 'destroy' ? 'this destroy would skip opentofu-destroy' : 'a deploy would skip opentofu-apply'}.`;
}
/** Why a cluster-api plan shows no diff, in one line: only a deploy applies manifests. */
function noCapiDiffReason(plan) {
    if (plan.operation === 'check')
        return 'No Cluster API diff here: a check changes nothing, and its capi-drift step is the diff (run cluster-deploy check).';
    return `No Cluster API diff: a ${plan.operation} applies no manifests (capi-delete-cluster deletes the Cluster object and CAPO everything it owns).`;
}
/** The plan as text, in the reference's dry-run layout. */
function renderPlan(plan) {
    const lines = [`${plan.operation[0].toUpperCase()}${plan.operation.slice(1)} plan for ${plan.cluster}`];
    if (plan.configPath)
        lines.push(`  config:      ${plan.configPath}`);
    lines.push(`  cluster dir: ${plan.clusterDir}`, `  state:       ${plan.statePath}`);
    if (plan.note)
        lines.push(`  note:        ${plan.note}`);
    const { set, dropped, inherited } = plan.environment;
    lines.push(`  environment: every command gets the ${inherited} inherited variables${dropped.length ? ` except ${dropped.join(', ')}` : ''}, plus (unless a step withholds them):`);
    for (const [name, value] of Object.entries(set))
        lines.push(`        ${name}=${value}`);
    const total = plan.steps.length;
    for (const step of plan.steps) {
        lines.push('');
        const verb = step.action === 'run' ? '→' : '⏭';
        lines.push(`[${step.index}/${total}] ${verb} ${step.title} (${step.id}) — ${step.action === 'run' ? 'will run' : 'will skip'}: ${step.reason}`);
        lines.push(`      working dir: ${step.workingDir}`);
        if (step.argv)
            lines.push(`      command:     ${(0,command/* displayCommand */.kc)(step.argv)}`);
        for (const action of step.actions)
            lines.push(`      action:      ${action}`);
        if (step.reads.length)
            lines.push(`      reads:       ${step.reads.join(', ')}`);
        if (step.writes.length)
            lines.push(`      writes:      ${step.writes.join(', ')}`);
        if (step.withheld.length)
            lines.push(`      withheld:    ${shortNames(step.withheld).join(', ')}`);
        const env = Object.entries(step.env);
        if (env.length) {
            lines.push('      environment: the shared one, plus:');
            for (const [name, value] of env)
                lines.push(`        ${name}=${value}`);
        }
    }
    return `${lines.join('\n')}\n`;
}
/** Variable names, the OS_* ones as one `OS_*` (a step gets all of the credentials or none). */
function shortNames(names) {
    const os = names.filter((name) => name.startsWith('OS_'));
    return [...(os.length > 1 ? ['OS_*'] : os), ...names.filter((name) => !name.startsWith('OS_'))];
}

// EXTERNAL MODULE: ./lib/core/capi/preview.js
var preview = __webpack_require__(54351);
// EXTERNAL MODULE: ./lib/core/engine/signals.js
var signals = __webpack_require__(51995);
// EXTERNAL MODULE: ./lib/core/tofu/plan-json.js
var plan_json = __webpack_require__(43288);
// EXTERNAL MODULE: ./lib/core/lib/files.js
var files = __webpack_require__(4196);
// EXTERNAL MODULE: ./lib/core/lib/lock.js
var lock = __webpack_require__(70140);
// EXTERNAL MODULE: ./lib/core/kubespray/node-changes.js
var node_changes = __webpack_require__(33408);
// EXTERNAL MODULE: ./lib/core/tofu/commands.js
var commands = __webpack_require__(97800);
// EXTERNAL MODULE: ./lib/core/tofu/state-guard.js
var state_guard = __webpack_require__(83381);
// EXTERNAL MODULE: ./lib/core/tofu/capacity-demand.js
var capacity_demand = __webpack_require__(6044);
;// CONCATENATED MODULE: ./lib/core/tofu/preview.js











/**
 * `tofu init`, `tofu plan -out`, then `tofu show` twice: JSON for the counts and table, text for
 * people. Only init and plan reach the log; the show output is captured, redacted, and never logged.
 */
async function runTofuPlan(settings, planFile, { redactor, output, signal = new AbortController().signal }, { destroy = false, deployState, capacity, } = {}) {
    await (0,commands/* requireTofuBinary */.ZC)(settings);
    if (destroy)
        await (0,state_guard/* requireLocalTofuState */.Qt)(settings.clusterDir, 'opentofu-destroy');
    const { found: _, ...base } = await (0,commands/* tofuCommand */.uv)(settings);
    const tofu = (...args) => ({ ...base, argv: [...base.argv, ...(0,commands/* tofuArgs */.e_)(settings, args)] });
    await (0,files/* ensurePrivateDir */.rh)(external_node_path_.dirname(planFile));
    // A plan runs init and takes tofu's state lock in the same cluster dir: never beside a deploy.
    const locked = {
        file: (0,model_settings/* runtimePaths */.hi)(settings).lockPath,
        cluster: (0,model_settings/* clusterId */.kL)(settings),
        operation: 'plan',
        output,
        redactor,
        signal,
    };
    return (0,lock/* withDeployLock */.Jg)(locked, async (exec) => {
        output.startGroup('OpenTofu plan');
        try {
            await (0,commands/* tofuInit */.$O)(settings, exec); // exactly the deploy's init
            await exec(tofu('plan', ...(destroy ? ['-destroy'] : []), '-input=false', `-out=${planFile}`));
        }
        finally {
            output.endGroup();
        }
        // tofu writes the plan with the umask's mode; it holds every value in plain text.
        await external_node_fs_.promises.chmod(planFile, 0o600);
        const document = await (0,plan_json/* readPlanJson */.c7)(planFile, (args, options) => exec(tofu(...args), options));
        const changes = (0,plan_json/* summarizeChanges */.Nf)(document);
        if (destroy)
            await (0,state_guard/* requireSomethingToDestroy */.zh)(settings.clusterDir, (0,model_settings/* clusterId */.kL)(settings), (0,plan_json/* tofuCounts */.Xh)(changes).toDestroy, deployState);
        const text = await exec(tofu('show', '-no-color', planFile), { capture: true, quiet: true });
        // A plan is for review: a quota API or Keystone out of reach is said, not fatal.
        const quotas = capacity &&
            (await capacity((flavors) => (0,capacity_demand/* planCapacityDemand */.X)(document, flavors)).catch((error) => ({
                error: redactor.redact((0,errors/* errorMessage */.gJ)(error)),
            })));
        return {
            planFile,
            changes,
            nodes: (0,node_changes/* plannedNodeChanges */.E0)(document, settings.nodeResource),
            text: text.stdout,
            ...(quotas && { capacity: quotas }),
        };
    });
}

// EXTERNAL MODULE: ./lib/github/actions-core.js
var actions_core = __webpack_require__(14518);
// EXTERNAL MODULE: ./lib/github/clients.js
var clients = __webpack_require__(10563);
// EXTERNAL MODULE: ./lib/github/plan-artifact.js
var plan_artifact = __webpack_require__(80215);
// EXTERNAL MODULE: ./lib/github/plan-comment.js
var plan_comment = __webpack_require__(60604);
// EXTERNAL MODULE: ./lib/github/runner.js
var runner = __webpack_require__(93581);
// EXTERNAL MODULE: ./lib/github/sticky-comment.js
var sticky_comment = __webpack_require__(54156);
// EXTERNAL MODULE: ./lib/github/plan-credential.js + 1 modules
var plan_credential = __webpack_require__(45892);
// EXTERNAL MODULE: ./lib/github/summary.js
var summary = __webpack_require__(65671);
// EXTERNAL MODULE: ./lib/github/tofu-state.js
var tofu_state = __webpack_require__(28031);
;// CONCATENATED MODULE: ./lib/github/dry-run.js






















/** A job summary may hold 1 MiB; keep a little room for what the runner adds. */
const SUMMARY_LIMIT = 1_000_000;
function relativeToWorkspace(file) {
    const workspace = process.env.GITHUB_WORKSPACE;
    if (!file || !workspace)
        return file;
    const relative = external_node_path_.relative(workspace, file);
    return relative.startsWith('..') || external_node_path_.isAbsolute(relative) ? file : relative;
}
function setPlanOutputs(planned) {
    const counts = planned ? (0,plan_json/* tofuCounts */.Xh)(planned.changes) : { toAdd: 0, toChange: 0, toDestroy: 0, toReplace: 0 };
    actions_core/* setOutput */.uH('has-changes', String(!!planned && planned.changes.rows.length > 0));
    actions_core/* setOutput */.uH('to-add', String(counts.toAdd));
    actions_core/* setOutput */.uH('to-change', String(counts.toChange));
    actions_core/* setOutput */.uH('to-destroy', String(counts.toDestroy));
    actions_core/* setOutput */.uH('to-replace', String(counts.toReplace));
    if (planned?.planFile)
        actions_core/* setOutput */.uH('plan-file', planned.planFile);
}
/** Why a comment could not be written, and how to get one safely. */
function commentRefusedNotice(pr, reason, artifact) {
    const why = pr.fromFork
        ? 'Pull requests from forks get a read-only token and no secrets, by design.'
        : 'Give the job `permissions: pull-requests: write` to let it comment.';
    return [
        `cluster-deploy could not comment on pull request #${pr.number} (${reason}). ${why}`,
        `The plan is in this job's summary and in the artifact "${artifact}" (comment.md, pull-request.json).`,
        'To comment on pull requests from forks safely, keep this workflow on `pull_request` and post the comment from a second',
        'workflow triggered by `workflow_run` with the actions/plan-comment action of cluster-deploy: it has a write token but',
        "never runs the pull request's code (see examples/workflows/plan-comment.yml).",
        'Do not switch to `pull_request_target` with a checkout of the pull request: that runs untrusted code with secrets.',
    ].join('\n');
}
/**
 * A dry run (root action) or `mode: plan` (actions/tofu) of any operation: the engine's plan, then —
 * when the run would apply (deploy) or destroy — `tofu plan` (`-destroy` for a destroy) with a deploy's
 * node decisions, a sticky pull-request comment, the job summary, outputs and the plan artifact. Every text that leaves the runner passes through the pipeline's redactor.
 */
async function runDryRun(p, settings, steps) {
    const startedAt = new Date();
    const cluster = (0,model_settings/* clusterId */.kL)(p.settings);
    const artifact = (0,plan_artifact/* planArtifactName */.nU)(p.settings.organization, p.settings.clusterName);
    const pr = settings.comment ? (0,runner/* pullRequestFromEvent */.vR)() : undefined;
    const provenance = {
        cluster,
        configPath: relativeToWorkspace(p.settings.configPath),
        commit: pr?.headSha ?? process.env.GITHUB_SHA,
        runUrl: (0,runner/* currentRunUrl */.qM)(),
        runNumber: process.env.GITHUB_RUN_NUMBER,
        updatedAt: startedAt,
    };
    const record = (status, operation, changes) => ({
        status,
        operation,
        add: changes?.add ?? 0,
        change: changes?.change ?? 0,
        destroy: changes?.destroy ?? 0,
        replace: changes?.replace ?? 0,
        startedAt: startedAt.toISOString(),
        durationMs: Date.now() - startedAt.getTime(),
        commit: /^[0-9a-f]{7,40}$/.test(provenance.commit ?? '') ? provenance.commit : undefined,
    });
    const comment = async (body) => {
        if (!pr)
            return;
        const run = (0,runner/* runContext */.pO)(settings.githubToken, process.env, {
            purpose: 'the plan comment',
            permissions: 'pull-requests: write',
        });
        const outcome = await (0,sticky_comment/* upsertStickyComment */.qD)(await (0,clients/* octokitFor */.d_)(run), { owner: run.owner, repo: run.repo, issueNumber: pr.number }, (0,plan_comment/* planMarker */.YH)(cluster), body);
        if (outcome.kind === 'forbidden') {
            actions_core/* notice */.lm(commentRefusedNotice(pr, p.redactor.redact(outcome.message), artifact), {
                title: 'cluster-deploy: no plan comment',
            });
            return;
        }
        actions_core/* setOutput */.uH('comment-url', outcome.url);
        actions_core/* info */.pq(`${outcome.kind} the plan comment: ${outcome.url}`);
    };
    /** The comment says the plan failed: an older plan must not stay up looking current, and the overview counts it. */
    const failureComment = (message, outputTail) => p.redactor.redact((0,plan_comment/* buildPlanFailureComment */.Rj)({
        ...provenance,
        error: message,
        outputTail,
        record: record('failed', p.settings.operation),
    }));
    /** A failure before tofu runs (the state, the saved tofu state): commented too, then the action fails with it. */
    const failBeforeTofu = async (error) => {
        await comment(failureComment((0,errors/* errorMessage */.gJ)(error), [])).catch((commentError) => actions_core/* warning */.$e(`could not comment that the plan failed: ${p.redactor.redact((0,errors/* errorMessage */.gJ)(commentError))}`));
        throw error;
    };
    const plan = await buildPlan(p.settings, steps, p.store, settings.filter, p.redactor).catch(failBeforeTofu);
    process.stdout.write(renderPlan(plan));
    actions_core/* setOutput */.uH('result', 'planned');
    actions_core/* setOutput */.uH('steps', JSON.stringify(plan.steps.map(({ id, action, reason }) => ({ id, action, reason }))));
    const engineSummary = p.redactor.redact((0,summary/* planSummary */.M)(plan));
    let planned;
    let credentialWarning;
    if (p.settings.clusterApi) {
        if (plan.operation === 'destroy') {
            const reason = noCapiDiffReason(plan);
            process.stdout.write(`\n${reason}\n`);
            await actions_core/* appendSummary */.fe(`${engineSummary}\n${reason}\n`);
            return;
        }
        // After a pivot the workload cluster is the management cluster: its kubeconfig travels with the state.
        await (0,tofu_state/* restoreSavedFiles */.Xc)(p, settings, { kubeconfig: true }).catch(failBeforeTofu);
        planned = await runPlanTool('Cluster API plan', async (context) => {
            const saved = await p.store.load().catch(() => undefined);
            const capi = await (0,preview/* runCapiPlan */.mX)(p.settings, saved?.clusterApi, context);
            context.output.line((0,preview/* renderCapiChanges */.BP)(plan.cluster, capi).trimEnd());
            return {
                changes: capi.changes,
                text: capi.text || `(${capi.note ?? 'no differences'})`,
                note: capi.note,
                workDir: external_node_path_.dirname(capi.manifestsFile),
            };
        });
    }
    else {
        if (!wouldApply(plan)) {
            // An upgrade never has a tofu plan; a deploy or destroy whose tofu step would be skipped (or is not in this action) has none now.
            const inScope = plan.steps.some((s) => TOFU_APPLYING_STEPS.includes(s.id));
            if (inScope)
                setPlanOutputs(undefined);
            const reason = inScope || plan.operation === 'upgrade' ? noTofuPlanReason(plan) : undefined;
            if (reason)
                process.stdout.write(`\n${reason}\n`);
            await actions_core/* appendSummary */.fe(reason ? `${engineSummary}\n${reason}\n` : engineSummary);
            return;
        }
        // tofu plan runs the code it plans: the credential it gets is judged first (a refusal is commented, as any failure).
        credentialWarning = await (0,plan_credential/* reportPlanCredential */.v)(p, settings.planCredential).catch(failBeforeTofu);
        await (0,tofu_state/* restoreSavedFiles */.Xc)(p, settings, { kubeconfig: false }).catch(failBeforeTofu);
        planned = await runPlanTool('tofu plan', async (context) => {
            const tofu = await runTofuPlan(p.settings, (0,model_settings/* runtimePaths */.hi)(p.settings).planPath, context, {
                destroy: plan.operation === 'destroy',
                deployState: await p.store.load().catch(() => undefined),
                ...(p.settings.authCheck.enabled &&
                    plan.operation === 'deploy' &&
                    plan.steps.some((s) => s.id === 'openstack-capacity') && {
                    capacity: (demandOf) => (0,core_steps/* liveCapacityChecker */.A)(p.settings, demandOf),
                }),
            });
            const quotas = (0,capacity/* renderPlanCapacity */.Gl)(tofu.capacity);
            if (quotas)
                context.output.line(quotas.trimEnd());
            const nodes = (0,node_plan/* nodeDecisions */.Gm)(p.settings, tofu.nodes, steps.map((s) => s.id));
            if (nodes)
                context.output.line((0,node_plan/* renderNodeDecisions */.gV)(nodes).trimEnd());
            return {
                changes: tofu.changes,
                text: tofu.text,
                nodes: nodes && p.redactor.redactValue(nodes),
                ...(tofu.capacity && { capacity: p.redactor.redactValue(tofu.capacity) }),
                planFile: tofu.planFile,
                workDir: external_node_path_.dirname(tofu.planFile),
            };
        });
    }
    if (!planned)
        return;
    setPlanOutputs(planned);
    const common = {
        ...provenance,
        changes: planned.changes,
        planText: planned.text,
        applySteps: plan.steps.filter((s) => s.action === 'run').map((s) => s.id),
        stateNote: [plan.note, planned.note].filter(Boolean).join('; ') || undefined,
        operation: plan.operation,
        nodes: planned.nodes,
        capacity: planned.capacity,
        record: record('ok', plan.operation, planned.changes),
        notices: credentialWarning ? [credentialWarning] : undefined,
    };
    const body = p.redactor.redact((0,plan_comment/* buildPlanComment */.Nw)({ ...common, fullPlanLocation: `the job summary and the workflow artifact "${artifact}"` }).body);
    const summaryRoom = SUMMARY_LIMIT - Buffer.byteLength(engineSummary, 'utf8') - 200;
    const inSummary = (0,plan_comment/* buildPlanComment */.Nw)({
        ...common,
        limit: { size: summaryRoom, unit: 'bytes' },
        fullPlanLocation: `the workflow artifact "${artifact}"`,
    });
    const files = { [plan_artifact/* PLAN_FILES */.Sv.text]: common.planText, [plan_artifact/* PLAN_FILES */.Sv.comment]: body };
    if (pr)
        files[plan_artifact/* PLAN_FILES */.Sv.pullRequest] = (0,plan_artifact/* pullRequestFileText */.MI)({
            number: pr.number,
            headSha: pr.headSha,
            cluster,
            marker: (0,plan_comment/* planMarker */.YH)(cluster),
        });
    const binary = settings.savePlan && planned.planFile;
    if (binary)
        files[plan_artifact/* PLAN_FILES */.Sv.binary] = await (await (0,clients/* secretBox */.iZ)()).encryptWithPassphrase(await external_node_fs_.promises.readFile(binary), settings.planPassphrase);
    const uploaded = await (0,plan_artifact/* uploadPlanArtifact */.nX)(artifact, files, external_node_path_.join(planned.workDir, 'plan-artifact'));
    if (uploaded)
        actions_core/* setOutput */.uH('plan-artifact', artifact);
    else if (binary)
        actions_core/* warning */.$e('save-plan: the plan could not be saved; a deploy cannot apply it');
    await comment(body);
    await actions_core/* appendSummary */.fe(`${engineSummary}\n${p.redactor.redact(inSummary.body)}`);
    /**
     * Runs the provisioning tool's plan with live, redacted output and interruption. A failure is
     * commented (the comment must not keep showing an older plan as if it were current), summarised
     * and annotated, and fails the job; then there is no plan.
     */
    async function runPlanTool(what, run) {
        const output = (0,runner/* actionsOutput */.bN)(p);
        try {
            return await (0,signals/* interruptible */.I)((message) => output.line(message), undefined, async (signal) => {
                try {
                    return await run({ redactor: p.redactor, output, signal });
                }
                catch (error) {
                    const outputTail = error instanceof command/* CommandFailedError */.ju ? error.result.tail : [];
                    const message = p.redactor.redact(error instanceof command/* CommandFailedError */.ju ? (0,command/* failureHeadline */.Ni)(error) : (0,errors/* errorMessage */.gJ)(error));
                    const failure = failureComment(message, outputTail);
                    await comment(failure);
                    await actions_core/* appendSummary */.fe(`${engineSummary}\n${failure}`);
                    actions_core/* setOutput */.uH('result', 'failure');
                    actions_core/* error */.z3(message, { title: `cluster-deploy: ${what} failed` });
                    process.exitCode = 1;
                    return undefined;
                }
            });
        }
        finally {
            await output.close();
        }
    }
}


/***/ }),

/***/ 60604:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HM: () => (/* binding */ readPlanRecord),
/* harmony export */   Hg: () => (/* binding */ changeTable),
/* harmony export */   Nw: () => (/* binding */ buildPlanComment),
/* harmony export */   Rj: () => (/* binding */ buildPlanFailureComment),
/* harmony export */   W$: () => (/* binding */ COMMENT_LIMIT),
/* harmony export */   YH: () => (/* binding */ planMarker)
/* harmony export */ });
/* unused harmony exports planRecordLine, diffLine */
/* harmony import */ var _core_tofu_plan_json_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(43288);
/* harmony import */ var _core_openstack_capacity_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(64578);
/* harmony import */ var _capacity_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(48739);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(92857);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(64377);
/* harmony import */ var _core_lib_option_values_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9485);
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(30018);

/**
 * The pull-request plan comment: which cluster, what changes (from `tofu show -json`, never from
 * parsing text), what an apply would run, and the full text plan folded away, always within
 * GitHub's comment limit without breaking a code fence, a <details> block or a character.
 */





/** GitHub refuses longer comment bodies (422 "Body is too long"). */
const COMMENT_LIMIT = 65_536;
/** The resource table stays readable; the rest is in the full plan. */
const MAX_TABLE_ROWS = 150;
function planMarker(cluster) {
    return `<!-- cluster-deploy-plan:${cluster} -->`;
}
/**
 * What the overview comment needs from a cluster's plan comment, hidden in it next to the marker:
 * only counts, an outcome, times and the commit, so no value in it can carry a secret. Read back
 * from a comment (which a fork's run may have written), it is untrusted: strictly parsed. Built on
 * first use: the plan paths only need it.
 */
function planRecordSchema() {
    const count = zod__WEBPACK_IMPORTED_MODULE_5__/* .number */ .aig().int().min(0).max(1e9);
    return zod__WEBPACK_IMPORTED_MODULE_5__/* .object */ .Ikc({
        status: zod__WEBPACK_IMPORTED_MODULE_5__/* ["enum"] */ .k5n(['ok', 'failed']),
        operation: zod__WEBPACK_IMPORTED_MODULE_5__/* ["enum"] */ .k5n(_core_lib_option_values_js__WEBPACK_IMPORTED_MODULE_3__/* .OPERATIONS */ .xb),
        add: count,
        change: count,
        destroy: count,
        replace: count,
        startedAt: zod__WEBPACK_IMPORTED_MODULE_6__/* .datetime */ .w$(),
        durationMs: zod__WEBPACK_IMPORTED_MODULE_5__/* .number */ .aig().int().min(0).max(1e10),
        commit: zod__WEBPACK_IMPORTED_MODULE_5__/* .string */ .YjP()
            .regex(/^[0-9a-f]{7,40}$/)
            .optional(),
    })
        .strict();
}
let PlanRecordSchema;
const RECORD_PREFIX = '<!-- cluster-deploy-plan-record:';
/** The record as its hidden line (JSON of numbers, an ISO time and hex never holds `-->`). */
function planRecordLine(record) {
    PlanRecordSchema ??= planRecordSchema();
    return `${RECORD_PREFIX}${JSON.stringify(PlanRecordSchema.parse(record))} -->`;
}
/**
 * The record of a plan comment, or undefined when it has none or it is malformed. Only the line after
 * the marker counts: the plan text further down could hold anything.
 */
function readPlanRecord(body) {
    const line = body.slice(0, 2_000).split('\n', 2)[1] ?? '';
    if (!line.startsWith(RECORD_PREFIX) || !line.endsWith(' -->'))
        return undefined;
    PlanRecordSchema ??= planRecordSchema();
    try {
        const parsed = PlanRecordSchema.safeParse(JSON.parse(line.slice(RECORD_PREFIX.length, -' -->'.length)));
        return parsed.success ? parsed.data : undefined;
    }
    catch {
        return undefined;
    }
}
/** The comment's first lines: the marker, then the record when there is one. */
function markerLines(cluster, record) {
    return record ? [planMarker(cluster), planRecordLine(record)] : [planMarker(cluster)];
}
const ACTION_LABEL = {
    create: '➕ create',
    update: '🔁 update',
    destroy: '❌ destroy',
    replace: '♻️ replace',
};
function headline(cluster, c, operation) {
    if (operation === 'destroy') {
        const count = c.destroy + c.replace; // as tofu counts them
        return count
            ? `### 🔴 Destroy plan for \`${cluster}\` — **${count} to destroy**`
            : `### 🟢 Destroy plan for \`${cluster}\` — nothing to destroy`;
    }
    if (c.rows.length === 0)
        return `### 🟢 No changes for \`${cluster}\``;
    const icon = c.destroy || c.replace ? '🟠' : '🟡';
    return `### ${icon} Plan for \`${cluster}\` — ${(0,_core_tofu_plan_json_js__WEBPACK_IMPORTED_MODULE_0__/* .changeCounts */ .Zg)(c, (text) => `**${text}**`)}`;
}
const escapeCode = (text) => (0,_markdown_js__WEBPACK_IMPORTED_MODULE_4__/* .codeText */ .ph)(text, { max: 1000 });
/**
 * The changed resources as a Markdown table (the plan comment's, the drift report's): at most
 * `maxRows` rows and `maxChars` characters, then a row saying how many more and where they are.
 */
function changeTable(rows, { maxRows = MAX_TABLE_ROWS, maxChars = Number.POSITIVE_INFINITY, rest = 'in the full plan' } = {}) {
    if (rows.length === 0)
        return [];
    const lines = ['| action | resource |', '|---|---|'];
    let size = lines.join('\n').length;
    for (const row of rows) {
        const line = `| ${ACTION_LABEL[row.action]} | \`${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_4__/* .codeText */ .ph)(row.address, { table: true })}\` |`;
        if (lines.length - 2 >= maxRows || size + line.length + 1 > maxChars)
            break;
        lines.push(line);
        size += line.length + 1;
    }
    const shown = lines.length - 2;
    if (shown < rows.length)
        lines.push(`| … | ${rows.length - shown} more ${rest} |`);
    return lines;
}
/**
 * GitHub colours a ```diff block by each line's first character, but tofu indents its change
 * markers: move them to the front (`~` and `-/+` become `!`), keeping the indentation.
 */
function diffLine(line) {
    const match = /^(\s+)(-\/\+|\+\/-|[-+~])(?=\s|$)/.exec(line);
    if (!match)
        return line;
    const [whole, indent, sign] = [match[0], match[1], match[2]];
    const rest = line.slice(whole.length);
    if (sign === '+' || sign === '-')
        return `${sign}${indent}${rest}`;
    if (sign === '~')
        return `!${indent}${rest}`;
    return `!${indent}${sign}${rest}`; // a replacement keeps its -/+
}
/** A fence longer than any backtick run inside the text, so the text cannot close it. */
function fenceFor(text) {
    const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
    return '`'.repeat(longest + 1);
}
/** Where the plan came from: config, commit, run, time. */
function footerLine(input) {
    return [
        input.configPath && `Config \`${escapeCode(input.configPath)}\``,
        input.commit && `commit \`${input.commit.slice(0, 7)}\``,
        input.runUrl && `[run${input.runNumber ? ` #${input.runNumber}` : ''}](${input.runUrl})`,
        `updated ${input.updatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    ]
        .filter(Boolean)
        .join(' · ');
}
/** Output kept in a failure comment: the end of it is what explains a failure. */
const FAILURE_OUTPUT_LIMIT = 20_000;
/**
 * The sticky comment when the plan itself fails (bad HCL, a provider error): the old plan must not
 * stay up looking current, and the author sees why without opening the log.
 */
function buildPlanFailureComment(input) {
    let output = input.outputTail.join('\n');
    if (output.length > FAILURE_OUTPUT_LIMIT)
        output = output.slice(output.indexOf('\n', output.length - FAILURE_OUTPUT_LIMIT) + 1);
    const fence = fenceFor(output);
    return [
        ...markerLines(input.cluster, input.record),
        `### ❌ Plan failed for \`${input.cluster}\``,
        '',
        `**${escapeCode(input.error.split('\n')[0].slice(0, 1000))}**`,
        '',
        ...(output
            ? [
                '<details open><summary>Last lines of the output</summary>',
                '',
                `${fence}text`,
                output,
                fence,
                '</details>',
                '',
            ]
            : []),
        footerLine(input),
        '',
    ].join('\n');
}
/** Node lines are part of the comment's fixed head: each is bounded, so no node list can push the head past the limit. */
const MAX_NODE_LINE = 2_000;
function bounded(text) {
    const line = text.replace(/\r?\n/g, ' ');
    return line.length > MAX_NODE_LINE
        ? `${line.slice(0, MAX_NODE_LINE)}… (cut: the full text is in the run's log)`
        : line;
}
/** The node decisions: the refusal first and loudest, then the decisions, then the warnings (UNSAFE ones bold). */
function nodeLines(nodes) {
    const lines = [];
    if (nodes.refused)
        lines.push(`> **⛔ A deploy of this plan would be refused:** ${bounded(nodes.refused)}`, '');
    lines.push(`**Nodes:** ${bounded(nodes.summary)}`, '');
    for (const warning of nodes.warnings.slice(0, 20)) {
        lines.push(warning.startsWith('UNSAFE:') ? `> **⚠️ ${bounded(warning)}**` : `⚠️ ${bounded(warning)}`, '');
    }
    if (nodes.warnings.length > 20)
        lines.push(`⚠️ … ${nodes.warnings.length - 20} more warnings in the run's log`, '');
    return lines;
}
/** Builds the comment body; `truncated` says whether the full plan had to be cut. */
function capacityLines(capacity) {
    if ('error' in capacity)
        return [`⚠️ Quotas not checked: ${bounded(capacity.error)}`, ''];
    const refused = capacity.exceeded.length
        ? [`> **⛔ A deploy of this plan would be refused (quota):** ${bounded((0,_core_openstack_capacity_js__WEBPACK_IMPORTED_MODULE_1__/* .exceededLines */ .Jp)(capacity).join('; '))}`, '']
        : [];
    return [...refused, (0,_capacity_js__WEBPACK_IMPORTED_MODULE_2__/* .capacityMarkdown */ .G)(capacity)];
}
function buildPlanComment(input) {
    const changes = input.changes;
    const { size: limit, unit } = input.limit ?? { size: COMMENT_LIMIT, unit: 'characters' };
    const sizeOf = unit === 'bytes' ? (text) => Buffer.byteLength(text, 'utf8') : (text) => text.length;
    const operation = input.operation ?? 'deploy';
    // The node decisions come before the table: a refusal or an UNSAFE removal must not sit below 150 rows.
    const head = [
        ...markerLines(input.cluster, input.record),
        headline(input.cluster, changes, operation),
        '',
        ...(input.notices ?? []).flatMap((notice) => [notice.trimEnd(), '']),
        ...(input.nodes ? nodeLines(input.nodes) : []),
        ...(input.capacity ? capacityLines(input.capacity) : []),
    ];
    if (changes.rows.length)
        head.push(...changeTable(changes.rows), '');
    const steps = input.applySteps.map((s) => `\`${s}\``).join(' → ');
    head.push(`**${operation === 'destroy' ? 'A destroy' : 'An apply'} would run:** ${steps}${input.stateNote ? ` (${input.stateNote})` : ''}`, '');
    const footer = ['', footerLine(input), ''];
    const lines = input.planText.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n').map(diffLine);
    const fence = fenceFor(input.planText);
    const open = (shown) => [
        `<details><summary>Full plan (${lines.length} lines${shown < lines.length ? `, first ${shown} shown` : ''})</summary>`,
        '',
        `${fence}diff`,
    ];
    const close = (shown) => [
        fence,
        ...(shown < lines.length
            ? [
                '',
                `✂️ The plan was cut here (${lines.length - shown} more lines): the full plan is in ${input.fullPlanLocation ?? 'the job summary'}.`,
            ]
            : []),
        '</details>',
    ];
    const assemble = (shown) => [...head, ...open(shown), ...lines.slice(0, shown), ...close(shown), ...footer].join('\n');
    const full = assemble(lines.length);
    if (sizeOf(full) <= limit)
        return { body: full, truncated: false };
    // Everything but the plan lines has a fixed size; fill what remains, whole lines only.
    const budget = limit - sizeOf(assemble(0)) - 16; // room for the changed line counts
    let used = 0;
    let shown = 0;
    while (shown < lines.length && used + sizeOf(lines[shown]) + 1 <= budget)
        used += sizeOf(lines[shown++]) + 1;
    return { body: assemble(shown), truncated: true };
}


/***/ }),

/***/ 54156:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C4: () => (/* binding */ ownLogin),
/* harmony export */   lY: () => (/* binding */ listOwnComments),
/* harmony export */   qD: () => (/* binding */ upsertStickyComment)
/* harmony export */ });
/* harmony import */ var _rest_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(85949);

/** GITHUB_TOKEN comments as this bot; so do the runs' own integration tokens. */
const ACTIONS_BOT = 'github-actions[bot]';
/**
 * Who our comments (and health issues) are written by: a user token can ask GitHub; an integration
 * token (GITHUB_TOKEN) gets 403 from /user and writes as github-actions[bot]. Any other failure (a
 * rate limit, GitHub failing) is not taken for a bot, which would post a second comment.
 */
async function ownLogin(octokit) {
    try {
        return (await octokit.rest.users.getAuthenticated()).data.login;
    }
    catch (error) {
        if ((0,_rest_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .restFailure */ .$e)(error) === 'forbidden')
            return ACTIONS_BOT;
        throw (0,_rest_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .describeRestError */ .Ar)(error);
    }
}
/** Every comment of the pull request written by our token's author, oldest first (paging through all of them). */
async function listOwnComments(octokit, target) {
    const login = await ownLogin(octokit);
    const { owner, repo, issueNumber } = target;
    const comments = await octokit.paginate(octokit.rest.issues.listComments, {
        owner,
        repo,
        issue_number: issueNumber,
        per_page: 100,
    });
    return comments
        .filter((c) => c.user?.login === login)
        .map((c) => ({ id: c.id, body: c.body ?? '', url: c.html_url }));
}
/**
 * One comment per marker: found by paging through every comment of the pull request (or in `own`,
 * when the caller has just listed them) and matching both the hidden marker and our own author
 * (someone quoting the marker is never overwritten), updated in place when found, created otherwise.
 */
async function upsertStickyComment(octokit, target, marker, body, own) {
    const { owner, repo, issueNumber } = target;
    try {
        const mine = (own ?? (await listOwnComments(octokit, target))).find((c) => c.body.includes(marker));
        if (mine) {
            const updated = await octokit.rest.issues.updateComment({ owner, repo, comment_id: mine.id, body });
            return { kind: 'updated', url: updated.data.html_url, id: updated.data.id };
        }
        const created = await octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body });
        return { kind: 'created', url: created.data.html_url, id: created.data.id };
    }
    catch (error) {
        const failure = (0,_rest_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .restFailure */ .$e)(error);
        if (failure === 'forbidden' || failure === 'not-found') {
            // The caller knows what to advise (a fork's token cannot be given the permission).
            const { endpoint, status, detail } = (0,_rest_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .describeRestError */ .Ar)(error);
            return { kind: 'forbidden', message: `${endpoint} answered ${status}: ${detail}` };
        }
        throw (0,_rest_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .describeRestError */ .Ar)(error);
    }
}


/***/ })

};
