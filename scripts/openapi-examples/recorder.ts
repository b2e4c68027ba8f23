import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Records, per operationId, the first successful call the capture makes: its JSON body (or query)
 * and its JSON answer. A form field arrives as a string; it is recorded with the type the
 * operation's schema gives it, so the example reads as a JSON client would send it.
 */

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
};
interface Parameter {
  name: string;
  in: string;
  schema?: Schema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
export interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown> };
}

export interface Example {
  request?: Record<string, unknown>;
  query?: Record<string, unknown>;
  response?: unknown;
}

/** At most this many items of a list: an example shows the shape, not the whole account. */
const LIST_ITEMS = 3;

const typesOf = (schema: Schema | undefined): string[] =>
  schema === undefined
    ? []
    : [schema.type ?? [], ...(schema.anyOf ?? []).map((branch) => branch.type ?? [])].flat();

/** A form value as the schema types it: a number, a boolean, or the string it was. */
function typed(value: string, schema: Schema | undefined): unknown {
  const types = typesOf(schema);
  if (types.includes('string')) return value;
  if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(value)) {
    return Number(value);
  }
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function trimmed(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, LIST_ITEMS).map(trimmed);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, trimmed(child)]));
  }
  return value;
}

export class Recorder {
  readonly examples = new Map<string, Example>();
  readonly problems: string[] = [];
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false });
  private readonly routes: { method: string; pattern: RegExp; op: Operation }[] = [];

  constructor(private readonly document: Document) {
    for (const [path, methods] of Object.entries(document.paths)) {
      const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      for (const [method, op] of Object.entries(methods)) {
        this.routes.push({ method: method.toUpperCase(), pattern, op });
      }
    }
  }

  private valid(schema: Schema | undefined, value: unknown): boolean {
    if (schema === undefined) return false;
    const validate = this.ajv.compile({ ...schema, components: this.document.components });
    return validate(value);
  }

  /** Wraps the app's `inject`, which every client of the capture goes through. */
  watch(app: FastifyInstance): void {
    const inject = app.inject.bind(app) as (
      options: InjectOptions,
    ) => Promise<LightMyRequestResponse>;
    app.inject = (async (options: InjectOptions) => {
      const response = await inject(options);
      this.record(options, response);
      return response;
    }) as unknown as typeof app.inject;
  }

  private record(options: InjectOptions, response: LightMyRequestResponse): void {
    const method = (options.method ?? 'GET').toUpperCase();
    // The capture's clients pass the URL as a string (with its query, or the query apart).
    const url = new URL(typeof options.url === 'string' ? options.url : '/', 'http://localhost');
    const route = this.routes.find((r) => r.method === method && r.pattern.test(url.pathname));
    if (!route || response.statusCode !== 200) return;
    const { op } = route;
    if (this.examples.has(op.operationId)) return;
    const example: Example = {};
    const answerSchema = op.responses['200']?.content?.['application/json']?.schema;
    if (answerSchema) {
      const answer: unknown = response.json();
      const short = trimmed(answer);
      example.response = this.valid(answerSchema, short) ? short : answer;
      if (!this.valid(answerSchema, example.response)) {
        this.problems.push(`${op.operationId}: the answer does not fit its schema`);
      }
    }
    const bodySchema = op.requestBody?.content['application/json']?.schema;
    if (bodySchema && typeof options.payload === 'string') {
      const form = Object.fromEntries(new URLSearchParams(options.payload));
      example.request = Object.fromEntries(
        Object.entries(form).map(([key, value]) => [
          key,
          typed(value, bodySchema.properties?.[key]),
        ]),
      );
      if (!this.valid(bodySchema, example.request)) {
        this.problems.push(`${op.operationId}: the request does not fit its schema`);
      }
    }
    const query = {
      ...Object.fromEntries(url.searchParams),
      ...(options.query as object),
    } as Record<string, string>;
    const parameters = (op.parameters ?? []).filter((p) => p.in === 'query');
    const known = Object.entries(query).filter(([key]) => parameters.some((p) => p.name === key));
    if (known.length > 0) {
      example.query = Object.fromEntries(
        known.map(([key, value]) => [
          key,
          typed(value, parameters.find((p) => p.name === key)?.schema),
        ]),
      );
    }
    this.examples.set(op.operationId, example);
  }
}
