import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CREDENTIAL_FIELDS, credentialOptions } from '../core/openstack/credentials.js';
import { parseApiHost } from '../core/lib/address.js';
import { CERTIFICATE_WARNING_DAYS } from '../core/model/check-report.js';
import { UsageError } from '../core/lib/errors.js';
import {
  DURATION_LIMITS,
  OPERATIONS,
  parseDurationOption,
  parseKubernetesVersionOption,
  parseMethod,
  parseName,
  parseNodeCount,
  parseOperation,
  type Operation,
} from '../core/lib/option-values.js';
import { checkFilter, type StepFilter } from '../core/engine/selection.js';
import type { DeployOptions } from '../core/model/settings.js';
import { CLUSTER_API_STEPS, OPERATION_STEPS } from '../core/model/operations.js';
import { INIT_HELP, type InitCommand, parseInitArgs } from './init.js';

/** The CLI's input helper: argv in, one typed command out. No side effects. */
export type CliCommand =
  | { kind: 'help'; text: string }
  | InitCommand
  | {
      kind: 'plan' | 'run';
      options: DeployOptions & { operation: Operation };
      filter: StepFilter;
      json: boolean;
      tofuPlan: boolean;
      confirm?: string;
    }
  | { kind: 'normalize-kubeconfig'; options: DeployOptions }
  | {
      kind: 'wait-ready';
      kubeconfig: string;
      kubectl?: string;
      timeoutMs?: number;
      intervalMs?: number;
      nodes?: number;
    };

const DEPLOY_FLAGS = {
  config: { type: 'string' },
  'cluster-dir': { type: 'string' },
  cluster: { type: 'string' },
  org: { type: 'string' },
  'state-dir': { type: 'string' },
  restart: { type: 'boolean' },
  step: { type: 'string' },
  'from-step': { type: 'string' },
  timeout: { type: 'string' },
  interval: { type: 'string' },
  nodes: { type: 'string' },
  kubeconfig: { type: 'string' },
  vip: { type: 'string' },
  method: { type: 'string' },
  'management-kubeconfig': { type: 'string' },
  clusterctl: { type: 'string' },
  kind: { type: 'string' },
  tofu: { type: 'string' },
  venv: { type: 'string' },
  'pip-arg': { type: 'string', multiple: true },
  'skip-auth-check': { type: 'boolean' },
  'auth-timeout': { type: 'string' },
  'os-cloud': { type: 'string' },
  'clouds-yaml': { type: 'string' },
  json: { type: 'boolean' },
  'tofu-plan': { type: 'boolean' },
  operation: { type: 'string' },
  'kubernetes-version': { type: 'string' },
  confirm: { type: 'string' },
  'allow-unsafe-node-removal': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  // The credential flags, from the one credential table.
  ...(Object.fromEntries(
    CREDENTIAL_FIELDS.map((spec) => [spec.flag, { type: spec.type === 'boolean' ? 'boolean' : 'string' }]),
  ) as Record<string, { type: 'string' | 'boolean' }>),
} as const satisfies ParseArgsConfig['options'];

/** The credential flags' help lines, from the table. */
const CREDENTIAL_HELP = CREDENTIAL_FIELDS.map(
  (spec) => `  ${`--${spec.flag}${spec.placeholder ? ` ${spec.placeholder}` : ''}`.padEnd(45)} ${spec.description}`,
).join('\n');

