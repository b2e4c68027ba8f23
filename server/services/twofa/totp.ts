import { Secret, TOTP } from 'otpauth';

/** RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;

/** A new random TOTP secret (160 bits), base32 as authenticator apps expect. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secretBase32: string, label = '', issuer = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const totpUri = (secretBase32: string, label: string, issuer: string): string =>
  totpOf(secretBase32, label, issuer).toString();

/** The code for a moment (for tests and the demo). */
export const totpCode = (secretBase32: string, timestampMs = Date.now()): string =>
  totpOf(secretBase32).generate({ timestamp: timestampMs });

/**
 * The time step a code belongs to when it is valid now, allowing one step of clock drift either
 * way; null when it matches none. The caller refuses a step it has already accepted (replay).
 */
export function matchTotpStep(
  secretBase32: string,
  code: string,
  timestampMs = Date.now(),
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: timestampMs, window: 1 });
  if (delta === null) return null;
  return Math.floor(timestampMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
