import { promises as fs } from 'node:fs';
import path from 'node:path';
import { childProcess } from '../lib/command.js';
import { UserError } from '../lib/errors.js';
import { findExecutable } from '../lib/files.js';

/**
 * The interpreter the Kubespray venv is made with, inside the range the pinned Kubespray supports.
 * Kubespray states that range only as a table in docs/ansible/ansible.md ("Ansible Python
 * Compatibility"; no playbook checks it), so it is read from there, else from our own table.
 * GitHub's ubuntu-26.04 image has Python 3.14, outside v2.31/v2.32's 3.11–3.13.
 */

export interface PythonRange {
  min: [number, number];
  max: [number, number];
  /** Where the range came from, for messages. */
  source: string;
}

/** Kubespray's docs table at v2.31.0 (docs/ansible/ansible.md:33-35), and v2.32's release notes (#13430). */
const KNOWN_RANGES: Record<string, string> = { '2.31': '3.11-3.13', '2.32': '3.11-3.13' };
const DEFAULT_RANGE = '3.11-3.13';
const ANSIBLE_DOC = 'docs/ansible/ansible.md';

function parseRange(text: string, source: string): PythonRange | undefined {
  const match = /^3\.(\d+)\s*-\s*3\.(\d+)$/.exec(text.trim());
  if (!match) return undefined;
  return { min: [3, Number(match[1])], max: [3, Number(match[2])], source };
}

/** The Python range of a Kubespray tree: the first row of its docs table, else the known range of its version. */
export async function readPythonRange(kubesprayDir: string, kubesprayVersion?: string): Promise<PythonRange> {
  const doc = await fs.readFile(path.join(kubesprayDir, ANSIBLE_DOC), 'utf8').catch(() => '');
  const section = doc.split(/^#+ .*Python Compatibility.*$/m)[1] ?? '';
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    // | >=2.18.0, <2.19.0 | 3.11-3.13 |
    const range = cells.length >= 4 && /\d/.test(cells[1]!) ? parseRange(cells[2]!, ANSIBLE_DOC) : undefined;
    if (range) return range;
  }
  const minor = kubesprayVersion?.replace(/^v/, '').split('.').slice(0, 2).join('.');
  const known = minor ? KNOWN_RANGES[minor] : undefined;
  return parseRange(
    known ?? DEFAULT_RANGE,
    known ? `Kubespray v${minor}'s documented range` : `assumed: ${ANSIBLE_DOC} has no Python table`,
  )!;
}

function describePythonRange(range: PythonRange): string {
  return `${range.min.join('.')} to ${range.max.join('.')}`;
}

export interface PythonCandidate {
  /** As found: the path on PATH, or the setting. */
  path: string;
  /** X.Y.Z, or why it did not run. */
  version?: string;
  problem?: string;
}

export interface ChosenPython {
  path: string;
  version: string;
  /** Where the choice came from: the setting's name, or PATH. */
  from: string;
}

const inRange = (version: string, range: PythonRange) => {
  const [major, minor] = version.split('.').map(Number) as [number, number];
  const value = major * 1000 + minor;
  return value >= range.min[0] * 1000 + range.min[1] && value <= range.max[0] * 1000 + range.max[1];
};

/** Runs `<python> -c …` for its version; a shim that fails (pyenv's "command not found") is reported, not chosen. */
function probePython(file: string, env: Readonly<Record<string, string>>): Promise<PythonCandidate> {
  return new Promise((resolve) => {
    childProcess().execFile(
      file,
      ['-c', 'import sys; print("%d.%d.%d" % sys.version_info[:3])'],
      { env, timeout: 15_000, maxBuffer: 64 * 1024 },
      (error, stdout, stderr) => {
        const version = /^(\d+\.\d+\.\d+)\s*$/.exec(stdout)?.[1];
        if (!error && version) return resolve({ path: file, version });
        const why = stderr.trim().split('\n').at(-1) || (error ? error.message.split('\n')[0] : 'no version printed');
        resolve({ path: file, problem: why });
      },
    );
  });
}

/** Every python3 / python3.X on PATH, in PATH order, each file once. */
async function pythonsOnPath(pathVar: string | undefined): Promise<string[]> {
  const found: string[] = [];
  const seen = new Set<string>();
  for (const dir of (pathVar ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const pythons = names
      .filter((name) => /^python3(\.\d{1,3})?$/.test(name))
      .sort((a, b) => b.length - a.length || b.localeCompare(a, 'en', { numeric: true }));
    for (const name of pythons) {
      const file = path.join(dir, name);
      if (!(await findExecutable(file, undefined))) continue;
      const real = await fs.realpath(file).catch(() => file);
      // pyenv's shims are one script under many names: keep them, they resolve per name.
      const key = real.includes(`${path.sep}shims${path.sep}`) || path.basename(real) === 'pyenv' ? file : real;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push(file);
    }
  }
  return found;
}

const shown = (c: PythonCandidate) => `${c.path} (${c.version ?? c.problem})`;

/**
 * The explicit interpreter (`setting` names where it came from) when given, which must be in range;
 * else the newest python3.X on PATH in range (PATH order breaks ties). None: an error listing what
 * was found and what to do.
 */
export async function choosePython(options: {
  explicit?: { value: string; setting: string };
  range: PythonRange;
  kubespray: string;
  env: Readonly<Record<string, string>>;
}): Promise<ChosenPython> {
  const { range, env } = options;
  const want = `Python ${describePythonRange(range)} (${range.source})`;
  if (options.explicit) {
    const { value, setting } = options.explicit;
    const file = await findExecutable(value, env.PATH);
    if (!file) {
      throw new UserError(`${setting}: ${JSON.stringify(value)} is not an executable file or a command on PATH`);
    }
    const probe = await probePython(file, env);
    if (!probe.version) throw new UserError(`${setting}: ${file} did not run as Python: ${probe.problem}`);
    if (!inRange(probe.version, range)) {
      throw new UserError(
        `${setting}: ${file} is Python ${probe.version}; ${options.kubespray} supports ${want}: name one in that range`,
      );
    }
    return { path: file, version: probe.version, from: setting };
  }
  const files = await pythonsOnPath(env.PATH);
  // First the python3.X names inside the range, newest first, one at a time: usually the first answers
  // (each probe starts an interpreter, a pyenv shim even two). The rest only when none of those runs.
  const named = (file: string) => Number(/^python3\.(\d+)$/.exec(path.basename(file))?.[1] ?? Number.NaN);
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
  let best: PythonCandidate | undefined;
  for (const candidate of candidates) {
    if (!candidate.version || !inRange(candidate.version, range)) continue;
    if (!best || compare(candidate.version, best.version!) > 0) best = candidate;
  }
  if (best) return { path: best.path, version: best.version!, from: 'PATH' };
  throw new UserError(
    `no ${want} on PATH for ${options.kubespray}; found ${candidates.length ? candidates.map(shown).join(', ') : 'no python3 at all'}. ` +
      `Install one (in GitHub Actions: actions/setup-python with python-version: '${range.max.join('.')}' before this step) ` +
      'or name it: deployment.kubespray.python, --python, or input python',
  );
}

function compare(a: string, b: string): number {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x![i] !== y![i]) return x![i]! - y![i]!;
  return 0;
}
