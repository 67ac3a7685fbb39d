import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT } from '../support/action-runner.js';
import { CAPI_SECRET, startCapiRun, type CapiRun } from '../support/capi-sandbox.js';
import { runCli } from '../support/cli.js';
import type { ApiServerStandIn } from '../../examples/sandbox/capi/api-server.js';

/**
 * Careless and hostile files of deployment.method cluster-api, through the CLI as a real process on the
 * sandbox cloud: the template, the addons directory, ORC's manifest, the management kubeconfig. Each row
 * gets one `error:` line naming the file and the field that sets it, exit 1, no stack trace, and is found
 * by the plan or preflight, before any machine exists (kubectl would find a bad addon only after them).
 * Each row works on a fresh copy of the sandbox's cluster dir: @cluster in the table.
 */

const SANDBOX_CLUSTER = path.join(ROOT, 'examples', 'sandbox', 'gitops', 'infrastructure', 'clusters', 'capi-sandbox');

interface Row {
  name: string;
  /** Changes the cluster dir copy. */
  setup?: (cluster: string) => Promise<void>;
  /** Extra CLI arguments, e.g. another management kubeconfig. */
  args?: (cluster: string) => string[];
  config?: (text: string) => string;
  /** `plan --tofu-plan` (default), or a deploy that stops after preflight. */
  command?: 'plan' | 'preflight';
  error: string | RegExp;
}

const write = (file: string, text: string) => fs.writeFile(file, text);
const addons = (cluster: string) => path.join(cluster, 'addons');

