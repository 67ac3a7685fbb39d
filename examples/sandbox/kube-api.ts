import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, promises as fs, renameSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { OBJECT_RESOURCES, type KubeObjects } from './kube-objects.js';

const run = promisify(execFile);

/**
 * A local HTTPS stand-in for the Kubernetes API: kubectl talks to it exactly as to a real
 * apiserver (mutual TLS with a CA, a server cert for 127.0.0.1/127.0.0.2, a client cert).
 * `/readyz` fails like a starting apiserver until it is ready.
 */
export interface KubeApiStandIn {
  host: string;
  port: number;
  url: string;
  caPem: string;
  clientCertPem: string;
  clientKeyPem: string;
  /** `METHOD /path` of each request, most recent last (bounded). */
  requests: string[];
  setReady(ready: boolean): void;
  /** `/readyz` checks to fail (`etcd`, `poststarthook/rbac/bootstrap-roles`): listed as `[-]<name> failed` with a 500; [] heals them. */
  setFailingChecks(checks: string[]): void;
  setNodes(nodes: NodeSpec[]): void;
  close(): Promise<void>;
}

export interface NodeSpec {
  name: string;
  ready: boolean;
  /** Default `v1.33.5`. */
  kubeletVersion?: string;
  /** `['control-plane']` adds the label `node-role.kubernetes.io/control-plane: ""`; default none. */
  roles?: string[];
}

/** The registry file's format, shared with the Kubespray stand-in's playbooks. */
export interface NodeRegistry {
  nodes: NodeSpec[];
}

export const DEFAULT_KUBELET_VERSION = 'v1.33.5';

export interface KubeApiOptions {
  /** Where the generated certificates go. */
  dir: string;
  host?: string;
  /** Milliseconds after start until /readyz answers ok; default 0. */
  readyAfterMs?: number;
  /** Nodes while no registry file exists; default `sandbox-cp-0`, Ready, control plane. */
  nodes?: NodeSpec[];
  /**
   * A JSON file `{"nodes": [{"name", "ready", "kubeletVersion", "roles"}]}`: when it exists it is the
   * node list, read on every request, so the playbooks and tests share one truth; `setNodes` writes it.
   */
  registryFile?: string;
  /** Days the CA, server and client certificates are valid from now; default 365, so the sandbox is healthy. */
  certificateDays?: number;
  /** Services, claims, volumes and pods with their controllers (kube-objects.ts); default none of them. */
  objects?: KubeObjects;
}

const MAX_LOGGED_REQUESTS = 1000;

/** The checks a real apiserver's `/readyz?verbose` lists (a selection). */
const READYZ_CHECKS = [
  'ping',
  'log',
  'etcd',
  'etcd-readiness',
  'informer-sync',
  'poststarthook/rbac/bootstrap-roles',
  'shutdown',
];

/** The apiserver's verbose readiness text: `[+]name ok` or `[-]name failed: reason withheld` per check, then the verdict. */
function readyzBody(failing: readonly string[]): string {
  const checks = [...new Set([...READYZ_CHECKS, ...failing])];
  const lines = checks.map((check) =>
    failing.includes(check) ? `[-]${check} failed: reason withheld` : `[+]${check} ok`,
  );
  return `${lines.join('\n')}\nreadyz check ${failing.length ? 'failed' : 'passed'}\n`;
}

async function openssl(args: string[], cwd: string): Promise<void> {
  await run('openssl', args, { cwd });
}

