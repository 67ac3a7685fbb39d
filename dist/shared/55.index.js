export const id = 55;
export const ids = [55];
export const modules = {

/***/ 78960:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   b: () => (/* binding */ renderChangeTable)
/* harmony export */ });
const SIGN = { create: '+', update: '~', destroy: '-', replace: '-/+' };
/**
 * The one change table of the CLI and the dry run: "<title>: <counts>", then one line per changed
 * object with its sign (+ ~ - -/+); "<title>: no changes" when there are none.
 */
function renderChangeTable(title, counts, changes) {
    if (changes.rows.length === 0)
        return `${title}: no changes\n`;
    const lines = [`${title}: ${counts}`];
    for (const row of changes.rows)
        lines.push(`  ${SIGN[row.action].padEnd(3)} ${row.address}`);
    return `${lines.join('\n')}\n`;
}


/***/ }),

/***/ 43288:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Nf: () => (/* binding */ summarizeChanges),
/* harmony export */   Xh: () => (/* binding */ tofuCounts),
/* harmony export */   Zg: () => (/* binding */ changeCounts),
/* harmony export */   c7: () => (/* binding */ readPlanJson)
/* harmony export */ });
/* unused harmony export renderTofuChanges */
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(92857);
/* harmony import */ var _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(36452);
/* harmony import */ var _model_changes_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(78960);



/**
 * The parts of `tofu show -json <plan>` we read. zod drops everything else, so resource values
 * (which the JSON holds in plain text, sensitive ones included) are never kept.
 */
const PlanJsonSchema = zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({
    resource_changes: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ address: zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), change: zod__WEBPACK_IMPORTED_MODULE_2__/* .object */ .Ikc({ actions: zod__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(zod__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP()) }) }))
        .default([]),
});
function classify(actions) {
    const set = new Set(actions);
    if (set.has('create') && set.has('delete'))
        return 'replace';
    if (set.has('create'))
        return 'create';
    if (set.has('delete'))
        return 'destroy';
    if (set.has('update'))
        return 'update';
    return undefined; // no-op, read
}
/** Counts and lists the changes of a plan from its JSON form (never from the text). */
function summarizeChanges(planJson) {
    const parsed = PlanJsonSchema.safeParse(planJson);
    if (!parsed.success)
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`tofu show -json gave an unexpected plan document: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`);
    const changes = { add: 0, change: 0, destroy: 0, replace: 0, rows: [] };
    for (const resource of parsed.data.resource_changes) {
        const action = classify(resource.change.actions);
        if (!action)
            continue;
        changes.rows.push({ address: resource.address, action });
        if (action === 'create')
            changes.add++;
        else if (action === 'update')
            changes.change++;
        else if (action === 'destroy')
            changes.destroy++;
        else
            changes.replace++;
    }
    return changes;
}
/**
 * `tofu show -json <plan>`, parsed. Captured quietly: the JSON holds every value in plain text, so
 * it never reaches the log; only what zod keeps from it (addresses, actions, node names) is used.
 */
async function readPlanJson(planFile, tofu) {
    const json = await tofu(['show', '-json', planFile], { capture: true, quiet: true });
    try {
        return JSON.parse(json.stdout);
    }
    catch {
        throw new _lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`could not read the plan as JSON (tofu show -json ${planFile}); is the binary OpenTofu ≥ 1.6 or Terraform ≥ 1.0?`);
    }
}
/** Counts as tofu prints them ("Plan: N to add, …"): a replacement adds one and destroys one. */
function tofuCounts(changes) {
    return {
        toAdd: changes.add + changes.replace,
        toChange: changes.change,
        toDestroy: changes.destroy + changes.replace,
        toReplace: changes.replace,
    };
}
/**
 * The one way counts are said everywhere (CLI, summaries, comments, outputs): tofu's own "N to add,
 * N to change, N to destroy", a replacement counted in both add and destroy, then how many of those
 * are replacements. `strong` wraps the counts worth a reviewer's eye (destroy, replace).
 */
