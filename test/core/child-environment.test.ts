import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareSandbox, sandboxToolEnv, type PreparedSandbox } from '../../examples/sandbox/prepare.js';
import type { CommandSpec } from '../../src/core/lib/command.js';
import { runDeploy } from '../../src/core/engine/engine.js';
import type { Operation } from '../../src/core/lib/option-values.js';
import { DeployOutput } from '../../src/core/lib/output.js';
import { openPipeline } from '../../src/core/engine/pipeline.js';
import type { Step, StepId } from '../../src/core/steps/index.js';

/**
 * What each step's command receives, on the sandbox with the real tools (terraform, python, pip,
 * ansible-playbook, kubectl): every command of every step of a deploy, an upgrade, a check and a
 * destroy, recorded as the engine hands it to spawn. The runner's credentials and the passphrases
 * are canaries in our own environment: none may reach a step that does not use them.
 */
const PASSPHRASES = {
  kubeconfig: 'kubeconfig-passphrase-canary-5512',
  tofuState: 'tofu-state-passphrase-canary-5513',
  plan: 'plan-passphrase-canary-5514',
};
const GITHUB_TOKEN = 'ghs_githubTokenCanary5515';

/** The state backend's keys, as the examples set them on the action's step (docs/secrets.md): for tofu alone. */
const STATE_BACKEND_ENV: Record<string, string> = {
  AWS_ACCESS_KEY_ID: 'state-key-id-canary-5520',
  AWS_SECRET_ACCESS_KEY: 'state-secret-canary-5521',
  TF_HTTP_PASSWORD: 'http-backend-canary-5522',
  PG_CONN_STR: 'postgres://deploy:pg-canary-5523@db.example/state',
  PGPASSWORD: 'pg-canary-5524',
};

/** As the runner sets them for an action, plus a passphrase a workflow put in the job's `env:` under its own name. */
const RUNNER_ENV: Record<string, string> = {
  GITHUB_TOKEN,
  'INPUT_GITHUB-TOKEN': GITHUB_TOKEN,
  'INPUT_KUBECONFIG-PASSPHRASE': PASSPHRASES.kubeconfig,
  'INPUT_TOFU-STATE-PASSPHRASE': PASSPHRASES.tofuState,
  'INPUT_PLAN-PASSPHRASE': PASSPHRASES.plan,
  'INPUT_OPENSTACK-APPLICATION-CREDENTIAL-SECRET': 'input-secret-canary-5516',
  ACTIONS_RUNTIME_TOKEN: 'runtime-token-canary-5517',
  ACTIONS_RESULTS_URL: 'https://results.canary.example/',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-token-canary-5518',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc.canary.example/token',
  GITHUB_ENV: '/canary/set_env',
  GITHUB_OUTPUT: '/canary/set_output',
  STATE_main: 'state-canary-5519',
  DEPLOY_PASSPHRASE: PASSPHRASES.kubeconfig,
  ...STATE_BACKEND_ENV,
  // Not secret: these pass.
  GITHUB_REPOSITORY: 'acme/clusters',
  RUNNER_TEMP: '/tmp',
};
const CANARY_VALUES = [
  GITHUB_TOKEN,
  ...Object.values(PASSPHRASES),
  'input-secret-canary-5516',
  'runtime-token-canary-5517',
  'results.canary.example',
  'oidc-token-canary-5518',
  'oidc.canary.example',
  '/canary/',
  'state-canary-5519',
  ...Object.values(STATE_BACKEND_ENV),
];

/** Which step's command may use which of the canaries: none does today. */
const USES: Partial<Record<StepId, readonly string[]>> = {};

interface Recorded {
  step: StepId;
  program: string;
  env: Readonly<Record<string, string>>;
}

/** The step, with every command it runs recorded. */
function recording(step: Step, into: Recorded[]): Step {
  const wrapped = Object.create(step) as Step;
  Object.defineProperty(wrapped, 'run', {
    value: (context: Parameters<Step['run']>[0]) =>
      step.run({
        ...context,
        exec: (spec: CommandSpec, options) => {
          // terraform where tofu is not installed: the same commands.
          const program = path.basename(spec.argv[0]!).replace(/^terraform$/, 'tofu');
          into.push({ step: step.id, program, env: spec.env });
          return context.exec(spec, options);
        },
      }),
  });
  return wrapped;
}

