export const id = 395;
export const ids = [395];
export const modules = {

/***/ 25395:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:module"
var external_node_module_ = __webpack_require__(98995);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
// EXTERNAL MODULE: ../../main/node_modules/picomatch/index.js
var picomatch = __webpack_require__(70636);
// EXTERNAL MODULE: ../../main/node_modules/tinyglobby/dist/index.mjs + 1 modules
var dist = __webpack_require__(55304);
// EXTERNAL MODULE: ./lib/core/lib/command.js
var command = __webpack_require__(44059);
// EXTERNAL MODULE: ./lib/core/model/config.js
var model_config = __webpack_require__(97252);
// EXTERNAL MODULE: ./lib/core/lib/errors.js
var errors = __webpack_require__(85779);
// EXTERNAL MODULE: ./lib/core/lib/files.js
var lib_files = __webpack_require__(63049);
// EXTERNAL MODULE: ./lib/core/lib/redact.js
var redact = __webpack_require__(38101);
// EXTERNAL MODULE: ./lib/core/lib/yaml.js
var yaml = __webpack_require__(81079);
;// CONCATENATED MODULE: ./lib/core/model/targets.js












/**
 * Which clusters of a GitOps repository a change affects: the ones whose config changed, whose
 * cluster directory holds a changed file, or whose OpenTofu code uses (through relative module
 * sources, transitively) a directory holding a changed file. Paths are relative to the repository
 * root, with "/" separators, as git and GitHub name them.
 */
const DEFAULT_CONFIGS = 'clusters/*.yaml';
const TOFU_FILE = { noun: 'OpenTofu file', plural: 'OpenTofu files', maxBytes: 4 * 1024 * 1024 };
/** The configs glob as users type it: relative, inside the repository, one line. */
function checkConfigsGlob(glob, where) {
    const value = glob.trim();
    const shown = JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
    if (!value)
        throw new errors/* UsageError */.eb(`${where} is empty; give a glob of cluster configs such as ${DEFAULT_CONFIGS}`);
    if (/[\0-\x1f\x7f]/.test(value))
        throw new errors/* UsageError */.eb(`${where}: contains a line break or control character; give one glob such as ${DEFAULT_CONFIGS}`);
    if (value.length > 1000)
        throw new errors/* UsageError */.eb(`${where}: ${shown} is longer than 1000 characters; give one glob such as ${DEFAULT_CONFIGS}`);
    // `..` as a path segment, braces included (`{..,x}/*.yaml`), would reach outside the root.
    if (external_node_path_.isAbsolute(value) || /(^|[/{,])\.\.($|[/},])/.test(value)) {
        throw new errors/* UsageError */.eb(`${where}: ${shown} points outside the repository; give a glob relative to its root, such as ${DEFAULT_CONFIGS}`);
    }
    // `./clusters/*.yaml/` as `clusters/*.yaml`: the glob lists configs, and the same pattern must match the paths git names.
    return value.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
}
/** `a/b` for `a/b`, `./a/b`, `a//b/`: changed-file paths and relative paths compare equal. */
const normal = (p) => external_node_path_.posix.normalize(p.replace(/\\/g, '/')).replace(/\/$/, '');
/** Every directory containing `p`, innermost first (`a/b/c.tf` → `a/b`, `a`). */
function parents(p) {
    const dirs = [];
    for (let dir = external_node_path_.posix.dirname(p); dir !== '.' && dir !== '/'; dir = external_node_path_.posix.dirname(dir))
        dirs.push(dir);
    return dirs;
}
async function findTargets(options) {
    const root = external_node_path_.resolve(options.root);
    const name = options.configsName ?? 'configs';
    const pattern = checkConfigsGlob(options.configs ?? DEFAULT_CONFIGS, name);
    const realRoot = (0,external_node_fs_.realpathSync)(root);
    const configPaths = (await (0,dist/* glob */.TI)(pattern, { cwd: root, onlyFiles: true, expandDirectories: false }))
        .map(normal)
        .sort();
    for (const config of configPaths)
        refuseLinkOutside(root, realRoot, config, name);
    refuseDanglingConfigs(root, pattern, configPaths, name);
    const matches = picomatch(pattern);
    const { changes } = options;
    const files = changes.kind === 'files' ? changes.files : [];
    const present = new Set(configPaths);
    // A config removed, or renamed to a path that is no config (out of the glob): its cluster is no longer deployed from here.
    const deleted = files
        .filter((f) => (f.status === 'removed' || (f.status === 'renamed' && !present.has(normal(f.path)))) &&
        matches(normal(f.previousPath ?? f.path)) &&
        !present.has(normal(f.previousPath ?? f.path)))
        .map((f) => normal(f.previousPath ?? f.path))
        .filter((p, i, all) => all.indexOf(p) === i)
        .sort();
    if (configPaths.length === 0 && deleted.length === 0) {
        throw new errors/* UserError */.yo(`${name}: ${JSON.stringify(pattern)} matches no file in ${(0,lib_files/* displayPath */.Gt)(root)}; check the glob (relative to the repository root) and that the repository is checked out`);
    }
    const clusters = configPaths.map((config) => {
        const absolute = external_node_path_.join(root, config);
        let parsed;
        try {
            parsed = (0,model_config/* parseClusterConfig */.qq)((0,lib_files/* readTextFile */.Gu)(absolute, yaml/* CONFIG_FILE */.g2), config);
        }
        catch (error) {
            // The glob may match more than cluster configs (`**`): say why this file was read.
            if (error instanceof errors/* UserError */.yo)
                throw new errors/* UserError */.yo(`${error.message}\n(${config} is matched by ${name} ${JSON.stringify(pattern)}; narrow the glob if it is not a cluster config)`);
            throw error;
        }
        const dir = (0,model_config/* configClusterDir */.GB)(parsed, absolute);
        if (!dir)
            throw new errors/* UserError */.yo(`${config}: opencenter.gitops.repository.local_dir is not set; set it so that the cluster directory can be found`);
        const clusterDir = normal(external_node_path_.relative(root, dir));
        if (clusterDir === '..' || clusterDir.startsWith('../') || external_node_path_.isAbsolute(clusterDir)) {
            throw new errors/* UserError */.yo(`${config}: the cluster directory ${(0,lib_files/* displayPath */.Gt)(dir)} is outside the repository ${(0,lib_files/* displayPath */.Gt)(root)}; point opencenter.gitops.repository.local_dir inside it`);
        }
        const realDir = realPathOrUndefined(dir); // not there (yet): no code to follow
        if (realDir && outsideOf(external_node_path_.relative(realRoot, realDir))) {
            throw new errors/* UserError */.yo(`${config}: the cluster directory ${clusterDir} is a symbolic link to ${(0,lib_files/* displayPath */.Gt)(realDir)}, outside the repository; keep the cluster's code inside it`);
        }
        // A cluster directory linked elsewhere in the repository: git names its changes by the link's target.
        const linkedDir = realDir && normal(external_node_path_.relative(realRoot, realDir));
        return {
            organization: parsed.opencenter.meta.organization,
            cluster: (0,model_config/* configClusterName */.I$)(parsed),
            config,
            clusterDir,
            absoluteDir: dir,
            linkedDir: linkedDir !== clusterDir ? linkedDir : undefined,
        };
    });
    // Two configs of one cluster (a copy, a symbolic link) would be two matrix jobs deploying it at once.
    const configOf = new Map();
    for (const c of clusters) {
        const id = `${c.organization}/${c.cluster}`;
        const first = configOf.get(id);
        if (first)
            throw new errors/* UserError */.yo(`${first} and ${c.config} both describe cluster ${id}; keep one config per cluster (or give the copy its own opencenter.meta.name)`);
        configOf.set(id, c.config);
    }
    if (changes.kind === 'all') {
        return {
            clusters: clusters.map(({ absoluteDir: _, linkedDir: __, ...c }) => ({ ...c, reason: changes.why })),
            configs: clusters.length,
            deleted,
            all: changes.why,
        };
    }
    // Each directory holding a changed path (before or after a rename) → the first such change, for O(1) lookups.
    const changedIn = new Map();
    const changedPaths = new Map();
    for (const f of files) {
        for (const p of [f.path, f.previousPath].filter((x) => !!x).map(normal)) {
            if (!changedPaths.has(p))
                changedPaths.set(p, f.status);
            for (const dir of parents(p))
                if (!changedIn.has(dir))
                    changedIn.set(dir, { file: p, status: f.status });
        }
    }
    const verb = (status) => (status === 'removed' ? 'removed' : status === 'added' ? 'added' : 'changed');
    const renamedFrom = new Map(files.filter((f) => f.status === 'renamed' && f.previousPath).map((f) => [normal(f.path), normal(f.previousPath)]));
    // A module is a directory with .tf or .tf.json files: when no directory holding a change is one,
    // and no such file was removed (a module deleted while a cluster still calls it is an error to
    // show), no cluster can be affected through a module and no OpenTofu file needs parsing (a pull
    // request that changes only configs or docs).
    const tofuFileRemoved = files.some((f) => TOFU_FILE_NAME.test((f.status === 'renamed' ? f.previousPath : f.status === 'removed' ? f.path : '') ?? ''));
    const moduleMayHaveChanged = tofuFileRemoved || [...changedIn.keys()].some((dir) => hasTofuFiles(external_node_path_.join(root, dir)));
    const modules = new ModuleResolver(root);
    // Every cluster at once: the HCL parser answers each call on a later turn of the event loop, so
    // calls in flight together take a fraction of the time of calls made one after the other.
    const outcomes = await Promise.allSettled(clusters.map(async ({ absoluteDir, linkedDir, ...cluster }) => {
        const configStatus = changedPaths.get(cluster.config);
        if (configStatus) {
            const from = renamedFrom.get(cluster.config);
            return {
                ...cluster,
                reason: from ? `config renamed from ${from}` : configStatus === 'added' ? 'config added' : 'config changed',
                file: cluster.config,
            };
        }
        const inDir = changedIn.get(cluster.clusterDir) ?? (linkedDir ? changedIn.get(linkedDir) : undefined);
        if (inDir)
            return { ...cluster, reason: `${inDir.file} ${verb(inDir.status)}`, file: inDir.file };
        if (!moduleMayHaveChanged)
            return undefined;
        const use = await modules.changedModule(absoluteDir, (dir) => changedIn.get(dir), (file) => changedPaths.has(file));
        if (!use)
            return undefined;
        if ('linkedFrom' in use)
            return {
                ...cluster,
                reason: `${use.file} changed (linked from ${[...use.via, use.linkedFrom].join(' → ')})`,
                file: use.file,
            };
        return {
            ...cluster,
            reason: `module ${use.module} used via ${use.via.join(' → ')} changed (${use.file})`,
            file: use.file,
        };
    }));
    // The first error in config order, whichever came first: the same input, the same message.
    const failed = outcomes.find((o) => o.status === 'rejected');
    if (failed)
        throw failed.reason;
    const affected = outcomes.flatMap((o) => (o.status === 'fulfilled' && o.value ? [o.value] : []));
    const addedConfigs = deleted.length ? configPaths.filter((config) => changedPaths.get(config) === 'added') : [];
    return { clusters: affected, configs: clusters.length, deleted, ...(addedConfigs.length && { addedConfigs }) };
}
const TOFU_FILE_NAME = /\.tf(\.json)?$/;
const outsideOf = (p) => p === '..' || p.startsWith(`..${external_node_path_.sep}`) || external_node_path_.isAbsolute(p);
/** A config that is a symbolic link out of the repository is refused: a pull request could point one anywhere on the runner. */
function refuseLinkOutside(root, realRoot, config, name) {
    const real = realPathOrUndefined(external_node_path_.join(root, config));
    if (real && outsideOf(external_node_path_.relative(realRoot, real)))
        throw new errors/* UserError */.yo(`${config} (matched by ${name}) is a symbolic link to ${(0,lib_files/* displayPath */.Gt)(real)}, outside the repository; keep cluster configs inside it`);
}
/**
 * The glob skips a config that is a dangling symbolic link, and with it a cluster: look for one
 * where configs are (the glob's base directory, the directories of the configs found).
 */
function refuseDanglingConfigs(root, pattern, configPaths, name) {
    const matches = picomatch(pattern);
    const dirs = new Set([
        picomatch.scan(pattern).base || '.',
        ...configPaths.map((config) => external_node_path_.posix.dirname(config)),
    ]);
    for (const dir of dirs) {
        let entries;
        try {
            entries = (0,external_node_fs_.readdirSync)(external_node_path_.join(root, dir), { withFileTypes: true });
        }
        catch {
            continue; // not a directory: nothing the glob could have skipped there
        }
        for (const entry of entries.filter((e) => e.isSymbolicLink())) {
            const config = dir === '.' ? entry.name : `${dir}/${entry.name}`;
            if (matches(config) && realPathOrUndefined(external_node_path_.join(root, config)) === undefined) {
                throw new errors/* UserError */.yo(`${config} (matched by ${name}) is a symbolic link to a missing file; fix or remove the link`);
            }
        }
    }
}
function realPathOrUndefined(p) {
    try {
        return (0,external_node_fs_.realpathSync)(p);
    }
    catch {
        return undefined;
    }
}
function hasTofuFiles(dir) {
    try {
        return (0,external_node_fs_.readdirSync)(dir, { withFileTypes: true }).some((e) => (e.isFile() || e.isSymbolicLink()) && TOFU_FILE_NAME.test(e.name));
    }
    catch {
        return false; // not there (a removed directory), or not a directory
    }
}
/** A real HCL parser: tree-sitter's HCL grammar (WebAssembly), loaded on first use (~10 ms). */
let hclParser;
/**
 * The parser's WebAssembly files: beside the bundle in dist/ (scripts/bundle.mjs copies them
 * there), else from node_modules (the sources, the tests).
 */
function wasmFile(name, packageFile) {
    const bundled = (0,external_node_url_.fileURLToPath)(new URL(name, import.meta.url));
    return (0,external_node_fs_.existsSync)(bundled) ? bundled : (0,external_node_module_.createRequire)(import.meta.url).resolve(packageFile);
}
function loadHcl() {
    hclParser ??= (async () => {
        // Its CommonJS build: the ES one imports node:module in a way the action bundle cannot carry.
        const { Parser, Language } = (0,external_node_module_.createRequire)(import.meta.url)('web-tree-sitter');
        await Parser.init({ locateFile: () => wasmFile('web-tree-sitter.wasm', 'web-tree-sitter/web-tree-sitter.wasm') });
        const parser = new Parser();
        parser.setLanguage(await Language.load(wasmFile('tree-sitter-hcl.wasm', '@tree-sitter-grammars/tree-sitter-hcl/tree-sitter-hcl.wasm')));
        return parser;
    })();
    return hclParser;
}
/**
 * Follows relative module sources (`source = "../../modules/net"`), transitively, reading each
 * directory's files once however many clusters share it.
 */
class ModuleResolver {
    root;
    uses = new Map();
    realRoot;
    constructor(root) {
        this.root = root;
        this.realRoot = (0,external_node_fs_.realpathSync)(root);
    }
    /**
     * The first module (depth first, in file order) under `absoluteDir` whose directory holds a
     * change, with the chain of files that call it; undefined when none does. A cycle is an error.
     */
    async changedModule(absoluteDir, changedIn, changedFile) {
        const start = normal(external_node_path_.relative(this.root, absoluteDir));
        const seen = new Set([start]);
        const visit = async (dir, stack, via) => {
            const { calls, links } = await this.usesOf(dir);
            const link = links.find((l) => changedFile(l.target));
            if (link)
                return { linkedFrom: link.file, via, file: link.target };
            for (const call of calls) {
                const cycle = stack.indexOf(call.dir);
                if (cycle >= 0)
                    throw new errors/* UserError */.yo(`module cycle: ${[...stack.slice(cycle), call.dir].join(' → ')} (called in ${call.file}); OpenTofu refuses a module that calls itself`);
                if (seen.has(call.dir))
                    continue;
                seen.add(call.dir);
                const chain = [...via, call.file];
                const changed = call.dir === '.'
                    ? undefined
                    : (changedIn(call.dir) ?? (call.linkedDir ? changedIn(call.linkedDir) : undefined));
                if (changed)
                    return { module: call.dir, via: chain, file: changed.file };
                const found = await visit(call.dir, [...stack, call.dir], chain);
                if (found)
                    return found;
            }
            return undefined;
        };
        return visit(start, [start], []);
    }
    usesOf(dir) {
        let uses = this.uses.get(dir);
        if (!uses) {
            uses = this.readUses(dir);
            this.uses.set(dir, uses);
        }
        return uses;
    }
    async readUses(dir) {
        const absolute = external_node_path_.join(this.root, dir);
        let entries;
        try {
            // Symbolic links too: OpenTofu reads a linked .tf file as one of the directory's own.
            entries = (await external_node_fs_.promises.readdir(absolute, { withFileTypes: true }))
                .filter((e) => (e.isFile() || e.isSymbolicLink()) && TOFU_FILE_NAME.test(e.name))
                .sort((a, b) => (a.name < b.name ? -1 : 1));
        }
        catch (error) {
            // A cluster directory that is not there (yet) uses no module.
            if (error.code === 'ENOENT')
                return { calls: [], links: [] };
            throw new errors/* UserError */.yo(`cannot read directory ${(0,lib_files/* displayPath */.Gt)(dir)}: ${(0,errors/* errorMessage */.gJ)(error)}`);
        }
        const calls = [];
        const links = [];
        for (const entry of entries) {
            const { name } = entry;
            const file = dir === '.' ? name : `${dir}/${name}`;
            if (entry.isSymbolicLink()) {
                const target = this.linkTarget(file);
                if (target === undefined)
                    continue;
                links.push({ file, target });
            }
            const text = (0,lib_files/* readTextFile */.Gu)(external_node_path_.join(absolute, name), TOFU_FILE);
            for (const [module, source] of await moduleSources(file, text)) {
                const target = this.localModuleDir(file, module, source);
                if (target !== undefined)
                    calls.push({ ...target, file });
            }
        }
        return { calls, links };
    }
    /** A linked .tf file's target relative to the root; undefined when it is a directory. */
    linkTarget(file) {
        let real;
        try {
            real = (0,external_node_fs_.realpathSync)(external_node_path_.join(this.root, file));
        }
        catch {
            throw new errors/* UserError */.yo(`${file} is a symbolic link to a missing file; fix or remove the link (OpenTofu cannot read it either)`);
        }
        const relative = external_node_path_.relative(this.realRoot, real);
        if (outsideOf(relative))
            throw new errors/* UserError */.yo(`${file} is a symbolic link to ${(0,lib_files/* displayPath */.Gt)(real)}, outside the repository; keep OpenTofu files inside it`);
        return (0,external_node_fs_.statSync)(real).isDirectory() ? undefined : normal(relative);
    }
    /** A local source's directory relative to the root (and where it links to); undefined for a registry or remote source. */
    localModuleDir(file, module, source) {
        // OpenTofu's rule: a local path starts with ./ or ../; anything else is fetched.
        if (!/^\.\.?[/\\]/.test(source))
            return undefined;
        const where = `${file}: module "${module}" source ${JSON.stringify(source)}`;
        const target = external_node_path_.resolve(this.root, external_node_path_.dirname(file), source);
        const relative = external_node_path_.relative(this.root, target);
        if (outsideOf(relative))
            throw new errors/* UserError */.yo(`${where} points outside the repository; keep shared modules inside it (or use a registry or git source)`);
        let real;
        try {
            real = (0,external_node_fs_.realpathSync)(target);
        }
        catch {
            throw new errors/* UserError */.yo(`${where}: directory ${normal(relative)} does not exist; fix the source or add the module`);
        }
        if (!(0,external_node_fs_.statSync)(real).isDirectory())
            throw new errors/* UserError */.yo(`${where}: ${normal(relative)} is a file; a local module source names the module's directory`);
        if (outsideOf(external_node_path_.relative(this.realRoot, real)))
            throw new errors/* UserError */.yo(`${where} is a symbolic link to ${(0,lib_files/* displayPath */.Gt)(real)}, outside the repository; keep shared modules inside it`);
        const dir = normal(relative) || '.';
        const linkedDir = normal(external_node_path_.relative(this.realRoot, real)) || '.';
        return linkedDir === dir ? { dir } : { dir, linkedDir };
    }
}
/** The `module` blocks of one .tf (HCL) or .tf.json file: [name, source] pairs. */
async function moduleSources(file, text) {
    if (!file.endsWith('.json')) {
        // A module block starts with the word: a file without it calls none (most variables.tf, outputs.tf).
        if (!text.includes('module'))
            return [];
        const tree = (await loadHcl()).parse(text);
        if (!tree)
            throw new errors/* UserError */.yo(`${file}: the HCL parser gave up on this file; check that it is OpenTofu code`);
        try {
            return hclModuleSources(file, tree.rootNode);
        }
        finally {
            tree.delete();
        }
    }
    let document;
    try {
        document = JSON.parse(text);
    }
    catch (error) {
        throw new errors/* UserError */.yo(`${file} is not valid JSON: ${(0,errors/* errorMessage */.gJ)(error)}`);
    }
    const blocks = document?.module;
    if (!blocks || typeof blocks !== 'object')
        return [];
    const pairs = [];
    // JSON syntax may list the labelled blocks as an array of objects (`"module": [{"net": {…}}]`), to keep their order.
    const labelled = (Array.isArray(blocks) ? blocks : [blocks]).flatMap((entry) => entry && typeof entry === 'object' ? Object.entries(entry) : []);
    for (const [name, bodies] of labelled) {
        for (const body of Array.isArray(bodies) ? bodies : [bodies]) {
            const source = body?.source;
            pairs.push([
                name,
                literalSource(file, name, typeof source === 'string' ? source : undefined, typeof source === 'string' && source.includes('${')),
            ]);
        }
    }
    return pairs;
}
function literalSource(file, name, source, computed) {
    if (source === undefined)
        throw new errors/* UserError */.yo(`${file}: module "${name}" has no source string; every module block needs source = "…"`);
    if (computed)
        throw new errors/* UserError */.yo(`${file}: module "${name}" source ${JSON.stringify(source)} is not a literal path; the affected clusters cannot be known without running OpenTofu`);
    return source;
}
/** The top-level `module "name" { source = "…" }` blocks of a parsed .tf file; a syntax error names its line and column. */
function hclModuleSources(file, root) {
    if (root.hasError) {
        const bad = firstError(root);
        const where = bad ? ` line ${bad.startPosition.row + 1}, column ${bad.startPosition.column + 1}` : '';
        const near = bad?.isMissing
            ? `"${bad.type}" expected here (an unclosed block or bracket?)`
            : `invalid syntax near ${JSON.stringify((bad?.text ?? '').split('\n')[0].slice(0, 40))}`;
        throw new errors/* UserError */.yo(`OpenTofu syntax error in ${file}${where}: ${near}; fix the file (tofu validate shows the same)`);
    }
    const body = root.namedChildren.find((child) => child?.type === 'body');
    const pairs = [];
    for (const block of body?.namedChildren ?? []) {
        if (block?.type !== 'block' || block.namedChildren[0]?.text !== 'module')
            continue;
        const label = block.namedChildren.find((child) => child?.type === 'string_lit');
        const name = label ? stringText(label) : '';
        const attribute = block.namedChildren
            .find((child) => child?.type === 'body')
            ?.namedChildren.find((child) => child?.type === 'attribute' && child.namedChildren[0]?.text === 'source');
        const value = attribute?.namedChildren[1];
        const literal = value?.namedChildren[0]?.type === 'literal_value' ? value.namedChildren[0].namedChildren[0] : undefined;
        if (!attribute)
            pairs.push([name, literalSource(file, name, undefined, false)]);
        else if (literal?.type !== 'string_lit')
            pairs.push([name, literalSource(file, name, (value?.text ?? '').replace(/^"([\s\S]*)"$/, '$1'), true)]);
        else
            pairs.push([name, stringText(literal)]);
    }
    return pairs;
}
/** A quoted HCL string without interpolation: its text between the quotes, escapes resolved. */
function stringText(node) {
    return node.text.slice(1, -1).replace(/\\(["\\nrt])/g, (_, c) => ({ n: '\n', r: '\r', t: '\t' })[c] ?? c);
}
function firstError(node) {
    if (node.type === 'ERROR' || node.isMissing)
        return node;
    for (const child of node.children) {
        if (child?.hasError || child?.isMissing)
            return firstError(child);
    }
    return undefined;
}
/** True when the commit is in the local repository (a shallow checkout may lack it). */
async function hasCommit(root, sha) {
    if (!/^[0-9a-f]{7,64}$/i.test(sha))
        return false;
    const result = await (0,command/* runCommand */.d1)({ argv: ['git', 'cat-file', '-e', `${sha}^{commit}`], cwd: root, env: gitEnv() }, { redactor: new redact/* Redactor */.pO() });
    return result.exitCode === 0;
}
/** What git itself needs, without the caller's GIT_DIR or pager: the changed files, nothing else. */
function gitEnv() {
    const env = Object.fromEntries(Object.entries(process.env).filter((e) => typeof e[1] === 'string' && !e[0].startsWith('GIT_')));
    return { ...env, GIT_PAGER: 'cat', LC_ALL: 'C' };
}
const GIT_STATUS = {
    A: 'added',
    C: 'added',
    M: 'modified',
    T: 'modified',
    D: 'removed',
    R: 'renamed',
};
/**
 * `git diff --name-status -M -z <base> <head>` (with `threeDot`, `base...head`: what the head
 * changed since the merge base, as a pull request's file list counts it), parsed.
 */
async function changedFilesFromGit(root, base, head, options = {}) {
    const range = options.threeDot ? [`${base}...${head}`] : [base, head];
    const argv = ['git', 'diff', '--name-status', '-M', '-z', '--no-color', ...range, '--'];
    const result = await (0,command/* runCommand */.d1)({ argv, cwd: root, env: gitEnv() }, { redactor: new redact/* Redactor */.pO(), captureStdout: 256 * 1024 * 1024 });
    if (result.exitCode !== 0)
        throw new errors/* UserError */.yo(`git diff ${range.join(' ')} failed (exit ${result.exitCode}): ${result.tail.slice(-3).join(' ').trim()}`);
    return parseNameStatus(result.stdout);
}
/** `git diff --name-status -z` output: `M\0path\0`, `R100\0old\0new\0`. */
function parseNameStatus(output) {
    const fields = output.split('\0');
    const files = [];
    for (let i = 0; i + 1 < fields.length;) {
        const code = fields[i++];
        const status = GIT_STATUS[code[0] ?? ''] ?? 'modified';
        if (code[0] === 'R' || code[0] === 'C') {
            const [from, to] = [fields[i++], fields[i++]];
            files.push(status === 'renamed' ? { path: to, status, previousPath: from } : { path: to, status });
        }
        else
            files.push({ path: fields[i++], status });
    }
    return files;
}

// EXTERNAL MODULE: ./lib/github/actions-core.js
var actions_core = __webpack_require__(87209);
// EXTERNAL MODULE: ./lib/github/inputs.js
var inputs = __webpack_require__(14461);
// EXTERNAL MODULE: ./lib/github/clients.js
var clients = __webpack_require__(18690);
// EXTERNAL MODULE: ./lib/github/markdown.js
var markdown = __webpack_require__(77861);
// EXTERNAL MODULE: ./lib/github/runner.js
var runner = __webpack_require__(43166);
;// CONCATENATED MODULE: ./lib/github/targets.js






/** GitHub lists at most this many files of a pull request. */
const PULL_REQUEST_FILES_LIMIT = 3000;
const API_STATUS = {
    added: 'added',
    copied: 'added',
    removed: 'removed',
    renamed: 'renamed',
};
/**
 * What this run's event changed: the push's commits or the pull request's files (from git when both
 * commits are in the checkout, else from the pull request's file list), or every cluster for a
 * manual or scheduled run, a new branch, or a list GitHub cut short.
 */
async function changesOfRun(options) {
    const { root, env } = options;
    const name = env.GITHUB_EVENT_NAME ?? '';
    if (options.all)
        return { kind: 'all', why: 'input all is true' };
    if (name === 'workflow_dispatch' || name === 'schedule')
        return { kind: 'all', why: `a ${name} run selects every cluster` };
    const event = (0,runner/* readEvent */.j_)(env);
    if (name === 'push') {
        const { before, after } = event ?? {};
        if (!before || !after)
            return { kind: 'all', why: 'the push event names no before and after commits' };
        if (/^0+$/.test(before))
            return { kind: 'all', why: 'a new branch: the push has no previous commit to compare with' };
        if ((await hasCommit(root, before)) && (await hasCommit(root, after)))
            return { kind: 'files', files: await changedFilesFromGit(root, before, after) };
        actions_core/* warning */.$e(`commit ${before.slice(0, 7)} (before the push) is not in the checkout, so every cluster is selected; check out with fetch-depth: 0 to compare`);
        return {
            kind: 'all',
            why: `commit ${before.slice(0, 7)} (before the push) is not in the checkout (use fetch-depth: 0)`,
        };
    }
    if (name === 'pull_request' || name === 'pull_request_target') {
        const pr = event?.pull_request;
        if (!pr) {
            const payload = env.GITHUB_EVENT_PATH
                ? `the event payload ${env.GITHUB_EVENT_PATH}`
                : 'GITHUB_EVENT_PATH, which is not set';
            const why = event ? 'has no pull_request with a number' : env.GITHUB_EVENT_PATH ? 'is missing or not JSON' : '';
            throw new errors/* UserError */.yo(`the ${name} event has no pull request: ${payload}${why ? ` ${why}` : ''}; run this action in a job the pull request triggers, as the runner gives it, or set all: true`);
        }
        const [base, head] = [pr.base?.sha, pr.head?.sha];
        if (base && head && (await hasCommit(root, base)) && (await hasCommit(root, head))) {
            try {
                return { kind: 'files', files: await changedFilesFromGit(root, base, head, { threeDot: true }) };
            }
            catch (error) {
                // A shallow history has both commits but not their merge base: the file list has it.
                if (!(error instanceof errors/* UserError */.yo))
                    throw error;
            }
        }
        return pullRequestChanges(options.token, env, pr.number, pr.changed_files);
    }
    return {
        kind: 'all',
        why: name ? `a ${name} run selects every cluster` : 'not run by a workflow event (GITHUB_EVENT_NAME is not set)',
    };
}
/** `GET /repos/{owner}/{repo}/pulls/{n}/files`, every page; cut short when GitHub's list is. */
async function pullRequestChanges(token, env, number, changedFiles) {
    const run = (0,runner/* runContext */.pO)(token, env, {
        purpose: 'actions/targets on a pull request',
        permissions: 'pull-requests: read',
    });
    const octokit = await (0,clients/* octokitFor */.d_)(run);
    const listed = await octokit.paginate(octokit.rest.pulls.listFiles, {
        owner: run.owner,
        repo: run.repo,
        pull_number: number,
        per_page: 100,
    });
    const total = changedFiles ??
        (await octokit.rest.pulls.get({ owner: run.owner, repo: run.repo, pull_number: number })).data.changed_files;
    if (listed.length >= PULL_REQUEST_FILES_LIMIT || listed.length < total) {
        const why = `pull request #${number} changes ${total} files and GitHub lists only the first ${listed.length}, so every cluster is selected`;
        actions_core/* warning */.$e(why);
        return { kind: 'all', why };
    }
    const files = listed.map((f) => {
        const status = API_STATUS[f.status] ?? 'modified';
        return status === 'renamed' && f.previous_filename
            ? { path: f.filename, status, previousPath: f.previous_filename }
            : { path: f.filename, status };
    });
    return { kind: 'files', files };
}
/** Paths and names from the repository, shown as written in the summary's table. */
const cell = (text) => `\`${(0,markdown/* codeText */.ph)(text, { table: true })}\``;
/** The job summary: each affected cluster and the file that made it so, the deleted configs. */
function targetsSummary(targets) {
    const { clusters, deleted } = targets;
    const lines = [
        `### Targets: ${clusters.length} of ${targets.configs} cluster${targets.configs === 1 ? '' : 's'}`,
        '',
    ];
    if (targets.all)
        lines.push(`Every cluster: ${(0,markdown/* plainText */.wh)(targets.all)}.`, '');
    else if (clusters.length === 0)
        lines.push('No cluster is affected by this change.', '');
    if (clusters.length > 0) {
        lines.push('| cluster | config | why |', '|---|---|---|');
        for (const c of clusters)
            lines.push(`| ${cell(`${c.organization}/${c.cluster}`)} | ${cell(c.config)} | ${(0,markdown/* plainText */.wh)(c.reason)} |`);
        lines.push('');
    }
    const moved = targets.addedConfigs
        ? ` and no config this change adds (${targets.addedConfigs.map(cell).join(', ')}) describes it: a config moved and much edited shows as deleted and added`
        : '';
    for (const config of deleted)
        lines.push(`**Deleted config** ${cell(config)}: its cluster is not deployed from here any more; destroy it with \`operation: destroy\` (from the config before the change) if it still runs${moved}.`, '');
    return `${lines.join('\n')}\n`;
}

;// CONCATENATED MODULE: ./lib/actions/targets/run.js





/**
 * actions/targets: which clusters of the repository this run's change affects, as a matrix for the
 * jobs that plan or deploy them, one job per cluster.
 */
async function run() {
    const configs = checkConfigsGlob(actions_core/* getInput */.V4('configs') || DEFAULT_CONFIGS, 'input configs');
    const all = (0,inputs/* bool */.lc)('all', actions_core/* getInput */.V4('all'));
    const root = external_node_path_.resolve(process.env.GITHUB_WORKSPACE || process.cwd());
    const changes = await changesOfRun({ root, all, token: actions_core/* getInput */.V4('github-token'), env: process.env });
    const targets = await findTargets({ root, configs, changes, configsName: 'input configs' });
    for (const c of targets.clusters)
        actions_core/* info */.pq(`${c.organization}/${c.cluster} (${c.config}): ${c.reason}`);
    const moved = targets.addedConfigs
        ? ` and no config this change adds (${targets.addedConfigs.join(', ')}) describes it: a config moved and much edited shows as deleted and added`
        : '';
    for (const config of targets.deleted)
        actions_core/* warning */.$e(`config ${config} was deleted: its cluster is not deployed from here any more; destroy it with operation: destroy if it still runs${moved}`);
    actions_core/* info */.pq(`${targets.clusters.length} of ${targets.configs} clusters affected${targets.all ? ` (every cluster: ${targets.all})` : ''}`);
    const include = targets.clusters.map((c) => ({
        cluster: c.cluster,
        organization: c.organization,
        config: c.config,
        'cluster-dir': c.clusterDir,
    }));
    actions_core/* setOutput */.uH('matrix', JSON.stringify({ include }));
    actions_core/* setOutput */.uH('count', String(include.length));
    actions_core/* setOutput */.uH('clusters', JSON.stringify(targets.clusters.map((c) => `${c.organization}/${c.cluster}`)));
    actions_core/* setOutput */.uH('deleted', JSON.stringify(targets.deleted));
    await actions_core/* appendSummary */.fe(targetsSummary(targets));
}


/***/ })

};
