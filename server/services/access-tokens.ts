import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type { ProductType } from '../../src/domain/api/session';
import { keysOf, type Keyring } from './secrets';

export interface AccessClaims {
  sid: string;
  sub: string;
  kind: ProductType;
  otp: boolean;
}

/** How many verified tokens a process remembers (about 300 bytes each, with their claims). */
const REMEMBERED = 10_000;

/**
 * Access tokens already verified by this process, by their whole text, until they expire.
 *
 * Checking an HS256 signature costs little in a loop (5 µs) but 50 µs in a busy server, where
 * HMAC runs with cold caches: a third of a signed-in read (CPU profile and a polluted-cache
 * loop, 2026-11-26). A browser sends the same token on every call until it is refreshed, so the
 * answer is remembered. Only the very same text finds it (a token with any other character is
 * verified in full), its expiry is kept and honoured, and the session row is still read on
 * every call, so a logout or a revocation takes effect at once. It is a memo of a pure function
 * of the token and this process's keys: another instance has nothing to learn from it.
 *
 * fast-jwt has a cache of its own, but it hashes each token with SHA-256 to make its key (most
 * of what is saved), or warns on every start when given a key of our own: a bounded Map does.
 */
export class VerifiedTokens {
  constructor(private readonly capacity = REMEMBERED) {}

  private readonly byToken = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  find(token: string): AccessClaims | undefined {
    const known = this.byToken.get(token);
    if (known === undefined) return undefined;
    if (Date.now() < known.expiresAtMs) return known.claims;
    this.byToken.delete(token);
    return undefined;
  }

  remember(token: string, claims: AccessClaims, expiresAtSeconds: unknown): void {
    if (typeof expiresAtSeconds !== 'number') return;
    // A Map keeps its insertion order: the oldest entry goes first.
    if (this.byToken.size >= this.capacity) {
      const oldest = this.byToken.keys().next();
      if (oldest.done !== true) this.byToken.delete(oldest.value);
    }
    this.byToken.set(token, { claims, expiresAtMs: expiresAtSeconds * 1000 });
  }
}

/**
 * Signed, short-lived access tokens (HS256): issued with the current key, accepted under any key
 * of the keyring (rotation: the first whose signature matches decides).
 */
export function createAccessTokens(secret: Keyring<string>, ttlSeconds: number) {
  const sign = createSigner({
    key: secret.current,
    algorithm: 'HS256',
    expiresIn: ttlSeconds * 1000,
  });
  const verifiers = (ignoreExpiration: boolean) =>
    keysOf(secret).map((key) => createVerifier({ key, algorithms: ['HS256'], ignoreExpiration }));
  const strict = verifiers(false);
  const lenient = verifiers(true);
  const verified = new VerifiedTokens();

  /** The token's payload; a bad signature under every key throws. */
  const verifyWith = (chain: typeof strict, token: string): Record<string, unknown> => {
    for (const [index, verify] of chain.entries()) {
      try {
        return verify(token) as Record<string, unknown>;
      } catch (error) {
        const isBadSignature =
          error instanceof TokenError && error.code === TokenError.codes.invalidSignature;
        if (!isBadSignature || index === chain.length - 1) throw error;
      }
    }
    throw new TokenError(TokenError.codes.invalidSignature, 'no key');
  };

  return {
    issue: (claims: AccessClaims): string => sign({ ...claims }),
    /** The claims of a valid, unexpired token; throws fast-jwt's TokenError otherwise. */
    verify(token: string): AccessClaims {
      const known = verified.find(token);
      if (known !== undefined) return known;
      const payload = verifyWith(strict, token);
      // Frozen: one object answers every call that presents this token.
      const claims = Object.freeze(payload) as unknown as AccessClaims;
      verified.remember(token, claims, payload.exp);
      return claims;
    },
    /** The claims of a token with a valid signature, expired or not (to end its session). */
    verifyIgnoringExpiry: (token: string): AccessClaims =>
      verifyWith(lenient, token) as unknown as AccessClaims,
  };
}
