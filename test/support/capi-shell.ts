import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CapiSandbox } from '../../examples/sandbox/capi/cloud.js';

/** The sandbox's Cluster API fixtures and a user's shell against the sandbox cloud, shared by the capi sandbox tests. */
export const CLUSTER_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'examples',
  'sandbox',
  'gitops',
  'infrastructure',
  'clusters',
  'capi-sandbox',
);
/** CAPO's e2e flavor (one control plane machine, no load balancer); TEMPLATE_WITH_LB is CAPO's default. */
export const TEMPLATE = path.join(CLUSTER_DIR, 'cluster-template-without-lb.yaml');
export const TEMPLATE_WITH_LB = path.join(CLUSTER_DIR, 'cluster-template.yaml');
export const ADDONS = path.join(CLUSTER_DIR, 'addons');
/** The sandbox's stand-in of ORC's install.yaml: CAPO's manager does not start without ORC's CRDs. */
export const ORC_INSTALL = path.join(CLUSTER_DIR, 'orc', 'install.yaml');

/** What a deploy puts in the environment for the template (everything but the names clusterctl's flags set). */
export const TEMPLATE_VARIABLES = {
  OPENSTACK_CLOUD: 'openstack',
  OPENSTACK_CONTROL_PLANE_MACHINE_FLAVOR: 'm1.medium',
  OPENSTACK_NODE_MACHINE_FLAVOR: 'm1.small',
  OPENSTACK_IMAGE_NAME: 'ubuntu-2404-kube-v1.35.0',
  OPENSTACK_SSH_KEY_NAME: 'deploy',
  OPENSTACK_EXTERNAL_NETWORK_ID: '0f4b3a52-1c1e-4d8e-9b55-3f2d8c1e7a10',
  OPENSTACK_DNS_NAMESERVERS: '1.1.1.1',
  OPENSTACK_FAILURE_DOMAIN: 'nova',
};

export const PROVIDER_FLAGS = [
  '--core',
  'cluster-api:v1.14.0',
  '--bootstrap',
  'kubeadm:v1.14.0',
  '--control-plane',
  'kubeadm:v1.14.0',
  '--infrastructure',
  'openstack:v0.14.7',
];

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** A user's shell on the runner: the stand-ins first on PATH, an empty HOME, the sandbox cloud's variables. */
export function shell(sandbox: CapiSandbox, home: string) {
  const env = { PATH: `${sandbox.binDir}${path.delimiter}${process.env.PATH}`, HOME: home, ...sandbox.env };
  const run = (file: string, args: string[], extraEnv: Record<string, string> = {}, input?: string) =>
    new Promise<Result>((resolve) => {
      const child = execFile(
        file,
        args,
        { cwd: home, env: { ...env, ...extraEnv }, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      if (input !== undefined) child.stdin!.end(input);
    });
  const ok = async (file: string, args: string[], extraEnv: Record<string, string> = {}, input?: string) => {
    const result = await run(file, args, extraEnv, input);
    if (result.code !== 0)
      throw new Error(`${file} ${args.join(' ')} failed (${result.code}): ${result.stderr}${result.stdout}`);
    return result.stdout;
  };
  return {
    run,
    ok,
    kubectl: (kubeconfig: string, args: string[], input?: string) =>
      ok('kubectl', ['--kubeconfig', kubeconfig, ...args], {}, input),
  };
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface Obj {
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  status?: {
    phase?: string;
    conditions?: { type: string; status: string; reason?: string; message?: string }[];
    [key: string]: unknown;
  };
  [key: string]: unknown;
}
export const condition = (object: Obj | undefined, type: string) =>
  object?.status?.conditions?.find((c) => c.type === type);

/** The credentials Secret the engine writes for CAPO (clouds.yaml naming the cloud). */
export function cloudConfigSecret(clusterName: string, cloud = 'openstack') {
  const cloudsYaml = `clouds:\n  ${cloud}:\n    auth:\n      auth_url: http://127.0.0.1:5000/v3\n      application_credential_id: id\n      application_credential_secret: canary\n    auth_type: v3applicationcredential\n`;
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: {
      name: `${clusterName}-cloud-config`,
      namespace: 'default',
      labels: { 'clusterctl.cluster.x-k8s.io/move': 'true' },
    },
    data: { 'clouds.yaml': Buffer.from(cloudsYaml).toString('base64'), cacert: Buffer.from('\n').toString('base64') },
  });
}
