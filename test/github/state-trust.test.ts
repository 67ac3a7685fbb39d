import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { runAction, type ActionRun } from '../support/action-runner.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { plantArtifact } from '../support/planted-artifacts.js';
import { removeDownloads } from '../../src/github/runner/downloads.js';
import { restStateSource } from '../../src/github/state/artifact-rest.js';
import { pickState, type IgnoredArtifact } from '../../src/github/state/state-picker.js';
import { SEALS_SINCE } from '../../src/github/state/state-seal.js';
import {
  artifactStateInputs,
  freshRunner as newRunner,
  writeClusterKubeconfig,
  type Runner,
} from '../support/sandbox.js';

const REPO = 'acme/infra';
const FORK = 'mallory/infra';
const TOKEN = 'ghs_trust_token_canary_6161';
const PASSPHRASE = 'kubeconfig-passphrase-canary-6262';
const STATE_KEY = 'state-key-canary-6363-0123456789abcdefghij';
const ARTIFACT = 'cluster-deploy-state-demo~sandbox';
const LEGACY_ARTIFACT = 'cluster-deploy-state-demo-sandbox';

/** A state that says every step of a deploy is done: restored, it would make a deploy skip them all. */
function forgedState(steps: string[], extra: Record<string, unknown> = {}) {
  const at = new Date().toISOString();
  return JSON.stringify({
    version: 1,
    cluster: 'demo/sandbox',
    updatedAt: at,
    operation: 'deploy',
    steps: Object.fromEntries(steps.map((id) => [id, { status: 'success', startedAt: at, finishedAt: at }])),
    ...extra,
  });
}

/** Method none: the OpenTofu code's own cluster is the sandbox's API, its kubeconfig put in the cluster dir. */
async function withKubeconfig(runner: Runner): Promise<Runner> {
  await writeClusterKubeconfig(runner.sandbox);
  return runner;
}

/**
 * Resume state only from trusted runs, sealed: through the bundled root action, the real
 * @actions/artifact client and Octokit against the GitHub stand-in, whose `workflow_run` fields
 * (repository_id, head_repository_id, head_branch) say which run uploaded an artifact. Forged
 * artifacts are uploaded the way an attacker would: by the real artifact client, from a fork's
 * pull-request run or a run on another branch.
 */
