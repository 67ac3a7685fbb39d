import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The seal of a state artifact: the SHA-256 of every file in it (state.json and its companions),
 * the cluster it belongs to, and an HMAC-SHA256 over both keyed by the state-key input. Only jobs
 * that hold the key can make one, so a state that anyone else uploaded (a fork's run, a branch's
 * workflow) cannot pass as one a trusted run wrote, and a change to any file breaks it.
 */
export const SEAL_FILE = 'state.seal.json';

/**
 * When this action began sealing state (the commit that added seals, and the "~" names): an unsealed
 * artifact uploaded since cannot be one it wrote before seals.
 */
export const SEALS_SINCE = '2026-11-29T07:26:40Z';

/** The shortest state-key accepted: a random key of this length cannot be guessed from a published seal. */
export const STATE_KEY_MIN_LENGTH = 32;

function sealSchema() {
  return z
    .object({
      version: z.literal(1),
      algorithm: z.literal('HMAC-SHA256'),
      cluster: z.string().min(1),
      files: z.record(z.string().regex(/^[A-Za-z0-9._-]{1,100}$/), z.string().regex(/^[0-9a-f]{64}$/)),
      mac: z.string().regex(/^[0-9a-f]{64}$/),
    })
    .strict();
}
let SealSchema: ReturnType<typeof sealSchema> | undefined;

type Seal = z.infer<ReturnType<typeof sealSchema>>;

/** The MAC key: the state-key under a label of its own, so that the same secret used elsewhere gives another key. */
const macKey = (stateKey: string) => createHmac('sha256', stateKey).update('cluster-deploy state seal v1').digest();

/** What the MAC covers: the cluster and each file's digest, in name order, one per line. */
function macOf(stateKey: string, cluster: string, files: Record<string, string>): string {
  const lines = [
    `cluster ${cluster}`,
    ...Object.keys(files)
      .sort()
      .map((name) => `${name} ${files[name]}`),
  ];
  return createHmac('sha256', macKey(stateKey)).update(lines.join('\n')).digest('hex');
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Writes the seal of these files (in `dir`) and returns its path. */
export async function writeSeal(
  dir: string,
  files: readonly string[],
  cluster: string,
  stateKey: string,
): Promise<string> {
  const digests: Record<string, string> = {};
  for (const file of files)
    digests[path.basename(file)] = sha256(await fs.readFile(path.join(dir, path.basename(file))));
  const seal: Seal = {
    version: 1,
    algorithm: 'HMAC-SHA256',
    cluster,
    files: digests,
    mac: macOf(stateKey, cluster, digests),
  };
  const file = path.join(dir, SEAL_FILE);
  await fs.writeFile(file, `${JSON.stringify(seal, null, 2)}\n`, { mode: 0o600 });
  return file;
}

export type SealCheck =
  /** No seal: written before state-key existed, or by something else. */
  | { kind: 'unsealed' }
  | { kind: 'valid' }
  /** A seal that does not hold: the reason, for the error. */
  | { kind: 'broken'; reason: string };

/** Checks the seal of a downloaded artifact's files: every file listed and unchanged, none added, the MAC right. */
export async function checkSeal(dir: string, cluster: string, stateKey: string): Promise<SealCheck> {
  const text = await fs.readFile(path.join(dir, SEAL_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return { kind: 'unsealed' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'broken', reason: `${SEAL_FILE} is not JSON` };
  }
  SealSchema ??= sealSchema();
  const parsed = SealSchema.safeParse(json);
  if (!parsed.success) return { kind: 'broken', reason: `${SEAL_FILE} is malformed` };
  const seal = parsed.data;
  const expected = Buffer.from(macOf(stateKey, seal.cluster, seal.files), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(seal.mac, 'hex')))
    return {
      kind: 'broken',
      reason: 'its seal does not match: it was changed after the run that wrote it, or written with another state-key',
    };
  if (seal.cluster !== cluster)
    return { kind: 'broken', reason: `it is sealed for cluster ${seal.cluster}, not ${cluster}` };
  const present = (await fs.readdir(dir)).filter((name) => name !== SEAL_FILE);
  const added = present.filter((name) => !(name in seal.files));
  if (added.length)
    return { kind: 'broken', reason: `${added.join(', ')} ${added.length > 1 ? 'are' : 'is'} not in its seal` };
  for (const [name, digest] of Object.entries(seal.files)) {
    const bytes = await fs.readFile(path.join(dir, name)).catch(() => undefined);
    if (!bytes) return { kind: 'broken', reason: `${name} is in its seal but missing` };
    if (sha256(bytes) !== digest) return { kind: 'broken', reason: `${name} was changed after it was sealed` };
  }
  if (!('state.json' in seal.files)) return { kind: 'broken', reason: 'its seal does not cover state.json' };
  return { kind: 'valid' };
}
