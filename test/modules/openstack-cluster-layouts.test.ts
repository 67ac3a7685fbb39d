import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { ROOT } from '../support/action-runner.js';
import { standInModule } from '../support/openstack-standin.js';

/**
 * Every layout the shipped module's variables allow, planned and applied by the real terraform
 * against the OpenStack stand-in (test/support/openstack-standin.ts: the provider's resources as
 * terraform_data with the attributes the provider computes): each is either refused while planning,
 * with its reason, or works: the kubeconfig Kubespray fetches points at an address in the API
 * certificate, Ansible has an SSH path the security groups admit, an OVN listener carries no
 * allowed_cidrs, and the layout serves a runner (hosted: everything public; inside: a runner on the
 * nodes' network; bastion: SSH through the bastion's floating IP, the API at its private address).
 */
const run = promisify(execFile);
const MODULE = path.join(ROOT, 'modules/openstack-cluster');
const API_FIP = '203.0.113.10';

const NETWORKS = {
  created: { external_network: 'public' },
  'created, no external network': {},
  existing: { existing_network_id: 'net-1', existing_subnet_id: 'subnet-1' },
  'existing, external network': {
    existing_network_id: 'net-1',
    existing_subnet_id: 'subnet-1',
    external_network: 'public',
  },
} as const;

interface Layout {
  api_load_balancer: 'octavia' | 'vip' | 'none';
  octavia_provider: 'amphora' | 'ovn';
  api_floating_ip: string | null;
  bastion: { flavor_name: string } | null;
  node_floating_ips: boolean;
  network: keyof typeof NETWORKS;
}

const layouts: Layout[] = [];
for (const api_load_balancer of ['octavia', 'vip', 'none'] as const)
  for (const octavia_provider of ['amphora', 'ovn'] as const)
    for (const api_floating_ip of [null, API_FIP])
      for (const bastion of [null, { flavor_name: 'm1.small' }])
        for (const node_floating_ips of [false, true])
          for (const network of Object.keys(NETWORKS) as (keyof typeof NETWORKS)[])
            layouts.push({ api_load_balancer, octavia_provider, api_floating_ip, bastion, node_floating_ips, network });

const describeLayout = (l: Layout) =>
  [
    `api ${l.api_load_balancer}${l.api_load_balancer === 'octavia' ? ` (${l.octavia_provider})` : ''}`,
    l.api_floating_ip ? 'API floating IP' : null,
    l.bastion ? 'bastion' : null,
    l.node_floating_ips ? 'node floating IPs' : null,
    `network ${l.network}`,
    l.api_load_balancer !== 'octavia' && l.octavia_provider === 'ovn' ? 'Services on ovn' : null,
  ]
    .filter(Boolean)
    .join(', ');

/** Why a layout cannot work, from the cloud's and Kubespray's behaviour (the module's layout.tf must say the same). */
function expectedRefusals(l: Layout): string[] {
  const external = 'external_network' in NETWORKS[l.network];
  const created = l.network.startsWith('created');
  return [
    created && !external ? 'network.external_network is needed when this module creates the network' : '',
    l.node_floating_ips && !external ? 'node_floating_ips = true needs network.external_network' : '',
    l.bastion && !external ? 'bastion needs network.external_network' : '',
    l.bastion && l.node_floating_ips ? 'bastion and node_floating_ips = true together' : '',
    l.node_floating_ips && l.api_load_balancer !== 'none'
      ? `node_floating_ips = true with api_load_balancer = "${l.api_load_balancer}"`
      : '',
    l.api_floating_ip && created && !external ? 'api_floating_ip needs network.external_network' : '',
  ].filter(Boolean);
}

const values = (l: Layout) => ({
  cluster_name: 'c',
  kube_version: '1.34.2',
  image_name: 'ubuntu-24.04',
  keypair_name: 'deploy',
  control_plane: { flavor_name: 'm1.large', names: ['cp-0', 'cp-1', 'cp-2'] },
  worker_pools: { default: { flavor_name: 'm1.xlarge', names: ['w-0'] } },
  api_allowed_cidrs: ['198.51.100.0/24'],
  ssh_allowed_cidrs: ['198.51.100.0/24'],
  ...l,
  network: NETWORKS[l.network],
});

let work: string;
let moduleDir: string;
const env = () => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: work,
  TF_CLI_CONFIG_FILE: '/dev/null',
  TF_IN_AUTOMATION: '1',
});

