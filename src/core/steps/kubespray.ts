import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { runChecked, runCommand } from '../command.js';
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

export class KubesprayVenvStep implements Step {
  readonly id = 'kubespray-venv-create' as const;
  readonly title = 'Create the Kubespray Python venv';
  readonly kind = 'runner-local' as const;

  constructor(private readonly settings: DeploySettings) {}

  async plan(): Promise<StepPlan> {
    return {
      workingDir: this.settings.clusterDir,
      argv: [this.settings.python, '-m', 'venv', this.settings.venvDir],
      env: deployEnvironment(this.settings),
      reads: [],
      writes: [this.settings.venvDir],
      actions: ['reuse the venv instead if it exists and its python runs (e.g. restored from a cache)'],
    };
  }

  async outputsPresent(): Promise<boolean> {
    return pathExists(kubesprayPaths(this.settings).venvPython);
  }

  async run({ redactor, output, signal }: StepContext): Promise<string | void> {
    const { settings } = this;
    const env = deployEnvironment(settings);
    const python = kubesprayPaths(settings).venvPython;
    if (await pathExists(python)) {
      const probe = await runCommand({ argv: [python, '-c', 'import sys; print(sys.version.split()[0])'], cwd: settings.clusterDir, env }, { redactor, signal, captureStdout: 200 });
      if (probe.exitCode === 0) return `reused existing venv (Python ${probe.stdout.trim()})`;
      output.line(`existing venv at ${settings.venvDir} is broken (its python exited with ${probe.exitCode}); recreating it`);
    }
    await runChecked({ argv: [settings.python, '-m', 'venv', '--clear', settings.venvDir], cwd: settings.clusterDir, env }, { redactor, output: output.write, signal });
  }
}

export class KubesprayPipStep implements Step {
  readonly id = 'kubespray-pip-install' as const;
  readonly title = 'Install Kubespray requirements';
  readonly kind = 'runner-local' as const;

  constructor(private readonly settings: DeploySettings) {}

  private argv(): string[] {
    const paths = kubesprayPaths(this.settings);
    return [paths.pip, 'install', '-r', paths.requirements, ...this.settings.pipArgs];
  }

  async plan(): Promise<StepPlan> {
    const paths = kubesprayPaths(this.settings);
    return {
      workingDir: this.settings.clusterDir,
      argv: this.argv(),
      env: venvEnvironment(this.settings),
      reads: [paths.requirements],
      writes: [this.settings.venvDir],
    };
  }

  private fingerprint(): Promise<string> {
    return requirementsFingerprint(this.settings);
  }

  async outputsPresent(): Promise<boolean> {
    const marker = await fs.readFile(kubesprayPaths(this.settings).installedMarker, 'utf8').catch(() => '');
    return marker.trim() === (await this.fingerprint());
  }

  async run({ redactor, output, signal }: StepContext): Promise<void> {
    const paths = kubesprayPaths(this.settings);
    if (!(await pathExists(paths.pip))) {
      throw new UserError(`${paths.pip} not found: the venv is missing or incomplete; run step kubespray-venv-create first`);
    }
    await runChecked({ argv: this.argv(), cwd: this.settings.clusterDir, env: venvEnvironment(this.settings) }, { redactor, output: output.write, signal });
    await writeFileAtomic(paths.installedMarker, `${await this.fingerprint()}\n`, 0o644);
  }
}

export class KubesprayPlaybookStep implements Step {
  readonly id = 'kubespray-ansible-playbook' as const;
  readonly title = 'Run Kubespray (ansible-playbook cluster.yml)';
  readonly kind = 'remote' as const;

  constructor(private readonly settings: DeploySettings) {}

  private argv(): string[] {
    const paths = kubesprayPaths(this.settings);
    return [paths.ansiblePlaybook, '-i', paths.inventory, 'cluster.yml', '-b'];
  }

  private env(): Record<string, string> {
    return { ...venvEnvironment(this.settings), ANSIBLE_HOST_KEY_CHECKING: 'False' };
  }

  async plan(): Promise<StepPlan> {
    const paths = kubesprayPaths(this.settings);
    return {
      workingDir: paths.kubesprayDir,
      argv: this.argv(),
      env: this.env(),
      reads: [paths.inventory, paths.playbook],
      writes: ['cluster nodes', path.join(this.settings.clusterDir, 'inventory', 'artifacts', 'admin.conf')],
    };
  }

  async run({ redactor, output, signal }: StepContext): Promise<void> {
    const paths = kubesprayPaths(this.settings);
    if (!(await pathExists(paths.ansiblePlaybook))) {
      throw new UserError(`${paths.ansiblePlaybook} not found: the Kubespray requirements are not installed; run step kubespray-pip-install first`);
    }
    // Without it ansible-playbook warns, matches no hosts and succeeds having done nothing.
    if (!(await pathExists(paths.inventory))) {
      throw new UserError(`Ansible inventory not found: ${paths.inventory}; commit it to the cluster directory or have the OpenTofu code write it (local_file) during opentofu-apply`);
    }
    await runChecked({ argv: this.argv(), cwd: paths.kubesprayDir, env: this.env() }, { redactor, output: output.write, signal });
  }
}
