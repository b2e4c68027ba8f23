// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/lib/session/logout', () => ({ logout: vi.fn() }));

import { apiGet, apiPost } from '../../../src/lib/http/api-client';
import { isApiError, type ApiError } from '../../../src/lib/http/api-error';
import { clearOtpGuard } from '../../../src/lib/http/otp-guard';
import { REFRESH_INTERVAL_MS, successRecord } from '../../../src/lib/http/refresh-record';
import { startEarlyGet } from '../../../src/lib/http/transport';
import { refreshRecordKey } from '../../../src/lib/session/identity';
import { logout } from '../../../src/lib/session/logout';

/**
 * A fake server behind `fetch`: `routes` answer by path; the refresh endpoint counts its calls.
 * `expired` makes every call answer 401 with that code until a refresh succeeds.
 */
function fakeServer() {
  const state = {
    expired: undefined as string | undefined,
    refreshOk: true,
    refreshCalls: 0,
    calls: [] as string[],
    routes: new Map<string, unknown>(),
  };
  const envelope = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fail = (status: number, description: string, message = 'no') =>
    envelope(status, { code: status, status: 'ERROR', errors: [{ description, message }] });
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://console.test');
    const path = url.pathname.replace(/^\/rpc-api/, '');
    state.calls.push(path);
    await new Promise((resolve) => setTimeout(resolve, 10));
    if (path.endsWith('/auth/v1/refresh-token')) {
      state.refreshCalls += 1;
      if (!state.refreshOk) return fail(401, 'REFRESH_TOKEN_EXPIRED');
      state.expired = undefined;
      return envelope(200, { code: 200, status: 'OK', message: { ok: true } });
    }
    if (state.expired) return fail(401, state.expired);
    if (!state.routes.has(path)) return fail(404, 'NOT_FOUND');
    return envelope(200, { code: 200, status: 'OK', message: state.routes.get(path) });
  });
  vi.stubGlobal('fetch', fetchMock);
  return state;
}

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('product_type', 'reseller');
  localStorage.setItem('IS_SIGNED_IN_RPC_BULK_RESELLER', 'true');
  vi.mocked(logout).mockClear();
  clearOtpGuard();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('HTTP 401 while signed in (spec section 4)', () => {
  it.each(['TOKEN_EXPIRED', 'NOT_AUTHORIZED'])(
    '%s runs one refresh and then retries the original request',
    async (code) => {
      const server = fakeServer();
      server.routes.set('/reseller/things', ['a']);
      server.expired = code;
      await expect(apiGet('/reseller/things')).resolves.toEqual(['a']);
      expect(server.refreshCalls).toBe(1);
      expect(server.calls).toEqual([
        '/reseller/things',
        '/reseller/auth/v1/refresh-token',
        '/reseller/things',
      ]);
      expect(logout).not.toHaveBeenCalled();
    },
  );

  it('REFRESH_TOKEN_EXPIRED logs out without trying to refresh', async () => {
    const server = fakeServer();
    server.expired = 'REFRESH_TOKEN_EXPIRED';
    const error = await rejectionOf(apiGet('/reseller/things'));
    expect(error.description).toBe('REFRESH_TOKEN_EXPIRED');
    expect(server.refreshCalls).toBe(0);
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('a failed refresh logs out', async () => {
    const server = fakeServer();
    server.expired = 'TOKEN_EXPIRED';
    server.refreshOk = false;
    const error = await rejectionOf(apiGet('/reseller/things'));
    expect(error.status).toBe(401);
    expect(server.refreshCalls).toBe(1);
    expect(logout).toHaveBeenCalled();
  });

  it('another 401 (a wrong password) is only reported', async () => {
    const server = fakeServer();
    server.expired = 'INVALID_CREDENTIALS';
    const error = await rejectionOf(apiPost('/reseller/user_signin', { username: 'x' }));
    expect(error.description).toBe('INVALID_CREDENTIALS');
    expect(server.refreshCalls).toBe(0);
    expect(logout).not.toHaveBeenCalled();
  });

  it('a signed-out console does not refresh', async () => {
    localStorage.removeItem('IS_SIGNED_IN_RPC_BULK_RESELLER');
    const server = fakeServer();
    server.expired = 'TOKEN_EXPIRED';
    await rejectionOf(apiGet('/reseller/things'));
    expect(server.refreshCalls).toBe(0);
  });

  it('N requests failing at once produce exactly one refresh and N retries', async () => {
    const server = fakeServer();
    server.routes.set('/reseller/things', 'ok');
    server.expired = 'TOKEN_EXPIRED';
    const n = 7;
    const results = await Promise.all(Array.from({ length: n }, () => apiGet('/reseller/things')));
    expect(results).toEqual(Array.from({ length: n }, () => 'ok'));
    expect(server.refreshCalls).toBe(1);
    expect(server.calls.filter((path) => path === '/reseller/things')).toHaveLength(2 * n);
  });

  it("an early GET refused before another tab's refresh is retried without a second refresh", async () => {
    // The e2e test of two tabs reloading at once caught it: the early user_info of the second tab
    // was refused, the first tab refreshed, and the second tab's screen, asking after that,
    // refreshed again (its refusal was dated when the screen asked, not when the GET went out).
    const server = fakeServer();
    server.routes.set('/reseller/things', 'ok');
    server.expired = 'TOKEN_EXPIRED';
    startEarlyGet('/reseller/things');
    await new Promise((resolve) => setTimeout(resolve, 20)); // refused meanwhile
    // Another tab refreshes: new cookies, and its success in the shared record.
    server.expired = undefined;
    localStorage.setItem(
      refreshRecordKey('reseller', localStorage),
      JSON.stringify(successRecord(Date.now(), REFRESH_INTERVAL_MS)),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(apiGet('/reseller/things')).resolves.toBe('ok');
    expect(server.refreshCalls).toBe(0);
    expect(server.calls).toEqual(['/reseller/things', '/reseller/things']);
  });

  it('the refresh writes the record under rsrt_{proxy_topic} once user_info named it', async () => {
    const server = fakeServer();
    server.routes.set('/reseller/user_info', {
      proxy_topic: 'topic-42',
      otpLogin: false,
      supportDisableUrls: [],
    });
    await apiGet('/reseller/user_info');
    server.expired = 'TOKEN_EXPIRED';
    await apiGet('/reseller/user_info');
    const record = JSON.parse(localStorage.getItem('rsrt_topic-42') ?? '{}') as {
      status?: string;
    };
    expect(record.status).toBe('success');
  });
});

describe('offline', () => {
  it('a state-changing call is refused with the offline hint, without a request', async () => {
    const server = fakeServer();
    server.routes.set('/reseller/user_info', { proxy_topic: 't' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const error = await rejectionOf(apiPost('/reseller/account/update', { firstname: 'x' }));
      expect(error.description).toBe('OFFLINE');
      expect(error.message).toBe('You are offline. This needs a connection to the server.');
      expect(server.calls).toEqual([]);
      // Reads still go out (the service worker may answer them from the report cache).
      await apiGet('/reseller/user_info');
      expect(server.calls).toEqual(['/reseller/user_info']);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('support-OTP sessions (spec section 6)', () => {
  const disabled = '/reseller/account/change/password';

  it('a disabled URL is refused with 403 and the spec text, without any network call', async () => {
    const server = fakeServer();
    server.routes.set('/reseller/user_info', {
      proxy_topic: 't',
      otpLogin: true,
      supportDisableUrls: [disabled],
    });
    server.routes.set('/api/private/support/otp/disabledUrls', [disabled]);
    server.routes.set(disabled, { ok: true });
    await apiGet('/reseller/user_info');
    await new Promise((resolve) => setTimeout(resolve, 30));
    const before = server.calls.length;
    const error = await rejectionOf(apiPost(disabled, { password: 'x' }));
    expect(error.status).toBe(403);
    expect(error.message).toBe('You do not have permission to perform this action');
    expect(server.calls.length).toBe(before);
    // The list is also fetched from /api/private/support/otp/disabledUrls.
    expect(server.calls).toContain('/api/private/support/otp/disabledUrls');
  });

  it('the same URL goes out normally when the session is not a support-OTP one', async () => {
    const server = fakeServer();
    server.routes.set('/reseller/user_info', {
      proxy_topic: 't',
      otpLogin: false,
      supportDisableUrls: [disabled],
    });
    server.routes.set(disabled, { ok: true });
    await apiGet('/reseller/user_info');
    await expect(apiPost(disabled, {})).resolves.toEqual({ ok: true });
  });
});

describe('support-OTP guard across a reload', () => {
  it('is kept for the tab, so a reload refuses before user_info answers again', async () => {
    const server = fakeServer();
    server.routes.set('/reseller/user_info', {
      proxy_topic: 't',
      otpLogin: true,
      supportDisableUrls: ['/reseller/config/token/generate'],
    });
    server.routes.set('/api/private/support/otp/disabledUrls', []);
    await apiGet('/reseller/user_info');
    expect(JSON.parse(sessionStorage.getItem('support_otp_guard') ?? '[]')).toContain(
      '/reseller/config/token/generate',
    );
    vi.resetModules();
    const reloaded = await import('../../../src/lib/http/api-client');
    const before = server.calls.length;
    // A fresh module (as after a reload) has its own ApiError class: read the fields directly.
    const error: unknown = await reloaded.apiPost('/reseller/config/token/generate?x=1').then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toMatchObject({
      status: 403,
      message: 'You do not have permission to perform this action',
    });
    expect(server.calls.length).toBe(before);
    clearOtpGuard();
    expect(sessionStorage.getItem('support_otp_guard')).toBeNull();
  });
});
