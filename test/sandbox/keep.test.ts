import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/action-runner.js';

const exec = promisify(execFile);

/** Runs a command line as a user types it; the output and exit code, never a throw. */
async function shell(script: string, env: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await exec('sh', ['-c', script], { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** Alive and not a zombie (an orphan's exit is reaped by whatever adopted it, maybe late). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

/**
 * `npm run sandbox` (the demo with --keep): the sandbox outlives the demo, the commands it prints work
 * as printed against it (the real CLI bundle in a shell, as a user pastes them: plan, then check,
 * which reaches the kept Kubernetes API; for Cluster API also the scale-up), and `stop` ends it,
 * idempotently. The other lines run the same CLI with the same flags; the operations' own tests cover them.
 */
describe.each(['kubespray', 'cluster-api'] as const)('npm run sandbox -- --method %s', (method) => {
  const started: number[] = [];
  afterAll(async () => {
    for (const pid of started) if (isRunning(pid)) process.kill(pid, 'SIGTERM');
  });

  it('keeps the sandbox running, prints commands that work against it, and stop ends it', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'sandbox-keep-'));
    const dir = path.join(home, 'sandbox');
    // A HOME and XDG_STATE_HOME of its own (kind's lock is per user); INIT_CWD is where npm was typed.
    const env = { ...process.env, HOME: home, XDG_STATE_HOME: path.join(home, 'xdg'), INIT_CWD: ROOT };
    try {
      const demo = await shell(`npm run --silent sandbox -- --method ${method} --dir '${dir}'`, env);
      expect(demo.code, demo.stdout + demo.stderr).toBe(0);
      const pid = Number((await readFile(path.join(dir, 'sandbox.pid'), 'utf8')).trim());
      started.push(pid);
      expect(isRunning(pid)).toBe(true); // the demo has exited, the sandbox has not
      // preflight and openstack-capacity ran live, against the sandbox's OpenStack stand-in
      expect(demo.stdout).toMatch(/openstack-preflight\) \([\d.]+s\) — authenticated as demo in project demo/);
      if (method === 'cluster-api') {
        expect(demo.stdout).toMatch(/^ +quota +in use +plan adds +limit +left after$/m);
        expect(demo.stdout).toMatch(/^ +instances +2 +\+3 +10 +5$/m); // a control plane machine and two workers
      } else {
        // the Kubespray sandbox's plan holds only terraform_data, which no quota counts
        expect(demo.stdout).toContain('The change takes nothing any read quota counts.');
      }
      expect(demo.stdout).not.toContain('--skip-auth-check');

      const printed = demo.stdout.slice(demo.stdout.indexOf('The sandbox keeps running.')).split('\n');
      const commands = printed.filter((line) => line.startsWith('  ') && !line.startsWith('  #')).map((l) => l.trim());
      const setup = commands.filter((line) => line.startsWith('export '));
      expect(setup).toHaveLength(1);
      // Kubespray: the passphrase the printed upgrade's etcd snapshot is encrypted with.
      if (method === 'kubespray') expect(setup[0]).toMatch(/^export CLUSTER_DEPLOY_ETCD_SNAPSHOT_PASSPHRASE=/);
      const cli = (command: string) => {
        const line = commands.find((c) => c.startsWith(`node dist/cli/index.js ${command} `));
        expect(line, `a printed ${command} command in:\n${printed.join('\n')}`).toBeDefined();
        expect(line).toContain(`--state-dir ${dir}/state`);
        return shell([...setup, line!].join('\n'), env);
      };
      expect(commands).toContain(`npm run sandbox -- stop --dir ${dir}`);
      expect(commands.some((c) => c.startsWith('node dist/cli/index.js destroy ') && c.includes('--confirm '))).toBe(
        true,
      );

      const plan = await cli('plan');
      expect(plan.code, plan.stdout + plan.stderr).toBe(0);
      // the state the demo's deploy wrote, not another state directory
      expect(plan.stdout).toMatch(/note: +the last deploy completed at /);
      const check = await cli('check');
      expect(check.code, check.stdout + check.stderr).toBe(0);
      expect(check.stdout).toMatch(/Check of demo\/(capi-)?sandbox: no drift, healthy/);

      if (method === 'cluster-api') {
        // The printed scale-up, as typed: a re-deploy counts only the machine it adds (the others are in use already).
        const at = commands.findIndex((c) => c.startsWith("sed -i 's/worker_machine_count"));
        expect(commands[at + 1]).toMatch(/^node dist\/cli\/index\.js deploy /);
        const scale = await shell([...setup, commands[at]!, commands[at + 1]!].join('\n'), env);
        expect(scale.code, scale.stdout + scale.stderr).toBe(0);
        expect(scale.stdout).toMatch(/^ +instances +5 +\+1 +10 +4$/m);
        expect(scale.stdout).toContain("minus what the cluster's objects in the management cluster hold now");
        expect(scale.stdout).toMatch(/capi-wait\) \([\d.]+s\) — control plane 1\/1 running, workers 3\/3/);
      }

      const stop = await shell(`npm run --silent sandbox -- stop --dir '${dir}'`, env);
      expect(stop.stdout.trim()).toBe(`Stopped the sandbox (pid ${pid}); its files stay in ${dir}.`);
      expect(isRunning(pid)).toBe(false);
      const again = await shell(`npm run --silent sandbox -- stop --dir '${dir}'`, env);
      expect(again.code).toBe(0);
      expect(again.stdout.trim()).toBe(`No sandbox runs in ${dir} (no sandbox.pid).`);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  }, 240_000);
});
