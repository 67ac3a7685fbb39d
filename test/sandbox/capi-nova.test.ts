import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeploy } from '../../src/core/engine/engine.js';
import { openPipeline } from '../../src/core/engine/pipeline.js';
import { DeployOutput } from '../../src/core/lib/output.js';
import type { CapacityChecker } from '../../src/core/steps/index.js';
import { type CapiRun, startCapiRun } from '../support/capi-sandbox.js';
import { freePort, type KeystoneFixture, startKeystone } from '../support/keystone.js';

/**
 * A Nova scheduling failure in a cluster-api deploy: real CAPO keeps no message for it (InstanceStateError, empty),
 * so capi-wait asks Nova for the server's fault with the deploy's credentials. The real Keystone issues the token
 * and names the sandbox cloud's Nova stand-in as compute in its catalog; the stand-in validates the token with it.
 */

const NO_VALID_HOST = 'No valid host was found. There are not enough hosts available.';
let keystone: KeystoneFixture;
let run: CapiRun;

beforeAll(async () => {
  const port = await freePort();
  keystone = await startKeystone({
    services: [{ type: 'compute', name: 'nova', url: `http://127.0.0.1:${port}/v2.1` }],
  });
  run = await startCapiRun(
    (text) =>
      text
        .replace('auth_url: http://127.0.0.1:5000/v3', `auth_url: ${keystone.authUrl}`)
        .replace('application_credential_id: sandbox-app-cred', `application_credential_id: ${keystone.appCredId}`)
        .replace(
          'application_credential_secret: sandbox-secret-value',
          `application_credential_secret: ${keystone.appCredSecret}`,
        ),
    {
      nova: { port, keystoneUrl: keystone.authUrl },
      catalog: { applicationCredentials: { [keystone.appCredId]: keystone.appCredSecret } },
    },
  );
}, 240_000);
afterAll(async () => {
  await run?.close();
  await keystone?.stop();
});

/** The quota check is not the subject (the catalog's network and image endpoints lead nowhere): nothing to refuse. */
const noQuotaLimits: CapacityChecker = async (_settings, demandOf) => {
  const { compareCapacity } = await import('../../src/core/openstack/capacity.js');
  const { staticFlavors } = await import('../../src/core/openstack/flavors.js');
  return compareCapacity({ usage: {}, serverGroupMembers: {}, skipped: [] }, await demandOf(staticFlavors([])));
};

async function deploy(extra: { skipAuthCheck?: boolean; restart?: boolean } = {}) {
  const pipeline = await openPipeline(
    {
      configPath: run.configPath,
      stateDir: run.stateDir,
      env: run.env,
      skipAuthCheck: extra.skipAuthCheck ?? false,
      waitReady: { intervalMs: 300, timeoutMs: 60_000 },
    },
    { capacityChecker: noQuotaLimits },
  );
  let console = '';
  const output = new DeployOutput(pipeline.redactor, (chunk) => {
    console += chunk;
  });
  const result = await runDeploy({
    ...pipeline,
    output,
    filter: extra.restart ? { restart: true } : {},
    signal: new AbortController().signal,
    logPath: pipeline.logPath,
  });
  await output.close();
  return { result, console };
}

async function stateFiles(dir: string): Promise<string> {
  let all = '';
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) all += await fs.readFile(path.join(entry.parentPath, entry.name), 'utf8');
  return all;
}

describe("capi-wait asks Nova for an ERROR server's fault", () => {
  it('a scheduling failure fails the deploy quoting the fault and naming the fields; the credentials are nowhere', async () => {
    run.cloud.failServer('capi-sandbox-md-0-*', NO_VALID_HOST);
    const { result, console } = await deploy();
    expect(result.reports.find((r) => r.id === 'openstack-preflight')?.status).toBe('success');
    expect(result.failedStep).toBe('capi-wait');
    expect(run.cloud.servers()).toEqual([]); // the kind cleanup deleted the Cluster, and CAPO every server
    expect(result.error).toMatch(
      /Nova: server capi-sandbox-md-0-\S+ \([0-9a-f-]{36}\) is ERROR, fault 500 at \d{4}-\d\d-\d\dT[\d:.]+Z: No valid host was found\. There are not enough hosts available\./,
    );
    expect(result.error).toContain(
      "Fix: Nova found no host for the server: a smaller flavor (deployment.cluster_api.openstack.*_machine_flavor), another deployment.cluster_api.openstack.failure_domain, or capacity from the cloud's operators",
    );
    expect(result.error).not.toContain('openstack server show');
    for (const text of [console, result.error ?? '', await stateFiles(run.stateDir)]) {
      expect(text).not.toContain(keystone.appCredSecret);
      expect(text).not.toContain(Buffer.from(keystone.appCredSecret).toString('base64'));
    }
  }, 240_000);

  it('with --skip-auth-check Nova is not asked: the failure says so and names the command that shows the fault', async () => {
    run.cloud.failServer('capi-sandbox-md-0-*', NO_VALID_HOST);
    const { result } = await deploy({ skipAuthCheck: true, restart: true });
    expect(result.failedStep).toBe('capi-wait');
    expect(result.error).toMatch(
      /Nova: server capi-sandbox-md-0-\S+ \(([0-9a-f-]{36})\) is in ERROR and CAPO keeps no message; Nova not asked \(--skip-auth-check: no live OpenStack calls\); see `openstack server show \1 -c fault`/,
    );
    expect(result.error).not.toContain('No valid host');
  }, 240_000);
});
