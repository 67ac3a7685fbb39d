export const id = 787;
export const ids = [787,178];
export const modules = {

/***/ 178:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CHECK_REPORT_LIMIT: () => (/* binding */ CHECK_REPORT_LIMIT),
/* harmony export */   checkTime: () => (/* binding */ checkTime),
/* harmony export */   checkVerdict: () => (/* binding */ checkVerdict),
/* harmony export */   renderCheckReport: () => (/* binding */ renderCheckReport)
/* harmony export */ });
/* harmony import */ var _core_model_check_report_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(98796);
/* harmony import */ var _core_tofu_plan_json_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(43288);
/* harmony import */ var _markdown_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(30018);
/* harmony import */ var _plan_comment_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(60604);
/**
 * What `operation: check` found, as Markdown: the job summary and the body of the cluster's health
 * issue. Subjects and messages name things users and the cluster chose (node names, resource
 * addresses, readyz checks), so every one goes through markdown.ts: shown as written, never markup.
 */




/**
 * The longest report, in characters: an issue body holds 65,536 (GitHub refuses more), and the
 * health issue adds its marker and the run's link.
 */
const CHECK_REPORT_LIMIT = 60_000;
/** Findings listed per kind: a thousand missing nodes say no more than fifty do. */
const MAX_FINDINGS_PER_KIND = 50;
/** The drift table never takes more than this share of the report: the findings come first. */
const DRIFT_TABLE_SHARE = 0.4;
const KIND_TITLES = {
    drift: 'Infrastructure drift',
    'node-missing': 'Nodes in the inventory but not in the API',
    'node-not-ready': 'Nodes not Ready',
    'node-unexpected': 'Nodes in the API but not in the inventory',
    'kubelet-version': 'kubelet versions other than the config’s',
    'certificate-expiry': 'API server certificate',
    readyz: 'Failing /readyz checks',
    'capi-condition': 'Cluster API conditions',
    unchecked: 'Not checked',
};
/** Findings other than drift: what the issue title counts as problems. */
function problemCount(report) {
    return report.findings.filter((f) => f.kind !== 'drift').length;
}
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** "drift", "3 problems", "drift and 1 problem"; empty when clean. */
function checkVerdict(report) {
    const problems = problemCount(report);
    return [report.drift && 'drift', problems > 0 && plural(problems, 'problem')].filter(Boolean).join(' and ');
}
/** `2026-11-23 02:00 UTC`, as the plan comment writes times; a time we cannot read, escaped. */
function checkTime(checkedAt) {
    const time = new Date(checkedAt);
    return Number.isNaN(time.getTime())
        ? (0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .plainText */ .wh)(checkedAt, { max: 40 })
        : `${time.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
function headline(report) {
    const cluster = `\`${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .codeText */ .ph)(report.cluster, { max: 130 })}\``;
    const verdict = checkVerdict(report);
    if (!verdict)
        return `### 🟢 ${cluster}: clean`;
    return `### ${problemCount(report) > 0 ? '🔴' : '🟡'} ${cluster}: ${verdict}`;
}
/** Where the expected node count comes from, worded for the method: Cluster API has machines, not an inventory. */
function expectedNodes(nodes) {
    switch (nodes.expectedFrom) {
        case 'manifests':
            return `${plural(nodes.expected, 'machine')} in the rendered manifests (replicas), `;
        case 'api':
            return '';
        default:
            return `${nodes.expected} in the inventory, `;
    }
}
/** Infrastructure, nodes, certificate: one line each, all of bounded size. */
function facts(report) {
    const lines = [];
    const infra = report.infrastructure;
    if (infra)
        lines.push(`**Infrastructure:** ${report.drift ? `drift — ${(0,_core_tofu_plan_json_js__WEBPACK_IMPORTED_MODULE_1__/* .changeCounts */ .Zg)(infra)}` : 'as planned, no drift'}`);
    else
        lines.push('**Infrastructure:** not checked (tofu plan did not run)');
    const nodes = report.nodes;
    if (nodes)
        lines.push(`**Nodes:** ${expectedNodes(nodes)}${nodes.inApi} in the API, ${nodes.ready} Ready`);
    const cert = report.certificate;
    if (cert) {
        const expires = `${checkTime(cert.notAfter)} (\`${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .codeText */ .ph)(cert.endpoint, { max: 200 })}\`)`;
        lines.push(cert.daysLeft < 0
            ? `**API server certificate:** **expired ${plural(-cert.daysLeft, 'day')} ago**, ${expires}`
            : `**API server certificate:** ${plural(cert.daysLeft, 'day')} left, until ${expires}`);
    }
    return lines.map((line) => `${line}  `);
}
const findingLine = (f) => `- \`${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .codeText */ .ph)(f.subject, { max: 200 })}\`: ${(0,_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .plainText */ .wh)(f.message, { max: 300 })}`;
/**
 * The report as Markdown, at most CHECK_REPORT_LIMIT characters: the headline with its counts, the
 * facts, every finding grouped by kind (50 a kind; drift findings are the table's rows when the
 * plan ran), then the drift table as the plan comment draws it. What does not fit is counted, not
 * cut mid-line.
 */
