import { describe, expect, it } from 'vitest';
import { summarizeChanges } from '../../src/core/tofu/plan-json.js';
import type { PlanChanges } from '../../src/core/model/changes.js';
import type { NodeDecisions } from '../../src/core/kubespray/node-plan.js';
import {
  buildPlanComment,
  COMMENT_LIMIT,
  diffLine,
  forkPlanComment,
  planMarker,
  planRecordLine,
  readPlanRecord,
  type PlanRecord,
} from '../../src/github/comments/plan-comment.js';
import { planRecord } from '../support/plan-record.js';

const base = {
  cluster: 'acme/prod-east',
  applySteps: ['openstack-preflight', 'opentofu-init', 'opentofu-apply'],
  updatedAt: new Date('2026-11-22T09:14:00Z'),
};
/** A `tofu show -json` document with these resource changes, summarized as the action does. */
const plan = (...changes: [string, string[]][]): PlanChanges =>
  summarizeChanges({
    format_version: '1.2',
    resource_changes: changes.map(([address, actions]) => ({
      address,
      change: { actions, before: null, after: { password: 'never-kept' } },
    })),
  });

function balanced(body: string): void {
  expect(body.split('<details>').length).toBe(body.split('</details>').length);
  const fences = body.split('\n').filter((l) => /^`{3,}/.test(l));
  expect(fences.length % 2).toBe(0);
}

describe('plan comment', () => {
  it('summarizes a small plan from the JSON, with a table, the steps and the full plan folded', () => {
    const { body, truncated } = buildPlanComment({
      ...base,
      changes: plan(['a.x', ['create']], ['b.y', ['update']], ['c.z', ['no-op']]),
      planText: '  # a.x will be created\n+ resource "a" "x" {}\n',
      configPath: 'clusters/prod.yaml',
      commit: '1a2b3c4d5e',
    });
    expect(truncated).toBe(false);
    expect(body.startsWith(planMarker('acme/prod-east'))).toBe(true);
    expect(body).toContain('### 🟡 Plan for `acme/prod-east` — 1 to add, 1 to change, 0 to destroy');
    expect(body).toContain('| ➕ create | `a.x` |');
    expect(body).not.toContain('c.z');
    expect(body).toContain('**An apply would run:** `openstack-preflight` → `opentofu-init` → `opentofu-apply`');
    expect(body).toContain('Config `clusters/prod.yaml` · commit `1a2b3c4` · updated 2026-11-22 09:14 UTC');
    balanced(body);
  });

  it('says plainly when nothing changes', () => {
    expect(buildPlanComment({ ...base, changes: plan(), planText: 'No changes.' }).body).toContain(
      '### 🟢 No changes for `acme/prod-east`',
    );
  });

  it('makes destroys and replacements stand out', () => {
    const destroy = buildPlanComment({ ...base, changes: plan(['old.vm', ['delete']]), planText: '-' }).body;
    expect(destroy).toContain('🟠 Plan for `acme/prod-east` — 0 to add, 0 to change, **1 to destroy**');
    const replace = plan(['vm', ['delete', 'create']], ['vm2', ['create', 'delete']]);
    expect(replace).toMatchObject({ add: 0, destroy: 0, replace: 2 });
    // counted as tofu counts them: a replacement is one to add and one to destroy
    expect(buildPlanComment({ ...base, changes: plan(['vm', ['delete', 'create']]), planText: '' }).body).toContain(
      '🟠 Plan for `acme/prod-east` — 1 to add, 0 to change, **1 to destroy** (**1 of them replaced**)',
    );
  });

  it('cuts a 5 MB plan at a line boundary within the limit, fences and details balanced, and says so', () => {
    const line = '  + resource "openstack_compute_instance_v2" "worker" { name = "wörker-✓" } ```\n';
    const text = line.repeat(Math.ceil((5 * 1024 * 1024) / line.length));
    const many = plan(...Array.from({ length: 400 }, (_, i) => [`w[${i}]`, ['create']] as [string, string[]]));
    const { body, truncated } = buildPlanComment({
      ...base,
      changes: many,
      planText: text,
      fullPlanLocation: 'the job summary and the artifact plan-acme-prod-east',
    });
    expect(truncated).toBe(true);
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(body.length).toBeGreaterThan(COMMENT_LIMIT - 2000);
    expect(body).toContain('The plan was cut here');
    expect(body).toContain('the artifact plan-acme-prod-east');
    expect(body).toContain('| … | 250 more in the full plan |');
    expect(body).toContain('````diff'); // a fence longer than the backticks inside the plan
    balanced(body);
    const shown = body.slice(body.indexOf('````diff') + 9, body.lastIndexOf('\n````'));
    for (const l of shown.split('\n')) expect(l + '\n').toBe(diffLine(line));
    expect(Buffer.from(body, 'utf8').toString('utf8')).toBe(body);
  });

  it('moves change markers to the front so GitHub colours the diff', () => {
    expect(diffLine('  + resource "a" "x" {')).toBe('+   resource "a" "x" {');
    expect(diffLine('      - name = "old"')).toBe('-       name = "old"');
    expect(diffLine('      ~ size = 1 -> 2')).toBe('!       size = 1 -> 2');
    expect(diffLine('-/+ resource "vm" "a" {')).toBe('-/+ resource "vm" "a" {'); // already at the front
    expect(diffLine('  -/+ resource "vm" "a" {')).toBe('!  -/+ resource "vm" "a" {');
    expect(diffLine('  # a.x will be created')).toBe('  # a.x will be created');
    expect(diffLine('      + id = (known after apply)')).toBe('+       id = (known after apply)');
    expect(diffLine('  "-x" = 1')).toBe('  "-x" = 1');
  });

  it('keeps only addresses and actions from the plan JSON, never the values', () => {
    const changes = plan(['openstack_compute_instance_v2.cp[0]', ['create']]);
    expect(changes.rows).toEqual([{ address: 'openstack_compute_instance_v2.cp[0]', action: 'create' }]);
    expect(JSON.stringify(changes)).not.toContain('never-kept');
    expect(() => summarizeChanges({ resource_changes: [{ address: 'x' }] })).toThrow(/resource_changes\.0\.change/);
  });

  it('fits the job summary by bytes when asked, cutting multi-byte text on a line boundary', () => {
    const line = '  + name = "ノード-✓-ワーカー"\n'; // 3 bytes per character outside ASCII
    const text = line.repeat(100_000);
    const { body, truncated } = buildPlanComment({
      ...base,
      changes: plan(['a', ['create']]),
      planText: text,
      limit: { size: 1_000_000, unit: 'bytes' },
    });
    expect(truncated).toBe(true);
    expect(Buffer.byteLength(body, 'utf8')).toBeLessThanOrEqual(1_000_000);
    expect(Buffer.byteLength(body, 'utf8')).toBeGreaterThan(990_000);
    expect(body.length).toBeLessThan(700_000); // counting characters would have overshot the byte limit
    balanced(body);
  });

  it('headlines a destroy plan with what it destroys, and the steps a destroy would run', () => {
    const changes = plan(['module.worker[0].vm', ['delete']], ['net', ['delete']], ['dns', ['delete']]);
    const { body } = buildPlanComment({
      ...base,
      operation: 'destroy',
      applySteps: ['openstack-preflight', 'opentofu-init', 'opentofu-destroy', 'forget-cluster'],
      changes,
      planText: '  - resource "vm" {}\n',
    });
    expect(body).toContain('### 🔴 Destroy plan for `acme/prod-east` — **3 to destroy**');
    expect(body).toContain('| ❌ destroy | `net` |');
    expect(body).toContain(
      '**A destroy would run:** `openstack-preflight` → `opentofu-init` → `opentofu-destroy` → `forget-cluster`',
    );
    expect(body).not.toContain('An apply would run');
    expect(
      buildPlanComment({ ...base, operation: 'destroy', changes: plan(), planText: 'No changes.' }).body,
    ).toContain('### 🟢 Destroy plan for `acme/prod-east` — nothing to destroy');
  });

  const nodes = (extra: Partial<NodeDecisions> = {}): NodeDecisions => ({
    summary: 'remove-node.yml for sandbox-worker-0 before apply; scale.yml --limit sandbox-worker-1 after',
    removeBeforeApply: ['sandbox-worker-0'],
    playbook: 'scale.yml',
    limit: ['sandbox-worker-1'],
    warnings: [],
    ...extra,
  });

  it("shows a deploy's node decisions above the resource table", () => {
    const { body } = buildPlanComment({
      ...base,
      changes: plan(['module.worker[0].vm', ['delete']], ['module.worker[1].vm', ['create']]),
      planText: '',
      nodes: nodes(),
    });
    expect(body).toContain(
      '**Nodes:** remove-node.yml for sandbox-worker-0 before apply; scale.yml --limit sandbox-worker-1 after',
    );
    expect(body.indexOf('**Nodes:**')).toBeLessThan(body.indexOf('| action | resource |'));
    expect(body).not.toContain('⛔');
    expect(body).not.toContain('UNSAFE');
  });

  it('says loudly that a deploy would refuse the plan, and marks an overridden guard UNSAFE', () => {
    const refused = buildPlanComment({
      ...base,
      changes: plan(['cp[0]', ['delete']]),
      planText: '',
      nodes: nodes({
        refused: 'the plan removes 2 of 3 etcd members (quorum lost); set allow-unsafe-node-removal to override',
      }),
    }).body;
    expect(refused).toContain(
      '> **⛔ A deploy of this plan would be refused:** the plan removes 2 of 3 etcd members (quorum lost); set allow-unsafe-node-removal to override',
    );
    expect(refused.indexOf('⛔')).toBeLessThan(refused.indexOf('**Nodes:**'));

    const unsafe = buildPlanComment({
      ...base,
      changes: plan(['cp[0]', ['delete']]),
      planText: '',
      nodes: nodes({
        warnings: [
          'UNSAFE: removes every control plane node (allow-unsafe-node-removal)',
          'sandbox-worker-0 is not Ready: removed without draining',
        ],
      }),
    }).body;
    expect(unsafe).toContain('> **⚠️ UNSAFE: removes every control plane node (allow-unsafe-node-removal)**');
    expect(unsafe).toContain('⚠️ sandbox-worker-0 is not Ready: removed without draining');
    balanced(unsafe);
  });

  it('lists each node the cloud would change in place under the refusal, bounded however many', () => {
    const change = (node: string, attribute = 'image_id') => ({
      node,
      address: `module.node["${node}"].openstack_compute_instance_v2.this`,
      effect: 'rebuilt' as const,
      attribute,
      before: '"img-1"',
      after: '"img-2"',
    });
    const { body } = buildPlanComment({
      ...base,
      changes: plan(['module.node["w-0"].openstack_compute_instance_v2.this', ['update']]),
      planText: '',
      nodes: nodes({ refused: 'refusing to change nodes in place: …', inPlace: [change('cp-1'), change('w-0')] }),
    });
    expect(body).toContain('**Nodes the cloud would change in place (rebuilt, resized or power-cycled, undrained):**');
    expect(body).toContain('- cp-1: image_id "img-1" → "img-2" (rebuilt)\n- w-0: image_id "img-1" → "img-2" (rebuilt)');
    expect(body.indexOf('⛔')).toBeLessThan(body.indexOf('- cp-1:'));

    const many = Array.from({ length: 5000 }, (_, i) => change(`w-${i}-${'x'.repeat(500)}`));
    const huge = buildPlanComment({
      ...base,
      changes: plan(['a', ['update']]),
      planText: '  ~ resource "vm" {}\n'.repeat(20_000),
      nodes: nodes({ refused: 'refusing', inPlace: many }),
    }).body;
    expect(huge.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(huge).toContain("- … 4950 more in the run's log");
    balanced(huge);
  });

  it('keeps within the limit with a huge node list, cutting the plan and not the node lines', () => {
    const many = Array.from({ length: 5000 }, (_, i) => `sandbox-worker-${i}`);
    const huge = nodes({
      summary: `remove-node.yml for ${many.join(', ')} before apply`,
      removeBeforeApply: many,
      warnings: Array.from({ length: 50 }, (_, i) => `warning ${i}`),
    });
    const text = '  + resource "vm" {}\n'.repeat(20_000);
    const { body, truncated } = buildPlanComment({
      ...base,
      changes: plan(['a', ['create']]),
      planText: text,
      nodes: huge,
    });
    expect(truncated).toBe(true);
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(body).toMatch(
      /\*\*Nodes:\*\* remove-node\.yml for sandbox-worker-0, .*… \(cut: the full text is in the run's log\)/,
    );
    expect(body).toContain('⚠️ … 30 more warnings');
    balanced(body);
  });
});

