import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('an address that does not exist', () => {
  it.each(['/login', '/foo', '/rpc-app/old-report.php', '/partner/nothing-here'])(
    'answers a browser asking for %s with a page that leads back to the console',
    async (url) => {
      const response = await t.app.inject({ url, headers: { accept: BROWSER_ACCEPT } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<h1>Oops!</h1>');
      expect(response.body).toContain('<p>Not Found</p>');
      expect(response.body).toContain(
        '<a href="/rpc-app/">Take me back to RemotePC Reseller Homepage</a>',
      );
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it.each([
    ['an API client', '/login', 'application/json'],
    ['a fetch with any type', '/foo', '*/*'],
    ['a client that sends no Accept', '/foo', undefined],
    ['a browser on an API path', '/rpc-api/reseller/no_such_call', BROWSER_ACCEPT],
    ['a browser on the reseller API', '/reseller-api/v1/nothing', BROWSER_ACCEPT],
    ['a browser that refuses HTML', '/foo', 'text/html;q=0, application/json'],
  ])('keeps the JSON error envelope for %s', async (_, url, accept) => {
    const response = await t.app.inject({ url, headers: accept ? { accept } : {} });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      code: 404,
      status: 'ERROR',
      errors: [{ description: 'NOT_FOUND', message: 'The requested resource was not found.' }],
    });
  });

  it('keeps the envelope for a state-changing call from a browser', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/foo',
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, status: 'ERROR' });
  });
});
