import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { prepareSandbox } from '../../examples/sandbox/prepare.js';
import { plannedNodeChanges, readInventory } from '../../src/core/kubespray/node-changes.js';
import { DEFAULT_NODE_RESOURCE } from '../../src/core/model/nodes.js';
import { ROOT } from '../support/action-runner.js';
import { type HclBlock, parseHcl } from '../support/hcl.js';

/**
 * The shipped OpenStack cluster module (modules/openstack-cluster). The provider cannot be
 * downloaded here, so `tofu validate` cannot run: the module is checked against the provider's
 * documented resources and arguments at the pinned version (test/data, made by
 * scripts/reference-data/provider-docs.mjs from the provider's docs), and what it writes for
 * Kubespray is rendered by the real terraform from the module's own templates and read by the real
 * ansible-inventory and the sandbox's stand-in playbooks.
 */
const MODULE = 'modules/openstack-cluster';

interface DocumentedResource {
  deprecated: boolean;
  arguments: Record<string, { deprecated: boolean }>;
  blocks: Record<string, Record<string, { deprecated: boolean }>>;
  attributes: string[];
}
interface ProviderTable {
  version: string;
  commit: string;
  resources: Record<string, DocumentedResource>;
  data_sources: Record<string, DocumentedResource>;
}
const provider = JSON.parse(
  readFileSync(path.join(ROOT, 'test/data/openstack-provider-3.4.0.json'), 'utf8'),
) as ProviderTable;
const kubespray = JSON.parse(readFileSync(path.join(ROOT, 'test/data/kubespray-v2.31.0-variables.json'), 'utf8')) as {
  version: string;
  commit: string;
  variables: Record<string, string>;
};

/** Block types OpenTofu itself defines inside resources (not the provider's). */
const META_BLOCKS = new Set(['lifecycle', 'connection', 'provisioner', 'precondition', 'postcondition']);
const META_ARGUMENTS = new Set(['count', 'for_each', 'depends_on', 'provider', 'lifecycle']);

function tfFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.tf'))
    .map((f) => path.join(dir, f))
    .sort();
}

/** What the provider's table says is wrong with the `openstack_*` resources and data sources of one file. */
function providerFindings(file: string, blocks: HclBlock[], text: string): string[] {
  const findings: string[] = [];
  for (const block of blocks) {
    if (block.type !== 'resource' && block.type !== 'data') continue;
    const [type] = block.labels;
    if (!type?.startsWith('openstack_')) continue;
    const where = `${file}:${block.line} ${block.type} ${type}`;
    const doc = (block.type === 'resource' ? provider.resources : provider.data_sources)[type];
    if (!doc) {
      findings.push(
        `${where}: not a ${block.type === 'resource' ? 'resource' : 'data source'} of provider ${provider.version}`,
      );
      continue;
    }
    if (doc.deprecated) findings.push(`${where}: deprecated in provider ${provider.version}`);
    for (const name of block.attributes.keys()) {
      if (META_ARGUMENTS.has(name)) continue;
      const argument = doc.arguments[name];
      if (!argument) findings.push(`${where}: no argument ${name}`);
      else if (argument.deprecated) findings.push(`${where}: argument ${name} is deprecated`);
    }
    for (const nested of block.blocks) {
      if (META_BLOCKS.has(nested.type)) continue;
      const arguments_ = doc.blocks[nested.type];
      if (!arguments_) {
        findings.push(`${where}: no block ${nested.type}`);
        continue;
      }
      for (const name of nested.attributes.keys())
        if (!arguments_[name]) findings.push(`${where}: block ${nested.type} has no argument ${name}`);
        else if (arguments_[name]!.deprecated) findings.push(`${where}: ${nested.type}.${name} is deprecated`);
    }
  }
  // Attributes read from other resources (openstack_x.y[0].attr, data.openstack_x.y.attr).
  for (const m of text.matchAll(/\b(data\.)?(openstack_[a-z0-9_]+)\.[a-z0-9_]+(?:\[[^\]]*\])?\.([a-z_]+)/g)) {
    const doc = (m[1] ? provider.data_sources : provider.resources)[m[2]!];
    const attribute = m[3]!;
    if (doc && attribute !== 'id' && !doc.attributes.includes(attribute) && !doc.arguments[attribute])
      findings.push(`${file}: ${m[0]} reads ${attribute}, which ${m[2]} does not document`);
  }
  return findings;
}

