import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { CommandSpec } from '../lib/command.js';
import { UserError } from '../lib/errors.js';
import { pathExists, writeFileAtomic } from '../lib/files.js';
import { kubectlCommand, parseNodeList, type ClusterNode } from '../kube/nodes.js';
import {
  clusterVersionsFromKubectl,
  parseKubeVersion,
  planUpgrade,
  serverVersionFromKubectl,
  workerBatches,
} from '../kube/version.js';
import {
  apiRunning,
  decideVersionPath,
  recordedRunning,
  upgradeVars,
  type VersionInputs,
  type VersionPath,
} from '../kubespray/version-path.js';
import {
  describeNodeDecisions,
  playbookAfterApply,
  readInventory,
  removalRuns,
  removeNodeVars,
  type PlaybookDecision,
} from '../kubespray/node-changes.js';
import type { DeploySettings } from '../model/settings.js';
import type { NodeRole } from '../model/nodes.js';
import { kubectlEnvironment, toolEnvironment } from '../model/environment.js';
import { kubesprayPaths, requirementsFingerprint } from '../kubespray/paths.js';
import {
  skipIf,
  type DecisionMoment,
  type Step,
  type StepContext,
  type StepDecision,
  type StepPlan,
} from '../model/step.js';
import type { DeployState } from '../model/state.js';
import {
  applicationCredentialName,
  credentialFingerprint,
  kubesprayCloudEnv,
  usesOpenStackCloudProvider,
} from '../kubespray/cloud-env.js';
import { changedRunParts, kubesprayRunInputs } from '../kubespray/digest.js';
import {
  describeRuns,
  etcdAssertVars,
  isMembershipProcedure,
  plannedRuns,
  type PlannedRun,
} from '../kubespray/membership.js';
import { type ExtraVars, extraVarsArgs } from '../kubespray/extra-vars.js';
import { chooseForks } from '../kubespray/forks.js';
import { checkInventoryKubeVersion, inventoryBastion } from '../kubespray/inventory-vars.js';
import { choosePython, readPythonRange } from '../kubespray/python.js';
import { checkReachable } from '../kubespray/reachability.js';
import { readNodeVersions } from '../kubespray/node-versions.js';

/** The environment of a venv "activated" without a shell. */
function venvEnvironment(settings: DeploySettings): Record<string, string> {
  const env = toolEnvironment(settings);
  return {
    ...env,
    VIRTUAL_ENV: settings.venvDir,
    PATH: [path.join(settings.venvDir, 'bin'), env.PATH].filter(Boolean).join(path.delimiter),
  };
}

/** What the venv is made with: `--clear`, so a half-built one left by an interrupted run is replaced. */
function venvCommand(settings: DeploySettings, python = settings.python): CommandSpec {
  return {
    argv: [python, '-m', 'venv', '--clear', settings.venvDir],
    cwd: settings.clusterDir,
    env: toolEnvironment(settings),
  };
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
      actions: [
        `${this.settings.pythonSetting ? `${this.settings.pythonSetting.value}, which must be` : 'the newest python3.X on PATH'} inside the Python range of the pinned Kubespray (its docs/ansible/ansible.md)`,
        'reuse the venv instead if it is complete: made by this step (its marker), python and pip run (e.g. restored from a cache), with that Python minor',
      ],
    };
  }

  /** Complete only when this step finished it: the marker is written last, after python and pip work. */
  async outputsPresent(): Promise<boolean> {
    const paths = kubesprayPaths(this.settings);
    return (
      (await pathExists(paths.venvMarker)) && (await pathExists(paths.venvPython)) && (await pathExists(paths.pip))
    );
  }

  /** A venv this step finished is there: said in the plan and the run alike, which Python it keeps is known only when it runs. */
  async decide(): Promise<StepDecision | undefined> {
    return (await this.outputsPresent())
      ? {
          action: 'run',
          reason: 'a venv is there: reused if its python and pip run with the chosen Python minor, else rebuilt',
        }
      : undefined;
  }

  /** The Python version of an existing venv when it is complete and works, else why it cannot be reused. */
  private async inspect(context: StepContext): Promise<{ python: string } | { broken: string }> {
    const paths = kubesprayPaths(this.settings);
    if (!(await pathExists(paths.venvMarker)))
      return { broken: 'it was not finished by kubespray-venv-create (an interrupted run?)' };
    const probe = (argv: string[]) =>
      context.exec(
        { argv, cwd: this.command.cwd, env: this.command.env },
        { quiet: true, check: false, capture: true },
      );
    const failed = (what: string, code: number | null) => ({
      broken: `its ${what} ${code === null ? 'could not run' : `exited with ${code}`}`,
    });
    const python = await probe([paths.venvPython, '-c', 'import sys; print(sys.version.split()[0])']);
    if (python.exitCode !== 0) return failed('python', python.exitCode);
    const pip = await probe([paths.pip, '--version']);
    if (pip.exitCode !== 0) return failed('pip', pip.exitCode);
    return { python: python.stdout.trim() };
  }

  async run(context: StepContext): Promise<string | void> {
    const { settings } = this;
    const paths = kubesprayPaths(settings);
    const release = settings.kubesprayRelease;
    const range = await readPythonRange(release.dir, context.state.kubespray?.version ?? release.version);
    const chosen = await choosePython({
      explicit: settings.pythonSetting,
      range,
      kubespray: `Kubespray ${context.state.kubespray?.version ?? release.version ?? `in ${release.dir}`}`,
      env: this.command.env,
    });
    const minor = (version: string) => version.split('.').slice(0, 2).join('.');
    if (await pathExists(settings.venvDir)) {
      const venv = await this.inspect(context);
      if ('python' in venv && minor(venv.python) === minor(chosen.version))
        return `reused existing venv (Python ${venv.python})`;
      context.output.line(
        `      the venv at ${settings.venvDir} ${'python' in venv ? `runs Python ${venv.python}, not ${minor(chosen.version)} (${chosen.path})` : `is incomplete (${venv.broken})`}; rebuilding it`,
      );
      await fs.rm(paths.venvMarker, { force: true });
    }
    // No venv yet: python makes the directory, and says in its own words why it cannot (a path under a file, no access).
    await context.exec(venvCommand(settings, chosen.path));
    const pip = await context.exec(
      { argv: [paths.pip, '--version'], cwd: this.command.cwd, env: this.command.env },
      { quiet: true, check: false },
    );
    if (pip.exitCode !== 0) {
      throw new UserError(
        `${chosen.path} -m venv made a venv without a working pip (${paths.pip}); on Debian/Ubuntu install python3-venv`,
      );
    }
    await writeFileAtomic(paths.venvMarker, `${new Date().toISOString()}\n`, 0o644);
    return `made with ${chosen.path} (Python ${chosen.version}, from ${chosen.from})`;
  }
}

