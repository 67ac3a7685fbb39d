import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './action-runner.js';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const ENTRY = path.join(ROOT, 'src', 'cli', 'main.ts');

/** Runs the CLI as a real process, the way users do; `onStdout` sees the output so far, e.g. to signal the child mid-run. */
export function runCli(
  args: string[],
  env: Record<string, string>,
  onStdout?: (text: string, child: ReturnType<typeof spawn>) => void,
): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, ...args], { cwd: ROOT, env });
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
