import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/lib/errors.js';
import {
  KIND_NODE_IMAGE,
  managementRange,
  requireSupportedManagementKubernetes,
} from '../../../src/core/model/capi-versions.js';
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

/**
 * An existing management cluster's own Kubernetes (its /version gitVersion, read at run time), against the pinned
 * release's management column: v1.12 supports 1.31 to 1.35 (1.35 from v1.12.1), 1.29 and 1.30 for workload clusters only.
 */
describe("the pinned Cluster API supports the existing management cluster's Kubernetes", () => {
  const cluster = 'kubeconfig mgmt.kubeconfig, deployment.cluster_api.management.kubeconfig';
  const check = (gitVersion: string, core = 'cluster-api:v1.12.10') => {
    try {
      requireSupportedManagementKubernetes({ core, gitVersion, cluster });
      return undefined;
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      return error.message;
    }
  };
  const range =
    'Cluster API v1.12.10 (deployment.cluster_api.providers.core) supports Kubernetes 1.31 to 1.35 for management clusters (kubernetes-sigs/cluster-api docs/book/src/reference/versions.md (release-1.12))';
  const todo =
    'Nothing was changed: upgrade the management cluster to a supported version, or pin a Cluster API release that supports it for a management cluster (providers core, bootstrap and control_plane)';

  it.each([
    ['in range, the oldest', 'v1.31.0', undefined],
    ['in range, the newest', 'v1.35.2', undefined],
    ['in range', 'v1.33.4', undefined],
    // clusterctl parses the gitVersion with apimachinery's ParseGeneric, which drops the distribution's suffix.
    ["a managed distribution's suffix (GKE)", 'v1.31.0-gke.1', undefined],
    ['a build suffix (k3s)', 'v1.32.3+k3s1', undefined],
    ['without the "v"', '1.34.1', undefined],
    [
      'below the range',
      'v1.28.15',
      `the management cluster (${cluster}) runs Kubernetes v1.28.15, and ${range}. ${todo}`,
    ],
    [
      'a workload-only minor',
      'v1.30.4',
      `the management cluster (${cluster}) runs Kubernetes v1.30.4, and ${range}; 1.30 only for workload clusters. ${todo}`,
    ],
    ['the other workload-only minor', 'v1.29.0', '; 1.29 only for workload clusters.'],
    [
      'above the range',
      'v1.36.1',
      `the management cluster (${cluster}) runs Kubernetes v1.36.1, and ${range}. ${todo}`,
    ],
    ['another major', 'v2.31.0', 'runs Kubernetes v2.31.0, and Cluster API v1.12.10'],
    [
      'empty',
      '',
      `the management cluster (${cluster}) reports Kubernetes version "" (its /version gitVersion), which is not a version, so it cannot be checked: ${range}. Nothing was changed: check that the kubeconfig points at a Kubernetes API server`,
    ],
    ['no minor', 'v1', 'reports Kubernetes version "v1" (its /version gitVersion), which is not a version'],
    ['a word', 'latest', 'reports Kubernetes version "latest"'],
    ['a newline in it', 'v1.33.0\nv1.20.0', 'reports Kubernetes version "v1.33.0\\nv1.20.0"'],
    ['a huge string', `v1.33.0-${'x'.repeat(1_000_000)}`, `reports Kubernetes version "v1.33.0-${'x'.repeat(29)}..."`],
    ['a huge number', `v1.${'9'.repeat(5000)}.0`, 'reports Kubernetes version "v1.999999999'],
  ] as const)('%s: %j', (_, gitVersion, refused) => {
    const message = check(gitVersion);
    if (refused === undefined) expect(message).toBeUndefined();
    else expect(message).toContain(refused);
    if (message) expect(message.length).toBeLessThan(700);
  });

  it('1.35 needs Cluster API v1.12.1 on a management cluster too', () => {
    expect(check('v1.35.0', 'cluster-api:v1.12.0')).toBe(
      `the management cluster (${cluster}) runs Kubernetes v1.35.0: Cluster API v1.12.0 (deployment.cluster_api.providers.core) supports Kubernetes 1.31 to 1.35 for management clusters (kubernetes-sigs/cluster-api docs/book/src/reference/versions.md (release-1.12)), 1.35 from v1.12.1 on, and v1.12.0 is pinned. Nothing was changed: pin providers core, bootstrap and control_plane at v1.12.1 or later, or upgrade the management cluster to a supported version`,
    );
    expect(check('v1.34.0', 'cluster-api:v1.12.0')).toBeUndefined();
  });

  it('follows the pinned release: v1.11 supports 1.30 to 1.34 for a management cluster', () => {
    expect(check('v1.30.2', 'cluster-api:v1.11.3')).toBeUndefined();
    expect(check('v1.35.1', 'cluster-api:v1.11.3')).toContain(
      'supports Kubernetes 1.30 to 1.34 for management clusters',
    );
    expect(managementRange('cluster-api:v1.11.3')).toBe('Kubernetes 1.30 to 1.34');
  });
});
