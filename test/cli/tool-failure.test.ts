import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareSandbox, sandboxToolEnv, type PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { runCli, type CliResult } from '../support/cli.js';
import { startCapiRun, type CapiRun } from '../support/capi-sandbox.js';
import { NODE } from '../../examples/sandbox/capi/controllers.js';
import { KIND_NODE_IMAGE } from '../../src/core/model/capi-versions.js';

/**
 * Every command that runs a tool, with each tool it runs failing for real: the failure is the tool's, reported in one
 * `error:` line that names the step and the tool with its reason, the tool's last lines above it, the resume advice where
 * a re-run helps; never an internal error with a stack. How each tool is made to fail:
 * - tofu init: a state backend that refuses connections (an http backend on 127.0.0.1:1; no backend credentials, an
 *   unreachable backend and no provider registry all end the same way: init exits 1 with an `Error:` diagnostic);
 * - tofu plan: an input variable of the wrong type (TF_VAR_control_plane_count=many), which init does not read;
 * - tofu apply: the sandbox module's provisioner that fails as a cloud error would (TF_VAR_fail_apply);
 * - python -m venv: a venv path under a regular file;
 * - pip: an offline wheel mirror (the sandbox's requirements.txt: --no-index --find-links ./wheels) without the wheel;
 * - git: a Kubespray source whose host refuses connections, with no vendored tree in the cluster dir;
 * - ansible-playbook: inventory variables that put Kubespray's etcd_cert_dir where nothing can be made (cluster.yml), and
 *   the Kubespray stand-in's upgrade-cluster.yml failing on a host (.sandbox-fail-upgrade);
 * - kubectl: a kubeconfig whose API server port is closed;
 * - clusterctl init: an existing management cluster whose one node is tainted NoSchedule, so cert-manager, which init
 *   installs first, never becomes available (real clusterctl waits 10 minutes, then cobra prints
 *   `Error: context deadline exceeded`: CAPI v1.12 `cmd/clusterctl/client/cluster/cert_manager.go` waitForAPIReady);
 *   a closed port cannot reach clusterctl, as kubectl reads the management cluster before it;
 * - clusterctl move: the pivot's moves stopping half-way (the sandbox's armed fault: a connection to the target reset);
 * - kind create cluster: a node image the registry does not hold (`docker pull` fails: kind prints `ERROR: failed to
 *   create cluster: failed to pull image …` and the pull's `Command Output`);
 * - a tool that is not there (--tofu, --python naming no file): refused by preflight, naming the flag.
 * Each group shares one sandbox: the rows before a deploy, then one deploy for the rows that need a cluster.
 * status, logs, list, normalize-kubeconfig and plan without --tofu-plan run no tool (src/cli/inspect.ts reads files).
 */

/** A refusing address: nothing listens on port 1 of loopback. */
const CLOSED = '127.0.0.1:1';

const KUBECONFIG_CLOSED = `apiVersion: v1
kind: Config
clusters:
- cluster: {server: "https://${CLOSED}", insecure-skip-tls-verify: true}
  name: closed
contexts:
- context: {cluster: closed, user: closed}
  name: closed
current-context: closed
users:
- name: closed
  user: {token: closed-port-token}
`;

interface Row {
  /** The command line, before --config/--state-dir. */
  args: string[];
  /** What the `error:` line says: the step (when a step failed), the tool and its reason. */
  error: RegExp;
  /** The resume advice expected on the console, if a re-run helps. */
  resume?: RegExp;
  /** The tool's own last lines, shown where the console kept its output off (plan --tofu-plan, --quiet). */
  tail?: RegExp;
  env?: Record<string, string>;
  /** Its own state dir: a failure that leaves resume state must not steer the rows after it. */
  ownState?: boolean;
  setup?: () => Promise<void>;
  cleanup?: () => Promise<void>;
}

