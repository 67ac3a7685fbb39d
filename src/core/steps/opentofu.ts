import path from 'node:path';
import { CommandFailedError, type CommandSpec } from '../command.js';
import { UserError } from '../errors.js';
import { findExecutable, pathExists } from '../files.js';
import type { DeploySettings } from '../settings.js';
import { deployEnvironment } from './environment.js';
import type { Step, StepContext, StepPlan } from './step.js';

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

/**
 * A tofu command in the cluster dir, with the pipeline's environment and tofu told it runs
 * unattended. Every tofu invocation (steps, plan, show) is built here. Without a binary the argv
 * names the one that would be looked for, so a plan can still show it.
 */
export async function tofuCommand(settings: DeploySettings, ...args: string[]): Promise<CommandSpec & { found: boolean }> {
  const binary = await resolveTofuBinary(settings);
  return {
    argv: [binary ?? settings.opentofu.binary ?? 'tofu', ...args],
    cwd: settings.clusterDir,
    env: { ...deployEnvironment(settings), TF_IN_AUTOMATION: '1' },
    found: binary !== undefined,
  };
}

abstract class OpenTofuStep implements Step {
  abstract readonly id: 'opentofu-init' | 'opentofu-apply';
  abstract readonly title: string;
  abstract readonly kind: 'runner-local' | 'remote';
  protected abstract readonly args: string[];
  protected abstract readonly writes: string[];
  private command?: Promise<CommandSpec & { found: boolean }>;

  constructor(protected readonly settings: DeploySettings) {}

  /** Built once: the plan shows exactly what run executes. */
  protected spec(): Promise<CommandSpec & { found: boolean }> {
    this.command ??= tofuCommand(this.settings, ...this.args);
    return this.command;
  }

  async plan(): Promise<StepPlan> {
    const { found: _, ...command } = await this.spec();
    return { workingDir: command.cwd, command, reads: [path.join(this.settings.clusterDir, '*.tf')], writes: this.writes };
  }

  async run(context: StepContext): Promise<void> {
    const { found, ...command } = await this.spec();
    if (!found) await requireTofuBinary(this.settings); // throws the error that says how to get one
    try {
      await context.exec(command);
    } catch (error) {
      throw error instanceof CommandFailedError ? this.explain(error) : error;
    }
  }

  protected explain(error: CommandFailedError): Error {
    return error;
  }
}

export class OpenTofuInitStep extends OpenTofuStep {
  readonly id = 'opentofu-init' as const;
  readonly title = 'Initialize OpenTofu';
  readonly kind = 'runner-local' as const;
  protected readonly args = ['init', '-input=false'];
  protected get writes(): string[] {
    return [path.join(this.settings.clusterDir, '.terraform/')];
  }

  async outputsPresent(): Promise<boolean> {
    return pathExists(path.join(this.settings.clusterDir, '.terraform'));
  }
}

export class OpenTofuApplyStep extends OpenTofuStep {
  readonly id = 'opentofu-apply' as const;
  readonly title = 'Apply OpenTofu infrastructure';
  readonly kind = 'remote' as const;
  protected get args(): string[] {
    const saved = this.settings.opentofu.savedPlan;
    // A saved plan is the approval: tofu applies exactly it and asks nothing.
    return saved ? ['apply', '-input=false', saved.file] : ['apply', '-input=false', '-auto-approve'];
  }
  protected get writes(): string[] {
    const writes = ['OpenStack resources'];
    if (this.settings.opentofu.backend === 'local') writes.push(path.join(this.settings.clusterDir, 'terraform.tfstate'));
    return writes;
  }

  /** tofu refuses a saved plan once the state has moved on; say what that means for the user. */
  protected override explain(error: CommandFailedError): Error {
    const saved = this.settings.opentofu.savedPlan;
    if (!saved || !error.result.tail.some((line) => /Saved plan is stale/i.test(line))) return error;
    return new UserError(
      `the saved plan from ${saved.source} is stale: the infrastructure state changed after that plan was made (another apply ran), ` +
        'so tofu refused it and changed nothing. Make a new plan, review it, and deploy with the new plan artifact; or deploy without plan-artifact to plan and apply in one go.',
    );
  }
}
