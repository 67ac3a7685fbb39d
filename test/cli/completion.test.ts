import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { commandFlags, completion, parseCli } from '../../src/cli/args.js';
import { FLAGS } from '../../src/cli/flags.js';
import { UsageError } from '../../src/core/lib/errors.js';
import { OPERATIONS } from '../../src/core/lib/option-values.js';

/**
 * Completion offers a command exactly the flags its parser takes: each flag of every command is tried on each
 * command (plan under every operation, with and without --tofu-plan), and the parser's answer is compared
 * with what the completion script itself completes after `--`.
 */
const COMMANDS = [
  'status',
  'list',
  'logs',
  'completion',
  'init',
  'etcd-restore',
  'kubeconfig',
  'plan',
  'deploy',
  'upgrade',
  'destroy',
  'check',
  'replace-nodes',
  'normalize-kubeconfig',
  'wait-ready',
];
/** What each command needs besides the flag tried (the config comes from CLUSTER_DEPLOY_CONFIG). */
const BASE: Record<string, string[]> = {
  completion: ['bash'],
  init: ['--name', 'c', '--org', 'o'],
  'etcd-restore': ['--snapshot', 'latest', '--broken-etcd', 'cp-1'],
  'wait-ready': ['--kubeconfig', 'k'],
  'normalize-kubeconfig': ['--vip', '10.0.0.1'], // for --cluster-dir, which sets the config aside
  kubeconfig: ['--repo', 'acme/infra'],
};
/** A valid value for each flag that checks its value; any other string flag gets "x". */
const VALUE: Record<string, string> = {
  timeout: '5m',
  interval: '5s',
  'auth-timeout': '10s',
  nodes: '3',
  vip: '10.0.0.1',
  method: 'kubespray',
  operation: 'deploy',
  'kubernetes-version': '1.35.4',
  'plan-credential': 'reader-only',
  'ssh-user': 'ubuntu',
  run: '1',
  runner: 'hosted',
  step: 'openstack-preflight',
  'from-step': 'openstack-preflight',
  snapshot: 'latest',
  'broken-etcd': 'cp-1',
  'broken-control-plane': 'cp-2',
  'os-auth-url': 'https://keystone.example:5000/v3',
  'os-interface': 'public',
  repo: 'acme/infra',
  'api-url': 'https://api.github.com',
};
const ENV = {
  CLUSTER_DEPLOY_CONFIG: 'c.yaml',
  // kubeconfig's secrets, which it takes from the environment only.
  CLUSTER_DEPLOY_KUBECONFIG_PASSPHRASE: 'p'.repeat(20),
  CLUSTER_DEPLOY_STATE_KEY: 'k'.repeat(40),
};

/** The contexts a command runs in: plan under each operation, with and without --tofu-plan; kubeconfig by config or name. */
const contexts = (command: string) =>
  command === 'plan'
    ? OPERATIONS.flatMap((op) => [
        ['--operation', op],
        ['--operation', op, '--tofu-plan'],
      ])
    : command === 'kubeconfig'
      ? [[], ['--cluster', 'c']]
      : [[]];

/** Whether the parser takes the flag in some context; any error but a usage error fails the test. */
function accepts(command: string, flag: string): boolean {
  const given = FLAGS[flag]!.type === 'boolean' ? [`--${flag}`] : [`--${flag}`, VALUE[flag] ?? 'x'];
  const base = BASE[command] ?? [];
  const without = (args: string[]) => {
    const at = args.indexOf(`--${flag}`);
    return at < 0 ? args : args.filter((_, i) => i !== at && !(i === at + 1 && !args[i]!.startsWith('--')));
  };
  return contexts(command).some((context) => {
    try {
      parseCli([command, ...without(base), ...without(context), ...given], ENV);
      return true;
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      return false;
    }
  });
}

/** What the bash script completes after `cluster-deploy WORDS`. */
function complete(script: string, words: string[]): string[] {
  const line = ['cluster-deploy', ...words];
  const run = `${script}\nCOMP_WORDS=(${line.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${line.length - 1}; _cluster_deploy; printf '%s\\n' "\${COMPREPLY[@]}"`;
  return execFileSync('bash', ['-c', run], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
}

describe('completion offers each command the flags its parser takes, no more, no less', () => {
  const all = Object.keys(FLAGS).filter((flag) => flag !== 'help');
  const script = completion('bash');

  it('completes every command, and only the commands', () => {
    expect(complete(script, [''])).toEqual([...COMMANDS, '--help', '--version']);
  });

  it.each(COMMANDS)('%s', (command) => {
    const taken = all.filter((flag) => accepts(command, flag));
    expect(commandFlags(command).sort()).toEqual(taken.sort());
    expect(complete(script, [command, '--']).sort()).toEqual([...taken.map((f) => `--${f}`), '--help'].sort());
  });

  it.each<[string[], string[]]>([
    // Values: a flag's own words, and only after a flag the command takes.
    [['deploy', '--from-step', 'opentofu-a'], ['opentofu-apply']],
    [['plan', '--operation', 'rep'], ['replace-nodes']],
    [['init', '--runner', 'self'], ['self-hosted']],
    [['plan', '--plan-credential', 'r'], ['reader-only']],
    [['deploy', '--os-interface', 'int'], ['internal']],
    [['init', '--con'], []], // --config is not init's: nothing, not the forty flags of the operations
    [
      ['deploy', '--runner', '--co'],
      ['--config', '--converge'],
    ], // --runner is init's: its words are not offered
    [
      ['completion', ''],
      ['bash', 'zsh', '--help'],
    ],
  ])('cluster-deploy %j completes %j', (words, expected) => {
    expect(complete(script, words)).toEqual(expected);
  });
});
