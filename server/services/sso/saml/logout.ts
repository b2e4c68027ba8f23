import type { AppContext } from '../../../context';
import { loadSsoConfig } from '../config';
import { samlClient, spEndpoints } from './sp';

/**
 * Single logout: after the local session has ended, the address that asks the account's IdP to
 * end its session too (a signed LogoutRequest, HTTP-Redirect binding), or undefined when the
 * IdP offers no single logout or the user never signed in through it. The core logout sends
 * the browser there; the IdP then comes back to our SLO address, which lands on the sign-in page.
 */
export async function samlLogoutUrl(
  ctx: Pick<AppContext, 'config' | 'db' | 'secrets'>,
  options: { accountId: string; userId: string; sessionIndex?: string },
): Promise<string | undefined> {
  const config = await loadSsoConfig(ctx.db, options.accountId);
  if (config?.protocol !== 'saml' || !config.saml.idpSloUrl) return undefined;
  const identity = await ctx.db
    .selectFrom('sso_identities')
    .select('subject')
    .where('account_id', '=', options.accountId)
    .where('user_id', '=', options.userId)
    .where('protocol', '=', 'saml')
    // The newest binding: the NameID the IdP sent last (a session does not keep its own).
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!identity) return undefined;
  const saml = await samlClient(ctx, config);
  const sp = spEndpoints(ctx.config.publicOrigin, options.accountId);
  return saml.getLogoutUrlAsync(
    {
      issuer: sp.entityId,
      nameID: identity.subject,
      nameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
      ...(options.sessionIndex ? { sessionIndex: options.sessionIndex } : {}),
    },
    '',
    {},
  );
}
