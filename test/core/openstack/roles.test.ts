import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/core/lib/errors.js';
import {
  ACTION_NAMES,
  CLI_NAMES,
  judgePlanCredential,
  type PlanCredentialRule,
  TokenRolesSchema,
  tokenRoleNames,
} from '../../../src/core/openstack/roles.js';

const pullRequest: PlanCredentialRule = { policy: 'any', untrustedCode: true, names: ACTION_NAMES };
const push: PlanCredentialRule = { policy: 'any', untrustedCode: false, names: ACTION_NAMES };
const readerOnly: PlanCredentialRule = { policy: 'reader-only', untrustedCode: false, names: ACTION_NAMES };
const appCred = (roles: string[] | undefined) => ({ roles, method: 'application-credential' as const });

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('the roles of a token', () => {
  it.each([
    [
      'the names, sorted and once each',
      [{ name: 'member' }, { name: 'reader' }, { name: 'member' }],
      ['member', 'reader'],
    ],
    ['none for an empty list', [], undefined],
    ['none when the token has no roles', undefined, undefined],
    ['none when a role has no name (it could be any role)', [{ name: 'reader' }, { id: 'x' }], undefined],
    ['none when a role is not an object', [{ name: 'reader' }, 'admin'], undefined],
    ['none when roles is not a list', { name: 'reader' }, undefined],
  ])('%s', (_, roles, expected) => {
    expect(tokenRoleNames(TokenRolesSchema.parse(roles))).toEqual(expected);
  });
});

describe('the plan credential rule', () => {
  it('accepts reader alone on a pull request, and with reader-only', () => {
    expect(judgePlanCredential(appCred(['reader']), pullRequest)).toEqual({ kind: 'ok', detail: 'roles: reader' });
    expect(judgePlanCredential(appCred(['Reader']), readerOnly).kind).toBe('ok');
  });

  it('warns on a pull request for every role beyond reader, saying what to do and when reader is read-only', () => {
    const verdict = judgePlanCredential(appCred(['admin', 'member', 'reader']), pullRequest);
    expect(verdict.kind).toBe('warning');
    const message = (verdict as { message: string }).message;
    expect(message).toContain('carries the roles admin, member, more than reader');
    expect(message).toContain("runs the pull request's code");
    expect(message).toContain('openstack application credential create --role reader <name>');
    expect(message).toContain('one created without a roles list carries every role of its creator');
    expect(message).toContain('enforce_new_defaults');
    expect(message).toContain('admin_or_owner');
    expect(message).toContain('set plan-credential: reader-only');
  });

  it('warns when the token names no roles: the credential may write', () => {
    const verdict = judgePlanCredential(appCred(undefined), pullRequest);
    expect(verdict.kind).toBe('warning');
    expect((verdict as { message: string }).message).toContain('names no roles');
  });

  it('tells a password user to use an application credential', () => {
    const verdict = judgePlanCredential({ roles: ['member'], method: 'password' }, pullRequest);
    expect((verdict as { message: string }).message).toContain(
      'A password carries every role of its user; give plans an application credential restricted to reader',
    );
  });

  it('never warns about a push or dispatch plan (trusted code), whatever its roles', () => {
    expect(judgePlanCredential(appCred(['member']), push)).toEqual({ kind: 'ok', detail: 'roles: member' });
    expect(judgePlanCredential(appCred(undefined), push).kind).toBe('ok');
  });

  it('refuses more than reader with reader-only on any event, before anything is planned', () => {
    for (const rule of [readerOnly, { ...readerOnly, untrustedCode: true }]) {
      expect(refusal(() => judgePlanCredential(appCred(['member']), rule))).toMatch(
        /^plan-credential: reader-only: the plan credential carries the role member, more than reader; nothing was planned\. Give plans their own application credential restricted to reader/,
      );
    }
    expect(refusal(() => judgePlanCredential(appCred(undefined), readerOnly))).toContain('names no roles');
  });

  it('refuses reader-only when the live check is skipped, saying the roles could not be checked', () => {
    expect(refusal(() => judgePlanCredential(undefined, readerOnly))).toBe(
      "plan-credential: reader-only: the credential's roles could not be checked, as skip-auth-check is set (the roles come from the live Keystone check); drop skip-auth-check, or drop plan-credential: reader-only",
    );
    expect(refusal(() => judgePlanCredential(undefined, { ...readerOnly, names: CLI_NAMES }))).toContain(
      '--plan-credential reader-only: the credential',
    );
    expect(judgePlanCredential(undefined, pullRequest)).toEqual({
      kind: 'ok',
      detail: 'roles not checked (skip-auth-check)',
    });
  });
});
