import { CloudsYamlSchema, CREDENTIAL_FIELDS, credentialOptions } from '../../core/openstack/credentials.js';
import { parseApiHost } from '../../core/lib/address.js';
import { formatIssues, UsageError, UserError } from '../../core/lib/errors.js';
import { quoteInput } from '../../core/lib/echo.js';
import {
  DURATION_LIMITS,
  parseDurationOption,
  parseKubernetesVersionOption,
  parseMethod,
  parseNodeCount,
  parseOperation,
  type Operation,
} from '../../core/lib/option-values.js';
import { checkFilter, type StepFilter } from '../../core/engine/selection.js';
import type { DeployOptions } from '../../core/model/settings.js';
import { parseSshUser } from '../../core/model/kubespray-source.js';
import { CLOUDS_YAML, parseYaml, parseYamlMapping } from '../../core/lib/yaml.js';
import { PLAN_CREDENTIAL_POLICIES, type PlanCredentialPolicy } from '../../core/openstack/roles.js';
import { requireStrongPassphrase } from '../../core/lib/passphrase.js';
import { STATE_KEY_MIN_LENGTH } from '../state/state-seal.js';
import { parseTrustedBranches, type TrustedBranches } from '../state/state-trust.js';

/**
 * The root action's inputs whose defaults the action applies, not action.yml. The runner passes every
 * `default:` of action.yml as if the workflow had written it (actions/runner ActionRunner.cs), so an
 * input refused where it does not apply (timeout and interval on a destroy that waits for nothing)
 * must have none there, or every run would be refused. docs/inputs.md shows these in its Default column.
 */
export const ROOT_INPUT_DEFAULTS_IN_CODE = { timeout: '30m', interval: '5s' } as const;

/** Reads one action input ('' when unset), as `core.getInput` does. */
export type InputReader = (name: string) => string;

/** Inputs whose values are secrets: masked before anything else runs. */
export const SECRET_INPUTS = [
  ...CREDENTIAL_FIELDS.filter((spec) => spec.secret).map((spec) => spec.input),
  'clouds-yaml',
  'kubeconfig-passphrase',
  'ssh-private-key',
  'tofu-state-passphrase',
  'plan-passphrase',
  'github-token',
  'state-key',
];

export type StateStoreKind = 'artifact' | 'local' | 'none';

/** Everything an action run needs, from its inputs: the one typed settings object. */
export interface ActionSettings {
  /** `operation` is always set (input operation, default deploy). */
  deploy: DeployOptions & { operation: Operation };
  /** destroy: the cluster's name, checked before anything runs (not for a dry run). */
  confirmDestroy?: string;
  filter: StepFilter;
  /** Plan only: the engine's plan and, when a deploy would apply, `tofu plan` with its PR comment (dry-run, or actions/tofu mode: plan). */
  dryRun: boolean;
  /** On a pull request, post the plan as one sticky comment per cluster. */
  comment: boolean;
  /** Upload the binary plan, encrypted with planPassphrase, for a later deploy to apply exactly. */
  savePlan: boolean;
  planPassphrase?: string;
  /** A plan artifact (from save-plan) to apply instead of planning anew. */
  planArtifact?: string;
  /** Apply only the plan the plan job saved (plan-artifact), or nothing when it recorded that none is needed. */
  requireSavedPlan: boolean;
  /** Seals the resume state this job writes and checks the one it restores (state-seal.ts). */
  stateKey?: string;
  /** The branches whose runs' resume state may be restored (default: the default branch). */
  trustedBranches: TrustedBranches;
  /** Keep the Kubespray venv in the Actions cache between runs. */
  venvCache: boolean;
  stateStore: StateStoreKind;
  /** `artifact`: keep a local-backend tofu state, encrypted, with the resume state. */
  tofuState: 'none' | 'artifact';
  kubeconfigPassphrase?: string;
  tofuStatePassphrase?: string;
  githubToken?: string;
  environment?: string;
  /** clouds.yaml content given inline, to be written to a private file. */
  cloudsYamlContent?: string;
  /** operation check: open, update or close the cluster's health issue from the report (needs issues: write). */
  healthIssue: boolean;
  /** input ssh-private-key: written to a private file under RUNNER_TEMP by the run. */
  sshPrivateKey?: string;
  /** The tools' output in the run's log file only, not the job log (input quiet, default true). */
  quiet: boolean;
  /** A dry run or check: `reader-only` refuses a credential with more than the reader role (openstack/roles.ts). */
  planCredential: PlanCredentialPolicy;
}

