import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capiHealthFindings, capiProgress, objectFailure } from '../../../src/core/capi/status.js';
import { diffChanges, manifestObjects, parseDiffFileName, parseKubectlDiff } from '../../../src/core/capi/manifests.js';
import { kindClusterName, missingVariablesError } from '../../../src/core/model/cluster-api.js';
import { UsageError, UserError } from '../../../src/core/lib/errors.js';
import { buildPlan, renderPlan } from '../../../src/core/engine/plan.js';
import { Redactor } from '../../../src/core/lib/redact.js';
import { loadStartingState } from '../../../src/core/engine/selection.js';
import { resolveSettings, type DeployOptions } from '../../../src/core/model/settings.js';
import { openPipeline } from '../../../src/core/engine/pipeline.js';
import { CapiCommands } from '../../../src/core/capi/management.js';
import { DeployStateSchema, emptyState, LocalStateStore } from '../../../src/core/model/state.js';
import { parseProviders, providerDecision } from '../../../src/core/steps/cluster-api/init.js';
import { cloudConf, cloudsYaml } from '../../../src/core/openstack/cloud-files.js';
import { buildSteps } from '../../../src/core/steps/index.js';
import { PreflightStep } from '../../../src/core/steps/preflight.js';
import { CLUSTER_API_STEPS } from '../../../src/core/model/operations.js';

const CANARY = 'capi-canary-secret-8f3a';

const config = (capi: string, extra = '') => `schema_version: "2.0"
opencenter:
  meta: {name: capi-test, organization: acme}
  cluster: {kubernetes: {version: 1.35.0}}
  infrastructure:
    provider: openstack
    cloud:
      openstack:
        auth_url: https://keystone.example.com:5000/v3
        region: RegionOne
        application_credential_id: app-id
        application_credential_secret: ${CANARY}
  gitops: {repository: {local_dir: ./gitops}}
deployment:
  method: cluster-api
${capi}
${extra}`;

const KIND = `  cluster_api:
    management: {bootstrap: kind}
    worker_machine_count: 2
    openstack:
      image_name: ubuntu-2404-kube-v1.35.0
      control_plane_machine_flavor: m1.medium
      node_machine_flavor: m1.large
      external_network_id: 0d3c6c1e-8a8b-4a5e-9a34-4a3f1f1d2e7b
      dns_nameservers: 1.1.1.1
      failure_domain: nova
      ssh_key_name: deploy
    variables: {OPENSTACK_BASTION_FLAVOR: m1.small}`;

let base: string;
const write = async (name: string, text: string) => {
  const file = path.join(base, name);
  await fs.writeFile(file, text);
  return file;
};
const settingsOf = async (text: string, options: Partial<DeployOptions> = {}) =>
  resolveSettings({
    configPath: await write(`c-${Math.random().toString(36).slice(2)}.yaml`, text),
    stateDir: path.join(base, 'state'),
    env: { PATH: process.env.PATH ?? '' },
    ...options,
  });

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(tmpdir(), 'capi-unit-'));
  await fs.mkdir(path.join(base, 'gitops', 'infrastructure', 'clusters', 'capi-test'), { recursive: true });
  await fs.writeFile(path.join(base, 'mgmt.kubeconfig'), 'apiVersion: v1\nkind: Config\n');
});
afterAll(async () => fs.rm(base, { recursive: true, force: true }));

