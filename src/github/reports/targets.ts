import type { ChangedFile, ChangeSet, ChangeStatus, Targets } from '../../core/model/targets.js';
import { changedFilesFromGit, hasCommit } from '../../core/model/targets.js';
import { UserError } from '../../core/lib/errors.js';
import * as core from '../runner/actions-core.js';
import { octokitFor } from '../runner/clients.js';
import { codeText, plainText } from '../runner/markdown.js';
import { readEvent, runContext } from '../runner/runner.js';

/** GitHub lists at most this many files of a pull request. */
const PULL_REQUEST_FILES_LIMIT = 3000;

const API_STATUS: Record<string, ChangeStatus> = {
  added: 'added',
  copied: 'added',
  removed: 'removed',
  renamed: 'renamed',
};

/**
 * What this run's event changed: the push's commits or the pull request's files (from git when both
 * commits are in the checkout, else from the pull request's file list), or every cluster for a
 * manual or scheduled run, a new branch, or a list GitHub cut short.
 */
export async function changesOfRun(options: {
  root: string;
  all: boolean;
  token: string;
  env: NodeJS.ProcessEnv;
}): Promise<ChangeSet> {
  const { root, env } = options;
  const name = env.GITHUB_EVENT_NAME ?? '';
  if (options.all) return { kind: 'all', why: 'input all is true' };
  if (name === 'workflow_dispatch' || name === 'schedule')
    return { kind: 'all', why: `a ${name} run selects every cluster` };
  const event = readEvent(env);
  if (name === 'push') {
    const { before, after } = event ?? {};
    if (!before || !after) return { kind: 'all', why: 'the push event names no before and after commits' };
    if (/^0+$/.test(before))
      return { kind: 'all', why: 'a new branch: the push has no previous commit to compare with' };
    if ((await hasCommit(root, before)) && (await hasCommit(root, after)))
      return { kind: 'files', files: await changedFilesFromGit(root, before, after) };
    core.warning(
      `commit ${before.slice(0, 7)} (before the push) is not in the checkout, so every cluster is selected; check out with fetch-depth: 0 to compare`,
    );
    return {
      kind: 'all',
      why: `commit ${before.slice(0, 7)} (before the push) is not in the checkout (use fetch-depth: 0)`,
    };
  }
  if (name === 'pull_request' || name === 'pull_request_target') {
    const pr = event?.pull_request;
    if (!pr) {
      const payload = env.GITHUB_EVENT_PATH
        ? `the event payload ${env.GITHUB_EVENT_PATH}`
        : 'GITHUB_EVENT_PATH, which is not set';
      const why = event ? 'has no pull_request with a number' : env.GITHUB_EVENT_PATH ? 'is missing or not JSON' : '';
      throw new UserError(
        `the ${name} event has no pull request: ${payload}${why ? ` ${why}` : ''}; run this action in a job the pull request triggers, as the runner gives it, or set all: true`,
      );
    }
    const [base, head] = [pr.base?.sha, pr.head?.sha];
    if (base && head && (await hasCommit(root, base)) && (await hasCommit(root, head))) {
      try {
        return { kind: 'files', files: await changedFilesFromGit(root, base, head, { threeDot: true }) };
      } catch (error) {
        // A shallow history has both commits but not their merge base: the file list has it.
        if (!(error instanceof UserError)) throw error;
      }
    }
    return pullRequestChanges(options.token, env, pr.number, pr.changed_files);
  }
  return {
    kind: 'all',
    why: name ? `a ${name} run selects every cluster` : 'not run by a workflow event (GITHUB_EVENT_NAME is not set)',
  };
}

/** `GET /repos/{owner}/{repo}/pulls/{n}/files`, every page; cut short when GitHub's list is. */
async function pullRequestChanges(
  token: string,
  env: NodeJS.ProcessEnv,
  number: number,
  changedFiles: number | undefined,
): Promise<ChangeSet> {
  const run = runContext(token, env, {
    purpose: 'actions/targets on a pull request',
    permissions: 'pull-requests: read',
  });
  const octokit = await octokitFor(run);
  const listed = await octokit.paginate(octokit.rest.pulls.listFiles, {
    owner: run.owner,
    repo: run.repo,
    pull_number: number,
    per_page: 100,
  });
  const total =
    changedFiles ??
    (await octokit.rest.pulls.get({ owner: run.owner, repo: run.repo, pull_number: number })).data.changed_files;
  if (listed.length >= PULL_REQUEST_FILES_LIMIT || listed.length < total) {
    const why = `pull request #${number} changes ${total} files and GitHub lists only the first ${listed.length}, so every cluster is selected`;
    core.warning(why);
    return { kind: 'all', why };
  }
  const files: ChangedFile[] = listed.map((f) => {
    const status = API_STATUS[f.status] ?? 'modified';
    return status === 'renamed' && f.previous_filename
      ? { path: f.filename, status, previousPath: f.previous_filename }
      : { path: f.filename, status };
  });
  return { kind: 'files', files };
}

/** Paths and names from the repository, shown as written in the summary's table. */
const cell = (text: string) => `\`${codeText(text, { table: true })}\``;

/** The job summary: each affected cluster and the file that made it so, the deleted configs. */
export function targetsSummary(targets: Targets): string {
  const { clusters, deleted } = targets;
  const lines = [
    `### Targets: ${clusters.length} of ${targets.configs} cluster${targets.configs === 1 ? '' : 's'}`,
    '',
  ];
  if (targets.all) lines.push(`Every cluster: ${plainText(targets.all)}.`, '');
  else if (clusters.length === 0) lines.push('No cluster is affected by this change.', '');
  if (clusters.length > 0) {
    lines.push('| cluster | config | why |', '|---|---|---|');
    for (const c of clusters)
      lines.push(`| ${cell(`${c.organization}/${c.cluster}`)} | ${cell(c.config)} | ${plainText(c.reason)} |`);
    lines.push('');
  }
  const moved = targets.addedConfigs
    ? ` and no config this change adds (${targets.addedConfigs.map(cell).join(', ')}) describes it: a config moved and much edited shows as deleted and added`
    : '';
  for (const config of deleted)
    lines.push(
      `**Deleted config** ${cell(config)}: its cluster is not deployed from here any more; destroy it with \`operation: destroy\` (from the config before the change) if it still runs${moved}.`,
      '',
    );
  return `${lines.join('\n')}\n`;
}
