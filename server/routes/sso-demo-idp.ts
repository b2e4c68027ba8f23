import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { hmac } from '../services/crypto';
import {
  DEMO_IDP_CLIENT_ID,
  DEMO_IDP_CLIENT_SECRET,
  DEMO_IDP_PATH,
} from '../services/sso/demo-account';
import { createDemoIdp } from '../services/sso/demo-idp';
import { lazyOnce } from '../services/lazy-once';
import { OIDC_CALLBACK_PATH } from '../services/sso/oidc';
import { DEMO_SSO_EMAIL } from '../db/seed/sign-in-cases';
import { DEMO_PASSWORD } from '../db/seed/demo';

/**
 * The demo identity provider, inside our server at /demo-idp, so `npm start` shows single
 * sign-on with no set-up. Only when the server runs with demo data (SEED_DEMO, the embedded
 * default): a deployment on PostgreSQL without SEED_DEMO never has it.
 */
export function registerDemoIdpRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (!ctx.config.seedDemo) return;
  const origin = ctx.config.publicOrigin;
  // Made on its first request (lazyOnce: the promise is kept, a failed one is not), so a server
  // that is never asked for the demo IdP never loads oidc-provider nor makes its signing key.
  const demoIdp = lazyOnce(() =>
    createDemoIdp({
      issuer: `${origin}${DEMO_IDP_PATH}`,
      mountPath: DEMO_IDP_PATH,
      cookieKey: hmac(ctx.secrets.token.current, 'demo-idp cookies'),
      clients: [
        {
          client_id: DEMO_IDP_CLIENT_ID,
          client_secret: DEMO_IDP_CLIENT_SECRET,
          redirect_uris: [`${origin}${OIDC_CALLBACK_PATH}`],
          post_logout_redirect_uris: [`${origin}/rpc-app/reseller/login`],
          response_types: ['code'],
          grant_types: ['authorization_code'],
        },
      ],
      accounts: [
        {
          sub: 'demo-sso-user',
          email: DEMO_SSO_EMAIL,
          password: DEMO_PASSWORD,
          emailVerified: true,
        },
      ],
    }),
  );
  // Not an API path: no route policy; the provider answers its own errors.
  app.route({
    // The provider's endpoints and sign-in page use GET and POST only.
    method: ['GET', 'POST'],
    url: `${DEMO_IDP_PATH}/*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      const provider = await demoIdp();
      // A hijacked reply skips Fastify's header writing: the security headers go on the raw
      // answer here, as they did when they were set on it for every request.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      await provider.handle(request.raw, reply.raw, request.body);
    },
  });
}