describe('cluster-api settings from the config', () => {
  it('maps the config to clusterctl variables, defaults and paths', async () => {
    const settings = await settingsOf(config(KIND));
    const capi = settings.clusterApi!;
    expect(settings.kubespray).toBe(false);
    expect(capi.management).toEqual({ kind: 'kind', clusterName: 'capi-capi-test' });
    expect(capi.kubernetesVersion).toBe('v1.35.0');
    expect(capi.namespace).toBe('default');
    expect(capi.template).toBe(path.join(settings.clusterDir, 'cluster-template.yaml'));
    expect(capi.addonsDir).toBe(path.join(settings.clusterDir, 'addons'));
    expect(capi.providers).toEqual({
      core: 'cluster-api:v1.12.10',
      bootstrap: 'kubeadm:v1.12.10',
      controlPlane: 'kubeadm:v1.12.10',
      infrastructure: 'openstack:v0.14.7',
    });
    expect(capi.controlPlaneMachineCount).toBe(1);
    expect(capi.workerMachineCount).toBe(2);
    expect(capi.variables).toEqual({
      OPENSTACK_BASTION_FLAVOR: 'm1.small',
      OPENSTACK_CLOUD: 'openstack',
      OPENSTACK_IMAGE_NAME: 'ubuntu-2404-kube-v1.35.0',
      OPENSTACK_CONTROL_PLANE_MACHINE_FLAVOR: 'm1.medium',
      OPENSTACK_NODE_MACHINE_FLAVOR: 'm1.large',
      OPENSTACK_EXTERNAL_NETWORK_ID: '0d3c6c1e-8a8b-4a5e-9a34-4a3f1f1d2e7b',
      OPENSTACK_DNS_NAMESERVERS: '1.1.1.1',
      OPENSTACK_FAILURE_DOMAIN: 'nova',
      OPENSTACK_SSH_KEY_NAME: 'deploy',
    });
    expect(capi.workDir).toBe(path.join(base, 'state', 'acme', 'capi-test', 'cluster-api'));
  });

  it('takes the management kubeconfig from the option over the config, relative paths from the config file', async () => {
    const fromConfig = await settingsOf(config(KIND.replace('{bootstrap: kind}', '{kubeconfig: mgmt.kubeconfig}')));
    expect(fromConfig.clusterApi!.management).toEqual({
      kind: 'existing',
      kubeconfig: path.join(base, 'mgmt.kubeconfig'),
      source: 'deployment.cluster_api.management.kubeconfig',
    });
    const fromFlag = await settingsOf(config(KIND), { clusterApi: { managementKubeconfig: 'elsewhere/kc' } });
    expect(fromFlag.clusterApi!.management).toMatchObject({
      kind: 'existing',
      kubeconfig: path.resolve('elsewhere/kc'),
    });
  });

  it('names kind clusters as DNS labels', () => {
    expect(kindClusterName('Prod_East.1')).toBe('capi-prod-east-1');
    expect(kindClusterName('x'.repeat(63))).toHaveLength(50);
  });

  // Careless and hostile input: each gets one error naming the field and what to do.
  const cases: [string, string, RegExp, typeof UserError?][] = [
    ['no cluster_api block', config(''), /deployment\.method is cluster-api but deployment\.cluster_api is not set/],
    [
      'no management',
      config(KIND.replace('management: {bootstrap: kind}', 'namespace: default')),
      /deployment\.cluster_api\.management is not set; set management\.kubeconfig .* or management\.bootstrap: kind/,
    ],
    [
      'kubeconfig and bootstrap',
      config(KIND.replace('{bootstrap: kind}', '{bootstrap: kind, kubeconfig: x}')),
      /sets both kubeconfig and bootstrap/,
    ],
    [
      'bootstrap not kind',
      config(KIND.replace('{bootstrap: kind}', '{bootstrap: minikube}')),
      /deployment\.cluster_api\.management\.bootstrap: must be kind/,
    ],
    [
      'unpinned provider',
      config(`${KIND}\n    providers: {infrastructure: openstack}`),
      /deployment\.cluster_api\.providers\.infrastructure: must be a provider pinned to a release, like openstack:v0\.14\.7/,
    ],
    [
      'provider "latest"',
      config(`${KIND}\n    providers: {core: "cluster-api:latest"}`),
      /deployment\.cluster_api\.providers\.core: must be a provider pinned/,
    ],
    [
      'provider with a newline',
      config(`${KIND}\n    providers: {core: "cluster-api:v1.12.0\\n--dry-run"}`),
      /deployment\.cluster_api\.providers\.core: must be a provider pinned/,
    ],
    [
      'provider a number',
      config(`${KIND}\n    providers: {core: 1}`),
      /deployment\.cluster_api\.providers\.core: must be a provider pinned/,
    ],
    [
      'another infrastructure provider',
      config(`${KIND}\n    providers: {infrastructure: "aws:v2.0.0"}`),
      /providers\.infrastructure: "aws:v2\.0\.0" is not the OpenStack provider/,
    ],
    [
      'no workers with kind (the pivot could not schedule cert-manager)',
      config(KIND.replace('worker_machine_count: 2', 'worker_machine_count: 0')),
      /worker_machine_count: 0 with management\.bootstrap: kind cannot pivot .* set at least 1 worker, or use an existing management cluster/,
    ],
    [
      'two nameservers in one value (CAPO makes it one list item)',
      config(KIND.replace('dns_nameservers: 1.1.1.1', 'dns_nameservers: "1.1.1.1, 8.8.8.8"')),
      /deployment\.cluster_api\.openstack\.dns_nameservers: must be one nameserver/,
    ],
    // N9: each phase's stall limit, deployment.cluster_api.stall_timeouts
    [
      'a stall limit that is no duration',
      config(`${KIND}\n    stall_timeouts: {control_plane: soon}`),
      /deployment\.cluster_api\.stall_timeouts\.control_plane: must be a duration such as 30m, 90s or 1h/,
    ],
    [
      'an empty stall limit',
      config(`${KIND}\n    stall_timeouts: {workers: ""}`),
      /deployment\.cluster_api\.stall_timeouts\.workers: must be a duration such as 30m/,
    ],
    [
      'a negative stall limit',
      config(`${KIND}\n    stall_timeouts: {infrastructure: -5m}`),
      /deployment\.cluster_api\.stall_timeouts\.infrastructure: must be a duration such as 30m, 90s or 1h \(no sign, at least 1s\)/,
    ],
    [
      'a stall limit of a number (not a string)',
      config(`${KIND}\n    stall_timeouts: {rollout: 600}`),
      /deployment\.cluster_api\.stall_timeouts\.rollout: must be a duration such as 30m/,
    ],
    [
      'a stall limit too long',
      config(`${KIND}\n    stall_timeouts: {delete: 25h}`),
      /deployment\.cluster_api\.stall_timeouts\.delete: "25h" must be between 1s and 24h \(the default, 10m, is at least what CAPO's own e2e allows for the cluster's deletion\)/,
    ],
    [
      'a huge stall limit',
      config(`${KIND}\n    stall_timeouts: {first_control_plane: 999999999h}`),
      /stall_timeouts\.first_control_plane: "999999999h" must be between 1s and 24h/,
    ],
    [
      'a stall limit under a second',
      config(`${KIND}\n    stall_timeouts: {workers: 500ms}`),
      /stall_timeouts\.workers: "500ms" must be between 1s and 24h/,
    ],
    [
      'a stall limit with a newline',
      config(`${KIND}\n    stall_timeouts: {workers: "5m\\nrm"}`),
      /stall_timeouts\.workers: must be a duration such as 30m/,
    ],
    [
      'stall limits that are no mapping',
      config(`${KIND}\n    stall_timeouts: 10m`),
      /deployment\.cluster_api\.stall_timeouts: must be a mapping of phase to duration \(infrastructure, first_control_plane, control_plane, workers, rollout, delete\)/,
    ],
    [
      'an unknown phase',
      config(`${KIND}\n    stall_timeouts: {control_plan: 45m}`),
      /deployment\.cluster_api\.stall_timeouts\.control_plan: not a setting this tool knows; did you mean control_plane\?/,
    ],
    [
      'a phase that is no name of one',
      config(`${KIND}\n    stall_timeouts: {lb: 45m}`),
      /deployment\.cluster_api\.stall_timeouts\.lb: not a setting this tool knows; remove it/,
    ],
    [
      'the old single stall_timeout',
      config(`${KIND}\n    stall_timeout: 10m`),
      /deployment\.cluster_api\.stall_timeout: not a setting this tool knows; did you mean stall_timeouts\?/,
    ],
    [
      'negative workers',
      config(KIND.replace('worker_machine_count: 2', 'worker_machine_count: -1')),
      /deployment\.cluster_api\.worker_machine_count: must be a whole number of workers from 0 to 1000/,
    ],
    [
      'fractional workers',
      config(KIND.replace('worker_machine_count: 2', 'worker_machine_count: 1.5')),
      /worker_machine_count: must be a whole number/,
    ],
    [
      'workers as text',
      config(KIND.replace('worker_machine_count: 2', 'worker_machine_count: "2"')),
      /worker_machine_count: must be a whole number/,
    ],
    [
      'huge workers',
      config(KIND.replace('worker_machine_count: 2', 'worker_machine_count: 100000')),
      /worker_machine_count: must be a whole number/,
    ],
    [
      'no control plane',
      config(`${KIND}\n    control_plane_machine_count: 0`),
      /control_plane_machine_count: must be a whole number of control plane machines from 1 to 1000/,
    ],
    [
      'an even control plane count (KCP refuses it with stacked etcd)',
      config(`${KIND}\n    control_plane_machine_count: 2`),
      /deployment\.cluster_api\.control_plane_machine_count: must be odd \(1, 3, 5\): Cluster API's KubeadmControlPlane refuses an even count/,
    ],
    [
      'a big even control plane count',
      config(`${KIND}\n    control_plane_machine_count: 4`),
      /control_plane_machine_count: must be odd/,
    ],
    [
      'an API floating IP that is not an address',
      config(`${KIND}\n    api_server_floating_ip: my-fip`),
      /deployment\.cluster_api\.api_server_floating_ip: must be the address of a floating IP created beforehand/,
    ],
    [
      'an API floating IP with a newline',
      config(`${KIND}\n    api_server_floating_ip: "1.2.3.4\\nkind: Secret"`),
      /api_server_floating_ip: must be the address of a floating IP/,
    ],
    [
      'an API floating IP as a number',
      config(`${KIND}\n    api_server_floating_ip: 12`),
      /api_server_floating_ip: must be the address of a floating IP/,
    ],
    [
      'namespace upper-case',
      config(`${KIND}\n    namespace: Prod`),
      /deployment\.cluster_api\.namespace: must be a Kubernetes namespace name/,
    ],
    [
      'image with a newline',
      config(KIND.replace('image_name: ubuntu-2404-kube-v1.35.0', 'image_name: "a\\nkind: Secret"')),
      /deployment\.cluster_api\.openstack\.image_name: must be one line/,
    ],
    [
      'empty flavor',
      config(KIND.replace('node_machine_flavor: m1.large', 'node_machine_flavor: ""')),
      /openstack\.node_machine_flavor: must not be empty/,
    ],
    [
      'huge flavor',
      config(KIND.replace('node_machine_flavor: m1.large', `node_machine_flavor: ${'f'.repeat(2000)}`)),
      /openstack\.node_machine_flavor: must be at most 1024 characters/,
    ],
    [
      'flavor a list',
      config(KIND.replace('node_machine_flavor: m1.large', 'node_machine_flavor: [a]')),
      /openstack\.node_machine_flavor: must be a string/,
    ],
    [
      'lower-case variable',
      config(KIND.replace('OPENSTACK_BASTION_FLAVOR', 'bastion')),
      /deployment\.cluster_api\.variables.*must map template variable names/,
    ],
    [
      'credentials as a variable',
      config(KIND.replace('OPENSTACK_BASTION_FLAVOR: m1.small', 'OPENSTACK_CLOUD_YAML_B64: abc')),
      /variables\.OPENSTACK_CLOUD_YAML_B64: credentials never go through template variables/,
    ],
    [
      'a flag variable',
      config(KIND.replace('OPENSTACK_BASTION_FLAVOR: m1.small', 'WORKER_MACHINE_COUNT: "3"')),
      /variables\.WORKER_MACHINE_COUNT: set by cluster-deploy from the config/,
    ],
    [
      'a credential variable (OS_*)',
      config(KIND.replace('OPENSTACK_BASTION_FLAVOR: m1.small', 'OS_PASSWORD: x')),
      /variables\.OS_PASSWORD: credentials never go through template variables/,
    ],
    [
      'PATH as a variable (clusterctl would not be found)',
      config(KIND.replace('OPENSTACK_BASTION_FLAVOR: m1.small', 'PATH: /nowhere')),
      /variables\.PATH: clusterctl reads PATH from its environment, so it cannot be a template variable; rename it/,
    ],
    [
      'KUBECONFIG as a variable',
      config(KIND.replace('OPENSTACK_BASTION_FLAVOR: m1.small', 'KUBECONFIG: /tmp/kc')),
      /variables\.KUBECONFIG: clusterctl reads KUBECONFIG from its environment/,
    ],
    [
      'a variable an openstack field sets (one would silently win)',
      config(KIND.replace('OPENSTACK_BASTION_FLAVOR: m1.small', 'OPENSTACK_IMAGE_NAME: other')),
      /variables\.OPENSTACK_IMAGE_NAME: set deployment\.cluster_api\.openstack\.image_name instead/,
    ],
    [
      'ORC from http (read as a path in the cluster dir)',
      config(`${KIND}\n    providers: {orc: "http://example.com/install.yaml"}`),
      /deployment\.cluster_api\.providers\.orc: must be an https URL or a path in the cluster dir/,
    ],
    [
      'clusterctl_path empty (was run as "")',
      config(`${KIND}\n    clusterctl_path: "  "`),
      /deployment\.cluster_api\.clusterctl_path: must be a path or a command name \(leave it out for the one on PATH\)/,
    ],
    [
      'kind_path empty',
      config(`${KIND}\n    kind_path: ""`),
      /deployment\.cluster_api\.kind_path: must be a path or a command name/,
    ],
    [
      'ORC from file://',
      config(`${KIND}\n    providers: {orc: "file:///etc/passwd"}`),
      /providers\.orc: must be an https URL or a path/,
    ],
    [
      'no Kubernetes version',
      config(KIND).replace('  cluster: {kubernetes: {version: 1.35.0}}\n', ''),
      /opencenter\.cluster\.kubernetes\.version is not set; Cluster API needs/,
    ],
    [
      'a cluster name Cluster API refuses',
      config(KIND).replace('name: capi-test', 'name: Capi_Test'),
      /the cluster name "Capi_Test" is not a valid Cluster API cluster name/,
    ],
  ];
  it.each(cases)('%s', async (_, text, message) => {
    const error = await settingsOf(text).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(UserError);
    expect(error!.message).toMatch(message);
    expect(error!.stack).toBeDefined(); // a UserError: shown as one line, no stack trace, by the CLI
  });

  it('refuses an upgrade without the target or with another than the config, and cluster-api flags with another method, as usage errors', async () => {
    const noTarget = await settingsOf(config(KIND), { operation: 'upgrade' }).catch((e: Error) => e);
    expect(noTarget).toBeInstanceOf(UsageError);
    expect((noTarget as Error).message).toMatch(
      /^upgrade with deployment\.method cluster-api needs the target version: --kubernetes-version X\.Y\.Z \(input kubernetes-version\)/,
    );
    const other = await settingsOf(config(KIND), { operation: 'upgrade', kubernetesVersion: '1.36.0' }).catch(
      (e: Error) => e,
    );
    expect(other).toBeInstanceOf(UsageError);
    expect((other as Error).message).toMatch(/1\.36\.0 is not opencenter\.cluster\.kubernetes\.version/);
    const kubespray = await settingsOf(config(KIND), {
      method: 'kubespray',
      clusterApi: { managementKubeconfig: 'x' },
    }).catch((e: Error) => e);
    expect(kubespray).toBeInstanceOf(UsageError);
    expect((kubespray as Error).message).toMatch(
      /--management-kubeconfig.*are for deployment\.method cluster-api, not kubespray/,
    );
    await expect(settingsOf(config(KIND), { clusterApi: { managementKubeconfig: ' ' } })).rejects.toThrow(
      /the management kubeconfig path is empty/,
    );
  });
});

