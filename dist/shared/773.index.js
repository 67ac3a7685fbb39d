export const id = 773;
export const ids = [773];
export const modules = {

/***/ 36452:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $j: () => (/* binding */ problemsError),
/* harmony export */   XQ: () => (/* binding */ RefusalError),
/* harmony export */   eb: () => (/* binding */ UsageError),
/* harmony export */   gJ: () => (/* binding */ errorMessage),
/* harmony export */   og: () => (/* binding */ formatIssues),
/* harmony export */   p4: () => (/* binding */ InterruptedError),
/* harmony export */   yo: () => (/* binding */ UserError)
/* harmony export */ });
/* unused harmony exports EXIT, exitCodeFor */
/**
 * A mistake the user can fix (bad config, missing file, failed precondition). Entry points print
 * only its message, never a stack trace; anything else is a bug and keeps its stack.
 */
class UserError extends Error {
    name = 'UserError';
}
/**
 * A refusal to change or forget what the run cannot see (no tofu state, a destroy that destroyed
 * nothing): nothing was changed, and running the same command again refuses again until what the
 * message names is put right, so no "resume" advice goes with it.
 */
class RefusalError extends UserError {
    name = 'RefusalError';
}
/** The command line or action inputs are wrong (unknown flag, bad value): the documented exit 2. */
class UsageError extends UserError {
    name = 'UsageError';
}
/** The run was cancelled (SIGINT/SIGTERM): exit 130, as shells report a Ctrl-C. */
class InterruptedError extends Error {
    name = 'InterruptedError';
    constructor(message = 'interrupted') {
        super(message);
    }
}
/**
 * The process exit codes, defined once for the CLI and documented in the README. `findings`: a check
 * ran and found drift or a health problem (the check itself succeeded).
 */
const EXIT = { ok: 0, failed: 1, usage: 2, findings: 3, interrupted: 130 };
/** The exit code an error stands for: from its type, never from its message. */
function exitCodeFor(error) {
    if (error instanceof UsageError)
        return EXIT.usage;
    if (error instanceof InterruptedError)
        return EXIT.interrupted;
    return EXIT.failed;
}
function errorMessage(error) {
    return error instanceof Error ? error.message : String(error);
}
/** A zod type name in words, as a user editing YAML or JSON thinks of it. */
const TYPE_WORDS = {
    string: 'a string',
    number: 'a number',
    int: 'a whole number',
    boolean: 'true or false',
    object: 'a mapping',
    array: 'a list',
    undefined: 'nothing',
    null: 'null',
};
const inWords = (type) => TYPE_WORDS[type] ?? type;
/**
 * One issue in plain words. zod's own messages read like the validator ("Invalid input: expected string, received
 * undefined"); ours (a schema's `error`) are kept as written. `meaning` says what the field is for.
 */
function plainIssue(where, issue, meaning) {
    const what = meaning ? `, ${meaning}` : '';
    const type = /^Invalid input: expected (\w+), received (\w+)$/.exec(issue.message);
    if (issue.code === 'invalid_type' && type) {
        const [, expected, received] = type;
        if (received === 'undefined')
            return `missing: ${where} (${inWords(expected)}${what})`;
        return `${where}${meaning ? ` (${meaning})` : ''}: must be ${inWords(expected)}, not ${inWords(received)}`;
    }
    const value = /^Invalid (?:input|option): expected (?:one of )?(.+)$/.exec(issue.message);
    if (issue.code === 'invalid_value' && value) {
        const choices = value[1].split('|').map((choice) => choice.trim());
        const must = choices.length > 1 ? `one of ${choices.join(', ')}` : choices[0];
        return `${where}: must be ${must}${meaning ? ` (${meaning})` : ''}`;
    }
    return `${where}: ${issue.message}`;
}
/**
 * Formats zod issues as one message naming every bad field by its dotted path, in plain words: on one line for
 * a single issue (`<source> is invalid: users.0.user: must be a mapping, not a list`), else one line each.
 * `meanings` (by dotted path) says what a field is for, for a file people write by hand.
 */
