import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lint, loadConfig } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiPath } from '../../server/plugins/route-policy';
import { createTestApp, type TestApp } from './helpers/test-app';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}
interface OpenApiDocument {
  openapi: string;
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, unknown> }>;
    responses: Record<string, { content: Record<string, { schema: { $ref?: string } }> }>;
    securitySchemes: Record<string, { type: string; in?: string; name?: string }>;
  };
}

let t: TestApp;
let doc: OpenApiDocument;
const operations: { method: string; path: string; op: Operation }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ url: '/rpc-api/openapi.json' });
  expect(response.statusCode).toBe(200);
  doc = response.json<OpenApiDocument>();
  for (const [urlPath, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      operations.push({ method: method.toUpperCase(), path: urlPath, op });
    }
  }
});
afterAll(async () => {
  await t.close();
});

/** The route table's entry for an operation (`/x/{id}` in the document is `/x/:id` in Fastify). */
const policyOf = (method: string, docPath: string) =>
  t.app.routeTable.find(
    (route) => route.method === method && route.url === docPath.replace(/\{([^}]+)\}/g, ':$1'),
  )?.policy;

/** Redocly's errors (severity "error") on a document, as readable lines. */
async function redoclyErrors(document: unknown): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(document));
    const config = await loadConfig({ configPath: path.resolve('redocly.yaml') });
    const problems = await lint({ ref: file, config });
    return problems
      .filter((problem) => problem.severity === 'error')
      .map((p) => `${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("Redocly CLI's recommended rules (redocly.yaml)", () => {
  it('find no error in the served document', async () => {
    expect(await redoclyErrors(doc)).toEqual([]);
  });
});

describe('every operation is named and described', () => {
  it('has a verb-noun operationId, a summary and a declared tag', () => {
    const tagNames = new Set(doc.tags.map((tag) => tag.name));
    const unnamed = operations
      .filter(
        ({ op }) =>
          !/^[a-z]+[A-Z][A-Za-z0-9]*$/.test(op.operationId ?? '') ||
          !op.summary ||
          !op.tags?.length ||
          !op.tags.every((tag) => tagNames.has(tag)),
      )
      .map(({ method, path: p }) => `${method} ${p}`);
    expect(unnamed).toEqual([]);
    expect(operations.length).toBeGreaterThan(130);
  });

  it('never gives two operations the same operationId', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });
});

describe('errors', () => {
  it('are one shared envelope, referenced by every error response', () => {
    expect(Object.keys(doc.components.schemas.ErrorEnvelope?.properties ?? {})).toEqual([
      'code',
      'status',
      'errors',
    ]);
    const stray: string[] = [];
    for (const { method, path: p, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (!status.startsWith('4')) continue;
        const name = /^#\/components\/responses\/(\w+)$/.exec(response.$ref ?? '')?.[1];
        const schema = name && doc.components.responses[name]?.content['application/json']?.schema;
        if (!schema || schema.$ref !== '#/components/schemas/ErrorEnvelope') {
          stray.push(`${method} ${p} ${status}`);
        }
      }
    }
    expect(stray).toEqual([]);
  });

  it('list 400 wherever there is input, and what the route policy answers', () => {
    const missing: string[] = [];
    for (const { method, path: p, op } of operations) {
      const expected: string[] = [];
      if (op.requestBody || op.parameters?.length) expected.push('400');
      const policy = policyOf(method, p);
      if (policy?.access === 'reseller') expected.push('401', '403');
      if (policy?.access === 'partner') expected.push('401');
      if (policy?.access === 'api-key') expected.push('401', '429');
      const isCsrfChecked = p !== '/rpc-api/csrf' && policy?.access !== 'identity-provider';
      if (method === 'POST' && p.startsWith('/rpc-api/') && isCsrfChecked) {
        expected.push('403');
      }
      for (const status of expected) {
        if (!op.responses[status]) missing.push(`${method} ${p} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('list 429 on the rate-limited calls', () => {
    for (const [method, p] of [
      ['POST', '/rpc-api/reseller/user_signin'],
      ['POST', '/rpc-api/reseller/user/invite'],
      ['GET', '/reseller-api/v1/users'],
    ] as const) {
      expect(doc.paths[p]?.[method.toLowerCase()]?.responses['429']).toBeDefined();
    }
    expect(doc.paths['/rpc-api/reseller/team/get']?.get?.responses['429']).toBeUndefined();
  });
});

