import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { CommandSpec } from '../../lib/command.js';
import { UserError } from '../../lib/errors.js';
import { displayPath, pathExists, readTextFile, writePrivateFile } from '../../lib/files.js';
import { kubeconfigEndpoint } from '../../kube/kubeconfig.js';
import type { DeploySettings } from '../../model/settings.js';
import type { Step, StepContext, StepPlan } from '../../model/step.js';
import { CapiCommands } from '../../capi/management.js';
import { CCM_CA_KEY, cloudConf } from '../../openstack/cloud-files.js';
import { failureLine } from '../../lib/command.js';
import { applyPrivately, maskKubeconfig } from './shared.js';

/** The workload cluster's kubeconfig from Secret `<cluster>-kubeconfig` (key `value`), written 0600 where Kubespray's would go. */
export class CapiWorkloadKubeconfigStep implements Step {
  readonly id = 'capi-workload-kubeconfig' as const;
  readonly title = 'Fetch the workload cluster kubeconfig';
  readonly kind = 'runner-local' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  private get command(): CommandSpec {
    return this.commands.kubectl(
      this.commands.management,
      'get',
      'secret',
      `${this.settings.clusterName}-kubeconfig`,
      '-n',
      this.commands.capi.namespace,
      '-o',
      'jsonpath={.data.value}',
    );
  }

  async plan(): Promise<StepPlan> {
    return {
      workingDir: this.commands.cwd,
      command: this.command,
      reads: [this.commands.management],
      writes: [this.settings.kubeconfigPath],
      actions: ['output captured, never logged'],
    };
  }

  async outputsPresent(): Promise<boolean> {
    return pathExists(this.settings.kubeconfigPath);
  }

  async run(context: StepContext): Promise<string> {
    const result = await context.exec(this.command, { capture: true, raw: true, quiet: true, check: false });
    if (result.exitCode !== 0)
      throw new UserError(
        `cannot read Secret ${this.commands.capi.namespace}/${this.settings.clusterName}-kubeconfig from the management cluster: ${failureLine(result)}`,
      );
    const text = Buffer.from(result.stdout.trim(), 'base64').toString('utf8');
    const source = `Secret ${this.commands.capi.namespace}/${this.settings.clusterName}-kubeconfig`;
    if (!text.trim()) throw new UserError(`${source} has no kubeconfig in its value key`);
    maskKubeconfig(text, source, context.redactor);
    const endpoint = kubeconfigEndpoint(text, source);
    if (!endpoint) throw new UserError(`${source} names no API server`);
    await writePrivateFile(this.settings.kubeconfigPath, text, 'kubeconfig');
    return `server ${endpoint}`;
  }
}

/** The cluster dir's addons (a CNI, the OpenStack cloud controller manager) applied to the workload cluster. */
export class CapiAddonsStep implements Step {
  readonly id = 'capi-addons' as const;
  readonly title = 'Apply the addons to the workload cluster';
  readonly kind = 'converge' as const;
  private readonly commands: CapiCommands;

  constructor(private readonly settings: DeploySettings) {
    this.commands = new CapiCommands(settings);
  }

  private get command(): CommandSpec {
    return this.commands.apply(this.commands.workload, this.commands.capi.addonsDir);
  }

  private get cloudConfigFile(): string {
    return path.join(this.commands.capi.workDir, 'ccm-cloud-config.secret.json');
  }

  async plan(): Promise<StepPlan> {
    return {
      workingDir: this.commands.cwd,
      command: this.command,
      reads: [this.commands.capi.addonsDir, this.settings.kubeconfigPath],
      writes: [],
      actions: [
        `then Secret kube-system/cloud-config (cloud.conf from the credentials, for the cloud controller manager) from ${this.cloudConfigFile} (0600), applied and deleted`,
      ],
    };
  }

  async run(context: StepContext): Promise<string> {
    const dir = this.commands.capi.addonsDir;
    const stat = await fs.stat(dir).catch(() => undefined);
    if (!stat?.isDirectory())
      throw new UserError(
        `the addons directory ${displayPath(dir)} does not exist; without a CNI and the cloud controller manager the nodes never turn Ready (set deployment.cluster_api.addons)`,
      );
    const applied = await context.exec(this.command, { check: false });
    if (applied.exitCode !== 0)
      throw new UserError(
        `kubectl apply of the addons ${displayPath(dir)} (deployment.cluster_api.addons) to the workload cluster failed: ${failureLine(applied)}`,
      );
    // After the addons: a placeholder kube-system/cloud-config among them must not replace the real one.
    const { credentials } = this.settings;
    const ca = credentials.caCert
      ? readTextFile(credentials.caCert, { noun: 'CA bundle', plural: 'CA bundles', maxBytes: 4 * 1024 * 1024 })
      : undefined;
    const conf = Buffer.from(cloudConf(credentials, ca !== undefined)).toString('base64');
    context.redactor.add(conf);
    const secret = {
      apiVersion: 'v1',
      kind: 'Secret',
      type: 'Opaque',
      metadata: { name: 'cloud-config', namespace: 'kube-system' },
      data: { 'cloud.conf': conf, ...(ca !== undefined ? { [CCM_CA_KEY]: Buffer.from(ca).toString('base64') } : {}) },
    };
    await applyPrivately(
      context,
      this.commands.apply(this.commands.workload, this.cloudConfigFile),
      this.cloudConfigFile,
      secret,
    );
    return `applied ${displayPath(dir)} and kube-system/cloud-config`;
  }
}
