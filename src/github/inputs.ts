import { UserError } from '../core/errors.js';
import { parseDuration } from '../core/duration.js';
import type { StepFilter } from '../core/engine.js';
import type { DeployOptions } from '../core/settings.js';
import YAML from 'yaml';

/** Reads one action input ('' when unset), as `core.getInput` does. */
export type InputReader = (name: string) => string;

/** Inputs whose values are secrets: masked before anything else runs. */
export const SECRET_INPUTS = [
  'openstack-application-credential-secret',
  'openstack-password',
  'clouds-yaml',
  'kubeconfig-passphrase',
  'tofu-state-passphrase',
  'plan-passphrase',
  'github-token',
] as const;

export type StateStoreKind = 'artifact' | 'local' | 'none';

/** Everything an action run needs, from its inputs: the one typed settings object. */
export interface ActionSettings {
  deploy: DeployOptions;
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
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[], fallback: T): T {
  if (value === '') return fallback;
  if (!allowed.includes(value as T)) throw new UserError(`input ${name}: "${value}" is not one of ${allowed.join(', ')}`);
  return value as T;
}

function bool(name: string, value: string): boolean {
  if (value === '') return false;
  if (/^(true|yes|1)$/i.test(value)) return true;
  if (/^(false|no|0)$/i.test(value)) return false;
  throw new UserError(`input ${name}: "${value}" is not true or false`);
}

/** Every secret-looking leaf of a clouds.yaml document, to mask. */
export function cloudsYamlSecrets(content: string): string[] {
  const secrets: string[] = [];
  const visit = (node: unknown, key?: string) => {
    if (typeof node === 'string' && key && /password|secret|token/i.test(key)) secrets.push(node);
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) visit(v, k);
  };
  try {
    visit(YAML.parse(content));
  } catch {
    // not YAML: it is a path, or the credential resolver reports the problem
  }
  return secrets;
}

/** Turns action inputs into settings; no side effects (actions/checkout's input-helper pattern). */
export function readActionSettings(input: InputReader, env: NodeJS.ProcessEnv): ActionSettings {
  const text = (name: string) => input(name).trim() || undefined;
  const duration = (name: string) => {
    const value = text(name);
    return value === undefined ? undefined : parseDuration(value, `input ${name}`);
  };
  const nodesText = text('nodes');
  if (nodesText !== undefined && !/^\d+$/.test(nodesText)) throw new UserError(`input nodes: "${nodesText}" is not a whole number`);
  const cloudsYaml = text('clouds-yaml');
  const inlineClouds = cloudsYaml !== undefined && /\n|^clouds:/.test(cloudsYaml);
  const tofuState = oneOf('tofu-state', input('tofu-state').trim(), ['none', 'artifact'] as const, 'none');
  const kubeconfigPassphrase = text('kubeconfig-passphrase');
  const settings: ActionSettings = {
    deploy: {
      configPath: text('config'),
      clusterDir: text('cluster-dir') ?? text('working-directory'),
      vip: text('vip'),
      method: text('method'),
      tofuBinary: text('tofu-path'),
      kubeconfigPath: text('kubeconfig-path'),
      stateDir: text('state-dir') ?? (env.RUNNER_TEMP ? `${env.RUNNER_TEMP}/cluster-deploy` : undefined),
      pipArgs: input('pip-args').split('\n').map((l) => l.trim()).filter(Boolean),
      skipAuthCheck: bool('skip-auth-check', input('skip-auth-check').trim()),
      waitReady: {
        ...(duration('timeout') !== undefined && { timeoutMs: duration('timeout') }),
        ...(duration('interval') !== undefined && { intervalMs: duration('interval') }),
        ...(nodesText !== undefined && { nodes: Number(nodesText) }),
      },
      cloud: text('cloud'),
      cloudsYaml: inlineClouds ? undefined : cloudsYaml,
      credentials: {
        authUrl: text('openstack-auth-url'),
        region: text('openstack-region'),
        projectName: text('openstack-project-name'),
        userDomainName: text('openstack-user-domain-name'),
        projectDomainName: text('openstack-project-domain-name'),
        applicationCredentialId: text('openstack-application-credential-id'),
        applicationCredentialSecret: text('openstack-application-credential-secret'),
        username: text('openstack-username'),
        password: text('openstack-password'),
      },
      env,
    },
    filter: { restart: bool('restart', input('restart').trim()), step: text('step'), fromStep: text('from-step') },
    dryRun: bool('dry-run', input('dry-run').trim()) || oneOf('mode', input('mode').trim(), ['apply', 'plan'] as const, 'apply') === 'plan',
    comment: input('comment').trim() === '' || bool('comment', input('comment').trim()),
    savePlan: bool('save-plan', input('save-plan').trim()),
    planPassphrase: text('plan-passphrase') ?? kubeconfigPassphrase,
    planArtifact: text('plan-artifact'),
    venvCache: input('venv-cache').trim() === '' || bool('venv-cache', input('venv-cache').trim()),
    stateStore: oneOf('state-store', input('state-store').trim(), ['artifact', 'local', 'none'] as const, 'artifact'),
    tofuState,
    kubeconfigPassphrase,
    tofuStatePassphrase: text('tofu-state-passphrase') ?? kubeconfigPassphrase,
    githubToken: text('github-token'),
    environment: text('environment'),
    cloudsYamlContent: inlineClouds ? cloudsYaml : undefined,
  };
  if (!settings.deploy.configPath && !settings.deploy.clusterDir) {
    throw new UserError('set input config (an openCenter cluster config) or cluster-dir (standalone, with vip)');
  }
  if (tofuState === 'artifact' && !settings.tofuStatePassphrase) {
    throw new UserError('tofu-state: artifact needs tofu-state-passphrase (or kubeconfig-passphrase): the tofu state holds secrets and is stored encrypted');
  }
  if ((settings.savePlan || settings.planArtifact) && !settings.planPassphrase) {
    throw new UserError(`${settings.savePlan ? 'save-plan' : 'plan-artifact'} needs plan-passphrase (or kubeconfig-passphrase): a binary plan holds every value in plain text and is stored encrypted`);
  }
  if (settings.planArtifact && settings.dryRun) throw new UserError('plan-artifact applies a saved plan: it cannot be combined with dry-run or mode: plan');
  return settings;
}
