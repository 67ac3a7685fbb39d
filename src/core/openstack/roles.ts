/**
 * The roles an OpenStack credential carries, read from its Keystone token, and the rule for a
 * credential that plans a pull request's code: `tofu plan` runs that code (a `data "external"`
 * source, a provider or module from anywhere), so the credential it gets should only read.
 *
 * Keystone facts this rests on (checked against a real Keystone, Zed, and the test fixture): a token
 * lists its roles in `token.roles` (`[{id, name}]`); an application credential's token lists
 * exactly the roles it was restricted to, with no implied roles (a `member` credential shows
 * `member`, not `reader`); one created without a roles list carries every role of its creator;
 * `application_credential.restricted` is no role restriction (it only forbids managing other
 * credentials), so it is not read here.
 */

import { z } from 'zod';
import type { AuthMethod } from './credentials.js';
import { UserError } from '../lib/errors.js';

/** The only role a plan credential should carry. */
const READER_ROLE = 'reader';

/** `plan-credential` (input) / `--plan-credential` (flag): `any` warns on a pull request, `reader-only` refuses. */
export const PLAN_CREDENTIAL_POLICIES = ['any', 'reader-only'] as const;
export type PlanCredentialPolicy = (typeof PLAN_CREDENTIAL_POLICIES)[number];

/** `token.roles` of POST /v3/auth/tokens; a malformed entry counts as a role we cannot name. */
export const TokenRolesSchema = z
  .array(
    z
      .object({ name: z.string().optional().catch(undefined) })
      .nullish()
      .catch(undefined),
  )
  .optional()
  .catch(undefined);

/**
 * The role names of a token, sorted, or undefined when the token lists none we can read: a token
 * without roles (or with an unnamed one) proves nothing about what the credential can do.
 */
export function tokenRoleNames(roles: z.infer<typeof TokenRolesSchema>): string[] | undefined {
  if (!roles || roles.length === 0) return undefined;
  const names = roles.map((role) => role?.name?.trim());
  if (names.some((name) => !name)) return undefined;
  return [...new Set(names as string[])].sort();
}

/** How the settings are spelled where the user gave them: the action's inputs or the CLI's flags. */
export interface PlanCredentialNames {
  /** `plan-credential: reader-only` or `--plan-credential reader-only` */
  readerOnly: string;
  /** `skip-auth-check` or `--skip-auth-check` */
  skipAuthCheck: string;
}

export const ACTION_NAMES: PlanCredentialNames = {
  readerOnly: 'plan-credential: reader-only',
  skipAuthCheck: 'skip-auth-check',
};
export const CLI_NAMES: PlanCredentialNames = {
  readerOnly: '--plan-credential reader-only',
  skipAuthCheck: '--skip-auth-check',
};

export interface PlanCredentialRule {
  policy: PlanCredentialPolicy;
  /**
   * The plan runs code nobody has reviewed yet: a pull-request event. A push or dispatch plans
   * trusted code (the plan job of a deploy), which may hold a credential that writes.
   */
  untrustedCode: boolean;
  names: PlanCredentialNames;
}

/** What the live check read: the roles (undefined when the token named none) and how it authenticated. */
export interface CredentialRoles {
  roles: readonly string[] | undefined;
  method: AuthMethod;
}

export type PlanCredentialVerdict =
  /** `detail` is one line for the log: the roles, or why they were not checked. */
  { kind: 'ok'; detail: string } | { kind: 'warning'; message: string };

/**
 * Judges the credential a plan or check runs with. `checked` is undefined when the live check was
 * skipped. Returns a warning for a credential that can do more than read while the plan runs a pull
 * request's code; throws a UserError (before any tofu command) for one `reader-only` does not accept.
 */
export function judgePlanCredential(
  checked: CredentialRoles | undefined,
  rule: PlanCredentialRule,
): PlanCredentialVerdict {
  const { names } = rule;
  if (!checked) {
    if (rule.policy === 'reader-only') {
      throw new UserError(
        `${names.readerOnly}: the credential's roles could not be checked, as ${names.skipAuthCheck} is set (the roles come from the live Keystone check); drop ${names.skipAuthCheck}, or drop ${names.readerOnly}`,
      );
    }
    return { kind: 'ok', detail: `roles not checked (${names.skipAuthCheck})` };
  }
  const beyondReader = checked.roles?.filter((role) => role.toLowerCase() !== READER_ROLE);
  if (checked.roles && beyondReader?.length === 0) return { kind: 'ok', detail: `roles: ${checked.roles.join(', ')}` };
  if (rule.policy !== 'reader-only' && !rule.untrustedCode) {
    return { kind: 'ok', detail: `roles: ${checked.roles?.join(', ') ?? '(none named in the token)'}` };
  }
  const problem = describeRoles(checked, beyondReader);
  if (rule.policy === 'reader-only') {
    throw new UserError(`${names.readerOnly}: ${problem}; nothing was planned. ${howToFix(checked.method)}`);
  }
  return {
    kind: 'warning',
    message:
      `${problem}, and this plan runs the pull request's code (tofu plan runs its data sources, providers and modules), which can use it to change the cloud. ` +
      `${howToFix(checked.method)} Then set ${names.readerOnly} to refuse any other.`,
  };
}

function describeRoles(checked: CredentialRoles, beyondReader: readonly string[] | undefined): string {
  if (!checked.roles) return 'the Keystone token of the plan credential names no roles, so it may be able to write';
  const plural = beyondReader!.length === 1 ? 'role' : 'roles';
  return `the plan credential carries the ${plural} ${beyondReader!.join(', ')}, more than ${READER_ROLE}`;
}

/** What to do, and why `reader` alone is not the whole answer. */
function howToFix(method: AuthMethod): string {
  const credential =
    method === 'password'
      ? `A password carries every role of its user; give plans an application credential restricted to ${READER_ROLE}`
      : `Give plans their own application credential restricted to ${READER_ROLE} (one created without a roles list carries every role of its creator)`;
  return (
    `${credential}: \`openstack application credential create --role ${READER_ROLE} <name>\`, in its own secret. ` +
    `${READER_ROLE} is read-only only where the cloud's services enforce the new policy defaults (oslo.policy enforce_new_defaults, the default from OpenStack 2024.2); ` +
    'under the older admin_or_owner rules any role in the project can write: ask the cloud operator which applies.'
  );
}
