import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { CommandSpec } from '../lib/command.js';
import { UserError } from '../lib/errors.js';
import { poll } from '../lib/poll.js';
import {
  IGNORED_RESOURCE_TYPES,
  plannedNodeChanges,
  readInventory,
  withoutNonNodes,
} from '../kubespray/node-changes.js';
import { etcdAssertVars } from '../kubespray/membership.js';
import { isControlPlaneOrEtcd, nextRollNode, planNodeRoll, unexpectedChanges } from '../kubespray/node-roll.js';
import { kubesprayPaths } from '../kubespray/paths.js';
import type { RollNode } from '../model/nodes.js';
import { type DeploySettings, runtimePaths } from '../model/settings.js';
import type { Step, StepContext, StepPlan } from '../model/step.js';
import { stripFound, TofuCommands } from '../tofu/commands.js';
import { readPlanJson } from '../tofu/plan-json.js';
import {
  apiNodes,
  clusterVars,
  kubesprayPlaybook,
  removeNodes,
  requirePlaybookInputs,
  requireReachable,
  withCredentialName,
} from './kubespray.js';

/**
 * replace-nodes: the nodes a plan would rebuild, resize or power-cycle in place, or replace under the
 * same name (which a deploy refuses beyond one batch) replaced one at a time instead, as Cluster API rolls machines out: drained and removed
 * with remove-node.yml, the server replaced by a plan limited to that node, joined again (scale.yml,
 * or for control-plane and etcd nodes the runs of Kubespray's docs/operations/nodes.md), Ready in the
 * API, then the next. Each phase is saved as it ends, so a run killed anywhere resumes where it stopped
 * and never redoes a node.
 */

/** The plans of this operation: never the deploy's (a deploy must not apply what replace-nodes planned). */
function replacePlanFile(settings: DeploySettings, name: string): string {
  return path.join(path.dirname(runtimePaths(settings).planPath), `replace-nodes-${name}.tfplan`);
}

export class OpenTofuReplacePlanStep implements Step {
  readonly id = 'opentofu-replace-plan' as const;
  readonly title = 'Plan which nodes to replace';
  readonly kind = 'check' as const;
  private readonly tofu: TofuCommands;

  constructor(private readonly settings: DeploySettings) {
    this.tofu = new TofuCommands(settings);
  }

  private get args(): string[] {
    return ['plan', '-input=false', `-out=${replacePlanFile(this.settings, 'all')}`];
  }

  async plan(): Promise<StepPlan> {
    const command = stripFound(await this.tofu.get(...this.args));
    return {
      workingDir: command.cwd,
      command,
      reads: [path.join(this.settings.clusterDir, '*.tf'), kubesprayPaths(this.settings).inventory],
      writes: [],
      actions: [
        'the nodes whose image, flavor or power state the plan changes in place, and the nodes it replaces under the same name (a boot volume, a server group); servers the inventory has in no Kubernetes group are no nodes; nothing is applied',
        'control-plane and etcd nodes first, then workers, each in the inventory order; refuse the first host of kube_control_plane or etcd, and an etcd member of fewer than 3',
        'a resumed run keeps the nodes already replaced as done',
      ],
    };
  }

  async run(context: StepContext): Promise<string> {
    const { settings } = this;
    const planFile = replacePlanFile(settings, 'all');
    await fs.rm(planFile, { force: true });
    try {
      await this.tofu.run(context, this.args);
      const document = await readPlanJson(planFile, (args, options) => this.tofu.run(context, args, options));
      const inventoryFile = kubesprayPaths(settings).inventory;
      const inventory = readInventory(inventoryFile);
      const planned = withoutNonNodes(plannedNodeChanges(document, settings.nodeResource), inventory);
      const changes = [...(planned.inPlace ?? []), ...(planned.replacements ?? [])];
      const roll = planNodeRoll(changes, inventory, context.state.nodeRoll, inventoryFile);
      const left = roll.nodes.filter((node) => !roll.done.includes(node.name));
      if (left.length === 0) {
        context.state.nodeRoll = undefined;
        return 'the plan rebuilds, resizes, power-cycles or replaces no node: nothing to replace';
      }
      context.state.nodeRoll = roll;
      for (const node of left)
        context.output.line(`      ${node.name} (${node.roles.join(', ')}): ${node.changes.join('; ')}`);
      const others = [...planned.created, ...planned.deleted];
      if (others.length)
        context.output.line(`      left for a deploy: the plan also adds or removes ${others.join(', ')}`);
      return `replaces ${left.map((node) => node.name).join(', ')}, one at a time${roll.done.length ? ` (done before: ${roll.done.join(', ')})` : ''}`;
    } finally {
      await fs.rm(planFile, { force: true }); // it holds every value in plain text, and nothing applies it
    }
  }
}

