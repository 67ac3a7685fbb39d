import { describe, expect, it } from 'vitest';
import { withoutMissingLocalFiles } from '../../../src/core/steps/opentofu.js';
import { summarizeChanges } from '../../../src/core/tofu/plan-json.js';

const plan = (...changes: { address: string; type: string; actions: string[] }[]) => ({
  resource_changes: changes.map(({ address, type, actions }) => ({ address, type, change: { actions } })),
});

describe('drift on a fresh runner: local files the deploy wrote elsewhere', () => {
  it.each([
    [
      'a local_file only to create (missing here)',
      plan({ address: 'local_file.inventory', type: 'local_file', actions: ['create'] }),
      [],
      ['local_file.inventory'],
    ],
    [
      'a local_sensitive_file in a module',
      plan({
        address: 'module.k8s.local_sensitive_file.kubeconfig',
        type: 'local_sensitive_file',
        actions: ['create'],
      }),
      [],
      ['module.k8s.local_sensitive_file.kubeconfig'],
    ],
    [
      'a local_file whose content changed (update)',
      plan({ address: 'local_file.inventory', type: 'local_file', actions: ['update'] }),
      ['local_file.inventory'],
      [],
    ],
    [
      'a local_file replaced (changed content)',
      plan({ address: 'local_file.inventory', type: 'local_file', actions: ['delete', 'create'] }),
      ['local_file.inventory'],
      [],
    ],
    [
      'a server to create is drift',
      plan({
        address: 'openstack_compute_instance_v2.worker[2]',
        type: 'openstack_compute_instance_v2',
        actions: ['create'],
      }),
      ['openstack_compute_instance_v2.worker[2]'],
      [],
    ],
    [
      'only the missing file is left out',
      plan(
        { address: 'local_file.inventory', type: 'local_file', actions: ['create'] },
        { address: 'openstack_networking_port_v2.vip', type: 'openstack_networking_port_v2', actions: ['update'] },
      ),
      ['openstack_networking_port_v2.vip'],
      ['local_file.inventory'],
    ],
  ])('%s', (_name, json, drift, missing) => {
    const result = withoutMissingLocalFiles(json, summarizeChanges(json));
    expect(result.changes.rows.map((row) => row.address)).toEqual(drift);
    expect(result.missing).toEqual(missing);
    expect(result.changes.add + result.changes.change + result.changes.destroy + result.changes.replace).toBe(
      drift.length,
    );
  });
});
