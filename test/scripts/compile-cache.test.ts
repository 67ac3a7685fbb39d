import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionNode, ROOT } from '../support/action-runner.js';

// Each action keeps Node's compile cache in the runner's temp dir: emptied at every job's start and end and the runner
// user's own, where the system temp dir of a self-hosted machine is shared with its other users.
/** Node before 22.1 has no compile cache (the stub's `module.enableCompileCache?.()` then does nothing). */
const hasCompileCache =
  execFileSync(actionNode(), ['-p', "typeof require('node:module').enableCompileCache"], {
    encoding: 'utf8',
  }).trim() === 'function';

describe.skipIf(!hasCompileCache)("the actions' compile cache", () => {
  it.each([
    ['on a runner: in RUNNER_TEMP, nothing in the system temp dir', true],
    ['without RUNNER_TEMP (a test, a laptop): in the system temp dir, as Node does by default', false],
  ])('%s', async (_, onRunner) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'compile-cache-'));
    const runnerTemp = path.join(dir, 'runner-temp');
    const systemTemp = path.join(dir, 'system-temp');
    await mkdir(runnerTemp);
    await mkdir(systemTemp);
    // actions/kubeconfig stops at its first input check: enough to load the shared bundle and exit.
    try {
      execFileSync(actionNode(), [path.join(ROOT, 'dist', 'kubeconfig', 'index.js')], {
        env: { PATH: process.env.PATH, TMPDIR: systemTemp, ...(onRunner && { RUNNER_TEMP: runnerTemp }) },
        stdio: 'ignore',
      });
    } catch {
      // it fails for want of inputs: only where it left its cache matters here
    }
    const cached = (base: string) =>
      existsSync(path.join(base, 'node-compile-cache')) &&
      readdirSync(path.join(base, 'node-compile-cache')).length > 0;
    expect(cached(runnerTemp)).toBe(onRunner);
    expect(cached(systemTemp)).toBe(!onRunner);
  });
});
