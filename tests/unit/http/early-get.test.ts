// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { send, sentTimeOf, startEarlyGet } from '../../../src/lib/http/transport';

/** `startEarlyGet` (main.tsx): user_info goes out before the first render; the screen takes it. */

const ok = (message: unknown) =>
  new Response(JSON.stringify({ code: 200, status: 'OK', message }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

let answers = 0;
const fetchMock = vi.fn(() => {
  answers += 1;
  return Promise.resolve(ok({ answer: answers }));
});

beforeEach(() => {
  answers = 0;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a GET started before the first render', () => {
  it('is taken by the first identical call, once', async () => {
    startEarlyGet('/reseller/user_info');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await send('GET', '/reseller/user_info', undefined)).toEqual({ answer: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The next call asks the server again: an early answer is never reused.
    expect(await send('GET', '/reseller/user_info', undefined)).toEqual({ answer: 2 });
  });

  it('is not taken by another path, a query or a POST', async () => {
    startEarlyGet('/partner/user_info');
    await send('GET', '/reseller/user_info', undefined);
    await send('GET', '/partner/user_info', { page: 2 });
    await send('POST', '/partner/user_info', undefined);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(await send('GET', '/partner/user_info', undefined)).toEqual({ answer: 1 });
  });

  it('is sent when it started: the time a refusal of it is judged by', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const startedAt = Date.now();
    startEarlyGet('/reseller/user_info');
    vi.setSystemTime(startedAt + 2_000);
    expect(sentTimeOf('GET', '/reseller/user_info')).toBe(startedAt);
    // Another call (path, query, method) is sent when it is made.
    expect(sentTimeOf('GET', '/reseller/user_info', { page: 2 })).toBe(startedAt + 2_000);
    expect(sentTimeOf('POST', '/reseller/user_info')).toBe(startedAt + 2_000);
    await send('GET', '/reseller/user_info', undefined);
    expect(sentTimeOf('GET', '/reseller/user_info')).toBe(startedAt + 2_000);
  });

  it('is left alone once 15 seconds old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    startEarlyGet('/reseller/user_info');
    vi.setSystemTime(Date.now() + 15_001);
    expect(await send('GET', '/reseller/user_info', undefined)).toEqual({ answer: 2 });
  });
});
