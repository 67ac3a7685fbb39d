import { SUBSTANTIAL_SECRET_LENGTH } from './secret-forms.js';

/**
 * Which values of a command's environment are secrets by their name, so the redactor masks them
 * though nobody registered them: the state backend's keys set in a workflow's `env:`, tokens,
 * passwords, and the `TF_VAR_*` values of variables the module declares sensitive.
 */

/**
 * `*_SECRET*`, `*_TOKEN`, `*PASSWORD*`, `*_KEY`, and `*_PASSPHRASE`, `*_PASSWD`, `*_PASS`, `*_PWD`,
 * `*_CREDENTIALS`, `*_AUTH` (any case; the suffixes whole, so `PWD`, `SSL_PASSTHROUGH` and
 * `GIT_AUTHOR_NAME` are not); never a public one (`SSH_PUBLIC_KEY`).
 */
const SECRET_NAME = /_SECRET|_TOKEN$|PASSWORD|_KEY$|_(PASSPHRASE|PASSWD|PASS|PWD|CREDENTIALS|AUTH)$/i;
const PUBLIC_NAME = /PUBLIC/i;
/** Named like a secret, holding a path: Google's application default credentials name the key's file. */
const PATH_NAMES = new Set(['GOOGLE_APPLICATION_CREDENTIALS']);

/**
 * The state backends' credentials whose names the rule above misses (OpenTofu's backend docs):
 * pg's connection string (it holds the password), gcs's credentials file contents, consul's
 * `user:password`, and the registry's host tokens (`TF_TOKEN_<host>`).
 */
const BACKEND_SECRETS = new Set([
  'PG_CONN_STR',
  'GOOGLE_CREDENTIALS',
  'GOOGLE_BACKEND_CREDENTIALS',
  'CONSUL_HTTP_AUTH',
]);
const BACKEND_SECRET_PREFIXES = ['TF_TOKEN_'];

/** Whether a variable holds a secret by its name alone. */
export function isSecretName(name: string): boolean {
  const upper = name.toUpperCase();
  if (BACKEND_SECRETS.has(upper) || BACKEND_SECRET_PREFIXES.some((prefix) => upper.startsWith(prefix))) return true;
  return SECRET_NAME.test(name) && !PUBLIC_NAME.test(name) && !PATH_NAMES.has(upper);
}

/**
 * The values of `env` to mask: those secret by their name, and `TF_VAR_<name>` for each variable
 * `sensitive` (the module's `sensitive = true` declarations), each at least SUBSTANTIAL_SECRET_LENGTH long.
 */
export function environmentSecrets(
  env: Readonly<Record<string, string | undefined>>,
  sensitive: ReadonlySet<string> = new Set(),
): string[] {
  const secrets: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value.trim().length < SUBSTANTIAL_SECRET_LENGTH) continue;
    const tfVar = name.startsWith('TF_VAR_') ? name.slice('TF_VAR_'.length) : undefined;
    if (isSecretName(name) || (tfVar !== undefined && sensitive.has(tfVar))) secrets.push(value);
  }
  return secrets;
}
