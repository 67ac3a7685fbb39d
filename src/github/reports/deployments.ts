import type { DeployResult } from '../../core/engine/engine.js';
import type { Operation } from '../../core/lib/option-values.js';
import * as core from '../runner/actions-core.js';
import { octokitFor } from '../runner/clients.js';
import { describeRestError } from '../runner/rest-errors.js';
import type { ActionSettings } from '../runner/inputs.js';
import { runContext, runUrl } from '../runner/runner.js';

export interface Deployment {
  finish(result: DeployResult): Promise<void>;
}

/** The final status of a run's deployment: a completed destroy leaves the environment inactive. */
export function finalStatus(
  operation: Operation,
  result: Pick<DeployResult, 'ok' | 'error' | 'endpoint'>,
  targetVersion?: string,
): { state: 'success' | 'failure' | 'inactive'; description: string; environment_url?: string } {
  if (!result.ok) return { state: 'failure', description: (result.error ?? 'failed').slice(0, 140) };
  if (operation === 'destroy') return { state: 'inactive', description: 'destroyed' };
  const description = operation === 'upgrade' ? `upgraded${targetVersion ? ` to v${targetVersion}` : ''}` : 'deployed';
  return { state: 'success', description, ...(result.endpoint && { environment_url: result.endpoint }) };
}

/**
 * GitHub Deployments for the `environment` input: in_progress now, success/failure at the end. A
 * destroy is recorded too (its log is where one looks for what happened to the environment), and
 * when it completes its status is `inactive`, with no URL: the environment's newest deployment then
 * shows the cluster gone, where a success would show a live cluster that is not there.
 */
export async function startDeployment(
  settings: ActionSettings,
  cluster: string,
  targetVersion?: string,
): Promise<Deployment | undefined> {
  const operation = settings.deploy.operation;
  if (!settings.environment) return undefined;
  const run = runContext(settings.githubToken, process.env, {
    purpose: 'environment (a GitHub deployment)',
    permissions: 'deployments: write',
  });
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
      description: `cluster-deploy ${operation === 'deploy' ? '' : `${operation} `}${cluster}`,
    });
    id = (created.data as { id: number }).id;
    await octokit.rest.repos.createDeploymentStatus({
      owner: run.owner,
      repo: run.repo,
      deployment_id: id,
      state: 'in_progress',
      log_url: logUrl,
    });
  } catch (error) {
    core.warning(
      `could not record a GitHub deployment for ${settings.environment}: ${describeRestError(error, { permission: 'deployments: write' }).message}`,
    );
    return undefined;
  }
  return {
    async finish(result) {
      await octokit.rest.repos
        .createDeploymentStatus({
          owner: run.owner,
          repo: run.repo,
          deployment_id: id,
          log_url: logUrl,
          ...finalStatus(operation, result, targetVersion),
        })
        .catch((error: unknown) =>
          core.warning(
            `could not update the GitHub deployment: ${describeRestError(error, { permission: 'deployments: write' }).message}`,
          ),
        );
    },
  };
}
