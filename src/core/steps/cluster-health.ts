import { existsSync } from 'node:fs';
import { probeApiCertificate } from '../kube/api-certificate.js';
import { CERTIFICATE_WARNING_DAYS, type CheckFinding } from '../model/check-report.js';
import { type CommandSpec, failureLine } from '../lib/command.js';
import { errorMessage, UserError } from '../lib/errors.js';
import { escapeInvisible } from '../lib/echo.js';
import { readTextFile } from '../lib/files.js';
import { compareVersions, type KubeVersion, parseKubeVersion } from '../kube/version.js';
import { kubectlCommand, kubeletRelease, parseNodeList, type ClusterNode } from '../kube/nodes.js';
import { kubeconfigTls, type KubeconfigTls } from '../kube/kubeconfig.js';
import { readInventory } from '../kubespray/node-changes.js';
import type { DeploySettings } from '../model/settings.js';
import { KUBECONFIG_FILE } from '../lib/yaml.js';
import { kubectlEnvironment } from '../model/environment.js';
import { kubesprayPaths } from '../kubespray/paths.js';
import { renderedManifests } from '../model/cluster-api.js';
import type { Step, StepContext, StepPlan } from '../model/step.js';

const DAY_MS = 86_400_000;

/** The checks `/readyz?verbose` lists as `[-]etcd failed: …`; kubectl prints a 500 answer's body on stderr, its newlines escaped. */
export function failedReadyzChecks(text: string): string[] {
  return [...new Set([...text.matchAll(/\[-\]([^\s\\"[\]]+) failed/g)].map((match) => match[1]!))];
}

/**
 * check: the cluster as the inventory and the config describe it, against the API: nodes missing,
 * NotReady or unexpected; kubelets not at opencenter.cluster.kubernetes.version; days left on the
 * API server's certificate; failing /readyz checks. What cannot be checked (no kubeconfig, the API
 * unreachable) is an `unchecked` finding saying what to do; only a bug fails the step.
 */
export class ClusterHealthStep implements Step {
  readonly id = 'cluster-health' as const;
  readonly title = 'Check the health of the cluster';
  readonly kind = 'check' as const;
  private readonly nodesCommand: CommandSpec;
  private readonly readyzCommand: CommandSpec;

  constructor(private readonly settings: DeploySettings) {
    const kubectl = (...args: string[]) =>
      kubectlCommand(
        settings.kubectl,
        settings.kubeconfigPath,
        settings.clusterDir,
        kubectlEnvironment(settings),
        ...args,
      );
    this.nodesCommand = kubectl('get', 'nodes', '-o', 'json');
    this.readyzCommand = kubectl('get', '--raw', '/readyz?verbose');
  }

  private get inventoryFile(): string | undefined {
    return this.settings.kubespray ? kubesprayPaths(this.settings).inventory : undefined;
  }

  /** Cluster API: the rendered manifests (capi-render runs first in a check), whose replicas say how many machines. */
  private get manifestsFile(): string | undefined {
    return this.settings.clusterApi ? renderedManifests(this.settings.clusterApi) : undefined;
  }

  async plan(): Promise<StepPlan> {
    const version = this.settings.kubernetesVersion;
    return {
      workingDir: this.nodesCommand.cwd,
      command: this.nodesCommand,
      reads: [
        this.settings.kubeconfigPath,
        ...(this.inventoryFile ? [this.inventoryFile] : []),
        ...(this.manifestsFile ? [this.manifestsFile] : []),
      ],
      writes: [],
      actions: [
        `nodes: ${this.inventoryFile ? 'missing from the API or not in the inventory, ' : ''}${this.manifestsFile ? 'counted against the machines the rendered manifests ask for (replicas), ' : ''}NotReady${version ? `, kubelet not v${version}` : ''}`,
        `the API server's certificate: a TLS handshake with the kubeconfig's server; a finding within ${CERTIFICATE_WARNING_DAYS} days of its expiry`,
        `failing checks of ${this.readyzCommand.argv.join(' ')}`,
      ],
    };
  }

  async run(context: StepContext): Promise<string> {
    const found: CheckFinding[] = [];
    const add = (kind: CheckFinding['kind'], subject: string, message: string) =>
      found.push({ kind, subject, message });
    try {
      await this.check(context, add);
    } finally {
      context.report.findings.push(...found);
    }
    return found.length === 0
      ? 'healthy'
      : `${found.length} finding${found.length === 1 ? '' : 's'}: ${[...new Set(found.map((f) => f.kind))].join(', ')}`;
  }

  private async check(
    context: StepContext,
    add: (kind: CheckFinding['kind'], subject: string, message: string) => void,
  ): Promise<void> {
    const { report } = context;
    const kubeconfig = this.settings.kubeconfigPath;
    if (!existsSync(kubeconfig)) {
      add(
        'unchecked',
        'kubeconfig',
        `no kubeconfig at ${kubeconfig}, so nodes, certificate and readyz were not checked: deploy first (in GitHub Actions, give the check the deploy's kubeconfig-passphrase, so the kubeconfig saved with its state is restored)`,
      );
      return;
    }
    let tls: KubeconfigTls | undefined;
    try {
      tls = kubeconfigTls(readTextFile(kubeconfig, KUBECONFIG_FILE), kubeconfig);
    } catch (error) {
      add(
        'unchecked',
        'kubeconfig',
        `${errorMessage(error)}; nodes, certificate and readyz were not checked: run the deploy's openstack-normalize-kubeconfig step again`,
      );
      return;
    }
    if (!tls) {
      add(
        'unchecked',
        'kubeconfig',
        `kubeconfig ${kubeconfig} names no API server, so nodes, certificate and readyz were not checked: run the deploy's openstack-normalize-kubeconfig step again`,
      );
      return;
    }
    const query = (spec: CommandSpec) => context.exec(spec, { capture: true, quiet: true, check: false });

    const listed = await query(this.nodesCommand);
    let nodes: ClusterNode[] | undefined;
    try {
      if (listed.exitCode === 0) nodes = parseNodeList(listed.stdout);
    } catch (error) {
      add('unchecked', 'nodes', `${errorMessage(error)}; the nodes were not checked`);
    }
    if (listed.exitCode !== 0) {
      add(
        'unchecked',
        'api',
        `the Kubernetes API at ${tls.server} did not answer (${failureLine(listed)}), so nodes and readyz were not checked: check that the cluster is up and reachable from here`,
      );
    } else {
      if (nodes) await this.checkNodes(nodes, report, add);
      const readyz = await query(this.readyzCommand);
      const failed = failedReadyzChecks(`${readyz.stdout}\n${readyz.tail.join('\n')}`);
      for (const check of failed)
        add('readyz', check, `the API server's readiness check ${check} fails (/readyz?verbose)`);
      if (readyz.exitCode !== 0 && failed.length === 0)
        add('unchecked', 'readyz', `/readyz?verbose did not answer (${failureLine(readyz)})`);
    }

    try {
      const certificate = await probeApiCertificate(tls);
      // An expiry read from a certificate the kubeconfig does not trust is no statement about the cluster's.
      if (certificate.untrusted) {
        add(
          'unchecked',
          'certificate',
          `the API server certificate at ${certificate.endpoint} does not verify against the kubeconfig's certificate authority (${certificate.untrusted}), so its expiry was not checked: is this the cluster's kubeconfig?`,
        );
        return;
      }
      const daysLeft = Math.floor((certificate.notAfter.getTime() - Date.now()) / DAY_MS);
      report.certificate = { endpoint: certificate.endpoint, notAfter: certificate.notAfter.toISOString(), daysLeft };
      const renew =
        'renew the control plane certificates (kubeadm certs renew all on each control plane node, or Kubespray with auto_renew_certificates: true)';
      if (daysLeft < 0)
        add(
          'certificate-expiry',
          certificate.endpoint,
          `the API server certificate at ${certificate.endpoint} expired on ${report.certificate.notAfter}: ${renew}`,
        );
      else if (daysLeft < CERTIFICATE_WARNING_DAYS)
        add(
          'certificate-expiry',
          certificate.endpoint,
          `the API server certificate at ${certificate.endpoint} expires in ${daysLeft} day${daysLeft === 1 ? '' : 's'} (${report.certificate.notAfter}): ${renew}`,
        );
    } catch (error) {
      // The API being unreachable was said once already.
      if (listed.exitCode === 0)
        add('unchecked', 'certificate', `${errorMessage(error)}; the certificate's expiry was not checked`);
    }
  }

  private async checkNodes(
    nodes: ClusterNode[],
    report: StepContext['report'],
    add: (kind: CheckFinding['kind'], subject: string, message: string) => void,
  ): Promise<void> {
    const inApi = new Set(nodes.map((n) => n.name));
    let expected: string[] | undefined;
    const file = this.inventoryFile;
    if (file) {
      try {
        const inventory = readInventory(file);
        if (inventory) expected = [...new Set([...inventory.controlPlane, ...inventory.workers])];
        else
          add(
            'unchecked',
            'inventory',
            `no inventory at ${file} (the OpenTofu apply writes it), so the nodes in the API were not compared with it`,
          );
      } catch (error) {
        add('unchecked', 'inventory', `${errorMessage(error)}; the nodes in the API were not compared with it`);
      }
    }
    const machines = this.manifestsFile
      ? (await import('../capi/replicas.js')).renderedMachineCount(this.manifestsFile)
      : undefined;
    report.nodes = {
      expected: expected?.length ?? machines ?? nodes.length,
      inApi: nodes.length,
      ready: nodes.filter((n) => n.ready).length,
      ...(this.manifestsFile && { expectedFrom: machines === undefined ? 'api' : 'manifests' }),
    };
    if (expected) {
      const listed = new Set(expected);
      for (const name of expected.filter((n) => !inApi.has(n)))
        add(
          'node-missing',
          name,
          `${name} is in the inventory but not in the API: it never joined or was removed; run the deploy to converge`,
        );
      for (const node of nodes.filter((n) => !listed.has(n.name)))
        add(
          'node-unexpected',
          node.name,
          `${node.name} is in the API but not in the inventory: remove it (kubectl delete node) or add it to the OpenTofu code`,
        );
    }
    for (const node of nodes.filter((n) => !n.ready))
      add(
        'node-not-ready',
        node.name,
        `${node.name} is NotReady: check its kubelet (systemctl status kubelet) and its server`,
      );
    const version = this.settings.kubernetesVersion;
    if (!version) return;
    const wanted = parseKubeVersion(version, 'opencenter.cluster.kubernetes.version');
    for (const node of nodes.filter((n) => kubeletRelease(n.kubelet) !== version)) {
      const running = reportedVersion(node.kubelet);
      if (running === 'malformed') {
        // One node's bad data is that node's finding; the rest of the check goes on.
        add(
          'kubelet-version',
          node.name,
          `${node.name} reports kubelet version ${shownValue(node.kubelet)}, which is not a Kubernetes version (X.Y.Z): check its kubelet (kubectl get node ${node.name} -o jsonpath='{.status.nodeInfo.kubeletVersion}', systemctl status kubelet)`,
        );
        continue;
      }
      // Ahead of the config: the cluster was upgraded and the config not (a re-deploy would pass the older
      // kube_version to Kubespray); behind it: the upgrade has not run on this node.
      const advice =
        running && compareVersions(running, wanted) > 0
          ? `set opencenter.cluster.kubernetes.version to ${running.text} in the config (the cluster is ahead of it)`
          : 'run the upgrade';
      add(
        'kubelet-version',
        node.name,
        `${node.name} runs kubelet ${node.kubelet || 'of unknown version'}, not v${version} (opencenter.cluster.kubernetes.version): ${advice}`,
      );
    }
  }
}

/** A kubelet's reported version: parsed, undefined when it said none, 'malformed' when it is not a version. */
function reportedVersion(kubelet: string): KubeVersion | undefined | 'malformed' {
  if (kubelet.trim() === '') return undefined;
  try {
    return parseKubeVersion(kubelet, 'kubelet');
  } catch (error) {
    if (error instanceof UserError) return 'malformed';
    throw error;
  }
}

/** A value from the API, quoted, cut to 40 characters and with invisible characters escaped. */
function shownValue(value: string): string {
  return escapeInvisible(JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value));
}
