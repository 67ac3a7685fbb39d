import type { getOctokit } from '@actions/github';
import { describeRestError, restFailure, type GitHubApiError } from '../runner/rest-errors.js';

type Octokit = ReturnType<typeof getOctokit>;

export interface CommentTarget {
  owner: string;
  repo: string;
  /** The pull request's number (pull requests are issues for comments). */
  issueNumber: number;
}

export type CommentOutcome =
  | { kind: 'created' | 'updated'; url: string; id: number }
  /** The token may not comment: a fork's read-only token, or a job without `pull-requests: write`. */
  | { kind: 'forbidden'; message: string };

/** GITHUB_TOKEN comments as this bot; so do the runs' own integration tokens. */
const ACTIONS_BOT = 'github-actions[bot]';

/**
 * Who our comments (and health issues) are written by: a user token can ask GitHub; an integration
 * token (GITHUB_TOKEN) gets 403 from /user and writes as github-actions[bot]. Any other failure (a
 * rate limit, GitHub failing) is not taken for a bot, which would post a second comment.
 */
export async function ownLogin(octokit: Octokit): Promise<string> {
  try {
    return (await octokit.rest.users.getAuthenticated()).data.login;
  } catch (error) {
    if (restFailure(error) === 'forbidden') return ACTIONS_BOT;
    throw describeRestError(error);
  }
}

/** One of the pull request's comments written by our token's author. */
export interface OwnComment {
  id: number;
  body: string;
  url: string;
}

/** Every comment of the pull request written by our token's author, oldest first (paging through all of them). */
export async function listOwnComments(octokit: Octokit, target: CommentTarget): Promise<OwnComment[]> {
  const login = await ownLogin(octokit);
  const { owner, repo, issueNumber } = target;
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    owner,
    repo,
    issue_number: issueNumber,
    per_page: 100,
  });
  return comments
    .filter((c) => c.user?.login === login)
    .map((c) => ({ id: c.id, body: c.body ?? '', url: c.html_url }));
}

/**
 * One comment per marker: found by paging through every comment of the pull request (or in `own`,
 * when the caller has just listed them) and matching both the hidden marker and our own author
 * (someone quoting the marker is never overwritten), updated in place when found, created otherwise.
 */
export async function upsertStickyComment(
  octokit: Octokit,
  target: CommentTarget,
  marker: string,
  body: string,
  own?: readonly OwnComment[],
): Promise<CommentOutcome> {
  const { owner, repo, issueNumber } = target;
  try {
    const mine = (own ?? (await listOwnComments(octokit, target))).find((c) => c.body.includes(marker));
    if (mine) {
      const updated = await octokit.rest.issues.updateComment({ owner, repo, comment_id: mine.id, body });
      return { kind: 'updated', url: updated.data.html_url, id: updated.data.id };
    }
    const created = await octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body });
    return { kind: 'created', url: created.data.html_url, id: created.data.id };
  } catch (error) {
    const failure = restFailure(error);
    if (failure === 'forbidden' || failure === 'not-found') {
      // The caller knows what to advise (a fork's token cannot be given the permission).
      const { endpoint, status, detail } = describeRestError(error) as GitHubApiError;
      return { kind: 'forbidden', message: `${endpoint} answered ${status}: ${detail}` };
    }
    throw describeRestError(error);
  }
}
