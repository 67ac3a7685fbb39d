import { describe, expect, it } from 'vitest';
import type { DeployResult } from '../../src/core/engine.js';
import { finalStatus } from '../../src/github/deployments.js';
import { deploySummary } from '../../src/github/summary.js';

const ok: DeployResult = { ok: true, interrupted: false, cluster: 'acme/prod-east', reports: [], statePath: 'x', endpoint: 'https://10.0.0.5:6443' };
const failed: DeployResult = { ...ok, ok: false, endpoint: undefined, failedStep: 'kubespray-upgrade-workers', error: 'upgrading the cluster: step "kubespray-upgrade-workers" failed: boom' };

describe('the job summary by operation', () => {
  it('titles the run by its operation', () => {
    expect(deploySummary(ok, { stateLocation: 's' })).toContain('### ✅ Deployed `acme/prod-east`');
    expect(deploySummary(ok, { stateLocation: 's', operation: 'upgrade', targetVersion: '1.34.2' })).toContain('### ✅ Upgraded `acme/prod-east` to v1.34.2');
    expect(deploySummary(failed, { stateLocation: 's', operation: 'upgrade', targetVersion: '1.34.2' })).toContain('### ❌ Upgrade to v1.34.2 of `acme/prod-east` failed at `kubespray-upgrade-workers`');
    const destroyed = deploySummary({ ...ok, endpoint: undefined }, { stateLocation: 's', operation: 'destroy' });
    expect(destroyed).toContain('### ✅ Destroyed `acme/prod-east`');
    expect(destroyed).toContain('the next deploy starts from nothing');
    expect(deploySummary({ ...failed, failedStep: 'opentofu-destroy' }, { stateLocation: 's', operation: 'destroy' })).toContain('### ❌ Destroy of `acme/prod-east` failed at `opentofu-destroy`');
  });

  it('says loudly when the node removal guard was overridden', () => {
    const summary = deploySummary(ok, { stateLocation: 's', unsafeOverride: 'UNSAFE: removes 2 of 3 etcd members | quorum lost' });
    expect(summary).toContain('> **⚠️ UNSAFE node removal: the guard was overridden with allow-unsafe-node-removal.** removes 2 of 3 etcd members \\| quorum lost');
    expect(summary.indexOf('UNSAFE')).toBeLessThan(summary.indexOf('| step |'));
    expect(deploySummary(ok, { stateLocation: 's' })).not.toContain('UNSAFE');
  });
});

describe("the GitHub deployment's final status", () => {
  it('is success with the endpoint for a deploy or an upgrade, inactive without a URL for a completed destroy, failure otherwise', () => {
    expect(finalStatus('deploy', ok)).toEqual({ state: 'success', description: 'deployed', environment_url: 'https://10.0.0.5:6443' });
    expect(finalStatus('upgrade', ok, '1.34.2')).toEqual({ state: 'success', description: 'upgraded to v1.34.2', environment_url: 'https://10.0.0.5:6443' });
    expect(finalStatus('destroy', { ...ok, endpoint: undefined })).toEqual({ state: 'inactive', description: 'destroyed' });
    expect(finalStatus('destroy', failed)).toMatchObject({ state: 'failure' });
  });
});
