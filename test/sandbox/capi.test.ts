import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseYaml, parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CapiSandbox, startCapiSandbox } from '../../examples/sandbox/capi/cloud.js';
import {
  ADDONS,
  ORC_INSTALL,
  CLUSTER_DIR,
  cloudConfigSecret,
  condition,
  type Obj,
  PROVIDER_FLAGS,
  type Result,
  shell,
  TEMPLATE,
  TEMPLATE_VARIABLES,
  TEMPLATE_WITH_LB,
  waitFor,
} from '../support/capi-shell.js';
import {
  MissingVariablesError,
  SubstitutionSyntaxError,
  substitute,
  templateVariables,
} from '../../examples/sandbox/capi/envsubst.js';

describe("clusterctl's variable substitution (CAPI v1.12 simple processor over drone/envsubst)", () => {
  const values: Record<string, string> = { SET: 'value', EMPTY: '' };
  it.each([
    ['${SET}', 'value'],
    ['${SET:=d}', 'value'],
    ['${UNSET:=d}', 'd'],
    ['${EMPTY:=d}', 'd'],
    ['${EMPTY:-d}', 'd'],
    ['${EMPTY=d}', 'd'], // every default operator is toDefault: an empty value takes the default
    ['${UNSET:=${SET}}', 'value'],
    ['${ SET }', 'value'], // convertLegacyVars
    ['$$ and $${SET}', '$ and ${SET}'],
    ['bare $SET stays', 'bare $SET stays'],
    ['${SET}-${UNSET:-x}-${SET}', 'value-x-value'],
  ])('%s → %s', (template, expected) => {
    expect(substitute(template, (name) => values[name])).toBe(expected);
  });

  it.each([
    ['${UNSET-d}', 'missing closing brace'],
    ['${}', 'unable to parse variable name'],
    ['${SET', 'missing closing brace'],
  ])('%s is a parse error: %s', (template, message) => {
    expect(() => substitute(template, (name) => values[name])).toThrow(new SubstitutionSyntaxError(message));
  });

  it('a variable is required unless its FIRST use has a non-empty default; all missing ones are named, sorted', () => {
    expect(templateVariables('${B:=1} ${A} ${B} ${C:-x} ${D:=}')).toEqual([
      { name: 'A' },
      { name: 'B', defaultValue: '1' },
      { name: 'C', defaultValue: 'x' },
      { name: 'D' },
    ]);
    expect(() => substitute('${Z} ${A} ${Z:=z}', () => undefined)).toThrow(new MissingVariablesError(['A', 'Z']));
    expect(() => substitute('${A:=}', () => undefined)).toThrow(new MissingVariablesError(['A']));
    // The first use's default makes B optional; a later use without one gives the (empty) value.
    expect(substitute('${B:=1}/${B}', () => undefined)).toBe('1/');
  });
});

