/**
 * What a failed REST call means and what to do about it, in one place: every caller of the API
 * (sticky comments, deployments, artifacts, the plan-comment action) and the Octokit client itself
 * (src/github/runner/clients.ts) describe a failure with `describeRestError`. The message names the
 * endpoint as its route (`POST /repos/{owner}/{repo}/issues/{issue_number}/comments`), never a URL
 * with a query or a header, so it carries no token.
 */
import { UserError, errorMessage } from '../../core/lib/errors.js';

/** Why a call failed, as far as what to do about it goes. */
export type RestFailure = 'rate-limit' | 'server' | 'forbidden' | 'unauthorized' | 'not-found' | 'other';

/** What to do, per kind of failure (403 gets the permission when it is known). */
const REST_ADVICE = {
  'rate-limit': "GitHub's rate limit: too many jobs at once; lower the matrix's max-parallel",
  server: 'GitHub is failing; re-run the job',
  unauthorized: 'the github-token is not valid (expired, or not a token for this repository)',
  'not-found': 'GitHub does not know it, or the github-token may not see it',
} as const;

interface RequestErrorLike {
  status?: number;
  message?: string;
  request?: { method?: string; url?: string };
  response?: { headers?: Record<string, string | number | undefined>; data?: unknown };
}

/** A REST call that failed for good (after the client's retries), described. */
export class GitHubApiError extends UserError {
  override readonly name = 'GitHubApiError';
  constructor(
    message: string,
    readonly status: number,
    /** `METHOD /route`. */
    readonly endpoint: string,
    readonly failure: RestFailure,
    readonly detail: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

const asRequestError = (error: unknown): RequestErrorLike | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as RequestErrorLike;
  return typeof e.status === 'number' && (e.request !== undefined || e.response !== undefined) ? e : undefined;
};

/** Whether the error is a REST response (or a described one). */
export function isRestError(error: unknown): boolean {
  return error instanceof GitHubApiError || asRequestError(error) !== undefined;
}

/** GitHub's own message from a JSON error body, without its documentation link. */
function githubMessage(error: RequestErrorLike): string {
  const data = error.response?.data as { message?: unknown } | undefined;
  if (data && typeof data.message === 'string') return data.message;
  return (error.message ?? '').replace(/ - https:\/\/docs\.github\.com\S*$/, '');
}

/**
 * A rate limit: 429, a 403 whose message says "secondary rate limit", or a 403 with no requests
 * left (`x-ratelimit-remaining: 0`, primary limit).
 */
function isRateLimit(status: number, error: RequestErrorLike): boolean {
  if (status === 429) return true;
  if (status !== 403) return false;
  return (
    /\brate limit\b/i.test(githubMessage(error)) ||
    String(error.response?.headers?.['x-ratelimit-remaining'] ?? '') === '0'
  );
}

/** The kind of failure of a REST error, `undefined` for anything that is not one. */
export function restFailure(error: unknown): RestFailure | undefined {
  if (error instanceof GitHubApiError) return error.failure;
  const e = asRequestError(error);
  if (!e) return undefined;
  const status = e.status ?? 0;
  if (isRateLimit(status, e)) return 'rate-limit';
  // 0: no response at all (a network error); Octokit reports a failed fetch as 500.
  if (status >= 500 || status === 0) return 'server';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  return 'other';
}

/** `METHOD /route`: the route template when the client knew it, else the path of the URL (no origin, no query). */
export function endpointOf(method: string | undefined, url: string | undefined): string {
  let route = url ?? '?';
  if (!route.startsWith('/')) {
    try {
      route = new URL(route).pathname;
    } catch {
      route = '?';
    }
  }
  return `${(method ?? 'GET').toUpperCase()} ${route.split('?')[0]}`;
}

/** The permission a route needs, for the 403 advice, when the caller does not say. */
function permissionFor(endpoint: string): string | undefined {
  const [method, route = ''] = endpoint.split(' ');
  const write = method !== 'GET' && method !== 'HEAD';
  if (/\/issues\/[^/]+\/comments$|\/issues\/comments\/|\/pulls(\/|$)/.test(route))
    return write ? 'pull-requests: write' : 'pull-requests: read';
  if (/\/deployments(\/|$)/.test(route)) return 'deployments: write';
  if (/\/actions\//.test(route)) return write ? 'actions: write' : 'actions: read';
  return undefined;
}

/**
 * A failed REST call as an error that names the endpoint and what to do: 403 → the permission to add
 * to the job, 429 or a secondary limit → lower max-parallel, 5xx → re-run. `endpoint` overrides the
 * one read from the error (the client passes the route template); `permission` the one guessed from
 * the route. Anything that is not a REST error is returned as it is.
 */
export function describeRestError(error: unknown, context: { endpoint?: string; permission?: string } = {}): Error {
  let status: number;
  let endpoint: string;
  let detail: string;
  let cause: unknown = error;
  let answered = true;
  if (error instanceof GitHubApiError) {
    ({ status, detail } = error);
    endpoint = context.endpoint ?? error.endpoint;
    cause = error.cause ?? error;
  } else {
    const e = asRequestError(error);
    if (!e) return error instanceof Error ? error : new Error(errorMessage(error));
    status = e.status ?? 0;
    endpoint = context.endpoint ?? endpointOf(e.request?.method, e.request?.url);
    detail = githubMessage(e);
    // Octokit reports a request that got no answer (refused, DNS, TLS) as a 500 without a response.
    answered = e.response !== undefined;
  }
  const failure = restFailure(error) ?? 'other';
  let advice: string;
  if (failure === 'forbidden') {
    const permission = context.permission ?? permissionFor(endpoint);
    advice = permission
      ? `the github-token may not do this; add "permissions: ${permission}" to the job`
      : 'the github-token may not do this; give the job the permission this endpoint needs';
  } else if (failure === 'other') advice = 'GitHub refused the request';
  else advice = REST_ADVICE[failure];
  const said = detail && failure !== 'server' ? ` (${detail.slice(0, 200)})` : '';
  const message = answered
    ? `GitHub API ${endpoint} failed with ${status || 'no response'}${said}: ${advice}`
    : `GitHub API ${endpoint} got no answer${detail ? ` (${detail.slice(0, 200)})` : ''}: GitHub could not be reached; check GITHUB_API_URL (on GitHub Enterprise Server) and the runner's network, then re-run the job`;
  return new GitHubApiError(message, status, endpoint, failure, detail, { cause });
}