/** The invariants of every row: exit 1, no stack, one `error:` line; with --json a JSON document carrying the error. */
function expectToolFailure(result: CliResult, row: Row): void {
  const all = `${result.stdout}\n${result.stderr}`;
  expect(result.code, all).toBe(1);
  expect(all).not.toMatch(/^\s+at /m);
  expect(all).not.toContain('internal error');
  expect(all).not.toContain('CommandFailedError');
  const errors = result.stderr.split('\n').filter((line) => line.startsWith('error:'));
  expect(errors, all).toHaveLength(1);
  expect(errors[0], all).toMatch(row.error);
  if (row.resume) expect(all).toMatch(row.resume);
  if (row.tail) expect(all).toMatch(row.tail);
  if (row.args.includes('--json')) {
    const document = JSON.parse(result.stdout) as { error?: string };
    expect(`error: ${document.error}`).toBe(errors[0]);
  }
}

const TOFU = '(?:tofu|terraform)';
/** The tool's own last lines, indented under the note, ending with its diagnostic. */
const INIT_TAIL =
  /^Last lines of the failed command \(all of it in the log\):\n(?: {2}.*\n)*? {2}Error: Error refreshing state: .*connection refused$/m;
const PLAN_TAIL =
  /^Last lines of the failed command \(all of it in the log\):\n(?: {2}.*\n)*? {2}(?:│ )?Error: Invalid value for input variable$/m;
const resumeAt = (operation: string, step: string) =>
  new RegExp(`Resume: run the same ${operation} again \\(state is saved\\), or start here with --from-step ${step}`);

