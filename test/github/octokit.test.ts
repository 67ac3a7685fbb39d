import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { outputCapture } from '../support/capture-output.js';
import { octokitFor, type RestPolicy } from '../../src/github/runner/clients.js';
import { planMarker } from '../../src/github/comments/plan-comment.js';
import { describeRestError, GitHubApiError } from '../../src/github/runner/rest-errors.js';
import { upsertStickyComment } from '../../src/github/comments/sticky-comment.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';

/**
 * The REST client of every action (octokitFor: retry + throttling) against the GitHub stand-in
 * answering some calls as GitHub does under load: 502s, secondary rate limits with retry-after, the
 * hourly quota spent. One second of GitHub's waits lasts 10 ms here.
 */
describe('octokitFor under GitHub load', () => {
  let github: GitHubStandIn;
  // A canary: an installation-token-shaped secret that must never reach a log line or an error.
  const TOKEN = 'ghs_CanaryToken0123456789abcdefABCDEF01';
  const repository = 'acme/clusters';
  const target = (issueNumber: number) => ({ owner: 'acme', repo: 'clusters', issueNumber });
  const commentsPath = (issue: number) => `/repos/${repository}/issues/${issue}/comments`;
  const marker = planMarker('acme/prod-east');
  const output = outputCapture();
  let ids = 0;
  /** Each client its own throttle id, so one test's writes do not space the next test's. */
  const client = (policy: Partial<RestPolicy> = {}, token = TOKEN) =>
    octokitFor({ token, apiUrl: github.url }, { secondMs: 10, throttleId: `test-${++ids}`, ...policy });
  const calls = (method: string, path: string) =>
    github.requests.filter((r) => r.method === method && r.path === path).length;

  beforeAll(async () => {
    github = await startGitHubStandIn({
      tokens: { [TOKEN]: { pullRequests: 'write' }, 'no-deployments': { pullRequests: 'write' } },
    });
  });
  afterAll(async () => github?.close());

  beforeEach(() => output.start());
  afterEach(() => {
    vi.restoreAllMocks();
    // The canary: no line the client logged, in any test, carries the token.
    expect(output.lines.filter((line) => line.includes(TOKEN))).toEqual([]);
  });

  it('upserts a sticky comment through 502s: the listing is retried, the comment exists once', async () => {
    github.failNext('GET', commentsPath(1), 2, { kind: 'bad-gateway' });
    const outcome = await upsertStickyComment(await client(), target(1), marker, `${marker}\nplan`);
    expect(outcome.kind).toBe('created');
    expect(calls('GET', commentsPath(1))).toBe(3);
    expect(github.comments(repository, 1)).toHaveLength(1);
    expect(output.lines).toEqual([
      'GitHub answered 502 to GET /repos/{owner}/{repo}/issues/{issue_number}/comments: retry 1 of 3 in 1 s',
      'GitHub answered 502 to GET /repos/{owner}/{repo}/issues/{issue_number}/comments: retry 2 of 3 in 4 s',
    ]);
  });

  it('an API that does not answer (a wrong GITHUB_API_URL, a refused connection) is said to be unreachable, not failing', async () => {
    const { createServer } = await import('node:net');
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const octokit = await octokitFor(
      { token: TOKEN, apiUrl: `http://127.0.0.1:${closed}` },
      { secondMs: 1, throttleId: `test-${++ids}` },
    );
    const failure = await octokit.rest.issues
      .listComments({ owner: 'acme', repo: 'clusters', issue_number: 1 })
      .catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(GitHubApiError);
    expect((failure as Error).message).toMatch(
      /^GitHub API GET \/repos\/\{owner\}\/\{repo\}\/issues\/\{issue_number\}\/comments got no answer \(.*ECONNREFUSED.*\): GitHub could not be reached; check GITHUB_API_URL \(on GitHub Enterprise Server\) and the runner's network, then re-run the job$/,
    );
    expect(output.lines[0]).toBe(
      'GitHub did not answer GET /repos/{owner}/{repo}/issues/{issue_number}/comments: retry 1 of 3 in 1 s',
    );
  });

  it('upserts a sticky comment through a secondary rate limit, after the retry-after GitHub asks for', async () => {
    github.failNext('POST', commentsPath(2), 1, { kind: 'secondary-rate-limit', retryAfter: 5 });
    const started = Date.now();
    const outcome = await upsertStickyComment(await client(), target(2), marker, `${marker}\nplan`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    expect(outcome.kind).toBe('created');
    expect(calls('POST', commentsPath(2))).toBe(2);
    expect(github.comments(repository, 2)).toHaveLength(1);
    expect(output.lines).toEqual([
      "::warning::GitHub's secondary rate limit on POST /repos/{owner}/{repo}/issues/{issue_number}/comments: retry 1 of 3 in 5 s (too many jobs at once? lower the matrix's max-parallel)",
    ]);
    // The update the next push makes goes through the same way, and still leaves one comment.
    github.failNext('PATCH', /^\/repos\/acme\/clusters\/issues\/comments\/\d+$/, 1, { kind: 'secondary-rate-limit' });
    const updated = await upsertStickyComment(await client(), target(2), marker, `${marker}\nplan two`);
    expect(updated).toMatchObject({ kind: 'updated', id: (outcome as { id: number }).id });
    expect(github.comments(repository, 2).map((c) => c.body)).toEqual([`${marker}\nplan two`]);
  });

  it('waits for the hourly quota to reset (x-ratelimit-reset), then goes on', async () => {
    github.failNext('GET', commentsPath(3), 1, { kind: 'rate-limit', resetIn: 1 });
    const outcome = await upsertStickyComment(await client(), target(3), marker, `${marker}\nplan`);
    expect(outcome.kind).toBe('created');
    expect(calls('GET', commentsPath(3))).toBe(2);
    expect(output.lines).toHaveLength(1);
    expect(output.lines[0]).toMatch(
      /^::warning::GitHub's rate limit \(the hourly quota\) on GET \/repos\/\{owner\}\/\{repo\}\/issues\/\{issue_number\}\/comments: retry 1 of 3 in [1-3] s/,
    );
  });

  it('a call that keeps getting 502 fails after 3 retries, naming the endpoint and what to do', async () => {
    github.failNext('GET', commentsPath(4), Infinity, { kind: 'bad-gateway' });
    const error = await upsertStickyComment(await client(), target(4), marker, 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubApiError);
    expect((error as Error).message).toBe(
      'GitHub API GET /repos/{owner}/{repo}/issues/{issue_number}/comments failed with 502: GitHub is failing; re-run the job',
    );
    expect(calls('GET', commentsPath(4))).toBe(4);
    expect(github.comments(repository, 4)).toHaveLength(0);
    expect(inspect(error, { depth: 10 })).not.toContain(TOKEN);
  });

  it('a call that keeps meeting the secondary rate limit fails after 3 retries with the max-parallel advice', async () => {
    github.failNext('POST', commentsPath(5), Infinity, { kind: 'secondary-rate-limit', retryAfter: 1 });
    // Writes are spaced as GitHub asks (1 s, 3 s for comments), so this one uses fewer retries.
    const error = await upsertStickyComment(
      await client({ rateLimitRetries: 1 }),
      target(5),
      marker,
      `${marker}\nplan`,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubApiError);
    expect((error as Error).message).toMatch(
      /^GitHub API POST \/repos\/\{owner\}\/\{repo\}\/issues\/\{issue_number\}\/comments failed with 403 \(You have exceeded a secondary rate limit\..*\): GitHub's rate limit: too many jobs at once; lower the matrix's max-parallel$/,
    );
    expect(calls('POST', commentsPath(5))).toBe(2);
    expect(output.lines).toHaveLength(1);
    expect(inspect(error, { depth: 10 })).not.toContain(TOKEN);
  }, 15_000);

  it('does not wait longer than the policy allows: a long retry-after fails the call at once', async () => {
    github.failNext('GET', commentsPath(6), 1, { kind: 'secondary-rate-limit', retryAfter: 3600 });
    const error = await upsertStickyComment(await client(), target(6), marker, 'x').catch((e: unknown) => e);
    expect((error as Error).message).toContain("lower the matrix's max-parallel");
    expect(calls('GET', commentsPath(6))).toBe(1);
    expect(output.lines).toEqual([
      "::warning::GitHub's secondary rate limit on GET /repos/{owner}/{repo}/issues/{issue_number}/comments asks to wait 3600 s, longer than 600 s: not retrying",
    ]);
  });

  it('a 403 for want of a permission is not retried and names the permission', async () => {
    const octokit = await client({}, 'no-deployments');
    const error = await octokit.rest.repos
      .createDeployment({ owner: 'acme', repo: 'clusters', ref: 'main' })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'GitHub API POST /repos/{owner}/{repo}/deployments failed with 403 (Resource not accessible by integration): the github-token may not do this; add "permissions: deployments: write" to the job',
    );
    expect((error as GitHubApiError).status).toBe(403);
    expect(calls('POST', '/repos/acme/clusters/deployments')).toBe(1);
    expect(output.lines).toEqual([]);
  });
});