function changeCounts(changes, strong = (text) => text) {
    const { toAdd, toChange, toDestroy, toReplace } = tofuCounts(changes);
    const destroy = `${toDestroy} to destroy`;
    return `${toAdd} to add, ${toChange} to change, ${toDestroy ? strong(destroy) : destroy}${toReplace ? ` (${strong(`${toReplace} of them replaced`)})` : ''}`;
}
/** The change summary as text, for the CLI: tofu's counts line, then one line per changed resource. */
function renderTofuChanges(cluster, changes) {
    return renderChangeTable(`OpenTofu plan for ${cluster}`, changeCounts(changes), changes);
}


/***/ }),

/***/ 50169:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CH: () => (/* binding */ findNewestArtifact),
/* harmony export */   Cs: () => (/* binding */ artifactName),
/* harmony export */   LK: () => (/* binding */ stateArtifactName),
/* harmony export */   p: () => (/* binding */ ArtifactStateStore),
/* harmony export */   s4: () => (/* binding */ downloadArtifactFiles)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(51455);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(48161);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(76760);
/* harmony import */ var _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(36452);
/* harmony import */ var _core_lib_files_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(4196);
/* harmony import */ var _core_model_state_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(12280);
/* harmony import */ var _clients_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(10563);
/* harmony import */ var _quiet_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(46519);
/* harmony import */ var _rest_errors_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(85949);










/** An artifact name per kind, org and cluster (artifact names allow no slashes or colons). */
function artifactName(kind, organization, cluster) {
    const safe = (s) => s.replace(/[^A-Za-z0-9._-]+/g, '-');
    return `cluster-deploy-${kind}-${safe(organization)}-${safe(cluster)}`;
}
const stateArtifactName = (organization, cluster) => artifactName('state', organization, cluster);
function permissionHint(error, need) {
    const what = `the github-token cannot ${need === 'read' ? 'read' : 'replace'} workflow artifacts`;
    // A REST call (ours through octokitFor, or the artifact client's): described like every other, naming the endpoint.
    if ((0,_rest_errors_js__WEBPACK_IMPORTED_MODULE_8__/* .isRestError */ .T0)(error)) {
        const described = (0,_rest_errors_js__WEBPACK_IMPORTED_MODULE_8__/* .describeRestError */ .Ar)(error, { permission: `actions: ${need}` });
        if (described.failure !== 'forbidden')
            return described;
        return new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UserError */ .yo(`${what} (${described.endpoint} answered ${described.status}: ${described.detail}); add "permissions: actions: ${need}" to the job`, { cause: error });
    }
    const status = error.status;
    const message = (0,_core_lib_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .errorMessage */ .gJ)(error);
    if (status === 403 || /Resource not accessible by integration|403/.test(message)) {
        return new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UserError */ .yo(`${what} (${message}); add "permissions: actions: ${need}" to the job`);
    }
    return error instanceof Error ? error : new Error(message);
}
const findBy = (run, runId) => ({
    token: run.token,
    workflowRunId: runId,
    repositoryOwner: run.owner,
    repositoryName: run.repo,
});
/**
 * The newest artifact with this name: this run first (REST sees earlier attempts), then — unless
 * `scope` is 'run' — the repository's newest.
 */
