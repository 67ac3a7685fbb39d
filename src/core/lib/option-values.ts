import { formatDuration, parseDuration } from './duration.js';
import { UsageError } from './errors.js';
import { quoteInput } from './echo.js';

/**
 * The values users type as flags or action inputs, checked the same way in every front end. `where`
 * names the flag or input (`--timeout`, `input timeout`); every problem is a usage error.
 */

/** Bounds of each duration option: below them a loop spins, above them Node's timers overflow. */
export const DURATION_LIMITS = {
  timeout: { min: 1_000, max: 24 * 3_600_000 },
  interval: { min: 100, max: 10 * 60_000 },
  authTimeout: { min: 1_000, max: 5 * 60_000 },
} as const;

export function parseDurationOption(text: string, where: string, limits: { min: number; max: number }): number {
  const ms = parseDuration(text, where, UsageError);
  if (ms < limits.min || ms > limits.max) {
    throw new UsageError(
      `${where}: ${quoteInput(text.trim())} is out of range; give a duration from ${formatDuration(limits.min)} to ${formatDuration(limits.max)}`,
    );
  }
  return ms;
}

/** Node counts: more than this is a typo, not a cluster. */
const MAX_NODES = 10_000;

export function parseNodeCount(text: string, where: string): number {
  const value = text.trim();
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_NODES) {
    throw new UsageError(
      `${where}: ${quoteInput(value)} is not a node count; give a whole number from 1 to ${MAX_NODES}`,
    );
  }
  return Number(value);
}

/**
 * Deployment methods this tool runs: Kubespray's steps, none (the OpenTofu code installs Kubernetes itself), or
 * cluster-api (Cluster API with CAPO provisions the cluster from a management cluster; no OpenTofu).
 */
export const DEPLOYMENT_METHODS = ['kubespray', 'none', 'cluster-api'] as const;
export type DeploymentMethod = (typeof DEPLOYMENT_METHODS)[number];

export function parseMethod(text: string, where: string): DeploymentMethod {
  const value = text.trim();
  if (!(DEPLOYMENT_METHODS as readonly string[]).includes(value)) {
    throw new UsageError(
      `${where}: ${quoteInput(value)} is not a deployment method; use one of ${DEPLOYMENT_METHODS.join(', ')}`,
    );
  }
  return value as DeploymentMethod;
}

/** Cluster and organisation names: they become directory and artifact names, so no paths, spaces or dots alone. */
export const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;
export const NAME_RULE = 'must be 1 to 63 letters, digits, ".", "_" or "-", starting with a letter or digit';

/** A cluster's id as the actions name it (settings' clusterId): `<organization>/<cluster>`, each part a name. */
export function isClusterId(text: string): boolean {
  const parts = text.split('/');
  return parts.length === 2 && parts.every((part) => NAME_PATTERN.test(part));
}

export function parseName(text: string, where: string, fail: new (message: string) => Error = UsageError): string {
  const value = text.trim();
  if (!NAME_PATTERN.test(value)) throw new fail(`${where}: ${quoteInput(value, 80)} ${NAME_RULE}`);
  return value;
}

/** What a run does to a cluster: each is an ordered plan of steps (model/operations.ts). `check` only reads. */
export const OPERATIONS = ['deploy', 'upgrade', 'destroy', 'check', 'replace-nodes'] as const;
export type Operation = (typeof OPERATIONS)[number];

export function parseOperation(text: string, where: string): Operation {
  const value = text.trim();
  if (!(OPERATIONS as readonly string[]).includes(value)) {
    throw new UsageError(`${where}: ${quoteInput(value, 40)} is not an operation; use one of ${OPERATIONS.join(', ')}`);
  }
  return value as Operation;
}

/**
 * A Kubernetes version as users type it (`1.34.2` or `v1.34.2`), in a flag, an input or the config, without
 * leading zeros (`01.34.0` would reach Kubespray as kube_version=01.34.0); kube/version.ts compares them.
 */
export const KUBERNETES_VERSION_PATTERN = /^v?(?:0|[1-9]\d{0,2})\.(?:0|[1-9]\d{0,2})\.(?:0|[1-9]\d{0,3})$/;

export function parseKubernetesVersionOption(text: string, where: string): string {
  const value = text.trim();
  if (!KUBERNETES_VERSION_PATTERN.test(value)) {
    throw new UsageError(`${where}: ${quoteInput(value, 40)} is not a Kubernetes version; give one like 1.34.2`);
  }
  return value.replace(/^v/, '');
}