function renderCheckReport(report) {
    const head = [headline(report), '', `Checked ${checkTime(report.checkedAt)}.`, '', ...facts(report), ''];
    const rows = report.drift ? (report.infrastructure?.rows ?? []) : [];
    const table = (0,_plan_comment_js__WEBPACK_IMPORTED_MODULE_3__/* .changeTable */ .Hg)(rows, { maxChars: CHECK_REPORT_LIMIT * DRIFT_TABLE_SHARE, rest: 'in `tofu plan`' });
    const tail = table.length ? ['#### Infrastructure drift', '', ...table, ''] : [];
    const size = (lines) => lines.reduce((n, line) => n + line.length + 1, 0);
    // Room for the findings, less a line saying how many were left out.
    let budget = CHECK_REPORT_LIMIT - size(head) - size(tail) - 200;
    const body = [];
    let leftOut = 0;
    const kinds = _core_model_check_report_js__WEBPACK_IMPORTED_MODULE_0__/* .FINDING_KINDS */ .mH.filter((kind) => report.findings.some((f) => f.kind === kind) && !(kind === 'drift' && table.length));
    for (const [k, kind] of kinds.entries()) {
        const found = report.findings.filter((f) => f.kind === kind);
        // Each kind still to come keeps room for its heading and a first line: a flood of one kind hides no other.
        const reserve = (kinds.length - k - 1) * 600 + 100;
        const section = [`#### ${KIND_TITLES[kind]} (${found.length})`, ''];
        if (size(section) + reserve > budget) {
            leftOut += found.length;
            continue;
        }
        budget -= size(section);
        body.push(...section);
        let shown = 0;
        for (const finding of found.slice(0, MAX_FINDINGS_PER_KIND)) {
            const line = findingLine(finding);
            if (line.length + 1 > budget - reserve)
                break;
            body.push(line);
            budget -= line.length + 1;
            shown++;
        }
        if (shown < found.length) {
            const more = `- … ${found.length - shown} more`;
            body.push(more);
            budget -= more.length + 1;
        }
        body.push('');
        budget -= 1;
        leftOut += found.length - shown;
    }
    const note = leftOut
        ? [
            `_${plural(leftOut, 'finding')} not listed here (to keep this readable and within GitHub's size limit): the check's JSON report holds every one._`,
            '',
        ]
        : [];
    return [...head, ...body, ...note, ...tail].join('\n');
}


/***/ }),

/***/ 69787:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HEALTH_LABEL: () => (/* binding */ HEALTH_LABEL),
/* harmony export */   healthMarker: () => (/* binding */ healthMarker),
/* harmony export */   reportHealthIssue: () => (/* binding */ reportHealthIssue)
/* harmony export */ });
/* harmony import */ var _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(36452);
/* harmony import */ var _core_lib_option_values_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9485);
/* harmony import */ var _core_lib_redact_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(61078);
/* harmony import */ var _check_summary_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(178);
/* harmony import */ var _clients_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(10563);
/* harmony import */ var _rest_errors_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(85949);
/* harmony import */ var _sticky_comment_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(54156);







/** On every health issue: it narrows the listing to ours (keep it on them). */
const HEALTH_LABEL = 'cluster-health';
/** The first line of a cluster's health issue. */
function healthMarker(cluster) {
    return `<!-- cluster-deploy:health ${cluster} -->`;
}
const REPOSITORY = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;
function parseRepository(repository) {
    if (!REPOSITORY.test(repository))
        throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`health issue: repository "${repository.replace(/[^\x20-\x7e]/g, '?').slice(0, 80)}" is not owner/name`);
    const [owner, repo] = repository.split('/');
    return { owner, repo };
}
/** `<org>/<cluster>`, both names as the engine allows them: the cluster goes into the marker and the title. */
function parseCluster(cluster) {
    const parts = cluster.split('/');
    const where = "the check report's cluster (<org>/<cluster>)";
    if (parts.length !== 2)
        throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`${where}: "${cluster.replace(/[^\x20-\x7e]/g, '?').slice(0, 80)}" is not <org>/<cluster>`);
    return parts.map((name) => (0,_core_lib_option_values_js__WEBPACK_IMPORTED_MODULE_1__/* .parseName */ .$q)(name, where, _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo)).join('/');
}
function parseRunUrl(runUrl) {
    let url;
    try {
        url = new URL(runUrl);
    }
    catch {
        url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol) || runUrl.length > 2000 || /\s/.test(runUrl))
        throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo(`health issue: the run URL "${runUrl.replace(/[^\x20-\x7e]/g, '?').slice(0, 80)}" is not an http(s) URL`);
    return url.href;
}
/**
 * Opens, updates, reopens or closes the cluster's health issue for this report. Never more than one
 * stays open: when several of ours carry the marker (two checks at once), the oldest is kept and the
 * others are closed as its duplicates. A failure names the endpoint and, for a 403, the permission
 * (`issues: write`); the token appears in nothing this writes or throws.
 */
