import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import { errorEnvelopeSchema } from '../../src/domain/api/envelope';
import type { RoutePolicy } from '../../src/domain/api/route-policy';
import { TWOFA_COOKIE } from '../services/twofa/login';
import { accessCookie } from './cookies';
import { SAFE_METHODS } from './csrf';
import { isRateLimited } from './rate-limits';
import { attachExamples } from './openapi-examples';
import { describeResellerApi, resellerApiFacts } from './openapi-reseller-api';
import { isApiPath } from './route-policy';
import { zodDocumentTransform } from './openapi-schemas';

/**
 * The OpenAPI document's per-operation facts. A route states what only it knows beside its schema
 * (`...operation('listTeams', 'List the teams', { errors: [404] })`); what its policy, its input
 * schemas and its rate-limit hooks already say (401, 403, 400, 429, the security scheme) is
 * derived here, so the document cannot drift from what the server enforces.
 */

/** The error statuses a route can state itself (404 and 409 depend on what its service looks up). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429;

/** An answer other than the JSON envelope: its media type, or a redirect. */
export type Answer =
  | 'text/csv'
  | 'application/pdf'
  | 'image/png'
  | 'text/html'
  | 'application/samlmetadata+xml'
  | 'redirect';

declare module 'fastify' {
  interface FastifySchema {
    /** Error statuses the route's service answers beyond what its policy implies. */
    'x-errors'?: readonly ErrorStatus[];
    /** What a 200 carries when it is not the JSON envelope. */
    'x-answer'?: Answer;
  }
}

interface OperationOptions {
  /** A paragraph for behaviour a reader could not guess from the name. */
  description?: string;
  errors?: readonly ErrorStatus[];
  answer?: Answer;
}

/** The operation's name (verb-noun, stable: clients are generated from it) and one-line summary. */
export function operation(
  operationId: string,
  summary: string,
  { description, errors, answer }: OperationOptions = {},
): FastifySchema {
  return {
    operationId,
    summary,
    ...(description ? { description } : {}),
    ...(errors ? { 'x-errors': errors } : {}),
    ...(answer ? { 'x-answer': answer } : {}),
  };
}

/** Where the derived facts ride from `transform` to `transformObject` (removed there). */
const ERRORS_KEY = 'x-rpc-errors';
const ANSWER_KEY = 'x-rpc-answer';

const CSRF_EXEMPT = new Set(['/rpc-api/csrf']);

export const securitySchemes = {
  resellerSession: {
    type: 'apiKey',
    in: 'cookie',
    name: accessCookie('reseller'),
    description:
      'The reseller session, an HttpOnly cookie set by POST /rpc-api/reseller/user_signin (and renewed by its refresh-token call).',
  },
  partnerSession: {
    type: 'apiKey',
    in: 'cookie',
    name: accessCookie('partner'),
    description:
      'The partner session, an HttpOnly cookie set by POST /rpc-api/partner/user_signin.',
  },
  twofaChallenge: {
    type: 'apiKey',
    in: 'cookie',
    name: TWOFA_COOKIE,
    description:
      'A sign-in half done: set when the password was right and the account asks for a second factor.',
  },
  csrfToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-XSRF-TOKEN',
    description:
      'Every state-changing /rpc-api call echoes the XSRF-TOKEN cookie here (get one from POST /rpc-api/csrf; signing in binds a new one to the session).',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description:
      "The account's API key (API Keys tab of the account settings); `Authorization: Bearer <key>` works too. It acts as the account's administrator.",
  },
} as const;

type SecurityRequirement = Record<string, string[]>;

/** An identity provider's signed answer posted by the browser: no session, no CSRF token (csrf.ts). */
const fromIdp = (policy: RoutePolicy | undefined) => policy?.access === 'identity-provider';

/** Who may call, as OpenAPI security: from the route's policy, never stated twice. */
function securityOf(policy: RoutePolicy | undefined, method: string, url: string) {
  const needsCsrf = !SAFE_METHODS.has(method) && !CSRF_EXEMPT.has(url) && !fromIdp(policy);
  const csrf: SecurityRequirement = needsCsrf ? { csrfToken: [] } : {};
  const requirement = (scheme?: string): SecurityRequirement[] => {
    const all = { ...(scheme ? { [scheme]: [] } : {}), ...csrf };
    return Object.keys(all).length > 0 ? [all] : [];
  };
  switch (policy?.access) {
    case 'reseller':
      return requirement('resellerSession');
    case 'partner':
      return requirement('partnerSession');
    case 'twofa-challenge':
      return requirement('twofaChallenge');
    case 'api-key':
      // A server-to-server call carries no cookie and so needs no CSRF token (see csrf.ts).
      return [{ apiKey: [] }];
    default:
      return requirement();
  }
}

