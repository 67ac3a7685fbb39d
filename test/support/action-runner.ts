import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, promises as fs, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import { interpolate } from './workflow-expressions.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Node 24, the runtime of `runs.using: node24`, when .ci/run has installed it; else this Node. */
export function actionNode(): string {
  const node24 = path.join(ROOT, '.ci', '.node24', 'node_modules', 'node', 'bin', 'node');
  return existsSync(node24) ? node24 : process.execPath;
}

export interface ActionRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  /** What the step saved with core.saveState, for its post step. */
  state: Record<string, string>;
  /** What the step exported for the job's later steps (core.exportVariable, GITHUB_ENV). */
  exported: Record<string, string>;
  summary: string;
}

/** Reads the runner's file-command format: `name<<DELIM\nvalue\nDELIM` or `name=value` lines. */
export function parseFileCommands(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc;
      const body: string[] = [];
      while (++i < lines.length && lines[i] !== delimiter) body.push(lines[i]!);
      values[name!] = body.join('\n');
    } else if (line.includes('=')) {
      values[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return values;
}

export interface RunActionOptions {
  /** What the step's `with:` gives; every other input of action.yml that has a `default:` gets it, as on the runner. */
  inputs: Record<string, string>;
  /**
   * Inputs to leave out of the environment although action.yml gives them a default: something the runner never
   * does, so a test that needs it says so here (e.g. to run an older action.yml's contract).
   */
  absent?: readonly string[];
  /**
   * The job's environment as the runner builds it (test/support/github-services.ts `actionsEnv` for the run's
   * variables). Never GITHUB_TOKEN: the runner exports no `token` of the github context (see runnerEnvironment).
   */
  env: Record<string, string>;
  /**
   * The job's `github.token`, what an input defaulting to `${{ github.token }}` receives; RUNNER_JOB_TOKEN (which no
   * GitHub stand-in accepts) unless given. Reaches the action only through such an input, as on the runner.
   */
  githubToken?: string;
  /** State saved by the main step (the runner passes it to the post step as STATE_* variables). */
  state?: Record<string, string>;
  onOutput?: (stdout: string, child: ChildProcess) => void;
}

/** The action.yml of a bundle: dist/deploy is the root action, dist/<name> is actions/<name>. */
export function actionYamlOf(bundle: string): string {
  const name = path.basename(path.dirname(bundle));
  return name === 'deploy' ? path.join(ROOT, 'action.yml') : path.join(ROOT, 'actions', name, 'action.yml');
}

/**
 * The inputs as the runner hands them to a JavaScript action. actions/runner
 * src/Runner.Worker/ActionRunner.cs ("Merge the default inputs from the definition"): every input of the
 * action's definition that the step's `with:` lacks gets its `default:`, evaluated as an expression (so
 * `${{ github.token }}` becomes the job's token); an input without a default stays unset.
 * Handlers/NodeScriptActionHandler.cs then exports each as `INPUT_` + the name with spaces as `_`,
 * upper-cased (a `-` stays).
 */
export async function runnerInputs(
  bundle: string,
  given: Record<string, string>,
  env: Record<string, string>,
  absent: readonly string[] = [],
  githubToken: string = RUNNER_JOB_TOKEN,
): Promise<Record<string, string>> {
  return withDefaults(await fs.readFile(actionYamlOf(bundle), 'utf8'), given, env, absent, githubToken);
}

/**
 * For a test that reads an action's settings in-process (readActionSettings): the input reader the action would
 * have on the runner, each input the step's `with:` lacks from action.yml's `default:` (runnerInputs), '' when unset.
 */
export function runnerInputReader(
  bundle: string,
  given: Record<string, string>,
  githubToken: string = RUNNER_JOB_TOKEN,
): (name: string) => string {
  const inputs = withDefaults(readFileSync(actionYamlOf(bundle), 'utf8'), given, {}, [], githubToken);
  return (name) => inputs[name] ?? '';
}

function withDefaults(
  actionYaml: string,
  given: Record<string, string>,
  env: Record<string, string>,
  absent: readonly string[],
  githubToken: string,
): Record<string, string> {
  const definition = YAML.parse(actionYaml) as { inputs?: Record<string, { default?: unknown }> };
  const contexts = {
    github: {
      token: githubToken,
      repository: env.GITHUB_REPOSITORY ?? '',
      event_name: env.GITHUB_EVENT_NAME ?? '',
      ref: env.GITHUB_REF ?? '',
    },
  };
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(definition.inputs ?? {})) {
    if (absent.includes(name) || spec?.default === undefined || spec.default === null) continue;
    inputs[name] = interpolate(String(spec.default), contexts);
  }
  for (const name of absent) if (name in given) throw new Error(`input ${name} is both given and absent`);
  return { ...inputs, ...given };
}

