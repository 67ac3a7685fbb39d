import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { outputCapture } from '../support/capture-output.js';
import { FINDING_KINDS, type CheckFinding, type CheckReport } from '../../src/core/model/check-report.js';
import { UserError } from '../../src/core/lib/errors.js';
import {
  HEALTH_LABEL,
  healthMarker,
  reportHealthIssue,
  type HealthIssueOptions,
} from '../../src/github/reports/health-issue.js';
import { INTEGRATION_LOGIN, startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { checkReport } from '../support/check-reports.js';

/**
 * The cluster's health issue against the GitHub stand-in: opened, updated, closed and reopened as
 * checks come and go, found again by its marker and author only. One second of GitHub's waits lasts
 * 10 ms here.
 */
describe('reportHealthIssue', () => {
  let github: GitHubStandIn;
  // A canary: an installation-token-shaped secret that must appear nowhere.
  const TOKEN = 'ghs_HealthCanary0123456789abcdefABCDEF01';
  const PAT = 'github_pat_HealthCanary_0123456789';
  const READ_ONLY = 'ghs_ReadOnly0123456789abcdefABCDEF0123';
  const NO_ISSUES = 'ghs_NoIssues0123456789abcdefABCDEF0123';
  const repository = 'acme/clusters';
  const runUrl = 'https://github.com/acme/clusters/actions/runs/77';
  const output = outputCapture();
  let clients = 0;

  const report = (cluster: string, findings: CheckFinding[] = [], overrides: Partial<CheckReport> = {}) =>
    checkReport({
      cluster,
      healthy: !findings.some((f) => f.kind !== 'drift'),
      drift: findings.some((f) => f.kind === 'drift'),
      findings,
      ...overrides,
    });
  const missing = (node: string): CheckFinding => ({
    kind: 'node-missing',
    subject: node,
    message: `${node} is in the inventory but not in the API`,
  });
  const check = (r: CheckReport, options: Partial<HealthIssueOptions> = {}) =>
    reportHealthIssue({
      token: TOKEN,
      repository,
      report: r,
      runUrl,
      apiUrl: github.url,
      policy: { secondMs: 10, throttleId: `health-${++clients}` },
      ...options,
    });
  const issuesOf = (cluster: string) =>
    github.issues(repository).filter((i) => i.body.startsWith(healthMarker(cluster)));
  const openIssues = (cluster: string) => issuesOf(cluster).filter((i) => i.state === 'open');

  beforeAll(async () => {
    github = await startGitHubStandIn({
      tokens: {
        [TOKEN]: { issues: 'write' },
        [PAT]: { issues: 'write', user: 'ops-bot' },
        [READ_ONLY]: { issues: 'read' },
        [NO_ISSUES]: { pullRequests: 'write' },
      },
    });
  });
  afterAll(async () => github?.close());

  beforeEach(() => output.start());
  afterEach(() => {
    vi.restoreAllMocks();
    // The canary: nothing logged, no issue, no comment and no request body carries a token.
    const everything = JSON.stringify([
      output.lines,
      github.issues(repository),
      github.issues(repository).map((i) => github.comments(repository, i.number)),
      github.requests,
    ]);
    for (const token of [TOKEN, PAT]) expect(everything).not.toContain(token);
  });

  it.each(FINDING_KINDS)(
    'opens an issue for a %s finding: marker first, title, label, our bot as author',
    async (kind) => {
      const cluster = `acme/${kind}`;
      const finding: CheckFinding = { kind, subject: `${kind}-subject`, message: `a ${kind} finding` };
      const outcome = await check(report(cluster, [finding]));
      const [issue, ...more] = issuesOf(cluster);
      expect(more).toEqual([]);
      expect(outcome).toEqual({ action: 'opened', url: `https://github.com/${repository}/issues/${issue!.number}` });
      expect(issue).toMatchObject({
        state: 'open',
        author: INTEGRATION_LOGIN,
        labels: [HEALTH_LABEL],
        title: kind === 'drift' ? `Cluster ${cluster}: drift` : `Cluster ${cluster}: 1 problem`,
      });
      expect(issue!.body.split('\n')[0]).toBe(`<!-- cluster-deploy:health ${cluster} -->`);
      expect(issue!.body).toContain(`\`${kind}-subject\``);
      expect(issue!.body).toContain(`Reported by [the check's run](<${runUrl}>).`);
      expect(issue!.body.length).toBeLessThanOrEqual(65_536);
    },
  );

  it('one issue through its life: opened, updated on the next finding, closed with a comment when clean, reopened when the problem returns', async () => {
    const cluster = 'acme/lifecycle';
    expect((await check(report(cluster, [missing('worker-2')]))).action).toBe('opened');
    const [first] = issuesOf(cluster);

    const next = await check(
      report(cluster, [missing('worker-2'), missing('worker-3')], { drift: true, checkedAt: '2026-11-24T02:00:00Z' }),
    );
    expect(next).toEqual({ action: 'updated', url: `https://github.com/${repository}/issues/${first!.number}` });
    expect(issuesOf(cluster)).toHaveLength(1);
    expect(issuesOf(cluster)[0]).toMatchObject({ title: `Cluster ${cluster}: drift and 2 problems`, state: 'open' });
    expect(issuesOf(cluster)[0]!.body).toContain('worker-3');

    const clean = await check(report(cluster, [], { checkedAt: '2026-11-25T02:00:41Z' }));
    expect(clean).toEqual({ action: 'closed', url: `https://github.com/${repository}/issues/${first!.number}` });
    expect(issuesOf(cluster)[0]).toMatchObject({ state: 'closed', stateReason: 'completed' });
    expect(github.comments(repository, first!.number).map((c) => c.body)).toEqual([
      `Clean at 2026-11-25 02:00 UTC ([the check's run](<${runUrl}>)).`,
    ]);

    // Still clean: nothing to do, no second comment.
    expect(await check(report(cluster))).toEqual({ action: 'none' });
    expect(github.comments(repository, first!.number)).toHaveLength(1);

    const back = await check(
      report(cluster, [{ kind: 'readyz', subject: 'etcd', message: 'readyz check etcd failed' }]),
    );
    expect(back).toEqual({ action: 'reopened', url: `https://github.com/${repository}/issues/${first!.number}` });
    expect(issuesOf(cluster)).toHaveLength(1);
    expect(issuesOf(cluster)[0]).toMatchObject({
      state: 'open',
      stateReason: 'reopened',
      title: `Cluster ${cluster}: 1 problem`,
    });
    expect(issuesOf(cluster)[0]!.body).toContain('Failing /readyz checks (1)');
  });

  it('a cluster that was always healthy gets no issue, and the check writes nothing', async () => {
    const writes = () => github.requests.filter((r) => r.method !== 'GET').length;
    const before = writes();
    expect(await check(report('acme/always-fine'))).toEqual({ action: 'none' });
    expect(issuesOf('acme/always-fine')).toEqual([]);
    expect(writes()).toBe(before);
  });

  it("two clusters never touch each other's issue, even when one names the other's marker", async () => {
    const [a, b] = ['acme/east', 'acme/west'];
    // East's node is named like west's marker: it must not make east's issue west's.
    await check(report(a, [missing(healthMarker(b))]));
    expect(await check(report(b))).toEqual({ action: 'none' });
    expect(openIssues(a)).toHaveLength(1);
    expect((await check(report(b, [missing('west-1')]))).action).toBe('opened');
    const [east] = openIssues(a);
    const [west] = openIssues(b);
    expect(east!.number).not.toBe(west!.number);
    expect(east!.body).not.toContain('west-1');

    expect((await check(report(b))).action).toBe('closed');
    expect(openIssues(a)).toEqual([east]);
    expect(github.comments(repository, east!.number)).toEqual([]);
  });

  it('two checks of one cluster at once leave one open issue: the oldest stays, the other is closed as its duplicate', async () => {
    const cluster = 'acme/racing';
    const outcomes = await Promise.all([
      check(report(cluster, [missing('worker-1')])),
      check(report(cluster, [missing('worker-1')])),
    ]);
    const [kept, ...others] = issuesOf(cluster);
    expect(openIssues(cluster)).toEqual([kept]);
    expect(outcomes.map((o) => o.action)).toContain('opened');
    for (const outcome of outcomes) expect(outcome.url).toBe(`https://github.com/${repository}/issues/${kept!.number}`);
    // When both listed before either opened one, both opened one: the newer is closed, with one comment.
    expect(others.length).toBeLessThanOrEqual(1);
    for (const duplicate of others) {
      expect(duplicate).toMatchObject({ state: 'closed', stateReason: 'duplicate' });
      expect(github.comments(repository, duplicate.number).map((c) => c.body)).toEqual([
        `Duplicate of #${kept!.number}: cluster-deploy keeps one health issue per cluster.`,
      ]);
    }
  });

  it('several open issues of ours with the marker: the next check keeps the oldest and closes the rest as duplicates', async () => {
    const cluster = 'acme/copies';
    const body = `${healthMarker(cluster)}\nold`;
    const older = github.seedIssue(repository, {
      author: INTEGRATION_LOGIN,
      title: 'old',
      body,
      labels: [HEALTH_LABEL],
    });
    const newer = github.seedIssue(repository, {
      author: INTEGRATION_LOGIN,
      title: 'copy',
      body,
      labels: [HEALTH_LABEL],
    });
    expect(await check(report(cluster, [missing('worker-1')]))).toEqual({
      action: 'updated',
      url: `https://github.com/${repository}/issues/${older.number}`,
    });
    expect(issuesOf(cluster).map((i) => [i.number, i.state, i.stateReason])).toEqual([
      [older.number, 'open', null],
      [newer.number, 'closed', 'duplicate'],
    ]);
  });

  it("a person's issue with the marker, or a pull request with it, is never ours: ignored", async () => {
    const cluster = 'acme/quoted';
    const body = `${healthMarker(cluster)}\nI copied the bot's issue`;
    const human = github.seedIssue(repository, {
      author: 'alice',
      title: 'Cluster acme/quoted: drift',
      body,
      labels: [HEALTH_LABEL],
    });
    github.seedPullRequest(repository, 900, 'c'.repeat(40), {
      author: INTEGRATION_LOGIN,
      body,
      labels: [HEALTH_LABEL],
    });
    expect(await check(report(cluster))).toEqual({ action: 'none' });
    const outcome = await check(report(cluster, [missing('worker-1')]));
    expect(outcome.action).toBe('opened');
    expect(outcome.url).not.toContain(`/${human.number}`);
    expect(outcome.url).not.toContain('/900');
    expect((await check(report(cluster))).action).toBe('closed');
    const still = github.issues(repository).find((i) => i.number === human.number)!;
    expect(still).toMatchObject({ state: 'open', title: 'Cluster acme/quoted: drift', body });
    expect(github.comments(repository, human.number)).toEqual([]);
    expect(github.comments(repository, 900)).toEqual([]);
  });

  it('a personal access token writes as its user, and finds its own issues again', async () => {
    const cluster = 'acme/pat';
    expect((await check(report(cluster, [missing('worker-1')]), { token: PAT })).action).toBe('opened');
    expect(issuesOf(cluster)[0]!.author).toBe('ops-bot');
    expect((await check(report(cluster, [missing('worker-2')]), { token: PAT })).action).toBe('updated');
    expect(issuesOf(cluster)).toHaveLength(1);
  });

  it('rides out a 502 on the listing and a secondary rate limit on the create', async () => {
    const cluster = 'acme/under-load';
    github.failNext('GET', `/repos/${repository}/issues`, 1, { kind: 'bad-gateway' });
    github.failNext('POST', `/repos/${repository}/issues`, 1, { kind: 'secondary-rate-limit', retryAfter: 1 });
    expect((await check(report(cluster, [missing('worker-1')]))).action).toBe('opened');
    expect(issuesOf(cluster)).toHaveLength(1);
    expect(output.lines).toEqual(
      expect.arrayContaining([
        'GitHub answered 502 to GET /repos/{owner}/{repo}/issues: retry 1 of 3 in 1 s',
        "::warning::GitHub's secondary rate limit on POST /repos/{owner}/{repo}/issues: retry 1 of 3 in 1 s (too many jobs at once? lower the matrix's max-parallel)",
      ]),
    );
  });

  it.each([
    [
      'a token that may only read issues',
      READ_ONLY,
      'GitHub API POST /repos/{owner}/{repo}/issues failed with 403 (Resource not accessible by integration): the github-token may not do this; add "permissions: issues: write" to the job',
    ],
    [
      'a token without issues',
      NO_ISSUES,
      'GitHub API GET /repos/{owner}/{repo}/issues failed with 403 (Resource not accessible by integration): the github-token may not do this; add "permissions: issues: write" to the job',
    ],
    [
      'an unknown token',
      'ghs_Unknown',
      'GitHub API GET /user failed with 401 (Bad credentials): the github-token is not valid (expired, or not a token for this repository)',
    ],
  ])('%s: a clear error naming the endpoint and the permission', async (_, token, message) => {
    const failure = check(report('acme/forbidden', [missing('worker-1')]), { token });
    await expect(failure).rejects.toBeInstanceOf(UserError);
    await expect(failure).rejects.toThrow(message);
    expect(issuesOf('acme/forbidden')).toEqual([]);
  });

  // Careless or hostile values, each refused before any call with an error naming what is wrong.
  it.each([
    [
      'an empty token',
      { token: '' },
      'health-issue needs github-token (the default is ${{ github.token }}) with permissions issues: write',
    ],
    ['a repository without owner', { repository: 'clusters' }, 'health issue: repository "clusters" is not owner/name'],
    [
      'a repository with a path',
      { repository: 'acme/clusters/issues' },
      'health issue: repository "acme/clusters/issues" is not owner/name',
    ],
    [
      'a repository with a line break',
      { repository: 'acme/clusters\nx' },
      'health issue: repository "acme/clusters?x" is not owner/name',
    ],
    [
      'a cluster without organisation',
      { report: checkReport({ cluster: 'prod-east' }) },
      `the check report's cluster (<org>/<cluster>): "prod-east" is not <org>/<cluster>`,
    ],
    [
      'a cluster that could close the marker',
      { report: checkReport({ cluster: 'acme/x -->' }) },
      `the check report's cluster (<org>/<cluster>): "x -->" must be 1 to 63 letters`,
    ],
    [
      'a cluster name of 64 characters',
      { report: checkReport({ cluster: `acme/${'c'.repeat(64)}` }) },
      'must be 1 to 63 letters',
    ],
    [
      'a run URL that is script',
      { runUrl: 'javascript:alert(1)' },
      'health issue: the run URL "javascript:alert(1)" is not an http(s) URL',
    ],
    ['a run URL with a space', { runUrl: 'https://github.com/a b' }, 'is not an http(s) URL'],
    ['a huge run URL', { runUrl: `https://github.com/${'x'.repeat(5000)}` }, 'is not an http(s) URL'],
  ] as [string, Partial<HealthIssueOptions>, string][])('%s is refused', async (_, options, message) => {
    const before = github.requests.length;
    const failure = check(report('acme/careless', [missing('worker-1')]), options);
    await expect(failure).rejects.toBeInstanceOf(UserError);
    await expect(failure).rejects.toThrow(message);
    expect(github.requests.length).toBe(before);
  });

  it('a token that turns up in a finding (a node named after it) is masked in the issue', async () => {
    const cluster = 'acme/leaky';
    await check(report(cluster, [missing(`node-${TOKEN}`)]));
    const [issue] = issuesOf(cluster);
    expect(issue!.body).toContain('node-***');
  });

  it('10,000 findings with hostile subjects: one issue within the size limit, the subjects inert', async () => {
    const cluster = 'acme/flood';
    const findings = Array.from({ length: 10_000 }, (_, i) =>
      missing(`<!-- cluster-deploy:health acme/other --> @octocat **${i}**\n# x`),
    );
    expect((await check(report(cluster, findings))).action).toBe('opened');
    const [issue] = issuesOf(cluster);
    expect(issue!.body.length).toBeLessThanOrEqual(65_536);
    expect(issue!.title).toBe(`Cluster ${cluster}: 10000 problems`);
    expect(issue!.body.split('\n').filter((l) => l.startsWith('#'))).toEqual([
      `### 🔴 \`${cluster}\`: 10000 problems`,
      '#### Nodes in the inventory but not in the API (10000)',
    ]);
    expect(issue!.body).toMatch(/_\d+ findings not listed here/);
    expect(await check(report('acme/other'))).toEqual({ action: 'none' });
  });
});
