import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let staticDir: string;
beforeAll(async () => {
  // A stand-in build: the server's serving rules are tested without running Vite.
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rpc-static-'));
  fs.mkdirSync(path.join(staticDir, 'assets'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
  fs.writeFileSync(path.join(staticDir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  fs.writeFileSync(path.join(staticDir, 'sw.js'), 'self.x = 1');
  // The build's compressed copies (scripts/compress-build.mjs), told apart by their content.
  fs.writeFileSync(path.join(staticDir, 'assets', 'index-Ab12Cd34.js.br'), 'brotli bytes');
  fs.writeFileSync(path.join(staticDir, 'sw.js.gz'), 'gzip bytes');
  fs.writeFileSync(path.join(staticDir, 'manifest.webmanifest'), '{}');
  t = await createTestApp({ STATIC_DIR: staticDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('console serving', () => {
  it.each([
    '/rpc-app/',
    '/rpc-app/partner/dashboard',
    '/rpc-app/home',
    '/rpc-app/account/billingInfo',
  ])('deep-links %s to the shell, revalidated on every load', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>console</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Plain HTTP: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('caches hashed assets immutably', async () => {
    const response = await t.app.inject({ url: '/rpc-app/assets/index-Ab12Cd34.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the compressed copy the browser accepts, with the original file headers', async () => {
    const brotli = await t.app.inject({
      url: '/rpc-app/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.body).toBe('brotli bytes');

    const gzip = await t.app.inject({
      url: '/rpc-app/sw.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('no-cache');
    expect(gzip.headers['service-worker-allowed']).toBe('/rpc-app/');

    const plain = await t.app.inject({ url: '/rpc-app/assets/index-Ab12Cd34.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it.each(['/rpc-app/sw.js', '/rpc-app/manifest.webmanifest'])('does not cache %s', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a missing asset instead of the shell', async () => {
    const response = await t.app.inject({ url: '/rpc-app/assets/gone-123.js' });
    expect(response.statusCode).toBe(404);
  });

  it('marks API answers no-store', async () => {
    const response = await t.app.inject({ url: '/rpc-api/config' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ message: { productName: 'RemotePC' } });
  });
});

describe('pages outside the app', () => {
  it('serves the partner programme page with its sign-in form', async () => {
    const response = await t.app.inject({ url: '/partner/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Partner ID or Email');
    expect(response.body).toContain('/rpc-app/partner/signup');
    expect(response.body).not.toMatch(/<script>(?!<)/);
  });

  it.each([
    ['/rpcnew/signup', '/rpc-app/reseller/signup'],
    ['/rpcnew/login', '/rpc-app/reseller/login'],
    ['/rpc-api/reseller/redirect/reseller_login', '/rpc-app/reseller/login'],
  ])('%s redirects to %s', async (url, location) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });

  it('answers iplocation with a country, using the default for loopback', async () => {
    const response = await t.app.inject({ url: '/rpc-api/iplocation' });
    expect(response.json()).toEqual({ code: 200, status: 'OK', message: { country: 'US' } });
  });

  it('looks up public addresses in the bundled GeoIP data', async () => {
    const response = await t.app.inject({
      url: '/rpc-api/iplocation',
      remoteAddress: '81.2.69.160',
    });
    expect(response.json<{ message: { country: string } }>().message.country).toBe('GB');
  });

  it('publishes an OpenAPI 3.1 document generated from the schemas', async () => {
    const response = await t.app.inject({ url: '/rpc-api/openapi.json' });
    const doc = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/rpc-api/reseller/user_signin', '/rpc-api/partner/user_info']),
    );
    const docs = await t.app.inject({ url: '/rpc-api/docs/' });
    expect(docs.statusCode).toBe(200);
  });

  it('runs on the database the test run asked for', async () => {
    const response = await t.app.inject({ url: '/rpc-api/health' });
    const expected = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
    expect(response.json()).toMatchObject({ message: { database: expected } });
  });

  it('answers unknown API paths with the error envelope', async () => {
    const response = await t.app.inject({ url: '/rpc-api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, status: 'ERROR' });
  });
});
