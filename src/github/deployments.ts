import type { DeployResult } from '../core/engine.js';
import { errorMessage } from '../core/errors.js';
import * as core from './actions-core.js';
import { octokitFor } from './clients.js';
import type { ActionSettings } from './inputs.js';
import { runContext, runUrl } from './runner.js';

export interface Deployment {
  finish(result: DeployResult): Promise<void>;
}

/** GitHub Deployments for the `environment` input: in_progress now, success/failure at the end. */
export async function startDeployment(settings: ActionSettings, cluster: string): Promise<Deployment | undefined> {
  if (!settings.environment) return undefined;
  const run = runContext(settings.githubToken, process.env, { purpose: 'environment (a GitHub deployment)', permissions: 'deployments: write' });
  const octokit = await octokitFor(run);
  const logUrl = runUrl(run);
  const ref = process.env.GITHUB_SHA ?? process.env.GITHUB_REF ?? 'HEAD';
  let id: number;
  try {
    const created = await octokit.rest.repos.createDeployment({
      owner: run.owner,
      repo: run.repo,
      ref,
      environment: settings.environment,
      auto_merge: false,
      required_contexts: [],
      description: `cluster-deploy ${cluster}`,
    });
    id = (created.data as { id: number }).id;
    await octokit.rest.repos.createDeploymentStatus({ owner: run.owner, repo: run.repo, deployment_id: id, state: 'in_progress', log_url: logUrl });
  } catch (error) {
    core.warning(`could not record a GitHub deployment for ${settings.environment} (${errorMessage(error)}); add "permissions: deployments: write" to the job`);
    return undefined;
  }
  return {
    async finish(result) {
      await octokit.rest.repos
        .createDeploymentStatus({
          owner: run.owner,
          repo: run.repo,
          deployment_id: id,
          state: result.ok ? 'success' : 'failure',
          log_url: logUrl,
          ...(result.endpoint && { environment_url: result.endpoint }),
          description: result.ok ? 'deployed' : (result.error ?? 'failed').slice(0, 140),
        })
        .catch((error: unknown) => core.warning(`could not update the GitHub deployment: ${errorMessage(error)}`));
    },
  };
}
