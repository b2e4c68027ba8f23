/**
 * Who may call an API route. Every `/rpc-api` and `/reseller-api` route declares one of these in
 * its Fastify route `config` (next to its schema); the server refuses to start with a route that
 * has none, and one hook enforces it (server/plugins/route-policy.ts). The permissions are the
 * role table's (`permissions` in roles.ts): this file adds no rule of its own.
 */
import { can, type Permission, type ResellerRole } from './roles';

export type RoutePolicy =
  /** Anyone: sign-in, signup, links from mails, health. */
  | { access: 'public' }
  /** A signed-in reseller user whose role carries the permission. */
  | { access: 'reseller'; permission: Permission }
  /** A signed-in partner (partners have no roles). */
  | { access: 'partner' }
  /** A reseller half-way through sign-in, between the password and the two-factor code. */
  | { access: 'twofa-challenge' }
  /** The account's API key (`/reseller-api`): it acts as the account's administrator. */
  | { access: 'api-key'; permission: Permission }
  /**
   * An identity provider's answer, posted by the browser from the IdP's page (the SAML ACS):
   * anonymous, and exempt from CSRF because no token can exist on a cross-site form POST. The
   * signed message, bound to a request this server issued (or an IdP-initiated sign-in the
   * admin allowed), is the proof instead; the route checks it.
   */
  | { access: 'identity-provider' };

/** The role a call made with the account's API key acts as. */
export const API_KEY_ROLE: ResellerRole = 'admin';

/** Whether a caller of this role passes the policy's permission (true when it names none). */
export function policyAdmits(policy: RoutePolicy, role: ResellerRole): boolean {
  if (policy.access !== 'reseller' && policy.access !== 'api-key') return true;
  return can(role, policy.permission);
}

/** Shorthands for route configs: `config: policy.reseller('users.manage')`. */
export const policy = {
  public: { policy: { access: 'public' } } as { policy: RoutePolicy },
  partner: { policy: { access: 'partner' } } as { policy: RoutePolicy },
  twofaChallenge: { policy: { access: 'twofa-challenge' } } as { policy: RoutePolicy },
  identityProvider: { policy: { access: 'identity-provider' } } as { policy: RoutePolicy },
  reseller: (permission: Permission): { policy: RoutePolicy } => ({
    policy: { access: 'reseller', permission },
  }),
  apiKey: (permission: Permission): { policy: RoutePolicy } => ({
    policy: { access: 'api-key', permission },
  }),
};
