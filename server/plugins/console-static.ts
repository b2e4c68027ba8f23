import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { consoleShells } from './console-preloads';

const BASE = '/rpc-app/';
/** Files that must be revalidated on every load so a new release is picked up. */
const REVALIDATE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

/**
 * Serves the built console under /rpc-app/. Hashed assets are immutable; the shell, the service
 * worker and the manifest are revalidated. Any other path under the base is a client-side route
 * and gets index.html, so every console route deep-links.
 */
export async function registerConsole(app: FastifyInstance, staticDir: string): Promise<void> {
  const indexFile = path.join(staticDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: BASE,
      index: false,
      wildcard: false,
      // The build writes .br and .gz copies (scripts/compress-build.mjs); the smallest the
      // browser accepts is sent, with Vary: Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const served = filePath.replace(/\.(br|gz)$/, '');
        const name = path.basename(served);
        const relative = path.relative(staticDir, served).split(path.sep).join('/');
        if (relative.startsWith('assets/')) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (REVALIDATE.has(name)) {
          res.header('cache-control', 'no-cache');
        } else {
          res.header('cache-control', 'public, max-age=3600');
        }
        if (name === 'sw.js') res.header('service-worker-allowed', BASE);
      },
    });
  }

  // The page for a route lists that route's chunks (console-preloads.ts).
  const shellFor = hasBuild ? consoleShells(staticDir, BASE) : undefined;
  const sendShell = (reply: FastifyReply, pathname: string) => {
    if (!shellFor) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The console has not been built yet: run `npm run build`.');
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(shellFor(pathname));
  };

  app.get('/rpc-app', (_request, reply) => reply.redirect(BASE));
  app.get(`${BASE}*`, (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    // A missing file with an extension is a real 404 (a stale asset), not a route: the one
    // not-found answer (a page for a browser's navigation, the envelope for the rest).
    if (/\.[a-z0-9]+$/i.test(rest) && !rest.endsWith('.html')) return reply.callNotFound();
    return sendShell(reply, `${BASE}${rest}`);
  });
}