/** The errors the route-policy and CSRF hooks answer before the handler runs. */
function policyErrors(policy: RoutePolicy | undefined, method: string, url: string) {
  const errors: ErrorStatus[] = [];
  const stateChanging = !SAFE_METHODS.has(method) && !CSRF_EXEMPT.has(url) && !fromIdp(policy);
  switch (policy?.access) {
    case 'reseller':
      // Permission, a user cancelled while signed in, a support session's barred calls, CSRF.
      errors.push(401, 403);
      break;
    case 'partner':
    case 'twofa-challenge':
      errors.push(401);
      break;
    case 'api-key':
      // The key's rate limit counts before the key is checked.
      errors.push(401, 429);
      break;
  }
  if (stateChanging) errors.push(403);
  return errors;
}

const hooksOf = (route: RouteOptions) =>
  [route.onRequest, route.preValidation, route.preHandler].flat().filter((hook) => hook);

/** Refusals carry the envelope; a 5xx a route lists (readiness' 503) keeps its own schema. */
const ERROR_STATUS = /^4\d\d$/;

/**
 * The swagger `transform`: zod to JSON Schema (fastify-type-provider-zod), then the route's
 * security and error statuses. Pages and the console are not part of the API document.
 */
export const openApiTransform: SwaggerTransform = (input) => {
  const { url, route } = input;
  if (!isApiPath(url)) return { schema: { hide: true }, url };
  // A route without a schema (a redirect) still gets its security and errors.
  const transformed = zodDocumentTransform({ ...input, schema: { ...input.schema } });
  const schema = transformed.schema as Record<string, unknown> & FastifySchema;
  if (schema.hide) return transformed;

  const method = [route.method].flat()[0] ?? 'GET';
  const policy = route.config?.policy;
  const declared = schema['x-errors'] ?? [];
  const responses = Object.entries((schema.response ?? {}) as Record<string, unknown>);
  // Error statuses a route listed in its response schemas: the shared envelope replaces them.
  const listed = responses
    .filter(([status]) => ERROR_STATUS.test(status))
    .map(([status]) => Number(status) as ErrorStatus);
  const response = Object.fromEntries(responses.filter(([status]) => !ERROR_STATUS.test(status)));
  const hasInput = Boolean(schema.body ?? schema.querystring ?? schema.params);
  const resellerApi = resellerApiFacts(policy, method);
  const errors = new Set<ErrorStatus>([
    ...resellerApi.errors,
    // Input is checked against the schema; a query string or body any call is sent is checked for
    // control characters (plugins/control-chars.ts), so every call with a policy can answer 400.
    ...(hasInput || (policy !== undefined && route.config?.acceptsControlChars !== true)
      ? [400 as const]
      : []),
    // Any body over the server's limit is refused before the route sees it.
    ...(schema.body ? [413 as const] : []),
    ...policyErrors(policy, method, url),
    ...(hooksOf(route).some(isRateLimited) ? [429 as const] : []),
    ...declared,
    ...listed,
  ]);

  const answer = schema['x-answer'];
  const rest = Object.fromEntries(
    Object.entries(schema).filter(([key]) => key !== 'x-errors' && key !== 'x-answer'),
  );
  return {
    url,
    schema: {
      ...rest,
      ...(Object.keys(response).length > 0 ? { response } : {}),
      ...(schema.body && !schema.consumes
        ? { consumes: ['application/x-www-form-urlencoded', 'application/json'] }
        : {}),
      security: securityOf(policy, method, url),
      [ERRORS_KEY]: [...errors].sort(),
      ...resellerApi.mark,
      ...(answer ? { [ANSWER_KEY]: answer } : {}),
    } as FastifySchema,
  };
};

