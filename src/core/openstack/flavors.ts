/**
 * Flavor sizes from Nova, read once per run: `GET /flavors/detail` lists every flavor the project
 * may use (public and its private ones) with `vcpus`, `ram` (MiB) and `disk` (GiB) (nova api-ref
 * `api-ref/source/flavors.inc`, "List Flavors With Details"); an id missing from it is asked for
 * alone (`GET /flavors/{flavor_id}`, "Show Flavor Details").
 */

import { z } from 'zod';
import type { HttpAnswer } from './http.js';
import { parseJson } from './http.js';

export interface Flavor {
  id: string;
  name: string;
  vcpus: number;
  /** MiB */
  ram: number;
  /** GiB of root disk on the hypervisor (0 for flavors meant to boot from volume). */
  disk: number;
}

/** How a plan or manifest names a flavor: by id, by name, or both. */
export interface FlavorRef {
  id?: string;
  name?: string;
}

export interface FlavorLookup {
  /** The flavor, or undefined when Nova does not know it (or could not be asked). */
  find(ref: FlavorRef): Promise<Flavor | undefined>;
}

const FlavorSchema = z.object({
  id: z.string(),
  name: z.string(),
  vcpus: z.number(),
  ram: z.number(),
  disk: z.number(),
});
const FlavorListSchema = z.object({ flavors: z.array(FlavorSchema) });
const FlavorShowSchema = z.object({ flavor: FlavorSchema });

const MAX_FLAVOR_LIST_BYTES = 8 * 1024 * 1024;

/** A lookup against Nova at `computeUrl`, caching the list and each single read for the run. */
export function novaFlavors(
  computeUrl: string,
  get: (url: URL, maxBytes: number) => Promise<HttpAnswer>,
): FlavorLookup {
  const base = computeUrl.replace(/\/+$/, '');
  let list: Promise<Flavor[]> | undefined;
  const single = new Map<string, Promise<Flavor | undefined>>();

  const read = async <T>(path: string, schema: z.ZodType<T>): Promise<T | undefined> => {
    const answer = await get(new URL(`${base}${path}`), MAX_FLAVOR_LIST_BYTES).catch(() => undefined);
    if (answer?.status !== 200) return undefined;
    const parsed = schema.safeParse(parseJson(answer.body));
    return parsed.success ? parsed.data : undefined;
  };

  return {
    async find(ref) {
      list ??= read('/flavors/detail', FlavorListSchema).then((body) => body?.flavors ?? []);
      const flavors = await list;
      const listed = flavors.find((f) => (ref.id !== undefined ? f.id === ref.id : f.name === ref.name));
      if (listed || ref.id === undefined) return listed;
      let shown = single.get(ref.id);
      if (!shown) {
        shown = read(`/flavors/${encodeURIComponent(ref.id)}`, FlavorShowSchema).then((body) => body?.flavor);
        single.set(ref.id, shown);
      }
      return shown;
    },
  };
}

/** Flavors known in advance (tests, and a plan preview without a cloud). */
export function staticFlavors(flavors: readonly Flavor[]): FlavorLookup {
  return {
    find: async (ref) => flavors.find((f) => (ref.id !== undefined ? f.id === ref.id : f.name === ref.name)),
  };
}