describe('security', () => {
  it('names the session cookies, the CSRF header and the API key', () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.resellerSession).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(schemes.partnerSession).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(schemes.csrfToken).toMatchObject({ in: 'header', name: 'X-XSRF-TOKEN' });
    expect(schemes.apiKey).toMatchObject({ in: 'header', name: 'X-API-Key' });
  });

  it('follows each route policy: session (+ CSRF header to change), API key, or nothing', () => {
    const wrong: string[] = [];
    for (const { method, path: p, op } of operations) {
      const policy = policyOf(method, p);
      // An identity provider's POST is cross-site by nature: no CSRF token can exist on it.
      const needsCsrf =
        method !== 'GET' && p !== '/rpc-api/csrf' && policy?.access !== 'identity-provider';
      const scheme = {
        reseller: 'resellerSession',
        partner: 'partnerSession',
        'twofa-challenge': 'twofaChallenge',
        'api-key': 'apiKey',
        'identity-provider': undefined,
        public: undefined,
      }[policy?.access ?? 'public'];
      const expected =
        policy?.access === 'api-key'
          ? [{ apiKey: [] }]
          : scheme || needsCsrf
            ? [{ ...(scheme ? { [scheme]: [] } : {}), ...(needsCsrf ? { csrfToken: [] } : {}) }]
            : [];
      if (JSON.stringify(op.security) !== JSON.stringify(expected)) {
        wrong.push(`${method} ${p}: ${JSON.stringify(op.security)}`);
      }
    }
    expect(wrong).toEqual([]);
    for (const p of ['/reseller-api/v1/account', '/reseller-api/v1/users']) {
      expect(doc.paths[p]?.get?.security).toEqual([{ apiKey: [] }]);
    }
    expect(doc.paths['/rpc-api/config']?.get?.security).toEqual([]);
    expect(doc.paths['/rpc-api/sso/saml/{accountId}/acs']?.post?.security).toEqual([]);
  });
});

describe('only the API', () => {
  it('has API paths only, no wildcard parameter, and a relative server', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => !isApiPath(p) || p.includes('*'))).toEqual([]);
    expect(paths).not.toContain('/partner/');
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('documents every API route but the documents themselves, their docs pages and the metrics', () => {
    const hidden = new Set([
      '/rpc-api/openapi.json',
      '/rpc-api/metrics',
      '/reseller-api/openapi.json',
      '/reseller-api/docs',
      '/reseller-api/docs/init.js',
    ]);
    const documented = new Set(operations.map(({ method, path: p }) => `${method} ${p}`));
    const undocumented = t.app.routeTable
      .filter((route) => isApiPath(route.url) && route.method !== 'HEAD' && !hidden.has(route.url))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((name) => !documented.has(name));
    expect(undocumented).toEqual([]);
    expect(documented).toContain('POST /rpc-api/csrf');
  });

  it('describes the answers that are not JSON by their media type', () => {
    const ok = (p: string) => doc.paths[p]?.get?.responses['200']?.content ?? {};
    expect(Object.keys(ok('/rpc-api/reseller/user/export'))).toEqual(['text/csv']);
    expect(Object.keys(ok('/rpc-api/reseller/ecom/transactions/export'))).toEqual(['text/csv']);
    expect(Object.keys(ok('/rpc-api/reseller/ecom/invoicePdf'))).toEqual(['application/pdf']);
    expect(Object.keys(ok('/rpc-api/dc/probe/{file}'))).toEqual(['image/png']);
    expect(Object.keys(ok('/rpc-api/sso/saml/{accountId}/metadata.xml'))).toEqual([
      'application/samlmetadata+xml',
    ]);
    expect(doc.paths['/rpc-api/reseller/logout']?.get?.responses['302']).toBeDefined();
  });
});