async function findNewestArtifact(run, name, scope = 'repository') {
    const client = await (0,_clients_js__WEBPACK_IMPORTED_MODULE_7__/* .artifactClient */ .AR)();
    try {
        const thisRun = await (0,_quiet_js__WEBPACK_IMPORTED_MODULE_9__/* .quietly */ .g)(() => client.listArtifacts({ findBy: findBy(run, run.runId) }));
        const mine = thisRun.artifacts
            .filter((a) => a.name === name)
            .sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0))[0];
        if (mine)
            return { id: mine.id, runId: run.runId, createdAt: mine.createdAt?.toISOString() };
        if (scope === 'run')
            return undefined;
        const octokit = await (0,_clients_js__WEBPACK_IMPORTED_MODULE_7__/* .octokitFor */ .d_)(run);
        const { data } = await octokit.rest.actions.listArtifactsForRepo({
            owner: run.owner,
            repo: run.repo,
            name,
            per_page: 100,
        });
        const newest = data.artifacts
            .filter((a) => a.name === name && !a.expired && a.workflow_run?.id)
            .sort((a, b) => Date.parse(b.created_at ?? '') - Date.parse(a.created_at ?? ''))[0];
        return newest
            ? { id: newest.id, runId: newest.workflow_run.id, createdAt: newest.created_at ?? undefined }
            : undefined;
    }
    catch (error) {
        throw permissionHint(error, 'read');
    }
}
/** Downloads an artifact's files into a new private folder. */
async function downloadArtifactFiles(run, found) {
    const client = await (0,_clients_js__WEBPACK_IMPORTED_MODULE_7__/* .artifactClient */ .AR)();
    const dir = await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_1__.mkdtemp)(node_path__WEBPACK_IMPORTED_MODULE_3__.join((0,node_os__WEBPACK_IMPORTED_MODULE_2__.tmpdir)(), 'cluster-deploy-artifact-'));
    try {
        await (0,_quiet_js__WEBPACK_IMPORTED_MODULE_9__/* .quietly */ .g)(() => client.downloadArtifact(found.id, { path: dir, findBy: findBy(run, found.runId) }));
    }
    catch (error) {
        throw permissionHint(error, 'read');
    }
    return dir;
}
/**
 * Resume state kept in workflow artifacts. Every save writes the local state file, then replaces
 * this run's artifact (delete, then upload: a name can be uploaded once per run). Loading looks in
 * this run first (earlier attempts, after "Re-run failed jobs"), then in the repository's newest.
 */
class ArtifactStateStore {
    options;
    local;
    /** Where the state loaded from, for the log and the summary. */
    origin;
    loading;
    constructor(options) {
        this.options = options;
        this.local = new _core_model_state_js__WEBPACK_IMPORTED_MODULE_6__/* .LocalStateStore */ .Mc(node_path__WEBPACK_IMPORTED_MODULE_3__.join(options.dir, 'state.json'), options.cluster);
    }
    /** The artifact's name. */
    get name() {
        return this.options.name;
    }
    get location() {
        return `workflow artifact "${this.options.name}"`;
    }
    get statePath() {
        return this.local.file;
    }
    findNewest() {
        return findNewestArtifact(this.options.run, this.options.name);
    }
    /** Downloads once per run; later calls return the same state. */
    load() {
        this.loading ??= this.download();
        return this.loading;
    }
    async download() {
        const found = await this.findNewest();
        if (!found)
            return undefined;
        const dir = await downloadArtifactFiles(this.options.run, found);
        const source = `${this.location} (id ${found.id}, run ${found.runId})`;
        const text = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.readFile(node_path__WEBPACK_IMPORTED_MODULE_3__.join(dir, 'state.json'), 'utf8').catch(() => {
            throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .UserError */ .yo(`${source} has no state.json; it was not made by this action. Delete it or set restart: true`);
        });
        // Known before the state is validated, so the files that came with it stay usable with restart.
        this.origin = { runId: found.runId, artifactId: found.id, createdAt: found.createdAt, dir };
        const state = (0,_core_model_state_js__WEBPACK_IMPORTED_MODULE_6__/* .parseState */ .Bu)(text, source, this.options.cluster);
        if (state.run?.id === found.runId)
            this.origin.runAttempt = state.run.attempt;
        return state;
    }
    async save(state) {
        const { run } = this.options;
        const stamped = {
            ...state,
            run: {
                id: run.runId,
                attempt: run.runAttempt,
                url: `${run.serverUrl}/${run.owner}/${run.repo}/actions/runs/${run.runId}/attempts/${run.runAttempt}`,
            },
        };
        await this.local.save(stamped);
        await this.upload();
    }
    /** Uploads the local state and its companions, replacing this run's artifact. */
    async upload() {
        const { name, dir, companions } = this.options;
        await (0,_core_lib_files_js__WEBPACK_IMPORTED_MODULE_5__/* .ensurePrivateDir */ .rh)(dir);
        const files = [this.local.file];
        for (const companion of companions) {
            const content = await companion.read();
            if (content === undefined)
                continue;
            const file = node_path__WEBPACK_IMPORTED_MODULE_3__.join(dir, companion.name);
            await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.writeFile(file, content, { mode: 0o600 });
            files.push(file);
        }
        const client = await (0,_clients_js__WEBPACK_IMPORTED_MODULE_7__/* .artifactClient */ .AR)();
        try {
            await (0,_quiet_js__WEBPACK_IMPORTED_MODULE_9__/* .quietly */ .g)(async () => {
                await client.deleteArtifact(name).catch((error) => {
                    if (!/not found|404/i.test((0,_core_lib_errors_js__WEBPACK_IMPORTED_MODULE_4__/* .errorMessage */ .gJ)(error)))
                        throw error;
                });
                await client.uploadArtifact(name, files, dir);
            });
        }
        catch (error) {
            throw permissionHint(error, 'write');
        }
    }
}


