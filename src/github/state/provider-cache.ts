import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { errorMessage } from '../../core/lib/errors.js';
import type { DeploySettings } from '../../core/model/settings.js';
import type { Step } from '../../core/steps/index.js';
import * as core from '../runner/actions-core.js';
import { actionsCache } from '../runner/clients.js';
import type { ToolCache } from './kubespray-cache.js';
import { quietly } from '../runner/quiet.js';

/** A lock file is a few KB per provider; anything this large is not one. */
const MAX_LOCK_BYTES = 1024 * 1024;

/** What the key of a provider cache is made of, or why there is none. */
export async function providerCacheKey(
  clusterDir: string,
): Promise<{ key: string; lockFile: string } | { why: string }> {
  const lockFile = path.join(clusterDir, '.terraform.lock.hcl');
  const stat = await fs.stat(lockFile).catch(() => undefined);
  if (!stat) {
    return {
      why: `${lockFile} does not exist: without it tofu init picks the newest providers the constraints allow, so no key can say what a cache holds, and tofu has no checksums to check a cached provider against; commit the lock file tofu init writes`,
    };
  }
  if (!stat.isFile() || stat.size > MAX_LOCK_BYTES) {
    return { why: `${lockFile} is not a lock file (a file of at most 1 MiB)` };
  }
  const digest = createHash('sha256')
    .update(await fs.readFile(lockFile))
    .digest('hex');
  return {
    key: `cluster-deploy-tofu-providers-v1-${process.platform}-${process.arch}-${digest.slice(0, 16)}`,
    lockFile,
  };
}

/**
 * OpenTofu's providers across runs: a plugin cache directory (TF_PLUGIN_CACHE_DIR, given to tofu
 * commands only) restored from the Actions cache by the exact key of the lock file's hash, OS and
 * architecture, and saved after a run whose tofu init filled it. Scoped by ref like every Actions
 * cache entry (/work/shared/reference/github-actions.md). tofu itself checks what it takes from the
 * cache: it uses a cached provider only when the lock file records its checksum, and installs it
 * afresh otherwise (hashicorp/terraform#32129, Terraform 1.4, the code OpenTofu forked from).
 */
export async function restoreProviderCache(
  settings: DeploySettings,
  steps: readonly Step[],
): Promise<ToolCache | undefined> {
  if (!settings.opentofu.enabled || !steps.some((s) => s.id === 'opentofu-init')) return undefined;
  if (!process.env.ACTIONS_CACHE_URL && !process.env.ACTIONS_RESULTS_URL) return undefined;
  // The user's own plugin cache is theirs to manage.
  if (process.env.TF_PLUGIN_CACHE_DIR) return undefined;
  // This cache is safe because tofu takes from it only providers whose checksums the lock file records; this setting
  // turns that check off.
  if (process.env.TF_PLUGIN_CACHE_MAY_BREAK_DEPENDENCY_LOCK_FILE) {
    core.info("OpenTofu's providers are not cached: TF_PLUGIN_CACHE_MAY_BREAK_DEPENDENCY_LOCK_FILE is set");
    return undefined;
  }
  const made = await providerCacheKey(settings.clusterDir);
  if ('why' in made) {
    core.info(`OpenTofu's providers are not cached: ${made.why}`);
    return undefined;
  }
  const cache = await actionsCache();
  if (!cache.isFeatureAvailable()) return undefined;
  const { key } = made;
  // Beside the Kubespray trees, under the user's cache dir: the same path on every runner, as the cache requires.
  const dir = path.join(path.dirname(settings.kubesprayRelease.cacheRoot), 'tofu-plugins');
  let restored = false;
  try {
    const empty = (await fs.readdir(dir).catch(() => [])).length === 0;
    if (empty) {
      restored = (await quietly(() => cache.restoreCache([dir], key))) === key;
      if (restored) core.info(`restored OpenTofu's providers from the Actions cache (${key})`);
    }
    await fs.mkdir(dir, { recursive: true, mode: 0o700 }); // tofu refuses a plugin cache dir that does not exist
  } catch (error) {
    core.warning(`OpenTofu's providers are not cached: ${errorMessage(error)}`);
    return undefined;
  }
  settings.opentofu.pluginCacheDir = dir;
  return {
    async save(result) {
      const init = result.reports.find((r) => r.id === 'opentofu-init');
      if (restored || init?.status !== 'success') return;
      if ((await fs.readdir(dir).catch(() => [])).length === 0) return; // no providers (a config without any)
      try {
        await quietly(() => cache.saveCache([dir], key));
        core.info(`saved OpenTofu's providers to the Actions cache (${key})`);
      } catch (error) {
        const level = (error as Error)?.name === 'ReserveCacheError' ? core.info : core.warning;
        level(`OpenTofu's providers were not saved to the Actions cache: ${errorMessage(error)}`);
      }
    },
  };
}
