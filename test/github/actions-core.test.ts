import * as reference from '@actions/core';
import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { EOL, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as ours from '../../src/github/runner/actions-core.js';

/**
 * src/github/runner/actions-core.ts stands in for @actions/core on every action's start: what each writes
 * (stdout, the command files, the job summary) must be the same, byte for byte, but for the
 * random heredoc delimiters.
 */
describe('actions-core writes what @actions/core writes', () => {
  const FILES = {
    GITHUB_OUTPUT: 'output',
    GITHUB_STATE: 'state',
    GITHUB_ENV: 'env',
    GITHUB_STEP_SUMMARY: 'summary',
  } as const;
  const saved = { ...process.env };
  const originalWrite = process.stdout.write;
  const originalExitCode = process.exitCode;
  let printed: string[];
  beforeEach(() => {
    printed = [];
    process.stdout.write = ((chunk: string) => {
      printed.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
  });
  afterEach(() => {
    process.stdout.write = originalWrite;
    process.exitCode = originalExitCode;
    process.env = { ...saved };
  });

  /** Runs the same calls through one implementation; what it wrote, delimiters made stable. */
  async function capture(calls: (core: typeof ours) => Promise<void> | void, core: typeof ours) {
    const dir = await mkdtemp(path.join(tmpdir(), 'actions-core-'));
    for (const [variable, file] of Object.entries(FILES)) {
      process.env[variable] = path.join(dir, file);
      await fs.writeFile(process.env[variable]!, '');
    }
    printed = [];
    process.exitCode = undefined;
    await calls(core);
    const stable = (text: string) => text.replace(/ghadelimiter_[0-9a-f-]{36}/g, 'ghadelimiter_X');
    const files: Record<string, string> = {};
    for (const [variable, file] of Object.entries(FILES))
      files[variable] = stable(await fs.readFile(path.join(dir, file), 'utf8'));
    return { stdout: stable(printed.join('')), files, exitCode: process.exitCode, env: process.env.EXPORTED };
  }

  // @actions/core's summary API differs in shape (summary.addRaw(text).write()); the rest is the same.
  const referenceCore = {
    ...reference,
    appendSummary: async (text: string) => void (await reference.summary.addRaw(text).write()),
  } as unknown as typeof ours;

  const scenarios: Record<string, (core: typeof ours) => Promise<void> | void> = {
    'outputs, state and exported variables (multi-line values, percent signs, colons)': (core) => {
      core.setOutput('result', 'success');
      core.setOutput('kubeconfig', 'apiVersion: v1\nkind: Config\n  100%: yes\n');
      core.saveState('artifact-dir', '/tmp/x: y,z');
      core.exportVariable('EXPORTED', '/path/with:colon');
    },
    'masks, logs, groups and annotations with titles': (core) => {
      core.setSecret('s3cr3t%\nline2');
      core.info('plain line: 100% done, a,b');
      core.debug('debug\r\nline');
      core.startGroup('[1/2] → Step (step-id)...');
      core.endGroup();
      core.notice('notice text', { title: 'cluster-deploy: no plan comment, 100%' });
      core.warning('multi\nline: warning, with commas');
      core.error('step failed: 50%', { title: 'cluster-deploy: step opentofu-apply failed' });
      core.error('no title');
    },
    'setFailed and the job summary': async (core) => {
      core.setFailed('internal error: boom\n    at stack (file.js:1:2)');
      await core.appendSummary('### ❌ cluster-deploy could not start\n\nboom\n');
      await core.appendSummary('| a | b |\n');
    },
  };

  for (const [name, calls] of Object.entries(scenarios)) {
    it(name, async () => {
      const theirs = await capture(calls, referenceCore);
      const mine = await capture(calls, ours);
      expect(mine).toEqual(theirs);
      expect(theirs.stdout + Object.values(theirs.files).join('')).not.toBe('');
    });
  }

  it('infoUntrusted: text we did not write starts no workflow command, on any line', () => {
    ours.infoUntrusted('created the comment for a/b\n::error::forged\r::add-mask::x\r\n::stop-commands::t 100%');
    expect(printed.join('')).toBe(
      `created the comment for a/b%0A::error::forged%0D::add-mask::x%0D%0A::stop-commands::t 100%25${EOL}`,
    );
  });

  it('reads inputs and state as @actions/core does (trimmed, spaces as underscores, unset is empty)', () => {
    process.env['INPUT_STATE-STORE'] = '  local \n';
    process.env.INPUT_MY_INPUT = 'value';
    process.env['STATE_artifact-dir'] = '/tmp/state';
    for (const name of ['state-store', 'My Input', 'missing'])
      expect(ours.getInput(name)).toBe(reference.getInput(name));
    for (const name of ['artifact-dir', 'missing']) expect(ours.getState(name)).toBe(reference.getState(name));
  });

  it('refuses a file command whose file is missing, and falls back to stdout commands without one', async () => {
    process.env.GITHUB_OUTPUT = path.join(tmpdir(), 'no-such-dir', 'output');
    expect(() => ours.setOutput('a', 'b')).toThrow(/Missing file at path/);
    delete process.env.GITHUB_OUTPUT;
    delete process.env.GITHUB_STATE;
    printed = [];
    ours.setOutput('a', 'b\nc');
    ours.saveState('s', 'v');
    const mine = printed.join('');
    printed = [];
    reference.setOutput('a', 'b\nc');
    reference.saveState('s', 'v');
    expect(mine).toBe(printed.join(''));
  });
});
