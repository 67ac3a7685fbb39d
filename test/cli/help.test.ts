import { describe, expect, it } from 'vitest';
import { commandFlags, parseCli } from '../../src/cli/args.js';

/** Per-command help lists only the flags that command takes: a flag in a command's help is never refused by it. */
const help = (command: string) => {
  const parsed = parseCli([command, '--help'], {});
  if (parsed.kind !== 'help') throw new Error(`${command} --help gave ${parsed.kind}`);
  return parsed.text;
};
const listed = (text: string) => [...text.matchAll(/^ {2}--([\w-]+)/gm)].map((m) => m[1]!);

describe('per-command help', () => {
  type Row = [command: string, absent: string[], present: string[]];
  const rows: Row[] = [
    ['check', ['venv', 'pip-arg', 'python', 'converge', 'nodes', 'timeout', 'interval', 'confirm'], ['tofu', 'json']],
    ['destroy', ['venv', 'pip-arg', 'nodes', 'kubernetes-version'], ['confirm', 'tofu', 'timeout']],
    ['upgrade', ['tofu', 'confirm', 'ignore-capacity'], ['kubernetes-version', 'venv', 'nodes']],
    ['deploy', ['confirm', 'kubernetes-version', 'operation'], ['venv', 'tofu', 'nodes', 'converge']],
    ['plan', ['confirm'], ['operation', 'tofu-plan', 'venv', 'tofu', 'nodes']],
  ];
  it.each(rows)('%s --help leaves out %j and lists %j', (command, absent, present) => {
    const flags = listed(help(command));
    for (const flag of absent) expect(flags, flag).not.toContain(flag);
    for (const flag of present) expect(flags, flag).toContain(flag);
  });

  it.each(['plan', 'deploy', 'upgrade', 'destroy', 'check'])(
    'every flag %s --help lists is one it takes',
    (command) => {
      const taken = commandFlags(command);
      const shown = listed(help(command)).filter((flag) => flag !== 'help');
      expect(shown.filter((flag) => !taken.includes(flag))).toEqual([]);
      expect(help(command)).not.toContain('<options>');
    },
  );
});

describe('every flag a command takes is in its help', () => {
  const commands = ['status', 'list', 'logs', 'completion', 'init', 'etcd-restore', 'plan', 'deploy', 'upgrade'];
  commands.push('destroy', 'check', 'replace-nodes', 'normalize-kubeconfig', 'wait-ready');
  it.each(commands)('%s --help names each of its flags', (command) => {
    const text = help(command);
    expect(commandFlags(command).filter((flag) => !text.includes(`--${flag}`))).toEqual([]);
  });
});

describe('help and mistyped commands', () => {
  it.each(['deploy', 'plan', 'check', 'init'])('help %s is %s --help', (command) => {
    expect(parseCli(['help', command], {})).toEqual(parseCli([command, '--help'], {}));
  });

  it('help of a command that does not exist is a usage error naming it', () => {
    expect(() => parseCli(['help', 'plna'], {})).toThrow('unknown command "plna" (did you mean "plan"?)');
  });

  it.each([
    ['plna', 'plan'],
    ['deplyo', 'deploy'],
    ['chekc', 'check'],
    ['destory', 'destroy'],
  ])('%s suggests %s', (typed, meant) => {
    expect(() => parseCli([typed], {})).toThrow(`unknown command "${typed}" (did you mean "${meant}"?)`);
  });
});
