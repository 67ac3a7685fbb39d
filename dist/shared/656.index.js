export const id = 656;
export const ids = [656];
export const modules = {

/***/ 83656:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  main: () => (/* binding */ main)
});

// EXTERNAL MODULE: ./lib/github/action-run.js
var action_run = __webpack_require__(77773);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: ./lib/core/lib/errors.js
var errors = __webpack_require__(36452);
// EXTERNAL MODULE: ./lib/core/lib/redact.js
var redact = __webpack_require__(61078);
// EXTERNAL MODULE: ./lib/github/actions-core.js
var actions_core = __webpack_require__(14518);
// EXTERNAL MODULE: ./lib/github/artifact-store.js
var artifact_store = __webpack_require__(50169);
// EXTERNAL MODULE: ./lib/github/clients.js
var clients = __webpack_require__(10563);
// EXTERNAL MODULE: ./lib/github/plan-artifact.js
var plan_artifact = __webpack_require__(80215);
// EXTERNAL MODULE: ./lib/github/plan-comment.js
var plan_comment = __webpack_require__(60604);
// EXTERNAL MODULE: ./lib/core/tofu/plan-json.js
var plan_json = __webpack_require__(43288);
// EXTERNAL MODULE: ./lib/core/lib/option-values.js
var option_values = __webpack_require__(9485);
// EXTERNAL MODULE: ./lib/github/timeline.js
var timeline = __webpack_require__(8936);
;// CONCATENATED MODULE: ./lib/github/plan-overview.js

/**
 * The overview comment of a pull request whose clusters are planned by a matrix (one job per
 * cluster, each with its own sticky plan comment): one sticky comment listing every cluster with its
 * counts and a link to its comment, naming the clusters whose plan failed or left no comment for
 * this commit, with a gantt chart of the plan times. Everything it shows comes from the hidden
 * records of the clusters' own comments (readPlanRecord): no artifact, no value that could be a secret.
 */




const OVERVIEW_MARKER = '<!-- cluster-deploy-plan-overview -->';
/** GitHub runs at most 256 jobs per matrix: an overview of more clusters is a mistake. */
const MAX_CLUSTERS = 256;
/** The targets output of 256 clusters is about 33 KB; far more is not a cluster list. */
const MAX_CLUSTERS_INPUT = 100_000;
/** Names listed in the failed and missing lines; every cluster is in the table anyway. */
const MAX_NAMED = 30;
const shown = (text) => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
const isClusterId = (text) => {
    const parts = text.split('/');
    return parts.length === 2 && parts.every((part) => option_values/* NAME_PATTERN */.mF.test(part));
};
/**
 * The `clusters` input: the targets action's `clusters` output, a JSON list of `<org>/<cluster>`,
 * each name as the config allows it, none twice, at most MAX_CLUSTERS. Undefined when not given.
 */
function parseClustersInput(text) {
    const value = text.trim();
    const what = 'pass the targets action\'s clusters output, a JSON list of "<org>/<cluster>" (["acme/prod-east", "acme/prod-west"])';
    if (!value)
        return undefined;
    if (value.length > MAX_CLUSTERS_INPUT)
        throw new errors/* UsageError */.eb(`input clusters: ${value.length} characters is not a list of at most ${MAX_CLUSTERS} clusters; ${what}`);
    let list;
    try {
        list = JSON.parse(value);
    }
    catch {
        throw new errors/* UsageError */.eb(`input clusters: ${shown(value)} is not JSON; ${what}`);
    }
    if (!Array.isArray(list))
        throw new errors/* UsageError */.eb(`input clusters: ${shown(value)} is not a JSON list; ${what}`);
    if (list.length > MAX_CLUSTERS)
        throw new errors/* UsageError */.eb(`input clusters: ${list.length} clusters, more than a matrix runs (${MAX_CLUSTERS})`);
    const seen = new Set();
    return list.map((item, i) => {
        const where = `input clusters[${i}]`;
        if (typeof item !== 'string')
            throw new errors/* UsageError */.eb(`${where}: ${shown(JSON.stringify(item) ?? String(item))} is not a string "<org>/<cluster>"`);
        if (!isClusterId(item)) {
            throw new errors/* UsageError */.eb(`${where}: ${shown(item)} is not "<org>/<cluster>" (each ${option_values/* NAME_RULE */.$h})`);
        }
        if (seen.has(item))
            throw new errors/* UsageError */.eb(`${where}: ${shown(item)} is listed twice`);
        seen.add(item);
        return item;
    });
}
/** The clusters with a plan comment among ours, in the order they were first commented: the overview without `clusters`. */
function commentedClusters(own) {
    const clusters = own
        .map((c) => /^<!-- cluster-deploy-plan:([^\s>]+) -->/.exec(c.body)?.[1])
        .filter((id) => id !== undefined && isClusterId(id));
    return [...new Set(clusters)].slice(0, MAX_CLUSTERS);
}
/**
 * Each cluster's row, from our own comments on the pull request: its plan comment (marker), the
 * record in it, and whether that record is of this commit (`headSha`, when the event names it).
 */
