import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { UsageError, UserError } from '../../../src/core/lib/errors.js';
import { configPlaceholders, refusePlaceholders, tofuPlaceholders } from '../../../src/core/model/placeholders.js';
import { relativeModuleSource, scaffoldFiles, writeScaffold } from '../../../src/core/model/scaffold.js';
import { ROOT } from '../../support/action-runner.js';
import { parseHcl } from '../../support/hcl.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'init-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const options = {
  cluster: 'prod-east',
  organization: 'acme',
  moduleSource: '../../../modules/openstack-cluster',
  runner: 'hosted' as const,
};

describe('the files of a new cluster', () => {
  it.each(['hosted', 'self-hosted'] as const)(
    '%s runner: a config with CHANGEME where only the user knows the value, and a cluster directory calling the module',
    async (runner) => {
      const files = scaffoldFiles({ ...options, runner });
      expect(files.map((f) => f.path)).toEqual([
        'clusters/prod-east.yaml',
        'infrastructure/clusters/prod-east/main.tf',
        'infrastructure/clusters/prod-east/backend.tf',
      ]);
      const config = YAML.parse(files[0]!.content);
      expect(configPlaceholders(config)).toEqual([
        'opencenter.infrastructure.k8s_api_ip',
        'opencenter.infrastructure.cloud.openstack.auth_url',
        'opencenter.infrastructure.cloud.openstack.region',
      ]);
      const main = await parseHcl(files[1]!.content);
      expect(main.errors).toEqual([]);
      const call = main.blocks.find((b) => b.type === 'module')!;
      expect(call.attributes.get('source')).toBe(`"${options.moduleSource}"`);
      // Every argument is a variable of the module, and every variable it requires is given.
      const variables = new Map<string, boolean>();
      for (const block of (
        await parseHcl(readFileSync(path.join(ROOT, 'modules/openstack-cluster/variables.tf'), 'utf8'))
      ).blocks)
        if (block.type === 'variable') variables.set(block.labels[0]!, block.attributes.has('default'));
      const given = [...call.attributes.keys()].filter((k) => k !== 'source');
      expect(given.filter((k) => !variables.has(k))).toEqual([]);
      expect([...variables].filter(([k, d]) => !d && !given.includes(k)).map(([k]) => k)).toEqual([]);
      // The versions agree between the config and the module.
      expect(call.attributes.get('kube_version')).toBe(`"${config.opencenter.cluster.kubernetes.version}"`);
      expect((await parseHcl(files[2]!.content)).errors).toEqual([]);
    },
  );

  it.each(['hosted', 'self-hosted'] as const)('%s runner: is formatted as terraform fmt writes it', (runner) => {
    const dir = tempDir();
    for (const file of scaffoldFiles({ ...options, runner }).slice(1))
      writeFileSync(path.join(dir, path.basename(file.path)), file.content);
    const fmt = spawnSync('terraform', ['fmt', '-check', '-diff', dir], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, TF_CLI_CONFIG_FILE: '/dev/null' },
    });
    expect(fmt.stdout).toBe('');
    expect(fmt.status).toBe(0);
  });

  it.each([
    ['an upper-case name', { cluster: 'Prod' }, '--name "Prod" must be a DNS label'],
    ['a name with a dot', { cluster: 'prod.east' }, 'must be a DNS label'],
    ['a name longer than 40', { cluster: `a${'b'.repeat(40)}` }, 'at most 40 characters'],
    ['an empty name', { cluster: '' }, 'must be a DNS label'],
    ['a name with a newline', { cluster: 'prod\nx' }, 'must be a DNS label'],
    ['an organization with a slash', { organization: 'a/b' }, '--org "a/b" must be'],
    ['a module source that ends the string', { moduleSource: 'x" }\nresource "y' }, '--module-source must be one line'],
    ['a module source with an interpolation', { moduleSource: '${path.root}/m' }, '--module-source must be'],
    ['an unknown runner', { runner: 'github' as 'hosted' }, '--runner "github" must be hosted or self-hosted'],
  ])('refuses %s (a usage error naming the option)', (_, change, message) => {
    expect(() => scaffoldFiles({ ...options, ...change })).toThrow(UsageError);
    expect(() => scaffoldFiles({ ...options, ...change })).toThrow(message);
  });

  it('references the module by a relative path when it lies inside the repository, else not at all', () => {
    expect(relativeModuleSource('/repo', '/repo/modules/openstack-cluster')).toBe('../../../modules/openstack-cluster');
    expect(relativeModuleSource('/repo', '/elsewhere/modules/openstack-cluster')).toBeUndefined();
  });
});

