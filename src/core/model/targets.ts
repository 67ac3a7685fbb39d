import { type Dirent, existsSync, promises as fs, readdirSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import picomatch from 'picomatch';
import { glob } from 'tinyglobby';
import type { Node as TreeSitterNode, Parser as TreeSitterParser } from 'web-tree-sitter';
import { runCommand } from '../lib/command.js';
import { configClusterDir, configClusterName, parseClusterConfig } from './config.js';
import { errorMessage, UsageError, UserError } from '../lib/errors.js';
import { displayPath, readTextFile, type FileKind } from '../lib/files.js';
import { Redactor } from '../lib/redact.js';
import { CONFIG_FILE } from '../lib/yaml.js';

/**
 * Which clusters of a GitOps repository a change affects: the ones whose config changed, whose
 * cluster directory holds a changed file, or whose OpenTofu code uses (through relative module
 * sources, transitively) a directory holding a changed file. Paths are relative to the repository
 * root, with "/" separators, as git and GitHub name them.
 */

export const DEFAULT_CONFIGS = 'clusters/*.yaml';

export type ChangeStatus = 'added' | 'modified' | 'removed' | 'renamed';

export interface ChangedFile {
  path: string;
  status: ChangeStatus;
  /** renamed: where the file was before. */
  previousPath?: string;
}

/**
 * What changed: a list of files, or every cluster (`why` says why: the event, a truncated list,
 * a new branch), which the summary shows.
 */
export type ChangeSet = { kind: 'files'; files: ChangedFile[] } | { kind: 'all'; why: string };

export interface AffectedCluster {
  organization: string;
  cluster: string;
  /** The config file, relative to the root. */
  config: string;
  /** The cluster directory, relative to the root. */
  clusterDir: string;
  /** Why it is affected, in words: `config changed`, `clusters/x/main.tf changed`, `module modules/net used via … changed`. */
  reason: string;
  /** The changed file that made it so (none when every cluster is selected). */
  file?: string;
}

export interface Targets {
  clusters: AffectedCluster[];
  /** How many configs the glob matched. */
  configs: number;
  /** Configs the change removed (or moved out of the glob): reported, never deployed. */
  deleted: string[];
  /** Configs the change added, when it deleted some: git shows a config moved and much edited as a removal and an addition. */
  addedConfigs?: string[];
  /** Every cluster was selected, and why. */
  all?: string;
}

export interface TargetsOptions {
  root: string;
  /** Glob of cluster configs, relative to the root (default clusters/*.yaml). */
  configs?: string;
  changes: ChangeSet;
  /** What messages call the glob: `configs`, `input configs`. */
  configsName?: string;
}

const TOFU_FILE: FileKind = { noun: 'OpenTofu file', plural: 'OpenTofu files', maxBytes: 4 * 1024 * 1024 };

/** The configs glob as users type it: relative, inside the repository, one line. */
export function checkConfigsGlob(glob: string, where: string): string {
  const value = glob.trim();
  const shown = JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  if (!value) throw new UsageError(`${where} is empty; give a glob of cluster configs such as ${DEFAULT_CONFIGS}`);
  if (/[\0-\x1f\x7f]/.test(value))
    throw new UsageError(
      `${where}: contains a line break or control character; give one glob such as ${DEFAULT_CONFIGS}`,
    );
  if (value.length > 1000)
    throw new UsageError(`${where}: ${shown} is longer than 1000 characters; give one glob such as ${DEFAULT_CONFIGS}`);
  // `..` as a path segment, braces included (`{..,x}/*.yaml`), would reach outside the root.
  if (path.isAbsolute(value) || /(^|[/{,])\.\.($|[/},])/.test(value)) {
    throw new UsageError(
      `${where}: ${shown} points outside the repository; give a glob relative to its root, such as ${DEFAULT_CONFIGS}`,
    );
  }
  // `./clusters/*.yaml/` as `clusters/*.yaml`: the glob lists configs, and the same pattern must match the paths git names.
  return value.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
}

/** `a/b` for `a/b`, `./a/b`, `a//b/`: changed-file paths and relative paths compare equal. */
const normal = (p: string) => path.posix.normalize(p.replace(/\\/g, '/')).replace(/\/$/, '');

/** Every directory containing `p`, innermost first (`a/b/c.tf` → `a/b`, `a`). */
function parents(p: string): string[] {
  const dirs: string[] = [];
  for (let dir = path.posix.dirname(p); dir !== '.' && dir !== '/'; dir = path.posix.dirname(dir)) dirs.push(dir);
  return dirs;
}

export async function findTargets(options: TargetsOptions): Promise<Targets> {
  const root = path.resolve(options.root);
  const name = options.configsName ?? 'configs';
  const pattern = checkConfigsGlob(options.configs ?? DEFAULT_CONFIGS, name);
  const realRoot = realpathSync(root);
  const configPaths = (await glob(pattern, { cwd: root, onlyFiles: true, expandDirectories: false }))
    .map(normal)
    .sort();
  for (const config of configPaths) refuseLinkOutside(root, realRoot, config, name);
  refuseDanglingConfigs(root, pattern, configPaths, name);
  const matches = picomatch(pattern);
  const { changes } = options;
  const files = changes.kind === 'files' ? changes.files : [];

  const present = new Set(configPaths);
  // A config removed, or renamed to a path that is no config (out of the glob): its cluster is no longer deployed from here.
  const deleted = files
    .filter(
      (f) =>
        (f.status === 'removed' || (f.status === 'renamed' && !present.has(normal(f.path)))) &&
        matches(normal(f.previousPath ?? f.path)) &&
        !present.has(normal(f.previousPath ?? f.path)),
    )
    .map((f) => normal(f.previousPath ?? f.path))
    .filter((p, i, all) => all.indexOf(p) === i)
    .sort();
  if (configPaths.length === 0 && deleted.length === 0) {
    throw new UserError(
      `${name}: ${JSON.stringify(pattern)} matches no file in ${displayPath(root)}; check the glob (relative to the repository root) and that the repository is checked out`,
    );
  }

  const clusters = configPaths.map((config) => {
    const absolute = path.join(root, config);
    let parsed: ReturnType<typeof parseClusterConfig>;
    try {
      parsed = parseClusterConfig(readTextFile(absolute, CONFIG_FILE), config);
    } catch (error) {
      // The glob may match more than cluster configs (`**`): say why this file was read.
      if (error instanceof UserError)
        throw new UserError(
          `${error.message}\n(${config} is matched by ${name} ${JSON.stringify(pattern)}; narrow the glob if it is not a cluster config)`,
        );
      throw error;
    }
    const dir = configClusterDir(parsed, absolute);
    if (!dir)
      throw new UserError(
        `${config}: opencenter.gitops.repository.local_dir is not set; set it so that the cluster directory can be found`,
      );
    const clusterDir = normal(path.relative(root, dir));
    if (clusterDir === '..' || clusterDir.startsWith('../') || path.isAbsolute(clusterDir)) {
      throw new UserError(
        `${config}: the cluster directory ${displayPath(dir)} is outside the repository ${displayPath(root)}; point opencenter.gitops.repository.local_dir inside it`,
      );
    }
    const realDir = realPathOrUndefined(dir); // not there (yet): no code to follow
    if (realDir && outsideOf(path.relative(realRoot, realDir))) {
      throw new UserError(
        `${config}: the cluster directory ${clusterDir} is a symbolic link to ${displayPath(realDir)}, outside the repository; keep the cluster's code inside it`,
      );
    }
    // A cluster directory linked elsewhere in the repository: git names its changes by the link's target.
    const linkedDir = realDir && normal(path.relative(realRoot, realDir));
    return {
      organization: parsed.opencenter.meta.organization,
      cluster: configClusterName(parsed),
      config,
      clusterDir,
      absoluteDir: dir,
      linkedDir: linkedDir !== clusterDir ? linkedDir : undefined,
    };
  });
  // Two configs of one cluster (a copy, a symbolic link) would be two matrix jobs deploying it at once.
  const configOf = new Map<string, string>();
  for (const c of clusters) {
    const id = `${c.organization}/${c.cluster}`;
    const first = configOf.get(id);
    if (first)
      throw new UserError(
        `${first} and ${c.config} both describe cluster ${id}; keep one config per cluster (or give the copy its own opencenter.meta.name)`,
      );
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
  const changedIn = new Map<string, { file: string; status: ChangeStatus }>();
  const changedPaths = new Map<string, ChangeStatus>();
  for (const f of files) {
    for (const p of [f.path, f.previousPath].filter((x): x is string => !!x).map(normal)) {
      if (!changedPaths.has(p)) changedPaths.set(p, f.status);
      for (const dir of parents(p)) if (!changedIn.has(dir)) changedIn.set(dir, { file: p, status: f.status });
    }
  }
  const verb = (status: ChangeStatus) => (status === 'removed' ? 'removed' : status === 'added' ? 'added' : 'changed');
  const renamedFrom = new Map(
    files.filter((f) => f.status === 'renamed' && f.previousPath).map((f) => [normal(f.path), normal(f.previousPath!)]),
  );

  // A module is a directory with .tf or .tf.json files: when no directory holding a change is one,
  // and no such file was removed (a module deleted while a cluster still calls it is an error to
  // show), no cluster can be affected through a module and no OpenTofu file needs parsing (a pull
  // request that changes only configs or docs).
  const tofuFileRemoved = files.some((f) =>
    TOFU_FILE_NAME.test((f.status === 'renamed' ? f.previousPath : f.status === 'removed' ? f.path : '') ?? ''),
  );
  const moduleMayHaveChanged =
    tofuFileRemoved || [...changedIn.keys()].some((dir) => hasTofuFiles(path.join(root, dir)));
  const modules = new ModuleResolver(root);
  // Every cluster at once: the HCL parser answers each call on a later turn of the event loop, so
  // calls in flight together take a fraction of the time of calls made one after the other.
  const outcomes = await Promise.allSettled(
    clusters.map(async ({ absoluteDir, linkedDir, ...cluster }): Promise<AffectedCluster | undefined> => {
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
      if (inDir) return { ...cluster, reason: `${inDir.file} ${verb(inDir.status)}`, file: inDir.file };
      if (!moduleMayHaveChanged) return undefined;
      const use = await modules.changedModule(
        absoluteDir,
        (dir) => changedIn.get(dir),
        (file) => changedPaths.has(file),
      );
      if (!use) return undefined;
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
    }),
  );
  // The first error in config order, whichever came first: the same input, the same message.
  const failed = outcomes.find((o) => o.status === 'rejected');
  if (failed) throw failed.reason;
  const affected = outcomes.flatMap((o) => (o.status === 'fulfilled' && o.value ? [o.value] : []));
  const addedConfigs = deleted.length ? configPaths.filter((config) => changedPaths.get(config) === 'added') : [];
  return { clusters: affected, configs: clusters.length, deleted, ...(addedConfigs.length && { addedConfigs }) };
}

const TOFU_FILE_NAME = /\.tf(\.json)?$/;

const outsideOf = (p: string) => p === '..' || p.startsWith(`..${path.sep}`) || path.isAbsolute(p);

/** A config that is a symbolic link out of the repository is refused: a pull request could point one anywhere on the runner. */
function refuseLinkOutside(root: string, realRoot: string, config: string, name: string): void {
  const real = realPathOrUndefined(path.join(root, config));
  if (real && outsideOf(path.relative(realRoot, real)))
    throw new UserError(
      `${config} (matched by ${name}) is a symbolic link to ${displayPath(real)}, outside the repository; keep cluster configs inside it`,
    );
}

/**
 * The glob skips a config that is a dangling symbolic link, and with it a cluster: look for one
 * where configs are (the glob's base directory, the directories of the configs found).
 */
function refuseDanglingConfigs(root: string, pattern: string, configPaths: string[], name: string): void {
  const matches = picomatch(pattern);
  const dirs = new Set([
    picomatch.scan(pattern).base || '.',
    ...configPaths.map((config) => path.posix.dirname(config)),
  ]);
  for (const dir of dirs) {
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(root, dir), { withFileTypes: true });
    } catch {
      continue; // not a directory: nothing the glob could have skipped there
    }
    for (const entry of entries.filter((e) => e.isSymbolicLink())) {
      const config = dir === '.' ? entry.name : `${dir}/${entry.name}`;
      if (matches(config) && realPathOrUndefined(path.join(root, config)) === undefined) {
        throw new UserError(
          `${config} (matched by ${name}) is a symbolic link to a missing file; fix or remove the link`,
        );
      }
    }
  }
}

