import { describe, expect, it } from 'vitest';
import {
  capacityRefusal,
  compareCapacity,
  emptyDemand,
  renderCapacityText,
  type CapacityDemand,
} from '../../../src/core/openstack/capacity.js';
import type { ProjectQuotas } from '../../../src/core/openstack/quotas.js';

function quotas(usage: ProjectQuotas['usage'], extra: Partial<ProjectQuotas> = {}): ProjectQuotas {
  return { usage, serverGroupMembers: {}, skipped: [], ...extra };
}
function demand(adds: CapacityDemand['adds'], extra: Partial<CapacityDemand> = {}): CapacityDemand {
  return { ...emptyDemand(), adds, ...extra };
}

describe('the capacity comparison', () => {
  it('under quota: rows for what the plan touches, nothing exceeded', () => {
    const report = compareCapacity(
      quotas({
        instances: { inUse: 2, limit: 10 },
        cores: { inUse: 4, limit: 20 },
        networks: { inUse: 1, limit: 100 },
      }),
      demand({ instances: 3, cores: 6 }),
    );
    expect(report.exceeded).toEqual([]);
    expect(report.rows.map((r) => [r.quota, r.inUse, r.adds, r.limit, r.leftAfter])).toEqual([
      ['instances', 2, 3, 10, 5],
      ['cores', 4, 6, 20, 10],
    ]);
  });

  it('one quota exceeded by exactly one; at the limit is not exceeded', () => {
    const report = compareCapacity(
      quotas({ cores: { inUse: 14, limit: 20 }, instances: { inUse: 7, limit: 10 } }),
      demand({ cores: 7, instances: 3 }),
    );
    expect(report.exceeded.map((r) => [r.quota, r.by])).toEqual([['cores', 1]]);
    expect(capacityRefusal(report)).toBe(
      [
        'the change would exceed a quota of the project, so nothing was applied:',
        '  - cores (vCPUs): exceeded by 1 (in use 14 + the plan adds 7 > limit 20)',
        'Free or ask for more quota, or shrink the change; to apply anyway (the cloud will refuse part of it) pass --ignore-capacity (input ignore-capacity).',
      ].join('\n'),
    );
  });

  it('several exceeded, each named with by how much', () => {
    const report = compareCapacity(
      quotas({
        ram: { inUse: 0, limit: 8192 },
        floating_ips: { inUse: 2, limit: 2 },
        load_balancers: { inUse: 1, limit: 1 },
      }),
      demand({ ram: 16384, floating_ips: 1, load_balancers: 1 }),
    );
    expect(report.exceeded.map((r) => [r.quota, r.by])).toEqual([
      ['ram', 8192],
      ['floating_ips', 1],
      ['load_balancers', 1],
    ]);
    expect(capacityRefusal(report)).toMatch(/^the change would exceed 3 quotas of the project/);
  });

  it('unlimited (-1 read as no limit) is never exceeded and shows as unlimited', () => {
    const report = compareCapacity(quotas({ listeners: { inUse: 500 } }), demand({ listeners: 1000 }));
    expect(report.exceeded).toEqual([]);
    expect(renderCapacityText(report)).toContain('listeners     500      +1000  unlimited   unlimited');
  });

  it('a change that frees is never refused, even in a project already over a limit', () => {
    const report = compareCapacity(quotas({ instances: { inUse: 12, limit: 10 } }), demand({ instances: -1 }));
    expect(report.exceeded).toEqual([]);
    expect(report.rows[0]).toMatchObject({ adds: -1, leftAfter: -1 });
  });

  it('a skipped service is said, with what the plan adds there that could not be compared', () => {
    const report = compareCapacity(
      quotas(
        { instances: { inUse: 0, limit: 10 } },
        {
          skipped: [
            {
              service: 'load-balancer',
              reason: 'Octavia (load-balancer) is not in the catalog for this region and interface',
            },
          ],
        },
      ),
      demand({ instances: 1, load_balancers: 1 }),
    );
    expect(report.exceeded).toEqual([]);
    expect(renderCapacityText(report).split('\n').slice(-3)).toEqual([
      'not checked: Octavia (load-balancer) is not in the catalog for this region and interface',
      'load balancers: the change adds +1, not compared (Octavia was not read)',
      '',
    ]);
  });

  it('server group members are compared per group: an existing group with its members, a new one from zero', () => {
    const report = compareCapacity(
      quotas({ server_group_members: { inUse: 0, limit: 3 } }, { serverGroupMembers: { 'g-1': 2 } }),
      demand(
        {},
        {
          groups: [
            { key: 'g-1', label: 'group g-1', existing: true, adds: 2 },
            {
              key: 'openstack_compute_servergroup_v2.cp',
              label: 'openstack_compute_servergroup_v2.cp',
              existing: false,
              adds: 3,
            },
          ],
        },
      ),
    );
    expect(report.exceeded.map((r) => [r.label, r.by])).toEqual([['server group members (group g-1)', 1]]);
  });

  it('the table', () => {
    const report = compareCapacity(
      quotas({ instances: { inUse: 2, limit: 10 }, cores: { inUse: 14, limit: 20 }, ram: { inUse: 0 } }),
      demand({ instances: 3, cores: 7, ram: 12288 }),
    );
    expect(renderCapacityText(report)).toBe(
      [
        'quota          in use  plan adds      limit     left after',
        'instances           2         +3         10              5',
        'cores (vCPUs)      14         +7         20  -1 (exceeded)',
        'RAM (MiB)           0     +12288  unlimited      unlimited',
        '',
      ].join('\n'),
    );
  });
});
