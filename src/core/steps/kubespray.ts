import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { CommandSpec } from '../command.js';
import { UserError } from '../errors.js';
import { pathExists, writeFileAtomic } from '../files.js';
import type { DeploySettings } from '../settings.js';
import { deployEnvironment } from './environment.js';
import type { Step, StepContext, StepPlan } from './step.js';

export function kubesprayPaths(settings: DeploySettings) {
  const kubesprayDir = path.join(settings.clusterDir, 'kubespray');
  return {
    kubesprayDir,
    requirements: path.join(kubesprayDir, 'requirements.txt'),
    playbook: path.join(kubesprayDir, 'cluster.yml'),
    inventory: path.join(settings.clusterDir, 'inventory', 'inventory.yaml'),
    venvPython: path.join(settings.venvDir, 'bin', 'python'),
    pip: path.join(settings.venvDir, 'bin', 'pip'),
    ansiblePlaybook: path.join(settings.venvDir, 'bin', 'ansible-playbook'),
    /** Written last by kubespray-venv-create: without it the venv is half-built and is made again. */
    venvMarker: path.join(settings.venvDir, '.cluster-deploy-venv'),
    /** Records what was installed, so a cached venv with the same requirements skips pip. */
    installedMarker: path.join(settings.venvDir, '.cluster-deploy-requirements'),
  };
}

/** Fingerprint of what pip would install: the requirements file and the extra arguments. */
export async function requirementsFingerprint(settings: DeploySettings): Promise<string> {
  const requirements = await fs.readFile(kubesprayPaths(settings).requirements).catch(() => Buffer.alloc(0));
  return createHash('sha256').update(requirements).update('\0').update(settings.pipArgs.join('\0')).digest('hex');
}

/** The environment of a venv "activated" without a shell. */
function venvEnvironment(settings: DeploySettings): Record<string, string> {
  const env = deployEnvironment(settings);
  return {
    ...env,
    VIRTUAL_ENV: settings.venvDir,
    PATH: [path.join(settings.venvDir, 'bin'), env.PATH].filter(Boolean).join(path.delimiter),
  };
}

/** What the venv is made with: `--clear`, so a half-built one left by an interrupted run is replaced. */
function venvCommand(settings: DeploySettings): CommandSpec {
  return { argv: [settings.python, '-m', 'venv', '--clear', settings.venvDir], cwd: settings.clusterDir, env: deployEnvironment(settings) };
}

export class KubesprayVenvStep implements Step {
  readonly id = 'kubespray-venv-create' as const;
  readonly title = 'Create the Kubespray Python venv';
  readonly kind = 'runner-local' as const;
  private readonly command: CommandSpec;

  constructor(private readonly settings: DeploySettings) {
    this.command = venvCommand(settings);
  }

  async plan(): Promise<StepPlan> {
    return {
      workingDir: this.command.cwd,
      command: this.command,
      reads: [],
      writes: [this.settings.venvDir],
      actions: ['reuse the venv instead if it is complete: made by this step (its marker), python and pip run (e.g. restored from a cache)'],
    };
  }

  /** Complete only when this step finished it: the marker is written last, after python and pip work. */
  async outputsPresent(): Promise<boolean> {
    const paths = kubesprayPaths(this.settings);
    return (await pathExists(paths.venvMarker)) && (await pathExists(paths.venvPython)) && (await pathExists(paths.pip));
  }

  /** The Python version of an existing venv when it is complete and works, else why it cannot be reused. */
  private async inspect(context: StepContext): Promise<{ python: string } | { broken: string }> {
    const paths = kubesprayPaths(this.settings);
    if (!(await pathExists(paths.venvMarker))) return { broken: 'it was not finished by kubespray-venv-create (an interrupted run?)' };
    const probe = (argv: string[]) => context.exec({ argv, cwd: this.command.cwd, env: this.command.env }, { quiet: true, check: false, capture: true });
    const failed = (what: string, code: number | null) => ({ broken: `its ${what} ${code === null ? 'could not run' : `exited with ${code}`}` });
    const python = await probe([paths.venvPython, '-c', 'import sys; print(sys.version.split()[0])']);
    if (python.exitCode !== 0) return failed('python', python.exitCode);
    const pip = await probe([paths.pip, '--version']);
    if (pip.exitCode !== 0) return failed('pip', pip.exitCode);
    return { python: python.stdout.trim() };
  }

