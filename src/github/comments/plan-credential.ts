/**
 * The plan credential's roles in a workflow: which events plan a pull request's code, and the
 * warning in the log, the job summary and the plan comment. The rule itself is the core's
 * (core/openstack/roles.ts); Keystone is asked by core/openstack/plan-credential.ts.
 */

import { checkPlanCredential } from '../../core/openstack/plan-credential.js';
import { ACTION_NAMES, type PlanCredentialPolicy } from '../../core/openstack/roles.js';
import type { Pipeline } from '../../core/engine/pipeline.js';
import * as core from '../runner/actions-core.js';
import { plainText } from '../runner/markdown.js';

/**
 * Events whose run checks out and plans a pull request's code, which nobody has reviewed yet (a
 * push, schedule or dispatch plans code already on a branch of the repository).
 */
const PULL_REQUEST_EVENTS = new Set([
  'pull_request',
  'pull_request_target',
  'pull_request_review',
  'pull_request_review_comment',
]);

function plansPullRequestCode(env: NodeJS.ProcessEnv = process.env): boolean {
  return PULL_REQUEST_EVENTS.has(env.GITHUB_EVENT_NAME ?? '');
}

const TITLE = 'cluster-deploy: the plan credential can change the cloud';

/**
 * Checks the credential a dry run's tofu plan or a check runs with: a refusal throws (before any
 * tofu command); a warning is annotated and summarised now, and returned as Markdown for the comment.
 */
export async function reportPlanCredential(
  p: Pipeline,
  policy: PlanCredentialPolicy,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string | undefined> {
  const verdict = await checkPlanCredential(p.settings.credentials, {
    rule: { policy, untrustedCode: plansPullRequestCode(env), names: ACTION_NAMES },
    authCheck: p.settings.authCheck,
  });
  if (verdict.kind === 'ok') {
    core.info(`Plan credential: ${verdict.detail}`);
    return undefined;
  }
  const message = p.redactor.redact(verdict.message);
  core.warning(message, { title: TITLE });
  const markdown = planCredentialMarkdown(message);
  // At the top of the job summary, whatever the run does next.
  await core.appendSummary(markdown);
  return markdown;
}

/** The warning as a Markdown block; role names come from Keystone, so they are shown as plain text. */
function planCredentialMarkdown(message: string): string {
  return `> [!WARNING]\n> **The plan credential can change the cloud.** ${plainText(message, { max: 2_000 })}\n`;
}
