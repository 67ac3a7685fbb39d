import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/action-runner.js';
import { runCli } from '../support/cli.js';

/** `cluster-deploy init`, run as users run it, then `plan` on what it wrote. */
const work = mkdtempSync(path.join(tmpdir(), 'cli-init-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const env = () => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: work, LANG: 'C.UTF-8' });
let n = 0;
const repo = () => path.join(work, `repo-${n++}`);

describe('cluster-deploy init', () => {
  it('--help shows the files it writes and an example', async () => {
    const r = await runCli(['init', '--help'], env());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: cluster-deploy init --name CLUSTER --org ORG');
    expect(r.stdout).toMatch(/Example:\n\s+cluster-deploy init --name prod-east --org acme/);
    expect(r.stdout).toContain('CHANGEME');
    expect((await runCli(['--help'], env())).stdout).toContain('cluster-deploy init');
  });

  it('into an empty directory: the config and the cluster directory, then what to do next', async () => {
    const dir = repo();
    mkdirSync(dir);
    const r = await runCli(['init', '--name', 'prod-east', '--org', 'acme', '--dir', dir], env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('wrote ');
    expect(r.stdout).toContain('set every CHANGEME');
    expect(readdirSync(path.join(dir, 'infrastructure/clusters/prod-east')).sort()).toEqual(['backend.tf', 'main.tf']);
    // Not inside this repository: the module is referenced as a release, whose repository is to be named.
    expect(readFileSync(path.join(dir, 'infrastructure/clusters/prod-east/main.tf'), 'utf8')).toMatch(
      /source = "git::https:\/\/github\.com\/CHANGEME\/deploy\.git\/\/modules\/openstack-cluster\?ref=v\d+\.\d+\.\d+"/,
    );
  });

  it('then plan refuses the cluster, naming each CHANGEME, and runs nothing', async () => {
    const dir = repo();
    expect((await runCli(['init', '--name', 'stage', '--org', 'acme', '--dir', dir], env())).code).toBe(0);
    const r = await runCli(
      ['plan', '--config', path.join(dir, 'clusters/stage.yaml'), '--state-dir', path.join(dir, 'state')],
      env(),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    const named = r.stderr.split('\n').filter((l) => l.startsWith('  - '));
    expect(named.map((l) => l.replace(/^ {2}- .*?(clusters\/|infrastructure\/)/, '$1'))).toEqual([
      'clusters/stage.yaml: opencenter.infrastructure.k8s_api_ip',
      'clusters/stage.yaml: opencenter.infrastructure.cloud.openstack.auth_url',
      'clusters/stage.yaml: opencenter.infrastructure.cloud.openstack.region',
      'infrastructure/clusters/stage/backend.tf:5 bucket',
      'infrastructure/clusters/stage/backend.tf:7 region',
      'infrastructure/clusters/stage/backend.tf:9 endpoints.s3',
      'infrastructure/clusters/stage/main.tf:4 source',
      'infrastructure/clusters/stage/main.tf:8 image_id',
      'infrastructure/clusters/stage/main.tf:9 keypair_name',
      'infrastructure/clusters/stage/main.tf:10 control_plane.flavor_name',
      'infrastructure/clusters/stage/main.tf:12 worker_pools.default.flavor_name',
      'infrastructure/clusters/stage/main.tf:15 network.external_network',
      'infrastructure/clusters/stage/main.tf:20 api_floating_ip',
      'infrastructure/clusters/stage/main.tf:23 api_allowed_cidrs',
      'infrastructure/clusters/stage/main.tf:24 ssh_allowed_cidrs',
    ]);
    expect(readdirSync(dir).sort()).toEqual(['.github', 'clusters', 'infrastructure']); // no state written
  });

  it('once the config is set, the OpenTofu files are still refused by name', async () => {
    const dir = repo();
    expect((await runCli(['init', '--name', 'dev', '--org', 'acme', '--dir', dir], env())).code).toBe(0);
    const config = path.join(dir, 'clusters/dev.yaml');
    writeFileSync(
      config,
      readFileSync(config, 'utf8')
        .replace('k8s_api_ip: CHANGEME', 'k8s_api_ip: 203.0.113.10')
        .replace('auth_url: CHANGEME', 'auth_url: https://keystone.example.com:5000/v3')
        .replace('region: CHANGEME', 'region: RegionOne'),
    );
    const r = await runCli(['plan', '--config', config, '--state-dir', path.join(dir, 'state')], env());
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('main.tf:8 image_id');
    expect(r.stderr).not.toContain('dev.yaml:');
  });

  it('into a directory with files: beside them, but never over one (nothing written, each named)', async () => {
    const dir = repo();
    mkdirSync(path.join(dir, 'clusters'), { recursive: true });
    writeFileSync(path.join(dir, 'clusters/other.yaml'), 'mine\n');
    expect((await runCli(['init', '--name', 'a', '--org', 'acme', '--dir', dir], env())).code).toBe(0);
    expect(readFileSync(path.join(dir, 'clusters/other.yaml'), 'utf8')).toBe('mine\n');
    writeFileSync(path.join(dir, 'clusters/b.yaml'), 'mine too\n');
    const r = await runCli(['init', '--name', 'b', '--org', 'acme', '--dir', dir], env());
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/refusing to overwrite .*clusters\/b\.yaml; choose another --name/);
    expect(readFileSync(path.join(dir, 'clusters/b.yaml'), 'utf8')).toBe('mine too\n');
    expect(readdirSync(path.join(dir, 'infrastructure/clusters')).sort()).toEqual(['a']);
  });

  it.each([
    ['no --name', ['--org', 'acme'], '--name is required'],
    ['an empty --name', ['--name', '', '--org', 'acme'], '--name is required'],
    ['an upper-case name', ['--name', 'Prod', '--org', 'acme'], 'must be a DNS label'],
    ['a name with a slash', ['--name', '../x', '--org', 'acme'], 'must be a DNS label'],
    [
      'a name with a newline (echoed escaped)',
      ['--name', 'a\nb', '--org', 'acme'],
      '--name "a\\u000ab" must be a DNS label',
    ],
    ['a name with a zero-width space', ['--name', 'prod\u200b', '--org', 'acme'], '--name "prod\\u200b" must be'],
    ['a bad organization', ['--name', 'a', '--org', 'a b'], '--org "a b" must be'],
    ['an unknown option', ['--name', 'a', '--org', 'acme', '--force'], "Unknown option '--force'"],
    ['an unknown runner', ['--name', 'a', '--org', 'acme', '--runner', 'github'], '--runner "github" must be hosted'],
    ['a runner in capitals', ['--name', 'a', '--org', 'acme', '--runner', 'Hosted'], '--runner "Hosted" must be'],
    ['an empty runner', ['--name', 'a', '--org', 'acme', '--runner', ''], '--runner "" must be'],
    [
      'a runner with a newline (echoed escaped)',
      ['--name', 'a', '--org', 'acme', '--runner', 'hosted\nx'],
      '--runner "hosted\\u000ax" must be',
    ],
    [
      'a module source with a quote',
      ['--name', 'a', '--org', 'acme', '--module-source', 'x"y'],
      '--module-source must be',
    ],
  ])('%s is a usage error (exit 2) naming the option', async (_, args, message) => {
    const dir = repo();
    const r = await runCli(['init', ...args, '--dir', dir], env());
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(() => readdirSync(dir)).toThrow(/ENOENT/); // nothing written
  });

  it('without --runner and no terminal: the hosted layout and workflows, with a note saying so', async () => {
    const dir = repo();
    const r = await runCli(['init', '--name', 'h', '--org', 'acme', '--dir', dir], env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^note: no --runner given: wrote the layout for GitHub's hosted runners .* use --runner self-hosted\n/,
    );
    const main = readFileSync(path.join(dir, 'infrastructure/clusters/h/main.tf'), 'utf8');
    expect(main).toContain('api_load_balancer = "none"');
    expect(main).toContain('node_floating_ips = true');
    expect(readdirSync(path.join(dir, '.github/workflows')).sort()).toEqual(['deploy.yml', 'drift.yml', 'plan.yml']);
    expect(readFileSync(path.join(dir, '.github/workflows/deploy.yml'), 'utf8')).toBe(
      readFileSync(path.join(ROOT, 'examples/workflows/deploy.yml'), 'utf8'),
    );
  });

  it("--runner self-hosted: the private layout on the runners' network, and the workflows that run where CLUSTER_DEPLOY_RUNNER says", async () => {
    const dir = repo();
    const r = await runCli(['init', '--name', 's', '--org', 'acme', '--runner', 'self-hosted', '--dir', dir], env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('note:');
    expect(r.stdout).toContain('set the repository variables CLUSTER_DEPLOY_RUNNER');
    const main = readFileSync(path.join(dir, 'infrastructure/clusters/s/main.tf'), 'utf8');
    expect(main).toContain('api_load_balancer = "octavia"');
    expect(main).toContain('existing_network_id = "CHANGEME"');
    expect(main).not.toContain('floating_ip');
    expect(readdirSync(path.join(dir, '.github/workflows')).sort()).toEqual(['deploy.yml', 'drift.yml', 'plan.yml']);
    expect(readFileSync(path.join(dir, '.github/workflows/deploy.yml'), 'utf8')).toBe(
      readFileSync(path.join(ROOT, 'examples/workflows/deploy.yml'), 'utf8'),
    );
    expect(readFileSync(path.join(dir, '.github/workflows/deploy.yml'), 'utf8')).toContain(
      'vars.CLUSTER_DEPLOY_RUNNER',
    );
  });

  it('a second cluster in the same repository keeps the workflows already there', async () => {
    const dir = repo();
    expect(
      (await runCli(['init', '--name', 'a', '--org', 'acme', '--runner', 'hosted', '--dir', dir], env())).code,
    ).toBe(0);
    writeFileSync(path.join(dir, '.github/workflows/plan.yml'), 'edited\n');
    const r = await runCli(['init', '--name', 'b', '--org', 'acme', '--runner', 'hosted', '--dir', dir], env());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('kept .github/workflows/plan.yml (already there)');
    expect(readFileSync(path.join(dir, '.github/workflows/plan.yml'), 'utf8')).toBe('edited\n');
    expect(existsSync(path.join(dir, 'infrastructure/clusters/b/main.tf'))).toBe(true);
  });

  it('a --dir that is a file is refused', async () => {
    const file = path.join(work, 'a-file');
    writeFileSync(file, '');
    const r = await runCli(['init', '--name', 'a', '--org', 'acme', '--dir', file], env());
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is not a directory');
  });

  type LinkRow = [name: string, setup: (dir: string) => string, code: number, stderr: RegExp, writesInto?: string];
  const links: LinkRow[] = [
    ['a --dir that is a symlink to a directory writes there', (dir) => link(dir, 'real', true), 0, /^$/, 'real'],
    [
      'a --dir that is a symlink to nowhere is named as one',
      (dir) => link(dir, 'nowhere', false),
      1,
      /^error: init: .*\/repo-link is a symlink to .*nowhere, which does not exist; create it or choose another --dir\n$/,
    ],
    [
      'a config path that is a symlink to a file outside is never written through',
      (dir) => {
        mkdirSync(path.join(dir, 'clusters'), { recursive: true });
        writeFileSync(path.join(work, 'outside.yaml'), 'outside\n');
        symlinkSync(path.join(work, 'outside.yaml'), path.join(dir, 'clusters', 'a.yaml'));
        return dir;
      },
      1,
      /refusing to overwrite .*clusters\/a\.yaml/,
    ],
    [
      'a config path that is a dangling symlink is never followed',
      (dir) => {
        mkdirSync(path.join(dir, 'clusters'), { recursive: true });
        symlinkSync(path.join(work, 'dangling-target.yaml'), path.join(dir, 'clusters', 'a.yaml'));
        return dir;
      },
      1,
      /refusing to overwrite .*clusters\/a\.yaml/,
    ],
    [
      'a config path that is a directory',
      (dir) => {
        mkdirSync(path.join(dir, 'clusters', 'a.yaml'), { recursive: true });
        return dir;
      },
      1,
      /refusing to overwrite .*clusters\/a\.yaml/,
    ],
  ];
  function link(dir: string, target: string, create: boolean): string {
    mkdirSync(dir, { recursive: true });
    if (create) mkdirSync(path.join(dir, target));
    const linkPath = path.join(dir, 'repo-link');
    symlinkSync(path.join(dir, target), linkPath);
    return linkPath;
  }
  it.each(links)('%s', async (_name, setup, code, stderr, writesInto) => {
    const dir = repo();
    const target = setup(dir);
    const r = await runCli(['init', '--name', 'a', '--org', 'acme', '--dir', target], env());
    expect(r.code, r.stderr).toBe(code);
    expect(r.stderr).toMatch(stderr);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    if (writesInto)
      expect(readdirSync(path.join(dir, writesInto)).sort()).toEqual(['.github', 'clusters', 'infrastructure']);
    if (code !== 0) {
      expect(existsSync(path.join(work, 'dangling-target.yaml'))).toBe(false);
      if (existsSync(path.join(work, 'outside.yaml')))
        expect(readFileSync(path.join(work, 'outside.yaml'), 'utf8')).toBe('outside\n');
    }
  });
});

describe('the CLI started through a symbolic link (npm bin links, a symlinked checkout)', () => {
  it('runs, instead of exiting 0 having done nothing', async () => {
    const { spawnSync } = await import('node:child_process');
    const { symlinkSync } = await import('node:fs');
    const { ROOT } = await import('../support/action-runner.js');
    const link = path.join(work, 'toolkit-link');
    symlinkSync(ROOT, link);
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(link, 'src/cli/main.ts'), 'init', '--help'], {
      cwd: ROOT,
      env: env(),
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Usage: cluster-deploy init');
  });
});

describe('init on a terminal asks where the runner is', () => {
  const ask = async (answers: string, end: boolean) => {
    const { PassThrough } = await import('node:stream');
    const { runInit } = await import('../../src/cli/init.js');
    const input = new PassThrough();
    const output = new PassThrough();
    let shown = '';
    output.on('data', (d: Buffer) => {
      shown += d.toString();
    });
    const dir = repo();
    const result = runInit(
      { kind: 'init', root: dir, cluster: 'q', organization: 'acme' },
      { version: '1.0.0' },
      {
        input,
        output,
      },
    ).then(
      (text) => ({ text, error: undefined }),
      (error: Error) => ({ text: '', error }),
    );
    input.write(answers);
    if (end) input.end();
    return { ...(await result), shown: () => shown, dir };
  };

  it('re-asks a wrong answer, then writes the chosen layout', async () => {
    const r = await ask('github\nself-hosted\n', false);
    expect(r.error).toBeUndefined();
    expect(r.shown()).toContain('Where do the workflows run?');
    expect(r.shown()).toContain('answer hosted or self-hosted');
    expect(r.text).not.toContain('note:');
    expect(readFileSync(path.join(r.dir, 'infrastructure/clusters/q/main.tf'), 'utf8')).toContain(
      'api_load_balancer = "octavia"',
    );
  });

  it('an empty answer is the default, hosted', async () => {
    const r = await ask('\n', false);
    expect(readFileSync(path.join(r.dir, 'infrastructure/clusters/q/main.tf'), 'utf8')).toContain(
      'node_floating_ips = true',
    );
  });

  it('no answer at all (end of input) writes nothing and says to pass --runner', async () => {
    const r = await ask('', true);
    expect(r.error?.message).toBe(
      'init: no answer to where the workflows run; pass --runner hosted or --runner self-hosted',
    );
    expect(existsSync(r.dir)).toBe(false);
  });
});
