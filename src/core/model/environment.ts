import { credentialsToEnv } from '../openstack/credentials.js';
import type { DeploySettings } from './settings.js';

/** What the pipeline sets for every command: the resolved OS_* set and KUBECONFIG. */
export function pipelineVariables(settings: DeploySettings): Record<string, string> {
  return { ...credentialsToEnv(settings.credentials), KUBECONFIG: settings.kubeconfigPath };
}

/**
 * The environment tofu and Kubespray get: the inherited environment without any OS_* variables
 * (they were already resolved, and stale ones would conflict), then the pipeline's variables.
 */
export function deployEnvironment(settings: DeploySettings): Record<string, string> {
  const inherited = Object.fromEntries(Object.entries(settings.baseEnv).filter(([name]) => !name.startsWith('OS_')));
  return { ...inherited, ...pipelineVariables(settings) };
}
