import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InterruptedError, UsageError, UserError } from '../../src/core/lib/errors.js';
import { Redactor } from '../../src/core/lib/redact.js';
import { postStepState, runAction, type ActionRun } from '../../src/github/runner/action-run.js';
import { parseFileCommands } from '../support/action-runner.js';

describe('runAction', () => {
  const saved = { ...process.env };
  const originalWrite = process.stdout.write;
  const originalExitCode = process.exitCode;
  let printed: string;
  let dir: string;
  beforeEach(async () => {
    printed = '';
    process.stdout.write = ((chunk: string) => {
      printed += String(chunk);
      return true;
    }) as typeof process.stdout.write;
    process.exitCode = undefined;
    dir = await mkdtemp(path.join(tmpdir(), 'action-run-'));
    for (const name of ['GITHUB_OUTPUT', 'GITHUB_STATE', 'GITHUB_STEP_SUMMARY']) {
      process.env[name] = path.join(dir, name);
      await fs.writeFile(process.env[name]!, '');
    }
  });
  afterEach(() => {
    process.stdout.write = originalWrite;
    process.exitCode = originalExitCode;
    process.env = { ...saved };
  });

  const read = async (name: string) => fs.readFile(path.join(dir, name), 'utf8');
  const annotation = () => /^::error::(.*)$/m.exec(printed)?.[1]?.replace(/%0A/g, '\n');

  it('a UserError (and a UsageError) fails the step with its message alone', async () => {
    for (const error of [
      new UserError('input config: no such file'),
      new UsageError('input method: "x" is not one of kubespray'),
    ]) {
      printed = '';
      await runAction('cluster-deploy', async () => {
        throw error;
      });
      expect(annotation()).toBe(error.message);
      expect(process.exitCode).toBe(1);
    }
  });

  it('anything else is an internal error with its stack', async () => {
    await runAction('cluster-deploy', async () => {
      throw new TypeError('cannot read properties of undefined');
    });
    expect(annotation()).toMatch(
      /^internal error: cannot read properties of undefined\nTypeError: cannot read properties of undefined\n\s+at /,
    );
  });

  it('an action with a result output: result=failure and "could not start" before its work, "failed" after; interrupted is its own result', async () => {
    await runAction(
      'cluster-deploy',
      async () => {
        throw new UserError('set input config');
      },
      { reportsResult: true },
    );
    expect(parseFileCommands(await read('GITHUB_OUTPUT')).result).toBe('failure');
    expect(await read('GITHUB_STEP_SUMMARY')).toBe('### ❌ cluster-deploy could not start\n\nset input config\n');

    await fs.writeFile(path.join(dir, 'GITHUB_STEP_SUMMARY'), '');
    await runAction(
      'cluster-deploy',
      async (run: ActionRun) => {
        run.started();
        throw new InterruptedError();
      },
      { reportsResult: true },
    );
    expect(parseFileCommands(await read('GITHUB_OUTPUT')).result).toBe('interrupted');
    expect(await read('GITHUB_STEP_SUMMARY')).toBe('### ❌ cluster-deploy failed\n\ninterrupted\n');
  });

  it('an action without one writes neither', async () => {
    await runAction('cluster-deploy kubeconfig', async () => {
      throw new UserError('input passphrase is empty');
    });
    expect(await read('GITHUB_OUTPUT')).toBe('');
    expect(await read('GITHUB_STEP_SUMMARY')).toBe('');
  });

  it('masks the secret inputs first and redacts them, and the pipeline’s secrets, from the failure', async () => {
    process.env.INPUT_PASSPHRASE = 'input-secret-1';
    await runAction(
      'cluster-deploy',
      async (run: ActionRun) => {
        const redactor = new Redactor();
        redactor.add('config-secret-2');
        run.redactWith(redactor);
        throw new Error('boom with input-secret-1 and config-secret-2');
      },
      { secretInputs: ['passphrase', 'github-token'] },
    );
    expect(printed.startsWith('::add-mask::input-secret-1\n')).toBe(true);
    expect(annotation()).toMatch(/^internal error: boom with \*\*\* and \*\*\*\n/);
    expect(printed.replace('::add-mask::input-secret-1', '')).not.toMatch(/input-secret-1|config-secret-2/);
  });
});

describe('postStepState', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('saves what the main step names and reads it back in the post step, with the post mark', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'post-state-'));
    process.env.GITHUB_STATE = path.join(dir, 'state');
    await fs.writeFile(process.env.GITHUB_STATE, '');
    const state = postStepState({ artifactDir: 'artifact-dir', logPath: 'log-path' });
    expect(state.isPost()).toBe(false);
    state.markMain();
    state.save({ artifactDir: '/tmp/a', logPath: undefined });
    // The runner hands the post step what the main step saved as STATE_<name>.
    for (const [name, value] of Object.entries(parseFileCommands(await fs.readFile(process.env.GITHUB_STATE, 'utf8'))))
      process.env[`STATE_${name}`] = value;
    expect(state.isPost()).toBe(true);
    expect(state.load()).toEqual({ artifactDir: '/tmp/a', logPath: '' });
  });
});