function realPathOrUndefined(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}

function hasTofuFiles(dir: string): boolean {
  try {
    return readdirSync(dir, { withFileTypes: true }).some(
      (e) => (e.isFile() || e.isSymbolicLink()) && TOFU_FILE_NAME.test(e.name),
    );
  } catch {
    return false; // not there (a removed directory), or not a directory
  }
}

/** A module call found in a directory's .tf or .tf.json files. */
interface ModuleCall {
  /** The module's directory, relative to the root. */
  dir: string;
  /** The file that calls it, relative to the root. */
  file: string;
  /** A module directory that is a symbolic link: its target, relative to the root, where git names its changes. */
  linkedDir?: string;
}

/** What a directory's OpenTofu files use: the modules they call, and the files its symbolic links point to. */
interface DirectoryUses {
  calls: ModuleCall[];
  /** `providers.tf -> ../../common/providers.tf`: a change to the target changes this directory's code. */
  links: { file: string; target: string }[];
}

/** How a cluster's code uses a changed file: through a module (the chain of calls) or a linked .tf file. */
export type ChangedUse =
  | { module: string; via: string[]; file: string }
  | { linkedFrom: string; via: string[]; file: string };

/** A real HCL parser: tree-sitter's HCL grammar (WebAssembly), loaded on first use (~10 ms). */
let hclParser: Promise<TreeSitterParser> | undefined;

