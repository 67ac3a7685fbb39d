import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closest } from '../core/lib/did-you-mean.js';
import { UsageError } from '../core/lib/errors.js';
import { DEPLOYMENT_METHODS, OPERATIONS, type Operation } from '../core/lib/option-values.js';
import { CLUSTER_API_STEPS, OPERATION_STEPS } from '../core/model/operations.js';
import { RUNNERS } from '../core/model/scaffold.js';
import { CREDENTIAL_FIELDS } from '../core/openstack/credentials.js';
import { PLAN_CREDENTIAL_POLICIES } from '../core/openstack/roles.js';

/**
 * Every flag of every command, declared once: its type for the parser and what completion offers after
 * it. Which command takes which is the command table's (args.ts); which operation refuses which, below.
 */

/** What completion offers after a flag: a file, a directory, or one of these words. */
export type Completes = 'file' | 'dir' | readonly string[];

export interface Flag {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: true;
  completes?: Completes;
}

const text: Flag = { type: 'string' };
const on: Flag = { type: 'boolean' };
const file: Flag = { type: 'string', completes: 'file' };
const dir: Flag = { type: 'string', completes: 'dir' };
const words = (list: readonly string[]): Flag => ({ type: 'string', completes: list });
const STEP_IDS = [...new Set(OPERATIONS.flatMap((op) => [...OPERATION_STEPS[op], ...CLUSTER_API_STEPS[op]]))];

/** The credential flags, from the one credential table: a FILE is completed as a file, `a|b|c` as its words. */
const CREDENTIAL_FLAGS = Object.fromEntries(
  CREDENTIAL_FIELDS.map((spec): [string, Flag] => [
    spec.flag,
    spec.type === 'boolean'
      ? on
      : spec.placeholder === 'FILE'
        ? file
        : spec.placeholder.includes('|')
          ? words(spec.placeholder.split('|'))
          : text,
  ]),
);

export const FLAGS: Record<string, Flag> = {
  // Where the cluster is (the operations, status, logs, list, normalize-kubeconfig, etcd-restore).
  config: file,
  'cluster-dir': dir,
  cluster: text,
  org: text,
  'state-dir': dir,
  kubeconfig: file,
  vip: text,
  method: words(DEPLOYMENT_METHODS),
  'management-kubeconfig': file,
  // Which steps.
  restart: on,
  step: words(STEP_IDS),
  'from-step': words(STEP_IDS),
  // Tools.
  tofu: file,
  venv: dir,
  'pip-arg': { type: 'string', multiple: true },
  python: file,
  'ssh-private-key-file': file,
  'ssh-user': text,
  converge: on,
  clusterctl: file,
  kind: file,
  kubectl: file,
  // Readiness.
  timeout: text,
  interval: text,
  nodes: text,
  // Credentials.
  ...CREDENTIAL_FLAGS,
  'os-cloud': text,
  'clouds-yaml': file,
  'skip-auth-check': on,
  'auth-timeout': text,
  // Output.
  json: on,
  quiet: { type: 'boolean', short: 'q' },
  verbose: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
  // One command's own.
  'tofu-plan': on,
  operation: words(OPERATIONS),
  'kubernetes-version': text,
  confirm: text,
  'allow-unsafe-node-removal': on,
  'ignore-capacity': on,
  'delete-leftovers': on,
  'plan-credential': words(PLAN_CREDENTIAL_POLICIES),
  run: text,
  name: text,
  runner: words(RUNNERS),
  dir,
  'module-source': text,
  snapshot: text,
  'broken-etcd': text,
  'broken-control-plane': text,
  repo: text,
  output: file,
  force: on,
  'trusted-branches': text,
  'passphrase-file': file,
  'state-key-file': file,
  'api-url': text,
};

/** parseArgs' options for these flags. */
export function parseOptions(names: readonly string[]): NonNullable<ParseArgsConfig['options']> {
  return Object.fromEntries(
    names.map((name) => {
      const { completes: _, ...option } = FLAGS[name]!;
      return [name, option];
    }),
  );
}

/**
 * The flags parseArgs takes for the operation commands (plan, deploy, upgrade, destroy, check,
 * replace-nodes): all of them, so that one an operation does not take is refused by `refusal` in words
 * that say whose it is, never with "unknown option".
 */