describe('describeRestError', () => {
  const failed = (status: number, message: string, headers: Record<string, string> = {}) =>
    Object.assign(new Error(`${message} - https://docs.github.com/rest`), {
      status,
      request: { method: 'GET', url: 'https://api.github.com/repos/acme/clusters/actions/artifacts?name=x' },
      response: { headers, data: { message } },
    });

  it('names the endpoint and what to do, per kind of failure', () => {
    expect(describeRestError(failed(429, 'slow down')).message).toBe(
      "GitHub API GET /repos/acme/clusters/actions/artifacts failed with 429 (slow down): GitHub's rate limit: too many jobs at once; lower the matrix's max-parallel",
    );
    expect(describeRestError(failed(403, 'API rate limit exceeded', { 'x-ratelimit-remaining': '0' }))).toMatchObject({
      failure: 'rate-limit',
    });
    expect(describeRestError(failed(503, '<html>')).message).toBe(
      'GitHub API GET /repos/acme/clusters/actions/artifacts failed with 503: GitHub is failing; re-run the job',
    );
    expect(describeRestError(failed(403, 'Resource not accessible by integration')).message).toContain(
      'add "permissions: actions: read" to the job',
    );
    expect(
      describeRestError(failed(403, 'nope'), {
        endpoint: 'GET /repos/{owner}/{repo}/actions/artifacts',
        permission: 'actions: write',
      }).message,
    ).toBe(
      'GitHub API GET /repos/{owner}/{repo}/actions/artifacts failed with 403 (nope): the github-token may not do this; add "permissions: actions: write" to the job',
    );
  });

  it('leaves other errors as they are', () => {
    const plain = new Error('disk full');
    expect(describeRestError(plain)).toBe(plain);
  });
});
