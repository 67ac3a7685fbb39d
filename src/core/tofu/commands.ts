import type { CommandSpec, Exec } from '../lib/command.js';
import path from 'node:path';
import { findExecutable, pathExists } from '../lib/files.js';
import { UserError } from '../lib/errors.js';
import { deployEnvironment } from '../model/environment.js';
import { type DeploySettings, runtimePaths } from '../model/settings.js';
import type { StepContext } from '../model/step.js';

/** `opentofu.path` if set, else `tofu`, else `terraform` from PATH (CLI-compatible for what we run). */
async function resolveTofuBinary(settings: DeploySettings): Promise<string | undefined> {
  const pathVar = settings.baseEnv.PATH;
  if (settings.opentofu.binary) return findExecutable(settings.opentofu.binary, pathVar);
  return (await findExecutable('tofu', pathVar)) ?? (await findExecutable('terraform', pathVar));
}

/** The binary, or an error that says how to get one. */
export async function requireTofuBinary(settings: DeploySettings): Promise<string> {
  const binary = await resolveTofuBinary(settings);
  if (binary) return binary;
  throw new UserError(
    settings.opentofu.binary
      ? `the OpenTofu binary "${settings.opentofu.binary}" (--tofu, input tofu-path or opentofu.path) is not an executable file`
      : 'neither tofu nor terraform found on PATH: install OpenTofu first (in a workflow, opentofu/setup-opentofu with tofu_wrapper: false) or set opentofu.path / tofu-path',
  );
}

/** The subcommands we run that take -no-color (tofu colours its output even into a pipe). */
const COLOURED_SUBCOMMANDS = new Set(['init', 'plan', 'apply', 'destroy', 'show', 'output', 'refresh', 'validate']);

/** A tofu command's arguments, with -no-color right after the subcommand (before any file) unless colour is wanted. */
export function tofuArgs(settings: Pick<DeploySettings, 'colour'>, args: readonly string[]): string[] {
  const [subcommand, ...rest] = args;
  if (settings.colour || !subcommand || !COLOURED_SUBCOMMANDS.has(subcommand) || rest.includes('-no-color'))
    return [...args];
  return [subcommand, '-no-color', ...rest];
}

/**
 * A tofu command in the cluster dir, with the pipeline's environment and tofu told it runs
 * unattended. Every tofu invocation (steps, plan, show) is built here. Without a binary the argv
 * names the one that would be looked for, so a plan can still show it.
 */
export async function tofuCommand(
  settings: DeploySettings,
  ...args: string[]
): Promise<CommandSpec & { found: boolean }> {
  const binary = await resolveTofuBinary(settings);
  return {
    argv: [binary ?? settings.opentofu.binary ?? 'tofu', ...tofuArgs(settings, args)],
    cwd: settings.clusterDir,
    env: {
      ...deployEnvironment(settings),
      TF_IN_AUTOMATION: '1',
      ...(settings.opentofu.pluginCacheDir && { TF_PLUGIN_CACHE_DIR: settings.opentofu.pluginCacheDir }),
    },
    found: binary !== undefined,
  };
}

/** A tofu command built once per step: the plan shows exactly what run executes. */
export class TofuCommands {
  private readonly built = new Map<string, Promise<CommandSpec & { found: boolean }>>();
  constructor(private readonly settings: DeploySettings) {}

  get(...args: string[]): Promise<CommandSpec & { found: boolean }> {
    const key = args.join('\0');
    let spec = this.built.get(key);
    if (!spec) {
      spec = tofuCommand(this.settings, ...args);
      this.built.set(key, spec);
    }
    return spec;
  }

  /** Runs one of them; without a binary, the error that says how to get one. */
  async run(context: StepContext, args: readonly string[], options?: Parameters<StepContext['exec']>[1]) {
    const { found, ...command } = await this.get(...args);
    if (!found) await requireTofuBinary(this.settings);
    return context.exec(command, options);
  }
}

export function stripFound({ found: _, ...command }: CommandSpec & { found: boolean }): CommandSpec {
  return command;
}

/**
 * What `tofu init` runs: the same for the deploy's opentofu-init step and the plan preview. With a
 * dependency lock file in the cluster dir (committed, or written by an earlier init of this checkout),
 * `-lockfile=readonly`: providers are installed only at the versions and checksums it records, and a
 * lock file that does not cover them fails the init instead of being rewritten with whatever the
 * registry serves today.
 */
export async function tofuInitArgs(settings: Pick<DeploySettings, 'clusterDir'>): Promise<string[]> {
  const locked = await pathExists(path.join(settings.clusterDir, TOFU_LOCK_FILE));
  return ['init', '-input=false', ...(locked ? ['-lockfile=readonly'] : [])];
}

export const TOFU_LOCK_FILE = '.terraform.lock.hcl';

/** `tofu init` in the cluster dir; without a binary, the error that says how to get one. */
export async function tofuInit(settings: DeploySettings, exec: Exec): Promise<void> {
  const { found, ...command } = await tofuCommand(settings, ...(await tofuInitArgs(settings)));
  if (!found) await requireTofuBinary(settings);
  await exec(command);
}

/** The plan a deploy applies: the reviewed saved plan when one was given, else the one opentofu-plan makes. */
export function deployPlanFile(settings: DeploySettings): string {
  return settings.opentofu.savedPlan?.file ?? runtimePaths(settings).planPath;
}
