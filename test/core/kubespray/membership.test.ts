import { describe, expect, it } from 'vitest';
import { describeRuns, etcdCountIsEven, plannedRuns } from '../../../src/core/kubespray/membership.js';
import { playbookAfterApply, refuseNewFirstHosts, type Inventory } from '../../../src/core/kubespray/node-changes.js';
import type { NodeWork } from '../../../src/core/model/nodes.js';

/**
 * The runs after the apply for control-plane and etcd membership changes, as Kubespray v2.31's
 * docs/operations/nodes.md writes them (see src/core/kubespray/membership.ts for the quotes).
 */
function inventory(controlPlane: string[], workers: string[], etcd = controlPlane): Inventory {
  return {
    file: 'inventory.yaml',
    hosts: [...new Set([...controlPlane, ...workers, ...etcd])],
    controlPlane,
    etcd,
    workers,
  };
}

function work(changes: Partial<NodeWork>): NodeWork {
  return { newCluster: false, remove: [], create: [], otherChanges: false, removeRoles: {}, ...changes };
}

const cp3 = ['cp-0', 'cp-1', 'cp-2'];
const ETCD_RUN = 'upgrade-cluster.yml --limit=etcd,kube_control_plane -e ignore_assert_errors=true';

describe('the playbook runs after the apply follow nodes.md for control-plane and etcd changes', () => {
  it.each([
    ['a new cluster', work({ newCluster: true, create: cp3 }), inventory(cp3, ['w-0']), 'cluster.yml'],
    [
      'only workers added',
      work({ create: ['w-1'] }),
      inventory(['cp-0'], ['w-0', 'w-1']),
      'playbooks/facts.yml → scale.yml --limit=w-1',
    ],
    [
      'one etcd member added (1 → 2 would be even: 3 here)',
      work({ create: ['cp-2'] }),
      inventory(cp3, ['w-0']),
      `playbooks/facts.yml → cluster.yml --limit=etcd,kube_control_plane -e ignore_assert_errors=true → ${ETCD_RUN}`,
    ],
    [
      'two etcd members added: etcd_retries=10',
      work({ create: ['cp-1', 'cp-2'] }),
      inventory(cp3, ['w-0']),
      `playbooks/facts.yml → cluster.yml --limit=etcd,kube_control_plane -e ignore_assert_errors=true -e etcd_retries=10 → ${ETCD_RUN}`,
    ],
    [
      'etcd members and a worker added: cluster.yml everywhere, then the etcd run',
      work({ create: ['cp-1', 'cp-2', 'w-1'] }),
      inventory(cp3, ['w-0', 'w-1']),
      `cluster.yml -e ignore_assert_errors=true -e etcd_retries=10 → playbooks/facts.yml → ${ETCD_RUN}`,
    ],
    [
      'an etcd member removed, leaving 2 (even): cluster.yml, then --etcd-servers rewritten',
      work({ remove: ['cp-2'], removeRoles: { 'cp-2': ['control-plane', 'etcd'] } }),
      inventory(['cp-0', 'cp-1'], ['w-0']),
      `cluster.yml -e ignore_assert_errors=true → playbooks/facts.yml -e ignore_assert_errors=true → ${ETCD_RUN}`,
    ],
    [
      'an etcd member removed, leaving 3',
      work({ remove: ['cp-3'], removeRoles: { 'cp-3': ['control-plane', 'etcd'] } }),
      inventory(cp3, ['w-0']),
      'cluster.yml → playbooks/facts.yml → upgrade-cluster.yml --limit=etcd,kube_control_plane',
    ],
    [
      'a removed node of unknown roles counts as etcd',
      work({ remove: ['x'], removeRoles: {} }),
      inventory(cp3, ['w-0']),
      'cluster.yml → playbooks/facts.yml → upgrade-cluster.yml --limit=etcd,kube_control_plane',
    ],
    [
      'a control plane outside etcd added: cluster.yml only (nginx-proxy reloads by its checksum annotation)',
      work({ create: ['cp-3'] }),
      inventory([...cp3, 'cp-3'], ['w-0'], cp3),
      'cluster.yml',
    ],
    [
      'a cluster left with 2 etcd members: every run passes ignore_assert_errors',
      work({ create: ['w-1'] }),
      inventory(['cp-0', 'cp-1'], ['w-0', 'w-1']),
      'playbooks/facts.yml -e ignore_assert_errors=true → scale.yml --limit=w-1 -e ignore_assert_errors=true',
    ],
  ])('%s', (_, pending, after, expected) => {
    const decision = playbookAfterApply(pending, after);
    expect(describeRuns(plannedRuns(decision, pending, after))).toBe(expected);
  });

  it.each([
    [inventory(['a'], []), false],
    [inventory(['a', 'b'], []), true],
    [inventory(['a', 'b'], [], ['a', 'b', 'c']), false],
    // validate_inventory falls back to kube_control_plane when the etcd group is empty.
    [inventory(['a', 'b'], [], []), true],
    [undefined, false],
  ])('etcd count of %j is even: %s', (given, even) => {
    expect(etcdCountIsEven(given)).toBe(even);
  });
});