describe('the reseller API on its own, for integrators', () => {
  it('is a document of the /reseller-api calls only, which Redocly finds no error in', async () => {
    const response = await t.app.inject({ url: '/reseller-api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const reseller = response.json<OpenApiDocument>();
    expect(Object.keys(reseller.paths).sort()).toEqual(
      Object.keys(doc.paths)
        .filter((p) => p.startsWith('/reseller-api/'))
        .sort(),
    );
    expect(Object.keys(reseller.paths)).toEqual(
      expect.arrayContaining(['/reseller-api/v1/account', '/reseller-api/v1/users/invite']),
    );
    expect(Object.keys(reseller.components.securitySchemes)).toEqual(['apiKey']);
    expect(reseller.tags.map((tag) => tag.name)).toEqual(['reseller API']);
    expect(await redoclyErrors(reseller)).toEqual([]);
  });

  it('has its own docs page at /reseller-api/docs, with no inline script', async () => {
    const page = await t.app.inject({ url: '/reseller-api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('src="/reseller-api/docs/init.js"');
    expect(page.body).not.toMatch(/<script>(?!<)/);
    const init = await t.app.inject({ url: '/reseller-api/docs/init.js' });
    expect(init.body).toContain("url: '/reseller-api/openapi.json'");
    const viewer = await t.app.inject({ url: '/rpc-api/docs/static/swagger-ui-bundle.js' });
    expect(viewer.statusCode).toBe(200);
  });
});

describe('the reseller API: its headers, from each route policy', () => {
  interface Header {
    $ref?: string;
  }
  const responseOf = (response: { $ref?: string; headers?: Record<string, Header> }) => {
    const name = /^#\/components\/responses\/(\w+)$/.exec(response.$ref ?? '')?.[1];
    return (name ? doc.components.responses[name] : response) as {
      description?: string;
      headers?: Record<string, Header>;
    };
  };
  const apiOperations = () => operations.filter(({ path: p }) => p.startsWith('/reseller-api/'));
  const componentsOf = (document: OpenApiDocument) =>
    document.components as OpenApiDocument['components'] & {
      headers?: Record<string, { schema?: unknown }>;
      parameters?: Record<string, { name?: string; in?: string; required?: boolean }>;
    };

  it('every answer of every reseller API call carries RateLimit-*, a 429 Retry-After too', () => {
    const missing: string[] = [];
    for (const { method, path: p, op } of apiOperations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        const headers = responseOf(response).headers ?? {};
        const expected = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
        if (status === '429') expected.push('Retry-After');
        for (const name of expected) {
          if (headers[name]?.$ref !== `#/components/headers/${name}`) {
            missing.push(`${method} ${p} ${status} ${name}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
    expect(apiOperations().length).toBeGreaterThanOrEqual(6);
    const headers = componentsOf(doc).headers ?? {};
    for (const name of [
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'Retry-After',
    ]) {
      expect(headers[name]?.schema).toEqual({ type: 'integer', minimum: 0 });
    }
  });

  it('the console API claims none of them', () => {
    const claimed = operations
      .filter(({ path: p }) => p.startsWith('/rpc-api/'))
      .filter(({ op }) =>
        Object.values(op.responses).some(
          (response) => responseOf(response).headers?.['RateLimit-Limit'] !== undefined,
        ),
      );
    expect(claimed).toEqual([]);
  });

  it("every POST the idempotency hook reads takes Idempotency-Key, with the hook's 409 and 422", () => {
    const posts = t.app.routeTable.filter(
      (route) => route.method === 'POST' && route.policy?.access === 'api-key',
    );
    expect(posts.map((route) => route.url)).toEqual(
      expect.arrayContaining(['/reseller-api/v1/users/invite', '/reseller-api/v1/users/delete']),
    );
    const idempotencyRef = { $ref: '#/components/parameters/IdempotencyKey' };
    for (const route of posts) {
      const op = doc.paths[route.url]?.post;
      expect(op?.parameters, route.url).toContainEqual(idempotencyRef);
      expect(responseOf(op?.responses['409'] ?? {}).description).toContain(
        'IDEMPOTENCY_KEY_RUNNING',
      );
      expect(responseOf(op?.responses['409'] ?? {}).headers?.['Retry-After']).toBeDefined();
      expect(responseOf(op?.responses['422'] ?? {}).description).toContain(
        'IDEMPOTENCY_KEY_REUSED',
      );
      expect(op?.responses['200']).toHaveProperty(['headers', 'Idempotent-Replayed']);
    }
    for (const { method, op } of operations.filter(({ method: m }) => m === 'GET')) {
      expect(op.parameters ?? [], method).not.toContainEqual(idempotencyRef);
    }
    expect(componentsOf(doc).parameters?.IdempotencyKey).toMatchObject({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
    });
  });

  it("the integrators' document carries the headers and the parameter it refers to", async () => {
    const reseller = (
      await t.app.inject({ url: '/reseller-api/openapi.json' })
    ).json<OpenApiDocument>();
    expect(Object.keys(componentsOf(reseller).headers ?? {}).sort()).toEqual([
      'Idempotent-Replayed',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'Retry-After',
    ]);
    expect(Object.keys(componentsOf(reseller).parameters ?? {})).toEqual(['IdempotencyKey']);
    expect(
      Object.keys(reseller.components.responses).every((name) => name.startsWith('ResellerApi')),
    ).toBe(true);
  });

  it('the list calls page by limit and cursor; page and pageSize are marked deprecated', () => {
    for (const p of ['/reseller-api/v1/users', '/reseller-api/v1/computers']) {
      const parameters = (doc.paths[p]?.get?.parameters ?? []) as {
        name: string;
        deprecated?: boolean;
        schema: Record<string, unknown>;
      }[];
      const byName = Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter]));
      expect(byName.limit?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
      expect(byName.cursor?.schema).toMatchObject({ type: 'string' });
      expect(byName.page?.deprecated).toBe(true);
      expect(byName.pageSize?.deprecated).toBe(true);
    }
  });
});