describe('cluster-api steps and their plan', () => {
  it('gives each wait phase its own stall limit, at least CAPO e2e allowances, and the plans show them (N9)', async () => {
    const defaults = await settingsOf(config(KIND));
    // CAPO v0.14.7 test/e2e/data/e2e_conf.yaml: wait-cluster 20m, wait-control-plane 30m, wait-worker-nodes 30m,
    // wait-machine-upgrade 30m, wait-delete-cluster 5m.
    expect(defaults.clusterApi!.stallTimeouts).toEqual({
      infrastructure: 20 * 60_000,
      first_control_plane: 30 * 60_000,
      control_plane: 30 * 60_000,
      workers: 30 * 60_000,
      rollout: 30 * 60_000,
      delete: 10 * 60_000,
    });
    const given = await settingsOf(config(`${KIND}\n    stall_timeouts: {control_plane: 45m, workers: 1h30m}`));
    expect(given.clusterApi!.stallTimeouts).toMatchObject({
      infrastructure: 20 * 60_000,
      control_plane: 45 * 60_000,
      workers: 90 * 60_000,
    });
    const wait = (await buildSteps(given)).find((s) => s.id === 'capi-wait')!;
    expect((await wait.plan()).actions).toContain(
      'no progress within a phase for its limit fails the same way: infrastructure 20m00s, first_control_plane 30m00s, control_plane 45m00s, workers 1h30m, rollout 30m00s (deployment.cluster_api.stall_timeouts)',
    );
    // The whole wait: the phases' limits together (20m + 30m + 45m + 1h30m), not wait-ready's 30m default...
    expect((await wait.plan()).actions!.join('\n')).toContain(
      "timeout 3h05m (--timeout, or the phases' limits together when longer)",
    );
    // ...and a longer --timeout where one is given.
    const longer = await settingsOf(config(KIND), { waitReady: { timeoutMs: 4 * 3_600_000, intervalMs: 5_000 } });
    const longWait = (await buildSteps(longer)).find((s) => s.id === 'capi-wait')!;
    expect((await longWait.plan()).actions!.join('\n')).toContain('timeout 4h00m (--timeout');
    const upgrade = await settingsOf(config(`${KIND}\n    stall_timeouts: {rollout: 40m}`), {
      operation: 'upgrade',
      kubernetesVersion: '1.35.0',
    });
    const rolling = (await buildSteps(upgrade)).find((s) => s.id === 'capi-upgrade-control-plane')!;
    expect((await rolling.plan()).actions!.join('\n')).toContain(
      'no progress for rollout 40m00s (deployment.cluster_api.stall_timeouts) fails with what CAPO reported',
    );
    const destroy = await settingsOf(config(KIND), { operation: 'destroy' });
    const deletion = (await buildSteps(destroy)).find((s) => s.id === 'capi-delete-cluster')!;
    expect((await deletion.plan()).actions!.join('\n')).toContain(
      'no progress for delete 10m00s (deployment.cluster_api.stall_timeouts) fails with what CAPO reported',
    );
  });

  it('runs its own steps: pivot only with kind, move-back only in a destroy from kind', async () => {
    const kind = await settingsOf(config(KIND));
    expect((await buildSteps(kind)).map((s) => s.id)).toEqual([...CLUSTER_API_STEPS.deploy]);
    const existing = await settingsOf(config(KIND), {
      clusterApi: { managementKubeconfig: path.join(base, 'mgmt.kubeconfig') },
    });
    expect((await buildSteps(existing)).map((s) => s.id)).toEqual(
      CLUSTER_API_STEPS.deploy.filter((id) => id !== 'capi-pivot'),
    );
    const destroy = await settingsOf(config(KIND), { operation: 'destroy' });
    expect((await buildSteps(destroy)).map((s) => s.id)).toEqual([...CLUSTER_API_STEPS.destroy]);
    // A check finds the management cluster (never creates kind), diffs, reads the conditions, then the shared health.
    const check = await settingsOf(config(KIND), { operation: 'check' });
    expect((await buildSteps(check)).map((s) => s.id)).toEqual([
      'openstack-preflight',
      'capi-management-cluster',
      'capi-render',
      'capi-drift',
      'capi-conditions',
      'cluster-health',
    ]);
    const checkPlan = await (await buildSteps(check))[1]!.plan();
    expect(checkPlan.command!.argv).toEqual(['kind', 'get', 'clusters']);
    expect(JSON.stringify(checkPlan)).not.toMatch(/kind', 'create|"create"/);
  });

  it('shows each exact command, the template variables in the environment, and never a credential', async () => {
    const settings = await settingsOf(config(KIND));
    const redactor = new Redactor();
    redactor.add(CANARY);
    const store = new LocalStateStore(path.join(base, 'state', 'plan-state.json'), 'acme/capi-test');
    const plan = await buildPlan(settings, await buildSteps(settings), store, {}, redactor);
    const step = (id: string) => plan.steps.find((s) => s.id === id)!;
    const mgmt = path.join(settings.clusterApi!.workDir, 'management.kubeconfig');
    expect(step('capi-management-cluster').argv).toEqual([
      'kind',
      'create',
      'cluster',
      '--name',
      'capi-capi-test',
      '--kubeconfig',
      mgmt,
      '--image',
      'kindest/node:v1.35.1',
      '--wait',
      '5m',
    ]);
    expect(step('clusterctl-init').argv).toEqual([
      'clusterctl',
      'init',
      '--kubeconfig',
      mgmt,
      '--core',
      'cluster-api:v1.12.10',
      '--bootstrap',
      'kubeadm:v1.12.10',
      '--control-plane',
      'kubeadm:v1.12.10',
      '--infrastructure',
      'openstack:v0.14.7',
      '--wait-providers',
    ]);
    expect(step('capi-render').argv).toEqual([
      'clusterctl',
      'generate',
      'cluster',
      'capi-test',
      '--from',
      settings.clusterApi!.template,
      '--kubernetes-version',
      'v1.35.0',
      '--control-plane-machine-count',
      '1',
      '--worker-machine-count',
      '2',
      '--target-namespace',
      'default',
    ]);
    expect(step('capi-render').env).toMatchObject({
      OPENSTACK_IMAGE_NAME: 'ubuntu-2404-kube-v1.35.0',
      OPENSTACK_CLOUD: 'openstack',
      OPENSTACK_BASTION_FLAVOR: 'm1.small',
    });
    expect(step('capi-apply').argv).toEqual([
      'kubectl',
      '--kubeconfig',
      mgmt,
      '--request-timeout=10s',
      'apply',
      '--server-side',
      '--field-manager=cluster-deploy',
      '--force-conflicts',
      '-f',
      path.join(settings.clusterApi!.workDir, 'cluster.yaml'),
    ]);
    expect(step('capi-cloud-credentials').argv).toEqual([
      'kubectl',
      '--kubeconfig',
      mgmt,
      '--request-timeout=10s',
      'apply',
      '--server-side',
      '--field-manager=cluster-deploy',
      '--force-conflicts',
      '-f',
      path.join(settings.clusterApi!.workDir, 'cloud-config.secret.json'),
    ]);
    expect(step('capi-addons').argv).toEqual([
      'kubectl',
      '--kubeconfig',
      settings.kubeconfigPath,
      '--request-timeout=10s',
      'apply',
      '--server-side',
      '--field-manager=cluster-deploy',
      '--force-conflicts',
      '-f',
      settings.clusterApi!.addonsDir,
    ]);
    expect(step('capi-pivot').argv).toEqual([
      'clusterctl',
      'move',
      '--kubeconfig',
      mgmt,
      '--to-kubeconfig',
      settings.kubeconfigPath,
      '--namespace',
      'default',
    ]);
    // Before capi-render the config's counts; the run takes the rendered manifests' (a template may pin them).
    expect(step('wait-ready').actions.join()).toContain(
      "3 (the rendered manifests' KubeadmControlPlane and MachineDeployment replicas; 3 from the config's counts until capi-render writes them, a template that pins replicas decides) nodes are Ready",
    );
    const text = renderPlan(plan) + JSON.stringify(plan);
    expect(text).not.toContain(CANARY);
    expect(text).toContain('OPENSTACK_APPLICATION_CREDENTIAL_SECRET'.replace('OPENSTACK', 'OS'));
  });
});