describe("a fork's plan comment, as actions/plan-comment posts it", () => {
  const HEAD = 'b'.repeat(40);
  const J = '\u2060';
  const marker = planMarker('acme/prod-east');
  const record = (over: Partial<PlanRecord> = {}) => planRecord(HEAD, over);
  const ours = /<!-- ?cluster-deploy/gi;

  it('keeps its own plan comment as built, mentions outside code joined', () => {
    const { body } = buildPlanComment({
      ...base,
      changes: plan(['a.x', ['create']]),
      planText: '+ owner = "@keep"\n',
      record: record(),
    });
    const posted = forkPlanComment(body, 'acme/prod-east', HEAD);
    expect(posted).toBe(body);
    expect(readPlanRecord(posted)).toEqual(record());
  });

  it.each([
    [
      'a record further down',
      `${marker}\n### x\n${planRecordLine(record())}\n`,
      `${marker}\n### x\n<!${J}-- cluster-deploy-plan-record:`,
    ],
    [
      'a record of another commit',
      `${marker}\n${planRecordLine(record({ commit: 'c'.repeat(40) }))}\n### x`,
      `${marker}\n### x`, // dropped
    ],
    [
      'a record without its commit',
      `${marker}\n${planRecordLine(record({ commit: undefined }))}\n### x`,
      `${marker}\n### x`,
    ],
    ['a record on the marker line', `${marker}${planRecordLine(record())}\n### x`, `${marker}<!${J}--`],
    [
      'the overview marker',
      `${marker}\n<!-- cluster-deploy-plan-overview -->`,
      `${marker}\n<!${J}-- cluster-deploy-plan-overview`,
    ],
    [
      "another cluster's marker, spaced and cased otherwise",
      `${marker}\n<!--  CLUSTER-DEPLOY-plan:acme/prod -->`,
      `${marker}\n<!${J}--  CLUSTER-DEPLOY`,
    ],
    [
      'a marker in a code block (a sticky comment is found by its text)',
      `${marker}\n\n\`\`\`\n<!-- cluster-deploy-plan:a/b -->\n\`\`\``,
      `\`\`\`\n<!${J}-- cluster-deploy-plan:a/b -->\n\`\`\``,
    ],
  ])('breaks or drops %s', (_name, body, expected) => {
    const posted = forkPlanComment(body, 'acme/prod-east', HEAD);
    expect(posted).toContain(expected);
    expect(posted.match(ours)).toEqual(['<!-- cluster-deploy']);
    expect(readPlanRecord(posted)).toBeUndefined();
  });

  it('joins the mentions of its text, not of its code blocks', () => {
    const body = `${marker}\n${planRecordLine(record())}\n### cc @someone and @org/team\n\n\`\`\`diff\n+ @keep\n\`\`\`\n`;
    expect(forkPlanComment(body, 'acme/prod-east', HEAD)).toBe(
      `${marker}\n${planRecordLine(record())}\n### cc @${J}someone and @${J}org/team\n\n\`\`\`diff\n+ @keep\n\`\`\`\n`,
    );
  });
});
