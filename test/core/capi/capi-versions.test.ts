import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/lib/errors.js';
import { KIND_NODE_IMAGE } from '../../../src/core/model/capi-versions.js';
import { resolveSettings, type DeployOptions } from '../../../src/core/model/settings.js';

/**
 * N12: the pinned Cluster API's own table of supported Kubernetes versions (kubernetes-sigs/cluster-api
 * docs/book/src/reference/versions.md, release-1.12: v1.12 supports 1.29-1.30 for workload clusters only, 1.31-1.35,
 * 1.35 from v1.12.1) stops a deploy or an upgrade past it before anything is made.
 */

const config = (version: string, capi: { core?: string; management?: string } = {}) => `schema_version: "2.0"
opencenter:
  meta: {name: versions, organization: acme}
  cluster: {kubernetes: {version: ${version}}}
  infrastructure:
    provider: openstack
    cloud:
      openstack:
        auth_url: https://keystone.example.com:5000/v3
        region: RegionOne
        application_credential_id: app-id
        application_credential_secret: app-secret
  gitops: {repository: {local_dir: ./gitops}}
deployment:
  method: cluster-api
  cluster_api:
    management: ${capi.management ?? '{bootstrap: kind}'}
    ${capi.core ? `providers: {core: "${capi.core}"}` : ''}
    openstack: {image_name: img, control_plane_machine_flavor: m1.medium, node_machine_flavor: m1.large}
`;

let base: string;
const settingsOf = async (text: string, options: Partial<DeployOptions> = {}) => {
  const configPath = path.join(base, `c-${Math.random().toString(36).slice(2)}.yaml`);
  await fs.writeFile(configPath, text);
  return resolveSettings({ configPath, stateDir: path.join(base, 'state'), env: { PATH: '' }, ...options });
};
const refusal = (text: string, options: Partial<DeployOptions> = {}) =>
  settingsOf(text, options).then(
    () => undefined,
    (error: unknown) => {
      if (!(error instanceof UserError)) throw error;
      return error.message;
    },
  );

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(tmpdir(), 'capi-versions-'));
  await fs.mkdir(path.join(base, 'gitops', 'infrastructure', 'clusters', 'versions'), { recursive: true });
  await fs.writeFile(path.join(base, 'mgmt.kubeconfig'), 'apiVersion: v1\nkind: Config\n');
});
afterAll(async () => fs.rm(base, { recursive: true, force: true }));

const EXISTING = '{kubeconfig: mgmt.kubeconfig}';

describe('the pinned Cluster API supports the Kubernetes version (CAPI versions.md)', () => {
  it.each([
    ['1.35.0 with the default v1.12.10', config('1.35.0'), 'deploy', undefined],
    ['1.31.2, the oldest a self-hosted v1.12 cluster may run', config('1.31.2'), 'deploy', undefined],
    [
      '1.29.0 on an existing management cluster (workload only is enough)',
      config('1.29.0', { management: EXISTING }),
      'deploy',
      undefined,
    ],
    [
      '1.36.0: past v1.12',
      config('1.36.0'),
      'deploy',
      'opencenter.cluster.kubernetes.version 1.36.0 is not supported: Cluster API v1.12.10 (deployment.cluster_api.providers.core) supports Kubernetes 1.29 to 1.35 for workload clusters and 1.31 to 1.35 for management clusters (kubernetes-sigs/cluster-api docs/book/src/reference/versions.md (release-1.12)). Nothing was changed',
    ],
    ['1.36.0 as an upgrade target', config('1.36.0'), 'upgrade', 'is not supported: Cluster API v1.12.10'],
    ['1.28.9: before v1.12', config('1.28.9', { management: EXISTING }), 'deploy', '1.28.9 is not supported'],
    [
      '1.35.0 with v1.12.0 (1.35 from v1.12.1)',
      config('1.35.0', { core: 'cluster-api:v1.12.0' }),
      'deploy',
      'needs Cluster API v1.12.1 or later',
    ],
    [
      '1.30.4 with kind: the cluster manages itself after the pivot',
      config('1.30.4'),
      'deploy',
      'for workload clusters only, and with management.bootstrap: kind the cluster manages itself',
    ],
    [
      'v1.11.3 with kind: the kind node image (1.35) is past v1.11',
      config('1.33.0', { core: 'cluster-api:v1.11.3' }),
      'deploy',
      `does not support the kind management cluster's Kubernetes (${KIND_NODE_IMAGE}`,
    ],
    [
      'v1.11.3 and 1.34.1 on an existing management cluster',
      config('1.34.1', { core: 'cluster-api:v1.11.3', management: EXISTING }),
      'deploy',
      undefined,
    ],
    [
      'a Cluster API release the table does not hold',
      config('1.35.0', { core: 'cluster-api:v1.14.0' }),
      'deploy',
      "Cluster API v1.14.0 is not in cluster-deploy's table",
    ],
  ] as const)('%s', async (_, text, operation, refused) => {
    const options: Partial<DeployOptions> =
      operation === 'upgrade' ? { operation, kubernetesVersion: /version: ([\d.]+)/.exec(text)![1] } : {};
    const message = await refusal(text, options);
    if (refused === undefined) expect(message).toBeUndefined();
    else expect(message).toContain(refused);
  });

  it('leaves a destroy or a check of a cluster past the table alone (the cluster exists; only new versions are refused)', async () => {
    for (const operation of ['destroy', 'check'] as const)
      expect(await refusal(config('1.36.0'), { operation })).toBeUndefined();
  });

  it('pins a kind node image the default Cluster API supports for a management cluster', async () => {
    expect(KIND_NODE_IMAGE).toBe('kindest/node:v1.35.1');
    expect(await refusal(config('1.35.0'))).toBeUndefined();
  });
});
