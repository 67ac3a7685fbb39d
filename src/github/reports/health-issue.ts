/**
 * One GitHub issue per cluster for what `operation: check` finds: opened on drift or a problem,
 * updated while it lasts, closed with a comment when a check comes back clean, reopened when the
 * problem returns. The issue is found again by a hidden marker heading its body and by its author
 * (our own token's login, as the sticky plan comment is), so an issue a person opens with the
 * marker in it is never touched.
 */
import type { CheckReport } from '../../core/model/check-report.js';
import { UserError } from '../../core/lib/errors.js';
import { parseName } from '../../core/lib/option-values.js';
import { Redactor } from '../../core/lib/redact.js';
import { checkTime, checkVerdict, renderCheckReport } from './check-summary.js';
import { octokitFor, type Octokit, type RestPolicy } from '../runner/clients.js';
import { describeRestError } from '../runner/rest-errors.js';
import { ownLogin } from '../comments/sticky-comment.js';

/** On every health issue: it narrows the listing to ours (keep it on them). */
export const HEALTH_LABEL = 'cluster-health';

/** The first line of a cluster's health issue. */
export function healthMarker(cluster: string): string {
  return `<!-- cluster-deploy:health ${cluster} -->`;
}

export type HealthIssueAction = 'opened' | 'reopened' | 'updated' | 'closed' | 'none';

export interface HealthIssueOptions {
  token: string;
  /** `owner/name`. */
  repository: string;
  report: CheckReport;
  /** The run that checked, linked from the issue and the clean comment. */
  runUrl?: string;
  /** Default GITHUB_API_URL, else https://api.github.com. */
  apiUrl?: string;
  /** The REST client's retry policy (tests shorten its waits). */
  policy?: Partial<RestPolicy>;
}

const REPOSITORY = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;

function parseRepository(repository: string): { owner: string; repo: string } {
  if (!REPOSITORY.test(repository))
    throw new UserError(
      `health issue: repository "${repository.replace(/[^\x20-\x7e]/g, '?').slice(0, 80)}" is not owner/name`,
    );
  const [owner, repo] = repository.split('/') as [string, string];
  return { owner, repo };
}

/** `<org>/<cluster>`, both names as the engine allows them: the cluster goes into the marker and the title. */
function parseCluster(cluster: string): string {
  const parts = cluster.split('/');
  const where = "the check report's cluster (<org>/<cluster>)";
  if (parts.length !== 2)
    throw new UserError(`${where}: "${cluster.replace(/[^\x20-\x7e]/g, '?').slice(0, 80)}" is not <org>/<cluster>`);
  return parts.map((name) => parseName(name, where, UserError)).join('/');
}

function parseRunUrl(runUrl: string): string {
  let url: URL | undefined;
  try {
    url = new URL(runUrl);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || runUrl.length > 2000 || /\s/.test(runUrl))
    throw new UserError(
      `health issue: the run URL "${runUrl.replace(/[^\x20-\x7e]/g, '?').slice(0, 80)}" is not an http(s) URL`,
    );
  return url.href;
}

type Issue = Awaited<ReturnType<Octokit['rest']['issues']['listForRepo']>>['data'][number];

/**
 * Opens, updates, reopens or closes the cluster's health issue for this report. Never more than one
 * stays open: when several of ours carry the marker (two checks at once), the oldest is kept and the
 * others are closed as its duplicates. A failure names the endpoint and, for a 403, the permission
 * (`issues: write`); the token appears in nothing this writes or throws.
 */
