import { z } from 'zod';
import type { CommandSpec } from '../lib/command.js';
import { notJsonOf, parseToolJson } from '../lib/tool-json.js';

/** A node as the pipeline sees it in `kubectl get nodes -o json`. */
export interface ClusterNode {
  name: string;
  ready: boolean;
  /** `v1.34.2` as the kubelet reports it; '' when the node has not said. */
  kubelet: string;
  controlPlane: boolean;
}

/** The parts of a node list we read; anything else in it is ignored. */
const NodeListSchema = z.object({
  items: z.array(
    z.object({
      metadata: z
        .object({ name: z.string(), labels: z.record(z.string(), z.string()).optional() })
        .partial()
        .optional(),
      status: z
        .object({
          conditions: z.array(z.object({ type: z.string(), status: z.string() }).partial()).optional(),
          nodeInfo: z.object({ kubeletVersion: z.string() }).partial().optional(),
        })
        .optional(),
    }),
  ),
});

/** A kubelet's release as the config and options write it: `v1.34.2+k3s1` → `1.34.2`. */
export function kubeletRelease(kubelet: string): string {
  return kubelet.replace(/^v/, '').split(/[+-]/)[0]!;
}

/** Parses kubectl's node list; a reply that is not one is an error saying so. */
export function parseNodeList(json: string): ClusterNode[] {
  const list = parseToolJson(
    json,
    NodeListSchema,
    notJsonOf('kubectl get nodes -o json', json, 'a node list', ` starting ${JSON.stringify(json.slice(0, 40))}`),
  );
  return list.items.map((node) => ({
    name: node.metadata?.name ?? '',
    ready: !!node.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'),
    kubelet: node.status?.nodeInfo?.kubeletVersion ?? '',
    controlPlane: node.metadata?.labels?.['node-role.kubernetes.io/control-plane'] !== undefined,
  }));
}

/** kubectl against one kubeconfig, bounded per request: a hung API is a failed check, not a hung step. */
export function kubectlCommand(
  kubectl: string,
  kubeconfig: string,
  cwd: string,
  env: Readonly<Record<string, string>>,
  ...args: string[]
): CommandSpec {
  return {
    argv: [kubectl, '--kubeconfig', kubeconfig, '--request-timeout=10s', ...args],
    cwd,
    env,
    about: `kubeconfig ${kubeconfig}`,
  };
}
