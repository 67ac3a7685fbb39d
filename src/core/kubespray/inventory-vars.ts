import { promises as fs } from 'node:fs';
import path from 'node:path';
import { UserError } from '../lib/errors.js';
import { displayPath, type FileKind } from '../lib/files.js';
import { parseYaml } from '../lib/yaml.js';
import { BASTION_HOST, type Bastion } from './reachability.js';
import { isMapping, type Mapping } from '../lib/mapping.js';

/**
 * Variables the deploy reads from Kubespray's inventory: a kube_version pinned in it (which must
 * agree with the config's, as the deploy passes the config's with -e) and the bastion host.
 * Kubespray's layout: group_vars/{all,k8s_cluster}/*.yml beside the inventory, or vars in it
 * (docs/ansible/inventory.md).
 */

const VARS_FILE: FileKind = {
  noun: 'inventory variables file',
  plural: 'inventory variables files',
  maxBytes: 4 << 20,
};
/** The groups whose variables reach every Kubernetes host. */
const CLUSTER_GROUPS = ['all', 'k8s_cluster'];

async function readYaml(file: string): Promise<unknown> {
  const text = await fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'EISDIR') return undefined;
    throw new UserError(`cannot read ${displayPath(file)}: ${error.code ?? error.message}`);
  });
  return text === undefined ? undefined : parseYaml(text, displayPath(file), VARS_FILE).value;
}

/** Every group definition in a YAML inventory, by name (a group may appear in several places). */
function groupDefinitions(inventory: unknown): [string, Mapping][] {
  const found: [string, Mapping][] = [];
  const visit = (name: string, definition: unknown) => {
    if (!isMapping(definition)) return;
    found.push([name, definition]);
    if (isMapping(definition.children)) for (const [child, d] of Object.entries(definition.children)) visit(child, d);
  };
  if (isMapping(inventory)) for (const [name, d] of Object.entries(inventory)) visit(name, d);
  return found;
}

/** group_vars files of a group: group_vars/<group>.yml|.yaml|(no extension) and every file in group_vars/<group>/. */
async function groupVarsFiles(inventoryDir: string, group: string): Promise<string[]> {
  const base = path.join(inventoryDir, 'group_vars');
  const files = ['', '.yml', '.yaml'].map((ext) => path.join(base, `${group}${ext}`));
  const dir = path.join(base, group);
  const entries = await fs.readdir(dir).catch(() => [] as string[]);
  files.push(
    ...entries
      .filter((n) => /\.(ya?ml)$/.test(n))
      .sort()
      .map((n) => path.join(dir, n)),
  );
  const regular: string[] = [];
  for (const file of files) if ((await fs.stat(file).catch(() => undefined))?.isFile()) regular.push(file);
  return regular;
}

export interface PinnedKubeVersion {
  value: string;
  /** The file, and where in it. */
  where: string;
}

/** Every kube_version the inventory sets for all or k8s_cluster, with where. */
export async function inventoryKubeVersions(inventoryFile: string): Promise<PinnedKubeVersion[]> {
  return inventoryClusterVar(inventoryFile, 'kube_version');
}

/** Every value of one variable the inventory sets for all or k8s_cluster, with where. */
export async function inventoryClusterVar(inventoryFile: string, name: string): Promise<PinnedKubeVersion[]> {
  const found: PinnedKubeVersion[] = [];
  const inventory = await readYaml(inventoryFile);
  for (const [group, definition] of groupDefinitions(inventory)) {
    const value = isMapping(definition.vars) ? definition.vars[name] : undefined;
    if (CLUSTER_GROUPS.includes(group) && value !== undefined && value !== null) {
      found.push({ value: String(value), where: `${displayPath(inventoryFile)} (${group}.vars.${name})` });
    }
  }
  for (const group of CLUSTER_GROUPS) {
    for (const file of await groupVarsFiles(path.dirname(inventoryFile), group)) {
      const vars = await readYaml(file);
      if (isMapping(vars) && vars[name] !== undefined && vars[name] !== null) {
        found.push({ value: String(vars[name]), where: displayPath(file) });
      }
    }
  }
  return found;
}

/**
 * The config's version must be the one the inventory pins, if it pins one: the deploy passes
 * `-e kube_version=<config>`, which would silently win over the file.
 */
export async function checkInventoryKubeVersion(
  inventoryFile: string,
  config: { version: string; where: string },
): Promise<void> {
  for (const pinned of await inventoryKubeVersions(inventoryFile)) {
    if (pinned.value.replace(/^v/, '') !== config.version) {
      throw new UserError(
        `kube_version ${pinned.value} in ${pinned.where} disagrees with ${config.where} ${config.version}: make them the same (or remove kube_version from the inventory; the deploy passes the config's to Kubespray)`,
      );
    }
  }
}

/** The host named `bastion` (Kubespray's special name, docs/ansible/inventory.md), with its address, port and user. */
export async function inventoryBastion(inventoryFile: string): Promise<Bastion | undefined> {
  const inventory = await readYaml(inventoryFile);
  let vars: Mapping | undefined;
  for (const [, definition] of groupDefinitions(inventory)) {
    const hosts = isMapping(definition.hosts) ? definition.hosts : undefined;
    if (hosts && BASTION_HOST in hosts) {
      const own = hosts[BASTION_HOST];
      vars = { ...vars, ...(isMapping(own) ? own : {}) };
    }
  }
  if (!vars) return undefined;
  const port = vars.ansible_port === undefined ? undefined : Number(vars.ansible_port);
  return {
    address: typeof vars.ansible_host === 'string' ? vars.ansible_host : BASTION_HOST,
    ...(port !== undefined && Number.isInteger(port) && { port }),
    ...(typeof vars.ansible_user === 'string' && { user: vars.ansible_user }),
  };
}
