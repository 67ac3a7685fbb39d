import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { components } from '@octokit/openapi-types';

/**
 * A local stand-in for the GitHub services our actions call, speaking their real protocols to the
 * real client libraries: the artifact service (Twirp JSON + Azure-blob-style uploads and signed
 * downloads, as `@actions/artifact` uses with the runtime token), the cache service (v2, as
 * `@actions/cache` uses it), and the REST endpoints for
 * artifacts by run or repository, workflow runs, branches and commit comparisons, deployments and
 * their statuses (kept, for assertions), issues, pull requests and their comments (as Octokit uses
 * with a token).
 */

export interface StoredArtifact {
  id: number;
  name: string;
  runId: number;
  createdAt: string;
  size: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

type Permission = 'read' | 'write' | 'none';
export interface TokenGrant {
  actions?: Permission;
  deployments?: 'write' | 'none';
  /** Pull-request comments (a fork's token has read at most). */
  pullRequests?: Permission;
  /** Issues and their comments: read to list them (a private repository), write to open, edit, close and comment. */
  issues?: Permission;
  /** A user token (PAT): GET /user answers with this login. Without it the token is an integration's (GITHUB_TOKEN), acting as github-actions[bot]. */
  user?: string;
  /**
   * Branches and commits. Unset: read, what GITHUB_TOKEN has under both of GitHub's default permission
   * sets (docs: "Permissions for the GITHUB_TOKEN"); 'none' as a `permissions:` block without contents gives.
   */
  contents?: Permission;
}

export interface StoredComment {
  id: number;
  repository: string;
  issue: number;
  author: string;
  body: string;
  createdAt: string;
  updatedAt: string;
}

export type IssueStateReason = 'completed' | 'not_planned' | 'duplicate' | 'reopened';

export interface StoredIssue {
  /** GitHub's id (what `duplicate_issue_id` takes), not the number. */
  id: number;
  number: number;
  repository: string;
  author: string;
  title: string;
  body: string;
  labels: string[];
  state: 'open' | 'closed';
  stateReason: IssueStateReason | null;
  /** Whole seconds, as GitHub gives them: issues opened within one second tie. */
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

export interface GitHubStandIn {
  url: string;
  /**
   * The environment the runner gives a JavaScript action in this run. The run is on `branch`
   * (default: the repository's default branch) of `headRepository` (default: the repository
   * itself; a fork's pull-request run has the fork), as `workflow_run` of its artifacts says.
   * Never GITHUB_TOKEN: the runner exports no `github.token` (actions/runner src/Runner.Worker/GitHubContext.cs,
   * whose allowlist of GITHUB_* variables has no `token`); the job token reaches an action only through an
   * input (runAction's githubToken) unless the workflow's `env:` names it.
   * ACTIONS_*: Handlers/NodeScriptActionHandler.cs ("Add Actions Runtime server info").
   */
  actionsEnv(options: {
    runId: number;
    runAttempt?: number;
    repository: string;
    workspace: string;
    branch?: string;
    headRepository?: string;
    /** The event that started the run (default push), and its commit (default RUN_SHA, on the default branch). */
    event?: string;
    headSha?: string;
  }): Record<string, string>;
  /** Sets a repository's default branch (GET /repos/{owner}/{repo}); 'main' unless set. */
  seedRepository(repository: string, options: { defaultBranch: string }): void;
  artifacts(): StoredArtifact[];
  /** An artifact's files (unzipped), for assertions. */
  artifactFiles(id: number): Promise<Record<string, Buffer>>;
  requests: RecordedRequest[];
  /** Each download from a signed blob URL: which artifact or cache entry, and whether it carried an Authorization header. */
  blobDownloads: { id: number; authorization: boolean }[];
  /** Finalized Actions cache entries. */
  cacheEntries(): StoredCacheEntry[];
  /** Issue comments, oldest first. */
  comments(repository: string, issue: number): StoredComment[];
  /** Issues (not pull requests), by number. */
  issues(repository: string): StoredIssue[];
  /** Opens an issue as someone else (a human copying our marker, another bot). */
  seedIssue(
    repository: string,
    issue: { author: string; title: string; body: string; labels?: string[]; state?: 'open' | 'closed' },
  ): StoredIssue;
  /** Deployments created, oldest first, each with its statuses (oldest first). */
  deployments(repository: string): StoredDeployment[];
  /**
   * Opens a pull request whose head is at this commit (moves the head if it exists). It takes an
   * issue number, and the issues listing shows it (with a `pull_request` key), as GitHub does.
   */
  seedPullRequest(
    repository: string,
    number: number,
    headSha: string,
    listing?: { author?: string; body?: string; labels?: string[] },
  ): void;
  /**
   * Gives a pull request (opened at head 'b'×40 if new) these changed files: GET /pulls/{n}/files
   * lists them paged (30 a page, per_page up to 100, Link headers) and, as GitHub does, at most 3000
   * of them; GET /pulls/{n} reports them all in changed_files.
   */
  seedPullRequestFiles(repository: string, number: number, files: PullRequestFile[]): void;
  /**
   * A branch's commits, oldest first, its head last (GET /branches/{branch}, GET /compare/{basehead}).
   * Unseeded, the default branch is one commit, RUN_SHA.
   */
  seedBranch(repository: string, branch: string, history: string[]): void;
  /** Sets when an artifact was uploaded (GitHub's created_at), e.g. before a change in what the action writes. */
  setArtifactCreatedAt(id: number, createdAt: string): void;
  /** Adds a comment as someone else (a human, another bot). */
  seedComment(repository: string, issue: number, author: string, body: string): StoredComment;
  /**
   * GitHub under load: the next `times` REST calls with this method and path (exact, or a RegExp)
   * are answered with the failure instead (Infinity: every one). Recorded in `requests` like any call.
   */
  failNext(method: string, path: string | RegExp, times: number, failure: InjectedFailure): void;
  close(): Promise<void>;
}

export interface StoredDeployment {
  id: number;
  repository: string;
  environment: string;
  ref: string;
  description: string;
  statuses: { state: string; environmentUrl?: string; logUrl?: string }[];
}

/** One entry of a pull request's file list, as GitHub's REST API names it. */
export interface PullRequestFile {
  filename: string;
  status: 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged';
  previous_filename?: string;
}

/** GitHub lists at most this many files of a pull request. */
export const PULL_REQUEST_FILES_CAP = 3000;

export const INTEGRATION_LOGIN = 'github-actions[bot]';

/** The commit a run checks out unless its actionsEnv says otherwise: the default branch's head. */
export const RUN_SHA = 'a'.repeat(40);

/**
 * How GitHub answers when it is overloaded: a 502 from its front end (an HTML page); a secondary rate
 * limit (403, `retry-after` in seconds); the hourly quota spent (403, `x-ratelimit-remaining: 0`,
 * `x-ratelimit-reset` that many seconds from now).
 */
export type InjectedFailure =
  | { kind: 'bad-gateway' }
  | { kind: 'secondary-rate-limit'; retryAfter?: number }
  | { kind: 'rate-limit'; resetIn?: number };

export const SECONDARY_RATE_LIMIT_MESSAGE =
  'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID ABCD:1234.';

interface BlobRecord {
  blocks: Map<string, Buffer>;
  content?: Buffer;
  finalized: boolean;
}

interface ArtifactRecord extends StoredArtifact, BlobRecord {
  repository: string;
  jobBackendId: string;
}

/** An Actions cache entry: a key and a version (a hash of the paths and the compression). */
export interface StoredCacheEntry {
  id: number;
  key: string;
  version: string;
  size: number;
  createdAt: string;
}

interface CacheRecord extends StoredCacheEntry, BlobRecord {}

/** Reads the files of a zip archive through its central directory (stored or deflated entries). */
export function unzip(zip: Buffer): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip archive');
  let entry = zip.readUInt32LE(end + 16);
  const count = zip.readUInt16LE(end + 10);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(entry + 10);
    const compressedSize = zip.readUInt32LE(entry + 20);
    const nameLength = zip.readUInt16LE(entry + 28);
    const extraLength = zip.readUInt16LE(entry + 30);
    const commentLength = zip.readUInt16LE(entry + 32);
    const localHeader = zip.readUInt32LE(entry + 42);
    const name = zip.toString('utf8', entry + 46, entry + 46 + nameLength);
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    if (!name.endsWith('/')) files[name] = method === 0 ? Buffer.from(data) : inflateRawSync(data);
    entry += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/** The client sends protobuf field names (snake_case); the handlers read camelCase. */
function camelKeys(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
  );
}

/** An unsigned JWT like the runner's ACTIONS_RUNTIME_TOKEN (the client reads claims, not the signature). */
function runtimeToken(runBackendId: string, jobBackendId: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ scp: `Actions.GenericRead:x Actions.Results:${runBackendId}:${jobBackendId}` })}.`;
}

const FORBIDDEN = {
  message: 'Resource not accessible by integration',
  documentation_url: 'https://docs.github.com/rest',
  status: '403',
};

export async function startGitHubStandIn(
  options: { tokens?: Record<string, TokenGrant> } = {},
): Promise<GitHubStandIn> {
  const tokens = options.tokens ?? {};
  const artifacts = new Map<number, ArtifactRecord>();
  const cacheEntries = new Map<number, CacheRecord>();
  const runsByBackendId = new Map<string, { runId: number; repository: string }>();
  /** What GitHub knows of each workflow run: "repo/runId" → its head branch, head repository, event and commit. */
  const runFacts = new Map<string, { headBranch: string; headRepository: string; event: string; headSha: string }>();
  /** "repo/branch" → its commits, oldest first. */
  const branches = new Map<string, string[]>();
  const branchHistory = (repository: string, branch: string) =>
    branches.get(`${repository}/${branch}`) ?? (branch === defaultBranch(repository) ? [RUN_SHA] : undefined);
  /** A commit's ancestors and itself (linear histories): a prefix of a branch's history that holds it. */
  const ancestry = (repository: string, sha: string): string[] | undefined => {
    const histories = [...branches.entries()]
      .filter(([key]) => key.startsWith(`${repository}/`))
      .map(([, h]) => h)
      .concat([branchHistory(repository, defaultBranch(repository))!]);
    for (const history of histories) if (history.includes(sha)) return history.slice(0, history.indexOf(sha) + 1);
    // A commit on no branch (a tag's, a pull request's merge commit) that a run checked out: known, with no history here.
    return [...runFacts.entries()].some(([key, run]) => key.startsWith(`${repository}/`) && run.headSha === sha)
      ? [sha]
      : undefined;
  };
  /** Repository ids, as GitHub numbers them (a fork has its own). */
  const repositoryIds = new Map<string, number>();
  const repositoryId = (fullName: string) => {
    if (!repositoryIds.has(fullName)) repositoryIds.set(fullName, 100 + repositoryIds.size);
    return repositoryIds.get(fullName)!;
  };
  const defaultBranches = new Map<string, string>();
  const defaultBranch = (fullName: string) => defaultBranches.get(fullName) ?? 'main';
  const requests: RecordedRequest[] = [];
  const blobDownloads: GitHubStandIn['blobDownloads'] = [];
  let nextArtifactId = 1000;
  let nextDeploymentId = 1;
  let nextCommentId = 5000;
  const comments: StoredComment[] = [];
  const deployments: StoredDeployment[] = [];
  const pullRequests = new Map<string, string>(); // "repo#number" → head sha
  /** Pull requests as the issues listing shows them: "repo#number" → author, body, labels. */
  const pullRequestListing = new Map<string, { author: string; body: string; labels: string[]; createdAt: string }>();
  const issues: StoredIssue[] = [];
  let nextIssueId = 9000;
  /** Issues and pull requests share one number space per repository. */
  const nextNumber = (repository: string) => {
    const prs = [...pullRequests.keys()]
      .filter((k) => k.startsWith(`${repository}#`))
      .map((k) => Number(k.slice(repository.length + 1)));
    return Math.max(0, ...prs, ...issues.filter((i) => i.repository === repository).map((i) => i.number)) + 1;
  };
  /** GitHub's timestamps have whole seconds. */
  const nowSeconds = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  /** Labels the issue names that the repository lacks are created on the fly, as GitHub does for a writer. */
  const addIssue = (
    repository: string,
    fields: { author: string; title: string; body: string; labels?: string[]; state?: 'open' | 'closed' },
  ) => {
    const now = nowSeconds();
    const closed = fields.state === 'closed';
    const issue: StoredIssue = {
      id: nextIssueId++,
      number: nextNumber(repository),
      repository,
      author: fields.author,
      title: fields.title,
      body: fields.body,
      labels: [...new Set(fields.labels ?? [])],
      state: closed ? 'closed' : 'open',
      stateReason: closed ? 'completed' : null,
      createdAt: now,
      updatedAt: now,
      closedAt: closed ? now : null,
    };
    issues.push(issue);
    return issue;
  };
  const pullRequestFiles = new Map<string, PullRequestFile[]>(); // "repo#number" → changed files
  const failures: { method: string; path: string | RegExp; left: number; failure: InjectedFailure }[] = [];
  /** Answers with an injected failure when one matches this call (and counts it down). */
  const injectedFailure = (method: string, pathname: string, res: http.ServerResponse): boolean => {
    const match = failures.find(
      (f) =>
        f.left > 0 && f.method === method && (typeof f.path === 'string' ? f.path === pathname : f.path.test(pathname)),
    );
    if (!match) return false;
    match.left--;
    const { failure } = match;
    if (failure.kind === 'bad-gateway') {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    } else if (failure.kind === 'secondary-rate-limit') {
      send(
        res,
        403,
        {
          message: SECONDARY_RATE_LIMIT_MESSAGE,
          documentation_url:
            'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
          status: '403',
        },
        { 'retry-after': String(failure.retryAfter ?? 1) },
      );
    } else {
      const reset = Math.ceil(Date.now() / 1000) + (failure.resetIn ?? 1);
      send(
        res,
        403,
        {
          message: 'API rate limit exceeded for installation ID 1.',
          documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
          status: '403',
        },
        {
          'x-ratelimit-limit': '1000',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-used': '1000',
          'x-ratelimit-reset': String(reset),
          'x-ratelimit-resource': 'core',
        },
      );
    }
    return true;
  };
  const addComment = (repository: string, issue: number, author: string, body: string) => {
    const now = new Date().toISOString();
    const comment = { id: nextCommentId++, repository, issue, author, body, createdAt: now, updatedAt: now };
    comments.push(comment);
    return comment;
  };
  let baseUrl = '';

  const readBody = (req: http.IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });

  const send = (res: http.ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };

  /**
   * An artifact as "List artifacts for a repository" / "List workflow run artifacts" return it
   * (https://docs.github.com/rest/actions/artifacts), typed by the `artifact` schema of
   * @octokit/openapi-types (generated from GitHub's OpenAPI description, @octokit/openapi): its
   * `workflow_run` names the run's repository, head repository and head branch. A fork's
   * pull-request run has the fork as head repository, and its head branch is the fork's branch name.
   */
  const restArtifact = (a: ArtifactRecord): components['schemas']['artifact'] => {
    const run = runFacts.get(`${a.repository}/${a.runId}`) ?? {
      headBranch: defaultBranch(a.repository),
      headRepository: a.repository,
      headSha: RUN_SHA,
    };
    return {
      id: a.id,
      node_id: `A_${a.id}`,
      name: a.name,
      size_in_bytes: a.size,
      url: `${baseUrl}/repos/${a.repository}/actions/artifacts/${a.id}`,
      archive_download_url: `${baseUrl}/repos/${a.repository}/actions/artifacts/${a.id}/zip`,
      expired: false,
      created_at: a.createdAt,
      updated_at: a.createdAt,
      expires_at: new Date(Date.parse(a.createdAt) + 90 * 86_400_000).toISOString(),
      workflow_run: {
        id: a.runId,
        repository_id: repositoryId(a.repository),
        head_repository_id: repositoryId(run.headRepository),
        head_branch: run.headBranch,
        head_sha: run.headSha,
      },
    };
  };

  /** Newest first, as GitHub lists artifacts. */
  const newestFirst = (list: ArtifactRecord[]) =>
    list.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  const visible = () => [...artifacts.values()].filter((a) => a.finalized);

  async function twirp(method: string, body: Record<string, unknown>, res: http.ServerResponse) {
    const run = runsByBackendId.get(String(body.workflowRunBackendId));
    if (!run) return send(res, 404, { code: 'not_found', msg: 'workflow run not found' });
    const mine = () => visible().filter((a) => a.runId === run.runId && a.repository === run.repository);
    switch (method) {
      case 'CreateArtifact': {
        if (mine().some((a) => a.name === body.name)) {
          return send(res, 409, {
            code: 'already_exists',
            msg: 'an artifact with this name already exists on the workflow run',
          });
        }
        const id = nextArtifactId++;
        artifacts.set(id, {
          id,
          name: String(body.name),
          runId: run.runId,
          repository: run.repository,
          jobBackendId: String(body.workflowJobRunBackendId),
          createdAt: new Date().toISOString(),
          size: 0,
          blocks: new Map(),
          finalized: false,
        });
        return send(res, 200, { ok: true, signedUploadUrl: `${baseUrl}/blob/${id}?sig=upload-${id}` });
      }
      case 'FinalizeArtifact': {
        const pending = [...artifacts.values()].find(
          (a) => !a.finalized && a.runId === run.runId && a.name === body.name,
        );
        if (!pending?.content) return send(res, 404, { code: 'not_found', msg: 'no upload to finalize' });
        pending.finalized = true;
        pending.size = pending.content.length;
        pending.createdAt = new Date().toISOString();
        return send(res, 200, { ok: true, artifactId: String(pending.id) });
      }
      case 'ListArtifacts': {
        const name = (body.nameFilter as string | undefined) ?? undefined;
        const id = body.idFilter !== undefined ? Number(body.idFilter) : undefined;
        const list = mine().filter((a) => (name === undefined || a.name === name) && (id === undefined || a.id === id));
        return send(res, 200, {
          artifacts: newestFirst(list).map((a) => ({
            workflowRunBackendId: body.workflowRunBackendId,
            workflowJobRunBackendId: a.jobBackendId,
            databaseId: String(a.id),
            name: a.name,
            size: String(a.size),
            createdAt: a.createdAt,
          })),
        });
      }
      case 'GetSignedArtifactURL': {
        const artifact = mine().find((a) => a.name === body.name);
        if (!artifact) return send(res, 404, { code: 'not_found', msg: 'artifact not found' });
        return send(res, 200, { signedUrl: `${baseUrl}/blob/${artifact.id}?sig=download-${artifact.id}` });
      }
      case 'DeleteArtifact': {
        const artifact = mine().find((a) => a.name === body.name);
        if (!artifact) return send(res, 404, { code: 'not_found', msg: 'artifact not found' });
        artifacts.delete(artifact.id);
        return send(res, 200, { ok: true, artifactId: String(artifact.id) });
      }
      default:
        return send(res, 404, { code: 'bad_route', msg: `no handler for ${method}` });
    }
  }

  /** The cache service (v2), as @actions/cache calls it: exact key first, then restore-key prefixes, newest first. */
  function cacheTwirp(method: string, body: Record<string, unknown>, res: http.ServerResponse) {
    const version = String(body.version ?? '');
    const done = () => [...cacheEntries.values()].filter((e) => e.finalized && e.version === version);
    switch (method) {
      case 'GetCacheEntryDownloadURL': {
        const exact = done().find((e) => e.key === body.key);
        const prefixes = (body.restoreKeys as string[] | undefined) ?? [];
        const byPrefix = prefixes
          .map(
            (p) =>
              done()
                .filter((e) => e.key.startsWith(p))
                .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0],
          )
          .find(Boolean);
        const entry = exact ?? byPrefix;
        if (!entry) return send(res, 200, { ok: false, signedDownloadUrl: '', matchedKey: '' });
        return send(res, 200, {
          ok: true,
          signedDownloadUrl: `${baseUrl}/blob/${entry.id}?sig=cache-download`,
          matchedKey: entry.key,
        });
      }
      case 'CreateCacheEntry': {
        // Keys are immutable: a second save of the same key and version is refused.
        if ([...cacheEntries.values()].some((e) => e.key === body.key && e.version === version))
          return send(res, 409, { code: 'already_exists', msg: 'cache entry already exists' });
        const id = nextArtifactId++;
        cacheEntries.set(id, {
          id,
          key: String(body.key),
          version,
          size: 0,
          createdAt: new Date().toISOString(),
          blocks: new Map(),
          finalized: false,
        });
        return send(res, 200, { ok: true, signedUploadUrl: `${baseUrl}/blob/${id}?sig=cache-upload` });
      }
      case 'FinalizeCacheEntryUpload': {
        const entry = [...cacheEntries.values()].find(
          (e) => !e.finalized && e.key === body.key && e.version === version,
        );
        if (!entry?.content) return send(res, 404, { code: 'not_found', msg: 'no upload to finalize' });
        Object.assign(entry, { finalized: true, size: entry.content.length, createdAt: new Date().toISOString() });
        return send(res, 200, { ok: true, entryId: String(entry.id) });
      }
      default:
        return send(res, 404, { code: 'bad_route', msg: `no handler for ${method}` });
    }
  }

  /** Azure-blob-style: PUT ?comp=block&blockid=…, PUT ?comp=blocklist, single PUT, and GET. */
  async function blob(req: http.IncomingMessage, res: http.ServerResponse, id: number, url: URL, body: Buffer) {
    const artifact: BlobRecord | undefined = artifacts.get(id) ?? cacheEntries.get(id);
    if (!artifact) return send(res, 404, undefined, { 'x-ms-error-code': 'BlobNotFound' });
    const common = {
      'x-ms-request-id': randomUUID(),
      'x-ms-version': '2024-11-04',
      etag: `"0x${id}"`,
      'last-modified': new Date().toUTCString(),
    };
    if (req.method === 'PUT') {
      const comp = url.searchParams.get('comp');
      if (comp === 'block') artifact.blocks.set(url.searchParams.get('blockid')!, body);
      else if (comp === 'blocklist') {
        const ids = [...body.toString('utf8').matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]+)<\//g)].map(
          (m) => m[1]!,
        );
        artifact.content = Buffer.concat(ids.map((blockId) => artifact.blocks.get(blockId) ?? Buffer.alloc(0)));
        artifact.blocks.clear();
      } else artifact.content = body;
      res.writeHead(201, { ...common, 'content-md5': '' });
      return res.end();
    }
    blobDownloads.push({ id, authorization: req.headers.authorization !== undefined });
    if (!artifact.finalized || !artifact.content) return send(res, 404);
    // The artifact client insists on a zip; cache archives are tarballs.
    const type = artifacts.has(id) ? 'application/zip' : 'application/octet-stream';
    res.writeHead(200, { ...common, 'content-type': type, 'content-length': String(artifact.content.length) });
    return res.end(artifact.content);
  }

  async function rest(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: unknown) {
    const token = (req.headers.authorization ?? '').replace(/^(token|bearer)\s+/i, '');
    const grant = tokens[token];
    if (!grant)
      return send(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
    const method = req.method ?? 'GET';
    if (injectedFailure(method, url.pathname, res)) return;
    let m: RegExpExecArray | null;
    const canRead = grant.actions === 'read' || grant.actions === 'write';
    if ((m = /^\/repos\/([^/]+\/[^/]+)$/.exec(url.pathname)) && method === 'GET') {
      // "Get a repository": any token of the repository may read its metadata (the `full-repository` schema; the fields we use).
      const repository: Pick<
        components['schemas']['full-repository'],
        'id' | 'node_id' | 'name' | 'full_name' | 'private' | 'fork' | 'default_branch'
      > = {
        id: repositoryId(m[1]!),
        node_id: `R_${repositoryId(m[1]!)}`,
        name: m[1]!.split('/')[1]!,
        full_name: m[1]!,
        private: true,
        fork: false,
        default_branch: defaultBranch(m[1]!),
      };
      return send(res, 200, repository);
    }
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/actions\/runs\/(\d+)\/artifacts$/.exec(url.pathname)) && method === 'GET') {
      if (!canRead) return send(res, 403, FORBIDDEN);
      const name = url.searchParams.get('name');
      const list = newestFirst(
        visible().filter((a) => a.repository === m![1] && a.runId === Number(m![2]) && (!name || a.name === name)),
      );
      return paged(res, url, list);
    }
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/actions\/artifacts$/.exec(url.pathname)) && method === 'GET') {
      if (!canRead) return send(res, 403, FORBIDDEN);
      const name = url.searchParams.get('name');
      return paged(
        res,
        url,
        newestFirst(visible().filter((a) => a.repository === m![1] && (!name || a.name === name))),
      );
    }
    // "Download an artifact" (https://docs.github.com/rest/actions/artifacts#download-an-artifact; @octokit/openapi-types,
    // operation actions/download-artifact): a 302 whose Location is a short-lived signed URL, no body; 410 once expired
    // (not modelled: the listing already says `expired`, and readers skip those). The blob is fetched without the token.
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/actions\/artifacts\/(\d+)\/zip$/.exec(url.pathname)) && method === 'GET') {
      if (!canRead) return send(res, 403, FORBIDDEN);
      const artifact = artifacts.get(Number(m[2]));
      if (!artifact?.finalized || artifact.repository !== m[1]) return send(res, 404, { message: 'Not Found' });
      res.writeHead(302, { location: `${baseUrl}/blob/${artifact.id}?sig=rest-${artifact.id}` });
      return res.end();
    }
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/actions\/artifacts\/(\d+)$/.exec(url.pathname)) && method === 'DELETE') {
      if (grant.actions !== 'write') return send(res, 403, FORBIDDEN);
      if (!artifacts.delete(Number(m[2]))) return send(res, 404, { message: 'Not Found' });
      res.writeHead(204);
      return res.end();
    }
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/deployments$/.exec(url.pathname)) && method === 'POST') {
      if (grant.deployments !== 'write') return send(res, 403, FORBIDDEN);
      const b = body as { environment?: string; ref?: string; description?: string };
      const deployment = {
        id: nextDeploymentId++,
        repository: m[1]!,
        environment: b.environment ?? 'production',
        ref: b.ref ?? '',
        description: b.description ?? '',
        statuses: [],
      };
      deployments.push(deployment);
      return send(res, 201, {
        id: deployment.id,
        environment: deployment.environment,
        ref: deployment.ref,
        created_at: new Date().toISOString(),
      });
    }
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/deployments\/(\d+)\/statuses$/.exec(url.pathname)) && method === 'POST') {
      if (grant.deployments !== 'write') return send(res, 403, FORBIDDEN);
      const deployment = deployments.find((d) => d.repository === m![1] && d.id === Number(m![2]));
      if (!deployment) return send(res, 404, { message: 'Not Found' });
      const b = body as { state: string; environment_url?: string; log_url?: string };
      deployment.statuses.push({ state: b.state, environmentUrl: b.environment_url, logUrl: b.log_url });
      return send(res, 201, { id: Date.now(), ...(body as object) });
    }
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/pulls\/(\d+)$/.exec(url.pathname)) && method === 'GET') {
      const head = pullRequests.get(`${m[1]}#${m[2]}`);
      if (!head) return send(res, 404, { message: 'Not Found' });
      const changedFiles = pullRequestFiles.get(`${m[1]}#${m[2]}`)?.length ?? 0;
      return send(res, 200, {
        number: Number(m[2]),
        state: 'open',
        changed_files: changedFiles,
        head: { sha: head, ref: 'feature', repo: { full_name: 'contributor/infra' } },
        base: { ref: 'main', repo: { full_name: m[1] } },
      });
    }
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/pulls\/(\d+)\/files$/.exec(url.pathname)) && method === 'GET') {
      if (grant.pullRequests !== 'read' && grant.pullRequests !== 'write') return send(res, 403, FORBIDDEN);
      const files = pullRequestFiles.get(`${m[1]}#${m[2]}`);
      if (!files) return send(res, 404, { message: 'Not Found' });
      const patch = (f: PullRequestFile) => ({
        sha: 'c'.repeat(40),
        filename: f.filename,
        status: f.status,
        additions: 1,
        deletions: 0,
        changes: 1,
        ...(f.previous_filename && { previous_filename: f.previous_filename }),
      });
      return pagedList(res, url, files.slice(0, PULL_REQUEST_FILES_CAP).map(patch));
    }
    // "Get a workflow run" (https://docs.github.com/rest/actions/workflow-runs#get-a-workflow-run; the `workflow-run`
    // schema of @octokit/openapi-types, the fields read): the event that started it, and head_branch as GitHub reports
    // it, which is the tag's name for a tag push and the PR's head branch for pull_request(_target). Actions: read.
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/actions\/runs\/(\d+)$/.exec(url.pathname)) && method === 'GET') {
      if (!canRead) return send(res, 403, FORBIDDEN);
      const run = runFacts.get(`${m[1]}/${m[2]}`);
      if (!run) return send(res, 404, { message: 'Not Found' });
      const answer: Pick<
        components['schemas']['workflow-run'],
        'id' | 'event' | 'head_branch' | 'head_sha' | 'head_repository_id' | 'status' | 'conclusion'
      > = {
        id: Number(m[2]),
        event: run.event,
        head_branch: run.headBranch,
        head_sha: run.headSha,
        head_repository_id: repositoryId(run.headRepository),
        status: 'completed',
        conclusion: 'success',
      };
      return send(res, 200, answer);
    }
    const canReadContents = grant.contents !== 'none';
    // "Get a branch" (https://docs.github.com/rest/branches/branches#get-a-branch; `branch-with-protection`, the fields
    // read): a branch only, never a tag of the same name; 404 "Branch not found". Contents: read.
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/branches\/(.+)$/.exec(url.pathname)) && method === 'GET') {
      if (!canReadContents) return send(res, 403, FORBIDDEN);
      const name = decodeURIComponent(m[2]!);
      const history = branchHistory(m[1]!, name);
      if (!history) return send(res, 404, { message: 'Branch not found' });
      const branch: Pick<components['schemas']['branch-with-protection'], 'name' | 'protected'> & {
        commit: Pick<components['schemas']['commit'], 'sha'>;
      } = { name, commit: { sha: history.at(-1)! }, protected: true };
      return send(res, 200, branch);
    }
    // "Compare two commits" (https://docs.github.com/rest/commits/commits#compare-two-commits; `commit-comparison`):
    // `status` says how head relates to base (ahead: base is an ancestor of head); 404 for a commit it does not know.
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/compare\/(.+)$/.exec(url.pathname)) && method === 'GET') {
      if (!canReadContents) return send(res, 403, FORBIDDEN);
      const [base = '', head = ''] = decodeURIComponent(m[2]!).split('...');
      const baseLine = ancestry(m[1]!, base);
      const headLine = ancestry(m[1]!, head);
      if (!baseLine || !headLine) return send(res, 404, { message: 'Not Found' });
      const comparison: Pick<components['schemas']['commit-comparison'], 'status' | 'ahead_by' | 'behind_by'> =
        base === head
          ? { status: 'identical', ahead_by: 0, behind_by: 0 }
          : headLine.includes(base)
            ? { status: 'ahead', ahead_by: headLine.length - 1 - headLine.indexOf(base), behind_by: 0 }
            : baseLine.includes(head)
              ? { status: 'behind', ahead_by: 0, behind_by: baseLine.length - 1 - baseLine.indexOf(head) }
              : { status: 'diverged', ahead_by: 1, behind_by: 1 };
      return send(res, 200, comparison);
    }
    if (url.pathname === '/user' && method === 'GET') {
      // GITHUB_TOKEN and app tokens are integrations: GitHub answers 403 here.
      if (!grant.user) return send(res, 403, FORBIDDEN);
      return send(res, 200, { login: grant.user, id: 1, type: 'User' });
    }
    const author = grant.user ?? INTEGRATION_LOGIN;
    const canReadIssues = grant.issues === 'read' || grant.issues === 'write';
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/issues$/.exec(url.pathname))) {
      const repository = m[1]!;
      if (method === 'GET') {
        if (!canReadIssues) return send(res, 403, FORBIDDEN);
        const state = url.searchParams.get('state') ?? 'open';
        if (!['open', 'closed', 'all'].includes(state))
          return send(res, 422, {
            message: 'Validation Failed',
            errors: [{ resource: 'Issue', field: 'state', code: 'invalid' }],
          });
        const wanted = (url.searchParams.get('labels') ?? '')
          .split(',')
          .map((l) => l.trim())
          .filter(Boolean);
        const creator = url.searchParams.get('creator');
        const listed = [
          ...issues.filter((i) => i.repository === repository).map(restIssue),
          ...[...pullRequestListing.entries()]
            .filter(([key]) => key.startsWith(`${repository}#`))
            .map(([key, pr]) => restPullRequestAsIssue(repository, Number(key.slice(repository.length + 1)), pr)),
        ].filter(
          (i) =>
            (state === 'all' || i.state === state) &&
            wanted.every((l) => i.labels.some((x) => x.name === l)) &&
            (!creator || i.user.login === creator),
        );
        // Newest first unless asked otherwise; issues opened in the same second keep their numbers' order.
        const ascending = url.searchParams.get('direction') === 'asc';
        listed.sort((a, b) => (ascending ? 1 : -1) * (a.created_at.localeCompare(b.created_at) || a.number - b.number));
        return pagedList(res, url, listed);
      }
      if (method === 'POST') {
        if (grant.issues !== 'write') return send(res, 403, FORBIDDEN);
        const b = (body ?? {}) as { title?: unknown; body?: unknown; labels?: unknown };
        if (typeof b.title !== 'string' || b.title.trim() === '')
          return send(res, 422, {
            message: 'Validation Failed',
            errors: [{ resource: 'Issue', field: 'title', code: 'missing_field' }],
          });
        if (b.body !== undefined && (typeof b.body !== 'string' || b.body.length > 65_536))
          return send(res, 422, {
            message: 'Validation Failed',
            errors: [
              {
                resource: 'Issue',
                code: 'custom',
                field: 'body',
                message: 'body is too long (maximum is 65536 characters)',
              },
            ],
          });
        if (b.labels !== undefined && !(Array.isArray(b.labels) && b.labels.every((l) => typeof l === 'string')))
          return send(res, 422, {
            message: "Invalid request.\n\nFor 'properties/labels', … is not an array of strings.",
          });
        const issue = addIssue(repository, {
          author,
          title: b.title,
          body: (b.body as string | undefined) ?? '',
          labels: b.labels as string[] | undefined,
        });
        return send(res, 201, restIssue(issue));
      }
    }
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)$/.exec(url.pathname))) {
      const issue = issues.find((i) => i.repository === m![1] && i.number === Number(m![2]));
      if (method === 'GET') {
        if (!canReadIssues) return send(res, 403, FORBIDDEN);
        if (!issue) return send(res, 404, { message: 'Not Found' });
        return send(res, 200, restIssue(issue));
      }
      if (method === 'PATCH') {
        if (grant.issues !== 'write') return send(res, 403, FORBIDDEN);
        if (!issue) return send(res, 404, { message: 'Not Found' });
        const b = (body ?? {}) as {
          title?: unknown;
          body?: unknown;
          state?: unknown;
          state_reason?: unknown;
          duplicate_issue_id?: unknown;
        };
        if (b.state !== undefined && b.state !== 'open' && b.state !== 'closed')
          return send(res, 422, {
            message: 'Validation Failed',
            errors: [{ resource: 'Issue', field: 'state', code: 'invalid' }],
          });
        if (
          b.state_reason !== undefined &&
          b.state_reason !== null &&
          !['completed', 'not_planned', 'duplicate', 'reopened'].includes(String(b.state_reason))
        )
          return send(res, 422, {
            message: 'Validation Failed',
            errors: [{ resource: 'Issue', field: 'state_reason', code: 'invalid' }],
          });
        if (
          b.state_reason === 'duplicate' &&
          b.duplicate_issue_id !== undefined &&
          !issues.some((i) => i.repository === issue.repository && i.id === b.duplicate_issue_id)
        )
          return send(res, 422, {
            message: 'Validation Failed',
            errors: [{ resource: 'Issue', field: 'duplicate_issue_id', code: 'invalid' }],
          });
        if (b.title !== undefined && (typeof b.title !== 'string' || b.title.trim() === ''))
          return send(res, 422, {
            message: 'Validation Failed',
            errors: [{ resource: 'Issue', field: 'title', code: 'missing_field' }],
          });
        if (b.body !== undefined && (typeof b.body !== 'string' || b.body.length > 65_536))
          return send(res, 422, {
            message: 'Validation Failed',
            errors: [
              {
                resource: 'Issue',
                code: 'custom',
                field: 'body',
                message: 'body is too long (maximum is 65536 characters)',
              },
            ],
          });
        const now = nowSeconds();
        if (typeof b.title === 'string') issue.title = b.title;
        if (typeof b.body === 'string') issue.body = b.body;
        // The reason changes only with the state (GitHub ignores it otherwise); reopening records `reopened`.
        if (b.state === 'closed' && issue.state === 'open')
          Object.assign(issue, {
            state: 'closed',
            stateReason: (b.state_reason as IssueStateReason | null | undefined) ?? 'completed',
            closedAt: now,
          });
        else if (b.state === 'open' && issue.state === 'closed')
          Object.assign(issue, { state: 'open', stateReason: 'reopened', closedAt: null });
        issue.updatedAt = now;
        return send(res, 200, restIssue(issue));
      }
    }
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)\/comments$/.exec(url.pathname))) {
      const [repository, issue] = [m[1]!, Number(m[2])];
      if (method === 'GET') {
        const list = comments.filter((c) => c.repository === repository && c.issue === issue);
        return pagedList(res, url, list.map(restComment));
      }
      if (method === 'POST') {
        // Commenting on an issue takes `issues: write`; on a pull request, `pull-requests: write`.
        const onIssue = issues.some((i) => i.repository === repository && i.number === issue);
        if (onIssue ? grant.issues !== 'write' : grant.pullRequests !== 'write') return send(res, 403, FORBIDDEN);
        const text = (body as { body?: unknown }).body;
        if (typeof text !== 'string' || text.length === 0)
          return send(res, 422, { message: 'Validation Failed', errors: [{ field: 'body', code: 'missing' }] });
        if (text.length > 65_536)
          return send(res, 422, {
            message: 'Validation Failed',
            errors: [
              {
                resource: 'IssueComment',
                code: 'custom',
                field: 'body',
                message: 'body is too long (maximum is 65536 characters)',
              },
            ],
          });
        return send(res, 201, restComment(addComment(repository, issue, author, text)));
      }
    }
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/issues\/comments\/(\d+)$/.exec(url.pathname)) && method === 'PATCH') {
      const comment = comments.find((c) => c.repository === m![1] && c.id === Number(m![2]));
      if (!comment) return send(res, 404, { message: 'Not Found' });
      if (grant.pullRequests !== 'write' || comment.author !== author) return send(res, 403, FORBIDDEN);
      const text = (body as { body?: unknown }).body;
      if (typeof text !== 'string' || text.length > 65_536) return send(res, 422, { message: 'Validation Failed' });
      comment.body = text;
      comment.updatedAt = new Date().toISOString();
      return send(res, 200, restComment(comment));
    }
    return send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
  }

  const restIssue = (i: StoredIssue) => ({
    id: i.id,
    node_id: `I_${i.id}`,
    number: i.number,
    title: i.title,
    body: i.body,
    user: { login: i.author, id: i.author.length, type: i.author.endsWith('[bot]') ? 'Bot' : 'User' },
    labels: i.labels.map((name, k) => ({ id: k + 1, name })),
    state: i.state,
    state_reason: i.stateReason,
    locked: false,
    comments: comments.filter((c) => c.repository === i.repository && c.issue === i.number).length,
    html_url: `https://github.com/${i.repository}/issues/${i.number}`,
    url: `${baseUrl}/repos/${i.repository}/issues/${i.number}`,
    created_at: i.createdAt,
    updated_at: i.updatedAt,
    closed_at: i.closedAt,
  });

  /** A pull request in the issues listing: an issue with a `pull_request` key. */
  const restPullRequestAsIssue = (
    repository: string,
    number: number,
    pr: { author: string; body: string; labels: string[]; createdAt: string },
  ) => ({
    ...restIssue({
      id: 100_000 + number,
      number,
      repository,
      author: pr.author,
      title: `Pull request #${number}`,
      body: pr.body,
      labels: pr.labels,
      state: 'open',
      stateReason: null,
      createdAt: pr.createdAt,
      updatedAt: pr.createdAt,
      closedAt: null,
    }),
    html_url: `https://github.com/${repository}/pull/${number}`,
    pull_request: {
      url: `${baseUrl}/repos/${repository}/pulls/${number}`,
      html_url: `https://github.com/${repository}/pull/${number}`,
    },
  });

  const restComment = (c: StoredComment) => ({
    id: c.id,
    node_id: `IC_${c.id}`,
    body: c.body,
    user: { login: c.author, id: c.author.length, type: c.author.endsWith('[bot]') ? 'Bot' : 'User' },
    html_url: `https://github.com/${c.repository}/${issues.some((i) => i.repository === c.repository && i.number === c.issue) ? 'issues' : 'pull'}/${c.issue}#issuecomment-${c.id}`,
    url: `${baseUrl}/repos/${c.repository}/issues/comments/${c.id}`,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
  });

  /** A list endpoint that returns a bare array, paged with a Link header as GitHub does (30 by default, 100 at most). */
  /** GitHub's paging: 30 a page unless asked, 100 at most. */
  const pageOf = (url: URL) => {
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), 100);
    const page = Number(url.searchParams.get('page') ?? 1);
    return { perPage, page, slice: <T>(list: T[]) => list.slice((page - 1) * perPage, page * perPage) };
  };

  function pagedList(res: http.ServerResponse, url: URL, list: unknown[]) {
    const { perPage, page, slice } = pageOf(url);
    const last = Math.max(1, Math.ceil(list.length / perPage));
    const link = (p: number) => {
      const next = new URL(url);
      next.searchParams.set('page', String(p));
      next.searchParams.set('per_page', String(perPage));
      return next.toString();
    };
    const rels = [
      page < last && `<${link(page + 1)}>; rel="next"`,
      page < last && `<${link(last)}>; rel="last"`,
      page > 1 && `<${link(page - 1)}>; rel="prev"`,
      page > 1 && `<${link(1)}>; rel="first"`,
    ].filter(Boolean);
    return send(res, 200, slice(list), rels.length ? { link: rels.join(', ') } : {});
  }

  function paged(res: http.ServerResponse, url: URL, list: ArtifactRecord[]) {
    return send(res, 200, { total_count: list.length, artifacts: pageOf(url).slice(list).map(restArtifact) });
  }

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', baseUrl);
      const raw = await readBody(req);
      const isJson = (req.headers['content-type'] ?? '').includes('json');
      const body = isJson && raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
      const twirpMatch = /^\/twirp\/github\.actions\.results\.api\.v1\.ArtifactService\/(\w+)$/.exec(url.pathname);
      const blobMatch = /^\/blob\/(\d+)$/.exec(url.pathname);
      const cacheMatch = /^\/twirp\/github\.actions\.results\.api\.v1\.CacheService\/(\w+)$/.exec(url.pathname);
      if (twirpMatch) return await twirp(twirpMatch[1]!, camelKeys(body ?? {}), res);
      if (cacheMatch) return cacheTwirp(cacheMatch[1]!, camelKeys(body ?? {}), res);
      if (blobMatch) return await blob(req, res, Number(blobMatch[1]), url, raw);
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
      });
      return await rest(req, res, url, body);
    } catch (error) {
      send(res, 500, { message: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const openPullRequest: GitHubStandIn['seedPullRequest'] = (repository, number, headSha, listing = {}) => {
    pullRequests.set(`${repository}#${number}`, headSha);
    pullRequestListing.set(`${repository}#${number}`, {
      author: listing.author ?? 'contributor',
      body: listing.body ?? '',
      labels: listing.labels ?? [],
      createdAt: nowSeconds(),
    });
  };

  return {
    url: baseUrl,
    actionsEnv({ runId, runAttempt = 1, repository, workspace, branch, headRepository, event, headSha }) {
      const runBackendId = `run-${runId}`;
      runsByBackendId.set(runBackendId, { runId, repository });
      const headBranch = branch ?? defaultBranch(repository);
      runFacts.set(`${repository}/${runId}`, {
        headBranch,
        headRepository: headRepository ?? repository,
        event: event ?? 'push',
        headSha: headSha ?? RUN_SHA,
      });
      return {
        ACTIONS_RUNTIME_TOKEN: runtimeToken(runBackendId, `job-${runId}-${runAttempt}`),
        ACTIONS_RUNTIME_URL: `${baseUrl}/`,
        ACTIONS_RESULTS_URL: `${baseUrl}/`,
        ACTIONS_CACHE_SERVICE_V2: 'true',
        GITHUB_API_URL: baseUrl,
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_REPOSITORY: repository,
        GITHUB_REPOSITORY_OWNER: repository.split('/')[0]!,
        GITHUB_RUN_ID: String(runId),
        GITHUB_RUN_ATTEMPT: String(runAttempt),
        GITHUB_REPOSITORY_ID: String(repositoryId(repository)),
        GITHUB_REF_NAME: headBranch,
        GITHUB_WORKSPACE: workspace,
        RUNNER_WORKSPACE: path.dirname(workspace),
        GITHUB_ACTIONS: 'true',
      };
    },
    artifacts: () => visible().map(({ id, name, runId, createdAt, size }) => ({ id, name, runId, createdAt, size })),
    async artifactFiles(id) {
      const artifact = artifacts.get(id);
      if (!artifact?.content) throw new Error(`no artifact ${id}`);
      return unzip(artifact.content);
    },
    requests,
    blobDownloads,
    cacheEntries: () =>
      [...cacheEntries.values()]
        .filter((e) => e.finalized)
        .map(({ id, key, version, size, createdAt }) => ({ id, key, version, size, createdAt })),
    deployments: (repository) =>
      deployments
        .filter((d) => d.repository === repository)
        .map((d) => ({ ...d, statuses: d.statuses.map((s) => ({ ...s })) })),
    comments: (repository, issue) =>
      comments.filter((c) => c.repository === repository && c.issue === issue).map((c) => ({ ...c })),
    issues: (repository) =>
      issues.filter((i) => i.repository === repository).map((i) => ({ ...i, labels: [...i.labels] })),
    seedIssue: (repository, issue) => ({ ...addIssue(repository, issue) }),
    seedRepository: (repository, { defaultBranch: branch }) => void defaultBranches.set(repository, branch),
    seedPullRequest: openPullRequest,
    seedPullRequestFiles: (repository, number, files) => {
      if (!pullRequests.has(`${repository}#${number}`)) openPullRequest(repository, number, 'b'.repeat(40));
      pullRequestFiles.set(`${repository}#${number}`, files);
    },
    seedBranch: (repository, branch, history) => void branches.set(`${repository}/${branch}`, [...history]),
    setArtifactCreatedAt: (id, createdAt) => {
      const artifact = artifacts.get(id);
      if (!artifact) throw new Error(`no artifact ${id}`);
      artifact.createdAt = createdAt;
    },
    seedComment: (repository, issue, author, body) => ({ ...addComment(repository, issue, author, body) }),
    failNext: (method, path, times, failure) =>
      void failures.push({ method: method.toUpperCase(), path, left: times, failure }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
