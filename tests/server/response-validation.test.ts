import swagger from '@fastify/swagger';
import Fastify, { type FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answersOutsideDocument,
  ResponseChecker,
  validateResponsesAgainstDocument,
} from './helpers/response-validation';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The harness's check of every answer against the served document (helpers/response-validation.ts). */
let t: TestApp;
let checker: ResponseChecker;

beforeAll(async () => {
  t = await createTestApp();
  const document = (await t.app.inject({ url: '/rpc-api/openapi.json' })).json<
    ConstructorParameters<typeof ResponseChecker>[0]
  >();
  checker = new ResponseChecker(document);
});
afterAll(async () => {
  await t.close();
});

const TEAMS = '/rpc-api/reseller/team/get';
const JSON_TYPE = 'application/json; charset=utf-8';
const refusal = JSON.stringify({
  code: 401,
  status: 'ERROR',
  errors: [{ description: 'NOT_AUTHORIZED', message: 'Sign in again.' }],
});

describe('the response check of the test harness', () => {
  it('passes an answer the document describes', async () => {
    const response = await t.app.inject({ url: TEAMS });
    expect(response.statusCode).toBe(401);
    expect(checker.check('GET', TEAMS, 401, JSON_TYPE, response.body)).toBeUndefined();
  });

  it('names the operation, the status and the first error of a body outside its schema', () => {
    expect(checker.check('GET', TEAMS, 401, JSON_TYPE, '{"code":401}')).toBe(
      'listTeams 401: body must have required property \'status\' {"missingProperty":"status"}',
    );
  });

  it('refuses a status the operation does not document', () => {
    expect(checker.check('GET', TEAMS, 418, JSON_TYPE, refusal)).toMatch(
      /^listTeams answered 418, a status its operation does not document/,
    );
  });

  it('refuses a media type other than the documented one', () => {
    expect(checker.check('GET', TEAMS, 401, 'text/html', '<p>')).toMatch(
      /^listTeams 401 answered text\/html, documented: application\/json/,
    );
  });

  it('leaves out routes the document does not hold (pages, the console)', () => {
    expect(checker.check('GET', '/', 200, 'text/html', '<p>')).toBeUndefined();
  });

  it('keeps the problem of an answer sent over a socket, where inject cannot throw', async () => {
    const app = Fastify();
    await app.register(swagger, { openapi: { info: { title: 'probe', version: '1' } } });
    app.get(
      '/probe',
      { schema: { operationId: 'probe', response: { 200: { type: 'object' } } } },
      // A status the schema lacks, on purpose: the untyped reply lets the probe send it.
      (_, reply) => (reply as FastifyReply).code(418).send({ teapot: true }),
    );
    validateResponsesAgainstDocument(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      expect((await fetch(`http://127.0.0.1:${String(port)}/probe`)).status).toBe(418);
      expect(answersOutsideDocument(app)).toEqual([
        'probe answered 418, a status its operation does not document (200)',
      ]);
    } finally {
      await app.close();
    }
  });
});
