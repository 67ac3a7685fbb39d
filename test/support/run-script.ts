import { spawn } from 'node:child_process';
import { ROOT } from './action-runner.js';

/** The user permission tests run as when the suite runs as root (root ignores file modes). */
const NOBODY = 65534;

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunScriptOptions {
  /** The environment (default: this process's). */
  env?: Record<string, string | undefined>;
  /**
   * Run as an unprivileged user: `nobody` when the suite runs as root, else the current user, who
   * is unprivileged already. The files the script touches must be reachable by that user; the
   * checkout need not be (see dropPrivileges).
   */
  unprivileged?: boolean;
}

/** `await import("file://…")` of a source module, as sourceModule writes it into a script. */
const SOURCE_IMPORT = /await import\(("file:\/\/[^"]+")\)/g;

/**
 * A script that starts as root, loads the source modules it imports, then becomes `nobody` and runs.
 * Started as `nobody`, it could not load anything when the checkout lies under a directory only its
 * owner may enter (a `mktemp -d`, a 0700 home): Node, tsx and the sources all live in the checkout.
 * The imports are taken from the script text and served from memory after the switch, so the code
 * under test runs as `nobody` from its first line, as a daemon that drops privileges after loading.
 */
function dropPrivileges(script: string): string {
  const urls = [...new Set([...script.matchAll(SOURCE_IMPORT)].map((m) => m[1]!))];
  const preload = urls.map((url, i) => `const __source${i} = await import(${url});`).join('\n');
  let body = script;
  urls.forEach((url, i) => {
    body = body.split(`await import(${url})`).join(`__source${i}`);
  });
  return `${preload}
process.setgroups([]);
process.setgid(${NOBODY});
process.setuid(${NOBODY});
${body}`;
}

/** Runs an ES module snippet in a fresh Node process; it may import the TypeScript sources (sourceModule). */
export function runScript(
  script: string,
  { env = process.env, unprivileged = false }: RunScriptOptions = {},
): Promise<ScriptRun> {
  const asNobody = unprivileged && process.getuid?.() === 0;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', asNobody ? dropPrivileges(script) : script],
      { cwd: ROOT, env },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A file: URL of a source module (relative to the repository root), for `import()` in a script. */
export function sourceModule(relative: string): string {
  return new URL(relative, `file://${ROOT}/`).href;
}
