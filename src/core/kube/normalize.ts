import { promises as fs } from 'node:fs';
import path from 'node:path';
import { UserError } from '../lib/errors.js';
import { checkFileTarget, displayPath, readTextFile, writePrivateFile } from '../lib/files.js';
import type { Redactor } from '../lib/redact.js';
import { KUBECONFIG_FILE } from '../lib/yaml.js';
import { kubeconfigSecrets, normalizeKubeconfig } from './kubeconfig.js';
/** Where deploy tooling leaves the kubeconfig, in the reference's order, plus Kubespray's artifact. */
export function kubeconfigCandidates(clusterDir: string, target: string): string[] {
  return [
    target,
    path.join(clusterDir, 'kubeconfig.yaml'),
    path.join(clusterDir, 'kubeconfig'),
    path.join(clusterDir, 'kube_config_cluster.yml'),
    path.join(clusterDir, 'inventory', 'artifacts', 'admin.conf'),
  ];
}

export interface NormalizeOptions {
  clusterDir: string;
  /** The cluster-owned kubeconfig this writes (0600). */
  target: string;
  vip: string;
  redactor: Redactor;
}

/**
 * Copies the first kubeconfig found to the target with loopback servers pointed at the VIP.
 * Registers its secret leaves with the redactor. Returns a one-line summary.
 */
export async function normalizeClusterKubeconfig({
  clusterDir,
  target,
  vip,
  redactor,
}: NormalizeOptions): Promise<string> {
  await checkFileTarget(target, 'kubeconfig');
  // The newest candidate wins (ties: the reference's order): a re-run playbook's fresh admin.conf
  // beats the copy normalised last time, and a tofu module writing KUBECONFIG directly is honoured.
  let source: string | undefined;
  let newest = -Infinity;
  for (const candidate of kubeconfigCandidates(clusterDir, target)) {
    const stat = await fs.stat(candidate).catch(() => undefined);
    if (stat?.isFile() && stat.mtimeMs > newest) {
      source = candidate;
      newest = stat.mtimeMs;
    }
  }
  if (!source) throw new UserError(`kubeconfig not found in ${displayPath(clusterDir)}`);
  const text = readTextFile(source, KUBECONFIG_FILE);
  const result = normalizeKubeconfig(text, vip, displayPath(source));
  for (const secret of kubeconfigSecrets(result.text, displayPath(source), source)) redactor.add(secret);
  const unchanged = source === target && result.changes.length === 0;
  if (!unchanged) {
    await writePrivateFile(target, result.text, 'kubeconfig');
  }
  const servers = result.changes.map((c) => c.to);
  const what = servers.length ? `server → ${[...new Set(servers)].join(', ')}` : 'no loopback server to rewrite';
  return source === target ? what : `${what} (from ${displayPath(path.relative(clusterDir, source) || source)})`;
}
