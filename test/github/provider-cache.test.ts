import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerCacheKey } from '../../src/github/state/provider-cache.js';

const LOCK = 'provider "registry.opentofu.org/terraform-provider-openstack/openstack" {\n  version = "3.3.2"\n}\n';

/** The provider cache's key: the lock file's hash, OS and architecture; no usable lock file, no cache and why. */
describe('the provider cache key', () => {
  let base: string;
  beforeAll(async () => {
    base = await fs.mkdtemp(path.join(tmpdir(), 'provider-key-'));
  });
  afterAll(async () => fs.rm(base, { recursive: true, force: true }));

  const clusterDir = async (name: string, lock: (file: string) => Promise<unknown>) => {
    const dir = path.join(base, name);
    await fs.mkdir(dir);
    await lock(path.join(dir, '.terraform.lock.hcl'));
    return dir;
  };

  it('is the lock file content hash with OS and architecture', async () => {
    const a = await providerCacheKey(await clusterDir('a', (f) => fs.writeFile(f, LOCK)));
    const b = await providerCacheKey(await clusterDir('b', (f) => fs.writeFile(f, LOCK)));
    const c = await providerCacheKey(await clusterDir('c', (f) => fs.writeFile(f, LOCK.replace('3.3.2', '3.3.3'))));
    expect(a).toEqual({
      key: expect.stringMatching(/^cluster-deploy-tofu-providers-v1-\w+-\w+-[0-9a-f]{16}$/),
      lockFile: expect.any(String),
    });
    expect('key' in a && 'key' in b && a.key === b.key).toBe(true);
    expect('key' in c && 'key' in a && c.key !== a.key).toBe(true);
  });

  it.each([
    ['no lock file', async () => {}, /does not exist: .*commit the lock file/],
    ['a directory', (f: string) => fs.mkdir(f), /is not a lock file/],
    [
      'over 1 MiB',
      (f: string) => fs.writeFile(f, 'x'.repeat(1024 * 1024 + 1)),
      /is not a lock file \(a file of at most 1 MiB\)/,
    ],
    ['a dangling symlink', (f: string) => fs.symlink(path.join(base, 'nowhere'), f), /does not exist/],
  ])('no cache with %s, saying why', async (name, lock, why) => {
    const made = await providerCacheKey(await clusterDir(name.replaceAll(' ', '-'), lock));
    expect('why' in made && made.why).toMatch(why);
  });
});
