import { describe, expect, it } from 'vitest';
import { parseCli } from '../../src/cli/args.js';
import { UsageError } from '../../src/core/lib/errors.js';

const base = ['etcd-restore', '--config', 'c.yaml', '--snapshot', 'latest', '--broken-etcd', 'cp-1'];
const without = (flag: string) => {
  const i = base.indexOf(flag);
  return [...base.slice(0, i), ...base.slice(i + 2)];
};
const withValue = (flag: string, value: string) => {
  const i = base.indexOf(flag);
  return i < 0 ? [...base, flag, value] : [...base.slice(0, i + 1), value, ...base.slice(i + 2)];
};

describe('cluster-deploy etcd-restore: bad input is a usage error naming the flag', () => {
  it.each<[string, string[], RegExp]>([
    ['no --config', without('--config'), /give --config FILE/],
    ['no --snapshot', without('--snapshot'), /--snapshot NAME\|latest is required/],
    ['no --broken-etcd', without('--broken-etcd'), /--broken-etcd HOSTS is required/],
    ['--snapshot a path', withValue('--snapshot', '../../etc/passwd'), /is no snapshot name/],
    [
      '--snapshot of 100 kB (echoed cut short)',
      withValue('--snapshot', 'x'.repeat(100_000)),
      /^etcd-restore: --snapshot "x{80}" is no/,
    ],
    ['--snapshot with a line break', withValue('--snapshot', 'latest\nx'), /--snapshot needs a value on one line/],
    ['--snapshot empty', withValue('--snapshot', ''), /--snapshot needs a value/],
    [
      '--broken-etcd in capitals',
      withValue('--broken-etcd', 'CP-1'),
      /--broken-etcd "CP-1" is not an inventory host name/,
    ],
    [
      '--broken-etcd with an empty entry',
      withValue('--broken-etcd', 'cp-1,,cp-2'),
      /--broken-etcd "" is not an inventory host name/,
    ],
    ['--broken-etcd with a space', withValue('--broken-etcd', 'cp 1'), /is not an inventory host name/],
    [
      '--broken-control-plane with a glob',
      withValue('--broken-control-plane', 'cp-*'),
      /--broken-control-plane "cp-\*" is not/,
    ],
    ['an unknown flag', [...base, '--force'], /Unknown option '--force'/],
    ['a positional argument', [...base, 'now'], /Unexpected argument 'now'/],
  ])('%s', (_name, argv, message) => {
    expect(() => parseCli(argv, {})).toThrow(UsageError);
    expect(() => parseCli(argv, {})).toThrow(message);
  });

  it('parses a good command: hosts de-duplicated, the snapshot as given', () => {
    const command = parseCli([...withValue('--broken-etcd', 'cp-1,cp-2,cp-1'), '--broken-control-plane', 'cp-2'], {});
    expect(command).toMatchObject({
      kind: 'etcd-restore',
      options: { configPath: 'c.yaml' },
      request: { snapshot: 'latest', brokenEtcd: ['cp-1', 'cp-2'], brokenControlPlane: ['cp-2'] },
    });
  });
});

describe('destroy --delete-leftovers', () => {
  it('is an option of destroy only', () => {
    expect(() => parseCli(['deploy', '--config', 'c.yaml', '--delete-leftovers'], {})).toThrow(
      /deploy: --delete-leftovers is an option of destroy, not deploy/,
    );
    expect(parseCli(['destroy', '--config', 'c.yaml', '--confirm', 'x', '--delete-leftovers'], {})).toMatchObject({
      options: { deleteCloudLeftovers: true },
    });
  });
});
