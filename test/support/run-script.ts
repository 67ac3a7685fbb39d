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
   * is unprivileged already. The files the script touches must be reachable by that user.
   */
  unprivileged?: boolean;
}

/** Runs an ES module snippet in a fresh Node process; it may import the TypeScript sources (sourceModule). */
export function runScript(
  script: string,
  { env = process.env, unprivileged = false }: RunScriptOptions = {},
): Promise<ScriptRun> {
  const user = unprivileged && process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {};
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      env,
      ...user,
    });
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
