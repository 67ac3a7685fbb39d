import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { actionFiles, inputsReference, renderInputsReference } from '../../scripts/inputs-reference.js';
import { ROOT } from '../support/action-runner.js';
import { ROOT_INPUT_DEFAULTS_IN_CODE } from '../../src/github/runner/inputs.js';
import { DEFAULT_WAIT } from '../../src/core/model/settings.js';
import { parseDuration } from '../../src/core/lib/duration.js';

describe('docs/inputs.md, the reference of every action input', () => {
  it('is what scripts/inputs-reference.ts writes from the action.yml files (run it after changing one)', () => {
    expect(readFileSync(path.join(ROOT, 'docs/inputs.md'), 'utf8')).toBe(inputsReference());
  });

  it('has one row per input of every action.yml, with its type, default, required flag and description', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/inputs.md'), 'utf8');
    const files = actionFiles();
    expect(files).toContain('actions/tofu/action.yml');
    for (const file of files) {
      const action = YAML.parse(readFileSync(path.join(ROOT, file), 'utf8'));
      const section = doc
        .split(`\n## org/deploy${file === 'action.yml' ? ' (root action)' : `/${path.dirname(file)}`}\n`)[1]!
        .split('\n## ')[0]!;
      for (const [name, spec] of Object.entries(
        action.inputs as Record<string, { default?: string; required?: boolean }>,
      )) {
        const row = section.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
        expect(row, `${file} ${name}`).toBeDefined();
        const [, , type, fallback, required, description] = row!.split(/(?<!\\)\|/).map((c) => c.trim());
        expect(type, `${file} ${name}`).not.toBe('');
        const inCode =
          file === 'action.yml' ? (ROOT_INPUT_DEFAULTS_IN_CODE as Record<string, string>)[name] : undefined;
        expect(fallback, `${file} ${name}`).toBe(
          spec.default
            ? `\`${String(spec.default).replace(/\|/g, '\\|')}\``
            : inCode
              ? `\`${inCode}\` (applied by the action)`
              : '',
        );
        expect(required).toBe(spec.required ? 'yes' : 'no');
        expect(description, `${file} ${name}`).not.toBe('');
      }
    }
  });

  it('keeps the defaults the action applies itself out of action.yml (the runner would pass them as written) and names them in the description', () => {
    const root = YAML.parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as {
      inputs: Record<string, { default?: string; description: string }>;
    };
    for (const [name, value] of Object.entries(ROOT_INPUT_DEFAULTS_IN_CODE)) {
      expect(root.inputs[name], name).toBeDefined();
      expect(root.inputs[name]!.default, `action.yml ${name} must not have a default:`).toBeUndefined();
      expect(root.inputs[name]!.description, name).toContain(`default ${value}`);
    }
    // The documented value is the one the settings apply when the input is unset.
    expect(parseDuration(ROOT_INPUT_DEFAULTS_IN_CODE.timeout, 'timeout')).toBe(DEFAULT_WAIT.timeoutMs);
    expect(parseDuration(ROOT_INPUT_DEFAULTS_IN_CODE.interval, 'interval')).toBe(DEFAULT_WAIT.intervalMs);
  });

  it('refuses an input without a type, naming it and its file', () => {
    const text = 'name: x\ndescription: x\ninputs:\n  brand-new:\n    description: something\n';
    expect(() => renderInputsReference([{ file: 'actions/new/action.yml', text }])).toThrow(
      'actions/new/action.yml: input brand-new has no type in scripts/inputs-reference.ts (TYPES)',
    );
  });

  it('writes text that is not Markdown or HTML as text (a pipe, a <placeholder>)', () => {
    const text =
      "name: x\ndescription: 'a | b'\ninputs:\n  config:\n    description: 'Path <dir>/x | y'\n    default: 'a|b'\n";
    const doc = renderInputsReference([{ file: 'actions/x/action.yml', text }]);
    expect(doc).toContain('| `config` | path | `a\\|b` | no | Path &lt;dir&gt;/x \\| y |');
  });
});
