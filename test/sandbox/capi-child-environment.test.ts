import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlan } from '../../src/core/engine/plan.js';
import { runDeploy } from '../../src/core/engine/engine.js';
import type { CommandSpec } from '../../src/core/lib/command.js';
import type { Operation } from '../../src/core/lib/option-values.js';
import { DeployOutput } from '../../src/core/lib/output.js';
import type { Step, StepId } from '../../src/core/steps/index.js';
import { type CapiRun, startCapiRun } from '../support/capi-sandbox.js';

/**
 * What the cluster-api steps' commands (kubectl, clusterctl, kind) receive, every command of a deploy with kind (pivot
 * included) and a destroy recorded as the engine hands it to spawn: no OpenStack credential. CAPO gets them from the
 * Secret capi-cloud-credentials writes (through kubectl's file, never its environment). The password is a canary in
 * the runner's environment, as a workflow's `env:` would set it.
 */
const PASSWORD = 'os-password-canary-6621';

interface Recorded {
  step: StepId;
  program: string;
  env: Readonly<Record<string, string>>;
}

function recording(step: Step, into: Recorded[]): Step {
  const wrapped = Object.create(step) as Step;
  Object.defineProperty(wrapped, 'run', {
    value: (context: Parameters<Step['run']>[0]) =>
      step.run({
        ...context,
        exec: (spec: CommandSpec, options) => {
          into.push({ step: step.id, program: spec.argv[0]!.split('/').pop()!, env: spec.env });
          return context.exec(spec, options);
        },
      }),
  });
  return wrapped;
}

describe('the environment of the cluster-api commands', () => {
  let run: CapiRun;
  const recorded: Recorded[] = [];

  async function deploy(operation: Operation) {
    const pipeline = await run.open({ operation });
    const output = new DeployOutput(pipeline.redactor, () => {});
    const result = await runDeploy({
      ...pipeline,
      steps: pipeline.steps.map((step) => recording(step, recorded)),
      output,
      filter: {},
      signal: new AbortController().signal,
    });
    await output.close();
    expect(result.error).toBeUndefined();
  }

  beforeAll(async () => {
    // Password authentication from the runner's environment: the config's application credential removed.
    run = await startCapiRun((text) =>
      text
        .replace('        application_credential_id: sandbox-app-cred\n', '        username: deployer\n')
        .replace('        application_credential_secret: sandbox-secret-value\n', ''),
    );
    run.env.OS_PASSWORD = PASSWORD;
  }, 60_000);
  afterAll(async () => run?.close());

  it('the plan says each cluster-api step withholds the credentials', async () => {
    const pipeline = await run.open();
    expect(pipeline.settings.credentials.password).toBe(PASSWORD); // the canary is the deploy's credential
    const plan = await buildPlan(pipeline.settings, pipeline.steps, pipeline.store, {}, pipeline.redactor);
    const withheld = Object.fromEntries(plan.steps.map((s) => [s.id, s.withheld]));
    for (const id of [
      'capi-management-cluster',
      'clusterctl-init',
      'capi-cloud-credentials',
      'capi-render',
      'capi-apply',
      'capi-wait',
      'capi-workload-kubeconfig',
      'capi-addons',
      'capi-pivot',
    ])
      expect(withheld[id], id).toEqual(expect.arrayContaining(['OS_AUTH_URL', 'OS_USERNAME', 'OS_PASSWORD']));
    expect(withheld['wait-ready']).toContain('OS_PASSWORD');
  });

  it('deploy (kind, pivot) and destroy: no command gets an OS_* variable, nor the password under any name', async () => {
    await deploy('deploy');
    await deploy('destroy');
    const programs = new Set(recorded.map((r) => r.program));
    expect([...programs].sort()).toEqual(['clusterctl', 'kind', 'kubectl']);
    const leaks = recorded.flatMap(({ step, program, env }) =>
      Object.entries(env)
        .filter(([name, value]) => name.startsWith('OS_') || value.includes(PASSWORD))
        .map(([name]) => `${step} (${program}): ${name}`),
    );
    expect(leaks).toEqual([]);
    // Every step of both operations ran commands, so the check covers them.
    expect(new Set(recorded.map((r) => r.step))).toEqual(
      new Set([
        'capi-management-cluster',
        'clusterctl-init',
        'capi-cloud-credentials',
        'capi-render',
        'capi-apply',
        'capi-wait',
        'capi-workload-kubeconfig',
        'capi-addons',
        'wait-ready',
        'capi-pivot',
        'capi-move-back',
        'capi-delete-cluster',
      ]),
    );
  }, 300_000);
});