describe('the module is valid OpenTofu for the provider version it pins', () => {
  it('every file parses with the HCL parser the product uses and is formatted as terraform fmt writes it', async () => {
    const files = tfFiles(MODULE);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files)
      expect((await parseHcl(readFileSync(path.join(ROOT, file), 'utf8'))).errors, file).toEqual([]);
    const fmt = spawnSync('terraform', ['fmt', '-check', '-recursive', '-diff', MODULE], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, TF_CLI_CONFIG_FILE: '/dev/null' },
    });
    expect(fmt.stdout, 'files terraform fmt would change').toBe('');
    expect(fmt.status).toBe(0);
  });

  it('pins the provider version the table records (test/data, with its source commit)', () => {
    const versions = readFileSync(path.join(ROOT, MODULE, 'versions.tf'), 'utf8');
    const constraint =
      /openstack\s*=\s*\{\s*source\s*=\s*"terraform-provider-openstack\/openstack"\s*version\s*=\s*"~> ([\d.]+)"/.exec(
        versions,
      )?.[1];
    expect(constraint).toBe(provider.version);
    expect(provider.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('uses only resources, data sources, arguments and blocks the provider documents, none deprecated', async () => {
    const findings: string[] = [];
    let checked = 0;
    for (const file of tfFiles(MODULE)) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      const { blocks } = await parseHcl(text);
      checked += blocks.filter((b) => b.labels[0]?.startsWith('openstack_')).length;
      findings.push(...providerFindings(file, blocks, text));
    }
    expect(checked).toBeGreaterThan(20);
    expect(findings).toEqual([]);
  });

  it('would catch a removed resource, an unknown argument or block, a deprecated data source and an undocumented attribute', async () => {
    const text = `resource "openstack_compute_floatingip_associate_v2" "a" {
  floating_ip = "x"
}
resource "openstack_compute_instance_v2" "b" {
  name   = "b"
  flavor = "m1"
  network {
    uuid    = "n"
    fixed_ip = "10.0.0.1"
  }
  volume {
    volume_id = "v"
  }
  lifecycle {
    ignore_changes = [name]
  }
}
data "openstack_loadbalancer_flavor_v2" "c" {
  name = "small"
}
output "x" { value = openstack_networking_port_v2.p.fixed_ips }
`;
    const { blocks, errors } = await parseHcl(text);
    expect(errors).toEqual([]);
    expect(providerFindings('bad.tf', blocks, text)).toEqual([
      `bad.tf:1 resource openstack_compute_floatingip_associate_v2: not a resource of provider ${provider.version}`,
      'bad.tf:4 resource openstack_compute_instance_v2: no argument flavor',
      'bad.tf:4 resource openstack_compute_instance_v2: block network has no argument fixed_ip',
      'bad.tf:4 resource openstack_compute_instance_v2: no block volume',
      `bad.tf:18 data openstack_loadbalancer_flavor_v2: deprecated in provider ${provider.version}`,
      'bad.tf: openstack_networking_port_v2.p.fixed_ips reads fixed_ips, which openstack_networking_port_v2 does not document',
    ]);
    expect((await parseHcl('resource "x" "y" {\n  a = \n}\n')).errors).not.toEqual([]);
  });
});

describe("the module's nodes are what cluster-deploy reads by default (opentofu.node_resource)", () => {
  it('each node is one module instance keyed by its name, holding one server of the default type named by the default attribute', async () => {
    const main = await parseHcl(readFileSync(path.join(ROOT, MODULE, 'main.tf'), 'utf8'));
    const call = main.blocks.find((b) => b.type === 'module' && b.labels[0] === 'node')!;
    expect(call.attributes.get('for_each')).toBe('local.nodes');
    expect(call.attributes.get('name')).toBe('each.key');
    expect(call.attributes.has('count')).toBe(false);
    const node = await parseHcl(readFileSync(path.join(ROOT, MODULE, 'modules/node/main.tf'), 'utf8'));
    const servers = node.blocks.filter((b) => b.type === 'resource' && b.labels[0] === DEFAULT_NODE_RESOURCE.type);
    expect(servers).toHaveLength(1);
    expect(servers[0]!.attributes.get(DEFAULT_NODE_RESOURCE.nameAttribute)).toBe('var.name');
    // Nothing else in the root module is counted per node: a node's port, floating IP and pool
    // member live in its module instance.
    for (const file of tfFiles(MODULE).filter((f) => !f.includes('/modules/'))) {
      const { blocks } = await parseHcl(readFileSync(path.join(ROOT, file), 'utf8'));
      for (const block of blocks.filter((b) => b.type === 'resource'))
        expect(`${block.attributes.get('for_each') ?? ''}`, `${file} ${block.labels.join('.')}`).not.toMatch(
          /local\.(nodes|workers|control_plane)\b/,
        );
    }
  });

  it("control_plane.names[0], prefixed with cluster_name, is the inventory's first control plane and etcd host: what opentofu-plan reads from the call (kubespray/control-plane-order.ts)", async () => {
    const inventory = await parseHcl(readFileSync(path.join(ROOT, MODULE, 'inventory.tf'), 'utf8'));
    const call = inventory.blocks.find((b) => b.type === 'module' && b.labels[0] === 'kubespray_inventory')!;
    expect(call.attributes.get('control_plane')).toBe(
      '[for name in var.control_plane.names : "${var.cluster_name}-${name}"]',
    );
    const template = readFileSync(
      path.join(ROOT, MODULE, 'modules/kubespray-inventory/templates/inventory.yaml.tftpl'),
      'utf8',
    );
    // Both groups list the control plane in that order.
    expect(template.match(/(kube_control_plane|etcd):\n\s+hosts:\n%\{ for name in control_plane ~\}/g)).toHaveLength(2);
  });

  it("pins the nodes' image by id (contrib's image_uuid): the name lookup only without one, never silently ignored", async () => {
    const main = await parseHcl(readFileSync(path.join(ROOT, MODULE, 'main.tf'), 'utf8'));
    const call = main.blocks.find((b) => b.type === 'module' && b.labels[0] === 'node')!;
    expect(call.attributes.get('image_id')).toBe('local.node_image_id');
    const lookup = main.blocks.find(
      (b) => b.type === 'data' && b.labels.join('.') === 'openstack_images_image_v2.node',
    )!;
    expect(lookup.attributes.get('count')).toBe('var.image_id == null ? 1 : 0');
    // No resource hides an image change from the plan (ignore_changes would keep nodes on an image nobody chose).
    for (const file of tfFiles(MODULE))
      expect(readFileSync(path.join(ROOT, file), 'utf8'), file).not.toMatch(/ignore_changes/);
    const outputs = await parseHcl(readFileSync(path.join(ROOT, MODULE, 'outputs.tf'), 'utf8'));
    expect(outputs.blocks.some((b) => b.type === 'output' && b.labels[0] === 'node_image_id')).toBe(true);
    // A new image_id reaches the module's servers as an in-place update, which cluster-deploy reads as a rebuild.
    const server = (image: string) => ({ name: 'c-w-0', image_id: image, flavor_name: 'm1.large' });
    const planned = plannedNodeChanges(
      {
        resource_changes: [
          {
            address: 'module.node["c-w-0"].openstack_compute_instance_v2.this',
            module_address: 'module.node["c-w-0"]',
            type: 'openstack_compute_instance_v2',
            change: { actions: ['update'], before: server('img-1'), after: server('img-2') },
          },
        ],
      },
      DEFAULT_NODE_RESOURCE,
    );
    expect(planned.inPlace).toEqual([
      expect.objectContaining({
        node: 'c-w-0',
        attribute: 'image_id',
        effect: 'rebuilt',
        module: 'module.node["c-w-0"]',
      }),
    ]);
  });

  it('adding a worker is a node change (scale.yml), not a cluster change, and removing one removes exactly it', async () => {
    const node = await parseHcl(readFileSync(path.join(ROOT, MODULE, 'modules/node/main.tf'), 'utf8'));
    // Every resource of the node module, as the plan lists them for module.node["<name>"].
    const resources = node.blocks
      .filter((b) => b.type === 'resource')
      .map((b) => ({ type: b.labels[0]!, name: b.labels[1]!, counted: b.attributes.has('count') }));
    const changes = (name: string, action: 'create' | 'delete') => [
      ...resources.map((r) => ({
        address: `module.node["${name}"].${r.type}.${r.name}${r.counted ? '[0]' : ''}`,
        module_address: `module.node["${name}"]`,
        type: r.type,
        mode: 'managed',
        change: {
          actions: [action],
          before: action === 'delete' ? { name } : null,
          after: action === 'create' ? { name } : null,
        },
      })),
      {
        address: 'local_file.inventory["inventory.yaml"]',
        type: 'local_file',
        mode: 'managed',
        change: { actions: ['delete', 'create'], before: {}, after: {} },
      },
    ];
    const kept = (name: string) => ({
      address: `module.node["${name}"].openstack_compute_instance_v2.this`,
      module_address: `module.node["${name}"]`,
      type: 'openstack_compute_instance_v2',
      change: { actions: ['no-op'], before: { name }, after: { name } },
    });
    const added = plannedNodeChanges(
      { resource_changes: [kept('c-cp-0'), kept('c-w-0'), ...changes('c-w-1', 'create')] },
      DEFAULT_NODE_RESOURCE,
    );
    expect(added).toMatchObject({ created: ['c-w-1'], deleted: [], otherChanges: [] });
    const removed = plannedNodeChanges(
      { resource_changes: [kept('c-cp-0'), kept('c-w-0'), kept('c-w-2'), ...changes('c-w-1', 'delete')] },
      DEFAULT_NODE_RESOURCE,
    );
    expect(removed).toMatchObject({ deleted: ['c-w-1'], created: [], otherChanges: [] });
  });
});

/** Sample clusters rendered through modules/kubespray-inventory by the real terraform. */
const SCENARIOS = {
  octavia: {
    cluster_name: 'prod',
    control_plane: ['prod-cp-0', 'prod-cp-1', 'prod-cp-2'],
    workers: ['prod-w-0', 'prod-w-1'],
    bastion_host: null,
    api_load_balancer: 'octavia',
    api_private_address: '10.2.128.7',
    api_port: 443,
    api_floating_ip: '203.0.113.10',
    external_network_id: '5a1e1c2e-7d1c-4f43-9d0b-2f2c7ab0e001',
    kubespray_variables: {},
  },
  'vip-bastion': {
    cluster_name: 'stage',
    control_plane: ['stage-cp-0'],
    workers: ['stage-w-0'],
    bastion_host: '203.0.113.20',
    api_load_balancer: 'vip',
    api_private_address: '10.2.128.5',
    api_port: 6443,
    api_floating_ip: null,
    external_network_id: null,
    kubespray_variables: { nginx_image_repo: 'public.ecr.aws/docker/library/nginx' },
  },
  none: {
    cluster_name: 'e2e',
    control_plane: ['e2e-cp-0'],
    workers: [],
    bastion_host: null,
    api_load_balancer: 'none',
    api_private_address: '10.2.128.10',
    api_port: 6443,
    api_floating_ip: '172.24.4.50',
    external_network_id: null,
    kubespray_variables: {},
  },
} as const;
type Scenario = keyof typeof SCENARIOS;

function hostsOf(s: (typeof SCENARIOS)[Scenario]) {
  return Object.fromEntries(
    [...s.control_plane, ...s.workers].map((name, i) => [
      name,
      { ansible_host: s.bastion_host ? `10.2.128.${20 + i}` : `198.51.100.${20 + i}`, ip: `10.2.128.${20 + i}` },
    ]),
  );
}

let work: string;
const rendered = {} as Record<Scenario, string>;
const toolEnv = () => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: work,
  TF_CLI_CONFIG_FILE: path.join(work, 'terraformrc'),
  ANSIBLE_LOCAL_TEMP: path.join(work, 'ansible-tmp'),
  LANG: 'C.UTF-8',
});

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'module-render-'));
  writeFileSync(path.join(work, 'terraformrc'), '');
  const root = path.join(work, 'root');
  mkdirSync(root);
  const calls = Object.entries(SCENARIOS).map(([id, s]) => {
    const values = {
      ...s,
      hosts: hostsOf(s),
      ssh_user: 'ubuntu',
      kube_version: '1.34.2',
      network_plugin: 'calico',
      pod_cidr: '10.233.64.0/18',
      service_cidr: '10.233.0.0/18',
      subnet_id: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
      octavia_provider: 'amphora',
      cinder_csi_enabled: false,
    };
    // JSON is HCL's expression syntax for these values.
    const args = Object.entries(values)
      .map(([k, v]) => `  ${k} = ${JSON.stringify(v)}`)
      .join('\n');
    return `module "${id}" {\n  source = ${JSON.stringify(path.join(ROOT, MODULE, 'modules/kubespray-inventory'))}\n${args}\n}\noutput "${id}" {\n  value = module.${id}.files\n}\n`;
  });
  writeFileSync(path.join(root, 'main.tf'), calls.join('\n'));
  const tf = (...args: string[]) => execFileSync('terraform', args, { cwd: root, env: toolEnv(), encoding: 'utf8' });
  tf('init', '-input=false');
  tf('apply', '-input=false', '-auto-approve');
  const outputs = JSON.parse(tf('output', '-json')) as Record<string, { value: Record<string, string> }>;
  for (const id of Object.keys(SCENARIOS) as Scenario[]) {
    const dir = path.join(work, id, 'inventory');
    for (const [file, content] of Object.entries(outputs[id]!.value)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    rendered[id] = dir;
  }
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function ansibleInventory(dir: string) {
  const r = spawnSync('ansible-inventory', ['-i', path.join(dir, 'inventory.yaml'), '--list'], {
    env: toolEnv(),
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  // Kubespray's documented bastion is a host "bastion" in a group "bastion" (docs/ansible/inventory.md),
  // which Ansible warns about; any other warning fails.
  expect(r.stderr.replace(/^\[WARNING\]: Found both group and host with same name: bastion\n/m, '')).not.toMatch(
    /WARNING/,
  );
  return JSON.parse(r.stdout) as {
    _meta: { hostvars: Record<string, Record<string, unknown>> };
    [group: string]: { hosts?: string[]; children?: string[] } | unknown;
  };
}
const groupHosts = (list: ReturnType<typeof ansibleInventory>, group: string) =>
  ((list[group] as { hosts?: string[] })?.hosts ?? []).slice().sort();

describe('the inventory and group_vars the module writes, rendered from its templates', () => {
  it.each(Object.keys(SCENARIOS) as Scenario[])(
    '%s: the real ansible-inventory reads the groups Kubespray needs, with the group_vars applied',
    (id) => {
      const s = SCENARIOS[id];
      const list = ansibleInventory(rendered[id]);
      expect(groupHosts(list, 'kube_control_plane')).toEqual([...s.control_plane].sort());
      expect(groupHosts(list, 'etcd')).toEqual([...s.control_plane].sort());
      expect(groupHosts(list, 'kube_node')).toEqual([...(s.workers.length ? s.workers : s.control_plane)].sort());
      expect((list.k8s_cluster as { children: string[] }).children.sort()).toEqual(['kube_control_plane', 'kube_node']);
      expect(groupHosts(list, 'bastion')).toEqual(s.bastion_host ? ['bastion'] : []);
      const first = list._meta.hostvars[s.control_plane[0]]!;
      expect(first).toMatchObject({
        kube_version: '1.34.2',
        cloud_provider: 'external',
        external_cloud_provider: 'openstack',
        kube_pods_subnet: '10.233.64.0/18',
        kube_service_addresses: '10.233.0.0/18',
        ansible_user: 'ubuntu',
        kubeconfig_localhost: true,
      });
      // With "none" the kubeconfig's server is the first control plane's ansible_host: in the certificate too.
      expect(first.supplementary_addresses_in_ssl_keys).toEqual(
        [
          s.api_floating_ip,
          s.api_load_balancer === 'vip' ? s.api_private_address : null,
          s.api_load_balancer === 'none' ? hostsOf(s)[s.control_plane[0]]!.ansible_host : null,
        ].filter((a) => a !== null),
      );
      if (s.api_load_balancer === 'none') {
        expect(first.loadbalancer_apiserver).toBeUndefined();
        expect(first.kubeconfig_localhost_ansible_host).toBe(true);
      } else
        expect(first.loadbalancer_apiserver).toEqual({
          address: s.api_private_address,
          port: s.api_load_balancer === 'octavia' ? s.api_port : 6443,
        });
      if (s.api_load_balancer === 'vip')
        expect(first).toMatchObject({
          kube_vip_enabled: true,
          kube_vip_address: s.api_private_address,
          kube_vip_arp_enabled: true,
        });
      if (s.bastion_host)
        expect(list._meta.hostvars.bastion).toMatchObject({ ansible_host: s.bastion_host, ansible_user: 'ubuntu' });
      if (s.external_network_id) expect(first.external_openstack_lbaas_floating_network_id).toBe(s.external_network_id);
      for (const [name, host] of Object.entries(hostsOf(s)))
        expect(list._meta.hostvars[name]).toMatchObject({
          ansible_host: host.ansible_host,
          ip: host.ip,
          access_ip: host.ip,
        });
    },
  );

  it.each(Object.keys(SCENARIOS) as Scenario[])(
    `%s: every variable is one Kubespray ${kubespray.version} defines (or Ansible's own ansible_*)`,
    (id) => {
      const files = readdirSync(path.join(rendered[id], 'group_vars'), { recursive: true, encoding: 'utf8' }).filter(
        (f) => f.endsWith('.yml'),
      );
      expect(files.sort()).toEqual([
        'all/all.yml',
        'all/cluster-deploy.yml',
        'all/openstack.yml',
        'k8s_cluster/k8s-cluster.yml',
      ]);
      const unknown: string[] = [];
      for (const file of files) {
        const vars = (YAML.parse(readFileSync(path.join(rendered[id], 'group_vars', file), 'utf8')) ?? {}) as Record<
          string,
          unknown
        >;
        for (const name of Object.keys(vars)) if (!kubespray.variables[name]) unknown.push(`${file}: ${name}`);
      }
      // Host variables: Ansible's connection variables, and ip/access_ip (Kubespray's docs/ansible/vars.md).
      const inventory = YAML.parse(readFileSync(path.join(rendered[id], 'inventory.yaml'), 'utf8'));
      for (const [host, vars] of Object.entries(inventory.all.hosts as Record<string, Record<string, unknown>>))
        for (const name of Object.keys(vars))
          if (!/^ansible_(host|user)$/.test(name) && !['ip', 'access_ip'].includes(name))
            unknown.push(`${host}: ${name}`);
      expect(unknown).toEqual([]);
      expect(kubespray.commit).toMatch(/^[0-9a-f]{40}$/);
    },
  );

  it('cluster-deploy reads the roles from the written inventory (control plane, etcd, workers)', () => {
    const inventory = readInventory(path.join(rendered.octavia, 'inventory.yaml'))!;
    expect(inventory.controlPlane).toEqual(['prod-cp-0', 'prod-cp-1', 'prod-cp-2']);
    expect(inventory.etcd).toEqual(['prod-cp-0', 'prod-cp-1', 'prod-cp-2']);
    expect(inventory.workers).toEqual(['prod-w-0', 'prod-w-1']);
  });

  it("drives the sandbox's stand-in cluster.yml end to end: every node registered at the group_vars' kube_version", async () => {
    const sandboxDir = path.join(work, 'sandbox');
    const sandbox = await prepareSandbox({ workDir: sandboxDir });
    try {
      const inventoryDir = path.join(sandbox.clusterDir, 'inventory');
      rmSync(inventoryDir, { recursive: true, force: true });
      execFileSync('cp', ['-r', rendered.octavia, inventoryDir]);
      // The stand-in runs every host locally; the module's hosts are remote machines.
      const r = spawnSync(
        'ansible-playbook',
        [
          '-i',
          path.join(inventoryDir, 'inventory.yaml'),
          'cluster.yml',
          '-b',
          '-e',
          '{"ansible_connection": "local", "ansible_python_interpreter": "/usr/bin/python3"}',
        ],
        { cwd: path.join(sandbox.clusterDir, 'kubespray'), env: toolEnv(), encoding: 'utf8' },
      );
      expect(r.status, r.stdout + r.stderr).toBe(0);
      const [run] = await sandbox.runs();
      expect(run).toMatchObject({ playbook: 'cluster.yml', vars: { kube_version: '1.34.2' } });
      expect(run!.hosts.sort()).toEqual(['prod-cp-0', 'prod-cp-1', 'prod-cp-2', 'prod-w-0', 'prod-w-1']);
      const registry = JSON.parse(readFileSync(sandbox.registryFile, 'utf8')) as {
        nodes: { name: string; kubeletVersion?: string; version?: string }[];
      };
      expect(registry.nodes.map((n) => n.name).sort()).toEqual(run!.hosts.sort());
      expect(readFileSync(path.join(inventoryDir, 'artifacts', 'admin.conf'), 'utf8')).toContain(
        'server: https://127.0.0.1:',
      );
    } finally {
      await sandbox.close();
    }
  });
});

/** The module's variables alone (no providers, so the real terraform plans them offline), with these values. */
function planVariables(values: Record<string, unknown>): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'module-vars-'));
  try {
    writeFileSync(path.join(dir, 'variables.tf'), readFileSync(path.join(ROOT, MODULE, 'variables.tf')));
    writeFileSync(path.join(dir, 'values.tfvars.json'), JSON.stringify(values));
    const env = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      TF_CLI_CONFIG_FILE: '/dev/null',
      TF_IN_AUTOMATION: '1',
    };
    const init = spawnSync('terraform', ['init', '-input=false'], { cwd: dir, env, encoding: 'utf8' });
    if (init.status !== 0) return { status: init.status, output: init.stdout + init.stderr };
    const r = spawnSync('terraform', ['plan', '-input=false', '-no-color', '-var-file=values.tfvars.json'], {
      cwd: dir,
      env,
      encoding: 'utf8',
    });
    return { status: r.status, output: (r.stdout + r.stderr).replace(/\s*│\s*/g, ' ') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the module's variables refuse what would break the cluster, naming the variable (the real terraform)", () => {
  const valid = {
    cluster_name: 'prod-east',
    kube_version: '1.34.2',
    image_name: 'ubuntu-24.04',
    keypair_name: 'deploy',
    control_plane: { flavor_name: 'm1.large', names: ['cp-0', 'cp-1', 'cp-2'] },
    worker_pools: { default: { flavor_name: 'm1.xlarge', names: ['w-0'] } },
    api_allowed_cidrs: ['198.51.100.0/24'],
    ssh_allowed_cidrs: ['198.51.100.0/24'],
  };

  it('accepts the values of the guide', () => {
    const r = planVariables(valid);
    expect(r.status, r.output).toBe(0);
  });

  it('accepts a pinned image id without a name', () => {
    const { image_name: _, ...pinned } = valid;
    const r = planVariables({ ...pinned, image_id: '0f9c2d5e-8a41-4c3b-9d6e-2b7a1c4e5f60' });
    expect(r.status, r.output).toBe(0);
  });

  /** An extra security group rule the module takes (NodePorts from anywhere), with some fields changed. */
  const rule = (change: Record<string, unknown> = {}) => ({
    protocol: 'tcp',
    port_range_min: 30000,
    port_range_max: 32767,
    remote_ip_prefix: '0.0.0.0/0',
    ...change,
  });

  it.each([
    [
      'an even number of control planes',
      { control_plane: { flavor_name: 'm', names: ['a', 'b'] } },
      'odd number of names',
    ],
    ['a cluster name that is no DNS label', { cluster_name: 'Prod_East' }, 'cluster_name must be a DNS label'],
    ['a version with a "v"', { kube_version: 'v1.34.2' }, 'without a "v"'],
    ['an image id with a newline', { image_id: 'a\nb' }, 'image_id must be a Glance image id'],
    ['an image id that is a name with spaces', { image_id: 'Ubuntu 24.04' }, 'image_id must be a Glance image id'],
    [
      'a node name with a dot',
      { worker_pools: { default: { flavor_name: 'm', names: ['w.0'] } } },
      'worker_pools.<pool>.names must be short DNS labels',
    ],
    [
      'a pool named control-plane',
      { worker_pools: { 'control-plane': { flavor_name: 'm', names: ['w-0'] } } },
      'may not be named control-plane',
    ],
    [
      'an unknown server group policy',
      { control_plane: { flavor_name: 'm', names: ['a'], server_group_policy: 'spread' } },
      'server_group_policy must be',
    ],
    [
      'an unknown API endpoint kind',
      { api_load_balancer: 'haproxy' },
      'api_load_balancer must be octavia, vip or none',
    ],
    ['half of an existing network', { network: { existing_network_id: 'n' } }, 'go together'],
    [
      'a Kubespray variable name that is no name',
      { kubespray_variables: { 'bad name': 1 } },
      'kubespray_variables must map',
    ],
    ['no API CIDRs at all (the variable has no default)', { api_allowed_cidrs: undefined }, 'api_allowed_cidrs'],
    [
      'an extra rule with an unknown protocol',
      { extra_security_group_rules: [rule({ protocol: 'http' })] },
      'protocol must be tcp, udp, icmp or sctp',
    ],
    [
      'an extra rule with an empty protocol',
      { extra_security_group_rules: [rule({ protocol: '' })] },
      'protocol must be tcp, udp, icmp or sctp',
    ],
    [
      'an extra rule with an unknown direction',
      { extra_security_group_rules: [rule({ direction: 'in' })] },
      'direction ingress or egress',
    ],
    [
      'an extra rule with port 0',
      { extra_security_group_rules: [rule({ port_range_min: 0 })] },
      'port_range_min and port_range_max must be whole',
    ],
    [
      'an extra rule with a port above 65535',
      { extra_security_group_rules: [rule({ port_range_max: 70000 })] },
      'port_range_min and port_range_max must be whole',
    ],
    [
      'an extra rule whose range runs backwards',
      { extra_security_group_rules: [rule({ port_range_min: 32767, port_range_max: 30000 })] },
      'port_range_min and port_range_max must be whole',
    ],
    [
      'an extra rule with a fractional port',
      { extra_security_group_rules: [rule({ port_range_min: 30000.5 })] },
      'port_range_min and port_range_max must be whole',
    ],
    [
      'an extra rule with an address, not a CIDR',
      { extra_security_group_rules: [rule({ remote_ip_prefix: '198.51.100.7' })] },
      'remote_ip_prefix must be a CIDR',
    ],
    [
      'an extra rule with a newline in its CIDR',
      { extra_security_group_rules: [rule({ remote_ip_prefix: '0.0.0.0/0\nx' })] },
      'remote_ip_prefix must be a CIDR',
    ],
    [
      'an extra rule with an empty CIDR',
      { extra_security_group_rules: [rule({ remote_ip_prefix: '' })] },
      'remote_ip_prefix must be a CIDR',
    ],
    [
      'an extra rule without its ports',
      { extra_security_group_rules: [{ protocol: 'tcp', remote_ip_prefix: '0.0.0.0/0' }] },
      'extra_security_group_rules',
    ],
    ['the same extra rule twice', { extra_security_group_rules: [rule(), rule()] }, 'a rule is listed twice'],
    ['NodePorts from the subnet as a string', { nodeports_from_subnet: 'yes' }, 'nodeports_from_subnet'],
  ])('%s', (_, change, message) => {
    const values = Object.fromEntries(Object.entries({ ...valid, ...change }).filter(([, v]) => v !== undefined));
    const r = planVariables(values);
    expect(r.status, r.output).not.toBe(0);
    expect(r.output).toContain(message);
  });
});
