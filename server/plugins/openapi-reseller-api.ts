import { z } from 'zod';
import { IDEMPOTENCY_TTL_HOURS, idempotencyKeySchema } from '../../src/domain/api/idempotency';
import type { RoutePolicy } from '../../src/domain/api/route-policy';
import { takesIdempotencyKey } from './idempotency';
import type { ErrorStatus } from './openapi';

/**
 * What the OpenAPI document says about the reseller API beyond each call's schema: the
 * `Idempotency-Key` header on the calls the idempotency hook reads it on (with the 409 and 422 it
 * answers), and the RateLimit headers the route-policy hook puts on every answer of an API-key
 * route. Derived from the route's policy and method, the same predicates the hooks use.
 */

/** Where `openApiTransform` leaves these facts for `openApiTransformObject` (removed there). */
const MARK = 'x-rpc-reseller-api';

interface Mark {
  idempotent: boolean;
}

/** For `openApiTransform`: the errors to list and the mark to leave, from the route's policy. */
export function resellerApiFacts(
  policy: RoutePolicy | undefined,
  method: string,
): { errors: ErrorStatus[]; mark: Record<string, Mark> } {
  // route-policy.ts limits every api-key route with its RateLimit headers on (and no other).
  if (policy?.access !== 'api-key') return { errors: [], mark: {} };
  const idempotent = takesIdempotencyKey(method, policy);
  return {
    // A malformed key is a 400; a key still running a 409; a key reused with another request 422.
    errors: idempotent ? [400, 409, 422] : [],
    mark: { [MARK]: { idempotent } },
  };
}

const integer = { type: 'integer', minimum: 0 };

const headers = {
  'RateLimit-Limit': {
    description:
      'Calls allowed per window (120 a minute per client address), on every answer, refusals included.',
    schema: integer,
  },
  'RateLimit-Remaining': {
    description: 'Calls left in the current window.',
    schema: integer,
  },
  'RateLimit-Reset': {
    description: 'Seconds until the window resets.',
    schema: integer,
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: integer,
  },
  'Idempotent-Replayed': {
    description:
      'Present (`true`) when this is the stored answer of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

const headerRef = (name: keyof typeof headers) => ({ $ref: `#/components/headers/${name}` });
const rateLimitHeaders = {
  'RateLimit-Limit': headerRef('RateLimit-Limit'),
  'RateLimit-Remaining': headerRef('RateLimit-Remaining'),
  'RateLimit-Reset': headerRef('RateLimit-Reset'),
};

function idempotencyParameter() {
  const schema: Record<string, unknown> = z.toJSONSchema(idempotencyKeySchema, {
    target: 'draft-2020-12',
  });
  delete schema.$schema;
  return {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description: `A value you make up for this request (a UUID): a retry with the same key and the same request gets the first answer again (with Idempotent-Replayed: true) instead of doing the work twice, for ${String(IDEMPOTENCY_TTL_HOURS)} hours. The same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); while the first is still running a retry gets 409 IDEMPOTENCY_KEY_RUNNING with Retry-After.`,
    schema,
    example: '5f0c6a52-1d4b-4b7e-9a57-2f3c8e1d9b40',
  };
}

/** What an error response says more on the reseller API (its status → extra text). */
const more: Partial<Record<string, string>> = {
  '409':
    ' Or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_RUNNING): retry after Retry-After seconds.',
};

type Responses = Record<string, Record<string, unknown>>;
interface Operation {
  parameters?: unknown[];
  responses?: Responses;
  [MARK]?: Mark;
  [key: string]: unknown;
}
interface Document {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown> | undefined>;
}

/**
 * For `openApiTransformObject`, once the shared error responses exist: every answer of a marked
 * operation gets the RateLimit headers (its errors through `ResellerApi*` copies of the shared
 * responses, so the console's calls do not claim them), and a POST gets the Idempotency-Key
 * header parameter.
 */
export function describeResellerApi(document: Document): void {
  const components = (document.components ??= {});
  const shared = (components.responses ?? {}) as Responses;
  const copies: Responses = {};
  const copyOf = (name: string, status: string) => {
    const copyName = `ResellerApi${name}`;
    const base = shared[name];
    if (!base) return undefined;
    const retry =
      status === '429' || status === '409' ? { 'Retry-After': headerRef('Retry-After') } : {};
    copies[copyName] ??= {
      ...base,
      description: `${String(base.description)}${more[status] ?? ''}`,
      headers: { ...rateLimitHeaders, ...retry },
    };
    return `#/components/responses/${copyName}`;
  };
  let isUsed = false;
  for (const operations of Object.values(document.paths ?? {})) {
    for (const op of Object.values(operations)) {
      const mark = op[MARK];
      if (!mark) continue;
      delete op['x-rpc-reseller-api'];
      isUsed = true;
      // A parameter the API keeps only for v1's sake says so where clients look (see RESELLER-API.md).
      for (const parameter of (op.parameters ?? []) as Record<string, unknown>[]) {
        if ((parameter.schema as { deprecated?: boolean } | undefined)?.deprecated === true) {
          parameter.deprecated = true;
        }
      }
      if (mark.idempotent) {
        op.parameters = [
          ...(op.parameters ?? []),
          { $ref: '#/components/parameters/IdempotencyKey' },
        ];
      }
      const responses = (op.responses ??= {});
      for (const [status, response] of Object.entries(responses)) {
        const name = /^#\/components\/responses\/(\w+)$/.exec(
          typeof response.$ref === 'string' ? response.$ref : '',
        )?.[1];
        const ref = name ? copyOf(name, status) : undefined;
        if (ref) {
          responses[status] = { $ref: ref };
          continue;
        }
        const replayed =
          mark.idempotent && status.startsWith('2')
            ? { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') }
            : {};
        response.headers = {
          ...(response.headers as Record<string, unknown> | undefined),
          ...rateLimitHeaders,
          ...replayed,
        };
      }
    }
  }
  if (!isUsed) return;
  components.responses = { ...shared, ...copies };
  components.headers = { ...components.headers, ...headers };
  components.parameters = { ...components.parameters, IdempotencyKey: idempotencyParameter() };
}
