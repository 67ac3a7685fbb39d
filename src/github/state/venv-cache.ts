import { promisify } from 'node:util';
import type { DeployResult } from '../../core/engine/engine.js';
import { childProcess } from '../../core/lib/command.js';
import { errorMessage } from '../../core/lib/errors.js';
import { pathExists } from '../../core/lib/files.js';
import type { DeploySettings } from '../../core/model/settings.js';
import type { Step } from '../../core/steps/index.js';
import { requirementsFingerprint } from '../../core/kubespray/paths.js';
import { toolEnvironment } from '../../core/model/environment.js';
import * as core from '../runner/actions-core.js';
import { actionsCache } from '../runner/clients.js';
import { quietly } from '../runner/quiet.js';

export interface VenvCache {
  /** Saves the venv when this run installed it afresh. */
  save(result: DeployResult): Promise<void>;
}

/**
 * The cache key: what the venv holds (requirements and pip arguments) and what it runs on (OS,
 * architecture, the exact Python: a venv links to its interpreter and breaks when that changes).
 */
async function venvCacheKey(settings: DeploySettings): Promise<string> {
  const { stdout } = await promisify(childProcess().execFile)(
    settings.python,
    ['-c', 'import sys; print(sys.version.split()[0])'],
    {
      env: toolEnvironment(settings),
    },
  );
  const requirements = (await requirementsFingerprint(settings)).slice(0, 16);
  // v2: venvs carry the completeness marker of kubespray-venv-create; older cached ones would be rebuilt every run.
  return `cluster-deploy-venv-v2-${process.platform}-${process.arch}-py${stdout.trim()}-${requirements}`;
}

/**
 * The Kubespray venv across runs, through the Actions cache: restored before the steps when this
 * runner has none (kubespray-venv-create then reuses it and pip finds everything installed), saved
 * after a run that installed the requirements. A cache problem is a warning, never a failure.
 */
export async function restoreVenvCache(
  settings: DeploySettings,
  steps: readonly Step[],
): Promise<VenvCache | undefined> {
  if (!settings.kubespray || !steps.some((s) => s.id === 'kubespray-pip-install')) return undefined;
  // Only where the runner offers the cache (its URL in the environment) is the client loaded.
  if (!process.env.ACTIONS_CACHE_URL && !process.env.ACTIONS_RESULTS_URL) return undefined;
  const cache = await actionsCache();
  if (!cache.isFeatureAvailable()) return undefined;
  let key: string;
  try {
    key = await venvCacheKey(settings);
  } catch (error) {
    core.warning(
      `the Kubespray venv is not cached: ${settings.python} did not report its version (${errorMessage(error)})`,
    );
    return undefined;
  }
  let restored = false;
  if (!(await pathExists(settings.venvDir))) {
    try {
      restored = (await quietly(() => cache.restoreCache([settings.venvDir], key))) === key;
      if (restored) core.info(`restored the Kubespray venv from the Actions cache (${key})`);
    } catch (error) {
      core.warning(`could not restore the Kubespray venv from the Actions cache: ${errorMessage(error)}`);
    }
  }
  return {
    async save(result) {
      const pip = result.reports.find((r) => r.id === 'kubespray-pip-install');
      if (restored || pip?.status !== 'success') return;
      try {
        await quietly(() => cache.saveCache([settings.venvDir], key));
        core.info(`saved the Kubespray venv to the Actions cache (${key})`);
      } catch (error) {
        // Another job saving the same key first is normal in a matrix.
        const level = (error as Error)?.name === 'ReserveCacheError' ? core.info : core.warning;
        level(`the Kubespray venv was not saved to the Actions cache: ${errorMessage(error)}`);
      }
    },
  };
}
