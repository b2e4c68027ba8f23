import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from './helpers/agent';
import { resellerApiKey } from './helpers/api-key';
import { arbitraryOf, objectArbitrary, type JsonSchema } from './helpers/json-schema-arbitrary';
import { skipped } from './helpers/openapi-property-cases';
import { signedInAgent } from './helpers/sign-in';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The served OpenAPI document says exactly what the server accepts: requests generated from each
 * operation's request schema are never refused as malformed, VALIDATION_FAILED (other refusals
 * are fine: a record not found, a wrong password, and a rule no schema can state, answered as
 * 422 RULE_FAILED or 409 CONFLICT where the operation documents them), and requests the schema forbids (a required field left out, a
 * wrong type, a control character, a value out of range) are refused with the error envelope.
 * Seeded, so a failure reproduces; a few runs per operation keep the file under ~40 s.
 */

interface Parameter {
  $ref?: string;
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, unknown>;
}
interface Case {
  method: string;
  path: string;
  op: Operation;
}

/** A sign-in half done (a second factor to give) is a state a generated request cannot be in. */
const UNREACHABLE_SCHEMES = new Set(['twofaChallenge']);

const SEED = 22;
const RUNS = 4;

let t: TestApp;
let reseller: Agent;
let partner: Agent;
let anonymous: Agent;
let apiKey: string;
const cases: Case[] = [];
let nextAddress = 0;

beforeAll(async () => {
  t = await createTestApp();
  const document = (await t.app.inject({ url: '/rpc-api/openapi.json' })).json<{
    paths: Record<string, Record<string, Operation>>;
    components: { parameters?: Record<string, Parameter> };
  }>();
  componentParameters = document.components.parameters ?? {};
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      cases.push({ method: method.toUpperCase(), path, op });
    }
  }
  apiKey = await resellerApiKey(t.app, 'reseller@example.com', '10.22.0.1');
  reseller = await signedInAgent(t.app, 'reseller', 'reseller@example.com', { ip: '10.22.0.2' });
  partner = await signedInAgent(t.app, 'partner', 'partner@example.com', { ip: '10.22.0.3' });
  anonymous = new Agent(t.app, '10.22.0.4');
  await anonymous.csrf();
});
afterAll(async () => {
  await t.close();
});

const bodySchemaOf = (op: Operation) => op.requestBody?.content['application/json']?.schema;
let componentParameters: Record<string, Parameter> = {};
/** The operation's parameters, a shared one (`$ref`) read from the components. */
const allParametersOf = (op: Operation) =>
  (op.parameters ?? []).map((parameter) =>
    '$ref' in parameter
      ? (componentParameters[String(parameter.$ref).split('/').pop() ?? ''] ?? parameter)
      : parameter,
  );
const parametersOf = (op: Operation, where: Parameter['in']) =>
  allParametersOf(op).filter((parameter) => parameter.in === where);

/** The inputs of one request: body, query, path and header values. */
interface Input {
  body?: Record<string, unknown>;
  query: Record<string, unknown>;
  path: Record<string, unknown>;
  header: Record<string, unknown>;
}

function parametersArbitrary(op: Operation, where: Parameter['in']) {
  const parameters = parametersOf(op, where);
  return objectArbitrary({
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  });
}

function inputArbitrary(op: Operation): fc.Arbitrary<Input> {
  const body = bodySchemaOf(op);
  return fc.record({
    ...(body ? { body: arbitraryOf(body) as fc.Arbitrary<Record<string, unknown>> } : {}),
    query: parametersArbitrary(op, 'query'),
    path: parametersArbitrary(op, 'path'),
    header: parametersArbitrary(op, 'header'),
  });
}

/** Whom the operation's security asks for: the caller's cookies and headers. */
function credentialsOf(op: Operation): Record<string, string> | undefined {
  const schemes = new Set((op.security ?? []).flatMap((requirement) => Object.keys(requirement)));
  if ([...schemes].some((scheme) => UNREACHABLE_SCHEMES.has(scheme))) return undefined;
  if (schemes.has('apiKey')) return { 'x-api-key': apiKey };
  const agent = schemes.has('resellerSession')
    ? reseller
    : schemes.has('partnerSession')
      ? partner
      : anonymous;
  const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const xsrf = agent.cookies.get('XSRF-TOKEN');
  return { cookie, ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}) };
}

const asText = (value: unknown) =>
  typeof value === 'string' ? value : JSON.stringify(value) || String(value);

async function send({ method, path, op }: Case, input: Input): Promise<LightMyRequestResponse> {
  const url = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(asText(input.path[name])),
  );
  const query = new URLSearchParams(
    Object.entries(input.query).map(([name, value]) => [name, asText(value)]),
  ).toString();
  const headers: Record<string, string> = {
    ...credentialsOf(op),
    ...Object.fromEntries(Object.entries(input.header).map(([k, v]) => [k, asText(v)])),
  };
  if (input.body !== undefined) headers['content-type'] = 'application/json';
  // A fresh client address per request: the per-address rate limits stay out of the way.
  nextAddress += 1;
  const response = await t.app.inject({
    method: method as 'GET',
    url: query ? `${url}?${query}` : url,
    headers,
    remoteAddress: `10.23.${String(Math.floor(nextAddress / 250))}.${String(nextAddress % 250)}`,
    ...(input.body !== undefined ? { payload: JSON.stringify(input.body) } : {}),
  });
  await t.app.backgroundWork();
  return response;
}

/** Where a mutation applies: a field of the body or a parameter, with its schema. */
interface Field {
  part: 'body' | 'query' | 'header';
  name: string;
  schema: JsonSchema;
  required: boolean;
}

