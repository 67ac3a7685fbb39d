import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { credentialFingerprint } from '../../../src/core/kubespray/cloud-env.js';
import {
  changedRunParts,
  kubesprayRunDigest,
  kubesprayRunInputs,
  type RunInputs,
} from '../../../src/core/kubespray/digest.js';

async function inventoryDir(): Promise<RunInputs> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ks-digest-'));
  await mkdir(path.join(dir, 'group_vars', 'all'), { recursive: true });
  await writeFile(path.join(dir, 'inventory.yaml'), 'all:\n  hosts: {a: {}}\n');
  await writeFile(path.join(dir, 'group_vars', 'all', 'all.yml'), 'kube_network_plugin: calico\n');
  return {
    inventory: path.join(dir, 'inventory.yaml'),
    kubespray: 'c'.repeat(40),
    kubeVersion: '1.33.5',
    extraVars: { kube_version: '1.33.5' },
    playbook: 'cluster.yml',
  };
}

describe('the digest of what a Kubespray run depends on', () => {
  it('changes with each input, and only with them', async () => {
    const inputs = await inventoryDir();
    const dir = path.dirname(inputs.inventory);
    const first = await kubesprayRunDigest(inputs);
    expect(await kubesprayRunDigest({ ...inputs, extraVars: { kube_version: '1.33.5' } })).toBe(first);
    // What Kubespray writes next to the inventory is not an input.
    await mkdir(path.join(dir, 'artifacts'));
    await writeFile(path.join(dir, 'artifacts', 'admin.conf'), 'x');
    await mkdir(path.join(dir, 'credentials'));
    await writeFile(path.join(dir, 'credentials', 'kubeadm_certificate_key.creds'), 'y');
    expect(await kubesprayRunDigest(inputs)).toBe(first);

    const changed = new Set<string>([first]);
    const expectNew = async (what: string, digest: Promise<string>) => {
      const value = await digest;
      expect(changed.has(value), what).toBe(false);
      changed.add(value);
    };
    await expectNew('commit', kubesprayRunDigest({ ...inputs, kubespray: 'd'.repeat(40) }));
    await expectNew('kube_version', kubesprayRunDigest({ ...inputs, kubeVersion: '1.33.6' }));
    await expectNew('extra var', kubesprayRunDigest({ ...inputs, extraVars: { kube_version: '1.33.5', x: true } }));
    await expectNew('playbook', kubesprayRunDigest({ ...inputs, playbook: 'scale.yml' }));
    // A rotated cloud credential: its fingerprint, never the secret, changes the digest.
    const secret = 'app-cred-secret-canary';
    const credential = credentialFingerprint({
      OS_APPLICATION_CREDENTIAL_ID: 'id',
      OS_APPLICATION_CREDENTIAL_SECRET: secret,
    });
    expect(credential).toMatch(/^[0-9a-f]{64}$/);
    expect(credential).not.toContain(secret);
    await expectNew('credential', kubesprayRunDigest({ ...inputs, credential }));
    await expectNew(
      'rotated credential',
      kubesprayRunDigest({
        ...inputs,
        credential: credentialFingerprint({
          OS_APPLICATION_CREDENTIAL_ID: 'id',
          OS_APPLICATION_CREDENTIAL_SECRET: 'new',
        }),
      }),
    );
    await writeFile(path.join(dir, 'group_vars', 'all', 'all.yml'), 'kube_network_plugin: cilium\n');
    await expectNew('group_vars', kubesprayRunDigest(inputs));
    await mkdir(path.join(dir, 'host_vars'));
    await writeFile(path.join(dir, 'host_vars', 'a.yml'), 'ip: 10.0.0.1\n');
    await expectNew('host_vars', kubesprayRunDigest(inputs));
    await writeFile(inputs.inventory, 'all:\n  hosts: {a: {}, b: {}}\n');
    await expectNew('inventory', kubesprayRunDigest(inputs));
    // A file moved between names is a change, though the bytes are the same.
    await rm(path.join(dir, 'host_vars', 'a.yml'));
    await writeFile(path.join(dir, 'host_vars', 'b.yml'), 'ip: 10.0.0.1\n');
    await expectNew('renamed', kubesprayRunDigest(inputs));
    // Followed symlinks; a dangling one is skipped, as Ansible does.
    await symlink('/nonexistent', path.join(dir, 'group_vars', 'dangling.yml'));
    const withDangling = await kubesprayRunDigest(inputs);
    expect(changed.has(withDangling)).toBe(true);
  });

  it('a missing inventory is an error naming it', async () => {
    const inputs = await inventoryDir();
    await rm(inputs.inventory);
    await expect(kubesprayRunDigest(inputs)).rejects.toThrow(
      /cannot read .*inventory.yaml for the Kubespray run's digest: ENOENT/,
    );
  });
});

describe('what changed since the last run, part by part', () => {
  it.each([
    ['nothing', (i: RunInputs) => i, []],
    [
      'the version',
      (i: RunInputs) => ({ ...i, kubeVersion: '1.34.2', extraVars: { kube_version: '1.34.2' } }),
      ['kube_version (1.33.5 → 1.34.2)'],
    ],
    [
      'the Kubespray tree',
      (i: RunInputs) => ({ ...i, kubespray: 'd'.repeat(40) }),
      [`the Kubespray tree (${'c'.repeat(19)} → ${'d'.repeat(19)})`],
    ],
    ['an extra var', (i: RunInputs) => ({ ...i, extraVars: { ...i.extraVars, x: 1 } }), ['the extra vars']],
    ['the cloud credential', (i: RunInputs) => ({ ...i, credential: 'e'.repeat(64) }), ['the cloud credential']],
  ])('%s', async (_name, change, said) => {
    const inputs = await inventoryDir();
    const last = await kubesprayRunInputs(inputs);
    const now = await kubesprayRunInputs(change(inputs));
    expect(changedRunParts(last.parts, now.parts)).toEqual(said);
    expect(now.digest === last.digest).toBe(said.length === 0);
    expect(now.digest).toBe(await kubesprayRunDigest(change(inputs))); // the digest as recorded before the parts
  });

  it('names the files, and says nothing of parts a run recorded before them', async () => {
    const inputs = await inventoryDir();
    const last = await kubesprayRunInputs(inputs);
    await writeFile(
      path.join(path.dirname(inputs.inventory), 'group_vars', 'all', 'all.yml'),
      'kube_network_plugin: cilium\n',
    );
    const now = await kubesprayRunInputs(inputs);
    expect(changedRunParts(last.parts, now.parts)).toEqual(['the inventory, group_vars or host_vars']);
    expect(changedRunParts(undefined, now.parts)).toBeUndefined();
  });
});
