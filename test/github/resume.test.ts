import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { decryptWithPassphrase } from '../../src/core/lib/secret-box.js';
import { writeSeal } from '../../src/github/state/state-seal.js';
import { runAction, type ActionRun } from '../support/action-runner.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { uploadAsRun } from '../support/planted-artifacts.js';
import { artifactStateInputs, CONFIG_SECRET, freshRunner as newRunner, type Runner } from '../support/sandbox.js';

const REPO = 'acme/infra';
const TOKEN = 'ghs_write_token_canary_5521';
const PASSPHRASE = 'kubeconfig-passphrase-canary-8812';
const ARTIFACT = 'cluster-deploy-state-demo~sandbox';
const STATE_KEY = 'state-key-canary-4242-0123456789abcdefghij';

/**
 * Resume across runs and attempts through workflow artifacts, with the real @actions/artifact
 * client and Octokit against a local stand-in of GitHub's artifact and REST services.
 */
describe('the deploy action with resume state in workflow artifacts', () => {
  let gh: GitHubStandIn;
  const sandboxes: PreparedSandbox[] = [];
  const runs: ActionRun[] = [];

  beforeAll(async () => {
    gh = await startGitHubStandIn({
      tokens: { [TOKEN]: { actions: 'write', deployments: 'write' }, ghs_no_actions: { actions: 'none' } },
    });
  });
  afterAll(async () => {
    await Promise.all(sandboxes.map((s) => s.close()));
    await gh?.close();
  });

  /** A fresh runner: a new copy of the repository, nothing left from earlier runs. */
  async function freshRunner(): Promise<Runner> {
    const runner = await newRunner();
    sandboxes.push(runner.sandbox);
    return runner;
  }

  function actionEnv(runner: Runner, runId: number, runAttempt: number, extra: Record<string, string> = {}) {
    return {
      ...runner.toolEnv,
      ...gh.actionsEnv({ runId, runAttempt, repository: REPO, workspace: runner.workDir }),
      GITHUB_SHA: 'a'.repeat(40),
      ...extra,
    };
  }

  function deployInputs(runner: Runner, extra: Record<string, string> = {}) {
    return {
      ...artifactStateInputs(runner, { stateKey: STATE_KEY, passphrase: PASSPHRASE, token: TOKEN }),
      environment: 'sandbox',
      interval: '300ms',
      timeout: '60s', // a bounded wait: a readiness problem fails the test instead of hanging it
      ...extra,
    };
  }

  /** Main step then post step, as the runner runs them. */
  async function deployJob(env: Record<string, string>, inputs: Record<string, string>) {
    const main = await runAction('dist/deploy/index.js', { env, inputs });
    const post = await runAction('dist/deploy/index.js', { env, inputs, state: main.state });
    // State saves after every step, without the artifact client's progress lines between the groups.
    expect(main.stdout).not.toMatch(/^(Uploading artifact|Finished uploading artifact|Artifact name is valid)/m);
    runs.push(main, post);
    return { main, post };
  }

  async function savedArtifact(runId: number) {
    const artifact = gh
      .artifacts()
      .filter((a) => a.name === ARTIFACT && a.runId === runId)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    expect(artifact, `state artifact of run ${runId}`).toBeDefined();
    const files = await gh.artifactFiles(artifact!.id);
    return { files, state: JSON.parse(files['state.json']!.toString('utf8')) };
  }

  it('fails at apply and saves state; a re-run attempt resumes it; a new run skips the finished remote steps', async () => {
    // Run 101, attempt 1: the cloud rejects the apply.
    const runner1 = await freshRunner();
    const first = await deployJob(actionEnv(runner1, 101, 1, { TF_VAR_fail_apply: 'true' }), deployInputs(runner1));
    expect(first.main.code).toBe(1);
    expect(first.main.outputs.result).toBe('failure');
    expect(first.main.stdout).toContain('::error title=cluster-deploy%3A step opentofu-apply failed::');
    expect(first.main.summary).toContain('failed at `opentofu-apply`');
    expect(first.main.summary).toContain('simulated cloud error');
    expect(first.post.code).toBe(0);
    expect(first.post.stdout).toContain(`uploaded the final resume state and log as artifact "${ARTIFACT}"`);
    const afterFirst = await savedArtifact(101);
    expect(afterFirst.state.steps['opentofu-apply']).toMatchObject({
      status: 'failed',
      error: 'terraform apply exited with 1: local-exec provisioner error',
    });
    expect(afterFirst.state.run).toMatchObject({ id: 101, attempt: 1 });
    expect(Object.keys(afterFirst.files).sort()).toEqual([
      'deploy.log',
      'inventory.yaml.age',
      'state.json',
      'state.seal.json',
      'terraform.tfstate.age',
    ]);
    const tfstate = JSON.parse(
      await decryptWithPassphrase(
        afterFirst.files['terraform.tfstate.age']!.toString('utf8'),
        PASSPHRASE,
        'tofu state',
      ),
    );
    expect(tfstate.resources.map((r: { name: string }) => r.name)).toContain('network');

    // Run 101, attempt 2 ("Re-run failed jobs") on a fresh runner: resumes attempt 1; the API never gets ready.
    const runner2 = await freshRunner();
    runner2.sandbox.api.setReady(false);
    const second = await deployJob(actionEnv(runner2, 101, 2), deployInputs(runner2, { timeout: '1s' }));
    expect(second.main.stdout).toContain('Resuming demo/sandbox from run 101 attempt 1');
    expect(second.main.stdout).toContain('restored the tofu state saved with the resume state');
    expect(second.main.stdout).toContain('[10/13] → Apply OpenTofu infrastructure (opentofu-apply)...');
    expect(second.main.stdout).not.toContain('terraform_data.network: Creating'); // restored state: nothing is created twice
    expect(second.main.outputs.result).toBe('failure');
    expect(second.main.summary).toContain('failed at `wait-ready`');
    const afterSecond = await savedArtifact(101);
    expect(afterSecond.state.run).toMatchObject({ id: 101, attempt: 2 });
    expect(Object.keys(afterSecond.files)).toContain('kubeconfig.age');

    // Run 102 on a fresh runner, once the cluster has finished starting: resumes run 101 from the
    // repository's artifacts, including the kubeconfig (which points at the one cluster, runner 2's stand-in).
    runner2.sandbox.api.setReady(true);
    const runner3 = await freshRunner();
    const third = await deployJob(actionEnv(runner3, 102, 1), deployInputs(runner3));
    expect(third.main.code).toBe(0);
    expect(third.main.stdout).toContain('Resuming demo/sandbox from run 101 attempt 2');
    const status = Object.fromEntries(
      JSON.parse(third.main.outputs.steps!).map((s: { id: string; status: string }) => [s.id, s.status]),
    );
    expect(status).toMatchObject({
      'opentofu-init': 'success',
      'opentofu-apply': 'skipped',
      'kubespray-venv-create': 'success',
      'kubespray-ansible-playbook': 'skipped',
      'wait-ready': 'success',
    });
    expect(third.main.summary).toMatch(/\| `opentofu-apply` \| ⏭ already completed/);
    expect(third.main.summary).toContain('Resumed from run 101 attempt 2');
    const endpoint = third.main.outputs.endpoint!;
    expect(endpoint).toBe(runner2.sandbox.api.url);
    const kubeconfig = await decryptWithPassphrase(
      third.main.outputs['kubeconfig-encrypted']!,
      PASSPHRASE,
      'kubeconfig',
    );
    expect(kubeconfig).toBe(third.main.outputs.kubeconfig);

    // GitHub deployments: one per job, in_progress then the result, with the endpoint as URL.
    const statuses = gh.requests
      .filter((r) => r.method === 'POST' && /\/deployments\/\d+\/statuses$/.test(r.path))
      .map((r) => (r.body as { state: string }).state);
    expect(statuses).toEqual(['in_progress', 'failure', 'in_progress', 'failure', 'in_progress', 'success']);
    const last = gh.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/statuses')).at(-1)!.body as {
      environment_url?: string;
    };
    expect(last.environment_url).toBe(endpoint);
  }, 400_000);

  it('never leaks a secret into logs, summaries, outputs, recorded API requests or artifacts', async () => {
    const clientKeys = runs.flatMap((r) =>
      [...(r.outputs.kubeconfig ?? '').matchAll(/client-key-data: (\S+)/g)].map((m) => m[1]!),
    );
    expect(clientKeys.length).toBeGreaterThan(0);
    const canaries = [CONFIG_SECRET, PASSPHRASE, TOKEN, STATE_KEY, ...clientKeys];
    const withoutMaskCommands = (text: string) => text.replace(/^::add-mask::.*$/gm, '');
    for (const run of runs) {
      const { kubeconfig: _masked, ...otherOutputs } = run.outputs;
      const channels = [withoutMaskCommands(run.stdout), run.stderr, run.summary, JSON.stringify(otherOutputs)];
      for (const text of channels) for (const canary of canaries) expect(text).not.toContain(canary);
    }
    for (const request of gh.requests)
      for (const canary of canaries) expect(JSON.stringify(request.body ?? '')).not.toContain(canary);
    for (const artifact of gh.artifacts()) {
      const files = await gh.artifactFiles(artifact.id);
      for (const [name, content] of Object.entries(files)) {
        for (const canary of canaries)
          expect(content.toString('utf8'), `${artifact.name}/${name}`).not.toContain(canary);
      }
    }
  });

  it('names the missing permission when the token cannot read artifacts', async () => {
    const runner = await freshRunner();
    const { main } = await deployJob(
      actionEnv(runner, 103, 1),
      deployInputs(runner, { 'github-token': 'ghs_no_actions' }),
    );
    expect(main.code).toBe(1);
    expect(main.stdout).toMatch(
      /::error::the github-token cannot read workflow artifacts .*add "permissions: actions: read" to the job/,
    );
  });

  it('refuses a corrupt state artifact instead of half-using it', async () => {
    const runner = await freshRunner();
    const env = actionEnv(runner, 104, 1);
    const bogus = path.join(runner.workDir, 'bogus');
    await fs.mkdir(bogus);
    await fs.writeFile(
      path.join(bogus, 'state.json'),
      JSON.stringify({
        version: 1,
        cluster: 'demo/sandbox',
        run: { id: 104, attempt: 1 }, // saved by this run, as every state this action writes names its run
        steps: { 'opentofu-apply': { status: 'maybe' } },
      }),
    );
    // Sealed, as a trusted job with the key would: what is refused is its content, not where it came from.
    const files = [path.join(bogus, 'state.json')];
    files.push(await writeSeal(bogus, files, 'demo/sandbox', STATE_KEY));
    await uploadAsRun(env, ARTIFACT, files, bogus);
    const { main } = await deployJob(env, deployInputs(runner));
    expect(main.code).toBe(1);
    expect(main.stdout).toMatch(
      /::error::resume state workflow artifact "cluster-deploy-state-demo~sandbox" \(id \d+, run 104 on branch "main"\) is invalid:.*steps\.opentofu-apply\.status.*restart/s,
    );
  });

  it('on SIGINT during apply: tofu gets one SIGINT, the step is saved as interrupted, the post step uploads it', async () => {
    const runner = await freshRunner();
    const env = actionEnv(runner, 105, 1, { TF_VAR_apply_sleep_seconds: '60' });
    // quiet: false, so the job log shows tofu's progress (the interrupt is timed by it) and its answer to SIGINT.
    const inputs = deployInputs(runner, { restart: 'true', quiet: 'false' });
    let signalled = false;
    const main = await runAction('dist/deploy/index.js', {
      env,
      inputs,
      onOutput: (out, child) => {
        if (!signalled && /slow_operation.*(Provisioning with 'local-exec'|Still creating)/.test(out)) {
          signalled = true;
          child.kill('SIGINT');
        }
      },
    });
    expect(signalled).toBe(true);
    expect(main.stdout).toContain('received SIGINT: interrupting the running step');
    expect(main.stdout).toMatch(/Interrupt received|Stopping operation/);
    expect(main.outputs.result).toBe('interrupted');
    const post = await runAction('dist/deploy/index.js', { env, inputs, state: main.state });
    expect(post.code).toBe(0);
    const { state } = await savedArtifact(105);
    expect(state.steps['opentofu-apply']).toMatchObject({ status: 'failed', error: 'interrupted' });
    expect(
      await fs.access(path.join(runner.sandbox.clusterDir, '.terraform.tfstate.lock.info')).then(
        () => true,
        () => false,
      ),
    ).toBe(false);
  });
});
