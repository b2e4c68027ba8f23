import { errorCodes } from '../../../src/domain/api/envelope';
import { formatMessage } from '../../../src/domain/messages';
import { safeReturnPath } from '../../../src/domain/return-path';
import { AppError } from '../../app-error';
import type { AppContext } from '../../context';
import { isSsoEnabledFor } from './complete-sign-in';
import { findSsoConfigForLogin, loadSsoConfig, type SsoConfig } from './config';
import { startOidcSignIn } from './oidc';
import { startSamlSignIn } from './saml/start';

const notEnabled = () =>
  new AppError(errorCodes.FORBIDDEN, formatMessage('sso.not.enabled'), {
    status: 403,
    field: 'login',
  });

/** The IdP address for a sign-in (or the admin's test) through the account's configuration. */
export async function identityProviderUrl(
  ctx: AppContext,
  sso: SsoConfig,
  options: { returnPath: string | null; testOnly: boolean },
): Promise<string> {
  if (sso.protocol === 'oidc') return startOidcSignIn(ctx, sso, options);
  return startSamlSignIn(ctx, sso, {
    testOnly: options.testOnly,
    returnPath: options.returnPath ?? '',
  });
}

/**
 * "Sign in with SSO": the account whose SSO answers for what the user typed. Someone whose
 * account has no SSO on, or an e-mail whose user is not SSO-enabled, gets the spec's "not
 * SSO-enabled" message (the password path answers the reverse case).
 */
export async function startSsoSignIn(
  ctx: AppContext,
  login: string,
  returnPath: string | undefined,
): Promise<string> {
  const sso = await findSsoConfigForLogin(ctx.db, login);
  if (!sso) throw notEnabled();
  const value = login.trim().toLowerCase();
  if (value !== sso.ssoName) {
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'account_id', 'email', 'role', 'status', 'sso_flag', 'user_sso_status'])
      .where('account_id', '=', sso.accountId)
      .where((eb) => eb.or([eb('email', '=', value), eb('username', '=', value)]))
      .where('status', '=', 'active')
      .execute();
    if (!user.some((candidate) => isSsoEnabledFor(candidate, sso))) throw notEnabled();
  }
  return identityProviderUrl(ctx, sso, {
    returnPath: safeReturnPath(returnPath),
    testOnly: false,
  });
}

/** The admin's "Test sign-in": the account's IdP, in test mode (no session at the end). */
export async function startSsoTest(ctx: AppContext, accountId: string): Promise<string> {
  const sso = await loadSsoConfig(ctx.db, accountId);
  if (!sso) {
    throw new AppError(errorCodes.RULE_FAILED, 'Save the single sign-on settings first.');
  }
  return identityProviderUrl(ctx, sso, { returnPath: null, testOnly: true });
}