export const OPERATION_FLAGS = [
  ...['config', 'cluster-dir', 'cluster', 'org', 'state-dir', 'restart', 'step', 'from-step', 'timeout', 'interval'],
  ...['nodes', 'kubeconfig', 'vip', 'method', 'management-kubeconfig', 'clusterctl', 'kind', 'tofu', 'venv'],
  ...['pip-arg', 'python', 'ssh-private-key-file', 'ssh-user', 'converge', 'skip-auth-check', 'auth-timeout'],
  ...['os-cloud', 'clouds-yaml', 'json', 'quiet', 'tofu-plan', 'verbose', 'operation', 'kubernetes-version'],
  ...['confirm', 'allow-unsafe-node-removal', 'ignore-capacity', 'delete-leftovers', 'plan-credential', 'help'],
  ...CREDENTIAL_FIELDS.map((spec) => spec.flag),
];

/** What an operation command runs: the command, its operation (plan's --operation) and whether plan runs tofu. */
export interface OperationContext {
  command: string;
  operation: Operation;
  tofuPlan: boolean;
}

/** Flags of some operation commands only: who takes them, and whose they are in the refusal. */
const OWNED: Record<string, { takes: (c: OperationContext) => boolean; of: (c: OperationContext) => string }> = {
  'tofu-plan': { takes: (c) => c.command === 'plan', of: () => 'plan' },
  verbose: { takes: (c) => c.command === 'plan', of: () => 'plan (a run prints every step as it goes)' },
  operation: {
    takes: (c) => c.command === 'plan',
    of: () => 'plan (each operation has its own command: cluster-deploy deploy|upgrade|destroy|check|replace-nodes)',
  },
  confirm: {
    takes: (c) => c.command === 'destroy',
    of: (c) => (c.command === 'plan' ? 'destroy (a plan changes nothing and needs no confirmation)' : 'destroy'),
  },
  'kubernetes-version': { takes: (c) => c.operation === 'upgrade', of: () => 'upgrade and plan --operation upgrade' },
  'allow-unsafe-node-removal': {
    takes: (c) => c.operation === 'deploy',
    of: () => 'deploy and plan --operation deploy',
  },
  'ignore-capacity': { takes: (c) => c.operation === 'deploy', of: () => 'deploy and plan --operation deploy' },
  'plan-credential': {
    takes: (c) => c.command === 'check' || (c.command === 'plan' && c.tofuPlan),
    of: () => 'check and plan --tofu-plan (the credential a tofu plan runs with)',
  },
  'delete-leftovers': { takes: (c) => c.command === 'destroy', of: () => 'destroy' },
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

/** The order flags are refused in when several are wrong: another command's first, then readiness, then tools. */
export const REFUSABLE_FLAGS = [...Object.keys(OWNED), ...READINESS_FLAGS, ...Object.keys(TOOL_FLAGS)];

/**
 * Why an operation command does not take a flag (a usage error's text), or undefined when it does. A flag
 * of another command is a mistake to say, not to ignore (`deploy --confirm x` destroys nothing).
 */
export function refusal(flag: string, c: OperationContext): string | undefined {
  const planned = c.command === 'plan' ? `plan --operation ${c.operation}` : c.operation;
  const owned = OWNED[flag];
  if (owned && !owned.takes(c)) {
    const where = `${c.command}${c.command === 'plan' ? ` --operation ${c.operation}` : ''}`;
    const [of, why = ''] = owned.of(c).split(/(?= \()/);
    return `${where}: --${flag} is an option of ${of}, not ${where}${why}`;
  }
  const noGate = NO_READINESS_GATE[c.operation];
  if (noGate?.flags.includes(flag))
    return `${planned}: --${flag} is an option of the readiness gate (deploy, upgrade, wait-ready), not ${c.operation}: ${noGate.why}`;
  const tool = TOOL_FLAGS[flag];
  if (tool && !tool.operations.includes(c.operation))
    return `${planned}: --${flag} is an option of ${tool.of}, not ${c.operation}: it would be ignored`;
  return undefined;
}

/** Every context an operation command can run in: plan plans any operation, with or without tofu. */
export function operationContexts(command: string): OperationContext[] {
  if (command !== 'plan') return [{ command, operation: command as Operation, tofuPlan: false }];
  return OPERATIONS.flatMap((operation) => [false, true].map((tofuPlan) => ({ command, operation, tofuPlan })));
}

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

/**
 * The parse phase of a command: its flags (by name, from FLAGS) out of argv, node's errors said in our words,
 * then every value checked for emptiness and control characters.
 */
export function parseFlags(command: string, argv: string[], names: readonly string[]): FlagValues {
  const values = parse(command, argv, parseOptions(names));
  checkValues(values, command);
  return values;
}

/** A command's parsed flags: a string, a switch, or a repeatable flag's list. */
export type FlagValues = Record<string, string | boolean | string[] | undefined>;

function parse(command: string, argv: string[], options: ParseArgsConfig['options']): FlagValues {
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
