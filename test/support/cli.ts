import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { ROOT } from './action-runner.js';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The flags a CLI run on a prepared sandbox starts with: its config, a state dir under `workDir`, no Keystone call. */
export function sandboxFlags(sandbox: PreparedSandbox, workDir: string): string[] {
  return ['--config', sandbox.configPath, '--state-dir', path.join(workDir, 'state'), '--skip-auth-check'];
}

const ENTRY = path.join(ROOT, 'src', 'cli', 'main.ts');
/** tsx's loader by its file, so that it is found from any working directory (`--import tsx` resolves from the cwd). */
const TSX = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

/**
 * Runs the CLI as a real process, the way users do; `onStdout` sees the output so far, e.g. to signal the child
 * mid-run; `options.stdin` is piped in; `options.cwd` defaults to the repository.
 */
export function runCli(
  args: string[],
  env: Record<string, string>,
  onStdout?: (text: string, child: ReturnType<typeof spawn>) => void,
  options: { stdin?: string; cwd?: string } = {},
): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', TSX, ENTRY, ...args], { cwd: options.cwd ?? ROOT, env });
    if (options.stdin !== undefined) child.stdin.end(options.stdin);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      onStdout?.(stdout, child);
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The CLI against a Cluster API sandbox run: each call gets the run's config and state directory and the management
 * cluster (both read when called: they are made in beforeAll) and, but for a check (which has no readiness gate), a short
 * readiness interval. Everything it printed is kept in `printed`, for the tests that look for a secret in it.
 */
export function capiCli(
  sandbox: () => { configPath: string; stateDir: string; env: Record<string, string> },
  management: () => string | undefined,
  extra: readonly string[] = ['--skip-auth-check'],
) {
  const printed: string[] = [];
  const cli = async (...args: string[]): Promise<CliResult> => {
    const run = sandbox();
    const kubeconfig = management();
    const result = await runCli(
      [
        ...args,
        '--config',
        run.configPath,
        '--state-dir',
        run.stateDir,
        ...(kubeconfig ? ['--management-kubeconfig', kubeconfig] : []),
        ...extra,
        ...(args[0] === 'check' ? [] : ['--interval', '1s']),
      ],
      run.env,
    );
    printed.push(result.stdout, result.stderr);
    return result;
  };
  return { cli, printed };
}
