import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepSnapshot, listSnapshots, openSnapshot, snapshotName } from '../../../src/core/kubespray/etcd-snapshot.js';

const PASS = 'a-passphrase';

async function store(keep = 2) {
  const dir = path.join(await mkdtemp(path.join(tmpdir(), 'etcd-snap-')), 'etcd-snapshots');
  return { dir, keep, passphrase: PASS };
}

async function take(settings: { dir: string; keep: number; passphrase?: string }, at: string, data = `data at ${at}`) {
  await fs.mkdir(settings.dir, { recursive: true });
  const name = snapshotName('upgrade', new Date(at));
  const plain = path.join(settings.dir, `.incoming-${name}.db`);
  await fs.writeFile(plain, data);
  return { name, ...(await keepSnapshot(settings, name, plain)) };
}

describe('etcd snapshots in the state directory', () => {
  it('keeps the newest `keep`, encrypted and 0600, and no plain file', async () => {
    const settings = await store(2);
    await take(settings, '2026-01-01T00:00:00Z');
    await take(settings, '2026-01-02T00:00:00Z');
    const third = await take(settings, '2026-01-03T00:00:00Z');
    expect(third.pruned).toEqual(['etcd-20260101T000000Z-upgrade']);
    expect(await listSnapshots(settings.dir)).toEqual([
      'etcd-20260102T000000Z-upgrade',
      'etcd-20260103T000000Z-upgrade',
    ]);
    expect((await fs.stat(third.file)).mode & 0o777).toBe(0o600);
    expect(await fs.readFile(third.file, 'utf8')).not.toContain('data at');
    expect((await fs.readdir(settings.dir)).filter((f) => f.endsWith('.db'))).toEqual([]);
  });

  it('opens the one named, or the newest for latest', async () => {
    const settings = await store(5);
    const first = await take(settings, '2026-01-01T00:00:00Z');
    await take(settings, '2026-01-02T00:00:00Z');
    const out = path.join(settings.dir, 'out.db');
    expect(await openSnapshot(settings, 'latest', out)).toBe('etcd-20260102T000000Z-upgrade');
    expect(await fs.readFile(out, 'utf8')).toBe('data at 2026-01-02T00:00:00Z');
    expect(await openSnapshot(settings, first.name, out)).toBe(first.name);
    expect((await fs.stat(out)).mode & 0o777).toBe(0o600);
  });

  it.each<[string, (s: Awaited<ReturnType<typeof store>>) => Promise<unknown>, RegExp]>([
    [
      'no passphrase to take one',
      (s) => take({ ...s, passphrase: undefined }, '2026-01-01T00:00:00Z'),
      /set CLUSTER_DEPLOY_ETCD_SNAPSHOT_PASSPHRASE/,
    ],
    ['an empty snapshot fetched', (s) => take(s, '2026-01-01T00:00:00Z', ''), /is empty/],
    ['no snapshot kept', (s) => openSnapshot(s, 'latest', path.join(s.dir, 'o')), /no etcd snapshot in/],
    [
      'a name not kept',
      async (s) => {
        await take(s, '2026-01-01T00:00:00Z');
        return openSnapshot(s, 'etcd-20990101T000000Z-upgrade', path.join(s.dir, 'o'));
      },
      /no etcd snapshot "etcd-20990101T000000Z-upgrade" in .*; kept: etcd-20260101T000000Z-upgrade \(or latest\)/,
    ],
    [
      'the wrong passphrase',
      async (s) => {
        await take(s, '2026-01-01T00:00:00Z');
        return openSnapshot({ ...s, passphrase: 'other' }, 'latest', path.join(s.dir, 'o'));
      },
      /the passphrase is wrong/,
    ],
    [
      'a damaged file',
      async (s) => {
        const { file } = await take(s, '2026-01-01T00:00:00Z');
        await fs.writeFile(file, 'not age');
        return openSnapshot(s, 'latest', path.join(s.dir, 'o'));
      },
      /is not an age-encrypted/,
    ],
  ])('%s: a clear error', async (_name, act, message) => {
    await expect(act(await store())).rejects.toThrow(message);
  });
});
