import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { RefusalError } from '../lib/errors.js';
import { pathExists } from '../lib/files.js';
import type { DeployState } from '../model/state.js';

/**
 * destroy and check must see the tofu state the deploy made: without it a destroy destroys nothing and
 * then forgets the cluster, and a check reports every resource as drift. One implementation for the CLI
 * and the actions (the engine's steps call it, and the action before it restores anything else).
 */

export const tofuStateFile = (clusterDir: string): string => path.join(clusterDir, 'terraform.tfstate');

/** The backend the cluster's OpenTofu code declares; no `backend` block means local. */
export async function declaredBackend(clusterDir: string): Promise<string> {
  const files = (await fs.readdir(clusterDir).catch(() => [] as string[])).filter((f) => f.endsWith('.tf'));
  for (const file of files) {
    const text = await fs.readFile(path.join(clusterDir, file), 'utf8');
    const match = /^\s*backend\s+"([\w-]+)"/m.exec(text.replace(/#.*$|\/\/.*$/gm, ''));
    if (match) return match[1]!;
  }
  return 'local';
}

/** Where tofu reads the state, in words: the local file, or the remote backend the code declares. */
async function tofuStateLocation(clusterDir: string): Promise<string> {
  const backend = await declaredBackend(clusterDir);
  return backend === 'local'
    ? `at ${tofuStateFile(clusterDir)}`
    : `in the "${backend}" backend declared in ${clusterDir}`;
}

const KEPT_STATE =
  'its remote backend, the cluster directory the deploy ran in, or in the action tofu-state: artifact with the passphrase the deploy used';

function missingStateForDestroy(clusterDir: string): RefusalError {
  return new RefusalError(
    `opentofu-destroy: there is no tofu state at ${tofuStateFile(clusterDir)} (a local backend), so it would destroy nothing while the ` +
      `cloud resources stay, and then forget the cluster. Destroy with the state the deploy kept: ${KEPT_STATE} (a state artifact expires; with none left, delete the resources in OpenStack by hand).`,
  );
}

function missingStateForCheck(clusterDir: string): RefusalError {
  return new RefusalError(
    `opentofu-drift: there is no tofu state at ${tofuStateFile(clusterDir)} (a local backend), so every resource would show as drift. ` +
      `Check with the state the deploy kept: ${KEPT_STATE} (state-store: artifact, github-token with actions: read).`,
  );
}

/** A local backend without its state file: refused for the steps that read the state (destroy, drift). */
export async function requireLocalTofuState(clusterDir: string, step: 'opentofu-destroy' | 'opentofu-drift') {
  if ((await declaredBackend(clusterDir)) !== 'local' || (await pathExists(tofuStateFile(clusterDir)))) return;
  throw step === 'opentofu-destroy' ? missingStateForDestroy(clusterDir) : missingStateForCheck(clusterDir);
}

/**
 * A destroy plan that destroys nothing while the resume state records a deploy: the state tofu read is
 * not the deploy's (an empty state file, another workspace or backend key). Refused before the apply,
 * so forget-cluster never runs for a cluster that is still there. An earlier attempt of this destroy
 * that was interrupted may have destroyed everything already: then nothing left is the expected answer.
 * The destroy step and `plan --operation destroy --tofu-plan` both ask here, so the plan says what the
 * destroy would do.
 */
export async function requireSomethingToDestroy(
  clusterDir: string,
  cluster: string,
  toDestroy: number,
  state: Pick<DeployState, 'deployedAt' | 'history'> | undefined,
): Promise<void> {
  if (toDestroy > 0 || !state?.deployedAt || destroyInterruptedBefore(state)) return;
  throw new RefusalError(
    `opentofu-destroy: the tofu state ${await tofuStateLocation(clusterDir)} holds no resources, while the resume state records a deploy of ${cluster} (${state.deployedAt}): ` +
      `destroying would destroy nothing and then forget the cluster. Destroy with the state the deploy used: ${KEPT_STATE}. ` +
      'If its resources are already gone (deleted by hand), run the destroy with --restart (input restart: true) to forget it.',
  );
}

/** An earlier attempt (not the current one, the history's last) stopped inside opentofu-destroy. */
function destroyInterruptedBefore(state: Pick<DeployState, 'history'>): boolean {
  return (state.history ?? [])
    .slice(0, -1)
    .some((attempt) => attempt.steps.some((step) => step.id === 'opentofu-destroy' && step.status === 'interrupted'));
}

/**
 * The parts of a tofu state file that say which copy is the newer: states of one lineage count their
 * writes in serial (OpenTofu's `internal/states/statefile`); resources tell an empty state from one that
 * manages something.
 */
const TofuStateHeaderSchema = z.object({
  lineage: z.string(),
  serial: z.number().int().nonnegative(),
  resources: z.array(z.unknown()).default([]),
});
type TofuStateHeader = z.infer<typeof TofuStateHeaderSchema>;

function readStateHeader(bytes: Uint8Array, what: string): TofuStateHeader {
  const text = Buffer.from(bytes).toString('utf8');
  // OpenTofu reads a zero-length state file as no state at all.
  if (text.trim() === '') return { lineage: '', serial: 0, resources: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RefusalError(`${what} is not a tofu state (not JSON): move it aside or put the right file back`);
  }
  const header = TofuStateHeaderSchema.safeParse(parsed);
  if (!header.success)
    throw new RefusalError(
      `${what} is not a tofu state (no lineage and serial): move it aside or put the right file back`,
    );
  return header.data;
}

/**
 * Which tofu state to use when the runner has one and the resume state carried another (tofu-state:
 * artifact; a persistent runner, a checked-in or leftover file). The one that is not chosen is never
 * uploaded over the other: an empty or older local file must not replace the deploy's state, or its
 * resources are left that nothing manages. Two different states that both manage resources are refused.
 */
export function chooseTofuState(
  local: Uint8Array,
  saved: Uint8Array,
  where: { local: string; saved: string },
): { use: 'local' | 'saved'; why: string } {
  const mine = readStateHeader(local, `the tofu state ${where.local}`);
  const theirs = readStateHeader(saved, where.saved);
  const count = (state: TofuStateHeader) =>
    `${state.resources.length} resource${state.resources.length === 1 ? '' : 's'}, serial ${state.serial}`;
  if (mine.lineage === theirs.lineage) {
    return theirs.serial > mine.serial
      ? { use: 'saved', why: `${where.saved} is newer than ${where.local} (serial ${theirs.serial} > ${mine.serial})` }
      : {
          use: 'local',
          why: `${where.local} is as new as ${where.saved} or newer (serial ${mine.serial} ≥ ${theirs.serial})`,
        };
  }
  if (mine.resources.length === 0)
    return { use: 'saved', why: `${where.local} manages no resources; ${where.saved} does (${count(theirs)})` };
  if (theirs.resources.length === 0)
    return { use: 'local', why: `${where.saved} manages no resources; ${where.local} does (${count(mine)})` };
  throw new RefusalError(
    `two different tofu states: ${where.local} (lineage ${mine.lineage}, ${count(mine)}) and ${where.saved} (lineage ${theirs.lineage}, ${count(theirs)}). ` +
      "Each manages resources, and using one would leave the other's unmanaged. Keep the one this cluster was deployed with: " +
      `move the other aside (the local file), or run with tofu-state: none and a backend that holds the right state.`,
  );
}
