import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

/**
 * status and logs on state directories planted as runs leave them (<org>/<cluster>/state.json and
 * logs/<operation>-<time>.log, model/settings.ts runtimePaths): which cluster a name without --org means, and
 * which run `logs --step` shows. The end-to-end flow on the sandbox is in inspect.test.ts.
 */
const stamp = (minute: number) => `2026-11-29T10-${String(minute).padStart(2, '0')}-00-000Z`;
const stepLine = (n: number, id: string) => `2026-11-29T10:00:00.000Z [${n}/4] → Step (${id})...`;

function plant(stateDir: string, org: string, cluster: string, logs: Record<string, string[]>, state?: object) {
  const dir = path.join(stateDir, org, cluster);
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  for (const [name, steps] of Object.entries(logs))
    writeFileSync(
      path.join(dir, 'logs', name),
      `${steps.map((id, i) => `${stepLine(i + 1, id)}\n  output of ${id} in ${name}`).join('\n')}\n`,
    );
  if (state) writeFileSync(path.join(dir, 'state.json'), JSON.stringify(state));
}

const destroyedState = {
  version: 1,
  cluster: 'demo/web',
  updatedAt: '2026-11-29T10:05:30.000Z',
  completedAt: '2026-11-29T10:05:30.000Z',
  destroyedAt: '2026-11-29T10:05:30.000Z',
  operation: 'destroy',
  steps: { 'opentofu-destroy': { status: 'success', startedAt: '2026-11-29T10:05:10.000Z', durationMs: 20000 } },
};

