import { execFile, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseClusterConfig } from '../../src/core/model/config.js';
import { releaseModuleSource, type ToolkitRelease } from '../../src/core/model/release.js';
import { scaffoldFiles } from '../../src/core/model/scaffold.js';
import { ROOT } from '../support/action-runner.js';
import { git as gitIn } from '../support/git.js';
import { parseHcl } from '../support/hcl.js';

const execFileAsync = promisify(execFile);
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const pagesIn = (dir: string) =>
  readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `${dir}/${f}`);
const docs = pagesIn('docs');
/** One page per operation, linked from docs/operations.md. */
const operationPages = pagesIn('docs/operations');

describe('the README front page', () => {
  const readme = read('README.md');

  it('is under 150 lines', () => {
    expect(readme.split('\n').length).toBeLessThan(150);
  });

  it('gives the two quick-start commands exactly as CI and users run them', () => {
    expect(readme).toContain('bash .ci/install-tools.sh && npm ci && npm run demo');
    expect(readme).toMatch(/^bash \.ci\/run\b/m);
    expect(JSON.parse(read('package.json')).scripts.demo).toBeDefined();
    for (const file of ['.ci/install-tools.sh', '.ci/run']) expect(existsSync(path.join(ROOT, file)), file).toBe(true);
  });

  it('leads to the guide, the secrets table, the threat model and the inputs reference', () => {
    for (const page of ['docs/getting-started.md', 'docs/secrets.md', 'docs/security.md', 'docs/inputs.md'])
      expect(readme).toContain(`](${page})`);
  });
});

/** GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings (outside code fences), a repeated one numbered as GitHub does. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  const text = read(file).replace(/^```[\s\S]*?^```/gm, '');
  for (const m of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(m[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count ? `${base}-${count}` : base);
  }
  return found;
}

/** Every relative link of a Markdown file (outside code fences): its target file (or the file itself) and anchor. */
function relativeLinks(file: string): { link: string; target: string; anchor?: string }[] {
  const text = read(file).replace(/^```[\s\S]*?^```/gm, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((link) => !/^[a-z]+:/.test(link))
    .map((link) => {
      const [target, anchor] = link.split('#') as [string, string | undefined];
      return { link, target: target ? path.join(path.dirname(file), target) : file, anchor };
    });
}

describe('the docs', () => {
  const pages = [
    'README.md',
    'modules/openstack-cluster/README.md',
    'test/e2e/devstack/README.md',
    ...docs,
    ...operationPages,
  ];

  it('every relative link points at a file that exists, and every #anchor at a heading of it', () => {
    const broken: string[] = [];
    for (const file of pages) {
      for (const { link, target, anchor } of relativeLinks(file)) {
        if (!existsSync(path.join(ROOT, target))) broken.push(`${file}: ${link} (no such file)`);
        else if (anchor !== undefined && target.endsWith('.md') && !anchors(target).has(anchor))
          broken.push(`${file}: ${link} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it.each([
    ['[a](b.md#missing-heading)', 'b.md#missing-heading (no such heading)'],
    ['[a](missing.md)', 'missing.md (no such file)'],
    ['[a](#nowhere)', '#nowhere (no such heading)'],
  ])('the link check finds a broken link: %s', (link, expected) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'links-'));
    try {
      writeFileSync(path.join(dir, 'a.md'), `# A\n\n${link}\n`);
      writeFileSync(path.join(dir, 'b.md'), '# B\n\n## `a-step` (kind)\n');
      const file = path.relative(ROOT, path.join(dir, 'a.md'));
      const broken = relativeLinks(file)
        .filter(
          ({ target, anchor }) =>
            !existsSync(path.join(ROOT, target)) || (anchor !== undefined && !anchors(target).has(anchor)),
        )
        .map(
          ({ link: l, target }) => `${l} (${existsSync(path.join(ROOT, target)) ? 'no such heading' : 'no such file'})`,
        );
      expect(broken).toEqual([expected]);
      expect(anchors(path.relative(ROOT, path.join(dir, 'b.md')))).toEqual(new Set(['b', 'a-step-kind']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("every page of this repository's docs that a message, action or example names exists", () => {
    const files = [
      ...readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).map((f) => `src/${f}`),
      ...readdirSync(path.join(ROOT, 'examples'), { recursive: true, encoding: 'utf8' }).map((f) => `examples/${f}`),
      'action.yml',
      ...readdirSync(path.join(ROOT, 'actions')).map((a) => `actions/${a}/action.yml`),
    ].filter((f) => /\.(ts|ya?ml)$/.test(f) && existsSync(path.join(ROOT, f)));
    const missing: string[] = [];
    for (const file of files) {
      const text = read(file);
      for (const m of text.matchAll(/\bdocs\/(?:operations\/)?[\w.-]+\.md/g)) {
        // Kubespray's own docs/operations/*.md are cited beside its name.
        const before = text.slice(Math.max(0, m.index - 400), m.index);
        if (m[0].startsWith('docs/operations/') && /kubespray/i.test(before)) continue;
        if (!existsSync(path.join(ROOT, m[0]))) missing.push(`${file}: ${m[0]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the table of contents lists every page, and docs/operations.md every page of docs/operations/', () => {
    const toc = read('docs/README.md');
    for (const file of docs.filter((f) => f !== 'docs/README.md'))
      expect(toc, file).toContain(`](${path.basename(file)})`);
    const index = read('docs/operations.md');
    expect(operationPages.length).toBeGreaterThan(5);
    for (const file of operationPages) expect(index, file).toContain(`](operations/${path.basename(file)})`);
  });

  it('no table cell of the operations pages holds prose: a table keeps short facts', () => {
    const long: string[] = [];
    for (const file of ['docs/operations.md', ...operationPages])
      for (const line of read(file)
        .split('\n')
        .filter((l) => l.startsWith('|')))
        for (const cell of line.split(/(?<!\\)\|/).slice(1, -1))
          if (cell.trim().length > 160) long.push(`${file}: ${cell.trim().slice(0, 60)}…`);
    expect(long).toEqual([]);
  });
});

/** A fenced block of the guide whose first line names its file: `# clusters/prod-east.yaml`. */
function guideFile(name: string): string {
  const guide = read('docs/getting-started.md');
  const block = [...guide.matchAll(/```[a-z]*\n# ([^\n]+)\n([\s\S]*?)```/g)].find((m) => m[1] === name);
  expect(block, name).toBeDefined();
  return block![2]!;
}

describe('docs/getting-started.md', () => {
  const guide = read('docs/getting-started.md');

  it('says how long each phase takes', () => {
    const phases = guide.split('\n').filter((l) => /^\| \d\. /.test(l));
    expect(phases.length).toBe(6);
    for (const phase of phases.slice(0, 5)) expect(phase, phase).toMatch(/\d+ min/);
  });

  it('its cluster config is one the deploy accepts', () => {
    const config = parseClusterConfig(guideFile('clusters/prod-east.yaml'), 'clusters/prod-east.yaml');
    expect(config.opencenter.cluster?.kubernetes?.version).toBe('1.35.4');
    expect(config.opentofu.backend.type).toBe('s3');
  });

  it("its cluster directory calls the module with the module's variables, every required one given, and the config's version", async () => {
    const { blocks, errors } = await parseHcl(guideFile('infrastructure/clusters/prod-east/main.tf'));
    expect(errors).toEqual([]);
    const call = blocks.find((b) => b.type === 'module' && b.labels[0] === 'cluster')!;
    expect(call.attributes.get('source')).toMatch(
      /^"git::https:\/\/github\.com\/org\/deploy\.git\/\/modules\/openstack-cluster\?ref=v\d+\.\d+\.\d+"$/,
    );
    const variables = new Map<string, boolean>();
    for (const block of (await parseHcl(read('modules/openstack-cluster/variables.tf'))).blocks)
      if (block.type === 'variable') variables.set(block.labels[0]!, block.attributes.has('default'));
    const given = [...call.attributes.keys()].filter((k) => k !== 'source');
    expect(given.filter((k) => !variables.has(k))).toEqual([]);
    expect([...variables].filter(([k, hasDefault]) => !hasDefault && !given.includes(k)).map(([k]) => k)).toEqual([]);
    expect(call.attributes.get('kube_version')).toBe('"1.35.4"');
    const outputs = (await parseHcl(read('modules/openstack-cluster/outputs.tf'))).blocks.map((b) => b.labels[0]);
    for (const m of guideFile('infrastructure/clusters/prod-east/main.tf').matchAll(/module\.cluster\.(\w+)/g))
      expect(outputs).toContain(m[1]);
  });

  it('its state backend is an S3 backend with a lock file, as the read-only plans expect', async () => {
    const { blocks, errors } = await parseHcl(guideFile('infrastructure/clusters/prod-east/backend.tf'));
    expect(errors).toEqual([]);
    const backend = blocks[0]!.blocks.find((b) => b.type === 'backend')!;
    expect(backend.labels).toEqual(['s3']);
    expect(backend.attributes.get('use_lockfile')).toBe('true');
    expect(backend.attributes.get('use_path_style')).toBe('true');
  });

  it('copies workflows that exist, and names every secret and variable of the table', () => {
    for (const m of guide.matchAll(/deploy\/examples\/workflows\/([\w-]+\.yml)/g))
      expect(existsSync(path.join(ROOT, 'examples/workflows', m[1]!)), m[1]).toBe(true);
    const names = [...read('docs/secrets.md').matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) expect(guide, name).toContain(`\`${name}\``);
  });
});

/** The lines of the ```sh blocks of a page, comments and continuation aside. */
function shellLines(file: string): string[] {
  return [...read(file).matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) =>
    m[1]!
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter((line) => line && !line.startsWith('#')),
  );
}

describe('the commands of the guide and the secrets page', () => {
  const commands = [...shellLines('docs/getting-started.md'), ...shellLines('docs/secrets.md')].filter((line) =>
    /^(openstack|swift) /.test(line),
  );

  // Concurrent: each client start takes seconds.
  it.concurrent.each([...new Set(commands)])(
    'the real client knows `%s` and its options',
    async (line) => {
      const words = line.split(/\s+/);
      // The tokens before the first option: cliff picks the longest command they start with.
      const firstOption = words.findIndex((w) => w.startsWith('-'));
      const head = firstOption < 0 ? words : words.slice(0, firstOption);
      const { stdout } = await execFileAsync(head[0]!, [...head.slice(1), '--help'], {
        env: { PATH: process.env.PATH },
      });
      for (const option of words.filter((w) => /^--?[a-z]/.test(w)).map((w) => w.split('=')[0]!))
        expect(stdout, `${line}: ${option}`).toMatch(new RegExp(`(^|[\\s\\[,])${option}\\b`, 'm'));
    },
    120_000,
  );

  it('the key generation runs as written', () => {
    const keygen = shellLines('docs/getting-started.md').find((line) => line.startsWith('ssh-keygen '))!;
    const dir = mkdtempSync(path.join(tmpdir(), 'guide-'));
    try {
      const r = spawnSync('bash', ['-c', keygen], { cwd: dir, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(readFileSync(path.join(dir, 'deploy-key.pub'), 'utf8')).toMatch(/^ssh-ed25519 \S+ cluster-deploy\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The release the guide clones: `git clone --depth 1 --branch vX.Y.Z https://github.com/OWNER/NAME.git ../deploy`. */
function guideRelease(): ToolkitRelease {
  const clone = shellLines('docs/getting-started.md').find((l) => l.startsWith('git clone --depth 1 --branch v'))!;
  const m = /^git clone --depth 1 --branch v(\S+) https:\/\/github\.com\/(\S+)\.git \.\.\/deploy$/.exec(clone ?? '');
  expect(m, clone).not.toBeNull();
  return { version: m![1]!, pin: { repository: m![2]!, commit: '0'.repeat(40) } };
}

describe("the guide's init", () => {
  /** init's file with each CHANGEME (outside comments) as a capture: the guide's block must be it, filled in. */
  function filledIn(template: string, shown: string): string[] | undefined {
    const pattern = template
      .split('\n')
      .map((line) =>
        line.startsWith('#')
          ? line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          : line
              .split('CHANGEME')
              .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
              .join('([^"\\s]+)'),
      )
      .join('\n');
    return new RegExp(`^${pattern}$`).exec(shown)?.slice(1);
  }

  it.each([
    ['hosted', 'clusters/prod-east.yaml', 'clusters/prod-east.yaml'],
    ['hosted', 'infrastructure/clusters/prod-east/main.tf', 'infrastructure/clusters/prod-east/main.tf'],
    ['hosted', 'infrastructure/clusters/prod-east/backend.tf', 'infrastructure/clusters/prod-east/backend.tf'],
    [
      'self-hosted',
      'infrastructure/clusters/prod-east/main.tf (--runner self-hosted)',
      'infrastructure/clusters/prod-east/main.tf',
    ],
  ] as const)('%s: the guide shows %s exactly as init writes it, with its values filled in', (runner, shown, file) => {
    const source = releaseModuleSource(guideRelease());
    const template = scaffoldFiles({ cluster: 'prod-east', organization: 'acme', moduleSource: source, runner }).find(
      (f) => f.path === file,
    )!.content;
    const values = filledIn(template, guideFile(shown));
    expect(values, `${shown} differs from what init writes`).toBeDefined();
    expect(values!.length).toBeGreaterThan(0);
    expect(values).not.toContain('CHANGEME');
  });

  it('runs as written from a repository with a release clone of the toolkit in ../deploy, and pins that release', () => {
    const line = shellLines('docs/getting-started.md').find((l) =>
      l.startsWith('node ../deploy/dist/cli/index.js init '),
    )!;
    expect(line).toBeDefined();
    const { version, pin } = guideRelease();
    const dir = mkdtempSync(path.join(tmpdir(), 'guide-init-'));
    try {
      // What the guide's `git clone --branch vX.Y.Z` makes, without the network: the files init reads (its bundle,
      // the module, the examples), package.json at the version, the tag at HEAD and origin on GitHub.
      const deploy = path.join(dir, 'deploy');
      for (const part of ['dist/cli', 'modules', 'examples/workflows'])
        cpSync(path.join(ROOT, part), path.join(deploy, part), { recursive: true });
      writeFileSync(
        path.join(deploy, 'package.json'),
        JSON.stringify({ ...JSON.parse(read('package.json')), version }),
      );
      const git = (...args: string[]) => gitIn(deploy, ...args);
      git('init', '-q', '-b', 'main');
      git('add', '-A');
      git('commit', '-q', '-m', `release v${version}`);
      git('tag', '-a', '-m', `v${version}`, `v${version}`);
      git('remote', 'add', 'origin', `https://github.com/${pin!.repository}.git`);
      const commit = git('rev-parse', 'HEAD');
      const repo = path.join(dir, 'repo');
      mkdirSync(repo);
      const r = spawnSync('bash', ['-c', line], { cwd: repo, encoding: 'utf8', env: { PATH: process.env.PATH } });
      expect(r.status, r.stderr).toBe(0);
      for (const file of [
        'clusters/prod-east.yaml',
        'infrastructure/clusters/prod-east/main.tf',
        'infrastructure/clusters/prod-east/backend.tf',
        '.github/workflows/plan.yml',
        '.github/workflows/deploy.yml',
        '.github/workflows/drift.yml',
      ])
        expect(existsSync(path.join(repo, file)), file).toBe(true);
      expect(readFileSync(path.join(repo, 'infrastructure/clusters/prod-east/main.tf'), 'utf8')).toContain(
        `source = "${releaseModuleSource(guideRelease())}"`,
      );
      expect(readFileSync(path.join(repo, '.github/workflows/deploy.yml'), 'utf8')).toContain(
        `uses: ${pin!.repository}@${commit} # v${version}`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
