import { createHash, type Hash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { UserError } from '../lib/errors.js';
import type { ExtraVars } from './extra-vars.js';

/**
 * The digest of what a Kubespray run depends on: the inventory file, the group_vars and host_vars
 * next to it, the Kubespray tree (by commit or tarball digest), kube_version, the extra vars and a
 * fingerprint of the cloud credential when Kubespray's OpenStack roles put it into the cluster.
 * Recorded with a completed deploy; a re-run whose plan is empty and whose digest is unchanged has
 * nothing for cluster.yml to do. What Kubespray writes into the inventory dir itself (artifacts/,
 * credentials/) is not part of it.
 */
export interface RunInputs {
  inventory: string;
  /** The commit, else `sha256:<tarball digest>`, else the version of an unpinned vendored tree. */
  kubespray: string;
  kubeVersion?: string;
  extraVars: ExtraVars;
  /** The playbook the digest stands for (cluster.yml). */
  playbook: string;
  /** A fingerprint of the cloud credential Kubespray writes into the cluster (kubespray/cloud-env.ts), when its cloud roles are on. */
  credential?: string;
}

const VAR_DIRS = ['group_vars', 'host_vars'];
const MAX_FILES = 10_000;

/**
 * The inputs of a recorded run part by part (the files and extra vars as digests), kept beside its digest so that a
 * later run whose digest differs can say what changed.
 */
export interface RunParts {
  kubespray: string;
  kubeVersion?: string;
  extraVars: string;
  credential?: string;
  files: string;
}

export async function kubesprayRunDigest(inputs: RunInputs): Promise<string> {
  return (await kubesprayRunInputs(inputs)).digest;
}

/** The run's digest (unchanged in form, so recorded ones stay valid) and its parts. */
export async function kubesprayRunInputs(inputs: RunInputs): Promise<{ digest: string; parts: RunParts }> {
  const hash = createHash('sha256');
  const field = (name: string, value: string) => hash.update(`${name}\0${value.length}\0${value}\0`);
  const entries = Object.entries(inputs.extraVars).sort(([a], [b]) => a.localeCompare(b));
  const extraVars = JSON.stringify(entries);
  field('version', '1');
  field('playbook', inputs.playbook);
  field('kubespray', inputs.kubespray);
  field('kube_version', inputs.kubeVersion ?? '');
  field('extra_vars', extraVars);
  // Only when set: the digests recorded before it existed stay valid for clusters without the cloud roles.
  if (inputs.credential !== undefined) field('credential', inputs.credential);
  const filesHash = createHash('sha256');
  await addFile([hash, filesHash], inputs.inventory, 'inventory');
  const dir = path.dirname(inputs.inventory);
  const files: string[] = [];
  for (const sub of VAR_DIRS) await collect(path.join(dir, sub), sub, files);
  for (const relative of files.sort()) await addFile([hash, filesHash], path.join(dir, relative), relative);
  return {
    digest: hash.digest('hex'),
    parts: {
      kubespray: inputs.kubespray,
      ...(inputs.kubeVersion !== undefined && { kubeVersion: inputs.kubeVersion }),
      // kube_version is a part of its own: a new version is not also "the extra vars".
      extraVars: createHash('sha256')
        .update(JSON.stringify(entries.filter(([name]) => name !== 'kube_version')))
        .digest('hex'),
      ...(inputs.credential !== undefined && { credential: inputs.credential }),
      files: filesHash.digest('hex'),
    },
  };
}

/** What differs between the parts of the last run and of this one, in words; undefined when the last run kept none. */
export function changedRunParts(last: RunParts | undefined, now: RunParts): string[] | undefined {
  if (!last) return undefined;
  const moved = (before: string | undefined, after: string | undefined) =>
    `${before?.slice(0, 19) ?? 'unset'} → ${after?.slice(0, 19) ?? 'unset'}`;
  return [
    ...(last.kubespray !== now.kubespray ? [`the Kubespray tree (${moved(last.kubespray, now.kubespray)})`] : []),
    ...(last.kubeVersion !== now.kubeVersion ? [`kube_version (${moved(last.kubeVersion, now.kubeVersion)})`] : []),
    ...(last.extraVars !== now.extraVars ? ['the extra vars'] : []),
    ...(last.credential !== now.credential ? ['the cloud credential'] : []),
    ...(last.files !== now.files ? ['the inventory, group_vars or host_vars'] : []),
  ];
}

async function addFile(hashes: Hash[], file: string, name: string): Promise<void> {
  const content = await fs.readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw new UserError(`cannot read ${file} for the Kubespray run's digest: ${error.code ?? error.message}`);
  });
  for (const hash of hashes) {
    hash.update(`file\0${name}\0${content.length}\0`);
    hash.update(content);
  }
}

/** Files under dir (symlinks followed, as Ansible does), as paths relative to the inventory dir. */
async function collect(dir: string, relative: string, into: string[]): Promise<void> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
    throw error;
  });
  for (const entry of entries) {
    const child = path.join(dir, entry.name);
    const stat = await fs.stat(child).catch(() => undefined);
    if (!stat) continue; // a dangling link: Ansible skips it too
    if (stat.isDirectory()) await collect(child, path.join(relative, entry.name), into);
    else if (stat.isFile()) into.push(path.join(relative, entry.name));
    if (into.length > MAX_FILES)
      throw new UserError(`${dir}: more than ${MAX_FILES} files in the inventory's variables`);
  }
}
