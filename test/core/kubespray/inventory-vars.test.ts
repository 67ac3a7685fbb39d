import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkInventoryKubeVersion,
  inventoryBastion,
  inventoryKubeVersions,
} from '../../../src/core/kubespray/inventory-vars.js';

async function inventory(text: string, files: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ks-inv-'));
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  await writeFile(path.join(dir, 'inventory.yaml'), text);
  return path.join(dir, 'inventory.yaml');
}

const HOSTS =
  'all:\n  hosts:\n    cp-0: {ansible_host: 10.0.0.10}\n  children:\n    k8s_cluster:\n      children:\n        kube_control_plane:\n          hosts: {cp-0: {}}\n';
const config = { version: '1.33.5', where: 'opencenter.cluster.kubernetes.version in config.yaml' };

describe('a kube_version pinned in the inventory', () => {
  it('is found in group_vars/all/*.yml, group_vars/k8s_cluster.yml and the inventory’s own vars', async () => {
    const file = await inventory(`${HOSTS}  vars:\n    kube_version: 1.33.5\n`, {
      'group_vars/all/all.yml': 'kube_network_plugin: calico\n',
      'group_vars/k8s_cluster/k8s-cluster.yml': 'kube_version: v1.33.5\n',
      'group_vars/k8s_cluster.yaml': 'kube_version: "1.33.5"\n',
      'group_vars/kube_node/x.yml': 'kube_version: 9.9.9\n', // not every host's: not read
    });
    const found = await inventoryKubeVersions(file);
    expect(found.map((f) => [f.value, path.basename(f.where.split(' ')[0]!)])).toEqual([
      ['1.33.5', 'inventory.yaml'],
      ['1.33.5', 'k8s_cluster.yaml'],
      ['v1.33.5', 'k8s-cluster.yml'],
    ]);
    await expect(checkInventoryKubeVersion(file, config)).resolves.toBeUndefined();
  });

  it('must agree with the config: else an error naming both files', async () => {
    const file = await inventory(HOSTS, { 'group_vars/k8s_cluster/k8s-cluster.yml': 'kube_version: 1.33.7\n' });
    await expect(checkInventoryKubeVersion(file, config)).rejects.toThrow(
      /^kube_version 1.33.7 in .*group_vars\/k8s_cluster\/k8s-cluster.yml disagrees with opencenter.cluster.kubernetes.version in config.yaml 1.33.5/,
    );
    await expect(checkInventoryKubeVersion(await inventory(HOSTS), config)).resolves.toBeUndefined();
  });

  it('a group_vars file that is not YAML is named', async () => {
    const file = await inventory(HOSTS, { 'group_vars/all/all.yml': 'a: [\n' });
    await expect(inventoryKubeVersions(file)).rejects.toThrow(/all.yml/);
  });
});

describe('the bastion', () => {
  it('is the host named bastion, with its address, port and user', async () => {
    const file = await inventory(
      'all:\n  hosts:\n    bastion: {ansible_host: 203.0.113.5, ansible_port: 2222, ansible_user: ubuntu}\n  children:\n    bastion:\n      hosts: {bastion: {}}\n',
    );
    expect(await inventoryBastion(file)).toEqual({ address: '203.0.113.5', port: 2222, user: 'ubuntu' });
    expect(await inventoryBastion(await inventory(HOSTS))).toBeUndefined();
  });
});
