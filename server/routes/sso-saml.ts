import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes } from '../../src/domain/api/envelope';
import { policy } from '../../src/domain/api/route-policy';
import { AppError } from '../app-error';
import type { AppContext } from '../context';
import { principalOf } from '../plugins/auth';
import { operation } from '../plugins/openapi';
import { ok, okSchema } from '../plugins/reply';
import { findAccountUser } from '../services/reseller-account/account';
import { completeSsoSignIn } from '../services/sso/complete-sign-in';
import { finishSsoFlow } from '../services/sso/finish-page';
import { consumeSamlResponse } from '../services/sso/saml/acs';
import { spEndpoints, spMetadataXml } from '../services/sso/saml/sp';
import { spKeys } from '../services/sso/saml/sp-keys';

/** What the admin pastes into the identity provider (the "Single sign-on" screen shows it). */
export const samlSpInfoSchema = z.object({
  entityId: z.string(),
  acsUrl: z.string(),
  sloUrl: z.string(),
  metadataUrl: z.string(),
  certificatePem: z.string(),
});

const accountParams = z.object({ accountId: z.string().min(1).max(64) });

/** The console as a SAML 2.0 service provider: its metadata, and the IdP's answers. */
export function registerSsoSamlRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['single sign-on'];

  api.get(
    '/rpc-api/reseller/sso/saml/sp',
    {
      config: policy.reseller('sso.manage'),
      schema: {
        tags,
        ...operation('getSamlServiceProvider', "This account's SAML service provider details", {
          description:
            "What the administrator gives the identity provider: the SP entity ID, the assertion consumer service (ACS) and single logout addresses, the SP metadata's address and the SP signing certificate (PEM).",
        }),
        response: { 200: okSchema(samlSpInfoSchema) },
      },
    },
    async (request) => {
      const user = await findAccountUser(ctx.db, principalOf(request).sub);
      if (!user) throw new AppError(errorCodes.NOT_AUTHORIZED, 'You must sign in to continue.');
      const keys = await spKeys(ctx.db, ctx.secrets.fieldKey);
      const endpoints = spEndpoints(ctx.config.publicOrigin, user.account_id);
      return ok({ ...endpoints, certificatePem: keys.certificatePem });
    },
  );

  api.get(
    '/rpc-api/sso/saml/:accountId/metadata.xml',
    {
      config: policy.public,
      schema: {
        tags,
        ...operation('getSamlServiceProviderMetadata', "An account's SAML SP metadata (XML)", {
          description:
            'The SAML 2.0 metadata of the account as a service provider (application/samlmetadata+xml): its entity ID is this address. Identity providers fetch it; it holds no secret.',
          errors: [404],
          answer: 'application/samlmetadata+xml',
        }),
        params: accountParams,
      },
    },
    async (request, reply) => {
      const account = await ctx.db
        .selectFrom('reseller_accounts')
        .select('id')
        .where('id', '=', request.params.accountId)
        .executeTakeFirst();
      if (!account) {
        throw new AppError(errorCodes.NOT_FOUND, 'The requested resource was not found.');
      }
      const xml = await spMetadataXml(ctx, account.id);
      return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
    },
  );

  api.post(
    '/rpc-api/sso/saml/:accountId/acs',
    {
      // The IdP's form POST: a cross-site request on which no CSRF token can exist. The signed
      // response, bound to an AuthnRequest this server issued, is its proof (route-policy.ts).
      config: policy.identityProvider,
      schema: {
        tags,
        ...operation('consumeSamlResponse', 'SAML assertion consumer service (ACS)', {
          description:
            "The identity provider posts its signed SAMLResponse here (HTTP-POST binding). Answers a small page that moves the browser on: to the console (signed in, or the two-factor step), to the admin's single sign-on screen (Test sign-in), or to the sign-in page with the catalogue's message. What failed goes to the server log only.",
          answer: 'text/html',
        }),
        params: accountParams,
        body: z.object({
          SAMLResponse: z.string().min(1).max(700_000),
          RelayState: z.string().max(2000).optional(),
        }),
      },
    },
    async (request, reply) =>
      finishSsoFlow(ctx, request, reply, async (state) => {
        const identity = await consumeSamlResponse(
          ctx,
          request.params.accountId,
          request.body.SAMLResponse,
          state,
        );
        return completeSsoSignIn(ctx, request, reply, identity);
      }),
  );

  api.get(
    '/rpc-api/sso/saml/:accountId/slo',
    {
      config: policy.public,
      schema: {
        tags,
        ...operation('finishSamlLogout', 'SAML single logout comes back', {
          description:
            "Where the identity provider sends the browser after single logout (HTTP-Redirect binding). The console's session ended before the browser left, so nothing is checked or changed here: it goes to the sign-in page.",
          answer: 'redirect',
        }),
        params: accountParams,
      },
    },
    (_request, reply) => reply.redirect('/rpc-app/reseller/login'),
  );
}
