import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseKubeVersion } from '../../../src/core/kube/version.js';
import { extraVarsArgs } from '../../../src/core/kubespray/extra-vars.js';
import {
  checkKubeVersionSupported,
  readSupportedKubernetes,
  requireUnprefixedKubeVersion,
  type SupportedKubernetes,
} from '../../../src/core/kubespray/versions.js';
import { checksumsYaml, V2_31_KUBE } from '../../support/kubespray-tree.js';

const V231 = V2_31_KUBE;

async function tree(file: string, text: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ks-versions-'));
  await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await writeFile(path.join(dir, file), text);
  return dir;
}

describe('the Kubernetes versions a Kubespray tree installs', () => {
  it('reads the keys of kubelet_checksums.amd64 (v2.28+ layout): default the first, range min to max', async () => {
    const dir = await tree('roles/kubespray_defaults/vars/main/checksums.yml', checksumsYaml(V231, ['1.36.0']));
    const supported = await readSupportedKubernetes(dir);
    expect(supported.default.text).toBe('1.35.4');
    expect([supported.min.text, supported.max.text]).toEqual(['1.33.0', '1.35.4']);
    expect(supported.versions.map((v) => v.text)).toEqual(V231);
  });

  it('reads the v2.26–v2.27 layout, whose keys carry a "v" and unbuilt versions hold 0', async () => {
    const text = 'kubelet_checksums:\n  amd64:\n    v1.31.4: abc\n    v1.30.0: 0\n    v1.29.0: def\n';
    const supported = await readSupportedKubernetes(
      await tree('roles/kubespray-defaults/defaults/main/checksums.yml', text),
    );
    expect(supported.versions.map((v) => v.text)).toEqual(['1.31.4', '1.29.0']);
    // Those trees take kube_version with the "v" (v2.27.0 main.yml: `kube_version: v1.31.4`); every command here passes it without.
    expect(supported.vPrefixed).toBe(true);
    expect(() => requireUnprefixedKubeVersion(supported, 'v2.27.1')).toThrow(
      /^Kubespray v2\.27\.1 takes kube_version with a "v" \(its roles\/kubespray-defaults\/defaults\/main\/checksums\.yml lists v1\.31\.4, not 1\.31\.4\): a tree older than v2\.28, .*Set deployment\.kubespray\.version to v2\.28\.0 or later; a live cluster moves there one Kubespray minor at a time/,
    );
  });

  it('accepts a v2.28+ table, whose keys have no "v"', async () => {
    const dir = await tree('roles/kubespray_defaults/vars/main/checksums.yml', checksumsYaml(V231));
    const supported = await readSupportedKubernetes(dir);
    expect(supported.vPrefixed).toBe(false);
    expect(() => requireUnprefixedKubeVersion(supported, 'v2.31.0')).not.toThrow();
  });

  it.each([
    ['no table at all', undefined, /has no roles\/kubespray_defaults\/vars\/main\/checksums.yml: not a Kubespray tree/],
    ['no kubelet table', 'kubectl_checksums: {}\n', /has no kubelet_checksums.amd64 mapping/],
    ['an empty amd64 table', 'kubelet_checksums:\n  amd64: {}\n', /lists no Kubernetes version/],
    [
      'a key that is no version',
      'kubelet_checksums:\n  amd64:\n    latest: abc\n',
      /"latest" is not a Kubernetes version/,
    ],
    ['not YAML', 'kubelet_checksums: [\n', /not valid YAML|line/],
  ])('refuses %s, naming the file', async (_name, text, error) => {
    const dir =
      text === undefined
        ? await mkdtemp(path.join(tmpdir(), 'ks-versions-'))
        : await tree('roles/kubespray_defaults/vars/main/checksums.yml', text);
    await expect(readSupportedKubernetes(dir)).rejects.toThrow(error);
  });
});

describe('a kube_version the pinned Kubespray cannot install', () => {
  let supported: SupportedKubernetes;
  const check = (wanted: string, version: string | undefined = 'v2.31.0') =>
    checkKubeVersionSupported(parseKubeVersion(wanted, 'test'), supported, {
      version,
      where: 'opencenter.cluster.kubernetes.version',
    });

  it('accepts exactly the listed versions', async () => {
    supported = await readSupportedKubernetes(
      await tree('roles/kubespray_defaults/vars/main/checksums.yml', checksumsYaml(V231)),
    );
    for (const v of V231) expect(() => check(v)).not.toThrow();
  });

  it.each([
    [
      '1.36.2',
      /not supported by Kubespray v2.31.0, which installs 1.33.0 to 1.35.4 .*move deployment.kubespray.version to v2.32 first .*one minor at a time/,
    ],
    ['1.37.0', /move deployment.kubespray.version to v2.32 first/],
    [
      '1.35.9',
      /a newer patch release of Kubespray v2.31 may list it: set deployment.kubespray.version to the newest v2.31.Z, or choose 1.35.4/,
    ],
    ['1.34.3', /it lists 1.34.7, 1.34.0 of 1.34/],
    ['1.32.9', /Kubespray v2.30 installs 1.32, or choose 1.33.0 or later/],
  ])('%s is refused with what to do', (wanted, error) => {
    expect(() => check(wanted)).toThrow(error);
  });

  it('names the field it came from', () => {
    expect(() => check('1.36.2')).toThrow(/^opencenter.cluster.kubernetes.version: Kubernetes 1.36.2/);
  });
});

describe('typed extra vars', () => {
  it('passes every variable as one JSON object, booleans as booleans, keys sorted', () => {
    expect(extraVarsArgs({ skip_confirmation: true, reset_nodes: false, node: 'a,b' })).toEqual([
      '-e',
      '{"node":"a,b","reset_nodes":false,"skip_confirmation":true}',
    ]);
    expect(extraVarsArgs({})).toEqual([]);
    expect(() => extraVarsArgs({ 'bad name': 1 })).toThrow(/not an Ansible variable name/);
  });
});
