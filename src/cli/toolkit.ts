import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { githubRepository, type ToolkitRelease } from '../core/model/release.js';

/** The toolkit's repository this tool runs from: the directory holding modules/openstack-cluster. */
export function toolkitDir(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(path.join(dir, 'modules', 'openstack-cluster', 'versions.tf'))) return dir;
    dir = path.dirname(dir);
  }
  return undefined;
}

/** One git question about the toolkit's own clone; undefined when git fails or is missing. */
function git(dir: string, ...args: string[]): string | undefined {
  const r = spawnSync('git', ['-C', dir, ...args], {
    encoding: 'utf8',
    timeout: 10_000,
    // Only this clone's own data: no pager, no prompt, no system or user config (an includeIf or hook is not ours).
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_TERMINAL_PROMPT: '0',
      GIT_CEILING_DIRECTORIES: path.dirname(dir),
    },
  });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/**
 * The release this toolkit is: package.json's version, and the pin (GitHub repository and commit) when it runs
 * from a clone at the tag v<version> (`git clone --branch vX.Y.Z https://github.com/…`, as the guide has it).
 * A copy without its own .git, a clone of another commit, or an origin off GitHub: the version alone.
 */
export function toolkitRelease(dir: string | undefined, version: string): ToolkitRelease {
  if (!dir || !/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(version)) return { version };
  // The toolkit's own repository only, never one it was copied into (the ceiling above stops the walk up too).
  const top = git(dir, 'rev-parse', '--show-toplevel');
  if (!top || realpathSync(top) !== realpathSync(dir)) return { version };
  const head = git(dir, 'rev-parse', '--verify', '-q', 'HEAD^{commit}');
  const tagged = git(dir, 'rev-parse', '--verify', '-q', `refs/tags/v${version}^{commit}`);
  const repository = githubRepository(git(dir, 'remote', 'get-url', 'origin') ?? '');
  if (!head || head !== tagged || !repository) return { version };
  return { version, pin: { repository, commit: head } };
}
