import { createHash } from 'node:crypto';

/**
 * Machine templates named after their spec. CAPO's webhook makes `OpenStackMachineTemplate.spec.template.spec`
 * immutable ("Please create a new resource instead", CAPO v0.14.7 `pkg/webhooks/openstackmachinetemplate_webhook.go`)
 * and CAPI rolls machines only when the KubeadmControlPlane or a MachineDeployment points at another template
 * (CAPI book, tasks/change-machine-template.md). So each OpenStackMachineTemplate and KubeadmConfigTemplate gets a
 * suffix from a hash of its spec, and the references to it follow: an unchanged spec keeps its name (a re-apply
 * changes nothing), a changed one is a new object the webhook accepts and CAPI rolls out to.
 */

// biome-ignore lint/suspicious/noExplicitAny: rendered manifests are open JSON.
type Doc = Record<string, any>;

const HASHED_KINDS = new Set(['OpenStackMachineTemplate', 'KubeadmConfigTemplate']);
/** Kubernetes object names are at most 253 characters; the suffix is `-` and 10 hex digits. */
const MAX_BASE = 253 - 11;

/** JSON with sorted keys, so the hash does not depend on the template's key order. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Doc)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

function specHash(spec: unknown): string {
  return createHash('sha256').update(canonical(spec)).digest('hex').slice(0, 10);
}

/** `base-<hash>`: the base as the template named it (trimmed to fit). */
export function hashedName(base: string, spec: unknown): string {
  return `${base.slice(0, MAX_BASE).replace(/[-.]+$/, '')}-${specHash(spec)}`;
}

export interface RenamedTemplate {
  kind: string;
  from: string;
  to: string;
}

/**
 * Renames the hashed kinds in `docs` (in place) and points the KubeadmControlPlane's and MachineDeployments'
 * references at the new names. Returns what was renamed.
 */
export function nameTemplatesBySpec(docs: Doc[]): RenamedTemplate[] {
  const renamed: RenamedTemplate[] = [];
  const byKindAndName = new Map<string, string>();
  for (const doc of docs) {
    if (!doc || !HASHED_KINDS.has(doc.kind) || typeof doc.metadata?.name !== 'string') continue;
    const from = doc.metadata.name as string;
    const to = hashedName(from, doc.spec);
    doc.metadata.name = to;
    byKindAndName.set(`${doc.kind}/${from}`, to);
    renamed.push({ kind: doc.kind, from, to });
  }
  const follow = (ref: Doc | undefined) => {
    if (!ref || typeof ref.name !== 'string' || typeof ref.kind !== 'string') return;
    const to = byKindAndName.get(`${ref.kind}/${ref.name}`);
    if (to) ref.name = to;
  };
  for (const doc of docs) {
    if (doc?.kind === 'KubeadmControlPlane') {
      follow(doc.spec?.machineTemplate?.spec?.infrastructureRef);
      follow(doc.spec?.machineTemplate?.infrastructureRef);
    }
    if (doc?.kind === 'MachineDeployment') {
      follow(doc.spec?.template?.spec?.infrastructureRef);
      follow(doc.spec?.template?.spec?.bootstrap?.configRef);
    }
  }
  return renamed;
}
