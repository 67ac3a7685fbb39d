import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareSandbox, sandboxToolEnv, type PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { runDeploy } from '../../src/core/engine/engine.js';
import { openPipeline } from '../../src/core/engine/pipeline.js';
import { DeployOutput } from '../../src/core/lib/output.js';
import { compareCapacity } from '../../src/core/openstack/capacity.js';
import { staticFlavors } from '../../src/core/openstack/flavors.js';
import type { ProjectQuotas } from '../../src/core/openstack/quotas.js';
import type { CapacityChecker } from '../../src/core/steps/index.js';
import { deploySummary } from '../../src/github/reports/summary.js';

/**
 * The capacity step in a real deploy of the sandbox (real terraform plan and apply). The sandbox's
 * plan holds only built-in resources, which no quota counts, so the quota side is given: a project
 * already at its core limit with the plan's demand plus a server that does not fit. The quota reads
 * themselves run against the real services in test/core/openstack/quotas.test.ts.
 */
const full: ProjectQuotas = {
  usage: { cores: { inUse: 20, limit: 20 }, instances: { inUse: 5, limit: 10 } },
  serverGroupMembers: {},
  skipped: [],
};
const overQuota: CapacityChecker = async (_settings, demandOf) => {
  const demand = await demandOf(staticFlavors([]));
  demand.adds.cores = (demand.adds.cores ?? 0) + 4;
  demand.adds.instances = (demand.adds.instances ?? 0) + 1;
  return compareCapacity(full, demand);
};
const authChecker = { describe: () => 'stub', check: async () => 'authenticated (stub)' };

let workDir: string;
let sandbox: PreparedSandbox;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'capacity-sandbox-'));
  sandbox = await prepareSandbox({ workDir });
  env = await sandboxToolEnv(workDir);
});
afterAll(async () => {
  await sandbox?.close();
});

async function deploy(ignoreCapacity: boolean, stateDir: string) {
  const pipeline = await openPipeline(
    {
      configPath: sandbox.configPath,
      stateDir,
      env,
      ...(ignoreCapacity && { ignoreCapacity }),
      waitReady: { intervalMs: 300, timeoutMs: 20_000 },
    },
    { authChecker, capacityChecker: overQuota },
  );
  let console = '';
  const output = new DeployOutput(pipeline.redactor, (text) => {
    console += text;
  });
  const result = await runDeploy({ ...pipeline, output, filter: {}, signal: new AbortController().signal });
  await output.close();
  return { result, console };
}

describe('openstack-capacity in a deploy', () => {
  it('a deploy over quota stops before opentofu-apply, with nothing created, naming the quota and by how much', async () => {
    const { result, console } = await deploy(false, path.join(workDir, 'state-refused'));
    expect(result.ok).toBe(false);
    expect(result.failedStep).toBe('openstack-capacity');
    expect(result.error).toContain('cores (vCPUs): exceeded by 4 (in use 20 + the plan adds 4 > limit 20)');
    expect(result.reports.find((r) => r.id === 'opentofu-apply')?.status).toBe('not-run');
    // terraform never applied: no state with resources in the cluster dir
    const tfstate = path.join(sandbox.clusterDir, 'terraform.tfstate');
    const resources = existsSync(tfstate)
      ? (JSON.parse(readFileSync(tfstate, 'utf8')) as { resources: unknown[] }).resources
      : [];
    expect(resources).toEqual([]);
    expect(console).toMatch(/cores \(vCPUs\)\s+20\s+\+4\s+20\s+-4 \(exceeded\)/);
    const summary = deploySummary(result, { stateLocation: 'x' });
    expect(summary).toContain('Quotas: ❌ 1 quota exceeded');
  });

  it('--ignore-capacity applies anyway, loudly', { timeout: 600_000 }, async () => {
    const { result, console } = await deploy(true, path.join(workDir, 'state-overridden'));
    expect(result.ok).toBe(true);
    expect(console).toContain('OVERRIDDEN (ignore-capacity)');
    const summary = deploySummary(result, { stateLocation: 'x' });
    expect(summary).toContain('OVERRIDDEN: applied over quota with ignore-capacity.');
  });
});