describe('status and logs: the cluster a name means, the run a step is in', () => {
  let stateDir: string;
  beforeAll(() => {
    stateDir = mkdtempSync(path.join(tmpdir(), 'inspect-edges-'));
    // demo/web: deployed, destroyed, then checked (a check keeps no resume state, but writes a log).
    plant(
      stateDir,
      'demo',
      'web',
      {
        [`deploy-${stamp(1)}.log`]: ['openstack-preflight', 'opentofu-apply', 'wait-ready'],
        [`destroy-${stamp(5)}.log`]: ['openstack-preflight', 'opentofu-destroy', 'forget-cluster'],
        [`check-${stamp(6)}.log`]: ['openstack-preflight', 'opentofu-drift'],
      },
      destroyedState,
    );
    // "db" in two organisations, one of them with a replace-nodes run (a hyphen in the operation's name).
    plant(stateDir, 'acme', 'db', { [`replace-nodes-${stamp(2)}.log`]: ['opentofu-apply'] });
    plant(stateDir, 'zeta', 'db', { [`deploy-${stamp(3)}.log`]: ['opentofu-apply'] });
    // "many": twelve checks after the one deploy that ran wait-ready.
    plant(stateDir, 'demo', 'many', {
      [`deploy-${stamp(0)}.log`]: ['wait-ready'],
      ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`check-${stamp(10 + i)}.log`, ['cluster-health']])),
    });
  });
  const cli = (...args: string[]) => runCli([...args, '--state-dir', stateDir], { PATH: process.env.PATH ?? '' });

  type Row = [args: string[], code: number, stdout: RegExp | string, stderr: RegExp | string];
  const rows: Row[] = [
    // After a destroy: the destroy, when and by which run, and its log (not the later check's).
    [
      ['status', '--cluster', 'web'],
      0,
      new RegExp(
        `^demo/web: destroyed at 2026-11-29T10:05:30.000Z by destroy-${stamp(5)}.log\n[^]*\nLog: \\S+/logs/destroy-${stamp(5)}.log\n`,
      ),
      '',
    ],
    [
      ['status', '--cluster', 'web', '--json'],
      0,
      /"destroyed": \{\n\s+"at": "2026-11-29T10:05:30.000Z",\n\s+"run": "destroy-/,
      '',
    ],
    // No --org: the one organisation with that cluster; several are named; none is an error naming the directory.
    [['logs', '--cluster', 'web', '--run', '1'], 0, /output of opentofu-drift in check-/, ''],
    [
      ['status', '--cluster', 'db'],
      2,
      '',
      /^error: status: a cluster named db is in 2 organisations of \S+; say which with --org acme, --org zeta\n$/,
    ],
    [['logs', '--cluster', 'db'], 2, '', /^error: logs: a cluster named db is in 2 organisations/],
    [['status', '--cluster', 'db', '--org', 'zeta'], 0, /^zeta\/db: no operation not run\n/, ''],
    [
      ['status', '--cluster', 'nope'],
      1,
      '',
      /^error: no cluster named nope in any organisation of \S+; "cluster-deploy list"/,
    ],
    [['status', '--cluster', 'web', '--org', 'acme'], 1, '', /^error: no cluster acme\/web in /],
    // logs --step: the newest run in which the step ran, said on stderr; none: every run searched, at most ten named.
    [
      ['logs', '--cluster', 'web', '--step', 'wait-ready'],
      0,
      /^\S+ \[3\/4\] → Step \(wait-ready\)\.\.\.\n {2}output of wait-ready in deploy-/,
      `logs: step wait-ready of run 3, deploy-${stamp(1)}.log (the newest run with it)\n`,
    ],
    [
      ['logs', '--cluster', 'web', '--step', 'opentofu-drift'],
      0,
      /output of opentofu-drift in check-/,
      `logs: step opentofu-drift of run 1, check-${stamp(6)}.log (the newest run)\n`,
    ],
    [
      ['logs', '--cluster', 'web', '--step', 'kubespray-fetch'],
      1,
      '',
      `error: step kubespray-fetch did not run in any of the 3 run logs of demo/web (searched, newest first: 1: check-${stamp(6)}.log, 2: destroy-${stamp(5)}.log, 3: deploy-${stamp(1)}.log)\n`,
    ],
    [['logs', '--cluster', 'many', '--step', 'wait-ready'], 0, /output of wait-ready/, /of run 13, deploy-/],
    [
      ['logs', '--cluster', 'many', '--step', 'opentofu-init'],
      1,
      '',
      /searched, newest first: 1: check-\S+, .* 10: check-\S+, and 3 older\)\n$/,
    ],
    // An explicit --run is that run only, as before.
    [
      ['logs', '--cluster', 'web', '--run', '1', '--step', 'wait-ready'],
      1,
      '',
      `error: step wait-ready did not run in check-${stamp(6)}.log (steps that ran: openstack-preflight, opentofu-drift)\n`,
    ],
    // A replace-nodes run is found by its name (the operation holds a hyphen).
    [
      ['logs', '--cluster', 'db', '--org', 'acme', '--run', `replace-nodes-${stamp(2)}`],
      0,
      /output of opentofu-apply/,
      '',
    ],
  ];
  // Careless and hostile input to the same flags: usage errors naming the flag, before any file is read.
  const hostile: Row[] = [
    [['status', '--cluster', ''], 2, '', 'error: status: --cluster needs a value\n'],
    [['status', '--cluster', 'web\nx'], 2, '', 'error: --cluster: contains a line break or control character\n'],
    [['status', '--cluster', 'w'.repeat(100_000)], 2, '', /^error: --cluster: "w{80}…" must be 1 to 63 letters/],
    [['logs', '--cluster', 'web', '--step', ''], 2, '', 'error: logs: --step needs a value\n'],
    [['logs', '--cluster', 'web', '--json'], 2, '', /^error: logs: --json is not an option of logs\n/],
    [
      ['status', '--cluster', 'web', '--step', 'wait-ready'],
      2,
      '',
      /^error: status: --step is not an option of status\n/,
    ],
    [['status', '--clustr', 'web'], 2, '', /^error: status: Unknown option '--clustr' \(did you mean --cluster\?\)/],
    [
      ['logs', '--cluster', 'web', '--run', 'deploy-../../x'],
      2,
      '',
      /^error: logs: --run "deploy-..\/..\/x" is not a run/,
    ],
  ];
  rows.push(...hostile);
  // Titles cut each argument short: a row passes 100,000 characters.
  const titled = rows.map(
    (row) => [`${row[0].map((arg) => JSON.stringify(arg.slice(0, 40))).join(' ')} exits ${row[1]}`, ...row] as const,
  );
  it.each(titled)('%s', async (_title, args, code, stdout, stderr) => {
    const result = await cli(...args);
    expect(result.code, result.stderr).toBe(code);
    for (const [got, want] of [
      [result.stdout, stdout],
      [result.stderr, stderr],
    ] as const)
      if (typeof want === 'string') expect(got).toBe(want);
      else expect(got).toMatch(want);
  });
});
