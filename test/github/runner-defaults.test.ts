import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { inputVariable, ROOT, runAction, runnerInputs, type ActionRun } from '../support/action-runner.js';
import { SANDBOX_CATALOG } from '../../examples/sandbox/capi/cloud.js';
import { startOpenStackApiStandIn, type OpenStackApiStandIn } from '../../examples/sandbox/openstack-api.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { git as gitIn } from '../support/git.js';
import { freshRunner, type Runner } from '../support/sandbox.js';

const REPO = 'acme/infra';
const TOKEN = 'ghs_runner_defaults_token_2291';
const PASSPHRASE = 'runner-defaults-passphrase-canary-8813';
const STATE_KEY = 'runner-defaults-state-key-canary-0123456789abcdef';

/**
 * Every action and every operation of the root action with only what a user writes, everything else as the runner
 * fills it in: each input of action.yml that has a `default:` (test/support/action-runner.ts, after actions/runner
 * ActionRunner.cs). A new input whose default breaks an operation fails here. What a user of the sandbox writes:
 * the config, the kubeconfig passphrase, the key that seals the resume state and, as the sandbox's OpenTofu code keeps a local state, tofu-state: artifact
 * (otherwise the apply is refused: the runner discards its disk); the credentials come from the sandbox's OS_* variables.
 */
