import { promises as fs } from 'node:fs';
import path from 'node:path';
import { UsageError, UserError } from '../../core/lib/errors.js';
import { Redactor } from '../../core/lib/redact.js';
import * as core from '../../github/runner/actions-core.js';
import { downloadArtifactFiles } from '../../github/state/artifact-store.js';
import { octokitFor } from '../../github/runner/clients.js';
import { parsePullRequestFile, PLAN_FILES } from '../../github/state/plan-artifact.js';
import { COMMENT_LIMIT, forkPlanComment, planMarker } from '../../github/comments/plan-comment.js';
import {
  buildOverviewComment,
  commentedClusters,
  OVERVIEW_MARKER,
  overviewRows,
  parseClustersInput,
} from '../../github/comments/plan-overview.js';
import { currentRunUrl, pullRequestFromEvent, readEvent, runContext } from '../../github/runner/runner.js';
import { listOwnComments, upsertStickyComment } from '../../github/comments/sticky-comment.js';

/**
 * actions/plan-comment. mode: post (the default), in a `workflow_run` workflow: posts the plan comments that a pull-request
 * run (a fork's, with a read-only token) left in its plan artifacts. The artifacts come from code we
 * do not trust, so a comment is posted only to the pull request whose head is the commit that run
 * planned, only as a plan comment (its marker; no other marker of ours, no @mention that notifies), only within
 * GitHub's size limit, and its text reaches the log only escaped.
 */
export async function run(): Promise<void> {
  const mode = core.getInput('mode').trim() || 'post';
  if (mode !== 'post' && mode !== 'overview') {
    throw new UsageError(
      `input mode: ${JSON.stringify(mode.length > 40 ? `${mode.slice(0, 40)}…` : mode)} is not a mode of actions/plan-comment; use post (the comments a fork's plan run left, the default) or overview`,
    );
  }
  if (mode === 'overview') return overview();
  if (core.getInput('clusters').trim())
    throw new UsageError(
      "input clusters is for mode: overview; mode post reads the clusters from the plan run's artifacts",
    );
  return postForkComments();
}

/**
 * mode: overview, after the plan matrix of a pull request: one sticky comment over every cluster of
 * `clusters` (else every cluster with a plan comment on the pull request), read from the hidden records of their plan comments (plan-overview.ts). A token that
 * may not comment (a fork's) leaves it in the job summary, with a notice.
 */
async function overview(): Promise<void> {
  if (core.getInput('run-id').trim())
    throw new UsageError(
      'input run-id is for mode: post; mode: overview summarises the plan comments on the pull request of this run',
    );
  const given = parseClustersInput(core.getInput('clusters'));
  const pr = pullRequestFromEvent();
  if (!pr)
    throw new UsageError(
      'mode: overview runs in the pull_request workflow of the plans, in a job after the plan matrix (needs: [targets, plan]): this event has no pull request',
    );
  const run = runContext(core.getInput('github-token'), process.env, {
    purpose: 'actions/plan-comment mode: overview',
    permissions: 'pull-requests: write',
  });
  const octokit = await octokitFor(run);
  const target = { owner: run.owner, repo: run.repo, issueNumber: pr.number };
  const own = await listOwnComments(octokit, target);
  const clusters = given ?? commentedClusters(own);
  if (!given) {
    core.notice(
      `input clusters is not given: the overview covers the ${clusters.length} clusters with a plan comment on this pull request. Pass the targets action's clusters output to name also the clusters whose plan left no comment.`,
      { title: 'cluster-deploy: overview without clusters' },
    );
  }
  const rows = overviewRows(clusters, own, pr.headSha);
  const redactor = new Redactor();
  redactor.add(core.getInput('github-token'));
  const body = redactor.redact(
    buildOverviewComment({
      rows,
      commit: pr.headSha,
      runUrl: currentRunUrl(),
      runNumber: process.env.GITHUB_RUN_NUMBER,
      updatedAt: new Date(),
    }),
  );
  core.setOutput('failed', JSON.stringify(rows.filter((r) => r.state === 'failed').map((r) => r.cluster)));
  core.setOutput(
    'missing',
    JSON.stringify(rows.filter((r) => r.state === 'missing' || r.state === 'outdated').map((r) => r.cluster)),
  );
  await core.appendSummary(body);
  const existing = own.some((c) => c.body.startsWith(OVERVIEW_MARKER));
  if (!clusters.length && !existing) {
    core.info('no clusters: no overview comment');
    return;
  }
  const outcome = await upsertStickyComment(octokit, target, OVERVIEW_MARKER, body, own);
  if (outcome.kind === 'forbidden') {
    core.notice(
      `cluster-deploy could not post the plan overview on pull request #${pr.number} (${redactor.redact(outcome.message)}). ${pr.fromFork ? 'Pull requests from forks get a read-only token, by design' : 'Give the job permissions: pull-requests: write'}; the overview is in this job's summary.`,
      { title: 'cluster-deploy: no overview comment' },
    );
    return;
  }
  core.setOutput('comment-url', outcome.url);
  core.info(`${outcome.kind} the plan overview of ${clusters.length} clusters: ${outcome.url}`);
}

