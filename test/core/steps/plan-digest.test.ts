import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandSpec } from '../../../src/core/lib/command.js';
import { resolveSettings } from '../../../src/core/model/settings.js';
import { emptyState, type DeployState } from '../../../src/core/model/state.js';
import type { StepContext } from '../../../src/core/model/step.js';
import type { StepId } from '../../../src/core/model/operations.js';
import { OpenTofuApplyStep, OpenTofuPlanStep } from '../../../src/core/steps/opentofu.js';

/**
 * opentofu-apply applies only a plan opentofu-plan accepted. The engine saves the state of a failed
 * step, so a refused plan must leave no digest behind: else `--from-step opentofu-apply` (the
 * actions' from-step input) applies the very plan the guards refused. tofu itself is faked here:
 * what is under test is which plan file the steps let through, not tofu.
 */

const INVENTORY = `all:
  children:
    kube_control_plane:
      hosts: {demo-cp-0: {}, demo-cp-1: {}, demo-cp-2: {}}
    etcd:
      hosts: {demo-cp-0: {}, demo-cp-1: {}, demo-cp-2: {}}
    kube_node:
      hosts: {demo-w-0: {}}
`;

type Change = { name: string; actions: string[]; before?: Record<string, unknown>; after?: Record<string, unknown> };
const server = ({ name, actions, before, after }: Change) => ({
  address: `openstack_compute_instance_v2.node["${name}"]`,
  type: 'openstack_compute_instance_v2',
  change: {
    actions,
    before: actions.includes('create') && !actions.includes('delete') ? null : { name, ...before },
    after: actions.includes('delete') && !actions.includes('create') ? null : { name, ...after },
  },
});
const kept = (name: string) => server({ name, actions: ['no-op'] });
const NODES = ['demo-cp-0', 'demo-cp-1', 'demo-cp-2', 'demo-w-0'];
const planOf = (changes: Change[], variables: Record<string, string> = {}) => ({
  variables: Object.fromEntries(Object.entries(variables).map(([name, value]) => [name, { value }])),
  resource_changes: [
    ...NODES.filter((node) => !changes.some((change) => change.name === node)).map(kept),
    ...changes.map(server),
  ],
});

let base: string;
beforeAll(async () => {
  base = await fs.mkdtemp(path.join(tmpdir(), 'plan-digest-'));
  await fs.mkdir(path.join(base, 'demo', 'inventory'), { recursive: true });
  await fs.writeFile(path.join(base, 'demo', 'inventory', 'inventory.yaml'), INVENTORY);
  // Found on PATH, never run: every command goes through the fake exec below.
  await fs.mkdir(path.join(base, 'bin'));
  await fs.writeFile(path.join(base, 'bin', 'tofu'), '#!/bin/sh\nexit 99\n', { mode: 0o755 });
});
afterAll(async () => fs.rm(base, { recursive: true, force: true }));

/** The two steps over one state, as the engine runs them; `tofu plan` writes `document` as the plan. */
function harness(
  document: unknown,
  options: { selected?: StepId[]; kubernetesVersion?: string; savedPlan?: { file: string; source: string } } = {},
) {
  const settings = resolveSettings({
    clusterDir: path.join(base, 'demo'),
    stateDir: path.join(base, 'state'),
    env: { PATH: path.join(base, 'bin') },
    ...(options.kubernetesVersion && { kubernetesVersion: options.kubernetesVersion }),
    ...(options.savedPlan && { savedPlan: options.savedPlan }),
  });
  const ran: string[][] = [];
  const state: DeployState = emptyState('demo');
  const exec = async (spec: CommandSpec) => {
    const args = spec.argv.slice(1).filter((arg) => arg !== '-no-color');
    ran.push(args);
    const out = args.find((arg) => arg.startsWith('-out='))?.slice('-out='.length);
    if (args[0] === 'plan' && out) {
      await fs.mkdir(path.dirname(out), { recursive: true });
      await fs.writeFile(out, `binary plan ${JSON.stringify(document)}`);
    }
    return { exitCode: 0, signal: null, tail: [], stdout: args[0] === 'show' ? JSON.stringify(document) : '' };
  };
  const context = {
    settings,
    state,
    exec,
    selected: options.selected ?? ['opentofu-plan'],
    output: { line: () => {} },
    warn: () => {},
  } as unknown as StepContext;
  return {
    state,
    applies: () => ran.filter((args) => args[0] === 'apply'),
    plan: () => new OpenTofuPlanStep(settings).run(context),
    apply: () => new OpenTofuApplyStep(settings).run(context),
  };
}