interface StateResource {
  module?: string;
  type: string;
  name: string;
  instances: { index_key?: string | number; attributes: { input: { value: Record<string, unknown> } } }[];
}
interface Outcome {
  status: 'refused' | 'applied';
  output: string;
  state?: { outputs: Record<string, { value: unknown }>; resources: StateResource[] };
}

/** Applies one layout (a plan that fails is a refusal); each its own state file. */
async function applyLayout(l: Layout, i: number): Promise<Outcome> {
  const vars = path.join(work, `layout-${i}.tfvars.json`);
  const state = path.join(work, `layout-${i}.tfstate`);
  writeFileSync(vars, JSON.stringify(values(l)));
  try {
    const r = await run(
      'terraform',
      ['apply', '-input=false', '-no-color', '-auto-approve', '-lock=false', `-var-file=${vars}`, `-state=${state}`],
      { cwd: moduleDir, env: env(), maxBuffer: 64 << 20 },
    );
    return { status: 'applied', output: r.stdout, state: JSON.parse(readFileSync(state, 'utf8')) };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { status: 'refused', output: `${e.stdout ?? ''}${e.stderr ?? ''}`.replace(/\s*│\s*/g, ' ') };
  }
}

const outcomes = new Map<number, Outcome>();

const isPublic = (address: string) => address === API_FIP || address.startsWith('198.18.');

function inventoryOf(state: NonNullable<Outcome['state']>) {
  const files = Object.fromEntries(
    state.resources
      .filter((r) => !r.module && r.name === 'local_file__inventory')
      .flatMap((r) => r.instances.map((i) => [String(i.index_key), i.attributes.input.value.content as string])),
  );
  const inventory = YAML.parse(files['inventory.yaml']!) as {
    all: {
      hosts: Record<string, { ansible_host: string; ip: string; access_ip: string }>;
      children: Record<string, { hosts?: Record<string, unknown> }>;
    };
  };
  const vars = Object.assign(
    {},
    ...Object.entries(files)
      .filter(([file]) => file.startsWith('group_vars/'))
      .map(([, text]) => YAML.parse(text) ?? {}),
  ) as Record<string, unknown>;
  return { inventory, vars };
}

const resource = (state: NonNullable<Outcome['state']>, name: string) =>
  state.resources.filter((r) => !r.module && r.name === name).flatMap((r) => r.instances);

