import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { failureLine } from '../lib/command.js';
import { errorMessage } from '../lib/errors.js';
import { displayPath } from '../lib/files.js';
import { notJsonOf, parseToolJson } from '../lib/tool-json.js';
import { type ClusterApiSettings, renderedManifests } from '../model/cluster-api.js';
import type { DeploySettings } from '../model/settings.js';
import type { StepContext } from '../model/step.js';
import type { CapacityDemand } from '../openstack/capacity.js';
import type { FlavorLookup } from '../openstack/flavors.js';
import { CAPACITY_KINDS, manifestCapacityDemand, redeployCapacityDemand } from './capacity-demand.js';
import { CapiCommands, NO_CLUSTER_API, objectsKubeconfig } from './management.js';

const LiveListSchema = z.object({ items: z.array(z.unknown()) });

/**
 * What a deploy of the rendered manifests takes from the project's quotas (openstack-capacity of a
 * Cluster API config): only what it adds to the cluster's objects on the management cluster, or the
 * whole estimate when they cannot be read (said in the notes).
 */
export async function clusterApiDeployDemand(
  settings: DeploySettings,
  capi: ClusterApiSettings,
  context: StepContext,
  flavors: FlavorLookup,
): Promise<CapacityDemand> {
  const file = renderedManifests(capi);
  const live = await liveObjects(settings, context);
  const manifests = readFileSync(file, 'utf8');
  if (live.objects) return redeployCapacityDemand(manifests, displayPath(file), live.objects, flavors);
  const demand = await manifestCapacityDemand(manifests, displayPath(file), flavors);
  demand.notes.push(`the cluster's objects could not be read (${live.why}): counted as a new cluster`);
  return demand;
}

/** A re-deploy: the cluster's objects as the management cluster holds them (none before the first apply). */
async function liveObjects(
  settings: DeploySettings,
  context: StepContext,
): Promise<{ objects?: unknown[]; why?: string }> {
  const commands = new CapiCommands(settings);
  const command = commands.kubectl(
    objectsKubeconfig(settings, context.state.clusterApi),
    'get',
    CAPACITY_KINDS.join(','),
    '-n',
    commands.capi.namespace,
    '-o',
    'json',
  );
  const result = await context.exec(command, { check: false, capture: true, quiet: true });
  // No Cluster API yet on the management cluster (its CRDs): nothing of the cluster exists.
  if (result.exitCode !== 0) {
    return result.tail.some((line) => NO_CLUSTER_API.test(line)) ? { objects: [] } : { why: failureLine(result) };
  }
  const shown = `kubectl get ${CAPACITY_KINDS[0]},… -o json`;
  try {
    return { objects: parseToolJson(result.stdout, LiveListSchema, notJsonOf(shown, result.stdout, 'a list')).items };
  } catch (error) {
    return { why: errorMessage(error) };
  }
}