const DEPLOY_OPTIONS_HELP = `Where the cluster is:
  --config FILE            openCenter cluster config (schema_version "2.0")
  --cluster-dir DIR        cluster directory (default <gitops.repository.local_dir>/infrastructure/clusters/<cluster>)
  --cluster NAME, --org ORG  names used for state without a config (default: the cluster dir's name, "standalone")
  --vip IP                 address replacing a loopback API server in the kubeconfig (default k8s_api_ip, else vrrp_ip)
  --method METHOD          deployment method: kubespray, none or cluster-api (default from config, else kubespray)
  --management-kubeconfig PATH  cluster-api: an existing management cluster (wins over deployment.cluster_api.management)
  --kubeconfig PATH        the normalised kubeconfig to write (default <state-dir>/<org>/<cluster>/kubeconfig)
  --state-dir DIR          resume state and logs (default $XDG_STATE_HOME/cluster-deploy or ~/.local/state/cluster-deploy)

Which steps:
  --restart                ignore saved state and run every step
  --step ID                run exactly this step, ignoring saved state
  --from-step ID           run this step and every later one, ignoring saved state

Tools:
  --tofu PATH              OpenTofu binary (default opentofu.path, else tofu, else terraform on PATH)
  --venv DIR               Kubespray venv (default <cluster-dir>/venv)
  --pip-arg ARG            extra argument for pip install, repeatable (e.g. --pip-arg=--no-index --pip-arg=--find-links=/wheels)
  --clusterctl PATH, --kind PATH  cluster-api tools (default deployment.cluster_api.clusterctl_path/kind_path, else from PATH)

Readiness:
  --timeout D              how long to wait for the API (default 30m; e.g. 45m, 1h30m)
  --interval D             longest pause between checks (default 5s; the first check is immediate)
  --nodes N                also wait until N nodes are Ready

Credentials (options win over OS_* variables, which win over clouds.yaml, which wins over the config):
${CREDENTIAL_HELP}
  --os-cloud NAME  --clouds-yaml FILE   (a cloud from clouds.yaml, as OS_CLOUD)
  Prefer OS_* variables for secrets: command-line arguments are visible to other local users.
  --skip-auth-check        don't authenticate against Keystone in preflight (air-gapped planning)
  --auth-timeout D         Keystone request timeout (default 10s)`;

/** The steps of each operation, for the help text. */
const OPERATION_STEPS_HELP = [
  ...OPERATIONS.map((op) => `  ${`${op}:`.padEnd(9)}${OPERATION_STEPS[op].join(', ')}`),
  'With deployment.method cluster-api (no upgrade):',
  ...(['deploy', 'destroy'] as const).map((op) => `  ${`${op}:`.padEnd(9)}${CLUSTER_API_STEPS[op].join(', ')}`),
].join('\n');

export const USAGE = `cluster-deploy: deploy Kubernetes on OpenStack (OpenTofu + Kubespray) with resume and a readiness gate

Usage:
  cluster-deploy init     --name CLUSTER --org ORG [--dir REPO]   write a new cluster's config and OpenTofu code
  cluster-deploy plan     --config FILE [--operation OP] [options]   show what an operation would do; runs and writes nothing
  cluster-deploy deploy   --config FILE [options]   create or converge the cluster, resuming from saved state
  cluster-deploy upgrade  --config FILE [--kubernetes-version X.Y.Z] [options]   upgrade Kubernetes node by node
  cluster-deploy destroy  --config FILE --confirm CLUSTER [options]   delete the cluster's infrastructure
  cluster-deploy check    --config FILE [options]   report infrastructure drift and the cluster's health; changes nothing
  cluster-deploy normalize-kubeconfig --cluster-dir DIR --vip IP [--kubeconfig PATH]
  cluster-deploy wait-ready --kubeconfig PATH [--timeout D] [--interval D] [--nodes N]

Operations and their steps:
${OPERATION_STEPS_HELP}

Exit codes: 0 success (check: no drift, healthy), 1 failure, 2 usage error, 3 check found drift or a health problem, 130 interrupted.

Run "cluster-deploy COMMAND --help" for a command's options.`;

