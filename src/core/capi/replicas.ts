import { existsSync } from 'node:fs';
import { MANIFESTS_FILE, manifestDocuments } from './manifests.js';
import { readTextFile } from '../lib/files.js';

/**
 * The machines the rendered manifests ask for: the KubeadmControlPlane's replicas plus every MachineDeployment's.
 * The template decides, not the config's counts: CAPO's without-lb template pins one control plane machine whatever
 * CONTROL_PLANE_MACHINE_COUNT says (CAPO v0.14.7 `templates/cluster-template-without-lb.yaml`). Undefined when the
 * manifests are not there (yet) or say nothing countable.
 */
export function renderedMachineCount(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  let total = 0;
  let found = false;
  for (const { value } of manifestDocuments(readTextFile(file, MANIFESTS_FILE), file)) {
    const object = value as { kind?: unknown; spec?: { replicas?: unknown } } | null;
    if (object?.kind !== 'KubeadmControlPlane' && object?.kind !== 'MachineDeployment') continue;
    const replicas = object.spec?.replicas;
    // CAPI's defaults when a template leaves replicas out: 1 for both (KCP and MachineDeployment webhooks).
    total += typeof replicas === 'number' && Number.isInteger(replicas) && replicas >= 0 ? replicas : 1;
    found = true;
  }
  return found ? total : undefined;
}
