import { describe, expect, it } from 'vitest';
import { CheckReportSchema, completeCheckReport, newCheckReport } from '../../../src/core/model/check-report.js';

// CheckReportSchema is z.lazy (built on first use, not at every start): the wrapper must accept, refuse and report
// exactly as the schema it wraps.
const report = { ...newCheckReport('acme/prod'), checkedAt: '2026-11-29T10:00:00.000Z' };
const CASES: [string, unknown][] = [
  ['a new report', report],
  [
    'a finding',
    { ...report, healthy: false, findings: [{ kind: 'unchecked', subject: 'api', message: 'no kubeconfig' }] },
  ],
  [
    'counts and a certificate',
    {
      ...report,
      nodes: { expected: 3, inApi: 3, ready: 3, expectedFrom: 'inventory' },
      certificate: { endpoint: 'https://203.0.113.10:6443', notAfter: '2027-01-01', daysLeft: 33 },
    },
  ],
  ['an unknown finding kind', { ...report, findings: [{ kind: 'rumour', subject: 'x', message: 'y' }] }],
  ['drift as a string', { ...report, drift: 'no' }],
  ['no findings', { cluster: 'acme/prod', checkedAt: 'now', drift: false, healthy: true }],
  [
    'a plan row with a bad action',
    {
      ...report,
      infrastructure: { add: 1, change: 0, destroy: 0, replace: 0, rows: [{ address: 'a', action: 'move' }] },
    },
  ],
  ['not an object', 'report'],
];

describe('CheckReportSchema, built on first use', () => {
  it.each(CASES)('%s: the same result as the schema it wraps', (_, value) => {
    expect(CheckReportSchema.safeParse(value)).toEqual(CheckReportSchema.unwrap().safeParse(value));
  });

  it('still completes a report: healthy when nothing but drift was found', () => {
    expect(completeCheckReport({ ...report, drift: true }).healthy).toBe(true);
    expect(() => completeCheckReport({ ...report, drift: 'yes' as unknown as boolean })).toThrow(/drift/);
  });
});