function formatIssues(source, issues, meanings = {}) {
    const lines = issues.map((issue) => {
        const path = issue.path.map(String).join('.');
        return plainIssue(path || '(top level)', issue, meanings[path]);
    });
    return lines.length === 1
        ? `${source} is invalid: ${lines[0]}`
        : `${source} is invalid:\n${lines.map((line) => `  - ${line}`).join('\n')}`;
}
/** Several problems as a list under one line, as invalid config fields are: not bare lines after the error. */
function problemsError(problems) {
    if (problems.length === 0)
        return undefined;
    return new UserError(problems.length === 1
        ? problems[0]
        : `${problems.length} problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}


/***/ }),

/***/ 61078:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   pO: () => (/* binding */ Redactor)
/* harmony export */ });
/* unused harmony exports MASK, RedactionStream */
/**
 * The one redactor behind every channel: console, log file, state, plan, summaries and comments.
 * Secret values are registered once and replaced by `***` wherever they appear: in text by
 * redact(), and in streamed command output by stream(), on the bytes, without decoding them.
 */
const MASK = '***';
const MASK_BYTES = Buffer.from(MASK);
const EMPTY = Buffer.alloc(0);
class Redactor {
    secrets = new Set();
    sorted = [];
    matcher;
    /** Registers a secret; multi-line values also register each substantial line (PEM bodies, say). */
    add(value) {
        if (value === undefined || value === null)
            return;
        const trimmed = value.trim();
        if (trimmed === '')
            return;
        this.secrets.add(trimmed);
        if (trimmed.includes('\n')) {
            for (const line of trimmed.split(/\r?\n/)) {
                const l = line.trim();
                if (l.length >= 8 && !/^-----(BEGIN|END) [A-Z ]+-----$/.test(l))
                    this.secrets.add(l);
            }
        }
        // Longest first, so a secret that contains another is masked whole.
        this.sorted = [...this.secrets].sort((a, b) => b.length - a.length);
        this.matcher = undefined;
    }
    get values() {
        return this.sorted;
    }
    /** Length of the longest secret: a stream must hold back this many characters minus one. */
    get longest() {
        return this.sorted[0]?.length ?? 0;
    }
    redact(text) {
        let out = text;
        for (const secret of this.sorted) {
            if (out.includes(secret))
                out = out.split(secret).join(MASK);
        }
        return out;
    }
    /** Deep-redacts every string in a JSON-like value (state, outputs, plans). */
    redactValue(value) {
        if (typeof value === 'string')
            return this.redact(value);
        if (Array.isArray(value))
            return value.map((v) => this.redactValue(v));
        if (value && typeof value === 'object') {
            return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.redactValue(v)]));
        }
        return value;
    }
    /** The secrets as UTF-8 bytes, ready to search; rebuilt after add(), so a stream picks up a secret added mid-run. */
    get bytes() {
        this.matcher ??= new SecretMatcher(this.sorted);
        return this.matcher;
    }
    /** Redacts a whole buffer as redact() does the same text, without decoding it. */
    redactBytes(data) {
        const parts = this.stream().end(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
        return parts.length === 1 ? parts[0] : Buffer.concat(parts);
    }
    /** A redactor for one byte stream (a child's stdout, say): see RedactionStream. */
    stream(options) {
        return new RedactionStream(this, options);
    }
}
/** Window of the multi-pattern search: up to this many leading bytes of each secret drive the skips. */
const WINDOW = 32;
/** Bytes from the end of a chunk within which any secret may be starting; further back, only a long one. */
const NEAR_END = 64;
/** Scan positions per pass of the multi-pattern search. */
const RANGE = 16 * 1024;
/** Two bytes as one number, as a little-endian DataView.getUint16 reads them. */
const block = (first, second) => first | (second << 8);
/**
 * Every secret as bytes, searched for all at once in one pass over a buffer (Wu–Manber on 2-byte
 * blocks): on ordinary output most steps skip nearly a window, the shortest secret's length (up to
 * WINDOW), so twenty secrets cost about what one Buffer.indexOf does, where an indexOf per secret
 * would cost twenty times that.
 */
class SecretMatcher {
    /** In redact()'s order (longest in characters first): that order is also the priority of overlapping matches. */
    patterns;
    /** Length in bytes of the longest secret. */
    longest;
    /** Bytes of the search window: the shortest multi-byte secret, at most WINDOW; 0 without one. */
    window;
    /** For each block, how far the window may move on when it ends with that block. */
    shift = new Uint8Array(65536);
    /** Secrets by their first block: the first index, then a chain through `next`, in priority order. */
    first = new Int32Array(65536).fill(-1);
    next;
    /** First bytes of the multi-byte secrets. */
    starts = new Uint8Array(256);
    /** Indexes of one-byte secrets, searched on their own. */
    singles = [];
    /**
     * Secrets longer than NEAR_END bytes, with their first bytes to search for, and every 4 bytes that
     * can end a chunk that ends inside them, further than NEAR_END bytes in (most chunks end otherwise).
     */
    long = [];
    /** Windows found worth a closer look, by start (at most one per scan position of a range). */
    candidates = new Int32Array(RANGE);
    constructor(secrets) {
        this.patterns = secrets.map((s) => Buffer.from(s, 'utf8'));
        this.next = new Int32Array(this.patterns.length).fill(-1);
        this.longest = Math.max(0, ...this.patterns.map((p) => p.length));
        const multi = this.patterns.filter((p) => p.length >= 2);
        const m = multi.length ? Math.min(WINDOW, ...multi.map((p) => p.length)) : 0;
        this.window = m;
        this.shift.fill(Math.max(m - 1, 0));
        for (let i = this.patterns.length - 1; i >= 0; i--) {
            const p = this.patterns[i];
            if (p.length === 1) {
                this.singles.unshift(i);
                continue;
            }
            if (p.length > NEAR_END) {
                const ends = new Set();
                for (let k = NEAR_END; k < p.length; k++)
                    ends.add(p.readUInt32LE(k - 3));
                this.long.push({ secret: p, prefix: p.subarray(0, 4), ends });
            }
            const head = block(p[0], p[1]);
            this.next[i] = this.first[head];
            this.first[head] = i;
            this.starts[p[0]] = 1;
            for (let j = 1; j < m; j++) {
                const b = block(p[j - 1], p[j]);
                if (this.shift[b] > m - 1 - j)
                    this.shift[b] = m - 1 - j;
            }
        }
    }
    /**
     * Appends the start and secret index of every occurrence lying wholly inside `buf`, in order of
     * start; only those starting before `startsBefore`, if given.
     */
    findAll(buf, out, startsBefore = buf.length) {
        const m = this.window;
        const n = buf.length;
        const before = out.length;
        if (m > 0 && n >= m) {
            // A scan position is where the window's last block starts (the window starts m - 2 bytes
            // before). Positions are scanned a range at a time, so the windows kept to look at fit.
            const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
            const end = Math.min(n - 1, startsBefore + m - 2);
            for (let from = m - 2; from < end; from += RANGE)
                this.scanRange(view, buf, from, Math.min(from + RANGE, end), out);
        }
        if (this.singles.length) {
            // Rare (a one-character secret masks that character everywhere).
            for (const i of this.singles) {
                const byte = this.patterns[i][0];
                for (let at = buf.indexOf(byte); at >= 0 && at < startsBefore; at = buf.indexOf(byte, at + 1))
                    out.push(at, i);
            }
        }
        if (out.length - before > 2)
            sortPairs(out, before);
    }
    /**
     * Scans the positions [from, to) as four scans of a quarter each, interleaved: one scan is a
     * chain of dependent loads (a block, then its shift) that leaves the processor waiting; four
     * independent chains keep it busy. Each scan owns the window ends in its quarter, and a skip never
     * passes an occurrence's end. A window whose shift is 0 is kept to look at after the loop if a
     * secret starts with its first block: the check inline, or any call, would slow every step.
     */
    scanRange(view, buf, from, to, out) {
        const { window: m, shift, first, candidates } = this;
        const back = m - 2;
        const quarter = Math.floor((to - from) / 4);
        if (quarter < m) {
            this.scan(view, buf, from, to, out);
            return;
        }
        let p1 = from;
        let p2 = p1 + quarter;
        let p3 = p2 + quarter;
        let p4 = p3 + quarter;
        const e1 = p2;
        const e2 = p3;
        const e3 = p4;
        let count = 0;
        while (p1 < e1 && p2 < e2 && p3 < e3 && p4 < to) {
            const s1 = shift[view.getUint16(p1, true)];
            const s2 = shift[view.getUint16(p2, true)];
            const s3 = shift[view.getUint16(p3, true)];
            const s4 = shift[view.getUint16(p4, true)];
            if (s1 !== 0)
                p1 += s1;
            else if (first[view.getUint16(p1 - back, true)] < 0)
                p1++;
            else
                candidates[count++] = p1++ - back;
            if (s2 !== 0)
                p2 += s2;
            else if (first[view.getUint16(p2 - back, true)] < 0)
                p2++;
            else
                candidates[count++] = p2++ - back;
            if (s3 !== 0)
                p3 += s3;
            else if (first[view.getUint16(p3 - back, true)] < 0)
                p3++;
            else
                candidates[count++] = p3++ - back;
            if (s4 !== 0)
                p4 += s4;
            else if (first[view.getUint16(p4 - back, true)] < 0)
                p4++;
            else
                candidates[count++] = p4++ - back;
        }
        for (let c = 0; c < count; c++)
            this.verify(buf, candidates[c], out);
        this.scan(view, buf, p1, e1, out);
        this.scan(view, buf, p2, e2, out);
        this.scan(view, buf, p3, e3, out);
        this.scan(view, buf, p4, to, out);
    }
    /** One scan over the scan positions [from, to). */
    scan(view, buf, from, to, out) {
        const { window: m, shift } = this;
        let at = from;
        while (at < to) {
            const skip = shift[view.getUint16(at, true)];
            if (skip !== 0)
                at += skip;
            else
                this.verify(buf, at++ - (m - 2), out);
        }
    }
    /** Every secret that starts at `start`. */
    verify(buf, start, out) {
        const { first, next, patterns } = this;
        for (let i = first[block(buf[start], buf[start + 1])]; i >= 0; i = next[i]) {
            const p = patterns[i];
            if (start + p.length <= buf.length && matchesAt(buf, start, p, p.length))
                out.push(start, i);
        }
    }
    /**
     * The first position from which the rest of `buf` is the beginning of a secret (a secret that may
     * go on in the next chunk), or buf.length.
     */
    partialAt(buf) {
        const n = buf.length;
        const { first, next, patterns } = this;
        const near = Math.max(0, n - this.longest + 1, n - NEAR_END);
        // Further back than NEAR_END bytes from the end, only a long secret (a kubeconfig key runs to
        // kilobytes) can still be going on, and only if the chunk ends with 4 bytes found in it: those
        // few are searched for by their first bytes, rather than looking up thousands of positions.
        let found = n;
        const last = n >= 4 ? buf.readUInt32LE(n - 4) : -1;
        for (const { secret, prefix, ends } of this.long) {
            if (!ends.has(last))
                continue;
            for (let at = buf.indexOf(prefix, Math.max(0, n - secret.length + 1)); at >= 0 && at < Math.min(found, near); at = buf.indexOf(prefix, at + 1)) {
                if (matchesAt(buf, at, secret, n - at))
                    found = at;
            }
        }
        if (found < n)
            return found;
        for (let at = near; at < n - 1; at++) {
            for (let i = first[block(buf[at], buf[at + 1])]; i >= 0; i = next[i]) {
                const p = patterns[i];
                if (p.length > n - at && matchesAt(buf, at, p, n - at))
                    return at;
            }
        }
        return n > 0 && this.longest > 1 && this.starts[buf[n - 1]] ? n - 1 : n;
    }
}
function matchesAt(buf, at, pattern, length) {
    for (let k = 0; k < length; k++)
        if (buf[at + k] !== pattern[k])
            return false;
    return true;
}
/** Sorts the [start, index] pairs from `from` on by start, then index. */
function sortPairs(pairs, from) {
    const tuples = [];
    for (let k = from; k < pairs.length; k += 2)
        tuples.push([pairs[k], pairs[k + 1]]);
    tuples.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (let k = 0; k < tuples.length; k++) {
        pairs[from + 2 * k] = tuples[k][0];
        pairs[from + 2 * k + 1] = tuples[k][1];
    }
}
/**
 * Which occurrences to mask, as redact() picks them: secrets in priority order (longest first),
 * each taking its occurrences from left to right that overlap neither a longer secret's nor its
 * own previous one. Returns sorted, disjoint [start, end] pairs.
 */
function selectMatches(found, patterns) {
    const bySecret = new Map();
    for (let k = 0; k < found.length; k += 2) {
        const i = found[k + 1];
        const starts = bySecret.get(i);
        if (starts)
            starts.push(found[k]);
        else
            bySecret.set(i, [found[k]]);
    }
    let chosen = [];
    for (const i of [...bySecret.keys()].sort((a, b) => a - b)) {
        const length = patterns[i].length;
        const taken = [];
        let free = 0;
        let c = 0;
        for (const start of bySecret.get(i)) {
            if (start < free)
                continue;
            const end = start + length;
            while (c < chosen.length && chosen[c + 1] <= start)
                c += 2;
            if (c < chosen.length && chosen[c] < end)
                continue;
            taken.push(start, end);
            free = end;
        }
        chosen = mergePairs(chosen, taken);
    }
    return chosen;
}
function mergePairs(a, b) {
    if (b.length === 0)
        return a;
    if (a.length === 0)
        return b;
    const out = [];
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
        if (j >= b.length || (i < a.length && a[i] < b[j])) {
            out.push(a[i], a[i + 1]);
            i += 2;
        }
        else {
            out.push(b[j], b[j + 1]);
            j += 2;
        }
    }
    return out;
}
/**
 * Redacts one byte stream chunk by chunk, with bounded memory and no decoding. Each call returns
 * the bytes that are final (pieces of the input and masks, to be written in order) and holds back
 * what could still change: the beginning of a secret that may go on in the next chunk, any match
 * that overlaps it, and an unfinished UTF-8 character, so every call's output ends on a character
 * boundary. The result is what redact() gives for the whole text at once; only a run of mutually
 * overlapping matches longer than `maxHeld` is cut, to keep memory bounded. A secret added to the
 * redactor applies from the next chunk on (what was passed on already cannot be called back).
 */
class RedactionStream {
    redactor;
    /** Input not yet redacted: what may be the start of a secret. */
    carry = EMPTY;
    maxHeld;
    constructor(redactor, options = {}) {
        this.redactor = redactor;
        this.maxHeld = options.maxHeld ?? 64 * 1024;
    }
    /** Bytes held back for the next chunk. */
    get held() {
        return this.carry.length;
    }
    write(chunk) {
        return this.round(chunk, false);
    }
    /** The end of the stream: everything held back, redacted (and a last chunk, if given). */
    end(chunk = EMPTY) {
        return this.round(chunk, true);
    }
    round(chunk, final) {
        const matcher = this.redactor.bytes;
        const { patterns, longest } = matcher;
        // The text is carry + body. A short chunk is simply appended; a long one is searched in place,
        // with only the seam (carry plus the chunk's first bytes) copied.
        let head = this.carry;
        let body = chunk;
        if (head.length > 0 && body.length < 2 * longest + 4) {
            body = Buffer.concat([head, body]);
            head = EMPTY;
        }
        const k = head.length;
        const n = k + body.length;
        const at = (i) => (i < k ? head[i] : body[i - k]);
        const found = [];
        if (patterns.length > 0) {
            if (k > 0) {
                const seam = Buffer.allocUnsafe(k + Math.min(longest - 1, body.length));
                head.copy(seam);
                body.copy(seam, k, 0, seam.length - k);
                matcher.findAll(seam, found, k);
            }
            if (k === 0)
                matcher.findAll(body, found);
            else {
                const inBody = [];
                matcher.findAll(body, inBody);
                for (let j = 0; j < inBody.length; j += 2)
                    found.push(inBody[j] + k, inBody[j + 1]);
            }
        }
        const chosen = found.length ? selectMatches(found, patterns) : found;
        let cut = n;
        if (!final) {
            cut = k + matcher.partialAt(body);
            cut = this.settle(cut, n, found, chosen, patterns, longest, at);
        }
        const out = [];
        const slice = (from, to) => {
            if (to <= from)
                return;
            if (to <= k)
                out.push(head.subarray(from, to));
            else if (from >= k)
                out.push(from === k && to === n ? body : body.subarray(from - k, to - k));
            else
                out.push(head.subarray(from), body.subarray(0, to - k));
        };
        let done = 0;
        for (let j = 0; j < chosen.length && chosen[j] < cut; j += 2) {
            slice(done, chosen[j]);
            out.push(MASK_BYTES);
            done = chosen[j + 1];
        }
        slice(done, cut);
        // Copied: the carry is small, and must not pin a large chunk (or the caller's buffer) in memory.
        if (cut >= n)
            this.carry = EMPTY;
        else if (cut >= k) {
            this.carry = Buffer.allocUnsafe(n - cut);
            body.copy(this.carry, 0, cut - k);
        }
        else
            this.carry = Buffer.concat([head.subarray(cut), body]);
        return out;
    }
    /**
     * Moves the cut back until it splits no match (nor a UTF-8 character): a match that overlaps the
     * cut may yet lose to a longer secret that starts later, and so may any match overlapping that
     * one. Everything before such a cut is decided whatever comes next.
     */
    settle(start, n, found, chosen, patterns, longest, at) {
        const first = charStart(start, n, at);
        let cut = first;
        // Matches by descending start: a match that moves the cut can only be overlapped by ones starting earlier.
        for (let j = found.length - 2; j >= 0; j -= 2) {
            const s = found[j];
            if (s + longest <= cut)
                break;
            if (s < cut && s + patterns[found[j + 1]].length > cut)
                cut = charStart(s, n, at);
        }
        if (n - cut <= Math.max(this.maxHeld, 2 * longest))
            return cut;
        // A chain of overlapping matches longer than we hold: cut where the next chunk could matter, but
        // never through a chosen match (finish it instead).
        for (let j = 0; j < chosen.length; j += 2) {
            if (chosen[j] < first && chosen[j + 1] > first)
                return chosen[j + 1];
        }
        return first;
    }
}
/** The start of the UTF-8 character at `i`, or before an unfinished one at the end of the text. */
function charStart(i, n, at) {
    if (i < n) {
        let j = i;
        while (j > 0 && j > i - 3 && (at(j) & 0xc0) === 0x80)
            j--;
        return j;
    }
    for (let j = n - 1; j >= 0 && j >= n - 3; j--) {
        const b = at(j);
        if ((b & 0xc0) === 0x80)
            continue;
        const size = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
        return j + size > n ? j : n;
    }
    return n;
}


/***/ }),

/***/ 77773:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Cs: () => (/* binding */ runAction),
/* harmony export */   kK: () => (/* binding */ postStepState)
/* harmony export */ });
/* unused harmony export failureMessage */
/* harmony import */ var _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(36452);
/* harmony import */ var _core_lib_redact_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(61078);
/* harmony import */ var _actions_core_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(14518);



/**
 * The step's error annotation for a failure: a UserError (UsageError included) or an interruption
 * by its message alone; anything else is a bug and keeps its stack. Secrets go through the redactor.
 */
function failureMessage(error, redactor) {
    const redact = (text) => (redactor ? redactor.redact(text) : text);
    const message = redact((0,_core_lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error));
    if (error instanceof _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .UserError */ .yo || error instanceof _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InterruptedError */ .p4)
        return message;
    return `internal error: ${message}\n${redact(error?.stack ?? '')}`;
}
/**
 * Runs an action's body — its secret inputs masked first — and turns what it throws into the
 * step's failure: the annotation (failureMessage, redacted), exit code 1 and, for actions with a
 * `result` output, that output and a one-line job summary.
 */
async function runAction(name, body, options = {}) {
    const redactor = new _core_lib_redact_js__WEBPACK_IMPORTED_MODULE_1__/* .Redactor */ .pO();
    for (const input of options.secretInputs ?? []) {
        const value = _actions_core_js__WEBPACK_IMPORTED_MODULE_2__/* .getInput */ .V4(input);
        if (!value)
            continue;
        _actions_core_js__WEBPACK_IMPORTED_MODULE_2__/* .setSecret */ .Pq(value);
        redactor.add(value);
    }
    let pipelineRedactor;
    let started = false;
    const run = {
        redactWith(r) {
            pipelineRedactor = r;
        },
        started() {
            started = true;
        },
    };
    try {
        await body(run);
    }
    catch (error) {
        const message = redactor.redact(failureMessage(error, pipelineRedactor));
        if (options.reportsResult) {
            _actions_core_js__WEBPACK_IMPORTED_MODULE_2__/* .setOutput */ .uH('result', error instanceof _core_lib_errors_js__WEBPACK_IMPORTED_MODULE_0__/* .InterruptedError */ .p4 ? 'interrupted' : 'failure');
            const headline = started ? `### ❌ ${name} failed` : `### ❌ ${name} could not start`;
            await _actions_core_js__WEBPACK_IMPORTED_MODULE_2__/* .appendSummary */ .fe(`${headline}\n\n${message.split('\n')[0]}\n`).catch(() => undefined);
        }
        _actions_core_js__WEBPACK_IMPORTED_MODULE_2__/* .setFailed */ .C1(message);
    }
}
/**
 * Values a main step keeps for its post step (core.saveState → STATE_* in the post step), under
 * fixed names, plus the mark that tells the post step apart (main and post share one entry point,
 * as in actions/checkout).
 */
