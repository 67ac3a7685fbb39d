import { z } from 'zod';

/**
 * What `operation: check` (CLI `cluster-deploy check`) found for one cluster: infrastructure drift
 * from `tofu plan -detailed-exitcode` (with Cluster API: `kubectl diff --server-side` of the rendered
 * manifests against the management cluster), and the cluster's own health. It leaves the cluster, the
 * tofu state and the deploy's resume state as they were. The report is an action output (JSON),
 * the job summary and the body of the cluster's health issue, so it holds names, counts and
 * one-line messages only: never a value from the plan, a credential or a kubeconfig.
 */
export const FINDING_KINDS = [
  /** tofu plan shows changes (subject: the resource address); Cluster API: kubectl diff does (`Kind ns/name`). */
  'drift',
  /** In the inventory, not in the API. */
  'node-missing',
  /** In the API, not Ready. */
  'node-not-ready',
  /** In the API, not in the inventory. */
  'node-unexpected',
  /** kubelet version differs from opencenter.cluster.kubernetes.version (subject: the node). */
  'kubelet-version',
  /** The API server's certificate expires within the warning window, or has expired (subject: the endpoint). */
  'certificate-expiry',
  /** A failing `/readyz?verbose` check (subject: the check's name, e.g. `etcd`). */
  'readyz',
  /**
   * Cluster API: a condition of the Cluster that is False (Ready, InfrastructureReady, ControlPlaneReady, …), or a
   * machine CAPI or CAPO gave up on; the message quotes the reason and message (subject: `Cluster ns/name: Type`).
   */
  'capi-condition',
  /** A part of the check could not run (no kubeconfig, API unreachable); subject: what was not checked. */
  'unchecked',
] as const;

export type FindingKind = (typeof FINDING_KINDS)[number];

// z.lazy: built when a check completes a report, not at every start of a run that checks nothing.
const CheckFindingSchema = z.lazy(() =>
  z.object({
    kind: z.enum(FINDING_KINDS),
    subject: z.string(),
    /** One line, for people: "sandbox-worker-2 is in the inventory but not in the API". */
    message: z.string(),
  }),
);

export const CheckReportSchema = z.lazy(() =>
  z.object({
    /** `<org>/<cluster>`. */
    cluster: z.string(),
    checkedAt: z.string(),
    /** tofu plan found changes (exit code 2). */
    drift: z.boolean(),
    /** No finding other than drift. */
    healthy: z.boolean(),
    /** The drift plan's counts and addresses, like the PR plan; absent when the plan did not run. */
    infrastructure: z
      .object({
        add: z.number(),
        change: z.number(),
        destroy: z.number(),
        replace: z.number(),
        rows: z.array(z.object({ address: z.string(), action: z.enum(['create', 'update', 'destroy', 'replace']) })),
      })
      .optional(),
    /**
     * Node counts: expected, in the API, Ready in the API. `expectedFrom` says where the expected count comes from:
     * the inventory (Kubespray; also when absent, as in reports written before it existed), the machines the rendered
     * Cluster API manifests ask for (KubeadmControlPlane and MachineDeployment replicas: Cluster API has no inventory),
     * or nowhere (`api`: the count is the API's own).
     */
    nodes: z
      .object({
        expected: z.number(),
        inApi: z.number(),
        ready: z.number(),
        expectedFrom: z.enum(['inventory', 'manifests', 'api']).optional(),
      })
      .optional(),
    /** The API server certificate as the TLS handshake with the kubeconfig's endpoint showed it. */
    certificate: z.object({ endpoint: z.string(), notAfter: z.string(), daysLeft: z.number() }).optional(),
    findings: z.array(CheckFindingSchema),
  }),
);

export type CheckFinding = z.infer<typeof CheckFindingSchema>;
export type CheckReport = z.infer<typeof CheckReportSchema>;

/** Days before expiry from which the API server certificate is a finding. */
export const CERTIFICATE_WARNING_DAYS = 30;

/** A report with nothing found yet: the check steps fill it as they run. */
export function newCheckReport(cluster: string): CheckReport {
  return { cluster, checkedAt: new Date().toISOString(), drift: false, healthy: true, findings: [] };
}

/** The finished report: healthy when nothing but drift was found, checked against its schema (it is an output). */
export function completeCheckReport(report: CheckReport): CheckReport {
  return CheckReportSchema.parse({ ...report, healthy: report.findings.every((finding) => finding.kind === 'drift') });
}

/** The report for a terminal or a log: a headline, then one line per finding. */
export function describeCheckReport(report: CheckReport): string[] {
  const others = report.findings.filter((finding) => finding.kind !== 'drift').length;
  const drift = report.drift
    ? `drift (${report.infrastructure?.rows.length ?? 0} resource${report.infrastructure?.rows.length === 1 ? '' : 's'})`
    : 'no drift';
  const health = report.healthy ? 'healthy' : `unhealthy (${others} finding${others === 1 ? '' : 's'})`;
  return [
    `Check of ${report.cluster}: ${drift}, ${health}`,
    ...report.findings.map((finding) => `  ${finding.kind}: ${finding.message}`),
  ];
}
