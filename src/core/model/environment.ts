import { credentialsToEnv } from '../openstack/credentials.js';
import type { DeploySettings } from './settings.js';
import { inheritedEnvironment } from '../lib/inherited-env.js';

/** What the pipeline sets for every command: the resolved OS_* set and KUBECONFIG. */
export function pipelineVariables(settings: DeploySettings): Record<string, string> {
  return { ...credentialsToEnv(settings.credentials), KUBECONFIG: settings.kubeconfigPath };
}

/**
 * The environment of every step's command (the one place it is built; a step adds only what its
 * own command uses): the inherited environment without the runner's credentials and inputs and
 * without any OS_* variable (already resolved; a stale one would conflict), then the pipeline's variables.
 */
export function deployEnvironment(settings: DeploySettings): Record<string, string> {
  return { ...toolEnvironment(settings), ...pipelineVariables(settings) };
}

/** The environment of kubectl: the inherited one and KUBECONFIG, no cloud credential. */
export function kubectlEnvironment(settings: DeploySettings): Record<string, string> {
  return { ...toolEnvironment(settings), KUBECONFIG: settings.kubeconfigPath };
}

/**
 * The environment of a command that talks to no cloud and no cluster (python, pip, git): the inherited
 * environment only. pip runs the build code of what it installs; it gets no credential to read.
 */
export function toolEnvironment(settings: DeploySettings): Record<string, string> {
  return inheritedEnvironment(settings.baseEnv, settings.withheldSecrets);
}
