import { promises as fs, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAction } from '../support/action-runner.js';
import { CONFIG_SECRET, startSandbox, type SandboxRun } from '../support/sandbox.js';

/** The bundled actions, run as the runner runs them: node24, INPUT_* variables, real command files. */
describe('bundled actions on the sandbox', () => {
  let run: SandboxRun;
  const passphrase = 'passphrase-canary-4711';
  beforeAll(async () => {
    run = await startSandbox();
  });
  afterAll(async () => run?.close());

  const env = () => ({ ...run.env, GITHUB_WORKSPACE: run.workDir });

  it('plans a dry run: the steps and the tofu plan in the log and the summary, nothing applied, no secret anywhere', async () => {
    const result = await runAction('dist/deploy/index.js', {
      env: env(),
      inputs: { config: run.sandbox.configPath, 'dry-run': 'true', 'state-store': 'none', 'skip-auth-check': 'true' },
    });
    expect(result.code).toBe(0);
    expect(result.outputs.result).toBe('planned');
    expect(JSON.parse(result.outputs.steps!).map((s: { id: string }) => s.id)).toContain('kubespray-ansible-playbook');
    expect(result.summary).toContain('Deploy plan for `demo/sandbox` (dry run: nothing ran)');
    expect(result.summary).toMatch(
      /\| `opentofu-apply` \| run \| not run yet \| `.*(tofu|terraform) apply -no-color -input=false \S+` \|/,
    ); // exactly opentofu-plan's plan
    // The step table names paths as the repository and the runner do: no absolute path under either.
    const stepRows = result.summary.split('\n').filter((line) => /^\| `[a-z-]+` \| (run|skip) \|/.test(line));
    expect(stepRows.length).toBeGreaterThan(10);
    for (const row of stepRows) expect(row).not.toContain(`${run.workDir}/`);
    expect(stepRows.join('\n')).toContain('$RUNNER_TEMP/'); // the state and the plan file, under the runner's temp
    expect(result.stdout).toContain('OS_APPLICATION_CREDENTIAL_SECRET=<redacted>');
    // A deploy would apply, so the dry run shows tofu's plan too, and applies nothing.
    expect(result.summary).toContain('Plan for `demo/sandbox` — 6 to add, 0 to change, 0 to destroy');
    expect(result.outputs).toMatchObject({ 'has-changes': 'true', 'to-add': '6', 'to-destroy': '0' });
    expect(await fs.readdir(run.sandbox.clusterDir)).not.toContain('terraform.tfstate');
    expect(result.stdout).toContain(`::add-mask::${CONFIG_SECRET}`); // the runner masks config secrets too
    const everythingElse = [
      result.stdout.replace(`::add-mask::${CONFIG_SECRET}`, ''),
      result.stderr,
      result.summary,
      JSON.stringify(result.outputs),
    ].join('\n');
    expect(everythingElse).not.toContain(CONFIG_SECRET);
  });

  it('masks every secret input before anything runs and never prints one', async () => {
    const canaries = {
      'openstack-application-credential-secret': 'canary-app-cred-secret-1',
      'openstack-password': 'canary-password-2',
      'kubeconfig-passphrase': 'canary-passphrase-3',
      'tofu-state-passphrase': 'canary-tofu-passphrase-4',
      'github-token': 'canary-token-5',
      'clouds-yaml':
        'clouds:\n  lab:\n    auth:\n      auth_url: http://127.0.0.1:5000/v3\n      username: demo\n      password: canary-clouds-password-6\n',
    };
    const result = await runAction('dist/deploy/index.js', {
      env: env(),
      inputs: {
        config: run.sandbox.configPath,
        'dry-run': 'true',
        'state-store': 'none',
        'skip-auth-check': 'true',
        'openstack-username': 'demo',
        ...canaries,
      },
    });
    expect(result.code).toBe(0);
    const secrets = [...Object.values(canaries).slice(0, 5), 'canary-clouds-password-6'];
    const masked = [...result.stdout.matchAll(/^::add-mask::(.*)$/gm)].map((m) => m[1]);
    for (const secret of secrets) expect(masked).toContain(secret);
    // The masks come first: nothing else was printed before them.
    expect(result.stdout.indexOf(`::add-mask::${canaries['github-token']}`)).toBeLessThan(
      result.stdout.indexOf('Deploy plan'),
    );
    const everythingElse = [
      result.stdout.replace(/^::add-mask::.*$/gm, ''),
      result.stderr,
      result.summary,
      JSON.stringify(result.outputs),
      JSON.stringify(result.state),
    ].join('\n');
    for (const secret of secrets) expect(everythingElse).not.toContain(secret);
  });

  it('refuses to apply with a local tofu backend, explaining remote backends, with an annotation and a summary', async () => {
    const result = await runAction('dist/deploy/index.js', {
      env: env(),
      inputs: { config: run.sandbox.configPath, 'state-store': 'none', 'skip-auth-check': 'true' },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /::error::opentofu-apply would keep the only copy of the tofu state .*backend "s3" .*"http" or "pg".*tofu-state: artifact/,
    );
    expect(result.outputs.result).toBe('failure');
    expect(result.summary).toContain('cluster-deploy could not start');
    expect(await fs.readdir(run.sandbox.clusterDir)).not.toContain('terraform.tfstate');
  });

  it('normalizes a kubeconfig, masks only its secret leaves, and hands it to another job encrypted', async () => {
    // A kubeconfig as deploy tooling leaves it: server on loopback.
    const b64 = (pem: string) => Buffer.from(pem).toString('base64');
    const clientKeyData = b64(run.sandbox.api.clientKeyPem);
    const port = run.sandbox.api.port;
    const kubeconfig = `apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    certificate-authority-data: ${b64(run.sandbox.api.caPem)}\n    server: https://127.0.0.1:${port}\ncontexts:\n- name: admin@c\n  context: {cluster: c, user: admin}\ncurrent-context: admin@c\nusers:\n- name: admin\n  user:\n    client-certificate-data: ${b64(run.sandbox.api.clientCertPem)}\n    client-key-data: ${clientKeyData}\n`;
    const clusterDir = path.join(run.workDir, 'standalone-cluster');
    await fs.mkdir(clusterDir, { recursive: true });
    await fs.writeFile(path.join(clusterDir, 'kubeconfig.yaml'), kubeconfig);
    const target = path.join(run.workDir, 'out', 'kubeconfig');

    const normalized = await runAction('dist/normalize-kubeconfig/index.js', {
      env: env(),
      inputs: {
        'cluster-dir': clusterDir,
        vip: '127.0.0.2',
        'kubeconfig-path': target,
        'kubeconfig-passphrase': passphrase,
        'state-store': 'local',
      },
    });
    expect(normalized.code).toBe(0);
    expect(normalized.outputs['kubeconfig-path']).toBe(target);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(normalized.outputs.kubeconfig).toBe(
      kubeconfig.replace(`https://127.0.0.1:${port}`, `https://127.0.0.2:${port}`),
    );
    expect(normalized.stdout).toContain(`::add-mask::${clientKeyData}`);
    expect(normalized.stdout).not.toContain('::add-mask::apiVersion: v1');
    expect(normalized.stdout).toContain(`::add-mask::${passphrase}`);
    expect(normalized.stdout.split(`::add-mask::${clientKeyData}`).join('')).not.toContain(clientKeyData);
    const encrypted = normalized.outputs['kubeconfig-encrypted']!;
    expect(encrypted).toMatch(/^-----BEGIN AGE ENCRYPTED FILE-----/);
    expect(encrypted).not.toContain(clientKeyData);

    const waited = await runAction('dist/wait-ready/index.js', {
      env: env(),
      inputs: { 'cluster-dir': clusterDir, 'kubeconfig-path': target, 'state-store': 'local', timeout: '20s' },
    });
    expect(waited.code).toBe(0);
    expect(waited.outputs.endpoint).toBe(`https://127.0.0.2:${port}`);
    expect(waited.summary).toMatch(/\| `wait-ready` \| ✓ \/readyz ok at https:\/\/127\.0\.0\.2:\d+ \|/);

    // The downstream job.
    const downstream = path.join(run.workDir, 'downstream', 'kubeconfig');
    const opened = await runAction('dist/kubeconfig/index.js', {
      env: env(),
      inputs: { 'kubeconfig-encrypted': encrypted, passphrase, path: downstream },
    });
    expect(opened.code).toBe(0);
    expect(await fs.readFile(downstream, 'utf8')).toBe(normalized.outputs.kubeconfig);
    expect(statSync(downstream).mode & 0o777).toBe(0o600);
    expect(opened.outputs.path).toBe(downstream);
    expect(opened.stdout).toContain(`::add-mask::${clientKeyData}`);

    const wrong = await runAction('dist/kubeconfig/index.js', {
      env: env(),
      inputs: { 'kubeconfig-encrypted': encrypted, passphrase: 'not-it', path: downstream + '2' },
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain('::error::cannot decrypt input kubeconfig-encrypted: the passphrase is wrong');
  });
});
