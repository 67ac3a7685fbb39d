import { describe, expect, it } from 'vitest';
import { summarizeChanges } from '../../src/core/tofu/plan-json.js';
import {
  buildPlanComment,
  buildPlanFailureComment,
  COMMENT_LIMIT,
  planMarker,
  planRecordLine,
  readPlanRecord,
  type PlanRecord,
} from '../../src/github/comments/plan-comment.js';
import {
  buildOverviewComment,
  commentedClusters,
  MAX_CLUSTERS,
  OVERVIEW_MARKER,
  overviewRows,
  parseClustersInput,
} from '../../src/github/comments/plan-overview.js';
import { planRecord } from '../support/plan-record.js';

const HEAD = 'c'.repeat(40);
const OLD = 'b'.repeat(40);
const record = (over: Partial<PlanRecord> = {}) => planRecord(HEAD, { add: 3, change: 1, durationMs: 41_000, ...over });
const comment = (cluster: string, rec?: PlanRecord, id = 1) => ({
  id,
  url: `https://github.com/acme/infra/pull/7#issuecomment-${id}`,
  body: [planMarker(cluster), ...(rec ? [planRecordLine(rec)] : []), '### plan', ''].join('\n'),
});

describe('the hidden plan record', () => {
  it('sits on the line after the marker of the plan comment and of the failure comment, and reads back', () => {
    const rec = record();
    const ok = buildPlanComment({
      cluster: 'acme/a',
      changes: summarizeChanges({ resource_changes: [] }),
      planText: '',
      applySteps: [],
      updatedAt: new Date(),
      record: rec,
    }).body;
    expect(ok.split('\n').slice(0, 2)).toEqual([
      planMarker('acme/a'),
      `<!-- cluster-deploy-plan-record:${JSON.stringify(rec)} -->`,
    ]);
    expect(readPlanRecord(ok)).toEqual(rec);
    const failedRec = record({ status: 'failed', add: 0, change: 0 });
    const failed = buildPlanFailureComment({
      cluster: 'acme/a',
      error: 'boom',
      outputTail: [],
      updatedAt: new Date(),
      record: failedRec,
    });
    expect(failed.startsWith(`${planMarker('acme/a')}\n<!-- cluster-deploy-plan-record:`)).toBe(true);
    expect(readPlanRecord(failed)).toEqual(failedRec);
  });

  const line = (json: string) => `${planMarker('acme/a')}\n<!-- cluster-deploy-plan-record:${json} -->\n`;
  it.each([
    ['no record (an older version)', `${planMarker('acme/a')}\n### Plan\n`],
    ['not JSON', line('{"status":')],
    ['an unknown status', line(JSON.stringify({ ...record(), status: 'great' }))],
    ['a negative count', line(JSON.stringify({ ...record(), add: -1 }))],
    ['a fractional count', line(JSON.stringify({ ...record(), add: 1.5 }))],
    ['a count as a string', line(JSON.stringify({ ...record(), add: '3' }))],
    [
      'a commit that is not hex (could carry anything)',
      line(JSON.stringify({ ...record(), commit: 'ghp_secret_token_value' })),
    ],
    ['an extra field (could carry anything)', line(JSON.stringify({ ...record(), note: 'x' }))],
    ['a start that is not a time', line(JSON.stringify({ ...record(), startedAt: 'yesterday' }))],
    [
      'the record further down (in the plan text), not after the marker',
      `${planMarker('acme/a')}\n### Plan\n<!-- cluster-deploy-plan-record:${JSON.stringify(record())} -->\n`,
    ],
    ['a huge line', line(JSON.stringify({ ...record(), pad: 'x'.repeat(10_000) }))],
  ])('is ignored when malformed or misplaced: %s', (_name, body) => {
    expect(readPlanRecord(body)).toBeUndefined();
  });

  it('refuses to write a record that could carry a secret', () => {
    expect(() => planRecordLine({ ...record(), commit: 'not-a-sha' })).toThrow();
  });
});

