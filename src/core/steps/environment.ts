import { credentialsToEnv } from '../credentials.js';
import type { DeploySettings } from '../settings.js';

/**
 * The environment tofu and Kubespray get: the inherited environment without any OS_* variables
 * (they were already resolved, and stale ones would conflict), then the resolved OS_* set and
 * KUBECONFIG.
 */
export function deployEnvironment(settings: DeploySettings): Record<string, string> {
  const inherited = Object.fromEntries(Object.entries(settings.baseEnv).filter(([name]) => !name.startsWith('OS_')));
  return { ...inherited, ...credentialsToEnv(settings.credentials), KUBECONFIG: settings.kubeconfigPath };
}
