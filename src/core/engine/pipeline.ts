import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { credentialSecrets } from '../openstack/credentials.js';
import { UserError, errorMessage } from '../lib/errors.js';
import { checkFileTarget, readTextFile, systemErrorReason } from '../lib/files.js';
import { kubeconfigSecrets } from '../kube/kubeconfig.js';
import { KUBECONFIG_FILE } from '../lib/yaml.js';
import { checkOpenStackAuth, describeAuthCheck, DEFAULT_REQUIRED_SERVICES } from '../openstack/keystone.js';
import { Redactor } from '../lib/redact.js';
import { environmentSecrets } from '../lib/env-secrets.js';
import { sensitiveVariables } from '../tofu/sensitive-variables.js';
import {
  clusterId,
  resolveSettings,
  runtimePaths,
  type DeployOptions,
  type DeploySettings,
} from '../model/settings.js';
import { LocalStateStore, type StateStore } from '../model/state.js';
import { buildSteps, type AuthChecker, type Step, type StepDeps, type StepId } from '../steps/index.js';

/** Everything a front end (CLI, action) needs to plan or run a deploy. */
export interface Pipeline {
  settings: DeploySettings;
  redactor: Redactor;
  steps: Step[];
  store: StateStore;
  /** A fresh log file path for this run. */
  logPath: string;
}

export interface PipelineDeps extends StepDeps {
  /** Only these steps (a per-step action's): the others are neither made nor loaded. */
  only?: readonly StepId[];
  /** Where resume state lives; defaults to the local state directory. */
  store?: (settings: DeploySettings, logPath: string) => StateStore;
  /** More secrets to mask (e.g. passphrases given to the action); no command inherits them either. */
  secrets?: readonly string[];
  /**
   * The action's github-token, for clusterctl init (GITHUB_TOKEN): given (even empty), it is the only source, as the
   * runner puts no GITHUB_TOKEN in an action's environment. Absent (the CLI), the caller's GITHUB_TOKEN.
   */
  githubToken?: string;
}

/** The live preflight check against Keystone; Octavia's `load-balancer` is required when the config uses it. */
function keystoneAuthChecker(settings: DeploySettings): AuthChecker {
  const requiredServices = [...DEFAULT_REQUIRED_SERVICES, ...(settings.useOctavia ? ['load-balancer'] : [])];
  return {
    describe: (credentials, timeoutMs) => describeAuthCheck(credentials, { timeoutMs, requiredServices }),
    async check(credentials, timeoutMs) {
      const result = await checkOpenStackAuth(credentials, { timeoutMs, requiredServices });
      const project = result.project ? ` in project ${result.project}` : '';
      return `authenticated as ${result.user}${project} (${result.method}); ${requiredServices.join(', ')} found in ${result.region}/${result.interface}`;
    },
  };
}

/**
 * Registers every secret the run knows of: credential secrets from every source, the environment's
 * secrets by name and its sensitive TF_VAR_ values (env-secrets.ts), and an existing kubeconfig's keys.
 */
async function createRedactor(settings: DeploySettings, extra: readonly string[] = []): Promise<Redactor> {
  const redactor = new Redactor();
  const fromEnv = environmentSecrets(settings.baseEnv, await sensitiveVariables(settings.clusterDir));
  for (const secret of [...credentialSecrets(settings.credentials), ...extra, ...fromEnv]) redactor.add(secret);
  try {
    if (existsSync(settings.kubeconfigPath)) {
      for (const secret of kubeconfigSecrets(
        readTextFile(settings.kubeconfigPath, KUBECONFIG_FILE),
        settings.kubeconfigPath,
        settings.kubeconfigPath,
      ))
        redactor.add(secret);
    }
  } catch {
    // an unreadable kubeconfig is reported by the step that needs it
  }
  return redactor;
}

/**
 * `dir`, or the nearest of its parents that exists, must be a directory. `what` and `given` name
 * the path as the user gave it ("state directory /x", "kubeconfig path /x/kc") in the message.
 */
async function checkDirectoryPath(dir: string, what: string, given: string): Promise<void> {
  const within = (current: string) => (current === given ? `${what} ${given}` : `${what} ${given}: ${current}`);
  for (let current = dir; ; current = path.dirname(current)) {
    try {
      if ((await fs.stat(current)).isDirectory()) return;
      throw new UserError(`${within(current)} is not a directory`);
    } catch (error) {
      if (error instanceof UserError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') throw new UserError(`${within(current)}: too many levels of symbolic links`);
      if (code !== 'ENOENT' && code !== 'ENOTDIR')
        throw new UserError(`cannot use ${within(current)}: ${systemErrorReason(error) ?? errorMessage(error)}`);
      const link = await fs.readlink(current).catch(() => undefined);
      if (link !== undefined)
        throw new UserError(
          `${within(current)} is a symbolic link to ${path.resolve(path.dirname(current), link)}, which does not exist`,
        );
      if (path.dirname(current) === current) return;
    }
  }
}

/**
 * Where a run will write, checked before it starts: a state directory that is a file (or lies under
 * one, or is a broken symlink) failed as a raw ENOTDIR from the deploy lock, with a stack trace; a
 * kubeconfig path that is a directory or a FIFO failed only at openstack-normalize-kubeconfig, after
 * the whole infrastructure and Kubespray run.
 */
async function checkOutputPaths(settings: DeploySettings): Promise<void> {
  // The state directory, then the cluster's below it and its logs.
  await checkDirectoryPath(settings.stateDir, 'state directory', settings.stateDir);
  await checkDirectoryPath(runtimePaths(settings).logDir, 'state directory', settings.stateDir);
  await checkDirectoryPath(path.dirname(settings.kubeconfigPath), 'kubeconfig path', settings.kubeconfigPath);
  await checkFileTarget(settings.kubeconfigPath, 'kubeconfig');
}

export async function openPipeline(options: DeployOptions, deps: PipelineDeps = {}): Promise<Pipeline> {
  const resolved = resolveSettings(options);
  // clusterctl reads GITHUB_TOKEN for GitHub's API (CAPI `cmd/clusterctl/client/repository/repository_github.go`):
  // withheld from every other command, given to clusterctl init alone (capi/management.ts).
  const githubToken = (deps.githubToken ?? resolved.baseEnv.GITHUB_TOKEN) || undefined;
  // The etcd snapshots' passphrase, from the environment: masked, and inherited by no command.
  const secrets = [
    ...(deps.secrets ?? []),
    ...(githubToken ? [githubToken] : []),
    ...(resolved.etcdSnapshots.passphrase ? [resolved.etcdSnapshots.passphrase] : []),
  ];
  const settings: DeploySettings = {
    ...resolved,
    withheldSecrets: secrets,
    ...(githubToken && { githubToken }),
  };
  await checkOutputPaths(settings);
  const paths = runtimePaths(settings);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const logPath = path.join(paths.logDir, `${settings.operation}-${stamp}.log`);
  return {
    settings,
    redactor: await createRedactor(settings, secrets),
    steps: await buildSteps(
      settings,
      { authChecker: deps.authChecker ?? keystoneAuthChecker(settings), capacityChecker: deps.capacityChecker },
      deps.only,
    ),
    store: deps.store?.(settings, logPath) ?? new LocalStateStore(paths.statePath, clusterId(settings)),
    logPath,
  };
}
