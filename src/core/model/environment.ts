import { credentialsToEnv } from '../openstack/credentials.js';
import type { DeploySettings } from './settings.js';
import { inheritedEnvironment, withoutTofuOnly } from '../lib/inherited-env.js';

/** What the pipeline sets for every command: the resolved OS_* set and KUBECONFIG. */
export function pipelineVariables(settings: DeploySettings): Record<string, string> {
  return { ...credentialsToEnv(settings.credentials), KUBECONFIG: settings.kubeconfigPath };
}

/**
 * The environment of OpenTofu, and the widest any step's command gets (the one place it is built;
 * every other command gets less): the inherited environment without the runner's credentials and
 * inputs and without any OS_* variable (already resolved; a stale one would conflict), then the
 * pipeline's variables. Only tofu keeps the state backend's keys and its TF_* settings.
 */
export function deployEnvironment(settings: DeploySettings): Record<string, string> {
  return { ...inheritedEnvironment(settings.baseEnv, settings.withheldSecrets), ...pipelineVariables(settings) };
}

/** The environment of kubectl: the inherited one and KUBECONFIG, no cloud credential. */
export function kubectlEnvironment(settings: DeploySettings): Record<string, string> {
  return { ...toolEnvironment(settings), KUBECONFIG: settings.kubeconfigPath };
}

/**
 * The environment of a command that talks to no cloud and no cluster (python, pip, git): the inherited
 * environment without what only tofu reads (the state backend's keys). pip runs the build code of what
 * it installs; it gets no credential to read. Ansible and kubectl start from it too.
 */
export function toolEnvironment(settings: DeploySettings): Record<string, string> {
  return withoutTofuOnly(inheritedEnvironment(settings.baseEnv, settings.withheldSecrets));
}
