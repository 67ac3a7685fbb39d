/**
 * How long each phase of a Cluster API wait may show no progress before it fails (deployment.cluster_api.stall_timeouts).
 * Within a phase the progress line does not change (CAPO builds the network, router and load balancer, or boots the
 * first control plane machine, without a count moving), so each limit is at least the whole time CAPO's own e2e allows
 * for that phase: kubernetes-sigs/cluster-api-provider-openstack v0.14.7 `test/e2e/data/e2e_conf.yaml` `intervals`
 * (lines 266-287): default/wait-cluster 20m, default/wait-control-plane 30m, default/wait-worker-nodes 30m,
 * default/wait-machine-upgrade 30m, default/wait-delete-cluster 5m.
 */
export const STALL_PHASES = {
  /** The OpenStackCluster: network, subnet, router, security groups, the API load balancer (default/wait-cluster). */
  infrastructure: { defaultText: '20m', what: 'the cluster infrastructure (network, router, load balancer)' },
  /** Until the control plane is initialized: the first control plane machine up with kubeadm init (default/wait-control-plane). */
  first_control_plane: { defaultText: '30m', what: 'the first control plane machine' },
  /** The KubeadmControlPlane's other machines, joined one at a time (the same default/wait-control-plane). */
  control_plane: { defaultText: '30m', what: 'the remaining control plane machines' },
  /** The MachineDeployments' machines (default/wait-worker-nodes). */
  workers: { defaultText: '30m', what: 'the worker machines' },
  /** A rollout of new templates or a new version, machine by machine (default/wait-machine-upgrade). */
  rollout: { defaultText: '30m', what: 'the rollout of new machines' },
  /**
   * The Cluster's deletion: servers, load balancer, router, network. default/wait-delete-cluster is 5m; twice that,
   * because one wait of CAPO's on Octavia alone may take about 5.7 min (`pkg/cloud/services/loadbalancer/
   * loadbalancer.go:918-923`: 20 steps from 1s, each ×1.25) and the e2e's cloud is idle.
   */
  delete: { defaultText: '10m', what: "the cluster's deletion" },
} as const;

export type StallPhase = keyof typeof STALL_PHASES;

export const STALL_PHASE_NAMES = Object.keys(STALL_PHASES) as StallPhase[];

/** The range a stall limit may take: a second (tests) to a day. */
export const STALL_LIMITS = { min: 1_000, max: 24 * 3_600_000, text: '1s and 24h' };

/** The config field of a phase's limit, for messages. */
export const stallField = (phase: StallPhase) => `deployment.cluster_api.stall_timeouts.${phase}`;
