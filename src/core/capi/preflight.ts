import { promises as fs } from 'node:fs';
import path from 'node:path';
import { UserError } from '../lib/errors.js';
import { displayPath, type FileKind, findExecutable, readTextFile } from '../lib/files.js';
import type { ClusterApiSettings } from '../model/cluster-api.js';
import type { DeploySettings } from '../model/settings.js';
import { MANIFESTS_FILE, manifestDocuments } from './manifests.js';

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
