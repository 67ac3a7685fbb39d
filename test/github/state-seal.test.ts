import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/lib/errors.js';
import { artifactName, legacyStateArtifactName } from '../../src/github/state/artifact-names.js';
import { readActionSettings } from '../../src/github/runner/inputs.js';
import { checkSeal, SEAL_FILE, writeSeal } from '../../src/github/state/state-seal.js';
import { runnerInputReader } from '../support/action-runner.js';
import { branchTrusted, parseTrustedBranches, untrustedReason } from '../../src/github/state/state-trust.js';

const KEY = 'k'.repeat(40);

function settingsError(inputs: Record<string, string>): unknown {
  const all: Record<string, string> = { config: 'clusters/prod.yaml', ...inputs };
  try {
    readActionSettings(runnerInputReader('dist/deploy/index.js', all), {});
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('state-key, state-trusted-branches and require-saved-plan as a careless or hostile user gives them', () => {
  const rows: [string, Record<string, string>, string][] = [
    ['state-key too short', { 'state-key': 'hunter2' }, 'input state-key: 7 characters; use at least 32 random ones'],
    ['state-key of spaces only', { 'state-key': ' '.repeat(40) }, ''],
    [
      'state-key with a line break',
      { 'state-key': `${'a'.repeat(20)}\n${'b'.repeat(20)}` },
      'input state-key: contains a line break or control character',
    ],
    [
      'state-key equal to kubeconfig-passphrase',
      { 'state-key': KEY, 'kubeconfig-passphrase': KEY },
      'input state-key: the same value as kubeconfig-passphrase',
    ],
    [
      'branches with a space',
      { 'state-trusted-branches': 'main, release 1' },
      'input state-trusted-branches: "release 1" has a character git forbids',
    ],
    [
      'branches with a ref',
      { 'state-trusted-branches': 'refs/heads/main' },
      'input state-trusted-branches: "refs/heads/main" is a ref',
    ],
    [
      'branches with ..',
      { 'state-trusted-branches': 'a..b' },
      'input state-trusted-branches: "a..b" is not a valid branch name',
    ],
    [
      'branches with a control character',
      { 'state-trusted-branches': 'main\u0007' },
      'input state-trusted-branches: "main\\u0007" has a character',
    ],
    [
      'branches: a huge list',
      { 'state-trusted-branches': Array.from({ length: 101 }, (_, i) => `b${i}`).join(',') },
      'input state-trusted-branches: 101 branch patterns; at most 100',
    ],
    ['branches: one huge name', { 'state-trusted-branches': 'x'.repeat(300) }, 'is longer than 255 characters'],
    [
      'require-saved-plan without plan-artifact',
      { 'require-saved-plan': 'true' },
      'input require-saved-plan: true needs plan-artifact',
    ],
    [
      'require-saved-plan: sure',
      { 'require-saved-plan': 'sure' },
      'input require-saved-plan: "sure" is not true or false',
    ],
    [
      'require-saved-plan on an upgrade',
      { operation: 'upgrade', 'require-saved-plan': 'true' },
      'input require-saved-plan applies only to operation: deploy',
    ],
  ];
  it.each(rows)('%s', (_name, inputs, expected) => {
    const error = settingsError(inputs);
    if (expected === '') {
      // Trimmed to nothing: as if unset (the store then asks for it).
      expect(error).toBeUndefined();
      return;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain(expected);
    expect((error as Error).message).not.toContain('\n');
  });

  it('never echoes the state-key', () => {
    const key = 'short-secret-key';
    expect((settingsError({ 'state-key': key }) as Error).message).not.toContain(key);
  });

  it('reads a good key, branch list and require-saved-plan', () => {
    const settings = readActionSettings(
      runnerInputReader('dist/deploy/index.js', {
        config: 'c.yaml',
        'state-key': KEY,
        'state-trusted-branches': 'main\nrelease/*, hotfix/**',
        'require-saved-plan': 'true',
        'plan-artifact': 'cluster-deploy-plan-a~b',
        'plan-passphrase': 'plan-passphrase-of-24-chars',
      }),
      {},
    );
    expect(settings).toMatchObject({
      stateKey: KEY,
      trustedBranches: { patterns: ['main', 'release/*', 'hotfix/**'] },
      requireSavedPlan: true,
    });
  });
});

describe('which runs are trusted', () => {
  const main = parseTrustedBranches('');
  const listed = parseTrustedBranches('main, release/*, env/**');
  it.each([
    ['main', main, true],
    ['feature', main, false],
    ['release/1.2', listed, true],
    ['release/1.2/x', listed, false],
    ['env/prod/eu', listed, true],
    ['main', listed, true],
    ['mainline', listed, false],
  ] as const)('%s', (branch, trusted, expected) => {
    expect(branchTrusted(branch, trusted, 'main')).toBe(expected);
  });

  const ours = { id: 7, repository_id: 1, head_repository_id: 1, head_branch: 'main' };
  it.each([
    ['a run of this repository on the default branch', ours, undefined],
    ['a fork’s run, its branch also called main', { ...ours, head_repository_id: 2 }, 'a fork'],
    ['another branch', { ...ours, head_branch: 'feature' }, 'only the default branch (main) is trusted'],
    ['another repository', { ...ours, repository_id: 3 }, 'not a run of this repository'],
    ['no workflow_run', undefined, 'GitHub does not say which run uploaded it'],
    ['no head repository', { id: 7, repository_id: 1, head_branch: 'main' }, 'GitHub does not say'],
    ['no branch', { ...ours, head_branch: null }, 'it has no branch'],
  ] as const)('%s', (_name, run, reason) => {
    const got = untrustedReason(run, 1, main, 'main');
    if (reason === undefined) expect(got).toBeUndefined();
    else expect(got).toContain(reason);
  });
});

describe('artifact names', () => {
  it('cannot collide: acme-prod/east and acme/prod-east differ (the old names did not)', () => {
    expect(artifactName('state', 'acme-prod', 'east')).not.toBe(artifactName('state', 'acme', 'prod-east'));
    expect(legacyStateArtifactName('acme-prod', 'east')).toBe(legacyStateArtifactName('acme', 'prod-east'));
    expect(artifactName('plan', 'acme', 'prod-east')).toBe('cluster-deploy-plan-acme~prod-east');
  });
  it('refuses a name part outside the config’s name rule (it could carry the separator)', () => {
    expect(() => artifactName('state', 'a~b', 'c')).toThrow(/must be 1 to 63 letters/);
  });
});

describe('the state seal', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
  });
  async function sealed() {
    const dir = await mkdtemp(path.join(tmpdir(), 'seal-'));
    dirs.push(dir);
    await fs.writeFile(path.join(dir, 'state.json'), '{"version":1}');
    await fs.writeFile(path.join(dir, 'terraform.tfstate.age'), 'age…');
    await writeSeal(dir, ['state.json', 'terraform.tfstate.age'], 'acme/prod', KEY);
    return dir;
  }

  it('holds for the files it sealed, with the key and cluster it sealed them for', async () => {
    expect(await checkSeal(await sealed(), 'acme/prod', KEY)).toEqual({ kind: 'valid' });
  });

  it.each([
    [
      'a changed state.json',
      (d: string) => fs.writeFile(path.join(d, 'state.json'), '{"version":2}'),
      'state.json was changed after it was sealed',
    ],
    [
      'a removed companion',
      (d: string) => fs.rm(path.join(d, 'terraform.tfstate.age')),
      'terraform.tfstate.age is in its seal but missing',
    ],
    [
      'an added file',
      (d: string) => fs.writeFile(path.join(d, 'kubeconfig.age'), 'x'),
      'kubeconfig.age is not in its seal',
    ],
    [
      'a re-computed digest without the key',
      async (d: string) => {
        const seal = JSON.parse(await fs.readFile(path.join(d, SEAL_FILE), 'utf8'));
        seal.files['state.json'] = '0'.repeat(64);
        await fs.writeFile(path.join(d, SEAL_FILE), JSON.stringify(seal));
      },
      'its seal does not match',
    ],
    [
      'a seal that is not JSON',
      (d: string) => fs.writeFile(path.join(d, SEAL_FILE), 'nope'),
      `${SEAL_FILE} is not JSON`,
    ],
    [
      'a seal of another shape',
      (d: string) => fs.writeFile(path.join(d, SEAL_FILE), '{"version":1}'),
      `${SEAL_FILE} is malformed`,
    ],
  ])('is broken by %s', async (_name, change, reason) => {
    const dir = await sealed();
    await change(dir);
    const check = await checkSeal(dir, 'acme/prod', KEY);
    expect(check.kind).toBe('broken');
    expect((check as { reason: string }).reason).toContain(reason);
  });

  it('does not hold with another key or for another cluster', async () => {
    const dir = await sealed();
    expect(await checkSeal(dir, 'acme/prod', `${KEY}x`)).toMatchObject({
      kind: 'broken',
      reason: expect.stringContaining('another state-key'),
    });
    expect(await checkSeal(dir, 'acme/other', KEY)).toMatchObject({
      kind: 'broken',
      reason: expect.stringContaining('sealed for cluster acme/prod'),
    });
  });

  it('tells a state without a seal (written before seals) apart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'seal-'));
    dirs.push(dir);
    await fs.writeFile(path.join(dir, 'state.json'), '{}');
    expect(await checkSeal(dir, 'acme/prod', KEY)).toEqual({ kind: 'unsealed' });
  });
});