const HELP: Record<string, string> = {
  init: INIT_HELP,
  plan: `Usage: cluster-deploy plan --config FILE [--operation deploy|upgrade|destroy|check] [options] [--json]

Lists the steps an operation (default deploy) would run under the current filters and saved state, each
with its working directory, command, reads, writes and environment (secret values shown as <redacted>).
  --operation OP           deploy (default), upgrade (with --kubernetes-version), destroy (no --confirm needed to plan) or check
  --json                   print the plan as JSON
  --tofu-plan              when the operation would apply, also run tofu init and tofu plan (-destroy for destroy;
                           read-only on the cloud; needs the credentials) and show what would change and, for a
                           deploy, which nodes Kubespray would remove before the apply and install after it;
                           with deployment.method cluster-api: clusterctl generate cluster, then kubectl diff
                           --server-side against the management cluster (objects to create, change, delete)

${DEPLOY_OPTIONS_HELP}`,
  deploy: `Usage: cluster-deploy deploy --config FILE [options]

Plans, then applies exactly that plan. Nodes the plan deletes or replaces are drained and removed with
Kubespray's remove-node.yml before the apply; when the plan only adds workers, scale.yml installs just
them (after playbooks/facts.yml), else cluster.yml converges everything. State is saved before and after
every step, so running the same command again after a failure continues where it stopped.
SIGINT/SIGTERM interrupt the running step cleanly.
  --allow-unsafe-node-removal  apply a plan that removes half or more of the etcd members, every control
                           plane node or the first one (refused otherwise, before anything changes)
  --json                   print the result as JSON on stdout when done

${DEPLOY_OPTIONS_HELP}`,
  upgrade: `Usage: cluster-deploy upgrade --config FILE [--kubernetes-version X.Y.Z] [options]

Upgrades Kubernetes with Kubespray's upgrade-cluster.yml: the control plane first, then the workers in
batches. Refuses a downgrade or a skipped minor version (go 1.33 → 1.34 → 1.35). Each run upgrades only
the nodes whose kubelet the API shows below the target, so a re-run after a failure never re-walks the
finished ones. Then the readiness gate, which also requires every node Ready at the target.
  --kubernetes-version V   the target (default opencenter.cluster.kubernetes.version from the config)
  --json                   print the result as JSON on stdout when done

${DEPLOY_OPTIONS_HELP}`,
  destroy: `Usage: cluster-deploy destroy --config FILE --confirm CLUSTER [options]

Runs tofu plan -destroy and applies that plan, then deletes the kubeconfig and marks the resume state
destroyed, so the next deploy starts from nothing. An interrupted destroy resumes like a deploy.
  --confirm CLUSTER        required: the cluster's name (e.g. the config's cluster_name)
  --json                   print the result as JSON on stdout when done

${DEPLOY_OPTIONS_HELP}`,
  check: `Usage: cluster-deploy check --config FILE [options]

Reports, read-only: infrastructure drift (tofu plan -detailed-exitcode against the code; nothing is
applied) and the cluster's health: nodes in the inventory missing from the API, NotReady or unexpected
ones, kubelets not at opencenter.cluster.kubernetes.version, the API server certificate within
${CERTIFICATE_WARNING_DAYS} days of expiry, failing /readyz checks. What cannot be checked (no kubeconfig, the API
unreachable) is reported as unchecked. A check keeps no resume state: an unfinished deploy stays resumable.
Exit 0 when clean, 3 when it found drift or a health problem, 1 when it could not run.
  --json                   print the report as JSON on stdout

${DEPLOY_OPTIONS_HELP}`,
  'normalize-kubeconfig': `Usage: cluster-deploy normalize-kubeconfig --cluster-dir DIR --vip IP [--kubeconfig PATH]

Finds the kubeconfig the deploy tooling wrote (PATH, DIR/kubeconfig.yaml, DIR/kubeconfig,
DIR/kube_config_cluster.yml, DIR/inventory/artifacts/admin.conf), rewrites servers on 127.0.0.1,
localhost or [::1] to the VIP (keeping scheme, port and path) and writes it to PATH with mode 0600.
  --config FILE            take the cluster dir and VIP from an openCenter config instead
  --state-dir DIR          where the default PATH lives`,
  'wait-ready': `Usage: cluster-deploy wait-ready --kubeconfig PATH [--timeout D] [--interval D] [--nodes N]

Waits until "kubectl get --raw /readyz" answers ok (and optionally N nodes are Ready).
  --timeout D              give up after this long (default 30m)
  --interval D             longest pause between checks (default 5s)
  --nodes N                also require N Ready nodes
  --kubectl PATH           kubectl binary (default kubectl)`,
};

const durationOf = (value: string | undefined, flag: string, limits: { min: number; max: number }) =>
  value === undefined ? undefined : parseDurationOption(value, flag, limits);

/**
 * `--timeout -1s` is a value, not an option: node's parser calls it ambiguous. Join a string
 * option with a following dash-led token that is not itself an option, so the value's own check
 * can say what is wrong with it.
 */
function joinDashValues(argv: string[], options: ParseArgsConfig['options']): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const name = arg.startsWith('--') && !arg.includes('=') ? arg.slice(2) : undefined;
    const next = argv[i + 1];
    if (
      name &&
      options?.[name]?.type === 'string' &&
      next?.startsWith('-') &&
      next !== '--' &&
      !(next.startsWith('--') && next.slice(2).split('=')[0]! in options)
    ) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

