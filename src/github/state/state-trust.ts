import { UsageError } from '../../core/lib/errors.js';
import { quoteInput } from '../../core/lib/echo.js';

/**
 * Which runs' resume state a job may restore. An artifact's provenance is what GitHub's REST API
 * says of the run that uploaded it (`workflow_run` in "List artifacts for a repository": id,
 * repository_id, head_repository_id, head_branch): the run must be of this repository with its
 * head in this repository (a fork's pull-request run has the fork as head repository, whatever
 * its branch is called), on a branch the state-trusted-branches input allows. Another run's is
 * then looked up (RunDetails): its event must run the branch's code, and its commit be on the branch.
 */
export interface TrustedBranches {
  /** The input's patterns, or undefined for the default: the repository's default branch. */
  patterns?: readonly string[];
}

/** What GitHub says of the run that uploaded an artifact (any field may be missing). */
export interface ArtifactRun {
  id?: number;
  repository_id?: number;
  head_repository_id?: number;
  head_branch?: string | null;
}

/**
 * What "Get a workflow run" (GET /repos/{owner}/{repo}/actions/runs/{run_id}, the `workflow-run` schema)
 * adds: the event that started it. The artifact listing leaves it out, and its head_branch is only a
 * name: a pull_request run of a pull request from main reports main while it runs the merge commit
 * with the PR's workflow, a pull_request_target run reports the PR's head branch, and a push of a tag
 * called main reports main.
 */
export interface RunDetails {
  event: string;
  head_branch: string | null;
  head_sha: string;
}

/**
 * Events whose run checks out its branch's own commit with that commit's workflow. The others run
 * code the branch never had (pull_request: the merge of the PR into its base, which may be any
 * branch) or report another run's branch (pull_request_target, workflow_run: the default branch's
 * workflow with the triggering PR's or run's branch and commit); of this toolkit's example workflows
 * only preview.yml writes state from one, pull_request, and it trusts every branch.
 */
const TRUSTED_EVENTS: readonly string[] = ['push', 'workflow_dispatch', 'schedule'];

/**
 * Whether state-trusted-branches trusts every branch (`**`): then a tag, or the merge of two branches
 * (a pull_request run, its head in this repository), is as trusted as any branch; whoever can push
 * one can push a branch.
 */
export const trustsEveryBranch = (trusted: TrustedBranches): boolean => trusted.patterns?.includes('**') ?? false;

/** Why a run's event or branch is not trusted, or undefined (its commit is checked against the branch apart). */
export function untrustedRunReason(
  run: RunDetails,
  trusted: TrustedBranches,
  defaultBranch: string,
): string | undefined {
  const events = trustsEveryBranch(trusted) ? [...TRUSTED_EVENTS, 'pull_request'] : TRUSTED_EVENTS;
  if (!events.includes(run.event))
    return `not a trusted run: started by ${quoteInput(run.event, 40)}, and only ${events.join(', ')} runs run their branch's own code`;
  if (!run.head_branch || !branchTrusted(run.head_branch, trusted, defaultBranch))
    return 'not a trusted run: GitHub reports another branch for it';
  return undefined;
}

const MAX_PATTERNS = 100;

/**
 * state-trusted-branches: branch names or globs, one per line or comma-separated (`*` is any run of
 * characters but `/`, `**` any run at all). Empty: the default branch. Characters git forbids in a
 * branch name are refused, so that a typo is told, not silently trusted nothing.
 */
/** `where` names the value in errors: the action's input, or the CLI's flag. */
export function parseTrustedBranches(value: string, where = 'input state-trusted-branches'): TrustedBranches {
  const patterns = value
    .split(/[\n,]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (patterns.length === 0) return {};
  if (patterns.length > MAX_PATTERNS)
    throw new UsageError(`${where}: ${patterns.length} branch patterns; at most ${MAX_PATTERNS}`);
  for (const pattern of patterns) {
    const bad =
      pattern.length > 255
        ? 'is longer than 255 characters'
        : /[\0-\x20\x7f~^:?[\\]/.test(pattern)
          ? 'has a character git forbids in a branch name (space, control, ~ ^ : ? [ \\)'
          : /^refs\//.test(pattern)
            ? 'is a ref: give the branch name without refs/heads/'
            : /(^|\/)\.|\.\.|\/\/|\/$|^\/|\.lock$|@\{/.test(pattern)
              ? 'is not a valid branch name'
              : undefined;
    if (bad) throw new UsageError(`${where}: ${quoteInput(pattern, 80)} ${bad}`);
  }
  return { patterns };
}

function globToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((s) => s.replace(/[.+^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*');
  return new RegExp(`^${source}$`);
}

/** Whether a branch is trusted: one of the patterns, or the default branch when none were given. */
export function branchTrusted(branch: string, trusted: TrustedBranches, defaultBranch: string): boolean {
  if (!trusted.patterns) return branch === defaultBranch;
  return trusted.patterns.some((p) => globToRegExp(p).test(branch));
}

/** Why a run is not trusted, or undefined when it is. */
export function untrustedReason(
  run: ArtifactRun | null | undefined,
  repositoryId: number,
  trusted: TrustedBranches,
  defaultBranch: string,
): string | undefined {
  if (!run?.id || run.repository_id === undefined || run.head_repository_id === undefined)
    return 'GitHub does not say which run uploaded it';
  if (run.repository_id !== repositoryId) return 'not a run of this repository';
  if (run.head_repository_id !== repositoryId) return 'not a trusted run: its head is in another repository (a fork)';
  if (!run.head_branch) return 'not a trusted run: it has no branch';
  if (!branchTrusted(run.head_branch, trusted, defaultBranch))
    return `not a trusted run: ${trusted.patterns ? 'the branch is not in state-trusted-branches' : `only the default branch (${defaultBranch}) is trusted; see state-trusted-branches`}`;
  return undefined;
}
