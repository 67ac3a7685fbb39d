import { promises as fs } from 'node:fs';
import path from 'node:path';
import { PLACEHOLDER, authMethod, type OpenStackCredentials } from '../credentials.js';
import type { ClusterApiSettings } from '../cluster-api.js';
import { UserError } from '../errors.js';
import { displayPath, type FileKind, findExecutable, pathExists, readTextFile } from '../files.js';
import { MANIFESTS_FILE, manifestDocuments } from '../capi-manifests.js';
import type { DeploySettings } from '../settings.js';
import { requireTofuBinary } from './opentofu.js';
import { kubesprayPaths } from './kubespray.js';
import type { Step, StepPlan } from './step.js';

/** The seam for the live credential check (Keystone token + catalog); returns a one-line summary. */
export interface AuthChecker {
  describe(credentials: OpenStackCredentials, timeoutMs: number): string;
  check(credentials: OpenStackCredentials, timeoutMs: number): Promise<string>;
}

/** Problems with the resolved credentials that need no network to find. */
export function credentialProblems(creds: OpenStackCredentials): string[] {
  const problems: string[] = [];
  if (!creds.authUrl || !authMethod(creds)) {
    problems.push(
      'openstack credentials are incomplete; set auth_url and application credentials or username/password before bootstrap',
    );
  }
  const placeholders = (['applicationCredentialId', 'applicationCredentialSecret'] as const).filter(
    (f) => creds[f] === PLACEHOLDER,
  );
  if (placeholders.length > 0) {
    problems.push(
      `openstack application credentials are still "${PLACEHOLDER}" (${placeholders
        .map((f) => (f === 'applicationCredentialId' ? 'application_credential_id' : 'application_credential_secret'))
        .join(
          ', ',
        )} from ${creds.sources[placeholders[0]!]}); set real values in opencenter.infrastructure.cloud.openstack or OS_APPLICATION_CREDENTIAL_ID/OS_APPLICATION_CREDENTIAL_SECRET`,
    );
  }
  if (creds.authUrl) {
    let url: URL | undefined;
    try {
      url = new URL(creds.authUrl);
    } catch {
      // reported below
    }
    if (!url || !/^https?:$/.test(url.protocol)) {
      problems.push(`openstack auth_url "${creds.authUrl}" (from ${creds.sources.authUrl}) is not an http(s) URL`);
    }
  }
  return problems;
}