describe('input clusters', () => {
  it('takes the targets output: a JSON list of <org>/<cluster>', () => {
    expect(parseClustersInput(' ["acme/prod-east", "acme/prod-west"]\n')).toEqual(['acme/prod-east', 'acme/prod-west']);
    expect(parseClustersInput('[]')).toEqual([]);
    expect(parseClustersInput(' \n ')).toBeUndefined(); // not given: the clusters with a plan comment
    expect(
      parseClustersInput(JSON.stringify(Array.from({ length: MAX_CLUSTERS }, (_, i) => `org/c${i}`))),
    ).toHaveLength(MAX_CLUSTERS);
  });

  it.each([
    [
      'a YAML list',
      '- acme/a\n- acme/b',
      'input clusters: "- acme/a\\n- acme/b" is not JSON; pass the targets action\'s clusters output, a JSON list of "<org>/<cluster>" (["acme/prod-east", "acme/prod-west"])',
    ],
    ['the matrix output instead', '{"include":[{"cluster":"a"}]}', 'is not a JSON list; pass'],
    ['a bare string', '"acme/a"', 'input clusters: "\\"acme/a\\"" is not a JSON list'],
    ['a number in the list', '["acme/a", 7]', 'input clusters[1]: "7" is not a string "<org>/<cluster>"'],
    ['null in the list', '[null]', 'input clusters[0]: "null" is not a string'],
    [
      'no organisation',
      '["prod-east"]',
      'input clusters[0]: "prod-east" is not "<org>/<cluster>" (each must be 1 to 63 letters',
    ],
    ['a path', '["acme/../etc"]', 'input clusters[0]: "acme/../etc" is not "<org>/<cluster>"'],
    ['a newline in a name', '["acme/a\\nb"]', 'input clusters[0]: "acme/a\\nb" is not "<org>/<cluster>"'],
    ['a marker-breaking name', '["acme/a -->"]', 'is not "<org>/<cluster>"'],
    ['an empty name', '["acme/"]', 'input clusters[0]: "acme/" is not'],
    ['a name too long', `["acme/${'x'.repeat(64)}"]`, 'is not "<org>/<cluster>"'],
    ['a duplicate', '["acme/a","acme/b","acme/a"]', 'input clusters[2]: "acme/a" is listed twice'],
    [
      'more than a matrix runs',
      JSON.stringify(Array.from({ length: MAX_CLUSTERS + 1 }, (_, i) => `org/c${i}`)),
      'input clusters: 257 clusters, more than a matrix runs (256)',
    ],
    ['huge', `[${'"acme/a",'.repeat(20_000)}"acme/b"]`, 'characters is not a list of at most 256 clusters'],
  ])('refuses %s, saying what to pass', (_name, text, message) => {
    expect(() => parseClustersInput(text)).toThrow(message);
  });
});

