import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { isApiPath } from './route-policy';

/** Other origins serving the data-centre test images (DC_PROBE_URLS) the console times. */
function probeOrigins(config: Config): string[] {
  const origins = Object.values(config.dcProbeUrls)
    .filter((url) => /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin)
    .filter((origin) => origin !== config.publicOrigin);
  return [...new Set(origins)];
}

/** helmet's options: one policy for every answer (no per-request part, such as a nonce). */
function helmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...probeOrigins(config)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something over HTTPS; sending it on plain HTTP would be ignored or harmful.
    strictTransportSecurity: config.isHttps
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The headers helmet sets, read once from a stand-in response: the policy has no per-request
 * part, so every answer carries the same headers. helmet's own middleware is a chain of a dozen
 * functions, each calling Node's validating `setHeader`, on every request: 14 µs of a 127 µs
 * signed-in read (alternated runs, 2026-11-26); handing Fastify one object saves half of it.
 */
function securityHeaders(config: Config): Readonly<Record<string, string>> {
  // A real response that is never sent: helmet sets and removes its headers on it.
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let failure: unknown;
  helmet(helmetOptions(config))(response.req, response, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw new Error('helmet refused its options', { cause: failure });
  const headers = Object.entries(response.getHeaders()).map(([name, value]) => [
    name,
    Array.isArray(value) ? value.join(', ') : String(value),
  ]);
  return Object.freeze(Object.fromEntries(headers) as Record<string, string>);
}

/**
 * Security headers for every answer. Scripts only from this origin (no inline scripts anywhere);
 * inline styles are allowed because Mantine sets CSS variables through the style attribute.
 * helmet itself rather than @fastify/helmet: that wrapper builds helmet's middleware again on every
 * request (parsing the CSP each time); here it runs once (`securityHeaders`).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // API answers are per-user and must never be stored by a browser or a proxy. The route that
  // matched decides; an answer no route gave (a 404) is judged on the decoded path, so an
  // encoded spelling of an API path is treated as the API path it spells.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.routeOptions.url ?? decodedPath(request.url))) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}

/**
 * The API docs page's CSP (@fastify/swagger-ui's static policy) brought in line with the rest:
 * it may not be framed by anyone (it allows 'self', while X-Frame-Options says DENY), and it
 * only upgrades insecure requests over HTTPS (on a plain-HTTP install the upgrade would send
 * the page's own scripts to an https:// address that does not answer).
 */
export function docsContentSecurityPolicy(header: string, config: Config): string {
  const policy = header.replace("frame-ancestors 'self'", "frame-ancestors 'none'");
  return config.isHttps ? policy : policy.replace(/\s*upgrade-insecure-requests;?/, '');
}

/** The path of a raw URL with its percent-escapes decoded (the raw text where they are broken). */
function decodedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