const refused: { name: string; document: unknown; refusal: RegExp; selected?: StepId[]; kubernetesVersion?: string }[] =
  [
    {
      name: 'removing 2 of 3 etcd members',
      document: planOf([
        { name: 'demo-cp-1', actions: ['delete'] },
        { name: 'demo-cp-2', actions: ['delete'] },
      ]),
      refusal: /removes 2 of 3 etcd members/,
    },
    {
      name: 'a new image on every node (rebuilt in place at once)',
      document: planOf(
        NODES.map((name) => ({
          name,
          actions: ['update'],
          before: { image_id: 'old-image' },
          after: { image_id: 'new-image' },
        })),
      ),
      refusal: /refusing to change nodes in place/,
    },
    {
      name: 'a kube_version other than the config’s',
      document: planOf([], { kube_version: '1.34.2' }),
      kubernetesVersion: '1.33.5',
      refusal: /the Kubernetes version differs/,
    },
    {
      name: 'a new node put first in control_plane.names (kubeadm init and a new etcd CA there)',
      document: {
        ...planOf([{ name: 'demo-cp-new', actions: ['create'] }]),
        configuration: {
          root_module: {
            module_calls: {
              cluster: {
                source: './modules/openstack-cluster',
                expressions: {
                  cluster_name: { constant_value: 'demo' },
                  control_plane: { constant_value: { names: ['cp-new', 'cp-0', 'cp-1', 'cp-2'] } },
                },
              },
            },
          },
        },
      },
      refusal: /refusing to add a new first control-plane node: .*demo-cp-new/,
    },
    {
      name: 'a worker deleted by a run that applies without draining (--step opentofu-plan,opentofu-apply)',
      document: planOf([{ name: 'demo-w-0', actions: ['delete'] }]),
      selected: ['opentofu-plan', 'opentofu-apply'],
      refusal: /deletes nodes demo-w-0, which kubespray-remove-nodes has not drained/,
    },
  ];

describe('a plan opentofu-plan refused is never applied by opentofu-apply alone', () => {
  it.each(refused)('$name', async ({ document, refusal, selected, kubernetesVersion }) => {
    const run = harness(document, { selected, kubernetesVersion });
    // An earlier accepted plan's digest is in the state: the refused plan must clear it, not keep it or record its own.
    run.state.planDigest = 'a'.repeat(64);
    await expect(run.plan()).rejects.toThrow(refusal);
    expect(run.state.planDigest).toBeUndefined();
    await expect(run.apply()).rejects.toThrow(
      /is not the one opentofu-plan checked for node changes in this deploy; run from that step \(--from-step opentofu-plan\)/,
    );
    expect(run.applies()).toEqual([]);
  });

  it('a reviewed saved plan (plan-artifact) that is refused: the same', async () => {
    const file = path.join(base, 'reviewed.tfplan');
    await fs.writeFile(file, 'a reviewed binary plan');
    const run = harness(
      planOf([
        { name: 'demo-cp-1', actions: ['delete'] },
        { name: 'demo-cp-2', actions: ['delete'] },
      ]),
      { savedPlan: { file, source: 'the plan artifact' } },
    );
    await expect(run.plan()).rejects.toThrow(/removes 2 of 3 etcd members/);
    await expect(run.apply()).rejects.toThrow(/is not the one opentofu-plan checked/);
    expect(run.applies()).toEqual([]);
  });

  it('an accepted plan is applied, once', async () => {
    const run = harness(planOf([{ name: 'demo-w-1', actions: ['create'] }]));
    await expect(run.plan()).resolves.toMatch(/scale\.yml --limit demo-w-1/);
    expect(run.state.planDigest).toMatch(/^[0-9a-f]{64}$/);
    await run.apply();
    expect(run.applies()).toHaveLength(1);
    expect(run.state.planDigest).toBeUndefined();
  });
});
