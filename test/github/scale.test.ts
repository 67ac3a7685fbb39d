import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planMarker, readPlanRecord } from '../../src/github/comments/plan-comment.js';
import { OVERVIEW_MARKER } from '../../src/github/comments/plan-overview.js';
import { runAction, type ActionRun } from '../support/action-runner.js';
import { INTEGRATION_LOGIN, startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { CONFIG_SECRET, freshRunner, writeClusterKubeconfig, type Runner } from '../support/sandbox.js';
import { startTofuHttpBackend, type TofuHttpBackend } from '../support/tofu-http-backend.js';

const REPO = 'acme/infra';
const TOKEN = 'ghs_scale_token_canary_5150';
const STATE_KEY = 'state-key-canary-4242-0123456789abcdefghij';
const CLUSTERS = 20;
const PR = 77;
const HEAD = 'e'.repeat(40);
const DEPLOY_RUN = 4000;
const PLAN_RUN = 4001;

interface Cluster {
  name: string;
  id: string;
  runner: Runner;
  /** Workers its deploy made: 1, 2 or 3, so a plan for 3 workers shows each cluster's own tofu state. */
  workers: number;
  deploy?: ActionRun;
  plan?: ActionRun;
}

/**
 * A matrix at scale against one GitHub stand-in: 20 clusters deployed by 20 action processes at once
 * (`deployment.method: none` on the sandbox's real terraform code, each cluster with its own
 * Kubernetes API stand-in and its own state in a remote `http` backend — the durable choice, and no
 * scrypt per state save), then 20 plans of them on one pull request, then the overview comment.
 * GitHub answers some calls with 502 and secondary rate limits meanwhile. Each job must find only its
 * own resume state, tofu state, deployment and comment.
 */
describe('20 clusters, 20 jobs, one GitHub', () => {
  let gh: GitHubStandIn;
  let backend: TofuHttpBackend;
  const clusters: Cluster[] = [];
  const runs: ActionRun[] = [];

  beforeAll(async () => {
    gh = await startGitHubStandIn({
      tokens: { [TOKEN]: { actions: 'write', deployments: 'write', pullRequests: 'write' } },
    });
    backend = await startTofuHttpBackend();
    const names = Array.from({ length: CLUSTERS }, (_, i) => `c${String(i + 1).padStart(2, '0')}`);
    clusters.push(
      ...(await Promise.all(
        names.map(async (name, i): Promise<Cluster> => {
          const runner = await freshRunner(`scale-${name}-`, { cluster: name });
          await writeClusterKubeconfig(runner.sandbox);
          await fs.writeFile(path.join(runner.sandbox.clusterDir, 'backend.tf'), backend.backendBlock(`demo/${name}`));
          return { name, id: `demo/${name}`, runner, workers: 1 + (i % 3) };
        }),
      )),
    );
  }, 120_000);
  afterAll(async () => {
    await Promise.all(clusters.map((c) => c.runner.sandbox.close()));
    await backend?.close();
    await gh?.close();
  });

  const job = async (c: Cluster, runId: number, inputs: Record<string, string>, env: Record<string, string> = {}) => {
    const result = await runAction('dist/deploy/index.js', {
      env: {
        ...c.runner.toolEnv,
        ...gh.actionsEnv({ runId, repository: REPO, workspace: c.runner.workDir }),
        GITHUB_SHA: HEAD,
        GITHUB_RUN_NUMBER: '9',
        TF_VAR_os_application_credential_secret: CONFIG_SECRET,
        ...env,
      },
      inputs: {
        config: c.runner.sandbox.configPath,
        method: 'none',
        'skip-auth-check': 'true',
        'state-store': 'artifact',
        'state-key': STATE_KEY,
        'github-token': TOKEN,
        interval: '300ms',
        timeout: '60s',
        ...inputs,
      },
    });
    runs.push(result);
    return result;
  };

  it('deploys 20 clusters at once: each its own state artifact and deployment, through 502s and rate limits', async () => {
    gh.failNext('POST', `/repos/${REPO}/deployments`, 3, { kind: 'bad-gateway' });
    gh.failNext('POST', /^\/repos\/acme\/infra\/deployments\/\d+\/statuses$/, 3, {
      kind: 'secondary-rate-limit',
      retryAfter: 1,
    });
    gh.failNext('GET', `/repos/${REPO}/actions/artifacts`, 3, { kind: 'bad-gateway' });
    await Promise.all(
      clusters.map(async (c) => {
        c.deploy = await job(
          c,
          DEPLOY_RUN,
          { environment: `sandbox-${c.name}` },
          { TF_VAR_worker_count: String(c.workers) },
        );
      }),
    );
    // Every injected failure was met, and retried.
    const calls = (method: string, pattern: RegExp) =>
      gh.requests.filter((r) => r.method === method && pattern.test(r.path)).length;
    expect(calls('POST', /^\/repos\/acme\/infra\/deployments$/)).toBe(CLUSTERS + 3);
    expect(calls('POST', /^\/repos\/acme\/infra\/deployments\/\d+\/statuses$/)).toBe(2 * CLUSTERS + 3);

    const deployments = gh.deployments(REPO);
    expect(deployments).toHaveLength(CLUSTERS);
    for (const c of clusters) {
      const run = c.deploy!;
      expect(run.code, `${c.id}: ${run.stdout.slice(-3000)}`).toBe(0);
      expect(run.outputs).toMatchObject({
        result: 'success',
        endpoint: `https://${c.runner.sandbox.vip}:${c.runner.sandbox.api.port}`,
      });
      // Its own deployment: one, in its environment, ending at its own endpoint.
      const mine = deployments.filter((d) => d.environment === `sandbox-${c.name}`);
      expect(mine, c.id).toHaveLength(1);
      expect(mine[0]).toMatchObject({ description: `cluster-deploy ${c.id}`, ref: HEAD });
      expect(mine[0]!.statuses.map((s) => s.state)).toEqual(['in_progress', 'success']);
      expect(mine[0]!.statuses[1]!.environmentUrl).toBe(run.outputs.endpoint);
      // Its own state artifact, naming it, complete.
      const artifacts = gh
        .artifacts()
        .filter((a) => a.name === `cluster-deploy-state-demo~${c.name}` && a.runId === DEPLOY_RUN);
      expect(artifacts, c.id).toHaveLength(1);
      const files = await gh.artifactFiles(artifacts[0]!.id);
      const state = JSON.parse(files['state.json']!.toString('utf8'));
      expect(state).toMatchObject({ cluster: c.id, completedAt: expect.any(String) });
      expect(Object.keys(files).sort()).toEqual(['deploy.log', 'state.json', 'state.seal.json']);
      // Its own tofu state, under its own key of the backend.
      const workers = backend.state(c.id)!.resources.filter((r) => r.type === 'terraform_data' && r.name === 'server');
      expect(workers.length, c.id).toBe(1 + c.workers); // the control plane node and its workers
    }
    expect(gh.artifacts().filter((a) => a.runId === DEPLOY_RUN)).toHaveLength(CLUSTERS);
  }, 240_000);

  it('plans the 20 on one pull request: each from its own state, into its own comment; one overview lists all', async () => {
    const event = path.join(clusters[0]!.runner.workDir, 'pull-request.json');
    await fs.writeFile(
      event,
      JSON.stringify({
        action: 'synchronize',
        number: PR,
        pull_request: {
          number: PR,
          head: { sha: HEAD, repo: { full_name: REPO } },
          base: { repo: { full_name: REPO } },
        },
      }),
    );
    // Fresh runners: nothing of the deploy is left on them but the cluster code.
    for (const c of clusters)
      await fs.rm(path.join(c.runner.sandbox.clusterDir, '.terraform'), { recursive: true, force: true });
    const prEnv = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, TF_VAR_worker_count: '3' };
    gh.failNext('GET', `/repos/${REPO}/issues/${PR}/comments`, 3, { kind: 'bad-gateway' });
    gh.failNext('POST', `/repos/${REPO}/issues/${PR}/comments`, 3, { kind: 'secondary-rate-limit', retryAfter: 1 });
    const listed = gh.requests.length;
    await Promise.all(
      clusters.map(async (c) => {
        c.plan = await job(c, PLAN_RUN, { 'dry-run': 'true' }, prEnv);
      }),
    );

    const comments = gh.comments(REPO, PR);
    expect(comments).toHaveLength(CLUSTERS);
    // Every injected failure was met, and retried.
    const calls = (method: string) =>
      gh.requests.slice(listed).filter((r) => r.method === method && r.path === `/repos/${REPO}/issues/${PR}/comments`)
        .length;
    expect([calls('GET'), calls('POST')]).toEqual([CLUSTERS + 3, CLUSTERS + 3]);
    const toAdd = new Map<number, Set<string>>();
    for (const c of clusters) {
      const run = c.plan!;
      expect(run.code, `${c.id}: ${run.stdout.slice(-3000)}`).toBe(0);
      // Its own comment: exactly one carries its marker, it is the one the job names, and it shows the job's own counts.
      const mine = comments.filter((m) => m.body.startsWith(planMarker(c.id)));
      expect(mine, c.id).toHaveLength(1);
      expect(mine[0]!.author).toBe(INTEGRATION_LOGIN);
      expect(run.outputs['comment-url']).toBe(`https://github.com/${REPO}/pull/${PR}#issuecomment-${mine[0]!.id}`);
      const record = readPlanRecord(mine[0]!.body);
      expect(record).toMatchObject({ status: 'ok', operation: 'deploy', commit: HEAD, change: 0, destroy: 0 });
      // The outputs and the headline count as tofu does (a replacement adds one and destroys one); the record each apart.
      expect([record!.add + record!.replace, record!.destroy + record!.replace]).toEqual([
        Number(run.outputs['to-add']),
        Number(run.outputs['to-destroy']),
      ]);
      expect(mine[0]!.body).toContain(
        record!.add + record!.replace
          ? `### 🟠 Plan for \`${c.id}\` — ${record!.add + record!.replace} to add`
          : `### 🟢 No changes for \`${c.id}\``,
      );
      toAdd.set(c.workers, (toAdd.get(c.workers) ?? new Set()).add(run.outputs['to-add']!));
    }
    // The plan for 3 workers depends only on the workers each cluster's own tofu state has.
    expect([...toAdd.entries()].sort().map(([workers, adds]) => [workers, [...adds]])).toEqual([
      [1, [expect.stringMatching(/^\d+$/)]],
      [2, [expect.stringMatching(/^\d+$/)]],
      [3, ['0']],
    ]);
    const [one, two] = [Number([...toAdd.get(1)!][0]), Number([...toAdd.get(2)!][0])];
    expect(one).toBeGreaterThan(two);
    expect(two).toBeGreaterThan(0);
    // Each looked up only its own state artifact.
    const stateLookups = gh.requests
      .slice(listed)
      .filter((r) => r.method === 'GET' && r.path === `/repos/${REPO}/actions/artifacts`)
      .map((r) => r.query.name);
    expect(new Set(stateLookups)).toEqual(new Set(clusters.map((c) => `cluster-deploy-state-demo~${c.name}`)));

    const overview = await runAction('dist/plan-comment/index.js', {
      env: {
        ...gh.actionsEnv({ runId: PLAN_RUN, repository: REPO, workspace: clusters[0]!.runner.workDir }),
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: event,
        GITHUB_RUN_NUMBER: '9',
      },
      inputs: { mode: 'overview', clusters: JSON.stringify(clusters.map((c) => c.id)), 'github-token': TOKEN },
    });
    runs.push(overview);
    expect(overview.code, overview.stdout).toBe(0);
    const after = gh.comments(REPO, PR);
    const overviews = after.filter((m) => m.body.startsWith(OVERVIEW_MARKER));
    expect(overviews).toHaveLength(1);
    expect(after).toHaveLength(CLUSTERS + 1);
    const body = overviews[0]!.body;
    expect(overview.outputs).toMatchObject({
      'comment-url': `https://github.com/${REPO}/pull/${PR}#issuecomment-${overviews[0]!.id}`,
      failed: '[]',
      missing: '[]',
    });
    expect(body).toContain(`### 🟠 Plans for ${CLUSTERS} clusters — ${CLUSTERS} planned\n`); // replacements (the inventory) stand out
    for (const c of clusters) {
      const own = after.find((m) => m.body.startsWith(planMarker(c.id)))!;
      const r = readPlanRecord(own.body)!;
      const cell = r.add + r.replace ? '🟠 changes' : '🟢 no changes';
      expect(body).toContain(
        `| [\`${c.id}\`](https://github.com/${REPO}/pull/${PR}#issuecomment-${own.id}) | ${cell} | ${r.add} | 0 | 0 | ${r.replace} |`,
      );
      expect(body).toMatch(new RegExp(`^  ${c.id} :done, \\d+, \\d+s$`, 'm'));
    }
    expect(overview.summary).toBe(body);
  }, 240_000);

  it('never lets a secret reach GitHub or the logs', async () => {
    const sent = JSON.stringify(gh.requests.map((r) => r.body));
    const comments = JSON.stringify(gh.comments(REPO, PR));
    const printed = runs
      .map((r) =>
        [r.stdout.replace(/^::add-mask::.*$/gm, ''), r.stderr, r.summary, JSON.stringify(r.outputs)].join('\n'),
      )
      .join('\n');
    for (const secret of [CONFIG_SECRET, TOKEN]) {
      for (const [channel, text] of Object.entries({ sent, comments, printed }))
        expect(text.includes(secret), `${secret} in ${channel}`).toBe(false);
    }
  });
});