/***/ }),

/***/ 48739:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   G: () => (/* binding */ capacityMarkdown)
/* harmony export */ });
/* harmony import */ var _core_openstack_capacity_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(64578);

function cell(text) {
    return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
/**
 * openstack-capacity's table for the job summary and the PR comment: open when a quota is exceeded
 * (or the refusal was overridden), folded otherwise. Counts and quota names only.
 */
function capacityMarkdown(report) {
    const lines = [];
    if (report.overridden) {
        lines.push(`> **⚠️ OVERRIDDEN: applied over quota with ignore-capacity.** ${cell((0,_core_openstack_capacity_js__WEBPACK_IMPORTED_MODULE_0__/* .exceededLines */ .Jp)(report).join('; '))}`, '');
    }
    const [header, ...rows] = (0,_core_openstack_capacity_js__WEBPACK_IMPORTED_MODULE_0__/* .capacityCells */ .Q8)(report);
    const status = report.exceeded.length
        ? `❌ ${report.exceeded.length} quota${report.exceeded.length === 1 ? '' : 's'} exceeded`
        : `✓ within quota`;
    lines.push(`<details${report.exceeded.length ? ' open' : ''}><summary>Quotas: ${status}</summary>`, '');
    if (rows.length) {
        lines.push(`| ${header.join(' | ')} |`, '|---|---:|---:|---:|---:|', ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`));
    }
    else {
        lines.push('The change takes nothing any read quota counts.');
    }
    const remarks = (0,_core_openstack_capacity_js__WEBPACK_IMPORTED_MODULE_0__/* .capacityRemarks */ .kY)(report);
    if (remarks.length)
        lines.push('', ...remarks.map((r) => `- ${cell(r)}`));
    lines.push('', '</details>', '');
    return lines.join('\n');
}


/***/ }),

/***/ 80215:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MI: () => (/* binding */ pullRequestFileText),
/* harmony export */   Sv: () => (/* binding */ PLAN_FILES),
/* harmony export */   an: () => (/* binding */ parsePullRequestFile),
/* harmony export */   l_: () => (/* binding */ fetchSavedPlan),
/* harmony export */   nU: () => (/* binding */ planArtifactName),
/* harmony export */   nX: () => (/* binding */ uploadPlanArtifact)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(73024);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(76760);
/* harmony import */ var zod__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(92857);
/* harmony import */ var _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(36452);
/* harmony import */ var _core_lib_files_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4196);
/* harmony import */ var _actions_core_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(14518);
/* harmony import */ var _artifact_store_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(50169);
/* harmony import */ var _clients_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(10563);
/* harmony import */ var _quiet_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(46519);
/* harmony import */ var _runner_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(93581);










/**
 * The plan artifact, written by a dry run (dry-run, or actions/tofu mode: plan) and read by a
 * deploy that applies a saved plan (plan-artifact) and by actions/plan-comment.
 */
const PLAN_FILES = {
    text: 'plan.txt',
    comment: 'comment.md',
    pullRequest: 'pull-request.json',
    binary: 'tofu.plan.age',
};
const planArtifactName = (organization, cluster) => (0,_artifact_store_js__WEBPACK_IMPORTED_MODULE_5__/* .artifactName */ .Cs)('plan', organization, cluster);
/**
 * pull-request.json: where the plan comment belongs. Read back from a fork's run, it is untrusted
 * input. Built on first use: only actions/plan-comment reads it.
 */
function pullRequestFileSchema() {
    return zod__WEBPACK_IMPORTED_MODULE_8__/* .object */ .Ikc({
        number: zod__WEBPACK_IMPORTED_MODULE_8__/* .number */ .aig().int().positive(),
        headSha: zod__WEBPACK_IMPORTED_MODULE_8__/* .string */ .YjP().regex(/^[0-9a-f]{40}$/),
        cluster: zod__WEBPACK_IMPORTED_MODULE_8__/* .string */ .YjP().min(1),
        marker: zod__WEBPACK_IMPORTED_MODULE_8__/* .string */ .YjP(),
    });
}
let PullRequestFileSchema;
/** Written by a plan for a pull request (an event without a head commit leaves headSha out; such a file is refused when read). */
function pullRequestFileText(file) {
    return JSON.stringify(file);
}
/** Parses pull-request.json: malformed input is a refusal (the reason), never a crash. */
function parsePullRequestFile(text) {
    let json;
    try {
        json = JSON.parse(text);
    }
    catch {
        return { ok: false, reason: `${PLAN_FILES.pullRequest} is not JSON` };
    }
    PullRequestFileSchema ??= pullRequestFileSchema();
    const parsed = PullRequestFileSchema.safeParse(json);
    if (parsed.success)
        return { ok: true, file: parsed.data };
    const issue = parsed.error.issues[0];
    return {
        ok: false,
        reason: `${PLAN_FILES.pullRequest} is malformed (${issue?.path.join('.') || 'the document'}: ${issue?.message})`,
    };
}
/** Uploads the full plan, the comment and (save-plan) the encrypted binary plan. Never fails the job. */
async function uploadPlanArtifact(name, files, dir) {
    if (!process.env.ACTIONS_RUNTIME_TOKEN) {
        _actions_core_js__WEBPACK_IMPORTED_MODULE_4__/* .info */ .pq(`not in a GitHub Actions run: the plan artifact "${name}" is not uploaded`);
        return false;
    }
    await (0,_core_lib_files_js__WEBPACK_IMPORTED_MODULE_3__/* .ensurePrivateDir */ .rh)(dir);
    const paths = [];
    for (const [file, content] of Object.entries(files)) {
        await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.writeFile(node_path__WEBPACK_IMPORTED_MODULE_1__.join(dir, file), content, { mode: 0o600 });
        paths.push(node_path__WEBPACK_IMPORTED_MODULE_1__.join(dir, file));
    }
    try {
        const client = await (0,_clients_js__WEBPACK_IMPORTED_MODULE_6__/* .artifactClient */ .AR)();
        // A re-run attempt uploads again under the same name.
        await (0,_quiet_js__WEBPACK_IMPORTED_MODULE_9__/* .quietly */ .g)(async () => {
            await client.deleteArtifact(name).catch(() => undefined);
            await client.uploadArtifact(name, paths, dir);
        });
        return true;
    }
    catch (error) {
        _actions_core_js__WEBPACK_IMPORTED_MODULE_4__/* .warning */ .$e(`could not upload the plan artifact "${name}": ${(0,_core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .gJ)(error)}`);
        return false;
    }
}
/** Downloads and decrypts the plan that save-plan stored in this run, for opentofu-apply to apply exactly. */
async function fetchSavedPlan(settings) {
    const name = settings.planArtifact;
    const run = (0,_runner_js__WEBPACK_IMPORTED_MODULE_7__/* .runContext */ .pO)(settings.githubToken);
    // Only this run's: the newest plan in the repository could be a pull request's, made from code not merged.
    const found = await (0,_artifact_store_js__WEBPACK_IMPORTED_MODULE_5__/* .findNewestArtifact */ .CH)(run, name, 'run');
    if (!found) {
        throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`plan-artifact: no artifact "${name}" in this workflow run; make the plan with save-plan: true in an earlier job of the same run (a plan from another run, such as a pull request's, is never applied)`);
    }
    const source = `plan-artifact "${name}" (run ${found.runId})`;
    const dir = await (0,_artifact_store_js__WEBPACK_IMPORTED_MODULE_5__/* .downloadArtifactFiles */ .s4)(run, found);
    const encrypted = await node_fs__WEBPACK_IMPORTED_MODULE_0__.promises.readFile(node_path__WEBPACK_IMPORTED_MODULE_1__.join(dir, PLAN_FILES.binary), 'utf8').catch(() => {
        throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_2__/* .UserError */ .yo(`${source} holds no saved plan (${PLAN_FILES.binary}): it was made without save-plan: true`);
    });
    const file = node_path__WEBPACK_IMPORTED_MODULE_1__.join(dir, 'tofu.plan');
    const { decryptBytesWithPassphrase } = await (0,_clients_js__WEBPACK_IMPORTED_MODULE_6__/* .secretBox */ .iZ)();
    await (0,_core_lib_files_js__WEBPACK_IMPORTED_MODULE_3__/* .writeFileAtomic */ .Zf)(file, await decryptBytesWithPassphrase(encrypted, settings.planPassphrase, source), 0o600);
    _actions_core_js__WEBPACK_IMPORTED_MODULE_4__/* .info */ .pq(`applying the saved plan from ${source}`);
    return { file, source };
}


/***/ }),

/***/ 46519:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   g: () => (/* binding */ quietly)
/* harmony export */ });
/**
 * Runs a call into a GitHub client library (artifacts, cache) with its progress lines held back:
 * a state save after every step would otherwise put a dozen "Uploading artifact…" lines between
 * the step groups. Workflow commands (`::debug::`, `::warning::`, `::add-mask::`, …) pass at once;
 * the held lines are printed only if the call fails, where they help.
 */
