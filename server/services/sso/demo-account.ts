import type { Executor } from '../../db/database';
import { encryptField } from '../crypto';
import type { FieldKeys } from '../secrets';

/*
 * The demo's single sign-on: the account of sso@example.com (Brightside IT) signs in through the
 * demo identity provider our server mounts at /demo-idp (routes/sso-demo-idp.ts).
 */

export const DEMO_IDP_PATH = '/demo-idp';
export const DEMO_IDP_CLIENT_ID = 'rpc-console-demo';
/** A demo's secret, published on purpose: the demo IdP only ever signs in the demo user. */
export const DEMO_IDP_CLIENT_SECRET = 'demo-sso-client-secret-not-for-production';
export const DEMO_SSO_NAME = 'brightside';

/**
 * The issuer is stored as the path alone: the server resolves it against its public origin at
 * run time (oidc.ts resolveIssuer), so the demo works on whatever address the server is given.
 */
export async function seedSsoDemo(
  tx: Executor,
  fieldKey: FieldKeys,
  accountId: string,
  now: string,
): Promise<void> {
  await tx
    .insertInto('sso_configs')
    .values({
      account_id: accountId,
      protocol: 'oidc',
      // Only the users whose user_sso_status is 1 (sso@example.com): the rest sign in as before.
      scope: 'users',
      sso_name: DEMO_SSO_NAME,
      oidc_issuer: DEMO_IDP_PATH,
      oidc_client_id: DEMO_IDP_CLIENT_ID,
      oidc_client_secret_sealed: encryptField(fieldKey, DEMO_IDP_CLIENT_SECRET),
      tested_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
