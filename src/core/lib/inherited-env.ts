import { SUBSTANTIAL_SECRET_LENGTH, secretLines } from './secret-forms.js';

/**
 * What a command we start may inherit from our own environment. Commands run code we did not write
 * (tofu runs a pull request's data sources and providers, Kubespray runs Ansible), so they get none
 * of the runner's credentials: only what the tools need, and what a step adds for itself.
 */

/**
 * Runner variables no tool of ours uses: the job's tokens (the workflow's GITHUB_TOKEN, gh's
 * GH_TOKEN), the JavaScript-action runtime (artifacts, cache, OIDC tokens: the runner gives them to
 * actions only, never to `run:` steps) and the workflow-command files (a line appended to GITHUB_ENV
 * would set variables for the job's later steps).
 */
const RUNNER_VARIABLES = new Set([
  'GITHUB_TOKEN',
  'GH_TOKEN',
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_RUNTIME_URL',
  'ACTIONS_RESULTS_URL',
  'ACTIONS_CACHE_URL',
  'ACTIONS_CACHE_SERVICE_V2',
  'GITHUB_ENV',
  'GITHUB_OUTPUT',
  'GITHUB_STATE',
  'GITHUB_PATH',
  'GITHUB_STEP_SUMMARY',
]);

/**
 * Prefixes of the same: action inputs (`INPUT_GITHUB-TOKEN`, the passphrases), action state saved for
 * the post step, OIDC token requests, and OpenStack credentials (the run sets its resolved OS_* set
 * itself; a stale one inherited would conflict with it).
 */
const RUNNER_PREFIXES = ['INPUT_', 'STATE_', 'ACTIONS_ID_TOKEN_REQUEST_', 'OS_'];

/** Whether `name` is a runner credential or input that no command inherits (see above). */
export function isWithheldVariable(name: string): boolean {
  const upper = name.toUpperCase();
  return RUNNER_VARIABLES.has(upper) || RUNNER_PREFIXES.some((prefix) => upper.startsWith(prefix));
}

/**
 * Variables only OpenTofu reads: its own settings and credentials (`TF_VAR_*`, `TF_TOKEN_*` for
 * registries, `TF_HTTP_*` for the http backend, `TF_CLI_*`) and the state backend's keys the
 * documented backends read from the environment (s3, which serves Swift's S3 API too: `AWS_*`;
 * pg: `PG_CONN_STR`, `PG_SCHEMA_NAME` and libpq's password and user; gcs's and consul's
 * credentials). The state key can write the state, so pip (which runs the build code of what it
 * installs), git, Ansible (its amazon.aws modules read `AWS_*`) and kubectl never see it.
 */
const TOFU_ONLY_PREFIXES = ['TF_', 'AWS_'];
const TOFU_ONLY_VARIABLES = new Set([
  'PG_CONN_STR',
  'PG_SCHEMA_NAME',
  'PGPASSWORD',
  'PGPASSFILE',
  'PGUSER',
  'GOOGLE_CREDENTIALS',
  'GOOGLE_BACKEND_CREDENTIALS',
  'CONSUL_HTTP_AUTH',
  'CONSUL_HTTP_TOKEN',
]);

/** Whether `name` is for OpenTofu alone (see above): every other command goes without it. */
export function isTofuOnlyVariable(name: string): boolean {
  const upper = name.toUpperCase();
  return TOFU_ONLY_VARIABLES.has(upper) || TOFU_ONLY_PREFIXES.some((prefix) => upper.startsWith(prefix));
}

/** `env` without what only OpenTofu reads. */
export function withoutTofuOnly(env: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !isTofuOnlyVariable(name)));
}

/**
 * `env` without the runner's credentials and inputs, and without any variable holding one of the
 * `withheld` secrets (the passphrases, the GitHub token) under a name of the user's choosing
 * (`env: PASSPHRASE: ${{ secrets.… }}` on the job). A step that does use a secret sets it itself.
 */
export function inheritedEnvironment(
  env: Readonly<Record<string, string>>,
  withheld: readonly string[] = [],
): Record<string, string> {
  // A multi-line secret (a key) is found by its lines too, as the redactor masks them.
  const secrets = withheld
    .map((secret) => secret.trim())
    .filter((secret) => secret !== '')
    .flatMap((secret) => [secret, ...secretLines(secret)]);
  // A short secret is matched only as a whole value: it could be part of PATH.
  const holdsSecret = (value: string) =>
    secrets.some((secret) =>
      secret.length >= SUBSTANTIAL_SECRET_LENGTH ? value.includes(secret) : value.trim() === secret,
    );
  return Object.fromEntries(
    Object.entries(env).filter(([name, value]) => !isWithheldVariable(name) && !holdsSecret(value)),
  );
}
