import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { runAction, type ActionRun } from '../support/action-runner.js';
import { startGitHubStandIn, type GitHubStandIn } from '../support/github-services.js';
import { startKeystone, type KeystoneFixture } from '../support/keystone.js';
import { freshRunner } from '../support/sandbox.js';

const REPO = 'acme/infra';
const TOKEN = 'ghs_plan_credential_canary_7071';
// The runner's command syntax escapes the colon in a property.
const WARNING = '::warning title=cluster-deploy%3A the plan credential can change the cloud::';

/**
 * The plan credential's roles, read from a real Keystone by the bundled root action's dry run: the
 * application credentials restricted to reader and member, on a pull request and on a push, with and
 * without plan-credential: reader-only. tofu is the real terraform on the sandbox.
 */
describe('the plan credential on a pull request', () => {
  let keystone: KeystoneFixture;
  let gh: GitHubStandIn;
  let sandbox: PreparedSandbox;
  let workDir: string;
  let toolEnv: Record<string, string>;
  let runId = 300;

  beforeAll(async () => {
    [keystone, gh, { workDir, sandbox, toolEnv }] = await Promise.all([
      startKeystone(),
      startGitHubStandIn({ tokens: { [TOKEN]: { actions: 'write', pullRequests: 'write' } } }),
      freshRunner('plan-credential-'),
    ]);
    // Keystone takes seconds to start on an idle machine, minutes on one running several suites.
  }, 600_000);
  afterAll(async () => Promise.all([keystone?.stop(), gh?.close(), sandbox?.close()]));

  async function dryRun(options: {
    credential: keyof KeystoneFixture['roleCreds'];
    pr?: number;
    inputs?: Record<string, string>;
  }): Promise<ActionRun> {
    const id = ++runId;
    const event: Record<string, string> = { GITHUB_EVENT_NAME: 'push' };
    if (options.pr !== undefined) {
      const file = path.join(workDir, `event-${id}.json`);
      await fs.writeFile(
        file,
        JSON.stringify({
          number: options.pr,
          pull_request: { number: options.pr, head: { sha: 'c'.repeat(40), repo: { full_name: REPO } } },
        }),
      );
      Object.assign(event, { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: file });
    }
    const credential = keystone.roleCreds[options.credential];
    return runAction('dist/deploy/index.js', {
      env: {
        ...toolEnv,
        ...gh.actionsEnv({ runId: id, repository: REPO, workspace: workDir }),
        GITHUB_SHA: 'a'.repeat(40),
        ...event,
        OS_AUTH_URL: keystone.authUrl,
        OS_REGION_NAME: keystone.region,
        OS_APPLICATION_CREDENTIAL_ID: credential.id,
        OS_APPLICATION_CREDENTIAL_SECRET: credential.secret,
      },
      inputs: {
        config: sandbox.configPath,
        'dry-run': 'true',
        'state-store': 'none',
        'venv-cache': 'false',
        'github-token': TOKEN,
        ...options.inputs,
      },
    });
  }

  it('reader-only refuses a member credential before any tofu command, and says so in the comment', async () => {
    const refused = await dryRun({ credential: 'member', pr: 11, inputs: { 'plan-credential': 'reader-only' } });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(
      'plan-credential: reader-only: the plan credential carries the role member, more than reader; nothing was planned.',
    );
    // tofu init never ran: it would have made .terraform in the cluster dir.
    expect(existsSync(path.join(sandbox.clusterDir, '.terraform'))).toBe(false);
    const [comment] = gh.comments(REPO, 11);
    expect(comment!.body).toContain('the plan credential carries the role member');
    // Masked from the start (::add-mask::), and nowhere else.
    const shown = refused.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::'));
    expect(shown.join('\n')).not.toContain(keystone.roleCreds.member.secret);
  });

  it('reader-only with skip-auth-check refuses: the roles could not be checked', async () => {
    const refused = await dryRun({
      credential: 'reader',
      pr: 12,
      inputs: { 'plan-credential': 'reader-only', 'skip-auth-check': 'true' },
    });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(
      "plan-credential: reader-only: the credential's roles could not be checked, as skip-auth-check is set",
    );
    expect(existsSync(path.join(sandbox.clusterDir, '.terraform'))).toBe(false);
  });

  it('warns about a member credential in the log, the job summary and the plan comment', async () => {
    const planned = await dryRun({ credential: 'member', pr: 13 });
    expect(planned.code, planned.stdout).toBe(0);
    expect(planned.outputs.result).toBe('planned');
    expect(planned.stdout).toContain(`${WARNING}the plan credential carries the role member, more than reader`);
    expect(planned.summary).toContain('**The plan credential can change the cloud.**');
    const [comment] = gh.comments(REPO, 13);
    expect(comment!.body).toContain('**The plan credential can change the cloud.**');
    expect(comment!.body).toContain('enforce\\_new\\_defaults');
    expect(comment!.body).toContain('Plan for');
  });

  it('does not warn about a reader credential, which reader-only accepts', async () => {
    const planned = await dryRun({ credential: 'reader', pr: 14, inputs: { 'plan-credential': 'reader-only' } });
    expect(planned.code, planned.stdout).toBe(0);
    expect(planned.stdout).toContain('Plan credential: roles: reader');
    expect(planned.stdout).not.toContain(WARNING);
    expect(gh.comments(REPO, 14)[0]!.body).not.toContain('plan credential');
  });

  it('does not warn about its own member credential on a push (trusted code), nor ask Keystone', async () => {
    const planned = await dryRun({ credential: 'member' });
    expect(planned.code, planned.stdout).toBe(0);
    expect(planned.stdout).toContain('Plan credential: roles not checked (trusted code)');
    expect(planned.stdout).not.toContain(WARNING);
    expect(planned.summary).not.toContain('plan credential');
  });
});
