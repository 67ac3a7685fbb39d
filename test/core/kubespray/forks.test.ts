import { promises as fs, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseForks } from '../../../src/core/kubespray/forks.js';
import { parseClusterConfig } from '../../../src/core/model/config.js';

/** An inventory of `count` hosts: control plane first, the rest workers. */
function inventory(count: number): string {
  const hosts = Array.from({ length: count }, (_, i) => `node-${i}`);
  const group = (names: string[]) => (names.length ? `{${names.map((n) => `${n}: {}`).join(', ')}}` : '{}');
  return `all:\n  hosts: ${group(hosts)}\n  children:\n    kube_control_plane:\n      hosts: ${group(hosts.slice(0, 1))}\n    kube_node:\n      hosts: ${group(hosts.slice(1))}\n`;
}

describe('ansible-playbook --forks', () => {
  let dir: string;
  const file = (name: string) => path.join(dir, name);
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(tmpdir(), 'forks-'));
    for (const count of [1, 3, 20, 200]) await fs.writeFile(file(`hosts-${count}.yaml`), inventory(count));
    await fs.writeFile(file('broken.yaml'), 'all: [not, a, group]\n');
    await fs.mkdir(file('a-directory.yaml'));
  });
  afterAll(async () => fs.rm(dir, { recursive: true, force: true }));

  it.each([
    // [case, inventory, cores, limit, env, configured, expected args]
    ['one host', 'hosts-1.yaml', 2, undefined, {}, undefined, ['--forks=1']],
    ['3 hosts on 2 cores', 'hosts-3.yaml', 2, undefined, {}, undefined, ['--forks=3']],
    ['20 hosts on 2 cores: 4 per core', 'hosts-20.yaml', 2, undefined, {}, undefined, ['--forks=8']],
    ['20 hosts on 4 cores (a standard Linux runner)', 'hosts-20.yaml', 4, undefined, {}, undefined, ['--forks=16']],
    ['200 hosts on 64 cores: at most 50', 'hosts-200.yaml', 64, undefined, {}, undefined, ['--forks=50']],
    ['a --limit of 2 of 200 hosts', 'hosts-200.yaml', 4, ['w1', 'w2'], {}, undefined, ['--forks=2']],
    ['no inventory yet: the bound', 'missing.yaml', 4, undefined, {}, undefined, ['--forks=16']],
    ['a broken inventory: the bound', 'broken.yaml', 2, undefined, {}, undefined, ['--forks=8']],
    ['an inventory that is a directory: the bound', 'a-directory.yaml', 2, undefined, {}, undefined, ['--forks=8']],
    ['ANSIBLE_FORKS set: Ansible reads it', 'hosts-20.yaml', 2, undefined, { ANSIBLE_FORKS: '30' }, undefined, []],
    ['ANSIBLE_FORKS empty: ignored', 'hosts-20.yaml', 2, undefined, { ANSIBLE_FORKS: ' ' }, undefined, ['--forks=8']],
    ['the config key wins over all', 'hosts-20.yaml', 2, undefined, { ANSIBLE_FORKS: '30' }, 100, ['--forks=100']],
  ] as const)('%s', (_, name, cores, limit, env, configured, expected) => {
    const choice = chooseForks({ configured, env, inventoryFile: file(name), limit, cores });
    expect(choice.args).toEqual(expected);
  });

  it.each([
    ['zero', 0],
    ['negative', -1],
    ['a fraction', 2.5],
    ['too many', 501],
    ['a string', '"10"'],
  ])('deployment.kubespray.forks refuses %s, naming the field', (_, value) => {
    const text = readFileSync('examples/sandbox/config.yaml', 'utf8').replace(
      '    version: 2.31.0',
      `    version: 2.31.0\n    forks: ${value}`,
    );
    expect(() => parseClusterConfig(text, 'config.yaml')).toThrow(
      /deployment\.kubespray\.forks.*must be a whole number of Ansible forks from 1 to 500/s,
    );
  });
});

it('deployment.kubespray.forks is read into the settings', () => {
  const text = readFileSync('examples/sandbox/config.yaml', 'utf8').replace(
    '    version: 2.31.0',
    '    version: 2.31.0\n    forks: 12',
  );
  expect(parseClusterConfig(text, 'config.yaml').deployment.kubespray?.forks).toBe(12);
});
