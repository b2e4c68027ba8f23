import { decryptField, encryptField } from '../crypto';
import type { FieldKeys } from '../secrets';

/**
 * What an IdP's sign-out asks about one sign-in, kept sealed with the session (and with a pending
 * second step before it): the OIDC ID token, sent back as `id_token_hint` (some providers refuse
 * a sign-out without it), or the SAML NameID and SessionIndex of the assertion, which say which
 * of the user's sessions at the IdP to end.
 */
export type SsoLogoutHint =
  | { protocol: 'oidc'; idToken: string }
  | { protocol: 'saml'; nameId: string; nameIdFormat?: string; sessionIndex?: string };

export const sealLogoutHint = (keys: FieldKeys, hint: SsoLogoutHint): string =>
  encryptField(keys, JSON.stringify(hint));

/**
 * The hint a session keeps; undefined without one, or when it no longer opens (its key was
 * retired): the IdP's sign-out is then asked without it, as a courtesy that may not go through.
 */
export function openLogoutHint(keys: FieldKeys, sealed: string | null): SsoLogoutHint | undefined {
  if (!sealed) return undefined;
  try {
    return JSON.parse(decryptField(keys, sealed)) as SsoLogoutHint;
  } catch {
    return undefined;
  }
}