describe('resume state from trusted runs only', () => {
  let gh: GitHubStandIn;
  const sandboxes: PreparedSandbox[] = [];

  beforeAll(async () => {
    gh = await startGitHubStandIn({ tokens: { [TOKEN]: { actions: 'write', deployments: 'write' } } });
  });
  afterAll(async () => {
    await Promise.all(sandboxes.map((s) => s.close()));
    await gh?.close();
  });

  async function freshRunner(): Promise<Runner> {
    const runner = await newRunner('trust-runner-');
    sandboxes.push(runner.sandbox);
    return withKubeconfig(runner);
  }

  const env = (
    runner: Runner,
    runId: number,
    run: { branch?: string; headRepository?: string; extra?: Record<string, string> } = {},
  ) => ({
    ...runner.toolEnv,
    ...gh.actionsEnv({
      runId,
      repository: REPO,
      workspace: runner.workDir,
      branch: run.branch,
      headRepository: run.headRepository,
    }),
    GITHUB_SHA: 'a'.repeat(40),
    ...run.extra,
  });
  const inputs = (runner: Runner, extra: Record<string, string> = {}): Record<string, string> => ({
    ...artifactStateInputs(runner, { stateKey: STATE_KEY, passphrase: PASSPHRASE, token: TOKEN }),
    method: 'none',
    ...(extra.operation !== 'destroy' && { interval: '300ms', timeout: '30s' }),
    ...extra,
  });

  /** Main step, then post step, as the runner runs them. */
  async function job(runEnv: Record<string, string>, jobInputs: Record<string, string>): Promise<ActionRun> {
    const main = await runAction('dist/deploy/index.js', { env: runEnv, inputs: jobInputs });
    const post = await runAction('dist/deploy/index.js', { env: runEnv, inputs: jobInputs, state: main.state });
    expect(post.code, post.stdout).toBe(0);
    return main;
  }

  const upload = (
    runId: number,
    name: string,
    files: Record<string, string | Buffer>,
    run: { branch?: string; headRepository?: string },
  ) => plantArtifact(gh, { runId, repository: REPO, name, files, ...run });

  async function artifactOf(runId: number, name = ARTIFACT) {
    const artifact = gh
      .artifacts()
      .filter((a) => a.name === name && a.runId === runId)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    expect(artifact, `${name} of run ${runId}`).toBeDefined();
    const files = await gh.artifactFiles(artifact!.id);
    return { files, state: JSON.parse(files['state.json']!.toString('utf8')) };
  }

  const statusOf = (run: ActionRun) =>
    Object.fromEntries(
      JSON.parse(run.outputs.steps!).map((s: { id: string; status: string }) => [s.id, s.status]),
    ) as Record<string, string>;

  let stepIds: string[] = [];

  it('a newer forged state from a fork run or another branch changes nothing a deploy does, and is named', async () => {
    // Run 300 on main: the apply fails; the state says so, sealed.
    const first = await freshRunner();
    const failed = await job(env(first, 300, { extra: { TF_VAR_fail_apply: 'true' } }), inputs(first));
    expect(failed.outputs.result).toBe('failure');
    const trusted = await artifactOf(300);
    expect(Object.keys(trusted.files)).toContain('state.seal.json');
    stepIds = JSON.parse(failed.outputs.steps!).map((s: { id: string }) => s.id);

    // Then, newer: "every step done" from a fork's pull-request run (its branch is called main too) and from a branch.
    await upload(301, ARTIFACT, { 'state.json': forgedState(stepIds) }, { headRepository: FORK, branch: 'main' });
    await upload(302, ARTIFACT, { 'state.json': forgedState(stepIds) }, { branch: 'feature/x' });

    const second = await freshRunner();
    const runnerTemp = path.join(second.workDir, 'runner-temp');
    const main = await job({ ...env(second, 303), RUNNER_TEMP: runnerTemp }, inputs(second));
    expect(main.code, main.stdout).toBe(0);
    // The downloaded artifacts (the trusted state and its files) are gone when the step ends.
    expect(await fs.readdir(path.join(runnerTemp, 'cluster-deploy-downloads'))).toEqual([]);
    expect(main.stdout).toContain('Resuming demo/sandbox from run 300');
    expect(statusOf(main)['opentofu-apply']).toBe('success'); // ran: not skipped as the forged states claim
    for (const line of [
      `ignored ${ARTIFACT} from run 301 on branch "main": not a trusted run: its head is in another repository (a fork)`,
      `ignored ${ARTIFACT} from run 302 on branch "feature/x": not a trusted run: only the default branch (main) is trusted`,
    ])
      expect(main.stdout).toContain(line);
    expect(main.summary).toContain('Resume state not restored');
    expect(main.summary).toMatch(/from run 301 on branch .*a fork/);
    expect(main.summary).toMatch(/from run 302 on branch .*feature.*only the default branch/);
  }, 400_000);

  it('a newer forged destroyed state from a fork changes nothing a destroy does', async () => {
    const destroySteps = ['preflight', 'opentofu-init', 'opentofu-destroy'];
    await upload(
      304,
      ARTIFACT,
      {
        'state.json': forgedState(destroySteps, {
          operation: 'destroy',
          destroyedAt: new Date().toISOString(),
          completedAt: new Date().toISOString(),
        }),
      },
      { headRepository: FORK, branch: 'main' },
    );
    const runner = await freshRunner();
    const main = await job(env(runner, 305), inputs(runner, { operation: 'destroy', 'confirm-destroy': 'sandbox' }));
    expect(main.code, main.stdout).toBe(0);
    expect(main.stdout).toContain('restored the tofu state saved with the resume state');
    expect(main.stdout).toMatch(
      /✓ Destroy the OpenTofu infrastructure \(opentofu-destroy\) \(.*\) — [1-9]\d* resources destroyed/,
    );
    expect(main.stdout).toContain(`ignored ${ARTIFACT} from run 304 on branch "main": not a trusted run`);
    const tfstate = JSON.parse(await fs.readFile(path.join(runner.sandbox.clusterDir, 'terraform.tfstate'), 'utf8'));
    expect(tfstate.resources).toEqual([]);
    expect((await artifactOf(305)).state).toMatchObject({ operation: 'destroy', destroyedAt: expect.any(String) });
  }, 300_000);

  it('refuses a trusted run’s state whose files changed after it was sealed, or sealed with another key', async () => {
    const { files } = await artifactOf(305);
    const state = JSON.parse(files['state.json']!.toString('utf8'));
    // The same seal over a state that now says the destroy never happened.
    const tampered = { ...files, 'state.json': JSON.stringify({ ...state, destroyedAt: undefined }) };
    await upload(306, ARTIFACT, tampered, {});
    const runner = await freshRunner();
    const runnerTemp = path.join(runner.workDir, 'runner-temp');
    const refused = await runAction('dist/deploy/index.js', {
      env: { ...env(runner, 307), RUNNER_TEMP: runnerTemp },
      inputs: inputs(runner),
    });
    expect(refused.code).toBe(1);
    // Removed on failure too.
    expect(await fs.readdir(path.join(runnerTemp, 'cluster-deploy-downloads'))).toEqual([]);
    expect(refused.stdout).toMatch(
      /::error::resume state workflow artifact "cluster-deploy-state-demo~sandbox" \(id \d+, run 306 on branch "main"\) fails its check: state\.json was changed after it was sealed\. It is not restored/,
    );

    // Sealed by a job that holds another key: the seal does not match.
    const otherKey = await freshRunner();
    const sealedElsewhere = await job(
      env(otherKey, 308),
      inputs(otherKey, { 'state-key': 'another-state-key-0123456789abcdefghij', restart: 'true' }),
    );
    expect(sealedElsewhere.code, sealedElsewhere.stdout).toBe(0);
    const runner2 = await freshRunner();
    const refused2 = await runAction('dist/deploy/index.js', { env: env(runner2, 309), inputs: inputs(runner2) });
    expect(refused2.code).toBe(1);
    expect(refused2.stdout).toContain(
      'fails its check: its seal does not match: it was changed after the run that wrote it, or written with another state-key',
    );
  }, 400_000);

  it('without state-key a deploy refuses to use artifact state, naming the input', async () => {
    const runner = await freshRunner();
    const { 'state-key': _key, ...withoutKey } = inputs(runner);
    const main = await runAction('dist/deploy/index.js', { env: env(runner, 310), inputs: withoutKey });
    expect(main.code).toBe(1);
    expect(main.stdout).toContain('::error::state-store: artifact needs state-key for operation deploy');
  }, 120_000);
});

