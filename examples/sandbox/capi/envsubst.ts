/**
 * The variable substitution `clusterctl generate cluster` applies to templates (drone/envsubst as
 * clusterctl uses it): `${VAR}`, `${VAR:=default}`, `${VAR:-default}` (also without the colon),
 * and `$$` for a literal `$`. Bare `$VAR` is left alone, so shell snippets in templates survive.
 */
const REFERENCE = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-=])([^}]*))?\}/g;

export interface TemplateVariable {
  name: string;
  /** The template's default (`${VAR:=d}`), when every use of the variable gives one. */
  defaultValue?: string;
}

/** The variables a template uses, sorted by name; a variable is optional only when every use has a default. */
export function templateVariables(template: string): TemplateVariable[] {
  const found = new Map<string, TemplateVariable>();
  for (const match of template.matchAll(REFERENCE)) {
    const [, name, operator, fallback] = match;
    if (!name) continue;
    const seen = found.get(name);
    const defaultValue = operator ? fallback : undefined;
    if (!seen) found.set(name, { name, defaultValue });
    else if (defaultValue === undefined) seen.defaultValue = undefined;
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export class MissingVariablesError extends Error {
  constructor(readonly variables: string[]) {
    super(
      `value for variables [${variables.join(', ')}] is not set. Please set the value using os environment variables or the clusterctl config file`,
    );
  }
}

/** Substitutes every reference; throws MissingVariablesError naming each variable that has neither value nor default. */
export function substitute(template: string, lookup: (name: string) => string | undefined): string {
  const missing = templateVariables(template).filter(
    (v) => v.defaultValue === undefined && lookup(v.name) === undefined,
  );
  if (missing.length > 0) throw new MissingVariablesError(missing.map((v) => v.name));
  return template.replace(
    REFERENCE,
    (_whole, name: string | undefined, operator: string | undefined, fallback: string | undefined) => {
      if (!name) return '$';
      const value = lookup(name);
      if (!operator) return value ?? '';
      // `:=`/`:-` also replace an empty value; `=`/`-` only an unset one.
      const useDefault = value === undefined || (operator.startsWith(':') && value === '');
      return useDefault ? (fallback ?? '') : value;
    },
  );
}
