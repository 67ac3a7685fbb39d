import { existsSync, promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKubeApiStandIn, type KubeApiStandIn } from '../../examples/sandbox/kube-api.js';

interface NodeJson {
  metadata: { name: string; labels: Record<string, string> };
  status: { conditions: { status: string }[]; nodeInfo: { kubeletVersion: string } };
}
interface Answer {
  items: NodeJson[];
  gitVersion?: string;
}

describe('the Kubernetes API stand-in with a node registry file', () => {
  let dir: string;
  let api: KubeApiStandIn;
  let registryFile: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kube-api-'));
    registryFile = path.join(dir, 'nodes.json');
    api = await startKubeApiStandIn({ dir: path.join(dir, 'certs'), registryFile });
  });
  afterAll(async () => api?.close());

  const get = (pathname: string) =>
    new Promise<Answer>((resolve, reject) => {
      https
        .get(`${api.url}${pathname}`, { ca: api.caPem, cert: api.clientCertPem, key: api.clientKeyPem }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve(JSON.parse(body)));
        })
        .on('error', reject);
    });

  it('serves the default control-plane node at v1.33.5 until the registry exists', async () => {
    expect(existsSync(registryFile)).toBe(false);
    const list = await get('/api/v1/nodes');
    expect(
      list.items.map((n: NodeJson) => [
        n.metadata.name,
        n.metadata.labels['node-role.kubernetes.io/control-plane'],
        n.status.nodeInfo.kubeletVersion,
      ]),
    ).toEqual([['sandbox-cp-0', '', 'v1.33.5']]);
    expect(await get('/version')).toMatchObject({ gitVersion: 'v1.33.5', major: '1', minor: '33' });
  });

  it('reads the registry on every request; /version is the lowest control-plane kubelet version', async () => {
    const nodes = [
      { name: 'cp-0', ready: true, kubeletVersion: 'v1.34.2', roles: ['control-plane'] },
      { name: 'cp-1', ready: true, kubeletVersion: 'v1.33.10', roles: ['control-plane'] },
      { name: 'w-0', ready: false, kubeletVersion: 'v1.33.0', roles: [] },
    ];
    await fs.writeFile(registryFile, JSON.stringify({ nodes }));
    expect(await get('/version')).toMatchObject({ gitVersion: 'v1.33.10', minor: '33' });
    const list = await get('/api/v1/nodes');
    expect(list.items.map((n: NodeJson) => n.metadata.name)).toEqual(['cp-0', 'cp-1', 'w-0']);
    expect(list.items[2]!.metadata.labels).not.toHaveProperty('node-role.kubernetes.io/control-plane');
    expect(list.items[2]!.status.conditions[0]!.status).toBe('False');
  });

  it('setNodes writes the registry', async () => {
    api.setNodes([{ name: 'only', ready: true }]);
    expect(JSON.parse(await fs.readFile(registryFile, 'utf8'))).toEqual({ nodes: [{ name: 'only', ready: true }] });
    expect((await get('/api/v1/nodes')).items.map((n: NodeJson) => n.status.nodeInfo.kubeletVersion)).toEqual([
      'v1.33.5',
    ]);
    expect(await get('/version')).toMatchObject({ gitVersion: 'v1.33.5' }); // no control-plane node: the default
  });
});