async function quietly(call) {
    const write = process.stdout.write;
    const held = [];
    process.stdout.write = function (chunk, ...rest) {
        const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
        if (text.startsWith('::'))
            return write.call(this, chunk, ...rest);
        held.push(text);
        const callback = rest.find((arg) => typeof arg === 'function');
        callback?.();
        return true;
    };
    try {
        return await call();
    }
    catch (error) {
        process.stdout.write = write;
        if (held.length)
            process.stdout.write(held.join(''));
        throw error;
    }
    finally {
        process.stdout.write = write;
    }
}


/***/ }),

/***/ 8936:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ renderGantt),
/* harmony export */   z: () => (/* binding */ renderGanttChart)
/* harmony export */ });
/* harmony import */ var _core_model_state_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(12280);

/** Bars one attempt shows at most: every step of an operation, with room to spare. */
const STEPS_PER_ATTEMPT = 32;
/**
 * A name as a Mermaid task or section name: only letters, digits, `.`, `_`, `-` and `/` stay, so nothing
 * in it can end the name (`:`), start a comment (`#`, `%%`), end a statement (`;`) or read as a keyword's argument.
 */
function taskName(id) {
    return id.replace(/[^A-Za-z0-9._/-]/g, '_').slice(0, 64) || 'step';
}
/** "attempt 2 (run 123, attempt 2) — resumed at opentofu-apply": no `:`, `#` or `;`, which would end a section name. */
function sectionName(attempt) {
    let name = `attempt ${attempt.number}`;
    if (attempt.run)
        name += ` (run ${attempt.run.id}${attempt.run.attempt > 1 ? `, attempt ${attempt.run.attempt}` : ''})`;
    if (attempt.resumedAt)
        name += ` — resumed at ${taskName(attempt.resumedAt)}`;
    return name;
}
function task(bar) {
    const start = Date.parse(bar.startedAt);
    if (!Number.isFinite(start))
        return undefined;
    // Whole seconds (what Mermaid's durations take), at least 1 s so a quick step still shows as a bar.
    const seconds = Math.max(1, Math.round((bar.durationMs ?? 0) / 1000));
    const name = bar.ok ? taskName(bar.name) : `${taskName(bar.name)} ${taskName(bar.failure ?? 'failed')}`;
    return `  ${name} :${bar.ok ? 'done' : 'crit'}, ${start}, ${seconds}s`;
}
/**
 * A Mermaid gantt chart (GitHub renders it in job summaries and comments): a section per entry, a
 * bar per bar, failed ones in red. Section names are the caller's, free of `:`, `#` and `;`. Empty
 * when there is no bar.
 */
