import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchTotpStep, totpCode } from '../../server/services/twofa/totp';

describe('TOTP (RFC 6238)', () => {
  // Appendix B, SHA-1, 8 digits, secret "12345678901234567890".
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];
  const rfc = new TOTP({
    algorithm: 'SHA1',
    digits: 8,
    period: 30,
    secret: Secret.fromUTF8('12345678901234567890'),
  });
  it.each(vectors)('at %i s gives %s', (seconds, code) => {
    expect(rfc.generate({ timestamp: seconds * 1000 })).toBe(code);
  });

  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const now = 1_700_000_000_000;
  it('accepts the current step and one step of drift either way, not two', () => {
    const step = Math.floor(now / 30_000);
    expect(matchTotpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotpStep(secret, totpCode(secret, now - 60_000), now)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', now)).toBeNull();
  });
});
