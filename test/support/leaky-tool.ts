// A tofu provisioner that prints secrets nobody registers in the forms tools print them (shared by the sandbox's
// engine test and the action's).
// Secrets nobody registers: a state backend's key in the job's environment (found by its name) and
// a TF_VAR_ of a variable the module declares sensitive. A provisioner (a tool run by tofu, with
// tofu's environment) prints each in the forms tools print, then fails; nothing the run writes
// may hold any of them.
export const BACKEND_KEY = 'ArmAccessKey+canary/0123456789abcdefXYZ==';
export const SENSITIVE_VAR = 'Sensitive "var" canary ✓ 42';
export const NOT_SENSITIVE = 'plain-tfvar-value-shown';

export const LEAKY_TOOL = `
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

const b64 = (s: string, pad: number, url: boolean) =>
  Buffer.from(`${'p'.repeat(pad)}${s}?`).toString(url ? 'base64url' : 'base64');

/** Every form the leaky tool prints of `s`, as it must never appear (the middle of each base64: its edges mix in the padding). */
export const leakedForms = (s: string): string[] => [
  s,
  JSON.stringify(s).slice(1, -1),
  JSON.stringify(s)
    .slice(1, -1)
    .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  new URLSearchParams({ v: s }).toString().slice(2),
  // the middle of each base64 (its edges mix in the padding around the value)
  ...[0, 1, 2].flatMap((pad) => [b64(s, pad, false), b64(s, pad, true)].map((e) => e.slice(4, -6))),
];