/** A CA, a server certificate (SAN 127.0.0.1, 127.0.0.2, localhost) and an admin client certificate. */
export async function makeCertificates(dir: string, days = 365) {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const key = (name: string) =>
    openssl(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', `${name}.key`], dir);
  await Promise.all([key('ca'), key('server'), key('client')]);
  await openssl(
    [
      'req',
      '-x509',
      '-new',
      '-key',
      'ca.key',
      '-subj',
      '/CN=sandbox-kubernetes-ca',
      '-days',
      String(days),
      '-out',
      'ca.crt',
    ],
    dir,
  );
  await fs.writeFile(
    path.join(dir, 'server.ext'),
    'subjectAltName=IP:127.0.0.1,IP:127.0.0.2,DNS:localhost\nextendedKeyUsage=serverAuth\n',
  );
  await fs.writeFile(path.join(dir, 'client.ext'), 'extendedKeyUsage=clientAuth\n');
  const sign = async (name: string, subject: string) => {
    await openssl(['req', '-new', '-key', `${name}.key`, '-subj', subject, '-out', `${name}.csr`], dir);
    // A random serial per certificate: -CAcreateserial would have both signings race on ca.srl.
    const serial = `0x${randomBytes(16).toString('hex')}`;
    await openssl(
      [
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        'ca.crt',
        '-CAkey',
        'ca.key',
        '-set_serial',
        serial,
        '-days',
        String(days),
        '-extfile',
        `${name}.ext`,
        '-out',
        `${name}.crt`,
      ],
      dir,
    );
  };
  await Promise.all([sign('server', '/CN=kube-apiserver'), sign('client', '/O=system:masters/CN=kubernetes-admin')]);
  const read = (file: string) => fs.readFile(path.join(dir, file), 'utf8');
  return {
    ca: await read('ca.crt'),
    serverCert: await read('server.crt'),
    serverKey: await read('server.key'),
    clientCert: await read('client.crt'),
    clientKey: await read('client.key'),
  };
}

/** `v1.33.5` → [1, 33, 5]; anything unparsable sorts last. */
function versionKey(version: string): number[] {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  return match ? match.slice(1).map(Number) : [Infinity, Infinity, Infinity];
}

/** The lowest kubelet version among the control-plane nodes (as an apiserver mid-upgrade would report). */
export function clusterVersion(nodes: NodeSpec[]): string {
  const versions = nodes
    .filter((n) => n.roles?.includes('control-plane'))
    .map((n) => n.kubeletVersion ?? DEFAULT_KUBELET_VERSION);
  if (versions.length === 0) return DEFAULT_KUBELET_VERSION;
  const compare = (a: string, b: string) => {
    const [x, y] = [versionKey(a), versionKey(b)];
    for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return 0;
  };
  return versions.sort(compare)[0]!;
}

/**
 * GET /version as kube-apiserver answers it: k8s.io/apimachinery `pkg/version/types.go` Info (gitVersion `v1.30.4`,
 * major and minor as strings, no omitempty on gitVersion). kubectl `version -o json` prints it as `serverVersion`
 * beside its own `clientVersion` (kubernetes/kubectl `pkg/cmd/version/version.go`), and clusterctl reads the same
 * endpoint (client-go discovery ServerVersion, CAPI `version/version.go`). A gitVersion that is no version (a test's)
 * is served as given, with empty major and minor.
 */
export function versionInfo(gitVersion: string) {
  const [major, minor] = /^v?\d+\.\d+\.\d+/.test(gitVersion) ? versionKey(gitVersion) : ['', ''];
  return {
    major: String(major),
    minor: String(minor),
    gitVersion,
    gitCommit: 'sandbox',
    gitTreeState: 'clean',
    buildDate: '2026-01-01T00:00:00Z',
    goVersion: 'go1.24.6',
    compiler: 'gc',
    platform: 'linux/amd64',
  };
}

function nodeList(nodes: NodeSpec[]) {
  return {
    kind: 'NodeList',
    apiVersion: 'v1',
    metadata: { resourceVersion: '1' },
    items: nodes.map((n) => ({
      kind: 'Node',
      apiVersion: 'v1',
      metadata: {
        name: n.name,
        uid: `uid-${n.name}`,
        creationTimestamp: '2026-01-01T00:00:00Z',
        labels: {
          'kubernetes.io/hostname': n.name,
          ...Object.fromEntries((n.roles ?? []).map((role) => [`node-role.kubernetes.io/${role}`, ''])),
        },
      },
      status: {
        conditions: [
          {
            type: 'Ready',
            status: n.ready ? 'True' : 'False',
            reason: n.ready ? 'KubeletReady' : 'KubeletNotReady',
            lastHeartbeatTime: '2026-01-01T00:00:00Z',
            lastTransitionTime: '2026-01-01T00:00:00Z',
            message: '',
          },
        ],
        nodeInfo: { kubeletVersion: n.kubeletVersion ?? DEFAULT_KUBELET_VERSION },
      },
    })),
  };
}

/** The part of a Node object the node Table reads. */
export interface NodeObject {
  metadata: { name: string; labels?: Record<string, string> };
  status?: { conditions?: { type: string; status: string }[]; nodeInfo?: { kubeletVersion?: string } };
}

/** A Table's column definition, as the apiserver describes it. */
export function tableColumn(name: string, description: string, type = 'string') {
  return { name, type, format: name === 'Name' ? 'name' : '', description, priority: 0 };
}

/** The apiserver's node columns for kubectl's default `get nodes` (Accept: …;as=Table). */
export const nodeColumns = [
  tableColumn('Name', 'Name of the node'),
  tableColumn('Status', 'The status of the node'),
  tableColumn('Roles', 'The roles of the node'),
  tableColumn('Age', 'Age'),
  tableColumn('Version', 'Kubelet version'),
];

/** One node's cells for `nodeColumns`. */
export function nodeCells(node: NodeObject, age: string): string[] {
  const ready = node.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
  const rolePrefix = 'node-role.kubernetes.io/';
  const roles = Object.keys(node.metadata.labels ?? {})
    .filter((label) => label.startsWith(rolePrefix))
    .map((label) => label.slice(rolePrefix.length));
  return [
    node.metadata.name,
    ready ? 'Ready' : 'NotReady',
    roles.length ? roles.join(',') : '<none>',
    age,
    node.status?.nodeInfo?.kubeletVersion ?? '',
  ];
}

function nodeTable(nodes: NodeSpec[]) {
  const list = nodeList(nodes);
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: '1' },
    columnDefinitions: nodeColumns,
    rows: list.items.map((item) => ({
      cells: nodeCells(item, '1d'),
      object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: item.metadata },
    })),
  };
}

