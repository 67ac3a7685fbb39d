import { mkdtempSync, promises as fs, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeployStateSchema, emptyState, LocalStateStore } from '../../../src/core/model/state.js';

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'state-'));
}

describe('local state store', () => {
  it('round-trips state with 0600 file in a 0700 directory and leaves no temp files', async () => {
    const dir = path.join(tempDir(), 'acme', 'prod');
    const store = new LocalStateStore(path.join(dir, 'state.json'), 'acme/prod');
    const state = emptyState('acme/prod');
    state.steps['opentofu-apply'] = { status: 'success', startedAt: new Date().toISOString(), durationMs: 5 };
    await store.save(state);
    expect(await store.load()).toEqual(state);
    expect(statSync(path.join(dir, 'state.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(await fs.readdir(dir)).toEqual(['state.json']);
  });

  it('returns nothing when there is no state yet', async () => {
    expect(await new LocalStateStore(path.join(tempDir(), 'state.json'), 'a/b').load()).toBeUndefined();
  });

  it('refuses a corrupt file with a message naming the file and the way out', async () => {
    const file = path.join(tempDir(), 'state.json');
    writeFileSync(file, '{"version":1,"cluster":"a/b","steps":{"x":{"status":"done"}}}');
    await expect(new LocalStateStore(file, 'a/b').load()).rejects.toThrow(
      /resume state .*state\.json is invalid:[\s\S]*steps\.x\.status[\s\S]*--restart/,
    );
    writeFileSync(file, '{not json');
    await expect(new LocalStateStore(file, 'a/b').load()).rejects.toThrow(/is not valid JSON.*--restart/);
  });

  it('refuses the state of another cluster', async () => {
    const file = path.join(tempDir(), 'state.json');
    await new LocalStateStore(file, 'acme/other').save(emptyState('acme/other'));
    await expect(new LocalStateStore(file, 'acme/prod').load()).rejects.toThrow(
      /belongs to cluster acme\/other, not acme\/prod/,
    );
  });

  it('keeps the previous state intact when a save fails', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'state.json');
    const store = new LocalStateStore(file, 'a/b');
    await store.save(emptyState('a/b'));
    const before = await fs.readFile(file, 'utf8');
    const invalid = { ...emptyState('a/b'), version: 2 } as unknown as ReturnType<typeof emptyState>;
    await expect(store.save(invalid)).rejects.toThrow();
    expect(await fs.readFile(file, 'utf8')).toBe(before);
  });
});

describe('the step timeline in the state', () => {
  const attempt = (number: number) => ({
    number,
    startedAt: '2025-03-01T10:00:00.000Z',
    run: { id: 77, attempt: number },
    steps: [{ id: 'opentofu-apply', startedAt: '2025-03-01T10:00:01.000Z', durationMs: 5_000, status: 'failed' }],
  });

  it('loads state files written before it existed', async () => {
    const file = path.join(tempDir(), 'state.json');
    writeFileSync(
      file,
      JSON.stringify({ version: 1, cluster: 'a/b', updatedAt: '2025-03-01T10:00:00.000Z', steps: {} }),
    );
    const loaded = await new LocalStateStore(file, 'a/b').load();
    expect(loaded?.history).toBeUndefined();
    expect(loaded?.cluster).toBe('a/b');
  });

  it('round-trips, keeps only the last 20 attempts, and refuses a step status it does not know', async () => {
    const store = new LocalStateStore(path.join(tempDir(), 'state.json'), 'a/b');
    await store.save({
      ...emptyState('a/b'),
      history: Array.from({ length: 25 }, (_, i) => attempt(i + 1)),
    } as ReturnType<typeof emptyState>);
    const loaded = await store.load();
    expect(loaded?.history?.map((a) => a.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 6));
    expect(loaded?.history?.[0]).toEqual(attempt(6));
    const running = { ...attempt(1), steps: [{ ...attempt(1).steps[0], status: 'running' }] };
    expect(DeployStateSchema.safeParse({ ...emptyState('a/b'), history: [running] }).success).toBe(false);
  });
});