/**
 * The parser's WebAssembly files: beside the bundle in dist/ (scripts/bundle.mjs copies them
 * there), else from node_modules (the sources, the tests).
 */
function wasmFile(name: string, packageFile: string): string {
  const bundled = fileURLToPath(new URL(name, import.meta.url));
  return existsSync(bundled) ? bundled : createRequire(import.meta.url).resolve(packageFile);
}

function loadHcl(): Promise<TreeSitterParser> {
  hclParser ??= (async () => {
    // Its CommonJS build: the ES one imports node:module in a way the action bundle cannot carry.
    const { Parser, Language } = createRequire(import.meta.url)('web-tree-sitter') as typeof import('web-tree-sitter');
    await Parser.init({ locateFile: () => wasmFile('web-tree-sitter.wasm', 'web-tree-sitter/web-tree-sitter.wasm') });
    const parser = new Parser();
    parser.setLanguage(
      await Language.load(
        wasmFile('tree-sitter-hcl.wasm', '@tree-sitter-grammars/tree-sitter-hcl/tree-sitter-hcl.wasm'),
      ),
    );
    return parser;
  })();
  return hclParser;
}

/**
 * Follows relative module sources (`source = "../../modules/net"`), transitively, reading each
 * directory's files once however many clusters share it.
 */