describe('the Cluster API sandbox: kind, clusterctl and the simulated controllers', () => {
  let dir: string;
  let sandbox: CapiSandbox;
  let sh: ReturnType<typeof shell>;
  let kindKubeconfig: string;
  let workloadKubeconfig: string;
  let manifests: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'capi-sandbox-'));
    sandbox = await startCapiSandbox({
      dir: path.join(dir, 'cloud'),
      stepMs: 50,
      catalog: { applicationCredentials: { id: 'canary' } },
    });
    const home = path.join(dir, 'home');
    await fs.mkdir(home);
    sh = shell(sandbox, home);
    kindKubeconfig = path.join(dir, 'kind.kubeconfig');
    workloadKubeconfig = path.join(dir, 'workload.kubeconfig');
  });
  afterAll(async () => sandbox?.close());

  it('kind creates a management cluster kubectl can use, refuses a second one of that name, lists, prints and deletes', async () => {
    const created = await sh.run('kind', [
      'create',
      'cluster',
      '--name',
      'bootstrap',
      '--kubeconfig',
      kindKubeconfig,
      '--wait',
      '60s',
    ]);
    expect(created.code).toBe(0);
    expect(created.stderr.split('\n').slice(0, 2)).toEqual([
      'Creating cluster "bootstrap" ...',
      ' ✓ Ensuring node image (kindest/node:v1.36.1) 🖼',
    ]);
    expect(created.stderr).toContain('Set kubectl context to "kind-bootstrap"');
    expect((await fs.stat(kindKubeconfig)).mode & 0o777).toBe(0o600);
    expect(parseYaml(await fs.readFile(kindKubeconfig, 'utf8'))['current-context']).toBe('kind-bootstrap');
    expect(await sh.kubectl(kindKubeconfig, ['get', 'nodes', '-o', 'name'])).toBe('node/bootstrap-control-plane\n');

    const again = await sh.run('kind', ['create', 'cluster', '--name', 'bootstrap', '--kubeconfig', kindKubeconfig]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(
      'ERROR: failed to create cluster: node(s) already exist for a cluster with the name "bootstrap"',
    );

    await sh.ok('kind', ['create', 'cluster', '--name', 'scratch']); // default kubeconfig: $HOME/.kube/config, merged
    expect(await sh.ok('kind', ['get', 'clusters'])).toBe('bootstrap\nscratch\n');
    expect(parseYaml(await sh.ok('kind', ['get', 'kubeconfig', '--name', 'scratch'])).contexts[0].name).toBe(
      'kind-scratch',
    );
    await sh.ok('kubectl', ['--context', 'kind-scratch', 'get', 'nodes']);
    const exported = path.join(dir, 'exported.kubeconfig');
    await sh.ok('kind', ['export', 'kubeconfig', '--name', 'scratch', '--kubeconfig', exported]);
    expect(await sh.kubectl(exported, ['get', 'nodes', '-o', 'name'])).toBe('node/scratch-control-plane\n');
    await sh.ok('kind', ['delete', 'cluster', '--name', 'scratch']);
    expect(await sh.ok('kind', ['get', 'clusters'])).toBe('bootstrap\n');
    const gone = await sh.run('kind', ['get', 'kubeconfig', '--name', 'scratch']);
    expect([gone.code, gone.stderr]).toEqual([
      1,
      "ERROR: could not locate any control plane nodes for cluster named 'scratch'. Use the --name option to select a different cluster\n",
    ]);
  });

  it.each([
    ['an unknown flag', ['create', 'cluster', '--nmae', 'x'], 'unknown flag: --nmae'],
    ['a flag without its value', ['create', 'cluster', '--name'], 'flag needs an argument: --name'],
    ['an invalid name', ['create', 'cluster', '--name', 'Bad_Name'], "'Bad_Name' is not a valid cluster name"],
    ['a name with a newline', ['create', 'cluster', '--name', 'a\nb'], 'is not a valid cluster name'],
    ['a huge name', ['create', 'cluster', '--name', 'a'.repeat(300)], 'is not a valid cluster name'],
    ['a bad --wait', ['create', 'cluster', '--name', 'w', '--wait', 'soon'], 'invalid duration "soon"'],
    ['an unsupported command', ['load', 'docker-image', 'x'], 'unknown command "load docker-image"'],
    [
      'a missing --config',
      ['create', 'cluster', '--name', 'c', '--config', '/nonexistent/kind.yaml'],
      'open /nonexistent/kind.yaml: no such file or directory',
    ],
    [
      'a --config that is not a kind config',
      ['create', 'cluster', '--name', 'c', '--config', path.join(ADDONS, 'cni.yaml')],
      'want kind.x-k8s.io/v1alpha4 Cluster',
    ],
  ])('kind rejects %s with exit code 1', async (_what, args, message) => {
    const result = await sh.run('kind', args);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
  });

  it('kubectl cannot apply Cluster API objects before clusterctl init installs the CRDs', async () => {
    const result = await sh.run(
      'kubectl',
      ['--kubeconfig', kindKubeconfig, 'apply', '--server-side', '-f', '-'],
      {},
      'apiVersion: cluster.x-k8s.io/v1beta2\nkind: Cluster\nmetadata:\n  name: early\n  namespace: default\n',
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/no matches for kind "Cluster" in version "cluster.x-k8s.io\/v1beta2"/);
  });

  it('clusterctl init installs the providers once, skips a re-run at the same versions and refuses another version', async () => {
    const init = await sh.ok('clusterctl', [
      'init',
      '--kubeconfig',
      kindKubeconfig,
      ...PROVIDER_FLAGS,
      '--wait-providers',
    ]);
    expect(init.split('\n').slice(0, 2)).toEqual(['Fetching providers', 'Installing cert-manager version="v1.21.1"']);
    expect(init).toContain(
      'Installing provider="infrastructure-openstack" version="v0.14.7" targetNamespace="capo-system"',
    );
    expect(init).toContain('Your management cluster has been initialized successfully!');
    const providers = JSON.parse(await sh.kubectl(kindKubeconfig, ['get', 'providers', '-A', '-o', 'json']))
      .items as Obj[];
    expect(
      providers.map((p) => [p.metadata.namespace, p.metadata.name, p.providerName, p.type, p.version]).sort(),
    ).toEqual([
      ['capi-kubeadm-bootstrap-system', 'bootstrap-kubeadm', 'kubeadm', 'BootstrapProvider', 'v1.14.0'],
      ['capi-kubeadm-control-plane-system', 'control-plane-kubeadm', 'kubeadm', 'ControlPlaneProvider', 'v1.14.0'],
      ['capi-system', 'cluster-api', 'cluster-api', 'CoreProvider', 'v1.14.0'],
      ['capo-system', 'infrastructure-openstack', 'openstack', 'InfrastructureProvider', 'v0.14.7'],
    ]);
    expect(
      await sh.kubectl(kindKubeconfig, [
        'get',
        'deployment',
        '-n',
        'capo-system',
        'capo-controller-manager',
        '-o',
        'name',
      ]),
    ).toBe('deployment.apps/capo-controller-manager\n');

    await sh.kubectl(kindKubeconfig, ['apply', '--server-side', '-f', ORC_INSTALL]);
    const rerun = await sh.ok('clusterctl', ['init', '--kubeconfig', kindKubeconfig, ...PROVIDER_FLAGS]);
    expect(rerun).toContain('Skipping installing cert-manager as it is already installed');
    expect(rerun).not.toContain('Installing provider=');

    const upgrade = await sh.run('clusterctl', [
      'init',
      '--kubeconfig',
      kindKubeconfig,
      '--infrastructure',
      'openstack:v0.14.8',
    ]);
    expect(upgrade.code).toBe(1);
    expect(upgrade.stderr).toContain(
      'there is already an instance of the "infrastructure-openstack" provider installed in the "capo-system" namespace',
    );
    expect(
      await sh.kubectl(kindKubeconfig, [
        'get',
        'provider',
        '-n',
        'capo-system',
        'infrastructure-openstack',
        '-o',
        'jsonpath={.version}',
      ]),
    ).toBe('v0.14.7');
  });

  it.each([
    [
      'an unknown provider',
      ['--infrastructure', 'opnestack:v0.14.7'],
      'failed to get configuration for the InfrastructureProvider with name opnestack',
    ],
    ['a version that is not semver', ['--infrastructure', 'openstack:latest'], 'failed to parse version "latest"'],
    [
      'a provider with two versions',
      ['--infrastructure', 'openstack:v0.14.7:v0.14.8'],
      'failed to parse version "v0.14.7:v0.14.8"',
    ],
    ['a provider with a newline', ['--infrastructure', 'openstack:v0.14.7\n-b kubeadm'], 'failed to parse version'],
    [
      'a missing kubeconfig',
      ['--kubeconfig', '/nonexistent/kubeconfig'],
      'failed to load Kubeconfig file from "/nonexistent/kubeconfig"',
    ],
    ['a directory as kubeconfig', ['--kubeconfig', '/tmp'], 'is a directory'],
    ['a bad timeout', ['--wait-provider-timeout', 'ten'], 'invalid argument "ten" for "--wait-provider-timeout"'],
  ])('clusterctl init rejects %s with exit code 1', async (_what, args, message) => {
    const result = await sh.run('clusterctl', [
      'init',
      ...(args.includes('--kubeconfig') ? [] : ['--kubeconfig', kindKubeconfig]),
      ...args,
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
  });

  it('clusterctl init on a kubeconfig whose server is gone says it cannot connect', async () => {
    const stale = path.join(dir, 'stale.kubeconfig');
    await fs.writeFile(
      stale,
      (await fs.readFile(kindKubeconfig, 'utf8')).replace(/server: https:\/\/[^\s]+/, 'server: https://127.0.0.2:1'),
    );
    const result = await sh.run('clusterctl', ['init', '--kubeconfig', stale, ...PROVIDER_FLAGS]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('dial tcp 127.0.0.2:1: connect: connection refused');
  });

  it('clusterctl version -o json', async () => {
    expect(JSON.parse(await sh.ok('clusterctl', ['version', '-o', 'json']))).toMatchObject({
      clusterctl: { major: '1', minor: '14', gitVersion: 'v1.14.0' },
    });
  });

  it('clusterctl generate cluster names every missing variable, lists variables and renders values and defaults', async () => {
    const generate = [
      'generate',
      'cluster',
      'demo',
      '--from',
      TEMPLATE,
      '--kubernetes-version',
      'v1.35.0',
      '--control-plane-machine-count',
      '1',
      '--worker-machine-count',
      '2',
    ];
    const missing = await sh.run('clusterctl', generate, {
      ...TEMPLATE_VARIABLES,
      OPENSTACK_IMAGE_NAME: '',
      OPENSTACK_SSH_KEY_NAME: '',
    }); // empty is set
    expect(missing.code).toBe(0);
    const { OPENSTACK_IMAGE_NAME: _image, OPENSTACK_FAILURE_DOMAIN: _domain, ...partial } = TEMPLATE_VARIABLES;
    const unset = await sh.run('clusterctl', generate, partial);
    expect(unset.code).toBe(1);
    expect(unset.stderr).toBe(
      'Error: failed to perform variable substitution: value for variables [OPENSTACK_FAILURE_DOMAIN, OPENSTACK_IMAGE_NAME] is not set. Please set the value using os environment variables or the clusterctl config file\n',
    );
    expect(unset.stdout).toBe('');

    const listed = await sh.ok('clusterctl', [...generate, '--list-variables']);
    const [required, optional] = listed.split('Optional Variables:');
    expect(required).toContain('  - OPENSTACK_IMAGE_NAME\n');
    expect(required).not.toContain('CLUSTER_NAME');
    expect(optional).toMatch(/ {2}- WORKER_MACHINE_COUNT +\(defaults to "2"\)/);

    manifests = await sh.ok('clusterctl', generate, TEMPLATE_VARIABLES);
    const objects = parseAllDocuments(manifests).map((d) => d.toJS() as Obj);
    // Re-serialised as clusterctl does: every object in the target namespace ("default" without the flag).
    expect(objects.every((o) => o.metadata.namespace === 'default')).toBe(true);
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
      'Cluster/demo',
      'OpenStackCluster/demo',
      'KubeadmControlPlane/demo-control-plane',
      'OpenStackMachineTemplate/demo-control-plane',
      'MachineDeployment/demo-md-0',
      'OpenStackMachineTemplate/demo-md-0',
      'KubeadmConfigTemplate/demo-md-0',
    ]);
    const byKind = (kind: string) => objects.find((o) => o.kind === kind)!;
    expect(byKind('MachineDeployment').spec).toMatchObject({
      replicas: 2,
      template: { spec: { version: 'v1.35.0', failureDomain: 'nova' } },
    });
    expect(byKind('OpenStackCluster').spec).toMatchObject({
      identityRef: { name: 'demo-cloud-config', cloudName: 'openstack' },
      managedSubnets: [{ cidr: '10.6.0.0/24', dnsNameservers: ['1.1.1.1'] }],
    });
    expect(byKind('OpenStackCluster').spec?.apiServerLoadBalancer).toBeUndefined();
    expect(byKind('KubeadmControlPlane').spec?.replicas).toBe(1); // without-lb pins one control plane machine
    expect(manifests).not.toContain('kind: Secret'); // the engine writes the credentials Secret itself

    // Values from $XDG_CONFIG_HOME/cluster-api/clusterctl.yaml come after the environment.
    const xdg = path.join(dir, 'xdg');
    await fs.mkdir(path.join(xdg, 'cluster-api'), { recursive: true });
    await fs.writeFile(
      path.join(xdg, 'cluster-api', 'clusterctl.yaml'),
      'OPENSTACK_IMAGE_NAME: from-config-file\nOPENSTACK_FAILURE_DOMAIN: az-1\n',
    );
    const fromConfig = await sh.ok('clusterctl', generate, {
      ...partial,
      XDG_CONFIG_HOME: xdg,
      OPENSTACK_FAILURE_DOMAIN: 'from-env',
    });
    expect(fromConfig).toContain('name: from-config-file');
    expect(fromConfig).toContain('failureDomain: from-env');
  });

  it.each([
    ['no name', ['generate', 'cluster', '--from', TEMPLATE], 'accepts 1 arg(s), received 0'],
    [
      'a name that is not DNS-1123',
      ['generate', 'cluster', 'Demo_1', '--from', TEMPLATE],
      'invalid cluster name "Demo_1"',
    ],
    [
      'a name with a newline',
      ['generate', 'cluster', 'demo\nkind: Secret', '--from', TEMPLATE],
      'invalid cluster name',
    ],
    [
      'a name longer than 63 characters',
      ['generate', 'cluster', 'a'.repeat(64), '--from', TEMPLATE],
      'invalid cluster name',
    ],
    ['an empty --from', ['generate', 'cluster', 'demo', '--from', ''], 'use --from <file>'],
    [
      'a namespace with a newline',
      ['generate', 'cluster', 'demo', '--from', TEMPLATE, '-n', 'ns\nkind: Secret'],
      'invalid target namespace',
    ],
    [
      'a missing template',
      ['generate', 'cluster', 'demo', '--from', '/nonexistent/t.yaml'],
      'failed to read "/nonexistent/t.yaml" from local disk: open /nonexistent/t.yaml: no such file or directory',
    ],
    ['a directory as template', ['generate', 'cluster', 'demo', '--from', CLUSTER_DIR], 'is a directory'],
    [
      'a bad machine count',
      ['generate', 'cluster', 'demo', '--from', TEMPLATE, '--worker-machine-count', 'two'],
      'invalid argument "two" for "--worker-machine-count"',
    ],
    [
      'a bad Kubernetes version',
      ['generate', 'cluster', 'demo', '--from', TEMPLATE, '--kubernetes-version', 'latest'],
      'invalid KubernetesVersion',
    ],
    ['no --from (no GitHub here)', ['generate', 'cluster', 'demo'], 'use --from <file>'],
  ])('clusterctl generate cluster rejects %s', async (_what, args, message) => {
    const result = await sh.run('clusterctl', args, TEMPLATE_VARIABLES);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
  });

  it('the applied template becomes a cluster: machines run, the kubeconfig Secret works, nodes turn Ready only with the addons', async () => {
    await sh.kubectl(
      kindKubeconfig,
      ['apply', '--server-side', '--field-manager=cluster-deploy', '-f', '-'],
      cloudConfigSecret('demo'),
    );
    const applied = await sh.kubectl(
      kindKubeconfig,
      ['apply', '--server-side', '--field-manager=cluster-deploy', '-f', '-'],
      manifests,
    );
    expect(applied).toContain('cluster.cluster.x-k8s.io/demo serverside-applied');

    const getJson = async (kubeconfig: string, args: string[]) =>
      JSON.parse(await sh.kubectl(kubeconfig, [...args, '-o', 'json']));
    await waitFor('three Running machines', async () => {
      const machines = (await getJson(kindKubeconfig, ['get', 'machines'])).items as Obj[];
      return machines.length === 3 && machines.every((m) => m.status?.phase === 'Running');
    });
    const table = (await sh.kubectl(kindKubeconfig, ['get', 'machines'])).trim().split('\n');
    expect(table[0]).toMatch(/^NAME +CLUSTER +NODE NAME +READY +PHASE +AGE +VERSION$/);
    expect(table.slice(1).every((row) => / demo +demo-\S+ +False +Running +\S+ +v1\.35\.0$/.test(row))).toBe(true);
    const cluster = (await getJson(kindKubeconfig, ['get', 'cluster', 'demo'])) as Obj;
    expect(cluster.status?.phase).toBe('Provisioned');
    for (const type of ['InfrastructureReady', 'ControlPlaneInitialized', 'ControlPlaneAvailable'])
      expect(condition(cluster, type)?.status).toBe('True');
    expect(condition(cluster, 'WorkersAvailable')?.status).toBe('False'); // no CNI yet: nodes NotReady
    const servers = sandbox.servers().filter((s) => s.cluster === 'default/demo');
    expect(servers.map((s) => [s.status, s.flavor]).sort()).toEqual([
      ['ACTIVE', 'm1.medium'],
      ['ACTIVE', 'm1.small'],
      ['ACTIVE', 'm1.small'],
    ]);
    expect((await getJson(kindKubeconfig, ['get', 'openstackservers'])).items).toHaveLength(3);

    const secret = (await getJson(kindKubeconfig, ['get', 'secret', 'demo-kubeconfig'])) as Obj & {
      type: string;
      data: { value: string };
    };
    expect(secret.type).toBe('cluster.x-k8s.io/secret');
    const viaClusterctl = await sh.ok('clusterctl', [
      'get',
      'kubeconfig',
      'demo',
      '-n',
      'default',
      '--kubeconfig',
      kindKubeconfig,
    ]);
    expect(viaClusterctl).toBe(Buffer.from(secret.data.value, 'base64').toString('utf8'));
    await fs.writeFile(workloadKubeconfig, viaClusterctl, { mode: 0o600 });
    expect(JSON.parse(await sh.kubectl(workloadKubeconfig, ['version', '-o', 'json'])).serverVersion.gitVersion).toBe(
      'v1.35.0',
    );
    const notReady = await sh.kubectl(workloadKubeconfig, ['get', 'nodes', '--no-headers']);
    expect(notReady.trim().split('\n')).toHaveLength(3);
    expect(notReady).toMatch(/NotReady/);
    expect(notReady).not.toMatch(/\sReady\s/);

    await sh.kubectl(workloadKubeconfig, ['apply', '--server-side', '-f', ADDONS]);
    await waitFor(
      'Ready nodes',
      async () => !(await sh.kubectl(workloadKubeconfig, ['get', 'nodes', '--no-headers'])).includes('NotReady'),
    );
    for (const daemonSet of ['sandbox-cni', 'openstack-cloud-controller-manager']) {
      expect(
        await sh.kubectl(workloadKubeconfig, [
          'rollout',
          'status',
          `daemonset/${daemonSet}`,
          '-n',
          'kube-system',
          '--timeout=30s',
        ]),
      ).toContain('successfully rolled out');
    }
    const nodes = (await getJson(workloadKubeconfig, ['get', 'nodes'])).items as Obj[];
    expect(
      nodes.flatMap((n) => (n.spec?.taints as { key: string }[] | undefined) ?? []).map((t) => t.key),
    ).not.toContain('node.cloudprovider.kubernetes.io/uninitialized');
    const available = await waitFor('Cluster Available', async () => {
      const c = (await getJson(kindKubeconfig, ['get', 'cluster', 'demo'])) as Obj;
      return condition(c, 'Available')?.status === 'True' ? c : undefined;
    });
    expect(available.status).toMatchObject({
      workers: { desiredReplicas: 2, readyReplicas: 2 },
      controlPlane: { readyReplicas: 1 },
    });
    const md = (await getJson(kindKubeconfig, ['get', 'machinedeployment', 'demo-md-0'])) as Obj;
    expect(md.status).toMatchObject({ replicas: 2, readyReplicas: 2 });
    const described = (
      await sh.ok('clusterctl', ['describe', 'cluster', 'demo', '--kubeconfig', kindKubeconfig])
    ).split('\n');
    expect(described[0]).toMatch(/^NAME +REPLICAS +AVAILABLE +READY +UP TO DATE +STATUS +REASON +SINCE +MESSAGE$/);
    expect(described[1]).toMatch(/^Cluster\/demo +3\/3 +Available: True +Available/);
    expect(described.filter((line) => /Machine\/demo-/.test(line) && /Ready: True/.test(line))).toHaveLength(3);
    expect(described).toContainEqual(
      expect.stringMatching(/^ {2}└─MachineDeployment\/demo-md-0 +2\/2 +2 +2 +2 +Available: True/),
    );
  });

  it('a re-applied template with another worker count scales the MachineDeployment up and down', async () => {
    const render = (workers: string) =>
      sh.ok(
        'clusterctl',
        [
          'generate',
          'cluster',
          'demo',
          '--from',
          TEMPLATE,
          '--kubernetes-version',
          'v1.35.0',
          '--worker-machine-count',
          workers,
        ],
        TEMPLATE_VARIABLES,
      );
    const workerServers = () =>
      sandbox.servers().filter((s) => s.name.startsWith('demo-md-0-') && s.status === 'ACTIVE').length;
    await sh.kubectl(
      kindKubeconfig,
      ['apply', '--server-side', '--field-manager=cluster-deploy', '-f', '-'],
      await render('3'),
    );
    await waitFor('three Ready workers', async () => {
      const md = JSON.parse(
        await sh.kubectl(kindKubeconfig, ['get', 'machinedeployment', 'demo-md-0', '-o', 'json']),
      ) as Obj;
      return md.status?.readyReplicas === 3;
    });
    expect(workerServers()).toBe(3);
    await sh.kubectl(
      kindKubeconfig,
      ['apply', '--server-side', '--field-manager=cluster-deploy', '-f', '-'],
      manifests,
    );
    await waitFor(
      'two workers again',
      async () => (await sh.kubectl(kindKubeconfig, ['get', 'machines', '-o', 'name'])).trim().split('\n').length === 3,
    );
    expect(workerServers()).toBe(2);
    expect((await sh.kubectl(workloadKubeconfig, ['get', 'nodes', '-o', 'name'])).trim().split('\n')).toHaveLength(3);
  });

  it('clusterctl move is refused while the target has no providers, then pivots the cluster onto itself', async () => {
    const early = await sh.run('clusterctl', [
      'move',
      '--kubeconfig',
      kindKubeconfig,
      '--to-kubeconfig',
      workloadKubeconfig,
    ]);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain('run clusterctl init on it first');

    await sh.ok('clusterctl', ['init', '--kubeconfig', workloadKubeconfig, ...PROVIDER_FLAGS, '--wait-providers']);
    await sh.kubectl(workloadKubeconfig, ['apply', '--server-side', '-f', ORC_INSTALL]);
    const moved = await sh.ok('clusterctl', [
      'move',
      '--kubeconfig',
      kindKubeconfig,
      '--to-kubeconfig',
      workloadKubeconfig,
    ]);
    expect(moved.split('\n')).toEqual(
      expect.arrayContaining([
        'Performing move...',
        'Moving Cluster API objects Clusters=1',
        'Creating objects in the target cluster',
        'Deleting objects from the source cluster',
      ]),
    );
    expect(await sh.kubectl(kindKubeconfig, ['get', 'clusters,machines,openstackmachines', '-A', '-o', 'name'])).toBe(
      '',
    );
    expect(await sh.kubectl(kindKubeconfig, ['get', 'secrets', '-n', 'default', '-o', 'name'])).not.toContain(
      'demo-cloud-config',
    );
    const target = await waitFor('the moved Cluster reconciled in its own API', async () => {
      const c = JSON.parse(await sh.kubectl(workloadKubeconfig, ['get', 'cluster', 'demo', '-o', 'json'])) as Obj;
      return condition(c, 'Available')?.status === 'True' ? c : undefined;
    });
    expect(target.spec?.paused).not.toBe(true);
    expect(await sh.kubectl(workloadKubeconfig, ['get', 'secret', 'demo-cloud-config', '-o', 'name'])).toBe(
      'secret/demo-cloud-config\n',
    );
    expect(sandbox.servers().filter((s) => s.cluster === 'default/demo')).toHaveLength(3); // adopted, not recreated

    await sh.ok('kind', ['delete', 'cluster', '--name', 'bootstrap', '--kubeconfig', kindKubeconfig]);
    expect(sandbox.clusters().map((c) => c.role)).not.toContain('kind');
    expect(await sh.kubectl(workloadKubeconfig, ['get', 'nodes', '--no-headers'])).not.toContain('NotReady');
  });

  it('a self-managed cluster moves back to a fresh kind cluster, where deleting it removes servers and its API', async () => {
    const teardown = path.join(dir, 'teardown.kubeconfig');
    await sh.ok('kind', ['create', 'cluster', '--name', 'teardown', '--kubeconfig', teardown]);
    await sh.ok('clusterctl', ['init', '--kubeconfig', teardown, ...PROVIDER_FLAGS, '--wait-providers']);
    await sh.kubectl(teardown, ['apply', '--server-side', '-f', ORC_INSTALL]);
    await sh.ok('clusterctl', [
      'move',
      '--kubeconfig',
      workloadKubeconfig,
      '--to-kubeconfig',
      teardown,
      '--namespace',
      'default',
    ]);
    await waitFor(
      'the Cluster reconciled in kind',
      async () =>
        condition(JSON.parse(await sh.kubectl(teardown, ['get', 'cluster', 'demo', '-o', 'json'])) as Obj, 'Available')
          ?.status === 'True',
    );
    expect(sandbox.servers().filter((s) => s.cluster === 'default/demo')).toHaveLength(3);

    await sh.kubectl(teardown, ['delete', 'cluster', 'demo', '--wait=false']);
    await waitFor(
      'the Cluster gone',
      async () => (await sh.kubectl(teardown, ['get', 'clusters', '-o', 'name'])) === '',
    );
    expect(sandbox.servers()).toEqual([]);
    expect(sandbox.clusters().map((c) => c.name)).toEqual(['teardown']);
    const unreachable = await sh.run('kubectl', [
      '--kubeconfig',
      workloadKubeconfig,
      'get',
      'nodes',
      '--request-timeout=5s',
    ]);
    expect(unreachable.code).not.toBe(0);
  });
});

