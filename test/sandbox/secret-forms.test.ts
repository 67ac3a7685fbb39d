import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND_KEY, LEAKY_TOOL, leakedForms, NOT_SENSITIVE, SENSITIVE_VAR } from '../support/leaky-tool.js';
import { startSandbox, type SandboxRun } from '../support/sandbox.js';

async function textFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (/\.(json|log|txt|yaml|age)$/.test(entry.name)) out.push(await fs.readFile(file, 'utf8'));
  }
  return out;
}

describe('secrets the action is not told about, printed encoded by a tool of a sandbox run', () => {
  let run: SandboxRun;
  beforeAll(async () => {
    run = await startSandbox();
    await fs.writeFile(path.join(run.sandbox.clusterDir, 'leaky.tf'), LEAKY_TOOL);
  });
  afterAll(async () => run?.close());

  it('leaves no form of them in the console, the log, the error or the state', async () => {
    const env = {
      ...run.env,
      ARM_ACCESS_KEY: BACKEND_KEY,
      TF_VAR_db_admin_secret_value: SENSITIVE_VAR,
      TF_VAR_plain_note: NOT_SENSITIVE,
    };
    const { result, console } = await run.deploy({}, { env });
    expect(result.ok).toBe(false);
    expect(result.failedStep).toBe('opentofu-apply');
    expect(console).toContain('(local-exec): literal ***');
    // A TF_VAR_ of a variable not declared sensitive is shown as it is.
    expect(console).toContain(`(local-exec): plain ${NOT_SENSITIVE}`);
    const channels = [console, result.error ?? '', ...(await textFiles(run.stateDir))];
    for (const secret of [BACKEND_KEY, SENSITIVE_VAR]) {
      for (const form of leakedForms(secret)) for (const text of channels) expect(text).not.toContain(form);
    }
  });
});
