import { promises as fs } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxRun } from '../support/sandbox.js';

// Secrets nobody registers: a state backend's key in the job's environment (found by its name) and
// a TF_VAR_ of a variable the module declares sensitive. A provisioner (a tool run by tofu, with
// tofu's environment) prints each in the forms tools print, then fails; nothing the run writes
// may hold any of them.
const BACKEND_KEY = 'ArmAccessKey+canary/0123456789abcdefXYZ==';
const SENSITIVE_VAR = 'Sensitive "var" canary ✓ 42';
const NOT_SENSITIVE = 'plain-tfvar-value-shown';

const LEAKY_TOOL = `
variable "db_admin_secret_value" {
  type      = string
  default   = ""
  sensitive = true
}

variable "plain_note" {
  type    = string
  default = ""
}

resource "terraform_data" "leaky_tool" {
  provisioner "local-exec" {
    interpreter = ["python3", "-c"]
    command     = <<-PY
      import base64, json, os, sys, urllib.parse
      for name in ("ARM_ACCESS_KEY", "TF_VAR_db_admin_secret_value"):
          s = os.environ[name]
          print("literal", s)
          print("json", json.dumps({"v": s}))
          print("json-js", json.dumps({"v": s}, ensure_ascii=False))
          print("url", urllib.parse.quote_plus(s))
          for pad in range(3):
              p = ("p" * pad + s + "?").encode()
              print("b64", base64.b64encode(p).decode(), base64.urlsafe_b64encode(p).decode())
      print("plain", os.environ["TF_VAR_plain_note"])
      sys.exit(1)
    PY
  }
}
`;

async function textFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (/\.(json|log|txt|yaml|age)$/.test(entry.name)) out.push(await fs.readFile(file, 'utf8'));
  }
  return out;
}

const b64 = (s: string, pad: number, url: boolean) =>
  Buffer.from(`${'p'.repeat(pad)}${s}?`).toString(url ? 'base64url' : 'base64');

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
    const forms = (s: string) => [
      s,
      JSON.stringify(s).slice(1, -1),
      JSON.stringify(s)
        .slice(1, -1)
        .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
      new URLSearchParams({ v: s }).toString().slice(2),
      // the middle of each base64 (its edges mix in the padding around the value)
      ...[0, 1, 2].flatMap((pad) => [b64(s, pad, false), b64(s, pad, true)].map((e) => e.slice(4, -6))),
    ];
    for (const secret of [BACKEND_KEY, SENSITIVE_VAR]) {
      for (const form of forms(secret)) for (const text of channels) expect(text).not.toContain(form);
    }
  });
});