describe('the Cluster API sandbox on an existing management cluster: identity, failures, refused move, delete', () => {
  let dir: string;
  let sandbox: CapiSandbox;
  let sh: ReturnType<typeof shell>;
  let management: string;
  let other: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'capi-sandbox-'));
    sandbox = await startCapiSandbox({
      dir: path.join(dir, 'cloud'),
      stepMs: 50,
      catalog: { applicationCredentials: { id: 'canary' } },
    });
    const home = path.join(dir, 'home');
    await fs.mkdir(home);
    sh = shell(sandbox, home);
    management = (await sandbox.createManagementCluster('mgmt')).kubeconfigPath;
    other = (await sandbox.createManagementCluster('other')).kubeconfigPath;
    await sh.ok('clusterctl', ['init', '--kubeconfig', management, ...PROVIDER_FLAGS]);
    await sh.ok('clusterctl', ['init', '--kubeconfig', other, ...PROVIDER_FLAGS]);
    for (const kubeconfig of [management, other])
      await sh.kubectl(kubeconfig, ['apply', '--server-side', '-f', ORC_INSTALL]);
  });
  afterAll(async () => sandbox?.close());

  const getJson = async (args: string[]) => JSON.parse(await sh.kubectl(management, [...args, '-o', 'json']));

  it('clusterctl follows a symlinked kubeconfig and refuses a foreign certificate, garbage and an empty file', async () => {
    const link = path.join(dir, 'link.kubeconfig');
    await fs.symlink(management, link);
    expect(await sh.ok('clusterctl', ['init', '--kubeconfig', link, ...PROVIDER_FLAGS])).toContain(
      'Skipping installing cert-manager',
    );
    const mine = parseYaml(await fs.readFile(management, 'utf8'));
    const theirs = parseYaml(await fs.readFile(other, 'utf8'));
    mine.users[0].user = theirs.users[0].user;
    const cases: [string, string, string][] = [
      ['foreign.kubeconfig', JSON.stringify(mine), 'failed to connect to the management cluster: Unauthorized'],
      ['garbage.kubeconfig', 'clusters: [unclosed\n', 'failed to load Kubeconfig file from'],
      ['empty.kubeconfig', '', 'no configuration has been provided'],
    ];
    for (const [name, content, message] of cases) {
      await fs.writeFile(path.join(dir, name), content);
      const result = await sh.run('clusterctl', ['get', 'kubeconfig', 'x', '--kubeconfig', path.join(dir, name)]);
      expect([name, result.code, result.stderr]).toEqual([name, 1, expect.stringContaining(message)]);
    }
  });

  it('nothing reconciles until the infrastructure provider is installed', async () => {
    const partial = (await sandbox.createManagementCluster('partial')).kubeconfigPath;
    const init = await sh.ok('clusterctl', ['init', '--kubeconfig', partial]); // first init: core and kubeadm only
    expect(init).toContain('Installing provider="control-plane-kubeadm" version="v1.14.0"');
    expect(init).not.toContain('infrastructure-openstack');
    const cluster =
      'apiVersion: cluster.x-k8s.io/v1beta2\nkind: Cluster\nmetadata:\n  name: idle\n  namespace: default\nspec:\n  infrastructureRef:\n    apiGroup: infrastructure.cluster.x-k8s.io\n    kind: OpenStackCluster\n    name: idle\n';
    await sh.kubectl(partial, ['apply', '--server-side', '-f', '-'], cluster);
    await new Promise((resolve) => setTimeout(resolve, 500)); // ten reconcile passes
    expect(await sh.kubectl(partial, ['get', 'cluster', 'idle', '-o', 'jsonpath={.status}'])).toBe('');
    await sh.ok('clusterctl', ['init', '--kubeconfig', partial, '--infrastructure', 'openstack:v0.14.7']);
    await waitFor(
      'the Cluster reconciled',
      async () =>
        (await sh.kubectl(partial, ['get', 'cluster', 'idle', '-o', 'jsonpath={.status.phase}'])) === 'Pending',
    );
  });

  it('a Machine whose server failed is replaced once deleted (failNextServer fails only one server)', async () => {
    sandbox.rejectNextServer('Quota exceeded for cores: Requested 4, but already used 20 of 20 cores');
    await sh.kubectl(other, ['apply', '--server-side', '-f', '-'], cloudConfigSecret('retry'));
    await sh.kubectl(
      other,
      ['apply', '--server-side', '-f', '-'],
      await sh.ok(
        'clusterctl',
        ['generate', 'cluster', 'retry', '--from', TEMPLATE, '--kubernetes-version', 'v1.35.0'],
        TEMPLATE_VARIABLES,
      ),
    );
    const failed = await waitFor('the control plane server failing', async () => {
      const items = JSON.parse(await sh.kubectl(other, ['get', 'openstackservers', '-o', 'json'])).items as Obj[];
      return items.find((m) => condition(m, 'InstanceReady')?.reason === 'InstanceCreateFailed');
    });
    expect(condition(failed, 'InstanceReady')?.message).toBe(
      'error creating Openstack instance: Quota exceeded for cores: Requested 4, but already used 20 of 20 cores',
    );
    await sh.kubectl(other, ['delete', 'machine', failed.metadata.name, '--wait=false']);
    await waitFor('a replacement Machine running', async () => {
      const machines = JSON.parse(await sh.kubectl(other, ['get', 'machines', '-o', 'json'])).items as Obj[];
      return (
        machines.length === 1 &&
        machines[0]!.metadata.name !== failed.metadata.name &&
        machines[0]!.status?.phase === 'Running'
      );
    });
    expect(
      sandbox
        .servers()
        .filter((s) => s.cluster === 'default/retry')
        .map((s) => s.status),
    ).toEqual(['ACTIVE']);
  });

  it("the control endpoint answers only the launcher's requests", async () => {
    const url = sandbox.env.CAPI_SANDBOX_URL!;
    const post = (target: string, body: string) => fetch(target, { method: 'POST', body }).then((r) => r.status);
    expect(await post(`${url}/run`, JSON.stringify({ tool: 'rm', args: ['-rf', '/'], cwd: '/', env: {} }))).toBe(400);
    expect(await post(`${url}/run`, 'not json')).toBe(400);
    expect(
      await post(
        `${url.replace(/\/[^/]*$/, '/wrong-token')}/run`,
        JSON.stringify({ tool: 'kind', args: ['get', 'clusters'], cwd: '/', env: {} }),
      ),
    ).toBe(404);
    const outside = await new Promise<Result>((resolve) =>
      execFile(
        path.join(sandbox.binDir, 'kind'),
        ['get', 'clusters'],
        { env: { PATH: process.env.PATH } },
        (error, stdout, stderr) => resolve({ code: error ? 1 : 0, stdout, stderr }),
      ),
    );
    expect(outside.stderr).toContain('CAPI_SANDBOX_URL is not set');
  });

  it("waits for the identity Secret, fails the matching server with Nova's message, refuses to move, and deletes servers, load balancer and API", async () => {
    sandbox.failServer('lb-md-0-*', 'No valid host was found. There are not enough hosts available.');
    const rendered = await sh.ok(
      'clusterctl',
      [
        'generate',
        'cluster',
        'lb',
        '--from',
        TEMPLATE_WITH_LB,
        '--kubernetes-version',
        'v1.35.0',
        '--worker-machine-count',
        '1',
      ],
      TEMPLATE_VARIABLES,
    );
    await sh.kubectl(management, ['apply', '--server-side', '-f', '-'], rendered);
    // Real CAPO writes no condition for a scope error: only its manager's log says it (and retries).
    const capoLog = () =>
      sh.kubectl(management, ['logs', '-n', 'capo-system', 'deployment/capo-controller-manager', '--tail=50']);
    await waitFor('the identity error in the CAPO log', async () =>
      (await capoLog()).includes('"Reconciler error" err="secrets \\"lb-cloud-config\\" not found"'),
    );
    expect(((await getJson(['get', 'openstackcluster', 'lb'])) as Obj).status?.conditions ?? []).toEqual([]);
    const lbServers = () => sandbox.servers().filter((s) => s.cluster === 'default/lb');
    expect(lbServers()).toEqual([]);

    await sh.kubectl(management, ['apply', '--server-side', '-f', '-'], cloudConfigSecret('lb'));
    // Nova accepted the create; the server went to ERROR later: InstanceStateError with an EMPTY message, the
    // fault only in Nova.
    const failed = await waitFor('the worker OpenStackServer failing', async () => {
      const items = (await getJson(['get', 'openstackservers'])).items as Obj[];
      return items.find((s) => condition(s, 'InstanceReady')?.reason === 'InstanceStateError');
    });
    expect(failed.metadata.name).toMatch(/^lb-md-0-/);
    expect(condition(failed, 'InstanceReady')?.message).toBe('');
    expect(lbServers().find((s) => s.name === failed.metadata.name)?.fault).toBe(
      'No valid host was found. There are not enough hosts available.',
    );
    const machine = (await getJson(['get', 'openstackmachine', failed.metadata.name])) as Obj;
    expect(condition(machine, 'Ready')).toMatchObject({
      status: 'False',
      reason: 'InstanceStateError',
      message: 'Instance is in ERROR state',
    });
    expect(sandbox.loadBalancers().map((lb) => lb.name)).toEqual(['k8s-clusterapi-cluster-default-lb-kubeapi']);
    await waitFor(
      'the control plane running',
      async () =>
        condition((await getJson(['get', 'cluster', 'lb'])) as Obj, 'ControlPlaneInitialized')?.status === 'True',
    );

    const refused = await sh.run('clusterctl', ['move', '--kubeconfig', management, '--to-kubeconfig', other]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `cannot start the move operation while "default/${failed.metadata.name}" is still provisioning the node`,
    );
    expect(await sh.kubectl(other, ['get', 'clusters', '-A', '-o', 'name'])).not.toContain(
      'cluster.cluster.x-k8s.io/lb',
    );
    expect(await sh.kubectl(management, ['get', 'cluster', 'lb', '-o', 'jsonpath={.spec.paused}'])).toBe('');

    expect(sandbox.clusters().map((c) => c.name)).toContain('default/lb');
    await sh.kubectl(management, ['delete', 'cluster', 'lb', '--wait=false']);
    await waitFor(
      'the Cluster gone',
      async () => (await sh.kubectl(management, ['get', 'clusters', '-o', 'name'])) === '',
    );
    expect(lbServers()).toEqual([]);
    expect(sandbox.loadBalancers()).toEqual([]);
    expect(sandbox.clusters().map((c) => c.name)).not.toContain('default/lb');
    expect(
      await sh.kubectl(management, [
        'get',
        'machines,openstackmachines,openstackservers,kubeadmcontrolplanes',
        '-o',
        'name',
      ]),
    ).toBe('');
    expect(await sh.kubectl(management, ['get', 'secret', 'lb-cloud-config', '-o', 'name'])).toBe(
      'secret/lb-cloud-config\n',
    ); // the engine deletes it
  });
});
