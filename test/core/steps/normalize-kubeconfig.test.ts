import { spawnSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommandFailedError, commandExecutor } from '../../../src/core/lib/command.js';
import { DeployOutput } from '../../../src/core/lib/output.js';
import { Redactor } from '../../../src/core/lib/redact.js';
import { normalizeClusterKubeconfig } from '../../../src/core/kube/normalize.js';
import { runScript, sourceModule } from '../../support/run-script.js';

const kubeconfig = (server: string) => `apiVersion: v1
kind: Config
clusters:
- name: c
  cluster:
    server: ${server}
contexts:
- name: admin@c
  context: {cluster: c, user: admin}
current-context: admin@c
users:
- name: admin
  user:
    token: token-canary-123
`;

let base: string;
let clusterDir: string;
beforeEach(async () => {
  base = await fs.mkdtemp(path.join(tmpdir(), 'normalize-'));
  clusterDir = path.join(base, 'cluster');
  await fs.mkdir(clusterDir);
  await fs.writeFile(path.join(clusterDir, 'kubeconfig.yaml'), kubeconfig('https://127.0.0.1:6443'));
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

const normalize = (target: string, vip = '10.0.0.5') =>
  normalizeClusterKubeconfig({ clusterDir, target, vip, redactor: new Redactor() });
const modeOf = async (p: string) => (await fs.stat(p)).mode & 0o7777;

describe('normalizeClusterKubeconfig: the target path', () => {
  it('writes into an existing shared directory without changing its mode', async () => {
    const shared = path.join(base, 's');
    await fs.mkdir(shared);
    await fs.chmod(shared, 0o1777);
    await normalize(path.join(shared, 'kc'));
    expect(await modeOf(shared)).toBe(0o1777);
    expect(await modeOf(path.join(shared, 'kc'))).toBe(0o600);
    expect(await fs.readFile(path.join(shared, 'kc'), 'utf8')).toBe(kubeconfig('https://10.0.0.5:6443'));
  });

  it('refuses a target that is a directory, before looking for a kubeconfig', async () => {
    await fs.rm(path.join(clusterDir, 'kubeconfig.yaml'));
    await expect(normalize(base)).rejects.toThrow(`kubeconfig path ${base} is a directory; give a file path`);
  });

  it.each([
    {
      case: 'a newline',
      target: () => path.join(base, 'kc\nforged'),
      message: (t: string) =>
        `kubeconfig path ${JSON.stringify(t)} contains a control character; give a plain file path`,
    },
    {
      case: 'a named pipe',
      target: () => {
        expect(spawnSync('mkfifo', [path.join(base, 'fifo')]).status).toBe(0);
        return path.join(base, 'fifo');
      },
      message: (t: string) => `kubeconfig path ${t} is not a regular file (it is a named pipe); give a file path`,
    },
  ])('refuses a target with $case', async ({ target, message }) => {
    const file = target();
    await expect(normalize(file)).rejects.toThrow(message(file));
  });

  it('quotes a kubeconfig path with a newline in messages', async () => {
    const odd = path.join(base, 'odd\ndir');
    await fs.mkdir(odd);
    await fs.writeFile(path.join(odd, 'kubeconfig.yaml'), 'clusters: []\n');
    const error = await normalizeClusterKubeconfig({
      clusterDir: odd,
      target: path.join(base, 'kc'),
      vip: '10.0.0.5',
      redactor: new Redactor(),
    }).catch((e: Error) => e);
    expect((error as Error).message).toBe(
      `kubeconfig ${JSON.stringify(path.join(odd, 'kubeconfig.yaml'))} has no clusters: the deploy tooling's kubeconfig is incomplete`,
    );
  });

  it('replaces a target that is a symbolic link, leaving the file it pointed to alone', async () => {
    const elsewhere = path.join(base, 'elsewhere');
    await fs.writeFile(elsewhere, kubeconfig('https://127.0.0.1:6443'));
    const link = path.join(base, 'kc');
    await fs.symlink(elsewhere, link);
    await normalize(link);
    expect(await fs.readFile(elsewhere, 'utf8')).toBe(kubeconfig('https://127.0.0.1:6443'));
    expect((await fs.lstat(link)).isFile()).toBe(true);
    expect(await fs.readFile(link, 'utf8')).toBe(kubeconfig('https://10.0.0.5:6443'));
  });
});

describe('normalizeClusterKubeconfig: the kubeconfig it reads', () => {
  it('explains a kubeconfig it may not read', async () => {
    await fs.chmod(base, 0o755);
    await fs.chmod(clusterDir, 0o755);
    const source = path.join(clusterDir, 'kubeconfig.yaml');
    await fs.chmod(source, 0o600);
    const run = await runScript(
      `const { normalizeClusterKubeconfig } = await import(${JSON.stringify(sourceModule('src/core/kube/normalize.ts'))});
      const { Redactor } = await import(${JSON.stringify(sourceModule('src/core/lib/redact.ts'))});
      try {
        await normalizeClusterKubeconfig({ clusterDir: ${JSON.stringify(clusterDir)}, target: '/tmp/never-written', vip: '10.0.0.5', redactor: new Redactor() });
      } catch (error) { console.log(error.name + ': ' + error.message); }`,
      { unprivileged: true },
    );
    expect(run.stdout).toBe(`UserError: cannot read kubeconfig ${source}: permission denied\n`);
  });

  it.each([
    {
      case: 'no clusters',
      text: 'apiVersion: v1\nclusters: []\n',
      message: (file: string) => `kubeconfig ${file} has no clusters: the deploy tooling's kubeconfig is incomplete`,
    },
    { case: 'a scheme-less loopback server', text: kubeconfig('127.0.0.1:6443'), message: undefined },
  ])('reads a kubeconfig with $case', async ({ text, message }) => {
    const source = path.join(clusterDir, 'kubeconfig.yaml');
    await fs.writeFile(source, text);
    const target = path.join(base, 'kc');
    if (message) {
      await expect(normalize(target)).rejects.toThrow(message(source));
      await expect(fs.access(target)).rejects.toThrow(/ENOENT/);
    } else {
      expect(await normalize(target)).toBe('server → 10.0.0.5:6443 (from kubeconfig.yaml)');
      expect(await fs.readFile(target, 'utf8')).toBe(kubeconfig('10.0.0.5:6443'));
    }
  });

  it('refuses a kubeconfig over 16 MiB without reading it', async () => {
    const source = path.join(clusterDir, 'kubeconfig.yaml');
    await fs.truncate(source, 40 * 1024 * 1024); // sparse
    await expect(normalize(path.join(base, 'kc'))).rejects.toThrow(
      `kubeconfig ${source} is 40.0 MiB; kubeconfigs over 16 MiB are refused`,
    );
  });
});

describe('normalizeClusterKubeconfig: the credentials of its user never reach a log', () => {
  const CANARIES = {
    idToken: 'oidc-id-token-canary-4141',
    refreshToken: 'oidc-refresh-canary-4242',
    clientSecret: 'oidc-client-secret-canary-4343',
    execEnv: 'exec-env-canary-4444',
    tokenFile: 'token-file-canary-4545',
    keyBody: 'MHcCAQEEIKeyFileCanary4646abcdefABCDEF0123456789',
  };

  it('a tool printing the kubeconfig, its key file and its token file: console, log file and failure', async () => {
    await fs.writeFile(
      path.join(clusterDir, 'kubeconfig.yaml'),
      `clusters: [{name: c, cluster: {server: 'https://127.0.0.1:6443'}}]
users:
- name: u
  user:
    client-key: keys/client.key
    tokenFile: token
    auth-provider:
      name: oidc
      config: {id-token: ${CANARIES.idToken}, refresh-token: ${CANARIES.refreshToken}, client-secret: ${CANARIES.clientSecret}}
    exec:
      command: helper
      env: [{name: HELPER_OPTS, value: ${CANARIES.execEnv}}]
`,
    );
    await fs.mkdir(path.join(clusterDir, 'keys'));
    await fs.writeFile(
      path.join(clusterDir, 'keys', 'client.key'),
      `-----BEGIN EC PRIVATE KEY-----\n${CANARIES.keyBody}\n-----END EC PRIVATE KEY-----\n`,
    );
    await fs.writeFile(path.join(clusterDir, 'token'), `${CANARIES.tokenFile}\n`);
    const redactor = new Redactor();
    await normalizeClusterKubeconfig({ clusterDir, target: path.join(base, 'kc'), vip: '10.0.0.5', redactor });

    const log = path.join(base, 'deploy.log');
    let console = '';
    const output = new DeployOutput(redactor, (text) => {
      console += text;
    });
    output.openLogFile(log);
    const error = await commandExecutor({ redactor, output: output.write })({
      argv: ['sh', '-c', 'cat kubeconfig.yaml keys/client.key token; exit 3'],
      cwd: clusterDir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    }).catch((e) => e);
    await output.close();
    expect(error).toBeInstanceOf(CommandFailedError);
    expect(console).toContain('***');
    const channels = { console, log: await fs.readFile(log, 'utf8'), failure: (error as Error).message };
    for (const [channel, text] of Object.entries(channels))
      for (const canary of Object.values(CANARIES)) expect(text, `${channel}: ${text}`).not.toContain(canary);
  });
});