/** `github.token` where a test names no job token: a runner always has one. */
export const RUNNER_JOB_TOKEN = 'ghs_runner-stand-in-job-token';

/** The environment variable the runner sets for an input (NodeScriptActionHandler.cs). */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

/**
 * What the runner itself adds to every JavaScript action's environment, whatever the job: actions/runner
 * src/Runner.Sdk/ProcessInvoker.cs (GITHUB_ACTIONS=true; CI=true unless set) and the runner context's entries as
 * RUNNER_<KEY> (RunnerContext.cs; set in JobRunner.cs: os, arch, name, environment, tool_cache; TempDirectoryManager.cs:
 * temp). The github context's entries come as GITHUB_<KEY> only if on GitHubContext.cs's allowlist, which has no
 * `token`: a node action never finds GITHUB_TOKEN unless the workflow's `env:` puts it there
 * (Handlers/NodeScriptActionHandler.cs, "expose context to environment"). The run's own GITHUB_* and ACTIONS_*
 * variables are the GitHub stand-in's `actionsEnv`.
 */
export function runnerEnvironment(dir: string): Record<string, string> {
  return {
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    RUNNER_OS: 'Linux',
    RUNNER_ARCH: 'X64',
    RUNNER_NAME: 'GitHub Actions 1',
    RUNNER_ENVIRONMENT: 'github-hosted',
    RUNNER_TOOL_CACHE: path.join(dir, 'tool-cache'),
    RUNNER_TEMP: path.join(dir, 'runner-temp'),
  };
}

/** Runs a bundled action entrypoint the way the runner does: INPUT_* env with action.yml's defaults, real command files. */
export async function runAction(bundle: string, options: RunActionOptions): Promise<ActionRun> {
  const dir = await mkdtemp(path.join(tmpdir(), 'action-run-'));
  const files = {
    GITHUB_OUTPUT: 'output',
    GITHUB_STATE: 'state',
    GITHUB_STEP_SUMMARY: 'summary',
    GITHUB_ENV: 'env',
    GITHUB_PATH: 'path',
  };
  const env: Record<string, string> = { ...runnerEnvironment(dir), ...options.env };
  await fs.mkdir(env.RUNNER_TEMP!, { recursive: true });
  for (const [name, file] of Object.entries(files)) {
    env[name] = path.join(dir, file);
    await fs.writeFile(env[name]!, '');
  }
  for (const [name, value] of Object.entries(
    await runnerInputs(bundle, options.inputs, options.env, options.absent, options.githubToken),
  ))
    env[inputVariable(name)] = value;
  for (const [name, value] of Object.entries(options.state ?? {})) env[`STATE_${name}`] = value;
  const child = spawn(actionNode(), [path.join(ROOT, bundle)], { cwd: env.GITHUB_WORKSPACE ?? ROOT, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
    options.onOutput?.(stdout, child);
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('close', (c, s) => resolve([c, s])),
  );
  const read = (name: keyof typeof files) => fs.readFile(env[name]!, 'utf8');
  return {
    code,
    signal,
    stdout,
    stderr,
    outputs: parseFileCommands(await read('GITHUB_OUTPUT')),
    state: parseFileCommands(await read('GITHUB_STATE')),
    exported: parseFileCommands(await read('GITHUB_ENV')),
    summary: await read('GITHUB_STEP_SUMMARY'),
  };
}