export class KubesprayReplaceNodesStep implements Step {
  readonly id = 'kubespray-replace-nodes' as const;
  readonly title = 'Replace the nodes one at a time';
  readonly kind = 'converge' as const;
  private readonly tofu: TofuCommands;

  constructor(private readonly settings: DeploySettings) {
    this.tofu = new TofuCommands(settings);
  }

  async plan(): Promise<StepPlan> {
    const command = kubesprayPlaybook(this.settings, 'remove-node.yml', { node: '<node>', skip_confirmation: true });
    return {
      workingDir: command.cwd,
      command,
      reads: [kubesprayPaths(this.settings).inventory, this.settings.kubeconfigPath],
      writes: ['cluster nodes (drained, removed, their servers replaced, joined again)', 'OpenStack servers'],
      actions: [
        'for each node opentofu-replace-plan listed, one at a time, each phase saved as it ends:',
        '  remove-node.yml -e node=<node> (unreachable: reset_nodes=false, allow_ungraceful_removal=true, after playbooks/facts.yml over every other host for a control-plane or etcd node)',
        '  tofu plan -replace=<server> -target=<its module>, refused if it changes anything else but its server group; tofu apply of that plan',
        "  playbooks/facts.yml; a worker: scale.yml --limit=<node>; a control-plane or etcd node: cluster.yml --limit=etcd,kube_control_plane -e ignore_assert_errors=yes, then for etcd upgrade-cluster.yml with the same limit (Kubespray's docs/operations/nodes.md)",
        `  wait until the API shows the node Ready (at most ${Math.round(this.settings.waitReady.timeoutMs / 60_000)} min)`,
      ],
    };
  }

  async run(context: StepContext): Promise<string> {
    const roll = context.state.nodeRoll;
    if (!roll) return 'no node to replace';
    await requirePlaybookInputs(this.settings);
    const total = roll.nodes.length;
    const replaced: string[] = [];
    for (let next = nextRollNode(roll); next; next = nextRollNode(roll)) {
      const { node, after } = next;
      const position = roll.done.length + 1;
      context.output.line(`      node ${position}/${total}: ${node.name} (${node.roles.join(', ')})`);
      if (!after) {
        await this.remove(context, node);
        roll.current = { node: node.name, phase: 'removed' };
        await context.checkpoint?.();
      }
      if (after !== 'replaced') {
        await this.replaceServer(context, node);
        roll.current = { node: node.name, phase: 'replaced' };
        await context.checkpoint?.();
      }
      await this.join(context, node);
      await this.waitReady(context, node);
      roll.done.push(node.name);
      roll.current = undefined;
      await context.checkpoint?.();
      replaced.push(node.name);
      context.output.line(`      ${node.name} replaced and Ready (${position}/${total})`);
    }
    context.state.nodeRoll = undefined; // done: the next run starts from its own plan
    return replaced.length ? `replaced ${replaced.join(', ')}, one at a time` : 'every node was replaced before';
  }

  private async playbook(context: StepContext, command: CommandSpec): Promise<void> {
    await context.exec(await withCredentialName(this.settings, command));
  }

  private async remove(context: StepContext, node: RollNode): Promise<void> {
    await removeNodes(this.settings, context, [node.name], { [node.name]: node.roles });
  }

