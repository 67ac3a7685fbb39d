import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CommandSpec, Exec } from '../lib/command.js';
import { UserError } from '../lib/errors.js';

/**
 * Before a playbook touches hosts: one parallel `ansible -m ping` with a short SSH timeout over
 * exactly those hosts, so an unreachable one is named with its SSH error within seconds instead of
 * failing Kubespray after minutes (a `--limit` run fails on any unreachable host: Kubespray #13491,
 * #11815). A host whose ping fails after SSH worked (no Python yet: Kubespray's bootstrap_os installs
 * it with raw) is reachable.
 */

/** Kubespray's bastion: the inventory host named exactly `bastion` (roles/kubespray_defaults/defaults/main/main.yml:4). */
export const BASTION_HOST = 'bastion';

export interface Bastion {
  /** Its ansible_host. */
  address: string;
  port?: number;
  user?: string;
}

export interface ReachabilityOptions {
  /** The venv's `ansible`. */
  ansible: string;
  inventory: string;
  /** The hosts the playbook will touch: names or a pattern (`k8s_cluster:etcd`). */
  hosts: readonly string[];
  /** The Kubespray dir, whose ansible.cfg applies as it does for the playbook. */
  cwd: string;
  env: Readonly<Record<string, string>>;
  timeoutSeconds?: number;
  /** The inventory's `bastion` host: the others are reached through it, as Kubespray does. */
  bastion?: Bastion;
  /** The private key the playbooks use, for the bastion hop. */
  privateKeyFile?: string;
  exec: Exec;
}

export interface HostResult {
  host: string;
  status: 'SUCCESS' | 'CHANGED' | 'FAILED!' | 'UNREACHABLE!';
  message: string;
}

const LINE = /^(\S+) \| (SUCCESS|CHANGED|FAILED!|UNREACHABLE!)(?:: | => )?(.*)$/;

/** `ansible -o` output: one line per host; an UNREACHABLE message may run on over the next lines (ssh's stderr). */
export function parsePingOutput(lines: readonly string[]): HostResult[] {
  const results: HostResult[] = [];
  for (const raw of lines) {
    const line = raw.replace(/\r+$/, '');
    const match = LINE.exec(line);
    if (match) results.push({ host: match[1]!, status: match[2] as HostResult['status'], message: match[3]!.trim() });
    else if (results.length && line.trim() && !/^\[WARNING\]|^\[DEPRECATION/.test(line)) {
      const last = results.at(-1)!;
      if (last.status === 'UNREACHABLE!') last.message = `${last.message} ${line.trim()}`.trim();
    }
  }
  return results;
}

/**
 * Kubespray's own hop through a bastion (roles/kubespray_defaults/defaults/main/main.yml:4): an
 * ssh ProxyCommand to `ansible_user@ansible_host -p ansible_port` with the playbook's private key.
 * Ad-hoc ansible does not load that role default, so the check builds the same hop.
 */
export function bastionProxyArgs(bastion: Bastion, privateKeyFile?: string, timeoutSeconds?: number): string {
  const quote = (value: string) => (/^[\w@%:./=+-]+$/.test(value) ? value : `"${value.replace(/(["\\$`])/g, '\\$1')}"`);
  const target = bastion.user ? `${bastion.user}@${bastion.address}` : bastion.address;
  const hop = [
    'ssh',
    '-o UserKnownHostsFile=/dev/null',
    '-o StrictHostKeyChecking=no',
    ...(timeoutSeconds ? [`-o ConnectTimeout=${timeoutSeconds}`, '-o ConnectionAttempts=1'] : []),
    '-W %h:%p',
    `-p ${bastion.port ?? 22}`,
    quote(target),
    ...(privateKeyFile ? [`-i ${quote(privateKeyFile)}`] : []),
  ].join(' ');
  return `-o ProxyCommand='${hop}'`;
}

/** Ansible's own ssh_args when nothing sets them (lib/ansible/config/base.yml, ANSIBLE_SSH_ARGS). */
const ANSIBLE_DEFAULT_SSH_ARGS = '-C -o ControlMaster=auto -o ControlPersist=60s';

/** `[ssh_connection] ssh_args` of the ansible.cfg ansible reads from cwd (or ANSIBLE_CONFIG), if any. */
function configuredSshArgs(cwd: string, env: Readonly<Record<string, string>>): string | undefined {
  let text: string;
  try {
    text = readFileSync(env.ANSIBLE_CONFIG || path.join(cwd, 'ansible.cfg'), 'utf8');
  } catch {
    return undefined;
  }
  let section = '';
  for (const line of text.split('\n')) {
    const header = /^\s*\[([^\]]+)\]/.exec(line);
    if (header) section = header[1]!.trim();
    const setting = /^\s*ssh_args\s*=\s*(.*)$/.exec(line);
    if (section === 'ssh_connection' && setting) return setting[1]!.trim();
  }
  return undefined;
}

/**
 * The playbook's ssh_args with one connection attempt and the check's timeout. Kubespray's
 * ansible.cfg has `-o ConnectionAttempts=100`, which OpenSSH honours with ConnectTimeout and a 1 s
 * sleep per attempt (sshconnect.c): a host that drops packets would take 100 × (timeout + 1) s.
 * ssh takes the first value of an option, and Ansible puts ssh_args before its own ConnectTimeout,
 * so both are replaced here rather than added after.
 */