  async run(context: StepContext): Promise<string | void> {
    const { settings } = this;
    const paths = kubesprayPaths(settings);
    if (await pathExists(settings.venvDir)) {
      const venv = await this.inspect(context);
      if ('python' in venv) return `reused existing venv (Python ${venv.python})`;
      context.output.line(`      the venv at ${settings.venvDir} is incomplete (${venv.broken}); rebuilding it`);
    }
    await fs.rm(paths.venvMarker, { force: true });
    await context.exec(this.command);
    const pip = await context.exec({ argv: [paths.pip, '--version'], cwd: this.command.cwd, env: this.command.env }, { quiet: true, check: false });
    if (pip.exitCode !== 0) {
      throw new UserError(`${settings.python} -m venv made a venv without a working pip (${paths.pip}); on Debian/Ubuntu install python3-venv`);
    }
    await writeFileAtomic(paths.venvMarker, `${new Date().toISOString()}\n`, 0o644);
  }
}

export class KubesprayPipStep implements Step {
  readonly id = 'kubespray-pip-install' as const;
  readonly title = 'Install Kubespray requirements';
  readonly kind = 'runner-local' as const;
  private readonly command: CommandSpec;

  constructor(private readonly settings: DeploySettings) {
    const paths = kubesprayPaths(settings);
    this.command = { argv: [paths.pip, 'install', '-r', paths.requirements, ...settings.pipArgs], cwd: settings.clusterDir, env: venvEnvironment(settings) };
  }

  async plan(): Promise<StepPlan> {
    const paths = kubesprayPaths(this.settings);
    return { workingDir: this.command.cwd, command: this.command, reads: [paths.requirements], writes: [this.settings.venvDir] };
  }

  private fingerprint(): Promise<string> {
    return requirementsFingerprint(this.settings);
  }

  async outputsPresent(): Promise<boolean> {
    const marker = await fs.readFile(kubesprayPaths(this.settings).installedMarker, 'utf8').catch(() => '');
    return marker.trim() === (await this.fingerprint());
  }

  async run(context: StepContext): Promise<void> {
    const paths = kubesprayPaths(this.settings);
    if (!(await pathExists(paths.pip))) {
      throw new UserError(`${paths.pip} not found: the venv is missing or incomplete; run step kubespray-venv-create first`);
    }
    await fs.rm(paths.installedMarker, { force: true }); // an interrupted install must not look finished
    await context.exec(this.command);
    await writeFileAtomic(paths.installedMarker, `${await this.fingerprint()}\n`, 0o644);
  }
}

export class KubesprayPlaybookStep implements Step {
  readonly id = 'kubespray-ansible-playbook' as const;
  readonly title = 'Run Kubespray (ansible-playbook cluster.yml)';
  readonly kind = 'remote' as const;
  private readonly command: CommandSpec;

  constructor(private readonly settings: DeploySettings) {
    const paths = kubesprayPaths(settings);
    this.command = {
      argv: [paths.ansiblePlaybook, '-i', paths.inventory, 'cluster.yml', '-b'],
      cwd: paths.kubesprayDir,
      env: { ...venvEnvironment(settings), ANSIBLE_HOST_KEY_CHECKING: 'False' },
    };
  }

  async plan(): Promise<StepPlan> {
    const paths = kubesprayPaths(this.settings);
    return {
      workingDir: this.command.cwd,
      command: this.command,
      reads: [paths.inventory, paths.playbook],
      writes: ['cluster nodes', path.join(this.settings.clusterDir, 'inventory', 'artifacts', 'admin.conf')],
    };
  }

  async run(context: StepContext): Promise<void> {
    const paths = kubesprayPaths(this.settings);
    if (!(await pathExists(paths.ansiblePlaybook))) {
      throw new UserError(`${paths.ansiblePlaybook} not found: the Kubespray requirements are not installed; run step kubespray-pip-install first`);
    }
    // Without it ansible-playbook warns, matches no hosts and succeeds having done nothing.
    if (!(await pathExists(paths.inventory))) {
      throw new UserError(`Ansible inventory not found: ${paths.inventory}; commit it to the cluster directory or have the OpenTofu code write it (local_file) during opentofu-apply`);
    }
    await context.exec(this.command);
  }
}