/**
 * Kubespray runs kubeadm init on the first kube_control_plane host without a kubelet config, and makes
 * an etcd CA on the first etcd host without certificates (see refuseNewFirstHosts): on an existing
 * cluster a new node must never be first. The inventory is the one after the apply.
 */
describe('a new node first in kube_control_plane or etcd is refused before any playbook runs', () => {
  const cp4 = ['cp-0', 'cp-1', 'cp-2', 'cp-3'];
  const refusal =
    /refusing to install cp-0: new, but the first host of kube_control_plane and etcd in inventory\.yaml.*kubeadm init.*Append new nodes at the END of control_plane\.names.*keep an existing node first/;
  it.each([
    ['a new node first ([cp-0 new, cp-1, cp-2, cp-3])', work({ create: ['cp-0'] }), inventory(cp4, ['w-0']), refusal],
    [
      'a new node first of etcd only (separate etcd hosts)',
      work({ create: ['e-0'] }),
      inventory(['cp-1'], ['w-0'], ['e-0', 'e-1', 'e-2']),
      /refusing to install e-0: new, but the first host of etcd in/,
    ],
    [
      'two new nodes, one of them first',
      work({ create: ['cp-0', 'cp-4'] }),
      inventory([...cp4, 'cp-4'], ['w-0']),
      refusal,
    ],
    [
      'a pending new node first after a resumed plan (the work merged with the earlier one)',
      work({ create: ['cp-0', 'w-1'], otherChanges: true }),
      inventory(cp4, ['w-0', 'w-1']),
      refusal,
    ],
    ['a new node appended', work({ create: ['cp-3'] }), inventory(cp4, ['w-0']), undefined],
    ['a new cluster', work({ newCluster: true, create: [...cp4, 'w-0'] }), inventory(cp4, ['w-0']), undefined],
    [
      'the first existing node kept, a new one inserted in the middle',
      work({ create: ['cp-new'] }),
      inventory(['cp-1', 'cp-new', 'cp-2', 'cp-3'], ['w-0']),
      undefined,
    ],
    ['a new worker only', work({ create: ['w-1'] }), inventory(cp3, ['w-0', 'w-1']), undefined],
    ['no inventory after the apply (named elsewhere)', work({ create: ['w-1'] }), undefined, undefined],
  ])('%s', (_, pending, after, expected) => {
    if (expected) {
      expect(() => refuseNewFirstHosts(pending, after)).toThrow(expected);
      // The step's own path: no playbook decision, so no run, for such an inventory.
      expect(() => playbookAfterApply(pending, after, 'inventory.yaml')).toThrow(expected);
    } else {
      expect(() => refuseNewFirstHosts(pending, after)).not.toThrow();
    }
  });
});
