import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { UserError } from '../../core/lib/errors.js';
import { DeployOutput } from '../../core/lib/output.js';
import type { Pipeline } from '../../core/engine/pipeline.js';
import * as core from './actions-core.js';
import type { RunContext } from './clients.js';

/** What the runner tells an action about the run it is in; `need` names what requires it, for errors. */
export function runContext(
  token: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  need: { purpose: string; permissions: string; elsewhere?: string } = {
    purpose: 'state-store: artifact',
    permissions: 'actions: read and write',
    elsewhere: 'use state-store: local',
  },
): RunContext {
  const [owner = '', repo = ''] = (env.GITHUB_REPOSITORY ?? '').split('/');
  if (!owner || !repo || !env.GITHUB_RUN_ID) {
    throw new UserError(
      `${need.purpose} works only inside GitHub Actions (GITHUB_REPOSITORY and GITHUB_RUN_ID are not set)${need.elsewhere ? `; ${need.elsewhere}` : ''}`,
    );
  }
  if (!token)
    throw new UserError(
      `${need.purpose} needs github-token (the default is \${{ github.token }}) with permissions ${need.permissions}`,
    );
  return {
    owner,
    repo,
    runId: Number(env.GITHUB_RUN_ID),
    runAttempt: Number(env.GITHUB_RUN_ATTEMPT ?? 1),
    token,
    apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
    serverUrl: env.GITHUB_SERVER_URL ?? 'https://github.com',
  };
}

export function runUrl(run: Pick<RunContext, 'serverUrl' | 'owner' | 'repo' | 'runId'>): string {
  return `${run.serverUrl}/${run.owner}/${run.repo}/actions/runs/${run.runId}`;
}

/** The URL of the run this action is in, when it is in one. */
export function currentRunUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const [owner = '', repo = ''] = (env.GITHUB_REPOSITORY ?? '').split('/');
  if (!owner || !repo || !env.GITHUB_RUN_ID) return undefined;
  return runUrl({
    serverUrl: env.GITHUB_SERVER_URL ?? 'https://github.com',
    owner,
    repo,
    runId: Number(env.GITHUB_RUN_ID),
  });
}

/**
 * The parts of the event payload (GITHUB_EVENT_PATH) the actions read, checked: each is undefined
 * when absent or not of the expected shape. Built on first use: only the plan paths read the event.
 */
function eventSchema() {
  return z.object({
    pull_request: z
      .object({
        number: z.number().int().positive(),
        head: z.object({ sha: z.string().optional(), repo: z.object({ full_name: z.string() }).nullish() }).optional(),
        base: z.object({ sha: z.string().optional() }).optional().catch(undefined),
        /** How many files the pull request changes (its file list stops at 3000). */
        changed_files: z.number().int().nonnegative().optional().catch(undefined),
      })
      .optional()
      .catch(undefined),
    /** push: the branch's commit before and after the push (`before` all zeros for a new branch). */
    before: z
      .string()
      .regex(/^[0-9a-f]{40,64}$/)
      .optional()
      .catch(undefined),
    after: z
      .string()
      .regex(/^[0-9a-f]{40,64}$/)
      .optional()
      .catch(undefined),
    workflow_run: z
      .object({
        id: z.number().int().positive(),
        head_sha: z
          .string()
          .regex(/^[0-9a-f]{40}$/)
          .optional(),
      })
      .optional()
      .catch(undefined),
  });
}
let EventSchema: ReturnType<typeof eventSchema> | undefined;

export type RunEvent = z.infer<ReturnType<typeof eventSchema>>;

/** The event that started the run, or undefined outside a run (or when its file is not JSON). */
export function readEvent(env: NodeJS.ProcessEnv = process.env): RunEvent | undefined {
  if (!env.GITHUB_EVENT_PATH) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8'));
  } catch {
    return undefined;
  }
  EventSchema ??= eventSchema();
  const parsed = EventSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

export interface PullRequestContext {
  number: number;
  headSha?: string;
  /** The head repository is not this one: its token is read-only and it gets no secrets. */
  fromFork: boolean;
}

/** The pull request this run is for, from the event payload (pull_request and pull_request_target events). */
export function pullRequestFromEvent(env: NodeJS.ProcessEnv = process.env): PullRequestContext | undefined {
  const pr = readEvent(env)?.pull_request;
  if (!pr) return undefined;
  const head = pr.head?.repo?.full_name;
  return { number: pr.number, headSha: pr.head?.sha, fromFork: !!head && head !== env.GITHUB_REPOSITORY };
}

/**
 * Console output for the Actions log: a group per step, with workflow commands off inside it. `quiet` keeps the
 * tools' output in the run's log file (the dry run shows its plan, so it never is).
 */
export function actionsOutput(pipeline: Pipeline, { quiet = false }: { quiet?: boolean } = {}): DeployOutput {
  let resumeToken = '';
  return new DeployOutput(pipeline.redactor, process.stdout, {
    quiet,
    colour: pipeline.settings.colour,
    startGroup(title) {
      core.startGroup(title);
      // Tool output must not be able to issue workflow commands (::set-output, ::add-mask, …).
      resumeToken = randomBytes(16).toString('hex');
      process.stdout.write(`::stop-commands::${resumeToken}\n`);
    },
    endGroup() {
      if (resumeToken) process.stdout.write(`::${resumeToken}::\n`);
      resumeToken = '';
      core.endGroup();
    },
  });
}
