import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CREDENTIAL_FIELDS, credentialOptions } from '../core/openstack/credentials.js';
import { parseApiHost } from '../core/lib/address.js';
import { CERTIFICATE_WARNING_DAYS } from '../core/model/check-report.js';
import { UsageError } from '../core/lib/errors.js';
import { closest } from '../core/lib/did-you-mean.js';
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
import { parseSshUser } from '../core/model/kubespray-source.js';
import { PLAN_CREDENTIAL_POLICIES, type PlanCredentialPolicy } from '../core/openstack/roles.js';
import { INIT_HELP, type InitCommand, parseInitArgs } from './init.js';
import {
  ETCD_RESTORE_FLAGS,
  ETCD_RESTORE_HELP,
  type EtcdRestoreCommand,
  parseEtcdRestoreArgs,
} from './etcd-restore.js';
import { KUBECONFIG_FLAGS, KUBECONFIG_HELP, type KubeconfigCommand, parseKubeconfigArgs } from './kubeconfig.js';

/** The CLI's input helper: argv in, one typed command out. No side effects. */
export type CliCommand =
  | { kind: 'help'; text: string }
  | InitCommand
  | EtcdRestoreCommand
  | KubeconfigCommand
  | {
      kind: 'plan' | 'run';
      options: DeployOptions & { operation: Operation };
      filter: StepFilter;
      json: boolean;
      /** Tool output to the log file only (--quiet). */
      quiet: boolean;
      tofuPlan: boolean;
      /** plan: every step's command, files and environment, and tofu's own text (--verbose). */
      verbose: boolean;
      confirm?: string;
      /** plan --tofu-plan and check: `reader-only` refuses a credential with more than the reader role. */
      planCredential: PlanCredentialPolicy;
    }
  | { kind: 'normalize-kubeconfig'; options: DeployOptions }
  | { kind: 'version' }
  | { kind: 'completion'; shell: 'bash' | 'zsh' }
  | { kind: 'list'; stateDir: string | undefined; json: boolean }
  | {
      kind: 'status' | 'logs';
      /** The cluster: from a config, or named (with --org, default "standalone"). */
      configPath?: string;
      clusterName?: string;
      organization?: string;
      stateDir?: string;
      kubeconfigPath?: string;
      json: boolean;
      run?: string;
      step?: string;
    }
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
  python: { type: 'string' },
  'ssh-private-key-file': { type: 'string' },
  'ssh-user': { type: 'string' },
  converge: { type: 'boolean' },
  'skip-auth-check': { type: 'boolean' },
  'auth-timeout': { type: 'string' },
  'os-cloud': { type: 'string' },
  'clouds-yaml': { type: 'string' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  'tofu-plan': { type: 'boolean' },
  verbose: { type: 'boolean', short: 'v' },
  operation: { type: 'string' },
  'kubernetes-version': { type: 'string' },
  confirm: { type: 'string' },
  'allow-unsafe-node-removal': { type: 'boolean' },
  'ignore-capacity': { type: 'boolean' },
  'delete-leftovers': { type: 'boolean' },
  'plan-credential': { type: 'string' },
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

/** Where an operation command's help gets the shared options, filtered to the ones it takes (helpFor). */
const OPTIONS_PLACEHOLDER = '<options>';

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
  --python PATH            the venv's interpreter (default deployment.kubespray.python, else the newest python3.X on PATH that Kubespray supports)
  --ssh-private-key-file F  the SSH key Ansible connects with (default deployment.kubespray.ssh_private_key_file)
  --ssh-user USER          the SSH user (default deployment.kubespray.ssh_user, else the inventory's ansible_user)
  --converge               run Kubespray and pip even when nothing changed since the last deploy
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
  --auth-timeout D         Keystone request timeout (default 10s)

Output:
  -q, --quiet              keep the tools' output (tofu, Kubespray, kubectl) off the console: it goes to the log file
                           (cluster-deploy logs); a failed step's last lines are still shown
  Colour only on a terminal, never with NO_COLOR set; the log file has a timestamp on each line and no colour.`;

/** The steps of each operation, for the help text. */
const OPERATION_STEPS_HELP = [
  ...OPERATIONS.map((op) => `  ${`${op}:`.padEnd(Math.max(9, op.length + 2))}${OPERATION_STEPS[op].join(', ')}`),
  'With deployment.method cluster-api:',
  ...OPERATIONS.filter((op) => CLUSTER_API_STEPS[op].length).map(
    (op) => `  ${`${op}:`.padEnd(9)}${CLUSTER_API_STEPS[op].join(', ')}`,
  ),
].join('\n');

export const USAGE = `cluster-deploy: deploy Kubernetes on OpenStack (OpenTofu + Kubespray) with resume and a readiness gate

Usage:
  cluster-deploy init     --name CLUSTER --org ORG [--runner hosted|self-hosted] [--dir REPO]   write a new cluster's config, OpenTofu code and workflows
  cluster-deploy plan     --config FILE [--operation OP] [options]   show what an operation would do; runs and writes nothing
  cluster-deploy deploy   --config FILE [options]   create or converge the cluster, resuming from saved state
  cluster-deploy upgrade  --config FILE [--kubernetes-version X.Y.Z] [options]   upgrade Kubernetes node by node
  cluster-deploy destroy  --config FILE --confirm CLUSTER [options]   delete the cluster's infrastructure
  cluster-deploy check    --config FILE [options]   report infrastructure drift and the cluster's health; changes nothing
  cluster-deploy replace-nodes --config FILE [options]   replace the nodes a plan would rebuild or resize, one at a time
  cluster-deploy normalize-kubeconfig --cluster-dir DIR --vip IP [--kubeconfig PATH]
  cluster-deploy etcd-restore --config FILE --snapshot NAME|latest --broken-etcd HOSTS   Kubespray's etcd recovery from a kept snapshot
  cluster-deploy wait-ready --kubeconfig PATH [--timeout D] [--interval D] [--nodes N]
  cluster-deploy kubeconfig --repo OWNER/REPO --config FILE | --cluster NAME [--org ORG]   the kubeconfig from the deploy's newest trusted state artifact
  cluster-deploy status   --config FILE | --cluster NAME [--org ORG]   the last operation: each step, what a re-run does
  cluster-deploy list     [--state-dir DIR]   the clusters in the state directory, with their last operation and result
  cluster-deploy logs     --config FILE | --cluster NAME [--org ORG] [--run N] [--step ID]   a run's log (newest by default)
  cluster-deploy completion bash|zsh   a shell completion script (source <(cluster-deploy completion bash))
  cluster-deploy --version

Environment:
  CLUSTER_DEPLOY_CONFIG     the config when neither --config nor --cluster-dir is given
  CLUSTER_DEPLOY_STATE_DIR  the state directory when --state-dir is not given (else $XDG_STATE_HOME/cluster-deploy,
                            else ~/.local/state/cluster-deploy)
  NO_COLOR                  set (to anything) to turn colour off; colour is only used on a terminal

Operations and their steps:
${OPERATION_STEPS_HELP}

Exit codes: 0 success (check: no drift, healthy), 1 failure, 2 usage error, 3 check found drift or a health problem, 130 interrupted.

Run "cluster-deploy COMMAND --help" for a command's options.`;

const CLUSTER_CHOICE_HELP = `  --config FILE            the cluster of this openCenter config (default $CLUSTER_DEPLOY_CONFIG)
  --cluster NAME           or the cluster by name, without a config
  --org ORG                its organisation (default "standalone")
  --state-dir DIR          where the state is (default $CLUSTER_DEPLOY_STATE_DIR, else $XDG_STATE_HOME/cluster-deploy
                           or ~/.local/state/cluster-deploy)`;

const HELP: Record<string, string> = {
  status: `Usage: cluster-deploy status (--config FILE | --cluster NAME [--org ORG]) [--state-dir DIR] [--json]

The cluster's last operation from its saved state, read-only and without credentials: each step's
result, start and duration, what running the operation again would do, and where the kubeconfig, the
newest run log and the state file are.
${CLUSTER_CHOICE_HELP}
  --kubeconfig PATH        the kubeconfig to report (default <state-dir>/<org>/<cluster>/kubeconfig, or the config's)
  --json                   print it as JSON`,
  list: `Usage: cluster-deploy list [--state-dir DIR] [--json]

The clusters in the state directory (each <org>/<cluster> with state or logs), with their last operation,
its result and when it was saved.
  --state-dir DIR          default $CLUSTER_DEPLOY_STATE_DIR, else $XDG_STATE_HOME/cluster-deploy or ~/.local/state/cluster-deploy
  --json                   print the list as JSON`,
  logs: `Usage: cluster-deploy logs (--config FILE | --cluster NAME [--org ORG]) [--state-dir DIR] [--run N|NAME] [--step ID]

Prints a run's log (redacted when it was written): the newest by default.
${CLUSTER_CHOICE_HELP}
  --run N|NAME             1 = the newest run, 2 = the one before, …; or a log file's name (deploy-2026-…)
  --step ID                only that step's part of the log`,
  completion: `Usage: cluster-deploy completion bash|zsh

Prints a completion script for the shell: commands, each command's flags, step ids and operations.
  bash: source <(cluster-deploy completion bash)    (or save it under ~/.local/share/bash-completion/completions/cluster-deploy)
  zsh:  source <(cluster-deploy completion zsh)     (after compinit; or save it as _cluster-deploy on your $fpath)`,
  init: INIT_HELP,
  'etcd-restore': ETCD_RESTORE_HELP,
  kubeconfig: KUBECONFIG_HELP,
  plan: `Usage: cluster-deploy plan --config FILE [--operation deploy|upgrade|destroy|check|replace-nodes] [options] [--json]

Lists the steps an operation (default deploy) would run under the current filters and saved state, one line
each: what it will do, or why it is skipped.
  --operation OP           deploy (default), upgrade (with --kubernetes-version), destroy (no --confirm needed to plan), check
                           or replace-nodes
  -v, --verbose            each step's working directory, command, reads, writes and environment (secret values
                           shown as <redacted>); with --tofu-plan, tofu's own plan text too
  --json                   print the plan as JSON
  --tofu-plan              when the operation would apply, also run tofu init and tofu plan (-destroy for destroy;
                           read-only on the cloud; needs the credentials) and show what would change and, for a
                           deploy, which nodes Kubespray would remove before the apply and install after it;
                           with deployment.method cluster-api: clusterctl generate cluster, then kubectl diff
                           --server-side against the management cluster (objects to create, change, delete)
  --plan-credential reader-only  with --tofu-plan: refuse, before tofu runs, a credential whose Keystone token
                           carries any role but reader (tofu plan runs the code it plans)

${OPTIONS_PLACEHOLDER}`,
  deploy: `Usage: cluster-deploy deploy --config FILE [options]

Plans, then applies exactly that plan. Nodes the plan deletes or replaces are drained and removed with
Kubespray's remove-node.yml before the apply; when the plan only adds workers, scale.yml installs just
them (after playbooks/facts.yml), else cluster.yml converges everything. State is saved before and after
every step, so running the same command again after a failure continues where it stopped.
SIGINT/SIGTERM interrupt the running step cleanly.
  --allow-unsafe-node-removal  apply a plan that removes half or more of the etcd members, every control
                           plane node or the first one (refused otherwise, before anything changes)
  --ignore-capacity        apply although the change exceeds the project's quotas (openstack-capacity
                           refuses it otherwise, before anything changes; marked OVERRIDDEN)
  --json                   print the result as JSON on stdout when done

${OPTIONS_PLACEHOLDER}`,
  upgrade: `Usage: cluster-deploy upgrade --config FILE [--kubernetes-version X.Y.Z] [options]

Upgrades Kubernetes with Kubespray's upgrade-cluster.yml: the control plane first, then the workers in
batches. Refuses a downgrade or a skipped minor version (go 1.33 → 1.34 → 1.35). Each run upgrades only
the nodes whose kubelet the API shows below the target, so a re-run after a failure never re-walks the
finished ones. Then the readiness gate, which also requires every node Ready at the target.
With deployment.method cluster-api: the KubeadmControlPlane and its new machine template are applied and
rolled out first, then the MachineDeployments'; --kubernetes-version is required and must be the config's
version, and deployment.cluster_api.openstack.image_name an image with kubeadm and kubelet at it.
  --kubernetes-version V   the target (default opencenter.cluster.kubernetes.version from the config;
                           required with cluster-api)
  --json                   print the result as JSON on stdout when done

${OPTIONS_PLACEHOLDER}`,
  destroy: `Usage: cluster-deploy destroy --config FILE --confirm CLUSTER [options]

Runs tofu plan -destroy and applies that plan, then deletes the kubeconfig and marks the resume state
destroyed, so the next deploy starts from nothing. An interrupted destroy resumes like a deploy.
  --confirm CLUSTER        required: the cluster's name (e.g. the config's cluster_name)
  --delete-leftovers       delete the load balancers and volumes still marked for the cluster after the
                           destroy (by default they are only listed)
  --json                   print the result as JSON on stdout when done

${OPTIONS_PLACEHOLDER}`,
  check: `Usage: cluster-deploy check --config FILE [options]

Reports, read-only: infrastructure drift (tofu plan -detailed-exitcode against the code; nothing is
applied) and the cluster's health: nodes in the inventory missing from the API, NotReady or unexpected
ones, kubelets not at opencenter.cluster.kubernetes.version, the API server certificate within
${CERTIFICATE_WARNING_DAYS} days of expiry, failing /readyz checks. What cannot be checked (no kubeconfig, the API
unreachable) is reported as unchecked. A check keeps no resume state: an unfinished deploy stays resumable.
Exit 0 when clean, 3 when it found drift or a health problem, 1 when it could not run.
  --json                   print the report as JSON on stdout
  --plan-credential reader-only  refuse, before tofu runs, a credential whose Keystone token carries any
                           role but reader

${OPTIONS_PLACEHOLDER}`,
  'replace-nodes': `Usage: cluster-deploy replace-nodes --config FILE [options]

For a plan that changes the image or the flavor of running nodes (OpenStack rebuilds or resizes such a
server in place, undrained, so a deploy refuses it): replaces those nodes one at a time, control-plane
and etcd nodes first, as Cluster API rolls machines out. Each node is drained and removed with
remove-node.yml, its server replaced by a tofu plan limited to it (refused if that plan changes anything
else), joined again (scale.yml; cluster.yml and upgrade-cluster.yml limited to etcd and the control plane
for those, as Kubespray's docs/operations/nodes.md says), and must be Ready before the next. Every phase
of every node is saved as it ends: run the same command again after a failure or a kill and it goes on
from there, never redoing a node. Refuses the first host of kube_control_plane or etcd, and an etcd member
of fewer than 3. The plan's other changes are left for the next deploy.
  --json                   print the result as JSON on stdout when done

${OPTIONS_PLACEHOLDER}`,
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
    const unknown = /^Unknown option '--([^']+)'/.exec(message)?.[1];
    const guess = unknown && closest(unknown, Object.keys(options ?? {}));
    throw new UsageError(
      `${command}: ${message.replace(/\. To specify a positional argument.*$/s, '')}${guess ? ` (did you mean --${guess}?)` : ''}\nrun "cluster-deploy ${command} --help" for usage`,
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

const WAIT_READY_FLAGS = {
  kubeconfig: { type: 'string' },
  kubectl: { type: 'string' },
  timeout: { type: 'string' },
  interval: { type: 'string' },
  nodes: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

const CLUSTER_CHOICE_FLAGS = {
  config: { type: 'string' },
  cluster: { type: 'string' },
  org: { type: 'string' },
  'state-dir': { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

const INSPECT_FLAGS = {
  status: { ...CLUSTER_CHOICE_FLAGS, kubeconfig: { type: 'string' }, json: { type: 'boolean' } },
  logs: { ...CLUSTER_CHOICE_FLAGS, run: { type: 'string' }, step: { type: 'string' } },
  list: { 'state-dir': { type: 'string' }, json: { type: 'boolean' } },
} as const satisfies Record<string, ParseArgsConfig['options']>;

/** Flags that belong to one operation command only (the rest of DEPLOY_FLAGS are shared by all five). */
const OWN_FLAGS: Record<string, readonly string[]> = {
  plan: [
    'tofu-plan',
    'verbose',
    'operation',
    'kubernetes-version',
    'allow-unsafe-node-removal',
    'ignore-capacity',
    'plan-credential',
  ],
  deploy: ['allow-unsafe-node-removal', 'ignore-capacity'],
  upgrade: ['kubernetes-version'],
  destroy: ['confirm', 'delete-leftovers'],
  check: ['plan-credential'],
  'replace-nodes': [],
};
const OWNED = new Set(Object.values(OWN_FLAGS).flat());

/** The tools' flags: an operation without the tool's steps would ignore them (`destroy --venv`, `upgrade --tofu`). */
const KUBESPRAY_FLAG = {
  of: 'the operations that run Kubespray (deploy, upgrade, replace-nodes)',
  operations: ['deploy', 'upgrade', 'replace-nodes'],
} as const;
const TOOL_FLAGS: Record<string, { of: string; operations: readonly Operation[] }> = {
  venv: KUBESPRAY_FLAG,
  'pip-arg': KUBESPRAY_FLAG,
  python: KUBESPRAY_FLAG,
  'ssh-private-key-file': KUBESPRAY_FLAG,
  'ssh-user': KUBESPRAY_FLAG,
  converge: KUBESPRAY_FLAG,
  tofu: {
    of: 'the operations that run OpenTofu (deploy, destroy, check, replace-nodes)',
    operations: ['deploy', 'destroy', 'check', 'replace-nodes'],
  },
};

const READINESS_FLAGS = ['timeout', 'interval', 'nodes'] as const;
/**
 * The operations without a readiness gate, and the readiness flags they refuse. A Cluster API destroy waits
 * for CAPO to delete the cluster within --timeout and --interval: main.ts refuses those two once the config
 * names another method.
 */
const NO_READINESS_GATE: Partial<Record<Operation, { flags: readonly string[]; why: string }>> = {
  check: { flags: READINESS_FLAGS, why: 'a check reads the cluster once and compares its nodes with the inventory' },
  destroy: { flags: ['nodes'], why: 'a destroy waits for no cluster to become ready' },
};

/** A command's help: the shared options section holds only the flags this command takes. */
function helpFor(command: string): string {
  const text = HELP[command]!;
  if (!text.includes(OPTIONS_PLACEHOLDER)) return text;
  const taken = new Set(commandFlags(command));
  const known = new Set(Object.keys(DEPLOY_FLAGS));
  const sections = DEPLOY_OPTIONS_HELP.split('\n\n').map((section) => {
    const [heading, ...lines] = section.split('\n');
    // A line is kept unless the first flag it names is one this command does not take.
    const kept = lines.filter((line) => {
      const first = [...line.matchAll(/--([\w-]+)/g)].map((m) => m[1]!).find((name) => known.has(name));
      return first === undefined || taken.has(first);
    });
    return kept.some((line) => /^\s+--/.test(line)) ? [heading, ...kept].join('\n') : undefined;
  });
  return text.replace(OPTIONS_PLACEHOLDER, sections.filter(Boolean).join('\n\n'));
}

/** Each command's flags, for completion, suggestions and its help. */
export function commandFlags(command: string): string[] {
  if (command === 'wait-ready') return Object.keys(WAIT_READY_FLAGS);
  if (command in INSPECT_FLAGS) return Object.keys(INSPECT_FLAGS[command as keyof typeof INSPECT_FLAGS]);
  if (command === 'completion') return [];
  if (command === 'init') return ['name', 'org', 'runner', 'dir', 'module-source'];
  if (command === 'etcd-restore') return Object.keys(ETCD_RESTORE_FLAGS);
  if (command === 'kubeconfig') return Object.keys(KUBECONFIG_FLAGS);
  if (command === 'normalize-kubeconfig') return ['config', 'cluster-dir', 'vip', 'kubeconfig', 'state-dir'];
  // The tools' flags only where their steps run (parseCli refuses them elsewhere; plan takes any operation's).
  const refused = (f: string) =>
    f in TOOL_FLAGS && command !== 'plan' && !TOOL_FLAGS[f]!.operations.includes(command as Operation);
  const noGate = (f: string) => NO_READINESS_GATE[command as Operation]?.flags.includes(f) ?? false;
  return Object.keys(DEPLOY_FLAGS).filter(
    (f) => f !== 'help' && !refused(f) && !noGate(f) && (!OWNED.has(f) || OWN_FLAGS[command]?.includes(f)),
  );
}

const COMMANDS = Object.keys(HELP);

export function completionScript(shell: 'bash' | 'zsh'): string {
  const steps = [...new Set(OPERATIONS.flatMap((op) => [...OPERATION_STEPS[op], ...CLUSTER_API_STEPS[op]]))];
  const cases = COMMANDS.map(
    (c) =>
      `    ${c}) flags="${commandFlags(c)
        .map((f) => `--${f}`)
        .join(' ')} --help" ;;`,
  ).join('\n');
  const body = `_cluster_deploy() {
  local cur prev words cword
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  local command="\${COMP_WORDS[1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "${COMMANDS.join(' ')} --help --version" -- "$cur"))
    return
  fi
  case "$prev" in
    --step|--from-step) COMPREPLY=($(compgen -W "${steps.join(' ')}" -- "$cur")); return ;;
    --operation) COMPREPLY=($(compgen -W "${OPERATIONS.join(' ')}" -- "$cur")); return ;;
    --method) COMPREPLY=($(compgen -W "kubespray none cluster-api" -- "$cur")); return ;;
    --runner) COMPREPLY=($(compgen -W "hosted self-hosted" -- "$cur")); return ;;
    --config|--kubeconfig|--clouds-yaml|--management-kubeconfig|--tofu|--kubectl|--clusterctl|--kind|--os-cacert|--output|--passphrase-file|--state-key-file)
      COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --state-dir|--cluster-dir|--venv) COMPREPLY=($(compgen -d -- "$cur")); return ;;
  esac
  if [ "$command" = completion ]; then COMPREPLY=($(compgen -W "bash zsh" -- "$cur")); return; fi
  local flags=""
  case "$command" in
${cases}
  esac
  COMPREPLY=($(compgen -W "$flags" -- "$cur"))
}`;
  if (shell === 'bash')
    return `# cluster-deploy completion for bash\n${body}\ncomplete -F _cluster_deploy cluster-deploy\n`;
  // zsh runs the bash function through bashcompinit: one script, the same answers in both shells.
  return `#compdef cluster-deploy\n# cluster-deploy completion for zsh\nautoload -U +X bashcompinit && bashcompinit\n${body}\ncomplete -F _cluster_deploy cluster-deploy\n`;
}

export function parseCli(argv: string[], env: NodeJS.ProcessEnv = process.env): CliCommand {
  const [command, ...rest] = argv;
  // `help deploy` is `deploy --help`, as in git and kubectl; `help plna` is the unknown command it names.
  if (command === 'help' && rest[0] && !rest[0].startsWith('-')) return parseCli([rest[0], '--help'], env);
  if (!command || command === '--help' || command === '-h' || command === 'help') return { kind: 'help', text: USAGE };
  if (command === '--version' || command === '-V' || command === 'version') return { kind: 'version' };
  if (!(command in HELP)) {
    const guess = closest(command.replace(/^-+/, ''), [...COMMANDS, 'version']);
    throw new UsageError(
      `unknown command "${command}"${guess ? ` (did you mean "${guess === 'version' ? '--version' : guess}"?)` : ''}\nrun "cluster-deploy --help" for the commands`,
    );
  }
  if (rest.includes('--help') || rest.includes('-h')) return { kind: 'help', text: helpFor(command) };
  const envValue = (name: string) => env[name]?.trim() || undefined;

  if (command === 'completion') {
    const [shell, ...more] = rest;
    if ((shell !== 'bash' && shell !== 'zsh') || more.length)
      throw new UsageError(
        `completion: give the shell, bash or zsh${shell ? ` (got "${[shell, ...more].join(' ')}")` : ''}`,
      );
    return { kind: 'completion', shell };
  }
  if (command === 'list') {
    const v = parse(command, rest, INSPECT_FLAGS.list);
    checkValues(v, command);
    return { kind: 'list', stateDir: v['state-dir'] ?? envValue('CLUSTER_DEPLOY_STATE_DIR'), json: !!v.json };
  }
  if (command === 'status' || command === 'logs') {
    const v = parse(command, rest, { ...INSPECT_FLAGS.status, ...INSPECT_FLAGS.logs }) as Record<
      string,
      string | boolean | undefined
    >;
    checkValues(v, command);
    for (const flag of Object.keys(v))
      if (!(flag in INSPECT_FLAGS[command]))
        throw new UsageError(
          `${command}: --${flag} is not an option of ${command}\nrun "cluster-deploy ${command} --help" for usage`,
        );
    const str = (name: string) => v[name] as string | undefined;
    if (v.step !== undefined) checkFilter({ step: str('step') });
    if (v.run !== undefined && !/^(\d+|[a-z]+-[0-9TZ-]+(\.log)?)$/.test(str('run')!))
      throw new UsageError(
        `${command}: --run "${str('run')}" is not a run number (1 = the newest) or a log file's name`,
      );
    if (v.run !== undefined && str('run') === '0') throw new UsageError(`${command}: --run counts from 1 (the newest)`);
    const configPath = str('config') ?? (v.cluster === undefined ? envValue('CLUSTER_DEPLOY_CONFIG') : undefined);
    if (!configPath && v.cluster === undefined)
      throw new UsageError(
        `${command}: give --config FILE (or set CLUSTER_DEPLOY_CONFIG), or --cluster NAME [--org ORG]`,
      );
    if (configPath && v.cluster !== undefined)
      throw new UsageError(`${command}: give --config FILE or --cluster NAME, not both`);
    return {
      kind: command,
      configPath,
      clusterName: v.cluster === undefined ? undefined : parseName(str('cluster')!, '--cluster'),
      organization: v.org === undefined ? undefined : parseName(str('org')!, '--org'),
      stateDir: str('state-dir') ?? envValue('CLUSTER_DEPLOY_STATE_DIR'),
      kubeconfigPath: str('kubeconfig'),
      json: !!v.json,
      run: str('run'),
      step: str('step'),
    };
  }
  if (command === 'init') return parseInitArgs(rest);
  if (command === 'etcd-restore') return parseEtcdRestoreArgs(rest, env);
  if (command === 'kubeconfig') return parseKubeconfigArgs(rest, env);

  if (command === 'wait-ready') {
    const v = parse(command, rest, WAIT_READY_FLAGS);
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
    configPath: text('config') ?? (v['cluster-dir'] === undefined ? envValue('CLUSTER_DEPLOY_CONFIG') : undefined),
    clusterDir: text('cluster-dir'),
    clusterName: v.cluster === undefined ? undefined : parseName(text('cluster')!, '--cluster'),
    organization: v.org === undefined ? undefined : parseName(text('org')!, '--org'),
    stateDir: text('state-dir') ?? envValue('CLUSTER_DEPLOY_STATE_DIR'),
    kubeconfigPath: text('kubeconfig'),
    vip: v.vip === undefined ? undefined : parseApiHost(text('vip')!, '--vip', UsageError),
    method: v.method === undefined ? undefined : parseMethod(text('method')!, '--method'),
    tofuBinary: text('tofu'),
    venvDir: text('venv'),
    pipArgs: v['pip-arg'] as string[] | undefined,
    python: text('python'),
    sshPrivateKeyFile: text('ssh-private-key-file'),
    sshUser: v['ssh-user'] === undefined ? undefined : parseSshUser(text('ssh-user')!, '--ssh-user'),
    converge: v.converge ? true : undefined,
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
    verbose: 'plan (a run prints every step as it goes)',
    operation: 'plan (each operation has its own command: cluster-deploy deploy|upgrade|destroy|check|replace-nodes)',
    confirm: command === 'plan' ? 'destroy (a plan changes nothing and needs no confirmation)' : 'destroy',
    'kubernetes-version': 'upgrade and plan --operation upgrade',
    'allow-unsafe-node-removal': 'deploy and plan --operation deploy',
    'ignore-capacity': 'deploy and plan --operation deploy',
    'plan-credential': 'check and plan --tofu-plan (the credential a tofu plan runs with)',
    'delete-leftovers': 'destroy',
  };
  const allowed: Record<string, string[]> = {
    plan: [
      'tofu-plan',
      'verbose',
      'operation',
      ...(v['tofu-plan'] ? ['plan-credential'] : []),
      ...(operation === 'upgrade' ? ['kubernetes-version'] : []),
      ...(operation === 'deploy' ? ['allow-unsafe-node-removal', 'ignore-capacity'] : []),
    ],
    deploy: ['allow-unsafe-node-removal', 'ignore-capacity'],
    upgrade: ['kubernetes-version'],
    destroy: ['confirm', 'delete-leftovers'],
    check: ['plan-credential'],
    'replace-nodes': [],
  };
  for (const flag of Object.keys(owner)) {
    if (v[flag] !== undefined && v[flag] !== false && !allowed[command]!.includes(flag)) {
      const where = `${command}${command === 'plan' ? ` --operation ${operation}` : ''}`;
      const [of, why = ''] = owner[flag]!.split(/(?= \()/);
      throw new UsageError(`${where}: --${flag} is an option of ${of}, not ${where}${why}`);
    }
  }
  // The readiness gate's flags: only the operations that end in wait-ready read them; elsewhere they would change nothing.
  for (const flag of READINESS_FLAGS) {
    const refused = NO_READINESS_GATE[operation];
    if (refused?.flags.includes(flag) && v[flag] !== undefined) {
      throw new UsageError(
        `${command === 'plan' ? `plan --operation ${operation}` : operation}: --${flag} is an option of the readiness gate (deploy, upgrade, wait-ready), not ${operation}: ${refused.why}`,
      );
    }
  }
  // The tools' flags: an operation without the tool's steps would ignore them (`destroy --venv`, `upgrade --tofu`).
  for (const [flag, { of, operations }] of Object.entries(TOOL_FLAGS)) {
    if (v[flag] !== undefined && !operations.includes(operation)) {
      const where = command === 'plan' ? `plan --operation ${operation}` : operation;
      throw new UsageError(`${where}: --${flag} is an option of ${of}, not ${operation}: it would be ignored`);
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
  if (v['ignore-capacity']) options.ignoreCapacity = true;
  if (v['delete-leftovers']) options.deleteCloudLeftovers = true;
  const filter: StepFilter = { restart: !!v.restart, step: text('step'), fromStep: text('from-step') };
  checkFilter(filter, undefined, operation);
  return {
    kind: command === 'plan' ? 'plan' : 'run',
    options: { ...options, operation },
    filter,
    json: !!v.json,
    quiet: !!v.quiet,
    tofuPlan: !!v['tofu-plan'],
    verbose: !!v.verbose,
    confirm: text('confirm'),
    planCredential: v['plan-credential'] === undefined ? 'any' : parsePlanCredential(text('plan-credential')!),
  };
}

function parsePlanCredential(value: string): PlanCredentialPolicy {
  if (!PLAN_CREDENTIAL_POLICIES.includes(value as PlanCredentialPolicy))
    throw new UsageError(`--plan-credential: "${value}" is not one of ${PLAN_CREDENTIAL_POLICIES.join(', ')}`);
  return value as PlanCredentialPolicy;
}
