import { execFileSync } from 'node:child_process';

/** git for test repositories: a fixed identity, and none of the machine's or the user's configuration. */
export const gitEnv = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Maintainer',
  GIT_AUTHOR_EMAIL: 'maintainer@example.org',
  GIT_COMMITTER_NAME: 'Maintainer',
  GIT_COMMITTER_EMAIL: 'maintainer@example.org',
};

/** Runs git in `cwd` with gitEnv; its output, trimmed. */
export const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env: gitEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
