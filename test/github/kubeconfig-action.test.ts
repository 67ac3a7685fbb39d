import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encryptWithPassphrase } from '../../src/core/lib/secret-box.js';
import { parseFileCommands } from '../support/action-runner.js';
import { runScript, sourceModule } from '../support/run-script.js';

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

/** Runs actions/kubeconfig from the sources, as the runner would: INPUT_* variables and command files. */
async function runKubeconfigAction(inputs: { text?: string; path?: string }) {
  const files = { GITHUB_OUTPUT: path.join(base, 'output'), GITHUB_ENV: path.join(base, 'env') };
  for (const file of Object.values(files)) await fs.writeFile(file, '');
  const env = {
    PATH: process.env.PATH,
    RUNNER_TEMP: path.join(base, 'runner-temp'),
    ...files,
    'INPUT_KUBECONFIG-ENCRYPTED': await encrypt(inputs.text ?? kubeconfig),
    INPUT_PASSPHRASE: PASSPHRASE,
    INPUT_PATH: inputs.path ?? '',
  };
  const run = await runScript(
    `(await import(${JSON.stringify(sourceModule('src/actions/kubeconfig/index.ts'))})).main()`,
    { env },
  );
  return {
    ...run,
    outputs: parseFileCommands(await fs.readFile(files.GITHUB_OUTPUT, 'utf8')),
    exported: parseFileCommands(await fs.readFile(files.GITHUB_ENV, 'utf8')),
  };
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
    expect(run.stdout).toContain(`::error::${probe.error()}\n`);
    expect(run.stdout).not.toContain('internal error');
    expect(run.exported.KUBECONFIG).toBeUndefined();
  });

  it('fails on a malformed kubeconfig with a message naming the field, not an internal error', async () => {
    const run = await runKubeconfigAction({ text: 'apiVersion: v1\nusers: 3\n', path: path.join(base, 'kc') });
    expect(run.stdout).toMatch(
      /::error::kubeconfig from input kubeconfig-encrypted is invalid: users: must be a list, not a number\n/,
    );
    expect(run.stdout).not.toContain('internal error');
    await expect(fs.access(path.join(base, 'kc'))).rejects.toThrow(/ENOENT/);
  });
});
