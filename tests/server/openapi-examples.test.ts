import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedExamples } from '../../server/plugins/openapi-examples';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Issue 22, "request and response examples from the demo data": every operation of the served
 * document that answers JSON shows an answer, every one that takes a JSON body shows a request,
 * and every example is valid against the very schema it illustrates. A new operation fails here
 * until it has both: re-run scripts/openapi-examples/capture.ts (or give its schema an example).
 */

/**
 * Operations still without examples, each with its reason. Empty: any operation missing one
 * fails the test; one added here must say why.
 */
const WITHOUT_EXAMPLES: ReadonlyMap<string, string> = new Map<string, string>([]);

type Schema = Record<string, unknown>;
interface Media {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}
interface Operation {
  operationId: string;
  parameters?: { name: string; in: string; schema?: Schema; example?: unknown }[];
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, Schema> | undefined>;
}

let t: TestApp;
let doc: Document;
let operations: Operation[];
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ url: '/rpc-api/openapi.json' })).json<Document>();
  operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
});
afterAll(() => t.close());

/** The examples a media type shows: its own, its named ones, or its schema's. */
function examplesOf(media: Media): unknown[] {
  const schema = media.schema ?? {};
  return [
    media.example,
    ...Object.values(media.examples ?? {}).map((named) => named.value),
    schema.example,
    ...(Array.isArray(schema.examples) ? (schema.examples as unknown[]) : []),
  ].filter((value) => value !== undefined);
}

const okJson = (op: Operation): Media | undefined =>
  Object.entries(op.responses).find(([status]) => /^2\d\d$/.test(status))?.[1].content?.[
    'application/json'
  ];

/** The operations that lack what they should show, less the listed ones. */
function lacking(part: (op: Operation) => Media | undefined): string[] {
  return operations
    .filter((op) => {
      const media = part(op);
      return media !== undefined && examplesOf(media).length === 0;
    })
    .map((op) => op.operationId)
    .filter((id) => !WITHOUT_EXAMPLES.has(id));
}

describe('the OpenAPI document shows an example of every JSON request and answer', () => {
  it('every operation answering JSON has an answer example', () => {
    expect(operations.filter((op) => okJson(op)).length).toBeGreaterThan(120);
    expect(lacking(okJson)).toEqual([]);
  });

  it('every operation taking a JSON body has a request example', () => {
    const body = (op: Operation) => op.requestBody?.content?.['application/json'];
    expect(operations.filter((op) => body(op)).length).toBeGreaterThan(60);
    expect(lacking(body)).toEqual([]);
  });

  it('the list of operations without examples names only operations that still lack them', () => {
    const ids = new Set(operations.map((op) => op.operationId));
    for (const id of WITHOUT_EXAMPLES.keys()) expect(ids.has(id), id).toBe(true);
    const listed = operations.filter((op) => WITHOUT_EXAMPLES.has(op.operationId));
    const complete = listed.filter((op) => {
      const answer = okJson(op);
      return answer === undefined || examplesOf(answer).length > 0;
    });
    expect(complete.map((op) => op.operationId)).toEqual([]);
  });

  it('every recorded example belongs to an operation of the document', () => {
    const ids = new Set(operations.map((op) => op.operationId));
    expect(Object.keys(recordedExamples).filter((id) => !ids.has(id))).toEqual([]);
  });
});

describe('every example is valid against its own schema', () => {
  it('answers, request bodies and query parameters alike', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const invalid: string[] = [];
    let checked = 0;
    const check = (where: string, schema: Schema | undefined, examples: unknown[]) => {
      if (!schema) return;
      // The example is not part of the rule; $refs resolve from the document's components.
      const rule = Object.fromEntries(
        Object.entries(schema).filter(([key]) => key !== 'example' && key !== 'examples'),
      );
      const validate = ajv.compile({ ...rule, components: doc.components });
      for (const example of examples) {
        checked += 1;
        if (!validate(example)) invalid.push(`${where}: ${ajv.errorsText(validate.errors)}`);
      }
    };
    for (const op of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          check(`${op.operationId} ${status} ${type}`, media.schema, examplesOf(media));
        }
      }
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        check(`${op.operationId} body ${type}`, media.schema, examplesOf(media));
      }
      for (const parameter of op.parameters ?? []) {
        const examples = parameter.example === undefined ? [] : [parameter.example];
        check(`${op.operationId} ${parameter.name}`, parameter.schema, examples);
      }
    }
    expect(checked).toBeGreaterThan(200);
    expect(invalid).toEqual([]);
  });
});

describe('the examples are the demo data', () => {
  it("sign in as the demo reseller and partner, and read the demo account's records", () => {
    const request = (id: string) => recordedExamples[id]?.request;
    expect(request('signInReseller')).toMatchObject({ username: 'reseller@example.com' });
    expect(request('signInPartner')).toMatchObject({ username: 'partner@example.com' });
    const text = JSON.stringify(recordedExamples);
    for (const name of ['Acme Remote Services', 'demopartner', 'Northwind Consulting']) {
      expect(text).toContain(name);
    }
  });
});