class ModuleResolver {
  private readonly uses = new Map<string, Promise<DirectoryUses>>();
  private readonly realRoot: string;

  constructor(private readonly root: string) {
    this.realRoot = realpathSync(root);
  }

  /**
   * The first module (depth first, in file order) under `absoluteDir` whose directory holds a
   * change, with the chain of files that call it; undefined when none does. A cycle is an error.
   */
  async changedModule(
    absoluteDir: string,
    changedIn: (dir: string) => { file: string } | undefined,
    changedFile: (file: string) => boolean,
  ): Promise<ChangedUse | undefined> {
    const start = normal(path.relative(this.root, absoluteDir));
    const seen = new Set<string>([start]);
    const visit = async (dir: string, stack: string[], via: string[]): Promise<ChangedUse | undefined> => {
      const { calls, links } = await this.usesOf(dir);
      const link = links.find((l) => changedFile(l.target));
      if (link) return { linkedFrom: link.file, via, file: link.target };
      for (const call of calls) {
        const cycle = stack.indexOf(call.dir);
        if (cycle >= 0)
          throw new UserError(
            `module cycle: ${[...stack.slice(cycle), call.dir].join(' → ')} (called in ${call.file}); OpenTofu refuses a module that calls itself`,
          );
        if (seen.has(call.dir)) continue;
        seen.add(call.dir);
        const chain = [...via, call.file];
        const changed =
          call.dir === '.'
            ? undefined
            : (changedIn(call.dir) ?? (call.linkedDir ? changedIn(call.linkedDir) : undefined));
        if (changed) return { module: call.dir, via: chain, file: changed.file };
        const found = await visit(call.dir, [...stack, call.dir], chain);
        if (found) return found;
      }
      return undefined;
    };
    return visit(start, [start], []);
  }