/** mode: post (the default), in a `workflow_run` workflow: see the module's comment. */
async function postForkComments(): Promise<void> {
  const event = readEvent()?.workflow_run;
  const given = core.getInput('run-id').trim();
  if (given && !/^[1-9]\d{0,15}$/.test(given)) {
    throw new UsageError(
      `input run-id: ${JSON.stringify(given.length > 40 ? `${given.slice(0, 40)}…` : given)} is not a workflow run id (a positive whole number)`,
    );
  }
  const runId = Number(given || event?.id);
  if (!Number.isSafeInteger(runId) || runId <= 0)
    throw new UsageError(
      'input run-id is empty: run this action on a workflow_run event, or pass the run id of the plan workflow',
    );
  const run = runContext(core.getInput('github-token'), process.env, {
    purpose: 'actions/plan-comment',
    permissions: 'actions: read and pull-requests: write',
  });
  const octokit = await octokitFor(run);
  const headSha =
    event?.id === runId && event.head_sha
      ? event.head_sha
      : (await octokit.rest.actions.getWorkflowRun({ owner: run.owner, repo: run.repo, run_id: runId })).data.head_sha;

  const { data } = await octokit.rest.actions.listWorkflowRunArtifacts({
    owner: run.owner,
    repo: run.repo,
    run_id: runId,
    per_page: 100,
  });
  const plans = data.artifacts.filter((a) => a.name.startsWith('cluster-deploy-plan-') && !a.expired);
  if (plans.length === 0) {
    core.info(`run ${runId} left no plan artifacts: nothing to post`);
    // The documented JSON list, empty: a later step's fromJSON of it must not fail on an empty string.
    core.setOutput('comment-urls', '[]');
    return;
  }
  const urls: string[] = [];
  for (const artifact of plans) {
    const dir = await downloadArtifactFiles(run, { id: artifact.id, runId });
    const read = (file: string) => fs.readFile(path.join(dir, file), 'utf8').catch(() => undefined);
    const [prText, body] = [await read(PLAN_FILES.pullRequest), await read(PLAN_FILES.comment)];
    if (!prText || !body) {
      core.infoUntrusted(`${artifact.name}: no pull request or comment in it (not a pull-request plan)`);
      continue;
    }
    const refuse = (why: string) => core.warning(`${artifact.name} from run ${runId}: not posted: ${why}`);
    const parsed = parsePullRequestFile(prText);
    if (!parsed.ok) {
      refuse(parsed.reason);
      continue;
    }
    const { number, cluster } = parsed.file;
    const marker = planMarker(cluster);
    if (parsed.file.marker !== marker || !body.startsWith(marker)) {
      refuse('the comment is not a plan comment for its cluster');
      continue;
    }
    const posted = forkPlanComment(body, cluster, headSha);
    if (posted.length > COMMENT_LIMIT) {
      refuse(`the comment is longer than GitHub's ${COMMENT_LIMIT} characters`);
      continue;
    }
    const pr = await octokit.rest.pulls.get({ owner: run.owner, repo: run.repo, pull_number: number });
    if (pr.data.head.sha !== headSha) {
      refuse(
        `pull request #${number} is at ${pr.data.head.sha.slice(0, 7)}, but run ${runId} planned ${headSha.slice(0, 7)} (a newer push, or a run naming another pull request)`,
      );
      continue;
    }
    const outcome = await upsertStickyComment(
      octokit,
      { owner: run.owner, repo: run.repo, issueNumber: number },
      marker,
      posted,
    );
    if (outcome.kind === 'forbidden')
      throw new UserError(
        `cannot comment on pull request #${number} (${outcome.message}); give this job permissions: pull-requests: write`,
      );
    core.infoUntrusted(`${outcome.kind} the plan comment for ${cluster} on #${number}: ${outcome.url}`);
    urls.push(outcome.url);
  }
  core.setOutput('comment-urls', JSON.stringify(urls));
}
