import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** Other origins serving the data-centre test images (DC_PROBE_URLS) the console times. */
function probeOrigins(config: Config): string[] {
  const origins = Object.values(config.dcProbeUrls)
    .filter((url) => /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin)
    .filter((origin) => origin !== config.publicOrigin);
  return [...new Set(origins)];
}

/**
 * Security headers for every answer. Scripts only from this origin (no inline scripts anywhere);
 * inline styles are allowed because Mantine sets CSS variables through the style attribute.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
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
  });

  // API answers are per-user and must never be stored by a browser or a proxy.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/rpc-api/') || request.url.startsWith('/reseller-api/')) {
      if (!request.url.startsWith('/rpc-api/docs')) reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
