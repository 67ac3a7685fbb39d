import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiServerStandIn,
  type KubeObject,
  startApiServerStandIn,
} from '../../examples/sandbox/capi/api-server.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const CLUSTER_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: clusters.cluster.x-k8s.io
spec:
  group: cluster.x-k8s.io
  scope: Namespaced
  names: {kind: Cluster, plural: clusters, singular: cluster, listKind: ClusterList, categories: [cluster-api]}
  versions:
  - name: v1beta1
    served: true
    storage: false
    schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
  - name: v1beta2
    served: true
    storage: true
    subresources: {status: {}}
    schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
    additionalPrinterColumns:
    - {name: Phase, type: string, jsonPath: .status.phase}
    - {name: Available, type: string, jsonPath: '.status.conditions[?(@.type=="Available")].status'}
    - {name: Age, type: date, jsonPath: .metadata.creationTimestamp}
`;

const WIDGET_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Cluster
  names: {kind: Widget, plural: widgets}
  versions: [{name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}]
`;

const cluster = (namespace: string, name: string, extra = '') => `apiVersion: cluster.x-k8s.io/v1beta2
kind: Cluster
metadata:
  name: ${name}
  namespace: ${namespace}
  labels: {team: blue}
spec:
  controlPlaneRef: {kind: KubeadmControlPlane, name: ${name}-cp}
${extra}`;

const CLUSTER = { group: 'cluster.x-k8s.io', kind: 'Cluster' };