describe('cluster-api preflight', () => {
  it('names every missing tool and file with the field that sets it, and needs neither tofu nor a VIP', async () => {
    const settings = await settingsOf(
      config(`${KIND}\n    clusterctl_path: /nonexistent/clusterctl\n    template: missing.yaml`),
      {
        clusterApi: { managementKubeconfig: base },
        env: { PATH: '/nonexistent' },
      },
    );
    const error = await new PreflightStep(settings).run().catch((e: Error) => e);
    expect(error).toBeInstanceOf(UserError);
    const lines = (error as Error).message.split('\n');
    expect(lines[0]).toBe('5 problems:');
    expect(lines.slice(1).sort()).toEqual(
      [
        '  - clusterctl (--clusterctl, deployment.cluster_api.clusterctl_path): "/nonexistent/clusterctl" not found on PATH or not executable; install it',
        '  - kubectl: "kubectl" not found on PATH or not executable; install it',
        `  - the Cluster API template ${path.join(settings.clusterDir, 'missing.yaml')} (deployment.cluster_api.template) does not exist`,
        `  - the addons directory ${path.join(settings.clusterDir, 'addons')} (deployment.cluster_api.addons) does not exist; without a CNI and the cloud controller manager the nodes never turn Ready`,
        `  - the management cluster's kubeconfig ${base} (--management-kubeconfig (input management-kubeconfig)) is not a file`,
      ].sort(),
    );
  });
});

