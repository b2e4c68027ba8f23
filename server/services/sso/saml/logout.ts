import type { AppContext } from '../../../context';
import { loadSsoConfig } from '../config';
import { samlClient, spEndpoints } from './sp';

/**
 * Single logout: after the local session has ended, the address that asks the account's IdP to
 * end its session too (a signed LogoutRequest, HTTP-Redirect binding), or undefined when the
 * IdP offers no single logout or the user never signed in through it. The core logout sends
 * the browser there; the IdP then comes back to our SLO address, which lands on the sign-in page.
 * `signedIn`: the NameID and SessionIndex of the session's own assertion, which name the IdP
 * session to end; without them (a session older than this), the NameID the IdP sent last.
 */
export async function samlLogoutUrl(
  ctx: Pick<AppContext, 'config' | 'db' | 'secrets'>,
  options: {
    accountId: string;
    userId: string;
    signedIn?: { nameId: string; nameIdFormat?: string; sessionIndex?: string } | undefined;
  },
): Promise<string | undefined> {
  const config = await loadSsoConfig(ctx.db, options.accountId);
  if (config?.protocol !== 'saml' || !config.saml.idpSloUrl) return undefined;
  const nameId = options.signedIn?.nameId ?? (await newestNameId(ctx, options));
  if (!nameId) return undefined;
  const saml = await samlClient(ctx, config);
  const sp = spEndpoints(ctx.config.publicOrigin, options.accountId);
  const { sessionIndex, nameIdFormat } = options.signedIn ?? {};
  return saml.getLogoutUrlAsync(
    {
      issuer: sp.entityId,
      nameID: nameId,
      nameIDFormat: nameIdFormat ?? 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
      ...(sessionIndex ? { sessionIndex } : {}),
    },
    '',
    {},
  );
}

/** The newest binding of the user to the IdP: the NameID it sent last. */
async function newestNameId(
  ctx: Pick<AppContext, 'db'>,
  options: { accountId: string; userId: string },
): Promise<string | undefined> {
  const identity = await ctx.db
    .selectFrom('sso_identities')
    .select('subject')
    .where('account_id', '=', options.accountId)
    .where('user_id', '=', options.userId)
    .where('protocol', '=', 'saml')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return identity?.subject;
}
