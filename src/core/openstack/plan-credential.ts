/**
 * The plan credential's roles, checked where a plan runs code: a dry run's `tofu plan`, and
 * `operation: check` (its preflight). Keystone is asked only when the answer matters: on a pull
 * request (a warning), or with `reader-only` (a refusal), so a trusted plan keeps working offline.
 */

import type { OpenStackCredentials } from './credentials.js';
import { checkOpenStackAuth } from './keystone.js';
import { judgePlanCredential, type PlanCredentialRule, type PlanCredentialVerdict } from './roles.js';

export interface PlanCredentialCheck {
  rule: PlanCredentialRule;
  /** The live Keystone check; off with skip-auth-check. */
  authCheck: { enabled: boolean; timeoutMs: number };
}

/** Whether the roles need reading at all: a warning or refusal can follow. */
function rolesMatter(rule: PlanCredentialRule): boolean {
  return rule.untrustedCode || rule.policy === 'reader-only';
}

/**
 * Reads the credential's roles from a Keystone token and judges them: a warning to show, or a
 * UserError (reader-only) before any tofu command runs. A Keystone failure is the preflight's own,
 * naming the credential and what to do.
 */
export async function checkPlanCredential(
  credentials: OpenStackCredentials,
  check: PlanCredentialCheck,
): Promise<PlanCredentialVerdict> {
  if (!rolesMatter(check.rule)) return { kind: 'ok', detail: 'roles not checked (trusted code)' };
  if (!check.authCheck.enabled) return judgePlanCredential(undefined, check.rule);
  const { roles, method } = await checkOpenStackAuth(credentials, { timeoutMs: check.authCheck.timeoutMs });
  return judgePlanCredential({ roles, method }, check.rule);
}
