import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Kubespray-shaped trees for tests: the files our code reads from a real Kubespray checkout, in
 * their v2.31.0 shape (galaxy.yml's version, the kubelet checksum table with arm64 listed before
 * amd64, the Ansible/Python table of docs/ansible/ansible.md), with made-up checksums.
 */
export function checksumsYaml(amd64: readonly string[], arm64: readonly string[] = amd64): string {
  const table = (versions: readonly string[]) =>
    versions.map((v, i) => `    ${v}: sha256:${String(i).padStart(64, 'a')}`).join('\n');
  return [
    'crictl_checksums:',
    '  amd64:',
    `    1.35.0: sha256:${'b'.repeat(64)}`,
    'kubelet_checksums:',
    '  arm64:',
    table(arm64),
    '  amd64:',
    table(amd64),
    '  ppc64le:',
    `    ${amd64[0]}: 0`,
    'kubectl_checksums:',
    '  amd64:',
    `    9.9.9: sha256:${'c'.repeat(64)}`,
    '',
  ].join('\n');
}

export const V2_31_KUBE = ['1.35.4', '1.35.3', '1.35.0', '1.34.7', '1.34.0', '1.33.11', '1.33.5', '1.33.0'];

export interface KubesprayTreeOptions {
  /** galaxy.yml's version, without "v" (2.31.0). */
  version: string;
  kube?: readonly string[];
  /** The row of docs/ansible/ansible.md's compatibility table. */
  ansible?: string;
  python?: string;
  requirements?: string;
}

export async function writeKubesprayTree(dir: string, options: KubesprayTreeOptions): Promise<void> {
  const files: Record<string, string> = {
    'galaxy.yml': `---\nnamespace: kubernetes_sigs\nname: kubespray\nversion: ${options.version}\n`,
    'requirements.txt': options.requirements ?? 'ansible==11.13.0\n',
    'cluster.yml': '---\n- name: Install Kubernetes\n  ansible.builtin.import_playbook: playbooks/cluster.yml\n',
    'roles/kubespray_defaults/vars/main/checksums.yml': checksumsYaml(options.kube ?? V2_31_KUBE),
    'docs/ansible/ansible.md': [
      '### Ansible Python Compatibility',
      '',
      '|  Ansible Version  | Python Version |',
      '|-------------------|----------------|',
      `| ${options.ansible ?? '>=2.18.0, <2.19.0'} | ${options.python ?? '3.11-3.13'}      |`,
      '',
    ].join('\n'),
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
}
