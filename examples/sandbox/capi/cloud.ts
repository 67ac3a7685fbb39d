import { randomBytes, randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { writeFileAtomic } from '../../../src/core/lib/files.js';
import { type ApiServerStandIn, startApiServerStandIn } from './api-server.js';
import { runTool } from './commands.js';
import {
  CapiControllers,
  type SimCatalog,
  type SimFloatingIp,
  type SimLoadBalancer,
  type SimNetworkResource,
  type SimServer,
  type SimulatedCloud,
  providersInstalled,
  simulateKubelets,
} from './controllers.js';
import { capiAdmission } from './webhooks.js';
import { type NovaStandIn, startNovaStandIn } from './nova.js';

/**
 * The "sandbox cloud": one process hosting every Kubernetes API server of a Cluster API run (kind
 * and existing management clusters, workload clusters), the simulated OpenStack (servers, load
 * balancers) and the simulated controllers, plus a localhost control endpoint through which the
 * `clusterctl` and `kind` stand-ins in ./bin reach it. Tests and the demo start it; the stand-ins
 * find it through `env` (CAPI_SANDBOX_URL).
 */

const BIN_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bin');
/** The stand-ins' way to the cloud: `http://127.0.0.1:<port>/<token>`. */
export const CAPI_SANDBOX_URL = 'CAPI_SANDBOX_URL';
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;
/** The tool-call log keeps the most recent runs: a long sandbox session must not grow it without end. */
const MAX_TOOL_CALLS = 1000;

/** What the launcher (launcher.mjs) posts to the control endpoint. */
const ToolRequestSchema = z.object({
  tool: z.enum(['clusterctl', 'kind']),
  args: z.array(z.string()),
  cwd: z.string().min(1),
  env: z.record(z.string(), z.string()),
  stdin: z.string().optional(),
});

export interface CapiSandboxOptions {
  /** Where certificates and kubeconfigs go. */
  dir: string;
  /** Milliseconds between reconcile passes; every object moves at most one phase per pass. Default 500. */
  stepMs?: number;
  /** How long a new server stays in BUILD before Nova makes it ACTIVE (controllers.ts SimulatedCloud). Default 0. */
  serverBootMs?: number;
  /** What the simulated project holds besides `SANDBOX_CATALOG` (flavors, images, external networks, credentials). */
  catalog?: {
    flavors?: string[];
    images?: string[];
    externalNetworks?: string[];
    applicationCredentials?: Record<string, string>;
    /** Floating IPs the user created beforehand (`openstack floating ip create`), by address. */
    floatingIps?: string[];
  };
  /** Nova's `GET /servers/{id}` (./nova.ts): its port (a Keystone catalog entry made first) and the Keystone to trust. */
  nova?: { port?: number; keystoneUrl?: string };
}

/**
 * The simulated OpenStack project: the names the sandbox's config (examples/sandbox/config-cluster-api.yaml) uses
 * exist; any other flavor, image, external network or credential does not, and CAPO fails on it as it really does.
 */
export const SANDBOX_CATALOG = {
  flavors: ['m1.small', 'm1.medium', 'm1.large'],
  images: ['ubuntu-2404-kube-v1.34.2', 'ubuntu-2404-kube-v1.35.0'],
  externalNetworks: ['0f4b3a52-1c1e-4d8e-9b55-3f2d8c1e7a10'],
  applicationCredentials: { 'sandbox-app-cred': 'sandbox-secret-value' } as Record<string, string>,
  /** The API address the sandbox's config keeps (deployment.cluster_api.api_server_floating_ip), made beforehand. */
  floatingIps: ['172.24.4.200'],
};

export type HostedClusterRole = 'kind' | 'management' | 'workload';

export interface HostedCluster {
  /** kind/management: its name; workload: `<namespace>/<cluster>`. */
  name: string;
  role: HostedClusterRole;
  url: string;
}

export interface CapiSandbox {
  /** Variables that let the stand-in CLIs find this cloud. */
  env: Record<string, string>;
  /** Holds `clusterctl` and `kind`; put it first on PATH. */
  binDir: string;
  /**
   * An "existing" management cluster (no providers yet), its kubeconfig (context `<name>`) written under dir. Its API
   * server and node run `kubernetesVersion` (default v1.35.1, which CAPI v1.12.1 and later support for one).
   */
  createManagementCluster(
    name: string,
    kubernetesVersion?: string,
  ): Promise<{ kubeconfigPath: string; api: ApiServerStandIn }>;
  /** `docker pull` of this kind node image fails from now on, as for a tag the registry does not hold. */
  removeNodeImage(image: string): void;
  /** Undoes removeNodeImage: the registry holds the image again. */
  restoreNodeImage(image: string): void;
  /** Each `clusterctl` and `kind` run so far, in order (tool and argv): what a test asserts never ran. */
  toolCalls(): { tool: 'clusterctl' | 'kind'; args: string[] }[];
  /** The next server created goes to ERROR after its create was accepted, with this Nova fault (only Nova shows it). */
  failNextServer(message: string): void;
  /** Nova refuses the next create request with this error (a quota, say): CAPO's InstanceCreateFailed. */
  rejectNextServer(message: string): void;
  /** Every server whose (machine) name matches fails so; a string is a glob (`*`). */
  failServer(machineNamePattern: string | RegExp, message: string): void;
  /** The next `times` Nova deletes of servers whose name matches fail with this error (CAPO retries them). */
  failServerDelete(machineNamePattern: string | RegExp, message: string, times?: number): void;
  /**
   * The next `times` requests matching `METHOD /path` to the API servers of this role (those running, and the next
   * one started) fail with a 500.
   */
  failRequests(role: HostedClusterRole, pattern: RegExp, times?: number): void;
  /** The next `clusterctl move` stops after creating `objects` objects on the target (the source stays paused). */
  failNextMove(objects: number): void;
  servers(): SimServer[];
  loadBalancers(): SimLoadBalancer[];
  networks(): SimNetworkResource[];
  routers(): SimNetworkResource[];
  /** Cinder's volumes the workload clusters' claims made. */
  volumes(): { id: string; name: string; cluster: string }[];
  /** Neutron's floating IPs: pre-created ones and those CAPO made (`createdBy`). */
  floatingIps(): SimFloatingIp[];
  /** The simulated project's Nova, serving the servers above (register `nova.url` as Keystone's compute endpoint). */
  nova: NovaStandIn;
  /** The CAPO manager's log lines in a hosted cluster (what `kubectl logs` of its pod shows). */
  capoLog(clusterName: string): string[];
  /** API servers alive. */
  clusters(): HostedCluster[];
  /** The API server of a hosted cluster (kind/management name, or `<namespace>/<cluster>` for a workload). */
  api(name: string): ApiServerStandIn | undefined;
  close(): Promise<void>;
}

interface Hosted {
  name: string;
  role: HostedClusterRole;
  api: ApiServerStandIn;
  controllers: CapiControllers;
}

function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
}

