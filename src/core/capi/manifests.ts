import { UserError } from '../lib/errors.js';
import type { FileKind } from '../lib/files.js';
import type { PlanChanges } from '../model/changes.js';
import { parseYaml } from '../lib/yaml.js';
import { isMapping } from '../lib/mapping.js';

/**
 * The rendered Cluster API manifests and what `kubectl diff` says about them: which objects a
 * deploy would create, change or delete, by kind and namespace/name. Secret data is never shown.
 */

/** clusterctl's output: dozens of objects, with embedded cloud-init; far below this. */
export const MANIFESTS_FILE: FileKind = {
  noun: 'rendered manifest',
  plural: 'rendered manifests',
  maxBytes: 16 * 1024 * 1024,
};

export interface ManifestObject {
  apiVersion: string;
  kind: string;
  name: string;
  namespace?: string;
}

/** `Kind namespace/name`, as the plan table shows an object. */
export function objectAddress(object: { kind: string; name: string; namespace?: string }): string {
  return `${object.kind} ${object.namespace ? `${object.namespace}/` : ''}${object.name}`;
}

/** The non-empty documents of a multi-document YAML stream, parsed, with their 1-based position. */
export function manifestDocuments(text: string, source: string): { number: number; value: unknown }[] {
  return text
    .split(/^---[ \t]*(?:#.*)?$/m)
    .map((document, index) => ({ document, number: index + 1 }))
    .filter(({ document }) => document.replace(/^\s*#.*$/gm, '').trim())
    .map(({ document, number }) => ({
      number,
      value: parseYaml(document, `${source} (document ${number})`, MANIFESTS_FILE).value,
    }));
}

/** The objects of a multi-document YAML stream (what clusterctl generate cluster prints). */
export function manifestObjects(text: string, source: string): ManifestObject[] {
  const objects: ManifestObject[] = [];
  for (const { number, value } of manifestDocuments(text, source)) {
    const index = number - 1;
    const object = value as {
      apiVersion?: unknown;
      kind?: unknown;
      metadata?: { name?: unknown; namespace?: unknown };
    } | null;
    if (
      !object ||
      typeof object !== 'object' ||
      typeof object.kind !== 'string' ||
      typeof object.metadata?.name !== 'string'
    ) {
      throw new UserError(
        `${source}: document ${index + 1} is not a Kubernetes object (it needs kind and metadata.name)`,
      );
    }
    objects.push({
      apiVersion: typeof object.apiVersion === 'string' ? object.apiVersion : '',
      kind: object.kind,
      name: object.metadata.name,
      ...(typeof object.metadata.namespace === 'string' && { namespace: object.metadata.namespace }),
    });
  }
  return objects;
}

export interface DiffEntry {
  kind: string;
  name: string;
  namespace?: string;
  action: 'create' | 'update' | 'destroy';
}

/**
 * kubectl diff names each object's files `[group.]version.Kind.namespace.name` (namespace empty for
 * cluster-scoped ones); a group and a name may hold dots, a version, kind and namespace never do.
 */
const DIFF_FILE = /^(?:(.+?)\.)?(v\d+(?:(?:alpha|beta)\d+)?)\.([A-Z][A-Za-z0-9]*)\.([a-z0-9-]*)\.(.+)$/;

export function parseDiffFileName(file: string): Omit<DiffEntry, 'action'> | undefined {
  const base = file.slice(file.lastIndexOf('/') + 1);
  const match = DIFF_FILE.exec(base);
  if (!match) return undefined;
  return { kind: match[3]!, name: match[5]!, ...(match[4] && { namespace: match[4] }) };
}

/**
 * Reads `kubectl diff` output (diff -u -N of LIVE and MERGED per object). An object whose LIVE side
 * is empty (`@@ -0,0 …`) is created, one whose MERGED side is empty (`… +0,0 @@`, with --prune) is
 * deleted, any other is changed. The text keeps every object's diff except Secrets', replaced by a line.
 */
export function parseKubectlDiff(output: string): { entries: DiffEntry[]; text: string } {
  const entries: DiffEntry[] = [];
  const kept: string[] = [];
  const blocks = output.split(/^(?=diff -u -N )/m);
  for (const block of blocks) {
    const header = /^diff -u -N (\S+) (\S+)/.exec(block);
    if (!header) {
      if (block.trim()) kept.push(block);
      continue;
    }
    const object = parseDiffFileName(header[2]!) ?? parseDiffFileName(header[1]!);
    if (!object) {
      kept.push(block);
      continue;
    }
    const hunk = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/m.exec(block);
    const action =
      hunk && hunk[1] === '0' && hunk[2] === '0'
        ? 'create'
        : hunk && hunk[3] === '0' && hunk[4] === '0'
          ? 'destroy'
          : 'update';
    entries.push({ ...object, action });
    kept.push(object.kind === 'Secret' ? `(${objectAddress(object)}: ${action}; Secret data is not shown)\n` : block);
  }
  return { entries, text: kept.join('') };
}

/** The entries as the plan table the tofu plan uses (counts and rows), addresses `Kind namespace/name`. */
export function diffChanges(entries: readonly DiffEntry[]): PlanChanges {
  const changes: PlanChanges = { add: 0, change: 0, destroy: 0, replace: 0, rows: [] };
  for (const entry of entries) {
    if (entry.action === 'create') changes.add++;
    else if (entry.action === 'update') changes.change++;
    else changes.destroy++;
    changes.rows.push({ address: objectAddress(entry), action: entry.action });
  }
  return changes;
}

/**
 * Whether applying `next` (server-side) leaves `live` as it is: every value the manifests set is the live one. Fields
 * the manifests leave out keep what the server has (API server defaults, what CAPO writes), so they are no change;
 * lists are compared item by item (each item the same way), and must have the same length.
 */
export function appliesAsIs(next: unknown, live: unknown): boolean {
  if (next === undefined || next === null) return true;
  if (Array.isArray(next)) {
    const items = Array.isArray(live) ? live : [];
    return items.length === next.length && next.every((item, i) => appliesAsIs(item, items[i]));
  }
  if (isMapping(next))
    return Object.keys(next).every((key) => appliesAsIs(next[key], isMapping(live) ? live[key] : undefined));
  return next === live;
}
