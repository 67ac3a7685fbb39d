import path from 'node:path';
import { checkConfigsGlob, DEFAULT_CONFIGS, findTargets } from '../../core/model/targets.js';
import * as core from '../../github/runner/actions-core.js';
import { bool } from '../../github/runner/inputs.js';
import { changesOfRun, targetsSummary } from '../../github/reports/targets.js';

/**
 * actions/targets: which clusters of the repository this run's change affects, as a matrix for the
 * jobs that plan or deploy them, one job per cluster.
 */
export async function run(): Promise<void> {
  const configs = checkConfigsGlob(core.getInput('configs') || DEFAULT_CONFIGS, 'input configs');
  const all = bool('all', core.getInput('all'));
  const root = path.resolve(process.env.GITHUB_WORKSPACE || process.cwd());
  const changes = await changesOfRun({ root, all, token: core.getInput('github-token'), env: process.env });
  const targets = await findTargets({ root, configs, changes, configsName: 'input configs' });

  for (const c of targets.clusters) core.info(`${c.organization}/${c.cluster} (${c.config}): ${c.reason}`);
  const moved = targets.addedConfigs
    ? ` and no config this change adds (${targets.addedConfigs.join(', ')}) describes it: a config moved and much edited shows as deleted and added`
    : '';
  for (const config of targets.deleted)
    core.warning(
      `config ${config} was deleted: its cluster is not deployed from here any more; destroy it with operation: destroy if it still runs${moved}`,
    );
  core.info(
    `${targets.clusters.length} of ${targets.configs} clusters affected${targets.all ? ` (every cluster: ${targets.all})` : ''}`,
  );

  const include = targets.clusters.map((c) => ({
    cluster: c.cluster,
    organization: c.organization,
    config: c.config,
    'cluster-dir': c.clusterDir,
  }));
  core.setOutput('matrix', JSON.stringify({ include }));
  core.setOutput('count', String(include.length));
  core.setOutput('clusters', JSON.stringify(targets.clusters.map((c) => `${c.organization}/${c.cluster}`)));
  core.setOutput('deleted', JSON.stringify(targets.deleted));
  await core.appendSummary(targetsSummary(targets));
}
