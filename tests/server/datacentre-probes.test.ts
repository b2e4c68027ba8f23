import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('data-centre probes, default configuration (this server serves every image)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists one test image per region, anonymously', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rpc-api/dc/probes' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 200,
      status: 'OK',
      message: [
        { region: 'OR', url: '/rpc-api/dc/probe/OR.png' },
        { region: 'VA', url: '/rpc-api/dc/probe/VA.png' },
        { region: 'IR', url: '/rpc-api/dc/probe/IR.png' },
      ],
    });
  });

  it.each(['OR', 'VA', 'IR'])('serves a small PNG for %s that is never cached', async (region) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/rpc-api/dc/probe/${region}.png?t=abc`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(response.rawPayload.length).toBeLessThan(100);
  });

  it('answers 404 with the envelope for anything else', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rpc-api/dc/probe/XX.png' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      status: 'ERROR',
      errors: [{ description: 'NOT_FOUND' }],
    });
  });
});

describe('data-centre probes from DC_PROBE_URLS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      DC_PROBE_URLS: 'OR=https://or.dc.example.com/probe.png, IR=https://ir.dc.example.com/p.png',
    });
  });
  afterAll(() => t.close());

  it('sends the configured addresses and keeps this server for the others', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rpc-api/dc/probes' });
    expect(response.json<{ message: unknown }>().message).toEqual([
      { region: 'OR', url: 'https://or.dc.example.com/probe.png' },
      { region: 'VA', url: '/rpc-api/dc/probe/VA.png' },
      { region: 'IR', url: 'https://ir.dc.example.com/p.png' },
    ]);
  });

  it('lets the console load images from those hosts (CSP img-src)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rpc-api/config' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*https:\/\/or\.dc\.example\.com/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/ir\.dc\.example\.com/);
  });

  it('a malformed value stops the server with a message naming it', () => {
    expect(() => loadConfig({ DC_PROBE_URLS: 'EU=https://x.example.com/p.png' })).toThrow(
      /DC_PROBE_URLS: unknown region "EU"/,
    );
    expect(() => loadConfig({ DC_PROBE_URLS: 'OR=javascript:alert(1)' })).toThrow(/DC_PROBE_URLS/);
  });
});
