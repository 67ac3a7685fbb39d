import { promises as fs } from 'node:fs';
import path from 'node:path';
import { findExecutable, pathExists } from '../lib/files.js';
import type { DeploySettings } from '../model/settings.js';
import { requireTofuBinary } from '../tofu/commands.js';
import { applicationCredentialName, kubesprayCloudEnv, usesOpenStackCloudProvider } from '../kubespray/cloud-env.js';
import { kubesprayPaths } from '../kubespray/paths.js';
import type { Step, StepPlan } from '../model/step.js';
import { OPERATION_STEPS } from '../model/operations.js';
import { problemsError } from '../lib/errors.js';
import { credentialProblems } from '../openstack/credentials.js';
import type { AuthChecker } from '../openstack/keystone.js';

export class PreflightStep implements Step {
  readonly id = 'openstack-preflight' as const;
  readonly title = 'Validate OpenStack credentials and deploy prerequisites';
  readonly kind = 'check' as const;

  constructor(
    private readonly settings: DeploySettings,
    private readonly authChecker?: AuthChecker,
  ) {}

  async plan(): Promise<StepPlan> {
    const { settings } = this;
    const actions = [
      `check that ${settings.clusterDir} exists and the tools are installed`,
      'check that the OpenStack credentials are complete (no CHANGEME placeholders)',
    ];
    if (settings.authCheck.enabled && this.authChecker) {
      actions.push(this.authChecker.describe(settings.credentials, settings.authCheck.timeoutMs));
    } else {
      actions.push('skip the live Keystone authentication check (--skip-auth-check)');
    }
    return { workingDir: settings.clusterDir, reads: [settings.clusterDir], writes: [], actions };
  }

  async run(): Promise<string> {
    const { settings } = this;
    // Only what the operation's steps use: a drift check on a runner without a Kubespray checkout, say.
    const steps: readonly string[] = OPERATION_STEPS[settings.operation];
    const uses = (prefix: string) => steps.some((id) => id.startsWith(prefix));
    const problems: string[] = [];
    const dirStat = await fs.stat(settings.clusterDir).catch(() => undefined);
    if (!dirStat?.isDirectory()) {
      problems.push(
        settings.configPath
          ? `cluster infrastructure directory not found in GitOps repository: ${settings.clusterDir}`
          : `cluster directory not found: ${settings.clusterDir}`,
      );
    }
    if (!settings.clusterApi && !settings.opentofu.enabled)
      problems.push('opentofu must be enabled (opentofu.enabled: true): it makes the OpenStack infrastructure');
    // Read by the live check, but with it skipped only tofu would trip over it, with a TLS error.
    const { caCert } = settings.credentials;
    if (caCert) {
      const stat = await fs.stat(caCert).catch(() => undefined);
      if (!stat?.isFile())
        problems.push(
          `the CA bundle ${caCert} (from ${settings.credentials.sources.caCert}) ${stat ? 'is not a file' : 'does not exist'}`,
        );
    }
    problems.push(...credentialProblems(settings.credentials));
    if (settings.clusterApi) {
      // Cluster API needs no OpenTofu and no VIP: CAPO makes the servers, the kubeconfig names the API endpoint.
      const { clusterApiProblems } = await import('../capi/preflight.js');
      problems.push(...(await clusterApiProblems(settings, settings.clusterApi)));
    } else {
      if (uses('opentofu-')) await requireTofuBinary(settings).catch((error: Error) => problems.push(error.message));
      if (uses('openstack-normalize-kubeconfig') && !settings.vip) {
        problems.push(
          'no API address to put in the kubeconfig: set opencenter.infrastructure.k8s_api_ip (or enable vrrp), or pass --vip',
        );
      }
    }
    if (settings.kubespray && uses('kubespray-') && dirStat?.isDirectory())
      problems.push(...(await this.kubesprayProblems()));
    const error = problemsError(problems);
    if (error) throw error;

    if (!settings.authCheck.enabled || !this.authChecker) return 'credentials complete (live check skipped)';
    return this.authChecker.check(settings.credentials, settings.authCheck.timeoutMs);
  }

  private async kubesprayProblems(): Promise<string[]> {
    const { settings } = this;
    const paths = kubesprayPaths(settings);
    const release = settings.kubesprayRelease;
    const problems: string[] = [];
    if (release.dir === release.vendoredDir) {
      // A tree in the cluster dir (or none and no version to fetch): it must be whole now.
      if (!release.version && !(await pathExists(release.vendoredDir))) {
        problems.push(
          `deployment.kubespray.version is not set and ${release.vendoredDir} does not exist: set it (e.g. v2.31.0) to have kubespray-fetch get Kubespray, or put a Kubespray tree there`,
        );
      } else {
        for (const [file, what] of [
          [paths.requirements, 'Kubespray requirements'],
          [paths.playbook, 'Kubespray playbook'],
          // No inventory check: cluster modules commonly write it during opentofu-apply; the playbook step checks it.
        ] as const) {
          if (!(await pathExists(file))) problems.push(`${what} not found: ${file} (deployment.method is kubespray)`);
        }
      }
    } else {
      const tool = release.source.kind === 'git' ? 'git' : 'tar';
      if (!(await findExecutable(tool, settings.baseEnv.PATH))) {
        problems.push(`${tool} not found on PATH; kubespray-fetch needs it to get Kubespray ${release.version}`);
      }
    }
    if (settings.pythonSetting && !(await findExecutable(settings.pythonSetting.value, settings.baseEnv.PATH))) {
      problems.push(
        `${settings.pythonSetting.setting}: ${settings.pythonSetting.value} not found; it is needed to create the Kubespray venv in ${path.relative(settings.clusterDir, settings.venvDir) || '.'}`,
      );
    }
    if (settings.ssh.privateKeyFile && !(await pathExists(settings.ssh.privateKeyFile))) {
      problems.push(
        `the SSH private key ${settings.ssh.privateKeyFile} does not exist (deployment.kubespray.ssh_private_key_file, --ssh-private-key-file)`,
      );
    }
    if (await usesOpenStackCloudProvider(paths.inventory)) {
      const name = settings.authCheck.enabled
        ? await applicationCredentialName(settings.credentials, settings.authCheck.timeoutMs)
        : undefined;
      const cloud = kubesprayCloudEnv(settings.credentials, name ? { name } : undefined);
      if (cloud.missing.length) {
        problems.push(
          `the inventory's group_vars enable Kubespray's OpenStack cloud controller or Cinder CSI, which read the credentials from the OS_* environment; missing: ${cloud.missing.join('; ')}`,
        );
      }
    }
    return problems;
  }
}
