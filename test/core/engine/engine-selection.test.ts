import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkStepIds, decideStep, loadStartingState, selectSteps } from '../../../src/core/engine/selection.js';
import { UsageError } from '../../../src/core/lib/errors.js';
import { emptyState, LocalStateStore, type StepState } from '../../../src/core/model/state.js';
import type { Step, StepKind } from '../../../src/core/steps/index.js';
import { skipIf } from '../../../src/core/model/step.js';

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

const steps = [
  fakeStep('openstack-preflight', 'check'),
  fakeStep('opentofu-init', 'runner-local'),
  fakeStep('opentofu-apply', 'remote'),
];
const success: StepState = { status: 'success', startedAt: new Date().toISOString() };

describe('step selection', () => {
  it('selects all, one (--step) or a tail (--from-step)', () => {
    expect(selectSteps(steps, {}).map((s) => s.id)).toEqual(['openstack-preflight', 'opentofu-init', 'opentofu-apply']);
    expect(selectSteps(steps, { step: 'opentofu-init' }).map((s) => s.id)).toEqual(['opentofu-init']);
    expect(selectSteps(steps, { fromStep: 'opentofu-init' }).map((s) => s.id)).toEqual([
      'opentofu-init',
      'opentofu-apply',
    ]);
  });

  it('uses the reference error texts, as usage errors', () => {
    expect(() => selectSteps(steps, { step: 'opentofu-init', fromStep: 'opentofu-apply' })).toThrow(
      '--step and --from-step cannot be used together',
    );
    expect(() => selectSteps(steps, { fromStep: 'zz' })).toThrow(
      /unknown step "zz" \(available: openstack-preflight, opentofu-init, .*wait-ready, .*capi-management-cluster, .*capi-delete-cluster, .*capi-conditions[^)]*\)/,
    );
    expect(() => selectSteps(steps, { fromStep: 'zz' })).toThrow(UsageError);
  });

  it.each([
    { name: 'a huge id', id: 'x'.repeat(100_000), shown: `"${'x'.repeat(80)}…"` },
    { name: 'an invisible character', id: 'wait-ready\u200b', shown: '"wait-ready\\u200b"' },
  ])('echoes $name quoted, short and visible', ({ id, shown }) => {
    const thrown = (() => {
      try {
        checkStepIds({ step: id }, { operation: 'deploy', method: 'kubespray' }, ['wait-ready']);
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(thrown.startsWith(`--step: unknown step ${shown} `)).toBe(true);
    expect(thrown.length).toBeLessThan(300);
  });

  it('names a known step that this deploy does not have (Kubespray steps with method none)', () => {
    expect(() => selectSteps(steps, { step: 'kubespray-pip-install' })).toThrow(
      /step "kubespray-pip-install" is not part of this run/,
    );
  });
});

describe('resume decisions', () => {
  it('skips a remote step once it succeeded', async () => {
    expect(await decideStep(fakeStep('opentofu-apply', 'remote'), success, true)).toEqual({
      run: false,
      reason: 'already completed',
    });
  });

  it('re-runs a runner-local step whose outputs are gone (fresh runner), skips it while they exist', async () => {
    expect((await decideStep(fakeStep('opentofu-init', 'runner-local', false), success, true)).run).toBe(true);
    expect((await decideStep(fakeStep('opentofu-init', 'runner-local', true), success, true)).run).toBe(false);
  });

  it('always runs checks, failed and interrupted steps, and everything when state is ignored', async () => {
    expect((await decideStep(fakeStep('openstack-preflight', 'check'), success, true)).run).toBe(true);
    expect(
      await decideStep(fakeStep('opentofu-apply', 'remote'), { ...success, status: 'failed', error: 'boom' }, true),
    ).toEqual({ run: true, reason: 'failed last time: boom' });
    expect(
      (await decideStep(fakeStep('opentofu-apply', 'remote'), { ...success, status: 'running' }, true)).reason,
    ).toBe('was interrupted last time');
    expect((await decideStep(fakeStep('opentofu-apply', 'remote'), success, false)).run).toBe(true);
  });

  it('starts over after a completed deploy, so a changed config is applied', async () => {
    const store = new LocalStateStore(path.join(mkdtempSync(path.join(tmpdir(), 'st-')), 'state.json'), 'o/c');
    await store.save({
      ...emptyState('o/c'),
      completedAt: new Date().toISOString(),
      steps: { 'opentofu-apply': success },
    });
    const start = await loadStartingState(store, 'o/c', {});
    expect(start.state.steps).toEqual({});
    expect(start.note).toMatch(/last deploy completed at .*: starting over, each step with nothing to do skipped/);
    // --from-step still sees the saved state (it ignores it for decisions, but keeps history)
    expect(
      (await loadStartingState(store, 'o/c', { fromStep: 'opentofu-apply' })).state.steps['opentofu-apply'],
    ).toEqual(success);
  });
});

describe('a step with nothing to do (Step.decide)', () => {
  const state = emptyState('demo/sandbox', 'deploy');
  const guarded = (reason: string | undefined): Step => ({
    ...fakeStep('capi-apply', 'remote'),
    decide: () => skipIf(reason),
  });

  it.each([
    { name: 'not run yet', saved: undefined, useState: true },
    { name: 'failed last time', saved: { ...success, status: 'failed' as const }, useState: true },
    { name: 'picked with --step (saved state not used)', saved: success, useState: false },
  ])('is skipped, counting as done, when it would run: $name', async ({ saved, useState }) => {
    expect(await decideStep(guarded('left to capi-pivot'), saved, useState, state)).toEqual({
      run: false,
      reason: 'left to capi-pivot',
      nothingToDo: true,
    });
  });

  it('runs when the hook finds something to do, and an already completed step stays skipped as completed', async () => {
    expect(await decideStep(guarded(undefined), undefined, true, state)).toEqual({ run: true, reason: 'not run yet' });
    expect(await decideStep(guarded('left to capi-pivot'), success, true, state)).toEqual({
      run: false,
      reason: 'already completed',
    });
  });
});
