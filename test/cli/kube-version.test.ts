import { existsSync, promises as fs } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareSandbox, sandboxToolEnv, type PreparedSandbox } from '../../examples/sandbox/prepare.js';
import { UserError } from '../../src/core/lib/errors.js';
import { checkPlannedKubeVersion, plannedKubeVersions } from '../../src/core/tofu/kube-version.js';
import { runCli, sandboxFlags } from '../support/cli.js';

/** The parts of `tofu show -json` the check reads (the shapes terraform 1.x and tofu print for a module call). */
function planJson(call: Record<string, unknown> | undefined, variables: Record<string, string> = {}): unknown {
  return {
    variables: Object.fromEntries(Object.entries(variables).map(([name, value]) => [name, { value }])),
    configuration: {
      root_module: {
        module_calls: call ? { cluster: { source: './m', expressions: { kube_version: call } } } : {},
      },
    },
  };
}

const config = { version: '1.33.5', configPath: 'clusters/prod.yaml', clusterDir: 'infrastructure/clusters/prod' };

describe('the Kubernetes version of the config against the OpenTofu code, at plan time', () => {
  it.each([
    ['the same constant', planJson({ constant_value: '1.33.5' }), undefined],
    ['no kube_version in the code', planJson(undefined), undefined],
    ['a module call without kube_version', { configuration: { root_module: { module_calls: { x: {} } } } }, undefined],
    ['a root variable passed on, the same', planJson({ references: ['var.kv'] }, { kv: '1.33.5' }), undefined],
    ['a computed value (a local): left to the check after the apply', planJson({ references: ['local.v'] }), undefined],
    ['a plan that is not JSON of a plan', 'not a plan', undefined],
    [
      'another constant',
      planJson({ constant_value: '1.34.2' }),
      'module "cluster" (its kube_version argument) is "1.34.2"',
    ],
    [
      'a root variable passed on, another',
      planJson({ references: ['var.kv'] }, { kv: '1.32.9' }),
      'module "cluster" (its kube_version argument), from var.kv is "1.32.9"',
    ],
    [
      'the root module is the cluster module',
      { variables: { kube_version: { value: '1.34.0' } } },
      'variable "kube_version" is "1.34.0"',
    ],
    ['with a "v"', planJson({ constant_value: 'v1.33.5' }), 'is "v1.33.5"'],
    ['a newline in the value', planJson({ constant_value: '1.33.5\nx' }), 'is "1.33.5\\u000ax"'],
    ['a huge value, cut', planJson({ constant_value: '9'.repeat(5000) }), `is "${'9'.repeat(40)}…"`],
  ])('%s', (_name, plan, refused) => {
    const check = () => checkPlannedKubeVersion(plan, config);
    if (!refused) return expect(check).not.toThrow();
    expect(check).toThrow(UserError);
    expect(check).toThrow(refused);
    expect(check).toThrow(
      /in the OpenTofu code of infrastructure\/clusters\/prod, .* but opencenter\.cluster\.kubernetes\.version in clusters\/prod\.yaml is "1\.33\.5".*set both to the same version, then plan again \(nothing was created\)/,
    );
  });

  it('asks nothing of a config without a version: Kubespray then takes the module one from group_vars', () => {
    expect(() =>
      checkPlannedKubeVersion(planJson({ constant_value: '1.34.2' }), { ...config, version: undefined }),
    ).not.toThrow();
    expect(plannedKubeVersions(planJson({ constant_value: '1.34.2' }))).toEqual([
      { value: '1.34.2', where: 'module "cluster" (its kube_version argument)' },
    ]);
  });
});

/** The sandbox's cluster directory with a module call that takes kube_version, as init's main.tf has one. */
describe('plan and deploy on the sandbox when main.tf sets kube_version', () => {
  let sandbox: PreparedSandbox;
  let env: Record<string, string>;
  let workDir: string;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'kube-version-'));
    sandbox = await prepareSandbox({ workDir });
    env = await sandboxToolEnv(workDir);
    await fs.mkdir(path.join(sandbox.clusterDir, 'versioned'));
    await fs.writeFile(
      path.join(sandbox.clusterDir, 'versioned', 'main.tf'),
      'variable "kube_version" {\n  type = string\n}\n\noutput "kube_version" {\n  value = var.kube_version\n}\n',
    );
  }, 120_000);
  afterAll(async () => sandbox?.close());

  const setModuleVersion = (line: string) =>
    fs.writeFile(
      path.join(sandbox.clusterDir, 'kube-version.tf'),
      `module "versioned" {\n  source = "./versioned"\n${line}\n}\n`,
    );
  const common = () => sandboxFlags(sandbox, workDir);

  it.each([
    ['the same version', '  kube_version = "1.33.5"', 0, undefined],
    ['another version', '  kube_version = "1.34.2"', 1, 'module "versioned" (its kube_version argument) is "1.34.2"'],
    [
      'a variable with another default',
      '  kube_version = var.kv\n}\nvariable "kv" {\n  default = "1.32.1"',
      1,
      'from var.kv is "1.32.1"',
    ],
  ])(
    'plan --tofu-plan, %s',
    async (_name, line, code, refused) => {
      await setModuleVersion(line);
      const result = await runCli(['plan', '--tofu-plan', ...common()], env);
      expect(result.code, result.stderr).toBe(code);
      if (refused) {
        expect(result.stderr).toContain(refused);
        expect(result.stderr).toContain('opencenter.cluster.kubernetes.version in');
        expect(result.stderr).not.toMatch(/^\s+at /m);
      }
    },
    180_000,
  );

  it('deploy with another version stops at opentofu-plan: no server made', async () => {
    await setModuleVersion('  kube_version = "1.34.2"');
    const result = await runCli(['deploy', ...common()], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/step "opentofu-plan" failed: the Kubernetes version differs/);
    expect(result.stdout).not.toContain('(opentofu-apply)...');
    expect(existsSync(path.join(sandbox.clusterDir, 'terraform.tfstate'))).toBe(false);
  }, 300_000);
});
