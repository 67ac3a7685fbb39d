import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { CheckReportSchema } from '../../src/core/model/check-report.js';
import { EXIT } from '../../src/core/lib/errors.js';
import { runCli } from '../support/cli.js';
import { CONFIG_SECRET, startSandbox, type SandboxRun } from '../support/sandbox.js';

/** The CLI as a real process; through a pipe it prints no colour codes, so its text is compared as it is. */
const cli = runCli;

describe('cluster-deploy check', () => {
  let run: SandboxRun;
  let base: string[];
  beforeAll(async () => {
    run = await startSandbox();
    const first = await run.deploy();
    expect(first.result.error, first.console).toBeUndefined();
    base = ['--config', run.sandbox.configPath, '--state-dir', run.stateDir, '--skip-auth-check'];
  }, 120_000);
  afterAll(async () => run?.close());

  it('exits 0 after a deploy, with no finding lines', async () => {
    const { code, stdout, stderr } = await cli(['check', ...base], run.env);
    expect(code, stderr).toBe(EXIT.ok);
    expect(stdout).toContain('Check of demo/sandbox: no drift, healthy\n');
    expect(stdout).not.toMatch(/^ {2}\w[\w-]*: /m);
    expect(stdout).not.toContain('Resume state:');
    expect(`${stdout}${stderr}`).not.toContain(CONFIG_SECRET);
  }, 60_000);

  it(`exits ${EXIT.findings} on drift and prints one line per changed resource; --json prints the report alone`, async () => {
    const env = { ...run.env, TF_VAR_worker_count: '2' };
    const text = await cli(['check', ...base], env);
    expect(text.code, text.stderr).toBe(EXIT.findings);
    expect(text.stdout).toContain('Check of demo/sandbox: drift (2 resources), healthy\n');
    expect(text.stdout).toContain('  drift: tofu would create module.worker[1].terraform_data.server\n');
    expect(text.stdout).toContain('  drift: tofu would replace terraform_data.inventory\n');

    const json = await cli(['check', ...base, '--json'], env);
    expect(json.code, json.stderr).toBe(EXIT.findings);
    const report = CheckReportSchema.parse(JSON.parse(json.stdout));
    expect(report).toMatchObject({
      cluster: 'demo/sandbox',
      drift: true,
      healthy: true,
      infrastructure: { add: 1, replace: 1 },
    });
    expect(json.stderr).toContain('Check of demo/sandbox: drift');
  }, 60_000);

  it(`exits ${EXIT.findings} on a health finding: a node missing from the API`, async () => {
    const registry = await fs.readFile(run.sandbox.registryFile, 'utf8');
    run.sandbox.api.setNodes([
      { name: 'sandbox-cp-0', ready: true, kubeletVersion: 'v1.33.5', roles: ['control-plane'] },
    ]);
    try {
      const { code, stdout, stderr } = await cli(['check', ...base], run.env);
      expect(code, stderr).toBe(EXIT.findings);
      expect(stdout).toContain('Check of demo/sandbox: no drift, unhealthy (1 finding)\n');
      expect(stdout).toMatch(/^ {2}node-missing: sandbox-worker-0 is in the inventory but not in the API/m);
    } finally {
      await fs.writeFile(run.sandbox.registryFile, registry);
    }
  }, 60_000);

  it(`a check of some of its steps never calls what it skipped clean: an unchecked finding, exit ${EXIT.findings}`, async () => {
    const env = { ...run.env, TF_VAR_worker_count: '2' }; // drift the skipped step would have found
    const health = await cli(['check', ...base, '--step', 'cluster-health', '--json'], env);
    expect(health.code, health.stderr).toBe(EXIT.findings);
    const report = CheckReportSchema.parse(JSON.parse(health.stdout));
    expect(report).toMatchObject({ drift: false, healthy: false });
    expect(report.findings).toEqual([
      {
        kind: 'unchecked',
        subject: 'drift',
        message:
          'step opentofu-drift was not selected, so drift was not checked: run the check without --step or --from-step (inputs step, from-step)',
      },
    ]);
    const drift = await cli(['check', ...base, '--from-step', 'opentofu-drift'], run.env);
    expect(drift.code, drift.stderr).toBe(EXIT.ok); // every check step from there ran
  }, 60_000);

  it.each(['SIGINT', 'SIGTERM'] as const)(
    '%s mid-check: exit 130, the saved state untouched, and no promise of resume state a check does not keep',
    async (signal) => {
      const stateFile = path.join(run.stateDir, 'demo', 'sandbox', 'state.json');
      const before = await fs.readFile(stateFile, 'utf8');
      let sent = false;
      const result = await runCli(['check', ...base], run.env, (text, child) => {
        if (!sent && text.includes('(opentofu-drift)...')) {
          sent = true;
          child.kill(signal);
        }
      });
      const output = `${result.stdout}${result.stderr}`;
      expect(result.code, output).toBe(EXIT.interrupted);
      expect(output).toContain(
        `received ${signal}: interrupting the check (it keeps no state: run it again to start over)`,
      );
      expect(output).toContain('Run the check again once this is fixed: it keeps no state, so it starts over');
      expect(output).not.toMatch(/Resume state:|state will be saved|state is saved|--from-step/);
      expect(await fs.readFile(stateFile, 'utf8')).toBe(before);
      const again = await cli(['check', ...base], run.env);
      expect(again.code, again.stderr).toBe(EXIT.ok);
    },
    60_000,
  );

  it('exits 1 when it cannot run (OpenTofu code that does not parse): the failed result, no report', async () => {
    const broken = path.join(run.workDir, 'broken.tf');
    const target = path.join(run.sandbox.clusterDir, 'broken.tf');
    await fs.writeFile(broken, 'resource "terraform_data" "x" {\n');
    await fs.copyFile(broken, target);
    try {
      const { code, stdout, stderr } = await cli(['check', ...base, '--json'], run.env);
      expect(code).toBe(EXIT.failed);
      expect(stderr).toMatch(/^error: checking the cluster: step "opentofu-(init|drift)" failed/m);
      const result = JSON.parse(stdout) as { ok: boolean; checkReport?: unknown; failedStep: string };
      expect(result).toMatchObject({ ok: false, failedStep: expect.stringMatching(/^opentofu-(init|drift)$/) });
      expect(result.checkReport).toBeUndefined();
    } finally {
      await fs.rm(target);
    }
  }, 60_000);

  it('plan --operation check shows the read-only steps and the drift command', async () => {
    const { code, stdout, stderr } = await cli(['plan', ...base, '--operation', 'check', '--json'], run.env);
    expect(code, stderr).toBe(0);
    const plan = JSON.parse(stdout) as {
      operation: string;
      note?: string;
      steps: { id: string; kind: string; action: string; argv?: string[] }[];
    };
    expect(plan.operation).toBe('check');
    expect(plan.note).toBe('a check keeps no resume state: every step runs, and the saved state stays as it is');
    expect(plan.steps.map((s) => [s.id, s.kind, s.action])).toEqual([
      ['openstack-preflight', 'check', 'run'],
      ['opentofu-init', 'runner-local', 'run'],
      ['opentofu-drift', 'check', 'run'],
      ['cluster-health', 'check', 'run'],
    ]);
    const drift = plan.steps.find((s) => s.id === 'opentofu-drift')!.argv!;
    // -no-color: the tests' console is no terminal.
    expect(drift.slice(1, 6)).toEqual(['plan', '-no-color', '-input=false', '-detailed-exitcode', '-lock-timeout=2m']);
    expect(drift[6]).toBe(`-out=${path.join(run.stateDir, 'demo', 'sandbox', 'drift.plan')}`);
    expect(plan.steps.find((s) => s.id === 'cluster-health')!.argv).toEqual(
      expect.arrayContaining(['get', 'nodes', '-o', 'json']),
    );

    // --tofu-plan adds nothing to a check, and says so instead of planning a deploy.
    const tofu = await cli(['plan', ...base, '--operation', 'check', '--tofu-plan'], run.env);
    expect(tofu.code, tofu.stderr).toBe(0);
    expect(tofu.stdout).toContain(
      'No OpenTofu plan here: a check changes nothing, and its opentofu-drift step is the plan (run cluster-deploy check).',
    );
  }, 60_000);
});

