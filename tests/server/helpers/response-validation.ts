import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import type { FastifyInstance, FastifyReply, FastifyRequest, InjectOptions } from 'fastify';

/**
 * Every answer the server tests produce is held to the served OpenAPI document: its status must
 * be documented for the operation, a JSON body must match the documented schema, and a file
 * (CSV, PDF, HTML) must carry the documented media type. A mismatch fails the test whose request
 * produced it, naming the operation, the status and the first error.
 *
 * Ajv's 2020-12 build validates the bodies: an OpenAPI 3.1 schema is a JSON Schema 2020-12 one,
 * Ajv is the maintained validator the project already uses, and the document itself is linted
 * by Redocly (tests/server/openapi-document.test.ts), so no OpenAPI-specific validator is needed
 * to walk it. Formats are not checked (no format plugin is installed; zod's own checks hold them).
 */

interface MediaType {
  schema?: unknown;
}
interface Response {
  $ref?: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  responses?: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, Response> };
}

const PROBLEM_HEADER = 'x-test-openapi-problem';

export class ResponseChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: Document) {}

  private resolve(response: Response): Response {
    const name = response.$ref?.split('/').pop();
    return name ? (this.document.components?.responses?.[name] ?? response) : response;
  }

  /** The schema with the document's components as its own $defs, compiled once. */
  private validatorFor(key: string, schema: unknown): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      const text = JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/');
      validate = this.ajv.compile({
        ...(JSON.parse(text) as object),
        $defs: JSON.parse(
          JSON.stringify(this.document.components?.schemas ?? {}).replaceAll(
            '#/components/schemas/',
            '#/$defs/',
          ),
        ) as object,
      });
      this.compiled.set(key, validate);
    }
    return validate;
  }

  /** What is wrong with an answer, or undefined when the document describes it. */
  check(method: string, routeUrl: string, status: number, type: string, body: unknown) {
    const path = routeUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');
    const op = this.document.paths[path]?.[method.toLowerCase()];
    // A route the document leaves out (pages, the console, hidden calls) is not part of the API.
    if (!op) return undefined;
    const name = op.operationId ?? `${method} ${path}`;
    const documented =
      op.responses?.[String(status)] ?? op.responses?.[`${String(status)[0] ?? ''}XX`];
    if (!documented) {
      return `${name} answered ${String(status)}, a status its operation does not document (${Object.keys(op.responses ?? {}).join(', ')})`;
    }
    const content = this.resolve(documented).content;
    if (!content) return undefined;
    const mediaType = type.split(';')[0]?.trim().toLowerCase() ?? '';
    const media = content[mediaType];
    if (!media) {
      return `${name} ${String(status)} answered ${mediaType || 'no content type'}, documented: ${Object.keys(content).join(', ')}`;
    }
    if (mediaType !== 'application/json' || media.schema === undefined) return undefined;
    if (typeof body !== 'string') return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return `${name} ${String(status)}: the body is not JSON`;
    }
    const validate = this.validatorFor(`${name} ${String(status)}`, media.schema);
    if (validate(parsed)) return undefined;
    const first = validate.errors?.[0];
    return `${name} ${String(status)}: body${first?.instancePath ?? ''} ${first?.message ?? 'invalid'} ${JSON.stringify(first?.params ?? {})}`;
  }
}

/** Problems found in answers no `inject` reported: those sent over a real socket. */
const unreportedByApp = new WeakMap<FastifyInstance, string[]>();

/**
 * The problems of answers that went out over HTTP (a test that listens, as the generated client's
 * does): `inject` cannot throw for them, so the test app's `close` fails when any is left.
 */
export const answersOutsideDocument = (app: FastifyInstance): readonly string[] =>
  unreportedByApp.get(app) ?? [];

/**
 * Adds the check to a test app (before `ready`): an onSend hook marks an answer the document
 * does not describe, and `inject` (which the Agent and the tests call) throws for it. An answer
 * sent over a socket is kept in `answersOutsideDocument`.
 */
export function validateResponsesAgainstDocument(app: FastifyInstance): void {
  let checker: ResponseChecker | undefined;
  const checkerOf = () => (checker ??= new ResponseChecker(app.swagger() as unknown as Document));
  const unreported: string[] = [];
  unreportedByApp.set(app, unreported);

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const url = request.routeOptions.url;
    if (url === undefined) return payload;
    const problem = checkerOf().check(
      request.method,
      url,
      reply.statusCode,
      String(reply.getHeader('content-type') ?? ''),
      typeof payload === 'string' ? payload : undefined,
    );
    if (problem) {
      unreported.push(problem);
      void reply.header(PROBLEM_HEADER, encodeURIComponent(problem));
    }
    return payload;
  });

  const inject = app.inject.bind(app);
  const checked = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const problem = response.headers[PROBLEM_HEADER];
    if (typeof problem === 'string') {
      const text = decodeURIComponent(problem);
      unreported.splice(unreported.indexOf(text), 1);
      throw new Error(`Answer outside the OpenAPI document: ${text}`);
    }
    return response;
  };
  // Only the promise form with options is checked; the chained builder (`inject()`) is left as is.
  app.inject = ((options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined
      ? (inject as (...args: unknown[]) => unknown)(options, callback)
      : checked(options)) as typeof app.inject;
}
