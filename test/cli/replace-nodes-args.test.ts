import { describe, expect, it } from 'vitest';
import { parseCli } from '../../src/cli/args.js';
import { UsageError } from '../../src/core/lib/errors.js';

/** `cluster-deploy replace-nodes` as a careless or hostile user types it: each a usage error naming the flag, never ignored. */
describe('replace-nodes on the command line', () => {
  const config = ['--config', 'c.yaml'];

  it('is an operation command: deploy options, its own steps', () => {
    const parsed = parseCli(['replace-nodes', ...config, '--timeout', '20m', '--venv', '/v'], {});
    expect(parsed).toMatchObject({ kind: 'run', options: { operation: 'replace-nodes', venvDir: '/v' } });
    expect(parseCli(['plan', ...config, '--operation', 'replace-nodes'], {})).toMatchObject({
      kind: 'plan',
      options: { operation: 'replace-nodes' },
    });
    expect(parseCli(['replace-nodes', '--help'], {})).toMatchObject({ kind: 'help' });
  });

  const refused: { name: string; argv: string[]; message: RegExp }[] = [
    { name: 'a destroy confirmation', argv: ['--confirm', 'sandbox'], message: /--confirm is an option of destroy/ },
    {
      name: 'the removal guard override (a rebuild is no removal)',
      argv: ['--allow-unsafe-node-removal'],
      message: /--allow-unsafe-node-removal is an option of deploy/,
    },
    {
      name: 'an upgrade target',
      argv: ['--kubernetes-version', '1.34.2'],
      message: /--kubernetes-version is an option of upgrade/,
    },
    {
      name: 'a check option',
      argv: ['--plan-credential', 'reader-only'],
      message: /--plan-credential is an option of check/,
    },
    {
      name: 'an unknown step with a newline',
      argv: ['--step', 'kubespray-replace-nodes\nx'],
      message: /--step: contains a line break/,
    },
    { name: 'an empty config', argv: ['--config', ''], message: /--config/ },
    { name: 'a positional argument', argv: ['sandbox-worker-0'], message: /sandbox-worker-0/ },
  ];
  it.each(refused)('refuses $name', ({ argv, message }) => {
    const run = () => parseCli(['replace-nodes', ...config, ...argv], {});
    expect(run).toThrow(UsageError);
    expect(run).toThrow(message);
  });

  it('is an operation of plan --operation, named in its error for a typo', () => {
    expect(() => parseCli(['plan', ...config, '--operation', 'replace-node'], {})).toThrow(/replace-nodes/);
  });
});