describe('resume state written before seals (the name before "~")', () => {
  let gh: GitHubStandIn;
  const sandboxes: PreparedSandbox[] = [];

  beforeAll(async () => {
    gh = await startGitHubStandIn({ tokens: { [TOKEN]: { actions: 'write', deployments: 'write' } } });
  });
  afterAll(async () => {
    await Promise.all(sandboxes.map((s) => s.close()));
    await gh?.close();
  });

  it('is taken over only from a trusted run, and re-written sealed under the new name', async () => {
    const at = new Date().toISOString();
    const legacy = (note: string) =>
      JSON.stringify({
        version: 1,
        cluster: 'demo/sandbox',
        updatedAt: at,
        operation: 'deploy',
        steps: { 'opentofu-init': { status: 'success', startedAt: at, finishedAt: at, detail: note } },
      });
    // Before seals: what a version without them wrote.
    const before = new Date(Date.parse(SEALS_SINCE) - 86_400_000).toISOString();
    const uploadAs = async (
      runId: number,
      content: string,
      run: { branch?: string; headRepository?: string; createdAt?: string },
      name = LEGACY_ARTIFACT,
    ) => plantArtifact(gh, { runId, repository: REPO, name, files: { 'state.json': content }, ...run });
    await uploadAs(400, legacy('trusted'), { createdAt: before });
    await uploadAs(401, legacy('forged'), { headRepository: FORK, branch: 'main' });
    // Unsealed under the new name, from the default branch: not this action's (it seals all it writes there), e.g.
    // another workflow of main.
    await uploadAs(403, legacy('unsealed, new name'), {}, ARTIFACT);
    // Unsealed under the old name, from main, but uploaded since seals: not a state from before them.
    await uploadAs(404, legacy('unsealed, since seals'), {});

    const runner = await withKubeconfig(await newRunner('trust-legacy-'));
    sandboxes.push(runner.sandbox);
    const runEnv = {
      ...runner.toolEnv,
      ...gh.actionsEnv({ runId: 402, repository: REPO, workspace: runner.workDir }),
      GITHUB_SHA: 'a'.repeat(40),
    };
    const jobInputs = {
      config: runner.sandbox.configPath,
      method: 'none',
      'skip-auth-check': 'true',
      'state-key': STATE_KEY,
      'tofu-state': 'artifact',
      'kubeconfig-passphrase': PASSPHRASE,
      'github-token': TOKEN,
      interval: '300ms',
      timeout: '30s',
    };
    const main = await runAction('dist/deploy/index.js', { env: runEnv, inputs: jobInputs });
    expect(main.code, main.stdout).toBe(0);
    expect(main.stdout).toContain(`ignored ${LEGACY_ARTIFACT} from run 401 on branch "main": not a trusted run`);
    expect(main.stdout).toContain(
      `ignored ${LEGACY_ARTIFACT} from run 404 on branch "main": it has no seal, and it was uploaded after this action began sealing state`,
    );
    expect(main.stdout).toMatch(
      new RegExp(
        `ignored ${ARTIFACT} from run 403 .*it has no seal, and every state this action writes under this name is sealed`,
      ),
    );
    expect(main.stdout).toMatch(
      /::notice::resume state cluster-deploy-state-demo-sandbox from run 400 has no seal \(written before state-key\); accepted because a trusted run wrote it, and re-written sealed as this run's artifact "cluster-deploy-state-demo~sandbox"/,
    );
    expect(main.stdout).toContain('Resuming demo/sandbox from run 400');
    const artifact = gh.artifacts().find((a) => a.name === ARTIFACT && a.runId === 402)!;
    const files = await gh.artifactFiles(artifact.id);
    expect(Object.keys(files)).toContain('state.seal.json');
    // Sealed as run 402's, which uploaded it: a later run takes it, where a copy from another run is a replay.
    expect(JSON.parse(files['state.json']!.toString('utf8')).run).toMatchObject({ id: 402 });
    const ignored: IgnoredArtifact[] = [];
    const [owner, repo] = REPO.split('/') as [string, string];
    const later = await pickState(
      restStateSource({ apiUrl: gh.url, owner, repo, token: TOKEN }),
      { name: ARTIFACT, cluster: 'demo/sandbox', trust: { key: STATE_KEY, branches: {} } },
      ignored,
    );
    expect(later).toMatchObject({ runId: 402, seal: 'valid' });
    await removeDownloads();
  }, 300_000);
});

