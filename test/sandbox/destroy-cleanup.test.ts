import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxRun } from '../support/sandbox.js';

/**
 * A destroy of a sandbox cluster that made load balancers and volumes in its OpenStack: the real kubectl
 * deletes the Services and claims through the API stand-in, whose simulated cloud controller and Cinder
 * CSI (examples/sandbox/kube-objects.ts) delete them in the sandbox OpenStack; the real terraform destroys;
 * then what is still marked for the cluster is read from the sandbox OpenStack's Octavia and Cinder lists.
 */
describe('destroy deletes what the cluster made in the cloud first', () => {
  let run: SandboxRun | undefined;
  afterEach(async () => run?.close());

  const deployed = async () => {
    run = await startSandbox({ openstack: true });
    const first = await run.deploy({}, { skipAuthCheck: false });
    expect(first.result.error).toBeUndefined();
    return run;
  };
  const destroy = (sandbox: SandboxRun, extra = {}) =>
    sandbox.deploy({}, { operation: 'destroy', skipAuthCheck: false, ...extra });
  const stateOf = async (sandbox: SandboxRun) =>
    JSON.parse(await fs.readFile(path.join(sandbox.stateDir, 'demo', 'sandbox', 'state.json'), 'utf8'));

  it('a LoadBalancer Service and a bound claim: the destroy finishes and leaves nothing in Octavia and Cinder', async () => {
    const sandbox = await deployed();
    sandbox.sandbox.objects.addLoadBalancerService('shop', 'web');
    sandbox.sandbox.objects.addClaim('shop', 'data');
    const cloud = sandbox.openstack!.cloud;
    expect(cloud.loadBalancers().map((lb) => lb.name)).toEqual(['kube_service_sandbox.local_shop_web']);
    expect(cloud.volumes()).toHaveLength(1);

    const { result, console } = await destroy(sandbox);
    expect(result.error).toBeUndefined();
    expect(console).toMatch(/kubernetes-cloud-cleanup.*1 LoadBalancer Service and 1 Cinder claim deleted, gone/);
    expect(console).toContain('nothing left in Octavia or Cinder for cluster_name sandbox.local');
    expect(cloud.loadBalancers()).toEqual([]);
    expect(cloud.volumes()).toEqual([]);
    expect((await stateOf(sandbox)).destroyedAt).toBeDefined();
  }, 180_000);

  it('a claim a pod mounts is reported, not waited for; its volume is listed after the destroy', async () => {
    const sandbox = await deployed();
    sandbox.sandbox.objects.addLoadBalancerService('shop', 'web');
    sandbox.sandbox.objects.addClaim('shop', 'db', { usedBy: 'db-0' });

    const { result, console } = await destroy(sandbox);
    expect(result.error).toBeUndefined();
    expect(console).toContain(
      'claim shop/db is mounted by shop/db-0: its kubernetes.io/pvc-protection finalizer keeps it Terminating',
    );
    expect(sandbox.openstack!.cloud.loadBalancers()).toEqual([]);
    const [volume] = sandbox.openstack!.cloud.volumes();
    expect(console).toMatch(
      new RegExp(`left in OpenStack for cluster_name sandbox\\.local: volume ${volume!.name} \\(${volume!.id}\\)`),
    );
    expect((await stateOf(sandbox)).destroyedAt).toBeDefined();
  }, 180_000);

  it('an API that no longer answers: reported, tofu destroy still runs, and --delete-leftovers deletes what stayed', async () => {
    const sandbox = await deployed();
    sandbox.sandbox.objects.addLoadBalancerService('shop', 'web');
    sandbox.sandbox.objects.addClaim('shop', 'data');
    await sandbox.sandbox.api.close();

    const { result, console } = await destroy(sandbox, { deleteCloudLeftovers: true });
    expect(result.error).toBeUndefined();
    expect(console).toMatch(/the Kubernetes API did not answer \(.*refused.*\)/);
    expect(console).toMatch(/openstack-leftovers.*2 of 2 left deleted/);
    expect(sandbox.openstack!.cloud.loadBalancers()).toEqual([]);
    expect(sandbox.openstack!.cloud.volumes()).toEqual([]);
    expect((await stateOf(sandbox)).destroyedAt).toBeDefined();
  }, 180_000);
});