describe('the environment of each step’s command', () => {
  let workDir: string;
  let sandbox: PreparedSandbox;
  let env: Record<string, string>;
  const recorded: Recorded[] = [];

  async function run(operation: Operation, extra: { kubernetesVersion?: string } = {}) {
    const pipeline = await openPipeline(
      {
        configPath: sandbox.configPath,
        stateDir: path.join(workDir, 'state'),
        skipAuthCheck: true,
        env,
        operation,
        waitReady: { intervalMs: 300, timeoutMs: 20_000 },
        ...extra,
      },
      { secrets: [...Object.values(PASSPHRASES), GITHUB_TOKEN] },
    );
    const output = new DeployOutput(pipeline.redactor, () => {});
    const result = await runDeploy({
      ...pipeline,
      steps: pipeline.steps.map((step) => recording(step, recorded)),
      output,
      filter: {},
      signal: new AbortController().signal,
    });
    await output.close();
    expect(result.error).toBeUndefined();
  }

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'child-env-'));
    sandbox = await prepareSandbox({ workDir });
    env = { ...(await sandboxToolEnv(workDir)), ...RUNNER_ENV };
    await run('deploy');
    await run('upgrade', { kubernetesVersion: '1.34.2' });
    await run('check');
    await run('destroy');
  }, 600_000);
  afterAll(async () => sandbox?.close());

  it('no canary reaches a command of a step that does not use it, under any name', () => {
    expect(recorded.length).toBeGreaterThan(10);
    const leaks = recorded.flatMap(({ step, program, env }) =>
      Object.entries(env)
        .filter(([, value]) => CANARY_VALUES.some((canary) => value.includes(canary)))
        .filter(([name]) => !USES[step]?.includes(name) && !(program === 'tofu' && name in STATE_BACKEND_ENV))
        .map(([name]) => `${step} (${program}): ${name}`),
    );
    expect(leaks).toEqual([]);
  });

  it('lists the variables each step’s commands receive: the safe inherited ones, the resolved credentials, and what the step adds', () => {
    const inherited = ['GITHUB_REPOSITORY', 'HOME', 'LANG', 'PATH', 'RUNNER_TEMP'];
    // What only tofu reads: its own settings and the state backend's keys (never pip, git, Ansible or kubectl).
    const tofuOnly = ['TF_CLI_CONFIG_FILE', 'TF_IN_AUTOMATION', ...Object.keys(STATE_BACKEND_ENV)];
    const credentials = Object.keys(recorded.find((r) => r.step === 'opentofu-init')!.env).filter((name) =>
      name.startsWith('OS_'),
    );
    expect(credentials).toEqual(expect.arrayContaining(['OS_AUTH_URL', 'OS_APPLICATION_CREDENTIAL_SECRET']));
    const shared = [...inherited].sort();
    // The cloud credentials only where they are used: tofu (the provider) and Kubespray's playbooks (its cloud
    // controller roles); the kubeconfig for tofu and kubectl; neither for python, pip (it runs what it installs) or git.
    const cloud = [...credentials, 'KUBECONFIG', ...tofuOnly];
    const kube = ['KUBECONFIG'];
    const venv = ['VIRTUAL_ENV'];
    // ANSIBLE_NOCOLOR: the tests' console is no terminal.
    const playbook = [...credentials, 'ANSIBLE_HOST_KEY_CHECKING', 'ANSIBLE_NOCOLOR', 'VIRTUAL_ENV'];
    // The reachability check before a playbook: Ansible's ping, plain and with a short SSH retry.
    // One SSH attempt with a short timeout, whatever ansible.cfg says (ANSIBLE_SSH_ARGS, ANSIBLE_TIMEOUT).
    const ping = [
      'ANSIBLE_FORCE_COLOR',
      'ANSIBLE_HOST_KEY_CHECKING',
      'ANSIBLE_NOCOLOR',
      'ANSIBLE_SSH_ARGS',
      'ANSIBLE_SSH_RETRIES',
      'ANSIBLE_TIMEOUT',
      'VIRTUAL_ENV',
    ];
    // The etcd snapshot's own playbook: the SSH settings of a playbook, no cloud credential.
    const snapshot = playbook.filter((name) => !name.startsWith('OS_'));
    // git never prompts (no askpass, no terminal) and speaks C.
    const git = ['GIT_ASKPASS', 'GIT_SSH_COMMAND', 'GIT_TERMINAL_PROMPT', 'LC_ALL', 'SSH_ASKPASS'];
    /** Every command of the four operations, and what it gets besides the shared variables. */
    const adds: Record<string, string[]> = {
      'opentofu-init (tofu)': cloud,
      'opentofu-plan (tofu)': cloud,
      'kubespray-fetch (git)': git,
      'kubespray-venv-create (python3)': [],
      'kubespray-venv-create (pip)': [],
      'kubespray-venv-create (python)': [],
      'kubespray-pip-install (pip)': venv,
      'opentofu-apply (tofu)': cloud,
      'kubespray-ansible-playbook (ansible)': ping,
      'kubespray-ansible-playbook (ansible-playbook)': playbook,
      'wait-ready (kubectl)': kube,
      'kubernetes-version-check (kubectl)': kube,
      'kubespray-facts (ansible)': ping,
      'kubespray-facts (ansible-playbook)': playbook,
      'etcd-snapshot (ansible-playbook)': snapshot,
      'kubespray-upgrade-control-plane (kubectl)': kube,
      'kubespray-upgrade-control-plane (ansible)': ping,
      'kubespray-upgrade-control-plane (ansible-playbook)': playbook,
      'kubespray-upgrade-workers (kubectl)': kube,
      'kubespray-upgrade-workers (ansible)': ping,
      'kubespray-upgrade-workers (ansible-playbook)': playbook,
      'opentofu-drift (tofu)': cloud,
      'cluster-health (kubectl)': kube,
      'kubernetes-cloud-cleanup (kubectl)': kube,
      'opentofu-destroy (tofu)': cloud,
    };
    const actual: Record<string, string[]> = {};
    // The venv's interpreter is the newest python3.X in Kubespray's range: its minor depends on the machine.
    for (const { step, program, env } of recorded)
      actual[`${step} (${program.replace(/^python3\.\d+$/, 'python3')})`] = Object.keys(env).sort();
    const expected = Object.fromEntries(
      Object.entries(adds).map(([where, extra]) => [where, [...new Set([...shared, ...extra])].sort()]),
    );
    expect(actual).toEqual(expected);
  });
});
