import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { ROOT } from '../support/action-runner.js';

/**
 * The DevStack e2e cluster (test/e2e/devstack/cluster) only runs in its workflow; these are the
 * checks that run offline. `terraform init`/`validate` need the provider registry, so they are not
 * among them.
 */
const CLUSTER_DIR = 'test/e2e/devstack/cluster';
const WORKFLOWS = ['.github/workflows/e2e-devstack.yml', 'examples/workflows/e2e-devstack.yml'];

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}
interface Job {
  env?: Record<string, unknown>;
  steps: Step[];
}

const jobOf = (file: string): Job => {
  const jobs = Object.values(YAML.parse(readFileSync(path.join(ROOT, file), 'utf8')).jobs as Record<string, Job>);
  expect(jobs, file).toHaveLength(1);
  return jobs[0]!;
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
    for (const match of (step.run ?? '').matchAll(/echo\s+["']?TF_VAR_(\w+)=.*>>\s*"?\$GITHUB_ENV"?/g)) names.add(match[1]!);
  }
  return names;
}

/** Top-level `variable "x" { ... }` blocks of the cluster code, and whether each has a default. */
function declaredVariables(): Map<string, { hasDefault: boolean }> {
  const variables = new Map<string, { hasDefault: boolean }>();
  for (const file of readdirSync(path.join(ROOT, CLUSTER_DIR)).filter((f) => f.endsWith('.tf'))) {
    const lines = readFileSync(path.join(ROOT, CLUSTER_DIR, file), 'utf8').split('\n');
    let current: { name: string; hasDefault: boolean } | undefined;
    let depth = 0;
    for (const line of lines) {
      const code = line.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/(#|\/\/).*$/, '');
      const start = depth === 0 ? /^variable\s+"([^"]+)"\s*\{/.exec(line) : null;
      if (start) current = { name: start[1]!, hasDefault: false };
      else if (current && depth === 1 && /^\s*default\s*=/.test(code)) current.hasDefault = true;
      depth += (code.match(/\{/g) ?? []).length - (code.match(/\}/g) ?? []).length;
      if (current && depth === 0) {
        variables.set(current.name, { hasDefault: current.hasDefault });
        current = undefined;
      }
    }
  }
  return variables;
}

describe('the DevStack e2e cluster code', () => {
  it('is formatted as terraform fmt writes it', () => {
    const fmt = spawnSync('terraform', ['fmt', '-check', '-recursive', '-diff', CLUSTER_DIR], { cwd: ROOT, encoding: 'utf8' });
    expect(fmt.error).toBeUndefined();
    expect(`${fmt.stdout}`, 'files terraform fmt would change').toBe('');
    expect(fmt.status).toBe(0);
  });

  it('generates the inventory where the action runs Kubespray from (src/core/steps/kubespray.ts)', () => {
    const main = readFileSync(path.join(ROOT, CLUSTER_DIR, 'main.tf'), 'utf8');
    expect(main).toMatch(/resource "local_file" "inventory" \{\s*filename\s*=\s*"\$\{path\.module\}\/inventory\/inventory\.yaml"/);
  });

  it('finds every variable block, with and without defaults', () => {
    const variables = declaredVariables();
    expect(variables.get('api_floating_ip')).toEqual({ hasDefault: false });
    expect(variables.get('ssh_user')).toEqual({ hasDefault: true });
  });
});

describe.each(WORKFLOWS)('%s and the cluster code agree', (file) => {
  const job = jobOf(file);

  it('every TF_VAR_ the workflow sets is a variable, and every variable without a default is set', () => {
    const set = workflowTfVars(job);
    const declared = declaredVariables();
    expect([...set].sort()).toEqual(['api_floating_ip', 'cluster_name', 'external_network', 'flavor_name', 'image_name', 'keypair_name']);
    expect([...set].filter((name) => !declared.has(name)), 'set but not declared').toEqual([]);
    const required = [...declared].filter(([, v]) => !v.hasDefault).map(([name]) => name);
    expect(required.filter((name) => !set.has(name)), 'required but not set').toEqual([]);
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
    expect(String(step.with?.ref)).toMatch(/^(v\d+\.\d+\.\d+|[0-9a-f]{40})$/);

    const deploy = steps.findIndex((s) => s.id === 'deploy');
    const plan = steps.findIndex((s) => s.id === 'plan');
    expect(plan).toBeGreaterThan(kubespray);
    expect(deploy).toBeGreaterThan(kubespray);
  });
});
