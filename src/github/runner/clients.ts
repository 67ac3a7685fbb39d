/**
 * The heavy libraries, each loaded on first use only: the bundler makes every `import()` here a
 * chunk of the shared bundle, so a step that never touches artifacts, the cache, the REST API or
 * encryption does not load them. Each alone, bundled, on Node 24: @actions/artifact ~140 ms,
 * @actions/cache ~110 ms, @actions/github ~45 ms, age ~25 ms; Node itself starts in ~25 ms.
 */
import type { ArtifactClient } from '@actions/artifact';
import type { getOctokit } from '@actions/github';
import * as core from './actions-core.js';
import { describeRestError, endpointOf } from './rest-errors.js';

/** The workflow run an action serves (built by runner.ts from the runner's environment). */
export interface RunContext {
  owner: string;
  repo: string;
  runId: number;
  runAttempt: number;
  token: string;
  apiUrl: string;
  serverUrl: string;
}

export type Octokit = ReturnType<typeof getOctokit>;

let artifacts: Promise<ArtifactClient> | undefined;

/** The workflow-artifact client (one per process). */
export function artifactClient(): Promise<ArtifactClient> {
  artifacts ??= import('@actions/artifact').then(({ DefaultArtifactClient }) => new DefaultArtifactClient());
  return artifacts;
}

/** How the REST client rides out GitHub under load (many matrix jobs calling at once). */
export interface RestPolicy {
  /** Retries of a 5xx or a network error, waiting 1, 4, 9… seconds. */
  serverErrorRetries: number;
  /** Retries after a rate limit (secondary, or the hourly quota), each after the time GitHub asks for. */
  rateLimitRetries: number;
  /** The longest wait a rate limit may ask for: a longer one fails the call at once (with the advice). */
  maxWaitSeconds: number;
  /** How long one second of `retry-after` / `x-ratelimit-reset` / backoff lasts, in ms: 1000; tests shrink it. */
  secondMs: number;
  /** Writes of clients with the same id are spaced as GitHub asks (1 s apart, 3 s for those that notify). */
  throttleId: string;
}

const REST_POLICY: RestPolicy = {
  serverErrorRetries: 3,
  rateLimitRetries: 3,
  maxWaitSeconds: 600,
  secondMs: 1000,
  throttleId: 'cluster-deploy',
};

type OctokitPlugin = NonNullable<Parameters<typeof getOctokit>[2]>;

/**
 * `METHOD /route` of a request: its route template as Octokit was given it, or, for a URL Octokit
 * followed (the next page of a listing), the route of the REST method whose template matches it.
 */