/** The node kind (and an existing cluster) shows: one Ready control-plane node. */
function controlPlaneNode(name: string, kubeletVersion: string) {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, 'node-role.kubernetes.io/control-plane': '' } },
    status: {
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          reason: 'KubeletReady',
          message: 'kubelet is posting ready status',
          lastTransitionTime: new Date().toISOString(),
        },
      ],
      nodeInfo: { kubeletVersion },
    },
  };
}

export async function startCapiSandbox(options: CapiSandboxOptions): Promise<CapiSandbox> {
  const stepMs = options.stepMs ?? 500;
  await fs.mkdir(options.dir, { recursive: true, mode: 0o700 });
  const hosted = new Map<string, Hosted>();
  const servers = new Map<string, SimServer>();
  const loadBalancers = new Map<string, SimLoadBalancer>();
  const faults: { pattern: RegExp; message: string; once: boolean; atCreate: boolean }[] = [];
  const deleteFaults: { pattern: RegExp; message: string; times: number }[] = [];
  const networks = new Map<string, SimNetworkResource>();
  const routers = new Map<string, SimNetworkResource>();
  const floatingIps = new Map<string, SimFloatingIp>(
    [...SANDBOX_CATALOG.floatingIps, ...(options.catalog?.floatingIps ?? [])].map((address) => [
      address,
      { id: randomUUID(), address },
    ]),
  );
  const catalog: SimCatalog = {
    flavors: new Set([...SANDBOX_CATALOG.flavors, ...(options.catalog?.flavors ?? [])]),
    images: new Set([...SANDBOX_CATALOG.images, ...(options.catalog?.images ?? [])]),
    externalNetworks: new Set([...SANDBOX_CATALOG.externalNetworks, ...(options.catalog?.externalNetworks ?? [])]),
    applicationCredentials: new Map(
      Object.entries({ ...SANDBOX_CATALOG.applicationCredentials, ...options.catalog?.applicationCredentials }),
    ),
  };
  const starting = new Map<string, Promise<ApiServerStandIn>>();
  const moveFaults: number[] = [];
  const volumes: SimulatedCloud['volumes'] = new Map();
  const requestFaults: { role: HostedClusterRole; pattern: RegExp; times: number }[] = [];
  let closed = false;

  const startApi = async (
    name: string,
    role: HostedClusterRole,
    kubernetesVersion?: string,
  ): Promise<ApiServerStandIn> => {
    const dirName = `${role}-${name.replace(/[^a-z0-9.-]/gi, '_')}-${randomBytes(3).toString('hex')}`;
    const api = await startApiServerStandIn({ dir: path.join(options.dir, dirName), name, kubernetesVersion });
    const controllers = new CapiControllers(api, cloud);
    api.addAdmission(capiAdmission(() => providersInstalled(api)));
    hosted.set(name, { name, role, api, controllers });
    for (const fault of requestFaults.filter((f) => f.role === role)) api.failRequests(fault.pattern, fault.times);
    requestFaults.splice(0, requestFaults.length, ...requestFaults.filter((f) => f.role !== role));
    // `kubectl logs` of the CAPO manager's pod reads the simulated controllers' log.
    api.setPodLogs((namespace, pod, sinceMs) =>
      namespace === 'capo-system' && pod.startsWith('capo-controller-manager-')
        ? controllers.capoLog.filter((entry) => entry.at >= sinceMs).map((entry) => entry.line)
        : undefined,
    );
    return api;
  };

  const cloud: SimulatedCloud = {
    servers,
    loadBalancers,
    networks,
    routers,
    floatingIps,
    volumes,
    catalog,
    serverBootMs: options.serverBootMs,
    takeDeleteFault(serverName) {
      const fault = deleteFaults.find((f) => f.times > 0 && f.pattern.test(serverName));
      if (!fault) return undefined;
      fault.times--;
      return fault.message;
    },
    takeServerFault(serverName) {
      const index = faults.findIndex((f) => f.pattern.test(serverName));
      if (index < 0) return undefined;
      const fault = faults[index]!;
      if (fault.once) faults.splice(index, 1);
      return { message: fault.message, atCreate: fault.atCreate };
    },
    workloadApi(clusterKey, kubernetesVersion) {
      const existing = hosted.get(clusterKey);
      if (existing) return Promise.resolve(existing.api);
      let pending = starting.get(clusterKey);
      if (!pending) {
        pending = startApi(clusterKey, 'workload', kubernetesVersion).then((api) => {
          api.setReady(false); // until the first control plane machine runs
          return api;
        });
        starting.set(clusterKey, pending);
        void pending.finally(() => starting.delete(clusterKey));
      }
      return pending;
    },
    existingWorkloadApi: (clusterKey) => hosted.get(clusterKey)?.api,
    async deleteWorkloadApi(clusterKey) {
      const entry = hosted.get(clusterKey);
      if (!entry) return;
      hosted.delete(clusterKey);
      await entry.api.close();
    },
  };

  // One pass at a time: controllers of every hosted API server, then the workload kubelets.
  let passing: Promise<void> | undefined;
  const pass = async () => {
    if (passing || closed) return;
    passing = reconcileAll();
    await passing;
    passing = undefined;
  };
  const reconcileAll = async () => {
    try {
      for (const entry of [...hosted.values()]) await entry.controllers.reconcile();
      for (const entry of [...hosted.values()])
        if (entry.role === 'workload') simulateKubelets(entry.api, cloud, entry.name);
    } catch (error) {
      process.stderr.write(`sandbox cloud: reconcile failed: ${(error as Error).stack}\n`);
    }
  };
  const ticker = setInterval(() => void pass(), stepMs);

  const host = {
    // A kind node runs the Kubernetes its node image was built with (kind `pkg/build/nodeimage`: the image holds the
    // binaries; the tag names their version), so /version and the kubelet say the image's version.
    async createKindCluster(name: string, image: string) {
      const version = /:(v\d+\.\d+\.\d+)/.exec(image)?.[1];
      const api = await startApi(name, 'kind', version);
      api.put(controlPlaneNode(`${name}-control-plane`, version ?? 'v1.36.1'));
      return api;
    },
    kindCluster: (name: string) => {
      const entry = hosted.get(name);
      return entry?.role === 'kind' ? entry.api : undefined;
    },
    kindClusterNames: () => [...hosted.values()].filter((h) => h.role === 'kind').map((h) => h.name),
    async deleteKindCluster(name: string) {
      const entry = hosted.get(name);
      if (entry?.role !== 'kind') return;
      hosted.delete(name);
      await entry.api.close();
    },
    apiByUrl: (url: string) => [...hosted.values()].find((h) => h.api.url === url.replace(/\/$/, ''))?.api,
    takeMoveFault() {
      const after = moveFaults.shift();
      return after;
    },
    nodeImageMissing: (image: string) => missingImages.has(image),
  };

  const toolCalls: { tool: 'clusterctl' | 'kind'; args: string[] }[] = [];
  const missingImages = new Set<string>();
  const token = randomBytes(16).toString('hex');
  const control = http.createServer((req, res) => {
    const reply = (code: number, body: unknown) => {
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== `/${token}/run`) return reply(404, { error: 'not found' });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', async () => {
      let request: z.infer<typeof ToolRequestSchema>;
      try {
        request = ToolRequestSchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        return reply(400, { error: `not a stand-in request: ${(error as Error).message}` });
      }
      toolCalls.push({ tool: request.tool, args: request.args });
      if (toolCalls.length > MAX_TOOL_CALLS) toolCalls.shift();
      try {
        reply(200, await runTool(host, request));
      } catch (error) {
        reply(200, { stdout: '', stderr: `sandbox cloud: ${(error as Error).stack}\n`, exitCode: 2 });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    control.once('error', reject);
    control.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = control.address() as AddressInfo;
  const nova = await startNovaStandIn({ servers: () => servers.values(), ...options.nova });

  return {
    env: { [CAPI_SANDBOX_URL]: `http://127.0.0.1:${port}/${token}` },
    binDir: BIN_DIR,
    async createManagementCluster(name, kubernetesVersion = 'v1.35.1') {
      if (hosted.has(name)) throw new Error(`sandbox cloud: a cluster named ${name} already exists`);
      const api = await startApi(name, 'management', kubernetesVersion);
      api.put(controlPlaneNode(`${name}-control-plane`, kubernetesVersion));
      const kubeconfigPath = path.join(options.dir, `${name}.kubeconfig`);
      await writeFileAtomic(kubeconfigPath, api.kubeconfig(name));
      return { kubeconfigPath, api };
    },
    failNextServer(message) {
      faults.push({ pattern: /.*/, message, once: true, atCreate: false });
    },
    rejectNextServer(message) {
      faults.push({ pattern: /.*/, message, once: true, atCreate: true });
    },
    failServer(machineNamePattern, message) {
      faults.push({
        pattern: typeof machineNamePattern === 'string' ? globToRegExp(machineNamePattern) : machineNamePattern,
        message,
        once: false,
        atCreate: false,
      });
    },
    failRequests(role, pattern, times = 1) {
      const running = [...hosted.values()].filter((h) => h.role === role);
      for (const entry of running) entry.api.failRequests(pattern, times);
      if (running.length === 0) requestFaults.push({ role, pattern, times });
    },
    removeNodeImage(image) {
      missingImages.add(image);
    },
    restoreNodeImage(image) {
      missingImages.delete(image);
    },
    toolCalls: () => toolCalls.map((call) => ({ ...call, args: [...call.args] })),
    failNextMove(objects) {
      moveFaults.push(objects);
    },
    failServerDelete(machineNamePattern, message, times = 1) {
      deleteFaults.push({
        pattern: typeof machineNamePattern === 'string' ? globToRegExp(machineNamePattern) : machineNamePattern,
        message,
        times,
      });
    },
    servers: () => [...servers.values()],
    nova,
    loadBalancers: () => [...loadBalancers.values()],
    networks: () => [...networks.values()],
    routers: () => [...routers.values()],
    floatingIps: () => [...floatingIps.values()],
    volumes: () => [...volumes.values()],
    capoLog: (clusterName) => (hosted.get(clusterName)?.controllers.capoLog ?? []).map((entry) => entry.line),
    clusters: () => [...hosted.values()].map((h) => ({ name: h.name, role: h.role, url: h.api.url })),
    api: (name) => hosted.get(name)?.api,
    async close() {
      closed = true;
      clearInterval(ticker);
      await passing;
      control.closeAllConnections();
      await new Promise<void>((resolve) => control.close(() => resolve()));
      await nova.close();
      await Promise.all([...starting.values()].map((p) => p.catch(() => undefined)));
      await Promise.all([...hosted.values()].map((h) => h.api.close()));
      hosted.clear();
    },
  };
}
