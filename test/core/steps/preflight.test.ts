import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlan } from '../../../src/core/engine/plan.js';
import { openPipeline } from '../../../src/core/engine/pipeline.js';
import { startKeystone, type KeystoneFixture } from '../../support/keystone.js';
import { startSandbox, type SandboxRun } from '../../support/sandbox.js';

/** The openstack-preflight step wired to a real Keystone, as the CLI and the actions run it. */
describe('openstack-preflight against a real Keystone', () => {
  let keystone: KeystoneFixture;
  let run: SandboxRun;
  beforeAll(async () => {
    [keystone, run] = await Promise.all([startKeystone(), startSandbox()]);
  });
  afterAll(async () => Promise.all([keystone?.stop(), run?.close()]));

  const keystoneEnv = (extra: Record<string, string>) => ({
    ...run.env,
    OS_AUTH_URL: keystone.authUrl,
    OS_REGION_NAME: keystone.region,
    ...extra,
  });

  it('authenticates with an application credential and checks the catalog', async () => {
    const env = keystoneEnv({
      OS_APPLICATION_CREDENTIAL_ID: keystone.appCredId,
      OS_APPLICATION_CREDENTIAL_SECRET: keystone.appCredSecret,
    });
    const { result } = await run.deploy({ step: 'openstack-preflight' }, { env, skipAuthCheck: false });
    expect(result.ok).toBe(true);
    expect(result.reports[0]!.detail).toBe(
      'authenticated as admin in project admin (application-credential); identity, compute, network, image found in RegionOne/public',
    );
  });

  it("with Kubespray's OpenStack cloud controller on, an application credential given by id is named by Keystone", async () => {
    // The cloud roles refuse an id without a name; asked from Keystone, the id alone is enough.
    const groupVars = path.join(run.sandbox.clusterDir, 'inventory', 'group_vars');
    await fs.mkdir(path.join(groupVars, 'all'), { recursive: true });
    await fs.writeFile(path.join(groupVars, 'all', 'openstack.yml'), 'external_cloud_provider: openstack\n');
    try {
      const env = keystoneEnv({
        OS_APPLICATION_CREDENTIAL_ID: keystone.appCredId,
        OS_APPLICATION_CREDENTIAL_SECRET: keystone.appCredSecret,
      });
      const live = await run.deploy({ step: 'openstack-preflight' }, { env, skipAuthCheck: false });
      expect(live.result.error).toBeUndefined();
      // Without the live check nobody can ask: the missing name is said before Kubespray runs.
      const offline = await run.deploy({ step: 'openstack-preflight' }, { env, skipAuthCheck: true });
      expect(offline.result.error).toMatch(
        /missing: the application credential's name \(OS_APPLICATION_CREDENTIAL_NAME/,
      );
    } finally {
      await fs.rm(groupVars, { recursive: true, force: true });
    }
  });

  it('fails fast on a wrong secret, naming the credential and never printing the secret', async () => {
    const wrong = 'wrong-secret-canary-9931';
    const env = keystoneEnv({
      OS_APPLICATION_CREDENTIAL_ID: keystone.appCredId,
      OS_APPLICATION_CREDENTIAL_SECRET: wrong,
    });
    const { result, console } = await run.deploy({ step: 'openstack-preflight' }, { env, skipAuthCheck: false });
    expect(result.ok).toBe(false);
    expect(result.error).toContain(`application credential ${keystone.appCredId}`);
    const state = await fs.readFile(result.statePath, 'utf8');
    const log = await fs.readFile(result.logPath!, 'utf8');
    for (const text of [console, state, log, result.error!]) expect(text).not.toContain(wrong);
  });

  it('uses username/password from the environment in place of CHANGEME application credentials', async () => {
    const config = (await fs.readFile(run.sandbox.configPath, 'utf8'))
      .replace('application_credential_id: sandbox-app-cred', 'application_credential_id: CHANGEME')
      .replace('application_credential_secret: sandbox-secret-value', 'application_credential_secret: CHANGEME');
    await fs.writeFile(run.sandbox.configPath, config);
    const env = keystoneEnv({
      OS_USERNAME: keystone.userName,
      OS_PASSWORD: keystone.adminPassword,
      OS_PROJECT_NAME: keystone.projectName,
      OS_USER_DOMAIN_NAME: keystone.domain,
      OS_PROJECT_DOMAIN_NAME: keystone.domain,
    });
    const { result } = await run.deploy({ step: 'openstack-preflight' }, { env, skipAuthCheck: false });
    expect(result.ok).toBe(true);
    expect(result.reports[0]!.detail).toMatch(/^authenticated as admin in project admin \(password\)/);

    const withoutPassword = await run.deploy(
      { step: 'openstack-preflight' },
      { env: keystoneEnv({}), skipAuthCheck: false },
    );
    expect(withoutPassword.result.error).toContain('openstack application credentials are still "CHANGEME"');
  });

  it('shows the check in the dry-run plan', async () => {
    const env = keystoneEnv({
      OS_APPLICATION_CREDENTIAL_ID: keystone.appCredId,
      OS_APPLICATION_CREDENTIAL_SECRET: keystone.appCredSecret,
    });
    const pipeline = await openPipeline({ configPath: run.sandbox.configPath, stateDir: run.stateDir, env });
    const plan = await buildPlan(
      pipeline.settings,
      pipeline.steps,
      pipeline.store,
      { step: 'openstack-preflight' },
      pipeline.redactor,
    );
    expect(plan.steps[0]!.actions).toContain(
      `POST ${keystone.authUrl.replace(/\/$/, '')}/auth/tokens (application credential ${keystone.appCredId}), then check catalog for identity, compute, network, image in RegionOne/public`,
    );
  });
});
