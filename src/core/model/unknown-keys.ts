import type { z } from 'zod';

/**
 * Keys a file has that its schema does not: a typo (`verison`, `methd`) is otherwise read as "not set" and the run
 * goes ahead with a default the user did not choose. The openCenter config is shared with other tools, so outside
 * the parts this tool owns a key is refused only when it looks like a misspelling of a key of the same mapping that
 * is not set (edit distance 1 or 2); inside the owned parts every unknown key is refused.
 */
export interface UnknownKey {
  /** Dotted path of the key, e.g. opencenter.cluster.kubernetes.verison */
  path: string;
  /** The known key it is closest to, when one is close enough to suggest. */
  suggestion?: string;
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object or array schema under the wrappers (optional, default, prefault, nullable, readonly, catch, pipe). */
function unwrap(schema: z.ZodType): Def {
  let def = defOf(schema);
  for (let depth = 0; depth < 20; depth++) {
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) break;
    def = defOf(inner);
  }
  return def;
}

/** Levenshtein distance, stopping early above `max` (keys are short). */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous = row;
  }
  return previous[b.length]!;
}

/** The known key a typo most likely meant: the closest within distance 2 (1 for keys of 4 characters or fewer). */
export function closestKey(key: string, known: readonly string[]): string | undefined {
  const max = key.length <= 4 ? 1 : 2;
  let best: { key: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase(), max);
    if (distance <= max && (!best || distance < best.distance)) best = { key: candidate, distance };
  }
  return best?.key;
}

/**
 * Every unknown key of `value` under `schema`. `owned(path)` says whether the mapping at that dotted path belongs to
 * this tool (every unknown key refused) or is shared (only likely typos refused).
 */
export function findUnknownKeys(
  schema: z.ZodType,
  value: unknown,
  owned: (path: string) => boolean,
  at: string[] = [],
): UnknownKey[] {
  const def = unwrap(schema);
  if (def.type === 'array' && def.element && Array.isArray(value))
    return value.flatMap((item, i) => findUnknownKeys(def.element!, item, owned, [...at, String(i)]));
  if (def.type !== 'object' || !def.shape || !value || typeof value !== 'object' || Array.isArray(value)) return [];
  const known = Object.keys(def.shape);
  const found: UnknownKey[] = [];
  const strict = owned(at.join('.'));
  for (const [key, child] of Object.entries(value)) {
    const fieldSchema = def.shape[key];
    if (fieldSchema) {
      found.push(...findUnknownKeys(fieldSchema, child, owned, [...at, key]));
      continue;
    }
    // A shared mapping may hold other tools' keys: only one a set key's near-twin would not explain is a typo.
    const suggestion = closestKey(key, strict ? known : known.filter((name) => !(name in value)));
    if (strict || suggestion) found.push({ path: [...at, key].join('.'), ...(suggestion && { suggestion }) });
  }
  return found;
}

/** One line per unknown key, naming it and what to do. */
export function describeUnknownKeys(source: string, keys: readonly UnknownKey[]): string {
  const lines = keys.map(
    (k) =>
      `  ${k.path}: not a setting this tool knows${k.suggestion ? `; did you mean ${k.suggestion}?` : '; remove it (a misspelling would be ignored, and its default used)'}`,
  );
  return `${source}: ${keys.length === 1 ? 'an unknown key' : `${keys.length} unknown keys`}\n${lines.join('\n')}`;
}
