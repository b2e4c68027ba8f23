import type { AppContext } from '../../../context';

/** What the SAML services use of the app's context. */
type SamlContext = Pick<AppContext, 'config' | 'db' | 'secrets'>;
import { addSeconds, nowIso } from '../../clock';
import { randomToken } from '../../crypto';
import type { SsoConfig } from '../config';
import { samlClient } from './sp';

/** How long the IdP has to send the user back (a sign-in page, a second factor, a coffee). */
const REQUEST_TTL_SECONDS = 15 * 60;

/**
 * Starts an SP-initiated SAML sign-in: records the AuthnRequest's ID (the InResponseTo the
 * answer must carry, usable once, on any instance) and answers the IdP address the browser goes
 * to, the signed AuthnRequest in its query (HTTP-Redirect binding).
 */
export async function startSamlSignIn(
  ctx: SamlContext,
  config: SsoConfig,
  options: { testOnly: boolean; returnPath: string },
): Promise<string> {
  // An XML ID must not start with a digit; the random part is what makes it unguessable.
  const id = `_${randomToken(24)}`;
  const now = nowIso();
  await ctx.db
    .insertInto('sso_requests')
    .values({
      id,
      account_id: config.accountId,
      protocol: 'saml',
      return_path: options.returnPath,
      test_only: options.testOnly ? 1 : 0,
      created_at: now,
      expires_at: addSeconds(now, REQUEST_TTL_SECONDS),
    })
    .execute();
  const saml = await samlClient(ctx, config, { requestId: id });
  return saml.getAuthorizeUrlAsync('', undefined, {});
}
