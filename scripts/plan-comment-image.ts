// Writes docs/images/plan-comment.svg: the pull-request plan comment of a sandbox scale-up (one worker added to a
// deployed sandbox), rendered by the action's own code (src/github/comments/plan-comment.ts, as dry-run.ts calls it)
// from a real plan of examples/sandbox (tofu, else terraform, as the action picks), then laid out in GitHub's look
// (scripts/markdown-svg.ts). Run `npx tsx scripts/plan-comment-image.ts` after changing the comment;
// test/scripts/plan-comment-image.test.ts fails while the committed image differs from what this writes.
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SANDBOX_RUN_OUTPUTS, sandboxToolEnv } from '../examples/sandbox/prepare.js';
import { nodeDecisions } from '../src/core/kubespray/node-plan.js';
import { openPipeline } from '../src/core/engine/pipeline.js';
import { buildPlan } from '../src/core/engine/plan.js';
import { DeployOutput } from '../src/core/lib/output.js';
import { clusterId, type DeploySettings, runtimePaths } from '../src/core/model/settings.js';
import { requireTofuBinary, tofuArgs, tofuCommand } from '../src/core/tofu/commands.js';
import { runTofuPlan } from '../src/core/tofu/preview.js';
import { buildPlanComment } from '../src/github/comments/plan-comment.js';
import { markdownSvg } from './markdown-svg.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const IMAGE = 'docs/images/plan-comment.svg';
const SANDBOX = path.join(ROOT, 'examples', 'sandbox');
const run = promisify(execFile);
/** The provenance a real run takes from GitHub, fixed so the image changes only with the renderer or the sandbox. */
const COMMIT = '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';
const STARTED_AT = '2026-11-26T10:00:00.000Z';

/** The sandbox copied to workDir, as `cluster-deploy plan` would see it from there. */
async function sandboxCopy(workDir: string): Promise<{ configPath: string; env: Record<string, string> }> {
  await fs.cp(path.join(SANDBOX, 'gitops'), path.join(workDir, 'gitops'), {
    recursive: true,
    filter: (src) => !SANDBOX_RUN_OUTPUTS.has(path.basename(src)),
  });
  const configPath = path.join(workDir, 'config.yaml');
  await fs.copyFile(path.join(SANDBOX, 'config.yaml'), configPath);
  return { configPath, env: await sandboxToolEnv(workDir) };
}

/** Applied as a deploy leaves it (with the binary the plan will use), then its code changed to add a worker. */
async function scaleUp(settings: DeploySettings): Promise<void> {
  const { env } = await tofuCommand(settings);
  const binary = await requireTofuBinary(settings);
  for (const args of [
    ['init', '-input=false'],
    ['apply', '-input=false', '-auto-approve'],
  ])
    await run(binary, tofuArgs(settings, args), { cwd: settings.clusterDir, env });
  const main = path.join(settings.clusterDir, 'main.tf');
  const code = await fs.readFile(main, 'utf8');
  const scaled = code.replace(/(variable "worker_count" \{\n\s+type\s+= number\n\s+default\s+= )1/, '$12');
  if (scaled === code) throw new Error(`${main}: no worker_count default of 1 to raise`);
  await fs.writeFile(main, scaled);
}

/** The plan comment's Markdown, exactly as the dry run would post it for this plan (provenance fixed). */
export async function sandboxPlanComment(): Promise<string> {
  const workDir = await fs.mkdtemp(path.join(tmpdir(), 'plan-comment-image-'));
  try {
    const { configPath, env } = await sandboxCopy(workDir);
    const p = await openPipeline({
      configPath,
      stateDir: path.join(workDir, 'state'),
      skipAuthCheck: true,
      operation: 'deploy',
      env,
    });
    await scaleUp(p.settings);
    const plan = await buildPlan(p.settings, p.steps, p.store, {}, p.redactor);
    // tofu's live output is not wanted: the image needs only the comment.
    const output = new DeployOutput(p.redactor, () => {}, { quiet: true });
    const tofu = await runTofuPlan(p.settings, runtimePaths(p.settings).planPath, { redactor: p.redactor, output });
    await output.close();
    const nodes = nodeDecisions(
      p.settings,
      tofu.nodes,
      p.steps.map((s) => s.id),
      undefined,
    );
    const { body } = buildPlanComment({
      cluster: clusterId(p.settings),
      configPath: 'clusters/sandbox.yaml',
      changes: tofu.changes,
      planText: tofu.text,
      applySteps: plan.steps.filter((s) => s.action === 'run').map((s) => s.id),
      stateNote: plan.note,
      operation: 'deploy',
      nodes: nodes && p.redactor.redactValue(nodes),
      commit: COMMIT,
      runUrl: 'https://github.com/acme/clusters/actions/runs/123',
      runNumber: '42',
      updatedAt: new Date(STARTED_AT),
      record: {
        status: 'ok',
        operation: 'deploy',
        add: tofu.changes.add,
        change: tofu.changes.change,
        destroy: tofu.changes.destroy,
        replace: tofu.changes.replace,
        startedAt: STARTED_AT,
        durationMs: 9_000,
        commit: COMMIT,
      },
      fullPlanLocation: 'the job summary and the workflow artifact "cluster-deploy-plan-demo-sandbox"',
    });
    return p.redactor.redact(body);
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

/** The image: the comment laid out as GitHub shows it, its Markdown kept inside for the test and for readers. */
export async function planCommentImage(): Promise<string> {
  return markdownSvg(await sandboxPlanComment());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = path.join(ROOT, IMAGE);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, await planCommentImage());
  console.log(`${IMAGE} written`);
}
