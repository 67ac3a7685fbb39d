import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CATALOG } from '../../examples/sandbox/capi/cloud.js';
import { startOpenStackApiStandIn, type OpenStackApiStandIn } from '../../examples/sandbox/openstack-api.js';
import { runAction } from '../support/action-runner.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { BACKEND_KEY, LEAKY_TOOL, leakedForms, NOT_SENSITIVE, SENSITIVE_VAR } from '../support/leaky-tool.js';
import { freshRunner, type Runner } from '../support/sandbox.js';

const REPO = 'acme/infra';
const TOKEN = 'ghs_secret_forms_token_6620';

/**
 * The channels GitHub never masks, through the bundled root action: a tool of the run (a tofu provisioner) prints
 * secrets nobody registered (a state backend's key from the job's env:, a sensitive TF_VAR_) literally, JSON-escaped,
 * URL-encoded and in base64 at every alignment. No form reaches the job log, the step summary, the outputs or the
 * state artifact's files (deploy.log among them).
 */
describe('encoded secrets through the action: job log, summary, outputs, artifacts', () => {
  let gh: GitHubStandIn;
  let openstack: OpenStackApiStandIn;
  let runner: Runner;

  beforeAll(async () => {
    gh = await startGitHubStandIn({ tokens: { [TOKEN]: { actions: 'write' } } });
    openstack = await startOpenStackApiStandIn({
      applicationCredential: {
        id: 'sandbox-app-cred',
        secret: SANDBOX_CATALOG.applicationCredentials['sandbox-app-cred']!,
      },
    });
    runner = await freshRunner('secret-forms-action-');
    const config = await fs.readFile(runner.sandbox.configPath, 'utf8');
    await fs.writeFile(runner.sandbox.configPath, config.replace(/^(\s+auth_url: ).*$/m, `$1${openstack.authUrl}`));
    await fs.writeFile(path.join(runner.sandbox.clusterDir, 'leaky.tf'), LEAKY_TOOL);
  });
  afterAll(async () => {
    await runner?.sandbox.close();
    await openstack?.close();
    await gh?.close();
  });

  it('leaves no form of them anywhere the job writes', async () => {
    const env = {
      ...runner.toolEnv,
      ...gh.actionsEnv({ runId: 901, repository: REPO, workspace: runner.workDir }),
      GITHUB_SHA: 'e'.repeat(40),
      ARM_ACCESS_KEY: BACKEND_KEY,
      TF_VAR_db_admin_secret_value: SENSITIVE_VAR,
      TF_VAR_plain_note: NOT_SENSITIVE,
    };
    const inputs = {
      config: runner.sandbox.configPath,
      'kubeconfig-passphrase': 'secret-forms-passphrase-0123',
      'state-key': 'secret-forms-state-key-0123456789abcdef',
      'tofu-state': 'artifact',
      quiet: 'false',
    };
    // github-token is the runner's default, the job's token.
    const main = await runAction('dist/deploy/index.js', { env, inputs, githubToken: TOKEN });
    const post = await runAction('dist/deploy/index.js', { env, inputs, githubToken: TOKEN, state: main.state });
    expect(main.code, main.stdout).toBe(1);
    expect(main.stdout).toContain('(local-exec): literal ***');
    expect(main.stdout).toContain(`(local-exec): plain ${NOT_SENSITIVE}`); // not a secret: shown
    const artifacts = await Promise.all(gh.artifacts().map((a) => gh.artifactFiles(a.id)));
    const logs = artifacts.map((files) => files['deploy.log']?.toString('utf8') ?? '');
    // The tool's output reached the artifact's log (so the check below looks at it).
    expect(logs.some((log) => log.includes(`plain ${NOT_SENSITIVE}`))).toBe(true);
    // ::add-mask:: lines are the runner's to read (it masks the job log with them): never shown.
    const shown = (stdout: string) => stdout.replace(/^::add-mask::.*$/gm, '');
    expect(main.stdout).toContain(`::add-mask::${BACKEND_KEY}`); // registered with the runner too, by its name
    const channels = [
      shown(main.stdout),
      main.stderr,
      main.summary,
      JSON.stringify(main.outputs),
      shown(post.stdout),
      post.stderr,
      post.summary,
      JSON.stringify(post.outputs),
      ...artifacts.flatMap((files) => Object.values(files).map((content) => content.toString('utf8'))),
    ];
    for (const secret of [BACKEND_KEY, SENSITIVE_VAR])
      for (const form of leakedForms(secret))
        for (const text of channels) expect(text, `a form of a canary: ${JSON.stringify(form)}`).not.toContain(form);
  }, 300_000);
});
