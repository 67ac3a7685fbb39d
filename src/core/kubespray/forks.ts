import { availableParallelism } from 'node:os';
import { readInventory } from './node-changes.js';

/**
 * Ansible runs a task on 5 hosts at a time unless told otherwise (its `forks` default); Kubespray's
 * docs/operations/large-deployments.md says to raise forks for large clusters ("when deploying 200
 * nodes, you may want to run ansible with --forks=50"). Each fork is a process on the runner holding
 * an SSH session, so the count is bounded by the runner: 4 per core, and 50 at most.
 */
export const FORKS_PER_CORE = 4;
export const MAX_FORKS = 50;

export interface ForksChoice {
  /** The `--forks=N` argument, or none when ANSIBLE_FORKS (the user's) decides. */
  args: string[];
}

/**
 * The forks of one playbook run: deployment.kubespray.forks when set; else the user's ANSIBLE_FORKS
 * (no argument, Ansible reads it); else the hosts the run touches (its --limit list, or every host of
 * the inventory) bounded by the runner. Before the inventory exists (the plan of a first deploy) the
 * runner's bound is used: Ansible never starts more workers than a play has hosts.
 */
export function chooseForks(options: {
  configured?: number;
  env: Readonly<Record<string, string | undefined>>;
  inventoryFile: string;
  limit?: readonly string[];
  cores?: number;
}): ForksChoice {
  if (options.configured !== undefined) {
    return { args: [`--forks=${options.configured}`] };
  }
  if (options.env.ANSIBLE_FORKS?.trim()) return { args: [] };
  const cores = options.cores ?? availableParallelism();
  const bound = Math.min(FORKS_PER_CORE * cores, MAX_FORKS);
  let hosts = options.limit?.length;
  if (hosts === undefined) {
    try {
      hosts = readInventory(options.inventoryFile)?.hosts.length;
    } catch {
      // A broken inventory is the playbook steps' to name (requirePlaybookInputs); forks fall back to the bound.
      hosts = undefined;
    }
  }
  const forks = Math.max(1, Math.min(hosts ?? bound, bound));
  return { args: [`--forks=${forks}`] };
}