/** A line break or control character in a one-line input: a paste mistake, and it would break the error line. */
function checkLine(name: string, value: string): string {
  if (/[\0-\x1f\x7f]/.test(value)) throw new UsageError(`input ${name}: contains a line break or control character`);
  return value;
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[], fallback: T): T {
  if (value === '') return fallback;
  checkLine(name, value);
  if (!allowed.includes(value as T))
    throw new UsageError(`input ${name}: ${quoteInput(value)} is not one of ${allowed.join(', ')}`);
  return value as T;
}

/** A true/false input ('' is false): true, yes, 1 or false, no, 0, any case. */
export function bool(name: string, value: string): boolean {
  if (value === '') return false;
  checkLine(name, value);
  if (/^(true|yes|1)$/i.test(value)) return true;
  if (/^(false|no|0)$/i.test(value)) return false;
  throw new UsageError(`input ${name}: ${quoteInput(value)} is not true or false`);
}

/** Every secret-looking leaf of a clouds.yaml document, to mask. */
export function cloudsYamlSecrets(content: string): string[] {
  const secrets: string[] = [];
  const visit = (node: unknown, key?: string) => {
    if (typeof node === 'string' && key && /password|secret|token/i.test(key)) secrets.push(node);
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) visit(v, k);
  };
  try {
    visit(parseYaml(content, 'input clouds-yaml', CLOUDS_YAML).value);
  } catch {
    // not YAML: it is a path, or the credential resolver reports the problem
  }
  return secrets;
}

/**
 * clouds.yaml given inline is checked as the input it is: later, as the private file it is written
 * to, its errors would name a temporary path the user never gave. (Which cloud it holds is checked
 * when credentials are resolved.) core/lib/yaml.ts never quotes the text, so no secret reaches the message.
 */
function checkInlineCloudsYaml(content: string): void {
  try {
    const parsed = CloudsYamlSchema.safeParse(parseYamlMapping(content, 'input clouds-yaml', CLOUDS_YAML).value);
    if (!parsed.success) throw new UserError(formatIssues('input clouds-yaml', parsed.error.issues));
  } catch (error) {
    throw error instanceof UserError ? new UsageError(error.message) : error;
  }
}

/** The operation each operation-specific input belongs to, for the error naming it. */
const INPUT_OPERATIONS = {
  'confirm-destroy': ['destroy'],
  'kubernetes-version': ['upgrade'],
  'allow-unsafe-node-removal': ['deploy'],
  'ignore-capacity': ['deploy'],
  'save-plan': ['deploy'],
  'plan-artifact': ['deploy'],
  'require-saved-plan': ['deploy'],
  'health-issue': ['check'],
  // The readiness gate's node count (timeout and interval have defaults, so cannot be told apart from unset).
  nodes: ['deploy', 'upgrade', 'replace-nodes'],
  // A check changes nothing, so it records no deployment.
  environment: ['deploy', 'upgrade', 'destroy'],
} as const satisfies Record<string, readonly Operation[]>;

/**
 * An input of another operation is a mistake to say, not to ignore: `confirm-destroy` on a deploy
 * destroys nothing, `kubernetes-version` on a deploy upgrades nothing.
 */
function checkOperationInputs(
  settings: ActionSettings,
  allowUnsafeNodeRemoval: boolean,
  ignoreCapacity: boolean,
): void {
  const operation = settings.deploy.operation;
  const given: Record<keyof typeof INPUT_OPERATIONS, boolean> = {
    'confirm-destroy': settings.confirmDestroy !== undefined,
    'kubernetes-version': settings.deploy.kubernetesVersion !== undefined,
    'allow-unsafe-node-removal': allowUnsafeNodeRemoval,
    'ignore-capacity': ignoreCapacity,
    'save-plan': settings.savePlan,
    'plan-artifact': settings.planArtifact !== undefined,
    'require-saved-plan': settings.requireSavedPlan,
    'health-issue': settings.healthIssue,
    nodes: settings.deploy.waitReady?.nodes !== undefined,
    environment: settings.environment !== undefined,
  };
  for (const [name, operations] of Object.entries(INPUT_OPERATIONS) as [
    keyof typeof INPUT_OPERATIONS,
    readonly Operation[],
  ][]) {
    if (given[name] && !operations.includes(operation)) {
      throw new UsageError(
        `input ${name} applies only to operation: ${operations.join(' or ')}, not to operation: ${operation}; remove it${operation === 'deploy' ? ' or set operation' : ''}`,
      );
    }
  }
}

