/**
 * Extra variables for ansible-playbook, typed. `-e key=value` makes every value a string; from
 * ansible-core 2.19 (Kubespray v2.32) a string in a boolean conditional is an error, and Kubespray's
 * validate_inventory already refuses known booleans given as strings ("Use JSON format on CLI",
 * roles/validate_inventory/tasks/main.yml). JSON keeps `false` a boolean under 2.18 and 2.19 alike.
 */
export type ExtraVarValue = string | number | boolean | readonly string[];
export type ExtraVars = Readonly<Record<string, ExtraVarValue>>;

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `['-e', '{"reset_nodes":false}']`, or nothing for no variables; keys in a stable order (plans and digests compare them). */
export function extraVarsArgs(vars: ExtraVars): string[] {
  const keys = Object.keys(vars).sort();
  if (keys.length === 0) return [];
  const ordered: Record<string, ExtraVarValue> = {};
  for (const key of keys) {
    // Our own names only: a bad one is a bug, never user input.
    if (!VARIABLE_NAME.test(key)) throw new Error(`not an Ansible variable name: ${JSON.stringify(key)}`);
    ordered[key] = vars[key]!;
  }
  return ['-e', JSON.stringify(ordered)];
}
