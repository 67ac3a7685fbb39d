import type { z } from 'zod';
import { closest } from '../lib/did-you-mean.js';
import { quoteInput } from '../lib/echo.js';

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
    const suggestion = closest(key, strict ? known : known.filter((name) => !(name in value)));
    if (strict || suggestion) found.push({ path: [...at, shownKey(key)].join('.'), ...(suggestion && { suggestion }) });
  }
  return found;
}

/** One line per unknown key, naming it and what to do. */
/** A key as the error shows it: a plain name as it is, anything else quoted, cut and with invisible characters escaped. */
function shownKey(key: string): string {
  return /^[\w.-]{1,64}$/.test(key) ? key : quoteInput(key, 64);
}

/** How many unknown keys an error lists: a file of thousands still gets a short error. */
const LISTED_KEYS = 20;

export function describeUnknownKeys(source: string, keys: readonly UnknownKey[]): string {
  const more = keys.length > LISTED_KEYS ? [`  … and ${keys.length - LISTED_KEYS} more`] : [];
  const lines = keys
    .slice(0, LISTED_KEYS)
    .map(
      (k) =>
        `  ${k.path}: not a setting this tool knows${k.suggestion ? `; did you mean ${k.suggestion}?` : '; remove it (a misspelling would be ignored, and its default used)'}`,
    );
  return `${source}: ${keys.length === 1 ? 'an unknown key' : `${keys.length} unknown keys`}\n${[...lines, ...more].join('\n')}`;
}
