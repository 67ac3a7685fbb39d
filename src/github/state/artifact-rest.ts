import { promises as fs } from 'node:fs';
import path from 'node:path';
import { InterruptedError, UserError, errorMessage } from '../../core/lib/errors.js';
import { readZip } from '../../core/lib/zip.js';
import { downloadDir } from '../runner/downloads.js';
import type { CompareStatus, ListedArtifact, StateArtifactSource } from './state-picker.js';

/**
 * The state artifacts of a repository through GitHub's REST API with a person's token, outside a
 * workflow run (`cluster-deploy kubeconfig`): plain requests, no runner and no @actions/* client.
 * Endpoints (https://docs.github.com/rest/actions/artifacts, https://docs.github.com/rest/repos/repos):
 * GET /repos/{owner}/{repo}; GET /repos/{owner}/{repo}/actions/artifacts?name=… (paged, `total_count`);
 * GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/zip, a 302 whose Location is a short-lived
 * signed URL, fetched without the token; what the picker asks of the uploading run
 * (https://docs.github.com/rest/actions/workflow-runs, https://docs.github.com/rest/branches/branches,
 * https://docs.github.com/rest/commits/commits): GET …/actions/runs/{run_id}, GET …/branches/{branch},
 * GET …/compare/{basehead}.
 */
export interface RestRepository {
  apiUrl: string;
  owner: string;
  repo: string;
  token: string;
  /** Aborts the request in flight (Ctrl-C). */
  signal?: AbortSignal;
}

/** A state artifact holds the state, its seal, the log, encrypted files and at most one 64 MiB etcd snapshot. */
const ZIP_LIMITS = { maxEntries: 32, maxBytes: 512 * 1024 * 1024 };
const MAX_DOWNLOAD_BYTES = 512 * 1024 * 1024;
const PER_PAGE = 100;

/** What a person can do about a failed call (the actions' own advice, rest-errors.ts, speaks of a job's token). */
function failure(endpoint: string, status: number, message: string, target: RestRepository): UserError {
  const said = message ? ` (${message.slice(0, 200)})` : '';
  const repository = `${target.owner}/${target.repo}`;
  const advice =
    status === 401
      ? 'the token is not valid (expired or revoked): set GH_TOKEN or GITHUB_TOKEN to a valid one, or run gh auth login'
      : status === 403 && /rate limit/i.test(message)
        ? "GitHub's rate limit: wait a while and try again"
        : status === 403
          ? `the token may not read ${repository}'s Actions artifacts, branches or commits: a fine-grained token needs "Actions: read" and "Contents: read" on it, a classic one the repo scope`
          : status === 404
            ? `GitHub does not know ${repository}, or the token cannot see it: check --repo and that the token has access to the repository`
            : status >= 500
              ? 'GitHub is failing; try again later'
              : 'GitHub refused the request';
  return new UserError(`GitHub API ${endpoint} failed with ${status}${said}: ${advice}`);
}

