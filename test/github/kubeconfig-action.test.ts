import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encryptWithPassphrase } from '../../src/core/lib/secret-box.js';
import { runAction } from '../support/action-runner.js';

const PASSPHRASE = 'kubeconfig-action-passphrase';
const kubeconfig = `apiVersion: v1
kind: Config
clusters:
- name: c
  cluster: {server: 'https://10.0.0.5:6443'}
contexts:
- name: admin@c
  context: {cluster: c, user: admin}
current-context: admin@c
users:
- name: admin
  user: {token: token-canary-4711}
`;

let base: string;
beforeEach(async () => {
  base = await fs.mkdtemp(path.join(tmpdir(), 'kubeconfig-action-'));
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

// scrypt makes each encryption take seconds: one per distinct kubeconfig.
const encrypted = new Map<string, Promise<string>>();
const encrypt = (text: string) =>
  encrypted.get(text) ?? encrypted.set(text, encryptWithPassphrase(text, PASSPHRASE)).get(text)!;

/** Runs the bundled actions/kubeconfig as the runner does (test/support/action-runner.ts): `path` only when given. */
async function runKubeconfigAction(inputs: { text?: string; path?: string }) {
  return runAction('dist/kubeconfig/index.js', {
    env: { PATH: process.env.PATH ?? '', RUNNER_TEMP: path.join(base, 'runner-temp') },
    inputs: {
      'kubeconfig-encrypted': await encrypt(inputs.text ?? kubeconfig),
      passphrase: PASSPHRASE,
      ...(inputs.path !== undefined && { path: inputs.path }),
    },
  });
}

describe('actions/kubeconfig', () => {
  it('writes into an existing shared directory without changing its mode', async () => {
    const shared = path.join(base, 's');
    await fs.mkdir(shared);
    await fs.chmod(shared, 0o1777);
    const target = path.join(shared, 'kc');
    const run = await runKubeconfigAction({ path: target });
    expect(run.stdout).not.toContain('::error::');
    expect((await fs.stat(shared)).mode & 0o7777).toBe(0o1777);
    expect((await fs.stat(target)).mode & 0o7777).toBe(0o600);
    expect(await fs.readFile(target, 'utf8')).toBe(kubeconfig);
    expect(run.exported.KUBECONFIG).toBe(target);
    expect(run.outputs.endpoint).toBe('https://10.0.0.5:6443');
  });

  it('without a path (action.yml has no default for it): writes RUNNER_TEMP/kubeconfig', async () => {
    const run = await runKubeconfigAction({});
    const target = path.join(base, 'runner-temp', 'kubeconfig');
    expect(run.code, run.stdout).toBe(0);
    expect(await fs.readFile(target, 'utf8')).toBe(kubeconfig);
    expect(run.exported.KUBECONFIG).toBe(target);
    expect(run.outputs.path).toBe(target);
    expect(run.stdout).toContain('::add-mask::token-canary-4711');
    expect(run.stdout.replace(/^::add-mask::.*$/gm, '')).not.toContain('token-canary-4711');
  });

  it.each([
    { case: 'a directory', path: () => base, error: () => `kubeconfig path ${base} is a directory; give a file path` },
    {
      case: 'a path with a colon, which KUBECONFIG reads as two paths',
      path: () => path.join(base, 'a:b', 'kc'),
      error: () =>
        `input path ${path.join(base, 'a:b', 'kc')} contains ":", which separates paths in KUBECONFIG; choose a path without it`,
    },
  ])('fails on $case, saying why, without a stack trace', async (probe) => {
    const run = await runKubeconfigAction({ path: probe.path() });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`::error::${probe.error()}\n`);
    expect(run.stdout).not.toContain('internal error');
    expect(run.exported.KUBECONFIG).toBeUndefined();
  });

  it('fails on a malformed kubeconfig with a message naming the field, not an internal error', async () => {
    const run = await runKubeconfigAction({ text: 'apiVersion: v1\nusers: 3\n', path: path.join(base, 'kc') });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /::error::kubeconfig from input kubeconfig-encrypted is invalid: users: must be a list, not a number\n/,
    );
    expect(run.stdout).not.toContain('internal error');
    await expect(fs.access(path.join(base, 'kc'))).rejects.toThrow(/ENOENT/);
  });
});
