import { CheckReportSchema, type CheckReport } from '../../src/core/model/check-report.js';

/** A report as operation check writes it (a clean one unless overridden), checked against its schema. */
export function checkReport(overrides: Partial<CheckReport> = {}): CheckReport {
  return CheckReportSchema.parse({
    cluster: 'acme/prod-east',
    checkedAt: '2026-11-23T02:00:41Z',
    drift: false,
    healthy: true,
    infrastructure: { add: 0, change: 0, destroy: 0, replace: 0, rows: [] },
    nodes: { expected: 3, inApi: 3, ready: 3 },
    certificate: { endpoint: 'https://10.2.128.5:6443', notAfter: '2027-03-01T00:00:00Z', daysLeft: 98 },
    findings: [],
    ...overrides,
  });
}