function overviewRows(clusters, own, headSha) {
    return clusters.map((cluster) => {
        const comment = own.find((c) => c.body.startsWith((0,plan_comment/* planMarker */.YH)(cluster)));
        if (!comment)
            return { cluster, state: 'missing' };
        const record = (0,plan_comment/* readPlanRecord */.HM)(comment.body);
        const current = record && (!headSha || !record.commit || record.commit === headSha);
        const state = !current ? 'outdated' : record.status === 'ok' ? 'planned' : 'failed';
        return { cluster, state, record, url: comment.url };
    });
}
const count = (rows, state) => rows.filter((r) => r.state === state).length;
const plan_overview_short = (sha) => (sha ? `\`${sha.slice(0, 7)}\`` : 'this commit');
function planCell(row) {
    const r = row.record;
    if (row.state === 'missing')
        return '❓ no plan comment';
    if (row.state === 'outdated')
        return r?.commit ? `⏳ plan of ${plan_overview_short(r.commit)}` : '⏳ no plan record';
    if (row.state === 'failed')
        return '❌ failed';
    if (!r)
        return '';
    if (r.operation === 'destroy')
        return r.destroy + r.replace ? '🔴 destroy' : '🟢 nothing to destroy';
    if (r.add + r.change + r.destroy + r.replace === 0)
        return '🟢 no changes';
    return r.destroy || r.replace ? '🟠 changes' : '🟡 changes';
}
function row(r) {
    const name = r.url ? `[\`${r.cluster}\`](${r.url})` : `\`${r.cluster}\``;
    const counts = r.state === 'planned' && r.record
        ? [r.record.add, r.record.change, r.record.destroy, r.record.replace].map(String)
        : ['–', '–', '–', '–'];
    return `| ${name} | ${planCell(r)} | ${counts.join(' | ')} |`;
}
function named(label, rows, why) {
    if (!rows.length)
        return [];
    const names = rows.slice(0, MAX_NAMED).map((r) => `\`${r.cluster}\``);
    if (rows.length > MAX_NAMED)
        names.push(`and ${rows.length - MAX_NAMED} more`);
    return [`> **${label}:** ${names.join(', ')}${why}`, ''];
}
/** The plan times of this commit's plans: one bar per cluster, failed ones red. */
function planTimes(input) {
    const bars = input.rows
        .filter((r) => r.record && (r.state === 'planned' || r.state === 'failed'))
        .map((r) => ({
        name: r.cluster,
        startedAt: r.record.startedAt,
        durationMs: r.record.durationMs,
        ok: r.state === 'planned',
    }));
    return (0,timeline/* renderGanttChart */.z)([
        { name: `plans of commit ${input.commit ? input.commit.slice(0, 7) : 'this commit'}`, bars },
    ]);
}
/** The overview's body, within GitHub's comment limit: the chart goes first, then table rows, each with a note. */
function buildOverviewComment(input) {
    const { rows } = input;
    const planned = rows.filter((r) => r.state === 'planned' && r.record);
    const total = (key) => planned.reduce((sum, r) => sum + r.record[key], 0);
    const failed = rows.filter((r) => r.state === 'failed');
    const absent = rows.filter((r) => r.state === 'missing' || r.state === 'outdated');
    const parts = [
        `${count(rows, 'planned')} planned`,
        failed.length ? `**${failed.length} failed**` : '',
        absent.length ? `**${absent.length} without a plan for ${plan_overview_short(input.commit)}**` : '',
    ].filter(Boolean);
    const icon = failed.length || absent.length ? '❌' : total('destroy') || total('replace') ? '🟠' : '📋';
    const head = [
        OVERVIEW_MARKER,
        rows.length
            ? `### ${icon} Plans for ${rows.length} cluster${rows.length === 1 ? '' : 's'} — ${parts.join(', ')}`
            : '### 📋 No cluster is planned for this pull request',
        '',
        ...(planned.length
            ? [
                `In all: ${(0,plan_json/* changeCounts */.Zg)({ add: total('add'), change: total('change'), destroy: total('destroy'), replace: total('replace') })}.`,
                '',
            ]
            : []),
        ...named('❌ Plan failed', failed, ": see each one's comment for why"),
        ...named(`⚠️ No plan comment for ${plan_overview_short(input.commit)}`, absent, ': their plan job failed before commenting, was cancelled or did not run; see the run'),
    ];
    const footer = [
        '',
        [
            input.commit && `commit \`${input.commit.slice(0, 7)}\``,
            input.runUrl && `[run${input.runNumber ? ` #${input.runNumber}` : ''}](${input.runUrl})`,
            `updated ${input.updatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        ]
            .filter(Boolean)
            .join(' · '),
        '',
    ];
    const table = (shownRows) => rows.length
        ? [
            '| cluster | plan | add | change | destroy | replace |',
            '|---|---|---|---|---|---|',
            ...rows.slice(0, shownRows).map(row),
            ...(shownRows < rows.length
                ? [`| … | ${rows.length - shownRows} more clusters: the comment would be too long | | | | |`]
                : []),
            '',
        ]
        : [];
    const chart = planTimes(input);
    const assemble = (shownRows, withChart) => [
        ...head,
        ...table(shownRows),
        ...(chart
            ? withChart
                ? ['**Plan times**', '', chart]
                : ['The plan times are left out: the comment would be too long.', '']
            : []),
        ...footer,
    ].join('\n');
    let body = assemble(rows.length, true);
    if (body.length <= plan_comment/* COMMENT_LIMIT */.W$)
        return body;
    body = assemble(rows.length, false);
    for (let shownRows = rows.length; body.length > plan_comment/* COMMENT_LIMIT */.W$ && shownRows > 0; shownRows = Math.floor(shownRows * 0.9))
        body = assemble(shownRows, false);
    return body;
}

// EXTERNAL MODULE: ./lib/github/runner.js
var runner = __webpack_require__(93581);
// EXTERNAL MODULE: ./lib/github/sticky-comment.js
var sticky_comment = __webpack_require__(54156);
;// CONCATENATED MODULE: ./lib/actions/plan-comment/run.js












/**
 * actions/plan-comment. mode: post (the default), in a `workflow_run` workflow: posts the plan comments that a pull-request
 * run (a fork's, with a read-only token) left in its plan artifacts. The artifacts come from code we
 * do not trust, so a comment is posted only to the pull request whose head is the commit that run
 * planned, only as a plan comment (its marker), and only within GitHub's size limit.
 */
async function run() {
    const mode = actions_core/* getInput */.V4('mode').trim() || 'post';
    if (mode !== 'post' && mode !== 'overview') {
        throw new errors/* UsageError */.eb(`input mode: ${JSON.stringify(mode.length > 40 ? `${mode.slice(0, 40)}…` : mode)} is not a mode of actions/plan-comment; use post (the comments a fork's plan run left, the default) or overview`);
    }
    if (mode === 'overview')
        return overview();
    if (actions_core/* getInput */.V4('clusters').trim())
        throw new errors/* UsageError */.eb("input clusters is for mode: overview; mode post reads the clusters from the plan run's artifacts");
    return postForkComments();
}
/**
 * mode: overview, after the plan matrix of a pull request: one sticky comment over every cluster of
 * `clusters` (else every cluster with a plan comment on the pull request), read from the hidden records of their plan comments (plan-overview.ts). A token that
 * may not comment (a fork's) leaves it in the job summary, with a notice.
 */
async function overview() {
    if (actions_core/* getInput */.V4('run-id').trim())
        throw new errors/* UsageError */.eb('input run-id is for mode: post; mode: overview summarises the plan comments on the pull request of this run');
    const given = parseClustersInput(actions_core/* getInput */.V4('clusters'));
    const pr = (0,runner/* pullRequestFromEvent */.vR)();
    if (!pr)
        throw new errors/* UsageError */.eb('mode: overview runs in the pull_request workflow of the plans, in a job after the plan matrix (needs: [targets, plan]): this event has no pull request');
    const run = (0,runner/* runContext */.pO)(actions_core/* getInput */.V4('github-token'), process.env, {
        purpose: 'actions/plan-comment mode: overview',
        permissions: 'pull-requests: write',
    });
    const octokit = await (0,clients/* octokitFor */.d_)(run);
    const target = { owner: run.owner, repo: run.repo, issueNumber: pr.number };
    const own = await (0,sticky_comment/* listOwnComments */.lY)(octokit, target);
    const clusters = given ?? commentedClusters(own);
    if (!given) {
        actions_core/* notice */.lm(`input clusters is not given: the overview covers the ${clusters.length} clusters with a plan comment on this pull request. Pass the targets action's clusters output to name also the clusters whose plan left no comment.`, { title: 'cluster-deploy: overview without clusters' });
    }
    const rows = overviewRows(clusters, own, pr.headSha);
    const redactor = new redact/* Redactor */.pO();
    redactor.add(actions_core/* getInput */.V4('github-token'));
    const body = redactor.redact(buildOverviewComment({
        rows,
        commit: pr.headSha,
        runUrl: (0,runner/* currentRunUrl */.qM)(),
        runNumber: process.env.GITHUB_RUN_NUMBER,
        updatedAt: new Date(),
    }));
    actions_core/* setOutput */.uH('failed', JSON.stringify(rows.filter((r) => r.state === 'failed').map((r) => r.cluster)));
    actions_core/* setOutput */.uH('missing', JSON.stringify(rows.filter((r) => r.state === 'missing' || r.state === 'outdated').map((r) => r.cluster)));
    await actions_core/* appendSummary */.fe(body);
    const existing = own.some((c) => c.body.startsWith(OVERVIEW_MARKER));
    if (!clusters.length && !existing) {
        actions_core/* info */.pq('no clusters: no overview comment');
        return;
    }
    const outcome = await (0,sticky_comment/* upsertStickyComment */.qD)(octokit, target, OVERVIEW_MARKER, body, own);
    if (outcome.kind === 'forbidden') {
        actions_core/* notice */.lm(`cluster-deploy could not post the plan overview on pull request #${pr.number} (${redactor.redact(outcome.message)}). ${pr.fromFork ? 'Pull requests from forks get a read-only token, by design' : 'Give the job permissions: pull-requests: write'}; the overview is in this job's summary.`, { title: 'cluster-deploy: no overview comment' });
        return;
    }
    actions_core/* setOutput */.uH('comment-url', outcome.url);
    actions_core/* info */.pq(`${outcome.kind} the plan overview of ${clusters.length} clusters: ${outcome.url}`);
}
/** mode: post (the default), in a `workflow_run` workflow: see the module's comment. */
async function postForkComments() {
    const event = (0,runner/* readEvent */.j_)()?.workflow_run;
    const given = actions_core/* getInput */.V4('run-id').trim();
    if (given && !/^[1-9]\d{0,15}$/.test(given)) {
        throw new errors/* UsageError */.eb(`input run-id: ${JSON.stringify(given.length > 40 ? `${given.slice(0, 40)}…` : given)} is not a workflow run id (a positive whole number)`);
    }
    const runId = Number(given || event?.id);
    if (!Number.isSafeInteger(runId) || runId <= 0)
        throw new errors/* UsageError */.eb('input run-id is empty: run this action on a workflow_run event, or pass the run id of the plan workflow');
    const run = (0,runner/* runContext */.pO)(actions_core/* getInput */.V4('github-token'), process.env, {
        purpose: 'actions/plan-comment',
        permissions: 'actions: read and pull-requests: write',
    });
    const octokit = await (0,clients/* octokitFor */.d_)(run);
    const headSha = event?.id === runId && event.head_sha
        ? event.head_sha
        : (await octokit.rest.actions.getWorkflowRun({ owner: run.owner, repo: run.repo, run_id: runId })).data.head_sha;
    const { data } = await octokit.rest.actions.listWorkflowRunArtifacts({
        owner: run.owner,
        repo: run.repo,
        run_id: runId,
        per_page: 100,
    });
    const plans = data.artifacts.filter((a) => a.name.startsWith('cluster-deploy-plan-') && !a.expired);
    if (plans.length === 0) {
        actions_core/* info */.pq(`run ${runId} left no plan artifacts: nothing to post`);
        return;
    }
    const urls = [];
    for (const artifact of plans) {
        const dir = await (0,artifact_store/* downloadArtifactFiles */.s4)(run, { id: artifact.id, runId });
        const read = (file) => external_node_fs_.promises.readFile(external_node_path_.join(dir, file), 'utf8').catch(() => undefined);
        const [prText, body] = [await read(plan_artifact/* PLAN_FILES */.Sv.pullRequest), await read(plan_artifact/* PLAN_FILES */.Sv.comment)];
        if (!prText || !body) {
            actions_core/* info */.pq(`${artifact.name}: no pull request or comment in it (not a pull-request plan)`);
            continue;
        }
        const refuse = (why) => actions_core/* warning */.$e(`${artifact.name} from run ${runId}: not posted: ${why}`);
        const parsed = (0,plan_artifact/* parsePullRequestFile */.an)(prText);
        if (!parsed.ok) {
            refuse(parsed.reason);
            continue;
        }
        const { number, cluster } = parsed.file;
        const marker = (0,plan_comment/* planMarker */.YH)(cluster);
        if (parsed.file.marker !== marker || !body.startsWith(marker)) {
            refuse('the comment is not a plan comment for its cluster');
            continue;
        }
        if (body.length > plan_comment/* COMMENT_LIMIT */.W$) {
            refuse(`the comment is longer than GitHub's ${plan_comment/* COMMENT_LIMIT */.W$} characters`);
            continue;
        }
        const pr = await octokit.rest.pulls.get({ owner: run.owner, repo: run.repo, pull_number: number });
        if (pr.data.head.sha !== headSha) {
            refuse(`pull request #${number} is at ${pr.data.head.sha.slice(0, 7)}, but run ${runId} planned ${headSha.slice(0, 7)} (a newer push, or a run naming another pull request)`);
            continue;
        }
        const outcome = await (0,sticky_comment/* upsertStickyComment */.qD)(octokit, { owner: run.owner, repo: run.repo, issueNumber: number }, marker, body);
        if (outcome.kind === 'forbidden')
            throw new errors/* UserError */.yo(`cannot comment on pull request #${number} (${outcome.message}); give this job permissions: pull-requests: write`);
        actions_core/* info */.pq(`${outcome.kind} the plan comment for ${cluster} on #${number}: ${outcome.url}`);
        urls.push(outcome.url);
    }
    actions_core/* setOutput */.uH('comment-urls', JSON.stringify(urls));
}

;// CONCATENATED MODULE: ./lib/actions/plan-comment/index.js


/** The entry of actions/plan-comment (dist/plan-comment/index.js). */
const main = () => (0,action_run/* runAction */.Cs)('cluster-deploy plan-comment', run, { secretInputs: ['github-token'] });


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