const errorResponses: Record<ErrorStatus, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description:
      'The request breaks its documented shape (VALIDATION_FAILED, naming the `field`), or the machine code of the refusal says why (INVALID_PASSWORD, say).',
  },
  401: {
    name: 'Unauthorized',
    description:
      'No valid session or API key (NOT_AUTHORIZED), or the session token expired (TOKEN_EXPIRED: refresh and retry).',
  },
  402: {
    name: 'PaymentRequired',
    description:
      'The card was declined (PAYMENT_DECLINED, with the reason to show): nothing was charged or changed.',
  },
  403: {
    name: 'Forbidden',
    description:
      "Refused: the caller's role lacks the permission (FORBIDDEN), or the X-XSRF-TOKEN header is missing or not bound to this session (CSRF_INVALID), or the rule named in the code forbids it.",
  },
  404: {
    name: 'NotFound',
    description: 'The record named in the request is not one of the caller’s (NOT_FOUND).',
  },
  409: {
    name: 'Conflict',
    description:
      'Another record already holds the value (an e-mail, a team or group name: CONFLICT, naming the `field`), or the action was already done.',
  },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than the server accepts.' },
  422: {
    name: 'UnprocessableContent',
    description:
      'The request has the documented shape but breaks a rule no schema can state (RULE_FAILED: a check across fields, against the account or a lookup, such as a VAT ID of the billing country or a ZIP code of the state; `message` says which, `field` where), or the Idempotency-Key was already used with a different request (IDEMPOTENCY_KEY_REUSED).',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many attempts (RATE_LIMITED): wait for Retry-After seconds.',
  },
};

const ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';

function errorEnvelopeJsonSchema() {
  const schema: Record<string, unknown> = z.toJSONSchema(errorEnvelopeSchema, {
    target: 'draft-2020-12',
  });
  // The document's dialect is OpenAPI 3.1's; a schema inside it names none.
  delete schema.$schema;
  return {
    ...schema,
    description:
      'Every refusal: `errors[0].description` is the machine code a client branches on, `message` the text to show, `field` the form field at fault.',
    examples: [
      {
        code: 400,
        status: 'ERROR',
        errors: [
          { description: 'VALIDATION_FAILED', message: 'Enter a valid email.', field: 'email' },
        ],
      },
    ],
  };
}

function errorResponseComponent(status: ErrorStatus) {
  return {
    description: errorResponses[status].description,
    ...(status === 429
      ? {
          headers: {
            'Retry-After': {
              description: 'Seconds until the limit lets the next attempt through.',
              schema: { type: 'integer' },
            },
          },
        }
      : {}),
    content: { 'application/json': { schema: { $ref: ENVELOPE_REF } } },
  };
}

const answerContent: Record<Exclude<Answer, 'redirect'>, Record<string, unknown>> = {
  'text/csv': { 'text/csv': { schema: { type: 'string' } } },
  'application/pdf': {
    'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
  },
  'image/png': { 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } },
  'text/html': { 'text/html': { schema: { type: 'string' } } },
  'application/samlmetadata+xml': {
    'application/samlmetadata+xml': { schema: { type: 'string' } },
  },
};

interface OpenApiOperation {
  responses?: Record<string, Record<string, unknown>>;
  [ERRORS_KEY]?: ErrorStatus[];
  [ANSWER_KEY]?: Answer;
  [key: string]: unknown;
}

interface OpenApiObject {
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: Record<string, Record<string, unknown> | undefined>;
  [key: string]: unknown;
}

/**
 * The swagger `transformObject`: the shared error envelope and one response component per error
 * status, referenced by every operation that can answer it; non-JSON answers get their media type.
 */
export const openApiTransformObject: SwaggerTransformObject = (documentObject) => {
  const document = ('openapiObject' in documentObject
    ? documentObject.openapiObject
    : documentObject.swaggerObject) as unknown as OpenApiObject;
  const used = new Set<ErrorStatus>();
  for (const operations of Object.values(document.paths ?? {})) {
    for (const op of Object.values(operations)) {
      const responses = (op.responses ??= {});
      const ok = responses['200'];
      if (ok?.description === 'Default Response') {
        ok.description = ok.content
          ? 'Done: the envelope `{code: 200, status: "OK", message}`.'
          : 'Done.';
      }
      const answer = op[ANSWER_KEY];
      if (answer === 'redirect') {
        delete responses['200'];
        responses['302'] = {
          description: 'A redirect to the page named in Location.',
          headers: { Location: { schema: { type: 'string' } } },
        };
      } else if (answer) {
        responses['200'] = { description: 'The file.', content: answerContent[answer] };
      }
      for (const status of op[ERRORS_KEY] ?? []) {
        used.add(status);
        responses[String(status)] = {
          $ref: `#/components/responses/${errorResponses[status].name}`,
        };
      }
      delete op['x-rpc-errors'];
      delete op['x-rpc-answer'];
    }
  }
  const components = (document.components ??= {});
  components.schemas = { ...components.schemas, ErrorEnvelope: errorEnvelopeJsonSchema() };
  components.responses = Object.fromEntries(
    [...used].sort().map((status) => [errorResponses[status].name, errorResponseComponent(status)]),
  );
  describeResellerApi(document);
  attachExamples(document);
  return document;
};
