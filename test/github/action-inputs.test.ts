import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { CREDENTIAL_FIELDS } from '../../src/core/openstack/credentials.js';
import { credentialInputDescription } from '../../scripts/action-inputs.js';
import { readActionSettings, SECRET_INPUTS } from '../../src/github/runner/inputs.js';
import { ROOT } from '../support/action-runner.js';

type Inputs = Record<string, { description: string; required?: boolean; default?: string }>;
const inputsOf = (file: string): Inputs =>
  (YAML.parse(readFileSync(path.join(ROOT, file), 'utf8')) as { inputs?: Inputs }).inputs ?? {};

/** The actions that run deploy steps, all read by readActionSettings. */
const DEPLOY_ACTIONS = [
  'action.yml',
  ...['preflight', 'tofu', 'kubespray', 'normalize-kubeconfig', 'wait-ready'].map((a) => `actions/${a}/action.yml`),
];
const WITH_CREDENTIALS = [
  'action.yml',
  'actions/preflight/action.yml',
  'actions/tofu/action.yml',
  'actions/kubespray/action.yml',
];

/** Every input name readActionSettings asks for, with every input set to something valid-looking. */
function inputsRead(): Set<string> {
  const read = new Set<string>();
  readActionSettings((name) => {
    read.add(name);
    return name === 'config' ? 'c.yaml' : '';
  }, {});
  return read;
}

describe('action inputs against the credential table', () => {
  it.each(WITH_CREDENTIALS)('%s declares every credential input of the table, described from it', (file) => {
    const inputs = inputsOf(file);
    for (const spec of CREDENTIAL_FIELDS) {
      expect(inputs[spec.input], `${file}: ${spec.input}`).toEqual({
        description: credentialInputDescription(spec),
        required: false,
      });
    }
    expect(
      Object.keys(inputs)
        .filter((name) => name.startsWith('openstack-'))
        .sort(),
    ).toEqual(CREDENTIAL_FIELDS.map((s) => s.input).sort());
  });

  it('masks every input an action declares that can hold a secret', () => {
    const declared = new Set(DEPLOY_ACTIONS.flatMap((file) => Object.keys(inputsOf(file))));
    const secretLooking = [...declared].filter((name) => /secret|password|passphrase|token|clouds-yaml/.test(name));
    expect(secretLooking.length).toBeGreaterThan(5);
    expect(secretLooking.filter((name) => !SECRET_INPUTS.includes(name))).toEqual([]);
  });

  it('reads only inputs that the actions declare', () => {
    const declared = new Set(DEPLOY_ACTIONS.flatMap((file) => Object.keys(inputsOf(file))));
    const undeclared = [...inputsRead()].filter((name) => !declared.has(name));
    expect(undeclared).toEqual([]);
  });

  it('declares in the root action every input the engine reads, but those of the per-step actions', () => {
    const root = new Set(Object.keys(inputsOf('action.yml')));
    // mode is actions/tofu's; working-directory is the per-step actions' name for cluster-dir.
    expect([...inputsRead()].filter((name) => !root.has(name)).sort()).toEqual(['mode', 'working-directory']);
  });
});