describe('cloud credentials for CAPO', () => {
  it('writes one cloud with the method in use only', () => {
    const base = {
      interface: 'public',
      insecure: false,
      sources: {},
      secretsSeen: [],
      authUrl: 'https://k/v3',
      region: 'R1',
    };
    const app = JSON.parse(
      cloudsYaml(
        { ...base, applicationCredentialId: 'id', applicationCredentialSecret: 's', password: 'p', username: 'u' },
        'openstack',
      ),
    );
    expect(app).toEqual({
      clouds: {
        openstack: {
          auth: { auth_url: 'https://k/v3', application_credential_id: 'id', application_credential_secret: 's' },
          auth_type: 'v3applicationcredential',
          identity_api_version: 3,
          interface: 'public',
          region_name: 'R1',
        },
      },
    });
    const password = JSON.parse(
      cloudsYaml(
        {
          ...base,
          insecure: true,
          username: 'u',
          password: 'p',
          projectName: 'pr',
          userDomainName: 'Default',
          projectDomainName: 'Default',
        },
        'c',
      ),
    );
    // The cloud controller manager's cloud.conf: every value quoted, so `;`, `#` and `"` stay inside it.
    expect(cloudConf({ ...base, applicationCredentialId: 'id', applicationCredentialSecret: 'a;b#c"d\\e' })).toBe(
      '[Global]\nauth-url="https://k/v3"\nregion="R1"\napplication-credential-id="id"\napplication-credential-secret="a;b#c\\"d\\\\e"\n',
    );
    // An internal interface and a private CA: os-endpoint-type and ca-file (the CA beside it in the Secret).
    expect(
      cloudConf(
        { ...base, interface: 'internal', applicationCredentialId: 'id', applicationCredentialSecret: 's' },
        true,
      ),
    ).toBe(
      '[Global]\nauth-url="https://k/v3"\nregion="R1"\nos-endpoint-type="internal"\nca-file="/etc/config/ca.crt"\napplication-credential-id="id"\napplication-credential-secret="s"\n',
    );
    expect(password.clouds.c).toMatchObject({
      auth_type: 'password',
      verify: false,
      auth: {
        username: 'u',
        password: 'p',
        project_name: 'pr',
        user_domain_name: 'Default',
        project_domain_name: 'Default',
      },
    });
  });
});