export function checkSshArgs(cwd: string, env: Readonly<Record<string, string>>, timeoutSeconds: number): string {
  const base = env.ANSIBLE_SSH_ARGS ?? configuredSshArgs(cwd, env) ?? ANSIBLE_DEFAULT_SSH_ARGS;
  const kept = base
    .replace(/(^|\s)-o\s*(ConnectionAttempts|ConnectTimeout)[=\s]\s*\S+/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${kept} -o ConnectionAttempts=1 -o ConnectTimeout=${timeoutSeconds}`.trim();
}

/** One ad-hoc module run over `pattern`: `-m <module> [-a <args>]`. */
export interface AdHocTask {
  module: string;
  /** Module arguments as JSON (ansible-core's adhoc.py reads `-a '{…}'` as JSON): no shell-like splitting. */
  args?: Record<string, unknown>;
  /** What the run is, for its errors: "the reachability check (ansible -m ping)". */
  what: string;
}

const PING: AdHocTask = { module: 'ansible.builtin.ping', what: 'the reachability check (ansible -m ping)' };

export function adHocCommand(
  options: ReachabilityOptions,
  pattern: string,
  viaBastion: boolean,
  task: AdHocTask = PING,
): CommandSpec {
  const timeout = options.timeoutSeconds ?? 10;
  return {
    argv: [
      options.ansible,
      '-i',
      options.inventory,
      pattern,
      '-m',
      task.module,
      ...(task.args ? ['-a', JSON.stringify(task.args)] : []),
      '-o',
      '-T',
      String(timeout),
      '-f',
      '100',
      ...(viaBastion && options.bastion
        ? // `=`: argparse would take a value starting with "-" for an option.
          [`--ssh-common-args=${bastionProxyArgs(options.bastion, options.privateKeyFile, timeout)}`]
        : []),
    ],
    cwd: options.cwd,
    env: {
      ...options.env,
      ANSIBLE_HOST_KEY_CHECKING: 'False',
      ANSIBLE_SSH_ARGS: checkSshArgs(options.cwd, options.env, timeout),
      ANSIBLE_TIMEOUT: String(timeout),
      // One attempt: a retry would double the wait on a host that does not answer.
      ANSIBLE_SSH_RETRIES: '0',
      ANSIBLE_NOCOLOR: '1',
      ANSIBLE_FORCE_COLOR: '0',
    },
  };
}

export function hostPattern(hosts: readonly string[], bastion?: Bastion): string {
  return [...hosts, ...(bastion ? [`!${BASTION_HOST}`] : [])].join(':');
}

/** Runs one ad-hoc task with the check's SSH settings; throws when ansible itself fails or matches no host. */
export async function runAdHoc(
  options: ReachabilityOptions,
  pattern: string,
  viaBastion: boolean,
  task: AdHocTask = PING,
): Promise<HostResult[]> {
  const result = await options.exec(adHocCommand(options, pattern, viaBastion, task), {
    check: false,
    capture: true,
    quiet: true,
  });
  const parsed = parsePingOutput(result.stdout.split('\n'));
  // 0 all answered, 2 a module failed, 4 a host unreachable; anything else is ansible itself failing.
  if (![0, 2, 4].includes(result.exitCode ?? -1) && parsed.length === 0) {
    const reason =
      result.tail
        .map((l) => l.trim())
        .filter((l) => /^ERROR!|error/i.test(l))
        .at(-1) ?? result.tail.at(-1);
    throw new UserError(`${task.what} could not run: ${reason ?? `ansible exited with ${result.exitCode}`}`);
  }
  if (parsed.length === 0) {
    // An inventory ansible could not parse, or a pattern that matches nothing, only warns.
    const warning = result.tail.map((l) => l.trim()).find((l) => /^\[WARNING\]|^ERROR!/.test(l));
    throw new UserError(
      `${task.what.replace(/ \(.*\)$/, '')} matched no host of ${options.inventory} for ${pattern}${warning ? ` (${warning})` : ''}: check the inventory`,
    );
  }
  return parsed;
}

/** Pings the hosts (and the bastion, directly, at the same time); throws one error naming every unreachable host. */
export async function checkReachable(options: ReachabilityOptions): Promise<HostResult[]> {
  if (options.hosts.length === 0) return [];
  const [bastion, hosts] = await Promise.all([
    options.bastion ? runAdHoc(options, BASTION_HOST, false) : Promise.resolve([]),
    runAdHoc(options, hostPattern(options.hosts, options.bastion), true),
  ]);
  const all = [...bastion, ...hosts];
  const unreachable = all.filter((r) => r.status === 'UNREACHABLE!');
  if (unreachable.length) {
    const timeout = options.timeoutSeconds ?? 10;
    throw new UserError(
      `${unreachable.length} of ${all.length} hosts cannot be reached over SSH (ansible -m ping, ${timeout} s timeout): ${unreachable
        .map(
          (r) =>
            `${r.host}${options.bastion && r.host === BASTION_HOST ? ' (the bastion)' : ''}: ${r.message.replace(/^Failed to connect to the host via ssh: /, '')}`,
        )
        .join(
          '; ',
        )}. Check the SSH key and user (ssh-private-key, ssh-user), security groups and the bastion before Kubespray runs`,
    );
  }
  return all;
}
