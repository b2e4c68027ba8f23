import type { ZodType } from 'zod';
import { API_BASE } from './api-base';
import { ApiError, clientErrorCodes, GENERIC_ERROR_TEXT, type ApiErrorDetail } from './api-error';
import { CSRF_HEADER, readCsrfToken } from './csrf';

export type HttpMethod = 'GET' | 'POST';

/** A call's payload: GET sends it as query parameters, POST as a form-encoded body. */
export type RequestParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

export interface RequestOptions<T> {
  /** Validates the success payload; a mismatch is reported as an unreadable answer. */
  schema?: ZodType<T>;
  signal?: AbortSignal;
}

function encode(params: RequestParams | undefined): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  return search;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Every well-formed item of the envelope's `errors` list. */
function errorDetails(errors: unknown): ApiErrorDetail[] {
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((item: unknown) =>
    isRecord(item) && typeof item.description === 'string' && typeof item.message === 'string'
      ? [
          {
            description: item.description,
            message: item.message,
            ...(typeof item.field === 'string' ? { field: item.field } : {}),
          },
        ]
      : [],
  );
}

/** Reads the failure envelope's first error, or a generic error when the body is not one. */
function toApiError(status: number, body: unknown): ApiError {
  const first: unknown = isRecord(body) && Array.isArray(body.errors) ? body.errors[0] : undefined;
  if (isRecord(first) && typeof first.description === 'string') {
    const message = typeof first.message === 'string' ? first.message : GENERIC_ERROR_TEXT;
    const field = typeof first.field === 'string' ? first.field : undefined;
    const details = isRecord(body) ? errorDetails(body.errors) : [];
    return new ApiError(status, first.description, message, field, details);
  }
  return new ApiError(status, clientErrorCodes.BAD_RESPONSE, GENERIC_ERROR_TEXT);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * GETs started before the first render (main.tsx), each taken by the first identical call within
 * EARLY_LIFETIME_MS: a signed-in screen's data then travels beside its code instead of after it.
 */
const early = new Map<string, { at: number; response: Promise<Response> }>();
const EARLY_LIFETIME_MS = 15_000;

export function startEarlyGet(path: string): void {
  const url = `${API_BASE}${path}`;
  const response = fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
  // A failure is the taker's to see; one nobody takes must not be reported as unhandled.
  response.catch(() => undefined);
  early.set(url, { at: Date.now(), response });
}

/** The early GET of `url` that a call made now would take, if any. */
function earlyFor(url: string) {
  const entry = early.get(url);
  return entry && Date.now() - entry.at < EARLY_LIFETIME_MS ? entry : undefined;
}

function takeEarly(url: string): Promise<Response> | undefined {
  const entry = earlyFor(url);
  early.delete(url);
  return entry?.response;
}

/** A call's address: the API base and path, with a GET's payload as its query. */
function urlOf(method: HttpMethod, path: string, payload: URLSearchParams): string {
  const query = method === 'GET' ? payload.toString() : '';
  return `${API_BASE}${path}${query ? `?${query}` : ''}`;
}

/**
 * When the request `send(method, path, params)` would answer with went out: the start of the
 * early GET it would take, else now. A refusal is judged by it (refresh-coordinator.ts): a
 * refresh that another tab finished after the early GET left, even before this screen asked,
 * already helps the retry, and a second refresh would only rotate the token again.
 */
export function sentTimeOf(method: HttpMethod, path: string, params?: RequestParams): number {
  const entry = method === 'GET' ? earlyFor(urlOf(method, path, encode(params))) : undefined;
  return entry?.at ?? Date.now();
}

/**
 * One HTTP exchange with the API: no retries, no session handling (api-client.ts adds those).
 * Resolves with the success envelope's `message`; rejects with an ApiError.
 */
export async function send<T>(
  method: HttpMethod,
  path: string,
  params: RequestParams | undefined,
  options: RequestOptions<T> = {},
): Promise<T> {
  const payload = encode(params);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [CSRF_HEADER]: readCsrfToken(),
  };
  const url = urlOf(method, path, payload);
  let body: URLSearchParams | undefined;
  if (method !== 'GET') {
    body = payload;
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  }

  let response: Response;
  try {
    response = await ((method === 'GET' ? takeEarly(url) : undefined) ??
      fetch(url, {
        method,
        credentials: 'include',
        headers,
        body,
        signal: options.signal,
      }));
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, clientErrorCodes.NETWORK_ERROR, GENERIC_ERROR_TEXT);
  }

  const json = await readJson(response);
  if (!response.ok || !isRecord(json) || json.status !== 'OK' || !('message' in json)) {
    throw toApiError(response.ok ? 500 : response.status, json);
  }
  if (!options.schema) return json.message as T;
  const parsed = options.schema.safeParse(json.message);
  if (!parsed.success) {
    console.warn(`Unexpected answer from ${path}`, parsed.error.issues);
    throw new ApiError(response.status, clientErrorCodes.BAD_RESPONSE, GENERIC_ERROR_TEXT);
  }
  return parsed.data;
}