function parse<T extends ParseArgsConfig['options']>(command: string, argv: string[], options: T) {
  try {
    return parseArgs({ args: joinDashValues(argv, options), options, allowPositionals: false, strict: true }).values;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // `--config` last, or `--timeout --json`: node's own words span three lines; say it as an empty value is said.
    const missing = /^Option '(-[^' ]+)(?: <value>)?' argument (?:missing|is ambiguous)/.exec(message);
    if (missing) throw new UsageError(`${command}: ${missing[1]} needs a value`);
    // `--restart true`: a switch given a value, not a stray positional argument.
    const stray = /^Unexpected argument '([^']*)'/.exec(message)?.[1];
    const isSwitch = (arg: string | undefined) =>
      !!arg?.startsWith('--') && options?.[arg.slice(2)]?.type === 'boolean';
    const before = argv.find((arg, i) => isSwitch(arg) && argv[i + 1] === stray);
    if (stray !== undefined && before) {
      throw new UsageError(
        `${command}: ${before} takes no value (got "${stray}"); give ${before} alone to turn it on, leave it out for off`,
      );
    }
    throw new UsageError(
      `${command}: ${message.replace(/\. To specify a positional argument.*$/s, '')}\nrun "cluster-deploy ${command} --help" for usage`,
    );
  }
}

/**
 * A string flag given but empty (`--config ""`, `--config=`) is a mistake, not "unset"; so is a line
 * break or another control character in any value (a paste mistake, or keys smuggled into a file).
 */
function checkValues(values: Record<string, unknown>, command: string): void {
  for (const [name, value] of Object.entries(values)) {
    const list = Array.isArray(value) ? value : [value];
    if (list.some((v) => typeof v === 'string' && v.trim() === ''))
      throw new UsageError(`${command}: --${name} needs a value`);
    if (list.some((v) => typeof v === 'string' && /[\0-\x1f\x7f]/.test(v)))
      throw new UsageError(`--${name}: contains a line break or control character`);
  }
}