describe('every layout the module offers works or is refused while planning, with its reason (real terraform, OpenStack stand-in)', () => {
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'module-layouts-'));
    moduleDir = path.join(work, 'openstack-cluster');
    standInModule(MODULE, moduleDir);
    await run('terraform', ['init', '-input=false', '-no-color'], { cwd: moduleDir, env: env() });
    // Two at a time: the machine is shared.
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < layouts.length; i = next++) outcomes.set(i, await applyLayout(layouts[i]!, i));
    };
    await Promise.all([worker(), worker()]);
  }, 600_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('plans all the combinations of the API endpoint, provider, API floating IP, bastion, node floating IPs and network', () => {
    expect(layouts).toHaveLength(3 * 2 * 2 * 2 * 2 * 4);
    expect(outcomes.size).toBe(layouts.length);
  });

  it.each(layouts.map((l, i) => [describeLayout(l), i] as const))('%s', (_, i) => {
    const layout = layouts[i]!;
    const outcome = outcomes.get(i)!;
    const refusals = expectedRefusals(layout);
    if (refusals.length) {
      expect(outcome.status, outcome.output).toBe('refused');
      expect(outcome.output).toContain('This layout cannot work');
      for (const reason of refusals) expect(outcome.output).toContain(reason);
      expect(outcome.output).not.toContain('Apply complete');
      return;
    }
    expect(outcome.status, outcome.output).toBe('applied');
    const state = outcome.state!;
    const { inventory, vars } = inventoryOf(state);
    const hosts = inventory.all.hosts;
    const controlPlanes = Object.keys(inventory.all.children.kube_control_plane!.hosts!);
    const first = hosts[controlPlanes[0]!]!;
    // The server of the admin kubeconfig Kubespray fetches (roles/kubernetes/client): the load
    // balancer's address, else with kubeconfig_localhost_ansible_host the first control plane's
    // ansible_host, else its access address.
    const lb = vars.loadbalancer_apiserver as { address: string } | undefined;
    const server = lb?.address ?? (vars.kubeconfig_localhost_ansible_host ? first.ansible_host : first.access_ip);
    // The API certificate's SANs (roles/kubernetes/control-plane/tasks/kubeadm-setup.yml): every
    // control plane's ip and access_ip, the load balancer's address, kube-vip's, and the supplementary ones.
    const sans = new Set<string>([
      ...controlPlanes.flatMap((name) => [hosts[name]!.ip, hosts[name]!.access_ip]),
      ...(lb ? [lb.address] : []),
      ...(vars.kube_vip_address ? [vars.kube_vip_address as string] : []),
      ...((vars.supplementary_addresses_in_ssl_keys as string[]) ?? []),
    ]);
    expect(sans.has(server), `kubeconfig server ${server} not in the certificate ${[...sans]}`).toBe(true);
    const apiAddress = state.outputs.api_address!.value as string;
    expect(sans.has(apiAddress), `api_address ${apiAddress} not in the certificate`).toBe(true);

    const listener = resource(state, 'openstack_lb_listener_v2__api');
    if (layout.api_load_balancer === 'octavia') {
      const allowed = listener[0]!.attributes.input.value.allowed_cidrs as string[] | null;
      if (layout.octavia_provider === 'ovn') expect(allowed).toBeNull();
      else expect(allowed).toEqual(expect.arrayContaining(['198.51.100.0/24']));
    } else expect(listener).toEqual([]);

    // SSH: through the bastion to private addresses, or to public ones opened to ssh_allowed_cidrs.
    const sshRules = resource(state, 'openstack_networking_secgroup_rule_v2__ssh');
    const bastionHost = (hosts as Record<string, { ansible_host: string }>).bastion;
    const nodes = Object.entries(hosts).filter(([name]) => name !== 'bastion');
    if (layout.bastion) {
      expect(isPublic(bastionHost!.ansible_host)).toBe(true);
      for (const [, host] of nodes) expect(isPublic(host.ansible_host)).toBe(false);
      expect(resource(state, 'openstack_networking_secgroup_rule_v2__ssh_from_bastion')).toHaveLength(1);
      expect(sshRules).toEqual([]);
    } else {
      expect(bastionHost).toBeUndefined();
      for (const [, host] of nodes) expect(isPublic(host.ansible_host)).toBe(layout.node_floating_ips);
      expect(sshRules.map((r) => r.attributes.input.value.remote_ip_prefix)).toEqual(['198.51.100.0/24']);
    }
    // LoadBalancer Services: the NodePorts from the subnet.
    expect(
      resource(state, 'openstack_networking_secgroup_rule_v2__nodeports').map((r) => [
        r.attributes.input.value.protocol,
        r.attributes.input.value.port_range_min,
        r.attributes.input.value.port_range_max,
      ]),
    ).toEqual([
      ['tcp', 30000, 32767],
      ['udp', 30000, 32767],
    ]);

    // The runner it serves.
    const runner = layout.bastion
      ? 'bastion'
      : nodes.every(([, h]) => isPublic(h.ansible_host)) && isPublic(server)
        ? 'hosted'
        : nodes.every(([, h]) => !isPublic(h.ansible_host)) && !isPublic(server)
          ? 'inside'
          : 'none';
    expect(runner).not.toBe('none');
    expect(runner === 'hosted').toBe(layout.api_load_balancer === 'none' && layout.node_floating_ips);
  });

  it('the refused and working layouts, counted', () => {
    const refused = layouts.filter((l) => expectedRefusals(l).length).length;
    expect({ refused, working: layouts.length - refused }).toEqual({ refused: 124, working: 68 });
  });
});

/** A fenced block of the guide whose first line names it (docs.test.ts checks each is init's output, filled in). */
function guideBlock(name: string): string {
  const guide = readFileSync(path.join(ROOT, 'docs/getting-started.md'), 'utf8');
  return [...guide.matchAll(/```[a-z]*\n# ([^\n]+)\n([\s\S]*?)```/g)].find((m) => m[1] === name)![2]!;
}