describe('the overview comment', () => {
  it('finds each cluster’s plan comment and tells planned, failed, outdated and missing apart', () => {
    const own = [
      comment('acme/a', record(), 1),
      comment('acme/b', record({ status: 'failed', add: 0, change: 0 }), 2),
      comment('acme/c', record({ commit: OLD }), 3),
      comment('acme/e', undefined, 4),
      comment('acme/ab', record(), 5), // a cluster whose name starts like another's
    ];
    const rows = overviewRows(['acme/a', 'acme/b', 'acme/c', 'acme/d', 'acme/e'], own, HEAD);
    expect(rows.map((r) => [r.cluster, r.state, r.url?.slice(-1)])).toEqual([
      ['acme/a', 'planned', '1'],
      ['acme/b', 'failed', '2'],
      ['acme/c', 'outdated', '3'],
      ['acme/d', 'missing', undefined],
      ['acme/e', 'outdated', '4'],
    ]);
    // Without a head commit in the event, a record counts as it is.
    expect(overviewRows(['acme/c'], own, undefined)[0]!.state).toBe('planned');

    const body = buildOverviewComment({
      rows,
      commit: HEAD,
      runUrl: 'https://github.com/acme/infra/actions/runs/9',
      runNumber: '12',
      updatedAt: new Date('2026-11-22T09:20:00Z'),
    });
    expect(body.startsWith(OVERVIEW_MARKER)).toBe(true);
    expect(body).toContain('### ❌ Plans for 5 clusters — 1 planned, **1 failed**, **3 without a plan for `ccccccc`**');
    expect(body).toContain('In all: 3 to add, 1 to change, 0 to destroy.');
    expect(body).toContain('> **❌ Plan failed:** `acme/b`');
    expect(body).toContain('> **⚠️ No plan comment for `ccccccc`:** `acme/c`, `acme/d`, `acme/e`');
    expect(body).toContain(
      '| [`acme/a`](https://github.com/acme/infra/pull/7#issuecomment-1) | 🟡 changes | 3 | 1 | 0 | 0 |',
    );
    expect(body).toContain(
      '| [`acme/b`](https://github.com/acme/infra/pull/7#issuecomment-2) | ❌ failed | – | – | – | – |',
    );
    expect(body).toContain(
      '| [`acme/c`](https://github.com/acme/infra/pull/7#issuecomment-3) | ⏳ plan of `bbbbbbb` | – | – | – | – |',
    );
    expect(body).toContain('| `acme/d` | ❓ no plan comment | – | – | – | – |');
    expect(body).toContain(
      '| [`acme/e`](https://github.com/acme/infra/pull/7#issuecomment-4) | ⏳ no plan record | – | – | – | – |',
    );
    // The chart: this commit's plans only, the failed one red.
    const start = Date.parse('2026-11-22T09:14:00.000Z');
    expect(body).toContain(
      [
        '```mermaid',
        'gantt',
        '  dateFormat x',
        '  axisFormat %H:%M',
        '  todayMarker off',
        '  section plans of commit ccccccc',
        `  acme/a :done, ${start}, 41s`,
        `  acme/b failed :crit, ${start}, 41s`,
        '```',
      ].join('\n'),
    );
    expect(body).toContain(
      'commit `ccccccc` · [run #12](https://github.com/acme/infra/actions/runs/9) · updated 2026-11-22 09:20 UTC',
    );
    expect(body).not.toContain(planMarker('acme/a')); // never taken for a cluster's own comment
  });

  it('is all green when every cluster planned, with destroys standing out', () => {
    const rows = overviewRows(
      ['acme/a', 'acme/b'],
      [comment('acme/a', record({ add: 0, change: 0 })), comment('acme/b', record({ destroy: 2, replace: 1 }), 2)],
      HEAD,
    );
    const body = buildOverviewComment({ rows, commit: HEAD, updatedAt: new Date() });
    expect(body).toContain('### 🟠 Plans for 2 clusters — 2 planned\n');
    expect(body).toContain('| 🟢 no changes | 0 | 0 | 0 | 0 |');
    expect(body).toContain('| 🟠 changes | 3 | 1 | 2 | 1 |');
    expect(body).not.toContain('Plan failed');
    expect(body).not.toContain('No plan comment');
  });

  it('without a cluster list, covers the clusters with a plan comment, once each, and nothing else', () => {
    const own = [
      comment('acme/b', record(), 1),
      { id: 2, url: 'u', body: `${OVERVIEW_MARKER}\n${planMarker('acme/x')}` }, // our overview, listing clusters
      comment('acme/a', record(), 3),
      { id: 4, url: 'u', body: '<!-- cluster-deploy-plan:../../etc -->\n' }, // not a cluster id
      { id: 5, url: 'u', body: `quoted: ${planMarker('acme/y')}` }, // not at the start
      comment('acme/b', record(), 6),
    ];
    expect(commentedClusters(own)).toEqual(['acme/b', 'acme/a']);
  });

  it('says so when there is no cluster', () => {
    expect(buildOverviewComment({ rows: [], updatedAt: new Date() })).toContain(
      '### 📋 No cluster is planned for this pull request',
    );
  });

  it('stays within GitHub’s limit for the largest matrix with the longest names: the chart goes first', () => {
    const long = (i: number) =>
      `${'o'.repeat(60)}${String(i).padStart(3, '0')}/${'c'.repeat(60)}${String(i).padStart(3, '0')}`;
    const clusters = Array.from({ length: MAX_CLUSTERS }, (_, i) => long(i));
    const own = clusters.map((c, i) => ({
      ...comment(c, record({ status: i % 2 ? 'failed' : 'ok' }), 100_000_000 + i),
      url: `https://github.com/${'r'.repeat(100)}/${'r'.repeat(100)}/pull/123456#issuecomment-${100_000_000 + i}`,
    }));
    const body = buildOverviewComment({ rows: overviewRows(clusters, own, HEAD), commit: HEAD, updatedAt: new Date() });
    expect(body.length).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(body).toContain('The plan times are left out: the comment would be too long.');
    expect(body).toMatch(/\| … \| \d+ more clusters: the comment would be too long \|/);
    expect(body).toContain('and 98 more'); // 128 failed, 30 named
  });
});
