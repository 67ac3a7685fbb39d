// release.yml's run: steps, run for real (bash -eo pipefail, as on GitHub's runners) against a local git repository
// and a bare "origin", with GitHub's expression evaluator for env:, if: and job outputs. Only `uses:` steps are not
// run: actions/checkout is replaced by a full clone at the tag, and `gh` by a stand-in that records its arguments
// (`gh release view` fails, no release yet, unless told). The called workflows (check-dist, ci) count as green.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import YAML from 'yaml';
import { ROOT } from './action-runner.js';
import { git, gitEnv } from './git.js';
import { condition, interpolate } from './workflow-expressions.js';

type Step = { id?: string; name?: string; if?: string; uses?: string; run?: string; env?: Record<string, string> };
type Job = { steps: Step[]; outputs?: Record<string, string> };
const workflow = YAML.parse(readFileSync(path.join(ROOT, '.github/workflows/release.yml'), 'utf8')) as {
  jobs: Record<string, Job>;
};

/** The `gh` stand-in in base/bin: logs its arguments and the token it saw. */
function ghStandIn(base: string): string {
  const bin = path.join(base, 'bin');
  if (existsSync(path.join(bin, 'gh'))) return bin;
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    path.join(bin, 'gh'),
    '#!/bin/sh\necho "GH_TOKEN=$GH_TOKEN GH_REPO=$GH_REPO gh $*" >> "$FAKE_GH_LOG"\nif [ "$1 $2" = "release view" ]; then exit "${FAKE_GH_VIEW_STATUS:-1}"; fi\n',
  );
  chmodSync(path.join(bin, 'gh'), 0o755);
  return bin;
}

export type Event = { tag: string; sha: string; origin: string; ghViewStatus?: number };
export type JobResult = {
  ok: boolean;
  ran: string[];
  failed?: string;
  log: string;
  outputs: Record<string, string>;
  summary: string;
};

/** Runs one job of release.yml as a runner would, in a fresh clone (under base) checked out at the tag. */
export function runJob(
  base: string,
  name: string,
  event: Event,
  needs: Record<string, { outputs: Record<string, string> }> = {},
): JobResult {
  const job = workflow.jobs[name]!;
  const bin = ghStandIn(base);
  const dir = mkdtempSync(path.join(base, `${name}-`));
  const checkout = path.join(dir, 'checkout');
  git(base, 'clone', '-q', event.origin, checkout);
  git(checkout, 'checkout', '-q', '--detach', `refs/tags/${event.tag}`);
  const contexts: Record<string, unknown> = {
    github: {
      ref_name: event.tag,
      ref: `refs/tags/${event.tag}`,
      sha: event.sha,
      token: 'ghs_token',
      repository: 'org/deploy',
      event: { repository: { default_branch: 'main' } },
    },
    needs,
    steps: {},
  };
  const stepsContext = contexts.steps as Record<string, { outputs: Record<string, string> }>;
  const summary = path.join(dir, 'summary.md');
  const ghLog = path.join(dir, 'gh.log');
  writeFileSync(summary, '');
  writeFileSync(ghLog, '');
  const result: JobResult = { ok: true, ran: [], log: '', outputs: {}, summary: '' };
  for (const [i, step] of job.steps.entries()) {
    if (step.uses !== undefined) continue; // actions/checkout: the clone above
    if (!condition(step.if, contexts)) continue;
    expect(step.run, `${name} step ${i}`).not.toContain('${{');
    const output = path.join(dir, `output-${i}`);
    writeFileSync(output, '');
    const env: Record<string, string> = {
      ...(gitEnv as Record<string, string>),
      PATH: `${bin}:${process.env.PATH}`,
      GITHUB_REF_NAME: event.tag,
      GITHUB_REF: `refs/tags/${event.tag}`,
      GITHUB_SHA: event.sha,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
      FAKE_GH_LOG: ghLog,
      FAKE_GH_VIEW_STATUS: String(event.ghViewStatus ?? 1),
    };
    for (const [key, value] of Object.entries(step.env ?? {})) env[key] = interpolate(String(value), contexts);
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run!], {
      cwd: checkout,
      env,
      encoding: 'utf8',
    });
    result.ran.push(step.name ?? step.run!);
    result.log += r.stdout + r.stderr;
    if (r.status !== 0) {
      result.ok = false;
      result.failed = step.name;
      break;
    }
    if (step.id) {
      const outputs = Object.fromEntries(
        readFileSync(output, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
      );
      stepsContext[step.id] = { outputs };
    }
  }
  if (result.ok)
    for (const [key, value] of Object.entries(job.outputs ?? {})) result.outputs[key] = interpolate(value, contexts);
  result.summary = readFileSync(summary, 'utf8');
  result.log += existsSync(ghLog) ? readFileSync(ghLog, 'utf8') : '';
  return result;
}

/** verify, then (the checks being green) release, as the workflow orders them. */
export function release(base: string, event: Event) {
  const verify = runJob(base, 'verify', event);
  if (!verify.ok) return { verify };
  return {
    verify,
    release: runJob(base, 'release', event, {
      verify: { outputs: verify.outputs },
      'check-dist': { outputs: {} },
      test: { outputs: {} },
    }),
  };
}