describe('the Kubernetes API server stand-in, as the real kubectl sees it', () => {
  let dir: string;
  let api: ApiServerStandIn;
  let env: Record<string, string>;

  /** The real kubectl against the stand-in; `stdin` feeds `-f -`. */
  const kubectl = (args: string[], stdin?: string) =>
    new Promise<Run>((resolve, reject) => {
      const child = spawn('kubectl', args, { env });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(stdin ?? '');
    });
  const ok = async (args: string[], stdin?: string) => {
    const run = await kubectl(args, stdin);
    if (run.code !== 0) throw new Error(`kubectl ${args.join(' ')} exited ${run.code}: ${run.stderr}`);
    return run.stdout;
  };
  const apply = (manifest: string, manager = 'cluster-deploy', extra: string[] = []) =>
    kubectl(['apply', '--server-side', `--field-manager=${manager}`, ...extra, '-f', '-'], manifest);
  const getJson = async (args: string[]) => JSON.parse(await ok(['get', ...args, '-o', 'json']));
  const namespace = async (name: string) => ok(['create', 'namespace', name]);
  /** Resolves once `count` watch requests whose URL contains `part` have reached the server. */
  const watchOpened = async (part: string, count: number) => {
    const opened = () => api.requests.filter((r) => r.includes('watch=true') && r.includes(part)).length;
    for (let waited = 0; opened() < count; waited += 20) {
      if (waited > 20_000)
        throw new Error(`no ${count} watch requests with ${part} after 20s: ${api.requests.slice(-5)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'api-server-'));
    api = await startApiServerStandIn({ dir: path.join(dir, 'certs'), name: 'test' });
    await fs.writeFile(path.join(dir, 'kubeconfig'), api.kubeconfig('test-ctx'));
    env = {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      KUBECONFIG: path.join(dir, 'kubeconfig'),
      KUBECACHEDIR: path.join(dir, 'cache'),
    };
    await ok(['apply', '--server-side', '--field-manager=setup', '-f', '-'], `${CLUSTER_CRD}---\n${WIDGET_CRD}`);
  });
  afterAll(async () => api?.close());

  it('serves discovery, /version and /readyz; its kubeconfig names the context', async () => {
    expect(await ok(['config', 'current-context'])).toBe('test-ctx\n');
    const resources = await ok(['api-resources', '--no-headers']);
    for (const row of [
      /^namespaces\s+ns\s+v1\s+false\s+Namespace$/m,
      /^secrets\s+v1\s+true\s+Secret$/m,
      /^deployments\s+deploy\s+apps\/v1\s+true\s+Deployment$/m,
      /^clusters\s+cluster\.x-k8s\.io\/v1beta2\s+true\s+Cluster$/m,
    ])
      expect(resources).toMatch(row);
    // kubectl takes aggregated discovery: no per-group-version lists fetched.
    expect(api.requests.filter((r) => /^GET \/(api\/v1|apis\/[^/]+\/[^/?]+)\?/.test(r))).toEqual([]);
    // The legacy lists (clients that do not ask for aggregated discovery): the preferred version first.
    const groups = JSON.parse(await ok(['get', '--raw', '/apis'])) as {
      groups: { name: string; versions: { version: string }[]; preferredVersion: { version: string } }[];
    };
    expect(groups.groups.find((g) => g.name === 'cluster.x-k8s.io')).toMatchObject({
      versions: [{ version: 'v1beta2' }, { version: 'v1beta1' }],
      preferredVersion: { version: 'v1beta2' },
    });
    const v1 = JSON.parse(await ok(['get', '--raw', '/api/v1'])) as { resources: { name: string }[] };
    expect(v1.resources.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'namespaces',
        'namespaces/status',
        'secrets',
        'configmaps',
        'nodes',
        'serviceaccounts',
        'services',
      ]),
    );
    expect(JSON.parse(await ok(['get', '--raw', '/version']))).toMatchObject({
      gitVersion: 'v1.36.1',
      major: '1',
      minor: '36',
    });
    expect(await ok(['get', '--raw', '/readyz'])).toBe('ok');
    api.setReady(false);
    const starting = await kubectl(['get', '--raw', '/readyz']);
    api.setReady(true);
    expect(starting.code).toBe(1);
    expect(starting.stderr).toContain('readyz check failed');
  });

  it('creates namespaces, secrets and config maps with kubectl create (protobuf bodies) and reports apiserver errors', async () => {
    await namespace('create-ns');
    await ok(['create', 'secret', 'generic', 'creds', '-n', 'create-ns', '--from-literal=password=hunter2']);
    await ok(['create', 'configmap', 'settings', '-n', 'create-ns', '--from-literal=mode=fast']);
    const secret = await getJson(['secret', 'creds', '-n', 'create-ns']);
    expect(secret).toMatchObject({
      type: 'Opaque',
      data: { password: Buffer.from('hunter2').toString('base64') },
      metadata: { namespace: 'create-ns' },
    });
    expect(secret.metadata).not.toHaveProperty('generateName');
    expect((await getJson(['configmap', 'settings', '-n', 'create-ns'])).data).toEqual({ mode: 'fast' });
    expect((await getJson(['namespace', 'create-ns'])).metadata.labels).toEqual({
      'kubernetes.io/metadata.name': 'create-ns',
    });

    const again = await kubectl(['create', 'secret', 'generic', 'creds', '-n', 'create-ns', '--from-literal=a=b']);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('secrets "creds" already exists') });
    const nowhere = await kubectl(['create', 'secret', 'generic', 'creds', '-n', 'nowhere', '--from-literal=a=b']);
    expect(nowhere.stderr).toContain('namespaces "nowhere" not found');
    expect((await kubectl(['get', 'secret', 'missing', '-n', 'create-ns'])).stderr).toBe(
      'Error from server (NotFound): secrets "missing" not found\n',
    );
    expect((await kubectl(['get', 'gadgets'])).stderr).toBe(
      'error: the server doesn\'t have a resource type "gadgets"\n',
    );
  });

  it('applies server-side: creates, merges, removes fields it no longer applies, and a re-apply changes nothing', async () => {
    await namespace('apply-ns');
    expect(await apply(cluster('apply-ns', 'one'))).toMatchObject({
      code: 0,
      stdout: 'cluster.cluster.x-k8s.io/one serverside-applied\n',
    });
    const first = await getJson(['cluster', 'one', '-n', 'apply-ns', '--show-managed-fields']);
    expect(first).toMatchObject({
      apiVersion: 'cluster.x-k8s.io/v1beta2',
      metadata: { generation: 1, labels: { team: 'blue' } },
    });
    expect(first.metadata.managedFields).toEqual([
      expect.objectContaining({
        manager: 'cluster-deploy',
        operation: 'Apply',
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:metadata': { 'f:labels': { 'f:team': {} } },
          'f:spec': { 'f:controlPlaneRef': { 'f:kind': {}, 'f:name': {} } },
        },
      }),
    ]);
    expect((await getJson(['cluster', 'one', '-n', 'apply-ns'])).metadata).not.toHaveProperty('managedFields'); // kubectl hides them

    await ok(['apply', '--server-side', '--field-manager=cluster-deploy', '-f', '-'], cluster('apply-ns', 'one'));
    expect((await getJson(['cluster', 'one', '-n', 'apply-ns'])).metadata.resourceVersion).toBe(
      first.metadata.resourceVersion,
    );

    // Another manager's field stays when ours goes; our dropped label goes; a spec change bumps the generation.
    await ok(['label', 'cluster', 'one', '-n', 'apply-ns', 'owner=ops']);
    await ok(
      ['apply', '--server-side', '--field-manager=cluster-deploy', '-f', '-'],
      cluster('apply-ns', 'one').replace('labels: {team: blue}', 'labels: {}').replace('one-cp', 'one-kcp'),
    );
    const second = await getJson(['cluster', 'one', '-n', 'apply-ns']);
    expect(second.metadata.labels).toEqual({ owner: 'ops' });
    expect(second.spec.controlPlaneRef.name).toBe('one-kcp');
    expect(second.metadata.generation).toBe(2);
  });

  it('a CRD and its custom resources in one apply fail as with a real apiserver (kubectl maps every object first); applied in two runs they work', async () => {
    const crd = WIDGET_CRD.replaceAll('widgets', 'gizmos').replaceAll('Widget', 'Gizmo');
    const gizmo = 'apiVersion: example.com/v1\nkind: Gizmo\nmetadata: {name: g1}\nspec: {size: 3}\n';
    const together = await apply(`${crd}---\n${gizmo}`);
    expect(together.code).toBe(1);
    expect(together.stderr).toContain(
      'no matches for kind "Gizmo" in version "example.com/v1"\nensure CRDs are installed first',
    );
    expect(together.stdout).toContain(
      'customresourcedefinition.apiextensions.k8s.io/gizmos.example.com serverside-applied',
    );
    expect(await apply(`${crd}---\n${gizmo}`)).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('gizmo.example.com/g1 serverside-applied'),
    });
    const established = await getJson(['crd', 'gizmos.example.com']);
    expect(established.status.conditions).toContainEqual(
      expect.objectContaining({ type: 'Established', status: 'True' }),
    );
    expect(await ok(['wait', '--for=condition=Established', 'crd/gizmos.example.com', '--timeout=5s'])).toContain(
      'condition met',
    );
    expect(await ok(['get', 'gizmos', '-o', 'jsonpath={.items[*].spec.size}'])).toBe('3');
    // Deleting the CRD deletes its objects.
    await ok(['delete', 'crd', 'gizmos.example.com']);
    expect(api.list({ group: 'example.com', kind: 'Gizmo' })).toEqual([]);
    // kubectl's discovery cache still knows the type, so it lists and gets a 404, as against a real apiserver.
    expect(await kubectl(['get', 'gizmos'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('the server could not find the requested resource'),
    });
  });

  it('reports field-manager conflicts and lets --force-conflicts take the fields', async () => {
    await namespace('conflict-ns');
    await ok(['apply', '--server-side', '--field-manager=cluster-deploy', '-f', '-'], cluster('conflict-ns', 'c'));
    const changed = cluster('conflict-ns', 'c').replace('team: blue', 'team: red');
    const refused = await apply(changed, 'someone-else');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'Apply failed with 1 conflict: conflict with "cluster-deploy": .metadata.labels.team',
    );
    expect((await getJson(['cluster', 'c', '-n', 'conflict-ns'])).metadata.labels.team).toBe('blue');
    await ok(['apply', '--server-side', '--field-manager=someone-else', '--force-conflicts', '-f', '-'], changed);
    const taken = await getJson(['cluster', 'c', '-n', 'conflict-ns', '--show-managed-fields']);
    expect(taken.metadata.labels.team).toBe('red');
    const owners = Object.fromEntries(
      taken.metadata.managedFields.map((m: { manager: string; fieldsV1: object }) => [
        m.manager,
        JSON.stringify(m.fieldsV1),
      ]),
    );
    expect(owners['someone-else']).toContain('f:team');
    expect(owners['cluster-deploy']).not.toContain('f:team');
  });

  it('diffs server-side with a dry run: exit 0 when equal, 1 with changes, Secret values masked, nothing stored', async () => {
    await namespace('diff-ns');
    const secret = (password: string) =>
      `apiVersion: v1\nkind: Secret\nmetadata: {name: cloud, namespace: diff-ns}\nstringData: {clouds.yaml: "password: ${password}"}\n`;
    const manifest = (password: string, team: string) =>
      `${cluster('diff-ns', 'd').replace('blue', team)}---\n${secret(password)}`;
    await ok(['apply', '--server-side', '--field-manager=cluster-deploy', '-f', '-'], manifest('hunter2', 'blue'));
    const same = await kubectl(
      ['diff', '--server-side', '--field-manager=cluster-deploy', '-f', '-'],
      manifest('hunter2', 'blue'),
    );
    expect(same).toMatchObject({ code: 0, stdout: '' });

    const changed = await kubectl(
      ['diff', '--server-side', '--field-manager=cluster-deploy', '-f', '-'],
      `${manifest('hunter3', 'green')}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: fresh, namespace: diff-ns}\ndata: {a: b}\n`,
    );
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain('-    team: blue\n+    team: green');
    expect(changed.stdout).toContain("-  clouds.yaml: '*** (before)'\n+  clouds.yaml: '*** (after)'");
    expect(changed.stdout).toMatch(/\+\+\+ \S+\/v1\.ConfigMap\.diff-ns\.fresh/);
    expect(changed.stdout).not.toMatch(/hunter|aHVudGVy|managedFields/);
    expect((await getJson(['cluster', 'd', '-n', 'diff-ns'])).metadata.labels.team).toBe('blue');
    expect((await kubectl(['get', 'configmap', 'fresh', '-n', 'diff-ns'])).code).toBe(1);
    // A dry run creates nothing, so objects in a namespace the same manifest creates cannot be diffed (as with a real apiserver).
    const newNamespace = await kubectl(
      ['diff', '--server-side', '--field-manager=cluster-deploy', '-f', '-'],
      'apiVersion: v1\nkind: Namespace\nmetadata: {name: planned}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: planned}\n',
    );
    expect(newNamespace).toMatchObject({ code: 2, stderr: expect.stringContaining('namespaces "planned" not found') });
  });

  it('prints Tables: printer columns of a CRD, Name and Age otherwise, the node columns; selectors and output formats', async () => {
    await namespace('table-ns');
    await ok(
      ['apply', '--server-side', '--field-manager=cluster-deploy', '-f', '-'],
      `${cluster('table-ns', 'a')}---\n${cluster('table-ns', 'b').replace('blue', 'red')}`,
    );
    api.put({
      ...api.get(CLUSTER, 'table-ns', 'a')!,
      status: { phase: 'Provisioned', conditions: [{ type: 'Available', status: 'True' }] },
    });
    expect(await ok(['get', 'clusters', '-n', 'table-ns'])).toMatch(
      /^NAME\s+PHASE\s+AVAILABLE\s+AGE\na\s+Provisioned\s+True\s+\d+s\nb\s+\d+s\n$/,
    );
    expect(await kubectl(['get', 'widgets'])).toMatchObject({ code: 0, stdout: '', stderr: 'No resources found\n' });
    await ok(
      ['apply', '--server-side', '--field-manager=cluster-deploy', '-f', '-'],
      'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n',
    );
    expect(await ok(['get', 'widgets'])).toMatch(/^NAME\s+AGE\nw\s+\d+s\n$/);
    expect(await ok(['get', 'clusters', '-n', 'table-ns', '-l', 'team=red', '-o', 'name'])).toBe(
      'cluster.cluster.x-k8s.io/b\n',
    );
    expect(
      await ok([
        'get',
        'clusters',
        '-n',
        'table-ns',
        '-l',
        'team in (red,blue),team!=red',
        '-o',
        'jsonpath={.items[*].metadata.name}',
      ]),
    ).toBe('a');
    expect(await ok(['get', 'clusters', '-n', 'table-ns', '-l', '!team', '-o', 'name'])).toBe('');
    expect(await ok(['get', 'clusters', '-n', 'table-ns', '--field-selector', 'metadata.name=b', '-o', 'name'])).toBe(
      'cluster.cluster.x-k8s.io/b\n',
    );
    expect(await ok(['get', 'cluster-api', '-n', 'table-ns', '-o', 'name'])).toBe(
      'cluster.cluster.x-k8s.io/a\ncluster.cluster.x-k8s.io/b\n',
    );
    expect(
      await ok([
        'get',
        'clusters.v1beta1.cluster.x-k8s.io',
        'a',
        '-n',
        'table-ns',
        '-o',
        'jsonpath={.apiVersion} {.status.phase}',
      ]),
    ).toBe('cluster.x-k8s.io/v1beta1 Provisioned');
    expect(await ok(['get', 'cluster', 'a', '-n', 'table-ns', '-o', 'yaml'])).toMatch(
      /^apiVersion: cluster.x-k8s.io\/v1beta2\nkind: Cluster\n/,
    );

    api.put({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'cp-0', labels: { 'node-role.kubernetes.io/control-plane': '' } },
      status: { conditions: [{ type: 'Ready', status: 'True' }], nodeInfo: { kubeletVersion: 'v1.35.0' } },
    });
    api.put({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: { name: 'w-0' },
      status: { conditions: [{ type: 'Ready', status: 'False' }], nodeInfo: { kubeletVersion: 'v1.35.0' } },
    });
    await ok(['create', 'secret', 'generic', 'two', '-n', 'table-ns', '--from-literal=a=1', '--from-literal=b=2']);
    await ok(['create', 'configmap', 'one', '-n', 'table-ns', '--from-literal=a=1']);
    expect(await ok(['get', 'secrets,configmaps', '-n', 'table-ns'])).toMatch(
      /^NAME\s+TYPE\s+DATA\s+AGE\nsecret\/two\s+Opaque\s+2\s+\d+s\n\nNAME\s+DATA\s+AGE\nconfigmap\/one\s+1\s+\d+s\n$/,
    );
    expect(await ok(['get', 'namespace', 'table-ns'])).toMatch(/^NAME\s+STATUS\s+AGE\ntable-ns\s+Active\s+\d+s\n$/);
    api.put({
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'cni', namespace: 'table-ns' },
      spec: { template: { spec: { nodeSelector: { 'kubernetes.io/os': 'linux' } } } },
      status: {
        desiredNumberScheduled: 3,
        currentNumberScheduled: 3,
        numberReady: 2,
        updatedNumberScheduled: 3,
        numberAvailable: 2,
      },
    });
    api.put({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'ccm', namespace: 'table-ns' },
      spec: { replicas: 2 },
      status: { readyReplicas: 1, updatedReplicas: 2, availableReplicas: 1 },
    });
    expect(await ok(['get', 'daemonsets,deployments', '-n', 'table-ns'])).toMatch(
      /^NAME\s+DESIRED\s+CURRENT\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+NODE SELECTOR\s+AGE\ndaemonset.apps\/cni\s+3\s+3\s+2\s+3\s+2\s+kubernetes.io\/os=linux\s+\d+s\n\nNAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE\ndeployment.apps\/ccm\s+1\/2\s+2\s+1\s+\d+s\n$/,
    );

    expect(await ok(['get', 'nodes'])).toMatch(
      /^NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION\ncp-0\s+Ready\s+control-plane\s+\d+s\s+v1.35.0\nw-0\s+NotReady\s+<none>\s+\d+s\s+v1.35.0\n$/,
    );
  });

  it('rejects bad selectors with the apiserver messages', async () => {
    const badLabel = await kubectl(['get', 'clusters', '-A', '-l', 'team in red']);
    expect(badLabel.code).toBe(1);
    const badField = await kubectl(['get', 'clusters', '-A', '--field-selector', 'spec.paused=true']);
    expect(badField.stderr).toContain('field label not supported: spec.paused');
  });

  it('watches: kubectl get -w sees changes, kubectl wait --for=condition returns when a controller sets it', async () => {
    await namespace('watch-ns');
    await ok(['apply', '--server-side', '--field-manager=cluster-deploy', '-f', '-'], cluster('watch-ns', 'w'));
    const watching = kubectl([
      'get',
      'clusters',
      '-n',
      'watch-ns',
      '-w',
      '-o',
      'jsonpath={.metadata.name}={.status.phase}{"\\n"}',
      '--request-timeout=3s',
    ]);
    const waiting = kubectl(['wait', '--for=condition=Available', 'cluster/w', '-n', 'watch-ns', '--timeout=20s']);
    const unsubscribe = api.onChange(() => {});
    // Change the object only once kubectl has listed and watches (from the list's resourceVersion): the order
    // of events is then what the test asserts, however slow the machine starts kubectl.
    await watchOpened('/namespaces/watch-ns/clusters?', 2);
    api.put({ ...api.get(CLUSTER, 'watch-ns', 'w')!, status: { phase: 'Provisioning' } });
    api.put({
      ...api.get(CLUSTER, 'watch-ns', 'w')!,
      status: { phase: 'Provisioned', conditions: [{ type: 'Available', status: 'True' }] },
    });
    const waited = await waiting;
    unsubscribe();
    expect(waited).toMatchObject({ code: 0, stdout: 'cluster.cluster.x-k8s.io/w condition met\n' });
    expect((await watching).stdout).toMatch(/^w=\nw=Provisioning\nw=Provisioned\n/);
    // With a selector, an object that stops matching is DELETED for the watcher, and ADDED when it matches again.
    const selected = kubectl([
      'get',
      'clusters',
      '-n',
      'watch-ns',
      '-l',
      'team=blue',
      '-w',
      '--output-watch-events',
      '-o',
      'jsonpath={.type} {.object.metadata.name}{"\\n"}',
      '--request-timeout=3s',
    ]);
    await watchOpened('labelSelector=team%3Dblue', 1);
    api.put({
      ...api.get(CLUSTER, 'watch-ns', 'w')!,
      metadata: { ...api.get(CLUSTER, 'watch-ns', 'w')!.metadata, labels: { team: 'red' } },
    });
    api.put({
      ...api.get(CLUSTER, 'watch-ns', 'w')!,
      metadata: { ...api.get(CLUSTER, 'watch-ns', 'w')!.metadata, labels: { team: 'blue' } },
    });
    expect((await selected).stdout).toBe('ADDED w\nDELETED w\nADDED w\n');
    const watches = api.requests.filter((r) => r.includes('watch=true') && r.includes('/namespaces/watch-ns/clusters'));
    expect(watches.some((r) => /resourceVersion=\d+/.test(r))).toBe(true);
  });

  it('deletes: at once without finalizers; with them, kubectl waits until the controller removes the last one', async () => {
    await namespace('delete-ns');
    await ok(['create', 'configmap', 'plain', '-n', 'delete-ns']);
    expect(await ok(['delete', 'configmap', 'plain', '-n', 'delete-ns'])).toBe('configmap "plain" deleted\n');
    expect((await kubectl(['delete', 'configmap', 'plain', '-n', 'delete-ns'])).stderr).toContain(
      'configmaps "plain" not found',
    );

    const withFinalizer = cluster('delete-ns', 'f').replace(
      'labels: {team: blue}',
      'finalizers: [cluster.cluster.x-k8s.io]',
    );
    await ok(['apply', '--server-side', '--field-manager=cluster-deploy', '-f', '-'], withFinalizer);
    expect(await ok(['delete', 'cluster', 'f', '-n', 'delete-ns', '--wait=false'])).toBe(
      'cluster.cluster.x-k8s.io "f" deleted\n',
    );
    const marked = api.get(CLUSTER, 'delete-ns', 'f')!;
    expect(marked.metadata.deletionTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    // The controller: finalizes marked Clusters after a moment.
    const seen: string[] = [];
    const unsubscribe = api.onChange((event) => {
      seen.push(`${event.type} ${event.object.metadata.name}`);
      if (
        event.object.kind === 'Cluster' &&
        event.object.metadata.deletionTimestamp &&
        event.object.metadata.finalizers?.length
      ) {
        setTimeout(() => api.put({ ...event.object, metadata: { ...event.object.metadata, finalizers: [] } }), 300);
      }
    });
    await ok(
      ['apply', '--server-side', '--field-manager=cluster-deploy', '-f', '-'],
      withFinalizer.replace('name: f', 'name: g'),
    );
    expect(await ok(['delete', 'cluster', 'g', '-n', 'delete-ns', '--timeout=10s'])).toBe(
      'cluster.cluster.x-k8s.io "g" deleted\n',
    );
    expect(api.get(CLUSTER, 'delete-ns', 'g')).toBeUndefined();
    // The first one, still marked, goes when its finalizer is removed by a patch.
    await ok(['patch', 'cluster', 'f', '-n', 'delete-ns', '--type', 'merge', '-p', '{"metadata":{"finalizers":null}}']);
    unsubscribe();
    expect(api.get(CLUSTER, 'delete-ns', 'f')).toBeUndefined();
    expect(seen).toEqual(expect.arrayContaining(['ADDED g', 'MODIFIED g', 'DELETED g', 'DELETED f']));
  });

  it('deleting a namespace deletes what is in it, then the namespace; new content is refused meanwhile', async () => {
    await namespace('doomed');
    await ok(['create', 'configmap', 'x', '-n', 'doomed']);
    await ok(
      ['apply', '--server-side', '--field-manager=cluster-deploy', '-f', '-'],
      cluster('doomed', 'held').replace('labels: {team: blue}', 'finalizers: [cluster.cluster.x-k8s.io]'),
    );
    await ok(['delete', 'namespace', 'doomed', '--wait=false']);
    expect(await ok(['get', 'namespace', 'doomed', '-o', 'jsonpath={.status.phase}'])).toBe('Terminating');
    expect(api.get({ group: '', kind: 'ConfigMap' }, 'doomed', 'x')).toBeUndefined();
    const refused = await kubectl(['create', 'configmap', 'y', '-n', 'doomed']);
    expect(refused.stderr).toContain('unable to create new content in namespace doomed because it is being terminated');
    const held = api.get(CLUSTER, 'doomed', 'held')!;
    api.put({ ...held, metadata: { ...held.metadata, finalizers: [] } });
    expect(api.get({ group: '', kind: 'Namespace' }, undefined, 'doomed')).toBeUndefined();
  });

  it('patches with --type merge, the status subresource apart; applies leave status alone', async () => {
    await namespace('patch-ns');
    await ok(['apply', '--server-side', '--field-manager=cluster-deploy', '-f', '-'], cluster('patch-ns', 'p'));
    await ok([
      'patch',
      'cluster',
      'p',
      '-n',
      'patch-ns',
      '--type',
      'merge',
      '-p',
      '{"spec":{"paused":true},"status":{"phase":"Ignored"}}',
    ]);
    let object = await getJson(['cluster', 'p', '-n', 'patch-ns']);
    expect(object.spec.paused).toBe(true);
    expect(object.status).toBeUndefined();
    expect(object.metadata.generation).toBe(2);
    await ok([
      'patch',
      'cluster',
      'p',
      '-n',
      'patch-ns',
      '--subresource=status',
      '--type',
      'merge',
      '-p',
      '{"status":{"phase":"Provisioned"},"spec":{"paused":false}}',
    ]);
    object = await getJson(['cluster', 'p', '-n', 'patch-ns']);
    expect([object.status.phase, object.spec.paused, object.metadata.generation]).toEqual(['Provisioned', true, 2]);
    await ok(
      ['apply', '--server-side', '--field-manager=cluster-deploy', '-f', '-'],
      cluster('patch-ns', 'p', 'status: {phase: Deleting}\n'),
    );
    expect((await getJson(['cluster', 'p', '-n', 'patch-ns'])).status.phase).toBe('Provisioned');
    expect(
      (await kubectl(['patch', 'cluster', 'nope', '-n', 'patch-ns', '--type', 'merge', '-p', '{}'])).stderr,
    ).toContain('clusters.cluster.x-k8s.io "nope" not found');
    // JSON patch, the usual way to drop a stuck finalizer; a failed test operation changes nothing.
    await ok([
      'patch',
      'cluster',
      'p',
      '-n',
      'patch-ns',
      '--type',
      'json',
      '-p',
      '[{"op":"add","path":"/metadata/finalizers","value":["a","b"]},{"op":"remove","path":"/metadata/finalizers/0"},{"op":"replace","path":"/spec/paused","value":false}]',
    ]);
    object = await getJson(['cluster', 'p', '-n', 'patch-ns']);
    expect([object.metadata.finalizers, object.spec.paused]).toEqual([['b'], false]);
    const failedTest = await kubectl([
      'patch',
      'cluster',
      'p',
      '-n',
      'patch-ns',
      '--type',
      'json',
      '-p',
      '[{"op":"remove","path":"/metadata/finalizers"},{"op":"test","path":"/spec/paused","value":true}]',
    ]);
    expect(failedTest.stderr).toContain('testing value /spec/paused failed');
    expect((await getJson(['cluster', 'p', '-n', 'patch-ns'])).metadata.finalizers).toEqual(['b']);
    expect(
      (
        await kubectl([
          'patch',
          'cluster',
          'p',
          '-n',
          'patch-ns',
          '--type',
          'json',
          '-p',
          '[{"op":"remove","path":"/spec/nothing"}]',
        ])
      ).stderr,
    ).toContain('doc is missing path: "/spec/nothing"');
    // A strategic merge patch (kubectl's default) is for built-in types only, as on a real apiserver.
    expect(
      (await kubectl(['patch', 'cluster', 'p', '-n', 'patch-ns', '-p', '{"spec":{"paused":true}}'])).stderr,
    ).toContain(
      'accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml',
    );
    await ok(['create', 'configmap', 'cm', '-n', 'patch-ns', '--from-literal=a=1']);
    await ok(['patch', 'configmap', 'cm', '-n', 'patch-ns', '-p', '{"data":{"b":"2"}}']);
    expect((await getJson(['configmap', 'cm', '-n', 'patch-ns'])).data).toEqual({ a: '1', b: '2' });
  });

  describe('bad input gets the apiserver answers', () => {
    const raw = (method: string, pathname: string, body: string | Buffer, contentType = 'application/json') =>
      new Promise<{ status: number; body: { reason?: string; message?: string; code?: number } }>((resolve, reject) => {
        const req = https.request(
          `${api.url}${pathname}`,
          {
            method,
            ca: api.caPem,
            cert: api.clientCertPem,
            key: api.clientKeyPem,
            headers: { 'content-type': contentType },
          },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });

    it.each([
      [
        'an upper-case name',
        'POST',
        '/api/v1/namespaces/default/configmaps',
        '{"metadata":{"name":"Bad_Name"}}',
        422,
        'Invalid',
        'metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain',
      ],
      [
        'a namespace name with a dot',
        'POST',
        '/api/v1/namespaces',
        '{"metadata":{"name":"a.b"}}',
        422,
        'Invalid',
        'a lowercase RFC 1123 label',
      ],
      [
        'no name',
        'POST',
        '/api/v1/namespaces/default/configmaps',
        '{"metadata":{}}',
        422,
        'Invalid',
        'name or generateName is required',
      ],
      [
        'a name unlike the URL',
        'PUT',
        '/api/v1/namespaces/default/configmaps/a',
        '{"metadata":{"name":"b"}}',
        400,
        'BadRequest',
        'the name of the object (b) does not match the name on the URL (a)',
      ],
      [
        'another namespace than the URL',
        'POST',
        '/api/v1/namespaces/default/configmaps',
        '{"metadata":{"name":"a","namespace":"kube-system"}}',
        400,
        'BadRequest',
        'does not match the namespace sent on the request',
      ],
      [
        'another kind than the URL',
        'POST',
        '/api/v1/namespaces/default/configmaps',
        '{"kind":"Secret","metadata":{"name":"a"}}',
        400,
        'BadRequest',
        'the kind of the object (Secret) does not match the kind on the URL (ConfigMap)',
      ],
      [
        'broken JSON',
        'POST',
        '/api/v1/namespaces/default/configmaps',
        '{"metadata":',
        400,
        'BadRequest',
        'error decoding JSON',
      ],
      ['a JSON array', 'POST', '/api/v1/namespaces/default/configmaps', '[]', 400, 'BadRequest', 'unknown format'],
      [
        'broken YAML in an apply',
        'PATCH',
        '/api/v1/namespaces/default/configmaps/a?fieldManager=x',
        'metadata: [',
        400,
        'BadRequest',
        'error decoding YAML',
      ],
      [
        'an apply without a field manager',
        'PATCH',
        '/api/v1/namespaces/default/configmaps/a',
        'metadata: {name: a}',
        422,
        'Invalid',
        'fieldManager: Required value',
      ],
      [
        'a CRD named unlike plural.group',
        'POST',
        '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
        JSON.stringify({
          metadata: { name: 'x.example.com' },
          spec: {
            group: 'example.com',
            scope: 'Cluster',
            names: { kind: 'Y', plural: 'ys' },
            versions: [{ name: 'v1', served: true, storage: true }],
          },
        }),
        422,
        'Invalid',
        'must be spec.names.plural+"."+spec.group',
      ],
      [
        'a stale resourceVersion',
        'PUT',
        '/api/v1/namespaces/default',
        '{"metadata":{"name":"default","resourceVersion":"999999"}}',
        409,
        'Conflict',
        'Operation cannot be fulfilled on namespaces "default": the object has been modified',
      ],
      [
        'a protobuf body of a kind kubectl never sends so',
        'POST',
        '/apis/apps/v1/namespaces/default/deployments',
        Buffer.concat([
          Buffer.from('k8s\0'),
          Buffer.from([0x0a, 0x15, 0x0a, 0x07, ...Buffer.from('apps/v1'), 0x12, 0x0a, ...Buffer.from('Deployment')]),
        ]),
        415,
        'UnsupportedMediaType',
        'not apps/v1/Deployment',
      ],
      [
        'a body over 3 MiB',
        'POST',
        '/api/v1/namespaces/default/configmaps',
        `{"data":{"a":"${'x'.repeat(3 * 1024 * 1024)}"}}`,
        413,
        'RequestEntityTooLarge',
        'limit is 3145728',
      ],
      [
        'an invalid label value',
        'POST',
        '/api/v1/namespaces/default/configmaps',
        '{"metadata":{"name":"a","labels":{"team":"red team"}}}',
        422,
        'Invalid',
        'metadata.labels: Invalid value: "red team": a valid label must be an empty string',
      ],
      [
        'an invalid label key and a newline in the name',
        'POST',
        '/api/v1/namespaces/default/configmaps',
        '{"metadata":{"name":"a\\nb","labels":{"-x":"y"}}}',
        422,
        'Invalid',
        'is invalid: [metadata.name: Invalid value: "a\nb"',
      ],
      [
        'a label that is not a string',
        'PATCH',
        '/api/v1/namespaces/default/configmaps/a?fieldManager=x',
        'metadata: {name: a, labels: {replicas: 3}}',
        400,
        'BadRequest',
        'metadata.labels must map strings to strings',
      ],
      [
        'finalizers that are not a list',
        'POST',
        '/api/v1/namespaces/default/configmaps',
        '{"metadata":{"name":"a","finalizers":"x"}}',
        400,
        'BadRequest',
        'metadata.finalizers must be a list of strings',
      ],
      [
        'a number in a ConfigMap',
        'PATCH',
        '/api/v1/namespaces/default/configmaps/a?fieldManager=x',
        'metadata: {name: a}\ndata: {port: 8080}',
        400,
        'BadRequest',
        'ConfigMap in version "v1" cannot be handled as a ConfigMap: data.port must be a string, not a number',
      ],
      [
        'Secret data that is not base64',
        'POST',
        '/api/v1/namespaces/default/secrets',
        '{"metadata":{"name":"a"},"data":{"pw":"hunter2!"}}',
        400,
        'BadRequest',
        'data.pw is not valid base64',
      ],
      [
        'a Secret value that is not a string',
        'PATCH',
        '/api/v1/namespaces/default/secrets/a?fieldManager=x',
        'metadata: {name: a}\nstringData: {pin: 123456}',
        400,
        'BadRequest',
        'stringData.pin must be a string, not a number',
      ],
      [
        'a watch timeout that is not a number',
        'GET',
        '/api/v1/namespaces?watch=true&timeoutSeconds=soon',
        '',
        400,
        'BadRequest',
        'invalid timeoutSeconds "soon"',
      ],
      [
        'a watch from a resourceVersion that is not one',
        'GET',
        '/api/v1/namespaces?watch=true&resourceVersion=latest',
        '',
        400,
        'BadRequest',
        'invalid resourceVersion "latest"',
      ],
      [
        'a namespaced kind created without a namespace',
        'POST',
        '/api/v1/configmaps',
        '{"metadata":{"name":"a"}}',
        404,
        'NotFound',
        'the server could not find the requested resource',
      ],
      [
        'an unknown subresource',
        'GET',
        '/api/v1/namespaces/default/configmaps/a/status',
        '',
        404,
        'NotFound',
        'the server could not find the requested resource',
      ],
    ] as const)('%s', async (_what, method, pathname, body, status, reason, message) => {
      const contentType =
        typeof body !== 'string'
          ? 'application/vnd.kubernetes.protobuf'
          : method === 'PATCH'
            ? 'application/apply-patch+yaml'
            : 'application/json';
      const answer = await raw(method, pathname, body, contentType);
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ kind: 'Status', status: 'Failure', reason, code: status });
      expect(answer.body.message).toContain(message);
      expect(answer.body.message).not.toMatch(/hunter2|123456/);
    });
  });

  describe('the controller side', () => {
    it('put creates and replaces with new resourceVersions and keeps identity; remove deletes; onChange sees it all', async () => {
      const events: string[] = [];
      const unsubscribe = api.onChange((e) =>
        events.push(`${e.type} ${e.object.kind} ${e.object.metadata.name} ${e.object.metadata.resourceVersion}`),
      );
      const created = api.put({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'ctl', namespace: 'default' },
        data: { a: '1' },
      });
      const replaced = api.put({ ...created, data: { a: '2' } });
      expect(replaced.metadata.uid).toBe(created.metadata.uid);
      expect(Number(replaced.metadata.resourceVersion)).toBeGreaterThan(Number(created.metadata.resourceVersion));
      expect(api.put(replaced).metadata.resourceVersion).toBe(replaced.metadata.resourceVersion); // no change, no new version
      expect(await ok(['get', 'configmap', 'ctl', '-o', 'jsonpath={.data.a}'])).toBe('2');
      api.remove({ group: '', kind: 'ConfigMap' }, 'default', 'ctl');
      unsubscribe();
      expect(events).toEqual([
        `ADDED ConfigMap ctl ${created.metadata.resourceVersion}`,
        `MODIFIED ConfigMap ctl ${replaced.metadata.resourceVersion}`,
        expect.stringMatching(/^DELETED ConfigMap ctl \d+$/),
      ]);
      expect(api.list({ group: '', kind: 'ConfigMap' }, 'default')).toEqual([]);
    });

    it('delete marks objects with finalizers and removes the others', async () => {
      await namespace('ctl-delete');
      api.put({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'held', namespace: 'ctl-delete', finalizers: ['x'] },
      });
      api.put({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'free', namespace: 'ctl-delete' } });
      api.delete({ group: '', kind: 'ConfigMap' }, 'ctl-delete', 'held');
      api.delete({ group: '', kind: 'ConfigMap' }, 'ctl-delete', 'free');
      expect(
        api
          .list({ group: '', kind: 'ConfigMap' }, 'ctl-delete')
          .map((o) => [o.metadata.name, typeof o.metadata.deletionTimestamp]),
      ).toEqual([['held', 'string']]);
      const held = api.get({ group: '', kind: 'ConfigMap' }, 'ctl-delete', 'held')!;
      api.put({ ...held, metadata: { ...held.metadata, finalizers: [] } });
      expect(api.list({ group: '', kind: 'ConfigMap' }, 'ctl-delete')).toEqual([]);
    });

    it('collects garbage: dependents go when their last owner is gone', async () => {
      await namespace('ctl-gc');
      const configMap = (metadata: Partial<KubeObject['metadata']>) =>
        api.put({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: '', namespace: 'ctl-gc', ...metadata } });
      const [a, b] = [configMap({ name: 'owner-a' }), configMap({ name: 'owner-b' })];
      const reference = (owner: KubeObject) => ({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        name: owner.metadata.name,
        uid: owner.metadata.uid,
      });
      configMap({ name: 'child-of-a', ownerReferences: [reference(a)] });
      configMap({ name: 'child-of-both', ownerReferences: [reference(a), reference(b)] });
      configMap({ name: 'unrelated' });
      api.remove({ group: '', kind: 'ConfigMap' }, 'ctl-gc', 'owner-a');
      expect(api.list({ group: '', kind: 'ConfigMap' }, 'ctl-gc').map((o) => o.metadata.name)).toEqual([
        'child-of-both',
        'owner-b',
        'unrelated',
      ]);
      await ok(['delete', 'configmap', 'owner-b', '-n', 'ctl-gc']);
      expect(api.list({ group: '', kind: 'ConfigMap' }, 'ctl-gc').map((o) => o.metadata.name)).toEqual(['unrelated']);
    });

    it('registerType serves a type without a CRD; put refuses unknown types and missing namespaces', async () => {
      api.registerType({
        group: 'clusterctl.cluster.x-k8s.io',
        version: 'v1alpha3',
        kind: 'Provider',
        plural: 'providers',
        namespaced: true,
      });
      await namespace('capi-system');
      api.put({
        apiVersion: 'clusterctl.cluster.x-k8s.io/v1alpha3',
        kind: 'Provider',
        metadata: { name: 'cluster-api', namespace: 'capi-system' },
        providerName: 'cluster-api',
        type: 'CoreProvider',
        version: 'v1.14.0',
      } as KubeObject);
      expect(await ok(['get', 'providers', '-A', '-o', 'jsonpath={.items[*].version}'])).toBe('v1.14.0');
      expect(() => api.put({ apiVersion: 'nope.example.com/v1', kind: 'Nope', metadata: { name: 'x' } })).toThrow(
        /no type Nope in nope.example.com\/v1 is served/,
      );
      // clusterctl init puts CRDs: established at once, as kubectl wait expects.
      api.put({
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        metadata: { name: 'machines.cluster.x-k8s.io' },
        spec: {
          group: 'cluster.x-k8s.io',
          scope: 'Namespaced',
          names: { kind: 'Machine', plural: 'machines' },
          versions: [{ name: 'v1beta2', served: true, storage: true }],
        },
      });
      expect(
        await ok(['wait', '--for=condition=Established', 'crd/machines.cluster.x-k8s.io', '--timeout=5s']),
      ).toContain('condition met');
      // A cluster-scoped type ignores the namespace a caller passes.
      expect(
        api.get(
          { group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition' },
          'default',
          'machines.cluster.x-k8s.io',
        )?.metadata.namespace,
      ).toBeUndefined();
      expect(() => api.put({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'x', namespace: 'absent' } })).toThrow(
        /needs an existing namespace/,
      );
    });
  });
});