const PIP_UNCHANGED = 'requirements and pip arguments unchanged since they were installed (--converge runs pip)';

export class KubesprayPipStep implements Step {
  readonly id = 'kubespray-pip-install' as const;
  readonly title = 'Install Kubespray requirements';
  readonly kind = 'runner-local' as const;
  private readonly command: CommandSpec;

  constructor(private readonly settings: DeploySettings) {
    const paths = kubesprayPaths(settings);
    this.command = {
      argv: [paths.pip, 'install', '-r', paths.requirements, ...settings.pipArgs],
      cwd: settings.clusterDir,
      env: venvEnvironment(settings),
    };
  }

  async plan(): Promise<StepPlan> {
    const paths = kubesprayPaths(this.settings);
    return {
      workingDir: this.command.cwd,
      command: this.command,
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

  /** A venv made with another interpreter was rebuilt (its marker gone with it): only an intact install is skipped. */
  async decide(): Promise<StepDecision | undefined> {
    return skipIf(!this.settings.converge && (await this.outputsPresent()) ? PIP_UNCHANGED : undefined);
  }

  async run(context: StepContext): Promise<string | void> {
    const paths = kubesprayPaths(this.settings);
    if (!(await pathExists(paths.pip))) {
      throw new UserError(
        `${paths.pip} not found: the venv is missing or incomplete; run step kubespray-venv-create first`,
      );
    }
    await fs.rm(paths.installedMarker, { force: true }); // an interrupted install must not look finished
    await context.exec(this.command);
    await writeFileAtomic(paths.installedMarker, `${await this.fingerprint()}\n`, 0o644);
  }
}

/**
 * One Kubespray playbook run, built in one place for every step: in the Kubespray tree, with the
 * venv's ansible-playbook, the inventory, become, the venv "activated" and every extra variable as
 * typed JSON. Host keys are not checked: the servers are new and their keys unknown to the runner
 * (Kubespray's own bastion hop does the same); SSH key and user come from the settings, and the
 * OpenStack variables Kubespray's cloud controller reads from the environment.
 */
export function kubesprayPlaybook(
  settings: DeploySettings,
  playbook: string,
  vars: ExtraVars,
  ...args: string[]
): CommandSpec {
  const paths = kubesprayPaths(settings);
  const { privateKeyFile, user } = settings.ssh;
  // As an extra variable too: Kubespray's bastion ProxyCommand adds `-i` only for ansible_ssh_private_key_file.
  const keyVar: ExtraVars = privateKeyFile ? { ansible_ssh_private_key_file: privateKeyFile } : {};
  const venvEnv = venvEnvironment(settings);
  const limit = args.find((a) => a.startsWith('--limit='))?.slice('--limit='.length);
  const forks = chooseForks({
    configured: settings.ansibleForks,
    env: venvEnv,
    inventoryFile: paths.inventory,
    limit: limit?.split(',').filter(Boolean),
  });
  return {
    argv: [
      paths.ansiblePlaybook,
      '-i',
      paths.inventory,
      playbook,
      '-b',
      ...extraVarsArgs({ ...evenEtcdVars(paths.inventory), ...vars, ...keyVar }),
      ...forks.args,
      ...args,
    ],
    cwd: paths.kubesprayDir,
    env: {
      ...venvEnv,
      ...kubesprayCloudEnv(settings.credentials).env,
      ANSIBLE_HOST_KEY_CHECKING: 'False',
      // Ansible colours only a terminal, and its output reaches ours through a pipe: say which is wanted.
      ...(settings.colour ? { ANSIBLE_FORCE_COLOR: '1' } : { ANSIBLE_NOCOLOR: '1' }),
      ...(privateKeyFile && { ANSIBLE_PRIVATE_KEY_FILE: privateKeyFile }),
      ...(user && { ANSIBLE_REMOTE_USER: user }),
    },
  };
}

/**
 * Every playbook's etcdAssertVars (kubespray/membership.ts), for the inventory as it is when the
 * command is built; an unreadable inventory adds nothing (the playbook steps name it).
 */
function evenEtcdVars(inventoryFile: string): ExtraVars {
  try {
    return etcdAssertVars(readInventory(inventoryFile));
  } catch {
    return {};
  }
}

/** The cluster's own variables every install playbook gets: the config's Kubernetes version. */
export function clusterVars(settings: DeploySettings): ExtraVars {
  return settings.kubernetesVersion ? { kube_version: settings.kubernetesVersion } : {};
}

/**
 * A playbook's command with OS_APPLICATION_CREDENTIAL_NAME when the inventory turns on Kubespray's
 * OpenStack cloud roles and only the credential's id is configured: Keystone names it (kubespray/cloud-env.ts).
 */
export async function withCredentialName(settings: DeploySettings, command: CommandSpec): Promise<CommandSpec> {
  if (command.env.OS_APPLICATION_CREDENTIAL_NAME || !settings.authCheck.enabled) return command;
  if (!(await usesOpenStackCloudProvider(kubesprayPaths(settings).inventory))) return command;
  const name = await applicationCredentialName(settings.credentials, settings.authCheck.timeoutMs);
  return name ? { ...command, env: { ...command.env, OS_APPLICATION_CREDENTIAL_NAME: name } } : command;
}

/**
 * Before a playbook: one quick ping of the hosts it touches, so an unreachable one is named in
 * seconds, not after minutes of Kubespray.
 */
export async function requireReachable(settings: DeploySettings, context: StepContext, hosts: string[]): Promise<void> {
  const results = await checkReachable({ ...(await adHocOptions(settings, context)), hosts });
  const failed = results.filter((r) => r.status === 'FAILED!').map((r) => r.host);
  context.output.line(
    `      ${results.length} hosts answer over SSH${failed.length ? ` (${failed.join(', ')} without a working Python yet)` : ''}`,
  );
}

/** An ad-hoc Ansible run's settings: the playbooks' SSH settings, without the cloud credentials only Kubespray's cloud roles read. */
async function adHocOptions(settings: DeploySettings, context: StepContext) {
  const paths = kubesprayPaths(settings);
  const command = kubesprayPlaybook(settings, 'ping', {});
  return {
    ansible: paths.ansible,
    inventory: paths.inventory,
    cwd: paths.kubesprayDir,
    env: Object.fromEntries(Object.entries(command.env).filter(([name]) => !name.startsWith('OS_'))),
    bastion: await inventoryBastion(paths.inventory),
    privateKeyFile: settings.ssh.privateKeyFile,
    exec: context.exec,
  };
}

/** What must be there before any playbook runs; a missing inventory would match no hosts and "succeed". */
export async function requirePlaybookInputs(settings: DeploySettings): Promise<void> {
  const paths = kubesprayPaths(settings);
  if (!(await pathExists(paths.ansiblePlaybook))) {
    throw new UserError(
      `${paths.ansiblePlaybook} not found: the Kubespray requirements are not installed; run step kubespray-pip-install first`,
    );
  }
  if (!(await pathExists(paths.inventory))) {
    throw new UserError(
      `Ansible inventory not found: ${paths.inventory}; commit it to the cluster directory or have the OpenTofu code write it (local_file) during opentofu-apply`,
    );
  }
}

/** The cluster's nodes from the API, or undefined (with the reason said) when it cannot be asked. */
export async function apiNodes(settings: DeploySettings, context: StepContext): Promise<ClusterNode[] | undefined> {
  if (!(await pathExists(settings.kubeconfigPath))) {
    context.output.line(
      `      no kubeconfig at ${settings.kubeconfigPath}: cannot ask the API which nodes are reachable`,
    );
    return undefined;
  }
  const result = await context.exec(
    kubectlCommand(
      settings.kubectl,
      settings.kubeconfigPath,
      settings.clusterDir,
      kubectlEnvironment(settings),
      'get',
      'nodes',
      '-o',
      'json',
    ),
    {
      capture: true,
      quiet: true,
      check: false,
    },
  );
  if (result.exitCode !== 0) {
    context.output.line(
      `      the API did not list its nodes (${result.tail.at(-1)?.trim() || `kubectl exited with ${result.exitCode}`})`,
    );
    return undefined;
  }
  return parseNodeList(result.stdout);
}

/**
 * deploy: nodes the plan deletes or replaces are drained and removed with Kubespray's
 * remove-node.yml while the inventory still lists them, before the apply deletes their servers.
 * Nodes the API shows NotReady (or does not list) are unreachable: removed with reset_nodes=false.
 */
export class KubesprayRemoveNodesStep implements Step {
  readonly id = 'kubespray-remove-nodes' as const;
  readonly title = 'Drain and remove the nodes the plan deletes';
  readonly kind = 'converge' as const;
  readonly preparesFor = 'opentofu-apply' as const;

  constructor(private readonly settings: DeploySettings) {}

  async plan(): Promise<StepPlan> {
    const command = kubesprayPlaybook(this.settings, 'remove-node.yml', {
      node: '<nodes>',
      skip_confirmation: true,
    });
    return {
      workingDir: command.cwd,
      command,
      reads: [kubesprayPaths(this.settings).inventory, this.settings.kubeconfigPath],
      writes: ['cluster nodes (drained, removed from etcd and Kubernetes)'],
      actions: [
        'only for nodes opentofu-plan found deleted or replaced, and not removed yet; unreachable ones (NotReady in the API) with {"reset_nodes": false, "allow_ungraceful_removal": true} (docs/operations/nodes.md), after playbooks/facts.yml over every other host when they are control-plane or etcd nodes (the etcd member removal needs cached facts then)',
        'first an ansible -m ping of the reachable ones and the first control plane node (kubectl runs there)',
      ],
    };
  }

  /** Only for the nodes opentofu-plan found deleted or replaced; a plan made before it cannot know which. */
  decide(state: DeployState, moment: DecisionMoment): StepDecision | undefined {
    if (!moment.nodeWorkKnown) return skipIf('runs only if opentofu-plan deletes or replaces nodes');
    const work = state.nodeWork;
    const removed = new Set(work?.removed ?? []);
    const left = (work?.remove ?? []).filter((node) => !removed.has(node));
    if (left.length) return { action: 'run', reason: `the plan deletes or replaces ${left.join(', ')}` };
    return skipIf(work?.remove.length ? `already removed: ${work.remove.join(', ')}` : 'the plan removes no nodes');
  }

  async run(context: StepContext): Promise<string> {
    const work = context.state.nodeWork;
    const removed = new Set(work?.removed ?? []);
    const left = (work?.remove ?? []).filter((node) => !removed.has(node));
    if (!work || left.length === 0) return 'no node left to remove';
    await requirePlaybookInputs(this.settings);
    await removeNodes(this.settings, context, left, work.removeRoles, (nodes) => {
      work.removed = [...(work.removed ?? []), ...nodes];
    });
    return `removed ${left.join(', ')}`;
  }
}

/**
 * remove-node.yml for `nodes` while the inventory still lists them: the ones the API shows Ready
 * drained and reset (after an ansible ping of them and the first control-plane node, where kubectl
 * runs); the others with reset_nodes=false, after playbooks/facts.yml over every other host when one
 * is a control-plane or etcd node (unknown roles count as such). `removed` hears of each run as it
 * ends. A deploy's removal and replace-nodes share it.
 */
export async function removeNodes(
  settings: DeploySettings,
  context: StepContext,
  nodes: string[],
  roles: Readonly<Record<string, readonly NodeRole[] | undefined>>,
  removed: (nodes: string[]) => void = () => {},
): Promise<void> {
  const runs = removalRuns(nodes, await apiNodes(settings, context));
  const firstControlPlane = readInventory(kubesprayPaths(settings).inventory)?.controlPlane[0];
  const touched = runs.filter((run) => run.reachable).flatMap((run) => run.nodes);
  if (touched.length)
    await requireReachable(settings, context, [
      ...new Set([...touched, ...(firstControlPlane ? [firstControlPlane] : [])]),
    ]);
  for (const run of runs) {
    const runRoles = run.nodes.flatMap((node): readonly NodeRole[] => roles[node] ?? ['etcd']);
    if (!run.reachable && (runRoles.includes('etcd') || runRoles.includes('control-plane'))) {
      // With reset_nodes=false, playbooks/remove_node.yml skips internal_facts, and the etcd member removal
      // (roles/remove-node/remove-etcd-node, delegated to the first etcd host, matching by etcd_peer_url)
      // then reads facts from the cache, empty on a fresh runner (Kubespray #12986): fill it for the rest.
      context.output.line(`      playbooks/facts.yml for every host but ${run.nodes.join(', ')} (unreachable)`);
      await context.exec(
        await withCredentialName(
          settings,
          kubesprayPlaybook(settings, 'playbooks/facts.yml', {}, `--limit=${remainingHosts(run.nodes)}`),
        ),
      );
    }
    context.output.line(
      `      remove-node.yml for ${run.nodes.join(', ')}${run.reachable ? '' : ' (unreachable: no drain or reset)'}`,
    );
    await context.exec(
      await withCredentialName(settings, kubesprayPlaybook(settings, 'remove-node.yml', removeNodeVars(run))),
    );
    removed(run.nodes);
  }
}

/** An Ansible host pattern: every host but these. */
function remainingHosts(nodes: readonly string[]): string {
  return ['all', ...nodes.map((node) => `!${node}`)].join(':');
}

/** What the step after the apply runs for a decision: each command built here, for the plan and the run. */
function playbookCommands(
  settings: DeploySettings,
  runs: readonly PlannedRun[],
  kubeVersion: string | undefined,
): CommandSpec[] {
  return runs.map((run) => {
    if (run.playbook === 'playbooks/facts.yml') return kubesprayPlaybook(settings, run.playbook, run.vars);
    // kube_version: without it scale.yml and upgrade-cluster.yml would install Kubespray's default, not the cluster's version.
    if (run.playbook === 'upgrade-cluster.yml' && !kubeVersion)
      throw new UserError(
        "the cluster's Kubernetes version is unknown (no API answer, no completed run recorded it): set opencenter.cluster.kubernetes.version, or upgrade-cluster.yml would install the Kubespray tree's default",
      );
    const vars = { ...run.vars, ...(kubeVersion && { kube_version: kubeVersion }) };
    return kubesprayPlaybook(settings, run.playbook, vars, ...(run.limit ? [`--limit=${run.limit}`] : []));
  });
}

/** One upgrade-cluster.yml run limited to `limit`; a worker batch passes its size as `serial` (kubespray/version-path.ts). */
function upgradeCommand(settings: DeploySettings, kubeVersion: string, limit: string[], workers: boolean): CommandSpec {
  return kubesprayPlaybook(
    settings,
    'upgrade-cluster.yml',
    upgradeVars(kubeVersion, workers ? limit : undefined),
    `--limit=${limit.join(',')}`,
  );
}

/** The API's versions (server and kubelets), or undefined, said why, when it cannot be asked. */
async function apiVersions(settings: DeploySettings, context: StepContext): Promise<VersionInputs['running']> {
  const nodes = await apiNodes(settings, context);
  if (!nodes) return undefined;
  const version = await context.exec(
    kubectlCommand(
      settings.kubectl,
      settings.kubeconfigPath,
      settings.clusterDir,
      kubectlEnvironment(settings),
      'version',
      '-o',
      'json',
    ),
    { capture: true, quiet: true, check: false },
  );
  if (version.exitCode !== 0 || nodes.length === 0) return undefined;
  // A node that has not said its version yet (still joining) tells nothing about the cluster's.
  return apiRunning(
    serverVersionFromKubectl(version.stdout),
    nodes.filter((node) => node.kubelet !== ''),
  );
}

export class KubesprayPlaybookStep implements Step {
  readonly id = 'kubespray-ansible-playbook' as const;
  readonly title = 'Run Kubespray (cluster.yml, or scale.yml for new workers)';
  readonly kind = 'remote' as const;
  private readonly command: CommandSpec;

  constructor(private readonly settings: DeploySettings) {
    this.command = kubesprayPlaybook(settings, 'cluster.yml', clusterVars(settings));
  }

  async plan(): Promise<StepPlan> {
    const paths = kubesprayPaths(this.settings);
    return {
      workingDir: this.command.cwd,
      command: this.command,
      reads: [paths.inventory, paths.playbook],
      writes: ['cluster nodes', path.join(this.settings.clusterDir, 'inventory', 'artifacts', 'admin.conf')],
      actions: [
        'cluster.yml for a new cluster or a change that is not only nodes; when the plan only adds workers: playbooks/facts.yml, then scale.yml --limit=<new workers> (with the same kube_version); nothing when it only removes workers',
        "control-plane or etcd nodes added or removed: Kubespray's docs/operations/nodes.md, each run in order (cluster.yml, limited to etcd,kube_control_plane when only they change, then upgrade-cluster.yml --limit=etcd,kube_control_plane for the etcd configuration and kube-apiserver's --etcd-servers)",
        `versions: the cluster's Kubernetes version read from the API (else the last completed run, else the kubelets on the nodes: ansible k8s_cluster -m command -a '{{ bin_dir }}/kubelet --version', the lowest taken; refused when none of them tells); a config behind it is refused as a downgrade, one above it ${this.settings.upgradeOnDeploy ? 'is upgraded first with upgrade-cluster.yml (deployment.kubespray.upgrade_on_deploy)' : 'is refused, naming operation upgrade (deployment.kubespray.upgrade_on_deploy: true upgrades instead)'}; a new Kubespray tag (one minor at most), or one on a kept cluster whose tag no run recorded, runs upgrade-cluster.yml with the new tree on every node first, never cluster.yml with a new kube_version`,
        "first: kube_version set in the inventory's group_vars must be the config's; an ansible -m ping of the hosts the playbook touches",
        'refuse, on an existing cluster, a new node that the inventory lists first in kube_control_plane or etcd (Kubespray would run kubeadm init or make a new etcd CA there): new control-plane nodes go at the end',
        'a re-deploy whose plan is empty and whose inputs (inventory, group_vars, Kubespray commit, kube_version, extra vars, a fingerprint of the cloud credential when Kubespray puts it into the cluster) are those of the last cluster.yml skips it (--converge runs it)',
      ],
    };
  }

  /** What this cluster.yml would depend on (kubespray/digest.ts): the digest to compare with the last one's, and its parts. */
  private async runInputs(state: DeployState) {
    const inventory = kubesprayPaths(this.settings).inventory;
    return kubesprayRunInputs({
      inventory,
      kubespray:
        state.kubespray?.commit ??
        (state.kubespray?.sha256 && `sha256:${state.kubespray.sha256}`) ??
        state.kubespray?.version ??
        'unknown',
      kubeVersion: this.settings.kubernetesVersion,
      extraVars: clusterVars(this.settings),
      playbook: 'cluster.yml',
      ...((await usesOpenStackCloudProvider(inventory)) && {
        credential: credentialFingerprint(kubesprayCloudEnv(this.settings.credentials).env),
      }),
    });
  }

  /**
   * Whether cluster.yml has anything to do, in the plan and the run alike: not when the OpenTofu plan changes nothing
   * and every input is that of the last cluster.yml; when an input changed, which. A plan that changes nodes leaves the
   * choice of playbook to the run (playbookAfterApply), which says it; so do versions that differ from those the
   * cluster was last installed with (the version path: upgrade-cluster.yml first, or a refusal).
   */
  async decide(state: DeployState, moment: DecisionMoment): Promise<StepDecision | undefined> {
    const { settings } = this;
    if (settings.converge)
      return { action: 'run', reason: '--converge (input converge): Kubespray runs whatever changed' };
    if (moment.nodeWorkKnown && !state.nodeWork?.empty) return undefined;
    const installed = state.installed;
    const release = settings.kubesprayRelease.version;
    const moves = [
      ...(installed?.kubeVersion && settings.kubernetesVersion && installed.kubeVersion !== settings.kubernetesVersion
        ? [`Kubernetes ${installed.kubeVersion} → ${settings.kubernetesVersion}`]
        : []),
      ...(installed?.kubespray && release && installed.kubespray !== release
        ? [`Kubespray ${installed.kubespray} → ${release}`]
        : []),
    ];
    if (moves.length)
      return {
        action: 'run',
        reason: `the cluster was last installed with other versions (${moves.join(', ')}): the version path decides (upgrade-cluster.yml first, or a refusal)`,
      };
    const last = state.kubespray?.runDigest;
    // An unreadable inventory decides nothing here: the run names it (requirePlaybookInputs, the digest's own error).
    const now = last ? await this.runInputs(state).catch(() => undefined) : undefined;
    if (!last || !now) return undefined;
    if (now.digest !== last) {
      const changed = changedRunParts(state.kubespray?.runParts, now.parts);
      return {
        action: 'run',
        reason: changed?.length
          ? `changed since the last cluster.yml: ${changed.join(', ')}`
          : 'its inputs changed since the last cluster.yml (inventory, group_vars, Kubespray commit, kube_version, extra vars or cloud credential)',
      };
    }
    const same =
      'the same inventory, group_vars, Kubespray commit, kube_version, extra vars and cloud credential as the last cluster.yml; --converge (input converge) runs it';
    return skipIf(
      moment.nodeWorkKnown ? `an empty OpenTofu plan, and ${same}` : `if the OpenTofu plan is empty: ${same}`,
    );
  }

  async run(context: StepContext): Promise<string> {
    const { settings } = this;
    await requirePlaybookInputs(settings);
    const work = context.state.nodeWork;
    // Without a plan's node work (--step alone, method none before), converge everything as always.
    const inventoryFile = kubesprayPaths(settings).inventory;
    if (settings.kubernetesVersion) {
      await checkInventoryKubeVersion(inventoryFile, {
        version: settings.kubernetesVersion,
        where: `opencenter.cluster.kubernetes.version in ${settings.configPath ?? 'the config'}`,
      });
    }
    const decision: PlaybookDecision = work
      ? playbookAfterApply(work, readInventory(inventoryFile), inventoryFile)
      : { kind: 'cluster', reason: 'no node changes recorded: converge everything' };
    // Versions first: what the cluster runs, from the API, else from the last completed run, else from its nodes.
    const newCluster = work?.newCluster === true;
    const known = newCluster
      ? undefined
      : ((await apiVersions(settings, context)) ?? recordedRunning(context.state.installed));
    const asked = newCluster || known ? undefined : await readNodeVersions(await adHocOptions(settings, context));
    const running = known ?? (asked && 'running' in asked ? asked.running : undefined);
    if (asked && running)
      context.output.line(`      the cluster runs Kubernetes ${running.version.text} (from ${running.from})`);
    const notInstalled = asked && 'notInstalled' in asked ? asked.notInstalled : undefined;
    if (notInstalled) context.output.line(`      ${notInstalled}`);
    const versions = decideVersionPath({
      newCluster: newCluster || notInstalled !== undefined,
      running,
      ...(asked && 'unknown' in asked && { runningUnknown: asked.unknown }),
      installedKubespray: context.state.installed?.kubespray,
      wanted: {
        kube: settings.kubernetesVersion,
        kubespray: context.state.kubespray?.version,
        where: 'opencenter.cluster.kubernetes.version',
      },
      upgradeOnDeploy: settings.upgradeOnDeploy,
    });
    if (versions.kind === 'same' && versions.note) context.output.line(`      ${versions.note}`);
    if (work) context.output.line(`      ${describeNodeDecisions(work, decision)}`);
    const planEmpty = work?.empty === true;
    const inputs = await this.runInputs(context.state);
    const record = () => {
      if (!context.state.kubespray) return;
      context.state.kubespray.runDigest = inputs.digest;
      context.state.kubespray.runParts = inputs.parts;
    };
    const installed = (kubeVersion: string | undefined) => {
      context.state.installed = {
        ...(context.state.kubespray?.version && { kubespray: context.state.kubespray.version }),
        ...((kubeVersion ?? context.state.installed?.kubeVersion) && {
          kubeVersion: kubeVersion ?? context.state.installed?.kubeVersion,
        }),
      };
    };
    let upgraded = '';
    if (versions.kind === 'upgrade') {
      upgraded = await this.upgradePath(context, versions, running);
      installed(settings.kubernetesVersion ?? running?.version.text);
    }
    // A plan with nothing to do was skipped before (decide); an upgrade that ran every role is the cluster.yml it would ask.
    if (decision.kind === 'cluster' && planEmpty && !settings.converge && versions.kind === 'upgrade') {
      context.state.nodeWork = undefined;
      record();
      return `${upgraded}; cluster.yml skipped: the plan is empty and upgrade-cluster.yml ran with these inputs`;
    }
    if (decision.kind !== 'none') await requireReachable(settings, context, ['k8s_cluster', 'etcd']);
    const runs = plannedRuns(decision, work, readInventory(inventoryFile));
    if (isMembershipProcedure(runs)) context.output.line(`      runs, in order: ${describeRuns(runs)}`);
    for (const command of playbookCommands(settings, runs, settings.kubernetesVersion ?? running?.version.text))
      await context.exec(await withCredentialName(settings, command));
    context.state.nodeWork = undefined; // done: the next deploy starts from its own plan
    // The inputs the cluster now matches (after scale.yml too: the new workers got the same variables).
    if (decision.kind !== 'none') record();
    if (decision.kind !== 'none' || newCluster) installed(settings.kubernetesVersion ?? running?.version.text);
    const ran =
      decision.kind === 'scale'
        ? `scale.yml --limit=${decision.limit.join(',')}`
        : decision.kind === 'cluster'
          ? 'cluster.yml'
          : `nothing to install (${decision.reason})`;
    const all = isMembershipProcedure(runs) ? describeRuns(runs) : ran;
    return upgraded ? `${upgraded}; then ${all}` : all;
  }

  /**
   * A deploy's upgrade path (kubespray/version-path.ts): playbooks/facts.yml, then upgrade-cluster.yml
   * for the control plane and etcd (Kubespray takes them one at a time), then the workers in batches.
   * Nodes this plan creates are not installed yet (scale.yml or cluster.yml installs them after);
   * the nodes done are kept in the state, so a resumed deploy never redoes one.
   */
  private async upgradePath(
    context: StepContext,
    route: Extract<VersionPath, { kind: 'upgrade' }>,
    running: VersionInputs['running'],
  ): Promise<string> {
    const { settings } = this;
    const kubeVersion = settings.kubernetesVersion ?? running?.version.text;
    if (!kubeVersion)
      throw new UserError(
        `${route.reason}, but the cluster's Kubernetes version is unknown: set opencenter.cluster.kubernetes.version, or upgrade-cluster.yml would install the new Kubespray's default`,
      );
    context.output.line(`      ${route.reason}`);
    const previous = context.state.versionChange;
    const same = previous?.kubeVersion === kubeVersion && previous.kubespray === route.kubespray?.to;
    const change = {
      kubeVersion,
      ...(route.kubespray && { kubespray: route.kubespray.to }),
      done: same ? [...previous.done] : [],
    };
    context.state.versionChange = change;
    const inventory = readInventory(kubesprayPaths(settings).inventory);
    if (!inventory) throw new UserError(`no inventory at ${kubesprayPaths(settings).inventory}: cannot upgrade`);
    const fresh = new Set([...(context.state.nodeWork?.create ?? []), ...change.done]);
    const controlPlane = [...new Set([...inventory.controlPlane, ...inventory.etcd])].filter((n) => !fresh.has(n));
    const workers = inventory.workers.filter((n) => !inventory.controlPlane.includes(n) && !fresh.has(n));
    const runs: { limit: string[]; workers: boolean }[] = [
      ...(controlPlane.length ? [{ limit: controlPlane, workers: false }] : []),
      ...workerBatches(workers, settings.upgradeBatchSize).map((limit) => ({ limit, workers: true })),
    ];
    if (runs.length > 0) {
      // Every run below is limited: Kubespray needs the cached facts of every other host.
      await requireReachable(settings, context, ['k8s_cluster', 'etcd']);
      await context.exec(await withCredentialName(settings, kubesprayPlaybook(settings, 'playbooks/facts.yml', {})));
    }
    for (const [index, run] of runs.entries()) {
      context.output.line(
        `      upgrade-cluster.yml ${index + 1}/${runs.length}: ${run.limit.join(', ')} → ${kubeVersion}${route.kubespray ? ` with Kubespray ${route.kubespray.to}` : ''}`,
      );
      await context.exec(
        await withCredentialName(settings, upgradeCommand(settings, kubeVersion, run.limit, run.workers)),
      );
      change.done.push(...run.limit);
      // Saved now, not when the step ends: a run killed in the next batch must not upgrade these again.
      await context.checkpoint?.();
    }
    context.state.versionChange = undefined;
    return `upgrade-cluster.yml on ${change.done.length} nodes (${route.reason.split(':')[0]})`;
  }
}

/** upgrade: reads the cluster's versions from the API and refuses a skipped minor or a downgrade. */
async function readUpgradePlan(settings: DeploySettings, context: StepContext) {
  const target = parseKubeVersion(settings.kubernetesVersion!, 'the target Kubernetes version');
  if (!(await pathExists(settings.kubeconfigPath))) {
    throw new UserError(
      `no kubeconfig at ${settings.kubeconfigPath}: an upgrade reads the cluster's versions from its API; deploy it first, or pass --kubeconfig`,
    );
  }
  const kubectl = (...args: string[]) =>
    context.exec(
      kubectlCommand(
        settings.kubectl,
        settings.kubeconfigPath,
        settings.clusterDir,
        kubectlEnvironment(settings),
        ...args,
      ),
      { capture: true, quiet: true },
    );
  const version = await kubectl('version', '-o', 'json');
  const nodes = await kubectl('get', 'nodes', '-o', 'json');
  const current = clusterVersionsFromKubectl(version.stdout, nodes.stdout);
  requireInventoryNodesListed(
    settings,
    current.nodes.map((node) => node.name),
  );
  return { target, current, todo: planUpgrade(target, current) };
}

/**
 * The upgrade reads which nodes to upgrade from the API: a node of the inventory the API does not list
 * would never be upgraded, and an API that lists none (another cluster's kubeconfig, nodes not joined)
 * would make an upgrade that upgraded nothing look complete.
 */
function requireInventoryNodesListed(settings: DeploySettings, listed: string[]): void {
  const inventoryFile = kubesprayPaths(settings).inventory;
  const inventory = readInventory(inventoryFile);
  if (!inventory) return; // the playbook steps refuse a missing inventory, naming it
  const missing = [...new Set([...inventory.controlPlane, ...inventory.workers])].filter((n) => !listed.includes(n));
  if (missing.length === 0) return;
  throw new UserError(
    `the inventory ${inventoryFile} lists node${missing.length === 1 ? '' : 's'} ${missing.join(', ')}, not listed by the Kubernetes API (kubectl get nodes with kubeconfig ${settings.kubeconfigPath}${listed.length ? `, which lists ${listed.join(', ')}` : ', which lists none'}): ` +
      "the upgrade would leave them behind. Check that the kubeconfig is this cluster's and that every node has joined (a deploy runs cluster.yml or scale.yml for them)",
  );
}

export class KubernetesVersionCheckStep implements Step {
  readonly id = 'kubernetes-version-check' as const;
  readonly title = 'Check the upgrade path';
  readonly kind = 'check' as const;

  constructor(private readonly settings: DeploySettings) {}

  async plan(): Promise<StepPlan> {
    const command = kubectlCommand(
      this.settings.kubectl,
      this.settings.kubeconfigPath,
      this.settings.clusterDir,
      kubectlEnvironment(this.settings),
      'version',
      '-o',
      'json',
    );
    return {
      workingDir: command.cwd,
      command,
      reads: [this.settings.kubeconfigPath],
      writes: [],
      actions: [
        `then kubectl get nodes -o json; refuse a downgrade or a skipped minor version on the way to ${this.settings.kubernetesVersion}`,
      ],
    };
  }

  async run(context: StepContext): Promise<string> {
    const { target, current, todo } = await readUpgradePlan(this.settings, context);
    // Kept through resumes of the same upgrade: by then some nodes are at the target, but by this same path.
    context.state.upgradeEveryNode =
      (context.state.upgradeTarget === target.text && context.state.upgradeEveryNode) || todo.done.length === 0;
    context.state.upgradeTarget = target.text;
    return `${current.server} → v${target.text}: ${todo.controlPlane.length} control plane and ${todo.workers.length} worker nodes to upgrade, ${todo.done.length} already there`;
  }
}

export class KubesprayFactsStep implements Step {
  readonly id = 'kubespray-facts' as const;
  readonly title = 'Gather the facts of every host';
  readonly kind = 'check' as const;
  private readonly command: CommandSpec;

  constructor(private readonly settings: DeploySettings) {
    this.command = kubesprayPlaybook(settings, 'playbooks/facts.yml', {});
  }

  async plan(): Promise<StepPlan> {
    return {
      workingDir: this.command.cwd,
      command: this.command,
      reads: [kubesprayPaths(this.settings).inventory],
      writes: ['Ansible facts cache'],
      actions: [
        'Kubespray refuses --limit without cached facts of every other host: the upgrade runs below are limited',
      ],
    };
  }

  async run(context: StepContext): Promise<void> {
    await requirePlaybookInputs(this.settings);
    await requireReachable(this.settings, context, ['k8s_cluster', 'etcd']);
    await context.exec(await withCredentialName(this.settings, this.command));
  }
}

/** upgrade-cluster.yml for the nodes of one role still below the target, read from the API: a re-run never re-walks finished ones. */
abstract class UpgradeStep implements Step {
  abstract readonly id: 'kubespray-upgrade-control-plane' | 'kubespray-upgrade-workers';
  abstract readonly title: string;
  readonly kind = 'converge' as const;
  protected abstract readonly role: 'control plane' | 'worker';

  constructor(protected readonly settings: DeploySettings) {}

  protected upgrade(limit: string[]): CommandSpec {
    return upgradeCommand(this.settings, this.settings.kubernetesVersion!, limit, this.role === 'worker');
  }

  async plan(): Promise<StepPlan> {
    const limit = `--limit=<${this.role} nodes below v${this.settings.kubernetesVersion}>`;
    const command =
      this.role === 'worker'
        ? kubesprayPlaybook(
            this.settings,
            'upgrade-cluster.yml',
            { kube_version: this.settings.kubernetesVersion!, serial: '<batch size>' },
            limit,
          )
        : this.upgrade([limit.slice('--limit='.length)]);
    return {
      workingDir: command.cwd,
      command,
      reads: [kubesprayPaths(this.settings).inventory, this.settings.kubeconfigPath],
      writes: [`${this.role} nodes (cordoned, drained, upgraded, uncordoned)`],
      actions: [
        this.role === 'control plane'
          ? 'one run for the control plane nodes (and etcd-only hosts) whose kubelet is below the target; Kubespray goes one node at a time'
          : `runs of ${this.settings.upgradeBatchSize ?? '20% of the'} workers whose kubelet is below the target, as the API says when the step starts, each with -e serial=<its size> so Kubespray drains the batch together (its own default, 20% of the hosts in the --limit, would take them one at a time)`,
      ],
    };
  }

  protected abstract limits(todo: { controlPlane: string[]; workers: string[] }): string[][];

  async run(context: StepContext): Promise<string> {
    await requirePlaybookInputs(this.settings);
    const { target, todo } = await readUpgradePlan(this.settings, context);
    const batches = this.limits(todo);
    const upgraded: string[] = [];
    for (const [index, batch] of batches.entries()) {
      context.output.line(
        `      ${this.role} run ${index + 1}/${batches.length}: ${batch.join(', ')} → v${target.text}`,
      );
      await requireReachable(this.settings, context, batch);
      await context.exec(await withCredentialName(this.settings, this.upgrade(batch)));
      upgraded.push(...batch);
    }
    // The whole cluster is at the target once the workers are: what the next deploy compares with.
    // The Kubespray tag too when every node went through this tree: else the next deploy takes them all through it.
    if (this.role === 'worker')
      context.state.installed = {
        ...context.state.installed,
        ...(context.state.upgradeEveryNode &&
          context.state.kubespray?.version && { kubespray: context.state.kubespray.version }),
        kubeVersion: target.text,
      };
    if (batches.length === 0) return `every ${this.role} node is at v${target.text}`;
    return `upgraded ${upgraded.join(', ')} to v${target.text}`;
  }
}

export class KubesprayUpgradeControlPlaneStep extends UpgradeStep {
  readonly id = 'kubespray-upgrade-control-plane' as const;
  readonly title = 'Upgrade the control plane';
  protected readonly role = 'control plane' as const;

  protected limits(todo: { controlPlane: string[] }): string[][] {
    if (todo.controlPlane.length === 0) return [];
    // etcd hosts outside the cluster are no API nodes: their version cannot be read, so they always go along.
    const inventory = readInventory(kubesprayPaths(this.settings).inventory);
    const etcdOnly = inventory
      ? inventory.etcd.filter((host) => !inventory.controlPlane.includes(host) && !inventory.workers.includes(host))
      : [];
    return [[...todo.controlPlane, ...etcdOnly]];
  }
}

export class KubesprayUpgradeWorkersStep extends UpgradeStep {
  readonly id = 'kubespray-upgrade-workers' as const;
  readonly title = 'Upgrade the workers in batches';
  protected readonly role = 'worker' as const;

  protected limits(todo: { controlPlane: string[]; workers: string[] }): string[][] {
    // Workers wait for the control plane: Kubernetes allows kubelets behind the API server, never ahead.
    if (todo.controlPlane.length)
      throw new UserError(
        `control plane nodes ${todo.controlPlane.join(', ')} are not at the target yet; run step kubespray-upgrade-control-plane first`,
      );
    return workerBatches(todo.workers, this.settings.upgradeBatchSize);
  }
}