/** Careless and hostile input to `check`: each row the exit code and the one error line, no stack trace. */
describe('cluster-deploy check: bad input', () => {
  let run: SandboxRun;
  let lines: string[];
  const capture = (stream: NodeJS.WriteStream) => {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    }) as typeof stream.write;
    return () => {
      stream.write = write;
    };
  };
  beforeAll(async () => {
    run = await startSandbox();
  }, 60_000);
  afterAll(async () => run?.close());

  const rows: [name: string, args: (config: string, tmp: string) => string[], code: number, error: RegExp][] = [
    [
      'a destroy flag',
      (c) => ['check', '--config', c, '--confirm', 'sandbox'],
      EXIT.usage,
      /^check: --confirm is an option of destroy, not check$/,
    ],
    [
      'an upgrade flag',
      (c) => ['check', '--config', c, '--kubernetes-version', '1.34.2'],
      EXIT.usage,
      /^check: --kubernetes-version is an option of upgrade and plan --operation upgrade, not check$/,
    ],
    [
      'a deploy flag',
      (c) => ['check', '--config', c, '--allow-unsafe-node-removal'],
      EXIT.usage,
      /^check: --allow-unsafe-node-removal is an option of deploy and plan --operation deploy, not check$/,
    ],
    [
      'a plan flag',
      (c) => ['check', '--config', c, '--tofu-plan'],
      EXIT.usage,
      /^check: --tofu-plan is an option of plan, not check$/,
    ],
    [
      '--operation',
      (c) => ['check', '--config', c, '--operation', 'deploy'],
      EXIT.usage,
      /^check: --operation is an option of plan, not check \(each operation has its own command: cluster-deploy deploy\|upgrade\|destroy\|check\|replace-nodes\)$/,
    ],
    [
      'a step of deploy',
      (c) => ['check', '--config', c, '--step', 'opentofu-apply'],
      EXIT.usage,
      /^--step: "opentofu-apply" is a step of deploy, not of check \(check's steps: openstack-preflight, opentofu-init, opentofu-drift, cluster-health\)$/,
    ],
    [
      'an unknown step',
      (c) => ['check', '--config', c, '--from-step', 'drift'],
      EXIT.usage,
      /^--from-step: unknown step "drift" \(available: openstack-preflight, opentofu-init, opentofu-drift, cluster-health\)$/,
    ],
    // Found by probing: the readiness gate's flags were accepted and ignored (--nodes 5 on a 2-node cluster: healthy).
    [
      '--nodes (a check compares with the inventory)',
      (c) => ['check', '--config', c, '--nodes', '5'],
      EXIT.usage,
      /^check: --nodes is an option of the readiness gate \(deploy, upgrade, wait-ready\), not check: a check reads the cluster once/,
    ],
    [
      '--timeout',
      (c) => ['check', '--config', c, '--timeout', '5m'],
      EXIT.usage,
      /^check: --timeout is an option of the readiness gate/,
    ],
    [
      '--interval on the plan of a check',
      (c) => ['plan', '--config', c, '--operation', 'check', '--interval', '1s'],
      EXIT.usage,
      /^plan --operation check: --interval is an option of the readiness gate/,
    ],
    ['a positional argument', (c) => ['check', '--config', c, 'now'], EXIT.usage, /^check: Unexpected argument 'now'/],
    [
      'no config',
      () => ['check'],
      EXIT.usage,
      /^check: give --config FILE, or --cluster-dir DIR \(with --vip IP\) for standalone use$/,
    ],
    ['an empty config', () => ['check', '--config', ''], EXIT.usage, /^check: --config needs a value$/],
    [
      'a newline in a value',
      (c) => ['check', '--config', `${c}\nx`],
      EXIT.usage,
      /^--config: contains a line break or control character$/,
    ],
    [
      'a config that is a directory',
      (_c, tmp) => ['check', '--config', tmp],
      EXIT.failed,
      /^config file .* is a directory; give a file path$/,
    ],
    [
      'a kubeconfig path that is a directory',
      (c, tmp) => ['check', '--config', c, '--state-dir', path.join(tmp, 'state'), '--kubeconfig', tmp],
      EXIT.failed,
      /kubeconfig .* is a directory/,
    ],
    [
      'plan of an unknown operation',
      (c) => ['plan', '--config', c, '--operation', 'chek'],
      EXIT.usage,
      /^--operation: "chek" is not an operation; use one of deploy, upgrade, destroy, check, replace-nodes$/,
    ],
  ];

  it.each(rows)('%s', async (_name, args, code, error) => {
    const tmp = await fs.mkdtemp(path.join(run.workDir, 'row-'));
    lines = [];
    const restore = [capture(process.stderr), capture(process.stdout)];
    let exit: number;
    try {
      exit = await main(args(run.sandbox.configPath, tmp));
    } finally {
      for (const undo of restore) undo();
    }
    const output = lines.join('');
    expect(exit, output).toBe(code);
    const errorLine = output.split('\n').find((line) => line.startsWith('error: '));
    expect(errorLine?.slice('error: '.length), output).toMatch(error);
    expect(output).not.toMatch(/internal error|\n\s+at /);
  });
});