  /** A plan limited to this node, checked to change nothing else, then applied: what was checked is what runs. */
  private async replaceServer(context: StepContext, node: RollNode): Promise<void> {
    const planFile = replacePlanFile(this.settings, 'node');
    await fs.rm(planFile, { force: true });
    try {
      await this.tofu.run(context, [
        'plan',
        '-input=false',
        `-replace=${node.address}`,
        `-target=${node.target}`,
        `-out=${planFile}`,
      ]);
      await fs.chmod(planFile, 0o600);
      const document = await readPlanJson(planFile, (args, options) => this.tofu.run(context, args, options));
      const { unexpected, serverReplaced } = unexpectedChanges(
        document,
        node,
        IGNORED_RESOURCE_TYPES,
        this.settings.nodeResource.companions,
      );
      if (!serverReplaced || unexpected.length) {
        throw new UserError(
          `the plan that replaces ${node.name} (tofu plan -replace=${node.address} -target=${node.target}) ` +
            (serverReplaced ? `also changes ${unexpected.join(', ')}` : `does not replace ${node.address}`) +
            `: nothing was applied, and ${node.name} is drained and removed from the cluster. Put the OpenTofu code right and run replace-nodes again (it resumes with this node's server)`,
        );
      }
      context.output.line(`      tofu apply: ${node.address} replaced`);
      await this.tofu.run(context, ['apply', '-input=false', planFile]);
    } finally {
      await fs.rm(planFile, { force: true });
    }
  }

  /** Kubespray's docs/operations/nodes.md: a worker joins with scale.yml; control-plane and etcd nodes with cluster.yml and the etcd run. */
  private async join(context: StepContext, node: RollNode): Promise<void> {
    const { settings } = this;
    await requireReachable(settings, context, ['k8s_cluster', 'etcd']);
    // --limit needs the facts of every other host (Kubespray refuses it without a populated cache).
    await this.playbook(context, kubesprayPlaybook(settings, 'playbooks/facts.yml', {}));
    if (!isControlPlaneOrEtcd(node)) {
      context.output.line(`      scale.yml --limit=${node.name}`);
      await this.playbook(
        context,
        kubesprayPlaybook(settings, 'scale.yml', clusterVars(settings), `--limit=${node.name}`),
      );
      return;
    }
    // The etcd group is even while the member is back but not yet a member.
    const vars = { ...clusterVars(settings), ...etcdAssertVars(undefined, true) };
    context.output.line('      cluster.yml --limit=etcd,kube_control_plane');
    await this.playbook(context, kubesprayPlaybook(settings, 'cluster.yml', vars, '--limit=etcd,kube_control_plane'));
    if (node.roles.includes('etcd')) {
      // Rewrites every member's etcd configuration and, through kubeadm-upgrade.yml, kube-apiserver's --etcd-servers.
      context.output.line(
        '      upgrade-cluster.yml --limit=etcd,kube_control_plane (the etcd configuration of every member)',
      );
      await this.playbook(
        context,
        kubesprayPlaybook(settings, 'upgrade-cluster.yml', vars, '--limit=etcd,kube_control_plane'),
      );
    }
  }

  private async waitReady(context: StepContext, node: RollNode): Promise<void> {
    const { timeoutMs, intervalMs } = this.settings.waitReady;
    await poll(
      async () => {
        const nodes = await apiNodes(this.settings, context);
        const found = nodes?.find((n) => n.name === node.name);
        return found?.ready
          ? { done: true, value: undefined }
          : { done: false, line: `${node.name} ${found ? 'is NotReady' : 'is not listed by the API'}` };
      },
      {
        timeoutMs,
        intervalMs,
        signal: context.signal,
        onLine: (line) => context.output.line(`      ${line}`),
        timeoutError: (last) =>
          new UserError(
            `${node.name} did not become Ready within ${Math.round(timeoutMs / 60_000)} min (${last}); it is joined, so a re-run of replace-nodes waits for it again, then goes on with the next node`,
          ),
      },
    );
  }
}
