import type { AppContext } from '../../context';
import { oidcLogoutUrl } from './oidc';
import { openLogoutHint } from './logout-hint';
import { samlLogoutUrl } from './saml/logout';

/** Where the IdP's own sign-out comes back to: our sign-in page. */
const AFTER_IDP_LOGOUT = '/rpc-app/reseller/login';

/**
 * Single logout: after our logout has ended the local session, the IdP's sign-out address when
 * the session was opened through SSO and the IdP offers one (OIDC end_session_endpoint, SAML
 * SingleLogoutService), else null. The browser goes there and the IdP sends it back to us.
 */
export async function ssoLogoutUrl(ctx: AppContext, sessionId: string): Promise<string | null> {
  const session = await ctx.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.subject_id')
    .select([
      'sessions.sign_in_method',
      'sessions.sso_logout_sealed',
      'users.id as userId',
      'users.account_id as accountId',
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.subject_kind', '=', 'reseller')
    .executeTakeFirst();
  if (!session) return null;
  const hint = openLogoutHint(ctx.secrets.fieldKey, session.sso_logout_sealed);
  try {
    if (session.sign_in_method === 'sso_oidc') {
      const idToken = hint?.protocol === 'oidc' ? hint.idToken : undefined;
      return await oidcLogoutUrl(ctx, session.accountId, AFTER_IDP_LOGOUT, idToken);
    }
    if (session.sign_in_method === 'sso_saml') {
      const signedIn = hint?.protocol === 'saml' ? hint : undefined;
      const { accountId, userId } = session;
      return (await samlLogoutUrl(ctx, { accountId, userId, signedIn })) ?? null;
    }
  } catch {
    // The IdP's sign-out is a courtesy: our own sign-out has happened whatever it does.
    return null;
  }
  return null;
}
