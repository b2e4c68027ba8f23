import fs from 'node:fs';
import { policy } from '../../src/domain/api/route-policy';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { operation } from '../plugins/openapi';

const here = path.dirname(fileURLToPath(import.meta.url));
// Bundled server: pages are copied next to main.js; from source they sit in server/pages.
const pagesDir = [path.join(here, 'pages'), path.join(here, '..', 'pages')].find((dir) =>
  fs.existsSync(path.join(dir, 'partner.html')),
);

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Pages the spec places outside the app base: the partner programme page and the old entry points. */
export function registerPageRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (!pagesDir) throw new Error('server/pages not found next to the server');
  const read = (name: string) => fs.readFileSync(path.join(pagesDir, name), 'utf8');
  const partnerHtml = read('partner.html').replaceAll(
    '{product}',
    escapeHtml(ctx.config.productName),
  );
  const partnerJs = read('partner.js');
  const partnerCss = read('partner.css');

  app.get('/partner/', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(partnerHtml),
  );
  app.get('/partner', (_request, reply) => reply.redirect('/partner/'));
  app.get('/partner/partner.js', (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/javascript; charset=utf-8')
      .send(partnerJs),
  );
  app.get('/partner/partner.css', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(partnerCss),
  );

  app.get('/rpcnew/signup', (_request, reply) => reply.redirect('/rpc-app/reseller/signup'));
  app.get('/rpcnew/login', (_request, reply) => reply.redirect('/rpc-app/reseller/login'));
  app.get(
    '/rpc-api/reseller/redirect/reseller_login',
    {
      config: policy.public,
      schema: {
        tags: ['session'],
        ...operation('redirectToResellerLogin', 'Go to the reseller sign-in page', {
          answer: 'redirect',
        }),
      },
    },
    (_request, reply) => reply.redirect('/rpc-app/reseller/login'),
  );
  app.get('/', (_request, reply) => reply.redirect('/rpc-app/'));
}