export function parseCli(argv: string[]): CliCommand {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') return { kind: 'help', text: USAGE };
  if (!(command in HELP)) throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
  if (rest.includes('--help') || rest.includes('-h')) return { kind: 'help', text: HELP[command]! };
  if (command === 'init') return parseInitArgs(rest);

  if (command === 'wait-ready') {
    const v = parse(command, rest, {
      kubeconfig: { type: 'string' },
      kubectl: { type: 'string' },
      timeout: { type: 'string' },
      interval: { type: 'string' },
      nodes: { type: 'string' },
    });
    checkValues(v, command);
    if (!v.kubeconfig) throw new UsageError('wait-ready: --kubeconfig PATH is required');
    return {
      kind: 'wait-ready',
      kubeconfig: v.kubeconfig,
      kubectl: v.kubectl,
      timeoutMs: durationOf(v.timeout, '--timeout', DURATION_LIMITS.timeout),
      intervalMs: durationOf(v.interval, '--interval', DURATION_LIMITS.interval),
      nodes: v.nodes === undefined ? undefined : parseNodeCount(v.nodes, '--nodes'),
    };
  }

  const v = parse(command, rest, DEPLOY_FLAGS) as Record<string, string | boolean | string[] | undefined>;
  checkValues(v, command);
  const text = (name: string) => v[name] as string | undefined;
  const waitReady = {
    ...(v.timeout !== undefined && { timeoutMs: durationOf(text('timeout'), '--timeout', DURATION_LIMITS.timeout) }),
    ...(v.interval !== undefined && {
      intervalMs: durationOf(text('interval'), '--interval', DURATION_LIMITS.interval),
    }),
    ...(v.nodes !== undefined && { nodes: parseNodeCount(text('nodes')!, '--nodes') }),
  };
  const options: DeployOptions = {
    configPath: text('config'),
    clusterDir: text('cluster-dir'),
    clusterName: v.cluster === undefined ? undefined : parseName(text('cluster')!, '--cluster'),
    organization: v.org === undefined ? undefined : parseName(text('org')!, '--org'),
    stateDir: text('state-dir'),
    kubeconfigPath: text('kubeconfig'),
    vip: v.vip === undefined ? undefined : parseApiHost(text('vip')!, '--vip', UsageError),
    method: v.method === undefined ? undefined : parseMethod(text('method')!, '--method'),
    tofuBinary: text('tofu'),
    venvDir: text('venv'),
    pipArgs: v['pip-arg'] as string[] | undefined,
    skipAuthCheck: !!v['skip-auth-check'],
    authTimeoutMs: durationOf(text('auth-timeout'), '--auth-timeout', DURATION_LIMITS.authTimeout),
    waitReady,
    cloud: text('os-cloud'),
    cloudsYaml: text('clouds-yaml'),
    credentials: credentialOptions('cli', (spec) => v[spec.flag] as string | boolean | undefined),
    ...((v['management-kubeconfig'] ?? v.clusterctl ?? v.kind) !== undefined && {
      clusterApi: {
        managementKubeconfig: text('management-kubeconfig'),
        clusterctl: text('clusterctl'),
        kind: text('kind'),
      },
    }),
  };
  if (command === 'normalize-kubeconfig') {
    if (!options.configPath && !options.clusterDir)
      throw new UsageError('normalize-kubeconfig: --cluster-dir DIR is required (or --config FILE)');
    if (!options.configPath && !options.vip)
      throw new UsageError('normalize-kubeconfig: --vip IP is required (or --config FILE)');
    return { kind: 'normalize-kubeconfig', options };
  }
  if (!options.configPath && !options.clusterDir) {
    throw new UsageError(`${command}: give --config FILE, or --cluster-dir DIR (with --vip IP) for standalone use`);
  }
  const operation: Operation =
    command === 'plan'
      ? v.operation === undefined
        ? 'deploy'
        : parseOperation(text('operation')!, '--operation')
      : (command as Operation);
  // A flag of another command is a mistake to say, not to ignore (`deploy --confirm x` destroys nothing).
  const owner: Record<string, string> = {
    'tofu-plan': 'plan',
    operation: 'plan (each operation has its own command: cluster-deploy deploy|upgrade|destroy|check)',
    confirm: command === 'plan' ? 'destroy (a plan changes nothing and needs no confirmation)' : 'destroy',
    'kubernetes-version': 'upgrade and plan --operation upgrade',
    'allow-unsafe-node-removal': 'deploy and plan --operation deploy',
  };
  const allowed: Record<string, string[]> = {
    plan: [
      'tofu-plan',
      'operation',
      ...(operation === 'upgrade' ? ['kubernetes-version'] : []),
      ...(operation === 'deploy' ? ['allow-unsafe-node-removal'] : []),
    ],
    deploy: ['allow-unsafe-node-removal'],
    upgrade: ['kubernetes-version'],
    destroy: ['confirm'],
    check: [],
  };
  for (const flag of Object.keys(owner)) {
    if (v[flag] !== undefined && v[flag] !== false && !allowed[command]!.includes(flag)) {
      const where = `${command}${command === 'plan' ? ` --operation ${operation}` : ''}`;
      const [of, why = ''] = owner[flag]!.split(/(?= \()/);
      throw new UsageError(`${where}: --${flag} is an option of ${of}, not ${where}${why}`);
    }
  }
  // The readiness gate's flags: a check reads the cluster once and compares its nodes with the inventory, so they would change nothing.
  for (const flag of ['timeout', 'interval', 'nodes']) {
    if (operation === 'check' && v[flag] !== undefined) {
      throw new UsageError(
        `${command === 'plan' ? 'plan --operation check' : 'check'}: --${flag} is an option of the readiness gate (deploy, upgrade, wait-ready), not check: a check reads the cluster once and compares its nodes with the inventory`,
      );
    }
  }
  // destroy without --confirm: checked once the config names the cluster, so the message can name it (main.ts).
  if (options.method === 'none' && operation === 'upgrade') {
    throw new UsageError(
      `${command === 'plan' ? 'plan --operation upgrade' : 'upgrade'}: --method none has no upgrade (the OpenTofu code installs Kubernetes, so it upgrades it too: change it and deploy); upgrade runs Kubespray, with --method kubespray`,
    );
  }
  options.operation = operation;
  if (v['kubernetes-version'] !== undefined)
    options.kubernetesVersion = parseKubernetesVersionOption(text('kubernetes-version')!, '--kubernetes-version');
  if (v['allow-unsafe-node-removal']) options.allowUnsafeNodeRemoval = true;
  const filter: StepFilter = { restart: !!v.restart, step: text('step'), fromStep: text('from-step') };
  checkFilter(filter, undefined, operation);
  return {
    kind: command === 'plan' ? 'plan' : 'run',
    options: { ...options, operation },
    filter,
    json: !!v.json,
    tofuPlan: !!v['tofu-plan'],
    confirm: text('confirm'),
  };
}