describe('clusterctl output and the provider inventory', () => {
  it('names the config field of each missing template variable', async () => {
    const capi = (await settingsOf(config(KIND))).clusterApi!;
    const message =
      'Error: value for variables [OPENSTACK_IMAGE_NAME, OPENSTACK_BASTION_IMAGE, OPENSTACK_CLOUD_YAML_B64] is not set. Please set the value using os environment variables or the clusterctl config file';
    expect(missingVariablesError(message, capi, 'tpl.yaml')?.message).toBe(
      'the template tpl.yaml needs values for OPENSTACK_IMAGE_NAME (set deployment.cluster_api.openstack.image_name), OPENSTACK_BASTION_IMAGE (set deployment.cluster_api.variables.OPENSTACK_BASTION_IMAGE), ' +
        'OPENSTACK_CLOUD_YAML_B64 (the template creates the cloud-config Secret itself: remove that Secret from tpl.yaml; step capi-cloud-credentials writes it, and credentials never go through template variables)',
    );
    expect(missingVariablesError('Error: some other failure', capi, 'tpl.yaml')).toBeUndefined();
  });

  const provider = (name: string, namespace: string, providerName: string, type: string, version: string) => ({
    apiVersion: 'clusterctl.cluster.x-k8s.io/v1alpha3',
    kind: 'Provider',
    metadata: { name, namespace },
    providerName,
    type,
    version,
  });
  const inventory = (version: string) =>
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'List',
      items: [
        provider('cluster-api', 'capi-system', 'cluster-api', 'CoreProvider', 'v1.12.10'),
        provider('bootstrap-kubeadm', 'capi-kubeadm-bootstrap-system', 'kubeadm', 'BootstrapProvider', 'v1.12.10'),
        provider(
          'control-plane-kubeadm',
          'capi-kubeadm-control-plane-system',
          'kubeadm',
          'ControlPlaneProvider',
          'v1.12.10',
        ),
        provider('infrastructure-openstack', 'capo-system', 'openstack', 'InfrastructureProvider', version),
      ],
    });

  it('skips init when the pinned providers are installed, lists the missing ones, refuses another version', async () => {
    const capi = (await settingsOf(config(KIND))).clusterApi!;
    expect(providerDecision(parseProviders(inventory('v0.14.7')), capi)).toEqual({ missing: [] });
    expect(providerDecision([], capi).missing).toEqual([
      'cluster-api:v1.12.10',
      'kubeadm:v1.12.10',
      'kubeadm:v1.12.10',
      'openstack:v0.14.7',
    ]);
    expect(() => providerDecision(parseProviders(inventory('v0.14.5')), capi)).toThrow(
      'the management cluster has openstack v0.14.5 installed (provider capo-system/infrastructure-openstack), but deployment.cluster_api.providers.infrastructure pins v0.14.7; cluster-deploy does not upgrade providers: pin openstack:v0.14.5, or upgrade with clusterctl upgrade apply first',
    );
    expect(() => parseProviders('Error from server')).toThrow(UserError);
  });
});

describe('kubectl diff output', () => {
  // kubectl diff writes each object's live and merged forms to LIVE-*/ and MERGED-*/ named
  // [group.]version.Kind.namespace.name and runs `diff -u -N` on the two directories: this runs the real diff.
  it('reads creations, changes and deletions by kind and namespace/name, and never shows Secret data', async () => {
    const dir = await fs.mkdtemp(path.join(tmpdir(), 'kdiff-'));
    const live = path.join(dir, 'LIVE-1234');
    const merged = path.join(dir, 'MERGED-1234');
    await fs.mkdir(live);
    await fs.mkdir(merged);
    const md = 'cluster.x-k8s.io.v1beta1.MachineDeployment.default.capi-test-md-0';
    await fs.writeFile(path.join(live, md), 'spec:\n  replicas: 2\n');
    await fs.writeFile(path.join(merged, md), 'spec:\n  replicas: 3\n');
    await fs.writeFile(path.join(merged, 'cluster.x-k8s.io.v1beta1.Cluster.default.capi-test'), 'kind: Cluster\n');
    await fs.writeFile(path.join(merged, 'v1.Namespace..capi'), 'kind: Namespace\n');
    await fs.writeFile(
      path.join(live, 'infrastructure.cluster.x-k8s.io.v1beta1.OpenStackMachineTemplate.default.capi-test.md-0.v2'),
      'kind: OpenStackMachineTemplate\n',
    );
    await fs.writeFile(path.join(live, 'v1.Secret.default.capi-test-extra'), `data:\n  key: ${CANARY}\n`);
    await fs.writeFile(path.join(merged, 'v1.Secret.default.capi-test-extra'), 'data:\n  key: bmV3\n');
    const diff = spawnSync('diff', ['-u', '-N', live, merged], { encoding: 'utf8' });
    expect(diff.status).toBe(1);
    const { entries, text } = parseKubectlDiff(diff.stdout);
    expect(entries.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { kind: 'Namespace', name: 'capi', action: 'create' },
      { kind: 'Cluster', namespace: 'default', name: 'capi-test', action: 'create' },
      { kind: 'Secret', namespace: 'default', name: 'capi-test-extra', action: 'update' },
      { kind: 'MachineDeployment', namespace: 'default', name: 'capi-test-md-0', action: 'update' },
      { kind: 'OpenStackMachineTemplate', namespace: 'default', name: 'capi-test.md-0.v2', action: 'destroy' },
    ]);
    expect(text).toContain('+  replicas: 3');
    expect(text).toContain('(Secret default/capi-test-extra: update; Secret data is not shown)');
    expect(text).not.toContain(CANARY);
    expect(text).not.toContain('bmV3');
    const changes = diffChanges(entries);
    expect([changes.add, changes.change, changes.destroy]).toEqual([2, 2, 1]);
    expect(parseKubectlDiff('').entries).toEqual([]);
    await fs.rm(dir, { recursive: true });
  });

  it('parses file names whose group and name hold dots', () => {
    expect(
      parseDiffFileName('/tmp/MERGED-1/controlplane.cluster.x-k8s.io.v1beta2.KubeadmControlPlane.ns-1.a.b'),
    ).toEqual({ kind: 'KubeadmControlPlane', namespace: 'ns-1', name: 'a.b' });
    expect(
      parseDiffFileName('/tmp/LIVE-1/apiextensions.k8s.io.v1.CustomResourceDefinition..clusters.cluster.x-k8s.io'),
    ).toEqual({ kind: 'CustomResourceDefinition', name: 'clusters.cluster.x-k8s.io' });
    expect(parseDiffFileName('/tmp/LIVE-1/not-a-kubectl-file')).toBeUndefined();
  });

  it('lists the objects of rendered manifests, and refuses a document that is no object', () => {
    const text =
      '---\napiVersion: cluster.x-k8s.io/v1beta1\nkind: Cluster\nmetadata:\n  name: c\n  namespace: default\n---\n# a comment\n---\napiVersion: v1\nkind: Namespace\nmetadata: {name: n}\n';
    expect(manifestObjects(text, 'out')).toEqual([
      { apiVersion: 'cluster.x-k8s.io/v1beta1', kind: 'Cluster', name: 'c', namespace: 'default' },
      { apiVersion: 'v1', kind: 'Namespace', name: 'n' },
    ]);
    expect(() => manifestObjects('---\nfoo: bar\n', 'out')).toThrow(
      'out: document 2 is not a Kubernetes object (it needs kind and metadata.name)',
    );
    expect(() => manifestObjects('kind: [\n', 'out')).toThrow(/out \(document 1\) is not valid YAML/);
  });
});

