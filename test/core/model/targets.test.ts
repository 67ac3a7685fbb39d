import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { UsageError, UserError } from '../../../src/core/lib/errors.js';
import {
  changedFilesFromGit,
  findTargets,
  hasCommit,
  parseNameStatus,
  type ChangedFile,
} from '../../../src/core/model/targets.js';
import { targetsSummary } from '../../../src/github/reports/targets.js';
import { clusterConfig, clusterName, writeFleet } from '../../support/fleet.js';
import { git } from '../../support/git.js';

const modified = (...paths: string[]): ChangedFile[] => paths.map((p) => ({ path: p, status: 'modified' }));

/**
 * 30 clusters: c0021–c0025 call modules/net, which calls modules/base (transitively affected);
 * c0026–c0030 call modules/other; c0001–c0020 call nothing.
 */
async function fleet(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'fleet-'));
  await writeFleet(root, {
    clusters: 30,
    uses: (i) => (i >= 20 && i < 25 ? ['net'] : i >= 25 ? ['other'] : []),
    moduleUses: { net: ['base'] },
  });
  return root;
}

describe('targets: which clusters a change affects', () => {
  let root: string;
  beforeAll(async () => {
    root = await fleet();
  });

  it('lists exactly the 10 changed configs and the 5 clusters using a changed shared module (transitively), each with its reason', async () => {
    const configs = [2, 4, 6, 8, 10, 12, 14, 16, 18, 19].map((i) => `clusters/${clusterName(i)}.yaml`);
    const targets = await findTargets({
      root,
      changes: {
        kind: 'files',
        files: [...modified(...configs, 'modules/base/variables.tf', 'README.md', 'modules/unused/x.tf')],
      },
    });
    expect(targets.deleted).toEqual([]);
    expect(targets.all).toBeUndefined();
    expect(targets.clusters).toHaveLength(15);
    for (const config of configs) {
      expect(targets.clusters).toContainEqual({
        organization: 'acme',
        cluster: path.basename(config, '.yaml'),
        config,
        clusterDir: `infrastructure/clusters/${path.basename(config, '.yaml')}`,
        reason: 'config changed',
        file: config,
      });
    }
    for (let i = 20; i < 25; i++) {
      const name = clusterName(i);
      expect(targets.clusters).toContainEqual(
        expect.objectContaining({
          cluster: name,
          reason: `module modules/base used via infrastructure/clusters/${name}/main.tf → modules/net/main.tf changed (modules/base/variables.tf)`,
          file: 'modules/base/variables.tf',
        }),
      );
    }
  });

  it('affects a cluster for any file in its directory, removed or renamed away too, and names the file', async () => {
    const targets = await findTargets({
      root,
      changes: {
        kind: 'files',
        files: [
          { path: 'infrastructure/clusters/c0003/kubespray/inventory/hosts.yaml', status: 'added' },
          { path: 'infrastructure/clusters/c0004/old.tf', status: 'removed' },
          { path: 'elsewhere/new.tf', status: 'renamed', previousPath: 'infrastructure/clusters/c0005/moved.tf' },
        ],
      },
    });
    expect(targets.clusters.map((c) => [c.cluster, c.reason])).toEqual([
      ['c0003', 'infrastructure/clusters/c0003/kubespray/inventory/hosts.yaml added'],
      ['c0004', 'infrastructure/clusters/c0004/old.tf removed'],
      ['c0005', 'infrastructure/clusters/c0005/moved.tf changed'],
    ]);
  });

  it('selects nothing for changes outside every config, cluster directory and used module', async () => {
    const targets = await findTargets({
      root,
      changes: {
        kind: 'files',
        files: modified('README.md', 'modules/unused/main.tf', 'infrastructure/clusters/c0001x/main.tf'),
      },
    });
    expect(targets.clusters).toEqual([]);
    expect(await findTargets({ root, changes: { kind: 'files', files: [] } })).toEqual({
      clusters: [],
      configs: 30,
      deleted: [],
    });
  });

  it('reports deleted configs, and configs renamed out of the glob, as deleted, never as clusters to deploy', async () => {
    const targets = await findTargets({
      root,
      changes: {
        kind: 'files',
        files: [
          { path: 'clusters/retired.yaml', status: 'removed' },
          { path: 'archive/old.yaml', status: 'renamed', previousPath: 'clusters/old.yaml' },
          { path: 'clusters/c0002.yaml', status: 'renamed', previousPath: 'clusters/c0002-draft.yaml' },
          { path: 'docs/removed.yaml', status: 'removed' },
        ],
      },
    });
    expect(targets.deleted).toEqual(['clusters/old.yaml', 'clusters/retired.yaml']);
    expect(targets.clusters.map((c) => [c.cluster, c.reason])).toEqual([
      ['c0002', 'config renamed from clusters/c0002-draft.yaml'],
    ]);
    // A glob written with a trailing slash lists the same configs, so it must report the same deletions.
    const slashed = await findTargets({
      root,
      configs: './clusters/*.yaml/',
      changes: { kind: 'files', files: [{ path: 'clusters/retired.yaml', status: 'removed' }] },
    });
    expect(slashed.deleted).toEqual(['clusters/retired.yaml']);
    expect(slashed.addedConfigs).toBeUndefined();
    // A config moved and much edited: git shows a removal and an addition, so the deletion names the added config it may have become.
    const moved = await findTargets({
      root,
      changes: {
        kind: 'files',
        files: [
          { path: 'clusters/old-name.yaml', status: 'removed' },
          { path: 'clusters/c0003.yaml', status: 'added' },
        ],
      },
    });
    expect(moved).toMatchObject({ deleted: ['clusters/old-name.yaml'], addedConfigs: ['clusters/c0003.yaml'] });
    expect(targetsSummary(moved)).toContain(
      'if it still runs and no config this change adds (`clusters/c0003.yaml`) describes it: a config moved and much edited shows as deleted and added.',
    );
  });

  it('selects every cluster, with the reason, for all (dispatch, schedule, a truncated list)', async () => {
    const targets = await findTargets({
      root,
      changes: { kind: 'all', why: 'the pull request changes more than 3000 files' },
    });
    expect(targets.clusters).toHaveLength(30);
    expect(targets.all).toBe('the pull request changes more than 3000 files');
    expect(targets.clusters[0]).toEqual({
      organization: 'acme',
      cluster: 'c0001',
      config: 'clusters/c0001.yaml',
      clusterDir: 'infrastructure/clusters/c0001',
      reason: 'the pull request changes more than 3000 files',
    });
  });

  it('follows .tf.json module calls and ignores registry and git sources', async () => {
    const repo = await mkdtemp(path.join(tmpdir(), 'fleet-json-'));
    await writeFleet(repo, { clusters: 2 });
    await fs.mkdir(path.join(repo, 'modules', 'dns'), { recursive: true });
    await fs.writeFile(path.join(repo, 'modules', 'dns', 'main.tf'), '');
    await fs.writeFile(
      path.join(repo, 'infrastructure/clusters/c0001/dns.tf.json'),
      JSON.stringify({ module: { dns: { source: '../../../modules/dns' } } }),
    );
    await fs.writeFile(
      path.join(repo, 'infrastructure/clusters/c0002/remote.tf'),
      'module "vpc" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = "5.0.0"\n}\nmodule "git" {\n  source = "git::https://example.com/m.git//modules/dns"\n}\n',
    );
    const targets = await findTargets({
      root: repo,
      changes: { kind: 'files', files: modified('modules/dns/main.tf') },
    });
    expect(targets.clusters.map((c) => [c.cluster, c.reason])).toEqual([
      ['c0001', 'module modules/dns used via infrastructure/clusters/c0001/dns.tf.json changed (modules/dns/main.tf)'],
    ]);
    // JSON syntax may also list labelled blocks as an array of objects, to keep their order.
    await fs.writeFile(
      path.join(repo, 'infrastructure/clusters/c0002/dns.tf.json'),
      JSON.stringify({ module: [{ dns: { source: '../../../modules/dns' } }] }),
    );
    const both = await findTargets({ root: repo, changes: { kind: 'files', files: modified('modules/dns/main.tf') } });
    expect(both.clusters.map((c) => c.cluster)).toEqual(['c0001', 'c0002']);
  });

  it('parses no OpenTofu file when no changed directory is a module (a change to configs or docs only)', async () => {
    const repo = await mkdtemp(path.join(tmpdir(), 'fleet-noparse-'));
    await writeFleet(repo, { clusters: 3, uses: () => ['net'] });
    // Broken code everywhere: it would fail the run if it were parsed.
    for (const dir of [
      'infrastructure/clusters/c0001',
      'infrastructure/clusters/c0002',
      'infrastructure/clusters/c0003',
    ])
      await fs.writeFile(path.join(repo, dir, 'main.tf'), 'module "x" {');
    const targets = await findTargets({
      root: repo,
      changes: {
        kind: 'files',
        files: [
          ...modified('clusters/c0001.yaml', 'docs/README.md', 'modules/README.md'),
          { path: 'modules/gone/README.md', status: 'removed' },
        ],
      },
    });
    expect(targets.clusters.map((c) => c.cluster)).toEqual(['c0001']);
    await expect(
      findTargets({ root: repo, changes: { kind: 'files', files: modified('modules/net/main.tf') } }),
    ).rejects.toThrow(/^OpenTofu syntax error in infrastructure\/clusters\/c0001\/main\.tf line 1/);
  });

  it('a module removed while a cluster still calls it: the error names the calling file', async () => {
    const repo = await mkdtemp(path.join(tmpdir(), 'fleet-removed-'));
    await writeFleet(repo, { clusters: 2, uses: (i) => (i === 1 ? ['net'] : []) });
    await fs.rm(path.join(repo, 'modules', 'net'), { recursive: true });
    await expect(
      findTargets({
        root: repo,
        changes: { kind: 'files', files: [{ path: 'modules/net/main.tf', status: 'removed' }] },
      }),
    ).rejects.toThrow(
      /^infrastructure\/clusters\/c0002\/main\.tf: module "net" source "\.\.\/\.\.\/\.\.\/modules\/net": directory modules\/net does not exist/,
    );
  });

  it('follows OpenTofu files that are symbolic links: their module calls, and a change to the file they point to', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'fleet-links-'));
    await writeFleet(root, { clusters: 3, moduleUses: { net: [] } });
    // c0001 calls modules/net only through a shared file linked into its directory; c0002 links the shared providers file.
    await fs.mkdir(path.join(root, 'common'));
    await fs.writeFile(path.join(root, 'common', 'net.tf'), 'module "net" {\n  source = "../../../modules/net"\n}\n');
    await fs.writeFile(path.join(root, 'common', 'providers.tf'), 'terraform {\n  required_version = ">= 1.6"\n}\n');
    await fs.symlink('../../../common/net.tf', path.join(root, 'infrastructure/clusters/c0001/net.tf'));
    await fs.symlink('../../../common/providers.tf', path.join(root, 'infrastructure/clusters/c0002/providers.tf'));
    const byModule = await findTargets({ root, changes: { kind: 'files', files: modified('modules/net/main.tf') } });
    expect(byModule.clusters.map((c) => [c.cluster, c.reason])).toEqual([
      ['c0001', 'module modules/net used via infrastructure/clusters/c0001/net.tf changed (modules/net/main.tf)'],
    ]);
    const byLink = await findTargets({ root, changes: { kind: 'files', files: modified('common/providers.tf') } });
    expect(byLink.clusters.map((c) => [c.cluster, c.reason])).toEqual([
      ['c0002', 'common/providers.tf changed (linked from infrastructure/clusters/c0002/providers.tf)'],
    ]);

    // A cluster directory, and a module directory, that are links inside the repository: git names their changes by the target.
    await fs.rename(path.join(root, 'infrastructure/clusters/c0003'), path.join(root, 'common', 'c0003'));
    await fs.symlink('../../common/c0003', path.join(root, 'infrastructure/clusters/c0003'));
    await fs.rename(path.join(root, 'modules', 'net'), path.join(root, 'common', 'net'));
    await fs.symlink('../common/net', path.join(root, 'modules', 'net'));
    const byTarget = await findTargets({
      root,
      changes: { kind: 'files', files: modified('common/c0003/terraform.tfvars', 'common/net/main.tf') },
    });
    expect(byTarget.clusters.map((c) => [c.cluster, c.clusterDir, c.reason])).toEqual([
      [
        'c0001',
        'infrastructure/clusters/c0001',
        'module modules/net used via infrastructure/clusters/c0001/net.tf changed (common/net/main.tf)',
      ],
      ['c0003', 'infrastructure/clusters/c0003', 'common/c0003/terraform.tfvars changed'],
    ]);
  });

  it('reads each shared module once however many clusters use it', async () => {
    const repo = await mkdtemp(path.join(tmpdir(), 'fleet-shared-'));
    await writeFleet(repo, { clusters: 40, uses: () => ['net'], moduleUses: { net: ['base'] } });
    await fs.mkdir(path.join(repo, 'modules', 'elsewhere'));
    await fs.writeFile(path.join(repo, 'modules', 'elsewhere', 'x.tf'), '');
    const reads: string[] = [];
    const original = fs.readdir;
    const spy = (async (dir: Parameters<typeof fs.readdir>[0], options?: unknown) => {
      reads.push(String(dir));
      return (original as (d: unknown, o: unknown) => Promise<unknown>)(dir, options);
    }) as typeof fs.readdir;
    fs.readdir = spy;
    try {
      const targets = await findTargets({
        root: repo,
        changes: { kind: 'files', files: modified('modules/elsewhere/x.tf') },
      });
      expect(targets.clusters).toEqual([]);
    } finally {
      fs.readdir = original;
    }
    expect(reads.filter((d) => d.endsWith(`${path.sep}modules${path.sep}net`))).toHaveLength(1);
    expect(reads.filter((d) => d.endsWith(`${path.sep}modules${path.sep}base`))).toHaveLength(1);
    expect(reads.filter((d) => d.includes(`${path.sep}infrastructure${path.sep}clusters${path.sep}`))).toHaveLength(40);
  });
});