export async function reportHealthIssue(
  options: HealthIssueOptions,
): Promise<{ action: HealthIssueAction; url?: string }> {
  const { token, report } = options;
  if (!token)
    throw new UserError(
      'health-issue needs github-token (the default is ${{ github.token }}) with permissions issues: write',
    );
  const { owner, repo } = parseRepository(options.repository);
  const cluster = parseCluster(report.cluster);
  const runUrl = options.runUrl === undefined ? undefined : parseRunUrl(options.runUrl);
  const redactor = new Redactor();
  redactor.add(token);
  const octokit = await octokitFor(
    { token, apiUrl: options.apiUrl ?? process.env.GITHUB_API_URL ?? 'https://api.github.com' },
    options.policy,
  );
  const marker = healthMarker(cluster);
  const runLink = runUrl ? `[the check's run](<${runUrl}>)` : undefined;

  try {
    const login = await ownLogin(octokit);
    /** Our issues for this cluster, oldest first: by number, as issues opened within one second tie on created_at. */
    const ours = async (): Promise<Issue[]> => {
      const listed = await octokit.paginate(octokit.rest.issues.listForRepo, {
        owner,
        repo,
        state: 'all',
        labels: HEALTH_LABEL,
        per_page: 100,
      });
      return listed
        .filter(
          (issue) =>
            !issue.pull_request &&
            issue.user?.login === login &&
            (issue.body ?? '').split('\n', 1)[0]!.trim() === marker,
        )
        .sort((a, b) => a.number - b.number);
    };
    const comment = (issue: Issue, body: string) =>
      octokit.rest.issues.createComment({ owner, repo, issue_number: issue.number, body: redactor.redact(body) });
    const closeDuplicates = async (duplicates: Issue[], kept: Issue) => {
      for (const duplicate of duplicates) {
        await comment(duplicate, `Duplicate of #${kept.number}: cluster-deploy keeps one health issue per cluster.`);
        await octokit.rest.issues.update({
          owner,
          repo,
          issue_number: duplicate.number,
          state: 'closed',
          state_reason: 'duplicate',
          duplicate_issue_id: kept.id,
        });
      }
    };

    const found = await ours();
    const open = found.filter((issue) => issue.state === 'open');
    if (!report.drift && report.findings.length === 0) {
      if (open.length === 0) return { action: 'none' };
      for (const issue of open) {
        await comment(issue, `Clean at ${checkTime(report.checkedAt)}${runLink ? ` (${runLink})` : ''}.`);
        await octokit.rest.issues.update({
          owner,
          repo,
          issue_number: issue.number,
          state: 'closed',
          state_reason: 'completed',
        });
      }
      return { action: 'closed', url: open[0]!.html_url };
    }

    const title = redactor.redact(`Cluster ${cluster}: ${checkVerdict(report)}`);
    const body = redactor.redact(
      [marker, renderCheckReport(report), ...(runLink ? ['', `Reported by ${runLink}.`] : []), ''].join('\n'),
    );
    const update = async (issue: Issue, fields: { state?: 'open' } = {}) =>
      (await octokit.rest.issues.update({ owner, repo, issue_number: issue.number, title, body, ...fields })).data
        .html_url;

    if (open.length > 0) {
      const [kept, ...duplicates] = open as [Issue, ...Issue[]];
      const url = await update(kept);
      await closeDuplicates(duplicates, kept);
      return { action: 'updated', url };
    }
    // Reopen the one closed when the cluster was last clean, not one closed as a duplicate.
    const closed = found.find((issue) => issue.state_reason !== 'duplicate') ?? found[0];
    if (closed) return { action: 'reopened', url: await update(closed, { state: 'open' }) };

    const created = (await octokit.rest.issues.create({ owner, repo, title, body, labels: [HEALTH_LABEL] })).data;
    // Another check of this cluster may have opened one at the same moment. Numbers follow creation,
    // so the one that opened the newer issue sees the older and closes its own: one comment, one open.
    const [kept] = (await ours()).filter((issue) => issue.state === 'open');
    if (!kept || kept.number === created.number) return { action: 'opened', url: created.html_url };
    await closeDuplicates([created as Issue], kept);
    return { action: 'updated', url: await update(kept) };
  } catch (error) {
    throw describeRestError(error, { permission: 'issues: write' });
  }
}
