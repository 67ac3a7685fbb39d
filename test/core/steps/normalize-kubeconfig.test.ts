import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Redactor } from '../../../src/core/redact.js';
import { normalizeClusterKubeconfig } from '../../../src/core/steps/normalize-kubeconfig.js';

const kubeconfig = (server: string) => `apiVersion: v1
kind: Config
clusters:
- name: c
  cluster:
    server: ${server}
contexts:
- name: admin@c
  context: {cluster: c, user: admin}
current-context: admin@c
users:
- name: admin
  user:
    token: token-canary-123
`;

let base: string;
let clusterDir: string;
beforeEach(async () => {
  base = await fs.mkdtemp(path.join(tmpdir(), 'normalize-'));
  clusterDir = path.join(base, 'cluster');
  await fs.mkdir(clusterDir);
  await fs.writeFile(path.join(clusterDir, 'kubeconfig.yaml'), kubeconfig('https://127.0.0.1:6443'));
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

const normalize = (target: string, vip = '10.0.0.5') => normalizeClusterKubeconfig({ clusterDir, target, vip, redactor: new Redactor() });
const modeOf = async (p: string) => (await fs.stat(p)).mode & 0o7777;

describe('normalizeClusterKubeconfig: the target path', () => {
  it('writes into an existing shared directory without changing its mode', async () => {
    const shared = path.join(base, 's');
    await fs.mkdir(shared);
    await fs.chmod(shared, 0o1777);
    await normalize(path.join(shared, 'kc'));
    expect(await modeOf(shared)).toBe(0o1777);
    expect(await modeOf(path.join(shared, 'kc'))).toBe(0o600);
    expect(await fs.readFile(path.join(shared, 'kc'), 'utf8')).toBe(kubeconfig('https://10.0.0.5:6443'));
  });

  it('refuses a target that is a directory, before looking for a kubeconfig', async () => {
    await fs.rm(path.join(clusterDir, 'kubeconfig.yaml'));
    await expect(normalize(base)).rejects.toThrow(`kubeconfig path ${base} is a directory; give a file path`);
  });

  it('replaces a target that is a symbolic link, leaving the file it pointed to alone', async () => {
    const elsewhere = path.join(base, 'elsewhere');
    await fs.writeFile(elsewhere, kubeconfig('https://127.0.0.1:6443'));
    const link = path.join(base, 'kc');
    await fs.symlink(elsewhere, link);
    await normalize(link);
    expect(await fs.readFile(elsewhere, 'utf8')).toBe(kubeconfig('https://127.0.0.1:6443'));
    expect((await fs.lstat(link)).isFile()).toBe(true);
    expect(await fs.readFile(link, 'utf8')).toBe(kubeconfig('https://10.0.0.5:6443'));
  });
});
