import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/action-runner.js';

const SCRIPT = path.join(ROOT, 'scripts', 'check-imports.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'check-imports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let trees = 0;
/** A source tree of the given files (path -> text) checked by the script as `npm run lint` runs it. */
function check(files: Record<string, string>) {
  const root = path.join(dir, `tree-${++trees}`);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const r = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const LAYERED = {
  'src/core/lib/errors.ts': 'export class UserError extends Error {}\n',
  'src/core/model/settings.ts': "import { UserError } from '../lib/errors.js';\nexport const x = UserError;\n",
  'src/core/steps/index.ts': "import type { x } from '../model/settings.js';\nexport const steps = [];\n",
  'src/core/steps/opentofu.ts': "export const step = 'opentofu-init';\n",
  'src/core/engine/engine.ts': "import { steps } from '../steps/index.js';\nexport const run = steps;\n",
};

describe('scripts/check-imports.mjs: the layering of src/', () => {
  it('passes the project as it is', () => {
    const r = spawnSync(process.execPath, [SCRIPT], { cwd: ROOT, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('passes a tree whose imports all point down', () => {
    const r = check(LAYERED);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it.each([
    [
      'an import cycle',
      {
        'src/core/lib/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
        'src/core/lib/b.ts': "import type { a } from './a.js';\nexport const b = 1;\n",
      },
      'import cycle: src/core/lib/a.ts <-> src/core/lib/b.ts',
    ],
    [
      'an import from a lower folder to a higher one',
      { 'src/core/lib/files.ts': "import { x } from '../model/settings.js';\nexport const f = x;\n" },
      'src/core/lib/files.ts imports src/core/model/settings.ts: src/core/model/ is not below src/core/lib/',
    ],
    [
      'an import between two folders of one layer',
      {
        'src/core/kube/nodes.ts': 'export const n = 1;\n',
        'src/core/openstack/keystone.ts': "import { n } from '../kube/nodes.js';\nexport const k = n;\n",
      },
      'src/core/openstack/keystone.ts imports src/core/kube/nodes.ts: src/core/kube/ is not below src/core/openstack/',
    ],
    [
      'a step file imported from outside the step list',
      { 'src/core/engine/plan.ts': "import { step } from '../steps/opentofu.js';\nexport const p = step;\n" },
      'src/core/engine/plan.ts imports the step file src/core/steps/opentofu.ts',
    ],
    [
      'a file outside every folder of the layering',
      { 'src/core/helpers.ts': 'export const h = 1;\n' },
      'src/core/helpers.ts: not in any folder of the layering',
    ],
  ])('fails %s, naming the import', (_what, extra, message) => {
    const r = check({ ...LAYERED, ...extra });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(message);
  });
});
