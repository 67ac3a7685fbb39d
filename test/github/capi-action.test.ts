import { promises as fs } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planMarker } from '../../src/github/comments/plan-comment.js';
import { ROOT, runAction, type ActionRun } from '../support/action-runner.js';
import { CAPI_SECRET, startCapiRun, type CapiRun } from '../support/capi-sandbox.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';

const REPO = 'acme/infra';
const TOKEN = 'ghs_capi_token_canary_5772';

/**
 * The root action with deployment.method cluster-api, run as the runner runs the bundle: the dry run's
 * kubectl diff table in the pull-request comment, a deploy against an existing management cluster
 * (input management-kubeconfig) with the kubeconfig outputs, and no credential on any channel.
 */
describe('the root action with deployment.method cluster-api', () => {
  let gh: GitHubStandIn;
  let run: CapiRun;
  let management: string;
  let runnerTemp: string;
  let clusterctlCalls: string;
  let wrapperDir: string;
  const runs: ActionRun[] = [];

  /** Each clusterctl command and the GITHUB_TOKEN it was given (null: none), in order. */
  async function clusterctlTokens(): Promise<{ args: string[]; githubToken: string | null }[]> {
    const text = await fs.readFile(clusterctlCalls, 'utf8').catch(() => '');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  }

  beforeAll(async () => {
    gh = await startGitHubStandIn({
      tokens: { [TOKEN]: { actions: 'write', pullRequests: 'write', issues: 'write' } },
    });
    run = await startCapiRun();
    management = (await run.cloud.createManagementCluster('mgmt')).kubeconfigPath;
    runnerTemp = path.join(run.workDir, 'runner-temp');
    await fs.mkdir(runnerTemp, { recursive: true });
    // clusterctl reads GITHUB_TOKEN for GitHub's API (CAPI cmd/clusterctl/client/repository/repository_github.go):
    // a wrapper first on PATH notes what each command got, then is the sandbox's clusterctl.
    clusterctlCalls = path.join(run.workDir, 'clusterctl-calls.jsonl');
    wrapperDir = path.join(run.workDir, 'clusterctl-wrapper');
    await fs.mkdir(wrapperDir);
    const launcher = pathToFileURL(path.join(ROOT, 'examples', 'sandbox', 'capi', 'launcher.mjs')).href;
    await fs.writeFile(
      path.join(wrapperDir, 'clusterctl'),
      [
        '#!/usr/bin/env node',
        "import { appendFileSync } from 'node:fs';",
        `import { launch } from ${JSON.stringify(launcher)};`,
        `appendFileSync(${JSON.stringify(clusterctlCalls)}, JSON.stringify({ args: process.argv.slice(2), githubToken: process.env.GITHUB_TOKEN ?? null }) + '\\n');`,
        "await launch('clusterctl');",
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
  }, 60_000);
  afterAll(async () => {
    await run?.close();
    await gh?.close();
  });

  async function action(runId: number, inputs: Record<string, string>, pr?: number): Promise<ActionRun> {
    const event: Record<string, string> = {};
    if (pr !== undefined) {
      const file = path.join(run.workDir, `event-${pr}.json`);
      await fs.writeFile(
        file,
        JSON.stringify({
          action: 'synchronize',
          number: pr,
          pull_request: {
            number: pr,
            head: { sha: 'b'.repeat(40), repo: { full_name: REPO } },
            base: { repo: { full_name: REPO } },
          },
        }),
      );
      Object.assign(event, { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: file });
    }
    const result = await runAction('dist/deploy/index.js', {
      env: {
        ...run.env,
        ...gh.actionsEnv({ runId, repository: REPO, workspace: run.workDir }),
        PATH: `${wrapperDir}${path.delimiter}${run.env.PATH}`,
        RUNNER_TEMP: runnerTemp,
        GITHUB_SHA: 'a'.repeat(40),
        ...event,
      },
      inputs: {
        config: run.configPath,
        'management-kubeconfig': management,
        'state-store': 'local',
        'skip-auth-check': 'true',
        interval: '1s',
        ...inputs,
      },
      githubToken: TOKEN, // github-token is the runner's default, the job's token
    });
    runs.push(result);
    return result;
  }

  it('comments the objects a deploy would create on the pull request', async () => {
    const result = await action(201, { 'dry-run': 'true' }, 5);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.outputs).toMatchObject({
      result: 'planned',
      'has-changes': 'true',
      'to-add': '7',
      'to-change': '0',
      'to-destroy': '0',
    });
    const [comment] = gh.comments(REPO, 5);
    expect(comment!.body).toContain(planMarker('demo/capi-sandbox'));
    expect(comment!.body).toContain('| ➕ create | `MachineDeployment default/capi-sandbox-md-0` |');
    expect(comment!.body).toContain('the Cluster API providers are not installed on the management cluster yet');
    expect(comment!.body).toMatch(
      /\*\*An apply would run:\*\* `openstack-preflight` → `capi-management-cluster` → .*`wait-ready`/,
    );
    expect(comment!.body).not.toContain('capi-pivot'); // a durable management cluster
  }, 120_000);

  it('deploys and outputs the kubeconfig as for Kubespray', async () => {
    const result = await action(202, {});
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.outputs.result).toBe('success');
    const workload = run.cloud.clusters().find((c) => c.role === 'workload')!;
    expect(result.outputs.endpoint).toBe(workload.url);
    expect(result.outputs.kubeconfig).toContain(`server: ${workload.url}`);
    expect(result.summary).toContain('capi-wait');
    // The job's token reached clusterctl init through the github-token input (the runner puts no GITHUB_TOKEN in
    // an action's environment), and no other clusterctl command.
    const calls = await clusterctlTokens();
    const inits = calls.filter((c) => c.args[0] === 'init');
    expect(inits.length, JSON.stringify(calls)).toBeGreaterThan(0);
    for (const call of calls)
      expect(call.githubToken, call.args.join(' ')).toBe(call.args[0] === 'init' ? TOKEN : null);
  }, 180_000);

  it('updates the same comment with one changed MachineDeployment when the worker count changes', async () => {
    await run.editConfig((text) => text.replace('worker_machine_count: 2', 'worker_machine_count: 3'));
    const result = await action(203, { 'dry-run': 'true' }, 5);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.outputs).toMatchObject({ 'has-changes': 'true', 'to-add': '0', 'to-change': '1', 'to-destroy': '0' });
    const comments = gh.comments(REPO, 5);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain('| 🔁 update | `MachineDeployment default/capi-sandbox-md-0` |');
    expect(comments[0]!.body).toMatch(/^\+\s+replicas: 3$/m);
  }, 120_000);

  it("checks the deployed cluster with no special case: drift in the outputs, the summary and the cluster's health issue", async () => {
    await run.editConfig((text) => text.replace('worker_machine_count: 3', 'worker_machine_count: 2'));
    const clean = await action(204, { operation: 'check', 'health-issue': 'true' });
    expect(clean.code, clean.stdout + clean.stderr).toBe(0);
    expect(clean.outputs).toMatchObject({ result: 'success', drift: 'false', healthy: 'true' });
    expect(gh.issues(REPO)).toEqual([]);
    // Drift: the config asks for a third worker the cluster does not have.
    await run.editConfig((text) => text.replace('worker_machine_count: 2', 'worker_machine_count: 3'));
    const drifted = await action(205, { operation: 'check', 'health-issue': 'true' });
    expect(drifted.code, drifted.stdout + drifted.stderr).toBe(0);
    expect(drifted.outputs).toMatchObject({ result: 'success', drift: 'true', healthy: 'true' });
    expect(JSON.parse(drifted.outputs.report!).findings).toEqual([
      {
        kind: 'drift',
        subject: 'MachineDeployment default/capi-sandbox-md-0',
        message:
          'a deploy would change MachineDeployment default/capi-sandbox-md-0 (kubectl diff --server-side of the rendered manifests)',
      },
    ]);
    expect(drifted.summary).toContain('MachineDeployment default/capi-sandbox-md-0');
    const [issue] = gh.issues(REPO);
    expect(issue).toMatchObject({ state: 'open', title: 'Cluster demo/capi-sandbox: drift' });
    expect(run.cloud.servers()).toHaveLength(3); // a check changes nothing
    await run.editConfig((text) => text.replace('worker_machine_count: 3', 'worker_machine_count: 2'));
  }, 120_000);

  it('a dry run of a change CAPO forbids in place fails, naming the field, in the comment', async () => {
    await run.editConfig((text) =>
      text.replace(/external_network_id: \S+/, 'external_network_id: 7d0c2a1e-5b7f-4b55-8f0e-2a9e6c1d3b44'),
    );
    const result = await action(206, { 'dry-run': 'true' }, 5);
    expect(result.code).toBe(1);
    expect(result.outputs.result).toBe('failure');
    const [comment] = gh.comments(REPO, 5);
    expect(comment!.body).toContain(
      'OpenStackCluster default/capi-sandbox: spec.externalNetwork (set by deployment.cluster_api.openstack.external_network_id)',
    );
  }, 120_000);

  it('never lets the credentials or the token reach GitHub, the log, the summary or the outputs', async () => {
    const sent = JSON.stringify(gh.requests.map((r) => r.body));
    const comments = JSON.stringify(gh.comments(REPO, 5));
    const artifacts = await Promise.all(
      gh.artifacts().map(async (a) =>
        Object.values(await gh.artifactFiles(a.id))
          .map((b) => b.toString('latin1'))
          .join('\n'),
      ),
    );
    const printed = runs.map((r) =>
      [r.stdout.replace(/^::add-mask::.*$/gm, ''), r.stderr, r.summary, JSON.stringify(r.outputs)].join('\n'),
    );
    expect(runs).toHaveLength(6);
    // The last plan failed on the forbidden change; the check's health issue holds the drift table.
    expect(comments).toContain('spec.externalNetwork');
    const issues = JSON.stringify(gh.issues(REPO));
    expect(issues).toContain('MachineDeployment');
    expect(artifacts.length).toBeGreaterThan(0);
    for (const secret of [CAPI_SECRET, Buffer.from(CAPI_SECRET).toString('base64'), TOKEN]) {
      for (const [channel, text] of Object.entries({
        sent,
        comments,
        issues,
        artifacts: artifacts.join('\n'),
        printed: printed.join('\n'),
      })) {
        expect(text.includes(secret), `${secret} in ${channel}`).toBe(false);
      }
    }
  });
});
