import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let origin: string;
let cert: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rpc-tls-'));

beforeAll(async () => {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  cert = pems.cert;
  fs.writeFileSync(path.join(dir, 'cert.pem'), pems.cert);
  fs.writeFileSync(path.join(dir, 'key.pem'), pems.private);
  t = await createTestApp({
    TLS_CERT_FILE: path.join(dir, 'cert.pem'),
    TLS_KEY_FILE: path.join(dir, 'key.pem'),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  origin = `https://127.0.0.1:${String(address.port)}`;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** One HTTP/2 request; resolves with the protocol agreed, the status, the headers and the body. */
function overHttp2(method: string, url: string, headers: Record<string, string> = {}) {
  return new Promise<{
    protocol: string | undefined;
    status: number;
    headers: http2.IncomingHttpHeaders;
    body: string;
  }>((resolve, reject) => {
    const session = http2.connect(origin, { ca: cert });
    session.on('error', reject);
    const request = session.request({ ':method': method, ':path': url, ...headers });
    let body = '';
    let answer: http2.IncomingHttpHeaders = {};
    request.setEncoding('utf8');
    request.on('response', (received) => {
      answer = received;
    });
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      resolve({
        protocol: session.alpnProtocol,
        status: Number(answer[':status']),
        headers: answer,
        body,
      });
      session.close();
    });
    request.on('error', reject);
    request.end();
  });
}

describe('HTTPS with a certificate (TLS_CERT_FILE, TLS_KEY_FILE)', () => {
  it('speaks HTTP/2 to a client that offers it, with HSTS', async () => {
    const answer = await overHttp2('GET', '/rpc-api/health');
    expect(answer.protocol).toBe('h2');
    expect(answer.status).toBe(200);
    expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('sets its cookies Secure over HTTP/2', async () => {
    const answer = await overHttp2('POST', '/rpc-api/csrf', { 'x-xsrf-token': '' });
    expect(answer.status).toBe(200);
    const cookies = answer.headers['set-cookie'] ?? [];
    expect(cookies.length).toBeGreaterThan(0);
    for (const value of cookies) expect(value).toMatch(/;\s*Secure/i);
  });

  it('still answers HTTP/1.1', async () => {
    const answer = await new Promise<{ version: string; status: number | undefined }>(
      (resolve, reject) => {
        https
          .get(`${origin}/rpc-api/health`, { ca: cert }, (response) => {
            response.resume();
            response.on('end', () => {
              resolve({ version: response.httpVersion, status: response.statusCode });
            });
          })
          .on('error', reject);
      },
    );
    expect(answer).toEqual({ version: '1.1', status: 200 });
  });

  it('refuses a certificate without its key', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: path.join(dir, 'cert.pem') })).toThrow(
      'TLS_CERT_FILE and TLS_KEY_FILE go together',
    );
  });
});