describe('targets: bad input', () => {
  /** A fresh two-cluster repository, changed by `setup`, asked about a change to `changed`. */
  async function attempt(
    setup: (root: string) => Promise<void>,
    changed: ChangedFile[] = modified('modules/x/main.tf'),
    configs?: string,
  ) {
    const root = await mkdtemp(path.join(tmpdir(), 'fleet-bad-'));
    await writeFleet(root, { clusters: 2, uses: (i) => (i === 0 ? ['net'] : []) });
    // The change: a module no cluster uses, so that every cluster's modules are followed to the end.
    await fs.mkdir(path.join(root, 'modules', 'x'));
    await fs.writeFile(path.join(root, 'modules', 'x', 'main.tf'), '');
    await setup(root);
    return findTargets({ root, configs, changes: { kind: 'files', files: changed } });
  }
  const write = (file: string, text: string) => async (root: string) => {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), text);
  };
  const none = async () => {};
  const mainTf = 'infrastructure/clusters/c0001/main.tf';

  const cases: [string, (root: string) => Promise<void>, RegExp, string?][] = [
    [
      'a glob matching nothing',
      none,
      /^configs: "clusterz\/\*\.yaml" matches no file in .*fleet-bad-\w+; check the glob/,
      'clusterz/*.yaml',
    ],
    [
      'a glob outside the repository',
      none,
      /^configs: "\.\.\/clusters\/\*\.yaml" points outside the repository; give a glob relative to its root/,
      '../clusters/*.yaml',
    ],
    [
      'a glob reaching out through braces',
      none,
      /^configs: "\{\.\.,clusters\}\/\*\.yaml" points outside the repository/,
      '{..,clusters}/*.yaml',
    ],
    ['a glob starting with ./ (fine)', none, /^$/, './clusters/*.yaml'],
    ['an absolute glob', none, /^configs: "\/etc\/\*\.yaml" points outside the repository/, '/etc/*.yaml'],
    ['an empty glob', none, /^configs is empty; give a glob of cluster configs such as clusters\/\*\.yaml/, '  '],
    ['a glob with a line break', none, /^configs: contains a line break or control character/, 'clusters/*.yaml\nx'],
    ['a huge glob', none, /^configs: ".{80}…" is longer than 1000 characters/, 'a'.repeat(5000)],
    [
      'a config that is not YAML',
      write('clusters/c0002.yaml', 'schema_version: "2.0"\nopencenter: [\n'),
      /^clusters\/c0002\.yaml/,
    ],
    [
      'a config missing fields',
      write('clusters/c0002.yaml', 'schema_version: "2.0"\nopencenter:\n  meta: {name: x}\n'),
      /^clusters\/c0002\.yaml is invalid:\n {2}- missing: opencenter\.meta\.organization \(a string, the organisation.s name\)/,
    ],
    [
      'a config without local_dir',
      write('clusters/c0002.yaml', clusterConfig('c0002', 'acme').replace(/ {2}gitops:[\s\S]*/, '')),
      /^clusters\/c0002\.yaml: opencenter\.gitops\.repository\.local_dir is not set/,
    ],
    [
      'a config whose cluster dir is outside the repository',
      write('clusters/c0002.yaml', clusterConfig('c0002', 'acme').replace('local_dir: ..', 'local_dir: /elsewhere')),
      /^clusters\/c0002\.yaml: the cluster directory \/elsewhere\/infrastructure\/clusters\/c0002 is outside the repository/,
    ],
    [
      'a directory named like a config',
      async (root) => void (await fs.mkdir(path.join(root, 'clusters', 'dir.yaml'))),
      /^$/,
    ],
    [
      'a module source outside the repository',
      write(mainTf, 'module "net" {\n  source = "../../../../outside"\n}\n'),
      /^infrastructure\/clusters\/c0001\/main\.tf: module "net" source "\.\.\/\.\.\/\.\.\/\.\.\/outside" points outside the repository/,
    ],
    [
      'a module source to a missing directory',
      write(mainTf, 'module "net" {\n  source = "../../../modules/gone"\n}\n'),
      /^infrastructure\/clusters\/c0001\/main\.tf: module "net" source "\.\.\/\.\.\/\.\.\/modules\/gone": directory modules\/gone does not exist; fix the source or add the module$/,
    ],
    [
      'a module source that is a symlink out of the repository',
      async (root) => {
        await fs.symlink(tmpdir(), path.join(root, 'modules', 'tmp'));
        await write(mainTf, 'module "tmp" {\n  source = "../../../modules/tmp"\n}\n')(root);
      },
      /^infrastructure\/clusters\/c0001\/main\.tf: module "tmp" source "\.\.\/\.\.\/\.\.\/modules\/tmp" is a symbolic link to .*, outside the repository/,
    ],
    [
      'an HCL syntax error',
      write(mainTf, 'module "net" {\n  source = "../../../modules/net"\n  count = \n}\n'),
      /^OpenTofu syntax error in infrastructure\/clusters\/c0001\/main\.tf line 3, column \d+: invalid syntax near "count ="; fix the file/,
    ],
    [
      'an unclosed block',
      write('modules/net/main.tf', 'variable "a" {\n\nmodule "b" {\n'),
      /^OpenTofu syntax error in modules\/net\/main\.tf line \d+, column \d+: "}" expected here \(an unclosed block or bracket\?\)/,
    ],
    [
      'a .tf.json that is not JSON',
      write('infrastructure/clusters/c0001/x.tf.json', '{"module": '),
      /^infrastructure\/clusters\/c0001\/x\.tf\.json is not valid JSON/,
    ],
    [
      'a module without source',
      write(mainTf, 'module "net" {\n  name = "x"\n}\n'),
      /^infrastructure\/clusters\/c0001\/main\.tf: module "net" has no source string/,
    ],
    [
      'a module source that is an expression',
      write(mainTf, 'module "net" {\n  source = "../../../modules/${var.name}"\n}\n'),
      /module "net" source "\.\.\/\.\.\/\.\.\/modules\/\$\{var\.name\}" is not a literal path/,
    ],
    [
      'a module cycle',
      async (root) => {
        await write('modules/net/main.tf', 'module "base" {\n  source = "../base"\n}\n')(root);
        await write('modules/base/main.tf', 'module "net" {\n  source = "../net"\n}\n')(root);
      },
      /^module cycle: modules\/net → modules\/base → modules\/net \(called in modules\/base\/main\.tf\); OpenTofu refuses a module that calls itself$/,
    ],
    [
      'a module calling itself',
      write('modules/net/main.tf', 'module "again" {\n  source = "./"\n}\n'),
      /^module cycle: modules\/net → modules\/net \(called in modules\/net\/main\.tf\)/,
    ],
    // Found by probing: each was a silently wrong matrix or a message that did not say why the file was read.
    [
      'a glob matching more than configs',
      none,
      /^infrastructure\/clusters\/c0001\/main\.tf must be a YAML mapping .*\n\(infrastructure\/clusters\/c0001\/main\.tf is matched by configs "\*\*"; narrow the glob if it is not a cluster config\)$/,
      '**',
    ],
    [
      'two configs of one cluster (a copy)',
      write('clusters/copy.yaml', clusterConfig('c0001', 'acme')),
      /^clusters\/c0001\.yaml and clusters\/copy\.yaml both describe cluster acme\/c0001; keep one config per cluster/,
    ],
    [
      'two configs of one cluster (a symbolic link)',
      async (root) => void (await fs.symlink('c0002.yaml', path.join(root, 'clusters', 'link.yaml'))),
      /^clusters\/c0002\.yaml and clusters\/link\.yaml both describe cluster acme\/c0002/,
    ],
    [
      'a config that is a dangling symbolic link (the glob skipped it, and its cluster)',
      async (root) => void (await fs.symlink('gone.yaml', path.join(root, 'clusters', 'c0009.yaml'))),
      /^clusters\/c0009\.yaml \(matched by configs\) is a symbolic link to a missing file; fix or remove the link$/,
    ],
    [
      'a config that is a symbolic link out of the repository',
      async (root) => {
        await fs.writeFile(
          path.join(root, '..', `${path.basename(root)}-outside.yaml`),
          clusterConfig('c0009', 'acme'),
        );
        await fs.symlink(
          path.join(root, '..', `${path.basename(root)}-outside.yaml`),
          path.join(root, 'clusters', 'out.yaml'),
        );
      },
      /^clusters\/out\.yaml \(matched by configs\) is a symbolic link to .*-outside\.yaml, outside the repository; keep cluster configs inside it$/,
    ],
    [
      'a cluster directory that is a symbolic link out of the repository',
      async (root) => {
        await fs.rename(
          path.join(root, 'infrastructure/clusters/c0002'),
          path.join(root, '..', `${path.basename(root)}-c0002`),
        );
        await fs.symlink(
          path.join(root, '..', `${path.basename(root)}-c0002`),
          path.join(root, 'infrastructure/clusters/c0002'),
        );
      },
      /^clusters\/c0002\.yaml: the cluster directory infrastructure\/clusters\/c0002 is a symbolic link to .*-c0002, outside the repository/,
    ],
    [
      'an OpenTofu file that is a symbolic link out of the repository',
      async (root) => {
        await fs.writeFile(
          path.join(root, '..', `${path.basename(root)}-evil.tf`),
          'module "x" {\n  source = "../y"\n  secret = "canary-4411" +\n}\n',
        );
        await fs.symlink(
          path.join(root, '..', `${path.basename(root)}-evil.tf`),
          path.join(root, 'infrastructure/clusters/c0002/evil.tf'),
        );
      },
      /^infrastructure\/clusters\/c0002\/evil\.tf is a symbolic link to .*-evil\.tf, outside the repository; keep OpenTofu files inside it$/,
    ],
    [
      'an OpenTofu file that is a dangling symbolic link',
      async (root) => void (await fs.symlink('gone.tf', path.join(root, 'infrastructure/clusters/c0002/providers.tf'))),
      /^infrastructure\/clusters\/c0002\/providers\.tf is a symbolic link to a missing file; fix or remove the link/,
    ],
    [
      'a module source naming a file',
      write(mainTf, 'module "net" {\n  source = "../../../modules/net/main.tf"\n}\n'),
      /^infrastructure\/clusters\/c0001\/main\.tf: module "net" source "\.\.\/\.\.\/\.\.\/modules\/net\/main\.tf": modules\/net\/main\.tf is a file; a local module source names the module's directory$/,
    ],
    [
      'an OpenTofu file nested 5000 levels deep (read: the old parser overflowed its stack here)',
      write(
        mainTf,
        `locals {\n  a = ${'['.repeat(5000)}${']'.repeat(5000)}\n}\nmodule "net" {\n  source = "../../../modules/net"\n}\n`,
      ),
      /^$/,
    ],
    [
      'an OpenTofu file that is not UTF-8',
      async (root) => void (await fs.writeFile(path.join(root, mainTf), Buffer.from([0x6d, 0xff, 0xfe]))),
      /^OpenTofu file .*main\.tf is not UTF-8 text$/,
    ],
  ];

  it.each(cases)('%s', async (_, setup, expected, configs) => {
    const outcome = await attempt(setup, undefined, configs).then(
      () => '',
      (error: unknown) => {
        expect(error).toBeInstanceOf(UserError);
        return (error as Error).message;
      },
    );
    expect(outcome).toMatch(expected);
  });

  it('makes glob mistakes usage errors', async () => {
    await expect(attempt(none, undefined, '')).rejects.toBeInstanceOf(UsageError);
  });
});