  private usesOf(dir: string): Promise<DirectoryUses> {
    let uses = this.uses.get(dir);
    if (!uses) {
      uses = this.readUses(dir);
      this.uses.set(dir, uses);
    }
    return uses;
  }

  private async readUses(dir: string): Promise<DirectoryUses> {
    const absolute = path.join(this.root, dir);
    let entries: Dirent[];
    try {
      // Symbolic links too: OpenTofu reads a linked .tf file as one of the directory's own.
      entries = (await fs.readdir(absolute, { withFileTypes: true }))
        .filter((e) => (e.isFile() || e.isSymbolicLink()) && TOFU_FILE_NAME.test(e.name))
        .sort((a, b) => (a.name < b.name ? -1 : 1));
    } catch (error) {
      // A cluster directory that is not there (yet) uses no module.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { calls: [], links: [] };
      throw new UserError(`cannot read directory ${displayPath(dir)}: ${errorMessage(error)}`);
    }
    const calls: ModuleCall[] = [];
    const links: DirectoryUses['links'] = [];
    for (const entry of entries) {
      const { name } = entry;
      const file = dir === '.' ? name : `${dir}/${name}`;
      if (entry.isSymbolicLink()) {
        const target = this.linkTarget(file);
        if (target === undefined) continue;
        links.push({ file, target });
      }
      const text = readTextFile(path.join(absolute, name), TOFU_FILE);
      for (const [module, source] of await moduleSources(file, text)) {
        const target = this.localModuleDir(file, module, source);
        if (target !== undefined) calls.push({ ...target, file });
      }
    }
    return { calls, links };
  }

  /** A linked .tf file's target relative to the root; undefined when it is a directory. */
  private linkTarget(file: string): string | undefined {
    let real: string;
    try {
      real = realpathSync(path.join(this.root, file));
    } catch {
      throw new UserError(
        `${file} is a symbolic link to a missing file; fix or remove the link (OpenTofu cannot read it either)`,
      );
    }
    const relative = path.relative(this.realRoot, real);
    if (outsideOf(relative))
      throw new UserError(
        `${file} is a symbolic link to ${displayPath(real)}, outside the repository; keep OpenTofu files inside it`,
      );
    return statSync(real).isDirectory() ? undefined : normal(relative);
  }