describe('writing them', () => {
  it('into an empty directory (and one that does not exist yet)', async () => {
    const root = path.join(tempDir(), 'new-repo');
    const written = await writeScaffold(root, scaffoldFiles(options));
    expect(written).toHaveLength(3);
    expect(readFileSync(path.join(root, 'clusters/prod-east.yaml'), 'utf8')).toContain('cluster_name: prod-east');
  });

  it('beside unrelated files, leaving them alone', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, 'clusters'));
    writeFileSync(path.join(root, 'clusters/other.yaml'), 'mine');
    await writeScaffold(root, scaffoldFiles(options));
    expect(readFileSync(path.join(root, 'clusters/other.yaml'), 'utf8')).toBe('mine');
  });

  it('never over an existing file: nothing is written and each one is named', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, 'infrastructure/clusters/prod-east'), { recursive: true });
    writeFileSync(path.join(root, 'infrastructure/clusters/prod-east/main.tf'), 'mine');
    const error = await writeScaffold(root, scaffoldFiles(options)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect(String((error as Error).message)).toMatch(
      /refusing to overwrite .*infrastructure\/clusters\/prod-east\/main\.tf; choose another --name/,
    );
    expect(readFileSync(path.join(root, 'infrastructure/clusters/prod-east/main.tf'), 'utf8')).toBe('mine');
    expect(() => readFileSync(path.join(root, 'clusters/prod-east.yaml'))).toThrow(/ENOENT/);
  });

  it('a shared file (a workflow) already there is kept, and the others are written', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, '.github/workflows'), { recursive: true });
    writeFileSync(path.join(root, '.github/workflows/plan.yml'), 'mine');
    const files = [
      ...scaffoldFiles(options),
      { path: '.github/workflows/plan.yml', content: 'new', shared: true },
      { path: '.github/workflows/deploy.yml', content: 'new', shared: true },
    ];
    const written = await writeScaffold(root, files);
    expect(written.map((w) => path.relative(root, w)).sort()).toEqual(
      [
        '.github/workflows/deploy.yml',
        'clusters/prod-east.yaml',
        'infrastructure/clusters/prod-east/backend.tf',
        'infrastructure/clusters/prod-east/main.tf',
      ].sort(),
    );
    expect(readFileSync(path.join(root, '.github/workflows/plan.yml'), 'utf8')).toBe('mine');
  });

  it('not into a file', async () => {
    const file = path.join(tempDir(), 'f');
    writeFileSync(file, '');
    await expect(writeScaffold(file, scaffoldFiles(options))).rejects.toThrow('is not a directory');
  });
});

describe('the CHANGEMEs are refused, each by name, until set', () => {
  it('in the config and the cluster directory, in one error', async () => {
    const root = tempDir();
    const files = scaffoldFiles(options);
    await writeScaffold(root, files);
    const clusterDir = path.join(root, 'infrastructure/clusters/prod-east');
    const found = tofuPlaceholders(clusterDir).map((f) => f.replace(/^.*\/(\w+\.tf:)/, '$1'));
    expect(found).toEqual([
      'backend.tf:5 bucket',
      'backend.tf:7 region',
      'backend.tf:9 endpoints.s3',
      'main.tf:8 image_id',
      'main.tf:9 keypair_name',
      'main.tf:10 control_plane.flavor_name',
      'main.tf:12 worker_pools.default.flavor_name',
      'main.tf:15 network.external_network',
      'main.tf:20 api_floating_ip',
      'main.tf:23 api_allowed_cidrs',
      'main.tf:24 ssh_allowed_cidrs',
    ]);
    const config = { file: path.join(root, 'clusters/prod-east.yaml'), value: YAML.parse(files[0]!.content) };
    expect(() => refusePlaceholders(config, clusterDir)).toThrow(UserError);
    let message = '';
    try {
      refusePlaceholders(config, clusterDir);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('prod-east.yaml: opencenter.infrastructure.k8s_api_ip');
    expect(message).toContain('main.tf:8 image_id');
    expect(message.split('\n').filter((l) => l.startsWith('  - '))).toHaveLength(14);
  });

  it('a comment mentioning CHANGEME is not a value; a set value passes', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'main.tf'), '# replace every CHANGEME\nx = "set" // was CHANGEME\n');
    expect(tofuPlaceholders(dir)).toEqual([]);
    expect(() => refusePlaceholders({ file: 'c.yaml', value: { a: { b: 'set' } } }, dir)).not.toThrow();
  });

  it("leaves the application credential's CHANGEME to the credential checks (another source may replace it)", () => {
    expect(
      configPlaceholders({
        opencenter: {
          infrastructure: { cloud: { openstack: { application_credential_secret: 'CHANGEME', auth_url: 'CHANGEME' } } },
        },
      }),
    ).toEqual(['opencenter.infrastructure.cloud.openstack.auth_url']);
  });
});