function routeNamer(octokit: Parameters<OctokitPlugin>[0], baseUrl: string): (method: string, url: string) => string {
  let routes: { method: string; route: string; pattern: RegExp; params: number }[] | undefined;
  return (method, url) => {
    if (url.startsWith('/')) return endpointOf(method, url);
    const base = new URL(baseUrl).pathname.replace(/\/$/, '');
    let path: string;
    try {
      path = new URL(url).pathname;
    } catch {
      return endpointOf(method, url);
    }
    if (base && path.startsWith(base)) path = path.slice(base.length);
    routes ??= Object.values(
      (
        octokit as unknown as {
          rest: Record<string, Record<string, { endpoint?: { DEFAULTS?: { method: string; url: string } } }>>;
        }
      ).rest,
    )
      .flatMap((scope) => Object.values(scope))
      .flatMap((fn) => (fn.endpoint?.DEFAULTS ? [fn.endpoint.DEFAULTS] : []))
      .map(({ method: m, url: route }) => ({
        method: m,
        route,
        params: (route.match(/\{/g) ?? []).length,
        pattern: new RegExp(`^${route.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      }))
      .sort((a, b) => a.params - b.params);
    const found = routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(path));
    return endpointOf(method, found?.route ?? path);
  };
}

/**
 * A REST client for the run's repository and API: every call retried through 5xx answers
 * (@octokit/plugin-retry) and rate limits (@octokit/plugin-throttling, waiting what `retry-after` or
 * `x-ratelimit-reset` asks), one log line per retry; a call that still fails throws a
 * GitHubApiError naming the endpoint and what to do (describeRestError).
 */
export async function octokitFor(
  run: Pick<RunContext, 'token' | 'apiUrl'>,
  policy: Partial<RestPolicy> = {},
): Promise<Octokit> {
  const [{ getOctokit }, { retry }, { throttling }] = await Promise.all([
    import('@actions/github'),
    import('@octokit/plugin-retry'),
    import('@octokit/plugin-throttling'),
  ]);
  const p = { ...REST_POLICY, ...policy };
  /** Innermost: sees every attempt, logs the 5xx ones the retry plugin will retry. */
  const logServerErrors: OctokitPlugin = (octokit) => {
    const routeOf = routeNamer(octokit, run.apiUrl);
    octokit.hook.wrap('request', async (request, options) => {
      try {
        return await request(options);
      } catch (error) {
        const status = (error as { status?: number }).status ?? 0;
        const attempt = (options.request as { retryCount?: number } | undefined)?.retryCount ?? 0;
        const answer =
          (error as { response?: unknown }).response === undefined ? 'did not answer' : `answered ${status} to`;
        if (status >= 500 && attempt < p.serverErrorRetries)
          core.info(
            `GitHub ${answer} ${routeOf(options.method, options.url)}: retry ${attempt + 1} of ${p.serverErrorRetries} in ${(attempt + 1) ** 2} s`,
          );
        throw error;
      }
    });
  };
  /** Outermost: a call that failed for good names its endpoint (the route, never the URL) and what to do. */
  const describeFailures: OctokitPlugin = (octokit) => {
    const routeOf = routeNamer(octokit, run.apiUrl);
    octokit.hook.wrap('request', async (request, options) => {
      try {
        return await request(options);
      } catch (error) {
        throw describeRestError(error, { endpoint: routeOf(options.method, options.url) });
      }
    });
  };
  const onLimit =
    (kind: string) =>
    (
      retryAfter: number,
      options: { method: string; url: string },
      octokit: Parameters<OctokitPlugin>[0],
      retryCount: number,
    ) => {
      const endpoint = routeNamer(octokit, run.apiUrl)(options.method, options.url);
      if (retryCount >= p.rateLimitRetries) return false;
      if (retryAfter > p.maxWaitSeconds) {
        core.warning(
          `GitHub's ${kind} on ${endpoint} asks to wait ${retryAfter} s, longer than ${p.maxWaitSeconds} s: not retrying`,
        );
        return false;
      }
      core.warning(
        `GitHub's ${kind} on ${endpoint}: retry ${retryCount + 1} of ${p.rateLimitRetries} in ${retryAfter} s (too many jobs at once? lower the matrix's max-parallel)`,
      );
      return true;
    };
  return getOctokit(
    run.token,
    {
      baseUrl: run.apiUrl,
      // Octokit's own messages go to the job log too; none of them carries the token.
      log: {
        debug: (m: string) => core.debug(m),
        info: (m: string) => core.debug(m),
        warn: (m: string) => core.warning(m),
        error: (m: string) => core.warning(m),
      },
      // 429 is the throttling plugin's (it honours retry-after); the rest of these are final.
      retry: {
        retries: p.serverErrorRetries,
        retryAfterBaseValue: p.secondMs,
        doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451],
      },
      throttle: {
        id: p.throttleId,
        retryAfterBaseValue: p.secondMs,
        onRateLimit: onLimit('rate limit (the hourly quota)'),
        onSecondaryRateLimit: onLimit('secondary rate limit'),
      },
    },
    logServerErrors,
    retry,
    throttling,
    describeFailures,
  );
}

/** The Actions cache client. */
export const actionsCache = (): Promise<typeof import('@actions/cache')> => import('@actions/cache');

/** Passphrase encryption (age). */
export const secretBox = (): Promise<typeof import('../../core/lib/secret-box.js')> =>
  import('../../core/lib/secret-box.js');