describe('Cluster API status', () => {
  const object = (
    kind: string,
    name: string,
    extra: Record<string, unknown> = {},
    labels: Record<string, string> = { 'cluster.x-k8s.io/cluster-name': 'c' },
  ) => ({
    apiVersion: 'x/v1',
    kind,
    metadata: { name, namespace: 'default', labels },
    ...extra,
  });
  const cp = (name: string, phase: string) =>
    object(
      'Machine',
      name,
      { status: { phase } },
      { 'cluster.x-k8s.io/cluster-name': 'c', 'cluster.x-k8s.io/control-plane': '' },
    );
  const worker = (name: string, phase: string) => object('Machine', name, { status: { phase } });
  const cluster = (conditions: { type: string; status: string }[]) =>
    object('Cluster', 'c', { status: { phase: 'Provisioned', conditions } }, {});

  it('counts running machines against the desired replicas and says when the cluster is up', () => {
    const objects = [
      cluster([
        { type: 'InfrastructureReady', status: 'True' },
        { type: 'ControlPlaneInitialized', status: 'True' },
      ]),
      object('KubeadmControlPlane', 'c-cp', { spec: { replicas: 3 } }),
      object('MachineDeployment', 'c-md-0', { spec: { replicas: 2 } }),
      cp('c-cp-1', 'Running'),
      cp('c-cp-2', 'Provisioning'),
      worker('c-md-0-a', 'Pending'),
      worker('other', 'Running'),
    ];
    objects[6]!.metadata.labels = { 'cluster.x-k8s.io/cluster-name': 'other' };
    const progress = capiProgress(objects, 'c');
    expect(progress.line).toBe('control plane 1/3 running, workers 0/2 (cluster Provisioned)');
    expect(progress.done).toBe(false);
    const up = capiProgress(
      [
        objects[0]!,
        object('KubeadmControlPlane', 'c-cp', { spec: { replicas: 1 } }),
        object('MachineDeployment', 'c-md-0', { spec: { replicas: 1 } }),
        cp('c-cp-1', 'Running'),
        worker('c-md-0-a', 'Running'),
      ],
      'c',
    );
    expect(up).toMatchObject({ done: true, line: 'control plane 1/1 running, workers 1/1 (cluster Provisioned)' });
    // v1beta1 objects: the new conditions under status.v1beta2.
    const v1beta1 = object(
      'Cluster',
      'c',
      { status: { v1beta2: { conditions: [{ type: 'InfrastructureReady', status: 'True' }] } } },
      {},
    );
    expect(capiProgress([v1beta1], 'c').line).toBe(
      'control plane 0/0 running, workers 0/0 (cluster Pending, control plane not initialized)',
    );
    expect(capiProgress([], 'c')).toMatchObject({
      done: false,
      clusterFound: false,
      line: 'control plane 0/0 running, workers 0/0 (no Cluster object yet)',
    });
  });

  it.each([
    ['no Cluster yet', [], 'infrastructure'],
    ['infrastructure not ready', [{ type: 'ControlPlaneInitialized', status: 'False' }], 'infrastructure'],
    [
      'infrastructure ready, control plane not initialized',
      [{ type: 'InfrastructureReady', status: 'True' }],
      'first_control_plane',
    ],
  ] as const)('says the wait phase, for its stall limit (N9): %s', (_, conditions, phase) => {
    expect(capiProgress(conditions.length ? [cluster([...conditions])] : [], 'c').phase).toBe(phase);
  });

  it('says the later wait phases: the other control plane machines, the workers, then the rollout', () => {
    const up = cluster([
      { type: 'InfrastructureReady', status: 'True' },
      { type: 'ControlPlaneInitialized', status: 'True' },
    ]);
    const kcp = object('KubeadmControlPlane', 'c-cp', { spec: { replicas: 3 } });
    const md = object('MachineDeployment', 'c-md-0', { spec: { replicas: 1 } });
    const cps = [cp('a', 'Running'), cp('b', 'Running')];
    expect(capiProgress([up, kcp, md, ...cps, cp('c', 'Provisioning')], 'c').phase).toBe('control_plane');
    const allCp = [...cps, cp('c', 'Running')];
    expect(capiProgress([up, kcp, md, ...allCp, worker('w', 'Provisioning')], 'c').phase).toBe('workers');
    // Every machine running, one of them not yet up to date: a rollout.
    const rolling = object('MachineDeployment', 'c-md-0', { spec: { replicas: 1 }, status: { upToDateReplicas: 0 } });
    expect(capiProgress([up, kcp, rolling, ...allCp, worker('w', 'Running')], 'c')).toMatchObject({
      phase: 'rollout',
      done: false,
    });
  });

  it("reports CAPO's own message from the OpenStackServer, and failureMessage from a v1beta1 or v1beta2 object", () => {
    const nova = 'Flavor m1.huge could not be found. (HTTP 400) (Request-ID: req-1)';
    const server = object(
      'OpenStackServer',
      'c-md-0-a',
      {
        status: {
          conditions: [{ type: 'InstanceReady', status: 'False', reason: 'InstanceCreateFailed', message: nova }],
        },
      },
      {},
    );
    const osm = object('OpenStackMachine', 'c-md-0-a', {
      status: { conditions: [{ type: 'InstanceReady', status: 'False', reason: 'InstanceNotReady' }] },
    });
    expect(capiProgress([cluster([]), osm, server], 'c').failure).toBe(
      `OpenStackServer default/c-md-0-a: InstanceCreateFailed: ${nova}`,
    );
    // Waiting conditions are no failure.
    expect(objectFailure(osm)).toBeUndefined();
    expect(
      objectFailure(object('Machine', 'm', { status: { failureReason: 'UpdateError', failureMessage: 'boom' } })),
    ).toBe('Machine default/m: UpdateError: boom');
    expect(
      objectFailure(object('Machine', 'm', { status: { deprecated: { v1beta1: { failureMessage: 'gone' } } } })),
    ).toBe('Machine default/m: gone');
    // A server of another cluster is not ours.
    expect(capiProgress([cluster([]), server], 'c').failure).toBeUndefined();
  });
  const condition = (type: string, status: string, reason?: string, message?: string) => ({
    type,
    status,
    ...(reason && { reason }),
    ...(message && { message }),
  });
  it.each([
    ['all True', [condition('Available', 'True'), condition('InfrastructureReady', 'True')], []],
    [
      'negative-polarity conditions False (all is well)',
      [condition('Deleting', 'False'), condition('Paused', 'False'), condition('RollingOut', 'False')],
      [],
    ],
    ['Unknown (not yet known) is no finding', [condition('Available', 'Unknown')], []],
    [
      'a False health condition, quoted with its reason and message (lines joined)',
      [condition('WorkersAvailable', 'False', 'NotAvailable', '* MachineDeployment c-md-0: 1 available\n* other')],
      [
        {
          subject: 'Cluster default/c: WorkersAvailable',
          message:
            'Cluster default/c is not WorkersAvailable (NotAvailable: * MachineDeployment c-md-0: 1 available; * other)',
        },
      ],
    ],
    [
      'the same type under v1beta2 and v1beta1 said once',
      [condition('Ready', 'False', 'X'), condition('Ready', 'False', 'X')],
      [{ subject: 'Cluster default/c: Ready', message: 'Cluster default/c is not Ready (X)' }],
    ],
  ])("the check's findings: %s", (_what, conditions, expected) => {
    expect(capiHealthFindings([cluster(conditions)], 'c', 'default')).toEqual(expected);
  });

  it("the check's findings: no Cluster, and a machine CAPO gave up on (its server unlabelled)", () => {
    expect(capiHealthFindings([], 'c', 'default')).toEqual([
      {
        subject: 'Cluster default/c',
        message: expect.stringMatching(/^the management cluster holds no Cluster default\/c: it was deleted/),
      },
    ]);
    const server = object(
      'OpenStackServer',
      'c-md-0-a',
      { status: { conditions: [condition('InstanceReady', 'False', 'InstanceStateError', 'ERROR')] } },
      {},
    );
    expect(capiHealthFindings([cluster([]), object('OpenStackMachine', 'c-md-0-a'), server], 'c', 'default')).toEqual([
      {
        subject: 'OpenStackServer default/c-md-0-a',
        message: 'failed for good: OpenStackServer default/c-md-0-a: InstanceStateError: ERROR',
      },
    ]);
  });
});