/**
 * state-key seals the resume state: long enough that the seal, which anyone who can read the
 * artifacts sees, cannot be used to guess it. Never echoed. Not the kubeconfig passphrase: that one
 * is chosen to be typed, and is held by jobs (plans, previews) that must not be able to write state.
 */
function checkStateKey(key: string | undefined, kubeconfigPassphrase: string | undefined): void {
  if (key === undefined) return;
  if (/[\0-\x1f\x7f]/.test(key)) throw new UsageError('input state-key: contains a line break or control character');
  if ([...key].length < STATE_KEY_MIN_LENGTH)
    throw new UsageError(
      `input state-key: ${[...key].length} characters; use at least ${STATE_KEY_MIN_LENGTH} random ones (openssl rand -base64 32), kept in the secrets of the environments that deploy`,
    );
  if (key === kubeconfigPassphrase)
    throw new UsageError(
      'input state-key: the same value as kubeconfig-passphrase; use a secret of its own, held only by the environments that deploy',
    );
}

/** Turns action inputs into settings; no side effects (actions/checkout's input-helper pattern). */
export function readActionSettings(input: InputReader, env: NodeJS.ProcessEnv): ActionSettings {
  const text = (name: string) => input(name).trim() || undefined;
  /** A one-line input: a path, a name, a value to parse. (Secrets and the multi-line pip-args and clouds-yaml are read with text.) */
  const line = (name: string) => {
    const value = text(name);
    return value === undefined ? undefined : checkLine(name, value);
  };
  const parsed = <T>(name: string, parse: (value: string, where: string) => T): T | undefined => {
    const value = line(name);
    return value === undefined ? undefined : parse(value, `input ${name}`);
  };
  const duration = (name: string, limits: { min: number; max: number }) =>
    parsed(name, (value, where) => parseDurationOption(value, where, limits));
  const timeoutMs = duration('timeout', DURATION_LIMITS.timeout);
  const intervalMs = duration('interval', DURATION_LIMITS.interval);
  const nodes = parsed('nodes', parseNodeCount);
  const cloudsYaml = text('clouds-yaml');
  const inlineClouds = cloudsYaml !== undefined && /\n|^clouds:/.test(cloudsYaml);
  if (inlineClouds) checkInlineCloudsYaml(cloudsYaml);
  const tofuState = oneOf('tofu-state', input('tofu-state').trim(), ['none', 'artifact'] as const, 'none');
  const kubeconfigPassphrase = text('kubeconfig-passphrase');
  const operation = parsed('operation', parseOperation) ?? 'deploy';
  // action.yml's default is 'false', so only true says anything.
  const allowUnsafeNodeRemoval = bool('allow-unsafe-node-removal', input('allow-unsafe-node-removal').trim());
  const ignoreCapacity = bool('ignore-capacity', input('ignore-capacity').trim());
  const settings: ActionSettings = {
    deploy: {
      operation,
      kubernetesVersion: parsed('kubernetes-version', parseKubernetesVersionOption),
      ...(allowUnsafeNodeRemoval && { allowUnsafeNodeRemoval }),
      ...(ignoreCapacity && { ignoreCapacity }),
      configPath: line('config'),
      clusterDir: line('cluster-dir') ?? line('working-directory'),
      vip: parsed('vip', (value, where) => parseApiHost(value, where, UsageError)),
      method: parsed('method', parseMethod),
      ...(line('management-kubeconfig') !== undefined && {
        clusterApi: { managementKubeconfig: line('management-kubeconfig') },
      }),
      tofuBinary: line('tofu-path'),
      kubeconfigPath: line('kubeconfig-path'),
      stateDir: env.RUNNER_TEMP ? `${env.RUNNER_TEMP}/cluster-deploy` : undefined,
      pipArgs: input('pip-args')
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
      python: line('python'),
      sshUser: parsed('ssh-user', (value, where) => parseSshUser(value, where)),
      ...(bool('converge', input('converge').trim()) && { converge: true }),
      skipAuthCheck: bool('skip-auth-check', input('skip-auth-check').trim()),
      authTimeoutMs: duration('auth-timeout', DURATION_LIMITS.authTimeout),
      waitReady: {
        ...(timeoutMs !== undefined && { timeoutMs }),
        ...(intervalMs !== undefined && { intervalMs }),
        ...(nodes !== undefined && { nodes }),
      },
      cloud: line('cloud'),
      cloudsYaml: inlineClouds ? undefined : cloudsYaml,
      credentials: credentialOptions('action', (spec) => text(spec.input)),
      // The snapshot before a risky step holds every Secret of the cluster: encrypted like the kubeconfig, by the
      // passphrase of the same trust zone, unless the job names its own.
      ...(kubeconfigPassphrase && { etcdSnapshotPassphrase: kubeconfigPassphrase }),
      env,
    },
    confirmDestroy: line('confirm-destroy'),
    filter: { restart: bool('restart', input('restart').trim()), step: line('step'), fromStep: line('from-step') },
    dryRun:
      bool('dry-run', input('dry-run').trim()) ||
      oneOf('mode', input('mode').trim(), ['apply', 'plan'] as const, 'apply') === 'plan',
    comment: input('comment').trim() === '' || bool('comment', input('comment').trim()),
    savePlan: bool('save-plan', input('save-plan').trim()),
    planPassphrase: text('plan-passphrase') ?? kubeconfigPassphrase,
    planArtifact: line('plan-artifact'),
    requireSavedPlan: bool('require-saved-plan', input('require-saved-plan').trim()),
    stateKey: text('state-key'),
    trustedBranches: parseTrustedBranches(input('state-trusted-branches')),
    venvCache: input('venv-cache').trim() === '' || bool('venv-cache', input('venv-cache').trim()),
    quiet: input('quiet').trim() === '' || bool('quiet', input('quiet').trim()),
    stateStore: oneOf('state-store', input('state-store').trim(), ['artifact', 'local', 'none'] as const, 'artifact'),
    tofuState,
    kubeconfigPassphrase,
    tofuStatePassphrase: text('tofu-state-passphrase') ?? kubeconfigPassphrase,
    githubToken: text('github-token'),
    environment: line('environment'),
    cloudsYamlContent: inlineClouds ? cloudsYaml : undefined,
    healthIssue: bool('health-issue', input('health-issue').trim()),
    sshPrivateKey: text('ssh-private-key'),
    planCredential: oneOf('plan-credential', input('plan-credential').trim(), PLAN_CREDENTIAL_POLICIES, 'any'),
  };
  checkFilter(settings.filter, (flag) => `input ${flag}`, operation);
  checkOperationInputs(settings, allowUnsafeNodeRemoval, ignoreCapacity);
  if (!settings.deploy.configPath && !settings.deploy.clusterDir) {
    throw new UsageError('set input config (an openCenter cluster config) or cluster-dir (standalone, with vip)');
  }
  if (tofuState === 'artifact' && !settings.tofuStatePassphrase) {
    throw new UsageError(
      'tofu-state: artifact needs tofu-state-passphrase (or kubeconfig-passphrase): the tofu state holds secrets and is stored encrypted',
    );
  }
  if ((settings.savePlan || settings.planArtifact) && !settings.planPassphrase) {
    throw new UsageError(
      `${settings.savePlan ? 'save-plan' : 'plan-artifact'} needs plan-passphrase (or kubeconfig-passphrase): a binary plan holds every value in plain text and is stored encrypted`,
    );
  }
  checkStateKey(settings.stateKey, kubeconfigPassphrase);
  if (settings.requireSavedPlan && !settings.planArtifact)
    throw new UsageError(
      'input require-saved-plan: true needs plan-artifact (the artifact the plan job saved with save-plan: true); without it nothing reviewed can be applied',
    );
  if (settings.healthIssue && !settings.githubToken)
    throw new UsageError(
      'health-issue: true needs github-token (the default is ${{ github.token }}) with permission issues: write',
    );
  if (settings.planCredential !== 'any' && !settings.dryRun && operation !== 'check')
    throw new UsageError(
      `input plan-credential is for a dry run (dry-run: true, or mode: plan) and operation: check, whose tofu plan runs the code it plans; operation: ${operation} must be able to change the cloud: remove it`,
    );
  if (settings.planArtifact && settings.dryRun)
    throw new UsageError('plan-artifact applies a saved plan: it cannot be combined with dry-run or mode: plan');
  for (const name of ['kubeconfig-passphrase', 'plan-passphrase', 'tofu-state-passphrase']) {
    const passphrase = text(name);
    if (passphrase !== undefined) requireStrongPassphrase(passphrase, `input ${name}`);
  }
  if (settings.healthIssue && settings.dryRun)
    throw new UsageError(
      "health-issue keeps the issue from the check's report, and a dry run only plans the check: remove dry-run (or mode: plan), or health-issue",
    );
  return settings;
}
