import { parseApiHost } from '../core/lib/address.js';
import { closest } from '../core/lib/did-you-mean.js';
import { UsageError } from '../core/lib/errors.js';
import {
  DURATION_LIMITS,
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
import { parseSshUser } from '../core/model/kubespray-source.js';
import { credentialOptions } from '../core/openstack/credentials.js';
import { PLAN_CREDENTIAL_POLICIES, type PlanCredentialPolicy } from '../core/openstack/roles.js';
import { completionScript } from './completion.js';
import { ETCD_RESTORE_FLAGS, type EtcdRestoreCommand, parseEtcdRestoreArgs } from './etcd-restore.js';
import { KUBECONFIG_FLAGS, type KubeconfigCommand, parseKubeconfigArgs } from './kubeconfig.js';
import {
  type FlagValues,
  OPERATION_FLAGS,
  operationContexts,
  parseFlags,
  parseOptions,
  REFUSABLE_FLAGS,
  refusal,
} from './flags.js';
import { HELP, helpFor, USAGE } from './help.js';
import { INIT_FLAGS, type InitCommand, parseInitArgs } from './init.js';

export { USAGE } from './help.js';

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

/**
 * One declaration per command: the flags it takes (what its help lists and completion offers), what its
 * parser reads when that is more (the rest are refused in words that name whose they are), its help and
 * how its flags become a command. parseCli routes, answers --help, then calls `build`.
 */
interface CommandSpec {
  flags: readonly string[];
  reads?: readonly string[];
  help: string;
  build(argv: string[], env: NodeJS.ProcessEnv): CliCommand;
}

const CLUSTER_CHOICE = ['config', 'cluster', 'org', 'state-dir'] as const;
const INSPECT_FLAGS = {
  status: [...CLUSTER_CHOICE, 'kubeconfig', 'json'],
  logs: [...CLUSTER_CHOICE, 'run', 'step'],
} as const;
const WAIT_READY_FLAGS = ['kubeconfig', 'kubectl', 'timeout', 'interval', 'nodes'];
const NORMALIZE_FLAGS = ['config', 'cluster-dir', 'vip', 'kubeconfig', 'state-dir'];
const LIST_FLAGS = ['state-dir', 'json'];

/** The flags an operation command takes in some context (plan: any operation, with or without --tofu-plan). */
const operationFlags = (command: string) =>
  OPERATION_FLAGS.filter(
    (flag) => flag !== 'help' && operationContexts(command).some((context) => !refusal(flag, context)),
  );
const operation = (command: string): CommandSpec => ({
  flags: operationFlags(command),
  help: HELP[command]!,
  reads: OPERATION_FLAGS,
  build: (argv, env) => operationCommand(command, argv, env),
});
const inspect = (command: 'status' | 'logs'): CommandSpec => ({
  flags: INSPECT_FLAGS[command],
  help: HELP[command]!,
  reads: [...new Set([...INSPECT_FLAGS.status, ...INSPECT_FLAGS.logs])],
  build: (argv, env) => inspectCommand(command, argv, env),
});

/** In the order `cluster-deploy --help` and completion list them. */
const COMMANDS: Record<string, CommandSpec> = {
  status: inspect('status'),
  list: {
    flags: LIST_FLAGS,
    help: HELP.list!,
    build: (argv, env) => {
      const v = parseFlags('list', argv, LIST_FLAGS);
      return {
        kind: 'list',
        stateDir: text(v, 'state-dir') ?? envValue(env, 'CLUSTER_DEPLOY_STATE_DIR'),
        json: !!v.json,
      };
    },
  },
  logs: inspect('logs'),
  completion: { flags: [], help: HELP.completion!, build: (argv) => completionCommand(argv) },
  init: { flags: INIT_FLAGS, help: HELP.init!, build: (argv) => parseInitArgs(argv, parseOptions(INIT_FLAGS)) },
  'etcd-restore': {
    flags: ETCD_RESTORE_FLAGS,
    help: HELP['etcd-restore']!,
    build: (argv, env) => parseEtcdRestoreArgs(argv, env, parseOptions(ETCD_RESTORE_FLAGS)),
  },
  kubeconfig: {
    flags: KUBECONFIG_FLAGS,
    help: HELP.kubeconfig!,
    build: (argv, env) => parseKubeconfigArgs(argv, env, parseOptions(KUBECONFIG_FLAGS)),
  },
  plan: operation('plan'),
  deploy: operation('deploy'),
  upgrade: operation('upgrade'),
  destroy: operation('destroy'),
  check: operation('check'),
  'replace-nodes': operation('replace-nodes'),
  'normalize-kubeconfig': { flags: NORMALIZE_FLAGS, help: HELP['normalize-kubeconfig']!, build: normalizeCommand },
  'wait-ready': { flags: WAIT_READY_FLAGS, help: HELP['wait-ready']!, build: waitReadyCommand },
};
const NAMES = Object.keys(COMMANDS);

/** Each command's flags: what its parser takes, its help lists and completion offers. */
export function commandFlags(command: string): string[] {
  return [...(COMMANDS[command]?.flags ?? [])];
}

export function completion(shell: 'bash' | 'zsh'): string {
  return completionScript(shell, Object.fromEntries(NAMES.map((name) => [name, COMMANDS[name]!.flags])));
}

/** argv in, one typed command out, in phases: route the command, answer --help, then the command's own build. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv = process.env): CliCommand {
  const [command, ...rest] = argv;
  // `help deploy` is `deploy --help`, as in git and kubectl; `help plna` is the unknown command it names.
  if (command === 'help' && rest[0] && !rest[0].startsWith('-')) return parseCli([rest[0], '--help'], env);
  if (!command || command === '--help' || command === '-h' || command === 'help') return { kind: 'help', text: USAGE };
  if (command === '--version' || command === '-V' || command === 'version') return { kind: 'version' };
  const spec = COMMANDS[command];
  if (!spec) {
    const guess = closest(command.replace(/^-+/, ''), [...NAMES, 'version']);
    throw new UsageError(
      `unknown command "${command}"${guess ? ` (did you mean "${guess === 'version' ? '--version' : guess}"?)` : ''}\nrun "cluster-deploy --help" for the commands`,
    );
  }
  if (rest.includes('--help') || rest.includes('-h'))
    return { kind: 'help', text: helpFor(spec.help, new Set(spec.flags)) };
  return spec.build(rest, env);
}

const envValue = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() || undefined;
const text = (v: FlagValues, name: string) => v[name] as string | undefined;
const durationOf = (value: string | undefined, flag: string, limits: { min: number; max: number }) =>
  value === undefined ? undefined : parseDurationOption(value, flag, limits);

/** A flag the parser read for a command that does not take it. */
function refuseOthers(command: string, v: FlagValues, takes: readonly string[]): void {
  for (const flag of Object.keys(v))
    if (!takes.includes(flag))
      throw new UsageError(
        `${command}: --${flag} is not an option of ${command}\nrun "cluster-deploy ${command} --help" for usage`,
      );
}

function completionCommand([shell, ...more]: string[]): CliCommand {
  if ((shell !== 'bash' && shell !== 'zsh') || more.length)
    throw new UsageError(
      `completion: give the shell, bash or zsh${shell ? ` (got "${[shell, ...more].join(' ')}")` : ''}`,
    );
  return { kind: 'completion', shell };
}

function inspectCommand(command: 'status' | 'logs', argv: string[], env: NodeJS.ProcessEnv): CliCommand {
  const v = parseFlags(command, argv, COMMANDS[command]!.reads!);
  refuseOthers(command, v, INSPECT_FLAGS[command]);
  const run = text(v, 'run');
  if (v.step !== undefined) checkFilter({ step: text(v, 'step') });
  if (run !== undefined && !/^(\d+|[a-z]+(-[a-z]+)*-[0-9TZ-]+(\.log)?)$/.test(run))
    throw new UsageError(`${command}: --run "${run}" is not a run number (1 = the newest) or a log file's name`);
  if (run === '0') throw new UsageError(`${command}: --run counts from 1 (the newest)`);
  const configPath =
    text(v, 'config') ?? (v.cluster === undefined ? envValue(env, 'CLUSTER_DEPLOY_CONFIG') : undefined);
  if (!configPath && v.cluster === undefined)
    throw new UsageError(
      `${command}: give --config FILE (or set CLUSTER_DEPLOY_CONFIG), or --cluster NAME [--org ORG]`,
    );
  if (configPath && v.cluster !== undefined)
    throw new UsageError(`${command}: give --config FILE or --cluster NAME, not both`);
  return {
    kind: command,
    configPath,
    clusterName: v.cluster === undefined ? undefined : parseName(text(v, 'cluster')!, '--cluster'),
    organization: v.org === undefined ? undefined : parseName(text(v, 'org')!, '--org'),
    stateDir: text(v, 'state-dir') ?? envValue(env, 'CLUSTER_DEPLOY_STATE_DIR'),
    kubeconfigPath: text(v, 'kubeconfig'),
    json: !!v.json,
    run,
    step: text(v, 'step'),
  };
}

function waitReadyCommand(argv: string[]): CliCommand {
  const v = parseFlags('wait-ready', argv, WAIT_READY_FLAGS);
  const kubeconfig = text(v, 'kubeconfig');
  if (!kubeconfig) throw new UsageError('wait-ready: --kubeconfig PATH is required');
  return {
    kind: 'wait-ready',
    kubeconfig,
    kubectl: text(v, 'kubectl'),
    timeoutMs: durationOf(text(v, 'timeout'), '--timeout', DURATION_LIMITS.timeout),
    intervalMs: durationOf(text(v, 'interval'), '--interval', DURATION_LIMITS.interval),
    nodes: v.nodes === undefined ? undefined : parseNodeCount(text(v, 'nodes')!, '--nodes'),
  };
}

function normalizeCommand(argv: string[], env: NodeJS.ProcessEnv): CliCommand {
  const options = deployOptions(parseFlags('normalize-kubeconfig', argv, NORMALIZE_FLAGS), env);
  if (!options.configPath && !options.clusterDir)
    throw new UsageError('normalize-kubeconfig: --cluster-dir DIR is required (or --config FILE)');
  if (!options.configPath && !options.vip)
    throw new UsageError('normalize-kubeconfig: --vip IP is required (or --config FILE)');
  return { kind: 'normalize-kubeconfig', options };
}

/** The flags every operation shares (and normalize-kubeconfig some of), as the engine takes them. */
function deployOptions(v: FlagValues, env: NodeJS.ProcessEnv): DeployOptions {
  const waitReady = {
    ...(v.timeout !== undefined && { timeoutMs: durationOf(text(v, 'timeout'), '--timeout', DURATION_LIMITS.timeout) }),
    ...(v.interval !== undefined && {
      intervalMs: durationOf(text(v, 'interval'), '--interval', DURATION_LIMITS.interval),
    }),
    ...(v.nodes !== undefined && { nodes: parseNodeCount(text(v, 'nodes')!, '--nodes') }),
  };
  return {
    configPath:
      text(v, 'config') ?? (v['cluster-dir'] === undefined ? envValue(env, 'CLUSTER_DEPLOY_CONFIG') : undefined),
    clusterDir: text(v, 'cluster-dir'),
    clusterName: v.cluster === undefined ? undefined : parseName(text(v, 'cluster')!, '--cluster'),
    organization: v.org === undefined ? undefined : parseName(text(v, 'org')!, '--org'),
    stateDir: text(v, 'state-dir') ?? envValue(env, 'CLUSTER_DEPLOY_STATE_DIR'),
    kubeconfigPath: text(v, 'kubeconfig'),
    vip: v.vip === undefined ? undefined : parseApiHost(text(v, 'vip')!, '--vip', UsageError),
    method: v.method === undefined ? undefined : parseMethod(text(v, 'method')!, '--method'),
    tofuBinary: text(v, 'tofu'),
    venvDir: text(v, 'venv'),
    pipArgs: v['pip-arg'] as string[] | undefined,
    python: text(v, 'python'),
    sshPrivateKeyFile: text(v, 'ssh-private-key-file'),
    sshUser: v['ssh-user'] === undefined ? undefined : parseSshUser(text(v, 'ssh-user')!, '--ssh-user'),
    converge: v.converge ? true : undefined,
    skipAuthCheck: !!v['skip-auth-check'],
    authTimeoutMs: durationOf(text(v, 'auth-timeout'), '--auth-timeout', DURATION_LIMITS.authTimeout),
    waitReady,
    cloud: text(v, 'os-cloud'),
    cloudsYaml: text(v, 'clouds-yaml'),
    credentials: credentialOptions('cli', (spec) => v[spec.flag] as string | boolean | undefined),
    ...((v['management-kubeconfig'] ?? v.clusterctl ?? v.kind) !== undefined && {
      clusterApi: {
        managementKubeconfig: text(v, 'management-kubeconfig'),
        clusterctl: text(v, 'clusterctl'),
        kind: text(v, 'kind'),
      },
    }),
  };
}

/** plan, deploy, upgrade, destroy, check, replace-nodes: the shared options, then what this one refuses. */
function operationCommand(command: string, argv: string[], env: NodeJS.ProcessEnv): CliCommand {
  const v = parseFlags(command, argv, OPERATION_FLAGS);
  const options = deployOptions(v, env);
  if (!options.configPath && !options.clusterDir) {
    throw new UsageError(`${command}: give --config FILE, or --cluster-dir DIR (with --vip IP) for standalone use`);
  }
  const operation: Operation =
    command === 'plan'
      ? v.operation === undefined
        ? 'deploy'
        : parseOperation(text(v, 'operation')!, '--operation')
      : (command as Operation);
  const context = { command, operation, tofuPlan: !!v['tofu-plan'] };
  for (const flag of REFUSABLE_FLAGS) {
    const why = v[flag] !== undefined ? refusal(flag, context) : undefined;
    if (why) throw new UsageError(why);
  }
  // destroy without --confirm: checked once the config names the cluster, so the message can name it (main.ts).
  if (options.method === 'none' && operation === 'upgrade') {
    throw new UsageError(
      `${command === 'plan' ? 'plan --operation upgrade' : 'upgrade'}: --method none has no upgrade (the OpenTofu code installs Kubernetes, so it upgrades it too: change it and deploy); upgrade runs Kubespray, with --method kubespray`,
    );
  }
  if (v['kubernetes-version'] !== undefined)
    options.kubernetesVersion = parseKubernetesVersionOption(text(v, 'kubernetes-version')!, '--kubernetes-version');
  if (v['allow-unsafe-node-removal']) options.allowUnsafeNodeRemoval = true;
  if (v['ignore-capacity']) options.ignoreCapacity = true;
  if (v['delete-leftovers']) options.deleteCloudLeftovers = true;
  const filter: StepFilter = { restart: !!v.restart, step: text(v, 'step'), fromStep: text(v, 'from-step') };
  checkFilter(filter, undefined, operation);
  return {
    kind: command === 'plan' ? 'plan' : 'run',
    options: { ...options, operation },
    filter,
    json: !!v.json,
    quiet: !!v.quiet,
    tofuPlan: !!v['tofu-plan'],
    verbose: !!v.verbose,
    confirm: text(v, 'confirm'),
    planCredential: v['plan-credential'] === undefined ? 'any' : parsePlanCredential(text(v, 'plan-credential')!),
  };
}

function parsePlanCredential(value: string): PlanCredentialPolicy {
  if (!PLAN_CREDENTIAL_POLICIES.includes(value as PlanCredentialPolicy))
    throw new UsageError(`--plan-credential: "${value}" is not one of ${PLAN_CREDENTIAL_POLICIES.join(', ')}`);
  return value as PlanCredentialPolicy;
}