/** Several problems as a list under one line, as invalid config fields are: not bare lines after the error. */
export function problemsError(problems: readonly string[]): UserError | undefined {
  if (problems.length === 0) return undefined;
  return new UserError(
    problems.length === 1
      ? problems[0]!
      : `${problems.length} problems:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
}

/** What `kubectl apply -f <dir>` reads: the directory's own files with these extensions, not its subdirectories. */
const MANIFEST_EXTENSIONS = ['.yaml', '.yml', '.json'];
const ADDON_FILE: FileKind = { ...MANIFESTS_FILE, noun: 'addon', plural: 'addons' };

/**
 * The addons directory as capi-addons will apply it, checked before any machine exists: kubectl
 * would find an empty directory or a file that is no Kubernetes object only after the machines are up.
 */
async function addonsProblems(dir: string): Promise<string[]> {
  const field = `the addons directory ${dir} (deployment.cluster_api.addons)`;
  const stat = await fs.stat(dir).catch(() => undefined);
  if (!stat?.isDirectory())
    return [
      `${field} ${stat ? 'is not a directory' : 'does not exist'}; without a CNI and the cloud controller manager the nodes never turn Ready`,
    ];
  const files: string[] = [];
  for (const name of (await fs.readdir(dir)).sort()) {
    if (
      MANIFEST_EXTENSIONS.includes(path.extname(name)) &&
      !(await fs.stat(path.join(dir, name)).catch(() => undefined))?.isDirectory()
    )
      files.push(name);
  }
  if (files.length === 0) {
    return [
      `${field} has no .yaml, .yml or .json file (kubectl applies those, not subdirectories); put the CNI and cloud controller manager manifests there`,
    ];
  }
  const problems: string[] = [];
  for (const name of files) {
    const file = path.join(dir, name);
    try {
      for (const { number, value } of manifestDocuments(readTextFile(file, ADDON_FILE), `addon ${displayPath(file)}`)) {
        const object = value as { apiVersion?: unknown; kind?: unknown } | null;
        if (typeof object?.apiVersion !== 'string' || typeof object.kind !== 'string') {
          problems.push(
            `addon ${displayPath(file)}: document ${number} is not a Kubernetes object (it needs apiVersion and kind); fix it or move it out of deployment.cluster_api.addons`,
          );
        }
      }
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      problems.push(error.message);
    }
  }
  return problems;
}

/**
 * The tools and files of deployment.method cluster-api, each named with the field that sets it.
 * A plan runs no kind, so it does not need it (`needsKind: false`).
 */
export async function clusterApiProblems(
  settings: DeploySettings,
  capi: ClusterApiSettings,
  { needsKind = true } = {},
): Promise<string[]> {
  const problems: string[] = [];
  const pathVar = settings.baseEnv.PATH;
  const tools: [string, string][] = [
    [capi.clusterctl, 'clusterctl (--clusterctl, deployment.cluster_api.clusterctl_path)'],
    [settings.kubectl, 'kubectl'],
    ...(needsKind && capi.management.kind === 'kind'
      ? [[capi.kind, 'kind (--kind, deployment.cluster_api.kind_path)'] as [string, string]]
      : []),
  ];
  for (const [tool, what] of tools) {
    if (!(await findExecutable(tool, pathVar)))
      problems.push(`${what}: "${tool}" not found on PATH or not executable; install it`);
  }
  const template = await fs.stat(capi.template).catch(() => undefined);
  if (!template?.isFile())
    problems.push(
      `the Cluster API template ${capi.template} (deployment.cluster_api.template) ${template ? 'is not a file' : 'does not exist'}`,
    );
  problems.push(...(await addonsProblems(capi.addonsDir)));
  if (capi.management.kind === 'existing') {
    const kubeconfig = await fs.stat(capi.management.kubeconfig).catch(() => undefined);
    if (!kubeconfig?.isFile())
      problems.push(
        `the management cluster's kubeconfig ${capi.management.kubeconfig} (${capi.management.source}) ${kubeconfig ? 'is not a file' : 'does not exist'}`,
      );
  }
  if (capi.orcManifest && !capi.orcManifest.startsWith('https://')) {
    const orc = await fs.stat(capi.orcManifest).catch(() => undefined);
    if (!orc?.isFile())
      problems.push(
        `ORC's install.yaml ${capi.orcManifest} (deployment.cluster_api.providers.orc) ${orc ? 'is not a file' : 'does not exist'}; give the path of the release's install.yaml in the cluster dir, or its https URL`,
      );
  }
  return problems;
}

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
      problems.push('opentofu must be enabled for openstack bootstrap');
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
      problems.push(...(await clusterApiProblems(settings, settings.clusterApi)));
    } else {
      await requireTofuBinary(settings).catch((error: Error) => problems.push(error.message));
      if (!settings.vip) {
        problems.push(
          'no API address to put in the kubeconfig: set opencenter.infrastructure.k8s_api_ip (or enable vrrp), or pass --vip',
        );
      }
    }
    if (settings.kubespray && dirStat?.isDirectory()) problems.push(...(await this.kubesprayProblems()));
    const error = problemsError(problems);
    if (error) throw error;

    if (!settings.authCheck.enabled || !this.authChecker) return 'credentials complete (live check skipped)';
    return this.authChecker.check(settings.credentials, settings.authCheck.timeoutMs);
  }

  private async kubesprayProblems(): Promise<string[]> {
    const { settings } = this;
    const paths = kubesprayPaths(settings);
    const problems: string[] = [];
    for (const [file, what] of [
      [paths.requirements, 'Kubespray requirements'],
      [paths.playbook, 'Kubespray playbook'],
      // No inventory check: cluster modules commonly write it during opentofu-apply; the playbook step checks it.
    ] as const) {
      if (!(await pathExists(file))) problems.push(`${what} not found: ${file} (deployment.method is kubespray)`);
    }
    if (!(await findExecutable(settings.python, settings.baseEnv.PATH))) {
      problems.push(
        `${settings.python} not found on PATH; it is needed to create the Kubespray venv in ${path.relative(settings.clusterDir, settings.venvDir) || '.'}`,
      );
    }
    return problems;
  }
}
