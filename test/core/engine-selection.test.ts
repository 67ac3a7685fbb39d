import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideStep, loadStartingState, selectSteps } from '../../src/core/engine.js';
import { emptyState, LocalStateStore, type StepState } from '../../src/core/state.js';
import type { Step, StepKind } from '../../src/core/steps/index.js';

function fakeStep(id: string, kind: StepKind, outputsPresent = true): Step {
  return {
    id: id as Step['id'],
    title: id,
    kind,
    plan: async () => ({ workingDir: '/', reads: [], writes: [] }),
    outputsPresent: async () => outputsPresent,
    run: async () => undefined,
  };
}

const steps = [fakeStep('a', 'check'), fakeStep('b', 'runner-local'), fakeStep('c', 'remote')];
const success: StepState = { status: 'success', startedAt: new Date().toISOString() };

describe('step selection', () => {
  it('selects all, one (--step) or a tail (--from-step)', () => {
    expect(selectSteps(steps, {}).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(selectSteps(steps, { step: 'b' }).map((s) => s.id)).toEqual(['b']);
    expect(selectSteps(steps, { fromStep: 'b' }).map((s) => s.id)).toEqual(['b', 'c']);
  });

  it('uses the reference error texts', () => {
    expect(() => selectSteps(steps, { step: 'a', fromStep: 'b' })).toThrow('--step and --from-step cannot be used together');
    expect(() => selectSteps(steps, { fromStep: 'zz' })).toThrow('unknown bootstrap step "zz" (available: a, b, c)');
  });
});

describe('resume decisions', () => {
  it('skips a remote step once it succeeded', async () => {
    expect(await decideStep(fakeStep('c', 'remote'), success, true)).toEqual({ run: false, reason: 'already completed' });
  });

  it('re-runs a runner-local step whose outputs are gone (fresh runner), skips it while they exist', async () => {
    expect((await decideStep(fakeStep('b', 'runner-local', false), success, true)).run).toBe(true);
    expect((await decideStep(fakeStep('b', 'runner-local', true), success, true)).run).toBe(false);
  });

  it('always runs checks, failed and interrupted steps, and everything when state is ignored', async () => {
    expect((await decideStep(fakeStep('a', 'check'), success, true)).run).toBe(true);
    expect(await decideStep(fakeStep('c', 'remote'), { ...success, status: 'failed', error: 'boom' }, true)).toEqual({ run: true, reason: 'failed last time: boom' });
    expect((await decideStep(fakeStep('c', 'remote'), { ...success, status: 'running' }, true)).reason).toBe('was interrupted last time');
    expect((await decideStep(fakeStep('c', 'remote'), success, false)).run).toBe(true);
  });

  it('starts over after a completed deploy, so a changed config is applied', async () => {
    const store = new LocalStateStore(path.join(mkdtempSync(path.join(tmpdir(), 'st-')), 'state.json'), 'o/c');
    await store.save({ ...emptyState('o/c'), completedAt: new Date().toISOString(), steps: { c: success } });
    const start = await loadStartingState(store, 'o/c', {});
    expect(start.state.steps).toEqual({});
    expect(start.note).toMatch(/last deploy completed at .*running every step/);
    // --from-step still sees the saved state (it ignores it for decisions, but keeps history)
    expect((await loadStartingState(store, 'o/c', { fromStep: 'c' })).state.steps.c).toEqual(success);
  });
});