function postStepState(names) {
    const IS_POST = 'is-post';
    return {
        /** Called first by the main step: from now on the same entry point runs as the post step. */
        markMain() {
            _actions_core_js__WEBPACK_IMPORTED_MODULE_2__/* .saveState */ .LZ(IS_POST, 'true');
        },
        isPost() {
            return _actions_core_js__WEBPACK_IMPORTED_MODULE_2__/* .getState */ .Gu(IS_POST) === 'true';
        },
        save(values) {
            for (const key of Object.keys(values)) {
                const value = values[key];
                if (value !== undefined)
                    _actions_core_js__WEBPACK_IMPORTED_MODULE_2__/* .saveState */ .LZ(names[key], value);
            }
        },
        /** What the main step saved; '' for what it did not. */
        load() {
            return Object.fromEntries(Object.keys(names).map((key) => [key, _actions_core_js__WEBPACK_IMPORTED_MODULE_2__/* .getState */ .Gu(names[key])]));
        },
    };
}


/***/ }),

/***/ 14518:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $e: () => (/* binding */ warning),
/* harmony export */   C1: () => (/* binding */ setFailed),
/* harmony export */   Gu: () => (/* binding */ getState),
/* harmony export */   LZ: () => (/* binding */ saveState),
/* harmony export */   N4: () => (/* binding */ endGroup),
/* harmony export */   Oh: () => (/* binding */ startGroup),
/* harmony export */   Pq: () => (/* binding */ setSecret),
/* harmony export */   V4: () => (/* binding */ getInput),
/* harmony export */   Yz: () => (/* binding */ debug),
/* harmony export */   dN: () => (/* binding */ exportVariable),
/* harmony export */   fe: () => (/* binding */ appendSummary),
/* harmony export */   lm: () => (/* binding */ notice),
/* harmony export */   pq: () => (/* binding */ info),
/* harmony export */   uH: () => (/* binding */ setOutput),
/* harmony export */   z3: () => (/* binding */ error)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(77598);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(73024);
/* harmony import */ var node_fs_promises__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(51455);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(48161);
/**
 * The workflow commands the actions use — inputs, outputs, state, masks, annotations, groups, the
 * job summary — written to the runner's documented protocol exactly as @actions/core writes them
 * (test/github/actions-core.test.ts holds the two side by side).
 *
 * Why not @actions/core itself: importing it loads its OIDC client, @actions/http-client and undici,
 * about 50 ms on Node 24 before a step can start, twice what Node itself takes to start. Every
 * action imports this; @actions/core still comes with the artifact and cache clients, which are
 * loaded only on the paths that use them.
 * Protocol: https://docs.github.com/actions/reference/workflows-and-actions/workflow-commands
 */