function notFound(path: string) {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: `the server could not find the requested resource (${path})`,
    reason: 'NotFound',
    details: {},
    code: 404,
  };
}

/** Writes the registry atomically (temp file and rename), as the playbooks' helper does. */
function writeRegistrySync(file: string, registry: NodeRegistry): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(registry, null, 2)}\n`);
  renameSync(temp, file);
}

export async function startKubeApiStandIn(options: KubeApiOptions): Promise<KubeApiStandIn> {
  const certs = await makeCertificates(options.dir, options.certificateDays ?? 365);
  const host = options.host ?? '127.0.0.2';
  const readyAt = Date.now() + (options.readyAfterMs ?? 0);
  let forced: boolean | undefined;
  let failingChecks: string[] = [];
  let nodes: NodeSpec[] = options.nodes ?? [
    { name: 'sandbox-cp-0', ready: true, kubeletVersion: DEFAULT_KUBELET_VERSION, roles: ['control-plane'] },
  ];
  const { registryFile } = options;
  /** The registry when it exists (a file being replaced atomically is always whole), else the in-memory list. */
  const currentNodes = async (): Promise<NodeSpec[]> => {
    if (!registryFile) return nodes;
    try {
      return (JSON.parse(await fs.readFile(registryFile, 'utf8')) as NodeRegistry).nodes;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return nodes;
      throw error;
    }
  };
  const requests: string[] = [];
  const isReady = () => forced ?? Date.now() >= readyAt;

  const server = https.createServer(
    { key: certs.serverKey, cert: certs.serverCert, ca: certs.ca, requestCert: true, rejectUnauthorized: true },
    async (req, res) => {
      const url = new URL(req.url ?? '/', 'https://stand-in');
      requests.push(`${req.method} ${url.pathname}`);
      if (requests.length > MAX_LOGGED_REQUESTS) requests.shift();
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      let current: NodeSpec[];
      try {
        current = await currentNodes();
      } catch (error) {
        return json(500, {
          kind: 'Status',
          apiVersion: 'v1',
          metadata: {},
          status: 'Failure',
          message: `sandbox node registry: ${(error as Error).message}`,
          reason: 'InternalError',
          code: 500,
        });
      }
      switch (url.pathname) {
        case '/version':
          return json(200, versionInfo(clusterVersion(current)));
        case '/readyz':
        case '/livez':
        case '/healthz': {
          // As the apiserver: a failure always lists the checks, a success only with ?verbose.
          const failing = url.pathname !== '/readyz' ? [] : isReady() ? failingChecks : ['etcd', ...failingChecks];
          res.writeHead(failing.length ? 500 : 200, { 'content-type': 'text/plain' });
          return res.end(failing.length || url.searchParams.has('verbose') ? readyzBody(failing) : 'ok');
        }
        case '/api':
          return json(200, {
            kind: 'APIVersions',
            versions: ['v1'],
            serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: `${host}:6443` }],
          });
        case '/apis':
          return json(200, { kind: 'APIGroupList', apiVersion: 'v1', groups: [] });
        case '/api/v1':
          return json(200, {
            kind: 'APIResourceList',
            groupVersion: 'v1',
            resources: [
              {
                name: 'nodes',
                singularName: 'node',
                namespaced: false,
                kind: 'Node',
                verbs: ['get', 'list', 'watch'],
                shortNames: ['no'],
              },
              ...OBJECT_RESOURCES,
            ],
          });
        case '/api/v1/nodes':
          return json(200, /as=Table/.test(req.headers.accept ?? '') ? nodeTable(current) : nodeList(current));
        default: {
          const answer = options.objects?.handle(req.method ?? 'GET', url.pathname);
          return answer ? json(answer.status, answer.body) : json(404, notFound(url.pathname));
        }
      }
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    host,
    port,
    url: `https://${host}:${port}`,
    caPem: certs.ca,
    clientCertPem: certs.clientCert,
    clientKeyPem: certs.clientKey,
    requests,
    setReady: (ready) => {
      forced = ready;
    },
    setFailingChecks: (checks) => {
      failingChecks = [...checks];
    },
    setNodes: (next) => {
      nodes = next;
      if (registryFile) writeRegistrySync(registryFile, { nodes: next });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