async function reportHealthIssue(options) {
    const { token, report } = options;
    if (!token)
        throw new _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo('health-issue needs github-token (the default is ${{ github.token }}) with permissions issues: write');
    const { owner, repo } = parseRepository(options.repository);
    const cluster = parseCluster(report.cluster);
    const runUrl = options.runUrl === undefined ? undefined : parseRunUrl(options.runUrl);
    const redactor = new _core_lib_redact_js__WEBPACK_IMPORTED_MODULE_2__/* .Redactor */ .pO();
    redactor.add(token);
    const octokit = await (0,_clients_js__WEBPACK_IMPORTED_MODULE_4__/* .octokitFor */ .d_)({ token, apiUrl: options.apiUrl ?? process.env.GITHUB_API_URL ?? 'https://api.github.com' }, options.policy);
    const marker = healthMarker(cluster);
    const runLink = runUrl ? `[the check's run](<${runUrl}>)` : undefined;
    try {
        const login = await (0,_sticky_comment_js__WEBPACK_IMPORTED_MODULE_6__/* .ownLogin */ .C4)(octokit);
        /** Our issues for this cluster, oldest first: by number, as issues opened within one second tie on created_at. */
        const ours = async () => {
            const listed = await octokit.paginate(octokit.rest.issues.listForRepo, {
                owner,
                repo,
                state: 'all',
                labels: HEALTH_LABEL,
                per_page: 100,
            });
            return listed
                .filter((issue) => !issue.pull_request &&
                issue.user?.login === login &&
                (issue.body ?? '').split('\n', 1)[0].trim() === marker)
                .sort((a, b) => a.number - b.number);
        };
        const comment = (issue, body) => octokit.rest.issues.createComment({ owner, repo, issue_number: issue.number, body: redactor.redact(body) });
        const closeDuplicates = async (duplicates, kept) => {
            for (const duplicate of duplicates) {
                await comment(duplicate, `Duplicate of #${kept.number}: cluster-deploy keeps one health issue per cluster.`);
                await octokit.rest.issues.update({
                    owner,
                    repo,
                    issue_number: duplicate.number,
                    state: 'closed',
                    state_reason: 'duplicate',
                    duplicate_issue_id: kept.id,
                });
            }
        };
        const found = await ours();
        const open = found.filter((issue) => issue.state === 'open');
        if (!report.drift && report.findings.length === 0) {
            if (open.length === 0)
                return { action: 'none' };
            for (const issue of open) {
                await comment(issue, `Clean at ${(0,_check_summary_js__WEBPACK_IMPORTED_MODULE_3__.checkTime)(report.checkedAt)}${runLink ? ` (${runLink})` : ''}.`);
                await octokit.rest.issues.update({
                    owner,
                    repo,
                    issue_number: issue.number,
                    state: 'closed',
                    state_reason: 'completed',
                });
            }
            return { action: 'closed', url: open[0].html_url };
        }
        const title = redactor.redact(`Cluster ${cluster}: ${(0,_check_summary_js__WEBPACK_IMPORTED_MODULE_3__.checkVerdict)(report)}`);
        const body = redactor.redact([marker, (0,_check_summary_js__WEBPACK_IMPORTED_MODULE_3__.renderCheckReport)(report), ...(runLink ? ['', `Reported by ${runLink}.`] : []), ''].join('\n'));
        const update = async (issue, fields = {}) => (await octokit.rest.issues.update({ owner, repo, issue_number: issue.number, title, body, ...fields })).data
            .html_url;
        if (open.length > 0) {
            const [kept, ...duplicates] = open;
            const url = await update(kept);
            await closeDuplicates(duplicates, kept);
            return { action: 'updated', url };
        }
        // Reopen the one closed when the cluster was last clean, not one closed as a duplicate.
        const closed = found.find((issue) => issue.state_reason !== 'duplicate') ?? found[0];
        if (closed)
            return { action: 'reopened', url: await update(closed, { state: 'open' }) };
        const created = (await octokit.rest.issues.create({ owner, repo, title, body, labels: [HEALTH_LABEL] })).data;
        // Another check of this cluster may have opened one at the same moment. Numbers follow creation,
        // so the one that opened the newer issue sees the older and closes its own: one comment, one open.
        const [kept] = (await ours()).filter((issue) => issue.state === 'open');
        if (!kept || kept.number === created.number)
            return { action: 'opened', url: created.html_url };
        await closeDuplicates([created], kept);
        return { action: 'updated', url: await update(kept) };
    }
    catch (error) {
        throw (0,_rest_errors_js__WEBPACK_IMPORTED_MODULE_5__/* .describeRestError */ .Ar)(error, { permission: 'issues: write' });
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
