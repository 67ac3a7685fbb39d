import { describe, expect, it } from 'vitest';
import type { CheckFinding } from '../../src/core/model/check-report.js';
import { summarizeChanges } from '../../src/core/tofu/plan-json.js';
import { CHECK_REPORT_LIMIT, renderCheckReport } from '../../src/github/reports/check-summary.js';
import { buildPlanComment, changeTable } from '../../src/github/comments/plan-comment.js';
import { checkReport } from '../support/check-reports.js';

const drifted = summarizeChanges({
  resource_changes: [
    { address: 'openstack_compute_instance_v2.worker[1]', change: { actions: ['delete', 'create'] } },
    { address: 'openstack_networking_secgroup_rule_v2.ssh', change: { actions: ['update'] } },
  ],
});

describe('renderCheckReport', () => {
  it('a clean cluster: the headline says so, with the node counts and the certificate', () => {
    const text = renderCheckReport(checkReport());
    expect(text.split('\n')[0]).toBe('### 🟢 `acme/prod-east`: clean');
    expect(text).toContain('Checked 2026-11-23 02:00 UTC.');
    expect(text).toContain('**Infrastructure:** as planned, no drift');
    expect(text).toContain('**Nodes:** 3 in the inventory, 3 in the API, 3 Ready');
    expect(text).toContain(
      '**API server certificate:** 98 days left, until 2027-03-01 00:00 UTC (`https://10.2.128.5:6443`)',
    );
    expect(text).not.toContain('####');
  });

  it.each([
    [
      'Kubespray: the inventory (also a report written before expectedFrom existed)',
      { expected: 3, inApi: 2, ready: 2 },
      '**Nodes:** 3 in the inventory, 2 in the API, 2 Ready',
    ],
    [
      'Cluster API: the machines the rendered manifests ask for, never an inventory',
      { expected: 3, inApi: 2, ready: 2, expectedFrom: 'manifests' as const },
      '**Nodes:** 3 machines in the rendered manifests (replicas), 2 in the API, 2 Ready',
    ],
    [
      'Cluster API: one machine',
      { expected: 1, inApi: 1, ready: 1, expectedFrom: 'manifests' as const },
      '**Nodes:** 1 machine in the rendered manifests (replicas), 1 in the API, 1 Ready',
    ],
    [
      'no expected count (the manifests could not be counted): the API alone',
      { expected: 2, inApi: 2, ready: 1, expectedFrom: 'api' as const },
      '**Nodes:** 2 in the API, 1 Ready',
    ],
  ])('the node counts, worded for where the expected count comes from: %s', (_what, nodes, line) => {
    const text = renderCheckReport(checkReport({ nodes }));
    expect(text).toContain(line);
    if ('expectedFrom' in nodes) expect(text).not.toContain('inventory');
  });

  it('drift and problems: counts in the headline, the drift table drawn as the plan comment draws it, one line per finding grouped by kind', () => {
    const findings: CheckFinding[] = [
      { kind: 'drift', subject: 'openstack_compute_instance_v2.worker[1]', message: 'to be replaced' },
      {
        kind: 'node-missing',
        subject: 'sandbox-worker-2',
        message: 'sandbox-worker-2 is in the inventory but not in the API',
      },
      {
        kind: 'node-not-ready',
        subject: 'sandbox-worker-1',
        message: 'sandbox-worker-1 is NotReady (KubeletNotReady)',
      },
      { kind: 'readyz', subject: 'etcd', message: 'readyz check etcd failed' },
      {
        kind: 'node-missing',
        subject: 'sandbox-worker-3',
        message: 'sandbox-worker-3 is in the inventory but not in the API',
      },
    ];
    const text = renderCheckReport(
      checkReport({
        drift: true,
        healthy: false,
        infrastructure: drifted,
        nodes: { expected: 4, inApi: 2, ready: 1 },
        findings,
      }),
    );
    expect(text.split('\n')[0]).toBe('### 🔴 `acme/prod-east`: drift and 4 problems');
    expect(text).toContain('**Infrastructure:** drift — 1 to add, 1 to change, 1 to destroy (1 of them replaced)');
    const table = changeTable(drifted.rows).join('\n');
    expect(table).toBe(
      '| action | resource |\n|---|---|\n| ♻️ replace | `openstack_compute_instance_v2.worker[1]` |\n| 🔁 update | `openstack_networking_secgroup_rule_v2.ssh` |',
    );
    expect(text).toContain(`#### Infrastructure drift\n\n${table}\n`);
    // The plan comment draws the same rows the same way.
    expect(
      buildPlanComment({
        cluster: 'acme/prod-east',
        changes: drifted,
        planText: '',
        applySteps: [],
        updatedAt: new Date(),
      }).body,
    ).toContain(table);
    expect(text).toContain(
      [
        '#### Nodes in the inventory but not in the API (2)',
        '',
        '- `sandbox-worker-2`: sandbox\\-worker\\-2 is in the inventory but not in the API',
        '- `sandbox-worker-3`: sandbox\\-worker\\-3 is in the inventory but not in the API',
        '',
        '#### Nodes not Ready (1)',
        '',
        '- `sandbox-worker-1`: sandbox\\-worker\\-1 is NotReady \\(KubeletNotReady\\)',
        '',
        '#### Failing /readyz checks (1)',
      ].join('\n'),
    );
    // Drift findings are the table's rows, not listed twice.
    expect(text).not.toContain('to be replaced');
  });

  it('drift alone is yellow; drift findings are listed when the plan did not give rows', () => {
    expect(renderCheckReport(checkReport({ drift: true, infrastructure: drifted })).split('\n')[0]).toBe(
      '### 🟡 `acme/prod-east`: drift',
    );
    const text = renderCheckReport(
      checkReport({
        drift: true,
        infrastructure: undefined,
        findings: [{ kind: 'drift', subject: 'a.b', message: 'a.b drifted' }],
      }),
    );
    expect(text).toContain('**Infrastructure:** not checked (tofu plan did not run)');
    expect(text).toContain('#### Infrastructure drift (1)\n\n- `a.b`: a\\.b drifted');
  });

  it('an expired certificate is loud; one problem is singular', () => {
    const text = renderCheckReport(
      checkReport({
        healthy: false,
        certificate: { endpoint: 'https://api.example.com:6443', notAfter: '2026-11-20T00:00:00Z', daysLeft: -3 },
        findings: [
          { kind: 'certificate-expiry', subject: 'https://api.example.com:6443', message: 'expired 3 days ago' },
        ],
      }),
    );
    expect(text.split('\n')[0]).toBe('### 🔴 `acme/prod-east`: 1 problem');
    expect(text).toContain('**API server certificate:** **expired 3 days ago**, 2026-11-20 00:00 UTC');
  });

  /** The text outside code spans: where markup, mentions and HTML would act. */
  const outsideCode = (text: string) => text.replace(/`[^`\n]*`/g, '');

  // Each subject is what a careless or hostile cluster could name a node, a check or a resource.
  it.each([
    ['markup', '**bold** _it_ [link](https://evil.example) ![img](x)'],
    ['HTML', '<img src=x onerror=alert(1)><b>x</b>'],
    ['a comment closer', 'worker --> <!--'],
    ["another cluster's marker", '<!-- cluster-deploy:health acme/other -->'],
    ['backticks', '``evil`` ` code'],
    ['a mention and a reference', '@octocat see #1 and acme/other#2'],
    ['a line break starting a heading', 'worker\n# Heading\n---'],
    ['a table pipe', 'worker|x | y'],
    ['an autolink', 'https://evil.example www.evil.example'],
    ['a control character', 'worker\u0007\r\u2028x'],
  ])('a hostile subject (%s) shows as written, and does nothing', (_, subject) => {
    const findings: CheckFinding[] = [{ kind: 'node-not-ready', subject, message: `${subject} is not Ready` }];
    const rows = [{ address: `module.x["${subject}"]`, action: 'update' as const }];
    const text = renderCheckReport(
      checkReport({
        drift: true,
        healthy: false,
        infrastructure: { add: 0, change: 1, destroy: 0, replace: 0, rows },
        findings,
      }),
    );
    const lines = text.split('\n');
    // One line each, where they belong: nothing started a block of its own.
    const findingLine = lines.find((l) => l.startsWith('- `'))!;
    const rowLine = lines.find((l) => l.startsWith('| 🔁 update |'))!;
    expect(lines.filter((l) => l.startsWith('|'))).toHaveLength(3);
    expect(lines.filter((l) => l.startsWith('-'))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('#'))).toEqual([
      '### 🔴 `acme/prod-east`: drift and 1 problem',
      '#### Nodes not Ready (1)',
      '#### Infrastructure drift',
    ]);
    // The code spans hold the text (backticks and line breaks aside), closed where they should be.
    const shown = subject.replace(/[\u0000-\u001f\u2028]+/g, ' ').replace(/`/g, "'");
    expect(findingLine.startsWith(`- \`${shown}\`: `)).toBe(true);
    expect(rowLine).toBe(`| 🔁 update | \`module.x["${shown.replace(/\|/g, '\\|')}"]\` |`);
    expect(rowLine.replace(/\\\|/g, '').split('|').length).toBe(4); // three cells' borders
    // Outside code: no HTML, no comment, no mention or reference, no unescaped markup.
    const prose = outsideCode(findingLine.slice(findingLine.indexOf(': ') + 2));
    expect(prose).not.toMatch(/<|-->/);
    expect(prose).not.toMatch(/(^|[^\\])[@#][A-Za-z0-9]/);
    expect(prose).not.toMatch(/(^|[^\\])[*_[\]()!`|]/);
    expect(outsideCode(text)).not.toContain('<!--');
  });

  it('a check time or certificate endpoint that is not what we expect is shown escaped, never as markup', () => {
    const text = renderCheckReport(
      checkReport({
        checkedAt: '<!-- x --> @octocat',
        certificate: { endpoint: 'https://a`b\n# c', notAfter: 'never', daysLeft: 1 },
      }),
    );
    expect(text).toContain('Checked &lt;\\!\\-\\- x \\-\\-&gt; \\@\u2060octocat.');
    expect(text).toContain("**API server certificate:** 1 day left, until never (`https://a'b # c`)");
  });

  it('10,000 findings and 2,000 drifted resources stay within GitHub’s limit, every kind shown, the rest counted', () => {
    const long = 'n'.repeat(5000);
    const findings: CheckFinding[] = [
      ...Array.from({ length: 10_000 }, (_, i) => ({
        kind: 'node-missing' as const,
        subject: `worker-${i}-${long}`,
        message: `worker-${i} ${'<&>'.repeat(400)}`,
      })),
      { kind: 'readyz', subject: 'etcd', message: 'readyz check etcd failed' },
    ];
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      address: `openstack_compute_instance_v2.worker["${i}-${long}"]`,
      action: 'destroy' as const,
    }));
    const text = renderCheckReport(
      checkReport({
        drift: true,
        healthy: false,
        infrastructure: { add: 0, change: 0, destroy: 2000, replace: 0, rows },
        findings,
      }),
    );
    expect(text.length).toBeLessThanOrEqual(CHECK_REPORT_LIMIT);
    expect(text.split('\n')[0]).toBe('### 🔴 `acme/prod-east`: drift and 10001 problems');
    expect(text).toContain('#### Nodes in the inventory but not in the API (10000)');
    // Every finding is either listed or counted, as is every drifted resource.
    const listed = text.split('\n').filter((l) => l.startsWith('- `worker-')).length;
    expect(listed).toBeGreaterThan(10);
    expect(text).toContain(`- … ${10_000 - listed} more`);
    expect(text).toContain(`_${10_000 - listed} findings not listed here`);
    expect(text).toContain('#### Failing /readyz checks (1)\n\n- `etcd`: readyz check etcd failed');
    const rowsShown = text.split('\n').filter((l) => l.startsWith('| ❌ destroy |')).length;
    expect(rowsShown).toBeGreaterThan(10);
    expect(text).toContain(`| … | ${2000 - rowsShown} more in \`tofu plan\` |`);
    // Long subjects are cut, with a mark.
    expect(text).toContain(`\`worker-0-${'n'.repeat(200 - 'worker-0-'.length - 1)}…\``);
  });
});
