/**
 * What the server's log may never hold: credentials in headers, and the single-use secrets that
 * travel in URLs (reset and confirmation tokens, invitation ids, captcha sessions) because the
 * links in mails carry them. Pino's `redact` covers fixed paths; a query string is free text, so
 * the request serializer rewrites its secret parameters before the line is written.
 */

/** Query parameters whose values are secrets: any name with one of these words. */
const SECRET_PARAM = /token|unique_?id|key|code|otp|pass|secret|sig|session|state|nonce/i;
const CENSOR = '[REDACTED]';

/** A URL with the values of its secret query parameters replaced. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const params = new URLSearchParams(url.slice(mark + 1));
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAM.test(name)) params.set(name, CENSOR);
  }
  return `${url.slice(0, mark)}?${params.toString()}`;
}

/** The fields of a request the log keeps (Fastify hands its request to the serializer). */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Pino options for Fastify's logger: redacted headers and URLs, never a body. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        'req.body',
        'err.detail',
      ],
      censor: CENSOR,
    },
    serializers: {
      // Fastify's own fields (method, url, host, address), with the URL redacted.
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url ?? ''),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