describe('a reviewed plan or nothing (require-saved-plan)', () => {
  let gh: GitHubStandIn;
  const sandboxes: PreparedSandbox[] = [];
  let runner: Runner;
  const PLAN_ARTIFACT = 'cluster-deploy-plan-demo~sandbox';

  beforeAll(async () => {
    gh = await startGitHubStandIn({ tokens: { [TOKEN]: { actions: 'write', deployments: 'write' } } });
    runner = await withKubeconfig(await newRunner('trust-plan-'));
    sandboxes.push(runner.sandbox);
  });
  afterAll(async () => {
    await Promise.all(sandboxes.map((s) => s.close()));
    await gh?.close();
  });

  const env = (runId: number) => ({
    ...runner.toolEnv,
    ...gh.actionsEnv({ runId, repository: REPO, workspace: runner.workDir }),
    GITHUB_SHA: 'a'.repeat(40),
  });
  const inputs = (extra: Record<string, string>) => ({
    ...artifactStateInputs(runner, { stateKey: STATE_KEY, passphrase: PASSPHRASE, token: TOKEN }),
    method: 'none',
    'plan-passphrase': PASSPHRASE,
    ...extra,
  });
  const deployInputs = (extra: Record<string, string> = {}) =>
    inputs({ 'plan-artifact': PLAN_ARTIFACT, 'require-saved-plan': 'true', ...extra });

  it('refuses to deploy when the plan job of the run left no plan artifact, naming the inputs', async () => {
    const main = await runAction('dist/deploy/index.js', { env: env(500), inputs: deployInputs() });
    expect(main.code).toBe(1);
    expect(main.stdout).toContain(
      `::error::require-saved-plan: nothing is applied without the reviewed plan, and plan-artifact: no artifact "${PLAN_ARTIFACT}" in this workflow run`,
    );
    expect(main.stdout).not.toContain('(opentofu-apply)');
  }, 120_000);

  it('the plan job records "no apply needed"; the deploy then applies nothing, and refuses if it would', async () => {
    const planned = await runAction('dist/deploy/index.js', {
      env: env(501),
      inputs: inputs({ 'dry-run': 'true', 'save-plan': 'true', step: 'opentofu-init' }),
    });
    expect(planned.code, planned.stdout).toBe(0);
    expect(planned.outputs['plan-artifact']).toBe(PLAN_ARTIFACT);
    const artifact = gh.artifacts().find((a) => a.name === PLAN_ARTIFACT && a.runId === 501)!;
    const files = await gh.artifactFiles(artifact.id);
    expect(Object.keys(files)).toEqual(['no-apply-needed.txt']);
    expect(files['no-apply-needed.txt']!.toString()).toMatch(/^no apply needed: /);
    // A plan never writes resume state.
    expect(
      gh
        .artifacts()
        .filter((a) => a.runId === 501)
        .map((a) => a.name),
    ).toEqual([PLAN_ARTIFACT]);

    const deployed = await runAction('dist/deploy/index.js', {
      env: env(501),
      inputs: deployInputs({ step: 'opentofu-init' }),
    });
    expect(deployed.code, deployed.stdout).toBe(0);
    expect(deployed.stdout).toContain('the plan job recorded that no apply is needed');

    // The same record, but this deploy would plan and apply: refused, nothing applied.
    const refused = await runAction('dist/deploy/index.js', {
      env: env(501),
      inputs: deployInputs({ 'from-step': 'opentofu-plan' }),
    });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(
      /::error title=cluster-deploy%3A step opentofu-plan failed::.*the plan job recorded "no apply needed: .*require-saved-plan applies only a reviewed plan/,
    );
    expect(refused.stdout).not.toMatch(/✓ Apply OpenTofu infrastructure/);
  }, 300_000);

  it('a plan job that cannot upload its plan artifact fails', async () => {
    // A runtime token for a run the artifact service does not know: the upload is refused.
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const badToken = `${part({ alg: 'none', typ: 'JWT' })}.${part({ scp: 'Actions.GenericRead:x Actions.Results:run-999:job-999' })}.`;
    const planned = await runAction('dist/deploy/index.js', {
      env: { ...env(502), ACTIONS_RUNTIME_TOKEN: badToken },
      inputs: inputs({ 'dry-run': 'true', 'save-plan': 'true', step: 'opentofu-init' }),
    });
    expect(planned.code).toBe(1);
    expect(planned.stdout).toContain(`::error::could not upload the plan artifact "${PLAN_ARTIFACT}"`);
  }, 120_000);
});
