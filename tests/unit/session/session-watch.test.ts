// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/session/logout', () => ({
  logout: vi.fn(),
  followLogoutOfOtherTab: vi.fn(),
}));

import { followLogoutOfOtherTab, logout } from '../../../src/lib/session/logout';
import { sessionChannel } from '../../../src/lib/session/session-channel';
import { startSessionWatch } from '../../../src/lib/session/session-watch';
import { isSignedIn } from '../../../src/lib/session/signed-in';
import { stopSessionTimers } from '../../../src/lib/session/timers';

const FLAG = 'IS_SIGNED_IN_RPC_BULK_RESELLER';

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  localStorage.setItem('product_type', 'reseller');
  localStorage.setItem(FLAG, 'true');
  vi.mocked(logout).mockClear();
  vi.mocked(followLogoutOfOtherTab).mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('signed-in flag check and cross-tab logout (spec section 4)', () => {
  it('a removed flag logs out to the reseller login within 5 seconds; a kept one does not', async () => {
    startSessionWatch();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(logout).not.toHaveBeenCalled();
    localStorage.removeItem(FLAG);
    await vi.advanceTimersByTimeAsync(5000);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(logout).toHaveBeenCalledWith({ redirectUrl: '/rpc-app/reseller/login' });
  });

  it('a logout announced by another tab makes this tab leave at once', async () => {
    vi.useRealTimers();
    // This tab sees itself signed in (its route guard reads the flag on load).
    expect(isSignedIn('reseller')).toBe(true);
    const otherTab = new BroadcastChannel('rpc-session');
    otherTab.postMessage({ type: 'logout', productType: 'reseller' });
    await vi.waitFor(() => {
      expect(followLogoutOfOtherTab).toHaveBeenCalledWith('reseller');
    });
    otherTab.close();
    expect(sessionChannel()).toBeDefined();
  });

  it("a logout of the other account kind is not this tab's business", async () => {
    vi.useRealTimers();
    expect(isSignedIn('reseller')).toBe(true);
    const otherTab = new BroadcastChannel('rpc-session');
    otherTab.postMessage({ type: 'logout', productType: 'partner' });
    otherTab.postMessage({ type: 'refreshed', productType: 'reseller', isOk: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(followLogoutOfOtherTab).not.toHaveBeenCalled();
    otherTab.close();
  });

  it('stopping the session timers stops the check', async () => {
    stopSessionTimers();
    localStorage.setItem(FLAG, 'true');
    localStorage.removeItem(FLAG);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(logout).not.toHaveBeenCalled();
  });
});