function renderGanttChart(sections) {
    const lines = [];
    for (const section of sections) {
        const tasks = section.bars.map(task).filter((t) => t !== undefined);
        if (tasks.length)
            lines.push(`  section ${section.name}`, ...tasks);
    }
    if (!lines.length)
        return '';
    return ['```mermaid', 'gantt', '  dateFormat x', '  axisFormat %H:%M', '  todayMarker off', ...lines, '```', ''].join('\n');
}
const stepBar = (step) => ({
    name: step.id,
    startedAt: step.startedAt,
    durationMs: step.durationMs,
    ok: step.status === 'success',
    failure: step.status,
});
/**
 * The step timeline: a section per attempt, a bar per step run, failed and interrupted steps in
 * red. Only step ids, statuses and times go in; the last HISTORY_LIMIT attempts of at most
 * STEPS_PER_ATTEMPT steps each. Empty when no step ran.
 */
function renderGantt(history) {
    return renderGanttChart((history ?? [])
        .slice(-_core_model_state_js__WEBPACK_IMPORTED_MODULE_0__/* .HISTORY_LIMIT */ .Dc)
        .map((attempt) => ({ name: sectionName(attempt), bars: attempt.steps.slice(0, STEPS_PER_ATTEMPT).map(stepBar) })));
}