const rows: Row[] = [
  {
    name: 'template is a directory',
    config: (t) => t.replace('    template: cluster-template-without-lb.yaml', '    template: addons'),
    error: 'the Cluster API template @cluster/addons (deployment.cluster_api.template) is not a file',
  },
  {
    name: 'template is a dangling symlink',
    setup: async (c) => {
      await fs.rm(path.join(c, 'cluster-template-without-lb.yaml'));
      await fs.symlink('/nonexistent/template.yaml', path.join(c, 'cluster-template-without-lb.yaml'));
    },
    error:
      'the Cluster API template @cluster/cluster-template-without-lb.yaml (deployment.cluster_api.template) does not exist',
  },
  {
    name: 'template is empty',
    setup: async (c) => {
      await write(path.join(c, 'cluster-template-without-lb.yaml'), '');
    },
    error:
      'the template @cluster/cluster-template-without-lb.yaml rendered nothing (is it empty?); it must make the Cluster capi-sandbox from ${CLUSTER_NAME}',
  },
  {
    name: 'template uses a credential from the environment (never rendered into the manifests)',
    setup: async (c) => {
      const file = path.join(c, 'cluster-template-without-lb.yaml');
      await write(
        file,
        (await fs.readFile(file, 'utf8')).replace(
          'sshKeyName: ${OPENSTACK_SSH_KEY_NAME}',
          'sshKeyName: "${OS_APPLICATION_CREDENTIAL_SECRET}"',
        ),
      );
    },
    error:
      /^the template @cluster\/cluster-template-without-lb\.yaml needs a value for OS_APPLICATION_CREDENTIAL_SECRET \(credentials never go into the manifests: remove it from /,
  },
  {
    name: 'template fixes an even control plane count (KCP refuses it with stacked etcd, after CAPO built the network)',
    setup: async (c) => {
      const file = path.join(c, 'cluster-template-without-lb.yaml');
      await write(file, (await fs.readFile(file, 'utf8')).replace('  replicas: 1\n', '  replicas: 2\n'));
    },
    error:
      /^the template @cluster\/cluster-template-without-lb\.yaml renders KubeadmControlPlane capi-sandbox-control-plane with replicas 2: Cluster API refuses an even count/,
  },
  {
    name: 'template sets another API floating IP than the config',
    setup: async (c) => {
      const file = path.join(c, 'cluster-template-without-lb.yaml');
      await write(
        file,
        (await fs.readFile(file, 'utf8')).replace(
          '  externalNetwork:',
          '  apiServerFloatingIP: 172.24.4.9\n  externalNetwork:',
        ),
      );
    },
    error:
      'the template @cluster/cluster-template-without-lb.yaml sets spec.apiServerFloatingIP "172.24.4.9" on OpenStackCluster default/capi-sandbox, while deployment.cluster_api.api_server_floating_ip is 172.24.4.200: keep one of them',
  },
  {
    name: 'a value with YAML syntax breaks the rendered template',
    config: (t) => t.replace('image_name: ubuntu-2404-kube-v1.34.2', `image_name: 'x"} , evil: {'`),
    error:
      // Real clusterctl re-reads the substituted template itself (YAML 1.1) and fails first.
      /^clusterctl generate cluster failed: .*failed to parse yaml.*; check the template and the values substituted into it \(deployment\.cluster_api\.openstack, \.variables/,
  },
  {
    name: 'management kubeconfig does not exist',
    args: () => ['--management-kubeconfig', '/nonexistent/mgmt.kubeconfig'],
    error:
      "the management cluster's kubeconfig /nonexistent/mgmt.kubeconfig (--management-kubeconfig (input management-kubeconfig)) does not exist",
  },
  {
    name: 'management kubeconfig is a directory',
    args: (c) => ['--management-kubeconfig', c],
    error:
      "the management cluster's kubeconfig @cluster (--management-kubeconfig (input management-kubeconfig)) is not a file",
  },
  {
    name: 'management kubeconfig is not a kubeconfig',
    args: (c) => ['--management-kubeconfig', path.join(c, 'addons', 'cni.yaml')],
    error:
      /^cannot read OpenStackCluster default\/capi-sandbox from the management cluster \(@cluster\/addons\/cni\.yaml, --management-kubeconfig \(input management-kubeconfig\)\): .*error loading config file/,
  },
  {
    name: "ORC's install.yaml is missing",
    config: (t) => t.replace('orc: orc/install.yaml', 'orc: orc/missing.yaml'),
    error:
      "ORC's install.yaml @cluster/orc/missing.yaml (deployment.cluster_api.providers.orc) does not exist; give the path of the release's install.yaml in the cluster dir, or its https URL",
  },
  {
    name: "ORC's install.yaml left empty (ORC is required)",
    config: (t) => t.replace('orc: orc/install.yaml', 'orc: ""'),
    error: /deployment\.cluster_api\.providers\.orc: must not be empty: CAPO needs ORC/,
  },
  {
    name: 'addons directory is empty',
    setup: async (c) => {
      await fs.rm(addons(c), { recursive: true });
      await fs.mkdir(addons(c));
    },
    error:
      'the addons directory @cluster/addons (deployment.cluster_api.addons) has no .yaml, .yml or .json file (kubectl applies those, not subdirectories); put the CNI and cloud controller manager manifests there',
  },
  {
    name: 'addons only in a subdirectory (kubectl would not read them)',
    setup: async (c) => {
      await fs.mkdir(path.join(addons(c), 'cni'));
      for (const name of await fs.readdir(addons(c)))
        if (name.endsWith('.yaml')) await fs.rename(path.join(addons(c), name), path.join(addons(c), 'cni', name));
    },
    command: 'preflight',
    error:
      /^deploying the cluster: step "openstack-preflight" failed: the addons directory @cluster\/addons \(deployment\.cluster_api\.addons\) has no \.yaml, \.yml or \.json file/,
  },
  {
    name: 'an addon that is YAML but no Kubernetes object',
    setup: async (c) => {
      await write(path.join(addons(c), 'notes.yaml'), 'owner: platform-team\n');
    },
    command: 'preflight',
    error:
      'deploying the cluster: step "openstack-preflight" failed: addon @cluster/addons/notes.yaml: document 1 is not a Kubernetes object (it needs apiVersion and kind); fix it or move it out of deployment.cluster_api.addons',
  },
  {
    name: 'an addon that is not YAML',
    setup: async (c) => {
      await write(path.join(addons(c), 'broken.yml'), 'kind: [ConfigMap\n');
    },
    error: /^addon @cluster\/addons\/broken\.yml \(document 1\) is not valid YAML: /,
  },
  {
    name: 'an addon that is a dangling symlink',
    setup: async (c) => {
      await fs.symlink('/nonexistent/cni.yaml', path.join(addons(c), 'calico.yaml'));
    },
    error: 'addon @cluster/addons/calico.yaml is a symbolic link to a missing file',
  },
];

describe('cluster-api bad files: one error naming the file and its field, before any machine', () => {
  let run: CapiRun;
  let cluster: string;
  let original: string;
  const printed: string[] = [];

  beforeAll(async () => {
    run = await startCapiRun();
    original = await fs.readFile(run.configPath, 'utf8');
  }, 60_000);
  afterAll(async () => run?.close());

  beforeEach(async () => {
    // A fresh copy of the cluster dir (the repository's is never touched), the config pointing at it.
    const gitops = await fs.mkdtemp(path.join(run.workDir, 'gitops-'));
    cluster = path.join(gitops, 'infrastructure', 'clusters', 'capi-sandbox');
    await fs.cp(SANDBOX_CLUSTER, cluster, { recursive: true });
    await run.editConfig(() => original.replace(/local_dir: .*/, `local_dir: ${gitops}`));
  });

  const cli = (args: string[]) =>
    runCli([...args, '--config', run.configPath, '--state-dir', run.stateDir, '--skip-auth-check'], run.env);

  it.each(rows.map((row) => [row.name, row] as const))(
    '%s',
    async (_name, row) => {
      if (row.config) await run.editConfig(row.config);
      await row.setup?.(cluster);
      const extra = row.args?.(cluster) ?? [];
      const args = row.command === 'preflight' ? ['deploy', '--step', 'openstack-preflight'] : ['plan', '--tofu-plan'];
      const result = await cli([...args, ...extra]);
      printed.push(result.stdout, result.stderr);
      expect(result.code, result.stdout + result.stderr).toBe(1);
      const errors = result.stderr.split('\n').filter((line) => line.startsWith('error: '));
      expect(errors).toHaveLength(1);
      const shown = errors[0]!.slice('error: '.length).replaceAll(cluster, '@cluster');
      if (typeof row.error === 'string') expect(shown).toBe(row.error);
      else expect(shown).toMatch(row.error);
      expect(result.stderr).not.toMatch(/\n\s+at .*\(|internal error/);
      expect(run.cloud.clusters().filter((c) => c.role !== 'management')).toEqual([]); // nothing made
    },
    60_000,
  );

  it('never prints the credentials', () => {
    expect(printed.join('\n')).not.toContain(CAPI_SECRET);
  });
});

describe('cluster-api: a symlinked addons directory, and destroy where no Cluster API is', () => {
  let run: CapiRun;
  let cluster: string;

  beforeAll(async () => {
    run = await startCapiRun();
    const gitops = path.join(run.workDir, 'gitops');
    cluster = path.join(gitops, 'infrastructure', 'clusters', 'capi-sandbox');
    await fs.cp(SANDBOX_CLUSTER, cluster, { recursive: true });
    await run.editConfig((t) => t.replace(/local_dir: .*/, `local_dir: ${gitops}`));
  }, 60_000);
  afterAll(async () => run?.close());

  const cli = (...args: string[]) =>
    runCli(
      [...args, '--config', run.configPath, '--state-dir', run.stateDir, '--skip-auth-check', '--interval', '1s'],
      run.env,
    );

  it('applies the directory a symlinked addons dir points to (kubectl reads the link itself as a file): the nodes turn Ready', async () => {
    const shared = path.join(run.workDir, 'shared-addons');
    await fs.rename(addons(cluster), shared);
    await fs.symlink(shared, addons(cluster));
    const management = (await run.cloud.createManagementCluster('mgmt')).kubeconfigPath;
    const deploy = await cli('deploy', '--management-kubeconfig', management);
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);
    expect(deploy.stdout).toContain(`[10/11] ✓ Apply the addons to the workload cluster (capi-addons)`);
    const destroy = await cli('destroy', '--confirm', 'capi-sandbox', '--management-kubeconfig', management);
    expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
    expect(run.cloud.servers()).toEqual([]);
  }, 180_000);

  it('two kind deploys of one cluster from two state dirs: the second stops at once (kind is per machine; the first pivot would delete it under the other)', async () => {
    const otherState = path.join(run.workDir, 'other-state');
    let second: Promise<Awaited<ReturnType<typeof runCli>>> | undefined;
    const first = runCli(
      ['deploy', '--config', run.configPath, '--state-dir', run.stateDir, '--skip-auth-check', '--interval', '1s'],
      run.env,
      (stdout) => {
        if (!second && stdout.includes('(capi-management-cluster)...')) {
          second = runCli(
            ['deploy', '--config', run.configPath, '--state-dir', otherState, '--skip-auth-check', '--interval', '1s'],
            run.env,
          );
        }
      },
    );
    const one = await first;
    const two = await second!;
    expect(one.code, one.stdout + one.stderr).toBe(0);
    expect(two.code, two.stdout + two.stderr).toBe(1);
    expect(two.stderr).toMatch(
      /^error: another deploy of demo\/capi-sandbox is running \(process \d+ on .*\); wait for it to finish, or if it is gone, delete .*\/\.kind-locks\/capi-capi-sandbox\.lock\n/m,
    );
    expect(two.stdout).not.toContain('capi-management-cluster'); // no step ran
    const destroy = await cli('destroy', '--confirm', 'capi-sandbox');
    expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
    expect(run.cloud.servers()).toEqual([]);
  }, 180_000);

  it('destroy with a management cluster that has no Cluster API is refused, naming it and what to do', async () => {
    const bare = (await run.cloud.createManagementCluster('bare')).kubeconfigPath;
    const destroy = await cli('destroy', '--confirm', 'capi-sandbox', '--management-kubeconfig', bare);
    expect(destroy.code, destroy.stdout + destroy.stderr).toBe(1);
    expect(destroy.stderr).toContain(
      `the management cluster (${bare}, --management-kubeconfig (input management-kubeconfig)) has no Cluster API installed, so it holds no Cluster capi-sandbox: destroy with the management cluster capi-sandbox was deployed from`,
    );
    expect(destroy.stdout).toContain('✗ Delete the Cluster API cluster (capi-delete-cluster)');
  }, 60_000);

  it('destroy after a kind deploy that stopped before clusterctl-init: nothing to delete, and the kind cluster is gone', async () => {
    await fs.rm(run.stateDir, { recursive: true, force: true });
    const deploy = await cli('deploy', '--step', 'capi-management-cluster');
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);
    expect(run.cloud.clusters().map((c) => c.role)).toContain('kind');
    const destroy = await cli('destroy', '--confirm', 'capi-sandbox');
    expect(destroy.code, destroy.stdout + destroy.stderr).toBe(0);
    expect(destroy.stdout).toContain('nothing to delete: kind cluster capi-capi-sandbox has no Cluster API installed');
    expect(run.cloud.clusters().map((c) => c.role)).not.toContain('kind');
  }, 60_000);
});

/**
 * An existing management cluster on a Kubernetes the pinned Cluster API (v1.12.10: 1.31 to 1.35 for a management
 * cluster, 1.29 and 1.30 for workload clusters only) does not support: its version is known only from the cluster
 * (its /version), so the deploy refuses it in capi-management-cluster, before clusterctl has run; the plan refuses it
 * too, and the dry run says it will be checked.
 */
describe('cluster-api: an existing management cluster on an unsupported Kubernetes', () => {
  let run: CapiRun;
  let management: string;
  let api: ApiServerStandIn;
  beforeAll(async () => {
    run = await startCapiRun();
    ({ kubeconfigPath: management, api } = await run.cloud.createManagementCluster('old-mgmt', 'v1.30.4'));
  }, 60_000);
  afterAll(async () => run?.close());

  const cli = (...args: string[]) =>
    runCli(
      [
        ...args,
        '--config',
        run.configPath,
        '--state-dir',
        run.stateDir,
        '--management-kubeconfig',
        management,
        '--skip-auth-check',
      ],
      run.env,
    );
  const refusal = (doing: string) =>
    `the management cluster (kubeconfig ${management}, --management-kubeconfig (input management-kubeconfig)) runs Kubernetes v1.30.4, and Cluster API v1.12.10 (deployment.cluster_api.providers.core) supports Kubernetes 1.31 to 1.35 for management clusters (kubernetes-sigs/cluster-api docs/book/src/reference/versions.md (release-1.12)); 1.30 only for workload clusters. Nothing was changed: upgrade the management cluster to a supported version, or pin a Cluster API release that supports it for a management cluster (providers core, bootstrap and control_plane)`.replace(
      /^/,
      doing,
    );

  it('the dry run says the version will be checked', async () => {
    const plan = await cli('plan', '--verbose');
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain(
      'read its Kubernetes version (kubectl version -o json) and refuse one cluster-api:v1.12.10 does not support for a management cluster (Kubernetes 1.31 to 1.35), before clusterctl-init installs anything',
    );
    expect(run.cloud.toolCalls()).toEqual([]);
  }, 60_000);

  it('deploy stops in capi-management-cluster, naming the kubeconfig, its version, the range and what to do; clusterctl never ran', async () => {
    const deploy = await cli('deploy');
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(1);
    expect(deploy.stderr.split('\n').filter((line) => line.startsWith('error:'))).toEqual([
      `error: ${refusal('deploying the cluster: step "capi-management-cluster" failed: ')}`,
    ]);
    expect(deploy.stderr).not.toMatch(/^\s+at /m);
    expect(run.cloud.toolCalls()).toEqual([]);
    // Nothing installed: not ORC (clusterctl-init applies it first), not clusterctl's inventory.
    expect(api.list({ group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition' })).toEqual([]);
  }, 60_000);

  it('plan --tofu-plan refuses the same (a read, as its diff is); clusterctl ran only to render the template', async () => {
    const plan = await cli('plan', '--tofu-plan');
    expect(plan.code, plan.stdout + plan.stderr).toBe(1);
    expect(plan.stderr.split('\n').filter((line) => line.startsWith('error:'))).toEqual([`error: ${refusal('')}`]);
    expect(run.cloud.toolCalls().map((call) => `${call.tool} ${call.args.slice(0, 2).join(' ')}`)).toEqual([
      'clusterctl generate cluster',
    ]);
  }, 60_000);
});