/** An input's value: `INPUT_<NAME>` (spaces as underscores, upper case), trimmed; '' when unset. */
function getInput(name) {
    return (process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim();
}
/** What the main step saved for its post step (`STATE_<name>`); '' when unset. */
function getState(name) {
    return process.env[`STATE_${name}`] ?? '';
}
function escapeData(text) {
    return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
function escapeProperty(text) {
    return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
/** `::command key=value,…::message` on stdout. */
function issueCommand(command, properties, message) {
    const props = Object.entries(properties)
        .filter((entry) => !!entry[1])
        .map(([key, value]) => `${key}=${escapeProperty(value)}`)
        .join(',');
    process.stdout.write(`::${command}${props ? ` ${props}` : ''}::${escapeData(message)}${node_os__WEBPACK_IMPORTED_MODULE_3__.EOL}`);
}
/** `name<<DELIMITER` … `DELIMITER` appended to the file the runner names in GITHUB_<command>. */
function issueFileCommand(command, name, value) {
    const file = process.env[`GITHUB_${command}`];
    if (!file)
        return false;
    if (!(0,node_fs__WEBPACK_IMPORTED_MODULE_1__.existsSync)(file))
        throw new Error(`Missing file at path: ${file}`);
    const delimiter = `ghadelimiter_${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID)()}`;
    if (name.includes(delimiter))
        throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
    if (value.includes(delimiter))
        throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
    (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.appendFileSync)(file, `${name}<<${delimiter}${node_os__WEBPACK_IMPORTED_MODULE_3__.EOL}${value}${node_os__WEBPACK_IMPORTED_MODULE_3__.EOL}${delimiter}${node_os__WEBPACK_IMPORTED_MODULE_3__.EOL}`, { encoding: 'utf8' });
    return true;
}
function setOutput(name, value) {
    if (issueFileCommand('OUTPUT', name, value))
        return;
    process.stdout.write(node_os__WEBPACK_IMPORTED_MODULE_3__.EOL);
    issueCommand('set-output', { name }, value);
}
/** Kept for the post step of the same action (core.saveState). */
function saveState(name, value) {
    if (!issueFileCommand('STATE', name, value))
        issueCommand('save-state', { name }, value);
}
/** Sets the variable here and for the job's later steps. */
function exportVariable(name, value) {
    process.env[name] = value;
    if (!issueFileCommand('ENV', name, value))
        issueCommand('set-env', { name }, value);
}
/** The runner masks the value in every later line of the log. */
function setSecret(secret) {
    issueCommand('add-mask', {}, secret);
}
function info(message) {
    process.stdout.write(message + node_os__WEBPACK_IMPORTED_MODULE_3__.EOL);
}
function debug(message) {
    issueCommand('debug', {}, message);
}
function notice(message, properties = {}) {
    issueCommand('notice', { title: properties.title }, message);
}
function warning(message, properties = {}) {
    issueCommand('warning', { title: properties.title }, message);
}
function error(message, properties = {}) {
    issueCommand('error', { title: properties.title }, message);
}
/** An error annotation, and the step fails when the process exits. */
function setFailed(message) {
    process.exitCode = 1;
    error(message);
}
function startGroup(name) {
    issueCommand('group', {}, name);
}
function endGroup() {
    issueCommand('endgroup', {}, '');
}
/** Appends Markdown to the job summary (GITHUB_STEP_SUMMARY), as core.summary.addRaw(text).write() does. */
async function appendSummary(markdown) {
    const file = process.env.GITHUB_STEP_SUMMARY;
    if (!file)
        throw new Error('Unable to find environment variable for $GITHUB_STEP_SUMMARY. Check if your runtime environment supports job summaries.');
    try {
        await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.access)(file, node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.R_OK | node_fs__WEBPACK_IMPORTED_MODULE_1__.constants.W_OK);
    }
    catch {
        throw new Error(`Unable to access summary file: '${file}'. Check if the file has correct read/write permissions.`);
    }
    await (0,node_fs_promises__WEBPACK_IMPORTED_MODULE_2__.appendFile)(file, markdown, { encoding: 'utf8' });
}


/***/ })

};
