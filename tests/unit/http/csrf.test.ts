// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestCsrfToken } from '../../../src/lib/http/csrf';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('POST csrf before the first render (spec section 7)', () => {
  it('asks the server with an empty body and credentials', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    await requestCsrfToken();
    expect(fetchMock).toHaveBeenCalledWith(
      '/rpc-api/csrf',
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('offline'))],
    ['an error answer', () => Promise.resolve(new Response('', { status: 503 }))],
  ])('%s is only logged: the promise still resolves, so the app renders', async (_label, fail) => {
    vi.stubGlobal('fetch', vi.fn(fail));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(requestCsrfToken()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });
});