async function call(target: RestRepository, endpoint: string, url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, {
      ...init,
      signal: target.signal,
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${target.token}`,
        'x-github-api-version': '2022-11-28',
        'user-agent': 'cluster-deploy',
      },
    });
  } catch (error) {
    if (target.signal?.aborted) throw new InterruptedError();
    // The URL of a failed fetch carries no token, but the cause may quote the request: only the reason is shown.
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? errorMessage(error);
    throw new UserError(
      `GitHub API ${endpoint} got no answer (${cause}): check --api-url (${target.apiUrl}) and the network`,
    );
  }
}

/** GitHub's answer, or undefined for a 404 when `missing` allows it. */
async function json<T>(target: RestRepository, endpoint: string, route: string): Promise<T>;
async function json<T>(
  target: RestRepository,
  endpoint: string,
  route: string,
  missing: 'may-miss',
): Promise<T | undefined>;
async function json<T>(target: RestRepository, endpoint: string, route: string, missing?: 'may-miss') {
  const response = await call(target, endpoint, `${target.apiUrl.replace(/\/$/, '')}${route}`);
  const body = await response.text();
  if (response.status === 404 && missing) return undefined;
  if (!response.ok) {
    const message = (() => {
      try {
        return String((JSON.parse(body) as { message?: unknown }).message ?? '');
      } catch {
        return '';
      }
    })();
    throw failure(endpoint, response.status, message, target);
  }
  try {
    return JSON.parse(body) as T;
  } catch {
    throw new UserError(`GitHub API ${endpoint} answered with something that is not JSON: check --api-url`);
  }
}

/** Files of a zip, written 0600 into a new private folder (removed by removeDownloads). Names must be flat. */
async function unpack(zip: Buffer, what: string): Promise<string> {
  const files = readZip(zip, what, ZIP_LIMITS);
  const dir = await downloadDir();
  for (const [name, content] of files) {
    // The seal's own rule for names (state-seal.ts): a path or "..", never written.
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(name) || name === '.' || name === '..')
      throw new UserError(`${what} holds a file named ${JSON.stringify(name.slice(0, 100))}: not a state artifact`);
    await fs.writeFile(path.join(dir, name), content, { mode: 0o600, flag: 'wx' });
  }
  return dir;
}

export function restStateSource(target: RestRepository): StateArtifactSource {
  const repo = `/repos/${encodeURIComponent(target.owner)}/${encodeURIComponent(target.repo)}`;
  return {
    async repository() {
      const data = await json<{ id: number; default_branch: string }>(target, 'GET /repos/{owner}/{repo}', repo);
      return { id: data.id, defaultBranch: data.default_branch };
    },
    async *repositoryArtifacts(name) {
      for (let page = 1; ; page++) {
        const query = new URLSearchParams({ name, per_page: String(PER_PAGE), page: String(page) });
        const data = await json<{ total_count: number; artifacts: ListedArtifact[] }>(
          target,
          'GET /repos/{owner}/{repo}/actions/artifacts',
          `${repo}/actions/artifacts?${query}`,
        );
        yield data.artifacts;
        if (data.artifacts.length < PER_PAGE || page * PER_PAGE >= data.total_count) return;
      }
    },
    async workflowRun(runId) {
      const data = await json<{ event: string; head_branch: string | null; head_sha: string }>(
        target,
        'GET /repos/{owner}/{repo}/actions/runs/{run_id}',
        `${repo}/actions/runs/${runId}`,
        'may-miss',
      );
      return data && { event: data.event, head_branch: data.head_branch, head_sha: data.head_sha };
    },
    async branchHead(branch) {
      const data = await json<{ commit: { sha: string } }>(
        target,
        'GET /repos/{owner}/{repo}/branches/{branch}',
        `${repo}/branches/${encodeURIComponent(branch)}`,
        'may-miss',
      );
      return data?.commit.sha;
    },
    async compare(base, head) {
      const data = await json<{ status: CompareStatus }>(
        target,
        'GET /repos/{owner}/{repo}/compare/{basehead}',
        `${repo}/compare/${encodeURIComponent(base)}...${encodeURIComponent(head)}?per_page=1`,
        'may-miss',
      );
      return data?.status;
    },
    async download({ id }) {
      const endpoint = 'GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/zip';
      const url = `${target.apiUrl.replace(/\/$/, '')}${repo}/actions/artifacts/${id}/zip`;
      const redirect = await call(target, endpoint, url, { redirect: 'manual' });
      const location = redirect.headers.get('location');
      if (redirect.status !== 302 || !location) {
        const message = await redirect
          .json()
          .then((b) => String((b as { message?: unknown }).message ?? ''))
          .catch(() => '');
        throw failure(endpoint, redirect.status, message, target);
      }
      // The signed URL is the credential: the token stays with the API.
      let blob: Response;
      try {
        blob = await fetch(location, { signal: target.signal });
      } catch (error) {
        if (target.signal?.aborted) throw new InterruptedError();
        throw new UserError(`the download of artifact ${id} got no answer (${errorMessage(error)}); try again`);
      }
      if (!blob.ok) throw new UserError(`the download of artifact ${id} failed with ${blob.status}; try again`);
      const length = Number(blob.headers.get('content-length') ?? 0);
      if (length > MAX_DOWNLOAD_BYTES)
        throw new UserError(`artifact ${id} is ${length} bytes, more than a state artifact holds: not one`);
      const bytes = Buffer.from(
        await blob.arrayBuffer().catch((error: unknown) => {
          throw target.signal?.aborted ? new InterruptedError() : error;
        }),
      );
      if (bytes.length > MAX_DOWNLOAD_BYTES)
        throw new UserError(`artifact ${id} is larger than a state artifact can be: not one`);
      return unpack(bytes, `artifact ${id}`);
    },
  };
}