  /** A local source's directory relative to the root (and where it links to); undefined for a registry or remote source. */
  private localModuleDir(
    file: string,
    module: string,
    source: string,
  ): Pick<ModuleCall, 'dir' | 'linkedDir'> | undefined {
    // OpenTofu's rule: a local path starts with ./ or ../; anything else is fetched.
    if (!/^\.\.?[/\\]/.test(source)) return undefined;
    const where = `${file}: module "${module}" source ${JSON.stringify(source)}`;
    const target = path.resolve(this.root, path.dirname(file), source);
    const relative = path.relative(this.root, target);
    if (outsideOf(relative))
      throw new UserError(
        `${where} points outside the repository; keep shared modules inside it (or use a registry or git source)`,
      );
    let real: string;
    try {
      real = realpathSync(target);
    } catch {
      throw new UserError(`${where}: directory ${normal(relative)} does not exist; fix the source or add the module`);
    }
    if (!statSync(real).isDirectory())
      throw new UserError(
        `${where}: ${normal(relative)} is a file; a local module source names the module's directory`,
      );
    if (outsideOf(path.relative(this.realRoot, real)))
      throw new UserError(
        `${where} is a symbolic link to ${displayPath(real)}, outside the repository; keep shared modules inside it`,
      );
    const dir = normal(relative) || '.';
    const linkedDir = normal(path.relative(this.realRoot, real)) || '.';
    return linkedDir === dir ? { dir } : { dir, linkedDir };
  }
}

/** The `module` blocks of one .tf (HCL) or .tf.json file: [name, source] pairs. */
async function moduleSources(file: string, text: string): Promise<[string, string][]> {
  if (!file.endsWith('.json')) {
    // A module block starts with the word: a file without it calls none (most variables.tf, outputs.tf).
    if (!text.includes('module')) return [];
    const tree = (await loadHcl()).parse(text);
    if (!tree) throw new UserError(`${file}: the HCL parser gave up on this file; check that it is OpenTofu code`);
    try {
      return hclModuleSources(file, tree.rootNode);
    } finally {
      tree.delete();
    }
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new UserError(`${file} is not valid JSON: ${errorMessage(error)}`);
  }
  const blocks = (document as { module?: unknown } | null)?.module;
  if (!blocks || typeof blocks !== 'object') return [];
  const pairs: [string, string][] = [];
  // JSON syntax may list the labelled blocks as an array of objects (`"module": [{"net": {…}}]`), to keep their order.
  const labelled = (Array.isArray(blocks) ? blocks : [blocks]).flatMap((entry) =>
    entry && typeof entry === 'object' ? Object.entries(entry) : [],
  );
  for (const [name, bodies] of labelled) {
    for (const body of Array.isArray(bodies) ? bodies : [bodies]) {
      const source = (body as { source?: unknown } | null)?.source;
      pairs.push([
        name,
        literalSource(
          file,
          name,
          typeof source === 'string' ? source : undefined,
          typeof source === 'string' && source.includes('${'),
        ),
      ]);
    }
  }
  return pairs;
}

function literalSource(file: string, name: string, source: string | undefined, computed: boolean): string {
  if (source === undefined)
    throw new UserError(`${file}: module "${name}" has no source string; every module block needs source = "…"`);
  if (computed)
    throw new UserError(
      `${file}: module "${name}" source ${JSON.stringify(source)} is not a literal path; the affected clusters cannot be known without running OpenTofu`,
    );
  return source;
}