describe("init's layouts, as the guide fills them in, reach the nodes as their runner does (real terraform, OpenStack stand-in)", () => {
  const config = YAML.parse(guideBlock('clusters/prod-east.yaml')) as {
    opencenter: { infrastructure: { k8s_api_ip: string } };
  };

  it.each([
    ['hosted', 'infrastructure/clusters/prod-east/main.tf', config.opencenter.infrastructure.k8s_api_ip],
    ['self-hosted', 'infrastructure/clusters/prod-east/main.tf (--runner self-hosted)', '10.20.0.10'],
  ] as const)(
    '%s',
    async (runner, block, k8sApiIp) => {
      const dir = mkdtempSync(path.join(tmpdir(), `module-init-${runner}-`));
      try {
        standInModule(MODULE, path.join(dir, 'openstack-cluster'));
        const main = guideBlock(block).replace(/source = "[^"]+"/, 'source = "./openstack-cluster"');
        writeFileSync(path.join(dir, 'main.tf'), main);
        const tfEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, TF_CLI_CONFIG_FILE: '/dev/null' };
        await run('terraform', ['init', '-input=false', '-no-color'], { cwd: dir, env: tfEnv });
        await run('terraform', ['apply', '-input=false', '-no-color', '-auto-approve'], { cwd: dir, env: tfEnv });
        const state = JSON.parse(readFileSync(path.join(dir, 'terraform.tfstate'), 'utf8')) as {
          resources: StateResource[];
        };
        const { inventory, vars } = inventoryOf({
          outputs: {},
          resources: state.resources
            .filter((r) => r.module === 'module.cluster')
            .map((r) => ({ ...r, module: undefined })),
        } as unknown as NonNullable<Outcome['state']>);
        const hosts = Object.entries(inventory.all.hosts);
        const controlPlanes = Object.keys(inventory.all.children.kube_control_plane!.hosts!);
        const lb = vars.loadbalancer_apiserver as { address: string } | undefined;
        const server = lb?.address ?? inventory.all.hosts[controlPlanes[0]!]!.ansible_host;
        // The kubeconfig's server is the config's k8s_api_ip, and in the certificate.
        expect(server).toBe(k8sApiIp);
        expect([...((vars.supplementary_addresses_in_ssl_keys as string[]) ?? []), lb?.address]).toContain(server);
        expect(hosts).toHaveLength(5);
        if (runner === 'hosted') {
          // From the internet: every node at its floating IP, the API at the first control plane's.
          for (const [name, host] of hosts) expect(isPublic(host.ansible_host), name).toBe(true);
          expect(isPublic(server)).toBe(true);
        } else {
          // On the runners' network: every node and the API at private addresses, no bastion.
          for (const [name, host] of hosts) expect(isPublic(host.ansible_host), name).toBe(false);
          expect(isPublic(server)).toBe(false);
          expect(vars.external_openstack_lbaas_floating_network_id).toBeDefined();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

describe('the API port and address that only fit some endpoints are refused while planning (real terraform, OpenStack stand-in)', () => {
  const base: Layout = {
    api_load_balancer: 'none',
    octavia_provider: 'amphora',
    api_floating_ip: API_FIP,
    bastion: null,
    node_floating_ips: true,
    network: 'created',
  };
  it.each([
    [
      'api_port 443 with a VIP',
      { api_load_balancer: 'vip', node_floating_ips: false, api_port: 443 },
      'api_port other than 6443 needs api_load_balancer = "octavia"',
    ],
    ['api_port 443 with none', { api_port: 443 }, 'api_port other than 6443 needs api_load_balancer = "octavia"'],
    [
      'an API VIP address with none',
      { api_vip_address: '10.2.128.9' },
      'api_vip_address is the address of a load balancer or a VIP',
    ],
  ])(
    '%s',
    async (_, change, message) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'module-refuse-'));
      try {
        standInModule(MODULE, path.join(dir, 'm'));
        writeFileSync(path.join(dir, 'values.tfvars.json'), JSON.stringify({ ...values(base), ...change }));
        const tfEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, TF_CLI_CONFIG_FILE: '/dev/null' };
        await run('terraform', ['init', '-input=false', '-no-color'], { cwd: path.join(dir, 'm'), env: tfEnv });
        const output = await run(
          'terraform',
          ['plan', '-input=false', '-no-color', `-var-file=${path.join(dir, 'values.tfvars.json')}`],
          { cwd: path.join(dir, 'm'), env: tfEnv },
        ).then(
          () => 'planned',
          (e: { stdout: string; stderr: string }) => (e.stdout + e.stderr).replace(/\s*│\s*/g, ' '),
        );
        expect(output).toContain('This layout cannot work');
        expect(output).toContain(message);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
