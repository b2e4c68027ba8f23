import Fastify from 'fastify';
import { isResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializer, readsSameBothWays } from '../../server/plugins/answer-serializer';
import { okSchema } from '../../server/plugins/reply';
import { userListSchema } from '../../src/domain/api/reseller-users';
import { resellerUserInfoSchema } from '../../src/domain/api/session';

/*
 * The answers' serializer checks with zod's forward parse where a schema reads the same both
 * ways, and with fastify-type-provider-zod's encode elsewhere: either way the text must be what
 * the library's own serializer writes.
 */

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
/** The text written, or 'refused' when the serializer throws. */
const outcome = (serialize: (data: unknown) => string, data: unknown): string => {
  try {
    return serialize(data);
  } catch (error) {
    if (isResponseSerializationError(error)) return 'refused';
    throw error;
  }
};
const both = (schema: z.ZodType, data: unknown) => ({
  ours: outcome(answerSerializer(route(schema)), data),
  library: outcome(serializerCompiler(route(schema)), data),
});

/** A schema whose lazy part is a new schema every time it is read. */
const endless = (): z.ZodType => z.object({ next: z.lazy(endless) });

describe('which schemas read the same both ways', () => {
  it.each([
    ['the users list answer', okSchema(userListSchema)],
    ['the user_info answer', okSchema(resellerUserInfoSchema)],
    [
      'optional, nullable and array parts',
      z.object({ a: z.array(z.string().nullable()).optional() }),
    ],
    ['a union and a record', z.union([z.literal(1), z.record(z.string(), z.number())])],
    [
      'a recursive schema',
      z.object({
        get children() {
          return z.array(z.object({ id: z.string() }));
        },
      }),
    ],
  ])('%s: yes', (_, schema) => {
    expect(readsSameBothWays(schema)).toBe(true);
  });

  it.each([
    ['a default', z.object({ a: z.string().default('x') })],
    ['a catch', z.object({ a: z.number().catch(0) })],
    ['a transform', z.object({ a: z.string().transform((value) => value.length) })],
    ['a pipe', z.object({ a: z.string().pipe(z.string()) })],
    [
      'a codec',
      z.object({ a: z.codec(z.string(), z.number(), { decode: Number, encode: String }) }),
    ],
    [
      'a default deep in an array',
      z.object({ a: z.array(z.object({ b: z.string().default('') })) }),
    ],
    ['a date', z.object({ a: z.date() })],
    // A lazy part that builds a new schema each time it is read never ends: counted as different.
    ['a lazy part made anew on each read', endless()],
  ])('%s: no', (_, schema) => {
    expect(readsSameBothWays(schema)).toBe(false);
  });
});

describe('what it writes', () => {
  it('the library text for a schema checked by the parse, undeclared keys left out', () => {
    const schema = z.object({
      id: z.string(),
      tags: z.array(z.string()),
      note: z.string().nullable(),
    });
    const data = { id: 'u1', tags: ['a'], note: null, passwordHash: 'secret' };
    const { ours, library } = both(schema, data);
    expect(ours).toBe(library);
    expect(ours).toBe('{"id":"u1","tags":["a"],"note":null}');
  });

  it('the library outcome where a schema does not read the same both ways (a default)', () => {
    const schema = z.object({ a: z.string().default('x'), b: z.number() });
    // A parse would fill in the default; the encode refuses the missing value.
    expect(both(schema, { b: 1 })).toEqual({ ours: 'refused', library: 'refused' });
    expect(both(schema, { a: 'y', b: 1 })).toEqual({
      ours: '{"a":"y","b":1}',
      library: '{"a":"y","b":1}',
    });
  });

  it('the library text for a codec', () => {
    const schema = z.object({
      a: z.codec(z.string(), z.number(), { decode: Number, encode: String }),
    });
    const { ours, library } = both(schema, { a: 5 });
    expect(ours).toBe(library);
    expect(ours).toBe('{"a":"5"}');
  });

  it("refuses an answer outside its schema with the library's error", () => {
    expect(both(z.object({ id: z.string() }), { id: 7 })).toEqual({
      ours: 'refused',
      library: 'refused',
    });
  });

  it('is the server-wide serializer: an answer outside its schema is a 500, not sent', async () => {
    const app = Fastify();
    app.setSerializerCompiler(answerSerializer);
    app.get('/x', { schema: { response: { 200: z.object({ id: z.string() }) } } }, () => ({
      id: 7,
    }));
    const response = await app.inject({ url: '/x' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('7');
    await app.close();
  });
});