/***/ }),

/***/ 49567:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ai: () => (/* binding */ number)
/* harmony export */ });
/* unused harmony exports string, boolean, bigint, date */
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(43759);
/* harmony import */ var _schemas_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(92857);


function string(params) {
    return core._coercedString(schemas.ZodString, params);
}
function number(params) {
    return _core_index_js__WEBPACK_IMPORTED_MODULE_0__/* ._coercedNumber */ .qG(_schemas_js__WEBPACK_IMPORTED_MODULE_1__/* .ZodNumber */ .rSt, params);
}
function boolean(params) {
    return core._coercedBoolean(schemas.ZodBoolean, params);
}
function bigint(params) {
    return core._coercedBigint(schemas.ZodBigInt, params);
}
function date(params) {
    return core._coercedDate(schemas.ZodDate, params);
}


/***/ }),

/***/ 64377:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   w$: () => (/* binding */ datetime)
/* harmony export */ });
/* unused harmony exports date, time, duration */
/* harmony import */ var _core_index_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(43759);
/* harmony import */ var _schemas_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(92857);



function datetime(params) {
    return _core_index_js__WEBPACK_IMPORTED_MODULE_0__/* ._isoDateTime */ .G1(_schemas_js__WEBPACK_IMPORTED_MODULE_1__/* .ZodISODateTime */ .You, params);
}
function date(params) {
    return core._isoDate(ZodISODate, params);
}
function time(params) {
    return core._isoTime(ZodISOTime, params);
}
function duration(params) {
    return core._isoDuration(ZodISODuration, params);
}


/***/ })

};
