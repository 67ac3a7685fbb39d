import { promises as fs } from 'node:fs';
import path from 'node:path';
import { UserError } from '../lib/errors.js';
import { writeFileAtomic } from '../lib/files.js';
import { ETCD_SNAPSHOT_PASSPHRASE_ENV, type DeploySettings } from '../model/settings.js';

/** age, loaded by the runs that take or open a snapshot only (lib/secret-box.ts says why). */
const secretBox = () => import('../lib/secret-box.js');

/**
 * etcd snapshots taken before a risky step, kept on the runner encrypted (age, lib/secret-box.ts) in
 * `<state dir>/<org>/<cluster>/etcd-snapshots/<name>.db.age`, the newest `keep` of them.
 *
 * The snapshot is taken as Kubespray itself takes one before restoring a lost quorum
 * (roles/recover_control_plane/etcd/tasks/recover_lost_quorum.yml "Save etcd snapshot"): `{{ bin_dir }}/etcdctl
 * snapshot save` on the etcd host with ETCDCTL_API=3 and its etcd client certificates,
 * `{{ etcd_cert_dir }}/admin-<host>.pem`, `admin-<host>-key.pem` and `ca.pem`; the client endpoint is
 * the local one /etc/etcd.env names (roles/etcd/templates/etcd.env.j2 `ETCDCTL_ENDPOINTS=https://127.0.0.1:2379`).
 * Defaults `bin_dir: /usr/local/bin`, `etcd_cert_dir: /etc/ssl/etcd/ssl` (roles/kubespray_defaults/defaults/main/main.yml);
 * with `etcd_deployment_type: kubeadm` the certificates are kubeadm's (roles/etcdctl_etcdutl/templates/etcdctl.sh.j2).
 */

const SUFFIX = '.db.age';
const NAME = /^etcd-\d{8}T\d{6}Z-[a-z-]+$/;

/** The playbook that saves one snapshot on the first etcd host and fetches it to the runner. */
export const SNAPSHOT_PLAYBOOK = `# Written by cluster-deploy: one etcd snapshot, fetched to the runner (kubespray/etcd-snapshot.ts says why).
- name: Save an etcd snapshot
  hosts: etcd[0]
  gather_facts: false
  vars:
    cd_kubeadm: "{{ (etcd_deployment_type | default('host')) == 'kubeadm' }}"
    cd_etcd_certs: "{{ etcd_cert_dir | default('/etc/ssl/etcd/ssl') }}"
    cd_kube_certs: "{{ kube_cert_dir | default('/etc/kubernetes/ssl') }}"
    cd_remote_file: "/tmp/{{ cluster_deploy_snapshot }}.db"
  tasks:
    - name: Save, fetch and remove the snapshot
      block:
        - name: etcdctl snapshot save
          ansible.builtin.command:
            argv:
              - "{{ bin_dir | default('/usr/local/bin') }}/etcdctl"
              - snapshot
              - save
              - "{{ cd_remote_file }}"
          environment:
            ETCDCTL_API: "3"
            ETCDCTL_ENDPOINTS: https://127.0.0.1:2379
            ETCDCTL_CACERT: "{{ cd_kube_certs + '/etcd/ca.crt' if cd_kubeadm else cd_etcd_certs + '/ca.pem' }}"
            ETCDCTL_CERT: "{{ cd_kube_certs + '/etcd/server.crt' if cd_kubeadm else cd_etcd_certs + '/admin-' + inventory_hostname + '.pem' }}"
            ETCDCTL_KEY: "{{ cd_kube_certs + '/etcd/server.key' if cd_kubeadm else cd_etcd_certs + '/admin-' + inventory_hostname + '-key.pem' }}"
          changed_when: true
        - name: Fetch it to the runner
          ansible.builtin.fetch:
            src: "{{ cd_remote_file }}"
            dest: "{{ cluster_deploy_local_file }}"
            flat: true
      always:
        - name: Remove it from the host
          ansible.builtin.file:
            path: "{{ cd_remote_file }}"
            state: absent
`;

export type EtcdSnapshotSettings = DeploySettings['etcdSnapshots'];

export function snapshotName(operation: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `etcd-${stamp}-${operation}`;
}

export function snapshotFile(dir: string, name: string): string {
  return path.join(dir, `${name}${SUFFIX}`);
}

/** The kept snapshots, oldest first (their names start with the UTC time they were taken). */
export async function listSnapshots(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw new UserError(`cannot read the etcd snapshot directory ${dir}: ${error.code ?? error.message}`);
  });
  return entries
    .filter((entry) => entry.endsWith(SUFFIX) && NAME.test(entry.slice(0, -SUFFIX.length)))
    .map((entry) => entry.slice(0, -SUFFIX.length))
    .sort();
}

export function requirePassphrase(passphrase: string | undefined, doing: string): string {
  if (!passphrase)
    throw new UserError(
      `${doing}: set ${ETCD_SNAPSHOT_PASSPHRASE_ENV} (the snapshot holds every Secret of the cluster and is kept only encrypted; keep the passphrase where a restore can get it)`,
    );
  return passphrase;
}

/**
 * Encrypts the fetched snapshot into the store (atomically, 0600), removes the plain file and the
 * snapshots beyond `keep`, oldest first. Returns the encrypted file and the names removed.
 */
export async function keepSnapshot(
  settings: EtcdSnapshotSettings,
  name: string,
  plainFile: string,
): Promise<{ file: string; bytes: number; pruned: string[] }> {
  const passphrase = requirePassphrase(settings.passphrase, 'etcd-snapshot');
  try {
    const plain = await fs.readFile(plainFile);
    if (plain.length === 0) throw new UserError(`the etcd snapshot fetched to ${plainFile} is empty`);
    const file = snapshotFile(settings.dir, name);
    await fs.mkdir(settings.dir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(file, await (await secretBox()).encryptWithPassphrase(plain, passphrase));
    const kept = await listSnapshots(settings.dir);
    const pruned = kept.slice(0, Math.max(0, kept.length - settings.keep));
    for (const old of pruned) await fs.rm(snapshotFile(settings.dir, old), { force: true });
    return { file, bytes: plain.length, pruned };
  } finally {
    await fs.rm(plainFile, { force: true });
  }
}

/** The plain snapshot `name` (or the newest, for `latest`), decrypted into `plainFile` (0600). */
export async function openSnapshot(settings: EtcdSnapshotSettings, name: string, plainFile: string): Promise<string> {
  const passphrase = requirePassphrase(settings.passphrase, 'etcd-restore');
  const kept = await listSnapshots(settings.dir);
  const chosen = name === 'latest' ? kept.at(-1) : kept.find((k) => k === name);
  if (!chosen)
    throw new UserError(
      kept.length
        ? `no etcd snapshot ${JSON.stringify(name)} in ${settings.dir}; kept: ${kept.join(', ')} (or latest)`
        : `no etcd snapshot in ${settings.dir}: snapshots are taken before an upgrade (a deploy's too), a control-plane/etcd removal or replacement on this machine's state directory`,
    );
  const file = snapshotFile(settings.dir, chosen);
  const { decryptBytesWithPassphrase } = await secretBox();
  const plain = await decryptBytesWithPassphrase(await fs.readFile(file, 'utf8'), passphrase, file);
  await writeFileAtomic(plainFile, plain);
  return chosen;
}