describe('cluster-api resume state', () => {
  it('keeps where the Cluster API objects live across a completed run, and forgets it after a destroy', async () => {
    const file = path.join(base, 'state', 'keep.json');
    const store = new LocalStateStore(file, 'acme/capi-test');
    const state = emptyState('acme/capi-test');
    state.clusterApi = {
      management: 'kind',
      kindCluster: 'capi-capi-test',
      kindCreatedAt: new Date().toISOString(),
      pivotedAt: new Date().toISOString(),
    };
    state.completedAt = new Date().toISOString();
    await store.save(state);
    expect(DeployStateSchema.parse(JSON.parse(await fs.readFile(file, 'utf8'))).clusterApi).toEqual(state.clusterApi);
    expect((await loadStartingState(store, 'acme/capi-test', {})).state.clusterApi).toEqual(state.clusterApi);
    expect((await loadStartingState(store, 'acme/capi-test', { restart: true })).state.clusterApi).toEqual(
      state.clusterApi,
    );
    expect((await loadStartingState(store, 'acme/capi-test', {}, 'destroy')).state.clusterApi).toEqual(
      state.clusterApi,
    );
    await store.save({ ...state, destroyedAt: state.completedAt });
    expect((await loadStartingState(store, 'acme/capi-test', {})).state.clusterApi).toBeUndefined();
    expect(() => DeployStateSchema.parse({ ...state, clusterApi: { management: 'minikube' } })).toThrow();
  });
});

describe('GITHUB_TOKEN reaches clusterctl init and no other command', () => {
  it.each([
    ["the caller's GITHUB_TOKEN (the CLI)", { GITHUB_TOKEN: 'ghp_caller-token-1234' }, {}, 'ghp_caller-token-1234'],
    ["the action's github-token", {}, { githubToken: 'ghs_action-token-5678' }, 'ghs_action-token-5678'],
    // The runner exports no GITHUB_TOKEN to an action: one in its env is a step's `env:`, not the action's input.
    [
      "the action's github-token over a GITHUB_TOKEN in its env",
      { GITHUB_TOKEN: 'ghp_env-9' },
      { githubToken: 'ghs_input-1' },
      'ghs_input-1',
    ],
    [
      "the action's empty github-token: none, whatever its env holds",
      { GITHUB_TOKEN: 'ghp_env-9' },
      { githubToken: '' },
      undefined,
    ],
    ['none', {}, {}, undefined],
  ])('%s', async (_, env, deps, token) => {
    const pipeline = await openPipeline(
      {
        configPath: await write(`gh-${Math.random().toString(36).slice(2)}.yaml`, config(KIND)),
        stateDir: path.join(base, 'state-gh'),
        env: { PATH: process.env.PATH ?? '', ...env },
        skipAuthCheck: true,
      },
      deps,
    );
    const commands = new CapiCommands(pipeline.settings);
    expect(commands.init(commands.management).env.GITHUB_TOKEN).toBe(token);
    for (const other of [commands.render(), commands.move('a', 'b'), commands.kubectl('k', 'get', 'nodes')])
      expect(other.env.GITHUB_TOKEN).toBeUndefined();
    if (token) expect(pipeline.redactor.redact(`x ${token} y`)).not.toContain(token);
  });
});