/** The top-level `module "name" { source = "…" }` blocks of a parsed .tf file; a syntax error names its line and column. */
function hclModuleSources(file: string, root: TreeSitterNode): [string, string][] {
  if (root.hasError) {
    const bad = firstError(root);
    const where = bad ? ` line ${bad.startPosition.row + 1}, column ${bad.startPosition.column + 1}` : '';
    const near = bad?.isMissing
      ? `"${bad.type}" expected here (an unclosed block or bracket?)`
      : `invalid syntax near ${JSON.stringify((bad?.text ?? '').split('\n')[0]!.slice(0, 40))}`;
    throw new UserError(
      `OpenTofu syntax error in ${file}${where}: ${near}; fix the file (tofu validate shows the same)`,
    );
  }
  const body = root.namedChildren.find((child) => child?.type === 'body');
  const pairs: [string, string][] = [];
  for (const block of body?.namedChildren ?? []) {
    if (block?.type !== 'block' || block.namedChildren[0]?.text !== 'module') continue;
    const label = block.namedChildren.find((child) => child?.type === 'string_lit');
    const name = label ? stringText(label) : '';
    const attribute = block.namedChildren
      .find((child) => child?.type === 'body')
      ?.namedChildren.find((child) => child?.type === 'attribute' && child.namedChildren[0]?.text === 'source');
    const value = attribute?.namedChildren[1];
    const literal =
      value?.namedChildren[0]?.type === 'literal_value' ? value.namedChildren[0].namedChildren[0] : undefined;
    if (!attribute) pairs.push([name, literalSource(file, name, undefined, false)]);
    else if (literal?.type !== 'string_lit')
      pairs.push([name, literalSource(file, name, (value?.text ?? '').replace(/^"([\s\S]*)"$/, '$1'), true)]);
    else pairs.push([name, stringText(literal)]);
  }
  return pairs;
}

/** A quoted HCL string without interpolation: its text between the quotes, escapes resolved. */
function stringText(node: TreeSitterNode): string {
  return node.text.slice(1, -1).replace(/\\(["\\nrt])/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t' })[c] ?? c);
}

function firstError(node: TreeSitterNode): TreeSitterNode | undefined {
  if (node.type === 'ERROR' || node.isMissing) return node;
  for (const child of node.children) {
    if (child?.hasError || child?.isMissing) return firstError(child);
  }
  return undefined;
}

/** True when the commit is in the local repository (a shallow checkout may lack it). */
export async function hasCommit(root: string, sha: string): Promise<boolean> {
  if (!/^[0-9a-f]{7,64}$/i.test(sha)) return false;
  const result = await runCommand(
    { argv: ['git', 'cat-file', '-e', `${sha}^{commit}`], cwd: root, env: gitEnv() },
    { redactor: new Redactor() },
  );
  return result.exitCode === 0;
}

/** What git itself needs, without the caller's GIT_DIR or pager: the changed files, nothing else. */
function gitEnv(): Record<string, string> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => typeof e[1] === 'string' && !e[0].startsWith('GIT_'),
    ),
  );
  return { ...env, GIT_PAGER: 'cat', LC_ALL: 'C' };
}

const GIT_STATUS: Record<string, ChangeStatus> = {
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
export async function changedFilesFromGit(
  root: string,
  base: string,
  head: string,
  options: { threeDot?: boolean } = {},
): Promise<ChangedFile[]> {
  const range = options.threeDot ? [`${base}...${head}`] : [base, head];
  const argv = ['git', 'diff', '--name-status', '-M', '-z', '--no-color', ...range, '--'];
  const result = await runCommand(
    { argv, cwd: root, env: gitEnv() },
    { redactor: new Redactor(), captureStdout: 256 * 1024 * 1024 },
  );
  if (result.exitCode !== 0)
    throw new UserError(
      `git diff ${range.join(' ')} failed (exit ${result.exitCode}): ${result.tail.slice(-3).join(' ').trim()}`,
    );
  return parseNameStatus(result.stdout);
}

/** `git diff --name-status -z` output: `M\0path\0`, `R100\0old\0new\0`. */
export function parseNameStatus(output: string): ChangedFile[] {
  const fields = output.split('\0');
  const files: ChangedFile[] = [];
  for (let i = 0; i + 1 < fields.length; ) {
    const code = fields[i++]!;
    const status = GIT_STATUS[code[0] ?? ''] ?? 'modified';
    if (code[0] === 'R' || code[0] === 'C') {
      const [from, to] = [fields[i++]!, fields[i++]!];
      files.push(status === 'renamed' ? { path: to, status, previousPath: from } : { path: to, status });
    } else files.push({ path: fields[i++]!, status });
  }
  return files;
}
