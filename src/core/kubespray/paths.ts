import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { DeploySettings } from '../model/settings.js';

/** Where Kubespray and its virtualenv live in a cluster dir: read by the steps, the previews and the caches. */
export function kubesprayPaths(settings: Pick<DeploySettings, 'clusterDir' | 'venvDir' | 'kubesprayRelease'>) {
  const kubesprayDir = settings.kubesprayRelease.dir;
  return {
    kubesprayDir,
    requirements: path.join(kubesprayDir, 'requirements.txt'),
    playbook: path.join(kubesprayDir, 'cluster.yml'),
    inventory: path.join(settings.clusterDir, 'inventory', 'inventory.yaml'),
    venvPython: path.join(settings.venvDir, 'bin', 'python'),
    pip: path.join(settings.venvDir, 'bin', 'pip'),
    ansiblePlaybook: path.join(settings.venvDir, 'bin', 'ansible-playbook'),
    ansible: path.join(settings.venvDir, 'bin', 'ansible'),
    /** Written last by kubespray-venv-create: without it the venv is half-built and is made again. */
    venvMarker: path.join(settings.venvDir, '.cluster-deploy-venv'),
    /** Records what was installed, so a cached venv with the same requirements skips pip. */
    installedMarker: path.join(settings.venvDir, '.cluster-deploy-requirements'),
  };
}

/**
 * Fingerprint of what pip would install: the requirements file, the extra arguments and the pinned
 * Kubespray version (a fetched tree's requirements are not on a fresh runner before kubespray-fetch,
 * when the venv cache key is made).
 */
export async function requirementsFingerprint(settings: DeploySettings): Promise<string> {
  const requirements = await fs.readFile(kubesprayPaths(settings).requirements).catch(() => Buffer.alloc(0));
  return createHash('sha256')
    .update(requirements)
    .update('\0')
    .update(settings.pipArgs.join('\0'))
    .update('\0')
    .update(settings.kubesprayRelease.version ?? '')
    .digest('hex');
}
