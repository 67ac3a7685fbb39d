import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { UserError, errorMessage } from '../../core/lib/errors.js';
import { ensurePrivateDir, writeFileAtomic } from '../../core/lib/files.js';
import { isClusterId, NAME_RULE } from '../../core/lib/option-values.js';
import * as core from '../runner/actions-core.js';
import { artifactName } from './artifact-names.js';
import { downloadArtifactFiles, findRunArtifact } from './artifact-store.js';
import { artifactClient, secretBox } from '../runner/clients.js';
import type { ActionSettings } from '../runner/inputs.js';
import { quietly } from '../runner/quiet.js';
import { runContext } from '../runner/runner.js';

/**
 * The plan artifact, written by a dry run (dry-run, or actions/tofu mode: plan) and read by a
 * deploy that applies a saved plan (plan-artifact) and by actions/plan-comment.
 */
export const PLAN_FILES = {
  text: 'plan.txt',
  comment: 'comment.md',
  pullRequest: 'pull-request.json',
  binary: 'tofu.plan.age',
  /** Written instead of the binary plan when save-plan is set and the deploy would apply nothing: "no apply needed", said. */
  noApply: 'no-apply-needed.txt',
} as const;

export const planArtifactName = (organization: string, cluster: string): string =>
  artifactName('plan', organization, cluster);

/**
 * pull-request.json: where the plan comment belongs. Read back from a fork's run, it is untrusted
 * input. Built on first use: only actions/plan-comment reads it.
 */
function pullRequestFileSchema() {
  return z.object({
    number: z.number().int().positive(),
    headSha: z.string().regex(/^[0-9a-f]{40}$/),
    // Printed to the log and put into the marker: a name as the config allows it, never a line break or `-->`.
    cluster: z.string().refine(isClusterId, `is not "<organization>/<cluster>" (each part ${NAME_RULE})`),
    marker: z.string(),
  });
}
let PullRequestFileSchema: ReturnType<typeof pullRequestFileSchema> | undefined;

export type PullRequestFile = z.infer<ReturnType<typeof pullRequestFileSchema>>;

/** Written by a plan for a pull request (an event without a head commit leaves headSha out; such a file is refused when read). */
export function pullRequestFileText(file: Omit<PullRequestFile, 'headSha'> & { headSha?: string }): string {
  return JSON.stringify(file);
}

/** Parses pull-request.json: malformed input is a refusal (the reason), never a crash. */
export function parsePullRequestFile(
  text: string,
): { ok: true; file: PullRequestFile } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: `${PLAN_FILES.pullRequest} is not JSON` };
  }
  PullRequestFileSchema ??= pullRequestFileSchema();
  const parsed = PullRequestFileSchema.safeParse(json);
  if (parsed.success) return { ok: true, file: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    reason: `${PLAN_FILES.pullRequest} is malformed (${issue?.path.join('.') || 'the document'}: ${issue?.message})`,
  };
}

/**
 * Uploads the full plan, the comment and (save-plan) the encrypted binary plan or the record that no
 * apply is needed. A failed upload fails the job: the review and the deploy depend on this artifact.
 */
export async function uploadPlanArtifact(
  name: string,
  files: Record<string, string | Uint8Array>,
  dir: string,
): Promise<boolean> {
  if (!process.env.ACTIONS_RUNTIME_TOKEN) {
    core.info(`not in a GitHub Actions run: the plan artifact "${name}" is not uploaded`);
    return false;
  }
  await ensurePrivateDir(dir);
  const paths: string[] = [];
  for (const [file, content] of Object.entries(files)) {
    await fs.writeFile(path.join(dir, file), content, { mode: 0o600 });
    paths.push(path.join(dir, file));
  }
  try {
    const client = await artifactClient();
    // A re-run attempt uploads again under the same name.
    await quietly(async () => {
      await client.deleteArtifact(name).catch(() => undefined);
      await client.uploadArtifact(name, paths, dir);
    });
    return true;
  } catch (error) {
    throw new UserError(
      `could not upload the plan artifact "${name}" (${errorMessage(error)}): the plan cannot be reviewed or applied; give the job permissions actions: write, then run it again`,
    );
  }
}

/** What the plan job saved for the deploy of the same run: a plan to apply exactly, or the record that none was needed. */
export type SavedPlan = { file: string; source: string } | { noApply: string; source: string };

/** Downloads and decrypts the plan that save-plan stored in this run, for opentofu-apply to apply exactly. */
export async function fetchSavedPlan(settings: ActionSettings): Promise<SavedPlan> {
  const name = settings.planArtifact!;
  const run = runContext(settings.githubToken);
  // Only this run's: the newest plan in the repository could be a pull request's, made from code not merged.
  const found = await findRunArtifact(run, name);
  if (!found) {
    throw new UserError(
      `${settings.requireSavedPlan ? 'require-saved-plan: nothing is applied without the reviewed plan, and ' : ''}plan-artifact: no artifact "${name}" in this workflow run; make the plan with save-plan: true in an earlier job of the same run (a plan from another run, such as a pull request's, is never applied)`,
    );
  }
  const source = `plan-artifact "${name}" (run ${found.runId})`;
  const dir = await downloadArtifactFiles(run, found);
  const noApply = await fs.readFile(path.join(dir, PLAN_FILES.noApply), 'utf8').catch(() => undefined);
  if (noApply !== undefined) {
    core.info(`${source}: the plan job recorded that no apply is needed (${noApply.trim().slice(0, 300)})`);
    return { noApply: noApply.trim().slice(0, 300), source };
  }
  const encrypted = await fs.readFile(path.join(dir, PLAN_FILES.binary), 'utf8').catch(() => {
    throw new UserError(`${source} holds no saved plan (${PLAN_FILES.binary}): it was made without save-plan: true`);
  });
  const file = path.join(dir, 'tofu.plan');
  const { decryptBytesWithPassphrase } = await secretBox();
  await writeFileAtomic(file, await decryptBytesWithPassphrase(encrypted, settings.planPassphrase!, source), 0o600);
  core.info(`applying the saved plan from ${source}`);
  return { file, source };
}