function fieldsOf(op: Operation): Field[] {
  const body = bodySchemaOf(op);
  const fromBody = Object.entries(body?.properties ?? {}).map(([name, schema]) => ({
    part: 'body' as const,
    name,
    schema,
    required: body?.required?.includes(name) ?? false,
  }));
  const fromParameters = allParametersOf(op)
    .filter((p): p is Parameter & { in: 'query' | 'header' } => p.in === 'query')
    .map((p) => ({ part: p.in, name: p.name, schema: p.schema, required: p.required ?? false }));
  return [...fromBody, ...fromParameters];
}

const types = (schema: JsonSchema) => [schema.type ?? []].flat();

/** The ways to break a valid request, each for the fields it applies to. */
const mutations: Record<string, { applies: (f: Field) => boolean; value: (f: Field) => unknown }> =
  {
    'leave out a required field': { applies: (f) => f.required, value: () => undefined },
    'send an object for a scalar': {
      applies: (f) => f.part === 'body' && !types(f.schema).some((x) => x === 'object'),
      value: () => ({ nested: 'value' }),
    },
    'put a control character in a string': {
      applies: (f) => types(f.schema).includes('string') && f.part !== 'header',
      value: () => 'ab\u0007c',
    },
    'go past the maximum': {
      applies: (f) => f.schema.maximum !== undefined || f.schema.maxLength !== undefined,
      value: (f) =>
        f.schema.maximum !== undefined
          ? f.schema.maximum + 1
          : 'a'.repeat((f.schema.maxLength ?? 0) + 1),
    },
    'pick a value outside the enum': {
      applies: (f) => f.schema.enum !== undefined,
      value: () => 'not-one-of-them',
    },
  };

function invalidArbitrary(op: Operation) {
  const choices = fieldsOf(op).flatMap((field) =>
    Object.entries(mutations)
      .filter(([, mutation]) => mutation.applies(field))
      .map(([name]) => ({ field, mutation: name })),
  );
  if (choices.length === 0) return undefined;
  return fc.tuple(inputArbitrary(op), fc.constantFrom(...choices)).map(([input, choice]) => {
    const { part, name } = choice.field;
    const target = part === 'body' ? (input.body ?? {}) : input[part];
    const value = mutations[choice.mutation]?.value(choice.field);
    const rest = Object.fromEntries(Object.entries(target).filter(([key]) => key !== name));
    const broken = value === undefined ? rest : { ...rest, [name]: value };
    if (part === 'body') input.body = broken;
    else input[part] = broken;
    return { input, broke: `${choice.mutation}: ${part} ${name}` };
  });
}

const testable = () =>
  cases.filter(
    ({ op }) =>
      !(op.operationId in skipped) &&
      credentialsOf(op) !== undefined &&
      (bodySchemaOf(op) !== undefined || (op.parameters ?? []).length > 0),
  );

const describeAnswer = (response: LightMyRequestResponse) =>
  `${String(response.statusCode)} ${response.body.slice(0, 300)}`;

describe('requests generated from the served OpenAPI document', () => {
  it('schema-valid requests are never refused as malformed', async () => {
    const failures: string[] = [];
    for (const item of testable()) {
      await fc
        .assert(
          fc.asyncProperty(inputArbitrary(item.op), async (input) => {
            const response = await send(item, input);
            const error =
              response.statusCode >= 400
                ? response.json<{ errors: { description: string }[] }>().errors[0]
                : undefined;
            // A rule no schema states (422 RULE_FAILED) or a value another record holds (409)
            // may refuse a valid request, when the operation documents that answer.
            const isRule =
              (response.statusCode === 422 && error?.description === 'RULE_FAILED') ||
              (response.statusCode === 409 && error?.description === 'CONFLICT');
            const refusedAsMalformed =
              response.statusCode >= 500 ||
              error?.description === 'VALIDATION_FAILED' ||
              (isRule && item.op.responses?.[String(response.statusCode)] === undefined);
            if (refusedAsMalformed) {
              failures.push(
                `${item.op.operationId} ${JSON.stringify(input)} -> ${describeAnswer(response)}`,
              );
            }
            return !refusedAsMalformed;
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        )
        .catch((error: unknown) => {
          // A property that threw (rather than returned false) has no entry yet.
          if (!failures.some((line) => line.startsWith(`${item.op.operationId} `))) {
            failures.push(`${item.op.operationId} threw ${String(error).slice(0, 300)}`);
          }
        });
    }
    expect(failures).toEqual([]);
  });

  it('schema-invalid requests are refused with the envelope', async () => {
    const failures: string[] = [];
    for (const item of testable()) {
      const invalid = invalidArbitrary(item.op);
      if (!invalid) continue;
      await fc
        .assert(
          fc.asyncProperty(invalid, async ({ input, broke }) => {
            const response = await send(item, input);
            const body = response.json<{ code?: number; status?: string }>();
            const refused =
              response.statusCode === 400 && body.code === 400 && body.status === 'ERROR';
            if (!refused) {
              failures.push(
                `${item.op.operationId} (${broke}) ${JSON.stringify(input)} -> ${describeAnswer(response)}`,
              );
            }
            return refused;
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        )
        .catch((error: unknown) => {
          // A property that threw (rather than returned false) has no entry yet.
          if (!failures.some((line) => line.startsWith(`${item.op.operationId} `))) {
            failures.push(`${item.op.operationId} threw ${String(error).slice(0, 300)}`);
          }
        });
    }
    expect(failures).toEqual([]);
  });

  it('leaves out only the operations listed, each with its reason', () => {
    const ids = new Set(cases.map(({ op }) => op.operationId));
    expect(Object.keys(skipped).filter((id) => !ids.has(id))).toEqual([]);
  });
});