describe('every command, when a tool under it fails', () => {
  let sandbox: PreparedSandbox;
  let env: Record<string, string>;
  let workDir: string;
  /** A copy of the cluster dir whose state backend refuses connections. */
  let refusing: string;
  /** A copy without the vendored Kubespray, and a config that fetches it from a host that refuses. */
  let unvendored: string;
  let gitConfig: string;
  let rowCount = 0;
  const stateDir = () => path.join(workDir, 'state');
  /** Inventory variables a user added: Kubespray's etcd certificate directory where nothing can be made. */
  const groupVars = () => path.join(sandbox.clusterDir, 'inventory', 'group_vars', 'k8s_cluster', 'etcd.yml');

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'tool-failure-'));
    sandbox = await prepareSandbox({ workDir });
    env = await sandboxToolEnv(workDir);
    refusing = path.join(workDir, 'refusing');
    await fs.cp(sandbox.clusterDir, refusing, { recursive: true });
    await fs.writeFile(
      path.join(refusing, 'backend.tf'),
      `terraform {\n  backend "http" {\n    address = "http://${CLOSED}/state"\n    retry_max = 0\n  }\n}\n`,
    );
    unvendored = path.join(workDir, 'unvendored');
    await fs.cp(sandbox.clusterDir, unvendored, {
      recursive: true,
      filter: (src) => path.basename(src) !== 'kubespray',
    });
    gitConfig = path.join(workDir, 'git-source.yaml');
    await fs.writeFile(
      gitConfig,
      (await fs.readFile(sandbox.configPath, 'utf8')).replace(
        /^( {4}version: 2\.31\.0)$/m,
        `$1\n    source: http://${CLOSED}/kubespray.git`,
      ),
    );
    await fs.writeFile(path.join(workDir, 'closed.kubeconfig'), KUBECONFIG_CLOSED, { mode: 0o600 });
    await fs.writeFile(path.join(workDir, 'a-file'), 'not a directory\n');
  }, 120_000);
  afterAll(async () => {
    await sandbox?.close();
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  async function runRow(row: Row): Promise<CliResult> {
    const state = row.ownState ? path.join(workDir, `state-${++rowCount}`) : stateDir();
    const args = row.args.map((arg) =>
      arg.replace('@refusing', refusing).replace('@unvendored', unvendored).replace('@work', workDir),
    );
    const config = args.includes('--config') ? [] : ['--config', sandbox.configPath];
    await row.setup?.();
    try {
      // etcd-restore makes no OpenStack call: it takes no --skip-auth-check.
      const auth = args[0] === 'etcd-restore' ? [] : ['--skip-auth-check'];
      return await runCli([...args, ...config, '--state-dir', state, ...auth], { ...env, ...row.env });
    } finally {
      await row.cleanup?.();
    }
  }

  const initRefused = (step?: string) =>
    new RegExp(
      `${step ? `step "${step}" failed: ` : ''}${TOFU} init exited with 1: Error refreshing state: .*connection refused`,
    );
  const badVariable = (step?: string) =>
    new RegExp(`${step ? `step "${step}" failed: ` : ''}${TOFU} plan exited with 1: Invalid value for input variable`);

  // Before anything is deployed: each row fails before anything lasting is made.
  const fresh: [string, Row][] = [
    // tofu init
    [
      'plan --tofu-plan × tofu init',
      { args: ['plan', '--tofu-plan', '--cluster-dir', '@refusing'], error: initRefused(), tail: INIT_TAIL },
    ],
    [
      'plan --tofu-plan --json × tofu init',
      { args: ['plan', '--tofu-plan', '--json', '--cluster-dir', '@refusing'], error: initRefused() },
    ],
    [
      'plan --operation destroy --tofu-plan × tofu init',
      {
        args: ['plan', '--operation', 'destroy', '--tofu-plan', '--cluster-dir', '@refusing'],
        error: initRefused(),
        tail: INIT_TAIL,
      },
    ],
    [
      'deploy × tofu init',
      {
        args: ['deploy', '--cluster-dir', '@refusing'],
        error: initRefused('opentofu-init'),
        resume: resumeAt('deploy', 'opentofu-init'),
        ownState: true,
      },
    ],
    [
      'deploy --quiet × tofu init',
      {
        args: ['deploy', '--quiet', '--cluster-dir', '@refusing'],
        error: initRefused('opentofu-init'),
        resume: resumeAt('deploy', 'opentofu-init'),
        tail: INIT_TAIL,
        ownState: true,
      },
    ],
    [
      'deploy --json × tofu init',
      {
        args: ['deploy', '--json', '--cluster-dir', '@refusing'],
        error: initRefused('opentofu-init'),
        resume: resumeAt('deploy', 'opentofu-init'),
        ownState: true,
      },
    ],
    [
      'check × tofu init',
      {
        args: ['check', '--cluster-dir', '@refusing'],
        error: initRefused('opentofu-init'),
        resume: /Run the check again once this is fixed/,
      },
    ],
    [
      'replace-nodes × tofu init',
      {
        args: ['replace-nodes', '--cluster-dir', '@refusing'],
        error: initRefused('opentofu-init'),
        resume: resumeAt('replace-nodes', 'opentofu-init'),
        ownState: true,
      },
    ],
    // a tool that is not there
    [
      'plan --tofu-plan × no tofu',
      {
        args: ['plan', '--tofu-plan', '--tofu', '@work/no-such-tofu'],
        error: /^error: the OpenTofu binary ".*no-such-tofu" \(--tofu, .*\) is not an executable file$/,
      },
    ],
    [
      'deploy × no tofu',
      {
        args: ['deploy', '--tofu', '@work/no-such-tofu'],
        error:
          /step "openstack-preflight" failed: the OpenTofu binary ".*no-such-tofu" \(--tofu, .*\) is not an executable file$/,
        resume: /Resume: once the error is fixed, run the same deploy again: it resumes at openstack-preflight/,
        ownState: true,
      },
    ],
    [
      'deploy × no python',
      {
        args: ['deploy', '--python', '@work/no-such-python'],
        error:
          /step "openstack-preflight" failed: --python \(input python\): .*no-such-python not found; it is needed to create the Kubespray venv/,
        resume: /Resume: once the error is fixed, run the same deploy again: it resumes at openstack-preflight/,
        ownState: true,
      },
    ],
    // tofu plan
    [
      'plan --tofu-plan × tofu plan',
      {
        args: ['plan', '--tofu-plan'],
        env: { TF_VAR_control_plane_count: 'many' },
        error: badVariable(),
        tail: PLAN_TAIL,
      },
    ],
    [
      'plan --tofu-plan --json × tofu plan',
      { args: ['plan', '--tofu-plan', '--json'], env: { TF_VAR_control_plane_count: 'many' }, error: badVariable() },
    ],
    [
      'deploy × tofu plan',
      {
        args: ['deploy'],
        env: { TF_VAR_control_plane_count: 'many' },
        error: badVariable('opentofu-plan'),
        resume: resumeAt('deploy', 'opentofu-plan'),
        ownState: true,
      },
    ],
    // git (the Kubespray fetch)
    [
      'deploy × git',
      {
        args: ['deploy', '--config', '@work/git-source.yaml', '--cluster-dir', '@unvendored'],
        error:
          /step "kubespray-fetch" failed: cannot reach the Kubespray source .*\(fatal: unable to access .*127\.0\.0\.1.*Couldn't connect to server\)/,
        resume: /Resume: once the error is fixed, run the same deploy again: it resumes at kubespray-fetch/,
        ownState: true,
      },
    ],
    // python -m venv
    [
      'deploy × python venv',
      {
        args: ['deploy', '--venv', '@work/a-file/venv'],
        error: /step "kubespray-venv-create" failed: python3[.\d]* -m venv exited with 1: .*Not a directory/,
        tail: /Error: \[Errno 20\] Not a directory/,
        resume: resumeAt('deploy', 'kubespray-venv-create'),
        ownState: true,
      },
    ],
    // pip
    [
      'deploy × pip',
      {
        args: ['deploy'],
        error: /step "kubespray-pip-install" failed: pip install exited with 1: .*ansible-shim/,
        resume: resumeAt('deploy', 'kubespray-pip-install'),
        ownState: true,
        setup: async () => {
          const wheels = path.join(sandbox.clusterDir, 'kubespray', 'wheels');
          await fs.rename(wheels, `${wheels}.away`);
          await fs.mkdir(wheels);
        },
        cleanup: async () => {
          const wheels = path.join(sandbox.clusterDir, 'kubespray', 'wheels');
          await fs.rm(wheels, { recursive: true });
          await fs.rename(`${wheels}.away`, wheels);
        },
      },
    ],
    // tofu apply
    [
      'deploy × tofu apply',
      {
        args: ['deploy'],
        env: { TF_VAR_fail_apply: 'true' },
        error: new RegExp(`step "opentofu-apply" failed: ${TOFU} apply exited with 1: local-exec provisioner error`),
        resume: resumeAt('deploy', 'opentofu-apply'),
        ownState: true,
      },
    ],
  ];

  it.each(fresh)('%s', async (_name, row) => expectToolFailure(await runRow(row), row), 120_000);

  it('wait-ready × kubectl', async () => {
    const result = await runCli(
      ['wait-ready', '--kubeconfig', path.join(workDir, 'closed.kubeconfig'), '--timeout', '1s', '--interval', '0.5s'],
      env,
    );
    const all = `${result.stdout}\n${result.stderr}`;
    expect(result.code, all).toBe(1);
    expect(all).not.toMatch(/^\s+at /m);
    expect(all).not.toContain('internal error');
    expect(result.stderr.split('\n').filter((line) => line.startsWith('error:'))).toEqual([
      expect.stringMatching(
        /^error: timeout waiting for the Kubernetes API at https:\/\/127\.0\.0\.1:1 to be ready after 1\.0s; last error: The connection to the server 127\.0\.0\.1:1 was refused/,
      ),
    ]);
  });

  describe('on the deployed cluster', () => {
    beforeAll(async () => {
      // Three etcd members, so a restore can name a broken one that is not the first (Kubespray recovers from etcd[0]).
      env.TF_VAR_control_plane_count = '3';
      const deployed = await runCli(
        [
          'deploy',
          '--config',
          sandbox.configPath,
          '--state-dir',
          stateDir(),
          '--skip-auth-check',
          '--interval',
          '0.3s',
        ],
        env,
      );
      expect(deployed.code, `${deployed.stdout}${deployed.stderr}`).toBe(0);
    }, 180_000);

    const kubeconfigClosed = ['--kubeconfig', '@work/closed.kubeconfig'];
    // The destroy last: it would leave nothing for the rows after it.
    const deployed: [string, Row][] = [
      [
        'deploy × ansible-playbook',
        {
          args: ['deploy'],
          error:
            /step "kubespray-ansible-playbook" failed: ansible-playbook cluster\.yml exited with 2: sandbox-cp-0: .*\/proc\/sandbox-etcd-ssl/,
          resume: resumeAt('deploy', 'kubespray-ansible-playbook'),
          ownState: true,
          setup: () => fs.writeFile(groupVars(), 'etcd_cert_dir: /proc/sandbox-etcd-ssl\n'),
          cleanup: () => fs.rm(groupVars(), { force: true }),
        },
      ],
      [
        'check × tofu plan',
        {
          args: ['check'],
          env: { TF_VAR_control_plane_count: 'many' },
          error: badVariable('opentofu-drift'),
          resume: /Run the check again once this is fixed/,
        },
      ],
      [
        'check --json × tofu plan',
        {
          args: ['check', '--json'],
          env: { TF_VAR_control_plane_count: 'many' },
          error: badVariable('opentofu-drift'),
        },
      ],
      [
        'replace-nodes × tofu plan',
        {
          args: ['replace-nodes'],
          env: { TF_VAR_control_plane_count: 'many' },
          error: badVariable('opentofu-replace-plan'),
          resume: resumeAt('replace-nodes', 'opentofu-replace-plan'),
          ownState: true,
        },
      ],
      [
        'upgrade × kubectl',
        {
          args: ['upgrade', '--kubernetes-version', '1.34.0', ...kubeconfigClosed],
          error: /step "kubernetes-version-check" failed: kubectl version exited with 1: .*127\.0\.0\.1:1/,
          resume: resumeAt('upgrade', 'kubernetes-version-check'),
          ownState: true,
        },
      ],
      [
        'upgrade × ansible-playbook',
        {
          args: ['upgrade', '--kubernetes-version', '1.34.0'],
          error: /step "kubespray-upgrade-control-plane" failed: ansible-playbook upgrade-cluster\.yml exited with 2/,
          resume: resumeAt('upgrade', 'kubespray-upgrade-control-plane'),
          setup: () => fs.writeFile(path.join(sandbox.clusterDir, '.sandbox-fail-upgrade'), 'sandbox-cp-0\n'),
          cleanup: () => fs.rm(path.join(sandbox.clusterDir, '.sandbox-fail-upgrade'), { force: true }),
        },
      ],
      [
        'etcd-restore × ansible-playbook',
        {
          args: ['etcd-restore', '--snapshot', 'latest', '--broken-etcd', 'sandbox-cp-2'],
          error:
            /^error: ansible-playbook recover-control-plane\.yml exited with 2: sandbox-cp-0: .*\/proc\/sandbox-etcd-ssl/,
          resume: /Run the etcd-restore again once this is fixed: it keeps no state, so it starts over/,
          setup: () => fs.writeFile(groupVars(), 'etcd_cert_dir: /proc/sandbox-etcd-ssl\n'),
          cleanup: () => fs.rm(groupVars(), { force: true }),
        },
      ],
      [
        'destroy × tofu destroy',
        {
          args: ['destroy', '--confirm', 'sandbox'],
          env: { TF_VAR_control_plane_count: 'many' },
          error: new RegExp(
            `step "opentofu-destroy" failed: ${TOFU} plan exited with 1: Invalid value for input variable`,
          ),
          resume: resumeAt('destroy', 'opentofu-destroy'),
        },
      ],
    ];

    // A check reports an API it cannot reach as a finding (exit 3), not as a failed check: the drift it did see stands.
    it("check × kubectl: a finding with kubectl's reason, exit 3", async () => {
      const result = await runCli(
        [
          'check',
          '--config',
          sandbox.configPath,
          '--state-dir',
          stateDir(),
          '--skip-auth-check',
          '--kubeconfig',
          path.join(workDir, 'closed.kubeconfig'),
        ],
        env,
      );
      const all = `${result.stdout}\n${result.stderr}`;
      expect(result.code, all).toBe(3);
      expect(all).not.toMatch(/^\s+at /m);
      expect(all).not.toContain('internal error');
      expect(all).not.toMatch(/^error:/m);
      expect(result.stdout).toMatch(
        /^ {2}unchecked: the Kubernetes API at https:\/\/127\.0\.0\.1:1 did not answer \(The connection to the server 127\.0\.0\.1:1 was refused/m,
      );
    }, 60_000);

    it.each(deployed)('%s', async (_name, row) => expectToolFailure(await runRow(row), row), 120_000);

    // Last, after the failed destroy: a destroy whose API does not answer goes on (the servers go anyway) and says what
    // it could not delete through it, in kubectl's words.
    it("destroy × kubectl: a warning with kubectl's reason, and the destroy goes on", async () => {
      const result = await runCli(
        [
          'destroy',
          '--confirm',
          'sandbox',
          '--restart',
          '--config',
          sandbox.configPath,
          '--state-dir',
          stateDir(),
          '--skip-auth-check',
          '--kubeconfig',
          path.join(workDir, 'closed.kubeconfig'),
        ],
        env,
      );
      const all = `${result.stdout}\n${result.stderr}`;
      expect(result.code, all).toBe(0);
      expect(all).not.toMatch(/^\s+at /m);
      expect(result.stdout).toMatch(
        /warning: the Kubernetes API did not answer \(The connection to the server 127\.0\.0\.1:1 was refused.*\): the cluster's load balancers and volumes were not deleted through it/,
      );
    }, 60_000);
  });
});

/** The same with deployment.method cluster-api: kubectl against a management cluster whose API port is closed. */
describe('every command with cluster-api, when kubectl fails', () => {
  let run: CapiRun;
  let kubeconfig: string;
  beforeAll(async () => {
    run = await startCapiRun();
    kubeconfig = path.join(run.workDir, 'closed.kubeconfig');
    await fs.writeFile(kubeconfig, KUBECONFIG_CLOSED, { mode: 0o600 });
  }, 60_000);
  afterAll(async () => {
    await run?.close();
    if (run) await fs.rm(run.workDir, { recursive: true, force: true });
  });

  const refused = 'The connection to the server 127\\.0\\.0\\.1:1 was refused';
  const where = '.*closed\\.kubeconfig, --management-kubeconfig \\(input management-kubeconfig\\)';
  const diffRefused = new RegExp(
    `^error: cannot read OpenStackCluster default/capi-sandbox from the management cluster \\(${where}\\): ${refused}`,
  );
  const unreachable = (doing: string) =>
    new RegExp(
      `^error: ${doing}: step "capi-management-cluster" failed: the management cluster \\(kubeconfig ${where}\\) is not reachable or not ready: ${refused}`,
    );
  const rows: [string, Row][] = [
    ['plan --tofu-plan × kubectl', { args: ['plan', '--tofu-plan'], error: diffRefused }],
    ['plan --tofu-plan --json × kubectl', { args: ['plan', '--tofu-plan', '--json'], error: diffRefused }],
    [
      'deploy × kubectl',
      {
        args: ['deploy'],
        error: unreachable('deploying the cluster'),
        resume: /Resume: once the error is fixed, run the same deploy again: it resumes at capi-management-cluster/,
      },
    ],
    [
      'check × kubectl',
      { args: ['check'], error: unreachable('checking the cluster'), resume: /Run the check again once this is fixed/ },
    ],
    [
      'destroy × kubectl',
      {
        args: ['destroy', '--confirm', 'capi-sandbox'],
        error: unreachable('destroying the infrastructure'),
        resume: /Resume: once the error is fixed, run the same destroy again: it resumes at capi-management-cluster/,
      },
    ],
  ];

  it.each(rows)(
    '%s',
    async (_name, row) => {
      const result = await runCli(
        [
          ...row.args,
          '--config',
          run.configPath,
          '--state-dir',
          run.stateDir,
          '--management-kubeconfig',
          kubeconfig,
          '--skip-auth-check',
        ],
        run.env,
      );
      expectToolFailure(result, row);
    },
    60_000,
  );
});

/** The Cluster API method's own tools failing for real: clusterctl init and kind create cluster. */
describe('deploy with cluster-api, when clusterctl or kind fails', () => {
  let run: CapiRun;
  let tainted: string;
  let rowCount = 0;
  beforeAll(async () => {
    run = await startCapiRun();
    const created = await run.cloud.createManagementCluster('tainted');
    tainted = created.kubeconfigPath;
    // Its one node is a control plane node with kubeadm's taint: nothing else schedules there.
    for (const node of created.api.list(NODE))
      created.api.put({
        ...node,
        spec: { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] },
      });
  }, 60_000);
  afterAll(async () => run?.close());

  const rows: [string, Row][] = [
    [
      'deploy × clusterctl init',
      {
        args: ['deploy', '--management-kubeconfig', '@tainted'],
        error:
          /^error: deploying the cluster: step "clusterctl-init" failed: clusterctl init exited with 1: context deadline exceeded$/,
        resume: resumeAt('deploy', 'clusterctl-init'),
        tail: /Waiting for cert-manager to be available\.\.\.\n(?:.*\n)*?.*Error: context deadline exceeded/,
      },
    ],
    [
      'deploy × kind create cluster',
      {
        args: ['deploy'],
        setup: async () => run.cloud.removeNodeImage(KIND_NODE_IMAGE),
        error: new RegExp(
          `^error: deploying the cluster: step "capi-management-cluster" failed: kind create cluster exited with 1: failed to create cluster: failed to pull image "${KIND_NODE_IMAGE}": command "docker pull ${KIND_NODE_IMAGE}" failed with error: exit status 1: Error response from daemon: manifest for ${KIND_NODE_IMAGE} not found: manifest unknown: manifest unknown$`.replaceAll(
            '.',
            '\\.',
          ),
        ),
        resume: resumeAt('deploy', 'capi-management-cluster'),
        cleanup: async () => run.cloud.restoreNodeImage(KIND_NODE_IMAGE),
      },
    ],
    [
      // Both moves of the pivot stop half-way, as a connection lost to the target would (the move is re-runnable, so
      // capi-pivot moves a second time before it gives up).
      'deploy × clusterctl move',
      {
        args: ['deploy', '--interval', '1s'],
        setup: async () => {
          run.cloud.failNextMove(3);
          run.cloud.failNextMove(3);
        },
        error:
          /^error: deploying the cluster: step "capi-pivot" failed: clusterctl move to the workload cluster failed twice: (?:Error: )?action failed after 10 attempts: error creating "\w+" default\/\S+: Post "https:\/\/[^"]+\/apis": connection reset by peer$/,
        resume: /Resume: once the error is fixed, run the same deploy again: it resumes at capi-pivot/,
      },
    ],
  ];

  it.each(rows)(
    '%s',
    async (_name, row) => {
      await row.setup?.();
      const args = row.args.map((arg) => arg.replace('@tainted', tainted));
      const state = path.join(run.workDir, `state-${++rowCount}`);
      try {
        const result = await runCli(
          [...args, '--config', run.configPath, '--state-dir', state, '--skip-auth-check'],
          run.env,
        );
        expectToolFailure(result, row);
      } finally {
        await row.cleanup?.();
      }
    },
    60_000,
  );
});