describe('the actions as the runner runs them: only the inputs a user writes, the rest from action.yml defaults', () => {
  let gh: GitHubStandIn;
  let openstack: OpenStackApiStandIn;
  let runner: Runner;
  let runId = 500;
  const runs: ActionRun[] = [];

  beforeAll(async () => {
    gh = await startGitHubStandIn({
      tokens: { [TOKEN]: { actions: 'write', deployments: 'write', pullRequests: 'write', issues: 'write' } },
    });
    // The live Keystone check runs too (skip-auth-check defaults to false), against the demo's OpenStack stand-in.
    openstack = await startOpenStackApiStandIn({
      applicationCredential: {
        id: 'sandbox-app-cred',
        secret: SANDBOX_CATALOG.applicationCredentials['sandbox-app-cred']!,
      },
    });
    runner = await newRunner('runner-defaults-');
  });
  afterAll(async () => {
    await Promise.all(sandboxes.map((s) => s.close()));
    await openstack?.close();
    await gh?.close();
  });

  const sandboxes: Runner['sandbox'][] = [];
  async function newRunner(prefix: string): Promise<Runner> {
    const fresh = await freshRunner(prefix);
    sandboxes.push(fresh.sandbox);
    const text = await fs.readFile(fresh.sandbox.configPath, 'utf8');
    await fs.writeFile(fresh.sandbox.configPath, text.replace(/^(\s+auth_url: ).*$/m, `$1${openstack.authUrl}`));
    return fresh;
  }

  const env = (extra: Record<string, string> = {}) => ({
    ...runner.toolEnv,
    ...gh.actionsEnv({ runId: ++runId, repository: REPO, workspace: runner.workDir }),
    GITHUB_SHA: 'c'.repeat(40),
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    ...extra,
  });
  const written = (extra: Record<string, string> = {}) => ({
    config: runner.sandbox.configPath,
    'kubeconfig-passphrase': PASSPHRASE,
    'state-key': STATE_KEY,
    'tofu-state': 'artifact',
    ...extra,
  });

  /** A job's step: the main step, then the post step when the action has one, as the runner does. */
  async function step(bundle: string, inputs: Record<string, string>, extraEnv: Record<string, string> = {}) {
    const jobEnv = env(extraEnv);
    const main = await runAction(bundle, { env: jobEnv, inputs, githubToken: TOKEN });
    runs.push(main);
    if (bundle === 'dist/deploy/index.js') {
      const post = await runAction(bundle, { env: jobEnv, inputs, githubToken: TOKEN, state: main.state });
      runs.push(post);
      expect(post.code, post.stdout).toBe(0);
    }
    return main;
  }

  const errors = (run: ActionRun) => run.stdout.split('\n').filter((line) => line.startsWith('::error'));

  it('the stand-in passes what the runner passes: every default, evaluated, under INPUT_<NAME>', async () => {
    const inputs = await runnerInputs('dist/deploy/index.js', { config: 'x.yaml' }, {}, [], TOKEN);
    const action = YAML.parse(await fs.readFile(path.join(ROOT, 'action.yml'), 'utf8')) as {
      inputs: Record<string, { default?: string }>;
    };
    const defaulted = Object.entries(action.inputs).filter(([, spec]) => spec.default !== undefined);
    expect(defaulted.length).toBeGreaterThan(10);
    for (const [name] of defaulted) expect(inputs, name).toHaveProperty(name);
    expect(inputs['github-token']).toBe(TOKEN); // ${{ github.token }}, evaluated
    expect(inputs).toMatchObject({ operation: 'deploy', 'state-store': 'artifact', quiet: 'true', 'dry-run': 'false' });
    expect(inputVariable('kubeconfig-passphrase')).toBe('INPUT_KUBECONFIG-PASSPHRASE');
    expect(inputVariable('a b')).toBe('INPUT_A_B');
    // Each per-step action's own defaults, not the root's.
    expect(await runnerInputs('dist/plan-comment/index.js', {}, {}, [], TOKEN)).toEqual({
      mode: 'post',
      'github-token': TOKEN,
    });
    expect(inputs.timeout).toBeUndefined(); // no default: the action applies 30m itself
    // The job's token reaches an action through that input alone: the runner exports no GITHUB_TOKEN
    // (actions/runner src/Runner.Worker/GitHubContext.cs: `token` is not on its allowlist).
    expect(gh.actionsEnv({ runId: 1, repository: REPO, workspace: runner.workDir })).not.toHaveProperty('GITHUB_TOKEN');
  });

  it.each<[string, Record<string, string>, string]>([
    ['deploy, dry-run: true', { 'dry-run': 'true' }, 'planned'],
    ['deploy', {}, 'success'],
    ['check', { operation: 'check' }, 'success'],
    ['upgrade (to the config’s version)', { operation: 'upgrade' }, 'success'],
    ['destroy, dry-run: true', { operation: 'destroy', 'dry-run': 'true' }, 'planned'],
    ['destroy', { operation: 'destroy', 'confirm-destroy': 'sandbox' }, 'success'],
  ])(
    'root action, operation %s: runs whole with the runner’s defaults',
    async (_name, extra, result) => {
      const run = await step('dist/deploy/index.js', written(extra));
      expect(errors(run), run.stdout).toEqual([]);
      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs.result).toBe(result);
      if (extra.operation === 'upgrade') {
        // The etcd snapshot taken before it travels with the sealed state: the runner's disk goes with the job.
        const newest = gh
          .artifacts()
          .filter((a) => a.name.startsWith('cluster-deploy-state-'))
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
          .at(-1)!;
        const files = await gh.artifactFiles(newest.id);
        expect(Object.keys(files), run.outputs.steps).toContain('etcd-snapshot.db.age');
        expect(files['etcd-snapshot.db.age']!.toString('utf8')).toMatch(/^-----BEGIN AGE ENCRYPTED FILE-----/);
      }
      if (extra.operation === 'destroy' && !extra['dry-run']) {
        expect(run.summary).toMatch(/Destroyed `demo\/sandbox`/);
        expect(run.outputs.kubeconfig).toBeUndefined();
      }
    },
    300_000,
  );

  it('per-step actions, in a job’s order on a fresh runner, each runs its steps with the runner’s defaults', async () => {
    runner = await newRunner('runner-defaults-steps-');
    // One job: its steps share RUNNER_TEMP, where the kubeconfig and the resume state live between them.
    const job = { RUNNER_TEMP: path.join(runner.workDir, 'job-temp') };
    await fs.mkdir(job.RUNNER_TEMP);
    const reached: Record<string, string> = {};
    for (const action of ['preflight', 'tofu', 'kubespray', 'normalize-kubeconfig', 'wait-ready']) {
      // What a user writes for this action: those of the sandbox's inputs it declares.
      const declared = YAML.parse(await fs.readFile(path.join(ROOT, 'actions', action, 'action.yml'), 'utf8')).inputs;
      const inputs = Object.fromEntries(
        Object.entries(written({ 'tofu-state-passphrase': PASSPHRASE })).filter(([name]) => name in declared),
      );
      if (inputs['kubeconfig-passphrase']) delete inputs['tofu-state-passphrase']; // it defaults to kubeconfig-passphrase
      const run = await step(`dist/${action}/index.js`, inputs, job);
      expect(errors(run), `${action}: ${run.stdout}`).toEqual([]);
      expect(run.code, `${action}: ${run.stdout}`).toBe(0);
      const steps = JSON.parse(run.outputs.steps ?? '[]') as { id: string; status: string }[];
      reached[action] = steps.map((s) => `${s.id}: ${s.status}`).join(', ');
    }
    // A fresh runner and a new cluster: every step of every action does its work (none is skipped).
    expect(reached).toEqual({
      preflight: 'openstack-preflight: success',
      tofu: 'opentofu-init: success, opentofu-plan: success, openstack-capacity: success, opentofu-apply: success',
      kubespray:
        'kubespray-fetch: success, kubespray-venv-create: success, kubespray-pip-install: success, kubespray-ansible-playbook: success',
      'normalize-kubeconfig': 'openstack-normalize-kubeconfig: success',
      'wait-ready': 'wait-ready: success',
    });
    // The downstream job opens the kubeconfig the normalize step encrypted.
    const normalized = runs.at(-2)!;
    const opened = await step('dist/kubeconfig/index.js', {
      'kubeconfig-encrypted': normalized.outputs['kubeconfig-encrypted']!,
      passphrase: PASSPHRASE,
    });
    expect(opened.code, opened.stdout).toBe(0);
    expect(opened.outputs.path).toBeTruthy();
  }, 600_000);

  it('targets, with only its defaults (configs clusters/*.yaml), selects the repository’s clusters on a dispatch', async () => {
    const repo = path.join(runner.workDir, 'fleet-repo');
    await fs.mkdir(path.join(repo, 'clusters'), { recursive: true });
    await fs.copyFile(runner.sandbox.configPath, path.join(repo, 'clusters', 'sandbox.yaml'));
    const git = (...args: string[]) => gitIn(repo, ...args);
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-qm', 'fleet');
    const run = await step('dist/targets/index.js', {}, { GITHUB_WORKSPACE: repo });
    expect(errors(run), run.stdout).toEqual([]);
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.count).toBe('1');
  });

  it('plan-comment, with only its defaults (mode post), posts nothing for a plan run that left no plan', async () => {
    const event = path.join(runner.workDir, 'workflow-run.json');
    await fs.writeFile(
      event,
      JSON.stringify({
        action: 'completed',
        workflow_run: { id: 77, head_sha: 'b'.repeat(40), event: 'pull_request' },
      }),
    );
    const run = await step(
      'dist/plan-comment/index.js',
      {},
      { GITHUB_EVENT_NAME: 'workflow_run', GITHUB_EVENT_PATH: event },
    );
    expect(errors(run), run.stdout).toEqual([]);
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs['comment-urls']).toBe('[]');
    expect(gh.requests.filter((r) => r.method === 'POST' && /\/comments$/.test(r.path))).toEqual([]);
  });

  it('no run printed a secret a user wrote', () => {
    expect(runs.length).toBeGreaterThan(10);
    for (const run of runs)
      for (const secret of [PASSPHRASE, STATE_KEY, TOKEN]) {
        const text = [
          run.stdout.replaceAll(`::add-mask::${secret}`, ''),
          run.stderr,
          run.summary,
          JSON.stringify(run.outputs),
        ];
        expect(text.join('\n')).not.toContain(secret);
      }
  });
});
