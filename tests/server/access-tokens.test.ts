import { afterEach, describe, expect, it, vi } from 'vitest';
import { VerifiedTokens, type AccessClaims } from '../../server/services/access-tokens';

const claims = (sid: string): AccessClaims => ({ sid, sub: 'u1', kind: 'reseller', otp: false });
const inSeconds = (seconds: number) => Date.now() / 1000 + seconds;

describe('the verified tokens a process remembers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('finds a remembered token by its whole text only', () => {
    const verified = new VerifiedTokens();
    verified.remember('a.b.c', claims('s1'), inSeconds(60));
    expect(verified.find('a.b.c')).toEqual(claims('s1'));
    expect(verified.find('a.b.d')).toBeUndefined();
    expect(verified.find('a.b.c ')).toBeUndefined();
  });

  it('forgets a token once it expires', () => {
    const verified = new VerifiedTokens();
    verified.remember('a.b.c', claims('s1'), inSeconds(60));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(verified.find('a.b.c')).toBeUndefined();
  });

  it('does not remember a token without an expiry', () => {
    const verified = new VerifiedTokens();
    verified.remember('a.b.c', claims('s1'), undefined);
    expect(verified.find('a.b.c')).toBeUndefined();
  });

  it('keeps at most its capacity, the oldest going first', () => {
    const verified = new VerifiedTokens(2);
    verified.remember('t1', claims('s1'), inSeconds(60));
    verified.remember('t2', claims('s2'), inSeconds(60));
    verified.remember('t3', claims('s3'), inSeconds(60));
    expect(verified.find('t1')).toBeUndefined();
    expect(verified.find('t2')?.sid).toBe('s2');
    expect(verified.find('t3')?.sid).toBe('s3');
  });
});
