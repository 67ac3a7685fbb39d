import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCapiSandbox, type CapiSandbox, type CapiSandboxOptions } from '../../examples/sandbox/capi/cloud.js';
import { runDeploy, type DeployResult, type StepFilter } from '../../src/core/engine/engine.js';
import { DeployOutput } from '../../src/core/lib/output.js';
import { openPipeline, type Pipeline } from '../../src/core/engine/pipeline.js';
import type { DeployOptions } from '../../src/core/model/settings.js';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The sandbox's Cluster API config; its credentials' secret is the canary. */
export const CAPI_CONFIG = path.join(ROOT, 'examples', 'sandbox', 'config-cluster-api.yaml');
export const CAPI_SECRET = 'sandbox-secret-value';

export interface CapiRun {
  cloud: CapiSandbox;
  workDir: string;
  stateDir: string;
  configPath: string;
  env: Record<string, string>;
  /** Rewrites the run's config (a copy of the sandbox's, its local_dir pointing at the repository's gitops). */
  editConfig(edit: (text: string) => string): Promise<void>;
  open(extra?: Partial<DeployOptions>): Promise<Pipeline>;
  /** Runs the engine as the CLI does, capturing what it prints. */
  run(
    operation?: 'deploy' | 'upgrade' | 'destroy' | 'check',
    filter?: StepFilter,
    extra?: Partial<DeployOptions>,
  ): Promise<{ result: DeployResult; console: string; pipeline: Pipeline }>;
  close(): Promise<void>;
}

/** The sandbox cloud, and the sandbox's Cluster API config in a temporary directory, with the stand-ins first on PATH. */
export async function startCapiRun(
  edit: (text: string) => string = (t) => t,
  sandbox: Omit<CapiSandboxOptions, 'dir'> = {},
): Promise<CapiRun> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'capi-run-'));
  const cloud = await startCapiSandbox({ dir: path.join(workDir, 'cloud'), stepMs: 100, ...sandbox });
  // HOME and XDG_STATE_HOME of its own: the kind lock (per user, like kind's clusters) is per sandbox cloud here.
  const env = {
    ...(process.env as Record<string, string>),
    ...cloud.env,
    PATH: `${cloud.binDir}${path.delimiter}${process.env.PATH}`,
    HOME: workDir,
    XDG_STATE_HOME: path.join(workDir, 'xdg-state'),
  };
  const stateDir = path.join(workDir, 'state');
  const configPath = path.join(workDir, 'config.yaml');
  const original = (await fs.readFile(CAPI_CONFIG, 'utf8')).replace(
    'local_dir: ./gitops',
    `local_dir: ${path.join(ROOT, 'examples', 'sandbox', 'gitops')}`,
  );
  let text = edit(original);
  await fs.writeFile(configPath, text);
  const open = (extra: Partial<DeployOptions> = {}) =>
    openPipeline({
      configPath,
      stateDir,
      skipAuthCheck: true,
      env,
      waitReady: { intervalMs: 300, timeoutMs: 60_000 },
      ...extra,
    });
  return {
    cloud,
    workDir,
    stateDir,
    configPath,
    env,
    async editConfig(change) {
      text = change(text);
      await fs.writeFile(configPath, text);
    },
    open,
    async run(operation = 'deploy', filter = {}, extra = {}) {
      const pipeline = await open({ operation, ...extra });
      let console = '';
      const output = new DeployOutput(pipeline.redactor, (chunk) => {
        console += chunk;
      });
      const result = await runDeploy({
        ...pipeline,
        output,
        filter,
        signal: new AbortController().signal,
        logPath: pipeline.logPath,
      });
      await output.close();
      return { result, console, pipeline };
    },
    async close() {
      await cloud.close();
      await fs.rm(workDir, { recursive: true, force: true });
    },
  };
}