describe('targets: changed files from git', () => {
  it('reads added, modified, removed and renamed files between two commits, odd names included', async () => {
    const root = await fleet();
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'fleet');
    const base = git(root, 'rev-parse', 'HEAD');
    await fs.appendFile(path.join(root, 'modules/base/main.tf'), '\n# changed\n');
    await fs.rm(path.join(root, 'clusters/c0030.yaml'));
    await fs.rename(path.join(root, 'clusters/c0002.yaml'), path.join(root, 'clusters/c0002-renamed.yaml'));
    await fs.writeFile(path.join(root, 'infrastructure/clusters/c0007/new file\twith tab.tf'), '');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'change');
    const head = git(root, 'rev-parse', 'HEAD');

    expect(await hasCommit(root, base)).toBe(true);
    expect(await hasCommit(root, 'f'.repeat(40))).toBe(false);
    expect(await hasCommit(root, '--output=/tmp/x')).toBe(false);
    const files = await changedFilesFromGit(root, base, head);
    expect(files).toEqual(
      expect.arrayContaining([
        { path: 'modules/base/main.tf', status: 'modified' },
        { path: 'clusters/c0030.yaml', status: 'removed' },
        { path: 'clusters/c0002-renamed.yaml', status: 'renamed', previousPath: 'clusters/c0002.yaml' },
        { path: 'infrastructure/clusters/c0007/new file\twith tab.tf', status: 'added' },
      ]),
    );
    expect(files).toHaveLength(4);
    const targets = await findTargets({ root, changes: { kind: 'files', files } });
    expect(targets.deleted).toEqual(['clusters/c0030.yaml']);
    expect(targets.clusters.map((c) => c.cluster)).toEqual([
      'c0002',
      'c0007',
      'c0021',
      'c0022',
      'c0023',
      'c0024',
      'c0025',
    ]);
    // The pull-request form: what the head changed since the merge base.
    expect(await changedFilesFromGit(root, base, head, { threeDot: true })).toEqual(files);
    await expect(changedFilesFromGit(root, base, 'e'.repeat(40))).rejects.toThrow(
      /^git diff \w+ e{40} failed \(exit 128\)/,
    );
  });

  it('parses copies and type changes', () => {
    expect(parseNameStatus('C75\0a.tf\0b.tf\0T\0link\0')).toEqual([
      { path: 'b.tf', status: 'added' },
      { path: 'link', status: 'modified' },
    ]);
    expect(parseNameStatus('')).toEqual([]);
  });
});

describe('fleet fixture', () => {
  it('is code OpenTofu accepts, and its own module manifest lists the modules targets follows', async () => {
    const root = await fleet();
    const dir = path.join(root, 'infrastructure/clusters/c0021');
    execFileSync('terraform', ['init', '-backend=false', '-input=false', '-no-color'], { cwd: dir, stdio: 'pipe' });
    execFileSync('terraform', ['validate', '-no-color'], { cwd: dir, stdio: 'pipe' });
    const manifest = JSON.parse(await fs.readFile(path.join(dir, '.terraform/modules/modules.json'), 'utf8')) as {
      Modules: { Key: string; Dir: string }[];
    };
    const dirs = manifest.Modules.filter((m) => m.Key).map((m) => path.relative(root, path.resolve(dir, m.Dir)));
    expect(dirs.sort()).toEqual(['modules/base', 'modules/net']);
    const targets = await findTargets({ root, changes: { kind: 'files', files: modified('modules/base/main.tf') } });
    expect(targets.clusters.map((c) => c.cluster)).toContain('c0021');
  });
});
