import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exampleAccount,
  exampleComputerList,
  exampleGroupList,
  exampleInvitee,
  exampleUserList,
} from '../../src/domain/api/reseller-api-examples';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * The reseller API document's examples: every call has a request example (a body, or its
 * paging parameters) and an answer example, each valid against the very schema it illustrates
 * in the served document, and the names in them are the seeded demo data's.
 */

type Schema = Record<string, unknown>;
interface Operation {
  parameters?: { $ref?: string; name?: string; schema?: Schema; example?: unknown }[];
  requestBody?: { content: Record<string, { schema: Schema; example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: Schema; example?: unknown }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, Schema>>;
}

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ url: '/reseller-api/openapi.json' })).json<Document>();
});
afterAll(() => t.close());

/** An example and the schema it sits in (the example taken out: it is not part of the rule). */
interface Case {
  where: string;
  schema: Schema;
  example: unknown;
}

function casesOf(where: string, schema: Schema | undefined, outer?: unknown): Case[] {
  if (!schema) return [];
  const { example, examples, ...rule } = schema;
  const listed: unknown[] = Array.isArray(examples) ? (examples as unknown[]) : [];
  const found: unknown[] = [outer, example, ...listed];
  return found
    .filter((value) => value !== undefined)
    .map((value) => ({ where, schema: rule, example: value }));
}

function allCases(document: Document = doc): {
  cases: Case[];
  withRequest: Set<string>;
  withAnswer: Set<string>;
} {
  const cases: Case[] = [];
  const withRequest = new Set<string>();
  const withAnswer = new Set<string>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const name = `${method.toUpperCase()} ${path}`;
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        const found = casesOf(`${name} body (${type})`, media.schema, media.example);
        if (found.length > 0) withRequest.add(name);
        cases.push(...found);
      }
      for (const parameter of op.parameters ?? []) {
        const resolved = parameter.$ref
          ? (document.components.parameters?.[
              parameter.$ref.split('/').pop() ?? ''
            ] as typeof parameter)
          : parameter;
        const found = casesOf(
          `${name} ${String(resolved.name)}`,
          resolved.schema,
          resolved.example,
        );
        if (found.length > 0 && !parameter.$ref) withRequest.add(name);
        cases.push(...found);
      }
      for (const [status, response] of Object.entries(op.responses)) {
        for (const [type, media] of Object.entries(response.content ?? {})) {
          const found = casesOf(`${name} ${status} (${type})`, media.schema, media.example);
          if (found.length > 0 && status === '200') withAnswer.add(name);
          cases.push(...found);
        }
      }
    }
  }
  for (const [name, schema] of Object.entries(document.components.schemas ?? {})) {
    cases.push(...casesOf(`components.schemas.${name}`, schema));
  }
  return { cases, withRequest, withAnswer };
}

describe('the reseller API examples', () => {
  it('every call has an answer example, and every call with input a request example', () => {
    const { withRequest, withAnswer } = allCases();
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        name: `${method.toUpperCase()} ${path}`,
        op,
      })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(6);
    expect(operations.filter(({ name }) => !withAnswer.has(name)).map(({ name }) => name)).toEqual(
      [],
    );
    const withInput = operations.filter(
      ({ op }) => op.requestBody !== undefined || (op.parameters ?? []).some((p) => !p.$ref),
    );
    expect(withInput.filter(({ name }) => !withRequest.has(name)).map(({ name }) => name)).toEqual(
      [],
    );
  });

  /** The examples of a document that do not fit their schemas, as readable lines. */
  function invalidExamples(document: Document, cases: Case[]): string[] {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    const invalid: string[] = [];
    for (const { where, schema, example } of cases) {
      // $refs into the document's components resolve from the root the schema is compiled in.
      const validate = ajv.compile({ ...schema, components: document.components });
      if (!validate(example)) invalid.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    }
    return invalid;
  }

  it('every example is valid against its own schema', () => {
    const { cases } = allCases();
    expect(cases.length).toBeGreaterThan(12);
    expect(invalidExamples(doc, cases)).toEqual([]);
  });

  it("and so are the console's, on its most used calls (the users and computers lists, invite)", async () => {
    const full = (await t.app.inject({ url: '/rpc-api/openapi.json' })).json<Document>();
    const { cases, withAnswer, withRequest } = allCases(full);
    for (const name of [
      'GET /rpc-api/reseller/user/get',
      'POST /rpc-api/reseller/user/invite',
      'GET /rpc-api/reseller/computer/get',
    ]) {
      expect(withAnswer.has(name), name).toBe(true);
    }
    expect(withRequest.has('POST /rpc-api/reseller/user/invite')).toBe(true);
    expect(invalidExamples(full, cases)).toEqual([]);
  });

  it("names the seeded demo account's users, computers and groups", async () => {
    const account = await t.db
      .selectFrom('users')
      .select('account_id')
      .where('email', '=', 'reseller@example.com')
      .executeTakeFirstOrThrow();
    const emails = new Set(
      (
        await t.db
          .selectFrom('users')
          .select('email')
          .where('account_id', '=', account.account_id)
          .execute()
      ).map((row) => row.email),
    );
    const shown = exampleUserList.message.users.map((user) => user.email);
    expect(shown.filter((email) => !emails.has(email))).toEqual([]);
    expect(emails.has(exampleInvitee)).toBe(false);
    const computers = await t.db
      .selectFrom('computers')
      .select(['name', 'description'])
      .where('account_id', '=', account.account_id)
      .execute();
    for (const computer of exampleComputerList.message.computers) {
      expect(computers).toContainEqual({ name: computer.name, description: computer.description });
      if (computer.allottedTo) expect(emails.has(computer.allottedTo.email)).toBe(true);
    }
    const groups = await t.db
      .selectFrom('computer_groups')
      .select('name')
      .where('account_id', '=', account.account_id)
      .execute();
    expect(exampleGroupList.message.groups.map((group) => group.name).sort()).toEqual(
      groups.map((group) => group.name).sort(),
    );
    const company = await t.db
      .selectFrom('reseller_accounts')
      .select('company_name')
      .where('id', '=', account.account_id)
      .executeTakeFirstOrThrow();
    expect(exampleAccount.message.company_name).toBe(company.company_name);
  });
});
